//===- PTXOperands.cpp - Numbers, operands and declarations of PTX --------===//
//
// PTX ISA 4.5 (constants: integer, 0f/0d and decimal float literals), 6.4
// (operands: registers, immediates, addresses, vectors) and 5.4 (variable
// declarations with alignment, arrays, register ranges and initializers).
//
//===----------------------------------------------------------------------===//

#include "PTXParserImpl.h"

#include <cstring>

using namespace roller::emu;
using namespace roller::emu::ptx;
using namespace roller::emu::ptx::detail;

Status Parser::parseNumber(Operand &operand, bool negative) {
  const Token &token = next();
  std::string_view text = token.text;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'f' || text[1] == 'F')) {
    uint64_t bits;
    if (text.size() != 10 ||
        !parseInteger("0x" + std::string(text.substr(2)), bits))
      return errorAt(token.line, "bad f32 literal '" + std::string(text) + "'");
    operand.kind = Operand::Kind::Float32;
    operand.value = bits ^ (negative ? 0x80000000u : 0);
    return Status::ok();
  }
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'd' || text[1] == 'D')) {
    uint64_t bits;
    if (text.size() != 18 ||
        !parseInteger("0x" + std::string(text.substr(2)), bits))
      return errorAt(token.line, "bad f64 literal '" + std::string(text) + "'");
    operand.kind = Operand::Kind::Float64;
    operand.value = bits ^ (negative ? 0x8000000000000000ull : 0);
    return Status::ok();
  }
  bool isHex = text.size() > 1 && (text[1] == 'x' || text[1] == 'X');
  if (!isHex && (text.find('.') != std::string_view::npos ||
                 text.find_first_of("eE") != std::string_view::npos)) {
    std::string copy(text);
    char *end = nullptr;
    double value = std::strtod(copy.c_str(), &end);
    if (!end || *end)
      return errorAt(token.line, "bad float literal '" + copy + "'");
    if (negative)
      value = -value;
    uint64_t bits;
    std::memcpy(&bits, &value, 8);
    operand.kind = Operand::Kind::Float64;
    operand.value = bits;
    return Status::ok();
  }
  uint64_t value;
  if (!parseInteger(text, value))
    return errorAt(token.line,
                   "bad integer literal '" + std::string(text) + "'");
  operand.kind = Operand::Kind::Integer;
  operand.value = negative ? uint64_t(0) - value : value;
  return Status::ok();
}

Status Parser::parseOperand(Operand &operand) {
  if (consumePunct('[')) {
    operand.kind = Operand::Kind::Address;
    if (peek().kind == Token::Kind::Word) {
      operand.name = std::string(next().text);
    } else if (peek().kind == Token::Kind::Number || atPunct('-')) {
      Operand number;
      bool negative = consumePunct('-');
      if (Status s = parseNumber(number, negative); !s)
        return s;
      if (number.kind != Operand::Kind::Integer)
        return error("an address offset must be an integer");
      operand.offset = int64_t(number.value);
    } else {
      return error("expected an address, found " + describe(peek()));
    }
    while (atPunct('+') || atPunct('-')) {
      bool negative = next().text[0] == '-';
      if (consumePunct('-'))
        negative = !negative;
      Operand number;
      if (peek().kind != Token::Kind::Number)
        return error("expected an address offset, found " + describe(peek()));
      if (Status s = parseNumber(number, negative); !s)
        return s;
      if (number.kind != Operand::Kind::Integer)
        return error("an address offset must be an integer");
      operand.offset += int64_t(number.value);
    }
    return expectPunct(']');
  }
  if (consumePunct('{') || (atPunct('(') && next().text[0] == '(')) {
    bool brace = tokens[pos - 1].text[0] == '{';
    operand.kind = brace ? Operand::Kind::Vector : Operand::Kind::List;
    char close = brace ? '}' : ')';
    if (!atPunct(close)) {
      do {
        Operand element;
        if (Status s = parseOperand(element); !s)
          return s;
        operand.elements.push_back(std::move(element));
      } while (consumePunct(','));
    }
    return expectPunct(close);
  }
  if (consumePunct('!')) {
    if (Status s = parseOperand(operand); !s)
      return s;
    if (operand.kind != Operand::Kind::Register)
      return error("'!' applies to a predicate register");
    operand.negated = !operand.negated;
    return Status::ok();
  }
  if (atPunct('-') && peek(1).kind == Token::Kind::Number) {
    next();
    return parseNumber(operand, /*negative=*/true);
  }
  if (peek().kind == Token::Kind::Number)
    return parseNumber(operand, /*negative=*/false);
  if (peek().kind == Token::Kind::Word) {
    const Token &token = next();
    operand.name = std::string(token.text);
    if (token.text == "_")
      operand.kind = Operand::Kind::Sink;
    else if (token.text[0] == '%')
      operand.kind = Operand::Kind::Register;
    else
      operand.kind = Operand::Kind::Symbol;
    if (atPunct('|')) {
      next();
      Operand second;
      if (Status s = parseOperand(second); !s)
        return s;
      Operand first = std::move(operand);
      operand = Operand();
      operand.kind = Operand::Kind::PredPair;
      operand.elements.push_back(std::move(first));
      operand.elements.push_back(std::move(second));
    }
    return Status::ok();
  }
  return error("expected an operand, found " + describe(peek()));
}

Status Parser::parseInstruction(Instruction &inst) {
  inst.line = peek().line;
  if (consumePunct('@')) {
    if (consumePunct('!'))
      inst.guardNegated = true;
    if (peek().kind != Token::Kind::Word)
      return error("expected a predicate register after '@'");
    inst.guard = std::string(next().text);
  }
  if (peek().kind != Token::Kind::Word)
    return error("expected an instruction, found " + describe(peek()));
  std::string_view opcode = next().text;
  size_t start = 0;
  while (start <= opcode.size()) {
    size_t dot = opcode.find('.', start);
    if (dot == std::string_view::npos)
      dot = opcode.size();
    if (dot == start)
      return errorAt(inst.line,
                     "malformed opcode '" + std::string(opcode) + "'");
    inst.opcode.emplace_back(opcode.substr(start, dot - start));
    start = dot + 1;
  }
  if (!atPunct(';')) {
    do {
      Operand operand;
      if (Status s = parseOperand(operand); !s)
        return s;
      inst.operands.push_back(std::move(operand));
    } while (consumePunct(','));
  }
  if (consumePunct(';'))
    return Status::ok();
  // Name the instruction missing its ';', not the line where the next
  // token showed it (usually the following instruction's).
  const Token &found = peek();
  return errorAt(inst.line, "expected ';' to end '" + std::string(opcode) +
                                "', found " + describe(found) +
                                (found.line != inst.line
                                     ? " on line " + std::to_string(found.line)
                                     : std::string()));
}

Status Parser::parseInitializer(Variable &var) {
  unsigned bytes = typeBytes(var.type);
  if (bytes == 0)
    return error("an initializer needs a sized type, not ." + var.type);
  std::vector<Operand> values;
  auto parseValue = [&]() -> Status {
    Operand value;
    bool negative = consumePunct('-');
    if (peek().kind != Token::Kind::Number)
      return error("expected a constant in the initializer, found " +
                   describe(peek()));
    if (Status s = parseNumber(value, negative); !s)
      return s;
    values.push_back(value);
    return Status::ok();
  };
  if (consumePunct('{')) {
    if (!atPunct('}')) {
      do {
        if (atPunct('{'))
          return error("nested initializers are not supported");
        if (Status s = parseValue(); !s)
          return s;
      } while (consumePunct(','));
    }
    if (Status s = expectPunct('}'); !s)
      return s;
  } else if (Status s = parseValue(); !s) {
    return s;
  }
  uint64_t count = var.count == 0 ? values.size() : var.count;
  if (values.size() > count)
    return error("too many initializer values for " + var.name);
  if (var.count == 0)
    var.count = count;
  var.initializer.assign(count * bytes, 0);
  for (size_t i = 0; i < values.size(); ++i) {
    uint64_t bits = values[i].value;
    if (values[i].kind == Operand::Kind::Float64 && var.type == "f32") {
      double d;
      std::memcpy(&d, &bits, 8);
      float f = static_cast<float>(d);
      uint32_t fbits;
      std::memcpy(&fbits, &f, 4);
      bits = fbits;
    }
    for (unsigned b = 0; b < bytes; ++b)
      var.initializer[i * bytes + b] = uint8_t(bits >> (8 * b));
  }
  return Status::ok();
}

/// Parses the attributes, type and name of a variable after its state space
/// directive, up to (not including) the terminating ';' or ','.
Status Parser::parseVariable(Variable &var, bool allowInitializer) {
  var.line = peek().line;
  while (peek().kind == Token::Kind::Word && peek().text[0] == '.') {
    std::string_view word = next().text;
    if (word == ".align") {
      Operand value;
      if (peek().kind != Token::Kind::Number)
        return error("expected an alignment after .align");
      if (Status s = parseNumber(value, false); !s)
        return s;
      var.alignment = value.value;
    } else if (word == ".ptr") {
      var.isPointer = true;
    } else if (word == ".v2" || word == ".v4" || word == ".v8") {
      var.vectorWidth = word[2] - '0';
    } else if (word == ".global" || word == ".shared" || word == ".const" ||
               word == ".local") {
      // .param .u64 .ptr .global: the space the pointer points to.
    } else if (word == ".attribute") {
      // .attribute(.managed): parenthesized, not used here.
      if (consumePunct('(')) {
        while (!atPunct(')') && peek().kind != Token::Kind::End)
          next();
        if (Status s = expectPunct(')'); !s)
          return s;
      }
    } else {
      var.type = std::string(word.substr(1));
    }
  }
  if (var.type.empty())
    return error("expected a type for the variable");
  if (peek().kind != Token::Kind::Word)
    return error("expected a variable name, found " + describe(peek()));
  var.name = std::string(next().text);
  if (consumePunct('<')) {
    Operand count;
    if (peek().kind != Token::Kind::Number)
      return error("expected a register count in '<>'");
    if (Status s = parseNumber(count, false); !s)
      return s;
    var.registerRange = count.value;
    if (Status s = expectPunct('>'); !s)
      return s;
  }
  while (consumePunct('[')) {
    if (consumePunct(']')) {
      var.count = 0;
      continue;
    }
    Operand count;
    if (peek().kind != Token::Kind::Number)
      return error("expected an array extent");
    if (Status s = parseNumber(count, false); !s)
      return s;
    var.count *= count.value;
    if (Status s = expectPunct(']'); !s)
      return s;
  }
  if (consumePunct('=')) {
    if (!allowInitializer)
      return error("this variable cannot have an initializer");
    return parseInitializer(var);
  }
  return Status::ok();
}

Status Parser::parseParamList(std::vector<Variable> &params) {
  if (Status s = expectPunct('('); !s)
    return s;
  if (consumePunct(')'))
    return Status::ok();
  do {
    if (!atWord(".param") && !atWord(".reg"))
      return error("expected .param, found " + describe(peek()));
    Variable param;
    param.space =
        next().text == ".param" ? Variable::Space::Param : Variable::Space::Reg;
    if (Status s = parseVariable(param, false); !s)
      return s;
    params.push_back(std::move(param));
  } while (consumePunct(','));
  return expectPunct(')');
}
