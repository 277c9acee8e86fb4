//! The results as the public pages show them once released: the top learners of each grade and the
//! top schools, named without ids or anyone else's scores.

use super::*;

/// A learner as the public pages name them: no ids, no scores of others than the top.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicLearner {
    pub name: String,
    pub school: String,
    pub province: String,
    pub grade: i32,
    pub rank: usize,
    pub award: Option<Award>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicSchool {
    pub rank: usize,
    pub school: String,
    pub province: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicResults {
    pub olympiad: String,
    pub year: i32,
    pub version: i32,
    /// The best ten of each grade (more when tied).
    pub learners: Vec<PublicLearner>,
    /// The best ten schools.
    pub schools: Vec<PublicSchool>,
}

/// How many learners of a grade, and schools, the public pages name.
const PUBLIC_TOP: usize = 10;

fn public_of(snapshot: Snapshot, olympiad: String, year: i32, top: usize) -> PublicResults {
    let mut learners: Vec<PublicLearner> = snapshot
        .learners
        .into_iter()
        .filter(|l| !l.disqualified && l.rank >= 1 && l.rank <= top)
        .map(|l| PublicLearner {
            name: format!("{} {}", l.first_name, l.last_name),
            school: l.school_name,
            province: l.province,
            grade: l.grade,
            rank: l.rank,
            award: l.award,
        })
        .collect();
    learners.sort_by(|a, b| {
        a.grade
            .cmp(&b.grade)
            .then(a.rank.cmp(&b.rank))
            .then(a.name.cmp(&b.name))
    });
    let schools = snapshot
        .schools
        .into_iter()
        .filter(|s| s.rank <= top)
        .map(|s| PublicSchool {
            rank: s.rank,
            school: s.school_name,
            province: s.province,
        })
        .collect();
    PublicResults {
        olympiad,
        year,
        version: snapshot.version,
        learners,
        schools,
    }
}

fn released_of_project(
    conn: &mut DbConnection,
    project: &str,
) -> OfficeResult<Vec<(Snapshot, String, i32)>> {
    let project = Project::by_slug(conn, project)?
        .ok_or_else(|| OfficeError::NotFound("This project".into()))?;
    Ok(OlympiadResults::released_in_project(conn, project.id)?
        .into_iter()
        .filter_map(|(results, title, year)| released(&results).map(|s| (s, title, year)))
        .collect())
}

/// The newest released results of a project's olympiads (public Top Results page); none before
/// the first release.
pub fn top_results(conn: &mut DbConnection, project: &str) -> OfficeResult<Option<PublicResults>> {
    Ok(released_of_project(conn, project)?
        .into_iter()
        .next()
        .map(|(snapshot, title, year)| public_of(snapshot, title, year, PUBLIC_TOP)))
}

/// The first three of each grade of every released olympiad of the project, newest first.
pub fn past_winners(conn: &mut DbConnection, project: &str) -> OfficeResult<Vec<PublicResults>> {
    Ok(released_of_project(conn, project)?
        .into_iter()
        .map(|(snapshot, title, year)| public_of(snapshot, title, year, 3))
        .collect())
}

/// Whether the caller is staff of the olympiad (not a teacher): used by certificates too.
pub fn is_staff(caller: &Caller) -> bool {
    caller.role != Role::Teacher
}
