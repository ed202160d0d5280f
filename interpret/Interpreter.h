//===- Interpreter.h - The reference interpreter of kernel IR ---------------===//
//
// Interpret mode (README, "Interpret mode"; PALLAS_REFERENCE.md section 7):
// runs a traced kernel (the kernel IR of stage "kernel": func, scf, arith,
// math and tessera ops on memrefs and vectors) directly, op by op, on
// logical arrays. It is a second, independent statement of the semantics:
// it shares no code with the lowering or the simulator's executor, only the
// numerics (sim/VectorMath.h, so results agree bit for bit with the compiled
// program) and the runtime's types. A tessera.grid (pallas_call,
// emit_pipeline) runs as Pallas states it: the core's grid points in order
// (the parallel ones shuffled by Options::gridShuffleSeed), blocks copied in
// when their index changes and out when the next point's differs, not the
// compiler's DMA pipeline.
//
// Memory: the HBM operands, VMEM / SMEM scratch and DMA semaphores of the
// kernel. A DMA moves its data when a wait consumes it (on_wait) or when it
// starts (eager); either way its bytes are added to its semaphore when it
// lands and a wait takes them off, as on the chip. Every fault is an
// absl::Status naming the op's source line; the interpreter never crashes on
// a bad kernel and keeps no state between runs.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "runtime/Types.h"

namespace mlir {
class ModuleOp;
}  // namespace mlir

namespace tessera::interpret {

/// How a kernel runs (pltpu::InterpretParams, plus what the caller knows of
/// the kernel).
struct Options {
  enum class DmaMode { OnWait, Eager };
  DmaMode dmaMode = DmaMode::OnWait;
  /// Vector loads / stores and DMAs against the ranges of DMAs in flight
  /// (between start and wait) are errors naming both lines.
  bool detectRaces = false;
  /// Scratch and fresh outputs start as NaN / INT_MAX (else zeros).
  bool uninitializedNan = true;
  /// A read of never-written VMEM scratch is an error.
  bool checkUninitializedReads = true;
  /// A vector or scalar load outside its Ref gives uninitialized values
  /// (those of uninitializedNan) for the elements outside, instead of an
  /// error (InterpretParams::out_of_bounds_reads = uninitialized).
  bool uninitializedOutOfBoundsReads = false;
  /// Vector loads and stores are checked against the buffers' padded
  /// shapes (the last two dims rounded up to the (8, 128) tile, (16, 128)
  /// bf16, (32, 128) int8), as the memory is laid out: the padding reads as
  /// uninitialized and takes no writes (InterpretParams::buffer_bounds =
  /// padded).
  bool paddedBufferBounds = false;
  /// Parallel grid points in a shuffled order (0: row-major).
  uint64_t gridShuffleSeed = 0;
  /// Every semaphore must be zero when the kernel ends (CompilerParams'
  /// semaphore checks).
  bool semaphoreChecks = true;
  /// How many scratch arguments are the user's (scratch_types): only those
  /// are checked for uninitialized reads; the compiler's own (pallas_call's
  /// block buffers, whose padding rows are unspecified by design) are not.
  /// -1: all of them.
  int numUserScratch = -1;
  /// Stops a kernel that runs more ops than this (a loop that never ends):
  /// every op run counts one, and so does every trip of a loop. The launch
  /// sets it from its cycle budget (DebugOptions::cycle_budget), so that
  /// one knob ends runaway programs in both modes.
  int64_t maxOps = int64_t{1} << 27;
  /// Stops a kernel whose ops have done more host work than this, in the
  /// simulator's units (sim::kWorkPerVectorOp per vreg of a vector result,
  /// sim::kWorkPerTranscendentalOp per vreg of an EUP function,
  /// sim::kWorkPerMatmulOp per 8 x 128 x 128 block of a dot): a loop of
  /// transcendentals costs the host far more per op than a scalar loop.
  /// The launch sets it as it sets the chip's (DebugOptions::work_budget).
  /// 0: no bound.
  int64_t workBudget = 0;
};

/// An array in host memory as runtime::Host reads and writes buffers:
/// row-major, one element per 32-bit word (bf16 bits in the low 16 bits,
/// int8 in the low 8, bool 0 / 1).
struct HostArray {
  ShapeDtypeStruct type;
  std::vector<uint32_t> words;
};

/// The kernel's operands: its inputs (the scalar-prefetch ones first) and
/// outputs. An output aliased to an input (input_output_aliases) is one
/// buffer with it: it starts as the input's data. Other outputs start
/// uninitialized. After a successful run `outputs` hold the results.
struct KernelArgs {
  std::vector<HostArray> inputs;
  std::vector<HostArray> outputs;
  std::vector<std::pair<int, int>> aliases;  // (input, output)
  /// The device's index in its launch's mesh (tessera.device_id).
  int deviceIndex = 0;
  /// After a successful run: one warning per output (not aliased) with rows
  /// nothing wrote, naming them, as the compiled program's launch warns.
  std::vector<std::string> warnings;
};

/// Runs the kernel function (the func.func with tessera.kernel) of `module`.
absl::Status run(mlir::ModuleOp module, KernelArgs &args, const Options &options);
/// Runs it on every device of a launch at once (a shard_map's kernel), part
/// d on the device with mesh index parts[d].deviceIndex: the devices' cores
/// interleave as a launch's cores do, and remote copies and signals reach
/// the other parts.
absl::Status run(mlir::ModuleOp module, std::vector<KernelArgs> &parts, const Options &options);

/// The ops the interpreter executes, by name ("tessera.dot", "arith.addf",
/// ...): one dispatch table (Interpreter.cpp) holds them.
std::vector<std::string> supportedOps();

}  // namespace tessera::interpret
