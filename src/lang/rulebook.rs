//! Rule citations as players can look them up: the rulebook's own name and
//! clause («Правила вида спорта «шашки», п. 1.9.2», "FIDE Laws of Chess,
//! art. 9.2"), never a project file (table: `../shared/RULES.md` §9).
