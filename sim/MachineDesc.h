//===- MachineDesc.h - The simulated TPU v4 TensorCore, in numbers --------===//
//
// Every number the compiler and the simulator assume about the chip lives
// here, once. Public figures are cited; the rest are model assumptions
// (HARDWARE.md, "Model assumptions") that tests follow when changed.
// The timing rules these numbers feed are written down in sim/TIMING.md.
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
/// 1200 GB/s per chip (Cloud TPU v4 docs).
inline constexpr double kHbmBytesPerSecondPerChip = 1200e9;
/// What one TensorCore streaming alone gets: the whole chip's bandwidth
/// (~1142.9 bytes per cycle), the roofline of a kernel's profile.
inline constexpr double kHbmBytesPerCyclePerCore =
    kHbmBytesPerSecondPerChip / kClockHz;
/// The same rate as an exact ratio, 1200e9 / 1050e6 = 8000 bytes per 7
/// cycles: the chip's HBM path (Dma.h), shared by every HBM DMA in flight
/// on either core, so two cores streaming together get half each (the
/// "~615 GB/s per TensorCore" of tpu_info.py).
inline constexpr int64_t kHbmPathBytes = 8000;
inline constexpr int64_t kHbmPathCycles = 7;
static_assert(kHbmPathBytes * kClockHz ==
              kHbmBytesPerSecondPerChip * kHbmPathCycles);
/// Each core's share when both cores stream.
inline constexpr double kHbmBytesPerSecondPerCoreShared =
    kHbmBytesPerSecondPerChip / kCoresPerChip;
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
/// VMEM-to-VMEM bandwidth in bytes per cycle (one 4 KiB unit per cycle):
/// each core's local path (Dma.h), shared by that core's local copies and
/// apart from HBM.
inline constexpr int64_t kLocalDmaBytesPerCycle = 4096;
/// Cycles from a vsyncadd.core to the other TensorCore of the chip until a
/// bundle there sees the semaphore change (assumption: HARDWARE.md, "a
/// semaphore signal to the other core takes an assumed fixed latency"). A
/// signal to the own core is immediate, as vsyncadd.
inline constexpr int64_t kCrossCoreSignalCycles = 100;
/// DMAs a TensorCore keeps in flight (assumption: the depth of its DMA
/// descriptor queue). A bundle that starts a DMA while the queue is full
/// stalls until one lands (Dma.h), as a full hardware queue pushes back on
/// the scalar unit.
inline constexpr int kDmaQueueDepth = 64;

/// VLIW slots per bundle (as described for TPUv2/v3).
inline constexpr int kScalarSlots = 2;
inline constexpr int kVectorAluSlots = 2;
inline constexpr int kVectorLoadSlots = 1;
inline constexpr int kVectorStoreSlots = 1;
inline constexpr int kMatrixSlots = 2;
inline constexpr int kMiscSlots = 1;
/// The transcendental unit (EUP) and the cross-lane unit (XLU): one op of
/// each per bundle (HARDWARE.md, "Units beyond the vector ALUs").
inline constexpr int kTranscendentalSlots = 1;
inline constexpr int kCrossLaneSlots = 1;

/// Latencies in cycles (issue to result ready).
inline constexpr int kLatScalarAlu = 1;
inline constexpr int kLatScalarLoad = 4;
inline constexpr int kLatVectorInt = 1;
inline constexpr int kLatVectorIntMul = 2;
inline constexpr int kLatVectorFloat = 2;
inline constexpr int kLatVectorLoad = 3;
/// Vector integer division and remainder (vdiv.s32, vrem.s32): a
/// multi-step sequence on the vector ALU.
inline constexpr int kLatVectorIntDiv = 8;
/// vextract: one element of a vreg into a scalar register. The vector
/// unit and the scalar unit are far apart (an assumption: a short queue
/// between them, as Mosaic's vector.extract of a scalar goes through one).
inline constexpr int kLatVectorToScalar = 8;
/// Sublane butterfly reductions (vredsub.*): three exchange steps over the
/// 8 sublanes on the vector ALU.
inline constexpr int kLatSublaneReduce = 6;

/// Transcendental unit (EUP): exp, log, tanh, logistic, rsqrt, sqrt,
/// reciprocal, sin, cos, erf, pow. One op per vreg every kEupIssueInterval
/// cycles (an EUP op issued earlier is a fault), result after
/// kLatTranscendental cycles.
inline constexpr int kLatTranscendental = 7;
inline constexpr int kEupIssueInterval = 2;
/// vdiv.f32: the EUP's reciprocal plus the refinement that makes the
/// quotient IEEE-exact, costed as one EUP op with a longer latency.
inline constexpr int kLatDivide = 10;

/// Cross-lane unit (XLU): lane reductions, lane broadcasts and rotates.
/// Long latency, one op every kCrossLaneIssueInterval cycles.
inline constexpr int kLatCrossLane = 24;
inline constexpr int kCrossLaneIssueInterval = 4;
/// XLU transposes (vxpose.push / vxpose.pop): the unit transposes a group
/// of kXposeGroupVregs 8x128 vregs, one 128x128 block of 32-bit words,
/// as Mosaic's XLU transposes do. Pushes and pops are XLU ops (one every
/// kCrossLaneIssueInterval cycles); the transposed block is readable
/// kXposeResultLatency cycles after the push that completes the group
/// (assumption: the cross-lane latency), a pop's vreg kLatXposePop cycles
/// after the pop.
inline constexpr int kXposeGroupVregs = kLanes / kSublanes;  // 16
inline constexpr int kXposeResultLatency = kLatCrossLane;
inline constexpr int kLatXposePop = 2;

/// Matrix units (MXU): kNumMxus per TensorCore, each a weight-stationary
/// kMxuDim x kMxuDim array. 4 x 128 x 128 MACs x 2 flop x 1050 MHz =
/// 137.6 TFLOP/s per core (public: 275 TFLOP/s per chip).
inline constexpr int kNumMxus = 4;
inline constexpr int kMxuDim = 128;
/// Weight rows (K) one push carries: a packed bf16 vreg holds 16 rows, a
/// packed int8 vreg 32; kMxuDim / rows pushes fill the staging buffer.
inline constexpr int kMxuBf16PushRows = 16;
inline constexpr int kMxuS8PushRows = 32;
inline constexpr int kMxuBf16Pushes = kMxuDim / kMxuBf16PushRows;  // 8
inline constexpr int kMxuS8Pushes = kMxuDim / kMxuS8PushRows;      // 4
/// Cycles between two pushes into the same MXU (assumption).
inline constexpr int kMxuPushInterval = 2;
/// A push and a latch take effect from the next cycle (they write no
/// register; the table's latency column).
inline constexpr int kLatMxuPush = 1;
inline constexpr int kLatMxuLatch = 1;
/// One 8x128 LHS vreg streams through an MXU in 8 cycles (public: one LHS
/// row of 128 per cycle); the next vmatmul on that MXU waits for it.
inline constexpr int kMxuStreamCycles = 8;
/// A vmatmul's result may be popped this many cycles after issue
/// (assumption: stream time plus drain through the array).
inline constexpr int kMxuResultLatency = 16;
/// Results (8x128 each) an MXU's result FIFO holds.
inline constexpr int kMxuResultSlots = 32;
/// vmatpop: FIFO head to vector register.
inline constexpr int kLatMxuPop = 2;

/// Packed dtypes: elements per 32-bit word along rows (layout::TiledShape).
inline constexpr int kBf16Packing = 2;
inline constexpr int kS8Packing = 4;
inline constexpr int kS16Packing = 2;
/// Scalar division and remainder (sdiv, srem; sdiv.f32).
inline constexpr int kLatScalarDiv = 4;
/// Scalar f32 arithmetic, compares and conversions (sadd.f32 ... scvt.*):
/// an assumption, as the vector unit's f32 latency (kLatVectorFloat).
inline constexpr int kLatScalarFloat = 2;
/// Cycles without issue after a taken sbr (HARDWARE.md: "2-3 cycles of
/// delay or bubbles"); a branch not taken costs nothing.
inline constexpr int kBranchTakenCycles = 2;

// --- The interconnect between chips (ICI; sim/TIMING.md, [ICI]). ---
/// ICI ports per chip: +-x, +-y, +-z of v4's 3-D torus (public: "6 links
/// per chip"); a host of 4 chips wires its x and y neighbours.
inline constexpr int kIciLinksPerChip = 6;
/// Bandwidth of one link, one way (public: "about 45 GB/s one way").
inline constexpr double kIciBytesPerSecondPerLink = 45e9;
/// The same as an exact ratio of the clock: 300 bytes per 7 cycles
/// (45e9 B/s / 1.05e9 cycles/s = 42.86 B/cycle).
inline constexpr int64_t kIciLinkBytes = 300;
inline constexpr int64_t kIciLinkCycles = 7;
static_assert(kIciLinkBytes * kClockHz == kIciBytesPerSecondPerLink * kIciLinkCycles);
/// Latency of one hop of a remote DMA or signal (public: "about 1 us per
/// hop"): 1 us of the clock.
inline constexpr int64_t kIciHopCycles = 1050;
static_assert(kIciHopCycles == static_cast<int64_t>(kClockHz / 1e6));

}  // namespace tessera::machine
