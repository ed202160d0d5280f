//===- KernelGenerator.h - Random kernel programs and their host model ----===//
//
// The generator of the differential test (tests/dsl/DifferentialTest.cpp).
// From a seed and an index it writes a random straight-line kernel body over
// VMEM scratch buffers, HBM inputs and one HBM output: DMAs (whole buffers
// and row/column windows, HBM->VMEM, VMEM->VMEM, VMEM->HBM, HBM->HBM) with
// start and wait apart on distinct semaphores, loads of whole buffers and of
// overlapping static windows, re-reads, partial overwrites, stores
// overwritten before any read, arithmetic with scalars. It runs the program
// on host arrays while it writes it (the host model), so every program comes
// with its random inputs and the output it must produce.
//
// The generated programs respect the DMA rules the passes rely on (see
// mlir/Transforms/RefAlias.cpp): a DMA's destination is read only after its
// wait; neither its source nor its destination is written while it is in
// flight; two DMAs in flight never share a semaphore; every DMA is waited
// before the kernel ends. Under those rules a DMA's effect is the same
// whenever it lands between start and wait, so the host model copies at
// start.
//
// A third of the kernels take an SMEM scalar-prefetch input of row starts
// and spell some windows of 128-wide Refs with run-time starts
// (pl::ds(s, n), pl::ds(s + k, n), Slice{k, n, s}, nested views): the
// alias analysis then sees symbolic offsets; the host model knows the
// values. Windows are also spelled as nested views (r.at(..).at(..)), so
// view composition is exercised.
//
// The program itself, its replay as a kernel body and its printing as C++
// are in KernelProgram.h.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>

#include "KernelProgram.h"

namespace tessera::difftest {

/// Kernel `index` of the set generated from `seed`: its shapes, body, random
/// inputs and the host model's output (Program::expected). The same seed and
/// index always give the same program, whatever other kernels are generated.
Program generateProgram(uint32_t seed, int index);

}  // namespace tessera::difftest
