//! A game's record as the session keeps it: where it started, its header (every tag
//! and comment of a loaded file), and each accepted action with the state it left and
//! the items written with it (its event as written or typed, then the comments and
//! directives after it). The record is a syntax tree, so writing it back with
//! [`crate::fmt`] loses nothing the file or the user wrote.

use crate::engine::Played;
use crate::engine::{Position, Rules, Side};
use crate::interp::Runner;
use crate::syntax::ast::{self, Goal, HeaderItem, Item, Prefix, Span, Spanned, Tag};

/// Who made an action: the user (typed, or read from a loaded file), lanrick, or the
/// 1879 die.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum By {
    /// Typed at the prompt or read from a file.
    User,
    /// lanrick's choice.
    Lanrick,
    /// The die's throw (1879 Rule 3).
    Die,
}

/// One accepted game action: the state it left, what the engine said, and its record.
#[derive(Clone, Debug)]
pub struct Step {
    /// Who made it.
    pub by: By,
    /// The game after the action.
    pub runner: Runner,
    /// What the engine answered.
    pub played: Played,
    /// The action's event as written (first), then the comments and directives
    /// written after it, before the next action.
    pub items: Vec<Item>,
}

impl Step {
    /// The action as `Y: a7-b6 h5-h4` (side letter always, prefix left out).
    pub fn label(&self) -> String {
        format!("{}: {}", self.played.side.letter(), self.action())
    }

    /// The action in canonical notation, its prefix left out.
    pub fn action(&self) -> String {
        match self.items.first() {
            Some(Item::Event(ev)) => {
                let mut bare = ev.clone();
                bare.prefix = Prefix::default();
                crate::fmt::format_action(&bare)
            }
            _ => String::new(),
        }
    }

    /// Writes the action's side, and its turn number when it is one of the numbered
    /// turns, into its event's prefix (`12. Y: a7-b6`, `B: mark d5`): what the
    /// notation checks against the game when the record is read again.
    pub fn write_prefix(&mut self) {
        let number = self
            .played
            .numbered
            .then(|| self.runner.game().turns_played());
        if let Some(Item::Event(ev)) = self.items.first_mut() {
            ev.prefix.side = Some(Spanned::new(self.played.side, Span::default()));
            ev.prefix.number = number.map(|n| Spanned::new(n, Span::default()));
        }
    }

    /// The alternatives written or kept beside the action (a loaded file's variations,
    /// a line taken back and replaced).
    pub fn variations(&self) -> &[ast::Variation] {
        match self.items.first() {
            Some(Item::Event(ev)) => &ev.variations,
            _ => &[],
        }
    }

    /// The action in canonical notation with its prefix as written.
    pub fn written(&self) -> String {
        match self.items.first() {
            Some(Item::Event(ev)) => crate::fmt::format_action(ev),
            _ => String::new(),
        }
    }
}

/// Where a loaded game sits in its file: saving over that file puts the game back in
/// its place and keeps every other byte of the file.
#[derive(Clone, Debug)]
pub struct Origin {
    /// The file, as loaded (its canonical path when it could be found).
    pub path: std::path::PathBuf,
    /// The game's number in the file, from 0.
    pub index: usize,
    /// How many games the file holds.
    pub count: usize,
    /// The whole file as loaded or last saved, to see whether it changed since.
    pub text: String,
    /// Where the game is in `text`.
    pub span: Span,
}

/// One game's record and states: where it started, its header, the actions played
/// (for undo) and undone (for redo), and whether it was saved.
#[derive(Clone, Debug)]
pub struct Record {
    /// The state at the start of the game.
    pub start: Runner,
    /// The tags and header comments, as loaded or made for a new game.
    pub header: Vec<HeaderItem>,
    /// Whether the written game gets a `Date` tag (a game begun at the prompt).
    pub dated: bool,
    /// Comments and directives before the first action.
    pub lead: Vec<Item>,
    /// The actions played, oldest first.
    pub steps: Vec<Step>,
    /// The actions undone, the most recently undone last.
    pub undone: Vec<Step>,
    /// Whether there is work not yet saved.
    pub dirty: bool,
    /// The puzzle's goal, from a `Goal` tag.
    pub goal: Option<Goal>,
    /// The file and game it was loaded from.
    pub origin: Option<Origin>,
    /// Who played each side's actions in this session, in the order they first did
    /// (`Anna`, `lanrick level 4`), Black's first, for the `Black` and `Yellow` tags
    /// of a record that has none.
    pub players: [Vec<String>; 2],
}

impl Record {
    /// A game begun at the prompt, from `start` (the start of `rules` when `None`),
    /// its header an `Event` tag and the `Rules` and `Position` tags it needs.
    pub fn new(rules: Rules, start: Option<Position>) -> Record {
        let mut header = vec![tag("Event", "REPL session")];
        if rules != Rules::default() {
            header.push(tag("Rules", &rules.to_string()));
        }
        if let Some(p) = start {
            header.push(tag("Position", &p.to_string()));
        }
        Record {
            start: start.map_or_else(|| Runner::for_rules(rules), Runner::from_position),
            header,
            dated: true,
            lead: Vec::new(),
            steps: Vec::new(),
            undone: Vec::new(),
            dirty: false,
            goal: None,
            origin: None,
            players: [Vec::new(), Vec::new()],
        }
    }

    /// Notes that `name` played an action for `side`.
    pub fn note_player(&mut self, side: Side, name: &str) {
        let list = &mut self.players[usize::from(side == Side::Yellow)];
        if !list.iter().any(|n| n == name) {
            list.push(name.to_string());
        }
    }

    /// The game as it stands after the last action played.
    pub fn runner(&self) -> &Runner {
        self.steps.last().map_or(&self.start, |s| &s.runner)
    }

    /// Where comments and directives written now go: after the last action.
    pub fn tail(&mut self) -> &mut Vec<Item> {
        match self.steps.last_mut() {
            Some(s) => &mut s.items,
            None => &mut self.lead,
        }
    }

    /// Whether the game holds anything worth bringing back.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty() && self.undone.is_empty() && self.lead.is_empty()
    }

    /// The game so far as a syntax tree: its header (with a `Date` tag for a game
    /// begun at the prompt and a `Result` tag once it is over) and its body.
    pub fn tree(&self) -> ast::Game {
        let mut header = self.header.clone();
        if self.dated
            && let Some(d) = today()
        {
            set_tag(&mut header, "Date", &d, &["Event"]);
        }
        for (side, tag, after) in [
            (Side::Black, "Black", &["Event", "Date"][..]),
            (Side::Yellow, "Yellow", &["Event", "Date", "Black"][..]),
        ] {
            let names = &self.players[usize::from(side == Side::Yellow)];
            let tagged = header
                .iter()
                .any(|h| matches!(h, HeaderItem::Tag(t) if t.name.node == tag));
            if !names.is_empty() && !tagged {
                set_tag(&mut header, tag, &names.join(", "), after);
            }
        }
        if let Some(r) = self.runner().game().result() {
            set_tag(
                &mut header,
                "Result",
                crate::fmt::result_tag(r),
                &["Event", "Date", "Position"],
            );
        }
        let mut body = self.lead.clone();
        for s in &self.steps {
            body.extend(s.items.iter().cloned());
        }
        ast::Game {
            header,
            body,
            span: Span::default(),
        }
    }
}

/// A `[Name "value"]` tag made by the session (no span in any file).
fn tag(name: &str, value: &str) -> HeaderItem {
    HeaderItem::Tag(Tag {
        name: Spanned::new(name.into(), Span::default()),
        value: Spanned::new(value.into(), Span::default()),
        span: Span::default(),
    })
}

/// Sets the value of the first tag `name` in `header`, or adds the tag after `after`
/// (the last of those tags present) or at the end.
pub fn set_tag(header: &mut Vec<HeaderItem>, name: &str, value: &str, after: &[&str]) {
    for h in header.iter_mut() {
        if let HeaderItem::Tag(t) = h
            && t.name.node == name
        {
            t.value.node = value.into();
            return;
        }
    }
    let at = header
        .iter()
        .rposition(|h| matches!(h, HeaderItem::Tag(t) if after.contains(&t.name.node.as_str())))
        .map_or(header.len(), |i| i + 1);
    header.insert(at, tag(name, value));
}

/// Today's date (UTC) as `YYYY.MM.DD`, if the clock is after 1970.
pub fn today() -> Option<String> {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?
        .as_secs();
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    Some(format!("{y:04}.{m:02}.{d:02}"))
}

/// The proleptic Gregorian date of a day count since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod date_tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
    }
}
