// Batched attention, softmax(q k^T / sqrt(D)) v, over rank-3 arrays: q, k
// and v are bf16[B, S, D] (B heads or batch entries, S = 128 positions, D =
// 128), the output f32[B, S, D]. A pl::pallas_call over blocks of `bb`
// whole matrices (pl::BlockSpec({bb, S, D}, ...): the leading dimension is
// the one the grid walks); the body works on rank-3 values:
//
//   s = lax::dot_general(q, k, {{2}, {2}}, {{0}, {0}})   [bb, S, S]: q @ k.T per matrix
//   p = jnp::exp(s - jnp::max(s, -1, true))            the row max on the XLU, exp on the EUP
//   o = lax::dot_general(p.astype(bf16), v, {{2}, {1}}, {{0}, {0}}) / jnp::sum(p, -1, true)
//
// Both products run on the MXUs, one per matrix (k pushed transposed as the
// weights of q @ k.T, v as they are); the inputs are fetched with
// pl::Buffered{3}, two steps ahead. The sample prints the simulated cycles
// and the MXU share: 2 B S^2 D MACs at 4 x 128 x 128 MACs per cycle.
//
// The numeric check is bit-exact: the host reference computes what the
// kernel computes, in its order (sim/VectorMath.h): each score is one MXU
// pass (bf16 products exact, summed in double, rounded once to f32), scaled
// in f32; the row max and sum are vmath::reduceAlongLanes; exp is
// vmath::exp; p rounds to bf16 before the second pass; the divide is the
// IEEE quotient.
//
//   build/bin/attention                  report, run and numeric check
//   build/bin/attention --batch=8 --bb=4 B matrices, bb per grid step
//   build/bin/attention --batch=2 --heads=4  rank-4 arrays [B, H, S, D],
//                                        blocks {pl::Squeezed, 1, S, D} over a
//                                        (B, H) grid (one matrix a step, as --bb=1)
//   build/bin/attention --dump=listing   the machine listing alone
#include <algorithm>
#include <cmath>
#include <optional>
#include <iostream>
#include <string>

#include "dsl/tessera.h"
#include "samples/SampleMain.h"
#include "sim/MachineDesc.h"
#include "sim/VectorMath.h"

using namespace tessera;

namespace {

constexpr int64_t kS = 128, kD = 128;
constexpr int64_t kMxu = machine::kMxuDim;

/// The kernel's result on the host, in its rounding order (see the file
/// comment). q, k, v are [B, S, D] of bf16 values.
std::vector<float> reference(const std::vector<float> &q, const std::vector<float> &k,
                             const std::vector<float> &v, int64_t batch, float scale) {
  std::vector<float> out(batch * kS * kD);
  std::vector<float> kT(kD * kS), w(kS * kD), s(kS), p(kS);
  for (int64_t b = 0; b < batch; ++b) {
    const float *qb = &q[b * kS * kD], *kb = &k[b * kS * kD], *vb = &v[b * kS * kD];
    // The weights of q @ k.T: k transposed, [D, S].
    for (int64_t j = 0; j < kS; ++j)
      for (int64_t d = 0; d < kD; ++d)
        kT[d * kS + j] = kb[j * kD + d];
    for (int64_t i = 0; i < kS; ++i) {
      auto scores = vmath::mxuPass(&qb[i * kD], kT.data());
      for (int64_t j = 0; j < kS; ++j)
        s[j] = scores[j] * scale;
      float m = vmath::reduceAlongLanes(vmath::ReduceKind::Max, s.data(), kS);
      for (int64_t j = 0; j < kS; ++j)
        p[j] = vmath::exp(s[j] - m);
      float l = vmath::reduceAlongLanes(vmath::ReduceKind::Sum, p.data(), kS);
      std::vector<float> pb(kS);
      for (int64_t j = 0; j < kS; ++j)
        pb[j] = vmath::roundBf16(p[j]);
      auto o = vmath::mxuPass(pb.data(), vb);
      for (int64_t d = 0; d < kD; ++d)
        out[(b * kS + i) * kD + d] = vmath::divF32(o[d], l);
    }
  }
  (void)w;
  return out;
}

}  // namespace

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(argc, argv, {"--batch=N", "--bb=N", "--heads=N"});
  int64_t batch = flags.number("batch", 8), bb = flags.number("bb", 2);
  // --heads=H: rank-4 arrays [B, H, S, D], one head's matrix a grid step.
  int64_t heads = std::max<int64_t>(flags.number("heads", 0), 0);
  if (bb < 1 || batch % bb != 0 || heads)
    bb = 1;
  int64_t matrices = batch * std::max<int64_t>(heads, 1);
  Shape shape = heads ? Shape{batch, heads, kS, kD} : Shape{batch, kS, kD};
  const float scale = 1.0f / std::sqrt((float)kD);

  tpu_init::initialize_one_chip();
  auto mesh = make_mesh({1}, {"device"});
  // Small multiples of 1/16 (exact in bf16), different per matrix.
  auto make = [&](uint32_t salt) {
    std::vector<float> x(matrices * kS * kD);
    for (int64_t i = 0; i < (int64_t)x.size(); ++i)
      x[i] = vmath::roundBf16((float)((int64_t)((i * 2654435761u + salt) % 61) - 30) / 16.0f);
    return x;
  };
  std::vector<float> qs = make(1), ks = make(7), vs = make(13);
  auto q = Array::from_f32(qs, shape, DType::bfloat16);
  auto k = Array::from_f32(ks, shape, DType::bfloat16);
  auto v = Array::from_f32(vs, shape, DType::bfloat16);

  auto attention = shard_map(
      {.mesh = mesh, .in_specs = P(), .out_specs = P(), .check_vma = false},
      [&](const Array &q, const Array &k, const Array &v) -> Array {
        auto block = [&](Scalar b) { return std::tuple{b, 0, 0}; };
        // Rank 4: the batch index squeezed, one head a step; the body sees
        // [1, S, D], as a rank-3 block of one matrix.
        auto head = [&](Scalar b, Scalar h) { return std::tuple{b, h, 0, 0}; };
        auto spec = [&](std::optional<pl::Buffered> buffered) {
          if (heads)
            return buffered ? pl::BlockSpec({pl::Squeezed, 1, kS, kD}, head, *buffered)
                            : pl::BlockSpec({pl::Squeezed, 1, kS, kD}, head);
          return buffered ? pl::BlockSpec({bb, kS, kD}, block, *buffered)
                          : pl::BlockSpec({bb, kS, kD}, block);
        };        auto kernel = pl::pallas_call(
            [scale](Ref q_ref, Ref k_ref, Ref v_ref, Ref o_ref) {
              jnp::DotOptions f32{.preferred_element_type = DType::float32};
              Value s = lax::dot_general(q_ref[___], k_ref[___], {{2}, {2}}, {{0}, {0}}, f32) *
                        scale;
              Value p = jnp::exp(s - jnp::max(s, -1, true));
              Value o = lax::dot_general(p.astype(DType::bfloat16), v_ref[___], {{2}, {1}},
                                         {{0}, {0}}, f32);
              o_ref[___] = o / jnp::sum(p, -1, true);
            },
            {.out_shape = ShapeDtypeStruct{shape, DType::float32},
             .grid = heads ? pl::Grid{batch, heads} : pl::Grid{batch / bb},
             .in_specs = {spec(pl::Buffered{3}), spec(pl::Buffered{3}), spec(pl::Buffered{3})},
             .out_specs = {spec(std::nullopt)},
             // One TensorCore: the figures below are one core's (megacore_matmul and
             // megacore_scale run both cores of the chip).
             .debug = {.megacore = false},
             .name = "attention",
             .compiler_params = {.dimension_semantics =
                                     heads ? std::vector{pltpu::PARALLEL, pltpu::PARALLEL}
                                           : std::vector{pltpu::PARALLEL}},
             .arg_names = {"q_hbm", "k_hbm", "v_hbm", "o_hbm"},
             .interpret = flags.interpret});
        return kernel(q, k, v);
      });

  return samples::report(
      flags, [&] { return compile(attention, q, k, v); },
      [&](const Compiled &c) {
        auto out = c.run({q, k, v});
        if (!out.ok()) {
          std::cout << "error: " << out.status().message() << "\n";
          return false;
        }
        const auto &run = c.last_run().front().run;
        int64_t peak = 2 * matrices * kS * kS * kD / (machine::kNumMxus * kMxu * kMxu);
        if (!flags.interpret)  // interpret mode runs no cycles
          std::cout << "attention " << to_string(ShapeDtypeStruct{shape, DType::bfloat16}) << ", " << bb
                    << " matrices per step: " << run.cycles << " cycles; MXU peak " << peak
                    << " cycles: " << 100.0 * (double)peak / (double)run.cycles << "% of peak\n";
        return samples::expectEqual(out->front().to_f32(),
                                    reference(qs, ks, vs, matrices, scale));
      });
}
