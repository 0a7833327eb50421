//! Entry ratings of a tournament: each entrant's rating on the list in
//! force when the tournament starts, the event's average rating and its
//! category, and the seeding order by rating.
//!
//! - **The list in force** on a day is the list published at the start of
//!   the rating period (calendar quarter) holding that day: it rates every
//!   period before it, not the games of the running quarter. Federations
//!   seed and categorise an event by the list in force at its start (FIDE
//!   Rating Regulations B.02 §9.11: "the list published 1.1 is used for
//!   events commencing 1.1-31.3", and so on each quarter; ICCF publishes its
//!   list quarterly as well).
//! - **The average rating** is the mean over the entrants who have a
//!   rating, in whole points rounded down: the Russian correspondence
//!   committee prints it so ("ИК ср. = 2434" for sixteen ratings summing to
//!   38 954, КЗШС ФШР, РФМ-22 start list, 2009; see
//!   `tests/data/tournaments/rfm-22-start-list.toml`). Unrated entrants are
//!   left out of the mean and shown as unrated.
//! - **The category** follows the ICCF and FIDE table: category 1 for an
//!   average of 2251 to 2275, each next category 25 points higher (2276-2300
//!   is 2, ..., 2451-2475 is 9); an average of 2250 or less has none.
//! - **Seeding by rating** gives personal number 1 to the highest rating, as
//!   FIDE's initial ranking list does (Handbook C.04.1 A.2: by rating, then
//!   title, then alphabetically; the highest gets #1): by rating from the
//!   highest, the unrated after the rated, equal ratings by name and then by
//!   address.

use chrono::NaiveDate;

use super::{History, Model, RatedGame, period_of, rate};
use crate::vocabulary::PlayerId;

/// The list in force on `day`: every rating period before the one holding
/// `day` (see the module doc).
#[must_use]
pub fn list_in_force(model: Model, games: &[RatedGame], day: NaiveDate) -> History {
    rate(model, games, period_of(day).pred_opt())
}

/// A player's rating on the list in force, in whole points; `None` for a
/// player without a rated game before it.
#[must_use]
pub fn rating_of(history: &History, player: PlayerId) -> Option<u32> {
    history.of(player).last().map(|b| whole(b.after.value))
}

/// A rating in whole points (Glicko-2 ratings carry decimals).
fn whole(value: f64) -> u32 {
    let r = value.round();
    if r <= 0.0 {
        0
    } else if r >= f64::from(u32::MAX) {
        u32::MAX
    } else {
        // In range and whole: the conversion is exact.
        r as u32
    }
}

/// The average of a field's ratings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Average {
    /// The mean over the rated entrants, rounded down to whole points.
    pub rating: u32,
    /// How many entrants have a rating.
    pub rated: u32,
    /// The category of the average, `None` at 2250 or below.
    pub category: Option<u32>,
}

/// The average of the ratings given (`None` for the unrated); `None` when
/// nobody is rated.
#[must_use]
pub fn average(ratings: &[Option<u32>]) -> Option<Average> {
    let rated: Vec<u64> = ratings.iter().flatten().map(|&r| u64::from(r)).collect();
    let n = u64::try_from(rated.len()).ok().filter(|&n| n > 0)?;
    let mean = u32::try_from(rated.iter().sum::<u64>() / n).ok()?;
    Some(Average {
        rating: mean,
        rated: u32::try_from(n).ok()?,
        category: category(mean),
    })
}

/// The category of an average rating: 1 for 2251-2275, 2 for 2276-2300, ...;
/// `None` at 2250 or below.
#[must_use]
pub fn category(average: u32) -> Option<u32> {
    (average > 2250).then(|| (average - 2226) / 25)
}

/// One entrant to seed: the rating on the list in force, the name and the
/// address (the tie-breaks of equal ratings).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seed<'a> {
    /// The rating, `None` for an unrated entrant.
    pub rating: Option<u32>,
    /// The name as the lists print it.
    pub name: &'a str,
    /// The address.
    pub address: &'a str,
}

/// The seeding order: indexes into `entrants`, personal number 1 first (see
/// the module doc).
#[must_use]
pub fn seeding(entrants: &[Seed<'_>]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..entrants.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (&entrants[a], &entrants[b]);
        // Rated before unrated, higher first.
        y.rating
            .cmp(&x.rating)
            .then_with(|| x.name.cmp(y.name))
            .then_with(|| x.address.cmp(y.address))
    });
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ICCF/FIDE category bands, checked against the examples the Welsh
    /// CCF gives of ICCF's categories (welshccf.org.uk, article 176: an
    /// average of 2332 is category 4, 2469 category 9) and FIDE's band
    /// 2751-2775 for category 21.
    #[test]
    fn categories_are_twenty_five_point_bands_from_2251() {
        assert_eq!(category(2250), None);
        assert_eq!(category(2251), Some(1));
        assert_eq!(category(2275), Some(1));
        assert_eq!(category(2276), Some(2));
        assert_eq!(category(2332), Some(4));
        assert_eq!(category(2469), Some(9));
        assert_eq!(category(2758), Some(21));
        assert_eq!(category(1800), None);
    }

    /// A published start list (tests/data/tournaments/rfm-22-start-list.toml):
    /// sixteen ratings, the average printed as 2434.
    #[test]
    fn the_average_of_a_published_start_list_is_the_printed_one() {
        let data: toml::Value = toml::from_str(include_str!(
            "../../../tests/data/tournaments/rfm-22-start-list.toml"
        ))
        .unwrap();
        let ratings: Vec<Option<u32>> = data["entrants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| Some(u32::try_from(e[2].as_integer().unwrap()).unwrap()))
            .collect();
        assert_eq!(ratings.len(), 16);
        let a = average(&ratings).unwrap();
        let printed = u32::try_from(data["printed_average"].as_integer().unwrap()).unwrap();
        assert_eq!(a.rating, printed);
        assert_eq!(a.rated, 16);
        let cat = u32::try_from(data["category"].as_integer().unwrap()).unwrap();
        assert_eq!(a.category, Some(cat));
    }

    #[test]
    fn the_average_leaves_the_unrated_out_and_rounds_down() {
        let a = average(&[Some(2300), None, Some(2251), Some(2252)]).unwrap();
        assert_eq!(
            a,
            Average {
                rating: 2267,
                rated: 3,
                category: Some(1)
            }
        );
        assert_eq!(average(&[None, None]), None);
        assert_eq!(average(&[]), None);
    }

    #[test]
    fn seeding_puts_the_highest_rating_first_and_the_unrated_last() {
        let e = [
            Seed {
                rating: None,
                name: "Adams",
                address: "a@x",
            },
            Seed {
                rating: Some(2100),
                name: "Brown",
                address: "b@x",
            },
            Seed {
                rating: Some(2300),
                name: "Clark",
                address: "c@x",
            },
            Seed {
                rating: Some(2100),
                name: "Avery",
                address: "d@x",
            },
            Seed {
                rating: None,
                name: "Adams",
                address: "0@x",
            },
        ];
        assert_eq!(seeding(&e), [2, 3, 1, 4, 0]);
    }

    #[test]
    fn the_list_in_force_leaves_out_the_running_quarter() {
        use crate::rules::GameResult;
        use crate::vocabulary::GameId;
        use chrono::TimeZone;
        let game = |id, day: u32, month: u32| RatedGame {
            game: GameId(id),
            white: PlayerId(1),
            black: PlayerId(2),
            result: GameResult::WhiteWins,
            finished_at: chrono::Utc
                .with_ymd_and_hms(2026, month, day, 12, 0, 0)
                .unwrap(),
        };
        let games = [game(1, 10, 2), game(2, 5, 4)];
        let start = NaiveDate::from_ymd_opt(2026, 4, 20).unwrap();
        let h = list_in_force(Model::Elo, &games, start);
        // Only the February game is on the list of 1 April: 1800 + 800·0.5.
        assert_eq!(rating_of(&h, PlayerId(1)), Some(2200));
        assert_eq!(rating_of(&h, PlayerId(2)), Some(1400));
        assert_eq!(rating_of(&h, PlayerId(3)), None);
        let before = list_in_force(
            Model::Elo,
            &games,
            NaiveDate::from_ymd_opt(2026, 3, 31).unwrap(),
        );
        assert_eq!(rating_of(&before, PlayerId(1)), None);
    }
}
