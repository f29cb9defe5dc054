//===- DeadVectorElements.cpp - Loaded bytes no instruction uses ---------===//
//
// LLVM's load-store vectorizer widens loads over bytes the kernel never
// uses: the padding of a shared-memory row, filled in to make a chain of
// three loads one vector load. Nothing writes those bytes, so the sanitizer
// would report the load as a read of uninitialized shared memory although
// no result depends on them. A static pass over the kernel marks, for each
// vector load, the bytes no instruction reads (Inst::deadBytes): neither
// checked nor read at run time.
//
//===----------------------------------------------------------------------===//

#include "Roller/Emulator/Program.h"

#include <algorithm>
#include <optional>

using namespace roller::emu;

namespace {
/// Whether an instruction's first operand is a destination (written, not
/// read): true for everything but stores, copies, branches, barriers and
/// other instructions without a result.
bool writesFirstOperand(const Inst &inst) {
  switch (inst.op) {
  case Opcode::St:
  case Opcode::Red:
  case Opcode::CpAsync:
  case Opcode::CpAsyncCommit:
  case Opcode::CpAsyncWait:
  case Opcode::Bra:
  case Opcode::BarSync:
  case Opcode::BarArrive:
  case Opcode::Prefetch:
  case Opcode::WarpSync:
  case Opcode::Stmatrix:
  case Opcode::Fence:
  case Opcode::Nop:
  case Opcode::Ret:
  case Opcode::Exit:
  case Opcode::Trap:
    return false;
  default:
    return inst.numOperands > 0;
  }
}

/// The register an instruction reads only in part, and the bits it reads:
/// a narrowing integer cvt (its low bits), a shl or shr by a constant (the
/// bits not shifted out), an and with a constant (the mask's bits). None for
/// any other instruction or operand form.
std::optional<std::pair<uint32_t, uint64_t>>
partiallyReadBits(const Program &program, const Inst &inst) {
  auto isReg = [&](unsigned i) {
    return program.operand(inst, i).kind == Operand::Kind::Reg &&
           !program.operand(inst, i).negated;
  };
  auto isImm = [&](unsigned i) {
    return program.operand(inst, i).kind == Operand::Kind::Imm;
  };
  if (isFloat(inst.type) || inst.type == Type::Pred)
    return std::nullopt;
  unsigned bits = typeBits(inst.type);
  uint64_t width = bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  switch (inst.op) {
  case Opcode::Cvt:
    if (inst.numOperands != 2 || inst.sat || isFloat(inst.type2) ||
        inst.type2 == Type::Pred || bits >= typeBits(inst.type2) || !isReg(1))
      return std::nullopt;
    return std::make_pair(program.operand(inst, 1).reg, width);
  case Opcode::Shl:
  case Opcode::Shr: {
    if (inst.numOperands != 3 || !isReg(1) || !isImm(2))
      return std::nullopt;
    uint64_t shift = uint64_t(program.operand(inst, 2).imm);
    if (shift >= bits)
      return std::make_pair(program.operand(inst, 1).reg, uint64_t(0));
    // shl keeps the low bits - shift; shr (also arithmetic: the sign bit
    // is among them) the bits from shift up.
    uint64_t kept = inst.op == Opcode::Shl
                        ? width >> shift
                        : width & ~((uint64_t(1) << shift) - 1);
    return std::make_pair(program.operand(inst, 1).reg, kept);
  }
  case Opcode::And:
    if (inst.numOperands != 3)
      return std::nullopt;
    if (isReg(1) && isImm(2))
      return std::make_pair(program.operand(inst, 1).reg,
                            uint64_t(program.operand(inst, 2).imm) & width);
    if (isImm(1) && isReg(2))
      return std::make_pair(program.operand(inst, 2).reg,
                            uint64_t(program.operand(inst, 1).imm) & width);
    return std::nullopt;
  default:
    return std::nullopt;
  }
}
} // namespace

void roller::emu::markDeadVectorElements(Program &program) {
  // read[r]: some instruction reads register r other than by unpacking it;
  // unpacked[r]: the bits of r that unpacking movs pass to read registers.
  std::vector<char> read(program.numRegs, 0);
  std::vector<uint64_t> unpacked(program.numRegs, 0);
  auto markRead = [&](const Operand &op) {
    if ((op.kind == Operand::Kind::Reg ||
         (op.kind == Operand::Kind::Mem && op.hasBase)) &&
        op.reg < read.size())
      read[op.reg] = 1;
  };
  std::vector<std::pair<const Inst *, uint32_t>> unpacks;
  // Instructions that read only some bits of a register: an integer
  // conversion to a narrower integer type (not saturating), a shift by a
  // constant, an and with a constant mask. LLVM takes the last f16 of a load
  // it widened over a padded row with cvt.u16.u32, and a bf16 at the low
  // half of a word with shl.b32 %r, %r, 16 (bf16 to f32). partial[r]: the
  // bits of r such instructions read.
  std::vector<uint64_t> partial(program.numRegs, 0);
  for (const Inst &inst : program.code) {
    if (inst.guard >= 0)
      read[inst.guard] = 1;
    if (std::optional<std::pair<uint32_t, uint64_t>> bits =
            partiallyReadBits(program, inst)) {
      if (bits->first < partial.size())
        partial[bits->first] |= bits->second;
      continue;
    }
    const bool unpack =
        inst.op == Opcode::Mov && inst.numOperands == 2 &&
        program.operand(inst, 0).kind == Operand::Kind::Vector &&
        program.operand(inst, 1).kind == Operand::Kind::Reg;
    if (unpack) {
      unpacks.push_back({&inst, program.operand(inst, 1).reg});
      continue;
    }
    for (unsigned i = 0; i < inst.numOperands; ++i) {
      const Operand &op = program.operand(inst, i);
      bool destination = i == 0 && writesFirstOperand(inst);
      if (op.kind == Operand::Kind::Vector) {
        if (!destination)
          for (unsigned e = 0; e < op.count; ++e)
            markRead(program.operands[op.reg + e]);
        continue;
      }
      if (!destination || op.kind == Operand::Kind::Mem)
        markRead(op);
    }
  }
  // The parts of unpacked registers that reach a register someone reads.
  for (auto [inst, source] : unpacks) {
    const Operand &parts = program.operand(*inst, 0);
    unsigned bits = typeBits(inst->type) / std::max(1u, parts.count);
    for (unsigned e = 0; e < parts.count; ++e) {
      const Operand &part = program.operands[parts.reg + e];
      if (part.kind == Operand::Kind::Reg && read[part.reg] && bits < 64)
        unpacked[source] |= ((uint64_t(1) << bits) - 1) << (e * bits);
    }
  }
  for (Inst &inst : program.code) {
    if (inst.op != Opcode::Ld || inst.vector < 2 || inst.numOperands == 0)
      continue;
    const Operand &value = program.operand(inst, 0);
    if (value.kind != Operand::Kind::Vector)
      continue;
    unsigned elementBytes = typeBits(inst.type) / 8;
    for (unsigned e = 0; e < value.count && (e + 1) * elementBytes <= 32; ++e) {
      const Operand &element = program.operands[value.reg + e];
      uint64_t liveBits = ~uint64_t(0);
      if (element.kind == Operand::Kind::Sink)
        liveBits = 0;
      else if (element.kind == Operand::Kind::Reg && !read[element.reg])
        liveBits = unpacked[element.reg] | partial[element.reg];
      for (unsigned b = 0; b < elementBytes; ++b)
        if (((liveBits >> (8 * b)) & 0xff) == 0)
          inst.deadBytes |= 1u << (e * elementBytes + b);
    }
  }
}
