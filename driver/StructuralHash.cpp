//===- StructuralHash.cpp - A hash of kernel IR without printing it -------===//
#include "driver/StructuralHash.h"

#include <cstdint>

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "mlir/IR/Operation.h"

namespace tessera::driver {

// Names, attributes, types and locations are uniqued in the context, so
// their pointers stand for them; each word is mixed in with a multiply and a
// shift (llvm::hash_combine would serialize every call's arguments and hash
// the bytes, most of a cache hit's hash time).
size_t structuralHash(mlir::ModuleOp module) {
  uint64_t hash = 0;
  auto mix = [&hash](uint64_t word) {
    hash = (hash ^ word) * 0x9E3779B97F4A7C15ull;
    hash ^= hash >> 29;
  };
  auto mixPointer = [&mix](const void *p) { mix(reinterpret_cast<uintptr_t>(p)); };
  llvm::DenseMap<mlir::Value, unsigned> numbers;
  unsigned next = 0;
  module->walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
    mixPointer(op->getName().getAsOpaquePointer());
    mixPointer(op->getRawDictionaryAttrs().getAsOpaquePointer());
    mix(op->hashProperties());
    mixPointer(op->getLoc().getAsOpaquePointer());
    mix(op->getNumOperands());
    for (mlir::Value operand : op->getOperands())
      mix(numbers.lookup(operand));
    mix(op->getNumResults());
    for (mlir::Value result : op->getResults()) {
      mixPointer(result.getType().getAsOpaquePointer());
      numbers[result] = ++next;
    }
    mix(op->getNumRegions());
    for (mlir::Region &region : op->getRegions()) {
      mix(region.getBlocks().size());
      for (mlir::Block &block : region) {
        mix(block.getNumArguments());
        for (mlir::BlockArgument arg : block.getArguments()) {
          mixPointer(arg.getType().getAsOpaquePointer());
          numbers[arg] = ++next;
        }
      }
    }
  });
  return hash;
}

namespace {
/// The lockstep walk of sameIR: `values` and `blocks` map a's to b's as
/// their definitions are met (a use before its definition is a mismatch).
class IRComparison {
public:
  bool sameOps(mlir::Operation *a, mlir::Operation *b) {
    if (a->getName() != b->getName() || a->getLoc() != b->getLoc() ||
        a->getRawDictionaryAttrs() != b->getRawDictionaryAttrs() ||
        a->getNumOperands() != b->getNumOperands() ||
        a->getNumResults() != b->getNumResults() ||
        a->getNumRegions() != b->getNumRegions() ||
        a->getNumSuccessors() != b->getNumSuccessors() ||
        !a->getName().compareOpProperties(a->getPropertiesStorage(),
                                          b->getPropertiesStorage()))
      return false;
    for (auto [x, y] : llvm::zip_equal(a->getOperands(), b->getOperands()))
      if (x != y && values.lookup(x) != y)
        return false;
    for (auto [x, y] : llvm::zip_equal(a->getSuccessors(), b->getSuccessors()))
      if (x != y && blocks.lookup(x) != y)
        return false;
    for (auto [x, y] : llvm::zip_equal(a->getResults(), b->getResults())) {
      if (x.getType() != y.getType())
        return false;
      values[x] = y;
    }
    for (auto [x, y] : llvm::zip_equal(a->getRegions(), b->getRegions()))
      if (!sameRegions(x, y))
        return false;
    return true;
  }

private:
  bool sameRegions(mlir::Region &a, mlir::Region &b) {
    if (a.getBlocks().size() != b.getBlocks().size())
      return false;
    // The blocks and their arguments first: a branch may name a later block.
    for (auto [x, y] : llvm::zip_equal(a, b)) {
      if (x.getNumArguments() != y.getNumArguments())
        return false;
      for (auto [u, v] : llvm::zip_equal(x.getArguments(), y.getArguments())) {
        if (u.getType() != v.getType() || u.getLoc() != v.getLoc())
          return false;
        values[u] = v;
      }
      blocks[&x] = &y;
    }
    for (auto [x, y] : llvm::zip_equal(a, b)) {
      if (x.getOperations().size() != y.getOperations().size())
        return false;
      for (auto [u, v] : llvm::zip_equal(x, y))
        if (!sameOps(&u, &v))
          return false;
    }
    return true;
  }

  // In place for kernels of a few dozen values (no allocation per hit).
  llvm::SmallDenseMap<mlir::Value, mlir::Value, 64> values;
  llvm::SmallDenseMap<mlir::Block *, mlir::Block *, 8> blocks;
};
}  // namespace

bool sameIR(mlir::ModuleOp a, mlir::ModuleOp b) {
  return IRComparison().sameOps(a, b);
}

}  // namespace tessera::driver
