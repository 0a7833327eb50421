//! The bot's own Message-IDs: every format the bot writes, its writer
//! ([`std::fmt::Display`]) and its reader ([`BotMessageId::parse`]) side by
//! side, so that what is read is what is written. The ids are minted (the
//! keyed tag, the random part) in [`crate::letters`]; a delivery report that
//! returns one of them names its game through [`BotMessageId::game`].
//!
//! Every id is `zaochka.<parts>@<domain>` (written without `<>`; read with or
//! without them), the parts separated by dots:
//!
//! | kind | parts after `zaochka.` | example |
//! |---|---|---|
//! | [`IdKind::Reply`] | `<tag>.<intent>.<recipient>` (tag: 20 hex digits) | `zaochka.0a1b…e9.2.0@example.org` |
//! | [`IdKind::Command`] | `cli.<random>.<unix milliseconds>` (random: 20 hex digits) | `zaochka.cli.3f…07.1764936000000@example.org` |
//! | [`IdKind::Shell`] | `shell.<tag>.<post>` (tag: 20 hex digits) | `zaochka.shell.9c…41.0@example.org` |
//! | [`IdKind::Alert`] | `alert.<alert>.<referee>` | `zaochka.alert.7.3@example.org` |
//! | [`IdKind::Tournament`] | `period.<tournament>.<game>.<k>` or `claims.<unix seconds>.<game>.<k>` (game 0: none) | `zaochka.period.2.14.1@example.org` |
//! | [`IdKind::Bulletin`] | `bulletin.<tournament>.<number>.<player>` | `zaochka.bulletin.2.3.14@example.org` |
//! | [`IdKind::Digest`] | `digest.<player>.<day, YYYYMMDD>` | `zaochka.digest.14.20270302@example.org` |
//! | [`IdKind::DirectorsThread`] | `directors.<tournament>` (never a mail's own id) | `zaochka.directors.2@example.org` |
//! | [`IdKind::Clock`] | `clock.<game>.<side>.<action>.<due, unix seconds>.<action index>.<k>` | `zaochka.clock.12.white.deadline-1d.1764936000.0.0@example.org` |

use crate::vocabulary::{Color, GameId, PlayerId};

use super::address::SUBJECT_TAG_WORD;

/// Hex digits of a reply's keyed tag and of a command's random part.
pub const TAG_HEX_DIGITS: usize = 20;

/// One of the bot's own Message-IDs, by the kind of mail that carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotMessageId {
    /// What the id says.
    pub kind: IdKind,
    /// The bot's domain.
    pub domain: String,
}

/// The kinds of the bot's mails and the fields their Message-IDs carry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdKind {
    /// A reply to an inbox mail: `tag` is the first 10 bytes (lowercase hex)
    /// of HMAC-SHA256 over the mail's inbox key, the intent's and the
    /// recipient's place, under the database's secret; the same mail gives
    /// the same ids again (a retried transaction, a restore).
    Reply {
        /// 20 lowercase hex digits.
        tag: String,
        /// The place of the intent (command) in the mail, from 0.
        intent: u64,
        /// The place of the reply among the intent's replies, from 0.
        recipient: u64,
    },
    /// A mail of a command given on the command line.
    Command {
        /// 20 lowercase hex digits of randomness.
        random: String,
        /// The instant of the command, Unix milliseconds.
        millis: i64,
    },
    /// A mail of a shell command journalled with a mark: `tag` is the first
    /// 10 bytes (lowercase hex) of HMAC-SHA256 over the command's mark and
    /// `post` under the database's secret; the command replayed by a restore
    /// gives the same ids again.
    Shell {
        /// 20 lowercase hex digits.
        tag: String,
        /// The place of the mail among the command's mails, from 0.
        post: u64,
    },
    /// An alert mail to a referee.
    Alert {
        /// The alert's row id.
        alert: i64,
        /// The referee it goes to.
        referee: PlayerId,
    },
    /// A mail of a tournament deadline: a playing period that ended, or a
    /// claim term that ran out.
    Tournament {
        /// Which deadline.
        event: TournamentEvent,
        /// The game the mail is about (`0` in the id: none).
        game: Option<GameId>,
        /// The mail's place among the deadline's mails, from 0.
        k: u64,
    },
    /// A tournament's bulletin to one entrant.
    Bulletin {
        /// The tournament's row id.
        tournament: i64,
        /// The bulletin's number in the tournament, from 1.
        number: u64,
        /// The entrant it goes to.
        player: PlayerId,
    },
    /// A player's daily digest of the games where it is their move.
    Digest {
        /// The reader.
        player: PlayerId,
        /// The reader's local day, as the number YYYYMMDD.
        day: u64,
    },
    /// The root of a tournament's director thread: every mail to the
    /// tournament's directors answers it (In-Reply-To, References). No mail
    /// carries it as its own id.
    DirectorsThread {
        /// The tournament's row id.
        tournament: i64,
    },
    /// A mail of a clock action: a reminder, a loss on time, a time-out
    /// reported to the referees.
    Clock {
        /// The game.
        game: GameId,
        /// The side whose clock acted.
        side: Color,
        /// The action's key (`deadline-1d`, `deadline-12h`, `silence-7d`,
        /// `timeout-loss`, `timeout-report`): letters, digits and `-`.
        action: String,
        /// When the action was due, Unix seconds.
        due: i64,
        /// The action's place among the actions of its tick, from 0.
        action_index: u64,
        /// The mail's place among the action's mails, from 0.
        k: u64,
    },
}

/// The tournament deadline a mail of [`IdKind::Tournament`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentEvent {
    /// The playing period of this tournament (row id) ended.
    PeriodEnded {
        /// The tournament's row id.
        tournament: i64,
    },
    /// Claim terms that ran out, seen at this instant (Unix seconds).
    ClaimsOverdue {
        /// The instant of the tick, Unix seconds.
        at: i64,
    },
}

impl BotMessageId {
    /// Reads one of the bot's Message-IDs (with or without `<>`); `None` for
    /// any other id.
    #[must_use]
    pub fn parse(id: &str) -> Option<BotMessageId> {
        let id = id.trim().trim_start_matches('<').trim_end_matches('>');
        let (local, domain) = id.rsplit_once('@')?;
        if domain.is_empty() {
            return None;
        }
        let parts: Vec<&str> = local.split('.').collect();
        let (word, rest) = parts.split_first()?;
        if !word.eq_ignore_ascii_case(SUBJECT_TAG_WORD) {
            return None;
        }
        let kind = match rest {
            ["cli", random, millis] if is_tag(random) => IdKind::Command {
                random: (*random).to_string(),
                millis: signed(millis)?,
            },
            ["shell", tag, post] if is_tag(tag) => IdKind::Shell {
                tag: (*tag).to_string(),
                post: post.parse().ok()?,
            },
            ["alert", alert, referee] => IdKind::Alert {
                alert: signed(alert)?,
                referee: PlayerId(signed(referee)?),
            },
            ["period", tournament, game, k] => IdKind::Tournament {
                event: TournamentEvent::PeriodEnded {
                    tournament: signed(tournament)?,
                },
                game: game_or_none(game)?,
                k: unsigned(k)?,
            },
            ["digest", player, day] => IdKind::Digest {
                player: PlayerId(signed(player)?),
                day: unsigned(day)?,
            },
            ["directors", tournament] => IdKind::DirectorsThread {
                tournament: signed(tournament)?,
            },
            ["bulletin", tournament, number, player] => IdKind::Bulletin {
                tournament: signed(tournament)?,
                number: unsigned(number)?,
                player: PlayerId(signed(player)?),
            },
            ["claims", at, game, k] => IdKind::Tournament {
                event: TournamentEvent::ClaimsOverdue { at: signed(at)? },
                game: game_or_none(game)?,
                k: unsigned(k)?,
            },
            ["clock", game, side, action, due, action_index, k]
                if !action.is_empty()
                    && action
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-') =>
            {
                IdKind::Clock {
                    game: game_or_none(game)??,
                    side: side.parse().ok()?,
                    action: (*action).to_string(),
                    due: signed(due)?,
                    action_index: unsigned(action_index)?,
                    k: unsigned(k)?,
                }
            }
            [tag, intent, recipient] if is_tag(tag) => IdKind::Reply {
                tag: (*tag).to_string(),
                intent: unsigned(intent)?,
                recipient: unsigned(recipient)?,
            },
            _ => return None,
        };
        Some(BotMessageId {
            kind,
            domain: domain.to_string(),
        })
    }

    /// The game the mail was about, where the id says it (clock and
    /// tournament deadline mails).
    #[must_use]
    pub fn game(&self) -> Option<GameId> {
        match &self.kind {
            IdKind::Clock { game, .. } => Some(*game),
            IdKind::Tournament { game, .. } => *game,
            IdKind::Reply { .. }
            | IdKind::Command { .. }
            | IdKind::Shell { .. }
            | IdKind::Bulletin { .. }
            | IdKind::Digest { .. }
            | IdKind::DirectorsThread { .. }
            | IdKind::Alert { .. } => None,
        }
    }

    /// Whether `id` is the Message-ID of an alert mail to a referee.
    #[must_use]
    pub fn is_alert(id: &str) -> bool {
        matches!(
            BotMessageId::parse(id),
            Some(BotMessageId {
                kind: IdKind::Alert { .. },
                ..
            })
        )
    }
}

impl std::fmt::Display for BotMessageId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let domain = &self.domain;
        match &self.kind {
            IdKind::Reply {
                tag,
                intent,
                recipient,
            } => write!(f, "{SUBJECT_TAG_WORD}.{tag}.{intent}.{recipient}@{domain}"),
            IdKind::Command { random, millis } => {
                write!(f, "{SUBJECT_TAG_WORD}.cli.{random}.{millis}@{domain}")
            }
            IdKind::Shell { tag, post } => {
                write!(f, "{SUBJECT_TAG_WORD}.shell.{tag}.{post}@{domain}")
            }
            IdKind::Alert { alert, referee } => {
                write!(f, "{SUBJECT_TAG_WORD}.alert.{alert}.{}@{domain}", referee.0)
            }
            IdKind::Tournament { event, game, k } => {
                let (word, n) = match event {
                    TournamentEvent::PeriodEnded { tournament } => ("period", *tournament),
                    TournamentEvent::ClaimsOverdue { at } => ("claims", *at),
                };
                let game = game.map_or(0, |g| g.0);
                write!(f, "{SUBJECT_TAG_WORD}.{word}.{n}.{game}.{k}@{domain}")
            }
            IdKind::Digest { player, day } => {
                write!(f, "{SUBJECT_TAG_WORD}.digest.{}.{day}@{domain}", player.0)
            }
            IdKind::Bulletin {
                tournament,
                number,
                player,
            } => write!(
                f,
                "{SUBJECT_TAG_WORD}.bulletin.{tournament}.{number}.{}@{domain}",
                player.0
            ),
            IdKind::DirectorsThread { tournament } => {
                write!(f, "{SUBJECT_TAG_WORD}.directors.{tournament}@{domain}")
            }
            IdKind::Clock {
                game,
                side,
                action,
                due,
                action_index,
                k,
            } => write!(
                f,
                "{SUBJECT_TAG_WORD}.clock.{}.{}.{action}.{due}.{action_index}.{k}@{domain}",
                game.0,
                side.as_str()
            ),
        }
    }
}

/// 20 hex digits.
fn is_tag(s: &str) -> bool {
    s.len() == TAG_HEX_DIGITS && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A decimal number without sign, at most 18 digits.
fn unsigned(s: &str) -> Option<u64> {
    (!s.is_empty() && s.len() <= 18 && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

/// A decimal number, `-` allowed before it.
fn signed(s: &str) -> Option<i64> {
    match s.strip_prefix('-') {
        Some(digits) => unsigned(digits)
            .and_then(|n| i64::try_from(n).ok())
            .map(|n| -n),
        None => unsigned(s).and_then(|n| i64::try_from(n).ok()),
    }
}

/// A game number, `0` for none.
fn game_or_none(s: &str) -> Option<Option<GameId>> {
    let n = signed(s)?;
    Some((n > 0).then_some(GameId(n)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(kind: IdKind) {
        let id = BotMessageId {
            kind,
            domain: "example.org".into(),
        };
        let text = id.to_string();
        assert_eq!(BotMessageId::parse(&text).as_ref(), Some(&id), "{text}");
        assert_eq!(
            BotMessageId::parse(&format!("<{text}>")).as_ref(),
            Some(&id),
            "{text}"
        );
    }

    #[test]
    fn a_reply_id_reads_back_its_tag_intent_and_recipient() {
        round_trip(IdKind::Reply {
            tag: "0123456789abcdef0123".into(),
            intent: 2,
            recipient: 1,
        });
        let id = BotMessageId::parse("zaochka.0123456789abcdef0123.2.1@example.org").unwrap();
        assert_eq!(id.game(), None);
    }

    #[test]
    fn a_command_id_reads_back_its_random_part_and_instant() {
        round_trip(IdKind::Command {
            random: "ffeeddccbbaa99887766".into(),
            millis: 1_764_936_000_123,
        });
    }

    #[test]
    fn a_shell_command_id_reads_back_its_tag_and_place() {
        round_trip(IdKind::Shell {
            tag: "9c8b7a6f5e4d3c2b1a00".into(),
            post: 3,
        });
    }

    #[test]
    fn an_alert_id_reads_back_its_alert_and_referee() {
        round_trip(IdKind::Alert {
            alert: 7,
            referee: PlayerId(3),
        });
        assert!(BotMessageId::is_alert("zaochka.alert.7.3@example.org"));
        assert!(!BotMessageId::is_alert(
            "zaochka.0123456789abcdef0123.0.0@example.org"
        ));
    }

    #[test]
    fn a_tournament_deadline_id_reads_back_its_event_and_game() {
        for (event, game) in [
            (
                TournamentEvent::PeriodEnded { tournament: 2 },
                Some(GameId(14)),
            ),
            (TournamentEvent::ClaimsOverdue { at: 1_764_936_000 }, None),
        ] {
            round_trip(IdKind::Tournament { event, game, k: 1 });
        }
        let id = BotMessageId::parse("zaochka.period.2.14.1@example.org").unwrap();
        assert_eq!(id.game(), Some(GameId(14)));
        let id = BotMessageId::parse("zaochka.claims.1764936000.0.0@example.org").unwrap();
        assert_eq!(id.game(), None);
    }

    #[test]
    fn a_bulletin_id_reads_back_its_tournament_number_and_player() {
        round_trip(IdKind::Bulletin {
            tournament: 2,
            number: 3,
            player: PlayerId(14),
        });
        let id = BotMessageId::parse("zaochka.bulletin.2.3.14@example.org").unwrap();
        assert_eq!(id.game(), None);
        assert!(!BotMessageId::is_alert(
            "zaochka.bulletin.2.3.14@example.org"
        ));
    }

    #[test]
    fn a_clock_id_reads_back_its_game_side_action_and_due_instant() {
        for action in ["deadline-1d", "deadline-12h", "silence-7d", "timeout-loss"] {
            round_trip(IdKind::Clock {
                game: GameId(12),
                side: Color::Black,
                action: action.into(),
                due: 1_764_936_000,
                action_index: 3,
                k: 1,
            });
        }
        let id = BotMessageId::parse("zaochka.clock.12.white.timeout-report.1764936000.0.2@x.org")
            .unwrap();
        assert_eq!(id.game(), Some(GameId(12)));
    }

    #[test]
    fn other_message_ids_are_none_of_the_bots() {
        for other in [
            "3c1f6f0e@example.org",
            "zaochka.g12.p36.4842ee4d@example.com",
            "zaochka.cli.nothex.1@example.org",
            "zaochka.0123456789abcdef012.0.0@example.org",
            "zaochka.alert.x.3@example.org",
            "zaochka.clock.0.white.deadline-1d.1.0.0@example.org",
            "zaochka.clock.1.green.deadline-1d.1.0.0@example.org",
            "zaochka.alert.7.3@",
            "other.alert.7.3@example.org",
        ] {
            assert_eq!(BotMessageId::parse(other), None, "{other}");
        }
    }
}
