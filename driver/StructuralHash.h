//===- StructuralHash.h - A hash of kernel IR without printing it ---------===//
//
// The compile cache's first question, asked at every kernel call: has this
// kernel IR been compiled before? Printing the IR to hash it cost more than
// the rest of a cache hit; this hash walks it once instead. sameIR confirms
// a hash's match, as every hit needs.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>

#include "mlir/IR/BuiltinOps.h"

namespace tessera::driver {

/// A hash of `module`'s structure: each op's name, attributes, properties,
/// result types and location, its operands as the numbers of the values
/// they use (in order of definition), and the shape of its regions. Modules
/// that print the same with locations hash the same.
size_t structuralHash(mlir::ModuleOp module);

/// Whether `a` and `b` are the same IR, locations included: the same ops
/// (names, attribute dictionaries, properties, locations, result types),
/// operands and successors naming corresponding values and blocks, and
/// regions of the same blocks (argument types and locations). What
/// mlir::OperationEquivalence checks without flags, or stricter (the whole
/// attribute dictionary), walked without its callbacks: the cache asks at
/// every hit.
bool sameIR(mlir::ModuleOp a, mlir::ModuleOp b);

}  // namespace tessera::driver
