//===- Elementwise.h - One element of every elementwise op -----------------===//
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "interpret/Values.h"
#include "mlir/IR/Operation.h"

namespace tessera::interpret {

/// The function computing one result element of the elementwise op `op`
/// from its operands' elements; `in` is the first operand's element type
/// (the condition's operands for arith.select), `out` the result's.
absl::StatusOr<std::function<Num(const Num *)>> elementFunction(mlir::Operation *op, Elem in,
                                                                Elem out);
/// The names of the ops elementFunction knows (its table).
std::vector<std::string> elementwiseOps();

}  // namespace tessera::interpret
