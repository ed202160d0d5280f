//===- ScalarFacts.h - What the compiler knows about a scalar's value -----===//
//
// Run-time scalars (i32 values and index offsets) decide where a window of
// a Ref lies. Some facts about them are known at compile time without
// knowing the value, and both the front end (which must reject a VMEM
// window whose run-time row start may not be tile-aligned) and instruction
// selection (which may then address the tile as base + dyn * colTiles) ask
// the same question here: which numbers surely divide this value?
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mlir/IR/Value.h"

#include <cstdint>

namespace mlir::tessera {

/// The value getKnownMultiple returns for 0, which every number divides.
inline constexpr int64_t kMultipleOfZero = int64_t{1} << 30;

/// The largest positive number known to divide `value` (an i32 or index
/// value) whatever it is at run time; 1 when nothing is known. The rules:
/// a constant c gives |c| (0 gives kMultipleOfZero); `arith.muli` the
/// product of its operands'; `arith.addi`/`arith.subi` their gcd;
/// `tessera.multiple_of` the lcm of its attribute and its operand's;
/// `arith.index_cast` its operand's; `arith.shli` by a constant k the
/// operand's times 2^k; `arith.select` the gcd of both choices; an
/// `scf.for` induction variable the gcd of its lower bound's and step's.
/// A product or lcm that would not fit falls back to the larger known
/// divisor, which still divides the value.
int64_t getKnownMultiple(Value value);

}  // namespace mlir::tessera
