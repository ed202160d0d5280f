//===- Program.cpp - Outer programs: tracing, HLO text, launch ------------===//
#include "runtime/Program.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <thread>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "runtime/Host.h"
#include "sim/Layout.h"
#include "sim/MachineDesc.h"

namespace tessera::runtime {

int64_t KernelBinary::vmemBytes() const {
  return (int64_t)executable.vmemRows * machine::kRowBytes;
}

int64_t KernelBinary::hostBytes() const {
  int64_t bytes = int64_t(sizeof(KernelBinary)) + executable.hostBytes() +
                  (program ? program->hostBytes() : 0) + int64_t(interpretNote.size());
  for (const auto &[stage, text] : stages)
    bytes += int64_t(stage.size() + text.size());
  return bytes;
}

namespace {

/// What of `buffer` no DMA wrote, given the HBM rows `written` ([lo, hi),
/// absolute): "rows [0, 8)" in the array's own rows for a tiled buffer
/// (padding rows of a one-row array do not count), "HBM rows [0, 8)" for
/// another; "" if everything was written.
std::string unwrittenPart(const Buffer &buffer,
                          const std::vector<std::pair<int64_t, int64_t>> &written) {
  std::vector<bool> done(buffer.rows, false);
  for (auto [lo, hi] : written)
    for (int64_t r = std::max(lo, buffer.row); r < std::min(hi, buffer.row + buffer.rows); ++r)
      done[r - buffer.row] = true;
  if (std::find(done.begin(), done.end(), false) == done.end())
    return "";
  if (!buffer.tiled)
    return absl::StrCat("HBM rows ", runsWhere(buffer.rows, [&](int64_t r) { return !done[r]; }),
                        " (512 bytes each)");
  layout::TiledShape shape = hbmTiledShape(buffer.type);
  // The array's own rows, as [B * M, N] of rank 3 to 5 numbers them (the
  // rows padding each matrix to Mp, matrixStride, do not count).
  const Shape &s = buffer.type.shape;
  bool batch = isBatchShape(s);
  auto rowMissing = [&](int64_t r) {
    int64_t at = memoryRow(s, r);
    for (int64_t t = 0; t < shape.colTiles(); ++t)
      if (!done[shape.rowAddress(at, t * machine::kLanes)])
        return true;
    return false;
  };
  std::string runs = runsWhere(batch ? numMatrices(s) * s[s.size() - 2] : shape.rows, rowMissing);
  return runs.empty() ? "" : absl::StrCat("rows ", runs);
}

}  // namespace

namespace {

/// The SMEM argument block of one device's part of a launch: each HBM
/// operand's first row, then the scalar inputs' words.
absl::StatusOr<std::vector<uint32_t>> argumentBlock(const KernelBinary &kernel,
                                                    const DeviceOperands &part) {
  const Device &device = part.device;
  const std::vector<Array> &inputs = part.inputs, &outputs = part.outputs;
  std::vector<uint32_t> smem;
  auto addOperand = [&](const Array &a, const ShapeDtypeStruct &expected,
                        const std::string &name) -> absl::Status {
    if (!a.buffer())
      return absl::InvalidArgumentError(absl::StrCat(
          kernel.position, ": operand ", name, " of kernel '", kernel.name, "' has no data"));
    if (!(a.aval() == expected))
      return absl::InvalidArgumentError(absl::StrCat(
          kernel.position, ": kernel '", kernel.name, "' was compiled for ", name, " of type ",
          to_string(expected), ", not ", to_string(a.aval())));
    if (a.device().chip != device.chip)
      return absl::InvalidArgumentError(absl::StrCat(
          kernel.position, ": ", name, " is on ", a.device().str(), ", not on ", device.str()));
    // Semaphore operands are semaphores, not HBM (semaphoreOperands).
    if (!isSemaphore(expected.dtype))
      smem.push_back((uint32_t)a.buffer()->row);
    return absl::OkStatus();
  };
  for (size_t i = kernel.numScalarInputs; i < inputs.size(); ++i) {
    if (auto st = addOperand(inputs[i], kernel.inputs[i], kernel.inputNames[i]); !st.ok())
      return st;
    for (auto [in, out] : kernel.aliases)
      if (in == (int)i && outputs[out].buffer() && !isSemaphore(kernel.inputs[i].dtype))
        smem.back() = (uint32_t)outputs[out].buffer()->row;  // one buffer for both
  }
  for (size_t i = 0; i < outputs.size(); ++i)
    if (auto st = addOperand(outputs[i], kernel.outputs[i], kernel.outputNames[i]); !st.ok())
      return st;
  // Scalar prefetch: the runtime copies the scalar inputs into SMEM after
  // the argument block, before the kernel starts.
  for (int i = 0; i < kernel.numScalarInputs; ++i) {
    if (!(inputs[i].aval() == kernel.inputs[i]) || !inputs[i].buffer())
      return absl::InvalidArgumentError(absl::StrCat(
          kernel.position, ": scalar input ", kernel.inputNames[i], " of kernel '", kernel.name,
          "' must be ", to_string(kernel.inputs[i])));
    auto words = Host::get().read(*inputs[i].buffer());
    if (!words.ok())
      return words.status();
    smem.insert(smem.end(), words->begin(), words->end());
  }
  // The cores: the device's own, or cores 0 .. numCores - 1 of its chip.
  if (kernel.numCores > 1 && device.core >= 0)
    return absl::FailedPreconditionError(absl::StrCat(
        kernel.position, ": kernel '", kernel.name, "' runs on ", kernel.numCores,
        " TensorCores, but ", device.str(),
        " is one TensorCore (tpu_init::initialize_one_core); launch it on a whole chip"));
  return smem;
}

/// A semaphore operand of a kernel (an input or output array of dtype
/// dma_semaphore / semaphore): the compiler gives the kernel's semaphore
/// Refs consecutive semaphores in argument order (inputs, outputs, then
/// scratch), so operand k's are [base, base + count). The runtime sets an
/// input's from its array before the run and reads an output's into its
/// array after it; DMAs still in flight at the end have landed by then, so
/// a DMA started in one kernel is waited in another.
struct SemaphoreOperand {
  bool input;
  size_t index;
  int base, count;
};
std::vector<SemaphoreOperand> semaphoreOperands(const KernelBinary &kernel) {
  std::vector<SemaphoreOperand> out;
  int base = 0;
  auto add = [&](const ShapeDtypeStruct &t, bool input, size_t i) {
    if (!isSemaphore(t.dtype))
      return;
    int count = (int)numElements(t.shape);
    out.push_back({input, i, base, count});
    base += count;
  };
  for (size_t i = 0; i < kernel.inputs.size(); ++i)
    add(kernel.inputs[i], true, i);
  for (size_t i = 0; i < kernel.outputs.size(); ++i)
    add(kernel.outputs[i], false, i);
  return out;
}

/// The ABI words of one core of a launch (sim/Executable.h): its index
/// among the device's cores, the device's index in the mesh, and the
/// device tables.
absl::Status writeAbiWords(sim::TensorCore &core, int coreInLaunch, const DeviceOperands &self,
                           const std::vector<DeviceOperands> &parts) {
  int meshIndex = self.meshIndex;
  if ((int64_t)parts.size() > sim::kMaxLaunchDevices)
    return absl::InvalidArgumentError(absl::StrCat("a launch spans ", parts.size(),
                                                   " devices; at most ",
                                                   sim::kMaxLaunchDevices));
  std::vector<uint32_t> chips, cores, hbmDeltas;
  int64_t ownHbm = Host::hbmRegion(self.device).base;
  for (const DeviceOperands &part : parts) {
    chips.push_back(part.device.chip);
    cores.push_back(part.device.core >= 0 ? part.device.core : coreInLaunch);
    hbmDeltas.push_back((uint32_t)(Host::hbmRegion(part.device).base - ownHbm));
  }
  uint32_t words[] = {(uint32_t)meshIndex, (uint32_t)coreInLaunch};
  if (absl::Status s = core.smem().write(sim::kDeviceIdSmemWord, words); !s.ok())
    return s;
  if (absl::Status s = core.smem().write(sim::kDeviceChipTableSmemWord, chips); !s.ok())
    return s;
  if (absl::Status s = core.smem().write(sim::kDeviceCoreTableSmemWord, cores); !s.ok())
    return s;
  return core.smem().write(sim::kDeviceHbmDeltaTableSmemWord, hbmDeltas);
}

}  // namespace

namespace {
/// The bytes of the inputs and outputs of the largest part of a launch.
int64_t largestPartBytes(const std::vector<DeviceOperands> &parts) {
  int64_t bytes = 0;
  for (const DeviceOperands &part : parts) {
    int64_t partBytes = 0;
    for (const std::vector<Array> *arrays : {&part.inputs, &part.outputs})
      for (const Array &a : *arrays)
        partBytes += numElements(a.shape()) * itemsize(a.dtype());
    bytes = std::max(bytes, partBytes);
  }
  return bytes;
}
}  // namespace

LaunchOptions RunBudgets::over(LaunchOptions options) const {
  if (cycleBudget > 0)
    options.cycleBudget = cycleBudget;
  if (dmaByteBudget > 0)
    options.dmaByteBudget = dmaByteBudget;
  if (workBudget > 0)
    options.workBudget = workBudget;
  return options;
}

int64_t cycleBudgetOf(const LaunchOptions &options, const std::vector<DeviceOperands> &parts) {
  if (options.cycleBudget > 0)
    return options.cycleBudget;
  return std::max(sim::kDefaultCycleBudget,
                  largestPartBytes(parts) / sim::kArrayBytesPerBudgetCycle);
}

int64_t workBudgetOf(const LaunchOptions &options, const std::vector<DeviceOperands> &parts) {
  if (options.workBudget > 0)
    return options.workBudget;
  return sim::launchWorkBudget(largestPartBytes(parts));
}

int64_t dmaByteBudgetOf(const LaunchOptions &options, const std::vector<DeviceOperands> &parts) {
  if (options.dmaByteBudget > 0)
    return options.dmaByteBudget;
  int64_t bytes = largestPartBytes(parts);
  return std::max(sim::kDefaultDmaByteBudget, bytes > INT64_MAX / sim::kDmaBytesPerArrayByte
                                                   ? INT64_MAX
                                                   : bytes * sim::kDmaBytesPerArrayByte);
}

namespace {
std::atomic<int> &threadsSetting() {
  static std::atomic<int> threads = std::max(1u, std::thread::hardware_concurrency());
  return threads;
}
}  // namespace

int simulationThreads() { return threadsSetting().load(); }
void setSimulationThreads(int threads) { threadsSetting() = std::max(1, threads); }

absl::StatusOr<LaunchStats> launch(const KernelBinary &kernel,
                                   const std::vector<DeviceOperands> &parts,
                                   const LaunchOptions &options) {
  const int numCores = kernel.numCores;
  // One run per core of each device, devices in mesh order.
  struct Run {
    int part;
    int coreInLaunch;
    sim::TensorCore *core;
    std::vector<uint32_t> smem;
  };
  std::vector<Run> runs;
  for (size_t p = 0; p < parts.size(); ++p) {
    auto smem = argumentBlock(kernel, parts[p]);
    if (!smem.ok())
      return smem.status();
    sim::Chip &chip = Host::get().chip(parts[p].device.chip);
    for (int c = 0; c < numCores; ++c) {
      sim::TensorCore &core = chip.core(std::max(parts[p].device.core, 0) + c);
      if (absl::Status s = writeAbiWords(core, c, parts[p], parts); !s.ok())
        return s;
      runs.push_back({(int)p, c, &core, *smem});
    }
  }
  const std::vector<SemaphoreOperand> semaphores = semaphoreOperands(kernel);
  for (const Run &run : runs)
    for (const SemaphoreOperand &s : semaphores) {
      std::vector<uint32_t> counts(s.count, 0);  // an output starts at 0
      if (s.input) {
        auto words = Host::get().read(*parts[run.part].inputs[s.index].buffer());
        if (!words.ok())
          return words.status();
        counts = *std::move(words);
      }
      for (int k = 0; k < s.count && k < (int)counts.size(); ++k)
        run.core->setSemaphore(s.base + k, (int32_t)counts[k]);
    }
  sim::RunOptions runOptions;
  runOptions.cycleBudget = cycleBudgetOf(options, parts);
  runOptions.dmaByteBudget = dmaByteBudgetOf(options, parts);
  runOptions.workBudget = workBudgetOf(options, parts);
  runOptions.checkUninitializedReads = options.checkUninitializedReads;
  runOptions.recordHbmWrites = true;  // for the unwritten-output warning
  auto traceOf = [&](size_t r) {
    return r < options.coreTraces.size() ? options.coreTraces[r]
           : r == 0                      ? options.trace
                                         : nullptr;
  };
  // One core alone, the cores of one chip together (they share its HBM
  // path and signal each other), or the cores of several chips together
  // over the interconnect (remote copies and signals).
  std::vector<absl::StatusOr<sim::RunResult>> results;
  if (parts.size() == 1 && runs.size() == 1) {
    runOptions.trace = traceOf(0);
    results.push_back(runs[0].core->run(*kernel.program, runs[0].smem, runOptions));
  } else if (parts.size() == 1) {
    std::vector<sim::CoreLaunch> launches;
    for (size_t r = 0; r < runs.size(); ++r) {
      runOptions.trace = traceOf(r);
      launches.push_back({runs[r].core->index(), kernel.program.get(), runs[r].smem, runOptions});
    }
    results = Host::get().chip(parts[0].device.chip).runTogether(launches);
  } else {
    std::vector<sim::SliceLaunch> launches;
    for (size_t r = 0; r < runs.size(); ++r) {
      runOptions.trace = traceOf(r);
      launches.push_back({parts[runs[r].part].device.chip, runs[r].core->index(),
                          kernel.program.get(), runs[r].smem, runOptions});
    }
    // Chips that share nothing run on host threads of their own.
    results = Host::get().slice().runChipsApart(launches, simulationThreads());
  }
  auto clearSemaphores = [&] {
    for (const Run &run : runs)
      for (uint32_t i = 0; i < kernel.executable.numSemaphores; ++i)
        run.core->setSemaphore(i, 0);
  };
  // "TPU_2(chip=2): TensorCore 1: " in the messages of a launch on several
  // devices or cores.
  auto where = [&](const Run &run) {
    std::string out = parts.size() > 1 ? absl::StrCat(parts[run.part].device.str(), ": ") : "";
    return numCores > 1 ? absl::StrCat(out, "TensorCore ", run.coreInLaunch, ": ") : out;
  };
  for (size_t r = 0; r < runs.size(); ++r) {
    const absl::StatusOr<sim::RunResult> &result = results[r];
    if (!result.ok()) {
      // The kernel stopped midway: the next launch starts clean. An error
      // every core shares (a deadlock) names them all itself.
      clearSemaphores();
      bool shared = std::all_of(results.begin(), results.end(), [&](const auto &other) {
        return !other.ok() && other.status() == result.status();
      });
      return absl::Status(result.status().code(),
                          absl::StrCat("kernel '", kernel.name, "' faulted: ",
                                       shared ? "" : where(runs[r]), result.status().message()));
    }
    if (result->halted()) {
      // A failed check. Its comment names the registers that hold the
      // offending values ("{s3}"); report their values. The kernel stopped
      // midway, so the runtime clears the semaphores it used: the next
      // launch starts clean.
      uint32_t b = result->haltBundle;
      std::string message = kernel.executable.debug[b].comment;
      for (size_t at; (at = message.find("{s")) != std::string::npos;) {
        size_t close = message.find('}', at);
        if (close == std::string::npos)
          break;
        int reg = std::atoi(message.c_str() + at + 2);
        message.replace(at, close - at + 1, std::to_string((int32_t)runs[r].core->sreg(reg)));
      }
      clearSemaphores();
      return absl::AbortedError(absl::StrFormat("%s: kernel '%s' stopped at bundle 0x%04x: %s%s",
                                                kernel.executable.opPosition(b, result->haltOp),
                                                kernel.name, b, where(runs[r]), message));
    }
  }
  // A launch on several cores: it lasts as long as its last core, and its
  // counts are the cores' together.
  sim::RunResult merged = *results[0];
  for (size_t r = 1; r < results.size(); ++r) {
    const sim::RunResult &run = *results[r];
    int64_t end = std::max(merged.cycles + merged.drainCycles, run.cycles + run.drainCycles);
    merged.cycles = std::max(merged.cycles, run.cycles);
    merged.drainCycles = end - merged.cycles;
    merged.stallCycles += run.stallCycles;
    merged.branchesTaken += run.branchesTaken;
    merged.bundlesExecuted += run.bundlesExecuted;
    merged.dmasIssued += run.dmasIssued;
    merged.dmaBytes += run.dmaBytes;
    merged.dmaQueueStallCycles += run.dmaQueueStallCycles;
  }
  // The output semaphores' counts into their arrays; then every operand
  // semaphore is 0 again for the next kernel.
  for (const Run &run : runs)
    for (const SemaphoreOperand &s : semaphores) {
      std::vector<uint32_t> counts(s.count);
      for (int k = 0; k < s.count; ++k) {
        counts[k] = (uint32_t)run.core->semaphore(s.base + k);
        run.core->setSemaphore(s.base + k, 0);
      }
      if (!s.input)
        if (absl::Status st = Host::get().write(*parts[run.part].outputs[s.index].buffer(), counts);
            !st.ok())
          return st;
    }
  LaunchStats stats{merged, kernel.name, {}, nullptr, {}, {}, {}};
  if (runs.size() > 1)
    for (size_t r = 0; r < runs.size(); ++r) {
      stats.cores.push_back(*results[r]);
      stats.cores.back().hbmWritten.clear();
      stats.coreIds.push_back({parts[runs[r].part].device.chip, runs[r].core->index()});
    }
  // Outputs the kernel did not write completely: the rows keep whatever the
  // buffer held. An aliased output starts as its input, so it is exempt.
  for (size_t p = 0; p < parts.size(); ++p) {
    std::vector<std::pair<int64_t, int64_t>> written;
    for (size_t r = 0; r < runs.size(); ++r)
      if (runs[r].part == (int)p)
        written.insert(written.end(), results[r]->hbmWritten.begin(),
                       results[r]->hbmWritten.end());
    const std::vector<Array> &outputs = parts[p].outputs;
    for (size_t i = 0; i < outputs.size(); ++i) {
      bool aliased = false;
      for (auto [in, out] : kernel.aliases)
        aliased = aliased || out == (int)i;
      const Buffer &buffer = *outputs[i].buffer();
      if (aliased || buffer.rows == 0 || isSemaphore(buffer.type.dtype))
        continue;
      std::string part = unwrittenPart(buffer, written);
      if (part.empty())
        continue;
      stats.warnings.push_back(absl::StrFormat(
          "%s: warning: kernel '%s' ended without writing %s of its output %s (%s)%s; they "
          "hold whatever the buffer held",
          kernel.position, kernel.name, part, kernel.outputNames[i], to_string(buffer.type),
          parts.size() > 1 ? absl::StrCat(" on ", parts[p].device.str()) : ""));
    }
  }
  for (const std::string &warning : stats.warnings)
    std::fprintf(stderr, "%s\n", warning.c_str());
  stats.run.hbmWritten.clear();  // served its purpose; keep the stats small
  return stats;
}

absl::StatusOr<LaunchStats> launch(const KernelBinary &kernel, const Device &device,
                                   const std::vector<Array> &inputs,
                                   const std::vector<Array> &outputs,
                                   const LaunchOptions &options) {
  return launch(kernel, {DeviceOperands{device, inputs, outputs, 0}}, options);
}

namespace {
/// One step of a program: a kernel call, or a value made at shard_map's
/// boundary.
struct Step {
  int call = -1;     // index in OuterProgram::calls
  int derived = -1;  // a value with Value::derived set
};
/// The program's steps in trace order (by the first value each makes).
std::vector<Step> stepsOf(const OuterProgram &p) {
  std::vector<std::pair<int, Step>> order;
  for (size_t c = 0; c < p.calls.size(); ++c)
    order.push_back({p.calls[c].results.empty() ? INT32_MAX : p.calls[c].results.front(),
                     Step{(int)c, -1}});
  for (size_t v = 0; v < p.values.size(); ++v)
    if (p.values[v].derived != OuterProgram::Derived::None)
      order.push_back({(int)v, Step{-1, (int)v}});
  std::sort(order.begin(), order.end(), [](const auto &a, const auto &b) {
    return std::tie(a.first, a.second.call, a.second.derived) <
           std::tie(b.first, b.second.call, b.second.derived);
  });
  std::vector<Step> out;
  for (const auto &[v, step] : order)
    out.push_back(step);
  return out;
}
}  // namespace

std::string OuterProgram::hlo() const {
  auto typed = [&](int v) {
    return absl::StrCat(to_string(values[v].type), layoutString(values[v].type));
  };
  auto name = [&](int v) { return absl::StrCat("%", values[v].name); };
  auto resultType = [&](const std::vector<int> &vs, bool withLayout) {
    std::vector<std::string> parts;
    for (int v : vs)
      parts.push_back(withLayout ? typed(v) : to_string(values[v].type));
    return vs.size() == 1 ? parts[0] : absl::StrCat("(", absl::StrJoin(parts, ", "), ")");
  };
  // A parameter that a shard_map splits carries its sharding (XLA
  // propagates the in_specs to the parameters).
  auto paramSharding = [&](int param) -> std::string {
    for (const Value &v : values)
      if (v.derived == Derived::ToShards && v.source == param)
        return absl::StrCat(", sharding=", hloSharding(v.sharding, values[param].type.shape.size()));
    return "";
  };
  std::vector<int> params;
  for (int i = 0; i < numParams; ++i)
    params.push_back(i);
  std::string out = absl::StrCat("HloModule ", this->name, ", entry_computation_layout={(",
                                 absl::StrJoin(params, ", ", [&](std::string *s, int v) {
                                   s->append(typed(v));
                                 }),
                                 ")->", resultType(outputs, true), "}\n\n");
  // The fused computations, before the entry that calls them.
  for (const Call &call : calls)
    if (call.fusion)
      absl::StrAppend(&out, call.fusion->text, "\n");
  absl::StrAppend(&out, "ENTRY %main.1 (",
                  absl::StrJoin(params, ", ", [&](std::string *s, int v) {
                    absl::StrAppend(s, values[v].name, ": ", to_string(values[v].type));
                  }),
                  ") -> ", resultType(outputs, false), " {\n");
  for (int v : params)
    absl::StrAppend(&out, "  ", name(v), " = ", typed(v), " parameter(", v, ")",
                    paramSharding(v), "\n");
  // Each line with the value it defines (-1: several).
  std::vector<std::pair<std::string, int>> lines;
  for (const Step &step : stepsOf(*this)) {
    if (step.derived >= 0) {
      const Value &v = values[step.derived];
      if (v.derived == Derived::Bitcast) {
        lines.push_back({absl::StrCat(name(step.derived), " = ", typed(step.derived),
                                      " bitcast(", name(v.source), ")"),
                         step.derived});
        continue;
      }
      bool toShards = v.derived == Derived::ToShards;
      lines.push_back(
          {absl::StrCat(name(step.derived), " = ", typed(step.derived), " custom-call(",
                        name(v.source), "), custom_call_target=\"",
                        toShards ? "SPMDFullToShardShape" : "SPMDShardToFullShape",
                        "\", sharding=",
                        toShards ? "{manual}" : hloSharding(v.sharding, v.type.shape.size())),
           step.derived});
      continue;
    }
    const Call &call = calls[step.call];
    const KernelBinary &k = *call.kernel;
    std::string operands = absl::StrJoin(call.operands, ", ", [&](std::string *s, int v) {
      s->append(name(v));
    });
    std::string layouts = absl::StrJoin(call.operands, ", ", [&](std::string *s, int v) {
      s->append(typed(v));
    });
    std::string aliasing;
    for (auto [in, out] : k.aliases)
      absl::StrAppend(&aliasing, aliasing.empty() ? "" : ", ", "{",
                      call.results.size() == 1 ? "" : absl::StrCat(out), "}: (", in, ", {})");
    if (!aliasing.empty())
      aliasing = absl::StrCat("output_to_operand_aliasing={", aliasing, "}, ");
    // Inside a shard_map: one launch per device of the mesh, listed by id.
    std::string devices, manual;
    if (call.mesh) {
      manual = "sharding={manual}, ";
      devices = absl::StrCat(",\"devices\":[",
                             absl::StrJoin(call.mesh->devices, ",",
                                           [](std::string *s, const Device &d) {
                                             absl::StrAppend(s, d.id);
                                           }),
                             "]");
    }
    // A kernel on both TensorCores of a chip (megacore) says so.
    std::string cores = k.numCores > 1 ? absl::StrCat(",\"tensor_cores\":", k.numCores) : "";
    std::string config = absl::StrFormat(
        "backend_config={\"kernel_name\":\"%s\",\"source\":\"%s\",\"bundles\":%d,"
        "\"vmem_bytes\":%d,\"semaphores\":%d%s%s%s}",
        k.name, k.position, k.executable.numBundles(), k.vmemBytes(),
        k.executable.numSemaphores, cores, devices, k.interpreted() ? ",\"interpret\":true" : "");
    std::string callName = call.results.size() == 1
                               ? values[call.results[0]].name
                               : absl::StrCat(k.name, ".call");
    if (call.fusion) {
      // A kernel of the fusion compiler: XLA's fusion instruction, its
      // backend_config also saying which grid and blocks the compiler chose.
      config.insert(config.size() - 1, call.fusion->config);
      lines.push_back({absl::StrCat("%", callName, " = ", resultType(call.results, true),
                                    " fusion(", operands, "), kind=", call.fusion->kind,
                                    ", calls=%", call.fusion->computation, ", ", config),
                       call.results.size() == 1 ? call.results[0] : -1});
    } else {
      lines.push_back({absl::StrCat("%", callName, " = ", resultType(call.results, true),
                                    " custom-call(", operands,
                                    "), custom_call_target=\"tpu_custom_call\", "
                                    "operand_layout_constraints={",
                                    layouts, "}, ", aliasing, manual, config),
                       call.results.size() == 1 ? call.results[0] : -1});
    }
    if (call.results.size() > 1)
      for (size_t i = 0; i < call.results.size(); ++i)
        lines.push_back({absl::StrCat(name(call.results[i]), " = ", typed(call.results[i]),
                                      " get-tuple-element(%", callName, "), index=", i),
                         call.results[i]});
  }
  // The root: the single output, or a tuple of them.
  bool rootIsLastLine = outputs.size() == 1 && !lines.empty() && lines.back().second == outputs[0];
  for (size_t i = 0; i < lines.size(); ++i)
    absl::StrAppend(&out, "  ", (rootIsLastLine && i + 1 == lines.size()) ? "ROOT " : "",
                    lines[i].first, "\n");
  if (!rootIsLastLine) {
    if (outputs.size() == 1)
      absl::StrAppend(&out, "  ROOT %copy = ", typed(outputs[0]), " copy(", name(outputs[0]),
                      ")\n");
    else
      absl::StrAppend(&out, "  ROOT %tuple = ", resultType(outputs, true), " tuple(",
                      absl::StrJoin(outputs, ", ",
                                    [&](std::string *s, int v) { s->append(name(v)); }),
                      ")\n");
  }
  out += "}\n";
  return out;
}

namespace {
/// `a` as one array on `device`: itself, or gathered there from its shards
/// or copied from another device.
/// `a`'s HBM rows read as `type` (isBitcast(a.aval(), type)): no copy.
Array bitcastView(const Array &a, const ShapeDtypeStruct &type) {
  // Filled in place: a temporary Buffer would free the rows it names.
  auto view = std::make_shared<Buffer>();
  view->viewOf = a.buffer();
  view->device = a.buffer()->device;
  view->type = type;
  // (Tiled as its own type is: a 1-D array of words viewed as rows of 128
  // is those rows' whole tiles, and back.)
  view->tiled = isTiledType(type);
  view->row = a.buffer()->row;
  view->rows = a.buffer()->rows;
  return Array::fromBuffer(std::move(view));
}

absl::StatusOr<Array> onDevice(const Array &a, const Device &device) {
  if (a.buffer() && a.device() == device)
    return a;
  try {
    return device_put(a, device);
  } catch (const Error &e) {
    return absl::InvalidArgumentError(e.what());
  }
}

/// The arrays a kernel call's results start as, on every device of the
/// launch: fresh buffers (at the same rows on every chip), an aliased
/// output a copy of its input (blocks the kernel never writes keep the
/// input's data).
absl::Status allocateResults(const OuterProgram &p, const OuterProgram::Call &call,
                             std::vector<DeviceOperands> &parts) {
  std::vector<Device> devices;
  for (const DeviceOperands &part : parts)
    devices.push_back(part.device);
  for (int v : call.results) {
    auto buffers = Host::get().allocateSymmetric(devices, p.values[v].type);
    if (!buffers.ok())
      return buffers.status();
    for (size_t d = 0; d < parts.size(); ++d)
      parts[d].outputs.push_back(Array::fromBuffer((*buffers)[d]));
  }
  for (DeviceOperands &part : parts)
    for (auto [in, out] : call.kernel->aliases) {
      auto words = Host::get().read(*part.inputs[in].buffer());
      if (!words.ok())
        return words.status();
      if (auto st = Host::get().write(*part.outputs[out].buffer(), *words); !st.ok())
        return st;
    }
  return absl::OkStatus();
}
}  // namespace

absl::StatusOr<std::vector<Array>> OuterProgram::run(const std::vector<Array> &args,
                                                      std::vector<LaunchStats> *stats,
                                                      bool trace, const RunBudgets &budgets) const {
  if ((int)args.size() != numParams)
    return absl::InvalidArgumentError(
        absl::StrCat(name, " takes ", numParams, " arguments, got ", args.size()));
  std::vector<Array> env(values.size());
  // Per-device values (inside a shard_map): one array per mesh device.
  std::vector<std::vector<Array>> local(values.size());
  for (int i = 0; i < numParams; ++i) {
    if (!(args[i].aval() == values[i].type))
      return absl::InvalidArgumentError(absl::StrCat(
          name, " was traced for argument ", i, " of type ", to_string(values[i].type),
          ", not ", to_string(args[i].aval())));
    env[i] = args[i];
  }
  Device device = args.empty() ? Host::get().defaultDevice() : args[0].device();
  for (const Step &step : stepsOf(*this)) {
    if (step.derived >= 0) {
      const Value &v = values[step.derived];
      if (v.derived == Derived::ToShards) {
        // Already split this way: its shards as they are; else split here
        // (through the host).
        Array whole = env[v.source];
        if (!whole.sharding() || !(*whole.sharding() == v.sharding)) {
          try {
            whole = device_put(whole, v.sharding);
          } catch (const Error &e) {
            return absl::InvalidArgumentError(e.what());
          }
        }
        local[step.derived] = whole.shards();
      } else if (v.derived == Derived::Bitcast) {
        auto source = onDevice(env[v.source], device);
        if (!source.ok())
          return source.status();
        env[step.derived] = bitcastView(*source, v.type);
      } else {
        std::vector<std::shared_ptr<Buffer>> buffers;
        for (const Array &shard : local[v.source])
          buffers.push_back(shard.buffer());
        env[step.derived] = Array::fromShards(v.type, v.sharding, std::move(buffers));
      }
      continue;
    }
    const Call &call = calls[step.call];
    // The devices it runs on, each with its operands and results.
    std::vector<DeviceOperands> parts;
    if (call.mesh) {
      for (size_t d = 0; d < call.mesh->devices.size(); ++d) {
        DeviceOperands part{call.mesh->devices[d], {}, {}, (int)d};
        for (int v : call.operands)
          part.inputs.push_back(local[v][d]);
        parts.push_back(std::move(part));
      }
    } else {
      DeviceOperands part{device, {}, {}, 0};
      for (int v : call.operands) {
        auto a = onDevice(env[v], device);
        if (!a.ok())
          return a.status();
        part.inputs.push_back(*a);
      }
      parts.push_back(std::move(part));
    }
    if (absl::Status st = allocateResults(*this, call, parts); !st.ok())
      return st;
    for (size_t i = 0; i < call.results.size(); ++i) {
      if (call.mesh)
        for (const DeviceOperands &part : parts)
          local[call.results[i]].push_back(part.outputs[i]);
      else
        env[call.results[i]] = parts[0].outputs[i];
    }
    if (call.kernel->interpreted()) {
      // Interpret mode: no chip run, so no cycles; the launch is recorded
      // for callers that count launches.
      auto warnings = call.kernel->interpret(parts, budgets.over(call.options));
      if (!warnings.ok())
        return warnings.status();
      for (const std::string &warning : *warnings)
        std::fprintf(stderr, "%s\n", warning.c_str());
      LaunchStats interpreted;
      interpreted.kernel = call.kernel->name;
      interpreted.warnings = *std::move(warnings);
      if (stats)
        stats->push_back(std::move(interpreted));
      continue;
    }
    LaunchOptions options = budgets.over(call.options);
    std::vector<std::shared_ptr<sim::Trace>> events;
    if (trace) {
      for (size_t r = 0; r < parts.size() * call.kernel->numCores; ++r) {
        events.push_back(std::make_shared<sim::Trace>());
        options.coreTraces.push_back(events.back().get());
      }
      options.trace = events.front().get();
    }
    auto launched = launch(*call.kernel, parts, options);
    if (!launched.ok())
      return launched.status();
    if (trace) {
      launched->trace = events.front();
      if (events.size() > 1)
        launched->coreTraces.assign(events.begin(), events.end());
    }
    if (stats)
      stats->push_back(*launched);
  }
  std::vector<Array> results;
  for (int v : outputs)
    results.push_back(env[v]);
  return results;
}

namespace {
thread_local OuterTrace *currentTrace = nullptr;
}

OuterTrace::OuterTrace(std::string name) : previous_(currentTrace) {
  program_.name = std::move(name);
  currentTrace = this;
}

OuterTrace::~OuterTrace() { currentTrace = previous_; }

OuterTrace *OuterTrace::current() { return currentTrace; }

Array OuterTrace::parameter(const ShapeDtypeStruct &type) {
  int v = program_.values.size();
  program_.values.push_back({type, absl::StrCat("param.", v)});
  program_.numParams = v + 1;
  return Array::tracer(this, v, type);
}

Array OuterTrace::toShards(const Array &whole, const NamedSharding &sharding,
                           const Shape &shard) {
  int v = program_.values.size();
  OuterProgram::Value value{{shard, whole.dtype()},
                            absl::StrCat("shards.", v),
                            OuterProgram::Derived::ToShards,
                            whole.traceValue(),
                            sharding,
                            sharding.mesh};
  program_.values.push_back(std::move(value));
  return Array::tracer(this, v, program_.values.back().type);
}

Array OuterTrace::fromShards(const Array &shards, const NamedSharding &sharding,
                             const ShapeDtypeStruct &type) {
  int v = program_.values.size();
  program_.values.push_back({{type.shape, type.dtype},
                             absl::StrCat("gathered.", v),
                             OuterProgram::Derived::FromShards,
                             shards.traceValue(),
                             sharding,
                             std::nullopt});
  return Array::tracer(this, v, program_.values.back().type);
}

Array OuterTrace::bitcast(const Array &x, const ShapeDtypeStruct &type,
                          const std::source_location &loc) {
  if (x.trace() != this)
    throwUserError(loc, "reshape of an array from outside this jit trace; pass it as an argument "
                        "of the jitted function");
  if (!isBitcast(x.aval(), type))
    throwUserError(loc, "reshape of " + to_string(x.aval()) + " to " + to_string(type.shape) +
                            " under jit would move elements between (8, 128) tiles; a reshape "
                            "there may merge or split leading dimensions over whole tiles "
                            "([B, M, N] <-> [B * M, N], M a multiple of " +
                            std::to_string(machine::kSublanes * packing(x.dtype())) +
                            ") or add or drop dimensions of 1 (others: reshape before the call)");
  if (program_.values[x.traceValue()].perDevice)
    throwUserError(loc, "reshape inside shard_map is not supported yet; reshape outside it");
  int v = program_.values.size();
  program_.values.push_back({type, absl::StrCat("bitcast.", v), OuterProgram::Derived::Bitcast,
                             x.traceValue()});
  return Array::tracer(this, v, type);
}

std::optional<Mesh> OuterTrace::setSpmdMesh(std::optional<Mesh> mesh) {
  std::swap(mesh, spmdMesh_);
  return mesh;
}

std::vector<Array> OuterTrace::call(std::shared_ptr<const KernelBinary> kernel,
                                    const std::vector<Array> &operands,
                                    const std::source_location &loc,
                                    const LaunchOptions &options) {
  OuterProgram::Call call;
  call.options = options;
  call.mesh = spmdMesh_;
  for (size_t i = 0; i < operands.size(); ++i) {
    const Array &a = operands[i];
    if (a.trace() != this)
      throwUserError(loc, "an array from outside this jit trace was passed to kernel '" +
                              kernel->name + "'; pass it as an argument of the jitted function");
    const auto &perDevice = program_.values[a.traceValue()].perDevice;
    if (spmdMesh_ && !(perDevice && *perDevice == *spmdMesh_))
      throwUserError(loc, "kernel '" + kernel->name + "' inside shard_map was passed an array " +
                              "from outside it; pass it as an argument of the shard_map");
    if (!spmdMesh_ && perDevice)
      throwUserError(loc, "kernel '" + kernel->name + "' outside shard_map was passed a " +
                              "per-device value of a shard_map; return it from the shard_map");
    call.operands.push_back(a.traceValue());
    // Parameters are named after the kernel argument they feed (x_hbm.1).
    auto &value = program_.values[a.traceValue()];
    if (a.traceValue() < program_.numParams && value.name.starts_with("param."))
      value.name = kernel->inputNames[i] + ".1";
  }
  std::vector<Array> results;
  for (size_t i = 0; i < kernel->outputs.size(); ++i) {
    int v = program_.values.size();
    std::string name = kernel->outputs.size() == 1
                           ? absl::StrCat(kernel->name, ".", program_.calls.size() + 1)
                           : absl::StrCat(kernel->name, ".", program_.calls.size() + 1, ".", i);
    program_.values.push_back({kernel->outputs[i], name});
    program_.values.back().perDevice = spmdMesh_;
    call.results.push_back(v);
    results.push_back(Array::tracer(this, v, kernel->outputs[i]));
  }
  call.kernel = std::move(kernel);
  program_.calls.push_back(std::move(call));
  return results;
}

Array OuterTrace::value(const ShapeDtypeStruct &type, std::string name) {
  int v = program_.values.size();
  program_.values.push_back({type, std::move(name)});
  return Array::tracer(this, v, type);
}

OuterProgram OuterTrace::finish(const std::vector<Array> &outputs,
                                const std::source_location &loc) {
  for (const Array &a : outputs) {
    if (a.trace() != this)
      throwUserError(loc, "the jitted function returned an array that it did not compute "
                          "(return the result of a kernel call)");
    program_.outputs.push_back(a.traceValue());
  }
  return std::move(program_);
}

}  // namespace tessera::runtime
