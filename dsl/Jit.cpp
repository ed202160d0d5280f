//===- Jit.cpp - shard_map, jit and compile -------------------------------===//
#include "dsl/Jit.h"

#include <algorithm>
#include <map>
#include <set>

#include "dsl/Fusion.h"
#include "dsl/HloTrace.h"
#include "dsl/Timeline.h"
#include "runtime/Host.h"
#include "runtime/Program.h"
#include "absl/strings/str_format.h"
#include "sim/Dma.h"
#include "sim/Executable.h"
#include "sim/Profile.h"
#include "sim/Slice.h"

namespace tessera {

namespace detail {

namespace {
thread_local const ShardMapScope *currentScope = nullptr;
}

const ShardMapScope *currentShardMap() { return currentScope; }

Array runShardMap(const ShardMapSpec &spec, const ArrayFn &fn,
                  const std::vector<Array> &args, const std::source_location &loc) {
  const Mesh &mesh = spec.mesh;
  if (mesh.devices.empty())
    throwUserError(loc, "shard_map needs a mesh (make_mesh)");
  if (!spec.in_specs.forAll && spec.in_specs.specs.size() != args.size())
    throwUserError(loc, "shard_map has " + std::to_string(spec.in_specs.specs.size()) +
                            " in_specs for " + std::to_string(args.size()) + " arguments");
  auto inSharding = [&](size_t i) {
    return NamedSharding{mesh, spec.in_specs.specs[spec.in_specs.forAll ? 0 : i]};
  };
  for (size_t i = 0; i < args.size(); ++i)
    if (auto axes = runtime::splitAxes(inSharding(i), args[i].shape().size()); !axes.ok())
      throwUserError(loc, "shard_map in_specs of argument " + std::to_string(i) + ": " +
                              std::string(axes.status().message()));
  for (const std::string &axis : spec.out_specs.axes)
    if (!axis.empty() &&
        std::find(mesh.axis_names.begin(), mesh.axis_names.end(), axis) == mesh.axis_names.end())
      throwUserError(loc, "shard_map out_specs " + to_string(spec.out_specs) + " names axis '" +
                              axis + "', which is not an axis of the mesh");
  if (currentScope)
    throwUserError(loc, "shard_map inside shard_map is not supported");
  ShardMapScope scope{&spec, loc};
  currentScope = &scope;
  struct Restore {
    ~Restore() { currentScope = nullptr; }
  } restore;
  // One device: each device's shard is the whole array.
  if (mesh.size() == 1)
    return fn(args);
  // Outside jit, shard_map is compiled and run, as jit(shard_map(...)).
  bool traced = !args.empty() && args[0].is_tracer();
  for (const Array &a : args)
    if (a.is_tracer() != traced || a.trace() != args[0].trace())
      throwUserError(loc, "shard_map's arguments mix arrays of different jit traces");
  if (!traced) {
    currentScope = nullptr;
    ArrayFn inner = [&](const std::vector<Array> &a) { return runShardMap(spec, fn, a, loc); };
    auto out = compileFn(inner, args, loc).run(args);
    if (!out.ok())
      throwUserError(loc, std::string(out.status().message()));
    return out->front();
  }
  runtime::OuterTrace *trace = args[0].trace();
  std::vector<Array> shards;
  for (size_t i = 0; i < args.size(); ++i) {
    auto shape = runtime::shardShape(args[i].aval(), inSharding(i));
    if (!shape.ok())
      throwUserError(loc, "shard_map argument " + std::to_string(i) + ": " +
                              std::string(shape.status().message()));
    shards.push_back(trace->toShards(args[i], inSharding(i), *shape));
  }
  std::optional<Mesh> previous = trace->setSpmdMesh(mesh);
  Array result = fn(shards);
  trace->setSpmdMesh(previous);
  if (result.trace() != trace)
    throwUserError(loc, "the shard_map function returned an array it did not compute "
                        "(return the result of a kernel call)");
  NamedSharding outSharding{mesh, spec.out_specs};
  auto axes = runtime::splitAxes(outSharding, result.shape().size());
  if (!axes.ok())
    throwUserError(loc, "shard_map out_specs: " + std::string(axes.status().message()));
  if (spec.check_vma)
    for (const std::string &axis : result.aval().vma)
      if (std::find(spec.out_specs.axes.begin(), spec.out_specs.axes.end(), axis) ==
          spec.out_specs.axes.end())
        throwUserError(loc, "shard_map out_specs " + to_string(spec.out_specs) +
                                " say the result is the same on every device along mesh axis '" +
                                axis + "', but it varies along it (its out_type's .vma); name '" +
                                axis + "' in out_specs, or pass check_vma = false");
  ShapeDtypeStruct whole = result.aval();
  for (size_t d = 0; d < whole.shape.size(); ++d)
    if ((*axes)[d] >= 0)
      whole.shape[d] *= mesh.shape[(*axes)[d]];
  return trace->fromShards(result, outSharding, whole);
}

namespace {
/// The program's fusions in place, and its name: jit_ and its first
/// hand-written kernel's (or its first fusion's root op).
Compiled finishProgram(std::shared_ptr<runtime::OuterProgram> program,
                       const std::vector<fusion::PendingFusion> &fusions) {
  size_t handWritten = program->calls.size() - fusions.size();
  fusion::placeFusions(*program, fusions);
  for (const auto &call : program->calls)
    if (!call.fusion && handWritten) {
      program->name = "jit_" + call.kernel->name;
      break;
    }
  if (!handWritten && !fusions.empty()) {
    const std::string &root = program->calls.back().fusion->text;
    // "ROOT %multiply.3 = ": the op's name before its number.
    size_t at = root.find("ROOT %") + 6;
    program->name = "jit_" + root.substr(at, root.find_first_of(".= ", at) - at);
  }
  return Compiled(std::move(program));
}
}  // namespace

Compiled compileFn(const ArrayFn &fn, const std::vector<Array> &args,
                   const std::source_location &loc, bool interpretFusions) {
  return compileFns(asArraysFn(fn), args, loc, interpretFusions);
}

Compiled compileFns(const ArraysFn &fn, const std::vector<Array> &args,
                    const std::source_location &loc, bool interpretFusions) {
  runtime::OuterTrace trace("jit_program");
  hlo::HloTrace arrayOps(trace);  // array ops record here (dsl/HloTrace.h)
  std::vector<Array> params;
  for (const Array &a : args) {
    if (a.is_tracer())
      throwUserError(loc, "nested jit is not supported");
    params.push_back(trace.parameter(a.aval()));
  }
  std::vector<Array> results = fn(params);
  if (results.empty())
    throwUserError(loc, "the jitted function returned no arrays");
  // The array ops become kernels (dsl/Fusion.h), placed among the
  // hand-written kernels' calls once the trace has finished.
  std::vector<int> outputs;
  for (const Array &r : results)
    if (r.trace() == &trace)
      outputs.push_back(r.traceValue());
  std::vector<fusion::PendingFusion> fusions;
  if (!outputs.empty()) {
    std::vector<std::string> names;
    for (int i = 0; i < (int)params.size(); ++i)
      names.push_back(trace.program().values[i].name);
    fusions = fusion::compileFusions(arrayOps, outputs, interpretFusions);
    auto program = std::make_shared<runtime::OuterProgram>(trace.finish(results, loc));
    for (size_t i = 0; i < names.size(); ++i)
      program->values[i].name = names[i];  // not the fusion kernels' parameter names
    return finishProgram(std::move(program), fusions);
  }
  return finishProgram(std::make_shared<runtime::OuterProgram>(trace.finish(results, loc)), {});
}

namespace {
/// Signatures hold at most this many entries per jitted function (the
/// least recently used goes first): a function called with ever new
/// shapes does not keep every program alive.
constexpr size_t kMaxJitTraces = 64;

bool sameSignature(const std::vector<ShapeDtypeStruct> &a, const std::vector<Array> &args) {
  if (a.size() != args.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!(a[i] == args[i].aval()) || a[i].vma != args[i].aval().vma)
      return false;
  return true;
}
}  // namespace

Compiled JitTraceCache::lower(const ArraysFn &fn, const std::vector<Array> &args,
                              const std::source_location &loc, bool interpretFusions) {
  // compileFns refuses tracers (nested jit) and reads a shard_map's scope
  // and the forced interpret mode (JAX keys its cache on that config).
  if (currentShardMap() || pltpu::forced_interpret_mode() ||
      std::any_of(args.begin(), args.end(), [](const Array &a) { return a.is_tracer(); }))
    return compileFns(fn, args, loc, interpretFusions);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = entries_.begin(); it != entries_.end(); ++it)
      if (sameSignature(it->signature, args)) {
        std::rotate(it, it + 1, entries_.end());
        return Compiled(entries_.back().program);
      }
  }
  // Traced outside the lock: the function may call other jitted functions
  // (or this one, with other shapes: an error, as nested jit is).
  Compiled compiled = compileFns(fn, args, loc, interpretFusions);
  std::vector<ShapeDtypeStruct> signature;
  for (const Array &a : args)
    signature.push_back(a.aval());
  std::lock_guard<std::mutex> lock(mutex_);
  if (entries_.size() == kMaxJitTraces)
    entries_.erase(entries_.begin());
  entries_.push_back({std::move(signature), compiled.sharedProgram()});
  return compiled;
}

size_t JitTraceCache::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return entries_.size();
}

}  // namespace detail

Compiled::Compiled(std::shared_ptr<runtime::OuterProgram> program)
    : program_(std::move(program)),
      lastRun_(std::make_shared<std::vector<runtime::LaunchStats>>()),
      lastArgs_(std::make_shared<std::optional<std::vector<Array>>>()),
      lastBudgets_(std::make_shared<RunBudgets>()) {}

std::string Compiled::hlo() const { return program_->hlo(); }

namespace {
/// Each distinct kernel once, in call order.
std::vector<const runtime::KernelBinary *> distinctKernels(const runtime::OuterProgram &p) {
  std::vector<const runtime::KernelBinary *> out;
  std::set<const runtime::KernelBinary *> seen;
  for (const auto &call : p.calls)
    if (seen.insert(call.kernel.get()).second)
      out.push_back(call.kernel.get());
  return out;
}
}  // namespace

std::string Compiled::ir(const std::string &stage) const {
  std::string out;
  for (const runtime::KernelBinary *k : distinctKernels(*program_)) {
    // An interpreted kernel was traced, not compiled: its later stages are
    // those of the same kernel compiled.
    std::shared_ptr<const runtime::KernelBinary> compiled;
    if (k->interpreted() && stage != "kernel")
      k = (compiled = k->compiled()).get();
    std::vector<std::pair<std::string, std::string>> printed;
    if (k->stages.empty() && k->printStages)
      printed = k->printStages();
    const auto &stages = k->stages.empty() ? printed : k->stages;
    bool found = false;
    for (const auto &[name, text] : stages)
      if (name == stage) {
        out += text;
        found = true;
      }
    if (!found) {
      std::string known;
      for (const auto &[name, text] : stages)
        known += (known.empty() ? "" : ", ") + name;
      throw Error("unknown IR stage '" + stage + "'; the stages are " + known);
    }
  }
  return out;
}

std::string Compiled::listing() const {
  std::string out;
  for (const runtime::KernelBinary *k : distinctKernels(*program_))
    out += k->interpreted() ? k->interpretNote : sim::printListing(k->executable);
  return out;
}

static runtime::RunBudgets runtimeBudgets(const RunBudgets &b) {
  return {b.cycle_budget, b.dma_byte_budget, b.work_budget};
}

absl::StatusOr<std::vector<Array>> Compiled::run(const std::vector<Array> &args,
                                                  const RunBudgets &budgets) const {
  lastRun_->clear();
  *lastArgs_ = args;
  *lastBudgets_ = budgets;
  return program_->run(args, lastRun_.get(), /*trace=*/false, runtimeBudgets(budgets));
}

const std::vector<runtime::LaunchStats> &Compiled::last_run() const { return *lastRun_; }

void Compiled::traceLastRun() const {
  if (!lastArgs_->has_value())
    throw Error("the program has not run yet: run it (or call profile(args)) before asking "
                "for its profile or timeline");
  // Interpreted kernels run no machine code: they have nothing to trace.
  bool traced = lastRun_->size() == program_->calls.size();
  for (size_t i = 0; traced && i < lastRun_->size(); ++i)
    traced = (*lastRun_)[i].trace || program_->calls[i].kernel->interpreted();
  if (traced)
    return;
  std::vector<runtime::LaunchStats> stats;
  auto out = program_->run(**lastArgs_, &stats, /*trace=*/true, runtimeBudgets(*lastBudgets_));
  if (!out.ok())
    throw Error(std::string(out.status().message()));
  // The same run (the simulator is deterministic) with its events: the
  // traces join the launches already there, so that what a caller holds of
  // last_run() (`const auto &run = c.last_run().front().run;`) stays valid.
  if (stats.size() != lastRun_->size()) {
    *lastRun_ = std::move(stats);
    return;
  }
  for (size_t i = 0; i < stats.size(); ++i) {
    (*lastRun_)[i].trace = std::move(stats[i].trace);
    (*lastRun_)[i].coreTraces = std::move(stats[i].coreTraces);
  }
}

namespace {
/// One core's part of a traced launch: its events, its run, and where.
struct CoreRun {
  const sim::Trace *trace;
  const sim::RunResult *run;
  /// (-1, -1) for a launch on one core.
  runtime::CoreId where;
};
/// Each core's part of `launch`, devices in mesh order and each device's
/// cores in order: the launch itself when it ran on one core
/// (runtime::LaunchStats::cores is then empty).
std::vector<CoreRun> coreRuns(const runtime::LaunchStats &launch) {
  if (launch.cores.empty())
    return {{launch.trace.get(), &launch.run, {-1, -1}}};
  std::vector<CoreRun> out;
  for (size_t c = 0; c < launch.cores.size(); ++c)
    out.push_back({launch.coreTraces[c].get(), &launch.cores[c], launch.coreIds[c]});
  return out;
}

/// The ICI links the remote DMAs of `launch` (on several chips) crossed,
/// into profile.links; its first core's profile is the next in `profile`.
void addLinks(Profile &profile, const runtime::LaunchStats &launch, const sim::Executable &exe) {
  struct Use {
    std::vector<std::pair<int64_t, int64_t>> spans;  // [from, to): moving
    int64_t dmas = 0, bytes = 0;
  };
  std::map<int, Use> links;  // by sim::iciLinkResource
  const sim::TorusShape &torus = runtime::Host::get().torus();
  int64_t cycles = 0;
  for (const CoreRun &run : coreRuns(launch)) {
    cycles = std::max<int64_t>(cycles, run.run->cycles + run.run->drainCycles);
    sim::TraceWalker walker;
    walker.dmaLanded = [&](int64_t issued, const sim::TraceEvent &e) {
      if (!sim::isRemoteDmaOpcode(e.dmaKind) || e.targetChip < 0 || e.targetChip >= torus.chips())
        return;
      for (int link : sim::torusRoute(torus, run.where.chip, e.targetChip)) {
        Use &use = links[link];
        use.spans.push_back({sim::dmaMovingFrom(e.dmaKind, issued, e.cycle), e.cycle});
        ++use.dmas;
        use.bytes += e.bytes;
      }
    };
    if (absl::Status s = sim::walkTrace(*run.trace, exe.numBundles(), walker).status(); !s.ok())
      throw Error(std::string(s.message()));
  }
  for (auto &[link, use] : links) {
    // The union of the spans: cycles with some DMA moving over the link.
    std::sort(use.spans.begin(), use.spans.end());
    int64_t busy = 0, end = INT64_MIN;
    for (auto [from, to] : use.spans) {
      from = std::max(from, end);
      busy += std::max<int64_t>(0, to - from);
      end = std::max(end, to);
    }
    profile.links.push_back({profile.launches.size(), link / machine::kIciLinksPerChip,
                             std::string(sim::iciLinkName(link % machine::kIciLinksPerChip)),
                             busy, cycles, use.dmas, use.bytes});
  }
}
}  // namespace

Profile Compiled::profile() const {
  traceLastRun();
  Profile profile;
  for (size_t i = 0; i < lastRun_->size(); ++i) {
    const runtime::LaunchStats &launch = (*lastRun_)[i];
    if (!launch.trace)
      continue;  // interpreted
    const auto &kernel = program_->calls[i].kernel;
    bool severalChips = false;
    for (const runtime::CoreId &id : launch.coreIds)
      severalChips = severalChips || id.chip != launch.coreIds.front().chip;
    if (severalChips)
      addLinks(profile, launch, kernel->executable);
    // A launch on several cores: a profile per core.
    for (const CoreRun &run : coreRuns(launch)) {
      auto p = sim::profileRun(kernel->executable, *run.trace, *run.run);
      if (!p.ok())
        throw Error(std::string(p.status().message()));
      profile.launches.push_back(std::move(*p));
      profile.kernels.push_back(kernel);
      profile.cores.push_back(run.where.core);
      profile.chips.push_back(severalChips ? run.where.chip : -1);
    }
  }
  return profile;
}

Profile Compiled::profile(const std::vector<Array> &args) const {
  lastRun_->clear();
  *lastArgs_ = args;
  *lastBudgets_ = {};
  traceLastRun();
  return profile();
}

void Compiled::trace(const std::string &path) const {
  traceLastRun();
  const std::vector<Array> &args = **lastArgs_;
  Device device = args.empty() ? runtime::Host::get().defaultDevice() : args[0].device();
  std::vector<timeline::Launch> launches;
  for (size_t i = 0; i < lastRun_->size(); ++i) {
    const runtime::LaunchStats &launch = (*lastRun_)[i];
    if (!launch.trace)
      continue;
    // A launch on several cores: one process per core, starting together.
    std::vector<CoreRun> runs = coreRuns(launch);
    for (size_t c = 0; c < runs.size(); ++c) {
      runtime::CoreId where = runs.size() == 1
                                  ? runtime::CoreId{device.chip, std::max(device.core, 0)}
                                  : runs[c].where;
      launches.push_back({&program_->calls[i].kernel->executable, runs[c].trace, *runs[c].run,
                          where.chip, where.core, /*withPrevious=*/c > 0});
    }
  }
  if (absl::Status s = timeline::write(path, launches, runtime::Host::get().torus());
      !s.ok())
    throw Error(std::string(s.message()));
}

std::string Profile::str(size_t maxListingLines) const {
  std::string out;
  for (size_t i = 0; i < launches.size(); ++i) {
    out += i ? "\n" : "";
    if (i < chips.size() && chips[i] >= 0)
      out += "Chip " + std::to_string(chips[i]) + ", TensorCore " + std::to_string(cores[i]) +
             " of the launch:\n";
    else if (i < cores.size() && cores[i] >= 0)
      out += "TensorCore " + std::to_string(cores[i]) + " of the launch:\n";
    out += sim::formatProfile(launches[i], kernels[i]->executable, maxListingLines);
  }
  for (size_t i = 0; i < links.size(); ++i) {
    const Link &l = links[i];
    if (i == 0 || links[i - 1].launch != l.launch)
      out += "\nICI links the launch's remote DMAs crossed (sim/TIMING.md, [ICI]):\n";
    out += absl::StrFormat("  chip %d %s link: %d of %d cycles moving data (%.1f%%), %d remote "
                           "DMAs, %d bytes\n",
                           l.chip, l.direction, l.busyCycles, l.launchCycles,
                           l.launchCycles ? 100.0 * l.busyCycles / l.launchCycles : 0.0, l.dmas,
                           l.bytes);
  }
  return out;
}

}  // namespace tessera
