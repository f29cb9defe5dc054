//===- Decoder.h - Internals shared by the decoder's files ------*- C++ -*-===//
//
// The decoder runs in two parts: Decoder.cpp lays out registers, variables
// and parameters and resolves operands; DecodeOpcodes.cpp gives each opcode
// its meaning. This header is private to lib/Emulator.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_LIB_EMULATOR_DECODER_H
#define ROLLER_LIB_EMULATOR_DECODER_H

#include "Roller/Emulator/Program.h"

#include <optional>
#include <string>
#include <vector>

namespace roller::emu::detail {

/// The modifiers of an opcode, sorted into what they are. Parts that mean
/// different things for different opcodes (lo, hi, and, min, up ...) stay in
/// `other`, in order, for the opcode's own decoder.
struct Modifiers {
  std::vector<Type> types;
  std::optional<Rounding> rounding;
  bool integerRounding = false; ///< .rni/.rzi/.rmi/.rpi
  bool ftz = false, sat = false, relu = false, satFinite = false;
  bool approx = false, full = false, nan = false, uni = false;
  bool sync = false, aligned = false, wide = false, cc = false;
  bool trans = false, isVolatile = false, cacheHint = false;
  bool xorsign = false, abs = false, shiftAmount = false;
  uint8_t vector = 0; ///< .v2/.v4/.v8
  uint8_t x = 0;      ///< .x1/.x2/.x4
  std::optional<Space> space;
  std::vector<std::string> other;
};

/// Sorts `parts` (the opcode without its base name) into Modifiers.
Modifiers classifyModifiers(const std::vector<std::string> &parts);

/// What an opcode decoder gets: the instruction being filled, its modifiers
/// and PTX operands, and ways to resolve and report.
class OpcodeContext {
public:
  virtual ~OpcodeContext() = default;
  /// Resolves operand `index` for an instruction of type `type` (float
  /// literals are converted to it) and appends it to the program.
  virtual Status operand(const ptx::Operand &operand, Type type) = 0;
  virtual Error error(const std::string &message) const = 0;
};

/// Fills `inst` (op, types, modifiers, operands through ctx) from the PTX
/// instruction, or explains why it cannot.
Status decodeOpcode(const ptx::Instruction &ptx, Modifiers &mods, Inst &inst,
                    OpcodeContext &ctx);

} // namespace roller::emu::detail

#endif // ROLLER_LIB_EMULATOR_DECODER_H
