// RUN: roller-opt %s --roller-attach-device="device=b200" --verify-diagnostics --split-input-file
// RUN: not roller-opt %s --roller-attach-device="device=%S/Inputs/missing.json" --split-input-file 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not roller-opt %s --roller-attach-device="device=%S/Inputs/bad-key.json" --split-input-file 2>&1 | FileCheck %s --check-prefix=BADKEY
// RUN: not roller-opt %s --roller-attach-device="device=%S/Inputs/inconsistent.json" --split-input-file 2>&1 | FileCheck %s --check-prefix=INCONSISTENT
// RUN: not roller-opt %s --roller-attach-device="device=%S/Inputs/bad-type.json" --split-input-file 2>&1 | FileCheck %s --check-prefix=BADTYPE
// RUN: not roller-opt %s --roller-attach-device="device=%S/Inputs/achievable-above-peak.json" --split-input-file 2>&1 | FileCheck %s --check-prefix=ACHIEVABLE
// RUN: not roller-opt %s --roller-attach-device="device=%S/Inputs/round-trip-negative.json" --split-input-file 2>&1 | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: not roller-opt %s --roller-attach-device="device=%S/Inputs/load-latency-negative.json" --split-input-file 2>&1 | FileCheck %s --check-prefix=LOADLATENCY
// RUN: not roller-opt %s --roller-attach-device="device=%S/Inputs/launch-negative.json" --split-input-file 2>&1 | FileCheck %s --check-prefix=LAUNCH
// RUN: not roller-opt %s --roller-attach-device="device=%S/Inputs/l2-negative.json" --split-input-file 2>&1 | FileCheck %s --check-prefix=L2

// An unknown preset name is an error at the module, naming the choices.
// expected-error @+1 {{unknown device 'b200': expected one of v100, a100, h100, h200 or the path of a JSON device file}}
module {
}

// MISSING: error: cannot read device file {{.*}}missing.json
// BADKEY: error: {{.*}}smem_per_blok
// INCONSISTENT: error: {{.*}}warp_size must be a power of two
// BADTYPE: error: {{.*}}f12
// ACHIEVABLE: error: {{.*}}achievable-above-peak.json': level 'global' achievable_gbps (950) exceeds its bandwidth_gbps (900)
// ROUNDTRIP: error: {{.*}}round-trip-negative.json': level 'global' round_trip_ns must not be negative (got -704.4)
// LOADLATENCY: error: {{.*}}load-latency-negative.json': level 'global' load_latency_ns must not be negative (got -375.2)
// LAUNCH: error: {{.*}}launch-negative.json': launch_ns must not be negative (got -1864.1)
// L2: error: {{.*}}l2-negative.json': l2_gbps must not be negative (got -9769.1)

// An rProgram valid without a device that h200 cannot run (1088 registers
// per thread) is an error of ours, and the module keeps no device (before,
// the output failed the rProgram verifier; issue 19).
// The verifier's reason comes first.
// RUN: not roller-opt %S/Inputs/rprogram-too-big.mlir --roller-attach-device="device=h200" 2>&1 | FileCheck %s --check-prefix=FIT
// FIT: error: 'roller.rprogram' op register tiles need 1088 registers per thread but device 'h200' allows 255
// FIT: error: roller-attach-device: this rProgram does not fit device 'h200'
