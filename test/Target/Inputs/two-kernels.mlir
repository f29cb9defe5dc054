// Two binaries: one PTX file each, named after the binary.
module attributes {gpu.container_module, roller.launch_operands = []} {
  gpu.binary @first [#gpu.object<#nvvm.target<chip = "sm_80">, assembly = ".visible .entry first(\0A)\0A">]
  gpu.binary @second [#gpu.object<#nvvm.target<chip = "sm_80">, assembly = ".visible .entry second(\0A)\0A">]
}
