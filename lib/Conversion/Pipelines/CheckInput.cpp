//===- CheckInput.cpp - What the lowering pipelines accept ----------------===//
//
// The CPU oracle and the GPU path are built for linalg ops, rPrograms and
// the host code around them. Some input outside that makes upstream passes
// deep inside the pipelines fail late and without a location, or leave IR
// that does not verify (found by fuzz/roller_fuzz.py, issue 19): a memref
// in global memory reaches `free` as a `ptr<1>`, buffer deallocation adds a
// block argument to an existing `gpu.launch`, a nested module's linalg ops
// are never lowered, linalg inside a `gpu.func` leaves casts the LLVM IR
// translation rejects, a `tensor.dim` with a negative constant index (which
// its verifier accepts) crashes upstream's folding. This check rejects such
// input at the op first.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/Pipelines/Passes.h"
#include "Roller/Conversion/Pipelines/Pipelines.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ShapedOpInterfaces.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERCHECKPIPELINEINPUTPASS
#include "Roller/Conversion/Pipelines/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// The default memory space, workgroup memory (which the CPU pipeline drops
/// and the GPU path allocates), and on the GPU private memory.
static bool isAcceptedMemorySpace(Attribute space, PipelineTarget target) {
  if (!space)
    return true;
  if (auto integer = dyn_cast<IntegerAttr>(space))
    return integer.getValue().isZero();
  if (auto gpuSpace = dyn_cast<gpu::AddressSpaceAttr>(space))
    return gpuSpace.getValue() == gpu::AddressSpace::Workgroup ||
           (target == PipelineTarget::GPU &&
            gpuSpace.getValue() == gpu::AddressSpace::Private);
  return false;
}

/// Launch bounds that a kernel carries as attributes (gpu.func's
/// known_block_size, known_grid_size, and what the NVVM lowering makes of
/// them) must be positive: LLVM's NVPTX backend reports a negative one
/// ("can't parse integer attribute -2147483648 in nvvm.maxntid") with no
/// location.
static LogicalResult checkLaunchBounds(Operation *op) {
  // A gpu.launch's constant sizes become those attributes (as i32).
  if (auto launch = dyn_cast<gpu::LaunchOp>(op)) {
    gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
    gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
    StringRef names[] = {"grid x",  "grid y",  "grid z",
                         "block x", "block y", "block z"};
    Value sizes[] = {grid.x, grid.y, grid.z, block.x, block.y, block.z};
    for (auto [name, size] : llvm::zip_equal(names, sizes)) {
      std::optional<int64_t> value = getConstantIntValue(size);
      if (value && (*value <= 0 || *value > INT32_MAX))
        return op->emitError() << "convert-to-nvvm: " << name << " size "
                               << *value << " is not a positive 32-bit integer";
    }
  }
  for (StringRef name :
       {"known_block_size", "known_grid_size", "gpu.known_block_size",
        "gpu.known_grid_size", "nvvm.maxntid", "nvvm.reqntid"}) {
    auto sizes = op->getAttrOfType<DenseI32ArrayAttr>(name);
    if (!sizes ||
        llvm::all_of(sizes.asArrayRef(), [](int32_t size) { return size > 0; }))
      continue;
    return op->emitError() << "convert-to-nvvm: " << name << " ["
                           << sizes.asArrayRef()
                           << "] has a size that is not positive";
  }
  return success();
}

/// A `tensor.dim` or `memref.dim` whose dimension is a constant outside
/// the operand's rank: the verifiers reject only indices at or past the
/// rank, and upstream's folding reads the shape at a negative one.
static LogicalResult checkDimIndex(Operation *op, StringRef pipeline) {
  auto dim = dyn_cast<ShapedDimOpInterface>(op);
  if (!dim)
    return success();
  auto type = dyn_cast<ShapedType>(dim.getShapedValue().getType());
  std::optional<int64_t> index = getConstantIntValue(dim.getDimension());
  if (!type || !type.hasRank() || !index ||
      (*index >= 0 && *index < type.getRank()))
    return success();
  return op->emitError() << pipeline << ": dimension index " << *index
                         << " is out of range for " << type;
}

/// Reassociation indices must number the expanded type's dimensions in
/// order (0, 1, ..., rank - 1). The tensor reshapes' verifiers accept an
/// index of 2^32 + 1 for 1 (they compare 32-bit values), which
/// `expand-strided-metadata` then reads out of range and crashes on.
template <typename ReshapeOp>
static LogicalResult checkReassociation(ReshapeOp op, ShapedType expanded,
                                        StringRef pipeline) {
  int64_t next = 0;
  for (const ReassociationIndices &group : op.getReassociationIndices())
    for (int64_t dim : group)
      if (dim != next++)
        return op->emitError() << pipeline << ": reassociation index " << dim
                               << " where dimension " << next - 1 << " of "
                               << expanded << " was expected";
  return success();
}

/// A reshape the lowering would break on: reassociation indices out of
/// order or range, or (`tensor.expand_shape`) a static `output_shape` that
/// disagrees with the result type, which upstream's verifier accepts and
/// whose bufferized `memref.expand_shape` then fails its own (without
/// verification the LLVM lowering crashed).
static LogicalResult checkReshape(Operation *op, StringRef pipeline) {
  // (The memref reshapes' verifiers check contiguity in 64 bits.)
  if (auto collapse = dyn_cast<tensor::CollapseShapeOp>(op))
    return checkReassociation(collapse, collapse.getSrcType(), pipeline);
  auto expand = dyn_cast<tensor::ExpandShapeOp>(op);
  if (!expand ||
      failed(checkReassociation(expand, expand.getResultType(), pipeline)))
    return success(!expand);
  ArrayRef<int64_t> shape = expand.getResultType().getShape();
  ArrayRef<int64_t> given = expand.getStaticOutputShape();
  for (auto [dim, size] : llvm::enumerate(given)) {
    if (dim >= shape.size() || ShapedType::isDynamic(size) ||
        ShapedType::isDynamic(shape[dim]) || size == shape[dim])
      continue;
    return op->emitError() << pipeline << ": output_shape entry " << dim << " ("
                           << size << ") disagrees with the result "
                           << "type " << expand.getResultType();
  }
  return success();
}

static bool hasLinalgOp(Operation *op) {
  return op->walk([](linalg::LinalgOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

LogicalResult mlir::roller::checkPipelineInput(ModuleOp module,
                                               PipelineTarget target) {
  StringRef pipeline =
      target == PipelineTarget::CPU ? "roller-lower-to-cpu" : "convert-to-nvvm";
  bool accepted = true;
  // The first type of `types` in a memory space the pipeline rejects.
  auto rejectedType = [&](TypeRange types) -> Type {
    for (Type type : types)
      if (auto memref = dyn_cast<BaseMemRefType>(type))
        if (!isAcceptedMemorySpace(memref.getMemorySpace(), target))
          return type;
    return Type();
  };
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == module.getOperation())
      return WalkResult::advance();
    if (isa<ModuleOp>(op) && hasLinalgOp(op)) {
      op->emitError() << pipeline
                      << ": linalg ops in a nested module are not lowered "
                         "(only the outermost module's are)";
      accepted = false;
      return WalkResult::skip();
    }
    if (target == PipelineTarget::CPU &&
        isa_and_nonnull<gpu::GPUDialect>(op->getDialect())) {
      op->emitError() << pipeline << ": '" << op->getName()
                      << "' is GPU code, which the CPU oracle does not run "
                         "(its input is linalg ops, rPrograms and host code)";
      accepted = false;
      return WalkResult::skip();
    }
    if (target == PipelineTarget::GPU && isa<gpu::GPUFuncOp>(op) &&
        hasLinalgOp(op)) {
      op->emitError() << pipeline
                      << ": linalg ops inside an existing gpu.func are not "
                         "lowered (Roller makes its kernels from rPrograms)";
      accepted = false;
      return WalkResult::skip();
    }
    if (failed(checkDimIndex(op, pipeline)) ||
        failed(checkReshape(op, pipeline))) {
      accepted = false;
      return WalkResult::advance();
    }
    if (target == PipelineTarget::GPU && failed(checkLaunchBounds(op))) {
      accepted = false;
      return WalkResult::advance();
    }
    Type type = rejectedType(op->getResultTypes());
    if (!type)
      type = rejectedType(op->getOperandTypes());
    if (auto function = dyn_cast<FunctionOpInterface>(op)) {
      if (!type)
        type = rejectedType(function.getArgumentTypes());
      if (!type)
        type = rejectedType(function.getResultTypes());
    }
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (!type)
          type = rejectedType(block.getArgumentTypes());
    if (type) {
      op->emitError() << pipeline << ": memory space of " << type
                      << " is not supported (only the default one and "
                         "#gpu.address_space<workgroup>)";
      accepted = false;
      return WalkResult::advance();
    }
    if (auto alloc = dyn_cast<bufferization::AllocTensorOp>(op)) {
      std::optional<Attribute> space = alloc.getMemorySpace();
      if (space && !isAcceptedMemorySpace(*space, target)) {
        alloc.emitError() << pipeline << ": memory_space " << *space
                          << " is not supported (only the default one and "
                             "#gpu.address_space<workgroup>)";
        accepted = false;
      }
    }
    return WalkResult::advance();
  });
  return success(accepted);
}

namespace {
struct RollerCheckPipelineInputPass
    : public roller::impl::RollerCheckPipelineInputPassBase<
          RollerCheckPipelineInputPass> {
  using Base::Base;

  void runOnOperation() override {
    if (target != "cpu" && target != "gpu") {
      getOperation().emitError()
          << "roller-check-pipeline-input: unknown target '" << target
          << "' (expected cpu or gpu)";
      return signalPassFailure();
    }
    if (failed(checkPipelineInput(getOperation(), target == "cpu"
                                                      ? PipelineTarget::CPU
                                                      : PipelineTarget::GPU)))
      signalPassFailure();
    markAllAnalysesPreserved();
  }
};
} // namespace
