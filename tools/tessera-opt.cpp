//===- tessera-opt.cpp - mlir-opt for the tessera dialect -----------------===//
//
// Parses, verifies, prints and transforms kernel IR with exactly the
// dialects and passes Tessera registers.
//
//===----------------------------------------------------------------------===//
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/TesseraPasses.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::tessera::registerTesseraDialectsAndPasses(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Tessera kernel-IR optimizer\n", registry));
}
