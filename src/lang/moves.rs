//! Why a move was refused, how the rules alone ended a game, and which draw
//! a player may claim, in the reader's language with the rule's citation.
//! Rule citations as players can look them up: the rulebook's own name and
//! clause («Правила вида спорта «шашки», п. 1.9.2», "FIDE Laws of Chess,
//! art. 9.2"), never a project file (table: `../shared/RULES.md` §9).
//!
//! Also the referee's sentences about moves, resignations, sealed moves, draw
//! offers and claims ([`Event`]): the referee passes typed data, this module
//! words it.

use super::Language;
use super::rulebook::cite;
use crate::games::{
    ClaimKind, ClaimableDraw, EndRule, Finish, Illegal, MoveError, MoveErrorKind, UnreadableMove,
};
use crate::notation::IllegalReason;
use crate::notation::square_name::SquareError;
use crate::notation::written::Unreadable;
use crate::rules::{Citation, Color, DrawRule, GameResult, LoneKingCount, Role};

use super::game::side_name;

/// Why a draughts text is not a move, as a clause: "it is empty" / «пустой текст».
#[must_use]
pub fn unreadable(reason: Unreadable, lang: Language) -> &'static str {
    use Unreadable as U;
    match (reason, lang) {
        (U::Empty, Language::En) => "it is empty",
        (U::Empty, Language::Ru) => "пустой текст",
        (U::StrayCharacters, Language::En) => {
            "it holds characters that are not squares or move signs"
        }
        (U::StrayCharacters, Language::Ru) => {
            "в записи есть знаки, которые не означают ни поле, ни ход"
        }
        (U::NoStart, Language::En) => "it does not start with a square or a file",
        (U::NoStart, Language::Ru) => "запись начинается не с поля и не с буквы вертикали",
        (U::TwoSigns, Language::En) => "two move signs in a row",
        (U::TwoSigns, Language::Ru) => "два знака хода подряд",
        (U::BareFile, Language::En) => "a file letter without a rank inside the move",
        (U::BareFile, Language::Ru) => "буква вертикали без номера горизонтали внутри хода",
        (U::EndsWithSign, Language::En) => "it ends with a move sign",
        (U::EndsWithSign, Language::Ru) => "запись кончается знаком хода",
        (U::NoDestination, Language::En) => "it names no destination square",
        (U::NoDestination, Language::Ru) => "не указано поле, на которое идёт шашка",
    }
}

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(unreadable(*self, Language::En))
    }
}

fn square_error(e: &SquareError, lang: Language) -> String {
    match (e, lang) {
        (SquareError::NotPlaying(s), Language::En) => format!("{s} is not a playing square"),
        (SquareError::NotPlaying(s), Language::Ru) => format!("{s} — не игровое поле"),
        (SquareError::OffBoard(s), Language::En) => format!("{s} is not on the board"),
        (SquareError::OffBoard(s), Language::Ru) => format!("поля {s} нет на доске"),
        (SquareError::NoSuchNumber(n), Language::En) => {
            format!("there is no square {n} on this board")
        }
        (SquareError::NoSuchNumber(n), Language::Ru) => format!("поля {n} нет на этой доске"),
    }
}

/// The pieces a reason speaks of: a draughts piece, or a tower of column checkers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    Draughts,
    Towers,
}

/// The piece a reason speaks of: a man or king, or a tower and what leads it.
fn piece_name(towers: bool, role: Role, lang: Language) -> &'static str {
    match (lang, towers, role) {
        (Language::En, true, Role::King) => "tower led by a king",
        (Language::En, true, Role::Man) => "tower",
        (Language::En, false, Role::King) => "king",
        (Language::En, false, Role::Man) => "man",
        (Language::Ru, true, Role::King) => "башня с дамкой наверху",
        (Language::Ru, true, Role::Man) => "башня",
        (Language::Ru, false, Role::King) => "дамка",
        (Language::Ru, false, Role::Man) => "шашка",
    }
}

fn illegal_reason(r: &IllegalReason, family: Family, lang: Language) -> String {
    use IllegalReason as R;
    let towers = family == Family::Towers;
    match (r, lang) {
        (R::Square(e), _) => square_error(e, lang),
        (R::NoPieceOfYours(s), Language::En) if towers => {
            format!("there is no tower of yours on {s}")
        }
        (R::NoPieceOfYours(s), Language::En) => format!("there is no piece of yours on {s}"),
        (R::NoPieceOfYours(s), Language::Ru) if towers => format!("на {s} нет вашей башни"),
        (R::NoPieceOfYours(s), Language::Ru) => format!("на {s} нет вашей шашки"),
        (R::CaptureCompulsory(list), Language::En) => {
            format!("capture is compulsory: {}", list.join(" or "))
        }
        (R::CaptureCompulsory(list), Language::Ru) => {
            format!("бить обязательно: {}", list.join(" или "))
        }
        (R::CaptureContinues { stop, continues_to }, Language::En) => format!(
            "the capture does not stop on {stop}: it continues to {}",
            continues_to.join(" or ")
        ),
        (R::CaptureContinues { stop, continues_to }, Language::Ru) => format!(
            "взятие не заканчивается на {stop}: бой продолжается до {}",
            continues_to.join(" или ")
        ),
        (R::CannotMoveThere { role, from, to }, Language::En) => {
            let piece = piece_name(towers, *role, lang);
            format!("the {piece} on {from} cannot move to {to}")
        }
        (R::CannotMoveThere { role, from, to }, Language::Ru) => {
            let piece = piece_name(towers, *role, lang);
            format!("{piece} с {from} не может пойти на {to}")
        }
        (R::CannotCaptureThere { role, from, to }, Language::En) => {
            let piece = piece_name(towers, *role, lang);
            format!(
                "written with a capture sign, but the {piece} on {from} can neither capture nor move to {to}"
            )
        }
        (R::CannotCaptureThere { role, from, to }, Language::Ru) => {
            let piece = piece_name(towers, *role, lang);
            format!(
                "ход записан со знаком взятия, но {piece} с {from} не может ни бить, ни пойти на {to}"
            )
        }
        (R::NoPieceOnFile { file, to }, Language::En) => {
            let piece = if towers { "tower" } else { "piece" };
            format!("no {piece} of yours on the {file}-file can move to {to}")
        }
        (R::NoPieceOnFile { file, to }, Language::Ru) => {
            let piece = if towers { "башня" } else { "шашка" };
            format!("ни одна ваша {piece} с вертикали {file} не может пойти на {to}")
        }
        (R::NoLegalMoves, Language::En) => "there is no legal move: the game is over".into(),
        (R::NoLegalMoves, Language::Ru) => "ходов нет: партия окончена".into(),
    }
}

impl IllegalReason {
    /// The reason as a draughts sentence in a language.
    #[must_use]
    pub fn message(&self, lang: Language) -> String {
        illegal_reason(self, Family::Draughts, lang)
    }
}

/// Why a move is illegal, as a clause in a language.
#[must_use]
pub fn illegal(reason: &Illegal, lang: Language) -> String {
    match (reason, lang) {
        (Illegal::Draughts(r), _) => illegal_reason(r, Family::Draughts, lang),
        (Illegal::Towers(r), _) => illegal_reason(r, Family::Towers, lang),
        (Illegal::Chess(why), _) => super::chess::illegal(why, lang),
    }
}

impl MoveError {
    /// The reason as a sentence in a language, naming the move as written.
    #[must_use]
    pub fn message(&self, lang: Language) -> String {
        match (&self.kind, lang) {
            (MoveErrorKind::Unreadable(u), _) => {
                let why = match (u, lang) {
                    (UnreadableMove::Draughts(r), _) => unreadable(*r, lang).to_string(),
                    (UnreadableMove::Chess(why), _) => {
                        super::chess::unreadable(*why, lang).to_string()
                    }
                };
                match lang {
                    Language::En => format!("cannot read the move: {why}"),
                    Language::Ru => format!("не удалось прочитать ход: {why}"),
                }
            }
            (MoveErrorKind::Illegal(r), _) => illegal(r, lang),
            (MoveErrorKind::Ambiguous(c), Language::En) => {
                format!("the move is ambiguous; write one of: {}", c.join(", "))
            }
            (MoveErrorKind::Ambiguous(c), Language::Ru) => {
                format!("ход неоднозначен; напишите один из: {}", c.join(", "))
            }
            (MoveErrorKind::AmbiguousChess(c), _) => {
                let c: Vec<String> = c.iter().map(|m| super::chess::san_for(m, lang)).collect();
                MoveError {
                    written: self.written.clone(),
                    kind: MoveErrorKind::Ambiguous(c),
                }
                .message(lang)
            }
        }
    }
}

/// An automatic draw rule of draughts as one clause.
#[must_use]
pub fn draw_rule(rule: &DrawRule, lang: Language) -> String {
    match (*rule, lang) {
        (
            DrawRule::LoneKing {
                moves,
                main_road_only: true,
                ..
            },
            Language::En,
        ) => format!(
            "three pieces against a lone king on the main road: no win within {moves} moves"
        ),
        (
            DrawRule::LoneKing {
                moves,
                main_road_only: true,
                ..
            },
            Language::Ru,
        ) => format!(
            "три фигуры против одинокой дамки на большой дороге: нет выигрыша за {moves} ходов"
        ),
        (
            DrawRule::LoneKing {
                moves,
                count: LoneKingCount::EachSide,
                ..
            },
            Language::En,
        ) => format!("stronger side against a lone king: no win within {moves} moves each"),
        (
            DrawRule::LoneKing {
                moves,
                count: LoneKingCount::EachSide,
                ..
            },
            Language::Ru,
        ) => format!(
            "сильнейшая сторона против одинокой дамки: нет выигрыша за {moves} ходов каждой стороны"
        ),
        (DrawRule::LoneKing { moves, .. }, Language::En) => {
            format!("stronger side against a lone king: no win within {moves} moves")
        }
        (DrawRule::LoneKing { moves, .. }, Language::Ru) => {
            format!("сильнейшая сторона против одинокой дамки: нет выигрыша за {moves} ходов")
        }
        (
            DrawRule::UnchangedMaterial {
                pieces: (lo, hi),
                moves,
                ..
            },
            Language::En,
        ) => {
            format!("both sides have kings, {lo}-{hi} pieces, material unchanged for {moves} moves")
        }
        (
            DrawRule::UnchangedMaterial {
                pieces: (lo, hi),
                moves,
                ..
            },
            Language::Ru,
        ) => format!(
            "у обеих сторон дамки, {lo}-{hi} фигур, соотношение сил не менялось {moves} ходов"
        ),
        (DrawRule::KingsOnly { moves, .. }, Language::En) => {
            format!("{moves} moves with only kings moving and no capture")
        }
        (DrawRule::KingsOnly { moves, .. }, Language::Ru) => {
            format!("{moves} ходов делались только дамками, без взятий")
        }
    }
}

/// The rule that ended a game, as one clause (without its citation).
#[must_use]
pub fn end_rule(rule: &EndRule, lang: Language) -> String {
    let s = match (rule, lang) {
        (EndRule::DrawRule(r), _) => return draw_rule(r, lang),
        (EndRule::NoPieces, Language::En) => "the side to move has no pieces left",
        (EndRule::NoPieces, Language::Ru) => "у стороны, чей ход, не осталось шашек",
        (EndRule::NoTowers, Language::En) => "the side to move has no tower left",
        (EndRule::NoTowers, Language::Ru) => "у стороны, чей ход, не осталось башен",
        (EndRule::NoMoves | EndRule::TowersNoMoves, Language::En) => {
            "the side to move has no legal move"
        }
        (EndRule::NoMoves | EndRule::TowersNoMoves, Language::Ru) => {
            "у стороны, чей ход, нет ходов"
        }
        (EndRule::Checkmate, Language::En) => {
            "checkmate: the king is in check and no move parries it"
        }
        (EndRule::Checkmate, Language::Ru) => "мат: королю объявлен шах, и от него нет защиты",
        (EndRule::Stalemate, Language::En) => {
            "stalemate: the side to move is not in check and has no legal move"
        }
        (EndRule::Stalemate, Language::Ru) => "пат: король не под шахом, а сделать ход нельзя",
        (EndRule::DeadPosition, Language::En) => {
            "dead position: neither side can checkmate with the material left"
        }
        (EndRule::DeadPosition, Language::Ru) => {
            "мёртвая позиция: ни одна сторона не может поставить мат оставшимися фигурами"
        }
        (EndRule::FivefoldRepetition, Language::En) => "the same position has appeared five times",
        (EndRule::FivefoldRepetition, Language::Ru) => "одна и та же позиция возникла пять раз",
        (EndRule::SeventyFiveMoves, Language::En) => {
            "75 moves by each player without a pawn move or a capture"
        }
        (EndRule::SeventyFiveMoves, Language::Ru) => {
            "75 ходов каждой стороны без хода пешкой и без взятия"
        }
    };
    s.to_string()
}

/// A rule with its citation: "the side to move has no legal move (Russian
/// Draughts Rules (2010), §1.8.1)".
#[must_use]
pub fn rule_with_citation(rule: &str, citation: Citation, lang: Language) -> String {
    format!("{rule} ({})", cite(citation, lang))
}

/// The result as a sentence start: "White won", «Белые выиграли», "Draw", «Ничья».
#[must_use]
pub fn result(r: GameResult, lang: Language) -> &'static str {
    match (r, lang) {
        (GameResult::WhiteWins, Language::En) => "White won",
        (GameResult::WhiteWins, Language::Ru) => "Белые выиграли",
        (GameResult::BlackWins, Language::En) => "Black won",
        (GameResult::BlackWins, Language::Ru) => "Чёрные выиграли",
        (GameResult::Draw, Language::En) => "Draw",
        (GameResult::Draw, Language::Ru) => "Ничья",
    }
}

/// The result with its score: "White won (1-0)", «Ничья (1/2-1/2)».
#[must_use]
pub fn result_with_score(r: GameResult, lang: Language) -> String {
    format!("{} ({})", result(r, lang), r.pdn())
}

/// The rule behind a finish with its citation.
#[must_use]
pub fn finish_rule(f: &Finish, lang: Language) -> String {
    rule_with_citation(&end_rule(&f.rule, lang), f.citation, lang)
}

/// The sentence announcing that the rules ended a game: "Game over: the side
/// to move has no legal move (Russian Draughts Rules (2010), §1.8.1). White
/// won (1-0)."
#[must_use]
pub fn finish(f: &Finish, lang: Language) -> String {
    let rule = finish_rule(f, lang);
    let result = result_with_score(f.result, lang);
    match lang {
        Language::En => format!("Game over: {rule}. {result}."),
        Language::Ru => format!("Партия окончена: {rule}. {result}."),
    }
}

/// A claimable draw's rule as one clause (without its citation).
#[must_use]
pub fn claim_rule(kind: ClaimKind, lang: Language) -> String {
    match (kind, lang) {
        (ClaimKind::Repetition, Language::En) => {
            "the same position with the same side to move has occurred three times".into()
        }
        (ClaimKind::Repetition, Language::Ru) => {
            "одна и та же позиция при той же очереди хода повторилась три раза".into()
        }
        (ClaimKind::FiftyMoves, Language::En) => {
            "the last 50 moves by each player were made without a pawn move or a capture".into()
        }
        (ClaimKind::FiftyMoves, Language::Ru) => {
            "последние 50 ходов каждой стороны сделаны без хода пешкой и без взятия".into()
        }
        (ClaimKind::UnchangedMaterial { moves }, Language::En) => format!(
            "for the last {moves} moves the material (number of towers and their composition) has not changed"
        ),
        (ClaimKind::UnchangedMaterial { moves }, Language::Ru) => format!(
            "за последние {moves} ходов материальное соотношение сил (количество башен и их состав) не изменилось"
        ),
    }
}

/// A claimable draw with its citation.
#[must_use]
pub fn claimable(c: &ClaimableDraw, lang: Language) -> String {
    rule_with_citation(&claim_rule(c.kind, lang), c.citation, lang)
}

/// "3 times", «3 раза», «5 раз».
fn times(n: usize, lang: Language) -> String {
    match lang {
        Language::En if n == 1 => "once".into(),
        Language::En => format!("{n} times"),
        Language::Ru => {
            let word = match (n % 10, n % 100) {
                (2..=4, d) if !(12..=14).contains(&d) => "раза",
                _ => "раз",
            };
            format!("{n} {word}")
        }
    }
}

/// Why a draw claim fails: the position has not occurred three times and no
/// other claim rule applies; `citation` is the game's repetition rule.
#[must_use]
pub fn claim_fails(repetitions: usize, citation: Citation, lang: Language) -> String {
    let n = times(repetitions, lang);
    let c = cite(citation, lang);
    match lang {
        Language::En => format!(
            "the position has occurred {n}; a draw needs the same position three times with the same side to move ({c}), and no other claim rule applies"
        ),
        Language::Ru => format!(
            "позиция встречалась {n}; для ничьей нужна трижды повторившаяся позиция при той же очереди хода ({c}), другие основания не выполнены"
        ),
    }
}

/// What the referee tells the players about moves, resignations, sealed
/// moves, draw offers and claims. Moves and squares are given as the game
/// writes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A move was played (and perhaps a draw offered with it).
    Played {
        /// Its move number.
        number: u32,
        /// Who played it.
        side: Color,
        /// The move in full notation.
        full: String,
        /// The move as written, echoed to the mover (`None` in the
        /// opponent's mail: they read the move in their own notation).
        written: Option<String>,
        /// Whether a draw was offered with it.
        offers_draw: bool,
    },
    /// To the offerer: the opponent's move declined the pending draw offer.
    OfferDeclinedByMove {
        /// Its move number.
        number: u32,
        /// The move in full notation.
        full: String,
    },
    /// A move reached the bot after the deadline: the mover lost on time.
    LateMove {
        /// Who moved late.
        side: Color,
        /// The deadline the move missed.
        deadline: chrono::DateTime<chrono::Utc>,
    },
    /// A player resigned.
    Resigned {
        /// Who resigned.
        side: Color,
    },
    /// A player's sealed move is kept (to the sealer only).
    SealedKept {
        /// The move as written.
        written: String,
    },
    /// A sealed move revealed and played at resumption.
    SealedRevealed {
        /// Whose move it is.
        side: Color,
        /// The move in full notation.
        full: String,
        /// The move as written.
        written: String,
    },
    /// A sealed move that cannot be played: it loses (seed 003 art. 17c).
    SealedUnplayable {
        /// The move as written.
        written: String,
        /// Why it cannot be played.
        error: MoveError,
    },
    /// A draw offer without a move; says how to accept or decline.
    DrawOffered {
        /// Who offers.
        by: Color,
    },
    /// The pending offer was accepted.
    DrawAccepted,
    /// The pending offer was declined.
    DrawDeclined {
        /// Who declined.
        by: Color,
    },
    /// A draw claim is upheld: the game is drawn.
    ClaimUpheld {
        /// Who claimed.
        by: Color,
        /// The written move the claim came with (not played), full notation.
        with_move: Option<String>,
        /// The draw found.
        draw: ClaimableDraw,
    },
    /// A draw claim is rejected.
    ClaimRejected {
        /// Who claimed.
        by: Color,
        /// How often the position (after the written move) has occurred.
        repetitions: usize,
        /// The game's repetition rule.
        citation: Citation,
        /// Whether the written move of the claim was played instead.
        move_played: bool,
    },
    /// The rules ended the game.
    Finished(Finish),
    /// To the opponent of a sealer: a move is sealed, never which (seed 003
    /// art. 15).
    SealedByOpponent {
        /// Who sealed.
        side: Color,
    },
}

/// The words that accept and decline an offer, as the mail reader knows
/// them (`crate::mail::intent`).
/// With `your_move`, a move declines it too.
pub fn how_to_answer_offer(lang: Language, your_move: bool) -> &'static str {
    match (lang, your_move) {
        (Language::En, true) => {
            "To accept, reply \"accept draw\"; to decline, reply \"decline draw\" or simply make your move."
        }
        (Language::En, false) => {
            "To accept, reply \"accept draw\"; to decline, reply \"decline draw\"."
        }
        (Language::Ru, true) => {
            "Чтобы принять, ответьте «принимаю ничью»; чтобы отклонить — «отклоняю ничью» или просто сделайте ход."
        }
        (Language::Ru, false) => {
            "Чтобы принять, ответьте «принимаю ничью»; чтобы отклонить — «отклоняю ничью»."
        }
    }
}

/// An event as the reader's sentence(s).
#[must_use]
pub fn event(e: &Event, lang: Language) -> String {
    use Language::{En, Ru};
    match (e, lang) {
        (
            Event::Played {
                number,
                side,
                full,
                written,
                offers_draw,
            },
            _,
        ) => {
            let side = super::game::side_name_capital(*side, lang);
            let mut s = match (written, lang) {
                (Some(w), En) => format!("{number}. {side} played {full} (written: {w})."),
                (Some(w), Ru) => format!("{number}. {side} сыграли {full} (записано: {w})."),
                (None, En) => format!("{number}. {side} played {full}."),
                (None, Ru) => format!("{number}. {side} сыграли {full}."),
            };
            // How to answer the offer is said once, in the state's offer line.
            if *offers_draw {
                s.push_str(match lang {
                    En => " A draw is offered.",
                    Ru => " Предложена ничья.",
                });
            }
            s
        }
        (Event::OfferDeclinedByMove { number, full }, En) => {
            format!("Your draw offer was declined by the move {number}. {full}.")
        }
        (Event::OfferDeclinedByMove { number, full }, Ru) => {
            format!("Ваше предложение ничьей отклонено ходом {number}. {full}.")
        }
        (Event::LateMove { side, deadline }, En) => format!(
            "The move arrived after the deadline ({}): {} lost on time.",
            deadline.format("%Y-%m-%d %H:%M UTC"),
            side_name(*side, lang)
        ),
        (Event::LateMove { side, deadline }, Ru) => format!(
            "Ход получен после контрольного срока ({} по всемирному времени): {} проиграли по времени.",
            deadline.format("%Y-%m-%d %H:%M"),
            side_name(*side, lang)
        ),
        (Event::Resigned { side }, _) => {
            let r = result_with_score(GameResult::win_for(side.opposite()), lang);
            match lang {
                En => format!(
                    "{} resigned. {r}.",
                    super::game::side_name_capital(*side, lang)
                ),
                Ru => format!(
                    "{} сдались. {r}.",
                    super::game::side_name_capital(*side, lang)
                ),
            }
        }
        (Event::SealedKept { written }, En) => format!(
            "Your sealed move \"{written}\" is kept by the referee and will be revealed when the game resumes."
        ),
        (Event::SealedKept { written }, Ru) => format!(
            "Ваш записанный ход «{written}» хранится у судьи и будет объявлен при доигрывании."
        ),
        (
            Event::SealedRevealed {
                side,
                full,
                written,
            },
            En,
        ) => format!(
            "The sealed move of {} is {full} (written: {written}).",
            side_name(*side, lang)
        ),
        (
            Event::SealedRevealed {
                side,
                full,
                written,
            },
            Ru,
        ) => format!(
            "Записанный ход ({}): {full} (записано: {written}).",
            side_name(*side, lang)
        ),
        (Event::SealedUnplayable { written, error }, En) => format!(
            "The sealed move \"{written}\" cannot be played ({}): it loses the game.",
            error.message(lang)
        ),
        (Event::SealedUnplayable { written, error }, Ru) => format!(
            "Записанный ход «{written}» не может быть сыгран ({}): засчитывается поражение.",
            error.message(lang)
        ),
        (Event::DrawOffered { by }, En) => {
            format!(
                "{} offers a draw.",
                super::game::side_name_capital(*by, lang)
            )
        }
        (Event::DrawOffered { by }, Ru) => {
            format!(
                "{} предлагают ничью.",
                super::game::side_name_capital(*by, lang)
            )
        }
        (Event::DrawAccepted, _) => {
            let r = result_with_score(GameResult::Draw, lang);
            match lang {
                En => format!("The draw offer is accepted: the game is drawn by agreement. {r}."),
                Ru => format!(
                    "Предложение ничьей принято: партия закончилась вничью по соглашению. {r}."
                ),
            }
        }
        (Event::DrawDeclined { by }, En) => format!(
            "{} declines the draw offer. The game goes on.",
            super::game::side_name_capital(*by, lang)
        ),
        (Event::DrawDeclined { by }, Ru) => format!(
            "{} отклоняют предложение ничьей. Партия продолжается.",
            super::game::side_name_capital(*by, lang)
        ),
        (
            Event::ClaimUpheld {
                by,
                with_move,
                draw,
            },
            _,
        ) => {
            let with = with_move.as_ref().map_or(String::new(), |m| match lang {
                En => format!(" with the written move {m} (not played)"),
                Ru => format!(" с записанным ходом {m} (не сделан)"),
            });
            let rule = claimable(draw, lang);
            let r = result_with_score(GameResult::Draw, lang);
            match lang {
                En => format!(
                    "{} claims a draw{with}: the claim is upheld — {rule}. {r}.",
                    super::game::side_name_capital(*by, lang)
                ),
                Ru => format!(
                    "{} требуют ничью{with}: требование обосновано — {rule}. {r}.",
                    super::game::side_name_capital(*by, lang)
                ),
            }
        }
        (
            Event::ClaimRejected {
                by,
                repetitions,
                citation,
                move_played,
            },
            _,
        ) => {
            let rule = claim_fails(*repetitions, *citation, lang);
            match (lang, move_played) {
                (En, true) => format!(
                    "{} claimed a draw: the claim is rejected — {rule}. The written move is played.",
                    super::game::side_name_capital(*by, lang)
                ),
                (Ru, true) => format!(
                    "{} потребовали ничью: требование отклонено — {rule}. Записанный ход сделан.",
                    super::game::side_name_capital(*by, lang)
                ),
                (En, false) => format!(
                    "{} claims a draw: the claim is rejected — {rule}. The game goes on.",
                    super::game::side_name_capital(*by, lang)
                ),
                (Ru, false) => format!(
                    "{} требуют ничью: требование отклонено — {rule}. Партия продолжается.",
                    super::game::side_name_capital(*by, lang)
                ),
            }
        }
        (Event::Finished(f), _) => finish(f, lang),
        (Event::SealedByOpponent { side }, En) => format!(
            "{} have sealed their move. The referee keeps it unseen; it will be revealed and played when the game resumes.",
            super::game::side_name_capital(*side, lang)
        ),
        (Event::SealedByOpponent { side }, Ru) => format!(
            "{} записали ход в конверт. Ход хранится у судьи втайне; он будет объявлен и сделан при доигрывании.",
            super::game::side_name_capital(*side, lang)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    /// Fails when a text a player reads holds what no player should see:
    /// project files, Rust debug text, English words in Russian, Russian in English.
    fn assert_clean(text: &str, lang: Language) {
        assert!(!text.is_empty());
        for bad in ["seed", "RULES", "{", "}", "[", "]", "\"\"", "Some(", "None"] {
            assert!(!text.contains(bad), "{bad:?} in {text:?}");
        }
        // Debug text of an enum: a word directly followed by `(`.
        let chars: Vec<char> = text.chars().collect();
        for w in chars.windows(2) {
            assert!(
                !(w[0].is_alphanumeric() && w[1] == '('),
                "debug-like text in {text:?}"
            );
        }
        match lang {
            Language::Ru => {
                assert!(!text.contains('§'), "§ in {text:?}");
                // ASCII letters only inside square names and moves (c3, e5, 1-0),
                // or as a lone file letter.
                for token in text.split(|c: char| !c.is_ascii_alphanumeric()) {
                    let letters_only = token.chars().all(|c| c.is_ascii_alphabetic());
                    assert!(
                        !(letters_only && token.len() > 1),
                        "Latin word {token:?} in {text:?}"
                    );
                }
            }
            Language::En => {
                assert!(
                    !text
                        .chars()
                        .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c))),
                    "Cyrillic in {text:?}"
                );
            }
        }
    }

    const LANGS: [Language; 2] = [Language::En, Language::Ru];

    /// Every [`IllegalReason`]; the index check fails when one is added.
    fn illegal_reasons() -> Vec<IllegalReason> {
        fn index(r: &IllegalReason) -> usize {
            match r {
                IllegalReason::Square(SquareError::NotPlaying(_)) => 0,
                IllegalReason::Square(SquareError::OffBoard(_)) => 1,
                IllegalReason::Square(SquareError::NoSuchNumber(_)) => 2,
                IllegalReason::NoPieceOfYours(_) => 3,
                IllegalReason::CaptureCompulsory(_) => 4,
                IllegalReason::CaptureContinues { .. } => 5,
                IllegalReason::CannotMoveThere {
                    role: Role::Man, ..
                } => 6,
                IllegalReason::CannotMoveThere {
                    role: Role::King, ..
                } => 7,
                IllegalReason::NoPieceOnFile { .. } => 8,
                IllegalReason::NoLegalMoves => 9,
                IllegalReason::CannotCaptureThere { .. } => 10,
            }
        }
        let all = vec![
            IllegalReason::Square(SquareError::NotPlaying("g6".into())),
            IllegalReason::Square(SquareError::OffBoard("k9".into())),
            IllegalReason::Square(SquareError::NoSuchNumber(51)),
            IllegalReason::NoPieceOfYours("d8".into()),
            IllegalReason::CaptureCompulsory(vec!["c3:e5".into(), "g3:e5".into()]),
            IllegalReason::CaptureContinues {
                stop: "e5".into(),
                continues_to: vec!["c7".into(), "g7".into()],
            },
            IllegalReason::CannotMoveThere {
                role: Role::Man,
                from: "c3".into(),
                to: "c5".into(),
            },
            IllegalReason::CannotMoveThere {
                role: Role::King,
                from: "a1".into(),
                to: "a3".into(),
            },
            IllegalReason::NoPieceOnFile {
                file: 'c',
                to: "d4".into(),
            },
            IllegalReason::NoLegalMoves,
            IllegalReason::CannotCaptureThere {
                role: Role::Man,
                from: "38".into(),
                to: "33".into(),
            },
        ];
        let seen: Vec<usize> = all.iter().map(index).collect();
        assert_eq!(seen, (0..=10).collect::<Vec<_>>());
        all
    }

    /// Every [`MoveErrorKind`], with every draughts and towers reason.
    fn move_errors() -> Vec<MoveError> {
        fn index(k: &MoveErrorKind) -> usize {
            match k {
                MoveErrorKind::Unreadable(UnreadableMove::Draughts(_)) => 0,
                MoveErrorKind::Unreadable(UnreadableMove::Chess(_)) => 1,
                MoveErrorKind::Illegal(Illegal::Draughts(_)) => 2,
                MoveErrorKind::Illegal(Illegal::Towers(_)) => 3,
                MoveErrorKind::Illegal(Illegal::Chess(_)) => 4,
                MoveErrorKind::Ambiguous(_) => 5,
                MoveErrorKind::AmbiguousChess(_) => 6,
            }
        }
        let mut kinds: Vec<MoveErrorKind> = Unreadable::ALL
            .iter()
            .map(|&u| MoveErrorKind::Unreadable(UnreadableMove::Draughts(u)))
            .collect();
        for u in crate::notation::chess_move::ChessUnreadable::ALL {
            kinds.push(MoveErrorKind::Unreadable(UnreadableMove::Chess(u)));
        }
        for r in illegal_reasons() {
            kinds.push(MoveErrorKind::Illegal(Illegal::Draughts(r.clone())));
            kinds.push(MoveErrorKind::Illegal(Illegal::Towers(r)));
        }
        for why in crate::notation::chess_illegal::every_kind() {
            kinds.push(MoveErrorKind::Illegal(Illegal::Chess(why)));
        }
        kinds.push(MoveErrorKind::Ambiguous(vec![
            "c3:a5:c7:e5:c3".into(),
            "c3:e5:c7:a5:c3".into(),
        ]));
        kinds.push(MoveErrorKind::AmbiguousChess(vec![
            "Nce2".into(),
            "Nge2".into(),
        ]));
        let mut seen: Vec<usize> = kinds.iter().map(index).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen, (0..=6).collect::<Vec<_>>());
        kinds
            .into_iter()
            .map(|kind| MoveError {
                written: "c3-c5".into(),
                kind,
            })
            .collect()
    }

    /// Every [`EndRule`] (every draw rule of every draughts variant) as a finish.
    fn finishes() -> Vec<Finish> {
        fn index(r: &EndRule) -> usize {
            match r {
                EndRule::NoPieces => 0,
                EndRule::NoMoves => 1,
                EndRule::NoTowers => 2,
                EndRule::TowersNoMoves => 3,
                EndRule::DrawRule(_) => 4,
                EndRule::Checkmate => 5,
                EndRule::Stalemate => 6,
                EndRule::DeadPosition => 7,
                EndRule::FivefoldRepetition => 8,
                EndRule::SeventyFiveMoves => 9,
            }
        }
        let mut rules = vec![
            (EndRule::NoPieces, Citation::russian("1.8.1")),
            (EndRule::NoMoves, Citation::fmjd("")),
            (EndRule::NoTowers, Citation::column("1.11, 1.12")),
            (EndRule::TowersNoMoves, Citation::lasca()),
            (EndRule::Checkmate, Citation::fide("5.1.1")),
            (EndRule::Stalemate, Citation::fide("5.2.1")),
            (EndRule::DeadPosition, Citation::fide("5.2.2")),
            (EndRule::FivefoldRepetition, Citation::fide("9.6.1")),
            (EndRule::SeventyFiveMoves, Citation::fide("9.6.2")),
        ];
        for v in [Variant::Russian, Variant::International] {
            for r in v.rules().draw_rules {
                rules.push((EndRule::DrawRule(*r), r.clause()));
            }
        }
        let mut seen: Vec<usize> = rules.iter().map(|(r, _)| index(r)).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen, (0..=9).collect::<Vec<_>>());
        let results = GameResult::ALL;
        rules
            .into_iter()
            .enumerate()
            .map(|(i, (rule, citation))| Finish {
                result: results[i % results.len()],
                termination: crate::rules::Termination::DrawRule,
                rule,
                citation,
            })
            .collect()
    }

    fn claims() -> Vec<ClaimableDraw> {
        fn index(k: ClaimKind) -> usize {
            match k {
                ClaimKind::Repetition => 0,
                ClaimKind::FiftyMoves => 1,
                ClaimKind::UnchangedMaterial { .. } => 2,
            }
        }
        let all = vec![
            ClaimableDraw {
                kind: ClaimKind::Repetition,
                citation: Citation::russian("1.9.2"),
            },
            ClaimableDraw {
                kind: ClaimKind::FiftyMoves,
                citation: Citation::fide("9.3"),
            },
            ClaimableDraw {
                kind: ClaimKind::UnchangedMaterial { moves: 15 },
                citation: Citation::column("1.13.1"),
            },
        ];
        let seen: Vec<usize> = all.iter().map(|c| index(c.kind)).collect();
        assert_eq!(seen, vec![0, 1, 2]);
        all
    }

    /// Every [`Event`]; the index check fails when one is added.
    fn events() -> Vec<Event> {
        fn index(e: &Event) -> usize {
            match e {
                Event::Played { .. } => 0,
                Event::OfferDeclinedByMove { .. } => 1,
                Event::LateMove { .. } => 2,
                Event::Resigned { .. } => 3,
                Event::SealedKept { .. } => 4,
                Event::SealedRevealed { .. } => 5,
                Event::SealedUnplayable { .. } => 6,
                Event::DrawOffered { .. } => 7,
                Event::DrawAccepted => 8,
                Event::DrawDeclined { .. } => 9,
                Event::ClaimUpheld { .. } => 10,
                Event::ClaimRejected { .. } => 11,
                Event::Finished(_) => 12,
                Event::SealedByOpponent { .. } => 13,
            }
        }
        let mut all = Vec::new();
        for side in [Color::White, Color::Black] {
            for offers_draw in [false, true] {
                all.push(Event::Played {
                    number: 12,
                    side,
                    full: "c3-d4".into(),
                    written: Some("cd4".into()),
                    offers_draw,
                });
            }
            all.push(Event::Resigned { side });
            all.push(Event::SealedByOpponent { side });
            all.push(Event::DrawOffered { by: side });
            all.push(Event::DrawDeclined { by: side });
            all.push(Event::LateMove {
                side,
                deadline: chrono::DateTime::from_timestamp(1_796_126_400, 0).unwrap_or_default(),
            });
            all.push(Event::SealedRevealed {
                side,
                full: "e3-f4".into(),
                written: "ef4".into(),
            });
            for claim in claims() {
                for with_move in [None, Some("g1-h2".to_string())] {
                    all.push(Event::ClaimUpheld {
                        by: side,
                        with_move,
                        draw: claim,
                    });
                }
            }
            for move_played in [false, true] {
                for repetitions in [1, 2, 5, 21, 22] {
                    all.push(Event::ClaimRejected {
                        by: side,
                        repetitions,
                        citation: Citation::russian("1.9.2"),
                        move_played,
                    });
                }
            }
        }
        all.push(Event::OfferDeclinedByMove {
            number: 7,
            full: "c3:e5".into(),
        });
        all.push(Event::SealedKept {
            written: "g3-h4".into(),
        });
        all.push(Event::DrawAccepted);
        for error in move_errors() {
            all.push(Event::SealedUnplayable {
                written: "c3-c5".into(),
                error,
            });
        }
        all.extend(finishes().into_iter().map(Event::Finished));
        let mut seen: Vec<usize> = all.iter().map(index).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen, (0..=13).collect::<Vec<_>>());
        all
    }

    #[test]
    fn every_event_is_worded_in_both_languages_without_foreign_or_debug_text() {
        for e in events() {
            for lang in LANGS {
                let text = event(&e, lang);
                // The temporary chess reasons are the chess reader's own words.
                if !matches!(&e, Event::SealedUnplayable { error, .. }
                    if matches!(error.kind, MoveErrorKind::Unreadable(UnreadableMove::Chess(_))
                        | MoveErrorKind::Illegal(Illegal::Chess(_))))
                {
                    assert_clean(&text, lang);
                }
            }
        }
    }

    #[test]
    fn every_move_error_finish_and_claim_is_worded_in_both_languages() {
        for lang in LANGS {
            for e in move_errors() {
                assert_clean(&e.message(lang), lang);
            }
            for f in finishes() {
                assert_clean(&finish(&f, lang), lang);
                assert_clean(&finish_rule(&f, lang), lang);
            }
            for c in claims() {
                assert_clean(&claimable(&c, lang), lang);
            }
            for &r in GameResult::ALL {
                assert_clean(result(r, lang), lang);
            }
            for u in Unreadable::ALL {
                assert_clean(unreadable(u, lang), lang);
            }
        }
    }

    #[test]
    fn a_finish_names_the_rule_its_rulebook_and_the_result() {
        let f = Finish {
            result: GameResult::WhiteWins,
            termination: crate::rules::Termination::NoMoves,
            rule: EndRule::NoMoves,
            citation: Citation::russian("1.8.1"),
        };
        assert_eq!(
            finish(&f, Language::En),
            "Game over: the side to move has no legal move (Russian Draughts Rules (2010), §1.8.1). White won (1-0)."
        );
        assert_eq!(
            finish(&f, Language::Ru),
            "Партия окончена: у стороны, чей ход, нет ходов (Правила вида спорта «шашки», п. 1.8.1). Белые выиграли (1-0)."
        );
    }

    #[test]
    fn russian_counts_agree_with_their_number() {
        assert_eq!(times(1, Language::Ru), "1 раз");
        assert_eq!(times(2, Language::Ru), "2 раза");
        assert_eq!(times(5, Language::Ru), "5 раз");
        assert_eq!(times(12, Language::Ru), "12 раз");
        assert_eq!(times(22, Language::Ru), "22 раза");
        assert_eq!(times(1, Language::En), "once");
        assert_eq!(times(2, Language::En), "2 times");
    }

    /// The words an offer mail tells players to write are the mail reader's own.
    #[test]
    fn the_offer_mail_names_answers_the_mail_reader_understands() {
        use crate::mail::intent::{Context, Intent, MoveSyntax, read_intents};
        let cx = Context::single(Some(crate::vocabulary::GameId(1)), MoveSyntax::Draughts);
        for (answer, want) in [
            ("accept draw", Intent::AcceptDraw),
            ("decline draw", Intent::DeclineDraw),
            ("принимаю ничью", Intent::AcceptDraw),
            ("отклоняю ничью", Intent::DeclineDraw),
        ] {
            let got = read_intents(answer, "", &cx);
            assert_eq!(got.len(), 1, "{answer}: {got:?}");
            assert_eq!(got[0].intent, want, "{answer}");
        }
        for lang in LANGS {
            let text = crate::lang::state::offer_line(Color::White, false, true, lang);
            let (accept, decline) = match lang {
                Language::En => ("\"accept draw\"", "\"decline draw\""),
                Language::Ru => ("«принимаю ничью»", "«отклоняю ничью»"),
            };
            assert!(text.contains(accept) && text.contains(decline), "{text}");
        }
    }
}
