/*
** compiler.h -- what the core asks of the compiler: inlining on hot paths,
** unrolled loops, branches kept and laid out, and whether the x86-64 or
** the arm64 SIMD code is built.
*/
#ifndef COINS_COMPILER_H
#define COINS_COMPILER_H

/* A function on a hot path, inlined even where the compiler would not
** (static, or not, for a function with an attribute of its own). */
#if defined(__GNUC__)
#define COINS_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define COINS_ALWAYS_INLINE inline
#endif
#define COINS_INLINE static COINS_ALWAYS_INLINE

/* A function kept out of its caller, off the caller's hot path. */
#if defined(__GNUC__)
#define COINS_NOINLINE __attribute__((noinline))
#else
#define COINS_NOINLINE
#endif

/* Unrolls the loop that follows completely (its count known to the
** compiler), so that a small array lives in registers. */
#if defined(__clang__)
#define COINS_UNROLL _Pragma("unroll")
#elif defined(__GNUC__)
#define COINS_UNROLL _Pragma("GCC unroll 16")
#else
#define COINS_UNROLL
#endif

/* Put in a branch taken on data, keeps the branch: without it the
** compiler may make it an add of the comparison's result, which makes
** every later load wait for that comparison.  A branch that the CPU
** predicts right lets the loads after it start at once. */
#if defined(__GNUC__)
#define COINS_KEEP_BRANCH() __asm__ volatile("")
#else
#define COINS_KEEP_BRANCH() ((void)0)
#endif

/* A condition that is seldom true: its code is laid out off the way. */
#if defined(__GNUC__)
#define COINS_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define COINS_UNLIKELY(x) (x)
#endif

/* The x86-64 SIMD code (scan_avx2.c, scan_avx512.c, solve_avx512.c) is
** built with gcc or clang, except on Windows, where gcc does not align the
** stack for 32-byte spills, and unless -DCOINS_NO_SIMD leaves it out.
** Which of it runs is decided at run time (scan_table.c). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(_WIN32) && !defined(COINS_NO_SIMD)
#define COINS_X86_SIMD 1
#endif

/* The arm64 NEON scanner (scan_neon.c) is built with gcc or clang on
** arm64, where every CPU has NEON, unless -DCOINS_NO_SIMD leaves it out. */
#if defined(__aarch64__) && defined(__GNUC__) && !defined(COINS_NO_SIMD)
#define COINS_ARM_SIMD 1
#endif

#endif
