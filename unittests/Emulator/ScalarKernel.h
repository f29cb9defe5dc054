//===- ScalarKernel.h - One-thread kernels for instruction tests -*- C++
//-*-===//
//
// Most instruction tests run a few instructions in one thread and look at
// the values it stores: runScalar wraps a kernel body, gives it registers
// of every kind, and hands back its 8-byte result slots.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_UNITTESTS_EMULATOR_SCALARKERNEL_H
#define ROLLER_UNITTESTS_EMULATOR_SCALARKERNEL_H

#include "EmulatorTestSupport.h"

#include <cstring>

namespace roller::emu::test {

/// What result slots hold before the kernel runs: a store of fewer than 8
/// bytes leaves the rest of its slot at this pattern.
constexpr uint64_t kSentinel = 0xa5a5a5a5a5a5a5a5ull;
constexpr unsigned kSlots = 64;

inline uint32_t f32Bits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  return bits;
}
inline float f32Value(uint64_t bits) {
  uint32_t low = uint32_t(bits);
  float value;
  std::memcpy(&value, &low, 4);
  return value;
}
inline uint64_t f64Bits(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, 8);
  return bits;
}
inline uint16_t f16Bits(_Float16 value) {
  uint16_t bits;
  std::memcpy(&bits, &value, 2);
  return bits;
}
inline _Float16 f16Value(uint64_t bits) {
  uint16_t low = uint16_t(bits);
  _Float16 value;
  std::memcpy(&value, &low, 2);
  return value;
}

class ScalarTest : public EmulatorTest {
protected:
  /// Runs `body` in one thread of a kernel in which %rd0 points at kSlots
  /// 8-byte result slots (slot i at [%rd0+8*i]) and %rd1 at `inputs`
  /// (likewise 8 bytes each). Registers: %p<16>, %rs<32> (b16), %r<64>
  /// (b32), %rd<64> (b64), %f<32> (f32), %fd<16> (f64).
  std::vector<uint64_t> runScalar(const std::string &body,
                                  const std::vector<uint64_t> &inputs = {},
                                  const std::string &target = "sm_90") {
    std::string text = ptxModule(R"(.visible .entry scalar(
	.param .u64 scalar_param_0,
	.param .u64 scalar_param_1
)
{
	.reg .pred 	%p<16>;
	.reg .b16 	%rs<32>;
	.reg .b32 	%r<64>;
	.reg .b64 	%rd<64>;
	.reg .f32 	%f<32>;
	.reg .f64 	%fd<16>;
	ld.param.u64 	%rd0, [scalar_param_0];
	ld.param.u64 	%rd1, [scalar_param_1];
)" + body + R"(
	ret;
}
)",
                                 target);
    const Program *program = load(text);
    if (!program)
      return std::vector<uint64_t>(kSlots, kSentinel);
    uint64_t *slots = buffer<uint64_t>(kSlots, kSentinel);
    uint64_t *in = buffer<uint64_t>(std::max<size_t>(inputs.size(), 1), 0);
    if (!inputs.empty())
      std::memcpy(in, inputs.data(), inputs.size() * 8);
    runClean(program, Dim3{1, 1, 1}, Dim3{1, 1, 1}, {ptr(slots), ptr(in)});
    return std::vector<uint64_t>(slots, slots + kSlots);
  }
};

} // namespace roller::emu::test

#endif // ROLLER_UNITTESTS_EMULATOR_SCALARKERNEL_H
