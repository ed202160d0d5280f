// The seed's "native XLA baseline": each Pallas kernel of the chapter next
// to the same computation written as plain jnp code under jit, which the
// fusion compiler (README, "Array programs under jit") turns into kernels of
// its own, on one TensorCore (tpu_init::initialize_one_core(), as the seed's
// baseline runs). Rows:
//
//   scale            the seed's first kernel, f32[8,128] * 2
//   pipelined_scale  x * 2 + 1 over f32[rows,1024] (pipelined_scale.cc)
//   softmax          row softmax of f32[256,1024] (softmax.cc)
//   matmul           bf16[1024,1024] @ bf16[1024,1024] -> f32 (matmul.cc)
//
// For each: the cycles of the hand-written kernel and of the jnp program,
// each against the row's bound (the HBM roofline for the bytes the arrays
// hold, or the MXU peak for the matmul), and jnp / Pallas. Both results are
// checked bit for bit against the host. The sample exits non-zero when a
// result is wrong, or when the jnp program takes more than 1.3x the
// kernel's cycles on the elementwise and matmul rows (softmax: reported).
//
//   build/bin/xla_baseline                  the table
//   build/bin/xla_baseline --rows=2048      a smaller pipelined_scale
//   build/bin/xla_baseline --only=softmax   one row
//   build/bin/xla_baseline --dump=hlo       each row's two programs (the jnp
//                                           one shows its fusions)
//   build/bin/xla_baseline --dump=listing   their machine listings
//   build/bin/xla_baseline --interpret      every kernel interpreted: the
//                                           checks only, no cycles
//   build/bin/xla_baseline --sweep          also the jnp programs at sizes
//                                           nobody tuned (the compiler's
//                                           blocks), each against its bound
#include <algorithm>
#include <cstdio>
#include <functional>
#include <iostream>
#include <string>

#include "dsl/tessera.h"
#include "samples/MatmulKernel.h"
#include "samples/MatmulReference.h"
#include "samples/SampleMain.h"
#include "samples/SoftmaxReference.h"
#include "sim/MachineDesc.h"
#include "sim/VectorMath.h"

using namespace tessera;

namespace {

/// One row of the table: the two programs, their arguments, the expected
/// result and the row's bound in cycles.
struct Row {
  std::string name;
  std::function<Compiled()> pallas, jnp;
  std::vector<Array> args;
  std::vector<float> want;
  double bound = 0;
  const char *boundName = "";
  /// Whether the jnp program must be within 1.3x of the kernel.
  bool limited = true;
};

/// The cycles of the last run: every launch, its drain included.
int64_t cyclesOf(const Compiled &c) {
  int64_t cycles = 0;
  for (const auto &launch : c.last_run())
    cycles += launch.run.cycles + launch.run.drainCycles;
  return cycles;
}

double hbmBound(const std::vector<ShapeDtypeStruct> &arrays) {
  double bytes = 0;
  for (const auto &t : arrays)
    bytes += (double)numBytes(t.shape, t.dtype);
  return bytes / machine::kHbmBytesPerCyclePerCore;
}

/// The x * 2 + 1 rows' input: multiples of 0.25 around 0, exact in f32.
std::vector<float> scaleInput(int64_t n) {
  std::vector<float> data(n);
  for (int64_t i = 0; i < n; ++i)
    data[i] = (float)((i % 4099) - 2049) * 0.25f;
  return data;
}

double mxuBound(int64_t m, int64_t n, int64_t k) {
  return (double)(m * n * k) / (machine::kNumMxus * machine::kMxuDim * machine::kMxuDim);
}

/// One program of the sweep: a jnp program at a size nobody tuned its
/// blocks for, its arguments, the host's result and its bound.
struct SweepRow {
  std::string name;
  ArrayFn fn;
  std::vector<Array> args;
  std::vector<float> want;
  double bound;
  const char *boundName;
};

/// --sweep: the jnp programs of the table at other sizes (the fusion
/// compiler picks every block), each checked against the host and set
/// against its bound. Returns whether every result is exact.
bool sweep() {
  std::vector<SweepRow> rows;
  for (auto [r, c] : {std::pair<int64_t, int64_t>{256, 128}, {1024, 512}, {4096, 256}, {2048, 2048}}) {
    std::vector<float> data = scaleInput(r * c);
    auto x = Array::from_f32(data, {r, c});
    std::vector<float> want;
    for (float v : data)
      want.push_back(v * 2.0f + 1.0f);
    rows.push_back({"x * 2 + 1 f32[" + std::to_string(r) + "," + std::to_string(c) + "]",
                    [](const std::vector<Array> &a) { return a[0] * 2.0 + 1.0; }, {x}, want,
                    hbmBound({x.aval(), x.aval()}), "HBM"});
  }
  for (auto [r, c] : {std::pair<int64_t, int64_t>{64, 256}, {512, 512}, {1024, 1024}, {128, 4096}}) {
    std::vector<float> data = samples::softmaxInput(r, c);
    auto x = Array::from_f32(data, {r, c});
    rows.push_back({"softmax f32[" + std::to_string(r) + "," + std::to_string(c) + "]",
                    [](const std::vector<Array> &a) {
                      Array e = jnp::exp(a[0] - jnp::max(a[0], 1, true));
                      return e / jnp::sum(e, 1, true);
                    },
                    {x}, samples::softmaxReference(data, r, c), hbmBound({x.aval(), x.aval()}),
                    "HBM"});
  }
  for (auto [m, k, n] : {std::tuple<int64_t, int64_t, int64_t>{256, 256, 256},
                         {512, 1024, 256},
                         {2048, 512, 1024},
                         {1024, 2048, 512}}) {
    std::vector<float> xs = samples::matmulLhs(m, k), ys = samples::matmulRhs(k, n);
    auto x = Array::from_f32(xs, {m, k}, DType::bfloat16);
    auto y = Array::from_f32(ys, {k, n}, DType::bfloat16);
    rows.push_back({"bf16 dot [" + std::to_string(m) + "," + std::to_string(k) + "]@[" +
                        std::to_string(k) + "," + std::to_string(n) + "]",
                    [](const std::vector<Array> &a) {
                      return jnp::dot(a[0], a[1], {.preferred_element_type = jnp::float32});
                    },
                    {x, y}, samples::matmulReference(xs, ys, m, n, k, k), mxuBound(m, n, k),
                    "MXU"});
  }
  {
    // A dot with its epilogue (bias and ReLU) in one output fusion.
    const int64_t m = 1024, k = 1024, n = 1024;
    std::vector<float> xs = samples::matmulLhs(m, k), ys = samples::matmulRhs(k, n), bs(n);
    for (int64_t j = 0; j < n; ++j)
      bs[j] = (float)(j % 13) * 0.125f - 0.75f;
    std::vector<float> want = samples::matmulReference(xs, ys, m, n, k, k);
    for (int64_t i = 0; i < m * n; ++i)
      want[i] = vmath::maxF(want[i] + bs[i % n], 0.0f);
    rows.push_back({"relu(bf16 dot + b) [1024,1024]^2",
                    [](const std::vector<Array> &a) {
                      return jnp::maximum(
                          jnp::dot(a[0], a[1], {.preferred_element_type = jnp::float32}) + a[2],
                          0.0);
                    },
                    {Array::from_f32(xs, {m, k}, DType::bfloat16),
                     Array::from_f32(ys, {k, n}, DType::bfloat16), Array::from_f32(bs, {1, n})},
                    want, mxuBound(m, n, k), "MXU"});
  }
  bool ok = true;
  std::printf("\n%-36s %10s %8s %6s  %s\n", "jnp program (blocks: the compiler's)", "cycles",
              "% bound", "bound", "check");
  for (const SweepRow &row : rows) {
    Compiled c = compile(row.fn, row.args);
    auto out = c.run(row.args);
    if (!out.ok()) {
      std::printf("%s: error: %s\n", row.name.c_str(), std::string(out.status().message()).c_str());
      ok = false;
      continue;
    }
    bool exact = samples::expectEqual(out->front().to_f32(), row.want);
    ok = ok && exact;
    int64_t cycles = cyclesOf(c);
    std::printf("%-36s %10lld %7.1f%% %6s  %s\n", row.name.c_str(), (long long)cycles,
                100.0 * row.bound / (double)cycles, row.boundName, exact ? "exact" : "WRONG");
  }
  return ok;
}

}  // namespace

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(argc, argv, {"--rows=N", "--only=NAME", "--sweep"});
  int64_t rows = flags.number("rows", 16384);
  std::string only;
  for (const std::string &a : flags.rest)
    if (a.rfind("--only=", 0) == 0)
      only = a.substr(7);
  // --only=sweep: the sweep alone, no table.
  bool sweepToo = flags.has("sweep") || only == "sweep", tableToo = only != "sweep";
  if (flags.interpret)
    pltpu::force_tpu_interpret_mode();

  // The seed's baseline runs on one TensorCore: each core its own device.
  tpu_init::initialize_one_core();
  auto mesh = make_mesh({1}, {"device"});
  pltpu::TensorCoreMesh tc_mesh{"tc", 1};
  auto one = [&](auto fn) {
    return shard_map({.mesh = mesh, .in_specs = P(), .out_specs = P(), .check_vma = false}, fn);
  };
  std::vector<Row> table;

  // The seed's first kernel and its baseline `x * 2`.
  {
    auto x = jnp::arange(8 * 128, jnp::float32).reshape({8, 128});
    auto kernel = one([&](const Array &x) -> Array {
      return pl::kernel({.out_type = ShapeDtypeStruct{x.shape(), x.dtype()},
                         .mesh = tc_mesh,
                         .scratch_types = {pltpu::VMEM(x.shape(), x.dtype()),
                                           pltpu::SemaphoreType::DMA},
                         .name = "scale",
                         .compiler_params = {.disable_bounds_checks = true,
                                             .disable_semaphore_checks = true},
                         .arg_names = {"x_hbm", "o_hbm", "x_vmem", "sem"}},
                        [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
                          pltpu::async_copy(x_hbm, x_vmem, sem).wait();
                          x_vmem[___] = x_vmem[___] * 2.0;
                          pltpu::async_copy(x_vmem, o_hbm, sem).wait();
                        })(x);
    });
    auto baseline = [](const Array &x) { return x * 2.0; };
    Row row{.name = "scale",
            .pallas = [=] { return compile(kernel, x); },
            .jnp = [=] { return compile(baseline, x); },
            .args = {x}};
    for (float v : x.to_f32())
      row.want.push_back(v * 2.0f);
    row.bound = hbmBound({x.aval(), x.aval()});
    row.boundName = "HBM";
    table.push_back(row);
  }

  // pipelined_scale: x * 2 + 1 over row blocks of 512.
  {
    const int64_t cols = 1024, block = 512;
    std::vector<float> data = scaleInput(rows * cols);
    auto x = Array::from_f32(data, {rows, cols});
    auto kernel = one([=](const Array &x) -> Array {
      return pl::pallas_call(
          [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0 + 1.0; },
          {.out_shape = ShapeDtypeStruct{x.shape(), x.dtype()},
           .grid = {rows / block},
           .in_specs = {pl::BlockSpec({block, cols}, [](Scalar i) { return std::tuple{i, 0}; })},
           .out_specs = {pl::BlockSpec({block, cols}, [](Scalar i) { return std::tuple{i, 0}; })},
           .name = "pipelined_scale",
           .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}},
           .arg_names = {"x_hbm", "o_hbm"}})(x);
    });
    auto baseline = [](const Array &x) { return x * 2.0 + 1.0; };
    Row row{.name = "pipelined_scale",
            .pallas = [=] { return compile(kernel, x); },
            .jnp = [=] { return compile(baseline, x); },
            .args = {x}};
    for (float v : data)
      row.want.push_back(v * 2.0f + 1.0f);
    row.bound = hbmBound({x.aval(), x.aval()});
    row.boundName = "HBM";
    table.push_back(row);
  }

  // softmax.cc's kernel: blocks of 32 rows, 8 rows at a time.
  {
    const int64_t R = 256, C = 1024, block = 32;
    std::vector<float> data = samples::softmaxInput(R, C);
    auto x = Array::from_f32(data, {R, C});
    auto kernel = one([=](const Array &x) -> Array {
      return pl::pallas_call(
          [](Ref x_ref, Ref o_ref) {
            pl::loop(0, block / 8, 1, {.unroll = 4})([&](Scalar g) {
              auto rows = pl::ds(pl::multiple_of(g * 8, 8), 8);
              Value s = x_ref[rows];
              Value e = jnp::exp(s - jnp::max(s, 1, /*keepdims=*/true));
              o_ref[rows] = e / jnp::sum(e, 1, /*keepdims=*/true);
            });
          },
          {.out_shape = ShapeDtypeStruct{x.shape(), x.dtype()},
           .grid = {R / block},
           .in_specs = {pl::BlockSpec({block, C}, [](Scalar i) { return std::tuple{i, 0}; })},
           .out_specs = {pl::BlockSpec({block, C}, [](Scalar i) { return std::tuple{i, 0}; })},
           .name = "softmax",
           .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}},
           .arg_names = {"x_hbm", "o_hbm"}})(x);
    });
    auto baseline = [](const Array &x) {
      Array e = jnp::exp(x - jnp::max(x, 1, /*keepdims=*/true));
      return e / jnp::sum(e, 1, /*keepdims=*/true);
    };
    Row row{.name = "softmax",
            .pallas = [=] { return compile(kernel, x); },
            .jnp = [=] { return compile(baseline, x); },
            .args = {x}};
    row.want = samples::softmaxReference(data, R, C);
    row.bound = hbmBound({x.aval(), x.aval()});
    row.boundName = "HBM";
    row.limited = false;
    table.push_back(row);
  }

  // The matmul sample's kernel (samples/MatmulKernel.h): blocks (512, 256,
  // 1024), an f32 accumulator.
  {
    const int64_t M = 1024, N = 1024, K = 1024, bm = 512, bn = 256, bk = 1024, tm = 128;
    std::vector<float> xs = samples::matmulLhs(M, K), ys = samples::matmulRhs(K, N);
    auto x = Array::from_f32(xs, {M, K}, DType::bfloat16);
    auto y = Array::from_f32(ys, {K, N}, DType::bfloat16);
    auto kernel = samples::matmulProgram(mesh, M, N, K, {bm, bn, bk, tm});
    auto baseline = [](const Array &x, const Array &y) {
      return jnp::dot(x, y, {.preferred_element_type = jnp::float32});
    };
    Row row{.name = "matmul",
            .pallas = [=] { return compile(kernel, x, y); },
            .jnp = [=] { return compile(baseline, x, y); },
            .args = {x, y}};
    // One jnp.dot over all of K: the MXU passes summed in order, as the
    // kernel's single K block does.
    row.want = samples::matmulReference(xs, ys, M, N, K, K);
    row.bound = mxuBound(M, N, K);
    row.boundName = "MXU";
    table.push_back(row);
  }

  if (!only.empty() && tableToo &&
      std::none_of(table.begin(), table.end(), [&](const Row &row) { return row.name == only; })) {
    std::cerr << "--only=" << only << " names no row; the rows are";
    for (const Row &row : table)
      std::cerr << " " << row.name;
    std::cerr << " (or sweep)\n";
    return 2;
  }
  try {
    if (!flags.dump.empty()) {
      for (const Row &row : table) {
        if (!only.empty() && row.name != only)
          continue;
        for (auto [label, make] : {std::pair{"pallas", row.pallas}, std::pair{"jnp", row.jnp}}) {
          Compiled c = make();
          std::cout << "=== " << row.name << ": " << label << " ===\n";
          if (flags.dump == "hlo")
            std::cout << c.hlo();
          else if (flags.dump == "ir")
            std::cout << c.ir(flags.stage);
          else if (flags.dump == "listing")
            std::cout << c.listing();
          else {
            std::cerr << "unknown --dump=" << flags.dump << "; use hlo, ir or listing\n";
            return 2;
          }
        }
      }
      return 0;
    }
    bool ok = true;
    if (tableToo) {
      std::printf("%-16s %12s %8s %12s %8s %10s  %s\n", "row", "pallas", "% bound", "jnp (xla)",
                  "% bound", "jnp/pallas", "check");
      for (const Row &row : table) {
        if (!only.empty() && row.name != only)
          continue;
        int64_t cycles[2] = {0, 0};
        bool exact[2] = {false, false};
        std::vector<std::pair<Compiled, std::string>> ran;  // for --profile / --trace
        for (int k = 0; k < 2; ++k) {
          Compiled c = k == 0 ? row.pallas() : row.jnp();
          auto out = c.run(row.args);
          if (!out.ok()) {
            std::cout << row.name << ": error: " << out.status().message() << "\n";
            ok = false;
            continue;
          }
          exact[k] = samples::expectEqual(out->front().to_f32(), row.want);
          cycles[k] = cyclesOf(c);
          ran.emplace_back(std::move(c), k == 0 ? ".pallas" : ".jnp");
        }
        double ratio = cycles[0] ? (double)cycles[1] / (double)cycles[0] : 0;
        bool fast = flags.interpret || !row.limited || ratio <= 1.3;
        bool rowOk = exact[0] && exact[1] && fast;
        ok = ok && rowOk;
        std::string check = !exact[0] ? "WRONG (pallas)"
                            : !exact[1] ? "WRONG (jnp)"
                            : !fast     ? "SLOW (over 1.3x)"
                                        : row.limited && !flags.interpret ? "exact, within 1.3x"
                                                                    : "exact";
        if (flags.interpret)
          std::printf("%-16s %12s %8s %12s %8s %10s  %s\n", row.name.c_str(), "interpreted", "-",
                      "interpreted", "-", "-", check.c_str());
        else
          std::printf("%-16s %12lld %7.1f%% %12lld %7.1f%% %9.2fx  %s\n", row.name.c_str(),
                      (long long)cycles[0], 100.0 * row.bound / (double)cycles[0],
                      (long long)cycles[1], 100.0 * row.bound / (double)cycles[1], ratio,
                      check.c_str());
        for (const auto &[c, label] : ran)
          samples::showRun(flags, c, row.name + label);
      }
      if (!flags.interpret)
        std::cout << "(% bound: the row's bound, the HBM roofline of its arrays' bytes at "
                  << machine::kHbmBytesPerCyclePerCore << " bytes/cycle or the MXU peak, over "
                  << "its cycles; one TensorCore)\n";
    }
    if (sweepToo && !flags.interpret)
      ok = sweep() && ok;
    std::cout << "baseline check: " << (ok ? "PASS" : "FAIL") << "\n";
    return ok ? 0 : 1;
  } catch (const Error &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
