// RUN: roller-opt %s --split-input-file --roller-serialize-kernels=format=isa \
// RUN:   -verify-diagnostics | FileCheck %s
// Serially (no thread pool) the output is the same.
// RUN: roller-opt %s --split-input-file --roller-serialize-kernels=format=isa \
// RUN:   -verify-diagnostics --mlir-disable-threading | FileCheck %s
// With short-pointers=false, LLVM's own default: 64-bit shared addresses.
// RUN: roller-opt %s --split-input-file \
// RUN:   --roller-serialize-kernels="format=isa short-pointers=false" \
// RUN:   -verify-diagnostics | FileCheck %s --check-prefix=LONG

// Every module becomes a gpu.binary of PTX, in the modules' order, each
// with its own kernel.
// CHECK-LABEL: module @two
// CHECK: gpu.binary @first [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">, {{.*}}assembly = "{{.*}}.target sm_90{{.*}}.entry first_kernel{{.*}}">]
// CHECK: gpu.binary @second [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">, {{.*}}assembly = "{{.*}}.entry second_kernel{{.*}}st.global.b32{{.*}}">]
// CHECK-NOT: gpu.module
module @two attributes {gpu.container_module} {
  gpu.module @first [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    llvm.func @first_kernel() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  gpu.module @second [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    llvm.func @second_kernel(%p: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      %v = llvm.mlir.constant(1.0 : f32) : f32
      llvm.store %v, %p : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}

// -----

// A module without a target cannot be compiled: nothing is replaced.
module @no_target attributes {gpu.container_module} {
  gpu.module @ok [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    llvm.func @ok_kernel() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  // expected-error @below {{the module has no target attributes}}
  gpu.module @untargeted {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

// A module whose translation fails (an unregistered op has no LLVM IR).
module @bad_kernel attributes {gpu.container_module} {
  // expected-error @below {{Failed creating the llvm::Module.}}
  // expected-error @below {{An error happened while serializing the module.}}
  gpu.module @bad [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      // expected-error @below {{cannot be converted to LLVM IR: missing `LLVMTranslationDialectInterface` registration for dialect for op: memref.alloca}}
      %a = memref.alloca() : memref<4xf32>
      llvm.return
    }
  }
}

// -----

// A kernel module embedding a constant larger than 16 MiB (a splat weight
// of 2^31 x 2 i32 sunk into its kernel, from the fuzzer's seed 9 run: the
// translation materialized 16 GiB) is an error at the constant; a small one
// is compiled.
module @big_constant attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    llvm.mlir.global private constant @small(dense<1> : tensor<1x2xi32>) {addr_space = 0 : i32} : !llvm.array<1 x array<2 x i32>>
    // expected-error @below {{roller-serialize-kernels: kernel module 'kernels' embeds a constant of 17179869176 bytes, more than the 16777216 a kernel may hold}}
    llvm.mlir.global private constant @weight(dense<1> : tensor<2147483647x2xi32>) {addr_space = 0 : i32} : !llvm.array<2147483647 x array<2 x i32>>
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

// The translation materializes a splat at the global's type, not at its
// initializer's shape (the verifier does not ask them to agree): a small
// splat declared as 2^31 x 2 i32 is as large (fuzzer, seed 11).
module @big_constant_type attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    // expected-error @below {{roller-serialize-kernels: kernel module 'kernels' embeds a constant of 17179869176 bytes, more than the 16777216 a kernel may hold}}
    llvm.mlir.global private constant @weight(dense<1> : tensor<1009x2xi32>) {addr_space = 0 : i32} : !llvm.array<2147483647 x array<2 x i32>>
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

// Shared memory is addressed with 32-bit pointers (LLVM's nvptx-short-ptr,
// set while the modules are serialized): the shared array's address and
// the load's address are 32-bit registers. Off, they are 64-bit.
// CHECK-LABEL: module @shared_address
// CHECK: assembly = "{{.*}}mov.b32 \09%r{{[0-9]+}}, tile;{{.*}}ld.shared.b32 \09%r{{[0-9]+}}, [%r{{[0-9]+}}];{{.*}}"
// LONG-LABEL: module @shared_address
// LONG: assembly = "{{.*}}mov.b64 \09%rd{{[0-9]+}}, tile;{{.*}}ld.shared.b32 \09%r{{[0-9]+}}, [%rd{{[0-9]+}}];{{.*}}"
module @shared_address attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    llvm.mlir.global internal @tile() {addr_space = 3 : i32, alignment = 4 : i64} : !llvm.array<64 x f32>
    llvm.func @k(%i: i32, %j: i32, %x: f32, %out: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      %base = llvm.mlir.addressof @tile : !llvm.ptr<3>
      %p = llvm.getelementptr %base[0, %i] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<64 x f32>
      llvm.store %x, %p : f32, !llvm.ptr<3>
      %q = llvm.getelementptr %base[0, %j] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<64 x f32>
      %v = llvm.load %q : !llvm.ptr<3> -> f32
      llvm.store %v, %out : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}
