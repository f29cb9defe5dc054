//===- Types.cpp - PTX scalar types and state spaces ----------------------===//

#include "Roller/Emulator/Program.h"

using namespace roller::emu;

unsigned roller::emu::typeBits(Type type) {
  switch (type) {
  case Type::None:
    return 0;
  case Type::Pred:
    return 1;
  case Type::B8:
  case Type::U8:
  case Type::S8:
  case Type::E4M3:
  case Type::E5M2:
    return 8;
  case Type::B16:
  case Type::U16:
  case Type::S16:
  case Type::F16:
  case Type::BF16:
  case Type::E4M3x2:
  case Type::E5M2x2:
    return 16;
  case Type::B32:
  case Type::U32:
  case Type::S32:
  case Type::U16x2:
  case Type::S16x2:
  case Type::F16x2:
  case Type::BF16x2:
  case Type::TF32:
  case Type::F32:
    return 32;
  case Type::B64:
  case Type::U64:
  case Type::S64:
  case Type::F64:
    return 64;
  case Type::B128:
    return 128;
  }
  return 0;
}

bool roller::emu::isSignedInt(Type type) {
  return type == Type::S8 || type == Type::S16 || type == Type::S32 ||
         type == Type::S64;
}

bool roller::emu::isFloat(Type type) {
  switch (type) {
  case Type::F16:
  case Type::F16x2:
  case Type::BF16:
  case Type::BF16x2:
  case Type::TF32:
  case Type::F32:
  case Type::F64:
  case Type::E4M3:
  case Type::E5M2:
  case Type::E4M3x2:
  case Type::E5M2x2:
    return true;
  default:
    return false;
  }
}

bool roller::emu::isPackedHalf(Type type) {
  return type == Type::F16x2 || type == Type::BF16x2;
}

FloatFormat roller::emu::floatFormat(Type type) {
  switch (type) {
  case Type::F16:
  case Type::F16x2:
    return FloatFormat::F16;
  case Type::BF16:
  case Type::BF16x2:
    return FloatFormat::BF16;
  case Type::TF32:
    return FloatFormat::TF32;
  case Type::F64:
    return FloatFormat::F64;
  case Type::E4M3:
  case Type::E4M3x2:
    return FloatFormat::E4M3;
  case Type::E5M2:
  case Type::E5M2x2:
    return FloatFormat::E5M2;
  default:
    return FloatFormat::F32;
  }
}

namespace {
struct TypeName {
  Type type;
  const char *name;
};
constexpr TypeName kTypeNames[] = {
    {Type::Pred, "pred"},     {Type::B8, "b8"},
    {Type::B16, "b16"},       {Type::B32, "b32"},
    {Type::B64, "b64"},       {Type::B128, "b128"},
    {Type::U8, "u8"},         {Type::U16, "u16"},
    {Type::U32, "u32"},       {Type::U64, "u64"},
    {Type::S8, "s8"},         {Type::S16, "s16"},
    {Type::S32, "s32"},       {Type::S64, "s64"},
    {Type::U16x2, "u16x2"},   {Type::S16x2, "s16x2"},
    {Type::F16, "f16"},       {Type::F16x2, "f16x2"},
    {Type::BF16, "bf16"},     {Type::BF16x2, "bf16x2"},
    {Type::TF32, "tf32"},     {Type::F32, "f32"},
    {Type::F64, "f64"},       {Type::E4M3x2, "e4m3x2"},
    {Type::E5M2x2, "e5m2x2"}, {Type::E4M3, "e4m3"},
    {Type::E5M2, "e5m2"},
};
} // namespace

const char *roller::emu::typeName(Type type) {
  for (const TypeName &entry : kTypeNames)
    if (entry.type == type)
      return entry.name;
  return "none";
}

Type roller::emu::parseType(std::string_view name) {
  for (const TypeName &entry : kTypeNames)
    if (name == entry.name)
      return entry.type;
  return Type::None;
}

const char *roller::emu::spaceName(Space space) {
  switch (space) {
  case Space::Generic:
    return "generic";
  case Space::Global:
    return "global";
  case Space::Shared:
    return "shared";
  case Space::Local:
    return "local";
  case Space::Param:
    return "param";
  case Space::Const:
    return "const";
  }
  return "?";
}
