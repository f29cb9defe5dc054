//===- DeadBytesTest.cpp - Loaded bytes no instruction uses ---------------===//
//
// LLVM widens loads over bytes the kernel never uses (the padding of a
// shared-memory row); the sanitizer must not report those bytes as read
// when nothing wrote them, and must when a later instruction uses them
// (markDeadVectorElements, DeadVectorElements.cpp).
//
//===----------------------------------------------------------------------===//

#include "EmulatorTestSupport.h"

using namespace roller::emu;
using namespace roller::emu::test;

namespace {

using DeadBytesTest = EmulatorTest;

// A row of three f16 padded to four: LLVM loads it as one v2.b32 and takes
// the third half with a truncating cvt.u16.u32. The padding half is loaded
// but never used: not a finding. Using it (the high half of %r3) is.
const char *kPaddedRow = R"(
.visible .entry padded_row(
	.param .u64 padded_row_param_0
)
{
	.reg .b16 	%rs<8>;
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<4>;
	.shared .align 8 .b8 row[8];
	ld.param.u64 	%rd1, [padded_row_param_0];
	mov.b16 	%rs1, 0x3C00;
	st.shared.b16 	[row], %rs1;
	st.shared.b16 	[row+2], %rs1;
	st.shared.b16 	[row+4], %rs1;
	ld.shared.v2.b32 	{%r2, %r3}, [row];
	mov.b32 	{%rs2, %rs3}, %r2;
	cvt.u16.u32 	%rs4, %r3;
	st.global.b16 	[%rd1], %rs2;
	st.global.b16 	[%rd1+2], %rs3;
	st.global.b16 	[%rd1+4], %rs4;
	ret;
}
)";

TEST_F(DeadBytesTest, UnusedPaddingOfAWidenedLoad) {
  std::string text = ptxModule(kPaddedRow);
  uint16_t *out = buffer<uint16_t>(4, 0);
  runClean(load(text), Dim3{}, Dim3{1, 1, 1}, {ptr(out)});
  EXPECT_EQ(out[2], 0x3C00u);
  // The padding half, used: the read is a finding.
  expectFinding(seed(text, "	cvt.u16.u32 	%rs4, %r3;",
                     "	mov.b32 	{%rs5, %rs4}, %r3;"),
                Finding::Kind::UninitializedShared, "ld.shared.v2.b32", Dim3{},
                Dim3{1, 1, 1}, {ptr(out)});
  // A saturating conversion reads all of its source.
  expectFinding(seed(text, "	cvt.u16.u32 	%rs4, %r3;",
                     "	cvt.sat.u16.u32 	%rs4, %r3;"),
                Finding::Kind::UninitializedShared, "ld.shared.v2.b32", Dim3{},
                Dim3{1, 1, 1}, {ptr(out)});
}

// The same row in bf16, widened to f32 as LLVM does (a bf16 is the high half
// of an f32): the first half shifted up by shl.b32 16, the second masked by
// and.b32 0xffff0000, the third shifted up from the low half of %r3. The
// padding (the high half of %r3) is shifted out: not a finding. A shift that
// keeps it, a mask that keeps it or a shift right are findings.
const char *kPaddedBf16Row = R"(
.visible .entry padded_bf16_row(
	.param .u64 padded_bf16_row_param_0
)
{
	.reg .b16 	%rs<8>;
	.reg .b32 	%r<12>;
	.reg .b64 	%rd<4>;
	.shared .align 8 .b8 row[8];
	ld.param.u64 	%rd1, [padded_bf16_row_param_0];
	mov.b16 	%rs1, 0x3F80;
	st.shared.b16 	[row], %rs1;
	st.shared.b16 	[row+2], %rs1;
	st.shared.b16 	[row+4], %rs1;
	ld.shared.v2.b32 	{%r2, %r3}, [row];
	shl.b32 	%r4, %r2, 16;
	and.b32 	%r5, %r2, -65536;
	shl.b32 	%r6, %r3, 16;
	st.global.b32 	[%rd1], %r4;
	st.global.b32 	[%rd1+4], %r5;
	st.global.b32 	[%rd1+8], %r6;
	ret;
}
)";

TEST_F(DeadBytesTest, PaddingShiftedOrMaskedOut) {
  std::string text = ptxModule(kPaddedBf16Row);
  uint32_t *out = buffer<uint32_t>(3, 0);
  runClean(load(text), Dim3{}, Dim3{1, 1, 1}, {ptr(out)});
  EXPECT_EQ(out[0], 0x3F800000u);
  EXPECT_EQ(out[1], 0x3F800000u);
  EXPECT_EQ(out[2], 0x3F800000u);
  for (const char *usesPadding : {"	shl.b32 	%r6, %r3, 8;",
                                  "	and.b32 	%r6, %r3, -256;",
                                  "	and.b32 	%r6, -65536, %r3;",
                                  "	shr.u32 	%r6, %r3, 16;"})
    expectFinding(seed(text, "	shl.b32 	%r6, %r3, 16;", usesPadding),
                  Finding::Kind::UninitializedShared, "ld.shared.v2.b32",
                  Dim3{}, Dim3{1, 1, 1}, {ptr(out)});
}

} // namespace
