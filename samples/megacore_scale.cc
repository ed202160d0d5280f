// pipelined_scale (x * 2 + 1 over f32[16384, 1024], 64 MiB, row blocks of
// 512) on one TensorCore and on both TensorCores of the chip in one run.
// The kernel is HBM-bound: a step moves 4 MiB (its block in and out) for
// 256 cycles of vector work. The two cores split the grid's 32 steps
// (parallel axis: 16 each), but they share the chip's HBM path (sim/TIMING.md:
// 1200 GB/s for the chip; one core streaming alone gets all of it, two
// get half each), so the second core adds almost nothing: the run stays
// at the HBM roofline of the chip. The sample prints both cycle counts,
// the speedup and the fraction of the chip's HBM roofline each reaches.
// Megacore pays for compute-bound kernels (megacore_matmul), not for this.
//
//   build/bin/megacore_scale                  both runs and the numeric checks
//   build/bin/megacore_scale --rows=2048      a smaller array (rows: multiple of --block)
//   build/bin/megacore_scale --block=256      rows per block
#include <iostream>

#include "dsl/tessera.h"
#include "samples/SampleMain.h"
#include "sim/MachineDesc.h"

using namespace tessera;

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(argc, argv, {"--rows=N", "--block=N"});
  int64_t rows = flags.number("rows", 16384), cols = 1024, block = flags.number("block", 512);

  tpu_init::initialize_one_chip();
  auto mesh = make_mesh({1}, {"device"});
  std::vector<float> data(rows * cols);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = (float)(int64_t(i % 4099) - 2049) * 0.25f;
  auto x = Array::from_f32(data, {rows, cols});
  std::vector<float> want(data.size());
  for (size_t i = 0; i < data.size(); ++i)
    want[i] = data[i] * 2.0f + 1.0f;

  auto scaleOn = [&](bool megacore) {
    return shard_map(
        {.mesh = mesh, .in_specs = P(), .out_specs = P(), .check_vma = false},
        [=, &flags](const Array &x) -> Array {
          auto kernel = pl::pallas_call(
              [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0 + 1.0; },
              {.out_shape = ShapeDtypeStruct{x.shape(), x.dtype()},
               .grid = {rows / block},
               .in_specs = {pl::BlockSpec({block, cols},
                                          [](Scalar i) { return std::tuple{i, 0}; })},
               .out_specs = {pl::BlockSpec({block, cols},
                                           [](Scalar i) { return std::tuple{i, 0}; })},
               .debug = {.megacore = megacore},
               .name = megacore ? "megacore_scale" : "one_core_scale",
               .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}},
               .arg_names = {"x_hbm", "o_hbm"},
               .interpret = flags.interpret});
          return kernel(x);
        });
  };
  auto two = scaleOn(true), one = scaleOn(false);

  return samples::report(
      flags, [&] { return compile(two, x); },
      [&](const Compiled &c2) {
        Compiled c1 = compile(one, x);
        bool ok = true;
        int64_t cycles[2] = {0, 0}, bytes = 0;
        for (int run = 0; run < 2; ++run) {
          bool exact = false;
          auto launch = samples::runAndCompare(run == 0 ? "one core" : "two cores",
                                               run == 0 ? c1 : c2, {x}, want, exact);
          if (!launch)
            return false;
          // The launch's bytes: both cores' on two.
          cycles[run] = launch->run.cycles + launch->run.drainCycles;
          bytes = launch->run.dmaBytes;
          ok = exact && ok;
        }
        if (flags.interpret)  // interpret mode runs no cycles
          return ok;
        double roofline = (double)bytes / machine::kHbmBytesPerCyclePerCore;
        std::cout << "megacore_scale f32[" << rows << "," << cols << "], blocks of " << block
                  << " rows, " << bytes << " bytes of HBM traffic (the chip's roofline: "
                  << (int64_t)roofline << " cycles):\n"
                  << "  one core:  " << cycles[0] << " cycles, " << 100.0 * roofline / cycles[0]
                  << "% of the HBM roofline\n"
                  << "  two cores: " << cycles[1] << " cycles, " << 100.0 * roofline / cycles[1]
                  << "% of the HBM roofline\n"
                  << "  speedup: " << (double)cycles[0] / cycles[1] << "x\n";
        return ok;
      });
}
