//===- Options.h - roller-bench's command line ------------------*- C++ -*-===//
//
// The options of one roller-bench run, and their parser.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_TOOLS_ROLLER_BENCH_OPTIONS_H
#define ROLLER_TOOLS_ROLLER_BENCH_OPTIONS_H

#include <optional>
#include <string>
#include <vector>

namespace roller::bench {

/// One run's settings; usage() in Options.cpp says what each option does.
struct Options {
  std::string manifest, results;
  std::vector<std::string> only;
  int firstRank = 1, lastRank = 1 << 30;
  bool dryRun = false, flushL2 = true, checkOutputs = true;
  int warmup = 2, reps = 10;
  double maxCandidateMs = 1500; // timed runs per candidate stop after this
  double maxOpS = 0;    // candidates after this many seconds are skipped
  double deadlineS = 0; // operators after this many seconds are skipped
  bool probe = false;
};

/// Parses the command line into `opts`. Returns the exit status when the
/// program should stop (--help, a bad option, no --manifest), else nothing.
std::optional<int> parseOptions(int argc, char **argv, Options &opts);

} // namespace roller::bench

#endif // ROLLER_TOOLS_ROLLER_BENCH_OPTIONS_H
