//! Draws: the automatic draw rules reached by play, the draw-offer lifecycle
//! and every claim kind.

mod automatic;
mod offers_and_claims;
