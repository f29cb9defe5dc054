//===- ExecFloat.cpp - Floating-point arithmetic --------------------------===//
//
// PTX ISA 9.7.3-9.7.4 (floating-point and half-precision arithmetic). Each
// operation is computed exactly and rounded once (Float.h); packed f16x2 and
// bf16x2 operate on both halves.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace roller::emu;
using namespace roller::emu::detail;

namespace {

uint64_t signMask(FloatFormat format) {
  return uint64_t(1) << (formatBits(format) - 1);
}

/// f32 add/sub/mul/fma rounded to nearest without .ftz/.sat: the host's
/// IEEE single-precision arithmetic computes exactly these (x86-64 SSE in its
/// default round-to-nearest mode, subnormals kept; fmaf rounds once), so the
/// hot path of most kernels skips the general rounding. Returns false when
/// the instruction needs the general path.
bool computeFastF32(const Inst &inst, uint64_t a, uint64_t b, uint64_t c,
                    uint64_t &result) {
  if (inst.ftz || inst.sat || inst.relu ||
      inst.rounding != Rounding::NearestEven)
    return false;
  float x, y, z, r;
  uint32_t bits[3] = {uint32_t(a), uint32_t(b), uint32_t(c)};
  std::memcpy(&x, &bits[0], 4);
  std::memcpy(&y, &bits[1], 4);
  std::memcpy(&z, &bits[2], 4);
  switch (inst.op) {
  case Opcode::FAdd:
    r = x + y;
    break;
  case Opcode::FSub:
    r = x - y;
    break;
  case Opcode::FMul:
    r = x * y;
    break;
  case Opcode::FFma:
    r = std::fmaf(x, y, z);
    break;
  default:
    return false;
  }
  if (r != r) {
    result = 0x7fffffffu; // the canonical NaN of f32 results
    return true;
  }
  uint32_t out;
  std::memcpy(&out, &r, 4);
  result = out;
  return true;
}

float asFloat(uint64_t bits) {
  uint32_t low = uint32_t(bits);
  float f;
  std::memcpy(&f, &low, 4);
  return f;
}

uint64_t asBits(float f) {
  if (f != f)
    return 0x7fffffffu; // the canonical NaN of f32 results
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  return bits;
}

/// The f32 hot path over a warp: one operation kind per loop so that the
/// loop body is a single IEEE operation. With hardware FMA the fused
/// multiply-add is one instruction; otherwise libm's fmaf (also exact).
template <Opcode Op>
void fastLoop(uint32_t mask, const Lanes *src, uint64_t *dst, uint64_t width) {
  forEachLane(mask, [&](unsigned lane) {
    float x = asFloat(src[0][lane]), y = asFloat(src[1][lane]);
    float r;
    if constexpr (Op == Opcode::FAdd)
      r = x + y;
    else if constexpr (Op == Opcode::FSub)
      r = x - y;
    else if constexpr (Op == Opcode::FMul)
      r = x * y;
    else
      r = std::fmaf(x, y, asFloat(src[2][lane]));
    dst[lane] = asBits(r) & width;
  });
}

__attribute__((target("fma"))) void fmaLoopHardware(uint32_t mask,
                                                    const Lanes *src,
                                                    uint64_t *dst,
                                                    uint64_t width) {
  forEachLane(mask, [&](unsigned lane) {
    float r = __builtin_fmaf(asFloat(src[0][lane]), asFloat(src[1][lane]),
                             asFloat(src[2][lane]));
    dst[lane] = asBits(r) & width;
  });
}

bool hostHasFma() {
  static const bool has = __builtin_cpu_supports("fma");
  return has;
}

/// One lane's (or one half's) operation on bit patterns of `format`.
uint64_t compute(const Inst &inst, FloatFormat format, uint64_t a, uint64_t b,
                 uint64_t c) {
  uint64_t fast;
  if (format == FloatFormat::F32 && computeFastF32(inst, a, b, c, fast))
    return fast;
  if (inst.ftz) {
    a = flushSubnormal(a, format);
    b = flushSubnormal(b, format);
    c = flushSubnormal(c, format);
  }
  RoundOptions options;
  options.ftz = inst.ftz;
  options.sat = inst.sat;
  options.relu = inst.relu;
  double x = toDouble(a, format), y = toDouble(b, format);
  switch (inst.op) {
  case Opcode::FAdd:
    return roundTo(exactAdd(x, y), format, inst.rounding, options);
  case Opcode::FSub:
    return roundTo(exactSub(x, y), format, inst.rounding, options);
  case Opcode::FMul:
    return roundTo(exactMul(x, y), format, inst.rounding, options);
  case Opcode::FFma:
    return roundTo(exactFma(x, y, toDouble(c, format)), format, inst.rounding,
                   options);
  case Opcode::FDiv:
    // .approx and .full are within 2 ulp of the quotient; the correctly
    // rounded quotient is among the results the ISA allows.
    if (inst.mode == 1)
      return inst.sub == 0
                 ? roundTo(exactDiv(1.0, x), format, inst.rounding, options)
                 : roundTo(exactSqrt(x), format, inst.rounding, options);
    return roundTo(exactDiv(x, y), format,
                   inst.approx ? Rounding::NearestEven : inst.rounding,
                   options);
  case Opcode::FAbs:
    return a & ~signMask(format);
  case Opcode::FNeg:
    return a ^ signMask(format);
  case Opcode::FMin:
    return floatMin(a, b, format, inst.propagateNaN, inst.ftz);
  case Opcode::FMax:
    return floatMax(a, b, format, inst.propagateNaN, inst.ftz);
  case Opcode::FApprox:
    return approximate(ApproxFunction(inst.sub), a, format, inst.ftz);
  case Opcode::FCopysign:
    // copysign d, a, b: b's magnitude with a's sign.
    return (b & ~signMask(format)) | (a & signMask(format));
  default:
    return 0;
  }
}

bool testp(TestpOp op, uint64_t bits, FloatFormat format) {
  double value = toDouble(bits, format);
  switch (op) {
  case TestpOp::Finite:
    return std::isfinite(value);
  case TestpOp::Infinite:
    return std::isinf(value);
  case TestpOp::Number:
    return !std::isnan(value);
  case TestpOp::NotANumber:
    return std::isnan(value);
  case TestpOp::Normal:
    return value != 0 && std::isfinite(value) &&
           flushSubnormal(bits, format) == bits;
  case TestpOp::Subnormal:
    return value != 0 && flushSubnormal(bits, format) != bits;
  }
  return false;
}

} // namespace

void roller::emu::detail::executeFloat(CtaExecutor &cta, const Inst &inst,
                                       Warp &warp, uint32_t mask) {
  FloatFormat format = floatFormat(inst.type);
  unsigned sources = std::min(inst.numOperands - 1, 3u);
  uint64_t width;
  uint64_t *dst = cta.destination(warp, cta.operand(inst, 0), width);
  Lanes src[3];
  for (unsigned i = 0; i < sources; ++i)
    cta.lanes(warp, cta.operand(inst, i + 1), src[i]);
  auto store = [&](unsigned lane, uint64_t value) {
    if (dst)
      dst[lane] = value & width;
  };
  if (inst.op == Opcode::FTestp) {
    forEachLane(mask, [&](unsigned lane) {
      store(lane, testp(TestpOp(inst.sub), src[0][lane], format));
    });
    return;
  }
  uint64_t result;
  if (dst && format == FloatFormat::F32 && !isPackedHalf(inst.type) &&
      computeFastF32(inst, 0, 0, 0, result)) {
    // The hot path: one IEEE single-precision operation per lane.
    switch (inst.op) {
    case Opcode::FAdd:
      return fastLoop<Opcode::FAdd>(mask, src, dst, width);
    case Opcode::FSub:
      return fastLoop<Opcode::FSub>(mask, src, dst, width);
    case Opcode::FMul:
      return fastLoop<Opcode::FMul>(mask, src, dst, width);
    default:
      if (hostHasFma())
        return fmaLoopHardware(mask, src, dst, width);
      return fastLoop<Opcode::FFma>(mask, src, dst, width);
    }
  }
  bool packed = isPackedHalf(inst.type);
  uint64_t formatMask = formatBits(format) >= 64
                            ? ~uint64_t(0)
                            : (uint64_t(1) << formatBits(format)) - 1;
  forEachLane(mask, [&](unsigned lane) {
    uint64_t v[3] = {src[0][lane], src[1][lane], src[2][lane]};
    if (packed) {
      uint64_t lo =
          compute(inst, format, v[0] & 0xffff, v[1] & 0xffff, v[2] & 0xffff);
      uint64_t hi = compute(inst, format, (v[0] >> 16) & 0xffff,
                            (v[1] >> 16) & 0xffff, (v[2] >> 16) & 0xffff);
      store(lane, (hi << 16) | lo);
    } else {
      store(lane, compute(inst, format, v[0] & formatMask, v[1] & formatMask,
                          v[2] & formatMask));
    }
  });
}
