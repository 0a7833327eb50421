//! The tournament director and the referee: commands by mail, the desk on
//! the command line, who may rule on a game and direct a tournament.

mod adjudication_mail;
mod bounce_mail;
mod by_mail;
mod clock_warnings;
mod desk;
mod digest_golden;
mod digest_kill;
mod digest_mail;
mod late_claims;
mod rights;
mod states;
mod thread;
mod withdrawal_by_player;
mod withdrawal_mail;
