/*
** test_interrupt.c -- every long call of coins stops on sqlite3_interrupt,
** or, where SQLite gives a function no way to see one (before 3.41), is
** bounded.
**
** A timer thread calls sqlite3_interrupt while the call runs, and the
** time from the interrupt to the call's return is measured.
**
**   - SQLite 3.41 and later (make test-sqlite-new runs this on 3.53):
**     each long call -- coins_deal, the scalars on a row of 10^8 coins,
**     coins_diagram, coins_svg, coins_after, coins_result, coins_array,
**     the set-up of coins_review (the valley), coins_moves (variant II's
**     pass, variant III's catch-up to a far ply), coins_play (greedy
**     play's table), variant I's endless count -- must end with SQLITE_INTERRUPT "interrupted" less
**     than INTERRUPT_BOUND after the interrupt, and the connection work
**     afterwards.  The inputs are bound as parameters (no copy), large
**     enough that each call runs a good deal longer than the interrupt's
**     delay uninterrupted.
**   - SQLite 3.40 (the system's): the calls from inputs under 100 bytes
**     that the issue named (a 10^8-coin deal, a diagram of 10^7 coins, a
**     review of 10^6 moves), and with SQLITE_LIMIT_LENGTH at 10^7 bytes
**     the slowest calls at that size, must each end within BOUND_340 of
**     the CPU time of the thread that runs them, interrupted or not.
**
** And the core's own polls (coins_stop), which run on any SQLite: each
** *_stop function on an input of many spans (and a review's only_move
** pass, whose analysis has the stop) gives what the function without a
** stop gives while its stop says go on (and polls it), and COINS_STOPPED
** once it says stop.
**
** The SQL calls both with coins loaded from build/coins.so by sqlite3_load_extension
** (the path that reads is_interrupted out of the API table past what the
** 3.40 header describes) and with libcoins.a registered by
** sqlite3_auto_extension (-DSQLITE_CORE, the same table).
**
**   build/test_interrupt [path/to/coins.so]
*/
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "coins.h"

int sqlite3_coins_init(sqlite3 *db, char **pzErrMsg, const sqlite3_api_routines *pApi);

/* The bounds are for an optimised build; the sanitizers' and coverage's
** builds (unoptimised) run the same calls several times slower, and are
** given five times as long (they test behaviour there, not speed). */
#if defined(__SANITIZE_ADDRESS__) || !defined(__OPTIMIZE__)
#define TIME_SCALE 5
#else
#define TIME_SCALE 1
#endif
/* From the interrupt to the call's return, at most (3.41+). */
#define INTERRUPT_BOUND (0.5 * TIME_SCALE)
/* From the start of a call to its return, at most, in the CPU time of
** the thread that runs it (3.40: "about a second", with room to spare). */
#define BOUND_340 (2.5 * TIME_SCALE)

static const char *extension_path = "build/coins.so";

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The CPU time of the calling thread: what a call costs, whatever else
** the machine is doing (the 3.40 bound is on work, not on waiting). */
static double thread_cpu(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int can_interrupt(void) { return sqlite3_libversion_number() >= 3041000; }

/* ------------------------------------------------------ the big inputs */

/* Bound to ?1 .. ?3 of the calls (NULL: not used). */
typedef struct inputs {
  char *row_1e8;     /* coins_deal(1, 10^8): 292 MB */
  char *row_3e6;     /* coins_deal(2, 3 * 10^6) */
  char *letters_3e6; /* 3 * 10^6 moves alternating L and R */
  char *letters_1e8; /* 10^8 moves L */
  char *reals_3e7;   /* 3 * 10^7 coins written 1.0 (the general parser) */
} inputs;

static inputs in;

static char *repeated(const char *piece, size_t times, const char *open, const char *close) {
  size_t len = strlen(piece), o = strlen(open), c = strlen(close);
  char *s = malloc(o + len * times + c + 1);
  assert_non_null(s);
  memcpy(s, open, o);
  for (size_t i = 0; i < times; i++) memcpy(s + o + i * len, piece, len);
  memcpy(s + o + len * times, close, c + 1);
  return s;
}

static char *dealt(sqlite3 *db, long long seed, long long n) {
  sqlite3_stmt *stmt = NULL;
  char *sql = sqlite3_mprintf("SELECT coins_deal(%lld, %lld)", seed, n);
  assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &stmt, NULL), SQLITE_OK);
  sqlite3_free(sql);
  assert_int_equal(sqlite3_step(stmt), SQLITE_ROW);
  char *copy = strdup((const char *)sqlite3_column_text(stmt, 0));
  assert_non_null(copy);
  sqlite3_finalize(stmt);
  return copy;
}

static void make_inputs(sqlite3 *db) {
  if (in.row_1e8) return;
  in.row_1e8 = dealt(db, 1, 100000000);
  in.row_3e6 = dealt(db, 2, 3000000);
  in.letters_3e6 = repeated("LR", 1500000, "", "");
  in.letters_1e8 = repeated("L", 100000000, "", "");
  char *reals = repeated("1.0,", 30000000, "[", "1.0]");
  in.reals_3e7 = reals;
}

static void free_inputs(void) {
  free(in.row_1e8);
  free(in.row_3e6);
  free(in.letters_3e6);
  free(in.letters_1e8);
  free(in.reals_3e7);
  memset(&in, 0, sizeof in);
}

/* ------------------------------------------------------------ the timer */

typedef struct timer {
  sqlite3 *db;
  double delay; /* seconds after the start */
  double start, fired;
  pthread_t thread;
} timer;

static void *timer_run(void *p) {
  timer *t = p;
  double wait = t->start + t->delay - now();
  if (wait > 0) {
    struct timespec ts = {(time_t)wait, (long)((wait - (double)(time_t)wait) * 1e9)};
    nanosleep(&ts, NULL);
  }
  t->fired = now();
  sqlite3_interrupt(t->db);
  return NULL;
}

/* --------------------------------------------------------------- a call */

typedef struct call {
  const char *name;
  const char *sql;
  double delay; /* when to interrupt it, seconds after its start */
} call;

/* Runs c (every row), args (NULL-terminated, or NULL) bound to ?1, ?2, ...
** as TEXT without a copy, interrupted by the timer after c->delay; checks the
** result: SQLITE_INTERRUPT within INTERRUPT_BOUND of the interrupt where
** SQLite lets coins see one, else an end within BOUND_340 of the start. */
static void check_call(sqlite3 *db, const call *c, const char *const *args) {
  sqlite3_stmt *stmt = NULL;
  if (sqlite3_prepare_v2(db, c->sql, -1, &stmt, NULL) != SQLITE_OK)
    fail_msg("%s: prepare failed: %s", c->name, sqlite3_errmsg(db));
  for (int i = 0; args && args[i]; i++)
    assert_int_equal(sqlite3_bind_text(stmt, i + 1, args[i], -1, SQLITE_STATIC), SQLITE_OK);
  alarm(120); /* a call that never stops ends the test rather than hang it */
  timer t = {db, c->delay, now(), 0, 0};
  assert_int_equal(pthread_create(&t.thread, NULL, timer_run, &t), 0);
  int rc;
  long rows = 0;
  double cpu_start = thread_cpu();
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) rows++;
  double end = now(), cpu = thread_cpu() - cpu_start;
  pthread_join(t.thread, NULL);
  alarm(0);
  char *msg = strdup(sqlite3_errmsg(db));
  sqlite3_finalize(stmt);
  if (can_interrupt()) {
    if (t.fired > end)
      fail_msg("%s: returned %.3f s after its start, before the interrupt: too short to test",
               c->name, end - t.start);
    if (rc != SQLITE_INTERRUPT || strcmp(msg, "interrupted"))
      fail_msg("%s: expected SQLITE_INTERRUPT \"interrupted\", got %d \"%s\" (%ld rows)", c->name,
               rc, msg, rows);
    if (end - t.fired >= INTERRUPT_BOUND)
      fail_msg("%s: returned %.3f s after the interrupt (at most %.1f)", c->name, end - t.fired,
               INTERRUPT_BOUND);
    printf("  %-38s interrupted at %.2f s, returned %.3f s later\n", c->name, c->delay,
           end - t.fired);
  } else {
    if (rc != SQLITE_INTERRUPT && rc != SQLITE_DONE)
      fail_msg("%s: expected SQLITE_INTERRUPT or SQLITE_DONE, got %d \"%s\"", c->name, rc, msg);
    if (cpu >= BOUND_340)
      fail_msg("%s: took %.3f s of CPU time (at most %.1f)", c->name, cpu, BOUND_340);
    printf("  %-38s %.3f s of CPU time (%.3f s in all), %s\n", c->name, cpu, end - t.start,
           rc == SQLITE_INTERRUPT ? "then interrupted" : "done");
  }
  free(msg);
  /* the connection works afterwards */
  assert_int_equal(sqlite3_exec(db, "SELECT coins_version()", NULL, NULL, NULL), SQLITE_OK);
}

/* The calls where interrupts are seen: (name, sql, which inputs, delay). */
static void check_interrupted_calls(sqlite3 *db) {
  make_inputs(db);
  const char *row8[] = {in.row_1e8, NULL}, *row6[] = {in.row_3e6, NULL};
  const char *reals[] = {in.reals_3e7, NULL};
  const char *review[] = {in.row_3e6, in.letters_3e6, NULL};
  const char *record8[] = {in.row_1e8, in.letters_1e8, NULL};
  const struct {
    call c;
    const char **args;
  } calls[] = {
      {{"coins_deal of 3*10^8 coins", "SELECT length(coins_deal(1, 300000000))", 0.1}, NULL},
      {{"coins_margin(3), 10^8 coins", "SELECT coins_margin(3, ?1)", 0.05}, row8},
      {{"coins_margin(2), 10^8 coins", "SELECT coins_margin(2, ?1)", 0.05}, row8},
      {{"coins_margin(2, k = 9), 10^8 coins", "SELECT coins_margin(2, ?1, 9)", 0.1}, row8},
      {{"coins_win(1), 3*10^7 coins 1.0", "SELECT coins_win(1, ?1)", 0.05}, reals},
      {{"coins_diagram, 3*10^6 coins", "SELECT length(coins_diagram(3, ?1))", 0.1}, row6},
      {{"coins_svg, a record of 3*10^6", "SELECT length(coins_svg(3, ?1, ?2))", 0.1}, review},
      {{"coins_after, 10^8 coins", "SELECT length(coins_after(2, ?1, '[1]'))", 0.1}, row8},
      {{"coins_result, a record of 10^8", "SELECT coins_result(3, ?1, ?2)", 0.1}, record8},
      {{"coins_review set-up, 3*10^6 moves", "SELECT ply FROM coins_review(3, ?1, ?2) LIMIT 1",
        0.1},
       review},
      {{"coins_moves(2, k = 9) set-up", "SELECT ply FROM coins_moves(2, ?1, 9) LIMIT 1", 0.1},
       row8},
      {{"coins_moves(3) catch-up to a far ply",
        "SELECT move FROM coins_moves(3, ?1) WHERE ply = 99000000", 0.1},
       row8},
      {{"coins_play, careless against optimal",
        "SELECT count(*) FROM coins_play(3, ?1, 'careless:50:1', 'optimal')", 0.1},
       row6},
      {{"coins_play(2), greedy against optimal",
        "SELECT count(*) FROM coins_play(2, ?1, 'greedy', 'optimal')", 0.1},
       row8},
      {{"coins_moves(1, 2^63-1), every row",
        "SELECT count(*) FROM coins_moves(1, 9223372036854775807)", 0.1},
       NULL},
      {{"coins_array, 3*10^6 keys to sort", "SELECT length(coins_array(k, 1)) FROM keys", 0.6},
       NULL},
  };
  /* the array's rows (keys in descending order: the heap sort runs) */
  assert_int_equal(sqlite3_exec(db,
                                "CREATE TEMP TABLE keys AS WITH RECURSIVE s(k) AS "
                                "(SELECT 3000000 UNION ALL SELECT k - 1 FROM s WHERE k > 1) "
                                "SELECT k FROM s",
                                NULL, NULL, NULL),
                   SQLITE_OK);
  for (size_t i = 0; i < sizeof calls / sizeof *calls; i++)
    check_call(db, &calls[i].c, calls[i].args);
  assert_int_equal(sqlite3_exec(db, "DROP TABLE keys", NULL, NULL, NULL), SQLITE_OK);
}

/* The calls of the issue, from inputs under 100 bytes, where no interrupt
** can be seen: each ends soon anyway. */
static void check_bounded_calls(sqlite3 *db) {
  static const call calls[] = {
      {"coins_deal of 10^8 coins", "SELECT length(coins_deal(1, 100000000))", 0.1},
      {"coins_margin(3), 10^8 coins", "SELECT coins_margin(3, coins_deal(1, 100000000))", 0.1},
      {"coins_diagram, 10^7 coins", "SELECT length(coins_diagram(3, coins_deal(1, 10000000)))",
       0.1},
      {"coins_review, 10^6 moves",
       "SELECT ply FROM coins_review(3, coins_deal(1, 1000000), "
       "replace(hex(zeroblob(500000)), '00', 'LR')) LIMIT 1",
       0.1},
  };
  for (size_t i = 0; i < sizeof calls / sizeof *calls; i++) check_call(db, &calls[i], NULL);
  /* with SQLITE_LIMIT_LENGTH at 10^7 bytes, the slowest calls per byte of
  ** their arguments at that size: no call gets longer than this */
  static const call limited[] = {
      {"review, 3.3*10^6 moves (limit 10^7)",
       "SELECT ply FROM coins_review(3, coins_deal(1, 3300000), "
       "replace(hex(zeroblob(1650000)), '00', 'LR')) LIMIT 1",
       0.1},
      {"review's only_move, 3.3*10^6 (limit 10^7)",
       "SELECT sum(only_move) FROM (SELECT only_move FROM coins_review(3, coins_deal(1, 3300000), "
       "replace(hex(zeroblob(1650000)), '00', 'LR')) LIMIT 100)",
       0.1},
      {"svg, 3.3*10^6 moves (limit 10^7)",
       "SELECT length(coins_svg(3, coins_deal(1, 3300000), "
       "replace(hex(zeroblob(1650000)), '00', 'LR')))",
       0.1},
      {"moves(2, k = 9), 5*10^6 coins (limit 10^7)",
       "SELECT ply FROM coins_moves(2, '[' || replace(hex(zeroblob(4999998)), '00', '0,') || "
       "'0]', 9) LIMIT 1",
       0.1},
      {"deal at the limit (limit 10^7)", "SELECT length(coins_deal(1, 3400000))", 0.1},
  };
  int limit = sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 10000000);
  for (size_t i = 0; i < sizeof limited / sizeof *limited; i++) check_call(db, &limited[i], NULL);
  sqlite3_limit(db, SQLITE_LIMIT_LENGTH, limit);
}

static void check_all(sqlite3 *db) {
  printf("  SQLite %s: %s\n", sqlite3_libversion(),
         can_interrupt() ? "interrupts seen inside calls" : "no interrupt inside a call");
  if (can_interrupt())
    check_interrupted_calls(db);
  else
    check_bounded_calls(db);
}

/* ------------------------------------------------------ the core's stop */

/* A stop that says go on until its polls reach stop_at (0: never). */
typedef struct counting {
  unsigned polls, stop_at;
} counting;

static int counting_stopped(void *arg) {
  counting *c = arg;
  c->polls++;
  return c->stop_at && c->polls >= c->stop_at;
}

/* A row of n coins in [lo, hi] as JSON text (writer: "%lld" or "%lld.0"). */
static char *row_text(size_t n, long long lo, long long hi, const char *writer, int64_t *values) {
  char *t = malloc(n * 24 + 3), *at = t;
  uint64_t seed = n;
  assert_non_null(t);
  *at++ = '[';
  for (size_t i = 0; i < n; i++) {
    values[i] = coins_random_range(&seed, lo, hi);
    if (i) *at++ = ',';
    at += sprintf(at, writer, (long long)values[i]);
  }
  *at++ = ']', *at = 0;
  return t;
}

/* The same row as a JSONB array of INT elements (4-byte array size). */
static unsigned char *row_jsonb(const int64_t *v, size_t n, size_t *len) {
  unsigned char *b = malloc(n * 24 + 5), *at = b + 5;
  assert_non_null(b);
  for (size_t i = 0; i < n; i++) {
    char digits[24];
    int d = sprintf(digits, "%lld", (long long)v[i]);
    *at++ = (unsigned char)(d << 4 | 3); /* INT, its size in the header */
    memcpy(at, digits, (size_t)d);
    at += d;
  }
  size_t size = (size_t)(at - b) - 5;
  b[0] = 0xEB; /* ARRAY, a 4-byte size */
  for (int i = 0; i < 4; i++) b[1 + i] = (unsigned char)(size >> (24 - 8 * i));
  *len = (size_t)(at - b);
  return b;
}

static int same_result(const coins_solution *a, const coins_solution *b) {
  return a->outcome == b->outcome && a->margin == b->margin && a->score == b->score &&
         a->total == b->total && a->best.take == b->best.take && a->best.side == b->best.side;
}

#define N_CORE 1000003 /* coins: about 15 spans of polls, an odd count */

/* Checks one *_stop call, run as halt (its stop says stop at its second
** poll: COINS_STOPPED), then as go (the stop never says so: COINS_OK, and
** it must have polled), whose output is then the call's. */
#define CHECK_STOP(what, call_with)                                                   \
  do {                                                                                \
    counting go_ = {0, 0}, halt_ = {0, 2};                                            \
    coins_stop go = {counting_stopped, &go_}, halt = {counting_stopped, &halt_};      \
    (void)halt;                                                                       \
    if ((call_with(&halt)) != COINS_STOPPED) fail_msg("%s: not stopped", what);       \
    if ((call_with(&go)) != COINS_OK) fail_msg("%s: not COINS_OK with a stop", what); \
    if (go_.polls == 0) fail_msg("%s: never polled its stop", what);                  \
  } while (0)

static int64_t values[N_CORE]; /* the coins of the rows below */

/* A line over values, its blocks made: coins_line_init with a stop. */
static coins_status line_start(coins_line *line, coins_variant v, int64_t *work,
                               const coins_stop *stop) {
  coins_status rc =
      coins_line_init_lazy_stop(line, v, values, N_CORE, v == COINS_II ? 5 : 1, work, stop);
  return rc == COINS_OK ? coins_line_fuse(line) : rc;
}

/* The review's only_move at the first move of the record that needs the
** position the other end would have left (the move was the one best, in a
** position not lost).  With the record's room (by_record) that call
** solves every such position of the record, polling stop. */
static coins_status first_only_move(const int64_t *moves, int64_t *work, int by_record,
                                    const coins_stop *stop, int *only) {
  size_t words = coins_review_record_words(COINS_III, N_CORE, 1, N_CORE);
  coins_review rv;
  coins_analysis an;
  coins_judgement j;
  char err[COINS_ERRMSG_SIZE];
  coins_review_init_record(&rv, COINS_III, values, N_CORE, 1, moves, N_CORE, work);
  coins_analysis_init(&an, COINS_III, values, N_CORE, 1, work + words, stop);
  if (by_record) coins_analysis_use_record(&an, work + words);
  for (size_t t = 0; t < N_CORE - 2; t++) {
    uint64_t lo = rv.line.st.lo, hi = rv.line.st.hi;
    assert_int_equal(coins_review_play(&rv, coins_notation_move_of(COINS_III, moves[t]), &j, err),
                     COINS_OK);
    if (j.loss == 0 && j.best.side == j.played.move.side && j.before >= 0)
      return coins_analysis_only_move(&an, &rv, &j, lo, hi, only);
  }
  fail_msg("first_only_move: no move of the record needs the other end");
  return COINS_OK;
}

static void test_core_stop(void **state) {
  (void)state;
  static int64_t out[N_CORE + 16], moves[N_CORE];
  static int64_t work[4 * N_CORE + 64];
  char err[COINS_ERRMSG_SIZE];
  size_t n, need, blob_len;
  coins_solution want, got;
  char *text = row_text(N_CORE, -999, 999, "%lld", values); /* values: then the reals' */
  char *reals = row_text(N_CORE, 0, 99, "%lld.0", values);
  unsigned char *blob = row_jsonb(values, N_CORE, &blob_len);
  size_t len = strlen(text), reals_len = strlen(reals);

  /* parsing: the scanner, the general parser (1.0), JSONB */
#define PARSE_TEXT(stop) coins_parse_array_stop(text, len, out, N_CORE + 16, &n, err, stop)
  CHECK_STOP("coins_parse_array_stop", PARSE_TEXT);
#define PARSE_REALS(stop) coins_parse_array_stop(reals, reals_len, out, N_CORE + 16, &n, err, stop)
  CHECK_STOP("coins_parse_array_stop (1.0)", PARSE_REALS);
  assert_int_equal(n, N_CORE);
  assert_memory_equal(out, values, N_CORE * sizeof *out);
#define PARSE_BLOB(stop) \
  coins_jsonb_parse_array_stop(blob, blob_len, out, N_CORE + 16, &n, err, stop)
  CHECK_STOP("coins_jsonb_parse_array_stop", PARSE_BLOB);
  assert_int_equal(n, N_CORE);
  assert_memory_equal(out, values, N_CORE * sizeof *out);

  /* solving from the text and from the array, each variant and k */
  uint64_t ks[] = {2, 5, 9};
  for (int v = 1; v <= 3; v++)
    for (size_t j = 0; j < (v == 2 ? 3u : 1u); j++) {
      uint64_t k = v == 2 ? ks[j] : v == 1 ? 2 : 1;
      assert_int_equal(coins_solve_text((coins_variant)v, reals, reals_len, k, work,
                                        4 * N_CORE + 64, &need, &want, err),
                       COINS_OK);
#define SOLVE_TEXT(stop)                                                                           \
  coins_solve_text_stop((coins_variant)v, reals, reals_len, k, work, 4 * N_CORE + 64, &need, &got, \
                        err, stop)
      CHECK_STOP("coins_solve_text_stop", SOLVE_TEXT);
      assert_true(same_result(&want, &got));
      if (v == COINS_I) continue; /* O(1): nothing to poll */
      coins_solve((coins_variant)v, values, N_CORE, k, work, &want);
#define SOLVE(stop) coins_solve_stop((coins_variant)v, values, N_CORE, k, work, &got, stop)
      CHECK_STOP("coins_solve_stop", SOLVE);
      assert_true(same_result(&want, &got));
    }

  /* the line: variant II's pass, variant III's fusion and skip; from text */
  coins_line plain, line;
  coins_ply p = {0}, q = {0};
  static int64_t plain_work[4 * N_CORE + 64];
  for (int v = 2; v <= 3; v++) {
    coins_line_init(&plain, (coins_variant)v, values, N_CORE, v == 2 ? 5 : 1, plain_work);
#define LINE(stop) line_start(&line, (coins_variant)v, work, stop)
    CHECK_STOP("coins_line_init_lazy_stop + coins_line_fuse", LINE);
    counting go_ = {0, 0};
    coins_stop go = {counting_stopped, &go_};
    line.stop = &go; /* (CHECK_STOP's is gone) */
    for (int i = 0; i < 2000; i++) {
      if (i == 1000) { /* then past half the moves at once */
        assert_int_equal(coins_line_skip(&line, N_CORE / 2), COINS_OK);
        coins_line_skip(&plain, N_CORE / 2);
      }
      assert_int_equal(coins_line_next(&plain, &p), coins_line_next(&line, &q));
      assert_true(p.ply == q.ply && p.move.take == q.move.take && p.move.side == q.move.side &&
                  p.pos == q.pos && p.gain == q.gain && p.first_total == q.first_total);
    }
    assert_true(go_.polls > 0);
    counting halt_ = {0, 2};
    coins_stop halt = {counting_stopped, &halt_};
    assert_int_equal(LINE(&go), COINS_OK); /* from the start again */
    line.stop = &halt;
    assert_int_equal(coins_line_skip(&line, N_CORE), COINS_STOPPED);
  }
#define LINE_TEXT(stop) \
  coins_line_init_text_stop(&line, text, len, work, 4 * N_CORE + 64, &need, stop)
  CHECK_STOP("coins_line_init_text_stop", LINE_TEXT);

  /* a record: parsed, checked, and every position along it solved */
  char *letters = malloc(N_CORE + 1);
  assert_non_null(letters);
  uint64_t seed = 7;
  for (size_t i = 0; i < N_CORE; i++) letters[i] = coins_random_range(&seed, 0, 1) ? 'L' : 'R';
  letters[N_CORE] = 0;
#define MOVES(stop) coins_parse_moves_stop(COINS_III, letters, N_CORE, moves, N_CORE, &n, err, stop)
  CHECK_STOP("coins_parse_moves_stop", MOVES);
  assert_int_equal(n, N_CORE);
#define CHECK(stop) coins_state_check_record_stop(COINS_III, N_CORE, 1, moves, N_CORE, err, stop)
  CHECK_STOP("coins_state_check_record_stop", CHECK);
  size_t words = coins_review_record_words(COINS_III, N_CORE, 1, N_CORE);
  int64_t *plain_record = malloc(words * sizeof *plain_record);
  int64_t *record_work = malloc(words * sizeof *record_work);
  assert_true(plain_record && record_work);
  coins_review want_rv, rv;
  coins_review_init_record(&want_rv, COINS_III, values, N_CORE, 1, moves, N_CORE, plain_record);
#define REVIEW(stop) \
  coins_review_init_record_stop(&rv, COINS_III, values, N_CORE, 1, moves, N_CORE, record_work, stop)
  CHECK_STOP("coins_review_init_record_stop", REVIEW);
  assert_memory_equal(rv.record_margin, want_rv.record_margin, (N_CORE + 1) * sizeof(int64_t));
  assert_memory_equal(rv.record_best, want_rv.record_best, N_CORE + 1);
  free(plain_record);
  /* a review's only_move: the positions off the record, solved at once */
  size_t only_words = words + coins_analysis_record_words(COINS_III, N_CORE, 1, N_CORE);
  int64_t *only_work = malloc(only_words * sizeof *only_work);
  assert_non_null(only_work);
  int want_only = -2, only = -3;
  assert_int_equal(first_only_move(moves, only_work, 0, NULL, &want_only), COINS_OK);
#define ONLY_MOVE(stop) first_only_move(moves, only_work, 1, stop, &only)
  CHECK_STOP("coins_analysis_only_move along a record", ONLY_MOVE);
  assert_int_equal(only, want_only);
  free(only_work);
  free(record_work);
  free(letters);
  free(text);
  free(reals);
  free(blob);
}

/* coins loaded as an extension, from extension_path. */
static void test_loaded(void **state) {
  (void)state;
  sqlite3 *db = NULL;
  char *err = NULL;
  assert_int_equal(sqlite3_open(":memory:", &db), SQLITE_OK);
  sqlite3_enable_load_extension(db, 1);
  if (sqlite3_load_extension(db, extension_path, NULL, &err) != SQLITE_OK)
    fail_msg("cannot load %s: %s", extension_path, err);
  check_all(db);
  sqlite3_close(db);
}

/* coins linked in (libcoins.a) and registered for every connection. */
static void test_linked(void **state) {
  (void)state;
  sqlite3 *db = NULL;
  assert_int_equal(sqlite3_auto_extension((void (*)(void))sqlite3_coins_init), SQLITE_OK);
  assert_int_equal(sqlite3_open(":memory:", &db), SQLITE_OK);
  check_all(db);
  sqlite3_close(db);
  sqlite3_reset_auto_extension();
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0); /* in order with cmocka's messages */
  if (argc > 1) extension_path = argv[1];
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_core_stop),
                                     cmocka_unit_test(test_loaded), cmocka_unit_test(test_linked)};
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  free_inputs();
  return failed;
}
