//===- EliminateDeadStores.cpp - placeholder until the pass lands ---===//
#include "mlir/IR/TesseraDialect.h"
#include "mlir/Transforms/TesseraPasses.h"

namespace mlir::tessera {
#define GEN_PASS_DEF_TESSERAELIMINATEDEADSTORES
#include "mlir/Transforms/TesseraPasses.h.inc"
}  // namespace mlir::tessera

namespace {
struct Pass : mlir::tessera::impl::TesseraEliminateDeadStoresBase<Pass> {
  void runOnOperation() override {}
};
}  // namespace
