//===- ConvertTest.cpp - setp, selp, cvt, float arithmetic and mov --------===//
//
// PTX ISA 9.7.6 (comparison and selection), 9.7.9.21 (cvt), 9.7.3-9.7.4
// (floating-point and half-precision arithmetic) and 9.7.9.1 (mov). The
// expected values are the host's comparisons and conversions (C++ float,
// double and _Float16 arithmetic) or worked out by hand from the ISA's
// rules, quoted where they matter.
//
//===----------------------------------------------------------------------===//

#include "ScalarKernel.h"

#include <cmath>
#include <limits>

using namespace roller::emu;
using namespace roller::emu::test;

namespace {

/// One instruction on registers of a class: 'h' (b16, %rs), 'r' (b32,
/// %r), 'l' (b64, %rd), 'f' (f32, %f), 'd' (f64, %fd).
struct Case {
  std::string op;
  char dst, src;
  std::vector<uint64_t> in; ///< one value per source operand
  uint64_t expected;
};

const char *loadType(char kind) {
  switch (kind) {
  case 'h':
    return "u16";
  case 'r':
    return "u32";
  case 'l':
    return "u64";
  case 'f':
    return "f32";
  default:
    return "f64";
  }
}
std::string reg(char kind, unsigned n) {
  switch (kind) {
  case 'h':
    return "%rs" + std::to_string(n);
  case 'r':
    return "%r" + std::to_string(n);
  case 'l':
    return "%rd" + std::to_string(n + 2);
  case 'f':
    return "%f" + std::to_string(n);
  default:
    return "%fd" + std::to_string(n);
  }
}
uint64_t widthMask(char kind) {
  return kind == 'h' ? 0xffff : kind == 'r' || kind == 'f' ? 0xffffffff : ~0ull;
}

class ConvertTest : public ScalarTest {
protected:
  /// Runs every case in one kernel and checks its result.
  void runCases(const std::vector<Case> &cases) {
    std::string body;
    std::vector<uint64_t> inputs;
    for (size_t i = 0; i < cases.size(); ++i) {
      const Case &c = cases[i];
      std::string operands;
      for (size_t j = 0; j < c.in.size(); ++j) {
        body += "\tld.global." + std::string(loadType(c.src)) + " \t" +
                reg(c.src, unsigned(j + 1)) + ", [%rd1+" +
                std::to_string(8 * inputs.size()) + "];\n";
        inputs.push_back(c.in[j]);
        operands += ", " + reg(c.src, unsigned(j + 1));
      }
      body += "\t" + c.op + " \t" + reg(c.dst, 10) + operands + ";\n";
      body += "\tst.global." + std::string(loadType(c.dst)) + " \t[%rd0+" +
              std::to_string(8 * i) + "], " + reg(c.dst, 10) + ";\n";
    }
    ASSERT_LE(cases.size(), kSlots);
    std::vector<uint64_t> out = runScalar(body, inputs);
    for (size_t i = 0; i < cases.size(); ++i) {
      uint64_t mask = widthMask(cases[i].dst);
      EXPECT_EQ(out[i] & mask, cases[i].expected & mask)
          << cases[i].op << " of 0x" << std::hex << cases[i].in[0] << " gave 0x"
          << (out[i] & mask) << ", expected 0x" << (cases[i].expected & mask);
    }
  }
};

uint64_t f(float value) { return f32Bits(value); }
uint64_t d(double value) { return f64Bits(value); }
uint64_t h(_Float16 value) { return f16Bits(value); }
const float kNaN = std::numeric_limits<float>::quiet_NaN();

// setp with each comparison (9.7.6.x "setp"): signed and unsigned integers
// against the host's comparisons.
TEST_F(ConvertTest, IntegerComparisons) {
  const int32_t pairs[][2] = {{-1, 1}, {1, -1}, {5, 5}, {INT32_MIN, INT32_MAX}};
  const char *ops[] = {"eq", "ne", "lt", "le", "gt", "ge"};
  for (const auto &pair : pairs) {
    std::string body = "\tld.global.u32 \t%r1, [%rd1];\n"
                       "\tld.global.u32 \t%r2, [%rd1+8];\n";
    unsigned slot = 0;
    auto emit = [&](const std::string &op) {
      body += "\t" + op +
              " \t%p1, %r1, %r2;\n\tselp.u32 \t%r3, 1, 0, %p1;\n"
              "\tst.global.u32 \t[%rd0+" +
              std::to_string(8 * slot++) + "], %r3;\n";
    };
    for (const char *op : ops)
      emit(std::string("setp.") + op + ".s32");
    for (const char *op : ops)
      emit(std::string("setp.") + op + ".u32");
    for (const char *op : {"lo", "ls", "hi", "hs"})
      emit(std::string("setp.") + op + ".u32");
    std::vector<uint64_t> out =
        runScalar(body, {uint32_t(pair[0]), uint32_t(pair[1])});
    int32_t a = pair[0], b = pair[1];
    uint32_t ua = uint32_t(a), ub = uint32_t(b);
    bool expected[] = {a == b,
                       a != b,
                       a<b, a <= b, a>
                           b,
                       a >= b,
                       ua == ub,
                       ua != ub,
                       ua<ub, ua <= ub, ua>
                           ub,
                       ua >= ub,
                       ua<ub, ua <= ub, ua>
                           ub,
                       ua >= ub};
    for (unsigned i = 0; i < slot; ++i)
      EXPECT_EQ(uint32_t(out[i]), uint32_t(expected[i]))
          << "comparison " << i << " of " << a << ", " << b;
  }
}

// Ordered comparisons are false when either operand is NaN, unordered ones
// (equ ... geu) true; num and nan test for NaN; -0 equals +0.
TEST_F(ConvertTest, FloatComparisons) {
  const float inf = std::numeric_limits<float>::infinity();
  const float pairs[][2] = {{1, 2},    {2, 1},        {1, 1},   {kNaN, 1},
                            {1, kNaN}, {-0.0f, 0.0f}, {-inf, 1}};
  const char *ops[] = {"eq",  "ne",  "lt",  "le",  "gt",  "ge",  "equ",
                       "neu", "ltu", "leu", "gtu", "geu", "num", "nan"};
  for (const auto &pair : pairs) {
    std::string body = "\tld.global.f32 \t%f1, [%rd1];\n"
                       "\tld.global.f32 \t%f2, [%rd1+8];\n"
                       "\tld.global.f64 \t%fd1, [%rd1+16];\n"
                       "\tld.global.f64 \t%fd2, [%rd1+24];\n"
                       "\tld.global.u16 \t%rs1, [%rd1+32];\n"
                       "\tld.global.u16 \t%rs2, [%rd1+40];\n";
    unsigned slot = 0;
    for (const char *op : ops)
      for (const char *type : {"f32", "f64", "f16"}) {
        std::string a = type[1] == '3'   ? "%f1"
                        : type[1] == '6' ? "%fd1"
                                         : "%rs1";
        std::string b = type[1] == '3'   ? "%f2"
                        : type[1] == '6' ? "%fd2"
                                         : "%rs2";
        body += std::string("\tsetp.") + op + "." + type + " \t%p1, " + a +
                ", " + b +
                ";\n\tselp.u32 \t%r3, 1, 0, %p1;\n"
                "\tst.global.u8 \t[%rd0+" +
                std::to_string(slot++) + "], %r3;\n";
      }
    std::vector<uint64_t> out =
        runScalar(body, {f(pair[0]), f(pair[1]), d(pair[0]), d(pair[1]),
                         h(_Float16(pair[0])), h(_Float16(pair[1]))});
    const uint8_t *bytes = reinterpret_cast<const uint8_t *>(out.data());
    float a = pair[0], b = pair[1];
    bool u = std::isnan(a) || std::isnan(b);
    bool expected[] = {!u && a == b, !u && a != b,
                       !u && a < b,  !u && a <= b,
                       !u && a > b,  !u && a >= b,
                       u || a == b,  u || a != b,
                       u || a < b,   u || a <= b,
                       u || a > b,   u || a >= b,
                       !u,           u};
    for (unsigned i = 0; i < 14; ++i)
      for (unsigned t = 0; t < 3; ++t)
        EXPECT_EQ(bytes[3 * i + t], uint8_t(expected[i]))
            << "setp." << ops[i] << "."
            << (t == 0   ? "f32"
                : t == 1 ? "f64"
                         : "f16")
            << " " << a << ", " << b;
  }
}

// setp's combining forms: "p = BoolOp(t, c); q = BoolOp(!t, c)", with c
// possibly negated.
TEST_F(ConvertTest, SetpCombinationAndPairs) {
  for (int t = 0; t < 2; ++t)
    for (int c = 0; c < 2; ++c) {
      std::vector<uint64_t> out = runScalar(R"(
	ld.global.u32 	%r1, [%rd1];
	ld.global.u32 	%r2, [%rd1+8];
	setp.ne.u32 	%p3, %r2, 0;
	setp.lt.and.s32 	%p1, %r1, 5, %p3;
	setp.lt.or.s32 	%p2, %r1, 5, %p3;
	setp.lt.xor.s32 	%p4, %r1, 5, %p3;
	setp.lt.and.s32 	%p5, %r1, 5, !%p3;
	setp.lt.s32 	%p6|%p7, %r1, 5;
	setp.lt.or.s32 	%p8|%p9, %r1, 5, %p3;
	selp.u32 	%r10, 1, 0, %p1;
	selp.u32 	%r11, 1, 0, %p2;
	selp.u32 	%r12, 1, 0, %p4;
	selp.u32 	%r13, 1, 0, %p5;
	selp.u32 	%r14, 1, 0, %p6;
	selp.u32 	%r15, 1, 0, %p7;
	selp.u32 	%r16, 1, 0, %p8;
	selp.u32 	%r17, 1, 0, %p9;
	st.global.u8 	[%rd0], %r10;
	st.global.u8 	[%rd0+1], %r11;
	st.global.u8 	[%rd0+2], %r12;
	st.global.u8 	[%rd0+3], %r13;
	st.global.u8 	[%rd0+4], %r14;
	st.global.u8 	[%rd0+5], %r15;
	st.global.u8 	[%rd0+6], %r16;
	st.global.u8 	[%rd0+7], %r17;
)",
                                            {uint64_t(t ? 1 : 9), uint64_t(c)});
      const uint8_t *r = reinterpret_cast<const uint8_t *>(out.data());
      bool T = t, C = c;
      EXPECT_EQ(r[0], T && C) << t << c;
      EXPECT_EQ(r[1], T || C) << t << c;
      EXPECT_EQ(r[2], T != C) << t << c;
      EXPECT_EQ(r[3], T && !C) << t << c;
      EXPECT_EQ(r[4], T) << t << c;
      EXPECT_EQ(r[5], !T) << t << c;
      EXPECT_EQ(r[6], T || C) << t << c;
      EXPECT_EQ(r[7], !T || C) << t << c;
    }
}

TEST_F(ConvertTest, Select) {
  std::vector<uint64_t> out = runScalar(R"(
	setp.eq.u32 	%p1, 1, 1;
	setp.eq.u32 	%p2, 1, 0;
	selp.b32 	%r1, 11, 22, %p1;
	selp.b32 	%r2, 11, 22, %p2;
	mov.u64 	%rd2, 0x1122334455667788;
	selp.b64 	%rd3, %rd2, 7, %p1;
	selp.b16 	%rs1, 0x1234, 0x5678, !%p1;
	selp.f32 	%f1, 0f3F800000, 0f40000000, %p2;
	st.global.u32 	[%rd0], %r1;
	st.global.u32 	[%rd0+8], %r2;
	st.global.u64 	[%rd0+16], %rd3;
	st.global.u16 	[%rd0+24], %rs1;
	st.global.f32 	[%rd0+32], %f1;
)");
  EXPECT_EQ(uint32_t(out[0]), 11u);
  EXPECT_EQ(uint32_t(out[1]), 22u);
  EXPECT_EQ(out[2], 0x1122334455667788ull);
  EXPECT_EQ(uint16_t(out[3]), 0x5678u);
  EXPECT_EQ(f32Value(out[4]), 2.0f);
}

// cvt between integers (9.7.9.21): narrowing truncates unless .sat clamps
// to the destination's range; widening sign-extends signed sources; a
// result narrower than its register is sign- or zero-extended to it.
TEST_F(ConvertTest, IntegerConversions) {
  runCases({
      {"cvt.u32.u16", 'r', 'h', {0x8001}, 0x8001},
      {"cvt.s32.s16", 'r', 'h', {0x8001}, 0xffff8001},
      {"cvt.s32.s8", 'r', 'r', {0x1280}, 0xffffff80},
      {"cvt.u32.u8", 'r', 'r', {0x1280}, 0x80},
      {"cvt.u16.u32", 'h', 'r', {0x12345}, 0x2345},
      {"cvt.s64.s32", 'l', 'r', {0xfffffffb}, 0xfffffffffffffffbull},
      {"cvt.u64.u32", 'l', 'r', {0xffffffff}, 0xffffffffull},
      {"cvt.u32.u64", 'r', 'l', {0x1234567890ull}, 0x34567890},
      {"cvt.s16.s8", 'h', 'h', {0x0080}, 0xff80},
      {"cvt.sat.s8.s32", 'h', 'r', {300}, 0x007f},
      {"cvt.sat.s8.s32", 'h', 'r', {uint32_t(-300)}, 0xff80},
      {"cvt.sat.u8.s32", 'h', 'r', {uint32_t(-5)}, 0},
      {"cvt.sat.u16.u32", 'h', 'r', {70000}, 0xffff},
      {"cvt.sat.s32.u32", 'r', 'r', {0xffffffff}, 0x7fffffff},
      {"cvt.sat.u32.s32", 'r', 'r', {0xffffffff}, 0},
      {"cvt.sat.s32.s64",
       'r',
       'l',
       {uint64_t(-(int64_t(1) << 40))},
       0x80000000},
      {"cvt.sat.u32.s64", 'r', 'l', {uint64_t(1) << 40}, 0xffffffff},
  });
}

// Float to integer: .rni/.rzi/.rmi/.rpi round to an integral value, the
// result saturates to the destination's range, NaN gives 0.
TEST_F(ConvertTest, FloatToInteger) {
  runCases({
      {"cvt.rni.s32.f32", 'r', 'f', {f(2.5f)}, 2},
      {"cvt.rni.s32.f32", 'r', 'f', {f(3.5f)}, 4},
      {"cvt.rni.s32.f32", 'r', 'f', {f(-2.5f)}, uint32_t(-2)},
      {"cvt.rzi.s32.f32", 'r', 'f', {f(-2.7f)}, uint32_t(-2)},
      {"cvt.rmi.s32.f32", 'r', 'f', {f(-2.2f)}, uint32_t(-3)},
      {"cvt.rpi.s32.f32", 'r', 'f', {f(2.2f)}, 3},
      {"cvt.rzi.s32.f32", 'r', 'f', {f(3e9f)}, 0x7fffffff},
      {"cvt.rzi.s32.f32", 'r', 'f', {f(-3e9f)}, 0x80000000},
      {"cvt.rzi.s32.f32", 'r', 'f', {f(kNaN)}, 0},
      {"cvt.rzi.u32.f32", 'r', 'f', {f(-1.5f)}, 0},
      {"cvt.rni.u32.f32", 'r', 'f', {f(4294967040.0f)}, 4294967040u},
      {"cvt.rni.u8.f32", 'h', 'f', {f(300.0f)}, 0x00ff},
      {"cvt.rni.s8.f32", 'h', 'f', {f(-300.0f)}, 0xff80},
      {"cvt.rni.s64.f64", 'l', 'd', {d(-2.5)}, uint64_t(-2)},
      {"cvt.rzi.u64.f64", 'l', 'd', {d(1e19)}, 10000000000000000000ull},
      {"cvt.rzi.s32.f16", 'r', 'h', {h(_Float16(-7.75f))}, uint32_t(-7)},
  });
}

// Integer to float: rounded with the given mode.
TEST_F(ConvertTest, IntegerToFloat) {
  runCases({
      {"cvt.rn.f32.s32", 'f', 'r', {16777217}, f(16777216.0f)},
      {"cvt.rz.f32.u32", 'f', 'r', {0xffffffff}, 0x4f7fffff},
      {"cvt.rn.f32.u32", 'f', 'r', {0xffffffff}, f(4294967296.0f)},
      {"cvt.rp.f32.s32", 'f', 'r', {16777217}, f(16777218.0f)},
      {"cvt.rm.f32.s32", 'f', 'r', {uint32_t(-16777217)}, f(-16777218.0f)},
      {"cvt.rn.f32.u64", 'f', 'l', {~0ull}, f(18446744073709551616.0f)},
      {"cvt.rn.f64.s64", 'd', 'l', {uint64_t(-3)}, d(-3.0)},
      {"cvt.rn.f16.s32", 'h', 'r', {2049}, 0x6800}, // tie: to even, 2048
      {"cvt.rn.f16.u32", 'h', 'r', {2051}, 0x6802}, // tie: to even, 2052
  });
}

// Float to float: narrowing conversions round with the mode (.rn ties to
// even; overflow gives infinity with .rn and the largest finite value with
// .rz); widening is exact.
TEST_F(ConvertTest, FloatToFloat) {
  const float oneUlp11 = std::ldexp(1.0f, -11),
              oneUlp20 = std::ldexp(1.0f, -20);
  runCases({
      {"cvt.rn.f16.f32", 'h', 'f', {f(1.0f)}, 0x3c00},
      {"cvt.rn.f16.f32", 'h', 'f', {f(65520.0f)}, 0x7c00},
      {"cvt.rz.f16.f32", 'h', 'f', {f(65520.0f)}, 0x7bff},
      {"cvt.rn.f16.f32", 'h', 'f', {f(1.0f + oneUlp11)}, 0x3c00},
      {"cvt.rn.f16.f32", 'h', 'f', {f(1.0f + 3 * oneUlp11)}, 0x3c02},
      {"cvt.rz.f16.f32", 'h', 'f', {f(1.0f + oneUlp11 + oneUlp20)}, 0x3c00},
      {"cvt.rn.f16.f32", 'h', 'f', {f(1.0f + oneUlp11 + oneUlp20)}, 0x3c01},
      {"cvt.rn.f16.f32", 'h', 'f', {f(std::ldexp(1.0f, -25))}, 0x0000},
      {"cvt.rn.f16.f32", 'h', 'f', {f(std::ldexp(1.5f, -25))}, 0x0001},
      {"cvt.rn.bf16.f32", 'h', 'f', {0x3f808000}, 0x3f80},
      {"cvt.rn.bf16.f32", 'h', 'f', {0x3f818000}, 0x3f82},
      {"cvt.rz.bf16.f32", 'h', 'f', {0x3f80ffff}, 0x3f80},
      {"cvt.rn.bf16.f32", 'h', 'f', {0x3f80ffff}, 0x3f81},
      {"cvt.f32.f16", 'f', 'h', {0x3555}, f(float(f16Value(0x3555)))},
      {"cvt.f32.f16", 'f', 'h', {0x7c00}, 0x7f800000},
      {"cvt.f32.f16", 'f', 'h', {0x0001}, f(std::ldexp(1.0f, -24))},
      {"cvt.f32.f16", 'f', 'h', {0x8000}, 0x80000000},
      {"cvt.f32.bf16", 'f', 'h', {0x3f80}, 0x3f800000},
      {"cvt.f32.bf16", 'f', 'h', {0xc049}, 0xc0490000},
      {"cvt.rn.f32.f64", 'f', 'd', {d(0.1)}, f(0.1f)},
      {"cvt.rz.f32.f64", 'f', 'd', {d(0.1)}, f(0.1f) - 1},
      {"cvt.f64.f32", 'd', 'f', {f(0.1f)}, d(double(0.1f))},
      {"cvt.rni.f32.f32", 'f', 'f', {f(2.5f)}, f(2.0f)},
      {"cvt.rmi.f32.f32", 'f', 'f', {f(-0.5f)}, f(-1.0f)},
      {"cvt.rpi.f32.f32", 'f', 'f', {f(-0.5f)}, f(-0.0f)},
      {"cvt.rzi.f32.f32", 'f', 'f', {f(-1.7f)}, f(-1.0f)},
      // The packing forms (9.7.9.21): "d = { cvt(a), cvt(b) }", a in the
      // upper half.
      {"cvt.rn.f16x2.f32", 'r', 'f', {f(1.0f), f(2.0f)}, 0x3c004000},
      {"cvt.rn.bf16x2.f32", 'r', 'f', {f(1.0f), f(-2.0f)}, 0x3f80c000},
      {"cvt.rn.relu.f16x2.f32", 'r', 'f', {f(-1.0f), f(3.0f)}, 0x00004200},
  });
}

uint32_t pack(uint16_t lo, uint16_t hi) { return uint32_t(hi) << 16 | lo; }

TEST_F(ConvertTest, FloatArithmetic) {
  // fma rounds once: with a = b = 1 + 2^-12, a * b = 1 + 2^-11 + 2^-24 is a
  // tie in f32 and rounds to 1 + 2^-11, so mul then add gives 2^-11 where
  // fma gives 2^-11 + 2^-24.
  const float a = 1.0f + std::ldexp(1.0f, -12);
  volatile float va = a;
  const float product = va * va;
  const float ulp = std::ldexp(1.0f, -23);
  runCases({
      {"fma.rn.f32",
       'f',
       'f',
       {f(a), f(a), f(-1.0f)},
       f(std::fmaf(a, a, -1.0f))},
      {"fma.rn.f32",
       'f',
       'f',
       {f(a), f(a), f(-1.0f)},
       f(std::ldexp(1.0f, -11) + std::ldexp(1.0f, -24))},
      {"mul.rn.f32", 'f', 'f', {f(a), f(a)}, f(product)},
      {"add.rn.f32",
       'f',
       'f',
       {f(product), f(-1.0f)},
       f(std::ldexp(1.0f, -11))},
      // 1 + 1.5 ulp in each rounding mode.
      {"add.rn.f32", 'f', 'f', {f(1.0f), f(1.5f * ulp)}, 0x3f800002},
      {"add.rz.f32", 'f', 'f', {f(1.0f), f(1.5f * ulp)}, 0x3f800001},
      {"add.rm.f32", 'f', 'f', {f(1.0f), f(1.5f * ulp)}, 0x3f800001},
      {"add.rp.f32", 'f', 'f', {f(1.0f), f(1.5f * ulp)}, 0x3f800002},
      {"div.rn.f32", 'f', 'f', {f(1.0f), f(3.0f)}, 0x3eaaaaab},
      {"div.rz.f32", 'f', 'f', {f(1.0f), f(3.0f)}, 0x3eaaaaaa},
      {"sqrt.rn.f32", 'f', 'f', {f(2.0f)}, 0x3fb504f3},
      {"rcp.rn.f32", 'f', 'f', {f(3.0f)}, 0x3eaaaaab},
      {"mul.rn.sat.f32", 'f', 'f', {f(3.0f), f(0.5f)}, f(1.0f)},
      {"add.rn.ftz.f32", 'f', 'f', {f(std::ldexp(1.0f, -149)), f(0.0f)}, 0},
      {"add.rn.f32", 'f', 'f', {f(std::ldexp(1.0f, -149)), f(0.0f)}, 1},
      {"neg.f32", 'f', 'f', {f(1.0f)}, 0xbf800000},
      {"abs.f32", 'f', 'f', {f(-2.0f)}, f(2.0f)},
      {"fma.rn.f64",
       'd',
       'd',
       {d(0.1), d(10.0), d(-1.0)},
       d(std::fma(0.1, 10.0, -1.0))},
      // min/max (9.7.3.x): one NaN operand gives the other; .NaN gives the
      // canonical NaN; -0 < +0.
      {"min.f32", 'f', 'f', {f(kNaN), f(1.0f)}, f(1.0f)},
      {"min.NaN.f32", 'f', 'f', {f(kNaN), f(1.0f)}, 0x7fffffff},
      {"max.NaN.f32", 'f', 'f', {f(1.0f), f(kNaN)}, 0x7fffffff},
      {"min.f32", 'f', 'f', {f(kNaN), f(kNaN)}, 0x7fffffff},
      {"max.f32", 'f', 'f', {f(-0.0f), f(0.0f)}, 0x00000000},
      {"min.f32", 'f', 'f', {f(0.0f), f(-0.0f)}, 0x80000000},
      {"min.f16", 'h', 'h', {0x7e00, 0x3c00}, 0x3c00},
      {"min.NaN.f16", 'h', 'h', {0x7e00, 0x3c00}, 0x7fff},
      {"max.f16x2",
       'r',
       'r',
       {pack(0x3c00, 0xc000), pack(0x4000, 0x7e00)},
       pack(0x4000, 0xc000)},
  });
}

// Packed half arithmetic (9.7.4.x): each half computed and rounded on its
// own, the low half from the low halves.
TEST_F(ConvertTest, PackedHalfArithmetic) {
  runCases({
      {"add.rn.f16x2",
       'r',
       'r',
       {pack(0x3c00, 0x4000), pack(0x3800, 0x3400)},
       pack(0x3e00, 0x4080)},
      {"mul.rn.f16x2",
       'r',
       'r',
       {pack(0x3c00, 0x4000), pack(0x3800, 0x3400)},
       pack(0x3800, 0x3800)},
      // lo: 1.5 * 2 + 0.25 = 3.25; hi: -2 * 3 + 1 = -5.
      {"fma.rn.f16x2",
       'r',
       'r',
       {pack(0x3e00, 0xc000), pack(0x4000, 0x4200), pack(0x3400, 0x3c00)},
       pack(0x4280, 0xc500)},
      // lo: 2048 + 1 and hi: 1 + 2^-11 are ties, to even.
      {"add.rn.f16x2",
       'r',
       'r',
       {pack(0x6800, 0x3c00), pack(0x3c00, 0x1000)},
       pack(0x6800, 0x3c00)},
      {"sub.rn.f16x2",
       'r',
       'r',
       {pack(0x3c00, 0x3c00), pack(0x4000, 0xbc00)},
       pack(0xbc00, 0x4000)},
      // bf16: lo 1.5 * 2 + 0.25 = 3.25, hi 2 * -0.5 + 0 = -1.
      {"fma.rn.bf16x2",
       'r',
       'r',
       {pack(0x3fc0, 0x4000), pack(0x4000, 0xbf00), pack(0x3e80, 0x0000)},
       pack(0x4050, 0xbf80)},
      {"add.rn.bf16x2",
       'r',
       'r',
       {pack(0x3f80, 0x4000), pack(0x3f80, 0x3f80)},
       pack(0x4000, 0x4040)},
      {"fma.rn.f16", 'h', 'h', {0x3e00, 0x4000, 0x3400}, 0x4280},
      {"neg.f16x2", 'r', 'r', {pack(0x3c00, 0xc000)}, pack(0xbc00, 0x4000)},
  });
  // The same against the host's _Float16 arithmetic, which rounds to
  // nearest even.
  const float values[] = {0.1f, 3.0f, -7.25f, 1000.5f, 0.0078125f, 65000.0f};
  std::vector<Case> cases;
  for (float x : values)
    for (float y : values) {
      _Float16 p = _Float16(x), q = _Float16(y);
      cases.push_back({"mul.rn.f16x2",
                       'r',
                       'r',
                       {pack(h(p), h(q)), pack(h(q), h(p))},
                       pack(h(p * q), h(q * p))});
    }
  runCases(cases);
}

// 16-bit arithmetic and predicate logic, as LLVM writes index arithmetic
// (mul.lo.s16, mul.hi.u16, shr.u16 ...) and combined conditions.
TEST_F(ConvertTest, SixteenBitAndPredicateLogic) {
  std::vector<uint64_t> out = runScalar(R"(
	mov.u16 	%rs1, 300;
	mul.lo.s16 	%rs2, %rs1, %rs1;
	mul.lo.s16 	%rs3, -3, 5;
	mul.hi.u16 	%rs4, 0xfff0, 0x0100;
	mul.hi.s16 	%rs5, 0xfff0, 0x0100;
	and.b16 	%rs6, 0x0ff0, 0x3c3c;
	shl.b16 	%rs7, 0x00ff, 12;
	cvt.u32.u16 	%r1, %rs7;
	setp.gt.u16 	%p1, 0x8000, 1;
	setp.lt.s16 	%p2, 0x8000, 1;
	mov.pred 	%p3, 0;
	not.pred 	%p4, %p3;
	and.pred 	%p5, %p1, %p3;
	or.pred 	%p6, %p1, %p3;
	xor.pred 	%p7, %p1, %p4;
	st.global.u16 	[%rd0], %rs2;
	st.global.u16 	[%rd0+8], %rs3;
	st.global.u16 	[%rd0+16], %rs4;
	st.global.u16 	[%rd0+24], %rs5;
	st.global.u16 	[%rd0+32], %rs6;
	st.global.u32 	[%rd0+40], %r1;
	selp.u32 	%r2, 1, 0, %p1;
	selp.u32 	%r3, 1, 0, %p2;
	selp.u32 	%r4, 1, 0, %p4;
	selp.u32 	%r5, 1, 0, %p5;
	selp.u32 	%r6, 1, 0, %p6;
	selp.u32 	%r7, 1, 0, %p7;
	st.global.v4.u32 	[%rd0+48], {%r2, %r3, %r4, %r5};
	st.global.v2.u32 	[%rd0+64], {%r6, %r7};
)");
  EXPECT_EQ(uint16_t(out[0]), uint16_t(90000));
  EXPECT_EQ(uint16_t(out[1]), uint16_t(-15));
  EXPECT_EQ(uint16_t(out[2]), 0x00ffu); // 0xfff0 * 0x100 = 0xfff000
  EXPECT_EQ(uint16_t(out[3]), 0xffffu); // -16 * 256 = -4096: high half -1
  EXPECT_EQ(uint16_t(out[4]), 0x0c30u);
  EXPECT_EQ(uint32_t(out[5]), 0xf000u);
  const uint32_t *flags = reinterpret_cast<const uint32_t *>(&out[6]);
  EXPECT_EQ(flags[0], 1u); // 0x8000 > 1 unsigned
  EXPECT_EQ(flags[1], 1u); // -32768 < 1 signed
  EXPECT_EQ(flags[2], 1u);
  EXPECT_EQ(flags[3], 0u);
  EXPECT_EQ(flags[4], 1u);
  EXPECT_EQ(flags[5], 0u);
}

// mov packs and unpacks vectors, element 0 in the low bits (9.7.9.1).
TEST_F(ConvertTest, MovPacking) {
  std::vector<uint64_t> out = runScalar(R"(
	mov.u16 	%rs1, 0x1111;
	mov.u16 	%rs2, 0x2222;
	mov.b32 	%r1, {%rs1, %rs2};
	mov.u64 	%rd2, 0x8877665544332211;
	mov.b64 	{%r2, %r3}, %rd2;
	mov.b64 	%rd3, {%r3, %r2};
	mov.b32 	{%rs3, %rs4}, %r1;
	mov.b64 	{%rs5, %rs6, %rs7, %rs8}, %rd2;
	mov.b32 	%f1, 0f3F800000;
	mov.b32 	%r4, %f1;
	st.global.u32 	[%rd0], %r1;
	st.global.u32 	[%rd0+8], %r2;
	st.global.u32 	[%rd0+16], %r3;
	st.global.u64 	[%rd0+24], %rd3;
	st.global.u16 	[%rd0+32], %rs3;
	st.global.u16 	[%rd0+40], %rs4;
	st.global.u16 	[%rd0+48], %rs5;
	st.global.u16 	[%rd0+56], %rs8;
	st.global.u32 	[%rd0+64], %r4;
)");
  EXPECT_EQ(uint32_t(out[0]), 0x22221111u);
  EXPECT_EQ(uint32_t(out[1]), 0x44332211u);
  EXPECT_EQ(uint32_t(out[2]), 0x88776655u);
  EXPECT_EQ(out[3], 0x4433221188776655ull);
  EXPECT_EQ(uint16_t(out[4]), 0x1111u);
  EXPECT_EQ(uint16_t(out[5]), 0x2222u);
  EXPECT_EQ(uint16_t(out[6]), 0x2211u);
  EXPECT_EQ(uint16_t(out[7]), 0x8877u);
  EXPECT_EQ(uint32_t(out[8]), 0x3f800000u);
}

} // namespace
