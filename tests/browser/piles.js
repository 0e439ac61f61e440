/*
 * tests/browser/piles.js -- the pile board (variants I-sum and
 * I-sum-misere, played on piles, a move 'p:t') checked against plain
 * Sprague-Grundy arithmetic and, under misère play (g.misere), a plain
 * game search, which know nothing of coins (browser.js runs these in each
 * pile game):
 *
 *   start   who wins is the nim-sum's say (the XOR of the piles' Grundy
 *           values, each the mex of the values its takes lead to), or the
 *           misère search's, the board has a row per pile with its coins,
 *           and the optimal line written out is the native coins_moves;
 *   played  every move of the record names a pile and takes what the
 *           rules allow from it; every reply of coins from a won position
 *           leaves a lost one (normal play: a nim-sum of 0); at the end no
 *           take fits any pile, whoever moved last won (under misère play
 *           lost), and the page's record line is the record.
 */
'use strict';
const { native } = require('./common.js');

/* The takes of max_take k (an integer, or a set's JSON text). */
function takesOf(k) {
  return typeof k === 'string' ? JSON.parse(k) : Array.from({ length: k }, (_, i) => i + 1);
}

/* The Grundy values of piles of 0 .. most coins, a plain table. */
function grundyTable(most, k) {
  const g = [];
  for (let n = 0; n <= most; n++) {
    const seen = new Set(
      takesOf(k)
        .filter((t) => t <= n)
        .map((t) => g[n - t]),
    );
    let m = 0;
    while (seen.has(m)) m++;
    g.push(m);
  }
  return g;
}

/* The XOR of the piles' Grundy values: 0 exactly when the mover loses. */
function nimSum(piles, k) {
  const g = grundyTable(Math.max(0, ...piles), k);
  return piles.reduce((x, n) => x ^ g[n], 0);
}

/* Under misère play, whether the player to move wins the piles (sorted):
 * one who cannot move wins, else one with a move to a lost position. */
function misereWins(piles, takes, memo) {
  const key = piles.join(',');
  if (memo.has(key)) return memo.get(key);
  let any = false;
  let win = false;
  piles.forEach((n, i) => {
    for (const t of takes.filter((s) => s <= n)) {
      any = true;
      const next = piles.slice();
      next[i] -= t;
      if (
        !win &&
        !misereWins(
          next.sort((a, b) => a - b),
          takes,
          memo,
        )
      )
        win = true;
    }
  });
  memo.set(key, any ? win : true);
  return memo.get(key);
}

/* Whether the player to move wins: a nim-sum not 0, or the misère search. */
function moverWins(piles, g) {
  if (!g.misere) return nimSum(piles, g.k) !== 0;
  return misereWins(
    piles.slice().sort((a, b) => a - b),
    takesOf(g.k),
    new Map(),
  );
}

/* The game at the start: g (name, coins: the piles, k, misere), v (the
 * params of the native queries). */
async function start(page, check, g, v) {
  const piles = JSON.parse(g.coins);
  const wins = moverWins(piles, g) ? 'first' : 'second';
  check.same(
    await page.$eval('#outcome', (e) => e.dataset.outcome),
    wins,
    `${g.name}: who wins, by the ${g.misere ? 'misère search' : 'nim-sum'} of ${g.coins}`,
  );
  check.same(
    await page.$$eval('#board .pile', (ps) => ps.map((p) => p.querySelectorAll('.coin').length)),
    piles,
    `${g.name}: a row of coins per pile`,
  );
  const [line] = native([
    { sql: 'SELECT move FROM coins_moves(:v, :c, :k) ORDER BY ply', params: v },
  ]);
  check.same(
    await page.$eval('#line-picture .line', (e) => e.dataset.line),
    line.rows.map((r) => r[0].replace(/^text:/, '')).join(' '),
    `${g.name}: the optimal line, as coins_moves`,
  );
}

/* The game played to its end: moves, its record (as: the human's side). */
async function played(page, check, g, moves) {
  const left = JSON.parse(g.coins);
  const takes = takesOf(g.k);
  moves.forEach((m, t) => {
    const [, p, take] = /^(\d+):(\d+)$/.exec(m) || [];
    const what = `${g.name}: move ${t + 1}, '${m}'`;
    const legal = p >= 1 && p <= left.length && takes.includes(Number(take));
    if (!check.ok(legal && Number(take) <= left[p - 1], `${what} names a pile and a legal take`)) {
      return;
    }
    if (t % 2 !== g.as - 1 && moverWins(left, g)) {
      const rest = left.slice();
      rest[p - 1] -= Number(take);
      check.ok(!moverWins(rest, g), `${what}: coins leaves a lost position`);
    }
    left[p - 1] -= Number(take);
  });
  check.ok(
    left.every((n) => !takes.some((t) => t <= n)),
    `${g.name}: no take fits any pile at the end (${left})`,
  );
  const last = moves.length % 2 === 1 ? 1 : 2;
  const winner = g.misere ? 3 - last : last;
  const status = await page.$eval('#play-status', (e) => e.textContent);
  check.ok(
    status.endsWith(winner === g.as ? 'You won.' : 'coins won.'),
    `${g.name}: whoever moved last ${g.misere ? 'lost' : 'won'}: ${status}`,
  );
  check.same(
    await page.$eval('#game-picture .line', (e) => e.dataset.record),
    moves.join(' '),
    `${g.name}: the record written out`,
  );
}

module.exports = { start, played };
