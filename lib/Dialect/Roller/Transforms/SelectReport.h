//===- SelectReport.h - Selection remarks and report lines ------*- C++ -*-===//
//
// Text and JSON for --roller-select's remarks and report (SelectPass.cpp),
// kept apart from the selection itself.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_SELECTREPORT_H
#define ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_SELECTREPORT_H

#include "Roller/Analysis/Construction.h"
#include "Roller/Analysis/TensorExpr.h"

#include "mlir/IR/Location.h"
#include "llvm/Support/JSON.h"

#include <string>

namespace mlir::roller {

/// "[a, b, c]".
std::string formatList(ArrayRef<int64_t> values);
llvm::json::Array toJSONArray(ArrayRef<int64_t> values);
/// The location as MLIR prints it: `loc("file":line:col)`.
std::string formatLocation(Location loc);

/// The schedule and prediction fields of the report line of an op.
llvm::json::Object describeSchedule(const TensorExpr &expr,
                                    const Schedule &schedule,
                                    const Prediction &prediction);

/// The remark text of one candidate.
std::string describeCandidate(const Candidate &candidate);

} // namespace mlir::roller

#endif // ROLLER_LIB_DIALECT_ROLLER_TRANSFORMS_SELECTREPORT_H
