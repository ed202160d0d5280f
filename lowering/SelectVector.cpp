//===- SelectVector.cpp - Tile ops on the vector units and the MXUs -------===//
//
// Every tile value is one vreg (the TesseraLegalizeTiles pass description): 8x128 f32/i32/i1 (masks
// are 0/1 words), a packed 16x128 bf16 or 32x128 int8 tile, or a replicated
// 1x128 / 8x1 / 1x1 tile. So an elementwise op is one instruction whatever
// the shape, a broadcast of a replicated tile is no instruction at all (the
// register already holds every element), and a reduction is one vredsub
// (rows, on the vector ALU) or vredlane (lanes, on the cross-lane unit).
//
// Choices where the ISA has no one-to-one row:
//   negf       vxor with the sign bit: exact for 0, inf and NaN (0 - x
//              would turn -0 into +0)
//   i32 ~x     vnot; i1 ~x (xori with true) vxor with 1
//   extui i1   nothing (a mask word is already 0/1); extsi i1: 0 - x
//   trunci->i1 vand with 1
//   bitcast    nothing (same 32 bits)
//   cmpi u*    both operands' sign bits flipped, then the signed compare
//   iota       viota.row/col, then vadd.s32 of the offset if not 0
//   a scalar broadcast to a tile: vbcast of its sreg
//   select with a scalar i1 condition of tiles: vsel on the condition as a
//              mask (ssel 1/0, vbcast; once per block and condition), one
//              instruction per tile that the MXU ordering sees through
//              like any elementwise op
// Vector constants (vimm, a packed splat repeats its bits in each word) are
// set once, before the innermost loop.
//
// An mxu_matmul's LHS that other matmuls read too (a row tile of x meets
// every N block of y) is loaded (and unpacked) again for each matmul when
// nothing may have written its Ref in between: a vld and a vunpack are
// cheaper than keeping 64 tiles live across the whole dot.
//
// MXUs: each tessera.mxu_weights goes to the next MXU (round-robin, so
// consecutive weight blocks stream on different units) whose weights are
// dead (every mxu_matmul that reads them was selected), else to the one
// whose weights are read again furthest away (Belady). It becomes 8
// vmatpush.bf16 (.t when transposed) or 4 vmatpush.s8 and a vmatlatch; each
// mxu_matmul one vmatmul and its vmatpop, kept in one block so the result
// FIFO is empty between blocks.
// What each MXU holds is tracked along straight-line code and forgotten at
// every region boundary (a loop may run again, a branch may not run): an
// mxu_matmul whose weights are not latched on any MXU there (evicted, or
// made outside the region) pushes them again first. The scheduler keeps
// each MXU's ops in program order (Dependences.h).
//
//===----------------------------------------------------------------------===//
#include <limits>

#include "llvm/ADT/StringSwitch.h"
#include "lowering/Selector.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "sim/MachineDesc.h"

namespace tessera::lowering {

using isa::Opcode;

namespace {

mlir::Type elementType(mlir::Value v) {
  if (auto t = llvm::dyn_cast<mlir::VectorType>(v.getType()))
    return t.getElementType();
  return v.getType();
}

bool isF32(mlir::Type t) { return t.isF32(); }
bool isI32(mlir::Type t) { return t.isInteger(32); }
bool isMask(mlir::Type t) { return t.isInteger(1); }

/// One instruction per op, with the operands in order: the arith and math
/// ops whose opcode depends only on the op and its element type.
std::optional<Opcode> directOpcode(mlir::Operation *op, mlir::Type elem) {
  llvm::StringRef name = op->getName().getStringRef();
  if (isF32(elem)) {
    return llvm::StringSwitch<std::optional<Opcode>>(name)
        .Case("arith.addf", Opcode::VAddF32)
        .Case("arith.subf", Opcode::VSubF32)
        .Case("arith.mulf", Opcode::VMulF32)
        .Case("arith.divf", Opcode::VDivF32)
        .Case("arith.maximumf", Opcode::VMaxF32)
        .Case("arith.minimumf", Opcode::VMinF32)
        .Case("math.powf", Opcode::VPowF32)
        .Case("math.exp", Opcode::VExpF32)
        .Case("math.exp2", Opcode::VExp2F32)
        .Case("math.log", Opcode::VLogF32)
        .Case("math.log1p", Opcode::VLog1pF32)
        .Case("math.tanh", Opcode::VTanhF32)
        .Case("math.sqrt", Opcode::VSqrtF32)
        .Case("math.rsqrt", Opcode::VRsqrtF32)
        .Case("math.sin", Opcode::VSinF32)
        .Case("math.cos", Opcode::VCosF32)
        .Case("math.erf", Opcode::VErfF32)
        .Case("math.tan", Opcode::VTanF32)
        .Case("tessera.erf_inv", Opcode::VErfInvF32)
        .Case("arith.remf", Opcode::VRemF32)
        .Case("math.floor", Opcode::VFloorF32)
        .Case("math.ceil", Opcode::VCeilF32)
        .Case("math.roundeven", Opcode::VRoundF32)
        .Case("math.absf", Opcode::VAbsF32)
        .Case("tessera.logistic", Opcode::VLogisticF32)
        .Case("tessera.reciprocal", Opcode::VRcpF32)
        .Case("tessera.round_bf16", Opcode::VRndBf16)
        .Case("arith.sitofp", Opcode::VCvtF32S32)
        .Default(std::nullopt);
  }
  if (isI32(elem)) {
    return llvm::StringSwitch<std::optional<Opcode>>(name)
        .Case("arith.addi", Opcode::VAddS32)
        .Case("arith.subi", Opcode::VSubS32)
        .Case("arith.muli", Opcode::VMulS32)
        .Case("arith.divsi", Opcode::VDivS32)
        .Case("arith.remsi", Opcode::VRemS32)
        .Case("arith.divui", Opcode::VDivU32)
        .Case("arith.remui", Opcode::VRemU32)
        .Case("arith.andi", Opcode::VAnd)
        .Case("arith.ori", Opcode::VOr)
        .Case("arith.xori", Opcode::VXor)
        .Case("arith.shli", Opcode::VShlS32)
        .Case("arith.shrsi", Opcode::VShrAS32)
        .Case("arith.shrui", Opcode::VShrLS32)
        .Case("arith.maxsi", Opcode::VMaxS32)
        .Case("arith.minsi", Opcode::VMinS32)
        .Case("math.absi", Opcode::VAbsS32)
        .Case("math.ctpop", Opcode::VPopcnt)
        .Case("math.ctlz", Opcode::VClz)
        .Case("arith.fptosi", Opcode::VCvtS32F32)
        .Default(std::nullopt);
  }
  if (isMask(elem)) {
    return llvm::StringSwitch<std::optional<Opcode>>(name)
        .Case("arith.andi", Opcode::VAnd)
        .Case("arith.ori", Opcode::VOr)
        .Case("arith.xori", Opcode::VXor)
        .Default(std::nullopt);
  }
  return std::nullopt;
}

/// The compare opcodes, indexed eq ne lt le gt ge.
constexpr Opcode kCompareF32[] = {Opcode::VCmpEqF32, Opcode::VCmpNeF32, Opcode::VCmpLtF32,
                                  Opcode::VCmpLeF32, Opcode::VCmpGtF32, Opcode::VCmpGeF32};
constexpr Opcode kCompareS32[] = {Opcode::VCmpEqS32, Opcode::VCmpNeS32, Opcode::VCmpLtS32,
                                  Opcode::VCmpLeS32, Opcode::VCmpGtS32, Opcode::VCmpGeS32};

/// The 32-bit word a splat constant fills every word of a vreg with (a
/// packed bf16 tile: two copies of its bits; int8: four), or nullopt.
std::optional<uint32_t> splatWord(mlir::DenseElementsAttr attr) {
  if (!attr.isSplat())
    return std::nullopt;
  mlir::Type elem = attr.getElementType();
  mlir::Attribute value = attr.getSplatValue<mlir::Attribute>();
  if (auto f = llvm::dyn_cast<mlir::FloatAttr>(value)) {
    uint64_t bits = f.getValue().bitcastToAPInt().getZExtValue();
    if (elem.isF32())
      return (uint32_t)bits;
    if (elem.isBF16())
      return (uint32_t)(bits & 0xffff) * 0x00010001u;
    return std::nullopt;
  }
  auto i = llvm::cast<mlir::IntegerAttr>(value);
  uint64_t bits = i.getValue().getZExtValue();
  switch (elem.getIntOrFloatBitWidth()) {
  case 1: return (uint32_t)(bits & 1);
  case 8: return (uint32_t)(bits & 0xff) * 0x01010101u;
  case 16: return (uint32_t)(bits & 0xffff) * 0x00010001u;
  case 32: return (uint32_t)bits;
  default: return std::nullopt;
  }
}

}  // namespace

int Selector::vectorConstant(mlir::Operation *user, uint32_t word, bool isFloat) {
  LoopContext *loop = loops.empty() ? nullptr : &loops.back();
  // (class V, word) in the loop's constant cache: kinds never collide with
  // the scalar ones, which use classes S and P.
  std::pair<int, int64_t> key = {(int)RegClass::V, (int64_t)word};
  if (loop)
    if (auto it = loop->constants.find(key); it != loop->constants.end())
      return it->second;
  int v = fn.newVirtual(RegClass::V);
  MInstr mi;
  mi.instr = isFloat ? isa::makeInstr(Opcode::VImmF32, {v, word})
                     : isa::makeInstr(Opcode::VImmS32, {v, (int64_t)(int32_t)word});
  emitInvariant(user, std::move(mi));
  if (loop)
    loop->constants[key] = v;
  return v;
}

mlir::LogicalResult Selector::emitVector(mlir::Operation *op, Opcode opcode,
                                         llvm::ArrayRef<int> sources, int64_t imm,
                                         bool hasImm) {
  int v = fn.newVirtual(RegClass::V);
  MInstr mi;
  mi.instr.opcode = opcode;
  mi.instr.ops[0] = v;
  size_t k = 1;
  for (int s : sources)
    mi.instr.ops[k++] = s;
  if (hasImm)
    mi.instr.ops[k++] = (int64_t)(uint32_t)(int32_t)imm;
  mi.pos = sourcePos(op->getLoc());
  fn.blocks[cur].instrs.push_back(std::move(mi));
  regs[op->getResult(0)] = v;
  return mlir::success();
}

mlir::FailureOr<std::vector<int>> Selector::operandRegs(mlir::Operation *op) {
  std::vector<int> out;
  for (mlir::Value v : op->getOperands()) {
    auto reg = regOf(op, v);
    if (mlir::failed(reg))
      return mlir::failure();
    out.push_back(*reg);
  }
  return out;
}

/// Vector constants, vector ALU / EUP / XLU ops, conversions, layout ops,
/// and a select between two vectors.
mlir::LogicalResult Selector::selectVector(mlir::Operation *op) {
  llvm::StringRef name = op->getName().getStringRef();
  mlir::Value result = op->getResult(0);
  mlir::Type elem = elementType(result);

  if (auto cst = llvm::dyn_cast<mlir::arith::ConstantOp>(op)) {
    auto dense = llvm::dyn_cast<mlir::DenseElementsAttr>(cst.getValue());
    std::optional<uint32_t> word = dense ? splatWord(dense) : std::nullopt;
    if (!word)
      return op->emitError("only splat vector constants of f32, bf16, i32, i16, i8 or i1 "
                           "are supported, not ")
             << cst.getValue();
    regs[result] = vectorConstant(op, *word, elem.isF32());
    return mlir::success();
  }
  if (auto sel = llvm::dyn_cast<mlir::arith::SelectOp>(op)) {
    if (!llvm::isa<mlir::VectorType>(sel.getCondition().getType())) {
      if (!llvm::isa<mlir::VectorType>(result.getType()) || constantValue(sel.getCondition()))
        return selectSelect(sel);
      auto p = regOf(op, sel.getCondition());
      auto a = regOf(op, sel.getTrueValue()), b = regOf(op, sel.getFalseValue());
      if (mlir::failed(p) || mlir::failed(a) || mlir::failed(b))
        return mlir::failure();
      // The condition as a mask of 0/1 words, once per block (the block's
      // cache of derived scalars, under a key no scaling uses).
      std::pair<int, int64_t> key = {*p, std::numeric_limits<int64_t>::min()};
      int mask;
      if (auto it = scaledCache.find(key); it != scaledCache.end()) {
        mask = it->second;
      } else {
        int word = fn.newVirtual(RegClass::S);
        emit(op, Opcode::SSel,
             {word, *p, materialize(op, RegClass::S, 1), materialize(op, RegClass::S, 0)});
        mask = fn.newVirtual(RegClass::V);
        emit(op, Opcode::VBcast, {mask, word});
        scaledCache[key] = mask;
      }
      return emitVector(op, Opcode::VSel, {mask, *a, *b});
    }
    auto srcs = operandRegs(op);  // mask, true value, false value
    if (mlir::failed(srcs))
      return mlir::failure();
    return emitVector(op, Opcode::VSel, *srcs);
  }
  bool scalarOperand = op->getNumOperands() == 1 &&
                       !llvm::isa<mlir::VectorType>(op->getOperand(0).getType());
  // The same register: the value's bits or replication already match.
  if ((name == "tessera.broadcast" && !scalarOperand) || name == "arith.bitcast" ||
      (name == "arith.extui" && isMask(elementType(op->getOperand(0))))) {
    auto src = regOf(op, op->getOperand(0));
    if (mlir::failed(src))
      return mlir::failure();
    regs[result] = *src;
    return mlir::success();
  }
  // A scalar (an sreg: i32, or f32 bits) in every element: vbcast.
  if ((name == "tessera.broadcast" || name == "vector.broadcast" || name == "vector.splat") &&
      scalarOperand) {
    auto src = regOf(op, op->getOperand(0));
    if (mlir::failed(src))
      return mlir::failure();
    if (op->getOperand(0).getType().isInteger(1))
      return op->emitError("broadcasting a scalar boolean to a mask is not supported yet");
    return emitVector(op, Opcode::VBcast, {*src});
  }
  if (name == "arith.extsi" && isMask(elementType(op->getOperand(0)))) {
    // true -> -1: 0 - 1.
    auto src = regOf(op, op->getOperand(0));
    if (mlir::failed(src))
      return mlir::failure();
    return emitVector(op, Opcode::VSubS32, {vectorConstant(op, 0, false), *src});
  }
  if (name == "arith.trunci" && isMask(elem)) {
    auto src = regOf(op, op->getOperand(0));
    if (mlir::failed(src))
      return mlir::failure();
    return emitVector(op, Opcode::VAnd, {*src, vectorConstant(op, 1, false)});
  }
  if (name == "arith.negf" && isF32(elem)) {
    auto src = regOf(op, op->getOperand(0));
    if (mlir::failed(src))
      return mlir::failure();
    return emitVector(op, Opcode::VXor, {*src, vectorConstant(op, 0x80000000u, false)});
  }
  if (name == "arith.xori" && isI32(elem)) {
    // ~x: xori with all ones.
    for (int k = 0; k < 2; ++k) {
      auto c = op->getOperand(k).getDefiningOp<mlir::arith::ConstantOp>();
      auto dense = c ? llvm::dyn_cast<mlir::DenseElementsAttr>(c.getValue()) : nullptr;
      if (dense && splatWord(dense) == 0xffffffffu) {
        auto src = regOf(op, op->getOperand(1 - k));
        if (mlir::failed(src))
          return mlir::failure();
        return emitVector(op, Opcode::VNot, {*src});
      }
    }
  }
  if (auto cmp = llvm::dyn_cast<mlir::arith::CmpFOp>(op))
    return selectVectorCompare(op, (int)cmp.getPredicate(), /*isFloat=*/true);
  if (auto cmp = llvm::dyn_cast<mlir::arith::CmpIOp>(op))
    return selectVectorCompare(op, (int)cmp.getPredicate(), /*isFloat=*/false);
  if (name == "tessera.reduce")
    return selectReduce(op);
  if (name == "tessera.iota") {
    auto dim = op->getAttrOfType<mlir::IntegerAttr>("dimension");
    auto offset = op->getAttrOfType<mlir::IntegerAttr>("offset");
    if (!dim)
      return op->emitError("internal error: tessera.iota without a dimension");
    Opcode opcode = dim.getInt() == 0 ? Opcode::VIotaRow : Opcode::VIotaCol;
    int64_t off = offset ? offset.getInt() : 0;
    if (off == 0)
      return emitVector(op, opcode, {});
    int index = fn.newVirtual(RegClass::V);
    emit(op, opcode, {index});
    return emitVector(op, Opcode::VAddS32, {index, vectorConstant(op, (uint32_t)off, false)});
  }
  if (name == "tessera.pack") {
    auto srcs = operandRegs(op);
    if (mlir::failed(srcs))
      return mlir::failure();
    auto packed = packTile(op, elem, *srcs);
    if (mlir::failed(packed))
      return mlir::failure();
    regs[result] = *packed;
    return mlir::success();
  }
  if (name == "tessera.unpack") {
    auto src = regOf(op, op->getOperand(0));
    auto part = op->getAttrOfType<mlir::IntegerAttr>("part");
    if (mlir::failed(src) || !part)
      return mlir::failure();
    auto unit = unpackTile(op, elementType(op->getOperand(0)), *src, part.getInt());
    if (mlir::failed(unit))
      return mlir::failure();
    regs[result] = *unit;
    return mlir::success();
  }
  if (auto expanded = selectUnsigned(op); expanded)
    return *expanded;
  if (name == "tessera.mxu_matmul")
    return selectMxuMatmul(op);
  if (std::optional<Opcode> opcode = directOpcode(op, elem)) {
    if (name == "arith.fptosi" && !isF32(elementType(op->getOperand(0))))
      return op->emitError("fptosi from ") << elementType(op->getOperand(0))
                                           << " has no TensorCore instruction";
    if (name == "arith.sitofp" && !isI32(elementType(op->getOperand(0))))
      return op->emitError("sitofp from ") << elementType(op->getOperand(0))
                                           << " has no TensorCore instruction";
    auto srcs = operandRegs(op);
    if (mlir::failed(srcs))
      return mlir::failure();
    return emitVector(op, *opcode, *srcs);
  }
  if (!elem.isIntOrFloat() || elem.getIntOrFloatBitWidth() != 32)
    return op->emitError("'") << name << "' on " << elem
                              << " tiles has no TensorCore instruction (the vector unit "
                                 "computes on 32-bit elements)";
  return op->emitError("'") << name << "' has no TensorCore instruction yet";
}

mlir::LogicalResult Selector::selectVectorCompare(mlir::Operation *op, int predicate,
                                                  bool isFloat) {
  // Index eq ne lt le gt ge, and whether the operands need their sign bits
  // flipped (unsigned integer compares).
  int index = -1;
  bool flip = false;
  if (isFloat) {
    using P = mlir::arith::CmpFPredicate;
    switch ((P)predicate) {
    case P::OEQ: index = 0; break;
    case P::UNE: index = 1; break;
    case P::OLT: index = 2; break;
    case P::OLE: index = 3; break;
    case P::OGT: index = 4; break;
    case P::OGE: index = 5; break;
    default: break;
    }
    if (!isF32(elementType(op->getOperand(0))))
      return op->emitError("a float compare of ")
             << elementType(op->getOperand(0)) << " tiles has no TensorCore instruction";
  } else {
    using P = mlir::arith::CmpIPredicate;
    switch ((P)predicate) {
    case P::eq: index = 0; break;
    case P::ne: index = 1; break;
    case P::slt: index = 2; break;
    case P::sle: index = 3; break;
    case P::sgt: index = 4; break;
    case P::sge: index = 5; break;
    case P::ult: index = 2; flip = true; break;
    case P::ule: index = 3; flip = true; break;
    case P::ugt: index = 4; flip = true; break;
    case P::uge: index = 5; flip = true; break;
    }
    mlir::Type t = elementType(op->getOperand(0));
    if (!isI32(t) && !isMask(t))
      return op->emitError("an integer compare of ") << t
                                                     << " tiles has no TensorCore instruction";
  }
  if (index < 0)
    return op->emitError("this compare predicate has no TensorCore instruction; use one of "
                         "oeq une olt ole ogt oge");
  auto srcs = operandRegs(op);
  if (mlir::failed(srcs))
    return mlir::failure();
  if (flip) {
    int sign = vectorConstant(op, 0x80000000u, false);
    for (int &s : *srcs) {
      int flipped = fn.newVirtual(RegClass::V);
      emit(op, Opcode::VXor, {flipped, s, sign});
      s = flipped;
    }
  }
  return emitVector(op, isFloat ? kCompareF32[index] : kCompareS32[index], *srcs);
}

mlir::LogicalResult Selector::selectReduce(mlir::Operation *op) {
  auto kind = op->getAttrOfType<mlir::StringAttr>("kind");
  auto axis = op->getAttrOfType<mlir::IntegerAttr>("axis");
  if (!kind || !axis)
    return op->emitError("internal error: tessera.reduce without kind or axis");
  mlir::Type elem = elementType(op->getOperand(0));
  int k = llvm::StringSwitch<int>(kind.getValue()).Case("sum", 0).Case("max", 1).Case("min", 2)
              .Default(-1);
  if (k < 0 || !(isF32(elem) || isI32(elem)) || (axis.getInt() != 0 && axis.getInt() != 1))
    return op->emitError("a ") << kind << " reduction of " << elem << " along axis "
                               << axis.getInt() << " has no TensorCore instruction";
  static constexpr Opcode kSublane[2][3] = {
      {Opcode::VRedSubSumF32, Opcode::VRedSubMaxF32, Opcode::VRedSubMinF32},
      {Opcode::VRedSubSumS32, Opcode::VRedSubMaxS32, Opcode::VRedSubMinS32}};
  static constexpr Opcode kLane[2][3] = {
      {Opcode::VRedLaneSumF32, Opcode::VRedLaneMaxF32, Opcode::VRedLaneMinF32},
      {Opcode::VRedLaneSumS32, Opcode::VRedLaneMaxS32, Opcode::VRedLaneMinS32}};
  int t = isF32(elem) ? 0 : 1;
  auto src = regOf(op, op->getOperand(0));
  if (mlir::failed(src))
    return mlir::failure();
  return emitVector(op, axis.getInt() == 0 ? kSublane[t][k] : kLane[t][k], {*src});
}

// --- The MXUs. ---

mlir::FailureOr<int> Selector::rematerialize(mlir::Operation *user, mlir::Value v) {
  mlir::Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != user->getBlock())
    return -1;
  mlir::Operation *unpack = nullptr;
  if (def->getName().getStringRef() == "tessera.unpack") {
    unpack = def;
    def = def->getOperand(0).getDefiningOp();
  }
  auto load = llvm::dyn_cast_or_null<mlir::tessera::LoadOp>(def);
  if (!load || load->getBlock() != user->getBlock())
    return -1;
  // Nothing in between may write the Ref's root (Refs of different
  // arguments are different buffers); a region might, conservatively.
  mlir::Value root = mlir::tessera::rootRef(load.getRef());
  for (mlir::Operation *at = load->getNextNode(); at && at != user; at = at->getNextNode()) {
    if (at->getNumRegions() > 0)
      return -1;
    mlir::Value written;
    if (auto store = llvm::dyn_cast<mlir::tessera::StoreOp>(at))
      written = store.getRef();
    else if (auto masked = llvm::dyn_cast<mlir::tessera::MaskedStoreOp>(at))
      written = masked.getRef();
    else if (auto start = llvm::dyn_cast<mlir::tessera::DmaStartOp>(at))
      written = start.getDst();
    else if (auto wait = llvm::dyn_cast<mlir::tessera::DmaWaitOp>(at))
      written = wait.getDst();
    if (written && mlir::tessera::rootRef(written) == root)
      return -1;
  }
  auto reg = loadTile(user, load);
  if (mlir::failed(reg) || !unpack)
    return reg;
  auto part = unpack->getAttrOfType<mlir::IntegerAttr>("part");
  if (!part)
    return -1;
  return unpackTile(user, elementType(unpack->getOperand(0)), *reg, part.getInt());
}

mlir::FailureOr<int> Selector::packTile(mlir::Operation *op, mlir::Type elem,
                                        llvm::ArrayRef<int> units) {
  int out = fn.newVirtual(RegClass::V);
  if (elem.isBF16() && units.size() == 2)
    emit(op, Opcode::VPackBf16, {out, units[0], units[1]});
  else if (elem.isInteger(16) && units.size() == 2)
    emit(op, Opcode::VPackS16, {out, units[0], units[1]});
  else if (elem.isInteger(8) && units.size() == 4)
    emit(op, Opcode::VPackS8, {out, units[0], units[1], units[2], units[3]});
  else
    return op->emitError("internal error: a pack of ") << units.size() << " tiles into " << elem;
  return out;
}

mlir::FailureOr<int> Selector::unpackTile(mlir::Operation *op, mlir::Type elem, int tile,
                                          int64_t part) {
  int out = fn.newVirtual(RegClass::V);
  if (elem.isBF16() && (part == 0 || part == 1))
    emit(op, part == 0 ? Opcode::VUnpackBf16Lo : Opcode::VUnpackBf16Hi, {out, tile});
  else if (elem.isInteger(16) && part >= 0 && part < 2)
    emit(op, Opcode::VUnpackS16, {out, tile, part});
  else if (elem.isInteger(8) && part >= 0 && part < 4)
    emit(op, Opcode::VUnpackS8, {out, tile, part});
  else
    return op->emitError("internal error: part ") << part << " of a " << elem << " tile";
  return out;
}

std::optional<mlir::LogicalResult> Selector::selectUnsigned(mlir::Operation *op) {
  using namespace mlir::arith;
  if (!llvm::isa<MaxUIOp, MinUIOp, UIToFPOp, FPToUIOp>(op))
    return std::nullopt;
  llvm::StringRef name = op->getName().getStringRef();
  mlir::Type from = elementType(op->getOperand(0));
  if (!isI32(from) && !isF32(from))
    return op->emitError("'") << name << "' on " << from
                              << " tiles has no TensorCore instruction (the vector unit "
                                 "computes on 32-bit elements)";
  auto srcs = operandRegs(op);
  if (mlir::failed(srcs))
    return mlir::failure();
  auto unary = [&](Opcode opcode, int a) {
    int t = fn.newVirtual(RegClass::V);
    emit(op, opcode, {t, a});
    return t;
  };
  auto binary = [&](Opcode opcode, int a, int b) {
    int t = fn.newVirtual(RegClass::V);
    emit(op, opcode, {t, a, b});
    return t;
  };
  int sign = vectorConstant(op, 0x80000000u, false);
  if (llvm::isa<MaxUIOp, MinUIOp>(op)) {
    // The unsigned order is the signed order of the words with their sign
    // bits flipped: flip, vmax/vmin.s32, flip back.
    int a = binary(Opcode::VXor, (*srcs)[0], sign), b = binary(Opcode::VXor, (*srcs)[1], sign);
    int m = binary(llvm::isa<MaxUIOp>(op) ? Opcode::VMaxS32 : Opcode::VMinS32, a, b);
    return emitVector(op, Opcode::VXor, {m, sign});
  }
  int x = (*srcs)[0];
  if (llvm::isa<UIToFPOp>(op)) {
    // hi * 2^16 + lo of the two 16-bit halves: each converts exactly, the
    // product is exact, and the sum rounds once (to nearest even).
    int hi = binary(Opcode::VShrLS32, x, vectorConstant(op, 16, false));
    int lo = binary(Opcode::VAnd, x, vectorConstant(op, 0xffffu, false));
    int fh = unary(Opcode::VCvtF32S32, hi), fl = unary(Opcode::VCvtF32S32, lo);
    int scaled = binary(Opcode::VMulF32, fh, vectorConstant(op, 0x47800000u, true));  // 2^16
    return emitVector(op, Opcode::VAddF32, {scaled, fl});
  }
  // fptoui, saturating (NaN -> 0): below 2^31 the signed conversion of
  // max(x, 0); from 2^31 on, that of x - 2^31 (exact) with the sign bit set
  // (saturating to all ones from 2^32).
  int twoTo31 = vectorConstant(op, 0x4f000000u, true);
  int low = unary(Opcode::VCvtS32F32, binary(Opcode::VMaxF32, x, vectorConstant(op, 0, true)));
  int high = binary(Opcode::VXor,
                    unary(Opcode::VCvtS32F32, binary(Opcode::VSubF32, x, twoTo31)), sign);
  int big = binary(Opcode::VCmpGeF32, x, twoTo31);
  return emitVector(op, Opcode::VSel, {big, high, low});
}

int Selector::chooseMxu(mlir::Operation *at) {
  // The next MXU round-robin whose weights nobody reads again; else the
  // one whose weights are read furthest from `at` (not again in this
  // block: infinitely far), least recently used among equals; those are
  // pushed again when read.
  int chosen = -1;
  for (int k = 0; k < machine::kNumMxus && chosen < 0; ++k) {
    int m = (nextMxu + k) % machine::kNumMxus;
    mlir::Value w = mxus[m].weights;
    if (!w || matmulsLeft[w] == 0)
      chosen = m;
  }
  if (chosen < 0) {
    auto distance = [&](mlir::Value w) {
      int64_t d = INT64_MAX;
      for (mlir::Operation *user : w.getUsers())
        if (user->getBlock() == at->getBlock() && at->isBeforeInBlock(user)) {
          int64_t k = 0;
          for (mlir::Operation *o = at; o && o != user; o = o->getNextNode())
            ++k;
          d = std::min(d, k);
        }
      return d;
    };
    int64_t best = -1;
    for (int m = 0; m < machine::kNumMxus; ++m) {
      int64_t d = distance(mxus[m].weights);
      if (d > best || (d == best && mxus[m].lastUse < mxus[chosen].lastUse)) {
        best = d;
        chosen = m;
      }
    }
  }
  nextMxu = (chosen + 1) % machine::kNumMxus;
  return chosen;
}

mlir::LogicalResult Selector::pushWeights(mlir::Operation *user, mlir::Operation *weights,
                                          int mxu) {
  auto tiles = operandRegs(weights);
  if (mlir::failed(tiles))
    return mlir::failure();
  mlir::Type elem = elementType(weights->getOperand(0));
  bool transposed = false;
  if (auto t = weights->getAttrOfType<mlir::BoolAttr>("transposed"))
    transposed = t.getValue();
  Opcode push;
  size_t pushes;
  if (elem.isBF16()) {
    push = transposed ? Opcode::VMatPushBf16T : Opcode::VMatPushBf16;
    pushes = machine::kMxuBf16Pushes;
  } else if (elem.isInteger(8) && !transposed) {
    push = Opcode::VMatPushS8;
    pushes = machine::kMxuS8Pushes;
  } else {
    return weights->emitError("MXU weights of ")
           << elem << (transposed ? " (transposed)" : "") << " are not supported";
  }
  if (tiles->size() != pushes)
    return weights->emitError("internal error: MXU weights from ")
           << tiles->size() << " tiles; the MXU takes " << pushes;
  for (int tile : *tiles)
    emit(user, push, {mxu, tile});
  emit(user, Opcode::VMatLatch, {mxu});
  mxus[mxu].weights = weights->getResult(0);
  mxus[mxu].lastUse = ++mxuClock;
  return mlir::success();
}

void Selector::forgetMxus() {
  for (MxuState &s : mxus)
    s = MxuState{};
}

mlir::LogicalResult Selector::selectMxuWeights(mlir::Operation *op) {
  mlir::Value w = op->getResult(0);
  int &left = matmulsLeft[w];
  left = 0;
  for (mlir::Operation *user : w.getUsers())
    left += user->getName().getStringRef() == "tessera.mxu_matmul";
  return pushWeights(op, op, chooseMxu(op));
}

mlir::LogicalResult Selector::selectMxuMatmul(mlir::Operation *op) {
  mlir::Value w = op->getOperand(0);
  auto *weights = w.getDefiningOp();
  if (!weights || weights->getName().getStringRef() != "tessera.mxu_weights")
    return op->emitError("internal error: MXU weights that no tessera.mxu_weights made");
  int m = -1;
  for (int k = 0; k < machine::kNumMxus; ++k)
    if (mxus[k].weights == w)
      m = k;
  if (m < 0) {
    // Not latched here (another block pushed them, or other weights took
    // their MXU): push them again.
    m = chooseMxu(op);
    if (mlir::failed(pushWeights(op, weights, m)))
      return mlir::failure();
  }
  mxus[m].lastUse = ++mxuClock;
  mlir::Type lhs = elementType(op->getOperand(1));
  Opcode opcode;
  if (isF32(lhs))
    opcode = Opcode::VMatMulF32;
  else if (isI32(lhs))
    opcode = Opcode::VMatMulS8;
  else
    return op->emitError("an MXU left operand of ") << lhs << " is not supported";
  // An LHS tile that several weight blocks read (one per N block) would
  // stay live across all of them and spill: load it again for each.
  mlir::FailureOr<int> src = -1;
  if (!op->getOperand(1).hasOneUse())
    src = rematerialize(op, op->getOperand(1));
  if (mlir::succeeded(src) && *src < 0)
    src = regOf(op, op->getOperand(1));
  if (mlir::failed(src))
    return mlir::failure();
  emit(op, opcode, {m, *src});
  if (matmulsLeft[w] > 0)
    --matmulsLeft[w];
  int v = fn.newVirtual(RegClass::V);
  emit(op, Opcode::VMatPop, {v, m});
  regs[op->getResult(0)] = v;
  return mlir::success();
}

}  // namespace tessera::lowering
