//===- LegalizeTiles.cpp - Arrays to one vector<8x128> per vreg -----------===//
//
// The vector unit works on one 8x128 tile (one vreg) at a time, so every
// array value of the kernel IR is split into its tiles here, and every op on
// it into one op per tile. After this pass, the only vector type in the
// kernel is vector<8x128xT> and every load and store touches one tile-sized
// window of a Ref: the tile IR that instruction selection consumes and that
// the load-reuse and dead-store passes reason about tile by tile.
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
#include "mlir/Dialect/SCF/IR/SCF.h"
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

/// A vector value that is not one tile: it is split here.
bool isArray(Type type) { return llvm::isa<VectorType>(type) && !isTile(type); }

bool anyArray(TypeRange types) { return llvm::any_of(types, isArray); }

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

  /// Originals that have tile twins, in the order they were visited.
  SmallVector<Operation *> replaced;

  LogicalResult legalizeBlock(Block &block);
  LogicalResult legalize(Operation *op);
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
    auto type = llvm::cast<VectorType>(t);
    auto grid = getTileGrid(op, type);
    if (failed(grid))
      return failure();
    result.append(grid->count(),
                  VectorType::get({kTileRows, kTileCols}, type.getElementType()));
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
        auto grid = getTileGrid(op, llvm::cast<VectorType>(arg.getType()));
        auto &tiles = tilesOf[arg];
        for (int64_t k = 0; k < grid->count(); ++k)
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
    auto grid = getTileGrid(op, llvm::cast<VectorType>(result.getType()));
    auto &tiles = tilesOf[result];
    for (int64_t k = 0; k < grid->count(); ++k)
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
    size_t before = tilesOf.size();
    bool wasStore = isa<StoreOp>(op) && !isTile(cast<StoreOp>(op).getValue().getType());
    if (failed(legalize(&op)))
      return failure();
    if (tilesOf.size() != before || wasStore)
      replaced.push_back(&op);
    // Arrays inside other ops with regions: legalized where they are.
    for (Region &region : op.getRegions())
      for (Block &inner : region)
        if (failed(legalizeBlock(inner)))
          return failure();
  }
  return success();
}

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
  replaced.clear();
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
}

}  // namespace
