//! The rules in short, for `:rules`: a reminder at the prompt, not the text. Every
//! edition has its table of entries — definitions (`Def. 2`), rules (`Rule 3`) and the
//! project's decisions (`D-5`) — so that whatever a diagnostic cites can be looked up;
//! [`EDITIONS`] keys the tables by the name a `Rules` tag gives.

/// What kind of entry: how a diagnostic cites it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A definition, cited `Def. n`.
    Definition,
    /// One of Carroll's rules, cited `Rule n`.
    Rule,
    /// A decision of this project where the text is silent or unclear, cited `D-n`.
    Decision,
    /// A decision of this project for the early editions, cited `E-n`.
    EditionDecision,
}

/// One entry: its kind and number, a title, and a few sentences.
pub struct Rule {
    /// Which kind of entry.
    pub kind: Kind,
    /// Its number within its kind.
    pub number: u8,
    /// A title.
    pub title: &'static str,
    /// The entry in short.
    pub text: &'static str,
}

impl Rule {
    /// How diagnostics cite it: `Def. 2`, `Rule 3`, `D-5`.
    pub fn citation(&self) -> String {
        match self.kind {
            Kind::Definition => format!("Def. {}", self.number),
            Kind::Rule => format!("Rule {}", self.number),
            Kind::Decision => format!("D-{}", self.number),
            Kind::EditionDecision => format!("E-{}", self.number),
        }
    }
}

/// Every edition's table, keyed by the edition's year as a `Rules` tag names it (the
/// 1893 options change single points, listed by [`list_for`]).
pub const EDITIONS: &[(&str, &[Rule])] = &[
    ("1893", RULES_1893),
    ("1880", RULES_1880),
    ("1879", RULES_1879),
];

/// Rules 1 to 10 of February/March 1879 with the project's decisions E-4 and E-6 to
/// E-12 and the shared D-6 and D-9, in short.
pub const RULES_1879: &[Rule] = &[
    Rule {
        kind: Kind::Rule,
        number: 1,
        title: "the first player",
        text: "The die decides who is first player. Each side has five men; the Mark does \
               not fill its square.",
    },
    Rule {
        kind: Kind::Rule,
        number: 2,
        title: "the set-up",
        text: "The first player puts his five men on empty border squares (`set a1 c1 e1 \
               g1 h3`), then the second player his.",
    },
    Rule {
        kind: Kind::Rule,
        number: 3,
        title: "the Mark by the die",
        text: "Two throws, each counted 3 to 6, give the row and then the column of the \
               Mark: it lands on c3 to f6, and the Rendezvous is the 3×3 set round it \
               (`mark e4`). The REPL throws it (`:roll`, `:die plain|nb`).",
    },
    Rule {
        kind: Kind::Rule,
        number: 4,
        title: "moving the men",
        text: "The first player plays first. A turn moves up to as many squares as the side \
               with fewer men has men, shared among his men as he likes, each man along \
               one straight or slanting line.",
    },
    Rule {
        kind: Kind::Rule,
        number: 5,
        title: "winning a Rendezvous",
        text: "Once all his men are in the set, the winner takes off one of the loser's men \
               outside (`x e6`) and puts each other one (a wanderer) on an empty square of \
               the set that he chooses (`wanderers b3-d4 a1-c3`).",
    },
    Rule {
        kind: Kind::Rule,
        number: 6,
        title: "radiating",
        text: "Every man in the set then goes straight out from the centre along his own \
               line to the border. The owner of a man on the centre picks an empty line \
               for him, or any empty border square when all eight are held: written \
               `radiate e8` at the end of the event.",
    },
    Rule {
        kind: Kind::Rule,
        number: 7,
        title: "the bonus",
        text: "If there were W wanderers, the winner may move his men to other empty \
               border squares, 2W squares in all, counted as king steps round the men \
               (`a1-a3 h8-f8`, or `pass`). It is an event of its own with no number.",
    },
    Rule {
        kind: Kind::Rule,
        number: 8,
        title: "the next Mark",
        text: "The die is thrown again; the winner of the last Rendezvous plays first.",
    },
    Rule {
        kind: Kind::Rule,
        number: 9,
        title: "a round",
        text: "When a take leaves a side two men, the other scores his own men, the board \
               is cleared and the men are set again, the last second player now setting \
               first.",
    },
    Rule {
        kind: Kind::Rule,
        number: 10,
        title: "the game",
        text: "The first to score five wins.",
    },
    Rule {
        kind: Kind::EditionDecision,
        number: 4,
        title: "winning at once",
        text: "A side wins as soon as all his men are in: after any man's move (the turn \
               ends there) or at the start of his turn (the take alone, `x a8`).",
    },
    Rule {
        kind: Kind::EditionDecision,
        number: 6,
        title: "who is first player",
        text: "A record names him with a side prefix on the first `set` (`Y: set …`); \
               without one Black is first.",
    },
    Rule {
        kind: Kind::EditionDecision,
        number: 7,
        title: "rows, columns and low throws",
        text: "The row is the rank, the column the file (a = 1). Low throws are neglected \
               or Carroll's N.B. is used; either way each number is 3 to 6.",
    },
    Rule {
        kind: Kind::EditionDecision,
        number: 8,
        title: "the centre man's choice",
        text: "Written `radiate <square>` (his border square) whenever a man stands on the \
               centre, even with one line open.",
    },
    Rule {
        kind: Kind::EditionDecision,
        number: 9,
        title: "how a bonus man moves",
        text: "He needs no single line: he counts the fewest king steps over empty squares \
               (the field too) from where he stands to the border square where he stops, \
               on the board as the earlier bonus moves left it.",
    },
    Rule {
        kind: Kind::EditionDecision,
        number: 10,
        title: "the 1881 readings",
        text: "As in 1880: no man jumps over another, each man moves once in a turn, a turn \
               moves at least one square.",
    },
    Rule {
        kind: Kind::EditionDecision,
        number: 11,
        title: "twice as many squares",
        text: "The bonus is at most 2W squares in all, shared among the winner's men, each \
               man once; the winner also chooses where the wanderers go.",
    },
    Rule {
        kind: Kind::EditionDecision,
        number: 12,
        title: "the round ends at once",
        text: "When the take leaves two men, no wanderers are placed, nobody radiates and \
               there is no bonus: the board is cleared.",
    },
    Rule {
        kind: Kind::Decision,
        number: 6,
        title: "passing",
        text: "A player passes only when no man's move is legal.",
    },
    Rule {
        kind: Kind::Decision,
        number: 9,
        title: "draws",
        text: "The same position a third time within one Rendezvous is a draw; players may \
               agree a draw or resign.",
    },
];

/// Rules 1 to 6 of December 1880 with the project's decisions E-1 to E-5 and the shared
/// D-6 and D-9, in short.
pub const RULES_1880: &[Rule] = &[
    Rule {
        kind: Kind::Rule,
        number: 1,
        title: "the men",
        text: "Each player has five men. A square holds one man; the Mark does not fill \
               its square.",
    },
    Rule {
        kind: Kind::Rule,
        number: 2,
        title: "the set-up",
        text: "One player, the arranger, sets all ten men on border squares: \
               `set B a1 c1 e1 g1 h3 Y a8 c8 e8 g8 h6`.",
    },
    Rule {
        kind: Kind::Rule,
        number: 3,
        title: "selecting the Rendezvous",
        text: "The other player, the selector, lays the Mark on a field square (`mark d5`): \
               the Rendezvous is the 3×3 set round it. It may hold the opponent's men but \
               none of the selector's own.",
    },
    Rule {
        kind: Kind::Rule,
        number: 4,
        title: "moving the men",
        text: "A turn moves up to as many squares as the mover has men, divided among his \
               men as he likes, each man along one straight or slanting line over empty \
               squares. The 1881 answers: men in the Rendezvous may move out, no man jumps, \
               each man is touched once a turn.",
    },
    Rule {
        kind: Kind::Rule,
        number: 5,
        title: "the first player and the Mark",
        text: "The player who did not select plays first. While he has not moved any of his \
               own men in this Rendezvous he may instead move the Mark one square \
               (`mark d5-e6`), every man in the set moving with it; not to a border square, \
               not onto a man left behind. The selector never may.",
    },
    Rule {
        kind: Kind::Rule,
        number: 6,
        title: "winning a Rendezvous and the game",
        text: "As soon as all a player's men are in the set he takes off one wanderer \
               (`x e6`) and sends every other wanderer in the field straight to the border \
               (`wanderers e4-e1 f5-h7`). The loser selects the next Rendezvous; the winner \
               plays first. A player with no men left has lost.",
    },
    Rule {
        kind: Kind::EditionDecision,
        number: 1,
        title: "who arranges",
        text: "A record names the arranger with a side prefix on the first `set` \
               (`Y: set …`); without one Black arranges.",
    },
    Rule {
        kind: Kind::EditionDecision,
        number: 2,
        title: "when the selector cannot avoid his men",
        text: "If every possible set holds one of the selector's men (four men on c3, c6, \
               f3 and f6 do it), he may select any set.",
    },
    Rule {
        kind: Kind::EditionDecision,
        number: 3,
        title: "what the Mark may not include",
        text: "Moving the Mark may not bring into the set one of the mover's own men who was \
               not carried; his men already inside travel with it.",
    },
    Rule {
        kind: Kind::EditionDecision,
        number: 4,
        title: "winning at once",
        text: "A player wins as soon as all his men are in: after any man's move (the turn \
               ends there), or at the start of his turn when a Mark completed him (then he \
               writes the take alone, `x a8`).",
    },
    Rule {
        kind: Kind::EditionDecision,
        number: 5,
        title: "the wanderers' lines",
        text: "Each wanderer goes along a line that is clear when his move comes, to the \
               border square where it ends, in the order the winner writes them.",
    },
    Rule {
        kind: Kind::Decision,
        number: 6,
        title: "passing",
        text: "A player passes only with neither a man's move nor a Mark move.",
    },
    Rule {
        kind: Kind::Decision,
        number: 9,
        title: "draws",
        text: "The same position a third time within one Rendezvous is a draw; players may \
               agree a draw or resign.",
    },
];

/// The `:rules` listing for a game played by `rules`: its edition's entries, then the
/// 1893 options that are on.
pub fn list_for(rules: crate::engine::Rules) -> String {
    use crate::engine::OptionFlag;
    let mut out = format!("The {} rules:\n", rules);
    out.push_str(&list(&rules.edition().to_string()));
    for o in rules.options().iter() {
        let what = match o {
            OptionFlag::Turned => "the 7-square shape may be turned 90° (`mark d5 turned`)",
            OptionFlag::OpenChoice => {
                "the setter chooses the open squares among the ends of the Mark's rays"
            }
            OptionFlag::FreeFirst => {
                "the first Mark may go on any field square whose 3×3 set holds no man"
            }
            OptionFlag::BothFirst => {
                "each player's first turn in a Rendezvous moves at most 2 squares"
            }
            OptionFlag::SetterClear => "the setter may have no man in the Rendezvous",
        };
        out.push_str(&format!("Option {}: {what}\n", o.name()));
    }
    out
}

/// Definitions, rules and decisions of the 1893 edition, in short.
pub const RULES_1893: &[Rule] = &[
    Rule {
        kind: Kind::Definition,
        number: 1,
        title: "size of the Rendezvous",
        text: "When the Mark is set, the Rendezvous has one square fewer than there are men \
               on the board: ten men give 9 squares, four men a line of 3. A full \
               Rendezvous always leaves exactly one man outside.",
    },
    Rule {
        kind: Kind::Definition,
        number: 2,
        title: "close shapes (odd sizes)",
        text: "9 squares: the Mark and its eight neighbours. 7: those less the two beside \
               the Mark on its rank. 5: the Mark and its four diagonal neighbours. 3: a \
               line through the Mark that the setter names with a neighbour (`mark d5 d6`); \
               no other size takes a second square.",
    },
    Rule {
        kind: Kind::Definition,
        number: 3,
        title: "open shapes (even sizes)",
        text: "From the Mark, follow a queen's eight rays to the edge: the border squares \
               they end on are the Rendezvous. 8 squares use all eight rays, 6 leave out \
               the two along the Mark's rank, 4 keep only the diagonals.",
    },
    Rule {
        kind: Kind::Rule,
        number: 1,
        title: "moving a man",
        text: "A man moves along one straight line, like a rook or a bishop, over empty \
               squares only. He never jumps and never turns (except when sliding round \
               the border, Rule 6). A turn is several such moves, each by a different man, \
               each made on the board the previous one left.",
    },
    Rule {
        kind: Kind::Rule,
        number: 2,
        title: "the start",
        text: "Each side has five men: Black on b8 h8 a4 h2 d1, Yellow on e8 a7 h5 a1 g1. \
               One player (Black, unless the record says otherwise) sets the first Mark on \
               c6, d5, e4 or f3. For every Rendezvous the player who did not set the Mark \
               plays first.",
    },
    Rule {
        kind: Kind::Rule,
        number: 3,
        title: "the allowance",
        text: "A turn may count at most its allowance of squares: 2 in the first turn of a \
               Rendezvous, otherwise 5 with more than four men, 4 with four, 3 with fewer. \
               At least one square must be moved, and no man may count more than 3 unless \
               he is the mover's last man outside the Rendezvous.",
    },
    Rule {
        kind: Kind::Rule,
        number: 4,
        title: "setting the Mark",
        text: "After the first Rendezvous, the Mark may go on any square where the whole \
               Rendezvous shape fits: a field square for the 9, 7 and 5 shapes and every \
               open shape; for the 3-square line, anywhere the line fits. Men may already \
               stand in it. Its size is one less than the men on the board.",
    },
    Rule {
        kind: Kind::Rule,
        number: 5,
        title: "interchange",
        text: "Before his first turn, the player who did not set the Mark may demand an \
               interchange: the setter swaps all his men for as many of the other side's \
               men as he chooses (all of them when the numbers are equal). Once per \
               Rendezvous; it is not a turn.",
    },
    Rule {
        kind: Kind::Rule,
        number: 6,
        title: "sliding round the border",
        text: "In an open Rendezvous (even size) a man on the border may slide along it, \
               round corners, in one direction over empty squares. Stopping at or before \
               the first Rendezvous square reached counts 1; going beyond it counts every \
               square.",
    },
    Rule {
        kind: Kind::Rule,
        number: 7,
        title: "all in, Rendezvous not full",
        text: "When all a player's men are in the Rendezvous and it still has room, he \
               replaces one outlying man of his opponent with a man of his own colour, and \
               his turn ends at once.",
    },
    Rule {
        kind: Kind::Rule,
        number: 8,
        title: "all in, Rendezvous full",
        text: "When the Rendezvous is full, the one man outside (the opponent's) is \
               removed and the Rendezvous is won. The player with fewer men (with equal \
               numbers, the one who just lost a man) sets the next Mark.",
    },
    Rule {
        kind: Kind::Rule,
        number: 9,
        title: "the end",
        text: "A player left with a single man has lost the game. A position repeated a \
               third time in one Rendezvous is a draw (D-9); players may also agree a draw \
               or resign.",
    },
    Rule {
        kind: Kind::Decision,
        number: 1,
        title: "close shapes are not rotated",
        text: "The 7-square shape always takes the ranks above and below the Mark, as \
               Carroll's diagram shows with the players at the top and bottom.",
    },
    Rule {
        kind: Kind::Decision,
        number: 2,
        title: "open rays go through men",
        text: "An open Rendezvous depends only on the Mark: men standing on a ray do not \
               stop it.",
    },
    Rule {
        kind: Kind::Decision,
        number: 3,
        title: "who sets the first Mark",
        text: "Black, unless the record says otherwise: `Y: mark d5` lets Yellow set it.",
    },
    Rule {
        kind: Kind::Decision,
        number: 4,
        title: "only one first turn is limited",
        text: "The allowance of 2 applies to the single first turn of a Rendezvous (the \
               non-setter's); the setter's reply is a normal turn.",
    },
    Rule {
        kind: Kind::Decision,
        number: 5,
        title: "the last man outside may go further",
        text: "A man may count more than 3 squares only if, when he moves, he is his side's \
               only man outside the Rendezvous; another man may step in first in the same \
               turn.",
    },
    Rule {
        kind: Kind::Decision,
        number: 6,
        title: "passing",
        text: "A player with no legal man's move at all passes (`pass`); otherwise a pass \
               is refused.",
    },
    Rule {
        kind: Kind::Decision,
        number: 7,
        title: "the cheapest way",
        text: "When a straight line and a slide (or both ways round the ring) reach the same \
               square, the move counts the cheapest legal way.",
    },
    Rule {
        kind: Kind::Decision,
        number: 8,
        title: "when \"all in\" happens",
        text: "Checked at the start of a turn and after each man's move; once all a player's \
               men are in, no more men move and the take is due at once.",
    },
    Rule {
        kind: Kind::Decision,
        number: 9,
        title: "draws",
        text: "The same position occurring a third time within one Rendezvous ends the game \
               as a draw at once; the count restarts with each Mark. Players may also agree \
               a draw (`draw`) or resign (`resign`).",
    },
];

/// The table of `edition`, if it is known.
pub fn table(edition: &str) -> Option<&'static [Rule]> {
    EDITIONS
        .iter()
        .find(|(name, _)| *name == edition)
        .map(|(_, rules)| *rules)
}

/// The text of `:rules` with no argument: one line per entry.
pub fn list(edition: &str) -> String {
    let mut out = String::new();
    for r in table(edition).unwrap_or_default() {
        out.push_str(&format!("{}: {}\n", r.citation(), r.title));
    }
    out.push_str(if edition != "1879" {
        "`:rules 3`, `:rules Def. 2` or `:rules D-5` shows one in short.\n"
    } else {
        "`:rules 3`, `:rules E-2` or `:rules D-6` shows one in short.\n"
    });
    out
}

/// Reads a citation as a diagnostic or a user writes it: `3`, `Rule 3`, `rule3`,
/// `Def. 2`, `def 2`, `D-5`, `D5`, `d-5`.
fn parse_citation(text: &str) -> Option<(Kind, u8)> {
    let t: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '.' && *c != '-')
        .collect::<String>()
        .to_ascii_lowercase();
    let (kind, digits) = if let Some(d) = t.strip_prefix("rule") {
        (Kind::Rule, d)
    } else if let Some(d) = t
        .strip_prefix("definition")
        .or_else(|| t.strip_prefix("def"))
    {
        (Kind::Definition, d)
    } else if let Some(d) = t.strip_prefix('d') {
        (Kind::Decision, d)
    } else if let Some(d) = t.strip_prefix('e') {
        (Kind::EditionDecision, d)
    } else {
        (Kind::Rule, t.as_str())
    };
    Some((kind, digits.parse().ok()?))
}

/// The text of `:rules <citation>`, if `edition` has such an entry.
pub fn show(edition: &str, citation: &str) -> Option<String> {
    let (kind, number) = parse_citation(citation)?;
    table(edition)?
        .iter()
        .find(|r| r.kind == kind && r.number == number)
        .map(|r| format!("{} ({}): {}\n", r.citation(), r.title, r.text))
}
