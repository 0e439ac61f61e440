/*
 * web/app.js -- the coins playground: a game board (analysis drawn with
 * coins_svg, a game against coins, its review) and a SQL console, on the
 * WebAssembly build (coins-sqlite.js, bindings/wasm/api.js).  Plain DOM code: no
 * framework, nothing fetched but this folder's files.
 *
 * The database runs in a Web Worker (CoinsSQLite.worker), so that no query
 * blocks the page: every query is awaited, and one that runs past the
 * deadline (the console's "stop after" field, 10 s at first) is stopped,
 * the worker restarted with a new database (the games table again).
 *
 * The URL's fragment keeps the state, so that a link reproduces a page:
 *   #sql=...                      the console's query, run on load
 *   #coins=...&variant=...&max_take=...   the game on the board
 *   &moves=...&as=first|second    a game being played against coins
 * Each field is checked as coins checks the same argument (coins itself
 * reads it), and a field it refuses is shown as an error naming the field.
 * Texts from SQL go into the page as text (textContent), never as markup;
 * SVG results of the console are shown as images (<img>, no scripts run),
 * and only coins_svg's own pictures are put into the page as SVG.
 */
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const MAX_BOARD = 200; /* the most coins the board plays */
  const MAX_ROWS = 1000; /* the most rows a result table shows */
  const REPLY_MS = 250; /* coins' pause before it answers */
  const MAX_LINE = 200; /* the most moves of a line written out */
  const PILE_DEAL = 7; /* the most coins in a pile dealt */
  const URL_FIELDS = ['sql', 'coins', 'variant', 'max_take', 'moves', 'as', 'puzzle'];

  let db = null; /* the database, in its worker */
  /* each variant's rules, as coins gives them (coins_rules()): name,
   * notation ('take' or 'side'), has_values, default_take, fixed_take ... */
  let rules = [];
  const game = {
    variant: 'III',
    coins: '[8,15,3,7]',
    k: 1 /* the game on the board (a number, or a BigInt past 2^53) */,
    values: [] /* the coins (null for variant I) */,
    human: 0 /* 1 or 2 while a game is played, else 0 */,
    record: [] /* the moves: takes, or 'L'/'R' */,
    timer: 0,
    epoch: 0 /* counts the games: a reply for an earlier one is dropped */,
  };

  /* ------------------------------------------------------------ helpers */

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') node.className = v;
      else if (k.startsWith('data-')) node.setAttribute(k, v);
      else node[k] = v;
    }
    for (const c of children) node.append(c);
    return node;
  }

  function showError(id, e) {
    const box = $(id);
    box.hidden = !e;
    box.textContent = e ? 'Error: ' + (e.message || String(e)) : '';
    if (e && e.restarted) {
      box.textContent += ' (tables made in the console are gone; the games table is back)';
    }
  }

  /* A REAL as the sqlite3 shell prints it (%!.15g). */
  function formatReal(x) {
    if (!Number.isFinite(x)) return x > 0 ? 'Inf' : x < 0 ? '-Inf' : 'NaN';
    let s = x.toPrecision(15);
    if (s.includes('e')) {
      let [m, e] = s.split('e');
      if (m.includes('.')) m = m.replace(/0+$/, '').replace(/\.$/, '.0');
      else m += '.0';
      const exp = Number(e);
      return m + 'e' + (exp < 0 ? '-' : '+') + String(Math.abs(exp)).padStart(2, '0');
    }
    if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '.0');
    else s += '.0';
    return s;
  }

  /* A value as text, the way the sqlite3 shell shows it in a table. */
  function asText(v) {
    if (v === null) return '';
    if (typeof v === 'number')
      return Number.isInteger(v) && !Object.is(v, -0) ? String(v) : formatReal(v);
    if (typeof v === 'bigint') return v.toString();
    if (v instanceof Uint8Array) return new TextDecoder().decode(v);
    return String(v);
  }

  function isSvg(v) {
    return typeof v === 'string' && v.startsWith('<svg') && v.trimEnd().endsWith('</svg>');
  }

  /* coins_svg's picture (trusted: coins escapes all it prints) into box. */
  function putSvg(box, svg) {
    box.replaceChildren();
    if (!svg) return;
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    const root = doc.documentElement;
    if (root.nodeName !== 'svg') throw new Error('coins_svg made no SVG');
    box.append(document.importNode(root, true));
  }

  /* The fragment of the URL, read and written. */
  function hashParams() {
    return new URLSearchParams(location.hash.slice(1));
  }

  function setHash(changes) {
    const p = hashParams();
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === undefined || v === '') p.delete(k);
      else p.set(k, v);
    }
    const text = p.toString();
    history.replaceState(null, '', text ? '#' + text : location.pathname + location.search);
    $('share').href = '#' + new URLSearchParams({ sql: $('sql').value }).toString();
  }

  /* ---------------------------------------------------------- the console */

  function resultTable(result) {
    const table = el('table', { class: 'result' });
    const head = el('tr');
    for (const c of result.columns) head.append(el('th', {}, c));
    table.append(el('thead', {}, head));
    const body = el('tbody');
    const reals = new Set((result.reals || []).map(([r, c]) => `${r},${c}`));
    result.rows.slice(0, MAX_ROWS).forEach((row, r) => {
      const tr = el('tr');
      row.forEach((v, c) => {
        const td = el('td');
        if (v === null) {
          td.className = 'null';
          td.textContent = 'NULL';
        } else if (isSvg(v)) {
          td.append(
            el('img', {
              class: 'svg',
              alt: 'an SVG picture',
              src: 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(v),
            }),
          );
        } else if (v instanceof Uint8Array) {
          const hex = Array.from(v.slice(0, 64), (b) => b.toString(16).padStart(2, '0')).join('');
          td.textContent = "x'" + hex.toUpperCase() + (v.length > 64 ? "...'" : "'");
        } else {
          const text = reals.has(`${r},${c}`) ? formatReal(v) : asText(v);
          if (text.includes('\n')) td.append(el('pre', {}, text));
          else td.textContent = text;
          if (typeof v !== 'string') td.className = 'number';
        }
        tr.append(td);
      });
      body.append(tr);
    });
    table.append(body);
    const wrap = el('div', { class: 'table-wrap' }, table);
    const more = result.rows.length > MAX_ROWS ? ` (the first ${MAX_ROWS} shown)` : '';
    wrap.append(
      el(
        'p',
        { class: 'rows' },
        `${result.rows.length} row${result.rows.length === 1 ? '' : 's'}${more}`,
      ),
    );
    return wrap;
  }

  /* The SQL of the console without the sqlite3 shell's .mode and .headers
   * lines (results are tables here); other dot-commands are errors. */
  function consoleSql(text) {
    const lines = text.split('\n');
    for (const line of lines) {
      const m = /^\s*(\.\w+)/.exec(line);
      if (m && !['.mode', '.headers', '.header'].includes(m[1])) {
        throw new Error(
          `${m[1]} is a command of the sqlite3 shell, not SQL: the playground runs SQL`,
        );
      }
    }
    return lines.filter((l) => !/^\s*\.\w+/.test(l)).join('\n');
  }

  /* The deadline of every query, from the console's field (seconds). */
  function deadlineMs() {
    const s = Number($('deadline').value);
    return Number.isFinite(s) && s > 0 ? Math.round(s * 1000) : 10000;
  }

  /* What the console adds to an error to say what to do. */
  function consoleHint(e) {
    if (e.message === 'interrupted') {
      return ` (the page stops a query after ${deadlineMs() / 1000} s: the field above)`;
    }
    if (/^no such table: generate_series$/.test(e.message)) {
      return (
        ' (generate_series is an extension of the sqlite3 shell, not in this build; ' +
        'a recursive CTE counts instead: WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL ' +
        'SELECT value + 1 FROM n WHERE value < 10) SELECT value FROM n)'
      );
    }
    return '';
  }

  let running = 0; /* the console's query runs (its start, performance.now()) */

  /* The console while a query runs: the time so far, a Stop button. */
  function showRunning(on) {
    clearInterval(showRunning.timer);
    $('run').disabled = on;
    $('examples').disabled = on;
    $('stop').hidden = !on;
    $('running').hidden = !on;
    document.body.dataset.sqlRunning = on ? 'yes' : 'no';
    if (!on) return;
    const tick = () => {
      const s = (performance.now() - running) / 1000;
      $('running').textContent = `Running... ${s.toFixed(1)} s`;
    };
    tick();
    showRunning.timer = setInterval(tick, 100);
  }

  async function runSql(updateHash = true) {
    if (running) return;
    const text = $('sql').value;
    const results = $('results');
    results.replaceChildren();
    showError('sql-error', null);
    if (updateHash) setHash({ sql: text });
    running = performance.now();
    showRunning(true);
    try {
      const sets = await db.exec(consoleSql(text));
      for (const r of sets) results.append(resultTable(r));
      const ms = Math.round(performance.now() - running);
      results.append(
        el('p', { class: 'done' }, sets.length ? `(${ms} ms)` : `Done, no rows (${ms} ms).`),
      );
    } catch (e) {
      showError('sql-error', e);
      $('sql-error').textContent += consoleHint(e);
    }
    running = 0;
    showRunning(false);
    document.body.dataset.sqlRuns = String(Number(document.body.dataset.sqlRuns || 0) + 1);
  }

  /* --------------------------------------------------------- the board */

  /* An error of coins about field: "<where> <field>: <what coins said>",
   * without the name of the function that checked it. */
  function fieldError(where, field, e) {
    if (e.restarted) return e;
    const bare = e.message.replace(/^coins_\w+: /, '');
    const what = bare.startsWith(`${field}: `) ? bare.slice(field.length + 2) : bare;
    return new Error(`${where} ${field}: ${what}`);
  }

  /* The rules of the variant named name ('I', 'II', ...). */
  function rulesOf(name) {
    return rules.find((r) => r.name === name);
  }

  /* Whether the variant's moves are sides ('L'/'R'), not takes. */
  function sides(name) {
    return rulesOf(name).notation === 'side';
  }

  /* Whether the variant is played on piles (coins: their sizes; a move
   * 'p:t' takes t coins from pile p, piles from 1). */
  function piled(name) {
    return rulesOf(name).notation === 'pile';
  }

  /* The game of fields (texts, as typed or as in the URL: variant, max_take
   * or null for the default, coins), each checked by coins as the same
   * argument of a function, one after the other, so that an error names
   * its field: { variant, k, coins }, or an Error "<where> <field>: ...". */
  async function checkGame(where, f) {
    let variant;
    try {
      variant = JSON.parse(await db.value('SELECT coins_rules(:v)', { v: f.variant })).name;
    } catch (e) {
      throw fieldError(where, 'variant', e);
    }
    let k = rulesOf(variant).default_take;
    if (f.max_take !== null) {
      /* a set may be typed without its brackets: 1,3,4 */
      const typed = f.max_take.trim();
      const text = /,/.test(typed) && !typed.startsWith('[') ? `[${typed}]` : f.max_take;
      try {
        await db.value("SELECT coins_outcome(:v, '[]', :k)", { v: variant, k: text });
        k = await db.value("SELECT iif(trim(:k) LIKE '[%', json(:k), CAST(trim(:k) AS INTEGER))", {
          k: text,
        });
      } catch (e) {
        throw fieldError(where, 'max_take', e);
      }
    }
    /* a row or piles may be typed without brackets too: 3,4,5 */
    const row = f.coins.trim();
    const coins = /,/.test(row) && !row.startsWith('[') ? `[${row}]` : row;
    try {
      await db.value('SELECT coins_outcome(:v, :c, :k)', { v: variant, c: coins, k });
    } catch (e) {
      throw fieldError(where, 'coins', e);
    }
    return { variant, k, coins };
  }

  function readForm() {
    const k = $('max-take').value.trim();
    return checkGame('Field', {
      variant: $('variant').value,
      max_take: rulesOf($('variant').value).fixed_take !== null || k === '' ? null : k,
      coins: $('coins').value,
    });
  }

  function writeForm(variant, coins, k) {
    $('variant').value = variant;
    $('coins').value = String(coins);
    $('max-take').value = String(k);
    $('max-take').disabled = rulesOf(variant).fixed_take !== null;
  }

  /* The takes max_take allows that fit n coins, ascending: k (a number, or
   * a BigInt past 2^53) allows 1..k, a set (its JSON text) its members. */
  function takesUpTo(k, n) {
    if (typeof k === 'string')
      return JSON.parse(k)
        .filter((t) => t <= n)
        .sort((a, b) => a - b);
    const most = typeof k === 'bigint' || k > n ? n : k;
    return Array.from({ length: most }, (_, t) => t + 1);
  }

  /* Words for a list: 1, 4 or 9. */
  function orList(xs) {
    return xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}`;
  }

  /* The rules line of a game: what a move is and who wins, from the
   * variant's traits (coins_rules) and max_take. */
  function rulesText(variant, k) {
    const r = rulesOf(variant);
    const set = typeof k === 'string' ? takesUpTo(k, 64) : null;
    let move;
    if (r.notation === 'side') move = 'a move takes the coin at either end';
    else if (set) move = `a move takes ${orList(set)} coins (the set ${k})`;
    else move = `a move takes 1 to ${k} coins`;
    if (r.notation !== 'side' && r.has_values) move += ' from the left';
    if (r.notation === 'pile') move += ' from one pile';
    let end = r.has_values
      ? 'the larger total wins'
      : `whoever takes the last coin ${r.misere ? 'loses' : 'wins'}`;
    if (set && r.has_values) end += '; when no take fits the coins left, the game ends there';
    else if (set) end += `; a player who cannot move (no take fits) ${r.misere ? 'wins' : 'loses'}`;
    return `Variant ${variant}: ${move}; ${end}.`;
  }

  function moveName(variant, move) {
    if (sides(variant)) return move === 'L' ? 'the left coin' : 'the right coin';
    if (piled(variant)) {
      const [p, t] = String(move).split(':');
      return `${t} coin${t === '1' ? '' : 's'} from pile ${p}`;
    }
    return `${move} coin${move === 1 ? '' : 's'}`;
  }

  /* A line of moves of a pile game, written out (data-line: the moves). */
  function lineText(moves) {
    const shown = moves.slice(0, MAX_LINE).join(' ');
    const more = moves.length > MAX_LINE ? ' ...' : '';
    return el(
      'p',
      { class: 'line', 'data-line': moves.join(' ') },
      `The optimal line (coins_moves, pile:take): ${shown || 'no move'}${more}.`,
    );
  }

  /* Solves the game (checked: checkGame) and draws its optimal line; false
   * (the error shown) when it cannot. */
  async function showGame(checked, updateHash = true) {
    stopPlay();
    const epoch = game.epoch;
    showError('game-error', null);
    $('outcome').textContent = '';
    $('rules-line').textContent = '';
    $('line-picture').replaceChildren();
    try {
      const { variant, k, coins } = await checked;
      const p = { v: variant, c: coins, k };
      const values = rulesOf(variant).has_values; /* else no margins, and a count */
      const r = (
        await db.query(
          'SELECT coins_outcome(:v, :c, :k), coins_best_move(:v, :c, :k), ' +
            (values ? 'coins_margin(:v, :c, :k), coins_score(:v, :c, :k)' : 'NULL, NULL'),
          p,
        )
      ).rows[0];
      if (epoch !== game.epoch) return false;
      const [outcome, best, margin, score] = r;
      game.variant = variant;
      game.coins = coins;
      game.k = k;
      /* the coins, for the board (coins_after of no moves: the row as coins reads it) */
      const q = { v: variant, c: coins, k };
      const n = Number(
        await db.value(
          piled(variant)
            ? "SELECT sum(value) FROM json_each(coins_after(:v, :c, '[]', :k))"
            : values
              ? "SELECT json_array_length(coins_after(:v, :c, '[]', :k))"
              : "SELECT coins_after(:v, :c, '[]', :k)",
          q,
        ),
      );
      const each = async () =>
        (await db.query("SELECT value FROM json_each(coins_after(:v, :c, '[]', :k))", q)).rows.map(
          (x) => x[0],
        );
      /* the row's values (null for coins without), or the piles' sizes */
      game.values =
        n > MAX_BOARD
          ? null
          : piled(variant)
            ? (await each()).map(Number)
            : values
              ? await each()
              : new Array(n).fill(null);
      let text;
      if (!values) {
        text =
          outcome === 'first'
            ? `With best play the first player wins: take ${moveName(variant, best)} first.`
            : 'With best play the second player wins, whatever the first player does.';
      } else if (outcome === 'draw') {
        const total = typeof score === 'bigint' ? score : BigInt(score);
        text = `With best play it is a draw: ${total} each.`;
      } else {
        const first = BigInt(score);
        const second = first - BigInt(margin);
        const lead = BigInt(margin) < 0n ? -BigInt(margin) : BigInt(margin);
        text = `With best play the ${outcome} player wins by ${lead}: ${first} to ${second}.`;
      }
      if (best !== null) text += ` An optimal first move: ${best} (${moveName(variant, best)}).`;
      $('outcome').textContent = text;
      $('rules-line').textContent = rulesText(variant, k);
      $('outcome').dataset.outcome = outcome;
      $('outcome').dataset.margin = margin === null ? '' : String(margin);
      try {
        if (piled(variant)) {
          /* coins_svg draws rows: the piles' optimal line is written out */
          const line = await db.query(
            `SELECT move FROM coins_moves(:v, :c, :k) ORDER BY ply LIMIT ${MAX_LINE + 1}`,
            p,
          );
          if (epoch !== game.epoch) return false;
          $('line-picture').replaceChildren(lineText(line.rows.map((x) => x[0])));
        } else {
          /* a variant I count past coins_svg's limit is solved, not drawn */
          const svg = await db.value('SELECT coins_svg(:v, :c, NULL, :k)', p);
          if (epoch !== game.epoch) return false;
          putSvg($('line-picture'), svg);
        }
      } catch (e) {
        $('line-picture').append(el('p', { class: 'note' }, 'Error: ' + e.message));
      }
      writeForm(variant, coins, k);
      if (updateHash)
        setHash({ coins: String(coins), variant, max_take: String(k), moves: null, as: null });
      return true;
    } catch (e) {
      if (epoch === game.epoch) showError('game-error', e);
      return false;
    }
  }

  async function deal() {
    const n = Math.min(MAX_BOARD, Math.max(0, parseInt($('deal-n').value, 10) || 0));
    const seed = parseInt($('deal-seed').value, 10) || 0;
    const piles = piled($('variant').value);
    if (!piles && !rulesOf($('variant').value).has_values) {
      $('coins').value = String(n);
    } else {
      /* piles: n piles (as many as fit the board) of 1 to PILE_DEAL coins */
      const sql = piles
        ? `SELECT json_group_array(abs(value) % ${PILE_DEAL} + 1) FROM json_each(coins_deal(?, ?))`
        : 'SELECT coins_deal(?, ?)';
      const count = piles ? Math.min(n, Math.floor(MAX_BOARD / PILE_DEAL)) : n;
      try {
        $('coins').value = await db.value(sql, [seed, count]);
      } catch (e) {
        showError('game-error', e);
        return;
      }
    }
    $('deal-seed').value = String(seed + 1);
    showGame(readForm());
  }

  /* ------------------------------------------------------------ playing */

  /* A record as coins reads it: the game's, or the variant's moves given. */
  function recordText(variant = game.variant, moves = game.record) {
    return sides(variant) ? moves.join('') : JSON.stringify(moves);
  }

  /* Where the record has got to: a row { lo, hi, plyOf } per pile (one
   * for a game on a row): its coins [lo, hi) left, the ply that took each. */
  function position() {
    if (!piled(game.variant)) return [played(game.values.length, game.record, 1)];
    const rows = game.values.map((n) => played(n, [], 1));
    game.record.forEach((m, t) => {
      const [p, take] = String(m).split(':').map(Number);
      const row = rows[p - 1];
      for (let i = 0; i < take; i++) row.plyOf[row.lo++] = 1 + t;
    });
    return rows;
  }

  /* The game's move for a take from row p (0-based): 'p:t' on piles. */
  function pileMove(p) {
    return piled(game.variant) ? (t) => `${p + 1}:${t}` : (m) => m;
  }

  /* Every legal move of the game on the board (none: it is over). */
  function legalMoves() {
    return position().flatMap((r, p) =>
      moveList(game.variant, game.k, r.lo, r.hi).map(pileMove(p)),
    );
  }

  /* Where moves from a row of n coins lead: [lo, hi) left, and the ply that
   * took each coin (0: none), the first move being ply first. */
  function played(n, moves, first) {
    const plyOf = new Array(n).fill(0);
    let lo = 0;
    let hi = n;
    moves.forEach((m, t) => {
      if (m === 'L') plyOf[lo++] = first + t;
      else if (m === 'R') plyOf[--hi] = first + t;
      else for (let i = 0; i < m; i++) plyOf[lo++] = first + t;
    });
    return { lo, hi, plyOf };
  }

  function mover() {
    return (game.record.length % 2) + 1;
  }

  function stopPlay() {
    clearTimeout(game.timer);
    game.epoch++;
    game.human = 0;
    game.record = [];
    $('play').hidden = true;
    document.body.dataset.play = 'none';
  }

  /* A game against coins from the position the record (checked) reached. */
  async function startPlay(checked, human, record = []) {
    if (!(await showGame(checked, false))) return;
    if (game.values === null) {
      showError('game-error', new Error(`the board plays rows of at most ${MAX_BOARD} coins`));
      return;
    }
    game.human = human;
    game.record = record;
    $('play').hidden = false;
    $('review').hidden = true;
    await afterMove(null);
  }

  /* The move the human chose (a take, or 'L'/'R'). */
  function play(move) {
    if (!game.human || mover() !== game.human || gameOver()) return;
    game.record.push(move);
    afterMove(game.human);
  }

  async function coinsReply() {
    const epoch = game.epoch;
    let best;
    try {
      best = await db.value('SELECT coins_best_move(:v, coins_after(:v, :c, :m, :k), :k)', {
        v: game.variant,
        c: game.coins,
        m: recordText(),
        k: game.k,
      });
    } catch (e) {
      if (epoch === game.epoch) showError('game-error', e);
      return;
    }
    if (epoch !== game.epoch) return;
    game.record.push(best);
    afterMove(3 - game.human);
  }

  /* Draws the position after a move by who (null: the start). */
  async function afterMove(who) {
    document.body.dataset.play = 'drawing'; /* until the position is drawn */
    const epoch = game.epoch;
    const plies = game.record.length;
    const current = () => epoch === game.epoch && plies === game.record.length;
    try {
      await drawPosition(who, current);
    } catch (e) {
      if (current()) showError('game-error', e);
    }
  }

  async function drawPosition(who, current) {
    const over = gameOver();
    setHash({
      coins: String(game.coins),
      variant: game.variant,
      max_take: String(game.k),
      moves: recordText(),
      as: game.human === 1 ? 'first' : 'second',
    });
    let status = '';
    if (who === game.human && who !== null) {
      const [verdict, loss, best] = (
        await db.query(
          'SELECT verdict, loss, best FROM coins_review(:v, :c, :m, :k) WHERE ply = :p',
          { v: game.variant, c: game.coins, m: recordText(), k: game.k, p: game.record.length },
        )
      ).rows[0];
      if (!current()) return;
      const move = game.record[game.record.length - 1];
      status =
        verdict === 'best'
          ? `Your move ${move}: best. `
          : `Your move ${move}: ${verdict === 'blunder' ? 'a blunder' : 'an inaccuracy'} ` +
            `(it cost ${loss}; ${best} was best). `;
    } else if (who !== null) {
      const move = game.record[game.record.length - 1];
      status = `coins took ${moveName(game.variant, move)} (${move}). `;
    }
    drawBoard(over);
    clearHint(!over && mover() === game.human);
    if (piled(game.variant)) {
      /* the piles show who took what; the record is written out */
      const moves = game.record.join(' ');
      $('game-picture').replaceChildren(
        el(
          'p',
          { class: 'line', 'data-record': moves },
          `The record (pile:take): ${moves || 'no move yet'}.`,
        ),
      );
    } else {
      const svg = await db.value('SELECT coins_svg(:v, :c, :m, :k)', {
        v: game.variant,
        c: game.coins,
        m: recordText(),
        k: game.k,
      });
      if (!current()) return;
      putSvg($('game-picture'), svg);
    }
    if (over) {
      await finish(status, current);
    } else if (mover() === game.human) {
      $('play-status').textContent = status + 'Your move: click a coin, or a move below.';
      document.body.dataset.play = 'your-move';
    } else {
      $('play-status').textContent = status + 'coins is thinking...';
      document.body.dataset.play = 'coins-move';
      game.timer = setTimeout(coinsReply, REPLY_MS);
    }
  }

  /* The move a click on coin i makes, in a position whose coins left are
   * [lo, hi): null when that coin starts no legal move.  With moveList,
   * the one place that knows how each notation's moves are clicked (a new
   * kind of move adds a case to both). */
  function coinMove(variant, k, lo, hi, i) {
    if (sides(variant)) return i === lo ? 'L' : i === hi - 1 ? 'R' : null;
    const t = i - lo + 1;
    return i >= lo && i < hi && takesUpTo(k, hi - lo).includes(t) ? t : null;
  }

  /* Every legal move of such a position, in coins_options' order (none:
   * the game is over). */
  function moveList(variant, k, lo, hi) {
    if (lo >= hi) return [];
    if (sides(variant)) return lo === hi - 1 ? ['L'] : ['L', 'R'];
    return takesUpTo(k, hi - lo);
  }

  /* Whether the game on the board is over: no legal move left (with a set
   * of takes, coins may be left that no take fits). */
  function gameOver() {
    return legalMoves().length === 0;
  }

  /* Draws a position into board (a button a coin) and moves (a button a
   * legal move): s = { variant, k, values, lo, hi, plyOf (the ply that
   * took each coin, 0 for none), active (whether moves are taken), onMove,
   * moveOf (optional: the game's move for a take, as 'p:t' on piles) }. */
  function drawCoins(board, moves, s) {
    const moveOf = s.moveOf || ((m) => m);
    const at = (i) => {
      const m = s.active ? coinMove(s.variant, s.k, s.lo, s.hi, i) : null;
      return m === null ? null : moveOf(m);
    };
    board.replaceChildren();
    s.values.forEach((v, i) => {
      const ply = s.plyOf ? s.plyOf[i] : 0;
      const move = at(i);
      const b = el(
        'button',
        {
          type: 'button',
          class: 'coin' + (ply ? (ply % 2 ? ' p1' : ' p2') : ''),
          disabled: move === null,
          title: ply
            ? `taken at ply ${ply}`
            : move !== null
              ? `take ${moveName(s.variant, move)}`
              : '',
          'data-index': String(i),
        },
        v === null ? '\u25CF' : asText(v),
      );
      if (move !== null) b.addEventListener('click', () => s.onMove(move));
      board.append(b);
    });
    moves.replaceChildren();
    if (!s.active) return;
    for (const m of moveList(s.variant, s.k, s.lo, s.hi).map(moveOf)) {
      const b = el(
        'button',
        { type: 'button', class: 'move', 'data-move': String(m) },
        'Take ' + moveName(s.variant, m),
      );
      b.addEventListener('click', () => s.onMove(m));
      moves.append(b);
    }
  }

  function drawBoard(over) {
    const rows = position();
    const s = { variant: game.variant, k: game.k, active: !over && mover() === game.human };
    if (!piled(game.variant)) {
      drawCoins($('board'), $('moves'), { ...s, values: game.values, ...rows[0], onMove: play });
      return;
    }
    /* the piles: a row of coins each, and a line of its moves */
    $('board').replaceChildren();
    $('moves').replaceChildren();
    rows.forEach((row, i) => {
      const coins = el('span', { class: 'pile-coins' });
      const moves = el('span', { class: 'pile-moves' });
      const values = new Array(game.values[i]).fill(null);
      drawCoins(coins, moves, { ...s, values, ...row, onMove: play, moveOf: pileMove(i) });
      const name = `Pile ${i + 1}`;
      $('board').append(
        el(
          'div',
          { class: 'pile', 'data-pile': String(i + 1) },
          el('span', { class: 'pile-name' }, `${name}: ${row.hi - row.lo} left`),
          coins,
        ),
      );
      if (moves.childElementCount) $('moves').append(el('div', {}, `${name}: `, moves));
    });
  }

  /* The hint box emptied; its button usable only when it is your move. */
  function clearHint(yours) {
    $('hint').disabled = !yours;
    $('hint-table').replaceChildren();
    $('hint-table').hidden = true;
  }

  /* The hint: every legal move from the position, as coins_options judges
   * it for the mover (their lead so far counted in result); nothing is
   * played. */
  async function showHint() {
    if (!game.human || mover() !== game.human) return;
    const epoch = game.epoch;
    const plies = game.record.length;
    const p = { v: game.variant, c: game.coins, m: recordText(), k: game.k, me: game.human };
    const values = rulesOf(game.variant).has_values;
    try {
      const lead = values
        ? await db.value(
            'SELECT coalesce(sum(iif(player = :me, gain, -gain)), 0) ' +
              'FROM coins_review(:v, :c, :m, :k)',
            p,
          )
        : 0;
      const options = await db.query(
        `SELECT move, ${values ? 'gain, margin, ' : ''}loss, rank, result, best ` +
          'FROM coins_options(:v, coins_after(:v, :c, :m, :k), :k, :lead)',
        { ...p, lead },
      );
      if (epoch !== game.epoch || plies !== game.record.length) return;
      const box = $('hint-table');
      const table = resultTable(options);
      table.querySelectorAll('tbody tr').forEach((tr, i) => {
        if (options.rows[i][options.columns.indexOf('best')] === 1) tr.className = 'best';
      });
      const you = values ? `, counting your lead so far (${lead})` : '';
      const about =
        'Hint (coins_options): every move you can make, best first by rank' +
        (values ? '; margin: your final margin over the coins left, both playing best' : '') +
        `; result: how the game ends for you then${you}. Nothing is played for you.`;
      box.replaceChildren(el('p', { class: 'note' }, about), table);
      box.hidden = false;
      document.body.dataset.hints = String(Number(document.body.dataset.hints || 0) + 1);
    } catch (e) {
      if (epoch === game.epoch) showError('game-error', e);
    }
  }

  /* The review's columns (coins_review; accuracy to one decimal, as text). */
  const REVIEW_SQL =
    "SELECT ply, player, move, best, loss, verdict, grade, printf('%.1f', accuracy) AS accuracy, " +
    'eval FROM coins_review(:v, :c, :m, :k)';
  /* The scorecard's (coins_scorecard), likewise. */
  const SCORECARD_SQL =
    'SELECT player, moves, best, inaccuracies, mistakes, blunders, loss, ' +
    "printf('%.1f', accuracy) AS accuracy, total, result, expected " +
    'FROM coins_scorecard(:v, :c, :m, :k)';

  /* A table of rows with a first column 'by': you or coins (player is
   * the column named so); your rows highlighted. */
  function byTable(result) {
    const who = result.columns.indexOf('player');
    const table = resultTable({
      columns: ['by'].concat(result.columns),
      rows: result.rows.map((r) => [r[who] === game.human ? 'you' : 'coins'].concat(r)),
    });
    table.querySelectorAll('tbody tr').forEach((tr) => {
      if (tr.firstChild.textContent === 'you') tr.className = 'yours';
    });
    return table;
  }

  /* A player's column of the scorecard, by name. */
  function scoreOf(card, player) {
    const mine = card.rows.find((r) => r[0] === player);
    return (name) => mine[card.columns.indexOf(name)];
  }

  /* The same counts from the review's rows (no accuracy), for a game
   * coins_scorecard does not score. */
  function reviewCounts(review, player) {
    const col = (name) => review.columns.indexOf(name);
    const mine = review.rows.filter((r) => r[col('player')] === player);
    const graded = (g) => mine.filter((r) => r[col('grade')] === g).length;
    const counts = {
      moves: mine.length,
      best: graded('best'),
      inaccuracies: graded('inaccuracy'),
      mistakes: graded('mistake'),
      blunders: graded('blunder'),
      loss: mine.reduce((sum, r) => sum + Number(r[col('loss')]), 0),
      accuracy: null,
    };
    return (name) => counts[name];
  }

  async function finish(status, current) {
    const p = { v: game.variant, c: game.coins, m: recordText(), k: game.k };
    const values = rulesOf(game.variant).has_values;
    const result = await db.value('SELECT coins_result(:v, :c, :m, :k)', p);
    const review = await db.query(REVIEW_SQL, p);
    /* coins_scorecard scores games on a row; on piles the review is counted */
    const card = piled(game.variant) ? null : await db.query(SCORECARD_SQL, p);
    /* where the game stood before the first move, for the graph */
    const start = await db.value(
      values ? 'SELECT coins_margin(:v, :c, :k)' : 'SELECT coins_outcome(:v, :c, :k)',
      p,
    );
    if (!current()) return;
    const you = game.human === 1 ? 'first' : 'second';
    const end = result === 'draw' ? 'A draw.' : result === you ? 'You won.' : 'coins won.';
    $('play-status').textContent = `${status}Game over: ${end}`;
    const column = (name) => review.columns.indexOf(name);
    const table = byTable(review);
    table.querySelectorAll('tbody tr').forEach((tr, i) => {
      tr.dataset.verdict = review.rows[i][column('verdict')];
      tr.dataset.grade = review.rows[i][column('grade')];
    });
    $('review-table').replaceChildren(table);
    filterReview();
    $('scorecard').replaceChildren(
      card
        ? byTable(card)
        : el('p', { class: 'note' }, 'coins_scorecard scores games on a row, not on piles.'),
    );
    const points = [{ ply: 0, eval: start, player: 0, move: null, grade: null }].concat(
      review.rows.map((r) => ({
        ply: r[column('ply')],
        eval: r[column('eval')],
        player: r[column('player')],
        move: r[column('move')],
        grade: r[column('grade')],
      })),
    );
    drawEvalGraph($('eval-graph'), points, values);
    const c = card ? scoreOf(card, game.human) : reviewCounts(review, game.human);
    const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
    $('review-summary').textContent =
      `Your ${plural(c('moves'), 'move', 'moves')}: ${c('best')} best, ` +
      `${plural(c('inaccuracies'), 'inaccuracy', 'inaccuracies')}, ` +
      `${plural(c('mistakes'), 'mistake', 'mistakes')}, ` +
      `${plural(c('blunders'), 'blunder', 'blunders')}; ` +
      `${values ? 'coin value given away' : 'wins given away'}: ${c('loss')}; ` +
      `accuracy ${c('accuracy') === null ? '-' : c('accuracy')} of 100.`;
    $('review').hidden = false;
    document.body.dataset.play = 'over';
  }

  /* ------------------------------------------------ the evaluation graph */

  const SVG_NS = 'http://www.w3.org/2000/svg';

  function svgEl(tag, attrs, ...children) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    for (const c of children) node.append(c);
    return node;
  }

  /* An eval as a number to draw: the margin, or (variant I, who wins from
   * there) +1 for the first player, -1 for the second. */
  function evalNumber(e) {
    if (e === 'first') return 1;
    if (e === 'second') return -1;
    return Number(e);
  }

  /* The evaluation graph of a reviewed game: one point per ply (ply 0: the
   * start, best play from there), at the first player's eval after that
   * ply; a polyline through them.  Above the zero line the first player is
   * ahead.  Each point carries its ply and eval (data-ply, data-eval) and a
   * tooltip; a move that was not best is ringed in its grade's colour. */
  function drawEvalGraph(box, points, values) {
    const W = 640;
    const H = 220;
    const pad = { left: 56, right: 14, top: 14, bottom: 30 };
    const evals = points.map((p) => evalNumber(p.eval));
    let hi = Math.max(0, ...evals);
    const lo = Math.min(0, ...evals);
    if (hi === lo) hi = 1;
    const last = points[points.length - 1].ply;
    const x = (ply) => pad.left + (ply * (W - pad.left - pad.right)) / Math.max(1, last);
    const y = (e) => pad.top + ((hi - e) * (H - pad.top - pad.bottom)) / (hi - lo);
    const r = (n) => Math.round(n * 10) / 10;
    const svg = svgEl('svg', {
      viewBox: `0 0 ${W} ${H}`,
      width: W,
      height: H,
      role: 'img',
      'aria-label': "the first player's evaluation after each ply",
    });
    const label = (text) => (values ? String(text) : text > 0 ? 'first wins' : 'second wins');
    const ticks = values ? [hi, 0, lo] : [1, -1];
    for (const t of ticks) {
      svg.append(
        svgEl('line', {
          x1: pad.left,
          x2: W - pad.right,
          y1: r(y(t)),
          y2: r(y(t)),
          class: t === 0 || !values ? 'axis' : 'grid',
        }),
        svgEl('text', { x: pad.left - 6, y: r(y(t)) + 4, 'text-anchor': 'end' }, label(t)),
      );
    }
    if (!values) {
      svg.append(
        svgEl('line', { x1: pad.left, x2: W - pad.right, y1: r(y(0)), y2: r(y(0)), class: 'grid' }),
      );
    }
    for (const ply of [...new Set([0, Math.round(last / 2), last])]) {
      svg.append(svgEl('text', { x: r(x(ply)), y: H - 8, 'text-anchor': 'middle' }, `ply ${ply}`));
    }
    const at = points.map((p, i) => [r(x(p.ply)), r(y(evals[i]))]);
    svg.append(svgEl('polyline', { class: 'eval', points: at.map((q) => q.join(',')).join(' ') }));
    const size = points.length > 80 ? 2 : 3.5;
    points.forEach((p, i) => {
      const who = p.player === 0 ? 'the start' : p.player === game.human ? 'you' : 'coins';
      const after = p.ply === 0 ? 'at the start' : `after ply ${p.ply} (${p.move} by ${who})`;
      const what = values ? `the first player's margin is ${p.eval}` : `the ${p.eval} player wins`;
      const tip = `${after}: ${what}${p.grade && p.grade !== 'best' ? `; ${p.grade}` : ''}`;
      svg.append(
        svgEl(
          'circle',
          {
            cx: at[i][0],
            cy: at[i][1],
            r: p.grade && p.grade !== 'best' ? size + 1.5 : size,
            class: `p${p.player} ${p.grade || ''}`.trim(),
            'data-ply': p.ply,
            'data-eval': String(p.eval),
          },
          svgEl('title', {}, tip),
        ),
      );
    });
    box.replaceChildren(svg);
  }

  /* The review's rows: all, or only the moves that were not best. */
  function filterReview() {
    const only = $('review-not-best').checked;
    const rows = [...$('review-table').querySelectorAll('tbody tr')];
    let shown = 0;
    for (const tr of rows) {
      tr.hidden = only && tr.dataset.verdict === 'best';
      if (!tr.hidden) shown++;
    }
    const count = $('review-table').querySelector('.rows');
    if (count) {
      count.textContent = only
        ? `${shown} of ${rows.length} moves: those that were not best`
        : `${rows.length} move${rows.length === 1 ? '' : 's'}`;
    }
  }

  /* ------------------------------------------------------------- puzzles */

  /* The puzzles of build/games.db (puzzles.js, written by web/puzzles.py
   * with the puzzles report of sql/reports.sql): positions after the
   * opponent's mistake where one move only keeps the win. */
  const PUZZLES = window.COINS_PUZZLES || [];
  const puzzle = { n: 0, p: null, values: [], options: null, state: 'none', epoch: 0 };

  function setPuzzleState(state, text) {
    puzzle.state = state;
    $('puzzles').dataset.puzzle = state;
    $('puzzle-status').textContent = text;
    $('puzzle-status').className = state;
  }

  /* Puzzle n (1-based) on its board: coins checks every move of it at once
   * (coins_options, with the mover's lead), the answer among them. */
  async function showPuzzle(n, updateHash = true) {
    const p = PUZZLES[n - 1];
    const epoch = ++puzzle.epoch;
    puzzle.n = n;
    puzzle.p = p;
    $('puzzle-n').value = String(n);
    $('puzzle-prev').disabled = n <= 1;
    $('puzzle-next').disabled = n >= PUZZLES.length;
    $('puzzle-solution').hidden = true;
    showError('puzzle-error', null);
    const q = { v: p.variant, c: p.position, k: p.max_take, lead: p.lead };
    try {
      const values = await db.query('SELECT value FROM json_each(:c)', q);
      const options = await db.query(
        'SELECT move, margin, loss, result FROM coins_options(:v, :c, :k, :lead)',
        q,
      );
      if (epoch !== puzzle.epoch) return;
      puzzle.values = values.rows.map((r) => r[0]);
      puzzle.options = options.rows.map(([move, margin, loss, result]) => ({
        move,
        margin,
        loss,
        result,
      }));
      const keep = puzzle.options.filter((o) => o.result === p.to_keep);
      if (keep.length !== 1 || keep[0].move !== p.answer) {
        throw new Error(`puzzle ${n}: coins finds no single move that keeps the ${p.to_keep}`);
      }
    } catch (e) {
      if (epoch === puzzle.epoch) showError('puzzle-error', e);
      return;
    }
    const side = p.ply % 2 ? 'first' : 'second';
    const lead =
      p.lead > 0 ? `you lead by ${p.lead}` : p.lead < 0 ? `you trail by ${-p.lead}` : 'level';
    $('puzzle-about').textContent =
      `Variant ${p.variant}` +
      (rulesOf(p.variant).fixed_take === null ? `, max_take ${p.max_take}` : '') +
      `; game ${p.game}, ply ${p.ply}. You are the ${side} player, ${lead} ` +
      `(your coins so far minus the other's), and your opponent has just slipped. ` +
      `One move only keeps the ${p.to_keep}: find it.`;
    drawPuzzle(null);
    setPuzzleState('unsolved', 'Your move: click a coin, or a move below.');
    if (updateHash) setHash({ puzzle: String(n) });
  }

  /* How a game ends for the mover: lead so far plus margin from here. */
  function ending(lead, margin) {
    const d = BigInt(lead) + BigInt(margin);
    return d > 0n ? `finish ahead by ${d}` : d < 0n ? `finish behind by ${-d}` : 'finish level';
  }

  /* The puzzle's board: its coins to click, or (moves, from the puzzle's
   * ply on) who takes each coin. */
  function drawPuzzle(moves) {
    drawCoins($('puzzle-board'), $('puzzle-moves'), {
      variant: puzzle.p.variant,
      k: puzzle.p.max_take,
      values: puzzle.values,
      lo: 0,
      hi: puzzle.values.length,
      plyOf: moves ? played(puzzle.values.length, moves, puzzle.p.ply).plyOf : null,
      active: !moves,
      onMove: tryPuzzle,
    });
  }

  /* The move clicked: the answer solves the puzzle; another says what it
   * would come to, and the puzzle stays open. */
  function tryPuzzle(move) {
    if (puzzle.state === 'solved' || puzzle.state === 'shown') return;
    const p = puzzle.p;
    if (move === p.answer) {
      solvePuzzle('solved', `Solved: ${move} is the only move that keeps the ${p.to_keep}.`);
      return;
    }
    const o = puzzle.options.find((x) => x.move === move);
    setPuzzleState(
      'wrong',
      `${move} ${o.result === 'draw' ? 'only draws' : 'loses'}: with best play after it you ` +
        `${ending(p.lead, o.margin)} (${o.loss} less than after the best move). Try again.`,
    );
  }

  /* The answer and the optimal line after it (coins_moves), drawn. */
  async function solvePuzzle(state, text) {
    const p = puzzle.p;
    const epoch = puzzle.epoch;
    setPuzzleState(state, text);
    drawPuzzle([]);
    const q = { v: p.variant, c: p.position, k: p.max_take };
    try {
      const line = (
        await db.query(
          'SELECT move FROM coins_moves(:v, coins_after(:v, :c, :m, :k), :k) ORDER BY ply',
          { ...q, m: recordText(p.variant, [p.answer]) },
        )
      ).rows.map((r) => r[0]);
      if (epoch !== puzzle.epoch) return;
      const o = puzzle.options.find((x) => x.move === p.answer);
      const plies = line.map((m, t) => `${m} (ply ${p.ply + 1 + t}, ${t % 2 ? 'you' : 'them'})`);
      $('puzzle-line').dataset.line = line.join(' ');
      $('puzzle-line').textContent =
        `After ${p.answer} (ply ${p.ply}), both playing best (coins_moves): ` +
        `${line.length ? plies.join(', ') : 'nothing; it takes the last coin'}. ` +
        `You ${ending(p.lead, o.margin)}. The coins above show who takes each ` +
        `(your colour: ${p.ply % 2 ? 'blue, the first' : 'orange, the second'} player's).`;
      drawPuzzle([p.answer].concat(line));
      $('puzzle-solution').hidden = false;
    } catch (e) {
      if (epoch === puzzle.epoch) showError('puzzle-error', e);
    }
  }

  /* A puzzle number as the URL or the field gives it: 1 .. the count. */
  function puzzleNumber(where, text) {
    const n = Number(text);
    if (!/^\s*\d+\s*$/.test(text) || n < 1 || n > PUZZLES.length) {
      throw new Error(
        `${where} puzzle: expected a number from 1 to ${PUZZLES.length}, got '${text}'`,
      );
    }
    return n;
  }

  /* --------------------------------------------------------------- start */

  /* The game of the URL (coins, variant, max_take; moves and as): the
   * board shows it, or says which field coins refused (a refused record
   * or side: the board shows the game, not played). */
  async function applyHashGame(p) {
    const where = 'URL field';
    const unknown = [...p.keys()].filter((k) => !URL_FIELDS.includes(k));
    if (unknown.length) {
      throw new Error(
        `${where} ${unknown[0]}: not a field of the playground; ` +
          `its fields are ${URL_FIELDS.join(', ')}`,
      );
    }
    let g;
    if (p.has('coins') || p.has('variant')) {
      g = await checkGame(where, {
        variant: p.has('variant') ? p.get('variant') : 'III',
        max_take: p.has('max_take') ? p.get('max_take') : null,
        coins: p.has('coins') ? p.get('coins') : '[]',
      });
    } else if (p.has('max_take')) {
      throw new Error(`${where} max_take: a game needs coins= (and variant=)`);
    }
    const shown = async (e) => {
      await showGame(g || readForm(), false);
      throw e;
    };
    if (!p.has('as')) {
      if (p.has('moves')) {
        await shown(new Error(`${where} moves: a record needs as=first or as=second (your side)`));
      }
      return showGame(g || readForm(), false);
    }
    const as = p.get('as');
    if (as !== 'first' && as !== 'second') {
      await shown(new Error(`${where} as: expected first or second, got '${as}'`));
    }
    g = g || (await readForm());
    /* the record as coins reads it (any of its notations), move by move */
    let record = [];
    const moves = p.get('moves') || '';
    if (moves.trim() !== '') {
      try {
        record = (
          await db.query('SELECT move FROM coins_review(:v, :c, :m, :k) ORDER BY ply', {
            v: g.variant,
            c: g.coins,
            m: moves,
            k: g.k,
          })
        ).rows.map((r) => r[0]);
      } catch (e) {
        await shown(fieldError(where, 'moves', e));
      }
    }
    return startPlay(g, as === 'second' ? 2 : 1, record);
  }

  async function applyHash() {
    const p = hashParams();
    showError('game-error', null);
    try {
      await applyHashGame(p);
    } catch (e) {
      stopPlay();
      showError('game-error', e);
    }
    try {
      const n = p.has('puzzle') ? puzzleNumber('URL field', p.get('puzzle')) : puzzle.n || 1;
      if (PUZZLES.length && n !== puzzle.n) await showPuzzle(n, false);
    } catch (e) {
      showError('puzzle-error', e);
    }
    if (p.has('sql')) {
      $('sql').value = p.get('sql');
      await runSql(false);
    }
    $('share').href = '#' + new URLSearchParams({ sql: $('sql').value }).toString();
    document.body.dataset.hashApplied = String(Number(document.body.dataset.hashApplied || 0) + 1);
  }

  function wire() {
    $('game-form').addEventListener('submit', (e) => {
      e.preventDefault();
      showGame(readForm());
    });
    $('variant').addEventListener('change', () => {
      const r = rulesOf($('variant').value);
      const fixed = (x) => x.fixed_take !== null && String(x.fixed_take) === $('max-take').value;
      $('max-take').disabled = r.fixed_take !== null;
      if (r.fixed_take !== null) $('max-take').value = String(r.fixed_take);
      else if (rules.some(fixed))
        $('max-take').value = String(r.default_take); /* one left behind */
      showGame(readForm());
    });
    $('max-take').addEventListener('change', () => showGame(readForm()));
    $('deal').addEventListener('click', deal);
    $('play-first').addEventListener('click', () => startPlay(readForm(), 1));
    $('play-second').addEventListener('click', () => startPlay(readForm(), 2));
    $('hint').addEventListener('click', showHint);
    $('puzzle-prev').addEventListener('click', () => showPuzzle(puzzle.n - 1));
    $('puzzle-next').addEventListener('click', () => showPuzzle(puzzle.n + 1));
    $('puzzle-n').addEventListener('change', () => {
      try {
        showPuzzle(puzzleNumber('Field', $('puzzle-n').value));
      } catch (e) {
        showError('puzzle-error', e);
      }
    });
    $('puzzle-show').addEventListener('click', () => {
      if (puzzle.state !== 'solved' && puzzle.state !== 'none') {
        const p = puzzle.p;
        solvePuzzle('shown', `The answer: ${p.answer}, the only move that keeps the ${p.to_keep}.`);
      }
    });
    $('review-not-best').addEventListener('change', filterReview);
    $('run').addEventListener('click', () => runSql());
    /* the running query rejects (runSql shows it); a worker that cannot start again too */
    $('stop').addEventListener('click', () => db.restart().catch((e) => showError('sql-error', e)));
    $('deadline').addEventListener('change', () => db.timeout(deadlineMs()));
    $('sql').addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        runSql();
      }
    });
    $('share').addEventListener('click', () => setHash({ sql: $('sql').value }));
    const examples = $('examples');
    (window.COINS_EXAMPLES || []).forEach((x, i) =>
      examples.append(el('option', { value: String(i) }, x.title)),
    );
    examples.addEventListener('change', () => {
      const x = window.COINS_EXAMPLES[examples.value];
      if (!x) return;
      $('sql').value = x.sql;
      runSql();
    });
    window.addEventListener('hashchange', applyHash);
  }

  /* The variant menu: the variants of coins_rules(), each named by
   * index.html's option for it (a variant it has none for by its name). */
  function variantMenu() {
    const menu = $('variant');
    const chosen = menu.value;
    const texts = new Map([...menu.options].map((o) => [o.value, o.textContent]));
    menu.replaceChildren(
      ...rules.map((r) => el('option', { value: r.name }, texts.get(r.name) || r.name)),
    );
    menu.value = chosen;
    /* games to try of a variant this build has not */
    for (const e of document.querySelectorAll('.try [data-variant]')) {
      e.hidden = !rulesOf(e.dataset.variant);
    }
  }

  async function start() {
    if (location.protocol === 'file:') {
      $('file-warning').hidden = false;
      $('loading').hidden = true;
      document.body.dataset.ready = 'file';
      return;
    }
    try {
      db = await CoinsSQLite.worker({ setup: window.COINS_DEMO_DB || '', timeout: deadlineMs() });
      rules = JSON.parse(await db.value('SELECT coins_rules()'));
      $('versions').textContent = `SQLite ${db.sqliteVersion}, coins ${db.coinsVersion}.`;
    } catch (e) {
      $('loading').hidden = true;
      showError('load-error', e);
      document.body.dataset.ready = 'error';
      return;
    }
    variantMenu();
    wire();
    $('puzzle-count').textContent = String(PUZZLES.length);
    $('puzzle-n').max = String(PUZZLES.length);
    $('puzzles').hidden = !PUZZLES.length;
    $('loading').hidden = true;
    $('app').hidden = false;
    await applyHash();
    document.body.dataset.ready = 'yes';
    window.coinsPlayground = { db }; /* for the console of the browser, and the tests */
  }

  start();
})();
