//===- Fusion.h - The fusion compiler: array ops into kernels -------------===//
//
// Internal to dsl/: what XLA does for plain jnp code, built on the kernel
// stack. When jit has traced a function, the array ops it recorded
// (dsl/HloTrace.h) are grouped into fusions, and each fusion becomes one
// kernel: a pl::pallas_call whose body replays the fused ops on the block
// Values (the DSL's own ops), with block shapes this compiler chooses,
// traced, compiled (or interpreted) and cached like a hand-written kernel.
// The rules (README, "Array programs under jit"):
//
//   grouping   from the last instruction to the first, a producer joins the
//              fusion of its consumers when all of its users are in that one
//              fusion, it is no output of the program nor an operand of a
//              hand-written kernel, and the fusion can take it:
//     kLoop    elementwise ops (and broadcasts, converts, selects) whose
//              rows are the fusion's rows or 1: a grid over row blocks
//              (PARALLEL), each block whole rows; the body is the ops on the
//              whole block, as a hand-written elementwise kernel is.
//     kInput   a kLoop fusion with reductions along the last axis: rows stay
//              independent, so the reduction, its producers and its
//              consumers (through keepdims broadcasts) share the row blocks;
//              the body walks each block one tile of rows at a time (the
//              row statistics stay in registers), as softmax.cc does.
//              Reductions across rows (axis 0, or all axes) need whole
//              columns: their fusion is one block holding everything.
//     kOutput  a dot and its elementwise consumers (the epilogue): the grid
//              (M/bm, N/bn, K/bk) of the Pallas matmul (PARALLEL, PARALLEL,
//              ARBITRARY), the epilogue applied to each output block; the
//              dot's operands are never fused into it.
//   blocks     as big as fit a VMEM budget of 8 MiB with double buffering
//              (two buffers per operand), rows a multiple of the (8, 128)
//              tiling (16 bf16, 32 int8), but at least 8 grid steps when the
//              array has that many tile rows (so that fetch, compute and
//              write-back overlap); a dot takes bm = 512, bn = 256, bk = K
//              (the blocks of samples/matmul.cc) or the largest that divide.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <source_location>
#include <vector>

#include "dsl/HloTrace.h"
#include "runtime/Program.h"

namespace tessera::detail::fusion {

/// A fusion's kernel call, recorded in the outer trace, to be put in place
/// once the trace has finished.
struct PendingFusion {
  int callsBefore = 0;  // the hand-written kernel calls it follows
  int root = -1;        // the value it computes
  std::string name;     // "fusion", "fusion.1", ...
  runtime::OuterProgram::Fusion info;
};

/// Groups the array ops of `hlo` into fusions and records one kernel call
/// per fusion in hlo.outer() (in program order of their roots). `outputs`
/// are the values the program returns.
/// With `interpret` (jit's JitOptions::interpret), the fusions' kernels run
/// in interpret mode; else as pltpu::force_tpu_interpret_mode says.
std::vector<PendingFusion> compileFusions(hlo::HloTrace &hlo, const std::vector<int> &outputs,
                                          bool interpret);

/// After OuterTrace::finish: the fusions' calls (the last ones recorded)
/// moved between the hand-written kernels' calls where their roots were
/// traced, each computing its root's value, named after the fusion.
void placeFusions(runtime::OuterProgram &program, const std::vector<PendingFusion> &fusions);

}  // namespace tessera::detail::fusion
