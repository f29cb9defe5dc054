//===- RollerTransformOps.td - Transform ops for Roller ----*- tablegen -*-===//
//
// Roller's selection and rProgram construction as transform dialect ops.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMOPS_ROLLERTRANSFORMOPS_TD
#define ROLLER_DIALECT_ROLLER_TRANSFORMOPS_ROLLERTRANSFORMOPS_TD

include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
include "mlir/Dialect/Transform/IR/TransformTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"

def RollerSelectOp : Op<Transform_Dialect, "roller.select", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Choose a #roller.config for each targeted linalg op";
  let description = [{
    Runs ROLLER's construction (the one behind `--roller-select`) on each
    payload op of `target` and attaches the chosen schedule as the
    discardable attribute `roller.config`. Returns a handle to the configured
    ops, in the order of `target`.

    * `device` is a preset name (`v100`, `a100`, `h100`, `h200`) or the path
      of a JSON device file (see `docs/devices.md`). Without it, each op uses
      the `roller.device` of its nearest ancestor that has one, else `h200`.
      The op's enclosing module (or the ancestor that held the device)
      records the device used as `roller.device`, as `--roller-select` does,
      with a remark when this replaces a different one.
    * `rank = k` attaches the k-th best candidate instead of the model's
      choice (the last one, with a remark, when there are fewer);
      `top_k` bounds how many candidates are ranked (at least `rank` are).
    * A `roller.config` already on an op is the user's: it is checked
      against the op and the device and kept.

    #### Return modes

    Only reads the `target` handle; modifies the payload (attributes only)
    and produces the `configured` handle.

    The ops are all checked before any is changed. A payload op that is not
    a linalg op, that Roller cannot model (dynamic shapes, non-affine
    indexing maps, no schedule fits the device) or whose existing
    `roller.config` does not fit is a silenceable failure (an error at this
    op with a note at the payload op), and then no payload op is changed. A device that cannot be resolved
    (unknown name, unreadable or invalid file) is a definite failure.
    `rank` and `top_k` must be at least 1 and `device` non-empty (checked by
    the verifier).

    Example:

    ```mlir
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %configured = transform.roller.select %mm {device = "a100", top_k = 10}
        : (!transform.any_op) -> !transform.any_op
    ```
  }];

  let arguments = (ins TransformHandleTypeInterface:$target,
                       OptionalAttr<StrAttr>:$device,
                       DefaultValuedAttr<I64Attr,
                         "::mlir::roller::SelectionOptions::kDefaultRank">:$rank,
                       DefaultValuedAttr<I64Attr,
                         "::mlir::roller::SelectionOptions::kDefaultTopK">:$top_k);
  let results = (outs TransformHandleTypeInterface:$configured);
  let assemblyFormat =
      "$target attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def RollerTileOp : Op<Transform_Dialect, "roller.tile", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    ReportTrackingListenerFailuresOpTrait]> {
  let summary = "Rewrite each targeted configured linalg op into an rProgram";
  let description = [{
    Rewrites each payload op of `target`, a linalg op with a `roller.config`
    (from `transform.roller.select`, `--roller-select` or the user), into a
    `roller.rprogram` with `tileToRProgram`, the rewrite behind
    `--roller-tile`, and returns a handle to the rprograms, in the order of
    `target`.

    #### Return modes

    Consumes the `target` handle (its ops are replaced), modifies the payload
    and produces the `rprograms` handle.

    A payload op that is not a linalg op, has no `roller.config`, has
    dynamically shaped or scalar operands, or whose config does not match
    its loop nest (rank, one padding per input) is a silenceable failure (an
    error at this op with a note at the payload op); these are checked for every op before any is rewritten, so the
    payload is unchanged. The rewrite's own checks (a single-block body, no
    `linalg.index`, linear indexing maps) can only be made while rewriting:
    they are a silenceable failure when they reject the first op, and a
    definite failure when earlier ops were already rewritten.

    Example:

    ```mlir
    %configured = transform.roller.select %mm
        : (!transform.any_op) -> !transform.any_op
    %programs = transform.roller.tile %configured
        : (!transform.any_op) -> !transform.op<"roller.rprogram">
    ```
  }];

  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$rprograms);
  let assemblyFormat =
      "$target attr-dict `:` functional-type(operands, results)";
}

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMOPS_ROLLERTRANSFORMOPS_TD
