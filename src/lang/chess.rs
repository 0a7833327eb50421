//! Chess prose: the chess move reader's reasons, and SAN in Russian piece
//! letters (Кр Ф Л С К) for Russian readers.
