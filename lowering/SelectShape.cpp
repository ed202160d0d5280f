//===- SelectShape.cpp - The tile-IR layout ops ---------------------------===//
//
// What tile legalization (mlir/Transforms/LegalizeShape.cpp) leaves of
// pltpu.bitcast and pltpu.roll: a bitcast of one tile is no instruction
// (the 32-bit words of a vreg are the same bits as a packed bf16 / int8
// tile, sim/Layout.h), a roll of one tile along its lanes is one
// vrot.lane on the cross-lane unit, an extract_sublane is one
// vbcast.sub (the one-row tile holds its row in every sublane), and a
// transpose_tiles is 16 vxpose.push and 16 vxpose.pop on the XLU's
// transpose buffer.
//
//===----------------------------------------------------------------------===//
#include "lowering/Selector.h"
#include "sim/MachineDesc.h"

namespace tessera::lowering {

using isa::Opcode;

mlir::LogicalResult Selector::selectShape(mlir::Operation *op) {
  if (llvm::isa<mlir::tessera::TransposeTilesOp>(op)) {
    // The parts in order, the last one completing the group; then every
    // part of the transpose (the dependence graph keeps the unit's ops in
    // this order; a pop nobody reads may go, pops name their part).
    auto srcs = operandRegs(op);
    if (mlir::failed(srcs))
      return mlir::failure();
    for (size_t k = 0; k < srcs->size(); ++k)
      emit(op, Opcode::VXposePush, {(int64_t)k, (*srcs)[k]});
    for (size_t k = 0; k < op->getNumResults(); ++k) {
      int v = fn.newVirtual(RegClass::V);
      emit(op, Opcode::VXposePop, {v, (int64_t)k});
      regs[op->getResult(k)] = v;
    }
    return mlir::success();
  }
  auto src = regOf(op, op->getOperand(0));
  if (mlir::failed(src))
    return mlir::failure();
  if (auto gather = llvm::dyn_cast<mlir::tessera::GatherOp>(op)) {
    auto idx = regOf(op, gather.getIdx());
    if (mlir::failed(idx))
      return mlir::failure();
    return emitVector(op,
                      gather.getAxisAttr().getInt() == 1 ? Opcode::VGatherLane : Opcode::VGatherSub,
                      {*src, *idx});
  }
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
