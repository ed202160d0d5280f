// x * 2 + 1 over f32[16384, 1024] (64 MiB) with pl::pallas_call: a grid of
// row blocks, each fetched into VMEM while the previous one is computed and
// written back. The kernel is HBM-bound; the sample prints the simulated
// cycles and the HBM bytes moved per cycle against the modeled roofline.
//
//   build/bin/pipelined_scale                  report, run and numeric check
//   build/bin/pipelined_scale --rows=2048      a smaller array (rows: multiple of --block)
//   build/bin/pipelined_scale --block=256      rows per block
//   build/bin/pipelined_scale --buffers=N      pl::Buffered{N} on the input instead of
//                                              the compiler's choice (3 buffers on
//                                              both blocks by default: 99.1% of the
//                                              roofline; --buffers=2, the output's
//                                              still 3: 94.8%; 2 on both: 93.0%)
//   build/bin/pipelined_scale --dump=ir        the pipeline as kernel IR
#include <iostream>
#include <string>

#include "dsl/tessera.h"
#include "samples/SampleMain.h"
#include "sim/MachineDesc.h"

using namespace tessera;

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(argc, argv, {"--rows=N", "--block=N", "--buffers=N"});
  int64_t rows = flags.number("rows", 16384), cols = 1024, block = flags.number("block", 512);

  tpu_init::initialize_one_chip();
  auto mesh = make_mesh({1}, {"device"});
  // x's element i; the host copy is dropped once x is in HBM, and the
  // check below reads the result a block of rows at a time, so a 1 GiB x
  // (--rows=262144) costs its two arrays' HBM and little more.
  auto input = [](int64_t i) { return (float)(i % 4099 - 2049) * 0.25f; };
  std::vector<float> data(rows * cols);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = input(i);
  auto x = Array::from_f32(data, {rows, cols});
  std::vector<float>().swap(data);

  auto scale = shard_map(
      {.mesh = mesh, .in_specs = P(), .out_specs = P(), .check_vma = false},
      [&](const Array &x) -> Array {
        pl::BlockSpec in({block, cols}, [](Scalar i) { return std::tuple{i, 0}; });
        in.pipeline_mode = flags.buffered();
        auto kernel = pl::pallas_call(
            [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0 + 1.0; },
            {.out_shape = ShapeDtypeStruct{x.shape(), x.dtype()},
             .grid = {rows / block},
             .in_specs = {in},
             .out_specs = {pl::BlockSpec({block, cols}, [](Scalar i) { return std::tuple{i, 0}; })},
             // One TensorCore: the figures below are one core's (megacore_matmul and
             // megacore_scale run both cores of the chip).
             .debug = {.megacore = false},
             .name = "pipelined_scale",
             .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}},
             .arg_names = {"x_hbm", "o_hbm"},
             .interpret = flags.interpret});
        return kernel(x);
      });

  return samples::report(
      flags, [&] { return compile(scale, x); },
      [&](const Compiled &c) {
        auto out = c.run({x});
        if (!out.ok()) {
          std::cout << "error: " << out.status().message() << "\n";
          return false;
        }
        const auto &run = c.last_run().front().run;
        int64_t cycles = run.cycles + run.drainCycles;
        double bytes = (double)run.dmaBytes;
        double roofline = bytes / machine::kHbmBytesPerCyclePerCore;
        if (!flags.interpret)  // interpret mode runs no cycles
          std::cout << "HBM traffic: " << run.dmaBytes << " bytes in " << cycles
                    << " cycles = " << bytes / cycles << " bytes/cycle; the modeled roofline is "
                    << machine::kHbmBytesPerCyclePerCore << " bytes/cycle (" << (int64_t)roofline
                    << " cycles): " << 100.0 * roofline / cycles << "% of roofline\n";
        for (int64_t r0 = 0; r0 < rows; r0 += block) {
          std::vector<float> want(block * cols);
          for (int64_t i = 0; i < block * cols; ++i)
            want[i] = input(r0 * cols + i) * 2.0f + 1.0f;
          if (!samples::expectEqual(out->front().to_f32(r0, r0 + block), want, r0 * cols))
            return false;
        }
        return true;
      });
}
