// One portable schema for both databases. Both migration trees (migrations/sqlite, migrations/postgres)
// must produce exactly these tables and columns; `tests/schema_parity.rs` checks it.

diesel::table! {
    projects (id) {
        id -> BigInt,
        slug -> Text,
        name -> Text,
        description -> Text,
        kind -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    sub_projects (id) {
        id -> BigInt,
        project_id -> BigInt,
        slug -> Text,
        name -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    olympiads (id) {
        id -> BigInt,
        project_id -> BigInt,
        sub_project_id -> Nullable<BigInt>,
        name -> Text,
        title -> Text,
        year -> Integer,
        is_open -> Bool,
        is_pinned -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    users (id) {
        id -> BigInt,
        username -> Text,
        email -> Nullable<Text>,
        password_hash -> Text,
        first_name -> Text,
        last_name -> Text,
        totp_secret -> Nullable<Text>,
        totp_confirmed -> Bool,
        session_version -> Integer,
        disabled -> Bool,
        last_login_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    accounts (id) {
        id -> BigInt,
        user_id -> BigInt,
        role -> Text,
        olympiad_id -> Nullable<BigInt>,
        disabled -> Bool,
        created_at -> Timestamp,
    }
}

diesel::table! {
    activity_logs (id) {
        id -> BigInt,
        user_id -> Nullable<BigInt>,
        email -> Nullable<Text>,
        olympiad_id -> Nullable<BigInt>,
        action -> Text,
        details -> Text,
        address -> Nullable<Text>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    app_logs (id) {
        id -> BigInt,
        key -> Text,
        level -> Text,
        message -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    jobs (id) {
        id -> BigInt,
        kind -> Text,
        payload -> Text,
        status -> Text,
        attempts -> Integer,
        run_at -> Timestamp,
        locked_by -> Nullable<Text>,
        locked_at -> Nullable<Timestamp>,
        last_error -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    password_resets (id) {
        id -> BigInt,
        user_id -> BigInt,
        token_hash -> Text,
        expires_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
    }
}

diesel::joinable!(sub_projects -> projects (project_id));
diesel::joinable!(olympiads -> projects (project_id));
diesel::joinable!(accounts -> users (user_id));
diesel::joinable!(accounts -> olympiads (olympiad_id));
diesel::joinable!(password_resets -> users (user_id));

diesel::allow_tables_to_appear_in_same_query!(
    projects,
    sub_projects,
    olympiads,
    users,
    accounts,
    activity_logs,
    app_logs,
    jobs,
    password_resets,
);
