//! Turning a [`RuleViolation`] into a [`Problem`]: the code by concept, the message
//! citing the rule, the label on the exact token, secondary labels on the moves that
//! explain it, and a help line computed from the engine (what would be legal).

use super::codes::Code;
use super::problem::Problem;
use crate::engine::game::{ActionError, ActionPart};
use crate::engine::{
    BonusProblem, MarkMoveBan, MarkProblem, Phase, Position, RadiateProblem, RuleViolation,
    SetProblem, Side, Square, SquareSet, TurnInProgress, WandererProblem,
};
use crate::syntax::ast::{Event, EventKind, Span};

/// The code of a rule violation: `lanrick::rule::<concept>` ([`Code::rule`]).
pub fn rule_code(v: &RuleViolation) -> Code {
    Code::rule(v)
}

/// A short list of squares for a help line (`a1, b2 and c3`), or `none`.
pub fn list(set: impl IntoIterator<Item = Square>) -> String {
    let v: Vec<String> = set.into_iter().map(|s| s.to_string()).collect();
    match v.len() {
        0 => "none".to_string(),
        1 => v[0].clone(),
        n => format!("{} and {}", v[..n - 1].join(", "), v[n - 1]),
    }
}

/// Where the men of the mover may go now, for a help line.
fn moves_help(turn: &TurnInProgress, from: Option<Square>) -> String {
    let remaining = turn.remaining();
    if remaining == 0 {
        return format!(
            "all {} squares of this turn are used: end the turn after the earlier moves",
            turn.allowance()
        );
    }
    let squares = if remaining == 1 { "square" } else { "squares" };
    if let Some(from) = from
        && turn.men(turn.mover()).contains(from)
        && !turn.moved().contains(from)
    {
        let moves = turn.legal_moves_from(from);
        if moves.is_empty() {
            return format!(
                "the man on {from} has no legal move now ({remaining} {squares} left this turn)"
            );
        }
        let targets: Vec<String> = moves
            .iter()
            .map(|m| format!("{} ({})", m.to, m.count))
            .collect();
        return format!(
            "{remaining} {squares} left this turn; the man on {from} may go to {}",
            targets.join(", ")
        );
    }
    let movable: SquareSet = turn.legal_moves().iter().map(|m| m.from).collect();
    if movable.is_empty() {
        format!("no man can move now ({remaining} {squares} left)")
    } else {
        format!(
            "{remaining} {squares} left this turn; men that can move: {}",
            list(movable)
        )
    }
}

/// The help line for a Mark that may not move so: the moves that are legal, or why
/// there are none.
fn mark_move_help(pos: &Position, why: MarkMoveBan) -> String {
    let moves = pos.mark_moves();
    if !moves.is_empty() {
        let v: Vec<String> = moves
            .iter()
            .map(|(f, t, _)| format!("`mark {f}-{t}`"))
            .collect();
        return format!("the Mark may move now: {}", v.join(", "));
    }
    match why {
        MarkMoveBan::Selector | MarkMoveBan::PrivilegeOver | MarkMoveBan::NoMark => {
            "only the first player may move the Mark, on his turns before he moves any of his own men".to_string()
        }
        _ => "no Mark move is legal now: move a man instead".to_string(),
    }
}

/// The help line for the wanderers: each still to be sent and where each may go.
fn wanderer_help(pos: &Position, ev: &Event, part: ActionPart, w: WandererProblem) -> String {
    let set_in = pos.rules().sets_wanderers_in_rendezvous();
    if let WandererProblem::BadTarget { from, targets, .. } = w {
        if set_in {
            return format!(
                "the wanderer on {from} may be set on a vacant square of the Rendezvous: {}",
                list(targets)
            );
        }
        return format!("the wanderer on {from} may be sent to {}", list(targets));
    }
    let EventKind::Turn {
        moves,
        take,
        wanderers,
        ..
    } = &ev.kind
    else {
        return "no wanderer is to be sent now".to_string();
    };
    let Ok(mut t) = pos.begin_turn() else {
        return "no wanderer is to be sent now".to_string();
    };
    for m in moves {
        if t.play_move(m.from.node, m.to.node).is_err() {
            break;
        }
    }
    let taken = match take {
        Some(tk) => Some(tk.square.node),
        None => t
            .take_choices()
            .filter(|c| c.count() == 1)
            .and_then(|c| c.first()),
    };
    if let Some(sq) = taken {
        let _ = t.take(sq);
        if set_in && t.taken().is_some() && t.men(!t.mover()).count() <= 2 {
            return format!(
                "the take left {} two men: the round ends at once (Rule 9, E-12), with no wanderers, radiating or bonus",
                !t.mover()
            );
        }
    }
    let upto = match part {
        ActionPart::Wanderer(i) => i,
        _ => wanderers.len(),
    };
    for m in wanderers.iter().take(upto) {
        if t.send_wanderer(m.from.node, m.to.node).is_err() {
            break;
        }
    }
    let pending = t.pending_wanderers();
    if pending.is_empty() {
        if set_in {
            return "no wanderer is left to set: end the event here (with `radiate <square>` when a man stands on the centre)".to_string();
        }
        return "no wanderer is left to send: end the event here".to_string();
    }
    let each: Vec<String> = pending
        .into_iter()
        .map(|sq| format!("{sq} to {}", list(t.wanderer_targets(sq))))
        .collect();
    if set_in {
        return format!("still to be set, after `wanderers`: {}", each.join("; "));
    }
    format!("still to be sent, after `wanderers`: {}", each.join("; "))
}

/// The help line for a bonus: where the man at fault (or each of the winner's men) may
/// go with what is left, and what each costs in king steps (E-9).
fn bonus_help(pos: &Position, ev: &Event, part: ActionPart, b: BonusProblem) -> String {
    let Phase::Bonus(allowance) = pos.phase() else {
        return "no bonus is due now".to_string();
    };
    if b == BonusProblem::OnlyMoves || b == BonusProblem::NotDue {
        return format!(
            "write the bonus as men's moves to border squares, like `a1-a3`, {allowance} squares in all, or `pass`"
        );
    }
    let EventKind::Turn { moves, .. } = &ev.kind else {
        return String::new();
    };
    let upto = match part {
        ActionPart::Move(i) => i,
        _ => moves.len(),
    };
    let before: Vec<(Square, Square)> = moves
        .iter()
        .take(upto)
        .map(|m| (m.from.node, m.to.node))
        .collect();
    let Some((occupied, mine, left)) = crate::engine::bonus_state(pos, &before) else {
        return String::new();
    };
    let from = moves.get(upto).map(|m| m.from.node);
    let describe = |sq: Square| {
        let t = crate::engine::bonus_reach(occupied, sq, left);
        if t.is_empty() {
            format!("the man on {sq} can reach no border square")
        } else {
            let v: Vec<String> = t.iter().map(|(s, c)| format!("{s} ({c})")).collect();
            format!("the man on {sq} may go to {}", v.join(", "))
        }
    };
    match from {
        Some(f) if mine.contains(f) => {
            format!("{left} of {allowance} bonus squares left; {}", describe(f))
        }
        _ => format!(
            "{left} of {allowance} bonus squares left; {}'s men not yet moved: {}",
            pos.to_act(),
            list(mine)
        ),
    }
}

/// Five vacant border squares, for an example `set`.
fn vacant_border_example(pos: &Position) -> String {
    (SquareSet::BORDER - pos.occupied())
        .into_iter()
        .take(5)
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The help line for a bad Mark: where it may stand.
fn mark_help(pos: &Position, problem: MarkProblem) -> String {
    let size = pos.rendezvous_size();
    match problem {
        MarkProblem::HoldsOwnMan(_) | MarkProblem::FirstSetHoldsMan(_) => {
            let options: Vec<String> = pos
                .mark_options()
                .iter()
                .map(|r| r.mark().to_string())
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            if options.is_empty() {
                "no square is free for the Mark".to_string()
            } else {
                format!("the Mark may stand on {}", options.join(", "))
            }
        }
        MarkProblem::TurnedOff | MarkProblem::ChoiceNotAllowed => format!(
            "this game's rules are {}: write `mark <square>`",
            pos.rules()
        ),
        MarkProblem::NotTurnable => {
            format!("only a 7-square Rendezvous may be turned; this one has {size}")
        }
        MarkProblem::ChosenNotInLine(_)
        | MarkProblem::ChosenRepeated(_)
        | MarkProblem::ChosenCount { .. } => format!(
            "choose {size} different border squares at the ends of the Mark's eight rays, e.g. `mark c5 c8 f8 g1 c1 a3 a7` for 6"
        ),
        MarkProblem::NotFirstSquare => "the first Mark goes on c6, d5, e4 or f3".to_string(),
        MarkProblem::LineRequired | MarkProblem::NotAdjacent(_) | MarkProblem::LineOffBoard(_) => {
            "write the Mark and a neighbour on its line, e.g. `mark d5 d6` (vertical), `mark d5 e5` (horizontal), `mark d5 e6` or `mark d5 c6` (slanting)".to_string()
        }
        MarkProblem::LineNotAllowed => format!(
            "{} {size}-square Rendezvous is set with one square: `mark <square>`",
            crate::engine::rendezvous::article(size)
        ),
        MarkProblem::NeedsField | MarkProblem::NoSuchSize => {
            if size == 3 {
                "a 3-square line needs room on both sides of the Mark".to_string()
            } else {
                format!("the Mark of {} {size}-square Rendezvous may stand on any field square, b2 to g7", crate::engine::rendezvous::article(size))
            }
        }
    }
}

/// The secondary labels for the moves already made in a turn: what each counted.
fn earlier_moves(ev: &Event, turn: &TurnInProgress, upto: usize) -> Vec<(Span, String)> {
    let EventKind::Turn { moves, .. } = &ev.kind else {
        return Vec::new();
    };
    moves
        .iter()
        .zip(turn.moves())
        .take(upto)
        .map(|(node, m)| (node.span, format!("counts {}", m.count)))
        .collect()
}

/// The Problem for an illegal action written as `ev` in position `pos`.
pub fn explain(pos: &Position, ev: &Event, err: &ActionError) -> Problem {
    let v = &err.violation;
    let code = rule_code(v);
    let message = v.cited(pos.rules()).to_string();
    // The turn as it stood when the violation happened (for turns).
    let turn_state = match (&ev.kind, err.part) {
        (EventKind::Turn { moves, .. }, part) => pos.begin_turn().ok().map(|mut t| {
            let upto = match part {
                ActionPart::Move(i) => i,
                _ => moves.len(),
            };
            for node in moves.iter().take(upto) {
                if t.play_move(node.from.node, node.to.node).is_err() {
                    break;
                }
            }
            t
        }),
        _ => None,
    };
    let (span, label) = match (&ev.kind, err.part) {
        (EventKind::Turn { moves, .. }, ActionPart::Move(i)) => match moves.get(i) {
            Some(node) => match v {
                RuleViolation::NoMan { .. }
                | RuleViolation::NotYourMan { .. }
                | RuleViolation::AlreadyMoved { .. } => (node.from.span, short_label(v)),
                RuleViolation::TargetOccupied { .. } => (node.to.span, short_label(v)),
                _ => (node.span, short_label(v)),
            },
            None => (ev.kind_span, short_label(v)),
        },
        (EventKind::Turn { take: Some(t), .. }, ActionPart::Take) => {
            (t.square.span, short_label(v))
        }
        (
            EventKind::Turn {
                radiate: Some(r), ..
            },
            ActionPart::Radiate,
        ) => (r.span, short_label(v)),
        (EventKind::Turn { wanderers, .. }, ActionPart::Wanderer(i)) => match (wanderers.get(i), v)
        {
            (Some(node), RuleViolation::Wanderer(WandererProblem::NotAWanderer { .. })) => {
                (node.from.span, short_label(v))
            }
            (Some(node), _) => (node.span, short_label(v)),
            (None, _) => (ev.kind_span, short_label(v)),
        },
        (EventKind::MoveMark(m), _) => match v {
            RuleViolation::MarkMove {
                why: MarkMoveBan::NotTheMark { .. },
                ..
            } => (m.from.span, short_label(v)),
            _ => (m.span, short_label(v)),
        },
        (
            EventKind::MarkWith {
                square,
                squares,
                turned,
            },
            _,
        ) => match v {
            RuleViolation::BadMark {
                problem: MarkProblem::ChosenNotInLine(sq) | MarkProblem::ChosenRepeated(sq),
                ..
            } => (
                squares
                    .iter()
                    .rev()
                    .find(|s| s.node == *sq)
                    .map_or(square.span, |s| s.span),
                short_label(v),
            ),
            RuleViolation::BadMark {
                problem: MarkProblem::TurnedOff | MarkProblem::NotTurnable,
                ..
            } => (turned.unwrap_or(square.span), short_label(v)),
            RuleViolation::BadMark { .. } => (square.span, short_label(v)),
            _ => (ev.kind_span, short_label(v)),
        },
        (EventKind::Set { groups }, _) => {
            let at = match v {
                RuleViolation::BadSet(SetProblem::NotBorder(sq) | SetProblem::Repeated(sq)) => {
                    groups
                        .iter()
                        .flat_map(|g| g.squares.iter())
                        .rev()
                        .find(|s| s.node == *sq)
                        .map(|s| s.span)
                }
                RuleViolation::BadSet(SetProblem::Count { side, .. }) => groups
                    .iter()
                    .find(|g| g.side.map(|s| s.node) == Some(*side))
                    .and_then(|g| g.side.map(|s| s.span)),
                _ => None,
            };
            (at.unwrap_or(ev.kind_span), short_label(v))
        }
        (EventKind::Mark { square, towards }, _) => match v {
            RuleViolation::BadMark {
                problem: MarkProblem::NotAdjacent(_) | MarkProblem::LineNotAllowed,
                ..
            } => (
                towards.map(|t| t.span).unwrap_or(square.span),
                short_label(v),
            ),
            RuleViolation::BadMark { .. } => (square.span, short_label(v)),
            _ => (ev.kind_span, short_label(v)),
        },
        (EventKind::Interchange { squares }, _) => {
            let at = match v {
                RuleViolation::InterchangeNotOthersMan { square }
                | RuleViolation::InterchangeRepeated { square } => squares
                    .iter()
                    .rev()
                    .find(|s| s.node == *square)
                    .map(|s| s.span),
                _ => None,
            };
            (at.unwrap_or(ev.kind_span), short_label(v))
        }
        _ => (ev.kind_span, short_label(v)),
    };
    let label = if pos.rules().sets_wanderers_in_rendezvous() {
        match v {
            RuleViolation::Wanderer(WandererProblem::BadTarget { .. }) => {
                "not a vacant square of the Rendezvous".to_string()
            }
            RuleViolation::Wanderer(WandererProblem::NotAWanderer { .. }) => {
                "not a wanderer still to be set".to_string()
            }
            RuleViolation::Wanderer(WandererProblem::Missing { .. }) => {
                "wanderers still outside".to_string()
            }
            RuleViolation::Wanderer(WandererProblem::NotDue) => "no wanderer now".to_string(),
            RuleViolation::TakeMissing { .. } => "which man is taken off?".to_string(),
            _ => label,
        }
    } else {
        label
    };
    let mut p = Problem::new(code, message, span, label);
    if let Some(turn) = &turn_state {
        let upto = match err.part {
            ActionPart::Move(i) => i,
            _ => turn.moves().len(),
        };
        for (s, text) in earlier_moves(ev, turn, upto) {
            if matches!(v, RuleViolation::OverAllowance { .. }) {
                p = p.with_label(s, text);
            }
        }
        if let (RuleViolation::AlreadyMoved { square }, EventKind::Turn { moves, .. }) =
            (v, &ev.kind)
            && let Some(earlier) = moves.iter().take(upto).find(|m| m.to.node == *square)
        {
            p = p.with_label(earlier.span, "moved here");
        }
    }
    let own = pos.rules().sets_own_men();
    let help = match v {
        RuleViolation::SetNotNow if pos.due() == crate::engine::Due::Throw => Some(format!(
            "the die gives the Mark now (`:roll` at the prompt, or `mark <square>` with c3 to f6); {} plays first",
            pos.to_act()
        )),
        RuleViolation::GameOver | RuleViolation::GameEnded { .. } => {
            Some("the game has a result; start a new game to play on".to_string())
        }
        RuleViolation::NotInEdition { .. } => Some(format!(
            "this game is played by the {} rules (its `Rules` tag); {}",
            pos.rules(),
            crate::engine::RulesError::what_exists()
        )),
        RuleViolation::MenNotSet { arranger } if own => Some(format!(
            "{arranger} sets his five men on vacant border squares first, e.g. `set {}`",
            vacant_border_example(pos)
        )),
        RuleViolation::BadSet(_) if own => Some(format!(
            "{} sets his own five men, e.g. `set {}`; vacant border squares: {}",
            pos.to_act(),
            vacant_border_example(pos),
            list(SquareSet::BORDER - pos.occupied())
        )),
        RuleViolation::MenNotSet { arranger } => Some(format!(
            "{arranger} sets the men first, e.g. `set B a1 c1 e1 g1 h3 Y a8 c8 e8 g8 h6`"
        )),
        RuleViolation::SetNotNow => Some(match pos.phase() {
            Phase::Mark => format!(
                "{} selects the Rendezvous now, e.g. `mark d5`",
                pos.to_act()
            ),
            _ => format!("{} plays now", pos.to_act()),
        }),
        RuleViolation::BadSet(_) => Some(
            "name five border squares for each side, e.g. `set B a1 c1 e1 g1 h3 Y a8 c8 e8 g8 h6`"
                .to_string(),
        ),
        RuleViolation::MarkMove { why, .. } => Some(mark_move_help(pos, *why)),
        RuleViolation::Wanderer(w) => Some(wanderer_help(pos, ev, err.part, *w)),
        RuleViolation::MarkAlreadySet { .. } => Some(format!("{} plays now", pos.to_act())),
        RuleViolation::MarkNotSet { setter } => Some(format!(
            "{setter} sets the Mark first, e.g. `mark {}`",
            pos.mark_options()
                .first()
                .map(|r| r.mark().to_string())
                .unwrap_or_else(|| "d5".into())
        )),
        RuleViolation::BadMark { problem, .. } => Some(mark_help(pos, *problem)),
        RuleViolation::InterchangeNotNow(_) => None,
        RuleViolation::SetterHasMoreMen { .. } => None,
        RuleViolation::InterchangeNoChoice => Some("write just `interchange`".to_string()),
        RuleViolation::InterchangeWrongCount { expected, .. } => Some(format!(
            "name {expected} of {}'s men: {}",
            pos.to_act(),
            list(pos.men(pos.to_act()))
        )),
        RuleViolation::InterchangeNotOthersMan { .. }
        | RuleViolation::InterchangeRepeated { .. } => Some(format!(
            "the setter chooses among {}'s men: {}",
            pos.to_act(),
            list(pos.men(pos.to_act()))
        )),
        RuleViolation::NoMan { .. } | RuleViolation::NotYourMan { .. } => {
            turn_state.as_ref().map(|t| {
                let mine = t.men(t.mover()) - t.moved();
                format!(
                    "{}'s men not yet moved this turn: {}",
                    t.mover(),
                    list(mine)
                )
            })
        }
        RuleViolation::AlreadyMoved { .. } => turn_state.as_ref().map(|t| moves_help(t, None)),
        RuleViolation::SameSquare { square }
        | RuleViolation::NotInLine { from: square, .. }
        | RuleViolation::PathBlocked { from: square, .. }
        | RuleViolation::TargetOccupied { from: square, .. }
        | RuleViolation::TooFarForOneMan { from: square, .. }
        | RuleViolation::OverAllowance { from: square, .. } => {
            turn_state.as_ref().map(|t| moves_help(t, Some(*square)))
        }
        RuleViolation::TurnOver(_) => {
            Some("end the turn here; the next event belongs to the other side".to_string())
        }
        RuleViolation::TakeDue { choices, full } => Some(if *full {
            format!(
                "end the turn with `x {}` (or with nothing: it is forced)",
                list(*choices)
            )
        } else {
            format!("end the turn with `x <square>`, one of {}", list(*choices))
        }),
        RuleViolation::TakeNotDue { outside } => Some(format!(
            "a take comes only once all your men are in; still outside: {}",
            list(*outside)
        )),
        RuleViolation::TakeNotOutlying { choices, .. } | RuleViolation::TakeMissing { choices } => {
            Some(if !pos.rules().takes_any_wanderer() {
                format!("replace one of the outlying men: {}", list(*choices))
            } else {
                format!("take off one of the wanderers: {}", list(*choices))
            })
        }
        RuleViolation::TakeWrongMan { expected, .. } => {
            Some(format!("write `x {expected}`, or leave the take out"))
        }
        RuleViolation::EmptyTurn => Some("move at least one man one square".to_string()),
        RuleViolation::NotADieSquare { .. } => Some(
            "the die's two throws give a row and a column from 3 to 6: the Mark stands on one of c3, d3, e3, f3 … c6, d6, e6, f6".to_string(),
        ),
        RuleViolation::Radiate(RadiateProblem::Missing { choices })
        | RuleViolation::Radiate(RadiateProblem::BadSquare { choices, .. }) => Some(format!(
            "the centre man may radiate to {}: end the event with `radiate <square>`",
            list(*choices)
        )),
        RuleViolation::Radiate(RadiateProblem::NotDue { .. }) => Some(
            "leave out `radiate`: it is written only when a man stands on the centre after the wanderers are set, and not when the round has ended (E-12)".to_string(),
        ),
        RuleViolation::Bonus(b) => Some(bonus_help(pos, ev, err.part, *b)),
        RuleViolation::PassNotAllowed { example } => {
            Some(format!("for example `{}-{}`", example.0, example.1))
        }
    };
    if let Some(h) = help {
        p = p.with_help(h);
    }
    if pos.phase() == Phase::First
        && matches!(v, RuleViolation::OverAllowance { .. })
        && let Some(h) = p.help.take()
    {
        p = p.with_help(format!(
            "{h} (first turn of the Rendezvous: 2 squares in all)"
        ));
    }
    p
}

/// The few words shown under the token at fault.
fn short_label(v: &RuleViolation) -> String {
    match v {
        RuleViolation::NoMan { .. } => "no man here".into(),
        RuleViolation::NotYourMan { owner, .. } => format!("{owner}'s man"),
        RuleViolation::AlreadyMoved { .. } => "already moved this turn".into(),
        RuleViolation::SameSquare { .. } => "goes nowhere".into(),
        RuleViolation::NotInLine { .. } => "not a straight line".into(),
        RuleViolation::PathBlocked { blocker, .. } => format!("blocked by the man on {blocker}"),
        RuleViolation::TargetOccupied { occupant, .. } => {
            format!("occupied by a {} man", side_word(*occupant))
        }
        RuleViolation::TooFarForOneMan { count, .. } => format!("counts {count}, more than 3"),
        RuleViolation::OverAllowance {
            count,
            used,
            allowance,
            ..
        } => {
            format!(
                "counts {count}; {} of {allowance} left",
                allowance.saturating_sub(*used)
            )
        }
        RuleViolation::TakeNotOutlying { .. } => "not an outlying man".into(),
        RuleViolation::MarkMove { .. } => "the Mark cannot move so".into(),
        RuleViolation::Wanderer(WandererProblem::NotAWanderer { .. }) => {
            "not a wanderer in the field".into()
        }
        RuleViolation::Wanderer(WandererProblem::BadTarget { .. }) => {
            "not a clear line to the border".into()
        }
        RuleViolation::Wanderer(WandererProblem::Missing { .. }) => {
            "wanderers still in the field".into()
        }
        RuleViolation::BadSet(_) => "cannot be set so".into(),
        RuleViolation::NotADieSquare { .. } => "the die gives only c3 to f6".into(),
        RuleViolation::Radiate(RadiateProblem::Missing { .. }) => {
            "where does the centre man go?".into()
        }
        RuleViolation::Radiate(RadiateProblem::NotDue { .. }) => "no choice due now".into(),
        RuleViolation::Radiate(RadiateProblem::BadSquare { .. }) => "not one of his lines".into(),
        RuleViolation::Bonus(BonusProblem::TooFar { count, .. }) => {
            format!(
                "costs {count} king step{}",
                if *count == 1 { "" } else { "s" }
            )
        }
        RuleViolation::Bonus(BonusProblem::NotBorder { .. }) => "not a border square".into(),
        RuleViolation::Bonus(BonusProblem::NoPath { .. }) => "no way through".into(),
        RuleViolation::Bonus(_) => "not a bonus move".into(),
        RuleViolation::NotInEdition { .. } => "not in these rules".into(),
        RuleViolation::TakeWrongMan { expected, .. } => {
            format!("the outlying man is on {expected}")
        }
        RuleViolation::TakeNotDue { .. } => "no take is due".into(),
        RuleViolation::TakeMissing { .. } => "which man is replaced?".into(),
        RuleViolation::TakeDue { .. } => "all your men are in: take now".into(),
        RuleViolation::BadMark {
            size,
            problem: crate::engine::MarkProblem::LineNotAllowed,
            ..
        } => format!(
            "{} {size}-square Rendezvous takes no second square",
            crate::engine::rendezvous::article(*size)
        ),
        RuleViolation::BadMark {
            problem: crate::engine::MarkProblem::NotAdjacent(_),
            ..
        } => "not next to the Mark".into(),
        RuleViolation::BadMark { .. } => "the Mark cannot stand here".into(),
        RuleViolation::InterchangeNotOthersMan { .. } => "not a man of the demanding side".into(),
        RuleViolation::InterchangeRepeated { .. } => "named twice".into(),
        RuleViolation::PassNotAllowed { .. } => "a man can move".into(),
        RuleViolation::GameOver | RuleViolation::GameEnded { .. } => "the game is over".into(),
        _ => "here".into(),
    }
}

fn side_word(s: Side) -> &'static str {
    s.name()
}
