//! Tournaments (issue 13): the pure part, no I/O — the store and the referee
//! carry it out. So far: the playing order of round robins
//! ([`berger`]: Berger tables, single and double cycle) and the crosstable with
//! standings and tie-breaks ([`standings`]).

pub mod berger;
pub mod standings;
