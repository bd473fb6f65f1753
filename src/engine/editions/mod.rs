//! The rules that differ between editions, each in its edition's file, and the one
//! place that dispatches on [`Rules`]: the state types (`Position`, `TurnInProgress`)
//! ask these functions, never an edition's constants directly.
//!
//! How an edition plugs in: its file (`e1893.rs`, `e1880.rs`, `e1879.rs`) gives
//! the start position, the winner, the allowance and the per-man limit, where a Mark
//! may stand and its options, what follows a turn and a won Rendezvous, and the
//! citation of every violation; each function below gains one match arm.

pub(crate) mod e1879;
pub(crate) mod e1880;
pub(crate) mod e1893;
mod string;

use super::due::{Due, TurnOf};
use super::game::WinReason;
use super::position::{MAX_MEN, Phase, Position};
use super::rendezvous::Rendezvous;
use super::rules::{Edition, Rules};
use super::side::{BySide, Side};
use super::square::Square;
use super::squareset::SquareSet;
use super::violation::{RuleRef, RuleViolation};

/// The squares the die may give the Mark: c3 to f6 (1879 Rule 3, E-7).
pub(crate) use e1879::DIE_SQUARES;
pub use e1879::{DieRule, bonus_reach, bonus_state, bonus_targets, die_number, die_square};

/// What a `mark` event names beyond its square.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct MarkSpec {
    /// Squares after the Mark's: a 3-square line's neighbour, or (open-choice) the
    /// chosen open squares.
    pub squares: Vec<Square>,
    /// `turned` (option `turned`, a 7-square Rendezvous).
    pub turned: bool,
}

/// The properties of a game's rules that consumers ask instead of its edition, each
/// in Carroll's words (what it means, not the year that has it).
impl Rules {
    /// Whether these are the 1893 rules (with or without options): for the edition
    /// files and this dispatch only (`.ci/editions-seam.sh`).
    pub(crate) const fn is_1893(self) -> bool {
        matches!(self.edition(), Edition::E1893)
    }

    /// Whether these are the December 1880 rules: for the edition files and this
    /// dispatch only.
    pub(crate) const fn is_1880(self) -> bool {
        matches!(self.edition(), Edition::E1880)
    }

    /// The fewest men on the board while the game (1879: a round) is in play: the
    /// game ends when a side is down to one man (1893 Rule 9), so two a side; when a
    /// side has none (1880), so one a side; a 1879 round ends when a take leaves the
    /// loser two men (Rule 9), so three a side.
    pub const fn fewest_men_in_play(self) -> u8 {
        match self.edition() {
            Edition::E1893 => 4,
            Edition::E1880 => 2,
            Edition::E1879 => 6,
        }
    }

    /// Whether the die gives every Mark (1879 Rule 3) rather than a player.
    pub const fn has_die(self) -> bool {
        matches!(self.edition(), Edition::E1879)
    }

    /// Whether each side sets his own men (1879 Rule 2) rather than one arranger
    /// setting all ten (1880 Rule 2).
    pub const fn sets_own_men(self) -> bool {
        matches!(self.edition(), Edition::E1879)
    }

    /// Whether the game is a match of rounds with a score (1879 Rules 9 and 10: a round
    /// ends at two men, its winner scores his men, five points win).
    pub const fn plays_rounds(self) -> bool {
        matches!(self.edition(), Edition::E1879)
    }

    /// Whether the winner of a Rendezvous takes any wanderer and then deals with the
    /// others (1880 Rule 6: sent to the border; 1879 Rule 5: set in the Rendezvous),
    /// rather than the one man Rule 8 (1893) names.
    pub const fn takes_any_wanderer(self) -> bool {
        !matches!(self.edition(), Edition::E1893)
    }

    /// Whether the loser's other wanderers are set on vacant squares of the
    /// Rendezvous after the take (1879 Rule 5) rather than sent to the border.
    pub const fn sets_wanderers_in_rendezvous(self) -> bool {
        matches!(self.edition(), Edition::E1879)
    }

    /// Whether a Rendezvous is won only by a turn that brings all the mover's men in
    /// (1893, 1879), not also by a Mark move (1880 Rule 5).
    pub const fn wins_only_by_men_in(self) -> bool {
        !matches!(self.edition(), Edition::E1880)
    }

    /// Whether a man may count at most 3 squares unless he is the only one outside
    /// (1893, D-5); the early editions have no limit per man.
    pub const fn limits_each_man(self) -> bool {
        matches!(self.edition(), Edition::E1893)
    }

    /// Whether the first turn of a Rendezvous has its own, smaller allowance (1893
    /// Rule 3).
    pub const fn has_first_turn_allowance(self) -> bool {
        matches!(self.edition(), Edition::E1893)
    }
}

impl Edition {
    /// Every edition, oldest first.
    pub const ALL: [Edition; 3] = [Edition::E1879, Edition::E1880, Edition::E1893];

    /// The year, as the `Rules` tag and citations write it.
    pub const fn year(self) -> u16 {
        // A match, not the variants' discriminants: they stay 0, 1, 2, because the
        // hashes of positions, and so the order of ties in the player's tables, depend
        // on them.
        match self {
            Edition::E1879 => 1879,
            Edition::E1880 => 1880,
            Edition::E1893 => 1893,
        }
    }

    /// Whether the engine can play this edition yet (all three can since 1879 was
    /// added; the check stays for editions still to come).
    pub const fn is_playable(self) -> bool {
        true
    }

    /// Whether the edition takes the Spanish article's options (only 1893 does).
    pub const fn takes_options(self) -> bool {
        matches!(self, Edition::E1893)
    }
}

/// The edition whose year is written `year` (`1880`), as a `Rules` tag names it.
pub(crate) fn edition_of_year(year: &str) -> Option<Edition> {
    Edition::ALL
        .into_iter()
        .find(|e| e.year().to_string() == year)
}

impl Rules {
    /// The 1893 rules with no option (the default).
    pub const R1893: Rules = Rules::of(Edition::E1893);
    /// The December 1880 rules.
    pub const R1880: Rules = Rules::of(Edition::E1880);
    /// The February/March 1879 rules.
    pub const R1879: Rules = Rules::of(Edition::E1879);

    /// 1893 with `options`.
    pub const fn with_options(options: super::rules::Options) -> Rules {
        Rules::from_parts(Edition::E1893, options)
    }
}

/// What the next action of the side to act in `pos` must be (see [`Due`]).
pub(crate) fn due(pos: &Position) -> Due {
    if pos.winner().is_some() {
        return Due::Over;
    }
    let rules = pos.rules();
    match pos.phase() {
        Phase::Set => Due::SetUp {
            own: rules.sets_own_men(),
        },
        Phase::Mark if rules.has_die() => Due::Throw,
        Phase::Mark => Due::Mark {
            size: rendezvous_size(pos),
        },
        Phase::Bonus(squares) => Due::Bonus { squares },
        phase => Due::Turn {
            allowance: allowance(pos),
            of: match phase {
                Phase::First => TurnOf::First,
                Phase::Second => TurnOf::HisFirst,
                _ => TurnOf::Later,
            },
            mark_mover: match phase {
                Phase::Shift(first) => Some(first),
                _ => None,
            },
            interchange: pos.can_interchange().is_ok(),
        },
    }
}

/// How the game was won when `pos` ends it: the last man (1893 Rule 9), no men left
/// (1880 Rule 6), five points (1879 Rule 10).
pub(crate) fn win_reason(pos: &Position) -> WinReason {
    match pos.rules().edition() {
        Edition::E1893 => WinReason::LastMan,
        Edition::E1880 => WinReason::NoMenLeft,
        Edition::E1879 => WinReason::FivePoints,
    }
}

/// The squares the wanderer on `from` may be sent to once the take is made, the board
/// holding `occupied`: the border (1880 E-5), or the vacant squares of the Rendezvous
/// `r` (1879 Rule 5).
pub(crate) fn wanderer_targets(
    rules: Rules,
    r: &Rendezvous,
    from: Square,
    occupied: SquareSet,
) -> SquareSet {
    match rules.edition() {
        Edition::E1879 => e1879::wanderer_squares(r, occupied),
        Edition::E1880 | Edition::E1893 => e1880::wanderer_targets(from, occupied),
    }
}

/// The wanderers to be dealt with after the take, `others` being the loser's other
/// men outside the Rendezvous and `men` the board after the take: the field's
/// (1880 Rule 6: the men on the border stay), every one (1879 Rule 5), or none when
/// the take ends the round (1879 Rule 9, E-12).
pub(crate) fn wanderers_after_take(
    rules: Rules,
    others: SquareSet,
    men: BySide<SquareSet>,
    loser: Side,
) -> SquareSet {
    match rules.edition() {
        Edition::E1879 if e1879::round_over(men, loser) => SquareSet::EMPTY,
        Edition::E1879 => others,
        Edition::E1880 | Edition::E1893 => others - SquareSet::BORDER,
    }
}

/// The border squares the man on the centre of `r` may radiate to, when his owner's
/// choice is due once the wanderers are set (1879 Rule 6, E-8: the round not over,
/// `loser` having lost the Rendezvous); `None` in an edition without it.
pub(crate) fn radiate_choices(
    rules: Rules,
    r: &Rendezvous,
    men: BySide<SquareSet>,
    loser: Side,
) -> Option<SquareSet> {
    match rules.edition() {
        Edition::E1879 if !e1879::round_over(men, loser) => Some(e1879::centre_choices(r, men)),
        _ => None,
    }
}

/// The men's paths from the set to the border after a Rendezvous won, `men` the board
/// once the take is made and the wanderers set, `loser` the side who lost it (1879
/// Rule 6; none when the round ends, E-12, and in the other editions).
pub(crate) fn radiation(
    rules: Rules,
    r: &Rendezvous,
    men: BySide<SquareSet>,
    loser: Side,
    radiate: Option<Square>,
) -> Vec<(Square, Square)> {
    match rules.edition() {
        Edition::E1879 if !e1879::round_over(men, loser) => e1879::radiation(r, men, radiate),
        _ => Vec::new(),
    }
}

/// Whether the centre man radiates after a Rendezvous won (1879 Rule 6).
pub(crate) fn radiates(rules: Rules) -> bool {
    matches!(rules.edition(), Edition::E1879)
}

/// The position after a turn of `start`'s side to act that won the Rendezvous `r`
/// with the take made: `men` the board, `sent` the wanderers dealt with, `radiate`
/// the centre man's square chosen (1879: the wanderers set, radiating, the bonus or
/// the round's end; elsewhere [`after_rendezvous`]).
///
/// # Errors
/// A 1879 radiating choice due and not made.
pub(crate) fn after_win(
    start: &Position,
    r: &Rendezvous,
    men: BySide<SquareSet>,
    sent: usize,
    radiate: Option<Square>,
) -> Result<Position, RuleViolation> {
    match start.rules().edition() {
        Edition::E1879 => e1879::after_win(start, r, men, sent, radiate),
        Edition::E1880 | Edition::E1893 => Ok(after_rendezvous(start, men)),
    }
}

/// The phases a position string of `rules` may have, for messages.
pub(crate) fn phase_words(rules: Rules, after_mark: bool) -> &'static str {
    if rules.edition() == Edition::E1879 {
        return if after_mark {
            "`play` (1879)"
        } else {
            "`set`, `mark` or `bonus:N`, or a Mark and `play` (1879)"
        };
    }
    match (rules.is_1893(), after_mark) {
        (false, true) => "`play`, `shift-B` or `shift-Y` (1880)",
        (false, false) => "`set` or `mark`, or a Mark and `play`, `shift-B` or `shift-Y` (1880)",
        (true, true) if rules.has(super::rules::OptionFlag::BothFirst) => {
            "`first`, `second` or `play`"
        }
        (true, true) => "`first` or `play`",
        (true, false) => "`mark`, or a Mark and `first` or `play`",
    }
}

/// Whether a violation is worded in the terms of the 1879 rules (wanderers set in
/// the Rendezvous, each side's own set-up, moves read into them by E-10).
pub(crate) fn worded_as_1879(rules: Rules) -> bool {
    matches!(rules.edition(), Edition::E1879)
}

/// The start of a game under `rules`.
pub(crate) fn start(rules: Rules) -> Position {
    match rules.edition() {
        Edition::E1880 => e1880::start(rules),
        Edition::E1879 => e1879::start(rules),
        Edition::E1893 => e1893::start(rules, Side::Black),
    }
}

/// The winner of the game in `pos`, when the position ends it.
pub(crate) fn winner(pos: &Position) -> Option<Side> {
    match pos.rules().edition() {
        Edition::E1880 => e1880::winner(pos),
        Edition::E1879 => e1879::winner(pos),
        Edition::E1893 => e1893::winner(pos),
    }
}

/// The fewest Rendezvous `side` must still win to win the game (a lower bound): in
/// 1879 by the score and the round (Rules 9 and 10); elsewhere one.
pub(crate) fn rendezvous_to_game(pos: &Position, side: Side) -> u32 {
    match pos.rules().edition() {
        Edition::E1879 => e1879::rendezvous_to_game(pos, side),
        Edition::E1893 => e1893::rendezvous_to_game(pos, side),
        Edition::E1880 => e1880::rendezvous_to_game(pos, side),
    }
}

/// The number of squares of the Rendezvous due or in play.
pub(crate) fn rendezvous_size(pos: &Position) -> u8 {
    match pos.rules().edition() {
        Edition::E1880 | Edition::E1879 => 9,
        Edition::E1893 => pos.total().saturating_sub(1),
    }
}

/// The allowance of the side to act for a turn.
pub(crate) fn allowance(pos: &Position) -> u8 {
    match pos.rules().edition() {
        Edition::E1880 => e1880::allowance(pos),
        Edition::E1879 => e1879::allowance(pos),
        Edition::E1893 => e1893::allowance(pos),
    }
}

/// Whether a man may count at most 3 squares unless he is the only one outside
/// (1893, D-5); the early editions have no limit per man.
pub(crate) fn limits_each_man(rules: Rules) -> bool {
    rules.is_1893()
}

/// The Rendezvous the side to act would make by setting the Mark on `mark`.
pub(crate) fn mark_rendezvous(
    pos: &Position,
    mark: Square,
    spec: &MarkSpec,
) -> Result<Rendezvous, RuleViolation> {
    match pos.rules().edition() {
        Edition::E1880 => e1880::mark_rendezvous(pos, mark, spec),
        Edition::E1879 => e1879::mark_rendezvous(pos, mark, spec),
        Edition::E1893 => e1893::mark_rendezvous(pos, mark, spec),
    }
}

/// Every Rendezvous the side to act may make now, in a stable order.
pub(crate) fn mark_options(pos: &Position) -> Vec<Rendezvous> {
    match pos.rules().edition() {
        Edition::E1880 => e1880::mark_options(pos),
        Edition::E1879 => e1879::mark_options(pos),
        Edition::E1893 => e1893::mark_options(pos),
    }
}

/// The position after the side to act set the Mark making `r`.
pub(crate) fn after_mark(pos: &Position, r: Rendezvous) -> Position {
    let first = !pos.to_act();
    let phase = match pos.rules().edition() {
        Edition::E1879 => return e1879::after_mark(pos, r),
        Edition::E1880 => Phase::Shift(first),
        Edition::E1893 => Phase::First,
    };
    pos.with_state(pos.all_men(), first, Some(r), phase, false)
}

/// The position after a turn of the side to act that left `men` on the board with the
/// Rendezvous still in play; `moved_men` says whether he moved any of his men.
pub(crate) fn after_turn(pos: &Position, men: BySide<SquareSet>, moved_men: bool) -> Position {
    let mover = pos.to_act();
    let phase = match (pos.phase(), pos.rules().edition()) {
        (Phase::First, Edition::E1893) if pos.rules().has(super::rules::OptionFlag::BothFirst) => {
            Phase::Second
        }
        (Phase::Shift(first), _) if first != mover || !moved_men => Phase::Shift(first),
        _ => Phase::Play,
    };
    pos.with_state(
        men,
        !mover,
        pos.rendezvous().copied(),
        phase,
        pos.interchanged(),
    )
}

/// The position after the side to act won the Rendezvous, `men` being the board once
/// the take (and whatever the edition does after it) is done.
pub(crate) fn after_rendezvous(pos: &Position, men: BySide<SquareSet>) -> Position {
    let winner = pos.to_act();
    let setter = match pos.rules().edition() {
        Edition::E1880 | Edition::E1879 => !winner,
        Edition::E1893 => e1893::next_setter(winner, men),
    };
    pos.with_state(men, setter, None, Phase::Mark, false)
}

/// A violation cited in a game's rules: `Rule 5 (1880): …`.
#[derive(Clone, Copy, Debug)]
pub struct Cited<'a> {
    violation: &'a RuleViolation,
    rules: Rules,
}

impl RuleViolation {
    /// The violation as it reads in a game played by `rules`: the rule in that
    /// edition's numbering, then what is wrong.
    pub fn cited(&self, rules: Rules) -> Cited<'_> {
        Cited {
            violation: self,
            rules,
        }
    }

    /// The rule broken, in the numbering of `rules`.
    pub fn rule_in(&self, rules: Rules) -> RuleRef {
        cite(self, rules)
    }
}

impl std::fmt::Display for Cited<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: ", self.violation.rule_in(self.rules))?;
        self.violation.describe(f, self.rules)
    }
}

impl Rules {
    /// The rule by which a turn ended as it did: a man replaced (1893 Rule 7) or the
    /// Rendezvous won and a man removed (1893 Rule 8; the take of 1880 Rule 6 and
    /// 1879 Rule 5), for the words that tell it.
    pub fn turn_end_rule(self, end: super::turn::TurnEnd) -> RuleRef {
        use super::turn::TurnEnd;
        match (self.edition(), end) {
            (Edition::E1893, TurnEnd::Replaced(_)) => RuleRef::Rule(7),
            (Edition::E1893, _) => RuleRef::Rule(8),
            (Edition::E1880, _) => RuleRef::RuleOf(1880, 6),
            (Edition::E1879, _) => RuleRef::RuleOf(1879, 5),
        }
    }
}

/// The rule a violation breaks, cited in the edition of `rules`.
pub(crate) fn cite(v: &RuleViolation, rules: Rules) -> RuleRef {
    match rules.edition() {
        Edition::E1880 => e1880::cite(v),
        Edition::E1879 => e1879::cite(v),
        Edition::E1893 => v.rule(),
    }
}

impl Position {
    /// The start of the game (Rule 2) with Black to set the first Mark (D-3).
    pub fn start() -> Position {
        Position::start_with_setter(Side::Black)
    }

    /// The start of the game with `setter` to set the first Mark.
    pub fn start_with_setter(setter: Side) -> Position {
        e1893::start(Rules::R1893, setter)
    }

    /// The start of a game played by `rules` (1893 with options: Rule 2's men, Black to
    /// set the Mark; 1880: the empty board, Black to arrange).
    pub fn start_for(rules: Rules) -> Position {
        start(rules)
    }

    /// The start of a game played by `rules` with `side` first to act: the setter of
    /// the first Mark (1893, D-3), the arranger (1880, E-1) or the first player (1879,
    /// E-6).
    pub fn start_for_side(rules: Rules, side: Side) -> Position {
        if rules.edition() == Edition::E1879 {
            return e1879::start_with_first(rules, side);
        }
        let p = start(rules);
        p.with_state(p.all_men(), side, None, p.phase(), false)
    }

    /// The winner, when the position ends the game (1893 Rule 9: one man left; 1880
    /// Rule 6: no men left).
    pub fn winner(&self) -> Option<Side> {
        winner(self)
    }

    /// The size the next (or current) Rendezvous has: in 1893 one less than the men on
    /// the board (Def. 1); in the early editions always 9.
    pub fn rendezvous_size(&self) -> u8 {
        rendezvous_size(self)
    }

    /// Whether the Mark due is the game's first in 1893 (a 9-square Rendezvous, Rule 2:
    /// with ten men on the board no Rendezvous has yet been won).
    pub fn first_mark_due(&self) -> bool {
        self.rules().is_1893() && self.phase() == Phase::Mark && self.total() as u32 == MAX_MEN
    }

    /// The allowance of the side to act for a turn, as the edition counts it (1893
    /// Rule 3 and D-4; 1880 Rule 4: his men).
    pub fn allowance(&self) -> u8 {
        allowance(self)
    }

    /// The allowance `side` has, with the men now on the board, for a turn that is not
    /// the first of a Rendezvous (never less than his first turn's): 1893 Rule 3 by his
    /// men; 1880 Rule 4 his men; 1879 Rule 4 the smaller side's men.
    pub fn later_allowance(&self, side: Side) -> u8 {
        match self.rules().edition() {
            Edition::E1880 => self.count(side),
            Edition::E1879 => e1879::allowance(self),
            Edition::E1893 => e1893::by_men(self.count(side)),
        }
    }

    /// The fewest Rendezvous `side` must still win to win the game, a lower bound for
    /// a search: in 1879 counted from the score and the round (Rules 9 and 10: a round
    /// scores at most the winner's men and ends only when the loser is down to two);
    /// in 1893 the other side's men less one (each Rendezvous takes one, Rule 9); in
    /// 1880 the other side's men (each win takes one, Rule 6, and the game ends at
    /// none).
    pub fn rendezvous_to_game(&self, side: Side) -> u32 {
        rendezvous_to_game(self, side)
    }

    /// The Rendezvous the side to act would make by setting the Mark on `mark` (with
    /// `towards`, a neighbour naming the line, for a 3-square Rendezvous).
    ///
    /// # Errors
    /// Why the Mark may not stand there now.
    pub fn mark_rendezvous(
        &self,
        mark: Square,
        towards: Option<Square>,
    ) -> Result<Rendezvous, RuleViolation> {
        let spec = MarkSpec {
            squares: towards.into_iter().collect(),
            turned: false,
        };
        self.mark_rendezvous_with(mark, &spec)
    }

    /// The Rendezvous the side to act would make by setting the Mark on `mark` with
    /// the squares and options written after it.
    ///
    /// # Errors
    /// Why the Mark may not stand there now.
    pub fn mark_rendezvous_with(
        &self,
        mark: Square,
        spec: &MarkSpec,
    ) -> Result<Rendezvous, RuleViolation> {
        if self.winner().is_some() {
            return Err(RuleViolation::GameOver);
        }
        if let Some(r) = self.rendezvous() {
            return Err(RuleViolation::MarkAlreadySet { mark: r.mark() });
        }
        if self.phase() == Phase::Set {
            return Err(RuleViolation::MenNotSet {
                arranger: self.to_act(),
            });
        }
        mark_rendezvous(self, mark, spec)
    }

    /// Sets the Mark (1893 Rules 2 and 4; 1880 Rule 3): the other side then plays
    /// first.
    ///
    /// # Errors
    /// Why the Mark may not stand there now; the position is unchanged.
    pub fn set_mark(
        &self,
        mark: Square,
        towards: Option<Square>,
    ) -> Result<Position, RuleViolation> {
        let r = self.mark_rendezvous(mark, towards)?;
        Ok(after_mark(self, r))
    }

    /// Sets the Mark with the squares and options written after it.
    ///
    /// # Errors
    /// Why the Mark may not stand there now; the position is unchanged.
    pub fn set_mark_with(&self, mark: Square, spec: &MarkSpec) -> Result<Position, RuleViolation> {
        let r = self.mark_rendezvous_with(mark, spec)?;
        Ok(after_mark(self, r))
    }

    /// Every Rendezvous the side to act may make by setting the Mark now, in a stable
    /// order (empty unless a Mark is due).
    pub fn mark_options(&self) -> Vec<Rendezvous> {
        if self.phase() != Phase::Mark || self.winner().is_some() {
            return Vec::new();
        }
        mark_options(self)
    }

    /// Every position reached by setting the Mark now, with its Rendezvous.
    pub fn mark_outcomes(&self) -> Vec<(Rendezvous, Position)> {
        self.mark_options()
            .into_iter()
            .map(|r| (r, after_mark(self, r)))
            .collect()
    }

    /// The arranger's set-up (1880 Rule 2): five men of each colour on border squares.
    ///
    /// # Errors
    /// Why the men may not be set so; the position is unchanged.
    pub fn set_men(&self, black: &[Square], yellow: &[Square]) -> Result<Position, RuleViolation> {
        match self.rules().edition() {
            Edition::E1893 => Err(RuleViolation::NotInEdition {
                what: "setting the men",
            }),
            Edition::E1880 => e1880::set_men(self, black, yellow),
            Edition::E1879 => e1879::set_men(self, black, yellow),
        }
    }

    /// The bonus of the last Rendezvous' winner (1879 Rule 7): his men's moves to
    /// other border squares, king steps counted (E-9); no moves is the `pass`.
    ///
    /// # Errors
    /// The index of the move at fault and why; the position is unchanged.
    pub fn bonus(&self, moves: &[(Square, Square)]) -> Result<Position, (usize, RuleViolation)> {
        if self.rules().edition() != Edition::E1879 {
            return Err((
                0,
                RuleViolation::NotInEdition {
                    what: "the bonus move",
                },
            ));
        }
        e1879::bonus(self, moves)
    }

    /// Every distinct position the bonus due can reach, the pass first, each with the
    /// moves that reach it (empty unless a 1879 bonus is due).
    pub fn bonus_outcomes(&self) -> Vec<(Vec<(Square, Square)>, Position)> {
        e1879::bonus_outcomes(self)
    }

    /// Moves the Mark one square from `from` to `to`, with the men in its set (1880
    /// Rule 5): a turn of the first player's while he has not moved his own men.
    ///
    /// # Errors
    /// Why the Mark may not be moved so; the position is unchanged.
    pub fn move_mark(&self, from: Square, to: Square) -> Result<Position, RuleViolation> {
        e1880::move_mark(self, from, to)
    }

    /// Every Mark move the side to act may make now (1880 Rule 5), with its position.
    pub fn mark_moves(&self) -> Vec<(Square, Square, Position)> {
        if !self.rules().is_1880() || e1880::may_move_mark(self).is_err() {
            return Vec::new();
        }
        e1880::mark_moves(self)
    }

    /// The position after a turn of the side to act that ended with `men` on the board
    /// and the Rendezvous still in play (`moved_men`: whether he moved any man).
    pub(crate) fn after_turn(&self, men: BySide<SquareSet>, moved_men: bool) -> Position {
        after_turn(self, men, moved_men)
    }

    /// The position after the side to act won the Rendezvous, `men` being the board
    /// after the take and whatever his edition does next.
    pub(crate) fn after_rendezvous(&self, men: BySide<SquareSet>) -> Position {
        after_rendezvous(self, men)
    }
}
