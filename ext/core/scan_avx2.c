/*
** scan_avx2.c -- the row scanner for x86-64 CPUs with AVX2 (a row of
** scan_table.c, after the AVX-512 one and before the portable one).
**
** It reads 64 bytes at a time.  Bit masks of the bytes' classes (digits,
** '-', commas, the bytes allowed at all) check the row's shape: numbers
** are the runs of digits and '-', a '-' only first; every number is
** followed, after whitespace, by a comma or the closing ']'; there is one
** comma fewer than numbers.  Meanwhile the digits are turned into values
** in the vector registers: for each byte, the value of the (up to three)
** digits just before it, negated after a '-'.  A number is then read at
** the byte after it, in the order of the mask bits: no byte-by-byte walk,
** and no branch on the number's length.  For variant III (SCAN_FUSE) the
** values are packed eight bytes at a time into a buffer of 16-bit values,
** fused in vectors there (scan_impl.h) in groups of 8, and what is left
** pushed on the fusion stack.  A block with a number of four digits or
** more is read wide: each number's end taken from the masks, then four
** numbers at a time loaded as the 16 bytes before their ends (two to a
** 128-bit lane), the run of digits that ends each lane and the '-' before
** it found in the vectors, and the digits joined by multiply-adds into
** 64-bit values, held in a buffer of their own and fused in vectors in
** groups of 8 (read_integer from 16 digits).
** Anything else (a NUL, a byte that is not ASCII, a point, an exponent, a
** string, a leading zero) and it gives up, like the portable scanner.
*/
#include "scan_impl.h"

#if COINS_X86_SIMD

#include <immintrin.h>

#define AVX2 __attribute__((target("avx2,bmi,popcnt")))

/* The class masks of a block of 64 bytes, a bit a byte (bit i for byte i). */
typedef struct masks {
  uint64_t digit, minus, comma, zero;
  uint64_t allowed; /* digits, '-', ',' and JSON whitespace */
} masks;

/* A block of 64 bytes: its digits, and the value of the digits before
** each byte. */
typedef struct block {
  __m256i digits[2], in_digit[2]; /* each byte's digit (0 if none), 0xFF at digits */
  int16_t value[64]; /* before byte t: the value of the (up to 3) digits there, signed */
  /* its numbers, read once the next block is classified; base and ends
  ** count bytes from the vectors' first, which for the last block can
  ** come before the block's */
  const unsigned char *base;   /* the vectors' first byte */
  uint64_t ends;               /* a bit at the byte after each number */
  const unsigned char *src;    /* the text from base, or head + 16 (src[t] = base[t]) */
  unsigned char head[16 + 64]; /* a block within 16 bytes of the text's start, copied */
  int by_value;                /* 1: read from value; 0: wide, each number from its last 16 bytes */
  int signs;                   /* a '-' in this block or the one before (read wide: signs read) */
} block;

/* A mask of 64 bytes' sign bits, from their two halves. */
static AVX2 COINS_ALWAYS_INLINE uint64_t mask64(__m256i lo, __m256i hi) {
  return (uint32_t)_mm256_movemask_epi8(lo) | (uint64_t)(uint32_t)_mm256_movemask_epi8(hi) << 32;
}

/* The classes of 32 bytes x, as byte masks (0xFF where it is). */
typedef struct classes {
  __m256i digit, minus, comma, zero, allowed, value;
} classes;

static AVX2 COINS_ALWAYS_INLINE classes classes_of(__m256i x) {
  /* whitespace by the low four bits: the byte each could be, or 0 */
  const __m256i spaces =
      _mm256_setr_epi8(' ', 0, 0, 0, 0, 0, 0, 0, 0, '\t', '\n', 0, 0, '\r', 0, 0, ' ', 0, 0, 0, 0,
                       0, 0, 0, 0, '\t', '\n', 0, 0, '\r', 0, 0);
  classes c;
  __m256i offset = _mm256_sub_epi8(x, _mm256_set1_epi8('0'));
  c.digit = _mm256_cmpeq_epi8(_mm256_min_epu8(offset, _mm256_set1_epi8(9)), offset);
  c.minus = _mm256_cmpeq_epi8(x, _mm256_set1_epi8('-'));
  c.comma = _mm256_cmpeq_epi8(x, _mm256_set1_epi8(','));
  c.zero = _mm256_cmpeq_epi8(offset, _mm256_setzero_si256());
  /* bytes of 0x80 and above shuffle to 0, which they are not */
  __m256i space = _mm256_cmpeq_epi8(_mm256_shuffle_epi8(spaces, x), x);
  c.allowed = _mm256_or_si256(_mm256_or_si256(c.digit, c.minus), _mm256_or_si256(c.comma, space));
  c.value = _mm256_and_si256(offset, c.digit);
  return c;
}

/* Classifies the 64 bytes at at: their digits into b, their masks (each
** made whole in general registers: halves stored and reloaded as one word
** would stall). */
static AVX2 COINS_ALWAYS_INLINE masks classify(const unsigned char *at, block *b) {
  classes lo = classes_of(_mm256_loadu_si256((const __m256i *)(const void *)at));
  classes hi = classes_of(_mm256_loadu_si256((const __m256i *)(const void *)(at + 32)));
  b->digits[0] = lo.value, b->digits[1] = hi.value;
  b->in_digit[0] = lo.digit, b->in_digit[1] = hi.digit;
  masks m = {mask64(lo.digit, hi.digit), mask64(lo.minus, hi.minus), mask64(lo.comma, hi.comma),
             mask64(lo.zero, hi.zero), mask64(lo.allowed, hi.allowed)};
  return m;
}

/* The 32 bytes ending k bytes before the end of cur (k = 1..3), whose
** bytes before it end in prev: byte t is byte t - k of the pair. */
#define BEFORE(cur, prev, k) \
  _mm256_alignr_epi8(cur, _mm256_permute2x128_si256(prev, cur, 0x21), 16 - (k))

/* The 16 bits of bits as 16 lanes of 16 bits: 0xFFFF where set. */
static AVX2 COINS_ALWAYS_INLINE __m256i lanes_of(unsigned bits) {
  const __m256i bit = _mm256_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096,
                                        8192, 16384, (short)0x8000);
  return _mm256_cmpeq_epi16(_mm256_and_si256(_mm256_set1_epi16((short)bits), bit), bit);
}

/* Fills b->value: for each byte t, the value of the digits d'' d d' just
** before it (fewer if the run of digits is shorter), negated where
** negative has t's bit (the number before t began with a '-').  last is
** the block before (its digit vectors), or a block of spaces. */
static AVX2 COINS_ALWAYS_INLINE void digit_values(block *b, const block *last, uint64_t negative) {
  const __m256i weights = _mm256_set1_epi16(1 | 100 << 8); /* 10 d + d', then d'' */
  for (int half = 0; half < 2; half++) {
    __m256i cur = b->digits[half], prev = half ? b->digits[0] : last->digits[1];
    __m256i in_cur = b->in_digit[half], in_prev = half ? b->in_digit[0] : last->in_digit[1];
    __m256i d1 = BEFORE(cur, prev, 1), d2 = BEFORE(cur, prev, 2), d3 = BEFORE(cur, prev, 3);
    /* 10 d2: 8 d2 + 2 d2 in 16-bit lanes; no digit carries out of its byte */
    __m256i ten = _mm256_add_epi8(_mm256_slli_epi16(d2, 3), _mm256_slli_epi16(d2, 1));
    __m256i tens = _mm256_add_epi8(d1, ten);
    /* d3 belongs to the number only if the byte after it is a digit too */
    __m256i hundreds = _mm256_and_si256(d3, BEFORE(in_cur, in_prev, 2));
    /* the pairs (tens, hundreds) of bytes 0-7 and 16-23, then 8-15 and
    ** 24-31, weighed into 16-bit values and put back in order */
    __m256i lo = _mm256_maddubs_epi16(_mm256_unpacklo_epi8(tens, hundreds), weights);
    __m256i hi = _mm256_maddubs_epi16(_mm256_unpackhi_epi8(tens, hundreds), weights);
    __m256i first = _mm256_permute2x128_si256(lo, hi, 0x20);
    __m256i second = _mm256_permute2x128_si256(lo, hi, 0x31);
    if (negative) { /* (v ^ m) - m: -v where m is all ones */
      __m256i m0 = lanes_of((unsigned)(negative >> 32 * half) & 0xFFFF);
      __m256i m1 = lanes_of((unsigned)(negative >> (32 * half + 16)) & 0xFFFF);
      first = _mm256_sub_epi16(_mm256_xor_si256(first, m0), m0);
      second = _mm256_sub_epi16(_mm256_xor_si256(second, m1), m1);
    }
    __m256i *out = (__m256i *)(void *)(b->value + 32 * half);
    _mm256_storeu_si256(out, first);
    _mm256_storeu_si256(out + 1, second);
  }
}

/* Classifies the block at base of the elements, which end at q (the
** closing ']'), of a text that begins at text.  A whole block is read from
** the text.  The last one (q - base < 64) is read as the 64 bytes up to
** and with the ']', when the text has them and they hold the three bytes
** before base, its masks shifted down to base (by *shift_out bytes) with bytes
** past q as spaces; else from a copy followed by spaces.  (A copy made
** with vector stores and read at another offset would wait for the
** stores.) */
static AVX2 COINS_ALWAYS_INLINE masks read_block_at(const unsigned char *base,
                                                    const unsigned char *q,
                                                    const unsigned char *text, block *b,
                                                    unsigned *shift_out) {
  size_t rest = (size_t)(q - base);
  *shift_out = 0;
  if (rest >= 64) return classify(base, b);
  if (q + 1 - text >= 64 && rest <= 60) {
    unsigned shift = (unsigned)(63 - rest);
    masks m = classify(q + 1 - 64, b);
    *shift_out = shift;
    m.digit >>= shift, m.minus >>= shift, m.comma >>= shift, m.zero >>= shift;
    m.allowed = m.allowed >> shift | ~(uint64_t)0 << rest;
    return m;
  }
  unsigned char pad[64];
  memset(pad, ' ', sizeof pad);
  memcpy(pad, base, rest);
  return classify(pad, b);
}

/* FUSE: the values of the blocks read by value (below 1000), held until
** a block read otherwise, the end of the row, or a full buffer, then
** fused in vectors (scan_impl.h) before the stack takes them (take_pending). */
#define PENDING 256
#define WIDE 256
typedef struct pending {
  int16_t value[PENDING + 16]; /* (16 are read at a time, and 8 written) */
  size_t n;
  int64_t wide[WIDE + 8]; /* blocks read wide (4 written at a time, 8 read) */
  size_t wide_n;
} pending;

/* For each mask m of 8 bits, a pshufb control that packs the 16-bit
** words m keeps to the front of 16 bytes (the bytes left over read
** byte 0). */
#define BIT_(m, p) (((m) >> (p)) & 1)
#define BELOW_(m, p)                                                          \
  (BIT_(m, 0) * ((p) > 0) + BIT_(m, 1) * ((p) > 1) + BIT_(m, 2) * ((p) > 2) + \
   BIT_(m, 3) * ((p) > 3) + BIT_(m, 4) * ((p) > 4) + BIT_(m, 5) * ((p) > 5) + \
   BIT_(m, 6) * ((p) > 6))
#define WORD_(m, p) \
  ((unsigned __int128)(BIT_(m, p) * (2 * (p) | (2 * (p) + 1) << 8)) << (16 * BELOW_(m, p)))
#define PACK_(m)                                                                       \
  (WORD_(m, 0) | WORD_(m, 1) | WORD_(m, 2) | WORD_(m, 3) | WORD_(m, 4) | WORD_(m, 5) | \
   WORD_(m, 6) | WORD_(m, 7))
#define PACK4_(m) PACK_(m), PACK_((m) + 1), PACK_((m) + 2), PACK_((m) + 3)
#define PACK16_(m) PACK4_(m), PACK4_((m) + 4), PACK4_((m) + 8), PACK4_((m) + 12)
#define PACK64_(m) PACK16_(m), PACK16_((m) + 16), PACK16_((m) + 32), PACK16_((m) + 48)
static const unsigned __int128 packing[256] = {PACK64_(0), PACK64_(64), PACK64_(128), PACK64_(192)};

/* One round of fusion in vectors (scan_impl.h) on two groups of up to 8
** values, one in each 128-bit half of x (lens[0] and lens[1] values);
** returns what is left, packed to the front of each half, with the new
** counts in lens. */
static AVX2 COINS_ALWAYS_INLINE __m256i fuse_round(__m256i x, unsigned lens[2]) {
  const __m256i lane = _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7);
  __m256i len = _mm256_setr_m128i(_mm_set1_epi16((short)lens[0]), _mm_set1_epi16((short)lens[1]));
  __m256i before = _mm256_bslli_epi128(x, 2), after = _mm256_bsrli_epi128(x, 2);
  /* a middle: lane 1 .. len - 2 */
  __m256i middle =
      _mm256_andnot_si256(_mm256_cmpeq_epi16(lane, _mm256_setzero_si256()),
                          _mm256_cmpgt_epi16(len, _mm256_add_epi16(lane, _mm256_set1_epi16(1))));
  __m256i peak = _mm256_andnot_si256(
      _mm256_or_si256(_mm256_cmpgt_epi16(before, x), _mm256_cmpgt_epi16(after, x)), middle);
  __m256i chosen = _mm256_andnot_si256(
      _mm256_or_si256(_mm256_bslli_epi128(peak, 2), _mm256_bslli_epi128(peak, 4)), peak);
  __m256i fused = _mm256_add_epi16(_mm256_sub_epi16(before, x), after);
  __m256i out = _mm256_blendv_epi8(x, fused, chosen);
  __m256i valid = _mm256_cmpgt_epi16(len, lane);
  __m256i keep = _mm256_andnot_si256(
      _mm256_or_si256(_mm256_bslli_epi128(chosen, 2), _mm256_bsrli_epi128(chosen, 2)), valid);
  unsigned mask = (unsigned)_mm256_movemask_epi8(_mm256_packs_epi16(keep, keep));
  unsigned low = mask & 0xFF, high = mask >> 16 & 0xFF;
  lens[0] = (unsigned)__builtin_popcount(low), lens[1] = (unsigned)__builtin_popcount(high);
  __m256i control =
      _mm256_setr_m128i(_mm_loadu_si128((const __m128i *)(const void *)&packing[low]),
                        _mm_loadu_si128((const __m128i *)(const void *)&packing[high]));
  return _mm256_shuffle_epi8(out, control);
}

/* Rounds a group takes: a third fused too few to pay for itself here
** (values of -999..999 stay above -(2^3 - 1) * 999). */
#define FUSE_ROUNDS 2

/* Two groups of fewer values together take no more rounds: on so few, a
** round's latency costs more than the pushes it saves (as in scan_avx512.c). */
#define FUSE_MIN 16

/* Adds the pending values' sum to o->sum, fuses them in groups of 8 and
** pushes what is left on the stack.  Returns 1, or SCAN_NO_ROOM. */
static AVX2 COINS_ALWAYS_INLINE int take_pending(pending *p, size_t cap, scan_out *o) {
  int16_t *v = p->value;
  size_t kept = 0;
  __m256i sum = _mm256_setzero_si256(); /* 32-bit lanes: 256 values below 1000 fit */
  for (size_t i = 0; i < p->n; i += 16) {
    size_t rest = p->n - i;
    unsigned lens[2] = {rest < 8 ? (unsigned)rest : 8, rest < 8    ? 0
                                                       : rest < 16 ? (unsigned)rest - 8
                                                                   : 8};
    __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(v + i));
    __m256i in =
        _mm256_cmpgt_epi16(_mm256_set1_epi16((short)(rest < 16 ? rest : 16)),
                           _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_and_si256(x, in), _mm256_set1_epi16(1)));
    for (int r = 0; r < FUSE_ROUNDS && lens[0] + lens[1] >= FUSE_MIN; r++) x = fuse_round(x, lens);
    _mm_storeu_si128((__m128i *)(void *)(v + kept), _mm256_castsi256_si128(x));
    kept += lens[0];
    _mm_storeu_si128((__m128i *)(void *)(v + kept), _mm256_extracti128_si256(x, 1));
    kept += lens[1];
  }
  p->n = 0;
  __m128i half = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
  half = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0x4E));
  o->sum += _mm_cvtsi128_si32(_mm_add_epi32(half, _mm_shuffle_epi32(half, 0xB1)));
  if (cap - o->stack.n < kept) return SCAN_NO_ROOM;
  coins_fuse_stack stack = o->stack;
  for (size_t i = 0; i < kept; i++) coins_fuse_push(&stack, v[i]);
  o->stack = stack;
  return 1;
}

/* The 4 bits of bits as 4 lanes of 64 bits: all ones where set. */
static AVX2 COINS_ALWAYS_INLINE __m256i lanes64_of(uint64_t bits) {
  const __m256i bit = _mm256_setr_epi64x(1, 2, 4, 8);
  return _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_set1_epi64x((long long)bits), bit), bit);
}

/* For each mask m of 4 bits, a vpermd control that packs the 64-bit
** lanes m keeps to the front. */
static const int32_t packing64[16][8] = {
    {0, 0, 0, 0, 0, 0, 0, 0}, {0, 1, 0, 0, 0, 0, 0, 0}, {2, 3, 0, 0, 0, 0, 0, 0},
    {0, 1, 2, 3, 0, 0, 0, 0}, {4, 5, 0, 0, 0, 0, 0, 0}, {0, 1, 4, 5, 0, 0, 0, 0},
    {2, 3, 4, 5, 0, 0, 0, 0}, {0, 1, 2, 3, 4, 5, 0, 0}, {6, 7, 0, 0, 0, 0, 0, 0},
    {0, 1, 6, 7, 0, 0, 0, 0}, {2, 3, 6, 7, 0, 0, 0, 0}, {0, 1, 2, 3, 6, 7, 0, 0},
    {4, 5, 6, 7, 0, 0, 0, 0}, {0, 1, 4, 5, 6, 7, 0, 0}, {2, 3, 4, 5, 6, 7, 0, 0},
    {0, 1, 2, 3, 4, 5, 6, 7}};

/* Stores the lanes of x that keep (4 bits) has at w, packed; returns how many. */
static AVX2 COINS_ALWAYS_INLINE size_t store_kept(int64_t *w, __m256i x, unsigned keep) {
  __m256i control = _mm256_loadu_si256((const __m256i *)(const void *)packing64[keep]);
  _mm256_storeu_si256((__m256i *)(void *)w, _mm256_permutevar8x32_epi32(x, control));
  return (size_t)__builtin_popcount(keep);
}

/* One round of fusion in vectors (scan_impl.h) on the wide values
** w[0..count), in groups of 8 (two registers of 4): what is left is packed
** at w; returns how many.  w has 8 words of room past count. */
static AVX2 COINS_ALWAYS_INLINE size_t fuse_wide(int64_t *w, size_t count) {
  size_t kept = 0;
  _mm256_storeu_si256((__m256i *)(void *)(w + count), _mm256_setzero_si256());
  _mm256_storeu_si256((__m256i *)(void *)(w + count + 4), _mm256_setzero_si256());
  for (size_t i = 0; i < count; i += 8) {
    unsigned len = count - i < 8 ? (unsigned)(count - i) : 8, valid = (1u << len) - 1;
    __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)(w + i));
    __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(w + i + 4));
    /* each lane's neighbours before and after it, across the two */
    __m256i across = _mm256_permute2x128_si256(a, b, 0x21); /* a2 a3 b0 b1 */
    __m256i before_a = _mm256_permute4x64_epi64(a, 0x90),
            before_b = _mm256_alignr_epi8(b, across, 8);
    __m256i after_a = _mm256_alignr_epi8(across, a, 8), after_b = _mm256_permute4x64_epi64(b, 0xF9);
    __m256i low_a =
        _mm256_or_si256(_mm256_cmpgt_epi64(before_a, a), _mm256_cmpgt_epi64(after_a, a));
    __m256i low_b =
        _mm256_or_si256(_mm256_cmpgt_epi64(before_b, b), _mm256_cmpgt_epi64(after_b, b));
    unsigned low = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(low_a)) |
                   (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(low_b)) << 4;
    unsigned peak = ~low & valid >> 1 & ~1u; /* the middles: 1 .. len - 2 */
    unsigned chosen = peak & ~(peak << 1) & ~(peak << 2);
    unsigned keep = valid & ~(chosen << 1 | chosen >> 1);
    if (len < 3) chosen = 0, keep = valid;
    a = _mm256_blendv_epi8(a, _mm256_add_epi64(_mm256_sub_epi64(before_a, a), after_a),
                           lanes64_of(chosen));
    b = _mm256_blendv_epi8(b, _mm256_add_epi64(_mm256_sub_epi64(before_b, b), after_b),
                           lanes64_of(chosen >> 4));
    kept += store_kept(w + kept, a, keep & 15);
    kept += store_kept(w + kept, b, keep >> 4);
  }
  return kept;
}

/* Rounds of fusion in vectors the wide values take: a second saved more
** than it cost (0..10^9 rows about 450 -> 430 ns outside SQLite, Zen 4), a
** third did not.  No value overflows: each is a signed sum of distinct
** values read, whose sizes the scan holds below 2^62 (long_sum). */
#define WIDE_ROUNDS 2

/* Does with the count wide values at w what mode says (a block's, or, for
** FUSE, the ones held, after WIDE_ROUNDS rounds of fusion in vectors: w
** then has 8 words of room past count).  Returns 1, or SCAN_NO_ROOM. */
static AVX2 COINS_ALWAYS_INLINE int take_wide(int64_t *w, size_t count, size_t cap, scan_mode mode,
                                              scan_out *o) {
  if (mode == SCAN_COUNT) {
    o->n += count;
    return 1;
  }
  for (int r = 0; mode == SCAN_FUSE && r < WIDE_ROUNDS; r++) count = fuse_wide(w, count);
  if (cap - scan_used(o, mode) < count) return SCAN_NO_ROOM;
  if (mode == SCAN_FUSE) { /* the sum was added as they were read */
    coins_fuse_stack stack = o->stack;
    for (size_t i = 0; i < count; i++) coins_fuse_push(&stack, w[i]);
    o->stack = stack;
  } else if (mode == SCAN_STORE) {
    memcpy(o->out + o->n, w, count * sizeof *w);
    o->n += count;
  } else {
    for (size_t i = 0; i < count; i++) take_value(mode, w[i], o);
  }
  return 1;
}

/* The sum of the four 64-bit lanes of x. */
static AVX2 COINS_ALWAYS_INLINE int64_t sum4(__m256i x) {
  __m128i half = _mm_add_epi64(_mm256_castsi256_si128(x), _mm256_extracti128_si256(x, 1));
  return _mm_cvtsi128_si64(_mm_add_epi64(half, _mm_unpackhi_epi64(half, half)));
}

/* Two windows of 16 bytes, one a 128-bit lane, each ending where a number
** ends: the digits of that number (the run of digits that ends the lane)
** as 0..9 and the bytes before them as 0.  *other: 0xFF from the lane's
** last byte that is no digit back (so 0 in byte 0 when the number has 16
** digits or more). */
static AVX2 COINS_ALWAYS_INLINE __m256i run_digits(__m256i x, __m256i *other) {
  __m256i offset = _mm256_sub_epi8(x, _mm256_set1_epi8('0'));
  __m256i m = _mm256_cmpeq_epi8(_mm256_max_epu8(offset, _mm256_set1_epi8(10)), offset);
  m = _mm256_or_si256(m, _mm256_bsrli_epi128(m, 1)); /* each byte: a non-digit at or after it */
  m = _mm256_or_si256(m, _mm256_bsrli_epi128(m, 2));
  m = _mm256_or_si256(m, _mm256_bsrli_epi128(m, 4));
  m = _mm256_or_si256(m, _mm256_bsrli_epi128(m, 8));
  *other = m;
  return _mm256_andnot_si256(m, offset);
}

/* The windows x of run_digits, whose lanes' last non-digits are other:
** 0xFF at a '-' just before the digits. */
static AVX2 COINS_ALWAYS_INLINE __m256i run_minus(__m256i x, __m256i other) {
  return _mm256_andnot_si256(_mm256_bsrli_epi128(other, 1),
                             _mm256_cmpeq_epi8(x, _mm256_set1_epi8('-')));
}

/* Reads the four numbers that end at a0 + 16 .. a3 + 16 into w[0..4),
** each from the 16 bytes before its end, its digits joined by
** multiply-adds in the manner of simdjson's number parsing: into pairs,
** fours, eights (two numbers a 128-bit lane, so four a register), and the
** two eights into the number.  Adds their sum to *sum and the sizes of
** those of four digits or more to *size; ANDs run_digits' other masks
** into *other.  signs: 0 when no window can hold a '-' (the sign work is
** left out). */
static AVX2 COINS_ALWAYS_INLINE void wide_four(const unsigned char *a0, const unsigned char *a1,
                                               const unsigned char *a2, const unsigned char *a3,
                                               int64_t *w, __m256i *sum, __m256i *size,
                                               __m256i *other, int signs) {
  /* numbers 0 and 2 in x, 1 and 3 in y */
  __m256i x =
      _mm256_loadu2_m128i((const __m128i *)(const void *)a2, (const __m128i *)(const void *)a0);
  __m256i y =
      _mm256_loadu2_m128i((const __m128i *)(const void *)a3, (const __m128i *)(const void *)a1);
  __m256i text_x = x, text_y = y, other_x, other_y;
  x = run_digits(x, &other_x), y = run_digits(y, &other_y);
  *other = _mm256_and_si256(*other, _mm256_and_si256(other_x, other_y));
  const __m256i ten = _mm256_set1_epi16(10 | 1 << 8), hundred = _mm256_set1_epi32(100 | 1 << 16);
  x = _mm256_madd_epi16(_mm256_maddubs_epi16(x, ten), hundred); /* fours, 32 bits */
  y = _mm256_madd_epi16(_mm256_maddubs_epi16(y, ten), hundred);
  /* per lane: x's four fours, then y's, as 16 bits; into their two eights each */
  __m256i eights = _mm256_madd_epi16(_mm256_packus_epi32(x, y), _mm256_set1_epi32(10000 | 1 << 16));
  /* a 64-bit lane: the high eight digits, then the low eight: numbers 0 .. 3 */
  __m256i value = _mm256_add_epi64(_mm256_mul_epu32(eights, _mm256_set1_epi64x(100000000)),
                                   _mm256_srli_epi64(eights, 32));
  __m256i big = _mm256_cmpgt_epi64(value, _mm256_set1_epi64x(999));
  *size = _mm256_add_epi64(*size, _mm256_and_si256(value, big));
  if (signs) { /* the halves' sums of the bytes at a '-', in the values' order */
    __m256i sx = _mm256_sad_epu8(run_minus(text_x, other_x), _mm256_setzero_si256());
    __m256i sy = _mm256_sad_epu8(run_minus(text_y, other_y), _mm256_setzero_si256());
    __m256i negative = _mm256_cmpgt_epi64(
        _mm256_or_si256(_mm256_unpacklo_epi64(sx, sy), _mm256_unpackhi_epi64(sx, sy)),
        _mm256_setzero_si256()); /* (v ^ m) - m: -v where m is all ones */
    value = _mm256_sub_epi64(_mm256_xor_si256(value, negative), negative);
  }
  *sum = _mm256_add_epi64(*sum, value);
  _mm256_storeu_si256((__m256i *)(void *)w, value);
}

/* The 16 bytes before the first end of *ends (bits from src), which
** loses that bit; blank once *ends has none left. */
static AVX2 COINS_ALWAYS_INLINE const unsigned char *next_window(const unsigned char *src,
                                                                 uint64_t *ends,
                                                                 const unsigned char *blank) {
  const unsigned char *at = *ends ? src + _tzcnt_u64(*ends) - 16 : blank;
  *ends = _blsr_u64(*ends);
  return at;
}

/* Reads the count numbers that end at the bits of ends (bytes from src)
** into w[0..count) (and 3 words past it), four at a time (wide_four).
** Returns 0 if one has 16 digits or more. */
static AVX2 COINS_ALWAYS_INLINE int wide_values(const unsigned char *src, uint64_t ends,
                                                size_t count, int64_t *w, __m256i *sum,
                                                __m256i *size, int signs) {
  static const unsigned char blank[16] = "                "; /* (reads as 0) */
  __m256i other = _mm256_set1_epi8(-1);
  for (size_t i = 0; i < count; i += 4) { /* (in order: each call takes the first end) */
    const unsigned char *a0 = next_window(src, &ends, blank);
    const unsigned char *a1 = next_window(src, &ends, blank);
    const unsigned char *a2 = next_window(src, &ends, blank);
    const unsigned char *a3 = next_window(src, &ends, blank);
    wide_four(a0, a1, a2, a3, w + i, sum, size, &other, signs);
  }
  return (_mm256_movemask_epi8(other) & 0x10001) == 0x10001;
}

/* Reads the numbers of block b, read wide, into w[0..count) (and up to 3
** words past it), where count is the number of its ends.  A block with a
** number of 16 digits or more has its numbers read by read_integer, each
** found by walking back from its end (to no further than text).
** Returns 1, or 0 to give up. */
static AVX2 COINS_ALWAYS_INLINE int read_wide(const block *b, const unsigned char *text,
                                              const unsigned char *q, scan_mode mode, scan_out *o,
                                              uint64_t *long_sum, int64_t *w) {
  size_t i = (size_t)__builtin_popcountll(b->ends);
  __m256i sum = _mm256_setzero_si256(), size = _mm256_setzero_si256();
  /* (both forms inlined: the branch is taken once a block) */
  int read = b->signs ? wide_values(b->src, b->ends, i, w, &sum, &size, 1)
                      : wide_values(b->src, b->ends, i, w, &sum, &size, 0);
  if (read) {
    *long_sum += (uint64_t)sum4(size); /* 64 values below 10^16 */
    if (*long_sum > (uint64_t)INT64_MAX / 2) return 0;
    if (mode == SCAN_FUSE) o->sum += sum4(sum);
    return 1;
  }
  i = 0; /* rare: the block's numbers one by one */
  for (uint64_t ends = b->ends; ends; ends &= ends - 1, i++) {
    const unsigned char *first = b->base + __builtin_ctzll(ends);
    while (first > text && (unsigned)(first[-1] - '0') <= 9) first--;
    first -= first > text && first[-1] == '-';
    if (!read_integer(first, q, &w[i], long_sum)) return 0;
    if (mode == SCAN_FUSE) o->sum += w[i];
  }
  return 1;
}

/* Does with the numbers that end in block b what mode says, in order:
** from b->value, or read wide (read_wide; *run: where the one going into
** the block began).  A block's numbers are read after the next block is
** classified, when the stores of digit_values are long done: a load right
** after them would wait for each.  Returns 1, 0 to give up, or
** SCAN_NO_ROOM. */
static AVX2 COINS_ALWAYS_INLINE int read_numbers(const block *b, const unsigned char *q, size_t cap,
                                                 scan_mode mode, scan_out *o, pending *p,
                                                 const unsigned char *text, uint64_t *long_sum) {
  uint64_t ends = b->ends;
  const int16_t *value = b->value;
  int rc;
  if (mode != SCAN_FUSE && mode != SCAN_COUNT &&
      cap - scan_used(o, mode) < (size_t)__builtin_popcountll(ends))
    return SCAN_NO_ROOM;
  if (!b->by_value) { /* FUSE: the short values held first, and a full buffer taken */
    if (mode == SCAN_FUSE && p->n > 0 && (rc = take_pending(p, cap, o)) != 1) return rc;
    if (mode == SCAN_FUSE && p->wide_n > WIDE - 32) {
      if ((rc = take_wide(p->wide, p->wide_n, cap, mode, o)) != 1) return rc;
      p->wide_n = 0;
    }
    int64_t *w = p->wide + p->wide_n;
    size_t count = (size_t)__builtin_popcountll(ends);
    if (!read_wide(b, text, q, mode, o, long_sum, w)) return 0;
    if (mode != SCAN_FUSE) return take_wide(w, count, cap, mode, o);
    p->wide_n += count;
    return 1;
  }
  if (mode == SCAN_FUSE) { /* the wide values held first, and a full buffer taken */
    if (p->wide_n > 0) {
      if ((rc = take_wide(p->wide, p->wide_n, cap, mode, o)) != 1) return rc;
      p->wide_n = 0;
    }
    if (p->n > PENDING - 32 && (rc = take_pending(p, cap, o)) != 1) return rc;
  }
  if (mode == SCAN_FUSE) { /* held; the room is checked when they are taken */
    int16_t *to = p->value + p->n;
    for (int c = 0; c < 64; c += 8) { /* the values at the ends among 8 bytes, packed */
      unsigned m = (unsigned)(ends >> c) & 0xFF;
      __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(value + c));
      x = _mm_shuffle_epi8(x, _mm_loadu_si128((const __m128i *)(const void *)&packing[m]));
      _mm_storeu_si128((__m128i *)(void *)to, x);
      to += __builtin_popcount(m);
    }
    p->n = (size_t)(to - p->value);
  } else if (mode == SCAN_COUNT) { /* counted, not read */
    o->n += (size_t)__builtin_popcountll(ends);
  } else if (mode == SCAN_STORE) { /* the count in a local too */
    size_t n = o->n;               /* (an index: out is NULL when it has no room at all) */
    for (; ends; ends &= ends - 1) {
      unsigned t = (unsigned)__builtin_ctzll(ends);
      o->out[n++] = (int64_t)value[t];
    }
    o->n = n;
  } else {
    for (; ends; ends &= ends - 1) {
      unsigned t = (unsigned)__builtin_ctzll(ends);
      take_value(mode, (int64_t)value[t], o);
    }
  }
  return 1;
}

/* Scans text[0..len) in the given mode, as scan() in scan_portable.c does. */
static AVX2 COINS_ALWAYS_INLINE int scan_avx2(const char *text, size_t len, int64_t *out,
                                              int64_t *starts, size_t cap, scan_mode mode,
                                              scan_result *res, const coins_stop *stop) {
  const unsigned char *p = (const unsigned char *)text, *q = p + len;
  uint64_t long_sum = 0; /* |values| of more than 3 digits, checked */
  uint64_t last_number = 0, last_digit = 0, last_minus = 0, last_zero_start = 0;
  size_t numbers = 0, commas = 0;
  scan_out o;
  pending held;
  block blocks[2], *b = &blocks[0], *last = &blocks[1];
  int read = scan_start(&o, len, out, starts, cap, mode);

  if (read != 1) return read;
  if (!scan_elements(&p, &q)) return 0; /* the elements: p[0..q - p) */
  for (int half = 0; half < 2; half++)
    last->digits[half] = last->in_digit[half] = _mm256_setzero_si256();
  last->ends = 0, last->by_value = 1; /* nothing to read */
  held.n = held.wide_n = 0;

  /* a block past q, all spaces, ends a number that runs up to q */
  for (const unsigned char *base = p; base < q || (base == q && last_number >> 63); base += 64) {
    unsigned shift;
    if (stop && ((size_t)(base - p) & (SCAN_POLL_BYTES - 1)) == 0 && base > p &&
        coins_stop_asked(stop))
      return SCAN_STOPPED;
    masks m = read_block_at(base, q, (const unsigned char *)text, b, &shift);
    if (~m.allowed) return 0;
    scan_runs r;
    if (!scan_block_runs(m.digit, m.minus, m.zero, m.comma, last_number, last_digit,
                         last_zero_start, base, q, &r))
      return 0;
    uint64_t ends = r.ends, four = r.four;
    uint64_t d = m.digit, d_last = last_digit;
    commas += (size_t)__builtin_popcountll(m.comma);
    numbers += (size_t)__builtin_popcountll(ends);
    b->base = base - shift, b->ends = ends << shift;
    /* a '-' must have a digit after it */
    uint64_t signed_ = m.minus << 1 | last_minus >> 63;
    if (signed_ & ~m.digit) return 0;
    b->by_value = four == 0;
    b->signs = (m.minus | last_minus) != 0;
    if (!b->by_value) {
      b->src = b->base;
      if (b->base - (const unsigned char *)text < 16) { /* windows from a copy */
        size_t rest = (size_t)(q - b->base);
        memset(b->head, ' ', 16);
        memcpy(b->head + 16, b->base, rest < 64 ? rest : 64);
        b->src = b->head + 16;
      }
    }
    if (b->by_value && mode != SCAN_COUNT) {
      /* the numbers ending here (of 1 to 3 digits) that began with a '-' */
      uint64_t d2 = d << 2 | d_last >> 62, d3 = d << 3 | d_last >> 61;
      uint64_t m3 = m.minus << 3 | last_minus >> 61, m4 = m.minus << 4 | last_minus >> 60;
      uint64_t m2 = m.minus << 2 | last_minus >> 62;
      uint64_t negative = (m.minus | last_minus) ? ends & (m2 | (d2 & m3) | (d2 & d3 & m4)) : 0;
      digit_values(b, last, negative << shift);
    }
    if ((read = read_numbers(last, q, cap, mode, &o, &held, (const unsigned char *)text,
                             &long_sum)) != 1)
      return read;
    last_number = r.in_number, last_digit = m.digit, last_minus = m.minus;
    last_zero_start = r.zero_start;
    block *swap = last;
    last = b, b = swap;
  }
  if ((read = read_numbers(last, q, cap, mode, &o, &held, (const unsigned char *)text,
                           &long_sum)) != 1)
    return read;
  if (mode == SCAN_FUSE && (read = take_pending(&held, cap, &o)) != 1) return read;
  if (mode == SCAN_FUSE && held.wide_n &&
      (read = take_wide(held.wide, held.wide_n, cap, mode, &o)) != 1)
    return read;
  /* every number but the last has its comma: no other comma is allowed */
  if (numbers ? commas != numbers - 1 : commas != 0) return 0;
  return scan_finish(&o, mode, res);
}

/* (scan_avx2 never hands a row on) */
/* Rows shorter than these (bytes) go to the portable scanner: the
** crossovers of each entry point's time by length, measured in SQLite
** (Zen 4; docs/performance.md, fifth round). */
#define SHORT ((scan_short){.store = 20, .fuse = 80, .count = 12, .line = 28})
SCAN_ENTRY_POINTS_SHORT(AVX2, coins_scan_avx2, scan_avx2, coins_scan_avx2, SHORT)

/* The CPU has AVX2, BMI and POPCNT. */
static int supported(void) {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
         __builtin_cpu_supports("popcnt");
}

const coins_scanner coins_scan_avx2 = SCAN_ROW(coins_scan_avx2, "avx2", supported, NULL);

#endif
