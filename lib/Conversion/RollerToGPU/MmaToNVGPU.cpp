//===- MmaToNVGPU.cpp - Warp-level contractions to ldmatrix + mma.sync ----===//
//
// `--roller-mma-to-nvgpu`: upstream's vector -> nvgpu conversion
// (`convertVectorToNVVMCompatibleMMASync`) on the outlined kernels that have
// the mma-shaped contractions `--roller-vectorize-mma` leaves, guarded
// against what trips it in LLVM 22 (scalar arith ops in the kernel), with
// the bf16 multiplication it lacks, TF32 ones on rounded inputs (upstream's
// lowering passes them unrounded) and the masked accumulators of boundary
// warp tiles it does not take.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/MmaToNVGPU.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"

#include "mlir/Conversion/VectorToGPU/VectorToGPU.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERMMATONVGPUPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

namespace {

/// Erases the vector ops left without uses (the conversion leaves the
/// contractions and reads it replaced in place).
static void eraseDeadVectorOps(RewriterBase &rewriter, Operation *root) {
  for (bool erased = true; erased;) {
    SmallVector<Operation *> dead;
    root->walk([&](Operation *op) {
      if (op != root && isOpTriviallyDead(op) &&
          llvm::any_of(op->getResultTypes(), llvm::IsaPred<VectorType>))
        dead.push_back(op);
    });
    for (Operation *op : llvm::reverse(dead))
      rewriter.eraseOp(op);
    erased = !dead.empty();
  }
}

/// Whether `contract` is one mma.sync as roller-vectorize-mma makes them:
/// m16n8k16 (loops m and n parallel, k a reduction; no batch loop) on f16
/// operands (bf16 ones are read through f16 views) into f32 or f16.
static LogicalResult checkMmaShape(vector::ContractionOp contract) {
  SmallVector<int64_t> bounds;
  contract.getIterationBounds(bounds);
  SmallVector<AffineMap> maps = contract.getIndexingMapsArray();
  SmallVector<vector::IteratorType> iterators =
      contract.getIteratorTypesArray();
  int64_t m = -1, n = -1, k = -1;
  bool other = bounds.size() != 3;
  for (auto [dim, bound] : llvm::enumerate(bounds)) {
    bool inLhs = maps[0].isFunctionOfDim(dim);
    bool inRhs = maps[1].isFunctionOfDim(dim);
    int64_t *slot = nullptr;
    if (iterators[dim] == vector::IteratorType::reduction)
      slot = inLhs && inRhs ? &k : nullptr;
    else if (inLhs != inRhs)
      slot = inLhs ? &m : &n;
    if (!slot || *slot != -1)
      other = true;
    else
      *slot = bound;
  }
  Type a = getElementTypeOrSelf(contract.getLhsType());
  Type b = getElementTypeOrSelf(contract.getRhsType());
  Type c = getElementTypeOrSelf(contract.getAccType());
  if (!other && m == 16 && n == 8 && k == 16 && a.isF16() && b.isF16() &&
      (c.isF32() || c.isF16()))
    return success();
  // TF32 (roller-vectorize-mma's tiles of f32 inputs).
  if (!other && m == 16 && n == 8 && k == 8 && a.isF32() && b.isF32() &&
      c.isF32())
    return success();
  InFlightDiagnostic diag = contract.emitError("contraction ");
  if (other)
    diag << "with loops other than m, n (parallel) and k (a reduction)";
  else
    diag << "m" << m << "n" << n << "k" << k;
  diag << " of " << a << " x " << b << " into " << c
       << " is not an mma.sync: roller-mma-to-nvgpu takes m16n8k16 "
          "contractions of f16 into f32 or f16 and m16n8k8 ones of f32 into "
          "f32 (TF32), as roller-vectorize-mma makes them";
  return failure();
}

/// Upstream's vector -> nvgpu conversion (LLVM 22) also starts from every
/// scalar op of the kinds it can apply to mma fragments (integer and float
/// add, sub, mul, div, min, max, neg, extf: index arithmetic included) and
/// then fails on it. Such ops in the kernel are rejected here with a clear
/// error (the GPU mapping computes indices with affine.apply).
static LogicalResult checkConvertibleKernel(Operation *kernel) {
  // The conversion unrolls each contraction into mma.sync tiles without a
  // bound (a 1024x1024 contraction ran for minutes and gigabytes): only
  // warp tiles of mma size, as roller-vectorize-mma makes them, go through.
  constexpr int64_t kMaxMmaOperandElements = 16 * 16;
  WalkResult tooLarge = kernel->walk([&](vector::ContractionOp contract) {
    for (Value operand : contract->getOperands()) {
      auto type = dyn_cast<VectorType>(operand.getType());
      if (!type || type.getNumElements() <= kMaxMmaOperandElements)
        continue;
      contract.emitError("contraction operand of type ")
          << type << " is larger than an mma.sync tile (at most "
          << kMaxMmaOperandElements
          << " elements): roller-vectorize-mma makes tiles of mma size";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (tooLarge.wasInterrupted())
    return failure();
  // The conversion makes one mma.sync of each contraction's own shape, so a
  // contraction of another shape (m16n13k16, say) became an mma.sync that
  // nothing verified and LLVM's translation crashed on.
  WalkResult badShape = kernel->walk([&](vector::ContractionOp contract) {
    return failed(checkMmaShape(contract)) ? WalkResult::interrupt()
                                           : WalkResult::advance();
  });
  if (badShape.wasInterrupted())
    return failure();
  WalkResult result = kernel->walk([&](Operation *op) {
    if (!isa<arith::AddFOp, arith::MulFOp, arith::SubFOp, arith::MaximumFOp,
             arith::MinimumFOp, arith::DivFOp, arith::AddIOp, arith::MulIOp,
             arith::SubIOp, arith::DivSIOp, arith::DivUIOp, arith::NegFOp,
             arith::ExtFOp>(op) ||
        llvm::any_of(op->getResultTypes(), llvm::IsaPred<VectorType>))
      return WalkResult::advance();
    op->emitError("scalar '")
        << op->getName()
        << "' in a tensor-core kernel: upstream's vector -> nvgpu conversion "
           "cannot skip it";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// Replaces `mma` with an `nvvm.mma.sync` of `type` inputs on the A and B
/// registers `a`, `b` (i32 each) and `mma`'s f32 accumulators.
static void replaceWithNvvmMma(RewriterBase &rewriter, nvgpu::MmaSyncOp mma,
                               ArrayRef<Value> a, ArrayRef<Value> b,
                               NVVM::MMATypes type) {
  Location loc = mma.getLoc();
  auto c = cast<VectorType>(mma.getMatrixC().getType());
  Type f32 = rewriter.getF32Type();
  SmallVector<Value> accs;
  for (int64_t r = 0; r < 2; ++r)
    for (int64_t e = 0; e < 2; ++e)
      accs.push_back(vector::ExtractOp::create(rewriter, loc, mma.getMatrixC(),
                                               ArrayRef<int64_t>{r, e}));
  auto resultType = LLVM::LLVMStructType::getLiteral(rewriter.getContext(),
                                                     SmallVector<Type>(4, f32));
  auto product = NVVM::MmaOp::create(
      rewriter, loc, resultType, a, b, accs, mma.getMmaShapeAsArray(),
      std::nullopt, std::nullopt, std::array<NVVM::MMATypes, 2>{type, type},
      std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                     NVVM::MMALayout::col});
  SmallVector<Value> elements;
  for (int64_t i = 0; i < 4; ++i)
    elements.push_back(LLVM::ExtractValueOp::create(rewriter, loc, product, i));
  rewriter.replaceOpWithNewOp<vector::FromElementsOp>(mma, c, elements);
}

/// Replaces an f16 m16n8k16 `nvgpu.mma.sync` (whose fragments hold bf16
/// bits) with `nvvm.mma.sync` on bf16: the A and B registers as the i32
/// pairs the instruction takes, the f32 accumulators as they are.
static LogicalResult rewriteAsBf16(RewriterBase &rewriter,
                                   nvgpu::MmaSyncOp mma) {
  std::array<int64_t, 3> shape = mma.getMmaShapeAsArray();
  auto a = cast<VectorType>(mma.getMatrixA().getType());
  auto b = cast<VectorType>(mma.getMatrixB().getType());
  auto c = cast<VectorType>(mma.getMatrixC().getType());
  if (ArrayRef<int64_t>(shape) != ArrayRef<int64_t>{16, 8, 16} ||
      !a.getElementType().isF16() || !c.getElementType().isF32() ||
      a.getShape() != ArrayRef<int64_t>{4, 2} ||
      b.getShape() != ArrayRef<int64_t>{2, 2} ||
      c.getShape() != ArrayRef<int64_t>{2, 2})
    return mma.emitError("unexpected fragments for a bf16 m16n8k16 mma.sync");
  Location loc = mma.getLoc();
  rewriter.setInsertionPoint(mma);
  Type i32 = rewriter.getI32Type();
  // Each row of a 16-bit fragment is one 32-bit register.
  auto registers = [&](Value fragment, int64_t rows) {
    SmallVector<Value> regs;
    for (int64_t r = 0; r < rows; ++r) {
      Value pair = vector::ExtractOp::create(rewriter, loc, fragment, r);
      Value word = vector::BitCastOp::create(rewriter, loc,
                                             VectorType::get({1}, i32), pair);
      regs.push_back(vector::ExtractOp::create(rewriter, loc, word, 0));
    }
    return regs;
  };
  replaceWithNvvmMma(rewriter, mma, registers(mma.getMatrixA(), 4),
                     registers(mma.getMatrixB(), 2), NVVM::MMATypes::bf16);
  return success();
}

/// Replaces an f32 m16n8k8 `nvgpu.mma.sync` with `nvvm.mma.sync` on tf32,
/// each A and B element rounded to TF32 first (`cvt.rna.tf32.f32`):
/// upstream's lowering passes the f32 bits as they are, whose low 13
/// mantissa bits the tensor core drops, a truncation with twice the error.
/// An f32 mma.sync of another shape (m16n8k4) is none roller-vectorize-mma
/// made: it is left to upstream's lowering.
static void rewriteAsTf32(RewriterBase &rewriter, nvgpu::MmaSyncOp mma) {
  auto a = cast<VectorType>(mma.getMatrixA().getType());
  auto b = cast<VectorType>(mma.getMatrixB().getType());
  if (ArrayRef<int64_t>(mma.getMmaShapeAsArray()) !=
          ArrayRef<int64_t>{16, 8, 8} ||
      a.getShape() != ArrayRef<int64_t>{4, 1} ||
      b.getShape() != ArrayRef<int64_t>{2, 1})
    return;
  Location loc = mma.getLoc();
  rewriter.setInsertionPoint(mma);
  auto registers = [&](Value fragment, int64_t rows) {
    SmallVector<Value> regs;
    for (int64_t r = 0; r < rows; ++r) {
      Value element = vector::ExtractOp::create(rewriter, loc, fragment,
                                                ArrayRef<int64_t>{r, 0});
      regs.push_back(NVVM::ConvertFloatToTF32Op::create(
          rewriter, loc, rewriter.getI32Type(), element,
          NVVM::FPRoundingMode::RNA, NVVM::SaturationMode::NONE,
          /*relu=*/false));
    }
    return regs;
  };
  replaceWithNvvmMma(rewriter, mma, registers(mma.getMatrixA(), 4),
                     registers(mma.getMatrixB(), 2), NVVM::MMATypes::tf32);
}

/// Upstream's conversion (LLVM 22) loads a k-major A operand (stored k x m)
/// with `ldmatrix.x4.trans` at the addresses of an m-major one: lane l
/// points at row k = l mod 16, column m = (l / 16) * 8, so the four 8x8
/// matrices come out as (m 0-7, k 0-7), (m 0-7, k 8-15), (m 8-15, k 0-7),
/// (m 8-15, k 8-15), while mma.sync's A fragment takes (m 0-7, k 0-7),
/// (m 8-15, k 0-7), (m 0-7, k 8-15), (m 8-15, k 8-15) (PTX ISA, "Matrix
/// Fragments for mma.m16n8k16"): every such product was wrong. Swapping the
/// middle two registers of the loaded fragment puts them in mma order.
static void reorderTransposedMatrixA(RewriterBase &rewriter,
                                     Operation *kernel) {
  SmallVector<nvgpu::LdMatrixOp> loads;
  kernel->walk([&](nvgpu::LdMatrixOp load) {
    auto type = dyn_cast<VectorType>(load.getRes().getType());
    if (load.getTranspose() && load.getNumTiles() == 4 && type &&
        type.getShape() == ArrayRef<int64_t>{4, 2} &&
        llvm::all_of(load->getUses(), [](OpOperand &use) {
          auto mma = dyn_cast<nvgpu::MmaSyncOp>(use.getOwner());
          return mma && use.get() == mma.getMatrixA();
        }))
      loads.push_back(load);
  });
  for (nvgpu::LdMatrixOp load : loads) {
    rewriter.setInsertionPointAfter(load);
    Value reordered =
        vector::ShuffleOp::create(rewriter, load.getLoc(), load.getRes(),
                                  load.getRes(), ArrayRef<int64_t>{0, 2, 1, 3});
    rewriter.replaceAllUsesExcept(load.getRes(), reordered,
                                  reordered.getDefiningOp());
  }
}

/// The bodies of the linalg ops still in a kernel (copies, fills, a fused
/// epilogue's scalar arithmetic), set aside while upstream's conversion runs:
/// it would start from their scalar ops and fail, and it has nothing to do
/// with them. Each op keeps a stub body meanwhile (the same arguments,
/// yielding its outputs' values), so that it stays valid for the queries
/// (memory effects) the conversion's rewrites make.
class StashedLinalgBodies {
public:
  explicit StashedLinalgBodies(Operation *root) {
    root->walk([&](linalg::LinalgOp op) {
      Region &region = op->getRegion(0);
      Block &original = region.front();
      unsigned numYielded = original.getTerminator()->getNumOperands();
      auto body = std::make_unique<Region>();
      body->takeBody(region);
      Block *stub = new Block();
      for (BlockArgument arg : original.getArguments())
        stub->addArgument(arg.getType(), arg.getLoc());
      region.push_back(stub);
      OpBuilder builder = OpBuilder::atBlockEnd(stub);
      linalg::YieldOp::create(builder, op.getLoc(),
                              stub->getArguments().take_back(numYielded));
      stashed.emplace_back(op, std::move(body));
    });
  }
  ~StashedLinalgBodies() {
    for (auto &[op, body] : stashed)
      op->getRegion(0).takeBody(*body);
  }

private:
  SmallVector<std::pair<Operation *, std::unique_ptr<Region>>> stashed;
};

/// The accumulator tiles of boundary warp tiles: `--roller-vectorize-mma`
/// reads and writes them out of bounds (masked at the edge of a view of
/// dynamic size), which upstream's conversion does not take. They are
/// marked in bounds while it runs, and each lane's access it makes of such
/// a view is then guarded element by element (`guardAccesses`).
class MaskedAccumulators {
public:
  MaskedAccumulators(RewriterBase &rewriter, Operation *kernel)
      : rewriter(rewriter), kernel(kernel) {
    kernel->walk([&](Operation *op) {
      auto transfer = dyn_cast<VectorTransferOpInterface>(op);
      if (!transfer || !transfer.hasOutOfBoundsDim() ||
          transfer.getVectorType().getRank() != 2 ||
          !isa<MemRefType>(transfer.getBase().getType()))
        return;
      SmallVector<bool> inBounds(transfer.getVectorType().getRank(), true);
      rewriter.modifyOpInPlace(op, [&] {
        op->setAttr(transfer.getInBoundsAttrName(),
                    rewriter.getBoolArrayAttr(inBounds));
        op->setAttr(kMarker, rewriter.getUnitAttr());
      });
    });
  }

  /// Records the views the marked transfers access, and their users then.
  /// Called after the preparation patterns, before the conversion: folding
  /// may have replaced a view (a `memref.cast` to dynamic sizes folds into
  /// its transfers), and only the conversion's new accesses are guarded.
  void collectViews() {
    kernel->walk([&](Operation *op) {
      if (!op->hasAttr(kMarker))
        return;
      Value view = cast<VectorTransferOpInterface>(op).getBase();
      if (views.insert(view))
        for (Operation *user : view.getUsers())
          usersBefore.insert(user);
    });
  }

  /// Guards the accesses the conversion made of the views, and gives the
  /// transfers it did not convert their out-of-bounds dimensions back.
  void guardAccesses() {
    kernel->walk([&](Operation *op) {
      if (!op->hasAttr(kMarker))
        return;
      auto transfer = cast<VectorTransferOpInterface>(op);
      SmallVector<bool> inBounds(transfer.getVectorType().getRank(), false);
      rewriter.modifyOpInPlace(op, [&] {
        op->setAttr(transfer.getInBoundsAttrName(),
                    rewriter.getBoolArrayAttr(inBounds));
        op->removeAttr(kMarker);
      });
    });
    for (Value view : views)
      for (Operation *user : llvm::to_vector(view.getUsers()))
        if (!usersBefore.contains(user) &&
            isa<vector::LoadOp, vector::StoreOp, memref::LoadOp,
                memref::StoreOp>(user))
          guard(user, view);
  }

private:
  static constexpr llvm::StringLiteral kMarker = "roller.masked_accumulator";

  /// Replaces the load or store `op` of `view` (a scalar or a 1-D vector
  /// along the innermost dimension) by one access per element, each under
  /// an `scf.if` on its indices being inside the view; a masked-off load
  /// element is zero.
  void guard(Operation *op, Value view) {
    Location loc = op->getLoc();
    rewriter.setInsertionPoint(op);
    auto type = cast<MemRefType>(view.getType());
    SmallVector<Value> indices;
    Value stored;
    Type result;
    if (auto load = dyn_cast<vector::LoadOp>(op)) {
      indices = llvm::to_vector(load.getIndices());
      result = load.getVectorType();
    } else if (auto load = dyn_cast<memref::LoadOp>(op)) {
      indices = llvm::to_vector(load.getIndices());
      result = load.getType();
    } else if (auto store = dyn_cast<vector::StoreOp>(op)) {
      indices = llvm::to_vector(store.getIndices());
      stored = store.getValueToStore();
    } else {
      auto scalarStore = cast<memref::StoreOp>(op);
      indices = llvm::to_vector(scalarStore.getIndices());
      stored = scalarStore.getValueToStore();
    }
    Type accessType = stored ? stored.getType() : result;
    auto vectorType = dyn_cast<VectorType>(accessType);
    int64_t width = vectorType ? vectorType.getNumElements() : 1;
    Type element = getElementTypeOrSelf(accessType);

    // Rows (all dimensions but the innermost) in range once per access.
    Value rowsInside;
    for (int64_t d = 0; d + 1 < type.getRank(); ++d) {
      Value extent = memref::DimOp::create(rewriter, loc, view, d).getResult();
      Value inside = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ult, indices[d], extent);
      if (rowsInside)
        inside = arith::AndIOp::create(rewriter, loc, rowsInside, inside);
      rowsInside = inside;
    }
    Value columns =
        memref::DimOp::create(rewriter, loc, view, type.getRank() - 1)
            .getResult();
    SmallVector<Value> elements;
    for (int64_t e = 0; e < width; ++e) {
      SmallVector<Value> at = indices;
      Value offset = arith::ConstantIndexOp::create(rewriter, loc, e);
      at.back() = arith::AddIOp::create(rewriter, loc, indices.back(), offset);
      Value inside = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ult, at.back(), columns);
      if (rowsInside)
        inside = arith::AndIOp::create(rewriter, loc, rowsInside, inside);
      if (stored) {
        auto ifOp = scf::IfOp::create(rewriter, loc, inside);
        OpBuilder::InsertionGuard g(rewriter);
        rewriter.setInsertionPointToStart(ifOp.thenBlock());
        Value value = vectorType
                          ? vector::ExtractOp::create(rewriter, loc, stored, e)
                                .getResult()
                          : stored;
        memref::StoreOp::create(rewriter, loc, value, view, at);
        continue;
      }
      auto ifOp = scf::IfOp::create(rewriter, loc, element, inside,
                                    /*withElseRegion=*/true);
      {
        OpBuilder::InsertionGuard g(rewriter);
        rewriter.setInsertionPointToStart(ifOp.thenBlock());
        Value value = memref::LoadOp::create(rewriter, loc, view, at);
        scf::YieldOp::create(rewriter, loc, value);
        rewriter.setInsertionPointToStart(ifOp.elseBlock());
        Value zero = arith::ConstantOp::create(rewriter, loc, element,
                                               rewriter.getZeroAttr(element));
        scf::YieldOp::create(rewriter, loc, zero);
      }
      elements.push_back(ifOp.getResult(0));
    }
    if (stored) {
      rewriter.eraseOp(op);
      return;
    }
    Value loaded = vectorType ? vector::FromElementsOp::create(
                                    rewriter, loc, vectorType, elements)
                                    .getResult()
                              : elements.front();
    rewriter.replaceOp(op, loaded);
  }

  RewriterBase &rewriter;
  Operation *kernel;
  llvm::SetVector<Value> views;
  llvm::DenseSet<Operation *> usersBefore;
};

} // namespace

LogicalResult mlir::roller::convertMmaToNVGPU(RewriterBase &rewriter,
                                              gpu::GPUFuncOp kernel) {
  bool hasContraction = false;
  kernel.walk([&](vector::ContractionOp) {
    hasContraction = true;
    return WalkResult::interrupt();
  });
  if (!hasContraction)
    return success();
  StashedLinalgBodies stashed(kernel);
  if (failed(checkConvertibleKernel(kernel)))
    return failure();
  MaskedAccumulators masked(rewriter, kernel);
  bool bf16 = false;
  kernel.walk([&](vector::ContractionOp contract) {
    bf16 |= contract->hasAttr(RollerDialect::kBf16MmaAttrName);
  });
  RewritePatternSet patterns(kernel.getContext());
  populatePrepareVectorToMMAPatterns(patterns, /*useNvGpu=*/true);
  // Non-convergence leaves valid IR; a contraction the conversion then
  // cannot take is reported below.
  // No region simplification: its dead-code elimination would not see the
  // uses in the stashed bodies.
  GreedyRewriteConfig config;
  config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  (void)applyPatternsGreedily(kernel, std::move(patterns), config);
  masked.collectViews();
  // The conversion rewrites in place and leaves the replaced ops (dead).
  if (failed(convertVectorToNVVMCompatibleMMASync(rewriter, kernel)))
    return failure();
  eraseDeadVectorOps(rewriter, kernel);
  masked.guardAccesses();
  reorderTransposedMatrixA(rewriter, kernel);
  SmallVector<nvgpu::MmaSyncOp> mmas;
  kernel.walk([&](nvgpu::MmaSyncOp mma) { mmas.push_back(mma); });
  for (nvgpu::MmaSyncOp mma : mmas) {
    bool tf32 =
        cast<VectorType>(mma.getMatrixA().getType()).getElementType().isF32();
    if (tf32)
      rewriteAsTf32(rewriter, mma);
    if (bf16 && failed(rewriteAsBf16(rewriter, mma)))
      return failure();
  }
  WalkResult left = kernel.walk([&](vector::ContractionOp contract) {
    contract.emitError("could not convert this contraction to "
                       "nvgpu.mma.sync");
    return WalkResult::interrupt();
  });
  return failure(left.wasInterrupted());
}

namespace {
struct RollerMmaToNVGPUPass
    : public roller::impl::RollerMmaToNVGPUPassBase<RollerMmaToNVGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    for (auto kernel : getOperation().getOps<gpu::GPUFuncOp>())
      if (failed(convertMmaToNVGPU(rewriter, kernel)))
        return signalPassFailure();
  }
};

} // namespace
