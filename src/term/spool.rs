//! Output held back until it can be written in its place: bytes kept in memory up to
//! [`IN_MEMORY`], then in an anonymous temporary file, so that a report whose header
//! needs counts known only at the end (JUnit, JSON's and SARIF's documents) or whose
//! file may still fail as a whole (a bad byte near its end) costs constant memory
//! whatever the number of games.

use std::io::{self, Read, Seek, Write};

/// Bytes a spool keeps in memory before it moves them to a temporary file.
pub const IN_MEMORY: usize = 256 * 1024;

/// A sink of bytes read back once, in order ([`Spool::copy_to`]).
#[derive(Debug, Default)]
pub struct Spool {
    /// The bytes not yet in the file.
    mem: Vec<u8>,
    /// The temporary file, once `mem` outgrew [`IN_MEMORY`].
    file: Option<std::fs::File>,
    /// Bytes written in all.
    len: u64,
    /// No temporary file could be made: everything stays in memory.
    no_file: bool,
    /// Writing to the temporary file failed: what [`Spool::copy_to`] reports.
    failed: Option<io::ErrorKind>,
}

impl Spool {
    /// An empty spool.
    pub fn new() -> Spool {
        Spool::default()
    }

    /// Whether nothing was written.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Drops what was written.
    pub fn clear(&mut self) {
        self.mem.clear();
        self.file = None;
        self.len = 0;
        self.failed = None;
    }

    /// Writes `s`.
    pub fn push_str(&mut self, s: &str) {
        // A spool that cannot reach its file keeps the bytes in memory instead.
        let _ = self.write_all(s.as_bytes());
    }

    /// Moves the bytes in memory to the file; keeps them when no file can be made.
    fn spill(&mut self) {
        if self.file.is_none() {
            match tempfile::tempfile() {
                Ok(f) => self.file = Some(f),
                Err(_) => {
                    self.no_file = true;
                    return;
                }
            }
        }
        if let Some(f) = &mut self.file {
            if let Err(e) = f.write_all(&self.mem) {
                self.failed = Some(e.kind());
            }
            self.mem.clear();
        }
    }

    /// Writes everything written, in order, to `out`, and empties the spool.
    ///
    /// # Errors
    /// Reading the temporary file back, or writing to `out`.
    pub fn copy_to(&mut self, out: &mut impl Write) -> io::Result<()> {
        if let Some(kind) = self.failed {
            self.clear();
            return Err(io::Error::new(
                kind,
                "a temporary file of the report failed",
            ));
        }
        if let Some(mut f) = self.file.take() {
            f.seek(io::SeekFrom::Start(0))?;
            let mut buf = vec![0u8; 64 * 1024];
            loop {
                let n = match f.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                };
                out.write_all(buf.get(..n).unwrap_or(&[]))?;
            }
        }
        out.write_all(&self.mem)?;
        self.clear();
        Ok(())
    }
}

impl Write for Spool {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.mem.extend_from_slice(buf);
        self.len += buf.len() as u64;
        if self.mem.len() >= IN_MEMORY && !self.no_file {
            self.spill();
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spool_gives_back_what_was_written_in_order_past_its_memory() {
        let mut s = Spool::new();
        assert!(s.is_empty());
        let mut expected = Vec::new();
        for i in 0..40_000u32 {
            let line = format!("line {i}\n");
            s.push_str(&line);
            expected.extend_from_slice(line.as_bytes());
        }
        assert!(
            expected.len() > IN_MEMORY,
            "the test must pass the memory limit"
        );
        assert!(s.file.is_some(), "the spool moved to its file");
        let mut out = Vec::new();
        s.copy_to(&mut out).expect("copy");
        assert_eq!(out, expected);
        assert!(s.is_empty());
        s.push_str("again");
        let mut out = Vec::new();
        s.copy_to(&mut out).expect("copy");
        assert_eq!(out, b"again");
    }
}
