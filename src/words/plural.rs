//! Russian plural rules: the form of a noun after a number (1 день, 2 дня,
//! 5 дней; 11 to 14 take the form of 5).

/// The form of a Russian noun after the number `n`: `one` after 1, 21, 31 ...
/// (not 11), `few` after 2 to 4, 22 to 24 ... (not 12 to 14), `many` after
/// the rest (0, 5 to 20, 25 ...). `plural_ru(3, "день", "дня", "дней")` is
/// `"дня"`.
#[must_use]
pub fn plural_ru<'a>(n: u64, one: &'a str, few: &'a str, many: &'a str) -> &'a str {
    match (n % 10, n % 100) {
        (_, 11..=14) => many,
        (1, _) => one,
        (2..=4, _) => few,
        _ => many,
    }
}

/// The Russian word for "days" after the number `n` (1 день, 2 дня, 5 дней).
#[must_use]
pub fn days_word_ru(n: u64) -> &'static str {
    plural_ru(n, "день", "дня", "дней")
}

/// The Russian word for "moves" after the number `n` (1 ход, 2 хода, 5 ходов).
#[must_use]
pub fn moves_word_ru(n: u64) -> &'static str {
    plural_ru(n, "ход", "хода", "ходов")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_forms_follow_the_last_two_digits() {
        let forms: Vec<&str> = [0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 1000]
            .iter()
            .map(|&n| days_word_ru(n))
            .collect();
        assert_eq!(
            forms,
            [
                "дней", "день", "дня", "дня", "дней", "дней", "дней", "дней", "день", "дня",
                "дней", "день", "дней", "дней"
            ]
        );
        assert_eq!(
            (moves_word_ru(1), moves_word_ru(3), moves_word_ru(13)),
            ("ход", "хода", "ходов")
        );
    }
}
