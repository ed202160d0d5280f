//===- Passes.h - Kernel-IR passes and registration -----------------------===//
#pragma once

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tessera {

#define GEN_PASS_DECL
#include "mlir/Transforms/TesseraPasses.h.inc"

#define GEN_PASS_REGISTRATION
#include "mlir/Transforms/TesseraPasses.h.inc"

/// Registers exactly the dialects and passes Tessera uses (never all of MLIR).
void registerTesseraDialectsAndPasses(DialectRegistry &registry);

}  // namespace mlir::tessera
