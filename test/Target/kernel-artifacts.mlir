// What `roller-opt --ptx-file` writes of a finished module
// (writeKernelArtifacts): the PTX of each gpu.binary and the launch
// description, from the launches and their recorded operands.
//
// RUN: rm -rf %t && mkdir -p %t/one %t/two
// RUN: roller-opt %S/Inputs/one-kernel.mlir --ptx-file=%t/one/k.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t/one/k.ptx
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t/one/k.launch.json
// RUN: roller-opt %S/Inputs/two-kernels.mlir --ptx-file=%t/two/k.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=FIRST --input-file=%t/two/k.first.ptx
// RUN: FileCheck %s --check-prefix=SECOND --input-file=%t/two/k.second.ptx
// RUN: not ls %t/two/k.ptx
// RUN: roller-opt %s --split-input-file --verify-diagnostics --ptx-file=%t/bad.ptx -o /dev/null
// RUN: not roller-opt %S/Inputs/one-kernel.mlir --ptx-file=%t/missing/k.ptx -o /dev/null 2>&1 | \
// RUN:   FileCheck %s --check-prefix=WRITE
// RUN: not roller-opt %S/Inputs/one-kernel.mlir --ptx-file=/dev/full -o /dev/null 2>&1 | \
// RUN:   FileCheck %s --check-prefix=FULL

// PTX: .entry scale(

// JSON:      "arguments": [
// JSON-NEXT:   {
// JSON-NEXT:     "index": 0,
// JSON-NEXT:     "type": "!llvm.ptr"
// JSON:      "block": [
// JSON-NEXT:   64,
// JSON-NEXT:   1,
// JSON-NEXT:   1
// JSON-NEXT: ],
// JSON:      "dynamic_shared_memory_bytes": 0,
// JSON-NEXT: "func": "host",
// JSON-NEXT: "grid": [
// JSON-NEXT:   2,
// JSON-NEXT:   1,
// JSON-NEXT:   1
// JSON-NEXT: ],
// JSON-NEXT: "kernel": "scale",
// JSON-NEXT: "module": "k",
// JSON-NEXT: "operands": [
// JSON-NEXT:   {
// JSON-NEXT:     "align": 16,
// JSON-NEXT:     "element": "f32",
// JSON-NEXT:     "func_arg": 0,
// JSON-NEXT:     "kind": "memref",
// JSON-NEXT:     "offset": 0,
// JSON-NEXT:     "params": 5,
// JSON-NEXT:     "shape": [
// JSON-NEXT:       128
// JSON-NEXT:     ],
// JSON-NEXT:     "strides": [
// JSON-NEXT:       1
// JSON-NEXT:     ],
// JSON-NEXT:     "type": "memref<128xf32>"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "kind": "scalar",
// JSON-NEXT:     "params": 1,
// JSON-NEXT:     "type": "f32",
// JSON-NEXT:     "value": 2
// JSON-NEXT:   }
// JSON-NEXT: ]

// FIRST: .entry first(
// SECOND: .entry second(

// WRITE: error: cannot write '{{.*}}missing/k.ptx'

// A write that fails (a full disk) is an error at the module too, not a fatal
// error without a location from the stream's destructor.
// FULL: one-kernel.mlir:{{[0-9]+}}:{{[0-9]+}}: error: cannot write '/dev/full': No space left on device
// FULL-NOT: LLVM ERROR

// A binary of machine code has no PTX to write.
module attributes {gpu.container_module} {
  // expected-error @+1 {{this gpu.binary holds no PTX (compile with --convert-to-nvvm="format=isa")}}
  gpu.binary @k [#gpu.object<#nvvm.target<chip = "sm_80">, bin = "\00">]
}

// -----

// Launches whose operands were never recorded.
// expected-error @+1 {{the module has no roller.launch_operands (made by --convert-to-nvvm or roller-record-launch-operands)}}
module attributes {gpu.container_module} {
  gpu.binary @k [#gpu.object<#nvvm.target<chip = "sm_80">, assembly = ".entry f(">]
  func.func @host() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

// expected-error @+1 {{roller.launch_operands records 0 launches; the module has 1}}
module attributes {gpu.container_module, roller.launch_operands = []} {
  gpu.binary @k [#gpu.object<#nvvm.target<chip = "sm_80">, assembly = ".entry f(">]
  func.func @host() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module, roller.launch_operands = [{kernel = "@k::@g", operands = []}]} {
  gpu.binary @k [#gpu.object<#nvvm.target<chip = "sm_80">, assembly = ".entry f(">]
  func.func @host() {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{the recorded roller.launch_operands do not match this launch of @k::@f}}
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module, roller.launch_operands = [{kernel = "@k::@f", operands = [{type = memref<4xf32>}]}]} {
  gpu.binary @k [#gpu.object<#nvvm.target<chip = "sm_80">, assembly = ".entry f(">]
  func.func @host(%p: !llvm.ptr, %i: i64) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{malformed roller.launch_operands entry: {type = memref<4xf32>}}}
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%p : !llvm.ptr)
    return
  }
}

// -----

// The recorded memref expands into 5 parameters; the launch passes 1.
module attributes {gpu.container_module, roller.launch_operands = [{kernel = "@k::@f", operands = [{align = 16 : i64, func_arg = 0 : i64, type = memref<4xf32>}]}]} {
  gpu.binary @k [#gpu.object<#nvvm.target<chip = "sm_80">, assembly = ".entry f(">]
  func.func @host(%p: !llvm.ptr) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{the kernel's 1 parameters do not match its operands' descriptors (5)}}
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%p : !llvm.ptr)
    return
  }
}
