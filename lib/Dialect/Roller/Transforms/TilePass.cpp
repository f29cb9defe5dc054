//===- TilePass.cpp - --roller-tile ---------------------------------------===//
//
// Pads and generators as linalg ops (tensorOpsToLinalg), batch matmuls by
// a broadcast matrix as matmuls (batchMatmulsToMatmuls), data movement of
// constants folded (foldConstants), BatchNorm and biases folded into
// constant weights (foldBatchNorms), bias initial values split off
// (splitBiasInits), 1x1 f16/bf16 convolutions as matmuls
// (pointwiseConvsToMatmuls), the others as matmuls of their gathered
// patches (convsToImplicitGemms), transposes moved towards their undoing
// (sinkTransposes), bf16 contractions summed in f32
// (widenBf16Accumulators), elementwise ops collapsed to their producers' shapes
// (collapseThroughReshapes), operand scales moved after their contractions
// (moveScalesToEpilogues), elementwise chains fused (fuseElementwiseChains),
// keepdim reductions' unit dims dropped (dropKeepdimUnitsEverywhere),
// sibling reductions merged (mergeSiblingReductionsEverywhere), ops
// without a parallel loop given one (addUnitParallelLoops), adjacent
// reduction loops collapsed (collapseReductionLoopsEverywhere),
// selection (runSelection),
// then tileToRProgram on every op that has a config (ops left as they are
// get a remark with the reason) and fuseEpilogues.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/LinalgTensorExpr.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/Transforms/AddUnitParallelLoop.h"
#include "Roller/Dialect/Roller/Transforms/BatchMatmulToMatmul.h"
#include "Roller/Dialect/Roller/Transforms/CollapseReductionLoops.h"
#include "Roller/Dialect/Roller/Transforms/CollapseThroughReshapes.h"
#include "Roller/Dialect/Roller/Transforms/ConvToImplicitGemm.h"
#include "Roller/Dialect/Roller/Transforms/DeviceSelection.h"
#include "Roller/Dialect/Roller/Transforms/DropKeepdimUnits.h"
#include "Roller/Dialect/Roller/Transforms/FoldBatchNorm.h"
#include "Roller/Dialect/Roller/Transforms/FoldConstants.h"
#include "Roller/Dialect/Roller/Transforms/FoldExtensionsIntoContractions.h"
#include "Roller/Dialect/Roller/Transforms/FuseElementwise.h"
#include "Roller/Dialect/Roller/Transforms/FuseEpilogues.h"
#include "Roller/Dialect/Roller/Transforms/MergeSiblingReductions.h"
#include "Roller/Dialect/Roller/Transforms/MoveScalesToEpilogues.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"
#include "Roller/Dialect/Roller/Transforms/PointwiseConvToMatmul.h"
#include "Roller/Dialect/Roller/Transforms/Select.h"
#include "Roller/Dialect/Roller/Transforms/SinkTransposes.h"
#include "Roller/Dialect/Roller/Transforms/SplitBiasInit.h"
#include "Roller/Dialect/Roller/Transforms/TensorOpsToLinalg.h"
#include "Roller/Dialect/Roller/Transforms/TileToRProgram.h"
#include "Roller/Dialect/Roller/Transforms/WidenBf16Accumulators.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERTILEPASS
#include "Roller/Dialect/Roller/Transforms/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

namespace {
struct RollerTilePass
    : public roller::impl::RollerTilePassBase<RollerTilePass> {
  using Base::Base;

  /// The device the selection will target, or null when the option names
  /// none (the selection reports it).
  DeviceAttr getSelectionDevice(ModuleOp module) {
    ScopedDiagnosticHandler quiet(&getContext(),
                                  [](Diagnostic &) { return success(); });
    return resolveSelectionDevice(module, device);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    IRRewriter rewriter(&getContext());
    // First: the convolution rewrites below ask whether f32 ones have
    // tensor cores.
    if (allowTf32)
      module->setAttr(kAllowTf32AttrName, rewriter.getUnitAttr());
    // Pads and generators become linalg ops first, so that they are
    // scheduled and tiled like the rest instead of running on the host.
    // Pads their consumers read through stay pads (ReadThroughPads.h).
    tensorOpsToLinalg(rewriter, module, fusePads, /*remarks=*/true);
    // Before folding (an extended f16 weight would become an f32
    // constant): matmuls of extended f16/bf16 operands read them narrow,
    // on tensor cores.
    foldExtensionsIntoContractions(rewriter, module, /*remarks=*/true);
    // Before folding: the broadcast of a weight over a batch would fold
    // into a constant as large as the batch.
    batchMatmulsToMatmuls(rewriter, module);
    // Weight transposes and broadcasts are done here, once, not per call.
    foldConstants(rewriter, module, kDefaultFoldMaxBytes);
    // After it (a weight may need its transpose folded first), before
    // selection (the folded chains would otherwise each become a kernel).
    foldBatchNorms(rewriter, module, kDefaultFoldMaxBytes, /*remarks=*/true);
    // After folding (a BatchNorm's bias is one then), before the chains
    // are fused: a bias added after its contraction joins the chain after it.
    if (fuseEpilogues)
      splitBiasInits(rewriter, module);
    // After the bias is split off (from the convolution, which the matmul
    // then takes no bias from), before the chains meet their anchors
    // through the reshapes: 1x1 f16/bf16 convolutions become matmuls, on
    // tensor cores.
    pointwiseConvsToMatmuls(rewriter, module, /*remarks=*/true);
    // The others with tensor cores on the device the selection targets
    // become matmuls of their gathered patches, read through by the
    // matmuls' loads (the implicit GEMM).
    // bf16 into bf16 too where the widening below will sum them in f32.
    if (DeviceAttr target = getSelectionDevice(module))
      convsToImplicitGemms(rewriter, module, target,
                           ImplicitGemmOptions{fuseEpilogues, splitLaunchUs,
                                               /*weighRoutes=*/true,
                                               networkLayout},
                           /*remarks=*/true);
    // After the convolutions are rewritten, before the chains are fused:
    // the transposes of NCHW convolutions' results taken through NHWC move
    // past the elementwise ops, pads and poolings between them, and those
    // that meet their undoing vanish. (Only those: other transposes, such as
    // attention's, stay where the later steps expect them.)
    sinkTransposes(module, isNhwcToNchw);
    // After the bias is split off (its add joins the truncation's chain),
    // and the convolutions are matmuls, before the chains are fused: bf16
    // contractions sum in f32, on tensor cores, and round in their epilogue.
    if (fuseEpilogues)
      widenBf16Accumulators(rewriter, module, /*remarks=*/true);
    // After folding (BatchNorm's chains are gone into the weights), before
    // selection: a fused chain is one op, one schedule, one kernel. The
    // reshapes between anchors and their elementwise consumers go first,
    // so that the chains meet each other and their anchors.
    if (fuseElementwise)
      collapseThroughReshapes(rewriter, module, /*remarks=*/true);
    // After the reshapes (a scale behind one is no contraction's operand),
    // before the chains (a scale fused with its own producer would no
    // longer be a scale): attention's scales become epilogues.
    if (fuseEpilogues)
      moveScalesToEpilogues(rewriter, module, /*remarks=*/true);
    if (fuseElementwise) {
      fuseElementwiseChains(rewriter, module, /*remarks=*/true);
      // A chain the fusion took out of a transpose's way (two that undo
      // each other around it: NCHW convolutions taken through NHWC) now
      // reads its anchor's result through the reshapes alone: those
      // collapse too, so that it becomes the anchor's epilogue. (Silent:
      // what stays was said the first time.)
      collapseThroughReshapes(rewriter, module, /*remarks=*/false);
    }
    // After the chains (a broadcast fused into its reader is no longer a
    // linalg producer of unit dims): keepdim reductions' elementwise steps
    // lose their unit dims, to become the reductions' epilogues.
    if (fuseEpilogues)
      dropKeepdimUnitsEverywhere(rewriter, module);
    // After the unit dims are gone (a keepdim sum and a plain one over the
    // same rows then have the same loops), before selection: LayerNorm's
    // two sums of its input are one kernel.
    if (fuseElementwise)
      mergeSiblingReductionsEverywhere(rewriter, module, /*remarks=*/true);
    // After the siblings are merged (their loops then collapse as one op),
    // before selection: ops without a parallel loop (a sum to one value, a
    // 0-d divide) get one of extent 1, and adjacent reduction loops become
    // one, which the schedules that share a row among a block's threads
    // and split it across blocks take.
    addUnitParallelLoops(rewriter, module);
    collapseReductionLoopsEverywhere(rewriter, module);
    // The groups roller-fuse-epilogues will build are planned first: the
    // model ranks each operator's tiles with its epilogue's traffic.
    if (failed(runSelection(module,
                            SelectionOptions{device, topK, report, search, rank,
                                             fuseEpilogues, unfuseSlower,
                                             splitReductions, splitAcrossBlocks,
                                             splitLaunchUs, allowTf32})))
      return signalPassFailure();

    SmallVector<linalg::LinalgOp> ops;
    module.walk([&](linalg::LinalgOp op) {
      if (op->hasAttr(RollerDialect::kConfigAttrName))
        ops.push_back(op);
    });
    for (linalg::LinalgOp op : ops) {
      auto config =
          op->getAttrOfType<ConfigAttr>(RollerDialect::kConfigAttrName);
      std::string reason;
      if (failed(tileToRProgram(rewriter, op, config, reason)))
        emitRemarkAtLoc(op) << "roller-tile: left as is: " << reason;
    }
    // Elementwise rPrograms after an operator become its epilogue.
    if (fuseEpilogues)
      roller::fuseEpilogues(rewriter, module, /*remarks=*/true);
  }
};
} // namespace

std::unique_ptr<Pass>
mlir::roller::createRollerTilePass(const SelectionOptions &options) {
  RollerTilePassOptions tile;
  tile.device = options.device;
  tile.topK = options.topK;
  tile.report = options.report;
  tile.search = options.search;
  tile.rank = options.rank;
  tile.splitReductions = options.splitReductions;
  tile.splitAcrossBlocks = options.splitAcrossBlocks;
  tile.splitLaunchUs = options.splitLaunchUs;
  tile.allowTf32 = options.allowTf32;
  return createRollerTilePass(std::move(tile));
}
