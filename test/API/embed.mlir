// roller-embed (examples/embed) drives Roller through its C++ API alone:
// chooseConfig per op, selectAndTile, and the NVVM pipeline built into its
// own PassManager. An op Roller cannot model is reported and left alone.
//
// RUN: roller-embed %s a100 2>/dev/null | FileCheck %s
// RUN: not roller-embed %s no-such-gpu 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: linalg.matmul: #roller.config<block = <shared, [{{.*}}]>, thread = <register, [{{.*}}]>
// CHECK-SAME: threads = {{[0-9]+}}
// CHECK: linalg.generic: not supported: {{.*}}dynamic
// CHECK: tiled 1 of 2 ops
// CHECK: pipeline: builtin.module(roller-tile{allow-tf32=false device=a100 fuse-elementwise=true fuse-epilogues=true fuse-pads=true network-layout=true rank=1 report= search=construct split-across-blocks=true split-launch-us=-1.000000e+00 split-reductions=true top-k=10 unfuse-slower=false},convert-to-nvvm{allow-host-fallback=true chip= format=isa host-memory=})
// CHECK: kernel matmul_kernel: #nvvm.target<chip = "sm_80", features = "+ptx70">, {{[0-9]+}} bytes of PTX
// CHECK: 1 gpu.binary op(s)
// BAD: error: {{.*}}no-such-gpu

func.func @matmul(%A: tensor<256x128xf32>, %B: tensor<128x64xf32>,
                  %C: tensor<256x64xf32>) -> tensor<256x64xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<256x128xf32>, tensor<128x64xf32>)
                     outs(%C : tensor<256x64xf32>) -> tensor<256x64xf32>
  return %0 : tensor<256x64xf32>
}

func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%x : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
