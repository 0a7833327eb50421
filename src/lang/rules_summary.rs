//! The rules of each game in words (issue 15, item 2): one sentence per rule
//! of [`crate::rules::clauses::Rule`] for its game, used by the `rules` /
//! `правила` summary and by the answer to `why` / `почему`, each followed by
//! the rulebook's clause ([`super::rulebook::cite`]).

use super::Language;
use super::ask::RulesSummary;
use super::rulebook::cite;
use crate::rules::Variant;
use crate::rules::clauses::Rule;

/// Whether the game is played with towers (Bashni, Lasca).
fn towers(v: Variant) -> bool {
    matches!(v, Variant::Bashni | Variant::Lasca)
}

/// A rule of a game as one clause, without its citation.
#[must_use]
pub fn rule_text(variant: Variant, rule: Rule, lang: Language) -> &'static str {
    use Language::{En, Ru};
    use Rule as R;
    let lasca = variant == Variant::Lasca;
    let majority = variant.draughts().is_some_and(|d| d.majority_capture);
    match (rule, lang) {
        (R::TurnOrder, En) if variant == Variant::Chess => {
            "White moves first, then the players move in turn, each with their own pieces"
        }
        (R::TurnOrder, En) if towers(variant) => {
            "White moves first, then the players move in turn, each with their own towers"
        }
        (R::TurnOrder, En) => {
            "White moves first, then the players move in turn, each with their own pieces"
        }
        (R::TurnOrder, Ru) if variant == Variant::Chess => {
            "первыми ходят белые, затем соперники ходят по очереди, каждый своими фигурами"
        }
        (R::TurnOrder, Ru) if towers(variant) => {
            "первыми ходят белые, затем соперники ходят по очереди, каждый своими башнями"
        }
        (R::TurnOrder, Ru) => {
            "первыми ходят белые, затем соперники ходят по очереди, каждый своими шашками"
        }
        (R::TowerTop, En) => {
            "a tower belongs to the owner of its top piece and moves with the rights of that piece"
        }
        (R::TowerTop, Ru) => {
            "башня принадлежит владельцу верхней шашки и ходит на правах этой шашки"
        }
        (R::ManMove, En) if lasca => "a soldier moves one square diagonally forward",
        (R::ManMove, Ru) if lasca => "солдат ходит на одно поле по диагонали вперёд",
        (R::ManMove, En) => "a man moves only forward, one square diagonally to a free square",
        (R::ManMove, Ru) => "простая ходит только вперёд на соседнее свободное поле по диагонали",
        (R::KingMove, En) if lasca => "an officer moves one square diagonally, forward or backward",
        (R::KingMove, Ru) if lasca => "офицер ходит на одно поле по диагонали вперёд и назад",
        (R::KingMove, En) => {
            "a king moves any distance along a free diagonal, forward or backward, never over its own pieces"
        }
        (R::KingMove, Ru) => {
            "дамка ходит на любое свободное поле по диагонали, вперёд и назад, не перескакивая через свои шашки"
        }
        (R::CaptureCompulsory, En) => {
            "capture is compulsory: when a capture is possible, it must be made"
        }
        (R::CaptureCompulsory, Ru) => "взятие обязательно: если можно бить, бить нужно",
        (R::ManCapture, En) if lasca => {
            "a soldier captures forward only, jumping an adjacent enemy piece to the free square behind it"
        }
        (R::ManCapture, Ru) if lasca => {
            "солдат бьёт только вперёд, перескакивая через соседнюю шашку соперника на свободное поле за ней"
        }
        (R::ManCapture, En) => {
            "a man captures forward and backward, jumping an adjacent enemy piece to the free square behind it"
        }
        (R::ManCapture, Ru) => {
            "простая бьёт вперёд и назад, перескакивая через соседнюю шашку соперника на свободное поле за ней"
        }
        (R::KingCapture, En) if lasca => {
            "an officer captures forward and backward, jumping an adjacent enemy piece"
        }
        (R::KingCapture, Ru) if lasca => {
            "офицер бьёт вперёд и назад, перескакивая через соседнюю шашку соперника"
        }
        (R::KingCapture, En) => {
            "a king captures at any distance along a diagonal and lands on any free square beyond the piece taken; where the capture can go on, it must land where it goes on"
        }
        (R::KingCapture, Ru) => {
            "дамка бьёт на любом расстоянии по диагонали и встаёт на любое свободное поле за побитой шашкой; если бой можно продолжить, она встаёт туда, откуда он продолжается"
        }
        (R::CaptureContinues, En) => {
            "a capture goes on while there is something to take: the whole sequence is one move and must be completed"
        }
        (R::CaptureContinues, Ru) => {
            "бой продолжается, пока есть что бить: всё взятие — один ход, и его нужно довести до конца"
        }
        (R::TurkishStrike, En) => {
            "pieces taken leave the board only after the move, and no piece may be jumped twice (the Turkish strike)"
        }
        (R::TurkishStrike, Ru) => {
            "побитые шашки снимаются с доски только после хода, и через одну шашку дважды перепрыгивать нельзя (турецкий удар)"
        }
        (R::Prisoners, En) => {
            "a capture takes only the top piece of the tower jumped and puts it under the capturing tower; the rest of the tower stays, owned by its new top piece"
        }
        (R::Prisoners, Ru) => {
            "при взятии снимается только верхняя шашка побитой башни и уходит под бьющую башню; остаток башни остаётся на месте и принадлежит владельцу новой верхней шашки"
        }
        (R::CaptureChoice, En) if majority => {
            "of several captures the one taking the most pieces must be played (a king counts as one piece); among equal ones the choice is free"
        }
        (R::CaptureChoice, Ru) if majority => {
            "из нескольких взятий нужно выбрать то, где бьётся больше шашек (дамка считается за одну); из равных — любое"
        }
        (R::CaptureChoice, En) => {
            "of several captures the player chooses freely, whatever the number or kind of pieces taken"
        }
        (R::CaptureChoice, Ru) => {
            "из нескольких взятий выбор свободный, независимо от количества и качества снимаемых шашек"
        }
        (R::Promotion, En) if lasca => {
            "a soldier reaching the last row becomes an officer, and the capture ends there"
        }
        (R::Promotion, Ru) if lasca => {
            "солдат, дошедший до последнего ряда, становится офицером, и на этом бой заканчивается"
        }
        (R::Promotion, En) if variant == Variant::International => {
            "a man becomes a king only when it ends its move on the last row; passing over it during a capture does not promote it"
        }
        (R::Promotion, Ru) if variant == Variant::International => {
            "простая становится дамкой, только если заканчивает ход на последнем ряду; пройдя его во время боя, она остаётся простой"
        }
        (R::Promotion, En) if variant == Variant::Bashni => {
            "the top man of a tower reaching the last row becomes a king (the pieces under it stay as they are); reaching it during a capture, it goes on capturing as a king"
        }
        (R::Promotion, Ru) if variant == Variant::Bashni => {
            "верхняя простая башни, дошедшей до последнего ряда, становится дамкой (нижние шашки не меняются); если это случилось во время боя, бой продолжается уже на правах дамки"
        }
        (R::Promotion, En) => {
            "a man reaching the last row becomes a king; reaching it during a capture, it goes on capturing as a king in the same move"
        }
        (R::Promotion, Ru) => {
            "простая, дошедшая до последнего ряда, становится дамкой; если это случилось во время боя, она тем же ходом продолжает бить уже как дамка"
        }
        (R::GameEnd, En) if towers(variant) => {
            "a player loses who has no tower left, has no legal move, or resigns"
        }
        (R::GameEnd, Ru) if towers(variant) => {
            "проигрывает тот, у кого не осталось башен или нет ходов, или кто сдался"
        }
        (R::GameEnd, En) => "a player loses who has no pieces left, has no legal move, or resigns",
        (R::GameEnd, Ru) => {
            "проигрывает тот, у кого не осталось шашек или нет ходов, или кто сдался"
        }
        (R::DrawAgreement, En) => {
            "a draw may be offered together with a move; the opponent accepts it, declines it, or declines it by moving"
        }
        (R::DrawAgreement, Ru) => {
            "ничью можно предложить вместе со своим ходом; соперник принимает её, отклоняет или отклоняет ходом"
        }
        (R::Repetition, En) => {
            "a draw may be claimed when the same position with the same side to move has occurred three times; the claim is checked at once"
        }
        (R::Repetition, Ru) => {
            "ничью можно потребовать, если одна и та же позиция при той же очереди хода повторилась три раза; требование проверяется сразу"
        }
        (R::ChessPieces, En) => {
            "the king moves one square in any direction; the queen along ranks, files and diagonals; the rook along ranks and files; the bishop along diagonals; the knight two squares one way and one square aside, jumping; no other piece passes over another; a pawn moves one square forward (two from its initial square) and captures one square diagonally forward"
        }
        (R::ChessPieces, Ru) => {
            "король ходит на одно поле в любую сторону; ферзь — по горизонталям, вертикалям и диагоналям; ладья — по горизонталям и вертикалям; слон — по диагоналям; конь — буквой «Г», перепрыгивая через фигуры; остальные фигуры через другие не перескакивают; пешка ходит на одно поле вперёд (с начального поля — на два) и бьёт на одно поле по диагонали вперёд"
        }
        (R::Castling, En) => {
            "castling (O-O, O-O-O): the king and the rook have not moved, the squares between them are free, and the king is not in check and does not cross or land on an attacked square"
        }
        (R::Castling, Ru) => {
            "рокировка (0-0, 0-0-0): король и ладья ещё не ходили, поля между ними свободны, король не под шахом и не проходит через битое поле и не встаёт на него"
        }
        (R::EnPassant, En) => {
            "a pawn that has just advanced two squares may be taken en passant by an enemy pawn beside it, on the very next move only"
        }
        (R::EnPassant, Ru) => {
            "пешку, только что пошедшую через поле, стоящая рядом пешка соперника может взять на проходе, но только сразу, следующим ходом"
        }
        (R::PawnPromotion, En) => {
            "a pawn reaching the last rank becomes a queen, rook, bishop or knight of the player's choice, written e8=Q"
        }
        (R::PawnPromotion, Ru) => {
            "пешка, дошедшая до последней горизонтали, превращается в ферзя, ладью, слона или коня по выбору играющего; записывается так: e8=Ф"
        }
        (R::Check, En) => "no move may leave one's own king in check",
        (R::Check, Ru) => "нельзя делать ход, после которого свой король остаётся под шахом",
        (R::Checkmate, En) => "checkmate wins: the king is in check and no move parries it",
        (R::Checkmate, Ru) => "мат — победа: королю объявлен шах, и защиты от него нет",
        (R::DeadDraws, En) => {
            "stalemate (no legal move, not in check) and a position where neither side can mate are draws"
        }
        (R::DeadDraws, Ru) => {
            "пат (ходов нет, а шаха нет) и позиция, в которой никто не может поставить мат, — ничья"
        }
        (R::FiftyMoves, En) => {
            "a draw may be claimed after 50 moves of each side without a capture or a pawn move"
        }
        (R::FiftyMoves, Ru) => {
            "ничью можно потребовать после 50 ходов каждой стороны без взятий и без ходов пешками"
        }
        (R::AutomaticDraws, En) => {
            "fivefold repetition and 75 moves of each side without a capture or a pawn move end the game as a draw by themselves"
        }
        (R::AutomaticDraws, Ru) => {
            "пятикратное повторение позиции и 75 ходов каждой стороны без взятий и ходов пешками сами завершают партию вничью"
        }
    }
}

/// The time rules of a game: its time control, how time is counted, leave
/// and the sealed move of an adjourned game.
fn time_rules(s: &RulesSummary, lang: Language) -> String {
    let control = match (&s.time_control, lang) {
        (Some(c), Language::En) => format!("Time control: {}.", c.describe(lang)),
        (Some(c), Language::Ru) => format!("Контроль времени: {}.", c.describe(lang)),
        (None, Language::En) => "This game has no time control.".to_string(),
        (None, Language::Ru) => "В этой партии нет контроля времени.".to_string(),
    };
    let rest = match (s.time_control.is_some(), lang) {
        (true, Language::En) => {
            " Your time runs from the moment the bot records your opponent's move until your move reaches the bot's mailbox. On leave (\"leave\" with two dates) your clock stands still."
        }
        (true, Language::Ru) => {
            " Ваше время идёт с момента, когда бот записал ход соперника, до прихода вашего хода в почтовый ящик бота. В дни отпуска («отпуск» и две даты) ваши часы стоят."
        }
        (false, _) => "",
    };
    let seal = match lang {
        Language::En => {
            " In an adjourned game the player to move seals a move (\"seal e7-e5\"): it is kept unseen and played when the game resumes."
        }
        Language::Ru => {
            " В отложенной партии тот, чей ход, записывает ход в конверт («записываю ход e7-e5»): ход хранится втайне и делается при доигрывании."
        }
    };
    format!("{control}{rest}{seal}")
}

/// A sentence with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut c = text.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// The rules summary of a game: each rule with its citation, the draw rules,
/// the time rules.
#[must_use]
pub fn summary(s: &RulesSummary, lang: Language) -> String {
    let name = super::game::variant_name(s.variant, lang);
    let mut out = match lang {
        Language::En => format!("Rules of the game ({name}):"),
        Language::Ru => format!("Правила игры ({name}):"),
    };
    for (i, c) in s.rules.iter().enumerate() {
        let Some(rule) = c.rule else { continue };
        let text = capitalised(rule_text(s.variant, rule, lang));
        out.push_str(&format!(
            "\n{}. {text} ({}).",
            i + 1,
            cite(c.citation, lang)
        ));
    }
    let mut draws: Vec<String> = s
        .draw_rules
        .iter()
        .map(|r| {
            format!(
                "- {} ({}).",
                super::moves::draw_rule(r, lang),
                cite(r.clause(), lang)
            )
        })
        .collect();
    if let Some((moves, clause)) = s.material_claim {
        let kind = crate::games::ClaimKind::UnchangedMaterial { moves };
        draws.push(format!(
            "- {} ({}).",
            super::moves::claim_rule(kind, lang),
            cite(clause, lang)
        ));
    }
    if !draws.is_empty() {
        out.push_str(match (s.material_claim.is_some(), lang) {
            (false, Language::En) => "\nThe game is drawn by itself when:",
            (false, Language::Ru) => "\nПартия сама заканчивается вничью, когда:",
            (true, Language::En) => "\nA draw may also be claimed when:",
            (true, Language::Ru) => "\nНичью можно потребовать и тогда, когда:",
        });
        for d in draws {
            out.push('\n');
            out.push_str(&d);
        }
    }
    out.push_str("\n\n");
    out.push_str(&time_rules(s, lang));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::clauses::{clause, rules_of};

    #[test]
    fn every_rule_of_every_game_is_worded_in_both_languages_without_the_other_script() {
        for v in Variant::ALL {
            for &r in rules_of(v) {
                let en = rule_text(v, r, Language::En);
                let ru = rule_text(v, r, Language::Ru);
                assert!(!en.chars().any(|c| ('а'..='я').contains(&c)), "{en}");
                for w in ru.split(|c: char| !c.is_ascii_alphanumeric()) {
                    assert!(
                        w.len() < 2 || w.chars().any(|c| c.is_ascii_digit()),
                        "{w} in {ru}"
                    );
                }
                assert!(clause(v, r).is_some());
            }
        }
    }
}
