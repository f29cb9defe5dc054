//===- KernelArithPasses.td - Kernel arithmetic for NVVM ---*- tablegen -*-===//
//
// Rewrites of the kernels' scalar code before upstream's NVVM lowering:
// what it would lower badly (integer powers, asserts) and what the NVPTX
// back end may fuse (FMA). Included by Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_CONVERSION_ROLLERTOGPU_KERNELARITHPASSES_TD
#define ROLLER_CONVERSION_ROLLERTOGPU_KERNELARITHPASSES_TD

include "mlir/Pass/PassBase.td"

def RollerExpandIntegerPowersPass
    : Pass<"roller-expand-integer-powers", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Expand math.fpowi in kernels into multiplications";
  let description = [{
    torch-mlir spells `x ** 3` as `math.fpowi %x, %c3 : f32, i64`.
    Upstream's NVVM lowering calls libdevice's `__nv_powif(float, int)`
    with the 64-bit exponent, a call whose parameter types do not match the
    callee's definition: LLVM emits it as an indirect call through a
    `.callprototype` that passes a `.b64` where the function reads a
    `.b32`. This pass leaves no `math.fpowi` in the kernels: an f16 or bf16
    base is raised in f32 (extended, then truncated once, as the f32
    libdevice call did), then upstream's math expansion
    (`math::populateExpansionPatterns`, the `fpowi` patterns) makes a
    constant exponent multiplications by repeated squaring and any other a
    `math.powf` of the exponent converted to the base's type. The C++ entry
    point is `expandIntegerPowers`.

    ```mlir
    %r = math.fpowi %x, %c3 : f16, i64
    ```

    becomes

    ```mlir
    %w = arith.extf %x : f16 to f32
    %s = arith.mulf %w, %w : f32
    %c = arith.mulf %s, %w : f32
    %r = arith.truncf %c : f32 to f16
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::math::MathDialect"];
}

def RollerAssertsToTrapsPass
    : Pass<"roller-asserts-to-traps", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Make cf.assert in kernels a trap where the check fails";
  let description = [{
    torch-mlir checks the indices of an embedding lookup with `cf.assert` in
    the gather's body, which tiling carries into the kernel. Upstream's NVVM
    lowering makes each a call of `__assertfail`, a function of the CUDA
    driver that nothing in the PTX defines (`roller-serialize-kernels`
    rejects such a module, and the PTX emulator has no such function).
    This pass makes each `cf.assert` an `scf.if` of the negated condition
    holding `llvm.intr.trap` (PTX `trap`): the kernel stops where the check
    fails, and the launch reports an error. The assert's message is not
    carried (a trap has none). The C++ entry point is `assertsToTraps`.

    ```mlir
    cf.assert %ok, "index must be smaller than dim size"
    ```

    becomes

    ```mlir
    %true = arith.constant true
    %bad = arith.xori %ok, %true : i1
    scf.if %bad {
      llvm.intr.trap
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::LLVM::LLVMDialect",
    "::mlir::scf::SCFDialect"];
}

def RollerAllowFmaContractionPass
    : Pass<"roller-allow-fma-contraction", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Let float multiply-adds in kernels contract into fma";
  let description = [{
    Adds the `contract` fast-math flag to every floating-point arith op in the
    kernels of a `gpu.module`, so that the NVPTX backend fuses a multiply and
    the add that consumes it into one `fma` (what nvcc does by default with
    `--fmad=true`; the fused result is rounded once, which is at least as
    accurate). linalg bodies lower to separate `mulf` and `addf` otherwise.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect"];
}

#endif // ROLLER_CONVERSION_ROLLERTOGPU_KERNELARITHPASSES_TD
