//! Learners entered straight into a database, many at once: schools of fifty learners each, every
//! learner a participant with a user and a learner account, as loading learners makes them.

use diesel::prelude::*;
use olympiad_persistence::models::Olympiad;
use olympiad_persistence::schema::{
    accounts, learners, participants, school_participants, schools, users,
};
use olympiad_persistence::{now, write_transaction, DbConnection, DbError};

/// Learners per school in the fixture.
const SCHOOL_SIZE: usize = 50;

/// Enters `count` learners into the olympiad, all with the password whose bcrypt hash is given
/// (one hash serves all: signing in costs a bcrypt check however many hashes there are). Usernames
/// are `<prefix>-<n>`; answers them in order.
pub fn enter_learners(
    conn: &mut DbConnection,
    olympiad_name: &str,
    count: usize,
    prefix: &str,
    password_hash: &str,
) -> Result<Vec<String>, DbError> {
    let olympiad = Olympiad::by_name(conn, olympiad_name)?.ok_or(DbError::NotFound)?;
    write_transaction(conn, |conn| {
        let at = now();
        let mut usernames = Vec::with_capacity(count);
        let mut entry = 0;
        let mut school = 0;
        for n in 0..count {
            if n % SCHOOL_SIZE == 0 {
                school = diesel::insert_into(schools::table)
                    .values((
                        schools::name.eq(format!("{prefix} school {}", n / SCHOOL_SIZE + 1)),
                        schools::province.eq("Gauteng"),
                    ))
                    .returning(schools::id)
                    .get_result::<i64>(conn)?;
                entry = diesel::insert_into(school_participants::table)
                    .values((
                        school_participants::olympiad_id.eq(olympiad.id),
                        school_participants::school_id.eq(school),
                    ))
                    .returning(school_participants::id)
                    .get_result::<i64>(conn)?;
            }
            let username = format!("{prefix}-{n}");
            let user: i64 = diesel::insert_into(users::table)
                .values((
                    users::username.eq(&username),
                    users::password_hash.eq(password_hash),
                    users::first_name.eq("Learner"),
                    users::last_name.eq(n.to_string()),
                ))
                .returning(users::id)
                .get_result(conn)?;
            diesel::insert_into(accounts::table)
                .values((
                    accounts::user_id.eq(user),
                    accounts::role.eq("learner"),
                    accounts::olympiad_id.eq(olympiad.id),
                ))
                .execute(conn)?;
            let learner: i64 = diesel::insert_into(learners::table)
                .values((
                    learners::school_id.eq(school),
                    learners::first_name.eq("Learner"),
                    learners::last_name.eq(n.to_string()),
                    learners::grade.eq(10),
                    learners::created_at.eq(at),
                ))
                .returning(learners::id)
                .get_result(conn)?;
            diesel::insert_into(participants::table)
                .values((
                    participants::olympiad_id.eq(olympiad.id),
                    participants::learner_id.eq(learner),
                    participants::school_participant_id.eq(entry),
                    participants::user_id.eq(user),
                ))
                .execute(conn)?;
            usernames.push(username);
        }
        Ok(usernames)
    })
}
