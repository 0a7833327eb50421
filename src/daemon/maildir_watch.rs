//! Wakes the daemon as soon as mail lands in a Maildir's `new/`, instead of
//! polling it: an inotify watch (the `inotify` crate) on `new/` for names moved
//! in (`IN_MOVED_TO`: how a Maildir deliverer publishes a mail it wrote in
//! `tmp/`) or written and closed there (`IN_CLOSE_WRITE`: a writer that skips
//! `tmp/`). `IN_CREATE` alone never wakes (the file may still be empty). Only
//! `new/` is watched: the inbox reads nothing else, and `cur/` receives the
//! daemon's own moves of processed mail.
//!
//! The wait is `poll(2)` on the inotify descriptor (rustix) in slices of at
//! most [`STOP_SLICE`], so a stop signal ends it within that slice. When the
//! watch cannot be made (no inotify, the per-user watch limit reached) or is
//! lost (`new/` removed, moved or unmounted), that is logged once and the
//! inbox is polled every `poll-seconds` instead, as before.

use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use inotify::{EventMask, Inotify, WatchMask};
use rustix::event::{PollFd, PollFlags, Timespec, poll};
use tracing::{debug, warn};

use crate::printable::printable;

/// The longest one `poll(2)` blocks: how late a stop signal is noticed.
pub const STOP_SLICE: Duration = Duration::from_millis(250);

/// Bytes of the inotify read buffer (room for many events with file names).
const BUFFER: usize = 16 * 1024;

/// How a [`MaildirWatch::wait`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Woken {
    /// A mail was moved into `new/` or written there (or the kernel's event
    /// queue overflowed, which may hide one).
    Mail,
    /// The timeout passed with no mail.
    Timeout,
    /// The stop flag was set.
    Stopped,
    /// The watch is gone (`new/` removed, moved or unmounted): poll instead.
    Lost,
}

/// An inotify watch on one Maildir's `new/`.
#[derive(Debug)]
pub struct MaildirWatch {
    inotify: Inotify,
    buffer: Vec<u8>,
}

impl MaildirWatch {
    /// Watches `new_dir` (a Maildir's `new/`).
    ///
    /// # Errors
    /// When inotify is unavailable, the user's watch limit is reached, or
    /// `new_dir` is not a directory.
    pub fn new(new_dir: &Path) -> io::Result<MaildirWatch> {
        let inotify = Inotify::init()?;
        inotify.watches().add(
            new_dir,
            WatchMask::MOVED_TO
                | WatchMask::CLOSE_WRITE
                | WatchMask::DELETE_SELF
                | WatchMask::MOVE_SELF
                | WatchMask::ONLYDIR,
        )?;
        Ok(MaildirWatch {
            inotify,
            buffer: vec![0; BUFFER],
        })
    }

    /// Waits at most `timeout` for a mail in `new/`. Events that came while the
    /// daemon was busy (since the last wait) end the wait at once, so a mail that
    /// arrived during a batch is never left waiting for the timeout.
    ///
    /// # Errors
    /// A failing `poll(2)` or `read(2)` on the inotify descriptor.
    pub fn wait(&mut self, timeout: Duration, stop: &AtomicBool) -> io::Result<Woken> {
        let end = Instant::now() + timeout;
        loop {
            if stop.load(Ordering::SeqCst) {
                return Ok(Woken::Stopped);
            }
            if let Some(woken) = self.take_events()? {
                return Ok(woken);
            }
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(Woken::Timeout);
            }
            let slice = Timespec::try_from(left.min(STOP_SLICE))
                .map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))?;
            let mut fds = [PollFd::new(&self.inotify, PollFlags::IN)];
            match poll(&mut fds, Some(&slice)) {
                Ok(_) | Err(rustix::io::Errno::INTR) => {}
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// Reads every queued event: `Some(Lost)` when the watch is gone, else
    /// `Some(Mail)` when any event came, `None` when none did.
    fn take_events(&mut self) -> io::Result<Option<Woken>> {
        let mut woken = None;
        loop {
            let events = match self.inotify.read_events(&mut self.buffer) {
                Ok(events) => events,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Ok(woken),
                Err(e) => return Err(e),
            };
            let mut any = false;
            for event in events {
                any = true;
                if event.mask.intersects(
                    EventMask::IGNORED
                        | EventMask::DELETE_SELF
                        | EventMask::MOVE_SELF
                        | EventMask::UNMOUNT,
                ) {
                    return Ok(Some(Woken::Lost));
                }
                debug!(name = ?event.name, mask = ?event.mask, "Maildir event");
                woken = Some(Woken::Mail);
            }
            if !any {
                return Ok(woken);
            }
        }
    }
}

/// The watch on the Maildir at `maildir`, or `None` (logged) when it cannot be
/// made: the inbox is then polled.
#[must_use]
pub fn watch(maildir: &Path) -> Option<MaildirWatch> {
    match MaildirWatch::new(&maildir.join("new")) {
        Ok(w) => Some(w),
        Err(e) => {
            warn!(maildir = %printable(&maildir.display().to_string()), error = %e, "cannot watch the Maildir with inotify; polling it every poll-seconds");
            None
        }
    }
}

/// Waits at most `timeout` for new mail in the Maildir at `maildir`: on the
/// watch when there is one, else a sleep that `stop` cuts short (within a
/// second). A watch that is lost or fails is dropped (logged) and the rest of
/// the wait is a sleep.
pub fn wait(
    watch: &mut Option<MaildirWatch>,
    maildir: &Path,
    timeout: Duration,
    stop: &AtomicBool,
) {
    let start = Instant::now();
    if let Some(w) = watch {
        let why = match w.wait(timeout, stop) {
            Ok(Woken::Lost) => crate::words::operator::daemon::watched_folder_gone().to_string(),
            Ok(_) => return,
            Err(e) => e.to_string(),
        };
        warn!(maildir = %printable(&maildir.display().to_string()), error = %printable(&why), "the inotify watch of the Maildir ended; polling it every poll-seconds");
        *watch = None;
    }
    super::pause(timeout.saturating_sub(start.elapsed()), stop);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mail_moved_into_new_wakes_the_watch_and_a_stop_ends_it() {
        let dir = tempfile::tempdir().unwrap();
        for sub in ["new", "tmp"] {
            std::fs::create_dir(dir.path().join(sub)).unwrap();
        }
        let mut w = MaildirWatch::new(&dir.path().join("new")).unwrap();
        let stop = AtomicBool::new(false);
        assert_eq!(
            w.wait(Duration::from_millis(50), &stop).unwrap(),
            Woken::Timeout
        );
        // Created in tmp/ and moved into new/, as Maildir deliverers do.
        std::fs::write(dir.path().join("tmp/m1"), "mail").unwrap();
        std::fs::rename(dir.path().join("tmp/m1"), dir.path().join("new/m1")).unwrap();
        let t = Instant::now();
        assert_eq!(w.wait(Duration::from_secs(60), &stop).unwrap(), Woken::Mail);
        assert!(t.elapsed() < Duration::from_secs(5));
        // Written directly into new/.
        std::fs::write(dir.path().join("new/m2"), "mail").unwrap();
        assert_eq!(w.wait(Duration::from_secs(60), &stop).unwrap(), Woken::Mail);
        stop.store(true, Ordering::SeqCst);
        assert_eq!(
            w.wait(Duration::from_secs(60), &stop).unwrap(),
            Woken::Stopped
        );
    }

    #[test]
    fn a_removed_new_folder_ends_the_watch() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("new")).unwrap();
        let mut w = MaildirWatch::new(&dir.path().join("new")).unwrap();
        std::fs::remove_dir(dir.path().join("new")).unwrap();
        let stop = AtomicBool::new(false);
        assert_eq!(w.wait(Duration::from_secs(60), &stop).unwrap(), Woken::Lost);
        assert!(watch(&dir.path().join("absent")).is_none());
    }
}
