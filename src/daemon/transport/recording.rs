//! A transport for unit tests: keeps every message it is given, in the order
//! given, and answers each as its script says (accepted, or a [`SendError`]).
//! It stands where no SMTP server or folder is wanted: the sending workers'
//! logic (deferral, retries, chains) is tested against it, and the real
//! transports in their own tests and in `tests/it/daemon/outbox_parallel.rs` (a loopback
//! SMTP sink) and the mail-stack tests (Postfix).

use std::sync::Mutex;

use lettre::Message;

use super::{ReplyTransport, SendError};

/// The answer to the `n`-th call of `send` (counting from 0) for a message.
type Script = dyn Fn(usize, &Message) -> Result<(), SendError> + Send + Sync;

/// Records the messages sent; see the module's text.
pub struct Recording {
    script: Box<Script>,
    /// Every call: the message's Message-ID and whether it was accepted.
    calls: Mutex<Vec<(String, bool)>>,
}

impl Recording {
    /// A transport that accepts everything.
    pub fn accepting() -> Recording {
        Recording::answering(|_, _| Ok(()))
    }

    /// A transport that answers the `n`-th call with `script(n, message)`.
    pub fn answering(
        script: impl Fn(usize, &Message) -> Result<(), SendError> + Send + Sync + 'static,
    ) -> Recording {
        Recording {
            script: Box::new(script),
            calls: Mutex::new(Vec::new()),
        }
    }

    /// The Message-IDs of the accepted messages, in the order accepted.
    pub fn accepted(&self) -> Vec<String> {
        let calls = self.calls.lock().unwrap();
        calls
            .iter()
            .filter(|(_, ok)| *ok)
            .map(|(id, _)| id.clone())
            .collect()
    }

    /// How many times `send` was called.
    pub fn calls(&self) -> usize {
        self.calls.lock().unwrap().len()
    }
}

impl ReplyTransport for Recording {
    fn send(&self, message: &Message) -> Result<(), SendError> {
        let mut calls = self.calls.lock().unwrap();
        let answer = (self.script)(calls.len(), message);
        let id = message
            .headers()
            .get_raw("Message-ID")
            .unwrap_or_default()
            .to_string();
        calls.push((id, answer.is_ok()));
        answer
    }
}
