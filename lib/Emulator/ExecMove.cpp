//===- ExecMove.cpp - Comparison, selection, mov, cvt and cvta ------------===//
//
// PTX ISA 9.7.6 (comparison and selection), 9.7.9.1-9.7.9.21 (mov, cvt,
// cvta). cvt follows the ISA's rules: float-to-integer conversions round
// with the given integer rounding and saturate (NaN to 0), integer-to-float
// and narrowing float conversions round with the given mode, integer
// narrowing truncates unless .sat clamps.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"
#include "Roller/Emulator/Memory.h"

#include <cmath>

using namespace roller::emu;
using namespace roller::emu::detail;

namespace {

bool compareIntegers(CmpOp cmp, uint64_t a, uint64_t b, bool isSigned) {
  bool less = isSigned ? int64_t(a) < int64_t(b) : a < b;
  bool equal = a == b;
  switch (cmp) {
  case CmpOp::Eq:
    return equal;
  case CmpOp::Ne:
    return !equal;
  case CmpOp::Lt:
    return less;
  case CmpOp::Le:
    return less || equal;
  case CmpOp::Gt:
    return !less && !equal;
  case CmpOp::Ge:
    return !less;
  case CmpOp::Lo:
    return a < b;
  case CmpOp::Ls:
    return a <= b;
  case CmpOp::Hi:
    return a > b;
  case CmpOp::Hs:
    return a >= b;
  default:
    return false;
  }
}

bool compareFloats(CmpOp cmp, double a, double b) {
  bool unordered = std::isnan(a) || std::isnan(b);
  switch (cmp) {
  case CmpOp::Eq:
    return !unordered && a == b;
  case CmpOp::Ne:
    return !unordered && a != b;
  case CmpOp::Lt:
    return !unordered && a < b;
  case CmpOp::Le:
    return !unordered && a <= b;
  case CmpOp::Gt:
    return !unordered && a > b;
  case CmpOp::Ge:
    return !unordered && a >= b;
  case CmpOp::Equ:
    return unordered || a == b;
  case CmpOp::Neu:
    return unordered || a != b;
  case CmpOp::Ltu:
    return unordered || a < b;
  case CmpOp::Leu:
    return unordered || a <= b;
  case CmpOp::Gtu:
    return unordered || a > b;
  case CmpOp::Geu:
    return unordered || a >= b;
  case CmpOp::Num:
    return !unordered;
  case CmpOp::Nan:
    return unordered;
  default:
    return false;
  }
}

bool compare(const Inst &inst, uint64_t a, uint64_t b) {
  Type type = inst.type2;
  unsigned bits = typeBits(type);
  if (isFloat(type)) {
    FloatFormat format = floatFormat(type);
    if (isPackedHalf(type)) // callers pass one half at a time
      bits = 16;
    uint64_t width = (uint64_t(1) << std::min(bits, 63u)) - 1;
    if (bits == 64)
      width = ~uint64_t(0);
    a &= width;
    b &= width;
    if (inst.ftz) {
      a = flushSubnormal(a, format);
      b = flushSubnormal(b, format);
    }
    return compareFloats(inst.cmp, toDouble(a, format), toDouble(b, format));
  }
  bool isSigned = isSignedInt(type);
  if (type == Type::Pred)
    bits = 1;
  a = isSigned ? signExtend(a, bits) : truncate(a, bits);
  b = isSigned ? signExtend(b, bits) : truncate(b, bits);
  return compareIntegers(inst.cmp, a, b, isSigned);
}

/// The comparisons of set/setp: one result, or two (low half, high half)
/// for .f16x2/.bf16x2 (PTX ISA 9.7.7.1-2: t[0] from bits 0-15, t[1] from
/// bits 16-31).
unsigned compareAll(const Inst &inst, uint64_t a, uint64_t b, bool t[2]) {
  if (!isPackedHalf(inst.type2)) {
    t[0] = compare(inst, a, b);
    return 1;
  }
  t[0] = compare(inst, a & 0xffff, b & 0xffff);
  t[1] = compare(inst, (a >> 16) & 0xffff, (b >> 16) & 0xffff);
  return 2;
}

/// What set writes for a true result in (a half of) its destination:
/// 1.0 in float destinations, all ones in integer ones.
uint64_t trueValue(Type destination) {
  switch (destination) {
  case Type::F32:
    return 0x3f800000u;
  case Type::F16:
  case Type::F16x2:
    return 0x3c00;
  case Type::BF16:
  case Type::BF16x2:
    return 0x3f80;
  default:
    return ~uint64_t(0);
  }
}

bool combine(BoolOp op, bool value, bool c) {
  switch (op) {
  case BoolOp::None:
    return value;
  case BoolOp::And:
    return value && c;
  case BoolOp::Or:
    return value || c;
  case BoolOp::Xor:
    return value != c;
  }
  return value;
}

/// cvt of one value (not the packing forms).
uint64_t convert(const Inst &inst, uint64_t value) {
  Type dst = inst.type, src = inst.type2;
  unsigned dstBits = typeBits(dst), srcBits = typeBits(src);
  RoundOptions options;
  options.ftz = inst.ftz;
  options.sat = inst.sat;
  options.relu = inst.relu;
  options.satFinite = inst.satFinite;
  if (isFloat(src)) {
    FloatFormat from = floatFormat(src);
    value = truncate(value, srcBits);
    if (inst.ftz)
      value = flushSubnormal(value, from);
    if (!isFloat(dst)) {
      uint64_t result = floatToInt(toDouble(value, from), from, inst.rounding,
                                   dstBits, isSignedInt(dst));
      return isSignedInt(dst) ? signExtend(result, dstBits) : result;
    }
    FloatFormat to = floatFormat(dst);
    if (inst.mode) // .rni etc. between floats: round to an integral value
      return roundToIntegral(value, to, inst.rounding, options);
    return roundTo(toDouble(value, from), to, inst.rounding, options);
  }
  // From an integer.
  uint64_t source =
      isSignedInt(src) ? signExtend(value, srcBits) : truncate(value, srcBits);
  if (isFloat(dst))
    return intToFloat(source, isSignedInt(src), floatFormat(dst), inst.rounding,
                      options);
  if (inst.sat) {
    // Clamp to the destination's range.
    bool fromSigned = isSignedInt(src), toSigned = isSignedInt(dst);
    __int128 v = fromSigned ? __int128(int64_t(source)) : __int128(source);
    __int128 max = toSigned ? (__int128(1) << (dstBits - 1)) - 1
                            : (__int128(1) << dstBits) - 1;
    __int128 min = toSigned ? -(__int128(1) << (dstBits - 1)) : 0;
    v = v > max ? max : v < min ? min : v;
    source = uint64_t(v);
  }
  return isSignedInt(dst) ? signExtend(source, dstBits)
                          : truncate(source, dstBits);
}

} // namespace

void roller::emu::detail::executeMove(CtaExecutor &cta, const Inst &inst,
                                      Warp &warp, uint32_t mask) {
  const Operand &dst = cta.operand(inst, 0);
  switch (inst.op) {
  case Opcode::Setp: {
    bool pair = dst.kind == Operand::Kind::Vector;
    bool hasC = inst.boolOp != BoolOp::None;
    forEachLane(mask, [&](unsigned lane) {
      bool t[2];
      unsigned results =
          compareAll(inst, cta.read(warp, cta.operand(inst, 1), lane),
                     cta.read(warp, cta.operand(inst, 2), lane), t);
      bool c = hasC && (cta.read(warp, cta.operand(inst, 3), lane) & 1);
      // p|q: q is the high half's result for f16x2/bf16x2, the complement
      // otherwise.
      bool second = results == 2 ? t[1] : !t[0];
      if (pair) {
        cta.write(warp, cta.element(dst, 0), lane,
                  combine(inst.boolOp, t[0], c));
        cta.write(warp, cta.element(dst, 1), lane,
                  combine(inst.boolOp, second, c));
      } else {
        cta.write(warp, dst, lane, combine(inst.boolOp, t[0], c));
      }
    });
    return;
  }
  case Opcode::Set: {
    bool hasC = inst.boolOp != BoolOp::None;
    forEachLane(mask, [&](unsigned lane) {
      bool t[2];
      unsigned results =
          compareAll(inst, cta.read(warp, cta.operand(inst, 1), lane),
                     cta.read(warp, cta.operand(inst, 2), lane), t);
      bool c = hasC && (cta.read(warp, cta.operand(inst, 3), lane) & 1);
      uint64_t result = 0;
      if (results == 1) {
        if (combine(inst.boolOp, t[0], c))
          result = trueValue(inst.type);
      } else {
        // Each half of the destination gets its half's result.
        for (unsigned h = 0; h < 2; ++h)
          if (combine(inst.boolOp, t[h], c))
            result |= (trueValue(inst.type) & 0xffff) << (16 * h);
      }
      cta.write(warp, dst, lane, result);
    });
    return;
  }
  case Opcode::Selp:
    forEachLane(mask, [&](unsigned lane) {
      bool c = cta.read(warp, cta.operand(inst, 3), lane) & 1;
      cta.write(warp, dst, lane,
                cta.read(warp, cta.operand(inst, c ? 1 : 2), lane));
    });
    return;
  case Opcode::Slct:
    forEachLane(mask, [&](unsigned lane) {
      uint64_t c = cta.read(warp, cta.operand(inst, 3), lane);
      bool first = inst.type2 == Type::F32
                       ? toDouble(c & 0xffffffffu, FloatFormat::F32) >= 0
                       : int32_t(c) >= 0;
      cta.write(warp, dst, lane,
                cta.read(warp, cta.operand(inst, first ? 1 : 2), lane));
    });
    return;
  case Opcode::Mov: {
    const Operand &src = cta.operand(inst, 1);
    unsigned bits = typeBits(inst.type);
    if (src.kind == Operand::Kind::Vector) {
      // mov.b32 d, {a, b}: pack, element 0 in the low bits.
      unsigned part = bits / src.count;
      forEachLane(mask, [&](unsigned lane) {
        uint64_t result = 0;
        for (unsigned i = 0; i < src.count; ++i)
          result |= truncate(cta.read(warp, cta.element(src, i), lane), part)
                    << (i * part);
        cta.write(warp, dst, lane, result);
      });
      return;
    }
    if (dst.kind == Operand::Kind::Vector) {
      unsigned part = bits / dst.count;
      forEachLane(mask, [&](unsigned lane) {
        uint64_t value = cta.read(warp, src, lane);
        for (unsigned i = 0; i < dst.count; ++i)
          cta.write(warp, cta.element(dst, i), lane,
                    truncate(value >> (i * part), part));
      });
      return;
    }
    forEachLane(mask, [&](unsigned lane) {
      cta.write(warp, dst, lane, truncate(cta.read(warp, src, lane), bits));
    });
    return;
  }
  case Opcode::Cvt: {
    bool pack = inst.numOperands == 3;
    forEachLane(mask, [&](unsigned lane) {
      uint64_t a = cta.read(warp, cta.operand(inst, 1), lane);
      if (!pack) {
        cta.write(warp, dst, lane, convert(inst, a));
        return;
      }
      // cvt.rn.f16x2.f32 d, a, b: a goes to the upper half.
      uint64_t b = cta.read(warp, cta.operand(inst, 2), lane);
      FloatFormat to = floatFormat(inst.type);
      unsigned half = formatBits(to);
      RoundOptions options;
      options.relu = inst.relu;
      options.satFinite = inst.satFinite;
      auto one = [&](uint64_t v) {
        return roundTo(toDouble(v & 0xffffffffu, FloatFormat::F32), to,
                       inst.rounding, options);
      };
      cta.write(warp, dst, lane, (one(a) << half) | one(b));
    });
    return;
  }
  case Opcode::Cvta:
    forEachLane(mask, [&](unsigned lane) {
      uint64_t a = cta.read(warp, cta.operand(inst, 1), lane);
      uint64_t base = inst.space == Space::Shared  ? kSharedWindowBase
                      : inst.space == Space::Local ? kLocalWindowBase
                                                   : 0;
      uint64_t result = inst.sub ? a - base : a + base;
      cta.write(warp, dst, lane,
                inst.type == Type::U32 ? truncate(result, 32) : result);
    });
    return;
  case Opcode::CreatePolicy:
    forEachLane(mask, [&](unsigned lane) { cta.write(warp, dst, lane, 0); });
    return;
  default:
    return;
  }
}
