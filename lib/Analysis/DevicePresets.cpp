//===- DevicePresets.cpp - Built-in device descriptions -------------------===//
//
// The four GPUs the project ships a description of. Every figure carries the
// key of its source; docs/devices.md lists the sources in full (title,
// edition, table) and states each derivation rule. Keys:
//
//   [V100-WP]  NVIDIA Tesla V100 GPU Architecture whitepaper, Table 1.
//   [A100-WP]  NVIDIA A100 Tensor Core GPU Architecture whitepaper, Table 1
//              (performance specs) and Table 3 (comparison of data center
//              GPUs).
//   [A100-DS]  NVIDIA A100 Tensor Core GPU datasheet (80GB SXM column).
//   [H100-WP]  NVIDIA H100 Tensor Core GPU Architecture whitepaper, Table 3.
//   [H100-DS]  NVIDIA H100 Tensor Core GPU datasheet (H100 SXM column).
//   [H200-DS]  NVIDIA H200 Tensor Core GPU datasheet (H200 SXM column).
//   [MIG-UG]   NVIDIA Multi-Instance GPU User Guide, "Supported GPUs" table.
//   [CUDA-PG]  CUDA C++ Programming Guide: "Compute Capabilities", Table
//              "Technical Specifications per Compute Capability"; the
//              shared-memory section of compute capability 5.x (32 banks of
//              32 bits, each 32 bits per clock), which 7.x-9.x refer back to;
//              "Arithmetic Instructions" throughput table.
//   [TG]       NVIDIA Ampere / Hopper Tuning Guides, shared memory section
//              ("CUDA reserves 1 KB of shared memory per thread block").
//   [OCC]      cuda_occupancy.h of CUDA 13.0: cudaOccRegAllocationGranularity,
//              cudaOccSMemAllocationGranularity, cudaOccSMemPerBlock,
//              cudaOccMaxBlocksPerMultiprocessor.
//   [PTX]      PTX ISA, "Warp-level Matrix Multiply-Accumulate Instructions",
//              mma matrix shapes and their target-ISA notes.
//   [ROLLER-ART] ROLLER's OSDI'22 artifact, Figure 10 times on a V100
//              (Azure NC24s_v3), bench/data/roller_ops.csv: the fastest
//              ReLU of any implementation there moves 826 GB/s (one read and
//              one write per element; 821-826 GB/s on the 12 largest).
//   [MEAS]     cudaGetDeviceProperties / nvidia-smi on an H200 SXM (see the
//              doc for the records).
//   [GB]       D. Ernst, gpu-benches (github.com/te42kyfo/gpu-benches):
//              gpu-stream/v100.txt, a100_80.txt, h100_pcie.txt and h200.txt
//              (named cuda-stream/ before 2023-01-24), bandwidth of
//              one-shot streaming kernels against occupancy;
//              cuda-latency/v100.txt and a100_80.txt, gpu-latency/
//              h100_pcie.txt, a pointer chase's cycles per load against its
//              footprint; gpu-small-kernels/a100_80.txt and h200.txt,
//              the bandwidth of 10000 back-to-back launches of a small
//              kernel.
//
//===----------------------------------------------------------------------===//

#include "Roller/Analysis/Device.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir::roller;

namespace {

constexpr int64_t KiB = 1024;
constexpr int64_t MiB = 1024 * KiB;
/// NVIDIA's "GB" of HBM capacity is binary: an "80GB" part reports 80 GiB
/// minus a driver reservation.
constexpr int64_t GiB = 1024 * MiB;

/// Shared memory moves 32 banks x 4 bytes per clock per SM [CUDA-PG], so the
/// device-wide figure in GB/s is 128 B x SMs x clock. Derived: NVIDIA
/// publishes no shared-memory bandwidth.
double sharedBandwidthGBps(int64_t sms, double clockMHz) {
  return 32.0 * 4.0 * double(sms) * clockMHz * 1e6 / 1e9;
}

/// NVIDIA publishes no register-file bandwidth. Rule: the register file must
/// feed every FP32 lane one FFMA (three 4-byte source operands) per clock,
/// i.e. 12 B x FP32 lanes per SM x SMs x clock. It is the rate the peak FP32
/// figure implies; the model only needs it to rank register-level tiles.
double registerBandwidthGBps(int64_t fp32LanesPerSM, int64_t sms,
                             double clockMHz) {
  return 3.0 * 4.0 * double(fp32LanesPerSM) * double(sms) * clockMHz * 1e6 /
         1e9;
}

/// Fields every sm_70/sm_80/sm_90 part shares [CUDA-PG] [OCC].
DeviceSpec commonSpec() {
  DeviceSpec spec;
  spec.warpSize = 32; // [CUDA-PG] warp size
  // [CUDA-PG] "Compute Capability 7.x/8.x/9.0: an SM has four warp
  // schedulers" (four processing blocks per SM in [V100-WP], [A100-WP],
  // [H100-WP]); [OCC] cudaOccSubPartitionsPerMultiprocessor is 4 for them.
  spec.warpSchedulersPerSM = 4;
  spec.maxThreadsPerBlock = 1024; // [CUDA-PG] max threads per block
  spec.maxThreadsPerSM = 2048;    // [CUDA-PG] max resident threads per SM
  spec.maxBlocksPerSM = 32; // [CUDA-PG] max resident blocks per SM (7.0, 8.0,
                            // 9.0); [OCC] cudaOccMaxBlocksPerMultiprocessor
  spec.maxRegsPerThread = 255;  // [CUDA-PG] max 32-bit registers per thread
  spec.regsPerSM = 64 * KiB;    // [CUDA-PG] 64K 32-bit registers per SM
  spec.regsPerBlock = 64 * KiB; // [CUDA-PG] max 64K registers per block
  spec.regAllocUnit = 256;      // [OCC] cudaOccRegAllocationGranularity
  return spec;
}

MemLevel globalLevel(int64_t capacity, double bandwidthGBps,
                     double achievableGBps = 0, double roundTripNs = 0,
                     double loadLatencyNs = 0) {
  // 32-byte sectors are the unit DRAM and L2 move [CUDA-PG] "Device Memory
  // Accesses"; not banked.
  MemLevel level = {MemLevelKind::Global, capacity, bandwidthGBps, 32, 0, 0};
  level.achievableGBps = achievableGBps;
  level.roundTripNs = roundTripNs;
  level.loadLatencyNs = loadLatencyNs;
  return level;
}

/// R11: the shortest life of a block that loads, computes and stores once,
/// from [GB]'s cuda-stream `scale` kernel (each thread loads one f64, scales
/// it and stores it: 16 bytes) run with two blocks of 32 threads per SM on a
/// board of `smCount` SMs, where it moves `measuredGBps`. Each SM retires its
/// two blocks every 2 x 32 x 16 x smCount / measuredGBps ns; at this
/// occupancy the bandwidth is far from saturated, so that is the blocks'
/// launch, load latency, store and exit, not queueing.
constexpr double oneShotRoundTripNs(int64_t smCount, double measuredGBps) {
  constexpr double kBytesPerRound = 2 * 32 * 16;
  return kBytesPerRound * double(smCount) / measuredGBps;
}

/// [GB]'s boards: a V100 (80 SMs) moves 128 GB/s, 640.0 ns a round; an A100
/// 80GB (108 SMs) 157 GB/s, 704.4 ns; an H100 PCIe (114 SMs) 183 GB/s, 637.9
/// ns; an H200 (132 SMs) 240 GB/s, 563.2 ns.
constexpr double kVoltaRoundTripNs = oneShotRoundTripNs(80, 128);
constexpr double kAmpereRoundTripNs = oneShotRoundTripNs(108, 157);
constexpr double kHopperRoundTripNs = oneShotRoundTripNs(114, 183);
constexpr double kH200RoundTripNs = oneShotRoundTripNs(132, 240);

/// R13: what one more kernel adds to a stream: [GB]'s gpu-small-kernels
/// launches the scale kernel over 4096 f64 (2 x 8 x 4096 bytes moved) 10000
/// times back to back in one stream and reports the bytes over the time;
/// at the fastest block size that is `measuredGBps`. The interval is the
/// launch and the kernel's own life, one round trip, which each kernel's
/// prediction already charges.
constexpr double launchGapNs(double measuredGBps, double roundTripNs) {
  return 2 * 8 * 4096 / measuredGBps - roundTripNs;
}

/// [GB]'s boards: an A100 80GB moves 25 GB/s (2621.4 ns a kernel, 1917.0 ns
/// beyond its round trip); an H200 27 GB/s (2427.3 ns, 1864.1 ns).
constexpr double kAmpereLaunchNs = launchGapNs(25, kAmpereRoundTripNs);
constexpr double kH200LaunchNs = launchGapNs(27, kH200RoundTripNs);

/// R12: the latency of a load that misses the L2, from [GB]'s pointer chase
/// (one warp; each load's address is the value the previous one returned),
/// at its largest footprint, far beyond the L2: `cycles` per load at the SM
/// clock the run reports.
constexpr double pointerChaseLatencyNs(double cycles, double clockMHz) {
  return cycles / clockMHz * 1e3;
}

/// [GB]'s boards: a V100 at 1380 MHz (the PCIe board's boost clock) takes
/// 437.0 cycles a load, 316.7 ns; an A100 80GB 571.8 cycles at 1410 MHz,
/// 405.5 ns; an H100 PCIe 658.4 cycles at 1755 MHz, 375.2 ns.
constexpr double kVoltaLoadLatencyNs = pointerChaseLatencyNs(437.0, 1380);
constexpr double kAmpereLoadLatencyNs = pointerChaseLatencyNs(571.8, 1410);
constexpr double kHopperLoadLatencyNs = pointerChaseLatencyNs(658.4, 1755);

MemLevel sharedLevel(int64_t capacity, double bandwidthGBps) {
  // 32 banks x 4 bytes [CUDA-PG]. A transaction is one conflict-free warp
  // access, 32 x 4 = 128 bytes; the bank-conflict rule counts how many of
  // them a warp's pattern needs.
  return {MemLevelKind::Shared, capacity, bandwidthGBps, 128, 32, 4};
}

MemLevel registerLevel(int64_t capacity, double bandwidthGBps) {
  // One 32-bit register per access; the register-file banking is not
  // published and not modelled.
  return {MemLevelKind::Register, capacity, bandwidthGBps, 4, 0, 0};
}

/// mma.sync shapes of sm_80 and sm_90 [PTX]: m16n8k16 (f16, bf16), m16n8k8
/// (tf32), m16n8k32 (s8), m8n8k4 (f64, sm_80+).
std::vector<MmaShape> ampereMmaShapes() {
  return {{16, 8, 16, "f16", "f32"},  {16, 8, 16, "f16", "f16"},
          {16, 8, 16, "bf16", "f32"}, {16, 8, 8, "tf32", "f32"},
          {16, 8, 32, "i8", "i32"},   {8, 8, 4, "f64", "f64"}};
}

DeviceSpec makeV100() {
  DeviceSpec spec = commonSpec();
  spec.name = "v100";
  spec.chip = "sm_70";           // [V100-WP] compute capability 7.0
  spec.smCount = 80;             // [V100-WP] Table 1: SMs
  spec.clockMHz = 1530;          // [V100-WP] Table 1: GPU Boost Clock (SXM2)
  spec.smemPerBlock = 96 * KiB;  // [CUDA-PG] 7.0: max smem per block (opt-in)
  spec.smemPerSM = 96 * KiB;     // [CUDA-PG] 7.0; [V100-WP] up to 96 KB / SM
  spec.smemReservedPerBlock = 0; // [OCC] reservation added only for cc >= 8
  spec.smemAllocUnit = 256;      // [OCC] cudaOccSMemAllocationGranularity, 7.x
  spec.l2Bytes = 6144 * KiB;     // [V100-WP] Table 1: L2 Cache Size 6144 KB
  const double clock = spec.clockMHz;
  spec.peaks = {
      {"f64", 7.8, 0},  // [V100-WP] Table 1: Peak FP64 7.8 TFLOPS
      {"f32", 15.7, 0}, // [V100-WP] Table 1: Peak FP32 15.7 TFLOPS
      {"tf32", 0, 0},   // no TF32 before sm_80 [A100-WP]
      // CUDA cores derived: [CUDA-PG] 128 FP16 FMA results/clk/SM on 7.x, x2
      // FLOP x 80 SMs x 1530 MHz = 31.3 TFLOPS. Tensor: [V100-WP] Table 1.
      {"f16", 128.0 * 2 * spec.smCount * clock * 1e-6, 125},
      {"bf16", 0, 0}, // no BF16 before sm_80 [A100-WP]
      // No INT8 tensor cores on Volta [V100-WP]. CUDA cores derived at the
      // INT32 multiply-add rate, 64 results/clk/SM [CUDA-PG] x2 x 80 x clock.
      {"i8", 64.0 * 2 * spec.smCount * clock * 1e-6, 0},
  };
  // [PTX] mma.m8n8k4 with .f16 inputs needs sm_70; f16 or f32 accumulators.
  spec.mmaShapes = {{8, 8, 4, "f16", "f32"}, {8, 8, 4, "f16", "f16"}};
  spec.levels = {
      // [V100-WP] 16 GB HBM2, 900 GB/s; [ROLLER-ART] 826 GB/s sustained;
      // round trip [GB] (a V100).
      globalLevel(16 * GiB, 900, 826, kVoltaRoundTripNs, kVoltaLoadLatencyNs),
      sharedLevel(spec.smemPerSM, sharedBandwidthGBps(spec.smCount, clock)),
      // 256 KB register file per SM [V100-WP] Table 1; 64 FP32 lanes per SM.
      registerLevel(256 * KiB, registerBandwidthGBps(64, spec.smCount, clock)),
  };
  return spec;
}

DeviceSpec makeA100() {
  DeviceSpec spec = commonSpec();
  spec.name = "a100";
  spec.chip = "sm_80";              // [A100-WP] compute capability 8.0
  spec.smCount = 108;               // [A100-WP] Table 3: SMs
  spec.clockMHz = 1410;             // [A100-WP] Table 3: GPU Boost Clock
  spec.smemPerBlock = 163 * KiB;    // [CUDA-PG] 8.0; [TG] 163 KB per block
  spec.smemPerSM = 164 * KiB;       // [CUDA-PG] 8.0: 164 KB per SM
  spec.smemReservedPerBlock = 1024; // [TG] 1 KB per block; [OCC] cc >= 8
  spec.smemAllocUnit = 128;         // [OCC] cudaOccSMemAllocationGranularity
  spec.l2Bytes = 40 * MiB;          // [A100-WP] Table 3: L2 40 MB
  spec.launchNs = kAmpereLaunchNs;  // R13 [GB] (A100 80GB)
  const double clock = spec.clockMHz;
  spec.peaks = {
      {"f64", 9.7, 19.5}, // [A100-WP] Table 1: FP64 9.7, FP64 Tensor 19.5
      {"f32", 19.5, 0},   // [A100-WP] Table 1: FP32 19.5
      {"tf32", 0, 156},   // [A100-WP] Table 1: TF32 Tensor 156 (dense)
      {"f16", 78, 312},   // [A100-WP] Table 1: FP16 78 (non-Tensor), 312
      {"bf16", 39, 312},  // [A100-WP] Table 1: BF16 39 (non-Tensor), 312
      // CUDA cores derived at the INT32 multiply-add rate, 64 results/clk/SM
      // [CUDA-PG] x2 x 108 x clock = 19.5 TOPS. Tensor: [A100-WP] Table 1,
      // INT8 Tensor 624 TOPS (dense).
      {"i8", 64.0 * 2 * spec.smCount * clock * 1e-6, 624},
  };
  spec.mmaShapes = ampereMmaShapes();
  spec.levels = {
      // [A100-DS] 80GB HBM2e, 2039 GB/s (SXM); round trip [GB] (A100 80GB).
      globalLevel(80 * GiB, 2039, 0, kAmpereRoundTripNs, kAmpereLoadLatencyNs),
      sharedLevel(spec.smemPerSM, sharedBandwidthGBps(spec.smCount, clock)),
      // 256 KB register file per SM [A100-WP] Table 3; 64 FP32 lanes per SM.
      registerLevel(256 * KiB, registerBandwidthGBps(64, spec.smCount, clock)),
  };
  return spec;
}

/// H100 SXM5 and H200 SXM share the GH100 132-SM configuration; the
/// [H200-DS] compute peaks equal the [H100-DS] ones digit for digit.
DeviceSpec makeHopper() {
  DeviceSpec spec = commonSpec();
  spec.chip = "sm_90"; // [H100-WP] compute capability 9.0; [MIG-UG]
  spec.smCount = 132;  // [H100-WP] Table 3: SMs (H100 SXM5)
  // [H100-WP] Table 3 computes its non-Tensor peaks at 1980 MHz
  // (132 x 128 FP32 lanes x 2 x 1980 MHz = 66.9 TFLOPS) and its Tensor peaks
  // at 1830 MHz (132 x 4096 FLOP/clk x 1830 MHz = 989.4 TFLOPS). The maximum
  // boost clock, 1980 MHz, is the one the derived bandwidths use.
  spec.clockMHz = 1980;
  spec.smemPerBlock = 227 * KiB;    // [CUDA-PG] 9.0; [TG] 227 KB per block
  spec.smemPerSM = 228 * KiB;       // [CUDA-PG] 9.0: 228 KB per SM
  spec.smemReservedPerBlock = 1024; // [TG] 1 KB per block; [OCC] cc >= 8
  spec.smemAllocUnit = 128;         // [OCC] cudaOccSMemAllocationGranularity
  spec.peaks = {
      {"f64", 33.5, 66.9},    // [H100-WP] Table 3: FP64 33.5, Tensor 66.9
      {"f32", 66.9, 0},       // [H100-WP] Table 3: FP32 66.9
      {"tf32", 0, 494.7},     // [H100-WP] Table 3: TF32 Tensor 494.7 dense
      {"f16", 133.8, 989.4},  // [H100-WP] Table 3: FP16 133.8, Tensor 989.4
      {"bf16", 133.8, 989.4}, // [H100-WP] Table 3: BF16 133.8, Tensor 989.4
      {"i8", 33.5, 1978.9},   // [H100-WP] Table 3: INT32 33.5, INT8 1978.9
  };
  spec.mmaShapes = ampereMmaShapes(); // [PTX] same mma.sync shapes on sm_90
  return spec;
}

DeviceSpec makeH100() {
  DeviceSpec spec = makeHopper();
  spec.name = "h100";
  spec.l2Bytes = 50 * MiB; // [H100-WP] Table 3: L2 Cache Size 50 MB
  const double clock = spec.clockMHz;
  spec.levels = {
      // [H100-DS] 80GB HBM3, 3.35 TB/s; round trip [GB], measured on the H100
      // PCIe (the same GH100 SM and L2, with HBM2e instead of HBM3).
      globalLevel(80 * GiB, 3350, 0, kHopperRoundTripNs, kHopperLoadLatencyNs),
      sharedLevel(spec.smemPerSM, sharedBandwidthGBps(spec.smCount, clock)),
      // 256 KB register file per SM [H100-WP] Table 3; 128 FP32 lanes per SM.
      registerLevel(256 * KiB, registerBandwidthGBps(128, spec.smCount, clock)),
  };
  return spec;
}

DeviceSpec makeH200() {
  DeviceSpec spec = makeHopper();
  spec.name = "h200";
  // sm_90 [MIG-UG]; 132 SMs and a 1980 MHz SM clock under load [MEAS], as
  // the H100 SXM figures that makeHopper() cites predict.
  // [MEAS] cudaDeviceProp::l2CacheSize reads 60 MiB on H200 (50 on H100
  // SXM5); NVIDIA publishes no H200 L2 size. 60 MB is the full GH100 L2
  // [H100-WP], which fits H200 populating all six HBM stacks.
  spec.l2Bytes = 60 * MiB;
  spec.launchNs = kH200LaunchNs; // R13 [GB] (an H200)
  const double clock = spec.clockMHz;
  spec.levels = {
      // [H200-DS] 141GB HBM3e, 4.8 TB/s; round trip [GB] (an H200); load
      // latency [GB] measured on the H100 PCIe (same GH100 SM and L2; no
      // pointer chase of the H200 is published).
      globalLevel(141 * GiB, 4800, 0, kH200RoundTripNs, kHopperLoadLatencyNs),
      sharedLevel(spec.smemPerSM, sharedBandwidthGBps(spec.smCount, clock)),
      registerLevel(256 * KiB, registerBandwidthGBps(128, spec.smCount, clock)),
  };
  return spec;
}

constexpr llvm::StringRef kPresetNames[] = {"v100", "a100", "h100", "h200"};

} // namespace

llvm::ArrayRef<llvm::StringRef> mlir::roller::getDevicePresetNames() {
  return kPresetNames;
}

const DeviceSpec *mlir::roller::lookupDevicePreset(llvm::StringRef name) {
  // Built once, on first use; function-local statics are thread-safe.
  static const DeviceSpec v100 = makeV100(), a100 = makeA100(),
                          h100 = makeH100(), h200 = makeH200();
  return llvm::StringSwitch<const DeviceSpec *>(name)
      .Case("v100", &v100)
      .Case("a100", &a100)
      .Case("h100", &h100)
      .Case("h200", &h200)
      .Default(nullptr);
}
