// The host buffers after --convert-to-nvvm and translation to LLVM IR: they
// come from upstream's runtime ABI, `mgpuMemAlloc(size, stream, i8 0)`
// (device memory, cuMemAlloc in the CUDA wrappers) by default or
// `mgpuMemAlloc(size, stream, i8 1)` (managed memory, cuMemAllocManaged)
// with host-memory=managed, and are freed with `mgpuMemFree`; nothing a
// kernel gets comes from `malloc`.
//
// This file's own program (already outlined, on memrefs): a constant global,
// a mutable global the kernel writes, a temporary allocated and freed.
// In device memory: the constant is uploaded by its upload function (once
// per process), the mutable global copied in and back on the call's one
// stream, every device buffer freed, one wait at the end.
// RUN: roller-opt %s --convert-to-nvvm | mlir-translate --mlir-to-llvmir | \
// RUN:   FileCheck %s --check-prefix=DEVICE --implicit-check-not=@malloc --implicit-check-not=@free
//
// In managed memory: the constant copied once where it is read, the mutable
// global copied in and out around the (synchronous) launch.
// RUN: roller-opt %s --convert-to-nvvm="host-memory=managed" | mlir-translate --mlir-to-llvmir | \
// RUN:   FileCheck %s --implicit-check-not=@malloc --implicit-check-not=@free
//
// A CPU integration test (a main that builds its inputs in host helpers,
// calls the operators and prints the results) compiled for the GPU instead.
// RUN: roller-opt %S/../../Integration/CPU/run-matmul.mlir --roller-tile="device=h200" \
// RUN:     --convert-to-nvvm="allow-host-fallback=true" 2>/dev/null | mlir-translate --mlir-to-llvmir | \
// RUN:   FileCheck %s --check-prefix=MATMUL --implicit-check-not=@malloc

// The device copy of the constant is freed when the module goes.
// DEVICE: @llvm.global_dtors = appending global [2 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @__roller_free_device_constants, ptr null }, { i32, ptr, ptr } { i32 123, ptr @kernels_unload, ptr null }]
// DEVICE-LABEL: define void @__roller_free_device_constants()
// DEVICE: %[[D:.*]] = load ptr, ptr @__roller_device_weights
// DEVICE: icmp ne ptr %[[D]], null
// DEVICE: call void @mgpuMemFree(ptr %[[D]],
// DEVICE: store ptr null, ptr @__roller_device_weights
// DEVICE-LABEL: define { ptr, ptr, i64, [1 x i64], [1 x i64] } @__roller_upload_weights()
// DEVICE: %[[SLOT:.*]] = load ptr, ptr @__roller_device_weights
// DEVICE: icmp eq ptr %[[SLOT]], null
// DEVICE: %[[UP:.*]] = call ptr @mgpuStreamCreate()
// DEVICE-NEXT: %[[WD:.*]] = call ptr @mgpuMemAlloc(i64 256, ptr %[[UP]], i8 0)
// DEVICE: call void @mgpuMemcpy(ptr %[[WD]], ptr @weights, i64 256, ptr %[[UP]])
// DEVICE: call void @mgpuStreamSynchronize(ptr %[[UP]])
// DEVICE-NEXT: call void @mgpuStreamDestroy(ptr %[[UP]])
// DEVICE: store ptr %{{.*}}, ptr @__roller_device_weights
// DEVICE-LABEL: define void @main()
// DEVICE-NEXT: call { ptr, ptr, i64, [1 x i64], [1 x i64] } @__roller_upload_weights()
// DEVICE-NEXT: %[[STREAM:.*]] = call ptr @mgpuStreamCreate()
// DEVICE-NEXT: %[[S:.*]] = call ptr @mgpuMemAlloc(i64 256, ptr %[[STREAM]], i8 0)
// DEVICE-NEXT: call void @mgpuMemcpy(ptr %[[S]], ptr @state, i64 256, ptr %[[STREAM]])
// DEVICE: %[[Y:.*]] = call ptr @mgpuMemAlloc(i64 256, ptr %[[STREAM]], i8 0)
// DEVICE: call void @mgpuLaunchKernel({{.*}}, ptr %[[STREAM]], ptr %{{.*}}, ptr null, i64 15)
// DEVICE-NEXT: call void @mgpuMemFree(ptr %[[Y]], ptr %[[STREAM]])
// DEVICE-NEXT: call void @mgpuMemcpy(ptr @state, ptr %[[S]], i64 256, ptr %[[STREAM]])
// DEVICE-NEXT: call void @mgpuMemFree(ptr %[[S]], ptr %[[STREAM]])
// DEVICE-NEXT: call void @mgpuStreamSynchronize(ptr %[[STREAM]])
// DEVICE-NEXT: call void @mgpuStreamDestroy(ptr %[[STREAM]])
// DEVICE-NEXT: ret void

// CHECK-LABEL: define void @main()
// CHECK: %[[W:.*]] = call ptr @mgpuMemAlloc(i64 256, ptr null, i8 1)
// CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr %[[W]], ptr @weights, i64 256, i1 false)
// CHECK: %[[Y:.*]] = call ptr @mgpuMemAlloc(i64 256, ptr null, i8 1)
// CHECK: %[[S:.*]] = call ptr @mgpuMemAlloc(i64 256, ptr null, i8 1)
// CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr %[[S]], ptr @state, i64 256, i1 false)
// CHECK: call void @mgpuLaunchKernel(
// CHECK-NEXT: call void @mgpuStreamSynchronize(
// CHECK-NEXT: call void @mgpuStreamDestroy(
// CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr @state, ptr %[[S]], i64 256, i1 false)
// CHECK-NEXT: %[[STREAM:.*]] = call ptr @mgpuStreamCreate()
// CHECK-NEXT: call void @mgpuMemFree(ptr %[[S]], ptr %[[STREAM]])
// CHECK: call void @mgpuMemFree(ptr %[[Y]], ptr
// CHECK: declare ptr @mgpuMemAlloc(i64, ptr, i8)
// CHECK: declare void @mgpuMemFree(ptr, ptr)
module attributes {gpu.container_module} {
  memref.global "private" constant @weights : memref<64xf32> = dense<2.0>
  memref.global "private" @state : memref<64xf32> = dense<1.0>
  gpu.module @kernels {
    gpu.func @scale(%w: memref<64xf32>, %x: memref<64xf32>, %y: memref<64xf32>) kernel {
      %i = gpu.thread_id x
      %a = memref.load %w[%i] : memref<64xf32>
      %b = memref.load %x[%i] : memref<64xf32>
      %c = arith.mulf %a, %b : f32
      memref.store %c, %y[%i] : memref<64xf32>
      memref.store %c, %x[%i] : memref<64xf32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %w = memref.get_global @weights : memref<64xf32>
    %s = memref.get_global @state : memref<64xf32>
    %y = memref.alloc() : memref<64xf32>
    gpu.launch_func @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%w : memref<64xf32>, %s : memref<64xf32>, %y : memref<64xf32>)
    memref.dealloc %y : memref<64xf32>
    return
  }
}

// The 64x64 result, the inputs from @data_2d_f32 and the checksum's
// tensor.from_elements are all managed memory.
// MATMUL-LABEL: define {{.*}} @matmul_64(
// MATMUL: call ptr @mgpuMemAlloc(i64 16384, ptr null, i8 1)
// MATMUL: call void @mgpuLaunchKernel(
// MATMUL-LABEL: define {{.*}} @data_2d_f32(
// MATMUL: call ptr @mgpuMemAlloc(i64 %{{.*}}, ptr null, i8 1)
// MATMUL-LABEL: define {{.*}} @checksum(
// MATMUL: call ptr @mgpuMemAlloc(i64 40, ptr null, i8 1)
// MATMUL-LABEL: define void @main()
// MATMUL: call {{.*}} @data_2d_f32(
// MATMUL: call {{.*}} @matmul_64(
// MATMUL: declare ptr @mgpuMemAlloc(i64, ptr, i8)
