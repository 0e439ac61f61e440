/*
** test_random.h -- what the seeded random tests (test_diff.c,
** test_records.c, test_scan.c) share: the settings read from the
** environment, the splitmix64 generator with one independent stream per
** case, failure reports that say how to reproduce a case, the CHECK
** macros, guard words around work buffers, and a text buffer for writing
** inputs with random whitespace.
**
** Environment (read by random_init):
**   COINS_DIFF_SEED   the seed (decimal or 0x hex; default: the program's)
**   COINS_DIFF_SCALE  multiplies the number of random cases (default 1;
**                     e.g. 0.1 under a slow sanitizer, 10 for a soak run)
**   COINS_DIFF_ONLY   run only this case index of each random test
**
** Include it after <cmocka.h> (the CHECK macros call fail_msg).  Each
** program defines dump_case(), which CHECK calls before failing: it prints
** the case at hand, starting with report_case().
*/
#ifndef COINS_TEST_RANDOM_H
#define COINS_TEST_RANDOM_H

#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------- settings */

extern uint64_t g_seed; /* COINS_DIFF_SEED, or the program's default */
extern double g_scale;  /* COINS_DIFF_SCALE, > 0 */
extern int g_only_set;  /* COINS_DIFF_ONLY is set... */
extern uint64_t g_only; /* ...to this case index */

/* Reads the environment; program names the program in messages. */
void random_init(const char *program, uint64_t default_seed);

/* The number of random cases of a test whose default count is base. */
uint64_t scaled(uint64_t base);

/* ---------------------------------------------------------------- random */

typedef struct rng {
  uint64_t s;
} rng;

static inline uint64_t splitmix64(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15u);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
  return z ^ (z >> 31);
}

static inline uint64_t next64(rng *r) { return splitmix64(&r->s); }

/* Uniform enough in [0, n); n = 0 means the full 64-bit range. */
static inline uint64_t below(rng *r, uint64_t n) { return n ? next64(r) % n : next64(r); }

static inline int64_t as_signed(uint64_t u) {
  return u <= (uint64_t)INT64_MAX ? (int64_t)u : -(int64_t)(~u) - 1; /* two's complement */
}

/* Uniform in [lo, hi]. */
static inline int64_t between(rng *r, int64_t lo, int64_t hi) {
  uint64_t width = (uint64_t)hi - (uint64_t)lo + 1;
  return as_signed((uint64_t)lo + below(r, width));
}

/* The generator of case index of test number test: independent of every
** other case. */
static inline rng case_rng(int test, uint64_t index) {
  rng r = {g_seed ^ ((uint64_t)test << 56) ^ (index * 0xD1B54A32D192ED03u)};
  next64(&r);
  return r;
}

/* Row models shared by the generators (each draws from r in a fixed order):
**   fill_between       every a[i] uniform in [lo, hi]
**   fill_three         three values drawn from [-bound, bound], each a[i]
**                      one of them (many duplicates and ties)
**   fill_alternating   high ([high, high + 10]) and low ([0, 10]) in turn,
**                      starting with either
**   fill_mostly_zeros  0, or (one time in one_in) uniform in [-bound, bound]
**   fill_one_huge      -100..100 but for one huge element: the sum of
**                      |a[i]| is exactly INT64_MAX */
void fill_between(rng *r, int64_t *a, size_t n, int64_t lo, int64_t hi);
void fill_three(rng *r, int64_t *a, size_t n, int64_t bound);
void fill_alternating(rng *r, int64_t *a, size_t n, int64_t high);
void fill_mostly_zeros(rng *r, int64_t *a, size_t n, uint64_t one_in, int64_t bound);
void fill_one_huge(rng *r, int64_t *a, size_t n);

/* ------------------------------------------------------ failure reports */

/* Defined by each program: prints the case at hand (report_case first). */
void dump_case(void);

/* The report's first line: the test, the case index and how to reproduce
** the case (COINS_DIFF_SEED=... COINS_DIFF_ONLY=...). */
void report_case(const char *test, uint64_t index);

/* The elements of a[0..n), comma-separated. */
void report_row(const int64_t *a, size_t n);

#define CHECK(cond, ...)     \
  do {                       \
    if (!(cond)) {           \
      dump_case();           \
      fail_msg(__VA_ARGS__); \
    }                        \
  } while (0)

#define CHECK_EQ(got, want)                                                             \
  do {                                                                                  \
    int64_t got_ = (int64_t)(got), want_ = (int64_t)(want);                             \
    CHECK(got_ == want_, "%s = %lld, expected %s = %lld", #got, (long long)got_, #want, \
          (long long)want_);                                                            \
  } while (0)

#define CHECK_EQU(got, want)                                                                     \
  do {                                                                                           \
    uint64_t got_ = (uint64_t)(got), want_ = (uint64_t)(want);                                   \
    CHECK(got_ == want_, "%s = %llu, expected %s = %llu", #got, (unsigned long long)got_, #want, \
          (unsigned long long)want_);                                                            \
  } while (0)

#define CHECK_STR(got, want)                                                                \
  do {                                                                                      \
    const char *got_ = (got), *want_ = (want);                                              \
    CHECK(strcmp(got_, want_) == 0, "%s = \"%s\",\n   expected \"%s\"", #got, got_, want_); \
  } while (0)

/* malloc that aborts when out of memory; size 0 allocates a byte. */
void *xmalloc(size_t size);

/* An exact-size malloc'd copy of s[0..len) (so ASan sees any read past
** it); NULL or a byte when len is 0. */
char *exact_copy(const char *s, size_t len);

/* ----------------------------------------------------------- guard words */

/* Guard words on either side of a work buffer, so that a write outside
** its declared size fails a test for certain, even where the heap or a
** page boundary would not notice (a vector store a few words too far, a
** deque one word before its start).  guarded_alloc(words) gives buf with
** GUARD_WORDS int64_t before buf[0] and after buf[words - 1], set to a
** pattern; guard_set(buf, used) sets them again around buf[0..used)
** (used <= words: a call told of less room is guarded at that room), and
** CHECK_GUARD after each call checks them.  Free it with guarded_free. */
#define GUARD_WORDS 16

int64_t *guarded_alloc(size_t words);
void guarded_free(int64_t *buf); /* NULL: nothing */
void guard_set(int64_t *buf, size_t used);
/* Whether a guard word around buf[0..used) has changed; *at: the index
** (from buf, negative before it) of the one nearest the buffer. */
int guard_broken(const int64_t *buf, size_t used, long *at);

#define CHECK_GUARD(buf, used, what)                                                              \
  do {                                                                                            \
    long at_;                                                                                     \
    CHECK(!guard_broken((buf), (used), &at_), "%s wrote outside its %zu words, at [%ld]", (what), \
          (size_t)(used), at_);                                                                   \
  } while (0)

/* ------------------------------------------------------------------ text */

/* A growing buffer (not NUL-terminated); {0} is empty. */
typedef struct text {
  char *s;
  size_t len, size;
} text;

/* Appends s[0..len). */
void put(text *t, const char *s, size_t len);

/* Appends the string s. */
void puts_(text *t, const char *s);

/* Appends nothing (3 times in 4) or up to 2 of ' ', '\t', '\n', '\r'. */
void space(rng *r, text *t);

#endif
