//===- PTXLexer.cpp - Tokens of PTX text ----------------------------------===//
//
// PTX ISA chapter 4, "Syntax": comments, identifiers (with the dots of
// opcodes and directives, and `::` of sub-qualifiers), numbers, strings and
// punctuation.
//
//===----------------------------------------------------------------------===//

#include "PTXLexer.h"

#include <cctype>
#include <cstring>
#include <string>

using namespace roller::emu;
using namespace roller::emu::ptx;
using namespace roller::emu::ptx::detail;

namespace {
bool isWordStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         c == '%' || c == '.';
}
bool isWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         c == '.';
}
} // namespace

Status detail::tokenize(std::string_view text, std::string_view name,
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
        if ((d == '-' || d == '+') &&
            (text[i - 1] == 'e' || text[i - 1] == 'E') &&
            !(text.size() > start + 1 &&
              (text[start + 1] == 'x' || text[start + 1] == 'X' ||
               text[start + 1] == 'f' || text[start + 1] == 'F' ||
               text[start + 1] == 'd' || text[start + 1] == 'D'))) {
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

bool detail::parseInteger(std::string_view text, uint64_t &value) {
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
