//===- VRegPressure.h - Vector registers live at each op of a block -------===//
//
// Load reuse trades a vld for a longer-lived value. Where the values a block
// keeps live already fill the 32 vector registers, the allocator spills one
// of them everywhere (a store after its definition, a reload before each
// use, lowering/RegisterAllocation.cpp), so a value it may pick gains
// nothing from one more use and a kept load costs one vld next to its use.
// This model estimates, per block, the vector registers live at each op in
// the order the lowering gives the block (lowering/Ordering.cpp: each
// effect-free op, loads included, runs just before its first user), and
// answers whether forwarding a value to a load's users keeps every block
// the value then lives in within the register file.
//
// It is an estimate of kernel IR, made before instruction selection: one
// (8, 128) tile is one register, an MXU's weights none (they live in the
// MXU), and a value defined outside a loop and used in it is live through
// the whole body (the back edge brings it round again).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <vector>

namespace mlir::tessera {

/// The vector registers a value of `type` takes: (8, 128) tiles of its
/// last two dims, for each index of the others (1 for a rank-0 vector,
/// 0 for what is not a vector).
int64_t vregsOf(Type type);

/// `v` is defined before `op`, in a block that contains `op` (so it
/// dominates it, and is live at it if anything after `op` reads it).
bool isAvailableAt(Value v, Operation *op);

class VRegPressure {
public:
  VRegPressure();
  ~VRegPressure();
  VRegPressure(const VRegPressure &) = delete;
  VRegPressure &operator=(const VRegPressure &) = delete;

  /// Whether `value` may take the place of `load`'s result at its users:
  /// in every block from the load's out to the one defining `value`, the
  /// registers live at each op `value` would then be live at (`value`
  /// counted, the load's result not) number at most `limit`. If so, the
  /// model records the change, so that later questions see it; the IR is
  /// not touched (the caller replaces the uses).
  bool tryForward(Operation *load, Value value, int64_t limit);

private:
  class BlockModel;
  BlockModel &modelOf(Block *block);

  llvm::DenseMap<Block *, std::unique_ptr<BlockModel>> models;
};

}  // namespace mlir::tessera
