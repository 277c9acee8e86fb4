//! A real SMTP server on loopback for tests: it speaks SMTP through the `mailin` state machine and
//! keeps every message it accepts, so a test can read what a person would have received.

#![allow(clippy::expect_used, clippy::unwrap_used)] // a test server that cannot start is a failed test

pub use mailin::response;
use mailin::{Action, Handler, Response, SessionBuilder};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::net::{IpAddr, TcpListener};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// One message as the server received it.
#[derive(Debug, Clone, Default)]
pub struct Received {
    pub from: String,
    pub to: Vec<String>,
    /// The whole message: headers and body, as sent.
    pub data: String,
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
        let keeper = Keeper {
            inbox: inbox.clone(),
            refuse,
            ..Keeper::default()
        };
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let keeper = keeper.clone();
                std::thread::spawn(move || {
                    let peer = stream
                        .peer_addr()
                        .map(|a| a.ip())
                        .unwrap_or(IpAddr::from([127, 0, 0, 1]));
                    // Each reply leaves in one write, as a real mail server's does: `mailin`
                    // writes a reply in pieces, and small pieces behind Nagle's algorithm wait
                    // for the client's delayed ACK (40 ms a reply).
                    let _ = stream.set_nodelay(true);
                    let mut writer = BufWriter::new(stream.try_clone().unwrap());
                    let mut reader = BufReader::new(stream);
                    let mut session = SessionBuilder::new("olympiad-test-smtp").build(peer, keeper);
                    session.greeting().write_to(&mut writer).unwrap();
                    writer.flush().unwrap();
                    let mut line = Vec::new();
                    loop {
                        line.clear();
                        if reader.read_until(b'\n', &mut line).unwrap_or(0) == 0 {
                            break;
                        }
                        let response = session.process(&line);
                        match response.action {
                            Action::Reply | Action::UpgradeTls => {
                                response.write_to(&mut writer).unwrap()
                            }
                            Action::Close => {
                                response.write_to(&mut writer).unwrap();
                                let _ = writer.flush();
                                break;
                            }
                            Action::NoReply => {}
                        }
                        writer.flush().unwrap();
                    }
                });
            }
        });
        SmtpServer { port, inbox }
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
