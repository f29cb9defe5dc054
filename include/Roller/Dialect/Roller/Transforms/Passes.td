//===- Passes.td - Passes of the roller dialect ------------*- tablegen -*-===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_PASSES_TD
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def RollerAttachDevicePass : Pass<"roller-attach-device", "::mlir::ModuleOp"> {
  let summary = "Attach a target device description to the module";
  let description = [{
    Resolves `device` (a built-in preset name: `v100`, `a100`, `h100`,
    `h200`, or the path of a JSON device file, see `docs/devices.md`) and
    attaches it to the module as the `roller.device` attribute, which the
    later Roller passes and the `roller.rprogram` verifier read.

    A module that already names a device keeps it: the user's choice wins.
    Pass `replace=true` to overwrite it. An unknown name, an unreadable or
    malformed file, or an inconsistent description is an error at the
    module's location, and the module is left unchanged.

    Before:

    ```mlir
    module { }
    ```

    After `--roller-attach-device="device=h200"`:

    ```mlir
    #roller_h200 = #roller.device<name = "h200", chip = "sm_90", ...>
    module attributes {roller.device = #roller_h200} { }
    ```
  }];
  let options = [
    Option<"device", "device", "std::string", /*default=*/"\"h200\"",
           "Preset name (v100, a100, h100, h200) or path of a JSON device "
           "file">,
    Option<"replace", "replace", "bool", /*default=*/"false",
           "Replace a roller.device the module already has">
  ];
  let dependentDialects = ["::mlir::roller::RollerDialect"];
}

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_PASSES_TD
