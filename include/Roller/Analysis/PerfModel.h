//===- PerfModel.h - ROLLER's micro-performance model -----------*- C++ -*-===//
//
// Predicts the time of one rProgram from the device description alone
// (paper section 4.3): per-level traffic over the bandwidth each SM gets,
// compute over the peak of the unit that runs it, both quantized in waves;
// the predicted time is the slowest stage. It is only meaningful for aligned
// tiles, which is all the construction builds.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_ANALYSIS_PERFMODEL_H
#define ROLLER_ANALYSIS_PERFMODEL_H

#include "Roller/Analysis/Alignment.h"
#include "Roller/Analysis/Device.h"
#include "Roller/Analysis/Schedule.h"
#include "Roller/Analysis/TensorExpr.h"
#include "Roller/Analysis/Traffic.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <map>

namespace mlir::roller {

/// Registers a thread holds besides its tiles and their addresses (thread and
/// block ids, loop bounds, predicates, address arithmetic in flight).
/// Calibrated with ptxas on the suite's kernels (docs/model.md).
constexpr int64_t kScalarRegisters = 12;
/// Registers of streamed input values (see estimateRegisters) ptxas keeps in
/// flight ahead of their use across a block step's thread steps: the most
/// it took on the suite's candidates (docs/model.md).
constexpr int64_t kStreamedInFlightRegisters = 24;
/// Registers of a gather staged an element at a time (no cp.async) that
/// ptxas keeps in flight: the loads of a step's elements are issued before
/// their stores to shared memory, up to this many. ResNet's 3-channel stem
/// as an NHWC GEMM on sm_80 (block [96, 64, 80], 64 threads: 120 elements
/// a thread) was estimated at 216 registers without it and took all 255
/// and a 16-byte stack (docs/model.md).
constexpr int64_t kGatherInFlightRegisters = 48;
/// Registers of one address or loop counter: the kernels index with 64-bit
/// `index` values.
constexpr int64_t kAddressRegisters = 2;
/// Thread-instructions one position of a gather costs: its indices through
/// the convolution's map, the bounds and padding checks, the load and the
/// store of an element, or of a run, whose copy (cp.async with a zero-fill
/// size) costs more. The emulator's counts of h200 implicit GEMMs, the
/// kernel's other instructions taken out: 37-39 an element (NHWC, 27
/// channels), 45 (NCHW, 64 channels), 57 a run of 8 (NHWC, 24 channels;
/// docs/model.md).
constexpr double kGatherElementInstructions = 40;
constexpr double kGatherRunInstructions = 56;
/// Registers a tensor-core kernel whose k step leaves a partial last step
/// takes beyond the same kernel without one: the peeled steps' copy pieces
/// and the zeroing of the padded slab stay live beside the accumulators.
/// Calibrated with ptxas on irregular GEMMs (docs/model.md).
constexpr int64_t kPartialMmaStepRegisters = 24;

/// The threads of a block that have work: its thread (or warp) tiles over
/// the spatial axes, times the threads sharing each reduction, times the
/// warp size with tensor cores.
int64_t getBusyThreads(const TensorExpr &expr, const DeviceSpec &device,
                       const Schedule &schedule);

/// Threads of a schedule: getBusyThreads rounded up to whole warps.
int64_t getThreadCount(const TensorExpr &expr, const DeviceSpec &device,
                       const Schedule &schedule);

/// Registers of the thread (or, with `mma`, warp) tiles an rProgram declares
/// (getRegisterFootprint, spread over the warp's lanes for tensor cores):
/// what must fit a thread, whatever the kernel streams.
int64_t getDeclaredRegisters(const TensorExpr &expr,
                             llvm::ArrayRef<int64_t> thread, bool mma,
                             const DeviceSpec &device);
/// The same from the tile's getRegisterFootprint, for callers that have it.
int64_t getDeclaredRegisters(int64_t footprint, bool mma,
                             const DeviceSpec &device);

/// Estimated registers per thread of a block tile computed by thread (or,
/// with `mma`, warp) tiles: the tiles (getRegisterFootprint, spread over the
/// warp's lanes for tensor cores; inputs whose every element feeds a single
/// point of the thread step are streamed, not held), the next reduction
/// step's input fragments and up to kStreamedInFlightRegisters of streamed
/// values
/// when a staged block step spans several thread steps (ptxas loads them
/// while the current ones are multiplied), one address per output, per
/// unstaged input and three per staged input (global source, shared
/// destination, shared read), one counter per reduction loop, the elements
/// of gathers staged an element at a time in flight (a block tile's over
/// the threads, up to kGatherInFlightRegisters), and kScalarRegisters.
int64_t estimateRegisters(const TensorExpr &expr, llvm::ArrayRef<int64_t> block,
                          llvm::ArrayRef<int64_t> thread, bool mma,
                          bool usesShared, const DeviceSpec &device);
/// The same from the thread tile's getAccessTileElements.
int64_t estimateRegisters(const TensorExpr &expr, llvm::ArrayRef<int64_t> block,
                          llvm::ArrayRef<int64_t> thread,
                          const AccessTileElements &elements, bool mma,
                          bool usesShared, const DeviceSpec &device);
int64_t estimateRegisters(const TensorExpr &expr, const Schedule &schedule,
                          const DeviceSpec &device);

/// The bank rule for each input staged in shared memory: the storage padding
/// that makes one warp's reads conflict-free, and the conflict degree left
/// (1 when padding removes every conflict).
struct BankPlan {
  std::vector<int64_t> padding;
  int64_t worstDegree = 1;
};
/// The bank-padding searches made so far, by warp read pattern and shared
/// memory: the candidates of one operator share few patterns, and a search
/// tries every padding of a bank period.
class BankPaddingCache {
public:
  using Key = llvm::SmallVector<int64_t, 16>;
  /// WarpReadPattern::bestPadding and the conflict degree left with it.
  std::pair<int64_t, int64_t> getBestPadding(const WarpReadPattern &read,
                                             const MemLevel &shared);
  /// The same for a read known by `key`, a description from which `build`
  /// makes its pattern (how the warp's threads step through the tile):
  /// many candidates share one, and the pattern is built only for a new key.
  std::pair<int64_t, int64_t>
  getBestPadding(llvm::ArrayRef<int64_t> key,
                 llvm::function_ref<WarpReadPattern()> build,
                 const MemLevel &shared);

private:
  std::map<std::vector<int64_t>, std::pair<int64_t, int64_t>> searches;
  std::map<Key, std::pair<int64_t, int64_t>> byDescription;
};
BankPlan planBankPadding(const TensorExpr &expr, const DeviceSpec &device,
                         const Schedule &schedule,
                         BankPaddingCache *cache = nullptr);

/// The worst conflict degree of one warp's reads of the inputs' shared tiles
/// with the schedule's own padding (a user's config may pad differently).
int64_t getBankConflictDegree(const TensorExpr &expr, const DeviceSpec &device,
                              const Schedule &schedule);

/// The widest vector (elements) every global access of the block tile can
/// use: 16 bytes at most, dividing the contiguous extents.
int64_t getVectorWidth(const TensorExpr &expr, llvm::ArrayRef<int64_t> block);

/// The order candidates are ranked in: the faster prediction first. Equal
/// predicted times (the same bottleneck stage, the others hidden under it)
/// go to the schedule with more resident warps per SM, up to two per warp
/// scheduler (latency the stage times assume hidden is hidden by other
/// warps), then to fewer reduction
/// steps per block, then to fewer bytes read from shared memory: every step
/// costs a barrier and a round of copy issue and address arithmetic, every
/// shared byte a fragment load, which the stage times do not price (a
/// 4096^3 f16 GEMM predicts the same time for k-steps of 16 and 64; the
/// longer step issues fewer instructions per MMA, docs/model.md). The
/// tie-breaks apply between tensor-core schedules, the loops measured so
/// far; other equals keep the construction's order.
bool isPreferred(const Prediction &lhs, const Prediction &rhs);

/// Predicts a complete schedule (padding and threads filled in). Fails with
/// the reason when it cannot run on the device (too many threads, registers
/// or shared memory, or a grid beyond the launch limit).
/// `bankConflict`, when given, is the schedule's known conflict degree
/// (getBankConflictDegree), which saves recomputing it.
llvm::Expected<Prediction>
predict(const TensorExpr &expr, const DeviceSpec &device,
        const Schedule &schedule,
        std::optional<int64_t> bankConflict = std::nullopt);

} // namespace mlir::roller

#endif // ROLLER_ANALYSIS_PERFMODEL_H
