/*
** scan_avx512.c -- the row scanner for x86-64 CPUs with AVX-512 (BW,
** VBMI and VBMI2): the first row of scan_table.c, with variant II's
** solver for small k in AVX-512 registers (solve_avx512.c).
**
** It reads 64 bytes at a time, the last ones with a masked load (the bytes
** past the row read as spaces, and never touched).  Bit masks of the
** bytes' classes (digits, commas, JSON whitespace) check the row's shape
** as the AVX2 scanner does.  The digits' values are put in place with byte
** permutes: for each byte, the digits one, two and three bytes before it,
** across the block's start.  The numbers' values are then compressed out
** at the bytes after them (vpcompressb, no loop) and kept, 32 a block at
** most, in a buffer of 16-bit values that is taken at the end, or when it
** fills: stored eight at a time, counted, or, for variant III, fused in
** vectors (scan_impl.h) in groups of 32, and what is left pushed on the
** fusion stack one by one.  Signs cost little: each number's is the byte
** before its first digit, gathered in order by one bit extract (pext) and
** applied to its lane.  A row with a number of four digits or more is
** handed to the AVX2 scanner; anything else it is unsure of is given up,
** as the other scanners do.
*/
#include "scan_impl.h"
#include "solve2.h"

#if COINS_X86_SIMD

#include <immintrin.h>

#define AVX512 \
  __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,bmi,bmi2,popcnt")))

/* The values buffered before they are taken; a block adds 32 at most
** (a number and the byte after it are two bytes). */
#define BUFFERED 512

/* Rounds of fusion in vectors a group takes (scan_impl.h); more fuse more,
** but each costs about what a push does, and the fourth fused too few
** to pay for itself here (values of -999..999 then stay above
** -(2^4 - 1) * 999). */
#define FUSE_ROUNDS 3

/* A group of fewer values takes no more rounds: a round's fixed cost, about
** 10 ns on the latency of its permutes and compress, is then more than the
** pushes it saves (2..16-coin rows 15-20 ns faster, 64-coin rows alike). */
#define FUSE_MIN 16

/* One round of peak fusion in vectors (scan_impl.h) on the group x of *len
** values (up to 32); returns what is left, packed, with its count in
** *len. */
static AVX512 COINS_ALWAYS_INLINE __m512i fuse_round(__m512i x, unsigned *len) {
  const __m512i up = _mm512_set_epi16(30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16,
                                      15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0);
  const __m512i down = _mm512_set_epi16(31, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18,
                                        17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
  uint32_t valid = (uint32_t)_bzhi_u64(0xFFFFFFFFu, *len);
  __m512i before = _mm512_permutexvar_epi16(up, x), after = _mm512_permutexvar_epi16(down, x);
  uint32_t peak = _mm512_cmpge_epi16_mask(x, before) & _mm512_cmpge_epi16_mask(x, after);
  peak &= valid >> 1 & ~1u; /* the middles: 1 .. len - 2 */
  uint32_t chosen = peak & ~(peak << 1) & ~(peak << 2);
  __m512i fused = _mm512_add_epi16(_mm512_sub_epi16(before, x), after);
  uint32_t keep = valid & ~(chosen << 1 | chosen >> 1);
  *len = (unsigned)__builtin_popcount(keep);
  return _mm512_maskz_compress_epi16(keep, _mm512_mask_mov_epi16(x, chosen, fused));
}

/* Adds the sum of v[0..count) to o->sum and fuses them in groups of 32;
** returns how many are left, packed at v. */
static AVX512 COINS_ALWAYS_INLINE size_t fuse_groups(int16_t *v, size_t count, scan_out *o) {
  __m512i sum = _mm512_setzero_si512(); /* 32-bit lanes: 512 values below 1000 fit */
  size_t kept = 0;
  for (size_t i = 0; i < count; i += 32) {
    unsigned len = count - i < 32 ? (unsigned)(count - i) : 32;
    /* a whole load (within the buffer: i + 32 <= BUFFERED), forwarded from
    ** the blocks' stores as a masked one is not; the lanes past len cleared */
    __m512i x =
        _mm512_maskz_mov_epi16((uint32_t)_bzhi_u64(0xFFFFFFFFu, len), _mm512_loadu_si512(v + i));
    sum = _mm512_add_epi32(sum, _mm512_madd_epi16(x, _mm512_set1_epi16(1)));
    for (int r = 0; r < FUSE_ROUNDS && len >= FUSE_MIN; r++) x = fuse_round(x, &len);
    /* a whole store: it ends at v + i + 32 at most, within the buffer, and
    ** the pushes' loads of it are forwarded (a masked store's are not) */
    _mm512_storeu_si512(v + kept, x);
    kept += len;
  }
  o->sum += _mm512_reduce_add_epi32(sum);
  return kept;
}

/* Does with the count values buffered what mode says.  Returns 1, or
** SCAN_NO_ROOM. */
static AVX512 COINS_ALWAYS_INLINE int take_buffered(int16_t *values, size_t count, size_t cap,
                                                    scan_mode mode, scan_out *o) {
  /* too few to fuse in vectors: summed as they are pushed */
  int few = mode == SCAN_FUSE && count < FUSE_MIN;
  if (mode == SCAN_FUSE && !few) count = fuse_groups(values, count, o); /* room for the rest */
  if (mode != SCAN_COUNT && cap - scan_used(o, mode) < count) return SCAN_NO_ROOM;
  if (mode == SCAN_FUSE) { /* the stack in a local, as in scan_avx2.c */
    coins_fuse_stack stack = o->stack;
    int64_t sum = 0;
    for (size_t i = 0; i < count; i++) sum += values[i], coins_fuse_push(&stack, values[i]);
    o->stack = stack;
    if (few) o->sum += sum;
  } else if (mode == SCAN_COUNT) {
    o->n += count;
  } else if (mode == SCAN_STORE) { /* eight at a time, widened */
    size_t i = 0;
    for (; i + 8 <= count; i += 8)
      _mm512_storeu_si512(o->out + o->n + i,
                          _mm512_cvtepi16_epi64(_mm_loadu_si128((const __m128i *)(values + i))));
    if (i < count) { /* (out is NULL when there is no room at all) */
      __mmask8 some = (__mmask8)_bzhi_u32(0xFF, (unsigned)(count - i));
      __m128i eight = _mm_maskz_loadu_epi16(some, values + i);
      _mm512_mask_storeu_epi64(o->out + o->n + i, some, _mm512_cvtepi16_epi64(eight));
    }
    o->n += count;
  } else {
    for (size_t i = 0; i < count; i++) take_value(mode, values[i], o);
  }
  return 1;
}

/* The indices that move every byte of a block k bytes on (k = 1..3),
** the bytes before it read from the block before: byte t of the result
** is byte 64 + t - k of the pair (last block, this block). */
static AVX512 COINS_ALWAYS_INLINE __m512i moved_on(unsigned k) {
  const __m512i index = _mm512_set_epi8(
      63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41,
      40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18,
      17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  return _mm512_add_epi8(index, _mm512_set1_epi8((char)(64 - k)));
}

/* The values, 16 bits each, of the numbers that end in a block (a bit at
** each byte after one, in ends), from the block's digit values and the last
** block's; two: a bit where the byte two before is a digit. */
static AVX512 COINS_ALWAYS_INLINE __m512i values_at(__m512i digits, __m512i last_digits,
                                                    uint64_t ends, uint64_t two) {
  __m512i d1 = _mm512_permutex2var_epi8(last_digits, moved_on(1), digits);
  __m512i d2 = _mm512_permutex2var_epi8(last_digits, moved_on(2), digits);
  /* the digit three before belongs to the number only if the one two before does */
  __m512i d3 = _mm512_maskz_permutex2var_epi8(two, last_digits, moved_on(3), digits);
  /* 10 d2 + d1 fits a byte: 8 d2 + 2 d2 in 16-bit lanes carries nothing over */
  __m512i tens =
      _mm512_add_epi8(d1, _mm512_add_epi8(_mm512_slli_epi16(d2, 3), _mm512_slli_epi16(d2, 1)));
  __m256i low = _mm512_castsi512_si256(_mm512_maskz_compress_epi8(ends, tens));
  __m256i high = _mm512_castsi512_si256(_mm512_maskz_compress_epi8(ends, d3));
  return _mm512_add_epi16(_mm512_cvtepu8_epi16(low),
                          _mm512_mullo_epi16(_mm512_cvtepu8_epi16(high), _mm512_set1_epi16(100)));
}

/* Scans text[0..len) in the given mode, as scan() in scan_portable.c does, or
** returns SCAN_HAND_ON: the AVX2 scanner reads the row (a number of four
** digits or more). */
static AVX512 COINS_ALWAYS_INLINE int scan_avx512(const char *text, size_t len, int64_t *out,
                                                  int64_t *starts, size_t cap, scan_mode mode,
                                                  scan_result *res, const coins_stop *stop) {
  /* whitespace by the low four bits, in each 16-byte lane: the byte each could be, or 0 */
  const __m512i spaces = _mm512_broadcast_i32x4(
      _mm_setr_epi8(' ', 0, 0, 0, 0, 0, 0, 0, 0, '\t', '\n', 0, 0, '\r', 0, 0));
  const unsigned char *p = (const unsigned char *)text, *q = p + len;
  int16_t values[BUFFERED];
  size_t buffered = 0, numbers = 0, commas = 0;
  uint64_t last_digit = 0, last_zero_start = 0, last_minus = 0;
  uint64_t carried_sign = 0; /* 1: the number going into the block began with a '-' */
  __m512i last_digits = _mm512_setzero_si512();
  scan_out o;
  int rc = scan_start(&o, len, out, starts, cap, mode);

  if (rc != 1) return rc;
  if (!scan_elements(&p, &q)) return 0; /* the elements: p[0..size) */
  size_t size = (size_t)(q - p);

  /* a block past the end, all spaces, ends a number that runs up to it
  ** and checks a '-' just before it */
  for (size_t at = 0; at < size || (at == size && (last_digit | last_minus) >> 63); at += 64) {
    if (stop && (at & (SCAN_POLL_BYTES - 1)) == 0 && at > 0 && coins_stop_asked(stop))
      return SCAN_STOPPED;
    size_t rest = size - at;
    uint64_t in_row = rest >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << rest) - 1;
    __m512i x = _mm512_mask_loadu_epi8(_mm512_set1_epi8(' '), in_row, p + at);
    __m512i offset = _mm512_sub_epi8(x, _mm512_set1_epi8('0'));
    uint64_t digit = _mm512_cmple_epu8_mask(offset, _mm512_set1_epi8(9));
    uint64_t comma = _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8(','));
    uint64_t minus = _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8('-'));
    /* bytes of 0x80 and above shuffle to 0, which they are not */
    uint64_t space = _mm512_cmpeq_epi8_mask(_mm512_shuffle_epi8(spaces, x), x);
    if (~(digit | comma | space | minus)) return 0;
    uint64_t after = digit << 1 | last_digit >> 63;   /* the byte before is a digit */
    uint64_t signed_ = minus << 1 | last_minus >> 63; /* the byte before is a '-' */
    uint64_t two = digit << 2 | last_digit >> 62, three = digit << 3 | last_digit >> 61;
    uint64_t ends = after & ~digit, begins = digit & ~after;
    if (digit & after & two & three) return SCAN_HAND_ON; /* a fourth digit in a row */
    /* a '-' must come first in a number and have a digit after it */
    if ((minus & (after | signed_)) | (signed_ & ~digit)) return 0;
    /* a leading zero: a '0' starting a run of digits, and a digit after it */
    uint64_t zero_start = _mm512_cmpeq_epi8_mask(offset, _mm512_setzero_si512()) & ~after;
    if ((zero_start << 1 | last_zero_start >> 63) & digit) return 0;
    /* a number ended by whitespace: a comma or the end must come next */
    for (uint64_t spaced = ends & ~comma; spaced; spaced &= spaced - 1) {
      const unsigned char *t = p + at + __builtin_ctzll(spaced);
      while (t < q && is_space(*t)) t++;
      if (t < q && *t != ',') return 0;
    }
    commas += (size_t)__builtin_popcountll(comma);
    size_t ended = (size_t)__builtin_popcountll(ends);
    if (mode != SCAN_COUNT) {
      /* the signs of the numbers ending here, in order: those begun here,
      ** after the one going in */
      uint64_t in = last_digit >> 63, sign = _pext_u64(signed_, begins) << in | (carried_sign & in);
      __m512i digits = _mm512_maskz_mov_epi8(digit, offset);
      __m512i v = values_at(digits, last_digits, ends, two);
      v = _mm512_mask_sub_epi16(v, (__mmask32)sign, _mm512_setzero_si512(), v);
      _mm512_storeu_si512(values + buffered, v);
      carried_sign = sign >> ended & 1; /* the number going out, if any */
      last_digits = digits;
    }
    buffered += ended, numbers += ended;
    last_digit = digit, last_zero_start = zero_start, last_minus = minus;
    if (buffered > BUFFERED - 32) {
      if ((rc = take_buffered(values, buffered, cap, mode, &o)) != 1) return rc;
      buffered = 0;
    }
  }
  if ((rc = take_buffered(values, buffered, cap, mode, &o)) != 1) return rc;
  /* every number but the last has its comma: no other comma is allowed */
  if (numbers ? commas != numbers - 1 : commas != 0) return 0;
  return scan_finish(&o, mode, res);
}

SCAN_DECLARE(coins_scan_avx2)
/* Rows shorter than these (bytes) go to the portable scanner: the
** crossovers of each entry point's time by length (Zen 4). */
#define SHORT ((scan_short){.store = 16, .fuse = 24, .count = 8, .line = 16})
SCAN_ENTRY_POINTS_SHORT(AVX512, coins_scan_avx512, scan_avx512, coins_scan_avx2, SHORT)

/* The CPU has what the AVX2 scanner needs, and AVX-512 F, BW, VL, VBMI
** and VBMI2, and BMI2. */
static int supported(void) {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
         __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("avx512f") &&
         __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
         __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vbmi2") &&
         __builtin_cpu_supports("bmi2");
}

const coins_scanner coins_scan_avx512 =
    SCAN_ROW(coins_scan_avx512, "avx512", supported, coins_solve_avx512);

#endif
