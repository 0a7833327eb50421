//! The rules of each game in words: one sentence per rule
//! of [`crate::rules::clauses::Rule`] for its game, used by the `rules` /
//! `правила` summary and by the answer to `why` / `почему`, each followed by
//! the rulebook's clause ([`super::rulebook::cite`]).

use std::collections::HashMap;
use std::sync::OnceLock;

use super::ask::RulesSummary;
use super::rulebook::cite;
use crate::rules::Variant;
use crate::rules::clauses::Rule;
use crate::vocabulary::Language;

/// A rule of a game as one clause, without its citation, from
/// `rules_summary.toml` beside this file: the game's own words for the rule
/// where the file has them (`[turn_order.chess]`), else the rule's words.
///
/// # Panics
/// For a rule the file does not word; the tests below word every rule of
/// every game's summary in both languages, so a build that passes them cannot.
#[must_use]
pub fn rule_text(variant: Variant, rule: Rule, lang: Language) -> &'static str {
    let words = &catalogue()[&rule];
    let words = words.games.get(variant.name()).unwrap_or(words);
    lang.pick(&words.en, &words.ru)
}

/// A rule's words in both languages, and a game's own words for it by the
/// game's name.
#[derive(serde::Deserialize)]
struct RuleWords {
    en: String,
    ru: String,
    #[serde(flatten)]
    games: HashMap<String, RuleWords>,
}

/// `rules_summary.toml`, read on first use.
fn catalogue() -> &'static HashMap<Rule, RuleWords> {
    static CATALOGUE: OnceLock<HashMap<Rule, RuleWords>> = OnceLock::new();
    CATALOGUE.get_or_init(|| {
        toml::from_str(include_str!("rules_summary.toml"))
            .expect("src/words/rules_summary.toml reads")
    })
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

    #[test]
    fn a_game_worded_apart_is_a_game_whose_summary_has_the_rule() {
        for (rule, words) in catalogue() {
            assert!(words.games.values().all(|w| w.games.is_empty()), "{rule:?}");
            for game in words.games.keys() {
                let v = Variant::from_name(game).unwrap_or_else(|| panic!("{game}"));
                assert_eq!(v.name(), game);
                assert!(rules_of(v).contains(rule), "{rule:?} in {game}");
            }
        }
        let ru = |v| rule_text(v, Rule::TurnOrder, Language::Ru);
        assert!(ru(Variant::Chess).ends_with("фигурами"));
        assert!(ru(Variant::Lasca).ends_with("башнями"));
        assert!(ru(Variant::Russian).ends_with("шашками"));
        assert!(
            rule_text(Variant::International, Rule::CaptureChoice, Language::En).contains("most")
        );
        assert!(rule_text(Variant::Russian, Rule::CaptureChoice, Language::En).contains("freely"));
    }
}
