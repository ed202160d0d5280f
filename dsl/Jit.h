//===- Jit.h - The outer layers: shard_map, jit, compile ------------------===//
//
// The program around kernels, as in the seed:
//
//   auto scale = shard_map({.mesh = mesh, .in_specs = P(), .out_specs = P(),
//                           .check_vma = false},
//                          [&](const Array &x) { return kernel(x); });
//   Array y = jit(scale)(x);
//   Compiled c = compile(scale, x);   // tpuasm_tools.compile
//   c.hlo(); c.ir("optimized"); c.listing(); c(x);
//   c.profile().str(); c.trace("timeline.json");   // where the cycles went
//
// jit traces the function on tracers (shape and dtype only), so each kernel
// call becomes a custom-call of the outer program; kernels are compiled once
// per kernel IR and cached for the process.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <source_location>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "dsl/Kernel.h"
#include "runtime/Array.h"
#include "runtime/Device.h"
#include "runtime/Sharding.h"
#include "sim/Profile.h"

namespace tessera {

namespace runtime {
struct OuterProgram;
struct LaunchStats;
struct KernelBinary;
}  // namespace runtime

/// Where the cycles of a run went: one sim::KernelProfile per kernel launch
/// (sim/Profile.h; the rules are sim/TIMING.md's). README, "Profiles and
/// timelines".
struct Profile {
  std::vector<sim::KernelProfile> launches;
  /// The kernel each launch ran (its listing annotates the text).
  std::vector<std::shared_ptr<const runtime::KernelBinary>> kernels;
  /// The TensorCore of each profile when its launch ran on several (one
  /// profile per core), else -1.
  std::vector<int> cores;
  /// The chip of each profile when its launch ran on several chips (a
  /// shard_map's kernel), else -1.
  std::vector<int> chips;
  /// An ICI link the remote DMAs of a launch on several chips crossed
  /// (sim/TIMING.md, [ICI]): the cycles some DMA moved bytes over it (of the
  /// launch's), how many DMAs and bytes.
  struct Link {
    size_t launch = 0;  // the index in `launches` of its launch's first core
    int chip = 0;
    std::string direction;  // "+x", "-x", "+y", ...
    int64_t busyCycles = 0, launchCycles = 0, dmas = 0, bytes = 0;
  };
  std::vector<Link> links;
  /// The profiles as text; each annotated listing shows the
  /// `maxListingLines` hottest bundles (0: every executed bundle).
  std::string str(size_t maxListingLines = 0) const;
};

/// shard_map's in_specs: one PartitionSpec for every argument (`P("x")`),
/// or one per argument (`{P("x"), P()}`), as JAX takes a pytree prefix.
struct InSpecs {
  std::vector<P> specs;
  bool forAll = true;
  InSpecs(P spec) : specs{std::move(spec)} {}
  InSpecs(std::initializer_list<P> perArgument) : specs(perArgument), forAll(false) {}
};

/// jax.shard_map's settings. Over a mesh of several devices, each argument
/// is split by its in_spec into one shard per device, the function is
/// traced once on a shard's shape, every kernel it calls runs on all the
/// mesh's devices at once, and the result's shards are assembled by
/// out_specs (README, "Meshes and shardings"). check_vma: the result must
/// not vary along a mesh axis out_specs leaves out (the kernels' out_type
/// `.vma` says what it varies along); false: not checked.
struct ShardMapSpec {
  Mesh mesh;
  InSpecs in_specs = P();
  P out_specs;
  bool check_vma = true;
};

using ArrayFn = std::function<Array(const std::vector<Array> &)>;
/// A function of several results (JAX's tuple of arrays).
using ArraysFn = std::function<std::vector<Array>(const std::vector<Array> &)>;

namespace detail {
/// Calls f with the vector's elements as arguments.
template <class F, size_t... I>
decltype(auto) applyArrays(F &f, const std::vector<Array> &a, std::index_sequence<I...>) {
  return f(a[I]...);
}
/// What `F` returns on its arity's Arrays: Array, std::vector<Array> or
/// std::tuple<Array, ...>.
template <class F, size_t... I>
auto resultOf(std::index_sequence<I...>)
    -> std::invoke_result_t<F &, decltype((void)I, std::declval<const Array &>())...>;
template <class F>
using ResultOf = decltype(resultOf<F>(std::make_index_sequence<pl::detail::LambdaArity<F>::value>()));
template <class T>
struct IsArrayTuple : std::false_type {};
template <class... T>
struct IsArrayTuple<std::tuple<T...>> : std::bool_constant<(std::is_same_v<T, Array> && ...)> {};
/// A function's results as a vector.
template <class R>
std::vector<Array> resultsOf(R &&r) {
  using D = std::decay_t<R>;
  if constexpr (std::is_same_v<D, Array>)
    return {std::forward<R>(r)};
  else if constexpr (std::is_same_v<D, std::vector<Array>>)
    return std::forward<R>(r);
  else {
    static_assert(IsArrayTuple<D>::value,
                  "a jitted function returns an Array, a std::vector<Array> or a "
                  "std::tuple of Arrays");
    return std::apply([](auto &&...a) { return std::vector<Array>{a...}; }, r);
  }
}
/// Calls f with `args` as its arguments, checking their number.
template <class F>
decltype(auto) callWithArrays(F &f, const std::vector<Array> &args) {
  constexpr int n = pl::detail::LambdaArity<F>::value;
  if ((int)args.size() != n)
    throw Error("the function takes " + std::to_string(n) + " arrays, got " +
                std::to_string(args.size()));
  return applyArrays(f, args, std::make_index_sequence<n>());
}
template <class F>
ArrayFn toArrayFn(F f) {
  return [f = std::move(f)](const std::vector<Array> &args) mutable {
    return callWithArrays(f, args);
  };
}
/// The shard_map settings active while its function is traced.
struct ShardMapScope {
  const ShardMapSpec *spec;
  std::source_location loc;
};
const ShardMapScope *currentShardMap();
Array runShardMap(const ShardMapSpec &spec, const ArrayFn &fn,
                  const std::vector<Array> &args, const std::source_location &loc);
}  // namespace detail

/// jax.shard_map: runs `fn` once per device of the mesh.
template <class F>
ArrayFn shard_map(ShardMapSpec spec, F fn,
                  std::source_location loc = std::source_location::current()) {
  ArrayFn inner = detail::toArrayFn(std::move(fn));
  return [spec = std::move(spec), inner, loc](const std::vector<Array> &args) {
    return detail::runShardMap(spec, inner, args, loc);
  };
}

/// Budgets of one Compiled::run for every kernel launch in it: a nonzero
/// field replaces the kernels' own (`.debug = {.cycle_budget = N, ...}`)
/// and the defaults, which grow with each launch's data (README, "Checks
/// and faults"). In interpret mode the cycle budget counts interpreted ops.
struct RunBudgets {
  int64_t cycle_budget = 0;
  int64_t dma_byte_budget = 0;
  int64_t work_budget = 0;
};

/// The seed's tpuasm_tools.compile: a traced and compiled program.
class Compiled {
public:
  /// The HLO-style outer program (each kernel one tpu_custom_call).
  std::string hlo() const;
  /// Each kernel's IR at `stage`: "kernel", "pipelined", "tiles", "optimized"
  /// or "machine"
  /// (an interpreted kernel: the later stages of the same kernel compiled).
  std::string ir(const std::string &stage = "optimized") const;
  /// Each kernel's machine listing, printed from its encoded bundles (an
  /// interpreted kernel: a note that it runs in interpret mode, and how).
  std::string listing() const;
  /// Runs the program; faults and failed checks are errors. `budgets`
  /// bound this run (a bigger problem than the defaults allow, or a
  /// tighter stop for an endless loop).
  absl::StatusOr<std::vector<Array>> run(const std::vector<Array> &args,
                                         const RunBudgets &budgets = {}) const;
  /// Runs and returns the first output (run() returns them all); throws
  /// tessera::Error on failure.
  template <class... A>
  Array operator()(const A &...args) const {
    auto out = run({args...});
    if (!out.ok())
      throw Error(std::string(out.status().message()));
    return out->front();
  }
  /// Cycles and DMA traffic of the last run, one entry per kernel launch.
  /// What it refers to stays valid until the next run (run(), a call,
  /// profile(args)); profile() and trace() of the same run keep it.
  const std::vector<runtime::LaunchStats> &last_run() const;
  /// The profile of the last run. The simulator records events only when
  /// asked, so if the last run was not traced, its arguments run again with
  /// tracing (the simulator is deterministic: same cycles, same result).
  /// Throws tessera::Error if the program has not run yet or fails.
  Profile profile() const;
  /// Runs `args` with tracing and returns that run's profile (it becomes
  /// the last run). Throws tessera::Error if the run fails.
  Profile profile(const std::vector<Array> &args) const;
  /// Writes the timeline of the last run (traced as for profile()) to
  /// `path` as Chrome Trace Event JSON, for ui.perfetto.dev and
  /// chrome://tracing. Throws tessera::Error if it cannot.
  void trace(const std::string &path) const;

  Compiled(std::shared_ptr<runtime::OuterProgram> program);
  const runtime::OuterProgram &program() const { return *program_; }
  const std::shared_ptr<runtime::OuterProgram> &sharedProgram() const { return program_; }

private:
  std::shared_ptr<runtime::OuterProgram> program_;
  std::shared_ptr<std::vector<runtime::LaunchStats>> lastRun_;
  /// The last run's arguments and budgets (profile() may run them again
  /// with tracing).
  std::shared_ptr<std::optional<std::vector<Array>>> lastArgs_;
  std::shared_ptr<RunBudgets> lastBudgets_;
  /// Runs `args` with tracing unless the last run already was traced.
  void traceLastRun() const;
};

namespace detail {
/// Traces `fn` on tracers of `args`, compiles its array code into fusion
/// kernels (interpreted when `interpretFusions`: JitOptions) and returns the
/// program.
Compiled compileFn(const ArrayFn &fn, const std::vector<Array> &args,
                   const std::source_location &loc, bool interpretFusions = false);

/// Turns a function of Arrays into an ArrayFn (an ArrayFn stays as it is).
template <class F>
ArrayFn asArrayFn(F fn) {
  if constexpr (std::is_same_v<std::decay_t<F>, ArrayFn>)
    return fn;
  else
    return toArrayFn(std::move(fn));
}
/// Compiles a function of several results (compileFn's general form).
Compiled compileFns(const ArraysFn &fn, const std::vector<Array> &args,
                    const std::source_location &loc, bool interpretFusions = false);
/// Any function jit and compile take, as an ArraysFn.
template <class F>
ArraysFn asArraysFn(F fn) {
  if constexpr (std::is_same_v<std::decay_t<F>, ArraysFn>) {
    return fn;
  } else if constexpr (std::is_same_v<std::decay_t<F>, ArrayFn>) {
    return [fn = std::move(fn)](const std::vector<Array> &a) { return std::vector<Array>{fn(a)}; };
  } else {
    return [f = std::move(fn)](const std::vector<Array> &args) mutable {
      return resultsOf(callWithArrays(f, args));
    };
  }
}
/// What jit(fn)(...) returns: fn's own result type (an ArrayFn: Array).
template <class F>
struct JitResult {
  using type = ResultOf<F>;
};
template <>
struct JitResult<ArrayFn> {
  using type = Array;
};
template <>
struct JitResult<ArraysFn> {
  using type = std::vector<Array>;
};
}  // namespace detail

/// compile(fn, args...): traces `fn` for the arguments' shapes and dtypes and
/// compiles it; use the result as a Compiled. (A class template only so that
/// the user's source line follows the variadic arguments: errors of the
/// outer program name it.)
template <class F, class... A>
struct compile : Compiled {
  compile(F fn, const A &...args, std::source_location loc = std::source_location::current())
      : Compiled(detail::compileFns(detail::asArraysFn(std::move(fn)), {args...}, loc)) {}
};
template <class F, class... A>
compile(F, const A &...) -> compile<F, A...>;

namespace detail {
/// A jitted function's traces, one per argument signature (shapes, dtypes
/// and varying mesh axes), as jax.jit's: calling it again with arrays of
/// the same signature neither traces nor compiles. Shared by the copies of
/// one jitted function; thread-safe.
class JitTraceCache {
public:
  /// The program for `args`, traced and compiled on a miss. Inside a
  /// shard_map (whose scope the trace reads) and while
  /// pltpu::force_tpu_interpret_mode is on it always traces.
  Compiled lower(const ArraysFn &fn, const std::vector<Array> &args,
                 const std::source_location &loc, bool interpretFusions);
  /// Signatures held (tests).
  size_t size() const;

private:
  struct Entry {
    std::vector<ShapeDtypeStruct> signature;
    std::shared_ptr<runtime::OuterProgram> program;
  };
  mutable std::mutex mutex_;
  std::vector<Entry> entries_;  // the most recently used last
};
}  // namespace detail

/// jit's options.
struct JitOptions {
  /// The kernels the fusing compiler makes of plain array code run in
  /// interpret mode (README, "Array programs under jit"); kernels the user
  /// wrote keep their own `.interpret`.
  bool interpret = false;
};

/// jax.jit: the first call with arguments of a signature (shapes, dtypes)
/// traces, compiles (kernels cached across functions too) and runs; later
/// calls with that signature run the program traced then, as JAX's: what
/// the function read while tracing (captured values, globals) is baked in.
/// A function of several results (std::tuple<Array, ...> or
/// std::vector<Array>) returns them all, as JAX returns a tuple.
template <class R = Array>
class JittedOf {
public:
  JittedOf(ArraysFn fn, JitOptions options, std::source_location loc)
      : fn_(std::move(fn)), options_(options), loc_(loc),
        traces_(std::make_shared<detail::JitTraceCache>()) {}
  template <class... A>
  R operator()(const A &...args) const {
    auto out = lower(args...).run({args...});
    if (!out.ok())
      throw Error(std::string(out.status().message()));
    if constexpr (std::is_same_v<R, Array>)
      return out->front();
    else if constexpr (std::is_same_v<R, std::vector<Array>>)
      return *out;
    else
      return [&]<size_t... I>(std::index_sequence<I...>) {
        return R{(*out)[I]...};
      }(std::make_index_sequence<std::tuple_size_v<R>>());
  }
  /// The compiled program for these arguments (Compiled: hlo, listing, ...).
  template <class... A>
  Compiled lower(const A &...args) const {
    return traces_->lower(fn_, {args...}, loc_, options_.interpret);
  }
  /// The argument signatures traced so far (jax's `_cache_size()`).
  size_t cache_size() const { return traces_->size(); }

private:
  ArraysFn fn_;
  JitOptions options_;
  std::source_location loc_;
  std::shared_ptr<detail::JitTraceCache> traces_;
};
using Jitted = JittedOf<Array>;

template <class F>
JittedOf<typename detail::JitResult<std::decay_t<F>>::type> jit(
    F fn, JitOptions options = {}, std::source_location loc = std::source_location::current()) {
  return {detail::asArraysFn(std::move(fn)), options, loc};
}

}  // namespace tessera
