//===- InstructionSelection.cpp - Tile IR to machine instructions ---------===//
//
// A walk over the tile IR, region by region (control flow is in
// SelectControlFlow.cpp, scalar arithmetic in SelectScalar.cpp, tile ops
// and the MXUs in SelectVector.cpp, vector loads and stores in
// SelectMemory.cpp, DMAs in SelectDma.cpp). Here: the kernel's memory
// layout, and Refs resolved to their root argument, a static (row, col)
// offset and the run-time parts of their views' offsets; VMEM roots have a
// static base row, HBM roots a base row that the kernel reads from the
// SMEM argument block at run time; and the run-time checks.
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
  if (auto view = ref.getDefiningOp<mlir::tessera::ViewOp>()) {
    // The source's window (resolved once per block: the views of one
    // window share its run-time offset's registers), moved by this view's
    // offsets.
    auto source = resolve(user, view.getSource());
    if (mlir::failed(source))
      return mlir::failure();
    w = *source;
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
  } else {
    auto arg = llvm::dyn_cast<mlir::BlockArgument>(ref);
    if (!arg || arg.getOwner()->getParentOp() != kernel)
      return user->emitError("a Ref that is not an argument of this kernel is used here");
    w.arg = arg.getArgNumber();
  }
  w.rows = w.cols = 0;
  if (type.getRank() == 2) {
    w.rows = type.getDimSize(0);
    w.cols = type.getDimSize(1);
  } else if (type.getRank() == 1) {
    w.rows = type.getDimSize(0);
  }
  windowCache[ref] = w;
  return w;
}

mlir::FailureOr<Address> Selector::vmemTileAddress(mlir::Operation *user, mlir::Value ref,
                                                   int64_t *sublane, int *dynSublane) {
  auto w = resolve(user, ref);
  if (mlir::failed(w))
    return mlir::failure();
  const ArgInfo &info = args[w->arg];
  if (w->dynCol >= 0 && w->colMultiple % machine::kLanes != 0)
    return user->emitError("the run-time column offset of this window into ")
           << argName(w->arg) << " is not known to be a multiple of " << machine::kLanes
           << " lanes; a vector load or store starts at a whole lane tile (say so with "
              "pl::multiple_of(offset, 128))";
  if (w->col % machine::kLanes != 0)
    return user->emitError("column offset ")
           << w->col << " is not a multiple of " << machine::kLanes << " lanes";
  // A run-time column offset of whole lane tiles: its tiles' memory rows
  // (column tiles are interleaved within a tile row), added to the address.
  int colPart = -1;
  if (w->dynCol >= 0) {
    auto key = std::make_pair(w->dynCol, kColumnTilesKey);
    if (auto it = scaledCache.find(key); it != scaledCache.end()) {
      colPart = it->second;
    } else {
      // (offset / 128) * rows per tile: one shift for the usual 8.
      int64_t perTile = info.shape.memRowsPerTile();
      bool oneShift = perTile == machine::kSublanes;
      int tiles = fn.newVirtual(RegClass::S);
      emit(user, Opcode::SShrAI,
           {tiles, w->dynCol,
            (int64_t)llvm::Log2_64(oneShift ? machine::kLanes / machine::kSublanes
                                            : machine::kLanes)});
      colPart = oneShift ? tiles : scaled(user, tiles, perTile);
      scaledCache[key] = colPart;
    }
  }
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
    return Address{info.base + first,
                   addRegs(user, scaled(user, tileRow, info.shape.colTiles()), colPart),
                   info.base, info.base + info.shape.memRows()};
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
  return Address{info.base + first, addRegs(user, scaled(user, dyn, factor), colPart), info.base,
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

/// scmp/scmp/por and a predicated shalt whose comment reports the window.
mlir::LogicalResult Selector::selectBoundsCheck(mlir::tessera::BoundsCheckOp op) {
  auto w = resolve(op, op.getWindow());
  if (mlir::failed(w))
    return mlir::failure();
  const ArgInfo &info = args[w->arg];
  // (An SMEM Ref's extents are its dims, row-major words; the others' the
  // tiled shape's.)
  bool smem = info.space == MemorySpace::smem;
  int64_t rowLimit = smem ? info.dims[0] : info.shape.rows;
  int64_t colLimit = smem ? (info.dims.size() == 2 ? info.dims[1] : 1) : info.shape.cols;
  // Inside a region, a static window that fits cannot fail: no code for it
  // in a loop body. (At top level the check stays, as it always has.)
  if (depth > 0 && w->dynRow < 0 && w->dynCol < 0 && w->row >= 0 &&
      w->row + w->rows <= rowLimit && w->col >= 0 && w->col + w->cols <= colLimit)
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
  check(w->dynRow, w->row, w->rows, rowLimit, info.dims.size() == 1 ? "elements" : "rows");
  if (w->dynCol >= 0)
    check(w->dynCol, w->col, w->cols, colLimit, "columns");
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
  // A packed row or column tile (bf16, 16- and 8-bit integers) is held
  // widened (LegalizeTiles): the extension after its packed load and the
  // truncation before its packed store move nothing (the load unpacks, the
  // store packs).
  if (llvm::isa<mlir::arith::ExtFOp, mlir::arith::ExtSIOp, mlir::arith::TruncFOp,
                mlir::arith::TruncIOp>(op)) {
    // (And a packed column's 8x1 tile, held widened too.)
    auto packedRow = [](mlir::Type t) {
      auto v = llvm::dyn_cast<mlir::VectorType>(t);
      return v && v.getRank() == 2 &&
             (v.getDimSize(0) == 1 || (v.getDimSize(1) == 1 && v.getDimSize(0) == 8)) &&
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
