//! The 1879 die of a session: its rule for throws below three and its seeded
//! generator.

use super::Event;
use crate::engine::{DieRule, throw_die};
use crate::rng::Rng;

/// The 1879 die (Rule 3, 1879): how throws below three are treated, and a seeded
/// generator of throws.
#[derive(Clone, Debug)]
pub struct Die {
    rule: DieRule,
    rng: Rng,
}

impl Die {
    /// A die by `rule`, its throws drawn from `seed`.
    pub fn new(rule: DieRule, seed: u64) -> Die {
        Die {
            rule,
            rng: Rng::new(seed),
        }
    }

    /// How throws below three are treated.
    pub fn rule(&self) -> DieRule {
        self.rule
    }

    /// Treats throws below three by `rule` from now on (the throws drawn stay those of
    /// the seed).
    pub fn set_rule(&mut self, rule: DieRule) {
        self.rule = rule;
    }

    /// Throws for a Mark: the [`Event::DieThrown`] with the Mark's square.
    pub fn throw(&mut self) -> Event {
        let square = throw_die(self.rule, &mut self.rng);
        Event::DieThrown {
            square,
            rule: self.rule,
        }
    }
}
