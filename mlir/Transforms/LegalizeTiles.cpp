//===- LegalizeTiles.cpp - Arrays to one vector<8x128> per vreg -----------===//
//
// The vector unit works on one 8x128 tile (one vreg) at a time, so every
// array value of the kernel IR is split into its tiles here, and every op on
// it into one op per tile. After this pass, the only vector type in the
// kernel is vector<8x128xT> and every load and store touches one tile-sized
// window of a Ref: the tile IR that instruction selection consumes and that
// the load-reuse and dead-store passes reason about tile by tile.
//
//===----------------------------------------------------------------------===//
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TesseraDialect.h"
#include "mlir/Transforms/TesseraPasses.h"
#include "sim/MachineDesc.h"

namespace mlir::tessera {
#define GEN_PASS_DEF_TESSERALEGALIZETILES
#include "mlir/Transforms/TesseraPasses.h.inc"
}  // namespace mlir::tessera

using namespace mlir;
using namespace mlir::tessera;

namespace {

constexpr int64_t kTileRows = ::tessera::machine::kSublanes;
constexpr int64_t kTileCols = ::tessera::machine::kLanes;

/// The tile grid of a rank-2 array shape: (rows / 8, cols / 128).
struct TileGrid {
  int64_t rows = 0, cols = 0;
  int64_t count() const { return rows * cols; }
  /// Offsets of tile k (row-major over the grid) inside the array.
  std::pair<int64_t, int64_t> offsets(int64_t k) const {
    return {(k / cols) * kTileRows, (k % cols) * kTileCols};
  }
};

FailureOr<TileGrid> getTileGrid(Operation *op, ShapedType type) {
  if (type.getRank() != 2 || type.getDimSize(0) % kTileRows != 0 ||
      type.getDimSize(1) % kTileCols != 0)
    return op->emitOpError("array of shape ")
           << type << " does not split into (" << kTileRows << ", " << kTileCols
           << ") tiles: Tessera needs rank 2 with rows a multiple of "
           << kTileRows << " and columns a multiple of " << kTileCols;
  return TileGrid{type.getDimSize(0) / kTileRows, type.getDimSize(1) / kTileCols};
}

bool isTile(Type type) {
  auto v = llvm::dyn_cast<VectorType>(type);
  return v && v.getRank() == 2 && v.getDimSize(0) == kTileRows &&
         v.getDimSize(1) == kTileCols;
}

struct LegalizeTilesPass
    : mlir::tessera::impl::TesseraLegalizeTilesBase<LegalizeTilesPass> {
  void runOnOperation() override;

  /// Tiles of each array value already split.
  DenseMap<Value, SmallVector<Value>> tilesOf;

  /// The tiles of `value` (split on first use is not needed: every array
  /// value is produced by an op this pass has already visited).
  FailureOr<ArrayRef<Value>> getTiles(Operation *user, Value value) {
    auto it = tilesOf.find(value);
    if (it == tilesOf.end())
      return user->emitOpError("uses an array value that tile legalization "
                               "could not split");
    return ArrayRef<Value>(it->second);
  }

  LogicalResult legalize(Operation *op);
};

LogicalResult LegalizeTilesPass::legalize(Operation *op) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  auto tileView = [&](Value ref, const TileGrid &grid, int64_t k) {
    auto [r, c] = grid.offsets(k);
    return b.create<ViewOp>(loc, ref,
                            ArrayRef<OpFoldResult>{b.getIndexAttr(r), b.getIndexAttr(c)},
                            ArrayRef<int64_t>{kTileRows, kTileCols});
  };

  if (auto load = dyn_cast<LoadOp>(op)) {
    if (isTile(load.getType()))
      return success();
    auto grid = getTileGrid(op, load.getType());
    if (failed(grid))
      return failure();
    auto tileType = VectorType::get({kTileRows, kTileCols},
                                    load.getType().getElementType());
    auto &tiles = tilesOf[load.getResult()];
    for (int64_t k = 0; k < grid->count(); ++k)
      tiles.push_back(b.create<LoadOp>(loc, tileType, tileView(load.getRef(), *grid, k)));
    return success();
  }

  if (auto store = dyn_cast<StoreOp>(op)) {
    if (isTile(store.getValue().getType()))
      return success();
    auto grid = getTileGrid(op, store.getValue().getType());
    if (failed(grid))
      return failure();
    auto tiles = getTiles(op, store.getValue());
    if (failed(tiles))
      return failure();
    for (int64_t k = 0; k < grid->count(); ++k)
      b.create<StoreOp>(loc, (*tiles)[k], tileView(store.getRef(), *grid, k));
    return success();
  }

  // Splat constants: one tile-sized constant serves every tile.
  if (auto cst = dyn_cast<arith::ConstantOp>(op)) {
    auto type = llvm::dyn_cast<VectorType>(cst.getType());
    if (!type || isTile(type))
      return success();
    auto grid = getTileGrid(op, type);
    if (failed(grid))
      return failure();
    auto splat = llvm::dyn_cast<SplatElementsAttr>(cst.getValue());
    if (!splat)
      return op->emitOpError("only splat array constants can be tiled");
    auto tileType = VectorType::get({kTileRows, kTileCols}, type.getElementType());
    Value tile = b.create<arith::ConstantOp>(
        loc, tileType, SplatElementsAttr::get(tileType, splat.getSplatValue<Attribute>()));
    tilesOf[cst.getResult()].assign(grid->count(), tile);
    return success();
  }

  // Elementwise ops: one clone per tile.
  bool touchesArrays = llvm::any_of(op->getOperandTypes(), [](Type t) {
    return llvm::isa<VectorType>(t) && !isTile(t);
  }) || llvm::any_of(op->getResultTypes(), [](Type t) {
    return llvm::isa<VectorType>(t) && !isTile(t);
  });
  if (!touchesArrays)
    return success();
  if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
      op->getNumRegions() != 0)
    return op->emitOpError("cannot be split into 8x128 tiles");
  auto type = llvm::cast<VectorType>(op->getResult(0).getType());
  auto grid = getTileGrid(op, type);
  if (failed(grid))
    return failure();
  SmallVector<ArrayRef<Value>> operandTiles;
  for (Value operand : op->getOperands()) {
    auto tiles = getTiles(op, operand);
    if (failed(tiles))
      return failure();
    operandTiles.push_back(*tiles);
  }
  auto tileType = VectorType::get({kTileRows, kTileCols}, type.getElementType());
  // Build the result tiles before inserting them: inserting into tilesOf may
  // grow it and move the operand tiles that operandTiles points into.
  SmallVector<Value> results;
  for (int64_t k = 0; k < grid->count(); ++k) {
    OperationState state(loc, op->getName());
    for (auto operand : operandTiles)
      state.addOperands(operand[k]);
    state.addTypes(tileType);
    state.addAttributes(op->getAttrs());
    results.push_back(b.create(state)->getResult(0));
  }
  tilesOf[op->getResult(0)] = std::move(results);
  return success();
}

void LegalizeTilesPass::runOnOperation() {
  tilesOf.clear();
  SmallVector<Operation *> replaced;
  auto result = getOperation().walk([&](Operation *op) {
    if (op == getOperation())
      return WalkResult::advance();
    size_t before = tilesOf.size();
    bool wasStore = isa<StoreOp>(op) && !isTile(cast<StoreOp>(op).getValue().getType());
    if (failed(legalize(op)))
      return WalkResult::interrupt();
    if (tilesOf.size() != before || wasStore)
      replaced.push_back(op);
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return signalPassFailure();
  // Every array op now has tile twins; drop the originals, users first.
  for (Operation *op : llvm::reverse(replaced)) {
    op->dropAllUses();
    op->erase();
  }
  tilesOf.clear();
}

}  // namespace
