//===- FloatConvertTest.cpp - Tests of the emulator's conversions ---------===//
//
// Conversions between floats (f16, bf16, TF32, FP8), between floats and
// integers, to integral values, and the rounding options. The oracles: the
// host FPU under fesetround, GCC's _Float16, bit references for bf16 and
// TF32, and a search among all finite values of a narrow format (compared in
// long double, which holds every int64 and double exactly).
//
//===----------------------------------------------------------------------===//

#include "Roller/Emulator/Float.h"

#include "FloatBits.h"

#include "gtest/gtest.h"

#include <algorithm>
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
constexpr Rounding kAllModes[] = {Rounding::NearestEven, Rounding::TowardZero,
                                  Rounding::Down, Rounding::Up,
                                  Rounding::NearestAway};

const double kInf = std::numeric_limits<double>::infinity();

//===----------------------------------------------------------------------===//
// A reference for narrow formats: every finite value, in order
//===----------------------------------------------------------------------===//

/// The non-negative finite values of a format, indexed by their bit pattern
/// (shifted right by `shift`: TF32 keeps its 19 bits at the top of 32).
struct Grid {
  FloatFormat format;
  unsigned shift;
  uint64_t signBit;
  std::vector<long double> values;
  long double next; // The value after the largest, were the exponent wider.
};

Grid makeGrid(FloatFormat format, int fractionBits, int exponentBits,
              bool hasInfinity, unsigned shift = 0) {
  int bias = (1 << (exponentBits - 1)) - 1;
  uint64_t count = hasInfinity
                       ? ((uint64_t(1) << exponentBits) - 1) << fractionBits
                       : (uint64_t(1) << (exponentBits + fractionBits)) - 1;
  auto value = [&](uint64_t k) {
    long double fraction = k & ((uint64_t(1) << fractionBits) - 1);
    int exponent = int(k >> fractionBits);
    if (exponent == 0)
      return std::ldexp(fraction, 1 - bias - fractionBits);
    return std::ldexp(fraction + (uint64_t(1) << fractionBits),
                      exponent - bias - fractionBits);
  };
  Grid grid{format,
            shift,
            uint64_t(1) << (shift + fractionBits + exponentBits),
            {},
            value(count)};
  for (uint64_t k = 0; k < count; ++k)
    grid.values.push_back(value(k));
  return grid;
}

const Grid &gridOf(FloatFormat format) {
  static const Grid grids[] = {
      makeGrid(FloatFormat::F16, 10, 5, true),
      makeGrid(FloatFormat::BF16, 7, 8, true),
      makeGrid(FloatFormat::TF32, 10, 8, true, /*shift=*/13),
      makeGrid(FloatFormat::E4M3, 3, 4, false),
      makeGrid(FloatFormat::E5M2, 2, 5, true)};
  for (const Grid &grid : grids)
    if (grid.format == format)
      return grid;
  return grids[0];
}

/// The pattern nearest `v` in the mode's sense, found by searching the grid.
/// The index just past the largest value is the infinity (or E4M3's NaN).
uint64_t gridRound(long double v, const Grid &grid, Rounding mode) {
  bool negative = std::signbit(v);
  long double a = std::fabs(v);
  const std::vector<long double> &values = grid.values;
  size_t index =
      std::lower_bound(values.begin(), values.end(), a) - values.begin();
  size_t chosen = index;
  if (std::isinf(a) || index == values.size() || values[index] != a) {
    size_t below = index - 1;
    long double above = index < values.size() ? values[index] : grid.next;
    long double toBelow = a - values[below], toAbove = above - a;
    int versusHalf = toBelow < toAbove ? -1 : toBelow > toAbove ? 1 : 0;
    bool up = mode == Rounding::NearestEven
                  ? versusHalf > 0 || (versusHalf == 0 && (below & 1))
              : mode == Rounding::NearestAway
                  ? versusHalf >= 0
                  : mode == (negative ? Rounding::Down : Rounding::Up);
    chosen = std::isinf(a) || up ? index : below;
  }
  uint64_t pattern = uint64_t(chosen) << grid.shift;
  if (grid.format == FloatFormat::E4M3 && chosen == values.size())
    return canonicalNaN(FloatFormat::E4M3);
  return (negative ? grid.signBit : 0) | pattern;
}

constexpr FloatFormat kNarrow[] = {FloatFormat::F16, FloatFormat::BF16,
                                   FloatFormat::TF32, FloatFormat::E4M3,
                                   FloatFormat::E5M2};

TEST(FloatFormats, DecodeEveryPatternOfTheNarrowFormats) {
  for (FloatFormat format : kNarrow) {
    const Grid &grid = gridOf(format);
    for (size_t k = 0; k < grid.values.size(); ++k) {
      uint64_t bits = uint64_t(k) << grid.shift;
      ASSERT_EQ(toDouble(bits, format), double(grid.values[k])) << k;
      ASSERT_EQ(toDouble(bits | grid.signBit, format), -double(grid.values[k]));
      ASSERT_FALSE(isNaN(bits, format));
      for (Rounding mode : kAllModes)
        ASSERT_EQ(roundTo(double(grid.values[k]), format, mode), bits);
    }
  }
  // The encodings past the finite values.
  EXPECT_TRUE(isNaN(0x7f, FloatFormat::E4M3));
  EXPECT_TRUE(isNaN(0xff, FloatFormat::E4M3));
  EXPECT_EQ(toDouble(0x7c, FloatFormat::E5M2), kInf);
  EXPECT_TRUE(isNaN(0x7d, FloatFormat::E5M2));
  EXPECT_EQ(toDouble(0xff800000, FloatFormat::TF32), -kInf);
  EXPECT_EQ(formatBits(FloatFormat::E4M3), 8u);
  EXPECT_EQ(formatBits(FloatFormat::TF32), 32u);
  EXPECT_EQ(formatBits(FloatFormat::BF16), 16u);
  EXPECT_EQ(formatBits(FloatFormat::F64), 64u);
}

TEST(FloatFormats, RoundDoublesIntoNarrowFormatsInAllModes) {
  std::mt19937_64 rng(11);
  for (FloatFormat format : kNarrow) {
    const Grid &grid = gridOf(format);
    int failures = 0;
    for (int i = 0; i < 200000; ++i) {
      double v;
      if (i % 2) { // Ties and their neighbours.
        size_t k = rng() % (grid.values.size() - 1);
        v = double((grid.values[k] + grid.values[k + 1]) / 2);
        if (int step = int(rng() % 3) - 1)
          v = std::nextafter(v, step * kInf);
      } else { // Anything from below the subnormals to beyond the largest.
        double top = std::log2(double(grid.next));
        double bottom = std::log2(double(grid.values[1])) - 3;
        v = std::exp2(bottom +
                      (top + 2 - bottom) * double(rng() >> 11) / 0x1p53);
      }
      if (rng() & 1)
        v = -v;
      for (Rounding mode : kAllModes) {
        uint64_t expected = gridRound(v, grid, mode);
        uint64_t got = roundTo(v, format, mode);
        if (got != expected && failures++ < 10)
          ADD_FAILURE() << "format " << int(format) << " mode " << int(mode)
                        << std::hexfloat << " v=" << v << std::hex
                        << " expected 0x" << expected << " got 0x" << got;
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// f16 against GCC's _Float16
//===----------------------------------------------------------------------===//

TEST(FloatF16, ExhaustiveToDoubleAndBack) {
  for (uint32_t bits = 0; bits < 0x10000; ++bits) {
    double value = toDouble(bits, FloatFormat::F16);
    double host = double(bitCast<_Float16>(uint16_t(bits)));
    ASSERT_EQ(isNaN(bits, FloatFormat::F16), std::isnan(host)) << bits;
    uint64_t back = roundTo(value, FloatFormat::F16, Rounding::NearestEven);
    if (std::isnan(host)) {
      ASSERT_TRUE(std::isnan(value) && back == 0x7fff) << bits;
      continue;
    }
    ASSERT_EQ(bitsOf(value), bitsOf(host)) << bits;
    ASSERT_EQ(back, bits);
  }
}

TEST(FloatF16, ConversionsMatchFloat16) {
  std::mt19937_64 rng(4);
  const std::vector<long double> &values = gridOf(FloatFormat::F16).values;
  for (int i = 0; i < 1000000; ++i) {
    // Random floats and doubles, and f16 midpoints (exact in both) with
    // their neighbours: the ties.
    float f = bitCast<float>(uint32_t(rng()));
    double d = std::ldexp(double(int64_t(rng())), -int(rng() % 100) - 40);
    if (i % 3 == 0) {
      size_t k = rng() % (values.size() - 1);
      d = double((values[k] + values[k + 1]) / 2) * (rng() & 1 ? -1 : 1);
      f = float(d);
      if (int step = int(rng() % 3) - 1) {
        f = std::nextafter(f, step * INFINITY);
        d = std::nextafter(d, step * INFINITY);
      }
    }
    uint64_t fromFloat = roundTo(f, FloatFormat::F16, Rounding::NearestEven);
    ASSERT_EQ(fromFloat, std::isnan(f) ? 0x7fff : bitsOf(_Float16(f)))
        << std::hexfloat << f;
    ASSERT_EQ(roundTo(d, FloatFormat::F16, Rounding::NearestEven),
              bitsOf(_Float16(d)))
        << std::hexfloat << d;
  }
}

//===----------------------------------------------------------------------===//
// bf16 against a bit-manipulation reference
//===----------------------------------------------------------------------===//

/// f32 to bf16 on the bits: keep the top half, and add one to it (in
/// magnitude) when the discarded half says so; a carry moves into the
/// exponent, up to infinity, exactly as the encoding's ordering wants.
uint64_t referenceBf16(uint32_t f, Rounding mode) {
  if ((f & 0x7fffffff) > 0x7f800000)
    return 0x7fff;
  uint32_t sign = f >> 31, high = (f >> 16) & 0x7fff, low = f & 0xffff;
  bool up = mode == Rounding::NearestEven
                ? low > 0x8000 || (low == 0x8000 && (high & 1))
            : mode == Rounding::NearestAway
                ? low >= 0x8000
                : low != 0 && mode == (sign ? Rounding::Down : Rounding::Up);
  return (sign << 15) | (high + up);
}

TEST(FloatBF16, FromF32MatchesBitReference) {
  std::mt19937_64 rng(6);
  std::vector<uint32_t> inputs = {
      0x7f7fffff, 0x7f7f8000, 0x7f7f7fff, 0x00000001, 0x00008000, 0x00018000,
      0x80008000, 0x7f800000, 0xff800000, 0x3f808000, 0x3f818000, 0x7fc00000};
  for (int i = 0; i < 2000000; ++i)
    inputs.push_back(i % 2 ? uint32_t(rng())
                           : uint32_t(rng() & 0xffff0000) | 0x8000);
  for (Rounding mode : kAllModes)
    for (uint32_t f : inputs)
      ASSERT_EQ(roundTo(bitCast<float>(f), FloatFormat::BF16, mode),
                referenceBf16(f, mode))
          << std::hex << f << " mode " << int(mode);
}

//===----------------------------------------------------------------------===//
// FP8 and TF32
//===----------------------------------------------------------------------===//

TEST(FloatFP8, DocumentedValues) {
  const Rounding rn = Rounding::NearestEven;
  RoundOptions satFinite;
  satFinite.satFinite = true;
  // E4M3: max finite 448 = S.1111.110, NaN S.1111.111, no infinity (PTX ISA
  // 5.2.3); the smallest subnormal is 2^-9.
  EXPECT_EQ(roundTo(448.0, FloatFormat::E4M3, rn), 0x7eu);
  EXPECT_EQ(roundTo(-448.0, FloatFormat::E4M3, rn), 0xfeu);
  EXPECT_EQ(toDouble(0x7e, FloatFormat::E4M3), 448.0);
  EXPECT_EQ(toDouble(0x01, FloatFormat::E4M3), 0x1p-9);
  EXPECT_EQ(toDouble(0x08, FloatFormat::E4M3), 0x1p-6);
  EXPECT_EQ(roundTo(464.0, FloatFormat::E4M3, rn), 0x7eu); // Tie to 1.110.
  EXPECT_EQ(roundTo(465.0, FloatFormat::E4M3, rn), 0x7fu); // Overflow: NaN.
  EXPECT_EQ(roundTo(465.0, FloatFormat::E4M3, rn, satFinite), 0x7eu);
  EXPECT_EQ(roundTo(-1e6, FloatFormat::E4M3, rn, satFinite), 0xfeu);
  EXPECT_EQ(roundTo(kInf, FloatFormat::E4M3, rn), 0x7fu);
  EXPECT_EQ(roundTo(-kInf, FloatFormat::E4M3, rn, satFinite), 0xfeu);
  EXPECT_EQ(roundTo(kNaN, FloatFormat::E4M3, rn, satFinite), 0x7fu);
  // E5M2: IEEE-like, max finite 57344 = 1.75 * 2^15.
  EXPECT_EQ(roundTo(57344.0, FloatFormat::E5M2, rn), 0x7bu);
  EXPECT_EQ(roundTo(61440.0, FloatFormat::E5M2, rn), 0x7cu); // Tie to even.
  EXPECT_EQ(roundTo(61439.0, FloatFormat::E5M2, rn), 0x7bu);
  EXPECT_EQ(roundTo(1e9, FloatFormat::E5M2, rn, satFinite), 0x7bu);
  EXPECT_EQ(roundTo(-kInf, FloatFormat::E5M2, rn, satFinite), 0xfbu);
  EXPECT_EQ(roundTo(kNaN, FloatFormat::E5M2, rn, satFinite), 0x7fu);
  EXPECT_EQ(toDouble(0x01, FloatFormat::E5M2), 0x1p-16);
  // .relu on FP8 (cvt.rn.satfinite.relu.e4m3x2.f32).
  RoundOptions relu = satFinite;
  relu.relu = true;
  EXPECT_EQ(roundTo(-3.0, FloatFormat::E4M3, rn, relu), 0x00u);
  EXPECT_EQ(roundTo(kNaN, FloatFormat::E4M3, rn, relu), 0x7fu);
}

/// cvt.{rna,rn,rz}.tf32.f32 on the bits: round at bit 13, keep the top 19.
uint64_t referenceTf32(uint32_t f, Rounding mode) {
  if ((f & 0x7fffffff) > 0x7f800000)
    return 0x7fffffff;
  uint32_t add = mode == Rounding::NearestAway   ? 0x1000
                 : mode == Rounding::NearestEven ? 0xfff + ((f >> 13) & 1)
                                                 : 0;
  return (f + add) & 0xffffe000;
}

TEST(FloatTF32, FromF32MatchesBitReference) {
  std::mt19937_64 rng(12);
  int failures = 0;
  for (int i = 0; i < 2000000; ++i) {
    uint32_t f = i % 2 ? uint32_t(rng()) : (uint32_t(rng()) & ~0xfffu) | 0x1000;
    for (Rounding mode :
         {Rounding::NearestAway, Rounding::NearestEven, Rounding::TowardZero}) {
      uint64_t got = roundTo(bitCast<float>(f), FloatFormat::TF32, mode);
      if (got != referenceTf32(f, mode) && failures++ < 10)
        ADD_FAILURE() << std::hex << "f=0x" << f << " mode " << int(mode)
                      << " got 0x" << got;
    }
  }
  RoundOptions satFinite;
  satFinite.satFinite = true;
  double max = std::numeric_limits<float>::max();
  EXPECT_EQ(roundTo(max, FloatFormat::TF32, Rounding::NearestAway),
            0x7f800000u);
  EXPECT_EQ(roundTo(max, FloatFormat::TF32, Rounding::NearestAway, satFinite),
            0x7f7fe000u);
  EXPECT_EQ(toDouble(0x3f800fff, FloatFormat::TF32), 1.0); // Low bits unread.
}

//===----------------------------------------------------------------------===//
// Rounding options
//===----------------------------------------------------------------------===//

TEST(FloatOptions, FtzSatRelu) {
  const Rounding rn = Rounding::NearestEven;
  RoundOptions ftz, sat, relu, satFinite;
  ftz.ftz = true;
  sat.sat = true;
  relu.relu = true;
  satFinite.satFinite = true;
  Exact tiny = exactMul(0x1p-100, -0x1p-30);
  EXPECT_EQ(roundTo(tiny, FloatFormat::F32, rn), 0x80080000u);
  EXPECT_EQ(roundTo(tiny, FloatFormat::F32, rn, ftz), 0x80000000u);
  // Subnormal before rounding but normal after it: kept.
  EXPECT_EQ(roundTo(0x1p-126 - 0x1p-151, FloatFormat::F32, rn, ftz),
            0x00800000u);
  EXPECT_EQ(roundTo(0x1p-20, FloatFormat::F16, rn, ftz), 0x0000u);
  EXPECT_EQ(flushSubnormal(0x80000001, FloatFormat::F32), 0x80000000u);
  EXPECT_EQ(flushSubnormal(0x00800000, FloatFormat::F32), 0x00800000u);
  EXPECT_EQ(flushSubnormal(0x83ff, FloatFormat::F16), 0x8000u);
  EXPECT_EQ(flushSubnormal(0x007f, FloatFormat::BF16), 0x0000u);
  // .sat: [+0, 1], NaN to +0.
  EXPECT_EQ(roundTo(1.5, FloatFormat::F32, rn, sat), 0x3f800000u);
  EXPECT_EQ(roundTo(0.25, FloatFormat::F32, rn, sat), 0x3e800000u);
  EXPECT_EQ(roundTo(-2.0, FloatFormat::F32, rn, sat), 0u);
  EXPECT_EQ(roundTo(-0.0, FloatFormat::F32, rn, sat), 0u);
  EXPECT_EQ(roundTo(kNaN, FloatFormat::F16, rn, sat), 0u);
  EXPECT_EQ(roundTo(kInf, FloatFormat::F64, rn, sat), bitsOf(1.0));
  EXPECT_EQ(roundTo(exactAdd(0.75, 0.5), FloatFormat::F16, rn, sat), 0x3c00u);
  // .relu: negatives to +0, NaN to the canonical NaN.
  EXPECT_EQ(roundTo(-3.0, FloatFormat::F16, rn, relu), 0u);
  EXPECT_EQ(roundTo(-0.0, FloatFormat::BF16, rn, relu), 0u);
  EXPECT_EQ(roundTo(2.0, FloatFormat::BF16, rn, relu), 0x4000u);
  EXPECT_EQ(roundTo(kNaN, FloatFormat::BF16, rn, relu), 0x7fffu);
  // .satfinite: infinities and overflow to the largest finite value.
  EXPECT_EQ(roundTo(70000.0, FloatFormat::F16, rn), 0x7c00u);
  EXPECT_EQ(roundTo(70000.0, FloatFormat::F16, rn, satFinite), 0x7bffu);
  EXPECT_EQ(roundTo(-kInf, FloatFormat::F16, rn, satFinite), 0xfbffu);
  EXPECT_EQ(roundTo(kInf, FloatFormat::BF16, rn, satFinite), 0x7f7fu);
  EXPECT_EQ(roundTo(kNaN, FloatFormat::F16, rn, satFinite), 0x7fffu);
}

//===----------------------------------------------------------------------===//
// Float to integer
//===----------------------------------------------------------------------===//

TEST(FloatToInt, EdgeCases) {
  const Rounding rni = Rounding::NearestEven, rzi = Rounding::TowardZero,
                 rmi = Rounding::Down, rpi = Rounding::Up;
  // NaN: 0, but 1 << (width - 1) for 64-bit destinations or f64 sources
  // (cvt, "Integer Notes").
  EXPECT_EQ(floatToInt(kNaN, rni, 32, true), 0u);
  EXPECT_EQ(floatToInt(kNaN, rzi, 16, false), 0u);
  EXPECT_EQ(floatToInt(kNaN, rzi, 64, true), 0x8000000000000000u);
  EXPECT_EQ(floatToInt(kNaN, rzi, 64, false), 0x8000000000000000u);
  EXPECT_EQ(floatToInt(kNaN, FloatFormat::F64, rzi, 32, true), 0x80000000u);
  EXPECT_EQ(floatToInt(kNaN, FloatFormat::F64, rzi, 8, false), 0x80u);
  EXPECT_EQ(floatToInt(kNaN, FloatFormat::F16, rzi, 32, false), 0u);
  // -0.5 in each mode.
  EXPECT_EQ(floatToInt(-0.5, rni, 32, true), 0u);
  EXPECT_EQ(floatToInt(-0.5, rzi, 32, true), 0u);
  EXPECT_EQ(floatToInt(-0.5, rmi, 32, true), 0xffffffffu);
  EXPECT_EQ(floatToInt(-0.5, rpi, 32, true), 0u);
  EXPECT_EQ(floatToInt(-0.5, rmi, 32, false), 0u); // -1 saturates to 0.
  // Ties to even.
  EXPECT_EQ(floatToInt(2.5, rni, 32, true), 2u);
  EXPECT_EQ(floatToInt(3.5, rni, 32, true), 4u);
  EXPECT_EQ(floatToInt(-2.5, rni, 32, true), 0xfffffffeu);
  EXPECT_EQ(floatToInt(-1.5, rni, 16, true), 0xfffeu);
  // 64-bit limits.
  EXPECT_EQ(floatToInt(0x1p63, rzi, 64, true), 0x7fffffffffffffffu);
  EXPECT_EQ(floatToInt(0x1p63, rzi, 64, false), 0x8000000000000000u);
  EXPECT_EQ(floatToInt(-0x1p63, rzi, 64, true), 0x8000000000000000u);
  EXPECT_EQ(floatToInt(std::nextafter(-0x1p63, -kInf), rzi, 64, true),
            0x8000000000000000u);
  EXPECT_EQ(floatToInt(-0x1p63, rzi, 64, false), 0u);
  EXPECT_EQ(floatToInt(0x1p64, rzi, 64, false), ~uint64_t(0));
  EXPECT_EQ(floatToInt(std::nextafter(0x1p64, 0.0), rzi, 64, false),
            0xfffffffffffff800u);
  // Saturation of narrow destinations.
  EXPECT_EQ(floatToInt(1e30, rzi, 32, true), 0x7fffffffu);
  EXPECT_EQ(floatToInt(-kInf, rzi, 32, true), 0x80000000u);
  EXPECT_EQ(floatToInt(kInf, rzi, 32, false), 0xffffffffu);
  EXPECT_EQ(floatToInt(255.6, rni, 8, false), 0xffu);
  EXPECT_EQ(floatToInt(255.6, rzi, 8, false), 0xffu);
  EXPECT_EQ(floatToInt(127.5, rni, 8, true), 0x7fu);
  EXPECT_EQ(floatToInt(-128.5, rni, 8, true), 0x80u);
  EXPECT_EQ(floatToInt(-129.0, rzi, 8, true), 0x80u);
  EXPECT_EQ(floatToInt(-3.0, rzi, 16, true), 0xfffdu);
}

TEST(FloatToInt, RandomMatchHost) {
  std::mt19937_64 rng(13);
  std::vector<double> inputs;
  for (int i = 0; i < 100000; ++i)
    inputs.push_back(std::ldexp(double(int64_t(rng())), -int(rng() % 90)));
  for (int m = 0; m < 4; ++m) {
    std::vector<double> rounded(inputs.size());
    ASSERT_EQ(std::fesetround(kHostModes[m]), 0);
    for (size_t i = 0; i < inputs.size(); ++i) {
      volatile double v = inputs[i];
      rounded[i] = std::nearbyint(double(v));
    }
    ASSERT_EQ(std::fesetround(FE_TONEAREST), 0);
    for (size_t i = 0; i < inputs.size(); ++i) {
      double r = rounded[i];
      int64_t s32 = int64_t(std::clamp(r, -0x1p31, 0x1p31 - 1));
      double r64 = std::clamp(r, 0.0, 0x1p64);
      uint64_t u64 = r64 == 0x1p64 ? ~uint64_t(0) : uint64_t(r64);
      ASSERT_EQ(floatToInt(inputs[i], kModes[m], 32, true), uint32_t(s32))
          << std::hexfloat << inputs[i];
      ASSERT_EQ(floatToInt(inputs[i], kModes[m], 64, false), u64)
          << std::hexfloat << inputs[i];
    }
  }
}

//===----------------------------------------------------------------------===//
// Integer to float
//===----------------------------------------------------------------------===//

TEST(IntToFloat, EdgeCases) {
  const uint64_t u64Max = ~uint64_t(0), s64Min = uint64_t(1) << 63;
  const uint64_t f32For[] = {0x5f800000, 0x5f7fffff, 0x5f7fffff, 0x5f800000};
  for (int m = 0; m < 4; ++m) {
    EXPECT_EQ(intToFloat(u64Max, false, FloatFormat::F32, kModes[m]),
              f32For[m]);
    EXPECT_EQ(intToFloat(s64Min, true, FloatFormat::F32, kModes[m]),
              0xdf000000u);
    EXPECT_EQ(intToFloat(s64Min, true, FloatFormat::F64, kModes[m]),
              0xc3e0000000000000u);
    EXPECT_EQ(intToFloat(0, true, FloatFormat::F16, kModes[m]), 0u);
  }
  // u64 max to f64: 2^64 or its predecessor 2^64 - 2^11.
  EXPECT_EQ(intToFloat(u64Max, false, FloatFormat::F64, Rounding::NearestEven),
            bitsOf(0x1p64));
  EXPECT_EQ(intToFloat(u64Max, false, FloatFormat::F64, Rounding::TowardZero),
            bitsOf(0x1p64 - 0x1p11));
  // 2^53 + 1, a tie in double.
  uint64_t n = (uint64_t(1) << 53) + 1;
  EXPECT_EQ(intToFloat(n, true, FloatFormat::F64, Rounding::NearestEven),
            bitsOf(0x1p53));
  EXPECT_EQ(intToFloat(n, true, FloatFormat::F64, Rounding::Up),
            bitsOf(0x1p53 + 2));
  EXPECT_EQ(intToFloat(-n, true, FloatFormat::F64, Rounding::Down),
            bitsOf(-0x1p53 - 2));
  EXPECT_EQ(intToFloat(-n, true, FloatFormat::F64, Rounding::TowardZero),
            bitsOf(-0x1p53));
  EXPECT_EQ(intToFloat(-n, true, FloatFormat::F64, Rounding::NearestAway),
            bitsOf(-0x1p53 - 2));
  // f16's overflow threshold 65520 = 65504 + half an ulp: a tie, to even.
  EXPECT_EQ(intToFloat(65519, false, FloatFormat::F16, Rounding::NearestEven),
            0x7bffu);
  EXPECT_EQ(intToFloat(65520, false, FloatFormat::F16, Rounding::NearestEven),
            0x7c00u);
  EXPECT_EQ(intToFloat(65520, false, FloatFormat::F16, Rounding::TowardZero),
            0x7bffu);
  RoundOptions satFinite;
  satFinite.satFinite = true;
  EXPECT_EQ(intToFloat(-100000, true, FloatFormat::F16, Rounding::NearestEven,
                       satFinite),
            0xfbffu);
}

TEST(IntToFloat, RandomMatchHostAndGrid) {
  std::mt19937_64 rng(14);
  std::vector<uint64_t> inputs = {0, 1, ~uint64_t(0), uint64_t(1) << 63,
                                  (uint64_t(1) << 63) - 1};
  for (int i = 0; i < 100000; ++i)
    inputs.push_back(rng() >> (rng() % 64));
  for (int m = 0; m < 4; ++m) {
    std::vector<float> signedF32(inputs.size()), unsignedF32(inputs.size());
    std::vector<double> signedF64(inputs.size()), unsignedF64(inputs.size());
    ASSERT_EQ(std::fesetround(kHostModes[m]), 0);
    for (size_t i = 0; i < inputs.size(); ++i) {
      volatile uint64_t u = inputs[i];
      volatile int64_t s = int64_t(inputs[i]);
      signedF32[i] = float(s);
      unsignedF32[i] = float(u);
      signedF64[i] = double(s);
      unsignedF64[i] = double(u);
    }
    ASSERT_EQ(std::fesetround(FE_TONEAREST), 0);
    for (size_t i = 0; i < inputs.size(); ++i) {
      uint64_t n = inputs[i];
      Rounding mode = kModes[m];
      ASSERT_EQ(intToFloat(n, true, FloatFormat::F32, mode),
                bitsOf(signedF32[i]));
      ASSERT_EQ(intToFloat(n, false, FloatFormat::F32, mode),
                bitsOf(unsignedF32[i]));
      ASSERT_EQ(intToFloat(n, true, FloatFormat::F64, mode),
                bitsOf(signedF64[i]));
      ASSERT_EQ(intToFloat(n, false, FloatFormat::F64, mode),
                bitsOf(unsignedF64[i]));
      for (FloatFormat format : kNarrow) {
        const Grid &grid = gridOf(format);
        ASSERT_EQ(intToFloat(n, false, format, mode),
                  gridRound((long double)n, grid, mode))
            << n << " format " << int(format);
        ASSERT_EQ(intToFloat(n, true, format, mode),
                  gridRound((long double)int64_t(n), grid, mode))
            << int64_t(n) << " format " << int(format);
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// Rounding to an integral value in the same format
//===----------------------------------------------------------------------===//

TEST(RoundToIntegral, MatchesHostNearbyint) {
  std::mt19937_64 rng(15);
  std::vector<uint32_t> inputs;
  for (int i = 0; i < 100000; ++i)
    inputs.push_back(i % 2 ? uint32_t(rng())
                           : bitsOf(float(int(rng() % 2000) - 1000) / 4));
  for (int m = 0; m < 4; ++m) {
    std::vector<float> expected(inputs.size());
    std::vector<double> expectedF16(0x10000);
    ASSERT_EQ(std::fesetround(kHostModes[m]), 0);
    for (size_t i = 0; i < inputs.size(); ++i) {
      volatile float v = bitCast<float>(inputs[i]);
      expected[i] = std::nearbyint(float(v));
    }
    for (uint32_t h = 0; h < 0x10000; ++h) {
      volatile _Float16 v = bitCast<_Float16>(uint16_t(h));
      expectedF16[h] = std::nearbyint(double(v));
    }
    ASSERT_EQ(std::fesetround(FE_TONEAREST), 0);
    for (size_t i = 0; i < inputs.size(); ++i) {
      uint64_t got = roundToIntegral(inputs[i], FloatFormat::F32, kModes[m]);
      if (std::isnan(expected[i]))
        ASSERT_EQ(got, 0x7fffffffu);
      else
        ASSERT_EQ(got, bitsOf(expected[i])) << std::hex << inputs[i];
    }
    for (uint32_t h = 0; h < 0x10000; ++h) {
      uint64_t got = roundToIntegral(h, FloatFormat::F16, kModes[m]);
      _Float16 host = _Float16(expectedF16[h]); // Exact: an f16 integer.
      if (std::isnan(expectedF16[h]))
        ASSERT_EQ(got, 0x7fffu);
      else
        ASSERT_EQ(got, bitCast<uint16_t>(host)) << std::hex << h;
    }
  }
  // .ftz flushes the input: .rpi of the smallest subnormal is 0, not 1.
  RoundOptions ftz;
  ftz.ftz = true;
  EXPECT_EQ(roundToIntegral(1, FloatFormat::F32, Rounding::Up), 0x3f800000u);
  EXPECT_EQ(roundToIntegral(1, FloatFormat::F32, Rounding::Up, ftz), 0u);
  RoundOptions sat;
  sat.sat = true;
  EXPECT_EQ(roundToIntegral(0x7fc00000, FloatFormat::F32, Rounding::Up, sat),
            0u);
}

} // namespace
