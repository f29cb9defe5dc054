// Debian's stock mlir-opt (not roller-opt) runs Roller through the plugin:
// the dialect plugin makes #roller attributes and ops parse, the pass plugin
// registers the passes and pipelines for --pass-pipeline strings.
//
// RUN: mlir-opt --load-dialect-plugin=%roller_plugin --load-pass-plugin=%roller_plugin \
// RUN:   --pass-pipeline='builtin.module(roller-tile{device=a100})' %s 2>/dev/null | FileCheck %s --check-prefix=TILE
// RUN: mlir-opt --load-dialect-plugin=%roller_plugin --load-pass-plugin=%roller_plugin \
// RUN:   %roller_src/examples/matmul_rprogram.mlir | FileCheck %s --check-prefix=PARSE
// RUN: mlir-opt --load-dialect-plugin=%roller_plugin --load-pass-plugin=%roller_plugin \
// RUN:   --pass-pipeline='builtin.module(roller-compile-nvvm{device=h200 top-k=4})' \
// RUN:   --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: mlir-opt --load-dialect-plugin=%roller_plugin --load-pass-plugin=%roller_plugin \
// RUN:   --pass-pipeline='builtin.module(roller-compile-nvvm{device=a100})' %s 2>/dev/null | \
// RUN:   FileCheck %s --check-prefix=NVVM
// RUN: mlir-opt --load-dialect-plugin=%roller_plugin --load-pass-plugin=%roller_plugin \
// RUN:   --pass-pipeline='builtin.module(roller-compile-cpu{device=a100})' %s 2>/dev/null | \
// RUN:   mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | \
// RUN:   FileCheck %s --check-prefix=EXEC
// The dumped pipeline, on one line, parses back and runs.
// RUN: mlir-opt --load-dialect-plugin=%roller_plugin --load-pass-plugin=%roller_plugin \
// RUN:   --pass-pipeline='builtin.module(roller-tile{device=h200 fuse-elementwise=true rank=1 report= search=construct top-k=4 unfuse-slower=false},convert-to-nvvm{allow-host-fallback=false chip= format=isa host-memory=})' \
// RUN:   %s 2>/dev/null | FileCheck %s --check-prefix=REPARSED
// A bad option is a diagnostic, not a crash.
// RUN: not mlir-opt --load-dialect-plugin=%roller_plugin --load-pass-plugin=%roller_plugin \
// RUN:   --pass-pipeline='builtin.module(roller-tile{device=no-such-gpu})' %s 2>&1 | FileCheck %s --check-prefix=BAD

// TILE: #roller_a100 = #roller.device<name = "a100", chip = "sm_80"
// TILE: module attributes {roller.device = #roller_a100}
// TILE-LABEL: func.func @main
// TILE: roller.rprogram
// TILE-SAME: config = <block = <shared, [
// PARSE: roller.rprogram
// DUMP: builtin.module(
// DUMP-NEXT: roller-tile{allow-tf32=false device=h200 fuse-elementwise=true fuse-epilogues=true fuse-pads=true network-layout=true rank=1 report= search=construct split-across-blocks=true split-launch-us=-1.000000e+00 split-reductions=true top-k=4 unfuse-slower=false},
// DUMP-NEXT: convert-to-nvvm{allow-host-fallback=false chip= format=isa host-memory=}
// NVVM: gpu.launch_func <%{{.*}} : !llvm.ptr> @main_kernel::@main_kernel
// NVVM: gpu.binary @main_kernel [#gpu.object<#nvvm.target<chip = "sm_80"
// REPARSED: gpu.binary @main_kernel [#gpu.object<#nvvm.target<chip = "sm_90"
// EXEC: {{\[\[}}33, 33, 33
// BAD: error: {{.*}}no-such-gpu

func.func private @printMemrefF32(tensor<*xf32>)
func.func @main() {
  %a = arith.constant dense<1.0> : tensor<40x33xf32>
  %b = arith.constant dense<1.0> : tensor<33x24xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<40x24xf32>
  %c = linalg.fill ins(%zero : f32) outs(%empty : tensor<40x24xf32>) -> tensor<40x24xf32>
  %r = linalg.matmul ins(%a, %b : tensor<40x33xf32>, tensor<33x24xf32>) outs(%c : tensor<40x24xf32>) -> tensor<40x24xf32>
  %u = tensor.cast %r : tensor<40x24xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
