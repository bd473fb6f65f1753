//! The reply sweep ([`Limits::reply_sweep`]): at an AND node before the attacker's
//! last turn, once the first defences in the order have all been proved lost, every
//! other defence is first met with the attacker's reply that won last at the next
//! ply. The defences it beats (proved within a few nodes) are lost; those it does not
//! beat are searched in full first, as the likeliest refutations, then those it could
//! not decide. An order only: every defence is still either proved lost or searched.

use super::{Defence, Search, Step, Val, replay, settle, table};
use crate::engine::Position;

/// The defences searched in full, in their order, before the others are swept.
pub(super) const SWEEP_AFTER: usize = 128;

/// The nodes the last winning reply is searched within against each defence swept:
/// enough for a result the table holds or the bounds give at once, and for a
/// defender's last turn that cannot stop it, not for a search.
pub(super) const SWEEP_PROBE: u64 = 4;

/// What the last winning reply did against one defence.
enum Met {
    Beaten,
    NotBeaten,
    Undecided,
    Abort,
}

impl Search<'_> {
    /// The defences of `kids` (from `p`, `t` of the attacker's turns left) that the
    /// attacker's last winning reply at the next ply does not beat within `probe`
    /// nodes ([`SWEEP_PROBE`]): those it fails against first, then those it could not
    /// decide, each group in its order; `None` when the budget ran out.
    pub(super) fn unbeaten<'k>(
        &mut self,
        p: &Position,
        kids: &'k [Defence],
        t: u32,
    ) -> Option<Vec<&'k Defence>> {
        let mut open = Vec::new();
        let mut later = Vec::new();
        for k in kids {
            match k {
                Defence::One(a, c) => match self.met(p, a, c, t) {
                    Met::Beaten => {}
                    Met::NotBeaten => open.push(k),
                    Met::Undecided => later.push(k),
                    Met::Abort => return None,
                },
                Defence::Demand(_) => open.push(k),
            }
        }
        open.extend(later);
        Some(open)
    }

    /// The attacker's reply that won last at the ply after `p`, played after the
    /// defence `act` to `child` and searched within [`SWEEP_PROBE`] nodes.
    fn met(&mut self, p: &Position, act: &impl Step, child: &Position, t: u32) -> Met {
        if settle(&self.goal, p, child).is_some() || child.to_act() != self.goal.side {
            return Met::NotBeaten;
        }
        // (Only turns are kept as replies.)
        let Some(reply) = self
            .replies
            .get(self.ply + 1)
            .and_then(|v| v.first())
            .cloned()
        else {
            return Met::Undecided;
        };
        let Some(r) = replay(child, &reply) else {
            return Met::NotBeaten;
        };
        let Some(saved) = self.enter(act, child) else {
            return Met::NotBeaten;
        };
        let met = if self.tick() {
            let outer = self.local;
            let mine = outer.min(self.nodes.saturating_add(SWEEP_PROBE));
            self.local = mine;
            let v = self.after(child, &reply, &r, t);
            self.local = outer;
            match v {
                Val::Win => {
                    // The attacker's node is won: kept as its search would keep it.
                    if self.history_free(child, t)
                        && let Some(tab) = self.table.as_deref_mut()
                    {
                        tab.store_key(table::key_of(child), t, true, self.generation);
                    }
                    Met::Beaten
                }
                Val::Fail => Met::NotBeaten,
                Val::Abort if !self.aborted && mine < outer && self.nodes > mine => Met::Undecided,
                Val::Abort => Met::Abort,
            }
        } else {
            Met::Abort
        };
        self.ply -= 1;
        self.leave(saved);
        met
    }
}
