//===- PTXLexer.h - Tokens of PTX text --------------------------*- C++ -*-===//
//
// The lexer of the PTX parser (PTXParser.cpp). Private to lib/Emulator.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_LIB_EMULATOR_PTXLEXER_H
#define ROLLER_LIB_EMULATOR_PTXLEXER_H

#include "Roller/Emulator/Support.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace roller::emu::ptx::detail {

struct Token {
  enum class Kind : uint8_t { Word, Number, String, Punct, End };
  Kind kind = Kind::End;
  std::string_view text;
  unsigned line = 0;
};

/// Splits PTX text into tokens. Words keep their dots and `::` (opcodes,
/// directives, registers such as %tid.x); a single ':' ends a label. The
/// last token is End. Errors name the line: "<name>:<line>: ...".
Status tokenize(std::string_view text, std::string_view name,
                std::vector<Token> &tokens);

/// Parses an integer literal: decimal, 0x hex, 0b binary, leading-0 octal,
/// with an optional U suffix (wrapping like PTX's 64-bit literals).
bool parseInteger(std::string_view text, uint64_t &value);

} // namespace roller::emu::ptx::detail

#endif // ROLLER_LIB_EMULATOR_PTXLEXER_H
