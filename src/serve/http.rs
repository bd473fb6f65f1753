//! The server's requests and answers as plain values, apart from the socket: what the
//! handler ([`super::Server::handle`]) takes and gives, so that tests and the fuzz-style
//! property test drive it without a network. Also the guard every request passes
//! first: its `Host` and `Origin` must name this server (DNS rebinding), its body must
//! fit the cap.

use std::fmt::Write;

/// One request as the handler sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Request {
    /// `GET`, `POST`, …
    pub method: String,
    /// The path with its query, as sent (`/api/view?g=1a`).
    pub url: String,
    /// The `Host` header, if any.
    pub host: Option<String>,
    /// The `Origin` header, if any.
    pub origin: Option<String>,
    /// The body (at most the cap; a longer one is refused before it reaches here).
    pub body: Vec<u8>,
}

/// One answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// The HTTP status.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// Further headers (a download's `Content-Disposition`).
    pub headers: Vec<(&'static str, String)>,
    /// The body.
    pub body: Vec<u8>,
}

/// JSON's media type.
pub const JSON: &str = "application/json; charset=utf-8";
/// Plain text's media type.
pub const TEXT: &str = "text/plain; charset=utf-8";

impl Response {
    /// An answer with `status`, `content_type` and `body`.
    pub fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            content_type,
            headers: Vec::new(),
            body: body.into(),
        }
    }

    /// A JSON answer (status 200).
    pub fn json(value: &serde_json::Value) -> Response {
        Response::new(200, JSON, value.to_string())
    }

    /// A refusal: `status` and a JSON body `{"error": message}`.
    pub fn error(status: u16, message: &str) -> Response {
        Response::new(
            status,
            JSON,
            serde_json::json!({ "error": message }).to_string(),
        )
    }

    /// The body as text (lossy), for tests.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// The names a request may give this server in its `Host` header: the loopback names
/// with the port, and the host it was told to bind with `--host`.
#[derive(Clone, Debug)]
pub struct Authority {
    names: Vec<String>,
}

impl Authority {
    /// The names of a server bound to `host` on `port`.
    pub fn new(host: &str, port: u16) -> Authority {
        let mut names: Vec<String> = ["127.0.0.1", "localhost", "[::1]"]
            .iter()
            .map(|h| format!("{h}:{port}"))
            .collect();
        let bound = if host.contains(':') && !host.starts_with('[') {
            format!("[{host}]:{port}")
        } else {
            format!("{host}:{port}")
        };
        if !names.contains(&bound) {
            names.push(bound);
        }
        Authority { names }
    }

    /// Whether `host` (a `Host` header's value) names this server.
    pub fn is_host(&self, host: &str) -> bool {
        let host = host.trim().to_ascii_lowercase();
        self.names.contains(&host)
    }

    /// Whether `origin` (an `Origin` header's value) is a page of this server.
    pub fn is_origin(&self, origin: &str) -> bool {
        origin
            .trim()
            .strip_prefix("http://")
            .is_some_and(|rest| self.is_host(rest))
    }

    /// The first name, for the address printed at the start.
    pub fn first(&self) -> &str {
        &self.names[0]
    }
}

/// Why a request is refused before it is handled, or `None` to handle it: a `Host`
/// that is not this server's (or none), an `Origin` that is not this server's.
pub fn refuse(req: &Request, authority: &Authority) -> Option<Response> {
    match &req.host {
        None => return Some(Response::error(400, "a request must name its Host")),
        Some(h) if !authority.is_host(h) => {
            return Some(Response::error(
                403,
                "the Host is not this server's (lanrick serve answers only its own address)",
            ));
        }
        Some(_) => {}
    }
    if let Some(o) = &req.origin
        && !authority.is_origin(o)
    {
        return Some(Response::error(
            403,
            "the Origin is not this server's page (cross-site requests are refused)",
        ));
    }
    None
}

/// The path of `url` and its query's pairs, percent-decoded (`+` is a space); `None`
/// when the URL is not a path.
pub fn split_url(url: &str) -> Option<(String, Vec<(String, String)>)> {
    if !url.starts_with('/') {
        return None;
    }
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let path = decode(path)?;
    let mut pairs = Vec::new();
    for part in query.split('&').filter(|p| !p.is_empty()) {
        let (k, v) = part.split_once('=').unwrap_or((part, ""));
        pairs.push((decode(&k.replace('+', " "))?, decode(&v.replace('+', " "))?));
    }
    Some((path, pairs))
}

/// Percent-decodes `s`; `None` when an escape is broken or the result is not UTF-8.
fn decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Percent-encodes `s` for a query or a fragment (unreserved characters kept).
pub fn encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_and_origin_must_be_this_servers() {
        let a = Authority::new("127.0.0.1", 8080);
        assert!(a.is_host("127.0.0.1:8080"));
        assert!(a.is_host("LOCALHOST:8080"));
        assert!(!a.is_host("127.0.0.1:8081"));
        assert!(!a.is_host("evil.example:8080"));
        assert!(a.is_origin("http://localhost:8080"));
        assert!(!a.is_origin("https://localhost:8080"));
        assert!(!a.is_origin("http://evil.example"));
        assert!(!a.is_origin("null"));
    }

    #[test]
    fn urls_are_decoded_and_broken_escapes_refused() {
        let (p, q) = split_url("/api/x?a=b%20c&d=e+f&g").expect("a path");
        assert_eq!(p, "/api/x");
        assert_eq!(
            q,
            vec![
                ("a".into(), "b c".into()),
                ("d".into(), "e f".into()),
                ("g".into(), String::new())
            ]
        );
        assert!(split_url("/a?x=%zz").is_none());
        assert!(split_url("/a?x=%e2%28").is_none());
        assert!(split_url("http://x/").is_none());
        assert_eq!(
            decode(&encode("8/8 B d5 first é")).as_deref(),
            Some("8/8 B d5 first é")
        );
    }
}
