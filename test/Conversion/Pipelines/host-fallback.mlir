// A compute op no rProgram covers (a reduction of dynamic shape, which
// Roller does not schedule) is an error on the GPU path, at the op; with
// allow-host-fallback it runs on the host, with a warning, next to the
// kernels of the other ops, and the program still computes the right values
// (its kernels on the PTX emulator).
//
// RUN: roller-opt %s --roller-tile="device=h200" --convert-to-nvvm \
// RUN:   --verify-diagnostics -o /dev/null
// RUN: sed 's/expected-[a-z]*.*//' %s | \
// RUN:   roller-opt --roller-tile="device=h200" \
// RUN:     --convert-to-nvvm="allow-host-fallback=true" 2>%t.log | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%roller_emu_runtime | \
// RUN:   FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.log

// WARN: warning: runs on the host (allow-host-fallback): no rProgram covers it
// CHECK: data =
// CHECK-NEXT: [435]

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @relu_sum(%x: tensor<9x14xf32>) -> tensor<f32> {
  %e = tensor.empty() : tensor<9x14xf32>
  %zero = arith.constant 0.0 : f32
  // expected-remark @below {{roller-select: one-level}}
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<9x14xf32>) outs(%e : tensor<9x14xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<9x14xf32>
  %s0 = tensor.empty() : tensor<f32>
  // A rank-0 fill is one scalar store: glue, not an error.
  %s = linalg.fill ins(%zero : f32) outs(%s0 : tensor<f32>) -> tensor<f32>
  %d = tensor.cast %r : tensor<9x14xf32> to tensor<?x14xf32>
  // expected-remark @below {{roller-select: not supported: dynamic shape in operand #0 (tensor<?x14xf32>)}}
  // expected-error @below {{would run on the host: no rProgram covers it}}
  %t = linalg.reduce ins(%d : tensor<?x14xf32>) outs(%s : tensor<f32>) dimensions = [0, 1]
    (%a: f32, %b: f32) {
      %y = arith.addf %a, %b : f32
      linalg.yield %y : f32
    }
  return %t : tensor<f32>
}

func.func @main() {
  // The generator becomes a linalg.generic, and a kernel.
  // expected-remark @below {{roller-select: one-level}}
  %x = tensor.generate {
  ^bb0(%i: index, %j: index):
    %k = arith.subi %j, %i : index
    %ki = arith.index_cast %k : index to i32
    %f = arith.sitofp %ki : i32 to f32
    tensor.yield %f : f32
  } : tensor<9x14xf32>
  %r = call @relu_sum(%x) : (tensor<9x14xf32>) -> tensor<f32>
  %u = tensor.cast %r : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>) attributes { llvm.emit_c_interface }
