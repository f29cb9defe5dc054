//===- RecordLaunchOperands.cpp - What launchers need to know -------------===//
//
// `--roller-record-launch-operands`: the kernels' memref operands as the
// host passes them, kept on the module for the launch description.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/RecordLaunchOperands.h"
#include "Roller/Conversion/RollerToGPU/KernelABI.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERRECORDLAUNCHOPERANDSPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// The argument of the host function whose buffer `operand` is: the
/// argument itself, or its device copy (`roller-stage-function-boundaries`
/// then `roller-host-buffers-to-device`: a `gpu.alloc` filled by a
/// `gpu.memcpy` from the argument), or a reshape of either (a reduction's
/// input collapsed along its reduction loops: the same elements in the
/// same order); -1 for any other buffer.
static int64_t getFunctionArgument(Value operand) {
  auto isFunctionArgument = [](Value value) {
    auto arg = dyn_cast<BlockArgument>(value);
    return arg && isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
  };
  while (Operation *reshape = operand.getDefiningOp()) {
    if (!isa<memref::CollapseShapeOp, memref::ExpandShapeOp>(reshape))
      break;
    operand = reshape->getOperand(0);
  }
  if (isFunctionArgument(operand))
    return cast<BlockArgument>(operand).getArgNumber();
  if (!operand.getDefiningOp<gpu::AllocOp>())
    return -1;
  for (Operation *user : operand.getUsers()) {
    auto copy = dyn_cast<gpu::MemcpyOp>(user);
    if (copy && copy.getDst() == operand && isFunctionArgument(copy.getSrc()))
      return cast<BlockArgument>(copy.getSrc()).getArgNumber();
  }
  return -1;
}

/// What a launcher needs of one kernel operand.
static DictionaryAttr describeOperand(Builder &b, Value operand) {
  SmallVector<NamedAttribute> fields{
      b.getNamedAttr("type", TypeAttr::get(operand.getType()))};
  if (isa<MemRefType>(operand.getType())) {
    fields.push_back(b.getNamedAttr(
        "func_arg", b.getI64IntegerAttr(getFunctionArgument(operand))));
    fields.push_back(
        b.getNamedAttr("align", b.getI64IntegerAttr(kKernelBufferAlignment)));
  }
  return b.getDictionaryAttr(fields);
}

int64_t mlir::roller::recordLaunchOperands(RewriterBase &rewriter,
                                           ModuleOp module) {
  SmallVector<Attribute> launches;
  module.walk([&](gpu::LaunchFuncOp launch) {
    std::string kernel;
    llvm::raw_string_ostream os(kernel);
    launch.getKernel().print(os);
    SmallVector<Attribute> operands;
    for (Value operand : launch.getKernelOperands())
      operands.push_back(describeOperand(rewriter, operand));
    launches.push_back(rewriter.getDictionaryAttr(
        {rewriter.getNamedAttr("kernel", rewriter.getStringAttr(kernel)),
         rewriter.getNamedAttr("operands", rewriter.getArrayAttr(operands))}));
  });
  rewriter.modifyOpInPlace(module, [&] {
    module->setAttr(RollerDialect::kLaunchOperandsAttrName,
                    rewriter.getArrayAttr(launches));
  });
  return launches.size();
}

namespace {
struct RollerRecordLaunchOperandsPass
    : public roller::impl::RollerRecordLaunchOperandsPassBase<
          RollerRecordLaunchOperandsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    (void)recordLaunchOperands(rewriter, getOperation());
  }
};
} // namespace
