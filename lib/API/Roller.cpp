//===- Roller.cpp - The C++ API for embedding Roller ----------------------===//

#include "Roller/Roller.h"
#include "Roller/Conversion/Pipelines/Passes.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"
#include "Roller/Conversion/TransformOps/RollerGPUTransformOps.h"
#include "Roller/Dialect/Roller/TransformOps/RollerTransformOps.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::roller;

void mlir::roller::registerRollerDialects(DialectRegistry &registry) {
  registry.insert<RollerDialect>();
  registerRollerTransformExtension(registry);
  registerRollerGPUTransformExtension(registry);
}

void mlir::roller::registerRollerPassesAndPipelines() {
  static bool registered = false;
  if (registered)
    return;
  registered = true;
  registerRollerPasses();
  registerRollerToGPUPasses();
  registerRollerPipelinesPasses();
  registerRollerPipelines();
}

llvm::Expected<ConfigAttr> mlir::roller::selectAndAttachConfig(
    linalg::LinalgOp op, const DeviceSpec &device, int64_t rank, int64_t topK) {
  llvm::Expected<ConfigAttr> config = chooseConfig(op, device, rank, topK);
  if (config)
    op->setAttr(RollerDialect::kConfigAttrName, *config);
  return config;
}

llvm::Expected<RProgramOp> mlir::roller::selectAndTile(RewriterBase &rewriter,
                                                       linalg::LinalgOp op,
                                                       const DeviceSpec &device,
                                                       int64_t rank,
                                                       int64_t topK) {
  auto config = op->getAttrOfType<ConfigAttr>(RollerDialect::kConfigAttrName);
  if (!config) {
    llvm::Expected<ConfigAttr> chosen = chooseConfig(op, device, rank, topK);
    if (!chosen)
      return chosen.takeError();
    config = *chosen;
  }
  std::string reason;
  FailureOr<RProgramOp> program = tileToRProgram(rewriter, op, config, reason);
  if (failed(program))
    return llvm::createStringError(llvm::inconvertibleErrorCode(), reason);
  return *program;
}
