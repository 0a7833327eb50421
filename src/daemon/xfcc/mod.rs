//! The Xfcc endpoint of `zaochka serve` (`[xfcc] listen`): XfccBasic, the
//! SOAP 1.1 protocol of correspondence chess servers that desktop programs
//! (Scid, ...) speak, over plain HTTP on its own threads (`tiny_http`); HTTPS
//! is a reverse proxy's (docs/xfcc.md).
//!
//! ```text
//! GET  …?wsdl          the WSDL (soap::wsdl), its address from Host
//! POST  GetMyGames     authenticate ─> referee::xfcc::my_games ─> XfccGame list
//! POST  MakeAMove(2)   authenticate ─> one transaction: referee::xfcc::make_a_move
//!                      (the mail's intake) + letters::queue_replies ─> result code
//!                      ─> a line in the command journal when it changed a game
//! ```
//!
//! Each `MakeAMove` runs under a fresh command mark ([`act`]): its
//! transaction records the mark when it changes a row, its replies' ids and
//! draws derive from it, and after the commit the act is appended to the
//! command journal ([`super::journal::append_xfcc`]), so that `zaochka
//! restore` replays it at its instant with the same outcome.
//!
//! Each worker holds its own database connection: two identical requests
//! at once are two transactions, the second of which finds the move played
//! (a request sent again: `Success`, nothing changed). A move whose replies
//! were queued sets the daemon's wake flag: its wait for mail ends and the
//! replies are sent within about a second, whatever `poll-seconds` is.
//!
//! Authentication: the user name is the registered address (or a name
//! only one player has); the password is checked against its Argon2id hash
//! ([`password`]). [`password::MAX_FAILURES`] failures of an account or of a
//! client address within [`password::WINDOW_MINUTES`] refuse that subject
//! until they age out: `AuthenticationFailed`, as for a wrong password.

pub mod password;
pub mod soap;

use std::io::Read;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use chrono::{DateTime, SubsecRound, TimeDelta, Utc};
use tracing::{info, warn};

use crate::config::Config;
use crate::daemon::journal;
use crate::printable::printable;
use crate::referee::RefereeError;
use crate::referee::xfcc::{Code, Made, MoveRequest, make_a_move, my_games};
use crate::store::{Store, Tx, players, shell_commands, xfcc as rows};
use crate::vocabulary::PlayerId;
use soap::Request;

/// Worker threads answering requests.
const WORKERS: usize = 2;

/// The largest request body read, in bytes.
const MAX_BODY: u64 = 256 * 1024;

/// The running endpoint: stops its workers when dropped.
pub struct Endpoint {
    stop: Arc<AtomicBool>,
    workers: Vec<JoinHandle<()>>,
    /// The address it listens on (the port chosen when 0 was asked).
    pub address: String,
}

impl Drop for Endpoint {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
    }
}

/// Starts the endpoint if `[xfcc] listen` is set; it answers until
/// `stop` is set or the returned [`Endpoint`] is dropped.
///
/// # Errors
/// The address cannot be listened on, or the database cannot be opened.
pub fn start(
    config: &Config,
    stop: &Arc<AtomicBool>,
    wake: &Arc<AtomicBool>,
) -> anyhow::Result<Option<Endpoint>> {
    let Some(listen) = &config.xfcc.listen else {
        return Ok(None);
    };
    let server = tiny_http::Server::http(listen.as_str())
        .map_err(|e| anyhow::anyhow!("[xfcc] listen {listen}: {e}"))?;
    let address = server
        .server_addr()
        .to_ip()
        .map_or_else(|| listen.clone(), |a| a.to_string());
    let server = Arc::new(server);
    let own_stop = Arc::new(AtomicBool::new(false));
    let mut workers = Vec::new();
    for _ in 0..WORKERS {
        let store = Store::open(&config.database)?;
        let worker = Worker {
            store,
            config: config.clone(),
            wake: Arc::clone(wake),
        };
        let server = Arc::clone(&server);
        let (stop, own) = (Arc::clone(stop), Arc::clone(&own_stop));
        workers.push(std::thread::spawn(move || {
            worker.run(&server, &stop, &own);
        }));
    }
    info!(address = %address, "the Xfcc endpoint listens");
    Ok(Some(Endpoint {
        stop: own_stop,
        workers,
        address,
    }))
}

/// One worker: its connection to the database, and the daemon's wake flag.
struct Worker {
    store: Store,
    config: Config,
    wake: Arc<AtomicBool>,
}

impl Worker {
    fn run(mut self, server: &tiny_http::Server, stop: &AtomicBool, own: &AtomicBool) {
        while !stop.load(Ordering::SeqCst) && !own.load(Ordering::SeqCst) {
            match server.recv_timeout(Duration::from_millis(500)) {
                Ok(Some(request)) => self.answer(request),
                Ok(None) => {}
                Err(e) => {
                    warn!(error = %e, "the Xfcc endpoint could not take a request");
                    std::thread::sleep(Duration::from_millis(200));
                }
            }
        }
    }

    fn answer(&mut self, mut request: tiny_http::Request) {
        let client = client_address(&request);
        let url = request.url().to_string();
        let (status, body) = if *request.method() == tiny_http::Method::Get {
            if url.ends_with("?wsdl") || url.ends_with("?WSDL") {
                (200, soap::wsdl(&location(&request)))
            } else {
                (404, String::new())
            }
        } else if *request.method() == tiny_http::Method::Post {
            let mut text = String::new();
            let read = request.as_reader().take(MAX_BODY).read_to_string(&mut text);
            match read {
                Ok(_) => self.call(&text, client, crate::daemon::wall::now()),
                Err(e) => {
                    let why = soap::BadRequest::Xml(e.to_string());
                    info!(fault = %why.name(), "an Xfcc request was not read");
                    (500, soap::client_fault(&why))
                }
            }
        } else {
            (405, String::new())
        };
        let header =
            tiny_http::Header::from_bytes(&b"Content-Type"[..], &b"text/xml; charset=utf-8"[..])
                .expect("a valid header");
        let response = tiny_http::Response::from_string(body)
            .with_status_code(status)
            .with_header(header);
        if let Err(e) = request.respond(response) {
            warn!(error = %e, "an Xfcc answer could not be sent");
        }
    }

    /// Answers one SOAP call: the HTTP status and the envelope.
    fn call(&mut self, body: &str, client: Option<IpAddr>, now: DateTime<Utc>) -> (u16, String) {
        let request = match soap::read(body) {
            Ok(r) => r,
            Err(e) => {
                info!(fault = %e.name(), error = %printable(&e.to_string()), "an Xfcc request was not read");
                return (500, soap::client_fault(&e));
            }
        };
        let operation = request.operation();
        let (username, password) = match &request {
            Request::GetMyGames { username, password }
            | Request::MakeAMove {
                username, password, ..
            } => (username.clone(), password.clone()),
        };
        let player = match self.authenticate(&username, &password, client, now) {
            Ok(Some(p)) => p,
            Ok(None) => {
                info!(operation = %operation, user = %printable(&username), "an Xfcc login failed");
                return match request {
                    Request::GetMyGames { .. } => {
                        (500, soap::fault(Code::AuthenticationFailed, true))
                    }
                    Request::MakeAMove { second, .. } => {
                        (200, soap::move_answer(Code::AuthenticationFailed, second))
                    }
                };
            }
            Err(e) => {
                warn!(operation = %operation, error = %printable(&format!("{e:#}")), "the Xfcc login could not be checked");
                return (500, soap::fault(Code::ServerError, false));
            }
        };
        match request {
            Request::GetMyGames { .. } => match self.store.read(|tx| my_games(tx, player, now)) {
                Ok(games) => (200, soap::games_answer(&games)),
                Err(e) => {
                    warn!(operation = %operation, error = %printable(&format!("{e:?}")), "an Xfcc call failed");
                    (500, soap::fault(Code::ServerError, false))
                }
            },
            Request::MakeAMove {
                request, second, ..
            } => {
                let Some(request) = request else {
                    return (200, soap::move_answer(Code::InvalidGameID, second));
                };
                let code = match journal::new_mark(now.trunc_subsecs(3)) {
                    Ok(mark) => {
                        let (code, queued) =
                            act(&mut self.store, &self.config, player, &request, &mark);
                        if mark.committed() {
                            let line = journal::XfccAct::of(player, &request);
                            if let Err(e) = journal::append_xfcc(&self.config.database, &mark, line)
                            {
                                warn!(error = %printable(&format!("{e:#}")), game = request.game,
                                    "an Xfcc act was applied, but the command journal could not \
                                     be written: a restore cannot replay it");
                            }
                        }
                        if queued {
                            self.wake.store(true, Ordering::SeqCst);
                        }
                        code
                    }
                    Err(e) => {
                        warn!(operation = %operation, error = %printable(&format!("{e:#}")), "an Xfcc call failed");
                        Code::ServerError
                    }
                };
                info!(operation = %operation, game = request.game, code = %code.name(), "an Xfcc move was answered");
                (200, soap::move_answer(code, second))
            }
        }
    }

    /// The player whose name and password these are, `None` for a failed
    /// login (the failure recorded) or a locked subject.
    fn authenticate(
        &mut self,
        username: &str,
        password: &str,
        client: Option<IpAddr>,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Option<PlayerId>> {
        let window = TimeDelta::minutes(password::WINDOW_MINUTES);
        let user_key = format!("user:{}", username.to_lowercase());
        let addr_key = client.map(|a| format!("addr:{a}"));
        let (locked, stored) = self.store.read(|tx| -> Result<_, RefereeError> {
            let mut locked = rows::failures(tx, &user_key, now, window)? >= password::MAX_FAILURES;
            if let Some(a) = &addr_key {
                locked |= rows::failures(tx, a, now, window)? >= password::MAX_FAILURES;
            }
            let stored = match find_player(tx, username)? {
                Some(p) => rows::password(tx, p)?.map(|h| (p, h)),
                None => None,
            };
            Ok((locked, stored))
        })?;
        let ok = match &stored {
            Some((_, hash)) => password::matches(password, hash),
            None => {
                // As long as a known name takes.
                let _ = password::matches(password, password::decoy());
                false
            }
        };
        if locked || !ok {
            self.store.transaction(|tx| {
                let mut subjects = vec![user_key.as_str()];
                if let Some(a) = &addr_key {
                    subjects.push(a.as_str());
                }
                rows::record_failure(tx, &subjects, now, window)
            })?;
            return Ok(None);
        }
        Ok(stored.map(|(p, _)| p))
    }
}

/// Decides and applies one `MakeAMove` of `player` in one transaction of
/// `store` at `mark`'s instant, the replies queued in the same transaction;
/// the transaction records `mark` when it changed a row (then
/// [`shell_commands::CommandMark::committed`] is true and the act is
/// journaled, [`journal::append_xfcc`]). The replies' Message-IDs and the
/// draws derive from the mark, so the act replayed by a restore at the same
/// instant with the same mark writes what it wrote the first time. Returns
/// the answer's code.
pub fn act(
    store: &mut Store,
    config: &Config,
    player: PlayerId,
    request: &MoveRequest,
    mark: &shell_commands::CommandMark,
) -> (Code, bool) {
    let bot = config.bot();
    let now = mark.at;
    store.mark_commands(mark.clone());
    let made = store.transaction(|tx| -> Result<(Code, bool), RefereeError> {
        let made = make_a_move(tx, player, request, now)?;
        let queued = match &made {
            Made::Applied(h) => {
                crate::letters::queue_replies(tx, &bot, &h.replies, now)?;
                !h.replies.is_empty()
            }
            _ => false,
        };
        Ok((made.code(), queued))
    });
    store.unmark_commands();
    made.unwrap_or_else(|e| {
        let code = Code::of_refusal(&e);
        if code == Code::ServerError {
            warn!(operation = "MakeAMove", error = %printable(&format!("{e:?}")), "an Xfcc call failed");
        }
        (code, false)
    })
}

/// The player a user name names: the registered address, else a name only
/// one player has.
fn find_player(tx: &Tx<'_>, username: &str) -> Result<Option<PlayerId>, RefereeError> {
    if username.is_empty() {
        return Ok(None);
    }
    if let Some(p) = players::find_by_email(tx, username)? {
        return Ok(Some(p.id));
    }
    Ok(players::list(tx)?
        .into_iter()
        .filter(|p| p.name == username)
        .map(|p| p.id)
        .reduce(|_, _| PlayerId(0))
        .filter(|id| id.0 != 0))
}

/// The endpoint's address as the client reached it (`Host`, and the scheme
/// a reverse proxy names in `X-Forwarded-Proto`), without the query.
/// The client's address for the lockout: the peer, or, when the peer is a
/// reverse proxy on this machine (loopback), the last address it put in
/// `X-Forwarded-For` (the one it saw), so that clients behind the proxy are
/// not one address locked out together.
fn client_address(request: &tiny_http::Request) -> Option<std::net::IpAddr> {
    let peer = request.remote_addr().map(std::net::SocketAddr::ip)?;
    if !peer.is_loopback() {
        return Some(peer);
    }
    let forwarded = request
        .headers()
        .iter()
        .filter(|h| h.field.equiv("X-Forwarded-For"))
        .filter_map(|h| h.value.as_str().rsplit(',').next())
        .filter_map(|a| a.trim().parse::<std::net::IpAddr>().ok())
        .next_back();
    Some(forwarded.unwrap_or(peer))
}

fn location(request: &tiny_http::Request) -> String {
    let header = |name: &'static str| {
        request
            .headers()
            .iter()
            .find(|h| h.field.equiv(name))
            .map(|h| h.value.as_str().to_string())
    };
    let host = header("Host").unwrap_or_else(|| "localhost".into());
    let scheme = match header("X-Forwarded-Proto").as_deref() {
        Some("https") => "https",
        _ => "http",
    };
    let path = request.url().split('?').next().unwrap_or("/");
    format!("{scheme}://{host}{path}")
}
