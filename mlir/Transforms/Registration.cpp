//===- Registration.cpp - The dialects and passes tessera uses ------------===//
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/TesseraDialect.h"
#include "mlir/Transforms/Passes.h"
#include "mlir/Transforms/TesseraPasses.h"

void mlir::tessera::registerTesseraDialectsAndPasses(DialectRegistry &registry) {
  registry.insert<TesseraDialect, arith::ArithDialect, func::FuncDialect>();
  static bool passesRegistered = [] {
    registerTesseraPasses();
    mlir::registerCanonicalizerPass();
    mlir::registerCSEPass();
    return true;
  }();
  (void)passesRegistered;
}
