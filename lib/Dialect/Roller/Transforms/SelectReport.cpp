//===- SelectReport.cpp - Selection remarks and report lines --------------===//

#include "SelectReport.h"
#include "Roller/Analysis/PerfModel.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::roller;

std::string mlir::roller::formatList(ArrayRef<int64_t> values) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '[';
  llvm::interleaveComma(values, os);
  os << ']';
  return text;
}

llvm::json::Array mlir::roller::toJSONArray(ArrayRef<int64_t> values) {
  llvm::json::Array array;
  for (int64_t value : values)
    array.push_back(value);
  return array;
}

std::string mlir::roller::formatLocation(Location loc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  loc.print(os);
  return text;
}

llvm::json::Object
mlir::roller::describeSchedule(const TensorExpr &expr, const Schedule &schedule,
                               const Prediction &prediction) {
  llvm::json::Array axes;
  SmallVector<int64_t> reduceStep;
  for (auto [axis, size] : llvm::zip(expr.axes, schedule.block)) {
    axes.push_back(llvm::json::Object{
        {"name", axis.name},
        {"extent", axis.extent},
        {"kind", axis.isReduction() ? "reduction" : "spatial"}});
    if (axis.isReduction())
      reduceStep.push_back(size);
  }
  return llvm::json::Object{
      {"axes", std::move(axes)},
      {"block_tile", toJSONArray(schedule.block)},
      {"thread_tile", toJSONArray(schedule.thread)},
      {"mma_tile", toJSONArray(schedule.mma)},
      {"reduce_step", toJSONArray(reduceStep)},
      {"padding", toJSONArray(schedule.padding)},
      {"vector_width", schedule.vectorWidth},
      {"stages", schedule.stages},
      {"staged", schedule.usesShared},
      {"threads_per_block", schedule.threads},
      {"reduce_threads", schedule.reduceThreads},
      {"grid", toJSONArray(prediction.grid)},
      {"blocks", prediction.blocks},
      {"smem_bytes", prediction.smemBytes},
      {"regs_per_thread_est", prediction.regsPerThread},
      {"max_regs", prediction.regBudget},
      {"blocks_per_sm", prediction.blocksPerSM},
      {"occupancy", prediction.occupancy},
      {"waves", prediction.waves},
      {"predicted_us", prediction.totalUs},
      {"global_bytes", prediction.globalBytes},
      {"dram_bytes", prediction.dramBytes},
      {"stage_us",
       llvm::json::Object{
           {"compute", prediction.stageUs[unsigned(Stage::Compute)]},
           {"global", prediction.stageUs[unsigned(Stage::Global)]},
           {"issue", prediction.stageUs[unsigned(Stage::Issue)]},
           {"shared", prediction.stageUs[unsigned(Stage::Shared)]},
           {"latency", prediction.stageUs[unsigned(Stage::Latency)]}}},
      {"bottleneck", stringifyStage(prediction.bottleneck)},
      {"rounds", prediction.rounds},
      {"block_life_us", prediction.blockLifeUs},
      {"reduction_steps", prediction.reductionSteps},
      {"step_us", prediction.stepUs},
      {"bank_conflict", prediction.bankConflict}};
}

std::string mlir::roller::describeCandidate(const Candidate &candidate) {
  const Schedule &s = candidate.schedule;
  const Prediction &p = candidate.prediction;
  // A latency-bound time is a count of rounds of blocks, each as long as its
  // reduction steps, which the remark says.
  std::string bound = (stringifyStage(p.bottleneck) + "-bound").str();
  if (p.bottleneck == Stage::Latency) {
    bound += llvm::formatv(" ({0} round{1} of resident blocks", p.rounds,
                           p.rounds == 1 ? "" : "s");
    if (p.reductionSteps > 1 && p.stepUs > 0)
      bound += llvm::formatv(", {0} reduction steps each", p.reductionSteps);
    bound += ")";
  }
  return llvm::formatv("block {0} thread {1}{2}: {3:f2} us {4}, {5} "
                       "threads, {6} blocks, {7} B smem, ~{8} regs, "
                       "occupancy {9:f2}",
                       formatList(s.block), formatList(s.thread),
                       (s.mma.empty() ? "" : " mma " + formatList(s.mma)) +
                           (s.reduceThreads > 1
                                ? llvm::formatv(" reduce over {0} threads",
                                                s.reduceThreads)
                                      .str()
                                : ""),
                       p.totalUs, bound, s.threads, p.blocks, p.smemBytes,
                       p.regsPerThread, p.occupancy)
      .str();
}
