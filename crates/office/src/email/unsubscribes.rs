//! Unsubscribes: per olympiad and from everything. Every bulk e-mail carries a reference that
//! names the address and the olympiad without showing them: its one-click address (RFC 8058) and
//! its page `/{olympiadName}/unsubscribe/{ref}` (or `/unsubscribe/{ref}`) both use it.

use crate::activity::record_activity;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult};
use crate::support::secrets::new_token;
use olympiad_domain::email::normal_address;
use olympiad_domain::id::OlympiadId;
use olympiad_domain::Role;
use olympiad_persistence::models::{Olympiad, Unsubscribe, UnsubscribeLink};
use olympiad_persistence::{write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::HashMap;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

/// The one-click address and the page of an address's unsubscribe link.
pub fn links_for(
    conn: &mut DbConnection,
    email: &str,
    olympiad_id: Option<OlympiadId>,
    base_url: &str,
) -> OfficeResult<(String, String)> {
    let mut links = links_for_all(conn, &[email.to_owned()], olympiad_id, base_url)?;
    links
        .remove(email)
        .ok_or_else(|| OfficeError::Internal("an unsubscribe link was not made".into()))
}

/// [`links_for`] for many addresses (a mass mail's), by the address as given: the links read
/// and made together, the olympiad read once.
pub fn links_for_all(
    conn: &mut DbConnection,
    emails: &[String],
    olympiad_id: Option<OlympiadId>,
    base_url: &str,
) -> OfficeResult<HashMap<String, (String, String)>> {
    let normal: Vec<String> = emails.iter().map(|e| normal_address(e)).collect();
    let mut unique = normal.clone();
    unique.sort_unstable();
    unique.dedup();
    let references = UnsubscribeLink::for_addresses(conn, &unique, olympiad_id, new_token)?;
    let pages = match olympiad_id {
        Some(id) => format!("{base_url}/{}/unsubscribe", Olympiad::find(conn, id)?.name),
        None => format!("{base_url}/unsubscribe"),
    };
    Ok(emails
        .iter()
        .zip(&normal)
        .filter_map(|(email, normal)| {
            let reference = references.get(normal)?;
            let one_click = format!("{base_url}/api/unsubscribe/{reference}");
            Some((email.clone(), (one_click, format!("{pages}/{reference}"))))
        })
        .collect())
}

/// What an unsubscribe link names, as its page shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnsubscribeLinkView {
    /// The address, partly hidden (`th…@example.org`).
    pub email: String,
    #[schema(value_type = Option<i64>)]
    pub olympiad_id: Option<OlympiadId>,
    pub olympiad_title: Option<String>,
    /// Unsubscribed from this olympiad's mail (or everything, when it names none).
    pub unsubscribed: bool,
    /// Unsubscribed from every olympiad's mail.
    pub unsubscribed_everywhere: bool,
}

fn hidden(email: &str) -> String {
    match email.split_once('@') {
        Some((local, domain)) => {
            let shown: String = local.chars().take(2).collect();
            format!("{shown}…@{domain}")
        }
        None => "…".into(),
    }
}

fn link(conn: &mut DbConnection, reference: &str) -> OfficeResult<UnsubscribeLink> {
    UnsubscribeLink::find_by_reference(conn, reference)?
        .ok_or_else(|| OfficeError::NotFound("This unsubscribe link".into()))
}

fn link_view(conn: &mut DbConnection, link: &UnsubscribeLink) -> OfficeResult<UnsubscribeLinkView> {
    let kept = Unsubscribe::of_address(conn, &link.email)?;
    let everywhere = kept.iter().any(|u| u.olympiad_id.is_none());
    let olympiad_title = match link.olympiad_id {
        Some(id) => Some(Olympiad::find(conn, id)?.title),
        None => None,
    };
    Ok(UnsubscribeLinkView {
        email: hidden(&link.email),
        olympiad_id: link.olympiad_id,
        olympiad_title,
        unsubscribed: everywhere
            || link
                .olympiad_id
                .is_some_and(|id| kept.iter().any(|u| u.olympiad_id == Some(id))),
        unsubscribed_everywhere: everywhere,
    })
}

/// `GET /api/unsubscribe/{ref}`.
pub fn show(conn: &mut DbConnection, reference: &str) -> OfficeResult<UnsubscribeLinkView> {
    let link = link(conn, reference)?;
    link_view(conn, &link)
}

/// An unsubscribe: by a link's reference (anyone holding the link), or by address and olympiad
/// (staff).
#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnsubscribeInput {
    #[schema(max_length = 100)]
    pub reference: Option<String>,
    #[schema(max_length = 254)]
    pub email: Option<String>,
    #[schema(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
    /// From every olympiad's mail, not only the link's olympiad.
    #[serde(default)]
    pub everywhere: bool,
}

fn may_manage(caller: Option<&Caller>) -> Option<&Caller> {
    caller.filter(|c| matches!(c.role, Role::Admin | Role::Funding | Role::Overlord))
}

/// `POST /api/unsubscribe`: unsubscribes; asking again changes nothing.
pub fn unsubscribe(
    conn: &mut DbConnection,
    caller: Option<&Caller>,
    input: &UnsubscribeInput,
) -> OfficeResult<UnsubscribeLinkView> {
    write_transaction(conn, |conn| {
        if let Some(reference) = input.reference.as_deref() {
            let link = link(conn, reference)
                .map_err(|_| OfficeError::invalid("reference", "is not a link of ours"))?;
            let olympiad_id = if input.everywhere {
                None
            } else {
                link.olympiad_id
            };
            Unsubscribe::add(conn, &link.email, olympiad_id)?;
            return link_view(conn, &link);
        }
        let Some(staff) = may_manage(caller) else {
            return Err(OfficeError::invalid(
                "reference",
                "is required: open the link of the e-mail",
            ));
        };
        let email = input
            .email
            .as_deref()
            .map(normal_address)
            .filter(|e| olympiad_domain::email::address_syntax_ok(e))
            .ok_or_else(|| OfficeError::invalid("email", "must be an e-mail address"))?;
        let olympiad_id = match (input.olympiad_id, input.everywhere) {
            (_, true) if staff.role == Role::Overlord => None,
            (Some(id), false) => {
                staff.require_olympiad(id)?;
                Some(id)
            }
            _ => staff.olympiad_scope(None)?,
        };
        Unsubscribe::add(conn, &email, olympiad_id)?;
        record_activity(
            conn,
            staff,
            "address unsubscribed",
            olympiad_id,
            json!({ "email": email }),
        )?;
        let link = UnsubscribeLink {
            id: 0,
            reference: String::new(),
            email: email.clone(),
            olympiad_id,
            created_at: olympiad_persistence::now(),
        };
        let mut view = link_view(conn, &link)?;
        view.email = email;
        Ok(view)
    })
}

/// `POST /api/unsubscribe/{ref}`: the one-click unsubscribe of RFC 8058 (the mailbox provider
/// posts `List-Unsubscribe=One-Click`; whatever the body, the link's reference decides).
pub fn one_click(conn: &mut DbConnection, reference: &str) -> OfficeResult<UnsubscribeLinkView> {
    unsubscribe(
        conn,
        None,
        &UnsubscribeInput {
            reference: Some(reference.to_owned()),
            email: None,
            olympiad_id: None,
            everywhere: false,
        },
    )
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ResubscribeQuery {
    /// Staff: the address to take off the list.
    #[param(max_length = 254)]
    pub email: Option<String>,
    /// Staff: the olympiad's list (the overlord may leave it out for every list).
    #[param(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
    /// Anyone with the link: the reference of the e-mail's unsubscribe link.
    #[param(max_length = 100)]
    pub reference: Option<String>,
}

/// `POST /api/unsubscribe/resubscribe`: the address receives the olympiad's (or all) mail again.
pub fn resubscribe(
    conn: &mut DbConnection,
    caller: Option<&Caller>,
    query: &ResubscribeQuery,
) -> OfficeResult<usize> {
    write_transaction(conn, |conn| {
        if let Some(reference) = query.reference.as_deref() {
            let link = link(conn, reference)
                .map_err(|_| OfficeError::invalid("reference", "is not a link of ours"))?;
            // The person asks for everything back: the link's olympiad and the global list.
            let mut removed = Unsubscribe::remove(conn, &link.email, link.olympiad_id)?;
            if link.olympiad_id.is_some() {
                removed += Unsubscribe::remove_global(conn, &link.email)?;
            }
            return Ok(removed);
        }
        let Some(staff) = may_manage(caller) else {
            return Err(OfficeError::invalid("reference", "is required"));
        };
        let email = query
            .email
            .as_deref()
            .map(normal_address)
            .filter(|e| !e.is_empty())
            .ok_or_else(|| OfficeError::invalid("email", "is required"))?;
        let olympiad_id = staff.olympiad_scope(query.olympiad_id)?;
        let removed = Unsubscribe::remove(conn, &email, olympiad_id)?;
        record_activity(
            conn,
            staff,
            "address resubscribed",
            olympiad_id,
            json!({ "email": email, "removed": removed }),
        )?;
        Ok(removed)
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UnsubscribeListQuery {
    #[param(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
}

/// `GET /api/unsubscribe`: the olympiad's unsubscribes and the global ones (the overlord: all).
pub fn list(
    conn: &mut DbConnection,
    caller: &Caller,
    query: &UnsubscribeListQuery,
) -> OfficeResult<Vec<Unsubscribe>> {
    let olympiad_id = caller.olympiad_scope(query.olympiad_id)?;
    Ok(Unsubscribe::list(conn, olympiad_id)?)
}
