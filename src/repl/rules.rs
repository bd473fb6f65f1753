//! Each edition's rules in short, for `:rules`: a reminder at the prompt, not the text.

use crate::engine::{Edition, OptionFlag, Rules};

/// One rule: its number, a title, and a few sentences.
pub struct Rule {
    /// Carroll's 1893 number.
    pub number: u8,
    /// A title.
    pub title: &'static str,
    /// The rule in short.
    pub text: &'static str,
}

/// Rules 1 to 9 of the 1893 edition, in short.
pub const RULES: &[Rule] = &[
    Rule {
        number: 1,
        title: "moving a man",
        text: "A man moves along one straight line, like a rook or a bishop, over empty \
               squares only. He never jumps and never turns (except when sliding round \
               the border, Rule 6). A turn is several such moves, each by a different man, \
               each made on the board the previous one left.",
    },
    Rule {
        number: 2,
        title: "the start",
        text: "Each side has five men: Black on b8 h8 a4 h2 d1, Yellow on e8 a7 h5 a1 g1. \
               One player (Black, unless the record says otherwise) sets the first Mark on \
               c6, d5, e4 or f3. For every Rendezvous the player who did not set the Mark \
               plays first.",
    },
    Rule {
        number: 3,
        title: "the allowance",
        text: "A turn may count at most its allowance of squares: 2 in the first turn of a \
               Rendezvous, otherwise 5 with more than four men, 4 with four, 3 with fewer. \
               At least one square must be moved, and no man may count more than 3 unless \
               he is the mover's last man outside the Rendezvous.",
    },
    Rule {
        number: 4,
        title: "setting the Mark",
        text: "After the first Rendezvous, the Mark may go on any square where the whole \
               Rendezvous shape fits: a field square for the 9, 7 and 5 shapes and every \
               open shape; for the 3-square line, anywhere the line fits. Men may already \
               stand in it. Its size is one less than the men on the board.",
    },
    Rule {
        number: 5,
        title: "interchange",
        text: "Before his first turn, the player who did not set the Mark may demand an \
               interchange: the setter swaps all his men for as many of the other side's \
               men as he chooses (all of them when the numbers are equal). Once per \
               Rendezvous; it is not a turn.",
    },
    Rule {
        number: 6,
        title: "sliding round the border",
        text: "In an open Rendezvous (even size) a man on the border may slide along it, \
               round corners, in one direction over empty squares. Stopping at or before \
               the first Rendezvous square reached counts 1; going beyond it counts every \
               square.",
    },
    Rule {
        number: 7,
        title: "all in, Rendezvous not full",
        text: "When all a player's men are in the Rendezvous and it still has room, he \
               replaces one outlying man of his opponent with a man of his own colour, and \
               his turn ends at once.",
    },
    Rule {
        number: 8,
        title: "all in, Rendezvous full",
        text: "When the Rendezvous is full, the one man outside (the opponent's) is \
               removed and the Rendezvous is won. The player with fewer men (with equal \
               numbers, the one who just lost a man) sets the next Mark.",
    },
    Rule {
        number: 9,
        title: "the end",
        text: "A player left with a single man has lost the game. A position repeated a \
               third time in one Rendezvous is a draw (D-9); players may also agree a draw \
               or resign.",
    },
];

/// The text of `:rules` with no argument: one line per rule.
pub fn list() -> String {
    let mut out = String::new();
    for r in RULES {
        out.push_str(&format!("Rule {}: {}\n", r.number, r.title));
    }
    out.push_str("`:rules N` shows one in short.\n");
    out
}

/// The text of `:rules N`, if there is such a rule.
pub fn show(number: u8) -> Option<String> {
    RULES
        .iter()
        .find(|r| r.number == number)
        .map(|r| format!("Rule {} ({}): {}\n", r.number, r.title, r.text))
}

/// Rules 1 to 6 of December 1880 (with the 1881 answers and the project's decisions),
/// in short.
pub const RULES_1880: &[Rule] = &[
    Rule {
        number: 1,
        title: "the men",
        text: "Each player has five men. A square holds one man; the Mark does not fill \
               its square.",
    },
    Rule {
        number: 2,
        title: "the set-up",
        text: "One player, the arranger, sets all ten men on border squares: \
               `set B a1 c1 e1 g1 h3 Y a8 c8 e8 g8 h6`. Black arranges unless the record \
               names Yellow (`Y: set …`, E-1).",
    },
    Rule {
        number: 3,
        title: "selecting the Rendezvous",
        text: "The other player selects a 3×3 set of nine squares by laying the Mark on its \
               centre, a field square (`mark d5`). The set may hold the opponent's men but \
               none of his own, unless every set does (E-2).",
    },
    Rule {
        number: 4,
        title: "moving the men",
        text: "A turn moves up to as many squares as the mover has men, divided among his \
               men as he likes, each man along one straight or slanting line over empty \
               squares, each man once (1881). Men in the Rendezvous may move out.",
    },
    Rule {
        number: 5,
        title: "the first player and the Mark",
        text: "The player who did not select plays first. While he has not moved any of \
               his own men in this Rendezvous he may instead move the Mark one square \
               (`mark d5-e6`), carrying every man in the set with it; not to a border \
               square, not onto a man left behind, not bringing his own men in (E-3). The \
               selector never may.",
    },
    Rule {
        number: 6,
        title: "winning a Rendezvous and the game",
        text: "As soon as all a player's men are in the set (E-4) he takes off one \
               wanderer (`x e6`) and sends every other wanderer in the field straight to \
               the border (`wanderers e4-e1 f5-h7`, E-5). The loser selects the next \
               Rendezvous; the winner plays first. A player with no men left has lost.",
    },
];

/// The rules of an edition in short.
pub fn rules_of(rules: Rules) -> &'static [Rule] {
    match rules.edition() {
        Edition::E1880 | Edition::E1879 => RULES_1880,
        Edition::E1893 => RULES,
    }
}

/// How many rules the edition has.
pub fn count_for(rules: Rules) -> usize {
    rules_of(rules).len()
}

/// The text of `:rules` for a game played by `rules`: one line per rule, then the
/// options that are on.
pub fn list_for(rules: Rules) -> String {
    let mut out = format!("The {} rules:\n", rules.edition());
    for r in rules_of(rules) {
        out.push_str(&format!("Rule {}: {}\n", r.number, r.title));
    }
    for o in rules.options().iter() {
        let what = match o {
            OptionFlag::Turned => "the 7-square shape may be turned 90° (`mark d5 turned`)",
            OptionFlag::OpenChoice => {
                "the setter chooses the open squares among the ends of the Mark's rays"
            }
            OptionFlag::FreeFirst => {
                "the first Mark may go on any field square whose 3×3 set is empty"
            }
            OptionFlag::BothFirst => {
                "each player's first turn in a Rendezvous moves at most 2 squares"
            }
            OptionFlag::SetterClear => "the setter may have no man in the Rendezvous",
        };
        out.push_str(&format!("Option {}: {what}\n", o.name()));
    }
    out.push_str("`:rules N` shows one in short.\n");
    out
}

/// The text of `:rules N` for a game played by `rules`, if there is such a rule.
pub fn show_for(rules: Rules, number: u8) -> Option<String> {
    rules_of(rules)
        .iter()
        .find(|r| r.number == number)
        .map(|r| {
            format!(
                "Rule {} ({}, {}): {}\n",
                r.number,
                rules.edition(),
                r.title,
                r.text
            )
        })
}
