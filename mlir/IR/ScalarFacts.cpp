//===- ScalarFacts.cpp - Divisibility of run-time scalars -----------------===//
//
// getKnownMultiple follows the value's definition through the arithmetic
// the front end emits for offsets. Internally 0 means "the value is 0"
// (every number divides it), which makes sums, products and choices
// compose without special cases (gcd(0, b) = b, 0 * b = 0); it becomes
// kMultipleOfZero only at the end. Every intermediate answer is a true
// divisor: an overflowing product or lcm falls back to the larger factor.
//
//===----------------------------------------------------------------------===//
#include "mlir/IR/ScalarFacts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TesseraDialect.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::tessera;

namespace {

/// Definitions deeper than this are not followed (the answer is then 1).
constexpr unsigned kMaxDepth = 32;

/// The scf.for whose induction variable `v` is (scf::getForInductionVarOwner
/// answers for every argument of the body, iter_args included).
scf::ForOp getInductionVarOwner(Value v) {
  scf::ForOp loop = scf::getForInductionVarOwner(v);
  return loop && loop.getInductionVar() == v ? loop : scf::ForOp();
}

/// A divisor of a * b given divisors of a and b.
int64_t multiply(int64_t a, int64_t b) {
  int64_t product = 0;
  if (llvm::MulOverflow(a, b, product))
    return std::max(a, b);
  return product;
}

/// A divisor of v given that a and b both divide it.
int64_t combine(int64_t a, int64_t b) {
  if (a == 0 || b == 0)
    return 0;
  int64_t g = std::gcd(a, b);
  return multiply(a / g, b);
}

/// Known divisor of `value`; 0 when the value is known to be 0.
int64_t knownMultiple(Value value, unsigned depth) {
  if (depth > kMaxDepth)
    return 1;
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant))) {
    if (constant.getSignificantBits() > 63)
      return 1;  // |c| would not fit; 1 divides it.
    int64_t c = constant.getSExtValue();
    return c < 0 ? -c : c;
  }
  if (scf::ForOp loop = getInductionVarOwner(value))
    return std::gcd(knownMultiple(loop.getLowerBound(), depth + 1),
                    knownMultiple(loop.getStep(), depth + 1));
  Operation *op = value.getDefiningOp();
  if (!op)
    return 1;
  auto operand = [&](unsigned i) { return knownMultiple(op->getOperand(i), depth + 1); };
  if (auto multiple = dyn_cast<MultipleOfOp>(op))
    return combine(operand(0), multiple.getMultipleAttr().getInt());
  if (isa<arith::IndexCastOp>(op))
    return operand(0);
  if (isa<arith::MulIOp>(op))
    return multiply(operand(0), operand(1));
  if (isa<arith::AddIOp, arith::SubIOp>(op))
    return std::gcd(operand(0), operand(1));
  if (auto select = dyn_cast<arith::SelectOp>(op))
    return std::gcd(knownMultiple(select.getTrueValue(), depth + 1),
                    knownMultiple(select.getFalseValue(), depth + 1));
  if (isa<arith::AndIOp>(op)) {
    // The low bits clear in either operand are clear in the result: the
    // larger of their powers of two (n & -8 is a multiple of 8).
    auto pow2 = [](int64_t m) { return m == 0 ? int64_t{0} : m & -m; };
    int64_t a = pow2(operand(0)), b = pow2(operand(1));
    if (a == 0 || b == 0)
      return 0;  // and with zero
    return std::max(a, b);
  }
  if (isa<arith::ShLIOp>(op)) {
    APInt shift;
    // Shifts of 31 or more are not multiplications by 2^k on 32-bit
    // registers; say nothing about them.
    if (matchPattern(op->getOperand(1), m_ConstantInt(&shift)) &&
        shift.getSignificantBits() <= 63 && shift.getSExtValue() >= 0 &&
        shift.getSExtValue() < 31)
      return multiply(operand(0), int64_t{1} << shift.getSExtValue());
    return 1;
  }
  return 1;
}

}  // namespace

int64_t mlir::tessera::getKnownMultiple(Value value) {
  if (!value)
    return 1;
  int64_t multiple = knownMultiple(value, 0);
  return multiple == 0 ? kMultipleOfZero : multiple;
}
