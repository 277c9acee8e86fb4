//! Statements of the morning's hot path, prepared once per connection.
//!
//! Diesel prepares every UPDATE (and some INSERTs) anew at each call, because a changeset of
//! optional fields gives a different statement for each set of fields present. Preparing is most
//! of a short write's cost on SQLite, and a write to the attempts or the participants compiles
//! their results triggers with it each time. A statement wrapped in [`PreparedOnce`] is kept in the
//! connection's statement cache under its SQL text (and its binds' types), so each form it takes
//! is prepared once and every call only binds and runs it: correct for any changeset, and meant for
//! those of few forms, since each form stays cached for the connection's life.
//!
//! It is run as a load (`get_result`, with `RETURNING` for a write that answers nothing else):
//! a statement executed for its count reaches the connection by reference, and a reference's word
//! on caching is diesel's walk of the inner statement, which refuses.

use diesel::backend::Backend;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::{QueryResult, RunQueryDsl};

/// A statement kept in the connection's statement cache, see the module.
#[derive(Debug, Clone, Copy)]
pub struct PreparedOnce<Q>(pub Q);

impl<Q, DB: Backend> QueryFragment<DB> for PreparedOnce<Q>
where
    Q: QueryFragment<DB>,
{
    fn walk_ast<'b>(&'b self, pass: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        self.0.walk_ast(pass)
    }

    fn is_safe_to_cache_prepared(&self, _backend: &DB) -> QueryResult<bool> {
        Ok(true)
    }
}

/// Keyed by the SQL text, never by the type: the same type may give several statements.
impl<Q> QueryId for PreparedOnce<Q> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<Q: Query> Query for PreparedOnce<Q> {
    type SqlType = Q::SqlType;
}

impl<Q, Conn> RunQueryDsl<Conn> for PreparedOnce<Q> {}
