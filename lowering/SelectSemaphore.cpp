//===- SelectSemaphore.cpp - REGULAR semaphores: signal, wait, read -------===//
//
// pl.semaphore_signal / _wait / _read on one semaphore, whose index is known
// at compile time ([sem:N]) or held in a register ([sem:sR]):
//
//   signal    vsyncadd [sem], K             (own core)
//             vsyncadd.core [core:sC], [sem], K   (core_index: either core)
//             vsyncadd.remote [chip:sD], [core:sC], [sem:sS], sK
//                                                 (device_id: a device of the mesh)
//   wait      vwait.ge [sem], K ; vsyncadd [sem], -K
//   read      ssemld sD, [sem]
//
// K is an immediate when the amount is a constant, else a register (the V
// forms of the ISA). Signals and waits are barriers for the scheduler (no
// memory access moves across them: what a core signals is what it did
// before); a read is ordered with barriers only, as the semaphore checks'.
//
//===----------------------------------------------------------------------===//
#include "lowering/Selector.h"

namespace tessera::lowering {

using isa::Opcode;

mlir::LogicalResult Selector::selectSemaphoreOp(mlir::Operation *op) {
  mlir::Value semRef = op->getOperand(0);
  auto sem = semaphoreOperand(op, semRef);
  if (mlir::failed(sem))
    return mlir::failure();
  const bool dynSem = sem->reg >= 0;
  const int64_t semField = dynSem ? sem->reg : sem->index;
  auto setSemaphores = [&](MInstr &mi, MemKind kind) -> MInstr & {
    mi.mem = kind;
    mi.semLo = sem->lo;
    mi.semHi = sem->hi;
    return mi;
  };

  if (auto read = llvm::dyn_cast<mlir::tessera::SemaphoreReadOp>(op)) {
    int value = fn.newVirtual(RegClass::S);
    setSemaphores(emit(op, dynSem ? Opcode::SSemLdR : Opcode::SSemLd, {value, semField}),
                  MemKind::SemRead);
    regs[read.getResult()] = value;
    return mlir::success();
  }

  // The amount: an immediate, or a register (the V forms).
  mlir::Value amountValue = op->getOperand(1);
  std::optional<int64_t> amount = constantValue(amountValue);
  int amountReg = -1;
  if (!amount) {
    auto reg = regOf(op, amountValue);
    if (mlir::failed(reg))
      return mlir::failure();
    amountReg = *reg;
  }
  auto add = [&](int64_t k, int kReg) {
    if (kReg < 0)
      return setSemaphores(
          emit(op, dynSem ? Opcode::VSyncAddR : Opcode::VSyncAdd, {semField, k}),
          MemKind::Barrier);
    return setSemaphores(
        emit(op, dynSem ? Opcode::VSyncAddRV : Opcode::VSyncAddV, {semField, kReg}),
        MemKind::Barrier);
  };

  if (auto signal = llvm::dyn_cast<mlir::tessera::SemaphoreSignalOp>(op)) {
    if (signal.getDevice()) {
      // To a device of the mesh: vsyncadd.remote, every operand a register.
      auto target = remoteTarget(op, signal.getDevice(), signal.getCore());
      if (mlir::failed(target))
        return mlir::failure();
      int k = amountReg;
      if (k < 0) {
        k = fn.newVirtual(RegClass::S);
        emit(op, Opcode::SMovI, {k, *amount});
      }
      setSemaphores(emit(op, Opcode::VSyncAddRemote,
                         {target->chip, target->core, semaphoreReg(op, *sem), k}),
                    MemKind::Barrier);
      return mlir::success();
    }
    if (!signal.getCore()) {
      add(amount.value_or(0), amountReg);
      return mlir::success();
    }
    auto core = regOf(op, signal.getCore());
    if (mlir::failed(core))
      return mlir::failure();
    Opcode opcode = amountReg < 0 ? (dynSem ? Opcode::VSyncAddCoreR : Opcode::VSyncAddCore)
                                  : (dynSem ? Opcode::VSyncAddCoreRV : Opcode::VSyncAddCoreV);
    setSemaphores(emit(op, opcode, {*core, semField, amountReg < 0 ? *amount : amountReg}),
                  MemKind::Barrier);
    return mlir::success();
  }

  // A wait: until the semaphore holds the amount, then take it off.
  if (amountReg < 0) {
    setSemaphores(emit(op, dynSem ? Opcode::VWaitGeR : Opcode::VWaitGe, {semField, *amount}),
                  MemKind::Barrier);
    add(-*amount, -1);
    return mlir::success();
  }
  setSemaphores(emit(op, dynSem ? Opcode::VWaitGeRV : Opcode::VWaitGeV, {semField, amountReg}),
                MemKind::Barrier);
  int negated = fn.newVirtual(RegClass::S);
  emit(op, Opcode::SMulI, {negated, amountReg, -1});
  add(0, negated);
  return mlir::success();
}

}  // namespace tessera::lowering
