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
// selection, so the checks never block an optimization.
//
//===----------------------------------------------------------------------===//
#include "mlir/IR/Builders.h"
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
      fn.walk([&](DmaStartOp dma) {
        OpBuilder b(dma);
        std::string kind = ("dma." + endpointName(dma.getSrc().getType()) + "_to_" +
                            endpointName(dma.getDst().getType()))
                               .str();
        for (Value endpoint : {dma.getSrc(), dma.getDst()})
          b.create<BoundsCheckOp>(dma.getLoc(), endpoint, b.getStringAttr(kind));
      });
    }
    if (semaphoreChecks) {
      int64_t firstScratch = 0;
      if (auto n = fn->getAttrOfType<IntegerAttr>(kNumInputsAttr))
        firstScratch += n.getInt();
      if (auto n = fn->getAttrOfType<IntegerAttr>(kNumOutputsAttr))
        firstScratch += n.getInt();
      fn.walk([&](func::ReturnOp ret) {
        OpBuilder b(ret);
        for (BlockArgument arg : fn.getArguments()) {
          auto type = llvm::cast<MemRefType>(arg.getType());
          if (arg.getArgNumber() < firstScratch ||
              getMemorySpace(type) != MemorySpace::semaphore_mem)
            continue;
          auto index = b.getI64IntegerAttr(arg.getArgNumber() - firstScratch);
          if (type.getRank() == 0) {
            b.create<SemaphoreCheckOp>(ret.getLoc(), arg, index);
            continue;
          }
          for (int64_t i = 0; i < type.getNumElements(); ++i) {
            auto one = b.create<ViewOp>(ret.getLoc(), arg,
                                        ArrayRef<OpFoldResult>{b.getIndexAttr(i)},
                                        ArrayRef<int64_t>{1});
            b.create<SemaphoreCheckOp>(ret.getLoc(), one, index);
          }
        }
      });
    }
  }
};

}  // namespace
