// The seed's XLA baseline: each computation written twice, as a
// hand-written Pallas kernel and as plain jnp code under jit (which
// Tessera's fusing compiler turns into kernels of its own: dsl/Fusion.h),
// both on one TensorCore of a split chip (tpu_init::initialize_one_core,
// as the seed runs its baselines). A table compares their cycles and their
// fraction of the HBM roofline; the sample fails if a result is wrong or
// the baseline takes more than 1.3x the hand-written kernel's cycles.
//
//   build/bin/xla_baseline                 the table (and the baseline's HLO, listing)
//   build/bin/xla_baseline --dump=hlo      the jnp program after fusion: x * 2 + 1
//   build/bin/xla_baseline --rows=N        rows of the x * 2 + 1 row (default 16384)
//
// Rows: the seed's x * 2, pipelined_scale's x * 2 + 1 and softmax's
// f32[256,1024] (against the HBM roofline), and matmul's bf16
// [1024,1024]^2 (against the MXU peak).
#include <cstdio>
#include <functional>

#include "dsl/tessera.h"
#include "samples/MatmulReference.h"
#include "samples/SampleMain.h"
#include "samples/SoftmaxReference.h"
#include "sim/MachineDesc.h"

using namespace tessera;

namespace {

/// The seed's kernel: DMA in, x * 2 in VMEM, DMA out.
Array seedKernel(const Array &x) {
  auto kernel = pl::kernel(
      {.out_type = ShapeDtypeStruct{x.shape(), x.dtype()},
       .mesh = pltpu::TensorCoreMesh{"tc", 1},
       .scratch_types = {pltpu::VMEM(x.shape(), x.dtype()), pltpu::SemaphoreType::DMA},
       .name = "scale",
       .compiler_params = {.disable_bounds_checks = true, .disable_semaphore_checks = true}},
      [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
        pltpu::async_copy(x_hbm, x_vmem, sem).wait();
        x_vmem[___] = x_vmem[___] * 2.0;
        pltpu::async_copy(x_vmem, o_hbm, sem).wait();
      });
  return kernel(x);
}

/// pipelined_scale's kernel: x * 2 + 1 over row blocks of 512.
Array pipelinedKernel(const Array &x) {
  int64_t block = 512, cols = x.shape()[1];
  auto kernel = pl::pallas_call(
      [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0 + 1.0; },
      {.out_shape = ShapeDtypeStruct{x.shape(), x.dtype()},
       .grid = {x.shape()[0] / block},
       .in_specs = {pl::BlockSpec({block, cols}, [](Scalar i) { return std::tuple{i, 0}; })},
       .out_specs = {pl::BlockSpec({block, cols}, [](Scalar i) { return std::tuple{i, 0}; })},
       .name = "pipelined_scale",
       .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}}});
  return kernel(x);
}

/// matmul.cc's kernel: bf16 x @ y -> f32 over (512, 256, 1024) blocks with
/// an f32 accumulator, the dot in row slices of 128.
Array matmulKernel(const Array &x, const Array &y) {
  const int64_t M = x.shape()[0], K = x.shape()[1], N = y.shape()[1];
  const int64_t bm = 512, bn = 256, bk = 1024, tm = 128, nk = K / bk;
  auto kernel = pl::pallas_call(
      [=](Ref x_ref, Ref y_ref, Ref o_ref, Ref acc_ref) {
        Scalar k = pl::program_id(2);
        pl::when(k == 0, [&] { acc_ref[___] = 0.0; });
        for (int64_t m0 = 0; m0 < bm; m0 += tm)
          acc_ref[pl::ds(m0, tm)] =
              acc_ref[pl::ds(m0, tm)] + jnp::dot(x_ref[pl::ds(m0, tm)], y_ref[___],
                                                 {.preferred_element_type = DType::float32});
        pl::when(k == nk - 1, [&] { o_ref[___] = acc_ref[___]; });
      },
      {.out_shape = ShapeDtypeStruct{{M, N}, DType::float32},
       .grid = {M / bm, N / bn, nk},
       .in_specs = {pl::BlockSpec({bm, bk}, [](Scalar i, Scalar, Scalar k) { return std::tuple{i, k}; }),
                    pl::BlockSpec({bk, bn}, [](Scalar, Scalar j, Scalar k) { return std::tuple{k, j}; })},
       .out_specs = {pl::BlockSpec({bm, bn}, [](Scalar i, Scalar j, Scalar) { return std::tuple{i, j}; })},
       .scratch_shapes = {pltpu::VMEM({bm, bn}, DType::float32)},
       .name = "matmul",
       .compiler_params = {.dimension_semantics = {pltpu::PARALLEL, pltpu::PARALLEL,
                                                   pltpu::ARBITRARY}}});
  return kernel(x, y);
}

/// softmax.cc's kernel: blocks of 32 rows, each in 8-row slices (the loop
/// unrolled 4 times).
Array softmaxKernel(const Array &x) {
  const int64_t block = 32, cols = x.shape()[1];
  auto kernel = pl::pallas_call(
      [](Ref x_ref, Ref o_ref) {
        pl::loop(0, block / 8, 1, {.unroll = 4})([&](Scalar g) {
          auto rows = pl::ds(pl::multiple_of(g * 8, 8), 8);
          Value s = x_ref[rows];
          Value e = jnp::exp(s - jnp::max(s, 1, /*keepdims=*/true));
          o_ref[rows] = e / jnp::sum(e, 1, /*keepdims=*/true);
        });
      },
      {.out_shape = ShapeDtypeStruct{x.shape(), x.dtype()},
       .grid = {x.shape()[0] / block},
       .in_specs = {pl::BlockSpec({block, cols}, [](Scalar i) { return std::tuple{i, 0}; })},
       .out_specs = {pl::BlockSpec({block, cols}, [](Scalar i) { return std::tuple{i, 0}; })},
       .name = "softmax",
       .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}}});
  return kernel(x);
}

/// One row of the table: the two programs, their arguments and the exact
/// result; `mxu`: the bound is the MXU peak (else the HBM roofline).
struct Row {
  std::string name;
  ArrayFn kernel, baseline;
  std::vector<Array> args;
  std::vector<float> want;
  double macs = 0;  // > 0: the MXU bound
};

}  // namespace

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(argc, argv);
  const int64_t rows = flags.number("rows", 16384);
  tpu_init::initialize_one_core();

  auto input = [](const Shape &shape) {
    std::vector<float> data(numElements(shape));
    for (size_t i = 0; i < data.size(); ++i)
      data[i] = (float)(int64_t(i % 4099) - 2049) * 0.25f;
    return data;
  };
  auto elementwise = [&](std::string name, std::function<Array(const Array &)> kernel,
                         std::function<Array(const Array &)> jnp, float (*host)(float),
                         Shape shape) {
    std::vector<float> data = input(shape), want(data.size());
    for (size_t i = 0; i < data.size(); ++i)
      want[i] = host(data[i]);
    return Row{std::move(name), detail::asArrayFn(kernel), detail::asArrayFn(jnp),
               {Array::from_f32(data, shape)}, std::move(want)};
  };
  std::vector<Row> table;
  table.push_back(elementwise(
      "x * 2, f32[8,128] (the seed's)", seedKernel, [](const Array &x) { return x * 2.0; },
      [](float v) { return v * 2.0f; }, {8, 128}));
  table.push_back(elementwise(
      "x * 2 + 1, f32[" + std::to_string(rows) + ",1024]", pipelinedKernel,
      [](const Array &x) { return x * 2.0 + 1.0; }, [](float v) { return v * 2.0f + 1.0f; },
      {rows, 1024}));
  {
    const int64_t r = 256, c = 1024;
    std::vector<float> data = samples::softmaxInput(r, c);
    table.push_back(Row{"softmax, f32[256,1024] (softmax's)", detail::asArrayFn(softmaxKernel),
                        detail::asArrayFn([](const Array &x) {
                          Array e = jnp::exp(x - jnp::max(x, 1, true));
                          return e / jnp::sum(e, 1, true);
                        }),
                        {Array::from_f32(data, {r, c})},
                        samples::softmaxReference(data, r, c)});
  }
  {
    const int64_t n = 1024;
    std::vector<float> xs = samples::matmulLhs(n, n), ys = samples::matmulRhs(n, n);
    table.push_back(Row{"bf16 x @ y -> f32, [1024,1024]^2",
                        detail::asArrayFn([](const Array &x, const Array &y) {
                          return matmulKernel(x, y);
                        }),
                        detail::asArrayFn([](const Array &x, const Array &y) {
                          return jnp::dot(x, y, DType::float32);
                        }),
                        {Array::from_f32(xs, {n, n}, DType::bfloat16),
                         Array::from_f32(ys, {n, n}, DType::bfloat16)},
                        samples::matmulReference(xs, ys, n, n, n, n),
                        (double)n * n * n});
  }
  const Row &shown = table[1];

  return samples::report(
      flags, [&] { return Compiled(detail::compileFn(shown.baseline, shown.args, {})); },
      [&](const Compiled &) {
        bool ok = true;
        std::printf("%-34s %12s %8s %12s %8s %7s\n", "computation", "Pallas", "of bound",
                    "jit(jnp)", "of bound", "ratio");
        for (const Row &row : table) {
          int64_t cycles[2];
          double bound[2];
          bool exact = true;
          for (int v = 0; v < 2; ++v) {
            Compiled c = detail::compileFn(v == 0 ? row.kernel : row.baseline, row.args, {});
            auto out = c.run(row.args);
            if (!out.ok()) {
              std::printf("%s: %s\n", row.name.c_str(), std::string(out.status().message()).c_str());
              return false;
            }
            exact = exact && out->front().to_f32() == row.want;
            cycles[v] = 0;
            double bytes = 0;
            for (const runtime::LaunchStats &launch : c.last_run()) {
              cycles[v] += launch.run.cycles + launch.run.drainCycles;
              bytes += (double)launch.run.dmaBytes;
            }
            // The MXU peak (4 x 128 x 128 MACs a cycle) or the HBM roofline.
            bound[v] = row.macs > 0 ? row.macs / (machine::kNumMxus * machine::kMxuDim *
                                                 machine::kMxuDim)
                                    : bytes / machine::kHbmBytesPerCyclePerCore;
          }
          double ratio = (double)cycles[1] / (double)cycles[0];
          std::printf("%-34s %12lld %7.1f%% %12lld %7.1f%% %6.2fx%s\n", row.name.c_str(),
                      (long long)cycles[0], 100.0 * bound[0] / cycles[0], (long long)cycles[1],
                      100.0 * bound[1] / cycles[1], ratio, exact ? "" : "  WRONG");
          // The elementwise and matmul rows must be within 1.3x of the
          // hand-written kernel; every row must be exact.
          ok = ok && exact && (ratio <= 1.3 || row.name.starts_with("softmax"));
        }
        return ok;
      });
}
