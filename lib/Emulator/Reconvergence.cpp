//===- Reconvergence.cpp - Where diverged lanes of a warp meet again ------===//
//
// A warp whose lanes take both sides of a branch runs one side, then the
// other, and continues with all lanes from the branch's immediate
// post-dominator: the first point every path from the branch must reach
// (the classic SIMT reconvergence stack; Fung et al., "Dynamic Warp
// Formation", MICRO 2007). Post-dominators come from the iterative
// algorithm of Cooper, Harvey and Kennedy ("A Simple, Fast Dominance
// Algorithm", 2001) run on the reversed control-flow graph.
//
//===----------------------------------------------------------------------===//

#include "Roller/Emulator/Program.h"

#include <algorithm>
#include <functional>

using namespace roller::emu;

namespace {

bool endsBlock(const Inst &inst) {
  return inst.op == Opcode::Bra || inst.op == Opcode::Ret ||
         inst.op == Opcode::Exit || inst.op == Opcode::Trap;
}

} // namespace

void roller::emu::computeReconvergence(Program &program) {
  std::vector<Inst> &code = program.code;
  size_t n = code.size();
  if (n == 0)
    return;
  std::vector<char> leader(n + 1, 0);
  leader[0] = 1;
  for (size_t pc = 0; pc < n; ++pc) {
    const Inst &inst = code[pc];
    if (inst.op == Opcode::Bra && inst.target < n)
      leader[inst.target] = 1;
    if (endsBlock(inst))
      leader[pc + 1] = 1;
  }
  std::vector<uint32_t> blockStart, blockOf(n);
  for (size_t pc = 0; pc < n; ++pc) {
    if (leader[pc])
      blockStart.push_back(uint32_t(pc));
    blockOf[pc] = uint32_t(blockStart.size() - 1);
  }
  size_t blocks = blockStart.size();
  size_t exitNode = blocks;
  std::vector<std::vector<uint32_t>> successors(blocks + 1),
      predecessors(blocks + 1);
  auto addEdge = [&](size_t from, size_t to) {
    successors[from].push_back(uint32_t(to));
    predecessors[to].push_back(uint32_t(from));
  };
  for (size_t b = 0; b < blocks; ++b) {
    size_t end = b + 1 < blocks ? blockStart[b + 1] : n;
    const Inst &last = code[end - 1];
    bool guarded = last.guard >= 0;
    size_t fallthrough = end < n ? blockOf[end] : exitNode;
    if (last.op == Opcode::Bra) {
      addEdge(b, last.target < n ? blockOf[last.target] : exitNode);
      if (guarded)
        addEdge(b, fallthrough);
    } else if (last.op == Opcode::Ret || last.op == Opcode::Exit ||
               last.op == Opcode::Trap) {
      addEdge(b, exitNode);
      if (guarded)
        addEdge(b, fallthrough);
    } else {
      addEdge(b, fallthrough);
    }
  }

  // Postorder of the reversed graph from the exit. Blocks that cannot reach
  // the exit (endless loops LLVM leaves on paths it proved dead, such as a
  // loop whose trip count would overflow) take no part: lanes that enter
  // one never come back to reconverge, so the other paths' meeting point
  // must not wait for them. Their own branches reconverge only at exit.
  std::vector<int> order(blocks + 1, -1);
  std::vector<uint32_t> postorder;
  std::vector<char> visited(blocks + 1, 0);
  std::vector<std::pair<uint32_t, size_t>> stack{{uint32_t(exitNode), 0}};
  visited[exitNode] = 1;
  while (!stack.empty()) {
    auto &[node, next] = stack.back();
    if (next < predecessors[node].size()) {
      uint32_t p = predecessors[node][next++];
      if (!visited[p]) {
        visited[p] = 1;
        stack.push_back({p, 0});
      }
      continue;
    }
    order[node] = int(postorder.size());
    postorder.push_back(node);
    stack.pop_back();
  }

  std::vector<int> ipdom(blocks + 1, -1);
  ipdom[exitNode] = int(exitNode);
  auto intersect = [&](int a, int b) {
    while (a != b) {
      while (order[a] < order[b])
        a = ipdom[a];
      while (order[b] < order[a])
        b = ipdom[b];
    }
    return a;
  };
  bool changed = true;
  while (changed) {
    changed = false;
    for (auto it = postorder.rbegin(); it != postorder.rend(); ++it) {
      uint32_t node = *it;
      if (node == exitNode)
        continue;
      int result = -1;
      for (uint32_t s : successors[node]) {
        if (ipdom[s] < 0 || !visited[s])
          continue;
        result = result < 0 ? int(s) : intersect(int(s), result);
      }
      if (result >= 0 && ipdom[node] != result) {
        ipdom[node] = result;
        changed = true;
      }
    }
  }

  for (size_t pc = 0; pc < n; ++pc) {
    Inst &inst = code[pc];
    if (inst.op != Opcode::Bra)
      continue;
    int post = ipdom[blockOf[pc]];
    inst.reconverge =
        post < 0 || size_t(post) == exitNode ? uint32_t(n) : blockStart[post];
  }
}
