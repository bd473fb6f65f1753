//! Why an action is illegal: [`RuleViolation`] names the broken rule and carries the
//! facts (squares, counts) needed to explain it, so that diagnostics never have to
//! recompute anything.

use super::rendezvous::MarkProblem;
use super::rules::Rules;
use super::side::Side;
use super::square::Square;
use super::squareset::SquareSet;
use std::fmt;

/// A rule of the game as players cite it: Carroll's 1893 definitions and rules, or one
/// of the project's decisions where Carroll is silent or ambiguous.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RuleRef {
    /// Carroll's definition number (1893).
    Def(u8),
    /// Carroll's rule number (1893).
    Rule(u8),
    /// The project's decision `D-n` (see `docs/rules.md`).
    Decision(u8),
    /// Carroll's rule number in another edition's text (`Rule 5 (1880)`), or in his
    /// 1881 answers (`Rule 4 (1881)`).
    RuleOf(u16, u8),
    /// The project's decision `E-n` for the early editions.
    EditionDecision(u8),
    /// The edition as a whole (an action it does not have).
    Edition(u16),
}

impl fmt::Display for RuleRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleRef::Def(n) => write!(f, "Def. {n} (1893)"),
            RuleRef::Rule(n) => write!(f, "Rule {n} (1893)"),
            RuleRef::Decision(n) => write!(f, "D-{n}"),
            RuleRef::RuleOf(year, n) => write!(f, "Rule {n} ({year})"),
            RuleRef::EditionDecision(n) => write!(f, "E-{n}"),
            RuleRef::Edition(year) => write!(f, "The {year} rules"),
        }
    }
}

/// Why an interchange cannot be demanded now.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum InterchangeTiming {
    /// No Mark is set.
    NoMark,
    /// The first turn of this Rendezvous has been played.
    AfterFirstTurn,
    /// One interchange was already made for this Rendezvous.
    AlreadyMade,
}

/// Why a turn has no more room for a man's move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TurnOver {
    /// The turn ended when an outlying man was replaced (1893 Rule 7).
    Replaced,
    /// The Rendezvous was won and is over.
    RendezvousWon,
}

/// Why a game ended, for refusing later actions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ended {
    /// The same position a third time in one Rendezvous (D-9).
    Repetition,
    /// The players agreed a draw (D-9).
    Agreed,
    /// A player resigned (D-9).
    Resigned,
}

/// What is wrong with a `set` (1880 Rule 2).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SetProblem {
    /// Men are set on border squares only.
    NotBorder(Square),
    /// A square was named twice.
    Repeated(Square),
    /// A side has the wrong number of men.
    Count {
        /// The side.
        side: Side,
        /// How many squares were named for it.
        given: u8,
        /// How many it needs.
        needed: u8,
    },
    /// In 1879 each side sets only his own men.
    OwnMenOnly {
        /// The side setting.
        side: Side,
    },
    /// The square already holds a man (1879: the second player sets on vacant squares).
    Occupied(Square),
}

/// What is wrong with radiating after a won Rendezvous (1879 Rule 6, E-8).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RadiateProblem {
    /// A man stands on the centre and his owner's choice is not written.
    Missing {
        /// The border squares he may go to.
        choices: SquareSet,
    },
    /// No man stands on the centre (or no Rendezvous was won): nothing to choose.
    NotDue {
        /// The square written.
        square: Square,
    },
    /// The centre man may not go there.
    BadSquare {
        /// The square written.
        square: Square,
        /// The border squares he may go to.
        choices: SquareSet,
    },
}

/// What is wrong with a bonus (1879 Rule 7, E-9, E-11).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BonusProblem {
    /// No bonus is due now.
    NotDue,
    /// A bonus is only men's moves (or `pass`): no take, wanderers or radiating.
    OnlyMoves,
    /// A bonus move stops on a border square.
    NotBorder {
        /// The man's square.
        from: Square,
        /// The square named.
        to: Square,
    },
    /// No king path through vacant squares joins the squares.
    NoPath {
        /// The man's square.
        from: Square,
        /// The square named.
        to: Square,
    },
    /// The move costs more than is left of the bonus.
    TooFar {
        /// The man's square.
        from: Square,
        /// The square named.
        to: Square,
        /// Its cost in king steps.
        count: u8,
        /// The squares counted before it.
        used: u8,
        /// The whole bonus, twice the wanderers.
        allowance: u8,
    },
}

/// Why the Mark may not be moved (1880 Rule 5).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MarkMoveBan {
    /// No Mark is in play.
    NoMark,
    /// The player who laid the Mark never has the privilege.
    Selector,
    /// He has moved one of his own men in this Rendezvous.
    PrivilegeOver,
    /// The move does not start on the Mark.
    NotTheMark {
        /// Where the Mark is.
        mark: Square,
    },
    /// The Mark moves one square in one of the eight directions.
    NotOneSquare,
    /// The new centre would be a border square.
    ToBorder,
    /// A carried man would land on a man who is not carried.
    Collision {
        /// The carried man.
        carried: Square,
        /// Where he would land.
        onto: Square,
    },
    /// The new set would include one of his own men who was not carried (E-3).
    IncludesOwn {
        /// The man.
        square: Square,
    },
}

/// What is wrong with the wanderers of a winning event (1880 Rule 6, E-5).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WandererProblem {
    /// Wanderers in the field are still to be sent to the border.
    Missing {
        /// The wanderers still in the field.
        pending: SquareSet,
    },
    /// No wanderer is to be sent now.
    NotDue,
    /// The man named is not a wanderer in the field.
    NotAWanderer {
        /// The square named.
        square: Square,
        /// The wanderers still to be sent.
        pending: SquareSet,
    },
    /// The target is not the border end of a clear line from the wanderer.
    BadTarget {
        /// The wanderer.
        from: Square,
        /// The target named.
        to: Square,
        /// The border squares he may be sent to.
        targets: SquareSet,
    },
}

/// An illegal action, with the rule it breaks and the facts that show it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RuleViolation {
    /// The game is over; nothing more may be played.
    GameOver,
    /// The game ended in a draw or by resignation; nothing more may be played.
    GameEnded {
        /// How it ended.
        how: Ended,
    },
    /// The action does not exist in this game's edition.
    NotInEdition {
        /// What was tried.
        what: &'static str,
    },
    /// `set` is the first action of an early-edition game only.
    SetNotNow,
    /// The men are to be set before anything else (1880 Rule 2).
    MenNotSet {
        /// Who sets them.
        arranger: Side,
    },
    /// The men may not be set so.
    BadSet(SetProblem),
    /// The Mark may not be moved so (1880 Rule 5).
    MarkMove {
        /// The Mark's square as written.
        from: Square,
        /// Where it was to go.
        to: Square,
        /// Why not.
        why: MarkMoveBan,
    },
    /// The wanderers were not sent as Rule 6 (1880) says (or set as Rule 5, 1879).
    Wanderer(WandererProblem),
    /// The die gives only c3…f6 (1879 Rule 3, E-7).
    NotADieSquare {
        /// The square written.
        square: Square,
    },
    /// The men were not radiated as Rule 6 (1879) says.
    Radiate(RadiateProblem),
    /// The bonus was not moved as Rule 7 (1879) says.
    Bonus(BonusProblem),
    /// A Mark is set already; the action needs the Mark to be due.
    MarkAlreadySet {
        /// Where the current Mark is.
        mark: Square,
    },
    /// The Mark must be set before any man moves.
    MarkNotSet {
        /// Who is to set it.
        setter: Side,
    },
    /// The Mark cannot stand on that square.
    BadMark {
        /// The square named.
        square: Square,
        /// The size of the Rendezvous due.
        size: u8,
        /// What is wrong.
        problem: MarkProblem,
    },
    /// An interchange is not allowed now.
    InterchangeNotNow(InterchangeTiming),
    /// The setter has more men than the other player, so he cannot give all of his men
    /// for as many of the other's.
    SetterHasMoreMen {
        /// The setter.
        setter: Side,
        /// His men.
        setter_men: u8,
        /// The other player's men.
        other_men: u8,
    },
    /// The setter has as many men as the other: every man changes colour and no
    /// squares may be named.
    InterchangeNoChoice,
    /// The setter must name exactly as many of the other's men as he has.
    InterchangeWrongCount {
        /// How many must be named (the setter's men).
        expected: u8,
        /// How many were named.
        given: u8,
    },
    /// A square named for an interchange does not hold a man of the demanding player.
    InterchangeNotOthersMan {
        /// The square.
        square: Square,
    },
    /// A square was named twice for an interchange.
    InterchangeRepeated {
        /// The square.
        square: Square,
    },
    /// There is no man on the square.
    NoMan {
        /// The square.
        square: Square,
    },
    /// The man belongs to the other player.
    NotYourMan {
        /// The square.
        square: Square,
        /// Whose man it is.
        owner: Side,
    },
    /// The man was already moved this turn.
    AlreadyMoved {
        /// Where the man stands now.
        square: Square,
    },
    /// A move must go somewhere.
    SameSquare {
        /// The square.
        square: Square,
    },
    /// The target is not on a straight line from the man (nor, in an open Rendezvous,
    /// reachable along the border).
    NotInLine {
        /// From.
        from: Square,
        /// To.
        to: Square,
        /// Both squares are on the border: a Rule 6 slide would join them in an open
        /// Rendezvous.
        border_pair: bool,
    },
    /// A man stands in the way.
    PathBlocked {
        /// From.
        from: Square,
        /// To.
        to: Square,
        /// The first square in the way.
        blocker: Square,
    },
    /// The target square holds a man.
    TargetOccupied {
        /// From.
        from: Square,
        /// To.
        to: Square,
        /// Whose man is there.
        occupant: Side,
    },
    /// One man may count at most 3 squares, unless he is the mover's only man outside
    /// the Rendezvous (Rule 3, D-5).
    TooFarForOneMan {
        /// From.
        from: Square,
        /// To.
        to: Square,
        /// What the move counts.
        count: u8,
        /// How many other men of the mover are outside the Rendezvous.
        others_outside: u8,
    },
    /// The turn's allowance would be exceeded (Rule 3).
    OverAllowance {
        /// From.
        from: Square,
        /// To.
        to: Square,
        /// What the move counts.
        count: u8,
        /// Squares already counted this turn.
        used: u8,
        /// The turn's allowance.
        allowance: u8,
        /// Whether this is the first turn of the Rendezvous (allowance 2).
        first_turn: bool,
    },
    /// The turn is over: no further man may move.
    TurnOver(TurnOver),
    /// All the mover's men are in the Rendezvous: he must now take (Rule 7 or 8).
    TakeDue {
        /// The men he may take.
        choices: SquareSet,
        /// Whether the Rendezvous is full (Rule 8) rather than not yet full (Rule 7).
        full: bool,
    },
    /// A take was written but the mover's men are not all in the Rendezvous.
    TakeNotDue {
        /// The mover's men still outside.
        outside: SquareSet,
    },
    /// Rule 7: the man chosen is not one of the outlying men.
    TakeNotOutlying {
        /// The square named.
        square: Square,
        /// The outlying men.
        choices: SquareSet,
    },
    /// Rule 8: the man removed is forced, and this is not it.
    TakeWrongMan {
        /// The square named.
        square: Square,
        /// The outlying man.
        expected: Square,
    },
    /// Rule 7: the turn ended with all the mover's men in, but no outlying man was
    /// chosen.
    TakeMissing {
        /// The outlying men he may choose.
        choices: SquareSet,
    },
    /// A turn must move at least one square (Rule 3).
    EmptyTurn,
    /// Passing is allowed only when no man can move (D-6).
    PassNotAllowed {
        /// One legal move, to show.
        example: (Square, Square),
    },
}

impl RuleViolation {
    /// The rule or decision broken.
    pub fn rule(&self) -> RuleRef {
        use RuleViolation::*;
        match self {
            GameOver => RuleRef::Rule(9),
            GameEnded { .. } => RuleRef::Decision(9),
            NotInEdition { .. } => RuleRef::Edition(1893),
            SetNotNow | MenNotSet { .. } | BadSet(_) | MarkMove { .. } | Wanderer(_) => {
                RuleRef::Edition(1893)
            }
            NotADieSquare { .. } | Radiate(_) | Bonus(_) => RuleRef::Edition(1893),
            MarkAlreadySet { .. } | MarkNotSet { .. } => RuleRef::Rule(2),
            BadMark { problem, .. } => match problem {
                MarkProblem::NotFirstSquare => RuleRef::Rule(2),
                MarkProblem::LineRequired
                | MarkProblem::LineNotAllowed
                | MarkProblem::NotAdjacent(_)
                | MarkProblem::NoSuchSize => RuleRef::Def(2),
                _ => RuleRef::Rule(4),
            },
            InterchangeNotNow(_)
            | SetterHasMoreMen { .. }
            | InterchangeNoChoice
            | InterchangeWrongCount { .. }
            | InterchangeNotOthersMan { .. }
            | InterchangeRepeated { .. } => RuleRef::Rule(5),
            NoMan { .. } | NotYourMan { .. } | SameSquare { .. } => RuleRef::Rule(1),
            NotInLine { .. } | PathBlocked { .. } | TargetOccupied { .. } => RuleRef::Rule(1),
            AlreadyMoved { .. } | OverAllowance { .. } | EmptyTurn => RuleRef::Rule(3),
            TooFarForOneMan { .. } => RuleRef::Rule(3),
            TurnOver(self::TurnOver::Replaced) => RuleRef::Rule(7),
            TurnOver(self::TurnOver::RendezvousWon) => RuleRef::Rule(8),
            TakeDue { full, .. } => RuleRef::Rule(if *full { 8 } else { 7 }),
            TakeNotDue { .. } | TakeNotOutlying { .. } | TakeMissing { .. } => RuleRef::Rule(7),
            TakeWrongMan { .. } => RuleRef::Rule(8),
            PassNotAllowed { .. } => RuleRef::Decision(6),
        }
    }

    /// A stable identifier of the kind of violation, by concept (used for diagnostic
    /// codes such as `lanrick::rule::too_far`).
    pub fn code(&self) -> &'static str {
        use RuleViolation::*;
        match self {
            GameOver | GameEnded { .. } => "game_over",
            NotInEdition { .. } => "not_in_edition",
            SetNotNow => "set_not_now",
            MenNotSet { .. } => "men_not_set",
            BadSet(SetProblem::Count { .. }) => "set_count",
            BadSet(_) => "set_square",
            MarkMove { .. } => "mark_move",
            Wanderer(WandererProblem::Missing { .. }) => "wanderers_missing",
            Wanderer(_) => "wanderer",
            NotADieSquare { .. } => "die_square",
            Radiate(RadiateProblem::Missing { .. }) => "radiate_missing",
            Radiate(_) => "radiate",
            Bonus(BonusProblem::TooFar { .. }) => "bonus_too_far",
            Bonus(_) => "bonus",
            MarkAlreadySet { .. } => "mark_already_set",
            MarkNotSet { .. } => "mark_not_set",
            BadMark { problem, .. } => match problem {
                MarkProblem::NotFirstSquare => "first_mark",
                MarkProblem::LineRequired => "line_required",
                MarkProblem::LineNotAllowed => "line_not_allowed",
                MarkProblem::NotAdjacent(_) => "line_not_adjacent",
                _ => "mark_does_not_fit",
            },
            InterchangeNotNow(_) => "interchange_not_now",
            SetterHasMoreMen { .. } => "interchange_impossible",
            InterchangeNoChoice => "interchange_no_choice",
            InterchangeWrongCount { .. } => "interchange_count",
            InterchangeNotOthersMan { .. } => "interchange_square",
            InterchangeRepeated { .. } => "interchange_repeated",
            NoMan { .. } => "no_man",
            NotYourMan { .. } => "not_your_man",
            AlreadyMoved { .. } => "moved_twice",
            SameSquare { .. } => "same_square",
            NotInLine { .. } => "not_in_line",
            PathBlocked { .. } => "blocked",
            TargetOccupied { .. } => "occupied",
            TooFarForOneMan { .. } => "too_far",
            OverAllowance { .. } => "over_allowance",
            TurnOver(_) => "turn_over",
            TakeDue { .. } => "take_due",
            TakeNotDue { .. } => "take_not_due",
            TakeNotOutlying { .. } => "take_not_outlying",
            TakeWrongMan { .. } => "take_wrong_man",
            TakeMissing { .. } => "take_missing",
            EmptyTurn => "empty_turn",
            PassNotAllowed { .. } => "pass_not_allowed",
        }
    }
}

impl fmt::Display for RuleViolation {
    /// The message citing the 1893 rules; see [`RuleViolation::cited`] for others.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.rule())?;
        self.describe(f, Rules::default())
    }
}

impl RuleViolation {
    /// What is wrong, in the words of a game played by `rules` (without the rule).
    pub(crate) fn describe(&self, f: &mut fmt::Formatter<'_>, rules: Rules) -> fmt::Result {
        use RuleViolation::*;
        let early = rules.takes_any_wanderer();
        let e1879 = super::editions::worded_as_1879(rules);
        match self {
            NotADieSquare { square } => write!(
                f,
                "the die gives the Mark only on c3 to f6 (row and column each 3 to 6, E-7), not on {square}"
            ),
            Radiate(RadiateProblem::Missing { .. }) => write!(
                f,
                "a man stands on the centre of the Rendezvous: his owner's choice of border square is written `radiate <square>`"
            ),
            Radiate(RadiateProblem::NotDue { square }) => write!(
                f,
                "no radiating choice is due now, so `radiate {square}` cannot be written"
            ),
            Radiate(RadiateProblem::BadSquare { square, .. }) => write!(
                f,
                "the centre man radiates along a line whose square in the Rendezvous is vacant (or, all eight held, to any vacant border square); {square} is not such a square"
            ),
            Bonus(BonusProblem::NotDue) => write!(f, "no bonus is due now"),
            Bonus(BonusProblem::OnlyMoves) => write!(
                f,
                "the bonus is only moves of the winner's men to border squares (or `pass`)"
            ),
            Bonus(BonusProblem::NotBorder { from, to }) => write!(
                f,
                "a bonus move stops on a border square, and {from}-{to} stops in the field"
            ),
            Bonus(BonusProblem::NoPath { from, to }) => write!(
                f,
                "no path of king steps through vacant squares leads from {from} to {to}"
            ),
            Bonus(BonusProblem::TooFar {
                from,
                to,
                count,
                used,
                allowance,
            }) => write!(
                f,
                "{from}-{to} costs {count} king steps, but only {} of the bonus's {allowance} squares (twice the wanderers, E-11) {} left",
                allowance.saturating_sub(*used),
                if allowance.saturating_sub(*used) == 1 {
                    "is"
                } else {
                    "are"
                }
            ),
            BadSet(SetProblem::OwnMenOnly { side }) => write!(
                f,
                "each player sets only his own men: {side} sets now, with `set` and five squares"
            ),
            BadSet(SetProblem::Occupied(sq)) => {
                write!(
                    f,
                    "{sq} already holds a man; men are set on vacant border squares"
                )
            }
            Wanderer(WandererProblem::Missing { pending }) if e1879 => write!(
                f,
                "every other man outside must be set in the Rendezvous after the take: {pending} still to be set"
            ),
            Wanderer(WandererProblem::NotAWanderer { square, pending }) if e1879 => write!(
                f,
                "{square} is not a wanderer still to be set; still to be set: {pending}"
            ),
            Wanderer(WandererProblem::BadTarget { from, to, .. }) if e1879 => write!(
                f,
                "a wanderer is set on a vacant square of the Rendezvous, and {from}-{to} does not set him on one"
            ),
            Wanderer(WandererProblem::NotDue) if e1879 => {
                write!(f, "no wanderer is to be set in the Rendezvous now")
            }
            MenNotSet { arranger } if e1879 => write!(
                f,
                "the men are not all set yet: {arranger} must first set his five men on border squares"
            ),
            GameOver => write!(f, "the game is over; nothing more may be played"),
            GameEnded { how } => match how {
                Ended::Repetition => write!(
                    f,
                    "the game was drawn by the third repetition of a position; nothing more may be played"
                ),
                Ended::Agreed => write!(
                    f,
                    "the game was drawn by agreement; nothing more may be played"
                ),
                Ended::Resigned => write!(f, "a player resigned; nothing more may be played"),
            },
            NotInEdition { what } => write!(f, "{what} is not part of the {rules} rules"),
            SetNotNow => write!(f, "the men are set only at the start of the game"),
            MenNotSet { arranger } => write!(
                f,
                "no men are on the board yet: {arranger} must first set all ten men on border squares"
            ),
            BadSet(SetProblem::NotBorder(sq)) => {
                write!(
                    f,
                    "men are set on border squares only, and {sq} is in the field"
                )
            }
            BadSet(SetProblem::Repeated(sq)) => write!(f, "{sq} is named twice in the set-up"),
            BadSet(SetProblem::Count {
                side,
                given,
                needed,
            }) => write!(
                f,
                "each side has {needed} men: {given} squares were named for {side}"
            ),
            MarkMove { from, to, why } => match why {
                MarkMoveBan::NoMark => write!(f, "no Mark is in play to be moved"),
                MarkMoveBan::Selector => {
                    write!(f, "the player who laid the Mark may never move it")
                }
                MarkMoveBan::PrivilegeOver => write!(
                    f,
                    "the Mark may be moved only until the first player moves one of his own men in this Rendezvous"
                ),
                MarkMoveBan::NotTheMark { mark } => {
                    write!(f, "the Mark is on {mark}, not on {from}")
                }
                MarkMoveBan::NotOneSquare => write!(
                    f,
                    "the Mark moves exactly one square in one of the eight directions; {from}-{to} does not"
                ),
                MarkMoveBan::ToBorder => {
                    write!(f, "the Mark may not be moved to a border square ({to})")
                }
                MarkMoveBan::Collision { carried, onto } => write!(
                    f,
                    "the man on {carried} would be carried onto {onto}, which holds a man outside the Rendezvous"
                ),
                MarkMoveBan::IncludesOwn { square } => write!(
                    f,
                    "moving the Mark to {to} would bring your man on {square} into the Rendezvous (E-3)"
                ),
            },
            Wanderer(w) => match w {
                WandererProblem::Missing { pending } => write!(
                    f,
                    "the wanderers in the field must be sent to the border: {pending} still to go"
                ),
                WandererProblem::NotDue => write!(f, "no wanderer is to be sent to the border now"),
                WandererProblem::NotAWanderer { square, pending } => write!(
                    f,
                    "{square} is not a wanderer in the field; still to be sent: {pending}"
                ),
                WandererProblem::BadTarget { from, to, .. } => write!(
                    f,
                    "a wanderer goes straight to the border square where a clear line from him ends, and {from}-{to} is not such a move"
                ),
            },
            MarkAlreadySet { mark } => {
                write!(f, "the Mark is already set on {mark} for this Rendezvous")
            }
            MarkNotSet { setter } => write!(
                f,
                "no Mark is set yet: {setter} must set the Mark before any man moves"
            ),
            BadMark {
                square,
                size,
                problem,
            } => match problem {
                MarkProblem::NoSuchSize => {
                    write!(f, "there is no Rendezvous of {size} squares")
                }
                MarkProblem::NeedsField => write!(
                    f,
                    "the Mark of {} {size}-square Rendezvous must stand on a field square, not on the border square {square}",
                    super::rendezvous::article(*size)
                ),
                MarkProblem::LineOffBoard(l) => write!(
                    f,
                    "a {} line of three squares through {square} would leave the board",
                    l.name()
                ),
                MarkProblem::LineRequired => write!(
                    f,
                    "a 3-square Rendezvous is a line of three: name a second square next to {square} to give its direction"
                ),
                MarkProblem::LineNotAllowed => write!(
                    f,
                    "only a 3-square Rendezvous takes a second square; this one has {size} squares"
                ),
                MarkProblem::NotAdjacent(other) => write!(
                    f,
                    "the second square {other} is not next to the Mark {square}"
                ),
                MarkProblem::NotFirstSquare => write!(
                    f,
                    "the first Mark must be set on c6, d5, e4 or f3, not on {square}"
                ),
                MarkProblem::HoldsOwnMan(own) if early => write!(
                    f,
                    "the set round {square} holds your own man on {own}; the selector's Rendezvous must not include any of his own men"
                ),
                other => write!(f, "{other}"),
            },
            InterchangeNotNow(t) => match t {
                InterchangeTiming::NoMark => {
                    write!(f, "an interchange may be demanded only after a Mark is set")
                }
                InterchangeTiming::AfterFirstTurn => write!(
                    f,
                    "an interchange may be demanded only before the first turn of a Rendezvous"
                ),
                InterchangeTiming::AlreadyMade => {
                    write!(f, "an interchange was already made for this Rendezvous")
                }
            },
            SetterHasMoreMen {
                setter,
                setter_men,
                other_men,
            } => write!(
                f,
                "{setter}, who set the Mark, has {setter_men} men and the other side only {other_men}: he cannot exchange all his men"
            ),
            InterchangeNoChoice => write!(
                f,
                "both sides have as many men, so every man changes colour: name no squares"
            ),
            InterchangeWrongCount { expected, given } => write!(
                f,
                "the setter exchanges his {expected} men for {expected} of the other side's, but {given} were named"
            ),
            InterchangeNotOthersMan { square } => write!(
                f,
                "{square} does not hold a man of the side demanding the interchange"
            ),
            InterchangeRepeated { square } => {
                write!(f, "{square} is named twice for the interchange")
            }
            NoMan { square } => write!(f, "there is no man on {square}"),
            NotYourMan { square, owner } => {
                write!(f, "the man on {square} is {owner}'s, not yours")
            }
            AlreadyMoved { square } => {
                write!(
                    f,
                    "the man on {square} was already moved this turn; a man may be moved only once a turn"
                )?;
                if e1879 {
                    write!(f, " (read into the 1879 rules, E-10)")?;
                }
                Ok(())
            }
            SameSquare { square } => write!(f, "a man's move from {square} must leave {square}"),
            NotInLine {
                from,
                to,
                border_pair,
            } => {
                write!(
                    f,
                    "{from}-{to} is not a straight line (along a rank, file or diagonal)"
                )?;
                if *border_pair {
                    write!(
                        f,
                        "; sliding round the border (Rule 6) is allowed only for an open Rendezvous"
                    )?;
                }
                Ok(())
            }
            PathBlocked { from, to, blocker } => {
                write!(
                    f,
                    "the man cannot move from {from} to {to}: {blocker} is in the way, and men may not jump"
                )?;
                if e1879 {
                    write!(f, " (read into the 1879 rules, E-10)")?;
                }
                Ok(())
            }
            TargetOccupied { to, occupant, .. } => write!(
                f,
                "{to} is occupied by a {} man; a square holds at most one man",
                occupant.name()
            ),
            TooFarForOneMan {
                from,
                to,
                count,
                others_outside,
            } => write!(
                f,
                "{from}-{to} counts {count} squares, but one man may count at most 3 while {others_outside} other {} of yours {} outside the Rendezvous",
                if *others_outside == 1 { "man" } else { "men" },
                if *others_outside == 1 { "is" } else { "are" }
            ),
            OverAllowance {
                from,
                to,
                count,
                used,
                allowance,
                first_turn,
            } => {
                write!(
                    f,
                    "{from}-{to} counts {count}, but only {} of this turn's {allowance} squares {} left",
                    allowance.saturating_sub(*used),
                    if allowance.saturating_sub(*used) == 1 {
                        "is"
                    } else {
                        "are"
                    }
                )?;
                if *first_turn {
                    write!(
                        f,
                        " (the first turn for a Rendezvous may move only 2 squares)"
                    )?;
                }
                Ok(())
            }
            TurnOver(self::TurnOver::Replaced) => write!(
                f,
                "the turn ended when the outlying man was replaced; no further man may move"
            ),
            TurnOver(self::TurnOver::RendezvousWon) => {
                write!(f, "the Rendezvous is won and over; no further man may move")
            }
            TakeDue { choices, full } if early => {
                if *full {
                    write!(
                        f,
                        "all your men are in the Rendezvous: the wanderer on {choices} is taken off, and no man may move"
                    )
                } else {
                    write!(
                        f,
                        "all your men are in the Rendezvous: take off one of the wanderers ({choices}); no man may move"
                    )
                }
            }
            TakeDue { choices, full } => {
                if *full {
                    write!(
                        f,
                        "all your men are in the full Rendezvous: the outlying man on {choices} is removed, and no man may move"
                    )
                } else {
                    write!(
                        f,
                        "all your men are in the Rendezvous: choose an outlying man to replace ({choices}); no man may move"
                    )
                }
            }
            TakeNotDue { outside } => write!(
                f,
                "a man may be taken only when all your men are in the Rendezvous; {outside} still outside"
            ),
            TakeNotOutlying { square, choices } if early => {
                write!(f, "{square} is not a wanderer; take off one of {choices}")
            }
            TakeNotOutlying { square, choices } => write!(
                f,
                "{square} is not an outlying man; choose one of {choices}"
            ),
            TakeWrongMan { square, expected } => write!(
                f,
                "the man removed is the one outlying man, on {expected}, not {square}"
            ),
            TakeMissing { choices } if early => write!(
                f,
                "all your men are in the Rendezvous: choose which wanderer to take off ({choices}) with `x <square>`"
            ),
            TakeMissing { choices } => write!(
                f,
                "all your men are in the Rendezvous: choose which outlying man to replace ({choices}) with `x <square>`"
            ),
            EmptyTurn => write!(f, "a turn must move at least one square"),
            PassNotAllowed { example } => write!(
                f,
                "passing is allowed only when no man can move, and {}-{} is legal",
                example.0, example.1
            ),
        }
    }
}

impl std::error::Error for RuleViolation {}
