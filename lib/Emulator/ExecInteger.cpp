//===- ExecInteger.cpp - Integer arithmetic, logic and bit operations -----===//
//
// PTX ISA 9.7.1 (integer arithmetic), 9.7.7 (logic and shift). Values are
// held in 64-bit slots; each instruction reads its operands at its type's
// width (sign-extended for .s types) and writes the low bits of the result.
//
//===----------------------------------------------------------------------===//

#include "Engine.h"

using namespace roller::emu;
using namespace roller::emu::detail;

namespace {

/// The sources of an integer instruction, resolved for all lanes once.
struct IntOperands {
  IntOperands(CtaExecutor &cta, const Inst &inst, Warp &warp, unsigned bits,
              bool isSigned)
      : bits(bits), isSigned(isSigned) {
    dst = cta.destination(warp, cta.operand(inst, 0), width);
    for (unsigned i = 0; i + 1 < inst.numOperands && i < 4; ++i)
      cta.lanes(warp, cta.operand(inst, i + 1), sources[i]);
  }
  uint64_t get(unsigned i, unsigned lane) const {
    uint64_t v = sources[i][lane];
    return isSigned ? signExtend(v, bits) : truncate(v, bits);
  }
  uint64_t raw(unsigned i, unsigned lane) const { return sources[i][lane]; }
  void set(unsigned lane, uint64_t value) {
    if (dst)
      dst[lane] = value & width;
  }

  unsigned bits;
  bool isSigned;
  uint64_t *dst;
  uint64_t width = 0;
  Lanes sources[4];
};

uint64_t highProduct(uint64_t a, uint64_t b, unsigned bits, bool isSigned) {
  if (bits == 64) {
    if (isSigned)
      return uint64_t((__int128(int64_t(a)) * __int128(int64_t(b))) >> 64);
    return uint64_t((unsigned __int128)a * b >> 64);
  }
  if (isSigned)
    return uint64_t((int64_t(a) * int64_t(b)) >> bits);
  return (a * b) >> bits;
}

uint64_t saturateSigned(__int128 value, unsigned bits) {
  __int128 max = (__int128(1) << (bits - 1)) - 1, min = -max - 1;
  if (value > max)
    return uint64_t(max);
  if (value < min)
    return uint64_t(min);
  return uint64_t(value);
}

uint64_t permute(uint32_t a, uint32_t b, uint32_t c, PrmtMode mode) {
  uint64_t both = (uint64_t(b) << 32) | a;
  auto byte = [&](unsigned i) {
    return uint32_t(both >> (8 * (i & 7))) & 0xff;
  };
  uint32_t result = 0;
  switch (mode) {
  case PrmtMode::Default:
    for (unsigned i = 0; i < 4; ++i) {
      unsigned selector = (c >> (4 * i)) & 0xf;
      uint32_t value = byte(selector & 7);
      if (selector & 8) // replicate the sign bit of the selected byte
        value = (value & 0x80) ? 0xff : 0;
      result |= value << (8 * i);
    }
    return result;
  // The modes read only c[1:0] (PTX ISA, prmt: "ctl[0] = ctl[1] = ctl[2] =
  // ctl[3] = (c >> 0) & 0x3").
  case PrmtMode::F4e:
    for (unsigned i = 0; i < 4; ++i)
      result |= byte((c & 3) + i) << (8 * i);
    return result;
  case PrmtMode::B4e:
    for (unsigned i = 0; i < 4; ++i)
      result |= byte(((c & 3) - i) & 7) << (8 * i);
    return result;
  case PrmtMode::Rc8:
    for (unsigned i = 0; i < 4; ++i)
      result |= byte(c & 3) << (8 * i);
    return result;
  case PrmtMode::Ecl: {
    static const unsigned kTable[4][4] = {
        {0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}};
    for (unsigned i = 0; i < 4; ++i)
      result |= byte(kTable[c & 3][i]) << (8 * i);
    return result;
  }
  case PrmtMode::Ecr: {
    static const unsigned kTable[4][4] = {
        {0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}};
    for (unsigned i = 0; i < 4; ++i)
      result |= byte(kTable[c & 3][i]) << (8 * i);
    return result;
  }
  case PrmtMode::Rc16: {
    uint32_t half =
        (c & 1) ? (byte(2) | byte(3) << 8) : (byte(0) | byte(1) << 8);
    return half | half << 16;
  }
  }
  return result;
}

} // namespace

/// add, sub, min and max on two 16-bit integers packed in 32 bits (PTX ISA
/// 9.7.1: .u16x2 and .s16x2, sm_90): each half on its own, wrapping.
static void executePacked16(CtaExecutor &cta, const Inst &inst, Warp &warp,
                            uint32_t mask) {
  bool isSigned = inst.type == Type::S16x2;
  IntOperands ops(cta, inst, warp, 32, /*isSigned=*/false);
  forEachLane(mask, [&](unsigned lane) {
    uint32_t a = uint32_t(ops.get(0, lane)), b = uint32_t(ops.get(1, lane));
    uint32_t result = 0;
    for (unsigned shift : {0u, 16u}) {
      uint32_t x = (a >> shift) & 0xFFFF, y = (b >> shift) & 0xFFFF;
      int32_t sx = int16_t(x), sy = int16_t(y);
      bool less = isSigned ? sx < sy : x < y;
      uint32_t half = 0;
      switch (inst.op) {
      case Opcode::Add:
        half = x + y;
        break;
      case Opcode::Sub:
        half = x - y;
        break;
      case Opcode::Min:
        half = less ? x : y;
        break;
      default:
        half = less ? y : x;
        break;
      }
      result |= (half & 0xFFFF) << shift;
    }
    ops.set(lane, result);
  });
}

void roller::emu::detail::executeInteger(CtaExecutor &cta, const Inst &inst,
                                         Warp &warp, uint32_t mask) {
  if (inst.type == Type::U16x2 || inst.type == Type::S16x2)
    return executePacked16(cta, inst, warp, mask);
  unsigned bits = typeBits(inst.type);
  bool isSigned = isSignedInt(inst.type);
  IntOperands ops(cta, inst, warp, bits, isSigned);
  uint64_t widthMask = bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  switch (inst.op) {
  case Opcode::Add:
  case Opcode::Sub:
    forEachLane(mask, [&](unsigned lane) {
      uint64_t a = ops.get(0, lane), b = ops.get(1, lane);
      uint64_t carry = inst.carryIn ? (warp.carryMask >> lane) & 1 : 0;
      uint64_t result;
      if (inst.op == Opcode::Add) {
        result = a + b + carry;
        if (inst.carryOut) {
          // Unsigned overflow of the width's addition.
          unsigned __int128 wide =
              (unsigned __int128)(a & widthMask) + (b & widthMask) + carry;
          bool out = (wide >> bits) != 0;
          warp.carryMask =
              (warp.carryMask & ~(1u << lane)) | (uint32_t(out) << lane);
        }
        if (inst.sat && isSigned)
          result = saturateSigned(__int128(int64_t(a)) + int64_t(b), bits);
      } else {
        result = a - b - carry;
        if (inst.carryOut) {
          // The borrow (PTX ISA: sub.cc writes the borrow-out to CC.CF).
          bool out = (a & widthMask) < (b & widthMask) + carry;
          warp.carryMask =
              (warp.carryMask & ~(1u << lane)) | (uint32_t(out) << lane);
        }
        if (inst.sat && isSigned)
          result = saturateSigned(__int128(int64_t(a)) - int64_t(b), bits);
      }
      ops.set(lane, result);
    });
    return;
  case Opcode::Mul:
  case Opcode::Mad:
    forEachLane(mask, [&](unsigned lane) {
      uint64_t a = ops.get(0, lane), b = ops.get(1, lane);
      uint64_t result;
      if (inst.wide) {
        result = a * b; // operands of at most 32 bits: exact in 64
        if (inst.op == Opcode::Mad)
          result += ops.raw(2, lane);
      } else {
        // .lo or .hi half of the product; mad adds c and, for madc, the
        // carry-in, and .cc writes the carry-out of that addition, for .hi
        // as for .lo (the ISA's extended-precision multiply chains
        // madc.hi.cc).
        uint64_t product = inst.hi ? highProduct(a, b, bits, isSigned) : a * b;
        result = product;
        if (inst.op == Opcode::Mad) {
          uint64_t c = ops.get(2, lane);
          uint64_t carry = inst.carryIn ? (warp.carryMask >> lane) & 1 : 0;
          if (inst.carryOut) {
            unsigned __int128 wide = (unsigned __int128)(result & widthMask) +
                                     (c & widthMask) + carry;
            bool out = (wide >> bits) != 0;
            warp.carryMask =
                (warp.carryMask & ~(1u << lane)) | (uint32_t(out) << lane);
          }
          result += c + carry;
          // "saturation applies only to .s32 type in .hi mode".
          if (inst.sat && isSigned && inst.hi && bits == 32)
            result =
                saturateSigned(__int128(int64_t(product)) + int64_t(c), 32);
        }
      }
      ops.set(lane, result);
    });
    return;
  case Opcode::Mul24:
  case Opcode::Mad24:
    forEachLane(mask, [&](unsigned lane) {
      uint64_t a = ops.get(0, lane), b = ops.get(1, lane);
      a = isSigned ? signExtend(a, 24) : a & 0xffffff;
      b = isSigned ? signExtend(b, 24) : b & 0xffffff;
      uint64_t product = isSigned ? uint64_t(int64_t(a) * int64_t(b)) : a * b;
      uint64_t result = inst.hi ? product >> 16 : product;
      if (inst.op == Opcode::Mad24)
        result += ops.get(2, lane);
      ops.set(lane, result);
    });
    return;
  case Opcode::Sad:
    forEachLane(mask, [&](unsigned lane) {
      uint64_t a = ops.get(0, lane), b = ops.get(1, lane);
      bool less = isSigned ? int64_t(a) < int64_t(b) : a < b;
      ops.set(lane, (less ? b - a : a - b) + ops.get(2, lane));
    });
    return;
  case Opcode::Div:
  case Opcode::Rem:
    forEachLane(mask, [&](unsigned lane) {
      uint64_t a = ops.get(0, lane), b = ops.get(1, lane);
      uint64_t result;
      bool div = inst.op == Opcode::Div;
      if ((b & widthMask) == 0) {
        // Undefined in the ISA; the hardware's integer division gives all
        // ones for the quotient and the dividend for the remainder.
        result = div ? ~uint64_t(0) : a;
      } else if (isSigned) {
        int64_t x = int64_t(a), y = int64_t(b);
        if (bits == 64 && x == INT64_MIN && y == -1)
          result = div ? uint64_t(x) : 0;
        else
          result = uint64_t(div ? x / y : x % y);
      } else {
        result = div ? a / b : a % b;
      }
      ops.set(lane, result);
    });
    return;
  case Opcode::Abs:
  case Opcode::Neg:
    forEachLane(mask, [&](unsigned lane) {
      int64_t a = int64_t(ops.get(0, lane));
      ops.set(lane, inst.op == Opcode::Neg
                        ? uint64_t(0) - uint64_t(a)
                        : (a < 0 ? uint64_t(0) - uint64_t(a) : uint64_t(a)));
    });
    return;
  case Opcode::Min:
  case Opcode::Max:
    forEachLane(mask, [&](unsigned lane) {
      uint64_t a = ops.get(0, lane), b = ops.get(1, lane);
      bool less = isSigned ? int64_t(a) < int64_t(b) : a < b;
      ops.set(lane, (inst.op == Opcode::Min) == less ? a : b);
    });
    return;
  case Opcode::Popc:
  case Opcode::Clz:
  case Opcode::Brev:
  case Opcode::Bfind:
    forEachLane(mask, [&](unsigned lane) {
      uint64_t a = ops.get(0, lane) & widthMask;
      uint64_t result = 0;
      if (inst.op == Opcode::Popc) {
        result = uint64_t(__builtin_popcountll(a));
      } else if (inst.op == Opcode::Clz) {
        result = a == 0 ? bits : uint64_t(__builtin_clzll(a)) - (64 - bits);
      } else if (inst.op == Opcode::Brev) {
        for (unsigned i = 0; i < bits; ++i)
          result |= ((a >> i) & 1) << (bits - 1 - i);
      } else {
        // The most significant non-sign bit; all ones if there is none.
        uint64_t v = a;
        if (isSigned && ((a >> (bits - 1)) & 1))
          v = ~a & widthMask;
        if (v == 0) {
          result = 0xffffffffu;
        } else {
          unsigned position = 63 - unsigned(__builtin_clzll(v));
          result = inst.mode ? bits - 1 - position : position;
        }
      }
      ops.set(lane, result);
    });
    return;
  case Opcode::Bfe:
    forEachLane(mask, [&](unsigned lane) {
      uint64_t a = ops.get(0, lane);
      unsigned pos = unsigned(ops.raw(1, lane) & 0xff);
      unsigned len = unsigned(ops.raw(2, lane) & 0xff);
      unsigned msb = bits - 1;
      uint64_t signBit = 0;
      if (isSigned && len > 0)
        signBit = (a >> std::min(pos + len - 1, msb)) & 1;
      uint64_t result = 0;
      for (unsigned i = 0; i <= msb; ++i) {
        uint64_t bit =
            (i < len && pos + i <= msb) ? (a >> (pos + i)) & 1 : signBit;
        result |= bit << i;
      }
      ops.set(lane, result);
    });
    return;
  case Opcode::Bfi:
    forEachLane(mask, [&](unsigned lane) {
      uint64_t a = ops.get(0, lane), b = ops.get(1, lane);
      unsigned pos = unsigned(ops.raw(2, lane) & 0xff);
      unsigned len = unsigned(ops.raw(3, lane) & 0xff);
      uint64_t result = b;
      for (unsigned i = 0; i < len && pos + i < bits; ++i)
        result = (result & ~(uint64_t(1) << (pos + i))) |
                 (((a >> i) & 1) << (pos + i));
      ops.set(lane, result);
    });
    return;
  case Opcode::Prmt:
    forEachLane(mask, [&](unsigned lane) {
      ops.set(lane,
              permute(uint32_t(ops.raw(0, lane)), uint32_t(ops.raw(1, lane)),
                      uint32_t(ops.raw(2, lane)), PrmtMode(inst.sub)));
    });
    return;
  case Opcode::Dp4a:
  case Opcode::Dp2a:
    forEachLane(mask, [&](unsigned lane) {
      uint32_t a = uint32_t(ops.raw(0, lane)), b = uint32_t(ops.raw(1, lane));
      bool aSigned = isSignedInt(inst.type), bSigned = isSignedInt(inst.type2);
      int64_t sum = int64_t(signExtend(ops.raw(2, lane), 32));
      if (!aSigned && !bSigned)
        sum = int64_t(uint32_t(ops.raw(2, lane)));
      auto part = [](uint32_t v, unsigned shift, unsigned width, bool s) {
        uint64_t x = (v >> shift) & ((uint64_t(1) << width) - 1);
        return s ? int64_t(signExtend(x, width)) : int64_t(x);
      };
      if (inst.op == Opcode::Dp4a) {
        for (unsigned i = 0; i < 4; ++i)
          sum += part(a, 8 * i, 8, aSigned) * part(b, 8 * i, 8, bSigned);
      } else {
        unsigned base = inst.hi ? 2 : 0;
        for (unsigned i = 0; i < 2; ++i)
          sum += part(a, 16 * i, 16, aSigned) *
                 part(b, 8 * (base + i), 8, bSigned);
      }
      ops.set(lane, uint64_t(sum));
    });
    return;
  case Opcode::And:
  case Opcode::Or:
  case Opcode::Xor:
    forEachLane(mask, [&](unsigned lane) {
      uint64_t a = ops.raw(0, lane), b = ops.raw(1, lane);
      ops.set(lane, inst.op == Opcode::And  ? a & b
                    : inst.op == Opcode::Or ? a | b
                                            : a ^ b);
    });
    return;
  case Opcode::Not:
    forEachLane(mask, [&](unsigned lane) {
      ops.set(lane, ~ops.raw(0, lane) & widthMask);
    });
    return;
  case Opcode::Cnot:
    forEachLane(mask, [&](unsigned lane) {
      ops.set(lane, (ops.raw(0, lane) & widthMask) == 0 ? 1 : 0);
    });
    return;
  case Opcode::Lop3:
    forEachLane(mask, [&](unsigned lane) {
      uint64_t a = ops.raw(0, lane), b = ops.raw(1, lane), c = ops.raw(2, lane);
      unsigned table = unsigned(ops.raw(3, lane) & 0xff);
      uint64_t result = 0;
      for (unsigned i = 0; i < bits; ++i) {
        unsigned index = unsigned(((a >> i) & 1) << 2 | ((b >> i) & 1) << 1 |
                                  ((c >> i) & 1));
        result |= uint64_t((table >> index) & 1) << i;
      }
      ops.set(lane, result);
    });
    return;
  case Opcode::Shl:
  case Opcode::Shr:
    forEachLane(mask, [&](unsigned lane) {
      uint64_t a = ops.get(0, lane);
      uint64_t shift = uint32_t(ops.raw(1, lane));
      uint64_t result;
      if (inst.op == Opcode::Shl)
        result = shift >= bits ? 0 : a << shift;
      else if (isSigned)
        result = uint64_t(int64_t(a) >> std::min<uint64_t>(shift, 63));
      else
        result = shift >= bits ? 0 : (a & widthMask) >> shift;
      ops.set(lane, result);
    });
    return;
  case Opcode::Shf:
    forEachLane(mask, [&](unsigned lane) {
      uint64_t a = uint32_t(ops.raw(0, lane)), b = uint32_t(ops.raw(1, lane));
      uint32_t c = uint32_t(ops.raw(2, lane));
      unsigned n = inst.mode == 0 ? std::min<uint32_t>(c, 32) : c & 31;
      uint64_t both = (b << 32) | a;
      uint64_t result = inst.sub == 0 ? (both << n) >> 32 : both >> n;
      ops.set(lane, result);
    });
    return;
  default:
    return;
  }
}
