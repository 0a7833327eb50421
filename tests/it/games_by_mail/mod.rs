//! Whole games by mail through the daemon: conversations read back from the
//! outbox, a season of twenty games, questions to the referee, the threads
//! and addresses a player can trust.

mod ask_referee;
mod conversation;
mod season;
mod threads;
