// Rows gathered by indices held in SMEM, as paged attention fetches pages:
// PrefetchScalarGridSpec puts `idx` in SMEM before the grid starts, and the
// input's index map reads it, so step g fetches block idx[g] of x. A block
// fetched for step g is fetched again only when idx[g + 1] differs.
//
//   build/bin/scalar_prefetch_gather            report, run and numeric check
//   build/bin/scalar_prefetch_gather --dump=ir  the index map's SMEM reads in the pipeline
#include <iostream>

#include "dsl/tessera.h"
#include "samples/SampleMain.h"

using namespace tessera;

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(argc, argv);
  constexpr int64_t pages = 16, pageRows = 8, cols = 256;
  const std::vector<int32_t> idx = {3, 3, 0, 15, 7, 7, 7, 1, 3, 12};
  const int64_t G = idx.size();

  tpu_init::initialize_one_chip();
  auto mesh = make_mesh({1}, {"device"});
  std::vector<float> data(pages * pageRows * cols);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = (float)i;
  auto x = Array::from_f32(data, {pages * pageRows, cols});
  auto indices = Array::from_s32(idx, {G});

  auto gather = shard_map(
      {.mesh = mesh, .in_specs = P(), .out_specs = P(), .check_vma = false},
      [&](const Array &indices, const Array &x) -> Array {
        auto kernel = pl::pallas_call(
            [](Ref idx_smem, Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] + 0.5; },
            {.out_shape = ShapeDtypeStruct{{G * pageRows, cols}, x.dtype()},
             .grid_spec = pltpu::PrefetchScalarGridSpec{
                 .num_scalar_prefetch = 1,
                 .grid = {G},
                 .in_specs = {pl::BlockSpec({pageRows, cols},
                                            [](Scalar g, Ref idx_smem) {
                                              return std::tuple{Scalar(idx_smem[g]), 0};
                                            })},
                 .out_specs = {pl::BlockSpec({pageRows, cols},
                                             [](Scalar g, Ref) { return std::tuple{g, 0}; })}},
             .name = "scalar_prefetch_gather",
             .arg_names = {"idx_smem", "x_hbm", "o_hbm"},
             .interpret = flags.interpret});
        return kernel(indices, x);
      });

  return samples::report(
      flags, [&] { return compile(gather, indices, x); },
      [&](const Compiled &c) {
        auto out = c.run({indices, x});
        if (!out.ok()) {
          std::cout << "error: " << out.status().message() << "\n";
          return false;
        }
        const auto &run = c.last_run().front().run;
        if (!flags.interpret)  // interpret mode runs no cycles
          std::cout << "DMAs issued: " << run.dmasIssued << " (" << G
                    << " output blocks, and an input block only when idx changes)\n";
        std::vector<float> want;
        for (int64_t g = 0; g < G; ++g)
          for (int64_t r = 0; r < pageRows * cols; ++r)
            want.push_back(data[idx[g] * pageRows * cols + r] + 0.5f);
        return samples::expectEqual(out->front().to_f32(), want);
      });
}
