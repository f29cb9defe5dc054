// Math functions in operator bodies (GELU's erf, softmax's exp, tanh,
// LayerNorm's rsqrt, rotary embeddings' sin and cos, ...) through the CPU
// oracle (libm) and, in test/Integration/GPU/run-math.test, through the GPU
// path (libdevice) on the emulator. Each prints round(1000 * f(x)) for 37
// points x = 0.05 + 0.1 k - 1.5 (k = 0..36, x > 0 where f needs it), so
// that both libraries' last-bit differences cannot show.
//
// RUN: roller-opt %s --roller-tile="device=h200" 2>/dev/null | \
// RUN:   FileCheck %s --check-prefix=TILED --implicit-check-not=linalg.generic
// RUN: roller-opt %s --roller-tile="device=h200" --roller-lower-to-cpu \
// RUN:     2>/dev/null | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | \
// RUN:   FileCheck %s
// RUN: roller-opt %s --roller-lower-to-cpu | \
// RUN:   mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | \
// RUN:   FileCheck %s

// TILED-COUNT-13: roller.rprogram ins(

// erf:
// CHECK: rank = 1 offset = 0 sizes = [37] strides = [1] data =
// CHECK-NEXT: [-960,  -944,  -923,  -896,  -862,  -821,  -771,  -711,  -642,  -563,  -475,  -379,  -276,  -168,  -56,  56,  168,  276,  379,  475,  563,  642,  711,  771,  821,  862,  896,  923,  944,  960,  972,  980,  987,  991,  994,  996,  998]
// exp:
// CHECK: rank = 1 offset = 0 sizes = [37] strides = [1] data =
// CHECK-NEXT: [235,  259,  287,  317,  350,  387,  427,  472,  522,  577,  638,  705,  779,  861,  951,  1051,  1162,  1284,  1419,  1568,  1733,  1916,  2117,  2340,  2586,  2858,  3158,  3490,  3857,  4263,  4711,  5207,  5755,  6360,  7029,  7768,  8585]
// tanh:
// CHECK: rank = 1 offset = 0 sizes = [37] strides = [1] data =
// CHECK-NEXT: [-896,  -874,  -848,  -818,  -782,  -740,  -691,  -635,  -572,  -501,  -422,  -336,  -245,  -149,  -50,  50,  149,  245,  336,  422,  501,  572,  635,  691,  740,  782,  818,  848,  874,  896,  914,  929,  941,  952,  960,  967,  973]
// rsqrt:
// CHECK: rank = 1 offset = 0 sizes = [37] strides = [1] data =
// CHECK-NEXT: [830,  861,  894,  933,  976,  1026,  1085,  1155,  1240,  1348,  1491,  1690,  2000,  2582,  4472,  4472,  2582,  2000,  1690,  1491,  1348,  1240,  1155,  1085,  1026,  976,  933,  894,  861,  830,  803,  778,  756,  735,  716,  698,  682]
// sqrt:
// CHECK: rank = 1 offset = 0 sizes = [37] strides = [1] data =
// CHECK-NEXT: [1204,  1162,  1118,  1072,  1025,  975,  922,  866,  806,  742,  671,  592,  500,  387,  224,  224,  387,  500,  592,  671,  742,  806,  866,  922,  975,  1025,  1072,  1118,  1162,  1204,  1245,  1285,  1323,  1360,  1396,  1432,  1466]
// log:
// CHECK: rank = 1 offset = 0 sizes = [37] strides = [1] data =
// CHECK-NEXT: [372,  300,  223,  140,  49,  -51,  -163,  -288,  -431,  -598,  -799,  -1050,  -1386,  -1897,  -2996,  -2996,  -1897,  -1386,  -1050,  -799,  -598,  -431,  -288,  -163,  -51,  49,  140,  223,  300,  372,  438,  501,  560,  615,  668,  718,  765]
// log1p:
// CHECK: rank = 1 offset = 0 sizes = [37] strides = [1] data =
// CHECK-NEXT: [-2147483648,  -2147483648,  -2147483648,  -2147483648,  -2147483648,  -2996,  -1897,  -1386,  -1050,  -799,  -598,  -431,  -288,  -163,  -51,  49,  140,  223,  300,  372,  438,  501,  560,  615,  668,  718,  765,  811,  854,  896,  936,  975,  1012,  1047,  1082,  1115,  1147]
// absf:
// CHECK: rank = 1 offset = 0 sizes = [37] strides = [1] data =
// CHECK-NEXT: [1450,  1350,  1250,  1150,  1050,  950,  850,  750,  650,  550,  450,  350,  250,  150,  50,  50,  150,  250,  350,  450,  550,  650,  750,  850,  950,  1050,  1150,  1250,  1350,  1450,  1550,  1650,  1750,  1850,  1950,  2050,  2150]
// floor:
// CHECK: rank = 1 offset = 0 sizes = [37] strides = [1] data =
// CHECK-NEXT: [-2000,  -2000,  -2000,  -2000,  -2000,  -1000,  -1000,  -1000,  -1000,  -1000,  -1000,  -1000,  -1000,  -1000,  -1000,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  1000,  1000,  1000,  1000,  1000,  1000,  1000,  1000,  1000,  1000,  2000,  2000]
// sin:
// CHECK: rank = 1 offset = 0 sizes = [37] strides = [1] data =
// CHECK-NEXT: [-993,  -976,  -949,  -913,  -867,  -813,  -751,  -682,  -605,  -523,  -435,  -343,  -247,  -149,  -50,  50,  149,  247,  343,  435,  523,  605,  682,  751,  813,  867,  913,  949,  976,  993,  1000,  997,  984,  961,  929,  887,  837]
// cos:
// CHECK: rank = 1 offset = 0 sizes = [37] strides = [1] data =
// CHECK-NEXT: [121,  219,  315,  408,  498,  582,  660,  732,  796,  853,  900,  939,  969,  989,  999,  999,  989,  969,  939,  900,  853,  796,  732,  660,  582,  498,  408,  315,  219,  121,  21,  -79,  -178,  -276,  -370,  -461,  -547]
// expm1:
// CHECK: rank = 1 offset = 0 sizes = [37] strides = [1] data =
// CHECK-NEXT: [-765,  -741,  -713,  -683,  -650,  -613,  -573,  -528,  -478,  -423,  -362,  -295,  -221,  -139,  -49,  51,  162,  284,  419,  568,  733,  916,  1117,  1340,  1586,  1858,  2158,  2490,  2857,  3263,  3711,  4207,  4755,  5360,  6029,  6768,  7585]
// atan:
// CHECK: rank = 1 offset = 0 sizes = [37] strides = [1] data =
// CHECK-NEXT: [-967,  -933,  -896,  -855,  -810,  -760,  -704,  -644,  -576,  -503,  -423,  -337,  -245,  -149,  -50,  50,  149,  245,  337,  423,  503,  576,  644,  704,  760,  810,  855,  896,  933,  967,  998,  1026,  1052,  1075,  1097,  1117,  1135]

#id = affine_map<(d0) -> (d0)>
func.func @erf(%x: tensor<37xf32>) -> tensor<37xf32> {
  %e = tensor.empty() : tensor<37xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<37xf32>) outs(%e : tensor<37xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = math.erf %a : f32
    linalg.yield %y : f32
  } -> tensor<37xf32>
  return %r : tensor<37xf32>
}

func.func @exp(%x: tensor<37xf32>) -> tensor<37xf32> {
  %e = tensor.empty() : tensor<37xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<37xf32>) outs(%e : tensor<37xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = math.exp %a : f32
    linalg.yield %y : f32
  } -> tensor<37xf32>
  return %r : tensor<37xf32>
}

func.func @tanh(%x: tensor<37xf32>) -> tensor<37xf32> {
  %e = tensor.empty() : tensor<37xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<37xf32>) outs(%e : tensor<37xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = math.tanh %a : f32
    linalg.yield %y : f32
  } -> tensor<37xf32>
  return %r : tensor<37xf32>
}

func.func @rsqrt(%x: tensor<37xf32>) -> tensor<37xf32> {
  %e = tensor.empty() : tensor<37xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<37xf32>) outs(%e : tensor<37xf32>) {
  ^bb0(%a: f32, %o: f32):
    %abs = math.absf %a : f32
    %y = math.rsqrt %abs : f32
    linalg.yield %y : f32
  } -> tensor<37xf32>
  return %r : tensor<37xf32>
}

func.func @sqrt(%x: tensor<37xf32>) -> tensor<37xf32> {
  %e = tensor.empty() : tensor<37xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<37xf32>) outs(%e : tensor<37xf32>) {
  ^bb0(%a: f32, %o: f32):
    %abs = math.absf %a : f32
    %y = math.sqrt %abs : f32
    linalg.yield %y : f32
  } -> tensor<37xf32>
  return %r : tensor<37xf32>
}

func.func @log(%x: tensor<37xf32>) -> tensor<37xf32> {
  %e = tensor.empty() : tensor<37xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<37xf32>) outs(%e : tensor<37xf32>) {
  ^bb0(%a: f32, %o: f32):
    %abs = math.absf %a : f32
    %y = math.log %abs : f32
    linalg.yield %y : f32
  } -> tensor<37xf32>
  return %r : tensor<37xf32>
}

func.func @log1p(%x: tensor<37xf32>) -> tensor<37xf32> {
  %e = tensor.empty() : tensor<37xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<37xf32>) outs(%e : tensor<37xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = math.log1p %a : f32
    linalg.yield %y : f32
  } -> tensor<37xf32>
  return %r : tensor<37xf32>
}

func.func @absf(%x: tensor<37xf32>) -> tensor<37xf32> {
  %e = tensor.empty() : tensor<37xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<37xf32>) outs(%e : tensor<37xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = math.absf %a : f32
    linalg.yield %y : f32
  } -> tensor<37xf32>
  return %r : tensor<37xf32>
}

func.func @floor(%x: tensor<37xf32>) -> tensor<37xf32> {
  %e = tensor.empty() : tensor<37xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<37xf32>) outs(%e : tensor<37xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = math.floor %a : f32
    linalg.yield %y : f32
  } -> tensor<37xf32>
  return %r : tensor<37xf32>
}

func.func @sin(%x: tensor<37xf32>) -> tensor<37xf32> {
  %e = tensor.empty() : tensor<37xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<37xf32>) outs(%e : tensor<37xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = math.sin %a : f32
    linalg.yield %y : f32
  } -> tensor<37xf32>
  return %r : tensor<37xf32>
}

func.func @cos(%x: tensor<37xf32>) -> tensor<37xf32> {
  %e = tensor.empty() : tensor<37xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<37xf32>) outs(%e : tensor<37xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = math.cos %a : f32
    linalg.yield %y : f32
  } -> tensor<37xf32>
  return %r : tensor<37xf32>
}

func.func @expm1(%x: tensor<37xf32>) -> tensor<37xf32> {
  %e = tensor.empty() : tensor<37xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<37xf32>) outs(%e : tensor<37xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = math.expm1 %a : f32
    linalg.yield %y : f32
  } -> tensor<37xf32>
  return %r : tensor<37xf32>
}

func.func @atan(%x: tensor<37xf32>) -> tensor<37xf32> {
  %e = tensor.empty() : tensor<37xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<37xf32>) outs(%e : tensor<37xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = math.atan %a : f32
    linalg.yield %y : f32
  } -> tensor<37xf32>
  return %r : tensor<37xf32>
}

// round(1000 * y), not tiled: plain loops.
func.func @print_rounded(%t: tensor<37xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c37 = arith.constant 37 : index
  %k = arith.constant 1000.0 : f32
  %init = tensor.empty() : tensor<37xi32>
  %out = scf.for %i = %c0 to %c37 step %c1 iter_args(%acc = %init) -> tensor<37xi32> {
    %v = tensor.extract %t[%i] : tensor<37xf32>
    %s = arith.mulf %v, %k : f32
    %r = math.roundeven %s : f32
    %n = arith.fptosi %r : f32 to i32
    %u = tensor.insert %n into %acc[%i] : tensor<37xi32>
    scf.yield %u : tensor<37xi32>
  }
  %p = tensor.cast %out : tensor<37xi32> to tensor<*xi32>
  call @printMemrefI32(%p) : (tensor<*xi32>) -> ()
  return
}

func.func @main() {
  %x = tensor.generate {
  ^bb0(%i: index):
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %step = arith.constant 0.1 : f32
    %base = arith.constant -1.45 : f32
    %m = arith.mulf %f, %step : f32
    %v = arith.addf %m, %base : f32
    tensor.yield %v : f32
  } : tensor<37xf32>
  %erf = call @erf(%x) : (tensor<37xf32>) -> tensor<37xf32>
  call @print_rounded(%erf) : (tensor<37xf32>) -> ()
  %exp = call @exp(%x) : (tensor<37xf32>) -> tensor<37xf32>
  call @print_rounded(%exp) : (tensor<37xf32>) -> ()
  %tanh = call @tanh(%x) : (tensor<37xf32>) -> tensor<37xf32>
  call @print_rounded(%tanh) : (tensor<37xf32>) -> ()
  %rsqrt = call @rsqrt(%x) : (tensor<37xf32>) -> tensor<37xf32>
  call @print_rounded(%rsqrt) : (tensor<37xf32>) -> ()
  %sqrt = call @sqrt(%x) : (tensor<37xf32>) -> tensor<37xf32>
  call @print_rounded(%sqrt) : (tensor<37xf32>) -> ()
  %log = call @log(%x) : (tensor<37xf32>) -> tensor<37xf32>
  call @print_rounded(%log) : (tensor<37xf32>) -> ()
  %log1p = call @log1p(%x) : (tensor<37xf32>) -> tensor<37xf32>
  call @print_rounded(%log1p) : (tensor<37xf32>) -> ()
  %absf = call @absf(%x) : (tensor<37xf32>) -> tensor<37xf32>
  call @print_rounded(%absf) : (tensor<37xf32>) -> ()
  %floor = call @floor(%x) : (tensor<37xf32>) -> tensor<37xf32>
  call @print_rounded(%floor) : (tensor<37xf32>) -> ()
  %sin = call @sin(%x) : (tensor<37xf32>) -> tensor<37xf32>
  call @print_rounded(%sin) : (tensor<37xf32>) -> ()
  %cos = call @cos(%x) : (tensor<37xf32>) -> tensor<37xf32>
  call @print_rounded(%cos) : (tensor<37xf32>) -> ()
  %expm1 = call @expm1(%x) : (tensor<37xf32>) -> tensor<37xf32>
  call @print_rounded(%expm1) : (tensor<37xf32>) -> ()
  %atan = call @atan(%x) : (tensor<37xf32>) -> tensor<37xf32>
  call @print_rounded(%atan) : (tensor<37xf32>) -> ()
  return
}
func.func private @printMemrefI32(tensor<*xi32>) attributes { llvm.emit_c_interface }
