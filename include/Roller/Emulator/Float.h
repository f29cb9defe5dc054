//===- Float.h - PTX floating-point formats and rounding --------*- C++ -*-===//
//
// The arithmetic of the emulator's floating-point instructions, exactly as
// the PTX ISA defines it (PTX ISA 8.x, sections "Floating-Point
// Instructions", "Half Precision Floating-Point Instructions" and "cvt").
//
// Every operation is computed exactly as a pair of doubles (`Exact`: the
// true result is hi + lo) and then rounded once into the destination format
// with the instruction's rounding mode. Rounding the pair goes through
// round-to-odd in double (53 bits), which is innocuous for any target of at
// most 51 significand bits (Boldo and Melquiond, "Emulation of FMA and
// correctly rounded sums: proved algorithms using rounding to odd", IEEE TC
// 2008), so f16/bf16/tf32/f32 results are correctly rounded in every mode;
// f64 targets are rounded from the pair directly.
//
// Plain C++ (no LLVM, no MLIR): the emulator and its runtime library link
// into processes that bring their own LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_EMULATOR_FLOAT_H
#define ROLLER_EMULATOR_FLOAT_H

#include <cstdint>

namespace roller::emu {

/// The floating-point formats PTX registers hold.
enum class FloatFormat : uint8_t {
  F16,  ///< IEEE binary16: 1 sign, 5 exponent, 10 fraction bits.
  BF16, ///< bfloat16: 1, 8, 7.
  TF32, ///< TensorFloat-32 in a 32-bit register: 1, 8, 10 (low 13 bits 0).
  F32,  ///< IEEE binary32.
  F64,  ///< IEEE binary64.
  E4M3, ///< FP8 e4m3 (no infinities; S.1111.111 is NaN), sm_89+.
  E5M2, ///< FP8 e5m2 (IEEE-like).
};

/// Rounding modes of PTX instructions (.rn, .rz, .rm, .rp; .rna is cvt.tf32's
/// round-to-nearest-ties-away).
enum class Rounding : uint8_t {
  NearestEven,
  TowardZero,
  Down,
  Up,
  NearestAway
};

/// Bit width of a format's storage (16, 32 or 64; 8 for FP8).
unsigned formatBits(FloatFormat format);

/// The value of a bit pattern of `format` (exact: every format converts to
/// double without rounding). TF32 reads only the top 19 bits of its
/// register, as the tensor cores do: the low 13 bits are ignored.
double toDouble(uint64_t bits, FloatFormat format);

/// The result of an operation, exactly: value = hi + lo, where hi is the
/// operation's result rounded to nearest in double and lo the remaining
/// error (0 when hi is exact). Both are NaN or infinite together with the
/// result.
///
/// Three encodings complete this (roundTo reads them; anyone building an
/// Exact by hand with lo = 0 never meets them):
/// - an infinite result is exact when lo is the same infinity (or 0), and is
///   a finite value beyond double's range when lo is the opposite infinity,
///   which rounds per the mode's overflow rule (.rz of a huge sum gives the
///   largest finite value, not infinity);
/// - hi = +0 with lo = -0 is an exact zero sum of operands of opposite signs,
///   which is +0 in every mode but .rm, where it is -0 (IEEE 754 6.3);
/// - where the exact error is below double's range (subnormal f64 results),
///   lo carries only its sign, which is all rounding needs.
struct Exact {
  double hi = 0;
  double lo = 0;
};

/// Exact sum, difference and product of two doubles (TwoSum and TwoProduct;
/// exact unless the result overflows or the product underflows double's
/// range, which inputs of formats narrower than f64 never do).
Exact exactAdd(double a, double b);
Exact exactSub(double a, double b);
Exact exactMul(double a, double b);
/// a * b + c with a single rounding. Exact when a and b have at most 26
/// significand bits (f16, bf16, tf32, f32 inputs: their product is exact in
/// double). For f64 inputs hi is fma(a, b, c) and lo its error by Boldo and
/// Muller's ErrFma, which makes every rounding mode correct, except where
/// a * b overflows or lies below 2^-969 (its error is then not a double):
/// there lo is 0 and only .rn is guaranteed.
Exact exactFma(double a, double b, double c);
/// a / b and sqrt(a): hi rounded to nearest, lo carrying the exact sign of
/// the remainder (sufficient for correct rounding in every mode).
Exact exactDiv(double a, double b);
Exact exactSqrt(double a);

/// Options of a rounding step: .ftz flushes subnormal results to a zero of
/// the same sign; .sat clamps to [0, 1] (NaN becomes +0); .relu clamps
/// negative results to +0 (NaN stays NaN, canonical); .satfinite clamps
/// infinities to the largest finite value (for FP8 and cvt's .satfinite).
struct RoundOptions {
  bool ftz = false;
  bool sat = false;
  bool relu = false;
  bool satFinite = false;
};

/// Rounds an exact value into `format` with `mode`, returning its bit pattern
/// (in the low formatBits(format) bits). Subnormal results are produced
/// unless options.ftz is set (which flushes results that are subnormal after
/// rounding); overflow gives infinity or the largest finite value as the
/// mode dictates (IEEE 754 section 7.4); E4M3, which has no infinity, gives
/// its NaN where another format would give infinity, unless .satfinite.
/// .sat and .relu turn -0 into +0. NaN results are the format's canonical
/// NaN (0x7fff for f16/bf16, 0x7fffffff for f32 and tf32,
/// 0x7fffffffffffffff for f64, 0x7f for FP8), as the PTX ISA specifies for
/// arithmetic results.
uint64_t roundTo(Exact value, FloatFormat format, Rounding mode,
                 RoundOptions options = {});
/// Shorthand for an exactly known double.
inline uint64_t roundTo(double value, FloatFormat format, Rounding mode,
                        RoundOptions options = {}) {
  return roundTo(Exact{value, 0.0}, format, mode, options);
}

/// Flushes a subnormal input operand of `format` to a zero of the same sign
/// (the .ftz treatment of source operands); other values are returned as is.
uint64_t flushSubnormal(uint64_t bits, FloatFormat format);

/// The canonical NaN of `format`.
uint64_t canonicalNaN(FloatFormat format);
bool isNaN(uint64_t bits, FloatFormat format);

/// cvt from a float to an integer of `bits` bits (8, 16, 32, 64), rounding
/// to an integral value with `mode` (.rni, .rzi, .rmi, .rpi) and saturating
/// to the destination range, as cvt does for every float-to-integer
/// conversion. The result is the two's complement pattern in the low `bits`
/// bits. A NaN gives 0, except that a 64-bit destination or an f64 source
/// gives 1 << (bits - 1) (PTX ISA, cvt, "Integer Notes"); this overload
/// assumes a source other than f64 (the one below takes the source format).
uint64_t floatToInt(double value, Rounding mode, unsigned bits, bool isSigned);
/// The same, for a value read from a register of format `source` (only
/// whether it is F64 matters, for NaN).
uint64_t floatToInt(double value, FloatFormat source, Rounding mode,
                    unsigned bits, bool isSigned);

/// cvt from an integer (given as a signed or unsigned 64-bit value) to a
/// float format, correctly rounded with `mode`.
uint64_t intToFloat(uint64_t value, bool isSigned, FloatFormat format,
                    Rounding mode, RoundOptions options = {});

/// Rounds a float to an integral value in the same format (cvt.rni.f32.f32
/// and friends). NaN gives the canonical NaN. options.ftz flushes the input
/// as well as the result (cvt.ftz.f32.f32 with integer rounding).
uint64_t roundToIntegral(uint64_t bits, FloatFormat format, Rounding mode,
                         RoundOptions options = {});

/// min/max of the PTX ISA (9.7.3.11-12, 9.7.4.7-8): with one NaN operand the
/// other is returned (bits unchanged); with two, the canonical NaN; -0.0 is
/// less than +0.0. `propagateNaN` is the .NaN variant (any NaN operand gives
/// the canonical NaN). `ftz` flushes subnormal operands first.
uint64_t floatMin(uint64_t a, uint64_t b, FloatFormat format, bool propagateNaN,
                  bool ftz = false);
uint64_t floatMax(uint64_t a, uint64_t b, FloatFormat format, bool propagateNaN,
                  bool ftz = false);

/// The transcendental .approx instructions (ex2, lg2, rcp, sqrt, rsqrt, sin,
/// cos, tanh) of f32 (and f16/bf16 for ex2 and tanh). The hardware's results
/// are within the ISA's stated error bounds of the true value; the emulator
/// returns the value rounded to nearest (exactly so for rcp and sqrt; for
/// the others, the C library's double result rounded to the format, which
/// differs from the correctly rounded value in rare double-rounding cases),
/// which is within those bounds, and honours the ISA's special cases (e.g.
/// ex2(-Inf) = +0, lg2(0) = -Inf, rsqrt(-0) = -Inf, sin(Inf) = NaN). `ftz`
/// flushes subnormal inputs and results.
enum class ApproxFunction : uint8_t {
  Ex2,
  Lg2,
  Rcp,
  Sqrt,
  Rsqrt,
  Sin,
  Cos,
  Tanh
};
uint64_t approximate(ApproxFunction function, uint64_t bits, FloatFormat format,
                     bool ftz);

} // namespace roller::emu

#endif // ROLLER_EMULATOR_FLOAT_H
