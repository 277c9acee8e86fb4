//! Mass mails: what staff write, who they go to (the audience's addressees, each school's reach),
//! their attached files, and their jobs released for sending.

use super::*;

#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = mass_mails)]
#[serde(rename_all = "camelCase")]
pub struct MassMail {
    #[schema(value_type = i64)]
    pub id: MassMailId,
    #[schema(value_type = Option<i64>)]
    pub olympiad_id: Option<OlympiadId>,
    #[schema(value_type = Option<i64>)]
    pub campaign_id: Option<CampaignId>,
    pub title: String,
    pub audience: Audience,
    pub subject: String,
    pub html: String,
    pub text: String,
    pub status: MassMailStatus,
    /// How many e-mails it was queued as.
    pub recipients: i32,
    #[schema(value_type = Option<i64>)]
    pub created_by: Option<UserId>,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, Clone, Insertable, AsChangeset)]
#[diesel(table_name = mass_mails)]
pub struct MassMailForm {
    pub olympiad_id: Option<OlympiadId>,
    pub campaign_id: Option<CampaignId>,
    pub title: String,
    #[diesel(serialize_as = Word)]
    pub audience: Audience,
    pub subject: String,
    pub html: String,
    pub text: String,
}

impl MassMail {
    pub fn create(
        conn: &mut DbConnection,
        form: MassMailForm,
        created_by: UserId,
    ) -> DbResult<MassMail> {
        let id: MassMailId = diesel::insert_into(mass_mails::table)
            .values((
                form,
                mass_mails::created_by.eq(created_by),
                mass_mails::created_at.eq(now()),
                mass_mails::updated_at.eq(now()),
            ))
            .returning(mass_mails::id)
            .get_result(conn)?;
        MassMail::find(conn, id)
    }

    pub fn update(
        conn: &mut DbConnection,
        id: MassMailId,
        form: MassMailForm,
    ) -> DbResult<MassMail> {
        diesel::update(mass_mails::table.find(id))
            .set((form, mass_mails::updated_at.eq(now())))
            .execute(conn)?;
        MassMail::find(conn, id)
    }

    pub fn set_status(
        conn: &mut DbConnection,
        id: MassMailId,
        status: MassMailStatus,
        recipients: Option<i32>,
    ) -> DbResult<()> {
        diesel::update(mass_mails::table.find(id))
            .set((
                mass_mails::status.eq(status.as_str()),
                mass_mails::updated_at.eq(now()),
            ))
            .execute(conn)?;
        if let Some(count) = recipients {
            diesel::update(mass_mails::table.find(id))
                .set(mass_mails::recipients.eq(count))
                .execute(conn)?;
        }
        Ok(())
    }

    pub fn find(conn: &mut DbConnection, id: MassMailId) -> DbResult<MassMail> {
        Ok(mass_mails::table
            .find(id)
            .select(MassMail::as_select())
            .first(conn)?)
    }

    /// The olympiad's mass mails, or every one (`None`), newest first.
    pub fn list(
        conn: &mut DbConnection,
        olympiad_id: Option<OlympiadId>,
    ) -> DbResult<Vec<MassMail>> {
        let mut query = mass_mails::table
            .select(MassMail::as_select())
            .order(mass_mails::id.desc())
            .limit(LIST_LIMIT)
            .into_boxed();
        if let Some(id) = olympiad_id {
            query = query.filter(mass_mails::olympiad_id.eq(id));
        }
        Ok(query.load(conn)?)
    }

    pub fn delete(conn: &mut DbConnection, id: MassMailId) -> DbResult<()> {
        diesel::delete(
            jobs::table
                .filter(jobs::mass_mail_id.eq(id))
                .filter(jobs::status.eq(JobStatus::Held.as_str())),
        )
        .execute(conn)?;
        diesel::delete(mass_mails::table.find(id)).execute(conn)?;
        Ok(())
    }

    /// How many of its e-mails are in each state of the queue.
    pub fn job_counts(conn: &mut DbConnection, id: MassMailId) -> DbResult<Vec<(JobStatus, i64)>> {
        Ok(jobs::table
            .filter(jobs::mass_mail_id.eq(id))
            .group_by(jobs::status)
            .select((jobs::status, diesel::dsl::count_star()))
            .load::<(JobStatus, i64)>(conn)?)
    }

    /// Releases up to `qty` of its held e-mails (oldest first) to the senders; answers how many.
    pub fn release(conn: &mut DbConnection, id: MassMailId, qty: i64) -> DbResult<usize> {
        let ids: Vec<JobId> = jobs::table
            .filter(jobs::mass_mail_id.eq(id))
            .filter(jobs::status.eq(JobStatus::Held.as_str()))
            .order(jobs::id)
            .limit(qty)
            .select(jobs::id)
            .load(conn)?;
        release_jobs(conn, &ids)
    }

    /// Puts its released e-mails that no worker has taken yet back to waiting; answers how many.
    /// One that a worker holds goes on: it is being handed over.
    pub fn pause(conn: &mut DbConnection, id: MassMailId) -> DbResult<usize> {
        Ok(diesel::update(
            jobs::table
                .filter(jobs::mass_mail_id.eq(id))
                .filter(jobs::status.eq(JobStatus::Queued.as_str())),
        )
        .set((
            jobs::status.eq(JobStatus::Held.as_str()),
            jobs::updated_at.eq(now()),
        ))
        .execute(conn)?)
    }
}

/// Releases these held e-mails; answers how many were held.
pub fn release_jobs(conn: &mut DbConnection, ids: &[JobId]) -> DbResult<usize> {
    Ok(diesel::update(
        jobs::table
            .filter(jobs::id.eq_any(ids.to_vec()))
            .filter(jobs::status.eq(JobStatus::Held.as_str())),
    )
    .set((
        jobs::status.eq(JobStatus::Queued.as_str()),
        jobs::run_at.eq(now()),
        jobs::updated_at.eq(now()),
    ))
    .execute(conn)?)
}

/// One addressee of a mass mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Addressee {
    pub email: String,
    pub name: String,
    pub username: String,
}

/// The people an audience reaches in the olympiad (or, for all teachers, everywhere), each
/// address once, in a steady order.
pub fn audience(
    conn: &mut DbConnection,
    audience: Audience,
    olympiad_id: Option<OlympiadId>,
) -> DbResult<Vec<Addressee>> {
    use crate::schema::{
        expressions_of_interest as eoi, participants, school_participants as sp, teachers,
        team_members as tm, users,
    };
    // No olympiad has the id -1: without one, the olympiad's audiences are empty.
    let olympiad = olympiad_id.unwrap_or(OlympiadId::new(-1));
    let user_address = (
        users::email,
        users::first_name,
        users::last_name,
        users::username,
    );
    let rows: Vec<AddresseeRow> = match audience {
        Audience::ParticipatingTeachers | Audience::SchoolsWithoutLearners => {
            let mut query = tm::table
                .inner_join(sp::table)
                .inner_join(teachers::table.inner_join(users::table))
                .filter(sp::olympiad_id.eq(olympiad))
                .filter(users::disabled.eq(false))
                .select(user_address)
                .into_boxed();
            if audience == Audience::SchoolsWithoutLearners {
                query = query
                    .filter(tm::is_team_admin.eq(true))
                    .filter(diesel::dsl::not(diesel::dsl::exists(
                        participants::table
                            .filter(participants::school_participant_id.eq(sp::id.nullable())),
                    )));
            }
            query.load(conn)?
        }
        Audience::AllTeachers => teachers::table
            .inner_join(users::table)
            .filter(users::disabled.eq(false))
            .select(user_address)
            .load(conn)?,
        Audience::UnpaidOrders => unpaid_order_contacts(conn, olympiad)?,
        Audience::InterestedParties => eoi::table
            .filter(eoi::olympiad_id.eq(olympiad))
            .filter(eoi::status.eq(olympiad_domain::interest::InterestStatus::Open.as_str()))
            .select((
                eoi::email.nullable(),
                eoi::first_name,
                eoi::last_name,
                eoi::email,
            ))
            .load(conn)?,
    };
    let mut seen = std::collections::BTreeMap::new();
    for (email, first, last, username) in rows {
        let email = email
            .filter(|e| e.contains('@'))
            .or_else(|| username.contains('@').then(|| username.clone()));
        let Some(email) = email else { continue };
        let email = olympiad_domain::email::normal_address(&email);
        let name = format!("{first} {last}").trim().to_owned();
        seen.entry(email.clone()).or_insert(Addressee {
            email,
            name,
            username,
        });
    }
    Ok(seen.into_values().collect())
}

/// An addressee as the audience queries read them: e-mail (if any), first and last name, username.
type AddresseeRow = (Option<String>, String, String, String);

/// Whom the entries with an unpaid order (not paid, not pre-approved, not deleted) reach: the
/// team members of a school's entry, the team leader and invoice contact of a country's.
fn unpaid_order_contacts(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
) -> DbResult<Vec<AddresseeRow>> {
    use crate::schema::{
        country_participants as cp, purchase_orders as po, school_participants as sp, teachers,
        team_members as tm, users,
    };
    let unpaid = po::table
        .filter(po::olympiad_id.eq(olympiad_id))
        .filter(po::paid.eq(false))
        .filter(po::pre_approved.eq(false))
        .filter(po::deleted_at.is_null());
    let mut rows: Vec<AddresseeRow> = tm::table
        .inner_join(sp::table)
        .inner_join(teachers::table.inner_join(users::table))
        .filter(sp::olympiad_id.eq(olympiad_id))
        .filter(users::disabled.eq(false))
        .filter(diesel::dsl::exists(
            unpaid.filter(po::school_participant_id.eq(sp::id.nullable())),
        ))
        .select((
            users::email,
            users::first_name,
            users::last_name,
            users::username,
        ))
        .load(conn)?;
    let countries: Vec<(String, String, String)> = cp::table
        .filter(cp::olympiad_id.eq(olympiad_id))
        .filter(diesel::dsl::exists(
            unpaid.filter(po::country_participant_id.eq(cp::id.nullable())),
        ))
        .select((
            cp::team_leader_name,
            cp::team_leader_email,
            cp::invoice_email,
        ))
        .load(conn)?;
    for (leader, leader_email, invoice_email) in countries {
        for email in [leader_email, invoice_email] {
            rows.push((Some(email.clone()), leader.clone(), String::new(), email));
        }
    }
    Ok(rows)
}

/// A school as the School Emails Overview shows it: how it can be reached.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolReach {
    #[schema(value_type = i64)]
    pub school_id: SchoolId,
    pub name: String,
    pub province: String,
    /// The school's own address, if it has one.
    pub school_email: String,
    pub school_email_shunned: bool,
    /// Teachers of the school with an address.
    pub teachers: i64,
    /// Of those, the ones whose address is shunned or unsubscribed from everything.
    pub unreachable_teachers: i64,
    /// Whether any address of the school may be mailed.
    pub reachable: bool,
}

/// Every school (at most [`LIST_LIMIT`]) and how it can be reached.
pub fn school_reach(conn: &mut DbConnection) -> DbResult<Vec<SchoolReach>> {
    use crate::schema::{schools, teachers, users};
    let schools: Vec<(SchoolId, String, String, String)> = schools::table
        .select((
            schools::id,
            schools::name,
            schools::province,
            schools::email,
        ))
        .order(schools::name)
        .limit(LIST_LIMIT)
        .load(conn)?;
    let teacher_rows: Vec<(Option<SchoolId>, Option<String>, String)> = teachers::table
        .inner_join(users::table)
        .filter(teachers::school_id.is_not_null())
        .select((teachers::school_id, users::email, users::username))
        .load(conn)?;
    let shunned: std::collections::HashSet<String> = shunned_emails::table
        .select(shunned_emails::email)
        .load::<String>(conn)?
        .into_iter()
        .collect();
    let unsubscribed: std::collections::HashSet<String> = unsubscribes::table
        .filter(unsubscribes::olympiad_id.is_null())
        .select(unsubscribes::email)
        .load::<String>(conn)?
        .into_iter()
        .collect();
    let blocked = |email: &str| shunned.contains(email) || unsubscribed.contains(email);
    let mut per_school: std::collections::HashMap<SchoolId, (i64, i64)> = Default::default();
    for (school_id, email, username) in teacher_rows {
        let Some(school_id) = school_id else { continue };
        let address = email.unwrap_or(username);
        if !address.contains('@') {
            continue;
        }
        let address = olympiad_domain::email::normal_address(&address);
        let entry = per_school.entry(school_id).or_default();
        entry.0 += 1;
        if blocked(&address) {
            entry.1 += 1;
        }
    }
    Ok(schools
        .into_iter()
        .map(|(school_id, name, province, school_email)| {
            let (teachers, unreachable_teachers) =
                per_school.get(&school_id).copied().unwrap_or((0, 0));
            let normal = olympiad_domain::email::normal_address(&school_email);
            let school_email_shunned = !normal.is_empty() && blocked(&normal);
            let school_ok = normal.contains('@') && !school_email_shunned;
            SchoolReach {
                school_id,
                name,
                province,
                school_email,
                school_email_shunned,
                teachers,
                unreachable_teachers,
                reachable: school_ok || teachers > unreachable_teachers,
            }
        })
        .collect())
}

/// A file a mass mail carries: a stored upload under the name the addressee sees.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = crate::schema::mass_mail_attachments)]
#[serde(rename_all = "camelCase")]
pub struct MassMailAttachment {
    pub id: i64,
    #[schema(value_type = i64)]
    pub mass_mail_id: MassMailId,
    #[schema(value_type = i64)]
    pub upload_id: UploadId,
    pub filename: String,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

impl MassMailAttachment {
    /// The mass mail's files with their stored uploads, in the order they were added.
    pub fn of(
        conn: &mut DbConnection,
        mass_mail_id: MassMailId,
    ) -> DbResult<Vec<(MassMailAttachment, crate::models::Upload)>> {
        use crate::schema::{mass_mail_attachments as mma, uploads};
        Ok(mma::table
            .inner_join(uploads::table)
            .filter(mma::mass_mail_id.eq(mass_mail_id))
            .order(mma::id)
            .select((
                MassMailAttachment::as_select(),
                crate::models::Upload::as_select(),
            ))
            .load(conn)?)
    }

    pub fn find(conn: &mut DbConnection, id: i64) -> DbResult<MassMailAttachment> {
        use crate::schema::mass_mail_attachments as mma;
        Ok(mma::table
            .find(id)
            .select(MassMailAttachment::as_select())
            .first(conn)?)
    }

    pub fn create(
        conn: &mut DbConnection,
        mass_mail_id: MassMailId,
        upload_id: UploadId,
        filename: &str,
    ) -> DbResult<MassMailAttachment> {
        use crate::schema::mass_mail_attachments as mma;
        Ok(diesel::insert_into(mma::table)
            .values((
                mma::mass_mail_id.eq(mass_mail_id),
                mma::upload_id.eq(upload_id),
                mma::filename.eq(filename),
                mma::created_at.eq(now()),
            ))
            .returning(mma::all_columns)
            .get_result(conn)?)
    }

    pub fn delete(conn: &mut DbConnection, id: i64) -> DbResult<()> {
        use crate::schema::mass_mail_attachments as mma;
        diesel::delete(mma::table.find(id)).execute(conn)?;
        Ok(())
    }
}
