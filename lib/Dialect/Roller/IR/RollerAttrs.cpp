//===- RollerAttrs.cpp - Attributes of the roller dialect -----------------===//
//
// Parsing helpers, verifiers, and the bridge between #roller.device and the
// analysis core's DeviceSpec.
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/IR/RollerAttrs.h"
#include "Roller/Analysis/Limits.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <cstdlib>

using namespace mlir;
using namespace mlir::roller;

#include "Roller/Dialect/Roller/IR/RollerEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "Roller/Dialect/Roller/IR/RollerAttrs.cpp.inc"

void RollerDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Roller/Dialect/Roller/IR/RollerAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Parameter parsing and printing
//===----------------------------------------------------------------------===//

FailureOr<SmallVector<int64_t>> mlir::roller::parseI64Array(AsmParser &parser) {
  SmallVector<int64_t> values;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        int64_t value;
        if (parser.parseInteger(value))
          return failure();
        values.push_back(value);
        return success();
      }))
    return failure();
  return values;
}

void mlir::roller::printI64Array(AsmPrinter &printer,
                                 ArrayRef<int64_t> values) {
  printer << '[';
  llvm::interleaveComma(values, printer);
  printer << ']';
}

FailureOr<bool> mlir::roller::parseBool(AsmParser &parser) {
  if (succeeded(parser.parseOptionalKeyword("true")))
    return true;
  if (succeeded(parser.parseOptionalKeyword("false")))
    return false;
  return parser.emitError(parser.getCurrentLocation(),
                          "expected 'true' or 'false'");
}

FailureOr<llvm::APFloat> mlir::roller::parseF64(AsmParser &parser) {
  // MLIR's float literals need a '.', but `bandwidth = 4800` is what people
  // write: accept integers too.
  bool negative = succeeded(parser.parseOptionalMinus());
  double value;
  uint64_t integer = 0;
  OptionalParseResult parsedInteger = parser.parseOptionalInteger(integer);
  if (parsedInteger.has_value()) {
    if (failed(*parsedInteger))
      return failure();
    value = static_cast<double>(integer);
  } else if (parser.parseFloat(value)) {
    return failure();
  }
  return llvm::APFloat(negative ? -value : value);
}

/// The shortest text in printf `style` that reads back to `number`.
static std::string shortestRoundTrip(double number, const char *style) {
  std::string text;
  for (int precision = 0; precision <= 17; ++precision) {
    text = llvm::formatv("{0}", llvm::format(style, precision, number)).str();
    if (std::strtod(text.c_str(), nullptr) == number)
      break;
  }
  return text;
}

void mlir::roller::printF64(AsmPrinter &printer, const llvm::APFloat &value) {
  // Plain decimals for the magnitudes device figures have (`4800.0`,
  // `33454.08`), exponents otherwise; always with a '.', so that MLIR's lexer
  // reads a float literal.
  double number = value.convertToDouble();
  double magnitude = std::fabs(number);
  bool plain = magnitude == 0 || (magnitude >= 1e-4 && magnitude < 1e15);
  std::string text = shortestRoundTrip(number, plain ? "%.*f" : "%.*e");
  if (std::isfinite(number) && text.find('.') == std::string::npos) {
    size_t exponent = text.find_first_of("eE");
    text.insert(exponent == std::string::npos ? text.size() : exponent, ".0");
  }
  printer << text;
}

//===----------------------------------------------------------------------===//
// Hardware attributes
//===----------------------------------------------------------------------===//

static bool isNonNegativeFinite(const llvm::APFloat &value) {
  return value.isFinite() && !value.isNegative();
}

LogicalResult MemLevelAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   MemoryLevel kind, int64_t capacity,
                                   llvm::APFloat bandwidth, int64_t transaction,
                                   int64_t banks, int64_t bankWidth,
                                   llvm::APFloat achievable,
                                   llvm::APFloat roundTrip,
                                   llvm::APFloat loadLatency) {
  if (capacity <= 0)
    return emitError() << "memory level capacity must be positive, got "
                       << capacity;
  if (!isNonNegativeFinite(bandwidth) || bandwidth.isZero())
    return emitError() << "memory level bandwidth must be positive";
  if (transaction <= 0)
    return emitError() << "memory level transaction length must be positive, "
                          "got "
                       << transaction;
  if (banks < 0 || bankWidth < 0 || (banks == 0) != (bankWidth == 0))
    return emitError() << "memory level banks (" << banks
                       << ") and bank_width (" << bankWidth
                       << ") must be both positive or both 0";
  if (!isNonNegativeFinite(achievable))
    return emitError() << "memory level achievable bandwidth must be 0 (not "
                          "measured) or positive";
  if (achievable.compare(bandwidth) == llvm::APFloat::cmpGreaterThan)
    return emitError() << "memory level achievable bandwidth exceeds its "
                          "bandwidth";
  if (!isNonNegativeFinite(roundTrip))
    return emitError() << "memory level round trip must be 0 (not measured) "
                          "or positive";
  if (!isNonNegativeFinite(loadLatency))
    return emitError() << "memory level load latency must be 0 (not measured) "
                          "or positive";
  return success();
}

LogicalResult PeakAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               Type elementType, llvm::APFloat cudaCore,
                               llvm::APFloat tensorCore) {
  if (!elementType.isIntOrFloat())
    return emitError() << "peak throughput needs an integer or float element "
                          "type, got "
                       << elementType;
  if (!isNonNegativeFinite(cudaCore) || !isNonNegativeFinite(tensorCore))
    return emitError() << "peak throughput must be finite and non-negative";
  return success();
}

LogicalResult MmaShapeAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   int64_t m, int64_t n, int64_t k, Type input,
                                   Type acc) {
  if (m <= 0 || n <= 0 || k <= 0)
    return emitError() << "mma shape must be positive, got " << m << "x" << n
                       << "x" << k;
  if (!input.isIntOrFloat() || !acc.isIntOrFloat())
    return emitError() << "mma shape element types must be integers or floats";
  return success();
}

static std::string typeToString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

/// Builds the analysis description from the attribute's parameters. Returns
/// failure (after reporting) when a list holds the wrong kind of attribute.
static FailureOr<DeviceSpec>
buildSpec(function_ref<InFlightDiagnostic()> emitError, StringRef name,
          StringRef chip, int64_t smCount, int64_t warpSize,
          int64_t warpSchedulersPerSM, llvm::APFloat clockMHz,
          int64_t maxThreadsPerBlock, int64_t maxThreadsPerSM,
          int64_t maxBlocksPerSM, int64_t maxRegsPerThread, int64_t regsPerSM,
          int64_t regsPerBlock, int64_t regAllocUnit, int64_t smemPerBlock,
          int64_t smemPerSM, int64_t smemReservedPerBlock,
          int64_t smemAllocUnit, int64_t l2Bytes, llvm::APFloat l2Bandwidth,
          ArrayAttr peaks, ArrayAttr mmaShapes, ArrayAttr levels,
          llvm::APFloat launch) {
  DeviceSpec spec;
  spec.name = name.str();
  spec.chip = chip.str();
  spec.smCount = smCount;
  spec.warpSize = warpSize;
  spec.warpSchedulersPerSM = warpSchedulersPerSM;
  spec.clockMHz = clockMHz.convertToDouble();
  spec.maxThreadsPerBlock = maxThreadsPerBlock;
  spec.maxThreadsPerSM = maxThreadsPerSM;
  spec.maxBlocksPerSM = maxBlocksPerSM;
  spec.maxRegsPerThread = maxRegsPerThread;
  spec.regsPerSM = regsPerSM;
  spec.regsPerBlock = regsPerBlock;
  spec.regAllocUnit = regAllocUnit;
  spec.smemPerBlock = smemPerBlock;
  spec.smemPerSM = smemPerSM;
  spec.smemReservedPerBlock = smemReservedPerBlock;
  spec.smemAllocUnit = smemAllocUnit;
  spec.l2Bytes = l2Bytes;
  spec.l2GBps = l2Bandwidth.convertToDouble();
  spec.launchNs = launch.convertToDouble();
  for (Attribute attr : peaks) {
    auto peak = dyn_cast<PeakAttr>(attr);
    if (!peak) {
      if (emitError)
        emitError() << "device peaks must be #roller.peak attributes, got "
                    << attr;
      return failure();
    }
    spec.peaks.push_back({typeToString(peak.getElementType()),
                          peak.getCudaCore().convertToDouble(),
                          peak.getTensorCore().convertToDouble()});
  }
  for (Attribute attr : mmaShapes) {
    auto mma = dyn_cast<MmaShapeAttr>(attr);
    if (!mma) {
      if (emitError)
        emitError() << "device mma_shapes must be #roller.mma_shape "
                       "attributes, got "
                    << attr;
      return failure();
    }
    spec.mmaShapes.push_back({mma.getM(), mma.getN(), mma.getK(),
                              typeToString(mma.getInput()),
                              typeToString(mma.getAcc())});
  }
  for (Attribute attr : levels) {
    auto level = dyn_cast<MemLevelAttr>(attr);
    if (!level) {
      if (emitError)
        emitError() << "device levels must be #roller.mem_level attributes, "
                       "got "
                    << attr;
      return failure();
    }
    spec.levels.push_back({toMemLevelKind(level.getKind()), level.getCapacity(),
                           level.getBandwidth().convertToDouble(),
                           level.getTransaction(), level.getBanks(),
                           level.getBankWidth(),
                           level.getAchievable().convertToDouble(),
                           level.getRoundTrip().convertToDouble(),
                           level.getLoadLatency().convertToDouble()});
  }
  return spec;
}

LogicalResult DeviceAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, StringRef name,
    StringRef chip, int64_t smCount, int64_t warpSize,
    int64_t warpSchedulersPerSM, llvm::APFloat clockMHz,
    int64_t maxThreadsPerBlock, int64_t maxThreadsPerSM, int64_t maxBlocksPerSM,
    int64_t maxRegsPerThread, int64_t regsPerSM, int64_t regsPerBlock,
    int64_t regAllocUnit, int64_t smemPerBlock, int64_t smemPerSM,
    int64_t smemReservedPerBlock, int64_t smemAllocUnit, int64_t l2Bytes,
    llvm::APFloat l2Bandwidth, ArrayAttr peaks, ArrayAttr mmaShapes,
    ArrayAttr levels, llvm::APFloat launch) {
  FailureOr<DeviceSpec> spec =
      buildSpec(emitError, name, chip, smCount, warpSize, warpSchedulersPerSM,
                clockMHz, maxThreadsPerBlock, maxThreadsPerSM, maxBlocksPerSM,
                maxRegsPerThread, regsPerSM, regsPerBlock, regAllocUnit,
                smemPerBlock, smemPerSM, smemReservedPerBlock, smemAllocUnit,
                l2Bytes, l2Bandwidth, peaks, mmaShapes, levels, launch);
  if (failed(spec))
    return failure();
  if (std::optional<std::string> reason = spec->validate())
    return emitError() << "invalid device '" << name << "': " << *reason;
  return success();
}

DeviceSpec DeviceAttr::toSpec() const {
  // The verifier has checked the lists, so this cannot fail.
  return *buildSpec(nullptr, getName(), getChip(), getSmCount(), getWarpSize(),
                    getWarpSchedulersPerSm(), getClockMhz(),
                    getMaxThreadsPerBlock(), getMaxThreadsPerSm(),
                    getMaxBlocksPerSm(), getMaxRegsPerThread(), getRegsPerSm(),
                    getRegsPerBlock(), getRegAllocUnit(), getSmemPerBlock(),
                    getSmemPerSm(), getSmemReservedPerBlock(),
                    getSmemAllocUnit(), getL2Bytes(), getL2Bandwidth(),
                    getPeaks(), getMmaShapes(), getLevels(), getLaunch());
}

MemLevelAttr DeviceAttr::getLevel(MemoryLevel kind) const {
  for (Attribute attr : getLevels())
    if (auto level = dyn_cast<MemLevelAttr>(attr); level.getKind() == kind)
      return level;
  return {};
}

/// Parses an element type spelled the MLIR way ("f16", "tf32", "i8").
static Type parseElementType(MLIRContext *ctx, StringRef spelling) {
  size_t read = 0;
  Type type = mlir::parseType(spelling, ctx, &read);
  return read == spelling.size() ? type : Type();
}

/// Calls `build` with the attribute parameters that describe `spec`; shared
/// by get and getChecked.
template <typename BuildFn>
static DeviceAttr withDeviceParams(MLIRContext *ctx, const DeviceSpec &spec,
                                   BuildFn build) {
  Builder b(ctx);
  // A DeviceSpec from the analysis core names element types by spelling; an
  // unparsable spelling becomes `none`, which the verifier reports.
  auto elementType = [&](const std::string &name) {
    Type type = parseElementType(ctx, name);
    return type ? type : b.getNoneType();
  };
  SmallVector<Attribute> peaks, mmas, levels;
  for (const PeakThroughput &peak : spec.peaks)
    peaks.push_back(PeakAttr::get(ctx, elementType(peak.elementType),
                                  llvm::APFloat(peak.cudaCoreTflops),
                                  llvm::APFloat(peak.tensorCoreTflops)));
  for (const MmaShape &mma : spec.mmaShapes)
    mmas.push_back(MmaShapeAttr::get(ctx, mma.m, mma.n, mma.k,
                                     elementType(mma.inputType),
                                     elementType(mma.accType)));
  for (const MemLevel &level : spec.levels)
    levels.push_back(MemLevelAttr::get(
        ctx, toMemoryLevel(level.kind), level.capacityBytes,
        llvm::APFloat(level.bandwidthGBps), level.transactionBytes, level.banks,
        level.bankWidthBytes, llvm::APFloat(level.achievableGBps),
        llvm::APFloat(level.roundTripNs), llvm::APFloat(level.loadLatencyNs)));
  return build(spec.name, spec.chip, spec.smCount, spec.warpSize,
               spec.warpSchedulersPerSM, llvm::APFloat(spec.clockMHz),
               spec.maxThreadsPerBlock, spec.maxThreadsPerSM,
               spec.maxBlocksPerSM, spec.maxRegsPerThread, spec.regsPerSM,
               spec.regsPerBlock, spec.regAllocUnit, spec.smemPerBlock,
               spec.smemPerSM, spec.smemReservedPerBlock, spec.smemAllocUnit,
               spec.l2Bytes, llvm::APFloat(spec.l2GBps), b.getArrayAttr(peaks),
               b.getArrayAttr(mmas), b.getArrayAttr(levels),
               llvm::APFloat(spec.launchNs));
}

DeviceAttr DeviceAttr::get(MLIRContext *ctx, const DeviceSpec &spec) {
  return withDeviceParams(
      ctx, spec, [&](auto &&...params) { return Base::get(ctx, params...); });
}

DeviceAttr DeviceAttr::getChecked(function_ref<InFlightDiagnostic()> emitError,
                                  MLIRContext *ctx, const DeviceSpec &spec) {
  return withDeviceParams(ctx, spec, [&](auto &&...params) {
    return Base::getChecked(emitError, ctx, params...);
  });
}

//===----------------------------------------------------------------------===//
// Schedule attributes
//===----------------------------------------------------------------------===//

LogicalResult RTileAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                MemoryLevel level, ArrayRef<int64_t> sizes) {
  if (level == MemoryLevel::Global)
    return emitError() << "rtile level must be 'shared' or 'register'; "
                          "global data is the operator's own tensors";
  if (sizes.empty())
    return emitError() << "rtile must have at least one axis";
  // Limits first: the analysis multiplies tile entries (elements, traffic,
  // threads) and must not overflow.
  int64_t elements = 1;
  for (auto [axis, size] : llvm::enumerate(sizes)) {
    if (size <= 0)
      return emitError() << "rtile size must be positive, got " << size
                         << " on axis " << axis;
    if (size > kMaxExtent)
      return emitError() << "rtile size " << size << " on axis " << axis
                         << " exceeds the limit of " << kMaxExtent;
    // At most 2^48 x 2^31: checked, as the product can exceed 64 bits.
    elements = llvm::checkedMul(elements, size).value_or(kMaxElements + 1);
    if (elements > kMaxElements)
      return emitError() << "rtile has more than 2^48 elements";
  }
  return success();
}

LogicalResult ConfigAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, RTileAttr block,
    RTileAttr thread, ArrayRef<int64_t> mma, ArrayRef<int64_t> padding,
    int64_t vectorWidth, int64_t stages, bool staged, int64_t threads,
    ArrayRef<int64_t> grid, llvm::APFloat predictedUs, Bottleneck,
    int64_t maxRegs, int64_t reduceThreads, int64_t blockGroup) {
  if (block.getLevel() != MemoryLevel::Shared)
    return emitError() << "config block tile must be at the 'shared' level, "
                          "got '"
                       << stringifyMemoryLevel(block.getLevel()) << "'";
  if (thread.getLevel() != MemoryLevel::Register)
    return emitError() << "config thread tile must be at the 'register' "
                          "level, got '"
                       << stringifyMemoryLevel(thread.getLevel()) << "'";
  ArrayRef<int64_t> blockSizes = block.getSizes();
  ArrayRef<int64_t> threadSizes = thread.getSizes();
  if (blockSizes.size() != threadSizes.size())
    return emitError() << "config thread tile has " << threadSizes.size()
                       << " axes but the block tile has " << blockSizes.size();
  for (auto [axis, sizes] :
       llvm::enumerate(llvm::zip_equal(blockSizes, threadSizes))) {
    auto [blockSize, threadSize] = sizes;
    if (blockSize % threadSize != 0)
      return emitError() << "config thread tile size " << threadSize
                         << " does not divide block tile size " << blockSize
                         << " on axis " << axis;
  }
  if (!mma.empty() &&
      (mma.size() != 3 || llvm::any_of(mma, [](int64_t v) { return v <= 0; })))
    return emitError() << "config mma must be [m, n, k] with positive sizes";
  for (auto [input, pad] : llvm::enumerate(padding)) {
    if (pad < 0)
      return emitError() << "config padding must be non-negative, got " << pad
                         << " for input " << input;
    if (pad > kMaxPadding)
      return emitError() << "config padding " << pad << " for input " << input
                         << " exceeds the limit of " << kMaxPadding;
  }
  if (llvm::any_of(mma, [](int64_t v) { return v > kMaxExtent; }))
    return emitError() << "config mma sizes must not exceed " << kMaxExtent;
  if (vectorWidth < 1 || vectorWidth > 16 || !llvm::isPowerOf2_64(vectorWidth))
    return emitError() << "config vector_width must be 1, 2, 4, 8 or 16, got "
                       << vectorWidth;
  if (stages < 1)
    return emitError() << "config stages must be at least 1, got " << stages;
  if (stages > kMaxStages)
    return emitError() << "config stages " << stages << " exceeds the limit of "
                       << kMaxStages;
  if (!staged && (stages != 1 ||
                  llvm::any_of(padding, [](int64_t pad) { return pad != 0; })))
    return emitError() << "config with staged = false keeps nothing in "
                          "shared memory: stages must be 1 and padding 0";
  if (threads < 1)
    return emitError() << "config threads must be positive, got " << threads;
  if (threads > kMaxExtent)
    return emitError() << "config threads " << threads
                       << " exceeds the limit of " << kMaxExtent;
  if (grid.empty() || grid.size() > 3)
    return emitError() << "config grid must have 1 to 3 dimensions, got "
                       << grid.size();
  for (int64_t blocks : grid) {
    if (blocks < 1)
      return emitError() << "config grid sizes must be positive, got "
                         << blocks;
    if (blocks > kMaxExtent)
      return emitError() << "config grid size " << blocks
                         << " exceeds the limit of " << kMaxExtent;
  }
  if (!isNonNegativeFinite(predictedUs))
    return emitError() << "config predicted_us must be finite and "
                          "non-negative";
  if (maxRegs < 0)
    return emitError() << "config max_regs must be non-negative, got "
                       << maxRegs;
  if (maxRegs > kMaxExtent)
    return emitError() << "config max_regs " << maxRegs
                       << " exceeds the limit of " << kMaxExtent;
  if (reduceThreads < 1)
    return emitError() << "config reduce_threads must be positive, got "
                       << reduceThreads;
  if (blockGroup < 1 || blockGroup > kMaxExtent)
    return emitError() << "config block_group must be in [1, " << kMaxExtent
                       << "], got " << blockGroup;
  if (reduceThreads > 1) {
    // Every thread shares every output: the block is one group of them,
    // reading global memory straight into registers.
    if (reduceThreads != threads)
      return emitError() << "config reduce_threads (" << reduceThreads
                         << ") must equal threads (" << threads << ")";
    if (!mma.empty() || staged)
      return emitError() << "config with reduce_threads > 1 must be "
                            "one-level on the CUDA cores (staged = false, "
                            "no mma)";
  }
  return success();
}
