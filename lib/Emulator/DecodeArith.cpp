//===- DecodeArith.cpp - Decoding arithmetic, logic and conversions -------===//
//
// Integer and floating-point arithmetic, logic and shifts, comparison and
// selection, mov, cvt and cvta (PTX ISA sections 9.7.1-9.7.9). Each decoder
// checks the modifiers and operand counts the ISA allows and rejects the
// rest by name.
//
//===----------------------------------------------------------------------===//

#include "DecodeOpcodes.h"

using namespace roller::emu;
using namespace roller::emu::detail;

namespace {

bool isIntegerType(Type t) {
  return !isFloat(t) && t != Type::Pred && t != Type::None && t != Type::B128;
}

/// Floating-point arithmetic: add/sub/mul/fma/mad/div/abs/neg/min/max and
/// the .approx functions.
Status decodeFloat(OpcodeDecoder &d, Type type) {
  Inst &inst = d.inst;
  Modifiers &m = d.mods;
  const std::string &base = d.base();
  inst.type = type;
  inst.ftz = m.ftz;
  inst.sat = m.sat;
  inst.relu = d.take("relu") || m.relu;
  inst.hasRounding = m.rounding.has_value();
  inst.rounding = m.rounding.value_or(Rounding::NearestEven);
  if (inst.rounding == Rounding::NearestAway)
    return d.error(".rna is not a rounding mode of " + base);
  if (type == Type::F64 && inst.hasRounding &&
      inst.rounding != Rounding::NearestEven &&
      (base == "fma" || base == "mad"))
    return d.error("fma.f64 with a rounding mode other than .rn is not "
                   "supported");
  size_t operands = 3;
  if (base == "add" || base == "sub" || base == "mul") {
    inst.op = base == "add"   ? Opcode::FAdd
              : base == "sub" ? Opcode::FSub
                              : Opcode::FMul;
  } else if (base == "fma" || base == "mad") {
    if (base == "fma" && !inst.hasRounding && type != Type::F16 &&
        type != Type::F16x2 && type != Type::BF16 && type != Type::BF16x2)
      return d.error("fma.f32/f64 needs a rounding modifier");
    inst.op = Opcode::FFma;
    operands = 4;
  } else if (base == "div") {
    inst.op = Opcode::FDiv;
    inst.approx = m.approx || m.full;
    if (!inst.approx && !inst.hasRounding)
      return d.error("div.f32/f64 needs .approx, .full or a rounding mode");
  } else if (base == "abs" || base == "neg") {
    inst.op = base == "abs" ? Opcode::FAbs : Opcode::FNeg;
    operands = 2;
  } else if (base == "min" || base == "max") {
    inst.op = base == "min" ? Opcode::FMin : Opcode::FMax;
    inst.propagateNaN = m.nan;
    if (m.xorsign || m.abs)
      return d.error(".xorsign.abs is not supported");
  } else if (base == "copysign") {
    inst.op = Opcode::FCopysign;
  } else {
    static const struct {
      const char *name;
      ApproxFunction function;
    } kApprox[] = {
        {"ex2", ApproxFunction::Ex2},     {"lg2", ApproxFunction::Lg2},
        {"rcp", ApproxFunction::Rcp},     {"sqrt", ApproxFunction::Sqrt},
        {"rsqrt", ApproxFunction::Rsqrt}, {"sin", ApproxFunction::Sin},
        {"cos", ApproxFunction::Cos},     {"tanh", ApproxFunction::Tanh}};
    bool found = false;
    for (const auto &entry : kApprox) {
      if (base != entry.name)
        continue;
      found = true;
      operands = 2;
      // rcp.rn and sqrt.rn are IEEE-correct operations, not approximations.
      if (!m.approx && (base == "rcp" || base == "sqrt")) {
        if (!inst.hasRounding)
          return d.error(base + " needs .approx or a rounding mode");
        inst.op = Opcode::FDiv;
        inst.sub = base == "rcp" ? 0 : 1; // 0: 1/a, 1: sqrt(a)
        inst.mode = 1;                    // one source operand
        break;
      }
      if (!m.approx)
        return d.error(base + " needs .approx");
      inst.op = Opcode::FApprox;
      inst.sub = uint8_t(entry.function);
    }
    if (!found)
      return d.error("unsupported floating-point instruction " + base);
  }
  if (Status s = d.noOthers(); !s)
    return s;
  if (Status s = d.count(operands); !s)
    return s;
  return d.all(type);
}

/// Integer arithmetic, logic and bit manipulation.
Status decodeInteger(OpcodeDecoder &d, Type type) {
  Inst &inst = d.inst;
  Modifiers &m = d.mods;
  const std::string &base = d.base();
  inst.type = type;
  inst.sat = m.sat;
  inst.carryOut = m.cc;
  size_t operands = 3;
  Type operandType = type;
  struct Simple {
    const char *name;
    Opcode op;
    size_t operands;
  };
  static const Simple kSimple[] = {
      {"add", Opcode::Add, 3},     {"addc", Opcode::Add, 3},
      {"sub", Opcode::Sub, 3},     {"subc", Opcode::Sub, 3},
      {"div", Opcode::Div, 3},     {"rem", Opcode::Rem, 3},
      {"abs", Opcode::Abs, 2},     {"neg", Opcode::Neg, 2},
      {"min", Opcode::Min, 3},     {"max", Opcode::Max, 3},
      {"popc", Opcode::Popc, 2},   {"clz", Opcode::Clz, 2},
      {"bfind", Opcode::Bfind, 2}, {"brev", Opcode::Brev, 2},
      {"bfe", Opcode::Bfe, 4},     {"bfi", Opcode::Bfi, 5},
      {"and", Opcode::And, 3},     {"or", Opcode::Or, 3},
      {"xor", Opcode::Xor, 3},     {"not", Opcode::Not, 2},
      {"cnot", Opcode::Cnot, 2},   {"lop3", Opcode::Lop3, 5},
      {"shl", Opcode::Shl, 3},     {"shr", Opcode::Shr, 3},
      {"sad", Opcode::Sad, 4},     {"prmt", Opcode::Prmt, 4},
      {"dp4a", Opcode::Dp4a, 4},   {"dp2a", Opcode::Dp2a, 4},
      {"mul", Opcode::Mul, 3},     {"mad", Opcode::Mad, 4},
      {"madc", Opcode::Mad, 4},    {"mul24", Opcode::Mul24, 3},
      {"mad24", Opcode::Mad24, 4}, {"shf", Opcode::Shf, 4},
  };
  const Simple *entry = nullptr;
  for (const Simple &simple : kSimple)
    if (base == simple.name)
      entry = &simple;
  if (!entry)
    return d.error("unsupported integer instruction " + base);
  inst.op = entry->op;
  operands = entry->operands;
  inst.carryIn = base == "addc" || base == "subc" || base == "madc";
  if ((type == Type::U16x2 || type == Type::S16x2) &&
      (!(inst.op == Opcode::Add || inst.op == Opcode::Sub ||
         inst.op == Opcode::Min || inst.op == Opcode::Max) ||
       inst.carryIn || m.cc || m.sat))
    return d.error(base + " does not take packed ." + typeName(type) +
                   " operands (only add, sub, min and max, without .cc, "
                   ".sat or a carry)");
  if (inst.op == Opcode::Mul || inst.op == Opcode::Mad ||
      inst.op == Opcode::Mul24 || inst.op == Opcode::Mad24) {
    int mode = d.takeOneOf({"lo", "hi"});
    if (m.wide)
      inst.wide = true;
    else if (mode == 1)
      inst.hi = true;
    else if (mode != 0)
      return d.error(base + " needs .lo, .hi or .wide");
    if (inst.wide && typeBits(type) > 32)
      return d.error(base + ".wide takes 16- or 32-bit operands");
  }
  if (inst.op == Opcode::Shf) {
    int direction = d.takeOneOf({"l", "r"});
    int mode = d.takeOneOf({"clamp", "wrap"});
    if (direction < 0 || mode < 0)
      return d.error("shf needs .l or .r and .clamp or .wrap");
    inst.sub = uint8_t(direction);
    inst.mode = uint8_t(mode);
  }
  if (inst.op == Opcode::Prmt) {
    int mode = d.takeOneOf({"f4e", "b4e", "rc8", "ecl", "ecr", "rc16"});
    inst.sub = uint8_t(mode + 1);
  }
  if (inst.op == Opcode::Bfind)
    inst.mode = m.shiftAmount;
  if (inst.op == Opcode::Dp4a || inst.op == Opcode::Dp2a) {
    if (m.types.size() != 2)
      return d.error(base + " needs two types");
    inst.type2 = m.types[1];
    if (inst.op == Opcode::Dp2a)
      inst.hi = d.takeOneOf({"lo", "hi"}) == 1;
  }
  if (Status s = d.noOthers(); !s)
    return s;
  if (Status s = d.count(operands); !s)
    return s;
  // Shift amounts, bfe/bfi positions and lop3's table are u32.
  if (inst.op == Opcode::Shl || inst.op == Opcode::Shr) {
    if (Status s = d.operands(0, 2, operandType); !s)
      return s;
    return d.operands(2, 3, Type::U32);
  }
  if (inst.op == Opcode::Bfe) {
    if (Status s = d.operands(0, 2, operandType); !s)
      return s;
    return d.operands(2, 4, Type::U32);
  }
  if (inst.op == Opcode::Bfi) {
    if (Status s = d.operands(0, 3, operandType); !s)
      return s;
    return d.operands(3, 5, Type::U32);
  }
  return d.all(operandType);
}

/// setp/set: comparisons with an optional combining boolean operation.
Status decodeCompare(OpcodeDecoder &d) {
  Inst &inst = d.inst;
  Modifiers &m = d.mods;
  static const char *const kCmp[] = {"eq",  "ne",  "lt",  "le",  "gt",  "ge",
                                     "lo",  "ls",  "hi",  "hs",  "equ", "neu",
                                     "ltu", "leu", "gtu", "geu", "num", "nan"};
  int cmp = -1;
  for (int i = 0; i < 18; ++i)
    if (d.take(kCmp[i])) {
      cmp = i;
      break;
    }
  if (cmp < 0)
    return d.error(d.base() + " needs a comparison operator");
  inst.cmp = CmpOp(cmp);
  int boolOp = d.takeOneOf({"and", "or", "xor"});
  inst.boolOp = BoolOp(boolOp + 1);
  inst.ftz = m.ftz;
  if (Status s = d.noOthers(); !s)
    return s;
  bool isSet = d.base() == "set";
  inst.op = isSet ? Opcode::Set : Opcode::Setp;
  if (Status s = d.types(isSet ? 2 : 1); !s)
    return s;
  Type source = m.types.back();
  inst.type2 = source;
  inst.type = isSet ? m.types[0] : Type::Pred;
  if (inst.cmp >= CmpOp::Equ && !isFloat(source))
    return d.error("unordered comparisons apply to floating point only");
  if (inst.cmp >= CmpOp::Lo && inst.cmp <= CmpOp::Hs && isFloat(source))
    return d.error(".lo/.ls/.hi/.hs apply to integers only");
  if (Status s = d.count(inst.boolOp == BoolOp::None ? 3 : 4); !s)
    return s;
  if (Status s = d.operands(0, 1, inst.type); !s)
    return s;
  if (Status s = d.operands(1, 3, source); !s)
    return s;
  return d.operands(3, 4, Type::Pred);
}

Status decodeMove(OpcodeDecoder &d) {
  Inst &inst = d.inst;
  if (Status s = d.types(1); !s)
    return s;
  if (Status s = d.noOthers(); !s)
    return s;
  inst.op = Opcode::Mov;
  inst.type = d.mods.types[0];
  if (Status s = d.count(2); !s)
    return s;
  return d.all(inst.type);
}

Status decodeConvert(OpcodeDecoder &d) {
  Inst &inst = d.inst;
  Modifiers &m = d.mods;
  if (Status s = d.types(2); !s)
    return s;
  if (Status s = d.noOthers(); !s)
    return s;
  inst.op = Opcode::Cvt;
  inst.type = m.types[0];
  inst.type2 = m.types[1];
  inst.ftz = m.ftz;
  inst.sat = m.sat;
  inst.relu = m.relu;
  inst.satFinite = m.satFinite;
  inst.hasRounding = m.rounding.has_value();
  inst.rounding = m.rounding.value_or(Rounding::NearestEven);
  inst.mode = m.integerRounding;
  Type dst = inst.type, src = inst.type2;
  if (dst == Type::Pred || src == Type::Pred || dst == Type::B128 ||
      src == Type::B128)
    return d.error("cvt does not convert ." + std::string(typeName(dst)) +
                   " from ." + typeName(src));
  // Packing conversions take two f32 sources: cvt.rn.f16x2.f32 d, a, b.
  bool pack = (dst == Type::F16x2 || dst == Type::BF16x2 ||
               dst == Type::E4M3x2 || dst == Type::E5M2x2) &&
              src == Type::F32;
  if (isFloat(dst) && isFloat(src)) {
    bool narrowing =
        typeBits(floatFormat(dst) == FloatFormat::F64 ? Type::F64 : dst) <
            typeBits(src) ||
        pack || dst == Type::TF32 || dst == Type::BF16 ||
        (dst == Type::F16 && src == Type::BF16);
    if (inst.mode && dst != src && !narrowing)
      return d.error("integer rounding applies to float-to-integral "
                     "conversions of the same width");
    if (narrowing && !inst.hasRounding)
      return d.error("a narrowing float conversion needs a rounding mode");
  }
  if (isFloat(dst) != isFloat(src) && isFloat(src) && inst.hasRounding &&
      !inst.mode)
    return d.error("float-to-integer cvt rounds with .rni/.rzi/.rmi/.rpi");
  if (Status s = d.count(pack ? 3 : 2); !s)
    return s;
  if (Status s = d.operands(0, 1, dst); !s)
    return s;
  return d.operands(1, pack ? 3 : 2, src);
}

Status decodeCvta(OpcodeDecoder &d) {
  Inst &inst = d.inst;
  inst.op = Opcode::Cvta;
  inst.sub = d.take("to") ? 1 : 0;
  if (!d.mods.space || *d.mods.space == Space::Generic ||
      *d.mods.space == Space::Param)
    return d.error("cvta needs .global, .shared, .local or .const");
  inst.space = *d.mods.space;
  if (Status s = d.types(1); !s)
    return s;
  inst.type = d.mods.types[0];
  if (inst.type != Type::U32 && inst.type != Type::U64)
    return d.error("cvta takes .u32 or .u64");
  if (Status s = d.noOthers(); !s)
    return s;
  if (Status s = d.count(2); !s)
    return s;
  return d.all(inst.type);
}

} // namespace

Status roller::emu::detail::decodeArithmetic(OpcodeDecoder &d, bool &handled) {
  handled = true;
  const std::string &base = d.base();
  Modifiers &m = d.mods;
  if (base == "setp" || base == "set")
    return decodeCompare(d);
  if (base == "mov")
    return decodeMove(d);
  if (base == "cvt")
    return decodeConvert(d);
  if (base == "cvta")
    return decodeCvta(d);
  if (base == "selp" || base == "slct") {
    d.inst.op = base == "selp" ? Opcode::Selp : Opcode::Slct;
    if (Status s = d.types(base == "selp" ? 1 : 2); !s)
      return s;
    d.inst.type = m.types[0];
    d.inst.ftz = m.ftz;
    if (base == "slct")
      d.inst.type2 = m.types[1];
    if (Status s = d.noOthers(); !s)
      return s;
    if (Status s = d.count(4); !s)
      return s;
    if (Status s = d.operands(0, 3, d.inst.type); !s)
      return s;
    return d.operands(3, 4, base == "selp" ? Type::Pred : d.inst.type2);
  }
  if (base == "testp") {
    d.inst.op = Opcode::FTestp;
    int op = d.takeOneOf(
        {"finite", "infinite", "number", "notanumber", "normal", "subnormal"});
    if (op < 0)
      return d.error("testp needs an operation");
    d.inst.sub = uint8_t(op);
    if (Status s = d.types(1); !s)
      return s;
    d.inst.type = d.mods.types[0];
    if (Status s = d.noOthers(); !s)
      return s;
    if (Status s = d.count(2); !s)
      return s;
    return d.all(d.inst.type);
  }
  static const char *const kArith[] = {
      "add",   "addc", "sub",   "subc",    "mul",  "mad",   "madc", "mul24",
      "mad24", "sad",  "div",   "rem",     "abs",  "neg",   "min",  "max",
      "popc",  "clz",  "bfind", "brev",    "bfe",  "bfi",   "and",  "or",
      "xor",   "not",  "cnot",  "lop3",    "shl",  "shr",   "shf",  "prmt",
      "dp4a",  "dp2a", "fma",   "rcp",     "sqrt", "rsqrt", "sin",  "cos",
      "lg2",   "ex2",  "tanh",  "copysign"};
  bool arithmetic = false;
  for (const char *name : kArith)
    arithmetic |= base == name;
  if (!arithmetic) {
    handled = false;
    return Status::ok();
  }
  // dp4a/dp2a carry two integer types; everything else one.
  if (base != "dp4a" && base != "dp2a")
    if (Status s = d.types(1); !s)
      return s;
  if (m.types.empty())
    return d.error(base + " needs a type");
  Type type = m.types[0];
  if (isFloat(type))
    return decodeFloat(d, type);
  if (!isIntegerType(type) &&
      !(type == Type::Pred &&
        (base == "and" || base == "or" || base == "xor" || base == "not")))
    return d.error(base + " does not take ." + typeName(type));
  return decodeInteger(d, type);
}
