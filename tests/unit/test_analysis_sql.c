/*
** test_analysis_sql.c -- the analysis functions through SQL:
** coins_options, coins_review's analysis columns (position, lead, eval,
** only_move, grade, accuracy), coins_scorecard, coins_variant and
** coins_count.  Exact values, NULLs, exact errors, function flags, and
** the columns held against the other functions on 600 games dealt and
** played in SQL:
**   position   coins_after of the moves before the row
**   eval       the totals plus coins_margin of the position after the move
**   loss, after, only_move
**              the played move's row of coins_options(position, lead)
**              and the count of its rows that keep the result
**   scorecard  the review's rows grouped by player
** (The core's values are held against the plain references in
** test_analysis.c.)
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "test_sqlutil.h"

static void test_options_values(void **state) {
  sqlite3 *db = *state;
  check_text(db, "L:1:L:8:-3:14:2:loss:0 R:1:R:7:11:0:1:win:1",
             "SELECT group_concat(move||':'||take||':'||side||':'||gain||':'||margin||':'||loss||"
             "':'||rank||':'||result||':'||best, ' ') FROM coins_options(3, '[8,15,3,7]')");
  /* Stone Game III's example: take 3 first; the lead counts in the result */
  check_text(db, "1:-9:20:3:loss 2:-5:16:2:loss 3:11:0:1:win",
             "SELECT group_concat(take||':'||margin||':'||loss||':'||rank||':'||result, ' ') "
             "FROM coins_options(2, '[1,2,3,-9,4]', 3)");
  check_text(db, "1:draw 2:win 3:win",
             "SELECT group_concat(take||':'||result, ' ') FROM coins_options(2, '[1,2,3,-9,4]', "
             "3, 9)");
  /* equal margins share a rank */
  check_text(db, "1:1:1 2:1:1",
             "SELECT group_concat(rowid||':'||rank||':'||best, ' ') FROM "
             "coins_options(3, '[3,1,3]')");
  /* variant I: no values; the one winning move */
  check_text(db, "1:loss:1:2 2:win:0:1 3:loss:1:2",
             "SELECT group_concat(move||':'||result||':'||loss||':'||rank, ' ') FROM "
             "coins_options(1, 6, 3) WHERE typeof(margin) = 'null' AND typeof(gain) = 'null'");
  check_text(db, "L:L", "SELECT group_concat(move||':'||side) FROM coins_options(3, '[5]')");
  check_text(db, "0", "SELECT count(*) FROM coins_options(2, '[]')");
  check_text(db, "3",
             "SELECT max(take) FROM (SELECT take FROM coins_options(1, "
             "1000000000000000000, 100000000000000000) LIMIT 3)");
  /* move is no ply: filters and ORDER BY on it are SQLite's */
  check_text(db, "R", "SELECT move FROM coins_options(3, '[8,15,3,7]') WHERE move = 'R'");
  check_text(db, "3 2 1",
             "SELECT group_concat(take, ' ') FROM (SELECT take FROM coins_options(2, '[1,2,3,4]', "
             "3) ORDER BY move DESC)");
  check_text(db, "2", "SELECT take FROM coins_options(2, '[1,2,3,4]', 3) WHERE rowid = 2");
}

static void test_options_bad(void **state) {
  sqlite3 *db = *state;
  check_text(db, "0", "SELECT count(*) FROM coins_options(3, '[1,2]', 1, NULL)");
  check_text(db, "0", "SELECT count(*) FROM coins_options(NULL, '[1,2]')");
  check_text(db, "0", "SELECT count(*) FROM coins_options(2, '[1,2]', NULL)");
  check_error(db, SQLITE_ERROR,
              "coins_options: lead must be an integer (the mover's total minus the other "
              "player's so far), e.g. 0; got 'x'",
              "SELECT * FROM coins_options(3, '[1,2]', 1, 'x')");
  check_error(db, SQLITE_ERROR,
              "coins_options: unknown variant 7; expected 1, 2, 3, 4, 5, 6, 'I', 'II', 'III', "
              "'I-misere', 'I-sum' or 'I-sum-misere'",
              "SELECT * FROM coins_options(7, '[1,2]')");
  check_error(db, SQLITE_ERROR, "coins_options: a loss exceeds 2^63-1",
              "SELECT * FROM coins_options(3, '[-4611686018427387903,4611686018427387904]')");
  check_text(db, "win win",
             "SELECT group_concat(result, ' ') FROM coins_options(3, '[1,2]', 1, "
             "9223372036854775807)");
  check_text(db, "loss loss",
             "SELECT group_concat(result, ' ') FROM coins_options(3, '[1,2]', 1, "
             "-9223372036854775808)");
}

static void test_review_columns(void **state) {
  sqlite3 *db = *state;
  check_text(db,
             "[8,15,3,7]:0:-3:1:blunder [15,3,7]:-8:13:1:blunder [15,3]:1:13:1:best "
             "[3]:-16:13::best",
             "SELECT group_concat(position||':'||lead||':'||eval||':'||ifnull(only_move,'')||':'||"
             "grade, ' ') FROM coins_review(3, '[8,15,3,7]', 'LRLR')");
  /* 18 of 2 x 19 at stake given away, then 12 of 2 x 10 (both mistakes), then 2 of 2 x 6 */
  check_text(db, "blunder:33.1 best:100.0 mistake:10.0 mistake:4.4 mistake:46.8",
             "SELECT group_concat(grade||':'||round(accuracy, 1), ' ') FROM coins_review(2, "
             "'[1,2,3,-9,4,5,1]', '[1,2,1,1,1]', 3)");
  check_text(db, "10:second:1:blunder:0.0 9:first:1:blunder:0.0",
             "SELECT group_concat(position||':'||eval||':'||only_move||':'||grade||':'||"
             "round(accuracy, 1), ' ') FROM coins_review(1, 10, '[1,2]', 3) WHERE lead IS NULL");
  /* scale-free: every coin times 10 changes no grade nor accuracy */
  check_text(db, "0",
             "SELECT count(*) FROM coins_review(2, '[3,-1,4,1,-5,9,2,6]', '[1,2,1,1,2,1]', 3) a "
             "JOIN coins_review(2, '[30,-10,40,10,-50,90,20,60]', '[1,2,1,1,2,1]', 3) b "
             "USING (ply) WHERE a.grade <> b.grade OR abs(a.accuracy - b.accuracy) > 1e-9");
  /* verdict is as before */
  check_text(db, "blunder blunder best best",
             "SELECT group_concat(verdict, ' ') FROM coins_review(3, '[8,15,3,7]', 'LRLR')");
}

static void test_scorecard_values(void **state) {
  sqlite3 *db = *state;
  check_text(db, "1:2:1:0:0:1:14:23:win:win 2:2:1:0:0:1:16:10:loss:loss",
             "SELECT group_concat(player||':'||moves||':'||best||':'||inaccuracies||':'||mistakes"
             "||':'||blunders||':'||loss||':'||total||':'||result||':'||expected, ' ') FROM "
             "coins_scorecard(3, '[8,15,3,7]', 'LRLR')");
  check_text(db, "1:unfinished:win:100.0 2:unfinished:loss:",
             "SELECT group_concat(player||':'||result||':'||expected||':'||"
             "ifnull(round(accuracy, 1), ''), ' ') FROM coins_scorecard(3, '[8,15,3,7]', 'R')");
  check_text(db, "1:loss:win 2:win:loss",
             "SELECT group_concat(player||':'||result||':'||expected, ' ') FROM "
             "coins_scorecard(1, 10, '[1,2,1,2,2,2]', 3) WHERE total IS NULL");
  check_text(db, "0", "SELECT count(*) FROM coins_scorecard(3, '[1,2]', NULL)");
  check_error(db, SQLITE_ERROR, "coins_scorecard: ply 2: R, but no coins are left",
              "SELECT * FROM coins_scorecard(3, '[1]', 'LR')");
  check_error(db, SQLITE_ERROR,
              "coins_scorecard: missing argument: the first 3 arguments are required (an "
              "argument that refers to a later table in a join can be the cause)",
              "SELECT * FROM coins_scorecard(3, '[1]')");
}

static void test_helpers(void **state) {
  sqlite3 *db = *state;
  check_text(db, "I II III III I",
             "SELECT coins_variant(1)||' '||coins_variant('ii')||' '||"
             "coins_variant(' III ')||' '||coins_variant(3.0)||' '||"
             "coins_variant('1')");
  check_text(db, "null", "SELECT typeof(coins_variant(NULL))");
  check_error(db, SQLITE_ERROR,
              "coins_variant: unknown variant 'IV'; expected 1, 2, 3, 4, 5, 6, 'I', 'II', 'III', "
              "'I-misere', 'I-sum' or 'I-sum-misere'",
              "SELECT coins_variant('IV')");
  check_text(db, "4 7 0 3",
             "SELECT coins_count(3, '[1,2,3,4]')||' '||coins_count(1, 7)||' '||"
             "coins_count(2, '[]')||' '||coins_count('I', '[0,0,0]')");
  /* JSONB, read by coins itself (SQLite 3.40 has no jsonb()): [1,2] */
  check_text(db, "2", "SELECT coins_count(2, X'4B13311332')");
  check_text(db, "null", "SELECT typeof(coins_count(NULL, '[1]'))");
  check_text(db, "null", "SELECT typeof(coins_count(2, NULL))");
  check_error(db, SQLITE_ERROR,
              "coins_count: coins must be a JSON array for variant II, got the count 5; a count "
              "of coins is allowed for variants I and I-misere only",
              "SELECT coins_count(2, 5)");
  /* deterministic and innocuous */
  check_text(db, "1:1,2:1",
             "SELECT group_concat(narg || ':' || ((flags & 0x200800) = 0x200800)) FROM "
             "(SELECT narg, flags FROM pragma_function_list WHERE name IN ('coins_variant', "
             "'coins_count') ORDER BY narg)");
}

/* 600 games dealt and played in SQL, careless players. */
static void make_games(sqlite3 *db) {
  exec(db,
       "CREATE TABLE g AS WITH RECURSIVE i(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM i "
       "WHERE i < 600) SELECT i, 1 + i % 3 AS variant, CASE i % 3 WHEN 0 THEN 2 + i % 4 "
       "WHEN 1 THEN 1 + i % 5 ELSE 1 END AS k, coins_deal(i, 1 + i % 16, -9, 20) AS coins "
       "FROM i;"
       "ALTER TABLE g ADD moves;"
       "UPDATE g SET moves = (SELECT json_group_array(move) FROM (SELECT move FROM "
       "coins_play(variant, coins, 'careless:40:' || i, 'careless:25:' || (i + 7), k) "
       "WHERE ply <= CASE WHEN i % 7 = 0 THEN 3 ELSE 99 END));"
       "CREATE TABLE r AS SELECT g.i, g.variant, g.k, g.coins, g.moves, r.* FROM g, "
       "coins_review(g.variant, g.coins, g.moves, g.k) r;");
}

static void test_columns_against_functions(void **state) {
  sqlite3 *db = *state;
  make_games(db);
  assert_true(query_int(db, "SELECT count(*) FROM r") > 3000);
  /* the position before each move is what coins_after says */
  check_text(db, "0",
             "SELECT count(*) FROM r WHERE position IS NOT coins_after(variant, coins, "
             "(SELECT json_group_array(value) FROM json_each(moves) WHERE key < ply - 1), k)");
  /* eval: the totals, then the margin of the position after the move */
  check_text(db, "0",
             "SELECT count(*) FROM r WHERE variant > 1 AND eval IS NOT first_total - second_total "
             "+ (CASE ply %% 2 WHEN 0 THEN 1 ELSE -1 END) * coins_margin(variant, "
             "coins_after(variant, coins, (SELECT json_group_array(value) FROM json_each(moves) "
             "WHERE key < ply), k), k)");
  check_text(db, "0",
             "SELECT count(*) FROM r WHERE variant = 1 AND eval IS NOT CASE WHEN "
             "coins_win(1, position - take, k) = ply %% 2 THEN 'second' ELSE 'first' END");
  /* lead: the mover's total before the move minus the other's */
  check_text(db, "0",
             "SELECT count(*) FROM r WHERE variant > 1 AND lead IS NOT CASE player WHEN 1 THEN "
             "first_total - gain - second_total ELSE second_total - gain - first_total END");
  /* the move's own row of coins_options: the same loss and result */
  check_text(db, "0",
             "SELECT count(*) FROM r, coins_options(r.variant, r.position, r.k, "
             "ifnull(r.lead, 0)) o WHERE o.move = r.move AND (o.loss <> r.loss OR o.result <> "
             "r.\"after\" OR o.best <> (r.grade = 'best'))");
  /* only_move: one option keeps the result before the move */
  check_text(db, "0",
             "SELECT count(*) FROM r WHERE only_move IS NOT (SELECT CASE WHEN count(*) < 2 THEN "
             "NULL ELSE sum(o.result = r.\"before\") = 1 END FROM coins_options(r.variant, "
             "r.position, r.k, ifnull(r.lead, 0)) o)");
  assert_true(query_int(db, "SELECT count(*) FROM r WHERE only_move = 1") > 100);
  /* the scorecards are the rows grouped by player */
  exec(db,
       "CREATE TABLE c AS SELECT g.i, s.* FROM g, coins_scorecard(g.variant, g.coins, g.moves, "
       "g.k) s");
  check_text(db, "0",
             "SELECT count(*) FROM c LEFT JOIN (SELECT i, player, count(*) AS moves, "
             "sum(grade = 'best') AS best, sum(grade = 'inaccuracy') AS inacc, "
             "sum(grade = 'mistake') AS mist, sum(grade = 'blunder') AS blund, sum(loss) AS loss, "
             "(avg(accuracy) + count(*) / sum(1 / max(accuracy, 1))) / 2 AS accuracy FROM r "
             "GROUP BY i, player) w USING (i, player) "
             "WHERE c.moves <> ifnull(w.moves, 0) OR c.moves > 0 AND (c.best <> w.best OR "
             "c.inaccuracies <> w.inacc OR c.mistakes <> w.mist OR c.blunders <> w.blund OR "
             "c.loss <> w.loss OR abs(c.accuracy - w.accuracy) > 1e-9)");
  check_text(db, "0",
             "SELECT count(*) FROM g, coins_scorecard(g.variant, g.coins, g.moves, g.k) s "
             "WHERE s.player = 1 AND (s.result <> CASE coins_result(g.variant, g.coins, g.moves, "
             "g.k) WHEN 'first' THEN 'win' WHEN 'second' THEN 'loss' WHEN 'draw' THEN 'draw' "
             "ELSE 'unfinished' END OR s.expected <> CASE coins_outcome(g.variant, g.coins, g.k) "
             "WHEN 'first' THEN 'win' WHEN 'second' THEN 'loss' ELSE 'draw' END)");
  /* every grade occurs */
  check_text(db, "best blunder inaccuracy mistake",
             "SELECT group_concat(grade, ' ') FROM (SELECT DISTINCT grade FROM r ORDER BY 1)");
}

int main(void) {
  const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, setup_db, teardown_db)
      T(test_options_values),   T(test_options_bad), T(test_review_columns),
      T(test_scorecard_values), T(test_helpers),     T(test_columns_against_functions),
#undef T
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
