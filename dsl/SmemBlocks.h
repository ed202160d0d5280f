//===- SmemBlocks.h - pallas_call operands with memory_space SMEM ---------===//
//
// Internal to dsl/: PallasCall.cpp checks SMEM BlockSpecs when the call is
// made (the array shapes are known there) and SmemBlocks.cpp traces their
// copies around the grid (emitGrid); both ask which grid axes a block
// index depends on (axesUsed).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

#include "dsl/PallasCall.h"
#include "mlir/IR/Block.h"
#include "llvm/ADT/SmallBitVector.h"

namespace tessera::pl::detail {

/// Checks the SMEM BlockSpec `bs` of an operand `t` (`what`: "in_specs[1]")
/// at the BlockSpec's line: 32-bit dtypes (bool only as a whole 1-D input),
/// rank 1 or 2, block dimensions that divide the array's. Returns it with
/// an explicit block shape, or without one for a whole 1-D input, which
/// the call makes a scalar-prefetch input (emitGrid tells them apart so).
BlockSpec checkSmemSpec(const BlockSpec &bs, const ShapeDtypeStruct &t, bool output,
                        const std::string &what);

/// The grid axes (arguments of `block`: an index map's, a grid body's)
/// that `roots` (block indices) depend on.
llvm::SmallBitVector axesUsed(mlir::Block &block, llvm::ArrayRef<mlir::Value> roots);

}  // namespace tessera::pl::detail
