//! A running `zaochka serve` (the daemon, not `--once`) for the wake-up tests:
//! started with its log in a file, waited on with a bound, stopped by SIGTERM.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use super::daemon::{Bot, GameNew};

/// A `zaochka serve` child process; killed if still running when dropped.
pub struct Serving {
    child: Option<Child>,
    log: PathBuf,
}

impl Bot {
    /// Sets `poll-seconds` (how long an idle daemon waits before it looks again
    /// without being woken).
    pub fn set_poll_seconds(&self, seconds: u64) {
        let text = std::fs::read_to_string(&self.config).unwrap();
        let text = text.replace("poll-seconds = 1\n", &format!("poll-seconds = {seconds}\n"));
        std::fs::write(&self.config, text).unwrap();
    }

    /// Starts `zaochka serve`, logging at info level into `serve.log`.
    pub fn start_serving(&self) -> Serving {
        let log = self.path().join("serve.log");
        let child = self
            .command()
            .arg("serve")
            .env("RUST_LOG", "info")
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .unwrap();
        Serving {
            child: Some(child),
            log,
        }
    }
}

impl Serving {
    /// What the daemon logged so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Waits until `done` holds, looking every 5 ms, and returns how long that
    /// took; fails the test (with the daemon's log) past `limit` or when the
    /// daemon exits.
    pub fn until(&mut self, what: &str, limit: Duration, done: impl Fn() -> bool) -> Duration {
        let start = Instant::now();
        loop {
            if done() {
                return start.elapsed();
            }
            let child = self.child.as_mut().unwrap();
            if let Some(status) = child.try_wait().unwrap() {
                panic!("serve exited ({status}) before {what}: {}", self.log());
            }
            assert!(
                start.elapsed() < limit,
                "timed out after {limit:?} waiting for {what}: {}",
                self.log()
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Sends SIGTERM and returns how long the daemon took to exit (successfully);
    /// fails the test past `limit`.
    pub fn stop(mut self, limit: Duration) -> Duration {
        let mut child = self.child.take().unwrap();
        let start = Instant::now();
        // SAFETY: kill(2) on our own child's pid.
        unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
        loop {
            if let Some(status) = child.try_wait().unwrap() {
                assert!(
                    status.success(),
                    "serve after SIGTERM: {status}: {}",
                    self.log()
                );
                return start.elapsed();
            }
            if start.elapsed() > limit {
                child.kill().unwrap();
                child.wait().unwrap();
                panic!(
                    "serve still running {limit:?} after SIGTERM: {}",
                    self.log()
                );
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Serving {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Registers White `idlewhite` and Black `idleblack` (the stack's users of the
/// wake-up test and bench) and starts `games` Russian games between them.
pub fn idle_players(bot: &Bot, games: usize) {
    for (name, user) in [("White", "idlewhite"), ("Black", "idleblack")] {
        bot.ok(&[
            "player",
            "add",
            "--name",
            name,
            "--email",
            &format!("{user}@example.test"),
            "--lang",
            "en",
        ]);
    }
    for _ in 0..games {
        bot.new_game(GameNew::russian(
            "idlewhite@example.test",
            "idleblack@example.test",
        ));
    }
}

/// Drops the IMAP sessions of `user` (`doveadm kick`); false when this
/// machine cannot (not root, no doveadm).
pub fn kick(user: &str) -> bool {
    let dir = std::env::var("ZAOCHKA_MAILSTACK_DIR")
        .unwrap_or_else(|_| "/tmp/zaochka-mailstack".to_string());
    std::process::Command::new("doveadm")
        .args(["-c", &format!("{dir}/dovecot.conf"), "kick", user])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Submits a plain-text mail to Postfix on 127.0.0.1:2525; returns once it is accepted.
pub fn submit(from: &str, to: &str, subject: &str, body: &str) {
    use lettre::Transport;
    let m = lettre::Message::builder()
        .from(from.parse().unwrap())
        .to(to.parse().unwrap())
        .subject(subject)
        .body(body.to_string())
        .unwrap();
    lettre::SmtpTransport::builder_dangerous("127.0.0.1")
        .port(2525)
        .build()
        .send(&m)
        .unwrap();
}
