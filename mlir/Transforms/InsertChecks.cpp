//===- InsertChecks.cpp - Run-time bounds and semaphore checks ------------===//
//
// Pallas' default checks, which CompilerParams(disable_bounds_checks,
// disable_semaphore_checks) turn off:
//
//  - before every DMA, one tessera.bounds_check per endpoint: at run time
//    the window is compared with its buffer's extent, and a predicated
//    shalt stops the core when it does not fit (a window known at compile
//    time is already checked by the front end, but Pallas checks it again at
//    run time, and so do we: the listing shows what the checks cost);
//    (the pipeline's block DMAs excepted: tessera-expand-grid checks their
//    block indices, at the index map's line, where it cannot prove them);
//  - before every pl::multiple_of promise the compiler cannot prove, and
//    every SMEM index, semaphore element and vector load or store window
//    row known only at run time (and not proven in range by integer range
//    analysis), a tessera.check;
//  - before the kernel returns, one tessera.semaphore_check per DMA
//    semaphore among the scratch arguments: a nonzero semaphore at exit means
//    a DMA was never waited for, or signals and waits do not pair.
//
// The pass runs after the optimizing passes, just before instruction
// selection, so the checks never block an optimization. A DMA inside a loop
// or a branch is checked where it is, each time it runs: the window's
// run-time offsets are values that dominate the DMA.
//
//===----------------------------------------------------------------------===//
#include "llvm/Support/MathExtras.h"
#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/ScalarFacts.h"
#include "mlir/IR/TesseraDialect.h"
#include "mlir/Transforms/TesseraPasses.h"

namespace mlir::tessera {
#define GEN_PASS_DEF_TESSERAINSERTCHECKS
#include "mlir/Transforms/TesseraPasses.h.inc"
}  // namespace mlir::tessera

using namespace mlir;
using namespace mlir::tessera;

namespace {

/// "hbm" / "vmem": the memory a DMA endpoint is in, as the listing says.
StringRef endpointName(MemRefType type) {
  switch (getMemorySpace(type)) {
  case MemorySpace::vmem: return "vmem";
  case MemorySpace::smem: return "smem";
  default: return "hbm";
  }
}

struct InsertChecksPass
    : mlir::tessera::impl::TesseraInsertChecksBase<InsertChecksPass> {
  using TesseraInsertChecksBase::TesseraInsertChecksBase;

  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    // The pipeline's block-index checks are bounds checks.
    if (!boundsChecks)
      fn.walk([](CheckOp check) {
        if (check->hasAttr(kBlockIndexAttr))
          check.erase();
      });
    if (boundsChecks) {
      auto check = [](Operation *dma, Value src, Value dst, llvm::StringRef prefix) {
        OpBuilder b(dma);
        std::string kind = (prefix + endpointName(cast<MemRefType>(src.getType())) + "_to_" +
                            endpointName(cast<MemRefType>(dst.getType())))
                               .str();
        for (Value endpoint : {src, dst})
          b.create<BoundsCheckOp>(dma->getLoc(), endpoint, b.getStringAttr(kind));
      };
      // The pipeline's block DMAs are inside their arrays when their block
      // indices are, which tessera-expand-grid checks in the user's terms
      // (or proved).
      fn.walk([&](DmaStartOp dma) {
        if (!dma->hasAttr(kBlockIndexAttr))
          check(dma, dma.getSrc(), dma.getDst(), "dma.");
      });
      fn.walk([&](RemoteDmaStartOp dma) {
        check(dma, dma.getSrc(), dma.getDst(), "dma.remote.");
      });
      // A pl::multiple_of promise the compiler relied on (a tile-aligned
      // window): a broken one would silently move the window.
      fn.walk([&](MultipleOfOp promise) { checkPromise(promise); });
      // Run-time SMEM indices and semaphore elements: out of range, they
      // would silently use another word or semaphore. Indices that integer
      // range analysis proves in range (the pipeline's own slots and
      // counters, loop induction variables under constant bounds) need no
      // check; the analysis runs before any check is added.
      DataFlowSolver solver;
      solver.load<dataflow::DeadCodeAnalysis>();
      solver.load<dataflow::SparseConstantPropagation>();
      solver.load<dataflow::IntegerRangeAnalysis>();
      if (failed(solver.initializeAndRun(fn)))
        return signalPassFailure();
      llvm::SmallVector<std::tuple<Operation *, Value, SmallVector<Value>, StringRef>> accesses;
      fn.walk([&](Operation *op) {
        if (op->hasAttr(kCompilerIndexAttr))
          return;
        auto add = [&](Value ref, SmallVector<Value> indices, StringRef what) {
          auto type = dyn_cast<MemRefType>(ref.getType());
          if (!type || !type.hasStaticShape() || (int64_t)indices.size() != type.getRank())
            return;
          for (auto [d, index] : llvm::enumerate(indices))
            if (index && inRange(solver, index, type.getDimSize(d)))
              index = Value();  // proven: no check
          accesses.push_back({op, ref, std::move(indices), what});
        };
        if (auto load = dyn_cast<LoadScalarOp>(op))
          add(load.getRef(), llvm::to_vector(load.getIndices()), "index");
        else if (auto store = dyn_cast<StoreScalarOp>(op))
          add(store.getRef(), llvm::to_vector(store.getIndices()), "index");
        else if (!isa<ViewOp>(op))
          for (Value operand : op->getOperands())
            if (auto view = operand.getDefiningOp<ViewOp>();
                view && getMemorySpace(view.getType()) == MemorySpace::semaphore_mem &&
                !view->hasAttr(kCompilerIndexAttr))
              add(view.getSource(), viewIndices(view), "semaphore");
      });
      for (auto &[op, ref, indices, what] : accesses)
        checkIndices(op, ref, indices, what);
      checkVectorWindows(fn, solver);
    }
    if (semaphoreChecks && failed(insertSemaphoreChecks(fn)))
      signalPassFailure();
  }

  /// tessera.check(value % multiple == 0) before the promise; a power of
  /// two tests the low bits.
  static void checkPromise(MultipleOfOp promise) {
    int64_t m = promise.getMultiple();
    Value x = promise.getValue();
    // A promise the compiler can prove (a constant, i * 8, the pipeline's
    // own block offsets) costs nothing.
    if (m <= 1 || getKnownMultiple(x) % m == 0)
      return;
    OpBuilder b(promise);
    Location loc = promise.getLoc();
    Type type = x.getType();
    auto constant = [&](int64_t v) {
      return b.create<arith::ConstantOp>(loc, type, b.getIntegerAttr(type, v));
    };
    Value rest = llvm::isPowerOf2_64(m) ? Value(b.create<arith::AndIOp>(loc, x, constant(m - 1)))
                                        : Value(b.create<arith::RemSIOp>(loc, x, constant(m)));
    Value holds = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, rest, constant(0));
    std::string message =
        "pl::multiple_of(x, " + std::to_string(m) + "): x = {0} is not a multiple of " +
        std::to_string(m);
    b.create<CheckOp>(loc, holds, b.getStringAttr(message), ValueRange{x},
                      /*guards_reads=*/true);
  }

  /// "x_hbm", or "argument 3": the kernel argument under `ref`'s views.
  static std::string refName(Value ref) {
    auto arg = dyn_cast<BlockArgument>(rootRef(ref));
    if (!arg)
      return "a Ref";
    auto fn = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp());
    if (fn)
      if (auto name = fn.getArgAttrOfType<StringAttr>(arg.getArgNumber(), kArgNameAttr))
        return name.str();
    return "argument " + std::to_string(arg.getArgNumber());
  }

  /// Whether the analysis proves 0 <= index < size.
  static bool inRange(DataFlowSolver &solver, Value index, int64_t size) {
    auto *state = solver.lookupState<dataflow::IntegerValueRangeLattice>(index);
    if (!state || state->getValue().isUninitialized())
      return false;
    const ConstantIntRanges &range = state->getValue().getValue();
    return range.smin().isNonNegative() && range.smax().slt(size);
  }

  /// Before `user`: a check that each run-time index into `ref` lies in
  /// [0, its dimension's size); `indices[d]` indexes dimension d, null for
  /// a static one (which the front end checked). One unsigned compare
  /// covers both ends.
  static void checkIndices(Operation *user, Value ref, ArrayRef<Value> indices,
                           StringRef what) {
    auto type = cast<MemRefType>(ref.getType());
    OpBuilder b(user);
    Location loc = user->getLoc();
    for (auto [d, index] : llvm::enumerate(indices)) {
      if (!index || matchPattern(index, m_Constant()))
        continue;
      int64_t dim = type.getDimSize(d);
      Value limit = b.create<arith::ConstantIndexOp>(loc, dim);
      Value inside = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ult, index, limit);
      std::string dimension = type.getRank() > 1 ? " of dimension " + std::to_string(d) : "";
      std::string message = what.str() + " {0}" + dimension + " of " + refName(ref) +
                            " is outside [0, " + std::to_string(dim) + ")";
      b.create<CheckOp>(loc, inside, b.getStringAttr(message), ValueRange{index},
                        /*guards_reads=*/true);
    }
  }

  /// Run-time VMEM windows of vector loads and stores: a window whose rows
  /// start at a run-time row, not proven inside its Ref, is checked before
  /// the first access through it in each block (a row out of range would
  /// silently read or write another buffer). The tiles of one window (tile
  /// legalization's static views of it) share its check.
  static void checkVectorWindows(func::FuncOp fn, DataFlowSolver &solver) {
    llvm::DenseSet<std::pair<Operation *, Block *>> checked;
    SmallVector<std::pair<Operation *, ViewOp>> toCheck;
    fn.walk([&](Operation *op) {
      Value ref;
      if (auto load = dyn_cast<LoadOp>(op))
        ref = load.getRef();
      else if (auto store = dyn_cast<StoreOp>(op))
        ref = store.getRef();
      else if (auto masked = dyn_cast<MaskedStoreOp>(op))
        ref = masked.getRef();
      else
        return;
      for (auto view = ref.getDefiningOp<ViewOp>(); view;
           view = view.getSource().getDefiningOp<ViewOp>()) {
        auto source = cast<MemRefType>(view.getSource().getType());
        if (view->hasAttr(kCompilerIndexAttr) || getMemorySpace(source) != MemorySpace::vmem ||
            source.getRank() != 2 || !source.hasStaticShape())
          continue;
        Value row = viewIndices(view)[0];
        if (!row || matchPattern(row, m_Constant()))
          continue;
        int64_t room = source.getDimSize(0) - view.getType().getDimSize(0) + 1;
        if (inRange(solver, row, room) || !checked.insert({view, op->getBlock()}).second)
          continue;
        toCheck.push_back({op, view});
      }
    });
    for (auto [op, view] : toCheck) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      auto source = cast<MemRefType>(view.getSource().getType());
      int64_t rows = view.getType().getDimSize(0), size = source.getDimSize(0);
      Value row = viewIndices(view)[0];
      Value room = b.create<arith::ConstantIndexOp>(loc, size - rows + 1);
      Value inside = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ult, row, room);
      Value end = b.create<arith::AddIOp>(loc, row, b.create<arith::ConstantIndexOp>(loc, rows));
      // A pallas_call's block (its buffer, or the compiler's slot of it) is
      // `o_block`, as interpret mode names it; a window of a window says so.
      auto slot = view.getSource().getDefiningOp<ViewOp>();
      bool window = slot && !slot->hasAttr(kCompilerIndexAttr);
      std::string name = refName(view.getSource());
      if (llvm::StringRef(name).ends_with("_blocks"))
        name.pop_back();
      std::string message = std::string(isa<LoadOp>(op) ? "vld" : "vst") + ": rows [{0}, {1}) of " +
                            (window ? "a window of " : "") + name + " are outside [0, " +
                            std::to_string(size) + ")";
      b.create<CheckOp>(loc, inside, b.getStringAttr(message), ValueRange{row, end},
                        /*guards_reads=*/true);
    }
  }

  /// The index of each dimension of `view`: its run-time offset, or null.
  static SmallVector<Value> viewIndices(ViewOp view) {
    SmallVector<Value> out;
    for (OpFoldResult offset : view.getMixedOffsets())
      out.push_back(llvm::dyn_cast_if_present<Value>(offset));
    return out;
  }

  /// One check per element of every scratch semaphore, before each return.
  LogicalResult insertSemaphoreChecks(func::FuncOp fn) {
    if (fn.isExternal())
      return success();
    int64_t firstScratch = 0;
    if (auto n = fn->getAttrOfType<IntegerAttr>(kNumInputsAttr))
      firstScratch += n.getInt();
    if (auto n = fn->getAttrOfType<IntegerAttr>(kNumOutputsAttr))
      firstScratch += n.getInt();
    SmallVector<BlockArgument> semaphores;
    for (BlockArgument arg : fn.getArguments()) {
      auto type = llvm::dyn_cast<MemRefType>(arg.getType());
      if (!type || arg.getArgNumber() < firstScratch ||
          getMemorySpace(type) != MemorySpace::semaphore_mem)
        continue;
      // Only semaphores have a count to check (a semaphore_check takes a
      // semaphore Ref); other data cannot live in semaphore memory.
      if (!llvm::isa<DmaSemaphoreType, SemaphoreType>(type.getElementType()))
        return fn.emitOpError("scratch argument ")
               << arg.getArgNumber() - firstScratch << " of type " << type
               << " is in semaphore memory but holds "
               << type.getElementType() << ", not semaphores";
      if (!type.hasStaticShape())
        return fn.emitOpError("scratch argument ")
               << arg.getArgNumber() - firstScratch << " is a semaphore array of shape "
               << type << " with a dynamic size; its semaphores cannot be checked";
      SmallVector<int64_t> strides;
      int64_t offset = 0;
      if (failed(getStridesAndOffset(type, strides, offset)))
        return fn.emitOpError("scratch argument ")
               << arg.getArgNumber() - firstScratch << " is a semaphore array of type "
               << type << " without a strided layout; its semaphores cannot be checked";
      semaphores.push_back(arg);
    }
    fn.walk([&](func::ReturnOp ret) {
      OpBuilder b(ret);
      for (BlockArgument arg : semaphores) {
        auto type = llvm::cast<MemRefType>(arg.getType());
        auto index = b.getI64IntegerAttr(arg.getArgNumber() - firstScratch);
        if (type.getRank() == 0) {
          b.create<SemaphoreCheckOp>(ret.getLoc(), arg, index);
          continue;
        }
        // Element i of the array, in row-major order, as a 1x...x1 window.
        SmallVector<int64_t> ones(type.getRank(), 1);
        for (int64_t i = 0; i < type.getNumElements(); ++i) {
          SmallVector<OpFoldResult> offsets(type.getRank());
          for (int64_t d = type.getRank() - 1, rest = i; d >= 0; --d) {
            offsets[d] = b.getIndexAttr(rest % type.getDimSize(d));
            rest /= type.getDimSize(d);
          }
          auto one = b.create<ViewOp>(ret.getLoc(), arg, offsets, ones);
          b.create<SemaphoreCheckOp>(ret.getLoc(), one, index);
        }
      }
    });
    return success();
  }
};

}  // namespace
