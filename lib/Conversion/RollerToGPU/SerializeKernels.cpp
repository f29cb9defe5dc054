//===- SerializeKernels.cpp - Kernel modules compiled in parallel ---------===//
//
// `--roller-serialize-kernels`: gpu-module-to-binary with the modules
// serialized in parallel.
//
//===----------------------------------------------------------------------===//

#include "Roller/Conversion/RollerToGPU/SerializeKernels.h"
#include "Roller/Conversion/RollerToGPU/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Threading.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <limits>
#include <mutex>

namespace mlir::roller {
#define GEN_PASS_DEF_ROLLERSERIALIZEKERNELSPASS
#include "Roller/Conversion/RollerToGPU/Passes.h.inc"
} // namespace mlir::roller

using namespace mlir;
using namespace mlir::roller;

std::optional<gpu::CompilationTarget>
mlir::roller::parseCompilationTarget(StringRef format) {
  return llvm::StringSwitch<std::optional<gpu::CompilationTarget>>(format)
      .Cases({"offloading", "llvm"}, gpu::CompilationTarget::Offload)
      .Cases({"assembly", "isa"}, gpu::CompilationTarget::Assembly)
      .Cases({"binary", "bin"}, gpu::CompilationTarget::Binary)
      .Cases({"fatbinary", "fatbin"}, gpu::CompilationTarget::Fatbin)
      .Default(std::nullopt);
}

/// The most bytes of constant data a kernel module may embed. A splat
/// weight read inside a kernel is sunk into it as a global (its slice for
/// one tile, normally a few bytes); a hostile extent made that 16 GiB, which
/// the translation to LLVM IR materialized element by element, and the PTX
/// would be as large.
static constexpr int64_t kMaxKernelConstantBytes = int64_t(16) << 20;

/// `a * b`, or int64_t's maximum when it overflows (a size that large is
/// over any limit).
static int64_t saturatingMul(int64_t a, int64_t b) {
  return llvm::checkedMul(a, b).value_or(std::numeric_limits<int64_t>::max());
}

/// The bytes of `global`'s initializer when it is dense data, or 0.
static int64_t getInitializerBytes(LLVM::GlobalOp global) {
  auto elements = dyn_cast_or_null<ElementsAttr>(global.getValueOrNull());
  if (!elements)
    return 0;
  Type element = elements.getShapedType().getElementType();
  if (!element.isIntOrFloat())
    return 0;
  int64_t bytes = llvm::divideCeil(element.getIntOrFloatBitWidth(), 8);
  for (int64_t dim : elements.getShapedType().getShape())
    bytes = saturatingMul(bytes, dim);
  return bytes;
}

/// The bytes of a value of `type` (arrays, vectors and structs of integers,
/// floats and pointers; other types count 0). The translation materializes
/// a splat initializer at the global's type, not at the initializer's shape,
/// and the verifier does not ask the two to agree, so both are bounded.
static int64_t getTypeBytes(Type type) {
  if (type.isIntOrFloat())
    return llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
  if (isa<LLVM::LLVMPointerType>(type))
    return 8;
  if (auto array = dyn_cast<LLVM::LLVMArrayType>(type))
    return saturatingMul(array.getNumElements(),
                         getTypeBytes(array.getElementType()));
  if (auto vector = dyn_cast<VectorType>(type))
    return saturatingMul(vector.getNumElements(),
                         getTypeBytes(vector.getElementType()));
  if (auto structType = dyn_cast<LLVM::LLVMStructType>(type)) {
    int64_t bytes = 0;
    for (Type field : structType.getBody())
      bytes = llvm::checkedAdd(bytes, getTypeBytes(field))
                  .value_or(std::numeric_limits<int64_t>::max());
    return bytes;
  }
  return 0;
}

/// An error at the first global of `module` whose initializer is larger
/// than kMaxKernelConstantBytes.
static LogicalResult checkEmbeddedConstants(gpu::GPUModuleOp module) {
  for (auto global : module.getOps<LLVM::GlobalOp>()) {
    int64_t bytes =
        std::max(getInitializerBytes(global), getTypeBytes(global.getType()));
    if (bytes > kMaxKernelConstantBytes)
      return global.emitError()
             << "roller-serialize-kernels: kernel module '" << module.getName()
             << "' embeds a constant of " << bytes << " bytes, more than the "
             << kMaxKernelConstantBytes
             << " a kernel may hold (a splat or folded constant read inside "
                "the kernel)";
  }
  return success();
}

namespace {
/// Sets LLVM's `nvptx-short-ptr` for its lifetime: the NVPTX back end then
/// holds shared (and local and const) addresses in 32-bit registers, as
/// nvcc's and Triton's PTX do. Without it every shared address (each
/// cp.async destination and ldmatrix row of a staged kernel) is computed in
/// 64-bit registers: two SASS instructions per add and two registers per
/// address for a space of at most 228 KiB. LLVM 22 has no per-target-machine
/// switch for it (the data layout is computed from the option when the
/// target machine is made), so the process-wide option is set for the
/// serialization and its previous value restored after it. Absent when the
/// NVPTX target is not linked in: then nothing is set.
///
/// Serializations may overlap in one process (the pass nested under several
/// ops of a threaded pipeline): the scopes that set the option count
/// themselves, the first one saves the previous value and the last one
/// restores it, so none restores it under another. A scope that does not set
/// it (short-pointers=false) overlapping one that does may see it set: its
/// PTX is correct, with 32-bit shared addresses. It does not wait for the
/// others to end, which could deadlock a pipeline whose thread pool runs them.
class ShortPointersScope {
public:
  explicit ShortPointersScope(bool enable) : enabled(enable) {
    if (!enabled)
      return;
    State &state = getState();
    std::lock_guard<std::mutex> lock(state.mutex);
    if (state.users++ > 0)
      return;
    if (!state.option) {
      auto options = llvm::cl::getRegisteredOptions();
      auto it = options.find("nvptx-short-ptr");
      if (it == options.end())
        return;
      // Declared `static cl::opt<bool>` in NVPTXTargetMachine.cpp.
      state.option = static_cast<llvm::cl::opt<bool> *>(it->second);
    }
    state.previous = state.option->getValue();
    state.option->setValue(true);
  }
  ~ShortPointersScope() {
    if (!enabled)
      return;
    State &state = getState();
    std::lock_guard<std::mutex> lock(state.mutex);
    if (--state.users == 0 && state.option)
      state.option->setValue(state.previous);
  }
  ShortPointersScope(const ShortPointersScope &) = delete;
  ShortPointersScope &operator=(const ShortPointersScope &) = delete;

private:
  struct State {
    std::mutex mutex;
    int64_t users = 0;
    llvm::cl::opt<bool> *option = nullptr;
    bool previous = false;
  };
  static State &getState() {
    static State state;
    return state;
  }

  bool enabled;
};

/// One module and what its targets made of it.
struct KernelModule {
  gpu::GPUModuleOp module;
  SmallVector<std::optional<SmallVector<char, 0>>> objects;
};
} // namespace

LogicalResult mlir::roller::serializeKernels(RewriterBase &rewriter,
                                             Operation *op,
                                             const gpu::TargetOptions &options,
                                             bool shortPointers) {
  std::vector<KernelModule> kernels;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (auto module : block.getOps<gpu::GPUModuleOp>()) {
        if (!module.getTargetsAttr())
          return module.emitError("the module has no target attributes");
        if (failed(checkEmbeddedConstants(module)))
          return failure();
        kernels.push_back({module, {}});
      }

  // Each serialization reads its module only and builds LLVM IR in an LLVM
  // context of its own. Errors come out in the modules' order.
  MLIRContext *ctx = op->getContext();
  {
    ShortPointersScope scope(shortPointers);
    // Holds the threads' diagnostics until all are done.
    ParallelDiagnosticHandler diagnostics(ctx);
    parallelFor(ctx, 0, kernels.size(), [&](size_t index) {
      diagnostics.setOrderIDForThread(index);
      KernelModule &kernel = kernels[index];
      for (Attribute attr : kernel.module.getTargetsAttr()) {
        auto target = cast<gpu::TargetAttrInterface>(attr);
        kernel.objects.push_back(
            target.serializeToObject(kernel.module, options));
      }
      diagnostics.eraseOrderIDForThread();
    });
  }
  for (KernelModule &kernel : kernels)
    if (llvm::is_contained(kernel.objects, std::nullopt))
      return kernel.module.emitError(
          "An error happened while serializing the module.");

  SmallVector<ArrayAttr> binaries;
  for (KernelModule &kernel : kernels) {
    SmallVector<Attribute> objects;
    for (auto [attr, object] :
         llvm::zip_equal(kernel.module.getTargetsAttr(), kernel.objects)) {
      auto target = cast<gpu::TargetAttrInterface>(attr);
      Attribute created = target.createObject(kernel.module, *object, options);
      if (!created)
        return kernel.module.emitError(
            "An error happened while creating the object.");
      objects.push_back(created);
    }
    binaries.push_back(rewriter.getArrayAttr(objects));
  }

  for (auto [kernel, objects] : llvm::zip_equal(kernels, binaries)) {
    auto handler =
        dyn_cast_or_null<gpu::OffloadingLLVMTranslationAttrInterface>(
            kernel.module.getOffloadingHandlerAttr());
    rewriter.setInsertionPointAfter(kernel.module);
    gpu::BinaryOp::create(rewriter, kernel.module.getLoc(),
                          kernel.module.getName(), handler, objects);
    rewriter.eraseOp(kernel.module);
  }
  return success();
}

namespace {
struct RollerSerializeKernelsPass
    : public roller::impl::RollerSerializeKernelsPassBase<
          RollerSerializeKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *op = getOperation();
    std::optional<gpu::CompilationTarget> target =
        parseCompilationTarget(format);
    if (!target) {
      op->emitError() << "roller-serialize-kernels: unknown format '" << format
                      << "' (isa, bin, fatbin or llvm)";
      return signalPassFailure();
    }
    // Built before the threads start: the targets may ask for it.
    std::optional<SymbolTable> table;
    if (Operation *tableOp = SymbolTable::getNearestSymbolTable(op))
      table.emplace(tableOp);
    SmallVector<Attribute> libraries;
    for (const std::string &path : linkFiles)
      libraries.push_back(StringAttr::get(&getContext(), path));
    gpu::TargetOptions options(
        toolkitPath, libraries, cmdOptions, /*elfSection=*/"", *target,
        [&]() -> SymbolTable * { return table ? &*table : nullptr; });
    IRRewriter rewriter(&getContext());
    if (failed(serializeKernels(rewriter, op, options, shortPointers)))
      signalPassFailure();
  }
};
} // namespace
