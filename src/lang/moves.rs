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
use crate::rules::{Citation, Color, DrawRule, GameResult, Role};

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
        (U::StrayCharacters, Language::Ru) => "в записи есть знаки, которые не означают ни поле, ни ход",
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
            let piece = match (towers, role) {
                (true, Role::King) => "tower led by a king",
                (true, Role::Man) => "tower",
                (false, Role::King) => "king",
                (false, Role::Man) => "man",
            };
            format!("the {piece} on {from} cannot move to {to}")
        }
        (R::CannotMoveThere { role, from, to }, Language::Ru) => {
            let piece = match (towers, role) {
                (true, Role::King) => "башня с дамкой наверху",
                (true, Role::Man) => "башня",
                (false, Role::King) => "дамка",
                (false, Role::Man) => "шашка",
            };
            format!("{piece} с {from} не может пойти на {to}")
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
        (Illegal::Chess(t), Language::En) => t.en.clone(),
        (Illegal::Chess(t), Language::Ru) => t.ru.clone(),
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
                    (UnreadableMove::Chess(t), Language::En) => t.en.clone(),
                    (UnreadableMove::Chess(t), Language::Ru) => t.ru.clone(),
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
        ) => format!(
            "both sides have kings, {lo}-{hi} pieces, material unchanged for {moves} moves"
        ),
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
        (EndRule::FivefoldRepetition, Language::En) => {
            "the same position has appeared five times"
        }
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
        /// The move as written.
        written: String,
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
        /// Why it is late, in the reader's language (the clock's message).
        detail: String,
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
}

/// The side's name at the start of a sentence: "White", «Белые».
fn side_cap(side: Color, lang: Language) -> String {
    let s = side_name(side, lang);
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The words that accept and decline an offer, as the mail reader knows
/// them (`crate::mail::intent`).
fn how_to_answer_offer(lang: Language) -> &'static str {
    match lang {
        Language::En => {
            "To accept, reply \"accept draw\"; to decline, reply \"decline draw\" or simply make your move."
        }
        Language::Ru => {
            "Чтобы принять, ответьте «принимаю ничью»; чтобы отклонить — «отклоняю ничью» или просто сделайте ход."
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
            let mut s = match lang {
                En => format!(
                    "{number}. {} played {full} (written: {written}).",
                    side_cap(*side, lang)
                ),
                Ru => format!(
                    "{number}. {} сыграли {full} (записано: {written}).",
                    side_cap(*side, lang)
                ),
            };
            if *offers_draw {
                s.push_str(match lang {
                    En => " A draw is offered. ",
                    Ru => " Предложена ничья. ",
                });
                s.push_str(how_to_answer_offer(lang));
            }
            s
        }
        (Event::OfferDeclinedByMove { number, full }, En) => {
            format!("Your draw offer was declined by the move {number}. {full}.")
        }
        (Event::OfferDeclinedByMove { number, full }, Ru) => {
            format!("Ваше предложение ничьей отклонено ходом {number}. {full}.")
        }
        (Event::LateMove { side, detail }, En) => format!(
            "The move arrived after the deadline ({detail}): {} lost on time.",
            side_name(*side, lang)
        ),
        (Event::LateMove { side, detail }, Ru) => format!(
            "Ход получен после срока ({detail}): {} проиграли по времени.",
            side_name(*side, lang)
        ),
        (Event::Resigned { side }, _) => {
            let r = result_with_score(GameResult::win_for(side.opposite()), lang);
            match lang {
                En => format!("{} resigned. {r}.", side_cap(*side, lang)),
                Ru => format!("{} сдались. {r}.", side_cap(*side, lang)),
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
        (Event::DrawOffered { by }, En) => format!(
            "{} offer a draw. {}",
            side_cap(*by, lang),
            how_to_answer_offer(lang)
        ),
        (Event::DrawOffered { by }, Ru) => format!(
            "{} предлагают ничью. {}",
            side_cap(*by, lang),
            how_to_answer_offer(lang)
        ),
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
            "{} decline the draw offer. The game goes on.",
            side_cap(*by, lang)
        ),
        (Event::DrawDeclined { by }, Ru) => format!(
            "{} отклоняют предложение ничьей. Партия продолжается.",
            side_cap(*by, lang)
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
                    "{} claim a draw{with}: the claim is upheld — {rule}. {r}.",
                    side_cap(*by, lang)
                ),
                Ru => format!(
                    "{} требуют ничью{with}: требование обосновано — {rule}. {r}.",
                    side_cap(*by, lang)
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
                    side_cap(*by, lang)
                ),
                (Ru, true) => format!(
                    "{} потребовали ничью: требование отклонено — {rule}. Записанный ход сделан.",
                    side_cap(*by, lang)
                ),
                (En, false) => format!(
                    "{} claim a draw: the claim is rejected — {rule}. The game goes on.",
                    side_cap(*by, lang)
                ),
                (Ru, false) => format!(
                    "{} требуют ничью: требование отклонено — {rule}. Партия продолжается.",
                    side_cap(*by, lang)
                ),
            }
        }
        (Event::Finished(f), _) => finish(f, lang),
    }
}
