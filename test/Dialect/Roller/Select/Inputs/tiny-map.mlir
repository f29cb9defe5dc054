// An op with a single candidate: a rank beyond it gets the last, with a remark.
func.func @tiny(%a: tensor<32xf32>, %o: tensor<32xf32>) -> tensor<32xf32> {
  // expected-remark @below {{roller-select: rank 40 asked for, but only 1 candidate: attaching the last}}
  // expected-remark @below {{roller-select: one-level (fused view), chose block [32] thread [1]}}
  %0 = linalg.map { math.exp } ins(%a : tensor<32xf32>) outs(%o : tensor<32xf32>)
  return %0 : tensor<32xf32>
}
