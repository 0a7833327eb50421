//! Mail intake and reading: envelopes, charsets and quotes, the intents read
//! from a body, authentication verdicts, the corpus of players' phrasings and
//! words, addresses and names.

mod addresses_and_names;
mod authentication;
mod cases;
mod envelope;
mod fuzz;
mod phrasings;
mod player_words;
