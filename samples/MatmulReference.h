//===- MatmulReference.h - The matmul samples' inputs and host reference --===//
//
// matmul and megacore_matmul multiply the same bf16 inputs and check the
// result bit for bit against the host computing what the kernel computes,
// in its rounding order: per 128-wide K block kb, one MXU pass
// (vmath::mxuPass: bf16 products exact, summed in double, rounded once to
// f32); a dot's passes summed in f32 in kb order; then acc = 0 + dot at the
// first k step and acc = acc + dot at the others (bk rows of K per step).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
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

/// The kernel's result on the host, in its rounding order (see above).
/// x is [m, k], y [k, n], both already bf16 values. A K block of fewer
/// than 128 rows (bk = k not a multiple of 128) is padded with zeros, as
/// the kernel's last K block is.
inline std::vector<float> matmulReference(const std::vector<float> &x, const std::vector<float> &y,
                                          int64_t m, int64_t n, int64_t k, int64_t bk) {
  constexpr int64_t kMxu = machine::kMxuDim;
  int64_t steps = k / bk, perStep = (bk + kMxu - 1) / kMxu, nbs = n / kMxu;
  int64_t kbs = steps * perStep;
  // The K rows of block kb (of step kb / perStep): [first, first + count).
  auto rows = [&](int64_t kb) {
    int64_t first = (kb / perStep) * bk + (kb % perStep) * kMxu;
    return std::pair{first, std::min(kMxu, (kb / perStep + 1) * bk - first)};
  };
  // Weight blocks [kb][nb] as contiguous row-major 128 x 128.
  std::vector<float> w(kbs * nbs * kMxu * kMxu, 0.0f);
  for (int64_t kb = 0; kb < kbs; ++kb)
    for (int64_t nb = 0; nb < nbs; ++nb)
      for (int64_t r = 0; r < rows(kb).second; ++r)
        std::memcpy(&w[((kb * nbs + nb) * kMxu + r) * kMxu],
                    &y[(rows(kb).first + r) * n + nb * kMxu], kMxu * sizeof(float));
  std::vector<float> out(m * n);
  std::vector<float> dot(n), lhs(kMxu);
  for (int64_t row = 0; row < m; ++row) {
    float *acc = &out[row * n];
    std::fill(acc, acc + n, 0.0f);
    for (int64_t step = 0; step < steps; ++step) {
      for (int64_t j = 0; j < perStep; ++j) {
        int64_t kb = step * perStep + j;
        auto [first, count] = rows(kb);
        std::fill(lhs.begin(), lhs.end(), 0.0f);
        std::memcpy(lhs.data(), &x[row * k + first], count * sizeof(float));
        for (int64_t nb = 0; nb < nbs; ++nb) {
          auto pass = vmath::mxuPass(lhs.data(), &w[(kb * nbs + nb) * kMxu * kMxu]);
          for (int64_t c = 0; c < kMxu; ++c)
            dot[nb * kMxu + c] = j == 0 ? pass[c] : dot[nb * kMxu + c] + pass[c];
        }
      }
      for (int64_t c = 0; c < n; ++c)
        acc[c] = acc[c] + dot[c];
    }
  }
  return out;
}

}  // namespace tessera::samples
