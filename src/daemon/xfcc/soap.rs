//! SOAP 1.1 envelopes of XfccBasic: the request read namespace-aware
//! (`roxmltree`: any prefix, or none, on the envelope and the operation;
//! parameters matched by local name, as clients qualify them or not), the
//! answers written with their text escaped, and the WSDL.

use crate::referee::xfcc::{Code, MoveRequest, XfccGame};

/// The XfccBasic namespace (also the SOAPAction prefix).
pub const NS: &str = "http://www.bennedik.com/webservices/XfccBasic";

/// The SOAP 1.1 envelope namespace.
const SOAP11: &str = "http://schemas.xmlsoap.org/soap/envelope/";

/// The SOAP 1.2 envelope namespace (accepted too).
const SOAP12: &str = "http://www.w3.org/2003/05/soap-envelope";

/// A request read from its envelope.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// `GetMyGames(username, password)`.
    GetMyGames {
        /// The user name (the registered address, or the name).
        username: String,
        /// The password.
        password: String,
    },
    /// `MakeAMove` or `MakeAMove2` (`second`): the same parameters.
    MakeAMove {
        /// The user name.
        username: String,
        /// The password.
        password: String,
        /// The parameters of the move; `None` when `gameId` is not a number.
        request: Option<MoveRequest>,
        /// Sent as `MakeAMove2`.
        second: bool,
    },
}

/// Why a request was not read: the client's fault, answered by a SOAP
/// Fault whose `faultcode` is `Client` and whose `faultstring` is
/// [`BadRequest::name`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadRequest {
    /// Not well-formed XML (or not UTF-8).
    #[error("not XML: {0}")]
    Xml(String),
    /// No SOAP envelope with a body and an operation in it.
    #[error("no SOAP envelope with an operation")]
    NoOperation,
    /// An operation this endpoint does not offer.
    #[error("unknown operation {0}")]
    Unknown(String),
}

impl BadRequest {
    /// The fault's `faultstring`: `NotXml`, `NotSoap` or `UnknownOperation`.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            BadRequest::Xml(_) => "NotXml",
            BadRequest::NoOperation => "NotSoap",
            BadRequest::Unknown(_) => "UnknownOperation",
        }
    }
}

impl Request {
    /// The operation as the client called it (`MakeAMove2` as such).
    #[must_use]
    pub fn operation(&self) -> &'static str {
        match self {
            Request::GetMyGames { .. } => "GetMyGames",
            Request::MakeAMove { second: false, .. } => "MakeAMove",
            Request::MakeAMove { second: true, .. } => "MakeAMove2",
        }
    }
}

/// Reads a request's envelope.
///
/// # Errors
/// [`BadRequest`] for a body that is not an XfccBasic call.
pub fn read(body: &str) -> Result<Request, BadRequest> {
    let doc = roxmltree::Document::parse(body).map_err(|e| BadRequest::Xml(e.to_string()))?;
    let envelope = doc.root_element();
    let soap = |n: &roxmltree::Node<'_, '_>, name: &str| {
        n.is_element()
            && n.tag_name().name() == name
            && matches!(n.tag_name().namespace(), Some(SOAP11 | SOAP12))
    };
    if !soap(&envelope, "Envelope") {
        return Err(BadRequest::NoOperation);
    }
    let operation = envelope
        .children()
        .find(|n| soap(n, "Body"))
        .and_then(|b| b.children().find(roxmltree::Node::is_element))
        .ok_or(BadRequest::NoOperation)?;
    let param = |name: &str| -> String {
        operation
            .children()
            .find(|n| n.is_element() && n.tag_name().name() == name)
            .map(|n| n.text().unwrap_or("").to_string())
            .unwrap_or_default()
    };
    let flag = |name: &str| matches!(param(name).trim(), "true" | "1");
    let username = param("username").trim().to_string();
    let password = param("password");
    match operation.tag_name().name() {
        "GetMyGames" => Ok(Request::GetMyGames { username, password }),
        op @ ("MakeAMove" | "MakeAMove2") => {
            let request = param("gameId")
                .trim()
                .parse::<i64>()
                .ok()
                .map(|game| MoveRequest {
                    game,
                    resign: flag("resign"),
                    accept_draw: flag("acceptDraw"),
                    movecount: param("movecount").trim().parse().unwrap_or(0),
                    my_move: param("myMove").trim().to_string(),
                    offer_draw: flag("offerDraw"),
                    claim_draw: flag("claimDraw"),
                    message: param("myMessage"),
                });
            Ok(Request::MakeAMove {
                username,
                password,
                request,
                second: op == "MakeAMove2",
            })
        }
        other => Err(BadRequest::Unknown(other.to_string())),
    }
}

/// `text` with `&`, `<`, `>`, `"` and `'` escaped.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Characters XML 1.0 cannot carry are dropped.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}

/// An envelope around `body`.
fn envelope(body: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<soap:Envelope \
         xmlns:soap=\"{SOAP11}\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" \
         xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\"><soap:Body>{body}</soap:Body></soap:Envelope>\n"
    )
}

/// The answer to `MakeAMove` (or `MakeAMove2`).
#[must_use]
pub fn move_answer(code: Code, second: bool) -> String {
    let op = if second { "MakeAMove2" } else { "MakeAMove" };
    envelope(&format!(
        "<{op}Response xmlns=\"{NS}\"><{op}Result>{}</{op}Result></{op}Response>",
        code.name()
    ))
}

/// A SOAP fault whose `faultstring` is the result code (how servers refuse
/// `GetMyGames`: Scid reads the code from the fault string); `client`: the
/// request was at fault (`faultcode` `Client`), else the server (`Server`).
#[must_use]
pub fn fault(code: Code, client: bool) -> String {
    fault_text(code.name(), client)
}

/// The SOAP 1.1 fault (HTTP 500) for a request that is not a call:
/// `faultcode` `Client`, `faultstring` the reason's name.
#[must_use]
pub fn client_fault(why: &BadRequest) -> String {
    fault_text(why.name(), true)
}

fn fault_text(string: &str, client: bool) -> String {
    let who = if client { "soap:Client" } else { "soap:Server" };
    envelope(&format!(
        "<soap:Fault><faultcode>{who}</faultcode><faultstring>{string}</faultstring></soap:Fault>"
    ))
}

/// Days, hours and minutes of a number of seconds (negative as 0).
fn dhm(seconds: Option<i64>) -> (i64, i64, i64) {
    let s = seconds.unwrap_or(0).max(0);
    (s / 86_400, s % 86_400 / 3_600, s % 3_600 / 60)
}

/// The answer to `GetMyGames`: every game as an `XfccGame`, its elements in
/// the WSDL's order.
#[must_use]
pub fn games_answer(games: &[XfccGame]) -> String {
    let mut out = format!("<GetMyGamesResponse xmlns=\"{NS}\"><GetMyGamesResult>");
    for g in games {
        out.push_str("<XfccGame>");
        let mut e = |name: &str, value: &str| {
            out.push_str(&format!("<{name}>{}</{name}>", escape(value)));
        };
        let b = |v: bool| if v { "true" } else { "false" };
        let (dp, hp, mp) = dhm(g.player_seconds);
        let (dop, hop, mop) = dhm(g.opponent_seconds);
        e("id", &g.id.to_string());
        e("white", &g.white);
        e("black", &g.black);
        e("event", &g.event);
        e("site", &g.site);
        e("myTurn", b(g.my_turn));
        e("hasWhite", b(g.has_white));
        e("daysPlayer", &dp.to_string());
        e("hoursPlayer", &hp.to_string());
        e("minutesPlayer", &mp.to_string());
        e("daysOpponent", &dop.to_string());
        e("hoursOpponent", &hop.to_string());
        e("minutesOpponent", &mop.to_string());
        e("moves", &g.moves);
        if let Some(m) = &g.message {
            e("message", m);
        }
        e("drawOffered", b(g.draw_offered));
        e("result", g.result.name());
        e("eventDate", &g.event_date);
        if let Some(r) = g.round {
            e("round", &r.to_string());
        }
        if let Some(x) = g.board {
            e("board", &x.to_string());
        }
        if let Some(t) = &g.time_control {
            e("timeControl", t);
        }
        e("variant", g.variant);
        e("setup", b(g.setup));
        e("fen", &g.fen);
        if let Some(t) = g.game_type {
            e("gameType", t);
        }
        e("currentFen", &g.current_fen);
        out.push_str("</XfccGame>");
    }
    out.push_str("</GetMyGamesResult></GetMyGamesResponse>");
    envelope(&out)
}

/// The WSDL, its service at `location`.
#[must_use]
pub fn wsdl(location: &str) -> String {
    include_str!("xfcc.wsdl").replace("{LOCATION}", &escape(location))
}
