//! `zaochka clock status|confirm-step|cancel-step`: a forward step of the
//! system clock that the daemon holds the time-outs for (see docs/admin.md,
//! "Clock steps"), and a director's answer to it.

use std::process::ExitCode;

use super::store_args::StoreArgs;
use crate::referee::clock_step::{self, StepAnswer};
use crate::store::clock_trust;
use crate::words::operator::clock as words;

/// The daemon's trusted clock.
#[derive(clap::Subcommand, Debug)]
pub enum Clock {
    /// Show the last trusted instant and the step waiting for an answer, if any.
    Status,
    /// Confirm a step of the system clock: the clocks run on the new time.
    ///
    /// The new time is right: the clocks run on it, and the time-outs it
    /// causes happen at the daemon's next tick.
    ConfirmStep,
    /// Cancel a step of the system clock: the stepped span is charged to nobody.
    ///
    /// The stepped span is not charged: every running clock started before
    /// the step starts that much later, so the step makes nobody lose on time.
    CancelStep,
}

impl Clock {
    pub(super) fn execute(self, args: &StoreArgs) -> anyhow::Result<ExitCode> {
        let mut store = args.open()?;
        let how = match self {
            Clock::Status => {
                let trust = store.read(clock_trust::get)?;
                if args.json {
                    println!("{}", serde_json::to_string(&trust)?);
                    return Ok(ExitCode::SUCCESS);
                }
                let at = trust.trusted_at.map(crate::store::instant_text);
                println!("{}", words::trusted(at.as_deref()));
                let step = trust.step.map(|s| {
                    (
                        crate::store::instant_text(s.from),
                        crate::store::instant_text(s.to),
                        s.span().num_hours(),
                    )
                });
                let step = step.as_ref().map(|(f, t, h)| (f.as_str(), t.as_str(), *h));
                println!("{}", words::step_waits(step));
                return Ok(ExitCode::SUCCESS);
            }
            Clock::ConfirmStep => StepAnswer::Confirm,
            Clock::CancelStep => StepAnswer::Cancel,
        };
        let now = args.now();
        match store.transaction(|tx| clock_step::answer(tx, how, now))? {
            None => Ok(super::output::refused(&words::no_step(), args.json)),
            Some(done) => {
                if args.json {
                    println!(
                        "{}",
                        serde_json::json!({"ok": true, "summary": "answered", "step": done.step, "clocks-moved": done.clocks_moved})
                    );
                } else if how == StepAnswer::Confirm {
                    println!("{}", words::confirmed(done.step.span().num_hours()));
                } else {
                    println!(
                        "{}",
                        words::cancelled(done.clocks_moved, done.step.span().num_hours())
                    );
                }
                Ok(ExitCode::SUCCESS)
            }
        }
    }
}
