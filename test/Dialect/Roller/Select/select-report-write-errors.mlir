// RUN: roller-opt %s --roller-select="report=/dev/full" --verify-diagnostics -o /dev/null

// A report that cannot be written (here: a full disk) is an error at the
// module, found when the report is flushed; it used to end the process with a
// fatal error and no location. (An unopenable path: select-options-errors.)

// expected-error @+1 {{roller-select: cannot write report '/dev/full': No space left on device}}
module {
  func.func @mm(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
    // expected-remark-re @below {{roller-select: {{.*}}, chose block }}
    %0 = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
    return %0 : tensor<64x64xf32>
  }
}
