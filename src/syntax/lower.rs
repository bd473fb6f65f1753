//! Lowering: pest pairs to the syntax tree, one function per grammar rule (named after
//! it). Comments may appear between any two tokens, so most functions hand the comments
//! they meet to a `comments` sink owned by the enclosing event or header.
//!
//! Checks that the grammar leaves to this module: squares on the board, NAGs in range,
//! numbers that fit, escapes in strings. Nothing here checks legality.

use pest::iterators::Pair;

use super::ast::{
    Annotation, Comment, CommentKind, Directive, Event, EventKind, File, Game, Goal, GoalTarget,
    HeaderItem, Item, MoveNode, Prefix, SetGroup, Span, Spanned, Tag, Take, Variation,
};
use super::error::{SyntaxError, SyntaxErrorKind};
use super::parser::Rule;
use crate::engine::{Side, Square};

type Result<T> = std::result::Result<T, SyntaxError>;

/// The byte range of a pair.
fn span_of(pair: &Pair<'_, Rule>) -> Span {
    let s = pair.as_span();
    Span::new(s.start(), s.end())
}

/// Where the pair's own tokens end, leaving out comments it swallowed at its end: the
/// content end of its last child that is not a comment (only that child is looked
/// into).
fn content_end(pair: &Pair<'_, Rule>) -> usize {
    if pair.as_rule() == Rule::string {
        // Compound-atomic: ends with its closing quote, which is not a pair.
        return pair.as_span().end();
    }
    let mut last = None;
    for child in pair.clone().into_inner() {
        if child.as_rule() != Rule::COMMENT {
            last = Some(child);
        }
    }
    match last {
        Some(child) => content_end(&child),
        None => pair.as_span().end(),
    }
}

/// Panics with a message naming the grammar assumption that was broken.
fn broken(what: &str, pair: &Pair<'_, Rule>) -> ! {
    unreachable!(
        "grammar/lanrick.pest and lower.rs disagree: {what} cannot contain {:?}",
        pair.as_rule()
    )
}

/// The next child that is not a comment (comments go to `comments`), or a panic naming
/// the grammar rule that guarantees it.
fn next_token<'i>(
    inner: &mut pest::iterators::Pairs<'i, Rule>,
    comments: &mut Vec<Comment>,
    what: &str,
) -> Pair<'i, Rule> {
    for pair in inner.by_ref() {
        if pair.as_rule() == Rule::COMMENT {
            comments.push(comment(pair));
        } else {
            return pair;
        }
    }
    unreachable!("grammar/lanrick.pest guarantees {what}")
}

// ---------------------------------------------------------------------------------
// Entry points

/// `file`: groups the lines into games. A tag line after an event line starts the next
/// game; comment-only lines go to the next tag line's header if one follows before any
/// event line, and to the body otherwise.
pub(crate) fn file(pair: Pair<'_, Rule>) -> Result<File> {
    let mut out = File::default();
    let mut game: Option<(Game, bool)> = None; // the game being built, and whether it has events
    let mut pending: Vec<Comment> = Vec::new(); // comment-only lines not yet placed

    for line in split_lines(pair) {
        let has_tag = line.iter().any(|p| p.as_rule() == Rule::tag);
        let has_event = line.iter().any(|p| p.as_rule() == Rule::event);
        if has_tag {
            let starts_new = match &game {
                None => true,
                Some((_, has_events)) => *has_events,
            };
            if starts_new {
                if let Some((g, _)) = game.take() {
                    out.games.push(g);
                }
                game = Some((new_game(), false));
            }
            let Some((g, _)) = game.as_mut() else {
                unreachable!("a game was just started for this tag line")
            };
            g.header.extend(pending.drain(..).map(HeaderItem::Comment));
            for p in line {
                match p.as_rule() {
                    Rule::tag => {
                        let mut comments = Vec::new();
                        let t = tag(p, &mut comments)?;
                        g.header.push(HeaderItem::Tag(t));
                        g.header
                            .extend(comments.into_iter().map(HeaderItem::Comment));
                    }
                    Rule::COMMENT => g.header.push(HeaderItem::Comment(comment(p))),
                    Rule::EOI => {}
                    _ => broken("a tag line", &p),
                }
            }
        } else if has_event {
            let (g, has_events) = game.get_or_insert_with(|| (new_game(), false));
            *has_events = true;
            g.body.extend(pending.drain(..).map(Item::Comment));
            event_line(line, &mut g.body)?;
        } else {
            for p in line {
                match p.as_rule() {
                    Rule::COMMENT => pending.push(comment(p)),
                    Rule::EOI => {}
                    _ => broken("a blank line", &p),
                }
            }
        }
    }
    match game {
        Some((mut g, _)) => {
            g.body.extend(pending.into_iter().map(Item::Comment));
            out.games.push(g);
        }
        None => out.trailing = pending,
    }
    for g in &mut out.games {
        g.span = game_span(g);
    }
    Ok(out)
}

/// A game with nothing in it yet.
fn new_game() -> Game {
    Game {
        header: Vec::new(),
        body: Vec::new(),
        span: Span::default(),
    }
}

/// From the first header item or body item to the end of the last one.
fn game_span(g: &Game) -> Span {
    let header = g.header.iter().map(|h| match h {
        HeaderItem::Tag(t) => t.span,
        HeaderItem::Comment(c) => c.span,
    });
    let body = g.body.iter().map(item_span);
    header.chain(body).reduce(Span::to).unwrap_or_default()
}

/// The span of an item.
fn item_span(item: &Item) -> Span {
    match item {
        Item::Event(e) => e.span,
        Item::Comment(c) => c.span,
    }
}

/// The children of a line-structured rule (`file`, `line_input`, `variation`), cut
/// into lines at each `nl`; the newlines themselves and `rparen` are dropped.
fn split_lines(pair: Pair<'_, Rule>) -> Vec<Vec<Pair<'_, Rule>>> {
    let mut lines = vec![Vec::new()];
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::nl => lines.push(Vec::new()),
            Rule::rparen => {}
            _ => {
                if let Some(line) = lines.last_mut() {
                    line.push(p);
                }
            }
        }
    }
    lines
}

/// Lowers lines that hold events, `;` and comments into items: a comment on a line
/// with events belongs to the event before it (or, before the first event, to the first
/// one); a line with only comments gives standalone comment items.
fn lines_to_items(lines: Vec<Vec<Pair<'_, Rule>>>) -> Result<Vec<Item>> {
    let mut items = Vec::new();
    for line in lines {
        if line.iter().any(|p| p.as_rule() == Rule::event) {
            event_line(line, &mut items)?;
        } else {
            for p in line {
                match p.as_rule() {
                    Rule::COMMENT => items.push(Item::Comment(comment(p))),
                    Rule::EOI => {}
                    _ => broken("a line without events", &p),
                }
            }
        }
    }
    Ok(items)
}

/// One line with at least one event (the `events` rule and the comments around it).
fn event_line(line: Vec<Pair<'_, Rule>>, items: &mut Vec<Item>) -> Result<()> {
    let mut leading = Vec::new();
    let mut last: Option<usize> = None;
    for p in line {
        match p.as_rule() {
            Rule::event => {
                let mut ev = event(p)?;
                ev.comments.splice(0..0, leading.drain(..));
                items.push(Item::Event(ev));
                last = Some(items.len() - 1);
            }
            Rule::COMMENT => {
                let c = comment(p);
                match last.and_then(|i| items.get_mut(i)) {
                    Some(Item::Event(ev)) => {
                        ev.span = ev.span.to(c.span);
                        ev.comments.push(c);
                    }
                    _ => leading.push(c),
                }
            }
            Rule::semi | Rule::EOI => {}
            _ => broken("a line of events", &p),
        }
    }
    Ok(())
}

/// `line_input`: REPL input, events and comments without tags.
pub(crate) fn line_input(pair: Pair<'_, Rule>) -> Result<Vec<Item>> {
    lines_to_items(split_lines(pair))
}

/// `goal`: `<side> wins rendezvous|game in <N>`.
pub(crate) fn goal(pair: Pair<'_, Rule>) -> Result<Goal> {
    let mut side_ = None;
    let mut target = None;
    let mut turns = None;
    let mut help = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::side => side_ = Some(side(p)),
            Rule::goal_target => target = Some(goal_target(p)),
            Rule::count => turns = Some(count(p)?),
            Rule::goal_help => help = Some(span_of(&p)),
            Rule::kw_wins
            | Rule::kw_in
            | Rule::kw_with
            | Rule::kw_help
            | Rule::COMMENT
            | Rule::EOI => {}
            _ => broken("a goal", &p),
        }
    }
    match (side_, target, turns) {
        (Some(side), Some(target), Some(turns)) => Ok(Goal {
            side,
            target,
            turns,
            help,
        }),
        _ => unreachable!("grammar/lanrick.pest: a goal has a side, a target and a count"),
    }
}

/// `goal_target`: `rendezvous` or `game`.
fn goal_target(pair: Pair<'_, Rule>) -> Spanned<GoalTarget> {
    let t = if pair.as_str() == "game" {
        GoalTarget::Game
    } else {
        GoalTarget::Rendezvous
    };
    Spanned::new(t, span_of(&pair))
}

// ---------------------------------------------------------------------------------
// Tags and strings

/// `tag`: `[Name "value"]`; comments inside go to `comments`.
fn tag(pair: Pair<'_, Rule>, comments: &mut Vec<Comment>) -> Result<Tag> {
    let span = span_of(&pair);
    let mut inner = pair.into_inner();
    let name = tag_name(next_token(&mut inner, comments, "a tag name"));
    let value = string(next_token(&mut inner, comments, "a tag value"))?;
    for p in inner {
        match p.as_rule() {
            Rule::COMMENT => comments.push(comment(p)),
            Rule::rbracket => {}
            _ => broken("a tag", &p),
        }
    }
    Ok(Tag { name, value, span })
}

/// `tag_name`.
fn tag_name(pair: Pair<'_, Rule>) -> Spanned<String> {
    Spanned::new(pair.as_str().to_owned(), span_of(&pair))
}

/// `string`: the text between the quotes with escapes resolved; the span covers that
/// text.
fn string(pair: Pair<'_, Rule>) -> Result<Spanned<String>> {
    let Some(text) = pair.into_inner().next() else {
        unreachable!("grammar/lanrick.pest: a string holds string_text")
    };
    string_text(text)
}

/// `string_text`: resolves `\"` and `\\`; any other escape is an error.
fn string_text(pair: Pair<'_, Rule>) -> Result<Spanned<String>> {
    let span = span_of(&pair);
    let raw = pair.as_str();
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.char_indices();
    while let Some((i, c)) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some((_, e @ ('"' | '\\'))) => out.push(e),
            Some((j, e)) => {
                let end = j + e.len_utf8();
                return Err(SyntaxError::new(
                    Span::new(span.start + i, span.start + end),
                    SyntaxErrorKind::BadEscape {
                        text: raw[i..end].to_owned(),
                    },
                ));
            }
            None => unreachable!(
                "grammar/lanrick.pest: a backslash in a string is followed by a character"
            ),
        }
    }
    Ok(Spanned::new(out, span))
}

/// `COMMENT`: `{ ... }` or `# ...` (a CR before the line's end is not part of it).
fn comment(pair: Pair<'_, Rule>) -> Comment {
    let span = span_of(&pair);
    let raw = pair.as_str();
    if let Some(inner) = raw.strip_prefix('{') {
        Comment {
            text: inner.strip_suffix('}').unwrap_or(inner).to_owned(),
            kind: CommentKind::Brace,
            span,
        }
    } else {
        let body = raw.strip_prefix('#').unwrap_or(raw);
        let text = body.strip_suffix('\r').unwrap_or(body);
        Comment {
            text: text.to_owned(),
            kind: CommentKind::Line,
            span: Span::new(span.start, span.start + 1 + text.len()),
        }
    }
}

// ---------------------------------------------------------------------------------
// Events

/// `event`: an action (with its prefix) or a directive, then annotations and
/// variations, with every comment met inside.
fn event(pair: Pair<'_, Rule>) -> Result<Event> {
    let start = pair.as_span().start();
    // The content end of the last child that is not a comment (see `content_end`).
    let mut end = start;
    let mut prefix_ = Prefix::default();
    let mut kind = None;
    let mut annotations = Vec::new();
    let mut comments = Vec::new();
    let mut variations = Vec::new();
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::prefix => {
                end = content_end(&p);
                prefix_ = prefix(p, &mut comments)?;
            }
            Rule::directive => {
                let span = Span::new(p.as_span().start(), content_end(&p));
                end = span.end;
                kind = Some((EventKind::Assert(directive(p, &mut comments)?), span));
            }
            Rule::COMMENT => comments.push(comment(p)),
            Rule::glyph => {
                end = p.as_span().end();
                annotations.push(glyph(p));
            }
            Rule::nag => {
                end = p.as_span().end();
                annotations.push(nag(p)?);
            }
            Rule::variation => {
                end = p.as_span().end();
                variations.push(variation(p)?);
            }
            // The line end before a variation written on the next line.
            Rule::nl => {}
            _ => {
                let kind_start = p.as_span().start();
                // A turn's tokens end with its last move or its take, both known once
                // lowered; other actions are looked into.
                let other_end = (p.as_rule() != Rule::turn).then(|| content_end(&p));
                let k = action(p, &mut comments)?;
                let kind_end = other_end.unwrap_or_else(|| turn_end(&k));
                end = kind_end;
                kind = Some((k, Span::new(kind_start, kind_end)));
            }
        }
    }
    let Some((kind, kind_span)) = kind else {
        unreachable!("grammar/lanrick.pest: an event holds an action or a directive")
    };
    let end = comments.iter().map(|c| c.span.end).fold(end, usize::max);
    Ok(Event {
        prefix: prefix_,
        kind,
        kind_span,
        annotations,
        comments,
        variations,
        span: Span::new(start, end),
    })
}

/// Where a lowered turn's tokens end: its take, or else its last move.
fn turn_end(kind: &EventKind) -> usize {
    match kind {
        EventKind::Turn {
            radiate: Some(r), ..
        } => r.span.end,
        EventKind::Turn { wanderers, .. } if !wanderers.is_empty() => {
            wanderers.last().map_or(0, |m| m.span.end)
        }
        EventKind::Turn {
            take: Some(take), ..
        } => take.span.end,
        EventKind::Turn { moves, .. } => moves.last().map_or_else(
            || unreachable!("grammar/lanrick.pest: a turn has a move or a take"),
            |m| m.span.end,
        ),
        _ => unreachable!("turn_end is only called on a turn"),
    }
}

/// An action rule (`mark`, `interchange`, `pass`, `resign`, `draw`, `turn`).
fn action(pair: Pair<'_, Rule>, comments: &mut Vec<Comment>) -> Result<EventKind> {
    match pair.as_rule() {
        Rule::mark => mark(pair, comments),
        Rule::set => set(pair, comments),
        Rule::interchange => interchange(pair, comments),
        Rule::pass => Ok(EventKind::Pass),
        Rule::resign => Ok(EventKind::Resign),
        Rule::draw => Ok(EventKind::Draw),
        Rule::turn => turn(pair, comments),
        _ => broken("an action", &pair),
    }
}

/// `prefix`: a turn number and/or a side.
fn prefix(pair: Pair<'_, Rule>, comments: &mut Vec<Comment>) -> Result<Prefix> {
    let mut out = Prefix::default();
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::turn_number => out.number = Some(turn_number(p)?),
            Rule::side_prefix => out.side = Some(side_prefix(p)),
            Rule::COMMENT => comments.push(comment(p)),
            _ => broken("a prefix", &p),
        }
    }
    Ok(out)
}

/// `turn_number`: `12.`; the span covers the digits and the dot.
fn turn_number(pair: Pair<'_, Rule>) -> Result<Spanned<u32>> {
    let span = span_of(&pair);
    let digits = pair.as_str().trim_end_matches('.');
    number(digits, Span::new(span.start, span.start + digits.len()))
        .map(|n| Spanned::new(n.node, span))
}

/// `side_prefix`: `B`, `Y:`, `W`; the span covers the letter.
fn side_prefix(pair: Pair<'_, Rule>) -> Spanned<Side> {
    let start = pair.as_span().start();
    Spanned::new(side_letter(pair.as_str()), Span::new(start, start + 1))
}

/// The side for a text starting with `B`, `Y` or `W`.
fn side_letter(text: &str) -> Side {
    text.chars()
        .next()
        .and_then(Side::from_letter)
        .unwrap_or_else(|| unreachable!("grammar/lanrick.pest: a side starts with B, Y or W"))
}

/// `mark`: `mark d5`, `mark d5 d6`, `mark d5 turned`, `mark c5 c8 f8 …`, or the
/// Mark's move `mark d5-e6`.
fn mark(pair: Pair<'_, Rule>, comments: &mut Vec<Comment>) -> Result<EventKind> {
    let mut squares = Vec::new();
    let mut turned = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::square => squares.push(square(p)?),
            Rule::mark_move => return Ok(EventKind::MoveMark(move_(p)?)),
            Rule::kw_turned => turned = Some(span_of(&p)),
            Rule::COMMENT => comments.push(comment(p)),
            Rule::kw_mark => {}
            _ => broken("a mark", &p),
        }
    }
    let mut it = squares.into_iter();
    let Some(square) = it.next() else {
        unreachable!("grammar/lanrick.pest: a mark has a square")
    };
    let rest: Vec<_> = it.collect();
    if turned.is_some() || rest.len() > 1 {
        return Ok(EventKind::MarkWith {
            square,
            squares: rest,
            turned,
        });
    }
    Ok(EventKind::Mark {
        square,
        towards: rest.into_iter().next(),
    })
}

/// `set`: groups of squares, each with its side letter if written.
fn set(pair: Pair<'_, Rule>, comments: &mut Vec<Comment>) -> Result<EventKind> {
    let mut groups = Vec::new();
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::set_group => {
                let mut group = SetGroup {
                    side: None,
                    squares: Vec::new(),
                };
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::side => {
                            let start = q.as_span().start();
                            group.side = Some(Spanned::new(
                                side_letter(q.as_str()),
                                Span::new(start, start + 1),
                            ));
                        }
                        Rule::square => group.squares.push(square(q)?),
                        Rule::COMMENT => comments.push(comment(q)),
                        _ => broken("a set group", &q),
                    }
                }
                groups.push(group);
            }
            Rule::COMMENT => comments.push(comment(p)),
            Rule::kw_set => {}
            _ => broken("a set", &p),
        }
    }
    Ok(EventKind::Set { groups })
}

/// `interchange`: the keyword and any squares.
fn interchange(pair: Pair<'_, Rule>, comments: &mut Vec<Comment>) -> Result<EventKind> {
    let mut squares = Vec::new();
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::square => squares.push(square(p)?),
            Rule::COMMENT => comments.push(comment(p)),
            Rule::kw_interchange => {}
            _ => broken("an interchange", &p),
        }
    }
    Ok(EventKind::Interchange { squares })
}

/// `turn`: moves, then maybe a take.
fn turn(pair: Pair<'_, Rule>, comments: &mut Vec<Comment>) -> Result<EventKind> {
    let mut moves = Vec::new();
    let mut taken = None;
    let mut wanderers = Vec::new();
    let mut radiate = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::move_ => moves.push(move_(p)?),
            Rule::radiate => {
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::square => radiate = Some(Box::new(square(q)?)),
                        Rule::COMMENT => comments.push(comment(q)),
                        Rule::kw_radiate => {}
                        _ => broken("radiate", &q),
                    }
                }
            }
            Rule::take => taken = Some(take(p, comments)?),
            Rule::wanderers => {
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::move_ => wanderers.push(move_(q)?),
                        Rule::COMMENT => comments.push(comment(q)),
                        Rule::kw_wanderers => {}
                        _ => broken("wanderers", &q),
                    }
                }
            }
            Rule::COMMENT => comments.push(comment(p)),
            _ => broken("a turn", &p),
        }
    }
    Ok(EventKind::Turn {
        moves,
        take: taken,
        wanderers: wanderers.into_boxed_slice(),
        radiate,
    })
}

/// `move_`: `from-to`, one token.
fn move_(pair: Pair<'_, Rule>) -> Result<MoveNode> {
    let span = span_of(&pair);
    let text = pair.as_str();
    let Some(dash) = text.find('-') else {
        unreachable!("grammar/lanrick.pest: a move holds a `-`")
    };
    let from = square_text(&text[..dash], Span::new(span.start, span.start + dash))?;
    let to = square_text(
        &text[dash + 1..],
        Span::new(span.start + dash + 1, span.end),
    )?;
    Ok(MoveNode { from, to, span })
}

/// `take`: `x e6`.
fn take(pair: Pair<'_, Rule>, comments: &mut Vec<Comment>) -> Result<Take> {
    let start = pair.as_span().start();
    let mut sq = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::square => sq = Some(square(p)?),
            Rule::COMMENT => comments.push(comment(p)),
            Rule::kw_x => {}
            _ => broken("a take", &p),
        }
    }
    let Some(square) = sq else {
        unreachable!("grammar/lanrick.pest: a take has a square")
    };
    Ok(Take {
        square,
        span: Span::new(start, square.span.end),
    })
}

/// `square`: checks that the loosely lexed token is on the board.
fn square(pair: Pair<'_, Rule>) -> Result<Spanned<Square>> {
    square_text(pair.as_str(), span_of(&pair))
}

/// A square's text (`square_text` in the grammar) at `span`.
fn square_text(text: &str, span: Span) -> Result<Spanned<Square>> {
    text.parse::<Square>()
        .map(|sq| Spanned::new(sq, span))
        .map_err(|_| {
            SyntaxError::new(
                span,
                SyntaxErrorKind::BadSquare {
                    text: text.to_owned(),
                },
            )
        })
}

/// `glyph`: `!`, `?`, `!!`, `??`, `!?`, `?!`.
fn glyph(pair: Pair<'_, Rule>) -> Spanned<Annotation> {
    let a = match pair.as_str() {
        "!" => Annotation::Good,
        "?" => Annotation::Mistake,
        "!!" => Annotation::Brilliant,
        "??" => Annotation::Blunder,
        "!?" => Annotation::Interesting,
        "?!" => Annotation::Dubious,
        other => unreachable!("grammar/lanrick.pest: `{other}` is not a glyph"),
    };
    Spanned::new(a, span_of(&pair))
}

/// `nag`: `$1` to `$255`.
fn nag(pair: Pair<'_, Rule>) -> Result<Spanned<Annotation>> {
    let span = span_of(&pair);
    let text = pair.as_str();
    match text[1..].parse::<u8>() {
        Ok(n) if n >= 1 => Ok(Spanned::new(Annotation::Nag(n), span)),
        _ => Err(SyntaxError::new(
            span,
            SyntaxErrorKind::BadNag {
                text: text.to_owned(),
            },
        )),
    }
}

/// `variation`: `( ... )` holding lines of events and comments.
fn variation(pair: Pair<'_, Rule>) -> Result<Variation> {
    let span = span_of(&pair);
    let body = lines_to_items(split_lines(pair))?;
    Ok(Variation { body, span })
}

// ---------------------------------------------------------------------------------
// Directives

/// `directive`: `assert` and one of its forms.
fn directive(pair: Pair<'_, Rule>, comments: &mut Vec<Comment>) -> Result<Directive> {
    let mut inner = pair.into_inner();
    let _kw = next_token(&mut inner, comments, "`assert`");
    let form = next_token(&mut inner, comments, "what to assert");
    for p in inner {
        match p.as_rule() {
            Rule::COMMENT => comments.push(comment(p)),
            _ => broken("a directive after its form", &p),
        }
    }
    match form.as_rule() {
        Rule::assert_position => assert_position(form, comments),
        Rule::assert_to_move => assert_to_move(form, comments),
        Rule::assert_men => assert_men(form, comments),
        Rule::assert_winner => assert_winner(form, comments),
        Rule::assert_illegal => assert_illegal(form, comments),
        _ => broken("a directive", &form),
    }
}

/// `assert_position`: `position "<string>"`.
fn assert_position(pair: Pair<'_, Rule>, comments: &mut Vec<Comment>) -> Result<Directive> {
    let mut inner = pair.into_inner();
    let _kw = next_token(&mut inner, comments, "`position`");
    let s = string(next_token(&mut inner, comments, "a position string"))?;
    Ok(Directive::Position(s))
}

/// `assert_to_move`: `to-move B`.
fn assert_to_move(pair: Pair<'_, Rule>, comments: &mut Vec<Comment>) -> Result<Directive> {
    let mut inner = pair.into_inner();
    let _kw = next_token(&mut inner, comments, "`to-move`");
    Ok(Directive::ToMove(side(next_token(
        &mut inner, comments, "a side",
    ))))
}

/// `assert_men`: `men B 4` or `men B 4 Y 5`.
fn assert_men(pair: Pair<'_, Rule>, comments: &mut Vec<Comment>) -> Result<Directive> {
    let mut pairs = Vec::new();
    let mut current = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::side => current = Some(side(p)),
            Rule::count => {
                let Some(s) = current.take() else {
                    unreachable!("grammar/lanrick.pest: a count follows a side")
                };
                pairs.push((s, count(p)?));
            }
            Rule::COMMENT => comments.push(comment(p)),
            Rule::kw_men => {}
            _ => broken("`assert men`", &p),
        }
    }
    Ok(Directive::Men(pairs))
}

/// `assert_winner`: `winner Y` or `winner draw`.
fn assert_winner(pair: Pair<'_, Rule>, comments: &mut Vec<Comment>) -> Result<Directive> {
    let mut inner = pair.into_inner();
    let _kw = next_token(&mut inner, comments, "`winner`");
    let p = next_token(&mut inner, comments, "a side or `draw`");
    let w = match p.as_rule() {
        Rule::side => {
            let s = side(p);
            Spanned::new(Some(s.node), s.span)
        }
        Rule::draw => Spanned::new(None, span_of(&p)),
        _ => broken("`assert winner`", &p),
    };
    Ok(Directive::Winner(w))
}

/// `assert_illegal`: `illegal` and an action with an optional prefix; the inner event
/// has no annotations, comments or variations (those belong to the directive).
fn assert_illegal(pair: Pair<'_, Rule>, comments: &mut Vec<Comment>) -> Result<Directive> {
    let mut prefix_ = Prefix::default();
    let mut start = None;
    let mut kind = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::kw_illegal => {}
            Rule::COMMENT => comments.push(comment(p)),
            Rule::prefix => {
                start = Some(p.as_span().start());
                prefix_ = prefix(p, comments)?;
            }
            _ => {
                let span = Span::new(p.as_span().start(), content_end(&p));
                kind = Some((action(p, comments)?, span));
            }
        }
    }
    let Some((kind, kind_span)) = kind else {
        unreachable!("grammar/lanrick.pest: `assert illegal` holds an action")
    };
    Ok(Directive::Illegal(Box::new(Event {
        prefix: prefix_,
        kind,
        kind_span,
        annotations: Vec::new(),
        comments: Vec::new(),
        variations: Vec::new(),
        span: Span::new(start.unwrap_or(kind_span.start), kind_span.end),
    })))
}

/// `side`: `B`, `Y` or `W`.
fn side(pair: Pair<'_, Rule>) -> Spanned<Side> {
    Spanned::new(side_letter(pair.as_str()), span_of(&pair))
}

/// `count`: a number of men or turns.
fn count(pair: Pair<'_, Rule>) -> Result<Spanned<u32>> {
    number(pair.as_str(), span_of(&pair))
}

/// Digits at `span` as a `u32`.
fn number(digits: &str, span: Span) -> Result<Spanned<u32>> {
    digits
        .parse::<u32>()
        .map(|n| Spanned::new(n, span))
        .map_err(|_| {
            SyntaxError::new(
                span,
                SyntaxErrorKind::BadNumber {
                    text: digits.to_owned(),
                },
            )
        })
}
