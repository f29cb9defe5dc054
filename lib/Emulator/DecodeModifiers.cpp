//===- DecodeModifiers.cpp - Sorting an opcode's dotted modifiers ---------===//
//
// The modifiers whose meaning does not depend on the opcode (types,
// rounding, .ftz, state spaces, vector widths ...) are recognized here;
// cache operators, memory-consistency qualifiers and scopes, which do not
// change what a sequentially emulated kernel computes, are accepted and
// dropped. Anything else is left for the opcode's decoder, which rejects
// what it does not know.
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"

#include <cstring>

using namespace roller::emu;
using namespace roller::emu::detail;

namespace {
/// Qualifiers that only tune caching, ordering or scope.
bool isIgnorable(const std::string &part) {
  static const char *const kIgnored[] = {
      "ca",      "cg",    "cs",      "lu",      "cv",      "wb",
      "wt",      "nc",    "weak",    "relaxed", "acquire", "release",
      "acq_rel", "sc",    "mmio",    "cta",     "gpu",     "sys",
      "cluster", "noftz", "unified", "level",
  };
  for (const char *ignored : kIgnored)
    if (part == ignored)
      return true;
  // .L1::evict_last, .L2::64B, .L2::128B, .L2::256B, .L1::no_allocate ...
  if (part.compare(0, 4, "L1::") == 0)
    return true;
  if (part.compare(0, 4, "L2::") == 0 && part != "L2::cache_hint")
    return true;
  return false;
}
} // namespace

Modifiers
roller::emu::detail::classifyModifiers(const std::vector<std::string> &parts) {
  Modifiers mods;
  for (const std::string &part : parts) {
    if (Type type = parseType(part); type != Type::None) {
      mods.types.push_back(type);
      continue;
    }
    if (part == "rn" || part == "rni")
      mods.rounding = Rounding::NearestEven;
    else if (part == "rz" || part == "rzi")
      mods.rounding = Rounding::TowardZero;
    else if (part == "rm" || part == "rmi")
      mods.rounding = Rounding::Down;
    else if (part == "rp" || part == "rpi")
      mods.rounding = Rounding::Up;
    else if (part == "rna")
      mods.rounding = Rounding::NearestAway;
    else if (part == "ftz")
      mods.ftz = true;
    else if (part == "sat")
      mods.sat = true;
    else if (part == "relu")
      mods.relu = true;
    else if (part == "satfinite")
      mods.satFinite = true;
    else if (part == "approx")
      mods.approx = true;
    else if (part == "full")
      mods.full = true;
    else if (part == "NaN")
      mods.nan = true;
    else if (part == "uni")
      mods.uni = true;
    else if (part == "sync")
      mods.sync = true;
    else if (part == "aligned")
      mods.aligned = true;
    else if (part == "wide")
      mods.wide = true;
    else if (part == "cc")
      mods.cc = true;
    else if (part == "trans")
      mods.trans = true;
    else if (part == "volatile")
      mods.isVolatile = true;
    else if (part == "xorsign")
      mods.xorsign = true;
    else if (part == "abs")
      mods.abs = true;
    else if (part == "shiftamt")
      mods.shiftAmount = true;
    else if (part == "L2::cache_hint")
      mods.cacheHint = true;
    else if (part == "v2" || part == "v4" || part == "v8")
      mods.vector = uint8_t(part[1] - '0');
    else if (part == "x1" || part == "x2" || part == "x4")
      mods.x = uint8_t(part[1] - '0');
    else if (part == "global")
      mods.space = Space::Global;
    else if (part == "shared" || part == "shared::cta")
      mods.space = Space::Shared;
    else if (part == "local")
      mods.space = Space::Local;
    else if (part == "param" || part == "param::entry")
      mods.space = Space::Param;
    else if (part == "const")
      mods.space = Space::Const;
    else if (isIgnorable(part))
      continue;
    else
      mods.other.push_back(part);
    // Integer rounding of cvt (float to integral) is spelled with an i.
    if (part.size() == 3 && part[0] == 'r' && part[2] == 'i')
      mods.integerRounding = true;
  }
  return mods;
}
