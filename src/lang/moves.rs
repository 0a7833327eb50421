//! Why a move was refused, how the rules alone ended a game, and which draw
//! a player may claim, in the reader's language with the rule's citation.
