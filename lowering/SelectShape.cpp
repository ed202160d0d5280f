//===- SelectShape.cpp - The tile-IR layout ops ---------------------------===//
//
// What tile legalization (mlir/Transforms/LegalizeShape.cpp) leaves of
// pltpu.bitcast and pltpu.roll: a bitcast of one tile is no instruction
// (the 32-bit words of a vreg are the same bits as a packed bf16 / int8
// tile, sim/Layout.h), a roll of one tile along its lanes is one
// vrot.lane on the cross-lane unit, and an extract_sublane is one
// vbcast.sub (the one-row tile holds its row in every sublane).
//
//===----------------------------------------------------------------------===//
#include "lowering/Selector.h"
#include "sim/MachineDesc.h"

namespace tessera::lowering {

using isa::Opcode;

mlir::LogicalResult Selector::selectShape(mlir::Operation *op) {
  auto src = regOf(op, op->getOperand(0));
  if (mlir::failed(src))
    return mlir::failure();
  if (llvm::isa<mlir::tessera::BitcastOp>(op)) {
    regs[op->getResult(0)] = *src;
    return mlir::success();
  }
  if (auto roll = llvm::dyn_cast<mlir::tessera::RollOp>(op)) {
    auto type = llvm::cast<mlir::VectorType>(roll.getType());
    int64_t shift = roll.getShiftAttr().getInt();
    if (roll.getAxisAttr().getInt() != 1 || type.getDimSize(1) != machine::kLanes ||
        shift <= 0 || shift >= machine::kLanes)
      return op->emitError("internal error: tessera.roll of ")
             << type << " along axis " << roll.getAxisAttr().getInt() << " by " << shift
             << " reached instruction selection (tile legalization splits it)";
    return emitVector(op, Opcode::VRotLane, {*src}, shift, /*hasImm=*/true);
  }
  auto extract = llvm::cast<mlir::tessera::ExtractSublaneOp>(op);
  return emitVector(op, Opcode::VBcastSub, {*src}, extract.getSublaneAttr().getInt(),
                    /*hasImm=*/true);
}

}  // namespace tessera::lowering
