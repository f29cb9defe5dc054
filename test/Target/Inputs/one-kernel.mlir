// A module as --convert-to-nvvm leaves it, abridged: the host launches one
// kernel of a PTX gpu.binary with a memref (as its descriptor's fields) and
// a constant scale.
module attributes {gpu.container_module, roller.launch_operands = [{kernel = "@k::@scale", operands = [{align = 16 : i64, func_arg = 0 : i64, type = memref<128xf32>}, {type = f32}]}]} {
  gpu.binary @k [#gpu.object<#nvvm.target<chip = "sm_80", features = "+ptx70">, assembly = "//\0A.version 7.0\0A.target sm_80\0A.visible .entry scale(\0A)\0A{\0Aret;\0A}\0A">]
  llvm.func @host(%alloc: !llvm.ptr, %aligned: !llvm.ptr, %offset: i64, %size: i64, %stride: i64) {
    %c1 = llvm.mlir.constant(1 : index) : i64
    %c2 = llvm.mlir.constant(2 : index) : i64
    %c64 = llvm.mlir.constant(64 : index) : i64
    %s = llvm.mlir.constant(2.0 : f32) : f32
    gpu.launch_func @k::@scale blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1) : i64
        args(%alloc : !llvm.ptr, %aligned : !llvm.ptr, %offset : i64, %size : i64, %stride : i64, %s : f32)
    llvm.return
  }
}
