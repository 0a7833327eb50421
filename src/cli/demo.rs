//! `zaochka demo`: the main job on the embedded default, for a newcomer. In the
//! current folder (or `--dir`) it registers two players, starts a game (their invitations are written to
//! `mail/outbox`), drops White's reply `1. cd4` into the Maildir inbox `mail/inbox`,
//! runs one daemon cycle (`serve --once`) and prints the reply the bot wrote.

use std::path::PathBuf;
use std::process::{Command, ExitCode};

use anyhow::{Context, bail};

use crate::words::operator::demo;

/// Plays one move by mail and prints the bot's reply (no mail server needed).
///
/// Plays one move by mail on the embedded default (no mail server needed) and
/// prints the bot's reply.
#[derive(clap::Args, Debug)]
pub struct Demo {
    /// The folder to work in (created if missing); it must hold no zaochka.db and
    /// no mail/ folder yet.
    #[arg(long, default_value = ".")]
    dir: PathBuf,
}

impl Demo {
    /// Runs the demo at the instant `--now` (`ZAOCHKA_NOW`) gives, or now:
    /// the player's mail is dated and arrives then, as the daemon's clock
    /// reads it.
    pub(super) fn execute(self, db: &super::store_args::StoreArgs) -> anyhow::Result<ExitCode> {
        if self.dir.join("zaochka.db").exists() || self.dir.join("mail").exists() {
            bail!(
                "{} already holds zaochka.db or mail/: remove them or choose another --dir",
                self.dir.display()
            );
        }
        std::fs::create_dir_all(self.dir.join("mail/inbox/new"))?;
        let exe = std::env::current_exe().context("cannot find the zaochka binary")?;
        let run = |args: &[&str]| -> anyhow::Result<String> {
            let mut command = Command::new(&exe);
            if let Some(at) = db.now {
                command.env("ZAOCHKA_NOW", at.to_rfc3339());
            }
            let out = command
                .args(args)
                .current_dir(&self.dir)
                .env("RUST_LOG", "warn")
                .output()?;
            if !out.status.success() {
                bail!(
                    "zaochka {args:?} failed: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
            }
            Ok(String::from_utf8_lossy(&out.stdout).into_owned())
        };
        println!("In {}:", self.dir.display());
        for step in [
            vec![
                "player",
                "add",
                "--name",
                "Иванов",
                "--email",
                "ivanov@example.org",
                "--lang",
                "ru",
            ],
            vec![
                "player",
                "add",
                "--name",
                "Petrov",
                "--email",
                "petrov@example.org",
                "--lang",
                "en",
            ],
            vec![
                "game",
                "new",
                "--variant",
                "russian",
                "--white",
                "ivanov@example.org",
                "--black",
                "petrov@example.org",
                "--time-control",
                "5d/move",
            ],
            vec!["serve", "--once"],
        ] {
            print!("$ zaochka {}\n{}", step.join(" "), run(&step)?);
        }
        let invitation = newest_eml(&self.dir, "ivanov@example.org")?;
        let reply_to = header(&invitation, "Reply-To").context("the invitation has no Reply-To")?;
        // Taken after the game has started: its clocks run from then.
        let now = db.now.unwrap_or_else(chrono::Utc::now);
        let mail = demo::players_mail(&reply_to, &now.to_rfc2822());
        let path = self.dir.join("mail/inbox/new/demo-1.eml");
        std::fs::write(&path, mail)?;
        if db.now.is_some() {
            // The Maildir's time of arrival is the file's: the given instant.
            std::fs::File::options()
                .write(true)
                .open(&path)?
                .set_modified(now.into())?;
        }
        println!("{}", demo::player_mails(&reply_to));
        print!("$ zaochka serve --once\n{}", run(&["serve", "--once"])?);
        let reply = newest_eml(&self.dir, "ivanov@example.org")?;
        let parsed = mail_parser::MessageParser::default()
            .parse(reply.as_bytes())
            .context("cannot read the reply")?;
        println!(
            "{}",
            demo::bots_reply(self.dir.join("mail/outbox").display())
        );
        println!("Subject: {}\n", parsed.subject().unwrap_or(""));
        println!("{}", parsed.body_text(0).unwrap_or_default());
        Ok(ExitCode::SUCCESS)
    }
}

/// The newest `.eml` in mail/outbox addressed to `to`.
fn newest_eml(dir: &std::path::Path, to: &str) -> anyhow::Result<String> {
    let mut files: Vec<(std::time::SystemTime, String)> = Vec::new();
    for e in std::fs::read_dir(dir.join("mail/outbox"))? {
        let p = e?.path();
        if p.extension().is_some_and(|x| x == "eml") {
            let text = std::fs::read_to_string(&p)?;
            if header(&text, "To").is_some_and(|t| t.contains(to)) {
                files.push((std::fs::metadata(&p)?.modified()?, text));
            }
        }
    }
    files.sort_by_key(|(t, _)| *t);
    files
        .pop()
        .map(|(_, t)| t)
        .context("no reply in mail/outbox")
}

fn header(mail: &str, name: &str) -> Option<String> {
    mail.lines().take_while(|l| !l.is_empty()).find_map(|l| {
        l.strip_prefix(&format!("{name}: "))
            .map(|v| v.trim().to_string())
    })
}
