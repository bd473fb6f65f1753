//! Which rules a game is played by: an [`Edition`] of Carroll's (1893, December 1880,
//! February 1879) and, for 1893, the [`Options`] that the Spanish article's reading
//! turns on. A [`Rules`] value is what a game file's `Rules` tag names; every position
//! carries one, so every rule the engine applies is asked of it.
//!
//! Written forms (`FromStr` reads them, `Display` writes the canonical one):
//! `1893`, `1880`, `1879`, `1893 turned both-first` (options after the edition, in any
//! order; written in the order of [`OptionFlag::ALL`]), and `1893-es` for all five.

use std::fmt;
use std::str::FromStr;

/// One of Carroll's rule sets.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub enum Edition {
    /// The printed rules of February/March 1879 (with a die).
    E1879,
    /// The Monthly Packet of December 1880, with Carroll's answers of 1881.
    E1880,
    /// Syzygies and Lanrick (1893): the default.
    #[default]
    E1893,
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.year())
    }
}

/// One option of the Spanish article's reading of 1893.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum OptionFlag {
    /// The 7-square shape may also be turned 90° (`mark d5 turned`).
    Turned,
    /// An open Rendezvous is any N of the border squares in line with the Mark, chosen
    /// by the setter (`mark c5 c8 f8 g1 c1 a3 a7`).
    OpenChoice,
    /// The first Mark may stand on any field square whose 3×3 set holds no man.
    FreeFirst,
    /// The first turn of each player in a Rendezvous moves at most 2 squares.
    BothFirst,
    /// No Mark may be set so that the setter has a man in the Rendezvous.
    SetterClear,
}

impl OptionFlag {
    /// Every option, in the order they are written.
    pub const ALL: [OptionFlag; 5] = [
        OptionFlag::Turned,
        OptionFlag::OpenChoice,
        OptionFlag::FreeFirst,
        OptionFlag::BothFirst,
        OptionFlag::SetterClear,
    ];

    /// The option's name in the `Rules` tag.
    pub const fn name(self) -> &'static str {
        match self {
            OptionFlag::Turned => "turned",
            OptionFlag::OpenChoice => "open-choice",
            OptionFlag::FreeFirst => "free-first",
            OptionFlag::BothFirst => "both-first",
            OptionFlag::SetterClear => "setter-clear",
        }
    }

    const fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// A set of [`OptionFlag`]s.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Options(u8);

impl Options {
    /// No option.
    pub const NONE: Options = Options(0);
    /// All five: the Spanish article's reading (`1893-es`).
    pub const ES: Options = Options(0b1_1111);

    /// Whether `flag` is on.
    pub const fn has(self, flag: OptionFlag) -> bool {
        self.0 & flag.bit() != 0
    }

    /// These options and `flag`.
    pub const fn with(self, flag: OptionFlag) -> Options {
        Options(self.0 | flag.bit())
    }

    /// Whether no option is on.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The options that are on, in their written order.
    pub fn iter(self) -> impl Iterator<Item = OptionFlag> {
        OptionFlag::ALL.into_iter().filter(move |f| self.has(*f))
    }
}

/// The rules of one game: an edition and its options.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Rules {
    edition: Edition,
    options: Options,
}

impl Rules {
    /// An edition with no option.
    pub const fn of(edition: Edition) -> Rules {
        Rules {
            edition,
            options: Options::NONE,
        }
    }

    /// An edition with `options` (the editions' place, `src/engine/editions/`, makes
    /// the values only the 1893 rules take).
    pub(crate) const fn from_parts(edition: Edition, options: Options) -> Rules {
        Rules { edition, options }
    }

    /// The edition.
    pub const fn edition(self) -> Edition {
        self.edition
    }

    /// The options (only 1893 has any).
    pub const fn options(self) -> Options {
        self.options
    }

    /// Whether `flag` is on.
    pub const fn has(self, flag: OptionFlag) -> bool {
        self.options.has(flag)
    }
}

impl fmt::Display for Rules {
    /// The canonical `Rules` value: `1893`, `1880`, `1893 turned both-first`, `1893-es`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Rules::with_options(Options::ES) {
            return f.write_str("1893-es");
        }
        write!(f, "{}", self.edition)?;
        for o in self.options.iter() {
            write!(f, " {}", o.name())?;
        }
        Ok(())
    }
}

/// A `Rules` value that names no edition or option lanrick knows.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RulesError {
    /// The word at fault.
    pub found: String,
    /// Its byte range in the value.
    pub span: std::ops::Range<usize>,
    /// What is wrong.
    pub kind: RulesErrorKind,
}

/// What is wrong with a `Rules` value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RulesErrorKind {
    /// The value is empty.
    Empty,
    /// The first word is not an edition.
    UnknownEdition,
    /// A later word is not an option.
    UnknownOption,
    /// Options were given to an edition that has none.
    OptionsNotAllowed,
    /// The same option twice.
    RepeatedOption,
    /// The edition is known but not playable yet.
    NotYetPlayable,
}

impl RulesError {
    /// The editions and options that exist, for help lines.
    pub fn what_exists() -> String {
        let opts: Vec<&str> = OptionFlag::ALL.iter().map(|o| o.name()).collect();
        format!(
            "editions: 1893 (the default), 1880, 1879; options on 1893: {}; `1893-es` is all five",
            opts.join(", ")
        )
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            RulesErrorKind::Empty => write!(f, "the Rules value is empty"),
            RulesErrorKind::UnknownEdition => write!(f, "unknown edition `{}`", self.found),
            RulesErrorKind::UnknownOption => write!(f, "unknown option `{}`", self.found),
            RulesErrorKind::OptionsNotAllowed => write!(
                f,
                "the {} edition takes no options (`{}`): options belong to 1893",
                self.found
                    .split_whitespace()
                    .next()
                    .unwrap_or(self.found.as_str()),
                self.found
            ),
            RulesErrorKind::RepeatedOption => {
                write!(f, "the option `{}` is given twice", self.found)
            }
            RulesErrorKind::NotYetPlayable => write!(
                f,
                "the {} edition is not playable in this version of lanrick",
                self.found
            ),
        }?;
        write!(f, " ({})", RulesError::what_exists())
    }
}

impl std::error::Error for RulesError {}

impl FromStr for Rules {
    type Err = RulesError;

    fn from_str(s: &str) -> Result<Rules, RulesError> {
        let words: Vec<(usize, &str)> = s
            .split_ascii_whitespace()
            .map(|w| (w.as_ptr() as usize - s.as_ptr() as usize, w))
            .collect();
        let err = |kind, (at, w): (usize, &str)| RulesError {
            found: w.to_string(),
            span: at..at + w.len(),
            kind,
        };
        let Some(&first) = words.first() else {
            return Err(RulesError {
                found: String::new(),
                span: 0..s.len(),
                kind: RulesErrorKind::Empty,
            });
        };
        let spanish = Rules::with_options(Options::ES);
        let (edition, mut options) = if first.1 == "1893-es" {
            (spanish.edition, spanish.options)
        } else {
            match super::editions::edition_of_year(first.1) {
                Some(e) => (e, Options::NONE),
                None => return Err(err(RulesErrorKind::UnknownEdition, first)),
            }
        };
        for &w in &words[1..] {
            let Some(flag) = OptionFlag::ALL.into_iter().find(|o| o.name() == w.1) else {
                return Err(err(RulesErrorKind::UnknownOption, w));
            };
            if !edition.takes_options() {
                return Err(err(RulesErrorKind::OptionsNotAllowed, w));
            }
            if options.has(flag) && first.1 != "1893-es" {
                return Err(err(RulesErrorKind::RepeatedOption, w));
            }
            options = options.with(flag);
        }
        if !edition.is_playable() {
            return Err(err(RulesErrorKind::NotYetPlayable, first));
        }
        Ok(Rules { edition, options })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_writes_every_form() {
        for (text, canonical) in [
            ("1893", "1893"),
            ("1880", "1880"),
            ("1879", "1879"),
            ("1893 both-first turned", "1893 turned both-first"),
            ("1893-es", "1893-es"),
            (
                "1893 turned open-choice free-first both-first setter-clear",
                "1893-es",
            ),
            ("  1893   setter-clear ", "1893 setter-clear"),
        ] {
            let r: Rules = text.parse().unwrap();
            assert_eq!(r.to_string(), canonical, "{text}");
            assert_eq!(r.to_string().parse::<Rules>().unwrap(), r);
        }
        assert_eq!("1893".parse::<Rules>().unwrap(), Rules::default());
    }

    #[test]
    fn unknown_words_list_what_exists() {
        let e = "1894".parse::<Rules>().unwrap_err();
        assert_eq!(e.kind, RulesErrorKind::UnknownEdition);
        assert!(e.to_string().contains("1880"), "{e}");
        let e = "1893 rotated".parse::<Rules>().unwrap_err();
        assert_eq!(e.kind, RulesErrorKind::UnknownOption);
        assert_eq!(e.span, 5..12);
        assert!(e.to_string().contains("open-choice"), "{e}");
        let e = "1880 turned".parse::<Rules>().unwrap_err();
        assert_eq!(e.kind, RulesErrorKind::OptionsNotAllowed);
        let e = "1893 turned turned".parse::<Rules>().unwrap_err();
        assert_eq!(e.kind, RulesErrorKind::RepeatedOption);
        assert_eq!("".parse::<Rules>().unwrap_err().kind, RulesErrorKind::Empty);
    }
}
