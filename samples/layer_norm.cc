// Layer normalization of f32[512, 1024] over the last axis with a learned
// scale and bias and eps = 1e-5, as a pl::pallas_call over blocks of rows:
//
//   y = (x - mean(x)) * rsqrt(var(x) + eps) * scale + bias
//
// mean and var are lane reductions (cross-lane unit) divided by 1024; rsqrt
// runs on the EUP. scale and bias are two f32[1, 1024] inputs (stored as
// XLA pads T(8,128): 8 rows per tile, row 0 the data), each a whole-array
// block fetched once by one strided DMA; the kernel reads each as a
// [1, 1024] value (scale_ref[pl::ds(0, 1)]) that broadcasts over the rows.
// A grid step walks its block 8 rows at a time.
//
// Defaults (measured, cycles): blocks of 64 rows, the 8-row loop unrolled 4
// times, 10,489 (2 buffers: a step outlasts its blocks' DMAs); (64, 1)
// 10,921, (32, 4) 9,911 (3 buffers, the compiler's choice), (128, 4)
// 10,989. The HBM
// roofline is ~3.7k cycles (4 MiB); an 8-row group is a chain of two lane
// reductions (24 cycles each on the XLU), two divides, an rsqrt and the
// elementwise ops, and the groups overlap only a little.
//
// The numeric check is bit-exact: the host reference computes each row in
// the chip's order (sim/VectorMath.h): a row's 8 lane tiles summed
// elementwise in order, then the lane butterfly (vmath::reduceAlongLanes); the
// divide by 1024 (exact); vmath::rsqrt; then ((x - mean) * inv) * scale +
// bias, each op rounded to f32.
//
//   build/bin/layer_norm                 report, run and numeric check
//   build/bin/layer_norm --block=32      rows per grid step (multiple of 8)
//   build/bin/layer_norm --unroll=1      copies of the 8-row loop body
//   build/bin/layer_norm --buffers=N     pl::Buffered{N} on the x and o blocks
//                                        instead of the compiler's choice (3:
//                                        10,836 cycles at 64-row blocks, against
//                                        10,489 with 2: the steps outlast a DMA)
//   build/bin/layer_norm --dump=listing  the machine listing alone
#include <cmath>
#include <iostream>
#include <string>

#include "dsl/tessera.h"
#include "samples/SampleMain.h"
#include "sim/VectorMath.h"

using namespace tessera;

namespace {

constexpr int64_t kRows = 512, kCols = 1024;
constexpr double kEps = 1e-5;

}  // namespace

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(argc, argv, {"--block=N", "--unroll=N", "--buffers=N"});
  int64_t block = flags.number("block", 64);
  int unroll = (int)flags.number("unroll", 4);

  tpu_init::initialize_one_chip();
  auto mesh = make_mesh({1}, {"device"});
  std::vector<float> data(kRows * kCols), scale(kCols), bias(kCols);
  for (int64_t r = 0; r < kRows; ++r)
    for (int64_t c = 0; c < kCols; ++c)
      data[r * kCols + c] =
          (float)((r * 131 + c * 7) % 251) * 0.03125f - 4.0f + (float)(r % 5) * 2.5f;
  for (int64_t c = 0; c < kCols; ++c) {
    scale[c] = 0.5f + (float)(c % 17) * 0.0625f;
    bias[c] = (float)(c % 13) * 0.125f - 0.75f;
  }
  auto x = Array::from_f32(data, {kRows, kCols});
  auto s = Array::from_f32(scale, {1, kCols});
  auto b = Array::from_f32(bias, {1, kCols});

  auto layer_norm = shard_map(
      {.mesh = mesh, .in_specs = P(), .out_specs = P(), .check_vma = false},
      [&](const Array &x, const Array &s, const Array &b) -> Array {
        auto rowBlock = pl::BlockSpec({block, kCols}, [](Scalar i) { return std::tuple{i, 0}; });
        rowBlock.pipeline_mode = flags.buffered();
        auto whole = pl::BlockSpec({1, kCols}, [](Scalar) { return std::tuple{0, 0}; });
        auto kernel = pl::pallas_call(
            [block, unroll](Ref x_ref, Ref scale_ref, Ref bias_ref, Ref o_ref) {
              Value gamma = scale_ref[pl::ds(0, 1)], beta = bias_ref[pl::ds(0, 1)];
              pl::loop(0, block / 8, 1, {.unroll = unroll})([&](Scalar i) {
                auto rows = pl::ds(pl::multiple_of(i * 8, 8), 8);
                Value v = x_ref[rows];
                Value mean = jnp::sum(v, 1, /*keepdims=*/true) / (double)kCols;
                Value xc = v - mean;
                Value var = jnp::sum(xc * xc, 1, /*keepdims=*/true) / (double)kCols;
                Value inv = lax::rsqrt(var + kEps);
                o_ref[rows] = xc * inv * gamma + beta;
              });
            },
            {.out_shape = ShapeDtypeStruct{x.shape(), x.dtype()},
             .grid = {kRows / block},
             .in_specs = {rowBlock, whole, whole},
             .out_specs = {rowBlock},
             // One TensorCore: the figures below are one core's (megacore_matmul and
             // megacore_scale run both cores of the chip).
             .debug = {.megacore = false},
             .name = "layer_norm",
             .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}},
             .arg_names = {"x_hbm", "scale_hbm", "bias_hbm", "o_hbm"},
             .interpret = flags.interpret});
        return kernel(x, s, b);
      });

  return samples::report(
      flags, [&] { return compile(layer_norm, x, s, b); },
      [&](const Compiled &c) {
        auto out = c.run({x, s, b});
        if (!out.ok()) {
          std::cout << "error: " << out.status().message() << "\n";
          return false;
        }
        const auto &run = c.last_run().front().run;
        if (!flags.interpret)  // interpret mode runs no cycles
          std::cout << "layer_norm f32[" << kRows << "," << kCols << "], blocks of " << block
                    << " rows: " << run.cycles << " cycles\n";
        std::vector<float> want(data.size()), xc(kCols), sq(kCols);
        for (int64_t r = 0; r < kRows; ++r) {
          const float *row = &data[r * kCols];
          float sum = vmath::reduceAlongLanes(vmath::ReduceKind::Sum, row, kCols);
          float mean = vmath::divF32(sum, (float)kCols);
          for (int64_t c = 0; c < kCols; ++c) {
            xc[c] = row[c] - mean;
            sq[c] = xc[c] * xc[c];
          }
          float sumSq = vmath::reduceAlongLanes(vmath::ReduceKind::Sum, sq.data(), kCols);
          float var = vmath::divF32(sumSq, (float)kCols);
          float inv = vmath::rsqrt(var + (float)kEps);
          for (int64_t c = 0; c < kCols; ++c) {
            // One f32 rounding per op, as the chip (no contraction to FMA).
            float t = xc[c] * inv;
            t = t * scale[c];
            want[r * kCols + c] = t + bias[c];
          }
        }
        std::vector<float> got = out->front().to_f32();
        // Beyond bit equality: (y - bias) / scale has mean ~0 and variance
        // ~1 in every row.
        double worstMean = 0, worstVar = 0;
        for (int64_t r = 0; r < kRows; ++r) {
          double s = 0, s2 = 0;
          for (int64_t c = 0; c < kCols; ++c) {
            double z = ((double)got[r * kCols + c] - bias[c]) / scale[c];
            s += z;
            s2 += z * z;
          }
          double m = s / kCols;
          worstMean = std::max(worstMean, std::fabs(m));
          worstVar = std::max(worstVar, std::fabs(s2 / kCols - m * m - 1.0));
        }
        std::cout << "normalized rows: largest |mean| " << worstMean << ", largest |var - 1| "
                  << worstVar << "\n";
        return samples::expectEqual(got, want) && worstMean < 1e-4 && worstVar < 1e-3;
      });
}
