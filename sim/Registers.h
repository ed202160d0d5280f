//===- Registers.h - A TensorCore's register files and their readiness ----===//
//
// Internal to the simulator. Each register file holds the architectural
// registers followed by kShadowRegs shadows (Program.h). Every register
// remembers when its last write becomes readable and which op wrote it,
// so an early read can be reported naming both ops' bundles and lines. The
// state of the units that are not registers but start every run empty lives
// here too: the matrix units and the issue times of the EUP and the XLU.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <cstdint>

#include "sim/Chip.h"
#include "sim/Mxu.h"
#include "sim/VectorQueue.h"
#include "sim/VectorUnit.h"

namespace tessera::sim {

struct TensorCore::Registers {
  static constexpr int kS = machine::kNumSRegs + kShadowRegs;
  static constexpr int kV = machine::kNumVRegs + kShadowRegs;
  static constexpr int kP = machine::kNumPRegs + kShadowRegs;

  /// Each vector register's storage: a permutation of `storage`. The
  /// executor swaps two registers' storage when one of them holds a dead
  /// value (DecodedOp::vDies), so that a result lands in storage the core
  /// just touched (in the cache) instead of the 4 KiB its register last
  /// held many ops ago; no value anything can still read ever moves.
  std::array<VRegData *, kV> v;
  alignas(64) std::array<VRegData, kV> storage;
  Registers() {
    for (int i = 0; i < kV; ++i)
      v[i] = &storage[i];
  }
  std::array<uint32_t, kS> s;
  std::array<uint8_t, kP> p;
  /// Cycle from which the register may be read.
  std::array<int64_t, kS> sReady;
  std::array<int64_t, kV> vReady;
  std::array<int64_t, kP> pReady;
  /// The op (an index into Program::ops()) that last wrote the register.
  std::array<uint32_t, kS> sWriter;
  std::array<uint32_t, kV> vWriter;
  std::array<uint32_t, kP> pWriter;

  /// Vector registers written since the last reset: only those need
  /// zeroing (4 KiB each), which keeps a launch cheap.
  uint64_t vDirty = ~uint64_t{0};
  /// Vector registers that read as zero but still hold a previous run's
  /// data: reset() marks the dirty ones stale instead of clearing them, and
  /// the first read zeroes a stale register (a write just clears the mark).
  /// Most kernels write their registers before reading them, so a launch
  /// rarely clears any; zeroStale() clears the rest when the run ends.
  uint64_t vStale = 0;
  static_assert(kV <= 64);

  /// Register `r` still holds a previous run's data: its first read zeroes
  /// it (zeroV).
  bool isStale(unsigned r) const { return vStale >> r & 1; }
  /// Register `r` is being written whole.
  void wroteV(unsigned r) {
    vDirty |= uint64_t{1} << r;
    vStale &= ~(uint64_t{1} << r);
    vDead &= ~(uint64_t{1} << r);
  }

  /// Registers whose value is dead (read for the last time, not written
  /// since), the most recent last on `deadStack`: their storage is warm.
  uint64_t vDead = 0;
  std::array<uint8_t, 16> deadStack{};
  int deadTop = 0;
  /// Register `r`'s value was just read for the last time.
  void died(unsigned r) {
    vDead |= uint64_t{1} << r;
    if (deadTop == static_cast<int>(deadStack.size())) {
      std::copy(deadStack.begin() + 1, deadStack.end(), deadStack.begin());
      --deadTop;
    }
    deadStack[deadTop++] = static_cast<uint8_t>(r);
  }
  /// Before `d` is written whole: trade its storage for that of the most
  /// recently dead register, if any (the dead one gets d's, unread).
  void takeWarm(unsigned d) {
    while (deadTop > 0) {
      unsigned r = deadStack[--deadTop];
      if ((vDead >> r & 1) && r != d) {
        swapStorage(d, r);
        return;
      }
    }
  }
  /// `a` and `b` trade storage (both count as written: reset() then zeroes
  /// what either holds).
  void swapStorage(unsigned a, unsigned b) {
    std::swap(v[a], v[b]);
    vDirty |= uint64_t{1} << a | uint64_t{1} << b;
  }
  [[gnu::noinline]] void zeroV(unsigned r) {
    v[r]->fill(0);
    vStale &= ~(uint64_t{1} << r);
  }
  void zeroStale() {
    for (int i = 0; i < kV; ++i)
      if (vStale >> i & 1)
        v[i]->fill(0);
    vStale = 0;
  }

  /// The deferred data of elementwise vector ops (VectorQueue.h; empty
  /// between runs).
  VectorQueue queue;

  /// The matrix units (Mxu.h).
  std::array<MatrixUnit, machine::kNumMxus> mxu;
  /// The XLU's transpose buffer (VectorUnit.h).
  TransposeUnit xpose;
  /// Earliest issue cycle of the next EUP / XLU op, and the bundle of the
  /// last one (for the fault naming both).
  int64_t eupFree = 0, xluFree = 0;
  uint32_t eupLast = 0, xluLast = 0;

  /// All registers zero and readable from cycle 0 (the vector registers
  /// lazily: see vStale).
  void reset() {
    // Each register back to its own storage, so that a kernel's queued ops
    // name the same storage every launch and reuse their plan. No value
    // moves: a register that ever traded storage is dirty, hence stale now.
    for (int i = 0; i < kV; ++i)
      v[i] = &storage[i];
    // What the last run left waiting (VectorQueue::run(true)) wrote only
    // registers that are stale now: nothing can read it any more.
    queue.dropPending();
    vDead = 0;
    deadTop = 0;
    vStale |= vDirty;
    vDirty = 0;
    s.fill(0);
    p.fill(0);
    sReady.fill(0);
    vReady.fill(0);
    pReady.fill(0);
    sWriter.fill(0);
    vWriter.fill(0);
    pWriter.fill(0);
    for (MatrixUnit &unit : mxu)
      unit.reset();
    xpose.reset();
    eupFree = xluFree = 0;
    eupLast = xluLast = 0;
  }
};

}  // namespace tessera::sim
