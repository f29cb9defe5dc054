// Bad options and unsupported schedules of --convert-to-nvvm.
//
// RUN: not roller-opt %s --roller-tile="device=h200" --convert-to-nvvm="chip=sm_75" 2>&1 | \
// RUN:   FileCheck %s --check-prefix=CHIP
// RUN: not roller-opt %s --roller-tile="device=v100" --convert-to-nvvm 2>&1 | \
// RUN:   FileCheck %s --check-prefix=V100
// RUN: not roller-opt %s --roller-tile="device=h200" --convert-to-nvvm="format=cubin" 2>&1 | \
// RUN:   FileCheck %s --check-prefix=FORMAT
// RUN: not roller-opt %s --roller-tile="device=h200" --convert-to-nvvm --ptx-file=%t.missing-dir/out.ptx 2>&1 | \
// RUN:   FileCheck %s --check-prefix=WRITE
// RUN: not roller-opt %S/Inputs/bmm-f16-two-batch-warps.mlir --roller-tile="device=h200" --convert-to-nvvm 2>&1 | \
// RUN:   FileCheck %s --check-prefix=MMA

// CHIP: error: convert-to-nvvm: unsupported chip 'sm_75' (supported: sm_80, sm_86, sm_89, sm_90, sm_90a)
// V100: error: convert-to-nvvm: unsupported chip 'sm_70'
// FORMAT: error: convert-to-nvvm: unknown format 'cubin' (expected isa, bin or fatbin)
// WRITE: error: cannot write {{.*}}missing-dir/out.ptx
// MMA: bmm-f16-two-batch-warps.mlir:6:8: error: cannot compute this warp tile with mma.sync: the warp tile spans more than one batch

func.func @relu(%A: tensor<64xf32>, %C: tensor<64xf32>) -> tensor<64xf32> {
  %cst = arith.constant 0.0 : f32
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%A : tensor<64xf32>) outs(%C : tensor<64xf32>) {
  ^bb0(%a: f32, %c: f32):
    %m = arith.maximumf %a, %cst : f32
    linalg.yield %m : f32
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}
