//! The Xfcc endpoint of `zaochka serve` (docs/xfcc.md), spoken to over
//! loopback HTTP: the envelopes Scid's correspondence.tcl builds, replayed
//! byte for byte; each result code of `MakeAMove`; a request repeated or
//! sent twice at once applied once; the lock after five wrong passwords; a
//! real SOAP client (Python's zeep, reading the WSDL) playing a chess game
//! against a player who answers by mail; a Russian checkers game through the
//! draughts profile.

mod by_mail;
mod codes;
mod messages;
mod restore;
mod scid;
mod zeep;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use crate::common;
use common::daemon::{ALICE, BOB, Bot, GameNew, Mailing};
use common::serve::Serving;

/// Alice's Xfcc password.
pub const ALICE_PW: &str = "alice-secret-1";
/// Bob's Xfcc password.
pub const BOB_PW: &str = "bob-secret-22";

/// A running daemon with the endpoint on a loopback port, Alice (White) and
/// Bob (Black) registered with passwords, and game #1 made.
pub struct Endpoint {
    pub bot: Bot,
    pub serving: Serving,
    pub port: u16,
}

/// A free loopback port (the listener is closed again at once).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Sets a player's password through `player xfcc-password --stdin`.
pub fn set_password(bot: &Bot, email: &str, password: &str) {
    let mut child = bot
        .command()
        .args(["player", "xfcc-password", email, "--stdin"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    writeln!(child.stdin.take().unwrap(), "{password}").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("Xfcc password of {email} set\n")
    );
}

impl Endpoint {
    /// The endpoint with game #1 as `game` makes it.
    pub fn new(game: GameNew<'_>) -> Endpoint {
        Endpoint::with(|bot| {
            bot.new_game(game);
        })
    }

    /// The endpoint, `before` run on the bot (with Alice and Bob registered)
    /// before it serves: it makes the games.
    pub fn with(before: impl FnOnce(&Bot)) -> Endpoint {
        let bot = Bot::new(Mailing::Local);
        for (name, email, pw) in [("Alice", ALICE, ALICE_PW), ("Bob", BOB, BOB_PW)] {
            bot.ok(&[
                "player", "add", "--name", name, "--email", email, "--lang", "en",
            ]);
            set_password(&bot, email, pw);
        }
        before(&bot);
        let port = free_port();
        let text = std::fs::read_to_string(&bot.config).unwrap().replace(
            "[authentication]",
            &format!("[xfcc]\nlisten = \"127.0.0.1:{port}\"\n[authentication]"),
        );
        std::fs::write(&bot.config, text).unwrap();
        let mut serving = bot.start_serving();
        serving.until("the endpoint listens", Duration::from_secs(30), || {
            TcpStream::connect(("127.0.0.1", port)).is_ok()
        });
        Endpoint { bot, serving, port }
    }

    /// One HTTP/1.1 exchange: the status and the body.
    pub fn http(&self, head: &str, body: &str) -> (u16, String) {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        write!(
            s,
            "{head}\r\nHost: 127.0.0.1:{}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.port,
            body.len()
        )
        .unwrap();
        let mut answer = String::new();
        s.read_to_string(&mut answer).unwrap();
        let status = answer[9..12].parse().unwrap();
        let body = answer
            .split_once("\r\n\r\n")
            .map(|(_, b)| b.to_string())
            .unwrap_or_default();
        (status, body)
    }

    /// POSTs `body` as Scid does (`text/xml; charset="utf-8"`, no SOAPAction).
    pub fn post(&self, body: &str) -> (u16, String) {
        self.http(
            "POST /xfcc HTTP/1.1\r\nContent-Type: text/xml; charset=\"utf-8\"",
            body,
        )
    }

    /// `MakeAMove` in Scid's envelope: its result code.
    pub fn make_a_move(&self, user: &str, pw: &str, game: i64, movecount: u32, mv: &str) -> String {
        self.action(user, pw, game, movecount, mv, Flags::default())
    }

    /// `MakeAMove` with flags, in Scid's envelope: its result code.
    pub fn action(
        &self,
        user: &str,
        pw: &str,
        game: i64,
        movecount: u32,
        mv: &str,
        f: Flags,
    ) -> String {
        let (status, body) = self.post(&scid::make_a_move(user, pw, game, movecount, mv, "", f));
        assert_eq!(status, 200, "{body}");
        result_of(&body, "MakeAMoveResult")
    }
}

/// The flags of `MakeAMove`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Flags {
    pub resign: bool,
    pub accept_draw: bool,
    pub offer_draw: bool,
    pub claim_draw: bool,
}

/// The text of the element `name` (in any namespace) of an answer.
pub fn result_of(body: &str, name: &str) -> String {
    let doc = roxmltree::Document::parse(body).unwrap_or_else(|e| panic!("{e}: {body}"));
    doc.descendants()
        .find(|n| n.tag_name().name() == name)
        .and_then(|n| n.text())
        .unwrap_or_default()
        .to_string()
}

/// The games of a `GetMyGames` answer, each as (element, text) pairs.
pub fn games_of(body: &str) -> Vec<Vec<(String, String)>> {
    let doc = roxmltree::Document::parse(body).unwrap_or_else(|e| panic!("{e}: {body}"));
    doc.descendants()
        .filter(|n| n.tag_name().name() == "XfccGame")
        .map(|g| {
            g.children()
                .filter(roxmltree::Node::is_element)
                .map(|e| {
                    (
                        e.tag_name().name().to_string(),
                        e.text().unwrap_or_default().to_string(),
                    )
                })
                .collect()
        })
        .collect()
}

/// One field of a game of [`games_of`].
pub fn field<'a>(game: &'a [(String, String)], name: &str) -> &'a str {
    game.iter()
        .find(|(n, _)| n == name)
        .map_or("", |(_, v)| v.as_str())
}
