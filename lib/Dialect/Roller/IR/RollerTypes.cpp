//===- RollerTypes.cpp - Types of the roller dialect ----------------------===//

#include "Roller/Dialect/Roller/IR/RollerTypes.h"
#include "Roller/Analysis/Limits.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::roller;

#define GET_TYPEDEF_CLASSES
#include "Roller/Dialect/Roller/IR/RollerTypes.cpp.inc"

void RollerDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "Roller/Dialect/Roller/IR/RollerTypes.cpp.inc"
      >();
}

// Syntax: `<` dims `x` element-type `,` level (`,` `padding` `=` int)? `>`.
Type TileType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseComma())
    return {};
  FailureOr<MemoryLevel> level = FieldParser<MemoryLevel>::parse(parser);
  if (failed(level))
    return {};
  int64_t padding = 0;
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("padding") || parser.parseEqual() ||
        parser.parseInteger(padding))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<TileType>(parser.getContext(), shape, elementType,
                                     *level, padding);
}

void TileType::print(AsmPrinter &printer) const {
  printer << '<';
  for (int64_t dim : getShape())
    printer << dim << 'x';
  printer << getElementType() << ", " << stringifyMemoryLevel(getLevel());
  if (getPadding() != 0)
    printer << ", padding = " << getPadding();
  printer << '>';
}

LogicalResult TileType::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> shape, Type elementType,
                               MemoryLevel level, int64_t padding) {
  if (shape.empty())
    return emitError() << "tile must have at least one dimension";
  // Limits first: getStorageBytes and the shared-memory budget multiply
  // these and must not overflow.
  int64_t elements = 1;
  for (int64_t dim : shape) {
    if (dim <= 0)
      return emitError() << "tile dimensions must be positive, got " << dim;
    if (dim > kMaxExtent)
      return emitError() << "tile dimension " << dim << " exceeds the limit of "
                         << kMaxExtent;
    // At most 2^48 x 2^31: checked, as the product can exceed 64 bits.
    elements = llvm::checkedMul(elements, dim).value_or(kMaxElements + 1);
    if (elements > kMaxElements)
      return emitError() << "tile has more than 2^48 elements";
  }
  if (!elementType.isIntOrFloat())
    return emitError() << "tile element type must be an integer or float, got "
                       << elementType;
  if (level == MemoryLevel::Global)
    return emitError() << "tiles live at the 'shared' or 'register' level; "
                          "global data is the operator's own tensor or memref";
  if (padding < 0)
    return emitError() << "tile padding must be non-negative, got " << padding;
  if (padding != 0 && level != MemoryLevel::Shared)
    return emitError() << "tile padding only applies to shared-memory tiles";
  if (padding > kMaxPadding)
    return emitError() << "tile padding must not exceed " << kMaxPadding
                       << ", got " << padding;
  int64_t rows = elements / shape.back();
  // Row width and element bytes are small, rows at most 2^48: check anyway.
  std::optional<int64_t> bytes = llvm::checkedMul(rows, shape.back() + padding);
  if (bytes)
    bytes = llvm::checkedMul(
        *bytes, int64_t((elementType.getIntOrFloatBitWidth() + 7) / 8));
  if (!bytes || *bytes > kMaxElements)
    return emitError() << "tile storage exceeds 2^48 bytes";
  return success();
}

int64_t TileType::getNumElements() const {
  int64_t count = 1;
  for (int64_t dim : getShape())
    count *= dim;
  return count;
}

int64_t TileType::getNumStorageElements() const {
  // Padding widens the innermost dimension of every row.
  ArrayRef<int64_t> shape = getShape();
  int64_t rows = getNumElements() / shape.back();
  return rows * (shape.back() + getPadding());
}

int64_t TileType::getStorageBytes() const {
  int64_t bits = getElementType().getIntOrFloatBitWidth();
  return getNumStorageElements() * ((bits + 7) / 8);
}
