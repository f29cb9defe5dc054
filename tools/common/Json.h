//===- Json.h - A small JSON reader for the standalone tools ----*- C++ -*-===//
//
// roller-bench runs on machines without LLVM (the lent GPU machine has only
// the CUDA toolkit) and roller-emu is plain C++ like the emulator, so neither
// can use llvm::json. This is a strict reader of
// RFC 8259 JSON into a tree: objects keep their keys in order, numbers are
// doubles (integers up to 2^53 are exact, which covers every shape, stride
// and byte count the launch descriptions hold). Errors carry the byte offset.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_BENCH_JSON_H
#define ROLLER_BENCH_JSON_H

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace json {

struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Value {
public:
  enum class Kind { Null, Bool, Number, String, Array, Object };

  Value() = default;
  static Value null() { return Value(); }

  Kind kind() const { return kind_; }
  bool isNull() const { return kind_ == Kind::Null; }
  bool isNumber() const { return kind_ == Kind::Number; }
  bool isString() const { return kind_ == Kind::String; }
  bool isArray() const { return kind_ == Kind::Array; }
  bool isObject() const { return kind_ == Kind::Object; }
  bool isBool() const { return kind_ == Kind::Bool; }

  double number() const {
    expect(Kind::Number, "a number");
    return number_;
  }
  /// The number as an integer; throws when it has a fraction.
  int64_t integer() const {
    double n = number();
    if (std::floor(n) != n || std::fabs(n) > 9007199254740992.0)
      throw Error("expected an integer, got " + std::to_string(n));
    return int64_t(n);
  }
  bool boolean() const {
    expect(Kind::Bool, "a boolean");
    return bool_;
  }
  const std::string &string() const {
    expect(Kind::String, "a string");
    return string_;
  }
  const std::vector<Value> &array() const {
    expect(Kind::Array, "an array");
    return array_;
  }
  const std::vector<std::pair<std::string, Value>> &object() const {
    expect(Kind::Object, "an object");
    return object_;
  }
  /// The member `key` of an object, or nullptr.
  const Value *find(const std::string &key) const {
    for (const auto &[name, value] : object())
      if (name == key)
        return &value;
    return nullptr;
  }
  /// The member `key`; throws when it is missing.
  const Value &at(const std::string &key) const {
    if (const Value *value = find(key))
      return *value;
    throw Error("missing key '" + key + "'");
  }
  std::vector<int64_t> integers() const {
    std::vector<int64_t> result;
    for (const Value &v : array())
      result.push_back(v.integer());
    return result;
  }

private:
  friend class Parser;
  static const char *name(Kind kind) {
    switch (kind) {
    case Kind::Null:
      return "null";
    case Kind::Bool:
      return "a boolean";
    case Kind::Number:
      return "a number";
    case Kind::String:
      return "a string";
    case Kind::Array:
      return "an array";
    case Kind::Object:
      return "an object";
    }
    return "?";
  }
  void expect(Kind kind, const char *what) const {
    if (kind_ != kind)
      throw Error(std::string("expected ") + what + ", got " + name(kind_));
  }

  Kind kind_ = Kind::Null;
  bool bool_ = false;
  double number_ = 0;
  std::string string_;
  std::vector<Value> array_;
  std::vector<std::pair<std::string, Value>> object_;
};

class Parser {
public:
  explicit Parser(const std::string &text) : text_(text) {}

  Value parse() {
    Value value = parseValue(0);
    skipSpace();
    if (pos_ != text_.size())
      fail("trailing characters after the JSON value");
    return value;
  }

private:
  [[noreturn]] void fail(const std::string &message) const {
    throw Error(message + " at byte " + std::to_string(pos_));
  }
  void skipSpace() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                   text_[pos_] == '\n' || text_[pos_] == '\r'))
      ++pos_;
  }
  bool consume(char c) {
    skipSpace();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void literal(const char *word) {
    for (const char *p = word; *p; ++p, ++pos_)
      if (pos_ >= text_.size() || text_[pos_] != *p)
        fail(std::string("invalid literal, expected '") + word + "'");
  }

  Value parseValue(int depth) {
    if (depth > 64)
      fail("nesting deeper than 64");
    skipSpace();
    if (pos_ >= text_.size())
      fail("unexpected end of input");
    Value value;
    char c = text_[pos_];
    if (c == '{') {
      ++pos_;
      value.kind_ = Value::Kind::Object;
      if (consume('}'))
        return value;
      do {
        skipSpace();
        if (pos_ >= text_.size() || text_[pos_] != '"')
          fail("expected a string key");
        std::string key = parseString();
        if (!consume(':'))
          fail("expected ':'");
        value.object_.emplace_back(std::move(key), parseValue(depth + 1));
      } while (consume(','));
      if (!consume('}'))
        fail("expected ',' or '}'");
    } else if (c == '[') {
      ++pos_;
      value.kind_ = Value::Kind::Array;
      if (consume(']'))
        return value;
      do
        value.array_.push_back(parseValue(depth + 1));
      while (consume(','));
      if (!consume(']'))
        fail("expected ',' or ']'");
    } else if (c == '"') {
      value.kind_ = Value::Kind::String;
      value.string_ = parseString();
    } else if (c == 't') {
      literal("true");
      value.kind_ = Value::Kind::Bool;
      value.bool_ = true;
    } else if (c == 'f') {
      literal("false");
      value.kind_ = Value::Kind::Bool;
    } else if (c == 'n') {
      literal("null");
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      value.kind_ = Value::Kind::Number;
      value.number_ = parseNumber();
    } else {
      fail(std::string("unexpected character '") + c + "'");
    }
    return value;
  }

  double parseNumber() {
    size_t start = pos_;
    if (text_[pos_] == '-')
      ++pos_;
    auto digits = [&] {
      size_t first = pos_;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9')
        ++pos_;
      if (pos_ == first)
        fail("expected a digit");
    };
    digits();
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      digits();
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-'))
        ++pos_;
      digits();
    }
    return std::strtod(text_.substr(start, pos_ - start).c_str(), nullptr);
  }

  std::string parseString() {
    ++pos_; // the opening quote
    std::string out;
    while (true) {
      if (pos_ >= text_.size())
        fail("unterminated string");
      char c = text_[pos_++];
      if (c == '"')
        return out;
      if (static_cast<unsigned char>(c) < 0x20)
        fail("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= text_.size())
        fail("unterminated escape");
      char e = text_[pos_++];
      switch (e) {
      case '"':
      case '\\':
      case '/':
        out += e;
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        if (pos_ + 4 > text_.size())
          fail("short \\u escape");
        unsigned code = std::stoul(text_.substr(pos_, 4), nullptr, 16);
        pos_ += 4;
        // UTF-8 for the basic plane (surrogate pairs are kept as two
        // 3-byte sequences; names in launch descriptions are ASCII).
        if (code < 0x80) {
          out += char(code);
        } else if (code < 0x800) {
          out += char(0xC0 | (code >> 6));
          out += char(0x80 | (code & 0x3F));
        } else {
          out += char(0xE0 | (code >> 12));
          out += char(0x80 | ((code >> 6) & 0x3F));
          out += char(0x80 | (code & 0x3F));
        }
        break;
      }
      default:
        fail(std::string("invalid escape '\\") + e + "'");
      }
    }
  }

  const std::string &text_;
  size_t pos_ = 0;
};

inline Value parse(const std::string &text) { return Parser(text).parse(); }

/// Quotes a string for JSON output.
inline std::string quote(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        out += buf;
      } else {
        out += c;
      }
    }
  }
  return out + "\"";
}

} // namespace json

#endif // ROLLER_BENCH_JSON_H
