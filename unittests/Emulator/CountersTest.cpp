//===- CountersTest.cpp - Instruction, bank-conflict and sector counters --===//
//
// Shared memory has 32 banks of 4-byte words; a warp's request is served
// in wavefronts, each reading at most one distinct word per bank (lanes
// reading the same word share it: a broadcast), and requests of 8- and
// 16-byte accesses are split into phases of 16 and 8 lanes (128 bytes
// each). Global requests touch 32-byte sectors. The expected counts below
// are worked out by hand from the addresses each test generates.
//
//===----------------------------------------------------------------------===//

#include "EmulatorTestSupport.h"

#include <cctype>
#include <map>

using namespace roller::emu;
using namespace roller::emu::test;

namespace {

using CountersTest = EmulatorTest;

/// One warp accesses shared memory at buf + lane * stride + offset with
/// `op` (e.g. "ld.shared.u32 \t%r5", "st.shared.v4.u32 \t... ").
std::string sharedKernel(const std::string &access) {
  return ptxModule(R"(
.visible .entry banks(
	.param .u32 banks_param_0
)
{
	.reg .b32 	%r<16>;
	.reg .b16 	%rs<4>;
	.shared .align 16 .b8 buf[16384];
	ld.param.u32 	%r1, [banks_param_0];
	mov.u32 	%r2, %tid.x;
	mov.u32 	%r3, buf;
	mad.lo.s32 	%r4, %r2, %r1, %r3;
	)" + access +
                   R"(;
	ret;
}
)");
}

struct SharedCounts {
  uint64_t requests, wavefronts, ideal;
};

class BankTest : public CountersTest {
protected:
  SharedCounts shared(const std::string &access, uint32_t strideBytes,
                      bool store) {
    const Program *program = load(sharedKernel(access));
    LaunchOptions options;
    options.counters = true;
    options.sanitize = false; // reads of never-written shared memory
    LaunchReport report =
        runClean(program, Dim3{}, Dim3{32, 1, 1}, {strideBytes}, options);
    const Counters &c = report.counters;
    if (store) {
      EXPECT_EQ(c.sharedLoadRequests, 0u);
      return {c.sharedStoreRequests, c.sharedStoreWavefronts,
              c.sharedStoreIdealWavefronts};
    }
    EXPECT_EQ(c.sharedStoreRequests, 0u);
    return {c.sharedLoadRequests, c.sharedLoadWavefronts,
            c.sharedLoadIdealWavefronts};
  }
};

#define EXPECT_SHARED(counts, r, w, i)                                         \
  do {                                                                         \
    SharedCounts got = (counts);                                               \
    EXPECT_EQ(got.requests, r##u);                                             \
    EXPECT_EQ(got.wavefronts, w##u);                                           \
    EXPECT_EQ(got.ideal, i##u);                                                \
  } while (0)

TEST_F(BankTest, FourByteAccesses) {
  const char *load = "ld.shared.u32 \t%r5, [%r4]";
  // Consecutive words: 32 banks, one word each.
  EXPECT_SHARED(shared(load, 4, false), 1, 1, 1);
  // Every other word: banks 0, 2, ..., 30 with two words each.
  EXPECT_SHARED(shared(load, 8, false), 1, 2, 1);
  // A stride of 3 words is odd: lanes land in 32 different banks.
  EXPECT_SHARED(shared(load, 12, false), 1, 1, 1);
  // 16 words apart: banks 0 and 16, sixteen words each.
  EXPECT_SHARED(shared(load, 64, false), 1, 16, 1);
  // 32 words apart: all in bank 0.
  EXPECT_SHARED(shared(load, 128, false), 1, 32, 1);
  // One word for all: a broadcast.
  EXPECT_SHARED(shared(load, 0, false), 1, 1, 1);
  // Stores count the same way.
  EXPECT_SHARED(shared("st.shared.u32 \t[%r4], %r2", 8, true), 1, 2, 1);
  EXPECT_SHARED(shared("st.shared.u32 \t[%r4], %r2", 4, true), 1, 1, 1);
}

TEST_F(BankTest, NarrowAndWideAccesses) {
  // Bytes: 32 lanes read 32 consecutive bytes, 8 words.
  EXPECT_SHARED(shared("ld.shared.u8 \t%rs1, [%r4]", 1, false), 1, 1, 1);
  // 16-bit elements 64 bytes apart: banks 0 and 16, 16 words each.
  EXPECT_SHARED(shared("ld.shared.u16 \t%rs1, [%r4]", 64, false), 1, 16, 1);
  // 8 bytes each, consecutive: two phases of 16 lanes, 32 words each.
  EXPECT_SHARED(shared("ld.shared.v2.u32 \t{%r5, %r6}, [%r4]", 8, false), 1, 2,
                2);
  // 16 bytes each, consecutive: four phases of 8 lanes, 32 words each.
  EXPECT_SHARED(
      shared("ld.shared.v4.u32 \t{%r5, %r6, %r7, %r8}, [%r4]", 16, false), 1, 4,
      4);
  // 16 bytes each, 32 bytes apart: a phase's 8 lanes cover words 0-3, 8-11,
  // ..., 56-59: banks 0-3, 8-11, 16-19, 24-27 twice each.
  EXPECT_SHARED(
      shared("ld.shared.v4.u32 \t{%r5, %r6, %r7, %r8}, [%r4]", 32, false), 1, 8,
      4);
  EXPECT_SHARED(
      shared("st.shared.v4.u32 \t[%r4], {%r2, %r2, %r2, %r2}", 16, true), 1, 4,
      4);
}

// ldmatrix.x4 reads 32 rows of 16 bytes, 8 per matrix. Rows 64 bytes apart
// (a 32-column f16 tile) start at words 16k: banks 0-3 and 16-19 take four
// rows each, 4 wavefronts per matrix. Padded to 80 bytes, rows start at
// words 20k, banks 0, 20, 8, 28, 16, 4, 24, 12 (mod 32): disjoint, one
// wavefront per matrix. One instruction, one request.
TEST_F(BankTest, LdmatrixRows) {
  const char *ldmatrix = "ldmatrix.sync.aligned.m8n8.x4.shared.b16 \t{%r5, "
                         "%r6, %r7, %r8}, [%r4]";
  EXPECT_SHARED(shared(ldmatrix, 64, false), 1, 16, 4);
  EXPECT_SHARED(shared(ldmatrix, 80, false), 1, 4, 4);
  EXPECT_SHARED(shared("ldmatrix.sync.aligned.m8n8.x1.shared.b16 \t{%r5}, "
                       "[%r4]",
                       64, false),
                1, 4, 1);
}

/// One warp loads global memory at base + offset + lane * stride.
std::string globalKernel(const std::string &access) {
  return ptxModule(R"(
.visible .entry sectors(
	.param .u64 sectors_param_0,
	.param .u32 sectors_param_1
)
{
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<8>;
	ld.param.u64 	%rd1, [sectors_param_0];
	ld.param.u32 	%r1, [sectors_param_1];
	mov.u32 	%r2, %tid.x;
	mul.wide.u32 	%rd2, %r2, %r1;
	add.s64 	%rd3, %rd1, %rd2;
	)" + access +
                   R"(;
	ret;
}
)");
}

TEST_F(CountersTest, GlobalSectors) {
  uint8_t *data = buffer<uint8_t>(8192, 0);
  struct Case {
    std::string access;
    uint32_t stride;
    uint64_t offset, sectors, ideal;
    bool store;
  } cases[] = {
      // 128 contiguous bytes: 4 sectors.
      {"ld.global.u32 \t%r5, [%rd3]", 4, 0, 4, 4, false},
      // 8 bytes apart: 256 bytes spanned, 8 sectors for 128 bytes.
      {"ld.global.u32 \t%r5, [%rd3]", 8, 0, 8, 4, false},
      // 32 bytes apart: a sector per lane.
      {"ld.global.u32 \t%r5, [%rd3]", 32, 0, 32, 4, false},
      // All lanes the same word.
      {"ld.global.u32 \t%r5, [%rd3]", 0, 0, 1, 1, false},
      // 128 bytes starting mid-sector: 5 sectors.
      {"ld.global.u32 \t%r5, [%rd3]", 4, 16, 5, 4, false},
      // 16 bytes per lane, contiguous: 512 bytes, 16 sectors.
      {"ld.global.v4.u32 \t{%r5, %r6, %r7, %r8}, [%rd3]", 16, 0, 16, 16, false},
      {"st.global.u32 \t[%rd3], %r2", 4, 0, 4, 4, true},
      {"st.global.u32 \t[%rd3], %r2", 64, 0, 32, 4, true},
  };
  for (const Case &c : cases) {
    const Program *program = load(globalKernel(c.access));
    LaunchOptions options;
    options.counters = true;
    LaunchReport report = runClean(program, Dim3{}, Dim3{32, 1, 1},
                                   {ptr(data + c.offset), c.stride}, options);
    const Counters &k = report.counters;
    uint64_t requests = c.store ? k.globalStoreRequests : k.globalLoadRequests;
    uint64_t sectors = c.store ? k.globalStoreSectors : k.globalLoadSectors;
    uint64_t ideal =
        c.store ? k.globalStoreIdealSectors : k.globalLoadIdealSectors;
    EXPECT_EQ(requests, 1u) << c.access << " stride " << c.stride;
    EXPECT_EQ(sectors, c.sectors) << c.access << " stride " << c.stride;
    EXPECT_EQ(ideal, c.ideal) << c.access << " stride " << c.stride;
    EXPECT_EQ(c.store ? k.globalLoadRequests : k.globalStoreRequests, 0u);
  }
}

// cp.async counts as a global load and a shared store (Counters): 32
// lanes copying 16 consecutive bytes each read 512 bytes, 16 sectors, and
// write four phases of 8 lanes without conflicts.
TEST_F(CountersTest, AsyncCopyCountsBothSides) {
  const Program *program = load(ptxModule(R"(
.visible .entry copy(
	.param .u64 copy_param_0
)
{
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<8>;
	.shared .align 16 .b8 tile[512];
	ld.param.u64 	%rd1, [copy_param_0];
	mov.u32 	%r1, %tid.x;
	shl.b32 	%r2, %r1, 4;
	mov.u32 	%r3, tile;
	add.s32 	%r4, %r3, %r2;
	cvt.u64.u32 	%rd2, %r2;
	add.s64 	%rd3, %rd1, %rd2;
	cp.async.cg.shared.global 	[%r4], [%rd3], 16;
	cp.async.wait_all;
	ret;
}
)"));
  uint8_t *data = buffer<uint8_t>(512, 1);
  LaunchOptions options;
  options.counters = true;
  LaunchReport report =
      runClean(program, Dim3{}, Dim3{32, 1, 1}, {ptr(data)}, options);
  const Counters &c = report.counters;
  EXPECT_EQ(c.warpInstructions[size_t(InstClass::AsyncCopy)], 2u);
  EXPECT_EQ(c.globalLoadRequests, 1u);
  EXPECT_EQ(c.globalLoadSectors, 16u);
  EXPECT_EQ(c.globalLoadIdealSectors, 16u);
  EXPECT_EQ(c.sharedStoreRequests, 1u);
  EXPECT_EQ(c.sharedStoreWavefronts, 4u);
  EXPECT_EQ(c.sharedStoreIdealWavefronts, 4u);
  EXPECT_EQ(c.sharedLoadRequests, 0u);
}

const char *kMix = R"(
.visible .entry mix(
	.param .u64 mix_param_0
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<16>;
	.reg .f32 	%f<4>;
	.reg .b64 	%rd<8>;
	.shared .align 4 .b32 cell[64];
	ld.param.u64 	%rd1, [mix_param_0];
	mov.u32 	%r1, %tid.x;
	add.s32 	%r2, %r1, 1;
	cvt.rn.f32.u32 	%f1, %r2;
	fma.rn.f32 	%f2, %f1, %f1, %f1;
	shl.b32 	%r3, %r1, 2;
	mov.u32 	%r4, cell;
	add.s32 	%r5, %r4, %r3;
	st.shared.f32 	[%r5], %f2;
	bar.sync 	0;
	setp.lt.u32 	%p1, %r1, 10;
	@%p1 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_3;
$L__BB0_2:
	ld.shared.f32 	%f3, [%r5];
	mul.wide.u32 	%rd2, %r1, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.f32 	[%rd3], %f3;
$L__BB0_3:
	bar.sync 	0;
	ret;
}
)";

// Instructions by class: a warp instruction per warp that executes it, a
// thread instruction per lane that executes it (guard true).
TEST_F(CountersTest, InstructionClassesAndBarriers) {
  const Program *program = load(ptxModule(kMix));
  float *out = buffer<float>(64, 0);
  LaunchOptions options;
  options.counters = true;
  LaunchReport report =
      runClean(program, Dim3{3, 1, 1}, Dim3{64, 1, 1}, {ptr(out)}, options);
  const Counters &c = report.counters;
  const uint64_t warps = 3 * 2, threads = 3 * 64;
  auto warp = [&](InstClass k) { return c.warpInstructions[size_t(k)]; };
  auto thread = [&](InstClass k) { return c.threadInstructions[size_t(k)]; };
  EXPECT_EQ(c.blocks, 3u);
  EXPECT_EQ(c.warps, warps);
  EXPECT_EQ(c.barriers, 3u * 2);
  EXPECT_EQ(warp(InstClass::LoadParam), warps);
  // mov tid, mov cell.
  EXPECT_EQ(warp(InstClass::Move), 2 * warps);
  // add, shl, add, setp (an integer comparison) everywhere; mul.wide and
  // add.s64 on the branch below.
  EXPECT_EQ(warp(InstClass::Integer), 4 * warps + 2 * 3);
  EXPECT_EQ(thread(InstClass::Integer), 4 * threads + 2 * 30);
  EXPECT_EQ(warp(InstClass::Convert), warps);
  EXPECT_EQ(warp(InstClass::Float32), warps);
  EXPECT_EQ(warp(InstClass::StoreShared), warps);
  EXPECT_EQ(warp(InstClass::Barrier), 2 * warps);
  // Only lanes 0-9 of each block's first warp take the branch: one warp
  // instruction each for the load, mul.wide, add.s64 and the store, on 10
  // threads.
  EXPECT_EQ(warp(InstClass::LoadShared), 3u);
  EXPECT_EQ(thread(InstClass::LoadShared), 30u);
  EXPECT_EQ(warp(InstClass::StoreGlobal), 3u);
  EXPECT_EQ(thread(InstClass::StoreGlobal), 30u);
  // @p bra by every warp (its thread instructions: the 10 lanes whose
  // guard holds), bra.uni by the lanes not taking it (22 of the first warp,
  // all of the second), ret.
  EXPECT_EQ(warp(InstClass::Control), warps + warps + warps);
  EXPECT_EQ(thread(InstClass::Control), 30 + 3 * (22 + 32) + threads);
  EXPECT_EQ(c.sharedStoreRequests, warps);
  EXPECT_EQ(c.sharedLoadRequests, 3u);
  EXPECT_EQ(c.globalStoreRequests, 3u);
  EXPECT_EQ(c.globalStoreSectors, 3u * 2); // 40 bytes from a 256-byte base
  // Without counters, nothing is counted.
  LaunchReport quiet =
      runClean(program, Dim3{3, 1, 1}, Dim3{64, 1, 1}, {ptr(out)});
  EXPECT_EQ(quiet.counters.warpInstructions[size_t(InstClass::Integer)], 0u);
  EXPECT_EQ(quiet.counters.sharedStoreRequests, 0u);
}

//===----------------------------------------------------------------------===//
// countersToJson: a tiny JSON reader, enough to check the object's shape.
//===----------------------------------------------------------------------===//

/// Parses JSON text into "path" -> scalar text (objects' keys joined with
/// '.', array elements as [i]); false on a syntax error.
class JsonReader {
public:
  explicit JsonReader(const std::string &text) : text(text) {}
  bool parse(std::map<std::string, std::string> &out) {
    values = &out;
    return value("") && (skip(), pos == text.size());
  }

private:
  void skip() {
    while (pos < text.size() && std::isspace((unsigned char)text[pos]))
      ++pos;
  }
  bool eat(char c) {
    skip();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  bool string(std::string &s) {
    if (!eat('"'))
      return false;
    while (pos < text.size() && text[pos] != '"') {
      if (text[pos] == '\\')
        ++pos;
      s += text[pos++];
    }
    return eat('"');
  }
  bool value(const std::string &path) {
    skip();
    if (eat('{')) {
      if (eat('}'))
        return true;
      do {
        std::string key;
        if (!string(key) || !eat(':') ||
            !value(path.empty() ? key : path + "." + key))
          return false;
      } while (eat(','));
      return eat('}');
    }
    if (eat('[')) {
      if (eat(']'))
        return true;
      unsigned i = 0;
      do {
        if (!value(path + "[" + std::to_string(i++) + "]"))
          return false;
      } while (eat(','));
      return eat(']');
    }
    std::string scalar;
    if (pos < text.size() && text[pos] == '"') {
      if (!string(scalar))
        return false;
    } else {
      while (pos < text.size() &&
             (std::isalnum((unsigned char)text[pos]) || text[pos] == '.' ||
              text[pos] == '-' || text[pos] == '+'))
        scalar += text[pos++];
      if (scalar.empty())
        return false;
      char *end = nullptr;
      std::strtod(scalar.c_str(), &end);
      if (*end != '\0' && scalar != "true" && scalar != "false" &&
          scalar != "null")
        return false;
    }
    (*values)[path] = scalar;
    return true;
  }
  const std::string &text;
  size_t pos = 0;
  std::map<std::string, std::string> *values = nullptr;
};

TEST_F(CountersTest, JsonHasTheCounters) {
  const Program *program = load(ptxModule(kMix));
  float *out = buffer<float>(64, 0);
  LaunchOptions options;
  options.counters = true;
  LaunchReport report = runClean(program, Dim3{3, 1, 1}, Dim3{64, 1, 1},
                                 {ptr(out)}, options, 128);
  std::string json = countersToJson(*program, lastConfig, report.counters);
  std::map<std::string, std::string> values;
  ASSERT_TRUE(JsonReader(json).parse(values)) << json;
  auto number = [&](const std::string &key) {
    EXPECT_TRUE(values.count(key)) << key << " missing from " << json;
    return values.count(key) ? std::stod(values[key]) : -1.0;
  };
  EXPECT_EQ(values["kernel"], "mix");
  EXPECT_EQ(number("grid[0]"), 3);
  EXPECT_EQ(number("block[0]"), 64);
  EXPECT_EQ(number("dynamic_shared_memory_bytes"), 128);
  EXPECT_EQ(number("blocks_run"), 3);
  EXPECT_EQ(number("warps_run"), 6);
  EXPECT_EQ(number("barriers"), 6);
  for (unsigned i = 0; i < kNumInstClasses; ++i) {
    std::string name = instClassName(InstClass(i));
    EXPECT_EQ(number("warp_instructions." + name),
              double(report.counters.warpInstructions[i]))
        << name;
    EXPECT_EQ(number("thread_instructions." + name),
              double(report.counters.threadInstructions[i]))
        << name;
  }
  EXPECT_EQ(number("shared_load.requests"), 3);
  EXPECT_EQ(number("shared_store.wavefronts"),
            double(report.counters.sharedStoreWavefronts));
  number("shared_load.ideal_wavefronts");
  number("shared_load.bank_conflict_factor");
  EXPECT_EQ(number("global_store.requests"), 3);
  EXPECT_EQ(number("global_store.sectors_per_request"), 2);
  number("global_load.ideal_sectors");
  // Sanity of the reader: it rejects broken JSON.
  std::map<std::string, std::string> ignored;
  EXPECT_FALSE(JsonReader(json.substr(0, json.size() - 1)).parse(ignored));
  EXPECT_FALSE(JsonReader("{\"a\": 1,}").parse(ignored));
}

} // namespace
