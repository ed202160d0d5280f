//===- Fusion.h - The fusing compiler of array programs under jit ---------===//
//
// Turns the array ops a jit trace recorded (runtime::OuterProgram::ArrayOp)
// into kernels, as XLA's fusion passes do:
//
// - Loop fusion (multi-consumer): walking back from the last op, an op
//   joins its consumers' fusion when all of them are array ops of one
//   fusion and its result is used nowhere else (not by a kernel, a
//   shard_map, or as an output); otherwise it is a fusion's root. Row
//   reductions (over the last axis, keepdims) and [R,1] broadcasts are
//   row-local, so a softmax is one fusion. One kernel per fusion
//   (kind=kLoop), its inputs the group's operands from outside it.
// - Each fusion's kernel is a pl::pallas_call over row blocks of the
//   output, PARALLEL (megacore splits it over a whole chip's two cores; a
//   split chip's device runs it on its core), whose body loads each
//   input's block and applies the ops in trace order on the values:
//   lowered by the same passes and code generator as a hand-written
//   kernel, and interpreted in interpret mode (`fuse(..., interpret)`).
//   Blocks: the most rows (a multiple of 8 dividing the array's) whose
//   block fits kFusionBlockBytes, double-buffered by the pipeline.
// - A dot is a fusion of its own (kind=kOutput): a pallas_call over (M, N,
//   K) blocks with an f32 accumulator, tiled as samples/matmul.cc.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <source_location>

#include "runtime/Program.h"

namespace tessera::detail {

/// The bytes of one operand's block in a fusion's kernel: 2 MiB, the block
/// pipelined_scale streams at 93% of the HBM roofline (README); with every
/// operand double-buffered, a fusion of up to 3 inputs fits in VMEM.
inline constexpr int64_t kFusionBlockBytes = int64_t{2} << 20;

/// A fusion with row reductions: blocks of up to 128 KiB (32 rows of 1024
/// f32, samples/softmax.cc's), worked through in slices of a tile's rows,
/// the loop unrolled this many times (softmax.cc's default).
inline constexpr int64_t kFusionRowBlockBytes = int64_t{128} << 10;
inline constexpr int kFusionRowUnroll = 4;

/// A dot's kernel tiles as samples/matmul.cc (85% of the MXU peak at these
/// blocks on bf16[1024,1024]^2): blocks of up to (512, 256, 1024) over
/// (M, N, K), the dot in row slices of 128.
inline constexpr int64_t kDotBlockM = 512, kDotBlockN = 256, kDotBlockK = 1024;
inline constexpr int64_t kDotSliceM = 128;

/// `traced` with its array ops compiled into fusion kernels (unchanged if
/// it has none). Errors name the user's line of the op at fault.
runtime::OuterProgram fuseArrayOps(runtime::OuterProgram traced, bool interpret);

}  // namespace tessera::detail
