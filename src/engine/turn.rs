//! A turn built man's move by man's move (Rules 1, 3, 6, 7, 8 and D-5, D-7, D-8).
//!
//! [`TurnInProgress`] holds the board as the previous moves of the turn left it, the
//! men already moved, the squares counted, and whether a take is due because all the
//! mover's men are in the Rendezvous. Every method either applies its action fully or
//! returns a [`RuleViolation`] and changes nothing.

use super::editions;
use super::geometry::{BETWEEN, LINE};
use super::position::{Phase, Position};
use super::rendezvous::{RING, RING_INDEX, Rendezvous, ring_step};
use super::side::{BySide, Side};
use super::square::{Direction, Square};
use super::squareset::SquareSet;
use super::violation::{RuleViolation, TurnOver, WandererProblem};
use std::fmt;

mod generate;
pub(crate) use generate::{Generated, MoveContext, SlideTable};

/// How a man travels in one move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Way {
    /// Along a straight line (Rule 1).
    Straight(Direction),
    /// Along the border ring (Rule 6), `anticlockwise` meaning `a1` → `h1` → `h8` → `a8` (as the board is drawn, Black at the top).
    Slide {
        /// The direction round the ring.
        anticlockwise: bool,
    },
}

/// One man's move, with the squares it counts towards the allowance.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ManMove {
    /// Where the man stood.
    pub from: Square,
    /// Where he stops.
    pub to: Square,
    /// The squares counted (Rule 3; Rule 6 for slides).
    pub count: u8,
    /// The way taken: the cheapest legal one (D-7).
    pub way: Way,
}

impl fmt::Display for ManMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// How a turn ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TurnEnd {
    /// The mover stopped; the Rendezvous goes on.
    Played,
    /// Rule 7: the outlying man on this square was replaced by one of the mover's.
    Replaced(Square),
    /// Rule 8: the outlying man on this square was removed and the Rendezvous is won.
    Removed(Square),
}

/// A finished turn: the moves, how it ended, and the position after it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TurnResult {
    /// The man's moves in order.
    pub moves: Vec<ManMove>,
    /// How the turn ended.
    pub end: TurnEnd,
    /// The wanderers sent to the border after the take (1880 Rule 6), or set in the
    /// Rendezvous (1879 Rule 5), in order.
    pub wanderers: Vec<(Square, Square)>,
    /// Where the centre man radiated to, by his owner's choice (1879 Rule 6, E-8).
    pub radiate: Option<Square>,
    /// Every man's path from the set to the border when it radiated after the win
    /// (1879 Rule 6), the centre man's included; empty otherwise.
    pub radiated: Vec<(Square, Square)>,
    /// The position after the turn.
    pub position: Position,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    Moving,
    TakeDue,
    Taken(TurnEnd),
}

/// A turn being played, one man's move at a time.
#[derive(PartialEq, Eq, Debug)]
pub struct TurnInProgress {
    start: Position,
    rendezvous: Rendezvous,
    mover: Side,
    men: BySide<SquareSet>,
    moved: SquareSet,
    used: u8,
    allowance: u8,
    moves: Vec<ManMove>,
    state: State,
    /// The wanderers in the field still to be sent to the border (1880).
    pending: SquareSet,
    /// The wanderers sent so far.
    sent: Vec<(Square, Square)>,
    /// The centre man's border square, once chosen (1879).
    radiate: Option<Square>,
}

impl Clone for TurnInProgress {
    fn clone(&self) -> Self {
        TurnInProgress {
            moves: self.moves.clone(),
            sent: self.sent.clone(),
            ..*self
        }
    }

    /// Copies `source` into this turn, keeping this turn's lists' room: a search that
    /// tries each man's move from one state copies that state once a move without
    /// allocating.
    fn clone_from(&mut self, source: &Self) {
        let TurnInProgress {
            start,
            rendezvous,
            mover,
            men,
            moved,
            used,
            allowance,
            moves,
            state,
            pending,
            sent,
            radiate,
        } = source;
        self.start = *start;
        self.rendezvous = *rendezvous;
        self.mover = *mover;
        self.men = *men;
        self.moved = *moved;
        self.used = *used;
        self.allowance = *allowance;
        self.moves.clone_from(moves);
        self.state = *state;
        self.pending = *pending;
        self.sent.clone_from(sent);
        self.radiate = *radiate;
    }
}

impl Position {
    /// Starts a turn for the side to act, to be built man's move by man's move.
    ///
    /// # Errors
    /// When no turn may be played now (no Mark set, or the game is over).
    #[inline(always)]
    pub fn begin_turn(&self) -> Result<TurnInProgress, RuleViolation> {
        if self.winner().is_some() {
            return Err(RuleViolation::GameOver);
        }
        if self.rendezvous().is_none() {
            if self.phase() == Phase::Set {
                return Err(RuleViolation::MenNotSet {
                    arranger: self.to_act(),
                });
            }
            return Err(RuleViolation::MarkNotSet {
                setter: self.to_act(),
            });
        }
        Ok(TurnInProgress::new(*self))
    }

    /// Passes (D-6): allowed only when the side to act has no legal man's move, no
    /// Mark move (1880) and no take due.
    ///
    /// # Errors
    /// [`RuleViolation::PassNotAllowed`] with a legal move when one exists.
    pub fn pass(&self) -> Result<Position, RuleViolation> {
        if let Phase::Bonus(_) = self.phase() {
            // 1879 Rule 7: the winner may leave his men where they are.
            return self.bonus(&[]).map_err(|(_, v)| v);
        }
        let turn = self.begin_turn()?;
        if let Some(choices) = turn.take_choices() {
            return Err(RuleViolation::TakeDue {
                choices,
                full: turn.take_is_forced(),
            });
        }
        if let Some(m) = turn.legal_moves().first() {
            return Err(RuleViolation::PassNotAllowed {
                example: (m.from, m.to),
            });
        }
        if let Some((from, to, _)) = self.mark_moves().first() {
            return Err(RuleViolation::PassNotAllowed {
                example: (*from, *to),
            });
        }
        Ok(self.after_turn(self.all_men(), false))
    }
}

impl TurnInProgress {
    /// A turn for the side to act in `start`, which must have a Mark set.
    #[inline(always)]
    pub(crate) fn new(start: Position) -> TurnInProgress {
        let rendezvous = match start.rendezvous() {
            Some(r) => *r,
            None => unreachable!("Position::begin_turn checks that a Mark is set"),
        };
        let mover = start.to_act();
        let men = start.all_men();
        // D-8: all his men in already at the start of his turn.
        let state = if (men.of(mover) - rendezvous.squares()).is_empty() {
            State::TakeDue
        } else {
            State::Moving
        };
        TurnInProgress {
            start,
            rendezvous,
            mover,
            men,
            moved: SquareSet::EMPTY,
            used: 0,
            allowance: start.allowance(),
            moves: Vec::new(),
            state,
            pending: SquareSet::EMPTY,
            sent: Vec::new(),
            radiate: None,
        }
    }

    /// Whether the game is played by an early edition (the take removes a wanderer and
    /// the others are sent to the border).
    fn early(&self) -> bool {
        self.start.rules().takes_any_wanderer()
    }

    /// The wanderers still to be sent to the border (1880 Rule 6), once the take is
    /// made.
    pub fn pending_wanderers(&self) -> SquareSet {
        self.pending
    }

    /// The border squares the wanderer on `from` may be sent to now (E-5); in 1879 the
    /// vacant squares of the Rendezvous he may be set on (Rule 5).
    pub fn wanderer_targets(&self, from: Square) -> SquareSet {
        editions::wanderer_targets(self.start.rules(), &self.rendezvous, from, self.occupied())
    }

    /// The border squares the centre man may radiate to, when his owner's choice is
    /// due now (1879 Rule 6, E-8): the Rendezvous won, the wanderers set, the round
    /// not over, a man on the centre and no choice made yet.
    pub fn radiate_choices(&self) -> Option<SquareSet> {
        if !matches!(self.state, State::Taken(TurnEnd::Removed(_)))
            || !self.pending.is_empty()
            || self.radiate.is_some()
            || !self.occupied().contains(self.rendezvous.mark())
        {
            return None;
        }
        editions::radiate_choices(self.start.rules(), &self.rendezvous, self.men, !self.mover)
    }

    /// Records the centre man's owner's choice: he radiates to the border square `to`
    /// (1879 Rule 6, E-8).
    ///
    /// # Errors
    /// When no choice is due or `to` is not one of his choices.
    pub fn radiate(&mut self, to: Square) -> Result<(), RuleViolation> {
        if !editions::radiates(self.start.rules()) {
            return Err(RuleViolation::NotInEdition { what: "radiating" });
        }
        let Some(choices) = self.radiate_choices() else {
            return Err(RuleViolation::Radiate(
                super::violation::RadiateProblem::NotDue { square: to },
            ));
        };
        if !choices.contains(to) {
            return Err(RuleViolation::Radiate(
                super::violation::RadiateProblem::BadSquare {
                    square: to,
                    choices,
                },
            ));
        }
        self.radiate = Some(to);
        Ok(())
    }

    /// Sends the wanderer on `from` straight to the border square `to` (1880 Rule 6,
    /// E-5: along a line clear when his move comes).
    ///
    /// # Errors
    /// When no wanderer is to be sent, `from` is not one, or `to` is not the border end
    /// of a clear line from him.
    pub fn send_wanderer(&mut self, from: Square, to: Square) -> Result<(), RuleViolation> {
        if !self.early() || !matches!(self.state, State::Taken(_)) || self.pending.is_empty() {
            return Err(RuleViolation::Wanderer(WandererProblem::NotDue));
        }
        if !self.pending.contains(from) {
            return Err(RuleViolation::Wanderer(WandererProblem::NotAWanderer {
                square: from,
                pending: self.pending,
            }));
        }
        let targets = self.wanderer_targets(from);
        if !targets.contains(to) {
            return Err(RuleViolation::Wanderer(WandererProblem::BadTarget {
                from,
                to,
                targets,
            }));
        }
        let theirs = self.men.get_mut(!self.mover);
        theirs.remove(from);
        theirs.insert(to);
        self.pending.remove(from);
        self.sent.push((from, to));
        Ok(())
    }

    /// The position the turn started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The side playing the turn.
    pub fn mover(&self) -> Side {
        self.mover
    }

    /// The men of `side` as the turn's moves so far left them.
    pub fn men(&self, side: Side) -> SquareSet {
        self.men.of(side)
    }

    /// The Rendezvous played for.
    pub fn rendezvous(&self) -> &Rendezvous {
        &self.rendezvous
    }

    /// The squares where men moved this turn now stand.
    pub fn moved(&self) -> SquareSet {
        self.moved
    }

    /// The squares counted so far.
    pub fn used(&self) -> u8 {
        self.used
    }

    /// The turn's allowance.
    pub fn allowance(&self) -> u8 {
        self.allowance
    }

    /// The squares still to be counted.
    pub fn remaining(&self) -> u8 {
        self.allowance.saturating_sub(self.used)
    }

    /// The position this turn ends in if it ends now, when it is still moving with a
    /// man's move made (else `None`): what [`TurnInProgress::finish`] gives, without
    /// building the result.
    pub(crate) fn played_end(&self) -> Option<Position> {
        (self.state == State::Moving
            && !self.moves.is_empty()
            && self.pending.is_empty()
            && self.sent.is_empty()
            && self.radiate.is_none())
        .then(|| self.start.after_turn(self.men, true))
    }

    /// The man's moves made so far.
    pub fn moves(&self) -> &[ManMove] {
        &self.moves
    }

    /// Whether the turn's moves are over because a take is due or was made.
    pub fn is_closed(&self) -> bool {
        self.state != State::Moving
    }

    /// The men that may be taken, when all the mover's men are in the Rendezvous and the
    /// take is still to be made: the outlying men (all the opponent's).
    pub fn take_choices(&self) -> Option<SquareSet> {
        (self.state == State::TakeDue).then(|| self.men.of(!self.mover) - self.rendezvous.squares())
    }

    /// Whether the due take is forced (Rule 8, the Rendezvous full) rather than a choice
    /// (Rule 7).
    pub fn take_is_forced(&self) -> bool {
        (self.men.of(!self.mover) - self.rendezvous.squares()).count() == 1
    }

    /// How the turn ended, once a take was made.
    pub fn taken(&self) -> Option<TurnEnd> {
        match self.state {
            State::Taken(end) => Some(end),
            _ => None,
        }
    }

    fn occupied(&self) -> SquareSet {
        self.men.of(Side::Black) | self.men.of(Side::Yellow)
    }

    fn closed_error(&self) -> RuleViolation {
        match self.state {
            State::TakeDue => {
                let choices = self.men.of(!self.mover) - self.rendezvous.squares();
                RuleViolation::TakeDue {
                    choices,
                    full: choices.count() == 1,
                }
            }
            State::Taken(TurnEnd::Removed(_)) => RuleViolation::TurnOver(TurnOver::RendezvousWon),
            _ => RuleViolation::TurnOver(TurnOver::Replaced),
        }
    }

    /// The most one man standing on `from` may count: 3, or the whole allowance when he
    /// is the mover's only man outside the Rendezvous (Rule 3, D-5).
    pub fn man_limit(&self, from: Square) -> u8 {
        if !editions::limits_each_man(self.start.rules()) {
            return u8::MAX;
        }
        let outside = self.men.of(self.mover) - self.rendezvous.squares();
        if outside == SquareSet::from_square(from) {
            u8::MAX
        } else {
            3
        }
    }

    /// Fills `buf` (emptied first) with the turn's moves rather than a new list, when
    /// none is played yet.
    pub(crate) fn reuse_moves(&mut self, mut buf: Vec<ManMove>) {
        if self.moves.is_empty() {
            buf.clear();
            self.moves = buf;
        }
    }

    /// Checks the man's move `from`-`to` against the rules, without applying it.
    ///
    /// # Errors
    /// The first rule the move breaks.
    pub fn check_move(&self, from: Square, to: Square) -> Result<ManMove, RuleViolation> {
        if !matches!(self.state, State::Moving) {
            return Err(self.closed_error());
        }
        match self.men_at(from) {
            None => return Err(RuleViolation::NoMan { square: from }),
            Some(owner) if owner != self.mover => {
                return Err(RuleViolation::NotYourMan {
                    square: from,
                    owner,
                });
            }
            Some(_) => {}
        }
        if self.moved.contains(from) {
            return Err(RuleViolation::AlreadyMoved { square: from });
        }
        if from == to {
            return Err(RuleViolation::SameSquare { square: from });
        }
        let occupied = self.occupied();
        let border_pair = from.is_border() && to.is_border();
        let straight = match LINE[usize::from(from.index())][usize::from(to.index())] {
            (_, 0) => None,
            line => Some(line),
        };
        let slides = self.rendezvous.is_open() && border_pair;
        if straight.is_none() && !slides {
            return Err(RuleViolation::NotInLine {
                from,
                to,
                border_pair,
            });
        }
        if let Some(occupant) = self.men_at(to) {
            return Err(RuleViolation::TargetOccupied { from, to, occupant });
        }
        let m = match (straight, slides) {
            // Nearly every move: one way only, the straight one.
            (Some((dir, dist)), false) => {
                if BETWEEN[usize::from(from.index())][usize::from(to.index())] & occupied.0 != 0 {
                    let blocker = match first_blocker(from, dir, dist, occupied) {
                        Err((_, sq)) => sq,
                        Ok(_) => to,
                    };
                    return Err(RuleViolation::PathBlocked { from, to, blocker });
                }
                ManMove {
                    from,
                    to,
                    count: dist,
                    way: Way::Straight(dir),
                }
            }
            _ => self.best_way(from, to, straight, slides, occupied)?,
        };
        if m.count > self.man_limit(from) {
            let others_outside = (self.men.of(self.mover) - self.rendezvous.squares())
                .without(from)
                .count() as u8;
            return Err(RuleViolation::TooFarForOneMan {
                from,
                to,
                count: m.count,
                others_outside,
            });
        }
        if self.used + m.count > self.allowance {
            return Err(RuleViolation::OverAllowance {
                from,
                to,
                count: m.count,
                used: self.used,
                allowance: self.allowance,
                first_turn: matches!(self.start.phase(), Phase::First | Phase::Second)
                    && self.start.rules().has_first_turn_allowance(),
            });
        }
        Ok(m)
    }

    /// The cheapest way from `from` to `to` (D-7) among the straight one and, when
    /// the man may slide, both ways round the Rendezvous; or the first blocker.
    fn best_way(
        &self,
        from: Square,
        to: Square,
        straight: Option<(Direction, u8)>,
        slides: bool,
        occupied: SquareSet,
    ) -> Result<ManMove, RuleViolation> {
        // Every way that joins the squares, each with its count or its first blocker.
        let mut best: Option<ManMove> = None;
        let mut blocker: Option<(u8, Square)> = None;
        let mut consider = |way: Way, result: Result<u8, (u8, Square)>| match result {
            Ok(count) => {
                if best.is_none_or(|b| count < b.count) {
                    best = Some(ManMove {
                        from,
                        to,
                        count,
                        way,
                    });
                }
            }
            Err((steps, sq)) => {
                if blocker.is_none_or(|(s, _)| steps < s) {
                    blocker = Some((steps, sq));
                }
            }
        };
        if let Some((dir, dist)) = straight {
            let path = BETWEEN[usize::from(from.index())][usize::from(to.index())];
            let result = if path & occupied.0 == 0 {
                Ok(dist)
            } else {
                first_blocker(from, dir, dist, occupied)
            };
            consider(Way::Straight(dir), result);
        }
        if slides {
            for anticlockwise in [true, false] {
                consider(
                    Way::Slide { anticlockwise },
                    slide_count(&self.rendezvous, occupied, from, to, anticlockwise),
                );
            }
        }
        let Some(m) = best else {
            let blocker = blocker.map(|(_, sq)| sq).unwrap_or(to);
            return Err(RuleViolation::PathBlocked { from, to, blocker });
        };
        Ok(m)
    }

    fn men_at(&self, sq: Square) -> Option<Side> {
        self.men.owner(sq)
    }

    /// Applies the man's move `from`-`to`. If it leaves all the mover's men in the
    /// Rendezvous, a take becomes due (Rule 7 or 8) and no further move is allowed.
    ///
    /// # Errors
    /// The first rule the move breaks; the turn is unchanged.
    pub fn play_move(&mut self, from: Square, to: Square) -> Result<ManMove, RuleViolation> {
        let m = self.check_move(from, to)?;
        self.apply(m);
        Ok(m)
    }

    /// Plays `m`, one of this state's [`TurnInProgress::legal_moves`], without checking
    /// it again (debug builds do).
    fn play_legal(&mut self, m: ManMove) {
        debug_assert_eq!(
            self.check_move(m.from, m.to),
            Ok(m),
            "{m} is not legal here"
        );
        self.apply(m);
    }

    /// The state after `m`, one of this state's [`TurnInProgress::legal_moves`],
    /// written into `next` (a copy made once, then overwritten with its room kept), so
    /// that a search trying every move from one state copies it without allocating.
    pub(crate) fn play_into<'n>(
        &self,
        next: &'n mut Option<TurnInProgress>,
        m: ManMove,
    ) -> &'n TurnInProgress {
        let n = match next {
            Some(n) => {
                n.clone_from(self);
                n
            }
            None => next.insert(self.clone()),
        };
        n.play_legal(m);
        n
    }

    /// Plays the legal man's move `m`.
    fn apply(&mut self, m: ManMove) {
        let (from, to) = (m.from, m.to);
        let mine = self.men.get_mut(self.mover);
        mine.remove(from);
        mine.insert(to);
        self.moved = self.moved.without(from).with(to);
        self.used += m.count;
        self.moves.push(m);
        if (self.men.of(self.mover) - self.rendezvous.squares()).is_empty() {
            self.state = State::TakeDue;
        }
    }

    /// Takes the outlying man on `square`: Rule 7 replaces it with one of the mover's
    /// men (a choice), Rule 8 removes it (forced). Either ends the turn.
    ///
    /// # Errors
    /// When no take is due, or `square` is not a man that may be taken.
    pub fn take(&mut self, square: Square) -> Result<TurnEnd, RuleViolation> {
        match self.state {
            State::Moving => {
                return Err(RuleViolation::TakeNotDue {
                    outside: self.men.of(self.mover) - self.rendezvous.squares(),
                });
            }
            State::Taken(_) => return Err(self.closed_error()),
            State::TakeDue => {}
        }
        let choices = self.men.of(!self.mover) - self.rendezvous.squares();
        if self.early() {
            // 1880 Rule 6: any wanderer is taken off; the others in the field are then
            // sent to the border.
            if !choices.contains(square) {
                return Err(RuleViolation::TakeNotOutlying { square, choices });
            }
            self.men.get_mut(!self.mover).remove(square);
            // 1880: the others in the field go to the border; 1879: every other man
            // outside is set in the Rendezvous (Rule 5), unless the round ends at
            // once (Rule 9, E-12).
            self.pending = editions::wanderers_after_take(
                self.start.rules(),
                choices.without(square),
                self.men,
                !self.mover,
            );
            let end = TurnEnd::Removed(square);
            self.state = State::Taken(end);
            return Ok(end);
        }
        let end = if choices.count() == 1 {
            let expected = choices.first().unwrap_or(square);
            if square != expected {
                return Err(RuleViolation::TakeWrongMan { square, expected });
            }
            self.men.get_mut(!self.mover).remove(square);
            TurnEnd::Removed(square)
        } else {
            if !choices.contains(square) {
                return Err(RuleViolation::TakeNotOutlying { square, choices });
            }
            self.men.get_mut(!self.mover).remove(square);
            self.men.get_mut(self.mover).insert(square);
            TurnEnd::Replaced(square)
        };
        self.state = State::Taken(end);
        Ok(end)
    }

    /// Ends the turn. A forced Rule 8 take not yet written is made here.
    ///
    /// # Errors
    /// [`RuleViolation::EmptyTurn`] when nothing was moved, or
    /// [`RuleViolation::TakeMissing`] when a Rule 7 choice is due.
    pub fn finish(&self) -> Result<TurnResult, RuleViolation> {
        self.clone().into_result()
    }

    /// Ends the turn, consuming it (no copy of the moves): as [`TurnInProgress::finish`].
    ///
    /// # Errors
    /// As [`TurnInProgress::finish`].
    pub fn into_result(mut self) -> Result<TurnResult, RuleViolation> {
        self.finish_here()
    }

    /// Ends the turn in place, taking its moves out: the turn is spent afterwards.
    fn finish_here(&mut self) -> Result<TurnResult, RuleViolation> {
        let turn = self;
        if turn.state == State::TakeDue {
            let choices = turn.men.of(!turn.mover) - turn.rendezvous.squares();
            match (choices.count(), choices.first()) {
                (1, Some(sq)) => {
                    turn.take(sq)?;
                }
                _ => return Err(RuleViolation::TakeMissing { choices }),
            }
        }
        if !turn.pending.is_empty() {
            return Err(RuleViolation::Wanderer(WandererProblem::Missing {
                pending: turn.pending,
            }));
        }
        let moved = !turn.moves.is_empty();
        let mut radiated = Vec::new();
        let (end, position) = match turn.state {
            State::Moving if turn.moves.is_empty() => return Err(RuleViolation::EmptyTurn),
            State::Moving => (TurnEnd::Played, turn.start.after_turn(turn.men, moved)),
            State::Taken(TurnEnd::Removed(sq)) => {
                let after = editions::after_win(
                    &turn.start,
                    &turn.rendezvous,
                    turn.men,
                    turn.sent.len(),
                    turn.radiate,
                )?;
                radiated = editions::radiation(
                    turn.start.rules(),
                    &turn.rendezvous,
                    turn.men,
                    !turn.mover,
                    turn.radiate,
                );
                (TurnEnd::Removed(sq), after)
            }
            State::Taken(end) => (end, turn.start.after_turn(turn.men, moved)),
            State::TakeDue => return Err(turn.closed_error()),
        };
        Ok(TurnResult {
            moves: std::mem::take(&mut turn.moves),
            end,
            wanderers: std::mem::take(&mut turn.sent),
            radiate: turn.radiate,
            radiated,
            position,
        })
    }

    /// Every legal man's move now, with its count and way (the cheapest, D-7), ordered
    /// by the man's square and then the target.
    pub fn legal_moves(&self) -> Vec<ManMove> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// [`TurnInProgress::legal_moves`] written into `out` (emptied first), so that a
    /// search can keep one list's room from state to state.
    pub(crate) fn legal_moves_into(&self, out: &mut Vec<ManMove>) {
        out.clear();
        if self.state != State::Moving {
            return;
        }
        let mut ctx = MoveContext::new(
            self.rendezvous.squares(),
            self.rendezvous.is_open(),
            self.men.of(!self.mover),
        );
        if !editions::limits_each_man(self.start.rules()) {
            ctx = ctx.without_man_limit();
        }
        ctx.generate(self.men.of(self.mover), self.moved, self.remaining(), |m| {
            out.push(m)
        });
        // (The generator's order is by man's square, then mostly by target: a sort
        // only when it is not that already.)
        if !out.is_sorted_by_key(|m| (m.from, m.to)) {
            out.sort_by_key(|m| (m.from, m.to));
        }
    }

    /// The legal man's moves of the man on `from`.
    pub fn legal_moves_from(&self, from: Square) -> Vec<ManMove> {
        let mut v = self.legal_moves();
        v.retain(|m| m.from == from);
        v
    }
}

/// Counts a Rule 6 slide from `from` to `to` round the ring, or gives the number of
/// steps to the first man in the way and his square.
fn slide_count(
    rendezvous: &Rendezvous,
    occupied: SquareSet,
    from: Square,
    to: Square,
    anticlockwise: bool,
) -> Result<u8, (u8, Square)> {
    let mut i = RING_INDEX[from.index() as usize] as usize;
    let mut passed = false;
    for step in 1..28u8 {
        i = ring_step(i, anticlockwise);
        let sq = RING[i];
        if sq == to {
            return Ok(if passed { step } else { 1 });
        }
        if occupied.contains(sq) {
            return Err((step, sq));
        }
        if rendezvous.contains(sq) {
            passed = true;
        }
    }
    Err((28, to))
}

/// The first man standing on the straight way from `from` (`dist` squares in `dir`),
/// with how many steps from `from` he stands: the way is blocked.
#[cold]
fn first_blocker(
    from: Square,
    dir: Direction,
    dist: u8,
    occupied: SquareSet,
) -> Result<u8, (u8, Square)> {
    let mut sq = from;
    for step in 1..dist {
        sq = match sq.step(dir) {
            Some(s) => s,
            None => break,
        };
        if occupied.contains(sq) {
            return Err((step, sq));
        }
    }
    Ok(dist)
}
