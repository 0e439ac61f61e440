/*
** bench.c -- the coins benchmark: what a call costs, measured side by side.
**
**   make bench          full run: 100,000 rows, 5 rounds (about 80 s on
**                       2 cores; tests/bench/udf_bench.py runs after it)
**   make bench-smoke    tiny sizes (200 rows, n <= 10^4, DP at <= 200), no
**                       meaning in the times, checks that results agree
**   build/bench [--smoke | --quick] [--rounds=R] [--rows=N]
**                       --quick: 20,000 rows, 3 rounds, DP up to 10^4;
**                       BENCH_SMOKE=1 in the environment = --smoke
**
** Everything is measured in ONE process: each group of measurements that
** is compared is run in interleaved rounds (each round runs every member
** once, in a rotated order; 5 rounds, 15 for groups whose round is
** shorter than 0.3 s) and the median over the rounds is reported;
** ratios are the median of the per-round ratios.  A measurement repeats a
** call until it lasts at least 20 ms (not in --smoke).  Clock: CLOCK_MONOTONIC.
**
** Sections:
**   1. per-row cost: a table games(coins TEXT) of 100,000 games of 16, 64
**      and 256 coins (values 0..999, splitmix64 seeded with the coin count,
**      the same rows tests/bench/udf_bench.py builds); each scalar against
**      sum(length(coins)) (SQLite reading every row) and against
**      sum(json_array_length(coins)) (SQLite's JSON parser on the same text);
**   2. streaming the moves: coins_moves against json_each, rows per second;
**   3. one huge game of 10^5, 10^6 and 10^7 coins bound as a parameter:
**      coins_margin, count(*) of coins_moves and json_array_length, time
**      per coin and peak resident memory above the text (VmHWM, reset
**      through /proc/self/clear_refs where allowed), and the memory of the
**      worst case (a valley, where nothing fuses) at the largest n;
**   4. the textbook O(n^2) DP (tests/reference.c) against coins3_solve,
**      called directly;
**   5. targets, printed as met / not met (they never fail the run).
**
** Every result is checked (against the core, the reference DP, or the
** known count); a disagreement prints MISMATCH and the exit status is 1.
*/
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <sqlite3.h>

#include "coins.h"
#include "reference.h"

int sqlite3_coins_init(sqlite3 *db, char **pzErrMsg, const sqlite3_api_routines *pApi);

#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#define MAX_ROUNDS 15
#define MAX_SIZES 8

/* ------------------------------------------------------------ settings */

typedef struct config {
  const char *mode; /* "full", "quick" or "smoke"                    */
  int smoke;
  int rounds;
  long rows;           /* games per per-row table                      */
  size_t row_coins[3]; /* coins per game: 16, 64, 256                  */
  size_t huge[3];      /* one huge game: 10^5, 10^6, 10^7              */
  size_t records[3];   /* reviews and strategies: 10^4, 10^5, 10^6     */
  size_t n_dp;
  size_t dp[MAX_SIZES]; /* the DP comparison                            */
  double min_time;      /* a measurement lasts at least this (seconds)  */
} config;

static int failures;

static void die(const char *fmt, ...) PRINTF_LIKE(1, 2);
static void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("bench: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(2);
}

static void check(int ok, const char *fmt, ...) PRINTF_LIKE(2, 3);
static void check(int ok, const char *fmt, ...) {
  if (ok) return;
  va_list ap;
  va_start(ap, fmt);
  printf("MISMATCH: ");
  vprintf(fmt, ap);
  putchar('\n');
  fflush(stdout);
  va_end(ap);
  failures++;
}

static void *xmalloc(size_t size) {
  void *p = malloc(size ? size : 1);
  if (p == NULL) die("out of memory (%zu bytes)", size);
  return p;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------- the data */

/* splitmix64 (the same in udf_bench.py): value = next % 1000. */
static uint64_t mix_next(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static void deal(uint64_t *s, int64_t *a, size_t n) {
  for (size_t i = 0; i < n; i++) a[i] = (int64_t)(mix_next(s) % 1000);
}

/* Writes a as a compact JSON array to buf (room: 21 * n + 3); returns the
** length. */
static size_t format_array(char *buf, const int64_t *a, size_t n) {
  char *p = buf;
  *p++ = '[';
  for (size_t i = 0; i < n; i++) {
    if (i) *p++ = ',';
    uint64_t v = (uint64_t)a[i];
    if (a[i] < 0) {
      *p++ = '-';
      v = 0 - v;
    }
    char digits[24];
    int k = 0;
    do digits[k++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    while (k) *p++ = digits[--k];
  }
  *p++ = ']';
  *p = 0;
  return (size_t)(p - buf);
}

/* -------------------------------------------------------------- memory */

/* A field of /proc/self/status in bytes, or -1. */
static long long status_bytes(const char *field) {
  FILE *f = fopen("/proc/self/status", "r");
  if (f == NULL) return -1;
  char line[256];
  long long kb = -1;
  size_t len = strlen(field);
  while (fgets(line, sizeof line, f))
    if (strncmp(line, field, len) == 0 && line[len] == ':') {
      kb = atoll(line + len + 1);
      break;
    }
  fclose(f);
  return kb < 0 ? -1 : kb * 1024;
}

/* Resets VmHWM to the current RSS; 1 on success. */
static int reset_peak(void) {
  int fd = open("/proc/self/clear_refs", O_WRONLY);
  if (fd < 0) return 0;
  int ok = write(fd, "5", 1) == 1;
  close(fd);
  return ok;
}

/* ---------------------------------------------------------- measurement */

typedef struct op op;
struct op {
  const char *label;
  int64_t (*run)(op *);
  sqlite3_stmt *stmt; /* SQL: one row, one integer column      */
  const int64_t *a;   /* core: the row                         */
  size_t n;
  int64_t *work;
  long reps;            /* calls per measurement                 */
  int rounds;           /* measurements taken                    */
  int64_t result;       /* what every call returned              */
  double t[MAX_ROUNDS]; /* seconds per call, per round           */
  double median;
};

static int64_t run_sql(op *o) {
  int rc = sqlite3_step(o->stmt);
  if (rc != SQLITE_ROW) die("%s: %s", o->label, sqlite3_errmsg(sqlite3_db_handle(o->stmt)));
  int64_t v = sqlite3_column_int64(o->stmt, 0);
  rc = sqlite3_step(o->stmt);
  if (rc != SQLITE_DONE) die("%s: more than one row", o->label);
  sqlite3_reset(o->stmt);
  return v;
}

static int64_t run_core3(op *o) {
  coins_result r;
  coins3_solve(o->a, o->n, o->work, &r);
  return r.margin;
}

static int64_t run_ref3(op *o) { return ref3_margin(o->a, 0, o->n); }

static sqlite3_stmt *prepare(sqlite3 *db, const char *sql) {
  sqlite3_stmt *stmt = NULL;
  if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK)
    die("prepare %s: %s", sql, sqlite3_errmsg(db));
  return stmt;
}

static void exec(sqlite3 *db, const char *sql) {
  char *err = NULL;
  if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) die("%s: %s", sql, err);
}

static op sql_op(sqlite3 *db, const char *label, const char *sql) {
  op o;
  memset(&o, 0, sizeof o);
  o.label = label;
  o.run = run_sql;
  o.stmt = prepare(db, sql);
  return o;
}

static void finalize_ops(op *ops, int n) {
  for (int i = 0; i < n; i++) sqlite3_finalize(ops[i].stmt);
}

static int cmp_double(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

static double median(const double *v, int n) {
  double s[MAX_ROUNDS];
  memcpy(s, v, (size_t)n * sizeof *s);
  qsort(s, (size_t)n, sizeof *s, cmp_double);
  return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/* The median over the rounds of a's time divided by b's (a and b were
** measured together). */
static double ratio(const op *a, const op *b) {
  double r[MAX_ROUNDS];
  int rounds = a->rounds < b->rounds ? a->rounds : b->rounds;
  for (int i = 0; i < rounds; i++) r[i] = a->t[i] / b->t[i];
  return median(r, rounds);
}

/* One call of o, checked against the first one's result. */
static void call(op *o) {
  int64_t v = o->run(o);
  check(v == o->result, "%s returned %lld, earlier %lld", o->label, (long long)v,
        (long long)o->result);
}

/* Runs ops[0..n) in interleaved rounds.  The first call of each op is a
** warm-up that also fixes its result and how many calls a measurement
** makes.  A group whose round is short (under 0.3 s) gets more rounds, up
** to MAX_ROUNDS: they cost little and steady the median. */
static void measure(op *ops, int n, const config *cfg) {
  double round_time = 0;
  for (int i = 0; i < n; i++) {
    op *o = &ops[i];
    double t0 = now();
    o->result = o->run(o);
    double dt = now() - t0;
    long reps = 1;
    if (!cfg->smoke && dt < cfg->min_time) reps = dt > 0 ? (long)(cfg->min_time / dt) + 1 : 1000;
    o->reps = reps > 100000 ? 100000 : reps;
    round_time += dt * (double)o->reps;
  }
  int rounds = cfg->rounds;
  if (!cfg->smoke && round_time < 0.3) rounds = MAX_ROUNDS;
  for (int r = 0; r < rounds; r++)
    for (int k = 0; k < n; k++) {
      op *o = &ops[(k + r) % n];
      double t0 = now();
      for (long i = 0; i < o->reps; i++) call(o);
      o->t[r] = (now() - t0) / (double)o->reps;
    }
  for (int i = 0; i < n; i++) {
    ops[i].rounds = rounds;
    ops[i].median = median(ops[i].t, rounds);
  }
}

/* ------------------------------------------------------------- results */

typedef struct results {
  double v3_margin_vs_json_64, v3_margin_vs_floor_64;
  size_t huge_n[3];
  double margin_per_coin[3], moves_per_coin[3], json_per_coin[3];
  double margin_vs_json[3];
  long long peak_margin[3], peak_moves[3]; /* -1: unknown */
  long long valley_margin, valley_moves;   /* the worst case, largest n */
  size_t text_bytes[3];
  int peak_exact;
} results;

/* ------------------------------------------------------- 1. per-row cost */

typedef struct row_sums {
  int64_t len, v1_win, v2_win, v2_margin, v3_win, v3_margin;
} row_sums;

static sqlite3 *open_db(void) {
  sqlite3 *db = NULL;
  char *err = NULL;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) die("cannot open :memory:");
  if (sqlite3_coins_init(db, &err, NULL) != SQLITE_OK)
    die("sqlite3_coins_init: %s", err ? err : "?");
  return db;
}

/* Builds games(coins TEXT) with cfg->rows games of n coins in a fresh
** in-memory database; sums what the scalars must return, checking the core
** against the reference DPs on the first rows. */
static sqlite3 *build_games(const config *cfg, size_t n, row_sums *sums, double *text_mb) {
  sqlite3 *db = open_db();
  exec(db, "CREATE TABLE games(coins TEXT)");
  exec(db, "BEGIN");
  sqlite3_stmt *ins = prepare(db, "INSERT INTO games(coins) VALUES (?1)");
  int64_t *a = xmalloc(n * sizeof *a);
  int64_t *work = xmalloc((coins2_work_words(n, 2) + n) * sizeof *work);
  char *text = xmalloc(21 * n + 3);
  uint64_t seed = n;
  memset(sums, 0, sizeof *sums);
  for (long row = 0; row < cfg->rows; row++) {
    deal(&seed, a, n);
    size_t len = format_array(text, a, n);
    sums->len += (int64_t)len;
    sqlite3_bind_text(ins, 1, text, (int)len, SQLITE_STATIC);
    if (sqlite3_step(ins) != SQLITE_DONE) die("insert: %s", sqlite3_errmsg(db));
    sqlite3_reset(ins);
    coins_result r1, r2, r3;
    coins1_solve(n, 2, &r1);
    coins2_solve(a, n, 2, work, &r2);
    coins3_solve(a, n, work, &r3);
    sums->v1_win += r1.outcome == COINS_FIRST;
    sums->v2_win += r2.outcome == COINS_FIRST;
    sums->v2_margin += r2.margin;
    sums->v3_win += r3.outcome == COINS_FIRST;
    sums->v3_margin += r3.margin;
    if (row < 1000) {
      check(r1.outcome == (ref1_first_wins(n, 2) ? COINS_FIRST : COINS_SECOND),
            "variant I, n=%zu: core and reference disagree", n);
      int64_t m2 = ref2_margin(a, n, 2), m3 = ref3_margin(a, 0, n);
      check(r2.margin == m2,
            "variant II, row %ld of %zu coins: core %lld, "
            "reference DP %lld",
            row + 1, n, (long long)r2.margin, (long long)m2);
      check(r3.margin == m3,
            "variant III, row %ld of %zu coins: core %lld, "
            "reference DP %lld",
            row + 1, n, (long long)r3.margin, (long long)m3);
    }
  }
  sqlite3_finalize(ins);
  exec(db, "COMMIT");
  free(a);
  free(work);
  free(text);
  *text_mb = (double)sums->len / 1e6;
  return db;
}

enum { FLOOR, JSON, V1_WIN, V1_OUTCOME, V2_WIN, V2_MARGIN, V3_WIN, V3_MARGIN, N_ROW_OPS };

static void per_row(const config *cfg, sqlite3 *db, size_t n, const row_sums *sums, double text_mb,
                    results *res) {
  op ops[N_ROW_OPS] = {
      [FLOOR] = sql_op(db, "sum(length(coins))", "SELECT sum(length(coins)) FROM games"),
      [JSON] = sql_op(db, "sum(json_array_length(coins))",
                      "SELECT sum(json_array_length(coins)) FROM games"),
      [V1_WIN] =
          sql_op(db, "sum(coins_win(1, coins))", "SELECT sum(coins_win(1, coins)) FROM games"),
      [V1_OUTCOME] = sql_op(db, "sum(coins_outcome(1, coins)='first')",
                            "SELECT sum(coins_outcome(1, coins) = 'first') "
                            "FROM games"),
      [V2_WIN] =
          sql_op(db, "sum(coins_win(2, coins))", "SELECT sum(coins_win(2, coins)) FROM games"),
      [V2_MARGIN] = sql_op(db, "sum(coins_margin(2, coins))",
                           "SELECT sum(coins_margin(2, coins)) FROM games"),
      [V3_WIN] =
          sql_op(db, "sum(coins_win(3, coins))", "SELECT sum(coins_win(3, coins)) FROM games"),
      [V3_MARGIN] = sql_op(db, "sum(coins_margin(3, coins))",
                           "SELECT sum(coins_margin(3, coins)) FROM games"),
  };
  measure(ops, N_ROW_OPS, cfg);
  const int64_t want[N_ROW_OPS] = {
      [FLOOR] = sums->len,         [JSON] = (int64_t)n * cfg->rows, [V1_WIN] = sums->v1_win,
      [V1_OUTCOME] = sums->v1_win, [V2_WIN] = sums->v2_win,         [V2_MARGIN] = sums->v2_margin,
      [V3_WIN] = sums->v3_win,     [V3_MARGIN] = sums->v3_margin,
  };
  for (int i = 0; i < N_ROW_OPS; i++)
    check(ops[i].result == want[i], "%zu coins: %s = %lld, expected %lld", n, ops[i].label,
          (long long)ops[i].result, (long long)want[i]);

  printf("\n%zu coins per game, %ld rows, %.1f MB of text\n", n, cfg->rows, text_mb);
  printf("  %-38s %9s %9s %11s %21s\n", "SELECT ... FROM games", "ms/query", "ns/row", "x length()",
         "x json_array_length()");
  for (int i = 0; i < N_ROW_OPS; i++) {
    printf("  %-38s %9.2f %9.1f %11.2f %21.2f\n", ops[i].label, ops[i].median * 1e3,
           ops[i].median * 1e9 / (double)cfg->rows, ratio(&ops[i], &ops[FLOOR]),
           ratio(&ops[i], &ops[JSON]));
  }
  if (n == 64) {
    res->v3_margin_vs_json_64 = ratio(&ops[V3_MARGIN], &ops[JSON]);
    res->v3_margin_vs_floor_64 = ratio(&ops[V3_MARGIN], &ops[FLOOR]);
  }
  finalize_ops(ops, N_ROW_OPS);
}

/* ----------------------------------------------- 2. streaming the moves */

static void streaming(const config *cfg, sqlite3 *db, const row_sums *sums) {
  enum { MOVES3, JSON_EACH, N_OPS };
  op ops[N_OPS] = {
      [MOVES3] = sql_op(db, "games g, coins_moves(3, g.coins)",
                        "SELECT count(*) FROM games g, coins_moves(3, g.coins)"),
      [JSON_EACH] = sql_op(db, "games g, json_each(g.coins)",
                           "SELECT count(*) FROM games g, json_each(g.coins)"),
  };
  measure(ops, N_OPS, cfg);
  int64_t want = 64 * (int64_t)cfg->rows;
  for (int i = 0; i < N_OPS; i++)
    check(ops[i].result == want, "count(*) FROM %s = %lld, expected %lld", ops[i].label,
          (long long)ops[i].result, (long long)want);
  /* the streamed line must add up to the margin (not timed) */
  sqlite3_stmt *totals = prepare(db,
                                 "SELECT sum(CASE player WHEN 1 THEN gain ELSE -gain END) "
                                 "FROM games g, coins_moves(3, g.coins)");
  op t = {.label = "signed gains of coins_moves(3)", .run = run_sql, .stmt = totals};
  int64_t got = run_sql(&t);
  check(got == sums->v3_margin,
        "coins_moves(3): signed gains add up to %lld, "
        "margins to %lld",
        (long long)got, (long long)sums->v3_margin);
  sqlite3_finalize(totals);

  printf(
      "\nstreaming the moves: SELECT count(*) FROM ..., 64-coin table, "
      "%lld rows out\n",
      (long long)want);
  printf("  %-38s %10s %12s %9s %11s\n", "FROM", "ms/query", "Mrows/s", "ns/row", "x json_each");
  for (int i = 0; i < N_OPS; i++)
    printf("  %-38s %10.2f %12.2f %9.1f %11.2f\n", ops[i].label, ops[i].median * 1e3,
           (double)want / ops[i].median / 1e6, ops[i].median * 1e9 / (double)want,
           ratio(&ops[i], &ops[JSON_EACH]));
  finalize_ops(ops, N_OPS);
}

/* -------------------------------------------------- 3. one huge game */

/* Peak RSS above the RSS at the start of one call of o (o->result is
** checked); -1 if unknown.  Free heap memory is returned to the system
** first, so that memory a call touches shows up whatever malloc reuses.
** Where the high-water mark cannot be reset: the increase of VmHWM (a
** lower bound; the sizes grow, so earlier peaks are smaller). */
static long long peak_of(op *o, int *exact) {
#ifdef __GLIBC__
  malloc_trim(0);
#endif
  *exact = reset_peak();
  long long base = *exact ? status_bytes("VmRSS") : status_bytes("VmHWM");
  call(o);
  long long peak = status_bytes("VmHWM");
  return base < 0 || peak < 0 ? -1 : peak - base;
}

enum { H_MARGIN, H_MOVES, H_JSON, H_MARGIN_LEN, N_HUGE_OPS };

/* Memory only: the valley a[i] = |i - n/2| has no peak to fuse, so the
** solvers keep a block per coin: the worst case for their memory. */
static void valley_game(const config *cfg, sqlite3 *db, size_t n, results *res) {
  int64_t *a = xmalloc(n * sizeof *a);
  int64_t *work = xmalloc(coins3_work_words(n) * sizeof *work);
  char *text = xmalloc(21 * n + 3);
  for (size_t i = 0; i < n; i++) a[i] = i < n / 2 ? (int64_t)(n / 2 - i) : (int64_t)(i - n / 2);
  size_t len = format_array(text, a, n);
  coins_result r;
  coins3_solve(a, n, work, &r);
  if (cfg->smoke) {
    int64_t m = ref3_margin(a, 0, n);
    check(m == r.margin, "valley n=%zu: core %lld, reference DP %lld", n, (long long)r.margin,
          (long long)m);
  }
  free(a);
  free(work);
  op ops[2] = {
      sql_op(db, "coins_margin(3, ?1)", "SELECT coins_margin(3, ?1)"),
      sql_op(db, "count(*) FROM coins_moves(3, ?1)", "SELECT count(*) FROM coins_moves(3, ?1)"),
  };
  const int64_t want[2] = {r.margin, (int64_t)n};
  double n24 = 24.0 * (double)n;
  printf(
      "\n  worst case for memory: the valley |i - n/2|, n = %zu (nothing "
      "fuses), text %.2f MB\n",
      n, (double)len / 1e6);
  printf("    %-40s %10s %8s %8s %9s %6s\n", "SELECT ...", "", "", "", "peak MB", "x 24n");
  for (int i = 0; i < 2; i++) {
    sqlite3_bind_text(ops[i].stmt, 1, text, -1, SQLITE_STATIC);
    ops[i].result = want[i];
    long long peak = peak_of(&ops[i], &res->peak_exact);
    printf("    %-40s %10s %8s %8s %9.2f %6.2f\n", ops[i].label, "", "", "", (double)peak / 1e6,
           (double)peak / n24);
    if (i == 0)
      res->valley_margin = peak;
    else
      res->valley_moves = peak;
  }
  finalize_ops(ops, 2);
  free(text);
}

static void huge_games(const config *cfg, results *res) {
  sqlite3 *db = open_db();
  double per_coin[3][N_HUGE_OPS];
  const char *labels[N_HUGE_OPS];
  printf(
      "\none huge game, the text bound as ?1 (values 0..999); peak = the "
      "resident memory one\ncall adds to the process with the text built "
      "(%s)\n",
      reset_peak() ? "VmHWM, reset via /proc/self/clear_refs" : "VmHWM increase: a lower bound");
  for (size_t k = 0; k < 3 && cfg->huge[k]; k++) {
    size_t n = cfg->huge[k];
    int64_t *a = xmalloc(n * sizeof *a);
    int64_t *work = xmalloc(coins3_work_words(n) * sizeof *work);
    char *text = xmalloc(21 * n + 3);
    uint64_t seed = 1000003 * (uint64_t)n;
    deal(&seed, a, n);
    size_t len = format_array(text, a, n);
    coins_result r;
    coins3_solve(a, n, work, &r);
    if (n <= 20000) {
      int64_t m = ref3_margin(a, 0, n);
      check(m == r.margin, "huge game n=%zu: core %lld, reference DP %lld", n, (long long)r.margin,
            (long long)m);
    }
    free(a); /* the baseline for memory is the text alone */
    free(work);

    op ops[N_HUGE_OPS] = {
        [H_MARGIN] = sql_op(db, "coins_margin(3, ?1)", "SELECT coins_margin(3, ?1)"),
        [H_MOVES] = sql_op(db, "count(*) FROM coins_moves(3, ?1)",
                           "SELECT count(*) FROM coins_moves(3, ?1)"),
        [H_JSON] = sql_op(db, "json_array_length(?1)", "SELECT json_array_length(?1)"),
        [H_MARGIN_LEN] =
            sql_op(db, "coins_margin(3, ?1), ?1 bound w/ length", "SELECT coins_margin(3, ?1)"),
    };
    /* bound as NUL-terminated text (length -1): SQLite uses it in place.
    ** With an explicit length SQLite copies it on every call to add the
    ** terminator sqlite3_value_text promises: the last op shows that. */
    for (int i = 0; i < N_HUGE_OPS; i++)
      sqlite3_bind_text(ops[i].stmt, 1, text, i == H_MARGIN_LEN ? (int)len : -1, SQLITE_STATIC);
    const int64_t want[N_HUGE_OPS] = {r.margin, (int64_t)n, (int64_t)n, r.margin};
    /* memory first: one call each from a quiet state */
    long long mem[N_HUGE_OPS];
    for (int i = 0; i < N_HUGE_OPS; i++) {
      ops[i].result = want[i];
      mem[i] = peak_of(&ops[i], &res->peak_exact);
    }
    measure(ops, N_HUGE_OPS, cfg);
    for (int i = 0; i < N_HUGE_OPS; i++)
      check(ops[i].result == want[i],
            "huge game n=%zu: %s = %lld, expected "
            "%lld",
            n, ops[i].label, (long long)ops[i].result, (long long)want[i]);
    /* the streamed line must add up to the margin (not timed) */
    sqlite3_stmt *totals = prepare(db,
                                   "SELECT sum(CASE player WHEN 1 THEN gain ELSE -gain END) "
                                   "FROM coins_moves(3, ?1)");
    sqlite3_bind_text(totals, 1, text, -1, SQLITE_STATIC);
    op t = {.label = "signed gains", .run = run_sql, .stmt = totals};
    int64_t got = run_sql(&t);
    check(got == r.margin,
          "huge game n=%zu: coins_moves gains add up to %lld,"
          " margin %lld",
          n, (long long)got, (long long)r.margin);
    sqlite3_finalize(totals);

    double dn = (double)n, n24 = 24.0 * dn;
    printf("\n  n = %zu, text %.2f MB, 24n = %.2f MB\n", n, (double)len / 1e6, n24 / 1e6);
    printf("    %-40s %10s %8s %8s %9s %6s\n", "SELECT ...", "ms", "ns/coin", "x json", "peak MB",
           "x 24n");
    for (int i = 0; i < N_HUGE_OPS; i++) {
      printf("    %-40s %10.2f %8.2f %8.2f %9.2f %6.2f\n", ops[i].label, ops[i].median * 1e3,
             ops[i].median * 1e9 / dn, ratio(&ops[i], &ops[H_JSON]), (double)mem[i] / 1e6,
             (double)mem[i] / n24);
      per_coin[k][i] = ops[i].median / dn;
      labels[i] = ops[i].label;
    }
    res->huge_n[k] = n;
    res->text_bytes[k] = len;
    res->margin_per_coin[k] = ops[H_MARGIN].median / dn;
    res->moves_per_coin[k] = ops[H_MOVES].median / dn;
    res->json_per_coin[k] = ops[H_JSON].median / dn;
    res->margin_vs_json[k] = ratio(&ops[H_MARGIN], &ops[H_JSON]);
    res->peak_margin[k] = mem[H_MARGIN];
    res->peak_moves[k] = mem[H_MOVES];
    finalize_ops(ops, N_HUGE_OPS);
    free(text);
  }

  size_t last = 2;
  while (last > 0 && res->huge_n[last] == 0) last--;
  valley_game(cfg, db, res->huge_n[last], res);
  printf("\n  time per coin, ns (flat = linear growth)\n    %-40s", "SELECT ...");
  for (size_t k = 0; k <= last; k++) printf(" %9zu", res->huge_n[k]);
  printf(" %9s\n", "last/1st");
  for (int i = 0; i < N_HUGE_OPS; i++) {
    printf("    %-40s", labels[i]);
    for (size_t k = 0; k <= last; k++) printf(" %9.2f", per_coin[k][i] * 1e9);
    printf(" %9.2f\n", per_coin[last][i] / per_coin[0][i]);
  }
  sqlite3_close(db);
}

/* ------------------------------------- 4. reviews and strategies */

/* Records of n coins reviewed, and games played, against the line of
** coins_moves on the same coins: every figure must grow like n (x10 a
** step), or n log n for a variant III review (about x12). */
static void reviews(const config *cfg) {
  enum { LINE3, OPTIMAL3, RANDOM3, LEFT3, LINE2, RANDOM2, GREEDY2, N_OPS };
  static const char *const labels[N_OPS] = {
      [LINE3] = "coins_moves(3)  (the baseline)",
      [OPTIMAL3] = "coins_review(3), optimal record",
      [RANDOM3] = "coins_review(3), random L/R",
      [LEFT3] = "coins_review(3), always L",
      [LINE2] = "coins_moves(2, k = n)",
      [RANDOM2] = "coins_review(2, k = n), takes 1..3",
      [GREEDY2] = "coins_play(2, greedy, random, k = n)",
  };
  static const char *const sql[N_OPS] = {
      [LINE3] = "SELECT count(*) FROM r, coins_moves(3, r.coins)",
      [OPTIMAL3] = "SELECT sum(loss) FROM r, coins_review(3, r.coins, r.optimal)",
      [RANDOM3] = "SELECT sum(loss) FROM r, coins_review(3, r.coins, r.random)",
      [LEFT3] = "SELECT sum(loss) FROM r, coins_review(3, r.coins, r.left)",
      [LINE2] = "SELECT count(*) FROM r, coins_moves(2, r.coins, r.n)",
      [RANDOM2] = "SELECT sum(loss) FROM r, coins_review(2, r.coins, r.takes, r.n)",
      [GREEDY2] = "SELECT count(*) FROM r, coins_play(2, r.coins, 'greedy', 'random:7', r.n)",
  };
  double per_move[3][N_OPS];
  printf("\nreviews and strategies: one record of n coins, time per move (x the baseline)\n");
  for (int k = 0; k < 3; k++) {
    size_t n = cfg->records[k];
    sqlite3 *db = open_db();
    char *make = sqlite3_mprintf(
        "CREATE TABLE r AS SELECT %lld AS n, coins, "
        " (SELECT group_concat(move, '') FROM coins_moves(3, coins)) AS optimal,"
        " (SELECT group_concat(iif(value, 'L', 'R'), '') FROM json_each(coins_deal(2, %lld, 0, 1)))"
        "   AS random,"
        " printf('%%.*c', %lld, 'L') AS left,"
        " coins_deal(3, %lld, 1, 3) AS takes"
        " FROM (SELECT coins_deal(1, %lld) AS coins)",
        (long long)n, (long long)n, (long long)n, (long long)n / 3, (long long)n);
    exec(db, make);
    sqlite3_free(make);
    op ops[N_OPS];
    for (int i = 0; i < N_OPS; i++) ops[i] = sql_op(db, labels[i], sql[i]);
    measure(ops, N_OPS, cfg);
    for (int i = 0; i < N_OPS; i++) per_move[k][i] = ops[i].median * 1e9 / (double)n;
    check(ops[LINE3].result == (int64_t)n, "coins_moves(3) gave %lld rows",
          (long long)ops[LINE3].result);
    check(ops[OPTIMAL3].result == 0, "the optimal record lost %lld",
          (long long)ops[OPTIMAL3].result);
    for (int i = 0; i < N_OPS; i++) per_move[k][i] = ops[i].median * 1e9 / (double)n;
    finalize_ops(ops, N_OPS);
    sqlite3_close(db);
  }
  printf("  %-38s", "n");
  for (int k = 0; k < 3; k++) printf(" %20zu", cfg->records[k]);
  printf("  per move, n x10\n");
  for (int i = 0; i < N_OPS; i++) {
    int base = i >= LINE2 ? LINE2 : LINE3;
    printf("  %-38s", labels[i]);
    for (int k = 0; k < 3; k++)
      printf(" %9.1f ns (x%5.2f)", per_move[k][i], per_move[k][i] / per_move[k][base]);
    printf("  x%.2f, x%.2f\n", per_move[1][i] / per_move[0][i], per_move[2][i] / per_move[1][i]);
  }
  /* variant III play, optimal against a random player: the one case
  ** left quadratic (each move off the line re-solves what is left) */
  printf("  coins_play(3, optimal, random) once, s:");
  for (int k = 0; k < 3; k++) {
    size_t n = cfg->records[k] / 10;
    sqlite3 *db = open_db();
    char *q = sqlite3_mprintf(
        "SELECT count(*) FROM coins_play(3, coins_deal(1, %lld), 'optimal', 'random:1')",
        (long long)n);
    op o = sql_op(db, "play", q);
    double t0 = now();
    int64_t rows = run_sql(&o);
    check(rows == (int64_t)n, "coins_play(3) played %lld moves", (long long)rows);
    printf(" n=%zu %.3f", n, now() - t0);
    sqlite3_finalize(o.stmt);
    sqlite3_free(q);
    sqlite3_close(db);
  }
  printf("  (each move off the line re-solves what is left: O(n^2), x100 a step)\n");
}

/* -------------------------------------------- 4. the textbook algorithm */

static void textbook(const config *cfg) {
  op ref[MAX_SIZES], core[MAX_SIZES];
  printf(
      "\nthe textbook O(n^2) DP (ref3_margin) against coins3_solve, both "
      "called directly\n");
  printf("  %7s | %12s %12s | %9s | %7s %9s %9s\n", "n", "DP us", "coins3 us", "DP/coins3", "n x",
         "DP grow", "core grow");
  for (size_t k = 0; k < cfg->n_dp; k++) {
    size_t n = cfg->dp[k];
    int64_t *a = xmalloc(n * sizeof *a);
    int64_t *work = xmalloc(coins3_work_words(n) * sizeof *work);
    uint64_t seed = 77 + n;
    deal(&seed, a, n);
    op pair[2] = {
        {.label = "ref3_margin", .run = run_ref3, .a = a, .n = n},
        {.label = "coins3_solve", .run = run_core3, .a = a, .n = n, .work = work},
    };
    measure(pair, 2, cfg);
    check(pair[0].result == pair[1].result,
          "n=%zu: coins3_solve margin %lld, "
          "ref3_margin %lld",
          n, (long long)pair[1].result, (long long)pair[0].result);
    ref[k] = pair[0];
    core[k] = pair[1];
    printf("  %7zu | %12.2f %12.3f | %9.1f |", n, ref[k].median * 1e6, core[k].median * 1e6,
           ratio(&ref[k], &core[k]));
    if (k > 0)
      printf(" %7.1f %9.1f %9.1f\n", (double)n / (double)cfg->dp[k - 1],
             ref[k].median / ref[k - 1].median, core[k].median / core[k - 1].median);
    else
      printf(" %7s %9s %9s\n", "", "", "");
    free(a);
    free(work);
  }
  /* where the lines cross: c_dp n^2 = c_core n, from the smallest size */
  double n0 = (double)cfg->dp[0];
  double c_dp = ref[0].median / (n0 * n0), c_core = core[0].median / n0;
  printf(
      "  crossover (from n=%zu: DP ~ c n^2, coins3 ~ c' n): n ~ %.1f; "
      "above it coins3 wins\n",
      cfg->dp[0], c_core / c_dp);
}

/* ----------------------------------------------------------- 5. targets */

static void target(int met, int smoke, const char *fmt, ...) PRINTF_LIKE(3, 4);
static void target(int met, int smoke, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  printf("  %-9s ", met ? "[met]" : "[not met]");
  vprintf(fmt, ap);
  printf("%s\n", smoke ? "  (smoke sizes: not meaningful)" : "");
  va_end(ap);
}

static void targets(const config *cfg, const results *res) {
  int s = cfg->smoke;
  size_t last = 2;
  while (last > 0 && res->huge_n[last] == 0) last--;
  printf("\ntargets (informational; they never fail the run)\n");
  target(res->v3_margin_vs_json_64 <= 0.5, s,
         "III coins_margin, 64-coin rows: %.2fx json_array_length "
         "(target <= 0.5x)",
         res->v3_margin_vs_json_64);
  target(res->v3_margin_vs_floor_64 <= 2.5, s,
         "III coins_margin, 64-coin rows: %.2fx the length() floor "
         "(target <= 2.5x)",
         res->v3_margin_vs_floor_64);
  target(res->margin_vs_json[last] <= 0.5, s,
         "one game of %zu coins: coins_margin(3, ...) %.2fx json_array_length"
         " (target <= 0.5x)",
         res->huge_n[last], res->margin_vs_json[last]);
  double mg = res->margin_per_coin[last] / res->margin_per_coin[0];
  double mv = res->moves_per_coin[last] / res->moves_per_coin[0];
  target(mg <= 1.5 && mg >= 1 / 1.5, s,
         "time per coin, coins_margin, n=%zu -> %zu: x%.2f (target within "
         "1.5x)",
         res->huge_n[0], res->huge_n[last], mg);
  target(mv <= 1.5 && mv >= 1 / 1.5, s,
         "time per coin, coins_moves, n=%zu -> %zu: x%.2f (target within "
         "1.5x)",
         res->huge_n[0], res->huge_n[last], mv);
  double n24 = 24.0 * (double)res->huge_n[last];
  target(res->peak_margin[last] >= 0 && (double)res->peak_margin[last] <= n24, s,
         "peak memory above the text, coins_margin, n=%zu: %.1f MB = "
         "%.2f x 24n (target <= 24n)",
         res->huge_n[last], (double)res->peak_margin[last] / 1e6,
         (double)res->peak_margin[last] / n24);
  target(res->peak_moves[last] >= 0 && (double)res->peak_moves[last] <= n24, s,
         "peak memory above the text, coins_moves, n=%zu: %.1f MB = "
         "%.2f x 24n (target <= 24n)",
         res->huge_n[last], (double)res->peak_moves[last] / 1e6,
         (double)res->peak_moves[last] / n24);
  target(res->valley_margin >= 0 && (double)res->valley_margin <= n24, s,
         "peak memory above the text, coins_margin, valley n=%zu: %.1f MB = "
         "%.2f x 24n (target <= 24n)",
         res->huge_n[last], (double)res->valley_margin / 1e6, (double)res->valley_margin / n24);
  target(res->valley_moves >= 0 && (double)res->valley_moves <= n24, s,
         "peak memory above the text, coins_moves, valley n=%zu: %.1f MB = "
         "%.2f x 24n (target <= 24n)",
         res->huge_n[last], (double)res->valley_moves / 1e6, (double)res->valley_moves / n24);
}

/* ---------------------------------------------------------------- main */

static void cpu_model(char *out, size_t size) {
  snprintf(out, size, "unknown CPU");
  FILE *f = fopen("/proc/cpuinfo", "r");
  if (f == NULL) return;
  char line[512];
  while (fgets(line, sizeof line, f))
    if (strncmp(line, "model name", 10) == 0) {
      char *p = strchr(line, ':');
      if (p == NULL) break;
      p++;
      while (*p == ' ' || *p == '\t') p++;
      p[strcspn(p, "\n")] = 0;
      snprintf(out, size, "%s", p);
      break;
    }
  fclose(f);
}

static void usage(void) {
  fprintf(stderr,
          "usage: bench [--smoke | --quick] [--rounds=R] [--rows=N]\n"
          "  (BENCH_SMOKE=1 in the environment means --smoke)\n");
  exit(2);
}

int main(int argc, char **argv) {
  config cfg = {
      .mode = "full",
      .rounds = 5,
      .rows = 100000,
      .row_coins = {16, 64, 256},
      .huge = {100000, 1000000, 10000000},
      .records = {10000, 100000, 1000000},
      .n_dp = 6,
      .dp = {16, 64, 256, 1000, 10000, 20000},
      .min_time = 0.02,
  };
  const char *env = getenv("BENCH_SMOKE");
  int smoke = env && *env && strcmp(env, "0") != 0, quick = 0;
  long rounds = 0, rows = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--smoke") == 0)
      smoke = 1;
    else if (strcmp(argv[i], "--quick") == 0)
      quick = 1;
    else if (strncmp(argv[i], "--rounds=", 9) == 0)
      rounds = atol(argv[i] + 9);
    else if (strncmp(argv[i], "--rows=", 7) == 0)
      rows = atol(argv[i] + 7);
    else
      usage();
  }
  if (smoke) {
    config s = {.mode = "smoke",
                .smoke = 1,
                .rounds = 3,
                .rows = 200,
                .row_coins = {16, 64, 256},
                .huge = {100, 1000, 10000},
                .records = {100, 1000, 10000},
                .n_dp = 3,
                .dp = {16, 64, 200},
                .min_time = 0};
    cfg = s;
  } else if (quick) {
    cfg.mode = "quick";
    cfg.rounds = 3;
    cfg.rows = 20000;
    cfg.n_dp = 5;
  }
  if (rounds) {
    if (rounds < 1 || rounds > MAX_ROUNDS) usage();
    cfg.rounds = (int)rounds;
  }
  if (rows) {
    if (rows < 1) usage();
    cfg.rows = rows;
  }

  char cpu[256], load[64] = "?";
  cpu_model(cpu, sizeof cpu);
  FILE *f = fopen("/proc/loadavg", "r");
  if (f) {
    if (fgets(load, sizeof load, f)) load[strcspn(load, " ")] = 0;
    fclose(f);
  }
  printf(
      "coins %s bench (%s): %ld CPUs, %s, SQLite %s, load average %s;\n"
      "%d interleaved rounds (%d where a round is under 0.3 s), medians\n",
      COINS_VERSION, cfg.mode, sysconf(_SC_NPROCESSORS_ONLN), cpu, sqlite3_libversion(), load,
      cfg.rounds, cfg.smoke ? cfg.rounds : MAX_ROUNDS);
  double t_start = now();
  results res;
  memset(&res, 0, sizeof res);

  printf(
      "\nper-row cost: SELECT sum(f(coins)) FROM games, in-memory, "
      "values 0..999\n");
  sqlite3 *db64 = NULL;
  row_sums sums64;
  for (int k = 0; k < 3; k++) {
    size_t n = cfg.row_coins[k];
    row_sums sums;
    double text_mb;
    sqlite3 *db = build_games(&cfg, n, &sums, &text_mb);
    per_row(&cfg, db, n, &sums, text_mb, &res);
    if (n == 64) {
      db64 = db;
      sums64 = sums;
    } else {
      sqlite3_close(db);
    }
  }
  if (db64) {
    streaming(&cfg, db64, &sums64);
    sqlite3_close(db64);
  }
  huge_games(&cfg, &res);
  reviews(&cfg);
  textbook(&cfg);
  targets(&cfg, &res);
  printf("\n%s in %.1f s\n", failures ? "RESULTS DISAGREE" : "all results agree", now() - t_start);
  return failures ? 1 : 0;
}
