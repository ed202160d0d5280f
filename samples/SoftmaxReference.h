//===- SoftmaxReference.h - The softmax samples' input and host reference -===//
//
// softmax and xla_baseline compute a row softmax of the same logits and
// check it bit for bit against the host computing what the kernel does:
// the row max and sum in the vector unit's lane-reduction order
// (vmath::reduceAlongLanes), exp and the quotient as the EUP and vdiv.f32
// round them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <vector>

#include "sim/VectorMath.h"

namespace tessera::samples {

/// Logits of a few units' spread, each row with its own offset (so that the
/// max subtraction matters: exp(x) alone would overflow for rows near 90).
inline std::vector<float> softmaxInput(int64_t rows, int64_t cols) {
  std::vector<float> data(rows * cols);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      data[r * cols + c] =
          (float)((r * 37 + c * 11) % 97) * 0.0625f - 3.0f + (float)(r % 9) * 11.0f;
  return data;
}

/// exp(x - max) / sum(exp(x - max)) per row, as the kernel rounds it.
inline std::vector<float> softmaxReference(const std::vector<float> &data, int64_t rows,
                                           int64_t cols) {
  std::vector<float> want(data.size()), e(cols);
  for (int64_t r = 0; r < rows; ++r) {
    const float *row = &data[r * cols];
    float m = vmath::reduceAlongLanes(vmath::ReduceKind::Max, row, cols);
    for (int64_t c = 0; c < cols; ++c)
      e[c] = vmath::exp(row[c] - m);
    float s = vmath::reduceAlongLanes(vmath::ReduceKind::Sum, e.data(), cols);
    for (int64_t c = 0; c < cols; ++c)
      want[r * cols + c] = vmath::divF32(e[c], s);
  }
  return want;
}

}  // namespace tessera::samples
