//===- Results.cpp - roller-bench's JSON-lines results file ---------------===//
//
// See Results.h.
//
//===----------------------------------------------------------------------===//

#include "Results.h"

#include "Support.h"

#include <cmath>
#include <cstdio>

namespace roller::bench {
namespace {
FILE *resultsFile = nullptr;
} // namespace

bool openResults(const std::string &path) {
  resultsFile = std::fopen(path.c_str(), "a");
  return resultsFile != nullptr;
}

void emitRecord(const std::string &json) {
  if (!resultsFile)
    return;
  std::fprintf(resultsFile, "%s\n", json.c_str());
  std::fflush(resultsFile);
}

std::string num(double v) {
  if (!std::isfinite(v))
    return "null";
  return fmt("%.6g", v);
}

} // namespace roller::bench
