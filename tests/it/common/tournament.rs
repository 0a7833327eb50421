//! Tournaments played by mail through the daemon: the directors' commands
//! (`zaochka tournament ...`, `zaochka referee ...`), each tournament game with
//! its scripted plan, and the cycles that play every game one step at a time
//! (all the players' mails of a step wait in the inbox, then one `serve --once`
//! takes them all, as the daemon takes a round's mail).
//!
//! A plan says how a game ends; the moves are real: from the initial position
//! the line [`LINE`] (checked legal move by move), from a balloted opening the
//! first legal move the rules core gives for the position the game stands in
//! (its start FEN and the moves in the database, replayed by `zaochka::games`).
#![allow(dead_code)]

use std::collections::BTreeMap;

use super::conversation::{BotMail, Conversation, Lang, Player};

/// A quiet line of Russian checkers from the initial position: 1. c3-d4 f6-g5
/// 2. b2-c3 g7-f6 3. g3-h4 h8-g7 4. a1-b2 b6-a5 (no capture is due at any
/// ply; checked with `zaochka play`). Written short, as players write.
pub const LINE: [&str; 8] = ["cd4", "fg5", "bc3", "gf6", "gh4", "hg7", "ab2", "ba5"];

/// A side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

/// How a scripted game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Black resigns (on his move, once at least `plies` plies are played).
    WhiteWins,
    /// White resigns.
    BlackWins,
    /// The side to move after `plies - 1` plies makes ply `plies` with a
    /// draw offer; the opponent accepts.
    Draw,
    /// After `plies` plies the side to move is silent past the deadline and
    /// loses on time (the scheduler's tick).
    TimeLoss,
    /// After `plies` plies the director forfeits this side.
    Forfeit(Side),
    /// The game is left running after `plies` plies: a player's withdrawal
    /// forfeits it, or the end of the playing period freezes it.
    Cancelled,
}

/// A scripted game: the label (`"3-4"`; the second game of a micro-match
/// is written with its colours, `"4-3"`), the plies to play, the end.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    pub label: &'static str,
    pub plies: usize,
    pub end: End,
}

/// A tournament game as the bot made it, with its plan and its progress.
#[derive(Clone, Debug)]
pub struct TGame {
    pub id: i64,
    pub label: String,
    pub round: u32,
    pub white: Player,
    pub black: Player,
    /// 1 or 2 in a micro-match.
    pub match_game: Option<u32>,
    pub ballot: Option<String>,
    pub plan: Plan,
    /// Plies in the game before the players' first mail (a balloted opening
    /// played as moves).
    pub opening_plies: usize,
    pub offered: bool,
    /// The director's step (forfeit, time-out) was taken.
    pub directed: bool,
}

impl TGame {
    pub fn player(&self, side: Side) -> Player {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }
}

/// What a player writes for the game's next step, if it is his.
#[derive(Clone, Debug)]
pub struct Step {
    pub game: i64,
    pub player: Player,
    pub line: String,
    /// What the step must do: one ply more, or the game's result.
    pub expect: Expect,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// One ply more.
    Ply,
    /// One ply more and a pending draw offer.
    PlyWithOffer,
    /// The game is over with this result (`1-0`, `0-1`, `1/2-1/2`).
    Result(&'static str),
}

/// A player's words, in his language.
pub fn resign_word(lang: Lang) -> &'static str {
    match lang {
        Lang::Ru => "Сдаюсь.",
        Lang::En => "I resign.",
    }
}

pub fn offer_word(lang: Lang) -> &'static str {
    match lang {
        Lang::Ru => "Предлагаю ничью.",
        Lang::En => "I offer a draw.",
    }
}

pub fn accept_word(lang: Lang) -> &'static str {
    match lang {
        Lang::Ru => "Согласен на ничью.",
        Lang::En => "accept",
    }
}

/// A tournament game as the database links it (`tournament_games`).
#[derive(Clone, Debug)]
pub struct Linked {
    pub id: i64,
    pub round: u32,
    pub board: u32,
    pub white_number: u32,
    pub black_number: u32,
    pub white_email: String,
    pub black_email: String,
    pub match_game: Option<u32>,
    pub ballot_table: Option<String>,
    pub ballot_code: Option<String>,
}

impl Linked {
    /// The game's label as the Russian correspondence committee writes it.
    pub fn label(&self) -> String {
        format!("{}-{}", self.white_number, self.black_number)
    }
}

/// Every game of a tournament, by round and board.
pub fn linked(c: &Conversation, tournament: &str) -> Vec<Linked> {
    let db = c.bot.db();
    let mut st = db
        .prepare(
            "SELECT g.id, tg.round, tg.board, tg.white_number, tg.black_number, w.email, b.email,
                    tg.match_game, tg.ballot_table, tg.ballot_code
             FROM tournament_games tg
             JOIN tournaments t ON t.id = tg.tournament_id
             JOIN games g ON g.id = tg.game_id
             JOIN players w ON w.id = g.white_id
             JOIN players b ON b.id = g.black_id
             WHERE t.name = ?1
             ORDER BY tg.round, tg.board, tg.match_game",
        )
        .unwrap();
    st.query_map([tournament], |r| {
        Ok(Linked {
            id: r.get(0)?,
            round: r.get(1)?,
            board: r.get(2)?,
            white_number: r.get(3)?,
            black_number: r.get(4)?,
            white_email: r.get(5)?,
            black_email: r.get(6)?,
            match_game: r.get(7)?,
            ballot_table: r.get(8)?,
            ballot_code: r.get(9)?,
        })
    })
    .unwrap()
    .map(Result::unwrap)
    .collect()
}

/// `label` as a token of `text`: not inside a longer number or date
/// (`6-1` is not in `2026-12-01`).
pub fn has_label(text: &str, label: &str) -> bool {
    let mut from = 0;
    while let Some(i) = text[from..].find(label) {
        let a = from + i;
        let b = a + label.len();
        let glued = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit() || c == '-');
        if !glued(text[..a].chars().last()) && !glued(text[b..].chars().next()) {
            return true;
        }
        from = b;
    }
    false
}

/// The game as the database holds it: start FEN and moves.
pub struct Stored {
    pub start_fen: Option<String>,
    pub moves: Vec<String>,
    pub result: Option<String>,
    pub status: String,
}

pub fn stored(c: &Conversation, id: i64) -> Stored {
    let db = c.bot.db();
    let (start_fen, result, status): (Option<String>, Option<String>, String) = db
        .query_row(
            "SELECT start_fen, result, status FROM games WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    let mut st = db
        .prepare("SELECT notation FROM moves WHERE game_id = ?1 ORDER BY ply")
        .unwrap();
    let moves = st
        .query_map([id], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    Stored {
        start_fen,
        moves,
        result,
        status,
    }
}

/// The game replayed by the rules core.
pub fn position(s: &Stored) -> Box<dyn zaochka::games::AnyGame> {
    let plies: Vec<&str> = s.moves.iter().map(String::as_str).collect();
    let rec = zaochka::games::open_record(
        zaochka::rules::Variant::Russian,
        s.start_fen.as_deref(),
        &plies,
        1,
    )
    .expect("a Russian game's start position");
    assert!(
        rec.failure.is_none(),
        "the stored moves replay: {:?} from {:?}",
        s.moves,
        s.start_fen
    );
    rec.game
}

fn to_move(g: &dyn zaochka::games::AnyGame) -> Side {
    match g.turn() {
        zaochka::rules::Color::White => Side::White,
        zaochka::rules::Color::Black => Side::Black,
    }
}

/// The next step of a game's plan, `None` when it waits (for the director,
/// a time-out, a withdrawal) or is over.
pub fn next_step(c: &Conversation, g: &TGame) -> Option<Step> {
    let s = stored(c, g.id);
    if s.result.is_some() || s.status != "active" {
        return None;
    }
    let pos = position(&s);
    let side = to_move(pos.as_ref());
    let me = g.player(side);
    let ours = s.moves.len().saturating_sub(g.opening_plies);
    let initial = s.start_fen.is_none() && g.opening_plies == 0;
    let mv = || -> String {
        if initial && ours < LINE.len() && pos.check(LINE[ours]).is_ok() {
            // Numbered as players write: "2. bc3", "2... gf6".
            let n = ours / 2 + 1;
            match side {
                Side::White => format!("{n}. {}", LINE[ours]),
                Side::Black => format!("{n}... {}", LINE[ours]),
            }
        } else {
            pos.legal_moves()
                .into_iter()
                .next()
                .expect("a legal move in a running game")
        }
    };
    let step = |line: String, expect: Expect| {
        Some(Step {
            game: g.id,
            player: me,
            line,
            expect,
        })
    };
    match g.plan.end {
        End::Draw if g.offered => step(accept_word(me.lang).to_string(), Expect::Result("1/2-1/2")),
        End::Draw if ours + 1 >= g.plan.plies => step(
            format!("{} {}", mv(), offer_word(me.lang)),
            Expect::PlyWithOffer,
        ),
        End::WhiteWins if ours >= g.plan.plies && side == Side::Black => {
            step(resign_word(me.lang).to_string(), Expect::Result("1-0"))
        }
        End::BlackWins if ours >= g.plan.plies && side == Side::White => {
            step(resign_word(me.lang).to_string(), Expect::Result("0-1"))
        }
        End::TimeLoss | End::Forfeit(_) | End::Cancelled if ours >= g.plan.plies => None,
        _ => step(mv(), Expect::Ply),
    }
}

/// Plays every game's next step, one daemon cycle per step, until no game
/// has one; `between` runs after each cycle (the director's actions) and may
/// say that more steps are to come (`true`) although no game had one.
/// Returns the number of cycles.
pub fn play_all(
    c: &mut Conversation,
    games: &mut [TGame],
    mut between: impl FnMut(&mut Conversation, &mut [TGame], usize) -> bool,
) -> usize {
    let mut cycle = 0;
    loop {
        let steps: Vec<Step> = games.iter().filter_map(|g| next_step(c, g)).collect();
        if steps.is_empty() {
            cycle += 1;
            if between(c, games, cycle) {
                continue;
            }
            return cycle;
        }
        let before: BTreeMap<i64, usize> = steps
            .iter()
            .map(|s| (s.game, stored(c, s.game).moves.len()))
            .collect();
        for s in &steps {
            let to = c.last_to(s.player, s.game);
            c.post_reply(s.player, &to, &s.line);
        }
        let new = c.serve(None);
        cycle += 1;
        for s in &steps {
            let after = stored(c, s.game);
            let g = games.iter_mut().find(|g| g.id == s.game).unwrap();
            let ok = match &s.expect {
                Expect::Ply => after.moves.len() == before[&s.game] + 1,
                Expect::PlyWithOffer => {
                    g.offered = true;
                    after.moves.len() == before[&s.game] + 1
                }
                Expect::Result(r) => after.result.as_deref() == Some(*r),
            };
            if !ok {
                let answers: Vec<String> = new
                    .iter()
                    .filter(|m| m.game() == Some(s.game))
                    .map(BotMail::show)
                    .collect();
                panic!(
                    "cycle {cycle}: game #{} ({}), {} wrote «{}» expecting {:?}; the game has {} plies, result {:?}, status {}; the daemon recorded {:?}. The bot's mails about the game:\n{}",
                    s.game,
                    g.label,
                    s.player.name,
                    s.line,
                    s.expect,
                    after.moves.len(),
                    after.result,
                    after.status,
                    c.bot.outcomes().last(),
                    answers.join("\n")
                );
            }
        }
        between(c, games, cycle);
    }
}
