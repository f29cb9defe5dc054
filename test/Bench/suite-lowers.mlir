// Every operator of ROLLER's 119-operator suite tiles into an rProgram and
// lowers to block-mapped loops, and the whole suite compiles to the LLVM
// dialect through the CPU pipeline, for both devices.
// RUN: roller-opt %roller_src/bench/suite/roller119.mlir --roller-tile="device=h200" --mlir-print-op-on-diagnostic=false 2>/dev/null | roller-opt --roller-lower-rprograms | grep -c "mapping = \[#gpu.block" | FileCheck %s --check-prefix=COUNT-H200
// RUN: roller-opt %roller_src/bench/suite/roller119.mlir --roller-tile="device=a100" --mlir-print-op-on-diagnostic=false 2>/dev/null | roller-opt --roller-lower-rprograms | grep -c "mapping = \[#gpu.block" | FileCheck %s --check-prefix=COUNT-A100
// RUN: roller-opt %roller_src/bench/suite/roller119.mlir --roller-tile="device=h200" --roller-lower-to-cpu --mlir-print-op-on-diagnostic=false 2>/dev/null | FileCheck %s --check-prefix=LLVM
// RUN: roller-opt %roller_src/bench/suite/fp16.mlir --roller-tile="device=h200" --roller-lower-rprograms --mlir-print-op-on-diagnostic=false 2>/dev/null | FileCheck %s --check-prefix=FP16

// On both devices, M1 and M2 are split across blocks: two rPrograms each
// (on a100 their 200 blocks fill the 108 SMs but not a full wave of two
// resident blocks each).
// COUNT-H200: 121
// COUNT-A100: 121
// LLVM: llvm.func @C0(
// LLVM: llvm.func @M6(
// LLVM-NOT: roller.
// FP16-NOT: roller.rprogram
// FP16: #gpu.warp<linear_dim_0>
