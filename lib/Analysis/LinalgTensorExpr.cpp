//===- LinalgTensorExpr.cpp - TensorExpr from a linalg op -----------------===//
//
// Reads a TensorExpr off the LinalgOp interface only (indexing maps, iterator
// types, static loop ranges, the DPS operands and the scalar body), so named
// ops, linalg.generic, linalg.map/reduce/transpose/broadcast and linalg.fill
// all go through one path. Everything the expression cannot represent
// (dynamic shapes, non-linear maps, non-arithmetic bodies, layouts that are
// not row-major) is refused with a reason rather than approximated, because
// a wrong expression would make the model rank tiles by traffic that never
// happens.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/LinalgTensorExpr.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::roller;

namespace {

template <typename T> std::string printed(T value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  value.print(os);
  return text;
}

llvm::Error reject(const llvm::Twine &reason) {
  return llvm::createStringError(reason);
}

//===----------------------------------------------------------------------===//
// Indexing maps
//===----------------------------------------------------------------------===//

/// `expr` as sum_d coeffs[d] * d + constant, or nullopt when it is not linear
/// in the dims (mod, floordiv, ceildiv, symbols, products of dims) or a
/// coefficient overflows.
std::optional<AffineIndex> linearize(AffineExpr expr, unsigned numDims) {
  AffineIndex result;
  result.coeffs.assign(numDims, 0);
  switch (expr.getKind()) {
  case AffineExprKind::DimId: {
    unsigned pos = cast<AffineDimExpr>(expr).getPosition();
    if (pos >= numDims)
      return std::nullopt;
    result.coeffs[pos] = 1;
    return result;
  }
  case AffineExprKind::Constant:
    result.constant = cast<AffineConstantExpr>(expr).getValue();
    return result;
  case AffineExprKind::Add: {
    auto bin = cast<AffineBinaryOpExpr>(expr);
    std::optional<AffineIndex> lhs = linearize(bin.getLHS(), numDims);
    std::optional<AffineIndex> rhs = linearize(bin.getRHS(), numDims);
    if (!lhs || !rhs)
      return std::nullopt;
    for (unsigned d = 0; d < numDims; ++d) {
      std::optional<int64_t> sum =
          llvm::checkedAdd(lhs->coeffs[d], rhs->coeffs[d]);
      if (!sum)
        return std::nullopt;
      result.coeffs[d] = *sum;
    }
    std::optional<int64_t> constant =
        llvm::checkedAdd(lhs->constant, rhs->constant);
    if (!constant)
      return std::nullopt;
    result.constant = *constant;
    return result;
  }
  case AffineExprKind::Mul: {
    auto bin = cast<AffineBinaryOpExpr>(expr);
    std::optional<AffineIndex> lhs = linearize(bin.getLHS(), numDims);
    std::optional<AffineIndex> rhs = linearize(bin.getRHS(), numDims);
    if (!lhs || !rhs)
      return std::nullopt;
    auto isConstant = [](const AffineIndex &index) {
      return llvm::all_of(index.coeffs, [](int64_t c) { return c == 0; });
    };
    if (!isConstant(*lhs) && !isConstant(*rhs))
      return std::nullopt;
    if (!isConstant(*lhs))
      std::swap(lhs, rhs);
    int64_t factor = lhs->constant;
    for (unsigned d = 0; d < numDims; ++d) {
      std::optional<int64_t> product = llvm::checkedMul(rhs->coeffs[d], factor);
      if (!product)
        return std::nullopt;
      result.coeffs[d] = *product;
    }
    std::optional<int64_t> constant = llvm::checkedMul(rhs->constant, factor);
    if (!constant)
      return std::nullopt;
    result.constant = *constant;
    return result;
  }
  default:
    return std::nullopt;
  }
}

//===----------------------------------------------------------------------===//
// Operands
//===----------------------------------------------------------------------===//

/// Whether a memref's layout is the row-major one of its shape (any offset):
/// the expression assumes the last dimension is the contiguous one.
bool isRowMajor(MemRefType type) {
  if (type.getLayout().isIdentity())
    return true;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  int64_t expected = 1;
  for (int64_t d = type.getRank() - 1; d >= 0; --d) {
    // A unit dimension's stride is never used to address anything.
    if (type.getDimSize(d) != 1 && strides[d] != expected)
      return false;
    expected *= type.getDimSize(d);
  }
  return true;
}

/// The access for one operand, or the reason it has none.
llvm::Expected<TensorAccess> makeAccess(linalg::LinalgOp op, OpOperand &operand,
                                        AffineMap map, unsigned mapNumber,
                                        std::string name) {
  unsigned number = operand.getOperandNumber();
  std::string where = "operand #" + std::to_string(number);
  Type type = operand.get().getType();
  TensorAccess access;
  access.name = std::move(name);
  Type elementType = type;
  if (auto shaped = dyn_cast<ShapedType>(type)) {
    if (!isa<RankedTensorType, MemRefType>(type))
      return reject(where + " is not a ranked tensor or memref (" +
                    printed(type) + ")");
    if (!shaped.hasStaticShape())
      return reject("dynamic shape in " + where + " (" + printed(type) + ")");
    if (llvm::is_contained(shaped.getShape(), 0))
      return reject("zero-size dimension in " + where + " (" + printed(type) +
                    ")");
    // An encoding (sparse, packed) changes how elements are stored.
    if (auto tensor = dyn_cast<RankedTensorType>(type);
        tensor && tensor.getEncoding())
      return reject(where + " has a tensor encoding (" + printed(type) + ")");
    if (auto memref = dyn_cast<MemRefType>(type); memref && !isRowMajor(memref))
      return reject(where + " has a layout that is not row-major (" +
                    printed(type) + ")");
    // Checked before any analysis multiplies sizes (see kMaxElements).
    if (std::optional<std::string> why =
            whyShapeOutsideLimits(shaped.getShape()))
      return reject(where + " has " + *why + " (" + printed(type) + ")");
    access.shape.assign(shaped.getShape().begin(), shaped.getShape().end());
    elementType = shaped.getElementType();
  }
  // Anything else is a scalar (linalg.fill's value): a rank-0 access.
  if (!isa<IntegerType, FloatType>(elementType))
    return reject("element type of " + where + " is not an integer or float (" +
                  printed(elementType) + ")");
  access.elementType = printed(elementType);
  access.elementBytes = std::max<int64_t>(
      1, (int64_t(elementType.getIntOrFloatBitWidth()) + 7) / 8);
  access.isRead = op.payloadUsesValueFromOperand(&operand);

  std::string mapWhere = "indexing map #" + std::to_string(mapNumber);
  if (map.getNumSymbols() != 0)
    return reject(mapWhere + " has symbols: " + printed(map));
  if (map.getNumDims() != op.getNumLoops())
    return reject(mapWhere + " has " + std::to_string(map.getNumDims()) +
                  " dims for " + std::to_string(op.getNumLoops()) + " loops");
  if (map.getNumResults() != access.shape.size())
    return reject(mapWhere + " has " + std::to_string(map.getNumResults()) +
                  " results for rank " + std::to_string(access.shape.size()) +
                  " of " + where);
  for (AffineExpr result : map.getResults()) {
    std::optional<AffineIndex> index = linearize(result, map.getNumDims());
    if (!index)
      return reject(mapWhere + " is not affine-linear: (" + printed(result) +
                    ")");
    access.indices.push_back(std::move(*index));
  }
  return access;
}

//===----------------------------------------------------------------------===//
// Body
//===----------------------------------------------------------------------===//

/// Arithmetic operations of one body op: conversions, comparisons, selects
/// and constants move or pick values and count 0; an FMA counts 2.
int64_t opCost(Operation &op) {
  if (isa<CastOpInterface, arith::ConstantOp, arith::SelectOp, arith::CmpIOp,
          arith::CmpFOp>(op))
    return 0;
  if (isa<math::FmaOp>(op))
    return 2;
  return 1;
}

/// Operations per point of the body, or the reason the body is not a scalar
/// arithmetic function of its arguments (an op reading memory, a call or a
/// nested region hides work and traffic the expression cannot see).
llvm::Expected<int64_t> countBodyOps(linalg::LinalgOp op) {
  Block *body = op.getBlock();
  if (!body)
    return reject("the op has no body");
  int64_t ops = 0;
  for (Operation &inner : body->getOperations()) {
    if (isa<linalg::YieldOp, linalg::IndexOp>(inner))
      continue;
    // An indirect read (makeIndirectReads): it moves a value, no arithmetic.
    if (isa<tensor::ExtractOp>(inner))
      continue;
    // A check of the body's values (torch-mlir's index bounds of an
    // embedding): the comparison it tests is counted already.
    if (isa<cf::AssertOp>(inner))
      continue;
    // Index arithmetic: upstream's elementwise fusion maps a producer's
    // linalg.index through the consumer's loops with affine.apply.
    if (isa<affine::AffineApplyOp>(inner)) {
      ops += 1;
      continue;
    }
    if (inner.getNumRegions() != 0 ||
        !isa<arith::ArithDialect, math::MathDialect>(inner.getDialect()))
      return reject("body op '" + inner.getName().getStringRef() +
                    "' is not scalar arithmetic");
    ops += opCost(inner);
  }
  return std::max<int64_t>(ops, 1);
}

/// One IndirectRead per `tensor.extract` in the body of `op`, or the reason
/// one cannot be modelled: its source must be a statically shaped tensor
/// of integers or floats defined outside the op.
llvm::Expected<std::vector<IndirectRead>>
makeIndirectReads(linalg::LinalgOp op) {
  std::vector<IndirectRead> reads;
  Block *body = op.getBlock();
  if (!body)
    return reads;
  for (Operation &inner : body->getOperations()) {
    auto extract = dyn_cast<tensor::ExtractOp>(inner);
    if (!extract)
      continue;
    Value source = extract.getTensor();
    if (op->isAncestor(source.getParentBlock()->getParentOp()))
      return reject("body op 'tensor.extract' reads a tensor made inside "
                    "the op");
    auto type = cast<RankedTensorType>(source.getType());
    if (!type.hasStaticShape() || type.getEncoding())
      return reject("body op 'tensor.extract' reads " + printed(type) +
                    " (an indirect read needs a static shape and no "
                    "encoding)");
    Type element = type.getElementType();
    if (!isa<IntegerType, FloatType>(element))
      return reject("body op 'tensor.extract' reads elements of type " +
                    printed(element));
    IndirectRead read;
    read.name = "indirect" + std::to_string(reads.size());
    read.elementType = printed(element);
    read.elementBytes = std::max<int64_t>(
        1, (int64_t(element.getIntOrFloatBitWidth()) + 7) / 8);
    reads.push_back(std::move(read));
  }
  return reads;
}

/// Whether every output of `op` is reduced by one combining op that has a
/// neutral element (sums, products, min/max, and/or/xor), so that threads
/// may each reduce part of it and combine their partial results (upstream
/// partial-reduction tiling needs the same); not an argmax, whose index
/// follows the maximum.
static bool hasSplittableReduction(linalg::LinalgOp op) {
  if (op.getNumReductionLoops() == 0)
    return false;
  for (unsigned output = 0; output < op.getNumDpsInits(); ++output) {
    SmallVector<Operation *> combiners;
    if (!matchReduction(op.getRegionOutputArgs(), output, combiners) ||
        combiners.size() != 1 || !arith::getNeutralElement(combiners.front()))
      return false;
  }
  return true;
}

/// "f16", "bf16" or "tf32" (getTensorCoreInputType) when the body is acc +
/// a * b (each of a, b the block argument of input 0 or 1, optionally
/// through arith.extf): tensor cores can run exactly that.
std::string mmaInputTypeOf(linalg::LinalgOp op) {
  if (op.getNumReductionLoops() == 0 || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1)
    return "";
  Type aType = getElementTypeOrSelf(op.getDpsInputOperand(0)->get().getType());
  Type bType = getElementTypeOrSelf(op.getDpsInputOperand(1)->get().getType());
  Type accType = getElementTypeOrSelf(op.getDpsInitOperand(0)->get().getType());
  if (aType != bType || !isSumOfProducts(op))
    return "";
  return getTensorCoreInputType(op, aType, accType);
}

} // namespace

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

std::string mlir::roller::describeLinalgOp(linalg::LinalgOp op) {
  return op->getName().getStringRef().str();
}

llvm::Expected<TensorExpr>
mlir::roller::tensorExprFromLinalg(linalg::LinalgOp op) {
  TensorExpr expr;
  expr.opName = describeLinalgOp(op);
  unsigned numLoops = op.getNumLoops();

  // Operands first: their checks (static shapes, linear maps) are what make
  // the loop ranges below computable.
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  if (maps.size() != size_t(op.getNumDpsInputs() + op.getNumDpsInits()))
    return reject("the op has " + std::to_string(maps.size()) +
                  " indexing maps for " +
                  std::to_string(op.getNumDpsInputs() + op.getNumDpsInits()) +
                  " operands");
  unsigned mapNumber = 0;
  for (OpOperand *operand : op.getDpsInputOperands()) {
    llvm::Expected<TensorAccess> access =
        makeAccess(op, *operand, maps[mapNumber], mapNumber,
                   "in" + std::to_string(expr.inputs.size()));
    if (!access)
      return access.takeError();
    expr.inputs.push_back(std::move(*access));
    ++mapNumber;
  }
  for (OpOperand &operand : op.getDpsInitsMutable()) {
    llvm::Expected<TensorAccess> access =
        makeAccess(op, operand, maps[mapNumber], mapNumber,
                   "out" + std::to_string(expr.outputs.size()));
    if (!access)
      return access.takeError();
    expr.outputs.push_back(std::move(*access));
    ++mapNumber;
  }

  // getStaticLoopRanges inverts the maps through their plain-dim results;
  // without one for every loop the inversion does not exist (and asserts).
  llvm::SmallBitVector determined(numLoops);
  for (AffineMap map : maps)
    for (AffineExpr result : map.getResults())
      if (auto dim = dyn_cast<AffineDimExpr>(result))
        determined.set(dim.getPosition());
  if (!determined.all())
    return reject("loop d" + std::to_string(determined.find_first_unset()) +
                  " is not a plain index of any operand, so its extent is "
                  "unknown");
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (ranges.size() != numLoops || iterators.size() != numLoops)
    return reject("the loop ranges of the op could not be computed");
  int64_t points = 1;
  for (unsigned d = 0; d < numLoops; ++d) {
    if (ShapedType::isDynamic(ranges[d]))
      return reject("loop d" + std::to_string(d) + " has a dynamic extent");
    if (ranges[d] > kMaxExtent)
      return reject("loop d" + std::to_string(d) + " has an extent of " +
                    std::to_string(ranges[d]) + ", above the limit of " +
                    std::to_string(kMaxExtent));
    std::optional<int64_t> product = llvm::checkedMul(points, ranges[d]);
    points = product.value_or(kMaxElements + 1);
    if (points > kMaxElements)
      return reject("the iteration space has more than 2^48 points");
    expr.axes.push_back({"d" + std::to_string(d), ranges[d],
                         iterators[d] == utils::IteratorType::reduction
                             ? AxisKind::Reduction
                             : AxisKind::Spatial});
  }

  // An output is written once per parallel point, at an index each of whose
  // dimensions is a parallel loop or a unit dimension a reduction keeps (the
  // roller.compute verifier's rule): `(d0 * 2^40, d1)` is a valid linalg map
  // on a 1 x N output, but no tile of it steps with d0.
  for (unsigned number = op.getNumDpsInputs(); number < maps.size(); ++number)
    for (AffineExpr result : maps[number].getResults()) {
      if (auto constant = dyn_cast<AffineConstantExpr>(result);
          constant && constant.getValue() == 0)
        continue;
      auto dim = dyn_cast<AffineDimExpr>(result);
      if (!dim || iterators[dim.getPosition()] != utils::IteratorType::parallel)
        return reject("indexing map #" + std::to_string(number) + " (" +
                      printed(maps[number]) +
                      ") of an output indexes it by something other than a "
                      "parallel loop or a kept unit dimension (0)");
    }

  // The rProgram lowering spreads output tiles over blocks and threads; a
  // reduction to a single value has none to spread until it has a parallel
  // loop (roller-add-unit-parallel-loop, which roller-tile runs).
  if (!expr.axes.empty() && llvm::none_of(expr.axes, [](const Axis &axis) {
        return axis.kind == AxisKind::Spatial;
      }))
    return reject("a full reduction (no parallel loop): its single output "
                  "element cannot be spread over blocks and threads "
                  "(roller-add-unit-parallel-loop, which --roller-tile runs, "
                  "gives it a parallel loop of extent 1)");

  llvm::Expected<int64_t> ops = countBodyOps(op);
  if (!ops)
    return ops.takeError();
  expr.opsPerPoint = double(*ops);
  llvm::Expected<std::vector<IndirectRead>> reads = makeIndirectReads(op);
  if (!reads)
    return reads.takeError();
  expr.indirectReads = std::move(*reads);
  if (!expr.outputs.empty())
    expr.computeType = expr.outputs.front().elementType;
  expr.mmaInputType = mmaInputTypeOf(op);
  expr.splittableReduction = hasSplittableReduction(op);

  if (std::optional<std::string> reason = expr.validate())
    return reject("invalid tensor expression: " + *reason);
  return expr;
}

bool mlir::roller::isSumOfProducts(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1)
    return false;
  Block *body = op.getBlock();
  auto yield =
      dyn_cast_or_null<linalg::YieldOp>(body ? body->getTerminator() : nullptr);
  if (!yield || yield.getNumOperands() != 1)
    return false;
  auto add = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add)
    return false;
  Value acc = op.getRegionOutputArgs()[0];
  Value product = add.getLhs() == acc   ? add.getRhs()
                  : add.getRhs() == acc ? add.getLhs()
                                        : Value();
  auto mul = product ? product.getDefiningOp<arith::MulFOp>() : nullptr;
  if (!mul)
    return false;
  auto stripExt = [](Value v) {
    if (auto ext = v.getDefiningOp<arith::ExtFOp>())
      return ext.getIn();
    return v;
  };
  Value x = stripExt(mul.getLhs()), y = stripExt(mul.getRhs());
  Block::BlockArgListType inputs = op.getRegionInputArgs();
  return (x == inputs[0] && y == inputs[1]) ||
         (x == inputs[1] && y == inputs[0]);
}

bool mlir::roller::allowsTf32(Operation *op) {
  for (; op; op = op->getParentOp())
    if (op->hasAttr(kAllowTf32AttrName))
      return true;
  return false;
}

std::string mlir::roller::getTensorCoreInputType(Operation *op, Type element,
                                                 Type sum) {
  if (element.isF16() && (sum.isF16() || sum.isF32()))
    return "f16";
  if (element.isBF16() && sum.isF32())
    return "bf16";
  // TF32 sums in f32 only (mma.sync .f32.tf32.tf32.f32).
  if (element.isF32() && sum.isF32() && allowsTf32(op))
    return "tf32";
  return "";
}
