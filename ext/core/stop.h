/*
** stop.h -- polling a coins_stop (coins.h) from the core's long loops.
*/
#ifndef COINS_STOP_H
#define COINS_STOP_H

#include "coins.h"
#include "compiler.h"

/* 1 when stop (NULL: never) says to stop (coins.h, coins_stop). */
COINS_INLINE int coins_stop_asked(const coins_stop *stop) {
  return stop && stop->stopped(stop->arg);
}

/* A loop over i up to n that polls stop between spans of work: the end of
** the span from i, n itself when there is no stop.  Written
**
**   for (size_t i = 0, end; i < n; i = end) {
**     if (i > 0 && coins_stop_asked(stop)) return COINS_STOPPED;
**     for (end = coins_stop_span_end(i, n, stop); i < end; i++) ...
**   }
**
** it costs the loop nothing per step, and without a stop one pass. */
COINS_INLINE size_t coins_stop_span_end(size_t i, size_t n, const coins_stop *stop) {
  return stop && n - i > COINS_STOP_SPAN ? i + COINS_STOP_SPAN : n;
}

/* The same for a loop down from hi to 0: the start of the span below hi. */
COINS_INLINE size_t coins_stop_span_start(size_t hi, const coins_stop *stop) {
  return stop && hi > COINS_STOP_SPAN ? hi - COINS_STOP_SPAN : 0;
}

#endif
