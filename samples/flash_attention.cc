// Flash attention, forward, as Pallas' TPU kernel writes it
// (jax/experimental/pallas/ops/tpu/flash_attention.py): softmax(q k^T *
// scale) v over bf16 q, k, v of [S, D], without ever holding the [S, S]
// scores. A pl::pallas_call over (q blocks, kv blocks), (parallel,
// arbitrary); for one q block the kv blocks stream by, and f32 scratch
// carries the online softmax across them: m (the running row max), l (the
// running row sum) and acc (the unnormalized output), m and l one value
// per row repeated across the 128 lanes, as Pallas keeps them:
//
//   j == 0:     m = -inf, l = 0, acc = 0
//   every j:    s = q @ k_j^T * scale                  [bq, bk] on the MXUs
//               m_next = max(m, rowmax(s)); alpha = exp(m - m_next)
//               p = exp(s - m_next); l = alpha * l + rowsum(p)
//               acc = acc * alpha + p.astype(bf16) @ v_j
//   j == last:  o = acc / l
//
// The sample prints the simulated cycles, the MXU share (2 S^2 D MACs at
// 4 x 128 x 128 MACs per cycle), and the busiest unit per the profile.
//
// The numeric check is bit-exact: the host reference computes what the
// kernel computes, in its order (sim/VectorMath.h): each score one MXU pass
// (bf16 products exact, summed in double, rounded once to f32), the row max
// and sum vmath::reduceAlongLanes, exp vmath::exp, p rounded to bf16 before
// its pass with v, every other step one f32 operation.
//
//   build/bin/flash_attention                 report, run and numeric check
//   build/bin/flash_attention --seq=1024      S (a multiple of the blocks)
//   build/bin/flash_attention --bq=256 --bk=128   block sizes (bk: 128)
//   build/bin/flash_attention --profile       where the cycles go
#include <cmath>
#include <iostream>
#include <limits>
#include <string>

#include "dsl/tessera.h"
#include "samples/SampleMain.h"
#include "sim/MachineDesc.h"
#include "sim/VectorMath.h"

using namespace tessera;

namespace {

constexpr int64_t kD = 128;
constexpr int64_t kMxu = machine::kMxuDim;

/// The kernel's result on the host, in its rounding order (see the file
/// comment). q, k, v are [S, D] of bf16 values.
std::vector<float> reference(const std::vector<float> &q, const std::vector<float> &k,
                             const std::vector<float> &v, int64_t seq, int64_t bk,
                             float scale) {
  std::vector<float> out(seq * kD);
  std::vector<float> kT(kD * bk), vj(bk * kD), s(bk), p(bk), pb(bk);
  for (int64_t i = 0; i < seq; ++i) {
    float m = -std::numeric_limits<float>::infinity(), l = 0.0f;
    std::vector<float> acc(kD, 0.0f);
    for (int64_t j0 = 0; j0 < seq; j0 += bk) {
      // The weights of q @ k_j^T: k_j transposed, [D, bk]; v_j as it is.
      for (int64_t r = 0; r < bk; ++r)
        for (int64_t d = 0; d < kD; ++d) {
          kT[d * bk + r] = k[(j0 + r) * kD + d];
          vj[r * kD + d] = v[(j0 + r) * kD + d];
        }
      auto scores = vmath::mxuPass(&q[i * kD], kT.data());
      for (int64_t r = 0; r < bk; ++r)
        s[r] = scores[r] * scale;
      float mNext = std::max(m, vmath::reduceAlongLanes(vmath::ReduceKind::Max, s.data(), bk));
      float alpha = vmath::exp(m - mNext);
      for (int64_t r = 0; r < bk; ++r) {
        p[r] = vmath::exp(s[r] - mNext);
        pb[r] = vmath::roundBf16(p[r]);
      }
      float scaled = alpha * l;
      l = scaled + vmath::reduceAlongLanes(vmath::ReduceKind::Sum, p.data(), bk);
      auto pv = vmath::mxuPass(pb.data(), vj.data());
      for (int64_t d = 0; d < kD; ++d) {
        float kept = acc[d] * alpha;
        acc[d] = kept + pv[d];
      }
      m = mNext;
    }
    for (int64_t d = 0; d < kD; ++d)
      out[i * kD + d] = vmath::divF32(acc[d], l);
  }
  return out;
}

}  // namespace

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(argc, argv, {"--seq=N", "--bq=N", "--bk=N"});
  int64_t seq = flags.number("seq", 512), bq = flags.number("bq", 128),
          bk = flags.number("bk", 128);
  if (bk != kMxu || bq < 8 || bq % 8 != 0 || seq % bq != 0 || seq % bk != 0) {
    std::cerr << "flash_attention: --bk must be " << kMxu
              << " (m and l hold a row's value in each of 128 lanes), --bq a multiple of 8, "
                 "and --seq a multiple of both\n";
    return 2;
  }
  const int64_t nk = seq / bk;
  const float scale = 1.0f / std::sqrt((float)kD);

  tpu_init::initialize_one_chip();
  auto mesh = make_mesh({1}, {"device"});
  // Small multiples of 1/16 (exact in bf16), different per array.
  auto make = [&](uint32_t salt) {
    std::vector<float> x(seq * kD);
    for (int64_t i = 0; i < (int64_t)x.size(); ++i)
      x[i] = vmath::roundBf16((float)((int64_t)((i * 2654435761u + salt) % 61) - 30) / 16.0f);
    return x;
  };
  std::vector<float> qs = make(1), ks = make(7), vs = make(13);
  auto q = Array::from_f32(qs, {seq, kD}, DType::bfloat16);
  auto k = Array::from_f32(ks, {seq, kD}, DType::bfloat16);
  auto v = Array::from_f32(vs, {seq, kD}, DType::bfloat16);

  auto flash = shard_map(
      {.mesh = mesh, .in_specs = P(), .out_specs = P(), .check_vma = false},
      [&](const Array &q, const Array &k, const Array &v) -> Array {
        auto qBlock = [](Scalar i, Scalar) { return std::tuple{i, 0}; };
        auto kvBlock = [](Scalar, Scalar j) { return std::tuple{j, 0}; };
        auto kernel = pl::pallas_call(
            [scale, nk](Ref q_ref, Ref k_ref, Ref v_ref, Ref o_ref, Ref m_ref, Ref l_ref,
                        Ref acc_ref) {
              Scalar j = pl::program_id(1);
              pl::when(j == 0, [&] {
                m_ref[___] = -std::numeric_limits<float>::infinity();
                l_ref[___] = 0.0;
                acc_ref[___] = 0.0;
              });
              jnp::DotOptions f32{.preferred_element_type = DType::float32};
              Value s = lax::dot_general(q_ref[___], k_ref[___], {{1}, {1}}, {}, f32) * scale;
              Value m_prev = m_ref[___], l_prev = l_ref[___];
              Value m_next = jnp::maximum(m_prev, jnp::max(s, -1, true));
              Value alpha = jnp::exp(m_prev - m_next);
              Value p = jnp::exp(s - m_next);
              l_ref[___] = alpha * l_prev + jnp::sum(p, -1, true);
              acc_ref[___] = acc_ref[___] * alpha +
                             jnp::dot(p.astype(DType::bfloat16), v_ref[___], f32);
              m_ref[___] = m_next;
              pl::when(j == nk - 1, [&] { o_ref[___] = acc_ref[___] / l_ref[___]; });
            },
            {.out_shape = ShapeDtypeStruct{{seq, kD}, DType::float32},
             .grid = {seq / bq, nk},
             .in_specs = {pl::BlockSpec({bq, kD}, qBlock), pl::BlockSpec({bk, kD}, kvBlock),
                          pl::BlockSpec({bk, kD}, kvBlock)},
             .out_specs = {pl::BlockSpec({bq, kD}, qBlock)},
             .scratch_shapes = {pltpu::VMEM({bq, kMxu}, DType::float32),
                                pltpu::VMEM({bq, kMxu}, DType::float32),
                                pltpu::VMEM({bq, kD}, DType::float32)},
             // One TensorCore: the figures below are one core's.
             .debug = {.megacore = false},
             .name = "flash_attention",
             .compiler_params = {.dimension_semantics = {pltpu::PARALLEL, pltpu::ARBITRARY}},
             .arg_names = {"q_hbm", "k_hbm", "v_hbm", "o_hbm", "m", "l", "acc"},
             .interpret = flags.interpret});
        return kernel(q, k, v);
      });

  return samples::report(
      flags, [&] { return compile(flash, q, k, v); },
      [&](const Compiled &c) {
        auto out = c.run({q, k, v});
        if (!out.ok()) {
          std::cout << "error: " << out.status().message() << "\n";
          return false;
        }
        if (!flags.interpret) {  // interpret mode runs no cycles
          const auto &run = c.last_run().front().run;
          int64_t cycles = run.cycles + run.drainCycles;
          int64_t peak = 2 * seq * seq * kD / (machine::kNumMxus * kMxu * kMxu);
          sim::KernelProfile prof = c.profile().launches.front();
          std::cout << "flash_attention bf16[" << seq << "," << kD << "], blocks bq=" << bq
                    << " bk=" << bk << ", grid (" << seq / bq << ", " << nk << "): " << cycles
                    << " cycles; MXU peak " << peak << " cycles: "
                    << 100.0 * (double)peak / (double)cycles << "% of peak\n"
                    << prof.verdictLine() << "\n";
        }
        return samples::expectEqual(out->front().to_f32(),
                                    reference(qs, ks, vs, seq, bk, scale));
      });
}
