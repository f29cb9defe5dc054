//===- PerfModel.cpp - ROLLER's micro-performance model -------------------===//

#include "Roller/Analysis/PerfModel.h"
#include "Roller/Analysis/Alignment.h"
#include "Roller/Analysis/BlockOrder.h"
#include "Roller/Analysis/Occupancy.h"
#include "Roller/Analysis/Traffic.h"

#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::roller;

llvm::StringRef mlir::roller::stringifyStage(Stage stage) {
  switch (stage) {
  case Stage::Compute:
    return "compute";
  case Stage::Global:
    return "global";
  case Stage::Shared:
    return "shared";
  case Stage::Register:
    return "register";
  case Stage::Latency:
    return "latency";
  case Stage::Issue:
    return "issue";
  }
  return "unknown";
}

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

namespace {
/// How the first warp's threads read an input's shared tile: threads are
/// laid out row-major over the spatial axes' thread grid, the last spatial
/// axis fastest (the layout the lowering uses), and the (row, column) a
/// thread reads is linear in its position on that grid. One step along an
/// axis moves the read by a fixed (row, column) delta.
struct WarpReadLattice {
  struct Digit {
    int64_t count;            // threads along the axis the warp reaches
    int64_t rowStep, colStep; // one thread's step along it
  };
  int64_t rowLength = 1, elementBytes = 4, readers = 1;
  llvm::SmallVector<Digit, 8> digits; // fastest first

  /// Everything the pattern depends on, as a cache key.
  BankPaddingCache::Key getKey(const MemLevel &shared) const {
    BankPaddingCache::Key key = {shared.banks, shared.bankWidthBytes, rowLength,
                                 elementBytes, readers};
    for (const Digit &digit : digits)
      key.append({digit.count, digit.rowStep, digit.colStep});
    return key;
  }

  /// The (row, column) each reader reads first. The position advances like
  /// an odometer, adding a digit's steps: the selection builds this for
  /// every new lattice, so no division or affine evaluation per thread.
  WarpReadPattern expand() const {
    WarpReadPattern pattern;
    pattern.rowLength = rowLength;
    pattern.elementBytes = elementBytes;
    pattern.rows.reserve(readers);
    pattern.columns.reserve(readers);
    llvm::SmallVector<int64_t, 8> position(digits.size(), 0);
    int64_t row = 0, column = 0;
    for (int64_t t = 0; t < readers; ++t) {
      pattern.rows.push_back(row);
      pattern.columns.push_back(column);
      for (auto [digit, at] : llvm::zip(digits, position)) {
        bool carry = ++at == digit.count;
        int64_t steps = carry ? 1 - digit.count : 1;
        row += digit.rowStep * steps;
        column += digit.colStep * steps;
        if (!carry)
          break;
        at = 0;
      }
    }
    pattern.canonicalize();
    return pattern;
  }
};
} // namespace

static WarpReadLattice getWarpReadLattice(const TensorExpr &expr,
                                          const TensorAccess &access,
                                          const Schedule &schedule,
                                          int64_t warpSize) {
  WarpReadLattice lattice;
  unsigned dims = access.shape.size();
  assert(access.indices.size() == dims && dims > 0 && "one index per dim");
  // Rows are the leading dimensions of the tile in row-major order.
  llvm::SmallVector<int64_t, 8> rowStride(dims, 0);
  int64_t stride = 1;
  for (int64_t d = int64_t(dims) - 2; d >= 0; --d) {
    rowStride[d] = stride;
    stride *= access.tileDim(d, schedule.block);
  }
  lattice.rowLength = access.tileDim(dims - 1, schedule.block);
  lattice.elementBytes = access.elementBytes;
  int64_t threads = 1;
  for (unsigned a = expr.getRank(); a-- > 0;) {
    if (expr.axes[a].isReduction())
      continue;
    int64_t count = schedule.block[a] / schedule.thread[a];
    // A digit of one thread never moves; those the warp's threads do not
    // reach, and the positions of the last one beyond them, read nothing.
    if (count <= 1 || threads >= warpSize)
      continue;
    WarpReadLattice::Digit digit{
        std::min<int64_t>(count, llvm::divideCeil(warpSize, threads)), 0, 0};
    threads *= count;
    for (auto [d, index] : llvm::enumerate(access.indices)) {
      int64_t delta =
          a < index.coeffs.size() ? index.coeffs[a] * schedule.thread[a] : 0;
      if (d + 1 < dims)
        digit.rowStep += delta * rowStride[d];
      else
        digit.colStep = delta;
    }
    lattice.digits.push_back(digit);
  }
  lattice.readers = std::min(warpSize, threads);
  return lattice;
}

std::pair<int64_t, int64_t>
BankPaddingCache::getBestPadding(const WarpReadPattern &read,
                                 const MemLevel &shared) {
  std::vector<int64_t> key = {shared.banks, shared.bankWidthBytes,
                              read.rowLength, read.elementBytes};
  llvm::append_range(key, read.rows);
  llvm::append_range(key, read.columns);
  auto [it, inserted] = searches.try_emplace(std::move(key));
  if (inserted) {
    int64_t padding = read.bestPadding(shared);
    it->second = {padding, read.conflictDegree(padding, shared)};
  }
  return it->second;
}

std::pair<int64_t, int64_t>
BankPaddingCache::getBestPadding(llvm::ArrayRef<int64_t> key,
                                 llvm::function_ref<WarpReadPattern()> build,
                                 const MemLevel &shared) {
  auto [it, inserted] = byDescription.try_emplace(Key(key));
  // Different descriptions can make one pattern (threads that read the same
  // element broadcast): the search itself is shared by pattern.
  if (inserted)
    it->second = getBestPadding(build(), shared);
  return it->second;
}

BankPlan mlir::roller::planBankPadding(const TensorExpr &expr,
                                       const DeviceSpec &device,
                                       const Schedule &schedule,
                                       BankPaddingCache *cache) {
  BankPlan plan;
  plan.padding.assign(expr.inputs.size(), 0);
  const MemLevel *shared = device.getLevel(MemLevelKind::Shared);
  if (!schedule.usesShared || !shared)
    return plan;
  for (auto [index, input] : llvm::enumerate(expr.inputs)) {
    if (input.indices.empty() || !input.isRead)
      continue;
    if (!schedule.mma.empty()) {
      // ldmatrix reads 8 rows of 16 bytes per phase; a 16-byte row skew
      // keeps the 8 rows in distinct bank groups (the usual mma.sync layout).
      plan.padding[index] = 16 / input.elementBytes;
      // A 32-bit (TF32) operand whose rows do not run along K is read an
      // element per lane instead (ldmatrix cannot transpose 32-bit
      // elements): lane 4g + t reads row t (of 4), column g (of 8), which
      // on 32 banks of 4 bytes hits 32 distinct banks when the row pitch
      // is an odd multiple of 8 words (a 16-byte skew of a pitch of 16k
      // words: 2-way conflicts).
      constexpr int64_t kColumns = 8;
      std::optional<unsigned> rowAxis = input.indices.back().getSingleAxis();
      int64_t row = input.tileDim(input.shape.size() - 1, schedule.block);
      if (input.elementBytes == 4 && shared->banks == 4 * kColumns &&
          shared->bankWidthBytes == 4 && rowAxis &&
          !expr.axes[*rowAxis].isReduction() && row % kColumns == 0)
        plan.padding[index] = row % (2 * kColumns) == 0 ? kColumns : 0;
      continue;
    }
    WarpReadLattice lattice =
        getWarpReadLattice(expr, input, schedule, device.warpSize);
    BankPaddingCache local;
    auto [padding, degree] = (cache ? *cache : local)
                                 .getBestPadding(
                                     lattice.getKey(*shared),
                                     [&] { return lattice.expand(); }, *shared);
    plan.padding[index] = padding;
    plan.worstDegree = std::max(plan.worstDegree, degree);
  }
  return plan;
}

int64_t mlir::roller::getBankConflictDegree(const TensorExpr &expr,
                                            const DeviceSpec &device,
                                            const Schedule &schedule) {
  const MemLevel *shared = device.getLevel(MemLevelKind::Shared);
  if (!schedule.usesShared || !shared || !schedule.mma.empty())
    return 1;
  int64_t worst = 1;
  for (auto [index, input] : llvm::enumerate(expr.inputs)) {
    if (input.indices.empty() || !input.isRead)
      continue;
    int64_t pad = index < schedule.padding.size() ? schedule.padding[index] : 0;
    worst = std::max(worst,
                     getWarpReadLattice(expr, input, schedule, device.warpSize)
                         .expand()
                         .conflictDegree(pad, *shared));
  }
  return worst;
}

int64_t mlir::roller::getVectorWidth(const TensorExpr &expr,
                                     llvm::ArrayRef<int64_t> block) {
  int64_t width = 16;
  for (const TensorAccess *access : expr.getAccesses()) {
    if (access->indices.empty())
      continue;
    int64_t elements = std::max<int64_t>(1, 16 / access->elementBytes);
    int64_t extent = access->tileShape(block).back();
    int64_t dim = access->shape.back();
    // Only contiguous single-axis accesses vectorize.
    if (!access->indices.back().getSingleAxis())
      elements = 1;
    while (elements > 1 && (extent % elements != 0 || dim % elements != 0))
      elements /= 2;
    width = std::min(width, elements);
  }
  return std::max<int64_t>(width, 1);
}

/// The dense peak, in TFLOP/s, of the unit the schedule computes on.
static double getPeakTflops(const TensorExpr &expr, const DeviceSpec &device,
                            const Schedule &schedule) {
  if (!schedule.mma.empty())
    if (const PeakThroughput *peak = device.getPeak(expr.mmaInputType))
      if (peak->tensorCoreTflops > 0)
        return peak->tensorCoreTflops;
  if (const PeakThroughput *peak = device.getPeak(expr.computeType))
    if (peak->cudaCoreTflops > 0)
      return peak->cudaCoreTflops;
  // Types the CUDA cores do not list run at the f32 rate.
  if (const PeakThroughput *peak = device.getPeak("f32"))
    return peak->cudaCoreTflops;
  return 0;
}

llvm::Expected<Prediction>
mlir::roller::predict(const TensorExpr &expr, const DeviceSpec &device,
                      const Schedule &schedule,
                      std::optional<int64_t> bankConflict) {
  Prediction p;
  unsigned rank = expr.getRank();
  if (schedule.block.size() != rank || schedule.thread.size() != rank)
    return makeError("schedule rank does not match the expression");
  const MemLevel *global = device.getLevel(MemLevelKind::Global);
  const MemLevel *shared = device.getLevel(MemLevelKind::Shared);
  if (!global || (schedule.usesShared && !shared))
    return makeError("device has no global or shared memory level");

  p.blocks = countSpatialTiles(expr, schedule.block);
  p.reductionSteps = countReductionSteps(expr, schedule.block);
  p.gatheredElements = getGatheredElements(expr, schedule.block);
  GatherPositions positions = getGatherPositions(expr, schedule.block);
  p.gatherInstructions = positions.elements * kGatherElementInstructions +
                         positions.runs * kGatherRunInstructions;
  p.tensorCores = !schedule.mma.empty();
  for (unsigned a = 0; a < rank; ++a)
    if (!expr.axes[a].isReduction())
      p.grid.push_back(
          llvm::divideCeil(expr.axes[a].extent, schedule.block[a]));
  // One-dimensional launch: grid.x allows 2^31 - 1 blocks.
  if (p.blocks > (int64_t(1) << 31) - 1)
    return makeError(
        llvm::formatv("{0} blocks exceed the launch limit", p.blocks));
  p.smemBytes = schedule.usesShared ? getSharedFootprint(expr, schedule.block,
                                                         schedule.padding) *
                                          schedule.stages
                                    : 0;
  // Threads sharing a reduction leave one partial result per thread and
  // output of the block in shared memory, where they are combined.
  if (schedule.reduceThreads > 1)
    for (const TensorAccess &output : expr.outputs)
      p.smemBytes += output.tileElements(schedule.block) *
                     schedule.reduceThreads * output.elementBytes;
  // The register tiles an rProgram declares must fit a thread (its verifier
  // checks the same), even where the estimate streams some of them.
  int64_t declared = getDeclaredRegisters(expr, schedule.thread,
                                          !schedule.mma.empty(), device);
  if (declared > device.maxRegsPerThread)
    return makeError(llvm::formatv(
        "block cannot launch: register tiles need {0} registers per thread, "
        "above the {1} a thread may use",
        declared, device.maxRegsPerThread));
  p.regsPerThread = estimateRegisters(expr, schedule, device);
  llvm::Expected<Occupancy> occupancy = computeOccupancy(
      device, {schedule.threads, p.regsPerThread, p.smemBytes});
  if (!occupancy)
    return occupancy.takeError();
  p.blocksPerSM = occupancy->blocksPerSM;
  // The cap keeps resident the blocks per SM the grid can fill: a grid of
  // fewer blocks puts ceil(blocks / SMs) on the busiest SM, and capping its
  // registers for residents it never has would only make it spill (a 64-block
  // split-K partial product on a100's 108 SMs: 28 bytes under a cap of 72).
  int64_t busiest = llvm::divideCeil(p.blocks, device.smCount);
  int64_t resident = std::min<int64_t>(p.blocksPerSM, busiest);
  p.regBudget = getRegisterBudget(device, schedule.threads,
                                  std::max<int64_t>(resident, 1));
  p.occupancy = occupancy->fraction;
  // Resident warps per scheduler, up to two: one is what the issue factor
  // below needs, a second keeps the scheduler issuing while the first waits
  // at a barrier or on a load (the ranking's first tie-break).
  p.latencyWarps = std::min<int64_t>(
      p.blocksPerSM * llvm::divideCeil(schedule.threads, device.warpSize),
      2 * device.warpSchedulersPerSM);
  Waves waves = computeWaves(device, p.blocks, p.blocksPerSM);
  p.waves = waves.waves;

  // The busiest SM runs ceil(blocks / SMs) blocks one after another or side
  // by side; either way it gets 1/smCount of each level's bandwidth and of
  // the peak (the paper's even division), so the grid's tail is what wave
  // quantization costs.
  double concurrent = double(busiest);
  // Without a warp per scheduler, an SM issues below every peak (this is why
  // ROLLER's alignment rule prefers blocks of four warps).
  int64_t warpsPerBlock = llvm::divideCeil(schedule.threads, device.warpSize);
  double issue = std::min(1.0, double(resident * warpsPerBlock) /
                                   double(device.warpSchedulersPerSM));
  double perSM = issue / double(device.smCount);

  // Compute: the padded iteration space of one block.
  double blockPoints = 1;
  for (unsigned a = 0; a < rank; ++a)
    if (!expr.axes[a].isReduction())
      blockPoints *= double(schedule.block[a]);
  double reductionPoints = 1;
  for (unsigned a = 0; a < rank; ++a)
    if (expr.axes[a].isReduction())
      reductionPoints *=
          double(llvm::divideCeil(expr.axes[a].extent, schedule.block[a]) *
                 schedule.block[a]);
  double blockOps = blockPoints * reductionPoints * expr.opsPerPoint;
  // Combining the partial results of threads that share a reduction: each
  // thread's value of each output goes through log2(warp) shuffle-and-
  // combine rounds (two instructions each), then one thread per output
  // combines the warps' values.
  if (schedule.reduceThreads > 1) {
    double rounds = std::log2(
        double(std::min<int64_t>(schedule.reduceThreads, device.warpSize)));
    double warps =
        double(llvm::divideCeil(schedule.reduceThreads, device.warpSize));
    blockOps += blockPoints * double(expr.outputs.size()) *
                (double(schedule.reduceThreads) * 2 * rounds + warps);
  }
  // A fused epilogue runs once per output element, or per element of its
  // rows for a row epilogue.
  if (expr.epilogue) {
    double epiloguePoints = blockPoints;
    for (unsigned a = 0; a < rank; ++a)
      if (expr.axes[a].isReduction() && expr.epilogue->usesAxis(a))
        epiloguePoints *= double(expr.axes[a].extent);
    blockOps += epiloguePoints * expr.epilogue->opsPerPoint;
  }
  double peak = getPeakTflops(expr, device, schedule) * 1e12;
  if (peak <= 0)
    return makeError("device lists no peak throughput for " + expr.computeType);
  // Idle lanes of a partial last warp issue no arithmetic.
  double lanes =
      double(getBusyThreads(expr, device, schedule)) / double(schedule.threads);
  p.stageUs[unsigned(Stage::Compute)] =
      concurrent * blockOps / (peak * perSM * lanes) * 1e6;

  // Global memory: every block's tiles, in whole transactions (ROLLER's
  // Q0). Where the device lists the L2's bandwidth, they all pass through
  // the L2 at that rate and DRAM serves only what the L2 does not already
  // hold, for the blocks in the order the kernel launches them
  // (getDramTraffic); otherwise every tile comes from DRAM.
  p.globalBytes =
      getGlobalTraffic(expr, schedule.block, global->transactionBytes);
  p.dramBytes = p.globalBytes;
  // The busiest SM's share of the bytes at its share of a bandwidth: us per
  // byte at 1 GB/s.
  double busiestUs = concurrent / (double(p.blocks) * perSM) * 1e-3;
  double l2Us = 0;
  if (device.l2GBps > 0) {
    int64_t group = chooseBlockGroup(expr, device, schedule, p.blocksPerSM);
    p.dramBytes = getDramTraffic(expr, device, schedule, p.blocksPerSM, group);
    l2Us = p.globalBytes * busiestUs / device.l2GBps;
  }
  p.stageUs[unsigned(Stage::Global)] =
      std::max(p.dramBytes * busiestUs / global->getSustainedGBps(), l2Us);

  // Shared memory: the threads' reads of their tiles, slowed by the bank
  // conflict degree the padding leaves.
  if (schedule.usesShared) {
    p.bankConflict = bankConflict
                         ? *bankConflict
                         : getBankConflictDegree(expr, device, schedule);
    p.sharedBytes = getRegisterTraffic(expr, schedule.thread);
    double blockShared = p.sharedBytes / double(p.blocks);
    p.stageUs[unsigned(Stage::Shared)] =
        concurrent * blockShared * double(p.bankConflict) /
        (shared->getSustainedGBps() * 1e9 * perSM) * 1e6;
  }

  // Latency: however little a block moves, it lives at least one global round
  // trip (its launch, a load's round trip, its store and its exit: the
  // level's measured round_trip), and the busiest SM runs its blocks in
  // rounds of the resident ones. Blocks that each move a few bytes, with few
  // resident, are bound by this and not by the bandwidth: a 4096 x 4096 f16
  // ReLU in blocks of 32 threads of one element each takes 152 rounds on
  // a100, 107 us, three times its traffic at the bandwidth.
  p.rounds = llvm::divideCeil(busiest, std::max<int64_t>(resident, 1));
  // Each further reduction step waits for its copy, issued `stages - 1` steps
  // before (a load's latency shared by the steps in flight; without a
  // pipeline each step waits a whole latency). However many blocks are
  // resident, none steps faster: a 1x1 convolution over 1024 channels taken
  // one channel a step spends 1023 latencies per block.
  p.stepUs = global->loadLatencyNs * 1e-3 /
             double(std::max<int64_t>(schedule.stages - 1, 1));
  p.blockLifeUs =
      global->roundTripNs * 1e-3 + double(p.reductionSteps - 1) * p.stepUs;
  p.stageUs[unsigned(Stage::Latency)] = double(p.rounds) * p.blockLifeUs;

  // Issue: the gathers' thread-instructions, a warp-instruction per warp of
  // them, beside the MMAs (one each), at one a cycle per scheduler. A gather
  // element by element moves few bytes per position: no other stage sees it.
  if (p.gatherInstructions > 0 && device.clockMHz > 0) {
    double blockInstructions =
        p.gatherInstructions / double(p.blocks) / double(device.warpSize);
    if (p.tensorCores)
      blockInstructions += blockPoints * reductionPoints /
                           double(llvm::product_of(schedule.mma));
    double perSMRate =
        double(device.warpSchedulersPerSM) * device.clockMHz * 1e6 * issue;
    p.stageUs[unsigned(Stage::Issue)] =
        concurrent * blockInstructions / perSMRate * 1e6;
  }

  p.bottleneck = Stage::Compute;
  for (Stage stage :
       {Stage::Global, Stage::Shared, Stage::Latency, Stage::Issue})
    if (p.stageUs[unsigned(stage)] > p.stageUs[unsigned(p.bottleneck)])
      p.bottleneck = stage;
  p.totalUs = p.stageUs[unsigned(p.bottleneck)];
  return p;
}

bool mlir::roller::isPreferred(const Prediction &lhs, const Prediction &rhs) {
  // Stage times are sums and quotients of the same figures: equal up to
  // rounding when the same stage bounds both.
  double tolerance = 1e-9 * std::max(lhs.totalUs, rhs.totalUs);
  if (std::abs(lhs.totalUs - rhs.totalUs) > tolerance)
    return lhs.totalUs < rhs.totalUs;
  // Equally many rounds of blocks bound both: the one with less work in
  // them (a round's length is a round trip plus what the block does).
  auto work = [](const Prediction &p) {
    return std::max({p.stageUs[unsigned(Stage::Compute)],
                     p.stageUs[unsigned(Stage::Global)],
                     p.stageUs[unsigned(Stage::Shared)],
                     p.stageUs[unsigned(Stage::Issue)]});
  };
  double lhsWork = work(lhs), rhsWork = work(rhs);
  if (std::abs(lhsWork - rhsWork) > 1e-9 * std::max(lhsWork, rhsWork))
    return lhsWork < rhsWork;
  // Measured so far (bench/census) for tensor-core loops only: CUDA-core
  // schedules keep the construction's order among equals.
  if (!lhs.tensorCores || !rhs.tensorCores)
    return false;
  if (lhs.latencyWarps != rhs.latencyWarps)
    return lhs.latencyWarps > rhs.latencyWarps;
  if (lhs.gatheredElements != rhs.gatheredElements)
    return lhs.gatheredElements < rhs.gatheredElements;
  if (lhs.reductionSteps != rhs.reductionSteps)
    return lhs.reductionSteps < rhs.reductionSteps;
  return lhs.sharedBytes < rhs.sharedBytes;
}
