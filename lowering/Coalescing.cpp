//===- Coalescing.cpp - Removing register copies by merging registers -----===//
//
// For a copy `d = s`, d and s interfere if some instruction other than a copy
// between them writes one while the other is live after it; then they must
// stay apart. Otherwise every `s` is renamed `d` and the copy (now `d = d`)
// is deleted. Liveness is recomputed after each merge: merges are few (one
// per carried value, loop bound or if-result).
//
// Copies inside loops are tried first, innermost first: a copy left on a back
// edge runs on every trip, one before the loop once, and merging a copy
// lengthens live ranges, which may keep a later copy from merging. A merge
// may also let a pair that interfered merge after all: a write of one while
// the other is live can become a copy between them (two carried values that
// receive the same yielded value), so copies that interfered are tried again
// until a round merges nothing.
//
//===----------------------------------------------------------------------===//
#include "lowering/Coalescing.h"

#include <algorithm>
#include <map>

#include "lowering/Liveness.h"

namespace tessera::lowering {
namespace {

/// Whether a and b (of class rc) hold the same value just before
/// instrs[i]: the last write of either in the block is a copy between them.
bool sameBefore(const std::vector<MInstr> &instrs, size_t i, RegClass rc, int a, int b) {
  if (a == b)
    return true;
  for (size_t k = i; k-- > 0;) {
    const MInstr &mi = instrs[k];
    RegClass crc;
    int cd, cs;
    if (isCopy(mi, crc, cd, cs) && crc == rc && ((cd == a && cs == b) || (cd == b && cs == a)))
      return true;
    for (const RegOperand &op : regOperands(mi))
      if (op.isDef && op.rc == rc && (getReg(mi, op) == a || getReg(mi, op) == b))
        return false;
  }
  return false;
}

/// Whether d and s (of class rc) interfere anywhere in `fn`. A copy `r = t`
/// writing one while the other holds t's value (it was copied from t, or t
/// from it, earlier in the block) gives them the same value: no interference
/// (two carried values initialized from one register, or receiving one
/// yielded value).
bool interfere(const MFunction &fn, const Liveness &lv, RegClass rc, int d, int s) {
  int di = lv.index(rc, d), si = lv.index(rc, s);
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    llvm::BitVector live = lv.liveOut[b];
    const auto &instrs = fn.blocks[b].instrs;
    for (size_t i = instrs.size(); i-- > 0;) {
      const MInstr &mi = instrs[i];
      RegClass crc;
      int cd, cs;
      bool copy = isCopy(mi, crc, cd, cs) && crc == rc;
      bool copyBetween = copy && ((cd == d && cs == s) || (cd == s && cs == d));
      if (!copyBetween)
        for (const RegOperand &op : regOperands(mi)) {
          if (!op.isDef || op.rc != rc)
            continue;
          int r = getReg(mi, op);
          if ((r == d && live.test(si)) || (r == s && live.test(di))) {
            int other = r == d ? s : d;
            if (copy && cd == r && sameBefore(instrs, i, rc, other, cs))
              continue;
            return true;
          }
        }
      stepBackward(mi, lv.index, live);
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

/// Removes the copies `d = d` left by merges, and the copies `d = s` whose
/// registers already hold the same value (`d = s` repeated, once two
/// carried values initialized from one register are merged).
void removeSelfCopies(MFunction &fn) {
  for (MBlock &block : fn.blocks) {
    std::vector<MInstr> kept;
    kept.reserve(block.instrs.size());
    for (MInstr &mi : block.instrs) {
      RegClass rc;
      int d, s;
      if (isCopy(mi, rc, d, s) && sameBefore(kept, kept.size(), rc, d, s))
        continue;
      kept.push_back(std::move(mi));
    }
    block.instrs = std::move(kept);
  }
}

/// How many loops contain each block: a branch to its own or an earlier
/// block closes a loop made of the blocks from the target to the branch.
std::vector<int> loopDepths(const MFunction &fn) {
  int n = fn.blocks.size();
  std::vector<int> depth(n, 0);
  for (int b = 0; b < n; ++b)
    for (const Successor &s : successors(fn, b))
      if (s.block <= b)
        for (int k = s.block; k <= b; ++k)
          ++depth[k];
  return depth;
}

}  // namespace

int coalesceCopies(MFunction &fn) {
  // The copies, the deepest in loops first (in order within a depth).
  struct Candidate {
    RegClass rc;
    int d, s;
    int depth;
  };
  std::vector<Candidate> candidates;
  std::vector<int> depths = loopDepths(fn);
  for (size_t b = 0; b < fn.blocks.size(); ++b)
    for (const MInstr &mi : fn.blocks[b].instrs) {
      RegClass rc;
      int d, s;
      if (isCopy(mi, rc, d, s) && d != s)
        candidates.push_back({rc, d, s, depths[b]});
    }
  std::vector<Candidate> byDepth;
  int maxDepth = depths.empty() ? 0 : *std::max_element(depths.begin(), depths.end());
  for (int depth = maxDepth; depth >= 0; --depth)
    for (const Candidate &c : candidates)
      if (c.depth == depth)
        byDepth.push_back(c);
  candidates = std::move(byDepth);
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
  // Rounds over the copies not merged yet, until one merges nothing.
  for (bool progress = true; progress && !candidates.empty();) {
    progress = false;
    std::vector<Candidate> interfering;
    for (const Candidate &c : candidates) {
      int d = find(c.rc, c.d), s = find(c.rc, c.s);
      if (d == s)
        continue;
      if (interfere(fn, lv, c.rc, d, s)) {
        interfering.push_back(c);
        continue;
      }
      rename(fn, c.rc, s, d);
      renamed[{(int)c.rc, s}] = d;
      removeSelfCopies(fn);
      lv = computeLiveness(fn);
      ++merged;
      progress = true;
    }
    candidates = std::move(interfering);
  }
  return merged;
}

}  // namespace tessera::lowering
