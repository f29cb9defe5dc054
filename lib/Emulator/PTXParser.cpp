//===- PTXParser.cpp - PTX text to its syntax tree ------------------------===//
//
// A hand-written lexer and recursive-descent parser for the PTX that LLVM's
// NVPTX back end and Triton write (PTX ISA chapter 4, "Syntax", and 5,
// "State Spaces, Types, and Variables"). It checks the syntax only; meaning
// (which instructions exist, operand counts, types) is the decoder's job.
// Debug sections and .loc/.file lines are skipped.
//
//===----------------------------------------------------------------------===//

#include "Roller/Emulator/PTX.h"

#include <cctype>
#include <cstring>

using namespace roller::emu;
using namespace roller::emu::ptx;

std::string Instruction::opcodeText() const {
  std::string text;
  for (const std::string &part : opcode) {
    if (!text.empty())
      text += '.';
    text += part;
  }
  return text;
}

const Function *Module::findFunction(std::string_view name) const {
  for (const Function &function : functions)
    if (function.name == name && function.isDefinition)
      return &function;
  return nullptr;
}

unsigned ptx::typeBytes(std::string_view type) {
  if (type == "pred")
    return 1;
  if (type == "b8" || type == "u8" || type == "s8" || type == "e4m3" ||
      type == "e5m2")
    return 1;
  if (type == "b16" || type == "u16" || type == "s16" || type == "f16" ||
      type == "bf16" || type == "e4m3x2" || type == "e5m2x2")
    return 2;
  if (type == "b32" || type == "u32" || type == "s32" || type == "f32" ||
      type == "f16x2" || type == "bf16x2" || type == "tf32")
    return 4;
  if (type == "b64" || type == "u64" || type == "s64" || type == "f64")
    return 8;
  if (type == "b128")
    return 16;
  return 0;
}

namespace {

struct Token {
  enum class Kind : uint8_t { Word, Number, String, Punct, End };
  Kind kind = Kind::End;
  std::string_view text;
  unsigned line = 0;
};

bool isWordStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         c == '%' || c == '.';
}
bool isWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         c == '.';
}

/// Splits PTX text into tokens. Words keep their dots and `::` (opcodes,
/// directives, registers such as %tid.x); a single ':' ends a label.
Status tokenize(std::string_view text, std::string_view name,
                std::vector<Token> &tokens) {
  unsigned line = 1;
  size_t i = 0, n = text.size();
  while (i < n) {
    char c = text[i];
    if (c == '\n') {
      ++line;
      ++i;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '/') {
      while (i < n && text[i] != '\n')
        ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '*') {
      size_t end = text.find("*/", i + 2);
      if (end == std::string_view::npos)
        return makeError(std::string(name) + ":" + std::to_string(line) +
                         ": unterminated comment");
      for (size_t k = i; k < end; ++k)
        line += text[k] == '\n';
      i = end + 2;
      continue;
    }
    Token token;
    token.line = line;
    size_t start = i;
    if (c == '"') {
      ++i;
      while (i < n && text[i] != '"' && text[i] != '\n')
        ++i;
      if (i >= n || text[i] != '"')
        return makeError(std::string(name) + ":" + std::to_string(line) +
                         ": unterminated string");
      ++i;
      token.kind = Token::Kind::String;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      ++i;
      while (i < n) {
        char d = text[i];
        if (std::isalnum(static_cast<unsigned char>(d)) || d == '.') {
          ++i;
          continue;
        }
        // An exponent sign: 1.5e-3 (not in hex: 0x1E-2 is a subtraction).
        if ((d == '-' || d == '+') && (text[i - 1] == 'e' || text[i - 1] == 'E') &&
            !(text.size() > start + 1 && (text[start + 1] == 'x' ||
                                          text[start + 1] == 'X' ||
                                          text[start + 1] == 'f' ||
                                          text[start + 1] == 'F' ||
                                          text[start + 1] == 'd' ||
                                          text[start + 1] == 'D'))) {
          ++i;
          continue;
        }
        break;
      }
      token.kind = Token::Kind::Number;
    } else if (isWordStart(c)) {
      ++i;
      while (i < n) {
        if (isWordChar(text[i])) {
          ++i;
          continue;
        }
        if (text[i] == ':' && i + 1 < n && text[i + 1] == ':') {
          i += 2;
          continue;
        }
        break;
      }
      token.kind = Token::Kind::Word;
    } else if (std::strchr(",;:[]{}()<>+-!@=|", c)) {
      ++i;
      token.kind = Token::Kind::Punct;
    } else {
      return makeError(std::string(name) + ":" + std::to_string(line) +
                       ": unexpected character '" + std::string(1, c) + "'");
    }
    token.text = text.substr(start, i - start);
    tokens.push_back(token);
  }
  Token end;
  end.kind = Token::Kind::End;
  end.line = line;
  tokens.push_back(end);
  return Status::ok();
}

/// Parses an integer literal: decimal, 0x hex, 0b binary, leading-0 octal,
/// with an optional U suffix.
bool parseInteger(std::string_view text, uint64_t &value) {
  if (!text.empty() && (text.back() == 'U' || text.back() == 'u'))
    text.remove_suffix(1);
  if (text.empty())
    return false;
  unsigned base = 10;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    base = 16;
    text.remove_prefix(2);
  } else if (text.size() > 2 && text[0] == '0' &&
             (text[1] == 'b' || text[1] == 'B')) {
    base = 2;
    text.remove_prefix(2);
  } else if (text.size() > 1 && text[0] == '0') {
    base = 8;
    text.remove_prefix(1);
  }
  uint64_t result = 0;
  for (char c : text) {
    unsigned digit;
    if (c >= '0' && c <= '9')
      digit = c - '0';
    else if (c >= 'a' && c <= 'f')
      digit = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F')
      digit = c - 'A' + 10;
    else
      return false;
    if (digit >= base)
      return false;
    result = result * base + digit; // wraps like the 64-bit literals of PTX
  }
  value = result;
  return true;
}

class Parser {
public:
  Parser(std::vector<Token> tokens, std::string_view name)
      : tokens(std::move(tokens)), name(name) {}

  ErrorOr<std::unique_ptr<Module>> parseModule();

private:
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
  Error error(const std::string &message) const { return errorAt(peek().line, message); }
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
    return error(std::string("expected '") + c + "', found " + describe(peek()));
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

Status Parser::skipSection() {
  next(); // .section
  while (peek().kind != Token::Kind::End && !atPunct('{'))
    next();
  if (!consumePunct('{'))
    return error("expected '{' after .section");
  int depth = 1;
  while (depth > 0) {
    if (peek().kind == Token::Kind::End)
      return error("unterminated .section");
    if (atPunct('{'))
      ++depth;
    else if (atPunct('}'))
      --depth;
    next();
  }
  return Status::ok();
}

Status Parser::parseNumber(Operand &operand, bool negative) {
  const Token &token = next();
  std::string_view text = token.text;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'f' || text[1] == 'F')) {
    uint64_t bits;
    if (text.size() != 10 || !parseInteger("0x" + std::string(text.substr(2)), bits))
      return errorAt(token.line, "bad f32 literal '" + std::string(text) + "'");
    operand.kind = Operand::Kind::Float32;
    operand.value = bits ^ (negative ? 0x80000000u : 0);
    return Status::ok();
  }
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'd' || text[1] == 'D')) {
    uint64_t bits;
    if (text.size() != 18 || !parseInteger("0x" + std::string(text.substr(2)), bits))
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
    return errorAt(token.line, "bad integer literal '" + std::string(text) + "'");
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
      return errorAt(inst.line, "malformed opcode '" + std::string(opcode) + "'");
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
    param.space = next().text == ".param" ? Variable::Space::Param
                                          : Variable::Space::Reg;
    if (Status s = parseVariable(param, false); !s)
      return s;
    params.push_back(std::move(param));
  } while (consumePunct(','));
  return expectPunct(')');
}

Status Parser::parseBody(Function &function) {
  int depth = 0;
  while (true) {
    const Token &token = peek();
    if (token.kind == Token::Kind::End)
      return error("unterminated body of " + function.name);
    Statement statement;
    statement.line = token.line;
    if (atPunct('}')) {
      next();
      if (depth == 0)
        return Status::ok();
      --depth;
      statement.kind = Statement::Kind::CloseScope;
      function.body.push_back(std::move(statement));
      continue;
    }
    if (atPunct('{')) {
      next();
      ++depth;
      statement.kind = Statement::Kind::OpenScope;
      function.body.push_back(std::move(statement));
      continue;
    }
    if (token.kind == Token::Kind::Word && peek(1).kind == Token::Kind::Punct &&
        peek(1).text[0] == ':' && token.text[0] != '.') {
      statement.kind = Statement::Kind::Label;
      statement.label = std::string(token.text);
      next();
      next();
      function.body.push_back(std::move(statement));
      continue;
    }
    if (token.kind == Token::Kind::Word && token.text[0] == '.') {
      std::string_view directive = token.text;
      if (directive == ".loc" || directive == ".file") {
        skipLine();
        continue;
      }
      if (directive == ".pragma") {
        next();
        while (!atPunct(';') && peek().kind != Token::Kind::End)
          next();
        if (Status s = expectPunct(';'); !s)
          return s;
        continue;
      }
      Variable var;
      if (directive == ".reg")
        var.space = Variable::Space::Reg;
      else if (directive == ".shared")
        var.space = Variable::Space::Shared;
      else if (directive == ".local")
        var.space = Variable::Space::Local;
      else if (directive == ".param")
        var.space = Variable::Space::Param;
      else if (directive == ".global")
        var.space = Variable::Space::Global;
      else if (directive == ".const")
        var.space = Variable::Space::Const;
      else
        return error("unsupported directive '" + std::string(directive) +
                     "' in a function body");
      next();
      if (Status s = parseVariable(var, var.space != Variable::Space::Reg); !s)
        return s;
      Variable shape = var;
      statement.kind = Statement::Kind::Declaration;
      statement.declaration = std::move(var);
      function.body.push_back(statement);
      // .reg .b32 %a, %b, %c;
      while (consumePunct(',')) {
        if (peek().kind != Token::Kind::Word)
          return error("expected a name after ','");
        Variable more = shape;
        more.name = std::string(next().text);
        more.registerRange = 0;
        more.count = 1;
        if (consumePunct('<')) {
          Operand count;
          if (Status s = parseNumber(count, false); !s)
            return s;
          more.registerRange = count.value;
          if (Status s = expectPunct('>'); !s)
            return s;
        }
        statement.declaration = std::move(more);
        function.body.push_back(statement);
      }
      if (Status s = expectPunct(';'); !s)
        return s;
      continue;
    }
    statement.kind = Statement::Kind::Instruction;
    if (Status s = parseInstruction(statement.instruction); !s)
      return s;
    function.body.push_back(std::move(statement));
  }
}

Status Parser::parseFunction(Module &module, bool isExtern) {
  Function function;
  function.line = peek().line;
  function.isEntry = next().text == ".entry";
  if (!function.isEntry && atPunct('(')) {
    if (Status s = parseParamList(function.returns); !s)
      return s;
  }
  if (peek().kind != Token::Kind::Word)
    return error("expected a function name, found " + describe(peek()));
  function.name = std::string(next().text);
  if (atPunct('(')) {
    if (Status s = parseParamList(function.params); !s)
      return s;
  }
  // Performance-tuning directives and .noreturn.
  while (peek().kind == Token::Kind::Word && peek().text[0] == '.') {
    std::string_view directive = next().text;
    std::vector<uint64_t> values;
    while (peek().kind == Token::Kind::Number) {
      Operand value;
      if (Status s = parseNumber(value, false); !s)
        return s;
      values.push_back(value.value);
      if (!consumePunct(','))
        break;
    }
    if (directive == ".maxntid")
      function.maxntid = values;
    else if (directive == ".reqntid")
      function.reqntid = values;
    else if (directive == ".maxnreg" && !values.empty())
      function.maxnreg = values[0];
    else if (directive == ".minnctapersm" && !values.empty())
      function.minnctapersm = values[0];
    // Others (.noreturn, .maxclusterrank, .explicitcluster ...) do not
    // change what the kernel computes.
  }
  if (consumePunct(';')) {
    module.functions.push_back(std::move(function));
    return Status::ok();
  }
  if (isExtern)
    return error(".extern function " + function.name + " cannot have a body");
  if (Status s = expectPunct('{'); !s)
    return s;
  function.isDefinition = true;
  if (Status s = parseBody(function); !s)
    return s;
  module.functions.push_back(std::move(function));
  return Status::ok();
}

ErrorOr<std::unique_ptr<Module>> Parser::parseModule() {
  auto module = std::make_unique<Module>();
  module->name = std::string(name);
  while (peek().kind != Token::Kind::End) {
    const Token &token = peek();
    if (token.kind != Token::Kind::Word || token.text[0] != '.')
      return error("expected a directive, found " + describe(token));
    std::string_view directive = token.text;
    if (directive == ".version") {
      next();
      std::string_view text = next().text;
      size_t dot = text.find('.');
      uint64_t major = 0, minor = 0;
      if (dot == std::string_view::npos ||
          !parseInteger(text.substr(0, dot), major) ||
          !parseInteger(text.substr(dot + 1), minor))
        return errorAt(token.line, "bad .version '" + std::string(text) + "'");
      module->versionMajor = unsigned(major);
      module->versionMinor = unsigned(minor);
      continue;
    }
    if (directive == ".target") {
      next();
      if (peek().kind != Token::Kind::Word)
        return error("expected a target after .target");
      module->target = std::string(next().text);
      while (consumePunct(','))
        next(); // texmode_*, debug
      continue;
    }
    if (directive == ".address_size") {
      next();
      Operand size;
      if (peek().kind != Token::Kind::Number)
        return error("expected a size after .address_size");
      if (Status s = parseNumber(size, false); !s)
        return s;
      module->addressSize = unsigned(size.value);
      continue;
    }
    if (directive == ".file" || directive == ".loc") {
      skipLine();
      continue;
    }
    if (directive == ".section") {
      if (Status s = skipSection(); !s)
        return s;
      continue;
    }
    bool isExtern = false;
    while (atWord(".visible") || atWord(".extern") || atWord(".weak") ||
           atWord(".common")) {
      isExtern |= next().text == ".extern";
    }
    if (atWord(".entry") || atWord(".func")) {
      if (Status s = parseFunction(*module, isExtern); !s)
        return s;
      continue;
    }
    Variable var;
    if (atWord(".global"))
      var.space = Variable::Space::Global;
    else if (atWord(".const"))
      var.space = Variable::Space::Const;
    else if (atWord(".shared"))
      var.space = Variable::Space::Shared;
    else
      return error("unsupported directive " + describe(peek()));
    next();
    var.isExtern = isExtern;
    if (Status s = parseVariable(var, true); !s)
      return s;
    module->globals.push_back(var);
    while (consumePunct(',')) {
      Variable more = var;
      more.initializer.clear();
      more.count = 1;
      if (peek().kind != Token::Kind::Word)
        return error("expected a name after ','");
      more.name = std::string(next().text);
      module->globals.push_back(std::move(more));
    }
    if (Status s = expectPunct(';'); !s)
      return s;
  }
  return module;
}

} // namespace

ErrorOr<std::unique_ptr<Module>> ptx::parse(std::string_view text,
                                            std::string_view name) {
  std::vector<Token> tokens;
  if (Status s = tokenize(text, name, tokens); !s)
    return makeError(s.message());
  Parser parser(std::move(tokens), name);
  return parser.parseModule();
}
