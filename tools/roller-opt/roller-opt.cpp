//===- roller-opt.cpp - The Roller optimizer driver -----------------------===//
//
// mlir-opt with every upstream dialect and pass plus Roller's.
//
//===----------------------------------------------------------------------===//

#include "Roller/Roller.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::roller::registerRollerPassesAndPipelines();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::roller::registerRollerDialects(registry);

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Roller optimizer driver\n", registry));
}
