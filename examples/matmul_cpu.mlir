// An irregular matmul (33x20 times 20x17) that `scripts/run-example.sh`
// tiles with --roller-tile and runs on the CPU with --roller-lower-to-cpu and
// mlir-runner; every element is 20 * 1 * 2 + 0.5 = 40.5.
func.func @matmul(%A: tensor<33x20xf32>, %B: tensor<20x17xf32>,
                  %C: tensor<33x17xf32>) -> tensor<33x17xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<33x20xf32>, tensor<20x17xf32>)
                     outs(%C : tensor<33x17xf32>) -> tensor<33x17xf32>
  return %0 : tensor<33x17xf32>
}

func.func @main() {
  %a = arith.constant dense<1.0> : tensor<33x20xf32>
  %b = arith.constant dense<2.0> : tensor<20x17xf32>
  %c = arith.constant dense<0.5> : tensor<33x17xf32>
  %r = call @matmul(%a, %b, %c)
      : (tensor<33x20xf32>, tensor<20x17xf32>, tensor<33x17xf32>) -> tensor<33x17xf32>
  %u = tensor.cast %r : tensor<33x17xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(tensor<*xf32>) attributes { llvm.emit_c_interface }
