//===- OffsetEval.cpp - Proving facts about run-time offsets --------------===//
//
// The evaluator reads a scalar's definition (the arith ops the front end
// emits for offsets, tessera.multiple_of, casts) down to leaves:
//
//  - a leaf that takes few values is enumerated: an i1, an scf.for
//    induction variable with constant bounds and at most
//    kMaxEnumeratedValues iterations, an scf.for iter_arg whose init and
//    yielded value only ever give a few constants (a slot toggled 0, 1, 0,
//    ...), and `x % c` / `x & (c - 1)` of anything (a "residue": x mod c,
//    one value of [0, c) per symbol and modulus);
//  - any other leaf is a symbol, and offsets become linear forms in the
//    symbols, with bounds (an induction variable is at least its lower
//    bound).
//
// A relation is proved by trying every combination of the enumerated
// leaves (up to kSearchBudget evaluations) and asking the predicate about
// the resulting linear forms. Anything the evaluator does not model makes
// the proof fail, which the callers read as "may overlap" / "not the same".
//
// Assumption: offset arithmetic does not wrap around 32 bits. The offsets
// are row and semaphore indices that the bounds checks keep inside their
// buffers; a constant result outside the 32-bit range is not trusted.
//
//===----------------------------------------------------------------------===//
#include "mlir/Transforms/OffsetEval.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TesseraDialect.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tessera;

bool Term::operator<(const Term &other) const {
  if (value != other.value)
    return value.getAsOpaquePointer() < other.value.getAsOpaquePointer();
  return subst < other.subst;
}

namespace {

/// Leaves with more values than this are symbols, not enumerated.
constexpr int64_t kMaxEnumeratedValues = 16;
/// Largest modulus whose residues are enumerated.
constexpr int64_t kMaxModulus = 64;
/// Evaluations (complete assignments) one proof may spend.
constexpr unsigned kSearchBudget = 4096;
/// Values one proof may evaluate in all (definitions are DAGs: shared
/// operands are evaluated again, so this bounds the work, not the depth).
constexpr unsigned kEvalBudget = 200000;
/// Evaluations of one evaluator (one analysis of a kernel) in all: past
/// them every value is unknown (the analyses' conservative answer), so
/// that compile time stays bounded. Measured: the samples' kernels take at
/// most 361,601 (matmul); a kernel of 9 matrices' padded element rows
/// through run-time-length DMAs took 427 million (11 s).
constexpr uint64_t kTotalEvalBudget = uint64_t{1} << 23;
/// Definitions deeper than this are not followed.
constexpr unsigned kMaxDepth = 24;

constexpr int64_t kInt32Min = std::numeric_limits<int32_t>::min();
constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();

/// A leaf being enumerated: `value` itself (modulus 0) or value mod modulus.
struct LeafKey {
  Value value;
  int64_t modulus = 0;
  bool operator==(const LeafKey &o) const { return value == o.value && modulus == o.modulus; }
};

enum class Status { ok, need, fail, infeasible };

struct Eval {
  Status status = Status::fail;
  LinearForm form;
};

Eval unknownValue() { return {Status::fail, {}}; }

Eval constantForm(int64_t c) {
  Eval r{Status::ok, {}};
  r.form.constant = c;
  r.form.low = r.form.high = c;
  return r;
}

/// One enumeration in progress: the values chosen so far, the leaf the last
/// evaluation asked for, what is left of the budget.
struct Search {
  SmallVector<std::pair<LeafKey, int64_t>, 4> assignment;
  LeafKey need;
  unsigned budget = kSearchBudget;
  unsigned evalBudget = kEvalBudget;

  std::optional<int64_t> lookup(const LeafKey &key) const {
    for (const auto &[k, v] : assignment)
      if (k == key)
        return v;
    return std::nullopt;
  }
};

enum class Outcome { holds, fails, need };

bool fitsInt32(int64_t v) { return v >= kInt32Min && v <= kInt32Max; }

std::optional<int64_t> addBound(std::optional<int64_t> a, std::optional<int64_t> b,
                                bool isLow) {
  int64_t limit = isLow ? std::numeric_limits<int64_t>::min()
                        : std::numeric_limits<int64_t>::max();
  if (!a || !b || *a == limit || *b == limit)
    return limit;
  int64_t r = 0;
  if (llvm::AddOverflow(*a, *b, r))
    return limit;
  return r;
}

/// a + b; fails when the constant overflows.
std::optional<LinearForm> addForms(const LinearForm &a, const LinearForm &b) {
  LinearForm r;
  if (llvm::AddOverflow(a.constant, b.constant, r.constant))
    return std::nullopt;
  auto less = [](Value x, Value y) {
    return x.getAsOpaquePointer() < y.getAsOpaquePointer();
  };
  size_t i = 0, j = 0;
  while (i < a.symbols.size() || j < b.symbols.size()) {
    if (j == b.symbols.size() ||
        (i < a.symbols.size() && less(a.symbols[i].first, b.symbols[j].first))) {
      r.symbols.push_back(a.symbols[i++]);
    } else if (i == a.symbols.size() || less(b.symbols[j].first, a.symbols[i].first)) {
      r.symbols.push_back(b.symbols[j++]);
    } else {
      int64_t c = 0;
      if (llvm::AddOverflow(a.symbols[i].second, b.symbols[j].second, c))
        return std::nullopt;
      if (c != 0)
        r.symbols.push_back({a.symbols[i].first, c});
      ++i;
      ++j;
    }
  }
  r.low = *addBound(a.low, b.low, /*isLow=*/true);
  r.high = *addBound(a.high, b.high, /*isLow=*/false);
  if (r.isConstant())
    r.low = r.high = r.constant;
  return r;
}

/// k * a; fails on overflow.
std::optional<LinearForm> scaleForm(const LinearForm &a, int64_t k) {
  LinearForm r;
  if (k == 0) {
    r.low = r.high = 0;
    return r;
  }
  if (llvm::MulOverflow(a.constant, k, r.constant))
    return std::nullopt;
  for (auto [symbol, c] : a.symbols) {
    int64_t scaled = 0;
    if (llvm::MulOverflow(c, k, scaled))
      return std::nullopt;
    r.symbols.push_back({symbol, scaled});
  }
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  auto scaleBound = [&](int64_t bound) -> std::optional<int64_t> {
    if (bound == kMin || bound == kMax)
      return std::nullopt;
    int64_t v = 0;
    if (llvm::MulOverflow(bound, k, v))
      return std::nullopt;
    return v;
  };
  auto lo = scaleBound(a.low), hi = scaleBound(a.high);
  if (k > 0) {
    r.low = lo ? *lo : kMin;
    r.high = hi ? *hi : kMax;
  } else {
    r.low = hi ? *hi : kMin;
    r.high = lo ? *lo : kMax;
  }
  if (r.isConstant())
    r.low = r.high = r.constant;
  return r;
}

/// x mod m in [0, m).
int64_t mathMod(int64_t x, int64_t m) {
  int64_t r = x % m;
  return r < 0 ? r + m : r;
}

std::optional<int64_t> getConstant(Value v) {
  APInt c;
  if (!matchPattern(v, m_ConstantInt(&c)))
    return std::nullopt;
  if (c.getBitWidth() == 1)
    return c.getZExtValue();
  if (c.getSignificantBits() > 64)
    return std::nullopt;
  return c.getSExtValue();
}

bool isI1(Value v) { return v.getType().isInteger(1); }

/// The scf.for whose induction variable `v` is (scf::getForInductionVarOwner
/// answers for every argument of the body, iter_args included).
scf::ForOp getInductionVarOwner(Value v) {
  scf::ForOp loop = scf::getForInductionVarOwner(v);
  return loop && loop.getInductionVar() == v ? loop : scf::ForOp();
}


}  // namespace

std::optional<int64_t> mlir::tessera::getConstantDifference(const LinearForm &a,
                                                            const LinearForm &b) {
  if (a.symbols != b.symbols)
    return std::nullopt;
  int64_t d = 0;
  if (llvm::SubOverflow(b.constant, a.constant, d))
    return std::nullopt;
  return d;
}

bool OffsetEvaluator::isDefinedInside(Value value, Operation *scope) {
  if (!scope || !value)
    return false;
  if (auto arg = llvm::dyn_cast<BlockArgument>(value)) {
    Operation *parent = arg.getOwner()->getParentOp();
    return parent && scope->isAncestor(parent);
  }
  Operation *def = value.getDefiningOp();
  return def && def != scope && scope->isAncestor(def);
}

//===----------------------------------------------------------------------===//
// Impl
//===----------------------------------------------------------------------===//

struct OffsetEvaluator::Impl {
  SmallVector<Substitution> substs;
  /// Finite sets of values of leaves (std::nullopt: not a small set).
  DenseMap<std::pair<Value, int64_t>, std::optional<SmallVector<int64_t>>> domains;
  llvm::DenseSet<Value> computingDomain;
  /// canonicalize's answers by term (substitutions are only added, so a
  /// term's answer never changes): the flow analysis asks for the same
  /// offsets once per transfer and loop, and an answer may take a search.
  DenseMap<std::pair<Value, SubstId>, std::optional<Canonical>> canonical;
  /// Evaluations left to all the searches together (kTotalEvalBudget).
  uint64_t totalEvalBudget = kTotalEvalBudget;

  Impl() { substs.emplace_back(); }

  Eval eval(Value v, SubstId s, Search &search, unsigned depth);
  Eval evalOp(Operation *op, Value v, SubstId s, Search &search, unsigned depth);
  Eval leaf(Value v, Search &search);
  Eval residue(const LinearForm &x, int64_t modulus, Search &search);
  const std::optional<SmallVector<int64_t>> &getDomain(const LeafKey &key);
  std::optional<SmallVector<int64_t>> computeDomain(Value v);
  /// Every constant `v` takes (under s = 0) with the leaves in `base` fixed.
  bool collectValues(Value v, ArrayRef<std::pair<LeafKey, int64_t>> base,
                     SmallVectorImpl<int64_t> &values);
  bool enumerate(Search &search, llvm::function_ref<Outcome(Search &)> attempt);
  /// Whether v (inside s's scope) depends on mapped values, and on values
  /// of the scope that are neither mapped nor computable.
  void dependence(Value v, const Substitution &s, bool &mapped, bool &opaque,
                  unsigned depth, llvm::DenseSet<Value> &seen);
};

bool OffsetEvaluator::Impl::enumerate(Search &search,
                                      llvm::function_ref<Outcome(Search &)> attempt) {
  if (search.budget == 0)
    return false;
  --search.budget;
  Outcome outcome = attempt(search);
  if (outcome != Outcome::need)
    return outcome == Outcome::holds;
  LeafKey key = search.need;
  if (search.lookup(key))
    return false;  // Asked again for a leaf it has: a bug; refuse to prove.
  // Copy: getDomain may grow the cache while the loop below recurses.
  std::optional<SmallVector<int64_t>> domain = getDomain(key);
  if (!domain)
    return false;
  for (int64_t value : *domain) {
    search.assignment.push_back({key, value});
    bool ok = enumerate(search, attempt);
    search.assignment.pop_back();
    if (!ok)
      return false;
  }
  return true;
}

const std::optional<SmallVector<int64_t>> &
OffsetEvaluator::Impl::getDomain(const LeafKey &key) {
  auto cacheKey = std::make_pair(key.value, key.modulus);
  auto it = domains.find(cacheKey);
  if (it != domains.end())
    return it->second;
  std::optional<SmallVector<int64_t>> domain;
  if (key.modulus > 0) {
    domain.emplace();
    for (int64_t r = 0; r < key.modulus; ++r)
      domain->push_back(r);
  } else {
    domain = computeDomain(key.value);
  }
  return domains[cacheKey] = std::move(domain);
}

std::optional<SmallVector<int64_t>> OffsetEvaluator::Impl::computeDomain(Value v) {
  if (isI1(v))
    return SmallVector<int64_t>{0, 1};
  if (scf::ForOp loop = getInductionVarOwner(v)) {
    auto lb = getConstant(loop.getLowerBound()), ub = getConstant(loop.getUpperBound()),
         step = getConstant(loop.getStep());
    if (!lb || !ub || !step || *step <= 0)
      return std::nullopt;
    SmallVector<int64_t> values;
    for (int64_t x = *lb; x < *ub; x += *step) {
      if ((int64_t)values.size() == kMaxEnumeratedValues)
        return std::nullopt;
      values.push_back(x);
    }
    return values;
  }
  // A loop-carried value that only ever takes a few values: close the set
  // {init} under "what the body yields for it".
  auto arg = llvm::dyn_cast<BlockArgument>(v);
  if (!arg)
    return std::nullopt;
  auto loop = llvm::dyn_cast_or_null<scf::ForOp>(arg.getOwner()->getParentOp());
  if (!loop || arg.getArgNumber() == 0 || !computingDomain.insert(v).second)
    return std::nullopt;
  unsigned k = arg.getArgNumber() - 1;
  Value init = loop.getInitArgs()[k];
  Value yielded = loop.getBody()->getTerminator()->getOperand(k);
  std::optional<SmallVector<int64_t>> result;
  SmallVector<int64_t> values;
  if (collectValues(init, {}, values)) {
    SmallVector<int64_t> set;
    bool ok = true;
    for (size_t i = 0; ok && i < values.size(); ++i) {
      if (llvm::is_contained(set, values[i]))
        continue;
      if ((int64_t)set.size() == kMaxEnumeratedValues) {
        ok = false;
        break;
      }
      set.push_back(values[i]);
      SmallVector<int64_t> next;
      ok = collectValues(yielded, {{LeafKey{v, 0}, values[i]}}, next);
      values.append(next.begin(), next.end());
      if (values.size() > 64 * kMaxEnumeratedValues)
        ok = false;
    }
    if (ok)
      result = std::move(set);
  }
  computingDomain.erase(v);
  return result;
}

bool OffsetEvaluator::Impl::collectValues(Value v,
                                          ArrayRef<std::pair<LeafKey, int64_t>> base,
                                          SmallVectorImpl<int64_t> &values) {
  Search search;
  search.assignment.assign(base.begin(), base.end());
  return enumerate(search, [&](Search &s) {
    Eval r = eval(v, 0, s, 0);
    switch (r.status) {
    case Status::need: return Outcome::need;
    case Status::infeasible: return Outcome::holds;
    case Status::fail: return Outcome::fails;
    case Status::ok: break;
    }
    if (!r.form.isConstant())
      return Outcome::fails;
    values.push_back(r.form.constant);
    return Outcome::holds;
  });
}

Eval OffsetEvaluator::Impl::leaf(Value v, Search &search) {
  LeafKey key{v, 0};
  if (auto assigned = search.lookup(key))
    return constantForm(*assigned);
  if (getDomain(key)) {
    search.need = key;
    return {Status::need, {}};
  }
  // A symbol, with what is known of its range.
  Eval r{Status::ok, {}};
  r.form.symbols.push_back({v, 1});
  if (scf::ForOp loop = getInductionVarOwner(v)) {
    if (auto lb = getConstant(loop.getLowerBound()))
      r.form.low = *lb;
    if (auto ub = getConstant(loop.getUpperBound()))
      r.form.high = *ub - 1;
  } else if (v.getType().isInteger(32)) {
    r.form.low = kInt32Min;
    r.form.high = kInt32Max;
  }
  return r;
}

Eval OffsetEvaluator::Impl::residue(const LinearForm &x, int64_t modulus, Search &search) {
  int64_t r = mathMod(x.constant, modulus);
  for (auto [symbol, coefficient] : x.symbols) {
    LeafKey key{symbol, modulus};
    auto assigned = search.lookup(key);
    if (!assigned) {
      search.need = key;
      return {Status::need, {}};
    }
    r = mathMod(r + mathMod(coefficient, modulus) * *assigned, modulus);
  }
  return constantForm(r);
}

Eval OffsetEvaluator::Impl::eval(Value v, SubstId s, Search &search, unsigned depth) {
  if (!v || depth > kMaxDepth || search.evalBudget == 0 || totalEvalBudget == 0)
    return unknownValue();
  --search.evalBudget;
  --totalEvalBudget;
  // Walk out of substitutions that do not concern v; apply the one that maps it.
  while (s != 0) {
    const Substitution &subst = substs[s];
    if (!isDefinedInside(v, subst.scope)) {
      s = subst.parent;
      continue;
    }
    auto it = subst.map.find(v);
    if (it != subst.map.end()) {
      Eval r = eval(it->second.value, subst.parent, search, depth + 1);
      if (r.status != Status::ok)
        return r;
      auto shifted = addForms(r.form, constantForm(it->second.add).form);
      if (!shifted)
        return unknownValue();
      r.form = *shifted;
      int64_t atLeast = it->second.atLeast;
      if (r.form.high < atLeast)
        return {Status::infeasible, {}};
      if (!r.form.isConstant())
        r.form.low = std::max(r.form.low, atLeast);
      return r;
    }
    break;
  }
  if (auto c = getConstant(v))
    return constantForm(*c);
  if (Operation *op = v.getDefiningOp()) {
    Eval r = evalOp(op, v, s, search, depth);
    if (r.status != Status::fail || !isI1(v))
      return r;
    // An i1 we cannot compute is still 0 or 1.
  }
  // A leaf: another iteration's value when the substitution is strict.
  if (s != 0 && substs[s].strict)
    return unknownValue();
  return leaf(v, search);
}

Eval OffsetEvaluator::Impl::evalOp(Operation *op, Value v, SubstId s, Search &search,
                                   unsigned depth) {
  // All operands: a failure anywhere wins over a request for a leaf (there
  // is no point enumerating it).
  auto operands = [&](SmallVectorImpl<Eval> &out) -> std::optional<Eval> {
    std::optional<unsigned> needed;
    for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
      out.push_back(eval(operand, s, search, depth + 1));
      Status st = out.back().status;
      if (st == Status::fail || st == Status::infeasible)
        return out.back();
      if (st == Status::need && !needed)
        needed = i;
    }
    if (needed)  // Ask again: a later operand may have asked for another leaf.
      return eval(op->getOperand(*needed), s, search, depth + 1);
    return std::nullopt;
  };
  auto checked = [&](std::optional<LinearForm> form) -> Eval {
    if (!form)
      return unknownValue();
    if (form->isConstant() && !fitsInt32(form->constant))
      return unknownValue();
    return {Status::ok, *form};
  };

  if (isa<MultipleOfOp, arith::IndexCastOp, arith::ExtSIOp>(op) ||
      isa<arith::IndexCastUIOp, arith::ExtUIOp>(op)) {
    SmallVector<Eval> in;
    if (auto early = operands(in))
      return *early;
    // Unsigned casts keep the value only when it is not negative (an i1 is 0 or 1).
    if (isa<arith::IndexCastUIOp, arith::ExtUIOp>(op) && in[0].form.low < 0)
      return unknownValue();
    return in[0];
  }
  if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::ShLIOp, arith::DivSIOp,
          arith::DivUIOp, arith::RemSIOp, arith::RemUIOp, arith::AndIOp, arith::OrIOp,
          arith::XOrIOp, arith::ShRSIOp, arith::ShRUIOp, arith::MaxSIOp,
          arith::MinSIOp>(op)) {
    SmallVector<Eval> in;
    if (auto early = operands(in))
      return *early;
    const LinearForm &a = in[0].form, &b = in[1].form;
    bool constants = a.isConstant() && b.isConstant();
    int64_t x = a.constant, y = b.constant;
    if (isa<arith::AddIOp>(op))
      return checked(addForms(a, b));
    if (isa<arith::SubIOp>(op)) {
      auto negated = scaleForm(b, -1);
      return checked(negated ? addForms(a, *negated) : std::nullopt);
    }
    if (isa<arith::MulIOp>(op)) {
      if (b.isConstant())
        return checked(scaleForm(a, y));
      if (a.isConstant())
        return checked(scaleForm(b, x));
      return unknownValue();
    }
    if (isa<arith::ShLIOp>(op)) {
      if (!b.isConstant() || y < 0 || y > 30)
        return unknownValue();
      return checked(scaleForm(a, int64_t{1} << y));
    }
    if (isa<arith::MaxSIOp, arith::MinSIOp>(op)) {
      auto d = getConstantDifference(a, b);  // b - a
      if (!d)
        return unknownValue();
      bool bIsLarger = *d > 0;
      return {Status::ok, isa<arith::MaxSIOp>(op) == bIsLarger ? b : a};
    }
    // x % c and x & (2^k - 1) of a non-constant x: a residue.
    if (isa<arith::RemSIOp, arith::RemUIOp, arith::AndIOp>(op) && !a.isConstant() &&
        b.isConstant()) {
      int64_t modulus = isa<arith::AndIOp>(op) ? y + 1 : y;
      if (modulus <= 0 || modulus > kMaxModulus)
        return unknownValue();
      if (isa<arith::AndIOp>(op) && !llvm::isPowerOf2_64(modulus))
        return unknownValue();
      // x % c is x mod c for x >= 0; for an unsigned remainder also when c
      // divides 2^32; a mask is a power-of-two modulus in two's complement.
      bool exact = a.low >= 0 || isa<arith::AndIOp>(op) ||
                   (isa<arith::RemUIOp>(op) && llvm::isPowerOf2_64(modulus));
      if (!exact)
        return unknownValue();
      return residue(a, modulus, search);
    }
    if (!constants)
      return unknownValue();
    uint64_t ux = static_cast<uint32_t>(x), uy = static_cast<uint32_t>(y);
    std::optional<int64_t> result;
    if (isa<arith::DivSIOp>(op) && y != 0)
      result = x / y;
    else if (isa<arith::DivUIOp>(op) && uy != 0)
      result = static_cast<int64_t>(static_cast<int32_t>(ux / uy));
    else if (isa<arith::RemSIOp>(op) && y != 0)
      result = x % y;
    else if (isa<arith::RemUIOp>(op) && uy != 0)
      result = static_cast<int64_t>(static_cast<int32_t>(ux % uy));
    else if (isa<arith::AndIOp>(op))
      result = x & y;
    else if (isa<arith::OrIOp>(op))
      result = x | y;
    else if (isa<arith::XOrIOp>(op))
      result = x ^ y;
    else if (isa<arith::ShRSIOp>(op) && y >= 0 && y < 32)
      result = static_cast<int64_t>(static_cast<int32_t>(x) >> y);
    else if (isa<arith::ShRUIOp>(op) && y >= 0 && y < 32)
      result = static_cast<int64_t>(static_cast<int32_t>(ux >> y));
    if (!result)
      return unknownValue();
    if (isI1(v))
      result = *result & 1;
    return checked(constantForm(*result).form);
  }
  if (auto select = dyn_cast<arith::SelectOp>(op)) {
    Eval c = eval(select.getCondition(), s, search, depth + 1);
    if (c.status != Status::ok)
      return c;
    if (!c.form.isConstant())
      return unknownValue();
    return eval(c.form.constant ? select.getTrueValue() : select.getFalseValue(), s, search,
                depth + 1);
  }
  if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
    SmallVector<Eval> in;
    if (auto early = operands(in))
      return *early;
    auto d = getConstantDifference(in[0].form, in[1].form);  // rhs - lhs
    if (!d)
      return unknownValue();
    using P = arith::CmpIPredicate;
    bool value;
    switch (cmp.getPredicate()) {
    case P::eq: value = *d == 0; break;
    case P::ne: value = *d != 0; break;
    case P::slt: value = *d > 0; break;
    case P::sle: value = *d >= 0; break;
    case P::sgt: value = *d < 0; break;
    case P::sge: value = *d <= 0; break;
    default:
      // Unsigned comparisons of constants.
      if (!in[0].form.isConstant())
        return unknownValue();
      uint32_t l = static_cast<uint32_t>(in[0].form.constant),
               r = static_cast<uint32_t>(in[1].form.constant);
      switch (cmp.getPredicate()) {
      case P::ult: value = l < r; break;
      case P::ule: value = l <= r; break;
      case P::ugt: value = l > r; break;
      default: value = l >= r; break;
      }
    }
    return constantForm(value ? 1 : 0);
  }
  return unknownValue();
}

void OffsetEvaluator::Impl::dependence(Value v, const Substitution &s, bool &mapped,
                                       bool &opaque, unsigned depth,
                                       llvm::DenseSet<Value> &seen) {
  if (mapped && opaque)
    return;
  if (!isDefinedInside(v, s.scope) || !seen.insert(v).second)
    return;
  if (depth > kMaxDepth) {
    mapped = opaque = true;
    return;
  }
  if (s.map.count(v)) {
    mapped = true;
    return;
  }
  if (getConstant(v))
    return;
  Operation *op = v.getDefiningOp();
  bool computable =
      op && isa<MultipleOfOp, arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
                arith::ExtUIOp, arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::ShLIOp,
                arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
                arith::AndIOp, arith::OrIOp, arith::XOrIOp, arith::ShRSIOp, arith::ShRUIOp,
                arith::MaxSIOp, arith::MinSIOp, arith::SelectOp, arith::CmpIOp>(op);
  if (!computable) {
    opaque = true;
    return;
  }
  for (Value operand : op->getOperands())
    dependence(operand, s, mapped, opaque, depth + 1, seen);
}

//===----------------------------------------------------------------------===//
// OffsetEvaluator
//===----------------------------------------------------------------------===//

OffsetEvaluator::OffsetEvaluator() : impl(std::make_unique<Impl>()) {}
OffsetEvaluator::~OffsetEvaluator() = default;

SubstId OffsetEvaluator::addSubstitution(Substitution substitution) {
  impl->substs.push_back(std::move(substitution));
  return impl->substs.size() - 1;
}

const Substitution &OffsetEvaluator::getSubstitution(SubstId id) const {
  return impl->substs[id];
}

std::optional<OffsetEvaluator::Canonical> OffsetEvaluator::canonicalize(Term term) {
  auto key = std::make_pair(term.value, term.subst);
  if (auto it = impl->canonical.find(key); it != impl->canonical.end())
    return it->second;
  std::optional<Canonical> c = canonicalizeUncached(term);
  impl->canonical[key] = c;
  return c;
}

std::optional<OffsetEvaluator::Canonical> OffsetEvaluator::canonicalizeUncached(Term term) {
  Value v = term.value;
  SubstId s = term.subst;
  int64_t add = 0;
  while (s != 0) {
    const Substitution &subst = impl->substs[s];
    if (!isDefinedInside(v, subst.scope)) {
      s = subst.parent;
      continue;
    }
    auto it = subst.map.find(v);
    if (it != subst.map.end()) {
      if (llvm::AddOverflow(add, it->second.add, add))
        return std::nullopt;
      v = it->second.value;
      s = subst.parent;
      continue;
    }
    bool mapped = false, opaque = false;
    llvm::DenseSet<Value> seen;
    impl->dependence(v, subst, mapped, opaque, 0, seen);
    if (subst.strict && opaque)
      return std::nullopt;
    if (!mapped) {
      s = subst.parent;
      continue;
    }
    // It depends on the substitution: perhaps a constant there.
    Search search;
    Eval r = impl->eval(v, s, search, 0);
    if (r.status == Status::ok && r.form.isConstant()) {
      if (llvm::AddOverflow(add, r.form.constant, add))
        return std::nullopt;
      return Canonical{Term{}, add};
    }
    break;
  }
  if (auto c = getConstant(v)) {
    if (llvm::AddOverflow(add, *c, add))
      return std::nullopt;
    return Canonical{Term{}, add};
  }
  return Canonical{Term{v, s}, add};
}

bool OffsetEvaluator::proveForAll(ArrayRef<OffsetSum> sums,
                                  llvm::function_ref<bool(ArrayRef<LinearForm>)> predicate) {
  Search search;
  return impl->enumerate(search, [&](Search &st) {
    SmallVector<LinearForm, 4> forms;
    for (const OffsetSum &sum : sums) {
      LinearForm total = constantForm(sum.constant).form;
      for (const Term &term : sum.terms) {
        Eval r = impl->eval(term.value, term.subst, st, 0);
        switch (r.status) {
        case Status::need: return Outcome::need;
        case Status::infeasible: return Outcome::holds;  // Cannot happen at run time.
        case Status::fail: return Outcome::fails;
        case Status::ok: break;
        }
        auto next = addForms(total, r.form);
        if (!next)
          return Outcome::fails;
        total = std::move(*next);
      }
      forms.push_back(std::move(total));
    }
    return predicate(forms) ? Outcome::holds : Outcome::fails;
  });
}
