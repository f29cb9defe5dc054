//===- Float.cpp - PTX floating-point formats and rounding ----------------===//
//
// Every result is formed in two steps: an error-free transformation gives the
// exact result as a pair of doubles (TwoSum, TwoProduct through std::fma, the
// remainders of division and square root, Boldo and Muller's ErrFma), and one
// rounding step takes the pair into the destination format: for formats of at
// most 24 significand bits through round-to-odd in double (Boldo and
// Melquiond 2008) and then on the significand as an integer, so the host's
// rounding mode is never changed. The host must be in its default state
// (round to nearest, no flush to zero), as every process starts. No
// expression here can be contracted into an FMA: products whose error
// matters take it with an explicit std::fma.
//
//===----------------------------------------------------------------------===//

#include "Roller/Emulator/Float.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

using namespace roller::emu;

namespace {

/// The encoding of a format. TF32 is an f32 layout of which only the top 10
/// fraction bits count (`shift` skips the 13 bits below them).
struct Layout {
  unsigned fractionBits;
  unsigned exponentBits;
  int bias;
  bool hasInfinity; // False for E4M3, whose all-ones exponent is still finite.
  unsigned shift;
  unsigned totalBits;

  int minExponent() const { return 1 - bias; }
  double minNormal() const { return std::ldexp(1.0, minExponent()); }
  uint64_t signMask() const { return uint64_t(1) << (totalBits - 1); }
  /// The exponent and fraction fields, without TF32's low 13 bits.
  uint64_t pattern(uint64_t bits) const {
    return (bits & (signMask() - 1)) >> shift;
  }
  uint64_t infinityPattern() const {
    return ((uint64_t(1) << exponentBits) - 1) << fractionBits;
  }
  /// The value of a pattern below the infinity's. Subnormals have exponent
  /// field 0 but the exponent of field 1, without the implicit bit.
  double decode(uint64_t pattern) const {
    int field = std::max(int(pattern >> fractionBits), 1);
    uint64_t significand = pattern - (uint64_t(field - 1) << fractionBits);
    return std::ldexp(double(significand), field - bias - int(fractionBits));
  }
  /// E4M3 has no infinities: exponent field 1111 holds normal numbers, all
  /// but S.1111.111, which is NaN, so its largest value is S.1111.110 = 448
  /// (PTX ISA 5.2.3, "Alternate Floating-Point Data Formats").
  double maxFinite() const {
    return decode(hasInfinity ? infinityPattern() - 1 : signMask() - 2);
  }
};

const Layout &layoutOf(FloatFormat format) {
  // Indexed by FloatFormat: F16, BF16, TF32, F32, F64, E4M3, E5M2.
  static const Layout layouts[] = {
      {10, 5, 15, true, 0, 16},    {7, 8, 127, true, 0, 16},
      {10, 8, 127, true, 13, 32},  {23, 8, 127, true, 0, 32},
      {52, 11, 1023, true, 0, 64}, {3, 4, 7, false, 0, 8},
      {2, 5, 15, true, 0, 8}};
  return layouts[static_cast<unsigned>(format)];
}

template <typename To, typename From> To bitCast(From from) {
  To to;
  std::memcpy(&to, &from, sizeof(to));
  return to;
}
uint64_t doubleBits(double value) { return bitCast<uint64_t>(value); }
double bitsDouble(uint64_t bits) { return bitCast<double>(bits); }

const double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kTiny = std::numeric_limits<double>::denorm_min();

/// From this magnitude up, a product's error is a double (the exponents of
/// the factors sum to at least emin + p - 1 = -970): TwoProduct is exact.
const double kExactProductMin = 0x1p-969;

/// hi with the error `error` * 2^exponent as lo. An error that falls below
/// double's range keeps at least its sign, which is all rounding needs.
Exact withError(double hi, double error, int exponent) {
  if (error == 0)
    return Exact{hi, 0.0};
  double lo = std::ldexp(error, exponent);
  return Exact{hi, lo != 0 ? lo : std::copysign(kTiny, error)};
}

Exact nanPair() { return Exact{kNaN, kNaN}; }

/// An infinite result that is exact (an infinite operand or a division by
/// zero): both parts are the infinity.
Exact infinitePair(double inf) { return Exact{inf, inf}; }

/// A finite result beyond double's range: hi is the infinity round to nearest
/// gives and lo the opposite infinity, which tells roundTo to apply the
/// mode's overflow rule (IEEE 754 section 7.4) rather than keep an infinity.
Exact overflowPair(double inf) { return Exact{inf, -inf}; }

/// Knuth's TwoSum: s + e == a + b exactly for finite a, b and finite s.
Exact twoSum(double a, double b) {
  double s = a + b;
  double bVirtual = s - a;
  double aVirtual = s - bVirtual;
  double e = (a - aVirtual) + (b - bVirtual);
  return Exact{s, e};
}

/// Rounds the exact value hi + lo to odd at double's precision: truncate
/// toward zero and, when that was inexact, set the last significand bit.
/// Innocuous as an intermediate step for targets of at most 51 bits.
double roundToOdd(Exact value) {
  if (value.lo == 0)
    return value.hi;
  // |hi + lo| < |hi| when lo points toward zero: the truncation is then hi's
  // predecessor in magnitude. The sign is hi's, or lo's when hi is 0.
  uint64_t magnitude = doubleBits(std::fabs(value.hi));
  if (value.hi != 0 && std::signbit(value.lo) != std::signbit(value.hi))
    --magnitude;
  double sign = value.hi != 0 ? value.hi : value.lo;
  return std::copysign(bitsDouble(magnitude | 1), sign);
}

/// Whether a value whose magnitude has `fraction` (in [0, 1)) beyond an
/// integral significand of parity `odd` rounds up in magnitude.
bool roundsAway(Rounding mode, bool negative, double fraction, bool odd) {
  if (fraction == 0)
    return false;
  if (mode == Rounding::NearestEven)
    return fraction > 0.5 || (fraction == 0.5 && odd);
  if (mode == Rounding::NearestAway)
    return fraction >= 0.5;
  return mode == (negative ? Rounding::Down : Rounding::Up);
}

/// The result of a finite value too large for the format: infinity, or the
/// largest finite value for the modes that round toward zero on that side
/// (IEEE 754 section 7.4).
double overflowValue(bool negative, Rounding mode, const Layout &layout) {
  bool toMax = mode == Rounding::TowardZero ||
               mode == (negative ? Rounding::Up : Rounding::Down);
  double magnitude = toMax ? layout.maxFinite() : kInf;
  return negative ? -magnitude : magnitude;
}

/// Rounds a double to the precision and range of `layout` (at most 24
/// significand bits), returning the rounded value as a double, or an
/// infinity on overflow.
double roundNarrow(double x, const Layout &layout, Rounding mode) {
  if (x == 0 || std::isinf(x))
    return x;
  bool negative = std::signbit(x);
  double magnitude = std::fabs(x);
  // The quantum: the weight of the last significand bit at x's exponent, or
  // at the minimum exponent for subnormals.
  int exponent = std::max(std::ilogb(magnitude), layout.minExponent());
  int quantum = exponent - int(layout.fractionBits);
  double scaled = std::ldexp(magnitude, -quantum); // Exact: a power of two.
  double integral = std::floor(scaled);
  double fraction = scaled - integral;
  bool odd = std::fmod(integral, 2.0) != 0;
  if (roundsAway(mode, negative, fraction, odd))
    integral += 1;
  double rounded = std::ldexp(integral, quantum);
  if (rounded > layout.maxFinite())
    return overflowValue(negative, mode, layout);
  return negative ? -rounded : rounded;
}

/// Rounds the pair into double with `mode`: hi is already the nearest
/// double, and lo says on which side of it the exact value lies.
double roundPairToDouble(Exact value, Rounding mode) {
  double hi = value.hi, lo = value.lo;
  // The neighbour of hi to move to, if any. hi == 0 with lo != 0 is a value
  // below half the smallest subnormal.
  bool loAway = hi == 0 || std::signbit(lo) == std::signbit(hi);
  double direction;
  if (lo == 0 || mode == Rounding::NearestEven)
    return hi;
  if (mode == Rounding::Up && lo > 0)
    direction = kInf;
  else if (mode == Rounding::Down && lo < 0)
    direction = -kInf;
  else if (mode == Rounding::TowardZero && !loAway)
    direction = 0.0;
  else if (mode == Rounding::NearestAway && loAway &&
           std::fabs(lo) ==
               std::fabs(std::nextafter(hi, std::copysign(kInf, hi)) - hi) / 2)
    direction = std::copysign(kInf, hi); // A tie: away, not to even.
  else
    return hi;
  double result = std::nextafter(hi, direction);
  // A result rounded to zero keeps the sign of the exact value.
  return result == 0 ? std::copysign(0.0, hi) : result;
}

/// Encodes a value of the format (already rounded; infinities included) as
/// its bit pattern. E4M3 has no infinity: one becomes its NaN.
uint64_t encode(double value, const Layout &layout, FloatFormat format) {
  if (format == FloatFormat::F64)
    return doubleBits(value);
  uint64_t sign = std::signbit(value) ? layout.signMask() : 0;
  double magnitude = std::fabs(value);
  if (std::isinf(magnitude) && !layout.hasInfinity)
    return canonicalNaN(format);
  uint64_t pattern = layout.infinityPattern();
  if (!std::isinf(magnitude)) {
    // The significand at the exponent (the minimum one for subnormals) is an
    // integer; normals have the implicit bit, which adds one to the exponent
    // field: pattern = (exponent - minExponent) << fractionBits + significand.
    int exponent = std::max(std::ilogb(magnitude), layout.minExponent());
    uint64_t significand =
        uint64_t(std::ldexp(magnitude, int(layout.fractionBits) - exponent));
    pattern =
        (uint64_t(exponent - layout.minExponent()) << layout.fractionBits) +
        significand;
    if (magnitude == 0)
      pattern = 0;
  }
  return sign | (pattern << layout.shift);
}

/// Rounds a double to an integral value with `mode`, keeping the sign of
/// zero (cvt's .rni/.rzi/.rmi/.rpi; IEEE 754 roundToIntegral).
double roundIntegral(double value, Rounding mode) {
  if (!std::isfinite(value) || std::fabs(value) >= 0x1p52)
    return value; // Already integral.
  double truncated = std::trunc(value);
  double fraction = value - truncated; // Exact.
  if (fraction == 0)
    return truncated;
  bool negative = std::signbit(value);
  bool odd = std::fmod(truncated, 2.0) != 0;
  if (!roundsAway(mode, negative, std::fabs(fraction), odd))
    return truncated; // trunc keeps the sign: -0.3 gives -0.
  return negative ? truncated - 1 : truncated + 1;
}

} // namespace

//===----------------------------------------------------------------------===//
// Formats
//===----------------------------------------------------------------------===//

unsigned roller::emu::formatBits(FloatFormat format) {
  return layoutOf(format).totalBits;
}

uint64_t roller::emu::canonicalNaN(FloatFormat format) {
  // All ones but the sign: 0x7fff, 0x7fffffff, 0x7fffffffffffffff, 0x7f.
  return layoutOf(format).signMask() - 1;
}

bool roller::emu::isNaN(uint64_t bits, FloatFormat format) {
  const Layout &layout = layoutOf(format);
  // IEEE-like formats: all-ones exponent, nonzero fraction. E4M3: S.1111.111
  // only (PTX ISA 5.2.3).
  uint64_t pattern = layout.pattern(bits);
  return layout.hasInfinity ? pattern > layout.infinityPattern()
                            : pattern == layout.signMask() - 1;
}

double roller::emu::toDouble(uint64_t bits, FloatFormat format) {
  const Layout &layout = layoutOf(format);
  if (format == FloatFormat::F64)
    return bitsDouble(bits);
  if (isNaN(bits, format))
    return kNaN;
  uint64_t pattern = layout.pattern(bits);
  double magnitude = kInf;
  if (!layout.hasInfinity || pattern != layout.infinityPattern())
    magnitude = layout.decode(pattern);
  return bits & layout.signMask() ? -magnitude : magnitude;
}

uint64_t roller::emu::flushSubnormal(uint64_t bits, FloatFormat format) {
  const Layout &layout = layoutOf(format);
  // Exponent field zero, something below it. TF32 registers are f32
  // registers: any bit of the f32 fraction counts, as .ftz would see it.
  uint64_t magnitude = bits & (layout.signMask() - 1);
  if (magnitude != 0 && magnitude >> (layout.fractionBits + layout.shift) == 0)
    return bits & layout.signMask();
  return bits;
}

//===----------------------------------------------------------------------===//
// Exact operations
//===----------------------------------------------------------------------===//

Exact roller::emu::exactAdd(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return nanPair();
  if (std::isinf(a)) {
    if (std::isinf(b) && std::signbit(a) != std::signbit(b))
      return nanPair();
    return infinitePair(a);
  }
  if (std::isinf(b))
    return infinitePair(b);
  Exact sum = twoSum(a, b);
  if (std::isinf(sum.hi))
    return overflowPair(sum.hi);
  if (sum.hi == 0) {
    // An exact zero sum is +0 in every mode but .rm, where it is -0, unless
    // both operands are -0 (IEEE 754 section 6.3). Round to nearest gave +0
    // or -0 accordingly; lo = -0 marks the +0 that .rm turns into -0.
    bool bothPlusZero =
        a == 0 && b == 0 && !std::signbit(a) && !std::signbit(b);
    bool modeDependent = !std::signbit(sum.hi) && !bothPlusZero;
    return Exact{sum.hi, modeDependent ? -0.0 : 0.0};
  }
  return sum;
}

Exact roller::emu::exactSub(double a, double b) { return exactAdd(a, -b); }

Exact roller::emu::exactMul(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return nanPair();
  bool negative = std::signbit(a) != std::signbit(b);
  if (std::isinf(a) || std::isinf(b))
    return a == 0 || b == 0 ? nanPair() : infinitePair(negative ? -kInf : kInf);
  if (a == 0 || b == 0)
    return Exact{negative ? -0.0 : 0.0, 0.0};
  double product = a * b;
  if (std::isinf(product))
    return overflowPair(product);
  if (std::fabs(product) >= kExactProductMin)
    return Exact{product, std::fma(a, b, -product)};
  // The error is below double's range: take its sign at a scale where it is
  // representable. a = ma * 2^ea, b = mb * 2^eb with ma, mb in [0.5, 1); the
  // product is tiny, so scaling it by 2^-(ea + eb) only raises it (exactly).
  int ea, eb;
  double ma = std::frexp(a, &ea);
  double mb = std::frexp(b, &eb);
  double error = std::fma(ma, mb, -std::ldexp(product, -(ea + eb)));
  return withError(product, error, ea + eb);
}

Exact roller::emu::exactFma(double a, double b, double c) {
  if (std::isnan(a) || std::isnan(b) || std::isnan(c))
    return nanPair();
  bool productNegative = std::signbit(a) != std::signbit(b);
  if (std::isinf(a) || std::isinf(b)) {
    bool invalid = a == 0 || b == 0 ||
                   (std::isinf(c) && std::signbit(c) != productNegative);
    return invalid ? nanPair() : infinitePair(productNegative ? -kInf : kInf);
  }
  if (std::isinf(c))
    return infinitePair(c);
  if (a == 0 || b == 0)
    return exactAdd(productNegative ? -0.0 : 0.0, c);
  if (c == 0)
    return exactMul(a, b); // A nonzero product plus a zero is the product.
  double product = a * b;
  double rounded = std::fma(a, b, c);
  if (std::isinf(rounded)) // Finite operands: a finite sum beyond the range.
    return overflowPair(rounded);
  if (std::isfinite(product) && std::fabs(product) >= kExactProductMin) {
    double productError = std::fma(a, b, -product);
    // f16, bf16, tf32 and f32 operands always take this path: their product
    // is exact in double, and the sum is exact as a pair.
    if (productError == 0)
      return exactAdd(product, c);
    // ErrFma (Boldo and Muller, "Exact and approximated error of the FMA",
    // IEEE TC 2011): a * b + c == rounded + r.hi + r.lo exactly, with
    // |r.hi + r.lo| <= ulp(rounded) / 2, when a * b's error is a double.
    Exact alpha = twoSum(c, productError);
    Exact beta = twoSum(product, alpha.hi);
    double gamma = (beta.hi - rounded) + beta.lo;
    Exact r = twoSum(gamma, alpha.lo);
    return Exact{rounded, r.hi};
  }
  // The product overflows or its error underflows double, so only the
  // nearest value is known, except when c absorbed the whole product.
  if (rounded == c) // product is +-0 when it underflowed, with its sign.
    return withError(rounded,
                     product != 0 ? product : std::copysign(kTiny, product), 0);
  return Exact{rounded, 0.0};
}

Exact roller::emu::exactDiv(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return nanPair();
  bool negative = std::signbit(a) != std::signbit(b);
  double signedInf = negative ? -kInf : kInf;
  double signedZero = negative ? -0.0 : 0.0;
  if (std::isinf(a))
    return std::isinf(b) ? nanPair() : infinitePair(signedInf);
  if (std::isinf(b))
    return Exact{signedZero, 0.0};
  if (b == 0) // Division by zero is an exact infinity in every mode.
    return a == 0 ? nanPair() : infinitePair(signedInf);
  if (a == 0)
    return Exact{signedZero, 0.0};
  double quotient = a / b;
  if (std::isinf(quotient))
    return overflowPair(quotient);
  // The remainder a - quotient * b, taken with a and b scaled to [0.5, 1) so
  // that it cannot underflow even when the quotient is subnormal; its sign
  // (times b's) is the side of the quotient the exact value lies on.
  int ea, eb;
  double ma = std::frexp(a, &ea);
  double mb = std::frexp(b, &eb);
  double scaledQuotient = std::ldexp(quotient, eb - ea); // Exact.
  double remainder = std::fma(-scaledQuotient, mb, ma);
  return withError(quotient, remainder / mb, ea - eb);
}

Exact roller::emu::exactSqrt(double a) {
  if (std::isnan(a) || a < 0)
    return nanPair();
  if (a == 0)
    return Exact{a, 0.0}; // sqrt(-0) = -0.
  if (std::isinf(a))
    return infinitePair(a);
  double root = std::sqrt(a);
  // a = m * 2^e with e even and m in [0.5, 2): the residual m - r^2 of the
  // scaled root r is far from underflow and has the sign of sqrt(m) - r.
  int e;
  double m = std::frexp(a, &e);
  if (e % 2 != 0) {
    m *= 2;
    e -= 1;
  }
  double scaledRoot = std::ldexp(root, -e / 2);
  double residual = std::fma(-scaledRoot, scaledRoot, m);
  return withError(root, residual / (2 * scaledRoot), e / 2);
}

//===----------------------------------------------------------------------===//
// Rounding, conversions, min, max and the approximate functions
//===----------------------------------------------------------------------===//

uint64_t roller::emu::roundTo(Exact value, FloatFormat format, Rounding mode,
                              RoundOptions options) {
  const Layout &layout = layoutOf(format);
  double hi = value.hi, lo = value.lo, result;
  // .sat turns NaN into +0; .relu and .satfinite keep it.
  if (std::isnan(hi))
    return options.sat ? 0 : canonicalNaN(format);
  if (std::isinf(hi)) {
    // lo of the opposite sign: a finite value beyond double's range.
    bool overflow = std::isinf(lo) && std::signbit(lo) != std::signbit(hi);
    result = overflow ? overflowValue(std::signbit(hi), mode, layout) : hi;
  } else if (hi == 0 && lo == 0) {
    // hi = +0 with lo = -0: an exact zero sum, which is -0 under .rm.
    result = mode == Rounding::Down && std::signbit(lo) ? -0.0 : hi;
  } else if (format == FloatFormat::F64) {
    result = roundPairToDouble(value, mode);
  } else {
    result = roundNarrow(roundToOdd(value), layout, mode);
  }
  // .ftz: a result that is subnormal after rounding becomes a zero of the
  // same sign.
  if (options.ftz && result != 0 && std::fabs(result) < layout.minNormal())
    result = std::copysign(0.0, result);
  // .satfinite: infinities (exact or from overflow) become the largest
  // finite value of the same sign (cvt, "Saturation modifier").
  if (options.satFinite && std::isinf(result))
    result = std::copysign(layout.maxFinite(), result);
  // .relu clamps negative results, and .sat clamps to [+0, 1]: -0 included.
  if ((options.relu || options.sat) && std::signbit(result))
    result = 0.0;
  if (options.sat && result > 1.0)
    result = 1.0;
  return encode(result, layout, format);
}

uint64_t roller::emu::floatToInt(double value, FloatFormat source,
                                 Rounding mode, unsigned bits, bool isSigned) {
  uint64_t mask = bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  uint64_t signBit = uint64_t(1) << (bits - 1);
  // PTX ISA, cvt, "Integer Notes": a NaN gives 0, unless the source is .f64
  // or the destination is 64 bits wide, which give 1 << (width - 1).
  if (std::isnan(value))
    return (source == FloatFormat::F64 || bits == 64) ? signBit : 0;
  double rounded = roundIntegral(value, mode);
  // Saturate to the destination's range: float-to-integer cvt clamps by
  // default (cvt, "Saturation modifier").
  if (isSigned) {
    double limit = std::ldexp(1.0, int(bits) - 1);
    if (rounded >= limit)
      return (signBit - 1) & mask;
    if (rounded < -limit)
      return signBit;
    return uint64_t(int64_t(rounded)) & mask;
  }
  if (rounded <= 0)
    return 0;
  if (rounded >= std::ldexp(1.0, int(bits)))
    return mask;
  return uint64_t(rounded);
}

uint64_t roller::emu::floatToInt(double value, Rounding mode, unsigned bits,
                                 bool isSigned) {
  return floatToInt(value, FloatFormat::F32, mode, bits, isSigned);
}

uint64_t roller::emu::intToFloat(uint64_t value, bool isSigned,
                                 FloatFormat format, Rounding mode,
                                 RoundOptions options) {
  bool negative = isSigned && int64_t(value) < 0;
  uint64_t magnitude = negative ? ~value + 1 : value; // 2^63 for INT64_MIN.
  // Each 32-bit half is exact in double, so their sum is exact as a pair.
  double high = double(magnitude & 0xffffffff00000000);
  double low = double(magnitude & 0xffffffff);
  Exact sum = twoSum(high, low);
  if (negative)
    sum = Exact{-sum.hi, -sum.lo};
  return roundTo(sum, format, mode, options);
}

uint64_t roller::emu::roundToIntegral(uint64_t bits, FloatFormat format,
                                      Rounding mode, RoundOptions options) {
  // cvt.ftz.f32.f32 with integer rounding flushes subnormal inputs too
  // (cvt, "Integer Notes"): .rpi of a tiny positive value is 0, not 1.
  if (options.ftz)
    bits = flushSubnormal(bits, format);
  double value = isNaN(bits, format) ? kNaN : toDouble(bits, format);
  // An integral value of a format is representable in it, so the second
  // rounding is exact.
  return roundTo(roundIntegral(value, mode), format, Rounding::NearestEven,
                 options);
}

static uint64_t minOrMax(uint64_t a, uint64_t b, FloatFormat format,
                         bool propagateNaN, bool ftz, bool isMax) {
  if (ftz) {
    a = flushSubnormal(a, format);
    b = flushSubnormal(b, format);
  }
  // PTX ISA 9.7.3.11 min / 9.7.3.12 max, "Semantics": min_num returns the
  // other operand when one is NaN and NaN when both are; min_nan (.NaN)
  // returns the canonical NaN when either is.
  bool nanA = isNaN(a, format), nanB = isNaN(b, format);
  if ((nanA && nanB) || (propagateNaN && (nanA || nanB)))
    return canonicalNaN(format);
  if (nanA)
    return b;
  if (nanB)
    return a;
  double x = toDouble(a, format), y = toDouble(b, format);
  if (x == y) {
    // "If values of both inputs are 0.0, then +0.0 > -0.0."
    bool aBelow = std::signbit(x) && !std::signbit(y);
    return aBelow != isMax ? a : b;
  }
  return (x < y) != isMax ? a : b;
}

uint64_t roller::emu::floatMin(uint64_t a, uint64_t b, FloatFormat format,
                               bool propagateNaN, bool ftz) {
  return minOrMax(a, b, format, propagateNaN, ftz, /*isMax=*/false);
}

uint64_t roller::emu::floatMax(uint64_t a, uint64_t b, FloatFormat format,
                               bool propagateNaN, bool ftz) {
  return minOrMax(a, b, format, propagateNaN, ftz, /*isMax=*/true);
}

uint64_t roller::emu::approximate(ApproxFunction function, uint64_t bits,
                                  FloatFormat format, bool ftz) {
  if (ftz)
    bits = flushSubnormal(bits, format);
  if (isNaN(bits, format))
    return canonicalNaN(format);
  double x = toDouble(bits, format);
  // The special cases of the ISA's tables (9.7.3.13-22, 9.7.4.9-10) are
  // those of the C library: ex2(-Inf) = +0, lg2(+-0) = -Inf, lg2(x < 0) =
  // NaN, rsqrt(-0) = 1 / sqrt(-0) = -Inf, sqrt(-0) = -0, sin/cos(+-Inf) =
  // NaN, cos(-0) = 1, tanh(+-Inf) = +-1 and tanh(subnormal) = the input.
  // rcp and sqrt are exact pairs, rounded correctly; the others are libm's
  // double results (within an ulp of double), rounded once more.
  using F = ApproxFunction;
  Exact y = function == F::Rcp ? exactDiv(1.0, x)
            : function == F::Sqrt
                ? exactSqrt(x)
                : Exact{function == F::Ex2     ? std::exp2(x)
                        : function == F::Lg2   ? std::log2(x)
                        : function == F::Rsqrt ? 1.0 / std::sqrt(x)
                        : function == F::Sin   ? std::sin(x)
                        : function == F::Cos   ? std::cos(x)
                                               : std::tanh(x),
                        0.0};
  RoundOptions options;
  options.ftz = ftz;
  return roundTo(y, format, Rounding::NearestEven, options);
}
