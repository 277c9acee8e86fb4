-- Sign-in and reset attempts, counted for every API node at once (a GCRA bucket per key: the
-- moment from which the key's allowance is full again, in milliseconds since 1970). Unlogged: a
-- crash forgets them, which costs nothing but a minute's limit, and they write no WAL.
CREATE UNLOGGED TABLE signin_limits (
    key TEXT PRIMARY KEY,
    tat_ms BIGINT NOT NULL
);
