/*
** scan_neon.c -- the row scanner for arm64 CPUs, in NEON registers (the
** first row of scan_table.c there; every arm64 CPU has NEON, so nothing
** is asked at run time).
**
** It follows the AVX2 scanner's design with blocks of 64 bytes held in four
** 16-byte registers.  Bit masks of the bytes' classes (digits, '-', commas,
** the leading zeros) check the row's shape: numbers are the runs of digits
** and '-', a '-' only first; every number is followed, after whitespace,
** by a comma or the closing ']'; there is one comma fewer than numbers.
** NEON has no instruction that gathers a byte's sign bit into a mask, so
** each mask is made of bits ANDed into the bytes and three rounds of
** pairwise adds, two masks at a time; the bytes allowed at all are checked
** in the vectors (one minimum across them).  Meanwhile the digits are
** turned into values in the vector registers: for each byte, the value of
** the (up to three) digits just before it, widened to 16 bits.  A number
** is then read at the byte after it, in the order of the mask bits, and
** for variant III (SCAN_FUSE) pushed on the fusion stack (no fusion in
** vectors here, unlike the x86-64 scanners).  A block with a '-', or a
** number of four digits or more, has its numbers read one by one
** (read_integer), so the scanner takes every row the portable one takes.
** Anything else (a NUL, a byte that is not ASCII, a point, an exponent, a
** string, a leading zero) and it gives up.
*/
#include "scan_impl.h"

#if COINS_ARM_SIMD

#include <arm_neon.h>

/* The class masks of a block of 64 bytes, a bit a byte (bit i for byte i). */
typedef struct masks {
  uint64_t digit, minus, comma, zero;
} masks;

/* A block of 64 bytes in four registers. */
typedef struct block {
  uint8x16_t digits[4];   /* each byte's digit (0 if none) */
  uint8x16_t in_digit[4]; /* 0xFF at digits */
} block;

/* Two masks of 64 bytes each (0xFF or 0 a byte), a[] in lane 0 and b[]
** in lane 1: each byte keeps the bit of its place among 8, and pairwise
** adds sum 8 bytes into one, in three rounds. */
COINS_INLINE uint64x2_t two_masks(const uint8x16_t a[4], const uint8x16_t b[4]) {
  const uint8x16_t bit = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
  uint8x16_t a01 = vpaddq_u8(vandq_u8(a[0], bit), vandq_u8(a[1], bit));
  uint8x16_t a23 = vpaddq_u8(vandq_u8(a[2], bit), vandq_u8(a[3], bit));
  uint8x16_t b01 = vpaddq_u8(vandq_u8(b[0], bit), vandq_u8(b[1], bit));
  uint8x16_t b23 = vpaddq_u8(vandq_u8(b[2], bit), vandq_u8(b[3], bit));
  return vreinterpretq_u64_u8(vpaddq_u8(vpaddq_u8(a01, a23), vpaddq_u8(b01, b23)));
}

/* Classifies the 64 bytes at at: their digits into b, their masks into
** *m.  Only bytes first .. last - 1 count: 0 when one of them is not
** allowed (a digit, '-', ',' or JSON whitespace), else 1. */
COINS_INLINE int classify(const unsigned char *at, unsigned first, unsigned last, block *b,
                          masks *m) {
  /* whitespace by the low four bits: the byte each could be, or 0 */
  const uint8x16_t spaces = {' ', 0, 0, 0, 0, 0, 0, 0, 0, '\t', '\n', 0, 0, '\r', 0, 0};
  const uint8x16_t place = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  uint8x16_t digit[4], minus[4], comma[4], zero[4], ok = vdupq_n_u8(0xFF);
  COINS_UNROLL
  for (int i = 0; i < 4; i++) {
    uint8x16_t x = vld1q_u8(at + 16 * i);
    uint8x16_t offset = vsubq_u8(x, vdupq_n_u8('0'));
    digit[i] = vcltq_u8(offset, vdupq_n_u8(10));
    minus[i] = vceqq_u8(x, vdupq_n_u8('-'));
    comma[i] = vceqq_u8(x, vdupq_n_u8(','));
    zero[i] = vceqzq_u8(offset);
    uint8x16_t space = vceqq_u8(vqtbl1q_u8(spaces, vandq_u8(x, vdupq_n_u8(15))), x);
    uint8x16_t at_i = vaddq_u8(place, vdupq_n_u8((uint8_t)(16 * i)));
    uint8x16_t outside = vorrq_u8(vcltq_u8(at_i, vdupq_n_u8((uint8_t)first)),
                                  vcgeq_u8(at_i, vdupq_n_u8((uint8_t)last)));
    uint8x16_t allowed = vorrq_u8(vorrq_u8(digit[i], minus[i]), vorrq_u8(comma[i], space));
    ok = vandq_u8(ok, vorrq_u8(allowed, outside));
    b->digits[i] = vandq_u8(offset, digit[i]);
    b->in_digit[i] = digit[i];
  }
  if (vminvq_u8(ok) == 0) return 0;
  uint64x2_t dm = two_masks(digit, minus), cz = two_masks(comma, zero);
  m->digit = vgetq_lane_u64(dm, 0), m->minus = vgetq_lane_u64(dm, 1);
  m->comma = vgetq_lane_u64(cz, 0), m->zero = vgetq_lane_u64(cz, 1);
  return 1;
}

/* Fills value: for each byte t of b, the value of the digits d'' d d'
** just before it (fewer if the run of digits is shorter).  last is the
** block before (its digit vectors), or a block of spaces. */
COINS_INLINE void digit_values(const block *b, const block *last, uint16_t value[64]) {
  COINS_UNROLL
  for (int i = 0; i < 4; i++) {
    uint8x16_t cur = b->digits[i], prev = i ? b->digits[i - 1] : last->digits[3];
    uint8x16_t in_cur = b->in_digit[i], in_prev = i ? b->in_digit[i - 1] : last->in_digit[3];
    uint8x16_t d1 = vextq_u8(prev, cur, 15), d2 = vextq_u8(prev, cur, 14);
    uint8x16_t d3 = vextq_u8(prev, cur, 13);
    uint8x16_t tens = vmlaq_u8(d1, d2, vdupq_n_u8(10)); /* at most 99: no carry */
    /* d3 belongs to the number only if the byte after it is a digit too */
    uint8x16_t hundreds = vandq_u8(d3, vextq_u8(in_prev, in_cur, 14));
    uint16x8_t lo = vmlal_u8(vmovl_u8(vget_low_u8(tens)), vget_low_u8(hundreds), vdup_n_u8(100));
    uint16x8_t hi = vmlal_high_u8(vmovl_high_u8(tens), hundreds, vdupq_n_u8(100));
    vst1q_u16(value + 16 * i, lo);
    vst1q_u16(value + 16 * i + 8, hi);
  }
}

/* Classifies the block at base of the elements, which end at q (the
** closing ']'), of a text that begins at text.  A whole block is read from
** the text.  The last one (q - base < 64) is read as the 64 bytes up to
** and with the ']', when the text has them and they hold the three bytes
** before base, its masks shifted down to base (by *shift_out bytes);
** else from a copy followed by spaces.  Returns classify's answer. */
COINS_INLINE int read_block_at(const unsigned char *base, const unsigned char *q,
                               const unsigned char *text, block *b, masks *m, unsigned *shift_out) {
  size_t rest = (size_t)(q - base);
  *shift_out = 0;
  if (rest >= 64) return classify(base, 0, 64, b, m);
  if (q + 1 - text >= 64 && rest <= 60) {
    unsigned shift = (unsigned)(63 - rest);
    if (!classify(q + 1 - 64, shift, 63, b, m)) return 0;
    *shift_out = shift;
    m->digit >>= shift, m->minus >>= shift, m->comma >>= shift, m->zero >>= shift;
    return 1;
  }
  unsigned char pad[64];
  memset(pad, ' ', sizeof pad);
  memcpy(pad, base, rest);
  return classify(pad, 0, 64, b, m);
}

/* Does with the numbers that end in the block what mode says, in order:
** those at ends (bits in the vectors' coordinates, from base) from value,
** when by_value, or each from where it began (at starts, or *run if before
** the block).  Returns 1, 0 to give up, or SCAN_NO_ROOM. */
COINS_INLINE int read_numbers(const unsigned char *base, uint64_t starts, uint64_t ends,
                              int by_value, const uint16_t value[64], const unsigned char *q,
                              size_t cap, scan_mode mode, scan_out *o, const unsigned char **run,
                              uint64_t *long_sum) {
  if (mode != SCAN_COUNT && cap - scan_used(o, mode) < (size_t)__builtin_popcountll(ends))
    return SCAN_NO_ROOM;
  if (by_value && mode == SCAN_COUNT) { /* counted, not read */
    o->n += (size_t)__builtin_popcountll(ends);
  } else if (by_value && mode == SCAN_STORE) { /* the count in a local too */
    size_t n = o->n; /* (an index: out is NULL when it has no room at all) */
    for (; ends; ends &= ends - 1) o->out[n++] = (int64_t)value[__builtin_ctzll(ends)];
    o->n = n;
  } else if (by_value) {
    for (; ends; ends &= ends - 1) take_value(mode, (int64_t)value[__builtin_ctzll(ends)], o);
  } else {
    for (; ends; ends &= ends - 1) {
      unsigned t = (unsigned)__builtin_ctzll(ends);
      uint64_t begun = starts & (((uint64_t)1 << t) - 1); /* t > 0 when one began here */
      int64_t v;
      if (begun) *run = base + 63 - __builtin_clzll(begun);
      if (!read_integer(*run, q, &v, long_sum)) return 0;
      take_value(mode, v, o);
      starts &= ~begun;
    }
  }
  if (starts) *run = base + 63 - __builtin_clzll(starts); /* runs into the next block */
  return 1;
}

/* Scans text[0..len) in the given mode, as scan() in scan_portable.c does. */
COINS_INLINE int scan_neon(const char *text, size_t len, int64_t *out, int64_t *starts, size_t cap,
                           scan_mode mode, scan_result *res, const coins_stop *stop) {
  const unsigned char *p = (const unsigned char *)text, *q = p + len;
  uint64_t long_sum = 0; /* |values| of more than 3 digits, checked */
  uint64_t last_number = 0, last_digit = 0, last_minus = 0, last_zero_start = 0;
  const unsigned char *run = NULL; /* where the number going into a block began */
  size_t numbers = 0, commas = 0;
  scan_out o;
  uint16_t value[64];
  block cur, last; /* the block read, and the one before */
  int read = scan_start(&o, len, out, starts, cap, mode);

  if (read != 1) return read;
  if (!scan_elements(&p, &q)) return 0; /* the elements: p[0..q - p) */
  for (int i = 0; i < 4; i++) last.digits[i] = last.in_digit[i] = vdupq_n_u8(0);

  /* a block past q, all spaces, ends a number that runs up to q */
  for (const unsigned char *base = p; base < q || (base == q && last_number >> 63); base += 64) {
    unsigned shift;
    masks m;
    if (stop && ((size_t)(base - p) & (SCAN_POLL_BYTES - 1)) == 0 && base > p &&
        coins_stop_asked(stop))
      return SCAN_STOPPED;
    if (!read_block_at(base, q, (const unsigned char *)text, &cur, &m, &shift)) return 0;
    scan_runs r;
    if (!scan_block_runs(m.digit, m.minus, m.zero, m.comma, last_number, last_digit,
                         last_zero_start, base, q, &r))
      return 0;
    uint64_t begins = r.begins, ends = r.ends, four = r.four;
    commas += (size_t)__builtin_popcountll(m.comma);
    numbers += (size_t)__builtin_popcountll(ends);
    int by_value = ((m.minus | last_minus) == 0) & (four == 0);
    if (by_value && mode != SCAN_COUNT) digit_values(&cur, &last, value);
    read = read_numbers(base - shift, begins << shift, ends << shift, by_value, value, q, cap, mode,
                        &o, &run, &long_sum);
    if (read != 1) return read;
    last_number = r.in_number, last_digit = m.digit, last_minus = m.minus;
    last_zero_start = r.zero_start;
    last = cur;
  }
  /* every number but the last has its comma: no other comma is allowed */
  if (numbers ? commas != numbers - 1 : commas != 0) return 0;
  return scan_finish(&o, mode, res);
}

/* (scan_neon never hands a row on) */
SCAN_ENTRY_POINTS(, coins_scan_neon, scan_neon, coins_scan_neon)

/* Every arm64 CPU has NEON. */
static int supported(void) { return 1; }

const coins_scanner coins_scan_neon = SCAN_ROW(coins_scan_neon, "neon", supported, NULL);

#endif
