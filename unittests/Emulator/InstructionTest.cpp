//===- InstructionTest.cpp - Integer instructions against the PTX ISA -----===//
//
// Integer arithmetic, logic and bit manipulation (PTX ISA 9.7.1 "Integer
// Arithmetic Instructions" and 9.7.8 "Logic and Shift Instructions"), each
// run in one thread of a hand-written kernel. Expected values are worked
// out by hand from the ISA's semantics (the pseudo-code quoted in the
// comments) or computed with plain C++ integer arithmetic.
//
//===----------------------------------------------------------------------===//

#include "ScalarKernel.h"

using namespace roller::emu;
using namespace roller::emu::test;

namespace {

using IntegerTest = ScalarTest;

// add.cc/addc/sub.cc/subc (9.7.1.x "Extended-Precision Integer Arithmetic"):
// multi-word arithmetic through the carry flag.
TEST_F(IntegerTest, CarryChains) {
  std::vector<uint64_t> out = runScalar(R"(
	// 0x00000001ffffffff + 0x0000000200000001 = 0x0000000400000000
	mov.u32 	%r1, -1;
	mov.u32 	%r2, 1;
	add.cc.u32 	%r3, %r1, 1;
	addc.u32 	%r4, %r2, 2;
	st.global.u32 	[%rd0], %r3;
	st.global.u32 	[%rd0+8], %r4;
	// 96-bit: 0xffffffff_ffffffff_ffffffff + 1, carry out of the top word
	add.cc.u32 	%r5, %r1, 1;
	addc.cc.u32 	%r6, %r1, 0;
	addc.cc.u32 	%r7, %r1, 0;
	addc.u32 	%r8, 0, 0;
	st.global.u32 	[%rd0+16], %r5;
	st.global.u32 	[%rd0+24], %r6;
	st.global.u32 	[%rd0+32], %r7;
	st.global.u32 	[%rd0+40], %r8;
	// 0x0000000500000000 - 0x0000000100000001 = 0x00000003ffffffff
	mov.u32 	%r9, 0;
	sub.cc.u32 	%r10, %r9, 1;
	subc.u32 	%r11, 5, 1;
	st.global.u32 	[%rd0+48], %r10;
	st.global.u32 	[%rd0+56], %r11;
	// No borrow: 0x0000000700000009 - 0x0000000200000003 = 0x0000000500000006
	sub.cc.u32 	%r12, 9, 3;
	subc.u32 	%r13, 7, 2;
	st.global.u32 	[%rd0+64], %r12;
	st.global.u32 	[%rd0+72], %r13;
	// 128-bit subtraction in 64-bit words: 2^64 - 1 = 0xffffffffffffffff
	mov.u64 	%rd2, 0;
	sub.cc.u64 	%rd3, %rd2, 1;
	subc.u64 	%rd4, 1, 0;
	st.global.u64 	[%rd0+80], %rd3;
	st.global.u64 	[%rd0+88], %rd4;
)");
  EXPECT_EQ(uint32_t(out[0]), 0u);
  EXPECT_EQ(uint32_t(out[1]), 4u);
  EXPECT_EQ(uint32_t(out[2]), 0u);
  EXPECT_EQ(uint32_t(out[3]), 0u);
  EXPECT_EQ(uint32_t(out[4]), 0u);
  EXPECT_EQ(uint32_t(out[5]), 1u);
  EXPECT_EQ(uint32_t(out[6]), 0xffffffffu);
  EXPECT_EQ(uint32_t(out[7]), 3u);
  EXPECT_EQ(uint32_t(out[8]), 6u);
  EXPECT_EQ(uint32_t(out[9]), 5u);
  EXPECT_EQ(out[10], ~uint64_t(0));
  EXPECT_EQ(out[11], 0u);
  // The stores were 32-bit: the upper halves of the slots are untouched.
  EXPECT_EQ(out[0] >> 32, kSentinel >> 32);
}

TEST_F(IntegerTest, AddSubAtEachWidth) {
  std::vector<uint64_t> out = runScalar(R"(
	mov.u16 	%rs1, 0xffff;
	add.u16 	%rs2, %rs1, 2;
	st.global.u16 	[%rd0], %rs2;
	add.sat.s32 	%r1, 0x7fffffff, 1;
	st.global.u32 	[%rd0+8], %r1;
	add.sat.s32 	%r2, -2147483648, -1;
	st.global.u32 	[%rd0+16], %r2;
	sub.sat.s32 	%r3, -2147483648, 1;
	st.global.u32 	[%rd0+24], %r3;
	add.s32 	%r4, 0x7fffffff, 1;
	st.global.u32 	[%rd0+32], %r4;
	mov.u64 	%rd2, 0x7fffffffffffffff;
	add.s64 	%rd3, %rd2, 2;
	st.global.u64 	[%rd0+40], %rd3;
	sub.s16 	%rs3, 3, 5;
	st.global.u16 	[%rd0+48], %rs3;
	neg.s32 	%r5, 7;
	st.global.u32 	[%rd0+56], %r5;
	abs.s16 	%rs4, -300;
	st.global.u16 	[%rd0+64], %rs4;
	min.s32 	%r6, -5, 3;
	max.u32 	%r7, -5, 3;
	min.u16 	%rs5, 0x8000, 7;
	max.s16 	%rs6, 0x8000, 7;
	st.global.u32 	[%rd0+72], %r6;
	st.global.u32 	[%rd0+80], %r7;
	st.global.u16 	[%rd0+88], %rs5;
	st.global.u16 	[%rd0+96], %rs6;
)");
  EXPECT_EQ(uint16_t(out[0]), 1u);
  EXPECT_EQ(uint32_t(out[1]), 0x7fffffffu);
  EXPECT_EQ(uint32_t(out[2]), 0x80000000u);
  EXPECT_EQ(uint32_t(out[3]), 0x80000000u);
  EXPECT_EQ(uint32_t(out[4]), 0x80000000u);
  EXPECT_EQ(out[5], 0x8000000000000001ull);
  EXPECT_EQ(uint16_t(out[6]), 0xfffeu);
  EXPECT_EQ(uint32_t(out[7]), uint32_t(-7));
  EXPECT_EQ(uint16_t(out[8]), 300u);
  EXPECT_EQ(uint32_t(out[9]), uint32_t(-5));
  EXPECT_EQ(uint32_t(out[10]), uint32_t(-5));
  EXPECT_EQ(uint16_t(out[11]), 7u);
  EXPECT_EQ(uint16_t(out[12]), 7u);
}

// add, sub, min, max on .u16x2/.s16x2 (9.7.1.1-2, 9.7.1.10-11, sm_90):
// each 16-bit half on its own, wrapping (LLVM packs two i16 induction
// variables into one add.s16x2).
TEST_F(IntegerTest, PackedSixteenBitPairs) {
  std::vector<uint64_t> out = runScalar(R"(
	mov.b32 	%r1, 0xffff0003;
	mov.b32 	%r2, 0x00020005;
	add.s16x2 	%r3, %r1, %r2;
	sub.u16x2 	%r4, %r1, %r2;
	min.s16x2 	%r5, %r1, %r2;
	min.u16x2 	%r6, %r1, %r2;
	max.s16x2 	%r7, %r1, %r2;
	st.global.u32 	[%rd0], %r3;
	st.global.u32 	[%rd0+8], %r4;
	st.global.u32 	[%rd0+16], %r5;
	st.global.u32 	[%rd0+24], %r6;
	st.global.u32 	[%rd0+32], %r7;
)");
  // High halves 0xffff (-1) and 2, low halves 3 and 5.
  EXPECT_EQ(uint32_t(out[0]), 0x00010008u); // -1 + 2 = 1, 3 + 5 = 8
  EXPECT_EQ(uint32_t(out[1]), 0xfffdfffeu); // 0xffff - 2, 3 - 5 wraps
  EXPECT_EQ(uint32_t(out[2]), 0xffff0003u); // signed: -1 < 2, 3 < 5
  EXPECT_EQ(uint32_t(out[3]), 0x00020003u); // unsigned: 2 < 0xffff
  EXPECT_EQ(uint32_t(out[4]), 0x00020005u);
}

TEST_F(IntegerTest, Multiplication) {
  const uint32_t a = 0x9abcdef1u, b = 0x12345679u;
  const int32_t s = -123456789, t = 98765;
  const uint64_t c = 0x1122334455667788ull;
  const uint64_t x = 0xfedcba9876543210ull, y = 0x0123456789abcdefull;
  std::vector<uint64_t> out =
      runScalar(R"(
	ld.global.u32 	%r1, [%rd1];
	ld.global.u32 	%r2, [%rd1+8];
	ld.global.u32 	%r3, [%rd1+16];
	ld.global.u32 	%r4, [%rd1+24];
	ld.global.u64 	%rd2, [%rd1+32];
	ld.global.u64 	%rd3, [%rd1+40];
	ld.global.u64 	%rd4, [%rd1+48];
	mul.lo.u32 	%r5, %r1, %r2;
	mul.hi.u32 	%r6, %r1, %r2;
	mul.hi.s32 	%r7, %r3, %r4;
	mul.wide.u32 	%rd5, %r1, %r2;
	mul.wide.s32 	%rd6, %r3, %r4;
	mad.wide.u32 	%rd7, %r1, %r2, %rd2;
	mad.lo.s32 	%r8, %r3, %r4, 1000;
	mul.hi.u64 	%rd8, %rd3, %rd4;
	mul.hi.s64 	%rd9, %rd3, %rd4;
	mul.lo.u64 	%rd10, %rd3, %rd4;
	st.global.u32 	[%rd0], %r5;
	st.global.u32 	[%rd0+8], %r6;
	st.global.u32 	[%rd0+16], %r7;
	st.global.u64 	[%rd0+24], %rd5;
	st.global.u64 	[%rd0+32], %rd6;
	st.global.u64 	[%rd0+40], %rd7;
	st.global.u32 	[%rd0+48], %r8;
	st.global.u64 	[%rd0+56], %rd8;
	st.global.u64 	[%rd0+64], %rd9;
	st.global.u64 	[%rd0+72], %rd10;
	// 16-bit forms: wide products into 32-bit registers.
	mov.u16 	%rs1, 0xffff;
	mul.wide.u16 	%r9, %rs1, %rs1;
	mul.wide.s16 	%r10, %rs1, 3;
	mul.hi.u16 	%rs2, %rs1, 0x1234;
	st.global.u32 	[%rd0+80], %r9;
	st.global.u32 	[%rd0+88], %r10;
	st.global.u16 	[%rd0+96], %rs2;
	// mul24 (9.7.1.x): the low 24 bits of each operand; .hi gives bits
	// 47..16 of the 48-bit product.
	mul24.lo.u32 	%r11, 0x01000003, 5;
	mul24.hi.u32 	%r12, 0x00ffffff, 0x00ffffff;
	st.global.u32 	[%rd0+104], %r11;
	st.global.u32 	[%rd0+112], %r12;
	// mad.hi.sat.s32: "saturation applies only to .s32 type in .hi mode";
	// hi(0x7fffffff^2) = 0x3fffffff, + 0x7fffffff overflows.
	mad.hi.sat.s32 	%r13, 0x7fffffff, 0x7fffffff, 0x7fffffff;
	mad.hi.s32 	%r14, 0x7fffffff, 0x7fffffff, 0x7fffffff;
	mad.hi.sat.s32 	%r15, -2, 0x40000000, -2147483648;
	st.global.u32 	[%rd0+120], %r13;
	st.global.u32 	[%rd0+128], %r14;
	st.global.u32 	[%rd0+136], %r15;
)",
                {a, b, uint32_t(s), uint32_t(t), c, x, y});
  EXPECT_EQ(uint32_t(out[0]), uint32_t(a * b));
  EXPECT_EQ(uint32_t(out[1]), uint32_t((uint64_t(a) * b) >> 32));
  EXPECT_EQ(uint32_t(out[2]), uint32_t((int64_t(s) * t) >> 32));
  EXPECT_EQ(out[3], uint64_t(a) * b);
  EXPECT_EQ(out[4], uint64_t(int64_t(s) * t));
  EXPECT_EQ(out[5], uint64_t(a) * b + c);
  EXPECT_EQ(uint32_t(out[6]), uint32_t(s) * uint32_t(t) + 1000u);
  EXPECT_EQ(out[7], uint64_t((unsigned __int128)x * y >> 64));
  EXPECT_EQ(out[8], uint64_t((__int128(int64_t(x)) * int64_t(y)) >> 64));
  EXPECT_EQ(out[9], x * y);
  EXPECT_EQ(uint32_t(out[10]), 0xfffe0001u);
  EXPECT_EQ(uint32_t(out[11]), uint32_t(-3));
  EXPECT_EQ(uint16_t(out[12]), uint16_t((0xffffu * 0x1234u) >> 16));
  EXPECT_EQ(uint32_t(out[13]), 15u);
  EXPECT_EQ(uint32_t(out[14]), uint32_t((0xffffffull * 0xffffffull) >> 16));
  EXPECT_EQ(uint32_t(out[15]), 0x7fffffffu);
  EXPECT_EQ(uint32_t(out[16]), 0xbffffffeu);
  // hi(-2 * 2^30) = -1, + INT_MIN saturates at INT_MIN.
  EXPECT_EQ(uint32_t(out[17]), 0x80000000u);
}

// The ISA's own example of madc (9.7.1.x "madc"): a 64 x 64 -> 128-bit
// product in 32-bit words, carries flowing through mad.lo.cc, madc.hi and
// madc.hi.cc: "d = t<63..32> + c + CC.CF; if .cc specified, carry-out from
// addition is written to CC.CF".
TEST_F(IntegerTest, ExtendedPrecisionMultiplyFromTheIsa) {
  const uint64_t values[][2] = {{0xffffffffffffffffull, 0xffffffffffffffffull},
                                {0x89abcdef01234567ull, 0xfedcba9876543210ull},
                                {0xffffffff00000001ull, 0x00000001ffffffffull}};
  for (const auto &pair : values) {
    std::vector<uint64_t> out = runScalar(R"(
	ld.global.u32 	%r4, [%rd1];
	ld.global.u32 	%r5, [%rd1+4];
	ld.global.u32 	%r6, [%rd1+8];
	ld.global.u32 	%r7, [%rd1+12];
	mul.lo.u32 	%r0, %r4, %r6;
	mul.hi.u32 	%r1, %r4, %r6;
	mad.lo.cc.u32 	%r1, %r5, %r6, %r1;
	madc.hi.u32 	%r2, %r5, %r6, 0;
	mad.lo.cc.u32 	%r1, %r4, %r7, %r1;
	madc.hi.cc.u32 	%r2, %r4, %r7, %r2;
	addc.u32 	%r3, 0, 0;
	mad.lo.cc.u32 	%r2, %r5, %r7, %r2;
	madc.hi.u32 	%r3, %r5, %r7, %r3;
	st.global.u32 	[%rd0], %r0;
	st.global.u32 	[%rd0+4], %r1;
	st.global.u32 	[%rd0+8], %r2;
	st.global.u32 	[%rd0+12], %r3;
)",
                                          {pair[0], pair[1]});
    unsigned __int128 product = (unsigned __int128)pair[0] * pair[1];
    EXPECT_EQ(out[0], uint64_t(product))
        << std::hex << pair[0] << " " << pair[1];
    EXPECT_EQ(out[1], uint64_t(product >> 64))
        << std::hex << pair[0] << " " << pair[1];
  }
}

TEST_F(IntegerTest, DivisionAndRemainder) {
  std::vector<uint64_t> out = runScalar(R"(
	div.s32 	%r1, -7, 2;
	rem.s32 	%r2, -7, 2;
	div.u32 	%r3, -7, 2;
	rem.u32 	%r4, -7, 2;
	div.s32 	%r5, 7, -2;
	rem.s32 	%r6, 7, -2;
	div.s16 	%rs1, -7, 2;
	rem.u16 	%rs2, 0xfff9, 10;
	mov.u64 	%rd2, -1000000000000;
	div.s64 	%rd3, %rd2, 7;
	rem.s64 	%rd4, %rd2, 7;
	div.u64 	%rd5, %rd2, 7;
	st.global.u32 	[%rd0], %r1;
	st.global.u32 	[%rd0+8], %r2;
	st.global.u32 	[%rd0+16], %r3;
	st.global.u32 	[%rd0+24], %r4;
	st.global.u32 	[%rd0+32], %r5;
	st.global.u32 	[%rd0+40], %r6;
	st.global.u16 	[%rd0+48], %rs1;
	st.global.u16 	[%rd0+56], %rs2;
	st.global.u64 	[%rd0+64], %rd3;
	st.global.u64 	[%rd0+72], %rd4;
	st.global.u64 	[%rd0+80], %rd5;
)");
  // Division truncates toward zero; the remainder takes the dividend's sign.
  EXPECT_EQ(uint32_t(out[0]), uint32_t(-3));
  EXPECT_EQ(uint32_t(out[1]), uint32_t(-1));
  EXPECT_EQ(uint32_t(out[2]), 0xfffffff9u / 2);
  EXPECT_EQ(uint32_t(out[3]), 1u);
  EXPECT_EQ(uint32_t(out[4]), uint32_t(-3));
  EXPECT_EQ(uint32_t(out[5]), 1u);
  EXPECT_EQ(uint16_t(out[6]), uint16_t(-3));
  EXPECT_EQ(uint16_t(out[7]), 0xfff9u % 10);
  EXPECT_EQ(out[8], uint64_t(-1000000000000ll / 7));
  EXPECT_EQ(out[9], uint64_t(-1000000000000ll % 7));
  EXPECT_EQ(out[10], uint64_t(-1000000000000ll) / 7);
}

// shl/shr (9.7.8.x): "Shift amounts greater than the register width N are
// clamped to N"; shr of signed types fills with the sign bit.
TEST_F(IntegerTest, ShiftsBeyondTheWidth) {
  std::vector<uint64_t> out = runScalar(R"(
	shl.b32 	%r1, 1, 31;
	shl.b32 	%r2, 1, 32;
	shl.b32 	%r3, 1, 40;
	shr.u32 	%r4, 0x80000000, 33;
	shr.s32 	%r5, 0x80000000, 40;
	shr.s32 	%r6, 0x40000000, 100;
	mov.u64 	%rd2, 1;
	shl.b64 	%rd3, %rd2, 64;
	shl.b64 	%rd4, %rd2, 63;
	shr.s64 	%rd5, %rd4, 200;
	shl.b16 	%rs1, 0x8001, 1;
	shr.s16 	%rs2, 0x8000, 3;
	shr.u16 	%rs3, 0x8000, 3;
	shr.b32 	%r7, 0x80000000, 4;
	st.global.u32 	[%rd0], %r1;
	st.global.u32 	[%rd0+8], %r2;
	st.global.u32 	[%rd0+16], %r3;
	st.global.u32 	[%rd0+24], %r4;
	st.global.u32 	[%rd0+32], %r5;
	st.global.u32 	[%rd0+40], %r6;
	st.global.u64 	[%rd0+48], %rd3;
	st.global.u64 	[%rd0+56], %rd5;
	st.global.u16 	[%rd0+64], %rs1;
	st.global.u16 	[%rd0+72], %rs2;
	st.global.u16 	[%rd0+80], %rs3;
	st.global.u32 	[%rd0+88], %r7;
)");
  EXPECT_EQ(uint32_t(out[0]), 0x80000000u);
  EXPECT_EQ(uint32_t(out[1]), 0u);
  EXPECT_EQ(uint32_t(out[2]), 0u);
  EXPECT_EQ(uint32_t(out[3]), 0u);
  EXPECT_EQ(uint32_t(out[4]), 0xffffffffu);
  EXPECT_EQ(uint32_t(out[5]), 0u);
  EXPECT_EQ(out[6], 0u);
  EXPECT_EQ(out[7], ~uint64_t(0));
  EXPECT_EQ(uint16_t(out[8]), 0x0002u);
  EXPECT_EQ(uint16_t(out[9]), 0xf000u);
  EXPECT_EQ(uint16_t(out[10]), 0x1000u);
  EXPECT_EQ(uint32_t(out[11]), 0x08000000u); // .b32 shifts are logical
}

// bfe (9.7.1.x "bfe"), ISA pseudo-code:
//   msb = 31 or 63; pos = b & 0xff; len = c & 0xff;
//   sbit = (unsigned || len == 0) ? 0 : a[min(pos + len - 1, msb)];
//   d[i] = (i < len && pos + i <= msb) ? a[pos + i] : sbit.
TEST_F(IntegerTest, BitFieldExtract) {
  std::vector<uint64_t> out = runScalar(R"(
	bfe.u32 	%r1, 0x12345678, 8, 12;
	bfe.s32 	%r2, 0x00008000, 12, 4;
	bfe.s32 	%r3, 0x80000000, 28, 8;
	bfe.u32 	%r4, 0xf0000000, 28, 8;
	bfe.s32 	%r5, 0x80000000, 3, 0;
	bfe.u32 	%r6, 0xffffffff, 40, 4;
	bfe.s32 	%r7, 0x80000000, 40, 4;
	bfe.u32 	%r8, 0x12345678, 0x108, 0x204;
	mov.u64 	%rd2, 0x123456789abcdef0;
	bfe.u64 	%rd3, %rd2, 36, 16;
	bfe.s64 	%rd4, %rd2, 28, 8;
	st.global.u32 	[%rd0], %r1;
	st.global.u32 	[%rd0+8], %r2;
	st.global.u32 	[%rd0+16], %r3;
	st.global.u32 	[%rd0+24], %r4;
	st.global.u32 	[%rd0+32], %r5;
	st.global.u32 	[%rd0+40], %r6;
	st.global.u32 	[%rd0+48], %r7;
	st.global.u32 	[%rd0+56], %r8;
	st.global.u64 	[%rd0+64], %rd3;
	st.global.u64 	[%rd0+72], %rd4;
)");
  EXPECT_EQ(uint32_t(out[0]), 0x456u);
  EXPECT_EQ(uint32_t(out[1]), 0xfffffff8u); // 1000b, sign bit a[15] = 1
  EXPECT_EQ(uint32_t(out[2]), 0xfffffff8u); // bits 28..31, then a[31]
  EXPECT_EQ(uint32_t(out[3]), 0x0000000fu);
  EXPECT_EQ(uint32_t(out[4]), 0u);          // len 0
  EXPECT_EQ(uint32_t(out[5]), 0u);          // pos beyond msb, unsigned
  EXPECT_EQ(uint32_t(out[6]), 0xffffffffu); // sbit = a[min(43, 31)] = 1
  EXPECT_EQ(uint32_t(out[7]), 0x6u);        // pos 8, len 4 (low bytes only)
  EXPECT_EQ(out[8], 0x4567u);
  EXPECT_EQ(out[9], uint64_t(int64_t(int8_t(0x89))));
}

// bfi (9.7.1.x "bfi"): f = b; for (i = 0; i < len && pos + i <= msb; ++i)
// f[pos + i] = a[i].
TEST_F(IntegerTest, BitFieldInsert) {
  std::vector<uint64_t> out = runScalar(R"(
	bfi.b32 	%r1, 0xab, 0x12345678, 8, 8;
	bfi.b32 	%r2, 0xff, 0x12345678, 28, 8;
	bfi.b32 	%r3, 0xff, 0x12345678, 4, 0;
	bfi.b32 	%r4, 0x5, 0x0, 0x101, 0x103;
	mov.u64 	%rd2, 0xffff;
	bfi.b64 	%rd3, %rd2, 0, 40, 16;
	st.global.u32 	[%rd0], %r1;
	st.global.u32 	[%rd0+8], %r2;
	st.global.u32 	[%rd0+16], %r3;
	st.global.u32 	[%rd0+24], %r4;
	st.global.u64 	[%rd0+32], %rd3;
)");
  EXPECT_EQ(uint32_t(out[0]), 0x1234ab78u);
  EXPECT_EQ(uint32_t(out[1]), 0xf2345678u);
  EXPECT_EQ(uint32_t(out[2]), 0x12345678u);
  EXPECT_EQ(uint32_t(out[3]), 0xau); // pos 1, len 3
  EXPECT_EQ(out[4], 0x00ffff0000000000ull);
}

// prmt (9.7.8.x "prmt"): bytes {b, a} = {b7..b4, b3..b0}. The generic form
// takes a 4-bit selector per result byte (bit 3: replicate the byte's
// sign); the modes use "the two lsb's of operand c", as the semantics say:
// ctl[0..3] = (c >> 0) & 0x3, with the ISA's table:
//   f4e  sel n: d.b0..b3 = bytes n, n+1, n+2, n+3
//   b4e  sel 0: d.b3 d.b2 d.b1 d.b0 = 5 6 7 0
//   rc8  sel n: n n n n;  ecl sel 1: 3 2 1 1;  ecr sel 2: 2 2 1 0
//   rc16 sel 1: 3 2 3 2
TEST_F(IntegerTest, Permute) {
  std::vector<uint64_t> out = runScalar(R"(
	mov.u32 	%r1, 0x33221100;
	mov.u32 	%r2, 0x77665544;
	prmt.b32 	%r3, %r1, %r2, 0x3210;
	prmt.b32 	%r4, %r1, %r2, 0x0123;
	prmt.b32 	%r5, %r1, %r2, 0x7654;
	mov.u32 	%r6, 0x000080ff;
	prmt.b32 	%r7, %r6, %r2, 0x44a9;
	prmt.b32.f4e 	%r8, %r1, %r2, 1;
	prmt.b32.f4e 	%r9, %r1, %r2, 5;
	prmt.b32.b4e 	%r10, %r1, %r2, 0;
	prmt.b32.rc8 	%r11, %r1, %r2, 2;
	prmt.b32.ecl 	%r12, %r1, %r2, 1;
	prmt.b32.ecr 	%r13, %r1, %r2, 2;
	prmt.b32.rc16 	%r14, %r1, %r2, 1;
	prmt.b32.b4e 	%r15, %r1, %r2, 6;
	st.global.u32 	[%rd0], %r3;
	st.global.u32 	[%rd0+8], %r4;
	st.global.u32 	[%rd0+16], %r5;
	st.global.u32 	[%rd0+24], %r7;
	st.global.u32 	[%rd0+32], %r8;
	st.global.u32 	[%rd0+40], %r9;
	st.global.u32 	[%rd0+48], %r10;
	st.global.u32 	[%rd0+56], %r11;
	st.global.u32 	[%rd0+64], %r12;
	st.global.u32 	[%rd0+72], %r13;
	st.global.u32 	[%rd0+80], %r14;
	st.global.u32 	[%rd0+88], %r15;
)");
  EXPECT_EQ(uint32_t(out[0]), 0x33221100u);
  EXPECT_EQ(uint32_t(out[1]), 0x00112233u);
  EXPECT_EQ(uint32_t(out[2]), 0x77665544u);
  // Selectors 9 (sign of byte 1 = 0x80), 0xa (sign of byte 2 = 0x00), 4, 4.
  EXPECT_EQ(uint32_t(out[3]), 0x444400ffu);
  EXPECT_EQ(uint32_t(out[4]), 0x44332211u);
  EXPECT_EQ(uint32_t(out[5]), 0x44332211u) << "f4e must use c[1:0] only";
  EXPECT_EQ(uint32_t(out[6]), 0x55667700u);
  EXPECT_EQ(uint32_t(out[7]), 0x22222222u);
  EXPECT_EQ(uint32_t(out[8]), 0x33221111u);
  EXPECT_EQ(uint32_t(out[9]), 0x22221100u);
  EXPECT_EQ(uint32_t(out[10]), 0x33223322u);
  // b4e with c = 6: c[1:0] = 2: d.b3..b0 = 7 0 1 2.
  EXPECT_EQ(uint32_t(out[11]), 0x77001122u) << "b4e must use c[1:0] only";
}

// lop3 (9.7.8.x): immLut is F(0xF0, 0xCC, 0xAA) for the function F of a, b
// and c.
TEST_F(IntegerTest, Lop3AndLogic) {
  const uint32_t a = 0x0ff0f00fu, b = 0x3c3c3c3cu, c = 0x55aa55aau;
  std::vector<uint64_t> out = runScalar(R"(
	ld.global.u32 	%r1, [%rd1];
	ld.global.u32 	%r2, [%rd1+8];
	ld.global.u32 	%r3, [%rd1+16];
	lop3.b32 	%r4, %r1, %r2, %r3, 0xe8;
	lop3.b32 	%r5, %r1, %r2, %r3, 0x96;
	lop3.b32 	%r6, %r1, %r2, %r3, 0x80;
	lop3.b32 	%r7, %r1, %r2, %r3, 0x1;
	and.b32 	%r8, %r1, %r2;
	or.b32 	%r9, %r1, %r2;
	xor.b32 	%r10, %r1, %r2;
	not.b32 	%r11, %r1;
	cnot.b32 	%r12, %r1;
	cnot.b32 	%r13, 0;
	st.global.u32 	[%rd0], %r4;
	st.global.u32 	[%rd0+8], %r5;
	st.global.u32 	[%rd0+16], %r6;
	st.global.u32 	[%rd0+24], %r7;
	st.global.u32 	[%rd0+32], %r8;
	st.global.u32 	[%rd0+40], %r9;
	st.global.u32 	[%rd0+48], %r10;
	st.global.u32 	[%rd0+56], %r11;
	st.global.u32 	[%rd0+64], %r12;
	st.global.u32 	[%rd0+72], %r13;
)",
                                        {a, b, c});
  EXPECT_EQ(uint32_t(out[0]), (a & b) | (a & c) | (b & c));
  EXPECT_EQ(uint32_t(out[1]), a ^ b ^ c);
  EXPECT_EQ(uint32_t(out[2]), a & b & c);
  EXPECT_EQ(uint32_t(out[3]), ~(a | b | c));
  EXPECT_EQ(uint32_t(out[4]), a & b);
  EXPECT_EQ(uint32_t(out[5]), a | b);
  EXPECT_EQ(uint32_t(out[6]), a ^ b);
  EXPECT_EQ(uint32_t(out[7]), ~a);
  EXPECT_EQ(uint32_t(out[8]), 0u);
  EXPECT_EQ(uint32_t(out[9]), 1u);
}

// shf (9.7.8.x "shf"): shf.l gives the upper 32 bits of b:a << n, shf.r the
// lower 32 bits of b:a >> n; .clamp limits n to 32, .wrap takes n mod 32.
TEST_F(IntegerTest, FunnelShift) {
  std::vector<uint64_t> out = runScalar(R"(
	mov.u32 	%r1, 0x89abcdef;
	mov.u32 	%r2, 0x01234567;
	shf.l.wrap.b32 	%r3, %r1, %r2, 8;
	shf.r.wrap.b32 	%r4, %r1, %r2, 8;
	shf.l.clamp.b32 	%r5, %r1, %r2, 40;
	shf.r.clamp.b32 	%r6, %r1, %r2, 40;
	shf.l.wrap.b32 	%r7, %r1, %r2, 40;
	shf.r.wrap.b32 	%r8, %r1, %r2, 0;
	st.global.u32 	[%rd0], %r3;
	st.global.u32 	[%rd0+8], %r4;
	st.global.u32 	[%rd0+16], %r5;
	st.global.u32 	[%rd0+24], %r6;
	st.global.u32 	[%rd0+32], %r7;
	st.global.u32 	[%rd0+40], %r8;
)");
  EXPECT_EQ(uint32_t(out[0]), 0x23456789u);
  EXPECT_EQ(uint32_t(out[1]), 0x6789abcdu);
  EXPECT_EQ(uint32_t(out[2]), 0x89abcdefu);
  EXPECT_EQ(uint32_t(out[3]), 0x01234567u);
  EXPECT_EQ(uint32_t(out[4]), 0x23456789u);
  EXPECT_EQ(uint32_t(out[5]), 0x89abcdefu);
}

// popc, clz, brev, bfind (9.7.1.x): bfind gives the position of the most
// significant bit (for signed types: the most significant non-sign bit),
// 0xffffffff when there is none; .shiftamt gives msb - position.
TEST_F(IntegerTest, BitCounting) {
  std::vector<uint64_t> out = runScalar(R"(
	popc.b32 	%r1, 0xf0f0f0f1;
	mov.u64 	%rd2, -1;
	popc.b64 	%r2, %rd2;
	clz.b32 	%r3, 0x00010000;
	clz.b32 	%r4, 0;
	mov.u64 	%rd3, 1;
	clz.b64 	%r5, %rd3;
	brev.b32 	%r6, 1;
	brev.b32 	%r7, 0x12345678;
	bfind.u32 	%r8, 0x00010000;
	bfind.u32 	%r9, 0;
	bfind.s32 	%r10, 0xfffff000;
	bfind.shiftamt.u32 	%r11, 0x00010000;
	bfind.s64 	%r12, %rd2;
	bfind.s32 	%r13, 0x7fffffff;
	brev.b64 	%rd4, %rd3;
	st.global.u32 	[%rd0], %r1;
	st.global.u32 	[%rd0+8], %r2;
	st.global.u32 	[%rd0+16], %r3;
	st.global.u32 	[%rd0+24], %r4;
	st.global.u32 	[%rd0+32], %r5;
	st.global.u32 	[%rd0+40], %r6;
	st.global.u32 	[%rd0+48], %r7;
	st.global.u32 	[%rd0+56], %r8;
	st.global.u32 	[%rd0+64], %r9;
	st.global.u32 	[%rd0+72], %r10;
	st.global.u32 	[%rd0+80], %r11;
	st.global.u32 	[%rd0+88], %r12;
	st.global.u32 	[%rd0+96], %r13;
	st.global.u64 	[%rd0+104], %rd4;
)");
  EXPECT_EQ(uint32_t(out[0]), 17u);
  EXPECT_EQ(uint32_t(out[1]), 64u);
  EXPECT_EQ(uint32_t(out[2]), 15u);
  EXPECT_EQ(uint32_t(out[3]), 32u);
  EXPECT_EQ(uint32_t(out[4]), 63u);
  EXPECT_EQ(uint32_t(out[5]), 0x80000000u);
  EXPECT_EQ(uint32_t(out[6]), 0x1e6a2c48u); // 0x12345678 reversed
  EXPECT_EQ(uint32_t(out[7]), 16u);
  EXPECT_EQ(uint32_t(out[8]), 0xffffffffu);
  EXPECT_EQ(uint32_t(out[9]), 11u);
  EXPECT_EQ(uint32_t(out[10]), 15u);
  EXPECT_EQ(uint32_t(out[11]), 0xffffffffu);
  EXPECT_EQ(uint32_t(out[12]), 30u);
  EXPECT_EQ(out[13], 0x8000000000000000ull);
}

} // namespace
