//===- MemoryTest.cpp - ld, st, generic addressing, .local and atomics ----===//
//
// PTX ISA 9.7.9.8-9.7.9.9 (ld, st), 9.7.9.21 (cvta), 6.4 (generic
// addressing) and 9.7.13.5 (atom, red). Expected values come from the input
// bytes (memcpy on the host) and from counting arguments that hold for
// every order in which the lanes' atomics may be applied.
//
//===----------------------------------------------------------------------===//

#include "ScalarKernel.h"

#include <algorithm>
#include <numeric>

using namespace roller::emu;
using namespace roller::emu::test;

namespace {

using MemoryTest = ScalarTest;

template <typename T> T at(const uint8_t *bytes, size_t offset) {
  T value;
  std::memcpy(&value, bytes + offset, sizeof(T));
  return value;
}

// Loads of every width and vector; signed loads sign-extend into wider
// registers (5.2.3, "Relaxed type-checking rules": ld of a signed type
// into a wider register sign-extends, of other types zero-extends).
TEST_F(MemoryTest, LoadsOfEveryWidth) {
  std::vector<uint64_t> words(8);
  uint8_t *bytes = reinterpret_cast<uint8_t *>(words.data());
  for (unsigned i = 0; i < 64; ++i)
    bytes[i] = uint8_t(0x80 + 37 * i);
  std::vector<uint64_t> out = runScalar(R"(
	ld.global.u8 	%rs1, [%rd1+1];
	ld.global.s8 	%rs2, [%rd1+1];
	ld.global.s8 	%r1, [%rd1+1];
	ld.global.u16 	%rs3, [%rd1+2];
	ld.global.s16 	%r2, [%rd1+2];
	ld.global.u32 	%r3, [%rd1+4];
	ld.global.s32 	%rd2, [%rd1+4];
	ld.global.u64 	%rd3, [%rd1+8];
	ld.global.v2.u32 	{%r4, %r5}, [%rd1+16];
	ld.global.v4.u32 	{%r6, %r7, %r8, %r9}, [%rd1+32];
	ld.global.v2.u64 	{%rd4, %rd5}, [%rd1+48];
	ld.global.v4.u16 	{%rs4, %rs5, %rs6, %rs7}, [%rd1+8];
	ld.global.v2.f32 	{%f1, %f2}, [%rd1+16];
	ld.global.v4.u8 	{%rs8, %rs9, %rs10, %rs11}, [%rd1+4];
	ld.global.b16 	%rs12, [%rd1+6];
	ld.global.nc.v2.b32 	{%r10, %r11}, [%rd1+24];
	st.global.u16 	[%rd0], %rs1;
	st.global.u16 	[%rd0+8], %rs2;
	st.global.u32 	[%rd0+16], %r1;
	st.global.u16 	[%rd0+24], %rs3;
	st.global.u32 	[%rd0+32], %r2;
	st.global.u32 	[%rd0+40], %r3;
	st.global.u64 	[%rd0+48], %rd2;
	st.global.u64 	[%rd0+56], %rd3;
	st.global.u32 	[%rd0+64], %r4;
	st.global.u32 	[%rd0+72], %r5;
	st.global.u32 	[%rd0+80], %r6;
	st.global.u32 	[%rd0+88], %r9;
	st.global.u64 	[%rd0+96], %rd4;
	st.global.u64 	[%rd0+104], %rd5;
	st.global.u16 	[%rd0+112], %rs4;
	st.global.u16 	[%rd0+120], %rs7;
	st.global.f32 	[%rd0+128], %f1;
	st.global.f32 	[%rd0+136], %f2;
	st.global.u16 	[%rd0+144], %rs8;
	st.global.u16 	[%rd0+152], %rs11;
	st.global.u16 	[%rd0+160], %rs12;
	st.global.u32 	[%rd0+168], %r10;
	st.global.u32 	[%rd0+176], %r11;
)",
                                        words);
  EXPECT_EQ(uint16_t(out[0]), bytes[1]);
  EXPECT_EQ(uint16_t(out[1]), uint16_t(int8_t(bytes[1])));
  EXPECT_EQ(uint32_t(out[2]), uint32_t(int8_t(bytes[1])));
  EXPECT_EQ(uint16_t(out[3]), at<uint16_t>(bytes, 2));
  EXPECT_EQ(uint32_t(out[4]), uint32_t(at<int16_t>(bytes, 2)));
  EXPECT_EQ(uint32_t(out[5]), at<uint32_t>(bytes, 4));
  EXPECT_EQ(out[6], uint64_t(int64_t(at<int32_t>(bytes, 4))));
  EXPECT_EQ(out[7], at<uint64_t>(bytes, 8));
  EXPECT_EQ(uint32_t(out[8]), at<uint32_t>(bytes, 16));
  EXPECT_EQ(uint32_t(out[9]), at<uint32_t>(bytes, 20));
  EXPECT_EQ(uint32_t(out[10]), at<uint32_t>(bytes, 32));
  EXPECT_EQ(uint32_t(out[11]), at<uint32_t>(bytes, 44));
  EXPECT_EQ(out[12], at<uint64_t>(bytes, 48));
  EXPECT_EQ(out[13], at<uint64_t>(bytes, 56));
  EXPECT_EQ(uint16_t(out[14]), at<uint16_t>(bytes, 8));
  EXPECT_EQ(uint16_t(out[15]), at<uint16_t>(bytes, 14));
  EXPECT_EQ(uint32_t(out[16]), at<uint32_t>(bytes, 16));
  EXPECT_EQ(uint32_t(out[17]), at<uint32_t>(bytes, 20));
  EXPECT_EQ(uint16_t(out[18]), bytes[4]);
  EXPECT_EQ(uint16_t(out[19]), bytes[7]);
  EXPECT_EQ(uint16_t(out[20]), at<uint16_t>(bytes, 6));
  EXPECT_EQ(uint32_t(out[21]), at<uint32_t>(bytes, 24));
  EXPECT_EQ(uint32_t(out[22]), at<uint32_t>(bytes, 28));
}

// Stores write exactly their bytes: the low bytes of wider registers.
TEST_F(MemoryTest, StoresOfEveryWidth) {
  std::vector<uint64_t> out = runScalar(R"(
	mov.u32 	%r1, 0x44332211;
	mov.u64 	%rd2, 0x8877665544332211;
	mov.u16 	%rs1, 0xbbaa;
	st.global.u8 	[%rd0+1], %r1;
	st.global.u16 	[%rd0+2], %rs1;
	st.global.u32 	[%rd0+4], %r1;
	st.global.u64 	[%rd0+8], %rd2;
	mov.u32 	%r2, 0x01020304;
	mov.u32 	%r5, 5;
	mov.u32 	%r6, 6;
	mov.u32 	%r7, 7;
	mov.u16 	%rs2, 0x0102;
	mov.u16 	%rs3, 1;
	mov.u16 	%rs4, 2;
	st.global.v2.u32 	[%rd0+16], {%r1, %r2};
	st.global.v4.u32 	[%rd0+32], {%r1, %r5, %r6, %r7};
	st.global.v2.u16 	[%rd0+52], {%rs1, %rs2};
	st.global.v4.u8 	[%rd0+60], {%rs1, %rs3, %rs4, %r1};
	st.global.u8 	[%rd0+57], %rs1;
)");
  const uint8_t *b = reinterpret_cast<const uint8_t *>(out.data());
  uint8_t expected[64];
  std::memset(expected, 0xa5, sizeof expected);
  auto put = [&](size_t offset, uint64_t value, size_t size) {
    std::memcpy(expected + offset, &value, size);
  };
  put(1, 0x11, 1);
  put(2, 0xbbaa, 2);
  put(4, 0x44332211, 4);
  put(8, 0x8877665544332211ull, 8);
  put(16, 0x44332211, 4);
  put(20, 0x01020304, 4);
  put(32, 0x44332211, 4);
  put(36, 5, 4);
  put(40, 6, 4);
  put(44, 7, 4);
  put(52, 0xbbaa, 2);
  put(54, 0x0102, 2);
  expected[60] = 0xaa;
  expected[61] = 1;
  expected[62] = 2;
  expected[63] = 0x11;
  expected[57] = 0xaa;
  for (unsigned i = 0; i < 64; ++i)
    EXPECT_EQ(b[i], expected[i]) << "byte " << i;
}

// Generic addressing (6.4.1): cvta.shared maps a shared address into the
// generic space and cvta.to.shared back; a generic access then reaches the
// same bytes as .shared ones. Kernel parameters are generic addresses of
// global memory, usable with or without cvta.to.global.
TEST_F(MemoryTest, GenericAddressing) {
  const Program *program = load(ptxModule(R"(
.visible .entry generic(
	.param .u64 generic_param_0
)
{
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<16>;
	.shared .align 4 .b8 sh[64];
	ld.param.u64 	%rd1, [generic_param_0];
	mov.u64 	%rd2, sh;
	cvta.shared.u64 	%rd3, %rd2;
	st.u32 	[%rd3+8], 0x12345678;
	ld.shared.u32 	%r1, [sh+8];
	cvta.to.shared.u64 	%rd4, %rd3;
	ld.shared.u32 	%r2, [%rd4+8];
	st.shared.u32 	[sh+12], 0x55;
	ld.u32 	%r3, [%rd3+12];
	mov.u32 	%r4, sh;
	st.shared.u32 	[%r4+16], 0x66;
	ld.u32 	%r5, [%rd3+16];
	sub.s64 	%rd5, %rd4, %rd2;
	cvt.u32.u64 	%r6, %rd5;
	ld.u32 	%r7, [%rd1+40];
	cvta.to.global.u64 	%rd6, %rd1;
	ld.global.u32 	%r8, [%rd6+40];
	cvta.global.u64 	%rd7, %rd6;
	st.u32 	[%rd7], %r1;
	st.global.u32 	[%rd6+4], %r2;
	st.u32 	[%rd1+8], %r3;
	st.u32 	[%rd1+12], %r5;
	st.u32 	[%rd1+16], %r6;
	st.u32 	[%rd1+20], %r7;
	st.u32 	[%rd1+24], %r8;
	ret;
}
)"));
  uint32_t *out = buffer<uint32_t>(16, 0);
  out[10] = 0xfeedf00d;
  runClean(program, Dim3{}, Dim3{}, {ptr(out)});
  EXPECT_EQ(out[0], 0x12345678u);
  EXPECT_EQ(out[1], 0x12345678u);
  EXPECT_EQ(out[2], 0x55u);
  EXPECT_EQ(out[3], 0x66u);
  EXPECT_EQ(out[4], 0u);
  EXPECT_EQ(out[5], 0xfeedf00du);
  EXPECT_EQ(out[6], 0xfeedf00du);
}

// A 32-bit shared address is 32-bit arithmetic: `[%r+imm]` wraps modulo
// 2^32. LLVM's NVPTX back end with 32-bit shared pointers (nvptx-short-ptr)
// folds offsets that rely on it: a register below the array's start (here
// the array minus 4 KiB, below address 0: a huge unsigned value) plus a
// larger offset. The
// accesses land inside the array, in .shared and in cp.async and ldmatrix
// alike, with no finding.
TEST_F(MemoryTest, SharedAddressesWrapAt32Bits) {
  const Program *program = load(ptxModule(R"(
.visible .entry wrap(
	.param .u64 wrap_param_0
)
{
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<16>;
	.shared .align 16 .b8 sh[64];
	ld.param.u64 	%rd1, [wrap_param_0];
	cvta.to.global.u64 	%rd2, %rd1;
	mov.u32 	%r1, sh;
	add.s32 	%r2, %r1, -4096;
	st.shared.u32 	[%r2+4100], 0x77;
	ld.shared.u32 	%r3, [%r1+4];
	add.s32 	%r4, %r1, -8192;
	cp.async.ca.shared.global [%r4+8208], [%rd2+32], 4;
	cp.async.wait_all;
	ld.shared.u32 	%r5, [%r1+16];
	st.global.u32 	[%rd2], %r3;
	st.global.u32 	[%rd2+4], %r5;
	ret;
}
)"));
  uint32_t *out = buffer<uint32_t>(16, 0);
  out[8] = 0xabcdu;
  runClean(program, Dim3{}, Dim3{}, {ptr(out)});
  EXPECT_EQ(out[0], 0x77u);
  EXPECT_EQ(out[1], 0xabcdu);
}

// .local memory is per thread (5.1.5), addressed as LLVM does: the depot's
// local address, cvta.local for generic accesses.
TEST_F(MemoryTest, LocalMemoryIsPerThread) {
  const Program *program = load(ptxModule(R"(
.visible .entry local(
	.param .u64 local_param_0
)
{
	.local .align 8 .b8 	__local_depot0[32];
	.reg .b64 	%SP;
	.reg .b64 	%SPL;
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<16>;
	mov.u64 	%SPL, __local_depot0;
	cvta.local.u64 	%SP, %SPL;
	ld.param.u64 	%rd1, [local_param_0];
	cvta.to.global.u64 	%rd2, %rd1;
	mov.u32 	%r1, %tid.x;
	and.b32 	%r2, %r1, 7;
	mul.wide.u32 	%rd3, %r2, 4;
	add.s64 	%rd4, %SP, %rd3;
	add.s64 	%rd5, %SPL, %rd3;
	mul.lo.s32 	%r3, %r1, 3;
	st.u32 	[%rd4], %r3;
	ld.local.u32 	%r4, [%rd5];
	add.s32 	%r5, %r1, 1000;
	st.local.u32 	[__local_depot0+28], %r5;
	ld.u32 	%r6, [%SP+28];
	mul.wide.u32 	%rd6, %r1, 8;
	add.s64 	%rd7, %rd2, %rd6;
	st.global.u32 	[%rd7], %r4;
	st.global.u32 	[%rd7+4], %r6;
	ret;
}
)"));
  uint32_t *out = buffer<uint32_t>(128, 0);
  runClean(program, Dim3{}, Dim3{64, 1, 1}, {ptr(out)});
  for (uint32_t t = 0; t < 64; ++t) {
    EXPECT_EQ(out[2 * t], 3 * t) << "thread " << t;
    EXPECT_EQ(out[2 * t + 1], t + 1000) << "thread " << t;
  }
}

const char *kAtomicKernel = R"(
.visible .entry atomics(
	.param .u64 atomics_param_0,
	.param .u64 atomics_param_1
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<32>;
	.reg .f32 	%f<4>;
	.reg .b64 	%rd<16>;
	ld.param.u64 	%rd1, [atomics_param_0];
	ld.param.u64 	%rd2, [atomics_param_1];
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	mul.wide.u32 	%rd3, %r4, 32;
	add.s64 	%rd4, %rd2, %rd3;
	atom.global.add.u32 	%r5, [%rd1], 1;
	add.s32 	%r6, %r4, 1;
	atom.global.cas.b32 	%r7, [%rd1+4], 0, %r6;
	add.s32 	%r8, %r4, 1000;
	atom.global.exch.b32 	%r9, [%rd1+8], %r8;
	add.s32 	%r10, %r4, -30;
	atom.global.min.s32 	%r11, [%rd1+12], %r10;
	atom.global.max.u32 	%r12, [%rd1+16], %r10;
	atom.global.inc.u32 	%r13, [%rd1+20], 2;
	atom.global.dec.u32 	%r14, [%rd1+24], 3;
	atom.global.add.f32 	%f1, [%rd1+28], 0f3F000000;
	cvt.u64.u32 	%rd5, %r4;
	atom.global.add.u64 	%rd6, [%rd1+32], %rd5;
	red.global.add.u32 	[%rd1+40], 2;
	red.global.or.b32 	[%rd1+44], %r6;
	st.global.u32 	[%rd4], %r5;
	st.global.u32 	[%rd4+4], %r7;
	st.global.u32 	[%rd4+8], %r9;
	st.global.u32 	[%rd4+12], %r13;
	st.global.u32 	[%rd4+16], %r14;
	st.global.f32 	[%rd4+20], %f1;
	st.global.u64 	[%rd4+24], %rd6;
	ret;
}
)";

// atom returns the old value and updates memory atomically (9.7.13.5);
// whatever order the threads take, the old values of add are a permutation
// of 0..n-1, exactly one cas from 0 succeeds, inc and dec wrap at their
// bound ("inc: (old >= b) ? 0 : old + 1; dec: (old == 0 || old > b) ? b :
// old - 1").
TEST_F(MemoryTest, GlobalAtomics) {
  const Program *program = load(ptxModule(kAtomicKernel));
  const unsigned threads = 96;
  uint32_t *counters = buffer<uint32_t>(12, 0);
  counters[2] = 77; // exch
  counters[3] = 5;  // min
  counters[4] = 7;  // max
  counters[6] = 0;  // dec
  counters[11] = 0x100;
  uint32_t *out = buffer<uint32_t>(threads * 8, 0);
  runClean(program, Dim3{3, 1, 1}, Dim3{32, 1, 1}, {ptr(counters), ptr(out)});
  std::vector<uint32_t> adds, cas, exch, incs, decs;
  std::vector<uint64_t> adds64;
  for (unsigned t = 0; t < threads; ++t) {
    adds.push_back(out[8 * t]);
    cas.push_back(out[8 * t + 1]);
    exch.push_back(out[8 * t + 2]);
    incs.push_back(out[8 * t + 3]);
    decs.push_back(out[8 * t + 4]);
    adds64.push_back(out[8 * t + 6] | uint64_t(out[8 * t + 7]) << 32);
  }
  EXPECT_EQ(counters[0], threads);
  std::sort(adds.begin(), adds.end());
  for (unsigned t = 0; t < threads; ++t)
    EXPECT_EQ(adds[t], t);
  // cas: the first succeeds; everyone after sees its value.
  uint32_t winner = counters[1];
  EXPECT_GE(winner, 1u);
  EXPECT_LE(winner, threads);
  EXPECT_EQ(std::count(cas.begin(), cas.end(), 0u), 1);
  EXPECT_EQ(cas[winner - 1], 0u);
  EXPECT_EQ(std::count(cas.begin(), cas.end(), winner), long(threads - 1));
  // exch: the old values and the final one are the initial value and every
  // thread's, once each.
  exch.push_back(counters[2]);
  std::sort(exch.begin(), exch.end());
  EXPECT_EQ(exch.back(), 1000u + threads - 1);
  std::vector<uint32_t> expectedExch{77};
  for (unsigned t = 0; t < threads; ++t)
    expectedExch.push_back(1000 + t);
  std::sort(expectedExch.begin(), expectedExch.end());
  EXPECT_EQ(exch, expectedExch);
  EXPECT_EQ(int32_t(counters[3]), -30);
  EXPECT_EQ(counters[4], 0xffffffffu); // as u32, 29 - 30 is the largest
  // inc with bound 2 cycles 0, 1, 2; dec with bound 3 from 0: 3, 2, 1, 0.
  EXPECT_EQ(counters[5], threads % 3 == 0 ? 0u : threads % 3);
  std::sort(incs.begin(), incs.end());
  EXPECT_EQ(std::count(incs.begin(), incs.end(), 0u), long(threads / 3));
  EXPECT_EQ(std::count(incs.begin(), incs.end(), 2u), long(threads / 3));
  EXPECT_EQ(counters[6], (4 - threads % 4) % 4);
  EXPECT_EQ(std::count(decs.begin(), decs.end(), 3u), long(threads / 4));
  float sum;
  std::memcpy(&sum, &counters[7], 4);
  EXPECT_EQ(sum, 0.5f * threads);
  uint64_t total64 = counters[8] | uint64_t(counters[9]) << 32;
  EXPECT_EQ(total64, uint64_t(threads) * (threads - 1) / 2);
  std::sort(adds64.begin(), adds64.end());
  EXPECT_EQ(adds64.front(), 0u);
  EXPECT_EQ(counters[10], 2 * threads);
  uint32_t orAll = 0x100;
  for (unsigned t = 0; t < threads; ++t)
    orAll |= t + 1;
  EXPECT_EQ(counters[11], orAll);
}

// Shared-memory atomics from several warps on one word, between barriers:
// a correct kernel, so the sanitizer must not call the atomics a race.
TEST_F(MemoryTest, SharedAtomicsAcrossWarps) {
  const Program *program = load(ptxModule(R"(
.visible .entry shared_atomics(
	.param .u64 shared_atomics_param_0
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<8>;
	.shared .align 4 .u32 counter;
	.shared .align 4 .u32 maximum;
	ld.param.u64 	%rd1, [shared_atomics_param_0];
	mov.u32 	%r1, %tid.x;
	setp.ne.s32 	%p1, %r1, 0;
	@%p1 bra 	$L__BB0_2;
	st.shared.u32 	[counter], 100;
	st.shared.u32 	[maximum], 0;
$L__BB0_2:
	bar.sync 	0;
	atom.shared.add.u32 	%r2, [counter], 1;
	atom.shared.max.u32 	%r3, [maximum], %r1;
	mov.u64 	%rd3, counter;
	cvta.shared.u64 	%rd2, %rd3;
	atom.add.u32 	%r5, [%rd2], 2;
	mul.wide.u32 	%rd4, %r1, 8;
	add.s64 	%rd5, %rd1, %rd4;
	st.global.v2.u32 	[%rd5+8], {%r2, %r5};
	bar.sync 	0;
	@%p1 bra 	$L__BB0_4;
	ld.shared.u32 	%r6, [counter];
	ld.shared.u32 	%r7, [maximum];
	st.global.u32 	[%rd1], %r6;
	st.global.u32 	[%rd1+4], %r7;
$L__BB0_4:
	ret;
}
)"));
  uint32_t *out = buffer<uint32_t>(2 + 2 * 80, 0);
  runClean(program, Dim3{}, Dim3{80, 1, 1}, {ptr(out)});
  EXPECT_EQ(out[0], 100u + 3 * 80);
  EXPECT_EQ(out[1], 79u);
  // Whatever their order, atomic updates form one chain: sorted by the old
  // value each returned, every update starts where the previous one ended.
  std::vector<std::pair<uint32_t, uint32_t>> updates; // (old, increment)
  for (unsigned t = 0; t < 80; ++t) {
    updates.push_back({out[2 + 2 * t], 1});
    updates.push_back({out[3 + 2 * t], 2});
  }
  std::sort(updates.begin(), updates.end());
  uint32_t expected = 100;
  for (const auto &[old, increment] : updates) {
    EXPECT_EQ(old, expected);
    expected = old + increment;
  }
  EXPECT_EQ(expected, out[0]);
}

// Module-scope variables: .global and .const with initializers (storage
// from the runtime's allocator, visible to every kernel), .shared (one
// copy per block, shared by the module's kernels' layouts).
TEST_F(MemoryTest, ModuleVariables) {
  std::string text = ptxModule(R"(
.global .align 4 .b32 table[4] = {10, 20, 30, 40};
.const .align 8 .u64 constants[2] = {7, 0x123456789};
.global .align 4 .u32 counter;
.shared .align 4 .b32 scratch[32];

.visible .entry first(
	.param .u64 first_param_0
)
{
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<8>;
	ld.param.u64 	%rd1, [first_param_0];
	mov.u32 	%r1, %tid.x;
	ld.global.u32 	%r2, [table+8];
	ld.const.u64 	%rd2, [constants+8];
	mov.u64 	%rd3, table;
	ld.u32 	%r3, [%rd3+12];
	atom.global.add.u32 	%r4, [counter], 1;
	shl.b32 	%r5, %r1, 2;
	mov.u32 	%r6, scratch;
	add.s32 	%r7, %r6, %r5;
	st.shared.u32 	[%r7], %r1;
	bar.sync 	0;
	ld.shared.u32 	%r8, [%r7];
	ld.global.u32 	%r9, [counter];
	st.global.u32 	[%rd1], %r2;
	st.global.u64 	[%rd1+8], %rd2;
	st.global.u32 	[%rd1+16], %r3;
	st.global.u32 	[%rd1+20], %r9;
	ret;
}

.visible .entry second(
	.param .u64 second_param_0
)
{
	.reg .b64 	%rd<8>;
	.reg .b32 	%r<4>;
	ld.param.u64 	%rd1, [second_param_0];
	ld.global.u32 	%r1, [counter];
	st.global.u32 	[%rd1], %r1;
	ret;
}
)");
  const Program *first = load(text, "first");
  const Program *second = modules.back()->findKernel("second");
  ASSERT_NE(second, nullptr);
  uint32_t *out = buffer<uint32_t>(8, 0);
  runClean(first, Dim3{2, 1, 1}, Dim3{32, 1, 1}, {ptr(out)});
  EXPECT_EQ(out[0], 30u);
  EXPECT_EQ(out[2] | uint64_t(out[3]) << 32, 0x123456789ull);
  EXPECT_EQ(out[4], 40u);
  // A block reads the counter after its own 32 increments; whether the
  // other block's came first depends on the blocks' order.
  EXPECT_TRUE(out[5] == 32u || out[5] == 64u) << out[5];
  runClean(second, Dim3{}, Dim3{1, 1, 1}, {ptr(out)});
  EXPECT_EQ(out[0], 64u) << "module variables keep their values";
}

} // namespace
