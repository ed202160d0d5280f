//===- StructuralHash.cpp - A hash of kernel IR without printing it -------===//
#include "driver/StructuralHash.h"

#include <cstdint>

#include "llvm/ADT/DenseMap.h"
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

}  // namespace tessera::driver
