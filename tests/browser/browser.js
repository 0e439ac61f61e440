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
 *      choices, good and bad), one per variant, as first and as second:
 *      every reply of coins is the native coins_best_move of the position,
 *      and the review table shown at the end is the native coins_review;
 *      reloading the URL of the finished game shows the same review;
 *   4. the page opened as file:// says why it cannot run there;
 *   5. the embedding example of docs/browser.md (its ```html block,
 *      served as /embed-example.html) shows what the docs say;
 *   6. no error in the page's console.
 * Screenshots go to COINS_SHOTS (build/web-test/): board.png (the game
 * board after a game; make web-screenshot copies it to docs/) and
 * page.png (the whole page).
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
const { root, native, typed, rng, checker } = require('./common.js');

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

/* The text of every cell of the first result table of box. */
function tableText(page, selector) {
  return page.$eval(selector, (table) => ({
    columns: [...table.querySelectorAll('thead th')].map((th) => th.textContent),
    rows: [...table.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.children].map((td) => td.textContent),
    ),
  }));
}

/* A native result with its cells as the page shows them. */
function shown(result) {
  const text = (t) => (t === 'null' ? 'NULL' : t.replace(/^(int|text):/, ''));
  return { columns: result.columns, rows: result.rows.map((r) => r.map(text)) };
}

async function open(page, base, hash) {
  await page.goto('about:blank');
  await page.goto(base + hash);
  await page.waitForFunction(() => document.body.dataset.ready, { timeout: 20000 });
  return page.evaluate(() => document.body.dataset.ready);
}

/* Plays a whole game on the page by clicking; returns the record. */
async function playGame(page, check, g, seed) {
  const r = rng(seed);
  await page.click(g.as === 1 ? '#play-first' : '#play-second');
  for (let guard = 0; guard < 500; guard++) {
    await page.waitForFunction(() => ['your-move', 'over'].includes(document.body.dataset.play), {
      timeout: 10000,
    });
    if ((await page.evaluate(() => document.body.dataset.play)) === 'over') break;
    /* a coin or a move button, chosen by the seed */
    const coins = await page.$$('#board button.coin:enabled');
    const moves = await page.$$('#moves button.move');
    check.ok(coins.length > 0 && moves.length > 0, `${g.name}: no move to click`);
    const target = r.below(3) === 0 ? r.pick(moves) : r.pick(coins);
    const before = await page.evaluate(() =>
      new URLSearchParams(location.hash.slice(1)).get('moves'),
    );
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
    ];
    let seed = 11;
    for (const g of games) {
      const v = { v: g.variant, c: g.variant === 'I' ? Number(g.coins) : g.coins, k: g.k };
      const hash =
        '#' + new URLSearchParams({ coins: g.coins, variant: g.variant, max_take: String(g.k) });
      await open(page, base, hash);
      const [outcome, margin] = native([
        {
          sql:
            "SELECT coins_outcome(:v, :c, :k), CASE WHEN :v <> 'I' " +
            'THEN coins_margin(:v, :c, :k) END',
          params: v,
        },
      ])[0].rows[0];
      check.same(
        await page.$eval('#outcome', (e) => [e.dataset.outcome, e.dataset.margin]),
        [outcome.slice(5), margin === 'null' ? '' : margin.slice(4)],
        `${g.name}: who wins`,
      );
      const n = g.variant === 'I' ? Number(g.coins) : JSON.parse(g.coins).length;
      check.same(
        await page.$$eval('#line-picture svg > g', (gs) => gs.length),
        n,
        `${g.name}: the picture`,
      );

      const record = await playGame(page, check, g, seed++);
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
      check.ok(
        replies.length > 0 && moves.length >= n / g.k,
        `${g.name}: a whole game (${record})`,
      );
      /* the review shown: the native coins_review, with who moved */
      const review = native([
        {
          sql:
            'SELECT ply, player, move, best, loss, verdict ' + 'FROM coins_review(:v, :c, :m, :k)',
          params: { ...v, m: record },
        },
      ])[0];
      const table = shown(review);
      table.columns = ['by'].concat(table.columns);
      table.rows = table.rows.map((row) => [row[1] === String(g.as) ? 'you' : 'coins'].concat(row));
      check.same(await tableText(page, '#review-table table'), table, `${g.name}: the review`);
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
