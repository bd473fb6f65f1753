//! What a proof gives back: its report (verdict, keys, trees, the limit that cut it),
//! the keys and their solution trees, what `solve` is asked to work out, and why a
//! puzzle cannot be set up.

use super::*;

/// Why a puzzle cannot be proved at all.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SetupError {
    /// Direct play needs the goal's side to act.
    WrongSide {
        /// The goal's side.
        goal: Side,
    },
    /// The goal asks for no turns.
    NoTurns,
    /// The game is already over.
    GameOver,
    /// Direct play from a position where the die gives the next Mark (1879): no one
    /// chooses it, so no first action can be a key.
    DieDue,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::WrongSide { goal } => write!(
                f,
                "in direct play the position must have {goal} to act (his first action is the key)"
            ),
            SetupError::NoTurns => f.write_str("a goal needs at least one turn"),
            SetupError::GameOver => f.write_str("the game is already over in this position"),
            SetupError::DieDue => f.write_str(
                "the die gives the next Mark here, and no one chooses it: the puzzle must start after the throw",
            ),
        }
    }
}

/// A key: a first action of the attacker, what it leads to, and what it does.
#[derive(Clone, Debug)]
pub struct Key {
    /// The action (for an interchange whose men the defender chooses, the demand).
    pub act: Action,
    /// The positions it leads to (several only for an interchange with a choice).
    pub positions: Vec<Position>,
    /// The fewest of the attacker's turns it forces the goal in, if within the goal's.
    pub depth: Option<u32>,
    /// Whether its proof ran out of budget.
    pub aborted: bool,
    /// The nodes its proof took.
    pub nodes: u64,
    /// Not proved at the goal's depth: the verdict was decided without it (a shorter
    /// solution; in a verdict-only proof, `check` and `compose`, also two keys
    /// forcing the goal).
    pub unproved: bool,
    /// The deepest number of turns it was proved not to force the goal in (every
    /// smaller number fails too; 0: none proved). A key cut keeps it.
    pub failed_to: u32,
}

impl Key {
    /// Whether it may still force the goal in fewer than `turns` turns: not proved
    /// either way below `turns` (a cut key).
    pub fn may_be_shorter(&self, turns: u32) -> bool {
        self.depth.is_none() && self.failed_to + 1 < turns
    }
}

/// A solution tree: an action, and the actions after it that the proof needs (every
/// defence, each with one winning reply).
#[derive(Clone, Debug)]
pub struct Tree {
    /// The action.
    pub act: Action,
    /// Who plays it.
    pub side: Side,
    /// The position after it.
    pub position: Position,
    /// What follows: the defences (after the attacker's action), or the winning reply.
    pub next: Vec<Tree>,
    /// Other winning replies at this point (duals), when the attacker moves next.
    pub duals: u64,
    /// After an attacker's action that the defender answers: the turn that would win
    /// at once if the defender could let his turn go (the threat), when there is one.
    pub threat: Option<Action>,
    /// A limit cut the building of this node: its defences, its reply or its duals
    /// may be missing.
    pub incomplete: bool,
    /// The defences built, counted and then dropped, past [`Wants::keep`].
    pub omitted: Omitted,
}

/// What a tree's dropped defences held ([`Wants::keep`]): they count in the tree's
/// totals though their nodes are not kept.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Omitted {
    /// How many defences were dropped.
    pub defences: usize,
    /// The duals counted in their subtrees.
    pub duals: u64,
    /// Whether a limit cut the building of one of them.
    pub incomplete: bool,
}

impl Tree {
    /// Whether a limit cut the building of this tree anywhere: it may lack defences,
    /// replies or duals.
    pub fn is_incomplete(&self) -> bool {
        self.incomplete || self.omitted.incomplete || self.next.iter().any(Tree::is_incomplete)
    }

    /// The number of answers after this action: the defences (those kept in `next`
    /// and those dropped), or the one winning reply.
    pub fn answers(&self) -> usize {
        self.next.len() + self.omitted.defences
    }

    /// The number of nodes of the tree (those kept).
    pub fn size(&self) -> usize {
        1 + self.next.iter().map(Tree::size).sum::<usize>()
    }

    /// The duals counted in the whole tree.
    pub fn total_duals(&self) -> u64 {
        self.duals + self.omitted.duals + self.next.iter().map(Tree::total_duals).sum::<u64>()
    }
}

/// What proving a puzzle gave.
#[derive(Clone, Debug)]
pub struct Report {
    /// The goal.
    pub goal: Goal,
    /// The verdict.
    pub verdict: Verdict,
    /// Every first action of the attacker with its result (direct play), in the
    /// visitor's order; in help play, the first actions that start a line.
    pub keys: Vec<Key>,
    /// The index in `keys` of the written key, when one was given and found.
    pub written: Option<usize>,
    /// Refutations of the written key (direct play, verdict `refuted`).
    pub refutations: Vec<Action>,
    /// The solution trees of the keys that force the goal (direct play).
    pub trees: Vec<Tree>,
    /// The index in `keys` of each tree's key: an interchange demand whose men the
    /// defender chooses has a tree for each of his choices.
    pub tree_keys: Vec<usize>,
    /// Help play: the lines that reach the goal (at most `line_cap`).
    pub lines: Vec<Vec<(Side, Action)>>,
    /// Help play: the number of lines (saturating at the cap).
    pub line_count: u64,
    /// The fewest turns the goal is forced (reached) in, when within the goal's.
    pub shortest: Option<u32>,
    /// Duals counted in the trees.
    pub duals: u64,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time.
    pub time: Duration,
    /// Whether the proof finished (no limit cut a key, a tree or a line).
    pub complete: bool,
    /// Which limit cut the proof, if one did (the verdicts already proved are kept).
    pub cut: Option<Cut>,
    /// The node budget of the whole proof.
    pub max_nodes: u64,
    /// The time limit, if one was given.
    pub max_time: Option<Duration>,
    /// The written key as written (for messages), when one was given.
    pub written_text: Option<String>,
}

impl Report {
    /// How a key is shown: as written for the written key, else canonically.
    pub fn key_text(&self, i: usize) -> String {
        match (&self.written_text, self.written) {
            (Some(t), Some(w)) if w == i => t.clone(),
            _ => self.keys[i].act.to_string(),
        }
    }

    /// Whether every key was proved at the goal's depth (a verdict-only proof stops
    /// once its verdict is decided).
    pub fn all_keys(&self) -> bool {
        !self.keys.iter().any(|k| k.unproved)
    }

    /// The keys that force the goal within the goal's turns.
    pub fn true_keys(&self) -> impl Iterator<Item = &Key> {
        self.keys.iter().filter(|k| k.depth.is_some())
    }
}

/// What `solve` should also work out.
#[derive(Clone, Debug, Default)]
pub struct Wants {
    /// The written key, as the position it leads to.
    pub written: Option<Position>,
    /// Build the solution trees.
    pub trees: bool,
    /// The most help-play lines to keep.
    pub line_cap: u64,
    /// The written key's text, for messages.
    pub written_text: Option<String>,
    /// Only the verdict (and the written key) matters: once two keys force the goal,
    /// the others are not proved at the goal's full depth (`check`, `compose`).
    /// `solve` proves every key, but (as every proof) none deeper than a shorter
    /// solution found.
    pub verdict_only: bool,
    /// Keep at most this many defences of each node of a tree (`None`: all). The
    /// others are still built and counted (defences, duals, cuts) but not kept, so the
    /// trees' memory holds what will be shown, not every defence of every key.
    pub keep: Option<usize>,
}

/// The verdicts, in the order NOTATION.md gives: the first that applies is the verdict.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Verdict {
    /// No key forces the goal (help play: no line reaches it).
    NoSolution,
    /// The written key does not force the goal; other keys do.
    Refuted,
    /// The goal can be forced (reached) in fewer turns.
    Short,
    /// Another key forces the goal too (help play: another line).
    Cooked,
    /// The written key forces the goal, no other key does, no shorter solution exists.
    Sound,
    /// The proof did not finish within its budget.
    Unproven,
}

impl Verdict {
    /// Every verdict, in order.
    pub const ALL: [Verdict; 6] = [
        Verdict::NoSolution,
        Verdict::Refuted,
        Verdict::Short,
        Verdict::Cooked,
        Verdict::Sound,
        Verdict::Unproven,
    ];

    /// Its name: `no_solution`, `refuted`, `short`, `cooked`, `sound`, `unproven`.
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::NoSolution => "no_solution",
            Verdict::Refuted => "refuted",
            Verdict::Short => "short",
            Verdict::Cooked => "cooked",
            Verdict::Sound => "sound",
            Verdict::Unproven => "unproven",
        }
    }

    /// Whether `check` passes a puzzle with this verdict.
    pub const fn passes(self) -> bool {
        matches!(self, Verdict::Sound)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
