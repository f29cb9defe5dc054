//===- DecodeOpcodes.h - Helpers of the opcode decoders ---------*- C++ -*-===//
//
// Shared by DecodeArith.cpp (arithmetic, logic, comparison, conversion) and
// DecodeMemoryOps.cpp (memory, warp-collective, control). Private.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_LIB_EMULATOR_DECODEOPCODES_H
#define ROLLER_LIB_EMULATOR_DECODEOPCODES_H

#include "Decoder.h"

#include <algorithm>
#include <initializer_list>

namespace roller::emu::detail {

/// One instruction being decoded.
struct OpcodeDecoder {
  const ptx::Instruction &ptx;
  Modifiers &mods;
  Inst &inst;
  OpcodeContext &ctx;

  const std::string &base() const { return ptx.opcode[0]; }
  Error error(const std::string &message) const { return ctx.error(message); }

  /// Removes `name` from the unrecognized modifiers; true if it was there.
  bool take(const char *name) {
    auto it = std::find(mods.other.begin(), mods.other.end(), name);
    if (it == mods.other.end())
      return false;
    mods.other.erase(it);
    return true;
  }
  /// Takes the first of `names` present; returns its index or -1.
  int takeOneOf(std::initializer_list<const char *> names) {
    int index = 0;
    for (const char *name : names) {
      if (take(name))
        return index;
      ++index;
    }
    return -1;
  }
  /// Fails on any modifier nobody recognized.
  Status noOthers() {
    if (mods.other.empty())
      return Status::ok();
    return error("unsupported modifier ." + mods.other.front());
  }
  /// Exactly `n` types were written.
  Status types(size_t n) {
    if (mods.types.size() == n)
      return Status::ok();
    return error("expected " + std::to_string(n) + " type modifier" +
                 (n == 1 ? "" : "s"));
  }
  /// Exactly `n` operands were written.
  Status count(size_t n) {
    if (ptx.operands.size() == n)
      return Status::ok();
    return error("expected " + std::to_string(n) + " operands, found " +
                 std::to_string(ptx.operands.size()));
  }
  /// Resolves operands [first, last) with `type` for literal conversion.
  Status operands(size_t first, size_t last, Type type) {
    for (size_t i = first; i < last && i < ptx.operands.size(); ++i)
      if (Status s = ctx.operand(ptx.operands[i], type); !s)
        return s;
    return Status::ok();
  }
  Status all(Type type) { return operands(0, ptx.operands.size(), type); }
  /// The operand kind as written.
  ptx::Operand::Kind kindOf(size_t i) const { return ptx.operands[i].kind; }
  bool isRegister(size_t i) const {
    return ptx.operands[i].kind == ptx::Operand::Kind::Register;
  }
};

Status decodeArithmetic(OpcodeDecoder &d, bool &handled);
Status decodeMemoryOrControl(OpcodeDecoder &d, bool &handled);

} // namespace roller::emu::detail

#endif // ROLLER_LIB_EMULATOR_DECODEOPCODES_H
