//===- KernelArtifacts.cpp - PTX and launch description out ---------------===//

#include "Roller/Target/KernelArtifacts.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::roller;

static std::string printToString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

/// A static size, stride or offset; null when dynamic.
static llvm::json::Value getStaticOrNull(int64_t size) {
  if (ShapedType::isDynamic(size))
    return nullptr;
  return size;
}

/// The value of a constant integer or float, else `otherwise`.
static llvm::json::Value getConstantOr(Value value,
                                       llvm::json::Value otherwise) {
  llvm::APInt integer;
  if (value && matchPattern(value, m_ConstantInt(&integer)))
    return integer.getSExtValue();
  llvm::APFloat real(0.0);
  if (value && matchPattern(value, m_ConstantFloat(&real)))
    return real.convertToDouble();
  return otherwise;
}

/// One recorded operand (recordLaunchOperands) as the launch description
/// spells it. A memref expands into its descriptor's parameters: 2
/// pointers, the offset, the sizes and the strides.
static FailureOr<llvm::json::Object> describeOperand(Operation *launch,
                                                     Attribute recorded) {
  auto fields = dyn_cast<DictionaryAttr>(recorded);
  auto typeAttr = fields ? fields.getAs<TypeAttr>("type") : TypeAttr();
  if (!typeAttr)
    return launch->emitError("malformed ")
           << RollerDialect::kLaunchOperandsAttrName << " entry: " << recorded;
  Type type = typeAttr.getValue();
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref)
    return llvm::json::Object{
        {"kind", "scalar"}, {"type", printToString(type)}, {"params", 1}};
  auto funcArg = fields.getAs<IntegerAttr>("func_arg");
  auto align = fields.getAs<IntegerAttr>("align");
  if (!funcArg || !align)
    return launch->emitError("malformed ")
           << RollerDialect::kLaunchOperandsAttrName << " entry: " << recorded;
  llvm::json::Array shape, strides;
  for (int64_t size : memref.getShape())
    shape.push_back(getStaticOrNull(size));
  SmallVector<int64_t> layoutStrides;
  int64_t offset = 0;
  bool strided = succeeded(memref.getStridesAndOffset(layoutStrides, offset));
  for (int64_t stride : layoutStrides)
    strides.push_back(getStaticOrNull(stride));
  return llvm::json::Object{
      {"kind", "memref"},
      {"type", printToString(type)},
      {"element", printToString(memref.getElementType())},
      {"shape", std::move(shape)},
      {"strides", strided ? llvm::json::Value(std::move(strides))
                          : llvm::json::Value(nullptr)},
      {"offset", strided ? getStaticOrNull(offset) : nullptr},
      {"func_arg", funcArg.getInt()},
      {"align", align.getInt()},
      {"params", int64_t(3 + 2 * memref.getRank())}};
}

/// The launch description of one `gpu.launch_func`, with the operands
/// `record` (its entry of roller.launch_operands) describes.
static FailureOr<llvm::json::Object> describeLaunch(gpu::LaunchFuncOp launch,
                                                    DictionaryAttr record) {
  std::string kernel;
  llvm::raw_string_ostream os(kernel);
  launch.getKernel().print(os);
  auto recordedKernel = record.getAs<StringAttr>("kernel");
  auto recordedOperands = record.getAs<ArrayAttr>("operands");
  if (!recordedKernel || !recordedOperands ||
      recordedKernel.getValue() != kernel)
    return launch.emitError("the recorded ")
           << RollerDialect::kLaunchOperandsAttrName
           << " do not match this launch of " << kernel;
  SmallVector<Value> params(launch.getKernelOperands());
  llvm::json::Array operands;
  size_t expanded = 0;
  for (Attribute recorded : recordedOperands) {
    FailureOr<llvm::json::Object> operand = describeOperand(launch, recorded);
    if (failed(operand))
      return failure();
    // A scalar: the value the host passes, where it is a constant.
    if (*operand->getString("kind") == "scalar" && expanded < params.size())
      (*operand)["value"] = getConstantOr(params[expanded], nullptr);
    expanded += *operand->getInteger("params");
    operands.push_back(std::move(*operand));
  }
  if (expanded != params.size())
    return launch.emitError()
           << "the kernel's " << params.size()
           << " parameters do not match its operands' descriptors (" << expanded
           << ")";
  llvm::json::Array arguments;
  for (auto [index, param] : llvm::enumerate(params))
    arguments.push_back(llvm::json::Object{
        {"index", int64_t(index)}, {"type", printToString(param.getType())}});
  // Grid and block sizes are constants (they come from the config).
  auto constant = [](Value value) { return getConstantOr(value, -1); };
  auto func = launch->getParentOfType<FunctionOpInterface>();
  gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
  gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
  Value dynamicShared = launch.getDynamicSharedMemorySize();
  return llvm::json::Object{
      {"kernel", launch.getKernelName().getValue()},
      {"module", launch.getKernelModuleName().getValue()},
      {"grid",
       llvm::json::Array{constant(grid.x), constant(grid.y), constant(grid.z)}},
      {"block", llvm::json::Array{constant(block.x), constant(block.y),
                                  constant(block.z)}},
      {"dynamic_shared_memory_bytes",
       dynamicShared ? constant(dynamicShared) : llvm::json::Value(0)},
      {"func", func ? func.getName() : StringRef()},
      {"operands", std::move(operands)},
      {"arguments", std::move(arguments)}};
}

FailureOr<KernelArtifacts>
mlir::roller::collectKernelArtifacts(ModuleOp module) {
  KernelArtifacts artifacts;
  for (auto binary : module.getOps<gpu::BinaryOp>()) {
    std::string ptx;
    for (Attribute attr : binary.getObjects()) {
      auto object = dyn_cast<gpu::ObjectAttr>(attr);
      if (!object || object.getFormat() != gpu::CompilationTarget::Assembly)
        return binary.emitError("this gpu.binary holds no PTX (compile with "
                                "--convert-to-nvvm=\"format=isa\")");
      ptx += object.getObject().getValue();
    }
    artifacts.ptx.emplace_back(binary.getSymName().str(), std::move(ptx));
  }

  SmallVector<gpu::LaunchFuncOp> launches;
  module.walk([&](gpu::LaunchFuncOp launch) { launches.push_back(launch); });
  auto records =
      module->getAttrOfType<ArrayAttr>(RollerDialect::kLaunchOperandsAttrName);
  if (!launches.empty() && !records)
    return module.emitError("the module has no ")
           << RollerDialect::kLaunchOperandsAttrName
           << " (made by --convert-to-nvvm or roller-record-launch-operands)";
  if (records && records.size() != launches.size())
    return module.emitError()
           << RollerDialect::kLaunchOperandsAttrName << " records "
           << records.size() << " launches; the module has " << launches.size();
  for (auto [launch, record] : llvm::zip(launches, records.getValue())) {
    auto dictionary = dyn_cast<DictionaryAttr>(record);
    if (!dictionary)
      return launch.emitError("malformed ")
             << RollerDialect::kLaunchOperandsAttrName << " entry: " << record;
    FailureOr<llvm::json::Object> description =
        describeLaunch(launch, dictionary);
    if (failed(description))
      return failure();
    artifacts.launches.push_back(std::move(*description));
  }
  return artifacts;
}

static LogicalResult writeFile(ModuleOp module, StringRef path,
                               llvm::function_ref<void(raw_ostream &)> write) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return module.emitError()
           << "cannot write '" << path << "': " << ec.message();
  write(os);
  // A write error (a full disk) left in the stream would end the process in
  // its destructor with a fatal error and no location.
  os.close();
  if (std::error_code writeError = os.error()) {
    os.clear_error();
    return module.emitError()
           << "cannot write '" << path << "': " << writeError.message();
  }
  return success();
}

LogicalResult mlir::roller::writeKernelArtifacts(ModuleOp module,
                                                 StringRef ptxPath) {
  FailureOr<KernelArtifacts> artifacts = collectKernelArtifacts(module);
  if (failed(artifacts))
    return failure();
  StringRef base = ptxPath.ends_with(".ptx") ? ptxPath.drop_back(4) : ptxPath;
  for (auto &[symbol, ptx] : artifacts->ptx) {
    std::string path = artifacts->ptx.size() == 1
                           ? ptxPath.str()
                           : (base + "." + symbol + ".ptx").str();
    if (failed(writeFile(module, path,
                         [&, &ptx = ptx](raw_ostream &os) { os << ptx; })))
      return failure();
  }
  return writeFile(module, (base + ".launch.json").str(), [&](raw_ostream &os) {
    os << llvm::formatv("{0:2}",
                        llvm::json::Value(std::move(artifacts->launches)))
       << "\n";
  });
}
