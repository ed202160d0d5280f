//===- RefOps.h - What dsl/Ops.cpp's Ref operations share -----------------===//
//
// Tracing internals: the window, load and store of a Ref as dsl/Ops.cpp
// records them, for the other files that build on them (dsl/Elements.cpp).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <source_location>
#include <vector>

#include "dsl/Kernel.h"
#include "mlir/IR/Value.h"

namespace tessera::detail {

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

}  // namespace tessera::detail
