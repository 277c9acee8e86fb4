//! Sign-ins for learners: a readable username and a generated password each, hashed at the learner
//! cost, and the one function that enters learners in an olympiad with them. The import, the admin
//! screens, the demo data and the benchmark all go through [`enter_learners`].

use crate::support::error::{OfficeError, OfficeResult};
use olympiad_domain::credentials::{readable_code, LEARNER_BCRYPT_COST, LEARNER_PASSWORD_CHARS};
use olympiad_domain::id::ParticipantId;
use olympiad_domain::roster::{username_digits, username_stem, CheckedLearner};
use olympiad_persistence::models::{
    LearnerEntry, LearnerForm, Participant, SchoolParticipant, User,
};
use olympiad_persistence::DbConnection;
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use utoipa::ToSchema;

/// A learner's sign-in as it is handed out: shown once, never stored in the clear.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Credential {
    #[schema(value_type = i64)]
    pub participant_id: ParticipantId,
    pub first_name: String,
    pub last_name: String,
    pub grade: i32,
    pub class_name: String,
    pub username: String,
    pub password: String,
}

/// `count` fresh passwords (`kx7m-p3qa-9tcw`: 55 bits each).
pub fn new_passwords(count: usize) -> Vec<String> {
    let mut rng = rand::rng();
    (0..count)
        .map(|_| readable_code(LEARNER_PASSWORD_CHARS, |len| rng.random_range(0..len)))
        .collect()
}

/// bcrypt hashes of the passwords at the learner cost, on every core: a class of 40 takes about
/// 70 ms of one core, an import of 2,000 learners a few seconds. Blocking: call it off the workers.
pub fn hash_passwords(passwords: &[String]) -> OfficeResult<Vec<String>> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = passwords.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = passwords
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|p| bcrypt::hash(p, LEARNER_BCRYPT_COST))
                        .collect::<Result<Vec<_>, _>>()
                })
            })
            .collect();
        let mut hashes = Vec::with_capacity(passwords.len());
        for worker in workers {
            let part = worker
                .join()
                .map_err(|_| OfficeError::Internal("a hashing thread panicked".into()))?
                .map_err(|e| OfficeError::Internal(e.to_string()))?;
            hashes.extend(part);
        }
        Ok(hashes)
    })
}

/// Passwords for learners, with their hashes: made before the transaction that stores them, so
/// that no connection waits while they hash.
pub struct NewPasswords {
    pub passwords: Vec<String>,
    pub hashes: Vec<String>,
}

/// `count` passwords, hashed: the one chosen for all of them, or a fresh one each. Blocking: call
/// it off the workers.
pub fn passwords_for(count: usize, chosen: Option<&str>) -> OfficeResult<NewPasswords> {
    let passwords = match chosen {
        Some(password) => vec![password.to_owned(); count],
        None => new_passwords(count),
    };
    let hashes = hash_passwords(&passwords)?;
    Ok(NewPasswords { passwords, hashes })
}

/// A username of the learner's stem and three digits that no user has yet (and that this batch has
/// not taken); a fourth and fifth digit when a stem is crowded.
fn fresh_username(
    conn: &mut DbConnection,
    stem: &str,
    taken: &mut HashSet<String>,
) -> OfficeResult<String> {
    let mut rng = rand::rng();
    for attempt in 0..40 {
        let mut candidate = format!("{stem}{}", username_digits(|len| rng.random_range(0..len)));
        if attempt >= 20 {
            candidate.push_str(&username_digits(|len| rng.random_range(0..len))[..2]);
        }
        if !taken.contains(&candidate) && User::by_username(conn, &candidate)?.is_none() {
            taken.insert(candidate.clone());
            return Ok(candidate);
        }
    }
    Err(OfficeError::Internal(format!(
        "no free username for the stem {stem}"
    )))
}

/// Enters checked learners of the entry's school in its olympiad: each gets a learner record, a user
/// with a fresh username and the given password's hash, a learner account, and a participant.
/// `passwords[i]` and `hashes[i]` belong to `learners[i]`. Run it inside the import's transaction.
pub fn enter_learners(
    conn: &mut DbConnection,
    entry: &SchoolParticipant,
    learners: &[CheckedLearner],
    passwords: &[String],
    hashes: &[String],
) -> OfficeResult<Vec<Credential>> {
    let mut taken = HashSet::new();
    let mut credentials = Vec::with_capacity(learners.len());
    for ((learner, password), hash) in learners.iter().zip(passwords).zip(hashes) {
        let username = fresh_username(
            conn,
            &username_stem(&learner.first_name, &learner.last_name),
            &mut taken,
        )?;
        let fields = LearnerForm {
            first_name: learner.first_name.clone(),
            last_name: learner.last_name.clone(),
            grade: learner.grade,
            class_name: learner.class_name.clone(),
            gender: learner.gender.clone(),
            home_language: learner.home_language.clone(),
            email: learner.email.clone(),
            consent_given: learner.consent_given,
            consent_by: learner.consent_by.clone(),
            consent_relationship: learner.consent_relationship.clone(),
        };
        let (_, participant) = Participant::enter_new_learner(
            conn,
            &LearnerEntry {
                olympiad_id: entry.olympiad_id,
                school_id: entry.school_id,
                school_participant_id: entry.id,
                learner: &fields,
                language: &learner.language,
                username: &username,
                password_hash: hash,
            },
        )?;
        credentials.push(Credential {
            participant_id: participant.id,
            first_name: fields.first_name,
            last_name: fields.last_name,
            grade: fields.grade,
            class_name: fields.class_name,
            username,
            password: password.clone(),
        });
    }
    Ok(credentials)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_readable_and_hash_at_the_learner_cost() {
        let passwords = new_passwords(3);
        assert_eq!(passwords.len(), 3);
        assert!(passwords.iter().all(|p| p.len() == 14));
        let hashes = hash_passwords(&passwords).unwrap();
        assert!(hashes[0].starts_with(&format!("$2b${LEARNER_BCRYPT_COST:02}$")));
        assert!(bcrypt::verify(&passwords[2], &hashes[2]).unwrap());
    }
}
