//===- FloatBits.h - Host values as the emulator's bit patterns -*- C++ -*-===//
//
// The float tests compare the emulator's arithmetic, which works on bit
// patterns, with host oracles, which work on values: these convert between
// the two.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_UNITTESTS_EMULATOR_FLOATBITS_H
#define ROLLER_UNITTESTS_EMULATOR_FLOATBITS_H

#include <cstdint>
#include <cstring>
#include <limits>

namespace roller::emu::test {

template <typename To, typename From> To bitCast(From from) {
  static_assert(sizeof(To) == sizeof(From), "sizes differ");
  To to;
  std::memcpy(&to, &from, sizeof(to));
  return to;
}

inline uint64_t bitsOf(float value) { return bitCast<uint32_t>(value); }
inline uint64_t bitsOf(double value) { return bitCast<uint64_t>(value); }
inline uint64_t bitsOf(_Float16 value) { return bitCast<uint16_t>(value); }

inline const double kNaN = std::numeric_limits<double>::quiet_NaN();

} // namespace roller::emu::test

#endif // ROLLER_UNITTESTS_EMULATOR_FLOATBITS_H
