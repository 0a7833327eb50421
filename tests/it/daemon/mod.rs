//! The daemon's faults and transport: the Maildir inbox and the files
//! outbox, bounces, limits on hostile mail, DNS and relay faults, parallel
//! sending, wake-ups, and the real mail stack (Postfix and Dovecot).

pub(crate) mod bounces;
mod dns_faults;
mod faults;
mod game_loads;
mod inbox;
mod limits;
mod maildir_and_files;
mod mailstack;
mod outbox_parallel;
mod relay_faults;
mod senders;
mod wake;
