//===- MachineDesc.h - The simulated TPU v4 TensorCore, in numbers --------===//
//
// Every number the compiler and the simulator assume about the chip lives
// here, once. Public figures are cited; the rest are model assumptions
// (HARDWARE.md, "Model assumptions") that tests follow when changed.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>

namespace tessera::machine {

// --- What the seed fixes. ---
inline constexpr int kChipsPerHost = 4;       // initialize_local_chips()
inline constexpr int kCoresPerChip = 2;       // TC0, TC1
inline constexpr int kNumSRegs = 32;          // s0-s31, 32 bit
inline constexpr int kNumVRegs = 32;          // v0-v31
inline constexpr int kSublanes = 8;           // vreg rows
inline constexpr int kLanes = 128;            // vreg columns
inline constexpr int kVRegElems = kSublanes * kLanes;  // 1024 x 32 bit
inline constexpr int64_t kVmemBytes = 16ll << 20;      // 16 MiB per TC
inline constexpr int64_t kSmemBytes = 1ll << 20;       // 1 MiB per TC
/// The VMEM (and HBM) address unit: one sublane row of 128 x 32 bit. The
/// listing's [vmem:0x8] is row 8; one tile spans 8 addresses.
inline constexpr int64_t kRowBytes = kLanes * 4;
inline constexpr int64_t kTileRows = kSublanes;
inline constexpr int64_t kTileBytes = kRowBytes * kTileRows;  // 4 KiB
inline constexpr int64_t kVmemRows = kVmemBytes / kRowBytes;  // 32768
/// SMEM is addressed in 32-bit words.
inline constexpr int64_t kSmemWords = kSmemBytes / 4;

// --- Public numbers (Cloud TPU v4 docs, jax/_src/tpu_info.py, scaling-book).
/// 275e12 / (2 cores x 4 MXU x 128 x 128 x 2 flop) = 1.05e9.
inline constexpr double kClockHz = 1050e6;
inline constexpr int64_t kHbmBytes = 32ll << 30;   // 32 GiB HBM2 per chip
inline constexpr int64_t kHbmRows = kHbmBytes / kRowBytes;
/// 1200 GB/s per chip, shared by two cores: ~615 GB/s per TensorCore.
inline constexpr double kHbmBytesPerSecondPerCore = 615e9;
inline constexpr double kHbmBytesPerCyclePerCore =
    kHbmBytesPerSecondPerCore / kClockHz;  // ~585.7
inline constexpr int64_t kDmaGranuleBytes = 512;   // native DMA granule

// --- Model assumptions (not public for v4). ---
/// DMA semaphores per TensorCore (semaphore memory).
inline constexpr int kNumSemaphores = 256;
/// Predicate registers p0-p7 set by scalar compares; they guard any op.
inline constexpr int kNumPRegs = 8;
/// Fixed DMA start-up latency for an HBM endpoint, in cycles.
inline constexpr int64_t kDmaStartupCycles = 500;
/// DMA start-up latency for VMEM-to-VMEM copies, in cycles.
inline constexpr int64_t kLocalDmaStartupCycles = 50;
/// VMEM-to-VMEM bandwidth in bytes per cycle (one 4 KiB unit per cycle).
inline constexpr double kLocalDmaBytesPerCycle = 4096;

/// VLIW slots per bundle (as described for TPUv2/v3).
inline constexpr int kScalarSlots = 2;
inline constexpr int kVectorAluSlots = 2;
inline constexpr int kVectorLoadSlots = 1;
inline constexpr int kVectorStoreSlots = 1;
inline constexpr int kMatrixSlots = 2;
inline constexpr int kMiscSlots = 1;

/// Latencies in cycles (issue to result ready).
inline constexpr int kLatScalarAlu = 1;
inline constexpr int kLatScalarLoad = 4;
inline constexpr int kLatVectorInt = 1;
inline constexpr int kLatVectorIntMul = 2;
inline constexpr int kLatVectorFloat = 2;
inline constexpr int kLatVectorLoad = 3;
inline constexpr int kLatTranscendental = 7;
/// Scalar division and remainder (sdiv, srem).
inline constexpr int kLatScalarDiv = 4;
/// Cycles without issue after a taken sbr (HARDWARE.md: "2-3 cycles of
/// delay or bubbles"); a branch not taken costs nothing.
inline constexpr int kBranchTakenCycles = 2;

}  // namespace tessera::machine
