//===- InstructionSelection.h - Tile IR to machine instructions -----------===//
#pragma once

#include "lowering/MachineIR.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace tessera::lowering {

/// Selects machine instructions for a kernel in tile IR (after
/// tessera-legalize-tiles): lays out VMEM scratch from row 0 in declaration
/// order, numbers semaphores, and emits one instruction per tile op into
/// basic blocks (scf.for / scf.if / scf.while become blocks and branches).
/// Errors are emitted as MLIR diagnostics on the offending op.
mlir::FailureOr<MFunction> selectInstructions(mlir::func::FuncOp kernel);

/// The user's source position of an MLIR location (the innermost
/// file:line:col it holds), basename only.
SourcePos sourcePos(mlir::Location loc);

}  // namespace tessera::lowering
