//===- roller-opt.cpp - The Roller optimizer driver -----------------------===//
//
// mlir-opt with every upstream dialect and pass plus Roller's.
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/TransformOps/RollerTransformOps.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"
#include "Roller/Dialect/Roller/Transforms/Pipelines.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::roller::registerRollerPasses();
  mlir::roller::registerRollerPipelines();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registry.insert<mlir::roller::RollerDialect>();
  mlir::roller::registerRollerTransformExtension(registry);

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Roller optimizer driver\n", registry));
}
