// An rProgram with 32x32 register tiles (attach-device-errors.mlir).
func.func @f(%A: tensor<2048x32xf32>, %B: tensor<32x2048xf32>, %C: tensor<2048x2048xf32>) -> tensor<2048x2048xf32> {
  %0 = roller.rprogram ins(%A, %B : tensor<2048x32xf32>, tensor<32x2048xf32>) outs(%C : tensor<2048x2048xf32>) config = #roller.config<block = #roller.rtile<shared, [1024, 1024, 8]>, thread = #roller.rtile<register, [32, 32, 1]>, padding = [0, 0], vector_width = 4, stages = 1, threads = 1024, grid = [4], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<2048x32xf32>, %b: tensor<32x2048xf32>, %c: tensor<2048x2048xf32>):
    %as = roller.load %a : tensor<2048x32xf32> -> !roller.tile<1024x8xf32, shared>
    %bs = roller.load %b : tensor<32x2048xf32> -> !roller.tile<8x1024xf32, shared>
    %ar = roller.load %as : !roller.tile<1024x8xf32, shared> -> !roller.tile<32x1xf32, register>
    %br = roller.load %bs : !roller.tile<8x1024xf32, shared> -> !roller.tile<1x32xf32, register>
    %cr = roller.load %c : tensor<2048x2048xf32> -> !roller.tile<32x32xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<32x1xf32, register>, !roller.tile<1x32xf32, register>) inits(%cr : !roller.tile<32x32xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %z, %p : f32
      roller.yield %s : f32
    } -> !roller.tile<32x32xf32, register>
    %r = roller.store %acc into %c : !roller.tile<32x32xf32, register> into tensor<2048x2048xf32>
    roller.yield %r : tensor<2048x2048xf32>
  } -> tensor<2048x2048xf32>
  return %0 : tensor<2048x2048xf32>
}
