//! The pool of SMTP connections that messages go out over: up to `size` connections to the server
//! of `SMTP_URL`, each kept open and reused from message to message, as many messages in flight as
//! there are connections. lettre speaks SMTP on each (EHLO, STARTTLS, AUTH, the envelope and the
//! data); the pool opens the sockets itself so that they send without Nagle's delay
//! (`TCP_NODELAY`). lettre writes a message's body and its closing `.` in two writes; with Nagle
//! on, the second waits for the server's delayed acknowledgement of the first, 40 ms a message.
//! lettre's own pool has no way to set the option in the version we use.

use lettre::address::Envelope;
use lettre::transport::smtp::authentication::{Credentials, DEFAULT_MECHANISMS};
use lettre::transport::smtp::client::{AsyncSmtpConnection, AsyncTokioStream, TlsParameters};
use lettre::transport::smtp::extension::ClientId;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;

use crate::MailError;

/// How long connecting, and handing over one message, may take.
const TIMEOUT: Duration = Duration::from_secs(60);
/// A connection idle for longer is checked (NOOP) before it is used again: servers close idle
/// sessions after a while. One in steady use is not, which saves a round trip a message.
const CHECK_AFTER: Duration = Duration::from_secs(10);

/// How the connection is secured, as `SMTP_URL` says (the same forms lettre reads).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Security {
    /// `smtp://host`: plain.
    None,
    /// `smtp://host?tls=opportunistic`: STARTTLS when the server offers it.
    Opportunistic,
    /// `smtp://host?tls=required`: STARTTLS or nothing.
    Required,
    /// `smtps://host`: TLS from the first byte.
    Wrapper,
}

/// The server of `SMTP_URL`.
#[derive(Clone)]
struct Server {
    host: String,
    port: u16,
    security: Security,
    credentials: Option<Credentials>,
    hello: ClientId,
}

impl Server {
    /// `smtp://user:pass@host:port/ehlo-name?tls=required|opportunistic` or `smtps://…`.
    fn parse(smtp_url: &str) -> Result<Server, MailError> {
        let url = url::Url::parse(smtp_url).map_err(|e| MailError::Config(e.to_string()))?;
        let host = url
            .host_str()
            .ok_or_else(|| MailError::Config("no host".into()))?
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_owned();
        let tls = url
            .query_pairs()
            .find(|(k, _)| k == "tls")
            .map(|(_, v)| v.into_owned());
        let (security, port) = match (url.scheme(), tls.as_deref()) {
            ("smtp", None) => (Security::None, 25),
            ("smtp", Some("opportunistic")) => (Security::Opportunistic, 587),
            ("smtp", Some("required")) => (Security::Required, 587),
            ("smtps", _) => (Security::Wrapper, 465),
            (scheme, tls) => {
                return Err(MailError::Config(format!(
                    "unknown scheme {scheme:?} or tls {tls:?}"
                )))
            }
        };
        let decode = |s: &str| {
            percent_encoding::percent_decode_str(s)
                .decode_utf8()
                .map(|s| s.into_owned())
                .map_err(|e| MailError::Config(e.to_string()))
        };
        let credentials = match url.password() {
            Some(password) => Some(Credentials::new(decode(url.username())?, decode(password)?)),
            None => None,
        };
        let name = url.path().trim_matches('/');
        let hello = if name.is_empty() {
            ClientId::default()
        } else {
            ClientId::Domain(name.to_owned())
        };
        Ok(Server {
            port: url.port().unwrap_or(port),
            host,
            security,
            credentials,
            hello,
        })
    }

    fn tls(&self) -> Result<TlsParameters, MailError> {
        TlsParameters::new(self.host.clone()).map_err(|e| MailError::Config(e.to_string()))
    }

    /// A new session, greeted, secured and signed in as the URL says.
    async fn connect(&self) -> Result<AsyncSmtpConnection, MailError> {
        let tcp = TcpStream::connect((self.host.as_str(), self.port))
            .await
            .map_err(|e| temporary(format!("{}:{}: {e}", self.host, self.port)))?;
        tcp.set_nodelay(true)
            .map_err(|e| temporary(e.to_string()))?;
        let stream: Box<dyn AsyncTokioStream> = if self.security == Security::Wrapper {
            Box::new(Wrapped(tls_connect(&self.host, tcp).await?))
        } else {
            Box::new(tcp)
        };
        let mut conn = AsyncSmtpConnection::connect_with_transport(stream, &self.hello)
            .await
            .map_err(sending)?;
        let starttls = match self.security {
            Security::Required => true,
            Security::Opportunistic => conn.can_starttls(),
            Security::None | Security::Wrapper => false,
        };
        if starttls {
            conn.starttls(self.tls()?, &self.hello)
                .await
                .map_err(sending)?;
        }
        if let Some(credentials) = &self.credentials {
            conn.auth(DEFAULT_MECHANISMS, credentials)
                .await
                .map_err(sending)?;
        }
        Ok(conn)
    }
}

pub(crate) struct SmtpPool {
    server: Server,
    size: u32,
    /// Open connections not in use, with when each was last used.
    idle: Mutex<Vec<(AsyncSmtpConnection, Instant)>>,
    /// One permit a connection: a message waits here when all are busy.
    permits: Semaphore,
}

impl SmtpPool {
    pub(crate) fn new(smtp_url: &str, size: u32) -> Result<SmtpPool, MailError> {
        let size = size.max(1);
        Ok(SmtpPool {
            server: Server::parse(smtp_url)?,
            size,
            idle: Mutex::new(Vec::new()),
            permits: Semaphore::new(size as usize),
        })
    }

    pub(crate) fn size(&self) -> u32 {
        self.size
    }

    /// Hands one message over on a pooled connection (a new one when none is open).
    pub(crate) async fn send(&self, envelope: &Envelope, message: &[u8]) -> Result<(), MailError> {
        let _permit = self
            .permits
            .acquire()
            .await
            .map_err(|e| temporary(e.to_string()))?;
        let mut conn = self.connection().await?;
        let sent = tokio::time::timeout(TIMEOUT, conn.send(envelope, message)).await;
        // lettre closes a session on any error; one that answered well goes back to the pool.
        let sent = match sent {
            Ok(sent) => sent.map_err(sending),
            Err(_) => return Err(temporary("the mail server did not answer in time".into())),
        };
        if !conn.has_broken() {
            self.lock_idle().push((conn, Instant::now()));
        }
        sent.map(drop)
    }

    async fn connection(&self) -> Result<AsyncSmtpConnection, MailError> {
        loop {
            let parked = self.lock_idle().pop();
            match parked {
                Some((mut conn, since)) => {
                    if since.elapsed() < CHECK_AFTER || conn.test_connected().await {
                        return Ok(conn);
                    }
                    conn.abort().await;
                }
                None => {
                    return tokio::time::timeout(TIMEOUT, self.server.connect())
                        .await
                        .map_err(|_| temporary("connecting to the mail server timed out".into()))?
                }
            }
        }
    }

    fn lock_idle(&self) -> std::sync::MutexGuard<'_, Vec<(AsyncSmtpConnection, Instant)>> {
        // A panic elsewhere while holding the list leaves it usable: it holds only connections.
        self.idle
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

fn temporary(message: String) -> MailError {
    MailError::Send {
        message,
        permanent: false,
    }
}

fn sending(e: lettre::transport::smtp::Error) -> MailError {
    MailError::Send {
        permanent: e.is_permanent(),
        message: e.to_string(),
    }
}

/// The TLS client settings of every connection this crate opens: the web's root certificates.
pub(crate) fn tls_client_config() -> Result<rustls::ClientConfig, String> {
    let mut roots = rustls::RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    Ok(rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .map_err(|e| e.to_string())?
    .with_root_certificates(roots)
    .with_no_client_auth())
}

async fn tls_connect(
    host: &str,
    tcp: TcpStream,
) -> Result<tokio_rustls::client::TlsStream<TcpStream>, MailError> {
    let config = tls_client_config().map_err(MailError::Config)?;
    let name = rustls::pki_types::ServerName::try_from(host.to_owned())
        .map_err(|e| MailError::Config(e.to_string()))?;
    tokio_rustls::TlsConnector::from(Arc::new(config))
        .connect(name, tcp)
        .await
        .map_err(|e| temporary(format!("{host}: {e}")))
}

/// A TLS session from the first byte (`smtps://`), as the stream lettre speaks SMTP on.
#[derive(Debug)]
struct Wrapped(tokio_rustls::client::TlsStream<TcpStream>);

impl AsyncTokioStream for Wrapped {
    fn peer_addr(&self) -> std::io::Result<std::net::SocketAddr> {
        self.0.get_ref().0.peer_addr()
    }
}

impl AsyncRead for Wrapped {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.0).poll_read(cx, buf)
    }
}

impl AsyncWrite for Wrapped {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.0).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.0).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.0).poll_shutdown(cx)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn smtp_urls_read_as_lettre_reads_them() {
        let server = Server::parse("smtp://127.0.0.1:2525").unwrap();
        assert_eq!((server.port, server.security), (2525, Security::None));
        assert!(server.credentials.is_none());
        let server =
            Server::parse("smtp://mailer%40olympiads.test:p%26ss@smtp.example.org?tls=required")
                .unwrap();
        assert_eq!(
            (server.host.as_str(), server.port, server.security),
            ("smtp.example.org", 587, Security::Required)
        );
        assert!(server.credentials.is_some());
        let server = Server::parse("smtps://smtp.example.org/olympiads.test").unwrap();
        assert_eq!((server.port, server.security), (465, Security::Wrapper));
        assert!(matches!(server.hello, ClientId::Domain(ref d) if d == "olympiads.test"));
        assert!(Server::parse("smtp://smtp.example.org?tls=sometimes").is_err());
        assert!(Server::parse("not a url").is_err());
    }
}
