//! A whole season of correspondence clocks through a fake clock, on a real
//! SQLite file: three games with three different controls, two leaves (one
//! over the New York DST change), refused leave requests, reminders at their
//! points and only once each, a silent player who loses on time at the exact
//! deadline, another whose time-out is reported to the referee, and daemon
//! crashes in the middle of a tick.
//!
//! The fake clock advances one hour (3 600 s) per tick from 2026-03-01 00:00
//! UTC to 2026-04-15 00:00 UTC. At each tick the scripted events of that
//! instant (moves, leave requests) run first, each in its own transaction as
//! the referee would; then the scheduler tick runs in one transaction that
//! claims the due actions and writes one outbox row per action (unique
//! Message-ID, so a second send of the same reminder would fail the test).
//! Every tick is run a second time at the same instant and must find nothing
//! new; every 50 ticks the store is closed and reopened; at two instants the
//! tick "crashes" before its commit and the daemon restarts with a fresh
//! handle.

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use zaochka::clock::{
    Action, ActionKind, DAY, HOUR, LeaveError, LeaveRequest, Settings, TimeControl, TimeoutPolicy,
    state, zone,
};
use zaochka::referee::game_clocks::{self as persist, ClockError};
use zaochka::rules::Variant;
use zaochka::store::clocks;
use zaochka::store::games::{self, NewGame};
use zaochka::store::outbox::{self, NewOutgoing};
use zaochka::store::players::{self, Language, NewPlayer, Role};
use zaochka::store::{Store, StoreError, Tx};
use zaochka::vocabulary::{Color, GameId, PlayerId};
use zaochka::vocabulary::{GameResult, GameStatus, Termination};

/// The fake clock: whole seconds from the start of the season.
struct FakeClock {
    start: DateTime<Utc>,
    seconds: i64,
}

impl FakeClock {
    fn now(&self) -> DateTime<Utc> {
        self.start + TimeDelta::seconds(self.seconds)
    }

    fn advance(&mut self, seconds: i64) {
        self.seconds += seconds;
    }
}

fn utc(m: u32, d: u32, h: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, m, d, h, 0, 0)
        .single()
        .expect("valid instant")
}

#[derive(Debug, thiserror::Error)]
enum TestError {
    #[error(transparent)]
    Clock(#[from] ClockError),
    #[error("simulated crash before commit")]
    Crash,
}

impl From<StoreError> for TestError {
    fn from(e: StoreError) -> TestError {
        TestError::Clock(e.into())
    }
}

struct Season {
    ivan: PlayerId,
    anna: PlayerId,
    john: PlayerId,
    mary: PlayerId,
    g1: GameId,
    g2: GameId,
    g3: GameId,
}

fn settings_for(game: &games::Game) -> Settings {
    if game.tournament.as_deref() == Some("open") {
        Settings {
            on_timeout: TimeoutPolicy::ReportToReferee,
            ..Settings::default()
        }
    } else {
        Settings::default()
    }
}

fn setup(store: &mut Store, start: DateTime<Utc>) -> Season {
    store
        .transaction(|tx| {
            let add = |name: &str, email: &str, zone: &str| {
                players::add(
                    tx,
                    &NewPlayer {
                        name: name.to_owned(),
                        email: email.to_owned(),
                        language: Language::Ru,
                        time_zone: zone.to_owned(),
                        role: Role::Player,
                        created_at: start,
                    },
                )
                .map(|p| p.id)
            };
            let ivan = add("Иван", "ivan@example.org", "Europe/Moscow")?;
            let anna = add("Anna", "anna@example.de", "Europe/Berlin")?;
            let john = add("John", "john@example.com", "America/New_York")?;
            let mary = add("Mary", "mary@example.jp", "Asia/Tokyo")?;
            let game = |w, b, control: &str, tournament: &str| -> Result<GameId, TestError> {
                let control = TimeControl::parse(control).expect("valid control");
                let mut new = NewGame::new(Variant::Russian, w, b, start);
                new.time_control = Some(control);
                new.tournament = Some(tournament.to_owned());
                let id = games::create(tx, &new)?.id;
                persist::start_game(tx, id, Color::White, start)?;
                Ok(id)
            };
            let g1 = game(ivan, anna, "5d/move", "cup")?;
            let g2 = game(john, mary, "10/50 iccf", "open")?;
            let g3 = game(anna, john, "fischer 5+1 cap 10", "cup")?;
            Ok::<_, TestError>(Season {
                ivan,
                anna,
                john,
                mary,
                g1,
                g2,
                g3,
            })
        })
        .expect("setup")
}

#[derive(Clone, Debug)]
enum Event {
    Move(GameId, Color),
    Leave(PlayerId, &'static str),
    RefusedLeave(PlayerId, &'static str, LeaveError),
}

fn script(s: &Season) -> Vec<(DateTime<Utc>, Event)> {
    use Event::{Leave, Move, RefusedLeave};
    let d = |y, m, dd| chrono::NaiveDate::from_ymd_opt(y, m, dd).expect("date");
    let mut events = vec![
        // Game 1, 5 days per move: Ivan moves, Anna goes on leave while
        // her clock runs, answers after it, and Ivan falls silent.
        (utc(3, 2, 10), Move(s.g1, Color::White)),
        (utc(3, 3, 12), Leave(s.anna, "leave 2026-03-04 2026-03-10")),
        (
            utc(3, 5, 0),
            RefusedLeave(
                s.anna,
                "отпуск 2026-03-10 2026-03-12",
                LeaveError::Overlaps {
                    first: d(2026, 3, 4),
                    last: d(2026, 3, 10),
                },
            ),
        ),
        (utc(3, 12, 20), Move(s.g1, Color::Black)),
        // Game 2, 10/50 ICCF: John answers in 5 hours, Mary never.
        (utc(3, 1, 5), Move(s.g2, Color::White)),
        // Game 3, Fischer 5+1 cap 10: John's leave spans the New York DST
        // change (Mar 8 has 23 hours there).
        (utc(3, 2, 0), Move(s.g3, Color::White)),
        (utc(3, 3, 0), Leave(s.john, "leave 2026-03-06 2026-03-08")),
        (utc(3, 9, 20), Move(s.g3, Color::Black)),
        (utc(3, 11, 23), Move(s.g3, Color::White)),
        (utc(3, 12, 12), Move(s.g3, Color::Black)),
        (utc(3, 13, 12), Move(s.g3, Color::White)),
        (utc(3, 14, 12), Move(s.g3, Color::Black)),
        // Refused requests change nothing.
        (
            utc(3, 20, 0),
            RefusedLeave(
                s.ivan,
                "leave 2026-03-25 2026-05-10",
                LeaveError::BeyondAllowance {
                    year: 2026,
                    requested: 47,
                    taken: 0,
                    left: 45,
                    allowance: 45,
                },
            ),
        ),
        (
            // Mar 20 00:00 UTC is still Mar 19 in New York.
            utc(3, 20, 0),
            RefusedLeave(
                s.john,
                "leave 2026-03-18 2026-03-21",
                LeaveError::InPast {
                    first: d(2026, 3, 18),
                    today: d(2026, 3, 19),
                },
            ),
        ),
    ];
    // Then game 3 goes briskly: a move every 12 hours until Apr 14 12:00.
    let mut t = utc(3, 15, 0);
    while t <= utc(4, 14, 12) {
        let side = if t.format("%H").to_string() == "00" {
            Color::White
        } else {
            Color::Black
        };
        events.push((t, Move(s.g3, side)));
        t += TimeDelta::hours(12);
    }
    events.sort_by_key(|(t, _)| *t);
    events
}

/// One row of the outbox as the test reads it back.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Sent {
    at: DateTime<Utc>,
    game: i64,
    to: String,
    key: String,
}

/// The scheduler tick as the daemon runs it: claim, act, write the outbox.
fn tick_body(tx: &Tx<'_>, now: DateTime<Utc>) -> Result<Vec<Action>, TestError> {
    let fresh = persist::tick(tx, now, settings_for)?;
    for a in &fresh {
        let game = games::get(tx, a.game_id)?;
        let to = players::get(tx, game.player(a.side))?.email;
        if a.kind
            == (ActionKind::TimeOut {
                policy: TimeoutPolicy::LoseOnTime,
            })
        {
            zaochka::referee::clocks::finish_on_time(tx, a, true, now)?;
        }
        outbox::enqueue(
            tx,
            &NewOutgoing {
                to_address: to,
                subject: format!("[zaochka #{}] {}", a.game_id, a.key()),
                body_text: format!("deadline {}", zone::format_utc(a.deadline)),
                body_html: None,
                attachments: Vec::new(),
                in_reply_to: None,
                references: None,
                message_id: format!(
                    "{}.{}.{}.{}@zaochka.test",
                    a.game_id,
                    a.side,
                    a.key(),
                    a.about.timestamp()
                ),
                from_address: None,
                reply_to: None,
                game_id: Some(a.game_id),
                created_at: now,
            },
        )?;
    }
    Ok(fresh)
}

fn sent(store: &mut Store) -> Vec<Sent> {
    let mut rows = store
        .read(|tx| {
            let mut stmt = tx.sql().prepare(
                "SELECT created_at, game_id, to_address, subject FROM outbox ORDER BY id",
            )?;
            let rows = stmt.query_map([], |r| {
                let at: String = r.get(0)?;
                let subject: String = r.get(3)?;
                Ok(Sent {
                    at: DateTime::parse_from_rfc3339(&at)
                        .expect("instant")
                        .with_timezone(&Utc),
                    game: r.get(1)?,
                    to: r.get(2)?,
                    key: subject.rsplit(' ').next().unwrap_or_default().to_owned(),
                })
            })?;
            Ok::<_, StoreError>(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .expect("outbox");
    rows.sort();
    rows
}

fn snapshot(store: &mut Store, s: &Season) -> (usize, Vec<clocks::Clock>) {
    store
        .read(|tx| {
            let mut n = 0;
            for p in [s.ivan, s.anna, s.john, s.mary] {
                n += persist::player_leaves(tx, p)?.len();
            }
            let mut all = Vec::new();
            for g in [s.g1, s.g2, s.g3] {
                all.extend(clocks::list(tx, g)?);
            }
            Ok::<_, ClockError>((n, all))
        })
        .expect("snapshot")
}

#[test]
fn a_season_of_clocks_sends_each_reminder_once_and_times_out_on_the_dot() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("season.db");
    let mut store = Store::open(&path).expect("open");
    let mut clock = FakeClock {
        start: utc(3, 1, 0),
        seconds: 0,
    };
    let s = setup(&mut store, clock.now());
    let events = script(&s);
    let crash_at = [utc(3, 15, 5), utc(3, 17, 20)];
    let end = utc(4, 15, 0);
    let mut next_event = 0;
    let mut ticks = 0;
    let mut crashed = 0;

    while clock.now() <= end {
        let now = clock.now();
        while next_event < events.len() && events[next_event].0 <= now {
            let (at, event) = events[next_event].clone();
            assert_eq!(at, now, "events lie on the hour grid");
            match event {
                Event::Move(game, side) => {
                    store
                        .transaction(|tx| persist::record_move(tx, game, side, now))
                        .unwrap_or_else(|e| panic!("move {game} {side} at {now}: {e}"));
                }
                Event::Leave(player, text) => {
                    let request = LeaveRequest::parse(text).expect("request");
                    let (leave, moved) = store
                        .transaction(|tx| {
                            persist::take_leave(tx, player, &request, &Settings::default(), now)
                        })
                        .expect("leave granted");
                    assert!(leave.days > 0);
                    if player == s.anna {
                        // Her running clock in game 1 moved; game 3's is stopped.
                        assert_eq!(moved.len(), 1);
                        assert_eq!(moved[0].game_id, s.g1);
                        // 5 days from Mar 2 10:00, 37 h run before the leave
                        // (Mar 3 23:00 UTC = Mar 4 00:00 CET) and 83 h after
                        // it (from Mar 10 23:00 UTC).
                        assert_eq!(moved[0].deadline, Some(utc(3, 14, 10)));
                    }
                    if player == s.john {
                        // 101 h before the leave (Mar 6 05:00 UTC = 00:00
                        // EST), 71 h of leave (to Mar 9 04:00 UTC = 00:00
                        // EDT), 19 h after: one hour earlier than without DST.
                        assert_eq!(moved.len(), 1);
                        assert_eq!(moved[0].deadline, Some(utc(3, 9, 23)));
                    }
                }
                Event::RefusedLeave(player, text, want) => {
                    let before = snapshot(&mut store, &s);
                    let request = LeaveRequest::parse(text).expect("request");
                    let got = store.transaction(|tx| {
                        persist::take_leave(tx, player, &request, &Settings::default(), now)
                    });
                    match got {
                        Err(ClockError::Leave(e)) => {
                            assert_eq!(e, want);
                            assert!(!e.message(zaochka::vocabulary::Language::Ru).is_empty());
                        }
                        other => panic!("{text}: expected a refusal, got {other:?}"),
                    }
                    assert_eq!(snapshot(&mut store, &s), before, "nothing changed");
                }
            }
            next_event += 1;
        }

        if crash_at.contains(&now) {
            // The daemon claims the actions and writes the mails, then dies
            // before the commit: nothing of it survives.
            let r = store.transaction(|tx| {
                let fresh = tick_body(tx, now)?;
                assert!(!fresh.is_empty(), "something is due at the crash {now}");
                Err::<(), _>(TestError::Crash)
            });
            assert!(matches!(r, Err(TestError::Crash)));
            drop(store);
            store = Store::open(&path).expect("restart");
            crashed += 1;
        } else if ticks % 50 == 0 {
            drop(store);
            store = Store::open(&path).expect("reopen");
        }
        let fresh = store
            .transaction(|tx| tick_body(tx, now))
            .unwrap_or_else(|e| panic!("tick at {now}: {e}"));
        for a in &fresh {
            assert!(a.due_at <= now);
            assert_eq!(
                a.due_at, now,
                "{a:?} sent at the first tick after it fell due"
            );
        }
        // The same tick again (a second daemon, or a restart right after the
        // commit): nothing new.
        drop(store);
        store = Store::open(&path).expect("reopen");
        let again = store
            .transaction(|tx| tick_body(tx, now))
            .expect("second tick");
        assert!(again.is_empty(), "tick at {now} repeated {again:?}");

        clock.advance(HOUR);
        ticks += 1;
    }
    assert_eq!(crashed, 2);
    assert_eq!(ticks, 45 * 24 + 1);

    let g = |id: GameId| id.0;
    let want = vec![
        Sent {
            at: utc(3, 4, 0),
            game: g(s.g3),
            to: "john@example.com".into(),
            key: "deadline-3d".into(),
        },
        Sent {
            at: utc(3, 6, 0),
            game: g(s.g3),
            to: "john@example.com".into(),
            key: "deadline-1d".into(),
        },
        Sent {
            at: utc(3, 11, 10),
            game: g(s.g1),
            to: "anna@example.de".into(),
            key: "deadline-3d".into(),
        },
        Sent {
            at: utc(3, 12, 2),
            game: g(s.g3),
            to: "john@example.com".into(),
            key: "deadline-1d".into(),
        },
        Sent {
            at: utc(3, 14, 2),
            game: g(s.g3),
            to: "john@example.com".into(),
            key: "deadline-1d".into(),
        },
        Sent {
            at: utc(3, 14, 20),
            game: g(s.g1),
            to: "ivan@example.org".into(),
            key: "deadline-3d".into(),
        },
        Sent {
            at: utc(3, 15, 5),
            game: g(s.g2),
            to: "mary@example.jp".into(),
            key: "silence-14d".into(),
        },
        Sent {
            at: utc(3, 16, 20),
            game: g(s.g1),
            to: "ivan@example.org".into(),
            key: "deadline-1d".into(),
        },
        Sent {
            at: utc(3, 17, 20),
            game: g(s.g1),
            to: "ivan@example.org".into(),
            key: "timeout-loss".into(),
        },
        // John's bank has grown to 74 h by his move starting Mar 18 00:00:
        // 3 days are left after 2 hours.
        Sent {
            at: utc(3, 18, 2),
            game: g(s.g3),
            to: "john@example.com".into(),
            key: "deadline-3d".into(),
        },
        Sent {
            at: utc(3, 29, 5),
            game: g(s.g2),
            to: "mary@example.jp".into(),
            key: "silence-28d".into(),
        },
        Sent {
            at: utc(4, 3, 5),
            game: g(s.g2),
            to: "mary@example.jp".into(),
            key: "deadline-3d".into(),
        },
        Sent {
            at: utc(4, 5, 5),
            game: g(s.g2),
            to: "mary@example.jp".into(),
            key: "deadline-1d".into(),
        },
        Sent {
            at: utc(4, 5, 5),
            game: g(s.g2),
            to: "mary@example.jp".into(),
            key: "silence-35d".into(),
        },
        Sent {
            at: utc(4, 6, 5),
            game: g(s.g2),
            to: "mary@example.jp".into(),
            key: "timeout-report".into(),
        },
    ];
    assert_eq!(sent(&mut store), want);

    store
        .read(|tx| {
            // Ivan lost game 1 on time at the deadline itself.
            let g1 = games::get(tx, s.g1)?;
            assert_eq!(g1.status, GameStatus::Finished);
            assert_eq!(g1.result, Some(GameResult::BlackWins));
            assert_eq!(g1.termination, Some(Termination::Time));
            assert_eq!(g1.finished_at, Some(utc(3, 17, 20)));
            // Game 2 was reported, not decided: still active, Mary's clock
            // still running, its deadline passed.
            let g2 = games::get(tx, s.g2)?;
            assert_eq!(g2.status, GameStatus::Active);
            let mary = clocks::get(tx, s.g2, Color::Black)?.expect("clock");
            assert!(mary.running);
            assert_eq!(mary.deadline, Some(utc(4, 6, 5)));
            assert_eq!(
                zone::format_deadline(utc(4, 6, 5), zone::parse_zone("America/New_York")?),
                "2026-04-06 05:00 UTC (2026-04-06 01:00 EDT, America/New_York)"
            );
            assert_eq!(
                zone::format_deadline(utc(4, 6, 5), zone::parse_zone("Asia/Tokyo")?),
                "2026-04-06 05:00 UTC (2026-04-06 14:00 JST, Asia/Tokyo)"
            );
            // Game 3: both banks grew to the 10-day cap and stayed there.
            let l = persist::load(tx, s.g3)?.expect("clocks");
            assert!(!l.black.running);
            assert_eq!(state::allowance(&l.control, &l.black), 10 * DAY);
            assert!(l.black.extra_seconds < 0);
            assert!(l.white.running);
            assert_eq!(l.white.last_started_at, Some(utc(4, 14, 12)));
            assert_eq!(l.white.deadline, Some(utc(4, 24, 12)));
            let views = persist::report(tx, s.g3, utc(4, 15, 0))?.expect("views");
            assert_eq!(views[0].left_seconds, 10 * DAY - 12 * HOUR);
            assert_eq!(views[1].left_seconds, 10 * DAY);
            // Leave left this year: Anna took 7 days, John 3.
            let settings = Settings::default();
            assert_eq!(
                persist::leave_days_left(tx, s.anna, &settings, utc(4, 15, 0))?,
                38
            );
            assert_eq!(
                persist::leave_days_left(tx, s.john, &settings, utc(4, 15, 0))?,
                42
            );
            assert_eq!(
                persist::leave_days_left(tx, s.ivan, &settings, utc(4, 15, 0))?,
                45
            );
            // Every recorded reminder is unique by construction of the key.
            let recorded = clocks::reminders(tx, s.g2)?;
            assert_eq!(recorded.len(), 6);
            Ok::<_, ClockError>(())
        })
        .expect("final checks");
}
