//! The language server's latency (issue 29's targets): the diagnostics of a 300-action
//! game after an edit (≤ 50 ms), and completion at the start of a turn in the reference
//! position `4B3/8/7Y/4Y3/3Y4/5Y1Y/4B3/2B1Y3 Y e3 play` (≤ 100 ms). Run with
//! `cargo bench --bench lsp`; the figures are in docs/performance.md.
//!
//! Also an edit in a collection of 2,000 self-played games (`selfplay::generate(2000,
//! 1878)`, 4 MB), which re-checks only the game edited.
//!
//! The game is the first of `lanrick selfplay --seed 1878` with at least 300 actions, cut
//! to its first 300 (its `Result` tag left out), made when the benchmark starts.

use criterion::{Criterion, criterion_group, criterion_main};
use lanrick::lsp::document::Document;
use lanrick::lsp::features::completion;
use std::hint::black_box;

/// A game of 300 actions after its first Mark (one per line), from self-play.
fn game_of_300() -> String {
    let (text, _) = lanrick::selfplay::generate(400, 1878);
    for span in lanrick::syntax::split_games(&text) {
        let game = &text[span.start..span.end];
        let tags: Vec<&str> = game
            .lines()
            .filter(|l| l.starts_with('[') && !l.starts_with("[Result"))
            .collect();
        let body: Vec<&str> = game
            .lines()
            .filter(|l| !l.starts_with('[') && !l.trim().is_empty())
            .collect();
        if body.len() > 300 {
            return format!("{}\n\n{}\n", tags.join("\n"), body[..301].join("\n"));
        }
    }
    panic!("no self-played game of 300 actions: raise the number of games");
}

fn bench(c: &mut Criterion) {
    let uri: lsp_types::Uri = "file:///bench.lanrick".parse().expect("a URI");
    let game = game_of_300();
    let mut doc = Document::new(1, game.clone());
    assert!(doc.diagnostics(&uri).is_empty(), "the game replays clean");
    let mut version = 1;
    c.bench_function("lsp_diagnostics_300_actions_after_edit", |b| {
        b.iter(|| {
            version += 1;
            // An edit inside the game (a comment that changes every time) re-checks it.
            let text = format!("{game}{{ edit {version} }}\n");
            doc.set_text(version, text);
            black_box(doc.diagnostics(&uri))
        });
    });
    // A collection: an edit in one game re-checks that game alone.
    let (collection, _) = lanrick::selfplay::generate(2000, 1878);
    let spans = lanrick::syntax::split_games(&collection);
    let middle = spans[spans.len() / 2].end;
    let (head, tail) = collection.split_at(middle);
    let mut doc = Document::new(1, collection.clone());
    let mut version = 1;
    c.bench_function("lsp_diagnostics_collection_2000_games_after_edit", |b| {
        b.iter(|| {
            version += 1;
            let text = format!("{head}{{ edit {version} }}\n{tail}");
            doc.set_text(version, text);
            black_box(doc.diagnostics(&uri))
        });
    });
    let reference = "[Position \"4B3/8/7Y/4Y3/3Y4/5Y1Y/4B3/2B1Y3 Y e3 play\"]\n\n";
    let doc = Document::new(1, reference.to_owned());
    c.bench_function("lsp_completion_reference_position", |b| {
        b.iter(|| black_box(completion(&doc, lsp_types::Position::new(2, 0))));
    });
    let doc = Document::new(1, format!("{reference}f3-"));
    c.bench_function("lsp_completion_reference_targets", |b| {
        b.iter(|| black_box(completion(&doc, lsp_types::Position::new(2, 3))));
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
