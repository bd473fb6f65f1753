//! What the search asks of an action (whether it is one of its side's turns, whether it
//! sets a Mark), of an [`Action`], of the visitor's view of one, or of neither when
//! only the answers are kept.

use crate::engine::{Action, OutcomeAction};

/// What the search asks of an action, whether it holds an [`Action`] or looks at the
/// visitor's view of one ([`OutcomeAction`], which it then need not copy).
pub(crate) trait Step {
    /// Whether the action is one of its side's turns (a turn, a pass, a 1880 Mark
    /// move): what goals count.
    fn is_turn(&self) -> bool;
    /// Whether the action sets a Mark (a new Rendezvous: repetitions start afresh).
    fn is_mark(&self) -> bool;
}

impl Step for Action {
    fn is_turn(&self) -> bool {
        self.is_numbered()
    }

    fn is_mark(&self) -> bool {
        Action::is_mark(self)
    }
}

impl Step for OutcomeAction<'_> {
    fn is_turn(&self) -> bool {
        self.is_numbered()
    }

    fn is_mark(&self) -> bool {
        OutcomeAction::is_mark(self)
    }
}

/// What the search asks of an action, without the action: kept for each defence of an
/// AND node instead of its move list.
#[derive(Clone, Copy, Debug)]
pub(super) struct StepKind {
    turn: bool,
    mark: bool,
}

impl StepKind {
    pub(super) fn of(a: &impl Step) -> StepKind {
        StepKind {
            turn: a.is_turn(),
            mark: a.is_mark(),
        }
    }
}

impl Step for StepKind {
    fn is_turn(&self) -> bool {
        self.turn
    }

    fn is_mark(&self) -> bool {
        self.mark
    }
}
