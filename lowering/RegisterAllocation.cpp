//===- RegisterAllocation.cpp - Linear scan with spilling -----------------===//
//
// The blocks are numbered in layout order, one position per instruction. A
// virtual register's live interval is the smallest range of positions that
// covers every position where it is live (liveness by dataflow over the
// blocks: a value live around a loop's back edge covers the whole loop) and
// every instruction that names it. Two registers whose intervals do not meet
// are never live at once, so they can share a physical register.
//
// The scan walks the positions in order; a register is free again after the
// end of its interval (strictly before the next definition, so an
// instruction never writes a register that it or an earlier op of the same
// position still reads). When a class runs out, the value with the furthest
// next use is spilled (Belady's choice; a scalar that many instructions read
// weighs its reloads: spillCost), the function is rewritten with the
// spill code and the scan starts over: each round removes one value from
// the pressure point. Spilling is "everywhere": a store after each write of
// the value, a reload before each read, each in a register of its own, which
// is correct whatever the control flow (a loop-carried value written in the
// preheader and in the loop lives in its slot). A constant (every def the
// same `vimm`, `smov` or `pimm` of an immediate) has no slot: it is made
// again before each read (flash attention's -inf splat: 48 vector reloads
// a step became `vimm`s, 6,248 -> 6,152 cycles).
//
//===----------------------------------------------------------------------===//
#include "lowering/RegisterAllocation.h"

#include <algorithm>
#include <functional>
#include <optional>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "lowering/Liveness.h"
#include "sim/Executable.h"
#include "sim/MachineDesc.h"

namespace tessera::lowering {
namespace {

struct Interval {
  int start = -1, end = -1;
  bool defined = false;
  std::vector<int> uses;  // positions, ascending
};

using VirtReg = std::pair<int, int>;  // (class, number)

/// The intervals of every virtual register of every class. A register no
/// instruction names and no block has live has start -1.
class Intervals {
public:
  Interval &operator[](VirtReg vr) { return byReg(vr.first, vr.second); }
  const Interval &at(VirtReg vr) const { return byReg.at(vr.first, vr.second); }
  /// Calls f(vr, interval) for the registers that have one, by class and
  /// number.
  template <class F>
  void forEach(F f) const {
    for (int c = 0; c < kNumRegClasses; ++c)
      for (int n = 0; n < byReg.size(c); ++n)
        if (byReg.at(c, n).start >= 0)
          f(VirtReg{c, n}, byReg.at(c, n));
  }

private:
  PerRegister<Interval> byReg;
};

/// The one instruction that defines virtual register `reg` of class `rc`
/// when every def of it is that same unguarded constant (`vimm.f32`,
/// `vimm.s32`, `smov` or `pimm` of an immediate: a hoisted splat, an
/// address base, a loop's bound, a hoisted predicate), else nullopt.
std::optional<isa::Instr> constantDef(const MFunction &fn, RegClass rc, int reg) {
  std::optional<isa::Instr> def;
  for (const MBlock &block : fn.blocks)
    for (const MInstr &mi : block.instrs)
      for (const RegOperand &r : regOperands(mi)) {
        if (!r.isDef || r.rc != rc || getReg(mi, r) != reg)
          continue;
        isa::Opcode op = mi.instr.opcode;
        bool constant = op == isa::Opcode::VImmF32 || op == isa::Opcode::VImmS32 ||
                        op == isa::Opcode::SMovI || op == isa::Opcode::PImm;
        if (!constant || mi.instr.predicated ||
            (def && (def->opcode != op || def->ops[1] != mi.instr.ops[1])))
          return std::nullopt;
        def = mi.instr;
      }
  return def;
}

/// Intervals of every virtual register of every class.
Intervals computeIntervals(const MFunction &fn) {
  Liveness lv = computeLiveness(fn);
  Intervals iv;
  auto cover = [](Interval &it, int pos) {
    it.start = it.start < 0 ? pos : std::min(it.start, pos);
    it.end = std::max(it.end, pos);
  };
  int pos = 0;
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    const auto &instrs = fn.blocks[b].instrs;
    if (instrs.empty())
      continue;
    int first = pos, last = pos + (int)instrs.size() - 1;
    for (int i : lv.liveIn[b].set_bits()) {
      auto [rc, reg] = lv.index.reg(i);
      cover(iv[{(int)rc, reg}], first);
    }
    for (int i : lv.liveOut[b].set_bits()) {
      auto [rc, reg] = lv.index.reg(i);
      cover(iv[{(int)rc, reg}], last);
    }
    for (const MInstr &mi : instrs) {
      for (const RegOperand &r : regOperands(mi)) {
        Interval &it = iv[{(int)r.rc, getReg(mi, r)}];
        if (r.isDef)
          it.defined = true;
        else if (it.uses.empty() || it.uses.back() != pos)
          it.uses.push_back(pos);
        cover(it, pos);
      }
      ++pos;
    }
  }
  return iv;
}

/// The spill store `slot = reg` (store) or the reload `reg = slot`.
MInstr spillAccess(RegClass rc, int64_t slot, int reg, const SourcePos &pos, bool store) {
  MInstr mi;
  mi.pos = pos;
  mi.comment = store ? "spill"
                     : "reload spilled " + std::string(rc == RegClass::V ? "vector" : "scalar") +
                           " register value";
  bool vector = rc == RegClass::V;
  if (store)
    mi.instr = isa::makeInstr(vector ? isa::Opcode::VSt : isa::Opcode::SSt, {slot, reg});
  else
    mi.instr = isa::makeInstr(vector ? isa::Opcode::VLd : isa::Opcode::SLd, {reg, slot});
  mi.mem = vector ? (store ? MemKind::VmemWrite : MemKind::VmemRead)
                  : (store ? MemKind::SmemWrite : MemKind::SmemRead);
  mi.memLo = slot;
  mi.memHi = slot + (vector ? machine::kSublanes : 1);
  return mi;
}

/// One instruction that names a spilled register, as the spill rewrite
/// sees it: whether it reads or writes the value (a guarded write keeps the
/// old value when false, so it needs the value too), where it is, and the
/// fresh register it names instead.
struct SpilledAccess {
  bool reads = false, writes = false, predicated = false;
  SourcePos pos;
  int fresh = -1;
};
using SpillCode = std::function<void(const SpilledAccess &, std::vector<MInstr> &)>;

/// Gives every instruction that names `victim` (of class `rc`) a fresh
/// register of that class instead, with `before` and `after` appending the
/// code around it (reloads, stores). Instructions that only write the value
/// are dropped when `dropWrites` (a constant its readers remake).
void rewriteAccesses(MFunction &fn, RegClass rc, int victim, bool dropWrites,
                     const SpillCode &before, const SpillCode &after) {
  for (MBlock &block : fn.blocks) {
    std::vector<MInstr> out;
    out.reserve(block.instrs.size() + 8);
    for (MInstr &mi : block.instrs) {
      SpilledAccess access;
      for (const RegOperand &r : regOperands(mi))
        if (r.rc == rc && getReg(mi, r) == victim)
          (r.isDef ? access.writes : access.reads) = true;
      if (!access.reads && !access.writes) {
        out.push_back(std::move(mi));
        continue;
      }
      if (dropWrites && access.writes)
        continue;
      access.predicated = mi.instr.predicated;
      access.pos = mi.pos;
      access.fresh = fn.newVirtual(rc);
      before(access, out);
      for (const RegOperand &r : regOperands(mi))
        if (r.rc == rc && getReg(mi, r) == victim)
          setReg(mi, r, access.fresh);
      out.push_back(std::move(mi));
      after(access, out);
    }
    // Code after a def stays before the block's branch: a branch never
    // defines a register, so it lands before it.
    block.instrs = std::move(out);
  }
}

/// Rewrites `fn` so that constant `victim` of class `rc` (its one def
/// `def`, constantDef) is made again before each instruction that reads
/// it, into a fresh register, and its defs go: one ALU op and no memory
/// where a reload would wait for a load (and predicates have no memory).
void rematerialize(MFunction &fn, RegClass rc, int victim, const isa::Instr &def) {
  rewriteAccesses(
      fn, rc, victim, /*dropWrites=*/true,
      [&](const SpilledAccess &a, std::vector<MInstr> &out) {
        MInstr again;
        again.instr = def;
        again.instr.ops[0] = a.fresh;
        again.pos = a.pos;
        again.comment = "rematerialize spilled constant";
        out.push_back(std::move(again));
      },
      [](const SpilledAccess &, std::vector<MInstr> &) {});
}

/// Rewrites `fn` so that predicate `victim`, not a constant, lives outside
/// the predicate file (there is no memory for predicates, and only 8 of
/// them) in a scalar register `home` as 0 / 1: each instruction that names
/// it gets a fresh predicate instead; after each write `smov home, 0;
/// @fresh smov home, 1`, before each read (or guarded write) `scmp.ne
/// fresh, home, 0`. `home` is an ordinary virtual register: when scalars
/// run out too, it goes to SMEM.
void spillPredicate(MFunction &fn, int victim) {
  int home = fn.newVirtual(RegClass::S);
  auto add = [](std::vector<MInstr> &out, const SpilledAccess &a, isa::Opcode opcode,
                std::initializer_list<int64_t> ops, const char *comment, int guard = -1) {
    MInstr extra;
    extra.instr = isa::makeInstr(opcode, ops);
    extra.pos = a.pos;
    extra.comment = comment;
    if (guard >= 0)
      setGuard(extra, guard);
    out.push_back(std::move(extra));
  };
  rewriteAccesses(
      fn, RegClass::P, victim, /*dropWrites=*/false,
      [&](const SpilledAccess &a, std::vector<MInstr> &out) {
        if (a.reads || a.predicated)
          add(out, a, isa::Opcode::SCmpNeI, {a.fresh, home, 0}, "reload spilled predicate");
      },
      [&](const SpilledAccess &a, std::vector<MInstr> &out) {
        if (!a.writes)
          return;
        add(out, a, isa::Opcode::SMovI, {home, 0}, "spill predicate");
        add(out, a, isa::Opcode::SMovI, {home, 1}, "spill predicate", a.fresh);
      });
}

/// Rewrites `fn` so that virtual register `victim` lives outside its
/// register file: a constant (constantDef) is made again before each
/// reader (rematerialize), a predicate lives in a scalar register
/// (spillPredicate), anything else in memory: each instruction that names
/// it gets a fresh register instead, reloaded before it if it reads the
/// value (or writes it under a guard, which keeps the old value when false)
/// and stored after it if it writes the value.
absl::Status spill(MFunction &fn, VirtReg victim, RegAllocStats &stats) {
  RegClass rc = (RegClass)victim.first;
  ++(rc == RegClass::V ? stats.spilledV : rc == RegClass::S ? stats.spilledS : stats.spilledP);
  if (std::optional<isa::Instr> def = constantDef(fn, rc, victim.second)) {
    rematerialize(fn, rc, victim.second, *def);
    return absl::OkStatus();
  }
  int64_t slot;
  if (rc == RegClass::V) {
    slot = fn.vmemRows;
    fn.vmemRows += machine::kSublanes;
    if (fn.vmemRows > machine::kVmemRows)
      return absl::ResourceExhaustedError(
          "VMEM is full: no room left for register spill slots");
  } else if (rc == RegClass::S) {
    slot = fn.smemWords++;
    if (fn.smemWords > sim::kKernelSmemWords)
      return absl::ResourceExhaustedError("SMEM is full: no room for spill slots");
  } else {
    spillPredicate(fn, victim.second);
    return absl::OkStatus();
  }
  rewriteAccesses(
      fn, rc, victim.second, /*dropWrites=*/false,
      [&](const SpilledAccess &a, std::vector<MInstr> &out) {
        if (a.reads || a.predicated)
          out.push_back(spillAccess(rc, slot, a.fresh, a.pos, /*store=*/false));
      },
      [&](const SpilledAccess &a, std::vector<MInstr> &out) {
        if (a.writes)
          out.push_back(spillAccess(rc, slot, a.fresh, a.pos, /*store=*/true));
      });
  return absl::OkStatus();
}

/// One scan. Returns the assignment, or the value to spill.
struct ScanResult {
  /// The physical register of each virtual one (-1: none).
  PerRegister<int> assignment{-1};
  std::optional<VirtReg> spill;
  int stuckAt = -1;  // every register is read by the instruction here
};

/// What spilling the value of `it` at position `at` costs, relative to the
/// other live values of its class (none when the instruction at `at` reads
/// it): Belady's choice, the value whose next use is furthest away, weighted
/// for scalars by the reloads spilling everywhere makes. A scalar read more
/// than kScalarReloadsFree times from here on (an address an unrolled body
/// loads through, hundreds of times) weighs that many reloads / 8; the few
/// reads of a loop's bookkeeping weigh as any one value. (Vector values are
/// read a few times each: Belady's choice alone.)
std::optional<double> spillCost(RegClass rc, const Interval &it, int at) {
  constexpr double kScalarReloadsFree = 8;
  auto next = std::upper_bound(it.uses.begin(), it.uses.end(), at - 1);
  if (next == it.uses.end())
    return 0.0;
  if (*next <= at)
    return std::nullopt;
  double weight = 1;
  if (rc == RegClass::S)
    weight = std::max(1.0, double(it.uses.end() - next) / kScalarReloadsFree);
  return weight / double(*next - at);
}

ScanResult scan(int numPositions, const Intervals &intervals, RegAllocStats &stats) {
  ScanResult result;
  // Values by the start of their interval.
  std::vector<std::vector<VirtReg>> startsAt(numPositions);
  intervals.forEach([&](VirtReg vr, const Interval &it) { startsAt[it.start].push_back(vr); });
  std::vector<std::vector<bool>> busy(kNumRegClasses);
  std::vector<std::vector<VirtReg>> holder(kNumRegClasses);
  // When each register was last freed (-1: never used). Taking the one freed
  // longest ago keeps reuse, and so false dependences, away from each other:
  // the scheduler that runs after allocation can then overlap more.
  std::vector<std::vector<int>> freedAt(kNumRegClasses);
  // The busy registers of each class, so that freeing looks at the few
  // live values rather than at every register at every instruction.
  std::vector<std::vector<int>> occupied(kNumRegClasses);
  for (int c = 0; c < kNumRegClasses; ++c) {
    busy[c].assign(numPhysRegs((RegClass)c), false);
    holder[c].assign(numPhysRegs((RegClass)c), {-1, -1});
    freedAt[c].assign(numPhysRegs((RegClass)c), -1);
  }
  for (int i = 0; i < numPositions; ++i) {
    // Free registers whose values died before this instruction.
    for (int c = 0; c < kNumRegClasses; ++c) {
      std::vector<int> &regs = occupied[c];
      regs.erase(std::remove_if(regs.begin(), regs.end(),
                                [&](int r) {
                                  if (intervals.at(holder[c][r]).end >= i)
                                    return false;
                                  busy[c][r] = false;
                                  freedAt[c][r] = i;
                                  return true;
                                }),
                 regs.end());
      stats.maxLive[c] = std::max(stats.maxLive[c], (int)regs.size());
    }
    for (const VirtReg &vr : startsAt[i]) {
      int c = vr.first;
      int r = -1;
      for (int k = 0; k < (int)busy[c].size(); ++k)
        if (!busy[c][k] && (r < 0 || freedAt[c][k] < freedAt[c][r]))
          r = k;
      if (r >= 0) {
        busy[c][r] = true;
        occupied[c].push_back(r);
        holder[c][r] = vr;
        result.assignment(c, vr.second) = r;
        continue;
      }
      // Spill the live value that costs least (spillCost); values this
      // instruction reads must stay.
      std::optional<VirtReg> victim;
      double cheapest = 0;
      for (const VirtReg &other : holder[c]) {
        std::optional<double> cost = spillCost((RegClass)c, intervals.at(other), i);
        if (cost && (!victim || *cost < cheapest)) {
          cheapest = *cost;
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
    Intervals intervals = computeIntervals(fn);
    std::optional<VirtReg> undefined;
    intervals.forEach([&](VirtReg vr, const Interval &it) {
      if (!it.defined && !undefined)
        undefined = vr;
    });
    if (undefined)
      return absl::InternalError(absl::StrCat(
          "register allocation: virtual register ", undefined->second, " of class ",
          undefined->first, " is used but never defined"));
    RegAllocStats round;
    ScanResult r = scan(fn.numInstrs(), intervals, round);
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
    for (MBlock &block : fn.blocks)
      for (MInstr &mi : block.instrs)
        for (const RegOperand &op : regOperands(mi))
          setReg(mi, op, r.assignment((int)op.rc, getReg(mi, op)));
    return stats;
  }
}

}  // namespace tessera::lowering
