// RUN: roller-opt %s --split-input-file --roller-register-device-constants-destructor -verify-diagnostics | FileCheck %s

// The function that frees the device copies of constants becomes the
// module's destructor; running again changes nothing.
// CHECK-LABEL: module @lowered
// CHECK: llvm.func @__roller_free_device_constants()
// CHECK: llvm.mlir.global_dtors dtors = [@__roller_free_device_constants], priorities = [65535 : i32], data = [#llvm.zero]
// CHECK-NOT: llvm.mlir.global_dtors
module @lowered {
  llvm.func @__roller_free_device_constants() {
    llvm.return
  }
}

// -----

// CHECK-LABEL: module @registered
// CHECK-COUNT-1: llvm.mlir.global_dtors
module @registered {
  llvm.func @__roller_free_device_constants() {
    llvm.return
  }
  llvm.mlir.global_dtors dtors = [@__roller_free_device_constants], priorities = [65535 : i32], data = [#llvm.zero]
}

// -----

// Without uploaded constants there is nothing to register.
// CHECK-LABEL: module @no_constants
// CHECK-NOT: global_dtors
module @no_constants {
  llvm.func @main() {
    llvm.return
  }
}

// -----

// expected-error @below {{the module already has llvm.mlir.global_dtors; __roller_free_device_constants is not registered in them}}
module @other_destructors {
  llvm.func @__roller_free_device_constants() {
    llvm.return
  }
  llvm.func @cleanup() {
    llvm.return
  }
  llvm.mlir.global_dtors dtors = [@cleanup], priorities = [0 : i32], data = [#llvm.zero]
}

// -----

// A declaration without a body cannot be a destructor (the verifier of
// llvm.mlir.global_dtors rejects it): an error rather than invalid output
// (fuzzer, issue 19).
module @declared_only {
  // expected-error @below {{__roller_free_device_constants is only declared: registering it as the module's destructor needs its definition}}
  llvm.func @__roller_free_device_constants()
}
