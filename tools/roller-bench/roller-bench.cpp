//===- roller-bench.cpp - Launch, check and time Roller's kernels ---------===//
//
// roller-bench reads a prepared folder (bench/gpu/prepare.sh, Manifest.h),
// validates every candidate it is asked for (Validation.h), and then, on a
// GPU, checks and times them (Bench.h).
//
// --dry-run stops after the validation, without touching CUDA. Without a GPU
// (no driver, or no device) a real run says so and exits with status 0.
// Exit status: 2 for a bad command line; 1 for a manifest, launch
// description or results file that cannot be used, or an invalid candidate
// in a dry run; 3 for a CUDA error.
//
//===----------------------------------------------------------------------===//

#include "Bench.h"
#include "Manifest.h"
#include "Options.h"
#include "Results.h"
#include "Support.h"
#include "Validation.h"

#include "../common/Json.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstring>

using namespace roller::bench;

namespace {

/// The validation of every candidate of the selected ranks, per operator and
/// candidate.
struct Validated {
  std::vector<std::vector<Plan>> plans;
  std::vector<std::vector<std::vector<std::string>>> problems;
  int invalid = 0, candidates = 0, skipped = 0;
};

void printDryRun(const Op &op, const Candidate &cand, const Plan &plan,
                 const std::vector<std::string> &problems) {
  if (problems.empty()) {
    const Launch &l = plan.launches.front();
    std::printf("%-8s rank %d: ok: %zu launch%s, %" PRId64
                " params, grid %" PRId64 "x%" PRId64 "x%" PRId64
                ", block %" PRId64 "x%" PRId64 "x%" PRId64 ", %" PRId64
                " B dynamic smem, %.1f MiB of buffers, predicted %.4f ms\n",
                op.id.c_str(), cand.rank, plan.launches.size(),
                plan.launches.size() == 1 ? "" : "es", plan.params, l.grid[0],
                l.grid[1], l.grid[2], l.block[0], l.block[1], l.block[2],
                l.dynamicSmem, plan.bytes / 1048576.0, cand.predictedUs / 1e3);
  } else {
    for (const std::string &p : problems)
      std::printf("%-8s rank %d: invalid: %s\n", op.id.c_str(), cand.rank,
                  p.c_str());
  }
}

Validated validateAll(const std::vector<const Op *> &ops, const Options &opts,
                      const Manifest &manifest) {
  Validated v;
  v.plans.resize(ops.size());
  v.problems.resize(ops.size());
  for (size_t oi = 0; oi < ops.size(); ++oi) {
    const Op &op = *ops[oi];
    if (!op.skipped.empty()) {
      ++v.skipped;
      std::printf("%-8s skipped: %s\n", op.id.c_str(), op.skipped.c_str());
      emitRecord(fmt("{\"op\":%s,\"record\":\"op\",\"skipped\":%s}",
                     json::quote(op.id).c_str(),
                     json::quote(op.skipped).c_str()));
      continue;
    }
    v.plans[oi].resize(op.candidates.size());
    v.problems[oi].resize(op.candidates.size());
    for (size_t ci = 0; ci < op.candidates.size(); ++ci) {
      const Candidate &cand = op.candidates[ci];
      if (cand.rank < opts.firstRank || cand.rank > opts.lastRank)
        continue;
      ++v.candidates;
      std::vector<std::string> &problems = v.problems[oi][ci];
      try {
        problems = validate(op, cand, manifest.device, v.plans[oi][ci]);
      } catch (const json::Error &e) {
        problems = {e.what()};
      }
      if (!problems.empty())
        ++v.invalid;
      if (opts.dryRun)
        printDryRun(op, cand, v.plans[oi][ci], problems);
    }
  }
  return v;
}

/// Checks and times the operators on the GPU; the exit status.
int runAll(const std::vector<const Op *> &ops, const Validated &v,
           const Options &opts, const Manifest &manifest) {
  Bench bench(opts, manifest);
  try {
    if (!bench.init())
      return 0;
    auto runStart = std::chrono::steady_clock::now();
    for (size_t oi = 0; oi < ops.size(); ++oi) {
      if (!ops[oi]->skipped.empty())
        continue;
      double spent = std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - runStart)
                         .count();
      if (opts.deadlineS > 0 && spent > opts.deadlineS) {
        emitRecord(fmt(
            "{\"op\":%s,\"record\":\"op\",\"skipped\":\"the run's time limit "
            "was reached\"}",
            json::quote(ops[oi]->id).c_str()));
        continue;
      }
      bench.runOp(*ops[oi], v.plans[oi], v.problems[oi]);
    }
  } catch (const GpuError &e) {
    std::fprintf(stderr, "roller-bench: CUDA error: %s\n", e.what());
    return 3;
  } catch (const json::Error &e) {
    std::fprintf(stderr, "roller-bench: %s\n", e.what());
    return 1;
  }
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  Options opts;
  if (std::optional<int> status = parseOptions(argc, argv, opts))
    return *status;

  Manifest manifest;
  try {
    manifest = loadManifest(opts.manifest);
  } catch (const json::Error &e) {
    std::fprintf(stderr, "roller-bench: %s: %s\n", opts.manifest.c_str(),
                 e.what());
    return 1;
  }
  std::vector<const Op *> ops;
  for (const Op &op : manifest.ops)
    if (opts.only.empty() ||
        std::find(opts.only.begin(), opts.only.end(), op.id) != opts.only.end())
      ops.push_back(&op);
  for (const std::string &id : opts.only)
    if (std::none_of(manifest.ops.begin(), manifest.ops.end(),
                     [&](const Op &op) { return op.id == id; })) {
      std::fprintf(stderr, "roller-bench: no operator '%s' in the manifest\n",
                   id.c_str());
      return 1;
    }
  if (!opts.results.empty() && !openResults(opts.results)) {
    std::fprintf(stderr, "roller-bench: cannot write '%s': %s\n",
                 opts.results.c_str(), std::strerror(errno));
    return 1;
  }

  if (opts.probe) {
    Bench bench(opts, manifest);
    try {
      bench.init();
    } catch (const GpuError &e) {
      std::fprintf(stderr, "roller-bench: CUDA error: %s\n", e.what());
      return 3;
    }
    return 0;
  }

  // Validate every candidate first (the dry run stops after this).
  Validated validated = validateAll(ops, opts, manifest);
  if (opts.dryRun) {
    std::printf("roller-bench: dry run: %zu operators (%d skipped), %d "
                "candidates, %d invalid\n",
                ops.size(), validated.skipped, validated.candidates,
                validated.invalid);
    return validated.invalid ? 1 : 0;
  }
  return runAll(ops, validated, opts, manifest);
}
