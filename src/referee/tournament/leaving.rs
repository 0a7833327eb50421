//! A player who writes that they withdraw from a tournament, or asks how:
//! the answer says, for each tournament the player still plays in, what a
//! withdrawal does there (the unfinished games lost by forfeit, the
//! standings under the tournament's withdrawal rule) and who makes it (the
//! tournament's directors, through [`super::withdraw`]). Nothing is changed.

use crate::referee::told::{Told, WithdrawalTerms};
use crate::referee::{Handled, RefereeError, Reply};
use crate::store::Tx;
use crate::store::games as game_rows;
use crate::store::players;
use crate::store::tournaments::{self, EntrantStatus, TournamentStatus};
use crate::vocabulary::{GameStatus, PlayerId};

/// The answer to a player who wrote that they withdraw (`said`) or asked how
/// to: the terms of a withdrawal in each tournament they still play in
/// (none: the answer says they play in no tournament).
///
/// # Errors
/// Store errors only.
pub fn withdrawal_terms(tx: &Tx<'_>, actor: PlayerId, said: bool) -> Result<Handled, RefereeError> {
    let me = players::get(tx, actor)?;
    let mut terms = Vec::new();
    for t in tournaments::of_player(tx, actor)? {
        let playing = tournaments::entrant(tx, t.id, actor)?
            .is_some_and(|e| e.status == EntrantStatus::Playing);
        if !playing || t.status == TournamentStatus::Finished {
            continue;
        }
        let mut unfinished = 0;
        for tg in tournaments::games(tx, t.id)? {
            let g = game_rows::get(tx, tg.game)?;
            if g.side_of(actor).is_some()
                && !matches!(g.status, GameStatus::Finished | GameStatus::Annulled)
            {
                unfinished += 1;
            }
        }
        let mut directors = Vec::new();
        for d in tournaments::directors(tx, t.id)? {
            directors.push(players::get(tx, d.player)?.email);
        }
        terms.push(WithdrawalTerms {
            tournament: t.name.clone(),
            policy: t.settings.withdrawals,
            unfinished,
            directors,
        });
    }
    Ok(Handled {
        game: None,
        replies: vec![Reply {
            to: me.id,
            email: me.email.clone(),
            language: me.language,
            game: None,
            told: Told::Withdrawal { said, terms },
            notes: Vec::new(),
            monospace: false,
            session: None,
        }],
        summary: crate::referee::told::Account::Reply,
        late: None,
    })
}
