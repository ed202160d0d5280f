// Row sums: o[i] = sum_j x[i, j] over f32[rows, cols] as Pallas writes a row
// reduction: a pallas_call over row blocks, o_ref[...] = jnp.sum(x_ref[...],
// axis=-1, keepdims=True) into an f32[rows, 1] output. Each block's sums are
// lane reductions on the XLU (one per 8-row tile and 128-lane column,
// summed in column order); the output's [rows, 1] layout holds one value
// per row. Bit-exact against the host (vmath::reduceAlongLanes per column
// tile, the tiles' sums added in order).
//
//   build/bin/row_sum                    report, run and numeric check
//   build/bin/row_sum --rows=N --cols=N --block=N
#include <iostream>

#include "dsl/tessera.h"
#include "samples/SampleMain.h"
#include "sim/MachineDesc.h"
#include "sim/VectorMath.h"

using namespace tessera;

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(argc, argv, {"--rows=N", "--cols=N", "--block=N"});
  int64_t rows = flags.number("rows", 4096), cols = flags.number("cols", 1024),
          block = flags.number("block", 256);
  if (rows <= 0 || cols <= 0 || cols % machine::kLanes != 0 || block <= 0 || block % 8 != 0 ||
      rows % block != 0) {
    std::cerr << "row_sum: --cols must be a positive multiple of 128, --block a positive "
                 "multiple of 8 dividing --rows\n";
    return 2;
  }
  tpu_init::initialize_one_chip();
  auto mesh = make_mesh({1}, {"device"});
  std::vector<float> data(rows * cols);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = (float)((int64_t)(i * 2654435761u % 1021) - 510) * 0.125f;
  auto x = Array::from_f32(data, {rows, cols});

  auto rowSum = shard_map(
      {.mesh = mesh, .in_specs = P(), .out_specs = P(), .check_vma = false},
      [&](const Array &x) -> Array {
        auto rowBlock = [](Scalar i) { return std::tuple{i, 0}; };
        auto kernel = pl::pallas_call(
            [](Ref x_ref, Ref o_ref) { o_ref[___] = jnp::sum(x_ref[___], -1, true); },
            {.out_shape = ShapeDtypeStruct{{rows, 1}, DType::float32},
             .grid = {rows / block},
             .in_specs = {pl::BlockSpec({block, cols}, rowBlock)},
             .out_specs = {pl::BlockSpec({block, 1}, rowBlock)},
             .debug = {.megacore = false},
             .name = "row_sum",
             .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}},
             .arg_names = {"x_hbm", "o_hbm"},
             .interpret = flags.interpret});
        return kernel(x);
      });

  return samples::report(
      flags, [&] { return compile(rowSum, x); },
      [&](const Compiled &c) {
        auto out = c.run({x});
        if (!out.ok()) {
          std::cout << "error: " << out.status().message() << "\n";
          return false;
        }
        if (!flags.interpret) {
          const auto &run = c.last_run().front().run;
          int64_t cycles = run.cycles + run.drainCycles;
          double roofline = (double)run.dmaBytes / machine::kHbmBytesPerCyclePerCore;
          std::cout << "row_sum f32[" << rows << "," << cols << "], blocks of " << block
                    << " rows: " << cycles << " cycles, " << 100.0 * roofline / (double)cycles
                    << "% of the HBM roofline\n";
        }
        std::vector<float> want(rows);
        for (int64_t r = 0; r < rows; ++r)
          want[r] = vmath::reduceAlongLanes(vmath::ReduceKind::Sum, &data[r * cols], cols);
        return samples::expectEqual(out->front().to_f32(), want);
      });
}
