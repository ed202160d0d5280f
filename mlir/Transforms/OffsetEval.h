//===- OffsetEval.h - Proving facts about run-time offsets ----------------===//
//
// Windows of a Ref often start at run-time offsets computed from a loop's
// induction variable or a loop-carried slot number (`buf[slot * 8]`,
// `sems[(i + 1) % 2]`). To tell two such windows apart, or to recognise
// that a wait in iteration i waits for the DMA started in iteration i - 1,
// the alias analysis needs more than "same SSA value": it needs to know
// what values the offsets can take. This file evaluates index/i32
// arithmetic symbolically and proves a relation between offsets for every
// value they can take at run time, by enumerating the few values of small
// quantities (an i1, a slot carried by a loop, `x % 2`) and treating the
// others as symbols of linear forms.
//
// Offsets seen from another loop iteration, or specialised to the first
// one, are expressed with substitutions (see Substitution).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>

namespace mlir::tessera {

/// Names a substitution of an OffsetEvaluator; 0 is the identity.
using SubstId = unsigned;

/// A run-time scalar as seen in some context: `value` with the
/// substitution `subst` applied to its definition.
struct Term {
  Value value;
  SubstId subst = 0;
  bool operator==(const Term &other) const {
    return value == other.value && subst == other.subst;
  }
  bool operator!=(const Term &other) const { return !(*this == other); }
  bool operator<(const Term &other) const;
};

/// Inside the region of `scope` (a loop), the keys of `map` stand for other
/// values: `target + add`, with `target` read under `parent`. Values
/// defined outside `scope` are read under `parent` directly.
///
/// A strict substitution describes another iteration of the loop: a value
/// defined in the loop that is neither mapped nor computed from mapped
/// values and values outside the loop is unknown there.
struct Substitution {
  struct Target {
    Value value;
    int64_t add = 0;
    /// The smallest value the key can take (a fact, e.g. "the previous
    /// iteration's induction variable is at least the lower bound").
    int64_t atLeast = std::numeric_limits<int64_t>::min();
  };
  Operation *scope = nullptr;
  SubstId parent = 0;
  bool strict = false;
  llvm::DenseMap<Value, Target> map;
};

/// The sum `constant + sum(terms)`: one offset of a window.
struct OffsetSum {
  int64_t constant = 0;
  ArrayRef<Term> terms;
};

/// A linear form over scalars that take too many values to enumerate:
/// `constant + sum(coefficient * symbol)`.
struct LinearForm {
  SmallVector<std::pair<Value, int64_t>, 2> symbols;  // sorted, nonzero
  int64_t constant = 0;
  /// Bounds of the value (saturated at the int64 limits when unknown).
  int64_t low = std::numeric_limits<int64_t>::min();
  int64_t high = std::numeric_limits<int64_t>::max();
  bool isConstant() const { return symbols.empty(); }
};

/// `b - a` when it is the same number for every value of the symbols.
std::optional<int64_t> getConstantDifference(const LinearForm &a, const LinearForm &b);

/// Evaluates and compares offsets. Keeps the substitutions of one analysis
/// and caches what it learned about values.
class OffsetEvaluator {
public:
  OffsetEvaluator();
  ~OffsetEvaluator();
  OffsetEvaluator(const OffsetEvaluator &) = delete;
  OffsetEvaluator &operator=(const OffsetEvaluator &) = delete;

  SubstId addSubstitution(Substitution substitution);
  const Substitution &getSubstitution(SubstId id) const;

  /// `term` in canonical form: the substitution dropped where it does not
  /// change the value, a mapped value replaced by its target. Returns the
  /// canonical term (a null value when it is the constant `add` alone) and
  /// the constant to add, or std::nullopt when the value is not known in
  /// that context (another iteration's value we cannot express).
  struct Canonical {
    Term term;
    int64_t add = 0;
  };
  std::optional<Canonical> canonicalize(Term term);

  /// True only if `predicate` holds for every value the sums can take
  /// together at run time (each sum evaluated to a linear form in the
  /// same symbols). False when it fails once or cannot be decided.
  bool proveForAll(ArrayRef<OffsetSum> sums,
                   llvm::function_ref<bool(ArrayRef<LinearForm>)> predicate);

  /// True if `value` is defined in `scope`'s regions (or is one of their
  /// block arguments).
  static bool isDefinedInside(Value value, Operation *scope);

private:
  std::optional<Canonical> canonicalizeUncached(Term term);
  struct Impl;
  std::unique_ptr<Impl> impl;
};

}  // namespace mlir::tessera
