// RUN: roller-opt %s \
// RUN:   --pass-pipeline="builtin.module(builtin.module(roller-serialize-kernels{format=isa}), roller-serialize-kernels{format=isa short-pointers=false})" \
// RUN:   | FileCheck %s

// roller-serialize-kernels on sibling modules, which the pass manager runs
// in parallel: the serializations overlap, and each sets LLVM's
// process-wide nvptx-short-ptr while it runs (serialize-kernels.mlir tests
// the option itself). None may restore it under another: all sixteen
// modules' kernels address shared memory in 32 bits. And the option is
// restored once they all end: the last serialization, with
// short-pointers=false (which leaves the option alone), addresses shared
// memory in 64 bits, LLVM's default. (Before the scopes counted
// themselves, each restored the value it had found, so an overlapping one
// could find the option set by another and leave it set for good: that
// code failed this test in 4 of 6 runs on 2 cores.)
// CHECK-LABEL: module @overlapping
// CHECK: module @m0
// CHECK-NEXT: gpu.binary @kernels {{.*}}mov.b32 \09%r{{[0-9]+}}, tile;{{.*}}[%r{{[0-9]+}}];
// CHECK: module @m1
// CHECK-NEXT: gpu.binary @kernels {{.*}}mov.b32 \09%r{{[0-9]+}}, tile;{{.*}}[%r{{[0-9]+}}];
// CHECK: module @m2
// CHECK-NEXT: gpu.binary @kernels {{.*}}mov.b32 \09%r{{[0-9]+}}, tile;{{.*}}[%r{{[0-9]+}}];
// CHECK: module @m3
// CHECK-NEXT: gpu.binary @kernels {{.*}}mov.b32 \09%r{{[0-9]+}}, tile;{{.*}}[%r{{[0-9]+}}];
// CHECK: module @m4
// CHECK-NEXT: gpu.binary @kernels {{.*}}mov.b32 \09%r{{[0-9]+}}, tile;{{.*}}[%r{{[0-9]+}}];
// CHECK: module @m5
// CHECK-NEXT: gpu.binary @kernels {{.*}}mov.b32 \09%r{{[0-9]+}}, tile;{{.*}}[%r{{[0-9]+}}];
// CHECK: module @m6
// CHECK-NEXT: gpu.binary @kernels {{.*}}mov.b32 \09%r{{[0-9]+}}, tile;{{.*}}[%r{{[0-9]+}}];
// CHECK: module @m7
// CHECK-NEXT: gpu.binary @kernels {{.*}}mov.b32 \09%r{{[0-9]+}}, tile;{{.*}}[%r{{[0-9]+}}];
// CHECK: module @m8
// CHECK-NEXT: gpu.binary @kernels {{.*}}mov.b32 \09%r{{[0-9]+}}, tile;{{.*}}[%r{{[0-9]+}}];
// CHECK: module @m9
// CHECK-NEXT: gpu.binary @kernels {{.*}}mov.b32 \09%r{{[0-9]+}}, tile;{{.*}}[%r{{[0-9]+}}];
// CHECK: module @m10
// CHECK-NEXT: gpu.binary @kernels {{.*}}mov.b32 \09%r{{[0-9]+}}, tile;{{.*}}[%r{{[0-9]+}}];
// CHECK: module @m11
// CHECK-NEXT: gpu.binary @kernels {{.*}}mov.b32 \09%r{{[0-9]+}}, tile;{{.*}}[%r{{[0-9]+}}];
// CHECK: module @m12
// CHECK-NEXT: gpu.binary @kernels {{.*}}mov.b32 \09%r{{[0-9]+}}, tile;{{.*}}[%r{{[0-9]+}}];
// CHECK: module @m13
// CHECK-NEXT: gpu.binary @kernels {{.*}}mov.b32 \09%r{{[0-9]+}}, tile;{{.*}}[%r{{[0-9]+}}];
// CHECK: module @m14
// CHECK-NEXT: gpu.binary @kernels {{.*}}mov.b32 \09%r{{[0-9]+}}, tile;{{.*}}[%r{{[0-9]+}}];
// CHECK: module @m15
// CHECK-NEXT: gpu.binary @kernels {{.*}}mov.b32 \09%r{{[0-9]+}}, tile;{{.*}}[%r{{[0-9]+}}];
// CHECK: gpu.binary @last {{.*}}mov.b64 \09%rd{{[0-9]+}}, tile;{{.*}}[%rd{{[0-9]+}}];
module @overlapping attributes {gpu.container_module} {
  module @m0 attributes {gpu.container_module} {
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
  module @m1 attributes {gpu.container_module} {
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
  module @m2 attributes {gpu.container_module} {
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
  module @m3 attributes {gpu.container_module} {
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
  module @m4 attributes {gpu.container_module} {
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
  module @m5 attributes {gpu.container_module} {
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
  module @m6 attributes {gpu.container_module} {
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
  module @m7 attributes {gpu.container_module} {
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
  module @m8 attributes {gpu.container_module} {
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
  module @m9 attributes {gpu.container_module} {
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
  module @m10 attributes {gpu.container_module} {
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
  module @m11 attributes {gpu.container_module} {
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
  module @m12 attributes {gpu.container_module} {
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
  module @m13 attributes {gpu.container_module} {
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
  module @m14 attributes {gpu.container_module} {
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
  module @m15 attributes {gpu.container_module} {
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
  gpu.module @last [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
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
