//===- RefOps.h - What dsl/Ops.cpp's Ref operations share -----------------===//
//
// Tracing internals: the window, load and store of a Ref as dsl/Ops.cpp
// records them and its checks of windows, for the other files that build
// on them (dsl/Elements.cpp, dsl/Copies.cpp); pl::select_ref's dispatch.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <source_location>
#include <vector>

#include "dsl/ControlFlow.h"
#include "dsl/Kernel.h"
#include "dsl/KernelTrace.h"
#include "mlir/IR/Value.h"

namespace tessera::detail {

/// For a pl::select_ref choice: fn(candidate) for the candidate its index
/// picks, under lax::switch_ (the index clamped to the candidates, as
/// lax.switch clamps it); R is what fn returns.
template <class R, class F>
R onChoice(const Ref &ref, F fn, const std::source_location &loc) {
  const RefMeta::Choice &c = *ref.meta().choice;
  std::vector<std::function<R()>> branches;
  for (const Ref &r : c.refs)
    branches.push_back([&fn, r]() -> R { return fn(r); });
  return lax::switch_<R>(c.index, std::move(branches), loc);
}

/// The choice of fn(candidate) for each candidate of a pl::select_ref
/// choice (a window, a bitcast of each).
Ref mapChoice(const Ref &ref, const std::function<Ref(const Ref &)> &fn,
              const std::source_location &loc);

/// A user error when `m` is a pl::select_ref choice, which `use` (a
/// semaphore operation, a remote copy, a pipeline operand) does not take.
void refuseChoice(const RefMeta &m, const std::string &use, const std::source_location &loc);

/// A window of `ref`; full dimensions for missing slices (a user error
/// for one outside the Ref).
Ref refWindow(const Ref &ref, std::vector<Slice> slices, const std::source_location &loc);
/// Reads a whole VMEM window into a value.
RefAccess refAccess(const Ref &win, const std::source_location &loc);
/// Writes `value` into the VMEM window `win`.
void refStore(const Ref &win, const Value &value, const std::source_location &loc);
/// Erases the load that made `read` (and a bool's compare after it) when
/// nothing uses it.
void eraseDeadRead(mlir::Value read);
/// x_ref.at(b) of a Ref of rank 3 to 5: index b of its leading dimension,
/// a Ref of one rank less.
Ref leadingAt(const Ref &ref, Slice index, const std::source_location &loc);
/// A user error when `m` is a window of run-time size (pl::ds(start, n)),
/// which `use` does not take (only a DMA does), a strided window, or (not
/// `matricesApart`: a load, a store or a window take them) a window of
/// matrices and a part of their rows (RefMeta::matrixStep).
void refuseRunTimeWindow(const RefMeta &m, const std::string &use, bool matricesApart,
                         const std::source_location &loc);
/// The packed-row rules of a window (dsl/Ops.cpp): of a load or store, or
/// of a DMA end.
void checkPackedWindow(const Ref &win, const std::source_location &loc, bool dma);
/// The columns of the 2-D Ref `win` is a window of (-1: not rank 2).
int64_t refColumns(const Ref &win);
/// Whether `m` is a 1-D VMEM Ref, its elements folded into rows of 128
/// lanes (foldedShape) in a 2-D memref.
bool isFolded(const RefMeta &m);
/// The last dimension of the Ref `win` is a window of (of any rank).
int64_t rootColumns(const Ref &win);
/// `v` where `mask` holds, else the lowest number of v's dtype as a 32-bit
/// value (f32, int32 or uint32; a bool as int32): a maximum over it is the
/// masked element, exactly (NaN stays NaN, -0 stays -0).
Value onlyWhere(const Value &mask, const Value &v, const std::source_location &loc);
/// `ref` seen with another shape: the same memory, name and Ref otherwise.
Ref withShape(const Ref &ref, Shape shape);
/// Where window `win` starts along dimension `dim` of the Ref it is a
/// window of: the static part, a known multiple of the run-time part (0:
/// none, or one known to be 0), and whether any part is known only at run
/// time.
struct WindowStart {
  int64_t at = 0, multiple = 0;
  bool dynamic = false;
};
WindowStart windowStart(const Ref &win, size_t dim);

}  // namespace tessera::detail
