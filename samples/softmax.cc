// Row softmax of f32[256, 1024] with the max subtracted first (the numerically
// stable form every attention kernel uses), as a pl::pallas_call over blocks
// of rows. Each grid step gets a [block, 1024] block in VMEM and walks it 8
// rows (one vreg row of tiles) at a time, so that a row group's 8 tiles stay
// in registers: the row max on the cross-lane unit, exp on the EUP, the row
// sum on the cross-lane unit, then an IEEE divide.
//
// Defaults (measured, cycles): blocks of 32 rows with the 8-row loop
// unrolled 4 times, 4,219 (the compiler gives the blocks 3 buffers: a
// step's ~360 cycles are shorter than its blocks' 615-cycle DMA round
// trip; 4,967 with 2). The HBM roofline is ~1.8k cycles (2 MiB); a step is
// the latency chain of an 8-row group (max on the XLU, then exp, the sum
// on the XLU again, then the divides), which unrolling overlaps only a
// little.
//
// Rows of any width: --cols=129 pads each row to two lane tiles (the
// second holding one lane): the reductions replace its padding lanes
// (one vsel each) and the stores mask them (vst.msk); it costs what the
// padded width does plus the masks (3,544 cycles; 128 columns 3,064, 256
// columns 3,479), not a scalarized loop.
//
// The numeric check is bit-exact: the host reference computes each row the
// way the chip does (sim/VectorMath.h): the row's lane tiles combined
// elementwise in order (t0 op t1 op ... op t7, the last one's padding the
// neutral element), then the lane butterfly (vmath::reduceAlongLanes); exp
// is vmath::exp; the divide is the IEEE quotient.
//
//   build/bin/softmax                   report, run and numeric check
//   build/bin/softmax --block=64        rows per grid step (multiple of 8)
//   build/bin/softmax --unroll=1        copies of the 8-row loop body
//   build/bin/softmax --buffers=N       pl::Buffered{N} on the x and o blocks
//                                       (an output's write-backs rotate
//                                       through them too) instead of the
//                                       compiler's choice: 2 4,967 cycles,
//                                       3 4,219
//   build/bin/softmax --rows=512 --cols=129  another shape (rows a multiple
//                                       of the block; any columns)
//   build/bin/softmax --dump=listing    the machine listing alone
#include <cmath>
#include <iostream>
#include <string>

#include "dsl/tessera.h"
#include "samples/SampleMain.h"
#include "samples/SoftmaxReference.h"
#include "sim/VectorMath.h"

using namespace tessera;

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(argc, argv,
                                   {"--block=N", "--unroll=N", "--rows=N", "--cols=N", "--buffers=N"});
  int64_t block = flags.number("block", 32);
  int unroll = (int)flags.number("unroll", 4);
  const int64_t numRows = flags.number("rows", 256), numCols = flags.number("cols", 1024);
  if (block < 8 || block % 8 != 0 || numRows < block || numRows % block != 0 || numCols < 1) {
    std::cerr << "--block must be a multiple of 8 and divide --rows; --cols at least 1\n";
    return 2;
  }

  tpu_init::initialize_one_chip();
  auto mesh = make_mesh({1}, {"device"});
  std::vector<float> data = samples::softmaxInput(numRows, numCols);
  auto x = Array::from_f32(data, {numRows, numCols});

  pl::BlockSpec rowSpec({block, numCols}, [](Scalar i) { return std::tuple{i, 0}; });
  rowSpec.pipeline_mode = flags.buffered();
  auto softmax = shard_map(
      {.mesh = mesh, .in_specs = P(), .out_specs = P(), .check_vma = false},
      [&](const Array &x) -> Array {
        auto kernel = pl::pallas_call(
            [block, unroll](Ref x_ref, Ref o_ref) {
              pl::loop(0, block / 8, 1, {.unroll = unroll})([&](Scalar g) {
                auto rows = pl::ds(pl::multiple_of(g * 8, 8), 8);
                Value s = x_ref[rows];
                Value e = jnp::exp(s - jnp::max(s, 1, /*keepdims=*/true));
                o_ref[rows] = e / jnp::sum(e, 1, /*keepdims=*/true);
              });
            },
            {.out_shape = ShapeDtypeStruct{x.shape(), x.dtype()},
             .grid = {numRows / block},
             .in_specs = {rowSpec},
             .out_specs = {rowSpec},
             // One TensorCore: the figures below are one core's (megacore_matmul and
             // megacore_scale run both cores of the chip).
             .debug = {.megacore = false},
             .name = "softmax",
             .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}},
             .arg_names = {"x_hbm", "o_hbm"},
             .interpret = flags.interpret});
        return kernel(x);
      });

  return samples::report(
      flags, [&] { return compile(softmax, x); },
      [&](const Compiled &c) {
        auto out = c.run({x});
        if (!out.ok()) {
          std::cout << "error: " << out.status().message() << "\n";
          return false;
        }
        const auto &run = c.last_run().front().run;
        if (!flags.interpret)  // interpret mode runs no cycles
          std::cout << "softmax f32[" << numRows << "," << numCols << "], blocks of " << block
                    << " rows: " << run.cycles << " cycles\n";
        std::vector<float> want = samples::softmaxReference(data, numRows, numCols);
        std::vector<float> got = out->front().to_f32();
        // Sanity beyond bit equality: every row sums to 1 within f32 rounding.
        double worst = 0;
        for (int64_t r = 0; r < numRows; ++r) {
          double sum = 0;
          for (int64_t c = 0; c < numCols; ++c)
            sum += got[r * numCols + c];
          worst = std::max(worst, std::fabs(sum - 1.0));
        }
        std::cout << "largest |row sum - 1|: " << worst << "\n";
        return samples::expectEqual(got, want) && worst < 1e-5;
      });
}
