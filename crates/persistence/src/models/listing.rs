//! What every grid of the back office asks a list for: one page of the rows that a search and
//! filters select, in an order, and how many there are in all.

use diesel::dsl::{Escape, Like};
use diesel::expression::{AsExpression, Expression};
use diesel::sql_types::Text;
use diesel::{EscapeExpressionMethods, TextExpressionMethods};
use serde::Serialize;
use utoipa::ToSchema;

diesel::define_sql_function!(
    /// SQL `lower()`: case-blind search on both databases (`ilike` is PostgreSQL's only).
    fn lower(text: Text) -> Text
);

/// Which rows of the selection to answer; `None` on a list means every row (exports).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub offset: i64,
    pub limit: i64,
}

/// A sort key of the grid and its direction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sort {
    pub key: String,
    pub desc: bool,
}

impl Sort {
    /// `name,-grade`: by name, then by grade from high to low.
    pub fn parse_list(text: &str) -> Vec<Sort> {
        text.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| match s.strip_prefix('-') {
                Some(key) => Sort {
                    key: key.to_owned(),
                    desc: true,
                },
                None => Sort {
                    key: s.to_owned(),
                    desc: false,
                },
            })
            .collect()
    }
}

/// Orders a list's query by the grid's sort keys. Each list declares its keys once, as a constant
/// (`SORT_KEYS` in its module) that the API's description turns into the `sort` parameter's pattern
/// ([`sort_pattern`]), and here each key with the columns it orders by, in the same order: the
/// compiler refuses a list whose keys here and in its constant differ. A key the list does not know
/// is refused with the keys it does know ([`DbError::UnknownSortKey`](crate::DbError::UnknownSortKey)),
/// never silently ignored.
macro_rules! sorted_by {
    ($query:expr, $sorts:expr, $keys:path, { $($key:literal => [$($column:expr),+]),+ $(,)? }) => {{
        const _: () = assert!(
            $crate::models::listing::same_keys($keys, &[$($key),+]),
            "a list's sorted_by! keys differ from its SORT_KEYS"
        );
        let mut query = $query;
        for sort in $sorts {
            query = match (sort.key.as_str(), sort.desc) {
                $(
                    ($key, false) => query$(.then_order_by($column.asc()))+,
                    ($key, true) => query$(.then_order_by($column.desc()))+,
                )+
                (unknown, _) => {
                    return Err($crate::DbError::UnknownSortKey {
                        key: unknown.to_owned(),
                        known: $keys,
                    })
                }
            };
        }
        query
    }};
}
pub(crate) use sorted_by;

/// Whether two lists of keys are the same, in the same order (for `sorted_by!`'s compile-time check).
pub const fn same_keys(a: &[&str], b: &[&str]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        let (x, y) = (a[i].as_bytes(), b[i].as_bytes());
        if x.len() != y.len() {
            return false;
        }
        let mut j = 0;
        while j < x.len() {
            if x[j] != y[j] {
                return false;
            }
            j += 1;
        }
        i += 1;
    }
    true
}

/// The `sort` parameter a list accepts, as a regular expression: one or more of its keys, comma
/// separated, each with `-` before it for descending (`name,-grade`).
pub fn sort_pattern(keys: &[&str]) -> String {
    let key = format!("-?({})", keys.join("|"));
    format!("^{key}(,{key})*$")
}

/// What a list loads after its sort keys: ties broken by `$id`, so that pages neither overlap nor
/// skip a row, and only the asked page when there is one.
macro_rules! page_of {
    ($query:expr, $page:expr, $id:expr) => {{
        let mut query = $query.then_order_by($id.asc());
        if let Some(page) = $page {
            query = query.offset(page.offset).limit(page.limit);
        }
        query
    }};
}
pub(crate) use page_of;

/// One page of rows and the count of all the rows the search and filters select.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Paged<T> {
    pub rows: Vec<T>,
    pub total: i64,
}

/// `%text%` for a case-blind `LIKE`, lower case, with `%`, `_` and `\` taken literally (see
/// [`matches_search`]); `None` for an empty search.
pub fn contains_pattern(text: &str) -> Option<String> {
    let text = text.trim().to_lowercase();
    if text.is_empty() {
        return None;
    }
    let mut pattern = String::with_capacity(text.len() + 2);
    pattern.push('%');
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    Some(pattern)
}

/// The column, lower-cased, holds the search made by [`contains_pattern`]: the one way a list or
/// the search box looks a typed word up in a text column, the same on SQLite and PostgreSQL.
pub fn matches_search<C>(column: C, pattern: &str) -> MatchesSearch<C>
where
    C: AsExpression<Text>,
    lower<C>: Expression<SqlType = Text>,
    Like<lower<C>, String>: EscapeExpressionMethods,
{
    lower(column).like(pattern.to_owned()).escape('\\')
}

/// What [`matches_search`] answers, for the lists that keep it in a variable.
pub type MatchesSearch<C> = Escape<Like<lower<C>, String>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_escape_wildcards() {
        assert_eq!(
            contains_pattern(" Park_Town "),
            Some("%park\\_town%".into())
        );
        assert_eq!(contains_pattern("  "), None);
        assert!(same_keys(&["name", "grade"], &["name", "grade"]));
        assert!(!same_keys(&["name", "grade"], &["name", "grades"]));
        assert!(!same_keys(&["name"], &["name", "grade"]));
        assert_eq!(
            sort_pattern(&["name", "grade"]),
            "^-?(name|grade)(,-?(name|grade))*$"
        );
        assert_eq!(
            Sort::parse_list("name,-grade"),
            vec![
                Sort {
                    key: "name".into(),
                    desc: false
                },
                Sort {
                    key: "grade".into(),
                    desc: true
                }
            ]
        );
    }
}
