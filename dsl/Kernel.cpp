//===- Kernel.cpp - Checking, tracing and calling a pl::kernel ------------===//
//
// A kernel call checks the spec against its arguments, traces the body for
// their types, hands the kernel IR to the driver (driver/Driver.h: the
// compile cache, the pipeline, interpret mode) and either runs the binary
// (eager) or records a custom-call (inside jit).
//
//===----------------------------------------------------------------------===//
#include <optional>

#include "driver/Driver.h"
#include "driver/KernelCache.h"
#include "dsl/Jit.h"
#include "dsl/KernelTrace.h"
#include "interpret/Interpreter.h"
#include "runtime/Host.h"
#include "runtime/Program.h"
#include "sim/Executable.h"
#include "sim/MachineDesc.h"

namespace tessera::pl {

void detail::checkBodyRefs(const KernelSpec &spec, int arity, size_t inputs,
                           const std::source_location &loc) {
  size_t outputs = spec.out_type.types.size(), scratch = spec.scratch_types.size();
  size_t refs = inputs + outputs + scratch;
  if ((size_t)arity != refs)
    throwUserError(loc, "the kernel body takes " + std::to_string(arity) + " Refs, but it gets " +
                            std::to_string(inputs) + " input(s) + " + std::to_string(outputs) +
                            " output(s) + " + std::to_string(scratch) + " scratch = " +
                            std::to_string(refs));
  if (!spec.arg_names.empty() && spec.arg_names.size() != refs)
    throwUserError(loc, "arg_names has " + std::to_string(spec.arg_names.size()) +
                            " names for " + std::to_string(refs) + " Refs");
}

namespace {
/// That an array of type `t` (named `what` in messages) is one HBM holds
/// tiled, as kernels take their operands; a user error at `at` otherwise.
void checkArray(const ShapeDtypeStruct &t, const std::string &what,
                const std::source_location &at) {
  for (int64_t d : t.shape)
    if (d < 0)
      throwUserError(at, what + " has shape " + to_string(t.shape) +
                              ", with a negative dimension");
  // What HBM holds tiled (runtime::isTiledType, the one rule): rank-2
  // arrays of any shape, their last tiles padded (T(8,128), packed
  // T(8,128)(2,1) / (4,1)); ranks 3 to 5 the same per matrix (each padded
  // to whole tiles), stored as [B * Mp, N].
  if (t.shape.size() > kMaxRank)
    throwUserError(at, what + " has shape " + to_string(t.shape) + "; arrays have rank " +
                            std::to_string(kMaxRank) + " at most");
  if (isBatchShape(t.shape) && !runtime::isTiledType(t))
    throwUserError(at, what + " has shape " + to_string(t.shape) +
                            "; an array of rank " + std::to_string(t.shape.size()) +
                            " [..., M, N] holds at least one element (its matrices "
                            "padded to whole tiles take fewer than 2^63 rows)");
  // A 1-D array of words, row-major in HBM: what an SMEM DMA copies (and
  // a 1-D array of a packed dtype, its rows of 128: runtime::isTiledType).
  if (t.shape.size() == 1 && t.shape[0] >= 1 &&
      (t.dtype == DType::int32 || t.dtype == DType::uint32 || t.dtype == DType::float32))
    return;
  if (!isBatchShape(t.shape) && !runtime::isTiledType(t))
    throwUserError(at, what + " has shape " + to_string(t.shape) +
                            "; kernels take rank-2 arrays of any nonzero extents (their "
                            "last (8, 128) tiles padded), ranks 3 to 5, matrices of whole "
                            "rows of tiles, or 1-D arrays of at least one element (not of "
                            "bool)");
}
}  // namespace

std::optional<int64_t> detail::checkScratchType(const pltpu::ScratchType &s,
                                                const std::string &index,
                                                const std::source_location &at) {
  if (s.space != MemorySpace::VMEM)
    checkShape(s.shape, s.dtype, at, "scratch " + index);
  if (s.space == MemorySpace::VMEM) {
    // Rank 1: folded into rows of 128 lanes (detail::foldedShape), as
    // Mosaic's 1-D VMEM arrays.
    if (s.shape.size() == 1) {
      if (s.shape[0] < 1)
        throwUserError(at, "VMEM scratch " + index + " is " +
                               to_string(ShapeDtypeStruct{s.shape, s.dtype}) +
                               "; a 1-D Ref in VMEM has at least one element");
      return s.vmemBytes();
    }
    // Ranks 3 to 5 ([..., M, N]): B matrices one after another, each
    // padded to 8-row tiles, as [B * Mp, N] (whose rows follow the rule
    // below).
    for (int64_t d : s.shape)
      if (d < 0)
        throwUserError(at, "VMEM scratch " + index + " has shape " +
                                to_string(s.shape) + ", with a negative dimension");
    if (s.shape.size() > kMaxRank)
      throwUserError(at, "VMEM scratch " + index + " has shape " +
                              to_string(s.shape) + "; Refs have rank " +
                              std::to_string(kMaxRank) + " at most");
    bool batch = isBatchShape(s.shape);
    if (batch && numMatrices(s.shape) < 1)
      throwUserError(at, "VMEM scratch " + index + " has shape " +
                              to_string(s.shape) + ": a Ref of rank " +
                              std::to_string(s.shape.size()) + " holds at least one matrix");
    Shape physical = ::tessera::detail::physicalShape(s.shape);
    int64_t tileRows = machine::kSublanes * packing(s.dtype);
    // Rank-2 scratch of any shape: its last tiles padded (32-bit ones of
    // rank 3 to 5 too, their matrices one after another).
    bool anyRows = s.shape.size() == 2 || (packing(s.dtype) == 1 && physical[0] == 1);
    // (Any columns: each matrix's rows padded to whole lane tiles, as a
    // rank-2 Ref's.)
    if (batch && ((physical[0] % tileRows != 0 && !anyRows) || physical[1] < 1))
      throwUserError(at, "VMEM scratch " + index + " is " +
                              to_string(ShapeDtypeStruct{s.shape, s.dtype}) + "; a Ref of rank " +
                              std::to_string(s.shape.size()) +
                              " in VMEM is its matrices one after another, " +
                              to_string(physical) + " (the rows of all its matrices, "
                              "each padded to a multiple of 8), which needs rows a multiple of " +
                              std::to_string(tileRows) + " and at least one column");
    checkArray({physical, s.dtype}, "VMEM scratch " + index, at);
    if (physical[0] % tileRows != 0 && !anyRows)
      throwUserError(at, "VMEM scratch " + index + " is " +
                              to_string(ShapeDtypeStruct{s.shape, s.dtype}) + "; " +
                              (s.dtype == DType::bfloat16 ? "a " : "an ") +
                              to_string(s.dtype) + " Ref in VMEM needs rows a multiple of " +
                              std::to_string(tileRows) + " (its (" +
                              std::to_string(tileRows) + ", 128) tiles)" +
                              (batch ? "; rank 3 to 5: the rows of all its matrices, each "
                                       "padded to a multiple of 8"
                                     : ""));
    return s.vmemBytes();
  } else if (s.space == MemorySpace::SEMAPHORE) {
    if (s.shape.size() > 1 || numElements(s.shape) < 1)
      throwUserError(at, "a semaphore array has one dimension of at least 1, not " +
                              to_string(s.shape));
  } else if (s.space == MemorySpace::SMEM) {
    if (s.shape.empty() || s.shape.size() > 2 || numElements(s.shape) < 1 ||
        !::tessera::detail::isScalarMemoryDtype(s.dtype))
      throwUserError(at, "SMEM scratch " + index + " is " +
                              to_string(ShapeDtypeStruct{s.shape, s.dtype}) +
                              "; SMEM scratch is a 1-D or 2-D int32, uint32, f32 or bool array");
  } else {
    throwUserError(at, "scratch " + index + " in " + to_string(s.space) +
                            " is not supported yet");
  }
  return 0;
}

std::vector<Ref> detail::openScope(const std::vector<pltpu::ScratchType> &types, int arity,
                                   const std::source_location &loc) {
  auto &trace = ::tessera::detail::KernelTrace::current(loc, "pl::run_scoped");
  if ((size_t)arity != types.size())
    throwUserError(loc, "pl::run_scoped: the body takes " + std::to_string(arity) +
                            " Refs, but it is given " + std::to_string(types.size()) +
                            " scratch types (one Ref per type)");
  int64_t vmemBytes = 0;
  for (size_t i = 0; i < types.size(); ++i) {
    const pltpu::ScratchType &t = types[i];
    std::optional<int64_t> bytes = checkScratchType(
        t, std::to_string(i) + " of pl::run_scoped", t.loc.line() ? t.loc : loc);
    vmemBytes = bytes ? checkedAdd(vmemBytes, *bytes).value_or(INT64_MAX / 2) : INT64_MAX / 2;
  }
  int scope = trace.openScope(vmemBytes, loc);
  std::vector<Ref> refs;
  for (size_t i = 0; i < types.size(); ++i)
    refs.push_back(trace.addScratch(
        types[i], "scoped" + std::to_string(scope) + "_" + std::to_string(i)));
  return refs;
}

void detail::closeScope(const std::vector<Ref> &refs, const std::source_location &loc) {
  ::tessera::detail::KernelTrace::current(loc, "pl::run_scoped").closeScope(refs, loc);
}

namespace {

std::vector<std::string> argumentNames(const KernelSpec &spec, size_t inputs) {
  size_t outputs = spec.out_type.types.size(), scratch = spec.scratch_types.size();
  if (!spec.arg_names.empty())  // as many as Refs (detail::checkBodyRefs)
    return spec.arg_names;
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
  const std::string chipCores = std::to_string(machine::kCoresPerChip);
  // Interpret mode's simulated TensorCores per device (0: the device's).
  int simulated = spec.interpret ? spec.interpret.params->num_cores_or_threads : 0;
  if (simulated < 0 || simulated > machine::kCoresPerChip)
    throwUserError(loc, "InterpretParams num_cores_or_threads=" + std::to_string(simulated) +
                            ": interpret mode simulates the TensorCores of a v4 chip (1 to " +
                            chipCores + "), or 0 for the device's");
  if (spec.mesh.num_cores < 1 || spec.mesh.num_cores > machine::kCoresPerChip)
    throwUserError(loc, "TensorCoreMesh num_cores=" + std::to_string(spec.mesh.num_cores) +
                            ": a v4 chip has " + chipCores + " TensorCores (num_cores 1 to " +
                            chipCores + ")");
  if (simulated > 0 && spec.mesh.num_cores > simulated)
    throwUserError(loc, "TensorCoreMesh num_cores=" + std::to_string(spec.mesh.num_cores) +
                            ", but interpret mode simulates " + std::to_string(simulated) +
                            " TensorCore per device (InterpretParams num_cores_or_threads=" +
                            std::to_string(simulated) + ")");
  if (spec.mesh.num_cores > 1 && devices().front().core >= 0 && simulated == 0)
    throwUserError(loc, "TensorCoreMesh num_cores=" + std::to_string(spec.mesh.num_cores) +
                            " needs the TensorCores of one chip, but "
                            "tpu_init::initialize_one_core() made each TensorCore a device of "
                            "its own; use tpu_init::initialize_one_chip() (the megacore device)");
  if (spec.out_type.types.empty())
    throwUserError(loc, "pl::kernel needs an out_type");
  int64_t vmemLimit = spec.compiler_params.vmem_limit_bytes;
  if (vmemLimit < 0 || vmemLimit > machine::kVmemBytes)
    throwUserError(loc, "CompilerParams vmem_limit_bytes = " + std::to_string(vmemLimit) +
                            ": it must be in [1, " + std::to_string(machine::kVmemBytes) +
                            "] (a TensorCore's 16 MiB of VMEM), or 0 for all of it");
  detail::checkBodyRefs(spec, arity, inputs.size(), loc);
  // Semaphore operands: arrays of semaphores another kernel started DMAs
  // on or signalled (README, "Semaphores between kernels").
  auto checkSemaphores = [&](const ShapeDtypeStruct &t, const std::string &what) {
    if (t.shape.size() > 1)
      throwUserError(loc, what + " is " + to_string(t) +
                              "; a semaphore operand is one semaphore or a 1-D array of them");
    int64_t count = t.shape.empty() ? 1 : t.shape[0];
    if (count < 1 || count > machine::kNumSemaphores)
      throwUserError(loc, what + " is " + to_string(t) + "; a core has " +
                              std::to_string(machine::kNumSemaphores) + " semaphores");
    if (spec.mesh.num_cores > 1)
      throwUserError(loc, what + " is a semaphore operand, but the kernel runs on " +
                              std::to_string(spec.mesh.num_cores) +
                              " TensorCores, each with semaphores of its own; pass semaphores "
                              "between kernels on one TensorCore");
  };

  if (spec.num_scalar_prefetch < 0 || spec.num_scalar_prefetch > (int)inputs.size())
    throwUserError(loc, "num_scalar_prefetch=" + std::to_string(spec.num_scalar_prefetch) +
                            " but the kernel has " + std::to_string(inputs.size()) + " inputs");
  for (size_t i = 0; i < inputs.size(); ++i) {
    if ((int)i < spec.num_scalar_prefetch) {
      if (!::tessera::detail::isScalarMemoryDtype(inputs[i].dtype) || inputs[i].shape.size() != 1)
        throwUserError(loc, "scalar prefetch input " + std::to_string(i) + " is " +
                                to_string(inputs[i]) +
                                "; it must be a 1-D int32, uint32, f32 or bool array");
      continue;
    }
    if (isSemaphore(inputs[i].dtype)) {
      checkSemaphores(inputs[i], "input " + std::to_string(i));
      continue;
    }
    checkArray(inputs[i], "input " + std::to_string(i), loc);
  }
  for (size_t i = 0; i < spec.out_type.types.size(); ++i) {
    if (isSemaphore(spec.out_type.types[i].dtype)) {
      checkSemaphores(spec.out_type.types[i], "output " + std::to_string(i));
      continue;
    }
    checkArray(spec.out_type.types[i], "output " + std::to_string(i), loc);
    checkShape(spec.out_type.types[i].shape, spec.out_type.types[i].dtype, loc,
               "output " + std::to_string(i));
  }
  // The total, or std::nullopt once it no longer fits in int64.
  std::optional<int64_t> vmemBytes = 0;
  for (size_t i = 0; i < spec.scratch_types.size(); ++i) {
    const pltpu::ScratchType &s = spec.scratch_types[i];
    // Errors about one declaration name its line (pltpu::VMEM(...)).
    std::optional<int64_t> bytes =
        detail::checkScratchType(s, std::to_string(i), s.loc.line() ? s.loc : loc);
    vmemBytes = vmemBytes && bytes ? checkedAdd(*vmemBytes, *bytes) : std::nullopt;
  }
  // SMEM: the argument block (a word per HBM operand), the scalar
  // prefetch inputs and the SMEM scratch, below the ABI's words; the
  // compiler's check, made here so that interpret mode holds to it too.
  int64_t smemWords = (int64_t)inputs.size() + (int64_t)spec.out_type.types.size();
  for (int i = 0; i < spec.num_scalar_prefetch && i < (int)inputs.size(); ++i)
    smemWords = checkedAdd(smemWords, numElements(inputs[i].shape) - 1).value_or(INT64_MAX);
  for (const pltpu::ScratchType &s : spec.scratch_types)
    if (s.space == MemorySpace::SMEM)
      smemWords = checkedAdd(smemWords, numElements(s.shape)).value_or(INT64_MAX);
  if (smemWords > sim::kKernelSmemWords)
    throwUserError(loc, "SMEM scalar inputs and scratch need " +
                            (smemWords == INT64_MAX ? "more than " + std::to_string(INT64_MAX)
                                                    : std::to_string(smemWords * 4)) +
                            " bytes, more than the " + std::to_string(machine::kSmemBytes) +
                            " bytes (1 MiB) of SMEM");
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

}  // namespace

Kernel::Kernel(KernelSpec spec, int arity, Body body, std::source_location loc)
    : Kernel(std::move(spec), arity, std::move(body), loc,
             std::make_shared<detail::KernelTraceCache>()) {}

Kernel::Kernel(KernelSpec spec, int arity, Body body, std::source_location loc,
               std::shared_ptr<detail::KernelTraceCache> traces)
    : spec_(std::move(spec)), arity_(arity), body_(std::move(body)), loc_(loc),
      traces_(std::move(traces)) {}

namespace detail {
namespace {
/// Signatures a kernel keeps (jit's kMaxJitTraces).
constexpr size_t kMaxKernelTraces = 64;
}  // namespace

std::shared_ptr<const runtime::KernelBinary> KernelTraceCache::find(const Key &key) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto it = entries_.begin(); it != entries_.end(); ++it) {
    if (!(it->key == key))
      continue;
    std::shared_ptr<const runtime::KernelBinary> binary = it->binary.lock();
    if (!binary || !driver::processKernelCache().use(*binary)) {
      entries_.erase(it);  // forgotten by the compile cache: trace again
      return nullptr;
    }
    std::rotate(it, it + 1, entries_.end());
    return binary;
  }
  return nullptr;
}

void KernelTraceCache::insert(Key key,
                              const std::shared_ptr<const runtime::KernelBinary> &binary) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::erase_if(entries_, [&](const Entry &e) { return e.key == key; });
  if (entries_.size() == kMaxKernelTraces)
    entries_.erase(entries_.begin());
  entries_.push_back({std::move(key), binary});
}

size_t KernelTraceCache::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return std::ranges::count_if(entries_, [](const Entry &e) {
    std::shared_ptr<const runtime::KernelBinary> binary = e.binary.lock();
    return binary && driver::processKernelCache().holds(*binary);
  });
}
}  // namespace detail

/// Checks the spec of `k` and traces its body for arguments of these types:
/// the kernel IR of stage "kernel" (the same for interpret mode and for the
/// compiler).
void detail::bodyReturnsAValue(const std::source_location &loc) {
  throwUserError(loc, "the kernel body returns a value; a Pallas kernel returns nothing: its "
                      "results are what it writes into its output Refs (o_ref[___] = v)");
}

static mlir::OwningOpRef<mlir::ModuleOp> traceKernel(const Kernel &k,
                                                     const std::vector<ShapeDtypeStruct> &inputs,
                                                     std::vector<std::string> &names) {
  const KernelSpec &spec = k.spec();
  checkSpec(spec, k.arity(), inputs, k.location());
  for (auto [in, out] : k.aliases())
    if (in >= 0 && in < (int)inputs.size() && isSemaphore(inputs[in].dtype))
      throwUserError(k.location(),
                     "input_output_aliases {" + std::to_string(in) + ": " + std::to_string(out) +
                         "}: input " + std::to_string(in) + " is a semaphore array; semaphore "
                         "operands are not aliased (pass the semaphores a kernel makes as an "
                         "output, and those it uses as an input)");
  names = argumentNames(spec, inputs.size());
  tessera::detail::KernelTrace trace(spec, inputs, names, k.location());
  k.body()(trace.argumentRefs());
  return trace.finish();
}

/// A binary of `k` for these inputs, without code: what the runtime needs
/// besides the code (names, types, aliases).
static std::shared_ptr<runtime::KernelBinary>
newBinary(const Kernel &k, const std::vector<ShapeDtypeStruct> &inputs,
          const std::vector<std::string> &names) {
  const KernelSpec &spec = k.spec();
  auto binary = std::make_shared<runtime::KernelBinary>();
  binary->name = spec.name;
  binary->position = positionString(k.location());
  binary->inputs = inputs;
  binary->numScalarInputs = spec.num_scalar_prefetch;
  binary->numCores = spec.mesh.num_cores;
  binary->aliases = k.aliases();
  binary->outputs = spec.out_type.types;
  binary->inputNames.assign(names.begin(), names.begin() + inputs.size());
  binary->outputNames.assign(names.begin() + inputs.size(),
                             names.begin() + inputs.size() + binary->outputs.size());
  return binary;
}

/// The user's switches of `spec`, for the driver.
static driver::KernelOptions optionsOf(const KernelSpec &spec) {
  return {.reuseLoads = spec.debug.reuse_loads,
          .eliminateDeadStores = spec.debug.eliminate_dead_stores,
          .disableBoundsChecks = spec.compiler_params.disable_bounds_checks,
          .disableSemaphoreChecks = spec.compiler_params.disable_semaphore_checks};
}

/// Traces `k` for arguments of these types and compiles it, or returns the
/// cached binary of the same kernel IR.
static std::shared_ptr<const runtime::KernelBinary>
compileKernelFor(const Kernel &k, const std::vector<ShapeDtypeStruct> &inputs) {
  std::vector<std::string> names;
  mlir::OwningOpRef<mlir::ModuleOp> module = traceKernel(k, inputs, names);
  std::vector<ShapeDtypeStruct> signature = inputs;
  signature.insert(signature.end(), k.spec().out_type.types.begin(),
                   k.spec().out_type.types.end());
  return driver::compileKernel(std::move(module), k.aliases(), signature, optionsOf(k.spec()),
                               [&] { return newBinary(k, inputs, names); });
}

/// Interpret mode: traces `k` and makes a binary whose launch runs the
/// kernel IR on the reference interpreter (interpret/Interpreter.h). Nothing
/// is compiled unless the IR stages after "kernel" are asked for.
static std::shared_ptr<const runtime::KernelBinary>
interpretedKernelFor(const Kernel &k, const std::vector<ShapeDtypeStruct> &inputs) {
  const KernelSpec &spec = k.spec();
  std::vector<std::string> names;
  mlir::OwningOpRef<mlir::ModuleOp> module = traceKernel(k, inputs, names);
  const pltpu::InterpretParams &p = *spec.interpret.params;
  interpret::Options params;
  params.dmaMode = p.dma_execution_mode == pltpu::InterpretParams::DmaExecutionMode::eager
                       ? interpret::Options::DmaMode::Eager
                       : interpret::Options::DmaMode::OnWait;
  params.detectRaces = p.detect_races;
  params.uninitializedNan = p.uninitialized_memory_nan;
  params.checkUninitializedReads = p.check_uninitialized_reads;
  params.uninitializedOutOfBoundsReads =
      p.out_of_bounds_reads == pltpu::InterpretParams::OutOfBoundsReads::uninitialized;
  params.paddedBufferBounds = p.buffer_bounds == pltpu::InterpretParams::BufferBounds::padded;
  params.gridShuffleSeed = p.grid_point_shuffle_seed;
  params.numUserScratch = (int)spec.scratch_types.size();
  // The IR stages after "kernel" come from the same kernel traced without
  // interpret mode's marks and compiled.
  KernelSpec plainSpec = spec;
  plainSpec.interpret = {};
  Kernel plain(plainSpec, k.arity(), k.body(), k.location());
  plain.setAliases(k.aliases());
  return driver::interpretKernel(std::move(module), optionsOf(spec),
                                 newBinary(k, inputs, names), params,
                                 [plain, inputs] { return compileKernelFor(plain, inputs); });
}

/// The run-time checks DebugOptions asks for.
static runtime::LaunchOptions launchOptions(const DebugOptions &debug) {
  runtime::LaunchOptions options;
  options.checkUninitializedReads = debug.check_uninitialized_reads;
  if (debug.cycle_budget > 0)
    options.cycleBudget = debug.cycle_budget;
  if (debug.dma_byte_budget > 0)
    options.dmaByteBudget = debug.dma_byte_budget;
  options.workBudget = debug.work_budget;
  return options;
}

std::vector<Array> Kernel::call(const std::vector<Array> &args) const {
  if (!spec_.interpret && pltpu::forced_interpret_mode()) {
    // pltpu::force_tpu_interpret_mode: this kernel as if its spec asked.
    KernelSpec spec = spec_;
    spec.interpret = pltpu::forced_interpret_mode();
    Kernel forced(std::move(spec), arity_, body_, loc_);
    forced.setAliases(aliases_);
    return forced.call(args);
  }
  std::vector<ShapeDtypeStruct> inputs;
  bool traced = false;
  for (const Array &a : args) {
    inputs.push_back({a.shape(), a.dtype()});
    traced = traced || a.is_tracer();
  }
  // A kernel called again on arrays of the same types: the binary traced
  // then (not inside a shard_map, whose scope the trace reads; interpret
  // mode's binaries are not compiled, so not kept by the compile cache).
  std::shared_ptr<const runtime::KernelBinary> binary;
  detail::KernelTraceCache::Key key{inputs, spec_.mesh.num_cores, devices().front().core,
                                    aliases_};
  bool cached = !spec_.interpret && !tessera::detail::currentShardMap();
  if (cached)
    binary = traces_->find(key);
  if (!binary) {
    binary = spec_.interpret ? interpretedKernelFor(*this, inputs)
                             : compileKernelFor(*this, inputs);
    if (cached)
      traces_->insert(std::move(key), binary);
  }
  if (traced) {
    runtime::OuterTrace *trace = runtime::OuterTrace::current();
    if (!trace)
      throwUserError(loc_, "kernel '" + spec_.name + "' was called on a tracer outside jit");
    return trace->call(binary, args, loc_, launchOptions(spec_.debug));
  }
  // Eager call: a program of one custom-call, run now.
  runtime::OuterTrace trace("eager_" + spec_.name);
  std::vector<Array> params;
  for (const ShapeDtypeStruct &t : inputs)
    params.push_back(trace.parameter(t));
  auto results = trace.call(binary, params, loc_, launchOptions(spec_.debug));
  runtime::OuterProgram program = trace.finish(results, loc_);
  auto out = program.run(args);
  if (!out.ok())
    throw Error(std::string(out.status().message()));
  return *out;
}

}  // namespace tessera::pl

namespace tessera::pltpu {
namespace {
Interpret &forcedMode() {
  static Interpret mode;
  return mode;
}
}  // namespace
void force_tpu_interpret_mode(Interpret mode) { forcedMode() = mode; }
Interpret forced_interpret_mode() { return forcedMode(); }
}  // namespace tessera::pltpu
