// The page of `lanrick serve`. It draws nothing itself: the server answers every
// request with a view whose board (SVG from src/render/) and texts are written in Rust,
// and this script puts those strings in place, sends clicks and typed lines, and polls
// while lanrick thinks. Each tab keeps its own game id in sessionStorage.
'use strict';
const $ = (id) => document.getElementById(id);
const KEY = 'lanrick-serve-game';
let id = null;
let view = null;
let since = 0;
let polling = false;
let cursor = 'a1';

function fail(e) {
  const box = $('errors');
  box.hidden = false;
  box.textContent += String(e && e.message ? e.message : e) + '\n';
}

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const r = await fetch(path, init);
  const type = r.headers.get('Content-Type') || '';
  const data = type.startsWith('application/json') ? await r.json() : await r.text();
  if (!r.ok) {
    const err = new Error((data && data.error) || ('HTTP ' + r.status));
    err.status = r.status;
    throw err;
  }
  return data;
}

function show(v) {
  view = v;
  id = v.id;
  sessionStorage.setItem(KEY, id);
  $('board').innerHTML = v.board;
  markCursor();
  let status = v.status;
  if (v.busy === 'thinking') status += ' — lanrick is thinking…';
  if (v.busy === 'hinting') status += ' — thinking of a hint…';
  if (v.busy === 'proving') status += ' — the prover is working…';
  $('proof').hidden = !v.proof;
  $('proof').textContent = v.proof || '';
  $('status').textContent = status;
  $('prompt').textContent = v.prompt || '';
  $('built').textContent = v.built ? v.built_kind + ': ' + v.built : '';
  $('left').textContent = v.turn ? (v.turn.take ? 'a take is due' : v.turn.left + ' of ' + v.turn.allowance + ' squares left') : '';
  for (const b of ['send', 'cancel', 'undo', 'redo', 'interchange', 'turned', 'pass', 'throw']) $(b).disabled = !v.can[b];
  $('turned').hidden = !v.can.turned;
  $('stop').disabled = !v.busy;
  $('diagnostic').hidden = !v.diagnostic;
  $('diagnostic').textContent = v.diagnostic || '';
  $('hintbox').hidden = !v.hint;
  $('hinttext').textContent = v.hint || '';
  for (const e of v.log) {
    if (e.n < since) continue;
    const li = document.createElement('li');
    li.textContent = e.text;
    $('log').appendChild(li);
  }
  since = v.next_log;
  $('log').scrollTop = $('log').scrollHeight;
  const moves = $('moves');
  moves.textContent = '';
  for (const m of v.moves) {
    const li = document.createElement('li');
    li.textContent = m.text;
    if (m.variations && m.variations.length) {
      const alts = document.createElement('ul');
      alts.className = 'variations';
      for (const text of m.variations) {
        const alt = document.createElement('li');
        alt.textContent = '(' + text + ')';
        alts.appendChild(alt);
      }
      li.appendChild(alts);
    }
    moves.appendChild(li);
  }
  moves.scrollTop = moves.scrollHeight;
  $('puzzlebox').hidden = !v.puzzle;
  if (v.puzzle) {
    $('puzzlename').textContent = v.puzzle.name;
    $('puzzlegoal').textContent = 'Goal: ' + (v.puzzle.goal || '') + ' — play the key; lanrick defends.';
    $('solution').textContent = v.puzzle.solution;
  }
  $('editbox').hidden = !v.editing;
  $('editboard').value = v.editing || '';
  $('exportpuzzle').href = '/api/puzzle?g=' + encodeURIComponent(id) + '&goal=' + encodeURIComponent($('goal').value);
  $('posstring').value = v.position;
  $('download').href = '/api/record?g=' + encodeURIComponent(id);
  $('share').href = '#rules=' + encodeURIComponent(v.rules) + '&pos=' + encodeURIComponent(v.position);
  if (v.busy) poll();
}

async function poll() {
  if (polling) return;
  polling = true;
  try {
    while (view && view.busy) {
      show(await api('GET', '/api/view?g=' + encodeURIComponent(id) + '&since=' + since + '&wait=' + view.version));
    }
  } catch (e) {
    fail(e);
  } finally {
    polling = false;
  }
}

// The last action sent (the click self-test waits for it).
let pending = Promise.resolve();
function act(what) {
  what.since = since;
  pending = api('POST', '/api/act?g=' + encodeURIComponent(id), what).then(show);
  return pending;
}

async function newGame(extra) {
  const side = $('opponent').value;
  const body = Object.assign({
    rules: $('rules').value,
    lanrick: side ? { side, level: Number($('level').value) } : null,
  }, extra || {});
  since = 0;
  $('log').textContent = '';
  show(await api('POST', '/api/new', body));
}

function markCursor() {
  const r = document.querySelector('#board [data-sq="' + cursor + '"]');
  if (r && document.activeElement === $('board')) r.classList.add('cursor');
}

// Clicks and drags on the board: a press on one square and a release on another is
// two clicks, so a man can be dragged.
let pressed = null;
$('board').addEventListener('pointerdown', (ev) => {
  const t = ev.target.closest('[data-sq]');
  pressed = t ? t.dataset.sq : null;
  if (pressed) act({ do: 'click', sq: pressed }).catch(fail);
});
$('board').addEventListener('pointerup', (ev) => {
  const t = document.elementFromPoint(ev.clientX, ev.clientY);
  const sq = t && t.closest ? t.closest('[data-sq]') : null;
  if (pressed && sq && sq.dataset.sq !== pressed) act({ do: 'click', sq: sq.dataset.sq }).catch(fail);
  pressed = null;
});
// The keyboard on the board: arrows move a cursor, Enter or Space clicks its square.
$('board').addEventListener('keydown', (ev) => {
  const f = cursor.charCodeAt(0) - 97;
  const r = Number(cursor.slice(1)) - 1;
  const flip = view && view.flip;
  const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  if (moves[ev.key]) {
    const [df, dr] = moves[ev.key];
    const nf = Math.min(7, Math.max(0, f + (flip ? -df : df)));
    const nr = Math.min(7, Math.max(0, r + (flip ? -dr : dr)));
    cursor = String.fromCharCode(97 + nf) + (nr + 1);
    document.querySelectorAll('#board .cursor').forEach((e) => e.classList.remove('cursor'));
    markCursor();
    $('status').textContent = view.status + ' — ' + (document.querySelector('#board [data-sq="' + cursor + '"]').getAttribute('aria-label'));
    ev.preventDefault();
  } else if (ev.key === 'Enter' || ev.key === ' ') {
    act({ do: 'click', sq: cursor }).catch(fail);
    ev.preventDefault();
  } else if (ev.key === 'Escape') {
    act({ do: 'cancel' }).catch(fail);
  }
});
$('board').addEventListener('focus', markCursor);

for (const b of ['send', 'cancel', 'undo', 'redo', 'interchange', 'turned', 'pass', 'throw', 'stop', 'go', 'flip']) {
  $(b).addEventListener('click', () => act({ do: b }).catch(fail));
}
$('hint').addEventListener('click', () => act({ do: 'hint', level: Number($('level').value) }).catch(fail));
$('newgame').addEventListener('submit', (ev) => {
  ev.preventDefault();
  newGame().catch(fail);
});
$('notation').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const text = $('line').value;
  act({ do: 'line', text }).then(() => {
    if (!view.diagnostic) $('line').value = '';
  }).catch(fail);
});
// The notation box completes with the REPL's completer, on the server.
$('line').addEventListener('input', async () => {
  const head = $('line').value;
  try {
    const c = await api('GET', '/api/complete?g=' + encodeURIComponent(id) + '&head=' + encodeURIComponent(head));
    const list = $('completions');
    list.textContent = '';
    const keep = Array.from(head).slice(0, c.start).join('');
    for (const cand of c.candidates.slice(0, 50)) {
      const o = document.createElement('option');
      o.value = keep + cand;
      list.appendChild(o);
    }
  } catch (e) {
    fail(e);
  }
});
// The puzzles shipped and the games of the files given on the command line.
async function loadFiles() {
  const f = await api('GET', '/api/files');
  const sel = $('openwhat');
  sel.textContent = '';
  const group = (label) => {
    const g = document.createElement('optgroup');
    g.label = label;
    sel.appendChild(g);
    return g;
  };
  for (const file of f.files) {
    const g = group(file.name);
    for (const game of file.games) {
      const o = document.createElement('option');
      o.value = JSON.stringify({ file: file.index, game: game.game });
      o.textContent = game.game + '. ' + (game.title || file.name);
      g.appendChild(o);
      if (game.goal) {
        // A puzzle of the file: also offered in the trainer.
        const t = document.createElement('option');
        t.value = JSON.stringify({ file: file.index, game: game.game, train: true });
        t.textContent = game.game + '. ' + (game.title || file.name) + ': ' + game.goal + ' (train)';
        g.appendChild(t);
      }
    }
  }
  const pg = group('Puzzles');
  for (const p of f.puzzles) {
    const o = document.createElement('option');
    o.value = JSON.stringify({ puzzle: p.index });
    o.textContent = p.name + ': ' + p.goal;
    pg.appendChild(o);
  }
}
$('open').addEventListener('submit', (ev) => {
  ev.preventDefault();
  if (!$('openwhat').value) return;
  newGame(Object.assign({ rules: '', lanrick: null }, JSON.parse($('openwhat').value))).catch(fail);
});
$('upload').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const file = $('uploadfile').files[0];
  if (!file) return;
  try {
    await newGame({ rules: '', lanrick: null, text: await file.text(), game: Number($('uploadgame').value) || 1 });
  } catch (e) {
    $('diagnostic').hidden = false;
    $('diagnostic').textContent = e.message;
  }
});
$('setup').addEventListener('submit', (ev) => {
  ev.preventDefault();
  newGame({ position: $('setpos').value, lanrick: null }).catch((e) => {
    $('diagnostic').hidden = false;
    $('diagnostic').textContent = e.message;
  });
});
$('prove').addEventListener('submit', (ev) => {
  ev.preventDefault();
  act({ do: 'prove', goal: $('goal').value }).catch(fail);
});
$('goal').addEventListener('input', () => {
  $('exportpuzzle').href = '/api/puzzle?g=' + encodeURIComponent(id) + '&goal=' + encodeURIComponent($('goal').value);
});
$('edit').addEventListener('click', () => act({ do: 'edit' }).catch(fail));
$('editcancel').addEventListener('click', () => act({ do: 'edit_cancel' }).catch(fail));
$('editbox').addEventListener('submit', (ev) => {
  ev.preventDefault();
  act({ do: 'edit_done', rules: $('rules').value, rest: $('editrest').value }).catch(fail);
});
$('copypos').addEventListener('click', () => {
  $('posstring').select();
  if (navigator.clipboard) navigator.clipboard.writeText($('posstring').value).catch(() => {});
});
document.addEventListener('keydown', (ev) => {
  if (ev.target.closest && ev.target.closest('input, select, textarea')) return;
  if (ev.key === 'u') act({ do: 'undo' }).catch(fail);
  else if (ev.key === 'r') act({ do: 'redo' }).catch(fail);
  else if (ev.key === 'h') $('hint').click();
  // Stepping through a game: back and forward along the moves.
  else if (ev.key === 'ArrowLeft' && ev.target === document.body) act({ do: 'undo' }).catch(fail);
  else if (ev.key === 'ArrowRight' && ev.target === document.body) act({ do: 'redo' }).catch(fail);
});

function hashParams() {
  const out = {};
  for (const part of location.hash.replace(/^#/, '').split('&')) {
    if (!part) continue;
    const i = part.indexOf('=');
    out[decodeURIComponent(i < 0 ? part : part.slice(0, i))] = i < 0 ? '' : decodeURIComponent(part.slice(i + 1));
  }
  return out;
}

// Self-test mode for tests/serve/run.sh (`#selftest=play&rules=1880&decisions=24`):
// plays against lanrick level 0 through the notation box (each of the user's actions
// the hint of level `hint`, 0 by default) until the game ends or `decisions` are made,
// takes one decision back and plays it again, at decision `branch` (if given) takes one
// back and plays another action (a variation), then writes the record into #selftest
// for the test to check with `lanrick check`. `end=select` then picks up a man by a click (its destinations
// shown), `end=illegal` also clicks a square he cannot reach (the diagnostic shown).
async function selftest(p) {
  const out = [];
  const log = (s) => out.push(s);
  $('rules').value = p.rules || '1893';
  $('opponent').value = 'Y';
  $('level').value = '0';
  await newGame();
  const limit = Number(p.decisions || 24);
  // The user's side plays the hints of this level (a level above 0 ends a game sooner).
  const level = Number(p.hint || 0);
  let decisions = 0;
  let tookBack = false;
  let branched = false;
  let last = '';
  const hinted = async (l) => {
    await act({ do: 'hint', level: l });
    await settle();
    return (view.hint || '').split('\n')[0].replace(/ \(level \d\)$/, '');
  };
  const settle = async () => {
    while (view.busy) {
      show(await api('GET', '/api/view?g=' + encodeURIComponent(id) + '&since=' + since + '&wait=' + view.version));
    }
  };
  while (decisions < limit && !view.over) {
    await settle();
    if (view.over) break;
    const action = await hinted(level);
    last = action;
    $('line').value = action;
    $('line').dispatchEvent(new Event('input'));
    await act({ do: 'line', text: action });
    if (view.diagnostic) {
      log('refused: ' + action + '\n' + view.diagnostic);
      break;
    }
    decisions++;
    await settle();
    if (decisions === 3 && !tookBack && !view.over) {
      const before = view.moves.length;
      await act({ do: 'undo' });
      log('take back: ' + (view.moves.length < before ? 'ok' : 'FAILED'));
      await act({ do: 'redo' });
      log('redo: ' + (view.moves.length === before ? 'ok' : 'FAILED'));
      tookBack = true;
    }
    // A variation: the last decision taken back and another action played instead;
    // the line taken back is kept beside it in the move list and the record.
    if (p.branch && decisions === Number(p.branch) && !branched && !view.over) {
      await act({ do: 'undo' });
      let other = '';
      for (const l of [0, 2, 3, 1]) {
        other = await hinted(l);
        if (other && other !== last) break;
      }
      await act({ do: 'line', text: other });
      await settle();
      const shown = view.moves.some((m) => m.variations && m.variations.length) &&
        document.querySelectorAll('#moves .variations li').length > 0;
      const told = Array.from(document.querySelectorAll('#log li')).some((li) => /kept as a variation/.test(li.textContent));
      log('branch: ' + (other !== last && shown && told ? 'ok' : 'FAILED (' + last + ' / ' + other + ')'));
      branched = true;
    }
  }
  await settle();
  log('rules: ' + view.rules);
  log('decisions: ' + decisions);
  log('over: ' + view.over);
  const record = await api('GET', '/api/record?g=' + encodeURIComponent(id));
  if (p.end === 'select' || p.end === 'illegal') {
    const c = await api('GET', '/api/complete?g=' + encodeURIComponent(id) + '&head=');
    const man = c.candidates.find((w) => /^[a-h][1-8]-$/.test(w));
    if (man) {
      await act({ do: 'click', sq: man.slice(0, 2) });
      log('legal destinations: ' + document.querySelectorAll('#board .sq.legal').length);
      if (p.end === 'illegal') {
        const far = Array.from(document.querySelectorAll('#board .sq')).find((r) =>
          !r.classList.contains('legal') && !/ man/.test(r.getAttribute('aria-label')));
        if (far) await act({ do: 'click', sq: far.dataset.sq });
        log('diagnostic: ' + (view.diagnostic ? 'shown' : 'none'));
      }
    }
  }
  log('record:');
  log(record);
  $('selftest').textContent = out.join('\n');
}

// Self-test of the trainer (`#selftest=puzzle&name=composed-2-01`): opens the shipped
// puzzle from the page's list, plays the key of its written solution (or `key`, a
// wrong one) in the notation box, waits for lanrick's defence, and writes the
// announcements into #selftest.
async function selftestPuzzle(p) {
  const f = await api('GET', '/api/files');
  const puzzle = f.puzzles.find((q) => q.name === p.name);
  $('openwhat').value = JSON.stringify({ puzzle: puzzle.index });
  await newGame({ rules: '', lanrick: null, puzzle: puzzle.index });
  const written = view.puzzle.solution.split('\n').find((l) => l.trim() && !l.startsWith('#'));
  await act({ do: 'line', text: p.key || written.replace(/^\s*(\d+\.\s*)?[BY]:\s*/, '') });
  while (view.busy) {
    show(await api('GET', '/api/view?g=' + encodeURIComponent(id) + '&since=' + since + '&wait=' + view.version));
  }
  $('selftest').textContent = 'puzzle: ' + view.puzzle.name + '\n' +
    Array.from(document.querySelectorAll('#log li')).map((li) => li.textContent).join('\n');
}

// Self-test of the board's clicks (`#selftest=clicks&cases=RULES|POSITION|CLICKS|LINE;…`):
// for each case, a game at POSITION where CLICKS (squares, or `!button`) are pressed on
// the board as a user presses them (pointer events on the squares, the buttons
// clicked), then a game where LINE is typed; writes whether both played the same
// action to the same position, with the squares the board dotted after each click.
async function selftestClicks(p) {
  const out = [];
  for (const c of (p.cases || '').split(';').filter((x) => x)) {
    const [rules, pos, clicks, line] = c.split('|');
    $('rules').value = rules;
    $('opponent').value = '';
    await newGame({ rules, position: pos, lanrick: null });
    const dotted = [];
    for (const sq of clicks.split(',')) {
      if (sq.startsWith('!')) {
        $(sq.slice(1)).click();
      } else {
        const r = document.querySelector('#board [data-sq="' + sq + '"]');
        const box = r.getBoundingClientRect();
        const at = { bubbles: true, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 };
        r.dispatchEvent(new PointerEvent('pointerdown', at));
        $('board').dispatchEvent(new PointerEvent('pointerup', at));
      }
      await pending;
      dotted.push(document.querySelectorAll('#board .sq.legal').length);
    }
    const clicked = { moves: view.moves.map((m) => m.text).join('; '), position: view.position, diagnostic: view.diagnostic };
    await newGame({ rules, position: pos, lanrick: null });
    await act({ do: 'line', text: line });
    const same = !clicked.diagnostic && clicked.moves === view.moves.map((m) => m.text).join('; ') &&
      clicked.position === view.position && view.moves.length > 0;
    out.push('clicks ' + rules + ': ' + (same ? 'same as typed' : 'DIFFERENT') + ' (' + clicked.moves + '; ' +
      'dotted after each click: ' + dotted.join(' ') + ')' + (clicked.diagnostic ? '\n' + clicked.diagnostic : ''));
  }
  $('selftest').textContent = out.join('\n');
}

async function start() {
  const p = hashParams();
  if (p.selftest === 'play') return selftest(p);
  if (p.selftest === 'clicks') return selftestClicks(p);
  if (p.selftest === 'puzzle') return selftestPuzzle(p);
  if (p.pos) {
    $('rules').value = p.rules || '1893';
    $('opponent').value = '';
    return newGame({ rules: p.rules || '1893', position: p.pos, lanrick: null });
  }
  const old = sessionStorage.getItem(KEY);
  if (old) {
    try {
      id = old;
      show(await api('GET', '/api/view?g=' + encodeURIComponent(old)));
      return;
    } catch (e) {
      if (e.status !== 404) throw e;
    }
  }
  return newGame();
}
loadFiles().catch(fail);
window.addEventListener('hashchange', () => {
  if (hashParams().pos) start().catch(fail);
});
window.addEventListener('error', (e) => fail(e.message));
start().catch(fail);
