//===- KernelProgram.h - A generated kernel body, op by op ----------------===//
//
// The program representation of the differential test's generated kernels
// (tests/dsl/KernelGenerator.h writes them): a straight-line kernel body over
// HBM inputs, one HBM output and four VMEM scratch buffers, as a list of ops
// on windows of those Refs. A program is data, so one program can be read
// three ways: run on host arrays (the generator's host model), replayed as
// a kernel body through the DSL (replay), and printed as C++ for failure
// messages and reproductions (programText). Each window records how it is
// spelled in C++ as well as what it covers, so that the passes see every
// spelling the DSL allows.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "dsl/tessera.h"

namespace tessera::difftest {

/// DMA semaphores of every kernel (the `sems` scratch operand).
inline constexpr int kNumSems = 4;
/// A vector register's tile: 8 rows of 128 lanes.
inline constexpr int64_t kTileRows = 8, kLanes = 128;

/// The kernel's Refs, in the body's parameter order (Y is absent in
/// one-input kernels).
enum RefId { X = 0, Y, O, A, B, C, D, kNumRefs };
/// Whether `ref` is a VMEM scratch buffer (A..D) rather than an HBM Ref.
inline bool isVmem(int ref) { return ref >= A; }

/// How a window is spelled in C++: the passes must not care.
enum class Syntax {
  Whole,       // r[___] / r
  Slice,       // r[pl::slice(r0, r0 + n)] / r.at(pl::slice(...))
  Ds,          // r[pl::ds(r0, n)] / r.at(pl::ds(r0, n))
  RowsCols,    // r(pl::ds(r0, n), pl::ds(c0, nc)) / r.at(pl::ds(..), pl::ds(..))
  RowsAll,     // r(pl::slice(r0, r0 + n), pl::all)
  Nested,      // r.at(pl::ds(base, nb))(pl::ds(r0 - base, n), pl::ds(c0, nc))
  // Run-time row starts (scalar-prefetch kernels, 128-wide Refs): s is
  // off_smem[dyn], whose value the generator knows; r0 = s + k.
  DynDs,       // r[pl::ds(s, n)] (k == 0)
  DynAdd,      // r[pl::ds(s + k, n)] / r[pl::ds(s - -k, n)] (Scalar arithmetic)
  DynSlice,    // r[Slice{k, n, s}] (a static part added to the run-time one)
  DynNested,   // r.at(pl::ds(s, nb))[pl::ds(k, n)] (k >= 0)
};

/// A window [r0, r0 + nr) x [c0, c0 + nc) of one Ref.
struct Win {
  int ref = -1;
  int64_t r0 = 0, nr = 0, c0 = 0, nc = 0;
  Syntax syntax = Syntax::Whole;
  int64_t base = 0, nb = 0;  // Nested: the outer row window; DynNested: nb
  int dyn = -1;              // Dyn*: which off_smem entry starts the window
  int64_t k = 0;             // Dyn*: r0 - off_smem[dyn]
  bool fresh = false;        // Dyn*: read off_smem[dyn] again (else reuse the Scalar)
  bool isDynamic() const { return dyn >= 0; }
};

/// What one op of the body does.
enum class Kind { Load, Bin, ScalarOp, Neg, Store, StoreConst, DmaStart, DmaWait };
/// The arithmetic of a Bin or ScalarOp op.
enum class BinKind { Add, Sub, Mul };

/// One op of the body. Values are numbered in the order the body makes them.
struct Op {
  explicit Op(Kind k) : kind(k) {}
  Kind kind;
  int dst = -1, a = -1, b = -1;  // value ids
  BinKind bin = BinKind::Add;
  double scalar = 0;
  bool scalarFirst = false;
  Win w, w2;  // Load/Store: w. DMA: src w, dst w2.
  int dma = -1, sem = -1;
  bool asyncCopy = false;  // DmaStart spelled pltpu::async_copy (starts at once)
};

/// A whole generated kernel: its Refs' shapes, its body, its inputs and the
/// output the host model computed for them.
struct Program {
  std::array<Shape, kNumRefs> shapes;
  bool twoInputs = true;
  bool prefetch = false;         // off_smem: an int32 SMEM input of run-time row starts
  std::vector<int32_t> offsets;  // its contents
  bool checks = true;  // bounds and semaphore checks (the same for on and off)
  std::vector<Op> ops;
  int numValues = 0, numDmas = 0;
  std::vector<float> x, y, expected;  // inputs and the host model's output
};

/// Emits the body of `p` through the DSL, at trace time, inside a kernel
/// body whose Refs are `refs` (in RefId order; Y a default Ref in one-input
/// kernels), whose DMA semaphores are `sems` and whose scalar-prefetch input
/// is `off` (prefetch kernels only).
void replay(const Program &p, const std::array<Ref, kNumRefs> &refs, const Ref &sems,
            const Ref &off = Ref());

/// The program as C++: a comment line with the kernel's inputs, output,
/// scratch buffers and checks, then the body, one statement a line.
std::string programText(const Program &p);

}  // namespace tessera::difftest
