//===- TestSchedules.h - Model-test schedules -------------------*- C++ -*-===//
//
// The SIMT and tensor-core matmul schedules the model tests derive their
// figures on, and the relative comparison they use for stage times (sums and
// quotients of the same figures, equal up to rounding).
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_UNITTESTS_ANALYSIS_TESTSCHEDULES_H
#define ROLLER_UNITTESTS_ANALYSIS_TESTSCHEDULES_H

#include "Roller/Analysis/Schedule.h"

#include "gtest/gtest.h"

#include <cmath>

namespace mlir::roller::test {

inline void expectRelNear(double actual, double expected, const char *what) {
  EXPECT_NEAR(actual, expected, std::abs(expected) * 1e-9) << what;
}

/// The classic SIMT matmul schedule: 128x128x8 blocks of 8x8 thread tiles.
inline Schedule simtSchedule() {
  Schedule s;
  s.block = {128, 128, 8};
  s.thread = {8, 8, 1};
  s.padding = {1, 0};
  s.vectorWidth = 4;
  s.stages = 2;
  s.threads = 256;
  return s;
}

/// An f16 tensor-core schedule: 2x2 warps of 64x64 over a 128x128x32 block.
inline Schedule mmaSchedule() {
  Schedule s;
  s.block = {128, 128, 32};
  s.thread = {64, 64, 16};
  s.mma = {16, 8, 16};
  s.mmaAxes = {0, 1, 2};
  s.padding = {8, 8};
  s.vectorWidth = 4;
  s.stages = 2;
  s.threads = 128;
  return s;
}

} // namespace mlir::roller::test

#endif // ROLLER_UNITTESTS_ANALYSIS_TESTSCHEDULES_H
