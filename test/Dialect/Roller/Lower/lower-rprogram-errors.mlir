// RUN: roller-opt %s --split-input-file --roller-lower-rprograms -verify-diagnostics

// Every diagnostic of --roller-lower-rprograms: rProgram bodies that are not
// in the canonical form --roller-tile writes. The op is left unchanged.

#id = affine_map<(i) -> (i)>
#cfg = #roller.config<block = #roller.rtile<shared, [64]>,
    thread = #roller.rtile<register, [2]>, padding = [0], vector_width = 1,
    stages = 1, threads = 32, grid = [1], predicted_us = 1.0,
    bottleneck = global>

// An op other than a tile op in the body.
func.func @foreign_op(%X: tensor<64xf32>, %Y: tensor<64xf32>) -> tensor<64xf32> {
  %0 = roller.rprogram ins(%X : tensor<64xf32>) outs(%Y : tensor<64xf32>) config = #cfg {
  ^bb0(%x: tensor<64xf32>, %y: tensor<64xf32>):
    // expected-error @below {{'arith.constant' op is not part of a canonical rprogram body (loads, one compute and its epilogue, stores, yield)}}
    %c = arith.constant 0.0 : f32
    %xs = roller.load %x : tensor<64xf32> -> !roller.tile<64xf32, shared>
    %xr = roller.load %xs : !roller.tile<64xf32, shared> -> !roller.tile<2xf32, register>
    %yr = roller.load %y : tensor<64xf32> -> !roller.tile<2xf32, register>
    %o = roller.compute ins(%xr : !roller.tile<2xf32, register>) inits(%yr : !roller.tile<2xf32, register>)
        attributes {indexing_maps = [#id, #id], iterator_types = ["parallel"]} {
    ^bb0(%v: f32, %u: f32):
      roller.yield %v : f32
    } -> !roller.tile<2xf32, register>
    %r = roller.store %o into %y : !roller.tile<2xf32, register> into tensor<64xf32>
    roller.yield %r : tensor<64xf32>
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

#cfg = #roller.config<block = #roller.rtile<shared, [64]>,
    thread = #roller.rtile<register, [2]>, padding = [0], vector_width = 1,
    stages = 1, threads = 32, grid = [1], predicted_us = 1.0,
    bottleneck = global>

// No compute at all.
func.func @no_compute(%X: tensor<64xf32>, %Y: tensor<64xf32>) -> tensor<64xf32> {
  // expected-error @below {{'roller.rprogram' op body must hold exactly one 'roller.compute', found 0}}
  %0 = roller.rprogram ins(%X : tensor<64xf32>) outs(%Y : tensor<64xf32>) config = #cfg {
  ^bb0(%x: tensor<64xf32>, %y: tensor<64xf32>):
    %xr = roller.load %x : tensor<64xf32> -> !roller.tile<2xf32, register>
    %r = roller.store %xr into %y : !roller.tile<2xf32, register> into tensor<64xf32>
    roller.yield %r : tensor<64xf32>
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

#id = affine_map<(i) -> (i)>
#cfg = #roller.config<block = #roller.rtile<shared, [64]>,
    thread = #roller.rtile<register, [2]>, padding = [0], vector_width = 1,
    stages = 1, threads = 32, grid = [1], predicted_us = 1.0,
    bottleneck = global>

// Two outputs but a single accumulator.
func.func @missing_accumulator(%X: tensor<64xf32>, %Y: tensor<64xf32>, %Z: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %0:2 = roller.rprogram ins(%X : tensor<64xf32>) outs(%Y, %Z : tensor<64xf32>, tensor<64xf32>) config = #cfg {
  ^bb0(%x: tensor<64xf32>, %y: tensor<64xf32>, %z: tensor<64xf32>):
    %xs = roller.load %x : tensor<64xf32> -> !roller.tile<64xf32, shared>
    %xr = roller.load %xs : !roller.tile<64xf32, shared> -> !roller.tile<2xf32, register>
    %yr = roller.load %y : tensor<64xf32> -> !roller.tile<2xf32, register>
    // expected-error @below {{'roller.compute' op has 1 accumulators but the rprogram has 2 outputs}}
    %o = roller.compute ins(%xr : !roller.tile<2xf32, register>) inits(%yr : !roller.tile<2xf32, register>)
        attributes {indexing_maps = [#id, #id], iterator_types = ["parallel"]} {
    ^bb0(%v: f32, %u: f32):
      roller.yield %v : f32
    } -> !roller.tile<2xf32, register>
    %r = roller.store %o into %y : !roller.tile<2xf32, register> into tensor<64xf32>
    roller.yield %r, %z : tensor<64xf32>, tensor<64xf32>
  } -> tensor<64xf32>, tensor<64xf32>
  return %0#0, %0#1 : tensor<64xf32>, tensor<64xf32>
}

// -----

#id = affine_map<(a, b, c, d, e, f, g, h, i, j, k) -> (a, b, c, d, e, f, g, h, i, j, k)>
#cfg = #roller.config<block = #roller.rtile<shared, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2]>,
    thread = #roller.rtile<register, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]>,
    padding = [0], vector_width = 1, stages = 1, threads = 32, grid = [1],
    predicted_us = 1.0, bottleneck = global>

// Eleven spatial axes: more than GPU linear mapping ids.
func.func @too_many_axes(%X: tensor<1x1x1x1x1x1x1x1x1x1x2xf32>, %Y: tensor<1x1x1x1x1x1x1x1x1x1x2xf32>) -> tensor<1x1x1x1x1x1x1x1x1x1x2xf32> {
  %0 = roller.rprogram ins(%X : tensor<1x1x1x1x1x1x1x1x1x1x2xf32>) outs(%Y : tensor<1x1x1x1x1x1x1x1x1x1x2xf32>) config = #cfg {
  ^bb0(%x: tensor<1x1x1x1x1x1x1x1x1x1x2xf32>, %y: tensor<1x1x1x1x1x1x1x1x1x1x2xf32>):
    %xs = roller.load %x : tensor<1x1x1x1x1x1x1x1x1x1x2xf32> -> !roller.tile<1x1x1x1x1x1x1x1x1x1x2xf32, shared>
    %xr = roller.load %xs : !roller.tile<1x1x1x1x1x1x1x1x1x1x2xf32, shared> -> !roller.tile<1x1x1x1x1x1x1x1x1x1x1xf32, register>
    %yr = roller.load %y : tensor<1x1x1x1x1x1x1x1x1x1x2xf32> -> !roller.tile<1x1x1x1x1x1x1x1x1x1x1xf32, register>
    // expected-error @below {{'roller.compute' op has 11 spatial axes; GPU mappings support at most 10}}
    %o = roller.compute ins(%xr : !roller.tile<1x1x1x1x1x1x1x1x1x1x1xf32, register>) inits(%yr : !roller.tile<1x1x1x1x1x1x1x1x1x1x1xf32, register>)
        attributes {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} {
    ^bb0(%v: f32, %u: f32):
      roller.yield %v : f32
    } -> !roller.tile<1x1x1x1x1x1x1x1x1x1x1xf32, register>
    %r = roller.store %o into %y : !roller.tile<1x1x1x1x1x1x1x1x1x1x1xf32, register> into tensor<1x1x1x1x1x1x1x1x1x1x2xf32>
    roller.yield %r : tensor<1x1x1x1x1x1x1x1x1x1x2xf32>
  } -> tensor<1x1x1x1x1x1x1x1x1x1x2xf32>
  return %0 : tensor<1x1x1x1x1x1x1x1x1x1x2xf32>
}

// -----

#id = affine_map<(i) -> (i)>
#cfg = #roller.config<block = #roller.rtile<shared, [64]>,
    thread = #roller.rtile<register, [2]>, padding = [0], vector_width = 1,
    stages = 1, threads = 32, grid = [1], predicted_us = 1.0,
    bottleneck = global>

// The compute reads a shared tile directly: no register level.
func.func @compute_on_shared(%X: tensor<64xf32>, %Y: tensor<64xf32>) -> tensor<64xf32> {
  %0 = roller.rprogram ins(%X : tensor<64xf32>) outs(%Y : tensor<64xf32>) config = #cfg {
  ^bb0(%x: tensor<64xf32>, %y: tensor<64xf32>):
    %xs = roller.load %x : tensor<64xf32> -> !roller.tile<64xf32, shared>
    %yr = roller.load %y : tensor<64xf32> -> !roller.tile<2xf32, register>
    // expected-error @below {{'roller.compute' op input #0 must be a register tile loaded with 'roller.load'}}
    %o = roller.compute ins(%xs : !roller.tile<64xf32, shared>) inits(%yr : !roller.tile<2xf32, register>)
        attributes {indexing_maps = [#id, #id], iterator_types = ["parallel"]} {
    ^bb0(%v: f32, %u: f32):
      roller.yield %v : f32
    } -> !roller.tile<2xf32, register>
    %r = roller.store %o into %y : !roller.tile<2xf32, register> into tensor<64xf32>
    roller.yield %r : tensor<64xf32>
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

#id = affine_map<(i) -> (i)>
#cfg = #roller.config<block = #roller.rtile<shared, [64]>,
    thread = #roller.rtile<register, [2]>, padding = [0], vector_width = 1,
    stages = 1, staged = false, threads = 32, grid = [1], predicted_us = 1.0,
    bottleneck = global>

// An unstaged config whose input goes through shared memory: the rprogram
// verifier rejects it before the lowering sees it.
func.func @staged_input(%X: tensor<64xf32>, %Y: tensor<64xf32>) -> tensor<64xf32> {
  %0 = roller.rprogram ins(%X : tensor<64xf32>) outs(%Y : tensor<64xf32>) config = #cfg {
  ^bb0(%x: tensor<64xf32>, %y: tensor<64xf32>):
    // expected-error @below {{'roller.load' op stages a tile in shared memory but the config has staged = false}}
    %xs = roller.load %x : tensor<64xf32> -> !roller.tile<64xf32, shared>
    %xr = roller.load %xs : !roller.tile<64xf32, shared> -> !roller.tile<2xf32, register>
    %yr = roller.load %y : tensor<64xf32> -> !roller.tile<2xf32, register>
    %o = roller.compute ins(%xr : !roller.tile<2xf32, register>) inits(%yr : !roller.tile<2xf32, register>)
        attributes {indexing_maps = [#id, #id], iterator_types = ["parallel"]} {
    ^bb0(%v: f32, %u: f32):
      roller.yield %v : f32
    } -> !roller.tile<2xf32, register>
    %r = roller.store %o into %y : !roller.tile<2xf32, register> into tensor<64xf32>
    roller.yield %r : tensor<64xf32>
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

#id = affine_map<(i) -> (i)>
#cfg = #roller.config<block = #roller.rtile<shared, [64]>,
    thread = #roller.rtile<register, [2]>, padding = [0], vector_width = 1,
    stages = 1, threads = 32, grid = [1], predicted_us = 1.0,
    bottleneck = global>

// The shared tile the compute input comes from was written by a store.
func.func @shared_from_store(%X: tensor<64xf32>, %Y: tensor<64xf32>) -> tensor<64xf32> {
  %0 = roller.rprogram ins(%X : tensor<64xf32>) outs(%Y : tensor<64xf32>) config = #cfg {
  ^bb0(%x: tensor<64xf32>, %y: tensor<64xf32>):
    %xs = roller.load %x : tensor<64xf32> -> !roller.tile<64xf32, shared>
    %xr = roller.load %xs : !roller.tile<64xf32, shared> -> !roller.tile<2xf32, register>
    %xs2 = roller.store %xr into %xs : !roller.tile<2xf32, register> into !roller.tile<64xf32, shared>
    // expected-error @below {{'roller.load' op loads from a shared tile that is not produced by 'roller.load'}}
    %xr2 = roller.load %xs2 : !roller.tile<64xf32, shared> -> !roller.tile<2xf32, register>
    %yr = roller.load %y : tensor<64xf32> -> !roller.tile<2xf32, register>
    %o = roller.compute ins(%xr2 : !roller.tile<2xf32, register>) inits(%yr : !roller.tile<2xf32, register>)
        attributes {indexing_maps = [#id, #id], iterator_types = ["parallel"]} {
    ^bb0(%v: f32, %u: f32):
      roller.yield %v : f32
    } -> !roller.tile<2xf32, register>
    %r = roller.store %o into %y : !roller.tile<2xf32, register> into tensor<64xf32>
    roller.yield %r : tensor<64xf32>
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

#id = affine_map<(i) -> (i)>
#cfg = #roller.config<block = #roller.rtile<shared, [64]>,
    thread = #roller.rtile<register, [2]>, padding = [0], vector_width = 1,
    stages = 1, threads = 32, grid = [1], predicted_us = 1.0,
    bottleneck = global>

// A compute input read from the output.
func.func @input_from_output(%X: tensor<64xf32>, %Y: tensor<64xf32>) -> tensor<64xf32> {
  %0 = roller.rprogram ins(%X : tensor<64xf32>) outs(%Y : tensor<64xf32>) config = #cfg {
  ^bb0(%x: tensor<64xf32>, %y: tensor<64xf32>):
    // expected-error @below {{'roller.load' op must load compute input #0 from an rprogram input}}
    %ys = roller.load %y : tensor<64xf32> -> !roller.tile<64xf32, shared>
    %xr = roller.load %ys : !roller.tile<64xf32, shared> -> !roller.tile<2xf32, register>
    %yr = roller.load %y : tensor<64xf32> -> !roller.tile<2xf32, register>
    %o = roller.compute ins(%xr : !roller.tile<2xf32, register>) inits(%yr : !roller.tile<2xf32, register>)
        attributes {indexing_maps = [#id, #id], iterator_types = ["parallel"]} {
    ^bb0(%v: f32, %u: f32):
      roller.yield %v : f32
    } -> !roller.tile<2xf32, register>
    %r = roller.store %o into %y : !roller.tile<2xf32, register> into tensor<64xf32>
    roller.yield %r : tensor<64xf32>
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

#id = affine_map<(i) -> (i)>
#cfg = #roller.config<block = #roller.rtile<shared, [64]>,
    thread = #roller.rtile<register, [2]>, padding = [0], vector_width = 1,
    stages = 1, threads = 32, grid = [1], predicted_us = 1.0,
    bottleneck = global>

// The accumulator starts from an input instead of the output.
func.func @accumulator_from_input(%X: tensor<64xf32>, %Y: tensor<64xf32>) -> tensor<64xf32> {
  %0 = roller.rprogram ins(%X : tensor<64xf32>) outs(%Y : tensor<64xf32>) config = #cfg {
  ^bb0(%x: tensor<64xf32>, %y: tensor<64xf32>):
    %xs = roller.load %x : tensor<64xf32> -> !roller.tile<64xf32, shared>
    %xr = roller.load %xs : !roller.tile<64xf32, shared> -> !roller.tile<2xf32, register>
    %yr = roller.load %x : tensor<64xf32> -> !roller.tile<2xf32, register>
    // expected-error @below {{'roller.compute' op accumulator #0 must be loaded with 'roller.load' from an rprogram output}}
    %o = roller.compute ins(%xr : !roller.tile<2xf32, register>) inits(%yr : !roller.tile<2xf32, register>)
        attributes {indexing_maps = [#id, #id], iterator_types = ["parallel"]} {
    ^bb0(%v: f32, %u: f32):
      roller.yield %v : f32
    } -> !roller.tile<2xf32, register>
    %r = roller.store %o into %y : !roller.tile<2xf32, register> into tensor<64xf32>
    roller.yield %r : tensor<64xf32>
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

#id = affine_map<(i) -> (i)>
#cfg = #roller.config<block = #roller.rtile<shared, [64]>,
    thread = #roller.rtile<register, [2]>, padding = [0], vector_width = 1,
    stages = 1, threads = 32, grid = [1], predicted_us = 1.0,
    bottleneck = global>

// Two accumulators loaded from the same output.
func.func @shared_accumulator(%X: tensor<64xf32>, %Y: tensor<64xf32>, %Z: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %0:2 = roller.rprogram ins(%X : tensor<64xf32>) outs(%Y, %Z : tensor<64xf32>, tensor<64xf32>) config = #cfg {
  ^bb0(%x: tensor<64xf32>, %y: tensor<64xf32>, %z: tensor<64xf32>):
    %xs = roller.load %x : tensor<64xf32> -> !roller.tile<64xf32, shared>
    %xr = roller.load %xs : !roller.tile<64xf32, shared> -> !roller.tile<2xf32, register>
    %yr = roller.load %y : tensor<64xf32> -> !roller.tile<2xf32, register>
    %zr = roller.load %y : tensor<64xf32> -> !roller.tile<2xf32, register>
    // expected-error @below {{'roller.compute' op accumulators #1 and another one both start from output #0}}
    %o:2 = roller.compute ins(%xr : !roller.tile<2xf32, register>) inits(%yr, %zr : !roller.tile<2xf32, register>, !roller.tile<2xf32, register>)
        attributes {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} {
    ^bb0(%v: f32, %u: f32, %w: f32):
      roller.yield %v, %v : f32, f32
    } -> !roller.tile<2xf32, register>, !roller.tile<2xf32, register>
    %r = roller.store %o#0 into %y : !roller.tile<2xf32, register> into tensor<64xf32>
    %s = roller.store %o#1 into %z : !roller.tile<2xf32, register> into tensor<64xf32>
    roller.yield %r, %s : tensor<64xf32>, tensor<64xf32>
  } -> tensor<64xf32>, tensor<64xf32>
  return %0#0, %0#1 : tensor<64xf32>, tensor<64xf32>
}

// -----

#id = affine_map<(i) -> (i)>
#cfg = #roller.config<block = #roller.rtile<shared, [64]>,
    thread = #roller.rtile<register, [2]>, padding = [0], vector_width = 1,
    stages = 1, threads = 32, grid = [1], predicted_us = 1.0,
    bottleneck = global>

// A result stored into another output than its accumulator came from.
func.func @store_elsewhere(%X: tensor<64xf32>, %Y: tensor<64xf32>, %Z: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %0:2 = roller.rprogram ins(%X : tensor<64xf32>) outs(%Y, %Z : tensor<64xf32>, tensor<64xf32>) config = #cfg {
  ^bb0(%x: tensor<64xf32>, %y: tensor<64xf32>, %z: tensor<64xf32>):
    %xs = roller.load %x : tensor<64xf32> -> !roller.tile<64xf32, shared>
    %xr = roller.load %xs : !roller.tile<64xf32, shared> -> !roller.tile<2xf32, register>
    %yr = roller.load %y : tensor<64xf32> -> !roller.tile<2xf32, register>
    %zr = roller.load %z : tensor<64xf32> -> !roller.tile<2xf32, register>
    // expected-error @below {{'roller.compute' op result #0 must be stored once, into output #0 its accumulator was loaded from}}
    %o:2 = roller.compute ins(%xr : !roller.tile<2xf32, register>) inits(%yr, %zr : !roller.tile<2xf32, register>, !roller.tile<2xf32, register>)
        attributes {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} {
    ^bb0(%v: f32, %u: f32, %w: f32):
      roller.yield %v, %v : f32, f32
    } -> !roller.tile<2xf32, register>, !roller.tile<2xf32, register>
    %r = roller.store %o#0 into %z : !roller.tile<2xf32, register> into tensor<64xf32>
    %s = roller.store %o#1 into %y : !roller.tile<2xf32, register> into tensor<64xf32>
    roller.yield %s, %r : tensor<64xf32>, tensor<64xf32>
  } -> tensor<64xf32>, tensor<64xf32>
  return %0#0, %0#1 : tensor<64xf32>, tensor<64xf32>
}

// -----

#id = affine_map<(i) -> (i)>
#cfg = #roller.config<block = #roller.rtile<shared, [64]>,
    thread = #roller.rtile<register, [2]>, padding = [0], vector_width = 1,
    stages = 1, threads = 32, grid = [1], predicted_us = 1.0,
    bottleneck = global>

// The program yields its output unchanged instead of the stored one.
func.func @yield_unstored(%X: tensor<64xf32>, %Y: tensor<64xf32>) -> tensor<64xf32> {
  %0 = roller.rprogram ins(%X : tensor<64xf32>) outs(%Y : tensor<64xf32>) config = #cfg {
  ^bb0(%x: tensor<64xf32>, %y: tensor<64xf32>):
    %xs = roller.load %x : tensor<64xf32> -> !roller.tile<64xf32, shared>
    %xr = roller.load %xs : !roller.tile<64xf32, shared> -> !roller.tile<2xf32, register>
    %yr = roller.load %y : tensor<64xf32> -> !roller.tile<2xf32, register>
    %o = roller.compute ins(%xr : !roller.tile<2xf32, register>) inits(%yr : !roller.tile<2xf32, register>)
        attributes {indexing_maps = [#id, #id], iterator_types = ["parallel"]} {
    ^bb0(%v: f32, %u: f32):
      roller.yield %v : f32
    } -> !roller.tile<2xf32, register>
    %r = roller.store %o into %y : !roller.tile<2xf32, register> into tensor<64xf32>
    // expected-error @below {{'roller.yield' op must yield the stored tensor outputs, in output order}}
    roller.yield %y : tensor<64xf32>
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// An epilogue input must come from an rProgram input (or the operator).
#cfg = #roller.config<block = <shared, [8, 8, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0, 0, 0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global>
func.func @f(%A: tensor<8x8xf32>, %B: tensor<8x8xf32>, %C: tensor<8x8xf32>, %bias: tensor<8xf32>, %O: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = roller.rprogram ins(%A, %B, %C, %bias : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8xf32>) outs(%O : tensor<8x8xf32>) config = #cfg {
  ^bb0(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>, %bi: tensor<8xf32>, %o: tensor<8x8xf32>):
    %ar = roller.load %a : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %br = roller.load %b : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %cr = roller.load %c : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %acc = roller.compute ins(%ar, %br : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%cr : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %bv = roller.load %bi : tensor<8xf32> -> !roller.tile<1xf32, register>
    %o2 = roller.load %o : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %or = roller.load %o : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    // expected-error @+1 {{'roller.compute' op input #1 must be a result of the operator or a register tile loaded from an rprogram input}}
    %y = roller.compute ins(%acc, %o2 : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%or : !roller.tile<1x1xf32, register>) attributes {axes = array<i64: 0, 1>, indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%x: f32, %bb: f32, %oo: f32):
      %s = arith.addf %x, %bb : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %st = roller.store %y into %o : !roller.tile<1x1xf32, register> into tensor<8x8xf32>
    roller.yield %st : tensor<8x8xf32>
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// Under an epilogue, the operator's accumulators start from rProgram inputs.
#cfg = #roller.config<block = <shared, [8, 8, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0, 0, 0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global>
func.func @f(%A: tensor<8x8xf32>, %B: tensor<8x8xf32>, %C: tensor<8x8xf32>, %bias: tensor<8xf32>, %O: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = roller.rprogram ins(%A, %B, %C, %bias : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8xf32>) outs(%O : tensor<8x8xf32>) config = #cfg {
  ^bb0(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>, %bi: tensor<8xf32>, %o: tensor<8x8xf32>):
    %ar = roller.load %a : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %br = roller.load %b : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %cr = roller.load %o : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    // expected-error @+1 {{'roller.compute' op accumulator #0 must be loaded with 'roller.load' from an rprogram input}}
    %acc = roller.compute ins(%ar, %br : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%cr : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %bv = roller.load %bi : tensor<8xf32> -> !roller.tile<1xf32, register>
    %or = roller.load %o : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %y = roller.compute ins(%acc, %bv : !roller.tile<1x1xf32, register>, !roller.tile<1xf32, register>) inits(%or : !roller.tile<1x1xf32, register>) attributes {axes = array<i64: 0, 1>, indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%x: f32, %bb: f32, %oo: f32):
      %s = arith.addf %x, %bb : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %st = roller.store %y into %o : !roller.tile<1x1xf32, register> into tensor<8x8xf32>
    roller.yield %st : tensor<8x8xf32>
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// The operator's result must reach the epilogue.
#cfg = #roller.config<block = <shared, [8, 8, 8]>, thread = <register, [1, 1, 1]>, padding = [0, 0, 0, 0], vector_width = 1, stages = 1, staged = false, threads = 64, grid = [1], predicted_us = 1.0, bottleneck = global>
func.func @f(%A: tensor<8x8xf32>, %B: tensor<8x8xf32>, %C: tensor<8x8xf32>, %bias: tensor<8xf32>, %O: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = roller.rprogram ins(%A, %B, %C, %bias : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8xf32>) outs(%O : tensor<8x8xf32>) config = #cfg {
  ^bb0(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>, %bi: tensor<8xf32>, %o: tensor<8x8xf32>):
    %ar = roller.load %a : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %br = roller.load %b : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %cr = roller.load %c : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    // expected-error @+1 {{'roller.compute' op result #0 is neither stored nor read by the epilogue}}
    %acc = roller.compute ins(%ar, %br : !roller.tile<1x1xf32, register>, !roller.tile<1x1xf32, register>) inits(%cr : !roller.tile<1x1xf32, register>) attributes {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %z, %m : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %bv = roller.load %bi : tensor<8xf32> -> !roller.tile<1xf32, register>
    %or = roller.load %o : tensor<8x8xf32> -> !roller.tile<1x1xf32, register>
    %y = roller.compute ins(%bv : !roller.tile<1xf32, register>) inits(%or : !roller.tile<1x1xf32, register>) attributes {axes = array<i64: 0, 1>, indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} {
    ^bb0(%bb: f32, %oo: f32):
      %s = arith.addf %bb, %bb : f32
      roller.yield %s : f32
    } -> !roller.tile<1x1xf32, register>
    %st = roller.store %y into %o : !roller.tile<1x1xf32, register> into tensor<8x8xf32>
    roller.yield %st : tensor<8x8xf32>
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// A pad read straight into registers is read in the body, without its
// operand: here that operand alone sizes the reduced loop.
func.func @pad_sizes_loop(%x: tensor<4x8xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x8xf32> to tensor<4x10xf32>
  // expected-error @below {{'roller.rprogram' op reads a pad or a gather that no block stages through an operand that alone sizes some of its loops}}
  %0 = roller.rprogram ins(%p : tensor<4x10xf32>) outs(%init : tensor<4xf32>)
      config = #roller.config<block = #roller.rtile<shared, [32, 10]>, thread = #roller.rtile<register, [1, 10]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [1], predicted_us = 1.0, bottleneck = global> {
  ^bb0(%a: tensor<4x10xf32>, %c: tensor<4xf32>):
    %1 = roller.load %a : tensor<4x10xf32> -> !roller.tile<1x10xf32, register>
    %2 = roller.load %c : tensor<4xf32> -> !roller.tile<1xf32, register>
    %3 = roller.compute ins(%1 : !roller.tile<1x10xf32, register>) inits(%2 : !roller.tile<1xf32, register>) attributes {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} {
    ^bb0(%u: f32, %s: f32):
      %n = arith.addf %s, %u : f32
      roller.yield %n : f32
    } -> !roller.tile<1xf32, register>
    %4 = roller.store %3 into %c : !roller.tile<1xf32, register> into tensor<4xf32>
    roller.yield %4 : tensor<4xf32>
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Threads sharing a hand-written reduction whose second output follows the
// first (an argmax's shape: it takes the element where the maximum grows):
// upstream partial tiling finds no combiner with a neutral element for it
// (--roller-select never splits one; checkConfig refuses such a config).
func.func @split_follows_max(%x: tensor<8x256xf32>, %m: tensor<8xf32>, %i: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  // expected-error @+1 {{could not split its reduction over its threads}}
  %0:2 = roller.rprogram ins(%x : tensor<8x256xf32>) outs(%m, %i : tensor<8xf32>, tensor<8xf32>) config = #roller.config<block = #roller.rtile<shared, [4, 256]>, thread = #roller.rtile<register, [4, 4]>, padding = [0], vector_width = 1, stages = 1, staged = false, threads = 32, grid = [2], predicted_us = 1.0, bottleneck = global, reduce_threads = 32> {
  ^bb0(%a: tensor<8x256xf32>, %b: tensor<8xf32>, %c: tensor<8xf32>):
    %xr = roller.load %a : tensor<8x256xf32> -> !roller.tile<4x4xf32, register>
    %mr = roller.load %b : tensor<8xf32> -> !roller.tile<4xf32, register>
    %ir = roller.load %c : tensor<8xf32> -> !roller.tile<4xf32, register>
    // Upstream's own message, at the op it tiled (built from this compute).
    // expected-error @+1 {{Failed to anaysis the reduction operation}}
    %r:2 = roller.compute ins(%xr : !roller.tile<4x4xf32, register>) inits(%mr, %ir : !roller.tile<4xf32, register>, !roller.tile<4xf32, register>) attributes {indexing_maps = [affine_map<(r, k) -> (r, k)>, affine_map<(r, k) -> (r)>, affine_map<(r, k) -> (r)>], iterator_types = ["parallel", "reduction"]} {
    ^bb0(%v: f32, %max: f32, %at: f32):
      %mx = arith.maximumf %v, %max : f32
      %gt = arith.cmpf ogt, %v, %max : f32
      %na = arith.select %gt, %v, %at : f32
      roller.yield %mx, %na : f32, f32
    } -> !roller.tile<4xf32, register>, !roller.tile<4xf32, register>
    %s0 = roller.store %r#0 into %b : !roller.tile<4xf32, register> into tensor<8xf32>
    %s1 = roller.store %r#1 into %c : !roller.tile<4xf32, register> into tensor<8xf32>
    roller.yield %s0, %s1 : tensor<8xf32>, tensor<8xf32>
  } -> tensor<8xf32>, tensor<8xf32>
  return %0#0, %0#1 : tensor<8xf32>, tensor<8xf32>
}
