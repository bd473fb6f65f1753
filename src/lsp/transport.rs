//! The wire: JSON-RPC messages framed by `Content-Length` headers, read from one stream
//! and written to another. The reader never gives up on bad input: a payload that is
//! not JSON is answered with a parse error (-32700), one that is JSON but no request,
//! notification or response with an invalid request (-32600), a frame larger than
//! [`MAX_FRAME`] is skipped unread with a message to the user, and a broken header is
//! answered and reading goes on at the next header.

use lsp_server::{Message, Notification, Request, RequestId, Response};
use serde_json::Value;
use std::io::{self, BufRead, Read, Write};

/// The largest message read: a document of up to this size reaches the server (which
/// then declines to check one past its own limit, 16 MiB); a larger frame is skipped
/// without being held in memory (a 100 MB document is refused with a message).
pub const MAX_FRAME: usize = 64 * 1024 * 1024;

/// The longest header line read.
const MAX_HEADER_LINE: u64 = 8 * 1024;

/// What the reader makes of the next frame.
#[derive(Debug)]
pub enum Incoming {
    /// A well-formed message.
    Message(Message),
    /// A message that cannot be taken: the error response to send (its `id` may be
    /// `null`).
    Invalid(Value),
    /// A frame of this many bytes, larger than [`MAX_FRAME`], skipped.
    TooLarge(usize),
}

/// A JSON-RPC error response with `id` (`null` when it could not be read).
pub fn error_response(id: Value, code: i32, message: &str) -> Value {
    serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": { "code": code, "message": message },
    })
}

/// Reads the next frame, skipping one larger than `max_frame` bytes ([`MAX_FRAME`]
/// in the server); `Ok(None)` at the end of the stream.
///
/// # Errors
/// The stream's own I/O error (a closed pipe ends the server).
pub fn read(r: &mut impl BufRead, max_frame: usize) -> io::Result<Option<Incoming>> {
    let mut length: Option<usize> = None;
    let mut broken = false;
    let mut any = false;
    loop {
        let mut line = Vec::new();
        let n = r
            .by_ref()
            .take(MAX_HEADER_LINE)
            .read_until(b'\n', &mut line)?;
        if n == 0 {
            return Ok(if any {
                Some(Incoming::Invalid(error_response(
                    Value::Null,
                    lsp_server::ErrorCode::ParseError as i32,
                    "the stream ended inside a message header",
                )))
            } else {
                None
            });
        }
        any = true;
        if line.last() != Some(&b'\n') {
            // A header line longer than any header: drop it.
            broken = true;
            continue;
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            break;
        }
        match text.split_once(':') {
            Some((name, value)) if name.trim().eq_ignore_ascii_case("Content-Length") => {
                match value.trim().parse::<usize>() {
                    Ok(n) => length = Some(n),
                    Err(_) => broken = true,
                }
            }
            Some(_) => {}
            None => broken = true,
        }
    }
    let Some(length) = length.filter(|_| !broken) else {
        return Ok(Some(Incoming::Invalid(error_response(
            Value::Null,
            lsp_server::ErrorCode::ParseError as i32,
            "a message header without a valid Content-Length",
        ))));
    };
    if length > max_frame {
        io::copy(&mut r.by_ref().take(length as u64), &mut io::sink())?;
        return Ok(Some(Incoming::TooLarge(length)));
    }
    let mut body = vec![0u8; length];
    r.read_exact(&mut body)?;
    Ok(Some(classify(&body)))
}

/// A payload as a message, or the error that answers it.
pub fn classify(body: &[u8]) -> Incoming {
    let invalid = |id: Value, message: &str| {
        Incoming::Invalid(error_response(
            id,
            lsp_server::ErrorCode::InvalidRequest as i32,
            message,
        ))
    };
    let value: Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(e) => {
            return Incoming::Invalid(error_response(
                Value::Null,
                lsp_server::ErrorCode::ParseError as i32,
                &format!("the message is not JSON: {e}"),
            ));
        }
    };
    let Value::Object(mut map) = value else {
        return invalid(Value::Null, "a message is a JSON object");
    };
    let raw_id = map.remove("id");
    let id = match &raw_id {
        None => None,
        Some(Value::Number(n)) => match n.as_i64().and_then(|n| i32::try_from(n).ok()) {
            Some(n) => Some(RequestId::from(n)),
            None => return invalid(Value::Null, "a request id is an integer or a string"),
        },
        Some(Value::String(s)) => Some(RequestId::from(s.clone())),
        Some(_) => return invalid(Value::Null, "a request id is an integer or a string"),
    };
    let id_value = raw_id.unwrap_or(Value::Null);
    let params = map.remove("params").unwrap_or(Value::Null);
    match (map.remove("method"), id) {
        (Some(Value::String(method)), Some(id)) => {
            Incoming::Message(Message::Request(Request { id, method, params }))
        }
        (Some(Value::String(method)), None) => {
            Incoming::Message(Message::Notification(Notification { method, params }))
        }
        (Some(_), _) => invalid(id_value, "a method is a string"),
        (None, Some(id)) if map.contains_key("result") || map.contains_key("error") => {
            Incoming::Message(Message::Response(Response {
                id,
                response_result: Ok(map.remove("result").unwrap_or(Value::Null)),
            }))
        }
        (None, _) => invalid(id_value, "a request has a method"),
    }
}

/// Writes one message with its header.
///
/// # Errors
/// The stream's I/O error.
pub fn write_value(w: &mut impl Write, value: &Value) -> io::Result<()> {
    let text = value.to_string();
    write!(w, "Content-Length: {}\r\n\r\n{text}", text.len())?;
    w.flush()
}

/// Writes one message with its header.
///
/// # Errors
/// The stream's I/O error.
pub fn write(w: &mut impl Write, message: &Message) -> io::Result<()> {
    message.write(w)?;
    w.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(body: &str) -> Vec<u8> {
        format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
    }

    fn code(i: &Incoming) -> Option<i64> {
        match i {
            Incoming::Invalid(v) => v["error"]["code"].as_i64(),
            _ => None,
        }
    }

    #[test]
    fn bad_payloads_are_answered_and_reading_goes_on() {
        let mut input = Vec::new();
        input.extend(frame("{not json"));
        input.extend(frame("[1,2]"));
        input.extend(frame(r#"{"jsonrpc":"2.0","id":7,"params":{}}"#));
        input.extend(b"Content-Length: x\r\n\r\n");
        input.extend(frame(r#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#));
        let mut r = io::Cursor::new(input);
        let mut got = Vec::new();
        while let Some(i) = read(&mut r, MAX_FRAME).expect("reads") {
            got.push(i);
        }
        assert_eq!(code(&got[0]), Some(-32700));
        assert_eq!(code(&got[1]), Some(-32600));
        assert_eq!(code(&got[2]), Some(-32600));
        let Incoming::Invalid(v) = &got[2] else {
            panic!("invalid")
        };
        assert_eq!(v["id"], 7);
        assert_eq!(code(&got[3]), Some(-32700));
        assert!(
            matches!(&got[4], Incoming::Message(Message::Request(r)) if r.method == "shutdown")
        );
    }

    #[test]
    fn a_frame_past_the_limit_is_skipped_unread() {
        let mut input = format!("Content-Length: {}\r\n\r\n", 4097).into_bytes();
        input.extend(vec![b' '; 4097]);
        input.extend(frame(r#"{"jsonrpc":"2.0","method":"exit"}"#));
        let mut r = io::Cursor::new(input);
        assert!(matches!(
            read(&mut r, 4096).expect("reads"),
            Some(Incoming::TooLarge(4097))
        ));
        assert!(matches!(
            read(&mut r, 4096).expect("reads"),
            Some(Incoming::Message(Message::Notification(_)))
        ));
    }
}
