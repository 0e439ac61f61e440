/*
** svg.c -- coins_svg(variant, coins [, moves [, max_take]]): the picture
** coins_diagram draws, as a standalone SVG document (an <svg> element with
** its namespace, nothing before it), for a browser, IPython.display.SVG,
** an HTML report or a file.  Each coin is drawn with its value (none in
** variant I), filled with the colour of the player who took it (a legend
** says which is which; coins an abandoned record left are hollow), with the
** ply that took it under it; the last lines give the totals and the
** outcome.  With a record, every move that was not best is marked on the
** first coin it took: ?! an inaccuracy, ?? a blunder (the verdicts of
** coins_review), and a line counts them per player.  Without moves (left
** out or NULL) it draws the optimal line, as coins_diagram does.
**
** Rows wrap, at most SVG_PER_LINE coins a line; a row of more than
** SVG_MAX_DRAWN coins is summarised: its first and last SVG_MAX_DRAWN / 2
** coins are drawn, with a line between them that says how many are not.
** Coordinates are integers, every text goes through svg_text (XML
** escapes), so the output is exact and valid XML.  docs/browser.md has the
** whole contract.
*/
#include <stdarg.h>
#include <string.h>

#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

#define SVG_NAME "coins_svg"
#define SVG_MAX_COUNT 1000000 /* variant I: the most coins (a count, or a row) */
#define SVG_MAX_DRAWN 400     /* longer rows: the first and last 200 coins */
#define SVG_PER_LINE 20       /* the most coins a line */

/* ------------------------------------------------------------ the review */

enum svg_verdict { SVG_BEST, SVG_INACCURACY, SVG_BLUNDER };

/* Each move of the record judged (index: ply - 1). */
typedef struct svg_review {
  unsigned char *verdict; /* enum svg_verdict */
  int64_t *loss;
  coins_move *best;
  uint64_t counts[2][3]; /* per player (0: P1), per verdict */
} svg_review;

static void svg_review_free(svg_review *r) {
  sqlite3_free(r->verdict);
  sqlite3_free(r->loss);
  sqlite3_free(r->best);
}

/* Judges every move of pic->record as coins_review does. */
static int svg_review_record(const coins_picture *pic, svg_review *r, char **err) {
  const coins_game *g = &pic->game;
  size_t count = pic->count, n = coins_args_work_count(g);
  r->verdict = sqlite3_malloc64(count + 1);
  r->loss = sqlite3_malloc64((count + 1) * sizeof *r->loss);
  r->best = sqlite3_malloc64((count + 1) * sizeof *r->best);
  /* a record known in advance is solved along its path in one pass */
  int whole = g->n < UINT32_MAX - 2 && g->takes.range; /* (a set: move by move) */
  size_t words = whole ? coins_review_record_words(g->variant, n, g->k, count)
                       : coins_review_takes_work_words(g->variant, n, &g->takes);
  int64_t *work = NULL;
  size_t room = 0;
  if (!r->verdict || !r->loss || !r->best || coins_reserve(&work, &room, words))
    return SQLITE_NOMEM;
  coins_review rv;
  char msg[COINS_ERRMSG_SIZE] = "";
  coins_status started = whole ? coins_review_init_record_stop(&rv, g->variant, g->a, g->n, g->k,
                                                               pic->record, count, work, g->stop)
                               : coins_review_init_takes_stop(&rv, g->variant, g->a, g->n,
                                                              &g->takes, work, msg, g->stop);
  int rc = coins_reply_status(started, SVG_NAME, msg, err);
  coins_interrupt_poll poll = {g->stop, COINS_INTERRUPT_POLL_EVERY};
  for (size_t t = 0; rc == SQLITE_OK && t < count; t++) {
    coins_judgement j;
    if (coins_interrupt_poll_stopped(&poll)) {
      rc = SQLITE_INTERRUPT;
      break;
    }
    coins_status st =
        coins_review_play(&rv, coins_notation_move_of(g->variant, pic->record[t]), &j, msg);
    rc = coins_reply_status(st, SVG_NAME, msg, err);
    if (rc != SQLITE_OK) break;
    /* the verdicts of coins_review */
    enum svg_verdict v = j.loss == 0 ? SVG_BEST : j.after < j.before ? SVG_BLUNDER : SVG_INACCURACY;
    r->verdict[t] = (unsigned char)v;
    r->loss[t] = j.loss;
    r->best[t] = j.best;
    r->counts[j.played.player - 1][v]++;
  }
  sqlite3_free(work);
  return rc;
}

/* ------------------------------------------------------------ the output */

/* Sizes, in SVG units (pixels). */
#define SVG_MARGIN 16
#define SVG_CELL_MIN 44 /* a coin's column, at least */
#define SVG_COIN_H 36
#define SVG_LINE_H 72 /* a line of coins: badge, coin, ply */
#define SVG_TOP 64    /* the first line of coins */
#define SVG_CHAR_W 7  /* a character of 13px text, about */

static const char *const player_fill[2] = {"#4e79a7", "#f28e2b"};
static const char *const player_ink[2] = {"#ffffff", "#222222"};
static const char *const player_edge[2] = {"#2e4a66", "#a35c14"};

/* Appends text to s with &, <, >, " and ' escaped. */
static void svg_escape(sqlite3_str *s, const char *text) {
  for (const char *p = text; *p; p++) {
    switch (*p) {
      case '&': sqlite3_str_appendall(s, "&amp;"); break;
      case '<': sqlite3_str_appendall(s, "&lt;"); break;
      case '>': sqlite3_str_appendall(s, "&gt;"); break;
      case '"': sqlite3_str_appendall(s, "&quot;"); break;
      case '\'': sqlite3_str_appendall(s, "&#39;"); break;
      default: sqlite3_str_appendchar(s, 1, *p);
    }
  }
}

/* Appends the printf-style text, escaped (texts are short: the values of
** coins, plies, labels). */
static void svg_text(sqlite3_str *s, const char *fmt, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  sqlite3_vsnprintf((int)sizeof buf, buf, fmt, ap);
  va_end(ap);
  svg_escape(s, buf);
}

/* The characters v takes in decimal. */
static int chars_of(int64_t v) {
  char buf[24];
  sqlite3_snprintf((int)sizeof buf, buf, "%lld", (long long)v);
  return (int)strlen(buf);
}

/* What is drawn: coins [0, head) and [tail, n); head == tail: all. */
typedef struct svg_layout {
  uint64_t head, tail;
  int cell, per_line, width, lines;
} svg_layout;

static int lines_for(uint64_t coins, int per_line) {
  return (int)((coins + (uint64_t)per_line - 1) / (uint64_t)per_line);
}

static void svg_plan(const coins_picture *pic, int text_w, svg_layout *L) {
  uint64_t n = pic->game.n;
  L->head = L->tail = n;
  if (n > SVG_MAX_DRAWN) L->head = SVG_MAX_DRAWN / 2, L->tail = n - SVG_MAX_DRAWN / 2;
  int chars = chars_of((int64_t)pic->plies);
  for (uint64_t i = 0; pic->values && i < n; i = i + 1 == L->head ? L->tail : i + 1) /* drawn */
    if (chars_of(pic->game.a[i]) > chars) chars = chars_of(pic->game.a[i]);
  L->cell = chars * 8 + 16 > SVG_CELL_MIN ? chars * 8 + 16 : SVG_CELL_MIN;
  L->per_line = SVG_PER_LINE * SVG_CELL_MIN / L->cell;
  int used = n < (uint64_t)L->per_line ? (int)n : L->per_line;
  L->lines = lines_for(L->head, L->per_line);
  if (L->tail < n) L->lines += 1 + lines_for(n - L->tail, L->per_line);
  L->width = 2 * SVG_MARGIN + used * L->cell;
  if (L->width < 2 * SVG_MARGIN + text_w) L->width = 2 * SVG_MARGIN + text_w;
}

/* The ?! or ?? badge on the coin whose column starts at x. */
static void svg_badge(sqlite3_str *s, int x, int top, enum svg_verdict v) {
  int blunder = v == SVG_BLUNDER;
  sqlite3_str_appendf(s,
                      "<circle cx=\"%d\" cy=\"%d\" r=\"9\" fill=\"%s\" stroke=\"#ffffff\"/>"
                      "<text x=\"%d\" y=\"%d\" font-size=\"10\" font-weight=\"bold\" fill=\"%s\">",
                      x, top + 10, blunder ? "#c62828" : "#ffd54f", x, top + 14,
                      blunder ? "#ffffff" : "#222222");
  svg_text(s, blunder ? "??" : "?!");
  sqlite3_str_appendall(s, "</text>");
}

/* The words of the tooltip of a move that was not best. */
static void svg_move_title(sqlite3_str *s, const coins_picture *pic, const svg_review *r,
                           int64_t ply) {
  size_t t = (size_t)ply - 1;
  coins_move best = r->best[t];
  svg_text(s, "; ply %lld was %s (lost %lld; best ", (long long)ply,
           r->verdict[t] == SVG_BLUNDER ? "a blunder" : "an inaccuracy", (long long)r->loss[t]);
  coins_notation nt = coins_variant_traits_of(pic->game.variant).notation;
  char buf[COINS_MOVE_TEXT_SIZE];
  size_t len;
  const char *move = coins_notation_format(nt, best, buf, &len);
  svg_text(s, coins_notation_is_number(nt) ? "take %s)" : "%s)", move);
}

/* Coin i in column x of the line whose top is top; first: the first coin
** of its move that is drawn (a verdict goes there). */
static void svg_coin(sqlite3_str *s, const coins_picture *pic, const svg_review *r, uint64_t i,
                     int x, int top, int cell, int first) {
  int64_t ply = pic->ply_of[i];
  int who = (int)((ply + 1) % 2); /* 0: P1, 1: P2 */
  int mid = x + cell / 2;
  sqlite3_str_appendall(s, "<g><title>");
  svg_text(s, "coin %llu", (unsigned long long)i + 1);
  if (pic->values) svg_text(s, ": %lld", (long long)pic->game.a[i]);
  if (ply > 0)
    svg_text(s, ", taken by P%d at ply %lld", who + 1, (long long)ply);
  else
    svg_text(s, ", left on the table");
  int marked = ply > 0 && r->verdict && first && r->verdict[ply - 1] != SVG_BEST;
  if (marked) svg_move_title(s, pic, r, ply);
  sqlite3_str_appendf(s, "</title><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"18\" ",
                      x + 4, top + 10, cell - 8, SVG_COIN_H);
  if (ply > 0)
    sqlite3_str_appendf(s, "fill=\"%s\" stroke=\"%s\"/>", player_fill[who], player_edge[who]);
  else
    sqlite3_str_appendall(s, "fill=\"#ffffff\" stroke=\"#999999\" stroke-dasharray=\"4 3\"/>");
  if (pic->values) {
    sqlite3_str_appendf(s, "<text x=\"%d\" y=\"%d\" fill=\"%s\">", mid, top + 33,
                        ply > 0 ? player_ink[who] : "#555555");
    svg_text(s, "%lld", (long long)pic->game.a[i]);
    sqlite3_str_appendall(s, "</text>");
  }
  sqlite3_str_appendf(s, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#333333\">", mid,
                      top + 62);
  if (ply > 0)
    svg_text(s, "%lld", (long long)ply);
  else
    svg_text(s, "-");
  sqlite3_str_appendall(s, "</text>");
  if (marked) svg_badge(s, x + cell - 10, top, (enum svg_verdict)r->verdict[ply - 1]);
  sqlite3_str_appendall(s, "</g>\n");
}

/* Coins [from, to) in lines from line *line on. */
static void svg_coins(sqlite3_str *s, const coins_picture *pic, const svg_review *r,
                      const svg_layout *L, uint64_t from, uint64_t to, int *line) {
  for (uint64_t i = from; i < to; i++) {
    uint64_t col = (i - from) % (uint64_t)L->per_line;
    if (i > from && col == 0) ++*line;
    int first = i == from || pic->ply_of[i - 1] != pic->ply_of[i];
    svg_coin(s, pic, r, i, SVG_MARGIN + (int)col * L->cell, SVG_TOP + *line * SVG_LINE_H, L->cell,
             first);
  }
  if (to > from) ++*line;
}

/* A line of text at the left, baseline y. */
static void svg_line_start(sqlite3_str *s, int y, const char *extra) {
  sqlite3_str_appendf(s, "<text x=\"%d\" y=\"%d\" text-anchor=\"start\"%s>", SVG_MARGIN, y, extra);
}

/* The legend: a swatch (or a badge) and a label for each entry. */
typedef struct svg_legend_entry {
  int who;   /* 0: P1, 1: P2, 2: not taken, 3: a verdict */
  int badge; /* who == 3: the verdict */
  const char *label;
} svg_legend_entry;

static int svg_legend_entries(const coins_picture *pic, const svg_review *r,
                              svg_legend_entry e[5]) {
  int n = 0;
  e[n++] = (svg_legend_entry){0, 0, "P1 (first)"};
  e[n++] = (svg_legend_entry){1, 0, "P2 (second)"};
  if (pic->left > 0) e[n++] = (svg_legend_entry){2, 0, "not taken"};
  if (r->verdict) {
    e[n++] = (svg_legend_entry){3, SVG_INACCURACY, "inaccuracy"};
    e[n++] = (svg_legend_entry){3, SVG_BLUNDER, "blunder"};
  }
  return n;
}

static int svg_legend_width(const svg_legend_entry *e, int n) {
  int x = 0;
  for (int i = 0; i < n; i++) x += 20 + (int)strlen(e[i].label) * SVG_CHAR_W + 16;
  return x;
}

static void svg_legend(sqlite3_str *s, const svg_legend_entry *e, int n) {
  int x = SVG_MARGIN;
  for (int i = 0; i < n; i++) {
    if (e[i].who < 2)
      sqlite3_str_appendf(s, "<circle cx=\"%d\" cy=\"44\" r=\"7\" fill=\"%s\" stroke=\"%s\"/>",
                          x + 7, player_fill[e[i].who], player_edge[e[i].who]);
    else if (e[i].who == 2)
      sqlite3_str_appendf(s,
                          "<circle cx=\"%d\" cy=\"44\" r=\"7\" fill=\"#ffffff\" "
                          "stroke=\"#999999\" stroke-dasharray=\"3 2\"/>",
                          x + 7);
    else
      svg_badge(s, x + 7, 34, (enum svg_verdict)e[i].badge);
    sqlite3_str_appendf(s, "<text x=\"%d\" y=\"48\" text-anchor=\"start\">", x + 20);
    svg_text(s, "%s", e[i].label);
    sqlite3_str_appendall(s, "</text>");
    x += 20 + (int)strlen(e[i].label) * SVG_CHAR_W + 16;
  }
  sqlite3_str_appendall(s, "\n");
}

/* "moves not best: P1: 1 inaccuracy, 2 blunders; P2: none" */
static void svg_review_line(sqlite3_str *s, const svg_review *r) {
  for (int who = 0; who < 2; who++) {
    const uint64_t *c = r->counts[who];
    svg_text(s, "%sP%d: ", who ? "; " : "moves not best: ", who + 1);
    if (c[SVG_INACCURACY] == 0 && c[SVG_BLUNDER] == 0) svg_text(s, "none");
    if (c[SVG_INACCURACY] > 0)
      svg_text(s, "%llu inaccurac%s", (unsigned long long)c[SVG_INACCURACY],
               c[SVG_INACCURACY] == 1 ? "y" : "ies");
    if (c[SVG_INACCURACY] > 0 && c[SVG_BLUNDER] > 0) svg_text(s, ", ");
    if (c[SVG_BLUNDER] > 0)
      svg_text(s, "%llu blunder%s", (unsigned long long)c[SVG_BLUNDER],
               c[SVG_BLUNDER] == 1 ? "" : "s");
  }
}

/* "coins, variant II, max_take 3: 5 coins, a record of 4 moves" */
static void svg_title(char *buf, int size, const coins_picture *pic) {
  const coins_game *g = &pic->game;
  coins_variant_traits traits = coins_variant_traits_of(g->variant);
  char take[40 + COINS_TAKES_TEXT_SIZE] = "", set[COINS_TAKES_TEXT_SIZE];
  coins_takes_text(&g->takes, set);
  if (!traits.fixed_take)
    sqlite3_snprintf((int)sizeof take, take, ", %s %s", g->takes.range ? "max_take" : "takes", set);
  char what[60];
  if (pic->recorded)
    sqlite3_snprintf((int)sizeof what, what, "a record of %llu move%s",
                     (unsigned long long)pic->count, pic->count == 1 ? "" : "s");
  else
    sqlite3_snprintf((int)sizeof what, what, "the optimal line");
  sqlite3_snprintf(size, buf, "coins, variant %s%s: %llu coin%s, %s", traits.name, take,
                   (unsigned long long)g->n, g->n == 1 ? "" : "s", what);
}

static void svg_draw(sqlite3_context *ctx, const coins_picture *pic, const svg_review *r) {
  const coins_game *g = &pic->game;
  char title[160];
  svg_title(title, (int)sizeof title, pic);
  sqlite3_str *summary = sqlite3_str_new(NULL);
  coins_picture_summary(summary, pic);
  int summary_len = sqlite3_str_length(summary);
  char *result = sqlite3_str_finish(summary);
  if (result == NULL) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  /* the width: the coins', or the texts' when the coins are few */
  svg_legend_entry legend[5];
  int entries = svg_legend_entries(pic, r, legend);
  int text_w = (int)strlen(title) * 9, other = summary_len * SVG_CHAR_W;
  if (other > text_w) text_w = other;
  other = svg_legend_width(legend, entries);
  if (other > text_w) text_w = other;
  if (r->verdict && text_w < 60 * SVG_CHAR_W) text_w = 60 * SVG_CHAR_W; /* the review line */
  svg_layout L;
  svg_plan(pic, text_w, &L);
  int bottom = SVG_TOP + L.lines * SVG_LINE_H + 8;
  int height = bottom + (r->verdict ? 44 : 24);

  sqlite3_str *s = sqlite3_str_new(sqlite3_context_db_handle(ctx));
  sqlite3_str_appendf(s,
                      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                      "viewBox=\"0 0 %d %d\" font-family=\"Helvetica, Arial, sans-serif\" "
                      "font-size=\"13\" text-anchor=\"middle\" role=\"img\">\n<title>",
                      L.width, height, L.width, height);
  svg_text(s, "%s", title);
  sqlite3_str_appendall(s, "</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
  svg_line_start(s, 24, " font-size=\"15\" font-weight=\"bold\"");
  svg_text(s, "%s", title);
  sqlite3_str_appendall(s, "</text>\n");
  svg_legend(s, legend, entries);
  int line = 0;
  svg_coins(s, pic, r, &L, 0, L.head, &line);
  if (L.tail > L.head) {
    svg_line_start(s, SVG_TOP + line * SVG_LINE_H + 36, " fill=\"#555555\"");
    if (L.tail - L.head == 1)
      svg_text(s, "... coin %llu is not drawn (at most %d are) ...", (unsigned long long)L.tail,
               SVG_MAX_DRAWN);
    else
      svg_text(s, "... coins %llu to %llu are not drawn (%llu coins; at most %d are) ...",
               (unsigned long long)L.head + 1, (unsigned long long)L.tail,
               (unsigned long long)(L.tail - L.head), SVG_MAX_DRAWN);
    sqlite3_str_appendall(s, "</text>\n");
    line++;
    svg_coins(s, pic, r, &L, L.tail, g->n, &line);
  }
  svg_line_start(s, bottom + 12, " font-weight=\"bold\"");
  svg_escape(s, result);
  sqlite3_str_appendall(s, "</text>\n");
  if (r->verdict) {
    svg_line_start(s, bottom + 32, "");
    svg_review_line(s, r);
    sqlite3_str_appendall(s, "</text>\n");
  }
  sqlite3_str_appendall(s, "</svg>");
  sqlite3_free(result);
  coins_reply_str(ctx, s, SVG_NAME, "the picture");
}

static void svg_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  coins_picture pic = {0};
  svg_review review = {0};
  char *err = NULL;
  int rc = coins_picture_read(SVG_NAME, ctx, argc, argv, SVG_MAX_COUNT, 0, &pic, &err);
  if (rc == SQLITE_OK && pic.recorded) rc = svg_review_record(&pic, &review, &err);
  if (rc == SQLITE_OK)
    svg_draw(ctx, &pic, &review);
  else if (rc != COINS_SQL_NULL)
    coins_reply_error_rc(ctx, rc, err); /* err is NULL for SQLITE_NOMEM */
  svg_review_free(&review);
  coins_picture_free(&pic);
}

int coins_svg_register(sqlite3 *db) {
  int rc = SQLITE_OK;
  for (int n_arg = 2; rc == SQLITE_OK && n_arg <= 4; n_arg++)
    rc = sqlite3_create_function(db, SVG_NAME, n_arg, COINS_SQL_FUNCTION_FLAGS, NULL, svg_func,
                                 NULL, NULL);
  return rc;
}
