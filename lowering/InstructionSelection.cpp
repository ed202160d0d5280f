//===- InstructionSelection.cpp - Tile IR to machine instructions ---------===//
//
// A forward walk over the straight-line tile IR. Refs are resolved to their
// root argument and a static (row, col) offset; VMEM roots have a static base
// row, HBM roots a base row that the kernel reads from the SMEM argument
// block at run time. Each tile load/store is one vld/vst, each tile op one
// vector ALU op, each DMA one dma.<kind> per contiguous run of rows, and each
// wait a vwait.ge / vsyncadd pair.
//
//===----------------------------------------------------------------------===//
#include "lowering/InstructionSelection.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Path.h"
#include "lowering/Layout.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TesseraDialect.h"
#include "sim/MachineDesc.h"

namespace tessera::lowering {

using isa::Opcode;
using mlir::tessera::MemorySpace;

SourcePos sourcePos(mlir::Location loc) {
  SourcePos pos;
  loc->walk([&](mlir::Location l) {
    if (auto flc = llvm::dyn_cast<mlir::FileLineColLoc>(l)) {
      pos.file = llvm::sys::path::filename(flc.getFilename().getValue()).str();
      pos.line = flc.getLine();
      return mlir::WalkResult::interrupt();
    }
    return mlir::WalkResult::advance();
  });
  return pos;
}

namespace {

/// Where a kernel argument lives.
struct ArgInfo {
  MemorySpace space = MemorySpace::any;
  layout::TiledShape shape;
  int64_t base = 0;       // VMEM row, semaphore index or SMEM arg-block word
  std::string name;
  int baseReg = -1;       // HBM: virtual sreg holding the base row, once loaded
};

/// A Ref resolved to its root argument and a static element offset.
struct RefWindow {
  unsigned arg = 0;
  int64_t row = 0, col = 0;
  int64_t rows = 0, cols = 0;
  int dynRow = -1;  // virtual sreg added to `row` at run time, or -1
};

class Selector {
public:
  explicit Selector(mlir::func::FuncOp kernel) : kernel(kernel) {}
  mlir::FailureOr<MFunction> run();

private:
  mlir::LogicalResult layoutArguments();
  mlir::LogicalResult select(mlir::Operation *op);
  mlir::FailureOr<RefWindow> resolve(mlir::Operation *user, mlir::Value ref);
  /// VMEM row of a tile-sized window and the sreg to add (-1: none).
  mlir::FailureOr<std::pair<int64_t, int>> vmemTileAddress(mlir::Operation *user,
                                                           mlir::Value ref);
  /// An sreg holding the memory row `row` of `arg` (a DMA endpoint).
  int addressReg(mlir::Operation *user, unsigned arg, int64_t row);
  mlir::LogicalResult selectDma(mlir::Operation *op, mlir::Value src,
                                mlir::Value dst, mlir::Value sem, bool isWait);

  /// The vreg holding vector `v`; an error on `user` if none does.
  mlir::FailureOr<int> vregOf(mlir::Operation *user, mlir::Value v);
  /// The sreg holding scalar `v` (constants are materialized at each use).
  mlir::FailureOr<int> sregOf(mlir::Operation *user, mlir::Value v);
  mlir::LogicalResult selectScalar(mlir::Operation *op);
  mlir::LogicalResult selectBoundsCheck(mlir::tessera::BoundsCheckOp op);
  mlir::LogicalResult selectSemaphoreCheck(mlir::tessera::SemaphoreCheckOp op);
  /// Adds `dyn` (or nothing, if -1) to the address `base + offset` in a new sreg.
  int addDynamic(mlir::Operation *user, int baseReg, int dyn);
  MInstr &emit(mlir::Operation *op, Opcode opcode, std::initializer_list<int64_t> ops);

  mlir::func::FuncOp kernel;
  MFunction fn;
  std::vector<ArgInfo> args;
  llvm::DenseMap<mlir::Value, int> vregs;
  llvm::DenseMap<mlir::Value, int> sregs;
  bool fenced = false;  // a dma.fence precedes the semaphore checks
};

mlir::LogicalResult Selector::layoutArguments() {
  uint32_t hbmArgs = 0;
  int64_t vmemRow = 0, semaphore = 0;
  for (mlir::BlockArgument arg : kernel.getArguments()) {
    auto type = llvm::dyn_cast<mlir::MemRefType>(arg.getType());
    if (!type)
      return kernel.emitError("kernel argument ") << arg.getArgNumber() << " is not a Ref";
    ArgInfo info;
    info.space = mlir::tessera::getMemorySpace(type);
    if (auto name = kernel.getArgAttrOfType<mlir::StringAttr>(
            arg.getArgNumber(), mlir::tessera::kArgNameAttr))
      info.name = name.str();
    if (info.space == MemorySpace::semaphore_mem) {
      info.base = semaphore;
      semaphore += type.getNumElements();
    } else if (info.space == MemorySpace::smem) {
      info.base = -1;  // scalar input words follow the HBM argument block
      info.shape = {type.getNumElements(), 1};
    } else {
      if (type.getRank() != 2 ||
          !layout::isTileAligned(type.getDimSize(0), type.getDimSize(1)))
        return kernel.emitError("argument ")
               << arg.getArgNumber() << " of type " << type
               << " is not a rank-2 array of whole (8, 128) tiles";
      info.shape = {type.getDimSize(0), type.getDimSize(1)};
      if (info.space == MemorySpace::vmem) {
        info.base = vmemRow;
        vmemRow += info.shape.memRows();
      } else if (info.space == MemorySpace::any || info.space == MemorySpace::hbm) {
        info.base = hbmArgs++;
      } else {
        return kernel.emitError("argument ")
               << arg.getArgNumber() << " in "
               << mlir::tessera::stringifyForUser(info.space) << " is not supported yet";
      }
    }
    args.push_back(info);
  }
  if (vmemRow > machine::kVmemRows)
    return kernel.emitError("VMEM scratch needs ")
           << vmemRow * machine::kRowBytes << " bytes, more than the "
           << machine::kVmemBytes << " bytes (16 MiB) of VMEM";
  if (semaphore > machine::kNumSemaphores)
    return kernel.emitError("the kernel needs ") << semaphore << " semaphores; a core has "
                                        << machine::kNumSemaphores;
  int64_t smemWord = hbmArgs;
  for (ArgInfo &info : args)
    if (info.space == MemorySpace::smem) {
      info.base = smemWord;
      smemWord += info.shape.rows;
    }
  fn.numHbmArgs = hbmArgs;
  fn.scalarInputWords = smemWord - hbmArgs;
  fn.smemWords = smemWord;
  fn.vmemRows = vmemRow;
  fn.numSemaphores = semaphore;
  return mlir::success();
}

MInstr &Selector::emit(mlir::Operation *op, Opcode opcode,
                       std::initializer_list<int64_t> ops) {
  MInstr mi;
  mi.instr = isa::makeInstr(opcode, ops);
  if (op)
    mi.pos = sourcePos(op->getLoc());
  fn.instrs.push_back(std::move(mi));
  return fn.instrs.back();
}

mlir::FailureOr<RefWindow> Selector::resolve(mlir::Operation *user, mlir::Value ref) {
  auto type = llvm::cast<mlir::MemRefType>(ref.getType());
  RefWindow w;
  if (type.getRank() == 2) {
    w.rows = type.getDimSize(0);
    w.cols = type.getDimSize(1);
  } else if (type.getRank() == 1) {
    w.rows = type.getDimSize(0);
  }
  mlir::Value cur = ref;
  while (auto view = cur.getDefiningOp<mlir::tessera::ViewOp>()) {
    auto offsets = view.getStaticOffsets();
    for (size_t d = 0, dyn = 0; d < offsets.size(); ++d) {
      if (!mlir::ShapedType::isDynamic(offsets[d])) {
        (d == 0 ? w.row : w.col) += offsets[d];
        continue;
      }
      if (d != 0)
        return user->emitError("a run-time offset is supported for rows only");
      auto reg = sregOf(user, view.getOffsets()[dyn++]);
      if (mlir::failed(reg))
        return mlir::failure();
      if (w.dynRow < 0) {
        w.dynRow = *reg;
      } else {
        int sum = fn.newVirtual(RegClass::S);
        emit(user, Opcode::SAdd, {sum, w.dynRow, *reg});
        w.dynRow = sum;
      }
    }
    cur = view.getSource();
  }
  auto arg = llvm::dyn_cast<mlir::BlockArgument>(cur);
  if (!arg || arg.getOwner()->getParentOp() != kernel)
    return user->emitError("a Ref that is not an argument of this kernel is used here");
  w.arg = arg.getArgNumber();
  const ArgInfo &info = args[w.arg];
  if (w.dynRow >= 0 && info.space != MemorySpace::semaphore_mem &&
      info.shape.cols != machine::kLanes)
    return user->emitError("a run-time row offset needs a Ref ")
           << machine::kLanes << " columns wide (its rows are then contiguous), not "
           << info.shape.cols;
  return w;
}

mlir::FailureOr<std::pair<int64_t, int>>
Selector::vmemTileAddress(mlir::Operation *user, mlir::Value ref) {
  auto w = resolve(user, ref);
  if (mlir::failed(w))
    return mlir::failure();
  const ArgInfo &info = args[w->arg];
  if (w->col % machine::kLanes != 0)
    return user->emitError("column offset ")
           << w->col << " is not a multiple of " << machine::kLanes << " lanes";
  int64_t first = info.shape.rowAddress(w->row, w->col);
  int64_t last = info.shape.rowAddress(w->row + machine::kSublanes - 1, w->col);
  if (last != first + machine::kSublanes - 1)
    return user->emitError("rows [")
           << w->row << ", " << w->row + machine::kSublanes
           << ") cross a tile boundary of a Ref with several column tiles; "
              "start the window at a multiple of 8 rows";
  return std::pair<int64_t, int>{info.base + first, w->dynRow};
}

mlir::FailureOr<int> Selector::vregOf(mlir::Operation *user, mlir::Value v) {
  auto it = vregs.find(v);
  if (it == vregs.end())
    return user->emitError("internal error: a vector value has no register");
  return it->second;
}

int Selector::addressReg(mlir::Operation *user, unsigned arg, int64_t row) {
  ArgInfo &info = args[arg];
  int reg = fn.newVirtual(RegClass::S);
  if (info.space == MemorySpace::vmem) {
    emit(user, Opcode::SMovI, {reg, info.base + row});
    return reg;
  }
  if (info.baseReg < 0) {
    info.baseReg = fn.newVirtual(RegClass::S);
    MInstr &mi = emit(user, Opcode::SLd, {info.baseReg, info.base});
    mi.comment = "address of " + (info.name.empty() ? "argument " + std::to_string(arg) : info.name);
    mi.mem = MemKind::SmemRead;
    mi.memLo = info.base;
    mi.memHi = info.base + 1;
  }
  if (row == 0)
    return info.baseReg;
  emit(user, Opcode::SAddI, {reg, info.baseReg, row});
  return reg;
}

static Opcode dmaOpcode(bool srcVmem, bool dstVmem) {
  if (srcVmem)
    return dstVmem ? Opcode::DmaVmemToVmem : Opcode::DmaVmemToHbm;
  return dstVmem ? Opcode::DmaHbmToVmem : Opcode::DmaHbmToHbm;
}

mlir::LogicalResult Selector::selectDma(mlir::Operation *op, mlir::Value src,
                                        mlir::Value dst, mlir::Value sem, bool isWait) {
  auto s = resolve(op, src), d = resolve(op, dst), m = resolve(op, sem);
  if (mlir::failed(s) || mlir::failed(d) || mlir::failed(m))
    return mlir::failure();
  if (m->dynRow >= 0)
    return op->emitError("a semaphore chosen at run time is not supported yet");
  int64_t semIndex = args[m->arg].base + m->row;
  auto type = llvm::cast<mlir::MemRefType>(src.getType());
  int64_t bytes = type.getNumElements() * type.getElementTypeBitWidth() / 8;
  // Semaphores are 32-bit counters of bytes.
  if (bytes > INT32_MAX)
    return op->emitError("a DMA moves at most ")
           << INT32_MAX << " bytes (its semaphore counts bytes in 32 bits), not " << bytes;
  if (isWait) {
    emit(op, Opcode::VWaitGe, {semIndex, bytes}).mem = MemKind::Barrier;
    emit(op, Opcode::VSyncAdd, {semIndex, -bytes}).mem = MemKind::Barrier;
    return mlir::success();
  }
  if (s->col % machine::kLanes || d->col % machine::kLanes || s->cols % machine::kLanes)
    return op->emitError("DMA windows must start and end at multiples of ")
           << machine::kLanes << " columns";
  const ArgInfo &si = args[s->arg], &di = args[d->arg];
  bool srcVmem = si.space == MemorySpace::vmem, dstVmem = di.space == MemorySpace::vmem;
  for (const layout::RowRun &run :
       layout::copyRuns(si.shape, s->row, s->col, di.shape, d->row, d->col, s->rows, s->cols)) {
    int srcReg = addDynamic(op, addressReg(op, s->arg, run.src), s->dynRow);
    int dstReg = addDynamic(op, addressReg(op, d->arg, run.dst), d->dynRow);
    MInstr &mi = emit(op, dmaOpcode(srcVmem, dstVmem), {srcReg, dstReg, run.length, semIndex});
    mi.mem = MemKind::Barrier;
  }
  return mlir::success();
}

static std::optional<Opcode> vectorOpcode(mlir::Operation *op) {
  return llvm::TypeSwitch<mlir::Operation *, std::optional<Opcode>>(op)
      .Case([](mlir::arith::AddFOp) { return Opcode::VAddF32; })
      .Case([](mlir::arith::SubFOp) { return Opcode::VSubF32; })
      .Case([](mlir::arith::MulFOp) { return Opcode::VMulF32; })
      .Case([](mlir::arith::AddIOp) { return Opcode::VAddS32; })
      .Case([](mlir::arith::SubIOp) { return Opcode::VSubS32; })
      .Case([](mlir::arith::MulIOp) { return Opcode::VMulS32; })
      .Default([](mlir::Operation *) { return std::nullopt; });
}

mlir::LogicalResult Selector::select(mlir::Operation *op) {
  if (llvm::isa<mlir::tessera::ViewOp, mlir::func::ReturnOp>(op))
    return mlir::success();
  if (auto load = llvm::dyn_cast<mlir::tessera::LoadOp>(op)) {
    auto addr = vmemTileAddress(op, load.getRef());
    if (mlir::failed(addr))
      return mlir::failure();
    int v = fn.newVirtual(RegClass::V);
    auto [row, dyn] = *addr;
    MInstr &mi = dyn < 0 ? emit(op, Opcode::VLd, {v, row}) : emit(op, Opcode::VLdR, {v, dyn, row});
    mi.mem = MemKind::VmemRead;
    mi.memLo = row;
    mi.memHi = dyn < 0 ? row + machine::kSublanes : row - 1;  // dynamic: unknown
    vregs[load.getResult()] = v;
    return mlir::success();
  }
  if (auto store = llvm::dyn_cast<mlir::tessera::StoreOp>(op)) {
    auto addr = vmemTileAddress(op, store.getRef());
    if (mlir::failed(addr))
      return mlir::failure();
    auto [row, dyn] = *addr;
    auto v = vregOf(op, store.getValue());
    if (mlir::failed(v))
      return mlir::failure();
    MInstr &mi = dyn < 0 ? emit(op, Opcode::VSt, {row, *v}) : emit(op, Opcode::VStR, {dyn, row, *v});
    mi.mem = MemKind::VmemWrite;
    mi.memLo = row;
    mi.memHi = dyn < 0 ? row + machine::kSublanes : row - 1;  // dynamic: unknown
    return mlir::success();
  }
  if (auto check = llvm::dyn_cast<mlir::tessera::BoundsCheckOp>(op))
    return selectBoundsCheck(check);
  if (auto check = llvm::dyn_cast<mlir::tessera::SemaphoreCheckOp>(op))
    return selectSemaphoreCheck(check);
  if (auto start = llvm::dyn_cast<mlir::tessera::DmaStartOp>(op))
    return selectDma(op, start.getSrc(), start.getDst(), start.getSem(), false);
  if (auto wait = llvm::dyn_cast<mlir::tessera::DmaWaitOp>(op))
    return selectDma(op, wait.getSrc(), wait.getDst(), wait.getSem(), true);
  if (!op->getResults().empty() && !llvm::isa<mlir::VectorType>(op->getResult(0).getType()))
    return selectScalar(op);
  if (auto cst = llvm::dyn_cast<mlir::arith::ConstantOp>(op)) {
    auto splat = llvm::dyn_cast<mlir::SplatElementsAttr>(cst.getValue());
    if (!splat)
      return op->emitError("only splat vector constants are supported");
    int v = fn.newVirtual(RegClass::V);
    if (auto f = llvm::dyn_cast<mlir::FloatAttr>(splat.getSplatValue<mlir::Attribute>())) {
      uint32_t bits = (uint32_t)f.getValue().bitcastToAPInt().getZExtValue();
      emit(op, Opcode::VImmF32, {v, bits});
    } else {
      auto i = llvm::cast<mlir::IntegerAttr>(splat.getSplatValue<mlir::Attribute>());
      emit(op, Opcode::VImmS32, {v, (int64_t)(int32_t)i.getValue().getSExtValue()});
    }
    vregs[cst.getResult()] = v;
    return mlir::success();
  }
  if (auto opcode = vectorOpcode(op)) {
    auto type = llvm::cast<mlir::VectorType>(op->getResult(0).getType());
    if (type.getElementTypeBitWidth() != 32)
      return op->emitError("the vector unit computes on 32-bit elements, not ")
             << type.getElementType();
    int v = fn.newVirtual(RegClass::V);
    auto a = vregOf(op, op->getOperand(0)), b = vregOf(op, op->getOperand(1));
    if (mlir::failed(a) || mlir::failed(b))
      return mlir::failure();
    emit(op, *opcode, {v, *a, *b});
    vregs[op->getResult(0)] = v;
    return mlir::success();
  }
  return op->emitError("'") << op->getName() << "' has no TensorCore instruction yet";
}

int Selector::addDynamic(mlir::Operation *user, int baseReg, int dyn) {
  if (dyn < 0)
    return baseReg;
  int reg = fn.newVirtual(RegClass::S);
  emit(user, Opcode::SAdd, {reg, baseReg, dyn});
  return reg;
}

mlir::FailureOr<int> Selector::sregOf(mlir::Operation *user, mlir::Value v) {
  if (auto it = sregs.find(v); it != sregs.end())
    return it->second;
  if (auto cst = v.getDefiningOp<mlir::arith::ConstantOp>()) {
    auto attr = llvm::dyn_cast<mlir::IntegerAttr>(cst.getValue());
    if (!attr)
      return user->emitError("scalar constant of type ") << cst.getType()
                                                           << " is not supported";
    int reg = fn.newVirtual(RegClass::S);
    emit(user, Opcode::SMovI, {reg, (int64_t)(int32_t)attr.getInt()});
    return reg;
  }
  return user->emitError("internal error: a scalar value has no register");
}

/// Scalar ops: SMEM reads and int32/index arithmetic on the scalar unit.
mlir::LogicalResult Selector::selectScalar(mlir::Operation *op) {
  if (llvm::isa<mlir::arith::ConstantOp>(op))
    return mlir::success();  // materialized where used (sregOf)
  if (auto cast = llvm::dyn_cast<mlir::arith::IndexCastOp>(op)) {
    auto reg = sregOf(op, cast.getIn());
    if (mlir::failed(reg))
      return mlir::failure();
    sregs[cast.getResult()] = *reg;
    return mlir::success();
  }
  if (auto load = llvm::dyn_cast<mlir::tessera::LoadScalarOp>(op)) {
    auto w = resolve(op, load.getRef());
    if (mlir::failed(w))
      return mlir::failure();
    int64_t word = args[w->arg].base + w->row;
    for (mlir::Value index : load.getIndices()) {
      auto cst = index.getDefiningOp<mlir::arith::ConstantIndexOp>();
      if (!cst)
        return op->emitError("SMEM indices must be known at compile time");
      word += cst.value();
    }
    int reg = fn.newVirtual(RegClass::S);
    MInstr &mi = emit(op, Opcode::SLd, {reg, word});
    mi.mem = MemKind::SmemRead;
    mi.memLo = word;
    mi.memHi = word + 1;
    sregs[load.getResult()] = reg;
    return mlir::success();
  }
  std::optional<Opcode> opcode = llvm::TypeSwitch<mlir::Operation *, std::optional<Opcode>>(op)
      .Case([](mlir::arith::AddIOp) { return Opcode::SAdd; })
      .Case([](mlir::arith::SubIOp) { return Opcode::SSub; })
      .Case([](mlir::arith::MulIOp) { return Opcode::SMul; })
      .Default([](mlir::Operation *) { return std::nullopt; });
  if (!opcode)
    return op->emitError("'") << op->getName() << "' has no scalar-unit instruction yet";
  auto a = sregOf(op, op->getOperand(0)), b = sregOf(op, op->getOperand(1));
  if (mlir::failed(a) || mlir::failed(b))
    return mlir::failure();
  int reg = fn.newVirtual(RegClass::S);
  emit(op, *opcode, {reg, *a, *b});
  sregs[op->getResult(0)] = reg;
  return mlir::success();
}

/// scmp/scmp/por and a predicated shalt whose comment reports the window.
mlir::LogicalResult Selector::selectBoundsCheck(mlir::tessera::BoundsCheckOp op) {
  auto w = resolve(op, op.getWindow());
  if (mlir::failed(w))
    return mlir::failure();
  const ArgInfo &info = args[w->arg];
  int start = w->dynRow;
  if (w->dynRow < 0 || w->row != 0) {
    start = fn.newVirtual(RegClass::S);
    if (w->dynRow < 0)
      emit(op, Opcode::SMovI, {start, w->row});
    else
      emit(op, Opcode::SAddI, {start, w->dynRow, w->row});
  }
  int end = fn.newVirtual(RegClass::S);
  emit(op, Opcode::SAddI, {end, start, w->rows});
  int below = fn.newVirtual(RegClass::P), above = fn.newVirtual(RegClass::P);
  emit(op, Opcode::SCmpLtI, {below, start, 0});
  emit(op, Opcode::SCmpGtI, {above, end, info.shape.rows});
  int outside = fn.newVirtual(RegClass::P);
  emit(op, Opcode::POr, {outside, below, above});
  MInstr &halt = emit(op, Opcode::SHalt, {});
  halt.instr.predicated = true;
  halt.instr.pred = (uint8_t)outside;
  halt.mem = MemKind::Halt;
  halt.implicitUses = {{RegClass::S, start}, {RegClass::S, end}};
  std::string name = info.name.empty() ? "argument " + std::to_string(w->arg) : info.name;
  halt.comment = "BoundsCheck failed for " + op.getDma().str() + ": rows [{%0}, {%1}) of " +
                 name + " are outside [0, " + std::to_string(info.shape.rows) + ")";
  return mlir::success();
}

/// After a dma.fence (all DMAs landed): read the semaphore, halt if nonzero.
mlir::LogicalResult Selector::selectSemaphoreCheck(mlir::tessera::SemaphoreCheckOp op) {
  auto m = resolve(op, op.getSem());
  if (mlir::failed(m))
    return mlir::failure();
  if (!fenced) {
    emit(op, Opcode::DmaFence, {}).mem = MemKind::Barrier;
    fenced = true;
  }
  int value = fn.newVirtual(RegClass::S);
  emit(op, Opcode::SSemLd, {value, args[m->arg].base + m->row}).mem = MemKind::Barrier;
  int nonzero = fn.newVirtual(RegClass::P);
  emit(op, Opcode::SCmpNeI, {nonzero, value, 0});
  MInstr &halt = emit(op, Opcode::SHalt, {});
  halt.instr.predicated = true;
  halt.instr.pred = (uint8_t)nonzero;
  halt.mem = MemKind::Halt;
  halt.implicitUses = {{RegClass::S, value}};
  halt.comment = "Semaphore (scratch argument " + std::to_string(op.getScratchIndex()) +
                 ") has a nonzero value upon exit from a kernel: {%0}";
  return mlir::success();
}

mlir::FailureOr<MFunction> Selector::run() {
  fn.name = kernel.getSymName().str();
  if (mlir::failed(layoutArguments()))
    return mlir::failure();
  if (!kernel.getBody().hasOneBlock())
    return kernel.emitError("control flow in kernels is not supported yet");
  for (mlir::Operation &op : kernel.getBody().front())
    if (mlir::failed(select(&op)))
      return mlir::failure();
  return std::move(fn);
}

}  // namespace

mlir::FailureOr<MFunction> selectInstructions(mlir::func::FuncOp kernel) {
  return Selector(kernel).run();
}

}  // namespace tessera::lowering
