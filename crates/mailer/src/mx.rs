//! Whether a domain has mail servers: one DNS question (MX, then A when there is no MX: RFC 5321
//! 5.1's implicit MX) over UDP to the configured resolver (`DNS_RESOLVER`), answered within a
//! timeout or not at all ("unknown"). A resolver library would bring a score of crates for what
//! is one packet each way.

use olympiad_domain::email::MailServers;
use std::net::{SocketAddr, UdpSocket};
use std::sync::atomic::{AtomicU16, Ordering};
use std::time::{Duration, Instant};

const TYPE_A: u16 = 1;
const TYPE_MX: u16 = 15;

/// A DNS resolver to ask, and how long to wait for each answer.
#[derive(Debug, Clone)]
pub struct MxResolver {
    pub nameserver: SocketAddr,
    pub timeout: Duration,
}

/// What the resolver said of a question.
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    /// The domain does not exist (NXDOMAIN).
    NoDomain,
    /// Records of the type asked: for MX, each exchange's name ("" for RFC 7505's null MX).
    Records(Vec<String>),
}

impl MxResolver {
    /// Found, none (no such domain, a null MX, or neither MX nor address), or unknown (no answer
    /// in time, or one we cannot read). Blocks for at most twice the timeout.
    pub fn mail_servers(&self, domain: &str) -> MailServers {
        match self.ask(domain, TYPE_MX) {
            Ok(Answer::NoDomain) => MailServers::None,
            Ok(Answer::Records(exchanges)) if !exchanges.is_empty() => {
                if exchanges.iter().all(String::is_empty) {
                    MailServers::None
                } else {
                    MailServers::Found
                }
            }
            Ok(Answer::Records(_)) => match self.ask(domain, TYPE_A) {
                Ok(Answer::Records(addresses)) if !addresses.is_empty() => MailServers::Found,
                Ok(_) => MailServers::None,
                Err(_) => MailServers::Unknown,
            },
            Err(_) => MailServers::Unknown,
        }
    }

    fn ask(&self, domain: &str, kind: u16) -> Result<Answer, String> {
        let id = next_id();
        let question = query(id, domain, kind).ok_or("not a domain name")?;
        let local: SocketAddr = if self.nameserver.is_ipv4() {
            ([0, 0, 0, 0], 0).into()
        } else {
            ([0u16; 8], 0).into()
        };
        let socket = UdpSocket::bind(local).map_err(|e| e.to_string())?;
        // Connected: answers from anyone but the resolver are not even read.
        socket.connect(self.nameserver).map_err(|e| e.to_string())?;
        socket.send(&question).map_err(|e| e.to_string())?;
        let deadline = Instant::now() + self.timeout;
        let mut buffer = [0u8; 1500];
        loop {
            let left = deadline
                .checked_duration_since(Instant::now())
                .filter(|d| !d.is_zero())
                .ok_or("no answer in time")?;
            socket
                .set_read_timeout(Some(left))
                .map_err(|e| e.to_string())?;
            let size = socket.recv(&mut buffer).map_err(|e| e.to_string())?;
            // Another question's late answer is skipped.
            if let Some(answer) = read_answer(&buffer[..size], id, kind)? {
                return Ok(answer);
            }
        }
    }
}

/// A question's id: different for each, so that a late answer to another is not taken.
fn next_id() -> u16 {
    static NEXT: AtomicU16 = AtomicU16::new(0);
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    NEXT.fetch_add(1, Ordering::Relaxed) ^ (seed as u16)
}

/// A recursive query for `kind` records of `domain`.
fn query(id: u16, domain: &str, kind: u16) -> Option<Vec<u8>> {
    let mut packet = Vec::with_capacity(64);
    packet.extend(id.to_be_bytes());
    // Recursion desired; one question.
    packet.extend([0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0]);
    let domain = domain.trim_end_matches('.');
    if domain.is_empty() || domain.len() > 253 {
        return None;
    }
    for label in domain.split('.') {
        let length = u8::try_from(label.len())
            .ok()
            .filter(|l| (1..=63).contains(l))?;
        packet.push(length);
        packet.extend(label.as_bytes());
    }
    packet.push(0);
    packet.extend(kind.to_be_bytes());
    packet.extend(1u16.to_be_bytes()); // class IN
    Some(packet)
}

fn u16_at(packet: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes([*packet.get(at)?, *packet.get(at + 1)?]))
}

/// Reads a (possibly compressed) name at `at`: the name and where the field after it starts.
fn name_at(packet: &[u8], mut at: usize) -> Option<(String, usize)> {
    let mut labels = Vec::new();
    let mut after = None;
    // Pointers may only go back; a bounded number of them stops loops.
    for _ in 0..64 {
        let length = *packet.get(at)?;
        match length {
            0 => {
                let end = after.unwrap_or(at + 1);
                return Some((labels.join("."), end));
            }
            l if l & 0xC0 == 0xC0 => {
                let pointer = usize::from(u16_at(packet, at)? & 0x3FFF);
                after.get_or_insert(at + 2);
                if pointer >= at {
                    return None;
                }
                at = pointer;
            }
            l if l < 64 => {
                let label = packet.get(at + 1..at + 1 + usize::from(l))?;
                labels.push(String::from_utf8_lossy(label).into_owned());
                at += 1 + usize::from(l);
            }
            _ => return None,
        }
    }
    None
}

/// The answer to question `id` for `kind`, `None` when the packet answers another question.
fn read_answer(packet: &[u8], id: u16, kind: u16) -> Result<Option<Answer>, String> {
    let unreadable = || "an answer we cannot read".to_owned();
    if u16_at(packet, 0) != Some(id) {
        return Ok(None);
    }
    let flags = u16_at(packet, 2).ok_or_else(unreadable)?;
    if flags & 0x8000 == 0 {
        return Ok(None); // not a response
    }
    match flags & 0x000F {
        0 => {}
        3 => return Ok(Some(Answer::NoDomain)),
        code => return Err(format!("the resolver answered with code {code}")),
    }
    let questions = u16_at(packet, 4).ok_or_else(unreadable)?;
    let answers = u16_at(packet, 6).ok_or_else(unreadable)?;
    let mut at = 12;
    for _ in 0..questions {
        at = name_at(packet, at).ok_or_else(unreadable)?.1 + 4;
    }
    let mut records = Vec::new();
    for _ in 0..answers {
        let (_, next) = name_at(packet, at).ok_or_else(unreadable)?;
        let rtype = u16_at(packet, next).ok_or_else(unreadable)?;
        let length = usize::from(u16_at(packet, next + 8).ok_or_else(unreadable)?);
        let data = next + 10;
        if packet.len() < data + length {
            return Err(unreadable());
        }
        if rtype == kind {
            records.push(if kind == TYPE_MX {
                // Preference, then the exchange; "." (empty) is a null MX.
                name_at(packet, data + 2).ok_or_else(unreadable)?.0
            } else {
                String::from("address")
            });
        }
        at = data + length;
    }
    // Truncated, with nothing readable: we cannot tell.
    if records.is_empty() && flags & 0x0200 != 0 {
        return Err("a truncated answer".into());
    }
    Ok(Some(Answer::Records(records)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_names_its_domain_in_labels() {
        let packet = query(0x1234, "example.org", TYPE_MX).unwrap_or_default();
        assert_eq!(&packet[..2], &[0x12, 0x34]);
        assert_eq!(&packet[12..25], b"\x07example\x03org\x00");
        assert_eq!(&packet[25..], &[0, 15, 0, 1]);
        assert!(query(1, "", TYPE_MX).is_none());
        assert!(query(1, &format!("{}.org", "a".repeat(64)), TYPE_MX).is_none());
    }

    #[test]
    fn names_with_loops_or_forward_pointers_are_refused() {
        // A pointer to itself.
        assert!(name_at(&[0xC0, 0x00], 0).is_none());
        assert!(
            name_at(&[3, b'a', b'b'], 0).is_none(),
            "shorter than it says"
        );
        let (name, next) = name_at(b"\x03mx1\x07example\x03org\x00", 0).unwrap_or_default();
        assert_eq!((name.as_str(), next), ("mx1.example.org", 17));
    }
}
