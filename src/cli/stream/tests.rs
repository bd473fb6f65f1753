//! The reading of collections, tested against the splitter and across worker counts.

use super::*;
use proptest::prelude::*;

/// A reader that gives `data` at most `size` bytes a call, as a pipe may.
struct Trickle<'a> {
    data: &'a [u8],
    size: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = self.size.min(out.len()).min(self.data.len());
        let (head, rest) = self.data.split_at(n);
        out.get_mut(..n).unwrap_or_default().copy_from_slice(head);
        self.data = rest;
        Ok(n)
    }
}

/// What a piece is, but its tape: (number, window text, base, newlines, breaks,
/// game range, bad byte).
type Shape = (
    usize,
    String,
    usize,
    usize,
    usize,
    std::ops::Range<usize>,
    Option<usize>,
);

fn shape(p: &Piece) -> Shape {
    let w = &p.window;
    let (text, base, newlines, breaks) = (w.text.clone(), w.base, w.newlines, w.breaks);
    (
        p.index,
        text,
        base,
        newlines,
        breaks,
        p.game.clone(),
        p.bad_utf8,
    )
}

/// The pieces of `data` read `size` bytes at a time, taped (with `each`) or not,
/// each with what `run_piece` makes of it; and how many were taped.
fn pieces(data: &[u8], size: usize, taped: Option<Options>) -> (Vec<(Shape, String)>, usize) {
    let mut out = Vec::new();
    let mut with_tape = 0;
    let opts = taped.unwrap_or_default();
    let r = read_pieces(Trickle { data, size }, taped, |mut p| {
        with_tape += usize::from(p.tape.is_some());
        out.push((shape(&p), format!("{:?}", run_piece(&mut p, opts))));
        true
    });
    assert!(r.is_ok(), "{r:?}");
    (out, with_tape)
}

/// Reading once (the shortcut reader cutting the games) gives the pieces the
/// splitter cuts, and each piece's check is the one its text gives, whatever
/// size the reads come in, with every position kept or not. How many games were
/// read once when the reads are whole blocks.
fn one_scan_agrees(data: &[u8]) -> usize {
    let mut taped_whole = 0;
    for each in [false, true] {
        let opts = Options { each };
        for size in [1, 3, 17, 256, BLOCK] {
            let (split, none) = pieces(data, size, None);
            assert_eq!(none, 0);
            let (once, taped) = pieces(data, size, Some(opts));
            let (split, once): (Vec<_>, Vec<_>) = if each {
                // `run_piece` with every position kept: both read with it.
                (
                    pieces_with(data, size, None, opts),
                    pieces_with(data, size, Some(opts), opts),
                )
            } else {
                (split, once)
            };
            assert_eq!(
                once,
                split,
                "{:?} in reads of {size}",
                String::from_utf8_lossy(data)
            );
            if size == BLOCK && !each {
                taped_whole = taped;
            }
        }
    }
    taped_whole
}

/// [`pieces`] with `run_piece` given `opts`.
fn pieces_with(
    data: &[u8],
    size: usize,
    taped: Option<Options>,
    opts: Options,
) -> Vec<(Shape, String)> {
    let mut out = Vec::new();
    let r = read_pieces(Trickle { data, size }, taped, |mut p| {
        out.push((shape(&p), format!("{:?}", run_piece(&mut p, opts))));
        true
    });
    assert!(r.is_ok(), "{r:?}");
    out
}

/// A reader that gives `data` in reads of `size` bytes and then fails.
struct Failing<'a>(Trickle<'a>);

impl Read for Failing<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        match self.0.read(out)? {
            0 => Err(std::io::Error::other("the disk went away")),
            n => Ok(n),
        }
    }
}

/// What `pipeline` on `jobs` threads hands `collect`, in order, stopping after
/// `stop_after` pieces: each piece's shape and check, and the pipeline's result.
fn through_pipeline(
    input: impl Read + Send,
    jobs: usize,
    stop_after: usize,
) -> (Vec<(Shape, String)>, Result<(), ReadError>) {
    let opts = Options::default();
    let mut out = Vec::new();
    let r = pipeline(
        input,
        jobs,
        Some(opts),
        |p, _| format!("{:?}", run_piece(p, opts)),
        |p, run, _| {
            out.push((shape(&p), run));
            out.len() < stop_after
        },
    );
    (out, r)
}

/// Every number of workers hands `collect` every piece in file order, each with the
/// check its text gives; a stop stops; an I/O error comes after every piece read
/// before it.
fn pipeline_agrees(data: &[u8]) {
    let (alone, _) = pieces(data, BLOCK, Some(Options::default()));
    for jobs in [1, 2, 3] {
        for size in [7, 4096, BLOCK] {
            let (got, r) = through_pipeline(Trickle { data, size }, jobs, usize::MAX);
            assert!(r.is_ok(), "{r:?}");
            assert_eq!(got, alone, "{jobs} jobs, reads of {size}");
            let half = alone.len() / 2 + 1;
            let (got, r) = through_pipeline(Trickle { data, size }, jobs, half);
            assert!(r.is_ok(), "{r:?}");
            assert_eq!(got, alone[..half.min(alone.len())], "{jobs} jobs, stopped");
            let (got, r) = through_pipeline(Failing(Trickle { data, size }), jobs, usize::MAX);
            assert!(
                matches!(&r, Err(ReadError::Io(m)) if m.contains("went away")),
                "{r:?}"
            );
            // What was read whole before the failure, in order.
            assert!(alone.starts_with(&got), "{jobs} jobs, reads of {size}");
        }
    }
}

#[test]
fn every_worker_count_collects_every_game_in_file_order() {
    // Several blocks' worth of games, and one game longer than a block.
    let (text, _) = crate::selfplay::generate(120, 14);
    assert!(text.len() > 3 * BLOCK, "{} bytes", text.len());
    pipeline_agrees(text.as_bytes());
    let (annotated, _) = crate::selfplay::generate_annotated(60, 3, 0.3);
    let mut long = annotated.clone();
    let body: String = "{ a long comment }\n".repeat(BLOCK / 16);
    long.insert_str(long.find("\n\n[Event").map_or(0, |i| i + 1), &body);
    pipeline_agrees(long.as_bytes());
    pipeline_agrees(b"");
    pipeline_agrees(b"[Event \"a\"]\nmark d5\n[Event \"b\xff\"]\nmark d5\n");
}

/// Runs `body` on a thread of its own and says whether it panicked, failing the test if
/// it has not ended within a minute (a hang).
fn panics_without_hanging(body: impl FnOnce() + Send + 'static) -> bool {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(body));
        let _ = tx.send(r.is_err());
    });
    rx.recv_timeout(std::time::Duration::from_secs(60))
        .expect("the pipeline hung")
}

#[test]
fn a_panic_in_a_worker_or_in_collect_ends_the_run_rather_than_hangs_it() {
    let (text, _) = crate::selfplay::generate(120, 14);
    assert!(text.len() > 3 * BLOCK, "{} bytes", text.len());
    // `pipeline` on `text` with `jobs` workers, read 4 KiB at a time.
    let run = |jobs: usize,
               work: fn(&mut Piece, usize),
               collect: fn(&mut usize, usize) -> bool,
               at: usize| {
        let data = text.clone().into_bytes();
        move || {
            let mut seen = 0;
            let _ = pipeline(
                Trickle {
                    data: &data,
                    size: 4096,
                },
                jobs,
                Some(Options::default()),
                |p, _| work(p, at),
                |_, (), _| collect(&mut seen, at),
            );
        }
    };
    for jobs in [2, 3] {
        for at in [0, 3, 100] {
            let worker_bug: fn(&mut Piece, usize) =
                |p, at| assert!(p.index != at, "a worker's bug");
            assert!(panics_without_hanging(run(
                jobs,
                worker_bug,
                |_, _| true,
                at
            )));
            let collector_bug: fn(&mut usize, usize) -> bool = |seen, at| {
                *seen += 1;
                assert!(*seen <= at, "the collector's bug");
                true
            };
            assert!(panics_without_hanging(run(
                jobs,
                |_, _| (),
                collector_bug,
                at
            )));
        }
    }
    // And without a panic, the same run ends well.
    let data = text.into_bytes();
    assert!(!panics_without_hanging(move || {
        let r = pipeline(
            Trickle {
                data: &data,
                size: 4096,
            },
            2,
            Some(Options::default()),
            |_, _| (),
            |_, (), _| true,
        );
        assert!(r.is_ok());
    }));
}

#[test]
fn a_collection_is_cut_in_one_scan_where_the_splitter_cuts_it() {
    let (text, _) = crate::selfplay::generate(30, 1878);
    let games = one_scan_agrees(text.as_bytes());
    // Read whole, every game is read once, by the shortcut reader.
    assert_eq!(games, 30);
    let (annotated, _) = crate::selfplay::generate_annotated(30, 7, 0.3);
    assert_eq!(one_scan_agrees(annotated.as_bytes()), 30);
    let crlf = text.replace('\n', "\r\n");
    assert_eq!(one_scan_agrees(crlf.as_bytes()), 30);
}

#[test]
fn games_the_shortcut_declines_are_cut_by_the_splitter() {
    let cases: &[&[u8]] = &[
        b"",
        b"\n\n",
        b"# only a comment\n",
        "\u{FEFF}[Event \"bom\"]\n\nmark d5\n\n[Event \"two\"]\nmark e4\n".as_bytes(),
        // A tag line inside a comment that spans lines is not a game's start.
        b"[Event \"a\"]\nmark d5 {see\n[Event \"not a game\"]\n}\n[Event \"b\"]\nmark e4\n",
        // Comment lines between games go to the next game.
        b"[Event \"a\"]\nmark d5\n# about b\n{ and more }\n\n[Event \"b\"]\nmark e4",
        // A syntax error in the middle game.
        b"[Event \"a\"]\nmark d5\n[Event \"b\"]\nmark z9 !!!\n[Event \"c\"]\nmark e4\n",
        // Not UTF-8 in the second game.
        b"[Event \"a\"]\nmark d5\n[Event \"b\xff\"]\nmark d5\n[Event \"c\"]\nmark e4\n",
        // An illegal turn, a game of tags only, a tag line at the very end.
        b"[Event \"a\"]\nmark d5\na1-h8\n[Event \"b\"]\n\n[Event \"c\"]\nmark d5\n[Event \"d\"]",
        // A variation over several lines; a string left open.
        b"[Event \"a\"]\nmark d5 (mark e4\n mark e5)\n[Event \"b\"]\nmark e4\n[Event \"c\nmark d5\n",
    ];
    for &case in cases {
        one_scan_agrees(case);
    }
}

/// Lines a collection may hold, right and wrong.
const LINES: &[&[u8]] = &[
    b"[Event \"g\"]",
    b"[Result \"B\"]",
    b"[Rules \"1880\"]",
    b"",
    b"  ",
    b"mark d5",
    b"mark e4",
    b"mark z9",
    b"1. B: mark d5",
    b"pass",
    b"a1-b2 x c3",
    b"h8-h7",
    b"mark d5 { a comment }",
    b"mark d5 {open",
    b"}",
    b"mark d5 (mark e4",
    b")",
    b"# a line comment",
    b"mark d5 ! $3",
    b"[Event \"x\xff\"]",
    b"[Broken",
    b"\"",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn any_collection_is_cut_alike_in_one_scan(
        lines in prop::collection::vec((0..LINES.len(), any::<bool>()), 0..40),
    ) {
        let mut data = Vec::new();
        for (i, crlf) in lines {
            data.extend_from_slice(LINES[i]);
            data.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
        }
        one_scan_agrees(&data);
        // And on two workers taking turns at the input.
        let (alone, _) = pieces(&data, BLOCK, Some(Options::default()));
        let (got, r) = through_pipeline(Trickle { data: &data, size: 7 }, 2, usize::MAX);
        prop_assert!(r.is_ok(), "{:?}", r);
        prop_assert_eq!(got, alone);
    }
}
