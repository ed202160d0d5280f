//===- LegalizeTiles.cpp - Arrays to one vreg-sized tile per value --------===//
//
// The vector unit works on one vreg at a time, so every array value of the
// kernel IR is split into its tiles here, and every op on it into ops on
// tiles: the tile IR that instruction selection consumes and that the
// load-reuse and dead-store passes reason about tile by tile. The tile of
// each dtype and shape is TileLayout.h: 8x128 for 32-bit dtypes and masks,
// packed 16x128 bf16 and 32x128 int8 tiles, and replicated 1x128 / 8x1 /
// 1x1 tiles for rows, columns and 1x1 values (reduction results and what
// is broadcast from them).
//
// bf16 and int8 are storage types: the vector unit computes in f32 and
// i32. An op on a packed tile unpacks it into 8-row units, computes on
// them and packs the result again, which rounds to bf16 (wraps to 8 bits)
// after every op, as v4 does. `unpack(pack(a, b))` is `round_bf16(a)`:
// a chain of bf16 ops becomes f32 ops with a rounding between them, and
// the packs die unless something stores or carries the value. Rows and
// columns of bf16/int8 are held widened and rounded (wrapped) the same way.
//
// Control flow: an array carried through scf.for iter_args and results,
// returned by scf.if, or passed around an scf.while becomes one carried
// value per tile; the region op is rebuilt with the expanded types, its
// blocks get one argument per tile, and scf.yield / scf.condition pass the
// tiles. Nested regions are legalized recursively. A view with run-time
// offsets is left as it is: a tile's window is a view of it with the
// tile's static offsets on top.
//
//===----------------------------------------------------------------------===//
#include "llvm/ADT/TypeSwitch.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TesseraDialect.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/TesseraPasses.h"
#include "mlir/Transforms/TileLayout.h"
#include "sim/MachineDesc.h"

#include <limits>
#include <tuple>

namespace mlir::tessera {
#define GEN_PASS_DEF_TESSERALEGALIZETILES
#include "mlir/Transforms/TesseraPasses.h.inc"
}  // namespace mlir::tessera

using namespace mlir;
using namespace mlir::tessera;

namespace {
constexpr int64_t kSublanes = ::tessera::machine::kSublanes;
constexpr int64_t kLanes = ::tessera::machine::kLanes;

/// A vector value that is not one tile: it is split here.
bool isArray(Type type) { return llvm::isa<VectorType>(type) && !isTileType(type); }

bool anyArray(TypeRange types) { return llvm::any_of(types, isArray); }

/// An op whose vector operands or results are not all tiles the vector
/// unit computes on directly (arrays, or packed tiles it must unpack).
bool needsRewrite(Operation *op) {
  auto notUnpacked = [](Type t) {
    return llvm::isa<VectorType>(t) && !isUnpackedTileType(t);
  };
  return llvm::any_of(op->getOperandTypes(), notUnpacked) ||
         llvm::any_of(op->getResultTypes(), notUnpacked);
}

/// scf.for / scf.if / scf.while carry arrays in operands, results or block
/// arguments: the op is rebuilt with one value per tile.
bool carriesArrays(Operation *op) {
  if (anyArray(op->getOperandTypes()) || anyArray(op->getResultTypes()))
    return true;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (anyArray(block.getArgumentTypes()))
        return true;
  return false;
}

/// An i32 value that holds `bits`-bit integers sign-extended by
/// construction (an unpacked tile of that width or narrower, a constant in
/// range): packing and unpacking it changes nothing.
bool isIntExact(Value v, unsigned bits) {
  if (auto unpack = v.getDefiningOp<UnpackOp>()) {
    Type e = unpack.getInput().getType().getElementType();
    return e.isInteger() && e.getIntOrFloatBitWidth() <= bits;
  }
  if (auto broadcast = v.getDefiningOp<BroadcastOp>())
    return isIntExact(broadcast.getInput(), bits);
  // wrapToInt's result: (x << (32 - n)) >> (32 - n), n <= bits.
  APInt shift;
  if (auto down = v.getDefiningOp<arith::ShRSIOp>();
      down && matchPattern(down.getRhs(), m_ConstantInt(&shift)) && shift.getZExtValue() < 32 &&
      32 - shift.getZExtValue() <= bits)
    if (auto up = down.getLhs().getDefiningOp<arith::ShLIOp>();
        up && up.getRhs() == down.getRhs())
      return true;
  SplatElementsAttr splat;
  if (matchPattern(v, m_Constant(&splat)) && splat.getElementType().isInteger(32)) {
    int64_t x = splat.getSplatValue<APInt>().getSExtValue();
    return x >= -(int64_t{1} << (bits - 1)) && x < (int64_t{1} << (bits - 1));
  }
  return false;
}

/// `unit` (i32) wrapped to `bits` bits and sign-extended back, as a narrow
/// integer's unit holds it.
Value wrapToInt(OpBuilder &b, Location loc, Value unit, unsigned bits) {
  auto type = llvm::cast<VectorType>(unit.getType());
  Value shift = splatConstant(b, loc, type, b.getI32IntegerAttr(32 - bits));
  Value up = b.create<arith::ShLIOp>(loc, unit, shift);
  return b.create<arith::ShRSIOp>(loc, up, shift);
}

struct LegalizeTilesPass
    : mlir::tessera::impl::TesseraLegalizeTilesBase<LegalizeTilesPass>,
      TileValues {
  void runOnOperation() override;

  /// Tiles of each array value already split.
  DenseMap<Value, SmallVector<Value>> tilesOf;
  /// Units made from a packed tile (tile, part, block they were made in).
  DenseMap<std::tuple<Value, int64_t, Block *>, Value> unitsOf;
  /// Originals that have tile twins, in the order they were visited.
  SmallVector<Operation *> replaced;

  FailureOr<SmallVector<Value>> getTiles(Operation *user, Value value) override;
  FailureOr<SmallVector<Value>> getUnits(Operation *user, Value value,
                                         OpBuilder &b) override;
  /// Part `part` of the packed tile `tile` as a 32-bit unit.
  Value getUnit(Value tile, int64_t part, const TileLayout &layout, OpBuilder &b);
  /// The tiles of an array of `layout` whose units are `units`: packed
  /// (rounding or wrapping) for bf16 and int8 tiles, rounded or wrapped for
  /// bf16 and int8 rows and columns.
  SmallVector<Value> fromUnits(ArrayRef<Value> units, const TileLayout &layout,
                               OpBuilder &b, Location loc) override;
  /// Records the tiles of `original` (one tile of its own type replaces it
  /// outright, so ops that need no rewrite see the new value).
  void setTiles(Value original, SmallVector<Value> tiles);

  LogicalResult legalizeBlock(Block &block);
  LogicalResult legalize(Operation *op);
  LogicalResult legalizeLoadStore(Operation *op);
  LogicalResult legalizeMaskedStore(MaskedStoreOp op);
  LogicalResult legalizeConstant(arith::ConstantOp op);
  LogicalResult legalizeElementwise(Operation *op);
  LogicalResult legalizeReduce(ReduceOp op);
  LogicalResult legalizeBroadcast(BroadcastOp op);
  LogicalResult legalizeIota(IotaOp op);
  LogicalResult legalizeExtract(ExtractOp op);
  /// `values` with every array replaced by its tiles.
  FailureOr<SmallVector<Value>> expandValues(Operation *user, ValueRange values);
  /// `types` with every array type replaced by its tile types.
  FailureOr<SmallVector<Type>> expandTypes(Operation *op, TypeRange types);
  /// Rebuilds an scf.for/if/while that carries arrays with tiles instead;
  /// the original's blocks move into the new op.
  FailureOr<Operation *> legalizeControlFlow(Operation *op);
  /// scf.yield / scf.condition passing arrays: passes their tiles.
  LogicalResult legalizeTerminator(Operation *op);
};

FailureOr<SmallVector<Value>> LegalizeTilesPass::getTiles(Operation *user, Value value) {
  auto it = tilesOf.find(value);
  if (it != tilesOf.end())
    return it->second;
  if (isTileType(value.getType()))
    return SmallVector<Value>{value};
  return user->emitOpError("uses an array value that tile legalization could not split");
}

Value LegalizeTilesPass::getUnit(Value tile, int64_t part, const TileLayout &layout,
                                 OpBuilder &b) {
  auto key = std::make_tuple(tile, part, b.getInsertionBlock());
  if (Value known = unitsOf.lookup(key))
    return known;
  Value unit;
  auto pack = tile.getDefiningOp<PackOp>();
  if (pack && layout.elementType.isBF16()) {
    // unpack(pack(a, b), k) is a_k rounded to bf16.
    Value source = pack.getInputs()[part];
    unit = isBf16Exact(source)
               ? source
               : b.create<RoundBf16Op>(tile.getLoc(), source).getResult();
  } else if (pack && layout.elementType.isInteger() &&
             isIntExact(pack.getInputs()[part], layout.elementType.getIntOrFloatBitWidth())) {
    unit = pack.getInputs()[part];
  } else {
    unit = b.create<UnpackOp>(tile.getLoc(), layout.unitType, tile,
                              b.getI64IntegerAttr(part));
  }
  unitsOf[key] = unit;
  return unit;
}

FailureOr<SmallVector<Value>> LegalizeTilesPass::getUnits(Operation *user, Value value,
                                                          OpBuilder &b) {
  auto tiles = getTiles(user, value);
  if (failed(tiles))
    return failure();
  auto layout = getTileLayout(user, llvm::cast<VectorType>(value.getType()));
  if (failed(layout))
    return failure();
  if (!layout->isPacked())
    return tiles;
  SmallVector<Value> units;
  for (int64_t r = 0; r < layout->unitRows(); ++r)
    for (int64_t c = 0; c < layout->gridCols; ++c)
      units.push_back(getUnit((*tiles)[(r / layout->packing) * layout->gridCols + c],
                              r % layout->packing, *layout, b));
  return units;
}

SmallVector<Value> LegalizeTilesPass::fromUnits(ArrayRef<Value> units,
                                                const TileLayout &layout, OpBuilder &b,
                                                Location loc) {
  SmallVector<Value> tiles;
  if (layout.isPacked()) {
    for (int64_t r = 0; r < layout.gridRows; ++r)
      for (int64_t c = 0; c < layout.gridCols; ++c) {
        SmallVector<Value> parts;
        for (int64_t p = 0; p < layout.packing; ++p)
          parts.push_back(units[layout.unitOf(r, p, c)]);
        tiles.push_back(b.create<PackOp>(loc, layout.tileType, parts));
      }
    return tiles;
  }
  for (Value unit : units) {
    if (layout.elementType.isBF16() && !isBf16Exact(unit))
      unit = b.create<RoundBf16Op>(loc, unit);
    else if ((layout.elementType.isInteger(8) || layout.elementType.isInteger(16)) &&
             !isIntExact(unit, layout.elementType.getIntOrFloatBitWidth()))
      unit = wrapToInt(b, loc, unit, layout.elementType.getIntOrFloatBitWidth());
    tiles.push_back(unit);
  }
  return tiles;
}

void LegalizeTilesPass::setTiles(Value original, SmallVector<Value> tiles) {
  if (tiles.size() == 1 && tiles.front().getType() == original.getType())
    original.replaceAllUsesWith(tiles.front());
  tilesOf[original] = std::move(tiles);
}

FailureOr<SmallVector<Value>> LegalizeTilesPass::expandValues(Operation *user,
                                                              ValueRange values) {
  SmallVector<Value> result;
  for (Value v : values) {
    if (!isArray(v.getType())) {
      result.push_back(v);
      continue;
    }
    auto tiles = getTiles(user, v);
    if (failed(tiles))
      return failure();
    result.append(tiles->begin(), tiles->end());
  }
  return result;
}

FailureOr<SmallVector<Type>> LegalizeTilesPass::expandTypes(Operation *op, TypeRange types) {
  SmallVector<Type> result;
  for (Type t : types) {
    if (!isArray(t)) {
      result.push_back(t);
      continue;
    }
    auto layout = getTileLayout(op, llvm::cast<VectorType>(t));
    if (failed(layout))
      return failure();
    result.append(layout->count(), layout->tileType);
  }
  return result;
}

FailureOr<Operation *> LegalizeTilesPass::legalizeControlFlow(Operation *op) {
  // Types first (an array that does not split is the op's error), and all
  // of it before building anything.
  auto resultTypes = expandTypes(op, op->getResultTypes());
  if (failed(resultTypes))
    return failure();
  SmallVector<SmallVector<Type>> argTypes;
  for (Region &region : op->getRegions())
    for (Block &block : region) {
      auto types = expandTypes(op, block.getArgumentTypes());
      if (failed(types))
        return failure();
      argTypes.push_back(std::move(*types));
    }
  auto operands = expandValues(op, op->getOperands());
  if (failed(operands))
    return failure();

  OpBuilder b(op);
  OperationState state(op->getLoc(), op->getName());
  state.addOperands(*operands);
  state.addTypes(*resultTypes);
  state.addAttributes(op->getAttrs());
  for (unsigned i = 0; i < op->getNumRegions(); ++i)
    state.addRegion();
  Operation *rebuilt = b.create(state);

  auto countTiles = [&](Type type) {
    return getTileLayout(op, llvm::cast<VectorType>(type))->count();
  };
  unsigned blockIndex = 0;
  for (auto [oldRegion, newRegion] : llvm::zip(op->getRegions(), rebuilt->getRegions())) {
    for (Block &oldBlock : oldRegion) {
      auto *newBlock = new Block();
      newRegion.push_back(newBlock);
      ArrayRef<Type> types = argTypes[blockIndex++];
      size_t next = 0;
      for (BlockArgument arg : oldBlock.getArguments()) {
        if (!isArray(arg.getType())) {
          arg.replaceAllUsesWith(newBlock->addArgument(types[next++], arg.getLoc()));
          continue;
        }
        // The ops using the array are legalized (and erased) later.
        auto &tiles = tilesOf[arg];
        for (int64_t k = 0, n = countTiles(arg.getType()); k < n; ++k)
          tiles.push_back(newBlock->addArgument(types[next++], arg.getLoc()));
      }
      newBlock->getOperations().splice(newBlock->end(), oldBlock.getOperations());
    }
  }

  unsigned next = 0;
  for (OpResult result : op->getResults()) {
    if (!isArray(result.getType())) {
      result.replaceAllUsesWith(rebuilt->getResult(next++));
      continue;
    }
    auto &tiles = tilesOf[result];
    for (int64_t k = 0, n = countTiles(result.getType()); k < n; ++k)
      tiles.push_back(rebuilt->getResult(next++));
  }
  return rebuilt;
}

LogicalResult LegalizeTilesPass::legalizeTerminator(Operation *op) {
  auto operands = expandValues(op, op->getOperands());
  if (failed(operands))
    return failure();
  OpBuilder b(op);
  OperationState state(op->getLoc(), op->getName());
  state.addOperands(*operands);
  state.addAttributes(op->getAttrs());
  b.create(state);
  return success();
}

LogicalResult LegalizeTilesPass::legalizeBlock(Block &block) {
  for (Operation &op : llvm::make_early_inc_range(block)) {
    if (isa<scf::ForOp, scf::IfOp, scf::WhileOp>(op)) {
      Operation *body = &op;
      if (carriesArrays(&op)) {
        auto rebuilt = legalizeControlFlow(&op);
        if (failed(rebuilt))
          return failure();
        // Before its blocks' ops: they use its old block arguments.
        replaced.push_back(&op);
        body = *rebuilt;
      }
      for (Region &region : body->getRegions())
        for (Block &inner : region)
          if (failed(legalizeBlock(inner)))
            return failure();
      continue;
    }
    if (isa<scf::YieldOp, scf::ConditionOp>(op) && anyArray(op.getOperandTypes())) {
      if (failed(legalizeTerminator(&op)))
        return failure();
      replaced.push_back(&op);
      continue;
    }
    if (failed(legalize(&op)))
      return failure();
    // Arrays inside other ops with regions: legalized where they are.
    for (Region &region : op.getRegions())
      for (Block &inner : region)
        if (failed(legalizeBlock(inner)))
          return failure();
  }
  return success();
}

/// Marks the packed 1x128 load or store of a bf16 / int8 row tile that
/// legalization made (a kernel's own [1, 128] bf16 load has the same type).
static constexpr llvm::StringLiteral kPackedRowAttr = "tessera.packed_row";

/// The extension after a packed row tile's load, or the truncation before
/// its store, that legalization made (tile IR already).
static bool isPackedRowCast(Operation *op) {
  if (isa<arith::ExtFOp, arith::ExtSIOp>(op)) {
    Operation *def = op->getOperand(0).getDefiningOp();
    return def && isa<LoadOp>(def) && def->hasAttr(kPackedRowAttr);
  }
  if (isa<arith::TruncFOp, arith::TruncIOp>(op))
    return !op->use_empty() && llvm::all_of(op->getUsers(), [](Operation *user) {
      return isa<StoreOp>(user) && user->hasAttr(kPackedRowAttr);
    });
  return false;
}

LogicalResult LegalizeTilesPass::legalize(Operation *op) {
  if (isa<LoadOp, StoreOp>(op))
    return legalizeLoadStore(op);
  if (auto store = dyn_cast<MaskedStoreOp>(op))
    return legalizeMaskedStore(store);
  if (isPackedRowCast(op))
    return success();
  if (auto cst = dyn_cast<arith::ConstantOp>(op))
    return legalizeConstant(cst);
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return legalizeReduce(reduce);
  if (auto broadcast = dyn_cast<BroadcastOp>(op))
    return legalizeBroadcast(broadcast);
  if (auto iota = dyn_cast<IotaOp>(op))
    return legalizeIota(iota);
  if (auto extract = dyn_cast<ExtractOp>(op))
    return legalizeExtract(extract);
  if (isa<BitcastOp, RepeatOp, ConcatOp, SliceOp, RollOp, TransposeOp>(op)) {
    OpBuilder b(op);
    auto tiles = legalizeLayoutOp(op, b, *this);
    if (failed(tiles))
      return failure();
    if (!*tiles)
      return success();  // tile IR already
    setTiles(op->getResult(0), std::move(**tiles));
    replaced.push_back(op);
    return success();
  }
  if (auto dot = dyn_cast<DotOp>(op)) {
    OpBuilder b(op);
    auto tiles = legalizeDot(dot, b, *this);
    if (failed(tiles))
      return failure();
    setTiles(dot.getResult(), std::move(*tiles));
    replaced.push_back(op);
    return success();
  }
  // Without arrays, only arithmetic on packed tiles needs a rewrite; other
  // ops (pack, unpack, the MXU ops, terminators) take packed tiles as they are.
  bool arrays = anyArray(op->getOperandTypes()) || anyArray(op->getResultTypes());
  if (!arrays && !(op->hasTrait<OpTrait::Elementwise>() && needsRewrite(op)))
    return success();
  return legalizeElementwise(op);  // a tessera.gather too: tile by tile
}

/// The window of tile k of an access of `layout` to `ref`: a padded last
/// tile is read whole and written through a window of its valid part (the
/// selector masks the store).
static ViewOp tileWindow(OpBuilder &b, Location loc, Value ref, const TileLayout &layout,
                         int64_t k) {
  auto [r, c] = layout.offsets(k);
  return b.create<ViewOp>(loc, ref, ArrayRef<OpFoldResult>{b.getIndexAttr(r), b.getIndexAttr(c)},
                          ArrayRef<int64_t>{std::min(layout.tileRows(), layout.rows - r),
                                            std::min(layout.tileCols(), layout.cols - c)});
}

LogicalResult LegalizeTilesPass::legalizeLoadStore(Operation *op) {
  auto load = dyn_cast<LoadOp>(op);
  auto store = dyn_cast<StoreOp>(op);
  Value ref = load ? load.getRef() : store.getRef();
  auto type = llvm::cast<VectorType>(load ? load.getType() : store.getValue().getType());
  auto layout = getTileLayout(op, type);
  if (failed(layout))
    return failure();
  // Columns and 1x1 values move through a Ref of one column (lane 0 of
  // each padded row; a 1x1 value is one row of it, or all of a [1, 1] one).
  if ((layout->form == TileForm::scalar || layout->form == TileForm::column) &&
      llvm::cast<MemRefType>(rootRef(ref).getType()).getDimSize(1) != 1)
    return op->emitOpError("cannot ")
           << (load ? "load" : "store") << " an array of shape " << type
           << ": Tessera moves whole (8, 128) tiles, rows of 128 columns, or all of a Ref "
              "of one column";
  // A bf16 / int8 row is held widened: its tiles load and store through
  // a packed 1x128 access (a part of each word of one sublane in memory)
  // and an extension or truncation that costs no instruction. A column
  // alike: each 8 rows through a packed 8x1 access (the rows' part of a
  // packed tile of a Ref of one column); and a 1x1 value, one row of it.
  bool packedRow = layout->elementType != layout->tileType.getElementType();
  if (layout->count() == 1 && type == layout->tileType)
    return success();
  if (op->hasAttr(kPackedRowAttr))
    return success();  // a packed row tile's access made here: tile IR already

  OpBuilder b(op);
  Location loc = op->getLoc();
  auto tileView = [&](int64_t k) { return tileWindow(b, loc, ref, *layout, k); };
  auto packedTile = VectorType::get(layout->tileType.getShape(), layout->elementType);
  bool isFloat = isa<FloatType>(layout->elementType);
  if (load) {
    SmallVector<Value> tiles;
    for (int64_t k = 0; k < layout->count(); ++k) {
      if (!packedRow) {
        tiles.push_back(b.create<LoadOp>(loc, layout->tileType, tileView(k)));
        continue;
      }
      auto packedLoad = b.create<LoadOp>(loc, packedTile, tileView(k));
      packedLoad->setAttr(kPackedRowAttr, b.getUnitAttr());
      Value packed = packedLoad;
      tiles.push_back(isFloat ? b.create<arith::ExtFOp>(loc, layout->tileType, packed).getResult()
                              : b.create<arith::ExtSIOp>(loc, layout->tileType, packed).getResult());
    }
    setTiles(load.getResult(), std::move(tiles));
  } else {
    auto tiles = getTiles(op, store.getValue());
    if (failed(tiles))
      return failure();
    for (int64_t k = 0; k < layout->count(); ++k) {
      Value tile = (*tiles)[k];
      if (packedRow)
        tile = isFloat ? b.create<arith::TruncFOp>(loc, packedTile, tile).getResult()
                       : b.create<arith::TruncIOp>(loc, packedTile, tile).getResult();
      auto tileStore = b.create<StoreOp>(loc, tile, tileView(k));
      if (packedRow)
        tileStore->setAttr(kPackedRowAttr, b.getUnitAttr());
    }
  }
  replaced.push_back(op);
  return success();
}

/// A masked store of whole 32-bit tiles: one masked store per tile, of the
/// value's and the mask's tiles (a padded last tile through a window of its
/// valid part, as a store's).
LogicalResult LegalizeTilesPass::legalizeMaskedStore(MaskedStoreOp op) {
  auto type = llvm::cast<VectorType>(op.getValue().getType());
  auto layout = getTileLayout(op, type);
  if (failed(layout))
    return failure();
  if (layout->form != TileForm::full)
    return op.emitOpError("masks the store of ")
           << type << ": Tessera masks stores of (8, 128) tiles, not of rows, columns or "
           << "single elements held replicated";
  if (layout->count() == 1 && type == layout->tileType && !layout->isPacked())
    return success();
  auto values = getTiles(op, op.getValue());
  auto masks = getTiles(op, op.getMask());
  if (failed(values) || failed(masks))
    return failure();
  OpBuilder b(op);
  Location loc = op.getLoc();
  for (int64_t k = 0; k < layout->count(); ++k) {
    Value mask = (*masks)[k];
    if (layout->isPacked()) {
      // The mask units of the tile's rows (the mask is not packed: one i1
      // unit per 8 rows), widened to 0 / -1 and packed as the values are:
      // ones at the bytes of the elements written (vst.bmsk).
      int64_t r = k / layout->gridCols, c = k % layout->gridCols;
      auto unitType = VectorType::get({kSublanes, kLanes}, b.getI32Type());
      SmallVector<Value> parts;
      for (int64_t p = 0; p < layout->packing; ++p)
        parts.push_back(
            b.create<arith::ExtSIOp>(loc, unitType, (*masks)[layout->unitOf(r, p, c)]));
      mask = b.create<PackOp>(
          loc,
          VectorType::get(layout->tileType.getShape(),
                          b.getIntegerType(layout->elementType.getIntOrFloatBitWidth())),
          parts);
    }
    b.create<MaskedStoreOp>(loc, (*values)[k], mask, tileWindow(b, loc, op.getRef(), *layout, k));
  }
  replaced.push_back(op);
  return success();
}

LogicalResult LegalizeTilesPass::legalizeConstant(arith::ConstantOp op) {
  // Splat constants: one tile-sized constant serves every tile.
  auto type = llvm::dyn_cast<VectorType>(op.getType());
  if (!type || isUnpackedTileType(type))
    return success();
  auto layout = getTileLayout(op, type);
  if (failed(layout))
    return failure();
  auto splat = llvm::dyn_cast<SplatElementsAttr>(op.getValue());
  if (!splat)
    return op->emitOpError("only splat array constants can be tiled");
  OpBuilder b(op);
  // The value in its compute type: bf16 to f32 and narrow integers to i32
  // are exact.
  Attribute value = splat.getSplatValue<Attribute>();
  if (layout->elementType.isBF16()) {
    APFloat x = splat.getSplatValue<APFloat>();
    bool losesInfo = false;
    x.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &losesInfo);
    value = b.getF32FloatAttr(x.convertToFloat());
  } else if (layout->elementType.isInteger(8) || layout->elementType.isInteger(16)) {
    value = b.getI32IntegerAttr(splat.getSplatValue<APInt>().getSExtValue());
  }
  Value tile = splatConstant(b, op.getLoc(), layout->unitType, value);
  if (layout->isPacked())
    tile = b.create<PackOp>(op.getLoc(), layout->tileType,
                            SmallVector<Value>(layout->packing, tile));
  setTiles(op.getResult(), SmallVector<Value>(layout->count(), tile));
  replaced.push_back(op);
  return success();
}

LogicalResult LegalizeTilesPass::legalizeElementwise(Operation *op) {
  // A gather reads only its own tile of the input, so it splits as an
  // elementwise op does (it is not one for the other passes).
  if (!(op->hasTrait<OpTrait::Elementwise>() || isa<GatherOp>(op)) ||
      op->getNumResults() != 1 || op->getNumRegions() != 0)
    return op->emitOpError("cannot be split into tiles");
  auto type = llvm::cast<VectorType>(op->getResult(0).getType());
  if (isa<arith::BitcastOp>(op) &&
      llvm::any_of(op->getOperandTypes(), [&](Type t) {
        return getElementTypeOrSelf(t) != getComputeType(getElementTypeOrSelf(t));
      }))
    return op->emitOpError("bitcast of packed (16- or 8-bit) values is not supported");
  auto layout = getTileLayout(op, type);
  if (failed(layout))
    return failure();
  OpBuilder b(op);
  Location loc = op->getLoc();
  // Units of each vector operand; scalars (a select's condition) stay.
  SmallVector<std::optional<SmallVector<Value>>> operandUnits;
  for (Value operand : op->getOperands()) {
    if (!llvm::isa<VectorType>(operand.getType())) {
      operandUnits.push_back(std::nullopt);
      continue;
    }
    auto units = getUnits(op, operand, b);
    if (failed(units))
      return failure();
    if ((int64_t)units->size() != layout->unitCount())
      return op->emitOpError("operand and result shapes differ: cannot split into tiles");
    operandUnits.push_back(std::move(*units));
  }
  // A conversion between a storage dtype and its compute dtype (extf
  // bf16->f32, truncf f32->bf16, extsi i8->i32, trunci i32->i8; between
  // narrow integers alike) is the unpack or the pack itself.
  bool identity = isa<arith::ExtFOp, arith::TruncFOp, arith::ExtSIOp, arith::TruncIOp>(op) &&
                  getComputeType(getElementTypeOrSelf(op->getOperand(0).getType())) ==
                      layout->unitType.getElementType();
  // The units of narrow integers hold them sign-extended; the ops that read
  // their bits as unsigned see them zero-extended (masked to their width),
  // after which the signed op gives the unsigned result: every operand of
  // a compare, division, extremum, conversion or extui, the shifted value
  // of a logical shift (the amount stays signed: out of range either way).
  Type narrow = getElementTypeOrSelf(op->getOperand(0).getType());
  bool narrowInt = narrow.isInteger(8) || narrow.isInteger(16);
  auto cmp = dyn_cast<arith::CmpIOp>(op);
  bool unsignedCmp = cmp && signedOrder(cmp.getPredicate()) != cmp.getPredicate();
  bool zeroExtendAll = narrowInt && (unsignedCmp || isa<arith::DivUIOp, arith::RemUIOp,
                                                        arith::MaxUIOp, arith::MinUIOp,
                                                        arith::UIToFPOp, arith::ExtUIOp>(op));
  bool zeroExtendLhs = narrowInt && isa<arith::ShRUIOp>(op);
  Value widthMask;
  if (zeroExtendAll || zeroExtendLhs)
    widthMask = splatConstant(b, loc, VectorType::get(layout->unitType.getShape(), b.getI32Type()),
                              b.getI32IntegerAttr((1u << narrow.getIntOrFloatBitWidth()) - 1));
  // The signed op that computes the unsigned one on zero-extended units.
  std::optional<StringRef> signedName;
  if (zeroExtendAll)
    signedName = llvm::TypeSwitch<Operation *, std::optional<StringRef>>(op)
                     .Case([](arith::DivUIOp) { return arith::DivSIOp::getOperationName(); })
                     .Case([](arith::RemUIOp) { return arith::RemSIOp::getOperationName(); })
                     .Case([](arith::MaxUIOp) { return arith::MaxSIOp::getOperationName(); })
                     .Case([](arith::MinUIOp) { return arith::MinSIOp::getOperationName(); })
                     .Case([](arith::UIToFPOp) { return arith::SIToFPOp::getOperationName(); })
                     .Default([](Operation *) { return std::nullopt; });

  SmallVector<Value> results;
  for (int64_t u = 0; u < layout->unitCount(); ++u) {
    if (identity) {
      results.push_back((*operandUnits[0])[u]);
      continue;
    }
    SmallVector<Value> operands;
    for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
      Value unit = operandUnits[i] ? (*operandUnits[i])[u] : operand;
      if (zeroExtendAll || (zeroExtendLhs && i == 0))
        unit = b.create<arith::AndIOp>(loc, unit, widthMask);
      operands.push_back(unit);
    }
    if (isa<arith::ExtUIOp>(op) && zeroExtendAll) {  // the mask is the extension
      results.push_back(operands[0]);
      continue;
    }
    OperationState state(loc, signedName ? *signedName : op->getName().getStringRef());
    state.addOperands(operands);
    state.addTypes(layout->unitType);
    state.addAttributes(op->getAttrs());
    if (unsignedCmp && zeroExtendAll)
      state.attributes.set(cmp.getPredicateAttrName(),
                           arith::CmpIPredicateAttr::get(b.getContext(),
                                                         signedOrder(cmp.getPredicate())));
    results.push_back(b.create(state)->getResult(0));
  }
  setTiles(op->getResult(0), fromUnits(results, *layout, b, loc));
  replaced.push_back(op);
  return success();
}

LogicalResult LegalizeTilesPass::legalizeReduce(ReduceOp op) {
  auto in = getTileLayout(op, op.getInput().getType());
  auto out = getTileLayout(op, op.getType());
  if (failed(in) || failed(out))
    return failure();
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto units = getUnits(op, op.getInput(), b);
  if (failed(units))
    return failure();
  bool isFloat = in->unitType.getElementType().isF32();
  StringRef kind = op.getKind();
  auto combine = [&](Value x, Value y) -> Value {
    if (kind == "sum")
      return isFloat ? b.create<arith::AddFOp>(loc, x, y).getResult()
                     : b.create<arith::AddIOp>(loc, x, y).getResult();
    if (kind == "max")
      return isFloat ? b.create<arith::MaximumFOp>(loc, x, y).getResult()
                     : b.create<arith::MaxSIOp>(loc, x, y).getResult();
    return isFloat ? b.create<arith::MinimumFOp>(loc, x, y).getResult()
                   : b.create<arith::MinSIOp>(loc, x, y).getResult();
  };
  int64_t cols = in->gridCols;
  int64_t axis = op.getAxisAttr().getInt();
  // A padded last tile along the axis: its padding becomes the
  // reduction's neutral element (0, -inf / INT_MIN, +inf / INT_MAX) before
  // it combines, one select on a row or lane iota.
  VectorType unitType = in->unitType;
  int64_t extent = axis == 0 ? in->rows : in->cols;
  int64_t tileExtent = unitType.getDimSize(axis);
  int64_t valid = extent % tileExtent;
  Value paddingMask, neutral;
  if (valid != 0) {
    paddingMask = iotaMask(b, loc, iotaOf(b, loc, unitType.getShape(), axis),
                           arith::CmpIPredicate::slt, valid);
    Attribute n;
    if (isFloat)
      n = b.getF32FloatAttr(kind == "sum"   ? 0.0f
                            : kind == "max" ? -std::numeric_limits<float>::infinity()
                                            : std::numeric_limits<float>::infinity());
    else
      n = b.getI32IntegerAttr(kind == "sum"   ? 0
                              : kind == "max" ? std::numeric_limits<int32_t>::min()
                                              : std::numeric_limits<int32_t>::max());
    neutral = splatConstant(b, loc, unitType, n);
  }
  // Tiles along the axis combine elementwise in order, then one tile
  // reduces (unless the tile is one row or column already).
  SmallVector<Value> results;
  int64_t outer = axis == 0 ? cols : in->unitRows(), inner = axis == 0 ? in->unitRows() : cols;
  for (int64_t i = 0; i < outer; ++i) {
    auto at = [&](int64_t j) {
      Value unit = (*units)[axis == 0 ? j * cols + i : i * cols + j];
      if (paddingMask && j == inner - 1)
        unit = b.create<arith::SelectOp>(loc, paddingMask, unit, neutral);
      return unit;
    };
    Value acc = at(0);
    for (int64_t j = 1; j < inner; ++j)
      acc = combine(acc, at(j));
    if (llvm::cast<VectorType>(acc.getType()).getDimSize(axis) != 1)
      acc = b.create<ReduceOp>(loc, acc, kind, axis);
    results.push_back(acc);
  }
  // bf16 and int8 results are rounded or wrapped once, here.
  setTiles(op.getResult(), fromUnits(results, *out, b, loc));
  replaced.push_back(op);
  return success();
}

LogicalResult LegalizeTilesPass::legalizeBroadcast(BroadcastOp op) {
  auto out = getTileLayout(op, op.getType());
  if (failed(out))
    return failure();
  OpBuilder b(op);
  Location loc = op.getLoc();
  if (!llvm::isa<VectorType>(op.getInput().getType())) {
    // A scalar: one broadcast serves every tile.
    Value tile = b.create<BroadcastOp>(loc, out->unitType, op.getInput());
    setTiles(op.getResult(), SmallVector<Value>(out->count(), tile));
    replaced.push_back(op);
    return success();
  }
  auto in = getTileLayout(op, llvm::cast<VectorType>(op.getInput().getType()));
  if (failed(in))
    return failure();
  auto units = getUnits(op, op.getInput(), b);
  if (failed(units))
    return failure();
  DenseMap<Value, Value> broadcastOf;
  SmallVector<Value> results;
  for (int64_t r = 0; r < out->unitRows(); ++r)
    for (int64_t c = 0; c < out->gridCols; ++c) {
      int64_t sr = in->unitRows() == 1 ? 0 : r, sc = in->gridCols == 1 ? 0 : c;
      Value source = (*units)[sr * in->gridCols + sc];
      if (source.getType() == out->unitType) {
        results.push_back(source);
        continue;
      }
      Value &tile = broadcastOf[source];
      if (!tile)
        tile = b.create<BroadcastOp>(loc, out->unitType, source);
      results.push_back(tile);
    }
  setTiles(op.getResult(), fromUnits(results, *out, b, loc));
  replaced.push_back(op);
  return success();
}

LogicalResult LegalizeTilesPass::legalizeIota(IotaOp op) {
  auto layout = getTileLayout(op, op.getType());
  if (failed(layout))
    return failure();
  OpBuilder b(op);
  Location loc = op.getLoc();
  int64_t dimension = op.getDimensionAttr().getInt();
  int64_t base = op.getOffsetAttr().getInt();
  // Tiles in one row (dimension 0) or column (1) of the grid are equal.
  DenseMap<int64_t, Value> iotaAt;
  SmallVector<Value> results;
  for (int64_t r = 0; r < layout->unitRows(); ++r)
    for (int64_t c = 0; c < layout->gridCols; ++c) {
      int64_t offset = base + (dimension == 0 ? r * kSublanes : c * kLanes);
      Value &tile = iotaAt[offset];
      // Along a dimension of size 1 every element is the offset.
      if (!tile && layout->unitType.getDimSize(dimension) == 1)
        tile = splatConstant(b, loc, layout->unitType, b.getI32IntegerAttr(offset));
      else if (!tile)
        tile = b.create<IotaOp>(loc, layout->unitType, b.getI64IntegerAttr(dimension),
                                b.getI64IntegerAttr(offset));
      results.push_back(tile);
    }
  setTiles(op.getResult(), fromUnits(results, *layout, b, loc));
  replaced.push_back(op);
  return success();
}

/// The element's tile: one of a grid of 32-bit tiles, or a one-row /
/// one-column tile holding its row / column in every sublane / lane.
LogicalResult LegalizeTilesPass::legalizeExtract(ExtractOp op) {
  VectorType type = op.getInput().getType();
  if (isTileType(type))
    return success();
  auto layout = getTileLayout(op, type);
  auto tiles = getTiles(op, op.getInput());
  if (failed(layout) || failed(tiles))
    return failure();
  int64_t r = op.getPosition()[0], c = op.getPosition()[1];
  int64_t rows = layout->tileRows(), cols = layout->tileCols();
  op.getInputMutable().assign((*tiles)[(r / rows) * layout->gridCols + c / cols]);
  op.setPosition({r % rows, c % cols});
  return success();
}

void LegalizeTilesPass::runOnOperation() {
  tilesOf.clear();
  unitsOf.clear();
  replaced.clear();
  // Tiles are counted from types: a type no TensorCore can hold (which the
  // verifier rejects in a kernel, but this may be any function) stops here.
  if (failed(verifyTypesFit(getOperation())))
    return signalPassFailure();
  for (Block &block : getOperation().getBody())
    if (failed(legalizeBlock(block)))
      return signalPassFailure();
  // Every array op now has tile twins; drop the originals, users first.
  for (Operation *op : llvm::reverse(replaced)) {
    op->dropAllUses();
    op->erase();
  }
  replaced.clear();
  tilesOf.clear();
  unitsOf.clear();
}

}  // namespace
