//===- roller-opt.cpp - The Roller optimizer driver -----------------------===//
//
// mlir-opt with every upstream dialect and pass plus Roller's, and one tool
// option: `--ptx-file=<path>` writes the PTX and the launch description of
// the output module (after `--convert-to-nvvm`, or of a module that went
// through it elsewhere).
//
//===----------------------------------------------------------------------===//

#include "Roller/Roller.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace mlir;

static llvm::cl::opt<std::string> ptxFile(
    "ptx-file",
    llvm::cl::desc("Write the PTX of the output module's gpu.binary ops "
                   "here (one file per binary when there are several: "
                   "<path minus .ptx>.<binary>.ptx) and the launch "
                   "description to <path minus .ptx>.launch.json"),
    llvm::cl::value_desc("path"), llvm::cl::init(""));

namespace {
/// Hands the finished module to writeKernelArtifacts: the last thing the
/// tool does to each module it processes, after the command line's passes.
struct WriteKernelArtifacts
    : public PassWrapper<WriteKernelArtifacts, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(WriteKernelArtifacts)

  explicit WriteKernelArtifacts(std::string path) : path(std::move(path)) {}
  StringRef getArgument() const override { return "roller-opt-ptx-file"; }

  void runOnOperation() override {
    if (failed(roller::writeKernelArtifacts(getOperation(), path)))
      signalPassFailure();
  }

  std::string path;
};
} // namespace

int main(int argc, char **argv) {
  registerAllPasses();
  roller::registerRollerPassesAndPipelines();

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  roller::registerRollerDialects(registry);
  // As mlir-opt does: serializing a gpu.module translates it to LLVM IR in
  // the context (--gpu-module-to-binary in a pipeline or a transform
  // script).
  registerAllGPUToLLVMIRTranslations(registry);

  auto [inputFilename, outputFilename] = registerAndParseCLIOptions(
      argc, argv, "Roller optimizer driver\n", registry);
  MlirOptMainConfig commandLine = MlirOptMainConfig::createFromCLOptions();
  // Listing dialects or passes writes no output file: upstream's main.
  if (commandLine.shouldShowDialects() || commandLine.shouldListPasses())
    return asMainReturnCode(
        MlirOptMain(argc, argv, inputFilename, outputFilename, registry));

  // mlir-opt's main as upstream writes it, with the command line's pipeline
  // followed by the artifacts of its result (with --ptx-file), and a failed
  // write of the output (a full disk) an error rather than the fatal "IO
  // failure on output stream" of the stream's destructor.
  llvm::InitLLVM lifetime(argc, argv);
  MlirOptMainConfig config = commandLine;
  if (!ptxFile.empty())
    config.setPassPipelineSetupFn([commandLine](PassManager &pm) {
      if (failed(commandLine.setupPassPipeline(pm)))
        return failure();
      pm.addPass(std::make_unique<WriteKernelArtifacts>(ptxFile));
      return success();
    });

  if (inputFilename == "-" &&
      llvm::sys::Process::FileDescriptorIsDisplayed(fileno(stdin)))
    llvm::errs() << "(processing input from stdin now, hit ctrl-c/ctrl-d to "
                    "interrupt)\n";
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::WithColor::error(llvm::errs(), "roller-opt") << errorMessage << "\n";
    return EXIT_FAILURE;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::WithColor::error(llvm::errs(), "roller-opt") << errorMessage << "\n";
    return EXIT_FAILURE;
  }
  bool succeeded = mlir::succeeded(
      MlirOptMain(output->os(), std::move(input), registry, config));
  llvm::raw_fd_ostream &os = output->os();
  os.flush();
  if (os.has_error()) {
    llvm::WithColor::error(llvm::errs(), "roller-opt")
        << "cannot write '"
        << (outputFilename == "-" ? "<stdout>" : outputFilename)
        << "': " << os.error().message() << "\n";
    os.clear_error();
    return EXIT_FAILURE;
  }
  if (!succeeded)
    return EXIT_FAILURE;
  output->keep();
  return EXIT_SUCCESS;
}
