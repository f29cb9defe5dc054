// Math functions in kernels call libdevice, which gpu.binary serialization
// links from the CUDA toolkit: the PTX then defines every function it calls
// (erf inlined as plain arithmetic). Without a toolkit the PTX would keep
// `.extern .func` declarations that no loader resolves: an error at the
// kernel's launch site instead of an unusable binary.
//
// RUN: roller-opt %s --roller-tile="device=h200" --convert-to-nvvm \
// RUN:   --ptx-file=%t.ptx -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: rm -rf %t.empty-toolkit && mkdir -p %t.empty-toolkit
// RUN: env CUDA_ROOT=%t.empty-toolkit roller-opt %s --roller-tile="device=h200" \
// RUN:   --convert-to-nvvm --verify-diagnostics -o /dev/null

// CHECK: .entry gelu_kernel(
// CHECK-NOT: .extern
// CHECK-NOT: call
// CHECK: ret;

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @gelu(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %e = tensor.empty() : tensor<8x64xf32>
  // expected-remark @below {{roller-select}}
  // expected-error @below {{LibDevice path}}
  // expected-error @below {{kernel module 'gelu_kernel' calls '__nv_erff', which its PTX does not define: libdevice (the CUDA toolkit's math library) was not linked; set CUDA_ROOT or CUDA_HOME to the toolkit (for example /usr/local/cuda)}}
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x64xf32>) outs(%e : tensor<8x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = math.erf %a : f32
    linalg.yield %y : f32
  } -> tensor<8x64xf32>
  return %r : tensor<8x64xf32>
}
