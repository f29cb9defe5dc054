//===- RollerDialect.cpp - The roller dialect -----------------------------===//

#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Analysis/LinalgTensorExpr.h"
#include "Roller/Dialect/Roller/IR/RollerOps.h"

#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::roller;

#include "Roller/Dialect/Roller/IR/RollerDialect.cpp.inc"

namespace {
/// Prints devices as `#roller_<name>` aliases: a device is long and every op
/// of a module refers to the same one.
struct RollerOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (auto device = dyn_cast<DeviceAttr>(attr)) {
      // Alias names are identifiers: spell other characters as '_'.
      os << "roller_";
      for (char c : device.getName())
        os << (llvm::isAlnum(c) ? c : '_');
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

void RollerDialect::initialize() {
  registerAttributes();
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "Roller/Dialect/Roller/IR/RollerOps.cpp.inc"
      >();
  addInterfaces<RollerOpAsmInterface>();
}

LogicalResult RollerDialect::verifyOperationAttribute(Operation *op,
                                                      NamedAttribute attr) {
  if (attr.getName() == kDeviceAttrName) {
    if (!isa<DeviceAttr>(attr.getValue()))
      return op->emitError() << "'" << kDeviceAttrName
                             << "' must be a #roller.device attribute";
    return success();
  }
  if (attr.getName() == kAllowTf32AttrName) {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError()
             << "'" << kAllowTf32AttrName << "' must be a unit attribute";
    return success();
  }
  if (attr.getName() == kConfigAttrName) {
    if (!isa<ConfigAttr>(attr.getValue()))
      return op->emitError() << "'" << kConfigAttrName
                             << "' must be a #roller.config attribute";
    return success();
  }
  if (attr.getName() == kMmaShapeAttrName) {
    auto shape = dyn_cast<DenseI64ArrayAttr>(attr.getValue());
    if (!shape || shape.size() != 3 ||
        llvm::any_of(shape.asArrayRef(), [](int64_t v) { return v <= 0; }))
      return op->emitError() << "'" << kMmaShapeAttrName
                             << "' must be an array<i64: m, n, k> of "
                                "positive sizes";
    return success();
  }
  // Unit markers that one pass leaves for another, each on one kind of op.
  static constexpr std::pair<StringLiteral, StringLiteral> kUnitMarkers[] = {
      {kAsyncCopyAttrName, "linalg.copy"},
      {kAccumulatorFillAttrName, "linalg.fill"},
      {kZeroFillAttrName, "linalg.fill"},
      {kMergePartialsAttrName, "linalg.reduce"},
      {kBf16MmaAttrName, "vector.contract"}};
  for (auto [name, opName] : kUnitMarkers) {
    if (attr.getName() != name)
      continue;
    if (!isa<UnitAttr>(attr.getValue()) ||
        op->getName().getStringRef() != opName)
      return op->emitError()
             << "'" << name << "' must be a unit attribute on a " << opName;
    return success();
  }
  if (attr.getName() == kUnfusedAttrName) {
    if (!isa<UnitAttr>(attr.getValue()) ||
        !(isa<RProgramOp>(op) ||
          op->getName().getDialectNamespace() == "linalg"))
      return op->emitError() << "'" << kUnfusedAttrName
                             << "' must be a unit attribute on a linalg op or "
                                "a roller.rprogram";
    return success();
  }
  if (attr.getName() == kLaunchOperandsAttrName) {
    if (!isa<ArrayAttr>(attr.getValue()) ||
        op->getName().getStringRef() != "builtin.module")
      return op->emitError() << "'" << kLaunchOperandsAttrName
                             << "' must be an array attribute on a module";
    return success();
  }
  return op->emitError() << "unknown roller attribute '"
                         << attr.getName().getValue() << "'";
}
