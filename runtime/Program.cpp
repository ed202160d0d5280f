//===- Program.cpp - Outer programs: tracing, HLO text, launch ------------===//
#include "runtime/Program.h"

#include <algorithm>
#include <cstdio>

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
  auto rowMissing = [&](int64_t r) {
    for (int64_t t = 0; t < shape.colTiles(); ++t)
      if (!done[shape.rowAddress(r, t * machine::kLanes)])
        return true;
    return false;
  };
  std::string runs = runsWhere(shape.rows, rowMissing);
  return runs.empty() ? "" : absl::StrCat("rows ", runs);
}

}  // namespace

absl::StatusOr<LaunchStats> launch(const KernelBinary &kernel, const Device &device,
                                   const std::vector<Array> &inputs,
                                   const std::vector<Array> &outputs,
                                   const LaunchOptions &options) {
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
    smem.push_back((uint32_t)a.buffer()->row);
    return absl::OkStatus();
  };
  for (size_t i = kernel.numScalarInputs; i < inputs.size(); ++i) {
    if (auto st = addOperand(inputs[i], kernel.inputs[i], kernel.inputNames[i]); !st.ok())
      return st;
    for (auto [in, out] : kernel.aliases)
      if (in == (int)i && outputs[out].buffer())
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
  // The cores: the device's own, or cores 0 .. numCores - 1 of its chip,
  // each with the same arguments and its index in the ABI's core word.
  if (kernel.numCores > 1 && device.core >= 0)
    return absl::FailedPreconditionError(absl::StrCat(
        kernel.position, ": kernel '", kernel.name, "' runs on ", kernel.numCores,
        " TensorCores, but ", device.str(),
        " is one TensorCore (tpu_init::initialize_one_core); launch it on a whole chip"));
  sim::Chip &chip = Host::get().chip(device.chip);
  const int firstCore = std::max(device.core, 0), numCores = kernel.numCores;
  sim::RunOptions runOptions;
  runOptions.cycleBudget = options.cycleBudget;
  runOptions.checkUninitializedReads = options.checkUninitializedReads;
  runOptions.recordHbmWrites = true;  // for the unwritten-output warning
  runOptions.trace = options.trace;
  std::vector<absl::StatusOr<sim::RunResult>> results;
  for (int c = 0; c < numCores; ++c) {
    uint32_t index = c;
    if (absl::Status s = chip.core(firstCore + c).smem().write(sim::kCoreIndexSmemWord, {&index, 1});
        !s.ok())
      return s;
  }
  if (numCores == 1) {
    results.push_back(chip.core(firstCore).run(*kernel.program, smem, runOptions));
  } else {
    std::vector<sim::CoreLaunch> launches;
    for (int c = 0; c < numCores; ++c) {
      runOptions.trace = c < (int)options.coreTraces.size() ? options.coreTraces[c]
                         : c == 0                          ? options.trace
                                                           : nullptr;
      launches.push_back({c, kernel.program.get(), smem, runOptions});
    }
    results = chip.runTogether(launches);
  }
  auto clearSemaphores = [&] {
    for (int c = 0; c < numCores; ++c)
      for (uint32_t i = 0; i < kernel.executable.numSemaphores; ++i)
        chip.core(firstCore + c).setSemaphore(i, 0);
  };
  // "TensorCore 1: " in the messages of a launch on several cores.
  auto onCore = [&](int c) {
    return numCores > 1 ? absl::StrCat("TensorCore ", c, ": ") : std::string();
  };
  for (int c = 0; c < numCores; ++c) {
    const absl::StatusOr<sim::RunResult> &result = results[c];
    sim::TensorCore &core = chip.core(firstCore + c);
    if (!result.ok()) {
      // The kernel stopped midway: the next launch starts clean.
      clearSemaphores();
      return absl::Status(result.status().code(),
                          absl::StrCat("kernel '", kernel.name, "' faulted: ", onCore(c),
                                       result.status().message()));
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
        message.replace(at, close - at + 1, std::to_string((int32_t)core.sreg(reg)));
      }
      clearSemaphores();
      return absl::AbortedError(absl::StrFormat("%s: kernel '%s' stopped at bundle 0x%04x: %s%s",
                                                kernel.executable.opPosition(b, result->haltOp),
                                                kernel.name, b, onCore(c), message));
    }
  }
  // A launch on several cores: it lasts as long as its last core, and its
  // counts are the cores' together.
  absl::StatusOr<sim::RunResult> result = *results[0];
  for (size_t c = 1; c < results.size(); ++c) {
    const sim::RunResult &r = *results[c];
    int64_t end = std::max(result->cycles + result->drainCycles, r.cycles + r.drainCycles);
    result->cycles = std::max(result->cycles, r.cycles);
    result->drainCycles = end - result->cycles;
    result->stallCycles += r.stallCycles;
    result->branchesTaken += r.branchesTaken;
    result->bundlesExecuted += r.bundlesExecuted;
    result->dmasIssued += r.dmasIssued;
    result->dmaBytes += r.dmaBytes;
    result->dmaQueueStallCycles += r.dmaQueueStallCycles;
    result->hbmWritten.insert(result->hbmWritten.end(), r.hbmWritten.begin(),
                              r.hbmWritten.end());
  }
  LaunchStats stats{*result, kernel.name, {}, nullptr, {}};
  if (numCores > 1)
    for (auto &r : results) {
      stats.cores.push_back(std::move(*r));
      stats.cores.back().hbmWritten.clear();
    }
  // Outputs the kernel did not write completely: the rows keep whatever the
  // buffer held. An aliased output starts as its input, so it is exempt.
  for (size_t i = 0; i < outputs.size(); ++i) {
    bool aliased = false;
    for (auto [in, out] : kernel.aliases)
      aliased = aliased || out == (int)i;
    const Buffer &buffer = *outputs[i].buffer();
    if (aliased || buffer.rows == 0)
      continue;
    std::string part = unwrittenPart(buffer, result->hbmWritten);
    if (part.empty())
      continue;
    stats.warnings.push_back(absl::StrFormat(
        "%s: warning: kernel '%s' ended without writing %s of its output %s (%s); they hold "
        "whatever the buffer held",
        kernel.position, kernel.name, part, kernel.outputNames[i], to_string(buffer.type)));
  }
  for (const std::string &warning : stats.warnings)
    std::fprintf(stderr, "%s\n", warning.c_str());
  stats.run.hbmWritten.clear();  // served its purpose; keep the stats small
  return stats;
}

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
  std::vector<int> params;
  for (int i = 0; i < numParams; ++i)
    params.push_back(i);
  std::string out = absl::StrCat("HloModule ", this->name, ", entry_computation_layout={(",
                                 absl::StrJoin(params, ", ", [&](std::string *s, int v) {
                                   s->append(typed(v));
                                 }),
                                 ")->", resultType(outputs, true), "}\n\n");
  for (const Call &call : calls)
    if (call.fusion)
      absl::StrAppend(&out, call.fusion->text, "\n");
  absl::StrAppend(&out, "ENTRY %main.1 (",
                  absl::StrJoin(params, ", ", [&](std::string *s, int v) {
                    absl::StrAppend(s, values[v].name, ": ", to_string(values[v].type));
                  }),
                  ") -> ", resultType(outputs, false), " {\n");
  for (int v : params)
    absl::StrAppend(&out, "  ", name(v), " = ", typed(v), " parameter(", v, ")\n");
  std::vector<std::string> lines;
  for (const Call &call : calls) {
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
    std::string config = absl::StrFormat(
        "backend_config={\"kernel_name\":\"%s\",\"source\":\"%s\",\"bundles\":%d,"
        "\"vmem_bytes\":%d,\"semaphores\":%d%s}",
        k.name, k.position, k.executable.numBundles(), k.vmemBytes(),
        k.executable.numSemaphores, k.interpreted() ? ",\"interpret\":true" : "");
    std::string callName = call.results.size() == 1
                               ? values[call.results[0]].name
                               : absl::StrCat(k.name, ".call");
    if (call.fusion) {
      // A kernel of the fusion compiler: its backend_config says on how many
      // TensorCores it runs and which blocks the compiler chose.
      config.insert(config.size() - 1,
                    absl::StrCat(",\"num_cores\":", k.numCores, call.fusion->config));
      lines.push_back(absl::StrCat("%", callName, " = ", resultType(call.results, true),
                                   " fusion(", operands, "), kind=", call.fusion->kind,
                                   ", calls=%", call.fusion->computation, ", ", config));
      continue;
    }
    lines.push_back(absl::StrCat("%", callName, " = ", resultType(call.results, true),
                                 " custom-call(", operands,
                                 "), custom_call_target=\"tpu_custom_call\", "
                                 "operand_layout_constraints={",
                                 layouts, "}, ", aliasing, config));
    if (call.results.size() > 1)
      for (size_t i = 0; i < call.results.size(); ++i)
        lines.push_back(absl::StrCat(name(call.results[i]), " = ", typed(call.results[i]),
                                     " get-tuple-element(%", callName, "), index=", i));
  }
  // The root: the single output, or a tuple of them.
  bool rootIsLastLine = outputs.size() == 1 && !calls.empty() &&
                        calls.back().results.size() == 1 &&
                        calls.back().results[0] == outputs[0];
  for (size_t i = 0; i < lines.size(); ++i)
    absl::StrAppend(&out, "  ", (rootIsLastLine && i + 1 == lines.size()) ? "ROOT " : "",
                    lines[i], "\n");
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

absl::StatusOr<std::vector<Array>> OuterProgram::run(const std::vector<Array> &args,
                                                      std::vector<LaunchStats> *stats,
                                                      bool trace) const {
  if ((int)args.size() != numParams)
    return absl::InvalidArgumentError(
        absl::StrCat(name, " takes ", numParams, " arguments, got ", args.size()));
  std::vector<Array> env(values.size());
  for (int i = 0; i < numParams; ++i) {
    if (!(args[i].aval() == values[i].type))
      return absl::InvalidArgumentError(absl::StrCat(
          name, " was traced for argument ", i, " of type ", to_string(values[i].type),
          ", not ", to_string(args[i].aval())));
    env[i] = args[i];
  }
  Device device = args.empty() ? Host::get().defaultDevice() : args[0].device();
  for (const Call &call : calls) {
    std::vector<Array> inputs, outputs;
    for (int v : call.operands)
      inputs.push_back(env[v]);
    for (int v : call.results) {
      auto buffer = Host::get().allocate(device, values[v].type);
      if (!buffer.ok())
        return buffer.status();
      outputs.push_back(Array::fromBuffer(*buffer));
      env[v] = outputs.back();
    }
    // An aliased output starts as its input: blocks the kernel never writes
    // keep the input's data.
    for (auto [in, out] : call.kernel->aliases) {
      auto words = Host::get().read(*inputs[in].buffer());
      if (!words.ok())
        return words.status();
      if (auto st = Host::get().write(*outputs[out].buffer(), *words); !st.ok())
        return st;
    }
    if (call.kernel->interpreted()) {
      // Interpret mode: no chip run, so no cycles; the launch is recorded
      // for callers that count launches.
      auto warnings = call.kernel->interpret(inputs, outputs);
      if (!warnings.ok())
        return warnings.status();
      for (const std::string &warning : *warnings)
        std::fprintf(stderr, "%s\n", warning.c_str());
      if (stats) {
        LaunchStats interpreted;
        interpreted.kernel = call.kernel->name;
        interpreted.warnings = std::move(*warnings);
        stats->push_back(std::move(interpreted));
      }
      continue;
    }
    LaunchOptions options = call.options;
    std::vector<std::shared_ptr<sim::Trace>> events;
    if (trace) {
      for (int c = 0; c < call.kernel->numCores; ++c) {
        events.push_back(std::make_shared<sim::Trace>());
        options.coreTraces.push_back(events.back().get());
      }
      options.trace = events.front().get();
    }
    auto launched = launch(*call.kernel, device, inputs, outputs, options);
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

std::vector<Array> OuterTrace::call(std::shared_ptr<const KernelBinary> kernel,
                                    const std::vector<Array> &operands,
                                    const std::source_location &loc,
                                    const LaunchOptions &options) {
  OuterProgram::Call call;
  call.options = options;
  for (size_t i = 0; i < operands.size(); ++i) {
    const Array &a = operands[i];
    if (a.trace() != this)
      throwUserError(loc, "an array from outside this jit trace was passed to kernel '" +
                              kernel->name + "'; pass it as an argument of the jitted function");
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
