//===- MatmulKernel.h - The Pallas TPU matmul the matmul samples share ----===//
//
// bf16 x [M, K] @ bf16 y [K, N] -> f32 as Pallas writes it (PALLAS_REFERENCE.md
// section 9.A): a pallas_call over (M, N, K) blocks with dimension_semantics
// (parallel, parallel, arbitrary), an f32 VMEM accumulator zeroed at k == 0,
// acc += jnp::dot(x, y, f32) at every step (in row slices of tm), and the
// output written from it at the last k. matmul, megacore_matmul and
// autotune_matmul run it; samples/MatmulReference.h is its host reference.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>

#include "dsl/tessera.h"

namespace tessera::samples {

/// The blocks of the matmul's grid and the row slices of its dot.
struct MatmulBlocks {
  int64_t bm = 512, bn = 256, bk = 1024;
  /// The dot in row slices of tm rows (bm: one dot per step).
  int64_t tm = 128;
};

struct MatmulOptions {
  std::string name = "matmul";
  /// Both TensorCores of the chip (DebugOptions::megacore).
  bool megacore = false;
  bool interpret = false;
  /// pipeline_mode of both inputs (none: the compiler's default).
  std::optional<pl::Buffered> buffered;
};

/// `b` fitted to M, N, K: each block at most its dimension, tm dividing bm
/// (else bm).
inline MatmulBlocks fitMatmulBlocks(MatmulBlocks b, int64_t M, int64_t N, int64_t K) {
  b.bm = std::min(b.bm, M);
  b.bn = std::min(b.bn, N);
  b.bk = std::min(b.bk, K);
  if (b.tm <= 0 || b.tm > b.bm || b.bm % b.tm != 0)
    b.tm = b.bm;
  return b;
}

/// The matmul of x [M, K] and y [K, N] on one device of `mesh`, as a
/// function jit and compile take.
inline ArrayFn matmulProgram(const Mesh &mesh, int64_t M, int64_t N, int64_t K,
                             MatmulBlocks b, MatmulOptions options = {}) {
  const int64_t nk = K / b.bk;
  return shard_map(
      {.mesh = mesh, .in_specs = P(), .out_specs = P(), .check_vma = false},
      [=](const Array &x, const Array &y) -> Array {
        const int64_t bm = b.bm, tm = b.tm;
        auto inputSpec = [&](std::vector<pl::BlockDim> shape, auto map) {
          pl::BlockSpec spec(std::move(shape), map);
          spec.pipeline_mode = options.buffered;
          return spec;
        };
        auto kernel = pl::pallas_call(
            [nk, bm, tm](Ref x_ref, Ref y_ref, Ref o_ref, Ref acc_ref) {
              Scalar k = pl::program_id(2);
              pl::when(k == 0, [&] { acc_ref[___] = 0.0; });
              // acc += x @ y, in row slices of tm (all of the block when tm == bm).
              for (int64_t m0 = 0; m0 < bm; m0 += tm)
                acc_ref[pl::ds(m0, tm)] =
                    acc_ref[pl::ds(m0, tm)] + jnp::dot(x_ref[pl::ds(m0, tm)], y_ref[___],
                                                       {.preferred_element_type = DType::float32});
              pl::when(k == nk - 1, [&] { o_ref[___] = acc_ref[___]; });
            },
            {.out_shape = ShapeDtypeStruct{{M, N}, DType::float32},
             .grid = {M / b.bm, N / b.bn, nk},
             .in_specs = {inputSpec({b.bm, b.bk},
                                    [](Scalar i, Scalar, Scalar k) { return std::tuple{i, k}; }),
                          inputSpec({b.bk, b.bn},
                                    [](Scalar, Scalar j, Scalar k) { return std::tuple{k, j}; })},
             .out_specs = {pl::BlockSpec(
                 {b.bm, b.bn}, [](Scalar i, Scalar j, Scalar) { return std::tuple{i, j}; })},
             .scratch_shapes = {pltpu::VMEM({b.bm, b.bn}, DType::float32)},
             .debug = {.megacore = options.megacore},
             .name = options.name,
             .compiler_params = {.dimension_semantics = {pltpu::PARALLEL, pltpu::PARALLEL,
                                                         pltpu::ARBITRARY}},
             .arg_names = {"x_hbm", "y_hbm", "o_hbm", "acc"},
             .interpret = options.interpret});
        return kernel(x, y);
      });
}

}  // namespace tessera::samples
