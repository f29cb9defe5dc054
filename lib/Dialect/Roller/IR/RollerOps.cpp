//===- RollerOps.cpp - Operations of the roller dialect -------------------===//
//
// Verifiers of the rProgram and its tile operations. The tile ops check what
// they can see locally (level direction, element types, ranks); the rprogram
// checks the whole pipeline against its #roller.config and, when one is in
// scope, against the device's capacities.
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/IR/RollerOps.h"
#include "AccessBounds.h"
#include "Roller/Dialect/Roller/IR/TileShapes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::roller;

/// A store returns the updated destination unless it writes into a memref;
/// the result type is implied by the destination and never printed.
static ParseResult parseStoreResultType(OpAsmParser &, Type destType,
                                        Type &resultType) {
  if (!isa<MemRefType>(destType))
    resultType = destType;
  return success();
}

static void printStoreResultType(OpAsmPrinter &, Operation *, Type, Type) {}

#define GET_OP_CLASSES
#include "Roller/Dialect/Roller/IR/RollerOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The memory level a value lives at: tiles say so, operator data is global.
static MemoryLevel getLevelOf(Type type) {
  if (auto tile = dyn_cast<TileType>(type))
    return tile.getLevel();
  return MemoryLevel::Global;
}

static Type getElementTypeOf(Type type) {
  if (auto tile = dyn_cast<TileType>(type))
    return tile.getElementType();
  return cast<ShapedType>(type).getElementType();
}

static int64_t getRankOf(Type type) {
  if (auto tile = dyn_cast<TileType>(type))
    return tile.getRank();
  return cast<ShapedType>(type).getRank();
}

static std::string formatShape(ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(shape, os, "x");
  return text;
}

//===----------------------------------------------------------------------===//
// RProgramOp
//===----------------------------------------------------------------------===//

void RProgramOp::build(OpBuilder &builder, OperationState &state,
                       ValueRange inputs, ValueRange outputs,
                       ConfigAttr config) {
  state.addOperands(inputs);
  state.addOperands(outputs);
  state.addAttribute(
      getOperandSegmentSizesAttrName(state.name),
      builder.getDenseI32ArrayAttr({static_cast<int32_t>(inputs.size()),
                                    static_cast<int32_t>(outputs.size())}));
  state.addAttribute(getConfigAttrName(state.name), config);
  for (Value output : outputs)
    if (isa<RankedTensorType>(output.getType()))
      state.addTypes(output.getType());
  Region *body = state.addRegion();
  Block *block = new Block();
  body->push_back(block);
  for (Value value : llvm::concat<const Value>(inputs, outputs))
    block->addArgument(value.getType(), value.getLoc());
}

DeviceAttr RProgramOp::getEffectiveDevice() {
  if (DeviceAttr device = getDeviceAttr())
    return device;
  for (Operation *op = (*this)->getParentOp(); op; op = op->getParentOp())
    if (auto device =
            op->getAttrOfType<DeviceAttr>(RollerDialect::kDeviceAttrName))
      return device;
  return {};
}

LogicalResult RProgramOp::verify() {
  Block &body = getBody().front();
  size_t numOperands = getInputs().size() + getOutputs().size();
  if (body.getNumArguments() != numOperands)
    return emitOpError() << "body has " << body.getNumArguments()
                         << " arguments but the op has " << numOperands
                         << " inputs and outputs";
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(getOperandTypes(), body.getArgumentTypes()))) {
    auto [operandType, argType] = pair;
    if (operandType != argType)
      return emitOpError() << "body argument #" << index << " has type "
                           << argType << " but its operand has type "
                           << operandType;
  }

  // An empty operand leaves an empty iteration space, which the lowering's
  // tiling cannot divide into blocks (--roller-tile never builds one).
  for (auto [index, operandType] : llvm::enumerate(getOperandTypes()))
    if (auto shaped = dyn_cast<ShapedType>(operandType);
        shaped && shaped.hasRank() && llvm::is_contained(shaped.getShape(), 0))
      return emitOpError() << "operand #" << index << " (" << operandType
                           << ") has a zero-size dimension";

  SmallVector<Type> tensorOutputs;
  for (Value output : getOutputs())
    if (isa<RankedTensorType>(output.getType()))
      tensorOutputs.push_back(output.getType());
  if (TypeRange(tensorOutputs) != getResultTypes())
    return emitOpError() << "results must be the types of the tensor outputs, "
                            "in order";

  ConfigAttr config = getConfig();
  if (config.getPadding().size() != getInputs().size())
    return emitOpError() << "config has padding for "
                         << config.getPadding().size()
                         << " inputs but the rprogram has "
                         << getInputs().size();

  DeviceAttr device = getEffectiveDevice();
  if (!device)
    return success();
  if (config.getThreads() > device.getMaxThreadsPerBlock())
    return emitOpError() << "config uses " << config.getThreads()
                         << " threads per block but device '"
                         << device.getName() << "' allows "
                         << device.getMaxThreadsPerBlock();
  if (config.getThreads() % device.getWarpSize() != 0)
    return emitOpError() << "config threads per block (" << config.getThreads()
                         << ") is not a multiple of the warp size ("
                         << device.getWarpSize() << ")";
  if (config.usesMma()) {
    ArrayRef<int64_t> mma = config.getMma();
    bool supported = llvm::any_of(device.getMmaShapes(), [&](Attribute attr) {
      auto shape = cast<MmaShapeAttr>(attr);
      return shape.getM() == mma[0] && shape.getN() == mma[1] &&
             shape.getK() == mma[2];
    });
    if (!supported)
      return emitOpError() << "config mma shape " << formatShape(mma)
                           << " is not supported by device '"
                           << device.getName() << "'";
  }
  return success();
}

/// The rTile of the config that governs tiles at `level`.
static RTileAttr getRTileFor(ConfigAttr config, MemoryLevel level) {
  return level == MemoryLevel::Shared ? config.getBlock() : config.getThread();
}

/// Checks one operand of a compute op and the chain of loads that brought it
/// from global memory: each tile must be the image of its level's rTile
/// through the operand's indexing map, and shared tiles of inputs must carry
/// the config's padding.
static LogicalResult verifyOperandChain(RProgramOp program, ComputeOp compute,
                                        Value operand, AffineMap map) {
  ConfigAttr config = program.getConfig();
  unsigned numInputs = program.getInputs().size();
  SmallVector<int64_t> axes = compute.getConfigAxes(config.getRank());
  Value value = operand;
  while (auto tile = dyn_cast<TileType>(value.getType())) {
    RTileAttr rtile = getRTileFor(config, tile.getLevel());
    // An epilogue's loops are some of the config's axes: its tiles are the
    // images of the rTile restricted to them.
    SmallVector<int64_t> sizes = llvm::map_to_vector(
        axes, [&](int64_t axis) { return rtile.getSizes()[axis]; });
    std::optional<SmallVector<int64_t>> expected =
        getAccessedTileShape(map, sizes);
    Operation *owner = value.getDefiningOp() ? value.getDefiningOp() : compute;
    if (!expected)
      return compute.emitOpError()
             << "indexing map " << AffineMapAttr::get(map)
             << " is not a linear access, or spans more than 64-bit indices "
                "over the rtile; tile shapes cannot be derived";
    if (ArrayRef<int64_t>(*expected) != tile.getShape())
      return owner->emitOpError()
             << "tile shape " << formatShape(tile.getShape())
             << " does not match the " << stringifyMemoryLevel(tile.getLevel())
             << " rtile [" << formatShape(rtile.getSizes())
             << "] through indexing map " << AffineMapAttr::get(map)
             << " (expected " << formatShape(*expected) << ")";
    auto load = value.getDefiningOp<LoadOp>();
    if (!load)
      return success();
    value = load.getSource();
    if (tile.getLevel() != MemoryLevel::Shared)
      continue;
    // Shared tiles of inputs take the config's padding; outputs have none.
    int64_t expectedPadding = 0;
    if (auto arg = dyn_cast<BlockArgument>(value);
        arg && arg.getOwner() == &program.getBody().front() &&
        arg.getArgNumber() < numInputs)
      expectedPadding = config.getPadding()[arg.getArgNumber()];
    if (tile.getPadding() != expectedPadding)
      return load.emitOpError()
             << "shared tile padding " << tile.getPadding()
             << " does not match the config's padding " << expectedPadding;
  }
  return success();
}

/// Checks an epilogue against the operator's compute op: its axes are
/// parallel axes of the operator, or, for a row epilogue, every parallel
/// axis and some reduction axes (walked after the reduction ends; CUDA-core
/// operators only, whose threads own their outputs), it comes after it, and
/// it reads each of the operator's results where the operator wrote it (the
/// result's map, restated on the epilogue's loops, is the operator's output
/// map). The results go nowhere else.
static LogicalResult verifyEpilogue(ComputeOp anchor, ComputeOp epilogue,
                                    ConfigAttr config) {
  ArrayRef<int64_t> axes = *epilogue.getAxes();
  for (int64_t axis : axes)
    if (axis >= anchor.getNumLoops())
      return epilogue.emitOpError()
             << "axis " << axis << " is not an axis of the operator";
  bool row = llvm::any_of(
      axes, [&](int64_t axis) { return anchor.isReduction(axis); });
  if (row) {
    if (config.usesMma())
      return epilogue.emitOpError()
             << "walks a reduction axis of a tensor-core operator (row "
                "epilogues follow CUDA-core operators only)";
    for (unsigned axis = 0; axis < anchor.getNumLoops(); ++axis)
      if (!anchor.isReduction(axis) && !llvm::is_contained(axes, axis))
        return epilogue.emitOpError()
               << "walks a reduction axis but not the parallel axis " << axis
               << " (a row epilogue covers its threads' whole outputs)";
  }
  if (!anchor->isBeforeInBlock(epilogue))
    return epilogue.emitOpError() << "must come after the operator's compute";
  MLIRContext *ctx = anchor.getContext();
  SmallVector<AffineExpr> toAnchor = llvm::map_to_vector(
      axes, [&](int64_t axis) { return getAffineDimExpr(axis, ctx); });
  unsigned numAnchorIns = anchor.getIns().size();
  for (auto [index, result] : llvm::enumerate(anchor.getResults())) {
    AffineMap written = anchor.getIndexingMap(numAnchorIns + index);
    for (OpOperand &use : result.getUses()) {
      if (use.getOwner() != epilogue.getOperation() ||
          use.getOperandNumber() >= epilogue.getIns().size())
        return anchor.emitOpError()
               << "result #" << index
               << " must only be read by the epilogue's inputs";
      AffineMap read =
          epilogue.getIndexingMap(use.getOperandNumber())
              .replaceDimsAndSymbols(toAnchor, {}, anchor.getNumLoops(), 0);
      if (read != written)
        return epilogue.emitOpError()
               << "reads the operator's result #" << index << " through "
               << AffineMapAttr::get(read) << " on the operator's loops, "
               << "not where it was written (" << AffineMapAttr::get(written)
               << ")";
    }
  }
  return success();
}

LogicalResult RProgramOp::verifyRegions() {
  ConfigAttr config = getConfig();
  DeviceAttr device = getEffectiveDevice();
  int64_t warpSize = device ? device.getWarpSize() : 32;

  if (!config.getStaged())
    for (LoadOp load : getBody().getOps<LoadOp>())
      if (cast<TileType>(load.getResult().getType()).getLevel() ==
          MemoryLevel::Shared)
        return load.emitOpError()
               << "stages a tile in shared memory but the config has "
                  "staged = false";

  SmallVector<ComputeOp> operators, epilogues;
  for (ComputeOp compute : getBody().getOps<ComputeOp>())
    (compute.isEpilogue() ? epilogues : operators).push_back(compute);
  if (!epilogues.empty()) {
    if (operators.size() != 1 || epilogues.size() != 1)
      return emitOpError() << "an epilogue needs exactly one operator compute "
                              "and one epilogue, found "
                           << operators.size() << " and " << epilogues.size();
    if (failed(verifyEpilogue(operators.front(), epilogues.front(), config)))
      return failure();
  }
  for (ComputeOp compute : getBody().getOps<ComputeOp>()) {
    // An epilogue's axes are the operator's (verifyEpilogue), whose loop
    // count is the config's rank (checked here).
    if (!compute.isEpilogue() && compute.getNumLoops() != config.getRank()) {
      return compute.emitOpError()
             << "has " << compute.getNumLoops() << " loop axes but the "
             << "rprogram's config tiles " << config.getRank();
    }
    for (auto [index, operand] : llvm::enumerate(compute->getOperands()))
      if (failed(verifyOperandChain(*this, compute, operand,
                                    compute.getIndexingMap(index))))
        return failure();
    if (compute.isEpilogue())
      continue; // its threads are the operator's

    // Each thread computes one thread tile of the block tile, in whole warps
    // (idle lanes pad the last one); reduction axes are not split across
    // threads. With tensor cores the thread tile is a warp tile.
    int64_t tilesPerBlock = 1;
    ArrayRef<int64_t> block = config.getBlock().getSizes();
    ArrayRef<int64_t> thread = config.getThread().getSizes();
    for (unsigned axis = 0; axis < compute.getNumLoops(); ++axis)
      if (!compute.isReduction(axis))
        tilesPerBlock *= block[axis] / thread[axis];
    if (config.splitsReduction()) {
      // Every thread shares every output of the block.
      if (tilesPerBlock != 1)
        return emitOpError()
               << "config splits the reduction over "
               << config.getReduceThreads()
               << " threads, so its thread tile must cover the block tile on "
                  "the parallel axes";
      if (llvm::none_of(
              llvm::seq<unsigned>(0, compute.getNumLoops()),
              [&](unsigned axis) { return compute.isReduction(axis); }))
        return emitOpError() << "config splits the reduction over "
                             << config.getReduceThreads()
                             << " threads but the operator has no reduction";
      tilesPerBlock = config.getReduceThreads();
    }
    int64_t expectedThreads = config.usesMma()
                                  ? tilesPerBlock * warpSize
                                  : llvm::alignTo(tilesPerBlock, warpSize);
    if (expectedThreads != config.getThreads())
      return emitOpError() << "config has " << config.getThreads()
                           << " threads but its block and thread tiles give "
                           << expectedThreads;
  }

  if (operators.size() == 1 &&
      failed(verifyAccessBounds(operators.front(), epilogues)))
    return failure();

  if (!device)
    return success();
  // Shared memory holds every staged tile once per pipeline stage. The sums
  // saturate: many tiles at the type's limits could overflow, and a
  // saturated total is still rejected below.
  constexpr int64_t kSaturated = std::numeric_limits<int64_t>::max();
  auto add = [&](int64_t a, int64_t b) {
    return llvm::checkedAdd(a, b).value_or(kSaturated);
  };
  int64_t sharedBytes = 0, registers = 0;
  for (LoadOp load : getBody().getOps<LoadOp>()) {
    auto tile = cast<TileType>(load.getResult().getType());
    if (tile.getLevel() == MemoryLevel::Shared) {
      sharedBytes = add(sharedBytes, tile.getStorageBytes());
    } else {
      int64_t bits = tile.getElementType().getIntOrFloatBitWidth();
      int64_t tileBits =
          llvm::checkedMul(tile.getNumElements(), bits).value_or(kSaturated);
      registers = add(registers, llvm::divideCeil(tileBits, 32));
    }
  }
  sharedBytes =
      llvm::checkedMul(sharedBytes, config.getStages()).value_or(kSaturated);
  // A warp tile is held by the 32 threads of its warp (mma.sync fragments).
  if (config.usesMma())
    registers = llvm::divideCeil(registers, device.getWarpSize());
  if (sharedBytes > device.getSmemPerBlock())
    return emitOpError() << "shared-memory tiles need " << sharedBytes
                         << " bytes (" << config.getStages()
                         << " stages) but device '" << device.getName()
                         << "' allows " << device.getSmemPerBlock()
                         << " per block";
  if (registers > device.getMaxRegsPerThread())
    return emitOpError() << "register tiles need " << registers
                         << " registers per thread but device '"
                         << device.getName() << "' allows "
                         << device.getMaxRegsPerThread();
  return success();
}

//===----------------------------------------------------------------------===//
// LoadOp and StoreOp
//===----------------------------------------------------------------------===//

/// Common checks of a move from `from` to `to`: same element type and rank,
/// and a direction that is inward for loads and outward for stores.
static LogicalResult verifyMove(Operation *op, Type from, Type to,
                                bool inward) {
  MemoryLevel fromLevel = getLevelOf(from), toLevel = getLevelOf(to);
  bool ok = inward ? fromLevel < toLevel : fromLevel > toLevel;
  if (!ok)
    return op->emitOpError()
           << "moves a tile from '" << stringifyMemoryLevel(fromLevel)
           << "' to '" << stringifyMemoryLevel(toLevel) << "'; a "
           << (inward ? "load must move inward (global -> shared -> register)"
                      : "store must move outward (register -> shared -> "
                        "global)");
  if (getElementTypeOf(from) != getElementTypeOf(to))
    return op->emitOpError() << "element type " << getElementTypeOf(from)
                             << " does not match " << getElementTypeOf(to);
  if (getRankOf(from) != getRankOf(to))
    return op->emitOpError()
           << "tile rank " << getRankOf(inward ? to : from)
           << " does not match the rank " << getRankOf(inward ? from : to)
           << " of the data it " << (inward ? "loads from" : "stores into");
  return success();
}

LogicalResult LoadOp::verify() {
  return verifyMove(*this, getSource().getType(), getResult().getType(),
                    /*inward=*/true);
}

void StoreOp::build(OpBuilder &builder, OperationState &state, Value tile,
                    Value dest) {
  state.addOperands({tile, dest});
  if (!isa<MemRefType>(dest.getType()))
    state.addTypes(dest.getType());
}

LogicalResult StoreOp::verify() {
  if (failed(verifyMove(*this, getTile().getType(), getDest().getType(),
                        /*inward=*/false)))
    return failure();
  bool returnsValue = !isa<MemRefType>(getDest().getType());
  if (returnsValue != static_cast<bool>(getResult()))
    return emitOpError() << (returnsValue
                                 ? "into a tensor or tile must return the "
                                   "updated value"
                                 : "into a memref must not return a value");
  if (getResult() && getResult().getType() != getDest().getType())
    return emitOpError() << "result type " << getResult().getType()
                         << " does not match the destination type "
                         << getDest().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// ComputeOp
//===----------------------------------------------------------------------===//

bool ComputeOp::isReduction(unsigned i) {
  return cast<StringAttr>(getIteratorTypes()[i]).getValue() == "reduction";
}

AffineMap ComputeOp::getIndexingMap(unsigned i) {
  return cast<AffineMapAttr>(getIndexingMaps()[i]).getValue();
}

SmallVector<int64_t> ComputeOp::getConfigAxes(unsigned rank) {
  if (std::optional<ArrayRef<int64_t>> axes = getAxes())
    return llvm::to_vector(*axes);
  return llvm::to_vector(llvm::seq<int64_t>(0, rank));
}

LogicalResult ComputeOp::verify() {
  for (Attribute attr : getIteratorTypes()) {
    StringRef kind = cast<StringAttr>(attr).getValue();
    if (kind != "parallel" && kind != "reduction")
      return emitOpError() << "iterator type must be \"parallel\" or "
                              "\"reduction\", got \""
                           << kind << "\"";
  }
  if (std::optional<ArrayRef<int64_t>> axes = getAxes()) {
    if (axes->size() != getNumLoops())
      return emitOpError() << "has " << getNumLoops() << " loop axes but "
                           << axes->size() << " epilogue axes";
    for (auto [index, axis] : llvm::enumerate(*axes))
      if (axis < 0 || (index > 0 && axis <= (*axes)[index - 1]))
        return emitOpError()
               << "epilogue axes must be increasing non-negative config axes";
    if (llvm::any_of(getIteratorTypes(), [](Attribute attr) {
          return cast<StringAttr>(attr).getValue() != "parallel";
        }))
      return emitOpError() << "an epilogue has parallel axes only";
  }
  unsigned numOperands = getIns().size() + getInits().size();
  if (getIndexingMaps().size() != numOperands)
    return emitOpError() << "expects one indexing map per operand ("
                         << numOperands << "), got "
                         << getIndexingMaps().size();
  for (auto [index, operand] : llvm::enumerate(getOperands())) {
    AffineMap map = getIndexingMap(index);
    if (map.getNumDims() != getNumLoops() || map.getNumSymbols() != 0)
      return emitOpError() << "indexing map #" << index << " must have "
                           << getNumLoops() << " dimensions and no symbols";
    if (map.getNumResults() !=
        static_cast<unsigned>(getRankOf(operand.getType())))
      return emitOpError() << "indexing map #" << index << " has "
                           << map.getNumResults()
                           << " results but its tile has rank "
                           << getRankOf(operand.getType());
  }
  // Each loop's extent is read off a tile dimension it indexes directly (as
  // linalg's tiling reads its loop ranges: a loop inside expressions only,
  // such as kw in (f, c, kh, -kh) and (.., ow * 2 + kw), crashed it).
  llvm::SmallBitVector direct(getNumLoops());
  for (unsigned index = 0; index < numOperands; ++index)
    for (AffineExpr expr : getIndexingMap(index).getResults())
      if (auto dim = dyn_cast<AffineDimExpr>(expr))
        direct.set(dim.getPosition());
  if (!direct.all())
    return emitOpError() << "loop axis #" << direct.find_first_unset()
                         << " indexes no tile dimension directly (only "
                            "inside expressions): its extent is unknown";
  for (auto [index, init] : llvm::enumerate(getInits())) {
    if (cast<TileType>(init.getType()).getLevel() != MemoryLevel::Register)
      return emitOpError() << "accumulator #" << index
                           << " must be a register tile";
    AffineMap map = getIndexingMap(getIns().size() + index);
    for (AffineExpr expr : map.getResults()) {
      // A constant 0 indexes a unit dimension the reduction keeps (keepdim).
      if (auto constant = dyn_cast<AffineConstantExpr>(expr);
          constant && constant.getValue() == 0)
        continue;
      auto dim = dyn_cast<AffineDimExpr>(expr);
      if (!dim || isReduction(dim.getPosition()))
        return emitOpError() << "accumulator map " << AffineMapAttr::get(map)
                             << " must index parallel axes (or a kept unit "
                                "dimension, 0) only";
    }
  }
  if (getResultTypes() != getInits().getTypes())
    return emitOpError() << "results must have the types of the accumulators";

  Block &body = getBody().front();
  SmallVector<Type> scalarTypes;
  for (Value operand : getOperands())
    scalarTypes.push_back(getElementTypeOf(operand.getType()));
  if (body.getArgumentTypes() != TypeRange(scalarTypes))
    return emitOpError() << "body arguments must be the element types of the "
                            "operands, in order";
  return success();
}

//===----------------------------------------------------------------------===//
// IndexOp
//===----------------------------------------------------------------------===//

LogicalResult IndexOp::verify() {
  auto compute = cast<ComputeOp>((*this)->getParentOp());
  if (static_cast<uint64_t>(getDim()) >= compute.getNumLoops())
    return emitOpError() << "dim " << getDim() << " is out of range: the "
                         << "compute op has " << compute.getNumLoops()
                         << " loop axes";
  return success();
}

//===----------------------------------------------------------------------===//
// YieldOp
//===----------------------------------------------------------------------===//

LogicalResult YieldOp::verify() {
  Operation *parent = (*this)->getParentOp();
  SmallVector<Type> expected;
  if (auto program = dyn_cast<RProgramOp>(parent)) {
    llvm::append_range(expected, program.getResultTypes());
  } else {
    for (Value init : cast<ComputeOp>(parent).getInits())
      expected.push_back(getElementTypeOf(init.getType()));
  }
  if (getValues().getTypes() != TypeRange(expected))
    return emitOpError() << "yields " << getValues().size()
                         << " values that do not match the " << expected.size()
                         << " expected by '" << parent->getName() << "'";
  return success();
}
