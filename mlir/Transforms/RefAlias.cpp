//===- RefAlias.cpp - Which Ref windows may overlap, and who touches them -===//
//
// The rules, in the order the passes rely on them.
//
// Windows. Every Ref value is a window of a root: `tessera.view` is a box
// with unit strides in its source's index space, so views compose by adding
// offsets dimension by dimension until a value that is not a view (a kernel
// argument, or the result of an op we do not know) is reached. An offset is
// `lo + sum(terms)`: static parts add up, run-time index values are kept as
// symbolic terms (and `arith.addi`/`arith.subi` with constants and index
// constants are folded into them). Dynamic offsets are assumed in bounds
// (bounds checks off is the user's promise, as in Pallas): a window with a
// run-time offset lies somewhere inside its root's dimension. If the root's
// layout is not the identity, index-space boxes say nothing precise about
// addresses, so its dimensions are "unknown": anywhere in the dimension.
//
// Overlap. Windows of the same root may overlap unless some dimension
// proves them apart: both offsets have the same symbolic terms and the
// static intervals are disjoint, or (OffsetEval.h) the intervals are
// disjoint for every value the run-time offsets can take together. So
// `x[%i, 0]` and `x[%i, 128]` are apart, `buf[%slot * 8]` and
// `buf[(1 - %slot) * 8]` are apart when %slot is 0 or 1, while `x[%i, 0]`
// and `x[%j, 0]` may overlap. Windows of different roots:
//   - never, if they live in different memories (HBM/ANY, VMEM, SMEM and
//     semaphore memory are separate address spaces);
//   - never, if either root is a kernel argument that is private: a scratch
//     buffer (arguments after the inputs and outputs), or any argument in
//     VMEM, SMEM or semaphore memory;
//   - otherwise they may: HBM/ANY inputs and outputs may be the same buffer
//     (nothing in the IR says they are distinct), and a root that is not a
//     kernel argument may be a view of anything.
// The scratch arguments start after tessera.num_inputs + tessera.num_outputs
// (the inputs include the scalar-prefetch inputs in SMEM).
//
// Cover and equality. `outer` must cover `inner` when they share a root and
// in every dimension `outer` spans the whole root dimension, or outer's
// interval contains inner's (same terms, or proved for every value). Two
// windows are the same when they share a root and every dimension has the
// same size and offset (same terms and static offset, or proved equal),
// with no unknown dimension.
//
// Control flow. Offsets may be read in a context: a loop's first
// iteration, or a value of the previous iteration seen from the current
// one (a Term with a substitution; DmaFlow creates them). Seen from outside
// an scf.for/if/while, a window whose offset is defined inside it (the
// induction variable, a value computed in a branch) may be anywhere in
// that dimension: it is "widened".
//
// Effects. `tessera.load` reads its window and `tessera.store` writes its
// window. A run-time check (tessera.check, bounds_check, semaphore_check)
// may stop the core: it reads all memory and writes none. A DMA reads its
// source and writes its destination at some time
// between its `dma_start` and its completion, so both ops count as a read
// of src and a write of dst (and of the semaphore), and DmaFlow says which
// transfers are in flight at each op. Pure ops touch nothing. scf.for,
// scf.if and scf.while read and write what the ops in their regions may
// (widened). Ops that declare memory effects read or write the whole of
// each Ref they name, and all memory for effects on no Ref. Any other op
// (unregistered, or with no effect interface, such as a call or an unknown
// op with regions) reads and writes everything, and may have started a
// transfer that outlives it, so all memory counts as in flight until the
// end of its block.
//
//===----------------------------------------------------------------------===//
#include "mlir/Transforms/RefAlias.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TesseraDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::tessera;

namespace {

/// The address spaces that never share a byte. std::nullopt: a memory
/// space attribute this dialect does not know.
enum class Memory { hbm, vmem, smem, semaphore };

std::optional<Memory> getMemory(Type type) {
  auto memref = llvm::dyn_cast<MemRefType>(type);
  if (!memref)
    return std::nullopt;
  if (memref.getMemorySpace() && !llvm::isa<MemorySpaceAttr>(memref.getMemorySpace()))
    return std::nullopt;
  switch (getMemorySpace(memref)) {
  case MemorySpace::any:
  case MemorySpace::hbm: return Memory::hbm;
  case MemorySpace::vmem: return Memory::vmem;
  case MemorySpace::smem: return Memory::smem;
  case MemorySpace::semaphore_mem: return Memory::semaphore;
  }
  return std::nullopt;
}

/// Adds `value` to the offset `lo + terms`, folding index constants and
/// additions or subtractions of constants. False if `lo` would overflow.
bool addOffset(Value value, int64_t &lo, SmallVectorImpl<Value> &terms,
               unsigned depth) {
  APInt constant;
  auto isSmallConstant = [&](Value v) {
    return matchPattern(v, m_ConstantInt(&constant)) &&
           constant.getSignificantBits() <= 64;
  };
  if (isSmallConstant(value))
    return !llvm::AddOverflow(lo, constant.getSExtValue(), lo);
  if (depth < 8) {
    if (auto add = value.getDefiningOp<arith::AddIOp>())
      return addOffset(add.getLhs(), lo, terms, depth + 1) &&
             addOffset(add.getRhs(), lo, terms, depth + 1);
    if (auto sub = value.getDefiningOp<arith::SubIOp>();
        sub && isSmallConstant(sub.getRhs()))
      return !llvm::SubOverflow(lo, constant.getSExtValue(), lo) &&
             addOffset(sub.getLhs(), lo, terms, depth + 1);
  }
  terms.push_back(value);
  return true;
}

/// Adds the run-time offset `value`, read under `subst`, to `dim`. False if
/// it cannot be represented (the dimension is then unknown).
bool addOffset(OffsetEvaluator &evaluator, Value value, SubstId subst, WindowDim &dim) {
  SmallVector<Value, 2> values;
  if (!addOffset(value, dim.lo, values, 0))
    return false;
  for (Value v : values) {
    if (subst == 0) {
      dim.terms.push_back(Term{v, 0});
      continue;
    }
    auto canonical = evaluator.canonicalize(Term{v, subst});
    if (!canonical || llvm::AddOverflow(dim.lo, canonical->add, dim.lo))
      return false;
    if (canonical->term.value)
      dim.terms.push_back(canonical->term);
  }
  return true;
}

void sortTerms(SmallVectorImpl<Term> &terms) { llvm::sort(terms); }

/// One past the last index of a dimension; "infinite" for a whole dynamic one.
int64_t getHi(const WindowDim &d) {
  int64_t hi = 0;
  if (ShapedType::isDynamic(d.size) || llvm::AddOverflow(d.lo, d.size, hi))
    return std::numeric_limits<int64_t>::max();
  return hi;
}

/// The offsets of two dimensions for OffsetEvaluator::proveForAll.
std::array<OffsetSum, 2> getSums(const WindowDim &a, const WindowDim &b) {
  return {OffsetSum{a.lo, a.terms}, OffsetSum{b.lo, b.terms}};
}

bool mayOverlapDim(OffsetEvaluator &evaluator, const WindowDim &a, const WindowDim &b) {
  if (a.unknown || b.unknown)
    return true;
  if (a.terms == b.terms)
    return a.lo < getHi(b) && b.lo < getHi(a);
  if (ShapedType::isDynamic(a.size) || ShapedType::isDynamic(b.size))
    return true;
  // Different run-time parts: apart only if proved for every value.
  bool apart = evaluator.proveForAll(getSums(a, b), [&](ArrayRef<LinearForm> forms) {
    auto d = getConstantDifference(forms[0], forms[1]);  // b's start - a's start
    return d && (*d >= a.size || -*d >= b.size);
  });
  return !apart;
}

bool mustCoverDim(OffsetEvaluator &evaluator, const WindowDim &outer,
                  const WindowDim &inner) {
  if (outer.whole)
    return true;
  if (outer.unknown || inner.unknown)
    return false;
  if (outer.terms == inner.terms)
    return outer.lo <= inner.lo && getHi(inner) <= getHi(outer);
  if (ShapedType::isDynamic(outer.size) || ShapedType::isDynamic(inner.size))
    return false;
  return evaluator.proveForAll(getSums(outer, inner), [&](ArrayRef<LinearForm> forms) {
    auto d = getConstantDifference(forms[0], forms[1]);  // inner's start - outer's
    return d && *d >= 0 && *d + inner.size <= outer.size;
  });
}

bool isSameDim(OffsetEvaluator &evaluator, const WindowDim &a, const WindowDim &b) {
  if (a.unknown || b.unknown || a.size != b.size)
    return false;
  if (a.terms == b.terms)
    return a.lo == b.lo;
  return evaluator.proveForAll(getSums(a, b), [&](ArrayRef<LinearForm> forms) {
    auto d = getConstantDifference(forms[0], forms[1]);
    return d && *d == 0;
  });
}

}  // namespace

bool RefWindow::isExact() const {
  return root && llvm::none_of(dims, [](const WindowDim &d) { return d.unknown; });
}

//===----------------------------------------------------------------------===//
// RefAliasAnalysis
//===----------------------------------------------------------------------===//

RefAliasAnalysis::RefAliasAnalysis(func::FuncOp kernel)
    : entry(kernel.getBody().empty() ? nullptr : &kernel.getBody().front()),
      evaluator(std::make_unique<OffsetEvaluator>()) {
  auto getCount = [&](StringRef name) -> std::optional<int64_t> {
    if (auto attr = kernel->getAttrOfType<IntegerAttr>(name))
      return attr.getInt();
    return std::nullopt;
  };
  auto inputs = getCount(kNumInputsAttr), outputs = getCount(kNumOutputsAttr);
  // Nonsense counts (negative, or more than there are arguments) make no
  // argument scratch.
  int64_t numArgs = entry ? static_cast<int64_t>(entry->getNumArguments()) : 0;
  if (inputs && outputs && *inputs >= 0 && *outputs >= 0 &&
      *inputs <= numArgs && *outputs <= numArgs)
    firstScratch = static_cast<unsigned>(*inputs + *outputs);
}

RefWindow RefAliasAnalysis::getWholeWindow(Value root) const {
  RefWindow window;
  window.root = root;
  auto type = llvm::dyn_cast<MemRefType>(root.getType());
  if (!type)
    return window;
  bool identity = type.getLayout().isIdentity();
  for (int64_t size : type.getShape()) {
    WindowDim dim;
    dim.size = size;
    dim.whole = true;
    dim.unknown = !identity;
    window.dims.push_back(dim);
  }
  return window;
}

RefWindow RefAliasAnalysis::getWindow(Value ref, SubstId subst) const {
  SmallVector<ViewOp> views;
  Value root = ref;
  while (auto view = root.getDefiningOp<ViewOp>()) {
    views.push_back(view);
    root = view.getSource();
  }
  RefWindow window = getWholeWindow(root);
  auto rootType = llvm::dyn_cast<MemRefType>(root.getType());
  for (ViewOp view : llvm::reverse(views)) {
    size_t rank = window.dims.size();
    ArrayRef<int64_t> staticOffsets = view.getStaticOffsets();
    ArrayRef<int64_t> sizes = view.getSizes();
    if (!rootType || staticOffsets.size() != rank || sizes.size() != rank ||
        view.getOffsets().size() !=
            static_cast<size_t>(llvm::count(staticOffsets, ShapedType::kDynamic))) {
      // Malformed (the verifier rejects it): say nothing about where it is.
      for (WindowDim &dim : window.dims)
        dim = WindowDim{0, ShapedType::kDynamic, {}, /*whole=*/false, /*unknown=*/true};
      continue;
    }
    unsigned nextDynamic = 0;
    for (size_t d = 0; d < rank; ++d) {
      WindowDim &dim = window.dims[d];
      bool representable =
          ShapedType::isDynamic(staticOffsets[d])
              ? addOffset(*evaluator, view.getOffsets()[nextDynamic++], subst, dim)
              : !llvm::AddOverflow(dim.lo, staticOffsets[d], dim.lo);
      dim.unknown |= !representable;
      if (dim.unknown)
        dim.terms.clear();
      sortTerms(dim.terms);
      dim.size = sizes[d];
      dim.whole = !dim.unknown && dim.terms.empty() && dim.lo == 0 &&
                  dim.size == rootType.getDimSize(d);
    }
  }
  return window;
}

bool RefAliasAnalysis::isPrivateArgument(Value root) const {
  auto arg = llvm::dyn_cast<BlockArgument>(root);
  if (!arg || arg.getOwner() != entry)
    return false;
  if (firstScratch && arg.getArgNumber() >= *firstScratch)
    return true;
  auto memory = getMemory(root.getType());
  return memory && *memory != Memory::hbm;
}

bool RefAliasAnalysis::mayAliasRoots(Value a, Value b) const {
  if (!a || !b || a == b)
    return true;
  auto memoryA = getMemory(a.getType()), memoryB = getMemory(b.getType());
  if (memoryA && memoryB && *memoryA != *memoryB)
    return false;
  return !isPrivateArgument(a) && !isPrivateArgument(b);
}

bool RefAliasAnalysis::mayOverlap(const RefWindow &a, const RefWindow &b) const {
  if (!mayAliasRoots(a.root, b.root))
    return false;
  if (a.root != b.root || a.dims.size() != b.dims.size())
    return true;
  // Cheap dimensions first: a proof about run-time offsets is needed only
  // when no dimension with the same terms tells them apart.
  for (auto [da, db] : llvm::zip(a.dims, b.dims))
    if (!da.unknown && !db.unknown && da.terms == db.terms &&
        !mayOverlapDim(*evaluator, da, db))
      return false;
  for (auto [da, db] : llvm::zip(a.dims, b.dims))
    if (!(da.terms == db.terms) && !mayOverlapDim(*evaluator, da, db))
      return false;
  return true;
}

bool RefAliasAnalysis::mustCover(const RefWindow &outer, const RefWindow &inner) const {
  if (!outer.root || outer.root != inner.root || outer.dims.size() != inner.dims.size())
    return false;
  for (auto [o, i] : llvm::zip(outer.dims, inner.dims))
    if (!mustCoverDim(*evaluator, o, i))
      return false;
  return true;
}

bool RefAliasAnalysis::isSameWindow(const RefWindow &a, const RefWindow &b) const {
  if (!a.root || a.root != b.root || a.dims.size() != b.dims.size())
    return false;
  for (auto [da, db] : llvm::zip(a.dims, b.dims))
    if (!isSameDim(*evaluator, da, db))
      return false;
  return true;
}

RefWindow RefAliasAnalysis::widen(const RefWindow &window, Operation *region) const {
  if (!window.root)
    return window;
  if (OffsetEvaluator::isDefinedInside(window.root, region))
    return RefWindow::everything();
  RefWindow widened = window;
  for (WindowDim &dim : widened.dims) {
    bool inside = llvm::any_of(dim.terms, [&](const Term &t) {
      return OffsetEvaluator::isDefinedInside(t.value, region);
    });
    if (!inside)
      continue;
    dim.terms.clear();
    dim.lo = 0;
    dim.whole = false;
    dim.unknown = true;
  }
  return widened;
}

bool RefAliasAnalysis::isScratch(Value root) const {
  auto arg = llvm::dyn_cast_or_null<BlockArgument>(root);
  return arg && firstScratch && arg.getOwner() == entry &&
         arg.getArgNumber() >= *firstScratch;
}

SmallVector<Value> RefAliasAnalysis::getScratchRoots() const {
  SmallVector<Value> roots;
  if (!entry)
    return roots;
  for (BlockArgument arg : entry->getArguments())
    if (isScratch(arg) && llvm::isa<MemRefType>(arg.getType()))
      roots.push_back(arg);
  return roots;
}

//===----------------------------------------------------------------------===//
// Effects
//===----------------------------------------------------------------------===//

bool mlir::tessera::isStructuredControlFlow(Operation *op) {
  return isa<scf::ForOp, scf::IfOp, scf::WhileOp>(op);
}

RefEffects mlir::tessera::getRefEffects(Operation *op, const RefAliasAnalysis &alias,
                                        SubstId subst) {
  RefEffects effects;
  if (auto load = dyn_cast<LoadOp>(op)) {
    effects.reads.push_back(alias.getWindow(load.getRef(), subst));
    return effects;
  }
  if (auto store = dyn_cast<StoreOp>(op)) {
    effects.writes.push_back(alias.getWindow(store.getRef(), subst));
    return effects;
  }
  if (auto store = dyn_cast<MaskedStoreOp>(op)) {
    effects.writes.push_back(alias.getWindow(store.getRef(), subst));
    return effects;
  }
  auto addDma = [&](Value src, Value dst, Value sem) {
    effects.reads.push_back(alias.getWindow(src, subst));
    effects.reads.push_back(alias.getWindow(sem, subst));
    effects.writes.push_back(alias.getWindow(dst, subst));
    effects.writes.push_back(alias.getWindow(sem, subst));
  };
  if (auto start = dyn_cast<DmaStartOp>(op)) {
    addDma(start.getSrc(), start.getDst(), start.getSem());
    return effects;
  }
  if (auto wait = dyn_cast<DmaWaitOp>(op)) {
    addDma(wait.getSrc(), wait.getDst(), wait.getSem());
    return effects;
  }
  if (auto start = dyn_cast<RemoteDmaStartOp>(op)) {
    // dst is written on the target device; every device runs this code, so
    // its own dst counts as written too.
    addDma(start.getSrc(), start.getDst(), start.getSendSem());
    effects.reads.push_back(alias.getWindow(start.getRecvSem(), subst));
    effects.writes.push_back(alias.getWindow(start.getRecvSem(), subst));
    return effects;
  }
  if (isa<CheckOp, BoundsCheckOp, SemaphoreCheckOp>(op)) {
    // A run-time check may stop the core, after which memory is what it is:
    // it counts as reading everything (no store before it is dead), but it
    // writes nothing and starts no DMA (loads are reused across it).
    effects.reads.push_back(RefWindow::everything());
    return effects;
  }
  if (isStructuredControlFlow(op)) {
    // Everything its regions may do, as seen from outside. The transfers it
    // may leave running are tracked by DmaFlow, from its regions' blocks.
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &nested : block) {
          RefEffects inner = getRefEffects(&nested, alias, subst);
          effects.touchesEverything |= inner.touchesEverything;
          for (const RefWindow &w : inner.reads)
            effects.reads.push_back(alias.widen(w, op));
          for (const RefWindow &w : inner.writes)
            effects.writes.push_back(alias.widen(w, op));
        }
    return effects;
  }
  if (isMemoryEffectFree(op))
    return effects;

  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface || op->getNumRegions() != 0) {
    effects.touchesEverything = true;
    effects.mayLeaveTransfers = true;
    return effects;
  }
  SmallVector<MemoryEffects::EffectInstance> instances;
  iface.getEffects(instances);
  for (const MemoryEffects::EffectInstance &instance : instances) {
    Value value = instance.getValue();
    bool onRef = value && llvm::isa<MemRefType>(value.getType());
    if (isa<MemoryEffects::Allocate>(instance.getEffect()) && value &&
        value.getDefiningOp() == op)
      continue;  // A fresh buffer: nothing else can alias it yet.
    RefWindow window = onRef ? alias.getWholeWindow(alias.getWindow(value).root)
                             : RefWindow::everything();
    if (isa<MemoryEffects::Read>(instance.getEffect()))
      effects.reads.push_back(window);
    else
      effects.writes.push_back(window);
  }
  return effects;
}
