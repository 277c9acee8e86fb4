-- Sign-in and reset attempts counted across API nodes. SQLite serves one node, which keeps them in
-- memory; the table exists so that both databases have the same tables.
CREATE TABLE signin_limits (
    key TEXT PRIMARY KEY NOT NULL,
    tat_ms BIGINT NOT NULL
);
