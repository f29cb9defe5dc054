//===- AsyncCopyTest.cpp - cp.async and its groups ------------------------===//
//
// PTX ISA 9.7.9.25 (cp.async, cp.async.commit_group, cp.async.wait_group,
// cp.async.wait_all): "cp-size can only be 4, 8 and 16"; with src-size,
// "remaining bytes in destination dst are filled with zeros"; with
// ignore-src true "zeros will be copied to destination dst"; "No other
// synchronization mechanism guarantees the completion", and wait_group N
// waits "till only N or fewer of the most recent cp.async-groups are
// pending". The emulator lands a copy exactly at the wait that completes
// its group, so a kernel that reads too early (with the sanitizer off)
// sees the old bytes: the tests check both sides of every wait.
//
//===----------------------------------------------------------------------===//

#include "EmulatorTestSupport.h"

using namespace roller::emu;
using namespace roller::emu::test;

namespace {

using AsyncCopyTest = EmulatorTest;

/// A one-thread kernel: %rd1 = source (global), %rd2 = output (global);
/// `buf` is 256 bytes of shared memory filled with 0x11 bytes first. The
/// body's snapshots copy buf's 256 bytes to out + 256 * n.
std::string asyncKernel(const std::string &body) {
  return ptxModule(R"(
.visible .entry async(
	.param .u64 async_param_0,
	.param .u64 async_param_1,
	.param .u32 async_param_2
)
{
	.reg .pred 	%p<8>;
	.reg .b32 	%r<32>;
	.reg .b64 	%rd<16>;
	.shared .align 16 .b8 buf[256];
	ld.param.u64 	%rd1, [async_param_0];
	ld.param.u64 	%rd2, [async_param_1];
	ld.param.u32 	%r1, [async_param_2];
	mov.u32 	%r2, 0;
$L__fill:
	mov.u32 	%r3, buf;
	add.s32 	%r4, %r3, %r2;
	st.shared.u32 	[%r4], 0x11111111;
	add.s32 	%r2, %r2, 4;
	setp.lt.u32 	%p1, %r2, 256;
	@%p1 bra 	$L__fill;
)" + body + R"(
	ret;
}
)");
}

/// PTX that copies buf to out + 256 * n (clobbers %r20-%r29, %rd10-%rd11).
std::string snapshot(unsigned n) {
  std::string label = "$L__snap" + std::to_string(n);
  return "\tmov.u32 \t%r20, 0;\n" + label + ":\n" +
         "\tmov.u32 \t%r21, buf;\n\tadd.s32 \t%r22, %r21, %r20;\n"
         "\tld.shared.u32 \t%r23, [%r22];\n"
         "\tcvt.u64.u32 \t%rd10, %r20;\n\tadd.s64 \t%rd11, %rd2, %rd10;\n"
         "\tst.global.u32 \t[%rd11+" +
         std::to_string(256 * n) +
         "], %r23;\n"
         "\tadd.s32 \t%r20, %r20, 4;\n\tsetp.lt.u32 \t%p7, %r20, 256;\n"
         "\t@%p7 bra \t" +
         label + ";\n";
}

class AsyncCopy : public AsyncCopyTest {
protected:
  /// Runs `body` (sanitizer off, so that early reads are allowed) and
  /// returns the snapshots.
  std::vector<uint8_t> runAsync(const std::string &body, unsigned snapshots,
                                uint32_t argument = 0) {
    const Program *program = load(asyncKernel(body));
    src = buffer<uint8_t>(256);
    for (unsigned i = 0; i < 256; ++i)
      src[i] = uint8_t(0x80 + i);
    uint8_t *out = buffer<uint8_t>(256 * snapshots, 0);
    LaunchOptions options;
    options.sanitize = false;
    LaunchReport report =
        run(program, Dim3{}, Dim3{}, {ptr(src), ptr(out), argument}, options);
    EXPECT_TRUE(report.completed) << formatFindings(report);
    EXPECT_EQ(report.findingCount, 0u) << formatFindings(report);
    return std::vector<uint8_t>(out, out + 256 * snapshots);
  }
  /// Expects bytes [offset, offset + size) of snapshot n to hold src[from..]
  /// up to `copied` bytes, then zeros.
  void expectCopied(const std::vector<uint8_t> &out, unsigned n,
                    unsigned offset, unsigned from, unsigned size,
                    unsigned copied) {
    for (unsigned i = 0; i < size; ++i)
      EXPECT_EQ(out[256 * n + offset + i], i < copied ? src[from + i] : 0)
          << "snapshot " << n << " byte " << offset + i;
  }
  void expectOld(const std::vector<uint8_t> &out, unsigned n, unsigned offset,
                 unsigned size) {
    for (unsigned i = 0; i < size; ++i)
      EXPECT_EQ(out[256 * n + offset + i], 0x11)
          << "snapshot " << n << " byte " << offset + i << " written early";
  }
  uint8_t *src = nullptr;
};

TEST_F(AsyncCopy, SizesAndCacheOperators) {
  std::vector<uint8_t> out = runAsync(R"(
	cp.async.ca.shared.global 	[buf], [%rd1+4], 4;
	cp.async.ca.shared.global 	[buf+16], [%rd1+24], 8;
	cp.async.cg.shared.global 	[buf+32], [%rd1+64], 16;
	cp.async.ca.shared.global 	[buf+48], [%rd1+96], 16;
	mov.u32 	%r5, buf;
	cp.async.ca.shared.global.L2::128B 	[%r5+64], [%rd1+128], 16;
)" + snapshot(0) + R"(
	cp.async.commit_group;
	cp.async.wait_group 	0;
)" + snapshot(1),
                                      2);
  expectOld(out, 0, 0, 80);
  expectCopied(out, 1, 0, 4, 4, 4);
  expectOld(out, 1, 4, 12);
  expectCopied(out, 1, 16, 24, 8, 8);
  expectOld(out, 1, 24, 8);
  expectCopied(out, 1, 32, 64, 16, 16);
  expectCopied(out, 1, 48, 96, 16, 16);
  expectCopied(out, 1, 64, 128, 16, 16);
  expectOld(out, 1, 80, 176);
}

// src-size: the first src-size bytes come from the source, the rest of the
// cp-size bytes are zero (e.g. 16 with src-size 5: bytes 5..15 zero);
// ignore-src true copies zeros.
TEST_F(AsyncCopy, ZeroFill) {
  std::vector<uint8_t> out = runAsync(R"(
	cp.async.ca.shared.global 	[buf], [%rd1], 16, 5;
	cp.async.cg.shared.global 	[buf+16], [%rd1+16], 16, %r1;
	cp.async.ca.shared.global 	[buf+32], [%rd1+32], 8, 0;
	cp.async.cg.shared.global 	[buf+48], [%rd1+48], 16, 16;
	setp.ne.u32 	%p2, %r1, 0;
	setp.eq.u32 	%p3, %r1, 0;
	cp.async.cg.shared.global 	[buf+64], [%rd1+64], 16, %p2;
	cp.async.cg.shared.global 	[buf+80], [%rd1+80], 16, %p3;
	cp.async.ca.shared.global 	[buf+96], [%rd1+96], 4, 3;
)" + snapshot(0) + R"(
	cp.async.wait_all;
)" + snapshot(1),
                                      2, /*argument=*/12);
  expectOld(out, 0, 0, 112);
  expectCopied(out, 1, 0, 0, 16, 5);
  expectCopied(out, 1, 16, 16, 16, 12);
  expectCopied(out, 1, 32, 32, 8, 0);
  expectOld(out, 1, 40, 8);
  expectCopied(out, 1, 48, 48, 16, 16);
  expectCopied(out, 1, 64, 64, 16, 0);  // ignore-src true
  expectCopied(out, 1, 80, 80, 16, 16); // ignore-src false
  expectCopied(out, 1, 96, 96, 4, 3);
}

// wait_group N completes all but the N most recent groups; copies issued
// after the last commit belong to no group until wait_all (which is
// "cp.async.commit_group; cp.async.wait_group 0").
TEST_F(AsyncCopy, WaitGroupKeepsTheNewestGroups) {
  std::vector<uint8_t> out = runAsync(R"(
	cp.async.cg.shared.global 	[buf], [%rd1], 16;
	cp.async.commit_group;
	cp.async.cg.shared.global 	[buf+16], [%rd1+16], 16;
	cp.async.cg.shared.global 	[buf+32], [%rd1+32], 16;
	cp.async.commit_group;
	cp.async.cg.shared.global 	[buf+48], [%rd1+48], 16;
	cp.async.commit_group;
	cp.async.wait_group 	3;
)" + snapshot(0) + R"(
	cp.async.wait_group 	2;
)" + snapshot(1) + R"(
	cp.async.cg.shared.global 	[buf+64], [%rd1+64], 16;
	cp.async.wait_group 	1;
)" + snapshot(2) + R"(
	cp.async.wait_group 	0;
)" + snapshot(3) + R"(
	cp.async.wait_all;
)" + snapshot(4),
                                      5);
  expectOld(out, 0, 0, 80);
  expectCopied(out, 1, 0, 0, 16, 16);
  expectOld(out, 1, 16, 64);
  expectCopied(out, 2, 0, 0, 48, 48);
  expectOld(out, 2, 48, 32);
  expectCopied(out, 3, 0, 0, 64, 64);
  expectOld(out, 3, 64, 16);
  expectCopied(out, 4, 0, 0, 80, 80);
}

// A two-stage pipeline as matmul kernels write it: every thread copies its
// 16 bytes of the next tile while the block reads the current one. With
// the waits and barriers in place the sanitizer finds nothing and the sums
// are right.
TEST_F(AsyncCopyTest, TwoStagePipelineIsClean) {
  const Program *program = load(ptxModule(R"(
.visible .entry pipeline(
	.param .u64 pipeline_param_0,
	.param .u64 pipeline_param_1
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<32>;
	.reg .b64 	%rd<16>;
	.shared .align 16 .b8 stages[2048];
	ld.param.u64 	%rd1, [pipeline_param_0];
	ld.param.u64 	%rd2, [pipeline_param_1];
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, stages;
	shl.b32 	%r3, %r1, 4;
	// Prologue: tile 0 into stage 0.
	add.s32 	%r4, %r2, %r3;
	mul.wide.u32 	%rd3, %r3, 1;
	add.s64 	%rd4, %rd1, %rd3;
	cp.async.cg.shared.global 	[%r4], [%rd4], 16;
	cp.async.commit_group;
	mov.u32 	%r5, 0;
	mov.u32 	%r6, 0;
$L__BB0_1:
	// Tile k + 1 into stage (k + 1) % 2 (tile 4 is a zero fill).
	add.s32 	%r7, %r5, 1;
	and.b32 	%r8, %r7, 1;
	shl.b32 	%r9, %r8, 10;
	add.s32 	%r10, %r4, %r9;
	shl.b32 	%r11, %r7, 10;
	add.s32 	%r12, %r11, %r3;
	cvt.u64.u32 	%rd5, %r12;
	add.s64 	%rd6, %rd1, %rd5;
	setp.gt.u32 	%p1, %r7, 3;
	selp.u32 	%r13, 0, 16, %p1;
	selp.b64 	%rd7, %rd1, %rd6, %p1;
	cp.async.cg.shared.global 	[%r10], [%rd7], 16, %r13;
	cp.async.commit_group;
	cp.async.wait_group 	1;
	bar.sync 	0;
	// Read another thread's 4 bytes of stage k % 2.
	and.b32 	%r14, %r5, 1;
	shl.b32 	%r15, %r14, 10;
	sub.s32 	%r16, 63, %r1;
	shl.b32 	%r17, %r16, 4;
	add.s32 	%r18, %r15, %r17;
	add.s32 	%r19, %r2, %r18;
	ld.shared.u32 	%r20, [%r19+4];
	add.s32 	%r6, %r6, %r20;
	bar.sync 	0;
	mov.u32 	%r5, %r7;
	setp.lt.u32 	%p2, %r5, 4;
	@%p2 bra 	$L__BB0_1;
	cp.async.wait_all;
	mul.wide.u32 	%rd8, %r1, 4;
	add.s64 	%rd9, %rd2, %rd8;
	st.global.u32 	[%rd9], %r6;
	ret;
}
)"));
  std::vector<uint32_t> tiles(4 * 256);
  for (unsigned i = 0; i < tiles.size(); ++i)
    tiles[i] = i * 3 + 1;
  uint32_t *in = buffer(tiles);
  uint32_t *out = buffer<uint32_t>(64, 0);
  runClean(program, Dim3{}, Dim3{64, 1, 1}, {ptr(in), ptr(out)});
  for (unsigned t = 0; t < 64; ++t) {
    uint32_t expected = 0;
    for (unsigned k = 0; k < 4; ++k)
      expected += tiles[k * 256 + (63 - t) * 4 + 1];
    EXPECT_EQ(out[t], expected) << "thread " << t;
  }
}

} // namespace
