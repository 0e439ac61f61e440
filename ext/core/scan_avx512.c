/*
** scan_avx512.c -- the row scanner for x86-64 CPUs with AVX-512 (BW,
** VBMI and VBMI2): the first row of scan_table.c, with variant II's
** solver for small k in AVX-512 registers (solve_avx512.c).
**
** It reads 64 bytes at a time, the last ones with a masked load (the bytes
** past the row read as spaces, and never touched), and asks for the row's
** lines some way ahead of them (prefetch).  Bit masks of the
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
** read again by the wide scan: each number's end and length compressed
** out of the masks, eight numbers at a time gathered as the 16 bytes
** before their ends (a byte permute of two blocks) and joined by
** multiply-adds into 64-bit values, fused in vectors in groups of 8.  A
** number of 17 digits or more hands the row to the AVX2 scanner; anything
** else it is unsure of is given up, as the other scanners do.
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

/* How far ahead of the block it reads the scan asks for the row's bytes. */
#define PREFETCH 512

/* Asks for the cache line at p + offset to be fetched (a hint: no fault,
** even past the row; the address made as an integer, as it may lie past
** the row's end). */
static AVX512 COINS_ALWAYS_INLINE void ask_for(const unsigned char *p, size_t offset) {
  _mm_prefetch((const char *)(uintptr_t)((uintptr_t)p + offset), _MM_HINT_T0);
}

/* Rounds of fusion in vectors a group takes (scan_impl.h); more fuse more,
** but each costs about what a push does, and the fourth fused too few
** to pay for itself here (values of -999..999 then stay above
** -(2^4 - 1) * 999). */
#define FUSE_ROUNDS 3

/* A group of fewer values takes no more rounds: a round's fixed cost, about
** 10 ns on the latency of its permutes and compress, is then more than the
** pushes it saves (2..16-coin rows 15-20 ns faster, 64-coin rows alike). */
#define FUSE_MIN 16

/* Defines name, one round of peak fusion in vectors (scan_impl.h) on the
** group x of *len values of w bits (up to lanes of them, in a mask of
** type mask_t): it returns what is left, packed, with its count in *len.
** up and down move each lane's neighbour before and after it into it. */
#define FUSE_ROUND(name, w, mask_t, lanes, up, down)                                               \
  static AVX512 COINS_ALWAYS_INLINE __m512i name(__m512i x, unsigned *len) {                       \
    uint32_t valid = (uint32_t)_bzhi_u64(((uint64_t)1 << (lanes)) - 1, *len);                      \
    __m512i before = _mm512_permutexvar_epi##w(up, x), after = _mm512_permutexvar_epi##w(down, x); \
    uint32_t peak = _mm512_cmpge_epi##w##_mask(x, before) & _mm512_cmpge_epi##w##_mask(x, after);  \
    peak &= valid >> 1 & ~1u; /* the middles: 1 .. len - 2 */                                      \
    uint32_t chosen = peak & ~(peak << 1) & ~(peak << 2);                                          \
    __m512i fused = _mm512_add_epi##w(_mm512_sub_epi##w(before, x), after);                        \
    uint32_t keep = valid & ~(chosen << 1 | chosen >> 1);                                          \
    *len = (unsigned)__builtin_popcount(keep);                                                     \
    return _mm512_maskz_compress_epi##w((mask_t)keep,                                              \
                                        _mm512_mask_mov_epi##w(x, (mask_t)chosen, fused));         \
  }
#define UP_16                                                                                      \
  _mm512_set_epi16(30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, \
                   10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0)
#define DOWN_16                                                                                    \
  _mm512_set_epi16(31, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, \
                   12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
/* fuse_round: 32 values of 16 bits; fuse_round_wide: 8 of 64 bits */
FUSE_ROUND(fuse_round, 16, __mmask32, 32, UP_16, DOWN_16)
FUSE_ROUND(fuse_round_wide, 64, __mmask8, 8, _mm512_set_epi64(6, 5, 4, 3, 2, 1, 0, 0),
           _mm512_set_epi64(7, 7, 6, 5, 4, 3, 2, 1))

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

/* A block of 64 bytes of the elements classified: its class masks (bit
** i for byte i), where numbers (runs of digits) begin and end, the bytes
** before which is a '-', and each byte's digit (0 if none). */
typedef struct classed {
  uint64_t digit, minus, comma, after, signed_, ends, begins, zero_start;
  __m512i offset, digits;
} classed;

/* Classifies the block at p + at of the elements p[0..size), which end
** at q, and checks its shape (the carries are the last block's masks).
** 0 when the row is not a plain array of integers. */
static AVX512 COINS_ALWAYS_INLINE int classify(const unsigned char *p, size_t at, size_t size,
                                               const unsigned char *q, uint64_t last_digit,
                                               uint64_t last_minus, uint64_t last_zero_start,
                                               classed *c) {
  /* whitespace by the low four bits, in each 16-byte lane: the byte each could be, or 0 */
  const __m512i spaces = _mm512_broadcast_i32x4(
      _mm_setr_epi8(' ', 0, 0, 0, 0, 0, 0, 0, 0, '\t', '\n', 0, 0, '\r', 0, 0));
  size_t rest = size - at;
  uint64_t in_row = rest >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << rest) - 1;
  /* a whole block by a plain load: a masked one costs more, on every block
  ** (Zen 4: 0..10^9 rows 259 -> 241 ns, mixed 205 -> 191, min of runs) */
  __m512i x = rest >= 64 ? _mm512_loadu_si512(p + at)
                         : _mm512_mask_loadu_epi8(_mm512_set1_epi8(' '), in_row, p + at);
  __m512i offset = _mm512_sub_epi8(x, _mm512_set1_epi8('0'));
  uint64_t digit = _mm512_cmple_epu8_mask(offset, _mm512_set1_epi8(9));
  uint64_t comma = _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8(','));
  uint64_t minus = _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8('-'));
  /* bytes of 0x80 and above shuffle to 0, which they are not */
  uint64_t space = _mm512_cmpeq_epi8_mask(_mm512_shuffle_epi8(spaces, x), x);
  if (~(digit | comma | space | minus)) return 0;
  uint64_t after = digit << 1 | last_digit >> 63;   /* the byte before is a digit */
  uint64_t signed_ = minus << 1 | last_minus >> 63; /* the byte before is a '-' */
  /* a '-' must come first in a number and have a digit after it */
  if ((minus & (after | signed_)) | (signed_ & ~digit)) return 0;
  /* a leading zero: a '0' starting a run of digits, and a digit after it */
  uint64_t zero_start = _mm512_cmpeq_epi8_mask(offset, _mm512_setzero_si512()) & ~after;
  if ((zero_start << 1 | last_zero_start >> 63) & digit) return 0;
  uint64_t ends = after & ~digit;
  /* a number ended by whitespace: a comma or the end must come next */
  for (uint64_t spaced = ends & ~comma; spaced; spaced &= spaced - 1) {
    const unsigned char *t = p + at + __builtin_ctzll(spaced);
    while (t < q && is_space(*t)) t++;
    if (t < q && *t != ',') return 0;
  }
  c->digit = digit, c->minus = minus, c->comma = comma, c->after = after, c->signed_ = signed_;
  c->ends = ends, c->begins = digit & ~after, c->zero_start = zero_start;
  c->offset = offset, c->digits = _mm512_maskz_mov_epi8(digit, offset);
  return 1;
}

/* The signs of the numbers ending in block c, in order, a bit each: those
** begun in it, after the one going in (whose sign *carried holds); then
** *carried is the sign of the one going out, if any. */
static AVX512 COINS_ALWAYS_INLINE uint64_t signs_of(const classed *c, uint64_t last_digit,
                                                    size_t ended, uint64_t *carried) {
  uint64_t in = last_digit >> 63, sign = _pext_u64(c->signed_, c->begins) << in | (*carried & in);
  *carried = ended < 64 ? sign >> ended & 1 : 0;
  return sign;
}

/* ------------------------------------------------- the wide scan */

/* Does with the count wide values buffered what mode says, after adding
** their sizes to *long_sum, which may not pass 2^62.  FUSE: a group of 8
** takes one round of fusion in vectors; a second cost more than the
** pushes it saved (0..10^9 rows 280 -> 305 ns, Zen 4), and so did 16
** values of 32 bits a group, 1 to 3 rounds, on values below 2^27.
** Returns 1, 0 to give up, or SCAN_NO_ROOM. */
static AVX512 COINS_ALWAYS_INLINE int take_wide(int64_t *values, size_t count, size_t cap,
                                                scan_mode mode, scan_out *o, uint64_t *long_sum) {
  __m512i sum = _mm512_setzero_si512(), size = _mm512_setzero_si512();
  size_t kept = 0;
  for (size_t i = 0; i < count; i += 8) { /* (the buffer has 8 words of room past count) */
    unsigned len = count - i < 8 ? (unsigned)(count - i) : 8;
    __m512i x =
        _mm512_maskz_mov_epi64((__mmask8)_bzhi_u32(0xFF, len), _mm512_loadu_si512(values + i));
    /* the sizes of numbers of four digits or more, as the other scanners count them */
    __m512i magnitude = _mm512_abs_epi64(x);
    __mmask8 long_ = _mm512_cmpge_epi64_mask(magnitude, _mm512_set1_epi64(1000));
    sum = _mm512_add_epi64(sum, x), size = _mm512_mask_add_epi64(size, long_, size, magnitude);
    if (mode == SCAN_FUSE) {
      if (len >= 3) x = fuse_round_wide(x, &len);
      _mm512_storeu_si512(values + kept, x);
      kept += len;
    }
  }
  *long_sum += (uint64_t)_mm512_reduce_add_epi64(size); /* BUFFERED values below 10^16 */
  if (*long_sum > (uint64_t)INT64_MAX / 2) return 0;
  if (mode == SCAN_COUNT) {
    o->n += count;
    return 1;
  }
  if (mode == SCAN_FUSE) count = kept;
  if (cap - scan_used(o, mode) < count) return SCAN_NO_ROOM;
  if (mode == SCAN_FUSE) {
    coins_fuse_stack stack = o->stack;
    for (size_t i = 0; i < count; i++) coins_fuse_push(&stack, values[i]);
    o->stack = stack;
    o->sum += _mm512_reduce_add_epi64(sum);
  } else if (mode == SCAN_STORE) {
    memcpy(o->out + o->n, values, count * sizeof *values);
    o->n += count;
  } else {
    for (size_t i = 0; i < count; i++) take_value(mode, values[i], o);
  }
  return 1;
}

/* The values of the numbers of up to 16 digits that end in a block, 8 at
** a time into v[0..ended) (and up to 7 words past it), each from the 16
** bytes before its end in the pair (last block's digits, this block's),
** those before its first digit cleared, joined by multiply-adds in the
** manner of simdjson's number parsing; negated where sign has their bit.
** end and length hold each number's end (the byte after it) and digit
** count, a byte each, in order. */
static AVX512 COINS_ALWAYS_INLINE void wide_values(__m512i last_digits, __m512i digits, __m512i end,
                                                   __m512i length, size_t ended, uint64_t sign,
                                                   int64_t *v) {
  /* byte i of 16-byte lane k: i, and the number the lane reads, 2k or 2k + 1 */
  const __m512i byte =
      _mm512_broadcast_i32x4(_mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
  const __m512i even =
      _mm512_set_epi64(0x0606060606060606, 0x0606060606060606, 0x0404040404040404,
                       0x0404040404040404, 0x0202020202020202, 0x0202020202020202, 0, 0);
  const __m512i odd = _mm512_add_epi8(even, _mm512_set1_epi8(1));
  /* byte i of a window ending at e is byte 64 + e - 16 + i of the pair */
  const __m512i from = _mm512_add_epi8(byte, _mm512_set1_epi8(48));
  for (size_t j = 0; j < ended; j += 8) {
    __m512i which_x = _mm512_add_epi8(even, _mm512_set1_epi8((char)j));
    __m512i which_y = _mm512_add_epi8(odd, _mm512_set1_epi8((char)j));
    __m512i index_x = _mm512_add_epi8(_mm512_permutexvar_epi8(which_x, end), from);
    __m512i index_y = _mm512_add_epi8(_mm512_permutexvar_epi8(which_y, end), from);
    /* the number's digits: i >= 16 - length */
    uint64_t in_x = _mm512_cmpge_epu8_mask(
        _mm512_add_epi8(byte, _mm512_permutexvar_epi8(which_x, length)), _mm512_set1_epi8(16));
    uint64_t in_y = _mm512_cmpge_epu8_mask(
        _mm512_add_epi8(byte, _mm512_permutexvar_epi8(which_y, length)), _mm512_set1_epi8(16));
    __m512i x = _mm512_maskz_permutex2var_epi8(in_x, last_digits, index_x, digits);
    __m512i y = _mm512_maskz_permutex2var_epi8(in_y, last_digits, index_y, digits);
    const __m512i ten = _mm512_set1_epi16(10 | 1 << 8), hundred = _mm512_set1_epi32(100 | 1 << 16);
    x = _mm512_madd_epi16(_mm512_maddubs_epi16(x, ten), hundred); /* fours, 32 bits */
    y = _mm512_madd_epi16(_mm512_maddubs_epi16(y, ten), hundred);
    /* per lane: x's four fours, then y's, as 16 bits; into their two eights each */
    __m512i eights =
        _mm512_madd_epi16(_mm512_packus_epi32(x, y), _mm512_set1_epi32(10000 | 1 << 16));
    /* a 64-bit lane: the high eight digits, then the low eight: number 2k or 2k + 1 */
    __m512i value = _mm512_add_epi64(_mm512_mul_epu32(eights, _mm512_set1_epi64(100000000)),
                                     _mm512_srli_epi64(eights, 32));
    value = _mm512_mask_sub_epi64(value, (__mmask8)(sign >> j), _mm512_setzero_si512(), value);
    _mm512_storeu_si512(v + j, value);
  }
}

/* Scans text[0..len) in the given mode, as scan() in scan_portable.c does,
** or returns SCAN_HAND_ON to hand the row on.  Not wide (the first scan of
** a row): numbers of up to three digits, read in 16-bit lanes (values_at)
** into a buffer of 16-bit values; a number of four digits or more hands
** the row on to the wide scan.  Wide: every number, of 1 to 16 digits,
** read from the 16 bytes before its end (wide_values) into a buffer of
** 64-bit values; a longer one hands the row on to the AVX2 scanner. */
static AVX512 COINS_ALWAYS_INLINE int scan_as(const char *text, size_t len, int64_t *out,
                                              int64_t *starts, size_t cap, scan_mode mode,
                                              scan_result *res, const coins_stop *stop, int wide) {
  const __m512i iota = _mm512_set_epi8(
      63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41,
      40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18,
      17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  const unsigned char *p = (const unsigned char *)text, *q = p + len;
  int16_t values[BUFFERED];
  int64_t words[BUFFERED + 40]; /* wide: the values (and 8 words written past them) */
  size_t buffered = 0, numbers = 0, commas = 0;
  uint64_t last_digit = 0, last_zero_start = 0, last_minus = 0, long_sum = 0;
  uint64_t carried_sign = 0; /* 1: the number going into the block began with a '-' */
  int carried_begin = 0;     /* wide: where it began, from the block's first byte, -128 .. -1 */
  __m512i last_digits = _mm512_setzero_si512();
  scan_out o;
  int rc = scan_start(&o, len, out, starts, cap, mode);

  if (rc != 1) return rc;
  if (!scan_elements(&p, &q)) return 0; /* the elements: p[0..size) */
  size_t size = (size_t)(q - p);
  /* the row's first lines fetched at once, and each block's PREFETCH bytes
  ** ahead: a row out of the cache then waits for memory about once, not
  ** once a line (a row is read once, and the hardware's prefetcher starts
  ** late on rows spread over pages; lines past the row cost nothing to ask
  ** for, and the next row may well be there) */
  for (size_t line = 1; line < PREFETCH / 64; line++) ask_for(p, 64 * line);

  /* a block past the end, all spaces, ends a number that runs up to it
  ** and checks a '-' just before it */
  for (size_t at = 0; at < size || (at == size && (last_digit | last_minus) >> 63); at += 64) {
    if (stop && (at & (SCAN_POLL_BYTES - 1)) == 0 && at > 0 && coins_stop_asked(stop))
      return SCAN_STOPPED;
    ask_for(p, at + PREFETCH);
    classed c;
    if (!classify(p, at, size, q, last_digit, last_minus, last_zero_start, &c)) return 0;
    uint64_t two = c.digit << 2 | last_digit >> 62, three = c.digit << 3 | last_digit >> 61;
    if (!wide && (c.digit & c.after & two & three)) return SCAN_HAND_ON; /* a fourth digit */
    commas += (size_t)__builtin_popcountll(c.comma);
    size_t ended = (size_t)__builtin_popcountll(c.ends);
    if (wide) {
      uint64_t sign = signs_of(&c, last_digit, ended, &carried_sign);
      /* each number's end and first digit, a byte each; the one going in first */
      __m512i end = _mm512_maskz_compress_epi8(c.ends, iota);
      __m512i begin = _mm512_maskz_compress_epi8(c.begins, iota);
      if (last_digit >> 63)
        begin = _mm512_mask_expand_epi8(_mm512_set1_epi8((char)carried_begin), ~(uint64_t)1, begin);
      __m512i length = _mm512_sub_epi8(end, begin); /* 1 .. 191 */
      if (_mm512_cmpgt_epu8_mask(length, _mm512_set1_epi8(16)) & _bzhi_u64(~(uint64_t)0, ended))
        return SCAN_HAND_ON;
      wide_values(last_digits, c.digits, end, length, ended, sign, words + buffered);
      if (c.digit >> 63) /* a number runs into the next block */
        carried_begin = c.begins ? (int)(63 - __builtin_clzll(c.begins)) - 64
                                 : (carried_begin - 64 < -128 ? -128 : carried_begin - 64);
      last_digits = c.digits;
    } else if (mode != SCAN_COUNT) {
      uint64_t sign = signs_of(&c, last_digit, ended, &carried_sign);
      __m512i v = values_at(c.digits, last_digits, c.ends, two);
      v = _mm512_mask_sub_epi16(v, (__mmask32)sign, _mm512_setzero_si512(), v);
      _mm512_storeu_si512(values + buffered, v);
      last_digits = c.digits;
    }
    buffered += ended, numbers += ended;
    last_digit = c.digit, last_zero_start = c.zero_start, last_minus = c.minus;
    if (buffered > BUFFERED - 32) {
      rc = wide ? take_wide(words, buffered, cap, mode, &o, &long_sum)
                : take_buffered(values, buffered, cap, mode, &o);
      if (rc != 1) return rc;
      buffered = 0;
    }
  }
  rc = wide ? take_wide(words, buffered, cap, mode, &o, &long_sum)
            : take_buffered(values, buffered, cap, mode, &o);
  if (rc != 1) return rc;
  /* every number but the last has its comma: no other comma is allowed */
  if (numbers ? commas != numbers - 1 : commas != 0) return 0;
  return scan_finish(&o, mode, res);
}

/* The scan of a row first, and the wide scan it hands rows on to, each
** shaped as scan() in scan_portable.c. */
static AVX512 COINS_ALWAYS_INLINE int scan_avx512(const char *text, size_t len, int64_t *out,
                                                  int64_t *starts, size_t cap, scan_mode mode,
                                                  scan_result *res, const coins_stop *stop) {
  return scan_as(text, len, out, starts, cap, mode, res, stop, 0);
}
static AVX512 COINS_ALWAYS_INLINE int scan_avx512_wide(const char *text, size_t len, int64_t *out,
                                                       int64_t *starts, size_t cap, scan_mode mode,
                                                       scan_result *res, const coins_stop *stop) {
  return scan_as(text, len, out, starts, cap, mode, res, stop, 1);
}

SCAN_DECLARE(coins_scan_avx2)
/* Rows shorter than these (bytes) go to the portable scanner: the
** crossovers of each entry point's time by length, measured in SQLite
** (Zen 4; docs/performance.md, fifth round). */
#define SHORT ((scan_short){.store = 20, .fuse = 28, .count = 8, .line = 12})
/* the wide scan's entry points, where the others hand rows on */
SCAN_ENTRY_POINTS(static AVX512, wide, scan_avx512_wide, coins_scan_avx2)
SCAN_ENTRY_POINTS_SHORT(AVX512, coins_scan_avx512, scan_avx512, wide, SHORT)

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
