//===- InputErrorTest.cpp - Malformed PTX and impossible launches ---------===//
//
// What a runtime would refuse must be refused with a clear message, never
// a crash: malformed modules at LoadedModule::load (naming the PTX line
// and what is wrong there), launches the device could not run at launch()
// (argument count, grid and block limits, shared memory beyond the opt-in
// limit: 227 KiB on sm_90, 163 KiB on sm_80, per the CUDA C++ Programming
// Guide's "Technical Specifications per Compute Capability").
//
//===----------------------------------------------------------------------===//

#include "EmulatorTestSupport.h"

#include <random>

using namespace roller::emu;
using namespace roller::emu::test;

namespace {

using InputErrorTest = EmulatorTest;

std::string kernel(const std::string &body, const std::string &target = "sm_90",
                   const std::string &directives = "") {
  return ptxModule(R"(.visible .entry k(
	.param .u64 k_param_0,
	.param .u32 k_param_1
)
)" + directives + R"({
	.reg .pred 	%p<4>;
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<8>;
)" + body + R"(	ret;
}
)",
                   target);
}

void expectContains(const std::string &message, const std::string &part) {
  EXPECT_NE(message.find(part), std::string::npos)
      << "'" << part << "' not in: " << message;
}

TEST_F(InputErrorTest, MalformedModules) {
  struct Case {
    std::string body, lineText;
    std::vector<std::string> parts;
  } cases[] = {
      {"\tmov.u32 \t%r1, %tid.x\n\tadd.s32 \t%r2, %r1, 1;\n",
       "mov.u32",
       {"expected ';'", "mov.u32"}},
      {"\tfrobnicate.u32 \t%r1, %r2;\n",
       "frobnicate",
       {"unknown instruction frobnicate.u32"}},
      {"\tadd.s32 \t%r1, %q2, 1;\n", "%q2", {"undeclared register %q2"}},
      {"\tadd.s32 \t%r1, %r99, 1;\n", "%r99", {"%r99", "%r<16>"}},
      {"\tadd.s32 \t%r1, %r2;\n", "add.s32", {"expected 3 operands"}},
      {"\tbra.uni \t$L__nowhere;\n", "bra.uni", {"unknown label $L__nowhere"}},
      {"\tadd.sat.s32 \t%r1, %r2, 1, 2;\n", "add.sat", {"operands"}},
      {"\tld.global.v4.u32 \t{%r1, %r2}, [%rd1];\n",
       "ld.global",
       {"vector of 4"}},
      {"\tcp.async.ca.shared.global \t[%r1], [%rd1], 12;\n",
       "cp.async",
       {"4, 8 or 16"}},
      {"\tmma.sync.aligned.m16n8k16.row.row.f32.f16.f16.f32 \t{%r1}, {%r1}, "
       "{%r1}, {%r1};\n",
       "mma.sync",
       {".row.col"}},
      {"\tmov.u32 \t%r1, @;\n", "mov.u32 \t%r1, @", {"operand"}},
      {"$L__a:\n$L__a:\n\tmov.u32 \t%r1, 0;\n",
       "$L__a:\n$L__a:",
       {"defined twice"}},
      {"\tmbarrier.init.shared.b64 \t[%rd1], 1;\n",
       "mbarrier",
       {"not emulated"}},
      {"\tmul.lo.s16x2 \t%r1, %r1, %r1;\n",
       "mul.lo.s16x2",
       {"packed .s16x2", "only add, sub, min and max"}},
  };
  for (const Case &c : cases) {
    std::string text = kernel(c.body);
    std::string message = loadError(text);
    for (const std::string &part : c.parts)
      expectContains(message, part);
    unsigned line = lineOf(text, c.lineText);
    if (c.lineText == "$L__a:\n$L__a:")
      ++line; // the second definition
    expectContains(message, "test.ptx:" + std::to_string(line) + ":");
  }
  // Module-level problems.
  expectContains(loadError(".version 8.0\n.target sm_90\n.address_size 32\n"
                           ".visible .entry k()\n{\n\tret;\n}\n"),
                 "address_size 64");
  expectContains(loadError(ptxModule("")), "no kernel");
  expectContains(loadError(ptxModule(".visible .entry k(\n{\n\tret;\n}\n")),
                 "test.ptx:");
}

TEST_F(InputErrorTest, UnsupportedTarget) {
  // cuModuleLoad would reject the module on these GPUs; the emulator says
  // which targets it models, at load or at the latest at launch.
  std::string text = kernel("", "sm_70");
  ErrorOr<std::unique_ptr<LoadedModule>> loaded =
      LoadedModule::load(text, "test.ptx", allocator);
  std::string message;
  if (!loaded) {
    message = loaded.message();
  } else {
    ErrorOr<LaunchReport> report = tryRun((*loaded)->kernels().front().get(),
                                          Dim3{}, Dim3{32, 1, 1}, {0, 0});
    ASSERT_FALSE(report) << "a launch for sm_70 ran";
    message = report.message();
  }
  expectContains(message, "sm_70");
  expectContains(message, "sm_80");
  expectContains(message, "sm_90");
}

TEST_F(InputErrorTest, ImpossibleLaunches) {
  const Program *program = load(kernel(""));
  auto error = [&](Dim3 grid, Dim3 block, std::vector<uint64_t> args,
                   uint64_t dynamicShared = 0) {
    ErrorOr<LaunchReport> report =
        tryRun(program, grid, block, args, {}, dynamicShared);
    EXPECT_FALSE(report) << "launched (" << grid.x << "," << grid.y << ","
                         << grid.z << ") x (" << block.x << "," << block.y
                         << "," << block.z << ")";
    return report ? std::string() : report.message();
  };
  expectContains(error(Dim3{}, Dim3{32, 1, 1}, {0}),
                 "takes 2 parameters; the launch passed 1");
  expectContains(error(Dim3{}, Dim3{32, 1, 1}, {0, 0, 0}), "passed 3");
  expectContains(error(Dim3{1, 65536, 1}, Dim3{32, 1, 1}, {0, 0}), "65535");
  expectContains(error(Dim3{1, 1, 65536}, Dim3{32, 1, 1}, {0, 0}), "exceeds");
  expectContains(error(Dim3{2147483648u, 1, 1}, Dim3{32, 1, 1}, {0, 0}),
                 "exceeds");
  expectContains(error(Dim3{}, Dim3{1025, 1, 1}, {0, 0}), "1024");
  expectContains(error(Dim3{}, Dim3{512, 4, 1}, {0, 0}),
                 "2048 threads, more than the 1024 allowed");
  expectContains(error(Dim3{}, Dim3{1, 1, 65}, {0, 0}), "64");
  expectContains(error(Dim3{0, 1, 1}, Dim3{32, 1, 1}, {0, 0}), "zero");
  expectContains(error(Dim3{}, Dim3{32, 0, 1}, {0, 0}), "zero");
  // Shared memory: up to the opt-in limit and not a byte more.
  expectContains(error(Dim3{}, Dim3{32, 1, 1}, {0, 0}, 227 * 1024 + 1),
                 "232448 bytes a block of sm_90 may opt in to");
  ErrorOr<LaunchReport> fits =
      tryRun(program, Dim3{}, Dim3{32, 1, 1}, {0, 0}, {}, 227 * 1024);
  EXPECT_TRUE(fits) << fits.message();
  const Program *ampere = load(kernel("", "sm_80"));
  ErrorOr<LaunchReport> tooMuch =
      tryRun(ampere, Dim3{}, Dim3{32, 1, 1}, {0, 0}, {}, 163 * 1024 + 1);
  ASSERT_FALSE(tooMuch);
  expectContains(tooMuch.message(), "166912 bytes a block of sm_80");
  fits = tryRun(ampere, Dim3{}, Dim3{32, 1, 1}, {0, 0}, {}, 163 * 1024);
  EXPECT_TRUE(fits) << fits.message();
  // Static shared memory counts against the same limit.
  const Program *withStatic = load(kernel("", "sm_90", "") + "\n" +
                                       R"(.visible .entry s(
	.param .u64 s_param_0
)
{
	.shared .align 16 .b8 big[4096];
	ret;
}
)",
                                   "s");
  ErrorOr<LaunchReport> over =
      tryRun(withStatic, Dim3{}, Dim3{32, 1, 1}, {0}, {}, 227 * 1024 - 4095);
  ASSERT_FALSE(over);
  expectContains(over.message(), "4096 bytes of static");
  // A sampled block outside the grid, a null argument.
  LaunchOptions options;
  options.blocks = {Dim3{0, 2, 0}};
  ErrorOr<LaunchReport> outside =
      tryRun(program, Dim3{1, 2, 1}, Dim3{32, 1, 1}, {0, 0}, options);
  ASSERT_FALSE(outside);
  expectContains(outside.message(), "outside the grid");
  LaunchConfig config;
  config.block = Dim3{32, 1, 1};
  uint64_t value = 0;
  const void *args[] = {&value, nullptr};
  ErrorOr<LaunchReport> null =
      launch(*program, config, args, 2, memory, LaunchOptions());
  ASSERT_FALSE(null);
  expectContains(null.message(), "argument 1 is a null pointer");
}

TEST_F(InputErrorTest, ThreadCountDirectives) {
  const Program *limited = load(kernel("", "sm_90", ".maxntid 64, 1, 1\n"));
  ErrorOr<LaunchReport> report =
      tryRun(limited, Dim3{}, Dim3{128, 1, 1}, {0, 0});
  ASSERT_FALSE(report);
  expectContains(report.message(), ".maxntid");
  EXPECT_TRUE(tryRun(limited, Dim3{}, Dim3{64, 1, 1}, {0, 0}));
  const Program *required = load(kernel("", "sm_90", ".reqntid 32, 2, 1\n"));
  report = tryRun(required, Dim3{}, Dim3{64, 1, 1}, {0, 0});
  ASSERT_FALSE(report);
  expectContains(report.message(), ".reqntid");
  EXPECT_TRUE(tryRun(required, Dim3{}, Dim3{32, 2, 1}, {0, 0}));
}

// Truncated and corrupted modules are rejected, never crash the loader.
TEST_F(InputErrorTest, DamagedModulesNeverCrash) {
  const std::string text = ptxModule(R"(
.global .align 4 .b32 table[4] = {1, 2, 3, 4};

.visible .entry damaged(
	.param .u64 .ptr .align 1 damaged_param_0,
	.param .u32 damaged_param_1
)
.maxntid 128, 1, 1
{
	.reg .pred 	%p<4>;
	.reg .b16 	%rs<4>;
	.reg .b32 	%r<16>;
	.reg .f32 	%f<4>;
	.reg .b64 	%rd<8>;
	.shared .align 16 .b8 tile[256];
	ld.param.u64 	%rd1, [damaged_param_0];
	mov.u32 	%r1, %tid.x;
	setp.lt.u32 	%p1|%p2, %r1, 16;
	@!%p1 bra 	$L__BB0_2;
	mov.b32 	%f1, 0f3F800000;
	cvt.rn.f16.f32 	%rs1, %f1;
	mov.b32 	%r2, {%rs1, %rs1};
	ld.global.u32 	%r3, [table+4];
	cp.async.ca.shared.global 	[tile+16], [%rd1], 16, %r3;
	cp.async.wait_all;
$L__BB0_2:
	bar.sync 	0;
	ret;
}
)");
  ASSERT_TRUE(LoadedModule::load(text, "test.ptx", allocator));
  for (size_t cut = 0; cut < text.size(); cut += 3) {
    ErrorOr<std::unique_ptr<LoadedModule>> loaded =
        LoadedModule::load(text.substr(0, cut), "test.ptx", allocator);
    if (!loaded) {
      EXPECT_NE(loaded.message().find("test.ptx"), std::string::npos)
          << loaded.message();
    }
  }
  std::mt19937 random(42);
  const char noise[] = ";,{}[]<>@!|.%$0x-+:";
  for (int i = 0; i < 2000; ++i) {
    std::string damaged = text;
    for (int k = 0; k < 3; ++k) {
      size_t at = random() % damaged.size();
      damaged[at] = noise[random() % (sizeof noise - 1)];
    }
    ErrorOr<std::unique_ptr<LoadedModule>> loaded =
        LoadedModule::load(damaged, "test.ptx", allocator);
    if (!loaded) {
      EXPECT_FALSE(loaded.message().empty());
    }
  }
}

} // namespace
