//! Why a move was refused, how the rules alone ended a game, and which draw
//! a player may claim, in the reader's language with the rule's citation.
//! Rule citations as players can look them up: the rulebook's own name and
//! clause («Правила вида спорта «шашки», п. 1.9.2», "FIDE Laws of Chess,
//! art. 9.2"), never a project file (table: `../shared/RULES.md` §9).
//!
//! Also the referee's sentences about moves, resignations, sealed moves, draw
//! offers and claims ([`Event`]): the referee passes typed data, this module
//! words it.

mod ends;
mod events;
mod refusals;

#[cfg(test)]
mod tests;

pub use ends::{
    claim_fails, claim_rule, claimable, draw_rule, end_rule, finish, finish_rule, result,
    result_with_score, rule_with_citation, termination_rule,
};
pub use events::{Event, OfferBar, event, how_to_answer_offer};
pub use refusals::{illegal, unreadable};
