#!/usr/bin/env python3
"""Independent perft of column checkers (Bashni, Lasca), written from the rule
text (../shared/RULES.md §3, §4; seed 000 §1, §2) without looking at the Rust
move generator: coordinates instead of bitboards, towers as Python tuples, a
board copied at every capture step.

Counting convention (RULES.md §3): each distinct (from-square, captured squares
in order, final square) counts once.

    python3 tests/data/gen_towers_perft.py lasca 9
    python3 tests/data/gen_towers_perft.py bashni 6
    python3 tests/data/gen_towers_perft.py bashni 4 'W:Wc1(1/0000),d6(000000):Ba1(110101/1),b2(00)'
    python3 tests/data/gen_towers_perft.py random bashni 5 40 7   # 5 FENs after 40 random plies, seed 7
"""
import sys

DIRS = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
RULES = {
    # size, men capture backward, kings fly, promotion mid-capture stops, re-jump
    "bashni": dict(n=8, backward=True, flying=True, stop=False, rejump=True),
    "lasca": dict(n=7, backward=False, flying=False, stop=True, rejump=False),
}


def on(n, s):
    return 0 <= s[0] < n and 0 <= s[1] < n


def add(s, d, k=1):
    return (s[0] + d[0] * k, s[1] + d[1] * k)


def initial(n):
    board = {}
    for r in range(n):
        for f in range(n):
            if (f + r) % 2 == 0:
                if r < 3:
                    board[(f, r)] = (("w", False),)
                elif r >= n - 3:
                    board[(f, r)] = (("b", False),)
    return board


def last_rank(n, color):
    return n - 1 if color == "w" else 0


def forward(color):
    return [(1, 1), (-1, 1)] if color == "w" else [(1, -1), (-1, -1)]


def target(R, b, at, d, king, turn, last, jumped):
    """The square jumped from `at` along `d` and the landing squares, or None."""
    n = R["n"]
    s = add(at, d)
    if king and R["flying"]:
        while on(n, s) and s not in b:
            s = add(s, d)
    if not on(n, s) or s not in b or b[s][0][0] == turn or s == last:
        return None
    if not R["rejump"] and s in jumped:
        return None
    lands = []
    t = add(s, d)
    while on(n, t) and t not in b:
        lands.append(t)
        if not (king and R["flying"]):
            break
        t = add(t, d)
    return (s, lands) if lands else None


def dirs_of(R, king, turn):
    return DIRS if king or R["backward"] else forward(turn)


def dfs(R, b, turn, start, at, king, caps, last, jumped, promoted, out):
    n = R["n"]
    found = False
    for d in dirs_of(R, king, turn):
        t = target(R, b, at, d, king, turn, last, jumped)
        if t is None:
            continue
        s, lands = t
        found = True
        nb = dict(b)
        rest = b[s][1:]
        if rest:
            nb[s] = rest
        else:
            del nb[s]
        if king:
            # must land where the capture can go on, if it can
            cont = [l for l in lands
                    if any(target(R, nb, l, e, True, turn, s, jumped | {s})
                           for e in DIRS)]
            for l in (cont or lands):
                if cont:
                    dfs(R, nb, turn, start, l, True, caps + (s,), s, jumped | {s}, promoted, out)
                else:
                    out[(start, caps + (s,), l)] = promoted
        else:
            l = lands[0]
            if l[1] == last_rank(n, turn):
                if R["stop"]:
                    out[(start, caps + (s,), l)] = True
                else:
                    dfs(R, nb, turn, start, l, True, caps + (s,), s, jumped | {s}, True, out)
            else:
                dfs(R, nb, turn, start, l, False, caps + (s,), s, jumped | {s}, False, out)
    if not found and caps:
        out[(start, caps, at)] = promoted


def moves(R, b, turn):
    out = {}
    for sq, st in b.items():
        if st[0][0] != turn:
            continue
        nb = dict(b)
        del nb[sq]
        dfs(R, nb, turn, sq, sq, st[0][1], (), None, frozenset(), False, out)
    if out:
        return out
    n = R["n"]
    for sq, st in b.items():
        if st[0][0] != turn:
            continue
        king = st[0][1]
        for d in (DIRS if king else forward(turn)):
            t = add(sq, d)
            while on(n, t) and t not in b:
                out[(sq, (), t)] = (not king) and t[1] == last_rank(n, turn)
                if not (king and R["flying"]):
                    break
                t = add(t, d)
    return out


def play(b, key, promoted):
    frm, caps, to = key
    nb = dict(b)
    mover = nb.pop(frm)
    for s in caps:
        top, rest = nb[s][0], nb[s][1:]
        if rest:
            nb[s] = rest
        else:
            del nb[s]
        mover = mover + (top,)
    if promoted:
        mover = ((mover[0][0], True),) + mover[1:]
    nb[to] = mover
    return nb


def perft(R, b, turn, depth):
    if depth == 0:
        return 1
    ms = moves(R, b, turn)
    if depth == 1:
        return len(ms)
    other = "b" if turn == "w" else "w"
    return sum(perft(R, play(b, k, p), other, depth - 1) for k, p in ms.items())


def read_fen(n, text):
    """Alphanumeric tower FEN: W:Wc1(1/0000),d6,Kd4:Bb2(00)."""
    fields = text.replace(" ", "").split(":")
    turn = fields[0].lower()
    b = {}
    for field in fields[1:]:
        color = field[0].lower()
        other = "b" if color == "w" else "w"
        for item in filter(None, field[1:].split(",")):
            king = item.startswith("K")
            item = item.lstrip("K")
            if "(" in item:
                name, comp = item.rstrip(")").split("(")
                own, _, pris = comp.partition("/")
                st = tuple((color, c == "1") for c in own) + tuple((other, c == "1") for c in pris)
            else:
                name, st = item, ((color, king),)
            b[(ord(name[0]) - 97, int(name[1:]) - 1)] = st
    return b, turn


def write_fen(b, turn):
    def item(sq, st):
        name = chr(97 + sq[0]) + str(sq[1] + 1)
        if len(st) == 1:
            return ("K" if st[0][1] else "") + name
        own = st[0][0]
        run = next((i for i, p in enumerate(st) if p[0] != own), len(st))
        comp = "".join("1" if p[1] else "0" for p in st[:run])
        if run < len(st):
            comp += "/" + "".join("1" if p[1] else "0" for p in st[run:])
        return name + "(" + comp + ")"
    lists = []
    for c in "wb":
        sqs = sorted((sq for sq, st in b.items() if st[0][0] == c))
        lists.append(c.upper() + ",".join(item(sq, b[sq]) for sq in sqs))
    return turn.upper() + ":" + ":".join(lists)


def random_positions(R, count, plies, seed):
    """FENs reached by random play (for cross-checking perft)."""
    import random
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        b, turn = initial(R["n"]), "w"
        for _ in range(plies):
            ms = moves(R, b, turn)
            if not ms:
                break
            k = rng.choice(sorted(ms))
            b = play(b, k, ms[k])
            turn = "b" if turn == "w" else "w"
        else:
            found.append(write_fen(b, turn))
    return found


def main():
    if sys.argv[1] == "random":
        R = RULES[sys.argv[2]]
        for fen in random_positions(R, int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])):
            print(fen)
        return
    variant, depth = sys.argv[1], int(sys.argv[2])
    R = RULES[variant]
    if len(sys.argv) > 3:
        b, turn = read_fen(R["n"], sys.argv[3])
    else:
        b, turn = initial(R["n"]), "w"
    for d in range(1, depth + 1):
        print(d, perft(R, b, turn, d), flush=True)


if __name__ == "__main__":
    main()
