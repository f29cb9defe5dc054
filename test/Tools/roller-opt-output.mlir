// roller-opt's own output file: a write that fails (here: a full disk, to a
// file or to stdout) is an error naming the file and the exit status is 1;
// it used to be LLVM's fatal "IO failure on output stream", with no file and
// no location (issue 19). Files that cannot be opened are errors too.
//
// RUN: not roller-opt %s -o /dev/full 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: not roller-opt %s > /dev/full 2>%t.err
// RUN: FileCheck %s --check-prefix=STDOUT --input-file=%t.err
// RUN: not roller-opt %s --roller-select -o /dev/full 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: not roller-opt %s -o %t.missing-dir/out.mlir 2>&1 | FileCheck %s --check-prefix=OPEN
// RUN: not roller-opt %t.missing-input.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=INPUT
// RUN: roller-opt %s -o %t.out.mlir
// RUN: FileCheck %s --check-prefix=OK --input-file=%t.out.mlir

// FULL: roller-opt: error: cannot write '/dev/full': No space left on device
// FULL-NOT: LLVM ERROR
// STDOUT: roller-opt: error: cannot write '<stdout>': No space left on device
// OPEN: roller-opt: error: cannot open output file '{{.*}}missing-dir/out.mlir'
// INPUT: roller-opt: error: cannot open input file '{{.*}}missing-input.mlir'
// OK: func.func @mm

func.func @mm(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
