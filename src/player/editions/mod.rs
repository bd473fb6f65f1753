//! The player per edition: what lanrick does differently by the rules it plays, one
//! [`Strategy`] per edition, each in its own file (`common.rs` for 1893 with its
//! options and 1880, `e1879/` for the February 1879 match of rounds). The search in
//! `player/mod.rs` and the generator in `generate.rs` ask the strategy of the game's
//! rules ([`strategy`]) and never the edition: this folder and the engine's edition
//! dispatch are the only places that match on it.

mod common;
pub(crate) mod e1879;

use super::Rng;
pub use e1879::eval::{Race1879, chance_1879, die_chance, race_1879, rendezvous_chance};

use super::generate::Candidate;
use crate::engine::{Budget, Edition, Position, Rules, Side, Square, SquareSet, TurnInProgress};

/// What an edition's generator adds at the levels that look further (set by the
/// level through [`Strategy::extra`]; the editions without such choices ignore it).
#[derive(Clone, Copy, Debug, Default)]
pub struct Extra {
    /// Every take, placement of the wanderers and radiating choice of a winning turn.
    pub variants: bool,
    /// Bonus moves kept at each step of the bonus beam (0: the pass only).
    pub bonus_beam: usize,
    /// Random set-ups, the best of them improved one man at a time (0: 8 at random).
    pub setups: usize,
}

/// How lanrick plays one edition: its evaluation and the choices the search makes
/// differently for it. The provided methods are the common play (1893 and 1880).
pub(crate) trait Strategy: Sync {
    /// The score of `pos` (a game not over) for `side`: positive when `side` stands
    /// better.
    fn evaluate(&self, pos: &Position, side: Side) -> i32 {
        super::eval::race_score(pos, side)
    }

    /// The score of `pos` (a game not over) for `side` at the leaves of the top
    /// level's deeper search (`deep.rs`): [`Strategy::evaluate`] unless the edition
    /// has a finer one there.
    fn evaluate_deep(&self, pos: &Position, side: Side) -> i32 {
        self.evaluate(pos, side)
    }

    /// Whether a leaf of the top level's deeper search that waits for the selector's
    /// Mark is worth his best selection by [`Strategy::evaluate_deep`] (else that
    /// evaluation of the position as it stands).
    fn selects_at_leaves(&self) -> bool {
        false
    }

    /// The root noise at `level`, the level's own being `common`.
    fn root_noise(&self, _level: u8, common: i32) -> i32 {
        common
    }

    /// What the generator adds at `level`, at the root (`root`) or the inner nodes.
    fn extra(&self, _level: u8, _root: bool) -> Extra {
        Extra::default()
    }

    /// Whether a side that can win the Rendezvous always does (the search keeps only
    /// those candidates, at the root and inside).
    fn takes_every_won_rendezvous(&self) -> bool {
        false
    }

    /// Whether the top level may list every outcome at the root of `pos` (when it is
    /// affordable).
    fn may_list_root(&self, _pos: &Position) -> bool {
        true
    }

    /// Whether some candidate among `cands` may win the game in two of `me`'s turns
    /// (the prover is asked only then).
    fn may_win_game_in_two(&self, _cands: &[Candidate], _me: Side) -> bool {
        true
    }

    /// Whether, after `pos` (the other side to act, the game not over), the other
    /// side can win the game with his next action.
    fn loses_at_once(&self, pos: &Position, me: Side) -> bool {
        super::winning_turns(pos, false)
            .iter()
            .any(|c| c.position.winner() == Some(!me))
    }

    /// The edition's own candidates for `pos` with `extra`, when it has any for the
    /// action due (a set-up, a bonus); `None`: the common generator. What takes long
    /// stops early, with what it has, when `budget`'s deadline passes or its stop flag
    /// is set.
    fn own_candidates(
        &self,
        _pos: &Position,
        _rng: &mut Rng,
        _extra: Extra,
        _budget: &Budget,
    ) -> Option<Vec<Candidate>> {
        None
    }

    /// Whether a winning turn's take, wanderers' squares and radiating choice are the
    /// winner's choices worth walking one by one.
    fn walks_win_variants(&self) -> bool {
        false
    }

    /// Walks the winning turn `t` (its take due among `choices`) with every take,
    /// every set of squares for the wanderers and every radiating choice that is the
    /// winner's, giving each finished turn and its take to `push` (only called when
    /// [`Strategy::walks_win_variants`]).
    fn win_variants(
        &self,
        _t: &TurnInProgress,
        _choices: SquareSet,
        _push: &mut dyn FnMut(&TurnInProgress, Square),
    ) {
    }

    /// The edition's test that a state of a turn can no longer win the Rendezvous,
    /// for the walk to drop it (`None`: no test beyond the allowance).
    fn hopeless_turn(&self) -> Option<fn(&TurnInProgress) -> bool> {
        None
    }
}

/// The strategy for a game played by `rules`.
pub(crate) fn strategy(rules: Rules) -> &'static dyn Strategy {
    match rules.edition() {
        Edition::E1893 => &common::Common,
        Edition::E1880 => &common::Common1880,
        Edition::E1879 => &e1879::E1879,
    }
}
