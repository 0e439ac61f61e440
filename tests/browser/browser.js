/*
 * tests/browser/browser.js -- the playground (build/web) in a real browser:
 * Debian's chromium, headless, driven by puppeteer-core, the page served
 * from 127.0.0.1 on a port the system picks.  The native build
 * (build/coins.so through native.py) is the reference:
 *
 *   1. a query from the URL (#sql=...): the result table read from the
 *      DOM equals the native result; an error shows SQLite's message;
 *      an example chosen from the list runs;
 *   2. a game from the URL (#coins=...&variant=...): who wins and the
 *      margin as the native build says, the optimal line drawn by
 *      coins_svg (one <g> per coin);
 *   3. whole games played by clicking coins and move buttons (seeded
 *      choices, good and bad), one per variant, as first and as second,
 *      and games with a set of takes (LeetCode 1510's squares; a row of
 *      variant II) and of misere play: the moves offered are the native
 *      coins_options' (only the takes in the set that fit), every reply
 *      of coins is the native coins_best_move of the position, the
 *      result line is the native coins_result, the rules line names the
 *      set, and the review table shown at the end is the native coins_review;
 *      games on piles (variant I-sum: Nim, and piles with a set; misère
 *      Nim), held to the nim-sum or a misère search (piles.js);
 *      reloading the URL of the finished game shows the same review; the
 *      hint, the scorecard and the evaluation graph (analysis.js);
 *   4. the page opened as file:// says why it cannot run there;
 *   5. the embedding example of docs/browser.md (its ```html block,
 *      served as /embed-example.html) shows what the docs say;
 *   6. no error in the page's console;
 *   7. the URL's fields: each one coins refuses (a variant, max_take, a
 *      row, an illegal record, a side, an unknown field) shows the error
 *      coins gives for the same argument, naming the field and no
 *      function, and plays nothing; the forms coins accepts ('iii', '2',
 *      a record 'L,R') open the game; a game in progress is drawn as one;
 *      the form's max_take 0 is an error too, a set typed without its
 *      brackets is read, and a bad set shows coins' message; each game
 *      to try linked from the board opens as coins solves it; piles dealt;
 *   8. the deadline: a query of long function calls (coins_margin of
 *      2*10^7 coins, five times), with the deadline at 2 s: while it
 *      runs the page answers (its clock ticks, typing is handled, the
 *      DevTools round trip is short); it is stopped near 2 s, the page
 *      says so, and the database is a new one (a table made before it is
 *      gone, games is there); a query SQLite can interrupt is, keeping
 *      the database; the Stop button; calls queued behind a stopped one
 *      run on the new database;
 *   9. a 400-pixel-wide screen: a finished 200-coin game and the console
 *      fit (no element past the right edge, nothing to scroll sideways,
 *      the pictures whole); its review filtered to the moves that were
 *      not best is the native coins_review's rows with verdict <> 'best';
 *  10. generate_series, not in the build: the console's error says what
 *      to write instead, and that works;
 *  11. puzzles of the bundled archive solved by clicking (analysis.js).
 * Screenshots go to COINS_SHOTS (build/web-test/): board.png (the game
 * board after a game; make web-screenshot copies it to docs/), page.png
 * (the whole page), narrow.png (the page 400 pixels wide), hint.png (a
 * game with its hint) and puzzle.png (a puzzle with its answer).
 *
 *   COINS_EXT=build/coins.so COINS_WEB=build/web COINS_SHOTS=build/web-test \
 *     node tests/browser/browser.js
 * CHROMIUM names another browser binary (default /usr/bin/chromium).
 */
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const puppeteer = require('puppeteer-core');
const {
  root,
  native,
  rulesOf,
  hasValues,
  typed,
  rng,
  checker,
  tableText,
  shown,
} = require('./common.js');
const analysis = require('./analysis.js');
const piles = require('./piles.js');

const webDir = path.resolve(root, process.env.COINS_WEB || 'build/web');
const shots = path.resolve(root, process.env.COINS_SHOTS || 'build/web-test');
const demoDb = fs.readFileSync(path.join(root, 'sql/demo_db.sql'), 'utf8');
const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
};

/* The ```html block of docs/browser.md. */
const embedExample = /^```html\n([\s\S]*?)^```$/m.exec(
  fs.readFileSync(path.join(root, 'docs/browser.md'), 'utf8'),
)[1];

/* A static server of webDir on 127.0.0.1, on a free port (and the
 * embedding example of the docs). */
function serve() {
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (name === '/embed-example.html') {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(embedExample);
      return;
    }
    if (name === '/favicon.ico') {
      /* the example page asks for one */
      res.writeHead(204).end();
      return;
    }
    const file = path.join(webDir, name.endsWith('/') ? name + 'index.html' : name);
    if (!file.startsWith(webDir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function open(page, base, hash) {
  await page.goto('about:blank');
  await page.goto(base + hash);
  await page.waitForFunction(() => document.body.dataset.ready, { timeout: 20000 });
  return page.evaluate(() => document.body.dataset.ready);
}

/* Plays a whole game on the page by clicking (asking for a hint at the
 * first and the third of your moves); returns the record. */
async function playGame(page, check, g, v, seed) {
  const r = rng(seed);
  await page.click(g.as === 1 ? '#play-first' : '#play-second');
  for (let guard = 0; guard < 500; guard++) {
    await page.waitForFunction(() => ['your-move', 'over'].includes(document.body.dataset.play), {
      timeout: 10000,
    });
    if ((await page.evaluate(() => document.body.dataset.play)) === 'over') break;
    if (guard === 0 || guard === 2) await analysis.hint(page, check, g, v);
    if (guard === 0 && g.name === 'II as second') {
      await (await page.$('#play')).screenshot({ path: path.join(shots, 'hint.png') });
    }
    /* a coin or a move button, chosen by the seed */
    const coins = await page.$$('#board button.coin:enabled');
    const moves = await page.$$('#moves button.move');
    check.ok(coins.length > 0 && moves.length > 0, `${g.name}: no move to click`);
    const before = await page.evaluate(() =>
      new URLSearchParams(location.hash.slice(1)).get('moves'),
    );
    /* the moves offered, by button and by coin: the legal ones, no other */
    const [legal] = native([
      {
        sql: 'SELECT move FROM coins_options(:v, coins_after(:v, :c, :m, :k), :k)',
        params: { ...v, m: before || '' },
      },
    ]);
    const offered = await page.$$eval('#moves button.move', (bs) => bs.map((b) => b.dataset.move));
    const want = legal.rows.map((row) => row[0].replace(/^(int|text):/, ''));
    check.same(offered, want, `${g.name}: the moves offered at '${before}'`);
    check.same(coins.length, want.length, `${g.name}: a coin to click per move at '${before}'`);
    const target = r.below(3) === 0 ? r.pick(moves) : r.pick(coins);
    await target.click();
    await page.waitForFunction(
      (b) => new URLSearchParams(location.hash.slice(1)).get('moves') !== b,
      { timeout: 10000 },
      before,
    );
  }
  return page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('moves'));
}

function recordList(variant, record) {
  return variant === 'III' ? record.split('') : JSON.parse(record);
}

function recordOf(variant, moves) {
  return variant === 'III' ? moves.join('') : JSON.stringify(moves);
}

/* The text of #game-error, '' when it is hidden. */
function gameError(page) {
  return page.$eval('#game-error', (e) => (e.hidden ? '' : e.textContent));
}

/* Goes to hash on the page open (a hashchange); resolves once it is applied. */
async function goHash(page, hash) {
  const applied = () => page.evaluate(() => document.body.dataset.hashApplied || '0');
  const before = await applied();
  await page.evaluate((h) => (location.hash = h), hash);
  const changed = (n) => (document.body.dataset.hashApplied || '0') !== n;
  await page.waitForFunction(changed, { timeout: 20000 }, before);
}

/* 7. The URL's fields, each checked as coins checks that argument. */
async function urlFields(page, base, check) {
  /* coins' message without its function's name (and the field's, said once) */
  const strip = (m, field) => m.replace(/^coins_\w+: /, '').replace(`${field}: `, '');
  const refused = [
    { hash: { coins: '[1,2,3]', variant: 'IV' }, field: 'variant', says: "unknown variant 'IV'" },
    { hash: { coins: '[1,2,3]', variant: '' }, field: 'variant', says: "unknown variant ''" },
    { hash: { coins: '[1,2,3]', variant: 'II', max_take: 'x' }, field: 'max_take', says: "'x'" },
    { hash: { coins: '[1,2,3]', variant: 'II', max_take: '0' }, field: 'max_take', says: 'got 0' },
    { hash: { coins: '[1,2,3]', variant: 'III', max_take: '2' }, field: 'max_take', says: 'be 1' },
    { hash: { coins: '[1,x]', variant: 'III' }, field: 'coins', says: 'x' },
    { hash: { coins: '9', variant: 'I', max_take: '[1,x]' }, field: 'max_take', says: 'x' },
    { hash: { coins: '9', variant: 'I', max_take: '[0,2]' }, field: 'max_take', says: 'got 0' },
    {
      hash: { coins: '[1,2]', variant: 'III', max_take: '[1,2]' },
      field: 'max_take',
      says: 'be 1',
    },
    { hash: { coins: '-3', variant: 'I' }, field: 'coins', says: '-3' },
    {
      hash: { coins: '[1,2,3]', variant: 'III', moves: 'LLLL', as: 'first' },
      field: 'moves',
      says: 'ply 4',
    },
    {
      hash: { coins: '[1,2,3]', variant: 'II', moves: '[1,5]', as: 'second' },
      field: 'moves',
      says: 'ply 2',
    },
    {
      hash: { coins: '[1,2,3]', variant: 'III', moves: 'L', as: 'third' },
      text: "URL field as: expected first or second, got 'third'",
    },
    {
      hash: { coins: '[1,2,3]', variant: 'III', moves: 'L' },
      text: 'URL field moves: a record needs as=first or as=second (your side)',
    },
    {
      hash: { coin: '[1,2,3]' },
      text:
        'URL field coin: not a field of the playground; ' +
        'its fields are sql, coins, variant, max_take, moves, as, puzzle',
    },
  ];
  /* the same arguments given to coins natively: its message for each */
  const sqlOf = (h) => {
    const v = h.variant === undefined ? 'III' : h.variant;
    const k = h.max_take === undefined ? '' : `, '${h.max_take}'`;
    if (h.moves) return `SELECT * FROM coins_review('${v}', '${h.coins}', '${h.moves}'${k})`;
    if (h.max_take !== undefined || h.coins === '[1,2,3]') {
      return `SELECT coins_outcome('${v}', '[]'${k})`;
    }
    return `SELECT coins_outcome('${v}', '${h.coins}'${k})`;
  };
  const withField = refused.filter((c) => c.field);
  const errors = native(withField.map((c) => ({ sql: sqlOf(c.hash) })));
  withField.forEach((c, i) => {
    check.ok(errors[i].error, `coins refuses ${sqlOf(c.hash)}`);
    c.text = `URL field ${c.field}: ${strip(errors[i].error || '', c.field)}`;
  });
  check.same(await open(page, base, '#'), 'yes', 'the page loads');
  for (const c of refused) {
    const hash = '#' + new URLSearchParams(c.hash);
    await goHash(page, hash);
    const text = await gameError(page);
    const what = `the URL ${hash}`;
    check.same(text, 'Error: ' + c.text, `${what}: the error`);
    check.ok(!c.says || text.includes(c.says), `${what}: says ${c.says}`);
    check.ok(!/coins_\w+:/.test(text), `${what}: names no function`);
    check.same(await page.evaluate(() => location.hash), hash, `${what}: the URL is kept`);
    check.same(await page.evaluate(() => document.body.dataset.play), 'none', `${what}: no play`);
  }

  /* what coins accepts opens the game, as the page names it */
  const accepted = [
    { hash: { coins: '[1,2,3]', variant: 'iii' }, variant: 'III', k: '1' },
    { hash: { coins: '[5,1,2]', variant: '2', max_take: '3' }, variant: 'II', k: '3' },
    { hash: { coins: '7', variant: ' 1', max_take: ' 3' }, variant: 'I', k: '3' },
    { hash: { coins: '17', variant: 'I', max_take: '1, 4,9,16' }, variant: 'I', k: '[1,4,9,16]' },
    {
      hash: { coins: '9', variant: 'i-misere', max_take: '[3,1]' },
      variant: 'I-misere',
      k: '[3,1]',
    },
  ];
  const outcomes = native(
    accepted.map((c) => ({
      sql: `SELECT coins_outcome('${c.variant}', '${c.hash.coins}', '${c.k}')`,
    })),
  );
  for (const [i, c] of accepted.entries()) {
    const hash = '#' + new URLSearchParams(c.hash);
    await goHash(page, hash);
    check.same(await gameError(page), '', `the URL ${hash}: no error`);
    check.same(
      await page.evaluate(() => [
        document.getElementById('variant').value,
        document.getElementById('max-take').value,
        document.getElementById('outcome').dataset.outcome,
      ]),
      [c.variant, c.k, outcomes[i].rows[0][0].slice(5)],
      `the URL ${hash}: the game`,
    );
  }

  /* the games to try, linked from the board: each opens, solved as coins solves it */
  const tries = await page.$$eval('.try a', (as) =>
    as.filter((a) => a.offsetParent !== null).map((a) => a.getAttribute('href')),
  );
  const tried = native(
    tries.map((h) => {
      const q = new URLSearchParams(h.slice(1));
      return {
        sql: 'SELECT coins_outcome(:v, :c, :k)',
        params: { v: q.get('variant'), c: q.get('coins'), k: q.get('max_take') },
      };
    }),
  );
  check.ok(tries.length >= 4, `games to try: ${tries.length} links`);
  for (const [i, h] of tries.entries()) {
    await goHash(page, h);
    check.same(
      [await gameError(page), await page.$eval('#outcome', (e) => e.dataset.outcome)],
      ['', tried[i].rows[0][0].slice(5)],
      `the game to try ${h}`,
    );
  }

  /* piles dealt: deal-n piles of 1 to 7 coins, solved as coins solves them */
  await page.$eval('#deal-n', (e) => (e.value = '6'));
  await page.select('#variant', 'I-sum');
  await page.waitForFunction(() => document.getElementById('outcome').textContent);
  await page.$eval('#outcome', (e) => (e.textContent = ''));
  await page.click('#deal');
  await page.waitForFunction(() => document.getElementById('outcome').textContent);
  const dealt = await page.$eval('#coins', (e) => e.value);
  const dealtTake = await page.$eval('#max-take', (e) => e.value);
  const [dealtOutcome] = native([
    { sql: "SELECT coins_outcome('I-sum', :c, :k)", params: { c: dealt, k: dealtTake } },
  ]);
  check.ok(
    JSON.parse(dealt).length === 6 && JSON.parse(dealt).every((n) => n >= 1 && n <= 7),
    `piles dealt: ${dealt}`,
  );
  check.same(
    [await gameError(page), await page.$eval('#outcome', (e) => e.dataset.outcome)],
    ['', dealtOutcome.rows[0][0].slice(5)],
    `piles dealt: who wins ${dealt}`,
  );

  /* a record in another notation coins reads; the game in progress */
  await goHash(page, '#coins=[8,15,3,7]&variant=III&moves=L,R&as=first');
  await page.waitForFunction(() => document.body.dataset.play === 'your-move');
  check.same(await gameError(page), '', 'moves=L,R: no error');
  check.same(
    await page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('moves')),
    'LR',
    'moves=L,R: the record as the page writes it',
  );
  const last = await page.$eval('#game-picture svg', (svg) =>
    [...svg.querySelectorAll('text')].map((t) => t.textContent).filter((t) => /so far$/.test(t)),
  );
  check.same(
    last,
    ['in progress after ply 2 with 2 coins left; first 8, second 7 so far'],
    'the picture of a game in progress',
  );

  /* the form: a bad max_take is an error, not another number */
  await goHash(page, '#coins=[1,2,3]&variant=II&max_take=2');
  await page.$eval('#max-take', (e) => {
    e.value = '0';
    e.dispatchEvent(new Event('change'));
  });
  await page.waitForFunction(() => !document.getElementById('game-error').hidden);
  check.same(
    await gameError(page),
    'Error: Field max_take: max_take must be an integer >= 1, got 0',
    'the form: max_take 0',
  );
  /* a set typed without brackets; a bad one shows coins' own message */
  const typeTake = async (text) => {
    await page.$eval(
      '#max-take',
      (e, t) => {
        e.value = t;
        e.dispatchEvent(new Event('change'));
      },
      text,
    );
    await page.waitForFunction(
      () =>
        !document.getElementById('game-error').hidden ||
        document.getElementById('max-take').value.startsWith('['),
    );
  };
  await typeTake('3, 1');
  check.same(
    await page.evaluate(() => [
      document.getElementById('max-take').value,
      document.getElementById('rules-line').textContent,
      new URLSearchParams(location.hash.slice(1)).get('max_take'),
    ]),
    [
      '[3,1]',
      'Variant II: a move takes 1 or 3 coins (the set [3,1]) from the left; the larger ' +
        'total wins; when no take fits the coins left, the game ends there.',
      '[3,1]',
    ],
    'the form: the set 3, 1',
  );
  await typeTake('1,x');
  const [badSet] = native([{ sql: "SELECT coins_outcome(2, '[]', '[1,x]')" }]);
  check.same(
    await gameError(page),
    `Error: Field max_take: ${strip(badSet.error, 'max_take')}`,
    'the form: the set 1,x',
  );
}

/* Runs sql in the console; returns the count of runs to wait past. */
async function runConsole(page, sql) {
  const runs = await page.evaluate(() => document.body.dataset.sqlRuns || '0');
  await page.$eval('#sql', (e, q) => (e.value = q), sql);
  await page.click('#run');
  return runs;
}

function consoleDone(page, runs, timeout = 20000) {
  const over = (n) => (document.body.dataset.sqlRuns || '0') !== n;
  return page.waitForFunction(over, { timeout }, runs);
}

/* 8. A query that would hang the page is stopped at its deadline. */
async function deadline(page, base, check, figures) {
  await open(page, base, '#');
  await page.$eval('#deadline', (e) => {
    e.value = '2';
    e.dispatchEvent(new Event('change'));
  });
  let runs = await runConsole(page, 'CREATE TABLE mine(x); INSERT INTO mine VALUES (1)');
  await consoleDone(page, runs);
  /* long function calls (about 2 s each here), with too few steps of
   * SQLite's virtual machine between them for its interrupt to come */
  const long = 'coins_margin(3, coins_deal(1, 20000000))';
  const runaway = 'SELECT ' + Array(5).fill(long).join(' + ');
  runs = await runConsole(page, runaway);
  const started = Date.now();
  await page.waitForFunction(() => document.body.dataset.sqlRunning === 'yes');
  /* the page answers while it runs */
  const clocks = [];
  let slowest = 0;
  for (let i = 0; i < 4; i++) {
    const t = Date.now();
    clocks.push(await page.$eval('#running', (e) => e.textContent));
    slowest = Math.max(slowest, Date.now() - t);
    await new Promise((r) => setTimeout(r, 100));
  }
  await page.click('#deal-n', { count: 3 });
  await page.type('#deal-n', '42');
  const typed = await page.$eval('#deal-n', (e) => e.value);
  const during = Date.now() - started;
  check.ok(during < 2000, `the checks while it runs took ${during} ms, within the deadline`);
  check.ok(slowest < 300, `the page answers while the query runs (${slowest} ms at most)`);
  check.ok(new Set(clocks).size > 1, `its clock ticks: ${clocks.join(', ')}`);
  check.same(typed, '42', 'typing is handled while the query runs');
  await consoleDone(page, runs);
  const stopped = Date.now() - started;
  figures.stopped = stopped;
  figures.slowest = slowest;
  check.ok(stopped >= 2000 && stopped < 3500, `stopped near its deadline: after ${stopped} ms`);
  check.same(
    await page.$eval('#sql-error', (e) => e.textContent),
    'Error: stopped after 2 s; the database was restarted ' +
      '(tables made in the console are gone; the games table is back)',
    'the page says it was stopped',
  );
  const after =
    'SELECT (SELECT count(*) FROM games) AS games, ' +
    "(SELECT count(*) FROM sqlite_master WHERE name = 'mine') AS mine";
  runs = await runConsole(page, after);
  await consoleDone(page, runs);
  const games = native([{ sql: 'SELECT count(*) FROM games' }], demoDb)[0].rows[0][0].slice(4);
  check.same(
    await tableText(page, '#results table'),
    { columns: ['games', 'mine'], rows: [[games, '0']] },
    'a query after it: a new database, with the games table',
  );

  /* a query SQLite interrupts: the database is kept */
  runs = await runConsole(page, 'CREATE TABLE mine(x)');
  await consoleDone(page, runs);
  runs = await runConsole(page, 'SELECT count(*) FROM coins_moves(1, 1000000000000000000)');
  await consoleDone(page, runs);
  check.same(
    await page.$eval('#sql-error', (e) => e.textContent),
    'Error: interrupted (the page stops a query after 2 s: the field above)',
    'a query SQLite can interrupt',
  );
  runs = await runConsole(page, "SELECT count(*) AS mine FROM sqlite_master WHERE name = 'mine'");
  await consoleDone(page, runs);
  check.same(
    await tableText(page, '#results table'),
    { columns: ['mine'], rows: [['1']] },
    'after an interrupt the database is kept',
  );

  /* the Stop button */
  await page.$eval('#deadline', (e) => {
    e.value = '30';
    e.dispatchEvent(new Event('change'));
  });
  runs = await runConsole(page, runaway);
  await page.waitForFunction(() => document.body.dataset.sqlRunning === 'yes');
  await new Promise((r) => setTimeout(r, 300));
  const clicked = Date.now();
  await page.click('#stop');
  await consoleDone(page, runs);
  check.ok(Date.now() - clicked < 1000, `Stop stops at once (${Date.now() - clicked} ms)`);
  check.same(
    await page.$eval('#sql-error', (e) => e.textContent),
    'Error: stopped; the database was restarted ' +
      '(tables made in the console are gone; the games table is back)',
    'the page says it was stopped by Stop',
  );

  /* the API: calls queued behind a stopped one run on the new database */
  const queued = await page.evaluate(async (sql) => {
    const db = window.coinsPlayground.db;
    db.timeout(500);
    const restarts = db.restarts;
    const calls = [db.value(sql), db.value('SELECT 6 * 7'), db.value('SELECT count(*) FROM games')];
    const out = await Promise.allSettled(calls);
    db.timeout(10000);
    return [
      out[0].status,
      out[0].reason && out[0].reason.message,
      out[0].reason && out[0].reason.code,
      out[0].reason && out[0].reason.restarted,
      out[1].value,
      out[2].value,
      db.restarts - restarts,
    ];
  }, runaway);
  check.same(
    queued,
    ['rejected', 'stopped after 500 ms; the database was restarted', 9, true, 42, Number(games), 1],
    'the worker API: a stopped call, then the calls queued behind it',
  );
}

/* 9. A 400-pixel-wide screen, and a 200-coin game's review filtered. */
async function narrow(page, base, check) {
  await page.setViewport({ width: 400, height: 800 });
  const coins = native([{ sql: 'SELECT coins_deal(7, 200)' }])[0].rows[0][0].slice(5);
  const played = native([
    {
      sql:
        "SELECT group_concat(move, '') FROM (SELECT move FROM " +
        "coins_play(3, :c, 'careless:40:1', 'optimal') ORDER BY ply)",
      params: { c: coins },
    },
  ])[0].rows[0][0].slice(5);
  const hash = new URLSearchParams({ coins, variant: 'III', moves: played, as: 'first' });
  await open(page, base, '#' + hash);
  await page.waitForFunction(() => document.body.dataset.play === 'over', { timeout: 20000 });
  let runs = await runConsole(page, "SELECT * FROM coins_review(3, '[8,15,3,7]', 'RLLL')");
  await consoleDone(page, runs);
  /* nothing past the right edge, but inside a box that scrolls sideways */
  const fits = () =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const scrolls = (e) => {
        for (let p = e.parentElement; p; p = p.parentElement) {
          if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true;
        }
        return false;
      };
      const over = [];
      for (const e of document.querySelectorAll('body *')) {
        const r = e.getBoundingClientRect();
        if (r.width > 0 && (r.right > width + 0.5 || r.left < -0.5) && !scrolls(e)) {
          over.push(`${e.tagName.toLowerCase()}#${e.id}.${e.className} ${Math.round(r.right)}`);
        }
      }
      const pictures = [...document.querySelectorAll('.picture svg')].map((s) =>
        Math.round(s.getBoundingClientRect().right),
      );
      return { scrollWidth: document.documentElement.scrollWidth, over, pictures };
    });
  const got = await fits();
  check.ok(got.scrollWidth <= 400, `400 px: nothing to scroll sideways (${got.scrollWidth})`);
  check.same(got.over.slice(0, 10), [], '400 px: no element past the right edge');
  check.ok(
    got.pictures.length === 2 && got.pictures.every((r) => r <= 400),
    `400 px: the pictures whole (their right edges ${got.pictures})`,
  );
  await page.screenshot({ path: path.join(shots, 'narrow.png'), fullPage: true });

  /* the review, filtered to the moves that were not best */
  const review = native([
    {
      sql: analysis.REVIEW_SQL + " WHERE verdict <> 'best'",
      params: { v: 'III', c: coins, m: played, k: 1 },
    },
  ])[0];
  const want = shown(review).rows.map((row) => [row[1] === '1' ? 'you' : 'coins'].concat(row));
  check.ok(want.length > 5 && want.length < 100, `${want.length} moves of 200 were not best`);
  await page.click('#review-not-best');
  const visible = await page.$$eval('#review-table tbody tr', (trs) =>
    trs
      .filter((tr) => !tr.hidden && tr.offsetHeight > 0)
      .map((tr) => [...tr.children].map((td) => td.textContent)),
  );
  check.same(visible, want, 'the review filtered to the moves that were not best');
  check.same(
    await page.$eval('#review-table .rows', (e) => e.textContent),
    `${want.length} of 200 moves: those that were not best`,
    'the filtered review says what it shows',
  );
  const filtered = await fits();
  check.same(filtered.over.slice(0, 10), [], '400 px, filtered: no element past the right edge');
  await page.click('#review-not-best');
  check.same(
    await page.$$eval('#review-table tbody tr', (trs) => trs.filter((tr) => !tr.hidden).length),
    200,
    'the review unfiltered again',
  );

  /* 10. generate_series */
  runs = await runConsole(page, 'SELECT value FROM generate_series(1, 3)');
  await consoleDone(page, runs);
  const hint = await page.$eval('#sql-error', (e) => e.textContent);
  const cte = /a recursive CTE counts instead: (WITH RECURSIVE .*)\)$/.exec(hint);
  check.ok(
    hint.startsWith('Error: no such table: generate_series (generate_series is an extension') &&
      cte,
    `generate_series: the console says what to write instead: ${hint}`,
  );
  runs = await runConsole(page, cte ? cte[1] : 'SELECT 0');
  await consoleDone(page, runs);
  check.same(
    await tableText(page, '#results table'),
    { columns: ['value'], rows: Array.from({ length: 10 }, (_, i) => [String(i + 1)]) },
    'generate_series: what the console says to write instead',
  );
}

async function main() {
  const check = checker('browser');
  fs.mkdirSync(shots, { recursive: true });
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}/`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'coins-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    userDataDir: profile,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const started = Date.now();
  const problems = [];
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1100, height: 900 });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning')
        problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on('requestfailed', (q) => {
      if (!q.url().startsWith('file:')) problems.push(`request failed: ${q.url()}`);
    });
    page.on('request', (q) => {
      if (!q.url().startsWith(base) && !/^(file|data|about):/.test(q.url())) {
        problems.push(`a request outside the page's folder: ${q.url()}`);
      }
    });

    /* 1. a query from the URL, an error, an example */
    const sql =
      'SELECT id, variant, coins_outcome(variant, coins, max_take) AS outcome, ' +
      "CASE WHEN variant <> 'I' THEN coins_margin(variant, coins, max_take) END AS margin, " +
      'coins_best_move(variant, coins, max_take) AS best FROM games ORDER BY id';
    check.same(await open(page, base, '#' + new URLSearchParams({ sql })), 'yes', 'the page loads');
    const want = native([{ sql }], demoDb)[0];
    check.ok(want.rows.length >= 30, 'the demo games');
    check.same(await tableText(page, '#results table'), shown(want), 'the result table of #sql=');
    const bad = "SELECT coins_svg(3, '[1,2]', 'LRL')";
    await open(page, base, '#' + new URLSearchParams({ sql: bad }));
    check.same(
      await page.$eval('#sql-error', (e) => e.textContent),
      'Error: ' + native([{ sql: bad }])[0].error,
      'an error as SQLite reports it',
    );
    const runs = await page.evaluate(() => document.body.dataset.sqlRuns);
    await page.select('#examples', '0');
    await page.waitForFunction((n) => document.body.dataset.sqlRuns !== n, {}, runs);
    check.ok(
      (await page.$('#results table')) !== null &&
        (await page.$eval('#sql-error', (e) => e.hidden)),
      'the first example runs',
    );

    /* 2 and 3. games: from the URL, then played by clicking */
    const games = [
      { name: 'III as first', variant: 'III', coins: '[8,15,3,7,12,4,9,1]', k: 1, as: 1 },
      { name: 'II as second', variant: 'II', coins: '[5,-3,8,2,9,-1,4,6,3]', k: 3, as: 2 },
      { name: 'I as first', variant: 'I', coins: '10', k: 3, as: 1 },
      { name: 'III as second', variant: 'III', coins: '[3,9,1,2,7,5,8,6,4,10,2,5]', k: 1, as: 2 },
      { name: 'I squares as first', variant: 'I', coins: '40', k: '[1,4,9,16]', as: 1 },
      { name: 'I-misere as second', variant: 'I-misere', coins: '13', k: 3, as: 2 },
      { name: 'II set as first', variant: 'II', coins: '[5,1,7,2,9,4,3,8]', k: '[2,3]', as: 1 },
      { name: 'Nim as first', variant: 'I-sum', coins: '[3,4,5]', k: 5, as: 1 },
      { name: 'piles set as second', variant: 'I-sum', coins: '[5,7,9]', k: '[1,3,4]', as: 2 },
      { name: 'misère Nim as second', variant: 'I-sum-misere', coins: '[1,2,3,4]', k: 4, as: 2 },
    ];
    let seed = 11;
    for (const g of games) {
      const values = hasValues(g.variant);
      const piled = rulesOf(g.variant).notation === 'pile';
      g.misere = rulesOf(g.variant).misere;
      const v = { v: g.variant, c: /^\d+$/.test(g.coins) ? Number(g.coins) : g.coins, k: g.k };
      const hash =
        '#' + new URLSearchParams({ coins: g.coins, variant: g.variant, max_take: String(g.k) });
      await open(page, base, hash);
      const [outcome, margin] = native([
        {
          sql:
            'SELECT coins_outcome(:v, :c, :k), ' + (values ? 'coins_margin(:v, :c, :k)' : 'NULL'),
          params: v,
        },
      ])[0].rows[0];
      check.same(
        await page.$eval('#outcome', (e) => [e.dataset.outcome, e.dataset.margin]),
        [outcome.slice(5), margin === 'null' ? '' : margin.slice(4)],
        `${g.name}: who wins`,
      );
      if (piled) {
        await page.click(g.as === 1 ? '#play-first' : '#play-second');
        await page.waitForFunction(() => document.body.dataset.play === 'your-move');
        await piles.start(page, check, g, v);
      } else {
        const n = values ? JSON.parse(g.coins).length : Number(g.coins);
        check.same(
          await page.$$eval('#line-picture svg > g', (gs) => gs.length),
          n,
          `${g.name}: the picture`,
        );
      }

      const record = await playGame(page, check, g, v, seed++);
      const moves = recordList(g.variant, record);
      /* every reply of coins: the native best move from where it played */
      const replies = [];
      moves.forEach((m, t) => {
        if (t % 2 !== g.as - 1) {
          replies.push({
            sql: 'SELECT coins_best_move(:v, coins_after(:v, :c, :m, :k), :k)',
            params: { ...v, m: recordOf(g.variant, moves.slice(0, t)) },
            played: m,
          });
        }
      });
      const best = native(replies);
      replies.forEach((q, i) =>
        check.same(
          typed(q.played),
          best[i].rows[0][0],
          `${g.name}: coins' reply at ${q.params.m || 'the start'}`,
        ),
      );
      /* played to its end: no legal move left; the result line as coins says */
      const [over] = native([
        {
          sql:
            'SELECT count(*), coins_result(:v, :c, :m, :k) ' +
            'FROM coins_options(:v, coins_after(:v, :c, :m, :k), :k)',
          params: { ...v, m: record },
        },
      ]);
      const [left, result] = over.rows[0].map((x) => x.replace(/^(int|text):/, ''));
      check.ok(replies.length > 0 && left === '0', `${g.name}: a whole game (${record})`);
      const you = g.as === 1 ? 'first' : 'second';
      const end = result === 'draw' ? 'A draw.' : result === you ? 'You won.' : 'coins won.';
      check.ok(
        (await page.$eval('#play-status', (e) => e.textContent)).endsWith(`Game over: ${end}`),
        `${g.name}: the result line says ${end} (coins_result ${result})`,
      );
      if (piled) await piles.played(page, check, g, moves);
      if (typeof g.k === 'string') {
        const takes = JSON.parse(g.k)
          .join(', ')
          .replace(/, (\d+)$/, ' or $1');
        check.ok(
          (await page.$eval('#rules-line', (e) => e.textContent)).includes(`takes ${takes} coins`),
          `${g.name}: the rules line names the takes ${takes}`,
        );
      }
      /* the review shown: the native coins_review, with who moved */
      const review = native([{ sql: analysis.REVIEW_SQL, params: { ...v, m: record } }])[0];
      const table = shown(review);
      table.columns = ['by'].concat(table.columns);
      table.rows = table.rows.map((row) => [row[1] === String(g.as) ? 'you' : 'coins'].concat(row));
      check.same(await tableText(page, '#review-table table'), table, `${g.name}: the review`);
      await analysis.review(page, check, g, v, record);
      if (g.name === 'III as first') {
        const section = await page.$('#game');
        await section.screenshot({ path: path.join(shots, 'board.png') });
        await page.screenshot({ path: path.join(shots, 'page.png'), fullPage: true });
      }
      /* the finished game's URL shows the same game and review again */
      const url = page.url();
      await page.goto('about:blank');
      await page.goto(url);
      await page.waitForFunction(() => document.body.dataset.play === 'over', { timeout: 20000 });
      check.same(
        await tableText(page, '#review-table table'),
        table,
        `${g.name}: the review from its URL`,
      );
    }

    await analysis.puzzles(page, base, check, open, goHash);
    await (await page.$('#puzzles')).screenshot({ path: path.join(shots, 'puzzle.png') });
    const figures = {};
    await urlFields(page, base, check);
    await deadline(page, base, check, figures);
    await narrow(page, base, check);
    await page.setViewport({ width: 1100, height: 900 });
    console.log(
      `(the deadline: a 2 s deadline stopped the long call after ${figures.stopped} ms; ` +
        `the page answered within ${figures.slowest} ms while it ran)`,
    );

    /* 4. opened as a file */
    await page.goto('file://' + path.join(webDir, 'index.html'));
    await page.waitForFunction(() => document.body.dataset.ready, { timeout: 20000 });
    check.ok(
      await page.$eval('#file-warning', (e) => !e.hidden && e.textContent.includes('http.server')),
      'file:// says to serve the folder',
    );

    /* 5. the embedding example of the docs */
    await page.goto(base + 'embed-example.html');
    await page.waitForFunction(() => document.getElementById('out').textContent, {
      timeout: 20000,
    });
    check.same(
      await page.$eval('#out', (e) => e.textContent),
      'outcome|margin\nfirst|11',
      'the embedding example of docs/browser.md',
    );
    check.same(await page.$$eval('body > svg > g', (gs) => gs.length), 4, 'its picture');
  } finally {
    await browser.close();
    server.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  /* 6. nothing went wrong in the page */
  check.same(problems, [], 'errors in the page');
  const where = path.relative(root, shots);
  console.log(`(the browser part took ${Date.now() - started} ms; screenshots in ${where}/)`);
  process.exit(check.done() ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
