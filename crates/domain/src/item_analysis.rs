//! Item analysis of a written paper: how hard each question was (facility: the share of its marks
//! the learners earned) and how well it told stronger learners from weaker ones (discrimination:
//! the facility among the top 27% by total score less that among the bottom 27%, the classical
//! upper-lower index).

use crate::id::QuestionId;
use std::collections::HashMap;

/// One finished attempt: its total and the marks of each question answered.
#[derive(Debug, Clone, Default)]
pub struct Script {
    pub total: i64,
    /// Question id to marks; a question not here was not answered (0 marks).
    pub marks: HashMap<QuestionId, i32>,
}

/// A question of the paper and the most marks it gives.
#[derive(Debug, Clone, Copy)]
pub struct Item {
    pub question_id: QuestionId,
    pub max_marks: i32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ItemStatistics {
    pub question_id: QuestionId,
    /// How many scripts answered it.
    pub answered: usize,
    /// 0 (nobody earned a mark) to 1 (everyone earned all); none without scripts.
    pub facility: Option<f64>,
    /// -1 to 1; none with fewer than two scripts.
    pub discrimination: Option<f64>,
}

/// The share of each group's scripts in the upper and lower groups.
const GROUP_SHARE: f64 = 0.27;

fn facility(item: Item, scripts: &[&Script]) -> Option<f64> {
    if scripts.is_empty() || item.max_marks <= 0 {
        return None;
    }
    let earned: i64 = scripts
        .iter()
        .map(|s| i64::from(*s.marks.get(&item.question_id).unwrap_or(&0)))
        .sum();
    #[allow(clippy::cast_precision_loss)]
    let possible = (scripts.len() as i64 * i64::from(item.max_marks)) as f64;
    #[allow(clippy::cast_precision_loss)]
    Some(earned as f64 / possible)
}

/// Every item's statistics over the scripts, in the items' order.
pub fn analyse(items: &[Item], scripts: &[Script]) -> Vec<ItemStatistics> {
    let mut ranked: Vec<&Script> = scripts.iter().collect();
    ranked.sort_by_key(|s| std::cmp::Reverse(s.total));
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss
    )]
    let group = ((ranked.len() as f64 * GROUP_SHARE).round() as usize).max(1);
    let (upper, lower) = if ranked.len() >= 2 {
        let group = group.min(ranked.len() / 2);
        (&ranked[..group], &ranked[ranked.len() - group..])
    } else {
        (&ranked[..0], &ranked[..0])
    };
    items
        .iter()
        .map(|&item| ItemStatistics {
            question_id: item.question_id,
            answered: scripts
                .iter()
                .filter(|s| s.marks.contains_key(&item.question_id))
                .count(),
            facility: facility(item, &ranked),
            discrimination: match (facility(item, upper), facility(item, lower)) {
                (Some(high), Some(low)) => Some(high - low),
                _ => None,
            },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn script(marks: &[(i64, i32)]) -> Script {
        Script {
            total: marks.iter().map(|(_, m)| i64::from(*m)).sum(),
            marks: marks
                .iter()
                .map(|&(q, m)| (QuestionId::new(q), m))
                .collect(),
        }
    }

    #[test]
    fn facility_and_discrimination_of_a_known_class() {
        // Four learners, two questions of 2 marks and 1 mark. The strong two answer both right;
        // the weak two get question 1 half right and question 2 wrong.
        let scripts = vec![
            script(&[(1, 2), (2, 1)]),
            script(&[(1, 2), (2, 1)]),
            script(&[(1, 1), (2, 0)]),
            script(&[(1, 1)]),
        ];
        let items = [
            Item {
                question_id: QuestionId::new(1),
                max_marks: 2,
            },
            Item {
                question_id: QuestionId::new(2),
                max_marks: 1,
            },
        ];
        let stats = analyse(&items, &scripts);
        // Question 1: 6 of 8 marks; the upper group (one script) 2/2, the lower 1/2.
        assert_eq!(stats[0].facility, Some(0.75));
        assert_eq!(stats[0].discrimination, Some(0.5));
        assert_eq!(stats[0].answered, 4);
        // Question 2: 2 of 4; upper 1, lower 0 (unanswered counts as no marks).
        assert_eq!(stats[1].facility, Some(0.5));
        assert_eq!(stats[1].discrimination, Some(1.0));
        assert_eq!(stats[1].answered, 3);
    }

    #[test]
    fn too_few_scripts_say_nothing() {
        let items = [Item {
            question_id: QuestionId::new(7),
            max_marks: 1,
        }];
        let none = analyse(&items, &[]);
        assert_eq!(none[0].facility, None);
        assert_eq!(none[0].discrimination, None);
        let one = analyse(&items, &[script(&[(7, 1)])]);
        assert_eq!(one[0].facility, Some(1.0));
        assert_eq!(one[0].discrimination, None);
    }
}
