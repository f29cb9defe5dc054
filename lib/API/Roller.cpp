//===- Roller.cpp - The C++ API for embedding Roller ----------------------===//

#include "Roller/Roller.h"
#include "Roller/Dialect/Roller/TransformOps/RollerTransformOps.h"
#include "Roller/Dialect/Roller/Transforms/Passes.h"
#include "Roller/Dialect/Roller/Transforms/Pipelines.h"

#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::roller;

void mlir::roller::registerRollerDialects(DialectRegistry &registry) {
  registry.insert<RollerDialect>();
  registerRollerTransformExtension(registry);
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

static RollerTilePassOptions toTileOptions(const SelectionOptions &options) {
  RollerTilePassOptions tile;
  tile.device = options.device;
  tile.topK = options.topK;
  tile.report = options.report;
  tile.search = options.search;
  tile.rank = options.rank;
  return tile;
}

void mlir::roller::buildRollerTilePipeline(OpPassManager &pm,
                                           const SelectionOptions &options) {
  pm.addPass(createRollerTilePass(toTileOptions(options)));
}

void mlir::roller::buildRollerCompileCPUPipeline(
    OpPassManager &pm, const SelectionOptions &options) {
  buildRollerTilePipeline(pm, options);
  buildRollerLowerToCPUPipeline(pm);
}

void mlir::roller::buildRollerCompileNVVMPipeline(
    OpPassManager &pm, const CompileOptions &options) {
  buildRollerTilePipeline(pm, options.select);
  RollerConvertToNVVMPassOptions nvvm;
  nvvm.chip = options.chip;
  nvvm.format = options.format;
  nvvm.ptxFile = options.ptxFile;
  pm.addPass(createRollerConvertToNVVMPass(nvvm));
}

namespace {
/// The selection options of the textual pipelines, spelled as
/// `--roller-tile` spells them.
template <typename Derived>
struct SelectionPipelineOptions : public PassPipelineOptions<Derived> {
  mlir::detail::PassOptions::Option<std::string> device{
      *this, "device",
      llvm::cl::desc("Preset name or JSON device file (default: the "
                     "module's roller.device, else h200)")};
  mlir::detail::PassOptions::Option<int64_t> topK{
      *this, "top-k", llvm::cl::desc("rPrograms constructed and ranked"),
      llvm::cl::init(10)};
  mlir::detail::PassOptions::Option<int64_t> rank{
      *this, "rank",
      llvm::cl::desc("Which candidate to use: 1 is the model's choice"),
      llvm::cl::init(1)};
  mlir::detail::PassOptions::Option<std::string> report{
      *this, "report",
      llvm::cl::desc("Write the selection report here (JSON lines)")};
  mlir::detail::PassOptions::Option<std::string> search{
      *this, "search", llvm::cl::desc("construct or exhaustive"),
      llvm::cl::init("construct")};

  SelectionOptions toSelectionOptions() const {
    return SelectionOptions{device, topK, report, search, rank};
  }
};

struct CompileCPUPipelineOptions
    : public SelectionPipelineOptions<CompileCPUPipelineOptions> {};

struct CompileNVVMPipelineOptions
    : public SelectionPipelineOptions<CompileNVVMPipelineOptions> {
  mlir::detail::PassOptions::Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("Target chip (default: the device's chip)")};
  mlir::detail::PassOptions::Option<std::string> format{
      *this, "format", llvm::cl::desc("gpu.binary format: isa, bin or fatbin"),
      llvm::cl::init("isa")};
  mlir::detail::PassOptions::Option<std::string> ptxFile{
      *this, "ptx-file",
      llvm::cl::desc("Write the PTX and the launch description here")};
};
} // namespace

void mlir::roller::registerRollerPassesAndPipelines() {
  static bool registered = false;
  if (registered)
    return;
  registered = true;
  registerRollerPasses();
  registerRollerPipelines();
  PassPipelineRegistration<CompileCPUPipelineOptions>(
      "roller-compile-cpu",
      "Select, tile and lower to LLVM-dialect IR that mlir-runner runs "
      "(roller-tile, then roller-lower-to-cpu)",
      [](OpPassManager &pm, const CompileCPUPipelineOptions &options) {
        buildRollerCompileCPUPipeline(pm, options.toSelectionOptions());
      });
  PassPipelineRegistration<CompileNVVMPipelineOptions>(
      "roller-compile-nvvm",
      "Select, tile and lower to host code plus a gpu.binary (roller-tile, "
      "then convert-to-nvvm)",
      [](OpPassManager &pm, const CompileNVVMPipelineOptions &options) {
        buildRollerCompileNVVMPipeline(
            pm, CompileOptions{options.toSelectionOptions(), options.chip,
                               options.format, options.ptxFile});
      });
}
