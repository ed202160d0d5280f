//===- SelectMemory.cpp - Vector loads and stores of VMEM tiles -----------===//
//
// Each tile load / store is one vld / vst (a packed tile is one vreg of 8
// memory rows): a one-row window is the vld of its tile and a vbcast.sub
// (or a sublane kept and summed, at a run-time row), a store of it a
// vst.msk of its sublane; a padded tile's store is masked to its valid
// part (vst.bmsk for packed bytes); a 32-bit window of a wide Ref that
// starts inside a tile is two tiles joined by vgather.sub. (The rest of
// instruction selection: InstructionSelection.cpp.)
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
  // (A run-time part of whole tiles with a static row inside one, a
  // pipeline's block buffer's window, splits at the static row.)
  bool dynamic = w->dynRow >= 0 && w->rowMultiple % machine::kSublanes != 0;
  bool unaligned = dynamic || w->row % machine::kSublanes != 0;
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
    int dyn = scaled(user, w->dynRow, colTiles);  // (whole tiles: -1 when none)
    split.sub = materialize(user, RegClass::S, s);
    split.a = Address{info.base + info.shape.rowAddress(tile, w->col), dyn, info.base, refHi};
    split.b = Address{info.base + info.shape.rowAddress(tile + machine::kSublanes, w->col), dyn,
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
  int iota = rowIota(op);
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

int Selector::rowIota(mlir::Operation *user) {
  int iota = fn.newVirtual(RegClass::V);
  MInstr in;
  in.instr = isa::makeInstr(Opcode::VIotaRow, {iota});
  emitInvariant(user, std::move(in));
  return iota;
}

int Selector::shiftedRows(mlir::Operation *user, int sub, int sign) {
  int iota = rowIota(user);
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

/// An 8x1 access of a packed dtype: 8 rows of a packed Ref of one column.
static bool isPackedColumnAccess(mlir::Type type) {
  auto v = llvm::cast<mlir::VectorType>(type);
  return v.getDimSize(1) == 1 && v.getDimSize(0) == machine::kSublanes &&
         packingOf(v.getElementType()) > 1;
}

mlir::FailureOr<Address> Selector::packedColumnAddress(mlir::Operation *op, mlir::Value ref,
                                                       int64_t &part) {
  auto w = resolve(op, ref);
  if (mlir::failed(w))
    return mlir::failure();
  const ArgInfo &info = args[w->arg];
  int64_t packing = info.shape.packing, tileRows = machine::kSublanes * packing;
  if (info.shape.cols != 1 || w->row % machine::kSublanes != 0 ||
      (w->dynRow >= 0 && w->rowMultiple % tileRows != 0))
    return op->emitError("internal error: a packed 8x1 access of ")
           << argName(w->arg) << " at row " << w->row
           << (w->dynRow >= 0 ? " plus a run-time row" : "")
           << " (Refs of one column, at 8 rows of a packed tile)";
  int64_t tileStart = w->row - w->row % tileRows;
  part = (w->row - tileStart) / machine::kSublanes;
  // A run-time row of whole packed tiles: dyn / packing memory rows.
  int dyn = -1;
  if (w->dynRow >= 0) {
    dyn = fn.newVirtual(RegClass::S);
    emit(op, Opcode::SShrAI, {dyn, w->dynRow, llvm::Log2_64(packing)});
  }
  return Address{info.base + info.shape.rowAddress(tileStart, 0), dyn, info.base,
                 info.base + info.shape.memRows()};
}

mlir::FailureOr<int> Selector::loadPackedColumn(mlir::Operation *op,
                                                mlir::tessera::LoadOp load) {
  int64_t part = 0;
  auto addr = packedColumnAddress(op, load.getRef(), part);
  if (mlir::failed(addr))
    return mlir::failure();
  int tile = fn.newVirtual(RegClass::V);
  MInstr &mi = addr->dyn < 0 ? emit(op, Opcode::VLd, {tile, addr->at})
                             : emit(op, Opcode::VLdR, {tile, addr->dyn, addr->at});
  setMemory(mi, MemKind::VmemRead, *addr, machine::kSublanes);
  // The rows widened (a unit of 8 rows), then lane 0 everywhere.
  auto unit = unpackTile(op, load.getType().getElementType(), tile, part);
  if (mlir::failed(unit))
    return mlir::failure();
  int column = fn.newVirtual(RegClass::V);
  emit(op, Opcode::VBcastLane, {column, *unit, 0});
  return column;
}

mlir::LogicalResult Selector::storePackedColumn(mlir::Operation *op, mlir::Value ref,
                                                mlir::Value value) {
  int64_t part = 0;
  auto addr = packedColumnAddress(op, ref, part);
  if (mlir::failed(addr))
    return mlir::failure();
  auto v = regOf(op, value);
  if (mlir::failed(v))
    return mlir::failure();
  const ArgInfo &info = args[resolve(op, ref)->arg];
  int64_t packing = info.shape.packing;
  // Every part of the packed tile holds the 8 rows (widened, replicated);
  // only the window's rows, [8 part, 8 part + rows), are written: the
  // bytes of the first 8 part + rows rows without those of the first
  // 8 part (vst.bmsk).
  auto packed = packTile(op, llvm::cast<mlir::VectorType>(value.getType()).getElementType(),
                         llvm::SmallVector<int>(packing, *v));
  if (mlir::failed(packed))
    return mlir::failure();
  int64_t first = part * machine::kSublanes, rows = resolve(op, ref)->rows;
  int bytes = packedValidBytes(op, first + rows, machine::kLanes, packing);
  if (first > 0) {
    int before = packedValidBytes(op, first, machine::kLanes, packing);
    int mine = fn.newVirtual(RegClass::V);
    MInstr x;
    x.instr = isa::makeInstr(Opcode::VXor, {mine, bytes, before});
    emitInvariant(op, std::move(x));
    bytes = mine;
  }
  MInstr &mi = addr->dyn < 0 ? emit(op, Opcode::VStBMsk, {addr->at, *packed, bytes})
                             : emit(op, Opcode::VStBMskR, {addr->dyn, addr->at, *packed, bytes});
  setMemory(mi, MemKind::VmemWrite, *addr, machine::kSublanes);
  return mlir::success();
}

mlir::LogicalResult Selector::selectStore(mlir::Operation *op, mlir::Value ref,
                                          mlir::Value value, mlir::Value mask) {
  if (!mask && isPackedColumnAccess(value.getType()))
    return storePackedColumn(op, ref, value);
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
  int iota = rowIota(user);
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
  if (isPackedColumnAccess(load.getType()))
    return loadPackedColumn(op, load);
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
      int iota = rowIota(op), fromA = fn.newVirtual(RegClass::V), v = fn.newVirtual(RegClass::V);
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

}  // namespace tessera::lowering
