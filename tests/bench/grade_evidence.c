/*
** grade_evidence.c -- the measurement behind the mistake threshold of
** coins_review's grade (docs/reference.md, "Grades and accuracy"):
** random games of variants II and III, each move optimal or (four times in
** ten) random; for every move that lost something from a won or drawn
** position, its share (loss / (2 stake)) and whether it changed the
** result.  Prints, per band of shares, how often a move of that share
** changed the result.  Run with `make grade-evidence`.
*/
#include <stdio.h>

#include "coins.h"

#define GAMES 400000
#define BANDS 20 /* of 1% each; the last holds the rest */

int main(void) {
  uint64_t rng = 42;
  long moves[2][BANDS] = {{0}}, changed[2][BANDS] = {{0}};
  int64_t a[32], work[4096];
  for (int game = 0; game < GAMES; game++) {
    coins_variant v = game % 2 ? COINS_III : COINS_II;
    size_t n = 4 + (size_t)(coins_random_next(&rng) % 17);
    uint64_t k = v == COINS_III ? 1 : 2 + coins_random_next(&rng) % 3;
    coins_random_fill(&rng, 1, game % 4 < 2 ? 20 : 100, a, n);
    coins_review rv;
    coins_review_init(&rv, v, a, n, k, work);
    while (rv.line.st.lo < rv.line.st.hi) {
      coins_move m = coins_review_best(&rv);
      uint64_t lo = rv.line.st.lo, hi = rv.line.st.hi, left = hi - lo, stake = 0;
      if (coins_random_next(&rng) % 10 < 4) { /* a random move */
        m.side = v == COINS_III && coins_random_next(&rng) % 2 ? 'R' : 'L';
        m.take = v == COINS_III ? 1 : 1 + coins_random_next(&rng) % (k < left ? k : left);
      }
      for (uint64_t i = lo; i < hi; i++) stake += (uint64_t)a[i]; /* the coins are positive */
      coins_judgement j;
      char err[COINS_ERRMSG_SIZE];
      coins_review_play(&rv, m, &j, err);
      if (j.loss == 0 || j.before < 0) continue; /* a lost position stays lost */
      int band = (int)(coins_analysis_share(v, j.loss, stake) * 100);
      band = band < BANDS ? band : BANDS - 1;
      moves[v == COINS_III][band]++;
      changed[v == COINS_III][band] += j.after < j.before;
    }
  }
  printf("share of the stake | variant II: moves, changed the result | variant III: the same\n");
  for (int b = 0; b < BANDS; b++)
    printf("%2d%%%s | %7ld %5.1f%% | %7ld %5.1f%%\n", b, b == BANDS - 1 ? "+  " : "   ",
           moves[0][b], 100.0 * changed[0][b] / moves[0][b], moves[1][b],
           100.0 * changed[1][b] / moves[1][b]);
  return 0;
}
