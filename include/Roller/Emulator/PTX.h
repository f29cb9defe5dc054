//===- PTX.h - The syntax tree of a PTX module ------------------*- C++ -*-===//
//
// What the parser reads from PTX text, before any meaning is given to it:
// module directives, variables, functions with their parameters and their
// bodies as a flat list of statements (instructions, labels, declarations
// and the braces of nested scopes). The decoder (Program.h) turns a function
// into something executable and reports what it does not understand.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_EMULATOR_PTX_H
#define ROLLER_EMULATOR_PTX_H

#include "Roller/Emulator/Support.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace roller::emu::ptx {

/// An operand as written.
struct Operand {
  enum class Kind : uint8_t {
    Register, ///< %r1, %tid.x, %p1 (name holds it, with the %).
    Integer,  ///< 42, -8, 0x1F, 7U (value holds the 64-bit pattern).
    Float32,  ///< 0f3F800000 (value holds the bits).
    Float64,  ///< 0d3FF0000000000000 or a decimal literal such as 1.0.
    Symbol,   ///< a variable, parameter, label or function name.
    Address,  ///< [base], [base+offset], [offset]: name is the base (a
              ///< register or a symbol, empty for an absolute address).
    Vector,   ///< {a, b, ...}: the elements.
    Sink,     ///< _
    List,     ///< (a, b): the argument lists of call.
    PredPair, ///< %p|%q: setp's two destinations (the elements).
  };
  Kind kind = Kind::Integer;
  bool negated = false; ///< !%p
  std::string name;
  uint64_t value = 0;
  int64_t offset = 0; ///< Address only.
  std::vector<Operand> elements;
};

/// One instruction: `[@[!]%p] op.mod.mod operands;`.
struct Instruction {
  unsigned line = 0;
  std::string guard; ///< predicate register, empty if unguarded
  bool guardNegated = false;
  /// The opcode split at its dots: ld.global.v2.b32 -> ld, global, v2, b32
  /// (`::` stays inside a part: L2::128B).
  std::vector<std::string> opcode;
  std::vector<Operand> operands;

  std::string opcodeText() const;
};

/// A declared variable: a register (range), a parameter, or a variable in
/// .shared, .local, .global or .const.
struct Variable {
  enum class Space : uint8_t { Reg, Param, Shared, Local, Global, Const };
  unsigned line = 0;
  Space space = Space::Reg;
  std::string type;         ///< element type without the dot: b8, f32, pred...
  unsigned vectorWidth = 1; ///< .v2/.v4 variables
  std::string name;
  uint64_t alignment = 0; ///< 0 when not given
  /// Array extent in elements; 1 for scalars; 0 for an unsized `[]` array
  /// (dynamic shared memory).
  uint64_t count = 1;
  /// %r<30>: 30 registers %r0..%r29; 0 for a plain name.
  uint64_t registerRange = 0;
  bool isExtern = false;
  bool isPointer = false; ///< .param .u64 .ptr
  /// Initial value bytes (little endian, `count * size` long), empty if none.
  std::vector<uint8_t> initializer;
};

/// A statement of a function body.
struct Statement {
  enum class Kind : uint8_t {
    Instruction,
    Label,
    Declaration,
    OpenScope,
    CloseScope,
    Pragma
  };
  Kind kind = Kind::Instruction;
  unsigned line = 0;
  std::string label;       ///< Label only
  Variable declaration;    ///< Declaration only
  Instruction instruction; ///< Instruction only
};

struct Function {
  unsigned line = 0;
  std::string name;
  bool isEntry = false;      ///< .entry (a kernel) rather than .func
  bool isDefinition = false; ///< has a body
  std::vector<Variable> params;
  std::vector<Variable> returns; ///< .func's return parameters
  /// Performance directives: .maxntid, .reqntid (up to 3 values each),
  /// .maxnreg, .minnctapersm; empty/0 when absent.
  std::vector<uint64_t> maxntid, reqntid;
  uint64_t maxnreg = 0, minnctapersm = 0;
  std::vector<Statement> body;
};

struct Module {
  std::string name; ///< for diagnostics (a file name, a kernel module)
  unsigned versionMajor = 0, versionMinor = 0;
  std::string target; ///< sm_80, sm_90a, ...
  unsigned addressSize = 64;
  std::vector<Variable> globals; ///< module-level .global/.const/.shared
  std::vector<Function> functions;

  const Function *findFunction(std::string_view name) const;
};

/// Parses PTX text. Errors name the line: "<name>:<line>: ...".
ErrorOr<std::unique_ptr<Module>> parse(std::string_view text,
                                       std::string_view name);

/// Bytes of one element of a PTX type name (b8..b64, u/s/f, f16x2, pred...);
/// 0 for an unknown name.
unsigned typeBytes(std::string_view type);

} // namespace roller::emu::ptx

#endif // ROLLER_EMULATOR_PTX_H
