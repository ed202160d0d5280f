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
#include "sim/VectorUnit.h"

namespace tessera::sim {

struct TensorCore::Registers {
  static constexpr int kS = machine::kNumSRegs + kShadowRegs;
  static constexpr int kV = machine::kNumVRegs + kShadowRegs;
  static constexpr int kP = machine::kNumPRegs + kShadowRegs;

  alignas(64) std::array<VRegData, kV> v;
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

  /// Register `r` holds zero if it was stale.
  void readyV(unsigned r) {
    if (vStale >> r & 1) [[unlikely]]
      zeroV(r);
  }
  /// Register `r` is being written whole.
  void wroteV(unsigned r) {
    vDirty |= uint64_t{1} << r;
    vStale &= ~(uint64_t{1} << r);
  }
  [[gnu::noinline]] void zeroV(unsigned r) {
    v[r].fill(0);
    vStale &= ~(uint64_t{1} << r);
  }
  void zeroStale() {
    for (int i = 0; i < kV; ++i)
      if (vStale >> i & 1)
        v[i].fill(0);
    vStale = 0;
  }

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
