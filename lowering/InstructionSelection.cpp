//===- InstructionSelection.cpp - Tile IR to machine instructions ---------===//
//
// A walk over the tile IR, region by region (control flow is in
// SelectControlFlow.cpp, scalar arithmetic in SelectScalar.cpp, tile ops
// and the MXUs in SelectVector.cpp). Refs are resolved to their root
// argument, a static (row, col) offset and the run-time parts of their
// views' offsets; VMEM roots have a static base row, HBM roots a base row
// that the kernel reads from the SMEM argument block at run time. Each tile
// load/store is one vld/vst (a packed bf16 / int8 tile is one vreg, 8
// memory rows; a one-row window is the vld of its tile and a vbcast.sub,
// or a vst.msk of its sublane),
// each DMA one dma.<kind> per contiguous run of memory rows (HBM tiles of
// 8 rows and VMEM tiles of 8 * packing rows differ for packed dtypes:
// layout::copyRuns), runs at constant distances folded into one strided
// dma.<kind>.s (layout::stridedRuns), and each wait a vwait.ge / vsyncadd
// pair.
//
// Run-time window offsets: the runs of a DMA are those of the window's
// static part; the run-time part moves every run by the same number of
// memory rows, which holds when the row offset is any multiple of the
// packing on a 128-lane-wide array (its rows are contiguous) or a multiple
// of the tile rows on a wider one (whole tiles), and the column offset a
// multiple of 128. Divisibility comes from mlir::tessera::getKnownMultiple;
// what it cannot prove is an error that says to use pl::multiple_of.
//
//===----------------------------------------------------------------------===//
#include "lowering/InstructionSelection.h"

#include <numeric>

#include "llvm/Support/Path.h"
#include "lowering/Selector.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/ScalarFacts.h"
#include "sim/Executable.h"
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

int64_t packingOf(mlir::Type element) {
  if (element.isIntOrFloat() && element.getIntOrFloatBitWidth() == 16)
    return machine::kBf16Packing;
  if (element.isInteger(8))
    return machine::kS8Packing;
  return 1;
}

RegClass classOf(mlir::Type t) {
  if (llvm::isa<mlir::VectorType>(t))
    return RegClass::V;
  if (t.isInteger(1))
    return RegClass::P;
  return RegClass::S;
}

std::optional<int64_t> constantValue(mlir::Value v) {
  for (;;) {
    if (auto m = v.getDefiningOp<mlir::tessera::MultipleOfOp>()) {
      v = m.getValue();
      continue;
    }
    if (auto c = v.getDefiningOp<mlir::arith::IndexCastOp>()) {
      v = c.getIn();
      continue;
    }
    break;
  }
  auto cst = v.getDefiningOp<mlir::arith::ConstantOp>();
  if (!cst)
    return std::nullopt;
  auto attr = llvm::dyn_cast<mlir::IntegerAttr>(cst.getValue());
  if (!attr)
    return std::nullopt;
  if (attr.getType().isInteger(1))
    return attr.getValue().getBoolValue() ? 1 : 0;
  return (int64_t)(int32_t)attr.getValue().getSExtValue();
}

// --- Blocks. ---

int Selector::newBlock(const char *what, mlir::Operation *op) {
  MBlock block;
  block.what = what;
  block.pos = sourcePos(op->getLoc());
  fn.blocks.push_back(std::move(block));
  return fn.blocks.size() - 1;
}

void Selector::setBlock(int b) {
  cur = b;
  scaledCache.clear();
  windowCache.clear();
}

MInstr &Selector::emit(mlir::Operation *op, Opcode opcode,
                       std::initializer_list<int64_t> ops) {
  MInstr mi;
  mi.instr = isa::makeInstr(opcode, ops);
  if (op)
    mi.pos = sourcePos(op->getLoc());
  fn.blocks[cur].instrs.push_back(std::move(mi));
  return fn.blocks[cur].instrs.back();
}

int Selector::emitBranch(mlir::Operation *op, int target, int pred, bool negated) {
  MInstr &br = emit(op, Opcode::SBr, {0});
  br.target = target;
  br.mem = MemKind::Barrier;
  if (pred >= 0)
    setGuard(br, pred, negated);
  return cur;
}

void Selector::setBranchTarget(int fromBlock, int target) {
  fn.blocks[fromBlock].instrs.back().target = target;
}

void Selector::insertAtEnd(int b, MInstr mi) {
  auto &ins = fn.blocks[b].instrs;
  auto at = !ins.empty() && isBranch(ins.back()) ? ins.end() - 1 : ins.end();
  ins.insert(at, std::move(mi));
}

void Selector::emitInvariant(mlir::Operation *user, MInstr mi) {
  if (loops.empty()) {
    if (user)
      mi.pos = sourcePos(user->getLoc());
    fn.blocks[cur].instrs.push_back(std::move(mi));
    return;
  }
  mi.pos = loops.back().pos;
  insertAtEnd(loops.back().preheader, std::move(mi));
}

int Selector::materialize(mlir::Operation *user, RegClass rc, int64_t value) {
  LoopContext *loop = loops.empty() ? nullptr : &loops.back();
  if (loop)
    if (auto it = loop->constants.find({(int)rc, value}); it != loop->constants.end())
      return it->second;
  int reg = fn.newVirtual(rc);
  MInstr mi;
  mi.instr = rc == RegClass::P ? isa::makeInstr(Opcode::PImm, {reg, value != 0})
                               : isa::makeInstr(Opcode::SMovI, {reg, value});
  emitInvariant(user, std::move(mi));
  if (loop)
    loop->constants[{(int)rc, value}] = reg;
  return reg;
}

mlir::FailureOr<int> Selector::regOf(mlir::Operation *user, mlir::Value v) {
  if (auto it = regs.find(v); it != regs.end())
    return it->second;
  RegClass rc = classOf(v.getType());
  if (rc != RegClass::V)
    if (auto value = constantValue(v))
      return materialize(user, rc, *value);
  if (auto cst = v.getDefiningOp<mlir::arith::ConstantOp>())
    if (auto f = llvm::dyn_cast<mlir::FloatAttr>(cst.getValue()); f && f.getType().isF32())
      return materialize(user, RegClass::S,
                         (int64_t)(int32_t)f.getValue().bitcastToAPInt().getZExtValue());
  if (auto cst = v.getDefiningOp<mlir::arith::ConstantOp>())
    return user->emitError("scalar constant of type ") << cst.getType()
                                                         << " is not supported";
  return user->emitError("internal error: a value has no register");
}

// --- Arguments and Refs. ---

mlir::LogicalResult Selector::layoutArguments() {
  uint32_t hbmArgs = 0;
  int64_t vmemRow = 0, semaphore = 0;
  for (mlir::BlockArgument arg : kernel.getArguments()) {
    auto type = llvm::dyn_cast<mlir::MemRefType>(arg.getType());
    if (!type)
      return kernel.emitError("kernel argument ") << arg.getArgNumber() << " is not a Ref";
    ArgInfo info;
    info.space = mlir::tessera::getMemorySpace(type);
    info.dims.assign(type.getShape().begin(), type.getShape().end());
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
      // Packed dtypes: VMEM tiles of 8 * packing rows (one vreg), HBM
      // tiles of 8 rows (sim/Layout.h).
      int64_t packing = packingOf(type.getElementType());
      int64_t tileRows = info.space == MemorySpace::vmem ? machine::kSublanes * packing
                                                         : machine::kSublanes;
      // An array of any shape is padded to whole tiles (XLA's T(8,128)):
      // one row [1, N] takes a whole 8-row tile (row 0 holds the data), one
      // column [R, 1] whole 128-lane rows (lane 0 holds it), f32[3, 128]
      // one 8-row tile, f32[8, 64] one 128-lane tile, bf16[3, 5] one
      // (16, 128) tile in VMEM and one T(8,128)(2,1) tile in HBM.
      // A 1-D HBM array: words, row-major from its base row (an SMEM DMA's
      // other side).
      bool words = type.getRank() == 1 && info.space != MemorySpace::vmem;
      if (type.getRank() != 2 && !words)
        return kernel.emitError("argument ")
               << arg.getArgNumber() << " of type " << type << " is not a rank-2 array";
      info.shape = {type.getDimSize(0), words ? 1 : type.getDimSize(1), packing, tileRows};
      if (info.space == MemorySpace::vmem) {
        info.base = vmemRow;
        vmemRow += info.shape.memRows();
        fn.vmemBuffers.push_back({info.name.empty() ? "argument " + std::to_string(arg.getArgNumber())
                                                    : info.name,
                                  (uint32_t)info.base, (uint32_t)info.shape.memRows(),
                                  info.shape.colTiles(), tileRows, packing});
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
  // SMEM: the argument block, the scalar inputs the runtime fills, then the
  // kernel's SMEM scratch (arguments come in that order).
  int64_t numInputs = 0;
  if (auto n = kernel->getAttrOfType<mlir::IntegerAttr>(mlir::tessera::kNumInputsAttr))
    numInputs = n.getInt();
  int64_t smemWord = hbmArgs, scalarInputWords = 0;
  for (auto [i, info] : llvm::enumerate(args))
    if (info.space == MemorySpace::smem) {
      info.base = smemWord;
      smemWord += info.shape.rows;
      if ((int64_t)i < numInputs)
        scalarInputWords += info.shape.rows;
    }
  if (smemWord > sim::kKernelSmemWords)
    return kernel.emitError("SMEM scalar inputs and scratch need ")
           << smemWord * 4 << " bytes, more than the " << machine::kSmemBytes
           << " bytes (1 MiB) of SMEM";
  fn.numHbmArgs = hbmArgs;
  fn.scalarInputWords = scalarInputWords;
  fn.smemWords = smemWord;
  fn.vmemRows = vmemRow;
  fn.numSemaphores = semaphore;
  return mlir::success();
}

std::string Selector::argName(unsigned arg) const {
  return args[arg].name.empty() ? "argument " + std::to_string(arg) : args[arg].name;
}

int Selector::addRegs(mlir::Operation *user, int a, int b) {
  if (a < 0 || b < 0)
    return a < 0 ? b : a;
  int sum = fn.newVirtual(RegClass::S);
  emit(user, Opcode::SAdd, {sum, a, b});
  return sum;
}

int Selector::scaled(mlir::Operation *user, int reg, int64_t factor) {
  if (reg < 0 || factor == 1)
    return reg;
  if (auto it = scaledCache.find({reg, factor}); it != scaledCache.end())
    return it->second;
  int out = fn.newVirtual(RegClass::S);
  emit(user, Opcode::SMulI, {out, reg, factor});
  scaledCache[{reg, factor}] = out;
  return out;
}

mlir::FailureOr<RefWindow> Selector::resolve(mlir::Operation *user, mlir::Value ref) {
  if (auto it = windowCache.find(ref); it != windowCache.end())
    return it->second;
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
      if (d > 1)
        return user->emitError("a view of rank ") << offsets.size() << " is not supported";
      if (!mlir::ShapedType::isDynamic(offsets[d])) {
        (d == 0 ? w.row : w.col) += offsets[d];
        continue;
      }
      mlir::Value offset = view.getOffsets()[dyn++];
      if (auto c = constantValue(offset)) {
        (d == 0 ? w.row : w.col) += *c;
        continue;
      }
      auto reg = regOf(user, offset);
      if (mlir::failed(reg))
        return mlir::failure();
      int &sum = d == 0 ? w.dynRow : w.dynCol;
      int64_t &multiple = d == 0 ? w.rowMultiple : w.colMultiple;
      int64_t known = mlir::tessera::getKnownMultiple(offset);
      multiple = sum < 0 ? known : std::gcd(multiple, known);
      sum = addRegs(user, sum, *reg);
    }
    cur = view.getSource();
  }
  auto arg = llvm::dyn_cast<mlir::BlockArgument>(cur);
  if (!arg || arg.getOwner()->getParentOp() != kernel)
    return user->emitError("a Ref that is not an argument of this kernel is used here");
  w.arg = arg.getArgNumber();
  windowCache[ref] = w;
  return w;
}

mlir::FailureOr<Address> Selector::vmemTileAddress(mlir::Operation *user, mlir::Value ref,
                                                   int64_t *sublane, int *dynSublane) {
  auto w = resolve(user, ref);
  if (mlir::failed(w))
    return mlir::failure();
  const ArgInfo &info = args[w->arg];
  if (w->dynCol >= 0)
    return user->emitError("a run-time column offset is not supported for a vector "
                           "load or store; only the row offset may be known at run time");
  if (w->col % machine::kLanes != 0)
    return user->emitError("column offset ")
           << w->col << " is not a multiple of " << machine::kLanes << " lanes";
  int64_t packing = info.shape.packing;
  // The element rows of one vreg: 8 memory rows of `packing` rows each.
  int64_t vregRows = machine::kSublanes * packing;
  int64_t row = w->row;
  if (dynSublane)
    *dynSublane = -1;
  if (w->rows == 1 && w->dynRow >= 0 && w->rowMultiple % vregRows != 0 && packing == 1 &&
      sublane && dynSublane) {
    // One 32-bit row at a run-time row t = dyn + row: the tile at t - t % 8,
    // its sublane t % 8 (an sreg), as Mosaic indexes a dynamic sublane.
    // (Once per block: a row's tiles, its load and its store share them.)
    auto derived = [&](int reg, int64_t key, auto make) {
      auto [it, inserted] = scaledCache.try_emplace({reg, key}, -1);
      if (inserted)
        it->second = make();
      return it->second;
    };
    int t = row == 0 ? w->dynRow : derived(w->dynRow, kRowPlusKey + row, [&] {
      int sum = fn.newVirtual(RegClass::S);
      emit(user, Opcode::SAddI, {sum, w->dynRow, row});
      return sum;
    });
    int sub = derived(t, kSublaneOfKey, [&] {
      int r = fn.newVirtual(RegClass::S);
      emit(user, Opcode::SAndI, {r, t, machine::kSublanes - 1});
      return r;
    });
    int tileRow = derived(t, kTileRowOfKey, [&] {
      int r = fn.newVirtual(RegClass::S);
      emit(user, Opcode::SSub, {r, t, sub});
      return r;
    });
    *sublane = -1;
    *dynSublane = sub;
    int64_t first = info.shape.rowAddress(0, w->col);
    return Address{info.base + first, scaled(user, tileRow, info.shape.colTiles()), info.base,
                   info.base + info.shape.memRows()};
  }
  if (w->rows == 1 && sublane) {
    // One row: the tile holding it, then its row inside the tile (*sublane:
    // 0 to vregRows - 1; a packed tile holds it in a part of each word).
    // (Without `sublane`, a one-row window is a padded tile's valid part.)
    if (w->dynRow >= 0 && w->rowMultiple % vregRows != 0)
      return user->emitError("the run-time row offset of this one-row window into ")
             << argName(w->arg) << " is not known to be a multiple of " << vregRows
             << ", so its place in the tile is not known; if it is one, say so with "
                "pl::multiple_of(offset, "
             << vregRows << ")";
    *sublane = ((row % vregRows) + vregRows) % vregRows;
    row -= *sublane;
  }
  int64_t colTiles = info.shape.colTiles();
  // Rows of a 128-wide Ref are contiguous: any run-time start works (in
  // whole words of a packed array). A wider Ref interleaves its column
  // tiles, so the start must be a whole tile (then it moves the address by
  // dyn / packing * colTiles rows).
  if (w->dynRow >= 0 && colTiles > 1 && w->rowMultiple % vregRows != 0)
    return user->emitError("the run-time row offset of this window into ")
           << argName(w->arg) << " (" << info.shape.cols
           << " columns wide) is not known to be a multiple of " << vregRows
           << ", so the window may cross a tile boundary; if it is one, say so with "
              "pl::multiple_of(offset, "
           << vregRows << ")";
  if (w->dynRow >= 0 && w->rowMultiple % packing != 0)
    return user->emitError("the run-time row offset of this window into ")
           << argName(w->arg) << " is not known to be a multiple of " << packing
           << " (the rows packed in one word); say so with pl::multiple_of";
  int64_t first = info.shape.rowAddress(row, w->col);
  int64_t last = info.shape.rowAddress(row + vregRows - 1, w->col);
  if (last != first + machine::kSublanes - 1)
    return user->emitError("rows [")
           << row << ", " << row + vregRows
           << ") cross a tile boundary of a Ref with several column tiles; "
              "start the window at a multiple of "
           << vregRows << " rows";
  // dyn * colTiles / packing memory rows (dyn is a multiple of packing).
  int dyn = w->dynRow;
  int64_t factor = colTiles;
  if (dyn >= 0 && packing > 1) {
    if (colTiles % packing == 0) {
      factor = colTiles / packing;
    } else {
      // dyn / packing, once per block like scaled().
      auto key = std::make_pair(dyn, -packing);
      if (auto it = scaledCache.find(key); it != scaledCache.end()) {
        dyn = it->second;
      } else {
        int words = fn.newVirtual(RegClass::S);
        emit(user, Opcode::SShrAI, {words, dyn, llvm::Log2_64(packing)});
        scaledCache[key] = words;
        dyn = words;
      }
    }
  }
  return Address{info.base + first, scaled(user, dyn, factor), info.base,
                 info.base + info.shape.memRows()};
}

void Selector::setMemory(MInstr &mi, MemKind kind, const Address &addr, int64_t size) {
  mi.mem = kind;
  if (addr.dyn < 0) {
    mi.memLo = addr.at;
    mi.memHi = addr.at + size;
  } else {
    // Somewhere in its Ref (windows stay inside their Ref, as the alias
    // rules of the passes assume); the scheduler compares the run-time
    // part itself when two accesses share it.
    mi.memLo = addr.refLo;
    mi.memHi = addr.refHi;
  }
}

mlir::FailureOr<Address> Selector::smemAddress(mlir::Operation *user, mlir::Value ref,
                                               mlir::ValueRange indices) {
  auto w = resolve(user, ref);
  if (mlir::failed(w))
    return mlir::failure();
  const ArgInfo &info = args[w->arg];
  if (info.space != MemorySpace::smem)
    return user->emitError("the scalar unit reads and writes SMEM only, not ")
           << mlir::tessera::stringifyForUser(info.space);
  if (info.dims.size() > 2)
    return user->emitError("an SMEM Ref of rank ") << info.dims.size()
                                                   << " is not supported";
  // Row-major strides of the root; views keep them.
  std::vector<int64_t> strides = {info.dims.size() == 2 ? info.dims[1] : 1, 1};
  int64_t word = info.base + w->row * strides[0] + w->col * strides[1];
  int dyn = addRegs(user, scaled(user, w->dynRow, strides[0]),
                    scaled(user, w->dynCol, strides[1]));
  for (size_t k = 0; k < indices.size(); ++k) {
    if (k > 1)
      return user->emitError("too many indices for an SMEM Ref");
    if (auto c = constantValue(indices[k])) {
      word += *c * strides[k];
      continue;
    }
    auto reg = regOf(user, indices[k]);
    if (mlir::failed(reg))
      return mlir::failure();
    dyn = addRegs(user, dyn, scaled(user, *reg, strides[k]));
  }
  return Address{word, dyn, info.base, info.base + info.shape.rows};
}

int Selector::hbmBase(mlir::Operation *user, unsigned arg) {
  ArgInfo &info = args[arg];
  if (info.baseReg >= 0)
    return info.baseReg;
  info.baseReg = fn.newVirtual(RegClass::S);
  MInstr mi;
  mi.instr = isa::makeInstr(Opcode::SLd, {info.baseReg, info.base});
  mi.pos = sourcePos(user->getLoc());
  mi.comment = "address of " + argName(arg);
  mi.mem = MemKind::SmemRead;
  mi.memLo = info.base;
  mi.memHi = info.base + 1;
  // Loaded once: where it dominates every later use.
  if (depth == 0)
    fn.blocks[cur].instrs.push_back(std::move(mi));
  else
    insertAtEnd(outerBlock, std::move(mi));
  return info.baseReg;
}

int Selector::addressReg(mlir::Operation *user, unsigned arg, int64_t row) {
  ArgInfo &info = args[arg];
  if (info.space == MemorySpace::vmem)
    return materialize(user, RegClass::S, info.base + row);
  int base = hbmBase(user, arg);
  if (row == 0)
    return base;
  LoopContext *loop = loops.empty() ? nullptr : &loops.back();
  if (loop)
    if (auto it = loop->addresses.find({arg, row}); it != loop->addresses.end())
      return it->second;
  int reg = fn.newVirtual(RegClass::S);
  MInstr mi;
  mi.instr = isa::makeInstr(Opcode::SAddI, {reg, base, row});
  emitInvariant(user, std::move(mi));
  if (loop)
    loop->addresses[{arg, row}] = reg;
  return reg;
}

static Opcode dmaOpcode(bool srcVmem, bool dstVmem, bool semInReg) {
  if (srcVmem) {
    if (dstVmem)
      return semInReg ? Opcode::DmaVmemToVmemR : Opcode::DmaVmemToVmem;
    return semInReg ? Opcode::DmaVmemToHbmR : Opcode::DmaVmemToHbm;
  }
  if (dstVmem)
    return semInReg ? Opcode::DmaHbmToVmemR : Opcode::DmaHbmToVmem;
  return semInReg ? Opcode::DmaHbmToHbmR : Opcode::DmaHbmToHbm;
}

/// The strided form (dma.<kind>.s) of a plain dma opcode.
static Opcode stridedDmaOpcode(Opcode plain) {
  switch (plain) {
  case Opcode::DmaHbmToVmem:
    return Opcode::DmaHbmToVmemS;
  case Opcode::DmaVmemToHbm:
    return Opcode::DmaVmemToHbmS;
  case Opcode::DmaVmemToVmem:
    return Opcode::DmaVmemToVmemS;
  case Opcode::DmaHbmToHbm:
    return Opcode::DmaHbmToHbmS;
  case Opcode::DmaHbmToVmemR:
    return Opcode::DmaHbmToVmemSR;
  case Opcode::DmaVmemToHbmR:
    return Opcode::DmaVmemToHbmSR;
  case Opcode::DmaVmemToVmemR:
    return Opcode::DmaVmemToVmemSR;
  default:
    return Opcode::DmaHbmToHbmSR;
  }
}

mlir::FailureOr<Selector::SemaphoreOperand> Selector::semaphoreOperand(mlir::Operation *user,
                                                                       mlir::Value sem) {
  auto m = resolve(user, sem);
  if (mlir::failed(m))
    return mlir::failure();
  SemaphoreOperand out;
  out.index = args[m->arg].base + m->row;
  out.lo = out.index;
  out.hi = out.index + 1;
  if (m->dynRow >= 0) {
    out.reg = m->dynRow;
    if (out.index != 0) {
      out.reg = fn.newVirtual(RegClass::S);
      emit(user, Opcode::SAddI, {out.reg, m->dynRow, out.index});
    }
    const ArgInfo &array = args[m->arg];
    out.lo = array.base;
    out.hi = array.base + std::accumulate(array.dims.begin(), array.dims.end(), int64_t{1},
                                          std::multiplies<int64_t>());
  }
  return out;
}

/// The dma.remote.* opcode of a copy between these memories.
static Opcode remoteDmaOpcode(bool srcVmem, bool dstVmem) {
  if (srcVmem)
    return dstVmem ? Opcode::DmaRemoteVmemToVmem : Opcode::DmaRemoteVmemToHbm;
  return dstVmem ? Opcode::DmaRemoteHbmToVmem : Opcode::DmaRemoteHbmToHbm;
}

int Selector::semaphoreReg(mlir::Operation *op, const SemaphoreOperand &sem) {
  if (sem.reg >= 0)
    return sem.reg;
  int reg = fn.newVirtual(RegClass::S);
  emit(op, Opcode::SMovI, {reg, sem.index});
  return reg;
}

mlir::FailureOr<Selector::RemoteTarget> Selector::remoteTarget(mlir::Operation *op,
                                                               mlir::Value device,
                                                               mlir::Value core) {
  // The device's chip, and its core (the sender's own for a whole-chip
  // device) from the launch's tables; an explicit core overrides it.
  auto id = regOf(op, device);
  if (mlir::failed(id))
    return mlir::failure();
  RemoteTarget t;
  t.device = *id;
  t.chip = fn.newVirtual(RegClass::S);
  emit(op, Opcode::SLdR, {t.chip, *id, sim::kDeviceChipTableSmemWord});
  if (core) {
    auto c = regOf(op, core);
    if (mlir::failed(c))
      return mlir::failure();
    t.core = *c;
  } else {
    t.core = fn.newVirtual(RegClass::S);
    emit(op, Opcode::SLdR, {t.core, *id, sim::kDeviceCoreTableSmemWord});
  }
  return t;
}

mlir::LogicalResult Selector::selectSmemDma(mlir::Operation *op, const RefWindow &s,
                                            const RefWindow &d, const SemaphoreOperand &m,
                                            bool isWait) {
  // Words on both sides (Isa.def): SMEM's from the Ref's first word, HBM's
  // row * 128 + word from the array's base row. Start and wait are
  // barriers: the scheduler keeps every sld / sst on their side of them.
  int64_t words = s.rows, bytes = words * 4;
  auto barrier = [&](Opcode opcode, std::initializer_list<int64_t> ops) {
    MInstr &mi = emit(op, opcode, ops);
    mi.mem = MemKind::Barrier;
    mi.touchesSmem = true;
    mi.semLo = m.lo;
    mi.semHi = m.hi;
  };
  if (isWait) {
    if (m.reg < 0) {
      barrier(Opcode::VWaitGe, {m.index, bytes});
      barrier(Opcode::VSyncAdd, {m.index, -bytes});
    } else {
      barrier(Opcode::VWaitGeR, {m.reg, bytes});
      barrier(Opcode::VSyncAddR, {m.reg, -bytes});
    }
    return mlir::success();
  }
  auto address = [&](const RefWindow &w) {
    const ArgInfo &info = args[w.arg];
    int reg = fn.newVirtual(RegClass::S);
    if (info.space == MemorySpace::smem) {
      int64_t word = info.base + w.row;
      if (w.dynRow < 0)
        return materialize(op, RegClass::S, word);
      emit(op, Opcode::SAddI, {reg, w.dynRow, word});
      return reg;
    }
    emit(op, Opcode::SShlI, {reg, hbmBase(op, w.arg), llvm::Log2_64(machine::kLanes)});
    int sum = addRegs(op, reg, w.dynRow);
    if (w.row == 0)
      return sum;
    int at = fn.newVirtual(RegClass::S);
    emit(op, Opcode::SAddI, {at, sum, w.row});
    return at;
  };
  bool toSmem = args[d.arg].space == MemorySpace::smem;
  int srcReg = address(s), dstReg = address(d);
  if (m.reg < 0)
    barrier(toSmem ? Opcode::DmaHbmToSmem : Opcode::DmaSmemToHbm,
            {srcReg, dstReg, words, m.index});
  else
    barrier(toSmem ? Opcode::DmaHbmToSmemR : Opcode::DmaSmemToHbmR,
            {srcReg, dstReg, words, m.reg});
  return mlir::success();
}

mlir::LogicalResult Selector::selectDma(mlir::Operation *op, mlir::Value src,
                                        mlir::Value dst, mlir::Value sem, bool isWait,
                                        const RemoteTarget *remote) {
  auto s = resolve(op, src), d = resolve(op, dst);
  auto m = semaphoreOperand(op, sem);
  if (mlir::failed(s) || mlir::failed(d) || mlir::failed(m))
    return mlir::failure();
  int64_t semIndex = m->index;
  int semReg = m->reg;
  if (args[s->arg].space == MemorySpace::smem || args[d->arg].space == MemorySpace::smem)
    return selectSmemDma(op, *s, *d, *m, isWait);
  auto type = llvm::cast<mlir::MemRefType>(src.getType());
  int64_t bytes = type.getNumElements() * type.getElementTypeBitWidth() / 8;
  // A window whose columns end inside a 128-lane tile (one column,
  // f32[8, 64], bf16[16, 200], the last column block of f32[20, 300]): the
  // DMA moves that tile's column whole, a memory row per `packing` element
  // rows and column tile. That writes the rest of the destination's tile:
  // allowed where it is padding (the window ends where its Ref does) or,
  // for a pipeline's block DMA, the block buffer's part beyond the array
  // (unspecified, as in Pallas).
  int64_t srcCols = args[s->arg].shape.cols, dstCols = args[d->arg].shape.cols,
          packing = args[s->arg].shape.packing;
  auto tilesOf = [](int64_t cols) { return llvm::divideCeil(cols, machine::kLanes); };
  bool columns = s->cols % machine::kLanes != 0 && s->col % machine::kLanes == 0 &&
                 d->col % machine::kLanes == 0 &&
                 s->col / machine::kLanes + tilesOf(s->cols) <= tilesOf(srcCols) &&
                 d->col / machine::kLanes + tilesOf(s->cols) <= tilesOf(dstCols) &&
                 (d->col + d->cols == dstCols || op->hasAttr(mlir::tessera::kBlockIndexAttr));
  // Likewise a packed window whose rows end inside a word (bf16[3, 128])
  // moves that word whole.
  if (columns || s->rows % packing != 0)
    bytes = (s->rows + packing - 1) / packing *
            ((s->cols + machine::kLanes - 1) / machine::kLanes) * machine::kRowBytes;
  // Semaphores are 32-bit counters of bytes.
  if (bytes > INT32_MAX)
    return op->emitError("a DMA moves at most ")
           << INT32_MAX << " bytes (its semaphore counts bytes in 32 bits), not " << bytes;
  const ArgInfo &si = args[s->arg], &di = args[d->arg];
  bool srcVmem = si.space == MemorySpace::vmem, dstVmem = di.space == MemorySpace::vmem;
  // The semaphores the DMA may use: its semaphore Ref's, or the one.
  int64_t semLo = m->lo, semHi = m->hi;
  if (isWait) {
    // The wait for a write-back (VMEM to HBM) keeps back only the accesses
    // of the Ref its DMA reads (a pipeline's output slot, whose first store
    // comes well into the next step's work); any other wait is a barrier.
    // A wait's rows and semaphores are recorded all the same: the rotation
    // of a grid step's MXU fill (Rotation.h) makes the waits it moves loads
    // behind precise too.
    const ArgInfo &rows = dstVmem ? di : si;
    auto wait = [&](Opcode opcode, std::initializer_list<int64_t> ops) {
      MInstr &mi = emit(op, opcode, ops);
      mi.mem = srcVmem && !dstVmem ? MemKind::Wait : MemKind::Barrier;
      if (srcVmem || dstVmem) {
        mi.memLo = rows.base;
        mi.memHi = rows.base + rows.shape.memRows();
      }
      mi.semLo = semLo;
      mi.semHi = semHi;
    };
    if (semReg < 0) {
      wait(Opcode::VWaitGe, {semIndex, bytes});
      wait(Opcode::VSyncAdd, {semIndex, -bytes});
    } else {
      wait(Opcode::VWaitGeR, {semReg, bytes});
      wait(Opcode::VSyncAddR, {semReg, -bytes});
    }
    return mlir::success();
  }
  if (s->col % machine::kLanes || d->col % machine::kLanes ||
      (s->cols % machine::kLanes && !columns))
    return op->emitError("DMA windows must start and end at multiples of ")
           << machine::kLanes << " columns";
  // The run-time part of each endpoint, in memory rows.
  auto dynamicRows = [&](const RefWindow &w) -> mlir::FailureOr<int> {
    const ArgInfo &info = args[w.arg];
    int64_t packing = info.shape.packing, tileRows = info.shape.tileRows;
    if (w.dynRow >= 0 && info.shape.colTiles() != 1 && w.rowMultiple % tileRows != 0)
      return op->emitError("the run-time row offset of this DMA window into ")
             << argName(w.arg) << " (" << info.shape.cols
             << " columns wide) is not known to be a multiple of " << tileRows
             << "; only whole tiles of a wider array can be copied from a run-time "
                "row; if it is one, say so with pl::multiple_of(offset, "
             << tileRows << ")";
    if (w.dynRow >= 0 && w.rowMultiple % packing != 0)
      return op->emitError("the run-time row offset of this DMA window into ")
             << argName(w.arg) << " is not known to be a multiple of " << packing
             << " (the rows packed in one word); say so with pl::multiple_of";
    // A Ref of one column has one in-bounds column offset, 0 (the bounds
    // checks see the run-time one): it adds nothing to the address.
    bool oneColumn = info.shape.cols == 1;
    if (w.dynCol >= 0 && !oneColumn && w.colMultiple % machine::kLanes != 0)
      return op->emitError("the run-time column offset of this DMA window into ")
             << argName(w.arg) << " is not known to be a multiple of " << machine::kLanes
             << "; if it is one, say so with pl::multiple_of(offset, 128)";
    // Column tile c starts c * tileRows / packing memory rows into a tile
    // row: dynCol / 128 * (tileRows / packing), a power of two.
    int cols = -1;
    if (w.dynCol >= 0 && !oneColumn) {
      cols = fn.newVirtual(RegClass::S);
      int64_t shift = llvm::Log2_64(machine::kLanes) - llvm::Log2_64(tileRows / packing);
      emit(op, Opcode::SShrAI, {cols, w.dynCol, shift});
    }
    int rows = w.dynRow;
    if (rows >= 0 && packing > 1) {
      rows = fn.newVirtual(RegClass::S);
      emit(op, Opcode::SShrAI, {rows, w.dynRow, llvm::Log2_64(packing)});
    }
    return addRegs(op, scaled(op, rows, info.shape.colTiles()), cols);
  };
  auto srcDyn = dynamicRows(*s);
  if (mlir::failed(srcDyn))
    return mlir::failure();
  auto dstDyn = dynamicRows(*d);
  if (mlir::failed(dstDyn))
    return mlir::failure();
  // The address of one run's start: its static row plus the run-time part.
  int hbmSum[2] = {-1, -1};
  auto address = [&](int side, const RefWindow &w, int dyn, int64_t row) {
    if (dyn < 0)
      return addressReg(op, w.arg, row);
    const ArgInfo &info = args[w.arg];
    int reg = fn.newVirtual(RegClass::S);
    if (info.space == MemorySpace::vmem) {
      if (info.base + row == 0)
        return dyn;
      emit(op, Opcode::SAddI, {reg, dyn, info.base + row});
      return reg;
    }
    if (hbmSum[side] < 0)
      hbmSum[side] = addRegs(op, hbmBase(op, w.arg), dyn);
    if (row == 0)
      return hbmSum[side];
    emit(op, Opcode::SAddI, {reg, hbmSum[side], row});
    return reg;
  };
  Opcode opcode = dmaOpcode(srcVmem, dstVmem, semReg >= 0);
  std::vector<layout::RowRun> runs =
      layout::copyRuns(si.shape, s->row, s->col, di.shape, d->row, d->col, s->rows, s->cols);
  // The VMEM rows the DMA touches, for the scheduler: the runs' rows on a
  // VMEM side (a run-time offset: the whole Ref); both sides VMEM: both.
  int64_t lo = INT64_MAX, hi = INT64_MIN;
  auto touch = [&](const ArgInfo &info, bool dynamic, int64_t row, int64_t length) {
    if (dynamic) {
      lo = std::min(lo, info.base);
      hi = std::max(hi, info.base + info.shape.memRows());
    } else {
      lo = std::min(lo, info.base + row);
      hi = std::max(hi, info.base + row + length);
    }
  };
  for (const layout::RowRun &run : runs) {
    if (srcVmem)
      touch(si, *srcDyn >= 0, run.src, run.length);
    if (dstVmem)
      touch(di, *dstDyn >= 0, run.dst, run.length);
  }
  // Runs of equal length at constant distances (a packed block: one run per
  // HBM tile) become one strided DMA each.
  std::vector<layout::StridedRun> strided = layout::stridedRuns(
      runs, layout::StrideLimits{isa::kDmaMaxChunkRows, isa::kDmaMaxCount,
                                 isa::kDmaMaxStride});
  // Asked to start in pieces (DmaStartOp's pieces): each strided run cut
  // into that many by its chunks, in order (a block's rows, for a
  // write-back); with a condition, the pieces when it holds and the whole
  // DMA when it does not.
  std::vector<layout::StridedRun> pieces;
  int split = -1;
  if (auto dma = llvm::dyn_cast<mlir::tessera::DmaStartOp>(op); dma && dma.getPieces()) {
    int64_t n = *dma.getPieces();
    for (const layout::StridedRun &run : strided) {
      int64_t per = (run.count + n - 1) / n;
      for (int64_t first = 0; first < run.count; first += per) {
        layout::StridedRun part = run;
        part.src += first * run.srcStride;
        part.dst += first * run.dstStride;
        part.count = std::min(per, run.count - first);
        pieces.push_back(part);
      }
    }
    if (pieces.size() == strided.size()) {
      pieces.clear();  // runs of one chunk each: nothing to cut
    } else if (dma.getSplit()) {
      auto reg = regOf(op, dma.getSplit());
      if (mlir::failed(reg))
        return mlir::failure();
      split = *reg;
    } else {
      strided.clear();
    }
  }
  // One VMEM side at a run-time row: each DMA's rows relative to that
  // run-time part, which the body's accesses of the same Ref share (a
  // pipeline's slot), so that a DMA waits only for the accesses of its rows.
  int relBase = -1;
  if (srcVmem != dstVmem)
    relBase = srcVmem ? *srcDyn : *dstDyn;
  // What a started DMA touches, for the scheduler.
  auto mark = [&](MInstr &mi, const layout::StridedRun &run) -> MInstr & {
    mi.mem = MemKind::Dma;
    mi.semLo = semLo;
    mi.semHi = semHi;
    if (remote) {
      // A remote copy also signals its target's receive semaphore.
      mi.semLo = std::min(semLo, remote->recvLo);
      mi.semHi = std::max(semHi, remote->recvHi);
    }
    if (srcVmem || dstVmem) {
      mi.memLo = lo;
      mi.memHi = hi;
      if (relBase >= 0) {
        const ArgInfo &info = srcVmem ? si : di;
        int64_t first = srcVmem ? run.src : run.dst;
        int64_t stride = srcVmem ? run.srcStride : run.dstStride;
        mi.memBase = (int)mi.implicitUses.size();
        mi.implicitUses.push_back({RegClass::S, relBase});
        mi.memRelLo = info.base + first;
        mi.memRelHi = info.base + first + (run.count - 1) * stride + run.length;
      }
    } else {
      mi.memLo = 0;  // HBM only: no VMEM row
      mi.memHi = 0;
    }
    return mi;
  };
  // A remote copy into HBM: the target's rows of the buffer are this
  // device's plus its delta from the launch's table (sim/Executable.h).
  int hbmDelta = -1;
  if (remote && !dstVmem) {
    hbmDelta = fn.newVirtual(RegClass::S);
    emit(op, Opcode::SLdR, {hbmDelta, remote->device, sim::kDeviceHbmDeltaTableSmemWord});
  }
  // A remote copy's chunk: dma.remote.* with every operand in a register.
  auto startRemote = [&](const layout::StridedRun &run) -> MInstr & {
    int srcReg = address(0, *s, *srcDyn, run.src);
    int dstReg = address(1, *d, *dstDyn, run.dst);
    if (hbmDelta >= 0) {
      int there = fn.newVirtual(RegClass::S);
      emit(op, Opcode::SAdd, {there, dstReg, hbmDelta});
      dstReg = there;
    }
    int length = fn.newVirtual(RegClass::S);
    emit(op, Opcode::SMovI, {length, run.length});
    return mark(emit(op, remoteDmaOpcode(srcVmem, dstVmem),
                     {srcReg, dstReg, length, remote->chip, remote->core, remote->send,
                      remote->recv}),
                run);
  };
  auto start = [&](const layout::StridedRun &run) -> MInstr & {
    if (remote) {
      // No strided form: one remote DMA per chunk (each adds its bytes to
      // both semaphores; a wait takes the whole copy's).
      for (int64_t i = 0; i + 1 < run.count; ++i) {
        layout::StridedRun chunk = run;
        chunk.src += i * run.srcStride;
        chunk.dst += i * run.dstStride;
        chunk.count = 1;
        startRemote(chunk);
      }
      layout::StridedRun last = run;
      last.src += (run.count - 1) * run.srcStride;
      last.dst += (run.count - 1) * run.dstStride;
      last.count = 1;
      return startRemote(last);
    }
    int srcReg = address(0, *s, *srcDyn, run.src);
    int dstReg = address(1, *d, *dstDyn, run.dst);
    int64_t semOperand = semReg >= 0 ? semReg : semIndex;
    MInstr &mi =
        run.count == 1
            ? emit(op, opcode, {srcReg, dstReg, run.length, semOperand})
            : emit(op, stridedDmaOpcode(opcode),
                   {srcReg, dstReg,
                    isa::encodeDmaStride({run.length, run.count, run.srcStride,
                                          run.dstStride}),
                    semOperand});
    return mark(mi, run);
  };
  for (const layout::StridedRun &run : strided) {
    MInstr &mi = start(run);
    if (split >= 0)
      setGuard(mi, split, /*negated=*/true);
  }
  for (const layout::StridedRun &run : pieces) {
    MInstr &mi = start(run);
    if (split >= 0)
      setGuard(mi, split);
  }
  return mlir::success();
}

/// scmp/scmp/por and a predicated shalt whose comment reports the window.
mlir::LogicalResult Selector::selectBoundsCheck(mlir::tessera::BoundsCheckOp op) {
  auto w = resolve(op, op.getWindow());
  if (mlir::failed(w))
    return mlir::failure();
  const ArgInfo &info = args[w->arg];
  // Inside a region, a static window that fits cannot fail: no code for it
  // in a loop body. (At top level the check stays, as it always has.)
  if (depth > 0 && w->dynRow < 0 && w->dynCol < 0 && w->row >= 0 &&
      w->row + w->rows <= info.shape.rows && w->col >= 0 &&
      w->col + w->cols <= info.shape.cols)
    return mlir::success();
  auto check = [&](int dyn, int64_t offset, int64_t size, int64_t limit,
                   const char *what) {
    int start = dyn;
    if (dyn < 0 || offset != 0) {
      start = fn.newVirtual(RegClass::S);
      if (dyn < 0)
        emit(op, Opcode::SMovI, {start, offset});
      else
        emit(op, Opcode::SAddI, {start, dyn, offset});
    }
    int end = fn.newVirtual(RegClass::S);
    emit(op, Opcode::SAddI, {end, start, size});
    int below = fn.newVirtual(RegClass::P), above = fn.newVirtual(RegClass::P);
    emit(op, Opcode::SCmpLtI, {below, start, 0});
    emit(op, Opcode::SCmpGtI, {above, end, limit});
    int outside = fn.newVirtual(RegClass::P);
    emit(op, Opcode::POr, {outside, below, above});
    MInstr &halt = emit(op, Opcode::SHalt, {});
    setGuard(halt, outside);
    halt.mem = MemKind::Halt;
    halt.implicitUses = {{RegClass::S, start}, {RegClass::S, end}};
    halt.comment = "BoundsCheck failed for " + op.getDma().str() + ": " + what +
                   " [{%0}, {%1}) of " + argName(w->arg) + " are outside [0, " +
                   std::to_string(limit) + ")";
  };
  check(w->dynRow, w->row, w->rows, info.shape.rows, info.dims.size() == 1 ? "elements" : "rows");
  if (w->dynCol >= 0)
    check(w->dynCol, w->col, w->cols, info.shape.cols, "columns");
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
  emit(op, Opcode::SSemLd, {value, args[m->arg].base + m->row}).mem = MemKind::SemRead;
  int nonzero = fn.newVirtual(RegClass::P);
  emit(op, Opcode::SCmpNeI, {nonzero, value, 0});
  MInstr &halt = emit(op, Opcode::SHalt, {});
  setGuard(halt, nonzero);
  halt.mem = MemKind::Halt;
  halt.implicitUses = {{RegClass::S, value}};
  halt.comment = "Semaphore (scratch argument " + std::to_string(op.getScratchIndex()) +
                 ") has a nonzero value upon exit from a kernel: {%0}" +
                 dmaStartsOn(op, m->arg);
  return mlir::success();
}

/// "; the DMAs on sem start at a.cc:12, a.cc:20 (one was never waited
/// for)": where the DMAs signalling scratch argument `arg` (any element of
/// it) start, so that a semaphore left nonzero names the user's lines.
std::string Selector::dmaStartsOn(mlir::Operation *check, unsigned arg) const {
  std::vector<std::string> lines;
  check->getParentOfType<mlir::func::FuncOp>().walk([&](mlir::Operation *o) {
    llvm::SmallVector<mlir::Value, 2> sems;
    if (auto d = llvm::dyn_cast<mlir::tessera::DmaStartOp>(o))
      sems.push_back(d.getSem());
    else if (auto r = llvm::dyn_cast<mlir::tessera::RemoteDmaStartOp>(o))
      sems.append({r.getSendSem(), r.getRecvSem()});
    for (mlir::Value sem : sems) {
      auto a = llvm::dyn_cast<mlir::BlockArgument>(mlir::tessera::rootRef(sem));
      SourcePos pos = sourcePos(o->getLoc());
      std::string line = pos.file + ":" + std::to_string(pos.line);
      if (a && a.getArgNumber() == arg && !pos.file.empty() &&
          std::find(lines.begin(), lines.end(), line) == lines.end())
        lines.push_back(line);
    }
  });
  if (lines.empty())
    return "";
  std::string joined;
  for (const std::string &l : lines)
    joined += (joined.empty() ? "" : ", ") + l;
  return "; the DMAs on " + argName(arg) + " start at " + joined +
         (lines.size() == 1 ? " (it was never waited for)" : " (one was never waited for)");
}

/// A predicated shalt that fires when the condition is false; the message's
/// {k} name the registers of the values the runtime reports.
mlir::LogicalResult Selector::selectCheck(mlir::tessera::CheckOp op) {
  std::optional<int64_t> known = constantValue(op.getCondition());
  if (known && *known)
    return mlir::success();  // holds whenever it runs
  int p = -1;
  if (!known) {
    auto reg = regOf(op, op.getCondition());
    if (mlir::failed(reg))
      return mlir::failure();
    p = *reg;
  }
  std::vector<std::pair<RegClass, int>> values;
  for (mlir::Value v : op.getValues()) {
    auto reg = regOf(op, v);
    if (mlir::failed(reg))
      return mlir::failure();
    values.push_back({RegClass::S, *reg});
  }
  MInstr &halt = emit(op, Opcode::SHalt, {});
  if (p >= 0)
    setGuard(halt, p, /*negated=*/true);
  halt.mem = MemKind::Halt;
  halt.guardsReads = op.getGuardsReads();
  halt.implicitUses = std::move(values);
  std::string comment = op.getMessage().str();
  for (size_t k = 0; k < op.getValues().size(); ++k) {
    std::string from = "{" + std::to_string(k) + "}", to = "{%" + std::to_string(k) + "}";
    for (size_t at = comment.find(from); at != std::string::npos;
         at = comment.find(from, at + to.size()))
      comment.replace(at, from.size(), to);
  }
  halt.comment = std::move(comment);
  return mlir::success();
}

int Selector::iotaMask(mlir::Operation *user, Opcode iotaOp, Opcode cmpOp, int64_t n) {
  int iota = fn.newVirtual(RegClass::V);
  MInstr in;
  in.instr = isa::makeInstr(iotaOp, {iota});
  emitInvariant(user, std::move(in));
  int k = vectorConstant(user, (uint32_t)n, /*isFloat=*/false);
  int mask = fn.newVirtual(RegClass::V);
  MInstr cmp;
  cmp.instr = isa::makeInstr(cmpOp, {mask, iota, k});
  emitInvariant(user, std::move(cmp));
  return mask;
}

mlir::FailureOr<std::optional<Selector::SplitTile>> Selector::splitTile(mlir::Operation *user,
                                                                         mlir::Value ref) {
  auto w = resolve(user, ref);
  if (mlir::failed(w))
    return mlir::failure();
  const ArgInfo &info = args[w->arg];
  bool dynamic = w->dynRow >= 0 && w->rowMultiple % machine::kSublanes != 0;
  bool unaligned = dynamic || (w->dynRow < 0 && w->row % machine::kSublanes != 0);
  if (!unaligned || info.space != MemorySpace::vmem || info.shape.packing != 1 ||
      info.shape.colTiles() < 2 || w->dynCol >= 0 || w->col % machine::kLanes != 0)
    return std::optional<SplitTile>();
  SplitTile split;
  split.validRows = w->rows;
  split.validCols = w->cols;
  int64_t first = info.base + info.shape.rowAddress(0, w->col);
  int64_t refHi = info.base + info.shape.memRows(), colTiles = info.shape.colTiles();
  if (!dynamic) {
    int64_t s = w->row % machine::kSublanes, tile = w->row - s;
    split.sub = materialize(user, RegClass::S, s);
    split.a = Address{info.base + info.shape.rowAddress(tile, w->col), -1, info.base, refHi};
    split.b = Address{info.base + info.shape.rowAddress(tile + machine::kSublanes, w->col), -1,
                      info.base, refHi};
    return std::optional<SplitTile>(split);
  }
  // t = the run-time row, s = t % 8, A's row t - s, B's row t - s + 8 when
  // s > 0 (inside the Ref: the window's rows end at most at its end), else
  // A's ((s + 7) & 8 is 8 or 0).
  int t = w->dynRow;
  if (w->row != 0) {
    t = fn.newVirtual(RegClass::S);
    emit(user, Opcode::SAddI, {t, w->dynRow, w->row});
  }
  int s = fn.newVirtual(RegClass::S), tileRow = fn.newVirtual(RegClass::S);
  emit(user, Opcode::SAndI, {s, t, machine::kSublanes - 1});
  emit(user, Opcode::SSub, {tileRow, t, s});
  int up = fn.newVirtual(RegClass::S), step = fn.newVirtual(RegClass::S),
      below = fn.newVirtual(RegClass::S);
  emit(user, Opcode::SAddI, {up, s, machine::kSublanes - 1});
  emit(user, Opcode::SAndI, {step, up, machine::kSublanes});
  emit(user, Opcode::SAdd, {below, tileRow, step});
  split.sub = s;
  split.a = Address{first, scaled(user, tileRow, colTiles), info.base, refHi};
  split.b = Address{first, scaled(user, below, colTiles), info.base, refHi};
  return std::optional<SplitTile>(split);
}

/// The value's rows moved down by s (vgather.sub), written to A's sublanes
/// s.. and B's ..s-1 (vst.msk each), and-ed with the window's valid rows
/// and lanes and the user's mask (moved the same way).
mlir::LogicalResult Selector::selectSplitStore(mlir::Operation *op, const SplitTile &split,
                                               mlir::Value value, mlir::Value mask) {
  auto v = regOf(op, value);
  if (mlir::failed(v))
    return mlir::failure();
  int idx = shiftedRows(op, split.sub, -1);  // the value row landing at each sublane
  int moved = fn.newVirtual(RegClass::V);
  emit(op, Opcode::VGatherSub, {moved, *v, idx});
  int iota = fn.newVirtual(RegClass::V);
  MInstr in;
  in.instr = isa::makeInstr(Opcode::VIotaRow, {iota});
  emitInvariant(op, std::move(in));
  // Shared by both tiles: the valid rows (of the value), lanes and mask.
  int common = -1;
  auto both = [&](int m) {
    if (common < 0) {
      common = m;
      return;
    }
    int r = fn.newVirtual(RegClass::V);
    emit(op, Opcode::VAnd, {r, common, m});
    common = r;
  };
  if (split.validRows < machine::kSublanes) {
    int rows = fn.newVirtual(RegClass::V);
    emit(op, Opcode::VCmpLtS32,
         {rows, idx, vectorConstant(op, (uint32_t)split.validRows, false)});
    both(rows);
  }
  if (split.validCols < machine::kLanes)
    both(iotaMask(op, Opcode::VIotaCol, Opcode::VCmpLtS32, split.validCols));
  if (mask) {
    auto m = regOf(op, mask);
    if (mlir::failed(m))
      return mlir::failure();
    int gm = fn.newVirtual(RegClass::V);
    emit(op, Opcode::VGatherSub, {gm, *m, idx});
    both(gm);
  }
  for (int k = 0; k < 2; ++k) {
    // A's sublanes take the rows at or above them (idx <= sublane), B's
    // the rows wrapped around (idx > sublane); none of B when s = 0.
    int inTile = fn.newVirtual(RegClass::V);
    emit(op, k == 0 ? Opcode::VCmpLeS32 : Opcode::VCmpGtS32, {inTile, idx, iota});
    if (common >= 0) {
      int r = fn.newVirtual(RegClass::V);
      emit(op, Opcode::VAnd, {r, inTile, common});
      inTile = r;
    }
    const Address &at = k == 0 ? split.a : split.b;
    MInstr &mi = at.dyn < 0 ? emit(op, Opcode::VStMsk, {at.at, moved, inTile})
                            : emit(op, Opcode::VStMskR, {at.dyn, at.at, moved, inTile});
    setMemory(mi, MemKind::VmemWrite, at, machine::kSublanes);
  }
  return mlir::success();
}

int Selector::shiftedRows(mlir::Operation *user, int sub, int sign) {
  int iota = fn.newVirtual(RegClass::V);
  MInstr in;
  in.instr = isa::makeInstr(Opcode::VIotaRow, {iota});
  emitInvariant(user, std::move(in));
  int k = fn.newVirtual(RegClass::V), sum = fn.newVirtual(RegClass::V),
      idx = fn.newVirtual(RegClass::V);
  emit(user, Opcode::VBcast, {k, sub});
  emit(user, sign > 0 ? Opcode::VAddS32 : Opcode::VSubS32, {sum, iota, k});
  emit(user, Opcode::VAnd, {idx, sum, vectorConstant(user, machine::kSublanes - 1, false)});
  return idx;
}

/// Whether an access of a value of `type` is a one-row access (a 1xC
/// value, held replicated) rather than of a whole tile, which may be a
/// padded tile whose valid part is one row (bf16[17, 128]'s second tile).
static bool isRowAccess(mlir::Type type) {
  return llvm::cast<mlir::VectorType>(type).getDimSize(0) == 1;
}

mlir::LogicalResult Selector::selectStore(mlir::Operation *op, mlir::Value ref,
                                          mlir::Value value, mlir::Value mask) {
  int64_t sublane = -1;
  int dynSublane = -1;
  bool rowAccess = isRowAccess(value.getType());
  if (!rowAccess) {
    auto split = splitTile(op, ref);
    if (mlir::failed(split))
      return mlir::failure();
    if (*split)
      return selectSplitStore(op, **split, value, mask);
  }
  auto addr = vmemTileAddress(op, ref, rowAccess ? &sublane : nullptr,
                              rowAccess ? &dynSublane : nullptr);
  if (mlir::failed(addr))
    return mlir::failure();
  int64_t row = addr->at;
  int dyn = addr->dyn;
  auto v = regOf(op, value);
  if (mlir::failed(v))
    return mlir::failure();
  // pltpu.store(ref, v, mask=m): vst.msk of the mask's words, and-ed with
  // the tile's valid part below.
  int userMask = -1;
  if (mask) {
    auto m = regOf(op, mask);
    if (mlir::failed(m))
      return mlir::failure();
    if (sublane >= 0 || dynSublane >= 0)
      return op->emitOpError("masks a one-row store; Tessera masks stores of whole tiles");
    userMask = *m;
  }
  int64_t packing = args[resolve(op, ref)->arg].shape.packing;
  if (sublane >= 0 && packing > 1) {
    // Row r of a packed tile: word (s, l) holds rows p*s .. p*s + p - 1,
    // one per half (16-bit dtypes) or byte (8-bit). Pack the row (replicated over
    // the sublanes, widened) into every row of a tile, and write only its
    // part of sublane r / p (vst.bmsk); the mask is loop-invariant.
    auto packedOr = packTile(op, llvm::cast<mlir::MemRefType>(ref.getType()).getElementType(),
                             llvm::SmallVector<int>(packing, *v));
    if (mlir::failed(packedOr))
      return mlir::failure();
    int packed = *packedOr;
    // (And only the row's lanes, for the last tile of a row that is not
    // whole 128-lane tiles.)
    int64_t rowCols = resolve(op, ref)->cols;
    int rows = windowMask(op, machine::kSublanes, rowCols, sublaneMask(op, sublane / packing));
    uint32_t part = (packing == 2 ? 0xffffu : 0xffu) << (32 / packing * (sublane % packing));
    // A compare's mask is 1 per selected word: select the part's bytes.
    int byteMask = fn.newVirtual(RegClass::V);
    MInstr bytes;
    bytes.instr = isa::makeInstr(Opcode::VSel, {byteMask, rows, vectorConstant(op, part, false),
                                                vectorConstant(op, 0, false)});
    emitInvariant(op, std::move(bytes));
    MInstr &mi = dyn < 0 ? emit(op, Opcode::VStBMsk, {row, packed, byteMask})
                         : emit(op, Opcode::VStBMskR, {dyn, row, packed, byteMask});
    setMemory(mi, MemKind::VmemWrite, *addr, machine::kSublanes);
    return mlir::success();
  }
  // The window's valid part of the tile: a padded last tile (rows or
  // columns short of the tile) is written through a mask of it.
  auto window = resolve(op, ref);
  const ArgInfo &target = args[window->arg];
  // (A tile of a one-row window is masked to its sublane below; a Ref of
  // one column holds its value replicated over the lanes, padding lanes
  // included.) A last tile may hold as little as one row or one lane of
  // the window, and the rest of the tile may be the Ref's own data.
  int64_t validRows = window->rows, validCols = window->cols;
  bool oneRow = sublane >= 0 || dynSublane >= 0;
  bool shortRows = !oneRow && validRows < machine::kSublanes * packing;
  bool shortCols = target.shape.cols != 1 && validCols < machine::kLanes;
  if (packing > 1 && (shortRows || userMask >= 0)) {
    // A packed tile's mask: ones at the bytes of the elements written
    // (tile legalization packs the widened mask units), and-ed with the
    // valid bytes of a padded tile (its rows: whole words, then a part of
    // the word of the last row; its lanes).
    int bytes = userMask;
    if (shortRows || shortCols) {
      int valid = packedValidBytes(op, shortRows ? validRows : machine::kSublanes * packing,
                                   shortCols ? validCols : machine::kLanes, packing);
      if (bytes < 0) {
        bytes = valid;
      } else {
        bytes = fn.newVirtual(RegClass::V);
        emit(op, Opcode::VAnd, {bytes, userMask, valid});
      }
    }
    MInstr &mi = dyn < 0 ? emit(op, Opcode::VStBMsk, {row, *v, bytes})
                         : emit(op, Opcode::VStBMskR, {dyn, row, *v, bytes});
    setMemory(mi, MemKind::VmemWrite, *addr, machine::kSublanes);
    return mlir::success();
  }
  if (oneRow || shortRows || shortCols || userMask >= 0) {
    // One row of a tile (the value holds it in every sublane), a padded
    // tile, or the user's mask: a masked store of that sublane or mask
    // and / or the valid rows and columns; the mask is loop-invariant
    // unless the sublane is known only at run time or it is the user's.
    int rowMask = sublane >= 0      ? sublaneMask(op, sublane)
                  : dynSublane >= 0 ? sublaneMaskOf(op, dynSublane)
                                    : userMask;
    int words = windowMask(op, shortRows ? validRows : machine::kSublanes,
                           shortCols ? validCols : machine::kLanes, rowMask,
                           /*rowMaskInvariant=*/dynSublane < 0 && userMask < 0);
    MInstr &mi = dyn < 0 ? emit(op, Opcode::VStMsk, {row, *v, words})
                         : emit(op, Opcode::VStMskR, {dyn, row, *v, words});
    setMemory(mi, MemKind::VmemWrite, *addr, machine::kSublanes);
    return mlir::success();
  }
  MInstr &mi = dyn < 0 ? emit(op, Opcode::VSt, {row, *v})
                       : emit(op, Opcode::VStR, {dyn, row, *v});
  setMemory(mi, MemKind::VmemWrite, *addr, machine::kSublanes);
  return mlir::success();
}

int Selector::packedValidBytes(mlir::Operation *user, int64_t rows, int64_t cols,
                               int64_t packing) {
  // Word (s, l) holds rows p*s .. p*s + p - 1: sublanes below rows / p are
  // whole, sublane rows / p holds rows % p of them (its low parts).
  auto invariant = [&](Opcode opcode, std::initializer_list<int64_t> ops) {
    MInstr mi;
    mi.instr = isa::makeInstr(opcode, ops);
    emitInvariant(user, std::move(mi));
  };
  int zero = vectorConstant(user, 0, false);
  int bytes = zero;
  if (int64_t part = rows % packing) {
    bytes = fn.newVirtual(RegClass::V);
    uint32_t low = (uint32_t{1} << (32 / packing * part)) - 1;
    invariant(Opcode::VSel, {bytes, sublaneMask(user, rows / packing),
                             vectorConstant(user, low, false), zero});
  }
  if (rows / packing > 0) {
    int whole = fn.newVirtual(RegClass::V);
    invariant(Opcode::VSel, {whole, iotaMask(user, Opcode::VIotaRow, Opcode::VCmpLtS32,
                                             rows / packing),
                             vectorConstant(user, 0xffffffffu, false), bytes});
    bytes = whole;
  }
  if (cols < machine::kLanes) {
    int lanes = fn.newVirtual(RegClass::V);
    invariant(Opcode::VSel, {lanes, iotaMask(user, Opcode::VIotaCol, Opcode::VCmpLtS32, cols),
                             bytes, zero});
    bytes = lanes;
  }
  return bytes;
}

int Selector::windowMask(mlir::Operation *user, int64_t rows, int64_t cols, int rowMask,
                         bool rowMaskInvariant) {
  int mask = rowMask;
  auto bound = [&](Opcode iotaOp, int64_t n) {
    int m = iotaMask(user, iotaOp, Opcode::VCmpLtS32, n);
    if (mask < 0) {
      mask = m;
      return;
    }
    int both = fn.newVirtual(RegClass::V);
    if (!rowMaskInvariant) {
      emit(user, Opcode::VAnd, {both, mask, m});
      mask = both;
      return;
    }
    MInstr a;
    a.instr = isa::makeInstr(Opcode::VAnd, {both, mask, m});
    emitInvariant(user, std::move(a));
    mask = both;
  };
  if (rows < machine::kSublanes)
    bound(Opcode::VIotaRow, rows);
  if (cols < machine::kLanes)
    bound(Opcode::VIotaCol, cols);
  return mask;
}

int Selector::sublaneMask(mlir::Operation *user, int64_t sublane) {
  return iotaMask(user, Opcode::VIotaRow, Opcode::VCmpEqS32, sublane);
}

int Selector::sublaneMaskOf(mlir::Operation *user, int sublaneReg) {
  if (auto it = scaledCache.find({sublaneReg, kSublaneMaskKey}); it != scaledCache.end())
    return it->second;
  int iota = fn.newVirtual(RegClass::V);
  MInstr in;
  in.instr = isa::makeInstr(Opcode::VIotaRow, {iota});
  emitInvariant(user, std::move(in));
  int k = fn.newVirtual(RegClass::V), mask = fn.newVirtual(RegClass::V);
  emit(user, Opcode::VBcast, {k, sublaneReg});
  emit(user, Opcode::VCmpEqS32, {mask, iota, k});
  scaledCache[{sublaneReg, kSublaneMaskKey}] = mask;
  return mask;
}

/// One vld of the tile; a one-row window (a 1x128 value, replicated over
/// the sublanes) then takes its sublane everywhere with vbcast.sub, a tile
/// of a one-column Ref (an 8x1 value, replicated over the lanes) its lane 0
/// with vbcast.lane (a store writes the replicated tile, so the padding
/// lanes hold the value too, but a DMA may have filled them otherwise).
mlir::FailureOr<int> Selector::loadTile(mlir::Operation *op, mlir::tessera::LoadOp load) {
  mlir::Value ref = load.getRef();
  int64_t sublane = -1;
  int dynSublane = -1;
  bool rowAccess = isRowAccess(load.getType());
  if (!rowAccess) {
    auto split = splitTile(op, ref);
    if (mlir::failed(split))
      return mlir::failure();
    if (*split) {
      // Both tiles, their rows moved up by s (vgather.sub), joined: rows
      // below 8 - s from A, the rest from B.
      int tiles[2];
      for (int k = 0; k < 2; ++k) {
        const Address &at = k == 0 ? (*split)->a : (*split)->b;
        tiles[k] = fn.newVirtual(RegClass::V);
        MInstr &mi = at.dyn < 0 ? emit(op, Opcode::VLd, {tiles[k], at.at})
                                : emit(op, Opcode::VLdR, {tiles[k], at.dyn, at.at});
        setMemory(mi, MemKind::VmemRead, at, machine::kSublanes);
      }
      int idx = shiftedRows(op, (*split)->sub, +1);
      int ga = fn.newVirtual(RegClass::V), gb = fn.newVirtual(RegClass::V);
      emit(op, Opcode::VGatherSub, {ga, tiles[0], idx});
      emit(op, Opcode::VGatherSub, {gb, tiles[1], idx});
      // Row r of the result comes from A while r + s < 8, i.e. idx >= r.
      int iota = fn.newVirtual(RegClass::V), fromA = fn.newVirtual(RegClass::V),
          v = fn.newVirtual(RegClass::V);
      MInstr in;
      in.instr = isa::makeInstr(Opcode::VIotaRow, {iota});
      emitInvariant(op, std::move(in));
      emit(op, Opcode::VCmpGeS32, {fromA, idx, iota});
      emit(op, Opcode::VSel, {v, fromA, ga, gb});
      return v;
    }
  }
  auto addr = vmemTileAddress(op, ref, rowAccess ? &sublane : nullptr,
                              rowAccess ? &dynSublane : nullptr);
  if (mlir::failed(addr))
    return mlir::failure();
  int v = fn.newVirtual(RegClass::V);
  int64_t row = addr->at;
  int dyn = addr->dyn;
  MInstr &mi = dyn < 0 ? emit(op, Opcode::VLd, {v, row}) : emit(op, Opcode::VLdR, {v, dyn, row});
  setMemory(mi, MemKind::VmemRead, *addr, machine::kSublanes);
  const ArgInfo &info = args[resolve(op, ref)->arg];  // resolved by vmemTileAddress
  int64_t packing = info.shape.packing;
  if (sublane >= 0 && packing > 1) {
    // Row r of a packed tile: unpack the 8 rows around it (rows 8K..8K+7,
    // K = r / 8), then take its sublane.
    auto unit = unpackTile(op, llvm::cast<mlir::MemRefType>(ref.getType()).getElementType(), v,
                           sublane / machine::kSublanes);
    if (mlir::failed(unit))
      return mlir::failure();
    v = *unit;
    sublane %= machine::kSublanes;
  }
  if (sublane >= 0) {
    int row = fn.newVirtual(RegClass::V);
    emit(op, Opcode::VBcastSub, {row, v, sublane});
    v = row;
  }
  if (dynSublane >= 0) {
    // A sublane known at run time: keep it, zero the others, and sum the
    // sublanes as words (x + 0 is x, bits and all, whatever x holds).
    int kept = fn.newVirtual(RegClass::V), row = fn.newVirtual(RegClass::V);
    emit(op, Opcode::VSel,
         {kept, sublaneMaskOf(op, dynSublane), v, vectorConstant(op, 0, /*isFloat=*/false)});
    emit(op, Opcode::VRedSubSumS32, {row, kept});
    v = row;
  }
  if (info.shape.cols == 1) {
    int column = fn.newVirtual(RegClass::V);
    emit(op, Opcode::VBcastLane, {column, v, 0});
    v = column;
  }
  return v;
}

mlir::LogicalResult Selector::selectLoad(mlir::tessera::LoadOp load) {
  auto v = loadTile(load, load);
  if (mlir::failed(v))
    return mlir::failure();
  regs[load.getResult()] = *v;
  return mlir::success();
}

mlir::LogicalResult Selector::select(mlir::Operation *op) {
  if (llvm::isa<mlir::tessera::ViewOp, mlir::func::ReturnOp>(op))
    return mlir::success();
  if (auto loop = llvm::dyn_cast<mlir::scf::ForOp>(op))
    return selectFor(loop);
  if (auto branch = llvm::dyn_cast<mlir::scf::IfOp>(op))
    return selectIf(branch);
  if (auto loop = llvm::dyn_cast<mlir::scf::WhileOp>(op))
    return selectWhile(loop);
  if (auto load = llvm::dyn_cast<mlir::tessera::LoadOp>(op))
    return selectLoad(load);
  // A packed row tile (bf16, 16- and 8-bit integers) is held widened
  // (LegalizeTiles): the extension after its packed load and the
  // truncation before its packed store move nothing (the load unpacks, the
  // store packs).
  if (llvm::isa<mlir::arith::ExtFOp, mlir::arith::ExtSIOp, mlir::arith::TruncFOp,
                mlir::arith::TruncIOp>(op)) {
    auto packedRow = [](mlir::Type t) {
      auto v = llvm::dyn_cast<mlir::VectorType>(t);
      return v && v.getRank() == 2 && v.getDimSize(0) == 1 &&
             packingOf(v.getElementType()) > 1;
    };
    if (packedRow(op->getOperand(0).getType()) || packedRow(op->getResult(0).getType())) {
      auto v = regOf(op, op->getOperand(0));
      if (mlir::failed(v))
        return mlir::failure();
      regs[op->getResult(0)] = *v;
      return mlir::success();
    }
  }
  if (op->getName().getStringRef() == "tessera.mxu_weights")
    return selectMxuWeights(op);
  if (auto store = llvm::dyn_cast<mlir::tessera::StoreOp>(op))
    return selectStore(op, store.getRef(), store.getValue(), nullptr);
  if (auto store = llvm::dyn_cast<mlir::tessera::MaskedStoreOp>(op))
    return selectStore(op, store.getRef(), store.getValue(), store.getMask());
  if (auto check = llvm::dyn_cast<mlir::tessera::BoundsCheckOp>(op))
    return selectBoundsCheck(check);
  if (auto check = llvm::dyn_cast<mlir::tessera::SemaphoreCheckOp>(op))
    return selectSemaphoreCheck(check);
  if (llvm::isa<mlir::tessera::SemaphoreSignalOp, mlir::tessera::SemaphoreWaitOp,
                mlir::tessera::SemaphoreReadOp>(op))
    return selectSemaphoreOp(op);
  if (auto check = llvm::dyn_cast<mlir::tessera::CheckOp>(op))
    return selectCheck(check);
  if (auto start = llvm::dyn_cast<mlir::tessera::DmaStartOp>(op))
    return selectDma(op, start.getSrc(), start.getDst(), start.getSem(), false);
  if (auto start = llvm::dyn_cast<mlir::tessera::RemoteDmaStartOp>(op)) {
    auto target = remoteTarget(op, start.getDevice(), start.getCore());
    auto send = semaphoreOperand(op, start.getSendSem());
    auto recv = semaphoreOperand(op, start.getRecvSem());
    if (mlir::failed(target) || mlir::failed(send) || mlir::failed(recv))
      return mlir::failure();
    target->send = semaphoreReg(op, *send);
    target->recv = semaphoreReg(op, *recv);
    target->recvLo = recv->lo;
    target->recvHi = recv->hi;
    return selectDma(op, start.getSrc(), start.getDst(), start.getSendSem(), false, &*target);
  }
  if (auto wait = llvm::dyn_cast<mlir::tessera::DmaWaitOp>(op))
    return selectDma(op, wait.getSrc(), wait.getDst(), wait.getSem(), true);
  if (llvm::isa<mlir::tessera::StoreScalarOp>(op))
    return selectScalar(op);
  if (op->getNumResults() == 1 && !llvm::isa<mlir::VectorType>(op->getResult(0).getType()))
    return selectScalar(op);
  if (llvm::isa<mlir::tessera::BitcastOp, mlir::tessera::RollOp,
                mlir::tessera::ExtractSublaneOp, mlir::tessera::TransposeTilesOp,
                mlir::tessera::GatherOp>(op))
    return selectShape(op);  // SelectShape.cpp
  if (op->getNumResults() == 1)
    return selectVector(op);
  return op->emitError("'") << op->getName() << "' has no TensorCore instruction yet";
}

mlir::LogicalResult Selector::selectOps(mlir::Block &block) {
  for (mlir::Operation &op : block) {
    if (llvm::isa<mlir::scf::YieldOp, mlir::scf::ConditionOp>(op))
      continue;  // the parent op handles its terminator
    if (mlir::failed(select(&op)))
      return mlir::failure();
  }
  return mlir::success();
}

mlir::FailureOr<MFunction> Selector::run() {
  fn.name = kernel.getSymName().str();
  if (mlir::failed(layoutArguments()))
    return mlir::failure();
  if (!kernel.getBody().hasOneBlock())
    return kernel.emitError("a kernel body must be one block (use scf ops for control flow)");
  newBlock("entry", kernel);
  setBlock(0);
  if (mlir::failed(selectOps(kernel.getBody().front())))
    return mlir::failure();
  return std::move(fn);
}

mlir::FailureOr<MFunction> selectInstructions(mlir::func::FuncOp kernel) {
  return Selector(kernel).run();
}

}  // namespace tessera::lowering
