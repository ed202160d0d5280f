//===- Timeline.h - A run as Chrome Trace Event JSON (Perfetto) -----------===//
//
// Internal to the library: Compiled::trace and the samples' --trace write
// through it. The JSON (written with llvm::json) opens in ui.perfetto.dev
// and chrome://tracing:
//
// - one process per chip ("chip C"); in it, per TensorCore K, one thread
//   (track) per unit slot, each named "TensorCore K ...": scalar 0/1,
//   vector ALU 0/1, vector load, vector store, EUP, XLU, matrix 0/1, misc,
//   the four MXUs' streams, the core's stalls (vwait.ge / dma.fence / a
//   full DMA queue / taken-branch bubbles), a "kernel" track with one span
//   per launch, and "DMA k" tracks (core K's thread ids are K *
//   kCoreTrackStride + the ids below);
// - each op a complete ("X") slice named by its mnemonic and source line
//   ("vmul.f32 matmul.cc:120"), lasting the cycles it keeps its unit busy
//   (sim/TIMING.md, "Profiles"); an MXU's vmatmul a stream slice;
// - each DMA a span from issue to completion on the first free DMA track,
//   with a flow arrow from the op that started it, through its completion,
//   to the wait that consumed it (the first vwait.ge on its semaphore, or
//   dma.fence, issued at or after its completion);
// - each semaphore a counter ("TensorCore K sem N"): its value at the
//   start, after each DMA that lands on it and after each vsyncadd;
// - per chip, a counter of the HBM transfers (DMAs past their start-up, of
//   either core) sharing the chip's HBM bandwidth at each moment, and one
//   per ICI link of the chip that remote DMAs cross ("ICI link +x: remote
//   DMAs crossing": the DMAs of any chip whose route takes that link, while
//   their bytes leave; sim/TIMING.md, [ICI]).
//
// The time axis counts cycles: one cycle is one nanosecond (real time is
// cycles / machine::kClockHz; Perfetto keeps integer nanoseconds, which
// would merge neighbouring cycles at 0.952 ns each). Every slice's args
// carry its cycle. Launches follow one another; the cores of one launch
// start together, each in its own process.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "sim/Chip.h"
#include "sim/Executable.h"
#include "sim/Slice.h"
#include "sim/Trace.h"

namespace tessera::timeline {

/// One traced kernel launch.
struct Launch {
  const sim::Executable *exe = nullptr;
  const sim::Trace *trace = nullptr;
  sim::RunResult run;
  int chip = 0;
  int core = 0;
  /// Runs at the same time as the launch before it: another core of the
  /// same launch (a megacore launch is one Launch per core).
  bool withPrevious = false;
};

/// The JSON text of `launches`, run one after the other on the chips of a
/// torus of `torus` (the routes of their remote DMAs).
std::string toJson(const std::vector<Launch> &launches,
                   const sim::TorusShape &torus = sim::kHostTorus);
/// Writes toJson(launches, torus) to `path`; the error names the path.
absl::Status write(const std::string &path, const std::vector<Launch> &launches,
                   const sim::TorusShape &torus = sim::kHostTorus);

/// Track (thread) ids, for readers and tests.
inline constexpr int kKernelTrack = 1;
inline constexpr int kStallTrack = 2;
inline constexpr int kFirstUnitTrack = 10; // then one per unit slot
inline constexpr int kFirstDmaTrack = 100; // DMA 0, DMA 1, ...
/// TensorCore K's tracks are K * kCoreTrackStride + the ids above.
inline constexpr int kCoreTrackStride = 1000;

} // namespace tessera::timeline
