//===- Support.cpp - Files, formatting and sizes for roller-bench ---------===//
//
// See Support.h.
//
//===----------------------------------------------------------------------===//

#include "Support.h"

#include "../common/Json.h"

#include <cstdarg>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace roller::bench {

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw json::Error("cannot read '" + path + "'");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string joinPath(const std::string &dir, const std::string &rel) {
  if (rel.empty() || rel[0] == '/')
    return rel;
  return dir + "/" + rel;
}

int64_t numel(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

size_t elementBytes(const std::string &element) {
  if (element == "f32" || element == "i32")
    return 4;
  if (element == "f16" || element == "bf16")
    return 2;
  if (element == "f64" || element == "i64")
    return 8;
  return 0;
}

std::string shapeString(const std::vector<int64_t> &shape) {
  std::string s;
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? "x" : "") + std::to_string(shape[i]);
  return s;
}

std::string fmt(const char *format, ...) {
  char buf[1024];
  va_list args;
  va_start(args, format);
  vsnprintf(buf, sizeof buf, format, args);
  va_end(args);
  return buf;
}

} // namespace roller::bench
