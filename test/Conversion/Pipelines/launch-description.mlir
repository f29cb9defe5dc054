// roller-opt --ptx-file= (writeKernelArtifacts) also writes <base>.launch.json: per
// launch the kernel, its grid and block (from the config: 512 blocks of 64
// threads for this matmul), the dynamic shared memory bytes and the argument
// order with LLVM types (each memref is a descriptor: 2 pointers, an offset,
// sizes and strides), and the operands those parameters came from: memrefs
// with their layout, host argument and the alignment the kernel assumes of
// the buffer (16 bytes, for vector accesses; scalars would come with the value
// passed; the constant loop bounds are sunk into the kernel, so this matmul
// passes only its three memrefs).
// RUN: rm -f %t.ptx %t.launch.json
// RUN: roller-opt %S/Inputs/matmul.mlir --roller-tile="device=h200" --convert-to-nvvm --ptx-file=%t.ptx -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.launch.json
// RUN: roller-opt %S/Inputs/matmul-large-smem.mlir --roller-tile="device=h200" --convert-to-nvvm --ptx-file=%t.large.ptx -o /dev/null 2>/dev/null
// The large-tile matmul stages 2 x 32768 bytes per stage, times 2 stages, in
// dynamic shared memory.
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
// CHECK: "func": "matmul",
// CHECK-NEXT: "grid": [
// CHECK-NEXT: 512,
// CHECK: "kernel": "matmul_kernel",
// CHECK-NEXT: "module": "matmul_kernel",
// CHECK-NEXT: "operands": [
// CHECK-NEXT: {
// CHECK-NEXT: "align": 16,
// CHECK-NEXT: "element": "f32",
// CHECK-NEXT: "func_arg": 0,
// CHECK-NEXT: "kind": "memref",
// CHECK-NEXT: "offset": 0,
// CHECK-NEXT: "params": 7,
// CHECK-NEXT: "shape": [
// CHECK-NEXT: 1024,
// CHECK-NEXT: 1024
// CHECK-NEXT: ],
// CHECK-NEXT: "strides": [
// CHECK-NEXT: 1024,
// CHECK-NEXT: 1
// CHECK-NEXT: ],
// CHECK-NEXT: "type": "memref<1024x1024xf32>"
// CHECK: "func_arg": 1,
// CHECK: "func_arg": 2,
// CHECK-NOT: "kind": "scalar"
// CHECK: ]

// LARGE: "dynamic_shared_memory_bytes": 131072,
