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
};

class Selector {
public:
  explicit Selector(mlir::func::FuncOp kernel) : kernel(kernel) {}
  mlir::FailureOr<MFunction> run();

private:
  mlir::LogicalResult layoutArguments();
  mlir::LogicalResult select(mlir::Operation *op);
  mlir::FailureOr<RefWindow> resolve(mlir::Operation *user, mlir::Value ref);
  mlir::FailureOr<int64_t> vmemTileAddress(mlir::Operation *user, mlir::Value ref);
  /// An sreg holding the memory row `row` of `arg` (a DMA endpoint).
  int addressReg(mlir::Operation *user, unsigned arg, int64_t row);
  mlir::LogicalResult selectDma(mlir::Operation *op, mlir::Value src,
                                mlir::Value dst, mlir::Value sem, bool isWait);

  int vregOf(mlir::Operation *user, mlir::Value v);
  MInstr &emit(mlir::Operation *op, Opcode opcode, std::initializer_list<int64_t> ops);

  mlir::func::FuncOp kernel;
  MFunction fn;
  std::vector<ArgInfo> args;
  llvm::DenseMap<mlir::Value, int> vregs;
};

mlir::LogicalResult Selector::layoutArguments() {
  uint32_t hbmArgs = 0;
  int64_t vmemRow = 0, semaphore = 0;
  for (mlir::BlockArgument arg : kernel.getArguments()) {
    auto type = llvm::dyn_cast<mlir::MemRefType>(arg.getType());
    if (!type)
      return kernel.emitOpError("argument ") << arg.getArgNumber() << " is not a Ref";
    ArgInfo info;
    info.space = mlir::tessera::getMemorySpace(type);
    if (auto name = kernel.getArgAttrOfType<mlir::StringAttr>(
            arg.getArgNumber(), mlir::tessera::kArgNameAttr))
      info.name = name.str();
    if (info.space == MemorySpace::semaphore_mem) {
      info.base = semaphore;
      semaphore += type.getNumElements();
    } else {
      if (type.getRank() != 2 ||
          !layout::isTileAligned(type.getDimSize(0), type.getDimSize(1)))
        return kernel.emitOpError("argument ")
               << arg.getArgNumber() << " of type " << type
               << " is not a rank-2 array of whole (8, 128) tiles";
      info.shape = {type.getDimSize(0), type.getDimSize(1)};
      if (info.space == MemorySpace::vmem) {
        info.base = vmemRow;
        vmemRow += info.shape.memRows();
      } else if (info.space == MemorySpace::any || info.space == MemorySpace::hbm) {
        info.base = hbmArgs++;
      } else {
        return kernel.emitOpError("argument ")
               << arg.getArgNumber() << " in "
               << mlir::tessera::stringifyForUser(info.space) << " is not supported yet";
      }
    }
    args.push_back(info);
  }
  if (vmemRow > machine::kVmemRows)
    return kernel.emitOpError("VMEM scratch needs ")
           << vmemRow * machine::kRowBytes << " bytes, more than the "
           << machine::kVmemBytes << " bytes (16 MiB) of VMEM";
  if (semaphore > machine::kNumSemaphores)
    return kernel.emitOpError("needs ") << semaphore << " semaphores; a core has "
                                        << machine::kNumSemaphores;
  fn.numHbmArgs = hbmArgs;
  fn.smemWords = hbmArgs;
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
    if (!view.getOffsets().empty())
      return user->emitOpError("run-time window offsets are not supported here yet");
    auto offsets = view.getStaticOffsets();
    w.row += offsets[0];
    if (offsets.size() > 1)
      w.col += offsets[1];
    cur = view.getSource();
  }
  auto arg = llvm::dyn_cast<mlir::BlockArgument>(cur);
  if (!arg || arg.getOwner()->getParentOp() != kernel)
    return user->emitOpError("uses a Ref that is not an argument of its kernel");
  w.arg = arg.getArgNumber();
  return w;
}

mlir::FailureOr<int64_t> Selector::vmemTileAddress(mlir::Operation *user, mlir::Value ref) {
  auto w = resolve(user, ref);
  if (mlir::failed(w))
    return mlir::failure();
  const ArgInfo &info = args[w->arg];
  if (w->col % machine::kLanes != 0)
    return user->emitOpError("column offset ")
           << w->col << " is not a multiple of " << machine::kLanes << " lanes";
  int64_t first = info.shape.rowAddress(w->row, w->col);
  int64_t last = info.shape.rowAddress(w->row + machine::kSublanes - 1, w->col);
  if (last != first + machine::kSublanes - 1)
    return user->emitOpError("rows [")
           << w->row << ", " << w->row + machine::kSublanes
           << ") cross a tile boundary of a Ref with several column tiles; "
              "start the window at a multiple of 8 rows";
  return info.base + first;
}

int Selector::vregOf(mlir::Operation *user, mlir::Value v) {
  auto it = vregs.find(v);
  return it == vregs.end() ? -1 : it->second;
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
  int64_t semIndex = args[m->arg].base + m->row;
  auto type = llvm::cast<mlir::MemRefType>(src.getType());
  int64_t bytes = type.getNumElements() * type.getElementTypeBitWidth() / 8;
  if (isWait) {
    emit(op, Opcode::VWaitGe, {semIndex, bytes}).mem = MemKind::Barrier;
    emit(op, Opcode::VSyncAdd, {semIndex, -bytes}).mem = MemKind::Barrier;
    return mlir::success();
  }
  if (s->col % machine::kLanes || d->col % machine::kLanes || s->cols % machine::kLanes)
    return op->emitOpError("DMA windows must start and end at multiples of ")
           << machine::kLanes << " columns";
  const ArgInfo &si = args[s->arg], &di = args[d->arg];
  bool srcVmem = si.space == MemorySpace::vmem, dstVmem = di.space == MemorySpace::vmem;
  for (const layout::RowRun &run :
       layout::copyRuns(si.shape, s->row, s->col, di.shape, d->row, d->col, s->rows, s->cols)) {
    int srcReg = addressReg(op, s->arg, run.src);
    int dstReg = addressReg(op, d->arg, run.dst);
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
    MInstr &mi = emit(op, Opcode::VLd, {v, *addr});
    mi.mem = MemKind::VmemRead;
    mi.memLo = *addr;
    mi.memHi = *addr + machine::kSublanes;
    vregs[load.getResult()] = v;
    return mlir::success();
  }
  if (auto store = llvm::dyn_cast<mlir::tessera::StoreOp>(op)) {
    auto addr = vmemTileAddress(op, store.getRef());
    if (mlir::failed(addr))
      return mlir::failure();
    MInstr &mi = emit(op, Opcode::VSt, {*addr, vregOf(op, store.getValue())});
    mi.mem = MemKind::VmemWrite;
    mi.memLo = *addr;
    mi.memHi = *addr + machine::kSublanes;
    return mlir::success();
  }
  if (auto start = llvm::dyn_cast<mlir::tessera::DmaStartOp>(op))
    return selectDma(op, start.getSrc(), start.getDst(), start.getSem(), false);
  if (auto wait = llvm::dyn_cast<mlir::tessera::DmaWaitOp>(op))
    return selectDma(op, wait.getSrc(), wait.getDst(), wait.getSem(), true);
  if (auto cst = llvm::dyn_cast<mlir::arith::ConstantOp>(op)) {
    if (!llvm::isa<mlir::VectorType>(cst.getType()))
      return mlir::success();  // index constants feed views only
    auto splat = llvm::dyn_cast<mlir::SplatElementsAttr>(cst.getValue());
    if (!splat)
      return op->emitOpError("only splat vector constants are supported");
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
      return op->emitOpError("the vector unit computes on 32-bit elements, not ")
             << type.getElementType();
    int v = fn.newVirtual(RegClass::V);
    emit(op, *opcode, {v, vregOf(op, op->getOperand(0)), vregOf(op, op->getOperand(1))});
    vregs[op->getResult(0)] = v;
    return mlir::success();
  }
  return op->emitOpError("has no TensorCore instruction yet");
}

mlir::FailureOr<MFunction> Selector::run() {
  fn.name = kernel.getSymName().str();
  if (mlir::failed(layoutArguments()))
    return mlir::failure();
  if (!kernel.getBody().hasOneBlock())
    return kernel.emitOpError("control flow in kernels is not supported yet");
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
