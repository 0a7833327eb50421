#!/usr/bin/env python3
"""Generate russian-random.tsv: Russian-checkers positions with their exact legal move sets.

What it does
    Plays random games of Russian checkers from the initial position and also builds some random
    sparse positions (a few men and kings scattered on the board), and writes every sampled position
    with its full set of legal moves as computed by the MIT-licensed `pydraughts` package
    (variant 'russian'). The file is a differential test corpus for zaochka's move generator
    (RULES.md §2).

    Every position is also run through a small independent move generator written here
    (`ref_moves`, straight from RULES.md §2: flying kings, Turkish strike, mid-capture promotion,
    free choice, a king must land where the capture continues when it can). The two must agree on
    every position written; a position where they disagree is reported and left out (with pydraughts
    0.6.7 and this seed there is none).

Source and version
    pydraughts 0.6.7 (PyPI, MIT), installed with `pip install pydraughts==0.6.7` (its optional
    dependency msl-loadlib is only used to run Windows engines and is not needed).

Regenerate (from the repository root; under a minute on one core, plus about 90 s with --perft 6):
    python3 tests/data/gen_russian_vectors.py --seed 20240601 --out tests/data/russian-random.tsv
    (add --perft 6 to also check pydraughts' perft 1..6 against shared/cases/perft.txt; the three
    cases of shared/cases/rules-russian.tsv are always checked first). The output is deterministic.

Random seed: 20240601 (the default of --seed).

Output format (one position a line, '#' lines are comments):
    <fen>\t<moves>
    fen:   side to move W/B, then ':W' and ':B' lists of squares a1..h8, comma-separated, 'K' prefix for
           kings, sorted by square name, e.g. W:Wa1,c3,Ka7:Bb6,Kh8 (a list may be empty). a1 is dark,
           White men move towards rank 8.
    moves: every legal move, sorted by text, joined by '; '. Quiet move 'c3-d4'. Capture
           'from:land1:...:to {x,y,z}' with every landing square and the captured squares sorted.
           Capture sequences with the same from-square, final square and captured set are written
           once (the path written is the first such sequence in text order). '-' when there is none.

Square numbering of pydraughts' Russian variant: 1=a1, 2=c1, 3=e1, 4=g1, 5=b2, ... 32=h8 (row by row
from White's side); `num_to_alg` below, checked against pydraughts' own converter at start-up.
"""
import argparse
import importlib.metadata
import random
import sys
import time

from draughts import Board
from draughts.convert import _numeric_to_algebraic_square

FILES = "abcdefgh"
DIRS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


# --- squares and FEN --------------------------------------------------------------------------

def num_to_alg(n):
    """pydraughts Russian square number (1=a1 ... 32=h8) -> 'a1'..'h8'."""
    row = (n - 1) // 4
    col = ((n - 1) % 4) * 2 + (row % 2)
    return FILES[col] + str(row + 1)


def sq_key(name):
    return (name[0], int(name[1:]))


def parse_fen(fen):
    """'W:Wa1,Kc3:Bb6' -> ('W', {'a1': 'w', 'c3': 'W', 'b6': 'b'}) (upper case = king)."""
    turn, wpart, bpart = fen.split(":")
    pieces = {}
    for part, colour in ((wpart, "w"), (bpart, "b")):
        assert part[0] == colour.upper(), fen
        for tok in filter(None, part[1:].split(",")):
            king = tok[0] == "K"
            sq = tok[1:] if king else tok
            assert sq not in pieces, fen
            pieces[sq] = colour.upper() if king else colour
    return turn, pieces


def make_fen(turn, pieces):
    lists = {"w": [], "b": []}
    for sq in sorted(pieces, key=sq_key):
        p = pieces[sq]
        lists[p.lower()].append(("K" if p.isupper() else "") + sq)
    return f"{turn}:W{','.join(lists['w'])}:B{','.join(lists['b'])}"


def canonical(fen):
    return make_fen(*parse_fen(fen))


# --- move records -----------------------------------------------------------------------------
# A move is (from, (landing squares...), frozenset(captured squares)); a quiet move has no captures
# and one landing square.

def move_text(mv):
    frm, lands, caps = mv
    if not caps:
        return f"{frm}-{lands[0]}"
    return f"{frm}:{':'.join(lands)} {{{','.join(sorted(caps, key=sq_key))}}}"


def dedup(moves):
    """Keep one move per (from, to, captured set): the one whose text sorts first."""
    best = {}
    for mv in moves:
        key = (mv[0], mv[1][-1], mv[2])
        if key not in best or move_text(mv) < move_text(best[key]):
            best[key] = mv
    return sorted(best.values(), key=move_text)


def moves_field(moves):
    return "; ".join(move_text(m) for m in moves) if moves else "-"


# --- pydraughts side --------------------------------------------------------------------------

def pyd_board(fen):
    return Board(variant="russian", fen=fen)


def pyd_moves(board):
    """Legal moves of a pydraughts Board as (Move object, record) pairs."""
    out = []
    for m in board.legal_moves():
        steps = m.board_move  # [[from, land1], [land1, land2], ...] in pydraughts numbering
        frm = num_to_alg(steps[0][0])
        lands = tuple(num_to_alg(s[1]) for s in steps)
        caps = frozenset(num_to_alg(c) for c in m.captures) if m.captures else frozenset()
        assert len(caps) == (len(steps) if caps else 0)
        out.append((m, (frm, lands, caps)))
    return out


# --- independent reference generator (RULES.md §2) ----------------------------------------------

def coords(sq):
    return FILES.index(sq[0]), int(sq[1:]) - 1


def name(c, r):
    return FILES[c] + str(r + 1)


def ref_moves(turn, pieces):
    me = turn.lower()
    board = {coords(s): p for s, p in pieces.items()}
    fwd = 1 if me == "w" else -1
    last_row = 7 if me == "w" else 0

    def on(c, r):
        return 0 <= c < 8 and 0 <= r < 8

    def enemy(p):
        return p is not None and p.lower() != me

    def capture_steps(pos, king, taken):
        """[(captured square, [landing squares])] for one jump from pos; the mover is off the board."""
        res = []
        c0, r0 = pos
        for dc, dr in DIRS:
            c, r = c0 + dc, r0 + dr
            if king:
                while on(c, r) and board.get((c, r)) is None:
                    c, r = c + dc, r + dr
            if not on(c, r) or not enemy(board.get((c, r))) or (c, r) in taken:
                continue
            victim = (c, r)
            lands = []
            c, r = c + dc, r + dr
            while on(c, r) and board.get((c, r)) is None:  # captured pieces stay on (Turkish strike)
                lands.append((c, r))
                if not king:
                    break
                c, r = c + dc, r + dr
            if lands:
                res.append((victim, lands))
        return res

    results = []

    def extend(start, pos, king, taken, path):
        steps = capture_steps(pos, king, taken)
        if not steps:
            if taken:
                results.append((name(*start), tuple(name(*p) for p in path),
                                frozenset(name(*t) for t in taken)))
            return
        for victim, lands in steps:
            opts = []
            for land in lands:
                k2 = king or land[1] == last_row  # promotion at once, also mid-capture
                opts.append((land, k2, bool(capture_steps(land, k2, taken + [victim]))))
            if any(cont for _, _, cont in opts):  # must land where the capture continues
                opts = [o for o in opts if o[2]]
            for land, k2, _ in opts:
                extend(start, land, k2, taken + [victim], path + [land])

    mine = [(pos, p) for pos, p in board.items() if p.lower() == me]
    for pos, p in mine:
        del board[pos]
        extend(pos, pos, p.isupper(), [], [])
        board[pos] = p
    if results:
        return dedup(results)
    for (c0, r0), p in mine:
        king = p.isupper()
        for dc, dr in DIRS:
            if not king and dr != fwd:
                continue
            c, r = c0 + dc, r0 + dr
            while on(c, r) and board.get((c, r)) is None:
                results.append((name(c0, r0), (name(c, r),), frozenset()))
                if not king:
                    break
                c, r = c + dc, r + dr
    return dedup(results)


# --- classification ---------------------------------------------------------------------------

def mid_promotion(mv, pieces, turn):
    """A man's capture that reaches the last row before its final landing (continues as a king)."""
    frm, lands, caps = mv
    if not caps or pieces[frm].isupper():
        return False
    last = "8" if turn == "W" else "1"
    return any(sq[1] == last for sq in lands[:-1])


def classify(fen, moves):
    turn, pieces = parse_fen(fen)
    return {
        "kings": any(p.isupper() for p in pieces.values()),
        "multi": any(len(m[2]) >= 2 for m in moves),
        "midpromo": any(mid_promotion(m, pieces, turn) for m in moves),
        "nomoves": not moves,
    }


# --- position sources -------------------------------------------------------------------------

def random_games(rng, n_games, max_plies):
    """Yield (fen, deduplicated pydraughts moves) along random games from the initial position."""
    fen = canonical(Board(variant="russian").fen)
    for _ in range(n_games):
        cur = fen
        for _ in range(max_plies):
            board = pyd_board(cur)
            pm = pyd_moves(board)
            yield cur, board, pm
            if not pm:
                break
            m, _ = rng.choice(pm)
            board.push(m)
            cur = canonical(board.fen)


def random_sparse(rng):
    """A random legal-looking sparse position: 1-6 pieces a side, men never on their last row."""
    dark = [name(c, r) for r in range(8) for c in range(8) if (c + r) % 2 == 0]
    while True:
        n_w, n_b = rng.randint(1, 6), rng.randint(1, 6)
        squares = rng.sample(dark, n_w + n_b)
        pieces = {}
        for i, sq in enumerate(squares):
            colour = "w" if i < n_w else "b"
            king = rng.random() < 0.35
            if not king and sq[1] == ("8" if colour == "w" else "1"):
                king = True  # a man cannot stand on its own promotion row
            pieces[sq] = colour.upper() if king else colour
        return make_fen(rng.choice("WB"), pieces)


def promo_setup(rng):
    """A sparse position built around a man that can capture onto its last row (for mid-capture
    promotions): the man two rows before the last row with an enemy in front of it, plus random
    pieces. Whether a mid-capture promotion is actually legal there is decided by pydraughts."""
    while True:
        turn = rng.choice("WB")
        fwd, last = (1, 7) if turn == "W" else (-1, 0)
        c, r = rng.randrange(8), last - 2 * fwd
        if (c + r) % 2:
            continue
        dc = rng.choice((-1, 1))
        if not 0 <= c + 2 * dc < 8:
            continue
        me, you = turn.lower(), "b" if turn == "W" else "w"
        pieces = {name(c, r): me, name(c + dc, r + fwd): you}
        dark = [name(x, y) for y in range(8) for x in range(8) if (x + y) % 2 == 0]
        for _ in range(rng.randint(2, 7)):
            sq = rng.choice(dark)
            if sq in pieces or sq == name(c + 2 * dc, last):
                continue
            colour = you if rng.random() < 0.7 else me
            king = rng.random() < 0.25 or sq[1] == ("8" if colour == "w" else "1")
            pieces[sq] = colour.upper() if king else colour
        return make_fen(turn, pieces)


# --- checks -----------------------------------------------------------------------------------

def perft(fen, depth):
    """Leaf count, capture sequences with the same (from, to, captured set) counted once."""
    board = pyd_board(fen)
    seen = {}
    for m, rec in pyd_moves(board):
        seen.setdefault((rec[0], rec[1][-1], rec[2]), m)
    if depth == 1:
        return len(seen)
    total = 0
    for m in seen.values():
        child = pyd_board(fen)
        child.push(m)
        total += perft(canonical(child.fen), depth - 1)
    return total


PERFT_RUSSIAN = [7, 49, 302, 1469, 7482, 37986]  # shared/cases/perft.txt

RULES_CASES = [  # shared/cases/rules-russian.tsv
    ("W:Wh6:Bg7,c5,d2", "h6:f8:b4:e1 {c5,d2,g7}"),
    ("W:Wc3:Bd4,b6", "c3:e5 {d4}"),
    ("W:WKa1:Bd4,f6", "a1:e5:g7 {d4,f6}; a1:e5:h8 {d4,f6}"),
]


def self_checks():
    for n in range(1, 33):
        assert num_to_alg(n) == _numeric_to_algebraic_square(str(n), 4), n
    for fen, want in RULES_CASES:
        got = moves_field(dedup([r for _, r in pyd_moves(pyd_board(fen))]))
        ref = moves_field(ref_moves(*parse_fen(fen)))
        status = "ok" if got == want == ref else "MISMATCH"
        print(f"rules case {fen}: pydraughts '{got}' ref '{ref}' {status}", file=sys.stderr)
        assert got == want == ref


# --- main -------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=20240601)
    ap.add_argument("--out", default="tests/data/russian-random.tsv")
    ap.add_argument("--games", type=int, default=150, help="random games from the initial position")
    ap.add_argument("--max-plies", type=int, default=160)
    ap.add_argument("--sparse", type=int, default=1000, help="random sparse positions")
    ap.add_argument("--promo", type=int, default=900, help="random positions built for promotions")
    ap.add_argument("--perft", type=int, default=0, help="also check pydraughts perft 1..N (N<=6)")
    args = ap.parse_args()
    t0 = time.time()
    version = importlib.metadata.version("pydraughts")

    self_checks()
    if args.perft:
        start = canonical(Board(variant="russian").fen)
        for d in range(1, args.perft + 1):
            n = perft(start, d)
            print(f"perft {d}: {n} (expected {PERFT_RUSSIAN[d - 1]})", file=sys.stderr)
            assert n == PERFT_RUSSIAN[d - 1]

    rng = random.Random(args.seed)
    rows = {}  # fen -> (moves, source)
    mismatches = []

    def add(fen, pm, source):
        if fen in rows:
            return
        moves = dedup([r for _, r in pm])
        ref = ref_moves(*parse_fen(fen))
        if moves_field(moves) != moves_field(ref):
            mismatches.append((fen, moves_field(moves), moves_field(ref)))
            return
        rows[fen] = (moves, source)

    for fen, _, pm in random_games(rng, args.games, args.max_plies):
        add(fen, pm, "game")
    for _ in range(args.sparse):
        fen = random_sparse(rng)
        add(fen, pyd_moves(pyd_board(fen)), "sparse")
    for _ in range(args.promo):
        fen = promo_setup(rng)
        add(fen, pyd_moves(pyd_board(fen)), "promo")

    counts = {"kings": 0, "multi": 0, "midpromo": 0, "nomoves": 0}
    by_source = {}
    for fen, (moves, source) in rows.items():
        by_source[source] = by_source.get(source, 0) + 1
        for k, v in classify(fen, moves).items():
            counts[k] += v

    with open(args.out, "w", newline="\n") as f:
        f.write("# Russian checkers positions with their exact legal move sets (RULES.md §2).\n")
        f.write(f"# source: pydraughts {version} (PyPI, MIT), variant 'russian', cross-checked against "
                "an independent generator in gen_russian_vectors.py\n")
        f.write(f"# generated by: python3 tests/data/gen_russian_vectors.py --seed {args.seed} "
                f"--out tests/data/russian-random.tsv (seed {args.seed})\n")
        f.write(f"# positions: {len(rows)} (random games from the initial position: {by_source.get('game', 0)}, "
                f"random sparse setups: {by_source.get('sparse', 0)}, "
                f"sparse setups built around a capture onto the last row: {by_source.get('promo', 0)})\n")
        f.write(f"# with kings on the board: {counts['kings']}; with a legal capture of 2+ pieces: "
                f"{counts['multi']}; with a legal mid-capture promotion (a man reaches the last row and "
                f"captures on as a king): {counts['midpromo']}; with no legal move: {counts['nomoves']}\n")
        f.write(f"# positions where pydraughts and the independent generator disagree (left out): "
                f"{len(mismatches)}\n")
        f.write("# fen: side to move, :W list, :B list, K = king, a1 dark, White men move up. moves: sorted, "
                "'; '-separated; quiet 'c3-d4'; capture 'from:land:...:to {captured}'; one sequence per "
                "(from, to, captured set); '-' = no legal move\n")
        f.write("# fen\tmoves\n")
        for fen, (moves, _) in rows.items():
            f.write(f"{fen}\t{moves_field(moves)}\n")

    print(f"wrote {len(rows)} positions to {args.out} in {time.time() - t0:.0f}s; by source {by_source}; "
          f"{counts}; mismatches {len(mismatches)}", file=sys.stderr)
    for fen, got, ref in mismatches[:20]:
        print(f"MISMATCH {fen}\n  pydraughts: {got}\n  reference:  {ref}", file=sys.stderr)
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
