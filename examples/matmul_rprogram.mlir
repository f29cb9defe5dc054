// A 1024x1024x1024 f32 matmul written as an rProgram with a hand-written
// schedule: 128x128 block tiles staged in shared memory 8 columns of K at a
// time, 8x8 thread tiles in registers, 256 threads, an 8x8 grid. Until the
// ROLLER model lands (--roller-select), the config is the author's; the
// verifier checks it against the device --roller-attach-device attaches.
#mapA = affine_map<(i, j, k) -> (i, k)>
#mapB = affine_map<(i, j, k) -> (k, j)>
#mapC = affine_map<(i, j, k) -> (i, j)>
#cfg = #roller.config<block = #roller.rtile<shared, [128, 128, 8]>,
    thread = #roller.rtile<register, [8, 8, 1]>, padding = [4, 0],
    vector_width = 4, stages = 2, threads = 256, grid = [8, 8],
    predicted_us = 0.0, bottleneck = compute>

func.func @matmul(%A: tensor<1024x1024xf32>, %B: tensor<1024x1024xf32>,
                  %C: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = roller.rprogram ins(%A, %B : tensor<1024x1024xf32>, tensor<1024x1024xf32>)
      outs(%C : tensor<1024x1024xf32>) config = #cfg {
  ^bb0(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>,
       %c: tensor<1024x1024xf32>):
    %as = roller.load %a : tensor<1024x1024xf32> -> !roller.tile<128x8xf32, shared, padding = 4>
    %bs = roller.load %b : tensor<1024x1024xf32> -> !roller.tile<8x128xf32, shared>
    %ar = roller.load %as : !roller.tile<128x8xf32, shared, padding = 4> -> !roller.tile<8x1xf32, register>
    %br = roller.load %bs : !roller.tile<8x128xf32, shared> -> !roller.tile<1x8xf32, register>
    %cr = roller.load %c : tensor<1024x1024xf32> -> !roller.tile<8x8xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<8x1xf32, register>, !roller.tile<1x8xf32, register>)
        inits(%cr : !roller.tile<8x8xf32, register>)
        attributes {indexing_maps = [#mapA, #mapB, #mapC],
                    iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<8x8xf32, register>
    %r = roller.store %acc into %c : !roller.tile<8x8xf32, register> into tensor<1024x1024xf32>
    roller.yield %r : tensor<1024x1024xf32>
  } -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}
