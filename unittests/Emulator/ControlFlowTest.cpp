//===- ControlFlowTest.cpp - Divergence, reconvergence, special registers -===//
//
// Lanes of a warp that branch apart run each path with the others masked
// off and meet again at the branch's immediate post-dominator (the
// emulator's model, Emulator.h); activemask (9.7.13.x) shows which lanes
// run together. Special registers follow PTX ISA chapter 10: %tid, %ntid,
// %ctaid, %nctaid in three dimensions, %laneid, %lanemask_*. Expected
// values are computed from each thread's ids by the test.
//
//===----------------------------------------------------------------------===//

#include "EmulatorTestSupport.h"

using namespace roller::emu;
using namespace roller::emu::test;

namespace {

using ControlFlowTest = EmulatorTest;

/// The mask of lanes of warp `warp` (of a block of `threads`) for which
/// `select(thread)` holds.
template <typename F>
uint32_t lanesWhere(unsigned threads, unsigned warp, F select) {
  uint32_t mask = 0;
  for (unsigned lane = 0; lane < 32; ++lane) {
    unsigned thread = warp * 32 + lane;
    if (thread < threads && select(thread))
      mask |= 1u << lane;
  }
  return mask;
}

// if/else nested in an if, each arm recording the lanes running it, and
// the lanes running at each join.
const char *kNestedBranches = R"(
.visible .entry nested(
	.param .u64 nested_param_0
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<8>;
	ld.param.u64 	%rd1, [nested_param_0];
	mov.u32 	%r1, %tid.x;
	mul.wide.u32 	%rd2, %r1, 16;
	add.s64 	%rd3, %rd1, %rd2;
	setp.gt.u32 	%p1, %r1, 15;
	@%p1 bra 	$L__BB0_4;
	and.b32 	%r2, %r1, 1;
	setp.eq.s32 	%p2, %r2, 0;
	@%p2 bra 	$L__BB0_3;
	activemask.b32 	%r6;
	mov.u32 	%r4, 1;
	bra.uni 	$L__BB0_5;
$L__BB0_3:
	activemask.b32 	%r6;
	mov.u32 	%r4, 2;
$L__BB0_5:
	activemask.b32 	%r7;
	bra.uni 	$L__BB0_6;
$L__BB0_4:
	activemask.b32 	%r6;
	mov.u32 	%r7, %r6;
	mov.u32 	%r4, 3;
$L__BB0_6:
	activemask.b32 	%r8;
	st.global.u32 	[%rd3], %r4;
	st.global.u32 	[%rd3+4], %r6;
	st.global.u32 	[%rd3+8], %r7;
	st.global.u32 	[%rd3+12], %r8;
	ret;
}
)";

TEST_F(ControlFlowTest, NestedIfElseReconverges) {
  const Program *program = load(ptxModule(kNestedBranches));
  for (unsigned threads : {64u, 40u}) {
    uint32_t *out = buffer<uint32_t>(4 * 64, 0xdeadbeef);
    runClean(program, Dim3{}, Dim3{threads, 1, 1}, {ptr(out)});
    for (unsigned t = 0; t < 64; ++t) {
      const uint32_t *r = out + 4 * t;
      if (t >= threads) {
        EXPECT_EQ(r[0], 0xdeadbeefu) << "thread " << t << " does not exist";
        continue;
      }
      unsigned warp = t / 32;
      auto inner = [](unsigned u) { return u <= 15; };
      uint32_t all = lanesWhere(threads, warp, [](unsigned) { return true; });
      uint32_t odd = lanesWhere(
          threads, warp, [&](unsigned u) { return inner(u) && u % 2 == 1; });
      uint32_t even = lanesWhere(
          threads, warp, [&](unsigned u) { return inner(u) && u % 2 == 0; });
      uint32_t outer = lanesWhere(threads, warp, inner);
      if (!inner(t)) {
        EXPECT_EQ(r[0], 3u);
        EXPECT_EQ(r[1], all & ~outer) << "thread " << t;
      } else {
        EXPECT_EQ(r[0], t % 2 ? 1u : 2u);
        EXPECT_EQ(r[1], t % 2 ? odd : even) << "thread " << t;
        EXPECT_EQ(r[2], outer) << "thread " << t << " at the inner join";
      }
      EXPECT_EQ(r[3], all) << "thread " << t << " at the outer join";
    }
  }
}

// A loop with a per-lane trip count (tid % 5): each lane leaves when its
// count is done, the rest go on, and all meet after the loop. In a second
// version lanes with tid % 7 == 3 return from inside the loop: they store
// nothing, and the others are unaffected (where the rest meet then depends
// on the reconvergence model, so only values are checked).
const char *kLoop = R"(
.visible .entry loops(
	.param .u64 loops_param_0
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<8>;
	ld.param.u64 	%rd1, [loops_param_0];
	mov.u32 	%r1, %tid.x;
	mul.wide.u32 	%rd2, %r1, 16;
	add.s64 	%rd3, %rd1, %rd2;
	rem.u32 	%r2, %r1, 5;
	rem.u32 	%r10, %r1, 7;
	mov.u32 	%r3, 0;
	mov.u32 	%r4, 0;
	mov.u32 	%r9, 0;
	setp.eq.s32 	%p1, %r2, 0;
	@%p1 bra 	$L__BB0_3;
$L__BB0_2:
	add.s32 	%r4, %r4, %r3;
	add.s32 	%r3, %r3, 1;
	activemask.b32 	%r5;
	popc.b32 	%r6, %r5;
	add.s32 	%r9, %r9, %r6;
	setp.eq.s32 	%p3, %r10, 3;
	// RETURN
	setp.lt.u32 	%p2, %r3, %r2;
	@%p2 bra 	$L__BB0_2;
$L__BB0_3:
	activemask.b32 	%r7;
	st.global.u32 	[%rd3], %r4;
	st.global.u32 	[%rd3+4], %r3;
	st.global.u32 	[%rd3+8], %r7;
	st.global.u32 	[%rd3+12], %r9;
	ret;
}
)";

TEST_F(ControlFlowTest, LoopsWithPerLaneTripCounts) {
  for (bool early : {false, true}) {
    std::string text = kLoop;
    if (early)
      text.replace(text.find("// RETURN"), 9, "@%p3 ret;");
    const Program *program = load(ptxModule(text));
    const unsigned threads = 64;
    uint32_t *out = buffer<uint32_t>(4 * threads, 0xdeadbeef);
    runClean(program, Dim3{}, Dim3{threads, 1, 1}, {ptr(out)});
    auto returns = [&](unsigned t) {
      return early && t % 7 == 3 && t % 5 != 0;
    };
    for (unsigned t = 0; t < threads; ++t) {
      const uint32_t *r = out + 4 * t;
      if (returns(t)) {
        EXPECT_EQ(r[0], 0xdeadbeefu) << "thread " << t << " returned";
        continue;
      }
      unsigned n = t % 5, warp = t / 32;
      EXPECT_EQ(r[0], n * (n - 1) / 2) << "thread " << t;
      EXPECT_EQ(r[1], n) << "thread " << t;
      if (!early) {
        EXPECT_EQ(r[2],
                  lanesWhere(threads, warp, [](unsigned) { return true; }))
            << "thread " << t;
      }
      // In iteration i the lanes with a count above i (and not returned)
      // run together.
      uint32_t together = 0;
      for (unsigned i = 0; i < n; ++i)
        together +=
            __builtin_popcount(lanesWhere(threads, warp, [&](unsigned u) {
              return u % 5 > i && !(returns(u) && i > 0);
            }));
      EXPECT_EQ(r[3], together) << "thread " << t;
    }
  }
}

// Guarded instructions execute only where their predicate holds.
TEST_F(ControlFlowTest, PredicatedInstructions) {
  const Program *program = load(ptxModule(R"(
.visible .entry guarded(
	.param .u64 guarded_param_0
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<8>;
	ld.param.u64 	%rd1, [guarded_param_0];
	mov.u32 	%r1, %tid.x;
	mul.wide.u32 	%rd2, %r1, 4;
	add.s64 	%rd3, %rd1, %rd2;
	mov.u32 	%r2, 10;
	setp.lt.u32 	%p1, %r1, 5;
	@%p1 add.s32 	%r2, %r2, 1;
	@!%p1 mul.lo.s32 	%r2, %r2, 3;
	@%p1 st.global.u32 	[%rd3], %r2;
	ret;
}
)"));
  uint32_t *out = buffer<uint32_t>(32, 0);
  runClean(program, Dim3{}, Dim3{32, 1, 1}, {ptr(out)});
  for (unsigned t = 0; t < 32; ++t)
    EXPECT_EQ(out[t], t < 5 ? 11u : 0u) << "thread " << t;
}

// %tid, %ntid, %ctaid, %nctaid in three dimensions: x varies fastest in
// the thread's linear id (and so in its warp and lane).
const char *kSpecialRegisters = R"(
.visible .entry ids(
	.param .u64 ids_param_0
)
{
	.reg .b32 	%r<32>;
	.reg .b64 	%rd<8>;
	ld.param.u64 	%rd1, [ids_param_0];
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %tid.y;
	mov.u32 	%r3, %tid.z;
	mov.u32 	%r4, %ntid.x;
	mov.u32 	%r5, %ntid.y;
	mov.u32 	%r6, %ntid.z;
	mov.u32 	%r7, %ctaid.x;
	mov.u32 	%r8, %ctaid.y;
	mov.u32 	%r9, %ctaid.z;
	mov.u32 	%r10, %nctaid.x;
	mov.u32 	%r11, %nctaid.y;
	mov.u32 	%r12, %nctaid.z;
	mov.u32 	%r13, %laneid;
	mov.u32 	%r14, %lanemask_lt;
	mov.u32 	%r15, %lanemask_ge;
	// Flat index: ((ctaid linear) * threads per block + tid linear) * 16.
	mad.lo.s32 	%r20, %r9, %r11, %r8;
	mad.lo.s32 	%r20, %r20, %r10, %r7;
	mad.lo.s32 	%r21, %r3, %r5, %r2;
	mad.lo.s32 	%r21, %r21, %r4, %r1;
	mul.lo.s32 	%r22, %r4, %r5;
	mul.lo.s32 	%r22, %r22, %r6;
	mad.lo.s32 	%r23, %r20, %r22, %r21;
	mul.wide.u32 	%rd2, %r23, 64;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.v4.u32 	[%rd3], {%r1, %r2, %r3, %r4};
	st.global.v4.u32 	[%rd3+16], {%r5, %r6, %r7, %r8};
	st.global.v4.u32 	[%rd3+32], {%r9, %r10, %r11, %r12};
	st.global.v4.u32 	[%rd3+48], {%r13, %r14, %r15, %r21};
	ret;
}
)";

TEST_F(ControlFlowTest, SpecialRegistersIn3D) {
  const Program *program = load(ptxModule(kSpecialRegisters));
  struct Shape {
    Dim3 grid, block;
  } shapes[] = {{{2, 3, 2}, {4, 3, 2}},
                {{3, 2, 1}, {8, 4, 1}},
                {{1, 1, 1}, {40, 1, 1}},
                {{2, 1, 1}, {20, 2, 1}},
                {{1, 1, 3}, {3, 5, 3}}};
  for (const Shape &shape : shapes) {
    uint64_t blocks = shape.grid.count(), threads = shape.block.count();
    uint32_t *out = buffer<uint32_t>(16 * blocks * threads, 0xdeadbeef);
    runClean(program, shape.grid, shape.block, {ptr(out)});
    uint64_t index = 0;
    for (uint32_t cz = 0; cz < shape.grid.z; ++cz)
      for (uint32_t cy = 0; cy < shape.grid.y; ++cy)
        for (uint32_t cx = 0; cx < shape.grid.x; ++cx)
          for (uint32_t z = 0; z < shape.block.z; ++z)
            for (uint32_t y = 0; y < shape.block.y; ++y)
              for (uint32_t x = 0; x < shape.block.x; ++x, ++index) {
                const uint32_t *r = out + 16 * index;
                uint32_t linear = x + shape.block.x * (y + shape.block.y * z);
                uint32_t lane = linear % 32;
                uint32_t expected[16] = {x,
                                         y,
                                         z,
                                         shape.block.x,
                                         shape.block.y,
                                         shape.block.z,
                                         cx,
                                         cy,
                                         cz,
                                         shape.grid.x,
                                         shape.grid.y,
                                         shape.grid.z,
                                         lane,
                                         (1u << lane) - 1,
                                         ~((1u << lane) - 1),
                                         linear};
                for (unsigned k = 0; k < 16; ++k)
                  ASSERT_EQ(r[k], expected[k])
                      << "register " << k << " of thread (" << x << "," << y
                      << "," << z << ") of block (" << cx << "," << cy << ","
                      << cz << ")";
              }
  }
}

// Named barriers with a thread count, producer and consumer as in the
// PTX ISA's example (barrier): the producer warp stores and announces it
// with bar.arrive, which "does not cause executing thread to wait", and
// waits at the second barrier for the consumer's bar.arrive.
const char *kProducerConsumer = R"(
.visible .entry handoff(
	.param .u64 handoff_param_0
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<8>;
	.shared .align 4 .b32 slot[32];
	ld.param.u64 	%rd1, [handoff_param_0];
	mov.u32 	%r1, %tid.x;
	and.b32 	%r2, %r1, 31;
	shl.b32 	%r3, %r2, 2;
	mov.u32 	%r4, slot;
	add.s32 	%r5, %r4, %r3;
	setp.lt.u32 	%p1, %r1, 32;
	@%p1 bra 	$L__consumer;
	mul.lo.s32 	%r6, %r2, 3;
	st.shared.u32 	[%r5], %r6;
	bar.arrive 	0, 64;
	bar.sync 	1, 64;
	st.shared.u32 	[%r5], 0;
	bra.uni 	$L__done;
$L__consumer:
	bar.sync 	0, 64;
	ld.shared.u32 	%r7, [%r5];
	mul.wide.u32 	%rd2, %r2, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r7;
	bar.arrive 	1, 64;
$L__done:
	ret;
}
)";

TEST_F(ControlFlowTest, ProducerConsumerBarriers) {
  std::string text = ptxModule(kProducerConsumer);
  const Program *program = load(text);
  uint32_t *out = buffer<uint32_t>(32, 0);
  LaunchOptions options;
  options.counters = true;
  LaunchReport report =
      runClean(program, Dim3{}, Dim3{64, 1, 1}, {ptr(out)}, options);
  for (unsigned t = 0; t < 32; ++t)
    EXPECT_EQ(out[t], 3 * t);
  EXPECT_EQ(report.counters.barriers, 2u);
  // Without the consumer's bar.arrive, barrier 1 gets 32 of its 64.
  std::string text2 = text;
  const std::string arrive = "\tbar.arrive \t1, 64;\n";
  ASSERT_NE(text2.find(arrive), std::string::npos);
  text2.erase(text2.find(arrive), arrive.size());
  report = run(load(text2), Dim3{}, Dim3{64, 1, 1}, {ptr(out)});
  EXPECT_FALSE(report.completed);
  ASSERT_NE(findFinding(report, Finding::Kind::BarrierDivergence), nullptr)
      << formatFindings(report);
  EXPECT_NE(findFinding(report, Finding::Kind::BarrierDivergence)
                ->message.find("32 of the 64"),
            std::string::npos)
      << formatFindings(report);
}

// A sample of blocks runs only those blocks (LaunchOptions::blocks).
TEST_F(ControlFlowTest, SampledBlocks) {
  const Program *program = load(ptxModule(kSpecialRegisters));
  uint32_t *out = buffer<uint32_t>(16 * 4 * 32, 0xdeadbeef);
  LaunchOptions options;
  options.blocks = {Dim3{1, 1, 0}};
  LaunchReport report =
      runClean(program, Dim3{2, 2, 1}, Dim3{32, 1, 1}, {ptr(out)}, options);
  EXPECT_EQ(report.blocksRun, 1u);
  for (unsigned block = 0; block < 4; ++block)
    EXPECT_EQ(out[16 * 32 * block + 6], block == 3 ? 1u : 0xdeadbeefu)
        << "block " << block;
}

} // namespace
