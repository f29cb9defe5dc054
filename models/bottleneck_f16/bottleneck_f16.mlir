#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @forward(%arg0: tensor<2x3x16x16xf16>) -> tensor<2x10xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant dense_resource<torch_tensor_10_torch.float16> : tensor<10xf16>
    %cst_2 = arith.constant dense_resource<torch_tensor_10_32_torch.float16> : tensor<10x32xf16>
    %cst_3 = arith.constant dense_resource<torch_tensor_32_torch.float16_11> : tensor<32xf16>
    %cst_4 = arith.constant dense_resource<torch_tensor_32_torch.float16_10> : tensor<32xf16>
    %cst_5 = arith.constant dense_resource<torch_tensor_32_torch.float16_9> : tensor<32xf16>
    %cst_6 = arith.constant dense_resource<torch_tensor_32_torch.float16_8> : tensor<32xf16>
    %cst_7 = arith.constant dense_resource<torch_tensor_32_8_1_1_torch.float16_1> : tensor<32x8x1x1xf16>
    %cst_8 = arith.constant dense_resource<torch_tensor_8_torch.float16_15> : tensor<8xf16>
    %cst_9 = arith.constant dense_resource<torch_tensor_8_torch.float16_14> : tensor<8xf16>
    %cst_10 = arith.constant dense_resource<torch_tensor_8_torch.float16_13> : tensor<8xf16>
    %cst_11 = arith.constant dense_resource<torch_tensor_8_torch.float16_12> : tensor<8xf16>
    %cst_12 = arith.constant dense_resource<torch_tensor_8_8_3_3_torch.float16_1> : tensor<8x8x3x3xf16>
    %cst_13 = arith.constant dense_resource<torch_tensor_8_torch.float16_11> : tensor<8xf16>
    %cst_14 = arith.constant dense_resource<torch_tensor_8_torch.float16_10> : tensor<8xf16>
    %cst_15 = arith.constant dense_resource<torch_tensor_8_torch.float16_9> : tensor<8xf16>
    %cst_16 = arith.constant dense_resource<torch_tensor_8_torch.float16_8> : tensor<8xf16>
    %cst_17 = arith.constant dense_resource<torch_tensor_8_32_1_1_torch.float16> : tensor<8x32x1x1xf16>
    %cst_18 = arith.constant dense_resource<torch_tensor_32_torch.float16_7> : tensor<32xf16>
    %cst_19 = arith.constant dense_resource<torch_tensor_32_torch.float16_6> : tensor<32xf16>
    %cst_20 = arith.constant dense_resource<torch_tensor_32_torch.float16_5> : tensor<32xf16>
    %cst_21 = arith.constant dense_resource<torch_tensor_32_torch.float16_4> : tensor<32xf16>
    %cst_22 = arith.constant dense_resource<torch_tensor_32_16_1_1_torch.float16> : tensor<32x16x1x1xf16>
    %cst_23 = arith.constant dense_resource<torch_tensor_32_torch.float16_3> : tensor<32xf16>
    %cst_24 = arith.constant dense_resource<torch_tensor_32_torch.float16_2> : tensor<32xf16>
    %cst_25 = arith.constant dense_resource<torch_tensor_32_torch.float16_1> : tensor<32xf16>
    %cst_26 = arith.constant dense_resource<torch_tensor_32_torch.float16> : tensor<32xf16>
    %cst_27 = arith.constant dense_resource<torch_tensor_32_8_1_1_torch.float16> : tensor<32x8x1x1xf16>
    %cst_28 = arith.constant dense_resource<torch_tensor_8_torch.float16_7> : tensor<8xf16>
    %cst_29 = arith.constant dense_resource<torch_tensor_8_torch.float16_6> : tensor<8xf16>
    %cst_30 = arith.constant dense_resource<torch_tensor_8_torch.float16_5> : tensor<8xf16>
    %cst_31 = arith.constant dense_resource<torch_tensor_8_torch.float16_4> : tensor<8xf16>
    %cst_32 = arith.constant dense_resource<torch_tensor_8_8_3_3_torch.float16> : tensor<8x8x3x3xf16>
    %cst_33 = arith.constant dense_resource<torch_tensor_8_torch.float16_3> : tensor<8xf16>
    %cst_34 = arith.constant dense_resource<torch_tensor_8_torch.float16_2> : tensor<8xf16>
    %cst_35 = arith.constant dense_resource<torch_tensor_8_torch.float16_1> : tensor<8xf16>
    %cst_36 = arith.constant dense_resource<torch_tensor_8_torch.float16> : tensor<8xf16>
    %cst_37 = arith.constant dense_resource<torch_tensor_8_16_1_1_torch.float16> : tensor<8x16x1x1xf16>
    %cst_38 = arith.constant dense_resource<torch_tensor_16_torch.float16_3> : tensor<16xf16>
    %cst_39 = arith.constant dense_resource<torch_tensor_16_torch.float16_2> : tensor<16xf16>
    %cst_40 = arith.constant 1.000000e-05 : f64
    %cst_41 = arith.constant dense_resource<torch_tensor_16_torch.float16_1> : tensor<16xf16>
    %cst_42 = arith.constant dense_resource<torch_tensor_16_torch.float16> : tensor<16xf16>
    %cst_43 = arith.constant dense_resource<torch_tensor_16_3_3_3_torch.float16> : tensor<16x3x3x3xf16>
    %cst_44 = arith.constant 6.400000e+01 : f16
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f16
    } : tensor<2x3x16x16xf16> to tensor<2x3x18x18xf16>
    %0 = tensor.empty() : tensor<2x16x16x16xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<2x16x16x16xf32>) -> tensor<2x16x16x16xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %cst_43 : tensor<2x3x18x18xf16>, tensor<16x3x3x3xf16>) outs(%1 : tensor<2x16x16x16xf32>) -> tensor<2x16x16x16xf32>
    %3 = tensor.empty() : tensor<2x16x16x16xf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<2x16x16x16xf32>) outs(%3 : tensor<2x16x16x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<2x16x16x16xf16>
    %5 = tensor.empty() : tensor<16xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_42 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<16xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_41 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<16xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%7 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.truncf %cst_40 : f64 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<16xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%8 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = math.rsqrt %in : f32
      linalg.yield %130 : f32
    } -> tensor<16xf32>
    %expanded = tensor.expand_shape %6 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_45 = tensor.expand_shape %9 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %expanded : tensor<2x16x16x16xf16>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x16x16xf32>) {
    ^bb0(%in: f16, %in_78: f32, %out: f32):
      %130 = arith.extf %in : f16 to f32
      %131 = arith.subf %130, %in_78 : f32
      linalg.yield %131 : f32
    } -> tensor<2x16x16x16xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10, %expanded_45 : tensor<2x16x16x16xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x16x16xf32>) {
    ^bb0(%in: f32, %in_78: f32, %out: f32):
      %130 = arith.mulf %in, %in_78 : f32
      linalg.yield %130 : f32
    } -> tensor<2x16x16x16xf32>
    %expanded_46 = tensor.expand_shape %cst_39 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %12 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11, %expanded_46 : tensor<2x16x16x16xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x16x16xf32>) {
    ^bb0(%in: f32, %in_78: f16, %out: f32):
      %130 = arith.extf %in_78 : f16 to f32
      %131 = arith.mulf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x16x16x16xf32>
    %expanded_47 = tensor.expand_shape %cst_38 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %13 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %expanded_47 : tensor<2x16x16x16xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x16x16xf32>) {
    ^bb0(%in: f32, %in_78: f16, %out: f32):
      %130 = arith.extf %in_78 : f16 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x16x16x16xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13 : tensor<2x16x16x16xf32>) outs(%3 : tensor<2x16x16x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<2x16x16x16xf16>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<2x16x16x16xf16>) outs(%3 : tensor<2x16x16x16xf16>) {
    ^bb0(%in: f16, %out: f16):
      %130 = arith.cmpf ugt, %in, %cst : f16
      %131 = arith.select %130, %in, %cst : f16
      linalg.yield %131 : f16
    } -> tensor<2x16x16x16xf16>
    %16 = tensor.empty() : tensor<2x8x16x16xf32>
    %17 = linalg.fill ins(%cst_0 : f32) outs(%16 : tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %18 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%15, %cst_37 : tensor<2x16x16x16xf16>, tensor<8x16x1x1xf16>) outs(%17 : tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %19 = tensor.empty() : tensor<2x8x16x16xf16>
    %20 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18 : tensor<2x8x16x16xf32>) outs(%19 : tensor<2x8x16x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<2x8x16x16xf16>
    %21 = tensor.empty() : tensor<8xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_36 : tensor<8xf16>) outs(%21 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<8xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_35 : tensor<8xf16>) outs(%21 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<8xf32>
    %24 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%23 : tensor<8xf32>) outs(%21 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.truncf %cst_40 : f64 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<8xf32>
    %25 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%24 : tensor<8xf32>) outs(%21 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = math.rsqrt %in : f32
      linalg.yield %130 : f32
    } -> tensor<8xf32>
    %expanded_48 = tensor.expand_shape %22 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_49 = tensor.expand_shape %25 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %26 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20, %expanded_48 : tensor<2x8x16x16xf16>, tensor<8x1x1xf32>) outs(%16 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f16, %in_78: f32, %out: f32):
      %130 = arith.extf %in : f16 to f32
      %131 = arith.subf %130, %in_78 : f32
      linalg.yield %131 : f32
    } -> tensor<2x8x16x16xf32>
    %27 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %expanded_49 : tensor<2x8x16x16xf32>, tensor<8x1x1xf32>) outs(%16 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_78: f32, %out: f32):
      %130 = arith.mulf %in, %in_78 : f32
      linalg.yield %130 : f32
    } -> tensor<2x8x16x16xf32>
    %expanded_50 = tensor.expand_shape %cst_34 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %28 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27, %expanded_50 : tensor<2x8x16x16xf32>, tensor<8x1x1xf16>) outs(%16 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_78: f16, %out: f32):
      %130 = arith.extf %in_78 : f16 to f32
      %131 = arith.mulf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x8x16x16xf32>
    %expanded_51 = tensor.expand_shape %cst_33 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %29 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28, %expanded_51 : tensor<2x8x16x16xf32>, tensor<8x1x1xf16>) outs(%16 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_78: f16, %out: f32):
      %130 = arith.extf %in_78 : f16 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x8x16x16xf32>
    %30 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29 : tensor<2x8x16x16xf32>) outs(%19 : tensor<2x8x16x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<2x8x16x16xf16>
    %31 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%30 : tensor<2x8x16x16xf16>) outs(%19 : tensor<2x8x16x16xf16>) {
    ^bb0(%in: f16, %out: f16):
      %130 = arith.cmpf ugt, %in, %cst : f16
      %131 = arith.select %130, %in, %cst : f16
      linalg.yield %131 : f16
    } -> tensor<2x8x16x16xf16>
    %padded_52 = tensor.pad %31 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f16
    } : tensor<2x8x16x16xf16> to tensor<2x8x18x18xf16>
    %32 = tensor.empty() : tensor<2x8x8x8xf32>
    %33 = linalg.fill ins(%cst_0 : f32) outs(%32 : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
    %34 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_52, %cst_32 : tensor<2x8x18x18xf16>, tensor<8x8x3x3xf16>) outs(%33 : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
    %35 = tensor.empty() : tensor<2x8x8x8xf16>
    %36 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34 : tensor<2x8x8x8xf32>) outs(%35 : tensor<2x8x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<2x8x8x8xf16>
    %37 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_31 : tensor<8xf16>) outs(%21 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<8xf32>
    %38 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_30 : tensor<8xf16>) outs(%21 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<8xf32>
    %39 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%38 : tensor<8xf32>) outs(%21 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.truncf %cst_40 : f64 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<8xf32>
    %40 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%39 : tensor<8xf32>) outs(%21 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = math.rsqrt %in : f32
      linalg.yield %130 : f32
    } -> tensor<8xf32>
    %expanded_53 = tensor.expand_shape %37 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_54 = tensor.expand_shape %40 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %41 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%36, %expanded_53 : tensor<2x8x8x8xf16>, tensor<8x1x1xf32>) outs(%32 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f16, %in_78: f32, %out: f32):
      %130 = arith.extf %in : f16 to f32
      %131 = arith.subf %130, %in_78 : f32
      linalg.yield %131 : f32
    } -> tensor<2x8x8x8xf32>
    %42 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41, %expanded_54 : tensor<2x8x8x8xf32>, tensor<8x1x1xf32>) outs(%32 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %in_78: f32, %out: f32):
      %130 = arith.mulf %in, %in_78 : f32
      linalg.yield %130 : f32
    } -> tensor<2x8x8x8xf32>
    %expanded_55 = tensor.expand_shape %cst_29 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %43 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42, %expanded_55 : tensor<2x8x8x8xf32>, tensor<8x1x1xf16>) outs(%32 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %in_78: f16, %out: f32):
      %130 = arith.extf %in_78 : f16 to f32
      %131 = arith.mulf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x8x8x8xf32>
    %expanded_56 = tensor.expand_shape %cst_28 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %44 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43, %expanded_56 : tensor<2x8x8x8xf32>, tensor<8x1x1xf16>) outs(%32 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %in_78: f16, %out: f32):
      %130 = arith.extf %in_78 : f16 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x8x8x8xf32>
    %45 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%44 : tensor<2x8x8x8xf32>) outs(%35 : tensor<2x8x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<2x8x8x8xf16>
    %46 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45 : tensor<2x8x8x8xf16>) outs(%35 : tensor<2x8x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %130 = arith.cmpf ugt, %in, %cst : f16
      %131 = arith.select %130, %in, %cst : f16
      linalg.yield %131 : f16
    } -> tensor<2x8x8x8xf16>
    %47 = tensor.empty() : tensor<2x32x8x8xf32>
    %48 = linalg.fill ins(%cst_0 : f32) outs(%47 : tensor<2x32x8x8xf32>) -> tensor<2x32x8x8xf32>
    %49 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%46, %cst_27 : tensor<2x8x8x8xf16>, tensor<32x8x1x1xf16>) outs(%48 : tensor<2x32x8x8xf32>) -> tensor<2x32x8x8xf32>
    %50 = tensor.empty() : tensor<2x32x8x8xf16>
    %51 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%49 : tensor<2x32x8x8xf32>) outs(%50 : tensor<2x32x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<2x32x8x8xf16>
    %52 = tensor.empty() : tensor<32xf32>
    %53 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_26 : tensor<32xf16>) outs(%52 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<32xf32>
    %54 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_25 : tensor<32xf16>) outs(%52 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<32xf32>
    %55 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%54 : tensor<32xf32>) outs(%52 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.truncf %cst_40 : f64 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<32xf32>
    %56 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%55 : tensor<32xf32>) outs(%52 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = math.rsqrt %in : f32
      linalg.yield %130 : f32
    } -> tensor<32xf32>
    %expanded_57 = tensor.expand_shape %53 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %expanded_58 = tensor.expand_shape %56 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %57 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%51, %expanded_57 : tensor<2x32x8x8xf16>, tensor<32x1x1xf32>) outs(%47 : tensor<2x32x8x8xf32>) {
    ^bb0(%in: f16, %in_78: f32, %out: f32):
      %130 = arith.extf %in : f16 to f32
      %131 = arith.subf %130, %in_78 : f32
      linalg.yield %131 : f32
    } -> tensor<2x32x8x8xf32>
    %58 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%57, %expanded_58 : tensor<2x32x8x8xf32>, tensor<32x1x1xf32>) outs(%47 : tensor<2x32x8x8xf32>) {
    ^bb0(%in: f32, %in_78: f32, %out: f32):
      %130 = arith.mulf %in, %in_78 : f32
      linalg.yield %130 : f32
    } -> tensor<2x32x8x8xf32>
    %expanded_59 = tensor.expand_shape %cst_24 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf16> into tensor<32x1x1xf16>
    %59 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%58, %expanded_59 : tensor<2x32x8x8xf32>, tensor<32x1x1xf16>) outs(%47 : tensor<2x32x8x8xf32>) {
    ^bb0(%in: f32, %in_78: f16, %out: f32):
      %130 = arith.extf %in_78 : f16 to f32
      %131 = arith.mulf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x32x8x8xf32>
    %expanded_60 = tensor.expand_shape %cst_23 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf16> into tensor<32x1x1xf16>
    %60 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%59, %expanded_60 : tensor<2x32x8x8xf32>, tensor<32x1x1xf16>) outs(%47 : tensor<2x32x8x8xf32>) {
    ^bb0(%in: f32, %in_78: f16, %out: f32):
      %130 = arith.extf %in_78 : f16 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x32x8x8xf32>
    %61 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%60 : tensor<2x32x8x8xf32>) outs(%50 : tensor<2x32x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<2x32x8x8xf16>
    %62 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%15, %cst_22 : tensor<2x16x16x16xf16>, tensor<32x16x1x1xf16>) outs(%48 : tensor<2x32x8x8xf32>) -> tensor<2x32x8x8xf32>
    %63 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%62 : tensor<2x32x8x8xf32>) outs(%50 : tensor<2x32x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<2x32x8x8xf16>
    %64 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_21 : tensor<32xf16>) outs(%52 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<32xf32>
    %65 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_20 : tensor<32xf16>) outs(%52 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<32xf32>
    %66 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%65 : tensor<32xf32>) outs(%52 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.truncf %cst_40 : f64 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<32xf32>
    %67 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%66 : tensor<32xf32>) outs(%52 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = math.rsqrt %in : f32
      linalg.yield %130 : f32
    } -> tensor<32xf32>
    %expanded_61 = tensor.expand_shape %64 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %expanded_62 = tensor.expand_shape %67 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %68 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%63, %expanded_61 : tensor<2x32x8x8xf16>, tensor<32x1x1xf32>) outs(%47 : tensor<2x32x8x8xf32>) {
    ^bb0(%in: f16, %in_78: f32, %out: f32):
      %130 = arith.extf %in : f16 to f32
      %131 = arith.subf %130, %in_78 : f32
      linalg.yield %131 : f32
    } -> tensor<2x32x8x8xf32>
    %69 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%68, %expanded_62 : tensor<2x32x8x8xf32>, tensor<32x1x1xf32>) outs(%47 : tensor<2x32x8x8xf32>) {
    ^bb0(%in: f32, %in_78: f32, %out: f32):
      %130 = arith.mulf %in, %in_78 : f32
      linalg.yield %130 : f32
    } -> tensor<2x32x8x8xf32>
    %expanded_63 = tensor.expand_shape %cst_19 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf16> into tensor<32x1x1xf16>
    %70 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%69, %expanded_63 : tensor<2x32x8x8xf32>, tensor<32x1x1xf16>) outs(%47 : tensor<2x32x8x8xf32>) {
    ^bb0(%in: f32, %in_78: f16, %out: f32):
      %130 = arith.extf %in_78 : f16 to f32
      %131 = arith.mulf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x32x8x8xf32>
    %expanded_64 = tensor.expand_shape %cst_18 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf16> into tensor<32x1x1xf16>
    %71 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%70, %expanded_64 : tensor<2x32x8x8xf32>, tensor<32x1x1xf16>) outs(%47 : tensor<2x32x8x8xf32>) {
    ^bb0(%in: f32, %in_78: f16, %out: f32):
      %130 = arith.extf %in_78 : f16 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x32x8x8xf32>
    %72 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%71 : tensor<2x32x8x8xf32>) outs(%50 : tensor<2x32x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<2x32x8x8xf16>
    %73 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%61, %72 : tensor<2x32x8x8xf16>, tensor<2x32x8x8xf16>) outs(%50 : tensor<2x32x8x8xf16>) {
    ^bb0(%in: f16, %in_78: f16, %out: f16):
      %130 = arith.addf %in, %in_78 : f16
      linalg.yield %130 : f16
    } -> tensor<2x32x8x8xf16>
    %74 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%73 : tensor<2x32x8x8xf16>) outs(%50 : tensor<2x32x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %130 = arith.cmpf ugt, %in, %cst : f16
      %131 = arith.select %130, %in, %cst : f16
      linalg.yield %131 : f16
    } -> tensor<2x32x8x8xf16>
    %75 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%74, %cst_17 : tensor<2x32x8x8xf16>, tensor<8x32x1x1xf16>) outs(%33 : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
    %76 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%75 : tensor<2x8x8x8xf32>) outs(%35 : tensor<2x8x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<2x8x8x8xf16>
    %77 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_16 : tensor<8xf16>) outs(%21 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<8xf32>
    %78 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_15 : tensor<8xf16>) outs(%21 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<8xf32>
    %79 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%78 : tensor<8xf32>) outs(%21 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.truncf %cst_40 : f64 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<8xf32>
    %80 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%79 : tensor<8xf32>) outs(%21 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = math.rsqrt %in : f32
      linalg.yield %130 : f32
    } -> tensor<8xf32>
    %expanded_65 = tensor.expand_shape %77 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_66 = tensor.expand_shape %80 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %81 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%76, %expanded_65 : tensor<2x8x8x8xf16>, tensor<8x1x1xf32>) outs(%32 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f16, %in_78: f32, %out: f32):
      %130 = arith.extf %in : f16 to f32
      %131 = arith.subf %130, %in_78 : f32
      linalg.yield %131 : f32
    } -> tensor<2x8x8x8xf32>
    %82 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%81, %expanded_66 : tensor<2x8x8x8xf32>, tensor<8x1x1xf32>) outs(%32 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %in_78: f32, %out: f32):
      %130 = arith.mulf %in, %in_78 : f32
      linalg.yield %130 : f32
    } -> tensor<2x8x8x8xf32>
    %expanded_67 = tensor.expand_shape %cst_14 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %83 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%82, %expanded_67 : tensor<2x8x8x8xf32>, tensor<8x1x1xf16>) outs(%32 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %in_78: f16, %out: f32):
      %130 = arith.extf %in_78 : f16 to f32
      %131 = arith.mulf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x8x8x8xf32>
    %expanded_68 = tensor.expand_shape %cst_13 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %84 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%83, %expanded_68 : tensor<2x8x8x8xf32>, tensor<8x1x1xf16>) outs(%32 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %in_78: f16, %out: f32):
      %130 = arith.extf %in_78 : f16 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x8x8x8xf32>
    %85 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%84 : tensor<2x8x8x8xf32>) outs(%35 : tensor<2x8x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<2x8x8x8xf16>
    %86 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%85 : tensor<2x8x8x8xf16>) outs(%35 : tensor<2x8x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %130 = arith.cmpf ugt, %in, %cst : f16
      %131 = arith.select %130, %in, %cst : f16
      linalg.yield %131 : f16
    } -> tensor<2x8x8x8xf16>
    %padded_69 = tensor.pad %86 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f16
    } : tensor<2x8x8x8xf16> to tensor<2x8x10x10xf16>
    %87 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_69, %cst_12 : tensor<2x8x10x10xf16>, tensor<8x8x3x3xf16>) outs(%33 : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
    %88 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%87 : tensor<2x8x8x8xf32>) outs(%35 : tensor<2x8x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<2x8x8x8xf16>
    %89 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_11 : tensor<8xf16>) outs(%21 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<8xf32>
    %90 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_10 : tensor<8xf16>) outs(%21 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<8xf32>
    %91 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%90 : tensor<8xf32>) outs(%21 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.truncf %cst_40 : f64 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<8xf32>
    %92 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%91 : tensor<8xf32>) outs(%21 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = math.rsqrt %in : f32
      linalg.yield %130 : f32
    } -> tensor<8xf32>
    %expanded_70 = tensor.expand_shape %89 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_71 = tensor.expand_shape %92 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %93 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%88, %expanded_70 : tensor<2x8x8x8xf16>, tensor<8x1x1xf32>) outs(%32 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f16, %in_78: f32, %out: f32):
      %130 = arith.extf %in : f16 to f32
      %131 = arith.subf %130, %in_78 : f32
      linalg.yield %131 : f32
    } -> tensor<2x8x8x8xf32>
    %94 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%93, %expanded_71 : tensor<2x8x8x8xf32>, tensor<8x1x1xf32>) outs(%32 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %in_78: f32, %out: f32):
      %130 = arith.mulf %in, %in_78 : f32
      linalg.yield %130 : f32
    } -> tensor<2x8x8x8xf32>
    %expanded_72 = tensor.expand_shape %cst_9 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %95 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%94, %expanded_72 : tensor<2x8x8x8xf32>, tensor<8x1x1xf16>) outs(%32 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %in_78: f16, %out: f32):
      %130 = arith.extf %in_78 : f16 to f32
      %131 = arith.mulf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x8x8x8xf32>
    %expanded_73 = tensor.expand_shape %cst_8 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %96 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%95, %expanded_73 : tensor<2x8x8x8xf32>, tensor<8x1x1xf16>) outs(%32 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %in_78: f16, %out: f32):
      %130 = arith.extf %in_78 : f16 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x8x8x8xf32>
    %97 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%96 : tensor<2x8x8x8xf32>) outs(%35 : tensor<2x8x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<2x8x8x8xf16>
    %98 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%97 : tensor<2x8x8x8xf16>) outs(%35 : tensor<2x8x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %130 = arith.cmpf ugt, %in, %cst : f16
      %131 = arith.select %130, %in, %cst : f16
      linalg.yield %131 : f16
    } -> tensor<2x8x8x8xf16>
    %99 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%98, %cst_7 : tensor<2x8x8x8xf16>, tensor<32x8x1x1xf16>) outs(%48 : tensor<2x32x8x8xf32>) -> tensor<2x32x8x8xf32>
    %100 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%99 : tensor<2x32x8x8xf32>) outs(%50 : tensor<2x32x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<2x32x8x8xf16>
    %101 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_6 : tensor<32xf16>) outs(%52 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<32xf32>
    %102 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_5 : tensor<32xf16>) outs(%52 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<32xf32>
    %103 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%102 : tensor<32xf32>) outs(%52 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.truncf %cst_40 : f64 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<32xf32>
    %104 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%103 : tensor<32xf32>) outs(%52 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = math.rsqrt %in : f32
      linalg.yield %130 : f32
    } -> tensor<32xf32>
    %expanded_74 = tensor.expand_shape %101 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %expanded_75 = tensor.expand_shape %104 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %105 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%100, %expanded_74 : tensor<2x32x8x8xf16>, tensor<32x1x1xf32>) outs(%47 : tensor<2x32x8x8xf32>) {
    ^bb0(%in: f16, %in_78: f32, %out: f32):
      %130 = arith.extf %in : f16 to f32
      %131 = arith.subf %130, %in_78 : f32
      linalg.yield %131 : f32
    } -> tensor<2x32x8x8xf32>
    %106 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%105, %expanded_75 : tensor<2x32x8x8xf32>, tensor<32x1x1xf32>) outs(%47 : tensor<2x32x8x8xf32>) {
    ^bb0(%in: f32, %in_78: f32, %out: f32):
      %130 = arith.mulf %in, %in_78 : f32
      linalg.yield %130 : f32
    } -> tensor<2x32x8x8xf32>
    %expanded_76 = tensor.expand_shape %cst_4 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf16> into tensor<32x1x1xf16>
    %107 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%106, %expanded_76 : tensor<2x32x8x8xf32>, tensor<32x1x1xf16>) outs(%47 : tensor<2x32x8x8xf32>) {
    ^bb0(%in: f32, %in_78: f16, %out: f32):
      %130 = arith.extf %in_78 : f16 to f32
      %131 = arith.mulf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x32x8x8xf32>
    %expanded_77 = tensor.expand_shape %cst_3 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf16> into tensor<32x1x1xf16>
    %108 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%107, %expanded_77 : tensor<2x32x8x8xf32>, tensor<32x1x1xf16>) outs(%47 : tensor<2x32x8x8xf32>) {
    ^bb0(%in: f32, %in_78: f16, %out: f32):
      %130 = arith.extf %in_78 : f16 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<2x32x8x8xf32>
    %109 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%108 : tensor<2x32x8x8xf32>) outs(%50 : tensor<2x32x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<2x32x8x8xf16>
    %110 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%109, %74 : tensor<2x32x8x8xf16>, tensor<2x32x8x8xf16>) outs(%50 : tensor<2x32x8x8xf16>) {
    ^bb0(%in: f16, %in_78: f16, %out: f16):
      %130 = arith.addf %in, %in_78 : f16
      linalg.yield %130 : f16
    } -> tensor<2x32x8x8xf16>
    %111 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%110 : tensor<2x32x8x8xf16>) outs(%50 : tensor<2x32x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %130 = arith.cmpf ugt, %in, %cst : f16
      %131 = arith.select %130, %in, %cst : f16
      linalg.yield %131 : f16
    } -> tensor<2x32x8x8xf16>
    %112 = tensor.empty() : tensor<2x32x1x1xf16>
    %113 = linalg.fill ins(%cst : f16) outs(%112 : tensor<2x32x1x1xf16>) -> tensor<2x32x1x1xf16>
    %114 = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%111 : tensor<2x32x8x8xf16>) outs(%113 : tensor<2x32x1x1xf16>) {
    ^bb0(%in: f16, %out: f16):
      %130 = arith.addf %in, %out : f16
      linalg.yield %130 : f16
    } -> tensor<2x32x1x1xf16>
    %115 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%114 : tensor<2x32x1x1xf16>) outs(%112 : tensor<2x32x1x1xf16>) {
    ^bb0(%in: f16, %out: f16):
      %130 = arith.divf %in, %cst_44 : f16
      linalg.yield %130 : f16
    } -> tensor<2x32x1x1xf16>
    %collapsed = tensor.collapse_shape %115 [[0], [1, 2, 3]] : tensor<2x32x1x1xf16> into tensor<2x32xf16>
    %116 = tensor.empty() : tensor<32x10xf16>
    %transposed = linalg.transpose ins(%cst_2 : tensor<10x32xf16>) outs(%116 : tensor<32x10xf16>) permutation = [1, 0] 
    %117 = tensor.empty() : tensor<10xf32>
    %118 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_1 : tensor<10xf16>) outs(%117 : tensor<10xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<10xf32>
    %119 = tensor.empty() : tensor<2x32xf32>
    %120 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<2x32xf16>) outs(%119 : tensor<2x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<2x32xf32>
    %121 = tensor.empty() : tensor<32x10xf32>
    %122 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<32x10xf16>) outs(%121 : tensor<32x10xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<32x10xf32>
    %123 = tensor.empty() : tensor<2x10xf32>
    %124 = linalg.fill ins(%cst_0 : f32) outs(%123 : tensor<2x10xf32>) -> tensor<2x10xf32>
    %125 = linalg.matmul ins(%120, %122 : tensor<2x32xf32>, tensor<32x10xf32>) outs(%124 : tensor<2x10xf32>) -> tensor<2x10xf32>
    %126 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%118 : tensor<10xf32>) outs(%123 : tensor<2x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x10xf32>
    %127 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%125, %126 : tensor<2x10xf32>, tensor<2x10xf32>) outs(%123 : tensor<2x10xf32>) {
    ^bb0(%in: f32, %in_78: f32, %out: f32):
      %130 = arith.addf %in, %in_78 : f32
      linalg.yield %130 : f32
    } -> tensor<2x10xf32>
    %128 = tensor.empty() : tensor<2x10xf16>
    %129 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%127 : tensor<2x10xf32>) outs(%128 : tensor<2x10xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<2x10xf16>
    return %129 : tensor<2x10xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_10_torch.float16: "0x02000000C4AF6331A82FB6AFEE2CA62C0FB0F4AFAFB00A2D",
      torch_tensor_10_32_torch.float16: "0x02000000293057201FA82CAEB8AE6FA6A4AE77AFFCA5FEA7E8AE9C2ECC30B7AFF52C40ADB3A44831CA2565B13331A99FAAADFAADDA301C1A402E702F64ACAF2351AFB930FCAD842FBC29FB2EF9AFA19DDD2D3A9F3299832D3AB089A8272D8C2D41317AA85C2991AD98A7AEAD313069149A2C392E3728D124A0A2CBB04B2703A9C1B04531D3A4A6AD82B136B14F2C2AADE3AC8CAE913070A9552F7E3063B0383052A86B31C72D7BB13428F42B1BAC4A30AFB02EAB64318631A72DC1AEDEB099B0A8A9692E2A2B7FA5163171304AADE6AC3F98B2282F955E2CCE2F14A88E2D2826582CA82C0CAA0BADD62C3EAFF12D42AFC32F8A2C8BA9782E74ABD228A92A9F248B28309B89AA502E762C382CA32FEBAD42A9299D913081B07DAE64A9D5B078B0C02F39208DB079A7F49D06ACBBB0282E97A5863155B036AEB4A0E1AF1F306030203124AF0630DB2F80ACF724642D0C3049B1A231B0A99C2C07AF5AB0A9AFAB2E95AD942ED72A802C08A928AB4BAD53AE3731EBA0DAAC43B1E01F9DB14398252F84AE372E38AB5AB09AB19F2D54B0862D7B26262E41B0F230A2B14BB0C92E271E5AAEBFA809B1ECB0DBA85130C22A4428FFA92631EF16A42BC11910278C2B5730832ECB25862CCEAABC2F5A2A453011A79EB078289A2C9230632C2E2C8030C7ABFF30CD2D8E2F09309FB0E52D4531F3AFC2A3E8AE77A9BF260D2E92AA5BB11C2E592E1AA8D8305C30FDA8FE1EF9276FA893A91BAD6FAEA62DB8AA6DADFC303C271530283160A6C0263F31C9AFC9AA712624A2062AF32DA8AC0C231E3167AEACAF57B0C32E30B180ADA42FC8AE9A304AAD2927ED25719C0C2FCE3010AF582E0C2ABF9AE9AFB62A1B30DBB039B190B13A2980AA07AB4431C5A92FAF122436AEA1AAFA2D3929",
      torch_tensor_32_torch.float16_11: "0x02000000332EF2B635B48C35F7B82FB6C5AC91BA91248430B430EC3B31BA9D38573CB327C6A92C393BB607B31B38DDB9F6B79DB2CBB4313BAC3A503D0E294FAD81B44B2A",
      torch_tensor_32_torch.float16_10: "0x02000000243AC3388739AE3CE43AF43D16399638FA3D8B38B43D8A3C5B38BE3DE93A5A3AE1389E38723C1238D23C033BB43C053BB13CE43B963C5F3A4039413C72398539",
      torch_tensor_32_torch.float16_9: "0x02000000CF38163EBC3837396C3ADC3F263C873BF339EB3E843C943DB73DD93DEC3E283D4F3DCE3C5639503CDB3FBF39373A0C382F3D6338ED3AC43F3E3E993E843DE738",
      torch_tensor_32_torch.float16_8: "0x02000000B3B0C831EAB53EBB0E3714B8D42DC9B70A30683A4335CDB0E736B2B420B091B524BD4A3527AEE03510B5DCA49CB8453CDBB7F139E832DA32F535CAB97AA40331",
      torch_tensor_32_8_1_1_torch.float16_1: "0x020000007BAAF3322B34A1AEA3B252B55430CD31D8AB7EB54AB3E0A42A3195AF4EB3E0B31035193098B4FDB2CDB48C2A98B0E79429ABF4B40EB563B4BDB00A2B52B174A26CA92C3528B1513558B4B8B45C2F96B2CE3142B274347A35CB25D62C4635B532F0B4CBA11BB5523425AC0C99F3B227B2E029AB34B0B147281F3512356CAC4D351F3027355F21CBB429AEC92E0932A3B5663413B5A1329535932D45AC3B32B7AE31B404B45231523454237CB58FB51CAD1B328AB3192E2FB29A34EEADB7ACF6B411B51E26512B1D32F2B4EE2B8AAAA33225B1BE2E8F30AF31C3AF482F6FAC182EF5B27FB4A1B41DB3CAB0BC2AF3AC71B2151A25AFF932A9B42DB045B39629F02435A59D3551B081AAD92DB9344A342B2948B06F2F1E33BA9F3632A13410B201AD18B5322D083465AC392B3B2FB99F6634982A8FB5ACB49BB576231E32F8A9163512ACA02C1A35BA31C6A17335C2B23730253301B350B53D2F4BB0B6B1802C1BB4163510A83FAFBB344D2E502C69B16435E4AEB434A7A6AD31F43336B48AB398B51434DD3423B08BB1932B1732962DB7AC32B3D73454B377B584B0832C353060308EB258B008B17BB1C4B4A22C95AE72B59BB2CBB2E1B0FEB2D9AB0E3094B4C1A783AEC9B106ADCCB0D22115B44B2C3235B03413B1F92E59B5C334A3B50EB514B541B5212AFCAD6A2D9AA5C79F16B0B6B2BCB4B531D5B19AAC7F319BADB5AD8BB3",
      torch_tensor_8_torch.float16_15: "0x020000005AAE93B9643B11B3703BE6B434B20F32",
      torch_tensor_8_torch.float16_14: "0x0200000085388C398F3CB13CDD3D053DBA3CDD3B",
      torch_tensor_8_torch.float16_13: "0x02000000CE3DAB3DC13E953EC83A0F3F063F663D",
      torch_tensor_8_torch.float16_12: "0x02000000A0AC79242A325B376334AEB5282C2433",
      torch_tensor_8_8_3_3_torch.float16_1: "0x020000000BA41DAF7C2D9EAE96A57C1FF8A884A985AEA61EDAA2932EF7A8D42DB71DC7AA2DA7D9A20015F8A47A28362EBE247729A82C8126F42AEA2B0F2FE2AE2929789D6BA5D1A9892CE62E28AE132C332D4625B015CE2D281B86A775A0D7288D27839EC32810281CAE85279D2CEB2282A1C72D97AEE3AAD1AA842E4CAFFC214EAFF09B9F290EA7522F260EB1ABC827D82BAC8B742EC6AC702A482C7E2BD5824E28EBADEBAD809F90A39A2D7A2D1D2DE9AAECAD13AF7629CCAE88AFA0AB5EAEF2A9C0ACBDAB2C2FAFA5422E5B19C2A36BA864AD0FAE392DA6A85BAFEC2E7A180CADEEAD56AE9DAED32E332DEF206EAEE4A716AF332901A875A6B5A8132B152C9C268EA3F7A138989EAD5C2F82AA632C3AAC7B122A29EDAEEB2AC6AD3624FCA5532C552FCD26E49A79ABA02943AB3B2A8AAA1E2DC92DA02CD614FF2ADFAE1E2ED7A780291CA511A915ABDD2C1AAC52A59C2B152259AE80AF55ABF52E5DAD282C662D41AAA9AA6DADB52438A4DD1D8B2A552AC2A825202B2723190A261CAA2F2E30A2B8A3C5AE78AD821BAAA496ABE52B67A14E295A2EEFAA6DAB10A61CA18CAB3EA7F59AC42AFA2E962D63229B9FBA27ED9CEBA3302923AE6AAED20F92A876AB06AF0D2DCF9C0DAC25AAEF2778ADC01FF4952429FC29EEAC832AB22DC51FAF2BB6A9FE256828F8AAA82C22AFABA970AC7AAC92AC1BAF2D25F8A55AAE2D8307A5392AE8AD3EA83626652A912017288A2F3AA9242D7F2EACAE4C27462CB5A42A2C1B1CBE2D3219D4ACBA2D7C286B2E7D27012CB42C152503A73B2642AD1F1CD9A8A11FF9AD9C2CF5AE762AF82CEAAED12E9BADEDA5D12BC9A8B92EA8AA0AA4EEAC00AB5C2FAC2D7120F62067AEB22D86A44BAA01AE342E272B8B2C3F221EAD2E2AF522102983A71EAB312E0F291FAA63218FA629A13B2C01AED42E142DA3062CAA2726FEACE62CFAABC4256CAF392B1B2DA92DED20742C25290F2D422C99AE5C2225A934AB482D51A4B024C02C142D062C44A5B9AE3EAFBE28BA95C4AC972AD92E5D2C42A41424D0AC1F2BD8AD352DE4AAFCA951AE4CA7D6A1F4AA5E2D542CA8AE09A21229472F37A7A12CC39EC9A99E2CB9AE522E892F1EA8F529852F8C28E6298A292CAA5D2705AC712E77AAE6265FA88B2BF517262C16A86DACC9293FAC31AED42989ACACA989A7492039A96EA995A7492D842843AB37AD9819D5280D996A2C582E6C28FA28602C2BA95A25192E39ABB220E6A9CDADFD2B072E13ACA729A028E429272C0B2FBA2D9AAEEAA9012C4EACED2578AAFE255C2BBE287B2D43A3182CE028C1A854ADE72E7FA8AE2DC12CDC9C3BAEDC204BABDA27FFA9D02DCEAE10A8C224C221322EC4A805AEFE2C3728F82C77AC6EAC18AA4A201D2956ACAEA137A5E22E71A94F2FA0AC37AAACAD8E2D30AD3F2A8BA9842F41248DAE312556234CAF0E26322F5728229141A60228B8AA6D2F852E0C2B9EA915AF58AC552FECAE34AF59A0CD2882AF01AF40110FA9412D55288CAECCAE2E2D5AA599AAC028EEA5372BA72788AA0CAE152C88ACACA2202464AC1C2C4EAD69277422892967AFF91E5B2BD4AC7727910F662E63A6991290AA6FA7522846AFB92D6C2D632AA52DB2A8DF26241E37AD",
      torch_tensor_8_torch.float16_11: "0x0200000072BA20B2C035DB33943113352C303EAD",
      torch_tensor_8_torch.float16_10: "0x02000000ED3DF939A83A69389B3B233C8C3C3839",
      torch_tensor_8_torch.float16_9: "0x020000002B396C3B1038023FF73FBF3EF53DB63D",
      torch_tensor_8_torch.float16_8: "0x0200000007B8FFB1983102281B3A10BAABB1DFBC",
      torch_tensor_8_32_1_1_torch.float16: "0x0200000056ADF230DE30D4A404B189A1FB21902FD31D962A012A6BAE05AF0EB1B095022B70A27E3151A862AF8B275FAA34A67B31329DF1300B2635AC263072AEFD1D1629142D38B17120DCA9562F9D2B892CCD2E11A9CDA18A308FB0D2AF9F227BAC2F21FF303FA5D3B025AD3231F9A8F6AC182D9A25FDB0B6305F2EEB30F32CA1AB63AB7C2D63A870287BB198AD342C76A070ADEFB0312F8DA88FB17531812DC4AE21B077310C12CEAE832EB7A83322E5ADCBB084AFF8A418B09331D61755AC792C04B1C9AD402CCEB0A42D9C23B7B09DB1272B592D86A801B185AECF24961ECB290028BFA0F82D7D31B6302431A3ABB9AB01A5B02A942C09A44FAF45B0723115AA1EA6EFAE9CADF828C42C79AC2AAC7B30D4AD38B00FA76231EC284126A3A5122F9CADAC2F582908253B26FAAE3430F12D6DB044B1D3A9842F92AD3E31B0AD1CB1FA2CD6AE22A70FAB31A3EEB030B1DD2C21A5D3AE9D9C2AB1022A5F2D7C319CB07DA5242E2F3106B0CF2CAC2CD22ECDAF0930EEACF7AE7E28CB307EAF0A2E2FA5392B6A30252AB2B0D0AA7E28C6B0862713AE7FA80C2C8EB043AF292D98B1C92F5DB0D499A528772C06AF1726DF2CDA3042B0A0AD972AD09DA3AFC3B006B1EBAFD1ACDBAFF6B01123A32E56AD862477984A2DD9AF4C2048310A309BB1D0A6C01679AB6FAFDFAF852F53ABD3A1A42AF2AE0924BB2E9DAE952A2F9E382E852F012A781D",
      torch_tensor_32_torch.float16_7: "0x0200000020B534B32F362139B5B3E63800B3F43120B10BB8CCB8D32E2F3B8C32503926B82F2FF92E68B78431C8B97CB7D6B206BCC626CBAF03BAA9348BB97C385739B235",
      torch_tensor_32_torch.float16_6: "0x02000000183DAB3A613AB63D1D3C4D39AF3D553C123D87385F3C393D6C3BBA399A3DEE3C923C793C0B3C263D203BA539C43C893CC33C8E3B783BAF3B873CEE384638C03C",
      torch_tensor_32_torch.float16_5: "0x02000000843D14396B3F8F39F33FA73B523B963CE33D723C03381C3FF93F833EF03FD13DC43C3939C238DE393D3CBF3E863BE23CF53C143AEB3CE63F663F493FB43C0E3D",
      torch_tensor_32_torch.float16_4: "0x020000000F298532283800B3EE378E3234387FB5A2B7D13525B64AB9B033E3B2AD24102CC63461AF05331932DD3A04981DBC5EBAD9AFD830BD385F3504B89C33B436B336",
      torch_tensor_32_16_1_1_torch.float16: "0x020000006DB398322FAFA1B1EBA664B12EB0143002B28C2FD53198901B2F7BB03D32C6339B2B4A33F2B307A75C2AF4B2C92F19AEC9AD59B28B2ED2B1CAAA1C2F07323C2BF8ADF6AE7E30F029BC32062E723272B26E325AAF48AC211600AA542A2133C8B0F22C6EB2062997326531DA3255304CA52D2CB0AECA320130DBB1EB32999BB1A161AC39AC6822D0AF71B31FB05EAA0B32E331CBB0EAA09EAC48B0A1A98DAD7930EFAFEC2884B0FEAC4C32DBAFB2A3A4337A2D12B0CEB09CAD03ADF72E1DABBF3264B001ADD32D6432A7331F2965212BAF8530A3B035ACB0B2B1B37930592461325E323330672E27AC4030B22F8A2D649FC8288B14CEB16E2BE2B1C32FC4B03AAD97AF5132A2B116300330A831022C5C3053324E2A712D41B24BACCE25C127A7ADEEB329AC202EE33239B3A42F97B3A7B303B13AA8782C16B22A323C33E02383323EAF54AE21A8FE2695B168B2522E9D2CD33386AEA62D75AEE62F17A3EE317230A9321C30CF20E532B3B08C33D133A43379AF3DB00D24FB2C0330822ED03202AC40AD5D2D752CABB0312613B2B2AC48AE033334B3B9B0D4B3092C28B22D2D8FB120B116B0CD285A337E33D6A4D6B349AD19AECEAA1D2E0730182F922C7AAE6E99132816B0BAA5FDA78FB36C3178A6EAB254324EB0AA2DEF33ED219A2C5B2E0C32E9AC80B002A5423281258F319D97E92C7320F31E9DB3FEB25225EB2F60318E21BF2EB12EE8B208B334B2671C0FB11FADCAA83E2E6B2B6C3337331BB174924929FC32F5AC4AAE11B1E53188ACFEAD69315C3365A1A4B1853279AD60AFA0B1B2AF44B29EB04AB373AA6F2E13B2B88DE6ADBD2FEE323EA807B026B2B3B09F2C582B4F30C1A81C3021B34D2CC433EBB327B01F3101A944B0E1304A240321DCAC07327030BC29E2282330FC3090AE03A7062FC1AF7B337BB1622FBFB1232D9631B7276AA61631BFB166B1D2B2EDB0A51E41AF212B5220A832F0AE61AC4B310CACA9335BAE9C9995AB772F212E43B0463111A40CAC2A9D9131D933C92F99293931B1AE2EB09FAC2EB1E12E142679AD7FA6139DDC32243329B2DD2D2E2E1E2E5DA8002C072CC933ABB312AE62B1C3AF482AE1300DB23431AF32E3AF96291BB0DB2A6BAF3CAE5BB1ACB262320BA81A9FF6AF933194B079AE3FB2BAB21A332DB26BA8A2ACDC2D482C22B22F33F8B3542659A56AAB7431C1322B28A7ADF3310731BF2960AC65212133F1264EAAC6B249B0C73182A043A43B2E43B153A480AC303083320631F73126B3AEAD9427CBB2572C3EB1DB2E7A32D8B2B432772F48B1A833EEB263B1F6AF7BA2BF29B2AC95B363A7123229320130A528F42B2BB27B2EF6B39CAE34ACE031769F4AAF9729A3B23CAC6E2C3DA4B9A6E43014B20AB0BE335E2A2EA92530D03059A9AAAE3BA9CF2D16A8A83086B2DAAF19323328722A432D90AB66AE972C",
      torch_tensor_32_torch.float16_3: "0x02000000B4B69F184AA992B81834643009B9023603AF083523BA94B5C02E603422B8ACBB123094BAF5B235BCD03B8DB30C3A32ABFF36C525BAB3373B0EB007393934F939",
      torch_tensor_32_torch.float16_2: "0x02000000153D8F3BE538FC3B013C8B382C39DA3D7F3D1C3D633DC53C203D533D113B7E3B6D3D003C6639E6381E3DA83D8E3D553C613D54381E3927389D3DF73B283AAD3C",
      torch_tensor_32_torch.float16_1: "0x020000001F3EA03C0A39333EF53E7A3C6A3E1D3E9A3BCB3CFC3F043D3939C83C7E3E053CDC3A793F963E7E3C273DAF3CB23D1B3D5F3A8E3D143D323DB73BC53D2639E63D",
      torch_tensor_32_torch.float16: "0x02000000FABCE0B81BB09739C5297D2922B3BA317CBBD7B64638262A79B5623220305E2E12ADEA3502B051AEF2BB0AB5E33487AC77B58B393AA956B560336FB2823478B7",
      torch_tensor_32_8_1_1_torch.float16: "0x020000004130D5B0813488B441AAD11FD1319434A933FB3031B10AB410B57D247D354CAC9FA31CB4F22E2C3394B5F7B331345B2DA5A50B2CE1AAE8B349B5713362A934B0D7AD2CB2B4AEDBB43C349F30B5B1B9AF133131B0F72D3B2E1FB3AB2D8A25F13418B0D1ADE0349FB48A26733513B16C350535433551A81E35EEB0BFAF4730C82C3D32603515B30132922FF8315D313BB079B4873474B23C3364B5D4ABAD1BD52B5127212F0AA98B2D993552B3F1A452B0F734D834F0A0D8AFFEB20C343CA654357432F43479345AB3A02EB1B0AD3112A8D627D3B30EB54330422DDD27AF33B9B004303BB2B02C2AADEC33F234EA341224AC32A7B5A3B20B2C0A1871B402B149B19BB55128B633983060B132B590B4B71EC83395B028B209B2D6A75FB5FEB4923565B115AC0EAEF8B4FAABED2E98B0B7A3ED96A2B51C349234B7336EAFEA314DB599AD9AACFEAFC03028B13FA989AE50B579ABCBB499320C324D3599AF9A246F2CA6352F35DBB1D0B419B573B1C234992F75353134401D03B386358A34E6302EB275341E287B33B9300232F7B446B2C932B7ACECB42535D49F90346CB4CA2F43B0C3B0B8AC30B033324DAC4A342A2DFEAA89B22EB59AAE3DB531ACEB1DD5A58FB1DA335F3293AD78B01D33EC342EB5E4AC33A819B0D434AFAACC342917E9A899B286AF4B2F013171A26435D5B356301835DEAB7E34F81D3CB435B23630E5B0712D",
      torch_tensor_8_torch.float16_7: "0x020000004939612AA93AFA34A739A1B5549C0BB1",
      torch_tensor_8_torch.float16_6: "0x020000004638D739253BD03AD93DF13C4A3D5C3D",
      torch_tensor_8_torch.float16_5: "0x02000000FC3D533EC93DFC3F753F933FA03C843F",
      torch_tensor_8_torch.float16_4: "0x02000000F6B03F369028A0AC2D373C35E8AD1338",
      torch_tensor_8_8_3_3_torch.float16: "0x020000004DA5E428EB29CB2D7FA4C99C2A2D15A89D2E06AD88A27B9EBB2A282DC8A440AE792B83280F2AA7ACDB2C252F3C210CAF4B2D98ADEF2662240FAB4129BFAEDF26C8AC86A2C3236D2E33ABD52CAAA32AAB91AEECAE5E2F86A7071E1728202D702E1E2E97ADD5A477AC4FAC2827142F0BAE912CD2ABE0A5FD2DD3A67F2146AD6C2ECDA384AD6B285DADFCAD5A1FFB2D45A81A2B7B2E012DEAAB9DA2BFA811AE3103AD2D5B2EA121DA2688AAB22D47AA3DADA524852CCDAED12E6D2949AD80A68B2EC9AD69A8F3289CAE232CDA2BAE2CCFAC832F79AC882F3DAFB8AEA22C4E22F61E2DAC54AA69A859AF461E56258A86DF28282F032886A935AAD3AC3BADDCA456A5B62A73AA032E4BAD7D0DC82E802F5EAC6025212313AB36A916283FADFA24872AF2A9442EF19FD82A782F9CA8192C51A868A41DA5FF91B3A912278C1CC82C1BA60D229DA951AE1B2AB9230BAA1AA9E42775A5EE2CD61EB329932A67A7872A912D8E1DE725631C392D5EAA02AC932A90AEBD17F0AAFA2C06AF932C762F1B2605A06D2F72AAD6A09BAA2AA48F260824B3A58BAF2E1E269B8A24C82D552F7AAC869F0BAAF4AE7DAD142F662C0D2C312CFEAD5622052F36ACB62EEE274E2D76AAF42AB0AEAA9F08298628502E692FDD2E102D4E2DC9A3DAAD9AA9C6A213ACB62B4C29DE244A27A02E7F299DAE7AADA62A1D245B2B88AFF6AEA02CD32CD3AEBA29E4ADB62DBC28752F70AF43AF192DB22E9F2C042D5AAE762D1FAFBD26F1ACFEA95825EEA9C6A426AF1DAFD82963AA97ACF4A92BAE08AE832CAB2B05241FAC05296C1D64AD7E26DE2E6BAF80AFBB23AE2D97ACA4264D2DA7288726862FEA2C3EAC3721B52BA72E81AF162C61A863AFB2261BAC4724E6ACADAD1FA111A9692C3421E32DA725DAA81C2D981EAA25DAA8EE0ECDA521A1E2ADF09143AE7EA65F2C3FAD16AD5EA723A81B250225A62B32AD42A0382C862E67A05DAC56284C2CB6AC60ACAB2A3AA020AF59AC1E2A1EA9352DF62D6424C5A0CAA81A9E7E25C3AD36A746AEA12CCEACE42EC7A752AC3F2B7F24392D4C2A44AFC52CAEA5ABAACA2C802DA1AE75A1322ED8295B2E2BA929AC7C2E4A2A3E2F4DAAD8AC13A31AAFEA29902D3E27F6A17B2BCAAC612F80AF3AAF21A7292E0B22CB2987AD8029BEA20C2A542D8F2A22A16F9FBBAC75A9E72C0DAAAF2CFBA907A72319ECAED29415A26CA108A6F22D912D1DAD022BEBAD6CAE9C2818170AAB46AFD7A90A29FBAE54AFA8236FAD9CAED0A9DBA4DBAE09ADEA1F1DAF3EA4DFAC3BADEE29CEADB7AD4D2CA425DE2E08A849AB96A1E210C12D83AF4CA0AC2A27ACAAAB4A2B3AAF2627D7AD802B73AEA32C24AF57AE1D17F22D76AEBBAAA02E0FA5402A41AFBEA8A9AB5C2E432A81ADDD248C9533AA4FAC01A9F22D68AD5FADA7A833181B283E1B43A793AC6AA513AA182E58AFD0AC23AE84A5E12D9C2E91AE3B9D6D2CA62A2E2EB29A11ADFD2C2CA9D02B6FA76A2AC92E032FDDAEFDAC3DAACFAC3D2F54A101ADB6AA2BAC282A94AE08AF6FAF7F2A752BAFAC7B27912D622462A6752078A2982B1FADA62B402C92AC292E682FF2A93AA8852BE9ADF7290A27C12C8DAE44AEC62A6F2905AF35ACE7AE67ADCEAA",
      torch_tensor_8_torch.float16_3: "0x0200000037B08CB1C33C6AA5CBB7F633B82735B4",
      torch_tensor_8_torch.float16_2: "0x02000000D1380A3B173D5E3AAE3D3F39A438323A",
      torch_tensor_8_torch.float16_1: "0x02000000733A6E3DF53D363D1C3ADE3F833A783F",
      torch_tensor_8_torch.float16: "0x020000001F3649B7D2B59D37EBAAA138F0BC5F3A",
      torch_tensor_8_16_1_1_torch.float16: "0x02000000B4B254B01433513369B3A4310230BC30C63250B00D2D8C2EBAAC5B2D9AACF23070ACF7AD072CAD2DD1AFA825A3305EA6DF2CB8AB9C2DCCB1B4B010B05A334EAC9891C0AFFC33D03309B27CB210B2F09414AC3DB1BDAD0C2A2EB0172B57ABC1AF6528943269B1F221E6ADDA3397B3ABB3E23310B1232A86A5BEAA26AB15311E22CAB3B9B074AD07302DB18B3321ABBFA945320530C932A130DBAC4FB1C3A49F325FAD6BB38F2ECA338EACA0B242B3022CD9A40AB0782A132E5D323632CAA80EB33BB37833132FF92EECB2683394333933C0B20AAE81B19333E0AE4EAF313067AFE1AF99A527A63BB2AB320FAFAD2DF53209308828CF324D2867AF9133932BCEB3",
      torch_tensor_16_torch.float16_3: "0x020000007DB4E2B255B130BA899FE738603A87BA48A70A3557307DB55EB8B83A0CB7A434",
      torch_tensor_16_torch.float16_2: "0x02000000A33C133D473C5339E638C43AE13CF93D263D8D3BB43C13389538EF3CBC39F63C",
      torch_tensor_16_torch.float16_1: "0x02000000233D97387D3F9E3EFB3F843E0A3A813F293D6C3E3039233C1C38AA3BA63D4A39",
      torch_tensor_16_torch.float16: "0x02000000833CEA38C4B342336839F1321BB4F4AD6930052BC03108B6572F12B0523AD2AF",
      torch_tensor_16_3_3_3_torch.float16: "0x02000000E7959B2E12B188B0BEAC9B2ACF9BE2305FA4852A72ABD8A8E2B114B014AD4D1FDF2C642F2DB05DAD792C1D3112A99C30F1A737259431B7B1C1AF3DAACDAC5231FCAFABAD4DB0C5B131AF4B317F2DF82D2F2151AE2B28C0B173B05AAEC52F392F76AD1C9FE12F1F32E32CA826213041AF9728C6B045B05DAE932DF42C4CAF712BC32E38A6861FB529A42FEA31BFB084ACD72C1A315C316F31E7285BB18824B5AFBDB17931AF3025B29C2826A80EA8A3ADBD2C4CAF842C3B2E69309B2C18B2FDAF262E2829CEB018AFCB3126305FAD33AADEB1169BA3B0C0B06EA166270BAD4F2F7FAF9731383031B122AA72203027D829D52CE72102AED42DE8B14DAF2BAA00AE4FAC0CB13DA9442903B00FA1693011A57A1D40A4FC28D52FD531D22FD93120A388B1D7AD31301C951FAEB8B0C3B133B1FFA8C12EA92EF0B1AF2FD2B035A9FEACBFA8D6A887B151B1B6A7191998ADA42C8BB1A6A26A3106AD9031762C8FB1CB2FAFA580ADED30FAB0492528A96630E02AEB2D5A2CECA92EA913B1AC2EE430373058B0652057B0C8AE2DAF362C57AF4D9C2520F12FA8B03AB027AF4F306DAC3231742C3D26DE95DFA82E26A0A98A954926D1B075AEF930FFB013A31832732C941D56B11A2E63B0FEAA22AC4CA75018143127268431892FC9AF862D5AB038AD3F2B112C9F30EEAB0C0D572EF5B1743018B16F1930A87DAE8326183133AB50AF8EAC1BB28F2DEAAD1CB019AF152F862EBA30782C1DACE2AA472B1031B32AD4ADCAADD3B15229E9AE7EB1663100B09BA50F2B471E25B0FAB0E93003281C3121AC422BA2A962A080AF2A2CCA2B119C8AA998AF423096B00C2D24ACF1AD6D2866AEAD29D62893B01A283F2DE02C34A60CB198A7472C7EACAD2C1A306EAEC617182DB9231E242726D7B0BE2344308D313D2F9A26C12DFEAD1AB14CB12532D22F42B0D22CA73028326331C530A6A953AC0E31E72E69AF8931F32DB72EB8AF112B51ACD0306FA8CC2C60283E2D30AC012E4DB090292BB013B2F2B0DD30AA2EC731EF3080B134B0F6A700B04730A8B002AEF3B1FEAE11310B316930C1307A314FAA6B2D7D31132C2832632EA82F50ACE92DA925E2A9F1AEE9AEBDB0223061309BA521AFC330E02F5323D1ADA931092DADB0E531AD307DACED2E00AFB9A73B3112205BB01EACB0AAC1A8B724B23147219BAF0D21E82D1C2EA1B168A894B041AD702C60B0942C"
    }
  }
#-}
