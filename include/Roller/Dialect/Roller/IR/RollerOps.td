//===- RollerOps.td - Operations of the roller dialect -----*- tablegen -*-===//
//
// An rProgram and the tile operations of its body.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_IR_ROLLEROPS_TD
#define ROLLER_DIALECT_ROLLER_IR_ROLLEROPS_TD

include "Roller/Dialect/Roller/IR/RollerDialect.td"
include "Roller/Dialect/Roller/IR/RollerAttrs.td"
include "Roller/Dialect/Roller/IR/RollerTypes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// No C++ class on purpose: tile types then print in full (`!roller.tile<..>`)
// in op signatures, which reads better than the stripped form.
def Roller_AnyTile : Type<CPred<"::llvm::isa<::mlir::roller::TileType>($_self)">,
                          "roller tile">;
def Roller_GlobalData : AnyTypeOf<[AnyStaticShapeTensor,
                                   AnyStaticShapeMemRef]>;
def Roller_TileOrData : AnyTypeOf<[Roller_AnyTile, AnyStaticShapeTensor,
                                   AnyStaticShapeMemRef]>;

//===----------------------------------------------------------------------===//
// rprogram
//===----------------------------------------------------------------------===//

def Roller_RProgramOp : Roller_Op<"rprogram", [
    AttrSizedOperandSegments, RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"::mlir::roller::YieldOp">]> {
  let summary = "one operator as an rProgram";
  let description = [{
    One operator, scheduled as ROLLER's rProgram: the body describes the work
    of one thread block for one reduction step, as data tiles moving between
    memory levels (`roller.load`), computed on (`roller.compute`) and written
    back (`roller.store`). `config` fixes the tile of each level, the storage
    padding, the thread and grid shape; lowering turns the implied loops (grid
    of block tiles, reduction steps, threads) into real ones.

    The body has one block argument per input and per output: the operator's
    tensors or memrefs at the `global` level. With tensor outputs, the body
    yields the updated outputs and the op returns them; with memref outputs
    it has no results.

    If the op has a `device` attribute, or an enclosing op has a
    `roller.device` attribute, the verifier checks the tiles and the thread
    count against that device's capacities.

    ```mlir
    %0 = roller.rprogram ins(%A, %B : tensor<256x64xf32>, tensor<64x256xf32>)
             outs(%C : tensor<256x256xf32>) config = #cfg {
    ^bb0(%a: tensor<256x64xf32>, %b: tensor<64x256xf32>, %c: tensor<256x256xf32>):
      %as = roller.load %a : tensor<256x64xf32> -> !roller.tile<64x32xf32, shared, padding = 4>
      ...
      roller.yield %r : tensor<256x256xf32>
    } -> tensor<256x256xf32>
    ```
  }];
  let arguments = (ins
    Variadic<Roller_GlobalData>:$inputs,
    Variadic<Roller_GlobalData>:$outputs,
    Roller_ConfigAttr:$config,
    OptionalAttr<Roller_DeviceAttr>:$device
  );
  let results = (outs Variadic<AnyStaticShapeTensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    (`ins` `(` $inputs^ `:` type($inputs) `)`)?
    `outs` `(` $outputs `:` type($outputs) `)`
    `config` `=` $config (`device` `=` $device^)?
    attr-dict-with-keyword $body (`->` type($results)^)?
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::ValueRange":$inputs, "::mlir::ValueRange":$outputs,
                   "::mlir::roller::ConfigAttr":$config)>
  ];
  let extraClassDeclaration = [{
    /// The device the program is checked against: its own `device`
    /// attribute, else the nearest enclosing `roller.device`, else null.
    ::mlir::roller::DeviceAttr getEffectiveDevice();
    /// The body argument standing for the given input or output.
    ::mlir::BlockArgument getInputArgument(unsigned i) {
      return getBody().getArgument(i);
    }
    ::mlir::BlockArgument getOutputArgument(unsigned i) {
      return getBody().getArgument(getInputs().size() + i);
    }
  }];
}

//===----------------------------------------------------------------------===//
// Tile movement
//===----------------------------------------------------------------------===//

def Roller_LoadOp : Roller_Op<"load", [Pure]> {
  let summary = "move a data tile to an inner memory level";
  let description = [{
    Loads the data tile the current block (or thread) needs from `source` (an
    operator tensor or memref at the `global` level, or a tile at an outer
    level) into a tile at a strictly inner level. The tile carries no offsets:
    its position follows from the rProgram's implied loops and the operand's
    indexing map, and its shape is the image of the level's rTile through that
    map (the `rprogram` verifier checks it).

    ```mlir
    %as = roller.load %a : tensor<256x64xf32> -> !roller.tile<64x32xf32, shared, padding = 4>
    %ar = roller.load %as : !roller.tile<64x32xf32, shared, padding = 4> -> !roller.tile<4x1xf32, register>
    ```
  }];
  let arguments = (ins Roller_TileOrData:$source);
  let results = (outs Roller_AnyTile:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

def Roller_StoreOp : Roller_Op<"store"> {
  let summary = "write a data tile back to an outer memory level";
  let description = [{
    Writes `tile` into the matching region of `dest`, which is at a strictly
    outer level: an operator output at the `global` level, or a tile. With a
    tensor or tile destination the op returns the updated value; with a memref
    it returns nothing.

    ```mlir
    %r = roller.store %cr into %c : !roller.tile<4x4xf32, register> into tensor<256x256xf32>
    ```
  }];
  let arguments = (ins Roller_AnyTile:$tile, Roller_TileOrData:$dest);
  let results = (outs Optional<AnyTypeOf<[Roller_AnyTile,
                                          AnyStaticShapeTensor]>>:$result);
  let assemblyFormat = [{
    $tile `into` $dest attr-dict `:` type($tile) `into` type($dest)
    custom<StoreResultType>(ref(type($dest)), type($result))
  }];
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::mlir::Value":$tile, "::mlir::Value":$dest)>];
}

//===----------------------------------------------------------------------===//
// Compute
//===----------------------------------------------------------------------===//

def Roller_ComputeOp : Roller_Op<"compute", [
    Pure, AttrSizedOperandSegments,
    SingleBlockImplicitTerminator<"::mlir::roller::YieldOp">]> {
  let summary = "compute on data tiles at one level";
  let description = [{
    The operator's computation restricted to one tile: a loop nest over the
    tile of the level (the thread tile for register tiles), with the
    operator's `indexing_maps` and `iterator_types` and its scalar body, as in
    `linalg.generic`. `inits` are the accumulator tiles (at the `register`
    level); the results are the updated accumulators.

    ```mlir
    %acc = roller.compute ins(%ar, %br : !roller.tile<4x1xf32, register>,
                                         !roller.tile<1x4xf32, register>)
             inits(%cr : !roller.tile<4x4xf32, register>) attributes {
               indexing_maps = [#mapA, #mapB, #mapC],
               iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<4x4xf32, register>
    ```

    An **epilogue** is a second compute op that takes the first one's
    results in registers, before anything is stored: elementwise work fused
    into the operator (a bias add, an activation, a cast, a product with
    another tensor). Its loops are the operator's parallel axes listed in
    `axes` (increasing config axes), so its tiles are the images of the
    rTiles restricted to those axes; its iterator types are all parallel.
    Its inputs are the operator's results (read through the same access as
    the operator's output map) or rProgram inputs loaded into registers.
    A **row epilogue** also lists reduction axes of a CUDA-core operator
    (with all of its parallel axes): it reads the results through a
    broadcast along them (softmax's divide by the row sum, LayerNorm's
    normalize), and each thread walks the whole extent of those axes for
    the outputs it owns once its reductions have ended, in steps of the
    thread rTile (its register tiles).

    ```mlir
    %y = roller.compute ins(%acc, %bias_r : !roller.tile<4x4xf32, register>,
                                            !roller.tile<4xf32, register>)
           inits(%yr : !roller.tile<4x4xf16, register>) attributes {
             axes = array<i64: 0, 1>,
             indexing_maps = [#id, #col, #id],
             iterator_types = ["parallel", "parallel"]} { ... }
    ```
  }];
  let arguments = (ins
    Variadic<Roller_AnyTile>:$ins,
    Variadic<Roller_AnyTile>:$inits,
    AffineMapArrayAttr:$indexing_maps,
    StrArrayAttr:$iterator_types,
    OptionalAttr<DenseI64ArrayAttr>:$axes
  );
  let results = (outs Variadic<Roller_AnyTile>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    (`ins` `(` $ins^ `:` type($ins) `)`)?
    `inits` `(` $inits `:` type($inits) `)`
    attr-dict-with-keyword $body `->` type($results)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Number of loop axes.
    unsigned getNumLoops() { return getIteratorTypes().size(); }
    /// Whether loop axis `i` is a reduction.
    bool isReduction(unsigned i);
    /// The indexing map of operand `i` (ins first, then inits).
    ::mlir::AffineMap getIndexingMap(unsigned i);
    /// Whether this is an epilogue (it has `axes`).
    bool isEpilogue() { return getAxes().has_value(); }
    /// The config axes the loops stand for: `axes`, or all `rank` of them.
    ::llvm::SmallVector<int64_t> getConfigAxes(unsigned rank);
  }];
}

def Roller_IndexOp : Roller_Op<"index", [Pure, HasParent<"ComputeOp">]> {
  let summary = "the operator's iteration index along one loop axis";
  let description = [{
    Inside a `roller.compute` body: the index of the current iteration of
    the operator along loop axis `dim`, over the operator's whole iteration
    space (not the tile's), as `linalg.index` gives it in the
    `linalg.generic` the rProgram came from (`--roller-tile` turns one into
    the other, and the rProgram lowering back).

    ```mlir
    %j = roller.index 1 : index
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$dim);
  let results = (outs Index:$result);
  let assemblyFormat = "$dim attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Roller_YieldOp : Roller_Op<"yield", [
    Pure, Terminator, ReturnLike,
    ParentOneOf<["RProgramOp", "ComputeOp"]>]> {
  let summary = "terminates an rprogram or a compute body";
  let description = [{
    In `roller.rprogram`, yields the updated tensor outputs; in
    `roller.compute`, yields one scalar per accumulator.
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let builders = [OpBuilder<(ins), [{ /* nothing to yield */ }]>];
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
  let hasVerifier = 1;
}

#endif // ROLLER_DIALECT_ROLLER_IR_ROLLEROPS_TD
