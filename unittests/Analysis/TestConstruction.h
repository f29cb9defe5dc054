//===- TestConstruction.h - Helpers of the construction tests ---*- C++ -*-===//
//
// Running the construction and the exhaustive search on an expression (a
// failure fails the test), and the properties every candidate list must
// have, whatever the heuristics chose.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_UNITTESTS_ANALYSIS_TESTCONSTRUCTION_H
#define ROLLER_UNITTESTS_ANALYSIS_TESTCONSTRUCTION_H

#include "Roller/Analysis/Construction.h"
#include "Roller/Analysis/PerfModel.h"
#include "Roller/Analysis/Traffic.h"

#include "TestDevices.h"
#include "gtest/gtest.h"

#include <cmath>
#include <optional>
#include <string>

namespace mlir::roller::test {

using Sizes = std::vector<int64_t>;

inline const char *const kDevices[] = {"h200", "a100", "v100"};

inline std::string str(const Sizes &sizes) {
  std::string s;
  for (int64_t v : sizes)
    s += (s.empty() ? "[" : ",") + std::to_string(v);
  return (s.empty() ? "[" : s) + "]";
}

/// The construction's result, failing the test on an error.
inline ConstructionResult construct(const TensorExpr &expr,
                                    const DeviceSpec &device,
                                    ConstructionOptions options = {}) {
  llvm::Expected<ConstructionResult> result =
      constructSchedules(expr, device, options);
  if (!result) {
    ADD_FAILURE() << device.name << " " << expr.str() << ": "
                  << llvm::toString(result.takeError());
    return {};
  }
  return std::move(*result);
}

/// The exhaustive search's ranking, with the same model.
inline ConstructionResult constructExhaustive(const TensorExpr &expr,
                                              const DeviceSpec &device) {
  ConstructionOptions options;
  options.exhaustive = true;
  // roller-select's search=exhaustive budget: the default (384 tiles) stops
  // the enumeration of a convolution's aligned space early.
  options.budget = ConstructionOptions::kExhaustiveBudget;
  return construct(expr, device, options);
}

/// The construction's top-1 on a device (h200 unless named) and the
/// exhaustive search's best time.
inline std::pair<Candidate, double>
constructTopAndBest(const TensorExpr &expr,
                    llvm::StringRef deviceName = "h200") {
  const DeviceSpec &device = preset(deviceName);
  ConstructionResult greedy = construct(expr, device);
  ConstructionResult all = constructExhaustive(expr, device);
  if (greedy.candidates.empty() || all.candidates.empty()) {
    ADD_FAILURE() << expr.str() << ": no candidates";
    return {};
  }
  return {greedy.candidates.front(), all.candidates.front().prediction.totalUs};
}

/// The error text of a construction that must fail.
inline std::string constructionError(const TensorExpr &expr,
                                     const DeviceSpec &device,
                                     ConstructionOptions options = {}) {
  llvm::Expected<ConstructionResult> result =
      constructSchedules(expr, device, options);
  if (result)
    return "(no error)";
  return llvm::toString(result.takeError());
}

/// Shared memory of the partial results of threads sharing a reduction.
inline int64_t getSplitSlotBytes(const TensorExpr &expr, const Schedule &s) {
  if (s.reduceThreads <= 1)
    return 0;
  int64_t bytes = 0;
  for (const TensorAccess &output : expr.outputs)
    bytes +=
        output.tileElements(s.block) * s.reduceThreads * output.elementBytes;
  return bytes;
}

/// Every property a candidate list must have, whatever the heuristics chose.
inline void expectWellFormed(const TensorExpr &expr, const DeviceSpec &device,
                             const ConstructionResult &result,
                             int64_t topK = 10) {
  ASSERT_FALSE(result.candidates.empty()) << device.name << " " << expr.str();
  EXPECT_LE(int64_t(result.candidates.size()), topK);
  EXPECT_GE(result.considered, int64_t(result.candidates.size()));
  std::optional<Prediction> previousPrediction;
  for (const Candidate &c : result.candidates) {
    const Schedule &s = c.schedule;
    const Prediction &p = c.prediction;
    std::string where = device.name + " " + expr.str() + " block " +
                        str(s.block) + " thread " + str(s.thread);
    ASSERT_EQ(s.block.size(), expr.getRank()) << where;
    ASSERT_EQ(s.thread.size(), expr.getRank()) << where;
    for (unsigned a = 0; a < expr.getRank(); ++a) {
      EXPECT_GE(s.thread[a], 1) << where;
      EXPECT_EQ(s.block[a] % s.thread[a], 0) << where << " axis " << a;
      // A tensor-core tile may exceed an extent shorter than the MMA shape
      // (one zero-padded MMA tile along it).
      int64_t bound = expr.axes[a].extent;
      if (!s.mma.empty())
        bound = std::max(bound, *llvm::max_element(s.mma));
      EXPECT_LE(s.block[a], bound) << where << " axis " << a;
    }
    EXPECT_EQ(s.threads % device.warpSize, 0) << where;
    EXPECT_GT(s.threads, 0) << where;
    EXPECT_LE(s.threads, device.maxThreadsPerBlock) << where;
    EXPECT_EQ(s.threads, getThreadCount(expr, device, s)) << where;
    EXPECT_EQ(s.padding.size(), expr.inputs.size()) << where;
    EXPECT_LE(p.smemBytes, device.smemPerBlock) << where;
    if (s.usesShared)
      EXPECT_EQ(p.smemBytes,
                getSharedFootprint(expr, s.block, s.padding) * s.stages)
          << where;
    else
      EXPECT_EQ(p.smemBytes, getSplitSlotBytes(expr, s)) << where;
    if (s.reduceThreads > 1) {
      // Threads sharing a reduction: one-level, all of them on every output
      // of the block.
      EXPECT_FALSE(s.usesShared) << where;
      EXPECT_TRUE(s.mma.empty()) << where;
      EXPECT_EQ(s.threads, s.reduceThreads) << where;
      for (unsigned a = 0; a < expr.getRank(); ++a) {
        if (!expr.axes[a].isReduction()) {
          EXPECT_EQ(s.thread[a], s.block[a]) << where << " axis " << a;
        }
      }
    }
    EXPECT_LE(p.regsPerThread, device.maxRegsPerThread) << where;
    EXPECT_LE(p.regsPerThread, 255) << where;
    EXPECT_GT(p.totalUs, 0) << where;
    EXPECT_TRUE(std::isfinite(p.totalUs)) << where;
    // Ranked best first (equal times by the tie-break).
    if (previousPrediction) {
      EXPECT_FALSE(isPreferred(p, *previousPrediction)) << where;
    }
    previousPrediction = p;
    // The ranking used the model: predicting the schedule again agrees.
    llvm::Expected<Prediction> again = predict(expr, device, s);
    ASSERT_TRUE(bool(again))
        << where << ": " << llvm::toString(again.takeError());
    EXPECT_NEAR(again->totalUs, p.totalUs, p.totalUs * 1e-9) << where;
  }
}

inline void expectWellFormedOnEveryDevice(const TensorExpr &expr) {
  for (const char *name : kDevices) {
    const DeviceSpec &device = preset(name);
    expectWellFormed(expr, device, construct(expr, device));
  }
}

} // namespace mlir::roller::test

#endif // ROLLER_UNITTESTS_ANALYSIS_TESTCONSTRUCTION_H
