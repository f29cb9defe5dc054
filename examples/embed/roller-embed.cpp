//===- roller-embed.cpp - Embedding Roller in a C++ tool ------------------===//
//
// A small compiler driver built on Roller's C++ API (Roller/Roller.h):
//
//   roller-embed <input.mlir> [device]
//
// parses a module of linalg ops, prints the config Roller chooses for each
// (chooseConfig), rewrites each into an rProgram (selectAndTile), then
// builds the NVVM pipeline into its own PassManager, prints it and runs it,
// and reports the kernels it produced. Diagnostics go through MLIR's
// diagnostic engine; the exit status is non-zero on any error.
//
//===----------------------------------------------------------------------===//

#include "Roller/Roller.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    llvm::errs() << "usage: roller-embed <input.mlir> [device]\n";
    return 2;
  }
  std::string deviceName = argc == 3 ? argv[2] : "h200";

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  roller::registerRollerDialects(registry);
  MLIRContext context(registry);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);

  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(argv[1], sourceMgr, &context);
  if (!module)
    return 1;
  roller::DeviceAttr device =
      roller::resolveDeviceAttr(&context, module->getLoc(), deviceName);
  if (!device)
    return 1;
  roller::DeviceSpec spec = device.toSpec();
  (*module)->setAttr(roller::RollerDialect::kDeviceAttrName, device);

  // 1. Choose a config per op, without changing the IR.
  SmallVector<linalg::LinalgOp> ops;
  module->walk([&](linalg::LinalgOp op) {
    if (!roller::isFoldedInit(op))
      ops.push_back(op);
  });
  for (linalg::LinalgOp op : ops) {
    llvm::outs() << op->getName() << ": ";
    llvm::Expected<roller::ConfigAttr> config = roller::chooseConfig(op, spec);
    if (config)
      llvm::outs() << *config << "\n";
    else
      llvm::outs() << "not supported: " << llvm::toString(config.takeError())
                   << "\n";
  }

  // 2. Rewrite each op into an rProgram.
  IRRewriter rewriter(&context);
  int tiled = 0;
  for (linalg::LinalgOp op : ops) {
    llvm::Expected<roller::RProgramOp> program =
        roller::selectAndTile(rewriter, op, spec);
    if (program)
      ++tiled;
    else
      llvm::consumeError(program.takeError());
  }
  llvm::outs() << "tiled " << tiled << " of " << ops.size() << " ops\n";

  // 3. Roller's NVVM pipeline in our own pass manager.
  PassManager pm(&context, ModuleOp::getOperationName());
  roller::CompileOptions options;
  options.select.device = deviceName;
  // Ops Roller left alone (reported above) run on the host instead of
  // failing the compile; each gets a warning.
  options.nvvm.allowHostFallback = true;
  roller::buildRollerCompileNVVMPipeline(pm, options);
  llvm::outs() << "pipeline: ";
  pm.printAsTextualPipeline(llvm::outs());
  llvm::outs() << "\n";
  if (failed(pm.run(*module)))
    return 1;
  int binaries = 0;
  module->walk([&](gpu::BinaryOp binary) {
    ++binaries;
    for (Attribute attr : binary.getObjects())
      if (auto object = dyn_cast<gpu::ObjectAttr>(attr))
        llvm::outs() << "kernel " << binary.getSymName() << ": "
                     << object.getTarget() << ", " << object.getObject().size()
                     << " bytes of PTX\n";
  });
  llvm::outs() << binaries << " gpu.binary op(s)\n";
  return 0;
}
