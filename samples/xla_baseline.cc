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
// Rows so far: the seed's x * 2 and pipelined_scale's x * 2 + 1. Softmax
// and the bf16 matmul come with reductions and dot under jit.
#include <cstdio>
#include <functional>

#include "dsl/tessera.h"
#include "samples/SampleMain.h"
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

struct Row {
  std::string name;
  std::function<Array(const Array &)> kernel, baseline;
  std::function<float(float)> host;
  Shape shape;
};

}  // namespace

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(argc, argv);
  const int64_t rows = flags.number("rows", 16384);
  tpu_init::initialize_one_core();

  std::vector<Row> table = {
      {"x * 2, f32[8,128] (the seed's)", seedKernel,
       [](const Array &x) { return x * 2.0; }, [](float v) { return v * 2.0f; }, {8, 128}},
      {"x * 2 + 1, f32[" + std::to_string(rows) + ",1024]", pipelinedKernel,
       [](const Array &x) { return x * 2.0 + 1.0; }, [](float v) { return v * 2.0f + 1.0f; },
       {rows, 1024}},
  };
  auto input = [](const Shape &shape) {
    std::vector<float> data(numElements(shape));
    for (size_t i = 0; i < data.size(); ++i)
      data[i] = (float)(int64_t(i % 4099) - 2049) * 0.25f;
    return data;
  };
  std::vector<float> lastData = input(table.back().shape);
  Array last = Array::from_f32(lastData, table.back().shape);

  return samples::report(
      flags, [&] { return compile(table.back().baseline, last); },
      [&](const Compiled &) {
        bool ok = true;
        std::printf("%-34s %12s %8s %12s %8s %7s\n", "computation", "Pallas", "of HBM",
                    "jit(jnp)", "of HBM", "ratio");
        for (const Row &row : table) {
          std::vector<float> data = input(row.shape);
          Array x = Array::from_f32(data, row.shape);
          std::vector<float> want(data.size());
          for (size_t i = 0; i < data.size(); ++i)
            want[i] = row.host(data[i]);
          int64_t cycles[2];
          double roofline[2];
          bool exact = true;
          for (int v = 0; v < 2; ++v) {
            Compiled c = v == 0 ? Compiled(compile(row.kernel, x)) : Compiled(compile(row.baseline, x));
            auto out = c.run({x});
            if (!out.ok()) {
              std::printf("%s: %s\n", row.name.c_str(), std::string(out.status().message()).c_str());
              return false;
            }
            exact = exact && out->front().to_f32() == want;
            cycles[v] = 0;
            double bytes = 0;
            for (const runtime::LaunchStats &launch : c.last_run()) {
              cycles[v] += launch.run.cycles + launch.run.drainCycles;
              bytes += (double)launch.run.dmaBytes;
            }
            roofline[v] = bytes / machine::kHbmBytesPerCyclePerCore;
          }
          double ratio = (double)cycles[1] / (double)cycles[0];
          std::printf("%-34s %12lld %7.1f%% %12lld %7.1f%% %6.2fx%s\n", row.name.c_str(),
                      (long long)cycles[0], 100.0 * roofline[0] / cycles[0],
                      (long long)cycles[1], 100.0 * roofline[1] / cycles[1], ratio,
                      exact ? "" : "  WRONG");
          ok = ok && exact && ratio <= 1.3;
        }
        return ok;
      });
}
