//===- Program.h - The outer program: kernels as custom-calls -------------===//
//
// What jit traces around kernels (the seed's outer layers): parameters, one
// custom-call per kernel call (custom_call_target="tpu_custom_call"), and
// outputs. It prints as HLO text and runs on a device: each custom-call
// launches its kernel's executable on the simulated chip.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <source_location>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "runtime/Array.h"
#include "runtime/Sharding.h"
#include "sim/Chip.h"
#include "sim/Executable.h"

namespace tessera::runtime {

/// One device's part of a launch: where, and its operands' buffers.
struct DeviceOperands {
  Device device;
  std::vector<Array> inputs, outputs;
  /// The device's index in the launch's mesh (the kernel's device id).
  int meshIndex = 0;
};

/// The run-time checks of a launch (tessera::DebugOptions; README, "Checks
/// and faults").
struct LaunchOptions {
  /// sim::RunOptions::checkUninitializedReads.
  bool checkUninitializedReads = false;
  /// sim::RunOptions::cycleBudget (interpret mode: interpreted ops); 0: a
  /// cycle per sim::kArrayBytesPerBudgetCycle bytes of the launch's inputs
  /// and outputs on each device, at least sim::kDefaultCycleBudget.
  int64_t cycleBudget = 0;
  /// sim::RunOptions::dmaByteBudget; 0: sim::kDmaBytesPerArrayByte per
  /// byte of the launch's inputs and outputs on each device, at least
  /// sim::kDefaultDmaByteBudget.
  int64_t dmaByteBudget = 0;
  /// sim::RunOptions::workBudget; 0: sim::launchWorkBudget of the bytes of
  /// the launch's inputs and outputs on each device.
  int64_t workBudget = 0;
  /// sim::RunOptions::trace: the run's events (profiles and timelines).
  sim::Trace *trace = nullptr;
  /// A launch on several cores: core c's events go to coreTraces[c] (when
  /// empty, `trace` gets core 0's).
  std::vector<sim::Trace *> coreTraces;
};

/// Budgets one run of a program gives all its launches (Compiled::run's
/// tessera::RunBudgets): a nonzero field replaces the kernel's own
/// (DebugOptions) and the default.
struct RunBudgets {
  int64_t cycleBudget = 0, dmaByteBudget = 0, workBudget = 0;
  /// `options` with these budgets applied.
  LaunchOptions over(LaunchOptions options) const;
};

/// How many host threads a launch on several chips may simulate on
/// (sim::Slice::runChipsApart: the chips of a kernel that reaches no
/// other chip run apart, with the same results); by default the host's
/// hardware threads; 1 runs every launch's cores in one thread, together.
int simulationThreads();
void setSimulationThreads(int threads);

/// The cycle budget of a launch over `parts` (LaunchOptions::cycleBudget,
/// or its default for their data).
int64_t cycleBudgetOf(const LaunchOptions &options, const std::vector<DeviceOperands> &parts);
/// The work budget of a launch over `parts` (LaunchOptions::workBudget, or
/// its default for their data), for the chip and for interpret mode alike.
int64_t workBudgetOf(const LaunchOptions &options, const std::vector<DeviceOperands> &parts);
/// The DMA budget of a launch over `parts` (LaunchOptions::dmaByteBudget,
/// or its default for their data).
int64_t dmaByteBudgetOf(const LaunchOptions &options, const std::vector<DeviceOperands> &parts);

/// A compiled kernel as the runtime launches it.
struct KernelBinary {
  std::string name;
  std::string position;  // "file.cc:LINE" of the pl::kernel
  std::vector<ShapeDtypeStruct> inputs, outputs;
  std::vector<std::string> inputNames, outputNames;
  /// The first inputs are int32 arrays copied into SMEM at launch.
  int numScalarInputs = 0;
  /// The TensorCores of the device's chip the kernel runs on together
  /// (cores 0 .. numCores - 1, each told its index through the ABI's
  /// sim::kCoreIndexSmemWord); 1: the device's core (TensorCore 0 of a
  /// whole chip).
  int numCores = 1;
  /// input_output_aliases: (input, output) pairs. The output starts as a
  /// copy of the input and the kernel sees one buffer for both.
  std::vector<std::pair<int, int>> aliases;
  sim::Executable executable;
  std::shared_ptr<const sim::Program> program;
  /// Kernel IR after each stage (lowering::stageNames()).
  std::vector<std::pair<std::string, std::string>> stages;
  /// When set, `stages` is left empty and this prints them: printing costs
  /// more than compiling a small kernel, so the compiler keeps the traced
  /// kernel and compiles it again with snapshots when Compiled::ir asks.
  std::function<std::vector<std::pair<std::string, std::string>>()> printStages;
  int64_t vmemBytes() const;
  /// Host memory the binary holds: its code, the loaded program, the IR
  /// stages already printed (the compile cache's byte bound counts it).
  int64_t hostBytes() const;

  /// Interpret mode (README, "Interpret mode"): when set, a launch runs the
  /// kernel IR on the reference interpreter with the operands' data instead
  /// of `program` on the chip (every device of the launch, each with its
  /// mesh index); `executable` is empty and `stages` holds the "kernel"
  /// stage only. driver/Driver.cpp makes it (interpretKernel).
  /// It returns the run's warnings (unwritten output rows). The launch's
  /// cycle budget bounds the interpreted ops (interpret::Options::maxOps).
  std::function<absl::StatusOr<std::vector<std::string>>(
      const std::vector<DeviceOperands> &parts, const LaunchOptions &options)>
      interpret;
  /// For an interpreted kernel: what its listing says instead of machine
  /// code, and the same kernel compiled (on demand, for the other IR stages).
  std::string interpretNote;
  std::function<std::shared_ptr<const KernelBinary>()> compiled;
  bool interpreted() const { return (bool)interpret; }
};


/// One TensorCore of the host.
struct CoreId {
  int chip = 0;
  int core = 0;
  bool operator==(const CoreId &) const = default;
};

/// What one launch did on the chip.
struct LaunchStats {
  sim::RunResult run;
  std::string kernel;
  /// Mistakes that did not stop the kernel, e.g. "first_kernel.cc:28:
  /// warning: kernel 'scale' never wrote rows [8, 16) of its output o_hbm
  /// ...". launch() also prints each to stderr.
  std::vector<std::string> warnings;
  /// The run's events, when OuterProgram::run was asked to trace (null for
  /// an interpreted kernel); on several cores, core 0's.
  std::shared_ptr<const sim::Trace> trace;
  /// A traced launch on several cores: each core's events, by core
  /// (coreTraces[0] is `trace`).
  std::vector<std::shared_ptr<const sim::Trace>> coreTraces;
  /// A launch on several TensorCores (KernelBinary::numCores > 1, or a
  /// kernel of a shard_map over several devices): each core's run, devices
  /// in mesh order and each device's cores in order; `run` then holds the
  /// launch's cycles (its last core's: the most cycles, and the latest end
  /// of a drain) and the cores' counts added up (bundles, stalls, branches,
  /// DMAs, bytes). Empty for a launch on one core.
  std::vector<sim::RunResult> cores;
  /// Where each entry of `cores` ran.
  std::vector<CoreId> coreIds;
};

/// Launches `kernel` on every device of `parts` at once (a shard_map's
/// kernel: the same program on each device, with that device's shards).
/// The result merges the devices' runs as a launch on several cores does.
absl::StatusOr<LaunchStats> launch(const KernelBinary &kernel,
                                   const std::vector<DeviceOperands> &parts,
                                   const LaunchOptions &options = {});

/// Launches `kernel` on `device` with its operands' buffers; outputs must be
/// allocated. A halt (a failed check) or a fault is an error naming the
/// kernel and the user's source line; the kernel's semaphores are cleared
/// after either, so the next launch starts clean. An output (not aliased to
/// an input) with rows no DMA wrote is a warning.
absl::StatusOr<LaunchStats> launch(const KernelBinary &kernel, const Device &device,
                                   const std::vector<Array> &inputs,
                                   const std::vector<Array> &outputs,
                                   const LaunchOptions &options = {});

/// The program being traced or run.
struct OuterProgram {
  /// How a value is made from another without a kernel call: shard_map's
  /// boundary (XLA's SPMDFullToShardShape and SPMDShardToFullShape
  /// custom-calls), or a reshape that moves no data (XLA's bitcast).
  enum class Derived {
    None,
    /// `source` (a whole array) split by `sharding`: a per-device value.
    ToShards,
    /// The per-device value `source` assembled by `sharding`.
    FromShards,
    /// `source`'s HBM rows read as `type` (runtime::isBitcast).
    Bitcast,
  };
  struct Value {
    ShapeDtypeStruct type;
    std::string name;
    Derived derived = Derived::None;
    int source = -1;
    NamedSharding sharding = {};
    /// A per-device value (inside a shard_map): one array of `type` on
    /// each device of this mesh.
    std::optional<Mesh> perDevice = std::nullopt;
  };
  /// A kernel the fusion compiler made of array ops (dsl/Fusion.h): the
  /// HLO text shows its call as a `fusion` instruction calling a fused
  /// computation instead of a custom-call.
  struct Fusion {
    std::string kind;         // "kLoop", "kInput" or "kOutput"
    std::string computation;  // "fused_computation.1"
    std::string text;         // the fused computation's HLO text
    std::string config;       // more backend_config fields: ,"grid":[32],...
  };
  struct Call {
    std::shared_ptr<const KernelBinary> kernel;
    std::vector<int> operands, results;
    LaunchOptions options;
    /// A kernel the fusion compiler made of array ops.
    std::optional<Fusion> fusion = std::nullopt;
    /// A kernel called inside a shard_map: it runs on every device of this
    /// mesh at once, each on its own shards.
    std::optional<Mesh> mesh;
  };
  std::string name;
  std::vector<Value> values;     // parameters first
  int numParams = 0;
  std::vector<Call> calls;
  std::vector<int> outputs;

  /// HLO-style text: ENTRY with parameters and one custom-call per kernel.
  std::string hlo() const;
  /// Runs the program: a kernel outside a shard_map on the first
  /// argument's device (the default device without arguments), one inside
  /// on every device of its mesh. With `trace`, each launch records its
  /// events (LaunchStats::trace).
  absl::StatusOr<std::vector<Array>> run(const std::vector<Array> &args,
                                         std::vector<LaunchStats> *stats = nullptr,
                                         bool trace = false,
                                         const RunBudgets &budgets = {}) const;
};

/// Records an OuterProgram while a jitted function runs on tracers.
class OuterTrace {
public:
  explicit OuterTrace(std::string name);
  ~OuterTrace();
  OuterTrace(const OuterTrace &) = delete;
  OuterTrace &operator=(const OuterTrace &) = delete;

  /// The trace active on this thread, or null.
  static OuterTrace *current();

  Array parameter(const ShapeDtypeStruct &type);
  /// shard_map's entry: `whole` split by `sharding`, a tracer of the shard
  /// type standing for every device's shard.
  Array toShards(const Array &whole, const NamedSharding &sharding, const Shape &shard);
  /// shard_map's exit: the per-device `shards` assembled by `sharding` into
  /// an array of `type`.
  Array fromShards(const Array &shards, const NamedSharding &sharding,
                   const ShapeDtypeStruct &type);
  /// jnp.reshape of a traced array where its HBM layout stays the same
  /// (runtime::isBitcast): its rows read as `type`; other reshapes are an
  /// error at `loc`.
  Array bitcast(const Array &x, const ShapeDtypeStruct &type, const std::source_location &loc);
  /// Kernel calls recorded from now on run on every device of `mesh`
  /// (nullopt: on one device); returns the previous setting.
  std::optional<Mesh> setSpmdMesh(std::optional<Mesh> mesh);
  /// Records a call of `kernel` on traced operands; returns its results.
  std::vector<Array> call(std::shared_ptr<const KernelBinary> kernel,
                          const std::vector<Array> &operands,
                          const std::source_location &loc,
                          const LaunchOptions &options = {});
  OuterProgram finish(const std::vector<Array> &outputs, const std::source_location &loc);
  /// A value computed by something other than a kernel call recorded so
  /// far (an array op the fusion compiler turns into a kernel later).
  Array value(const ShapeDtypeStruct &type, std::string name);
  /// The program recorded so far.
  const OuterProgram &program() const { return program_; }

private:
  OuterProgram program_;
  OuterTrace *previous_;
  std::optional<Mesh> spmdMesh_;
};

}  // namespace tessera::runtime
