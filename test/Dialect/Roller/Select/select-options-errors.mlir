// Each RUN turns on the expected diagnostics of its own option (the others
// stay inert: `expected_error` is not a directive).
// RUN: sed 's|// SEARCH: expected_|// expected-|' %s | roller-opt --roller-select="search=bogus" --verify-diagnostics
// RUN: sed 's|// TOPK: expected_|// expected-|' %s | roller-opt --roller-select="top-k=0" --verify-diagnostics
// RUN: sed 's|// RANK: expected_|// expected-|' %s | roller-opt --roller-select="rank=0" --verify-diagnostics
// RUN: sed 's|// DEVICE: expected_|// expected-|' %s | roller-opt --roller-select="device=b200" --verify-diagnostics
// RUN: sed 's|// FILE: expected_|// expected-|' %s | roller-opt --roller-select="device=%t.does-not-exist.json" --verify-diagnostics
// RUN: sed 's|// REPORT: expected_|// expected-|' %s | roller-opt --roller-select="report=%t.no-such-dir/r.jsonl" --verify-diagnostics
// RUN: sed 's|// LAUNCH: expected_|// expected-|' %s | roller-opt --roller-select="split-launch-us=nan" --verify-diagnostics
// RUN: sed 's|// TF32: expected_|// expected-|' %s | roller-opt --roller-select="device=v100 allow-tf32=1" --verify-diagnostics

// Bad options are errors at the module and the pass fails; all but an
// unwritable report are found before any op is looked at (no remark).
// allow-tf32 on a device without TF32 is no error: a remark at the module,
// and the op is selected (on the CUDA cores).
// TF32: expected_remark @+8 {{roller-select: TF32 is allowed but device 'v100' has no TF32 mma.sync (sm_80 or later): f32 contractions stay on the CUDA cores}}
// LAUNCH: expected_error @+7 {{roller-select: split-launch-us must be a finite number (negative: the device's launch), got nan}}
// SEARCH: expected_error @+6 {{roller-select: search must be 'construct' or 'exhaustive', got 'bogus'}}
// TOPK: expected_error @+5 {{roller-select: top-k must be at least 1, got 0}}
// RANK: expected_error @+4 {{roller-select: rank must be at least 1, got 0}}
// DEVICE: expected_error @+3 {{unknown device 'b200': expected one of v100, a100, h100, h200 or the path of a JSON device file}}
// FILE: expected_error-re @+2 {{cannot read device file '{{.*}}.does-not-exist.json': No such file or directory}}
// REPORT: expected_error-re @+1 {{roller-select: cannot write report '{{.*}}.no-such-dir/r.jsonl': No such file or directory}}
module {
  func.func @mm(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
    // REPORT: expected_remark-re @+2 {{roller-select: {{.*}}, chose block }}
    // TF32: expected_remark-re @+1 {{roller-select: two-level {{.*}}, chose block }}
    %0 = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
    return %0 : tensor<64x64xf32>
  }
}
