//! The acceptance of tournaments by mail: tournaments played entirely through the
//! daemon (Maildir inbox, files outbox, a real SQLite file), every player's
//! step a "Reply" on the bot's last mail about the game.
//!
//! - `a_double_round_robin_and_a_micro_match_tournament_played_by_mail`:
//!   acceptance items (a) and (b). Two tournaments in one installation, all
//!   their games played by scripted mails: wins by resignation, draws by
//!   agreement (an offer with a move, then accepted), a loss on time (the
//!   scheduler's tick), a forfeit (`referee forfeit`), a withdrawal after 3
//!   games (`tournament withdraw`, FIDE policy). The final standings
//!   (`tournament standings NAME --json`) and the crosstable mail carry the
//!   figures worked out by hand below. Berger colours and game labels
//!   ("3-4") of the double round robin; the micro-matches' balloted openings
//!   (same opening and ballot code in both games, colours swapped, the code in
//!   the mails and the PDN tags). `standings` / `таблица` / `crosstable` mails
//!   get the crosstable in the player's language and in monospace; a player
//!   outside the tournament gets a polite refusal.
//! - `the_playing_period_ends_with_two_unfinished_games`: item (c). One game
//!   settled by matching claims, one adjudicated by the director
//!   (`tournament adjudications`, `referee adjudicate`); both players told.
//!
//! - `the_crosstable_checks_pass_a_table_written_as_asked_and_fail_a_proportional_one`:
//!   the checks of the crosstable mail themselves, on a table written by hand.
//!
//! Time: the daemon keeps the real clock (`serve` reads no `--now`), and a
//! move by mail is received "now". Tournaments are made and started two days
//! back (`ZAOCHKA_NOW` on the director's commands, as tests/it/games_by_mail/conversation.rs
//! starts its games), with 10 days per move: nobody's time is short, and no
//! reminder is due while the test runs. For the loss on time the director
//! takes 11 days off the silent side's clock (`referee add-days GAME SIDE
//! -11`): his deadline then lies in the past, and the next cycle's clock tick
//! (the scheduler, with the tournament's `--on-timeout lose`) ends the game.
//! The playing period is ended by the director (`tournament end-period`).
//!
//! A tie-break code the bot refuses at `tournament new` is a failure; the
//! tournament is then made without it, and the rest is checked all the same.
//!
//! # The double round robin "Кубок-2027" (6 players, Russian checkers)
//!
//! Numbers given by the director (`tournament draw --numbers`):
//! 1 Алексеев (ru), 2 Baker (en), 3 Волкова (ru), 4 Dixon (en), 5 Егоров (ru),
//! 6 Fischer (en). Tie-breaks in the order WIN, SB, DE, KS, BH, BPG; scoring
//! 1/½/0; withdrawals by FIDE's rule.
//!
//! Berger table for 6 (first number White), first cycle with its last two
//! rounds swapped (FIDE's note), second cycle the first with colours reversed:
//!
//! | round | board 1 | board 2 | board 3 |
//! |---|---|---|---|
//! | 1 | 1-6 | 2-5 | 3-4 |
//! | 2 | 6-4 | 5-3 | 1-2 |
//! | 3 | 2-6 | 3-1 | 4-5 |
//! | 4 | 3-6 | 4-2 | 5-1 |   (the table's round 5)
//! | 5 | 6-5 | 1-4 | 2-3 |   (the table's round 4)
//! | 6 | 6-1 | 5-2 | 4-3 |
//! | 7 | 4-6 | 3-5 | 2-1 |
//! | 8 | 6-2 | 1-3 | 5-4 |
//! | 9 | 5-6 | 4-1 | 3-2 |
//! | 10 | 6-3 | 2-4 | 1-5 |
//!
//! Every ordered pair occurs once, so a label names one game. Player 1's
//! colours: W W B B W B B W B W (never three alike in a row).
//!
//! The games and how they end (moves: the quiet line `common::tournament::LINE`,
//! 1. cd4 fg5 2. bc3 gf6 3. gh4 hg7 4. ab2 ba5, as far as the plan goes):
//!
//! | game | plies | end | result |
//! |---|---|---|---|
//! | 1-6 | 3 | Fischer resigns | 1-0 |
//! | 2-5 | 5 | Егоров resigns | 1-0 |
//! | 3-4 | 1 | Dixon resigns | 1-0 |
//! | 6-4 | 3 | Fischer offers with 2. bc3, Dixon accepts | ½-½ |
//! | 5-3 | 1 | Егоров offers with 1. cd4, Волкова accepts | ½-½ |
//! | 1-2 | 5 | Алексеев offers with 3. gh4, Baker accepts | ½-½ |
//! | 2-6 | 4 | Baker resigns | 0-1 |
//! | 3-1 | 3 | Алексеев resigns | 1-0 |
//! | 4-5 | 1 | Егоров resigns | 1-0 |
//! | 4-2 | 2 | Dixon resigns | 0-1 |
//! | 5-1 | 4 | Егоров resigns | 0-1 |
//! | 1-4 | 5 | Dixon resigns | 1-0 |
//! | 2-3 | 3 | Волкова resigns | 1-0 |
//! | 5-2 | 1 | Baker resigns | 1-0 |
//! | 4-3 | 2 | the director forfeits Dixon (White) | 0-1 by forfeit (−/+) |
//! | 3-5 | 3 | Волкова offers with 2. bc3, Егоров accepts | ½-½ |
//! | 2-1 | 4 | Алексеев offers with 2... gf6, Baker accepts | ½-½ |
//! | 1-3 | 2 | Волкова offers with 1... fg5, Алексеев accepts | ½-½ |
//! | 5-4 | 2 | Егоров resigns | 0-1 |
//! | 4-1 | 2 | Dixon (White, to move) is silent and loses on time | 0-1 |
//! | 3-2 | 6 | Baker offers with 3... hg7, Волкова accepts | ½-½ |
//! | 2-4 | 1 | Dixon resigns | 1-0 |
//! | 1-5 | 7 | Егоров resigns | 1-0 |
//! | 3-6, 6-5, 6-1, 4-6, 6-2, 5-6, 6-3 | 0-4 | running when Fischer withdraws | lost by Fischer by forfeit |
//!
//! Fischer finishes 3 games (1-6 lost, 6-4 drawn, 2-6 won), then withdraws:
//! 3 of his 10 games, fewer than half. `tournament withdraw` forfeits his
//! seven unfinished games; by FIDE's rule all his results (the three played
//! and the seven forfeits) are removed from the standings (they stay in the
//! crosstable, marked). The
//! standings are those of the five others, 20 games, 20 points.
//!
//! Crosstable (points of the row player against the column player over their
//! two games; a forfeit counts as a win, "+"):
//!
//! |   | 1 | 2 | 3 | 4 | 5 | points |
//! |---|---|---|---|---|---|---|
//! | 1 Алексеев | × | ½ ½ = 1 | 0 ½ = ½ | 1 1 = 2 | 1 1 = 2 | 5½ |
//! | 2 Baker | ½ ½ = 1 | × | 1 ½ = 1½ | 1 1 = 2 | 1 0 = 1 | 5½ |
//! | 3 Волкова | 1 ½ = 1½ | 0 ½ = ½ | × | 1 + = 2 | ½ ½ = 1 | 5 |
//! | 4 Dixon | 0 0 = 0 | 0 0 = 0 | 0 − = 0 | × | 1 1 = 2 | 2 |
//! | 5 Егоров | 0 0 = 0 | 0 1 = 1 | ½ ½ = 1 | 0 0 = 0 | × | 2 |
//!
//! Sum 5½ + 5½ + 5 + 2 + 2 = 20 = the 20 games. (Fischer's row: 0 against
//! 1, ½ against 4, 1 against 2: removed.)
//!
//! WIN (wins, the forfeit win included): 1: 1-4, 4-1, 5-1, 1-5 = 4;
//! 2: 2-3, 4-2, 2-4, 2-5 = 4; 3: 3-1, 3-4, 4-3(+) = 3; 4: 4-5, 5-4 = 2;
//! 5: 5-2 = 1.
//!
//! SB = Σ s_ij · S_j over both games of each pair:
//! - 1: 1·5½ + ½·5 + 2·2 + 2·2 = 5½ + 2½ + 4 + 4 = 16
//! - 2: 1·5½ + 1½·5 + 2·2 + 1·2 = 5½ + 7½ + 4 + 2 = 19
//! - 3: 1½·5½ + ½·5½ + 2·2 + 1·2 = 8¼ + 2¾ + 4 + 2 = 17
//! - 4: 0 + 0 + 0 + 2·2 = 4
//! - 5: 0 + 1·5½ + 1·5 + 0 = 10½
//!
//! DE (direct encounter): the points among the players still tied when DE's
//! turn comes (TOURNAMENTS.md: "each tie-break applies only while the tie
//! persists"). Its turn comes after WIN and SB: 1 and 2 (5½, 4 wins) are split
//! by SB already, 4 and 5 (2) by WIN, 3 is alone at 5: nobody is tied at DE,
//! so DE is 0 for all (the crosstable leaves it blank). (Among the players
//! of equal score it would be 1 and 1 for 1 and 2, two draws; 2 and 0 for 4
//! and 5.)
//!
//! KS (Koya): points against the opponents with at least 50 % of the maximum
//! score. Whether the maximum is 8 (the 8 games that count) or 10 (the games
//! scheduled), the scores 5½, 5½, 5 reach it and 2, 2 do not: {1, 2, 3}.
//! - 1: from 2 and 3: 1 + ½ = 1½
//! - 2: from 1 and 3: 1 + 1½ = 2½
//! - 3: from 1 and 2: 1½ + ½ = 2
//! - 4: 0
//! - 5: from 1, 2, 3: 0 + 1 + 1 = 2
//!
//! BH (Buchholz, Σ S_j over the games met: per game, as FIDE counts it round
//! by round, so an opponent met twice counts twice; TOURNAMENTS.md's "Σ S_j"
//! read so): everyone met everyone twice, so BH = 2 × (20 − own score):
//! 29, 29, 30, 36, 36.
//!
//! BPG (games played with Black; a forfeit is not a game played): each player
//! has Black in the four games `j-i`; 3's Black game 4-3 was forfeited:
//! 4, 4, 3, 4, 4.
//!
//! Standings (score, then WIN, SB, DE, KS, BH, BPG while tied):
//!
//! | place | player | points | WIN | SB | DE | KS | BH | BPG |
//! |---|---|---|---|---|---|---|---|---|
//! | 1 | 2 Baker | 5½ | 4 | 19 | 0 | 2½ | 29 | 4 |
//! | 2 | 1 Алексеев | 5½ | 4 | 16 | 0 | 1½ | 29 | 4 |
//! | 3 | 3 Волкова | 5 | 3 | 17 | 0 | 2 | 30 | 3 |
//! | 4 | 4 Dixon | 2 | 2 | 4 | 0 | 0 | 36 | 4 |
//! | 5 | 5 Егоров | 2 | 1 | 10½ | 0 | 2 | 36 | 4 |
//!
//! 1 and 2 tie on points and wins; SB puts Baker first. 4 and 5 tie on points;
//! WIN puts Dixon first although Егоров's SB is higher: the organiser's order
//! decides. Fischer (withdrawn) has no place.
//!
//! # The micro-match tournament "Жеребьёвка-2027" (4 players)
//!
//! The ballot's seed is not given (the bot keeps no seed with `draw
//! --numbers`), so the openings change from run to run; the moves of these
//! games are the rules core's first legal move in the position reached.
//!
//! Numbers 1 Морозов (ru), 2 Nowak (en), 3 Орлова (ru), 4 Parker (en); a
//! single round robin of micro-matches, each of two games from one opening
//! balloted from the IDF-64 table, colours swapped in the second game.
//! Scoring 2/1/0 per game (FMJD print); tie-breaks DE, WIN, SB, KS, BH, BPG
//! (FIDE's round-robin order, then the rest). The matches are the Berger
//! table for 4: round 1 1-4, 2-3; round 2 4-3, 1-2; round 3 2-4, 3-1.
//!
//! | match | game 1 | game 2 | match score |
//! |---|---|---|---|
//! | 1-4 | 1-4: Parker resigns, 1-0 | 4-1: agreed draw | Морозов 3 : 1 |
//! | 2-3 | 2-3: Орлова resigns, 1-0 | 3-2: Орлова resigns, 0-1 | Nowak 4 : 0 |
//! | 4-3 | 4-3: agreed draw | 3-4: agreed draw | 2 : 2 |
//! | 1-2 | 1-2: Nowak resigns, 1-0 | 2-1: agreed draw | Морозов 3 : 1 |
//! | 2-4 | 2-4: agreed draw | 4-2: Parker resigns, 0-1 | Nowak 3 : 1 |
//! | 3-1 | 3-1: Морозов resigns, 1-0 | 1-3: Орлова resigns, 1-0 | 2 : 2 |
//!
//! Points (2/1/0): 1: 3 + 3 + 2 = 8; 2: 4 + 1 + 3 = 8; 3: 0 + 2 + 2 = 4;
//! 4: 1 + 2 + 1 = 4; sum 24 = 12 games × 2.
//!
//! Crosstable (FMJD points of the row player against the column player):
//!
//! |   | 1 | 2 | 3 | 4 | points |
//! |---|---|---|---|---|---|
//! | 1 Морозов | × | 2 1 = 3 | 0 2 = 2 | 2 1 = 3 | 8 |
//! | 2 Nowak | 0 1 = 1 | × | 2 2 = 4 | 1 2 = 3 | 8 |
//! | 3 Орлова | 2 0 = 2 | 0 0 = 0 | × | 1 1 = 2 | 4 |
//! | 4 Parker | 0 1 = 1 | 1 0 = 1 | 1 1 = 2 | × | 4 |
//!
//! DE comes first, so the groups are those of equal score: 1 and 2 (8): 1 took
//! 3 from 2, 2 took 1; 3 and 4 (4): 2 and 2. (Every pair met twice: the
//! average per game gives the same order.)
//! WIN: 1: 1-4, 1-2, 1-3 = 3; 2: 2-3, 3-2, 4-2 = 3; 3: 3-1 = 1; 4: 0.
//! SB (a win adds the opponent's whole score in FMJD points, a draw half of
//! it: FMJD points × FMJD points ÷ 2; ÷4 for 1/½/0): 1: (3·8 + 2·4 + 3·4)/2
//! = 22 (11); 2: (1·8 + 4·4 + 3·4)/2 = 18 (9); 3: (2·8 + 0·8 + 2·4)/2 = 12
//! (6); 4: (1·8 + 1·8 + 2·4)/2 = 12 (6).
//! KS: 50 % of the maximum 12 is 6: opponents 1 and 2 count. 1: 3 (from 2);
//! 2: 1 (from 1); 3: 2 + 0 = 2; 4: 1 + 1 = 2.
//! BH (per game, each opponent met twice): 2 × (24 − own): 32, 32, 40, 40.
//! BPG: 3 each.
//!
//! | place | player | points | DE | WIN | SB | KS | BH | BPG |
//! |---|---|---|---|---|---|---|---|---|
//! | 1 | 1 Морозов | 8 | 3 | 3 | 22 | 3 | 32 | 3 |
//! | 2 | 2 Nowak | 8 | 1 | 3 | 18 | 1 | 32 | 3 |
//! | 3 | 3 Орлова | 4 | 2 | 1 | 12 | 2 | 40 | 3 |
//! | 4 | 4 Parker | 4 | 2 | 0 | 12 | 2 | 40 | 3 |
//!
//! DE decides the top pair, WIN the bottom pair (their DE and SB are equal).
//!
//! # The playing period (item c): "Сроки-2027", 3 players, single round robin
//!
//! Players 1 Romanova (en), 2 Shaw (en), 3 Тихонов (ru). Berger for 3 (the
//! table of 4, 4 the bye): 2-3, 1-2, 3-1. 1-2 ends by resignation (Shaw, 2,
//! resigns); 2-3 and 3-1 are unfinished when the director ends the playing
//! period; a move in a frozen game is refused. 2-3: Shaw claims a win with his analysis, Тихонов
//! admits the loss ("признаю поражение"): matching claims, 1-0 without a
//! ruling. 3-1: Тихонов «требую победу» with analysis, Romanova
//! `claim draw` with analysis (the analyses quote moves, as analyses do): the
//! director reads both in
//! `tournament adjudications` and rules ½-½ with `referee adjudicate`.
//! Standings: 1 Romanova 1 + ½ = 1½, 2 Shaw 0 + 1 = 1, 3 Тихонов 0 + ½ = ½.
//!
//! Run: `cargo test --test it tournament::by_mail::`. `ZAOCHKA_DUMP_MAILS=DIR` writes
//! every bot mail into DIR.

use crate::common;

use common::conversation::{BotMail, Conversation, Failures, Lang, Player, check_mail};
use common::daemon::{Bot, Mailing};
use common::field::tournament_new_args;
use common::tournament::{End, Plan, Side, TGame, has_label, linked, play_all, stored};

// ---------------------------------------------------------------------------
// The players.

const fn p(name: &'static str, email: &'static str, lang: Lang) -> Player {
    Player { name, email, lang }
}

const ALEKSEEV: Player = p("Алексеев", "alekseev@example.test", Lang::Ru);
const BAKER: Player = p("Baker", "baker@example.test", Lang::En);
const VOLKOVA: Player = p("Волкова", "volkova@example.test", Lang::Ru);
const DIXON: Player = p("Dixon", "dixon@example.test", Lang::En);
const EGOROV: Player = p("Егоров", "egorov@example.test", Lang::Ru);
const FISCHER: Player = p("Fischer", "fischer@example.test", Lang::En);
/// The double round robin, by personal number.
const CUP_PLAYERS: [Player; 6] = [ALEKSEEV, BAKER, VOLKOVA, DIXON, EGOROV, FISCHER];

const MOROZOV: Player = p("Морозов", "morozov@example.test", Lang::Ru);
const NOWAK: Player = p("Nowak", "nowak@example.test", Lang::En);
const ORLOVA: Player = p("Орлова", "orlova@example.test", Lang::Ru);
const PARKER: Player = p("Parker", "parker@example.test", Lang::En);
/// The micro-match tournament, by personal number.
const BALLOT_PLAYERS: [Player; 4] = [MOROZOV, NOWAK, ORLOVA, PARKER];

/// Registered, in no tournament.
const ZIMIN: Player = p("Зимин", "zimin@example.test", Lang::Ru);

const JUDGE: Player = p("Судья", "judge@example.test", Lang::Ru);

const CUP: &str = "Кубок-2027";
const BALLOT: &str = "Жеребьёвка-2027";

/// Every game has 10 days per move: no reminder is due while the test runs.
const TIME_CONTROL: &str = "10d/move";

/// The Berger table of the double round robin for 6, round by round (see
/// the module comment).
const CUP_TABLE: [[&str; 3]; 10] = [
    ["1-6", "2-5", "3-4"],
    ["6-4", "5-3", "1-2"],
    ["2-6", "3-1", "4-5"],
    ["3-6", "4-2", "5-1"],
    ["6-5", "1-4", "2-3"],
    ["6-1", "5-2", "4-3"],
    ["4-6", "3-5", "2-1"],
    ["6-2", "1-3", "5-4"],
    ["5-6", "4-1", "3-2"],
    ["6-3", "2-4", "1-5"],
];

const fn plan(label: &'static str, plies: usize, end: End) -> Plan {
    Plan { label, plies, end }
}

/// How each game of the double round robin goes (the module comment's table).
const CUP_PLANS: [Plan; 30] = [
    plan("1-6", 3, End::WhiteWins),
    plan("2-5", 5, End::WhiteWins),
    plan("3-4", 1, End::WhiteWins),
    plan("6-4", 3, End::Draw),
    plan("5-3", 1, End::Draw),
    plan("1-2", 5, End::Draw),
    plan("2-6", 4, End::BlackWins),
    plan("3-1", 3, End::WhiteWins),
    plan("4-5", 1, End::WhiteWins),
    plan("3-6", 2, End::Cancelled),
    plan("4-2", 2, End::BlackWins),
    plan("5-1", 4, End::BlackWins),
    plan("6-5", 1, End::Cancelled),
    plan("1-4", 5, End::WhiteWins),
    plan("2-3", 3, End::WhiteWins),
    plan("6-1", 0, End::Cancelled),
    plan("5-2", 1, End::WhiteWins),
    plan("4-3", 2, End::Forfeit(Side::White)),
    plan("4-6", 3, End::Cancelled),
    plan("3-5", 3, End::Draw),
    plan("2-1", 4, End::Draw),
    plan("6-2", 2, End::Cancelled),
    plan("1-3", 2, End::Draw),
    plan("5-4", 2, End::BlackWins),
    plan("5-6", 1, End::Cancelled),
    plan("4-1", 2, End::TimeLoss),
    plan("3-2", 6, End::Draw),
    plan("6-3", 4, End::Cancelled),
    plan("2-4", 1, End::WhiteWins),
    plan("1-5", 7, End::WhiteWins),
];

/// How each game of the micro-matches goes; labels with the game's colours
/// (game 2 of match 1-4 is "4-1"). From a balloted opening the plies are a
/// minimum: the loser resigns on his move.
const BALLOT_PLANS: [Plan; 12] = [
    plan("1-4", 1, End::WhiteWins),
    plan("4-1", 2, End::Draw),
    plan("2-3", 2, End::WhiteWins),
    plan("3-2", 1, End::BlackWins),
    plan("4-3", 1, End::Draw),
    plan("3-4", 3, End::Draw),
    plan("1-2", 3, End::WhiteWins),
    plan("2-1", 2, End::Draw),
    plan("2-4", 2, End::Draw),
    plan("4-2", 2, End::BlackWins),
    plan("3-1", 1, End::WhiteWins),
    plan("1-3", 2, End::WhiteWins),
];

/// One player's expected line of the standings, each figure as the
/// tournament's scoring prints it: 1/½/0 points (½ = 0.5) for the double
/// round robin, 2/1/0 points for the micro-matches (SB there in FMJD points:
/// a win adds the opponent's whole score, a draw half). Tie-breaks by code;
/// WIN and BPG are counts.
struct Row {
    number: u32,
    place: u32,
    points: f64,
    tie_breaks: &'static [(&'static str, f64)],
}

const fn row(
    number: u32,
    place: u32,
    points: f64,
    tie_breaks: &'static [(&'static str, f64)],
) -> Row {
    Row {
        number,
        place,
        points,
        tie_breaks,
    }
}

/// The double round robin's standings (the module comment's table).
#[rustfmt::skip]
const CUP_STANDINGS: [Row; 5] = [
    row(2, 1, 5.5, &[("WIN", 4.0), ("SB", 19.0), ("DE", 0.0), ("KS", 2.5), ("BH", 29.0), ("BPG", 4.0)]),
    row(1, 2, 5.5, &[("WIN", 4.0), ("SB", 16.0), ("DE", 0.0), ("KS", 1.5), ("BH", 29.0), ("BPG", 4.0)]),
    row(3, 3, 5.0, &[("WIN", 3.0), ("SB", 17.0), ("DE", 0.0), ("KS", 2.0), ("BH", 30.0), ("BPG", 3.0)]),
    row(4, 4, 2.0, &[("WIN", 2.0), ("SB", 4.0),  ("DE", 0.0), ("KS", 0.0), ("BH", 36.0), ("BPG", 4.0)]),
    row(5, 5, 2.0, &[("WIN", 1.0), ("SB", 10.5), ("DE", 0.0), ("KS", 2.0), ("BH", 36.0), ("BPG", 4.0)]),
];
const CUP_TIE_BREAKS: [&str; 6] = ["WIN", "SB", "DE", "KS", "BH", "BPG"];

/// The micro-matches' standings, in 2/1/0 points.
#[rustfmt::skip]
const BALLOT_STANDINGS: [Row; 4] = [
    row(1, 1, 8.0, &[("DE", 3.0), ("WIN", 3.0), ("SB", 22.0), ("KS", 3.0), ("BH", 32.0), ("BPG", 3.0)]),
    row(2, 2, 8.0, &[("DE", 1.0), ("WIN", 3.0), ("SB", 18.0), ("KS", 1.0), ("BH", 32.0), ("BPG", 3.0)]),
    row(3, 3, 4.0, &[("DE", 2.0), ("WIN", 1.0), ("SB", 12.0), ("KS", 2.0), ("BH", 40.0), ("BPG", 3.0)]),
    row(4, 4, 4.0, &[("DE", 2.0), ("WIN", 0.0), ("SB", 12.0), ("KS", 2.0), ("BH", 40.0), ("BPG", 3.0)]),
];
const BALLOT_TIE_BREAKS: [&str; 6] = ["DE", "WIN", "SB", "KS", "BH", "BPG"];

/// Scoring of a tournament, for reading the bot's figures.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scoring {
    Classic,
    Fmjd,
}

impl Scoring {
    /// A figure as printed (points, SB, ...) in the internal units of
    /// `tournament standings --json` (half-points; SB in quarter-points,
    /// i.e. half-points times half-points; WIN and BPG counts).
    fn internal(self, code: &str, v: f64) -> f64 {
        match (self, code) {
            (_, "WIN" | "BPG") => v,
            // SB under 2/1/0 prints half its quarter-points value (a win
            // adds the opponent's whole score, a draw half of it).
            (Scoring::Fmjd, "SB") => v * 2.0,
            (Scoring::Fmjd, _) => v,
            (Scoring::Classic, "SB") => v * 4.0,
            (Scoring::Classic, _) => v * 2.0,
        }
    }

    /// The forms a figure may be printed in.
    fn printed(self, code: &str, v: f64) -> Vec<String> {
        let _ = code;
        let whole = v.trunc();
        let frac = v - whole;
        let w = whole as i64;
        let mut out = Vec::new();
        if frac == 0.0 {
            out.push(w.to_string());
        } else {
            let sym = match frac {
                0.5 => "½",
                0.25 => "¼",
                0.75 => "¾",
                _ => "",
            };
            if w == 0 {
                out.push(sym.to_string());
            }
            out.push(format!("{w}{sym}"));
            out.push(format!("{v}"));
            out.push(format!("{v}").replace('.', ","));
        }
        if self == Scoring::Classic && code == "SB" && frac == 0.0 {
            out.push(format!("{w}.0"));
            out.push(format!("{w}.00"));
        }
        out
    }
}

/// The double round robin's crosstable (points of row against column over
/// both games), players 1-5.
const CUP_CROSS: [[f64; 5]; 5] = [
    [0.0, 1.0, 0.5, 2.0, 2.0],
    [1.0, 0.0, 1.5, 2.0, 1.0],
    [1.5, 0.5, 0.0, 2.0, 1.0],
    [0.0, 0.0, 0.0, 0.0, 2.0],
    [0.0, 1.0, 1.0, 0.0, 0.0],
];

/// The micro-matches' crosstable in FMJD points.
const BALLOT_CROSS: [[f64; 4]; 4] = [
    [0.0, 3.0, 2.0, 3.0],
    [1.0, 0.0, 4.0, 3.0],
    [2.0, 0.0, 0.0, 2.0],
    [1.0, 1.0, 2.0, 0.0],
];

/// What a tournament's standings and crosstable must show.
struct Expected<'a> {
    name: &'a str,
    /// By personal number.
    players: &'a [Player],
    rows: &'a [Row],
    /// The tie-break order in force.
    order: &'a [&'a str],
    scoring: Scoring,
    /// The withdrawn player (FIDE: no place, his results out of the figures).
    withdrawn: Option<Player>,
    /// Points of row against column over their games, as printed.
    cross: Vec<&'a [f64]>,
}

// ---------------------------------------------------------------------------
// Set-up.

/// Two days back: `Bot::deliver` dates mails from a day ago on, and a move
/// may not precede its clock's start.
pub(super) fn two_days_ago() -> String {
    (chrono::Utc::now() - chrono::Duration::days(2)).to_rfc3339()
}

/// Runs a director's command at `now` (or the real time), asserting success.
pub(super) fn director(c: &Conversation, now: Option<&str>, args: &[&str]) -> String {
    let mut cmd = c.bot.command();
    if let Some(now) = now {
        cmd.env("ZAOCHKA_NOW", now);
    }
    let out = cmd.args(args).output().unwrap();
    assert!(
        out.status.success(),
        "zaochka {args:?}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `tournament new`, `add` for each player, `draw --numbers` in the given
/// order, `start`, two days back. `tie_breaks` is the organiser's order; a
/// code the bot refuses is a failure, and the tournament is made without it
/// so that the rest can still be checked. Returns the order in force.
fn make_tournament(
    c: &Conversation,
    f: &mut Failures,
    name: &str,
    system: &str,
    tie_breaks: &[&'static str],
    extra: &[&str],
    players: &[Player],
) -> Vec<&'static str> {
    let at = two_days_ago();
    let mut order: Vec<&'static str> = tie_breaks.to_vec();
    loop {
        let list = order.join(",");
        let mut args = tournament_new_args(name, system, JUDGE.email);
        args.extend([
            "--time-control",
            TIME_CONTROL,
            "--on-timeout",
            "lose",
            "--tie-breaks",
            &list,
        ]);
        args.extend(extra);
        let out = c
            .bot
            .command()
            .env("ZAOCHKA_NOW", &at)
            .args(&args)
            .output()
            .unwrap();
        if out.status.success() {
            break;
        }
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        let refused = order
            .iter()
            .position(|code| {
                let e = err.to_lowercase();
                let code = code.to_lowercase();
                e.contains(&format!("\"{code}\"")) || e.contains(&format!("«{code}»"))
            })
            .unwrap_or_else(|| panic!("zaochka {args:?}: {err}"));
        f.add(
            "tie_break_codes",
            format!(
                "`tournament new {name} --tie-breaks {list}` is refused: {}; made again without {}",
                err.trim(),
                order[refused]
            ),
        );
        order.remove(refused);
    }
    enter_draw_and_start(c, name, players, JUDGE.email, &at);
    order
}

/// `tournament add` for each player, `draw --numbers` in the given order and
/// `start`, by the director `judge` at the instant `at`.
pub(super) fn enter_draw_and_start(
    c: &Conversation,
    name: &str,
    players: &[Player],
    judge: &str,
    at: &str,
) {
    for p in players {
        director(
            c,
            Some(at),
            &["tournament", "add", name, p.email, "--as", judge],
        );
    }
    let numbers: Vec<&str> = players.iter().map(|p| p.email).collect();
    let numbers = numbers.join(",");
    director(
        c,
        Some(at),
        &[
            "tournament",
            "draw",
            name,
            "--numbers",
            &numbers,
            "--as",
            judge,
        ],
    );
    director(c, Some(at), &["tournament", "start", name, "--as", judge]);
}

/// The tournament's games with their plans (by label), checked against the
/// players' numbers.
fn with_plans(c: &Conversation, name: &str, players: &[Player], plans: &[Plan]) -> Vec<TGame> {
    let list = linked(c, name);
    assert_eq!(
        list.len(),
        plans.len(),
        "{name}: {} games, expected {}: {list:#?}",
        list.len(),
        plans.len()
    );
    list.iter()
        .map(|l| {
            let label = l.label();
            let plan = *plans
                .iter()
                .find(|p| p.label == label)
                .unwrap_or_else(|| panic!("{name}: a game {label} that the table has not"));
            let white = players[l.white_number as usize - 1];
            let black = players[l.black_number as usize - 1];
            assert_eq!(
                (l.white_email.as_str(), l.black_email.as_str()),
                (white.email, black.email),
                "{name}: game {label} is White's number against Black's"
            );
            let opening_plies = stored(c, l.id).moves.len();
            TGame {
                id: l.id,
                label,
                round: l.round,
                white,
                black,
                match_game: l.match_game,
                ballot: l.ballot_code.clone(),
                plan,
                opening_plies,
                offered: false,
                directed: false,
            }
        })
        .collect()
}

fn dump(c: &Conversation) {
    let Some(dir) = std::env::var_os("ZAOCHKA_DUMP_MAILS") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (k, m) in c.mails.iter().enumerate() {
        let base = format!("{k:04}-{}", m.recipient().split('@').next().unwrap_or(""));
        std::fs::write(dir.join(format!("{base}.txt")), m.show()).unwrap();
        if let Some(h) = &m.html {
            std::fs::write(dir.join(format!("{base}.html")), h).unwrap();
        }
    }
}

fn names() -> Vec<&'static str> {
    CUP_PLAYERS
        .iter()
        .chain(&BALLOT_PLAYERS)
        .chain([&ZIMIN, &JUDGE])
        .map(|p| p.name)
        .collect()
}

// ---------------------------------------------------------------------------
// Standings as the bot gives them.

/// Compares the bot's standings (`tournament standings NAME --json`) with the
/// hand-worked rows, tie-breaks by code in the order in force; every
/// difference is a failure. A withdrawn player has no place (FIDE: fewer
/// than half the games played).
fn check_standings(f: &mut Failures, json: &serde_json::Value, e: &Expected<'_>) {
    let (name, scoring, order, want, players) = (e.name, e.scoring, e.order, e.rows, e.players);
    let withdrawn = e
        .withdrawn
        .and_then(|w| players.iter().position(|p| *p == w))
        .map(|i| i as u32 + 1);
    let rows: Vec<serde_json::Value> = json["sections"]
        .as_array()
        .and_then(|s| s.first())
        .and_then(|s| s["rows"].as_array())
        .cloned()
        .unwrap_or_default();
    let codes: Vec<String> = json["tie_breaks"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|c| c.as_str().map(str::to_uppercase))
                .collect()
        })
        .unwrap_or_default();
    // The director's order: a list of codes without LOT draws no lot.
    let with_lot: Vec<String> = order.iter().map(|c| c.to_string()).collect();
    if codes != with_lot {
        f.add(
            "standings_figures",
            format!("{name}: the tie-break order is {codes:?}, expected {with_lot:?}"),
        );
    }
    for w in want {
        let email = players[w.number as usize - 1].email;
        let Some(got) = rows
            .iter()
            .find(|r| r["number"].as_u64() == Some(u64::from(w.number)))
        else {
            f.add(
                "standings_figures",
                format!(
                    "{name}: no standings row for number {} ({email}) in\n{json:#}",
                    w.number
                ),
            );
            continue;
        };
        let mut diffs = Vec::new();
        let half = scoring.internal("points", w.points);
        if got["half_points"].as_f64() != Some(half) {
            diffs.push(format!(
                "points {} (half-points {half}), the bot {} ({})",
                w.points, got["points"], got["half_points"]
            ));
        }
        if got["place"].as_str() != Some(w.place.to_string().as_str()) {
            diffs.push(format!("place {}, the bot {}", w.place, got["place"]));
        }
        let tbs = got["tie_breaks"].as_array().cloned().unwrap_or_default();
        for code in order {
            let Some(&(_, v)) = w.tie_breaks.iter().find(|(c, _)| c == code) else {
                continue;
            };
            let want_v = scoring.internal(code, v);
            let got_v = tbs
                .iter()
                .find(|t| {
                    t["code"]
                        .as_str()
                        .is_some_and(|c| c.eq_ignore_ascii_case(code))
                })
                .and_then(|t| t["value"].as_f64());
            // DE averaged over the two meetings of every pair is accepted too.
            let ok = got_v == Some(want_v) || (*code == "DE" && got_v == Some(want_v / 2.0));
            if !ok {
                diffs.push(format!(
                    "{code} {v} ({want_v} in the JSON's units), the bot {got_v:?}"
                ));
            }
        }
        if !diffs.is_empty() {
            f.add(
                "standings_figures",
                format!(
                    "{name}: number {} ({email}): {}\n{got:#}",
                    w.number,
                    diffs.join("; ")
                ),
            );
        }
    }
    if let Some(n) = withdrawn {
        let placed = rows
            .iter()
            .find(|r| r["number"].as_u64() == Some(u64::from(n)));
        if let Some(r) = placed
            && (r["withdrawn"] != true
                || r["place"]
                    .as_str()
                    .is_some_and(|p| !p.is_empty() && p != "-"))
        {
            f.add(
                "withdrawal_fide_policy",
                format!(
                    "{name}: number {n} withdrew after 3 of 10 games: his results leave the standings and he has no place; the bot lists\n{r:#}"
                ),
            );
        }
    }
}

// ---------------------------------------------------------------------------
// (a) and (b)

#[test]
fn a_double_round_robin_and_a_micro_match_tournament_played_by_mail() {
    let started = std::time::Instant::now();
    let bot = Bot::new(Mailing::Local);
    let all: Vec<Player> = CUP_PLAYERS
        .iter()
        .chain(&BALLOT_PLAYERS)
        .chain([&ZIMIN])
        .copied()
        .collect();
    let mut c = Conversation::new(bot, &all, &[JUDGE]);
    let mut f = Failures::default();

    let cup_order = make_tournament(
        &c,
        &mut f,
        CUP,
        "double-round-robin",
        &CUP_TIE_BREAKS,
        &["--withdrawals", "fide"],
        &CUP_PLAYERS,
    );
    let ballot_order = make_tournament(
        &c,
        &mut f,
        BALLOT,
        "micro-match",
        &BALLOT_TIE_BREAKS,
        &[
            "--scoring",
            "fmjd",
            "--ballot",
            "idf64",
            "--ballot-per",
            "match",
        ],
        &BALLOT_PLAYERS,
    );
    let invitations = c.serve(None);
    let mut cup = with_plans(&c, CUP, &CUP_PLAYERS, &CUP_PLANS);
    let mut ballot = with_plans(&c, BALLOT, &BALLOT_PLAYERS, &BALLOT_PLANS);

    // ---- Berger colours and labels of the double round robin ----
    for g in &cup {
        let want = CUP_TABLE[g.round as usize - 1];
        if !want.contains(&g.label.as_str()) {
            f.add(
                "berger_colours",
                format!(
                    "{CUP}: game {} is in round {}, whose games are {want:?}",
                    g.label, g.round
                ),
            );
        }
    }
    for g in cup.iter().chain(&ballot) {
        for p in [g.white, g.black] {
            let first = c.thread(p, Some(g.id)).first().map(|m| (*m).clone());
            match first {
                None => f.add(
                    "invitation_per_game",
                    format!(
                        "{} got no invitation to game #{} ({})",
                        p.name, g.id, g.label
                    ),
                ),
                Some(m) if !has_label(&m.visible(), &g.label) => f.add(
                    "game_label_in_mails",
                    format!(
                        "the invitation to game #{} does not show its label «{}»\n{}",
                        g.id,
                        g.label,
                        m.show()
                    ),
                ),
                Some(_) => {}
            }
        }
    }
    assert_eq!(
        invitations.len(),
        2 * (cup.len() + ballot.len()),
        "one invitation per player and game"
    );

    // ---- The micro-matches: one balloted opening per match, colours swapped ----
    check_micro_matches(&c, &mut f, &ballot);

    // ---- Play ----
    let mut games: Vec<TGame> = cup.drain(..).chain(ballot.drain(..)).collect();
    let mut withdrawn = false;
    let cycles = play_all(&mut c, &mut games, |c, games, _cycle| {
        let mut acted = false;
        for g in games.iter_mut() {
            let s = stored(c, g.id);
            let ours = s.moves.len() - g.opening_plies;
            if g.directed || s.result.is_some() || ours < g.plan.plies {
                continue;
            }
            match g.plan.end {
                End::Forfeit(side) => {
                    director(
                        c,
                        None,
                        &[
                            "referee",
                            "forfeit",
                            &g.id.to_string(),
                            side.name(),
                            "--as",
                            JUDGE.email,
                            "--reason",
                            "Не отвечает на запросы судьи",
                        ],
                    );
                    g.directed = true;
                    acted = true;
                }
                End::TimeLoss => {
                    // The daemon keeps the real clock (`serve` reads no
                    // `--now`): the silent side's deadline is brought into the
                    // past by the director's clock correction, and the next
                    // cycle's tick finds it passed.
                    let side = if ours.is_multiple_of(2) {
                        Side::White
                    } else {
                        Side::Black
                    };
                    director(
                        c,
                        None,
                        &[
                            "referee",
                            "add-days",
                            &g.id.to_string(),
                            side.name(),
                            "-11",
                            "--force",
                            "--as",
                            JUDGE.email,
                            "--reason",
                            "время на обдумывание исчерпано",
                        ],
                    );
                    g.directed = true;
                    acted = true;
                }
                _ => {}
            }
        }
        // Fischer withdraws once his three games are over.
        let fischer_done = games
            .iter()
            .filter(|g| ["1-6", "6-4", "2-6"].contains(&g.plan.label) && g.match_game.is_none())
            .all(|g| stored(c, g.id).result.is_some());
        if fischer_done && !withdrawn {
            director(
                c,
                None,
                &[
                    "tournament",
                    "withdraw",
                    CUP,
                    FISCHER.email,
                    "--reason",
                    "по семейным обстоятельствам",
                    "--as",
                    JUDGE.email,
                ],
            );
            withdrawn = true;
            acted = true;
        }
        if acted {
            c.serve(None);
        }
        acted
    });
    eprintln!("{cycles} cycles, {} bot mails", c.mails.len());

    // Every game's result as planned; Fischer's unfinished games are lost
    // by forfeit when he withdraws.
    for g in &games {
        let s = stored(&c, g.id);
        let ours = s.moves.len() - g.opening_plies;
        let want: &str = match g.plan.end {
            End::WhiteWins => "1-0",
            End::BlackWins => "0-1",
            End::Draw => "1/2-1/2",
            End::TimeLoss if ours.is_multiple_of(2) => "0-1",
            End::TimeLoss => "1-0",
            End::Forfeit(Side::White) => "0-1",
            End::Forfeit(Side::Black) => "1-0",
            End::Cancelled if g.white == FISCHER => "0-1",
            End::Cancelled => "1-0",
        };
        let termination: Option<String> = c
            .bot
            .db()
            .query_row("SELECT termination FROM games WHERE id = ?1", [g.id], |r| {
                r.get(0)
            })
            .unwrap();
        let want_termination = Some(match g.plan.end {
            End::WhiteWins | End::BlackWins => "resignation",
            End::Draw => "agreement",
            End::TimeLoss => "time",
            End::Forfeit(_) | End::Cancelled => "forfeit",
        });
        if s.result.as_deref() != Some(want)
            || want_termination.is_some_and(|t| termination.as_deref() != Some(t))
        {
            f.add(
                "results_as_planned",
                format!(
                    "game #{} ({}, {:?}): result {:?} ({termination:?}), status {}, expected {want} ({want_termination:?})",
                    g.id, g.label, g.plan.end, s.result, s.status
                ),
            );
        }
    }

    // Both players hear of every result, whatever ended the game.
    for g in &games {
        let Some(result) = stored(&c, g.id).result else {
            continue;
        };
        for p in [g.white, g.black] {
            let last = c.thread(p, Some(g.id)).last().map(|m| (*m).clone());
            if !last.as_ref().is_some_and(|m| m.text.contains(&result)) {
                f.add(
                    "both_players_told_of_the_result",
                    format!(
                        "game #{} ({}, {:?}) ended {result}; the last mail to {} about it does not say so:\n{}",
                        g.id,
                        g.label,
                        g.plan.end,
                        p.name,
                        last.map_or("(none)".into(), |m| m.show())
                    ),
                );
            }
        }
    }

    // ---- The figures ----
    let json: serde_json::Value = serde_json::from_str(&director(
        &c,
        None,
        &["tournament", "standings", CUP, "--json"],
    ))
    .expect("standings JSON");
    // Each tie-break says its unit and how the table prints it: SB in quarter
    // points (6 is 1½), a blank cell as null.
    for t in json["sections"][0]["rows"][0]["tie_breaks"]
        .as_array()
        .expect("tie-breaks")
    {
        assert!(t["unit"].is_string(), "{t}");
        assert!(t["printed"].is_string() || t["printed"].is_null(), "{t}");
        if t["code"] == "SB" {
            assert_eq!(t["unit"], "quarter-points", "{t}");
        }
    }
    let cup = Expected {
        name: CUP,
        players: &CUP_PLAYERS,
        rows: &CUP_STANDINGS,
        order: &cup_order,
        scoring: Scoring::Classic,
        withdrawn: Some(FISCHER),
        cross: CUP_CROSS.iter().map(|r| &r[..]).collect(),
    };
    check_standings(&mut f, &json, &cup);
    let json: serde_json::Value = serde_json::from_str(&director(
        &c,
        None,
        &["tournament", "standings", BALLOT, "--json"],
    ))
    .expect("standings JSON");
    let ballot = Expected {
        name: BALLOT,
        players: &BALLOT_PLAYERS,
        rows: &BALLOT_STANDINGS,
        order: &ballot_order,
        scoring: Scoring::Fmjd,
        withdrawn: None,
        cross: BALLOT_CROSS.iter().map(|r| &r[..]).collect(),
    };
    check_standings(&mut f, &json, &ballot);

    // ---- (b) Standings by mail ----
    let before = c.mails.len();
    standings_by_mail(&mut c, &mut f, &games, &cup, &ballot);

    dump(&c);
    let names = names();
    for (k, m) in c.mails.iter().enumerate() {
        if let Some(reader) = c.player(m.recipient()).copied() {
            let mut found = check_mail(m, &reader, reader.lang, &names);
            // A crosstable or a refusal shows no board.
            if k >= before {
                found.retain(|x| x.check != "html_board_image" && x.check != "html_img_alt");
            }
            f.extend(found);
        }
    }
    eprintln!("{:?} in all", started.elapsed());
    f.assert_none();
}

/// Each pairing's two games: one ballot code, the same start, colours
/// swapped; the code in both games' invitations and in the PDN tags.
fn check_micro_matches(c: &Conversation, f: &mut Failures, games: &[TGame]) {
    let pdn = director(c, None, &["tournament", "export", BALLOT]);
    let mut seen = 0;
    for a in games.iter().filter(|g| g.match_game == Some(1)) {
        let Some(b) = games
            .iter()
            .find(|b| b.match_game == Some(2) && b.white == a.black && b.black == a.white)
        else {
            f.add(
                "micro_match_colours_swapped",
                format!(
                    "{BALLOT}: no second game with colours swapped for {}",
                    a.label
                ),
            );
            continue;
        };
        seen += 1;
        let (sa, sb) = (stored(c, a.id), stored(c, b.id));
        if a.ballot.is_none() || a.ballot != b.ballot {
            f.add(
                "micro_match_one_ballot",
                format!(
                    "{BALLOT}: match {}: ballot codes {:?} and {:?}",
                    a.label, a.ballot, b.ballot
                ),
            );
        }
        if sa.start_fen != sb.start_fen || sa.moves != sb.moves {
            f.add(
                "micro_match_one_ballot",
                format!(
                    "{BALLOT}: match {}: the two games start differently: {:?} {:?} / {:?} {:?}",
                    a.label, sa.start_fen, sa.moves, sb.start_fen, sb.moves
                ),
            );
        }
        let Some(code) = a.ballot.clone() else {
            continue;
        };
        for g in [a, b] {
            for p in [g.white, g.black] {
                let shown = c
                    .thread(p, Some(g.id))
                    .first()
                    .is_some_and(|m| m.visible().contains(&code));
                if !shown {
                    f.add(
                        "ballot_code_in_mails",
                        format!(
                            "{BALLOT}: the invitation of {} to game #{} does not show the ballot «{code}»",
                            p.name, g.id
                        ),
                    );
                }
            }
        }
        // The PDN game of each: a tag line holding the code.
        for g in [a, b] {
            let holds = pdn_games(&pdn).iter().any(|game| {
                game.lines()
                    .any(|l| l.starts_with('[') && l.contains(&code))
                    && game.contains(&format!("[White \"{}\"]", g.white.name))
                    && game.contains(&format!("[Black \"{}\"]", g.black.name))
            });
            if !holds {
                f.add(
                    "ballot_code_in_pdn",
                    format!(
                        "{BALLOT}: no PDN game {} with a tag holding «{code}»",
                        g.label
                    ),
                );
            }
        }
    }
    if seen != 6 {
        f.add(
            "micro_match_colours_swapped",
            format!("{BALLOT}: {seen} matches of two games, expected 6"),
        );
    }
}

/// The games of a PDN file: each from its first tag line on.
fn pdn_games(pdn: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut in_tags = false;
    for line in pdn.lines() {
        let tag = line.starts_with('[');
        if tag && !in_tags {
            out.push(String::new());
        }
        in_tags = tag;
        if let Some(g) = out.last_mut() {
            g.push_str(line);
            g.push('\n');
        }
    }
    out
}

/// (b): `таблица`, `standings`, `crosstable` by mail, each a Reply on the
/// player's last mail about one of his games; a registered player in no
/// tournament gets a polite refusal.
fn standings_by_mail(
    c: &mut Conversation,
    f: &mut Failures,
    games: &[TGame],
    cup: &Expected<'_>,
    ballot: &Expected<'_>,
) {
    let game = |label: &str, ballot: bool| {
        games
            .iter()
            .find(|g| g.label == label && g.match_game.is_some() == ballot)
            .unwrap()
            .id
    };
    let asks: [(Player, i64, &str, &str); 4] = [
        (ALEKSEEV, game("1-2", false), "таблица", CUP),
        (BAKER, game("2-5", false), "standings", CUP),
        (DIXON, game("4-5", false), "crosstable", CUP),
        (
            MOROZOV,
            game("1-4", true),
            "Пришлите, пожалуйста, турнирную таблицу.",
            BALLOT,
        ),
    ];
    for (p, g, line, _) in &asks {
        let to = c.last_to(*p, *g);
        c.post_reply(*p, &to, line);
    }
    let new = c.serve(None);
    for (p, _, line, t) in &asks {
        let answers: Vec<&BotMail> = new.iter().filter(|m| m.is_to(p)).collect();
        let [m] = answers.as_slice() else {
            f.add(
                "standings_mail_answered",
                format!(
                    "{} wrote «{line}»: expected one answer, got {}:\n{}",
                    p.name,
                    answers.len(),
                    answers
                        .iter()
                        .map(|m| m.show())
                        .collect::<Vec<_>>()
                        .join("\n")
                ),
            );
            continue;
        };
        let e = if *t == CUP { cup } else { ballot };
        check_crosstable_mail(f, m, *p, e, games);
    }

    // Nowak asks from his own address, not a game's: the bot's answer to a
    // mail to its bare address carries it; a Reply there names no game, and
    // the crosstable is his tournament's.
    let first = c.write(
        NOWAK,
        common::conversation::BOT_ADDRESS,
        "Standings",
        "standings",
    );
    match first.iter().find(|m| m.is_to(&NOWAK)).cloned() {
        None => f.add(
            "standings_mail_answered",
            "Nowak wrote «standings» to the bot's address: no answer",
        ),
        Some(answer) => {
            let new = c.reply(NOWAK, &answer, "standings");
            let answers: Vec<&BotMail> = new.iter().filter(|m| m.is_to(&NOWAK)).collect();
            match answers.as_slice() {
                [m] if !BALLOT_PLAYERS.iter().all(|p| m.text.contains(p.name)) => f.add(
                    "standings_mail_answered",
                    format!(
                        "Nowak replied «standings» to the bot's mail about his games (no game named): expected the crosstable of {BALLOT}, his tournament\n{}\nThe mail replied to:\n{}",
                        m.show(),
                        answer.show()
                    ),
                ),
                [_] => {}
                other => f.add(
                    "standings_mail_answered",
                    format!("Nowak replied «standings» to the bot's mail about his games: {} answers", other.len()),
                ),
            }
        }
    }

    // Зимин plays in no tournament: a mail to the bot's address (no game's
    // address is his), then a Reply on the bot's answer.
    let first = c.write(
        ZIMIN,
        common::conversation::BOT_ADDRESS,
        "Таблица",
        "таблица",
    );
    let Some(answer) = first.iter().find(|m| m.is_to(&ZIMIN)).cloned() else {
        f.add(
            "outsider_refused_politely",
            "Зимин (registered, in no tournament) wrote «таблица» to the bot's address: no answer",
        );
        return;
    };
    let new = c.reply(ZIMIN, &answer, "таблица");
    let answers: Vec<&BotMail> = new.iter().filter(|m| m.is_to(&ZIMIN)).collect();
    let everybody: Vec<&str> = CUP_PLAYERS
        .iter()
        .chain(&BALLOT_PLAYERS)
        .map(|p| p.name)
        .collect();
    match answers.as_slice() {
        [m] => {
            let t = m.text.to_lowercase();
            let reason = t.contains("не участвуете") || t.contains("ни в одном турнире");
            let polite = ["пожалуйста", "к сожалению", "извините", "здравствуйте"]
                .iter()
                .any(|w| t.contains(w));
            let leaks: Vec<&&str> = everybody.iter().filter(|n| m.text.contains(**n)).collect();
            if !reason || !polite || !leaks.is_empty() {
                f.add(
                    "outsider_refused_politely",
                    format!(
                        "Зимин (in no tournament) asked «таблица»: the answer should say, politely and in Russian, that he plays in no tournament (reason given: {reason}, a polite word: {polite}), without anybody's table (names shown: {leaks:?})\n{}",
                        m.show()
                    ),
                );
            }
        }
        other => f.add(
            "outsider_refused_politely",
            format!(
                "Зимин replied «таблица» to the bot's answer: expected one refusal, got {}:\n{}\nThe mail replied to:\n{}",
                other.len(),
                other.iter().map(|m| m.show()).collect::<Vec<_>>().join("\n"),
                answer.show()
            ),
        ),
    }
}

/// A whitespace token of a line with its first and last char columns.
fn tokens(line: &str) -> Vec<(String, usize, usize)> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut start = 0;
    for (i, ch) in line.chars().enumerate() {
        if ch.is_whitespace() || "|│".contains(ch) {
            if !cur.is_empty() {
                out.push((std::mem::take(&mut cur), start, i));
            }
        } else {
            if cur.is_empty() {
                start = i;
            }
            cur.push(ch);
        }
    }
    if !cur.is_empty() {
        let n = line.chars().count();
        out.push((cur, start, n));
    }
    out
}

/// Whether `want` occurs in `toks` in order, other tokens between. Each item
/// lists the forms it may be printed in; a form of several words ("½ ½")
/// must match that many tokens in a row; an empty form lets the item be
/// left out (a blank cell).
fn in_order(toks: &[String], want: &[Vec<String>]) -> bool {
    fn from(toks: &[String], want: &[Vec<String>], at: usize) -> bool {
        let Some((first, rest)) = want.split_first() else {
            return true;
        };
        first.iter().any(|form| {
            let words: Vec<&str> = form.split_whitespace().collect();
            if words.is_empty() {
                return from(toks, rest, at);
            }
            (at..toks.len()).any(|k| {
                toks.len() >= k + words.len()
                    && toks[k..k + words.len()]
                        .iter()
                        .zip(&words)
                        .all(|(t, w)| t == w)
                    && from(toks, rest, k + words.len())
            })
        })
    }
    from(toks, want, 0)
}

/// One game's score for `me` as a crosstable prints it.
fn game_forms(result: &str, me_white: bool, forfeit: bool, scoring: Scoring) -> Vec<String> {
    let mine = match (result, me_white) {
        ("1-0", true) | ("0-1", false) => 2,
        ("1/2-1/2", _) => 1,
        _ => 0,
    };
    let mut v = match (scoring, mine) {
        (Scoring::Classic, 2) => vec!["1".to_string()],
        (Scoring::Classic, 1) => vec!["½".to_string()],
        (Scoring::Fmjd, n) => vec![n.to_string()],
        _ => vec!["0".to_string()],
    };
    if forfeit {
        v = if mine == 2 {
            vec!["+".into()]
        } else {
            vec!["-".into(), "−".into()]
        };
    }
    v
}

/// The crosstable mail: in the reader's language, in monospace, with the
/// hand-worked figures in each player's row.
fn check_crosstable_mail(
    f: &mut Failures,
    m: &BotMail,
    reader: Player,
    e: &Expected<'_>,
    games: &[TGame],
) {
    let (tournament, players, want, order, scoring, withdrawn, cross) = (
        e.name,
        e.players,
        e.rows,
        e.order,
        e.scoring,
        e.withdrawn,
        &e.cross,
    );
    let what = format!("the crosstable of {tournament} asked by {}", reader.name);
    let text = &m.text;
    // The reader's language.
    let lower = text.to_lowercase();
    let heading = match reader.lang {
        Lang::Ru => ["очк", "мест", "турнир"].iter().any(|w| lower.contains(w)),
        Lang::En => ["points", "score", "place", "pts"]
            .iter()
            .any(|w| lower.contains(w)),
    };
    let latin_codes: Vec<String> = tokens(text)
        .into_iter()
        .map(|t| t.0.trim_matches(|c: char| !c.is_alphanumeric()).to_string())
        .filter(|t| ["WIN", "SB", "DE", "KS", "BH", "BPG"].contains(&t.as_str()))
        .collect();
    if !heading || (reader.lang == Lang::Ru && !latin_codes.is_empty()) {
        f.add(
            "crosstable_in_readers_language",
            format!(
                "{what}: headings in the reader's language expected (found: {heading}); Latin tie-break codes in a Russian mail: {latin_codes:?}\n{}",
                m.show()
            ),
        );
    }
    // One row per player: the first line holding the name.
    let rows: Vec<(Player, String)> = players
        .iter()
        .filter_map(|p| {
            text.lines()
                .find(|l| l.contains(p.name))
                .map(|l| (*p, l.to_string()))
        })
        .collect();
    if rows.len() != players.len() {
        let missing: Vec<&str> = players
            .iter()
            .filter(|p| !rows.iter().any(|(q, _)| q == *p))
            .map(|p| p.name)
            .collect();
        f.add(
            "crosstable_rows",
            format!(
                "{what}: every player has a row (a withdrawn player stays, marked); missing: {missing:?}\n{}",
                m.show()
            ),
        );
    }
    if let Some(w) = withdrawn
        && let Some((_, line)) = rows.iter().find(|(p, _)| *p == w)
    {
        let l = line.to_lowercase();
        let marked = ["выбыл", "снят", "withdr", "(w)", "*"]
            .iter()
            .any(|x| l.contains(x));
        if !marked {
            f.add(
                "crosstable_rows",
                format!(
                    "{what}: the withdrawn {}'s row is not marked: «{line}»\n{}",
                    w.name,
                    m.show()
                ),
            );
        }
    }
    // Monospace: the HTML part holds the table in <pre>; the text's rows
    // line up (names start in one column, the last column ends or starts in
    // one column).
    if let Some(h) = &m.html {
        let outside = common::conversation::html_text_outside_pre(h);
        let loose: Vec<&str> = outside
            .lines()
            .filter(|l| {
                players.iter().any(|p| l.contains(p.name)) && l.chars().any(|c| c.is_ascii_digit())
            })
            .collect();
        let lower_html = h.to_lowercase();
        if !loose.is_empty() || !lower_html.contains("<pre") {
            f.add(
                "crosstable_monospace",
                format!(
                    "{what}: the HTML part must hold the table in <pre>; rows outside it: {loose:?}\n{}",
                    m.show()
                ),
            );
        }
    }
    // (The withdrawn player's row may be shorter: no figures of his count.)
    let cols: Vec<(usize, usize, usize)> = rows
        .iter()
        .filter(|(p, _)| withdrawn != Some(*p))
        .map(|(p, l)| {
            let toks = tokens(l);
            let name_at = toks
                .iter()
                .find(|t| t.0.contains(p.name))
                .map_or(0, |t| t.1);
            let last = toks.last().cloned().unwrap_or_default();
            (name_at, last.1, last.2)
        })
        .collect();
    let same =
        |k: fn(&(usize, usize, usize)) -> usize| cols.windows(2).all(|w| k(&w[0]) == k(&w[1]));
    if !(same(|c| c.0) && (same(|c| c.1) || same(|c| c.2))) {
        f.add(
            "crosstable_monospace",
            format!(
                "{what}: the rows do not line up as a monospace table (name column, last column start, end: {cols:?}):\n{}",
                rows.iter()
                    .map(|(_, l)| l.as_str())
                    .collect::<Vec<_>>()
                    .join("\n")
            ),
        );
    }
    // The figures: each row holds its points then the tie-breaks in the
    // order in force, and its cells in column order.
    for w in want {
        let p = players[w.number as usize - 1];
        let Some((_, line)) = rows.iter().find(|(q, _)| *q == p) else {
            continue;
        };
        let toks: Vec<String> = tokens(line).into_iter().map(|t| t.0).collect();
        let mut figures = vec![scoring.printed("points", w.points)];
        for code in order {
            if let Some(&(_, v)) = w.tie_breaks.iter().find(|(c, _)| c == code) {
                let mut forms = scoring.printed(code, v);
                if *code == "DE" {
                    // Averaged per game, or blank for a player not tied
                    // when DE's turn comes.
                    forms.extend(scoring.printed(code, v / 2.0));
                    if v == 0.0 {
                        forms.push(String::new());
                    }
                }
                figures.push(forms);
            }
        }
        if !in_order(&toks, &figures) {
            f.add(
                "crosstable_figures",
                format!(
                    "{what}: {}'s row should show, in order, the points and the tie-breaks {order:?}: {:?}; the row: «{line}»",
                    p.name,
                    figures.iter().map(|x| x[0].clone()).collect::<Vec<_>>()
                ),
            );
        }
        // Cells: the sum of the pair's games, or each game's score.
        let mut cells: Vec<Vec<String>> = Vec::new();
        for (j, q) in players.iter().enumerate() {
            if *q == p || withdrawn == Some(*q) || withdrawn == Some(p) {
                continue;
            }
            let pair: Vec<&TGame> = games
                .iter()
                .filter(|g| (g.white == p && g.black == *q) || (g.white == *q && g.black == p))
                .collect();
            let mut each: Vec<Vec<String>> = Vec::new();
            for g in &pair {
                let forfeit = matches!(g.plan.end, End::Forfeit(_) | End::Cancelled);
                let result = match g.plan.end {
                    End::WhiteWins | End::Forfeit(Side::Black) => "1-0",
                    End::BlackWins | End::Forfeit(Side::White) | End::TimeLoss => "0-1",
                    _ => "1/2-1/2",
                };
                each.push(game_forms(result, g.white == p, forfeit, scoring));
            }
            // The hand-worked sum of the pair's games.
            let sum = cross[w.number as usize - 1][j];
            let mut forms = scoring.printed("points", sum);
            // Both games in one cell, in either order: "½1", "1 ½".
            if let [a, b] = each.as_slice() {
                for x in a {
                    for y in b {
                        forms.push(format!("{x}{y}"));
                        forms.push(format!("{y}{x}"));
                        forms.push(format!("{x} {y}"));
                        forms.push(format!("{y} {x}"));
                    }
                }
            }
            cells.push(forms);
        }
        if !in_order(&toks, &cells) {
            f.add(
                "crosstable_figures",
                format!(
                    "{what}: {}'s row should show the results against each opponent in column order: {:?}; the row: «{line}»",
                    p.name,
                    cells.iter().map(|x| x[0].clone()).collect::<Vec<_>>()
                ),
            );
        }
    }
}

// ---------------------------------------------------------------------------
// (c)

const ROMANOVA: Player = p("Romanova", "romanova@example.test", Lang::En);
const SHAW: Player = p("Shaw", "shaw@example.test", Lang::En);
const TIKHONOV: Player = p("Тихонов", "tikhonov@example.test", Lang::Ru);
const PERIOD: &str = "Сроки-2027";
const PERIOD_PLAYERS: [Player; 3] = [ROMANOVA, SHAW, TIKHONOV];
const PERIOD_PLANS: [Plan; 3] = [
    plan("2-3", 4, End::Cancelled),
    plan("1-2", 3, End::WhiteWins),
    plan("3-1", 3, End::Cancelled),
];

/// The phrases of the players' analyses and of the director's ruling, to
/// find them again where they must be shown.
const SHAW_ANALYSIS: &str = "After 3. g3-h4 White's centre wins a man by force";
const TIKHONOV_ANALYSIS: &str = "после 2... g7-f6 у чёрных слабое поле";
const ROMANOVA_ANALYSIS: &str = "The position is level, both flanks are closed";
const RULING: &str = "Позиция равная, выигрыша нет ни у одной стороны";

#[test]
fn the_playing_period_ends_with_two_unfinished_games() {
    let bot = Bot::new(Mailing::Local);
    let mut c = Conversation::new(bot, &PERIOD_PLAYERS, &[JUDGE]);
    let mut f = Failures::default();
    make_tournament(
        &c,
        &mut f,
        PERIOD,
        "round-robin",
        &["SB", "WIN", "DE"],
        &["--playing-period-days", "60", "--claim-days", "10"],
        &PERIOD_PLAYERS,
    );
    c.serve(None);
    let mut games = with_plans(&c, PERIOD, &PERIOD_PLAYERS, &PERIOD_PLANS);
    play_all(&mut c, &mut games, |_, _, _| false);
    let id = |label: &str| games.iter().find(|g| g.label == label).unwrap().clone();
    let (settled, ruled) = (id("2-3"), id("3-1"));
    assert_eq!(stored(&c, id("1-2").id).result.as_deref(), Some("1-0"));

    // The director ends the playing period; both players of each unfinished
    // game are asked for their claims.
    director(
        &c,
        None,
        &["tournament", "end-period", PERIOD, "--as", JUDGE.email],
    );
    let asked = c.serve(None);
    for g in [&settled, &ruled] {
        for p in [g.white, g.black] {
            let m = asked.iter().find(|m| m.is_to(&p) && m.game() == Some(g.id));
            let words: &[&str] = match p.lang {
                Lang::Ru => &["требую победу", "требую ничью", "признаю поражение"],
                Lang::En => &["claim win", "claim draw", "claim loss"],
            };
            match m {
                Some(m) if words.iter().all(|w| m.text.to_lowercase().contains(w)) => {}
                Some(m) => f.add(
                    "period_end_asks_for_claims",
                    format!(
                        "game #{} ({}): the mail to {} at the end of the playing period should say how to claim ({words:?})\n{}",
                        g.id,
                        g.label,
                        p.name,
                        m.show()
                    ),
                ),
                None => f.add(
                    "period_end_asks_for_claims",
                    format!(
                        "game #{} ({}): {} got no mail when the playing period ended",
                        g.id, g.label, p.name
                    ),
                ),
            }
        }
    }
    // A frozen game takes no more moves.
    let before = stored(&c, ruled.id).moves.len();
    let to = c.last_to(TIKHONOV, ruled.id);
    let refused = c.reply(TIKHONOV, &to, "3. ab2");
    if stored(&c, ruled.id).moves.len() != before {
        f.add(
            "frozen_game_takes_no_moves",
            format!(
                "game #{} took a move after the playing period ended",
                ruled.id
            ),
        );
    } else if !refused.iter().any(|m| m.is_to(&TIKHONOV)) {
        f.add(
            "frozen_game_takes_no_moves",
            "a move in a frozen game is refused without a word to the player",
        );
    }

    // 2-3: Shaw claims the win, Тихонов admits the loss: settled 1-0.
    // A claim's analysis is text for the director, moves and all: the
    // claimant gets one answer, the claim's, and no refusal of a "move".
    let one_answer = |f: &mut Failures, who: Player, line: &str, new: &[BotMail]| {
        let to_me: Vec<&BotMail> = new.iter().filter(|m| m.is_to(&who)).collect();
        let refused = to_me.iter().any(|m| {
            let t = m.text.to_lowercase();
            t.contains("not accepted") || t.contains("не принят")
        });
        if to_me.len() != 1 || refused {
            f.add(
                "claim_analysis_is_part_of_the_claim",
                format!(
                    "{} wrote «{}»: expected one answer, the claim's; got {}:\n{}",
                    who.name,
                    line.replace('\n', "⏎"),
                    to_me.len(),
                    to_me
                        .iter()
                        .map(|m| m.show())
                        .collect::<Vec<_>>()
                        .join("\n")
                ),
            );
        }
    };
    let to = c.last_to(SHAW, settled.id);
    let line = format!("claim win\n\n{SHAW_ANALYSIS}.");
    let new = c.reply(SHAW, &to, &line);
    one_answer(&mut f, SHAW, &line, &new);
    let to = c.last_to(TIKHONOV, settled.id);
    let told = c.reply(TIKHONOV, &to, "Признаю поражение.");
    let row: (Option<String>, Option<String>) = c
        .bot
        .db()
        .query_row(
            "SELECT result, termination FROM games WHERE id = ?1",
            [settled.id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    if row != (Some("1-0".into()), Some("agreed_claims".into())) {
        f.add(
            "matching_claims_settle",
            format!(
                "game #{} ({}): Shaw claimed the win, Тихонов admitted the loss: expected 1-0 by agreed claims, got {row:?}",
                settled.id, settled.label
            ),
        );
    }
    for p in [SHAW, TIKHONOV] {
        let m = told
            .iter()
            .find(|m| m.is_to(&p) && m.game() == Some(settled.id));
        let says = m.is_some_and(|m| m.text.contains("1-0") || m.text.contains("1:0"));
        if !says {
            f.add(
                "both_players_told",
                format!(
                    "game #{}: {} should be told that the claims matched and the game ended 1-0; got {:?}",
                    settled.id,
                    p.name,
                    m.map(BotMail::show)
                ),
            );
        }
    }

    // 3-1: Тихонов claims the win, Romanova a draw: to the director.
    let to = c.last_to(TIKHONOV, ruled.id);
    let line = format!("Требую победу.\n\n{TIKHONOV_ANALYSIS}.");
    let new = c.reply(TIKHONOV, &to, &line);
    one_answer(&mut f, TIKHONOV, &line, &new);
    let to = c.last_to(ROMANOVA, ruled.id);
    let told = c.reply(
        ROMANOVA,
        &to,
        &format!("claim draw\n\n{ROMANOVA_ANALYSIS}."),
    );
    for p in [TIKHONOV, ROMANOVA] {
        if !told
            .iter()
            .any(|m| m.is_to(&p) && m.game() == Some(ruled.id))
        {
            f.add(
                "both_players_told",
                format!(
                    "game #{}: the claims differ; {} should be told that the director will rule",
                    ruled.id, p.name
                ),
            );
        }
    }
    let list: serde_json::Value = serde_json::from_str(&director(
        &c,
        None,
        &["tournament", "adjudications", PERIOD, "--json"],
    ))
    .expect("adjudications JSON");
    let entry = list
        .as_array()
        .and_then(|a| a.iter().find(|e| e["game"].as_i64() == Some(ruled.id)))
        .cloned();
    match entry {
        Some(e) => {
            let claims = e["claims"].as_array().cloned().unwrap_or_default();
            let has = |side: &str, result: &str, phrase: &str| {
                claims.iter().any(|c| {
                    c["side"] == side
                        && c["result"] == result
                        && c["analysis"].as_str().is_some_and(|a| a.contains(phrase))
                })
            };
            if e["state"] != "ruling"
                || e["fen"].as_str().is_none_or(str::is_empty)
                || !has("white", "1-0", TIKHONOV_ANALYSIS)
                || !has("black", "1/2-1/2", ROMANOVA_ANALYSIS)
            {
                f.add(
                    "director_sees_claims",
                    format!(
                        "game #{}: the director's list should show it waiting for a ruling, with the position and both claims with their analyses:\n{e:#}",
                        ruled.id
                    ),
                );
            }
        }
        None => f.add(
            "director_sees_claims",
            format!(
                "game #{} is not in `tournament adjudications`:\n{list:#}",
                ruled.id
            ),
        ),
    }
    let text = director(&c, None, &["tournament", "adjudications", PERIOD]);
    if !(text.contains(TIKHONOV_ANALYSIS)
        && text.contains(ROMANOVA_ANALYSIS)
        && text.chars().any(common::conversation::is_board_char))
    {
        f.add(
            "director_sees_claims",
            format!("`tournament adjudications` shows the diagram and both analyses:\n{text}"),
        );
    }
    // Listed once settled? The settled game is no longer waiting.
    director(
        &c,
        None,
        &[
            "referee",
            "adjudicate",
            &ruled.id.to_string(),
            "1/2-1/2",
            "--as",
            JUDGE.email,
            "--reason",
            RULING,
        ],
    );
    let told = c.serve(None);
    if stored(&c, ruled.id).result.as_deref() != Some("1/2-1/2") {
        f.add(
            "director_rules",
            format!(
                "game #{}: `referee adjudicate 1/2-1/2` did not end it",
                ruled.id
            ),
        );
    }
    for p in [TIKHONOV, ROMANOVA] {
        let m = told
            .iter()
            .find(|m| m.is_to(&p) && m.game() == Some(ruled.id));
        if !m.is_some_and(|m| m.text.contains(RULING)) {
            f.add(
                "both_players_told",
                format!(
                    "game #{}: {} should be told of the ruling with its reason «{RULING}»; got {:?}",
                    ruled.id,
                    p.name,
                    m.map(BotMail::show)
                ),
            );
        }
    }
    // Standings: Romanova 1½, Shaw 1, Тихонов ½.
    let json: serde_json::Value = serde_json::from_str(&director(
        &c,
        None,
        &["tournament", "standings", PERIOD, "--json"],
    ))
    .unwrap();
    let rows = json["sections"][0]["rows"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let got: Vec<(u64, u64)> = rows
        .iter()
        .filter_map(|r| Some((r["number"].as_u64()?, r["half_points"].as_u64()?)))
        .collect();
    if got != [(1, 3), (2, 2), (3, 1)] {
        f.add(
            "period_standings",
            format!("{PERIOD}: expected 1 Romanova 1½, 2 Shaw 1, 3 Тихонов ½; got (number, half-points) {got:?}"),
        );
    }
    let names: Vec<&str> = PERIOD_PLAYERS
        .iter()
        .chain([&JUDGE])
        .map(|p| p.name)
        .collect();
    for m in &c.mails {
        if let Some(reader) = c.player(m.recipient()).copied() {
            f.extend(check_mail(m, &reader, reader.lang, &names));
        }
    }
    dump(&c);
    f.assert_none();
}

// ---------------------------------------------------------------------------
// The crosstable checks themselves: a table written as the acceptance asks passes
// them, a table in proportional layout or with English codes in a Russian
// mail fails the right one (so a failure above is the product's).

fn crosstable_eml(to: &str, text: &str, html_pre: bool) -> BotMail {
    let html = if html_pre {
        format!(
            "<html><body><p>Турнирная таблица</p><pre style=\"font-family:monospace\">{text}</pre></body></html>"
        )
    } else {
        format!(
            "<html><body><p>{}</p></body></html>",
            text.replace('\n', "<br>")
        )
    };
    let raw = format!(
        "From: zaochka <bot+p1.abc@example.test>\r\nReply-To: bot+p1.abc@example.test\r\nTo: {to}\r\nSubject: [zaochka] Кубок-2027\r\nMessage-ID: <x.1@example.test>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary=\"b\"\r\n\r\n--b\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{text}\r\n--b\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{html}\r\n--b--\r\n"
    );
    BotMail::parse("synthetic.eml", &raw)
}

/// The double round robin's final table as a Russian reader should get it
/// (written by hand from the module comment's figures; cells: the pair's two
/// games in round order, "+" and "−" for forfeits).
const GOOD_TABLE_RU: &str = "\
Кубок-2027, русские шашки, двухкруговой турнир: таблица после 23 партий из 30

 №  Участник      1   2   3   4   5   6   Очки  Поб  Бер  ЛВ  Коя  Бух  Ч  Место
 1  Алексеев      ×  ½½  0½  11  11  1+    5½    4   16   0   1½   29  4    2
 2  Baker        ½½   ×  1½  11  10  0+    5½    4   19   0   2½   29  4    1
 3  Волкова      1½  0½   ×  1+  ½½  ++    5     3   17       2    30  3    3
 4  Dixon        00  00  0−   ×  11  ½+    2     2    4       0    36  4    4
 5  Егоров       00  01  ½½  00   ×  ++    2     1  10½       2    36  4    5
 6  Fischer      0−  1−  −−  ½−  −−   ×   выбыл: результаты не учитываются
";

#[test]
fn the_crosstable_checks_pass_a_table_written_as_asked_and_fail_a_proportional_one() {
    // The results as planned (the checks read each game's score from the plans).
    let games: Vec<TGame> = CUP_PLANS
        .iter()
        .map(|plan| {
            let (w, b) = plan.label.split_once('-').unwrap();
            let (w, b): (usize, usize) = (w.parse().unwrap(), b.parse().unwrap());
            TGame {
                id: 0,
                label: plan.label.to_string(),
                round: 0,
                white: CUP_PLAYERS[w - 1],
                black: CUP_PLAYERS[b - 1],
                match_game: None,
                ballot: None,
                plan: *plan,
                opening_plies: 0,
                offered: false,
                directed: false,
            }
        })
        .collect();
    let e = Expected {
        name: CUP,
        players: &CUP_PLAYERS,
        rows: &CUP_STANDINGS,
        order: &CUP_TIE_BREAKS,
        scoring: Scoring::Classic,
        withdrawn: Some(FISCHER),
        cross: CUP_CROSS.iter().map(|r| &r[..]).collect(),
    };
    let run = |m: &BotMail| {
        let mut f = Failures::default();
        check_crosstable_mail(&mut f, m, ALEKSEEV, &e, &games);
        f.list
            .iter()
            .map(|x| (x.check, x.message.clone()))
            .collect::<Vec<_>>()
    };
    let good = run(&crosstable_eml(ALEKSEEV.email, GOOD_TABLE_RU, true));
    assert!(good.is_empty(), "{good:#?}");
    // Single spaces: a proportional layout.
    let squeezed: String = GOOD_TABLE_RU
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n");
    let bad = run(&crosstable_eml(ALEKSEEV.email, &squeezed, false));
    let checks: Vec<&str> = bad.iter().map(|x| x.0).collect();
    assert!(checks.contains(&"crosstable_monospace"), "{bad:#?}");
    // English codes for a Russian reader.
    let english = GOOD_TABLE_RU.replace("Поб", "WIN").replace("Бер", " SB");
    let bad = run(&crosstable_eml(ALEKSEEV.email, &english, true));
    assert!(
        bad.iter().any(|x| x.0 == "crosstable_in_readers_language"),
        "{bad:#?}"
    );
    // A wrong figure: Baker's SB.
    let wrong = GOOD_TABLE_RU.replace("   19 ", "   18 ");
    let bad = run(&crosstable_eml(ALEKSEEV.email, &wrong, true));
    assert!(bad.iter().any(|x| x.0 == "crosstable_figures"), "{bad:#?}");
}

/// The claim term runs out with no claims: each frozen game goes to the
/// director, both players are told, and the director's ruling ends it.
#[test]
fn claims_that_do_not_come_in_time_send_the_games_to_the_director() {
    let bot = Bot::new(Mailing::Local);
    let mut c = Conversation::new(bot, &PERIOD_PLAYERS, &[JUDGE]);
    let mut f = Failures::default();
    let name = "Сроки-молчание";
    make_tournament(
        &c,
        &mut f,
        name,
        "round-robin",
        &["SB", "WIN", "DE"],
        &["--playing-period-days", "60", "--claim-days", "1"],
        &PERIOD_PLAYERS,
    );
    c.serve(None);
    // The period ended two days ago with a term of one day: overdue now.
    director(
        &c,
        Some(&two_days_ago()),
        &["tournament", "end-period", name, "--as", JUDGE.email],
    );
    let told = c.serve(None);
    let list: serde_json::Value = serde_json::from_str(&director(
        &c,
        None,
        &["tournament", "adjudications", name, "--json"],
    ))
    .unwrap();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 3, "{list:?}");
    for a in list {
        assert_eq!(a["state"], "ruling", "{a}");
        let game = a["game"].as_i64().unwrap();
        for p in PERIOD_PLAYERS {
            let ours = told
                .iter()
                .filter(|m| m.is_to(&p) && m.game() == Some(game))
                .count();
            let plays = [a["white"].as_str(), a["black"].as_str()].contains(&Some(p.name));
            if plays {
                let word = match p.lang {
                    Lang::Ru => "присудит судья",
                    Lang::En => "director will adjudicate",
                };
                assert!(
                    told.iter()
                        .any(|m| m.is_to(&p) && m.game() == Some(game) && m.text.contains(word)),
                    "{} is not told that game #{game} goes to the director ({ours} mails)",
                    p.name
                );
            }
        }
    }
    // The director rules one; it ends, with the reason to both.
    let game = list[0]["game"].as_i64().unwrap().to_string();
    director(
        &c,
        None,
        &[
            "referee",
            "adjudicate",
            &game,
            "1/2-1/2",
            "--as",
            JUDGE.email,
            "--reason",
            "равная позиция",
        ],
    );
    let ruled = c.serve(None);
    assert!(
        ruled
            .iter()
            .filter(|m| m.text.contains("равная позиция"))
            .count()
            >= 2,
        "both players get the ruling with its reason"
    );
    let list: serde_json::Value = serde_json::from_str(&director(
        &c,
        None,
        &["tournament", "adjudications", name, "--json"],
    ))
    .unwrap();
    assert_eq!(list[0]["state"], "ruled", "{list}");
    f.assert_none();
}
