//! What a click on the board does, in every edition and option: the action being built
//! click by click (a Mark with its line's neighbour or its chosen open squares, a 1880
//! Mark move, a turn's men's moves, the take, the wanderers, the 1879 radiating choice,
//! an interchange's chosen men, a set-up, a bonus), the squares to highlight at each
//! step and the sentence saying what the next click does.
//!
//! Nothing here knows a rule: the legal squares are the engine's answers at each step
//! ([`Position::mark_options`], [`TurnInProgress`]'s moves, takes, wanderers' targets
//! and radiating choices, [`Position::mark_moves`], the bonus' reach), and what the
//! clicks build is a line of notation the session plays, as if it were typed; a click
//! the engine refuses is explained with the diagnostic the session gives for the line.

use super::game::{Game, diagnostic};
use crate::engine::{
    Action, Due, Form, Position, Rendezvous, Side, Square, SquareSet, TurnInProgress,
};

/// The word that starts an interchange with the setter's choice being built.
const INTERCHANGE: &str = "interchange";
/// The word that starts a Mark being built (its options still to be chosen).
const MARK: &str = "mark";

/// A Mark clicked while its options are chosen: its square and the squares clicked
/// after it (a 3-square line's neighbour, the chosen open squares).
struct Held {
    mark: Square,
    after: Vec<Square>,
}

impl Game {
    /// The turn being built, after the words so far (men's moves, the take, the
    /// wanderers, the radiating choice), played on the engine's turn; `None` when no
    /// turn is due or the words no longer apply.
    pub fn turn(&self) -> Option<TurnInProgress> {
        let pos = self.session.position();
        if self.session.runner().game().result().is_some() || !matches!(pos.due(), Due::Turn { .. })
        {
            return None;
        }
        let mut turn = pos.begin_turn().ok()?;
        if self.words.first().map(String::as_str) == Some(INTERCHANGE) {
            return Some(turn);
        }
        for w in &self.words {
            let mut parts = w.split_whitespace();
            match (parts.next(), parts.next()) {
                (Some("x"), Some(sq)) => {
                    turn.take(sq.parse().ok()?).ok()?;
                }
                (Some("radiate"), Some(sq)) => turn.radiate(sq.parse().ok()?).ok()?,
                (Some("wanderers"), None) => {}
                (Some(m), None) => {
                    let (from, to) = m.split_once('-')?;
                    let (from, to) = (from.parse().ok()?, to.parse().ok()?);
                    if turn.taken().is_some() {
                        turn.send_wanderer(from, to).ok()?;
                    } else {
                        turn.play_move(from, to).ok()?;
                    }
                }
                _ => return None,
            }
        }
        Some(turn)
    }

    /// The line the action built sends: the turn's words, the Mark with its squares,
    /// the interchange with its men, the set-up's squares, the bonus' moves.
    pub fn built_line(&self) -> String {
        let pos = self.session.position();
        match pos.due() {
            Due::SetUp { own: true } => {
                let squares: Vec<String> = self.setup.iter().map(|(s, _)| s.to_string()).collect();
                format!("set {}", squares.join(" "))
            }
            Due::SetUp { own: false } => {
                let of = |side: Side| {
                    self.setup
                        .iter()
                        .filter(|(_, s)| *s == side)
                        .map(|(q, _)| q.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                format!("set B {} Y {}", of(Side::Black), of(Side::Yellow))
            }
            _ => self.words.join(" "),
        }
    }

    /// What the turn built shows besides its men's moves: the wanderers' paths (from
    /// the words after `wanderers`) and the man taken.
    pub fn built_extras(&self) -> (Vec<(Square, Square)>, Option<Square>) {
        let mut paths = Vec::new();
        let mut taken = None;
        let mut after = false;
        for w in &self.words {
            let mut parts = w.split_whitespace();
            match (parts.next(), parts.next()) {
                (Some("x"), Some(sq)) => taken = sq.parse().ok(),
                (Some("wanderers"), None) => after = true,
                (Some(m), None) if after => {
                    if let Some((a, b)) = m.split_once('-')
                        && let (Ok(a), Ok(b)) = (a.parse(), b.parse())
                    {
                        paths.push((a, b));
                    }
                }
                _ => {}
            }
        }
        (paths, taken)
    }

    /// What the built action is, for the line that shows it: `Turn`, `Mark`,
    /// `Interchange`, `Set-up` or `Bonus`.
    pub fn built_kind(&self) -> &'static str {
        match self.session.position().due() {
            Due::SetUp { .. } => "Set-up",
            Due::Mark { .. } => "Mark",
            Due::Bonus { .. } => "Bonus",
            _ if self.words.first().map(String::as_str) == Some(INTERCHANGE) => "Interchange",
            _ => "Turn",
        }
    }

    /// The Mark clicked and the squares after it, while a Mark is due.
    fn held(&self) -> Option<Held> {
        if !matches!(self.session.position().due(), Due::Mark { .. })
            || self.words.first().map(String::as_str) != Some(MARK)
        {
            return None;
        }
        let mut squares = self.words.iter().skip(1).filter_map(|w| w.parse().ok());
        let mark = squares.next()?;
        Some(Held {
            mark,
            after: squares.collect(),
        })
    }

    /// The Rendezvous the side to act may make with the Mark on `mark`.
    fn options_at(&self, mark: Square) -> Vec<Rendezvous> {
        let mut v = self.session.position().mark_options();
        v.retain(|r| r.mark() == mark);
        v
    }

    /// The squares a click may name after the Mark held: a 3-square line's neighbours,
    /// or the open squares that still complete a chosen Rendezvous with those chosen.
    fn after_mark_squares(&self, held: &Held) -> SquareSet {
        let mut out = SquareSet::default();
        for r in self.options_at(held.mark) {
            let squares = r.squares();
            if r.line().is_some() {
                out |= squares.without(held.mark);
            } else if r.is_open() && held.after.iter().all(|&s| squares.contains(s)) {
                out |= squares - held.after.iter().copied().collect::<SquareSet>();
            }
        }
        out
    }

    /// The Rendezvous Send would set with the Mark held and nothing chosen after it
    /// (the usual shape there), for the board to draw dashed before it is set.
    pub fn mark_preview(&self) -> Option<Rendezvous> {
        let h = self.held()?;
        if !h.after.is_empty() {
            return None;
        }
        self.options_at(h.mark)
            .into_iter()
            .find(|r| r.form() == Form::Standard && r.line().is_none())
    }

    /// Whether the Mark held may be set turned (option `turned`): the engine offers a
    /// turned Rendezvous there.
    pub fn can_turn_mark(&self) -> bool {
        self.held().is_some_and(|h| {
            h.after.is_empty()
                && self
                    .options_at(h.mark)
                    .iter()
                    .any(|r| r.form() == Form::Turned)
        })
    }

    /// Sets the Mark held turned (`mark d5 turned`).
    pub fn mark_turned(&mut self) {
        self.diagnostic = None;
        match self.held() {
            Some(h) => {
                self.play_line(&format!("mark {} turned", h.mark));
            }
            None => {
                self.diagnostic =
                    Some("Click the Mark's square first, then Turned to set it turned.".into())
            }
        }
    }

    /// The Interchange button: demands it at once, or, when the setter has fewer men
    /// and chooses which of the demander's men change colour, starts the choice (the
    /// men are then clicked).
    pub fn interchange(&mut self) {
        self.diagnostic = None;
        let pos = *self.session.position();
        match pos.interchange_choice_needed() {
            Some(_) if pos.can_interchange().is_ok() => {
                self.clear_built();
                self.words.push(INTERCHANGE.into());
            }
            _ => {
                self.play_line(INTERCHANGE);
            }
        }
    }

    /// The squares to mark as legal now, each the engine's answer: the Marks (then
    /// the squares that may follow the Mark held), the picked man's destinations, the
    /// takes, the wanderers and their targets, the radiating choices, the Mark's moves,
    /// the interchange's men, the bonus' squares, the set-up's border.
    pub fn legal(&self) -> SquareSet {
        let pos = *self.session.position();
        if self.session.runner().game().result().is_some() {
            return SquareSet::default();
        }
        match pos.due() {
            Due::Mark { .. } => match self.held() {
                Some(h) => self.after_mark_squares(&h),
                None => pos.mark_options().iter().map(Rendezvous::mark).collect(),
            },
            Due::Turn { .. } => self.turn_legal(&pos),
            Due::Bonus { .. } => match (self.selected, self.bonus_state(&pos)) {
                (Some(from), Some((occupied, _, left))) => {
                    crate::engine::bonus_reach(occupied, from, left)
                        .into_iter()
                        .map(|(to, _)| to)
                        .collect()
                }
                _ => SquareSet::default(),
            },
            Due::SetUp { .. } => SquareSet::BORDER,
            Due::Over | Due::Throw => SquareSet::default(),
        }
    }

    /// The legal squares while a turn is due.
    fn turn_legal(&self, pos: &Position) -> SquareSet {
        let Some(turn) = self.turn() else {
            return SquareSet::default();
        };
        if self.words.first().map(String::as_str) == Some(INTERCHANGE) {
            let chosen: SquareSet = self.chosen_men();
            let k = pos.interchange_choice_needed().unwrap_or(0);
            return if chosen.count() < u32::from(k) {
                pos.men(pos.to_act()) - chosen
            } else {
                SquareSet::default()
            };
        }
        if let Some(choices) = turn.take_choices() {
            return choices;
        }
        if turn.taken().is_some() {
            let pending = turn.pending_wanderers();
            return match self.selected {
                Some(from) if pending.contains(from) => turn.wanderer_targets(from),
                _ if !pending.is_empty() => pending,
                _ => turn.radiate_choices().unwrap_or_default(),
            };
        }
        match self.selected {
            Some(from) if self.mark_held => pos
                .mark_moves()
                .iter()
                .filter(|(f, _, _)| *f == from)
                .map(|(_, to, _)| *to)
                .collect(),
            Some(from) => turn.legal_moves_from(from).iter().map(|m| m.to).collect(),
            None => SquareSet::default(),
        }
    }

    /// The men chosen for an interchange being built.
    fn chosen_men(&self) -> SquareSet {
        self.words
            .iter()
            .skip(1)
            .filter_map(|w| w.parse::<Square>().ok())
            .collect()
    }

    /// The bonus moves built and the board they leave (the engine's bonus played on a
    /// copy), while a bonus is due and moves are built.
    pub fn bonus_built(&self) -> Option<(Position, Vec<(Square, Square)>)> {
        let pos = self.session.position();
        if !matches!(pos.due(), Due::Bonus { .. }) || self.words.is_empty() {
            return None;
        }
        let moves = self.bonus_moves();
        pos.bonus(&moves).ok().map(|after| (after, moves))
    }

    /// The bonus moves built.
    fn bonus_moves(&self) -> Vec<(Square, Square)> {
        self.words
            .iter()
            .filter_map(|w| {
                let (a, b) = w.split_once('-')?;
                Some((a.parse().ok()?, b.parse().ok()?))
            })
            .collect()
    }

    /// The bonus after the moves built: the squares occupied, the men not yet moved,
    /// the squares left (the engine's count, E-9).
    fn bonus_state(&self, pos: &Position) -> Option<(SquareSet, SquareSet, u8)> {
        crate::engine::bonus_state(pos, &self.bonus_moves())
    }

    /// The user clicked `sq`: picks up a man or the Mark, moves what is picked up,
    /// sets the Mark (with its line or its open squares), takes, sends a wanderer,
    /// chooses where the centre man radiates, chooses the interchange's men, or adds a
    /// square to the set-up or the bonus. An illegal attempt is explained with the
    /// CLI's diagnostic.
    pub fn click(&mut self, sq: Square) {
        self.diagnostic = None;
        if self.editor.is_some() {
            self.edit_click(sq);
            return;
        }
        let pos = *self.session.position();
        if self.session.runner().game().result().is_some() {
            self.diagnostic = Some("The game is over: take back, or start a new game.".into());
            return;
        }
        match pos.due() {
            Due::Mark { .. } => self.click_mark(sq),
            Due::SetUp { own } => {
                let me = pos.to_act();
                match self.setup.iter().position(|(s, _)| *s == sq) {
                    Some(i) if own || self.setup[i].1 == Side::Yellow => {
                        self.setup.remove(i);
                    }
                    Some(i) => self.setup[i].1 = Side::Yellow,
                    None => self.setup.push((sq, if own { me } else { Side::Black })),
                }
            }
            Due::Bonus { .. } => self.click_bonus(&pos, sq),
            Due::Turn { .. } => self.click_turn(&pos, sq),
            Due::Throw | Due::Over => {}
        }
    }

    /// A click while a Mark is due: a Mark with one Rendezvous is set at once; one
    /// with a choice (a 3-square line, the turned shape, chosen open squares) is held
    /// while the choice is clicked (or Send, or Turned).
    fn click_mark(&mut self, sq: Square) {
        if let Some(h) = self.held() {
            let after = self.after_mark_squares(&h);
            if sq == h.mark {
                self.words.clear();
                return;
            }
            if let Some(i) = h.after.iter().position(|&s| s == sq) {
                self.words.remove(i + 2);
                return;
            }
            if after.contains(sq) {
                self.words.push(sq.to_string());
                // Complete when no square can follow: the line named, or every open
                // square chosen.
                let done = self.held().is_some_and(|h| {
                    let set: SquareSet = h.after.iter().copied().collect();
                    self.options_at(h.mark).iter().any(|r| {
                        (r.line().is_some() && r.squares().contains(sq)) || r.squares() == set
                    })
                });
                if done {
                    self.send();
                }
                return;
            }
            if self.options_at(sq).is_empty() {
                let mut line = self.words.join(" ");
                line.push(' ');
                line.push_str(&sq.to_string());
                self.explain_line(&line);
                return;
            }
            // Another Mark: start again from it.
            self.words.clear();
        }
        let options = self.options_at(sq);
        match options.as_slice() {
            [] => self.explain_line(&format!("mark {sq}")),
            [only] if only.line().is_none() => {
                self.play_line(&Action::from(only).to_string());
            }
            _ => {
                self.words = vec![MARK.into(), sq.to_string()];
            }
        }
    }

    /// A click during the 1879 bonus: picks up one of the winner's men, or moves the
    /// man picked up to a border square the engine says he may reach.
    fn click_bonus(&mut self, pos: &Position, sq: Square) {
        let Some((occupied, unmoved, left)) = self.bonus_state(pos) else {
            self.clear_built();
            return;
        };
        match self.selected {
            Some(from) if from == sq => self.selected = None,
            Some(from)
                if crate::engine::bonus_reach(occupied, from, left)
                    .iter()
                    .any(|(to, _)| *to == sq) =>
            {
                self.words.push(format!("{from}-{sq}"));
                self.selected = None;
            }
            _ if unmoved.contains(sq) => self.selected = Some(sq),
            Some(from) => self.explain_line(&self.with_word(&format!("{from}-{sq}"))),
            None => {
                self.diagnostic = Some(format!(
                    "Pick one of {}'s men first (each moves once).",
                    pos.to_act()
                ));
            }
        }
    }

    /// A click while a turn is due.
    fn click_turn(&mut self, pos: &Position, sq: Square) {
        let Some(turn) = self.turn() else {
            // The words no longer apply (a take-back by another request): start again.
            self.clear_built();
            return;
        };
        let mover = turn.mover();
        if self.words.first().map(String::as_str) == Some(INTERCHANGE) {
            let chosen = self.chosen_men();
            let k = pos.interchange_choice_needed().unwrap_or(0);
            if chosen.contains(sq) {
                self.words.retain(|w| w != &sq.to_string());
            } else if pos.men(mover).contains(sq) && chosen.count() < u32::from(k) {
                self.words.push(sq.to_string());
                if chosen.count() + 1 == u32::from(k) {
                    self.send();
                }
            } else {
                self.explain_line(&self.with_word(&sq.to_string()));
            }
            return;
        }
        if let Some(choices) = turn.take_choices() {
            if choices.contains(sq) {
                self.words.push(format!("x {sq}"));
            } else {
                self.explain_line(&self.with_word(&format!("x {sq}")));
            }
            return;
        }
        if turn.taken().is_some() {
            self.click_after_take(&turn, sq);
            return;
        }
        let mark = turn.rendezvous().mark();
        let mark_moves = pos.mark_moves();
        let may_move_mark = self.words.is_empty() && !mark_moves.is_empty();
        match self.selected {
            Some(from) if self.mark_held => {
                if sq == from {
                    self.selected = None;
                    self.mark_held = false;
                } else if mark_moves.iter().any(|(f, t, _)| *f == from && *t == sq) {
                    self.play_line(&format!("mark {from}-{sq}"));
                } else {
                    self.explain_line(&format!("mark {from}-{sq}"));
                }
            }
            // A second click on the Mark's square picks up the Mark instead of the man.
            Some(from) if from == sq && sq == mark && may_move_mark => self.mark_held = true,
            Some(from) if from == sq => self.selected = None,
            Some(from) if turn.legal_moves_from(from).iter().any(|m| m.to == sq) => {
                self.words.push(format!("{from}-{sq}"));
                self.selected = None;
            }
            _ if turn.men(mover).contains(sq) => self.selected = Some(sq),
            _ if sq == mark && may_move_mark => {
                self.selected = Some(sq);
                self.mark_held = true;
            }
            Some(from) => self.explain_line(&self.with_word(&format!("{from}-{sq}"))),
            None => self.diagnostic = Some(format!("Pick one of {mover}'s men first.")),
        }
    }

    /// A click once the take is made: a wanderer picked up and sent, then the centre
    /// man's radiating square.
    fn click_after_take(&mut self, turn: &TurnInProgress, sq: Square) {
        let pending = turn.pending_wanderers();
        let wanderer = |w: String, words: &[String]| {
            if words.iter().any(|x| x == "wanderers") {
                w
            } else {
                format!("wanderers {w}")
            }
        };
        if !pending.is_empty() {
            match self.selected {
                Some(from) if from == sq => self.selected = None,
                Some(from) if turn.wanderer_targets(from).contains(sq) => {
                    if !self.words.iter().any(|x| x == "wanderers") {
                        self.words.push("wanderers".into());
                    }
                    self.words.push(format!("{from}-{sq}"));
                    self.selected = None;
                }
                _ if pending.contains(sq) => self.selected = Some(sq),
                Some(from) => {
                    let w = wanderer(format!("{from}-{sq}"), &self.words);
                    self.explain_line(&self.with_word(&w));
                }
                None => {
                    let w = wanderer(format!("{sq}-{sq}"), &self.words);
                    self.explain_line(&self.with_word(&w));
                }
            }
            return;
        }
        match turn.radiate_choices() {
            Some(choices) if choices.contains(sq) => self.words.push(format!("radiate {sq}")),
            Some(_) => self.explain_line(&self.with_word(&format!("radiate {sq}"))),
            None => {
                self.diagnostic = Some("The turn is complete: Send it, or Cancel.".into());
            }
        }
    }

    /// The words built so far and `word` after them.
    fn with_word(&self, word: &str) -> String {
        let mut line = self.words.join(" ");
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        line
    }

    /// Explains why `line` cannot be played here: the diagnostic the session's
    /// interpreter gives for it, written as the CLI writes it. The line is played on a
    /// copy of the session, so nothing changes.
    fn explain_line(&mut self, line: &str) {
        let mut copy = self.session.clone();
        let reply = copy.play(line);
        self.diagnostic = Some(match reply.problem {
            Some(p) => diagnostic(&p, line),
            None => format!("`{line}` is legal, but not as a click here: type it."),
        });
    }

    /// What the next click does, in a sentence (empty when the board waits for
    /// nothing).
    pub fn prompt(&self) -> String {
        let pos = *self.session.position();
        if self.session.runner().game().result().is_some()
            || self.editor.is_some()
            || self.busy.is_some()
        {
            return String::new();
        }
        let side = pos.to_act();
        match pos.due() {
            Due::Over | Due::Throw => String::new(),
            Due::SetUp { own: true } => format!(
                "Click border squares for {side}'s men ({} chosen), then Send.",
                self.setup.len()
            ),
            Due::SetUp { own: false } => "Click border squares: a Black man; a second click makes him Yellow, a third removes him. Then Send.".into(),
            Due::Mark { size } => self.mark_prompt(size),
            Due::Bonus { .. } => match (self.selected, self.bonus_state(&pos)) {
                (Some(from), Some((_, _, left))) => format!(
                    "Click a dotted border square for the man on {from} ({left} squares left)."
                ),
                (None, Some((_, _, left))) => format!(
                    "Click one of {side}'s men to move him to another border square ({left} squares left), then Send; or Pass."
                ),
                _ => String::new(),
            },
            Due::Turn { .. } => self.turn_prompt(&pos),
        }
    }

    /// The prompt while a Mark is due.
    fn mark_prompt(&self, size: u8) -> String {
        let side = self.session.position().to_act();
        let Some(h) = self.held() else {
            return if size == 3 {
                format!(
                    "{side}: click a dotted square for the Mark, then a square next to it to name the line."
                )
            } else {
                format!("{side}: click a dotted square to set the Mark.")
            };
        };
        let options = self.options_at(h.mark);
        if options.iter().any(|r| r.line().is_some()) {
            return format!(
                "Click the Mark's second square: a dotted square next to {} names the line (or {} again to drop it).",
                h.mark, h.mark
            );
        }
        if self.can_turn_mark() {
            return format!(
                "Send sets the Mark on {} with the usual Rendezvous; Turned sets it turned 90°.",
                h.mark
            );
        }
        if options.iter().any(Rendezvous::is_open) {
            let left = usize::from(size).saturating_sub(h.after.len());
            return if h.after.is_empty() {
                format!(
                    "Send sets the Mark on {} with the usual open squares, or click the {size} open squares you choose (dotted).",
                    h.mark
                )
            } else {
                format!(
                    "Click {left} more open squares (dotted), or a chosen one again to drop it."
                )
            };
        }
        format!("Send sets the Mark on {}.", h.mark)
    }

    /// The prompt while a turn is due.
    fn turn_prompt(&self, pos: &Position) -> String {
        let side = pos.to_act();
        let Some(turn) = self.turn() else {
            return String::new();
        };
        if self.words.first().map(String::as_str) == Some(INTERCHANGE) {
            let k = u32::from(pos.interchange_choice_needed().unwrap_or(0));
            let left = k.saturating_sub(self.chosen_men().count());
            return format!(
                "Interchange: click {left} more of {side}'s men, the setter's choice of those that change colour (Rule 5); or Cancel."
            );
        }
        if turn.take_choices().is_some() {
            return format!("{side} has every man in: click the man to take (dotted).");
        }
        if turn.taken().is_some() {
            let pending = turn.pending_wanderers();
            return match self.selected {
                Some(from) if pending.contains(from) => {
                    format!("Click where the wanderer on {from} goes (dotted).")
                }
                _ if !pending.is_empty() => format!(
                    "Click a wanderer ({} left, dotted), then where he goes.",
                    pending.count()
                ),
                _ => match turn.radiate_choices() {
                    Some(_) => format!(
                        "Click the border square the man on the centre ({}) radiates to (dotted).",
                        turn.rendezvous().mark()
                    ),
                    None => "Send the turn, or Cancel.".into(),
                },
            };
        }
        let left = turn.remaining();
        match self.selected {
            Some(from) if self.mark_held => format!(
                "Click where the Mark on {from} moves (one square, dotted): that is the whole turn."
            ),
            Some(from) => format!(
                "Click a dotted square for the man on {from} ({left} squares left), or another man."
            ),
            None if self.words.is_empty() => {
                let mut s = format!("Click one of {side}'s men");
                if !pos.mark_moves().is_empty() {
                    s.push_str(", or the Mark to move it (twice if a man of yours stands on it)");
                }
                if matches!(
                    pos.due(),
                    Due::Turn {
                        interchange: true,
                        ..
                    }
                ) {
                    s.push_str(", or Interchange");
                }
                s.push('.');
                s
            }
            None => format!("Click another man ({left} squares left), or Send."),
        }
    }
}
