//! The registry of diagnostic codes: every code a [`Problem`](super::Problem) can carry
//! (`lanrick::rule::blocked`, `lanrick::io::utf8`, …), each with its text and a
//! one-line summary, in one table. Every producer names its code from here
//! ([`Code`]); `tests/codes.rs` checks that no `"lanrick::` string is written anywhere
//! else in `src/`, that each code has a case file or a named test producing it, and
//! that every code `check` gives on the case files and examples is one of these.
//!
//! The engine and the syntax give their violations a stable name by concept
//! ([`RuleViolation::code`], [`SyntaxError::code`]); [`Code::rule`] and
//! [`Code::syntax`] find the registry's code for it.

use crate::engine::RuleViolation;
use crate::prover::Verdict;
use crate::syntax::SyntaxError;

/// Declares [`Code`] with, for each code, its variant, its text and its summary.
macro_rules! codes {
    ($($name:ident = $code:literal, $summary:literal;)*) => {
        /// A diagnostic code: one per concept, stable across releases.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Code {
            $(
                #[doc = $summary]
                $name,
            )*
        }

        impl Code {
            /// Every code, in the registry's order.
            pub const ALL: &'static [Code] = &[$(Code::$name),*];

            /// Its text, e.g. `lanrick::rule::blocked`.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$name => $code,)*
                }
            }

            /// What it means, in one line.
            pub const fn summary(self) -> &'static str {
                match self {
                    $(Code::$name => $summary,)*
                }
            }
        }
    };
}

codes! {
    // Reading input (the command line and the REPL).
    IoRead = "lanrick::io::read", "a path could not be read";
    IoUtf8 = "lanrick::io::utf8", "a file is not UTF-8 text";
    IoTooLarge = "lanrick::io::too_large", "an input is larger than lanrick reads";
    // Syntax: the notation's grammar.
    SyntaxExpected = "lanrick::syntax::expected", "the text does not follow the notation's grammar";
    SyntaxNesting = "lanrick::syntax::nesting", "variations are nested deeper than the limit";
    SyntaxBadNag = "lanrick::syntax::bad_nag", "a NAG outside `$1` to `$255`";
    SyntaxBadNumber = "lanrick::syntax::bad_number", "a number too large to read";
    SyntaxBadSquare = "lanrick::syntax::bad_square", "a square that is not on the board";
    SyntaxBadEscape = "lanrick::syntax::bad_escape", "an unknown escape in a quoted string";
    SyntaxUnclosedComment = "lanrick::syntax::unclosed_comment", "a `{` comment never closed";
    SyntaxUnclosedString = "lanrick::syntax::unclosed_string", "a quoted string never closed";
    SyntaxLimit = "lanrick::syntax::limit", "a file beyond one of the notation's limits";
    // Tags.
    TagRules = "lanrick::tag::rules", "a `Rules` tag that names no rule set";
    TagResult = "lanrick::tag::result", "a `Result` tag that is not `B`, `Y`, `draw` or `*`";
    TagResultMismatch = "lanrick::tag::result_mismatch", "a `Result` tag that the game's end contradicts";
    // Event prefixes.
    PrefixNumber = "lanrick::prefix::number", "a turn number that is not the turn's";
    PrefixSide = "lanrick::prefix::side", "a side prefix naming the side that does not act";
    // Position strings (`Position` tags, `assert position`, `--position`).
    PositionFields = "lanrick::position::fields", "a position string with the wrong number of fields";
    PositionRankCount = "lanrick::position::rank_count", "a placement without eight ranks";
    PositionBadChar = "lanrick::position::bad_char", "a character that is not a man or a count in a placement";
    PositionRankTooLong = "lanrick::position::rank_too_long", "a rank of more than eight squares";
    PositionRankTooShort = "lanrick::position::rank_too_short", "a rank of fewer than eight squares";
    PositionSide = "lanrick::position::side", "a side to act that is not `B` or `Y`";
    PositionMark = "lanrick::position::mark", "a Mark field that is not a square or `-`";
    PositionPhase = "lanrick::position::phase", "a phase that is not one of the rules' phases";
    PositionTooManyMen = "lanrick::position::too_many_men", "more men than the rules allow";
    PositionSetNotEmpty = "lanrick::position::set_not_empty", "men on the board in the set-up phase";
    PositionComplete = "lanrick::position::complete", "a finished game whose side to act is wrong";
    PositionOverlap = "lanrick::position::overlap", "the Rendezvous over a man where none may stand";
    PositionMarkDoesNotFit = "lanrick::position::mark_does_not_fit", "a Mark whose Rendezvous does not fit the board";
    PositionScore = "lanrick::position::score", "a 1879 score that is not `B-Y`";
    PositionFirst = "lanrick::position::first", "a 1879 first player that is not `B` or `Y`";
    PositionScoreOver = "lanrick::position::score_over", "a 1879 score past the end of the match";
    PositionOffBorder = "lanrick::position::off_border", "a 1879 man set off the border";
    PositionTooFewMen = "lanrick::position::too_few_men", "fewer men than a game in play has";
    PositionSetMen = "lanrick::position::set_men", "a 1879 set-up position with men already set";
    PositionDieSquare = "lanrick::position::die_square", "a 1879 Mark on a square no die throw gives";
    // Directives (`assert …`).
    DirectivePosition = "lanrick::directive::position", "`assert position` failed";
    DirectiveToMove = "lanrick::directive::to_move", "`assert to-move` failed";
    DirectiveMen = "lanrick::directive::men", "`assert men` failed";
    DirectiveWinner = "lanrick::directive::winner", "`assert winner` failed";
    DirectiveNotIllegal = "lanrick::directive::not_illegal", "`assert illegal` on an event that is legal";
    // Rules: an illegal action, by concept, in every edition.
    RuleGameOver = "lanrick::rule::game_over", "an action after the game ended";
    RuleNotInEdition = "lanrick::rule::not_in_edition", "an action the game's rules do not have";
    RuleSetNotNow = "lanrick::rule::set_not_now", "a set-up when none is due";
    RuleMenNotSet = "lanrick::rule::men_not_set", "an action before the men are set";
    RuleSetCount = "lanrick::rule::set_count", "a set-up with the wrong number of men";
    RuleSetSquare = "lanrick::rule::set_square", "a man set on a square it may not stand on";
    RuleMarkMove = "lanrick::rule::mark_move", "an illegal move of the Mark (1880)";
    RuleWanderersMissing = "lanrick::rule::wanderers_missing", "a take without the wanderers' squares";
    RuleWanderer = "lanrick::rule::wanderer", "a wanderer placed where it may not go";
    RuleDieSquare = "lanrick::rule::die_square", "a Mark on a square the die did not give (1879)";
    RuleRadiateMissing = "lanrick::rule::radiate_missing", "a take without the centre man's radiating";
    RuleRadiate = "lanrick::rule::radiate", "a radiating choice that is not allowed (1879)";
    RuleBonusTooFar = "lanrick::rule::bonus_too_far", "a bonus move longer than the bonus (1879)";
    RuleBonus = "lanrick::rule::bonus", "a bonus action that is not allowed (1879)";
    RuleMarkAlreadySet = "lanrick::rule::mark_already_set", "a Mark set when one stands";
    RuleMarkNotSet = "lanrick::rule::mark_not_set", "a move before the Mark is set";
    RuleFirstMark = "lanrick::rule::first_mark", "a first Mark off its allowed squares";
    RuleLineRequired = "lanrick::rule::line_required", "a Mark without the line its rules need";
    RuleLineNotAllowed = "lanrick::rule::line_not_allowed", "a Mark with a line its rules forbid";
    RuleLineNotAdjacent = "lanrick::rule::line_not_adjacent", "a Mark's line to a square not beside it";
    RuleMarkDoesNotFit = "lanrick::rule::mark_does_not_fit", "a Mark where its Rendezvous may not stand";
    RuleInterchangeNotNow = "lanrick::rule::interchange_not_now", "an interchange when none is due";
    RuleInterchangeImpossible = "lanrick::rule::interchange_impossible", "an interchange by a setter with more men";
    RuleInterchangeNoChoice = "lanrick::rule::interchange_no_choice", "an interchange choice where the rules give none";
    RuleInterchangeCount = "lanrick::rule::interchange_count", "an interchange of the wrong number of men";
    RuleInterchangeSquare = "lanrick::rule::interchange_square", "an interchange of a square that is not the other side's man";
    RuleInterchangeRepeated = "lanrick::rule::interchange_repeated", "an interchange naming a man twice";
    RuleNoMan = "lanrick::rule::no_man", "a move from an empty square";
    RuleNotYourMan = "lanrick::rule::not_your_man", "a move of the other side's man";
    RuleMovedTwice = "lanrick::rule::moved_twice", "a man moved twice in one turn";
    RuleSameSquare = "lanrick::rule::same_square", "a move to the square it starts from";
    RuleNotInLine = "lanrick::rule::not_in_line", "a move off a straight or diagonal line";
    RuleBlocked = "lanrick::rule::blocked", "a move over a man";
    RuleOccupied = "lanrick::rule::occupied", "a move onto a man";
    RuleTooFar = "lanrick::rule::too_far", "a man moved further than one man may go";
    RuleOverAllowance = "lanrick::rule::over_allowance", "a turn longer than the allowance";
    RuleTurnOver = "lanrick::rule::turn_over", "an action after the turn ended";
    RuleTakeDue = "lanrick::rule::take_due", "a move when a take is due";
    RuleTakeNotDue = "lanrick::rule::take_not_due", "a take when none is due";
    RuleTakeNotOutlying = "lanrick::rule::take_not_outlying", "a take of a man that is not outlying";
    RuleTakeWrongMan = "lanrick::rule::take_wrong_man", "a take of a man the rules do not give";
    RuleTakeMissing = "lanrick::rule::take_missing", "a Rendezvous won without the take it earns";
    RuleEmptyTurn = "lanrick::rule::empty_turn", "a turn with no move";
    RulePassNotAllowed = "lanrick::rule::pass_not_allowed", "a pass the rules do not allow";
    // Goals and proofs.
    GoalInvalid = "lanrick::goal::invalid", "a `Goal` tag that is not a goal";
    GoalUnmet = "lanrick::goal::unmet", "a game's main line that does not meet its goal";
    GoalSetup = "lanrick::goal::setup", "a puzzle whose start cannot be proved (a set-up is due)";
    GoalNoSolution = "lanrick::goal::no_solution", "a puzzle with no key";
    GoalRefuted = "lanrick::goal::refuted", "a written key that a defence refutes";
    GoalShort = "lanrick::goal::short", "a puzzle solved in fewer turns than its goal";
    GoalCooked = "lanrick::goal::cooked", "a puzzle with more than one key";
    GoalSound = "lanrick::goal::sound", "a puzzle with exactly one key (a notice, not an error)";
    GoalUnproven = "lanrick::goal::unproven", "a proof stopped by its budget";
    // Pictures.
    RenderTooLarge = "lanrick::render::too_large", "a file with more steps than the pictures draw";
    // Options.
    NoSuchGame = "lanrick::io::no_such_game", "a `--game N` past the file's last game";
}

/// The page of the project's documentation that lists every code, each at its anchor
/// ([`Code::anchor`]): `docs/codes.md` in the repository.
pub const CODES_PAGE: &str = concat!(env!("CARGO_PKG_REPOSITORY"), "/blob/main/docs/codes.md");

impl Code {
    /// Its anchor on the codes page: the text without `lanrick::`, `::` as `-`
    /// (`rule-blocked` for `lanrick::rule::blocked`).
    pub fn anchor(self) -> String {
        let text = self.as_str();
        text.strip_prefix("lanrick::")
            .unwrap_or(text)
            .replace("::", "-")
    }

    /// The address of its entry on the codes page ([`CODES_PAGE`]).
    pub fn help_uri(self) -> String {
        format!("{CODES_PAGE}#{}", self.anchor())
    }

    /// The code written `text`, if the registry has it.
    pub fn parse(text: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.as_str() == text)
    }

    /// The code of `family` (e.g. `lanrick::rule::`) named `name` by concept.
    fn named(family: &str, name: &str) -> Option<Code> {
        Code::ALL
            .iter()
            .copied()
            .find(|c| c.as_str().strip_prefix(family) == Some(name))
    }

    /// The code of a rule violation: `lanrick::rule::` and the violation's name.
    pub fn rule(v: &RuleViolation) -> Code {
        Code::named("lanrick::rule::", v.code()).expect(
            "every name RuleViolation::code gives is registered (tests/codes.rs reads them from the engine)",
        )
    }

    /// The code of a syntax error: `lanrick::syntax::` and the error's name.
    pub fn syntax(e: &SyntaxError) -> Code {
        Code::named("lanrick::syntax::", e.code()).expect(
            "every name SyntaxError::code gives is registered (tests/codes.rs reads them from the syntax)",
        )
    }

    /// The code of a proof's verdict: `lanrick::goal::` and the verdict's name.
    pub const fn verdict(v: Verdict) -> Code {
        match v {
            Verdict::NoSolution => Code::GoalNoSolution,
            Verdict::Refuted => Code::GoalRefuted,
            Verdict::Short => Code::GoalShort,
            Verdict::Cooked => Code::GoalCooked,
            Verdict::Sound => Code::GoalSound,
            Verdict::Unproven => Code::GoalUnproven,
        }
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::Code;

    #[test]
    fn codes_are_distinct_named_and_parse_back() {
        let mut seen = std::collections::HashSet::new();
        for &c in Code::ALL {
            assert!(seen.insert(c.as_str()), "{} twice", c.as_str());
            assert!(c.as_str().starts_with("lanrick::"), "{c}");
            assert!(!c.summary().is_empty(), "{c}");
            assert_eq!(Code::parse(c.as_str()), Some(c));
        }
        assert_eq!(Code::parse("lanrick::rule::nothing"), None);
    }

    #[test]
    fn every_verdict_has_its_code() {
        for v in crate::prover::Verdict::ALL {
            assert_eq!(
                Code::verdict(v).as_str(),
                format!("lanrick::goal::{}", v.name())
            );
        }
    }
}
