//===- TileLayout.h - How kernel-IR arrays split into tile-IR values ------===//
//
// Tile legalization (LegalizeTiles.cpp) and its matrix-product rewrite
// (LegalizeDot.cpp) share one description of how an array value becomes
// registers: which tile type holds it, how many tiles, in which order, and
// how a packed bf16/int8 tile splits into 32-bit "units" (8x128 values the
// vector unit computes on). Kept apart so both files read the same rules.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TesseraDialect.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::tessera {

/// What one tile of an array is. Arrays of any shape fit: the last row or
/// column of tiles is padded (TileLayout::isPadded).
enum class TileForm {
  /// A (8*p)x128 piece of the array: one vreg, packed for bf16 (p = 2) and
  /// int8 (p = 4).
  full,
  /// An array of one row (1xC): 1x128 tiles, the row replicated over the
  /// vreg's 8 sublanes.
  row,
  /// An array of one column (Rx1): 8x1 tiles, replicated over the 128 lanes.
  column,
  /// A 1x1 array: one 1x1 tile, replicated everywhere.
  scalar,
};

/// The tiles of one array type. Tiles are numbered row-major over the grid;
/// units (32-bit 8-row pieces) row-major over (unitRows(), gridCols).
struct TileLayout {
  TileForm form = TileForm::full;
  /// The array's dtype.
  Type elementType;
  /// One tile as tile IR holds it. bf16 and int8 rows, columns and 1x1
  /// values are held widened (f32 rounded to bf16, i32 wrapped to 8 bits):
  /// only whole tiles are packed.
  VectorType tileType;
  /// One unit: the tile type for 32-bit and replicated forms, 8x128 f32 or
  /// i32 for a packed tile.
  VectorType unitType;
  /// Units per tile: 2 for bf16 and 4 for int8 whole tiles, else 1.
  int64_t packing = 1;
  int64_t gridRows = 0, gridCols = 0;
  /// The array's own rows and columns: fewer than the grid's when the last
  /// tiles are padded (a 32-bit f32[3, 128] is one 8x128 tile of which rows
  /// 3-7 are padding; f32[8, 64] one of which lanes 64-127 are). Padding
  /// holds anything: stores mask it off, reductions replace it.
  int64_t rows = 0, cols = 0;

  int64_t count() const { return gridRows * gridCols; }
  /// Whether the last row or column of tiles is only partly the array's.
  bool isPadded() const {
    return rows != gridRows * tileRows() || cols != gridCols * tileCols();
  }
  /// Rows of units that hold rows of the array: a packed tile's units past
  /// them are padding only (bf16[8, 128]: one tile, one unit row; the
  /// tile's rows 8-15 are no unit's), and no op computes them.
  int64_t unitRows() const {
    return isPacked() ? (rows + unitType.getDimSize(0) - 1) / unitType.getDimSize(0)
                      : gridRows;
  }
  /// The unit that is part p of packed tile (r, c) (rows 8p .. 8p + 7 of
  /// it); for a part of padding only, the unit above it (any value will do).
  int64_t unitOf(int64_t r, int64_t p, int64_t c) const {
    return std::min(r * packing + p, unitRows() - 1) * gridCols + c;
  }
  int64_t unitCount() const { return unitRows() * gridCols; }
  int64_t tileRows() const { return tileType.getDimSize(0); }
  int64_t tileCols() const { return tileType.getDimSize(1); }
  /// Offsets of tile k inside the array.
  std::pair<int64_t, int64_t> offsets(int64_t k) const {
    return {(k / gridCols) * tileRows(), (k % gridCols) * tileCols()};
  }
  /// Units are what elementwise ops work on; a 32-bit tile is its unit.
  bool isPacked() const { return packing > 1; }
};

/// The layout of `type`, or an error on `op` naming the rule it breaks.
FailureOr<TileLayout> getTileLayout(Operation *op, VectorType type);

/// bf16 -> f32, i16 and i8 -> i32: the dtype the vector unit computes a
/// dtype in.
Type getComputeType(Type elementType);
/// Rows of `elementType` per 32-bit word in a packed tile: 2 (bf16, i16),
/// 4 (i8) or 1.
int64_t getPacking(Type elementType);

/// A vector type of tile IR: 8x128, 1x128, 8x1 or 1x1 of f32/i32/i1, or a
/// packed 16x128xbf16 / 32x128xi8 tile.
bool isTileType(Type type);
/// A tile type the vector unit computes on directly (not packed).
bool isUnpackedTileType(Type type);

/// A splat constant of a tile or unit type.
Value splatConstant(OpBuilder &b, Location loc, VectorType type, Attribute value);
/// A tile or unit of zeros (0.0 or 0 of its element type).
Value zerosOf(OpBuilder &b, Location loc, VectorType type);
/// An i32 iota of `shape` along `dimension` (tile IR).
Value iotaOf(OpBuilder &b, Location loc, ArrayRef<int64_t> shape, int64_t dimension);
/// A mask: `iota` compared with the constant `k`.
Value iotaMask(OpBuilder &b, Location loc, Value iota, arith::CmpIPredicate predicate,
               int64_t k);

/// The tiles and units of values the pass has already legalized, for the
/// rewrites that live outside LegalizeTiles.cpp.
class TileValues {
public:
  virtual ~TileValues() = default;
  /// The tiles of `value`, in tile order.
  virtual FailureOr<SmallVector<Value>> getTiles(Operation *user, Value value) = 0;
  /// The 32-bit units of `value`, in unit order (unpacking packed tiles at
  /// the builder's insertion point).
  virtual FailureOr<SmallVector<Value>> getUnits(Operation *user, Value value,
                                                 OpBuilder &b) = 0;
  /// The tiles of an array of `layout` whose units are `units` (packed,
  /// rounded or wrapped as the dtype needs).
  virtual SmallVector<Value> fromUnits(ArrayRef<Value> units, const TileLayout &layout,
                                       OpBuilder &b, Location loc) = 0;
};

/// The tiles of `op`'s result: MXU weight blocks and passes, in the order
/// the TesseraLegalizeTiles pass description states. Ops are created at the
/// builder's insertion point.
FailureOr<SmallVector<Value>> legalizeDot(DotOp op, OpBuilder &b, TileValues &values);

/// The tiles of the result of a layout op (tessera.bitcast, repeat, roll,
/// transpose; LegalizeShape.cpp), or std::nullopt when `op` is tile IR already and
/// stays as it is.
FailureOr<std::optional<SmallVector<Value>>> legalizeLayoutOp(Operation *op, OpBuilder &b,
                                                               TileValues &values);

}  // namespace mlir::tessera
