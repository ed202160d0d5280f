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
// static intervals are disjoint. So `x[%i, 0]` and `x[%i, 128]` are apart,
// while `x[%i, 0]` and `x[%j, 0]` may overlap. Windows of different roots:
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
// in every dimension `outer` spans the whole root dimension, or both have
// the same terms and outer's static interval contains inner's. Two windows
// are the same when they share a root and every dimension has the same
// terms, static offset and size, with no unknown dimension.
//
// Effects. `tessera.load` reads its window and `tessera.store` writes its
// window. A DMA reads its source and writes its destination at some time
// between its `dma_start` and its completion, so both ops count as a read
// of src and a write of dst (and of the semaphore), and DmaTransfers says
// which transfers are in flight at each op. Pure ops touch nothing. Ops that
// declare memory effects read or write the whole of each Ref they name, and
// all memory for effects on no Ref. Any other op (unregistered, or with no
// effect interface, such as a call or an op with regions) reads and writes
// everything, and may have started a transfer that outlives it, so all
// memory counts as in flight until the end of its block.
//
// Completion of a DMA. Semaphores count bytes, so a wait is only known to
// complete its own DMA when no other DMA on a semaphore that may be the same
// one is still unwaited; otherwise the group completes at the wait that
// waits for all of them. This is stricter than "the first matching wait" and
// agrees with it whenever one DMA per semaphore is in flight.
//
//===----------------------------------------------------------------------===//
#include "mlir/Transforms/RefAlias.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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
               unsigned depth = 0) {
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

void sortTerms(SmallVectorImpl<Value> &terms) {
  llvm::sort(terms, [](Value a, Value b) {
    return a.getAsOpaquePointer() < b.getAsOpaquePointer();
  });
}

/// One past the last index of a dimension; "infinite" for a whole dynamic one.
int64_t getHi(const WindowDim &d) {
  int64_t hi = 0;
  if (ShapedType::isDynamic(d.size) || llvm::AddOverflow(d.lo, d.size, hi))
    return std::numeric_limits<int64_t>::max();
  return hi;
}

bool mayOverlapDim(const WindowDim &a, const WindowDim &b) {
  if (a.unknown || b.unknown || a.terms != b.terms)
    return true;
  return a.lo < getHi(b) && b.lo < getHi(a);
}

bool mustCoverDim(const WindowDim &outer, const WindowDim &inner) {
  if (outer.whole)
    return true;
  if (outer.unknown || inner.unknown || outer.terms != inner.terms)
    return false;
  return outer.lo <= inner.lo && getHi(inner) <= getHi(outer);
}

bool isSameDim(const WindowDim &a, const WindowDim &b) {
  return !a.unknown && !b.unknown && a.lo == b.lo && a.size == b.size &&
         a.terms == b.terms;
}

}  // namespace

bool RefWindow::isExact() const {
  return root && llvm::none_of(dims, [](const WindowDim &d) { return d.unknown; });
}

//===----------------------------------------------------------------------===//
// RefAliasAnalysis
//===----------------------------------------------------------------------===//

RefAliasAnalysis::RefAliasAnalysis(func::FuncOp kernel)
    : entry(kernel.getBody().empty() ? nullptr : &kernel.getBody().front()) {
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

RefWindow RefAliasAnalysis::getWindow(Value ref) const {
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
              ? addOffset(view.getOffsets()[nextDynamic++], dim.lo, dim.terms)
              : !llvm::AddOverflow(dim.lo, staticOffsets[d], dim.lo);
      dim.unknown |= !representable;
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
  for (auto [da, db] : llvm::zip(a.dims, b.dims))
    if (!mayOverlapDim(da, db))
      return false;
  return true;
}

bool RefAliasAnalysis::mustCover(const RefWindow &outer, const RefWindow &inner) {
  if (!outer.root || outer.root != inner.root || outer.dims.size() != inner.dims.size())
    return false;
  for (auto [o, i] : llvm::zip(outer.dims, inner.dims))
    if (!mustCoverDim(o, i))
      return false;
  return true;
}

bool RefAliasAnalysis::isSameWindow(const RefWindow &a, const RefWindow &b) {
  if (!a.root || a.root != b.root || a.dims.size() != b.dims.size())
    return false;
  for (auto [da, db] : llvm::zip(a.dims, b.dims))
    if (!isSameDim(da, db))
      return false;
  return true;
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

RefEffects mlir::tessera::getRefEffects(Operation *op, const RefAliasAnalysis &alias) {
  RefEffects effects;
  if (auto load = dyn_cast<LoadOp>(op)) {
    effects.reads.push_back(alias.getWindow(load.getRef()));
    return effects;
  }
  if (auto store = dyn_cast<StoreOp>(op)) {
    effects.writes.push_back(alias.getWindow(store.getRef()));
    return effects;
  }
  auto addDma = [&](Value src, Value dst, Value sem) {
    effects.reads.push_back(alias.getWindow(src));
    effects.reads.push_back(alias.getWindow(sem));
    effects.writes.push_back(alias.getWindow(dst));
    effects.writes.push_back(alias.getWindow(sem));
  };
  if (auto start = dyn_cast<DmaStartOp>(op)) {
    addDma(start.getSrc(), start.getDst(), start.getSem());
    return effects;
  }
  if (auto wait = dyn_cast<DmaWaitOp>(op)) {
    addDma(wait.getSrc(), wait.getDst(), wait.getSem());
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

//===----------------------------------------------------------------------===//
// DmaTransfers
//===----------------------------------------------------------------------===//

namespace {

struct DmaOperands {
  Value src, dst, sem;
};

template <typename DmaOp>
DmaOperands getOperands(DmaOp op) {
  return {op.getSrc(), op.getDst(), op.getSem()};
}

bool isSameRef(const RefAliasAnalysis &alias, Value a, Value b) {
  return a == b || RefAliasAnalysis::isSameWindow(alias.getWindow(a), alias.getWindow(b));
}

}  // namespace

DmaTransfers::DmaTransfers(Block &block, const RefAliasAnalysis &alias) {
  unsigned position = 0;
  for (Operation &op : block)
    positions[&op] = ++position;
  endPosition = position + 1;

  struct Pending {
    unsigned begin;
    DmaOperands operands;
    bool waited;
  };
  SmallVector<Pending> pending;
  auto finish = [&](const Pending &p, unsigned end) {
    transfers.push_back(DmaTransfer{p.begin, end, alias.getWindow(p.operands.src),
                                    alias.getWindow(p.operands.dst)});
  };

  for (Operation &op : block) {
    unsigned here = positions.lookup(&op);
    if (auto start = dyn_cast<DmaStartOp>(op)) {
      pending.push_back({here, getOperands(start), false});
      continue;
    }
    if (auto wait = dyn_cast<DmaWaitOp>(op)) {
      DmaOperands operands = getOperands(wait);
      auto matching = llvm::find_if(pending, [&](const Pending &p) {
        return !p.waited && isSameRef(alias, p.operands.src, operands.src) &&
               isSameRef(alias, p.operands.dst, operands.dst) &&
               isSameRef(alias, p.operands.sem, operands.sem);
      });
      if (matching != pending.end())
        matching->waited = true;
      else  // Started before the block: in flight since it began.
        pending.push_back({0, operands, true});

      // The wait completes everything on its semaphore once all are waited.
      RefWindow sem = alias.getWindow(operands.sem);
      auto sharesSemaphore = [&](const Pending &p) {
        return alias.mayOverlap(alias.getWindow(p.operands.sem), sem);
      };
      bool balanced = llvm::all_of(pending, [&](const Pending &p) {
        return !sharesSemaphore(p) || p.waited;
      });
      if (balanced) {
        for (const Pending &p : pending)
          if (sharesSemaphore(p))
            finish(p, here);
        llvm::erase_if(pending, sharesSemaphore);
      }
      continue;
    }
    if (getRefEffects(&op, alias).mayLeaveTransfers)
      transfers.push_back(
          DmaTransfer{here, endPosition, RefWindow::everything(), RefWindow::everything()});
  }
  for (const Pending &p : pending)
    finish(p, endPosition);
}

SmallVector<const DmaTransfer *> DmaTransfers::getInFlight(unsigned position) const {
  SmallVector<const DmaTransfer *> result;
  for (const DmaTransfer &t : transfers)
    if (t.begin <= position && position <= t.end)
      result.push_back(&t);
  return result;
}

SmallVector<const DmaTransfer *> DmaTransfers::getCompletedAt(unsigned position) const {
  SmallVector<const DmaTransfer *> result;
  for (const DmaTransfer &t : transfers)
    if (t.end == position)
      result.push_back(&t);
  return result;
}
