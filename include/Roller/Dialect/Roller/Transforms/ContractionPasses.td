//===- ContractionPasses.td - Matmuls and convolutions -----*- tablegen -*-===//
//
// Rewrites of contractions: batch matmuls and pointwise convolutions as
// matmuls, implicit GEMMs, the NHWC layout and its transposes, and the
// element types tensor cores read and accumulate in.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_DIALECT_ROLLER_TRANSFORMS_CONTRACTION_PASSES_TD
#define ROLLER_DIALECT_ROLLER_TRANSFORMS_CONTRACTION_PASSES_TD

include "mlir/Pass/PassBase.td"

def RollerBatchMatmulToMatmulPass : Pass<"roller-batch-matmul-to-matmul"> {
  let summary = "A batch matmul by one matrix broadcast over the batch as a "
                "matmul";
  let description = [{
    A `linalg.batch_matmul` (tensors, static shapes, default maps) whose
    right operand is a matrix broadcast over the batch (`linalg.broadcast`
    with `dimensions = [0]`, or a `linalg.generic` of that form) multiplies
    every batch by the same matrix: it becomes a `linalg.matmul` over the
    rows of all batches (`tensor.collapse_shape` of the left operand and the
    output, `tensor.expand_shape` of the result; a `linalg.fill` of the
    output is re-made at the matmul's shape), and the broadcast, which would
    materialize the matrix once per batch, is erased when unused.
    torch-mlir applies `nn.Linear` to 3-D inputs this way (the attention
    projections of `nn.TransformerEncoderLayer`). `--roller-tile` runs it
    before folding constants. Entry point: `batchMatmulToMatmul`
    (`BatchMatmulToMatmul.h`).

    ```mlir
    %wb = linalg.broadcast ins(%w : tensor<768x2304xf32>) outs(%e : tensor<128x768x2304xf32>) dimensions = [0]
    %r = linalg.batch_matmul ins(%x, %wb : tensor<128x8x768xf32>, tensor<128x768x2304xf32>) outs(%c : tensor<128x8x2304xf32>) -> tensor<128x8x2304xf32>
    ```

    becomes

    ```mlir
    %x2 = tensor.collapse_shape %x [[0, 1], [2]] : tensor<128x8x768xf32> into tensor<1024x768xf32>
    %c2 = tensor.collapse_shape %c [[0, 1], [2]] : tensor<128x8x2304xf32> into tensor<1024x2304xf32>
    %m = linalg.matmul ins(%x2, %w : tensor<1024x768xf32>, tensor<768x2304xf32>) outs(%c2 : tensor<1024x2304xf32>) -> tensor<1024x2304xf32>
    %r = tensor.expand_shape %m [[0, 1], [2]] output_shape [128, 8, 2304] : tensor<1024x2304xf32> into tensor<128x8x2304xf32>
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def RollerPointwiseConvToMatmulPass
    : Pass<"roller-pointwise-conv-to-matmul"> {
  let summary = "f16/bf16 1x1 convolutions with unit strides as matmuls";
  let description = [{
    A convolution with a 1x1 filter and unit strides is a GEMM: each output
    pixel is its input pixel's channels times the filter matrix. As a
    convolution, its warp tiles span several loops along m (batch, rows,
    columns), which `mma.sync` cannot take, so f16/bf16 pointwise
    convolutions (MobileNet's, ResNet's bottleneck 1x1 layers) ran on the
    CUDA cores. This pass rewrites a `linalg.conv_2d_nhwc_hwcf` (any batch)
    or `linalg.conv_2d_nchw_fchw` (a batch of 1) on static tensors with a
    1x1 filter, unit strides and f16 or bf16 inputs into a `linalg.matmul`
    of collapsed operands (NHWC: pixels [N*H*W, C] times the filter [C, F];
    NCHW: the filter [F, C] times the channels [C, H*W]), whose result is
    expanded back; the reshapes are views, nothing is copied, and a fill of
    the output is re-made at the matmul's shape. An elementwise consumer (a
    bias, an activation) is moved through the expand by
    `roller-collapse-through-reshapes` and fused as the matmul's epilogue.
    f32 convolutions are left alone (the selection already ranks them on
    their implicit GEMM view, on the CUDA cores); the other f16/bf16 ones
    are `roller-conv-to-implicit-gemm`'s. An op with a `roller.config` is
    left as it is. `--roller-tile` runs it
    after `roller-split-bias-init`. Entry point: `pointwiseConvToMatmul`
    (`PointwiseConvToMatmul.h`).

    ```mlir
    %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
           ins(%x, %w : tensor<2x14x14x64xf16>, tensor<1x1x64x128xf16>)
           outs(%c : tensor<2x14x14x128xf32>) -> tensor<2x14x14x128xf32>
    ```

    becomes

    ```mlir
    %x2 = tensor.collapse_shape %x [[0, 1, 2], [3]] : tensor<2x14x14x64xf16> into tensor<392x64xf16>
    %w2 = tensor.collapse_shape %w [[0, 1, 2], [3]] : tensor<1x1x64x128xf16> into tensor<64x128xf16>
    %c2 = tensor.collapse_shape %c [[0, 1, 2], [3]] : tensor<2x14x14x128xf32> into tensor<392x128xf32>
    %m = linalg.matmul ins(%x2, %w2 : tensor<392x64xf16>, tensor<64x128xf16>) outs(%c2 : tensor<392x128xf32>) -> tensor<392x128xf32>
    %r = tensor.expand_shape %m [[0, 1, 2], [3]] output_shape [2, 14, 14, 128] : tensor<392x128xf32> into tensor<2x14x14x128xf32>
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def RollerConvToImplicitGemmPass
    : Pass<"roller-conv-to-implicit-gemm"> {
  let summary = "f16/bf16 convolutions as matmuls of their gathered patches";
  let description = [{
    A convolution is a GEMM of its input's patches and its filter (the
    implicit GEMM view). As a convolution, its warp tiles span several loops
    along m and k, which `mma.sync` cannot take, so f16/bf16 convolutions
    with a window larger than 1x1, or with strides, ran on the CUDA cores.
    This pass rewrites a `linalg.conv_2d_nhwc_hwcf` or
    `linalg.conv_2d_nchw_fchw` (any batch) on static tensors with f16 or
    bf16 inputs, any window, strides and dilations, into a `linalg.matmul`
    whose patch operand is a *gather copy*: a `linalg.generic` that yields
    its input element through an indexing map of floordiv/mod expressions
    (the same op upstream's `convert_conv2d_to_img2col` writes). NHWC: the
    patches [N*OH*OW, KH*KW*C] times the filter [KH*KW*C, F]; NCHW: the
    filter [F, C*KH*KW] times the patches [C*KH*KW, N*OH*OW]. The result is
    expanded back, and a fill of the output is re-made at the matmul's
    shape. NCHW with a batch above 1 (torch-mlir's convolutions of a batch):
    the result [F, N, OH, OW] is transposed to NCHW by a `linalg.transpose`
    after the matmul (a kernel of its own: a pass over the output), and an
    initial value other than a fill is transposed the other way before it.
    The pass alone rewrites every convolution that qualifies;
    `--roller-tile` weighs an NCHW convolution three ways, each constructed
    on a clone with `split-launch-us` per extra kernel: as it is, its
    implicit GEMM (with those transposes), and `roller-conv-nchw-to-nhwc`'s
    NHWC convolution between transposes as an implicit GEMM (gathered in
    runs of channels rather than an element at a time), and takes the
    fastest (a remark gives the three times).

    The gather is never computed: the selection gives it no kernel, and the
    matmul's rProgram reads through it (`ReadThroughGathers.h`): each block
    gathers its tile of the patches from the convolution's input (through a
    pad the input comes from) into shared memory, so the patch matrix,
    KH*KW times the input, is never written to global memory. Such a staged
    input is copied without vectors and without `cp.async` pipelining (one
    stage), as a padded one is.

    Only convolutions whose matmul runs on the device's tensor cores are
    rewritten: f16/bf16 inputs the device has `mma.sync` m16n8k16 for
    (sm_80 and later), summed into f32, or f16 into f16, or bf16 into bf16,
    whose matmul `roller-widen-bf16-accumulators` then sums in f32
    (`--roller-tile` asks the device it selects for, and takes bf16 outputs
    unless `fuse-epilogues=false`, which turns the widening off; the pass
    alone, the module's device). An op with a
    `roller.config` is left as it is. `--roller-tile` runs it after
    `roller-pointwise-conv-to-matmul`, which takes the 1x1 unit-stride
    convolutions first (their patches are the input itself, a view).
    Entry point: `convToImplicitGemm` (`ConvToImplicitGemm.h`).

    ```mlir
    %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
           ins(%x, %w : tensor<1x16x16x64xf16>, tensor<3x3x64x128xf16>)
           outs(%c : tensor<1x14x14x128xf32>) -> tensor<1x14x14x128xf32>
    ```

    becomes

    ```mlir
    #patches = affine_map<(d0, d1) -> (0, d0 floordiv 14 + d1 floordiv 192, d0 mod 14 + (d1 mod 192) floordiv 64, d1 mod 64)>
    %e = tensor.empty() : tensor<196x576xf16>
    %p = linalg.generic {indexing_maps = [#patches, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
           ins(%x : tensor<1x16x16x64xf16>) outs(%e : tensor<196x576xf16>) {
         ^bb0(%in: f16, %out: f16):
           linalg.yield %in : f16
         } -> tensor<196x576xf16>
    %w2 = tensor.collapse_shape %w [[0, 1, 2], [3]] : tensor<3x3x64x128xf16> into tensor<576x128xf16>
    %c2 = tensor.collapse_shape %c [[0, 1, 2], [3]] : tensor<1x14x14x128xf32> into tensor<196x128xf32>
    %m = linalg.matmul ins(%p, %w2 : tensor<196x576xf16>, tensor<576x128xf16>) outs(%c2 : tensor<196x128xf32>) -> tensor<196x128xf32>
    %r = tensor.expand_shape %m [[0, 1, 2], [3]] output_shape [1, 14, 14, 128] : tensor<196x128xf32> into tensor<1x14x14x128xf32>
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def RollerConvNchwToNhwcPass : Pass<"roller-conv-nchw-to-nhwc"> {
  let summary = "NCHW convolutions as NHWC ones between transposes";
  let description = [{
    An NCHW convolution's implicit GEMM (`roller-conv-to-implicit-gemm`)
    gathers its patches an element at a time: the innermost dimension it
    reads is the image's width, which strides, window offsets and the pad's
    zeros interrupt every few elements, so each position costs an address
    computation of its own (the model's issue stage binds: ResNet-50's NCHW
    3x3 layers predict 1.4-1.7x their NHWC times). Read as NHWC, the
    innermost dimension is the channels, gathered 16 bytes at a time.

    This pass rewrites a `linalg.conv_2d_nchw_fchw` on static, non-empty
    tensors (any element types, strides and dilations) into a
    `linalg.conv_2d_nhwc_hwcf` of its input transposed to NHWC, its filter
    transposed to HWCF and its initial value transposed to NHWC, whose
    result is transposed back to NCHW (`linalg.transpose` each). A constant
    filter (a model's weights) is transposed at compile time (a constant of
    its own); a fill of the output is re-made at the NHWC shape; an input
    padded by a `tensor.pad` of a constant is transposed before the pad,
    which is made over the NHWC dims, so that the convolution still reads
    through it. An op with a `roller.config` is left as it is.

    The pass alone rewrites every such convolution; `--roller-tile` takes
    this route for an f16/bf16 NCHW convolution on a device with tensor
    cores only where the model predicts the transposes and the NHWC implicit
    GEMM, with `split-launch-us` per extra kernel, faster than both the NCHW
    implicit GEMM and the convolution as it is (a remark gives the three
    times). Entry point: `convNchwToNhwc` (`ConvNchwToNhwc.h`).

    ```mlir
    %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
           ins(%x, %w : tensor<2x8x9x9xf16>, tensor<16x8x3x3xf16>)
           outs(%c : tensor<2x16x7x7xf32>) -> tensor<2x16x7x7xf32>
    ```

    becomes

    ```mlir
    %e0 = tensor.empty() : tensor<2x9x9x8xf16>
    %x2 = linalg.transpose ins(%x : tensor<2x8x9x9xf16>) outs(%e0 : tensor<2x9x9x8xf16>) permutation = [0, 2, 3, 1]
    %e1 = tensor.empty() : tensor<3x3x8x16xf16>
    %w2 = linalg.transpose ins(%w : tensor<16x8x3x3xf16>) outs(%e1 : tensor<3x3x8x16xf16>) permutation = [2, 3, 1, 0]
    %e2 = tensor.empty() : tensor<2x7x7x16xf32>
    %c2 = linalg.transpose ins(%c : tensor<2x16x7x7xf32>) outs(%e2 : tensor<2x7x7x16xf32>) permutation = [0, 2, 3, 1]
    %r2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
            ins(%x2, %w2 : tensor<2x9x9x8xf16>, tensor<3x3x8x16xf16>)
            outs(%c2 : tensor<2x7x7x16xf32>) -> tensor<2x7x7x16xf32>
    %e3 = tensor.empty() : tensor<2x16x7x7xf32>
    %r = linalg.transpose ins(%r2 : tensor<2x7x7x16xf32>) outs(%e3 : tensor<2x16x7x7xf32>) permutation = [0, 3, 1, 2]
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def RollerSinkTransposesPass : Pass<"roller-sink-transposes"> {
  let summary = "Transposes moved past elementwise ops, pads and poolings";
  let description = [{
    An NCHW network whose convolutions run in NHWC (`roller-conv-nchw-to-nhwc`)
    has a transpose back to NCHW after every convolution and one to NHWC
    before the next; between them lie BatchNorm, ReLU, the residual add,
    pads and poolings, which work as well in NHWC. This pass moves each
    `linalg.transpose` on tensors past its users, into the layout its input
    has, until the pairs meet: a transpose of a transpose is one transpose by
    the composed permutation, and none where they undo each other.

    A transpose moves when every user takes it and the move adds no
    transpose (one made per pad, pooling and elementwise result, against the
    transpose itself and every user it undoes):
    - a transpose of it (upstream's linalg.transpose canonicalization,
      which runs beside the moves, composes the two; a transpose with only
      transposes for users is left to it);
    - a `tensor.pad` of it by a constant with static padding that only
      transposes and NCHW poolings read (a pad a convolution reads through
      stays under it), made over the input's dims and transposed;
    - a `linalg.pooling_nchw_max`/`_sum` whose input it transposes from
      NHWC: the NHWC pooling, transposed (a fill of its output re-made at the
      NHWC shape);
    - an elementwise `linalg.generic` (a parallel loop per dim, identity
      output maps, initial values empty or unread) that reads it with the
      identity map and otherwise reads broadcasts (a bias per channel),
      scalars, transposes by the same permutation (a residual add), or
      tensors a transpose by the inverse permutation already reads before
      it (a block's input, transposed for its first convolution: that
      transpose's result is read instead): its loops reordered into the
      input's layout, each result transposed;
    - a `linalg.generic` with reduction loops (a global average pool): it
      reads the transpose's input through the permuted map.
    Ops with a `roller.config` take nothing; nothing but the transposes
    and what the moves make is changed or folded. `--roller-tile` runs it after the convolutions are rewritten,
    on the transposes from NHWC to NCHW (convolutions' results taken
    through NHWC) and those their moves make; other transposes (attention's)
    stay where its later steps expect them (only linalg.transpose's own
    canonicalization applies to them).
    Entry points: `sinkTranspose`, `sinkTransposes` (`SinkTransposes.h`).

    ```mlir
    %t = linalg.transpose ins(%c : tensor<2x7x7x16xf32>) outs(%e : tensor<2x16x7x7xf32>) permutation = [0, 3, 1, 2]
    %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
           ins(%t : tensor<2x16x7x7xf32>) outs(%e : tensor<2x16x7x7xf32>) { relu }
    %u = linalg.transpose ins(%r : tensor<2x16x7x7xf32>) outs(%e2 : tensor<2x7x7x16xf32>) permutation = [0, 2, 3, 1]
    ```

    becomes

    ```mlir
    %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
           ins(%c : tensor<2x7x7x16xf32>) outs(%e3 : tensor<2x7x7x16xf32>) { relu }
    ```
    (`%u` is `%r`; the transpose of `%r` back to NCHW is left only where
    something else reads it.)
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def RollerFoldExtensionsIntoContractionsPass
    : Pass<"roller-fold-extensions-into-contractions"> {
  let summary = "Matmuls of extended f16/bf16 operands read them narrow";
  let description = [{
    torch-mlir lowers a Linear with a bias of f16 or bf16 tensors
    (`aten.addmm`) as an f32 matmul of its operands extended to f32: two
    elementwise `arith.extf` ops, then a `linalg.matmul` of f32 tensors,
    which has no f16 or bf16 input and so runs on the CUDA cores (and the
    extended activations are a tensor of their own). This pass rewrites a
    `linalg.matmul` or `linalg.batch_matmul` whose two inputs are each an
    elementwise extension (a `linalg.generic` with identity maps yielding
    `arith.extf` of its input) of tensors of one type, f16 or bf16, into the
    same op reading the narrow tensors: the values are the same, as the
    named op's body extends its inputs to the output's type, and the matmul
    now runs on tensor cores. Its indexing maps, cast and other attributes
    are kept; extensions left without users are erased. `--roller-tile`
    runs it first of all, before constant folding would make an extended
    weight an f32 constant. Entry point: `foldExtensionsIntoContraction`
    (`FoldExtensionsIntoContractions.h`).

    ```mlir
    %xf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
            ins(%x : tensor<8x64xf16>) outs(%e0 : tensor<8x64xf32>) {
          ^bb0(%in: f16, %out: f32):
            %0 = arith.extf %in : f16 to f32
            linalg.yield %0 : f32
          } -> tensor<8x64xf32>
    %wf = linalg.generic ... ins(%w : tensor<64x32xf16>) ... -> tensor<64x32xf32>
    %r = linalg.matmul ins(%xf, %wf : tensor<8x64xf32>, tensor<64x32xf32>)
                       outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
    ```

    becomes

    ```mlir
    %r = linalg.matmul ins(%x, %w : tensor<8x64xf16>, tensor<64x32xf16>)
                       outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def RollerWidenBf16AccumulatorsPass
    : Pass<"roller-widen-bf16-accumulators"> {
  let summary = "Sum bf16 contractions in f32, round to bf16 once after";
  let description = [{
    A contraction of bf16 tensors into a bf16 tensor (StableHLO's bf16
    `dot_general` lowered to linalg, whose result type is its accumulator;
    torch-mlir already sums bf16 matmuls into f32 and truncates) sums in
    bf16 as written: every partial sum is rounded to 8 bits of mantissa, and tensor
    cores cannot compute it (mma.sync takes bf16 inputs into an f32
    accumulator only), so it would run on the CUDA cores. cuBLAS and
    PyTorch sum bf16 GEMMs in f32 and round once, at the end. This pass does
    the same: such a contraction (two bf16 inputs, one bf16 output, static
    shapes, a body that yields `out + a * b`) becomes a `linalg.generic`
    with the same indexing maps that sums `extf(a) * extf(b)` into an f32
    tensor, and an elementwise `linalg.generic` that truncates the sum to
    bf16, which `roller-fuse-elementwise` and `roller-fuse-epilogues` then
    bring into the contraction's kernel. The initial value is widened: a
    `linalg.fill` of the widened value for a fill, a widening
    `linalg.generic` otherwise. The result is more accurate than the
    op as written (one rounding instead of one per step), so it differs
    from a bf16 sum in the last bits. `--roller-tile` runs it after
    `roller-split-bias-init`, unless `fuse-epilogues=false`. Entry point:
    `widenBf16Accumulator` (`WidenBf16Accumulators.h`).

    ```mlir
    %z = linalg.fill ins(%cst : bf16) outs(%e : tensor<64x32xbf16>) -> tensor<64x32xbf16>
    %mm = linalg.matmul ins(%a, %b : tensor<64x48xbf16>, tensor<48x32xbf16>)
                        outs(%z : tensor<64x32xbf16>) -> tensor<64x32xbf16>
    ```

    becomes

    ```mlir
    %z = linalg.fill ins(%cst_f32 : f32) outs(%e0 : tensor<64x32xf32>) -> tensor<64x32xf32>
    %sum = linalg.generic {indexing_maps = [#mk, #kn, #mn], ...}
             ins(%a, %b : tensor<64x48xbf16>, tensor<48x32xbf16>) outs(%z : tensor<64x32xf32>) {
    ^bb0(%x: bf16, %y: bf16, %acc: f32):
      %xf = arith.extf %x : bf16 to f32
      %yf = arith.extf %y : bf16 to f32
      %p = arith.mulf %xf, %yf : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<64x32xf32>
    %mm = linalg.generic {indexing_maps = [#id, #id], ...} ins(%sum : tensor<64x32xf32>)
            outs(%e1 : tensor<64x32xbf16>) { ... arith.truncf ... } -> tensor<64x32xbf16>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

#endif // ROLLER_DIALECT_ROLLER_TRANSFORMS_CONTRACTION_PASSES_TD
