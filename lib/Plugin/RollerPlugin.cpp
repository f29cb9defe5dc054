//===- RollerPlugin.cpp - Roller as an mlir-opt plugin --------------------===//
//
// One shared object that is both a dialect plugin and a pass plugin, so that
// a stock mlir-opt (built against the same shared libMLIR) runs Roller:
//
//   mlir-opt --load-dialect-plugin=RollerPlugin.so \
//            --load-pass-plugin=RollerPlugin.so \
//            --pass-pipeline='builtin.module(roller-tile{device=a100})' in.mlir
//
//===----------------------------------------------------------------------===//

#include "Roller/Roller.h"

#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

using namespace mlir;

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Roller", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) {
            roller::registerRollerDialects(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Roller", LLVM_VERSION_STRING,
          []() { roller::registerRollerPassesAndPipelines(); }};
}
