//===- KernelGenerator.h - Random kernel programs and their host model ----===//
//
// The generator of the differential test (tests/dsl/DifferentialTest.cpp).
// From a seed and an index it writes a random kernel body over VMEM scratch
// buffers, HBM inputs and one HBM output: DMAs (whole buffers and row/column
// windows, HBM->VMEM, VMEM->VMEM, VMEM->HBM, HBM->HBM) with start and wait
// apart, loads of whole buffers and of overlapping windows, re-reads,
// partial overwrites, stores overwritten before any read, arithmetic with
// scalars; and, in 70% of the kernels, control flow: lax::fori_loop,
// pl::loop and lax::while_loop with constant and run-time trip counts (0
// and 1 among them), nested two deep, sometimes unrolled, carrying values
// and scalars; pl::when and lax::cond (with results) on predicates of
// scalars and loop indices; all of the above inside bodies; a
// double-buffered copy loop whose DMAs are waited an iteration after they
// start. Windows start at run time at scalars made from SMEM
// (scalar-prefetch input, SMEM scratch) and loop indices (i * 8, i % n,
// table lookups, pl::multiple_of where only the generator knows the
// alignment), on 128-wide Refs and wider ones; semaphores too
// (sems.at(i % 2)). In about a third of the kernels the values also go
// through the vector and matrix language (Kind::Math): division, max/min,
// compares and jnp::where, the EUP functions, reductions broadcast back,
// iota, astype to bf16 / int32 / int8 and back, and small dots (against a
// 128-row scratch buffer) of every dtype pair and precision, some with
// trans_a and some on weights transposed on the XLU (x.T()), and one-row
// stores o[pl::ds(r, 1)] = jnp::sum(v, 0, true) (a masked vst); the host
// model computes them with sim/VectorMath.h, in the order the compiler
// documents. In about 30% of the kernels, a second random stream (so that
// the ops above stay as they are for a seed) then adds REGULAR semaphores:
// signals by constants and loop indices, waits, reads of REGULAR and DMA
// semaphores whose values feed vector ops or waits, anywhere in the body,
// every semaphore brought back to zero at the end; and in 40% of those a
// second TensorCore (TensorCoreMesh{"tc", 2}): one core runs the body, the
// other signals it between core barriers. It runs the program on host
// arrays (the host model), so every program comes with its random inputs
// and the output it must produce.
//
// The generated programs respect the rules the passes and the chip rely on
// (see mlir/Transforms/RefAlias.cpp), on every path and in every iteration:
// a DMA's destination is read only after its wait; neither its source nor
// its destination is written while it is in flight; two DMAs in flight
// never share a semaphore; every DMA is waited, in the body that started it
// or (double buffering) by the next iteration; no semaphore wait waits
// forever, no read of a DMA semaphore races its DMA, and none of the
// semaphore the other core signals; windows stay in range, so
// the bounds checks never fire; only written data is read. Under those
// rules a DMA's effect is the same whenever it lands between start and
// wait, so the host model copies at start.
//
// The program itself, its replay as a kernel body and its printing as C++
// are in KernelProgram.h.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>

#include "KernelProgram.h"

namespace tessera::difftest {

/// Kernel `index` of the set generated from `seed`: its shapes, body, random
/// inputs and the host model's output (Program::expected). The same seed and
/// index always give the same program, whatever other kernels are generated.
Program generateProgram(uint32_t seed, int index);

/// Runs `p` on the host model from its inputs: sets p.expected (and the
/// counts of branches taken and loops run) and returns "", or returns the
/// rule the program breaks (a window out of range, a read of unwritten
/// data, the DMA rules, a handle used before it is made, an output not all
/// written, a value that is not tame). Used to shrink a failing program.
std::string runHostModel(Program &p);

/// Test-only, for the reducer's own test (DiffRegressionTest.cpp): while an
/// InjectedHostFault lives, the host model computes every op of `kind`
/// (Bin, ScalarOp, Neg or Math) wrong: the first element of a non-bool
/// result is 1 more. Programs whose output depends on such an op then
/// "fail", and the reduced program must be the op with only what carries
/// data to it and from it to the output. Not thread-safe; one at a time.
class InjectedHostFault {
public:
  explicit InjectedHostFault(Kind kind);
  ~InjectedHostFault();
  InjectedHostFault(const InjectedHostFault &) = delete;
  InjectedHostFault &operator=(const InjectedHostFault &) = delete;
};

}  // namespace tessera::difftest
