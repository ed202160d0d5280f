//===- SelectDma.cpp - DMAs, their semaphores and remote copies -----------===//
//
// Each DMA is one dma.<kind> per contiguous run of memory rows (HBM tiles
// of 8 rows and VMEM tiles of 8 * packing rows differ for packed dtypes:
// layout::copyRuns), runs at constant distances folded into one strided
// dma.<kind>.s (layout::stridedRuns), and each wait a vwait.ge / vsyncadd
// pair; a DMA between SMEM and HBM moves words; a remote copy names its
// chip and core. (The rest of instruction selection:
// InstructionSelection.cpp.)
//
//===----------------------------------------------------------------------===//
#include <numeric>

#include "lowering/Selector.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/ScalarFacts.h"
#include "sim/Executable.h"
#include "sim/MachineDesc.h"

namespace tessera::lowering {

using isa::Opcode;
using mlir::tessera::MemorySpace;

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

/// The [sem:sC] form of an SMEM DMA opcode.
static Opcode registerSemaphoreForm(Opcode plain) {
  switch (plain) {
  case Opcode::DmaHbmToSmem:
    return Opcode::DmaHbmToSmemR;
  case Opcode::DmaSmemToHbm:
    return Opcode::DmaSmemToHbmR;
  case Opcode::DmaVmemToSmem:
    return Opcode::DmaVmemToSmemR;
  default:
    return Opcode::DmaSmemToVmemR;
  }
}

mlir::LogicalResult Selector::selectSmemDma(mlir::Operation *op, const RefWindow &s,
                                            const RefWindow &d, const SemaphoreOperand &m,
                                            bool isWait) {
  // Words on both sides (Isa.def): SMEM's from the Ref's first word, HBM's
  // and VMEM's row * 128 + word from the array's base row. Start and wait are
  // barriers: the scheduler keeps every sld / sst on their side of them.
  // A window of a 2-D Ref is one row (the verifier's rule).
  int64_t words = s.cols > 0 ? s.cols : s.rows, bytes = words * 4;
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
  auto plus = [&](int reg, int64_t imm) {
    if (imm == 0)
      return reg;
    int out = fn.newVirtual(RegClass::S);
    emit(op, Opcode::SAddI, {out, reg, imm});
    return out;
  };
  auto address = [&](const RefWindow &w) -> mlir::FailureOr<int> {
    const ArgInfo &info = args[w.arg];
    int reg = fn.newVirtual(RegClass::S);
    if (info.space == MemorySpace::smem) {
      // Row-major words (smemAddress's strides).
      int64_t stride = info.dims.size() == 2 ? info.dims[1] : 1;
      int64_t word = info.base + w.row * stride + w.col;
      int dyn = addRegs(op, scaled(op, w.dynRow, stride), w.dynCol);
      if (dyn < 0)
        return materialize(op, RegClass::S, word);
      emit(op, Opcode::SAddI, {reg, dyn, word});
      return reg;
    }
    // HBM: the array's base row (an SMEM table word) times 128; VMEM: its
    // base row's first word. Both are tiled alike (32-bit).
    if (info.space == MemorySpace::vmem)
      reg = materialize(op, RegClass::S, info.base * machine::kLanes);
    else
      emit(op, Opcode::SShlI, {reg, hbmBase(op, w.arg), llvm::Log2_64(machine::kLanes)});
    if (info.dims.size() == 2) {
      // Element (r, c) of the tiled array (sim/Layout.h, 32-bit: 8-row
      // tiles of 128 lanes, row-major) is word
      // ((r / 8 * colTiles + c / 128) * 8 + r % 8) * 128 + c % 128; run-time
      // parts are split with shifts and masks. The run must stay in a tile.
      int64_t lanes = machine::kLanes, tile = machine::kSublanes * lanes;
      int64_t colTiles = info.shape.colTiles();
      if (w.dynCol < 0 && w.col % lanes + w.cols > lanes) {
        op->emitError("an SMEM DMA of columns [")
            << w.col << ", " << w.col + w.cols << ") crosses a 128-lane tile of the array";
        return mlir::failure();
      }
      auto part = [&](int dyn, int64_t at, int64_t shift, int64_t majorScale, int64_t minorScale)
          -> std::pair<int, int64_t> {
        if (dyn < 0)
          return {-1, (at >> shift) * majorScale + (at & ((1 << shift) - 1)) * minorScale};
        int r = plus(dyn, at);
        int major = fn.newVirtual(RegClass::S), minor = fn.newVirtual(RegClass::S);
        emit(op, Opcode::SShrLI, {major, r, shift});
        emit(op, Opcode::SAndI, {minor, r, (1 << shift) - 1});
        return {addRegs(op, scaled(op, major, majorScale), scaled(op, minor, minorScale)), 0};
      };
      auto [rowReg, rowWords] = part(w.dynRow, w.row, 3, colTiles * tile, lanes);
      auto [colReg, colWords] = part(w.dynCol, w.col, 7, tile, 1);
      int sum = addRegs(op, reg, addRegs(op, rowReg, colReg));
      return plus(sum, rowWords + colWords);
    }
    int sum = addRegs(op, reg, w.dynRow);
    if (w.row == 0)
      return sum;
    int at = fn.newVirtual(RegClass::S);
    emit(op, Opcode::SAddI, {at, sum, w.row});
    return at;
  };
  bool toSmem = args[d.arg].space == MemorySpace::smem;
  bool vmem = args[(toSmem ? s : d).arg].space == MemorySpace::vmem;
  Opcode opcode = toSmem ? (vmem ? Opcode::DmaVmemToSmem : Opcode::DmaHbmToSmem)
                         : (vmem ? Opcode::DmaSmemToVmem : Opcode::DmaSmemToHbm);
  auto src = address(s);
  if (mlir::failed(src))
    return mlir::failure();
  auto dst = address(d);
  if (mlir::failed(dst))
    return mlir::failure();
  int srcReg = *src, dstReg = *dst;
  if (m.reg < 0)
    barrier(opcode, {srcReg, dstReg, words, m.index});
  else
    barrier(registerSemaphoreForm(opcode), {srcReg, dstReg, words, m.reg});
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
  // A 1-D HBM array is its words in rows of 128 (one row of N <= 128): with
  // a VMEM end (a 1-D VMEM Ref, whose rows of 128 lanes are the same words)
  // its window [s, s + n) is whole rows from row s / 128 (the verifier's
  // shapes); the DMA moves whole rows (the last one's tail is the array's
  // padding or, read, the VMEM Ref's).
  layout::TiledShape foldedShape[2];
  bool folded[2] = {false, false};
  for (int side = 0; side < 2; ++side) {
    RefWindow &w = side == 0 ? *s : *d;
    const ArgInfo &info = args[w.arg];
    if (info.dims.size() != 1 || info.space == MemorySpace::vmem ||
        args[(side == 0 ? *d : *s).arg].space != MemorySpace::vmem)
      continue;
    int64_t lanes = machine::kLanes, n = w.rows, all = info.dims[0];
    if (w.row % lanes != 0 || (w.dynRow >= 0 && w.rowMultiple % lanes != 0))
      return op->emitError("a DMA window of the 1-D array ")
             << argName(w.arg) << " starts at an element that is not a multiple of " << lanes;
    foldedShape[side] = {.rows = all <= lanes ? 1 : (all + lanes - 1) / lanes,
                         .cols = std::min(all, lanes), .packing = 1,
                         .tileRows = machine::kSublanes};
    folded[side] = true;
    w.row /= lanes;
    w.rows = (n + lanes - 1) / lanes;
    w.cols = std::min(all, lanes);
    if (w.dynRow >= 0) {
      int rows = fn.newVirtual(RegClass::S);
      emit(op, Opcode::SShrAI, {rows, w.dynRow, llvm::Log2_64(lanes)});
      w.dynRow = rows;
      w.rowMultiple /= lanes;
    }
    bytes = w.rows * machine::kRowBytes;
  }
  // A window whose columns end inside a 128-lane tile (one column,
  // f32[8, 64], bf16[16, 200], the last column block of f32[20, 300]): the
  // DMA moves that tile's column whole, a memory row per `packing` element
  // rows and column tile. That writes the rest of the destination's tile:
  // allowed where it is padding (the window ends where its Ref does) or,
  // for a pipeline's block DMA, the block buffer's part beyond the array
  // (unspecified, as in Pallas).
  int64_t srcCols = folded[0] ? foldedShape[0].cols : args[s->arg].shape.cols,
          dstCols = folded[1] ? foldedShape[1].cols : args[d->arg].shape.cols,
          packing = args[s->arg].shape.packing;
  auto tilesOf = [](int64_t cols) { return llvm::divideCeil(cols, machine::kLanes); };
  bool columns = s->cols % machine::kLanes != 0 && s->col % machine::kLanes == 0 &&
                 d->col % machine::kLanes == 0 &&
                 s->col / machine::kLanes + tilesOf(s->cols) <= tilesOf(srcCols) &&
                 d->col / machine::kLanes + tilesOf(s->cols) <= tilesOf(dstCols) &&
                 (d->col + d->cols == dstCols || op->hasAttr(mlir::tessera::kBlockIndexAttr) ||
                  op->hasAttr(mlir::tessera::kEdgeBlockAttr));
  // Likewise a packed window whose rows end inside a word (bf16[3, 128])
  // moves that word whole.
  if ((columns || s->rows % packing != 0) && !folded[0] && !folded[1])
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
  auto dynamicRows = [&](RefWindow &w) -> mlir::FailureOr<int> {
    const ArgInfo &info = args[w.arg];
    int64_t packing = info.shape.packing, tileRows = info.shape.tileRows;
    if (w.dynRow >= 0 && w.rowMultiple % packing != 0)
      return op->emitError("the run-time row offset of this DMA window into ")
             << argName(w.arg) << " is not known to be a multiple of " << packing
             << " (the rows packed in one word); say so with pl::multiple_of";
    bool wide = w.dynRow >= 0 && info.shape.colTiles() != 1 && w.rowMultiple % tileRows != 0;
    if (wide && w.rows > packing)
      return op->emitError("the run-time row offset of this DMA window into ")
             << argName(w.arg) << " (" << info.shape.cols
             << " columns wide) is not known to be a multiple of " << tileRows
             << "; only one row or whole tiles of a wider array can be copied from a "
                "run-time row; if it is a multiple, say so with pl::multiple_of(offset, "
             << tileRows << ")";
    // One memory row of a wider array at any run-time row R (its static
    // part folded in): tile row R / tileRows, memory row (R % tileRows) /
    // packing within each of its column tiles; the runs then start at 0.
    int oneRow = -1;
    if (wide) {
      int r = w.dynRow;
      if (w.row != 0) {
        r = fn.newVirtual(RegClass::S);
        emit(op, Opcode::SAddI, {r, w.dynRow, w.row});
        w.row = 0;
      }
      int tile = fn.newVirtual(RegClass::S), within = fn.newVirtual(RegClass::S);
      emit(op, Opcode::SShrAI, {tile, r, llvm::Log2_64(tileRows)});
      emit(op, Opcode::SAndI, {within, r, tileRows - 1});
      if (packing > 1) {
        int words = fn.newVirtual(RegClass::S);
        emit(op, Opcode::SShrAI, {words, within, llvm::Log2_64(packing)});
        within = words;
      }
      oneRow = addRegs(op, scaled(op, tile, info.shape.colTiles() * info.shape.memRowsPerTile()),
                       within);
    }
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
    if (oneRow >= 0)
      return addRegs(op, oneRow, cols);
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
  // Between dtypes of two widths (a bitcast Ref's memory at one end) the
  // DMA copies the same bits, as pltpu.bitcast sees them: one side is seen
  // in the other's dtype. A VMEM tile holds the same bytes in either dtype,
  // and so does an HBM array of one column tile; a wider HBM array holds a
  // packed tile's rows in other places, which a copy of rows cannot move.
  layout::TiledShape srcShape = folded[0] ? foldedShape[0] : si.shape,
                     dstShape = folded[1] ? foldedShape[1] : di.shape;
  int64_t srcRow = s->row, dstRow = d->row, rows = s->rows;
  if (srcShape.packing != dstShape.packing) {
    auto sameBytes = [](const ArgInfo &info) {
      return info.space == MemorySpace::vmem || info.shape.colTiles() == 1;
    };
    auto seenAs = [](layout::TiledShape &shape, int64_t &row, int64_t &rows, int64_t packing,
                     bool vmem) {
      shape.rows = shape.rows * packing / shape.packing;
      row = row * packing / shape.packing;
      rows = rows * packing / shape.packing;
      shape.tileRows = vmem ? machine::kSublanes * packing : shape.tileRows;
      shape.packing = packing;
    };
    if (sameBytes(si) && (srcVmem || !sameBytes(di))) {
      seenAs(srcShape, srcRow, rows, dstShape.packing, srcVmem);
    } else if (sameBytes(di)) {
      int64_t dstRows = d->rows;
      seenAs(dstShape, dstRow, dstRows, srcShape.packing, dstVmem);
    } else {
      return op->emitError("a DMA between ")
             << argName(s->arg) << " and " << argName(d->arg)
             << ", of dtypes of two widths, copies a bitcast; HBM arrays wider than "
             << machine::kLanes
             << " columns hold a packed tile's rows in other places, so one end must be "
                "in VMEM or one column tile wide";
    }
  }
  std::vector<layout::RowRun> runs =
      layout::copyRuns(srcShape, srcRow, s->col, dstShape, dstRow, d->col, rows, s->cols);
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

}  // namespace tessera::lowering
