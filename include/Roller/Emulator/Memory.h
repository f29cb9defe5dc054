//===- Memory.h - What kernels may address ----------------------*- C++ -*-===//
//
// Global addresses in the emulator are host addresses: a kernel's pointer
// parameters point straight at the buffers of the process that launched it.
// What a GPU could reach is modelled by GlobalMemory, the list of device
// allocations, managed allocations, registered host ranges and module
// variables the runtime knows; every global access of a kernel is checked
// against it, so that a host buffer passed without registration is an
// error here as it would be a fault on a GPU.
//
// Shared and local memory have windows of their own in the generic address
// space, placed at non-canonical x86-64 addresses that no host pointer can
// take, so generic accesses can be routed by address.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_EMULATOR_MEMORY_H
#define ROLLER_EMULATOR_MEMORY_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace roller::emu {

/// Generic-address windows of .shared and .local (cvta maps into them).
constexpr uint64_t kSharedWindowBase = 0xFE00000000000000ull;
constexpr uint64_t kLocalWindowBase = 0xFD00000000000000ull;
constexpr uint64_t kWindowBytes = uint64_t(1) << 40;
/// Bytes of poisoned shared memory placed around each shared variable.
constexpr uint64_t kSharedRedZone = 64;

/// Where a range of global memory came from.
enum class AllocationKind : uint8_t {
  Device,         ///< mgpuMemAlloc (cuMemAlloc)
  Managed,        ///< mgpuMemAlloc host_shared (cuMemAllocManaged)
  HostRegistered, ///< mgpuMemHostRegister (cuMemHostRegister)
  ModuleVariable, ///< a .global/.const variable of a loaded module
  Buffer,         ///< a buffer a tool handed to a kernel (roller-emu)
};
const char *allocationKindName(AllocationKind kind);

/// Contents made when first accessed: a tool's generated input of which a
/// sampled launch reads a small part, on machines where touching memory
/// for the first time is expensive.
class LazyContent {
public:
  virtual ~LazyContent() = default;
  /// Makes [offset, offset + size) of the range hold its contents.
  virtual void materialize(uint64_t offset, uint64_t size) = 0;
};

struct Allocation {
  uint64_t base = 0;
  uint64_t size = 0;
  AllocationKind kind = AllocationKind::Device;
  std::string label; ///< what it is, for messages
  LazyContent *lazy = nullptr;
};

/// The ranges of global memory a kernel may access.
class GlobalMemory {
public:
  /// Adds a range. Fails (returns false) when it overlaps a known one.
  bool add(uint64_t base, uint64_t size, AllocationKind kind, std::string label,
           LazyContent *lazy = nullptr);
  /// Removes the range starting at `base`; false if there is none.
  bool remove(uint64_t base);
  /// The range holding [address, address + size), or null.
  const Allocation *find(uint64_t address, uint64_t size = 1) const;
  /// The range nearest to `address` (for messages), or null if none.
  const Allocation *nearest(uint64_t address) const;
  /// The range starting exactly at `base`, or null.
  const Allocation *at(uint64_t base) const;
  size_t size() const { return ranges.size(); }
  std::vector<Allocation> all() const;

private:
  std::map<uint64_t, Allocation> ranges; ///< by base
};

/// Describes an address for a message: "0x... (12 bytes past the end of
/// device allocation #3, 4096 bytes)" or "0x... (not in any known range)".
std::string describeGlobalAddress(const GlobalMemory &memory, uint64_t address,
                                  uint64_t size);

} // namespace roller::emu

#endif // ROLLER_EMULATOR_MEMORY_H
