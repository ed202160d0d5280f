//===- Kernel.cpp - Tracing, compiling and calling a pl::kernel -----------===//
//
// A kernel call checks the spec against its arguments, traces the body for
// their types, compiles the kernel IR (once per distinct IR, cached for the
// process) and either runs it (eager) or records a custom-call (inside jit).
//
//===----------------------------------------------------------------------===//
#include <map>
#include <mutex>
#include <optional>

#include "dsl/Jit.h"
#include "dsl/KernelTrace.h"
#include "llvm/Support/raw_ostream.h"
#include "sim/Layout.h"
#include "lowering/Pipeline.h"
#include "mlir/IR/OperationSupport.h"
#include "runtime/Host.h"
#include "runtime/Program.h"
#include "sim/MachineDesc.h"
#include "sim/Program.h"

namespace tessera::pl {

namespace {

std::vector<std::string> argumentNames(const KernelSpec &spec, size_t inputs,
                                       const std::source_location &loc) {
  size_t outputs = spec.out_type.types.size(), scratch = spec.scratch_types.size();
  size_t total = inputs + outputs + scratch;
  if (!spec.arg_names.empty()) {
    if (spec.arg_names.size() != total)
      throwUserError(loc, "arg_names has " + std::to_string(spec.arg_names.size()) +
                              " names for " + std::to_string(total) + " Refs");
    return spec.arg_names;
  }
  std::vector<std::string> names;
  for (size_t i = 0; i < inputs; ++i)
    names.push_back("in" + std::to_string(i));
  for (size_t i = 0; i < outputs; ++i)
    names.push_back("out" + std::to_string(i));
  for (size_t i = 0; i < scratch; ++i)
    names.push_back("scratch" + std::to_string(i));
  return names;
}

void checkSpec(const KernelSpec &spec, int arity, const std::vector<ShapeDtypeStruct> &inputs,
               const std::source_location &loc) {
  if (spec.mesh.num_cores != 1)
    throwUserError(loc, "TensorCoreMesh num_cores=" + std::to_string(spec.mesh.num_cores) +
                            " is not supported yet; use num_cores=1 (TensorCore 0)");
  if (spec.out_type.types.empty())
    throwUserError(loc, "pl::kernel needs an out_type");
  size_t refs = inputs.size() + spec.out_type.types.size() + spec.scratch_types.size();
  if ((size_t)arity != refs)
    throwUserError(loc, "the kernel body takes " + std::to_string(arity) + " Refs, but it gets " +
                            std::to_string(inputs.size()) + " input(s) + " +
                            std::to_string(spec.out_type.types.size()) + " output(s) + " +
                            std::to_string(spec.scratch_types.size()) + " scratch = " +
                            std::to_string(refs));
  auto checkArray = [&](const ShapeDtypeStruct &t, const std::string &what) {
    for (int64_t d : t.shape)
      if (d < 0)
        throwUserError(loc, what + " has shape " + to_string(t.shape) +
                                ", with a negative dimension");
    bool oneRow = t.shape.size() == 2 && itemsize(t.dtype) == 4 &&
                  layout::isOneRow(t.shape[0], t.shape[1]);
    if (t.shape.size() != 2 || (!layout::isTileAligned(t.shape[0], t.shape[1]) && !oneRow))
      throwUserError(loc, what + " has shape " + to_string(t.shape) +
                              "; kernels take rank-2 arrays of whole (8, 128) tiles "
                              "(rows 1 or a multiple of 8, columns a multiple of 128; "
                              "one row only for 32-bit dtypes, padded to an 8-row tile)");
  };
  if (spec.num_scalar_prefetch < 0 || spec.num_scalar_prefetch > (int)inputs.size())
    throwUserError(loc, "num_scalar_prefetch=" + std::to_string(spec.num_scalar_prefetch) +
                            " but the kernel has " + std::to_string(inputs.size()) + " inputs");
  for (size_t i = 0; i < inputs.size(); ++i) {
    if ((int)i < spec.num_scalar_prefetch) {
      if (inputs[i].dtype != DType::int32 || inputs[i].shape.size() != 1)
        throwUserError(loc, "scalar prefetch input " + std::to_string(i) + " is " +
                                to_string(inputs[i]) + "; it must be a 1-D int32 array");
      continue;
    }
    checkArray(inputs[i], "input " + std::to_string(i));
  }
  for (size_t i = 0; i < spec.out_type.types.size(); ++i) {
    checkArray(spec.out_type.types[i], "output " + std::to_string(i));
    checkShape(spec.out_type.types[i].shape, spec.out_type.types[i].dtype, loc,
               "output " + std::to_string(i));
  }
  // The total, or std::nullopt once it no longer fits in int64.
  std::optional<int64_t> vmemBytes = 0;
  for (size_t i = 0; i < spec.scratch_types.size(); ++i) {
    const pltpu::ScratchType &s = spec.scratch_types[i];
    if (s.space != MemorySpace::VMEM)
      checkShape(s.shape, s.dtype, loc, "scratch " + std::to_string(i));
    if (s.space == MemorySpace::VMEM) {
      checkArray({s.shape, s.dtype}, "VMEM scratch " + std::to_string(i));
      int64_t tileRows = machine::kSublanes * packing(s.dtype);
      bool oneRow = packing(s.dtype) == 1 && s.shape[0] == 1;
      if (s.shape[0] % tileRows != 0 && !oneRow)
        throwUserError(loc, "VMEM scratch " + std::to_string(i) + " is " +
                                to_string(ShapeDtypeStruct{s.shape, s.dtype}) + "; " +
                                (s.dtype == DType::bfloat16 ? "a " : "an ") +
                                to_string(s.dtype) + " Ref in VMEM needs rows a multiple of " +
                                std::to_string(tileRows) + " (its (" +
                                std::to_string(tileRows) + ", 128) tiles)");
      // A one-row Ref reserves whole 8-row tiles, as in HBM.
      std::optional<int64_t> bytes = checkedNumBytes(
          oneRow ? Shape{machine::kSublanes, s.shape[1]} : s.shape, s.dtype);
      vmemBytes = vmemBytes && bytes ? checkedAdd(*vmemBytes, *bytes) : std::nullopt;
    } else if (s.space == MemorySpace::SEMAPHORE) {
      if (s.shape.size() > 1 || numElements(s.shape) < 1)
        throwUserError(loc, "a semaphore array has one dimension of at least 1, not " +
                                to_string(s.shape));
    } else if (s.space == MemorySpace::SMEM) {
      if (s.shape.size() != 1 || s.shape[0] < 1 || s.dtype != DType::int32)
        throwUserError(loc, "SMEM scratch " + std::to_string(i) + " is " +
                                to_string(ShapeDtypeStruct{s.shape, s.dtype}) +
                                "; SMEM scratch is a 1-D int32 array");
    } else {
      throwUserError(loc, "scratch " + std::to_string(i) + " in " + to_string(s.space) +
                              " is not supported yet");
    }
  }
  if (!vmemBytes || *vmemBytes > machine::kVmemBytes)
    throwUserError(loc, "scratch_types need " +
                            (vmemBytes ? std::to_string(*vmemBytes)
                                       : "more than " + std::to_string(INT64_MAX)) +
                            " bytes of VMEM, more than the " +
                            std::to_string(machine::kVmemBytes) +
                            " bytes (16 MiB) a TensorCore has");
  if (const auto *sm = tessera::detail::currentShardMap(); sm && sm->spec->check_vma) {
    for (const ShapeDtypeStruct &t : spec.out_type.types) {
      if (t.vma.empty())
        throwUserError(loc, "shard_map(check_vma=true) needs each out_type to declare the "
                            "mesh axes it varies along (ShapeDtypeStruct{..., .vma = {\"" +
                                sm->spec->mesh.axis_names.front() +
                                "\"}}), or check_vma=false");
      for (const std::string &axis : t.vma)
        if (std::find(sm->spec->mesh.axis_names.begin(), sm->spec->mesh.axis_names.end(),
                      axis) == sm->spec->mesh.axis_names.end())
          throwUserError(loc, "out_type varies along '" + axis +
                                  "', which is not an axis of the shard_map mesh");
    }
  }
}

std::string printWithLocations(mlir::ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  mlir::OpPrintingFlags flags;
  flags.enableDebugInfo();
  module.print(os, flags);
  return text;
}

/// Compiled kernels by kernel IR (with source positions) and switches.
std::map<std::string, std::shared_ptr<const runtime::KernelBinary>> &cache() {
  static auto *c = new std::map<std::string, std::shared_ptr<const runtime::KernelBinary>>();
  return *c;
}

}  // namespace

Kernel::Kernel(KernelSpec spec, int arity, Body body, std::source_location loc)
    : spec_(std::move(spec)), arity_(arity), body_(std::move(body)), loc_(loc) {}

/// Traces `k` for arguments of these types and compiles it, or returns the
/// cached binary of the same kernel IR.
static std::shared_ptr<const runtime::KernelBinary>
compileKernelFor(const Kernel &k, const std::vector<ShapeDtypeStruct> &inputs) {
  const KernelSpec &spec = k.spec();
  checkSpec(spec, k.arity(), inputs, k.location());
  std::vector<std::string> names = argumentNames(spec, inputs.size(), k.location());
  mlir::OwningOpRef<mlir::ModuleOp> module;
  {
    tessera::detail::KernelTrace trace(spec, inputs, names, k.location());
    k.body()(trace.argumentRefs());
    module = trace.finish();
  }
  lowering::PassSwitches switches;
  switches.reuseLoads = spec.debug.reuse_loads;
  switches.eliminateDeadStores = spec.debug.eliminate_dead_stores;
  switches.boundsChecks = !spec.compiler_params.disable_bounds_checks;
  switches.semaphoreChecks = !spec.compiler_params.disable_semaphore_checks;
  std::string aliases;
  for (auto [in, out] : k.aliases())
    aliases += std::to_string(in) + ":" + std::to_string(out) + ",";
  std::string key = printWithLocations(*module) + aliases + (switches.reuseLoads ? "R" : "r") +
                    (switches.eliminateDeadStores ? "D" : "d") +
                    (switches.boundsChecks ? "B" : "b") + (switches.semaphoreChecks ? "S" : "s");
  if (auto it = cache().find(key); it != cache().end())
    return it->second;

  auto compiled = lowering::compileKernel(*module, switches);
  if (!compiled.ok())
    throw Error(std::string(compiled.status().message()));
  auto binary = std::make_shared<runtime::KernelBinary>();
  binary->name = spec.name;
  binary->position = positionString(k.location());
  binary->inputs = inputs;
  binary->numScalarInputs = spec.num_scalar_prefetch;
  binary->aliases = k.aliases();
  binary->outputs = spec.out_type.types;
  binary->inputNames.assign(names.begin(), names.begin() + inputs.size());
  binary->outputNames.assign(names.begin() + inputs.size(),
                             names.begin() + inputs.size() + binary->outputs.size());
  binary->stages = std::move(compiled->stages);
  binary->executable = std::move(compiled->executable);
  auto program = sim::loadProgram(binary->executable);
  if (!program.ok())
    throw Error("internal error: the compiled kernel '" + spec.name +
                "' does not load: " + std::string(program.status().message()));
  binary->program = *program;
  cache()[key] = binary;
  return binary;
}

std::vector<Array> Kernel::call(const std::vector<Array> &args) const {
  std::vector<ShapeDtypeStruct> inputs;
  bool traced = false;
  for (const Array &a : args) {
    inputs.push_back({a.shape(), a.dtype()});
    traced = traced || a.is_tracer();
  }
  auto binary = compileKernelFor(*this, inputs);
  if (traced) {
    runtime::OuterTrace *trace = runtime::OuterTrace::current();
    if (!trace)
      throwUserError(loc_, "kernel '" + spec_.name + "' was called on a tracer outside jit");
    return trace->call(binary, args, loc_);
  }
  // Eager call: a program of one custom-call, run now.
  runtime::OuterTrace trace("eager_" + spec_.name);
  std::vector<Array> params;
  for (const ShapeDtypeStruct &t : inputs)
    params.push_back(trace.parameter(t));
  auto results = trace.call(binary, params, loc_);
  runtime::OuterProgram program = trace.finish(results, loc_);
  auto out = program.run(args);
  if (!out.ok())
    throw Error(std::string(out.status().message()));
  return *out;
}

}  // namespace tessera::pl
