//===- Coalescing.cpp - Removing register copies by merging registers -----===//
//
// For a copy `d = s`, d and s interfere if some instruction other than a copy
// between them writes one while the other is live after it; then they must
// stay apart. Otherwise every `s` is renamed `d` and the copy (now `d = d`)
// is deleted. Liveness is recomputed after each merge: merges are few (one
// per carried value, loop bound or if-result).
//
//===----------------------------------------------------------------------===//
#include "lowering/Coalescing.h"

#include <algorithm>
#include <map>

#include "lowering/Liveness.h"

namespace tessera::lowering {
namespace {

/// Whether d and s (of class rc) interfere anywhere in `fn`.
bool interfere(const MFunction &fn, const Liveness &lv, RegClass rc, int d, int s) {
  int di = lv.index(rc, d), si = lv.index(rc, s);
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    llvm::BitVector live = lv.liveOut[b];
    const auto &instrs = fn.blocks[b].instrs;
    for (auto it = instrs.rbegin(); it != instrs.rend(); ++it) {
      RegClass crc;
      int cd, cs;
      bool copyBetween = isCopy(*it, crc, cd, cs) && crc == rc &&
                         ((cd == d && cs == s) || (cd == s && cs == d));
      if (!copyBetween)
        for (const RegOperand &op : regOperands(*it)) {
          if (!op.isDef || op.rc != rc)
            continue;
          int r = getReg(*it, op);
          if ((r == d && live.test(si)) || (r == s && live.test(di)))
            return true;
        }
      stepBackward(*it, lv.index, live);
    }
  }
  return false;
}

void rename(MFunction &fn, RegClass rc, int from, int to) {
  for (MBlock &block : fn.blocks)
    for (MInstr &mi : block.instrs)
      for (const RegOperand &op : regOperands(mi))
        if (op.rc == rc && getReg(mi, op) == from)
          setReg(mi, op, to);
}

/// Removes the copies `d = d` left by merges.
void removeSelfCopies(MFunction &fn) {
  for (MBlock &block : fn.blocks)
    std::erase_if(block.instrs, [](const MInstr &mi) {
      RegClass rc;
      int d, s;
      return isCopy(mi, rc, d, s) && d == s;
    });
}

}  // namespace

int coalesceCopies(MFunction &fn) {
  // The copies, in order. Merging only lengthens live ranges, so a pair
  // found to interfere stays so: each copy is tried once.
  struct Candidate {
    RegClass rc;
    int d, s;
  };
  std::vector<Candidate> candidates;
  for (const MBlock &block : fn.blocks)
    for (const MInstr &mi : block.instrs) {
      RegClass rc;
      int d, s;
      if (isCopy(mi, rc, d, s) && d != s)
        candidates.push_back({rc, d, s});
    }
  // Where each register went: merged registers point to their survivor.
  std::map<std::pair<int, int>, int> renamed;
  auto find = [&](RegClass rc, int r) {
    for (auto it = renamed.find({(int)rc, r}); it != renamed.end();
         it = renamed.find({(int)rc, r}))
      r = it->second;
    return r;
  };
  int merged = 0;
  if (candidates.empty())
    return merged;
  Liveness lv = computeLiveness(fn);
  for (const Candidate &c : candidates) {
    int d = find(c.rc, c.d), s = find(c.rc, c.s);
    if (d == s || interfere(fn, lv, c.rc, d, s))
      continue;
    rename(fn, c.rc, s, d);
    renamed[{(int)c.rc, s}] = d;
    removeSelfCopies(fn);
    lv = computeLiveness(fn);
    ++merged;
  }
  return merged;
}

}  // namespace tessera::lowering
