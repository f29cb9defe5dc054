//===- SelectPass.cpp - --roller-select
//------------------------------------===//
//
// A thin pass over selectSchedules/checkConfig: attaches configs, explains
// each choice in a remark, and writes the JSON-lines report.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/BlockOrder.h"
#include "Roller/Analysis/Traffic.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/Transforms/DeviceSelection.h"
#include "Roller/Dialect/Roller/Transforms/EpilogueGroups.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"
#include "Roller/Dialect/Roller/Transforms/ReadThroughGathers.h"
#include "Roller/Dialect/Roller/Transforms/Select.h"
#include "Roller/Dialect/Roller/Transforms/SplitReductionAcrossBlocks.h"
#include "SelectReport.h"

#include "Roller/Analysis/LinalgTensorExpr.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Threading.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERSELECTPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

bool mlir::roller::isFoldedInit(linalg::LinalgOp op) {
  if (!isa<linalg::FillOp>(op.getOperation()) || op->getNumResults() != 1 ||
      op->getResult(0).use_empty())
    return false;
  return llvm::all_of(op->getResult(0).getUses(), [](OpOperand &use) {
    auto user = dyn_cast<linalg::LinalgOp>(use.getOwner());
    return user && user.isDpsInit(&use);
  });
}

namespace {

/// One run of the selection over a module. Ops of equal tensor expressions
/// (a model's repeated layers) share one construction; the distinct ones
/// are constructed in parallel. Remarks, configs and report lines still come
/// per op, in the module's order.
class Selector {
public:
  explicit Selector(const SelectionOptions &options) : options(options) {}
  LogicalResult run(ModuleOp module);

private:
  /// What the construction made of one distinct expression.
  struct Constructed {
    TensorExpr expr;
    std::optional<ConstructionResult> result;
    std::string error;
    double us = 0;
    /// stagesInOneStep(op): roller-pipeline-staging cannot issue it ahead.
    bool singleStage = false;
    /// Why the expression's epilogue was dropped (no schedule of the fused
    /// group fits the device), or empty.
    std::string droppedEpilogue;
  };

  /// The kernel `op`'s report line and remark belong to: its own, with its
  /// planned epilogue, or its anchor's.
  void noteGroup(linalg::LinalgOp op, llvm::json::Object &line,
                 InFlightDiagnostic &remark);
  /// Forgets the epilogue planned for `op`, which keeps a kernel of its own
  /// (marked roller.unfused, so that roller-fuse-epilogues agrees).
  void dropEpilogue(linalg::LinalgOp op);

  llvm::json::Object beginLine(linalg::LinalgOp op);
  void keepUserConfig(linalg::LinalgOp op, ConfigAttr config,
                      const DeviceSpec &spec,
                      std::vector<llvm::json::Object> &report);
  void reportUnsupported(linalg::LinalgOp op, const std::string &reason,
                         std::vector<llvm::json::Object> &report);
  void attachSelection(linalg::LinalgOp op, const Selection &selection,
                       bool shared, const ConstructionOptions &construction,
                       const DeviceSpec &spec,
                       std::vector<llvm::json::Object> &report);
  LogicalResult writeReport(ModuleOp module,
                            std::vector<llvm::json::Object> &report);
  const SelectionOptions &options;
  bool failedAny = false;
  /// The planned groups (options.planEpilogues): the epilogue of each
  /// anchor, and the anchor of each epilogue.
  llvm::DenseMap<Operation *, PlannedEpilogue> epilogueOf;
  llvm::DenseMap<Operation *, linalg::LinalgOp> anchorOf;
  /// The ops a reduction split across blocks became (its partial results
  /// and their combine), with the model's case for the split.
  struct SplitPart {
    BlockSplit split;
    bool partials;
  };
  llvm::DenseMap<Operation *, SplitPart> splitOf;
};

void Selector::noteGroup(linalg::LinalgOp op, llvm::json::Object &line,
                         InFlightDiagnostic &remark) {
  if (auto it = epilogueOf.find(op); it != epilogueOf.end()) {
    linalg::LinalgOp consumer = it->second.consumer;
    line["epilogue"] =
        llvm::json::Object{{"op", describeLinalgOp(consumer)},
                           {"loc", formatLocation(consumer.getLoc())}};
    remark << " fused epilogue: " << describeLinalgOp(consumer) << " at "
           << consumer.getLoc() << " (ranked with it, one kernel)";
    remark << it->second.slowerNote;
  }
  auto it = anchorOf.find(op);
  line["kernel"] = it == anchorOf.end();
  if (it == anchorOf.end())
    return;
  line["epilogue_of"] = formatLocation(it->second.getLoc());
  remark << " planned as the epilogue of " << describeLinalgOp(it->second)
         << " at " << it->second.getLoc()
         << " (its kernel; this schedule is kept in case the fusion is "
            "refused)";
}

void Selector::dropEpilogue(linalg::LinalgOp op) {
  auto it = epilogueOf.find(op);
  if (it == epilogueOf.end())
    return;
  linalg::LinalgOp consumer = it->second.consumer;
  consumer->setAttr(RollerDialect::kUnfusedAttrName,
                    UnitAttr::get(op->getContext()));
  anchorOf.erase(consumer);
  epilogueOf.erase(it);
}

LogicalResult Selector::writeReport(ModuleOp module,
                                    std::vector<llvm::json::Object> &report) {
  // '-' goes to the stream the IR is printed to, flushed line by line, so
  // that reports of --split-input-file chunks do not splice into the IR.
  if (options.report == "-") {
    for (llvm::json::Object &line : report)
      llvm::outs() << llvm::json::Value(std::move(line)) << "\n";
    llvm::outs().flush();
    return success();
  }
  // One roller-opt run may select several times into one report (one run
  // per --split-input-file chunk): truncate on the first write only.
  static llvm::StringSet<> opened;
  bool first = opened.insert(options.report).second;
  std::error_code error;
  llvm::raw_fd_ostream file(options.report, error,
                            first ? llvm::sys::fs::OF_Text
                                  : llvm::sys::fs::OF_Append);
  if (error)
    return module.emitError() << "roller-select: cannot write report '"
                              << options.report << "': " << error.message();
  for (llvm::json::Object &line : report)
    file << llvm::json::Value(std::move(line)) << "\n";
  // A write error (a full disk) left in the stream would end the process in
  // its destructor with a fatal error and no location.
  file.close();
  if (std::error_code writeError = file.error()) {
    file.clear_error();
    return module.emitError()
           << "roller-select: cannot write report '" << options.report
           << "': " << writeError.message();
  }
  return success();
}

llvm::json::Object Selector::beginLine(linalg::LinalgOp op) {
  llvm::json::Object line{{"op", describeLinalgOp(op)},
                          {"loc", formatLocation(op.getLoc())}};
  // The enclosing function names the op's kernel (`<func>_kernel`).
  if (auto func = op->getParentOfType<FunctionOpInterface>())
    line["func"] = func.getName().str();
  return line;
}

void Selector::keepUserConfig(linalg::LinalgOp op, ConfigAttr config,
                              const DeviceSpec &spec,
                              std::vector<llvm::json::Object> &report) {
  llvm::json::Object line = beginLine(op);
  auto start = std::chrono::steady_clock::now();
  llvm::Expected<TensorExpr> expr = tensorExprFromLinalg(op);
  if (!expr) {
    op->emitError() << "roller.config on an op Roller cannot model: "
                    << llvm::toString(expr.takeError());
    failedAny = true;
    return;
  }
  auto planned = epilogueOf.find(op);
  if (planned != epilogueOf.end())
    expr->epilogue = planned->second.expr;
  llvm::Expected<Prediction> prediction = checkConfig(*expr, spec, config);
  // The user's config is checked for the operator alone when its planned
  // epilogue does not fit it: the two keep their kernels.
  if (!prediction && planned != epilogueOf.end()) {
    emitRemarkAtLoc(op) << "roller-select: not fused with its epilogue at "
                        << planned->second.consumer.getLoc()
                        << ": the user's roller.config does not fit the "
                           "group: "
                        << llvm::toString(prediction.takeError());
    dropEpilogue(op);
    expr->epilogue.reset();
    prediction = checkConfig(*expr, spec, config);
  }
  if (!prediction) {
    op->emitError() << llvm::toString(prediction.takeError());
    failedAny = true;
    return;
  }
  InFlightDiagnostic remark = emitRemarkAtLoc(op);
  remark << "roller-select: keeping the user's roller.config: "
         << describeCandidate({getScheduleFromConfig(config), *prediction});
  noteGroup(op, line, remark);
  line["supported"] = true;
  line["user_config"] = true;
  for (auto &[key, value] :
       describeSchedule(*expr, getScheduleFromConfig(config), *prediction))
    line[key] = value;
  // The kernel gets the user's cap (0: none), not the model's budget.
  line["max_regs"] = config.getMaxRegs();
  line["candidates_considered"] = 1;
  line["select_us"] = std::chrono::duration<double, std::micro>(
                          std::chrono::steady_clock::now() - start)
                          .count();
  report.push_back(std::move(line));
}

void Selector::reportUnsupported(linalg::LinalgOp op, const std::string &reason,
                                 std::vector<llvm::json::Object> &report) {
  llvm::json::Object line = beginLine(op);
  emitRemarkAtLoc(op) << "roller-select: not supported: " << reason;
  line["supported"] = false;
  line["kernel"] = false;
  line["reason"] = reason;
  report.push_back(std::move(line));
}

void Selector::attachSelection(linalg::LinalgOp op, const Selection &selection,
                               bool shared,
                               const ConstructionOptions &construction,
                               const DeviceSpec &spec,
                               std::vector<llvm::json::Object> &report) {
  llvm::json::Object line = beginLine(op);
  const std::vector<Candidate> &candidates = selection.construction.candidates;
  const Candidate &best = selection.ranked(options.rank);
  size_t chosen = &best - candidates.data();
  if (chosen + 1 < size_t(options.rank))
    emitRemarkAtLoc(op) << "roller-select: rank " << options.rank
                        << " asked for, but only " << candidates.size()
                        << (candidates.size() == 1 ? " candidate"
                                                   : " candidates")
                        << ": attaching the last";
  // Building the config chooses the launch order, part of the selection's
  // time.
  auto start = std::chrono::steady_clock::now();
  ConfigAttr config =
      buildConfigAttr(op->getContext(), selection.expr, best, spec);
  double configUs = std::chrono::duration<double, std::micro>(
                        std::chrono::steady_clock::now() - start)
                        .count();
  op->setAttr(RollerDialect::kConfigAttrName, config);

  InFlightDiagnostic remark = emitRemarkAtLoc(op);
  remark << "roller-select: " << selection.construction.strategy << ", chose "
         << describeCandidate(best) << "; " << selection.construction.considered
         << " candidates considered"
         << (shared ? " (for an earlier op of the same expression)" : "")
         << "; top " << candidates.size() << ":";
  llvm::json::Array top;
  for (auto [rank, candidate] : llvm::enumerate(candidates)) {
    if (rank < 3)
      remark << " #" << rank + 1 << " " << describeCandidate(candidate) << ";";
    top.push_back(llvm::json::Object{
        {"block_tile", toJSONArray(candidate.schedule.block)},
        {"thread_tile", toJSONArray(candidate.schedule.thread)},
        {"predicted_us", candidate.prediction.totalUs},
        {"bottleneck", stringifyStage(candidate.prediction.bottleneck)},
        {"smem_bytes", candidate.prediction.smemBytes},
        {"occupancy", candidate.prediction.occupancy}});
  }
  noteGroup(op, line, remark);
  line["supported"] = true;
  line["user_config"] = false;
  line["expr"] = selection.expr.str();
  line["strategy"] = selection.construction.strategy;
  for (auto &[key, value] :
       describeSchedule(selection.expr, best.schedule, best.prediction))
    line[key] = value;
  line["rank"] = int64_t(chosen + 1);
  line["block_group"] = config.getBlockGroup();
  // What the launch order was chosen by: the distinct input tile bytes of
  // one reduction step the first wave reads, row-major and in that order.
  if (best.schedule.usesShared)
    line["first_wave_tile_bytes"] = llvm::json::Object{
        {"row_major",
         getWaveTileBytes(selection.expr, spec, best.schedule,
                          best.prediction.blocksPerSM, /*group=*/1)},
        {"chosen", getWaveTileBytes(selection.expr, spec, best.schedule,
                                    best.prediction.blocksPerSM,
                                    config.getBlockGroup())}};
  line["eps"] = selection.construction.eps;
  if (construction.exhaustive)
    line["exhaustive_truncated"] = selection.construction.truncated;
  if (auto it = splitOf.find(op); it != splitOf.end()) {
    const BlockSplit &split = it->second.split;
    line["split_across_blocks"] = llvm::json::Object{
        {"role", it->second.partials ? "partials" : "combine"},
        {"slices", split.slices},
        {"unsplit_us", split.unsplitUs},
        {"unsplit_blocks", split.unsplitBlocks},
        {"partials_us", split.partialUs},
        {"combine_us", split.combineUs},
        {"search_us", split.searchUs}};
  }
  line["top"] = std::move(top);
  line["candidates_considered"] = selection.construction.considered;
  line["select_us"] = selection.selectUs + configUs;
  // The candidates are those of an earlier op with the same expression.
  line["shared_construction"] = shared;
  report.push_back(std::move(line));
}

LogicalResult Selector::run(ModuleOp module) {
  const std::string &search = options.search;
  if (search != "construct" && search != "exhaustive")
    return module.emitError() << "roller-select: search must be 'construct' "
                                 "or 'exhaustive', got '"
                              << search << "'";
  if (options.topK < 1)
    return module.emitError()
           << "roller-select: top-k must be at least 1, got " << options.topK;
  if (options.rank < 1)
    return module.emitError()
           << "roller-select: rank must be at least 1, got " << options.rank;
  if (!std::isfinite(options.splitLaunchUs))
    return module.emitError()
           << "roller-select: split-launch-us must be a finite number "
              "(negative: the device's launch), got "
           << llvm::formatv("{0:f2}", options.splitLaunchUs);

  MLIRContext *ctx = module.getContext();
  DeviceAttr deviceAttr = resolveSelectionDevice(module, options.device);
  auto moduleDevice =
      module->getAttrOfType<DeviceAttr>(RollerDialect::kDeviceAttrName);
  if (!deviceAttr)
    return failure();
  // The module records the device its configs were chosen for.
  if (moduleDevice && moduleDevice != deviceAttr)
    module.emitRemark() << "roller-select: module targeted device '"
                        << moduleDevice.getName() << "'; the configs are for '"
                        << deviceAttr.getName() << "', which replaces it";
  if (failed(setModuleDevice(module, deviceAttr, "roller-select")))
    return failure();
  applyTf32Option(module, options.allowTf32, deviceAttr, "roller-select");
  DeviceSpec spec = deviceAttr.toSpec();
  double launchUs = resolveLaunchUs(options.splitLaunchUs, spec);

  ConstructionOptions construction;
  // Ranking at least `rank` candidates makes every rank reachable.
  construction.topK = std::max(options.topK, options.rank);
  construction.exhaustive = search == "exhaustive";
  construction.splitReductions = options.splitReductions;
  if (construction.exhaustive)
    construction.budget = ConstructionOptions::kExhaustiveBudget;

  // Before anything is planned or constructed for them: the ops a split
  // creates are selected like any other.
  ConstructionCache constructed;
  if (options.splitAcrossBlocks) {
    IRRewriter rewriter(ctx);
    splitUnderfilledReductions(
        rewriter, module, spec, construction, launchUs, constructed,
        [&](linalg::LinalgOp partial, linalg::LinalgOp combine,
            const BlockSplit &split) {
          splitOf[partial] = {split, /*partials=*/true};
          splitOf[combine] = {split, /*partials=*/false};
          emitRemarkAtLoc(partial)
              << "roller-select: reduction split across blocks into "
              << split.slices << " slices: "
              << llvm::formatv("{0:f2} us ({1:f2} for the partial results in "
                               "{2} blocks + {3:f2} to combine them)",
                               split.splitUs(), split.partialUs,
                               split.partialBlocks, split.combineUs)
              << " predicted, against "
              << llvm::formatv("{0:f2} us", split.unsplitUs)
              << " in one kernel of " << split.unsplitBlocks << " blocks on "
              << spec.smCount << " SMs";
        });
  }

  // A gather its users read through is never computed: no kernel of its own.
  SmallVector<linalg::LinalgOp> ops;
  module.walk([&](linalg::LinalgOp op) {
    if (!isFoldedInit(op) &&
        !(op->getNumResults() == 1 && isReadThroughGather(op->getResult(0))))
      ops.push_back(op);
  });

  // The groups roller-fuse-epilogues will build, in its order: an op fused
  // as an epilogue is no anchor of its own, and a consumer takes one anchor.
  if (options.planEpilogues)
    for (linalg::LinalgOp op : ops) {
      if (anchorOf.count(op))
        continue;
      std::optional<PlannedEpilogue> plan = planEpilogue(op);
      if (plan && !anchorOf.count(plan->consumer)) {
        anchorOf[plan->consumer] = op;
        epilogueOf.try_emplace(op, std::move(*plan));
      }
    }

  // The expression of every op without a user config (serially: it reads
  // the IR), each distinct one once.
  std::vector<Constructed> distinct;
  llvm::StringMap<size_t> distinctByKey;
  // Per op: its distinct expression, or -1 with the reason it has none.
  SmallVector<int64_t> distinctOf(ops.size(), -1);
  // Per op planned with an epilogue: its expression without it (-1: none).
  SmallVector<int64_t> aloneOf(ops.size(), -1);
  SmallVector<std::string> unsupported(ops.size());
  SmallVector<double> exprUs(ops.size(), 0);
  for (auto [index, op] : llvm::enumerate(ops)) {
    if (op->hasAttr(RollerDialect::kConfigAttrName))
      continue;
    auto start = std::chrono::steady_clock::now();
    llvm::Expected<TensorExpr> expr = getSchedulableExpr(op);
    exprUs[index] = std::chrono::duration<double, std::micro>(
                        std::chrono::steady_clock::now() - start)
                        .count();
    if (!expr) {
      unsupported[index] = llvm::toString(expr.takeError());
      continue;
    }
    bool singleStage = stagesInOneStep(op);
    auto intern = [&](TensorExpr expr) {
      std::string key = expr.key() + (singleStage ? "|single-stage" : "");
      auto [it, inserted] = distinctByKey.try_emplace(key, distinct.size());
      if (inserted)
        distinct.push_back(
            Constructed{std::move(expr), std::nullopt, "", 0, singleStage, ""});
      return int64_t(it->second);
    };
    // A planned group is also ranked without its epilogue: the two kernels
    // may be predicted faster.
    if (auto it = epilogueOf.find(op); it != epilogueOf.end()) {
      aloneOf[index] = intern(*expr);
      expr->epilogue = it->second.expr;
    }
    distinctOf[index] = intern(std::move(*expr));
  }

  // The construction is plain C++ on the expression: one task each.
  parallelFor(ctx, 0, distinct.size(), [&](size_t index) {
    Constructed &entry = distinct[index];
    // Constructed while deciding the splits: the same expression and
    // options.
    if (!entry.singleStage) {
      auto it = constructed.find(entry.expr.key());
      if (it != constructed.end()) {
        entry.result = it->second.first;
        entry.us = it->second.second;
        return;
      }
    }
    auto start = std::chrono::steady_clock::now();
    ConstructionOptions options = construction;
    if (entry.singleStage)
      options.stages = 1;
    llvm::Expected<ConstructionResult> result =
        constructSchedules(entry.expr, spec, options);
    // The operator alone may still have schedules (its epilogue's register
    // tiles overflowed every one): it keeps its kernel, unfused.
    if (!result && entry.expr.epilogue) {
      entry.droppedEpilogue = llvm::toString(result.takeError());
      entry.expr.epilogue.reset();
      result = constructSchedules(entry.expr, spec, options);
    }
    if (result)
      entry.result = std::move(*result);
    else
      entry.error = llvm::toString(result.takeError());
    entry.us = std::chrono::duration<double, std::micro>(
                   std::chrono::steady_clock::now() - start)
                   .count();
  });

  // Each planned group against its two ops as separate kernels.
  llvm::DenseMap<Operation *, size_t> indexOf;
  for (auto [index, op] : llvm::enumerate(ops))
    indexOf[op] = index;
  auto bestUs = [&](int64_t entry) -> std::optional<double> {
    if (entry < 0 || !distinct[entry].result)
      return std::nullopt;
    return distinct[entry].result->candidates.front().prediction.totalUs;
  };
  for (auto [index, op] : llvm::enumerate(ops)) {
    auto it = epilogueOf.find(op);
    if (it == epilogueOf.end() || distinctOf[index] < 0)
      continue;
    linalg::LinalgOp consumer = it->second.consumer;
    Constructed &group = distinct[distinctOf[index]];
    if (!group.droppedEpilogue.empty()) {
      emitRemarkAtLoc(op) << "roller-select: ranked without its epilogue at "
                          << consumer.getLoc() << ": " << group.droppedEpilogue;
      dropEpilogue(op);
      continue;
    }
    std::optional<double> fused = bestUs(distinctOf[index]);
    std::optional<double> alone = bestUs(aloneOf[index]);
    std::optional<double> epilogue = bestUs(distinctOf[indexOf[consumer]]);
    // A user's config on either op, or an epilogue with no schedule of
    // its own: the fusion stands. So does one predicted no slower than the
    // two kernels and the second one's launch.
    if (!fused || !alone || !epilogue ||
        *fused <= *alone + *epilogue + launchUs)
      continue;
    std::string twoKernels = llvm::formatv(
        "{0:f2} us ({1:f2} + {2:f2} + a launch of {3:f2})",
        *alone + *epilogue + launchUs, *alone, *epilogue, launchUs);
    // Kept fused unless asked: no GPU has measured the model's case for
    // splitting a group.
    if (!options.unfuseSlower) {
      it->second.slowerNote =
          llvm::formatv("; fused although two kernels are predicted {0}, "
                        "fused {1:f2} us (unfuse-slower=1 keeps them apart)",
                        twoKernels, *fused)
              .str();
      continue;
    }
    emitRemarkAtLoc(op) << "roller-select: not fused with its epilogue at "
                        << consumer.getLoc() << ": two kernels predicted "
                        << twoKernels << ", fused "
                        << llvm::formatv("{0:f2} us", *fused);
    distinctOf[index] = aloneOf[index];
    dropEpilogue(op);
  }

  std::vector<llvm::json::Object> report;
  SmallVector<bool> constructedBefore(distinct.size(), false);
  for (auto [index, op] : llvm::enumerate(ops)) {
    if (auto config =
            op->getAttrOfType<ConfigAttr>(RollerDialect::kConfigAttrName)) {
      keepUserConfig(op, config, spec, report);
      continue;
    }
    if (distinctOf[index] < 0) {
      reportUnsupported(op, unsupported[index], report);
      continue;
    }
    Constructed &entry = distinct[distinctOf[index]];
    if (!entry.result) {
      reportUnsupported(op, entry.error, report);
      continue;
    }
    bool shared = constructedBefore[distinctOf[index]];
    constructedBefore[distinctOf[index]] = true;
    // The first op of an expression is charged its construction.
    Selection selection{entry.expr, *entry.result,
                        exprUs[index] + (shared ? 0 : entry.us)};
    attachSelection(op, selection, shared, construction, spec, report);
  }

  if (!options.report.empty() && failed(writeReport(module, report)))
    return failure();
  return failure(failedAny);
}

struct RollerSelectPass
    : public roller::impl::RollerSelectPassBase<RollerSelectPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(runSelection(getOperation(),
                            SelectionOptions{device, topK, report, search, rank,
                                             planEpilogues, unfuseSlower,
                                             splitReductions, splitAcrossBlocks,
                                             splitLaunchUs, allowTf32})))
      signalPassFailure();
  }
};

} // namespace

LogicalResult mlir::roller::runSelection(ModuleOp module,
                                         const SelectionOptions &options) {
  return Selector(options).run(module);
}
