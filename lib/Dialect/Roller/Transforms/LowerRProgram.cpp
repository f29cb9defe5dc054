//===- LowerRProgram.cpp - rProgram to tiled loops on tensors -------------===//
//
// Turns the loops an rProgram implies into real ones, with upstream tiling
// (`scf::tileUsingSCF`) applied level by level to the operator rebuilt as a
// `linalg.generic`:
//
//   scf.forall (block tiles, #gpu.block)           spatial axes / block rTile
//     scf.for (reduction steps)                    reduction axes / block rTile
//       per input: workgroup alloc_tensor (padded), cooperative linalg.copy
//                  in an scf.forall over #gpu.thread
//       scf.forall (thread tiles, #gpu.thread)     spatial axes / thread rTile
//         scf.for (register steps)                 reduction axes / thread
//           linalg.generic on the thread tile
//
// Boundary tiles of irregular shapes keep the dynamic sizes upstream tiling
// computes (affine.min); the user's tensors are never padded or copied.
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/Transforms/LowerRProgram.h"
#include "Roller/Dialect/Roller/IR/TileShapes.h"
#include "Roller/Dialect/Roller/Transforms/ReadThroughGathers.h"
#include "SplitReduction.h"
#include "TiledLoopCleanup.h"
#include "TilingSteps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/TilingInterfaceImpl.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "roller-lower-rprogram"

using namespace mlir;
using namespace mlir::roller;

/// `compute` (the operator or its epilogue) as a `linalg.generic` on `ins`
/// and `outs` (tensors), with the compute op's maps and body.
static linalg::GenericOp buildGeneric(RewriterBase &rewriter, ComputeOp compute,
                                      ValueRange ins, ValueRange outs) {
  OpBuilder::InsertionGuard guard(rewriter);
  SmallVector<AffineMap> maps =
      llvm::map_to_vector(compute.getIndexingMaps().getAsRange<AffineMapAttr>(),
                          [](AffineMapAttr attr) { return attr.getValue(); });
  SmallVector<utils::IteratorType> iterators;
  for (unsigned axis = 0; axis < compute.getNumLoops(); ++axis)
    iterators.push_back(compute.isReduction(axis)
                            ? utils::IteratorType::reduction
                            : utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      rewriter, compute.getLoc(), TypeRange(outs), ins, outs, maps, iterators);
  rewriter.cloneRegionBefore(compute.getBody(), generic.getRegion(),
                             generic.getRegion().end());
  // Upstream tiling offsets linalg.index by each tile's position, so the
  // body keeps seeing the operator's own iteration indices.
  for (auto index :
       llvm::make_early_inc_range(generic.getBody()->getOps<IndexOp>())) {
    rewriter.setInsertionPoint(index);
    rewriter.replaceOpWithNewOp<linalg::IndexOp>(index, index.getDim());
  }
  auto yield = cast<YieldOp>(generic.getBody()->getTerminator());
  rewriter.setInsertionPoint(yield);
  linalg::YieldOp::create(rewriter, yield.getLoc(), yield.getValues());
  rewriter.eraseOp(yield);
  return generic;
}

/// Bytes of the widest element any shaped operand of `program` has: the
/// unit `vector_width` counts in (the selection's width divides every
/// access at that many elements of each type, the widest included).
static int64_t getWidestElementBytes(RProgramOp program) {
  int64_t widest = 1;
  for (Value operand : program->getOperands())
    if (auto shaped = dyn_cast<ShapedType>(operand.getType()))
      if (shaped.getElementType().isIntOrFloat())
        widest = std::max<int64_t>(
            widest, shaped.getElementType().getIntOrFloatBitWidth() / 8);
  return widest;
}

/// Elements per thread chunk of a staging copy of an input of element type
/// `elementType` whose rows hold `sourceRow` elements into a shared tile
/// whose rows hold `tileRow`: `vector_width` elements of the widest type,
/// counted in bytes (an f16 input of an op with an f32 output and
/// vector_width 4 copies 8 halves, one 16-byte `cp.async`, not 4), at most
/// 16 bytes, halved until both the tile's and the source's rows divide into
/// whole chunks (so that every chunk starts as aligned as its size: a
/// `cp.async` needs both sides aligned). The vectorization still proves
/// each access's alignment on its own.
static int64_t getStagingChunk(Type elementType, int64_t tileRow,
                               int64_t sourceRow, int64_t vectorWidth,
                               int64_t widestBytes) {
  if (!elementType.isIntOrFloat() || ShapedType::isDynamic(sourceRow))
    return vectorWidth;
  int64_t bytes = std::max<int64_t>(elementType.getIntOrFloatBitWidth() / 8, 1);
  int64_t chunk = std::max<int64_t>(
      vectorWidth, std::min(vectorWidth * widestBytes, int64_t(16)) / bytes);
  while (chunk > vectorWidth &&
         (tileRow % chunk != 0 || sourceRow % chunk != 0))
    chunk /= 2;
  return chunk;
}

/// The sizes of `value`, as the op that produced it wrote them (the
/// affine.min of a boundary tile rather than a tensor.dim of it).
static SmallVector<OpFoldResult> getSizes(RewriterBase &rewriter, Location loc,
                                          Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  if (auto slice = value.getDefiningOp<tensor::ExtractSliceOp>())
    if (slice.getSourceType().getRank() == type.getRank())
      return slice.getMixedSizes();
  return tensor::getMixedSizes(rewriter, loc, value);
}

/// Stages `source` (the input slice one block reads in one reduction step)
/// in a workgroup buffer of the static `shared` tile shape plus `padding` on
/// the innermost dimension, copied cooperatively by the block's threads in
/// chunks of `chunk` elements along the rows. Returns the staged tile.
static FailureOr<Value> stageInShared(RewriterBase &rewriter, Location loc,
                                      Value source, TileType shared,
                                      int64_t padding, ConfigAttr config,
                                      int64_t chunk) {
  MLIRContext *ctx = rewriter.getContext();
  auto type = cast<RankedTensorType>(source.getType());
  SmallVector<int64_t> storage(shared.getShape());
  if (!storage.empty())
    storage.back() += padding;
  auto bufferType = RankedTensorType::get(storage, type.getElementType());
  auto workgroup = gpu::AddressSpaceAttr::get(
      ctx, gpu::GPUDialect::getWorkgroupAddressSpace());
  Value buffer = bufferization::AllocTensorOp::create(
      rewriter, loc, bufferType, /*dynamic_sizes=*/ValueRange(),
      /*copy=*/Value(), /*size_hint=*/Value(), workgroup);

  unsigned rank = type.getRank();
  SmallVector<OpFoldResult> zeros(rank, rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> ones(rank, rewriter.getIndexAttr(1));
  SmallVector<OpFoldResult> sizes = getSizes(rewriter, loc, source);
  // A tile of a gather that reads aligned runs of the chunk (an NHWC
  // convolution's channels) is copied a run at a time (vector loads), when
  // each thread's piece is whole runs: into the whole static tile, with
  // zeros past the tensor's edge, which the tensor cores read. Runs shorter
  // than the chunk, down to 2 elements, when they divide the channels (12
  // f16 channels: runs of 4, 8 bytes) and the chunk does not.
  SmallVector<tensor::ExtractSliceOp> slices;
  auto gather = getSliceRoot(source, slices).getDefiningOp<linalg::GenericOp>();
  if (isGatherCopy(gather))
    if (int64_t run = getLongestAlignedRun(gather, chunk); run >= 2)
      chunk = run;
  TilingStep step =
      distributeCopy(shared.getShape(), config.getThreads(), chunk);
  bool runs = rank > 0 && step.tileSizes.back() > 0 && isGatherCopy(gather) &&
              readsAlignedRuns(gather, chunk) &&
              shared.getShape().back() % step.tileSizes.back() == 0 &&
              step.tileSizes.back() % chunk == 0;
  SmallVector<OpFoldResult> staticSizes =
      getAsIndexOpFoldResult(ctx, shared.getShape());
  Value view = tensor::ExtractSliceOp::create(
      rewriter, loc,
      runs ? RankedTensorType::get(shared.getShape(), type.getElementType())
           : type,
      buffer, zeros, runs ? staticSizes : sizes, ones);
  // A tile of a pad is copied from the pad's source, with the padding
  // value where it leaves the source, and a tile of a gather (a
  // convolution's patches) is gathered from the gather's input: neither
  // producer is ever computed.
  Operation *copy = buildReadThroughCopy(rewriter, loc, source, view);
  if (!copy)
    copy = linalg::CopyOp::create(rewriter, loc, ValueRange{source},
                                  ValueRange{view});
  if (rank == 0)
    return copy->getResult(0);

  SmallVector<Value> staged;
  FailureOr<linalg::LinalgOp> threadCopy =
      applyTiling(rewriter, cast<linalg::LinalgOp>(*copy), step, &staged);
  if (failed(threadCopy))
    return failure();
  if (!runs)
    return staged.front();
  auto tiled = dyn_cast<linalg::GenericOp>(threadCopy->getOperation());
  Operation *loop = threadCopy->getOperation()->getParentOp();
  rewriter.setInsertionPoint(loop);
  SmallVector<OpFoldResult> offsets =
      getOffsetsInRoot(rewriter, loc, slices, rank);
  if (!tiled || tiled == copy ||
      failed(copyGatheredRuns(rewriter, tiled, gather, offsets, chunk)))
    return failure();
  rewriter.setInsertionPointAfter(loop);
  return tensor::ExtractSliceOp::create(rewriter, loc, type, staged.front(),
                                        zeros, sizes, ones)
      .getResult();
}

/// The `linalg.fill` that produces the tensor `output` when it only gives
/// rPrograms their initial output values (one or several: CSE merges equal
/// fills), or null. Such an output starts from the fill's value: each block
/// fills its own output tile (its threads sharing the work, as they share
/// the staging copies) before its reduction loop, so the fill runs in the
/// kernel instead of on a buffer the host filled.
static linalg::FillOp getInitFill(Value output) {
  auto fill = output.getDefiningOp<linalg::FillOp>();
  if (!fill || !fill.hasPureTensorSemantics())
    return nullptr;
  bool onlyInits =
      llvm::all_of(fill->getResult(0).getUses(), [](OpOperand &use) {
        auto program = dyn_cast<RProgramOp>(use.getOwner());
        if (!program)
          return false;
        unsigned numInputs = program.getInputs().size();
        if (use.getOperandNumber() >= numInputs)
          return true;
        // Under an epilogue, the operator's accumulators start from inputs.
        FailureOr<RProgramStructure> structure =
            matchRProgramStructure(program, /*emitErrors=*/false);
        return succeeded(structure) && structure->epilogue &&
               llvm::is_contained(structure->outputOf, use.getOperandNumber());
      });
  return onlyInits ? fill : nullptr;
}

/// Fills `init` (one block's output tile, of static shape `tile` or a
/// boundary part of it) with `value`, the block's threads sharing the work.
/// Returns the filled tile.
static FailureOr<Value> fillInBlock(RewriterBase &rewriter, Location loc,
                                    Value value, Value init,
                                    ArrayRef<int64_t> tile, ConfigAttr config) {
  auto fill = linalg::FillOp::create(rewriter, loc, ValueRange{value},
                                     ValueRange{init});
  TilingStep step =
      distributeCopy(tile, config.getThreads(), config.getVectorWidth());
  SmallVector<Value> filled;
  FailureOr<linalg::LinalgOp> tiled =
      applyTiling(rewriter, cast<linalg::LinalgOp>(*fill), step, &filled);
  if (failed(tiled))
    return failure();
  // The operator's thread tiles cover this tile and read it first: the GPU
  // path may start their accumulators from `value` instead.
  (*tiled)->setAttr(RollerDialect::kAccumulatorFillAttrName,
                    rewriter.getUnitAttr());
  return filled.front();
}

/// Fuses `epilogue` (which reads the results of the operator's block loop,
/// `blockLoop`) into that loop with upstream consumer fusion, and tiles it
/// over the block's threads as `threads` tiled the operator, so that each
/// thread applies the epilogue to the very elements it accumulated. On
/// return (success or not) `blockLoop` is the block loop, whose last results
/// are the epilogue's once it is fused, and `epilogue` is null once fused.
static LogicalResult fuseEpilogue(RewriterBase &rewriter,
                                  linalg::GenericOp &epilogue,
                                  Operation *&blockLoop,
                                  const TilingStep &threads,
                                  ArrayRef<int64_t> axes, ConfigAttr config,
                                  std::optional<unsigned> splitLoop) {
  DictionaryAttr attrs = blockLoop->getDiscardableAttrDictionary();
  SmallVector<LoopLikeOpInterface> loops{cast<LoopLikeOpInterface>(blockLoop)};
  FailureOr<scf::SCFFuseConsumerOfSliceResult> fused =
      scf::tileAndFuseConsumer(rewriter, epilogue, loops);
  if (failed(fused) || fused->tiledOps.empty())
    return failure();
  auto tiled = cast<linalg::LinalgOp>(fused->tiledOps.front());
  blockLoop = tiled->getParentOfType<scf::ForallOp>();
  // Upstream leaves the untiled consumer in place, unused.
  if (epilogue->use_empty())
    rewriter.eraseOp(epilogue);
  epilogue = nullptr;
  blockLoop->setDiscardableAttrs(attrs);
  // The epilogue's loops are the operator's parallel axes, in order: the
  // same thread forall, restricted to them.
  TilingStep step;
  step.mapping = threads.mapping;
  for (int64_t axis : axes) {
    step.tileSizes.push_back(threads.tileSizes[axis]);
    step.numThreads.push_back(threads.numThreads[axis]);
  }
  if (threads.mapping == MappingKind::Warp) {
    // Tensor-core accumulators are mma fragments spread over a warp's lanes:
    // once the block has stored them (the barrier), its threads share the
    // epilogue over the block tile as they share a copy.
    SmallVector<int64_t> shape = llvm::map_to_vector(
        axes, [&](int64_t axis) { return config.getBlock().getSizes()[axis]; });
    step = distributeCopy(shape, config.getThreads(), config.getVectorWidth());
    rewriter.setInsertionPoint(tiled);
    gpu::BarrierOp::create(rewriter, tiled.getLoc());
  }
  // Threads sharing the reduction share the epilogue too (after the merge
  // and its barrier).
  if (config.splitsReduction())
    step = getSplitEpilogueStep(axes, *splitLoop, config);
  return applyTiling(rewriter, tiled, step, nullptr);
}

FailureOr<SmallVector<Value>>
mlir::roller::lowerRProgramToLoops(RewriterBase &rewriter, RProgramOp program) {
  FailureOr<RProgramStructure> structure = matchRProgramStructure(program);
  if (failed(structure))
    return failure();
  ComputeOp compute = structure->compute;
  ConfigAttr config = program.getConfig();
  ArrayRef<int64_t> block = config.getBlock().getSizes();
  ArrayRef<int64_t> thread = config.getThread().getSizes();
  Location loc = program.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(program);

  // Memref operands take part as tensors: read-only views of the inputs,
  // writable views of the outputs written back in place at the end.
  auto asTensor = [&](Value value, bool writable) -> Value {
    auto memref = dyn_cast<MemRefType>(value.getType());
    if (!memref)
      return value;
    auto type =
        RankedTensorType::get(memref.getShape(), memref.getElementType());
    return bufferization::ToTensorOp::create(rewriter, loc, type, value,
                                             /*restrict=*/true, writable);
  };
  SmallVector<Value> inputs, outputs;
  for (Value input : program.getInputs())
    inputs.push_back(asTensor(input, false));
  for (Value output : program.getOutputs())
    outputs.push_back(asTensor(output, true));
  // The operator's accumulators start from outputs, or from inputs under an
  // epilogue; one that a fill gives starts from the fill's destination and
  // is filled in the kernel.
  ComputeOp epilogue = structure->epilogue;
  ValueRange starts = epilogue ? program.getInputs() : program.getOutputs();
  SmallVector<linalg::FillOp> initFills;
  SmallVector<Value> ins, inits;
  for (unsigned input : structure->inputOf)
    ins.push_back(inputs[input]);
  for (unsigned start : structure->outputOf) {
    initFills.push_back(getInitFill(starts[start]));
    inits.push_back(initFills.back() ? initFills.back().getOutputs()[0]
                    : epilogue       ? inputs[start]
                                     : outputs[start]);
  }
  linalg::GenericOp generic = buildGeneric(rewriter, compute, ins, inits);
  // An input a pad or a gather gives that no block stages is read through
  // it in the body (staged ones are, in their staging copies):
  // `computeInputs` maps the generic's inputs to the compute op's.
  FailureOr<SmallVector<unsigned>> computeInputs = readInputsInBody(
      rewriter, generic,
      [&](unsigned index) {
        return config.getStaged() && structure->sharedTileOf[index];
      },
      getReadThroughReader);
  if (failed(computeInputs)) {
    eraseWithDeadProducers(rewriter, generic);
    return program.emitOpError("reads a pad or a gather that no block stages "
                               "through an "
                               "operand that alone sizes some of its loops");
  }
  // The epilogue reads the operator's results; block tiling replaces them
  // with the block loop's, into which the epilogue is fused.
  linalg::GenericOp epilogueOp;
  if (epilogue) {
    SmallVector<Value> epilogueIns, epilogueInits;
    for (RProgramStructure::EpilogueInput in : structure->epilogueInputOf)
      epilogueIns.push_back(in.fromResult ? generic->getResult(in.index)
                                          : inputs[in.index]);
    for (unsigned output : structure->epilogueOutputOf)
      epilogueInits.push_back(outputs[output]);
    epilogueOp = buildGeneric(rewriter, epilogue, epilogueIns, epilogueInits);
    if (failed(readInputsInBody(
            rewriter, epilogueOp, [](unsigned) { return false; },
            getReadThroughReader))) {
      eraseWithDeadProducers(rewriter, epilogueOp);
      eraseWithDeadProducers(rewriter, generic);
      return program.emitOpError("could not read an epilogue input through "
                                 "its pad or gather");
    }
  }

  // Block level: spatial axes over blocks, then reduction steps.
  unsigned numLoops = compute.getNumLoops();
  TilingStep blocks, steps, threads, registers;
  threads.mapping = config.usesMma() ? MappingKind::Warp : MappingKind::Thread;
  blocks.mapping = MappingKind::Block;
  bool anyThreadSplit = false;
  for (unsigned axis = 0; axis < numLoops; ++axis) {
    bool reduction = compute.isReduction(axis);
    blocks.tileSizes.push_back(reduction ? 0 : block[axis]);
    steps.tileSizes.push_back(reduction ? block[axis] : 0);
    // A thread forall with a static trip count (block / thread tiles per
    // axis) even in boundary blocks, where threads past the edge get empty
    // tiles: GPU thread mapping needs static counts.
    int64_t perBlock =
        reduction ? 0 : llvm::divideCeilSigned(block[axis], thread[axis]);
    bool split = perBlock > 1;
    anyThreadSplit |= split;
    threads.tileSizes.push_back(split ? thread[axis] : 0);
    threads.numThreads.push_back(split ? perBlock : 0);
    registers.tileSizes.push_back(
        reduction && thread[axis] < block[axis] ? thread[axis] : 0);
  }
  if (!anyThreadSplit) {
    // One thread (or warp) computes the whole block tile: still a mapped
    // forall, of one iteration, on the innermost spatial axis.
    for (int64_t axis = numLoops - 1; axis >= 0; --axis) {
      if (compute.isReduction(axis))
        continue;
      threads.tileSizes[axis] = thread[axis];
      threads.numThreads[axis] = 1;
      break;
    }
  }

  SmallVector<Value> results;
  Operation *blockLoop = nullptr;
  FailureOr<linalg::LinalgOp> blockOp =
      applyTiling(rewriter, generic, blocks, &results, &blockLoop);
  if (failed(blockOp)) {
    if (epilogueOp)
      eraseWithDeadProducers(rewriter, epilogueOp);
    eraseWithDeadProducers(rewriter, generic);
    return program.emitOpError("could not be tiled by its block rTile");
  }
  if (blockLoop)
    blockLoop->setAttr(RollerDialect::kConfigAttrName, config);
  // From here on, ops are nested in the block loop: a failure erases it.
  auto fail = [&](const Twine &message) -> FailureOr<SmallVector<Value>> {
    if (epilogueOp)
      eraseWithDeadProducers(rewriter, epilogueOp);
    eraseWithDeadProducers(rewriter, blockLoop);
    return program.emitOpError(message);
  };
  for (auto [index, output] : llvm::enumerate(structure->outputOf)) {
    linalg::FillOp initFill = initFills[index];
    if (!initFill)
      continue;
    OpOperand &init = blockOp->getDpsInitsMutable()[index];
    AffineMap map = compute.getIndexingMap(compute.getIns().size() + index);
    rewriter.setInsertionPoint(*blockOp);
    FailureOr<Value> filled =
        fillInBlock(rewriter, initFill.getLoc(), initFill.getInputs()[0],
                    init.get(), *getAccessedTileShape(map, block), config);
    if (failed(filled))
      return fail("could not fill output #" + Twine(output) + " in its blocks");
    rewriter.modifyOpInPlace(*blockOp, [&] { init.set(*filled); });
  }
  FailureOr<linalg::LinalgOp> stepOp =
      applyTiling(rewriter, *blockOp, steps, nullptr);
  if (failed(stepOp))
    return fail("could not be tiled by its reduction step");

  if (config.getStaged()) {
    for (auto [index, operand] :
         llvm::enumerate(stepOp->getDpsInputOperands())) {
      unsigned computeInput = (*computeInputs)[index];
      unsigned input = structure->inputOf[computeInput];
      if (!structure->sharedTileOf[computeInput])
        continue; // read straight from global memory
      rewriter.setInsertionPoint(*stepOp);
      Value unstaged = operand->get();
      TileType shared = structure->sharedTileOf[computeInput];
      auto full = cast<ShapedType>(program.getInputs()[input].getType());
      int64_t chunk = getStagingChunk(
          full.getElementType(), shared.getShape().back(),
          full.getRank() ? full.getShape().back() : 1, config.getVectorWidth(),
          getWidestElementBytes(program));
      FailureOr<Value> staged =
          stageInShared(rewriter, stepOp->getLoc(), unstaged, shared,
                        config.getPadding()[input], config, chunk);
      if (failed(staged))
        return fail("could not stage input #" + Twine(input) +
                    " in shared memory");
      rewriter.modifyOpInPlace(*stepOp, [&] { operand->set(*staged); });
      // A pad's tiles are copied from its source: their slices, left, would
      // make bufferization compute the pad.
      if (auto slice = unstaged.getDefiningOp<tensor::ExtractSliceOp>())
        if (slice->use_empty())
          eraseWithDeadProducers(rewriter, slice);
    }
  }

  std::optional<unsigned> splitLoop = getSplitReductionLoop(*stepOp);
  if (config.splitsReduction()) {
    // The verifier guarantees a reduction loop; a combiner that does not
    // split (an argmax written by hand) fails upstream's partial tiling.
    if (failed(splitReductionOverThreads(rewriter, *stepOp, config, registers)))
      return fail("could not split its reduction over its threads");
  } else {
    FailureOr<linalg::LinalgOp> threadOp =
        applyTiling(rewriter, *stepOp, threads, nullptr);
    if (failed(threadOp))
      return fail("could not be tiled by its thread rTile");
    FailureOr<linalg::LinalgOp> registerOp =
        applyTiling(rewriter, *threadOp, registers, nullptr);
    if (failed(registerOp))
      return fail("could not be tiled by its thread rTile's reduction steps");
    if (config.usesMma())
      (*registerOp)
          ->setAttr(RollerDialect::kMmaShapeAttrName,
                    rewriter.getDenseI64ArrayAttr(config.getMma()));
  }
  if (epilogueOp) {
    if (failed(fuseEpilogue(rewriter, epilogueOp, blockLoop, threads,
                            epilogue.getConfigAxes(numLoops), config,
                            splitLoop)))
      return fail("could not fuse its epilogue into its blocks");
    results = llvm::to_vector_of<Value>(
        blockLoop->getResults().take_back(structure->epilogueOutputOf.size()));
  }
  cleanUpTiledLoops(blockLoop);
  LDBG() << "lowered " << program.getLoc() << " with "
         << (config.getStaged() ? "shared staging" : "no staging");

  // Results: the generic's j-th result belongs to output outputOf[j] (the
  // epilogue's to epilogueOutputOf[j]).
  SmallVector<Value> replacements;
  rewriter.setInsertionPoint(program);
  SmallVector<Value> byOutput(outputs.size());
  for (auto [index, output] : llvm::enumerate(
           epilogue ? structure->epilogueOutputOf : structure->outputOf))
    byOutput[output] = results[index];
  for (auto [index, output] : llvm::enumerate(program.getOutputs())) {
    if (isa<MemRefType>(output.getType())) {
      bufferization::MaterializeInDestinationOp::create(
          rewriter, loc, TypeRange(), byOutput[index], output,
          /*restrict=*/true, /*writable=*/true);
      continue;
    }
    replacements.push_back(byOutput[index]);
  }
  // Fills the outputs started from (once each: merged sums share one),
  // gathers and pads (read through by every reader, never computed; a
  // gather's pad after the gather) nothing uses now.
  llvm::SetVector<Operation *> unused(initFills.begin(), initFills.end());
  unused.remove(nullptr);
  for (Value input : program.getInputs()) {
    if (isGatherCopy(input.getDefiningOp())) {
      unused.insert(input.getDefiningOp());
      input = input.getDefiningOp<linalg::GenericOp>().getDpsInputs()[0];
    }
    if (auto pad = input.getDefiningOp<tensor::PadOp>())
      unused.insert(pad);
  }
  rewriter.replaceOp(program, replacements);
  for (Operation *op : unused)
    if (op->use_empty())
      rewriter.eraseOp(op);
  return replacements;
}

void mlir::roller::registerLowerRProgramDependencies(
    DialectRegistry &registry) {
  registry
      .insert<affine::AffineDialect, arith::ArithDialect,
              bufferization::BufferizationDialect, gpu::GPUDialect,
              linalg::LinalgDialect, scf::SCFDialect, tensor::TensorDialect>();
  linalg::registerTilingInterfaceExternalModels(registry);
}
