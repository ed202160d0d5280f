//===- Jit.cpp - shard_map, jit and compile -------------------------------===//
#include "dsl/Jit.h"

#include <set>

#include "runtime/Program.h"
#include "sim/Executable.h"

namespace tessera {

namespace detail {

namespace {
thread_local const ShardMapScope *currentScope = nullptr;
}

const ShardMapScope *currentShardMap() { return currentScope; }

Array runShardMap(const ShardMapSpec &spec, const ArrayFn &fn,
                  const std::vector<Array> &args, const std::source_location &loc) {
  if (spec.mesh.devices.empty())
    throwUserError(loc, "shard_map needs a mesh (make_mesh)");
  if (spec.mesh.size() != 1)
    throwUserError(loc, "shard_map over " + std::to_string(spec.mesh.size()) +
                            " devices is not supported yet; use a mesh of one device");
  for (const P *p : {&spec.in_specs, &spec.out_specs})
    for (const std::string &axis : p->axes)
      if (std::find(spec.mesh.axis_names.begin(), spec.mesh.axis_names.end(), axis) ==
          spec.mesh.axis_names.end())
        throwUserError(loc, "PartitionSpec names axis '" + axis +
                                "', which is not an axis of the mesh");
  ShardMapScope scope{&spec, loc};
  const ShardMapScope *previous = currentScope;
  currentScope = &scope;
  struct Restore {
    const ShardMapScope *previous;
    ~Restore() { currentScope = previous; }
  } restore{previous};
  // One device, replicated specs: each device's shard is the whole array.
  return fn(args);
}

Compiled compileFn(const ArrayFn &fn, const std::vector<Array> &args,
                   const std::source_location &loc) {
  runtime::OuterTrace trace("jit_program");
  std::vector<Array> params;
  for (const Array &a : args) {
    if (a.is_tracer())
      throwUserError(loc, "nested jit is not supported");
    params.push_back(trace.parameter(a.aval()));
  }
  Array result = fn(params);
  auto program = std::make_shared<runtime::OuterProgram>(trace.finish({result}, loc));
  if (!program->calls.empty())
    program->name = "jit_" + program->calls.front().kernel->name;
  return Compiled(std::move(program));
}

}  // namespace detail

Compiled::Compiled(std::shared_ptr<runtime::OuterProgram> program)
    : program_(std::move(program)),
      lastRun_(std::make_shared<std::vector<runtime::LaunchStats>>()) {}

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
    bool found = false;
    for (const auto &[name, text] : k->stages)
      if (name == stage) {
        out += text;
        found = true;
      }
    if (!found) {
      std::string known;
      for (const auto &[name, text] : k->stages)
        known += (known.empty() ? "" : ", ") + name;
      throw Error("unknown IR stage '" + stage + "'; the stages are " + known);
    }
  }
  return out;
}

std::string Compiled::listing() const {
  std::string out;
  for (const runtime::KernelBinary *k : distinctKernels(*program_))
    out += sim::printListing(k->executable);
  return out;
}

absl::StatusOr<std::vector<Array>> Compiled::run(const std::vector<Array> &args) const {
  lastRun_->clear();
  return program_->run(args, lastRun_.get());
}

const std::vector<runtime::LaunchStats> &Compiled::last_run() const { return *lastRun_; }

}  // namespace tessera
