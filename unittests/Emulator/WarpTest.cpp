//===- WarpTest.cpp - ldmatrix, mma.sync, shfl, vote, redux ---------------===//
//
// Warp-collective instructions against the PTX ISA's fragment figures and
// pseudo-code. The fragment layouts below are written out here from the
// ISA (9.7.14.5.x "Matrix Fragments for mma.m16n8k*", 9.7.14.5.15
// "ldmatrix"), independently of lib/Emulator/ExecWarp.cpp: the host packs
// A, B and C into each lane's registers with them, the kernel runs one
// mma, and the host unpacks D with them and compares it element for
// element with A * B + C computed here.
//
//===----------------------------------------------------------------------===//

#include "EmulatorTestSupport.h"

#include <cmath>
#include <functional>

using namespace roller::emu;
using namespace roller::emu::test;

namespace {

using WarpTest = EmulatorTest;

struct Coord {
  unsigned row, col;
};

//===----------------------------------------------------------------------===//
// ldmatrix
//===----------------------------------------------------------------------===//

/// Loads a 4 KiB tile into shared memory, then runs one ldmatrix with each
/// lane's row address at tile + offsets[lane], and stores each lane's
/// registers.
std::string ldmatrixKernel(unsigned num, bool trans) {
  std::string regs, stores;
  for (unsigned i = 0; i < num; ++i) {
    regs += (i ? ", %r" : "%r") + std::to_string(12 + i);
    stores += "\tst.global.u32 \t[%rd9+" + std::to_string(4 * i) + "], %r" +
              std::to_string(12 + i) + ";\n";
  }
  return ptxModule(R"(
.visible .entry ldm(
	.param .u64 ldm_param_0,
	.param .u64 ldm_param_1,
	.param .u64 ldm_param_2
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<32>;
	.reg .b64 	%rd<16>;
	.shared .align 16 .b8 tile[4096];
	ld.param.u64 	%rd1, [ldm_param_0];
	ld.param.u64 	%rd2, [ldm_param_1];
	ld.param.u64 	%rd3, [ldm_param_2];
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r8, tile;
	mov.u32 	%r2, %r1;
$L__BB0_1:
	mul.wide.u32 	%rd4, %r2, 16;
	add.s64 	%rd5, %rd1, %rd4;
	ld.global.v4.u32 	{%r4, %r5, %r6, %r7}, [%rd5];
	mad.lo.s32 	%r9, %r2, 16, %r8;
	st.shared.v4.u32 	[%r9], {%r4, %r5, %r6, %r7};
	add.s32 	%r2, %r2, 32;
	setp.lt.u32 	%p1, %r2, 256;
	@%p1 bra 	$L__BB0_1;
	bar.sync 	0;
	mul.wide.u32 	%rd6, %r1, 4;
	add.s64 	%rd7, %rd2, %rd6;
	ld.global.u32 	%r10, [%rd7];
	add.s32 	%r11, %r8, %r10;
	ldmatrix.sync.aligned.m8n8.x)" +
                   std::to_string(num) + (trans ? ".trans" : "") +
                   ".shared.b16 \t{" + regs + R"(}, [%r11];
	mul.wide.u32 	%rd8, %r1, 16;
	add.s64 	%rd9, %rd3, %rd8;
)" + stores + "\tret;\n}\n");
}

// "Each address corresponds to the start of a matrix row. Addresses
// addr0-addr7 correspond to the rows of the first matrix, addresses
// addr8-addr15 to the rows of the second matrix, and so on" (threads 0-7
// give the addresses for .x1, 0-15 for .x2, all 32 for .x4). "A group of
// four threads loads an entire row": without .trans, lane l's register m
// holds elements (l / 4, 2 (l % 4)) and (l / 4, 2 (l % 4) + 1) of matrix m,
// the first in the low half; .trans loads the matrix "in column-major
// format": elements (2 (l % 4), l / 4) and (2 (l % 4) + 1, l / 4).
TEST_F(WarpTest, LdmatrixFragments) {
  std::vector<uint16_t> data(2048);
  for (unsigned i = 0; i < 2048; ++i)
    data[i] = uint16_t(i * 7 + 3);
  // Rows in a scrambled order, at 16-byte-aligned offsets.
  std::vector<uint32_t> offsets(32);
  for (unsigned i = 0; i < 32; ++i)
    offsets[i] = (i * 5 % 32) * 64 + 16 * (i % 3);
  for (unsigned num : {1u, 2u, 4u})
    for (bool trans : {false, true}) {
      const Program *program = load(ldmatrixKernel(num, trans));
      std::vector<uint32_t> laneOffsets = offsets;
      // Lanes that give no address may hold anything.
      for (unsigned lane = 8 * num; lane < 32; ++lane)
        laneOffsets[lane] = 0x7ffff0;
      uint16_t *in = buffer(data);
      uint32_t *rows = buffer(laneOffsets);
      uint32_t *out = buffer<uint32_t>(32 * 4, 0);
      runClean(program, Dim3{}, Dim3{32, 1, 1}, {ptr(in), ptr(rows), ptr(out)});
      auto element = [&](unsigned m, unsigned row, unsigned col) {
        return data[(offsets[8 * m + row] + 2 * col) / 2];
      };
      for (unsigned lane = 0; lane < 32; ++lane)
        for (unsigned m = 0; m < num; ++m) {
          unsigned g = lane / 4, t = lane % 4;
          uint16_t lo = trans ? element(m, 2 * t, g) : element(m, g, 2 * t);
          uint16_t hi =
              trans ? element(m, 2 * t + 1, g) : element(m, g, 2 * t + 1);
          EXPECT_EQ(out[4 * lane + m], uint32_t(hi) << 16 | lo)
              << "x" << num << (trans ? ".trans" : "") << " lane " << lane
              << " register " << m;
        }
    }
}

// ldmatrix without a state space takes a generic address of shared memory
// ("If no state space is provided, generic addressing is used").
TEST_F(WarpTest, LdmatrixGenericAddress) {
  std::string text = ldmatrixKernel(1, false);
  auto replace = [&](const std::string &from, const std::string &to) {
    size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
  };
  replace("add.s32 \t%r11, %r8, %r10;",
          "add.s32 \t%r11, %r8, %r10;\n\tcvt.u64.u32 \t%rd10, %r11;\n"
          "\tcvta.shared.u64 \t%rd11, %rd10;");
  replace(".shared.b16 \t{%r12}, [%r11]", ".b16 \t{%r12}, [%rd11]");
  const Program *program = load(text);
  std::vector<uint16_t> data(2048);
  for (unsigned i = 0; i < 2048; ++i)
    data[i] = uint16_t(i);
  std::vector<uint32_t> offsets(32, 0x7ffff0);
  for (unsigned r = 0; r < 8; ++r)
    offsets[r] = 16 * r;
  uint16_t *in = buffer(data);
  uint32_t *rows = buffer(offsets);
  uint32_t *out = buffer<uint32_t>(32 * 4, 0);
  runClean(program, Dim3{}, Dim3{32, 1, 1}, {ptr(in), ptr(rows), ptr(out)});
  for (unsigned lane = 0; lane < 32; ++lane) {
    uint32_t first = 8 * (lane / 4) + 2 * (lane % 4);
    EXPECT_EQ(out[4 * lane], (first + 1) << 16 | first) << "lane " << lane;
  }
}

//===----------------------------------------------------------------------===//
// mma.sync
//===----------------------------------------------------------------------===//

/// An mma variant: its opcode, matrix shape, element width of A/B, and the
/// registers per lane of A, B, C and D.
struct MmaVariant {
  const char *opcode;
  unsigned m, n, k;
  unsigned abBits;
  unsigned regsA, regsB, regsC, regsD;
  enum class Kind { F16, BF16, TF32, S8 } kind;
  bool halfAccumulator; ///< C and D are f16x2
};

/// Element e of lane `lane`'s A fragment, per the ISA's figures. For f16
/// and bf16 (two per register): a0,a1 at (g, 2t + i), a2,a3 at (g + 8,
/// 2t + i), a4,a5 at (g, 2t + 8 + i), a6,a7 at (g + 8, 2t + 8 + i); tf32
/// m16n8k8: a0 (g, t), a1 (g + 8, t), a2 (g, t + 4), a3 (g + 8, t + 4); s8
/// m16n8k32 (four per register): a0..a3 (g, 4t + i), a4..a7 (g + 8, 4t +
/// i), a8..a11 (g, 16 + 4t + i), a12..a15 (g + 8, 16 + 4t + i).
Coord fragmentA(const MmaVariant &v, unsigned lane, unsigned e) {
  unsigned g = lane / 4, t = lane % 4;
  switch (v.kind) {
  case MmaVariant::Kind::TF32: {
    static const Coord table[4] = {{0, 0}, {8, 0}, {0, 4}, {8, 4}};
    return {g + table[e].row, t + table[e].col};
  }
  case MmaVariant::Kind::S8:
    return {g + (e / 4 % 2 ? 8 : 0), 4 * t + e % 4 + (e >= 8 ? 16 : 0)};
  default:
    return {g + (e / 2 % 2 ? 8 : 0), 2 * t + e % 2 + (e >= 4 ? 8 : 0)};
  }
}

/// B: f16/bf16 b0,b1 at (2t + i, g), b2,b3 at (2t + 8 + i, g); tf32 b0 (t,
/// g), b1 (t + 4, g); s8 b0..b3 (4t + i, g), b4..b7 (16 + 4t + i, g).
Coord fragmentB(const MmaVariant &v, unsigned lane, unsigned e) {
  unsigned g = lane / 4, t = lane % 4;
  switch (v.kind) {
  case MmaVariant::Kind::TF32:
    return {t + 4 * e, g};
  case MmaVariant::Kind::S8:
    return {4 * t + e % 4 + (e >= 4 ? 16 : 0), g};
  default:
    return {2 * t + e % 2 + (e >= 2 ? 8 : 0), g};
  }
}

/// C and D: c0,c1 at (g, 2t + i), c2,c3 at (g + 8, 2t + i).
Coord fragmentC(unsigned lane, unsigned e) {
  unsigned g = lane / 4, t = lane % 4;
  return {g + (e >= 2 ? 8 : 0), 2 * t + e % 2};
}

std::string mmaKernel(const MmaVariant &v) {
  std::string text = R"(
.visible .entry mma(
	.param .u64 mma_param_0,
	.param .u64 mma_param_1,
	.param .u64 mma_param_2,
	.param .u64 mma_param_3
)
{
	.reg .b32 	%a<8>;
	.reg .b32 	%b<8>;
	.reg .b32 	%c<8>;
	.reg .b32 	%d<8>;
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<16>;
	ld.param.u64 	%rd1, [mma_param_0];
	ld.param.u64 	%rd2, [mma_param_1];
	ld.param.u64 	%rd3, [mma_param_2];
	ld.param.u64 	%rd4, [mma_param_3];
	mov.u32 	%r1, %laneid;
	mul.wide.u32 	%rd5, %r1, 32;
	add.s64 	%rd1, %rd1, %rd5;
	add.s64 	%rd2, %rd2, %rd5;
	add.s64 	%rd3, %rd3, %rd5;
	add.s64 	%rd4, %rd4, %rd5;
)";
  auto list = [](char name, unsigned count) {
    std::string s = "{";
    for (unsigned i = 0; i < count; ++i)
      s += std::string(i ? ", %" : "%") + name + std::to_string(i);
    return s + "}";
  };
  auto loads = [&](char name, unsigned count, const char *base) {
    for (unsigned i = 0; i < count; ++i)
      text += std::string("\tld.global.u32 \t%") + name + std::to_string(i) +
              ", [" + base + "+" + std::to_string(4 * i) + "];\n";
  };
  loads('a', v.regsA, "%rd1");
  loads('b', v.regsB, "%rd2");
  loads('c', v.regsC, "%rd3");
  text += std::string("\t") + v.opcode + " \t" + list('d', v.regsD) + ", " +
          list('a', v.regsA) + ", " + list('b', v.regsB) + ", " +
          list('c', v.regsC) + ";\n";
  for (unsigned i = 0; i < v.regsD; ++i)
    text += "\tst.global.u32 \t[%rd4+" + std::to_string(4 * i) + "], %d" +
            std::to_string(i) + ";\n";
  return ptxModule(text + "\tret;\n}\n");
}

uint64_t encode(const MmaVariant &v, double value) {
  switch (v.kind) {
  case MmaVariant::Kind::F16: {
    _Float16 h = _Float16(value);
    uint16_t bits;
    std::memcpy(&bits, &h, 2);
    return bits;
  }
  case MmaVariant::Kind::BF16: {
    float f = float(value); // small integers: exact, low 16 bits zero
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    return bits >> 16;
  }
  case MmaVariant::Kind::TF32: {
    float f = float(value);
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    return bits;
  }
  case MmaVariant::Kind::S8:
    return uint8_t(int8_t(value));
  }
  return 0;
}

void checkMma(
    WarpTest &test, const MmaVariant &v,
    const std::function<uint32_t *(size_t)> &allocate,
    const std::function<void(const Program *, std::vector<uint64_t>)> &run,
    const Program *program) {
  const unsigned m = v.m, n = v.n, k = v.k;
  std::vector<double> A(m * k), B(k * n), C(m * n);
  bool integer = v.kind == MmaVariant::Kind::S8;
  for (unsigned i = 0; i < m; ++i)
    for (unsigned j = 0; j < k; ++j)
      A[i * k + j] = integer ? double(int((i * 37 + j * 11) % 255) - 127)
                             : double(int((i * 7 + j * 3) % 9) - 4);
  for (unsigned i = 0; i < k; ++i)
    for (unsigned j = 0; j < n; ++j)
      B[i * n + j] = integer ? double(int((i * 53 + j * 29) % 251) - 125)
                             : double(int((i * 5 + j * 11) % 7) - 3);
  for (unsigned i = 0; i < m; ++i)
    for (unsigned j = 0; j < n; ++j)
      C[i * n + j] = integer ? double(int(i * 1000) - int(j * 70000))
                             : double(int((i * 8 + j) % 13) - 6);
  uint32_t *a = allocate(32 * 8), *b = allocate(32 * 8), *c = allocate(32 * 8),
           *d = allocate(32 * 8);
  unsigned perRegister = 32 / v.abBits;
  for (unsigned lane = 0; lane < 32; ++lane) {
    for (unsigned e = 0; e < v.regsA * perRegister; ++e) {
      Coord at = fragmentA(v, lane, e);
      a[8 * lane + e / perRegister] |=
          uint32_t(encode(v, A[at.row * k + at.col]))
          << (v.abBits * (e % perRegister));
    }
    for (unsigned e = 0; e < v.regsB * perRegister; ++e) {
      Coord at = fragmentB(v, lane, e);
      b[8 * lane + e / perRegister] |=
          uint32_t(encode(v, B[at.row * n + at.col]))
          << (v.abBits * (e % perRegister));
    }
    for (unsigned e = 0; e < 4; ++e) {
      Coord at = fragmentC(lane, e);
      double value = C[at.row * n + at.col];
      if (v.halfAccumulator) {
        MmaVariant half = v;
        half.kind = MmaVariant::Kind::F16;
        c[8 * lane + e / 2] |= uint32_t(encode(half, value)) << (16 * (e % 2));
      } else if (integer) {
        c[8 * lane + e] = uint32_t(int32_t(value));
      } else {
        float f = float(value);
        std::memcpy(&c[8 * lane + e], &f, 4);
      }
    }
  }
  run(program, {ptr(a), ptr(b), ptr(c), ptr(d)});
  for (unsigned lane = 0; lane < 32; ++lane)
    for (unsigned e = 0; e < 4; ++e) {
      Coord at = fragmentC(lane, e);
      double expected = C[at.row * n + at.col];
      for (unsigned kk = 0; kk < k; ++kk)
        expected += A[at.row * k + kk] * B[kk * n + at.col];
      double actual;
      if (v.halfAccumulator) {
        uint16_t bits = uint16_t(d[8 * lane + e / 2] >> (16 * (e % 2)));
        _Float16 h;
        std::memcpy(&h, &bits, 2);
        actual = double(h);
      } else if (integer) {
        actual = double(int32_t(d[8 * lane + e]));
      } else {
        float f;
        std::memcpy(&f, &d[8 * lane + e], 4);
        actual = f;
      }
      EXPECT_EQ(actual, expected)
          << v.opcode << ": D(" << at.row << ", " << at.col << ") from lane "
          << lane << " element " << e;
    }
  (void)test;
}

TEST_F(WarpTest, MmaAgainstTheIsaLayouts) {
  using K = MmaVariant::Kind;
  const MmaVariant variants[] = {
      {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", 16, 8, 16, 16, 4, 2,
       4, 4, K::F16, false},
      {"mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16", 16, 8, 16, 16, 4, 2,
       2, 2, K::F16, true},
      {"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", 16, 8, 16, 16, 4,
       2, 4, 4, K::BF16, false},
      {"mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32", 16, 8, 8, 16, 2, 1,
       4, 4, K::F16, false},
      {"mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32", 16, 8, 8, 16, 2, 1,
       4, 4, K::BF16, false},
      {"mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", 16, 8, 8, 32, 4, 2,
       4, 4, K::TF32, false},
      {"mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32", 16, 8, 32, 8, 4, 2, 4,
       4, K::S8, false},
  };
  for (const MmaVariant &v : variants) {
    const Program *program = load(mmaKernel(v));
    checkMma(
        *this, v, [&](size_t count) { return buffer<uint32_t>(count, 0); },
        [&](const Program *p, std::vector<uint64_t> args) {
          runClean(p, Dim3{}, Dim3{32, 1, 1}, args);
        },
        program);
  }
}

//===----------------------------------------------------------------------===//
// shfl, vote, redux
//===----------------------------------------------------------------------===//

/// shfl.sync per the ISA's pseudo-code (9.7.8.x "shfl.sync"):
///   maxLane = (lane & mask) | (cval & ~mask); minLane = lane & mask;
///   up: j = lane - bval, pval = j >= maxLane; down: j = lane + bval,
///   pval = j <= maxLane; bfly: j = lane ^ bval, pval = j <= maxLane;
///   idx: j = minLane | (bval & ~mask), pval = j <= maxLane;
///   if (!pval) j = lane;
/// with bval = b[4:0], cval = c[4:0], mask = c[12:8].
std::pair<int, bool> shuffleSource(const char *mode, int lane, uint32_t b,
                                   uint32_t c) {
  int bval = int(b & 31), cval = int(c & 31), mask = int((c >> 8) & 31);
  int maxLane = (lane & mask) | (cval & ~mask), minLane = lane & mask;
  int j;
  bool pval;
  if (!std::strcmp(mode, "up")) {
    j = lane - bval;
    pval = j >= maxLane;
  } else if (!std::strcmp(mode, "down")) {
    j = lane + bval;
    pval = j <= maxLane;
  } else if (!std::strcmp(mode, "bfly")) {
    j = lane ^ bval;
    pval = j <= maxLane;
  } else {
    j = minLane | (bval & ~mask);
    pval = j <= maxLane;
  }
  return {pval ? j : lane, pval};
}

TEST_F(WarpTest, Shuffle) {
  struct Case {
    const char *mode;
    std::function<uint32_t(unsigned)> b;
    uint32_t c;
  } cases[] = {
      {"idx", [](unsigned l) { return (l * 7 + 3) % 32; }, 0x1f},
      {"idx", [](unsigned l) { return l + 35; }, 0x1f},
      {"idx", [](unsigned) { return 5u; }, 0x181f}, // width 8
      {"idx", [](unsigned l) { return 31 - l; }, 0x0f},
      {"up", [](unsigned) { return 2u; }, 0},
      {"up", [](unsigned) { return 3u; }, 0x1000}, // width 16
      {"down", [](unsigned) { return 3u; }, 0x1f},
      {"down", [](unsigned) { return 1u; }, 0x181f},
      {"down", [](unsigned) { return 4u; }, 0x0c},
      {"bfly", [](unsigned) { return 5u; }, 0x1f},
      {"bfly", [](unsigned) { return 16u; }, 0x101f},
      {"bfly", [](unsigned) { return 1u; }, 0x1e},
  };
  for (const Case &c : cases) {
    const Program *program = load(ptxModule(std::string(R"(
.visible .entry shfl(
	.param .u64 shfl_param_0,
	.param .u64 shfl_param_1,
	.param .u32 shfl_param_2
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<8>;
	ld.param.u64 	%rd1, [shfl_param_0];
	ld.param.u64 	%rd2, [shfl_param_1];
	ld.param.u32 	%r4, [shfl_param_2];
	mov.u32 	%r1, %laneid;
	mad.lo.s32 	%r2, %r1, 100, 7;
	mul.wide.u32 	%rd3, %r1, 4;
	add.s64 	%rd4, %rd2, %rd3;
	ld.global.u32 	%r3, [%rd4];
	shfl.sync.)") + c.mode + R"(.b32 	%r5|%p1, %r2, %r3, %r4, -1;
	selp.u32 	%r6, 1, 0, %p1;
	mul.wide.u32 	%rd5, %r1, 8;
	add.s64 	%rd6, %rd1, %rd5;
	st.global.u32 	[%rd6], %r5;
	st.global.u32 	[%rd6+4], %r6;
	ret;
}
)"));
    std::vector<uint32_t> bs(32);
    for (unsigned lane = 0; lane < 32; ++lane)
      bs[lane] = c.b(lane);
    uint32_t *out = buffer<uint32_t>(64, 0);
    uint32_t *b = buffer(bs);
    runClean(program, Dim3{}, Dim3{32, 1, 1}, {ptr(out), ptr(b), c.c});
    for (int lane = 0; lane < 32; ++lane) {
      auto [source, valid] = shuffleSource(c.mode, lane, bs[lane], c.c);
      EXPECT_EQ(out[2 * lane], uint32_t(source * 100 + 7))
          << "shfl." << c.mode << " c=0x" << std::hex << c.c << std::dec
          << " lane " << lane;
      EXPECT_EQ(out[2 * lane + 1], uint32_t(valid))
          << "shfl." << c.mode << " c=0x" << std::hex << c.c << std::dec
          << " lane " << lane;
    }
  }
  // Hand-checked points of the pseudo-code itself.
  EXPECT_EQ(shuffleSource("up", 1, 2, 0), std::make_pair(1, false));
  EXPECT_EQ(shuffleSource("down", 14, 3, 0x101f), std::make_pair(14, false));
  EXPECT_EQ(shuffleSource("down", 17, 3, 0x101f), std::make_pair(20, true));
  EXPECT_EQ(shuffleSource("idx", 13, 5, 0x181f), std::make_pair(13, true));
  EXPECT_EQ(shuffleSource("idx", 20, 31, 0x0f), std::make_pair(20, false));
}

TEST_F(WarpTest, VoteReduxAndActivemask) {
  const Program *program = load(ptxModule(R"(
.visible .entry vote(
	.param .u64 vote_param_0
)
{
	.reg .pred 	%p<16>;
	.reg .b32 	%r<32>;
	.reg .b64 	%rd<8>;
	ld.param.u64 	%rd1, [vote_param_0];
	mov.u32 	%r1, %laneid;
	rem.u32 	%r2, %r1, 3;
	setp.eq.u32 	%p1, %r2, 0;
	vote.sync.ballot.b32 	%r3, %p1, -1;
	vote.sync.ballot.b32 	%r4, !%p1, -1;
	vote.sync.all.pred 	%p2, %p1, -1;
	vote.sync.any.pred 	%p3, %p1, -1;
	vote.sync.uni.pred 	%p4, %p1, -1;
	setp.lt.u32 	%p5, %r1, 40;
	vote.sync.all.pred 	%p6, %p5, -1;
	vote.sync.uni.pred 	%p7, %p5, -1;
	setp.gt.u32 	%p11, %r1, 100;
	vote.sync.uni.pred 	%p12, %p11, -1;
	vote.sync.any.pred 	%p13, %p11, -1;
	selp.u32 	%r5, 1, 0, %p2;
	selp.u32 	%r6, 1, 0, %p3;
	selp.u32 	%r7, 1, 0, %p4;
	selp.u32 	%r8, 1, 0, %p6;
	selp.u32 	%r9, 1, 0, %p7;
	selp.u32 	%r22, 1, 0, %p12;
	selp.u32 	%r23, 1, 0, %p13;
	redux.sync.add.u32 	%r10, %r1, -1;
	add.s32 	%r11, %r1, -10;
	redux.sync.min.s32 	%r12, %r11, -1;
	redux.sync.max.u32 	%r13, %r11, -1;
	mul.lo.s32 	%r14, %r1, %r1;
	redux.sync.xor.b32 	%r15, %r14, -1;
	or.b32 	%r16, %r1, 0xff00;
	redux.sync.and.b32 	%r17, %r16, -1;
	redux.sync.or.b32 	%r18, %r16, -1;
	// In a branch of lanes 0-15, the votes and reductions see those lanes.
	mov.u32 	%r19, 0;
	mov.u32 	%r20, 0;
	mov.u32 	%r21, 0;
	setp.gt.u32 	%p8, %r1, 15;
	@%p8 bra 	$L__BB0_2;
	setp.lt.u32 	%p9, %r1, 20;
	vote.sync.all.pred 	%p10, %p9, 0xffff;
	selp.u32 	%r19, 1, 0, %p10;
	redux.sync.add.u32 	%r20, %r1, 0xffff;
	activemask.b32 	%r21;
$L__BB0_2:
	mul.wide.u32 	%rd2, %r1, 80;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.v4.u32 	[%rd3], {%r3, %r4, %r5, %r6};
	st.global.v4.u32 	[%rd3+16], {%r7, %r8, %r9, %r10};
	st.global.v4.u32 	[%rd3+32], {%r12, %r13, %r15, %r17};
	st.global.v4.u32 	[%rd3+48], {%r18, %r19, %r20, %r21};
	st.global.v2.u32 	[%rd3+64], {%r22, %r23};
	ret;
}
)"));
  uint32_t *out = buffer<uint32_t>(32 * 20, 0);
  runClean(program, Dim3{}, Dim3{32, 1, 1}, {ptr(out)});
  uint32_t ballot = 0, xorSquares = 0;
  for (unsigned lane = 0; lane < 32; ++lane) {
    ballot |= uint32_t(lane % 3 == 0) << lane;
    xorSquares ^= lane * lane;
  }
  for (unsigned lane = 0; lane < 32; ++lane) {
    const uint32_t *r = out + 20 * lane;
    EXPECT_EQ(r[0], ballot);
    EXPECT_EQ(r[1], ~ballot);
    EXPECT_EQ(r[2], 0u);   // not all
    EXPECT_EQ(r[3], 1u);   // any
    EXPECT_EQ(r[4], 0u);   // not uniform
    EXPECT_EQ(r[5], 1u);   // all lanes < 40
    EXPECT_EQ(r[6], 1u);   // uniform
    EXPECT_EQ(r[7], 496u); // 0 + 1 + ... + 31
    EXPECT_EQ(int32_t(r[8]), -10);
    EXPECT_EQ(r[9], uint32_t(-1)); // as u32, 9 - 10 is the largest
    EXPECT_EQ(r[10], xorSquares);
    EXPECT_EQ(r[11], 0xff00u);
    EXPECT_EQ(r[12], 0xff1fu);
    EXPECT_EQ(r[13], lane < 16 ? 1u : 0u);
    EXPECT_EQ(r[14], lane < 16 ? 120u : 0u);
    EXPECT_EQ(r[15], lane < 16 ? 0xffffu : 0u);
    EXPECT_EQ(r[16], 1u); // uniformly false
    EXPECT_EQ(r[17], 0u); // none true
  }
}

} // namespace
