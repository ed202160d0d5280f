//===- RegisterAllocation.cpp - Linear scan with spilling -----------------===//
//
// Values are defined once (instruction selection is SSA-like), so a value's
// live interval is [its definition, its last use]. The scan walks the
// instructions in order; a register is free again after the last use of its
// value (strictly before the next definition, so an instruction never writes
// a register that it or an earlier op of the same position still reads).
// When a class runs out, the value with the furthest next use is spilled
// (Belady's choice), the function is rewritten with the spill code and the
// scan starts over: each round removes one value from the pressure point.
//
//===----------------------------------------------------------------------===//
#include "lowering/RegisterAllocation.h"

#include <algorithm>
#include <map>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "sim/MachineDesc.h"

namespace tessera::lowering {
namespace {

struct Interval {
  int def = -1, end = -1;
  std::vector<int> uses;  // positions, ascending
};

using VirtReg = std::pair<int, int>;  // (class, number)

/// Intervals of every virtual register of every class.
std::map<VirtReg, Interval> computeIntervals(const MFunction &fn) {
  std::map<VirtReg, Interval> iv;
  for (int i = 0; i < (int)fn.instrs.size(); ++i) {
    for (const RegOperand &r : regOperands(fn.instrs[i])) {
      int reg = getReg(fn.instrs[i], r);
      Interval &it = iv[{(int)r.rc, reg}];
      if (r.isDef) {
        if (it.def < 0)
          it.def = i;
      } else {
        it.uses.push_back(i);
      }
      it.end = std::max(it.end, i);
    }
  }
  return iv;
}

/// Rewrites `fn` so that virtual register `victim` lives in memory: a store
/// after its definition, a reload into a fresh register before each use.
absl::Status spill(MFunction &fn, VirtReg victim, RegAllocStats &stats) {
  RegClass rc = (RegClass)victim.first;
  int64_t slot;
  if (rc == RegClass::V) {
    slot = fn.vmemRows;
    fn.vmemRows += machine::kSublanes;
    if (fn.vmemRows > machine::kVmemRows)
      return absl::ResourceExhaustedError(
          "VMEM is full: no room left for register spill slots");
    ++stats.spilledV;
  } else if (rc == RegClass::S) {
    slot = fn.smemWords++;
    if (fn.smemWords > machine::kSmemWords)
      return absl::ResourceExhaustedError("SMEM is full: no room for spill slots");
    ++stats.spilledS;
  } else {
    return absl::ResourceExhaustedError(
        "more than 8 predicates are live at once; predicates cannot be spilled");
  }
  std::vector<MInstr> out;
  out.reserve(fn.instrs.size() + 8);
  for (MInstr &mi : fn.instrs) {
    bool defines = false;
    for (const RegOperand &r : regOperands(mi)) {
      if (r.rc != rc || getReg(mi, r) != victim.second)
        continue;
      if (r.isDef) {
        defines = true;
        continue;
      }
      int fresh = fn.newVirtual(rc);
      MInstr reload;
      reload.pos = mi.pos;
      reload.comment = "reload spilled " + std::string(rc == RegClass::V ? "v" : "s") +
                       "egister value";
      if (rc == RegClass::V) {
        reload.instr = isa::makeInstr(isa::Opcode::VLd, {fresh, slot});
        reload.mem = MemKind::VmemRead;
        reload.memLo = slot;
        reload.memHi = slot + machine::kSublanes;
      } else {
        reload.instr = isa::makeInstr(isa::Opcode::SLd, {fresh, slot});
        reload.mem = MemKind::SmemRead;
        reload.memLo = slot;
        reload.memHi = slot + 1;
      }
      out.push_back(std::move(reload));
      setReg(mi, r, fresh);
    }
    out.push_back(mi);
    if (defines) {
      MInstr store;
      store.pos = mi.pos;
      store.comment = "spill";
      if (rc == RegClass::V) {
        store.instr = isa::makeInstr(isa::Opcode::VSt, {slot, victim.second});
        store.mem = MemKind::VmemWrite;
        store.memLo = slot;
        store.memHi = slot + machine::kSublanes;
      } else {
        store.instr = isa::makeInstr(isa::Opcode::SSt, {slot, victim.second});
        store.mem = MemKind::SmemWrite;
        store.memLo = slot;
        store.memHi = slot + 1;
      }
      out.push_back(std::move(store));
    }
  }
  fn.instrs = std::move(out);
  return absl::OkStatus();
}

/// One scan. Returns the assignment, or the value to spill.
struct ScanResult {
  std::map<VirtReg, int> assignment;
  std::optional<VirtReg> spill;
  int stuckAt = -1;  // every register is read by the instruction here
};

ScanResult scan(const MFunction &fn, const std::map<VirtReg, Interval> &intervals,
                RegAllocStats &stats) {
  ScanResult result;
  // Values by definition point.
  std::vector<std::vector<VirtReg>> defsAt(fn.instrs.size());
  for (const auto &[vr, it] : intervals)
    if (it.def >= 0)
      defsAt[it.def].push_back(vr);
  std::vector<std::vector<bool>> busy(kNumRegClasses);
  std::vector<std::vector<VirtReg>> holder(kNumRegClasses);
  // When each register was last freed (-1: never used). Taking the one freed
  // longest ago keeps reuse, and so false dependences, away from each other:
  // the scheduler that runs after allocation can then overlap more.
  std::vector<std::vector<int>> freedAt(kNumRegClasses);
  for (int c = 0; c < kNumRegClasses; ++c) {
    busy[c].assign(numPhysRegs((RegClass)c), false);
    holder[c].assign(numPhysRegs((RegClass)c), {-1, -1});
    freedAt[c].assign(numPhysRegs((RegClass)c), -1);
  }
  auto nextUse = [&](VirtReg vr, int after) {
    const auto &uses = intervals.at(vr).uses;
    auto it = std::upper_bound(uses.begin(), uses.end(), after);
    return it == uses.end() ? INT32_MAX : *it;
  };
  for (int i = 0; i < (int)fn.instrs.size(); ++i) {
    // Free registers whose values died before this instruction.
    for (int c = 0; c < kNumRegClasses; ++c) {
      int live = 0;
      for (size_t r = 0; r < busy[c].size(); ++r) {
        if (busy[c][r] && intervals.at(holder[c][r]).end < i) {
          busy[c][r] = false;
          freedAt[c][r] = i;
        }
        live += busy[c][r];
      }
      stats.maxLive[c] = std::max(stats.maxLive[c], live);
    }
    for (const VirtReg &vr : defsAt[i]) {
      int c = vr.first;
      int r = -1;
      for (int k = 0; k < (int)busy[c].size(); ++k)
        if (!busy[c][k] && (r < 0 || freedAt[c][k] < freedAt[c][r]))
          r = k;
      if (r >= 0) {
        busy[c][r] = true;
        holder[c][r] = vr;
        result.assignment[vr] = r;
        continue;
      }
      // Spill the live value whose next use (at or after this instruction)
      // is furthest away; values this instruction reads must stay.
      std::optional<VirtReg> victim;
      int furthest = i;
      for (const VirtReg &other : holder[c]) {
        int n = nextUse(other, i - 1);
        if (n > furthest) {
          furthest = n;
          victim = other;
        }
      }
      if (!victim) {
        result.stuckAt = i;
        return result;
      }
      result.spill = *victim;
      return result;
    }
  }
  return result;
}

}  // namespace

absl::StatusOr<RegAllocStats> allocateRegisters(MFunction &fn) {
  RegAllocStats stats;
  for (;;) {
    auto intervals = computeIntervals(fn);
    for (const auto &[vr, it] : intervals)
      if (it.def < 0)
        return absl::InternalError(absl::StrCat(
            "register allocation: virtual register ", vr.second, " of class ",
            vr.first, " is used but never defined"));
    RegAllocStats round;
    ScanResult r = scan(fn, intervals, round);
    if (r.stuckAt >= 0)
      return absl::ResourceExhaustedError(absl::StrCat(
          "register allocation: instruction ", r.stuckAt,
          " needs more registers than the core has"));
    if (r.spill) {
      if (auto st = spill(fn, *r.spill, stats); !st.ok())
        return st;
      continue;
    }
    for (int c = 0; c < kNumRegClasses; ++c)
      stats.maxLive[c] = round.maxLive[c];
    for (MInstr &mi : fn.instrs)
      for (const RegOperand &op : regOperands(mi))
        setReg(mi, op, r.assignment.at({(int)op.rc, getReg(mi, op)}));
    return stats;
  }
}

}  // namespace tessera::lowering
