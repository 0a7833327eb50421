//! The words of the referees' alerts: every mail the daemon writes to the
//! referees and admins on its own (a bounce, a quarantined mail, a skipped
//! inbox entry, a lasting fault, a stopped clock, a relay back, a failed
//! reply, a DMARC failure, a step of the system clock, an unsettled
//! authentication), in the referee's language. The alert is plain data
//! ([`Alert`]); the daemon decides whom it goes to and when
//! (`daemon::alerts::raise`), and this module writes its subject, its body
//! with the alerts held back by the hourly limit, and the one line each held
//! alert gets in that list. Text that came from outside (addresses, inbox
//! keys, server names, error texts) is passed through [`printable`] first.

use chrono::{DateTime, Utc};

use crate::printable::printable;
use crate::vocabulary::GameId;
use crate::vocabulary::Language;

/// The longest list of held alerts told in one alert mail; the rest are counted.
pub const MAX_SUMMARY_LINES: usize = 30;

/// Why an inbox entry was passed over without being read as mail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EntrySkip {
    /// A directory inside `new/`.
    Directory,
    /// A symbolic link (never followed).
    Symlink,
    /// A named pipe (FIFO).
    Fifo,
    /// A Unix socket.
    Socket,
    /// A block or character device.
    Device,
    /// The file could not be opened or read (permissions, I/O error); it is
    /// tried again on later fetches, but reported once per run.
    Unreadable,
    /// The message was handled but could not be marked done (moved to `cur/`,
    /// flagged `\Seen`) or set aside in quarantine; it is not fetched again in
    /// this run, and its record makes a later sight a no-op.
    Unmovable,
}

impl EntrySkip {
    /// What it is, as a phrase in `lang`.
    #[must_use]
    pub fn describe(self, lang: Language) -> &'static str {
        match (self, lang) {
            (EntrySkip::Directory, Language::En) => "it is a directory",
            (EntrySkip::Directory, Language::Ru) => "это каталог",
            (EntrySkip::Symlink, Language::En) => "it is a symbolic link",
            (EntrySkip::Symlink, Language::Ru) => "это символическая ссылка",
            (EntrySkip::Fifo, Language::En) => "it is a named pipe",
            (EntrySkip::Fifo, Language::Ru) => "это именованный канал",
            (EntrySkip::Socket, Language::En) => "it is a socket",
            (EntrySkip::Socket, Language::Ru) => "это сокет",
            (EntrySkip::Device, Language::En) => "it is a device file",
            (EntrySkip::Device, Language::Ru) => "это файл устройства",
            (EntrySkip::Unreadable, Language::En) => "it cannot be read",
            (EntrySkip::Unreadable, Language::Ru) => "его нельзя прочитать",
            (EntrySkip::Unmovable, Language::En) => "it cannot be moved out of new/",
            (EntrySkip::Unmovable, Language::Ru) => "его нельзя перенести из new/",
        }
    }
}

/// Something the referees must know. Plain data (the daemon raises it, see
/// `daemon::alerts`); [`Alert::subject`], [`Alert::summary_line`] and
/// [`mail_body`] put it into words.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Alert {
    /// Mail the bot sent to `address` came back as undeliverable (a real
    /// bounce); the address is marked unreachable since `since` (UTC), the
    /// start of this bounce episode: further bounces of the same episode
    /// raise nothing new.
    Undeliverable {
        /// The recipient of the bounced outbox row.
        address: String,
        /// The game the bounced mail was about, if any.
        game: Option<GameId>,
        /// The server that reported the failure (`Reporting-MTA`), as written.
        reporting_mta: Option<String>,
        /// Since when the address is unreachable (UTC).
        since: DateTime<Utc>,
    },
    /// A mail crashed processing repeatedly and was put aside.
    Quarantined {
        /// Its inbox key (Maildir file name or IMAP `uidvalidity/uid`).
        inbox_key: String,
        /// Its `From` address, when it could be read.
        sender: Option<String>,
        /// How many times processing it was tried.
        attempts: u32,
    },
    /// An entry of the inbox folder that is not a mail was skipped.
    InboxEntrySkipped {
        /// The entry's name (lossy UTF-8 for a non-UTF-8 name).
        entry: String,
        /// Why.
        why: EntrySkip,
    },
    /// A fault outside the mail (database locked, disk full, I/O error) has
    /// lasted since `since` (UTC); the mail waits and is retried.
    FaultPersists {
        /// When the fault was first seen (UTC).
        since: DateTime<Utc>,
        /// The last error, as the system wrote it (shown verbatim, escaped).
        detail: String,
    },
    /// The notice of a move to a player hard-bounced: that player's clock in
    /// the game stands since `since` (UTC, the notice's send instant) until
    /// mail from the player or a director ends the pause.
    ClockStopped(crate::lang::pauses::StoppedClock),
    /// The outbound relay refused every reply for a while and takes mail
    /// again: told once per fault, when it is over (while it lasts the alert
    /// could not go out; `zaochka status` shows it).
    RelayRecovered(crate::lang::outbox::RelayRecovered),
    /// A reply failed for good (nothing fails silently).
    ReplyFailed(crate::lang::outbox::FailedReply),
    /// A verified mail (registered sender, valid token) failed its From
    /// domain's DMARC policy of reject or quarantine and was applied all the
    /// same (`dmarc-reject-refuses-moves = false`): flagged for a look.
    DmarcFailedApplied {
        /// Its inbox key.
        inbox_key: String,
        /// The verified sender.
        sender: String,
        /// The game it was about, if any.
        game: Option<GameId>,
        /// The From domain whose policy it failed.
        domain: String,
        /// That policy.
        policy: crate::mail::auth::DmarcPolicy,
    },
    /// The system clock stepped forward by more than `[clock]
    /// max-step-hours` between two clock ticks: no time-out is executed
    /// until a director runs `zaochka clock confirm-step` or `cancel-step`.
    ClockStepped {
        /// The last trusted instant before the step (UTC).
        from: DateTime<Utc>,
        /// The instant the clock read after it (UTC).
        to: DateTime<Utc>,
    },
    /// Under `dmarc-reject-refuses-moves = true`, a mail's checks ended in
    /// temperror (DNS did not answer) for `[authentication]
    /// temperror-wait-minutes`: it was recorded as refused, not applied.
    AuthUnsettled {
        /// Its inbox key.
        inbox_key: String,
        /// Its `From` address, when it could be read.
        sender: Option<String>,
        /// The game it was about, if any.
        game: Option<GameId>,
        /// How long it waited, in minutes.
        minutes: u64,
    },
}

impl Alert {
    /// The subject of the alert mail, in `lang`.
    #[must_use]
    pub fn subject(&self, lang: Language) -> String {
        let what = match (self, lang) {
            (Alert::Undeliverable { address, .. }, Language::En) => {
                format!("mail to {} cannot be delivered", printable(address))
            }
            (Alert::Undeliverable { address, .. }, Language::Ru) => {
                format!("письма на {} не доставляются", printable(address))
            }
            (Alert::Quarantined { .. }, Language::En) => "a mail was put in quarantine".into(),
            (Alert::Quarantined { .. }, Language::Ru) => "письмо помещено в карантин".into(),
            (Alert::InboxEntrySkipped { .. }, Language::En) => "an inbox entry was skipped".into(),
            (Alert::InboxEntrySkipped { .. }, Language::Ru) => {
                "пропущен объект во входящей папке".into()
            }
            (Alert::FaultPersists { .. }, Language::En) => "mail processing is held up".into(),
            (Alert::FaultPersists { .. }, Language::Ru) => "обработка почты приостановлена".into(),
            (Alert::ClockStopped(s), _) => s.subject(lang),
            (Alert::RelayRecovered(r), _) => r.subject(lang),
            (Alert::ReplyFailed(f), _) => f.subject(lang),
            (Alert::DmarcFailedApplied { sender, .. }, Language::En) => {
                format!("a mail from {} failed DMARC", printable(sender))
            }
            (Alert::DmarcFailedApplied { sender, .. }, Language::Ru) => {
                format!("письмо от {} не прошло проверку DMARC", printable(sender))
            }
            (Alert::ClockStepped { .. }, Language::En) => {
                "the system clock jumped forward: time-outs are held".into()
            }
            (Alert::ClockStepped { .. }, Language::Ru) => {
                "системные часы скачком ушли вперёд: проигрыши по времени задержаны".into()
            }
            (Alert::AuthUnsettled { .. }, Language::En) => {
                "a mail could not be authenticated and was not applied".into()
            }
            (Alert::AuthUnsettled { .. }, Language::Ru) => {
                "письмо не удалось проверить, оно не применено".into()
            }
        };
        format!("[zaochka] {what}")
    }

    /// One line for the list of held alerts, in `lang`.
    #[must_use]
    pub fn summary_line(&self, lang: Language) -> String {
        match (self, lang) {
            (Alert::Undeliverable { address, since, .. }, Language::En) => format!(
                "mail to {} cannot be delivered (since {})",
                printable(address),
                when(*since)
            ),
            (Alert::Undeliverable { address, since, .. }, Language::Ru) => format!(
                "письма на {} не доставляются (с {})",
                printable(address),
                when(*since)
            ),
            (Alert::Quarantined { inbox_key, .. }, Language::En) => {
                format!("mail {} was put in quarantine", printable(inbox_key))
            }
            (Alert::Quarantined { inbox_key, .. }, Language::Ru) => {
                format!("письмо {} помещено в карантин", printable(inbox_key))
            }
            (Alert::InboxEntrySkipped { entry, why }, _) => {
                format!("{}: {}", printable(entry), why.describe(lang))
            }
            (Alert::FaultPersists { since, .. }, Language::En) => {
                format!("mail processing held up since {}", when(*since))
            }
            (Alert::FaultPersists { since, .. }, Language::Ru) => {
                format!("обработка почты приостановлена с {}", when(*since))
            }
            (Alert::ClockStopped(s), _) => s.line(lang),
            (Alert::RelayRecovered(r), _) => r.line(lang),
            (Alert::ReplyFailed(f), _) => f.line(lang),
            (
                Alert::DmarcFailedApplied {
                    inbox_key, sender, ..
                },
                Language::En,
            ) => format!(
                "mail {} from {} failed DMARC and was applied",
                printable(inbox_key),
                printable(sender)
            ),
            (
                Alert::DmarcFailedApplied {
                    inbox_key, sender, ..
                },
                Language::Ru,
            ) => format!(
                "письмо {} от {} не прошло DMARC и применено",
                printable(inbox_key),
                printable(sender)
            ),
            (Alert::ClockStepped { from, to }, Language::En) => format!(
                "the clock jumped from {} to {}: time-outs held",
                when(*from),
                when(*to)
            ),
            (Alert::ClockStepped { from, to }, Language::Ru) => format!(
                "часы скачком ушли с {} на {}: проигрыши по времени задержаны",
                when(*from),
                when(*to)
            ),
            (Alert::AuthUnsettled { inbox_key, .. }, Language::En) => format!(
                "mail {} could not be authenticated (DNS) and was not applied",
                printable(inbox_key)
            ),
            (Alert::AuthUnsettled { inbox_key, .. }, Language::Ru) => format!(
                "письмо {} не удалось проверить (DNS), оно не применено",
                printable(inbox_key)
            ),
        }
    }

    /// The body of the alert mail, in `lang`.
    #[must_use]
    pub fn body(&self, lang: Language) -> String {
        match (self, lang) {
            (
                Alert::Undeliverable {
                    address,
                    game,
                    reporting_mta,
                    since,
                },
                Language::En,
            ) => {
                let about = about_game(*game, lang);
                let server = reporting_mta
                    .as_deref()
                    .map_or("The receiving mail server".to_string(), |m| {
                        format!("The mail server {}", printable(m))
                    });
                format!(
                    "A mail{about} that zaochka sent to {} could not be delivered. {server} reported a permanent failure.\n\n\
                     The address is marked unreachable since {}. Further failures of this address are not reported again. \
                     Once the address works again (or the player has a new one), clear the mark so that mail and alerts go to it again.",
                    printable(address),
                    when(*since)
                )
            }
            (
                Alert::Undeliverable {
                    address,
                    game,
                    reporting_mta,
                    since,
                },
                Language::Ru,
            ) => {
                let about = about_game(*game, lang);
                let server = reporting_mta.as_deref().map_or(
                    "Почтовый сервер получателя".to_string(),
                    |m| format!("Почтовый сервер {}", printable(m)),
                );
                format!(
                    "Письмо{about}, отправленное zaochka на адрес {}, не доставлено. {server} сообщил о постоянной ошибке.\n\n\
                     Адрес отмечен как недоступный с {}. О следующих ошибках доставки на этот адрес повторно не сообщается. \
                     Когда адрес снова заработает (или у игрока будет новый), снимите отметку, чтобы письма и оповещения снова шли на него.",
                    printable(address),
                    when(*since)
                )
            }
            (
                Alert::Quarantined {
                    inbox_key,
                    sender,
                    attempts,
                },
                Language::En,
            ) => {
                let from = from_sender(sender.as_deref(), lang);
                format!(
                    "The mail {}{from} stopped the daemon while it was processed, {attempts} times. \
                     It was put in quarantine and nothing of it was applied; the mail after it is processed as usual.\n\n\
                     Look at it, and release it once the cause is fixed.",
                    printable(inbox_key)
                )
            }
            (
                Alert::Quarantined {
                    inbox_key,
                    sender,
                    attempts,
                },
                Language::Ru,
            ) => {
                let from = from_sender(sender.as_deref(), lang);
                format!(
                    "Письмо {}{from} останавливало демона при обработке (попыток: {attempts}). \
                     Оно помещено в карантин, из него ничего не применено; следующие письма обрабатываются как обычно.\n\n\
                     Посмотрите его и верните в обработку, когда причина будет устранена.",
                    printable(inbox_key)
                )
            }
            (Alert::InboxEntrySkipped { entry, why }, Language::En) => format!(
                "The inbox entry {} is not processed: {}. The other mail is processed as usual.\n\n\
                 Remove or move it by hand.",
                printable(entry),
                why.describe(lang)
            ),
            (Alert::InboxEntrySkipped { entry, why }, Language::Ru) => format!(
                "Объект {} во входящей папке не обрабатывается: {}. Остальная почта обрабатывается как обычно.\n\n\
                 Удалите или перенесите его вручную.",
                printable(entry),
                why.describe(lang)
            ),
            (Alert::FaultPersists { since, detail }, Language::En) => format!(
                "Since {} the daemon cannot process mail because of a fault outside the mail \
                 (the database is locked, the disk is full, or the like). The waiting mail is kept and applied once the fault ends.\n\n\
                 The last error: {}",
                when(*since),
                printable(detail)
            ),
            (Alert::FaultPersists { since, detail }, Language::Ru) => format!(
                "С {} демон не может обрабатывать почту из-за сбоя вне писем \
                 (база данных заблокирована, диск заполнен и т. п.). Ожидающие письма сохранены и будут применены, когда сбой пройдёт.\n\n\
                 Последняя ошибка: {}",
                when(*since),
                printable(detail)
            ),
            (Alert::ClockStopped(s), _) => s.body(lang),
            (Alert::RelayRecovered(r), _) => r.body(lang),
            (Alert::ReplyFailed(f), _) => f.body(lang),
            (
                Alert::DmarcFailedApplied {
                    inbox_key,
                    sender,
                    game,
                    domain,
                    policy,
                },
                Language::En,
            ) => {
                let about = about_game(*game, lang);
                format!(
                    "The mail {}{about} from {} carried the player's valid token and was applied, \
                     but it failed DMARC: the domain {} asks that such mail be {}. \
                     The From address may have been forged by someone who also knows the token.\n\n\
                     `zaochka referee log --mail` shows its DKIM, SPF and DMARC verdicts. \
                     If the player did not send it, roll the game back and give the player a new token; \
                     set `dmarc-reject-refuses-moves = true` under [authentication] to refuse such mail.",
                    printable(inbox_key),
                    printable(sender),
                    printable(domain),
                    match policy {
                        crate::mail::auth::DmarcPolicy::Quarantine => "quarantined",
                        _ => "rejected",
                    }
                )
            }
            (
                Alert::DmarcFailedApplied {
                    inbox_key,
                    sender,
                    game,
                    domain,
                    policy,
                },
                Language::Ru,
            ) => {
                let about = about_game(*game, lang);
                format!(
                    "Письмо {}{about} от {} содержало действующий ключ игрока и было применено, \
                     но не прошло проверку DMARC: домен {} требует такие письма {}. \
                     Адрес отправителя мог подделать кто-то, кому известен и ключ.\n\n\
                     Команда `zaochka referee log --mail` показывает итоги проверок DKIM, SPF и DMARC. \
                     Если игрок этого письма не посылал, откатите партию и выдайте игроку новый ключ; \
                     чтобы такие письма отклонялись, задайте `dmarc-reject-refuses-moves = true` в разделе [authentication].",
                    printable(inbox_key),
                    printable(sender),
                    printable(domain),
                    match policy {
                        crate::mail::auth::DmarcPolicy::Quarantine => "помещать в карантин",
                        _ => "отклонять",
                    }
                )
            }
            (Alert::ClockStepped { from, to }, Language::En) => format!(
                "The system clock jumped forward between two clock ticks: from {} to {}. \
                 Until you decide, no game is lost on time; moves and the rest of the mail go on (reminders wait too).\n\n\
                 If the new time is right and the players should be charged for it, run `zaochka clock confirm-step`: \
                 the clocks then run on the new time. If the span should not be charged (the clock was wrong before, \
                 or it was wrong and has been set right), run `zaochka clock cancel-step`: every running clock \
                 starts that much later, so the jump makes nobody lose on time.",
                when(*from),
                when(*to)
            ),
            (Alert::ClockStepped { from, to }, Language::Ru) => format!(
                "Системные часы скачком ушли вперёд между двумя проверками часов партий: с {} на {}. \
                 Пока вы не решите, ни одна партия не будет проиграна по времени; ходы и остальная почта обрабатываются как обычно (напоминания тоже ждут).\n\n\
                 Если новое время верно и игрокам нужно засчитать этот промежуток, выполните `zaochka clock confirm-step`: \
                 часы партий пойдут по новому времени. Если промежуток засчитывать не нужно (часы были неверны раньше \
                 или были неверны и уже исправлены), выполните `zaochka clock cancel-step`: все идущие часы партий \
                 будут считаться запущенными на столько же позже, и скачок никому не принесёт проигрыша по времени.",
                when(*from),
                when(*to)
            ),
            (
                Alert::AuthUnsettled {
                    inbox_key,
                    sender,
                    game,
                    minutes,
                },
                Language::En,
            ) => {
                let about = about_game(*game, lang);
                let from = from_sender(sender.as_deref(), lang);
                format!(
                    "The mail {}{about}{from} could not be authenticated: its DKIM, SPF or DMARC checks \
                     ended in a temporary error (DNS did not answer) again and again for {minutes} minutes. \
                     As `dmarc-reject-refuses-moves = true` asks, it was recorded as refused and nothing of it was applied.\n\n\
                     `zaochka referee log --mail` shows its verdicts. If the player did send it, ask for the move again \
                     once DNS answers, or play it for the player from the command line.",
                    printable(inbox_key)
                )
            }
            (
                Alert::AuthUnsettled {
                    inbox_key,
                    sender,
                    game,
                    minutes,
                },
                Language::Ru,
            ) => {
                let about = about_game(*game, lang);
                let from = from_sender(sender.as_deref(), lang);
                format!(
                    "Письмо {}{about}{from} не удалось проверить: проверки DKIM, SPF или DMARC \
                     снова и снова заканчивались временной ошибкой (DNS не отвечал) в течение {minutes} мин. \
                     Как требует `dmarc-reject-refuses-moves = true`, письмо записано как отклонённое, из него ничего не применено.\n\n\
                     Команда `zaochka referee log --mail` показывает итоги проверок. Если игрок действительно его посылал, \
                     попросите прислать ход ещё раз, когда DNS заработает, или сделайте ход за игрока из командной строки.",
                    printable(inbox_key)
                )
            }
        }
    }
}

/// The body of the alert mail to one referee, in `lang`: the alert's own
/// text; then, when alerts were held for that referee by the limit of
/// `per_hour` alert mails in an hour, the list of them (one line each, at
/// most [`MAX_SUMMARY_LINES`], the rest counted; `None` stands for a held
/// alert written by another version of zaochka, which this one cannot read);
/// then the signature.
#[must_use]
pub fn mail_body(alert: &Alert, held: &[Option<Alert>], per_hour: u32, lang: Language) -> String {
    let mut body = alert.body(lang);
    if !held.is_empty() {
        body.push_str("\n\n");
        body.push_str(&match lang {
            Language::En => format!(
                "{} earlier alerts were held because of the limit of {} alert mails per hour:",
                held.len(),
                per_hour
            ),
            Language::Ru => format!(
                "Предыдущие оповещения ({}) были задержаны из-за ограничения в {} писем-оповещений в час:",
                held.len(),
                per_hour
            ),
        });
        for held in held.iter().take(MAX_SUMMARY_LINES) {
            let line = held.as_ref().map_or_else(
                || match lang {
                    Language::En => "an alert of another zaochka version".to_string(),
                    Language::Ru => "оповещение другой версии zaochka".to_string(),
                },
                |a| a.summary_line(lang),
            );
            body.push_str("\n- ");
            body.push_str(&line);
        }
        if held.len() > MAX_SUMMARY_LINES {
            body.push_str(&match lang {
                Language::En => format!("\n- and {} more", held.len() - MAX_SUMMARY_LINES),
                Language::Ru => format!("\n- и ещё {}", held.len() - MAX_SUMMARY_LINES),
            });
        }
    }
    body.push_str(match lang {
        Language::En => "\n\n-- \nzaochka (an automatic message to the referees)\n",
        Language::Ru => "\n\n-- \nzaochka (автоматическое сообщение судьям)\n",
    });
    body
}

/// ` about game #3` / ` по партии #3` after "the mail", or nothing.
fn about_game(game: Option<GameId>, lang: Language) -> String {
    game.map_or(String::new(), |g| match lang {
        Language::En => format!(" about game #{g}"),
        Language::Ru => format!(" по партии #{g}"),
    })
}

/// ` from <address>` / ` от <address>` after "the mail", or nothing.
fn from_sender(sender: Option<&str>, lang: Language) -> String {
    sender.map_or(String::new(), |s| match lang {
        Language::En => format!(" from {}", printable(s)),
        Language::Ru => format!(" от {}", printable(s)),
    })
}

/// An instant as alerts show it: `2026-12-01 10:07 UTC`.
fn when(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%d %H:%M UTC").to_string()
}

#[cfg(test)]
mod tests;
