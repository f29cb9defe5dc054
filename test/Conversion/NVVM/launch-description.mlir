// With ptx-file=, --convert-to-nvvm also writes <base>.launch.json: per
// launch the kernel, its grid and block (from the config: 512 blocks of 64
// threads for this matmul), the dynamic shared memory bytes and the argument
// order with LLVM types (each memref is a descriptor: 2 pointers, an offset,
// sizes and strides).
// RUN: rm -f %t.ptx %t.launch.json
// RUN: roller-opt %S/Inputs/matmul.mlir --roller-tile="device=h200" --convert-to-nvvm="ptx-file=%t.ptx" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.launch.json
// RUN: roller-opt %S/Inputs/matmul-large-smem.mlir --roller-tile="device=h200" --convert-to-nvvm="ptx-file=%t.large.ptx" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=LARGE --input-file=%t.large.launch.json

// CHECK: "arguments": [
// CHECK-NEXT: {
// CHECK-NEXT: "index": 0,
// CHECK-NEXT: "type": "!llvm.ptr"
// CHECK: "block": [
// CHECK-NEXT: 64,
// CHECK-NEXT: 1,
// CHECK-NEXT: 1
// CHECK: "dynamic_shared_memory_bytes": 0,
// CHECK-NEXT: "grid": [
// CHECK-NEXT: 512,
// CHECK: "kernel": "matmul_kernel",

// LARGE: "dynamic_shared_memory_bytes": 65536,
