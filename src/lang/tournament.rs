//! TEMPORARY (replaced by the crosstable renderer on merge).
use super::Language;
use crate::referee::tournament::SectionTable;
use crate::store::tournaments::Tournament;

/// Section text.
#[must_use]
pub fn section_text(t: &Tournament, s: &SectionTable, _lang: Language) -> String {
    let mut out = format!("{} {}\n", t.name, s.section);
    for st in &s.standings {
        out.push_str(&format!("{} {}\n", st.player, s.scoring.print(st.score)));
    }
    out
}

/// Line.
#[must_use]
pub fn standing_line(t: &Tournament, s: &SectionTable, numbers: &[u32], _lang: Language) -> String {
    let mut out = t.name.clone();
    for n in numbers {
        out.push_str(&format!(" {n}: {}", s.scoring.print(s.crosstable.score(*n))));
    }
    out
}
