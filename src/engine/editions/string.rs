//! Position strings read by a game's rules: which phases exist, how many men a side
//! may have, and how the Mark and its options are written depend on the edition.

use super::MarkSpec;
use crate::engine::position::{MAX_MEN, Phase, Position, PositionError, PositionErrorKind, Round};
use crate::engine::rendezvous::{Line, MarkProblem, Rendezvous};
use crate::engine::rules::{Edition, OptionFlag, Rules};
use crate::engine::side::{BySide, Side};
use crate::engine::square::Square;
use crate::engine::squareset::SquareSet;
use std::ops::Range;
use std::str::FromStr;

impl Position {
    /// Parses a 1893 position string (the form its `Display` writes).
    ///
    /// # Errors
    /// A [`PositionError`] with the byte range of the offending part of `s`.
    pub fn parse(s: &str) -> Result<Position, PositionError> {
        parse_position(Rules::R1893, s)
    }

    /// The form of a position string of a game played by `rules`, with an example:
    /// the help line of a malformed one.
    pub fn string_form(rules: Rules) -> String {
        match rules.edition() {
            Edition::E1893 => "a position string is `<placement> <side> <mark> <phase>`, e.g. \"1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 Y d5 first\"".to_string(),
            Edition::E1879 => "a 1879 position string is `<placement> <side> [<mark>] <phase> <B>-<Y> <first>`, e.g. \"8/8/8/8/8/8/8/8 B set 0-0 B\" or \"B6Y/8/8/8/8/8/8/YY4BB B e4 play 3-0 Y\"".to_string(),
            Edition::E1880 => format!(
                "a {rules} position string is `<placement> <side> [<mark>] <phase>`, e.g. \"8/8/8/8/8/8/8/8 B set\" or \"1B2Y2B/Y7/8/7Y/B7/8/7B/Y2B2Y1 B d5 shift-B\""
            ),
        }
    }

    /// Parses a position string of a game played by `rules`.
    ///
    /// # Errors
    /// A [`PositionError`] with the byte range of the offending part of `s`.
    pub fn parse_as(rules: Rules, s: &str) -> Result<Position, PositionError> {
        parse_position(rules, s)
    }
}

impl FromStr for Position {
    type Err = PositionError;
    fn from_str(s: &str) -> Result<Position, PositionError> {
        parse_position(Rules::R1893, s)
    }
}

pub(crate) fn parse_position(rules: Rules, s: &str) -> Result<Position, PositionError> {
    let err = |kind, span: Range<usize>| PositionError { kind, span };
    let mut fields: Vec<(usize, &str)> = s
        .split_ascii_whitespace()
        .map(|w| (w.as_ptr() as usize - s.as_ptr() as usize, w))
        .collect();
    let whole = 0..s.len();
    let is_1879 = rules.edition() == Edition::E1879;
    let mut round = Round::NEW;
    if is_1879 {
        if !(5..=6).contains(&fields.len()) {
            return Err(err(
                PositionErrorKind::FieldCountRound {
                    found: fields.len(),
                },
                whole,
            ));
        }
        let (f_at, first_text) = fields[fields.len() - 1];
        let (sc_at, score_text) = fields[fields.len() - 2];
        round.first = first_text
            .parse::<Side>()
            .map_err(|_| err(PositionErrorKind::BadFirst, f_at..f_at + first_text.len()))?;
        let bad_score = || err(PositionErrorKind::BadScore, sc_at..sc_at + score_text.len());
        let (b, y) = score_text.split_once('-').ok_or_else(bad_score)?;
        let points = |t: &str| {
            if t.is_empty() || t.len() > 2 || !t.bytes().all(|c| c.is_ascii_digit()) {
                None
            } else {
                t.parse::<u8>()
                    .ok()
                    .filter(|&n| n <= crate::engine::position::MAX_SCORE)
            }
        };
        round.score = BySide::new(
            points(b).ok_or_else(bad_score)?,
            points(y).ok_or_else(bad_score)?,
        );
        fields.truncate(fields.len() - 2);
    }
    if !(3..=4).contains(&fields.len()) {
        return Err(err(
            PositionErrorKind::FieldCount {
                found: fields.len(),
            },
            whole,
        ));
    }
    let (p_at, placement) = fields[0];
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(err(
            PositionErrorKind::RankCount { found: ranks.len() },
            p_at..p_at + placement.len(),
        ));
    }
    let mut men = BySide::new(SquareSet::EMPTY, SquareSet::EMPTY);
    let mut offset = p_at;
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for (j, c) in text.char_indices() {
            let at = offset + j;
            let span = at..at + c.len_utf8();
            match c {
                '1'..='8' => {
                    file += c as u8 - b'0';
                    if file > 8 {
                        return Err(err(PositionErrorKind::RankTooLong { rank: rank + 1 }, span));
                    }
                }
                _ => {
                    let Some(side) = Side::from_letter(c) else {
                        return Err(err(
                            PositionErrorKind::BadChar {
                                found: c,
                                rank: rank + 1,
                            },
                            span,
                        ));
                    };
                    let Some(sq) = Square::from_coords(file, rank) else {
                        return Err(err(PositionErrorKind::RankTooLong { rank: rank + 1 }, span));
                    };
                    men.get_mut(side).insert(sq);
                    file += 1;
                }
            }
        }
        if file < 8 {
            let end = offset + text.len();
            let span = offset..end;
            return Err(err(
                PositionErrorKind::RankTooShort {
                    rank: rank + 1,
                    squares: file,
                },
                span,
            ));
        }
        offset += text.len() + 1;
    }
    let (s_at, side_text) = fields[1];
    let to_act = side_text
        .parse::<Side>()
        .map_err(|_| err(PositionErrorKind::BadSide, s_at..s_at + side_text.len()))?;
    let total = men.of(Side::Black).count() + men.of(Side::Yellow).count();
    if total > MAX_MEN {
        return Err(err(
            PositionErrorKind::TooManyMen { count: total },
            p_at..p_at + placement.len(),
        ));
    }
    let (m_at, mark_text) = fields[2];
    let m_span = m_at..m_at + mark_text.len();
    let early = !rules.is_1893();
    if early {
        for side in Side::BOTH {
            let count = men.of(side).count();
            if count > super::e1880::MEN {
                return Err(err(
                    PositionErrorKind::TooManyForSide { side, count },
                    p_at..p_at + placement.len(),
                ));
            }
        }
    }
    let phase_of = |word: &str| -> Option<Phase> {
        Some(match word {
            "set" if early => Phase::Set,
            "mark" => Phase::Mark,
            "first" if !early => Phase::First,
            "second" if rules.has(OptionFlag::BothFirst) => Phase::Second,
            "play" => Phase::Play,
            "shift-B" if rules.is_1880() => Phase::Shift(Side::Black),
            "shift-Y" if rules.is_1880() => Phase::Shift(Side::Yellow),
            w if is_1879 && w.starts_with("bonus:") => {
                let n = &w["bonus:".len()..];
                if n.is_empty() || n.len() > 3 || !n.bytes().all(|c| c.is_ascii_digit()) {
                    return None;
                }
                Phase::Bonus(n.parse::<u8>().ok()?)
            }
            _ => return None,
        })
    };
    if fields.len() == 3 {
        let phase = match phase_of(mark_text) {
            Some(p @ (Phase::Set | Phase::Mark | Phase::Bonus(_))) => p,
            Some(_) => return Err(err(PositionErrorKind::MissingMark, m_span)),
            None if mark_text.parse::<Square>().is_ok() || mark_text.contains(':') => {
                return Err(err(PositionErrorKind::MissingPhase, m_span));
            }
            None => {
                return Err(err(
                    PositionErrorKind::BadPhase {
                        rules,
                        after_mark: false,
                    },
                    m_span,
                ));
            }
        };
        if is_1879 {
            if let Phase::Bonus(n) = phase
                && !(1..=8).contains(&n)
            {
                return Err(err(PositionErrorKind::BonusRange, m_span));
            }
            let p = Position::from_state(rules, men, to_act, None, phase).with_round(round);
            return super::e1879::check_position(&p)
                .map(|()| p)
                .map_err(|kind| err(kind, p_at..p_at + placement.len()));
        }
        if phase == Phase::Set && !(men.of(Side::Black) | men.of(Side::Yellow)).is_empty() {
            return Err(err(
                PositionErrorKind::SetNotEmpty,
                p_at..p_at + placement.len(),
            ));
        }
        return Ok(Position::from_state(rules, men, to_act, None, phase));
    }
    if matches!(
        phase_of(mark_text),
        Some(Phase::Set | Phase::Mark | Phase::Bonus(_))
    ) {
        return Err(err(
            PositionErrorKind::FieldCount { found: 4 },
            fields[3].0..fields[3].0 + fields[3].1.len(),
        ));
    }
    let (mark_sq, after) = match mark_text.split_once(':') {
        Some((a, b)) => (a, Some(b)),
        None => (mark_text, None),
    };
    let mark = mark_sq
        .parse::<Square>()
        .map_err(|_| err(PositionErrorKind::BadMark, m_span.clone()))?;
    let mut spec = MarkSpec::default();
    match after {
        None => {}
        Some("t") => spec.turned = true,
        Some(list) => {
            for part in list.split(',') {
                let sq = part
                    .parse::<Square>()
                    .map_err(|_| err(PositionErrorKind::BadMark, m_span.clone()))?;
                spec.squares.push(sq);
            }
        }
    }
    let (ph_at, phase_text) = fields[3];
    let phase = match phase_of(phase_text) {
        Some(p) if p.in_play() => p,
        _ => {
            return Err(err(
                PositionErrorKind::BadPhase {
                    rules,
                    after_mark: true,
                },
                ph_at..ph_at + phase_text.len(),
            ));
        }
    };
    let size = super::rendezvous_size(&Position::from_state(rules, men, to_act, None, Phase::Mark));
    let bad = |problem| err(PositionErrorKind::Mark { size, problem }, m_span.clone());
    let rendezvous = if early {
        if spec.turned || !spec.squares.is_empty() {
            return Err(bad(MarkProblem::LineNotAllowed));
        }
        if is_1879 && !super::e1879::DIE_SQUARES.contains(mark) {
            return Err(err(
                PositionErrorKind::DieSquare { square: mark },
                m_span.clone(),
            ));
        }
        Rendezvous::new(9, mark, None).map_err(bad)?
    } else if spec.turned {
        if !rules.has(OptionFlag::Turned) {
            return Err(bad(MarkProblem::TurnedOff));
        }
        if size != 7 {
            return Err(bad(MarkProblem::NotTurnable));
        }
        Rendezvous::turned(mark).map_err(bad)?
    } else {
        match spec.squares.as_slice() {
            [] => Rendezvous::new(size, mark, None).map_err(bad)?,
            [t] if size == 3 => {
                let line = Line::through(mark, *t).ok_or(bad(MarkProblem::NotAdjacent(*t)))?;
                Rendezvous::new(size, mark, Some(line)).map_err(bad)?
            }
            [_] if !rules.has(OptionFlag::OpenChoice) || size % 2 == 1 => {
                return Err(bad(MarkProblem::LineNotAllowed));
            }
            list if rules.has(OptionFlag::OpenChoice) && size.is_multiple_of(2) => {
                Rendezvous::chosen(size, mark, list).map_err(bad)?
            }
            _ => return Err(bad(MarkProblem::ChoiceNotAllowed)),
        }
    };
    if early {
        let not_acting = !to_act;
        let his = men.of(not_acting);
        if !his.is_empty() && (his - rendezvous.squares()).is_empty() {
            return Err(err(
                PositionErrorKind::CompleteNotToAct { side: not_acting },
                p_at..p_at + placement.len(),
            ));
        }
    }
    let p = Position::from_state(rules, men, to_act, Some(rendezvous), phase);
    if is_1879 {
        let p = p.with_round(round);
        return super::e1879::check_position(&p)
            .map(|()| p)
            .map_err(|kind| err(kind, p_at..p_at + placement.len()));
    }
    Ok(p)
}
