/*
** bench.c -- the coins benchmark: what a call costs, measured side by side,
** next to SQLite's own JSON functions and to the floor (functions that do
** nothing, registered the way coins' are).
**
**   make bench          full run: 100,000 rows, 5 rounds (about 3 minutes
**                       on 2 cores; tests/bench/udf_bench.py runs after it)
**   make bench-smoke    tiny sizes (200 rows, n <= 10^4, DP at <= 200), no
**                       meaning in the times, checks that results agree
**   build/bench [--smoke | --quick] [--wall] [--rounds=R] [--rows=N]
**                       --quick: 20,000 rows, 3 rounds (5 for short ones),
**                       DP up to 10^4;
**                       --wall: time with CLOCK_MONOTONIC, not CPU time;
**                       BENCH_SMOKE=1 in the environment = --smoke
**
** Everything is measured in ONE process: each group of measurements that
** is compared is run in interleaved rounds (each round runs every member
** once, in a rotated order; 5 rounds, 15 for groups whose round is
** shorter than 0.6 s) and the median over the rounds is reported;
** ratios (and differences) are the medians of the per-round ratios (and
** differences).  A measurement repeats a call until it lasts at least
** 20 ms (not in --smoke).  Clock: the CPU time of the thread
** (CLOCK_THREAD_CPUTIME_ID: user + system time, page faults included), so
** that on a shared, busy machine the time other processes hold the CPU is
** not counted; --wall measures CLOCK_MONOTONIC instead.
**
** The floor: do_nothing(variant, coins) is a scalar registered with coins'
** flags (SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS) that
** returns 1 without reading its arguments, and nothing_rows(coins, rows)
** an eponymous table-valued function declared and planned the way coins'
** are (hidden argument columns, the generate_series pattern) that yields
** `rows` rows without reading the text.  What SQLite charges any function
** of that shape is below them; "x floor" and "ns > floor" say how far a
** figure is above that line.
**
** Sections:
**   1. per-row cost: a table games(coins TEXT) of 100,000 games of 16 and
**      64 coins and 25,000 of 256 (values 0..999, splitmix64 seeded with
**      the coin count, the same rows tests/bench/udf_bench.py builds), as
**      compact JSON ([1,2,3]) and, for 64 coins, spaced JSON too ([1, 2, 3],
**      as Python's json.dumps writes it); each scalar against
**      sum(length(coins)) (SQLite reading every row),
**      sum(json_array_length(coins)) (SQLite's JSON parser on the same
**      text) and sum(do_nothing(3, coins)) (the floor);
**   2. streaming the moves: count(*) of coins_moves against json_each and
**      against nothing_rows(g.coins, 64), and sum(gain) (every move played)
**      against json_each's sum(value), both 64-coin tables;
**   3. one huge game of 10^5, 10^6, 2*10^6 and 10^7 coins bound as a
**      parameter, compact and spaced: coins_margin, count(*) of coins_moves
**      and json_array_length, against length() (one pass over the text) and
**      nothing_rows; time per coin and peak resident memory above the text
**      (VmHWM, reset through /proc/self/clear_refs where allowed), and the
**      memory of the worst case (a valley, where nothing fuses);
**   4. reviews and strategies on records of 10^4..10^6 coins;
**   5. variant III play, 10^4..10^6 coins: 'optimal' against random,
**      greedy and careless players (off its line at almost every other
**      move) and against itself;
**   6. the textbook O(n^2) DP (tests/unit/reference.c) against coins_solve3,
**      called directly;
**   7. the analysis: coins_options, the review's new columns, scorecards;
**   7b. speed: 8-coin rows (the fixed cost of a call); variant II at
**      k = 2, 5, 9, 16, 64 over 64- and 1024-coin games; the columns of
**      coins_moves (count(*), sum(ply), sum(gain), four columns) and
**      nothing_rows' sum(ply) over 64-coin games and one bound game; one
**      game bound with its length (as Python binds) against the same game
**      from a table; then again
**      on the AVX2 and portable scanners (COINS_SIMD=avx2, 0), each in a
**      process of its own, as the path is chosen once a process;
**   8. targets, printed as met / not met (they never fail the run).
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
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <sqlite3.h>

#include "coins.h"
#include "reference.h"
#include "scan.h"

int sqlite3_coins_init(sqlite3 *db, char **pzErrMsg, const sqlite3_api_routines *pApi);

#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#define MAX_ROUNDS 15
#define MAX_SIZES 8
#define N_HUGE 4
#define FLAGS (SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS) /* coins' flags */

/* ------------------------------------------------------------ settings */

typedef struct config {
  const char *mode; /* "full", "quick" or "smoke"                    */
  int smoke;
  int rounds;
  int short_rounds;    /* rounds for a group whose round is under 0.6 s */
  long rows;           /* games per per-row table                      */
  size_t row_coins[3]; /* coins per game: 16, 64, 256                  */
  size_t huge[N_HUGE]; /* one huge game: 10^5, 10^6, 2*10^6, 10^7      */
  size_t records[3];   /* reviews, strategies, play: 10^4, 10^5, 10^6  */
  size_t n_dp;
  size_t dp[MAX_SIZES]; /* the DP comparison                            */
  double min_time;      /* a measurement lasts at least this (seconds)  */
} config;

/* The two ways the same rows are written. */
enum { COMPACT, SPACED, N_FORMATS };
static const char *const format_name[N_FORMATS] = {"compact", "spaced"};
static const char *const format_example[N_FORMATS] = {"[1,2,3]", "[1, 2, 3]"};

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

static double clock_seconds(clockid_t clock) {
  struct timespec ts;
  if (clock_gettime(clock, &ts) != 0) die("clock_gettime failed");
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Wall-clock time (sections, the total). */
static double now(void) { return clock_seconds(CLOCK_MONOTONIC); }

/* The clock measurements use: the CPU time of this thread (user + system,
** page faults included), so that the time other processes hold the CPU of
** a busy machine is not counted; CLOCK_MONOTONIC with --wall. */
static clockid_t measure_clock = CLOCK_THREAD_CPUTIME_ID;

static double tick(void) { return clock_seconds(measure_clock); }

/* ------------------------------------------------------------- the data */

/* splitmix64 (the same in udf_bench.py): value = next % 1000. */
static uint64_t mix_next(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* The values a row can hold (the row cases of the scanners' section). */
typedef enum values {
  SMALL,  /* 0..999, as people store games (udf_bench.py's)  */
  BIG,    /* 0..10^9                                          */
  SIGNED, /* -999..999                                        */
  MIXED,  /* 0..10^6, of 1 to 6 digits alike                 */
  N_VALUES
} values;
static const char *const values_name[N_VALUES] = {"0..999", "0..10^9", "-999..999",
                                                  "mixed 0..10^6"};

static int64_t deal_value(uint64_t *s, values kind) {
  uint64_t x = mix_next(s);
  switch (kind) {
    case SMALL: return (int64_t)(x % 1000);
    case BIG: return (int64_t)(x % 1000000001);
    case SIGNED: return (int64_t)(x % 1999) - 999;
    default: break; /* MIXED */
  }
  static const uint64_t below[6] = {10, 100, 1000, 10000, 100000, 1000000};
  return (int64_t)((x >> 8) % below[(x & 0xFF) % 6]);
}

static void deal_of(uint64_t *s, int64_t *a, size_t n, values kind) {
  for (size_t i = 0; i < n; i++) a[i] = deal_value(s, kind);
}

static void deal(uint64_t *s, int64_t *a, size_t n) { deal_of(s, a, n, SMALL); }

/* Room format_array needs for n values. */
static size_t text_room(size_t n) { return 22 * n + 3; }

/* Writes a as a JSON array to buf (room: text_room(n)), compact ([1,2,3])
** or spaced ([1, 2, 3], as Python's json.dumps writes it); returns the
** length. */
static size_t format_array(char *buf, const int64_t *a, size_t n, int spaced) {
  char *p = buf;
  *p++ = '[';
  for (size_t i = 0; i < n; i++) {
    if (i) {
      *p++ = ',';
      if (spaced) *p++ = ' ';
    }
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

/* ------------------------------------------------------------ the floor */

/* do_nothing(variant, coins [, max_take]): 1, whatever the arguments; reads
** none of them.  The least a scalar registered like coins' can cost. */
static void nothing_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  (void)argv;
  sqlite3_result_int(ctx, 1);
}

/* nothing_rows(coins, rows): rows rows (ply = 1..rows), the text never
** read.  Declared like coins_moves: the same visible columns, the
** arguments as HIDDEN columns, eponymous-only, innocuous, planned the
** generate_series way (ext/sqlite/tvf.c). */
#define NOTHING_VISIBLE 8
#define NOTHING_ARGS 2

typedef struct nothing_cursor {
  sqlite3_vtab_cursor base;
  sqlite3_int64 ply, rows;
} nothing_cursor;

static int nothing_connect(sqlite3 *db, void *aux, int argc, const char *const *argv,
                           sqlite3_vtab **out, char **err) {
  (void)aux;
  (void)argc;
  (void)argv;
  (void)err;
  int rc = sqlite3_declare_vtab(db,
                                "CREATE TABLE x(ply, player, move, take, pos, gain, first_total, "
                                "second_total, arg_coins HIDDEN, arg_rows HIDDEN)");
  if (rc != SQLITE_OK) return rc;
  sqlite3_vtab *vtab = sqlite3_malloc(sizeof *vtab);
  if (vtab == NULL) return SQLITE_NOMEM;
  memset(vtab, 0, sizeof *vtab);
  *out = vtab;
  sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
  return SQLITE_OK;
}

static int nothing_disconnect(sqlite3_vtab *vtab) {
  sqlite3_free(vtab);
  return SQLITE_OK;
}

static int nothing_open(sqlite3_vtab *vtab, sqlite3_vtab_cursor **out) {
  (void)vtab;
  nothing_cursor *cur = sqlite3_malloc(sizeof *cur);
  if (cur == NULL) return SQLITE_NOMEM;
  memset(cur, 0, sizeof *cur);
  *out = &cur->base;
  return SQLITE_OK;
}

static int nothing_close(sqlite3_vtab_cursor *cur) {
  sqlite3_free(cur);
  return SQLITE_OK;
}

static int nothing_filter(sqlite3_vtab_cursor *base, int idx_num, const char *idx_str, int argc,
                          sqlite3_value **argv) {
  nothing_cursor *cur = (nothing_cursor *)base;
  (void)idx_num;
  (void)idx_str;
  cur->ply = 1;
  cur->rows = argc == NOTHING_ARGS ? sqlite3_value_int64(argv[1]) : 0; /* argv[0] unread */
  return SQLITE_OK;
}

static int nothing_next(sqlite3_vtab_cursor *base) {
  ((nothing_cursor *)base)->ply++;
  return SQLITE_OK;
}

static int nothing_eof(sqlite3_vtab_cursor *base) {
  nothing_cursor *cur = (nothing_cursor *)base;
  return cur->ply > cur->rows;
}

static int nothing_column(sqlite3_vtab_cursor *base, sqlite3_context *ctx, int col) {
  nothing_cursor *cur = (nothing_cursor *)base;
  if (col == 0) sqlite3_result_int64(ctx, cur->ply);
  if (col == NOTHING_VISIBLE + 1) sqlite3_result_int64(ctx, cur->rows);
  return SQLITE_OK; /* the other columns (and arg_coins) are NULL */
}

static int nothing_rowid(sqlite3_vtab_cursor *base, sqlite_int64 *rowid) {
  *rowid = ((nothing_cursor *)base)->ply;
  return SQLITE_OK;
}

/* Both arguments from usable equality constraints (SQLITE_CONSTRAINT
** while one is not usable yet), the same estimates as coins'. */
static int nothing_best_index(sqlite3_vtab *vtab, sqlite3_index_info *info) {
  int where[NOTHING_ARGS] = {-1, -1};
  unsigned unusable = 0;
  for (int i = 0; i < info->nConstraint; i++) {
    const struct sqlite3_index_constraint *c = &info->aConstraint[i];
    int arg = c->iColumn - NOTHING_VISIBLE;
    if (arg < 0 || arg >= NOTHING_ARGS || c->op != SQLITE_INDEX_CONSTRAINT_EQ) continue;
    if (!c->usable)
      unusable |= 1u << arg;
    else if (where[arg] < 0)
      where[arg] = i;
  }
  for (int arg = 0; arg < NOTHING_ARGS; arg++)
    if (where[arg] < 0 && (unusable >> arg & 1)) return SQLITE_CONSTRAINT;
  if (where[0] < 0 || where[1] < 0) {
    sqlite3_free(vtab->zErrMsg);
    vtab->zErrMsg = sqlite3_mprintf("nothing_rows: missing argument");
    return SQLITE_ERROR;
  }
  for (int arg = 0; arg < NOTHING_ARGS; arg++) {
    info->aConstraintUsage[where[arg]].argvIndex = arg + 1;
    info->aConstraintUsage[where[arg]].omit = 1;
  }
  info->idxNum = 3;
  info->estimatedRows = 1000;
  info->estimatedCost = 1000;
  return SQLITE_OK;
}

static const sqlite3_module nothing_module = {
    .iVersion = 0,
    .xConnect = nothing_connect,
    .xBestIndex = nothing_best_index,
    .xDisconnect = nothing_disconnect,
    .xOpen = nothing_open,
    .xClose = nothing_close,
    .xFilter = nothing_filter,
    .xNext = nothing_next,
    .xEof = nothing_eof,
    .xColumn = nothing_column,
    .xRowid = nothing_rowid,
};

static void register_floor(sqlite3 *db) {
  for (int argc = 2; argc <= 3; argc++)
    if (sqlite3_create_function_v2(db, "do_nothing", argc, FLAGS, NULL, nothing_func, NULL, NULL,
                                   NULL) != SQLITE_OK)
      die("do_nothing: %s", sqlite3_errmsg(db));
  if (sqlite3_create_module(db, "nothing_rows", &nothing_module, NULL) != SQLITE_OK)
    die("nothing_rows: %s", sqlite3_errmsg(db));
}

/* ---------------------------------------------------------- measurement */

typedef struct op op;
struct op {
  const char *label;
  int64_t (*run)(op *);
  sqlite3_stmt *stmt;  /* SQL: one row, one integer column      */
  const char *scanner; /* SQL: the scanner that reads the rows  */
  const int64_t *a;    /* core: the row                         */
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

/* run_sql with o->scanner the one that runs (scan_table.c). */
static int64_t run_sql_scanner(op *o) {
  coins_scan_table_use(o->scanner);
  return run_sql(o);
}

static int64_t run_core3(op *o) {
  coins_solution r;
  coins_solve3(o->a, o->n, o->work, &r);
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
** makes.  A group whose round is short (under 0.6 s) gets more rounds, up
** to cfg->short_rounds: they cost little and steady the median. */
static void measure(op *ops, int n, const config *cfg) {
  double round_time = 0;
  for (int i = 0; i < n; i++) {
    op *o = &ops[i];
    double t0 = tick();
    o->result = o->run(o);
    double dt = tick() - t0;
    long reps = 1;
    if (!cfg->smoke && dt < cfg->min_time) reps = dt > 0 ? (long)(cfg->min_time / dt) + 1 : 1000;
    o->reps = reps > 100000 ? 100000 : reps;
    round_time += dt * (double)o->reps;
  }
  int rounds = cfg->rounds;
  if (round_time < 0.6 && cfg->short_rounds > rounds) rounds = cfg->short_rounds;
  for (int r = 0; r < rounds; r++)
    for (int k = 0; k < n; k++) {
      op *o = &ops[(k + r) % n];
      double t0 = tick();
      for (long i = 0; i < o->reps; i++) call(o);
      o->t[r] = (tick() - t0) / (double)o->reps;
    }
  for (int i = 0; i < n; i++) {
    ops[i].rounds = rounds;
    ops[i].median = median(ops[i].t, rounds);
  }
}

/* The median over the rounds of a's time minus b's, in seconds. */
static double over(const op *a, const op *b) {
  double d[MAX_ROUNDS];
  int rounds = a->rounds < b->rounds ? a->rounds : b->rounds;
  for (int i = 0; i < rounds; i++) d[i] = a->t[i] - b->t[i];
  return median(d, rounds);
}

/* ------------------------------------------------------------- results */

/* One figure of the targets: ratios are medians of per-round ratios. */
typedef struct figure {
  double vs_json;  /* x SQLite's JSON (json_array_length, json_each)    */
  double vs_len;   /* x length() (per-row tables)                        */
  double vs_floor; /* x do_nothing / nothing_rows (length() huge games)  */
  double over_ns;  /* ns per row (per coin) above the floor              */
} figure;

static figure figure_of(const op *o, const op *json, const op *len, const op *floor, double per) {
  figure f = {
      .vs_json = ratio(o, json),
      .vs_len = len ? ratio(o, len) : 0,
      .vs_floor = ratio(o, floor),
      .over_ns = over(o, floor) * 1e9 / per,
  };
  return f;
}

enum { R_V2_MARGIN, R_V2_MARGIN5, R_V3_MARGIN, N_ROW_TARGETS };

/* The row cases of the scanners' section: the values, and how written. */
typedef struct row_case {
  values kind;
  int spaced;
} row_case;
static const row_case row_cases[] = {
    {SMALL, COMPACT}, {SMALL, SPACED}, {BIG, COMPACT}, {SIGNED, COMPACT}, {MIXED, COMPACT}};
#define N_ROW_CASES (sizeof row_cases / sizeof row_cases[0])
#define MAX_SCANNERS 8

typedef struct results {
  size_t n_scanners; /* the scanners this CPU runs, best first */
  const char *scanner[MAX_SCANNERS];
  int have_scan;
  figure scan[N_ROW_CASES][MAX_SCANNERS]; /* coins_margin(3) by row case and scanner */
  int have_row64[N_FORMATS];
  figure row64[N_FORMATS][N_ROW_TARGETS]; /* 64-coin rows */
  int have_stream[N_FORMATS];
  figure stream[N_FORMATS]; /* coins_moves(3, g.coins) */
  size_t huge_n[N_HUGE];
  figure huge_margin[N_FORMATS][N_HUGE];
  double margin_per_coin[N_HUGE], moves_per_coin[N_HUGE];
  long long peak_margin[N_FORMATS][N_HUGE], peak_moves[N_FORMATS][N_HUGE]; /* -1: unknown */
  long long valley_margin, valley_moves; /* the worst case, largest n */
  int peak_exact;
} results;

/* ------------------------------------------------------- 1. per-row cost */

typedef struct row_sums {
  long rows; /* games in the table */
  int64_t len, v1_win, v2_win, v2_margin, v2_margin5, v3_win, v3_margin;
} row_sums;

static sqlite3 *open_db(void) {
  sqlite3 *db = NULL;
  char *err = NULL;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) die("cannot open :memory:");
  if (sqlite3_coins_init(db, &err, NULL) != SQLITE_OK)
    die("sqlite3_coins_init: %s", err ? err : "?");
  register_floor(db);
  return db;
}

/* Games per table: cfg->rows up to 64 coins a game; above, as many as
** make the text of the 64-coin table (25,000 of 256 coins for 100,000). */
static long table_rows(const config *cfg, size_t n) {
  long rows = n > 64 ? (long)((double)cfg->rows * 64 / (double)n) : cfg->rows;
  return rows < 1 ? 1 : rows;
}

/* Builds games(coins TEXT) with table_rows() games of n coins (compact or
** spaced JSON) in a fresh in-memory database; sums what the scalars must
** return, checking the core against the reference DPs on the first rows. */
static sqlite3 *build_games_of(const config *cfg, size_t n, int spaced, values kind, row_sums *sums,
                               double *text_mb) {
  sqlite3 *db = open_db();
  exec(db, "CREATE TABLE games(coins TEXT)");
  exec(db, "BEGIN");
  sqlite3_stmt *ins = prepare(db, "INSERT INTO games(coins) VALUES (?1)");
  int64_t *a = xmalloc(n * sizeof *a);
  size_t words = coins_solve2_work_words(n, 5);
  if (coins_solve2_work_words(n, 2) > words) words = coins_solve2_work_words(n, 2);
  if (coins_solve3_work_words(n) > words) words = coins_solve3_work_words(n);
  int64_t *work = xmalloc(words * sizeof *work);
  char *text = xmalloc(text_room(n));
  uint64_t seed = n + 1000 * (uint64_t)kind; /* SMALL: udf_bench.py's rows */
  memset(sums, 0, sizeof *sums);
  sums->rows = table_rows(cfg, n);
  for (long row = 0; row < sums->rows; row++) {
    deal_of(&seed, a, n, kind);
    size_t len = format_array(text, a, n, spaced);
    sums->len += (int64_t)len;
    sqlite3_bind_text(ins, 1, text, (int)len, SQLITE_STATIC);
    if (sqlite3_step(ins) != SQLITE_DONE) die("insert: %s", sqlite3_errmsg(db));
    sqlite3_reset(ins);
    coins_solution r1, r2, r5, r3;
    coins_solve1(n, 2, &r1);
    coins_solve2(a, n, 2, work, &r2);
    coins_solve2(a, n, 5, work, &r5);
    coins_solve3(a, n, work, &r3);
    sums->v1_win += r1.outcome == COINS_FIRST;
    sums->v2_win += r2.outcome == COINS_FIRST;
    sums->v2_margin += r2.margin;
    sums->v2_margin5 += r5.margin;
    sums->v3_win += r3.outcome == COINS_FIRST;
    sums->v3_margin += r3.margin;
    if (row < (spaced ? 100 : 1000)) { /* the spaced rows are the same games */
      check(r1.outcome == (ref1_first_wins(n, 2) ? COINS_FIRST : COINS_SECOND),
            "variant I, n=%zu: core and reference disagree", n);
      int64_t m2 = ref2_margin(a, n, 2), m5 = ref2_margin(a, n, 5), m3 = ref3_margin(a, 0, n);
      check(r2.margin == m2, "variant II, row %ld of %zu coins: core %lld, reference DP %lld",
            row + 1, n, (long long)r2.margin, (long long)m2);
      check(r5.margin == m5, "variant II k=5, row %ld of %zu coins: core %lld, reference DP %lld",
            row + 1, n, (long long)r5.margin, (long long)m5);
      check(r3.margin == m3, "variant III, row %ld of %zu coins: core %lld, reference DP %lld",
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

static sqlite3 *build_games(const config *cfg, size_t n, int spaced, row_sums *sums,
                            double *text_mb) {
  return build_games_of(cfg, n, spaced, SMALL, sums, text_mb);
}

enum {
  LEN,
  JSON,
  FLOOR,
  V1_WIN,
  V1_OUTCOME,
  V2_WIN,
  V2_MARGIN,
  V2_MARGIN5,
  V3_WIN,
  V3_MARGIN,
  N_ROW_OPS
};

static void per_row(const config *cfg, sqlite3 *db, size_t n, int spaced, const row_sums *sums,
                    double text_mb, results *res) {
  op ops[N_ROW_OPS] = {
      [LEN] = sql_op(db, "sum(length(coins))", "SELECT sum(length(coins)) FROM games"),
      [JSON] = sql_op(db, "sum(json_array_length(coins))",
                      "SELECT sum(json_array_length(coins)) FROM games"),
      [FLOOR] = sql_op(db, "sum(do_nothing(3, coins))  [the floor]",
                       "SELECT sum(do_nothing(3, coins)) FROM games"),
      [V1_WIN] =
          sql_op(db, "sum(coins_win(1, coins))", "SELECT sum(coins_win(1, coins)) FROM games"),
      [V1_OUTCOME] = sql_op(db, "sum(coins_outcome(1, coins)='first')",
                            "SELECT sum(coins_outcome(1, coins) = 'first') FROM games"),
      [V2_WIN] =
          sql_op(db, "sum(coins_win(2, coins))", "SELECT sum(coins_win(2, coins)) FROM games"),
      [V2_MARGIN] = sql_op(db, "sum(coins_margin(2, coins))",
                           "SELECT sum(coins_margin(2, coins)) FROM games"),
      [V2_MARGIN5] = sql_op(db, "sum(coins_margin(2, coins, 5))",
                            "SELECT sum(coins_margin(2, coins, 5)) FROM games"),
      [V3_WIN] =
          sql_op(db, "sum(coins_win(3, coins))", "SELECT sum(coins_win(3, coins)) FROM games"),
      [V3_MARGIN] = sql_op(db, "sum(coins_margin(3, coins))",
                           "SELECT sum(coins_margin(3, coins)) FROM games"),
  };
  measure(ops, N_ROW_OPS, cfg);
  const int64_t want[N_ROW_OPS] = {
      [LEN] = sums->len,
      [JSON] = (int64_t)n * sums->rows,
      [FLOOR] = sums->rows,
      [V1_WIN] = sums->v1_win,
      [V1_OUTCOME] = sums->v1_win,
      [V2_WIN] = sums->v2_win,
      [V2_MARGIN] = sums->v2_margin,
      [V2_MARGIN5] = sums->v2_margin5,
      [V3_WIN] = sums->v3_win,
      [V3_MARGIN] = sums->v3_margin,
  };
  for (int i = 0; i < N_ROW_OPS; i++)
    check(ops[i].result == want[i], "%zu coins, %s: %s = %lld, expected %lld", n,
          format_name[spaced], ops[i].label, (long long)ops[i].result, (long long)want[i]);

  double rows = (double)sums->rows;
  printf("\n%zu coins per game, %s JSON (%s), %ld rows, %.1f MB of text\n", n, format_name[spaced],
         format_example[spaced], sums->rows, text_mb);
  printf("  %-38s %9s %8s %10s %7s %8s %10s\n", "SELECT ... FROM games", "ms/query", "ns/row",
         "x length()", "x json", "x floor", "ns > floor");
  for (int i = 0; i < N_ROW_OPS; i++)
    printf("  %-38s %9.2f %8.1f %10.2f %7.2f %8.2f %10.1f\n", ops[i].label, ops[i].median * 1e3,
           ops[i].median * 1e9 / rows, ratio(&ops[i], &ops[LEN]), ratio(&ops[i], &ops[JSON]),
           ratio(&ops[i], &ops[FLOOR]), over(&ops[i], &ops[FLOOR]) * 1e9 / rows);
  if (n == 64) {
    static const int which[N_ROW_TARGETS] = {
        [R_V2_MARGIN] = V2_MARGIN, [R_V2_MARGIN5] = V2_MARGIN5, [R_V3_MARGIN] = V3_MARGIN};
    res->have_row64[spaced] = 1;
    for (int t = 0; t < N_ROW_TARGETS; t++)
      res->row64[spaced][t] = figure_of(&ops[which[t]], &ops[JSON], &ops[LEN], &ops[FLOOR], rows);
  }
  finalize_ops(ops, N_ROW_OPS);
}

/* ---------------------------------------- 1b. the scanners, by values */

/* coins_margin(3) on 64-coin rows of each row case, read by each scanner
** the CPU runs (COINS_SIMD's names, switched between calls), measured
** together with length(), json_array_length and the floor on that table. */
static void scanners(const config *cfg, results *res) {
  enum { S_LEN, S_JSON, S_FLOOR, S_FIRST };
  printf(
      "\nthe row scanners: SELECT sum(coins_margin(3, coins)) FROM games, 64-coin rows, read by\n"
      "each scanner this CPU runs (COINS_SIMD's names, switched between calls; the default "
      "first)\n");
  res->n_scanners = 0;
  for (size_t i = 0; i < coins_scan_table_size && res->n_scanners < MAX_SCANNERS; i++)
    if (coins_scan_table[i]->supported())
      res->scanner[res->n_scanners++] = coins_scan_table[i]->name;
  for (size_t c = 0; c < N_ROW_CASES; c++) {
    row_sums sums;
    double text_mb;
    sqlite3 *db = build_games_of(cfg, 64, row_cases[c].spaced, row_cases[c].kind, &sums, &text_mb);
    op ops[S_FIRST + MAX_SCANNERS];
    char labels[MAX_SCANNERS][48];
    int n_ops = S_FIRST + (int)res->n_scanners;
    ops[S_LEN] = sql_op(db, "sum(length(coins))", "SELECT sum(length(coins)) FROM games");
    ops[S_JSON] = sql_op(db, "sum(json_array_length(coins))",
                         "SELECT sum(json_array_length(coins)) FROM games");
    ops[S_FLOOR] = sql_op(db, "sum(do_nothing(3, coins))  [the floor]",
                          "SELECT sum(do_nothing(3, coins)) FROM games");
    for (size_t k = 0; k < res->n_scanners; k++) {
      snprintf(labels[k], sizeof labels[k], "coins_margin(3), %s", res->scanner[k]);
      op *o = &ops[S_FIRST + k];
      *o = sql_op(db, labels[k], "SELECT sum(coins_margin(3, coins)) FROM games");
      o->run = run_sql_scanner, o->scanner = res->scanner[k];
    }
    measure(ops, n_ops, cfg);
    coins_scan_table_use(NULL);
    check(ops[S_LEN].result == sums.len, "%s: length %lld, expected %lld",
          values_name[row_cases[c].kind], (long long)ops[S_LEN].result, (long long)sums.len);
    for (size_t k = 0; k < res->n_scanners; k++)
      check(ops[S_FIRST + k].result == sums.v3_margin,
            "%s, %s: coins_margin(3) %lld, expected %lld", values_name[row_cases[c].kind],
            res->scanner[k], (long long)ops[S_FIRST + k].result, (long long)sums.v3_margin);
    double rows = (double)sums.rows;
    printf("\nvalues %s, %s JSON, %ld rows, %.1f MB of text\n", values_name[row_cases[c].kind],
           format_name[row_cases[c].spaced], sums.rows, text_mb);
    printf("  %-38s %9s %8s %10s %7s %8s %10s\n", "SELECT ... FROM games", "ms/query", "ns/row",
           "x length()", "x json", "x floor", "ns > floor");
    for (int i = 0; i < n_ops; i++)
      printf("  %-38s %9.2f %8.1f %10.2f %7.2f %8.2f %10.1f\n", ops[i].label, ops[i].median * 1e3,
             ops[i].median * 1e9 / rows, ratio(&ops[i], &ops[S_LEN]), ratio(&ops[i], &ops[S_JSON]),
             ratio(&ops[i], &ops[S_FLOOR]), over(&ops[i], &ops[S_FLOOR]) * 1e9 / rows);
    for (size_t k = 0; k < res->n_scanners; k++)
      res->scan[c][k] =
          figure_of(&ops[S_FIRST + k], &ops[S_JSON], &ops[S_LEN], &ops[S_FLOOR], rows);
    res->have_scan = 1;
    finalize_ops(ops, n_ops);
    sqlite3_close(db);
  }
}

/* ----------------------------------------------- 2. streaming the moves */

static void streaming(const config *cfg, sqlite3 *db, int spaced, const row_sums *sums,
                      results *res) {
  enum { MOVES3, JSON_EACH, NOTHING_ROWS, MOVES3_GAIN, JSON_EACH_VALUE, N_OPS };
  op ops[N_OPS] = {
      [MOVES3] = sql_op(db, "games g, coins_moves(3, g.coins)",
                        "SELECT count(*) FROM games g, coins_moves(3, g.coins)"),
      [JSON_EACH] = sql_op(db, "games g, json_each(g.coins)",
                           "SELECT count(*) FROM games g, json_each(g.coins)"),
      [NOTHING_ROWS] = sql_op(db, "games g, nothing_rows(g.coins, 64)",
                              "SELECT count(*) FROM games g, nothing_rows(g.coins, 64)"),
      /* a column read from every row: coins_moves then plays each move */
      [MOVES3_GAIN] = sql_op(db, "sum(m.gain): coins_moves(3, g.coins) m",
                             "SELECT sum(m.gain) FROM games g, coins_moves(3, g.coins) m"),
      [JSON_EACH_VALUE] = sql_op(db, "sum(j.value): json_each(g.coins) j",
                                 "SELECT sum(j.value) FROM games g, json_each(g.coins) j"),
  };
  measure(ops, N_OPS, cfg);
  int64_t want = 64 * (int64_t)sums->rows;
  check(ops[MOVES3_GAIN].result == ops[JSON_EACH_VALUE].result,
        "%s: the gains of coins_moves(3) add up to %lld, the coins to %lld", format_name[spaced],
        (long long)ops[MOVES3_GAIN].result, (long long)ops[JSON_EACH_VALUE].result);
  for (int i = 0; i < MOVES3_GAIN; i++)
    check(ops[i].result == want, "%s: count(*) FROM %s = %lld, expected %lld", format_name[spaced],
          ops[i].label, (long long)ops[i].result, (long long)want);
  /* the streamed line must add up to the margin (not timed) */
  sqlite3_stmt *totals = prepare(db,
                                 "SELECT sum(CASE player WHEN 1 THEN gain ELSE -gain END) "
                                 "FROM games g, coins_moves(3, g.coins)");
  op t = {.label = "signed gains of coins_moves(3)", .run = run_sql, .stmt = totals};
  int64_t got = run_sql(&t);
  check(got == sums->v3_margin, "%s coins_moves(3): signed gains add up to %lld, margins to %lld",
        format_name[spaced], (long long)got, (long long)sums->v3_margin);
  sqlite3_finalize(totals);

  printf(
      "\nstreaming the moves: SELECT count(*), or the sum of a column, FROM ..., 64-coin table, %s "
      "JSON, %lld rows out\n",
      format_name[spaced], (long long)want);
  printf("  %-38s %9s %8s %8s %11s %8s %10s\n", "FROM", "ms/query", "Mrows/s", "ns/row",
         "x json_each", "x floor", "ns > floor");
  for (int i = 0; i < N_OPS; i++) {
    /* a row reading a column is set against json_each reading one */
    const op *json = &ops[i < MOVES3_GAIN ? JSON_EACH : JSON_EACH_VALUE];
    printf("  %-38s %9.2f %8.2f %8.1f %11.2f %8.2f %10.1f\n", ops[i].label, ops[i].median * 1e3,
           (double)want / ops[i].median / 1e6, ops[i].median * 1e9 / (double)want,
           ratio(&ops[i], json), ratio(&ops[i], &ops[NOTHING_ROWS]),
           over(&ops[i], &ops[NOTHING_ROWS]) * 1e9 / (double)want);
  }
  res->have_stream[spaced] = 1;
  res->stream[spaced] =
      figure_of(&ops[MOVES3], &ops[JSON_EACH], NULL, &ops[NOTHING_ROWS], (double)want);
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

/* Binds ?1 to the compact text and ?2 (where the statement has it) to the
** spaced one, NUL-terminated (length -1): SQLite uses them in place. */
static void bind_texts(sqlite3_stmt *stmt, const char *compact, const char *spaced) {
  sqlite3_bind_text(stmt, 1, compact, -1, SQLITE_STATIC);
  if (sqlite3_bind_parameter_count(stmt) >= 2)
    sqlite3_bind_text(stmt, 2, spaced, -1, SQLITE_STATIC);
}

/* Memory only: the valley a[i] = |i - n/2| has no peak to fuse, so the
** solvers keep a block per coin: the worst case for their memory. */
static void valley_game(const config *cfg, sqlite3 *db, size_t n, results *res) {
  int64_t *a = xmalloc(n * sizeof *a);
  int64_t *work = xmalloc(coins_solve3_work_words(n) * sizeof *work);
  char *text = xmalloc(text_room(n));
  for (size_t i = 0; i < n; i++) a[i] = i < n / 2 ? (int64_t)(n / 2 - i) : (int64_t)(i - n / 2);
  size_t len = format_array(text, a, n, 0);
  coins_solution r;
  coins_solve3(a, n, work, &r);
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
      "\n  worst case for memory: the valley |i - n/2|, n = %zu (nothing fuses), compact text "
      "%.2f MB\n",
      n, (double)len / 1e6);
  printf("    %-40s %50s %9s %6s\n", "SELECT ...", "", "peak MB", "x 24n");
  for (int i = 0; i < 2; i++) {
    sqlite3_bind_text(ops[i].stmt, 1, text, -1, SQLITE_STATIC);
    ops[i].result = want[i];
    long long peak = peak_of(&ops[i], &res->peak_exact);
    printf("    %-40s %50s %9.2f %6.2f\n", ops[i].label, "", (double)peak / 1e6,
           (double)peak / n24);
    if (i == 0)
      res->valley_margin = peak;
    else
      res->valley_moves = peak;
  }
  finalize_ops(ops, 2);
  free(text);
}

enum {
  H_MARGIN_C,
  H_MARGIN_S,
  H_JSON_C,
  H_JSON_S,
  H_MOVES_C,
  H_MOVES_S,
  H_LEN_C,
  H_LEN_S,
  H_ROWS,
  H_MARGIN_BOUND_LEN,
  N_HUGE_OPS
};

static void huge_games(const config *cfg, results *res) {
  static const char *const labels[N_HUGE_OPS] = {
      [H_MARGIN_C] = "coins_margin(3, ?1)",
      [H_MARGIN_S] = "coins_margin(3, ?2)",
      [H_JSON_C] = "json_array_length(?1)",
      [H_JSON_S] = "json_array_length(?2)",
      [H_MOVES_C] = "count(*) FROM coins_moves(3, ?1)",
      [H_MOVES_S] = "count(*) FROM coins_moves(3, ?2)",
      [H_LEN_C] = "length(?1)",
      [H_LEN_S] = "length(?2)",
      [H_ROWS] = "count(*) FROM nothing_rows(?1, n)",
      [H_MARGIN_BOUND_LEN] = "coins_margin(3, ?1), ?1 bound w/ length",
  };
  static const char *const sql[N_HUGE_OPS] = {
      [H_MARGIN_C] = "SELECT coins_margin(3, ?1)",
      [H_MARGIN_S] = "SELECT coins_margin(3, ?2)",
      [H_JSON_C] = "SELECT json_array_length(?1)",
      [H_JSON_S] = "SELECT json_array_length(?2)",
      [H_MOVES_C] = "SELECT count(*) FROM coins_moves(3, ?1)",
      [H_MOVES_S] = "SELECT count(*) FROM coins_moves(3, ?2)",
      [H_LEN_C] = "SELECT length(?1)",
      [H_LEN_S] = "SELECT length(?2)",
      [H_ROWS] = NULL, /* with n in it */
      [H_MARGIN_BOUND_LEN] = "SELECT coins_margin(3, ?1)",
  };
  /* what each is compared with: the JSON function and the floor on the
  ** same text (length() for a scalar, nothing_rows for coins_moves) */
  static const int json_of[N_HUGE_OPS] = {
      [H_MARGIN_C] = H_JSON_C, [H_MARGIN_S] = H_JSON_S,
      [H_JSON_C] = H_JSON_C,   [H_JSON_S] = H_JSON_S,
      [H_MOVES_C] = H_JSON_C,  [H_MOVES_S] = H_JSON_S,
      [H_LEN_C] = H_JSON_C,    [H_LEN_S] = H_JSON_S,
      [H_ROWS] = H_JSON_C,     [H_MARGIN_BOUND_LEN] = H_JSON_C,
  };
  static const int floor_of[N_HUGE_OPS] = {
      [H_MARGIN_C] = H_LEN_C, [H_MARGIN_S] = H_LEN_S,
      [H_JSON_C] = H_LEN_C,   [H_JSON_S] = H_LEN_S,
      [H_MOVES_C] = H_ROWS,   [H_MOVES_S] = H_ROWS,
      [H_LEN_C] = H_LEN_C,    [H_LEN_S] = H_LEN_S,
      [H_ROWS] = H_ROWS,      [H_MARGIN_BOUND_LEN] = H_LEN_C,
  };
  sqlite3 *db = open_db();
  double per_coin[N_HUGE][N_HUGE_OPS];
  printf(
      "\none huge game, bound as a parameter: ?1 = compact JSON %s, ?2 = spaced JSON %s\n"
      "(values 0..999); floor = length() of the same text for a scalar (one pass over the\n"
      "bytes), nothing_rows(?1, n) for coins_moves; peak = the resident memory one call adds\n"
      "to the process with both texts built (%s)\n",
      format_example[COMPACT], format_example[SPACED],
      reset_peak() ? "VmHWM, reset via /proc/self/clear_refs" : "VmHWM increase: a lower bound");
  size_t count = 0;
  for (size_t k = 0; k < N_HUGE && cfg->huge[k]; k++, count++) {
    size_t n = cfg->huge[k];
    int64_t *a = xmalloc(n * sizeof *a);
    int64_t *work = xmalloc(coins_solve3_work_words(n) * sizeof *work);
    char *text[N_FORMATS];
    size_t len[N_FORMATS];
    uint64_t seed = 1000003 * (uint64_t)n;
    deal(&seed, a, n);
    for (int f = 0; f < N_FORMATS; f++) {
      text[f] = xmalloc(text_room(n));
      len[f] = format_array(text[f], a, n, f == SPACED);
    }
    coins_solution r;
    coins_solve3(a, n, work, &r);
    if (n <= 20000) {
      int64_t m = ref3_margin(a, 0, n);
      check(m == r.margin, "huge game n=%zu: core %lld, reference DP %lld", n, (long long)r.margin,
            (long long)m);
    }
    free(a); /* the baseline for memory is the texts alone */
    free(work);

    op ops[N_HUGE_OPS];
    char *rows_sql = sqlite3_mprintf("SELECT count(*) FROM nothing_rows(?1, %lld)", (long long)n);
    if (rows_sql == NULL) die("out of memory");
    for (int i = 0; i < N_HUGE_OPS; i++) {
      ops[i] = sql_op(db, labels[i], i == H_ROWS ? rows_sql : sql[i]);
      bind_texts(ops[i].stmt, text[COMPACT], text[SPACED]);
    }
    sqlite3_free(rows_sql);
    /* with an explicit length SQLite copies the text on every call to add
    ** the terminator sqlite3_value_text promises: the last op shows that */
    sqlite3_bind_text(ops[H_MARGIN_BOUND_LEN].stmt, 1, text[COMPACT], (int)len[COMPACT],
                      SQLITE_STATIC);
    const int64_t want[N_HUGE_OPS] = {
        [H_MARGIN_C] = r.margin,
        [H_MARGIN_S] = r.margin,
        [H_JSON_C] = (int64_t)n,
        [H_JSON_S] = (int64_t)n,
        [H_MOVES_C] = (int64_t)n,
        [H_MOVES_S] = (int64_t)n,
        [H_LEN_C] = (int64_t)len[COMPACT],
        [H_LEN_S] = (int64_t)len[SPACED],
        [H_ROWS] = (int64_t)n,
        [H_MARGIN_BOUND_LEN] = r.margin,
    };
    /* memory first: one call each from a quiet state */
    long long mem[N_HUGE_OPS];
    for (int i = 0; i < N_HUGE_OPS; i++) {
      ops[i].result = want[i];
      mem[i] = peak_of(&ops[i], &res->peak_exact);
    }
    measure(ops, N_HUGE_OPS, cfg);
    for (int i = 0; i < N_HUGE_OPS; i++)
      check(ops[i].result == want[i], "huge game n=%zu: %s = %lld, expected %lld", n, ops[i].label,
            (long long)ops[i].result, (long long)want[i]);
    /* the streamed line must add up to the margin (not timed) */
    for (int f = 0; f < N_FORMATS; f++) {
      sqlite3_stmt *totals = prepare(db,
                                     "SELECT sum(CASE player WHEN 1 THEN gain ELSE -gain END) "
                                     "FROM coins_moves(3, ?1)");
      sqlite3_bind_text(totals, 1, text[f], -1, SQLITE_STATIC);
      op t = {.label = "signed gains", .run = run_sql, .stmt = totals};
      int64_t got = run_sql(&t);
      check(got == r.margin, "huge game n=%zu, %s: coins_moves gains add up to %lld, margin %lld",
            n, format_name[f], (long long)got, (long long)r.margin);
      sqlite3_finalize(totals);
    }

    double dn = (double)n, n24 = 24.0 * dn;
    printf("\n  n = %zu, text %.2f MB compact, %.2f MB spaced; 24n = %.2f MB\n", n,
           (double)len[COMPACT] / 1e6, (double)len[SPACED] / 1e6, n24 / 1e6);
    printf("    %-40s %9s %8s %7s %8s %10s %9s %6s\n", "SELECT ...", "ms", "ns/coin", "x json",
           "x floor", "ns > floor", "peak MB", "x 24n");
    for (int i = 0; i < N_HUGE_OPS; i++) {
      printf("    %-40s %9.2f %8.2f %7.2f %8.2f %10.2f %9.2f %6.2f\n", ops[i].label,
             ops[i].median * 1e3, ops[i].median * 1e9 / dn, ratio(&ops[i], &ops[json_of[i]]),
             ratio(&ops[i], &ops[floor_of[i]]), over(&ops[i], &ops[floor_of[i]]) * 1e9 / dn,
             (double)mem[i] / 1e6, (double)mem[i] / n24);
      per_coin[k][i] = ops[i].median / dn;
    }
    res->huge_n[k] = n;
    for (int f = 0; f < N_FORMATS; f++) {
      int m = f == SPACED ? H_MARGIN_S : H_MARGIN_C, mv = f == SPACED ? H_MOVES_S : H_MOVES_C;
      res->huge_margin[f][k] = figure_of(&ops[m], &ops[json_of[m]], NULL, &ops[floor_of[m]], dn);
      res->peak_margin[f][k] = mem[m];
      res->peak_moves[f][k] = mem[mv];
    }
    res->margin_per_coin[k] = ops[H_MARGIN_C].median / dn;
    res->moves_per_coin[k] = ops[H_MOVES_C].median / dn;
    finalize_ops(ops, N_HUGE_OPS);
    for (int f = 0; f < N_FORMATS; f++) free(text[f]);
  }

  valley_game(cfg, db, res->huge_n[count - 1], res);
  printf("\n  time per coin, ns (flat = linear growth)\n    %-40s", "SELECT ...");
  for (size_t k = 0; k < count; k++) printf(" %9zu", res->huge_n[k]);
  printf(" %9s\n", "last/1st");
  for (int i = 0; i < N_HUGE_OPS; i++) {
    printf("    %-40s", labels[i]);
    for (size_t k = 0; k < count; k++) printf(" %9.2f", per_coin[k][i] * 1e9);
    printf(" %9.2f\n", per_coin[count - 1][i] / per_coin[0][i]);
  }
  sqlite3_close(db);
}

/* ------------------------------------------- 4. reviews and strategies */

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
}

/* ------------------------------------------------- 5. variant III play */

static void plays(const config *cfg) {
  enum { SELF, RANDOM, GREEDY, CARELESS, N_OPS };
  static const char *const opponent[N_OPS] = {
      [SELF] = "optimal",
      [RANDOM] = "random:1",
      [GREEDY] = "greedy",
      [CARELESS] = "careless:50:1",
  };
  double seconds[3][N_OPS];
  printf(
      "\nvariant III play: SELECT sum(iif(player = 1, gain, -gain)) FROM coins_play(3, coins,\n"
      "'optimal', X), coins = coins_deal(1, n); the lead checked against coins_margin\n");
  for (int k = 0; k < 3; k++) {
    size_t n = cfg->records[k];
    sqlite3 *db = open_db();
    char *make = sqlite3_mprintf(
        "CREATE TABLE r AS SELECT coins, coins_margin(3, coins) AS margin"
        " FROM (SELECT coins_deal(1, %lld) AS coins)",
        (long long)n);
    exec(db, make);
    sqlite3_free(make);
    sqlite3_stmt *margin_stmt = prepare(db, "SELECT margin FROM r");
    if (sqlite3_step(margin_stmt) != SQLITE_ROW) die("the margin: %s", sqlite3_errmsg(db));
    int64_t margin = sqlite3_column_int64(margin_stmt, 0);
    sqlite3_finalize(margin_stmt);
    op ops[N_OPS];
    char *sql[N_OPS];
    for (int i = 0; i < N_OPS; i++) {
      sql[i] = sqlite3_mprintf(
          "SELECT sum(iif(player = 1, gain, -gain)) FROM r, "
          "coins_play(3, r.coins, 'optimal', '%s')",
          opponent[i]);
      ops[i] = sql_op(db, opponent[i], sql[i]);
    }
    measure(ops, N_OPS, cfg);
    check(ops[SELF].result == margin, "optimal against itself ended %lld ahead, the margin is %lld",
          (long long)ops[SELF].result, (long long)margin);
    for (int i = 0; i < N_OPS; i++) {
      check(ops[i].result >= margin, "optimal against %s ended %lld ahead, the margin is %lld",
            opponent[i], (long long)ops[i].result, (long long)margin);
      seconds[k][i] = ops[i].median;
      sqlite3_free(sql[i]);
    }
    finalize_ops(ops, N_OPS);
    sqlite3_close(db);
  }
  printf("  %-24s", "X \\ n");
  for (int k = 0; k < 3; k++) printf(" %23zu", cfg->records[k]);
  printf("  per move, n x10\n");
  for (int i = 0; i < N_OPS; i++) {
    printf("  %-24s", opponent[i]);
    for (int k = 0; k < 3; k++)
      printf(" %9.4f s (%5.0f ns)", seconds[k][i], seconds[k][i] * 1e9 / (double)cfg->records[k]);
    printf("  x%.2f, x%.2f\n",
           seconds[1][i] / seconds[0][i] * (double)cfg->records[0] / (double)cfg->records[1],
           seconds[2][i] / seconds[1][i] * (double)cfg->records[1] / (double)cfg->records[2]);
  }
}

/* -------------------------------------------- 6. the textbook algorithm */

static void textbook(const config *cfg) {
  op ref[MAX_SIZES], core[MAX_SIZES];
  printf(
      "\nthe textbook O(n^2) DP (ref3_margin) against coins_solve3, both "
      "called directly\n");
  printf("  %7s | %12s %12s | %9s | %7s %9s %9s\n", "n", "DP us", "coins3 us", "DP/coins3", "n x",
         "DP grow", "core grow");
  for (size_t k = 0; k < cfg->n_dp; k++) {
    size_t n = cfg->dp[k];
    int64_t *a = xmalloc(n * sizeof *a);
    int64_t *work = xmalloc(coins_solve3_work_words(n) * sizeof *work);
    uint64_t seed = 77 + n;
    deal(&seed, a, n);
    op pair[2] = {
        {.label = "ref3_margin", .run = run_ref3, .a = a, .n = n},
        {.label = "coins_solve3", .run = run_core3, .a = a, .n = n, .work = work},
    };
    measure(pair, 2, cfg);
    check(pair[0].result == pair[1].result,
          "n=%zu: coins_solve3 margin %lld, "
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

/* ------------------------------------------------------- 7. the analysis */

/* One timed run of sql (one integer column), once: seconds. */
static double once(sqlite3 *db, const char *label, const char *sql, int64_t *result) {
  op o = sql_op(db, label, sql);
  double t0 = tick();
  *result = run_sql(&o);
  double t = tick() - t0;
  sqlite3_finalize(o.stmt);
  return t;
}

static void analysis(const config *cfg) {
  printf(
      "\nthe analysis: coins_options per call; coins_review with and without its new columns,\n"
      "per move; a leaderboard from coins_scorecard against the same from coins_review rows\n");
  /* options at 64 coins and at 10^5 */
  size_t sizes[2] = {64, cfg->smoke ? 1000 : 100000};
  for (int s = 0; s < 2; s++) {
    enum { II2, IIN, III, N_OPS };
    static const char *const labels[N_OPS] = {[II2] = "coins_options(2, k = 2)",
                                              [IIN] = "coins_options(2, k = n)",
                                              [III] = "coins_options(3)"};
    static const char *const sql[N_OPS] = {
        [II2] = "SELECT sum(rank) FROM t, coins_options(2, t.coins)",
        [IIN] = "SELECT sum(rank) FROM t, coins_options(2, t.coins, t.n)",
        [III] = "SELECT sum(rank) FROM t, coins_options(3, t.coins)"};
    sqlite3 *db = open_db();
    char *make = sqlite3_mprintf("CREATE TABLE t AS SELECT %lld AS n, coins_deal(5, %lld) AS coins",
                                 (long long)sizes[s], (long long)sizes[s]);
    exec(db, make);
    sqlite3_free(make);
    op ops[N_OPS];
    for (int i = 0; i < N_OPS; i++) ops[i] = sql_op(db, labels[i], sql[i]);
    measure(ops, N_OPS, cfg);
    printf("  n = %zu:", sizes[s]);
    for (int i = 0; i < N_OPS; i++)
      printf("  %s %.1f us (%.1f ns a coin)", labels[i], ops[i].median * 1e6,
             ops[i].median * 1e9 / (double)sizes[s]);
    printf("\n");
    finalize_ops(ops, N_OPS);
    sqlite3_close(db);
  }
  /* reviews of 10^5 and 10^6 random moves */
  enum { PLAIN, CHEAP, ONLY, N_REVIEW };
  static const char *const review_labels[N_REVIEW] = {
      [PLAIN] = "loss only", [CHEAP] = "+ lead, eval, grade, accuracy", [ONLY] = "only_move alone"};
  for (int v = 2; v <= 3; v++)
    for (int k = 1; k < 3; k++) {
      size_t n = cfg->records[k];
      const char *moves = v == 2 ? "takes" : "random";
      char *sql[N_REVIEW];
      sql[PLAIN] = sqlite3_mprintf("SELECT sum(loss) FROM r, coins_review(%d, r.coins, r.%s, %d)",
                                   v, moves, v == 2 ? 3 : 1);
      sql[CHEAP] = sqlite3_mprintf(
          "SELECT sum(loss) + sum(lead) + sum(eval) + sum(grade = 'mistake') + sum(accuracy > 50) "
          "FROM r, coins_review(%d, r.coins, r.%s, %d)",
          v, moves, v == 2 ? 3 : 1);
      sql[ONLY] =
          sqlite3_mprintf("SELECT sum(only_move) FROM r, coins_review(%d, r.coins, r.%s, %d)", v,
                          moves, v == 2 ? 3 : 1);
      sqlite3 *db = open_db();
      char *make = sqlite3_mprintf(
          "CREATE TABLE r AS SELECT coins,"
          " (SELECT group_concat(iif(value, 'L', 'R'), '') FROM json_each(coins_deal(2, %lld, 0, "
          "1)))"
          "   AS random, coins_deal(3, %lld, 1, 3) AS takes"
          " FROM (SELECT coins_deal(1, %lld) AS coins)",
          (long long)n, (long long)n / 3, (long long)n);
      exec(db, make);
      sqlite3_free(make);
      printf("  coins_review(%d) of %7zu coins, %s:", v, n,
             v == 2 ? "n/3 takes 1..3" : "n random L/R");
      for (int i = 0; i < N_REVIEW; i++) {
        int64_t result;
        double t;
        t = once(db, review_labels[i], sql[i], &result);
        printf("  %s %.0f ns", review_labels[i], t * 1e9 / (double)(v == 2 ? n / 3 : n));
        sqlite3_free(sql[i]);
        sql[i] = NULL;
      }
      for (int i = 0; i < N_REVIEW; i++) sqlite3_free(sql[i]);
      printf(" a move\n");
      sqlite3_close(db);
    }
  /* a leaderboard of games between careless players */
  sqlite3 *db = open_db();
  long games = cfg->smoke ? 300 : 20000;
  char *make = sqlite3_mprintf(
      "CREATE TABLE g AS WITH RECURSIVE i(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM i "
      "WHERE i < %ld) SELECT i, 2 + i %% 2 AS variant, 2 - i %% 2 AS k, i %% 12 AS p1, "
      "(i + 5) %% 12 AS p2, coins_deal(i, 20, 1, 50) AS coins FROM i;"
      "ALTER TABLE g ADD moves;"
      "UPDATE g SET moves = (SELECT json_group_array(move) FROM coins_play(variant, coins, "
      "'careless:' || (5 * p1) || ':' || i, 'careless:' || (5 * p2) || ':' || i, k))",
      games);
  exec(db, make);
  sqlite3_free(make);
  op board[2] = {
      sql_op(db, "scorecard",
             "SELECT sum(round(a * 1000)) FROM (SELECT iif(s.player = 1, g.p1, g.p2) AS name, "
             "avg(s.accuracy) AS a, sum(s.blunders) AS b FROM g, coins_scorecard(g.variant, "
             "g.coins, g.moves, g.k) s GROUP BY name)"),
      sql_op(db, "review rows",
             "SELECT sum(round(a * 1000)) FROM (SELECT name, avg(acc) AS a, sum(b) AS b FROM "
             "(SELECT iif(r.player = 1, g.p1, g.p2) AS name, (avg(r.accuracy) + count(*) / "
             "sum(1 / max(r.accuracy, 1))) / 2 AS acc, sum(r.grade = 'blunder') AS b FROM g, "
             "coins_review(g.variant, g.coins, g.moves, g.k) r GROUP BY g.i, r.player) "
             "GROUP BY name)"),
  };
  measure(board, 2, cfg);
  check(board[0].result == board[1].result, "the leaderboards differ: %lld, %lld",
        (long long)board[0].result, (long long)board[1].result);
  printf(
      "  leaderboard of %ld games of 20 coins: coins_scorecard %.1f ms, coins_review rows "
      "%.1f ms: x%.1f\n",
      games, board[0].median * 1e3, board[1].median * 1e3, ratio(&board[1], &board[0]));
  finalize_ops(board, 2);
  sqlite3_close(db);
}

/* -------------------------------------------- 7b. speed (issue 30) */

/* Table name(coins TEXT) of rows games of n coins (compact JSON, dealt
** from seed n); want[j] gets the sum of coins_solve2's margins at ks[j]. */
static void speed_table(sqlite3 *db, const char *name, size_t n, long rows, const uint64_t *ks,
                        int nk, int64_t *want) {
  char sql[128];
  snprintf(sql, sizeof sql, "CREATE TABLE %s(coins TEXT)", name);
  exec(db, sql);
  exec(db, "BEGIN");
  snprintf(sql, sizeof sql, "INSERT INTO %s VALUES (?1)", name);
  sqlite3_stmt *ins = prepare(db, sql);
  int64_t *a = xmalloc((n ? n : 1) * sizeof *a);
  int64_t *work = xmalloc(coins_solve2_work_words(n, ks[nk - 1]) * sizeof *work);
  char *text = xmalloc(text_room(n));
  uint64_t seed = n;
  for (int j = 0; j < nk; j++) want[j] = 0;
  for (long r = 0; r < rows; r++) {
    deal(&seed, a, n);
    size_t len = format_array(text, a, n, 0);
    sqlite3_bind_text(ins, 1, text, (int)len, SQLITE_STATIC);
    if (sqlite3_step(ins) != SQLITE_DONE) die("insert: %s", sqlite3_errmsg(db));
    sqlite3_reset(ins);
    for (int j = 0; j < nk; j++) {
      coins_solution res;
      coins_solve2(a, n, ks[j], work, &res);
      want[j] += res.margin;
      if (r < 20 && n <= 1024) /* and the reference DP */
        check(res.margin == ref2_margin(a, n, ks[j]), "k=%llu, %zu coins: core and DP differ",
              (unsigned long long)ks[j], n);
    }
  }
  sqlite3_finalize(ins);
  exec(db, "COMMIT");
  free(a), free(work), free(text);
}

/* One row of a group's table: ms, ns per row (per), and ratios to the
** ops named by index (-1: none) and the ns above the floor. */
static void speed_line(const op *ops, int i, double per, int vs1, int vs2, int floor) {
  printf("  %-46s %9.3f %8.1f", ops[i].label, ops[i].median * 1e3, ops[i].median * 1e9 / per);
  if (vs1 >= 0)
    printf(" %8.2f", ratio(&ops[i], &ops[vs1]));
  else
    printf(" %8s", "");
  if (vs2 >= 0)
    printf(" %8.2f", ratio(&ops[i], &ops[vs2]));
  else
    printf(" %8s", "");
  printf(" %10.1f\n", over(&ops[i], &ops[floor]) * 1e9 / per);
}

/* A: 8-coin rows, where the fixed cost of a call shows. */
static void speed_small_rows(const config *cfg, sqlite3 *db) {
  static const uint64_t ks[] = {2};
  int64_t want;
  long rows = cfg->rows;
  speed_table(db, "small", 8, rows, ks, 1, &want);
  enum { LEN, JSON, FLOOR, V3, V2, V1, N };
  op ops[N] = {
      [LEN] = sql_op(db, "sum(length(coins))", "SELECT sum(length(coins)) FROM small"),
      [JSON] = sql_op(db, "sum(json_array_length(coins))",
                      "SELECT sum(json_array_length(coins)) FROM small"),
      [FLOOR] = sql_op(db, "sum(do_nothing(3, coins))  [the floor]",
                       "SELECT sum(do_nothing(3, coins)) FROM small"),
      [V3] = sql_op(db, "sum(coins_margin(3, coins))",
                    "SELECT sum(coins_margin(3, coins)) FROM small"),
      [V2] = sql_op(db, "sum(coins_margin(2, coins))",
                    "SELECT sum(coins_margin(2, coins)) FROM small"),
      [V1] = sql_op(db, "sum(coins_win(1, coins))", "SELECT sum(coins_win(1, coins)) FROM small"),
  };
  measure(ops, N, cfg);
  check(ops[V2].result == want, "8-coin rows: coins_margin(2) sums to %lld, the core to %lld",
        (long long)ops[V2].result, (long long)want);
  check(ops[JSON].result == 8 * rows, "8-coin rows: json_array_length");
  printf("\n8 coins per game, compact JSON, %ld rows: the fixed cost of a call\n", rows);
  printf("  %-46s %9s %8s %8s %8s %10s\n", "SELECT ... FROM small", "ms/query", "ns/row", "x len",
         "x json", "ns > floor");
  for (int i = 0; i < N; i++) speed_line(ops, i, (double)rows, LEN, JSON, FLOOR);
  finalize_ops(ops, N);
}

/* B: variant II's max_take, k = 2, 5 (registers), 9, 16, 64 (blocks). */
static void speed_takes(const config *cfg, sqlite3 *db, size_t n, long rows) {
  static const uint64_t ks[] = {2, 5, 9, 16, 64};
  enum { NK = 5, FLOOR = NK, N };
  int64_t want[NK];
  char name[32], label[NK][48], sql[NK][96];
  snprintf(name, sizeof name, "k%zu", n);
  speed_table(db, name, n, rows, ks, NK, want);
  op ops[N];
  for (int j = 0; j < NK; j++) {
    snprintf(label[j], sizeof label[j], "sum(coins_margin(2, coins, %llu))",
             (unsigned long long)ks[j]);
    snprintf(sql[j], sizeof sql[j], "SELECT sum(coins_margin(2, coins, %llu)) FROM %s",
             (unsigned long long)ks[j], name);
    ops[j] = sql_op(db, label[j], sql[j]);
  }
  char floor_sql[96];
  snprintf(floor_sql, sizeof floor_sql, "SELECT sum(do_nothing(2, coins)) FROM %s", name);
  ops[FLOOR] = sql_op(db, "sum(do_nothing(2, coins))  [the floor]", floor_sql);
  measure(ops, N, cfg);
  for (int j = 0; j < NK; j++)
    check(ops[j].result == want[j], "%zu coins, k=%llu: SQL %lld, core %lld", n,
          (unsigned long long)ks[j], (long long)ops[j].result, (long long)want[j]);
  printf("\nvariant II by max_take, %zu coins per game, %ld rows (x k=5: the target is <= 1.5)\n",
         n, rows);
  printf("  %-46s %9s %8s %8s %8s %10s\n", "SELECT ... FROM games", "ms/query", "ns/row", "x k=5",
         "", "ns > floor");
  for (int i = 0; i < N; i++) speed_line(ops, i, (double)rows, 1, -1, FLOOR);
  finalize_ops(ops, N);
}

/* C: the columns of coins_moves: count(*), a column that plays nothing
** (ply), sum(gain), four columns; over 64-coin games and one bound game;
** and sum(ply) of nothing_rows, what any table-valued function's column
** costs SQLite. */
static void speed_columns(const config *cfg, sqlite3 *db, const char *from, const char *json_from,
                          const char *nothing_from, double rows_out, const char *what,
                          const char *text) {
  enum { COUNT, PLY, GAIN, FOUR, JSON, NOTHING, N };
  static const char *const labels[N] = {"count(*)  [the floor: rows counted]",
                                        "sum(ply): a column, nothing played",
                                        "sum(gain)",
                                        "sum of gain, pos, first_total, player",
                                        "json_each: sum(value)",
                                        "nothing_rows: sum(ply)  [a do-nothing TVF]"};
  char sql[N][192];
  snprintf(sql[COUNT], sizeof sql[COUNT], "SELECT count(*) FROM %s", from);
  snprintf(sql[PLY], sizeof sql[PLY], "SELECT sum(m.ply) FROM %s", from);
  snprintf(sql[GAIN], sizeof sql[GAIN], "SELECT sum(m.gain) FROM %s", from);
  snprintf(sql[FOUR], sizeof sql[FOUR],
           "SELECT sum(m.gain) + sum(m.pos) + sum(m.first_total) + sum(m.player) FROM %s", from);
  snprintf(sql[JSON], sizeof sql[JSON], "SELECT sum(j.value) FROM %s", json_from);
  snprintf(sql[NOTHING], sizeof sql[NOTHING], "SELECT sum(m.ply) FROM %s", nothing_from);
  op ops[N];
  for (int i = 0; i < N; i++) {
    ops[i] = sql_op(db, labels[i], sql[i]);
    if (text) sqlite3_bind_text(ops[i].stmt, 1, text, -1, SQLITE_STATIC);
  }
  measure(ops, N, cfg);
  check(ops[GAIN].result == ops[JSON].result, "%s: the gains add up to %lld, the coins to %lld",
        what, (long long)ops[GAIN].result, (long long)ops[JSON].result);
  check((double)ops[COUNT].result == rows_out, "%s: count(*)", what);
  printf("\nthe columns of coins_moves(3, ...), %s, %.0f rows out\n", what, rows_out);
  printf("  %-46s %9s %8s %8s %8s %10s\n", "SELECT ...", "ms/query", "ns/row", "x json", "x count",
         "ns > count");
  for (int i = 0; i < N; i++) speed_line(ops, i, rows_out, JSON, COUNT, COUNT);
  finalize_ops(ops, N);
}

/* D: one game bound with its length (as Python's sqlite3 binds text:
** SQLite keeps a copy without the terminating NUL) against the same game
** read from a table. */
static void speed_bound(const config *cfg, sqlite3 *db, size_t n) {
  int64_t *a = xmalloc(n * sizeof *a);
  char *text = xmalloc(text_room(n));
  uint64_t seed = n + 1;
  deal(&seed, a, n);
  size_t len = format_array(text, a, n, 0);
  free(a);
  exec(db, "DROP TABLE IF EXISTS one; CREATE TABLE one(coins TEXT)");
  sqlite3_stmt *ins = prepare(db, "INSERT INTO one VALUES (?1)");
  sqlite3_bind_text(ins, 1, text, (int)len, SQLITE_STATIC);
  if (sqlite3_step(ins) != SQLITE_DONE) die("insert: %s", sqlite3_errmsg(db));
  sqlite3_finalize(ins);
  enum { B3, T3, B2, T2, BLEN, TLEN, N };
  op ops[N] = {
      [B3] = sql_op(db, "coins_margin(3, ?1)  bound", "SELECT coins_margin(3, ?1)"),
      [T3] = sql_op(db, "coins_margin(3, coins)  from a table",
                    "SELECT coins_margin(3, coins) FROM one"),
      [B2] = sql_op(db, "coins_margin(2, ?1)  bound", "SELECT coins_margin(2, ?1)"),
      [T2] = sql_op(db, "coins_margin(2, coins)  from a table",
                    "SELECT coins_margin(2, coins) FROM one"),
      [BLEN] = sql_op(db, "length(?1)  bound", "SELECT length(?1)"),
      [TLEN] = sql_op(db, "length(coins)  from a table", "SELECT length(coins) FROM one"),
  };
  for (int i = B3; i < N; i += 2) /* as Python binds: a copy, with the length */
    sqlite3_bind_text(ops[i].stmt, 1, text, (int)len, SQLITE_TRANSIENT);
  measure(ops, N, cfg);
  for (int i = B3; i < N; i += 2)
    check(ops[i].result == ops[i + 1].result, "%s: bound %lld, from a table %lld", ops[i].label,
          (long long)ops[i].result, (long long)ops[i + 1].result);
  printf("\none game of %zu coins bound with its length (as Python binds) and from a table\n", n);
  printf("  %-46s %9s %8s %8s %8s %10s\n", "SELECT ...", "ms/query", "ns/coin", "x table", "",
         "ns > len");
  for (int i = 0; i < N; i++)
    speed_line(ops, i, (double)n, i % 2 == 0 ? i + 1 : -1, -1, i % 2 == 0 ? BLEN : TLEN);
  finalize_ops(ops, N);
  free(text);
}

static void speed(const config *cfg) {
  const char *path = getenv("COINS_SIMD");
  printf("\nspeed (issue 30), scanner path COINS_SIMD=%s\n", path && *path ? path : "(default)");
  sqlite3 *db = open_db();
  speed_small_rows(cfg, db);
  speed_takes(cfg, db, 64, cfg->rows / 4);
  speed_takes(cfg, db, 1024, cfg->rows / 64 > 0 ? cfg->rows / 64 : 1);
  speed_table(db, "g64", 64, cfg->rows / 4, (const uint64_t[]){2}, 1, (int64_t[1]){0});
  speed_columns(cfg, db, "g64 g, coins_moves(3, g.coins) m", "g64 g, json_each(g.coins) j",
                "g64 g, nothing_rows(g.coins, 64) m", 64.0 * (double)(cfg->rows / 4),
                "64-coin games", NULL);
  size_t game = cfg->huge[0];
  int64_t *a = xmalloc(game * sizeof *a);
  char *text = xmalloc(text_room(game));
  uint64_t seed = game;
  deal(&seed, a, game);
  format_array(text, a, game, 0);
  char what[64];
  snprintf(what, sizeof what, "one game of %zu coins, bound", game);
  char nothing_from[64];
  snprintf(nothing_from, sizeof nothing_from, "nothing_rows(?1, %zu) m", game);
  speed_columns(cfg, db, "coins_moves(3, ?1) m", "json_each(?1) j", nothing_from, (double)game,
                what, text);
  free(a), free(text);
  speed_bound(cfg, db, cfg->huge[1]);
  speed_bound(cfg, db, cfg->huge[N_HUGE - 1]);
  sqlite3_close(db);
}

/* The speed section again on the other scanner paths, each in a process
** of its own (the path is chosen once a process): AVX2 and portable. */
static void speed_paths(char **argv, const config *cfg) {
  static const char *const paths[] = {"avx2", "0"};
  for (size_t i = 0; i < sizeof paths / sizeof *paths; i++) {
    char cmd[512];
    snprintf(cmd, sizeof cmd, "COINS_SIMD=%s BENCH_SPEED_CHILD=1 '%s' --only=speed%s%s", paths[i],
             argv[0],
             cfg->smoke                        ? " --smoke"
             : strcmp(cfg->mode, "quick") == 0 ? " --quick"
                                               : "",
             measure_clock == CLOCK_MONOTONIC ? " --wall" : "");
    fflush(stdout);
    if (system(cmd) != 0) failures++;
  }
}

/* ----------------------------------------------------------- 8. targets */

static void target(int met, int smoke, const char *fmt, ...) PRINTF_LIKE(3, 4);
static void target(int met, int smoke, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  printf("  %-9s ", met ? "[met]" : "[not met]");
  vprintf(fmt, ap);
  printf("%s\n", smoke ? "  (smoke sizes)" : "");
  va_end(ap);
}

/* "x json, target <= limit; floor distance" for one figure. */
static void ratio_target(const config *cfg, const char *what, double value, const char *of,
                         double limit, const figure *f, const char *unit) {
  char extra[80] = "";
  if (f)
    snprintf(extra, sizeof extra, "; x%.2f the floor, %+.1f ns/%s", f->vs_floor, f->over_ns, unit);
  target(value <= limit, cfg->smoke, "%-36s %5.2fx %-18s (target <= %.2fx)%s", what, value, of,
         limit, extra);
}

/* The targets of the scanners' section (issue 30): x json_array_length, and
** x length() (0: none), for a scanner on a row case; 0: no target. */
static double scan_target(const char *scanner, const row_case *rc, double *vs_len) {
  int small = rc->kind == SMALL;
  *vs_len = 0;
  if (strcmp(scanner, "portable") == 0) return small ? 0.40 : rc->kind == BIG ? 0.55 : 0;
  if (small) return 0.40;
  if (strcmp(scanner, "avx512") == 0) *vs_len = 1.3;
  return strcmp(scanner, "avx512") == 0 ? 0.45 : strcmp(scanner, "avx2") == 0 ? 0.55 : 0;
}

static void scan_targets(const config *cfg, const results *res) {
  if (!res->have_scan) return;
  printf("  coins_margin(3) on 64-coin rows, by scanner and values\n");
  for (size_t c = 0; c < N_ROW_CASES; c++)
    for (size_t k = 0; k < res->n_scanners; k++) {
      double vs_len, limit = scan_target(res->scanner[k], &row_cases[c], &vs_len);
      const figure *f = &res->scan[c][k];
      char what[64];
      snprintf(what, sizeof what, "%s, %s %s", res->scanner[k], values_name[row_cases[c].kind],
               format_name[row_cases[c].spaced]);
      if (limit > 0) ratio_target(cfg, what, f->vs_json, "json_array_length", limit, f, "row");
      if (vs_len > 0) ratio_target(cfg, what, f->vs_len, "length()", vs_len, NULL, "row");
    }
}

static void targets(const config *cfg, const results *res) {
  int s = cfg->smoke;
  static const char *const row_label[N_ROW_TARGETS] = {
      [R_V2_MARGIN] = "coins_margin(2, coins)",
      [R_V2_MARGIN5] = "coins_margin(2, coins, 5)",
      [R_V3_MARGIN] = "coins_margin(3, coins)",
  };
  printf(
      "\ntargets (informational; they never fail the run). The floor: do_nothing(3, coins) per\n"
      "row, nothing_rows(g.coins, 64) streaming, length() of the text for one huge game\n");
  scan_targets(cfg, res);
  for (int f = 0; f < N_FORMATS; f++) {
    if (!res->have_row64[f]) continue;
    printf("  64-coin rows, %s JSON %s\n", format_name[f], format_example[f]);
    const figure *m3 = &res->row64[f][R_V3_MARGIN];
    ratio_target(cfg, row_label[R_V3_MARGIN], m3->vs_json, "json_array_length", 0.40, m3, "row");
    ratio_target(cfg, row_label[R_V3_MARGIN], m3->vs_len, "length()", 1.6, NULL, "row");
    for (int t = R_V2_MARGIN; t <= R_V2_MARGIN5; t++) {
      const figure *m = &res->row64[f][t];
      ratio_target(cfg, row_label[t], m->vs_json, "json_array_length", 0.35, m, "row");
    }
    if (res->have_stream[f])
      ratio_target(cfg, "count(*) of coins_moves(3, g.coins)", res->stream[f].vs_json, "json_each",
                   0.85, &res->stream[f], "row");
  }
  size_t count = 0;
  while (count < N_HUGE && res->huge_n[count]) count++;
  if (count == 0) return; /* the huge games were not measured */
  for (int f = 0; f < N_FORMATS; f++) {
    printf("  one huge game, %s JSON %s\n", format_name[f], format_example[f]);
    for (size_t k = count >= 2 ? count - 2 : 0; k < count; k++) {
      char what[64];
      snprintf(what, sizeof what, "coins_margin(3, ?), n = %zu", res->huge_n[k]);
      ratio_target(cfg, what, res->huge_margin[f][k].vs_json, "json_array_length", 0.35,
                   &res->huge_margin[f][k], "coin");
    }
    long long peak = res->peak_moves[f][count - 1];
    target(peak >= 0 && peak <= 120000000, s,
           "count(*) FROM coins_moves(3, ?), n = %zu: peak %.1f MB above the text (target <= 120 "
           "MB)",
           res->huge_n[count - 1], (double)peak / 1e6);
  }

  printf("  also tracked (earlier targets; compact text)\n");
  double mg = res->margin_per_coin[count - 1] / res->margin_per_coin[0];
  double mv = res->moves_per_coin[count - 1] / res->moves_per_coin[0];
  target(mg <= 1.5 && mg >= 1 / 1.5, s,
         "time per coin, coins_margin, n = %zu -> %zu: x%.2f (target within 1.5x)", res->huge_n[0],
         res->huge_n[count - 1], mg);
  target(mv <= 1.5 && mv >= 1 / 1.5, s,
         "time per coin, coins_moves, n = %zu -> %zu: x%.2f (target within 1.5x)", res->huge_n[0],
         res->huge_n[count - 1], mv);
  double n24 = 24.0 * (double)res->huge_n[count - 1];
  const long long peaks[3] = {res->peak_margin[COMPACT][count - 1], res->valley_margin,
                              res->valley_moves};
  static const char *const what[3] = {"coins_margin", "coins_margin, valley",
                                      "coins_moves, valley"};
  for (int i = 0; i < 3; i++)
    target(peaks[i] >= 0 && (double)peaks[i] <= n24, s,
           "peak memory above the text, %s, n = %zu: %.1f MB = %.2f x 24n (target <= 24n)", what[i],
           res->huge_n[count - 1], (double)peaks[i] / 1e6, (double)peaks[i] / n24);
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

/* The first line a command prints (empty if none), without its newline. */
static void command_line(const char *cmd, char *out, size_t size) {
  out[0] = 0;
  FILE *p = popen(cmd, "r");
  if (p == NULL) return;
  if (fgets(out, (int)size, p) == NULL) out[0] = 0;
  out[strcspn(out, "\n")] = 0;
  pclose(p);
}

/* PRETTY_NAME of /etc/os-release, or the kernel's name. */
static void os_name(char *out, size_t size) {
  struct utsname u;
  char pretty[128] = "";
  FILE *f = fopen("/etc/os-release", "r");
  if (f) {
    char line[256];
    while (fgets(line, sizeof line, f))
      if (strncmp(line, "PRETTY_NAME=", 12) == 0) {
        char *p = line + 12 + (line[12] == '"');
        p[strcspn(p, "\"\n")] = 0;
        snprintf(pretty, sizeof pretty, "%s, ", p);
        break;
      }
    fclose(f);
  }
  if (uname(&u) == 0)
    snprintf(out, size, "%s%s %s %s", pretty, u.sysname, u.release, u.machine);
  else
    snprintf(out, size, "%sunknown system", pretty);
}

static void print_facts(const config *cfg, int argc, char **argv) {
  char cpu[256], load[64] = "?", os[256], commit[64], dirty[8];
  cpu_model(cpu, sizeof cpu);
  os_name(os, sizeof os);
  FILE *f = fopen("/proc/loadavg", "r");
  if (f) {
    if (fgets(load, sizeof load, f)) load[strcspn(load, " ")] = 0;
    fclose(f);
  }
  command_line("git rev-parse --short HEAD 2>/dev/null", commit, sizeof commit);
  command_line(
      "git status --porcelain --untracked-files=no -- ext include tests/bench 2>/dev/null | head "
      "-1",
      dirty, sizeof dirty);
  double ram = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE) / (1 << 30);
  printf("coins %s bench (%s)\n  command:  ", COINS_VERSION, cfg->mode);
  for (int i = 0; i < argc; i++) printf("%s%s", i ? " " : "", argv[i]);
  if (argc == 1) printf("   (make bench: this, then tests/bench/udf_bench.py build/coins.so)");
  printf("\n  machine:  %ld CPUs, %s, %.0f GB\n  system:   %s; load average %s\n",
         sysconf(_SC_NPROCESSORS_ONLN), cpu, ram, os, load);
  printf("  build:    %s%s, %s; SQLite %s (headers %s); git %s%s\n",
#if defined(__clang__)
         "clang ",
#elif defined(__GNUC__)
         "gcc ",
#else
         "",
#endif
#ifdef __VERSION__
         __VERSION__,
#else
         "(unknown compiler)",
#endif
#ifdef __OPTIMIZE__
         "optimised",
#else
         "NOT optimised (the times mean little)",
#endif
         sqlite3_libversion(), SQLITE_VERSION, commit[0] ? commit : "(no repository)",
         dirty[0] ? " + uncommitted changes in ext/, include/ or tests/bench/" : "");
  printf(
      "  method:   %d interleaved rounds (%d where a round is under 0.6 s), medians; ratios\n"
      "            are medians of the per-round ratios; clock: %s\n",
      cfg->rounds, cfg->short_rounds > cfg->rounds ? cfg->short_rounds : cfg->rounds,
      measure_clock == CLOCK_MONOTONIC ? "wall time (CLOCK_MONOTONIC, --wall)"
                                       : "CPU time of the thread (--wall: wall-clock time)");
}

static void usage(void) {
  fprintf(stderr,
          "usage: bench [--smoke | --quick] [--wall] [--rounds=R] [--rows=N] [--only=S,...]\n"
          "  S: rows, streaming, huge, reviews, play, textbook, analysis, speed (the sections;\n"
          "  all by default), scanners (part of rows: coins_margin(3) by scanner and values)\n"
          "  (BENCH_SMOKE=1 in the environment means --smoke)\n");
  exit(2);
}

int main(int argc, char **argv) {
  config cfg = {
      .mode = "full",
      .rounds = 5,
      .short_rounds = MAX_ROUNDS,
      .rows = 100000,
      .row_coins = {16, 64, 256},
      .huge = {100000, 1000000, 2000000, 10000000},
      .records = {10000, 100000, 1000000},
      .n_dp = 6,
      .dp = {16, 64, 256, 1000, 10000, 20000},
      .min_time = 0.02,
  };
  const char *env = getenv("BENCH_SMOKE");
  int smoke = env && *env && strcmp(env, "0") != 0, quick = 0;
  long rounds = 0, rows = 0;
  const char *only = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--smoke") == 0)
      smoke = 1;
    else if (strcmp(argv[i], "--quick") == 0)
      quick = 1;
    else if (strcmp(argv[i], "--wall") == 0)
      measure_clock = CLOCK_MONOTONIC;
    else if (strncmp(argv[i], "--rounds=", 9) == 0)
      rounds = atol(argv[i] + 9);
    else if (strncmp(argv[i], "--rows=", 7) == 0)
      rows = atol(argv[i] + 7);
    else if (strncmp(argv[i], "--only=", 7) == 0)
      only = argv[i] + 7;
    else
      usage();
  }
  enum { N_SECTIONS = 9 }; /* "rows" runs "scanners" too */
  static const char *const section_name[N_SECTIONS] = {
      "rows", "streaming", "huge", "reviews", "play", "textbook", "analysis", "scanners", "speed"};
  int run[N_SECTIONS];
  for (int k = 0; k < N_SECTIONS; k++) run[k] = only == NULL;
  for (const char *w = only; w && *w; w += strcspn(w, ","), w += *w == ',') {
    size_t wlen = strcspn(w, ","), k = 0;
    while (k < N_SECTIONS &&
           !(strlen(section_name[k]) == wlen && strncmp(w, section_name[k], wlen) == 0))
      k++;
    if (k == N_SECTIONS) usage();
    run[k] = 1;
  }
  if (smoke) {
    config s = {.mode = "smoke",
                .smoke = 1,
                .rounds = 3,
                .rows = 200,
                .row_coins = {16, 64, 256},
                .huge = {100, 1000, 2000, 10000},
                .records = {100, 1000, 10000},
                .n_dp = 3,
                .dp = {16, 64, 200},
                .min_time = 0};
    cfg = s;
  } else if (quick) {
    cfg.mode = "quick";
    cfg.rounds = 3;
    cfg.short_rounds = 5;
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

  print_facts(&cfg, argc, argv);
  double t_start = now(), cpu_start = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
  results res;
  memset(&res, 0, sizeof res);

  printf(
      "\nper-row cost: SELECT sum(f(coins)) FROM games, in-memory, values 0..999; the floor is\n"
      "do_nothing(3, coins), a do-nothing scalar registered like coins' (ns > floor: per row)\n");
  sqlite3 *db64[N_FORMATS] = {NULL, NULL};
  row_sums sums64[N_FORMATS];
  for (int k = 0; k < 3 && (run[0] || run[1]); k++) {
    size_t n = cfg.row_coins[k];
    if (!run[0] && n != 64) continue; /* streaming needs only the 64-coin tables */
    for (int f = 0; f < (n == 64 ? N_FORMATS : 1); f++) {
      row_sums sums;
      double text_mb;
      sqlite3 *db = build_games(&cfg, n, f, &sums, &text_mb);
      if (run[0]) per_row(&cfg, db, n, f, &sums, text_mb, &res);
      if (n == 64) {
        db64[f] = db;
        sums64[f] = sums;
      } else {
        sqlite3_close(db);
      }
    }
  }
  if (run[0] || run[7]) scanners(&cfg, &res);
  double t_section[N_SECTIONS];
  t_section[0] = now();
  for (int f = 0; f < N_FORMATS; f++)
    if (db64[f]) {
      if (run[1]) streaming(&cfg, db64[f], f, &sums64[f], &res);
      sqlite3_close(db64[f]);
    }
  t_section[1] = now();
  if (run[2]) huge_games(&cfg, &res);
  t_section[2] = now();
  if (run[3]) reviews(&cfg);
  t_section[3] = now();
  if (run[4]) plays(&cfg);
  t_section[4] = now();
  if (run[5]) textbook(&cfg);
  t_section[5] = now();
  if (run[6]) analysis(&cfg);
  t_section[6] = now();
  t_section[7] = now(); /* (scanners ran with the rows, above) */
  if (run[8]) speed(&cfg);
  if (run[8] && getenv("BENCH_SPEED_CHILD") == NULL) speed_paths(argv, &cfg);
  t_section[8] = now();
  if (getenv("BENCH_SPEED_CHILD")) return failures ? 1 : 0; /* (its parent sums up) */
  targets(&cfg, &res);
  printf(
      "\nsections, s: per-row %.1f, streaming %.1f, huge %.1f, reviews %.1f, play %.1f, "
      "textbook %.1f, analysis %.1f, speed %.1f\n",
      t_section[0] - t_start, t_section[1] - t_section[0], t_section[2] - t_section[1],
      t_section[3] - t_section[2], t_section[4] - t_section[3], t_section[5] - t_section[4],
      t_section[6] - t_section[5], t_section[8] - t_section[7]);
  double wall = now() - t_start, cpu = clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
  printf("%s in %.1f s (CPU time %.1f s: the process had %.0f%% of a CPU)\n",
         failures ? "RESULTS DISAGREE" : "all results agree", wall, cpu, 100 * cpu / wall);
  return failures ? 1 : 0;
}
