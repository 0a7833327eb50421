//! A verified player's lines turned into referee commands and applied: the
//! intents read with the syntax of each of the player's games, each intent
//! mapped to its command (or answered directly: a stale move, nothing
//! understood), and applied in a savepoint so that a refused one changes
//! nothing and is answered with the game's state.

use super::replies::{enqueue, language_of, personal_told};
use crate::clock::zone::{local_date, parse_zone};
use crate::config::Config;
use crate::daemon::inbox::RawMail;
use crate::mail::Envelope;
use crate::mail::intent::{Addressed, Context, Intent, MoveSyntax, Unrecognised, read_intents};
use crate::notation::move_number::MoveNumber;
use crate::referee::Fault;
use crate::referee::Reply;
use crate::referee::intake::{self, Decision, Said};
use crate::referee::told::{Line, Note, Part, Told};
use crate::referee::{self, Command, RefereeError, Source};
use crate::rules::Variant;
use crate::store::players::Player;
use crate::store::{Tx, games};
use crate::vocabulary::{GameId, GameStatus};
use crate::words;
use crate::words::mail::Notice;
use crate::words::operator::outcomes;

pub(super) fn syntax_of(variant: Variant) -> MoveSyntax {
    if variant == Variant::Chess {
        MoveSyntax::Chess
    } else {
        MoveSyntax::Draughts
    }
}

/// The example of a reply about a mail not understood: a move the player
/// could make now in the game (none when it is not their move), or `c3-d4`
/// for a mail about no game.
pub(super) fn example_of(
    tx: &Tx<'_>,
    player: &Player,
    game: Option<GameId>,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Option<String>, RefereeError> {
    match game {
        Some(g) => crate::referee::view::move_you_could_make(tx, g, player.id, now),
        None => Ok(Some(
            words::game::example_move(Variant::Russian).to_string(),
        )),
    }
}

/// The first line of a mail's own text, cut to 80 characters, quoted back
/// when nothing in it could be read.
pub(super) fn first_words(new_text: &str) -> Option<String> {
    let line = new_text.lines().map(str::trim).find(|l| !l.is_empty())?;
    let mut cut: String = line.chars().take(80).collect();
    if cut.len() < line.len() {
        cut.push('…');
    }
    Some(crate::printable::printable(&cut).into_owned())
}

/// The player's intents, with the syntax of each of their active games, and
/// the game a line naming none is for: the mail's game, or for a mail to the
/// personal address, the player's one active game if there is exactly one.
/// Dates are read in the player's language, from the day the mail was
/// received in the player's zone.
pub(super) fn intents_for(
    tx: &Tx<'_>,
    env: &Envelope,
    player: &Player,
    main: Option<GameId>,
    received_at: chrono::DateTime<chrono::Utc>,
) -> Result<(Vec<Addressed>, Option<GameId>), RefereeError> {
    let filter = games::GameFilter {
        player: Some(player.id),
        status: Some(GameStatus::Active),
        ..Default::default()
    };
    let active: Vec<(GameId, MoveSyntax)> = games::list(tx, &filter)?
        .iter()
        .map(|g| (g.id, syntax_of(g.variant)))
        .collect();
    let default = match main {
        Some(g) => Some(g),
        None if active.len() == 1 => Some(active[0].0),
        None => None,
    };
    let syntax = match default {
        Some(g) => syntax_of(games::get(tx, g)?.variant),
        None => MoveSyntax::Draughts,
    };
    let others: Vec<(GameId, MoveSyntax)> = active
        .into_iter()
        .filter(|(g, _)| Some(*g) != default)
        .collect();
    let cx = Context {
        game: default,
        syntax,
        other_games: &others,
        today: local_date(
            received_at,
            parse_zone(&player.time_zone).unwrap_or(chrono_tz::Tz::UTC),
        ),
        language: player.language,
    };
    Ok((read_intents(&env.new_text, &env.subject, &cx), default))
}

/// The game's state for the player as the referee's status reply tells it
/// (board, clocks, whose move), to follow a refusal; `None` if the referee
/// cannot tell it.
pub(super) fn state_told(
    tx: &Tx<'_>,
    player: &Player,
    game: GameId,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Option<Told>, RefereeError> {
    match referee::handle(
        tx,
        &Command::Status { game },
        player.id,
        now,
        Source::default(),
    ) {
        Ok(h) => Ok(h.replies.into_iter().next().map(|r| r.told)),
        Err(RefereeError::Store(e)) => Err(RefereeError::Store(e)),
        Err(_) => Ok(None),
    }
}

/// A refusal line followed by the game's state.
pub(super) fn with_state(
    tx: &Tx<'_>,
    player: &Player,
    game: Option<GameId>,
    line: String,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Told, RefereeError> {
    let Some(g) = game else {
        return Ok(Told::Text(line));
    };
    Ok(match state_told(tx, player, g, now)? {
        // The line, a blank line, the state.
        Some(state) => Told::lines(vec![
            Line::of(Part::Text(line)),
            Line(Vec::new()),
            Line::of(Part::Told(Box::new(state))),
        ]),
        None => Told::Text(line),
    })
}

/// Applies one intent inside a savepoint: a refused command is rolled back to the
/// savepoint (it changes nothing) and answered to the sender alone, with the
/// game's state.
#[allow(clippy::too_many_arguments)]
pub(super) fn apply(
    tx: &Tx<'_>,
    config: &Config,
    env: &Envelope,
    mail: &RawMail,
    player: &Player,
    game: Option<GameId>,
    a: &Addressed,
    index: usize,
    notes: &[String],
) -> Result<String, RefereeError> {
    let lang = language_of(player);
    let command = match command_of(
        tx,
        player,
        game,
        &a.intent,
        &env.new_text,
        &a.line,
        mail.received_at,
    )? {
        Ok(c) => c,
        Err(answer) => {
            let told = with_state(tx, player, game, answer.notice.text(lang), mail.received_at)?;
            enqueue(
                tx,
                config,
                env,
                mail,
                &[with_notes(personal_told(player, game, told, lang), notes)],
                index,
            )?;
            return Ok(answer.outcome);
        }
    };
    savepoint(tx, "SAVEPOINT intent")?;
    let source = Source {
        message_id: env.message_id.as_deref(),
    };
    let starts = crate::daemon::timing::ClockStarts::of(tx, command.game())?;
    match referee::handle(tx, &command, player.id, mail.received_at, source) {
        Ok(mut h) => {
            savepoint(tx, "RELEASE intent")?;
            let processed_at = crate::daemon::wall::now().max(mail.received_at);
            if let Some(mine) = h.replies.iter_mut().find(|r| r.to == player.id) {
                *mine = with_notes(mine.clone(), notes);
            }
            let replies = &mut h.replies;
            crate::daemon::timing::on_moves(tx, env, mail, player, replies, processed_at, &starts)?;
            enqueue(tx, config, env, mail, &h.replies, index)?;
            Ok(match h.late {
                Some(deadline) => outcomes::late(game, a.line.trim(), deadline),
                None => outcomes::applied(game, a.line.trim()),
            })
        }
        Err(RefereeError::Store(e)) => Err(RefereeError::Store(e)),
        Err(e) => {
            savepoint(tx, "ROLLBACK TO intent; RELEASE intent")?;
            let line = match game {
                Some(g) => Notice::Refused {
                    game: g,
                    line: a.line.trim().to_string(),
                    reason: e.message(lang),
                }
                .text(lang),
                None => Notice::RefusedCommand {
                    line: a.line.trim().to_string(),
                    reason: e.message(lang),
                }
                .text(lang),
            };
            let told = with_state(tx, player, game, line, mail.received_at)?;
            enqueue(
                tx,
                config,
                env,
                mail,
                &[with_notes(personal_told(player, game, told, lang), notes)],
                index,
            )?;
            Ok(
                match (
                    game,
                    lost_on_time_before(tx, &command, &e, mail.received_at)?,
                ) {
                    (Some(g), Some(ended)) => {
                        outcomes::late_after_time_loss(g, a.line.trim(), ended)
                    }
                    (Some(g), None) => outcomes::refused(Some(g), &e),
                    (None, _) => outcomes::refused(None, &e),
                },
            )
        }
    }
}

/// When a move was refused because its game is over, lost on time before the
/// mail arrived: the instant the game ended (the move arrived late, the
/// mail log says so); `None` for any other refusal.
fn lost_on_time_before(
    tx: &Tx<'_>,
    command: &Command,
    refusal: &RefereeError,
    received_at: chrono::DateTime<chrono::Utc>,
) -> Result<Option<chrono::DateTime<chrono::Utc>>, RefereeError> {
    let (Command::Play { game, .. }, RefereeError::GameOver(..)) = (command, refusal) else {
        return Ok(None);
    };
    let row = crate::store::games::get(tx, *game)?;
    Ok(match (row.termination, row.finished_at) {
        (Some(crate::rules::Termination::Time), Some(ended)) if ended <= received_at => Some(ended),
        _ => None,
    })
}

pub(super) fn savepoint(tx: &Tx<'_>, sql: &str) -> Result<(), RefereeError> {
    // A rollback to the savepoint may undo a write to a game row read since.
    if sql.contains("ROLLBACK") {
        tx.forget_games();
    }
    tx.sql()
        .execute_batch(sql)
        .map_err(|e| RefereeError::Store(crate::store::StoreError::from(e)))
}

/// An intent answered without the referee: the notice, and the outcome for
/// the record.
pub(super) struct Answer {
    notice: Notice,
    outcome: String,
}

/// The referee command of an intent, or a direct answer (stale move, nothing
/// understood). `game` is `None` only for intents not about one game
/// ([`super::needs_game`]). The acts about a game are decided by the
/// referee's one intake ([`intake::decide`]); this only words what it
/// decided not to apply.
pub(super) fn command_of(
    tx: &Tx<'_>,
    player: &Player,
    game: Option<GameId>,
    intent: &Intent,
    analysis: &str,
    analysis_line: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Result<Command, Answer>, RefereeError> {
    let need = || game.ok_or_else(|| RefereeError::NoGame);
    if let Some(said) = said_of(intent, analysis)
        && let Some(g) = game
    {
        return Ok(match intake::decide(tx, g, player.id, &said)? {
            Decision::Apply(command) => Ok(command),
            Decision::Stale(m) => Err(Answer {
                notice: Notice::Stale {
                    game: g,
                    text: moved_text(intent),
                    number: m.written.number,
                    due: m.due,
                    due_black: m.side == crate::rules::Color::Black,
                },
                outcome: outcomes::stale(m.written.number, m.due),
            }),
            Decision::Ahead(m) => {
                let written_side = if m.written.black {
                    crate::rules::Color::Black
                } else {
                    crate::rules::Color::White
                };
                let number = crate::words::site::move_number(m.written.number, written_side);
                Err(Answer {
                    notice: Notice::Refused {
                        game: g,
                        line: format!("{number} {}", moved_text(intent)),
                        reason: m.refusal().message(language_of(player)),
                    },
                    outcome: outcomes::ahead(m.written.number, m.due),
                })
            }
            Decision::OtherSideResigns => Err(Answer {
                notice: Notice::Unsaid {
                    line: analysis_line.trim().to_string(),
                    act: crate::mail::intent::Act::Resign,
                    doubt: crate::mail::intent::Doubt::Reported,
                    offered: false,
                },
                outcome: outcomes::other_side_named_resigning().into(),
            }),
            Decision::NothingToDecline if matches!(intent, Intent::PlayOn) => {
                Err(goes_on(tx, player, game, analysis, now)?)
            }
            Decision::NothingToDecline => Err(unsaid(tx, player, g, intent, analysis_line)?),
        });
    }
    Ok(Ok(match intent {
        Intent::Standings => Command::Standings { game },
        Intent::Bulletins { wanted } => Command::Bulletins { wanted: *wanted },
        Intent::MoveMails(mails) => Command::MoveMails { mails: *mails },
        Intent::Calendar => Command::Calendar,
        Intent::XfccPassword => {
            // Made here, at the edge, from draws of the mail's transaction
            // (a replayed mail sets the password it mailed the first time);
            // the referee keeps the hash and mails the password.
            let fault =
                |e: anyhow::Error| RefereeError::Fault(Fault::PasswordHash(format!("{e:#}")));
            let (password, hash) = crate::daemon::xfcc::password::made_in(tx).map_err(fault)?;
            Command::XfccPassword { password, hash }
        }
        Intent::Status => Command::Status { game: need()? },
        Intent::History => Command::History,
        Intent::Help => Command::Help,
        Intent::Withdraw => Command::WithdrawalTerms { said: true },
        Intent::HowToWithdraw => Command::WithdrawalTerms { said: false },
        Intent::ConfirmWithdrawal { code } => Command::ConfirmWithdrawal { code: *code },
        Intent::Leave { from, to } => Command::Leave {
            from: *from,
            to: *to,
        },
        Intent::LegalMoves => Command::LegalMoves { game: need()? },
        Intent::Why { text } => Command::Why {
            game: need()?,
            text: text.clone(),
        },
        Intent::Rules => Command::Rules { game: need()? },
        Intent::Seal { text } => Command::Seal {
            game: need()?,
            text: text.clone(),
        },
        Intent::Conditional(request) => Command::Conditional {
            game: need()?,
            request: request.clone(),
        },
        Intent::Unsaid { .. }
        | Intent::NamedMove { .. }
        | Intent::OtherLayout { .. }
        | Intent::UnreadMove { .. } => {
            let Some(g) = game else {
                let notice = note_of(intent, analysis_line, false).expect("a note intent");
                return Ok(Err(Answer {
                    notice,
                    outcome: outcomes::no_act_named().into(),
                }));
            };
            return Ok(Err(unsaid(tx, player, g, intent, analysis_line)?));
        }
        Intent::Unrecognised(why) => {
            let outcome = outcomes::unrecognised(why);
            return Ok(Err(Answer {
                notice: Notice::Unrecognised {
                    game,
                    why: why.clone(),
                    example: example_of(tx, player, game, now)?,
                    quote: first_words(analysis),
                },
                outcome,
            }));
        }
        Intent::PlayOn => return Ok(Err(goes_on(tx, player, game, analysis, now)?)),
        // The acts about a game, with no game to act in.
        Intent::Move { .. }
        | Intent::OfferDraw
        | Intent::AcceptDraw
        | Intent::DeclineDraw
        | Intent::Resign
        | Intent::SideResigns(_)
        | Intent::ClaimDraw { .. }
        | Intent::ClaimResult(_) => {
            return Err(RefereeError::NoGame);
        }
    }))
}

/// The act an intent says about its game, for the referee's intake; `None`
/// for a request (status, help, ...) or words that name no act. Words that
/// say no to a draw are words that the game goes on: they decline a
/// standing offer. `analysis`: the mail's text, kept with a claim.
fn said_of(intent: &Intent, analysis: &str) -> Option<Said> {
    Some(match intent {
        Intent::Move { mv, offer_draw } => Said::Move {
            text: mv.text.clone(),
            number: mv.number.map(|number| MoveNumber {
                number,
                black: mv.black,
            }),
            offer_draw: *offer_draw,
        },
        Intent::OfferDraw => Said::OfferDraw,
        Intent::AcceptDraw => Said::AcceptDraw,
        Intent::DeclineDraw => Said::DeclineDraw,
        Intent::Resign => Said::Resign,
        Intent::SideResigns(color) => Said::SideResigns(*color),
        Intent::PlayOn
        | Intent::Unsaid {
            act: crate::mail::intent::Act::Offer,
            doubt: crate::mail::intent::Doubt::Negation,
        } => Said::PlayOn,
        Intent::ClaimDraw { mv } => Said::ClaimDraw {
            text: mv.as_ref().map(|m| m.text.clone()),
            number: mv.as_ref().and_then(|m| {
                m.number.map(|number| MoveNumber {
                    number,
                    black: m.black,
                })
            }),
            analysis: analysis.to_string(),
        },
        Intent::ClaimResult(claim) => Said::ClaimResult {
            claim: *claim,
            analysis: analysis.to_string(),
        },
        _ => return None,
    })
}

/// The answer to words that the game goes on, with nothing else to do (no
/// offer to decline): no command was read, here is a move to make.
fn goes_on(
    tx: &Tx<'_>,
    player: &Player,
    game: Option<GameId>,
    analysis: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Answer, RefereeError> {
    Ok(Answer {
        notice: Notice::Unrecognised {
            game,
            why: Unrecognised::NoCommand,
            example: example_of(tx, player, game, now)?,
            quote: first_words(analysis),
        },
        outcome: outcomes::goes_on_no_move().into(),
    })
}

/// The move an intent carries, as written without its number.
fn moved_text(intent: &Intent) -> String {
    match intent {
        Intent::Move { mv, .. } | Intent::ClaimDraw { mv: Some(mv) } => mv.text.clone(),
        _ => String::new(),
    }
}

/// The answer to words that name an act or a move without making it: in a
/// game that is over, its end; else what the words did not do.
fn unsaid(
    tx: &Tx<'_>,
    player: &Player,
    g: GameId,
    intent: &Intent,
    analysis_line: &str,
) -> Result<Answer, RefereeError> {
    let row = games::get(tx, g)?;
    if matches!(row.status, GameStatus::Finished | GameStatus::Annulled) {
        return Ok(Answer {
            notice: Notice::Refused {
                game: g,
                line: analysis_line.trim().to_string(),
                reason: RefereeError::GameOver(g, row.result).message(language_of(player)),
            },
            outcome: outcomes::game_over(g),
        });
    }
    let offered = opponent_offered(tx, player, Some(g))?;
    let notice = note_of(intent, analysis_line, offered).expect("a note intent");
    Ok(Answer {
        notice,
        outcome: outcomes::no_act_named().into(),
    })
}

/// Whether the opponent of `player` has a draw offer pending in `game`.
pub(super) fn opponent_offered(
    tx: &Tx<'_>,
    player: &Player,
    game: Option<GameId>,
) -> Result<bool, RefereeError> {
    let Some(game) = game else { return Ok(false) };
    let mine = games::get(tx, game)?.side_of(player.id);
    Ok(matches!(crate::store::offers::pending(tx, game)?, Some(o) if Some(o.side) != mine))
}

/// The notice of an intent that only names an act or a move (nothing to
/// apply), for the line it was read from; `None` for every other intent.
/// `offered`: the opponent has a draw offer pending (the words then say
/// how to answer it).
pub(super) fn note_of(intent: &Intent, line: &str, offered: bool) -> Option<Notice> {
    let line = line.trim().to_string();
    Some(match intent {
        Intent::Unsaid { act, doubt } => Notice::Unsaid {
            line,
            act: *act,
            doubt: *doubt,
            offered,
        },
        Intent::NamedMove { text, doubt } => Notice::NotPlayed {
            line,
            text: text.clone(),
            doubt: *doubt,
        },
        Intent::UnreadMove { text } => Notice::UnreadMove {
            line,
            text: text.clone(),
        },
        Intent::OtherLayout { written, meant } => Notice::OtherLayout {
            written: written.clone(),
            meant: meant.clone(),
        },
        _ => return None,
    })
}

/// The notes of a mail's other lines about a game, after the reply's text.
pub(super) fn with_notes(mut reply: Reply, notes: &[String]) -> Reply {
    if !notes.is_empty() {
        reply.notes.push(Note::Lines(notes.to_vec()));
    }
    reply
}
