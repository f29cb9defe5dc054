//===- RollerEnums.td - Enums of the roller dialect --------*- tablegen -*-===//

#ifndef ROLLER_DIALECT_ROLLER_IR_ROLLERENUMS_TD
#define ROLLER_DIALECT_ROLLER_IR_ROLLERENUMS_TD

include "mlir/IR/EnumAttr.td"

// The numeric values match mlir::roller::MemLevelKind in the analysis core,
// and their order is the direction of a load (outer to inner).
def Roller_MemoryLevel : I32EnumAttr<"MemoryLevel",
    "a level of the GPU memory hierarchy, outermost first", [
      I32EnumAttrCase<"Global", 0, "global">,
      I32EnumAttrCase<"Shared", 1, "shared">,
      I32EnumAttrCase<"Register", 2, "register">
    ]> {
  let cppNamespace = "::mlir::roller";
  let genSpecializedAttr = 0;
}

def Roller_Bottleneck : I32EnumAttr<"Bottleneck",
    "the pipeline stage that bounds a candidate's predicted time", [
      I32EnumAttrCase<"Compute", 0, "compute">,
      I32EnumAttrCase<"Global", 1, "global">,
      I32EnumAttrCase<"Shared", 2, "shared">,
      I32EnumAttrCase<"Register", 3, "register">,
      I32EnumAttrCase<"Latency", 4, "latency">,
      I32EnumAttrCase<"Issue", 5, "issue">
    ]> {
  let cppNamespace = "::mlir::roller";
  let genSpecializedAttr = 0;
}

#endif // ROLLER_DIALECT_ROLLER_IR_ROLLERENUMS_TD
