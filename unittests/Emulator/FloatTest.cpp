//===- FloatTest.cpp - Tests of the emulator's floating-point arithmetic --===//
//
// Arithmetic, min/max and the .approx functions. Every expected value comes
// from an oracle that shares nothing with the library: the host FPU under
// fesetround for f32 and f64, GCC's _Float16 for f16 round to nearest, exact
// integer arithmetic (__int128) for f16 and bf16 fma in every mode, fmin and
// fmax, and the ISA's tables and error bounds. The fesetround oracles read
// their operands through volatile variables so that GCC neither folds them
// nor moves them across the mode switch, and the library always runs with
// the default mode restored.
//
//===----------------------------------------------------------------------===//

#include "Roller/Emulator/Float.h"

#include "FloatBits.h"

#include "gtest/gtest.h"

#include <array>
#include <cfenv>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

using namespace roller::emu;
using namespace roller::emu::test;

namespace {

constexpr Rounding kModes[] = {Rounding::NearestEven, Rounding::TowardZero,
                               Rounding::Down, Rounding::Up};
constexpr int kHostModes[] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD,
                              FE_UPWARD};
constexpr const char *kModeNames[] = {"rn", "rz", "rm", "rp"};

enum class Op { Add, Sub, Mul, Div, Sqrt, Fma };
constexpr Op kOps[] = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Sqrt, Op::Fma};
constexpr const char *kOpNames[] = {"add", "sub", "mul", "div", "sqrt", "fma"};

template <typename T> using Operands = std::array<T, 3>;

/// The host's result in the current rounding mode.
template <typename T> T hostOp(Op op, const Operands<T> &in) {
  volatile T a = in[0], b = in[1], c = in[2];
  volatile T result = op == Op::Add    ? a + b
                      : op == Op::Sub  ? a - b
                      : op == Op::Mul  ? a * b
                      : op == Op::Div  ? a / b
                      : op == Op::Sqrt ? std::sqrt(T(a))
                                       : std::fma(T(a), T(b), T(c));
  return result;
}

Exact libraryOp(Op op, double a, double b, double c) {
  return op == Op::Add    ? exactAdd(a, b)
         : op == Op::Sub  ? exactSub(a, b)
         : op == Op::Mul  ? exactMul(a, b)
         : op == Op::Div  ? exactDiv(a, b)
         : op == Op::Sqrt ? exactSqrt(a)
                          : exactFma(a, b, c);
}

/// Compares the library with the host on `inputs` in all four modes.
/// `skip(op, mode, in)` leaves out inputs outside the library's contract.
template <typename T, typename Skip>
void compareWithHost(Op op, const std::vector<Operands<T>> &inputs,
                     FloatFormat format, Skip skip) {
  for (int m = 0; m < 4; ++m) {
    std::vector<T> expected(inputs.size());
    ASSERT_EQ(std::fesetround(kHostModes[m]), 0);
    for (size_t i = 0; i < inputs.size(); ++i)
      expected[i] = hostOp(op, inputs[i]);
    ASSERT_EQ(std::fesetround(FE_TONEAREST), 0);
    for (size_t i = 0; i < inputs.size(); ++i) {
      const Operands<T> &in = inputs[i];
      if (skip(op, kModes[m], in))
        continue;
      ASSERT_EQ(roundTo(libraryOp(op, in[0], in[1], in[2]), format, kModes[m]),
                std::isnan(expected[i]) ? canonicalNaN(format)
                                        : bitsOf(expected[i]))
          << kOpNames[int(op)] << "." << kModeNames[m] << std::hexfloat
          << " a=" << in[0] << " b=" << in[1] << " c=" << in[2];
    }
  }
}

template <typename T> std::vector<T> edgeValues() {
  using L = std::numeric_limits<T>;
  T one = 1, eps = L::epsilon(), tiny = L::denorm_min(), min = L::min();
  T max = L::max(), root = std::sqrt(max), inf = L::infinity();
  T nan = L::quiet_NaN(), third = one / 3, tenth = T(0.1), big = one / eps;
  T values[] = {
      0,     tiny,  tiny * 3,  min - tiny, min,     min * 2, one,
      third, tenth, one + eps, big,        big + 1, 1.5,     2,
      3,     root,  max / 2,   max,        inf,     nan,     one - eps / 2};
  std::vector<T> all;
  for (T value : values) {
    all.push_back(value);
    all.push_back(-value);
  }
  return all;
}

/// Random values of every exponent, and some pairs close to each other so
/// that sums cancel.
template <typename T, typename Bits>
std::vector<Operands<T>> randomOperands(size_t count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Operands<T>> inputs;
  for (size_t i = 0; i < count; ++i) {
    Operands<T> in;
    for (T &value : in)
      value = bitCast<T>(Bits(rng()));
    if (i % 4 == 0) // b near -a or a: cancellation, ties and exact results.
      in[1] = bitCast<T>(Bits(bitCast<Bits>(in[0]) ^ (rng() & 0xff)));
    if (i % 8 == 1) // c near -(a * b), for fma.
      in[2] = -in[0] * in[1];
    inputs.push_back(in);
  }
  return inputs;
}

template <typename T> std::vector<Operands<T>> edgeOperands() {
  std::vector<T> edges = edgeValues<T>();
  std::vector<Operands<T>> inputs;
  for (T a : edges)
    for (T b : edges)
      for (T c : edges)
        inputs.push_back({a, b, c});
  return inputs;
}

auto noSkip = [](Op, Rounding, const auto &) { return false; };

TEST(FloatF32, AllModesMatchHost) {
  std::vector<Operands<float>> inputs =
      randomOperands<float, uint32_t>(200000, 1);
  std::vector<Operands<float>> edges = edgeOperands<float>();
  inputs.insert(inputs.end(), edges.begin(), edges.end());
  for (Op op : kOps)
    compareWithHost(op, inputs, FloatFormat::F32, noSkip);
}

TEST(FloatF64, AllModesMatchHost) {
  std::vector<Operands<double>> inputs =
      randomOperands<double, uint64_t>(200000, 2);
  std::vector<Operands<double>> edges = edgeOperands<double>();
  inputs.insert(inputs.end(), edges.begin(), edges.end());
  // fma.f64 is exact in every mode only while a * b's error is a double
  // (Float.h); outside that, only .rn is promised.
  auto skip = [](Op op, Rounding mode, const Operands<double> &in) {
    if (op != Op::Fma || mode == Rounding::NearestEven)
      return false;
    double product = std::fabs(in[0] * in[1]);
    return product < 0x1p-969 || std::isinf(product);
  };
  for (Op op : kOps)
    compareWithHost(op, inputs, FloatFormat::F64, skip);
}

TEST(FloatF64, FmaDirectedModesWithModerateExponents) {
  std::mt19937_64 rng(3);
  std::uniform_int_distribution<int> exponent(-400, 400);
  std::vector<Operands<double>> inputs;
  for (int i = 0; i < 100000; ++i) {
    Operands<double> in;
    for (double &value : in)
      value = std::ldexp(double(rng() >> 11) / 0x1p53 + 0.5, exponent(rng)) *
              (rng() & 1 ? -1 : 1);
    if (i % 2) // c close to -(a * b): the interesting cancellations.
      in[2] = -in[0] * in[1] * (1 + double(int(rng() % 9) - 4) * 0x1p-52);
    inputs.push_back(in);
  }
  compareWithHost(Op::Fma, inputs, FloatFormat::F64, noSkip);
}

TEST(FloatZeroSign, ExactCancellationIsMinusZeroOnlyUnderRm) {
  for (FloatFormat format : {FloatFormat::F32, FloatFormat::F64}) {
    uint64_t minusZero =
        format == FloatFormat::F32 ? 0x80000000 : 0x8000000000000000;
    for (Exact sum : {exactAdd(1.0, -1.0), exactSub(2.5, 2.5),
                      exactAdd(0.0, -0.0), exactFma(2.0, 3.0, -6.0)}) {
      EXPECT_EQ(roundTo(sum, format, Rounding::NearestEven), 0u);
      EXPECT_EQ(roundTo(sum, format, Rounding::TowardZero), 0u);
      EXPECT_EQ(roundTo(sum, format, Rounding::Up), 0u);
      EXPECT_EQ(roundTo(sum, format, Rounding::Down), minusZero);
    }
    // (-0) + (-0) is -0 and (+0) + (+0) is +0 in every mode.
    for (Rounding mode : kModes) {
      EXPECT_EQ(roundTo(exactAdd(-0.0, -0.0), format, mode), minusZero);
      EXPECT_EQ(roundTo(exactAdd(0.0, 0.0), format, mode), 0u);
    }
  }
}

TEST(FloatOverflow, FollowsTheMode) {
  float max = std::numeric_limits<float>::max();
  Exact big = exactAdd(max, max);
  EXPECT_EQ(roundTo(big, FloatFormat::F32, Rounding::NearestEven), 0x7f800000u);
  EXPECT_EQ(roundTo(big, FloatFormat::F32, Rounding::TowardZero), 0x7f7fffffu);
  EXPECT_EQ(roundTo(big, FloatFormat::F32, Rounding::Down), 0x7f7fffffu);
  EXPECT_EQ(roundTo(big, FloatFormat::F32, Rounding::Up), 0x7f800000u);
  Exact huge = exactMul(-1e300, 1e300); // Beyond double's range.
  EXPECT_EQ(roundTo(huge, FloatFormat::F64, Rounding::TowardZero),
            bitsOf(-std::numeric_limits<double>::max()));
  EXPECT_EQ(roundTo(huge, FloatFormat::F64, Rounding::Up),
            bitsOf(-std::numeric_limits<double>::max()));
  EXPECT_EQ(roundTo(huge, FloatFormat::F64, Rounding::Down),
            bitsOf(-std::numeric_limits<double>::infinity()));
  EXPECT_EQ(roundTo(huge, FloatFormat::F32, Rounding::TowardZero), 0xff7fffffu);
  // An exact infinity stays infinite even under .rz.
  EXPECT_EQ(
      roundTo(exactAdd(INFINITY, 1.0), FloatFormat::F32, Rounding::TowardZero),
      0x7f800000u);
  EXPECT_EQ(roundTo(exactDiv(1.0, 0.0), FloatFormat::F32, Rounding::TowardZero),
            0x7f800000u);
}

//===----------------------------------------------------------------------===//
// f16 against GCC's _Float16
//===----------------------------------------------------------------------===//

_Float16 halfOf(uint64_t bits) { return bitCast<_Float16>(uint16_t(bits)); }

TEST(FloatF16, ArithmeticMatchesFloat16) {
  std::mt19937_64 rng(5);
  for (int i = 0; i < 1000000; ++i) {
    uint64_t a = rng() & 0xffff, b = rng() & 0xffff;
    if (i % 4 == 0)
      b = a ^ (rng() & 0x803f);
    double x = toDouble(a, FloatFormat::F16), y = toDouble(b, FloatFormat::F16);
    const std::pair<Exact, _Float16> cases[] = {
        {exactAdd(x, y), halfOf(a) + halfOf(b)},
        {exactSub(x, y), halfOf(a) - halfOf(b)},
        {exactMul(x, y), halfOf(a) * halfOf(b)},
        {exactDiv(x, y), halfOf(a) / halfOf(b)}};
    for (const auto &[exact, host] : cases)
      ASSERT_EQ(roundTo(exact, FloatFormat::F16, Rounding::NearestEven),
                std::isnan(double(host)) ? 0x7fff : bitsOf(host))
          << std::hex << "a=0x" << a << " b=0x" << b;
  }
}

//===----------------------------------------------------------------------===//
// f16 and bf16 fma against exact integer arithmetic
//===----------------------------------------------------------------------===//

using Int128 = __int128;

/// Whether an inexact result moves away from zero, given how the discarded
/// part compares with half a unit (-1, 0, 1) and the kept part's parity.
bool roundsUp(Rounding mode, bool negative, int versusHalf, bool odd) {
  if (mode == Rounding::NearestEven)
    return versusHalf > 0 || (versusHalf == 0 && odd);
  if (mode == Rounding::NearestAway)
    return versusHalf >= 0;
  return mode == (negative ? Rounding::Down : Rounding::Up);
}

/// An IEEE-like format described independently of the library.
struct Spec {
  int fractionBits;
  int exponentBits;
};
constexpr Spec kF16{10, 5}, kBF16{7, 8};

/// The bit pattern of n * 2^scale (n != 0) rounded into `spec` with `mode`,
/// by integer arithmetic on the significand.
uint64_t referenceRound(Int128 n, int scale, Spec spec, Rounding mode) {
  int bias = (1 << (spec.exponentBits - 1)) - 1;
  int minExponent = 1 - bias, p = spec.fractionBits + 1;
  bool negative = n < 0;
  unsigned __int128 m = negative ? -(unsigned __int128)n : n;
  uint64_t sign =
      negative ? uint64_t(1) << (spec.fractionBits + spec.exponentBits) : 0;
  int top = 127;
  while (!((m >> top) & 1))
    --top;
  int quantum = std::max(top + scale, minExponent) - spec.fractionBits;
  int drop = quantum - scale;
  unsigned __int128 significand;
  int versusHalf = 0; // -1: the dropped part is below half a quantum.
  bool inexact = false;
  if (drop <= 0) {
    significand = m << -drop;
  } else {
    significand = m >> drop;
    unsigned __int128 rest = m & (((unsigned __int128)1 << drop) - 1);
    unsigned __int128 half = (unsigned __int128)1 << (drop - 1);
    inexact = rest != 0;
    versusHalf = rest < half ? -1 : rest > half ? 1 : 0;
  }
  significand +=
      inexact && roundsUp(mode, negative, versusHalf, significand & 1);
  if (significand == (unsigned __int128)1 << p) {
    significand >>= 1;
    ++quantum;
  }
  uint64_t fractionMask = (uint64_t(1) << spec.fractionBits) - 1;
  if (significand < (unsigned __int128)1 << (p - 1))
    return sign | uint64_t(significand); // Subnormal or zero.
  int exponent = quantum + spec.fractionBits;
  if (exponent > bias) {
    bool toMax = mode == Rounding::TowardZero ||
                 mode == (negative ? Rounding::Up : Rounding::Down);
    uint64_t maxExponentField = (uint64_t(1) << spec.exponentBits) - 1;
    return sign |
           (toMax ? ((maxExponentField - 1) << spec.fractionBits) | fractionMask
                  : maxExponentField << spec.fractionBits);
  }
  return sign | (uint64_t(exponent + bias) << spec.fractionBits) |
         (uint64_t(significand) & fractionMask);
}

/// A finite value of `spec` as integer * 2^exponent.
std::pair<Int128, int> decompose(uint64_t bits, Spec spec) {
  int bias = (1 << (spec.exponentBits - 1)) - 1;
  int exponentField =
      int(bits >> spec.fractionBits) & ((1 << spec.exponentBits) - 1);
  Int128 significand = bits & ((uint64_t(1) << spec.fractionBits) - 1);
  if (exponentField != 0)
    significand += Int128(1) << spec.fractionBits;
  if (bits >> (spec.fractionBits + spec.exponentBits))
    significand = -significand;
  return {significand, std::max(exponentField, 1) - bias - spec.fractionBits};
}

/// The expected fma of finite a, b, c by exact integer arithmetic.
uint64_t referenceFma(uint64_t a, uint64_t b, uint64_t c, Spec spec,
                      Rounding mode) {
  auto [sa, ea] = decompose(a, spec);
  auto [sb, eb] = decompose(b, spec);
  auto [sc, ec] = decompose(c, spec);
  int scale = std::min(ea + eb, ec);
  // Shifting a negative value left is undefined before C++20: scale by a
  // power of two instead.
  auto shifted = [](Int128 v, int by) { return v * (Int128(1) << by); };
  Int128 n = shifted(sa * sb, ea + eb - scale) + shifted(sc, ec - scale);
  if (n != 0)
    return referenceRound(n, scale, spec, mode);
  // An exact zero: the sign rules of IEEE 754 section 6.3.
  uint64_t signBit = uint64_t(1) << (spec.fractionBits + spec.exponentBits);
  bool productNegative = ((a ^ b) & signBit) != 0;
  bool bothZeroSameSign =
      sa * sb == 0 && sc == 0 && productNegative == ((c & signBit) != 0);
  if (bothZeroSameSign)
    return productNegative ? signBit : 0;
  return mode == Rounding::Down ? signBit : 0;
}

uint64_t libraryFma(uint64_t a, uint64_t b, uint64_t c, FloatFormat format,
                    Rounding mode) {
  Exact exact =
      exactFma(toDouble(a, format), toDouble(b, format), toDouble(c, format));
  return roundTo(exact, format, mode);
}

TEST(FloatF16, FmaMatchesIntegerReferenceInAllModes) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 300000; ++i) {
    // Finite operands only (exponent field below 31).
    auto finite = [&] {
      uint64_t h;
      do
        h = rng() & 0xffff;
      while ((h & 0x7c00) == 0x7c00);
      return h;
    };
    uint64_t a = finite(), b = finite(), c = finite();
    for (Rounding mode : kModes)
      ASSERT_EQ(libraryFma(a, b, c, FloatFormat::F16, mode),
                referenceFma(a, b, c, kF16, mode))
          << std::hex << a << " " << b << " " << c << " mode " << int(mode);
  }
}

TEST(FloatBF16, FmaMatchesIntegerReferenceInAllModes) {
  std::mt19937_64 rng(8);
  // Exponents within +-24 of 1 keep the exact sum inside 128 bits while
  // still reaching far enough apart for c to fall below a * b's last bit.
  auto value = [&] {
    uint64_t exponent = 127 - 24 + rng() % 49;
    return (rng() & 0x807f) | (exponent << 7);
  };
  for (int i = 0; i < 300000; ++i) {
    uint64_t a = value(), b = value(), c = value();
    for (Rounding mode : kModes)
      ASSERT_EQ(libraryFma(a, b, c, FloatFormat::BF16, mode),
                referenceFma(a, b, c, kBF16, mode))
          << std::hex << a << " " << b << " " << c << " mode " << int(mode);
  }
}

TEST(FloatF16, FmaAvoidsDoubleRounding) {
  // a * b + c lies just off a midpoint between two f16 values, closer than
  // half a float ulp, so fmaf lands on the midpoint and the tie goes the
  // wrong way:
  //  - 1.5 * 1.369140625 = 2103 * 2^-10 is a midpoint (12 significant bits)
  //    between 1051 * 2^-9 and 1052 * 2^-9, the even one; c = -2^-24 pushes
  //    it just below, so the result is 1051 * 2^-9 = 2.052734375 (0x401b).
  //  - (1 + 2^-10) * 2^-11 (1 - 2^-10) + (1 + 2^-10) = 1 + 3 * 2^-11 - 2^-31,
  //    just below the midpoint between 1025 * 2^-10 (0x3c01) and 1026 *
  //    2^-10 (0x3c02), so the result is 0x3c01.
  const uint16_t cases[][4] = {{0x3e00, 0x3d7a, 0x8001, 0x401b},
                               {0x3c01, 0x0ffe, 0x3c01, 0x3c01}};
  for (const auto &[a, b, c, expected] : cases) {
    const Rounding rn = Rounding::NearestEven;
    EXPECT_EQ(referenceFma(a, b, c, kF16, rn), expected);
    EXPECT_EQ(libraryFma(a, b, c, FloatFormat::F16, rn), expected);
    // The case is a real trap: float fma then rounding to f16 misses.
    volatile float naive = std::fma(float(toDouble(a, FloatFormat::F16)),
                                    float(toDouble(b, FloatFormat::F16)),
                                    float(toDouble(c, FloatFormat::F16)));
    EXPECT_NE(bitsOf(_Float16(naive)), expected);
  }
}

TEST(FloatBF16, FmaAvoidsDoubleRounding) {
  // 1.5 * 1.359375 = 261 * 2^-7 is a midpoint between 2.03125 (even, 0x4002)
  // and 2.046875 (0x4003); c = 2^-30 (0x3080) lifts it just above, by far less
  // than half a float ulp (2^-23).
  uint64_t a = 0x3fc0, b = 0x3fae, c = 0x3080;
  double x = toDouble(a, FloatFormat::BF16), y = toDouble(b, FloatFormat::BF16),
         z = toDouble(c, FloatFormat::BF16);
  ASSERT_EQ(x * y, 261 * 0x1p-7);
  ASSERT_EQ(z, 0x1p-30);
  volatile float naive = std::fma(float(x), float(y), float(z));
  EXPECT_EQ(roundTo(double(naive), FloatFormat::BF16, Rounding::NearestEven),
            0x4002u);
  EXPECT_EQ(
      roundTo(exactFma(x, y, z), FloatFormat::BF16, Rounding::NearestEven),
      0x4003u);
  EXPECT_EQ(referenceFma(a, b, c, kBF16, Rounding::NearestEven), 0x4003u);
}

//===----------------------------------------------------------------------===//
// min, max
//===----------------------------------------------------------------------===//

TEST(FloatMinMax, NaNAndSignedZeros) {
  const FloatFormat f32 = FloatFormat::F32, f64 = FloatFormat::F64;
  const uint64_t one = 0x3f800000, two = 0x40000000, plusZero = 0,
                 minusZero = 0x80000000, nanA = 0x7fc00001, nanB = 0xffc00002,
                 nan = 0x7fffffff;
  struct Case {
    uint64_t a, b;
    FloatFormat format;
    bool propagateNaN, ftz;
    uint64_t min, max;
  };
  const Case cases[] = {
      // PTX ISA 9.7.3.11-12: one NaN gives the other operand, two give NaN.
      {one, nanA, f32, false, false, one, one},
      {nanB, one, f32, false, false, one, one},
      {nanA, nanB, f32, false, false, nan, nan},
      // .NaN: any NaN gives the canonical NaN.
      {one, nanA, f32, true, false, nan, nan},
      {nanB, one, f32, true, false, nan, nan},
      {one, two, f32, true, false, one, two},
      // -0.0 < +0.0, in either order.
      {plusZero, minusZero, f32, false, false, minusZero, plusZero},
      {minusZero, plusZero, f32, false, false, minusZero, plusZero},
      {minusZero, minusZero, f32, false, false, minusZero, minusZero},
      {0xff800000, one, f32, false, false, 0xff800000, one},
      // .ftz: subnormal operands are zeros of their sign.
      {0x80000001, plusZero, f32, false, false, 0x80000001, plusZero},
      {0x80000001, plusZero, f32, false, true, minusZero, plusZero},
      {0x00000001, minusZero, f32, false, true, minusZero, plusZero},
      // Other formats.
      {0x7e00, 0x3c00, FloatFormat::F16, false, false, 0x3c00, 0x3c00},
      {0x8000, 0x0000, FloatFormat::BF16, false, false, 0x8000, 0x0000},
      {0xff, 0x38, FloatFormat::E4M3, false, false, 0x38, 0x38},
      {bitsOf(-0.0), bitsOf(0.0), f64, false, false, bitsOf(-0.0), bitsOf(0.0)},
      {bitsOf(kNaN), bitsOf(-2.0), f64, true, false, 0x7fffffffffffffff,
       0x7fffffffffffffff}};
  for (const Case &c : cases) {
    EXPECT_EQ(floatMin(c.a, c.b, c.format, c.propagateNaN, c.ftz), c.min)
        << std::hex << c.a << " " << c.b;
    EXPECT_EQ(floatMax(c.a, c.b, c.format, c.propagateNaN, c.ftz), c.max)
        << std::hex << c.a << " " << c.b;
  }
}

TEST(FloatMinMax, RandomMatchFminFmax) {
  std::mt19937_64 rng(16);
  for (int i = 0; i < 200000; ++i) {
    uint32_t a = uint32_t(rng()), b = i % 3 ? uint32_t(rng()) : a ^ 0x80000000;
    float x = bitCast<float>(a), y = bitCast<float>(b);
    auto signaling = [](float v, uint32_t bits) {
      return std::isnan(v) && !(bits & 0x400000);
    };
    // fmin leaves zeros of both signs open, and turns a signaling NaN into
    // NaN (PTX makes no such distinction).
    if ((x == 0 && y == 0) || (std::isnan(x) && std::isnan(y)) ||
        signaling(x, a) || signaling(y, b))
      continue;
    ASSERT_EQ(floatMin(a, b, FloatFormat::F32, false), bitsOf(std::fmin(x, y)));
    ASSERT_EQ(floatMax(a, b, FloatFormat::F32, false), bitsOf(std::fmax(x, y)));
  }
}

//===----------------------------------------------------------------------===//
// .approx functions
//===----------------------------------------------------------------------===//

TEST(Approximate, SpecialCasesOfTheIsaTables) {
  using F = ApproxFunction;
  const uint64_t pInf = 0x7f800000, nInf = 0xff800000, pZero = 0,
                 nZero = 0x80000000, one = 0x3f800000, minusOne = 0xbf800000,
                 nan = 0x7fffffff, minusNormal = 0xc0000000;
  struct Case {
    F function;
    uint64_t input, expected;
  };
  const Case cases[] = {
      {F::Ex2, nInf, pZero},       {F::Ex2, nZero, one},
      {F::Ex2, pZero, one},        {F::Ex2, pInf, pInf},
      {F::Lg2, nInf, nan},         {F::Lg2, minusNormal, nan},
      {F::Lg2, nZero, nInf},       {F::Lg2, pZero, nInf},
      {F::Lg2, pInf, pInf},        {F::Rcp, nInf, nZero},
      {F::Rcp, nZero, nInf},       {F::Rcp, pZero, pInf},
      {F::Rcp, pInf, pZero},       {F::Sqrt, nInf, nan},
      {F::Sqrt, minusNormal, nan}, {F::Sqrt, nZero, nZero},
      {F::Sqrt, pZero, pZero},     {F::Sqrt, pInf, pInf},
      {F::Rsqrt, nInf, nan},       {F::Rsqrt, minusNormal, nan},
      {F::Rsqrt, nZero, nInf},     {F::Rsqrt, pZero, pInf},
      {F::Rsqrt, pInf, pZero},     {F::Sin, nInf, nan},
      {F::Sin, nZero, nZero},      {F::Sin, pZero, pZero},
      {F::Sin, pInf, nan},         {F::Cos, nInf, nan},
      {F::Cos, nZero, one},        {F::Cos, pZero, one},
      {F::Cos, pInf, nan},         {F::Tanh, nInf, minusOne},
      {F::Tanh, nZero, nZero},     {F::Tanh, pZero, pZero},
      {F::Tanh, pInf, one},        {F::Tanh, 0x00000005, 0x00000005},
  };
  for (const Case &c : cases) {
    EXPECT_EQ(approximate(c.function, c.input, FloatFormat::F32, false),
              c.expected)
        << int(c.function) << std::hex << " 0x" << c.input;
    EXPECT_EQ(approximate(c.function, 0x7fc01234, FloatFormat::F32, false),
              nan);
  }
  // Half precision (9.7.4.9-10); ex2.approx.ftz.bf16 takes subnormals as 0.
  EXPECT_EQ(approximate(F::Ex2, 0xfc00, FloatFormat::F16, false), 0u);
  EXPECT_EQ(approximate(F::Ex2, 0x3c00, FloatFormat::F16, false), 0x4000u);
  EXPECT_EQ(approximate(F::Ex2, 0x8001, FloatFormat::BF16, true), 0x3f80u);
  EXPECT_EQ(approximate(F::Tanh, 0xff80, FloatFormat::BF16, false), 0xbf80u);
  EXPECT_EQ(approximate(F::Tanh, 0x0001, FloatFormat::F16, false), 0x0001u);
  // .ftz on f32: subnormal inputs and results are zeros.
  EXPECT_EQ(approximate(F::Sin, 0x80000003, FloatFormat::F32, true), nZero);
  EXPECT_EQ(approximate(F::Lg2, 0x00000001, FloatFormat::F32, true), nInf);
  EXPECT_EQ(approximate(F::Lg2, 0x00000001, FloatFormat::F32, false),
            bitsOf(-149.0f));
  EXPECT_EQ(approximate(F::Ex2, bitsOf(-130.0f), FloatFormat::F32, true), 0u);
  // Exact values.
  EXPECT_EQ(approximate(F::Ex2, bitsOf(10.0f), FloatFormat::F32, false),
            bitsOf(1024.0f));
  EXPECT_EQ(approximate(F::Rsqrt, bitsOf(4.0f), FloatFormat::F32, false),
            bitsOf(0.5f));
  volatile float three = 3.0f, two = 2.0f;
  EXPECT_EQ(approximate(F::Rcp, bitsOf(3.0f), FloatFormat::F32, false),
            bitsOf(1.0f / three));
  EXPECT_EQ(approximate(F::Sqrt, bitsOf(2.0f), FloatFormat::F32, false),
            bitsOf(std::sqrt(float(two))));
}

TEST(Approximate, WithinTheIsaErrorBounds) {
  std::mt19937_64 rng(17);
  const long double pi = 3.14159265358979323846264338327950288L;
  for (int i = 0; i < 100000; ++i) {
    float x = float((double(rng() >> 11) / 0x1p53 * 4 - 2) * double(pi));
    auto at = [&](ApproxFunction function) {
      return (long double)bitCast<float>(
          uint32_t(approximate(function, bitsOf(x), FloatFormat::F32, false)));
    };
    // Absolute error 2^-20.5 over [-2pi, 2pi] for sin and cos (9.7.3.18-19).
    EXPECT_LE(std::fabs(at(ApproxFunction::Sin) - std::sin((long double)x)),
              0x1.6a09e6p-21L);
    EXPECT_LE(std::fabs(at(ApproxFunction::Cos) - std::cos((long double)x)),
              0x1.6a09e6p-21L);
    // tanh: relative error 2^-11 (9.7.3.22); ex2: 2 ulp (9.7.3.21), within
    // a relative 2^-22.
    long double t = std::tanh((long double)x);
    EXPECT_LE(std::fabs(at(ApproxFunction::Tanh) - t), std::fabs(t) * 0x1p-11L);
    long double e = std::exp2((long double)x);
    EXPECT_LE(std::fabs(at(ApproxFunction::Ex2) - e), e * 0x1p-22L);
  }
}

} // namespace
