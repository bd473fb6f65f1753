//! The prover's entry points: a proof of a goal ([`solve`]), the tries of a position
//! ([`tries`]) and the forcing key a player asks for ([`forcing_key`]), with the
//! deepening across keys and depths they share and the parallel map they run on.

use super::*;

/// Proves `goal` from `start`.
///
/// # Errors
/// When the puzzle cannot be set up (direct play with the other side to act, no
/// turns, a finished game).
pub fn solve(
    start: &Position,
    goal: Goal,
    limits: &Limits,
    wants: &Wants,
) -> Result<Report, SetupError> {
    if goal.turns == 0 {
        return Err(SetupError::NoTurns);
    }
    if start.winner().is_some() {
        return Err(SetupError::GameOver);
    }
    if !goal.help && start.to_act() != goal.side {
        return Err(SetupError::WrongSide { goal: goal.side });
    }
    if throws(&goal, start) {
        return Err(SetupError::DieDue);
    }
    let began = Instant::now();
    let threads = if limits.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        limits.threads
    };
    let shared = Shared::for_keys(goal, limits, threads);
    let mut report = if goal.help {
        help::solve_help(start, &shared, wants, threads)
    } else {
        direct::solve_direct(start, &shared, wants, threads)
    };
    report.time = began.elapsed();
    report.max_nodes = shared.budget.max_nodes;
    report.max_time = limits.max_time;
    // A limit noticed only after every result was in cut nothing.
    report.cut = if report.complete {
        None
    } else {
        shared.cut().or(Some(Cut::Nodes))
    };
    // Everything the proof searched, charged to its one budget.
    report.nodes = shared.spent.load(Ordering::Relaxed);
    report.written_text = wants.written_text.clone();
    Ok(report)
}

/// The tries of a direct-play puzzle already proved in `report`: the first actions
/// that do not force the goal but fail against at most `defences` defences, each with
/// its refutations. The budget is what the proof left: [`Limits::max_nodes_for`] less
/// the report's nodes, and the deadline of [`Limits::deadline`] (or `max_time` from
/// now); each try's search has an equal share of the nodes.
pub fn tries(
    start: &Position,
    goal: Goal,
    limits: &Limits,
    report: &Report,
    defences: usize,
) -> Tries {
    let mut out = Tries {
        found: Vec::new(),
        cut: None,
    };
    if goal.help || start.to_act() != goal.side {
        return out;
    }
    let shared = Shared::new(goal, limits, 0);
    shared.spent.store(report.nodes, Ordering::Relaxed);
    let kids = shared.with_search(start, |s| s.kids(start));
    let Some(kids) = kids else {
        out.cut = shared.cut().or(Some(Cut::Nodes));
        return out;
    };
    let threads = if limits.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        limits.threads
    };
    let failing: Vec<&Kid> = kids
        .iter()
        .filter(|k| {
            let ps = k.positions();
            report.keys.iter().any(|key| {
                key.positions == ps && key.depth.is_none() && !key.aborted && !key.unproved
            })
        })
        .collect();
    let share = shared.remaining() / (failing.len() as u64).max(1);
    let found = par_map(&failing, threads, |kid| {
        let refs = direct::refutations(start, &shared, kid, defences + 1, share);
        (*kid, refs)
    });
    if found.iter().any(|(_, (_, whole))| !whole) {
        out.cut = shared.cut().or(Some(Cut::Nodes));
    }
    out.found = found
        .into_iter()
        .filter(|(_, (r, complete))| *complete && !r.is_empty() && r.len() <= defences)
        .map(|(kid, (r, _))| (direct::canonical_kid(start, kid), r))
        .collect();
    out
}

/// What [`tries`] found.
#[derive(Clone, Debug, Default)]
pub struct Tries {
    /// Each try with its refutations.
    pub found: Vec<(Action, Vec<Action>)>,
    /// Which limit cut the search for them, if one did (then some may be missing).
    pub cut: Option<Cut>,
}

/// Each first action's fewest turns (within the goal's), deepening across all of
/// them: every open key is searched at depth `d` before any at `d + 1`, so a win in
/// fewer turns than the goal's (`short`) is found at its own depth, whatever the
/// goal's. With [`Wants::verdict_only`], once a depth below the goal's has a win the
/// verdict is `short` (unless the written key fails), so only the written key goes
/// deeper; at the goal's depth the open keys go in fixed batches, the written key
/// first, until two force the goal (cooked). Without it, with
/// [`Limits::verdict_first`], the batches go until two force the goal, then the keys
/// left are searched together.
///
/// The node budget is shared out deterministically (see `search_depth`), and a
/// passed deadline stops every key; a key cut keeps the depths it had proved.
pub(super) fn deepen_keys(
    start: &Position,
    kids: &[Kid],
    shared: &Shared<'_>,
    wants: &Wants,
    threads: usize,
) -> Vec<Key> {
    let goal = shared.goal;
    let mut keys: Vec<Key> = kids
        .iter()
        .map(|kid| Key {
            act: kid.first_act(),
            positions: kid.positions(),
            depth: None,
            aborted: false,
            nodes: 0,
            unproved: false,
            failed_to: 0,
        })
        .collect();
    let written = wants
        .written
        .and_then(|w| keys.iter().position(|k| k.positions.contains(&w)));
    // Each key's killers, from one depth to the next.
    let mut memory = vec![Killers::default(); keys.len()];
    let mut short = false;
    for d in 1..=goal.turns {
        let mut open: Vec<usize> = (0..keys.len())
            .filter(|&i| keys[i].depth.is_none() && !keys[i].aborted && !keys[i].unproved)
            .collect();
        if short {
            // A shorter solution decides the verdict (`short`), and every key forcing
            // the goal in that many turns or fewer is known: only the written key is
            // proved further. (`solve` says the others were not tried at the goal's
            // depth: proving each of thousands of first actions one or two turns
            // deeper tells the composer nothing the short keys have not.)
            for &i in &open {
                if Some(i) != written {
                    keys[i].unproved = true;
                }
            }
            open.retain(|&i| Some(i) == written);
        }
        if open.is_empty() {
            break;
        }
        // The killers each call of `search_depth` hands on to the next at this depth.
        let mut carry = Killers::default();
        let mut search = |keys: &mut [Key], memory: &mut [Killers], set: &[usize], stage| {
            search_depth(
                start, kids, keys, memory, set, d, shared, threads, stage, &mut carry,
            )
        };
        let verdict_first = wants.verdict_only || shared.limits.verdict_first;
        if verdict_first && d == goal.turns && goal.turns >= 2 {
            // Two keys that force the goal make it cooked (and two lines in help
            // play), so the open keys go in fixed batches, the written key first. The
            // batches do not depend on the thread count. (In 1 every key is cheap:
            // all are proved, so the report lists them all.) With the verdict known,
            // a verdict-only proof stops; `solve` searches the keys left together, so
            // a budget that runs out then leaves the verdict decided and the list of
            // keys incomplete (`Limits::verdict_first`).
            written_first(&mut open, written);
            // First every key together, in the passes of growing shares, as long as a
            // pass cannot cost more than a part of the budget left: the cheap keys are
            // decided with what the others' searches teach them (`search_depth`).
            let first = shared.remaining() / FIRST_STAGE_PART;
            let mut open = search(&mut keys, &mut memory, &open, Some(first));
            written_first(&mut open, written);
            let mut forcing = keys.iter().filter(|k| k.depth.is_some()).count();
            let mut done = 0usize;
            for batch in open.chunks(VERDICT_BATCH) {
                if forcing >= 2 || shared.cut().is_some() {
                    break;
                }
                search(&mut keys, &mut memory, batch, None);
                forcing += batch.iter().filter(|&&i| keys[i].depth.is_some()).count();
                done += batch.len();
            }
            let rest = &open[done..];
            if wants.verdict_only {
                for &i in rest {
                    keys[i].unproved = true;
                }
            } else if !rest.is_empty() && shared.cut().is_none() {
                search(&mut keys, &mut memory, rest, None);
            }
        } else {
            search(&mut keys, &mut memory, &open, None);
        }
        short |= d < goal.turns && keys.iter().any(|k| k.depth == Some(d));
        if shared.cut().is_some() {
            break;
        }
    }
    // A key neither decided nor left out was cut (at the depth after `failed_to`).
    for k in &mut keys {
        if k.depth.is_none() && !k.unproved && k.failed_to < goal.turns {
            k.aborted = true;
        }
    }
    keys
}

/// Moves the written key, if it is among `open`, to the front.
fn written_first(open: &mut Vec<usize>, written: Option<usize>) {
    if let Some(at) = open.iter().position(|&i| Some(i) == written) {
        let i = open.remove(at);
        open.insert(0, i);
    }
}

/// The keys searched together before their killers seed the next ones
/// ([`Limits::refuters`]): a fixed number, so the seeds do not depend on the threads.
pub(super) const SEED_BATCH: usize = 16;

/// The most nodes a key's search is allowed in the first pass of a depth
/// ([`Limits::growing_shares`]).
pub(super) const FIRST_SHARE: u64 = 1024;

/// Searches the keys `open` at depth `d`, in parallel, in passes. In a pass each search
/// is allowed an equal share of the budget left, fixed before the pass starts (with
/// [`Limits::growing_shares`], at most [`FIRST_SHARE`] nodes in the first pass and four
/// times the last pass's in each pass after it: the cheap keys are decided first, and
/// a key searched again has wasted at most a third of what it needs); the keys that ran
/// out of their share are searched again (from the start) in the next pass, each as
/// long as its new share is larger than the one it ran out of. So the budget is never
/// exceeded and the results do not depend on the threads or the scheduling. A key
/// still out of nodes, or stopped by the deadline, is `aborted`. With a `stage` (nodes),
/// no pass starts that could take the keys' nodes beyond it: the keys not decided
/// then are given back, in their order, neither aborted nor searched further (and
/// nothing is given back otherwise).
#[allow(clippy::too_many_arguments)]
fn search_depth(
    start: &Position,
    kids: &[Kid],
    keys: &mut [Key],
    memory: &mut [Killers],
    open: &[usize],
    d: u32,
    shared: &Shared<'_>,
    threads: usize,
    stage: Option<u64>,
    carry: &mut Killers,
) -> Vec<usize> {
    // Each key with the share it last ran out of.
    let mut pending: Vec<(usize, u64)> = open.iter().map(|&i| (i, 0)).collect();
    let mut stuck: Vec<usize> = Vec::new();
    let refuters = shared.limits.killers && shared.limits.refuters;
    let growing = shared.limits.growing_shares;
    let mut cap = FIRST_SHARE;
    // The nodes the keys have spent so far (for `stage`).
    let mut spent = 0u64;
    // The killers the last pass ended with, for the keys searched after these.
    let mut last_seed = carry.clone();
    while !pending.is_empty() && !shared.expired() {
        // The keys go in fixed batches; each batch's killers seed the next batch's
        // keys (`Limits::refuters`), taken in the keys' order, so nothing depends on
        // which thread finished first.
        let mut seed = carry.clone();
        // (The results a batch passes on wait for its end: a batch of the same size
        // keeps them within their part of the table.)
        let batch = if refuters || shared.proved.is_some() {
            SEED_BATCH
        } else {
            pending.len()
        };
        let even = shared.remaining() / pending.len() as u64;
        let share = if growing { even.min(cap) } else { even };
        if let Some(stage) = stage
            && spent.saturating_add(share.saturating_mul(pending.len() as u64)) > stage
        {
            // The next pass could cost more than the stage allows: the keys left are
            // the caller's, in their order.
            *carry = last_seed;
            stuck.extend(pending.into_iter().map(|(i, _)| i));
            stuck.sort_unstable();
            return stuck;
        }
        cap = cap.saturating_mul(4);
        let mut again = Vec::new();
        for (c, chunk) in pending.chunks(batch.max(1)).enumerate() {
            if shared.expired() {
                // Stopped: the keys not searched in this pass are cut.
                let from = c * batch.max(1);
                stuck.extend(pending[from..].iter().map(|&(i, _)| i));
                break;
            }
            // A key that ran out of as many nodes before cannot do better now.
            let (run, held): (Vec<_>, Vec<_>) = chunk.iter().partition(|&&(_, last)| share > last);
            stuck.extend(held.into_iter().map(|&(i, _)| i));
            let run: Vec<usize> = run.into_iter().map(|&(i, _)| i).collect();
            let got = par_map(&run, threads, |&i| {
                shared.with_search_cap(start, share, false, |s| {
                    if s.limits.killers {
                        let k = if refuters {
                            memory[i].seeded(&seed)
                        } else {
                            memory[i].clone()
                        };
                        s.killers = k.defences;
                        s.replies = k.replies;
                        s.refuters = k.refuters;
                    }
                    let v = s.kid_value(start, &kids[i], d);
                    let kept = Killers {
                        defences: std::mem::take(&mut s.killers),
                        replies: std::mem::take(&mut s.replies),
                        refuters: std::mem::take(&mut s.refuters),
                    };
                    (v, s.nodes, s.cut, kept, s.passed_on())
                })
            });
            if refuters {
                for (_, _, _, kept, _) in &got {
                    seed.absorb(kept);
                }
            }
            // What the batch proved, for the keys after it (in the keys' order).
            shared.merge(got.iter().map(|g| &g.4));
            for (&i, (v, n, cut, kept, _)) in run.iter().zip(got) {
                keys[i].nodes += n;
                spent += n;
                if shared.limits.killers {
                    memory[i] = kept;
                }
                match v {
                    Val::Win => keys[i].depth = Some(d),
                    Val::Fail => keys[i].failed_to = d,
                    Val::Abort if cut == Some(Cut::Nodes) => again.push((i, share)),
                    Val::Abort => keys[i].aborted = true,
                }
            }
        }
        last_seed = seed;
        pending = again;
    }
    *carry = last_seed;
    stuck.extend(pending.into_iter().map(|(i, _)| i));
    if !stuck.is_empty() {
        if !shared.expired() {
            shared.nodes_out.store(true, Ordering::Relaxed);
        }
        for i in stuck {
            keys[i].aborted = true;
        }
    }
    Vec::new()
}

/// The first action of the side to act in `game` that forces `target` within
/// `turns` of his turns, the fewest first: every action is tried in 1 of his turns,
/// then every action in 2, and so on, those whose positions `first` scores highest
/// first (ties in the visitor's order), in one search whose
/// node budget ([`Limits::max_nodes`]) is for the whole search. The game's history
/// counts (D-9): a position that has occurred twice in the current Rendezvous is a
/// draw if it comes again, as in the game. What a player asks before choosing a move
/// by its evaluation: a win proved is played, and none is missed within `turns`
/// when the budget suffices.
///
/// No key when no action forces it, when the budget or [`Limits::max_time`] ran out
/// first ([`Forcing::complete`] tells which), when `turns` is 0 or the game is over.
/// One thread; the table's size is [`Limits::hash_mib`].
pub fn forcing_key(
    game: &crate::engine::Game,
    target: Target,
    turns: u32,
    limits: &Limits,
    mut first: impl FnMut(&Position) -> i32,
) -> Forcing {
    let start = game.position();
    if turns == 0 || start.winner().is_some() || game.result().is_some() {
        return Forcing {
            key: None,
            nodes: 0,
            complete: true,
        };
    }
    let goal = Goal {
        side: start.to_act(),
        target,
        turns,
        help: false,
    };
    if throws(&goal, start) {
        // The die gives the next Mark: no action of his to choose.
        return Forcing {
            key: None,
            nodes: 0,
            complete: true,
        };
    }
    let shared = Shared::new(goal, limits, 1);
    shared.with_search(start, |s| {
        // One search, the whole budget (counted as the player has always counted it).
        s.cap = s.budget.max_nodes;
        let end = |s: &Search<'_>, key, complete| Forcing {
            key,
            nodes: s.nodes,
            complete,
        };
        // The game's history: the start is already on the path once.
        let root = start.key();
        for (key, n) in game.occurred() {
            let earlier = if key == root { n.saturating_sub(1) } else { n };
            for _ in 0..earlier {
                s.hist.record(key);
            }
        }
        let Some(mut kids) = s.kids(start) else {
            return end(s, None, false);
        };
        // The caller's order: the actions it thinks best first (a demand by the
        // worst of the setter's choices). The sort is stable: ties keep the visitor's.
        // Scoring every kid can be slow (an 1879 set-up has about 10^5, each weighed
        // by its race): the deadline and the stop flag are read while scoring.
        let mut cut = false;
        let mut scored = 0u32;
        kids.sort_by_cached_key(|kid| {
            scored = scored.wrapping_add(1);
            if !cut && scored.is_multiple_of(64) && s.budget.interrupted().is_some() {
                cut = true;
            }
            if cut {
                return std::cmp::Reverse(0);
            }
            std::cmp::Reverse(kid.positions().iter().map(&mut first).min().unwrap_or(0))
        });
        if cut || s.budget.interrupted().is_some() {
            return end(s, None, false);
        }
        for depth in 1..=turns {
            for kid in &kids {
                match s.kid_value(start, kid, depth) {
                    Val::Win => {
                        let key = Key {
                            act: kid.first_act(),
                            positions: kid.positions(),
                            depth: Some(depth),
                            aborted: false,
                            nodes: s.nodes,
                            unproved: false,
                            failed_to: depth - 1,
                        };
                        return end(s, Some(key), true);
                    }
                    Val::Fail => {}
                    Val::Abort => return end(s, None, false),
                }
            }
        }
        end(s, None, true)
    })
}

/// What [`forcing_key`] found.
#[derive(Clone, Debug)]
pub struct Forcing {
    /// The first action that forces the goal, with the fewest turns it needs
    /// ([`Key::depth`]).
    pub key: Option<Key>,
    /// The nodes searched.
    pub nodes: u64,
    /// Whether the search finished: with no key, no action forces the goal.
    pub complete: bool,
}

/// How many keys a verdict-only proof takes to full depth at a time.
const VERDICT_BATCH: usize = 32;

/// Before the batches of [`VERDICT_BATCH`], every key is searched together as long as
/// a pass cannot take the keys' nodes beyond this part of the budget left (a half).
const FIRST_STAGE_PART: u64 = 2;

/// Runs `f` over `items` on `threads` threads (in order of results).
pub(super) fn par_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T) -> R + Sync + Send,
) -> Vec<R> {
    if threads <= 1 || items.len() <= 1 {
        return items.iter().map(f).collect();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| items.par_iter().map(&f).collect()),
        Err(_) => items.iter().map(f).collect(),
    }
}
