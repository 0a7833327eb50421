//! Whole games by mail through the daemon: conversations read back from the
//! outbox, a season of twenty games, questions to the referee, the threads
//! and addresses a player can trust, and the same acts by mail and by the
//! command line ending in the same game.

mod ask_referee;
mod conversation;
mod digest_and_calendar;
mod mail_and_command_line_agree;
mod season;
mod threads;
