//===- sim_bench.cc - Interpreter throughput vs native C++ ----------------===//
//
// Runs a straight-line kernel of 64 bundles (vld / vmul.f32 / vadd.f32 / vst
// software-pipelined over 16 VMEM tiles) many times and reports bundles per
// second, next to native C++ doing the same math on host arrays. The
// `slowdown` counter is simulated time / native time for the same work.
// The argument says whether race detection (RunOptions::detectRaces) is on;
// BM_SimulatedKernelDmaInFlight runs the same kernel while a DMA to other
// rows is in flight, so that every vld and vst is checked against it.
//
//===----------------------------------------------------------------------===//
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "sim/Chip.h"

namespace tessera::sim {
namespace {

using machine::kVRegElems;

constexpr int kBundles = 64;
constexpr int kTiles = 16;  // VMEM tiles read, each written back in place

/// Tile t of x at rows 8t, tile t of the result overwrites it; v31 holds
/// the scale, v30 the bias. Per tile: vld, vmul, vadd, vst, pipelined so that
/// each bundle has one load, one store and two vector ALU ops where possible.
std::string kernelListing(bool dmaInFlight) {
  // Tile t starts at bundle b = 1 + 3t; every read waits out its latency:
  //   b      : vld  v(t%8), [tile t]
  //   b + 3  : vmul v(8 + t%8), v(t%8), v31       (vld latency 3)
  //   b + 5  : vadd v(16 + t%8), v(8 + t%8), v30   (f32 latency 2)
  //   b + 7  : vst  [tile t], v(16 + t%8)
  std::vector<std::vector<std::string>> bundles(kBundles);
  bundles[0].push_back("vimm.f32 v31, 1.5");
  bundles[0].push_back("vimm.f32 v30, 0.25");
  if (dmaInFlight) {
    // Rows 0x100.. are not the kernel's; the wait ends the kernel.
    bundles[0].push_back("smov s0, 0");
    bundles[0].push_back("smov s1, 256");
    bundles[1].push_back("dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x8, [sem:0]");
    bundles.push_back({"vwait.ge [sem:0], 4096"});
    bundles.push_back({"vsyncadd [sem:0], -4096"});
  }
  constexpr int kFirst = 1, kStride = 3;
  for (int t = 0; t < kTiles; ++t) {
    int b = kFirst + kStride * t, r = t % 8;
    bundles[b].push_back(absl::StrFormat("vld v%d, [vmem:0x%x]", r, 8 * t));
    bundles[b + 3].push_back(
        absl::StrFormat("vmul.f32 v%d, v%d, v31", 8 + r, r));
    bundles[b + 5].push_back(
        absl::StrFormat("vadd.f32 v%d, v%d, v30", 16 + r, 8 + r));
    bundles[b + 7].push_back(
        absl::StrFormat("vst [vmem:0x%x], v%d", 8 * t, 16 + r));
  }
  std::string text = ".kernel bench\n.hbm_args 0\n.scalar_words 0\n"
                     ".vmem_rows 0x108\n.semaphores 1\n";
  for (size_t b = 0; b < bundles.size(); ++b) {
    std::string ops;
    for (const std::string &op : bundles[b])
      ops += (ops.empty() ? "" : " ; ") + op;
    text += absl::StrFormat("0x%04x  %s\n", b, ops.empty() ? "nop" : ops);
  }
  return text;
}

std::shared_ptr<const Program> loadBenchKernel(bool dmaInFlight) {
  absl::StatusOr<Executable> exe = parseListing(kernelListing(dmaInFlight));
  if (!exe.ok()) {
    std::fprintf(stderr, "%s\n", std::string(exe.status().message()).c_str());
    std::abort();
  }
  absl::StatusOr<std::shared_ptr<const Program>> program = loadProgram(*exe);
  if (!program.ok()) {
    std::fprintf(stderr, "%s\n",
                 std::string(program.status().message()).c_str());
    std::abort();
  }
  return *program;
}

/// Native: the same 16 tiles, x = x * 1.5 + 0.25, one pass per iteration.
void nativePass(std::vector<float> &x) {
  for (int t = 0; t < kTiles; ++t) {
    float *tile = x.data() + t * kVRegElems;
    for (int i = 0; i < kVRegElems; ++i)
      tile[i] = tile[i] * 1.5f + 0.25f;
  }
}

double nativeSecondsPerPass() {
  std::vector<float> x(kTiles * kVRegElems, 1.0f);
  constexpr int kPasses = 20000;
  auto start = std::chrono::steady_clock::now();
  for (int p = 0; p < kPasses; ++p) {
    nativePass(x);
    benchmark::DoNotOptimize(x.data());
    benchmark::ClobberMemory();
  }
  std::chrono::duration<double> elapsed =
      std::chrono::steady_clock::now() - start;
  return elapsed.count() / kPasses;
}

void simulate(benchmark::State &state, bool dmaInFlight) {
  std::shared_ptr<const Program> program = loadBenchKernel(dmaInFlight);
  RunOptions options;
  options.detectRaces = state.range(0) != 0;
  Chip chip;
  TensorCore &core = chip.core(0);
  std::vector<float> x(kTiles * kVRegElems, 1.0f);
  (void)core.vmem().writeF32(0, x);
  int64_t bundles = 0;
  auto start = std::chrono::steady_clock::now();
  for (auto _ : state) {
    absl::StatusOr<RunResult> r = core.run(*program, {}, options);
    if (!r.ok()) {
      state.SkipWithError(std::string(r.status().message()).c_str());
      return;
    }
    bundles += r->bundlesExecuted;
  }
  std::chrono::duration<double> elapsed =
      std::chrono::steady_clock::now() - start;
  state.counters["bundles/s"] = benchmark::Counter(static_cast<double>(bundles),
                                                   benchmark::Counter::kIsRate);
  double native = nativeSecondsPerPass();
  state.counters["native_ns"] = native * 1e9;
  // The simulator's slowdown for the same math: seconds per simulated run
  // over seconds per native pass.
  state.counters["slowdown"] =
      elapsed.count() / static_cast<double>(state.iterations()) / native;
}
void BM_SimulatedKernel(benchmark::State &state) { simulate(state, false); }
BENCHMARK(BM_SimulatedKernel)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);
void BM_SimulatedKernelDmaInFlight(benchmark::State &state) {
  simulate(state, true);
}
BENCHMARK(BM_SimulatedKernelDmaInFlight)
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMicrosecond);

/// Launch overhead alone: a one-bundle kernel (argument block, register
/// reset, drain).
void BM_LaunchOverhead(benchmark::State &state) {
  absl::StatusOr<Executable> exe = parseListing(
      ".kernel empty\n.hbm_args 0\n.scalar_words 0\n.vmem_rows 0x0\n"
      ".semaphores 0\n0x0000  nop\n");
  absl::StatusOr<std::shared_ptr<const Program>> program =
      exe.ok() ? loadProgram(*exe) : exe.status();
  if (!program.ok()) {
    state.SkipWithError("cannot load the empty kernel");
    return;
  }
  Chip chip;
  for (auto _ : state)
    benchmark::DoNotOptimize(chip.core(0).run(**program, {}));
}
BENCHMARK(BM_LaunchOverhead)->Unit(benchmark::kMicrosecond);

void BM_NativeKernel(benchmark::State &state) {
  std::vector<float> x(kTiles * kVRegElems, 1.0f);
  for (auto _ : state) {
    nativePass(x);
    benchmark::DoNotOptimize(x.data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_NativeKernel)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace tessera::sim

BENCHMARK_MAIN();
