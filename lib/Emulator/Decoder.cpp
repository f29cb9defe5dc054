//===- Decoder.cpp - PTX functions to executable Programs -----------------===//
//
// Gives every register a slot, lays out parameters, shared and local
// variables, resolves labels and operands, and hands each instruction to
// the opcode decoder (DecodeOpcodes.cpp). Shared variables are placed with
// red zones between them so that the sanitizer sees one buffer overrunning
// into the next; the hardware's size (without red zones) is kept for the
// device's limits.
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"
#include "Roller/Emulator/Memory.h"

#include <algorithm>
#include <cstring>
#include <map>

using namespace roller::emu;
using namespace roller::emu::detail;

namespace {

uint64_t alignUp(uint64_t value, uint64_t alignment) {
  if (alignment <= 1)
    return value;
  return (value + alignment - 1) / alignment * alignment;
}

struct RegisterRange {
  std::string prefix;
  uint64_t count = 0; ///< 0: a single register named `prefix`
  uint32_t firstSlot = 0;
  uint8_t bits = 0;
};

struct Symbol {
  enum class Kind { Shared, Local, Global, Param } kind;
  uint64_t address = 0;
};

const std::map<std::string, Special, std::less<>> &specialRegisters() {
  static const std::map<std::string, Special, std::less<>> table = {
      {"%tid.x", Special::TidX},
      {"%tid.y", Special::TidY},
      {"%tid.z", Special::TidZ},
      {"%ntid.x", Special::NtidX},
      {"%ntid.y", Special::NtidY},
      {"%ntid.z", Special::NtidZ},
      {"%ctaid.x", Special::CtaidX},
      {"%ctaid.y", Special::CtaidY},
      {"%ctaid.z", Special::CtaidZ},
      {"%nctaid.x", Special::NctaidX},
      {"%nctaid.y", Special::NctaidY},
      {"%nctaid.z", Special::NctaidZ},
      {"%laneid", Special::LaneId},
      {"%warpid", Special::WarpId},
      {"%nwarpid", Special::NWarpId},
      {"%smid", Special::SmId},
      {"%nsmid", Special::NSmId},
      {"%gridid", Special::GridId},
      {"%lanemask_eq", Special::LanemaskEq},
      {"%lanemask_lt", Special::LanemaskLt},
      {"%lanemask_le", Special::LanemaskLe},
      {"%lanemask_gt", Special::LanemaskGt},
      {"%lanemask_ge", Special::LanemaskGe},
      {"%clock", Special::Clock},
      {"%clock64", Special::Clock64},
      {"%globaltimer", Special::GlobalTimer},
      {"%dynamic_smem_size", Special::DynamicSmemSize},
      {"%total_smem_size", Special::TotalSmemSize},
  };
  return table;
}

/// Converts a float literal's bits to the format an instruction of `type`
/// reads (PTX ISA 4.5.2: 0f literals are f32, 0d and decimal ones f64; an
/// instruction converts them to its own type).
uint64_t convertFloatLiteral(const ptx::Operand &operand, Type type) {
  double value;
  if (operand.kind == ptx::Operand::Kind::Float32) {
    float f;
    uint32_t bits = uint32_t(operand.value);
    std::memcpy(&f, &bits, 4);
    value = f;
    if (type == Type::F32 || type == Type::B32 || type == Type::U32 ||
        type == Type::S32 || !isFloat(type))
      return bits;
  } else {
    std::memcpy(&value, &operand.value, 8);
    if (type == Type::F64 || !isFloat(type))
      return operand.value;
  }
  return roundTo(value, floatFormat(type), Rounding::NearestEven);
}

class KernelDecoder : public OpcodeContext {
public:
  KernelDecoder(const ptx::Module &module, const ptx::Function &function,
                const std::map<std::string, uint64_t> &globals,
                Program &program)
      : module(module), function(function), globals(globals), program(program) {
  }

  Status run();

  Status operand(const ptx::Operand &operand, Type type) override;
  Error error(const std::string &message) const override {
    // Name the instruction unless the message already does.
    std::string where;
    if (current && message.find(current->opcodeText()) == std::string::npos)
      where = " in '" + current->opcodeText() + "'";
    return makeError(module.name + ":" + std::to_string(line) + ": " + message +
                     where);
  }

private:
  Status declareRegister(const ptx::Variable &var);
  Status layoutParams();
  Status layoutVariables();
  Status resolveRegister(const std::string &name, Operand &out) const;
  /// Whether `name` names a register declared in an enclosing scope.
  bool isDeclaredRegister(const std::string &name) const;
  Status resolveOne(const ptx::Operand &operand, Type type, Operand &out);
  Status decodeInstruction(const ptx::Instruction &ptx);

  const ptx::Module &module;
  const ptx::Function &function;
  const std::map<std::string, uint64_t> &globals;
  Program &program;
  std::vector<std::vector<RegisterRange>> scopes;
  std::map<std::string, Symbol> symbols;
  std::map<std::string, uint32_t> labels;
  unsigned line = 0;
  const ptx::Instruction *current = nullptr;
  Space currentSpace = Space::Generic;
  bool currentIsBranch = false;
  /// The current instruction's operands; vector elements go straight to
  /// program.operands, so these are appended after them, contiguous.
  std::vector<Operand> pending;
};

Status KernelDecoder::declareRegister(const ptx::Variable &var) {
  Type type = parseType(var.type);
  if (type == Type::None || type == Type::B128)
    return error("unsupported register type ." + var.type);
  if (var.vectorWidth != 1)
    return error("vector registers (.v" + std::to_string(var.vectorWidth) +
                 ") are not supported");
  RegisterRange range;
  range.prefix = var.name;
  range.count = var.registerRange;
  range.firstSlot = program.numRegs;
  range.bits = uint8_t(typeBits(type));
  uint64_t slots = var.registerRange ? var.registerRange : 1;
  if (slots > (1u << 20) || program.numRegs + slots > (1u << 22))
    return error("too many registers (" + std::to_string(slots) + ")");
  for (uint64_t i = 0; i < slots; ++i)
    program.regNames.push_back(var.registerRange ? var.name + std::to_string(i)
                                                 : var.name);
  program.numRegs += uint32_t(slots);
  scopes.back().push_back(std::move(range));
  return Status::ok();
}

bool KernelDecoder::isDeclaredRegister(const std::string &name) const {
  for (const std::vector<RegisterRange> &scope : scopes)
    for (const RegisterRange &range : scope) {
      if (range.count == 0) {
        if (name == range.prefix)
          return true;
        continue;
      }
      if (name.size() > range.prefix.size() &&
          name.compare(0, range.prefix.size(), range.prefix) == 0 &&
          std::all_of(name.begin() + range.prefix.size(), name.end(),
                      [](char c) { return c >= '0' && c <= '9'; }))
        return true;
    }
  return false;
}

Status KernelDecoder::resolveRegister(const std::string &name,
                                      Operand &out) const {
  for (auto scope = scopes.rbegin(); scope != scopes.rend(); ++scope) {
    for (auto range = scope->rbegin(); range != scope->rend(); ++range) {
      if (range->count == 0) {
        if (name != range->prefix)
          continue;
        out.kind = Operand::Kind::Reg;
        out.reg = range->firstSlot;
        out.bits = range->bits;
        return Status::ok();
      }
      if (name.size() <= range->prefix.size() ||
          name.compare(0, range->prefix.size(), range->prefix) != 0)
        continue;
      std::string_view digits(name.data() + range->prefix.size(),
                              name.size() - range->prefix.size());
      if (!std::all_of(digits.begin(), digits.end(),
                       [](char c) { return c >= '0' && c <= '9'; }) ||
          digits.size() > 9)
        continue;
      uint64_t index = std::stoull(std::string(digits));
      if (index >= range->count)
        return error("register " + name + " is outside its declaration " +
                     range->prefix + "<" + std::to_string(range->count) + ">");
      out.kind = Operand::Kind::Reg;
      out.reg = range->firstSlot + uint32_t(index);
      out.bits = range->bits;
      return Status::ok();
    }
  }
  auto special = specialRegisters().find(name);
  if (special != specialRegisters().end()) {
    out.kind = Operand::Kind::Special;
    out.special = special->second;
    out.bits = special->second == Special::Clock64 ||
                       special->second == Special::GlobalTimer
                   ? 64
                   : 32;
    return Status::ok();
  }
  return error("undeclared register " + name);
}

Status KernelDecoder::layoutParams() {
  uint32_t offset = 0;
  for (const ptx::Variable &var : function.params) {
    if (var.space != ptx::Variable::Space::Param)
      return error("kernel parameter " + var.name + " is not in .param");
    unsigned bytes = ptx::typeBytes(var.type);
    if (bytes == 0)
      return error("unsupported parameter type ." + var.type);
    uint64_t size = uint64_t(bytes) * (var.count ? var.count : 1);
    uint64_t alignment = var.alignment ? var.alignment : bytes;
    if (size > 32764 || alignment > 4096)
      return error("parameter " + var.name + " is too large");
    Param param;
    param.name = var.name;
    param.offset = uint32_t(alignUp(offset, alignment));
    param.size = uint32_t(size);
    param.alignment = uint32_t(alignment);
    param.isPointer = var.isPointer;
    offset = param.offset + param.size;
    symbols[var.name] = Symbol{Symbol::Kind::Param, param.offset};
    program.params.push_back(std::move(param));
  }
  program.paramBytes = offset;
  return Status::ok();
}

Status KernelDecoder::layoutVariables() {
  // Module-scope .shared variables first (every kernel of the module may
  // use them), then the function's own, in declaration order.
  std::vector<const ptx::Variable *> shared, local;
  for (const ptx::Variable &var : module.globals)
    if (var.space == ptx::Variable::Space::Shared)
      shared.push_back(&var);
  for (const ptx::Statement &statement : function.body) {
    if (statement.kind != ptx::Statement::Kind::Declaration)
      continue;
    if (statement.declaration.space == ptx::Variable::Space::Shared)
      shared.push_back(&statement.declaration);
    else if (statement.declaration.space == ptx::Variable::Space::Local)
      local.push_back(&statement.declaration);
    else if (statement.declaration.space == ptx::Variable::Space::Global ||
             statement.declaration.space == ptx::Variable::Space::Const)
      return error("function-scope ." +
                   std::string(statement.declaration.space ==
                                       ptx::Variable::Space::Global
                                   ? "global"
                                   : "const") +
                   " variables are not supported");
  }
  uint64_t offset = kSharedRedZone, hardwareBytes = 0, dynamicAlignment = 16;
  std::vector<const ptx::Variable *> dynamic;
  for (const ptx::Variable *var : shared) {
    unsigned bytes = ptx::typeBytes(var->type) * var->vectorWidth;
    if (bytes == 0)
      return error("unsupported type ." + var->type + " of " + var->name);
    uint64_t alignment =
        std::max<uint64_t>(var->alignment ? var->alignment : bytes, 1);
    if (var->isExtern || var->count == 0) {
      dynamic.push_back(var);
      dynamicAlignment = std::max(dynamicAlignment, alignment);
      continue;
    }
    uint64_t size = var->count * bytes;
    if (var->count > (uint64_t(1) << 32) || size > (uint64_t(1) << 32))
      return error("shared variable " + var->name + " is too large");
    offset = alignUp(offset, std::max<uint64_t>(alignment, 16));
    hardwareBytes = alignUp(hardwareBytes, alignment) + size;
    program.shared.push_back(SharedVariable{var->name, offset, size, false});
    symbols[var->name] = Symbol{Symbol::Kind::Shared, offset};
    offset += size + kSharedRedZone;
  }
  program.staticSharedBytes = hardwareBytes;
  program.dynamicSharedOffset = alignUp(offset, dynamicAlignment);
  program.sharedLayoutBytes = program.dynamicSharedOffset;
  for (const ptx::Variable *var : dynamic) {
    program.shared.push_back(
        SharedVariable{var->name, program.dynamicSharedOffset, 0, true});
    symbols[var->name] =
        Symbol{Symbol::Kind::Shared, program.dynamicSharedOffset};
  }

  uint64_t localOffset = 0;
  for (const ptx::Variable *var : local) {
    unsigned bytes = ptx::typeBytes(var->type) * var->vectorWidth;
    if (bytes == 0 || var->count == 0)
      return error("unsupported .local variable " + var->name);
    uint64_t alignment = var->alignment ? var->alignment : bytes;
    localOffset = alignUp(localOffset, alignment);
    symbols[var->name] = Symbol{Symbol::Kind::Local, localOffset};
    localOffset += var->count * bytes;
    if (localOffset > (uint64_t(1) << 20))
      return error(".local variables exceed 1 MiB per thread");
  }
  program.localBytes = localOffset;

  for (const auto &[name, address] : globals)
    symbols.emplace(name, Symbol{Symbol::Kind::Global, address});
  return Status::ok();
}

Status KernelDecoder::resolveOne(const ptx::Operand &operand, Type type,
                                 Operand &out) {
  using K = ptx::Operand::Kind;
  out.negated = operand.negated;
  switch (operand.kind) {
  case K::Register:
    return resolveRegister(operand.name, out);
  case K::Integer:
    out.kind = Operand::Kind::Imm;
    out.imm = int64_t(operand.value);
    return Status::ok();
  case K::Float32:
  case K::Float64:
    out.kind = Operand::Kind::Imm;
    out.imm = int64_t(convertFloatLiteral(operand, type));
    return Status::ok();
  case K::Sink:
    out.kind = Operand::Kind::Sink;
    return Status::ok();
  case K::Symbol: {
    // PTX identifiers need no '%': a name declared with .reg is a register
    // (LLVM writes `{ .reg .b16 tmp; mov.b32 {%rs1, tmp}, %r1; }`).
    if (isDeclaredRegister(operand.name))
      return resolveRegister(operand.name, out);
    if (currentIsBranch) {
      auto label = labels.find(operand.name);
      if (label == labels.end())
        return error("unknown label " + operand.name);
      out.kind = Operand::Kind::Imm;
      out.imm = label->second;
      return Status::ok();
    }
    auto symbol = symbols.find(operand.name);
    if (symbol == symbols.end())
      return error("unknown symbol " + operand.name);
    out.kind = Operand::Kind::Imm;
    out.imm = int64_t(symbol->second.address);
    return Status::ok();
  }
  case K::Address: {
    out.kind = Operand::Kind::Mem;
    out.imm = operand.offset;
    if (operand.name.empty())
      return Status::ok();
    if (operand.name[0] == '%') {
      Operand base;
      if (Status s = resolveRegister(operand.name, base); !s)
        return s;
      if (base.kind != Operand::Kind::Reg)
        return error("an address base must be a register, not " + operand.name);
      out.hasBase = true;
      out.reg = base.reg;
      out.bits = base.bits;
      return Status::ok();
    }
    auto symbol = symbols.find(operand.name);
    if (symbol == symbols.end())
      return error("unknown symbol " + operand.name);
    uint64_t address = symbol->second.address;
    // A variable named in a generic access means its generic address.
    if (currentSpace == Space::Generic) {
      if (symbol->second.kind == Symbol::Kind::Shared)
        address += kSharedWindowBase;
      else if (symbol->second.kind == Symbol::Kind::Local)
        address += kLocalWindowBase;
      else if (symbol->second.kind == Symbol::Kind::Param)
        return error("generic addressing of parameter " + operand.name +
                     " is not supported");
    }
    out.imm += int64_t(address);
    return Status::ok();
  }
  case K::Vector:
  case K::PredPair: {
    out.kind = Operand::Kind::Vector;
    std::vector<Operand> elements;
    for (const ptx::Operand &element : operand.elements) {
      Operand resolved;
      if (element.kind == K::Vector || element.kind == K::Address ||
          element.kind == K::List)
        return error("nested vector or address inside a vector operand");
      if (Status s = resolveOne(element, type, resolved); !s)
        return s;
      elements.push_back(resolved);
    }
    out.reg = uint32_t(program.operands.size());
    out.count = uint32_t(elements.size());
    program.operands.insert(program.operands.end(), elements.begin(),
                            elements.end());
    return Status::ok();
  }
  case K::List:
    return error("call argument lists are not supported");
  }
  return error("unsupported operand");
}

Status KernelDecoder::operand(const ptx::Operand &operand, Type type) {
  Operand resolved;
  if (Status s = resolveOne(operand, type, resolved); !s)
    return s;
  pending.push_back(resolved);
  return Status::ok();
}

Status KernelDecoder::decodeInstruction(const ptx::Instruction &ptx) {
  line = ptx.line;
  current = &ptx;
  Inst inst;
  inst.line = ptx.line;
  inst.text = ptx.opcodeText();
  if (!ptx.guard.empty()) {
    Operand guard;
    if (Status s = resolveRegister(ptx.guard, guard); !s)
      return s;
    if (guard.kind != Operand::Kind::Reg || guard.bits != 1)
      return error("guard " + ptx.guard + " is not a predicate register");
    inst.guard = int32_t(guard.reg);
    inst.guardNegated = ptx.guardNegated;
  }
  std::vector<std::string> parts(ptx.opcode.begin() + 1, ptx.opcode.end());
  Modifiers mods = classifyModifiers(parts);
  currentSpace = mods.space.value_or(Space::Generic);
  currentIsBranch = ptx.opcode[0] == "bra" || ptx.opcode[0] == "brx";
  pending.clear();
  if (Status s = decodeOpcode(ptx, mods, inst, *this); !s)
    return s;
  if (inst.op == Opcode::Bra)
    inst.target = uint32_t(pending[0].imm);
  inst.firstOperand = uint32_t(program.operands.size());
  inst.numOperands = uint32_t(pending.size());
  program.operands.insert(program.operands.end(), pending.begin(),
                          pending.end());
  program.code.push_back(std::move(inst));
  current = nullptr;
  return Status::ok();
}

Status KernelDecoder::run() {
  program.name = function.name;
  program.moduleName = module.name;
  program.target = module.target;
  if (!function.maxntid.empty()) {
    uint64_t product = 1;
    for (uint64_t v : function.maxntid)
      product *= v;
    program.maxThreads = uint32_t(std::min<uint64_t>(product, 1u << 30));
  }
  for (size_t i = 0; i < function.reqntid.size() && i < 3; ++i)
    program.requiredThreads[i] = uint32_t(function.reqntid[i]);
  line = function.line;
  if (Status s = layoutParams(); !s)
    return s;
  if (Status s = layoutVariables(); !s)
    return s;

  // Labels name the pc of the next instruction.
  uint32_t pc = 0;
  for (const ptx::Statement &statement : function.body) {
    if (statement.kind == ptx::Statement::Kind::Label) {
      if (!labels.emplace(statement.label, pc).second) {
        line = statement.line;
        return error("label " + statement.label + " is defined twice");
      }
    } else if (statement.kind == ptx::Statement::Kind::Instruction) {
      ++pc;
    }
  }

  scopes.emplace_back();
  for (const ptx::Statement &statement : function.body) {
    line = statement.line;
    switch (statement.kind) {
    case ptx::Statement::Kind::OpenScope:
      scopes.emplace_back();
      break;
    case ptx::Statement::Kind::CloseScope:
      scopes.pop_back();
      break;
    case ptx::Statement::Kind::Declaration:
      if (statement.declaration.space == ptx::Variable::Space::Reg)
        if (Status s = declareRegister(statement.declaration); !s)
          return s;
      if (statement.declaration.space == ptx::Variable::Space::Param)
        return error("function-scope .param variables (call sequences) are "
                     "not supported");
      break;
    case ptx::Statement::Kind::Instruction:
      if (Status s = decodeInstruction(statement.instruction); !s)
        return s;
      break;
    case ptx::Statement::Kind::Label:
    case ptx::Statement::Kind::Pragma:
      break;
    }
  }
  // A kernel that runs off its end returns.
  Inst ret;
  ret.op = Opcode::Ret;
  ret.line = program.code.empty() ? function.line : program.code.back().line;
  ret.text = "ret";
  ret.firstOperand = uint32_t(program.operands.size());
  program.code.push_back(ret);
  computeReconvergence(program);
  markDeadVectorElements(program);
  return Status::ok();
}

} // namespace

ErrorOr<std::unique_ptr<Program>>
roller::emu::decodeKernel(const ptx::Module &module,
                          const ptx::Function &function,
                          const std::map<std::string, uint64_t> &globals) {
  auto program = std::make_unique<Program>();
  KernelDecoder decoder(module, function, globals, *program);
  if (Status s = decoder.run(); !s)
    return makeError(s.message());
  return program;
}
