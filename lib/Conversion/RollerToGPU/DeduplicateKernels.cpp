//===- DeduplicateKernels.cpp - One kernel per distinct body --------------===//
//
// `--roller-deduplicate-kernels`: launches of equivalent kernels share one
// `gpu.module`; the copies are erased before anything lowers them.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/DeduplicateKernels.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"

#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/DenseMap.h"

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERDEDUPLICATEKERNELSPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

/// The attributes of `op` but its symbol name.
static DictionaryAttr getAttrsButName(Operation *op) {
  NamedAttrList attrs(op->getAttrDictionary());
  attrs.erase(SymbolTable::getSymbolAttrName());
  return attrs.getDictionary(op->getContext());
}

bool mlir::roller::areEquivalentKernelModules(gpu::GPUModuleOp lhs,
                                              gpu::GPUModuleOp rhs) {
  if (getAttrsButName(lhs) != getAttrsButName(rhs))
    return false;
  return OperationEquivalence::isRegionEquivalentTo(
      &lhs.getBodyRegion(), &rhs.getBodyRegion(),
      OperationEquivalence::IgnoreLocations);
}

/// A hash that equivalent modules share (areEquivalentKernelModules): that
/// of every op inside, in order, but not of the values they use.
static llvm::hash_code hashKernelModule(gpu::GPUModuleOp module) {
  llvm::hash_code hash = mlir::hash_value(getAttrsButName(module));
  module.getBodyRegion().walk<WalkOrder::PreOrder>([&](Operation *op) {
    hash =
        llvm::hash_combine(hash, OperationEquivalence::computeHash(
                                     op, OperationEquivalence::ignoreHashValue,
                                     OperationEquivalence::ignoreHashValue,
                                     OperationEquivalence::IgnoreLocations));
  });
  return hash;
}

int64_t mlir::roller::deduplicateKernels(RewriterBase &rewriter,
                                         ModuleOp module) {
  SymbolTableCollection symbolTables;
  SymbolUserMap users(symbolTables, module);
  // The first module of each hash and, per hash, every distinct one seen.
  llvm::DenseMap<llvm::hash_code, SmallVector<gpu::GPUModuleOp, 1>> seen;
  SmallVector<gpu::GPUModuleOp> erased;
  for (auto kernels : module.getOps<gpu::GPUModuleOp>()) {
    ArrayRef<Operation *> uses = users.getUsers(kernels);
    // Another kind of reference (a gpu.binary, a symbol the host calls)
    // may depend on this very module: it stays.
    bool launchesOnly = llvm::all_of(
        uses, [](Operation *user) { return isa<gpu::LaunchFuncOp>(user); });
    SmallVector<gpu::GPUModuleOp, 1> &candidates =
        seen[hashKernelModule(kernels)];
    auto same = llvm::find_if(candidates, [&](gpu::GPUModuleOp candidate) {
      return areEquivalentKernelModules(candidate, kernels);
    });
    if (same == candidates.end() || !launchesOnly) {
      candidates.push_back(kernels);
      continue;
    }
    for (Operation *user : uses)
      rewriter.modifyOpInPlace(user, [&] {
        (void)SymbolTable::replaceAllSymbolUses(kernels, same->getSymNameAttr(),
                                                user);
      });
    erased.push_back(kernels);
  }
  for (gpu::GPUModuleOp kernels : erased)
    rewriter.eraseOp(kernels);
  return erased.size();
}

namespace {
struct RollerDeduplicateKernelsPass
    : public roller::impl::RollerDeduplicateKernelsPassBase<
          RollerDeduplicateKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    deduplicateKernels(rewriter, getOperation());
  }
};
} // namespace
