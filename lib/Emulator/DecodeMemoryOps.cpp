//===- DecodeMemoryOps.cpp - Decoding memory, warp and control opcodes ----===//
//
// ld/st/atom/red, cp.async and its groups, ldmatrix/stmatrix, mma.sync,
// shfl/vote/redux, barriers and branches (PTX ISA sections 9.7.9-9.7.13).
// Hopper-only asynchronous machinery (mbarrier, wgmma, the bulk tensor
// copies) and calls are reported as unsupported by name.
//
//===----------------------------------------------------------------------===//

#include "DecodeOpcodes.h"

using namespace roller::emu;
using namespace roller::emu::detail;

namespace {

using PK = ptx::Operand::Kind;

/// `{ %r }`: one register in braces. ldmatrix/stmatrix .x1 write their
/// register so (the ISA's "vector expression of 1, 2 or 4 registers"), and
/// ptxas takes it for the plain register in ld/st too (Triton's inline-asm
/// loads and stores are written so).
bool isBracedRegister(const ptx::Operand &op) {
  return op.kind == PK::Vector && op.elements.size() == 1;
}

Status checkVectorOperand(OpcodeDecoder &d, size_t index, unsigned width) {
  const ptx::Operand &op = d.ptx.operands[index];
  if (width <= 1) {
    if (op.kind == PK::Vector && !isBracedRegister(op))
      return d.error("a vector operand needs a .v2/.v4 modifier");
    return Status::ok();
  }
  if (op.kind != PK::Vector || op.elements.size() != width)
    return d.error("expected a vector of " + std::to_string(width) +
                   " registers as operand " + std::to_string(index + 1));
  return Status::ok();
}

Status checkAddress(OpcodeDecoder &d, size_t index) {
  if (d.ptx.operands[index].kind != PK::Address)
    return d.error("operand " + std::to_string(index + 1) +
                   " must be an address [..]");
  return Status::ok();
}

Status decodeLoadStore(OpcodeDecoder &d) {
  Inst &inst = d.inst;
  Modifiers &m = d.mods;
  bool isLoad = d.base() == "ld" || d.base() == "ldu";
  inst.op = isLoad ? Opcode::Ld : Opcode::St;
  inst.space = m.space.value_or(Space::Generic);
  inst.vector = m.vector ? m.vector : 1;
  if (Status s = d.types(1); !s)
    return s;
  inst.type = m.types[0];
  if (inst.type == Type::Pred || inst.type == Type::B128)
    return d.error(d.base() + " of ." + typeName(inst.type) +
                   " is not supported");
  if (!isLoad && inst.space == Space::Param)
    return d.error("st.param belongs to call sequences, which are not "
                   "supported");
  if (!isLoad && inst.space == Space::Const)
    return d.error("st.const is not allowed");
  if (Status s = d.noOthers(); !s)
    return s;
  if (Status s = d.count(m.cacheHint ? 3 : 2); !s)
    return s;
  size_t address = isLoad ? 1 : 0, value = isLoad ? 0 : 1;
  if (Status s = checkAddress(d, address); !s)
    return s;
  if (Status s = checkVectorOperand(d, value, inst.vector); !s)
    return s;
  for (size_t i = 0; i < 2; ++i) {
    const ptx::Operand &op = d.ptx.operands[i];
    if (Status s = d.ctx.operand(isBracedRegister(op) ? op.elements[0] : op,
                                 inst.type);
        !s)
      return s;
  }
  return Status::ok();
}

Status decodeAtomic(OpcodeDecoder &d) {
  Inst &inst = d.inst;
  Modifiers &m = d.mods;
  bool isAtom = d.base() == "atom";
  inst.op = isAtom ? Opcode::Atom : Opcode::Red;
  inst.space = m.space.value_or(Space::Generic);
  int op = d.takeOneOf(
      {"add", "inc", "dec", "min", "max", "and", "or", "xor", "cas", "exch"});
  if (op < 0)
    return d.error(d.base() + " needs an operation");
  inst.sub = uint8_t(op);
  if (m.vector)
    return d.error("vector atomics are not supported");
  if (Status s = d.types(1); !s)
    return s;
  inst.type = m.types[0];
  if (Status s = d.noOthers(); !s)
    return s;
  size_t operands = (isAtom ? 3 : 2) + (AtomOp(op) == AtomOp::Cas ? 1 : 0);
  if (Status s = d.count(operands + (m.cacheHint ? 1 : 0)); !s)
    return s;
  if (Status s = checkAddress(d, isAtom ? 1 : 0); !s)
    return s;
  return d.operands(0, operands, inst.type);
}

Status decodeAsyncCopy(OpcodeDecoder &d) {
  Inst &inst = d.inst;
  Modifiers &m = d.mods;
  inst.op = Opcode::CpAsync;
  if (d.take("commit_group")) {
    inst.sub = uint8_t(AsyncOp::Commit);
    if (Status s = d.noOthers(); !s)
      return s;
    return d.count(0);
  }
  if (d.take("wait_group")) {
    inst.sub = uint8_t(AsyncOp::WaitGroup);
    if (Status s = d.noOthers(); !s)
      return s;
    if (Status s = d.count(1); !s)
      return s;
    if (d.kindOf(0) != PK::Integer)
      return d.error("cp.async.wait_group takes an integer constant");
    return d.all(Type::U32);
  }
  if (d.take("wait_all")) {
    inst.sub = uint8_t(AsyncOp::WaitAll);
    if (Status s = d.noOthers(); !s)
      return s;
    return d.count(0);
  }
  if (d.take("bulk") || d.take("mbarrier"))
    return d.error("cp.async.bulk and cp.async.mbarrier (Hopper's tensor "
                   "memory accelerator) are not supported");
  inst.sub = uint8_t(AsyncOp::Copy);
  int cache = -1;
  for (const std::string &part : d.ptx.opcode) {
    if (part == "ca")
      cache = 0;
    else if (part == "cg")
      cache = 1;
  }
  if (cache < 0)
    return d.error("cp.async needs .ca or .cg");
  inst.mode = 0;
  if (Status s = d.noOthers(); !s)
    return s;
  size_t n = d.ptx.operands.size();
  size_t fixed = 3 + (m.cacheHint ? 1 : 0);
  if (n != fixed && n != fixed + 1)
    return d.error("cp.async takes [dst], [src], size{, src-size or "
                   "ignore-src}{, cache-policy}");
  if (Status s = checkAddress(d, 0); !s)
    return s;
  if (Status s = checkAddress(d, 1); !s)
    return s;
  if (d.kindOf(2) != PK::Integer)
    return d.error("cp.async's size must be a constant");
  inst.size = uint32_t(d.ptx.operands[2].value);
  if (inst.size != 4 && inst.size != 8 && inst.size != 16)
    return d.error("cp.async copies 4, 8 or 16 bytes, not " +
                   std::to_string(inst.size));
  if (cache == 1 && inst.size != 16)
    return d.error("cp.async.cg copies 16 bytes only");
  inst.space = Space::Shared;
  if (Status s = d.operands(0, 3, Type::U32); !s)
    return s;
  if (n == fixed + 1) {
    // A predicate is ignore-src; an integer (register or constant) is
    // src-size.
    const ptx::Operand &extra = d.ptx.operands[3];
    Type type = Type::U32;
    inst.mode = uint8_t(AsyncSource::SrcSize);
    if (extra.kind == PK::Register && extra.name.size() > 2 &&
        extra.name[1] == 'p') {
      inst.mode = uint8_t(AsyncSource::IgnoreSrc);
      type = Type::Pred;
    }
    if (Status s = d.operands(3, 4, type); !s)
      return s;
  }
  return Status::ok();
}

Status decodeMatrixLoad(OpcodeDecoder &d) {
  Inst &inst = d.inst;
  Modifiers &m = d.mods;
  bool isLoad = d.base() == "ldmatrix";
  inst.op = isLoad ? Opcode::Ldmatrix : Opcode::Stmatrix;
  if (!d.take("m8n8"))
    return d.error(d.base() + " supports the .m8n8 shape only");
  if (!m.sync || !m.aligned)
    return d.error(d.base() + " must be .sync.aligned");
  inst.vector = m.x ? m.x : 0;
  if (!inst.vector)
    return d.error(d.base() + " needs .x1, .x2 or .x4");
  inst.transpose = m.trans;
  // Without a state space the address is generic ("such that the address
  // in p points into .shared space").
  inst.space = m.space.value_or(Space::Generic);
  if (inst.space != Space::Shared && inst.space != Space::Generic)
    return d.error(d.base() + " reads shared memory only");
  if (Status s = d.types(1); !s)
    return s;
  inst.type = m.types[0];
  if (inst.type != Type::B16)
    return d.error(d.base() + " supports .b16 only");
  if (Status s = d.noOthers(); !s)
    return s;
  if (Status s = d.count(2); !s)
    return s;
  if (Status s = checkAddress(d, isLoad ? 1 : 0); !s)
    return s;
  if (Status s = checkVectorOperand(d, isLoad ? 0 : 1, inst.vector); !s)
    return s;
  return d.all(Type::B32);
}

Status decodeMma(OpcodeDecoder &d) {
  Inst &inst = d.inst;
  Modifiers &m = d.mods;
  inst.op = Opcode::Mma;
  if (!m.sync || !m.aligned)
    return d.error("mma must be .sync.aligned");
  int shape = d.takeOneOf({"m16n8k16", "m16n8k8", "m16n8k4", "m16n8k32"});
  static const uint32_t kShapes[] = {160816, 160808, 160804, 160832};
  if (shape < 0)
    return d.error("unsupported mma shape (supported: m16n8k16, m16n8k8, "
                   "m16n8k4, m16n8k32)");
  inst.size = kShapes[shape];
  if (!d.take("row") || !d.take("col"))
    return d.error("mma supports the .row.col layout only");
  inst.satFinite = m.satFinite;
  if (Status s = d.noOthers(); !s)
    return s;
  if (Status s = d.types(4); !s)
    return s;
  inst.type = m.types[0];  // D
  inst.type2 = m.types[1]; // A (and B)
  inst.type3 = m.types[3]; // C
  if (m.types[1] != m.types[2])
    return d.error("mma with different A and B types is not supported");
  Type a = inst.type2;
  bool half = a == Type::F16 || a == Type::BF16;
  bool ok = false;
  if (half && (inst.size == 160816 || inst.size == 160808))
    ok = a == Type::F16 ? ((inst.type == Type::F32 || inst.type == Type::F16) &&
                           inst.type3 == inst.type)
                        : (inst.type == Type::F32 && inst.type3 == Type::F32);
  if (a == Type::TF32 && (inst.size == 160808 || inst.size == 160804))
    ok = inst.type == Type::F32 && inst.type3 == Type::F32;
  if ((a == Type::S8 || a == Type::U8) &&
      (inst.size == 160832 || inst.size == 160816))
    ok = inst.type == Type::S32 && inst.type3 == Type::S32;
  if (!ok)
    return d.error("unsupported mma type combination");
  if (Status s = d.count(4); !s)
    return s;
  for (size_t i = 0; i < 4; ++i)
    if (d.kindOf(i) != PK::Vector)
      return d.error("mma operands are vectors of registers");
  return d.all(Type::B32);
}

Status decodeBarrier(OpcodeDecoder &d) {
  Inst &inst = d.inst;
  Modifiers &m = d.mods;
  if (d.take("warp")) {
    inst.op = Opcode::WarpSync;
    if (Status s = d.noOthers(); !s)
      return s;
    if (Status s = d.count(1); !s)
      return s;
    return d.all(Type::B32);
  }
  if (d.take("red")) {
    inst.op = Opcode::BarRed;
    int op = d.takeOneOf({"popc", "and", "or"});
    if (op < 0)
      return d.error("bar.red needs .popc, .and or .or");
    inst.sub = uint8_t(op);
    if (Status s = d.noOthers(); !s)
      return s;
    size_t n = d.ptx.operands.size();
    if (n != 3 && n != 4)
      return d.error("bar.red takes 3 or 4 operands");
    if (Status s = d.operands(0, 1, op == 0 ? Type::U32 : Type::Pred); !s)
      return s;
    if (Status s = d.operands(1, n - 1, Type::U32); !s)
      return s;
    return d.operands(n - 1, n, Type::Pred);
  }
  bool arrive = d.take("arrive");
  inst.op = arrive ? Opcode::BarArrive : Opcode::BarSync;
  if (!arrive && !m.sync && d.base() == "barrier")
    return d.error("barrier needs .sync or .arrive");
  if (Status s = d.noOthers(); !s)
    return s;
  size_t n = d.ptx.operands.size();
  if (n < 1 || n > 2 || (arrive && n != 2))
    return d.error(arrive ? "bar.arrive takes a barrier and a thread count"
                          : "bar.sync takes a barrier and an optional count");
  return d.all(Type::U32);
}

Status decodeWarpCollective(OpcodeDecoder &d) {
  Inst &inst = d.inst;
  Modifiers &m = d.mods;
  const std::string &base = d.base();
  if (base == "activemask") {
    inst.op = Opcode::Activemask;
    if (Status s = d.noOthers(); !s)
      return s;
    if (Status s = d.count(1); !s)
      return s;
    return d.all(Type::B32);
  }
  if (!m.sync)
    return d.error(base + " without .sync (pre-Volta) is not supported");
  if (base == "shfl") {
    inst.op = Opcode::Shfl;
    int mode = d.takeOneOf({"up", "down", "bfly", "idx"});
    if (mode < 0)
      return d.error("shfl needs .up, .down, .bfly or .idx");
    inst.sub = uint8_t(mode);
    if (Status s = d.noOthers(); !s)
      return s;
    if (Status s = d.count(5); !s)
      return s;
    return d.all(Type::B32);
  }
  if (base == "vote") {
    inst.op = Opcode::Vote;
    int mode = d.takeOneOf({"all", "any", "uni", "ballot"});
    // .uni is also bra's modifier: classifyModifiers took it as that.
    if (mode < 0 && m.uni)
      mode = 2;
    if (mode < 0)
      return d.error("vote needs .all, .any, .uni or .ballot");
    inst.sub = uint8_t(mode);
    if (Status s = d.noOthers(); !s)
      return s;
    if (Status s = d.count(3); !s)
      return s;
    if (Status s = d.operands(0, 1, mode == 3 ? Type::B32 : Type::Pred); !s)
      return s;
    if (Status s = d.operands(1, 2, Type::Pred); !s)
      return s;
    return d.operands(2, 3, Type::B32);
  }
  // redux.sync.op.type d, a, membermask
  inst.op = Opcode::Redux;
  int op = d.takeOneOf({"add", "min", "max", "and", "or", "xor"});
  if (op < 0)
    return d.error("redux needs an operation");
  static const AtomOp kOps[] = {AtomOp::Add, AtomOp::Min, AtomOp::Max,
                                AtomOp::And, AtomOp::Or,  AtomOp::Xor};
  inst.sub = uint8_t(kOps[op]);
  if (Status s = d.types(1); !s)
    return s;
  inst.type = m.types[0];
  if (Status s = d.noOthers(); !s)
    return s;
  if (Status s = d.count(3); !s)
    return s;
  return d.all(inst.type);
}

} // namespace

Status roller::emu::detail::decodeMemoryOrControl(OpcodeDecoder &d,
                                                  bool &handled) {
  handled = true;
  const std::string &base = d.base();
  Inst &inst = d.inst;
  if (base == "ld" || base == "ldu" || base == "st")
    return decodeLoadStore(d);
  if (base == "atom" || base == "red")
    return decodeAtomic(d);
  if (base == "cp" && d.take("async"))
    return decodeAsyncCopy(d);
  if (base == "ldmatrix" || base == "stmatrix")
    return decodeMatrixLoad(d);
  if (base == "mma")
    return decodeMma(d);
  if (base == "bar" || base == "barrier")
    return decodeBarrier(d);
  if (base == "shfl" || base == "vote" || base == "redux" ||
      base == "activemask")
    return decodeWarpCollective(d);
  if (base == "bra") {
    inst.op = Opcode::Bra;
    inst.uniform = d.mods.uni;
    if (Status s = d.noOthers(); !s)
      return s;
    if (Status s = d.count(1); !s)
      return s;
    if (d.kindOf(0) != PK::Symbol)
      return d.error("bra takes a label");
    return d.all(Type::U32);
  }
  if (base == "ret" || base == "exit" || base == "trap" || base == "brkpt") {
    inst.op = base == "ret"    ? Opcode::Ret
              : base == "exit" ? Opcode::Exit
                               : Opcode::Trap;
    inst.uniform = d.mods.uni;
    if (Status s = d.noOthers(); !s)
      return s;
    return d.count(0);
  }
  if (base == "membar" || base == "fence") {
    inst.op = Opcode::Fence;
    // fence.proxy.async and friends: orderings a sequential emulation
    // already has.
    d.mods.other.clear();
    return Status::ok();
  }
  if (base == "prefetch" || base == "prefetchu" || base == "applypriority" ||
      base == "discard") {
    inst.op = Opcode::Prefetch;
    d.mods.other.clear();
    if (d.ptx.operands.empty() || d.kindOf(0) != PK::Address)
      return d.error(base + " takes an address");
    return Status::ok();
  }
  if (base == "createpolicy") {
    inst.op = Opcode::CreatePolicy;
    d.mods.other.clear();
    if (d.ptx.operands.empty() || !d.isRegister(0))
      return d.error("createpolicy writes a register");
    return d.operands(0, 1, Type::B64);
  }
  if (base == "nanosleep" || base == "pmevent") {
    inst.op = Opcode::Nop;
    d.mods.other.clear();
    return Status::ok();
  }
  if (base == "call")
    return d.error("calls to device functions are not supported");
  if (base == "mbarrier" || base == "wgmma" || base == "elect" ||
      base == "setmaxnreg" || base == "griddepcontrol" || base == "tensormap" ||
      base == "tcgen05" || base == "cp")
    return d.error("unsupported instruction " + d.ptx.opcodeText() +
                   " (Hopper/Blackwell asynchronous features are not "
                   "emulated)");
  handled = false;
  return Status::ok();
}

Status roller::emu::detail::decodeOpcode(const ptx::Instruction &ptx,
                                         Modifiers &mods, Inst &inst,
                                         OpcodeContext &ctx) {
  OpcodeDecoder d{ptx, mods, inst, ctx};
  bool handled = false;
  if (Status s = decodeMemoryOrControl(d, handled); !s || handled)
    return s;
  if (Status s = decodeArithmetic(d, handled); !s || handled)
    return s;
  return ctx.error("unknown instruction " + ptx.opcodeText());
}
