//! The bot's answers about mail itself: nothing understood, several moves in
//! one mail, a mail over a limit, a mail without its token, lines for games
//! that are not the sender's.
