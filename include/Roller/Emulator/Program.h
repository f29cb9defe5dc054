//===- Program.h - Decoded, executable PTX kernels --------------*- C++ -*-===//
//
// The decoder turns each PTX function into a Program: a flat array of
// instructions whose opcode, types and modifiers are enums, whose operands
// are register slots, immediates or pre-resolved addresses, and whose
// branches carry their target and reconvergence point. The engine executes
// Programs; it never looks at PTX text again.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_EMULATOR_PROGRAM_H
#define ROLLER_EMULATOR_PROGRAM_H

#include "Roller/Emulator/Float.h"
#include "Roller/Emulator/PTX.h"
#include "Roller/Emulator/Support.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace roller::emu {

/// Scalar types of instructions and registers.
enum class Type : uint8_t {
  None,
  Pred,
  B8,
  B16,
  B32,
  B64,
  B128,
  U8,
  U16,
  U32,
  U64,
  S8,
  S16,
  S32,
  S64,
  /// Two 16-bit integers in one 32-bit register (add, sub, min, max; sm_90).
  U16x2,
  S16x2,
  F16,
  F16x2,
  BF16,
  BF16x2,
  TF32,
  F32,
  F64,
  E4M3x2,
  E5M2x2,
  E4M3,
  E5M2,
};

unsigned typeBits(Type type);
bool isSignedInt(Type type);
bool isFloat(Type type);
bool isPackedHalf(Type type); ///< f16x2, bf16x2
/// The float format of a float type (f16x2 -> F16).
FloatFormat floatFormat(Type type);
const char *typeName(Type type);
Type parseType(std::string_view name);

/// State spaces of memory instructions.
enum class Space : uint8_t { Generic, Global, Shared, Local, Param, Const };
const char *spaceName(Space space);

/// Special registers (PTX ISA chapter 10).
enum class Special : uint8_t {
  TidX,
  TidY,
  TidZ,
  NtidX,
  NtidY,
  NtidZ,
  CtaidX,
  CtaidY,
  CtaidZ,
  NctaidX,
  NctaidY,
  NctaidZ,
  LaneId,
  WarpId,
  NWarpId,
  SmId,
  NSmId,
  GridId,
  LanemaskEq,
  LanemaskLt,
  LanemaskLe,
  LanemaskGt,
  LanemaskGe,
  Clock,
  Clock64,
  GlobalTimer,
  DynamicSmemSize,
  TotalSmemSize,
};

/// A decoded operand.
struct Operand {
  enum class Kind : uint8_t {
    None,
    Reg,     ///< reg = slot; bits = the register's declared width
    Imm,     ///< imm = the value's bit pattern
    Special, ///< special
    Vector,  ///< elements at Program::operands[first, first + count)
    Mem,     ///< address = (hasBase ? reg value : 0) + imm
    Sink,    ///< _ (writes discarded)
  };
  Kind kind = Kind::None;
  uint8_t bits = 0;     ///< declared width of a register (1 for .pred)
  bool negated = false; ///< !%p
  bool hasBase = false; ///< Mem with a register base
  Special special = Special::TidX;
  uint32_t reg = 0;   ///< register slot, or Vector's first element
  uint32_t count = 0; ///< Vector's element count
  int64_t imm = 0;
};

/// Instruction families. The engine dispatches on these; counters group
/// them into classes.
enum class Opcode : uint8_t {
  // Integer arithmetic and logic.
  Add,
  Sub,
  Mul,
  Mad,
  Mul24,
  Mad24,
  Sad,
  Div,
  Rem,
  Abs,
  Neg,
  Min,
  Max,
  Popc,
  Clz,
  Bfind,
  Brev,
  Bfe,
  Bfi,
  Prmt,
  Dp4a,
  Dp2a,
  And,
  Or,
  Xor,
  Not,
  Cnot,
  Lop3,
  Shl,
  Shr,
  Shf,
  AddCC,
  SubCC,
  // Floating point.
  FAdd,
  FSub,
  FMul,
  FFma,
  FDiv,
  FAbs,
  FNeg,
  FMin,
  FMax,
  FApprox,
  FCopysign,
  FTestp,
  // Comparison, selection and data movement.
  Setp,
  Set,
  Selp,
  Slct,
  Mov,
  Cvt,
  Cvta,
  CreatePolicy,
  // Memory.
  Ld,
  St,
  Atom,
  Red,
  CpAsync,
  CpAsyncCommit,
  CpAsyncWait,
  Prefetch,
  Fence,
  // Warp-collective.
  Ldmatrix,
  Stmatrix,
  Mma,
  Shfl,
  Vote,
  Redux,
  Activemask,
  WarpSync,
  // Control.
  Bra,
  Ret,
  Exit,
  Trap,
  BarSync,
  BarArrive,
  BarRed,
  Nop,
};

/// Comparison operators of setp/set (PTX ISA "Comparison and Selection").
enum class CmpOp : uint8_t {
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  Lo,
  Ls,
  Hi,
  Hs,
  Equ,
  Neu,
  Ltu,
  Leu,
  Gtu,
  Geu,
  Num,
  Nan,
};
/// setp's combining boolean operation (.and/.or/.xor with a third operand).
enum class BoolOp : uint8_t { None, And, Or, Xor };

/// Inst::sub of the opcodes that have sub-operations.
enum class AtomOp : uint8_t {
  Add,
  Inc,
  Dec,
  Min,
  Max,
  And,
  Or,
  Xor,
  Cas,
  Exch
};
enum class ShflMode : uint8_t { Up, Down, Bfly, Idx };
enum class VoteMode : uint8_t { All, Any, Uni, Ballot };
enum class PrmtMode : uint8_t { Default, F4e, B4e, Rc8, Ecl, Ecr, Rc16 };
enum class TestpOp : uint8_t {
  Finite,
  Infinite,
  Number,
  NotANumber,
  Normal,
  Subnormal
};
enum class AsyncOp : uint8_t { Copy, Commit, WaitGroup, WaitAll };
/// cp.async's optional fourth operand (Inst::mode).
enum class AsyncSource : uint8_t { Full, SrcSize, IgnoreSrc };

/// One decoded instruction. Fields not used by an opcode keep defaults.
struct Inst {
  Opcode op = Opcode::Nop;
  Type type = Type::None;  ///< the instruction's (destination) type
  Type type2 = Type::None; ///< cvt's source type, set's source, mma's A/B
  Type type3 = Type::None; ///< mma's C type
  Space space = Space::Generic;
  Rounding rounding = Rounding::NearestEven;
  CmpOp cmp = CmpOp::Eq;
  BoolOp boolOp = BoolOp::None;
  bool ftz = false, sat = false, relu = false, satFinite = false;
  bool hasRounding = false; ///< a rounding modifier was written
  bool approx = false;
  bool wide = false, hi = false; ///< mul/mad .wide/.hi (.lo is neither)
  bool carryIn = false;          ///< addc/subc/madc
  bool carryOut = false;         ///< .cc
  bool uniform = false;          ///< bra.uni
  bool transpose = false;        ///< ldmatrix/stmatrix .trans
  bool propagateNaN = false;     ///< min/max .NaN
  uint8_t vector = 1;            ///< .v2/.v4/.v8, ldmatrix .x1/.x2/.x4
  /// Vector loads: bit b is set when byte b of the loaded data is never
  /// read by any instruction of the kernel (see markDeadVectorElements).
  uint32_t deadBytes = 0;
  uint8_t sub = 0;  ///< a sub-operation: atom op, shfl mode, vote
                    ///< mode, approx function, shf direction...
  uint8_t mode = 0; ///< a second sub-operation (shf .clamp/.wrap)
  /// cp.async: bytes copied (cp-size); mma: shape as m*10000+n*100+k.
  uint32_t size = 0;
  uint32_t numOperands = 0;
  uint32_t firstOperand = 0; ///< into Program::operands
  int32_t guard = -1;        ///< predicate slot, -1 if unguarded
  bool guardNegated = false;
  uint32_t target = 0;     ///< bra: target pc
  uint32_t reconverge = 0; ///< bra: immediate post-dominator pc
  uint32_t line = 0;       ///< PTX source line
  std::string text;        ///< the opcode as written, for messages
};

/// A variable of .shared placed in the block's shared memory.
struct SharedVariable {
  std::string name;
  uint64_t offset = 0; ///< shared-space address
  uint64_t size = 0;   ///< 0 for the dynamic (.extern) array
  bool isDynamic = false;
};

/// A kernel parameter.
struct Param {
  std::string name;
  uint32_t offset = 0; ///< in the parameter buffer
  uint32_t size = 0;
  uint32_t alignment = 0;
  bool isPointer = false;
};

/// A decoded kernel, ready to run.
struct Program {
  std::string name;
  std::string moduleName;
  std::string target; ///< sm_80, sm_90 ...
  std::vector<Inst> code;
  std::vector<Operand> operands;
  std::vector<Param> params;
  uint32_t paramBytes = 0;
  uint32_t numRegs = 0;
  /// Shared memory: static variables with red zones between them, then the
  /// dynamic array (at dynamicOffset, sized at launch).
  std::vector<SharedVariable> shared;
  uint64_t staticSharedBytes =
      0; ///< what the hardware allocates (no red zones)
  uint64_t sharedLayoutBytes = 0; ///< end of the static layout, red zones in
  uint64_t dynamicSharedOffset = 0;
  uint64_t localBytes = 0; ///< .local bytes per thread
  /// Performance directives.
  uint32_t maxThreads = 0;                 ///< .maxntid product, 0 if absent
  uint32_t requiredThreads[3] = {0, 0, 0}; ///< .reqntid
  /// Register names by slot (for messages).
  std::vector<std::string> regNames;

  const Operand &operand(const Inst &inst, unsigned i) const {
    return operands[inst.firstOperand + i];
  }
};

/// Where module-scope .global/.const variables live: the runtime provides
/// their storage so that kernels can address them.
class GlobalAllocator {
public:
  virtual ~GlobalAllocator() = default;
  /// Returns device-accessible storage of `size` bytes for a module
  /// variable, initialized by the caller.
  virtual void *allocateModuleVariable(const std::string &name, uint64_t size,
                                       uint64_t alignment) = 0;
  virtual void freeModuleVariable(void *pointer) = 0;
};

class GlobalMemory;

/// Module variables in host memory (aligned to at least 256 bytes, like
/// CUDA's allocations, and zeroed), registered in `memory` so that kernels
/// may address them: what roller-emu, the runtime library and the tests use.
class HostModuleAllocator : public GlobalAllocator {
public:
  explicit HostModuleAllocator(GlobalMemory &memory) : memory(memory) {}
  void *allocateModuleVariable(const std::string &name, uint64_t size,
                               uint64_t alignment) override;
  void freeModuleVariable(void *pointer) override;

private:
  GlobalMemory &memory;
};

/// A loaded PTX module: its kernels, decoded, and its variables.
class LoadedModule {
public:
  ~LoadedModule();
  /// Parses and decodes every kernel of `ptx`. Module variables get storage
  /// from `allocator` (which must outlive the module). Errors name the PTX
  /// line of the first problem.
  static ErrorOr<std::unique_ptr<LoadedModule>>
  load(std::string_view ptx, std::string_view name, GlobalAllocator &allocator);

  const Program *findKernel(std::string_view name) const;
  const std::vector<std::unique_ptr<Program>> &kernels() const {
    return programs;
  }
  const std::string &target() const { return targetName; }

private:
  LoadedModule() = default;
  std::vector<std::unique_ptr<Program>> programs;
  std::vector<void *> variableStorage;
  GlobalAllocator *allocator = nullptr;
  std::string targetName;
};

/// Decodes one kernel of a parsed module. `globalAddresses` gives the
/// address of each module-scope .global/.const variable by name.
ErrorOr<std::unique_ptr<Program>>
decodeKernel(const ptx::Module &module, const ptx::Function &function,
             const std::map<std::string, uint64_t> &globalAddresses);

/// Computes every branch's reconvergence pc (its block's immediate
/// post-dominator; code.size() when the paths meet only at exit).
void computeReconvergence(Program &program);

/// Marks the bytes of vector loads that no instruction reads: elements whose
/// destination register is never read, and the bits of registers that are
/// only ever unpacked (`mov.b32 {%rs1, tmp}, %r1`) into registers never
/// read, truncated (`cvt.u16.u32`), shifted by a constant (`shl.b32 %r2,
/// %r1, 16`, a bf16 widened to f32) or masked by a constant. LLVM's
/// load/store vectorizer widens a chain of loads to a power of two within
/// an aligned block (a v4 load for three floats, or for seven halves): the
/// extra bytes may lie past the end of a buffer, on bytes nothing wrote, or
/// on bytes another stage's cp.async is still writing, and their value is
/// never used. The engine neither checks nor reads such bytes.
void markDeadVectorElements(Program &program);

} // namespace roller::emu

#endif // ROLLER_EMULATOR_PROGRAM_H
