//===- RollerTypes.td - Types of the roller dialect --------*- tablegen -*-===//

#ifndef ROLLER_DIALECT_ROLLER_IR_ROLLERTYPES_TD
#define ROLLER_DIALECT_ROLLER_IR_ROLLERTYPES_TD

include "Roller/Dialect/Roller/IR/RollerDialect.td"
include "Roller/Dialect/Roller/IR/RollerEnums.td"
include "mlir/IR/AttrTypeBase.td"

def Roller_TileType : TypeDef<Roller_Dialect, "Tile"> {
  let mnemonic = "tile";
  let summary = "a data tile resident at one memory level";
  let description = [{
    A data tile: a static box of elements held at one memory level (`shared`
    or `register`; data at the `global` level is the operator's own tensor or
    memref). `padding` is the storage padding, in elements, added to the
    innermost dimension of a shared-memory tile so that a warp's accesses fall
    into different banks; it changes the storage, never the shape. Sizes are
    bounded (`Roller/Analysis/Limits.h`) so that the storage computations
    cannot overflow: dimensions at most 2^31 - 1, at most 2^48 elements and
    2^48 bytes of storage, padding at most 1024.

    ```mlir
    !roller.tile<128x32xf32, shared, padding = 4>
    !roller.tile<8x8xf32, register>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$shape,
    "::mlir::Type":$element_type,
    EnumParameter<Roller_MemoryLevel>:$level,
    DefaultValuedParameter<"int64_t", "0">:$padding
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getRank() const { return getShape().size(); }
    /// Elements in the tile.
    int64_t getNumElements() const;
    /// Elements of storage, padding included.
    int64_t getNumStorageElements() const;
    /// Bytes of storage, padding included.
    int64_t getStorageBytes() const;
  }];
}

#endif // ROLLER_DIALECT_ROLLER_IR_ROLLERTYPES_TD
