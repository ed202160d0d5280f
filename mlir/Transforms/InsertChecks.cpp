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
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
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
  return getMemorySpace(type) == MemorySpace::vmem ? "vmem" : "hbm";
}

struct InsertChecksPass
    : mlir::tessera::impl::TesseraInsertChecksBase<InsertChecksPass> {
  using TesseraInsertChecksBase::TesseraInsertChecksBase;

  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    if (boundsChecks) {
      auto check = [](Operation *dma, Value src, Value dst, llvm::StringRef prefix) {
        OpBuilder b(dma);
        std::string kind = (prefix + endpointName(cast<MemRefType>(src.getType())) + "_to_" +
                            endpointName(cast<MemRefType>(dst.getType())))
                               .str();
        for (Value endpoint : {src, dst})
          b.create<BoundsCheckOp>(dma->getLoc(), endpoint, b.getStringAttr(kind));
      };
      fn.walk([&](DmaStartOp dma) { check(dma, dma.getSrc(), dma.getDst(), "dma."); });
      fn.walk([&](RemoteDmaStartOp dma) {
        check(dma, dma.getSrc(), dma.getDst(), "dma.remote.");
      });
      // A pl::multiple_of promise the compiler relied on (a tile-aligned
      // window): a broken one would silently move the window.
      fn.walk([&](MultipleOfOp promise) { checkPromise(promise); });
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
