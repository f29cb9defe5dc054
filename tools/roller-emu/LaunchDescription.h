//===- LaunchDescription.h - Launch descriptions for roller-emu -*- C++ -*-===//
//
// A launch description (docs/emulator.md) lists launches: kernel, grid,
// block, dynamic shared memory and operands. An operand is a memref (a
// descriptor of 3 + 2 * rank parameters: two pointers, offset, sizes,
// strides, as MLIR's LLVM lowering passes it), a pointer (one parameter,
// for kernels of other compilers) or a scalar. Buffers gives each buffer
// operand host memory the kernel may access and builds the parameters.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_TOOLS_ROLLER_EMU_LAUNCHDESCRIPTION_H
#define ROLLER_TOOLS_ROLLER_EMU_LAUNCHDESCRIPTION_H

#include "Npy.h"

#include "Roller/Emulator/Emulator.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace roller::emutool {

struct Operand {
  enum class Kind { Memref, Pointer, Scalar } kind = Kind::Scalar;
  std::string element; ///< MLIR element type: f32, bf16, i64...
  std::vector<std::optional<int64_t>> shape;   ///< null: dynamic
  std::vector<std::optional<int64_t>> strides; ///< empty: contiguous
  std::optional<int64_t> offset = 0;
  uint64_t align = 16;
  std::optional<double> value; ///< scalars
  std::string type;            ///< scalars: i32, i64, index, f32 ...
};

struct Launch {
  std::string kernel;
  emu::LaunchConfig config;
  std::vector<Operand> operands;
  double assumedBankConflict = 0; ///< the model's factor, if recorded
};

bool parseLaunches(const std::string &text, std::vector<Launch> &launches,
                   std::string &error);

/// The host side of one launch: buffers and parameter values.
class Buffers {
public:
  ~Buffers();
  bool isBuffer(size_t operand) const {
    return operand < entries.size() && entries[operand].data;
  }
  const void *const *argumentPointers() const { return pointers.data(); }
  size_t argumentCount() const { return pointers.size(); }
  npy::Array toArray(size_t operand) const;
  /// The linear indices (int64) of the elements of a buffer the launch
  /// stored to, in order, and their values.
  npy::Array writtenIndices(size_t operand) const;
  npy::Array writtenValues(size_t operand) const;
  void noteWrite(uint64_t address, unsigned size);

private:
  friend bool prepareBuffers(const Launch &, const emu::Program &,
                             const std::map<size_t, std::string> &,
                             const std::map<size_t, uint64_t> &,
                             const std::map<size_t, std::string> &,
                             emu::GlobalMemory &, Buffers &, std::string &);
  struct Entry {
    uint8_t *data = nullptr;
    uint64_t bytes = 0;
    unsigned elementBytes = 0;
    std::string dtype;
    std::vector<int64_t> shape;
    uint64_t allocation = 0;
    uint8_t *writtenBytes = nullptr; ///< one byte per byte of data
    std::set<uint64_t> writtenPages; ///< 4 KiB pages of writtenBytes in use
    std::unique_ptr<emu::LazyContent> lazy; ///< --fill contents
  };
  std::vector<Entry> entries;
  std::vector<std::vector<uint8_t>> values; ///< one per kernel parameter
  std::vector<const void *> pointers;
};

/// The value of element `index` of the deterministic fill with `seed`:
/// small integers in [-4, 4], exact in every element type and in sums of
/// their products, so a reference can compute any element without the
/// buffer (bench/emulator/suite.py does).
int64_t patternValue(uint64_t index, uint64_t seed);
/// Writes elements [first, first + elements) of the pattern to data.
void fillPattern(uint8_t *data, uint64_t elements, const std::string &element,
                 uint64_t seed, uint64_t first = 0);

/// Allocates each buffer operand (registered in `memory`), fills it from the
/// operand's --in file, with the --fill pattern or with zeros, and builds
/// the kernel's parameters.
bool prepareBuffers(const Launch &launch, const emu::Program &program,
                    const std::map<size_t, std::string> &inputs,
                    const std::map<size_t, uint64_t> &fills,
                    const std::map<size_t, std::string> &scalars,
                    emu::GlobalMemory &memory, Buffers &buffers,
                    std::string &error);

} // namespace roller::emutool

#endif // ROLLER_TOOLS_ROLLER_EMU_LAUNCHDESCRIPTION_H
