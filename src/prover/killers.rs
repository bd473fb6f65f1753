//! The killers a key's search keeps from one depth to the next and hands on to the
//! next keys ([`super::Limits::killers`], [`super::Limits::refuters`]).

use super::{Action, Defence, Effect, Goal, Position, bound, effect};

/// A key's killers, kept from one depth to the next ([`super::Limits::killers`]): per ply,
/// the refuting defences' effects, the replies that won, most recent first (the last
/// one, and with [`super::Limits::spare_replies`] a few before it), and the defence
/// that refuted last ([`super::Limits::refuters`]).
#[derive(Clone, Debug, Default)]
pub(super) struct Killers {
    pub(super) defences: Vec<[Option<Effect>; 2]>,
    pub(super) replies: Vec<Vec<Action>>,
    pub(super) refuters: Vec<Option<Action>>,
}

impl Killers {
    /// Takes in `other`'s killers where it has some, ply by ply (the seed of the next
    /// keys: the most recent key's killers win).
    pub(super) fn absorb(&mut self, other: &Killers) {
        fn merge<T: Clone>(into: &mut Vec<Option<T>>, from: &[Option<T>]) {
            if into.len() < from.len() {
                into.resize(from.len(), None);
            }
            for (a, b) in into.iter_mut().zip(from) {
                if b.is_some() {
                    a.clone_from(b);
                }
            }
        }
        if self.defences.len() < other.defences.len() {
            self.defences.resize(other.defences.len(), [None, None]);
        }
        for (a, b) in self.defences.iter_mut().zip(&other.defences) {
            if b[0].is_some() {
                *a = *b;
            }
        }
        merge(&mut self.refuters, &other.refuters);
        if self.replies.len() < other.replies.len() {
            self.replies.resize(other.replies.len(), Vec::new());
        }
        for (a, b) in self.replies.iter_mut().zip(&other.replies) {
            if !b.is_empty() {
                a.clone_from(b);
            }
        }
    }

    /// A key's own killers, filled in from `seed` where it has none at a ply (and
    /// its refuters taken from the seed, found at this depth by the keys before it).
    pub(super) fn seeded(&self, seed: &Killers) -> Killers {
        let mut k = self.clone();
        if k.defences.len() < seed.defences.len() {
            k.defences.resize(seed.defences.len(), [None, None]);
        }
        for (a, b) in k.defences.iter_mut().zip(&seed.defences) {
            if a[0].is_none() {
                *a = *b;
            }
        }
        if k.replies.len() < seed.replies.len() {
            k.replies.resize(seed.replies.len(), Vec::new());
        }
        for (a, b) in k.replies.iter_mut().zip(&seed.replies) {
            if a.is_empty() {
                a.clone_from(b);
            }
        }
        let mut refuters = seed.refuters.clone();
        if refuters.len() < k.refuters.len() {
            refuters.resize(k.refuters.len(), None);
        }
        for (a, b) in refuters.iter_mut().zip(&k.refuters) {
            if a.is_none() {
                a.clone_from(b);
            }
        }
        k.refuters = refuters;
        k
    }
}

impl super::Search<'_> {
    /// Notes the defence that refuted at this ply ([`Limits::refuters`]).
    pub(super) fn refuter(&mut self, a: Action) {
        if !self.limits.refuters || !matches!(a, Action::Turn { .. }) {
            return;
        }
        if self.refuters.len() <= self.ply {
            self.refuters.resize(self.ply + 1, None);
        }
        self.refuters[self.ply] = Some(a);
    }

    pub(super) fn killer(&mut self, e: Effect) {
        if self.killers.len() <= self.ply {
            self.killers.resize(self.ply + 1, [None, None]);
        }
        let k = &mut self.killers[self.ply];
        if k[0] != Some(e) {
            k[1] = k[0];
            k[0] = Some(e);
        }
    }

    /// Moves the defences that refuted before (at this ply) to the front; with
    /// `promise`, the others follow in the order of how promising each looks as a
    /// refutation ([`bound::refutation_promise`]), most first.
    pub(super) fn order(&self, p: &Position, kids: &mut [Defence], promise: Option<&Goal>) {
        let none = [None, None];
        let k = self.killers.get(self.ply).unwrap_or(&none);
        if k == &none && promise.is_none() {
            return;
        }
        let rank = |kid: &Defence| match kid {
            Defence::One(_, c) => {
                let e = Some(effect(p, c));
                if e == k[0] {
                    (0, 0)
                } else if e == k[1] {
                    (1, 0)
                } else {
                    let hope = promise.map_or(0, |g| bound::refutation_promise(c, g));
                    (2, u32::MAX - hope)
                }
            }
            Defence::Demand(_) => (2, u32::MAX),
        };
        if promise.is_some() {
            // The promise looks at each defence's men: once each.
            kids.sort_by_cached_key(rank);
        } else {
            kids.sort_by_key(rank);
        }
    }
}
