//! A real SMTP server on loopback for tests: it speaks SMTP through the `mailin` state machine and
//! keeps every message it accepts, so a test can read what a person would have received. It can be
//! taken down for a while (its port closed, its sessions cut, as a mail server that stopped) and
//! brought back on the same port.

#![allow(clippy::expect_used, clippy::unwrap_used)] // a test server that cannot start is a failed test

pub use mailin::response;
use mailin::{Action, Handler, Response, SessionBuilder};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, BufWriter, ErrorKind, Write};
use std::net::{IpAddr, Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// One message as the server received it.
#[derive(Debug, Clone)]
pub struct Received {
    pub from: String,
    pub to: Vec<String>,
    /// The whole message: headers and body, as sent.
    pub data: String,
    /// When the server accepted it (the end of its data).
    pub at: Instant,
}

impl Default for Received {
    fn default() -> Self {
        Received {
            from: String::new(),
            to: Vec::new(),
            data: String::new(),
            at: Instant::now(),
        }
    }
}

/// How the server answers a recipient: a test may make it refuse some, for a while or for good.
pub type Refusal = Arc<dyn Fn(&str) -> Option<Response> + Send + Sync>;

#[derive(Clone, Default)]
struct Keeper {
    current: Received,
    inbox: Arc<Mutex<Vec<Received>>>,
    refuse: Option<Refusal>,
}

impl Handler for Keeper {
    fn mail(&mut self, _ip: IpAddr, _domain: &str, from: &str) -> Response {
        self.current = Received {
            from: from.to_owned(),
            ..Received::default()
        };
        mailin::response::OK
    }

    fn rcpt(&mut self, to: &str) -> Response {
        if let Some(refusal) = self.refuse.as_ref().and_then(|refuse| refuse(to)) {
            return refusal;
        }
        self.current.to.push(to.to_owned());
        mailin::response::OK
    }

    fn data(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.current.data.push_str(&String::from_utf8_lossy(buf));
        Ok(())
    }

    fn data_end(&mut self) -> Response {
        self.current.at = Instant::now();
        self.inbox
            .lock()
            .unwrap()
            .push(std::mem::take(&mut self.current));
        mailin::response::OK
    }
}

pub struct SmtpServer {
    pub port: u16,
    inbox: Arc<Mutex<Vec<Received>>>,
    keeper: Keeper,
    /// The open sessions, to cut when the server is taken down.
    sessions: Sessions,
    /// The thread accepting connections, while the server is up.
    listening: Mutex<Option<Listening>>,
}

/// The open sessions by number (numbered across restarts, so that an old session that ends late
/// never takes a new one's place off the list).
#[derive(Clone, Default)]
struct Sessions {
    open: Arc<Mutex<HashMap<u64, TcpStream>>>,
    numbered: Arc<AtomicU64>,
}

struct Listening {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

impl SmtpServer {
    /// Listens on 127.0.0.1 at a free port, in a background thread, until the process ends.
    pub fn start() -> Self {
        SmtpServer::start_refusing(None)
    }

    /// As [`SmtpServer::start`], answering each recipient with `refuse`'s response when it gives
    /// one (`mailin::response::NO_MAILBOX` for a permanent failure, `INTERNAL_ERROR` for a
    /// temporary one).
    pub fn start_refusing(refuse: Option<Refusal>) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind test SMTP server");
        let port = listener.local_addr().unwrap().port();
        let inbox = Arc::new(Mutex::new(Vec::new()));
        let server = SmtpServer {
            port,
            keeper: Keeper {
                inbox: inbox.clone(),
                refuse,
                ..Keeper::default()
            },
            inbox,
            sessions: Sessions::default(),
            listening: Mutex::new(None),
        };
        server.listen(listener);
        server
    }

    /// Takes the server down: its port closed (a connection is refused) and every open session
    /// cut, as when a mail server stops. What it received stays.
    pub fn stop(&self) {
        if let Some(listening) = self.listening.lock().unwrap().take() {
            listening.stop.store(true, Ordering::SeqCst);
            listening.thread.join().unwrap();
        }
        for (_, session) in self.sessions.open.lock().unwrap().drain() {
            let _ = session.shutdown(Shutdown::Both);
        }
    }

    /// Brings the server back on the same port.
    pub fn restart(&self) {
        let started = Instant::now();
        let listener = loop {
            match TcpListener::bind(("127.0.0.1", self.port)) {
                Ok(listener) => break listener,
                Err(e) => {
                    assert!(
                        started.elapsed() < Duration::from_secs(5),
                        "the test SMTP server's port {}: {e}",
                        self.port
                    );
                    std::thread::sleep(Duration::from_millis(50));
                }
            }
        };
        self.listen(listener);
    }

    /// Accepts connections on `listener` in a background thread, each session in a thread of its
    /// own, until [`SmtpServer::stop`].
    fn listen(&self, listener: TcpListener) {
        // Not blocking, so that the thread sees it is to stop and closes the port.
        listener.set_nonblocking(true).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let (keeper, sessions, stopped) =
            (self.keeper.clone(), self.sessions.clone(), stop.clone());
        let thread = std::thread::spawn(move || {
            while !stopped.load(Ordering::SeqCst) {
                match listener.accept() {
                    Ok((stream, _)) => {
                        let id = sessions.numbered.fetch_add(1, Ordering::SeqCst);
                        let _ = stream.set_nonblocking(false);
                        if let Ok(clone) = stream.try_clone() {
                            sessions.open.lock().unwrap().insert(id, clone);
                        }
                        let (keeper, sessions) = (keeper.clone(), sessions.clone());
                        std::thread::spawn(move || {
                            let _ = converse(stream, keeper);
                            sessions.open.lock().unwrap().remove(&id);
                        });
                    }
                    Err(e) if e.kind() == ErrorKind::WouldBlock => {
                        std::thread::sleep(Duration::from_millis(5));
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(5)),
                }
            }
        });
        *self.listening.lock().unwrap() = Some(Listening { stop, thread });
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    pub fn received(&self) -> Vec<Received> {
        self.inbox.lock().unwrap().clone()
    }

    /// Waits up to `timeout` until at least `count` messages have arrived.
    pub fn wait_for(&self, count: usize, timeout: Duration) -> Vec<Received> {
        let start = Instant::now();
        loop {
            let received = self.received();
            if received.len() >= count || start.elapsed() > timeout {
                return received;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// One SMTP session, until the client quits or the connection is cut.
fn converse(stream: TcpStream, keeper: Keeper) -> std::io::Result<()> {
    let peer = stream
        .peer_addr()
        .map(|a| a.ip())
        .unwrap_or(IpAddr::from([127, 0, 0, 1]));
    // Each reply leaves in one write, as a real mail server's does: `mailin` writes a reply in
    // pieces, and small pieces behind Nagle's algorithm wait for the client's delayed ACK (40 ms a
    // reply).
    stream.set_nodelay(true)?;
    let mut writer = BufWriter::new(stream.try_clone()?);
    let mut reader = BufReader::new(stream);
    let mut session = SessionBuilder::new("olympiad-test-smtp").build(peer, keeper);
    session.greeting().write_to(&mut writer)?;
    writer.flush()?;
    let mut line = Vec::new();
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        let response = session.process(&line);
        match response.action {
            Action::Reply | Action::UpgradeTls => response.write_to(&mut writer)?,
            Action::Close => {
                response.write_to(&mut writer)?;
                return writer.flush();
            }
            Action::NoReply => {}
        }
        writer.flush()?;
    }
}
