//===- TesseraBench.cpp - The compiler's and simulator's figures ----------===//
//
// build/bin/tessera_bench (Google Benchmark) measures what a kernel engineer
// waits for: compiling a kernel (the first time in a new process, again with
// new kernel IR, and again with the same shapes from the cache), how compile
// time grows with the kernel's size, the simulator against native C++ doing
// the same math, the seed kernels' run time, a whole sample process (its
// CPU time, wall time and peak RSS), and what padded and ragged shapes
// cost in simulated cycles against their aligned equivalents. Figures that compare two things
// (simulated vs native) are ratios taken in one run; none of this is a
// test. Times are CPU times where a shared machine makes wall time noise
// (the whole-process figures, `us_per_tile_op`; Google Benchmark's CPU
// column); `wall_ms` counters give the wall time too.
//
//   build/bin/tessera_bench                          every figure
//   build/bin/tessera_bench --benchmark_filter=Cache one group
//
// Counters: `us_per_tile_op` is compile time over (tiles x vector ops per
// tile) of the kernel; `slowdown` is simulated time over native time for
// the same work; `peak_rss_MiB` is the child process's maximum RSS.
//
//===----------------------------------------------------------------------===//
#include <benchmark/benchmark.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "dsl/tessera.h"
#include "runtime/Program.h"
#include "samples/MatmulKernel.h"
#include "samples/MatmulReference.h"
#include "sim/VectorMath.h"

extern char **environ;

namespace tessera::bench {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

double cpuSeconds(clockid_t clock) {
  timespec t;
  clock_gettime(clock, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}
double threadCpuSeconds() { return cpuSeconds(CLOCK_THREAD_CPUTIME_ID); }

/// The kernels' shape of the seed: copy x in, compute in place in VMEM,
/// copy it out. `body` maps the loaded value to the stored one; `rows` rows
/// of 128 f32 (32768 rows fill the 16 MiB VMEM).
template <typename Body>
pl::Kernel inPlaceKernel(int64_t rows, std::string name, Body body) {
  ShapeDtypeStruct type{{rows, 128}, DType::float32};
  return pl::kernel(
      {.out_type = type,
       .scratch_types = {pltpu::VMEM(type.shape, type.dtype), pltpu::SemaphoreType::DMA},
       .name = std::move(name),
       .compiler_params = {.disable_bounds_checks = true, .disable_semaphore_checks = true}},
      [body](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
        pltpu::async_copy(x_hbm, x_vmem, sem).wait();
        x_vmem[___] = body(x_vmem[___]);
        pltpu::async_copy(x_vmem, o_hbm, sem).wait();
      });
}

/// The seed's first kernel: x * 2 over f32[8, 128]. `bias` (0 in the
/// seed) makes new kernel IR when it changes.
pl::Kernel firstKernel(double bias = 0) {
  return inPlaceKernel(8, "scale", [bias](Value x) { return bias == 0 ? x * 2.0 : x * 2.0 + bias; });
}

/// A constant never used before in this process: kernels that use it are
/// new kernel IR, a cache miss (also across runs and repetitions).
double newConstant() {
  static double next = 1;
  return next++;
}

Compiled compileKernel(const pl::Kernel &k, const Array &x) {
  return compile([&](const Array &a) { return k(a); }, x);
}

Array inputArray(int64_t rows) {
  std::vector<float> data(rows * 128);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = float(int64_t(i % 1021) - 510) * 0.125f;
  return Array::from_f32(data, {rows, 128});
}

// --- Compiling ---

/// A cache miss in a warm process: new kernel IR (a new constant) every
/// iteration, so every compile runs the whole pipeline.
void BM_CompileNewKernelIR(benchmark::State &state) {
  Array x = jnp::zeros({8, 128});
  for (auto _ : state) {
    pl::Kernel k = firstKernel(newConstant());
    benchmark::DoNotOptimize(compileKernel(k, x));
  }
}
BENCHMARK(BM_CompileNewKernelIR)->Unit(benchmark::kMicrosecond);

/// compile() again with the same shapes (a new function to JAX): tracing,
/// the kernel cache's lookup and the outer program, no lowering.
void BM_CompileCacheHit(benchmark::State &state) {
  Array x = jnp::zeros({8, 128});
  pl::Kernel k = firstKernel();
  benchmark::DoNotOptimize(compileKernel(k, x));
  for (auto _ : state)
    benchmark::DoNotOptimize(compileKernel(k, x));
}
BENCHMARK(BM_CompileCacheHit)->Unit(benchmark::kMicrosecond);

/// A jitted function called again with the same shapes (jax.jit's cache
/// hit): lower() finds the traced program (goal <= 2 us, issue 25).
void BM_JitCacheHit(benchmark::State &state) {
  Array x = jnp::zeros({8, 128});
  pl::Kernel k = firstKernel();
  Jitted f = jit([&](const Array &a) { return k(a); });
  benchmark::DoNotOptimize(f.lower(x));
  for (auto _ : state)
    benchmark::DoNotOptimize(f.lower(x));
}
BENCHMARK(BM_JitCacheHit)->Unit(benchmark::kMicrosecond);

/// Compile time by kernel size: x * 2 + 1 (4 vector ops per tile: load,
/// multiply, add, store) and the polynomial x*x*x + x*x + x - 3 of the
/// compile_scaling sample (7: load, 2 multiplies, 2 adds, a subtract,
/// store). Every iteration is a cache miss (a new constant).
void compileScaling(benchmark::State &state, bool polynomial) {
  int64_t rows = state.range(0);
  Array x = jnp::zeros({rows, 128});
  double cpuStart = threadCpuSeconds();
  for (auto _ : state) {
    double bias = newConstant();
    pl::Kernel k = polynomial ? inPlaceKernel(rows, "polynomial",
                                              [bias](Value x) {
                                                Value y = x * x;
                                                return y * x + y + x - bias;
                                              })
                              : inPlaceKernel(rows, "scale",
                                              [bias](Value x) { return x * 2.0 + bias; });
    benchmark::DoNotOptimize(compileKernel(k, x));
  }
  double cpu = threadCpuSeconds() - cpuStart;
  int64_t tileOps = rows / 8 * (polynomial ? 7 : 4);
  state.counters["tile_ops"] = double(tileOps);
  // CPU time, as the CPU column (wall time on a shared machine is noise).
  state.counters["us_per_tile_op"] = cpu * 1e6 / double(state.iterations()) / double(tileOps);
}
void BM_CompileScalingScale(benchmark::State &state) { compileScaling(state, false); }
void BM_CompileScalingPolynomial(benchmark::State &state) { compileScaling(state, true); }
BENCHMARK(BM_CompileScalingScale)
    ->Arg(512)->Arg(2048)->Arg(8192)->Arg(32768)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CompileScalingPolynomial)
    ->Arg(512)->Arg(2048)->Arg(8192)->Arg(32768)->Unit(benchmark::kMillisecond);

// --- Running ---

/// Runs `c` on `x` each iteration; counters: the simulated cycles of one run.
void runCompiled(benchmark::State &state, const Compiled &c, const Array &x) {
  for (auto _ : state) {
    auto out = c.run({x});
    if (!out.ok()) {
      state.SkipWithError(std::string(out.status().message()).c_str());
      return;
    }
    benchmark::DoNotOptimize(out->front());
  }
  const sim::RunResult &run = c.last_run().front().run;
  state.counters["cycles"] = double(run.cycles + run.drainCycles);
  state.counters["bundles/s"] = benchmark::Counter(double(run.bundlesExecuted),
                                                   benchmark::Counter::kIsIterationInvariantRate);
}

/// The simulator against native C++ doing the same math in the same run:
/// x * 1.5 + 0.25 over f32[512, 128] (64 tiles) in place in VMEM, with the
/// copies in and out; natively a copy in, the loop, a copy out.
void BM_SimulatedVsNative(benchmark::State &state) {
  constexpr int64_t kRows = 512;
  pl::Kernel k = inPlaceKernel(kRows, "affine", [](Value x) { return x * 1.5 + 0.25; });
  Array x = inputArray(kRows);
  Compiled c = compileKernel(k, x);
  auto start = Clock::now();
  runCompiled(state, c, x);
  double simulated = secondsSince(start) / double(state.iterations());

  std::vector<float> host = x.to_f32(), scratch(host.size()), out(host.size());
  int64_t passes = 0;
  auto nativeStart = Clock::now();
  do {
    for (int rep = 0; rep < 1000; ++rep, ++passes) {
      std::memcpy(scratch.data(), host.data(), host.size() * sizeof(float));
      for (float &v : scratch)
        v = v * 1.5f + 0.25f;
      std::memcpy(out.data(), scratch.data(), out.size() * sizeof(float));
      benchmark::DoNotOptimize(out.data());
      benchmark::ClobberMemory();
    }
  } while (secondsSince(nativeStart) < 0.2);
  double native = secondsSince(nativeStart) / double(passes);
  state.counters["native_us"] = native * 1e6;
  state.counters["slowdown"] = simulated / native;
}
BENCHMARK(BM_SimulatedVsNative)->Unit(benchmark::kMicrosecond);

/// The seed kernels' run time (compiled once): first_kernel's f32[8, 128]
/// times 2, and compile_scaling's polynomial over 512 rows.
void BM_RunFirstKernel(benchmark::State &state) {
  Array x = inputArray(8);
  pl::Kernel k = firstKernel();
  runCompiled(state, compileKernel(k, x), x);
}
BENCHMARK(BM_RunFirstKernel)->Unit(benchmark::kMicrosecond);

void BM_RunPolynomial512(benchmark::State &state) {
  Array x = inputArray(512);
  pl::Kernel k = inPlaceKernel(512, "polynomial", [](Value x) {
    Value y = x * x;
    return y * x + y + x - 3.0;
  });
  runCompiled(state, compileKernel(k, x), x);
}
BENCHMARK(BM_RunPolynomial512)->Unit(benchmark::kMicrosecond);

/// A bf16 matmul [S, S] @ [S, S] -> f32 (the matmul sample's kernel and
/// blocks) simulated once per iteration, against a native blocked matmul
/// of the same numerics in the same run (samples::matmulReference: each
/// weight block once through all rows with the MXU's own host-vector
/// passes, vmath::mxuPassRows). Counters: `GMAC_per_s` simulated
/// multiply-adds per CPU second of the run (goal >= 14, issue 25),
/// `vs_native` the run's CPU time over the native matmul's (goal <= 3),
/// `native_GMAC_per_s`, the simulated `cycles`; the result is checked bit
/// for bit against the native one.
void BM_SimulateMatmul(benchmark::State &state) {
  const int64_t S = state.range(0);
  std::vector<float> xs = samples::matmulLhs(S, S), ys = samples::matmulRhs(S, S);
  Array x = Array::from_f32(xs, {S, S}, DType::bfloat16);
  Array y = Array::from_f32(ys, {S, S}, DType::bfloat16);
  samples::MatmulBlocks blocks = samples::fitMatmulBlocks({}, S, S, S);
  Compiled c = compile(samples::matmulProgram(make_mesh({1}, {"device"}), S, S, S, blocks), x, y);
  std::vector<float> result;
  double simulated = 0;
  for (auto _ : state) {
    double start = threadCpuSeconds();
    auto out = c.run({x, y});
    simulated += threadCpuSeconds() - start;
    if (!out.ok()) {
      state.SkipWithError(std::string(out.status().message()).c_str());
      return;
    }
    result = out->front().to_f32();
  }
  simulated /= double(state.iterations());
  double start = threadCpuSeconds();
  std::vector<float> native = samples::matmulReference(xs, ys, S, S, S, blocks.bk);
  double nativeSeconds = threadCpuSeconds() - start;
  if (result != native) {
    state.SkipWithError("the simulated matmul differs from the native one");
    return;
  }
  double macs = double(S) * double(S) * double(S);
  state.counters["GMAC_per_s"] = macs / simulated * 1e-9;
  state.counters["native_GMAC_per_s"] = macs / nativeSeconds * 1e-9;
  state.counters["vs_native"] = simulated / nativeSeconds;
  state.counters["cycles"] = double(c.last_run().front().run.cycles);
  state.SetLabel(std::string("mxu passes: ") + vmath::mxuHostIsaName(vmath::mxuHostIsa()));
}
BENCHMARK(BM_SimulateMatmul)->Arg(1024)->Arg(2048)->Arg(4096)->Iterations(1)->Unit(benchmark::kMillisecond);

// --- Shapes: what padding costs ---

/// A kernel of a padded or ragged shape and its aligned equivalent (the
/// same work on an array padded by hand, or of whole tiles).
struct ShapeCase {
  std::string name;
  pl::PallasCall shaped, aligned;
  Array shapedInput, alignedInput;
};

Array filled(const Shape &shape, float first = 0) {
  std::vector<float> data(numElements(shape));
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = first + float(int64_t(i % 509) - 254) * 0.0625f;
  return Array::from_f32(data, shape);
}

/// An index map of pl::Element offsets `rows * i` and `cols * j`, promised
/// multiples of them.
pl::IndexMap elementOffsets(int64_t rows, int64_t cols) {
  return pl::BlockSpec({1, 1}, [rows, cols](Scalar i, Scalar j) {
           return std::tuple{pl::multiple_of(i * rows, rows), pl::multiple_of(j * cols, cols)};
         }).index_map;
}

ShapeCase shapeCase(int which) {
  pl::BlockSpec tiles({8, 128}, [](Scalar i, Scalar j) { return std::tuple{i, j}; });
  switch (which) {
  case 0: {
    // A 5-point stencil with a halo of a tile each way along both
    // dimensions: pl::Element(24, (8, 8)) x pl::Element(384, (128, 128))
    // of f32[256, 1024], against the array padded by hand.
    auto body = [](Ref x, Ref o) {
      o[___] = x(pl::ds(8, 8), pl::ds(128, 128)) + x(pl::ds(0, 8), pl::ds(128, 128)) +
               x(pl::ds(16, 8), pl::ds(128, 128)) + x(pl::ds(8, 8), pl::ds(0, 128)) +
               x(pl::ds(8, 8), pl::ds(256, 128));
    };
    auto call = [&](pl::BlockSpec in) {
      return pl::pallas_call(body, {.out_shape = ShapeDtypeStruct{{256, 1024}, DType::float32},
                                    .grid = {32, 8},
                                    .in_specs = {in},
                                    .out_specs = {tiles}});
    };
    pl::BlockSpec padded({pl::Element(24, {8, 8}), pl::Element(384, {128, 128})});
    pl::BlockSpec byHand({pl::Element(24), pl::Element(384)});
    padded.index_map = byHand.index_map = elementOffsets(8, 128);
    return {"2-D halo, f32[256,1024]", call(padded), call(byHand), filled({256, 1024}),
            filled({272, 1280})};
  }
  case 1: {
    // A 3-row stencil: pl::Element(18, (1, 1)) rows of f32[1024, 128].
    auto body = [](Ref x, Ref o) {
      o[___] = x(pl::ds(0, 16), pl::all) + x(pl::ds(1, 16), pl::all) * 2.0 +
               x(pl::ds(2, 16), pl::all);
    };
    auto call = [&](pl::BlockSpec in) {
      return pl::pallas_call(
          body, {.out_shape = ShapeDtypeStruct{{1024, 128}, DType::float32},
                 .grid = {64},
                 .in_specs = {in},
                 .out_specs = {pl::BlockSpec({16, 128}, [](Scalar i) { return std::tuple{i, 0}; })}});
    };
    auto rows = [](Scalar i) { return std::tuple{pl::multiple_of(i * 16, 16), 0}; };
    return {"row halo, f32[1024,128]", call(pl::BlockSpec({pl::Element(18, {1, 1}), 128}, rows)),
            call(pl::BlockSpec({pl::Element(18), 128}, rows)), filled({1024, 128}),
            filled({1026, 128})};
  }
  case 2: {
    // A 3-tap stencil 128 lanes apart: pl::Element(1280, (128, 128))
    // columns of f32[64, 8192].
    auto body = [](Ref x, Ref o) {
      o[___] = x(pl::all, pl::ds(0, 1024)) + x(pl::all, pl::ds(128, 1024)) +
               x(pl::all, pl::ds(256, 1024));
    };
    auto call = [&](pl::BlockSpec in) {
      return pl::pallas_call(
          body, {.out_shape = ShapeDtypeStruct{{64, 8192}, DType::float32},
                 .grid = {8},
                 .in_specs = {in},
                 .out_specs = {pl::BlockSpec({64, 1024}, [](Scalar j) { return std::tuple{0, j}; })}});
    };
    auto cols = [](Scalar j) { return std::tuple{0, pl::multiple_of(j * 1024, 1024)}; };
    return {"lane halo, f32[64,8192]", call(pl::BlockSpec({64, pl::Element(1280, {128, 128})}, cols)),
            call(pl::BlockSpec({64, pl::Element(1280)}, cols)), filled({64, 8192}),
            filled({64, 8448})};
  }
  case 3: {
    // A row softmax of 129 columns (two lane tiles, the second masked)
    // against 128, 64-row blocks of 512 rows.
    auto call = [](int64_t cols) {
      pl::BlockSpec rows({64, cols}, [](Scalar i) { return std::tuple{i, 0}; });
      return pl::pallas_call(
          [](Ref x, Ref o) {
            Value s = x[___];
            Value e = jnp::exp(s - jnp::max(s, 1, /*keepdims=*/true));
            o[___] = e / jnp::sum(e, 1, /*keepdims=*/true);
          },
          {.out_shape = ShapeDtypeStruct{{512, cols}, DType::float32},
           .grid = {8},
           .in_specs = {rows},
           .out_specs = {rows}});
    };
    return {"softmax, f32[512,129] vs [512,128]", call(129), call(128), filled({512, 129}),
            filled({512, 128})};
  }
  default: {
    // Ragged groups (pl::BoundedSlice(32) rows from scalar prefetch, here
    // every group whole) against blocked 32-row blocks, f32[1024, 256].
    auto body = [](Ref, Ref x, Ref o) { o[___] = x[___] * 2.0 + 1.0; };
    pl::BlockSpec group({pl::BoundedSlice{32}, 256}, [](Scalar i, Ref s) {
      Scalar start = s[i];
      return std::tuple{pl::ds(pl::multiple_of(start, 8), pl::multiple_of(Scalar(s[i + 1]) - start, 8)),
                        0};
    });
    pl::BlockSpec blocked({32, 256}, [](Scalar i, Ref) { return std::tuple{i, 0}; });
    auto call = [&](pl::BlockSpec spec) {
      return pl::pallas_call(
          body, {.out_shape = ShapeDtypeStruct{{1024, 256}, DType::float32},
                 .grid_spec = pltpu::PrefetchScalarGridSpec{
                     .num_scalar_prefetch = 1, .grid = {32}, .in_specs = {spec}, .out_specs = {spec}}});
    };
    return {"ragged rows, f32[1024,256]", call(group), call(blocked), filled({1024, 256}),
            filled({1024, 256})};
  }
  }
}

/// A padded or ragged shape's kernel against its aligned equivalent, in
/// one run (issue 22: the padding's cost visible and bounded). Counters:
/// `cycles`, `aligned_cycles`, `cost` (their ratio).
void BM_PaddingCost(benchmark::State &state) {
  ShapeCase c = shapeCase(int(state.range(0)));
  bool ragged = state.range(0) == 4;
  std::vector<int32_t> bounds;
  for (int32_t g = 0; g <= 32; ++g)
    bounds.push_back(32 * g);
  Array table = Array::from_s32(bounds, {33});
  auto cycles = [&](const pl::PallasCall &f, const Array &x) -> int64_t {
    std::optional<Compiled> compiled;
    if (ragged)
      compiled.emplace(compile([&](const Array &t, const Array &a) { return f(t, a); }, table, x));
    else
      compiled.emplace(compile([&](const Array &a) { return f(a); }, x));
    auto out = ragged ? compiled->run({table, x}) : compiled->run({x});
    if (!out.ok()) {
      state.SkipWithError(std::string(out.status().message()).c_str());
      return 0;
    }
    return compiled->last_run().front().run.cycles;
  };
  int64_t shaped = 0, aligned = 0;
  for (auto _ : state) {
    shaped = cycles(c.shaped, c.shapedInput);
    aligned = cycles(c.aligned, c.alignedInput);
  }
  state.counters["cycles"] = double(shaped);
  state.counters["aligned_cycles"] = double(aligned);
  state.counters["cost"] = aligned ? double(shaped) / double(aligned) : 0;
  state.SetLabel(c.name);
}
BENCHMARK(BM_PaddingCost)->DenseRange(0, 4)->Iterations(1)->Unit(benchmark::kMillisecond);

/// The matmul sample's kernel replicated on the 4 chips of a mesh
/// (shard_map with P(): every chip multiplies the whole [S, S] arrays; no
/// remote DMA, so the chips share nothing and run on host threads of their
/// own, sim::Slice::runChipsApart), against the same launch on one host
/// thread, in one run. Counters: `wall_speedup` (wall time on one thread
/// over wall time on all; CPU time stays the same), `threads`.
void BM_ChipsApart(benchmark::State &state) {
  const int64_t S = state.range(0);
  std::vector<float> xs = samples::matmulLhs(S, S), ys = samples::matmulRhs(S, S);
  Array x = Array::from_f32(xs, {S, S}, DType::bfloat16);
  Array y = Array::from_f32(ys, {S, S}, DType::bfloat16);
  Mesh mesh = make_mesh({4}, {"device"});
  Compiled c = compile(
      samples::matmulProgram(mesh, S, S, S, samples::fitMatmulBlocks({}, S, S, S)), x, y);
  int threads = runtime::simulationThreads();
  auto wallOf = [&](int n) {
    runtime::setSimulationThreads(n);
    auto start = Clock::now();
    auto out = c.run({x, y});
    double seconds = secondsSince(start);
    runtime::setSimulationThreads(threads);
    return out.ok() ? seconds : -1.0;
  };
  double one = 0, all = 0;
  for (auto _ : state) {
    one = wallOf(1);
    all = wallOf(threads);
    if (one < 0 || all < 0) {
      state.SkipWithError("the replicated matmul failed");
      return;
    }
  }
  state.counters["wall_speedup"] = one / all;
  state.counters["threads"] = threads;
}
BENCHMARK(BM_ChipsApart)->Arg(1024)->Iterations(3)->Unit(benchmark::kMillisecond);

// --- Whole processes ---

/// Runs `args` to completion with its stdout to `out` (a file descriptor);
/// the wait status and resource usage, or nullopt if it did not start.
std::optional<std::pair<int, struct rusage>> spawnAndWait(const std::vector<std::string> &args,
                                                          int out) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out, STDOUT_FILENO);
  std::vector<char *> argv;
  for (const std::string &a : args)
    argv.push_back(const_cast<char *>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid;
  int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0)
    return std::nullopt;
  int status;
  struct rusage usage;
  if (wait4(pid, &status, 0, &usage) != pid)
    return std::nullopt;
  return std::pair{status, usage};
}

/// Runs `args` and returns what it printed, or nullopt if it failed.
std::optional<std::string> childOutput(const std::vector<std::string> &args) {
  int fds[2];
  if (pipe(fds) != 0)
    return std::nullopt;
  // The child's output is a line or two: it fits the pipe, so reading after
  // the wait cannot block.
  auto done = spawnAndWait(args, fds[1]);
  close(fds[1]);
  std::string output;
  char buffer[4096];
  for (ssize_t n; (n = read(fds[0], buffer, sizeof buffer)) > 0;)
    output.append(buffer, n);
  close(fds[0]);
  if (!done || !WIFEXITED(done->first) || WEXITSTATUS(done->first) != 0)
    return std::nullopt;
  return output;
}

std::filesystem::path binDir() { return std::filesystem::read_symlink("/proc/self/exe").parent_path(); }

constexpr const char *kFirstCompileFlag = "--tessera-bench-child=first-compile";
constexpr const char *kMeasureFlag = "--tessera-bench-child=measure";

/// The first compile in a new process (context creation, dialect loading,
/// the whole pipeline), timed inside a child process of this benchmark:
/// the time is its CPU time (wall time on a shared machine is mostly the
/// other processes), `wall_ms` the wall time.
void BM_CompileFirstInProcess(benchmark::State &state) {
  std::string self = (binDir() / "tessera_bench").string();
  double wall = 0;
  for (auto _ : state) {
    std::optional<std::string> out = childOutput({self, kFirstCompileFlag});
    double cpuSeconds, wallSeconds;
    if (!out || std::sscanf(out->c_str(), "%lf %lf", &cpuSeconds, &wallSeconds) != 2) {
      state.SkipWithError("the child process failed");
      return;
    }
    state.SetIterationTime(cpuSeconds);
    wall += wallSeconds;
  }
  state.counters["wall_ms"] = wall * 1e3 / double(state.iterations());
}
BENCHMARK(BM_CompileFirstInProcess)->UseManualTime()->Unit(benchmark::kMillisecond);

/// A whole sample process (bin/`sample` with `args`): its CPU time (user
/// + system; see above), wall time and peak RSS. A fresh tessera_bench
/// process starts it and measures it: a process started from this one
/// would inherit this one's peak RSS (Linux keeps the larger of the
/// parent's and the child's across exec).
void measureSampleProcess(benchmark::State &state, const std::string &sample,
                          const std::vector<std::string> &args) {
  std::string self = (binDir() / "tessera_bench").string();
  std::string path = (binDir() / sample).string();
  if (!std::filesystem::exists(path)) {
    state.SkipWithError(("build the " + sample + " sample next to tessera_bench").c_str());
    return;
  }
  std::vector<std::string> command{self, kMeasureFlag, path};
  command.insert(command.end(), args.begin(), args.end());
  double rss = 0, wall = 0;
  for (auto _ : state) {
    std::optional<std::string> out = childOutput(command);
    double cpuSeconds, wallSeconds, rssKiB;
    if (!out ||
        std::sscanf(out->c_str(), "%lf %lf %lf", &cpuSeconds, &wallSeconds, &rssKiB) != 3) {
      state.SkipWithError((sample + " failed").c_str());
      return;
    }
    state.SetIterationTime(cpuSeconds);
    wall += wallSeconds;
    rss = std::max(rss, rssKiB / 1024.0);
  }
  state.counters["wall_ms"] = wall * 1e3 / double(state.iterations());
  state.counters["peak_rss_MiB"] = rss;
}

/// `first_kernel --dump=listing` (loading, the simulated chip, compiling,
/// printing).
void BM_ProcessFirstKernelListing(benchmark::State &state) {
  measureSampleProcess(state, "first_kernel", {"--dump=listing"});
}
BENCHMARK(BM_ProcessFirstKernelListing)->UseManualTime()->Unit(benchmark::kMillisecond);

/// `pipelined_scale --rows=262144`: x * 2 + 1 over a 1 GiB f32 array, the
/// upload, the run and the check (in blocks of rows) of a whole process.
/// Goals (issue 25): wall_ms <= 5000, peak_rss_MiB <= 2560.
void BM_ProcessPipelinedScale1GiB(benchmark::State &state) {
  measureSampleProcess(state, "pipelined_scale", {"--rows=262144"});
}
BENCHMARK(BM_ProcessPipelinedScale1GiB)->UseManualTime()->Iterations(1)->Unit(benchmark::kMillisecond);

constexpr const char *kFirstRunFlag = "--tessera-bench-child=first-run";

/// The first run of a kernel against later ones, in a new process (the
/// first touches its output's HBM pages, VMEM, the program's state): x * 2
/// + 1 over f32[262144, 1024] (1 GiB, pipelined_scale's kernel), run 3
/// times. Counters: `first_ms`, `later_ms` (the fastest later run), and
/// `first_vs_later` (goal <= 1.5, issue 25), CPU times.
void BM_FirstRunVsLater(benchmark::State &state) {
  std::string self = (binDir() / "tessera_bench").string();
  double first = 0, later = 0;
  for (auto _ : state) {
    std::optional<std::string> out = childOutput({self, kFirstRunFlag});
    if (!out || std::sscanf(out->c_str(), "%lf %lf", &first, &later) != 2) {
      state.SkipWithError("the child process failed");
      return;
    }
    state.SetIterationTime(first);
  }
  state.counters["first_ms"] = first * 1e3;
  state.counters["later_ms"] = later * 1e3;
  state.counters["first_vs_later"] = first / later;
}
BENCHMARK(BM_FirstRunVsLater)->UseManualTime()->Iterations(1)->Unit(benchmark::kMillisecond);

/// The child of BM_FirstRunVsLater: prints the first run's and the fastest
/// later run's CPU seconds.
int firstRunChild() {
  constexpr int64_t kRows = 262144, kCols = 1024, kBlock = 512;
  tpu_init::initialize_one_chip();
  Array x;
  {
    std::vector<float> data(kRows * kCols);
    for (size_t i = 0; i < data.size(); ++i)
      data[i] = float(int64_t(i % 4099) - 2049) * 0.25f;
    x = Array::from_f32(data, {kRows, kCols});
  }
  auto kernel = pl::pallas_call(
      [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0 + 1.0; },
      {.out_shape = ShapeDtypeStruct{{kRows, kCols}, DType::float32},
       .grid = {kRows / kBlock},
       .in_specs = {pl::BlockSpec({kBlock, kCols}, [](Scalar i) { return std::tuple{i, 0}; })},
       .out_specs = {pl::BlockSpec({kBlock, kCols}, [](Scalar i) { return std::tuple{i, 0}; })},
       .debug = {.megacore = false},
       .name = "pipelined_scale",
       .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}}});
  Compiled c = compile([&](const Array &a) { return kernel(a); }, x);
  std::vector<double> seconds;
  for (int run = 0; run < 3; ++run) {
    double start = threadCpuSeconds();
    auto out = c.run({x});
    seconds.push_back(threadCpuSeconds() - start);
    if (!out.ok())
      return 1;
  }
  std::printf("%.6f %.6f\n", seconds[0], std::min(seconds[1], seconds[2]));
  return 0;
}

constexpr const char *kCacheMemoryFlag = "--tessera-bench-child=cache-memory";

/// A loop compiling ever new kernels, in a new process: 80 distinct
/// kernels of 32768 rows (about 4.5 MiB each in the cache). Counters: the
/// RSS after 40 and after 80 (`rss_40_MiB`, `rss_80_MiB`: flat once the
/// cache's byte bound holds, goal: equal within 10%) and the cache's
/// `cache_MiB` (at most kDefaultCompileCacheBytes, 128 MiB).
void BM_CompileCacheMemory(benchmark::State &state) {
  std::string self = (binDir() / "tessera_bench").string();
  double half = 0, all = 0, cache = 0;
  for (auto _ : state) {
    std::optional<std::string> out = childOutput({self, kCacheMemoryFlag, "80"});
    if (!out || std::sscanf(out->c_str(), "%lf %lf %lf", &half, &all, &cache) != 3) {
      state.SkipWithError("the child process failed");
      return;
    }
  }
  state.counters["rss_40_MiB"] = half;
  state.counters["rss_80_MiB"] = all;
  state.counters["cache_MiB"] = cache;
}
BENCHMARK(BM_CompileCacheMemory)->Iterations(1)->Unit(benchmark::kMillisecond);

/// The child of BM_CompileCacheMemory: compiles `count` distinct kernels of
/// 32768 rows (x * 2 + a new constant), dropping each Compiled at once, and
/// prints the RSS in MiB after the first half and after all, and the
/// cache's bytes (compile_cache_bytes) in MiB.
int cacheMemoryChild(int count) {
  auto rssMiB = [] {
    long pages = 0, resident = 0;
    if (FILE *f = std::fopen("/proc/self/statm", "r")) {
      if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2)
        resident = 0;
      std::fclose(f);
    }
    return double(resident) * double(sysconf(_SC_PAGESIZE)) / (1 << 20);
  };
  constexpr int64_t kRows = 32768;
  Array x = jnp::zeros({kRows, 128});
  double half = 0;
  for (int i = 0; i < count; ++i) {
    double bias = newConstant();
    pl::Kernel k = inPlaceKernel(kRows, "scale", [bias](Value v) { return v * 2.0 + bias; });
    benchmark::DoNotOptimize(compileKernel(k, x));
    if (i + 1 == count / 2)
      half = rssMiB();
  }
  std::printf("%.3f %.3f %.3f\n", half, rssMiB(), double(compile_cache_bytes()) / (1 << 20));
  return 0;
}

/// The child of measureSampleProcess: runs argv[2...] with its
/// output discarded and prints "<CPU seconds> <wall seconds> <peak RSS KiB>".
int measureChild(int argc, char **argv) {
  int devNull = open("/dev/null", O_WRONLY);
  auto start = Clock::now();
  auto done = spawnAndWait(std::vector<std::string>(argv + 2, argv + argc), devNull);
  double seconds = secondsSince(start);
  if (!done || !WIFEXITED(done->first) || WEXITSTATUS(done->first) != 0)
    return 1;
  const struct rusage &usage = done->second;
  double cpu = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
               double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
  std::printf("%.6f %.6f %ld\n", cpu, seconds, usage.ru_maxrss);
  return 0;
}

/// The child of BM_CompileFirstInProcess: prints the first compile's CPU
/// and wall seconds.
int firstCompileChild() {
  double cpu = cpuSeconds(CLOCK_PROCESS_CPUTIME_ID);
  auto start = Clock::now();
  Array x = jnp::zeros({8, 128});
  pl::Kernel k = firstKernel();
  Compiled c = compileKernel(k, x);
  std::printf("%.6f %.6f\n", cpuSeconds(CLOCK_PROCESS_CPUTIME_ID) - cpu, secondsSince(start));
  return 0;
}

}  // namespace
}  // namespace tessera::bench

int main(int argc, char **argv) {
  // The children first, before anything grows this process.
  if (argc == 2 && std::strcmp(argv[1], tessera::bench::kFirstCompileFlag) == 0)
    return tessera::bench::firstCompileChild();
  if (argc == 2 && std::strcmp(argv[1], tessera::bench::kFirstRunFlag) == 0)
    return tessera::bench::firstRunChild();
  if (argc == 3 && std::strcmp(argv[1], tessera::bench::kCacheMemoryFlag) == 0)
    return tessera::bench::cacheMemoryChild(std::atoi(argv[2]));
  if (argc > 2 && std::strcmp(argv[1], tessera::bench::kMeasureFlag) == 0)
    return tessera::bench::measureChild(argc, argv);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
