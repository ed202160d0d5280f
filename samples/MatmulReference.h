//===- MatmulReference.h - The matmul samples' inputs and host reference --===//
//
// matmul and megacore_matmul multiply the same bf16 inputs and check the
// result bit for bit against the host computing what the kernel computes,
// in its rounding order: per 128-wide K block kb, one MXU pass
// (vmath::mxuPass: bf16 products exact, summed in double, rounded once to
// f32); a dot's passes summed in f32 in kb order; then acc = 0 + dot at
// the first k step and acc = acc + dot at the others (bk rows of K per
// step).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "sim/MachineDesc.h"
#include "sim/VectorMath.h"

namespace tessera::samples {

/// x [m, k]: small integers times powers of two, exact in bf16, whose
/// products and sums exercise the f32 rounding of the passes and the adds.
inline std::vector<float> matmulLhs(int64_t m, int64_t k) {
  std::vector<float> xs(m * k);
  for (int64_t i = 0; i < m * k; ++i)
    xs[i] = vmath::roundBf16((float)((int64_t)(i * 2654435761u % 509) - 254) * (1.0f / 64));
  return xs;
}

/// y [k, n], the same kind of values.
inline std::vector<float> matmulRhs(int64_t k, int64_t n) {
  std::vector<float> ys(k * n);
  for (int64_t i = 0; i < k * n; ++i)
    ys[i] = vmath::roundBf16((float)((int64_t)(i * 40503u % 1021) - 510) * (1.0f / 256) + 0.001f);
  return ys;
}

/// The kernel's result on the host, in its rounding order (see above), as
/// a blocked host matmul: each 128 x 128 weight block once through all M
/// rows (vmath::mxuPassRows, the MXU's own passes on host vectors). x is
/// [m, k], y [k, n], both already bf16 values. A K block of fewer than 128
/// rows (bk = k not a multiple of 128) is padded with zeros, as the
/// kernel's last K block is.
inline std::vector<float> matmulReference(const std::vector<float> &x, const std::vector<float> &y,
                                          int64_t m, int64_t n, int64_t k, int64_t bk) {
  constexpr int64_t kMxu = machine::kMxuDim;
  int64_t steps = k / bk, perStep = (bk + kMxu - 1) / kMxu, nbs = n / kMxu;
  std::vector<float> acc(m * n, 0.0f), dot(m * n), lhs(m * kMxu), pass(m * kMxu);
  auto weights = std::make_unique<vmath::MxuWeights>();
  for (int64_t step = 0; step < steps; ++step) {
    for (int64_t j = 0; j < perStep; ++j) {
      // The K rows of this block: [first, first + count), the rest zero.
      int64_t first = step * bk + j * kMxu, count = std::min(kMxu, (step + 1) * bk - first);
      std::fill(lhs.begin(), lhs.end(), 0.0f);
      for (int64_t row = 0; row < m; ++row)
        std::memcpy(&lhs[row * kMxu], &x[row * k + first], count * sizeof(float));
      for (int64_t nb = 0; nb < nbs; ++nb) {
        std::fill(weights->w.begin(), weights->w.end(), 0.0);
        for (int64_t r = 0; r < count; ++r)
          for (int64_t c = 0; c < kMxu; ++c)
            weights->w[r * kMxu + c] = y[(first + r) * n + nb * kMxu + c];
        vmath::mxuPassRows(lhs.data(), m, *weights, pass.data());
        for (int64_t row = 0; row < m; ++row)
          for (int64_t c = 0; c < kMxu; ++c) {
            float &d = dot[row * n + nb * kMxu + c];
            d = j == 0 ? pass[row * kMxu + c] : d + pass[row * kMxu + c];
          }
      }
    }
    for (int64_t i = 0; i < m * n; ++i)
      acc[i] = acc[i] + dot[i];
  }
  return acc;
}

}  // namespace tessera::samples
