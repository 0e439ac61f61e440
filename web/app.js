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
  const URL_FIELDS = ['sql', 'coins', 'variant', 'max_take', 'moves', 'as'];

  let db = null; /* the database, in its worker */
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
    for (const row of result.rows.slice(0, MAX_ROWS)) {
      const tr = el('tr');
      for (const v of row) {
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
          const text = asText(v);
          if (text.includes('\n')) td.append(el('pre', {}, text));
          else td.textContent = text;
          if (typeof v !== 'string') td.className = 'number';
        }
        tr.append(td);
      }
      body.append(tr);
    }
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
    return new Error(`${where} ${field}: ${e.message.replace(/^coins_\w+: /, '')}`);
  }

  /* The variant coins read from text, as the page names it. */
  function variantName(text) {
    const t = text.trim().toUpperCase();
    return ['I', 'II', 'III'].includes(t) ? t : ['I', 'II', 'III'][Number(t) - 1];
  }

  /* The game of fields (texts, as typed or as in the URL: variant, max_take
   * or null for the default, coins), each checked by coins as the same
   * argument of a function, one after the other, so that an error names
   * its field: { variant, k, coins }, or an Error "<where> <field>: ...". */
  async function checkGame(where, f) {
    let variant;
    try {
      await db.value("SELECT coins_outcome(:v, '[]')", { v: f.variant });
      variant = variantName(f.variant);
    } catch (e) {
      throw fieldError(where, 'variant', e);
    }
    if (!variant) throw new Error(`${where} variant: '${f.variant}' is not a variant`);
    let k = variant === 'III' ? 1 : 2;
    if (f.max_take !== null) {
      try {
        await db.value("SELECT coins_outcome(:v, '[]', :k)", { v: variant, k: f.max_take });
        k = await db.value('SELECT CAST(trim(:k) AS INTEGER)', { k: f.max_take });
      } catch (e) {
        throw fieldError(where, 'max_take', e);
      }
    }
    const coins = f.coins.trim();
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
      max_take: $('variant').value === 'III' || k === '' ? null : k,
      coins: $('coins').value,
    });
  }

  function writeForm(variant, coins, k) {
    $('variant').value = variant;
    $('coins').value = String(coins);
    $('max-take').value = String(k);
    $('max-take').disabled = variant === 'III';
  }

  /* max_take as a count of coins the board can use. */
  function boardTake() {
    return typeof game.k === 'bigint' ? Number.MAX_SAFE_INTEGER : game.k;
  }

  function moveName(variant, move) {
    if (variant === 'III') return move === 'L' ? 'the left coin' : 'the right coin';
    return `${move} coin${move === 1 ? '' : 's'}`;
  }

  /* Solves the game (checked: checkGame) and draws its optimal line; false
   * (the error shown) when it cannot. */
  async function showGame(checked, updateHash = true) {
    stopPlay();
    const epoch = game.epoch;
    showError('game-error', null);
    $('outcome').textContent = '';
    $('line-picture').replaceChildren();
    try {
      const { variant, k, coins } = await checked;
      const p = { v: variant, c: coins, k };
      const r = (
        await db.query(
          'SELECT coins_outcome(:v, :c, :k), coins_best_move(:v, :c, :k), ' +
            "CASE WHEN :v = 'I' THEN NULL ELSE coins_margin(:v, :c, :k) END, " +
            "CASE WHEN :v = 'I' THEN NULL ELSE coins_score(:v, :c, :k) END",
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
          "SELECT CASE WHEN :v = 'I' THEN coins_after(:v, :c, '[]', :k) " +
            "ELSE json_array_length(coins_after(:v, :c, '[]', :k)) END",
          q,
        ),
      );
      game.values =
        n > MAX_BOARD
          ? null
          : variant === 'I'
            ? new Array(n).fill(null)
            : (
                await db.query("SELECT value FROM json_each(coins_after(:v, :c, '[]', :k))", q)
              ).rows.map((x) => x[0]);
      let text;
      if (variant === 'I') {
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
      $('outcome').dataset.outcome = outcome;
      $('outcome').dataset.margin = margin === null ? '' : String(margin);
      try {
        /* a variant I count past coins_svg's limit is solved, not drawn */
        const svg = await db.value('SELECT coins_svg(:v, :c, NULL, :k)', p);
        if (epoch !== game.epoch) return false;
        putSvg($('line-picture'), svg);
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
    if ($('variant').value === 'I') {
      $('coins').value = String(n);
    } else {
      try {
        $('coins').value = await db.value('SELECT coins_deal(?, ?)', [seed, n]);
      } catch (e) {
        showError('game-error', e);
        return;
      }
    }
    $('deal-seed').value = String(seed + 1);
    showGame(readForm());
  }

  /* ------------------------------------------------------------ playing */

  function recordText() {
    return game.variant === 'III' ? game.record.join('') : JSON.stringify(game.record);
  }

  /* Where the record has got to: [lo, hi) left, ply_of[i]. */
  function position() {
    const n = game.values.length;
    const plyOf = new Array(n).fill(0);
    let lo = 0;
    let hi = n;
    game.record.forEach((m, t) => {
      if (m === 'L') plyOf[lo++] = t + 1;
      else if (m === 'R') plyOf[--hi] = t + 1;
      else for (let i = 0; i < m; i++) plyOf[lo++] = t + 1;
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
    if (!game.human || mover() !== game.human || position().lo >= position().hi) return;
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
    const { lo, hi } = position();
    const over = lo >= hi;
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
    const svg = await db.value('SELECT coins_svg(:v, :c, :m, :k)', {
      v: game.variant,
      c: game.coins,
      m: recordText(),
      k: game.k,
    });
    if (!current()) return;
    putSvg($('game-picture'), svg);
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

  function drawBoard(over) {
    const { lo, hi, plyOf } = position();
    const yours = !over && mover() === game.human;
    const board = $('board');
    board.replaceChildren();
    const legal = (i) =>
      yours &&
      (game.variant === 'III'
        ? i === lo || i === hi - 1
        : i >= lo && i < Math.min(hi, lo + boardTake()));
    const moveAt = (i) => (game.variant === 'III' ? (i === lo ? 'L' : 'R') : i - lo + 1);
    game.values.forEach((v, i) => {
      const ply = plyOf[i];
      const b = el(
        'button',
        {
          type: 'button',
          class: 'coin' + (ply ? (ply % 2 ? ' p1' : ' p2') : ''),
          disabled: !legal(i),
          title: ply
            ? `taken at ply ${ply}`
            : legal(i)
              ? `take ${moveName(game.variant, moveAt(i))}`
              : '',
          'data-index': String(i),
        },
        v === null ? '\u25CF' : asText(v),
      );
      if (legal(i)) b.addEventListener('click', () => play(moveAt(i)));
      board.append(b);
    });
    const moves = $('moves');
    moves.replaceChildren();
    if (!yours) return;
    const options =
      game.variant === 'III'
        ? lo === hi - 1
          ? ['L']
          : ['L', 'R']
        : Array.from({ length: Math.min(boardTake(), hi - lo) }, (_, t) => t + 1);
    for (const m of options) {
      const b = el(
        'button',
        { type: 'button', class: 'move', 'data-move': String(m) },
        'Take ' + moveName(game.variant, m),
      );
      b.addEventListener('click', () => play(m));
      moves.append(b);
    }
  }

  async function finish(status, current) {
    const p = { v: game.variant, c: game.coins, m: recordText(), k: game.k };
    const result = await db.value('SELECT coins_result(:v, :c, :m, :k)', p);
    const review = await db.query(
      'SELECT ply, player, move, best, loss, verdict ' + 'FROM coins_review(:v, :c, :m, :k)',
      p,
    );
    if (!current()) return;
    const you = game.human === 1 ? 'first' : 'second';
    const end = result === 'draw' ? 'A draw.' : result === you ? 'You won.' : 'coins won.';
    $('play-status').textContent = `${status}Game over: ${end}`;
    const table = resultTable({
      columns: ['by'].concat(review.columns),
      rows: review.rows.map((r) => [r[1] === game.human ? 'you' : 'coins'].concat(r)),
    });
    const rows = table.querySelectorAll('tbody tr');
    rows.forEach((tr, i) => {
      if (tr.firstChild.textContent === 'you') tr.className = 'yours';
      tr.dataset.verdict = review.rows[i][5];
    });
    $('review-table').replaceChildren(table);
    filterReview();
    const mine = review.rows.filter((r) => r[1] === game.human);
    const count = (v) => mine.filter((r) => r[5] === v).length;
    const lost = mine.reduce((s, r) => s + BigInt(r[4]), 0n);
    $('review-summary').textContent =
      `Your ${mine.length} move${mine.length === 1 ? '' : 's'}: ${count('best')} best, ` +
      `${count('inaccuracy')} inaccurac${count('inaccuracy') === 1 ? 'y' : 'ies'}, ` +
      `${count('blunder')} blunder${count('blunder') === 1 ? '' : 's'}; ` +
      `${game.variant === 'I' ? 'wins given away' : 'coin value given away'}: ${lost}.`;
    $('review').hidden = false;
    document.body.dataset.play = 'over';
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
      const v = $('variant').value;
      $('max-take').disabled = v === 'III';
      if (v === 'III') $('max-take').value = '1';
      else if ($('max-take').value === '1') $('max-take').value = '2';
      showGame(readForm());
    });
    $('max-take').addEventListener('change', () => showGame(readForm()));
    $('deal').addEventListener('click', deal);
    $('play-first').addEventListener('click', () => startPlay(readForm(), 1));
    $('play-second').addEventListener('click', () => startPlay(readForm(), 2));
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

  async function start() {
    if (location.protocol === 'file:') {
      $('file-warning').hidden = false;
      $('loading').hidden = true;
      document.body.dataset.ready = 'file';
      return;
    }
    try {
      db = await CoinsSQLite.worker({ setup: window.COINS_DEMO_DB || '', timeout: deadlineMs() });
      $('versions').textContent = `SQLite ${db.sqliteVersion}, coins ${db.coinsVersion}.`;
    } catch (e) {
      $('loading').hidden = true;
      showError('load-error', e);
      document.body.dataset.ready = 'error';
      return;
    }
    wire();
    $('loading').hidden = true;
    $('app').hidden = false;
    await applyHash();
    document.body.dataset.ready = 'yes';
    window.coinsPlayground = { db }; /* for the console of the browser, and the tests */
  }

  start();
})();
