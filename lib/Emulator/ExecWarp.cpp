//===- ExecWarp.cpp - Warp-collective instructions ------------------------===//
//
// ldmatrix/stmatrix and mma.sync with the fragment layouts of the PTX ISA
// (9.7.14.5.x "Matrix Fragments for mma.m16n8k*" and 9.7.14.5.15
// "ldmatrix"), which are also what MLIR's NVGPU lowering assumes
// (mlir/lib/Dialect/NVGPU/Utils/MMAUtils.cpp): lane = 4 * groupID +
// threadID_in_group, and a register holds consecutive elements of a row.
// shfl/vote/redux.sync follow 9.7.8.
//
// .aligned instructions must be executed by every lane of the warp at once;
// a warp that reaches one diverged (or with exited lanes) is a finding.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"

#include <cinttypes>
#include <cstdio>

using namespace roller::emu;
using namespace roller::emu::detail;

namespace {

bool checkConverged(CtaExecutor &cta, const Inst &inst, Warp &warp,
                    uint32_t mask) {
  if (mask == 0xffffffffu)
    return true;
  char text[200];
  std::snprintf(text, sizeof text,
                "%s must be executed by all 32 lanes of the warp together; "
                "lanes 0x%08x executed it (0x%08x have exited)",
                inst.text.c_str(), mask, warp.exitedMask);
  cta.report(Finding::Kind::WarpDivergence, inst, warp, __builtin_ctz(mask),
             text, /*fatal=*/true);
  return false;
}

void matrixLoadStore(CtaExecutor &cta, const Inst &inst, Warp &warp,
                     uint32_t mask) {
  if (!checkConverged(cta, inst, warp, mask))
    return;
  bool isLoad = inst.op == Opcode::Ldmatrix;
  const Operand &address = cta.operand(inst, isLoad ? 1 : 0);
  const Operand &regs = cta.operand(inst, isLoad ? 0 : 1);
  unsigned matrices = inst.vector;
  // Row r of matrix m is at the address lane 8m + r holds.
  uint64_t rows[4][8];
  int64_t index[4][8];
  ++cta.instance;
  // The rows of all matrices make one request (Counters: requests are
  // warp-level instructions); its phases of 8 lanes are the matrices.
  uint64_t addresses[kWarpSize] = {};
  uint32_t rowLanes = 0;
  for (unsigned m = 0; m < matrices; ++m) {
    for (unsigned r = 0; r < 8; ++r) {
      unsigned lane = 8 * m + r;
      rows[m][r] = laneAddress(warp, address, lane);
      if (inst.space == Space::Generic) {
        // A generic address must fall in the shared window (PTX ISA,
        // ldmatrix: otherwise "the behavior is undefined").
        if (rows[m][r] - kSharedWindowBase >= kWindowBytes) {
          char text[160];
          std::snprintf(text, sizeof text,
                        "%s row address 0x%" PRIx64
                        " is not a generic address of shared memory",
                        inst.text.c_str(), rows[m][r]);
          cta.report(Finding::Kind::SharedOutOfBounds, inst, warp, int(lane),
                     text, /*fatal=*/true);
          return;
        }
        rows[m][r] -= kSharedWindowBase;
      }
      addresses[lane] = rows[m][r];
      rowLanes |= 1u << lane;
      if (rows[m][r] % 16 != 0) {
        char text[160];
        std::snprintf(text, sizeof text,
                      "misaligned %s row address 0x%" PRIx64
                      " (rows are 16 bytes, 16-byte aligned)",
                      inst.text.c_str(), rows[m][r]);
        cta.report(Finding::Kind::Misaligned, inst, warp, int(lane), text,
                   /*fatal=*/true);
        return;
      }
      index[m][r] = cta.sharedIndex(inst, warp, lane, rows[m][r], 16);
      if (index[m][r] < 0)
        return;
      if (!cta.shadow.empty()) {
        if (isLoad)
          cta.checkSharedRead(inst, warp, lane, uint64_t(index[m][r]), 16);
        else
          cta.noteSharedWrite(inst, warp, lane, uint64_t(index[m][r]), 16);
      }
    }
  }
  if (cta.launch.options.counters)
    cta.countShared(!isLoad, addresses, rowLanes, 16);
  auto element = [&](unsigned m, unsigned row, unsigned col) -> uint8_t * {
    return cta.shared.data() + index[m][row] + 2 * col;
  };
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    unsigned group = lane / 4, pair = lane % 4;
    for (unsigned m = 0; m < matrices; ++m) {
      const Operand &reg = matrices == 1 && regs.kind != Operand::Kind::Vector
                               ? regs
                               : cta.element(regs, m);
      // Without .trans a lane holds row lane/4, columns 2(lane%4) and the
      // next; with .trans the same positions of the transposed matrix.
      uint8_t *lo = inst.transpose ? element(m, 2 * pair, group)
                                   : element(m, group, 2 * pair);
      uint8_t *hi = inst.transpose ? element(m, 2 * pair + 1, group)
                                   : element(m, group, 2 * pair + 1);
      if (isLoad) {
        uint16_t a, b;
        std::memcpy(&a, lo, 2);
        std::memcpy(&b, hi, 2);
        cta.write(warp, reg, lane, uint64_t(a) | uint64_t(b) << 16);
      } else {
        uint64_t value = cta.read(warp, reg, lane);
        uint16_t a = uint16_t(value), b = uint16_t(value >> 16);
        std::memcpy(lo, &a, 2);
        std::memcpy(hi, &b, 2);
      }
    }
  }
}

/// The (row, column) of element `e` of a lane's A, B or C fragment.
struct Coord {
  unsigned row, col;
};

Coord fragmentA(Type type, unsigned k, unsigned lane, unsigned e) {
  unsigned group = lane / 4, tig = lane % 4;
  if (type == Type::TF32) {
    // m16n8k8: a0..a3, rows g, g+8, g, g+8; columns t, t, t+4, t+4.
    // m16n8k4: a0, a1 rows g, g+8, column t.
    return {group + 8 * (e % 2), tig + 4 * (e / 2)};
  }
  if (type == Type::S8 || type == Type::U8) {
    // 4 elements per register; registers cover 8-row by 16-column tiles.
    unsigned reg = e / 4;
    return {group + 8 * (reg % 2), tig * 4 + e % 4 + 16 * (reg / 2)};
  }
  (void)k;
  // f16/bf16: 2 elements per register; register r covers rows 8(r%2) and
  // columns 8(r/2) of the 16x16 (k16) or 16x8 (k8) tile.
  unsigned reg = e / 2;
  return {group + 8 * (reg % 2), tig * 2 + e % 2 + 8 * (reg / 2)};
}

Coord fragmentB(Type type, unsigned lane, unsigned e) {
  unsigned group = lane / 4, tig = lane % 4;
  if (type == Type::TF32)
    return {tig + 4 * e, group};
  if (type == Type::S8 || type == Type::U8)
    return {tig * 4 + e % 4 + 16 * (e / 4), group};
  return {tig * 2 + e % 2 + 8 * (e / 2), group};
}

Coord fragmentC(unsigned lane, unsigned e) {
  unsigned group = lane / 4, tig = lane % 4;
  return {group + 8 * (e / 2), tig * 2 + e % 2};
}

/// Element e of a lane's fragment from its registers (vector operand).
uint64_t fragmentElement(CtaExecutor &cta, Warp &warp, const Operand &vector,
                         unsigned lane, unsigned e, unsigned bits) {
  unsigned perRegister = 32 / bits;
  uint64_t reg = cta.read(warp, cta.element(vector, e / perRegister), lane);
  return (reg >> (bits * (e % perRegister))) & ((uint64_t(1) << bits) - 1);
}

void mma(CtaExecutor &cta, const Inst &inst, Warp &warp, uint32_t mask) {
  if (!checkConverged(cta, inst, warp, mask))
    return;
  const unsigned m = 16, n = 8, k = inst.size % 100;
  Type ab = inst.type2;
  bool integer = ab == Type::S8 || ab == Type::U8;
  unsigned abBits = integer ? 8 : ab == Type::TF32 ? 32 : 16;
  unsigned elementsA = m * k / 32, elementsB = k * n / 32;
  const Operand &d = cta.operand(inst, 0), &a = cta.operand(inst, 1),
                &b = cta.operand(inst, 2), &c = cta.operand(inst, 3);
  if (a.count * (32 / abBits) != elementsA ||
      b.count * (32 / abBits) != elementsB) {
    cta.report(Finding::Kind::InvalidInstruction, inst, warp, 0,
               "mma operand vectors do not match the shape", true);
    return;
  }
  // Gather the warp's A (m x k), B (k x n) and C (m x n).
  double A[16][32], B[32][8], C[16][8];
  FloatFormat format = ab == Type::TF32 ? FloatFormat::F32 : floatFormat(ab);
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    for (unsigned e = 0; e < elementsA; ++e) {
      Coord at = fragmentA(ab, k, lane, e);
      uint64_t bits = fragmentElement(cta, warp, a, lane, e, abBits);
      if (ab == Type::TF32)
        bits &= ~uint64_t(0x1fff); // the tensor core reads 19 bits
      A[at.row][at.col] =
          integer ? double(ab == Type::S8 ? int8_t(bits) : uint8_t(bits))
                  : toDouble(bits, format);
    }
    for (unsigned e = 0; e < elementsB; ++e) {
      Coord at = fragmentB(ab, lane, e);
      uint64_t bits = fragmentElement(cta, warp, b, lane, e, abBits);
      if (ab == Type::TF32)
        bits &= ~uint64_t(0x1fff);
      B[at.row][at.col] =
          integer ? double(ab == Type::S8 ? int8_t(bits) : uint8_t(bits))
                  : toDouble(bits, format);
    }
    for (unsigned e = 0; e < 4; ++e) {
      Coord at = fragmentC(lane, e);
      if (inst.type3 == Type::F16) {
        uint64_t bits = fragmentElement(cta, warp, c, lane, e, 16);
        C[at.row][at.col] = toDouble(bits, FloatFormat::F16);
      } else {
        uint64_t bits = cta.read(warp, cta.element(c, e), lane);
        C[at.row][at.col] =
            inst.type3 == Type::S32
                ? double(int32_t(bits))
                : toDouble(bits & 0xffffffffu, FloatFormat::F32);
      }
    }
  }
  // The products of f16/bf16/tf32 inputs are exact in double, and so is the
  // sum of a row's k products with C unless their magnitudes span more than
  // 53 bits; the result is rounded once. (The hardware's adder tree
  // truncates partial sums in ways NVIDIA does not document; results agree
  // to the last bit whenever the exact sum is representable.)
  double D[16][8];
  for (unsigned i = 0; i < m; ++i)
    for (unsigned j = 0; j < n; ++j) {
      double sum = C[i][j];
      for (unsigned kk = 0; kk < k; ++kk)
        sum += A[i][kk] * B[kk][j];
      D[i][j] = sum;
    }
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    uint64_t out[4];
    for (unsigned e = 0; e < 4; ++e) {
      Coord at = fragmentC(lane, e);
      double value = D[at.row][at.col];
      if (inst.type == Type::S32) {
        int64_t v = int64_t(value);
        if (inst.satFinite)
          v = std::max<int64_t>(INT32_MIN, std::min<int64_t>(INT32_MAX, v));
        out[e] = uint32_t(v);
      } else {
        out[e] = roundTo(
            value, inst.type == Type::F16 ? FloatFormat::F16 : FloatFormat::F32,
            Rounding::NearestEven);
      }
    }
    if (inst.type == Type::F16) {
      cta.write(warp, cta.element(d, 0), lane, out[0] | out[1] << 16);
      cta.write(warp, cta.element(d, 1), lane, out[2] | out[3] << 16);
    } else {
      for (unsigned e = 0; e < 4; ++e)
        cta.write(warp, cta.element(d, e), lane, out[e]);
    }
  }
}

bool checkMembers(CtaExecutor &cta, const Inst &inst, Warp &warp, uint32_t mask,
                  uint32_t members) {
  members &= warp.validMask;
  if ((members & ~mask) == 0)
    return true;
  char text[200];
  std::snprintf(text, sizeof text,
                "%s names lanes 0x%08x in its member mask but lanes 0x%08x "
                "did not execute it with them",
                inst.text.c_str(), members, members & ~mask);
  cta.report(Finding::Kind::WarpDivergence, inst, warp, __builtin_ctz(mask),
             text, /*fatal=*/true);
  return false;
}

void shuffle(CtaExecutor &cta, const Inst &inst, Warp &warp, uint32_t mask) {
  const Operand &dst = cta.operand(inst, 0);
  unsigned first = unsigned(__builtin_ctz(mask));
  uint32_t members = uint32_t(cta.read(warp, cta.operand(inst, 4), first));
  if (!checkMembers(cta, inst, warp, mask, members))
    return;
  uint64_t values[kWarpSize];
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    values[lane] =
        (mask >> lane & 1) ? cta.read(warp, cta.operand(inst, 1), lane) : 0;
  bool pair = dst.kind == Operand::Kind::Vector;
  forEachLane(mask, [&](unsigned lane) {
    uint32_t b = uint32_t(cta.read(warp, cta.operand(inst, 2), lane)) & 0x1f;
    uint32_t c = uint32_t(cta.read(warp, cta.operand(inst, 3), lane));
    uint32_t clamp = c & 0x1f, segment = (c >> 8) & 0x1f;
    uint32_t maxLane = (lane & segment) | (clamp & ~segment);
    uint32_t minLane = lane & segment;
    int64_t j = lane;
    bool valid = false;
    switch (ShflMode(inst.sub)) {
    case ShflMode::Up:
      j = int64_t(lane) - b;
      valid = j >= int64_t(maxLane);
      break;
    case ShflMode::Down:
      j = int64_t(lane) + b;
      valid = j <= int64_t(maxLane);
      break;
    case ShflMode::Bfly:
      j = lane ^ b;
      valid = j <= int64_t(maxLane);
      break;
    case ShflMode::Idx:
      j = minLane | (b & ~segment);
      valid = j <= int64_t(maxLane);
      break;
    }
    if (!valid)
      j = lane;
    uint64_t result = values[j & 31];
    if (pair) {
      cta.write(warp, cta.element(dst, 0), lane, result);
      cta.write(warp, cta.element(dst, 1), lane, valid);
    } else {
      cta.write(warp, dst, lane, result);
    }
  });
}

} // namespace

void roller::emu::detail::executeWarpCollective(CtaExecutor &cta,
                                                const Inst &inst, Warp &warp,
                                                uint32_t mask) {
  switch (inst.op) {
  case Opcode::Ldmatrix:
  case Opcode::Stmatrix:
    matrixLoadStore(cta, inst, warp, mask);
    return;
  case Opcode::Mma:
    mma(cta, inst, warp, mask);
    return;
  case Opcode::Shfl:
    shuffle(cta, inst, warp, mask);
    return;
  case Opcode::Activemask:
    forEachLane(mask, [&](unsigned lane) {
      cta.write(warp, cta.operand(inst, 0), lane, mask);
    });
    return;
  case Opcode::WarpSync: {
    unsigned first = unsigned(__builtin_ctz(mask));
    checkMembers(cta, inst, warp, mask,
                 uint32_t(cta.read(warp, cta.operand(inst, 0), first)));
    return;
  }
  case Opcode::Vote: {
    unsigned first = unsigned(__builtin_ctz(mask));
    uint32_t members = uint32_t(cta.read(warp, cta.operand(inst, 2), first));
    if (!checkMembers(cta, inst, warp, mask, members))
      return;
    uint32_t ballot = 0;
    forEachLane(mask, [&](unsigned lane) {
      if (cta.read(warp, cta.operand(inst, 1), lane) & 1)
        ballot |= 1u << lane;
    });
    uint64_t result = 0;
    switch (VoteMode(inst.sub)) {
    case VoteMode::All:
      result = (ballot & mask) == mask;
      break;
    case VoteMode::Any:
      result = ballot != 0;
      break;
    case VoteMode::Uni:
      result = ballot == 0 || ballot == mask;
      break;
    case VoteMode::Ballot:
      result = ballot;
      break;
    }
    forEachLane(mask, [&](unsigned lane) {
      cta.write(warp, cta.operand(inst, 0), lane, result);
    });
    return;
  }
  case Opcode::Redux: {
    unsigned first = unsigned(__builtin_ctz(mask));
    uint32_t members = uint32_t(cta.read(warp, cta.operand(inst, 2), first));
    if (!checkMembers(cta, inst, warp, mask, members))
      return;
    bool isSigned = isSignedInt(inst.type);
    uint64_t result = 0;
    bool firstValue = true;
    forEachLane(mask, [&](unsigned lane) {
      uint64_t v = cta.read(warp, cta.operand(inst, 1), lane) & 0xffffffffu;
      if (isSigned)
        v = signExtend(v, 32);
      if (firstValue) {
        result = v;
        firstValue = false;
        return;
      }
      switch (AtomOp(inst.sub)) {
      case AtomOp::Add:
        result += v;
        break;
      case AtomOp::Min:
        result =
            (isSigned ? int64_t(v) < int64_t(result) : v < result) ? v : result;
        break;
      case AtomOp::Max:
        result =
            (isSigned ? int64_t(v) > int64_t(result) : v > result) ? v : result;
        break;
      case AtomOp::And:
        result &= v;
        break;
      case AtomOp::Or:
        result |= v;
        break;
      case AtomOp::Xor:
        result ^= v;
        break;
      default:
        break;
      }
    });
    forEachLane(mask, [&](unsigned lane) {
      cta.write(warp, cta.operand(inst, 0), lane, result);
    });
    return;
  }
  default:
    return;
  }
}
