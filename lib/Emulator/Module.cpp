//===- Module.cpp - Loading a PTX module ----------------------------------===//
//
// Parses PTX, gives module-scope .global/.const variables storage from the
// runtime (so that kernels can address them and the runtime knows them) and
// decodes every kernel up front, so that a malformed module fails at load,
// as cuModuleLoadData does, not at its first launch.
//
//===----------------------------------------------------------------------===//

#include "Roller/Emulator/Memory.h"
#include "Roller/Emulator/Program.h"

#include <algorithm>
#include <cstdlib>

#include <cstring>

using namespace roller::emu;

void *HostModuleAllocator::allocateModuleVariable(const std::string &name,
                                                  uint64_t size,
                                                  uint64_t alignment) {
  alignment = std::max<uint64_t>(alignment, 256);
  // aligned_alloc wants a multiple of the alignment.
  uint64_t bytes = std::max<uint64_t>(
      (size + alignment - 1) / alignment * alignment, alignment);
  void *p = std::aligned_alloc(alignment, bytes);
  if (!p)
    return nullptr;
  std::memset(p, 0, bytes);
  if (!memory.add(reinterpret_cast<uint64_t>(p), size,
                  AllocationKind::ModuleVariable, name)) {
    std::free(p);
    return nullptr;
  }
  return p;
}

void HostModuleAllocator::freeModuleVariable(void *pointer) {
  memory.remove(reinterpret_cast<uint64_t>(pointer));
  std::free(pointer);
}

LoadedModule::~LoadedModule() {
  for (void *storage : variableStorage)
    allocator->freeModuleVariable(storage);
}

ErrorOr<std::unique_ptr<LoadedModule>>
LoadedModule::load(std::string_view ptx, std::string_view name,
                   GlobalAllocator &allocator) {
  ErrorOr<std::unique_ptr<ptx::Module>> parsed = ptx::parse(ptx, name);
  if (!parsed)
    return makeError(parsed.message());
  const ptx::Module &module = **parsed;
  if (module.addressSize != 64)
    return makeError(std::string(name) + ": only 64-bit addressing "
                                         "(.address_size 64) is supported");
  std::unique_ptr<LoadedModule> loaded(new LoadedModule());
  loaded->allocator = &allocator;
  loaded->targetName = module.target;

  std::map<std::string, uint64_t> addresses;
  for (const ptx::Variable &var : module.globals) {
    if (var.space == ptx::Variable::Space::Shared)
      continue;
    if (var.isExtern)
      return makeError(std::string(name) + ":" + std::to_string(var.line) +
                       ": external variable " + var.name +
                       " cannot be resolved (modules are not linked)");
    uint64_t bytes = uint64_t(ptx::typeBytes(var.type)) * var.vectorWidth *
                     std::max<uint64_t>(var.count, 1);
    if (bytes == 0 || bytes > (uint64_t(1) << 32))
      return makeError(std::string(name) + ":" + std::to_string(var.line) +
                       ": unsupported variable " + var.name);
    void *storage = allocator.allocateModuleVariable(
        var.name, bytes, std::max<uint64_t>(var.alignment, 16));
    if (!storage)
      return makeError(std::string(name) + ": cannot allocate " + var.name);
    loaded->variableStorage.push_back(storage);
    std::memset(storage, 0, bytes);
    if (!var.initializer.empty())
      std::memcpy(storage, var.initializer.data(),
                  std::min<uint64_t>(bytes, var.initializer.size()));
    addresses[var.name] = reinterpret_cast<uint64_t>(storage);
  }

  for (const ptx::Function &function : module.functions) {
    if (!function.isEntry || !function.isDefinition)
      continue;
    ErrorOr<std::unique_ptr<Program>> program =
        decodeKernel(module, function, addresses);
    if (!program)
      return makeError(program.message());
    loaded->programs.push_back(program.take());
  }
  if (loaded->programs.empty())
    return makeError(std::string(name) + ": the module defines no kernel");
  return loaded;
}

const Program *LoadedModule::findKernel(std::string_view name) const {
  for (const std::unique_ptr<Program> &program : programs)
    if (program->name == name)
      return program.get();
  return nullptr;
}
