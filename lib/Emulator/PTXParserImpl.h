//===- PTXParserImpl.h - The PTX parser's class ----------------*- C++ -*-===//
//
// The recursive-descent parser, split by what it reads: PTXParser.cpp the
// module, functions, bodies and instructions; PTXOperands.cpp numbers,
// operands and variable declarations. Private to lib/Emulator.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_LIB_EMULATOR_PTXPARSERIMPL_H
#define ROLLER_LIB_EMULATOR_PTXPARSERIMPL_H

#include "PTXLexer.h"
#include "Roller/Emulator/PTX.h"

#include <memory>
#include <string>

namespace roller::emu::ptx::detail {

class Parser {
public:
  Parser(std::vector<Token> tokens, std::string_view name)
      : tokens(std::move(tokens)), name(name) {}

  ErrorOr<std::unique_ptr<Module>> parseModule();

public:
  const Token &peek(size_t ahead = 0) const {
    size_t index = pos + ahead;
    return index < tokens.size() ? tokens[index] : tokens.back();
  }
  const Token &next() {
    const Token &token = peek();
    if (pos < tokens.size() - 1)
      ++pos;
    return token;
  }
  bool atPunct(char c) const {
    return peek().kind == Token::Kind::Punct && peek().text[0] == c;
  }
  bool atWord(std::string_view word) const {
    return peek().kind == Token::Kind::Word && peek().text == word;
  }
  bool consumePunct(char c) {
    if (!atPunct(c))
      return false;
    next();
    return true;
  }
  Error error(const std::string &message) const {
    return errorAt(peek().line, message);
  }
  Error errorAt(unsigned line, const std::string &message) const {
    return makeError(std::string(name) + ":" + std::to_string(line) + ": " +
                     message);
  }
  std::string describe(const Token &token) const {
    if (token.kind == Token::Kind::End)
      return "end of input";
    return "'" + std::string(token.text) + "'";
  }
  Status expectPunct(char c) {
    if (consumePunct(c))
      return Status::ok();
    return error(std::string("expected '") + c + "', found " +
                 describe(peek()));
  }

  /// Skips `.loc`/`.file` and other line-oriented directives to the end of
  /// their line, and `.section` blocks with their braces.
  void skipLine() {
    unsigned line = peek().line;
    while (peek().kind != Token::Kind::End && peek().line == line)
      next();
  }
  Status skipSection();
  Status parseVariable(Variable &var, bool allowInitializer);
  Status parseParamList(std::vector<Variable> &params);
  Status parseFunction(Module &module, bool isExtern);
  Status parseBody(Function &function);
  Status parseInstruction(Instruction &inst);
  Status parseOperand(Operand &operand);
  Status parseNumber(Operand &operand, bool negative);
  Status parseInitializer(Variable &var);

  std::vector<Token> tokens;
  size_t pos = 0;
  std::string_view name;
};

} // namespace roller::emu::ptx::detail

#endif // ROLLER_LIB_EMULATOR_PTXPARSERIMPL_H
