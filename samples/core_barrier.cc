// Two TensorCores exchanging partial sums (issue 21's core_barrier): a
// pl::kernel over pltpu::TensorCoreMesh{"tc", 2} in which core c sums its
// half of the rows of x f32[R, 512] (8-row tiles added elementwise, in row
// order, into an [8, 512] accumulator), writes its partial to HBM by a
// VMEM -> HBM DMA, meets the other core at pltpu::core_barrier (REGULAR
// semaphores: each core signals the other's and waits for the other's
// signal), fetches the other core's partial and writes partial_0 +
// partial_1 into its rows of the output. Without the barrier a core could
// read the other's partial before it is written; the barrier orders the
// write before the read. Both halves of the output equal the host's sum
// bit for bit.
//
//   build/bin/core_barrier                 the listing, the run and the check
//   build/bin/core_barrier --rows=8192     more rows (a multiple of 128)
//   build/bin/core_barrier --interpret     the cores interleaved in interpret mode, with
//                                          its race detector (detect_races)
//   build/bin/core_barrier --no-barrier    without the barrier: the simulator (and the
//                                          interpreter, with --interpret) stops the
//                                          launch at the cross-core race (both lines)
#include <algorithm>
#include <iostream>

#include "dsl/tessera.h"
#include "samples/SampleMain.h"

using namespace tessera;

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(argc, argv, {"--rows=N", "--no-barrier"});
  const int64_t rows = flags.number("rows", 4096), cols = 512, block = 64;
  const int64_t half = rows / 2;
  const bool barrierOn = !flags.has("no-barrier");

  tpu_init::initialize_one_chip();
  auto mesh = make_mesh({1}, {"device"});
  std::vector<float> data(rows * cols);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = (float)((int64_t)(i * 2654435761u % 1021) - 510) * 0.125f;
  auto x = Array::from_f32(data, {rows, cols});

  auto sums = shard_map(
      {.mesh = mesh, .in_specs = P(), .out_specs = P(), .check_vma = false},
      [&](const Array &x) -> Array {
        auto kernel = pl::kernel(
            {.out_type = {ShapeDtypeStruct{{16, cols}, DType::float32},
                          ShapeDtypeStruct{{16, cols}, DType::float32}},
             .mesh = pltpu::TensorCoreMesh{"tc", 2},
             .scratch_types = {pltpu::VMEM({block, cols}, DType::float32),
                               pltpu::VMEM({8, cols}, DType::float32),
                               pltpu::VMEM({8, cols}, DType::float32), pltpu::SemaphoreType::DMA,
                               pltpu::SemaphoreType::REGULAR},
             .name = "core_barrier",
             .arg_names = {"x_hbm", "o_hbm", "partials_hbm", "blk", "acc", "theirs", "dma",
                           "barrier"},
             .interpret = flags.interpret ? pltpu::Interpret(pltpu::InterpretParams{
                                                .detect_races = true})
                                          : pltpu::Interpret(false)},
            [=, &barrierOn](Ref x_hbm, Ref o_hbm, Ref partials_hbm, Ref blk, Ref acc, Ref theirs, Ref dma,
                Ref barrier) {
              Scalar c = lax::axis_index("tc");
              // This core's partial sum of its half of the rows.
              acc[___] = 0.0;
              pl::loop(0, half / block)([&](Scalar b) {
                Scalar row = pl::multiple_of(c * half + b * block, block);
                pltpu::async_copy(x_hbm.at(pl::ds(row, block)), blk, dma).wait();
                for (int64_t t = 0; t < block; t += 8)
                  acc[___] = acc[___] + blk[pl::ds(t, 8)];
              });
              Scalar mine = pl::multiple_of(c * 8, 8), other = pl::multiple_of((1 - c) * 8, 8);
              pltpu::async_copy(acc, partials_hbm.at(pl::ds(mine, 8)), dma).wait();
              // Both partials are in HBM once both cores pass the barrier.
              if (barrierOn)
                pltpu::core_barrier(barrier, "tc");
              pltpu::async_copy(partials_hbm.at(pl::ds(other, 8)), theirs, dma).wait();
              acc[___] = acc[___] + theirs[___];
              pltpu::async_copy(acc, o_hbm.at(pl::ds(mine, 8)), dma).wait();
            });
        return kernel(x);
      });

  return samples::report(
      flags, [&] { return compile(sums, x); },
      [&](const Compiled &c) {
        auto out = c.run({x});
        if (!out.ok()) {
          std::cout << "error: " << out.status().message() << "\n";
          return false;
        }
        // The host: each core's partial in its order, then p0 + p1.
        std::vector<float> partial[2];
        for (int core = 0; core < 2; ++core) {
          partial[core].assign(8 * cols, 0.0f);
          for (int64_t r = core * half; r < (core + 1) * half; ++r)
            for (int64_t k = 0; k < cols; ++k)
              partial[core][(r % 8) * cols + k] += data[r * cols + k];
        }
        std::vector<float> want(16 * cols);
        for (int64_t i = 0; i < 8 * cols; ++i)
          want[i] = want[i + 8 * cols] = partial[0][i] + partial[1][i];
        if (!flags.interpret) {
          const runtime::LaunchStats &launch = c.last_run().front();
          std::cout << "core_barrier f32[" << rows << "," << cols << "] on 2 TensorCores: "
                    << launch.run.cycles << " cycles (core 0: " << launch.cores[0].cycles
                    << ", core 1: " << launch.cores[1].cycles << ")\n";
        }
        return samples::expectEqual(out->front().to_f32(), want);
      });
}
