//===- PTXParser.cpp - PTX text to its syntax tree ------------------------===//
//
// A hand-written recursive-descent parser for the PTX that LLVM's
// NVPTX back end and Triton write (PTX ISA chapter 4, "Syntax", and 5,
// "State Spaces, Types, and Variables"). It checks the syntax only; meaning
// (which instructions exist, operand counts, types) is the decoder's job.
// Debug sections and .loc/.file lines are skipped.
//
//===----------------------------------------------------------------------===//

#include "PTXParserImpl.h"
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
      type == "f16x2" || type == "bf16x2" || type == "tf32" ||
      type == "u16x2" || type == "s16x2")
    return 4;
  if (type == "b64" || type == "u64" || type == "s64" || type == "f64")
    return 8;
  if (type == "b128")
    return 16;
  return 0;
}

using namespace roller::emu::ptx::detail;

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

ErrorOr<std::unique_ptr<Module>> ptx::parse(std::string_view text,
                                            std::string_view name) {
  std::vector<Token> tokens;
  if (Status s = tokenize(text, name, tokens); !s)
    return makeError(s.message());
  Parser parser(std::move(tokens), name);
  return parser.parseModule();
}
