//===- Select.cpp - Choosing a #roller.config for a linalg op -------------===//

#include "Roller/Dialect/Roller/Transforms/Select.h"
#include "Roller/Analysis/Alignment.h"
#include "Roller/Analysis/BlockOrder.h"
#include "Roller/Analysis/LinalgTensorExpr.h"
#include "Roller/Analysis/PerfModel.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/Transforms/ReadThroughGathers.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/Support/FormatVariadic.h"

#include <chrono>

using namespace mlir;
using namespace mlir::roller;

llvm::Expected<TensorExpr>
mlir::roller::getSchedulableExpr(linalg::LinalgOp op) {
  llvm::Expected<TensorExpr> expr = tensorExprFromLinalg(op);
  if (!expr)
    return expr.takeError();
  // An rTile needs at least one axis; a 0-d op is a single scalar.
  if (expr->getRank() == 0)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "the op has no loops (0-d operands): "
                                   "nothing to tile");
  // A gather copy's result is gathered by each block that stages it
  // (ReadThroughGathers.h), unless a reader that cannot read through it
  // makes it a kernel of its own. isReadThroughGather would ask this
  // function about the op again. The staging copies the longest aligned
  // runs of up to 16 bytes the gather reads (as LowerRProgram does), else
  // element by element.
  for (auto [access, input] : llvm::zip(expr->inputs, op.getDpsInputs())) {
    auto gather = input.getDefiningOp<linalg::GenericOp>();
    access.gathered = isGatherCopy(gather);
    if (access.gathered)
      access.gatherRun = getLongestAlignedRun(
          gather, 16 / std::max<int64_t>(access.elementBytes, 1));
  }
  return expr;
}

llvm::Expected<Selection>
mlir::roller::selectSchedules(linalg::LinalgOp op, const DeviceSpec &device,
                              const ConstructionOptions &options) {
  auto start = std::chrono::steady_clock::now();
  llvm::Expected<TensorExpr> expr = getSchedulableExpr(op);
  if (!expr)
    return expr.takeError();
  llvm::Expected<ConstructionResult> construction =
      constructSchedules(*expr, device, options);
  if (!construction)
    return construction.takeError();
  Selection selection{std::move(*expr), std::move(*construction), 0};
  selection.selectUs = std::chrono::duration<double, std::micro>(
                           std::chrono::steady_clock::now() - start)
                           .count();
  return selection;
}

const Candidate &Selection::ranked(int64_t rank) const {
  size_t index = std::min<size_t>(std::max<int64_t>(rank, 1),
                                  construction.candidates.size());
  return construction.candidates[index - 1];
}

llvm::Expected<ConfigAttr> mlir::roller::chooseConfig(linalg::LinalgOp op,
                                                      const DeviceSpec &device,
                                                      int64_t rank,
                                                      int64_t topK) {
  if (rank < 1 || topK < 1)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "rank and top-k must be at least 1");
  ConstructionOptions options;
  options.topK = std::max(topK, rank);
  llvm::Expected<Selection> selection = selectSchedules(op, device, options);
  if (!selection)
    return selection.takeError();
  return buildConfigAttr(op->getContext(), selection->expr,
                         selection->ranked(rank), device);
}

ConfigAttr mlir::roller::buildConfigAttr(MLIRContext *ctx,
                                         const TensorExpr &expr,
                                         const Candidate &candidate,
                                         const DeviceSpec &device) {
  // API callers' contexts may not have loaded the dialect yet.
  ctx->getOrLoadDialect<RollerDialect>();
  const Schedule &schedule = candidate.schedule;
  const Prediction &prediction = candidate.prediction;
  // The launch is one-dimensional: block b covers tile b of the spatial
  // axes in row-major order.
  SmallVector<int64_t> grid = {prediction.blocks};
  return ConfigAttr::get(
      ctx, RTileAttr::get(ctx, MemoryLevel::Shared, schedule.block),
      RTileAttr::get(ctx, MemoryLevel::Register, schedule.thread), schedule.mma,
      schedule.padding, schedule.vectorWidth, schedule.stages,
      schedule.usesShared, schedule.threads, grid,
      llvm::APFloat(prediction.totalUs),
      static_cast<Bottleneck>(static_cast<uint32_t>(prediction.bottleneck)),
      prediction.regBudget, schedule.reduceThreads,
      chooseBlockGroup(expr, device, schedule, prediction.blocksPerSM));
}

Schedule mlir::roller::getScheduleFromConfig(ConfigAttr config) {
  Schedule schedule;
  llvm::append_range(schedule.block, config.getBlock().getSizes());
  llvm::append_range(schedule.thread, config.getThread().getSizes());
  llvm::append_range(schedule.mma, config.getMma());
  llvm::append_range(schedule.padding, config.getPadding());
  schedule.vectorWidth = config.getVectorWidth();
  schedule.stages = config.getStages();
  schedule.threads = config.getThreads();
  schedule.usesShared = config.getStaged();
  schedule.reduceThreads = config.getReduceThreads();
  return schedule;
}

static llvm::Error configError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<Prediction> mlir::roller::checkConfig(const TensorExpr &expr,
                                                     const DeviceSpec &device,
                                                     ConfigAttr config) {
  if (config.getRank() != expr.getRank())
    return configError(
        llvm::formatv("roller.config tiles {0} loop axes but the op has {1}",
                      config.getRank(), expr.getRank()));
  if (config.getPadding().size() != expr.inputs.size())
    return configError(llvm::formatv(
        "roller.config has padding for {0} inputs but the op has {1}",
        config.getPadding().size(), expr.inputs.size()));
  Schedule schedule = getScheduleFromConfig(config);
  if (schedule.reduceThreads > 1) {
    // Threads sharing a reduction share every output of the block.
    bool reduces = false;
    for (unsigned a = 0; a < expr.getRank(); ++a) {
      reduces |= expr.axes[a].isReduction();
      if (!expr.axes[a].isReduction() &&
          schedule.thread[a] != schedule.block[a])
        return configError(llvm::formatv(
            "roller.config splits the reduction over {0} threads, so its "
            "thread tile must cover the block tile on the parallel axes "
            "(axis {1}: {2} of {3})",
            schedule.reduceThreads, a, schedule.thread[a], schedule.block[a]));
    }
    if (!reduces)
      return configError(llvm::formatv(
          "roller.config splits the reduction over {0} threads but the op "
          "has no reduction",
          schedule.reduceThreads));
    if (!expr.splittableReduction)
      return configError(llvm::formatv(
          "roller.config splits the reduction over {0} threads but an "
          "output of the op is not reduced by one combining op with a "
          "neutral element (an argmax, say), so partial results cannot be "
          "combined",
          schedule.reduceThreads));
  }
  int64_t threads = getThreadCount(expr, device, schedule);
  if (threads != schedule.threads)
    return configError(llvm::formatv(
        "roller.config has {0} threads but its block and thread tiles give "
        "{1}",
        schedule.threads, threads));
  if (!isThreadCountAligned(device, threads))
    return configError(llvm::formatv(
        "roller.config uses {0} threads per block: not a multiple of the "
        "warp size ({1}) or above the limit ({2}) of device '{3}'",
        threads, device.warpSize, device.maxThreadsPerBlock, device.name));
  if (!schedule.mma.empty() &&
      llvm::none_of(device.mmaShapes, [&](const MmaShape &shape) {
        return shape.m == schedule.mma[0] && shape.n == schedule.mma[1] &&
               shape.k == schedule.mma[2] &&
               shape.inputType == expr.mmaInputType;
      }))
    return configError(llvm::formatv(
        "roller.config uses an mma shape device '{0}' does not support for "
        "this op ({1} inputs)",
        device.name,
        expr.mmaInputType.empty() ? "non-MMA" : expr.mmaInputType));
  // The rules ROLLER builds tiles with hold for a user's tiles too.
  int64_t transaction = device.levels.front().transactionBytes;
  for (auto [index, access] : llvm::enumerate(expr.getAccesses())) {
    // Threads sharing a reduction: the rule is for what they read along it
    // (isTransactionAlignedAlongReduction).
    if (schedule.reduceThreads > 1 && !isReadAlongReduction(expr, *access))
      continue;
    TensorExpr single = expr;
    single.inputs = {*access};
    single.outputs.clear();
    if (!isTransactionAligned(single, schedule.block, transaction))
      return configError(llvm::formatv(
          "roller.config block tile breaks the memory-transaction rule: "
          "operand #{0} reads rows of {1} bytes, neither a multiple of {2} "
          "nor its whole last dimension",
          index,
          access->tileDim(access->shape.size() - 1, schedule.block) *
              access->elementBytes,
          transaction));
  }
  if (!schedule.mma.empty()) {
    // The warp tile holds whole MMA tiles along each axis the MMA shape
    // covers: M and N are the output's last two dimensions' axes, K the
    // reduction axis both inputs share.
    const TensorAccess &out = expr.outputs.front();
    if (out.indices.size() >= 2) {
      std::optional<unsigned> m = out.indices[out.indices.size() - 2]
                                      .getSingleAxis(),
                              n = out.indices.back().getSingleAxis();
      if (m && n &&
          (schedule.thread[*m] % schedule.mma[0] != 0 ||
           schedule.thread[*n] % schedule.mma[1] != 0))
        return configError(llvm::formatv(
            "roller.config warp tile {0}x{1} is not a multiple of the mma "
            "shape {2}x{3}",
            schedule.thread[*m], schedule.thread[*n], schedule.mma[0],
            schedule.mma[1]));
    }
  }
  if (config.getMaxRegs() > device.maxRegsPerThread)
    return configError(llvm::formatv(
        "roller.config max_regs {0} is above the {1} registers a thread of "
        "device '{2}' may use",
        config.getMaxRegs(), device.maxRegsPerThread, device.name));
  llvm::Expected<Prediction> prediction = predict(expr, device, schedule);
  if (!prediction)
    return configError("roller.config cannot run on device '" + device.name +
                       "': " + llvm::toString(prediction.takeError()));
  int64_t gridBlocks = 1;
  for (int64_t blocks : config.getGrid())
    gridBlocks *= blocks;
  if (gridBlocks != prediction->blocks)
    return configError(llvm::formatv(
        "roller.config launches {0} blocks but its block tile needs {1}",
        gridBlocks, prediction->blocks));
  return prediction;
}

void mlir::roller::inspectRewrittenClone(
    RewriterBase &rewriter, linalg::LinalgOp op,
    llvm::function_ref<void(linalg::LinalgOp)> inspect) {
  OpBuilder::InsertionGuard guard(rewriter);
  Operation *before = op->getPrevNode();
  rewriter.setInsertionPoint(op);
  inspect(cast<linalg::LinalgOp>(rewriter.clone(*op)));
  // Everything between `before` and `op` is the clone or what rewriting it
  // created; users come after their producers.
  SmallVector<Operation *> created;
  for (Operation *it = before ? before->getNextNode()
                              : &op->getBlock()->front();
       it != op.getOperation(); it = it->getNextNode())
    created.push_back(it);
  for (Operation *createdOp : llvm::reverse(created))
    rewriter.eraseOp(createdOp);
}

bool mlir::roller::stagesInOneStep(linalg::LinalgOp op) {
  return llvm::any_of(op.getDpsInputs(), [](Value input) {
    if (input.getDefiningOp<tensor::PadOp>())
      return true;
    if (!isReadThroughGather(input))
      return false;
    // A gather read in aligned runs of at least 4 bytes (an NHWC
    // convolution's channels) is staged by linalg.copys of the runs, which
    // roller-pipeline-staging issues ahead as cp.async copies (4 bytes at
    // least); other gathers are staged an element at a time.
    Type element = getElementTypeOrSelf(input.getType());
    if (!element.isIntOrFloat())
      return true;
    int64_t run = std::max<int64_t>(2, 32 / element.getIntOrFloatBitWidth());
    return !readsAlignedRuns(input.getDefiningOp<linalg::GenericOp>(), run);
  });
}
