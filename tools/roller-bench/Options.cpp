//===- Options.cpp - roller-bench's command line --------------------------===//
//
// See Options.h.
//
//===----------------------------------------------------------------------===//

#include "Options.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace roller::bench {
namespace {

void usage() {
  std::printf(
      "usage: roller-bench --manifest DIR/manifest.json [options]\n"
      "  --dry-run           validate everything, launch nothing (no CUDA "
      "calls)\n"
      "  --probe             only say which GPU (or that there is none), then "
      "exit\n"
      "  --op ID[,ID...]     only these operators\n"
      "  --ranks A-B         only candidates of these ranks (default: all)\n"
      "  --results FILE      append one JSON record per event to FILE\n"
      "  --warmup N          warm-up runs per candidate (default 2)\n"
      "  --reps N            timed runs per candidate, median reported "
      "(default 10)\n"
      "  --max-candidate-ms X  fewer timed runs (at least 3) for slow "
      "candidates\n"
      "  --max-op-s S        skip an operator's remaining candidates after S "
      "seconds\n"
      "  --deadline-s S      start no operator after S seconds\n"
      "  --no-flush          do not flush the L2 cache between runs\n"
      "  --no-check          do not compare outputs with the reference\n");
}

std::vector<std::string> splitList(const std::string &s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty())
      out.push_back(item);
  return out;
}

} // namespace

std::optional<int> parseOptions(int argc, char **argv, Options &opts) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "roller-bench: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--manifest")
      opts.manifest = value();
    else if (a == "--dry-run")
      opts.dryRun = true;
    else if (a == "--probe")
      opts.probe = true;
    else if (a == "--op")
      opts.only = splitList(value());
    else if (a == "--ranks") {
      std::string r = value();
      if (std::sscanf(r.c_str(), "%d-%d", &opts.firstRank, &opts.lastRank) !=
          2) {
        std::fprintf(stderr, "roller-bench: --ranks takes A-B, got '%s'\n",
                     r.c_str());
        return 2;
      }
    } else if (a == "--results")
      opts.results = value();
    else if (a == "--warmup")
      opts.warmup = std::atoi(value().c_str());
    else if (a == "--reps")
      opts.reps = std::max(1, std::atoi(value().c_str()));
    else if (a == "--max-candidate-ms")
      opts.maxCandidateMs = std::atof(value().c_str());
    else if (a == "--deadline-s")
      opts.deadlineS = std::atof(value().c_str());
    else if (a == "--max-op-s")
      opts.maxOpS = std::atof(value().c_str());
    else if (a == "--no-flush")
      opts.flushL2 = false;
    else if (a == "--no-check")
      opts.checkOutputs = false;
    else if (a == "--help" || a == "-h") {
      usage();
      return 0;
    } else {
      std::fprintf(stderr, "roller-bench: unknown option '%s'\n", a.c_str());
      usage();
      return 2;
    }
  }
  if (opts.manifest.empty()) {
    usage();
    return 2;
  }
  return std::nullopt;
}

} // namespace roller::bench
