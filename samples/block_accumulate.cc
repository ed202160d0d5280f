// An output block accumulated over the innermost grid axis (Pallas'
// reduction pattern): x is K stacked [M, N] arrays, o = their sum. The grid
// is (M / bm, N / bn, K); o's block index does not depend on k, so the
// pipeline keeps the block in VMEM across the K steps and writes it back
// once, after the last. pl::when(pl::program_id(2) == 0) zeroes it first.
//
//   build/bin/block_accumulate            report, run and numeric check
//   build/bin/block_accumulate --dump=ir  the pipeline and the pl::when as kernel IR
#include <iostream>

#include "dsl/tessera.h"
#include "samples/SampleMain.h"

using namespace tessera;

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(argc, argv);
  constexpr int64_t K = 4, M = 256, N = 512, bm = 128, bn = 256;

  tpu_init::initialize_one_chip();
  auto mesh = make_mesh({1}, {"device"});
  std::vector<float> data(K * M * N);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = (float)(int64_t(i * 7 % 1001) - 500);
  auto x = Array::from_f32(data, {K * M, N});

  auto sum = shard_map(
      {.mesh = mesh, .in_specs = P(), .out_specs = P(), .check_vma = false},
      [&](const Array &x) -> Array {
        auto kernel = pl::pallas_call(
            [](Ref x_ref, Ref o_ref) {
              pl::when(pl::program_id(2) == 0, [&] { o_ref[___] = 0.0; });
              o_ref[___] = o_ref[___] + x_ref[___];
            },
            {.out_shape = ShapeDtypeStruct{{M, N}, x.dtype()},
             .grid = {M / bm, N / bn, K},
             .in_specs = {pl::BlockSpec(
                 {bm, bn},
                 [](Scalar i, Scalar j, Scalar k) { return std::tuple{k * (M / bm) + i, j}; })},
             .out_specs = {pl::BlockSpec(
                 {bm, bn}, [](Scalar i, Scalar j, Scalar) { return std::tuple{i, j}; })},
             // One TensorCore: the figures below are one core's (megacore_matmul and
             // megacore_scale run both cores of the chip).
             .debug = {.megacore = false},
             .name = "block_accumulate",
             .compiler_params = {.dimension_semantics = {pltpu::PARALLEL, pltpu::PARALLEL,
                                                         pltpu::ARBITRARY}},
             .arg_names = {"x_hbm", "o_hbm"},
             .interpret = flags.interpret});
        return kernel(x);
      });

  return samples::report(
      flags, [&] { return compile(sum, x); },
      [&](const Compiled &c) {
        auto out = c.run({x});
        if (!out.ok()) {
          std::cout << "error: " << out.status().message() << "\n";
          return false;
        }
        std::vector<float> want(M * N, 0.0f);
        for (int64_t k = 0; k < K; ++k)
          for (int64_t i = 0; i < M * N; ++i)
            want[i] = want[i] + data[k * M * N + i];
        return samples::expectEqual(out->front().to_f32(), want);
      });
}
