//===- SelectScalar.cpp - Scalar and predicate ops on the scalar unit -----===//
//
// i32 and index values live in s-registers, i1 values in predicates. An op
// with a constant operand uses the immediate form of its instruction where
// the ISA has one (constants on the left of commutative ops and compares
// are swapped to the right); other constants are materialized with smov /
// pimm, once per loop (in its preheader) inside loops. SMEM loads and
// stores take a run-time word index through the register-relative forms.
//
//===----------------------------------------------------------------------===//
#include <algorithm>

#include "llvm/ADT/TypeSwitch.h"
#include "lowering/Selector.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "sim/Executable.h"

namespace tessera::lowering {

using isa::Opcode;
using mlir::arith::CmpIPredicate;

namespace {

/// A two-operand scalar op: its register form, its immediate form (if the
/// ISA has one) and whether its operands commute.
struct BinaryForm {
  Opcode reg;
  std::optional<Opcode> imm;
  bool commutes;
};

std::optional<BinaryForm> binaryForm(mlir::Operation *op) {
  using namespace mlir::arith;
  return llvm::TypeSwitch<mlir::Operation *, std::optional<BinaryForm>>(op)
      .Case([](AddIOp) { return BinaryForm{Opcode::SAdd, Opcode::SAddI, true}; })
      .Case([](SubIOp) { return BinaryForm{Opcode::SSub, std::nullopt, false}; })
      .Case([](MulIOp) { return BinaryForm{Opcode::SMul, Opcode::SMulI, true}; })
      .Case([](DivSIOp) { return BinaryForm{Opcode::SDiv, Opcode::SDivI, false}; })
      .Case([](RemSIOp) { return BinaryForm{Opcode::SRem, Opcode::SRemI, false}; })
      .Case([](DivUIOp) { return BinaryForm{Opcode::SDivU, std::nullopt, false}; })
      .Case([](RemUIOp) { return BinaryForm{Opcode::SRemU, std::nullopt, false}; })
      .Case([](AndIOp) { return BinaryForm{Opcode::SAnd, Opcode::SAndI, true}; })
      .Case([](OrIOp) { return BinaryForm{Opcode::SOr, Opcode::SOrI, true}; })
      .Case([](XOrIOp) { return BinaryForm{Opcode::SXor, Opcode::SXorI, true}; })
      .Case([](ShLIOp) { return BinaryForm{Opcode::SShl, Opcode::SShlI, false}; })
      .Case([](ShRSIOp) { return BinaryForm{Opcode::SShrA, Opcode::SShrAI, false}; })
      .Case([](ShRUIOp) { return BinaryForm{Opcode::SShrL, Opcode::SShrLI, false}; })
      .Default([](mlir::Operation *) { return std::nullopt; });
}

/// The predicate with its operands swapped: a < b  <=>  b > a.
CmpIPredicate swapped(CmpIPredicate p) {
  switch (p) {
  case CmpIPredicate::slt: return CmpIPredicate::sgt;
  case CmpIPredicate::sle: return CmpIPredicate::sge;
  case CmpIPredicate::sgt: return CmpIPredicate::slt;
  case CmpIPredicate::sge: return CmpIPredicate::sle;
  case CmpIPredicate::ult: return CmpIPredicate::ugt;
  case CmpIPredicate::ule: return CmpIPredicate::uge;
  case CmpIPredicate::ugt: return CmpIPredicate::ult;
  case CmpIPredicate::uge: return CmpIPredicate::ule;
  default: return p;  // eq, ne
  }
}

bool isUnsigned(CmpIPredicate p) {
  return p == CmpIPredicate::ult || p == CmpIPredicate::ule || p == CmpIPredicate::ugt ||
         p == CmpIPredicate::uge;
}

/// Register and immediate forms of a signed compare.
std::pair<Opcode, Opcode> compareOpcodes(CmpIPredicate p) {
  switch (p) {
  case CmpIPredicate::eq: return {Opcode::SCmpEq, Opcode::SCmpEqI};
  case CmpIPredicate::ne: return {Opcode::SCmpNe, Opcode::SCmpNeI};
  case CmpIPredicate::slt: return {Opcode::SCmpLt, Opcode::SCmpLtI};
  case CmpIPredicate::sle: return {Opcode::SCmpLe, Opcode::SCmpLeI};
  case CmpIPredicate::sgt: return {Opcode::SCmpGt, Opcode::SCmpGtI};
  default: return {Opcode::SCmpGe, Opcode::SCmpGeI};  // sge
  }
}

bool evaluate(CmpIPredicate p, int32_t a, int32_t b) {
  uint32_t ua = (uint32_t)a, ub = (uint32_t)b;
  switch (p) {
  case CmpIPredicate::eq: return a == b;
  case CmpIPredicate::ne: return a != b;
  case CmpIPredicate::slt: return a < b;
  case CmpIPredicate::sle: return a <= b;
  case CmpIPredicate::sgt: return a > b;
  case CmpIPredicate::sge: return a >= b;
  case CmpIPredicate::ult: return ua < ub;
  case CmpIPredicate::ule: return ua <= ub;
  case CmpIPredicate::ugt: return ua > ub;
  case CmpIPredicate::uge: return ua >= ub;
  }
  return false;
}

constexpr int64_t kSignBit = INT32_MIN;

}  // namespace

mlir::LogicalResult Selector::selectCompare(mlir::arith::CmpIOp op) {
  CmpIPredicate pred = op.getPredicate();
  mlir::Value lhs = op.getLhs(), rhs = op.getRhs();
  std::optional<int64_t> lc = constantValue(lhs), rc = constantValue(rhs);
  if (lc && rc) {
    regs[op.getResult()] =
        materialize(op, RegClass::P, evaluate(pred, (int32_t)*lc, (int32_t)*rc));
    return mlir::success();
  }
  if (lhs.getType().isInteger(1)) {
    // Booleans: equal is not-xor, unequal is xor.
    if (pred != CmpIPredicate::eq && pred != CmpIPredicate::ne)
      return op.emitError("only eq and ne compare booleans");
    auto a = regOf(op, lhs), b = regOf(op, rhs);
    if (mlir::failed(a) || mlir::failed(b))
      return mlir::failure();
    int x = fn.newVirtual(RegClass::P);
    emit(op, Opcode::PXor, {x, *a, *b});
    if (pred == CmpIPredicate::ne) {
      regs[op.getResult()] = x;
      return mlir::success();
    }
    int eq = fn.newVirtual(RegClass::P);
    emit(op, Opcode::PNot, {eq, x});
    regs[op.getResult()] = eq;
    return mlir::success();
  }
  if (lc) {
    std::swap(lhs, rhs);
    std::swap(lc, rc);
    pred = swapped(pred);
  }
  auto a = regOf(op, lhs);
  if (mlir::failed(a))
    return mlir::failure();
  int left = *a, right = -1;
  if (!rc) {
    auto b = regOf(op, rhs);
    if (mlir::failed(b))
      return mlir::failure();
    right = *b;
  }
  if (isUnsigned(pred)) {
    // a <u b  <=>  (a ^ 0x80000000) <s (b ^ 0x80000000).
    auto flip = [&](int reg) {
      int out = fn.newVirtual(RegClass::S);
      emit(op, Opcode::SXorI, {out, reg, kSignBit});
      return out;
    };
    left = flip(left);
    if (rc)
      rc = (int64_t)(int32_t)((uint32_t)*rc ^ 0x80000000u);
    else
      right = flip(right);
    pred = mlir::tessera::signedOrder(pred);
  }
  auto [regForm, immForm] = compareOpcodes(pred);
  int p = fn.newVirtual(RegClass::P);
  if (rc)
    emit(op, immForm, {p, left, *rc});
  else
    emit(op, regForm, {p, left, right});
  regs[op.getResult()] = p;
  return mlir::success();
}

mlir::LogicalResult Selector::selectSelect(mlir::arith::SelectOp op) {
  mlir::Value result = op.getResult();
  if (!op.getCondition().getType().isInteger(1))
    return op.emitError("an elementwise select has no TensorCore instruction yet");
  if (auto c = constantValue(op.getCondition())) {
    auto chosen = regOf(op, *c ? op.getTrueValue() : op.getFalseValue());
    if (mlir::failed(chosen))
      return mlir::failure();
    regs[result] = *chosen;
    return mlir::success();
  }
  auto p = regOf(op, op.getCondition());
  auto a = regOf(op, op.getTrueValue()), b = regOf(op, op.getFalseValue());
  if (mlir::failed(p) || mlir::failed(a) || mlir::failed(b))
    return mlir::failure();
  RegClass rc = classOf(result.getType());
  int d = fn.newVirtual(rc);
  switch (rc) {
  case RegClass::S:
    emit(op, Opcode::SSel, {d, *p, *a, *b});
    break;
  case RegClass::P: {
    // d = b ^ (c & (a ^ b)).
    int diff = fn.newVirtual(RegClass::P), masked = fn.newVirtual(RegClass::P);
    emit(op, Opcode::PXor, {diff, *a, *b});
    emit(op, Opcode::PAnd, {masked, *p, diff});
    emit(op, Opcode::PXor, {d, *b, masked});
    break;
  }
  case RegClass::V: {
    // The false value, then the true one where the condition holds.
    emit(op, Opcode::VMov, {d, *b});
    MInstr &mi = emit(op, Opcode::VMov, {d, *a});
    setGuard(mi, *p);
    break;
  }
  }
  regs[result] = d;
  return mlir::success();
}

/// andi / ori / xori on booleans: pand / por / pxor; a constant operand
/// makes them a copy, a constant or a pnot.
mlir::LogicalResult Selector::selectPredicateLogic(mlir::Operation *op) {
  mlir::Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  std::optional<int64_t> lc = constantValue(lhs), rc = constantValue(rhs);
  if (lc && !rc) {
    std::swap(lhs, rhs);
    std::swap(lc, rc);
  }
  bool isAnd = llvm::isa<mlir::arith::AndIOp>(op), isOr = llvm::isa<mlir::arith::OrIOp>(op);
  if (lc && rc) {
    bool a = *lc, b = *rc;
    regs[op->getResult(0)] =
        materialize(op, RegClass::P, isAnd ? (a && b) : isOr ? (a || b) : (a != b));
    return mlir::success();
  }
  auto a = regOf(op, lhs);
  if (mlir::failed(a))
    return mlir::failure();
  if (rc) {
    bool b = *rc;
    if (isAnd && !b) {
      regs[op->getResult(0)] = materialize(op, RegClass::P, 0);
    } else if (isOr && b) {
      regs[op->getResult(0)] = materialize(op, RegClass::P, 1);
    } else if (!isAnd && !isOr && b) {
      int p = fn.newVirtual(RegClass::P);
      emit(op, Opcode::PNot, {p, *a});
      regs[op->getResult(0)] = p;
    } else {
      regs[op->getResult(0)] = *a;  // x & 1, x | 0, x ^ 0
    }
    return mlir::success();
  }
  auto b = regOf(op, rhs);
  if (mlir::failed(b))
    return mlir::failure();
  int p = fn.newVirtual(RegClass::P);
  emit(op, isAnd ? Opcode::PAnd : isOr ? Opcode::POr : Opcode::PXor, {p, *a, *b});
  regs[op->getResult(0)] = p;
  return mlir::success();
}

/// Scalar ops: SMEM reads and writes, int32/index arithmetic, compares,
/// selects and booleans on the scalar unit.
mlir::LogicalResult Selector::selectScalar(mlir::Operation *op) {
  using namespace mlir::arith;
  if (llvm::isa<ConstantOp>(op))
    return mlir::success();  // materialized where used
  if (llvm::isa<IndexCastOp, IndexCastUIOp, mlir::tessera::MultipleOfOp>(op)) {
    // The same 32 bits: the result shares the operand's register.
    if (constantValue(op->getResult(0)))
      return mlir::success();
    auto reg = regOf(op, op->getOperand(0));
    if (mlir::failed(reg))
      return mlir::failure();
    regs[op->getResult(0)] = *reg;
    return mlir::success();
  }
  if (llvm::isa<mlir::tessera::CoreIndexOp, mlir::tessera::DeviceIdOp>(op)) {
    // The launch ABI's words (sim/Executable.h); nothing writes them during
    // a launch, so the load is ordered against no SMEM access.
    int reg = fn.newVirtual(RegClass::S);
    emit(op, Opcode::SLd,
         {reg, llvm::isa<mlir::tessera::CoreIndexOp>(op) ? sim::kCoreIndexSmemWord
                                                         : sim::kDeviceIdSmemWord});
    regs[op->getResult(0)] = reg;
    return mlir::success();
  }
  if (auto extract = llvm::dyn_cast<mlir::tessera::ExtractOp>(op)) {
    // Element (row, column) of a tile (whose one-row or one-column form
    // holds it replicated): vreg word row * 128 + column.
    auto src = regOf(op, extract.getInput());
    if (mlir::failed(src))
      return mlir::failure();
    auto tile = extract.getInput().getType();
    int64_t row = tile.getDimSize(0) == 1 ? 0 : extract.getPosition()[0];
    int64_t col = tile.getDimSize(1) == 1 ? 0 : extract.getPosition()[1];
    int reg = fn.newVirtual(RegClass::S);
    emit(op, Opcode::VExtract, {reg, *src, row * machine::kLanes + col});
    regs[extract.getResult()] = reg;
    return mlir::success();
  }
  if (auto load = llvm::dyn_cast<mlir::tessera::LoadScalarOp>(op)) {
    auto addr = smemAddress(op, load.getRef(), load.getIndices());
    if (mlir::failed(addr))
      return mlir::failure();
    int64_t word = addr->at;
    int dyn = addr->dyn;
    int reg = fn.newVirtual(RegClass::S);
    MInstr &mi = dyn < 0 ? emit(op, Opcode::SLd, {reg, word})
                         : emit(op, Opcode::SLdR, {reg, dyn, word});
    setMemory(mi, MemKind::SmemRead, *addr, 1);
    regs[load.getResult()] = reg;
    return mlir::success();
  }
  if (auto store = llvm::dyn_cast<mlir::tessera::StoreScalarOp>(op)) {
    auto addr = smemAddress(op, store.getRef(), store.getIndices());
    if (mlir::failed(addr))
      return mlir::failure();
    auto value = regOf(op, store.getValue());
    if (mlir::failed(value))
      return mlir::failure();
    int64_t word = addr->at;
    int dyn = addr->dyn;
    MInstr &mi = dyn < 0 ? emit(op, Opcode::SSt, {word, *value})
                         : emit(op, Opcode::SStR, {dyn, word, *value});
    setMemory(mi, MemKind::SmemWrite, *addr, 1);
    return mlir::success();
  }
  if (auto cmp = llvm::dyn_cast<CmpIOp>(op))
    return selectCompare(cmp);
  if ((op->getResult(0).getType().isF32() && !llvm::isa<SelectOp>(op)) ||
      llvm::isa<CmpFOp>(op) ||
      (llvm::isa<FPToSIOp, FPToUIOp>(op) && op->getOperand(0).getType().isF32()))
    return selectScalarFloat(op);
  if (auto sel = llvm::dyn_cast<SelectOp>(op))
    return selectSelect(sel);
  if (llvm::isa<ExtUIOp, ExtSIOp>(op) && op->getOperand(0).getType().isInteger(1)) {
    // true -> 1 (extui) or -1 (extsi), false -> 0.
    int64_t one = llvm::isa<ExtUIOp>(op) ? 1 : -1;
    if (auto c = constantValue(op->getOperand(0))) {
      regs[op->getResult(0)] = materialize(op, RegClass::S, *c ? one : 0);
      return mlir::success();
    }
    auto p = regOf(op, op->getOperand(0));
    if (mlir::failed(p))
      return mlir::failure();
    int t = materialize(op, RegClass::S, one), f = materialize(op, RegClass::S, 0);
    int reg = fn.newVirtual(RegClass::S);
    emit(op, Opcode::SSel, {reg, *p, t, f});
    regs[op->getResult(0)] = reg;
    return mlir::success();
  }
  if (llvm::isa<TruncIOp>(op) && op->getResult(0).getType().isInteger(1)) {
    // The low bit.
    auto x = regOf(op, op->getOperand(0));
    if (mlir::failed(x))
      return mlir::failure();
    int bit = fn.newVirtual(RegClass::S), p = fn.newVirtual(RegClass::P);
    emit(op, Opcode::SAndI, {bit, *x, 1});
    emit(op, Opcode::SCmpNeI, {p, bit, 0});
    regs[op->getResult(0)] = p;
    return mlir::success();
  }
  if (llvm::isa<AndIOp, OrIOp, XOrIOp>(op) && op->getResult(0).getType().isInteger(1))
    return selectPredicateLogic(op);
  if (op->getResult(0).getType().isInteger(1))
    return op->emitError("'") << op->getName() << "' on booleans has no TensorCore instruction yet";
  if (llvm::isa<MaxSIOp, MinSIOp>(op)) {
    // max: a > b ? a : b; min: a < b ? a : b.
    mlir::Value lhs = op->getOperand(0), rhs = op->getOperand(1);
    if (constantValue(lhs) && !constantValue(rhs))
      std::swap(lhs, rhs);
    std::optional<int64_t> rc = constantValue(rhs);
    auto a = regOf(op, lhs), b = regOf(op, rhs);
    if (mlir::failed(a) || mlir::failed(b))
      return mlir::failure();
    bool isMax = llvm::isa<MaxSIOp>(op);
    int p = fn.newVirtual(RegClass::P), reg = fn.newVirtual(RegClass::S);
    if (rc)
      emit(op, isMax ? Opcode::SCmpGtI : Opcode::SCmpLtI, {p, *a, *rc});
    else
      emit(op, isMax ? Opcode::SCmpGt : Opcode::SCmpLt, {p, *a, *b});
    emit(op, Opcode::SSel, {reg, p, *a, *b});
    regs[op->getResult(0)] = reg;
    return mlir::success();
  }
  std::optional<BinaryForm> form = binaryForm(op);
  if (!form)
    return op->emitError("'") << op->getName() << "' has no scalar-unit instruction yet";
  mlir::Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  if (form->commutes && constantValue(lhs) && !constantValue(rhs))
    std::swap(lhs, rhs);
  std::optional<int64_t> rc = constantValue(rhs);
  if (rc && *rc == 0 && llvm::isa<DivSIOp, RemSIOp>(op))
    return op->emitError("division by the constant 0");
  auto a = regOf(op, lhs);
  if (mlir::failed(a))
    return mlir::failure();
  int reg = fn.newVirtual(RegClass::S);
  if (rc && llvm::isa<SubIOp>(op)) {
    // x - c is x + (-c), wrapping as the subtraction would.
    emit(op, Opcode::SAddI, {reg, *a, (int64_t)(int32_t)(0u - (uint32_t)*rc)});
  } else if (rc && form->imm) {
    emit(op, *form->imm, {reg, *a, *rc});
  } else {
    auto b = regOf(op, rhs);
    if (mlir::failed(b))
      return mlir::failure();
    emit(op, form->reg, {reg, *a, *b});
  }
  regs[op->getResult(0)] = reg;
  return mlir::success();
}

/// f32 on the scalar unit: the f32's bits in an s-register; arithmetic,
/// max/min, compares and conversions have their instructions, negation
/// and |x| flip or clear the sign bit.
mlir::LogicalResult Selector::selectScalarFloat(mlir::Operation *op) {
  using namespace mlir::arith;
  auto operand = [&](unsigned i) { return regOf(op, op->getOperand(i)); };
  auto unary = [&](Opcode opcode, std::optional<int64_t> imm) -> mlir::LogicalResult {
    auto a = operand(0);
    if (mlir::failed(a))
      return mlir::failure();
    int reg = fn.newVirtual(RegClass::S);
    if (imm)
      emit(op, opcode, {reg, *a, *imm});
    else
      emit(op, opcode, {reg, *a});
    regs[op->getResult(0)] = reg;
    return mlir::success();
  };
  if (llvm::isa<NegFOp>(op))
    return unary(Opcode::SXorI, kSignBit);
  if (llvm::isa<mlir::math::AbsFOp>(op))
    return unary(Opcode::SAndI, INT32_MAX);
  if (llvm::isa<SIToFPOp>(op))
    return unary(Opcode::SCvtF32S32, std::nullopt);
  if (llvm::isa<FPToSIOp>(op))
    return unary(Opcode::SCvtS32F32, std::nullopt);
  if (llvm::isa<UIToFPOp, FPToUIOp>(op)) {
    // As the vector unit's (SelectVector.cpp, selectUnsigned): uitofp adds
    // the converted 16-bit halves, hi * 2^16 + lo (one rounding); fptoui
    // converts max(x, 0) below 2^31, x - 2^31 with the sign bit set above
    // (saturating, NaN -> 0).
    auto a = operand(0);
    if (mlir::failed(a))
      return mlir::failure();
    auto un = [&](Opcode opcode, int64_t src) {
      int reg = fn.newVirtual(RegClass::S);
      emit(op, opcode, {reg, src});
      return reg;
    };
    auto bin = [&](Opcode opcode, int64_t lhs, int64_t rhs, RegClass cls = RegClass::S) {
      int reg = fn.newVirtual(cls);
      emit(op, opcode, {reg, lhs, rhs});
      return reg;
    };
    int x = *a, result;
    if (llvm::isa<UIToFPOp>(op)) {
      int fh = un(Opcode::SCvtF32S32, bin(Opcode::SShrLI, x, 16));
      int fl = un(Opcode::SCvtF32S32, bin(Opcode::SAndI, x, 0xffff));
      int scaled = bin(Opcode::SMulF, fh, materialize(op, RegClass::S, 0x47800000));  // 2^16
      result = bin(Opcode::SAddF, scaled, fl);
    } else {
      int twoTo31 = materialize(op, RegClass::S, 0x4f000000);
      int low = un(Opcode::SCvtS32F32, bin(Opcode::SMaxF, x, materialize(op, RegClass::S, 0)));
      int high = bin(Opcode::SXorI, un(Opcode::SCvtS32F32, bin(Opcode::SSubF, x, twoTo31)),
                     kSignBit);
      int big = bin(Opcode::SCmpGeF, x, twoTo31, RegClass::P);
      result = fn.newVirtual(RegClass::S);
      emit(op, Opcode::SSel, {result, big, high, low});
    }
    regs[op->getResult(0)] = result;
    return mlir::success();
  }
  if (llvm::isa<BitcastOp>(op)) {  // the same 32 bits
    auto a = operand(0);
    if (mlir::failed(a))
      return mlir::failure();
    regs[op->getResult(0)] = *a;
    return mlir::success();
  }
  std::optional<Opcode> opcode;
  bool predicate = false;
  if (auto cmp = llvm::dyn_cast<CmpFOp>(op)) {
    predicate = true;
    switch (cmp.getPredicate()) {
    case CmpFPredicate::OLT: opcode = Opcode::SCmpLtF; break;
    case CmpFPredicate::OLE: opcode = Opcode::SCmpLeF; break;
    case CmpFPredicate::OGT: opcode = Opcode::SCmpGtF; break;
    case CmpFPredicate::OGE: opcode = Opcode::SCmpGeF; break;
    case CmpFPredicate::OEQ: opcode = Opcode::SCmpEqF; break;
    case CmpFPredicate::UNE: opcode = Opcode::SCmpNeF; break;
    default: return op->emitError("f32 scalar compare '")
                    << stringifyCmpFPredicate(cmp.getPredicate()) << "' has no instruction";
    }
  } else {
    opcode = llvm::TypeSwitch<mlir::Operation *, std::optional<Opcode>>(op)
                 .Case([](AddFOp) { return Opcode::SAddF; })
                 .Case([](SubFOp) { return Opcode::SSubF; })
                 .Case([](MulFOp) { return Opcode::SMulF; })
                 .Case([](DivFOp) { return Opcode::SDivF; })
                 .Case([](MaximumFOp) { return Opcode::SMaxF; })
                 .Case([](MinimumFOp) { return Opcode::SMinF; })
                 .Default([](mlir::Operation *) { return std::nullopt; });
  }
  if (!opcode)
    return op->emitError("'") << op->getName() << "' on f32 scalars has no scalar-unit instruction yet";
  auto a = operand(0), b = operand(1);
  if (mlir::failed(a) || mlir::failed(b))
    return mlir::failure();
  int reg = fn.newVirtual(predicate ? RegClass::P : RegClass::S);
  emit(op, *opcode, {reg, *a, *b});
  regs[op->getResult(0)] = reg;
  return mlir::success();
}

}  // namespace tessera::lowering
