/*
 * tests/browser/analysis.js -- the playground's analysis, checked in the
 * browser against the native build (browser.js runs these):
 *
 *   hint        during a game, the Hint button lists the native
 *               coins_options of the position, with the mover's lead,
 *               and plays nothing;
 *   review      at the end of a game, the scorecard is the native
 *               coins_scorecard (on piles, which it does not score, the
 *               summary counts the native review's grades), and the
 *               evaluation graph's points (data-ply, data-eval of each
 *               circle, the polyline through them) are the native
 *               coins_review's eval per ply, ply 0
 *               the start's coins_margin (no values: coins_outcome), drawn
 *               on straight scales;
 *   puzzles     puzzles of the bundled archive come from build/games.db as
 *               the report says (the position after a mistake or blunder,
 *               only_move, the answer coins_review's best), the native
 *               coins_options has that one move keeping the win; a wrong
 *               move clicked is refused, the answer clicked solves it and
 *               the line shown is the native coins_moves after it; Next,
 *               Show the answer, and a puzzle number the URL refuses.
 */
'use strict';
const path = require('node:path');
const { root, native, rulesOf, hasValues, tableText, shown } = require('./common.js');

/* The review's and the scorecard's columns, as the page (web/app.js) asks. */
const REVIEW_SQL =
  "SELECT ply, player, move, best, loss, verdict, grade, printf('%.1f', accuracy) AS accuracy, " +
  'eval FROM coins_review(:v, :c, :m, :k)';
const SCORECARD_SQL =
  'SELECT player, moves, best, inaccuracies, mistakes, blunders, loss, ' +
  "printf('%.1f', accuracy) AS accuracy, total, result, expected " +
  'FROM coins_scorecard(:v, :c, :m, :k)';

const gamesDb = path.resolve(root, process.env.COINS_GAMES_DB || 'build/games.db');

/* A native value ('int:3', 'text:L', 'null') as the page writes it. */
const bare = (t) => (t === 'null' ? null : t.replace(/^(int|text):/, ''));

/* The record so far, as the page keeps it in the URL. */
const urlMoves = (page) =>
  page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('moves') || '');

/* The Hint button on the page's game (g: variant, k, as; v: the params of
 * the native queries): the options listed are the native ones. */
async function hint(page, check, g, v) {
  const record = await urlMoves(page);
  const hints = await page.evaluate(() => document.body.dataset.hints || '0');
  await page.click('#hint');
  await page.waitForFunction((n) => (document.body.dataset.hints || '0') !== n, {}, hints);
  const p = { ...v, m: record };
  const [totals] = native([
    {
      sql: 'SELECT first_total, second_total FROM coins_review(:v, :c, :m, :k) ORDER BY ply DESC',
      params: p,
    },
  ]);
  const last = totals.rows[0];
  let lead = 0;
  if (last && hasValues(g.variant)) {
    const diff = Number(bare(last[0])) - Number(bare(last[1]));
    lead = g.as === 1 ? diff : -diff;
  }
  const columns = hasValues(g.variant) ? 'gain, margin, ' : '';
  const [want] = native([
    {
      sql:
        `SELECT move, ${columns}loss, rank, result, best ` +
        'FROM coins_options(:v, coins_after(:v, :c, :m, :k), :k, :lead)',
      params: { ...p, lead },
    },
  ]);
  const what = `${g.name}: the hint at '${record}'`;
  check.ok(want.rows.length > 0, `${what}: moves to list`);
  check.same(await tableText(page, '#hint-table table'), shown(want), what);
  check.same(await urlMoves(page), record, `${what}: nothing played`);
}

/* The scorecard and the evaluation graph of the page's finished game. */
async function review(page, check, g, v, record) {
  const p = { ...v, m: record };
  const [evals, start, card] = native([
    { sql: 'SELECT eval, grade FROM coins_review(:v, :c, :m, :k) ORDER BY ply', params: p },
    {
      sql: hasValues(g.variant)
        ? 'SELECT coins_margin(:v, :c, :k)'
        : 'SELECT coins_outcome(:v, :c, :k)',
      params: v,
    },
    {
      sql:
        rulesOf(g.variant).notation === 'pile'
          ? 'SELECT grade, loss FROM coins_review(:v, :c, :m, :k) WHERE player = :as'
          : SCORECARD_SQL,
      params: { ...p, as: g.as },
    },
  ]);
  if (rulesOf(g.variant).notation === 'pile') {
    const grades = card.rows.map((r) => bare(r[0]));
    const n = (x) => grades.filter((y) => y === x).length;
    const loss = card.rows.reduce((sum, r) => sum + Number(bare(r[1])), 0);
    const summary = await page.$eval('#review-summary', (e) => e.textContent);
    const plural = (k, one, many) => `${k} ${k === 1 ? one : many}`;
    check.same(
      summary,
      `Your ${plural(grades.length, 'move', 'moves')}: ${n('best')} best, ` +
        `${plural(n('inaccuracy'), 'inaccuracy', 'inaccuracies')}, ` +
        `${plural(n('mistake'), 'mistake', 'mistakes')}, ` +
        `${plural(n('blunder'), 'blunder', 'blunders')}; wins given away: ${loss}; ` +
        'accuracy - of 100.',
      `${g.name}: the summary counts the review`,
    );
  } else {
    const table = shown(card);
    table.columns = ['by'].concat(table.columns);
    table.rows = table.rows.map((row) => [row[0] === String(g.as) ? 'you' : 'coins'].concat(row));
    check.same(await tableText(page, '#scorecard table'), table, `${g.name}: the scorecard`);
  }

  const graph = await page.$eval('#eval-graph svg', (svg) => ({
    circles: [...svg.querySelectorAll('circle')].map((c) => ({
      ply: c.getAttribute('data-ply'),
      eval: c.getAttribute('data-eval'),
      x: Number(c.getAttribute('cx')),
      y: Number(c.getAttribute('cy')),
      grade: c.getAttribute('class'),
    })),
    line: svg.querySelector('polyline.eval').getAttribute('points').trim().split(/\s+/),
  }));
  const want = [bare(start.rows[0][0])].concat(evals.rows.map((r) => bare(r[0])));
  const c = graph.circles;
  check.same(
    c.map((q) => [q.ply, q.eval]),
    want.map((e, ply) => [String(ply), e]),
    `${g.name}: the graph's points are the native eval per ply`,
  );
  check.same(
    graph.line,
    c.map((q) => `${q.x},${q.y}`),
    `${g.name}: the graph's line goes through its points`,
  );
  /* straight scales: x by ply in equal steps, y falling as eval rises */
  const num = (e) => (e === 'first' ? 1 : e === 'second' ? -1 : Number(e));
  const step = (c[c.length - 1].x - c[0].x) / (c.length - 1);
  check.ok(
    step > 0 && c.every((q, i) => Math.abs(q.x - (c[0].x + i * step)) < 0.11),
    `${g.name}: the graph's x is the ply`,
  );
  /* the slope between the lowest and the highest point; every point on it */
  const low = c.reduce((m, q) => (num(q.eval) < num(m.eval) ? q : m));
  const high = c.reduce((m, q) => (num(q.eval) > num(m.eval) ? q : m));
  const span = num(high.eval) - num(low.eval);
  const slope = span ? (high.y - low.y) / span : 0;
  check.ok(
    (!span || slope < 0) &&
      c.every((q) => Math.abs(q.y - (low.y + slope * (num(q.eval) - num(low.eval)))) < 0.11),
    `${g.name}: the graph's y is the eval, higher up for the first player`,
  );
  const grades = evals.rows.map((r) => bare(r[1]));
  check.same(
    c.slice(1).map((q) => q.grade.split(' ').filter((x) => grades.includes(x))),
    grades.map((gr) => [gr]),
    `${g.name}: each move's point has its grade (the moves not best are ringed)`,
  );
}

/* Clicks a move of the puzzle on the page: a move button, or its coin. */
async function clickPuzzle(page, p, n, move, how) {
  if (how === 'button') {
    await page.click(`#puzzle-moves button.move[data-move="${move}"]`);
    return;
  }
  const i = move === 'L' ? 0 : move === 'R' ? n - 1 : Number(move) - 1;
  await page.click(`#puzzle-board button.coin[data-index="${i}"]`);
}

function puzzleState(page, state) {
  return page.waitForFunction(
    (s) => document.getElementById('puzzles').dataset.puzzle === s,
    {
      timeout: 10000,
    },
    state,
  );
}

async function puzzles(page, base, check, open, goHash) {
  check.same(await open(page, base, '#puzzle=1'), 'yes', 'the page with a puzzle loads');
  const archive = await page.evaluate(() => window.COINS_PUZZLES);
  check.ok(archive.length > 100, `${archive.length} puzzles in the archive`);
  check.same(
    await page.$eval('#puzzle-count', (e) => e.textContent),
    String(archive.length),
    'the page counts them',
  );
  /* the first, the first of variant III, the last */
  const picks = [0, archive.findIndex((p) => p.variant === 'III'), archive.length - 1];
  const origin =
    'WITH r AS (SELECT r.ply, r.position, r.lead, r.best, r.only_move, r."before", ' +
    'lag(r.grade) OVER (ORDER BY r.ply) AS previous, g.variant, g.max_take ' +
    'FROM src.games g, coins_review(g.variant, g.coins, g.moves, g.max_take) r ' +
    'WHERE g.id = :game) ' +
    'SELECT variant, max_take, position, lead, best, only_move, "before", previous ' +
    'FROM r WHERE ply = :ply';
  const setup = `ATTACH '${gamesDb.replace(/'/g, "''")}' AS src`;
  const origins = native(
    picks.map((i) => ({ sql: origin, params: { game: archive[i].game, ply: archive[i].ply } })),
    setup,
  );
  for (const [t, i] of picks.entries()) {
    const p = archive[i];
    const n = i + 1;
    const what = `puzzle ${n} (game ${p.game}, ply ${p.ply})`;
    const row = (origins[t].rows[0] || []).map(bare);
    check.same(
      row.slice(0, 7),
      [p.variant, String(p.max_take), p.position, String(p.lead), String(p.answer), '1', 'win'],
      `${what}: from games.db as the report mines it`,
    );
    check.ok(['mistake', 'blunder'].includes(row[7]), `${what}: after a ${row[7]}`);
    const q = { v: p.variant, c: p.position, k: p.max_take, lead: p.lead };
    const record = p.variant === 'III' ? p.answer : JSON.stringify([p.answer]);
    const [keep, wrong, line] = native([
      { sql: "SELECT move FROM coins_options(:v, :c, :k, :lead) WHERE result = 'win'", params: q },
      {
        sql: "SELECT move, result FROM coins_options(:v, :c, :k, :lead) WHERE result <> 'win'",
        params: q,
      },
      {
        sql:
          "SELECT coalesce(group_concat(move, ' '), '') FROM (SELECT move FROM " +
          'coins_moves(:v, coins_after(:v, :c, :m, :k), :k) ORDER BY ply)',
        params: { ...q, m: record },
      },
    ]);
    check.same(
      keep.rows.map((r) => bare(r[0])),
      [String(p.answer)],
      `${what}: one move keeps it`,
    );

    if (n !== 1) await goHash(page, `#puzzle=${n}`);
    await puzzleState(page, 'unsolved');
    const count = JSON.parse(p.position).length;
    check.same(
      await page.$$eval('#puzzle-board button.coin', (bs) => bs.map((b) => b.textContent)),
      JSON.parse(p.position).map(String),
      `${what}: its coins on the board`,
    );
    /* a wrong move, clicked: refused, with what it comes to */
    const [bad, result] = wrong.rows[0].map(bare);
    await clickPuzzle(page, p, count, bad, t === 1 ? 'coin' : 'button');
    await puzzleState(page, 'wrong');
    const said = await page.$eval('#puzzle-status', (e) => e.textContent);
    check.ok(
      said.startsWith(`${bad} ${result === 'draw' ? 'only draws' : 'loses'}: `),
      `${what}: the wrong move ${bad} refused: ${said}`,
    );
    /* the answer, clicked on its coin: solved, and the line after it */
    await clickPuzzle(page, p, count, String(p.answer), 'coin');
    await puzzleState(page, 'solved');
    await page.waitForFunction(() => !document.getElementById('puzzle-solution').hidden);
    check.same(
      await page.$eval('#puzzle-line', (e) => e.dataset.line),
      bare(line.rows[0][0]),
      `${what}: the line after the answer is the native coins_moves`,
    );
    check.ok(
      await page.$$eval('#puzzle-board button.coin', (bs) =>
        bs.every((b) => b.disabled && /\bp[12]\b/.test(b.className)),
      ),
      `${what}: the board shows who takes every coin`,
    );
    check.same(
      await page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('puzzle')),
      String(n),
      `${what}: the URL names it`,
    );
  }

  /* a puzzle number the URL refuses */
  for (const bad of ['0', 'x', String(archive.length + 1)]) {
    await goHash(page, `#puzzle=${bad}`);
    check.same(
      await page.$eval('#puzzle-error', (e) => (e.hidden ? '' : e.textContent)),
      `Error: URL field puzzle: expected a number from 1 to ${archive.length}, got '${bad}'`,
      `the URL #puzzle=${bad}`,
    );
  }

  /* Next, and Show the answer */
  await goHash(page, '#puzzle=1');
  await page.click('#puzzle-next');
  await page.waitForFunction(() => document.getElementById('puzzle-n').value === '2');
  await puzzleState(page, 'unsolved');
  await page.click('#puzzle-show');
  await puzzleState(page, 'shown');
  check.same(
    await page.$eval('#puzzle-status', (e) => e.textContent),
    `The answer: ${archive[1].answer}, the only move that keeps the win.`,
    'Show the answer',
  );
}

module.exports = { REVIEW_SQL, hint, review, puzzles };
