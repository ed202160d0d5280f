//===- LegalizeShape.cpp - Tiles of the layout ops ------------------------===//
//
// The layout ops of pltpu move whole tiles where they can, because moving a
// tile between registers costs nothing: a bitcast of whole tiles keeps each
// vreg (a 32-bit 8x128 tile and a packed 16x128 bf16 / 32x128 int8 tile are
// the same bits by the sub-tiling of vpack/vunpack), a repeat (jnp.tile)
// reuses the operand's tiles, a concat or slice of whole tiles (the
// reshapes of rank-3 values) renumbers them, and a roll by a whole number of tiles
// renumbers them. Only the rest of a roll inside a tile costs
// instructions:
//
//   lanes (axis 1), rest r: each source tile rotated once (vrot.lane r on
//     the cross-lane unit; packed tiles rotate as they are, their words
//     hold whole lanes), then result tile j = select(lane >= r,
//     rot(tile j - q), rot(tile j - q - 1)).
//   sublanes (axis 0), rest r: on 8-row 32-bit units (packed tiles are
//     unpacked and packed again, exactly), result sublane k comes from
//     sublane k - r of unit i - q, or k - r + 8 of unit i - q - 1: eight
//     tessera.extract_sublane (vbcast.sub) joined by seven selects on a
//     row iota. No sublane rotation exists in the ISA; this is 15 vector
//     ALU ops per result unit.
//
// A transpose works on 128x128 blocks of 32-bit units (bf16 and int8 in
// their widened form, exact, packed again afterwards), as Mosaic's does:
// block (I, J) goes through the XLU's transpose buffer
// (tessera.transpose_tiles: 16 vxpose.push, 16 vxpose.pop) and becomes
// block (J, I).
//
//===----------------------------------------------------------------------===//
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TesseraDialect.h"
#include "mlir/Transforms/TileLayout.h"
#include "sim/MachineDesc.h"

using namespace mlir;
using namespace mlir::tessera;

namespace {
constexpr int64_t kSublanes = ::tessera::machine::kSublanes;
constexpr int64_t kLanes = ::tessera::machine::kLanes;

int64_t wrap(int64_t i, int64_t n) { return ((i % n) + n) % n; }

bool isTileIr(Type type) { return isTileType(type); }

FailureOr<std::optional<SmallVector<Value>>> legalizeBitcast(BitcastOp op, OpBuilder &b,
                                                              TileValues &values) {
  if (isTileIr(op.getInput().getType()) && isTileIr(op.getType()))
    return std::optional<SmallVector<Value>>();
  auto in = getTileLayout(op, op.getInput().getType());
  auto out = getTileLayout(op, op.getType());
  if (failed(in) || failed(out))
    return failure();
  if (in->form != TileForm::full || out->form != TileForm::full || in->count() != out->count())
    return op.emitOpError("bitcasts whole tiles only");
  auto tiles = values.getTiles(op, op.getInput());
  if (failed(tiles))
    return failure();
  SmallVector<Value> result;
  for (Value t : *tiles)
    result.push_back(t.getType() == out->tileType
                         ? t
                         : b.create<BitcastOp>(op.getLoc(), out->tileType, t).getResult());
  return std::optional<SmallVector<Value>>(std::move(result));
}

FailureOr<std::optional<SmallVector<Value>>> legalizeRepeat(RepeatOp op, OpBuilder &b,
                                                             TileValues &values) {
  auto in = getTileLayout(op, op.getInput().getType());
  auto out = getTileLayout(op, op.getType());
  if (failed(in) || failed(out))
    return failure();
  if (in->form != out->form || in->tileType != out->tileType)
    return op.emitOpError("repeats a dimension of size 1 (use tessera.broadcast) or does "
                          "not keep the tile type");
  auto tiles = values.getTiles(op, op.getInput());
  if (failed(tiles))
    return failure();
  SmallVector<Value> result;
  for (int64_t r = 0; r < out->gridRows; ++r)
    for (int64_t c = 0; c < out->gridCols; ++c)
      result.push_back((*tiles)[(r % in->gridRows) * in->gridCols + c % in->gridCols]);
  return std::optional<SmallVector<Value>>(std::move(result));
}

/// tessera.concat: the operands' tiles renumbered when each is whole tiles
/// along the axis; along axis 0, one-row operands (rows, 1x1 values) into
/// whole units, one broadcast and select per row.
/// Joins 32-bit operands that are not whole tiles along `axis` (rows: 8,
/// lanes: 128): each result tile takes, from every operand that lands in
/// it, the operand's two tiles there moved by the offset inside the tile
/// (tessera.gather along the axis: vgather.sub / vgather.lane) and joined
/// by a select, and the operands' ranges are selected by an iota. A
/// one-row operand (rows) is its row replicated: that tile as it is.
static SmallVector<Value> concatShifted(ConcatOp op, OpBuilder &b, const TileLayout &out,
                                        ArrayRef<TileLayout> ins,
                                        ArrayRef<SmallVector<Value>> tiles, int64_t axis) {
  Location loc = op.getLoc();
  VectorType tileType = out.tileType;
  int64_t t = axis == 0 ? kSublanes : kLanes;
  int64_t along = axis == 0 ? out.gridRows : out.gridCols;
  int64_t across = axis == 0 ? out.gridCols : out.gridRows;
  Value iota = iotaOf(b, loc, tileType.getShape(), axis);
  auto splat = [&](int64_t v) {
    return splatConstant(b, loc, llvm::cast<VectorType>(iota.getType()),
                         b.getI32IntegerAttr((int32_t)v));
  };
  // Tile `k` of operand i along the axis at `o` across it (a tile past its
  // ends is one it has: only masked-off rows read it).
  auto tileOf = [&](size_t i, int64_t k, int64_t o) {
    const TileLayout &l = ins[i];
    int64_t n = axis == 0 ? l.gridRows : l.gridCols;
    k = std::clamp<int64_t>(k, 0, n - 1);
    Value v = tiles[i][axis == 0 ? k * l.gridCols + o : o * l.gridCols + k];
    if (v.getType() != tileType)  // a one-row tile, replicated
      v = b.create<BroadcastOp>(loc, tileType, v);
    return v;
  };
  DenseMap<int64_t, std::pair<Value, Value>> shifted;  // s -> (index, from the first tile)
  SmallVector<Value> result(out.count());
  for (int64_t k = 0; k < along; ++k)
    for (int64_t o = 0; o < across; ++o) {
      Value acc;
      int64_t off = 0;
      for (size_t i = 0; i < ins.size(); ++i) {
        auto type = llvm::cast<VectorType>(op.getInputs()[i].getType());
        int64_t n = type.getDimSize(axis), lo = std::max(k * t, off),
                hi = std::min(k * t + t, off + n);
        int64_t d = k * t - off;
        off += n;
        if (lo >= hi)
          continue;
        bool replicated = axis == 0 && n == 1;
        int64_t t0 = d >= 0 ? d / t : -((-d + t - 1) / t), s = d - t0 * t;
        Value piece;
        if (replicated || s == 0) {
          piece = tileOf(i, replicated ? 0 : t0, o);
        } else {
          auto &[idx, first] = shifted[s];
          if (!idx) {
            Value sum = b.create<arith::AddIOp>(loc, iota, splat(s));
            idx = b.create<arith::AndIOp>(loc, sum, splat(t - 1));
            first = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, idx, iota);
          }
          Value a = b.create<GatherOp>(loc, tileOf(i, t0, o), idx, b.getI64IntegerAttr(axis));
          Value c = b.create<GatherOp>(loc, tileOf(i, t0 + 1, o), idx, b.getI64IntegerAttr(axis));
          piece = b.create<arith::SelectOp>(loc, first, a, c);
        }
        if (!acc) {
          acc = piece;
          continue;
        }
        // Rows (lanes) from lo on are this operand's.
        Value mine = iotaMask(b, loc, iota, arith::CmpIPredicate::sge, lo - k * t);
        acc = b.create<arith::SelectOp>(loc, mine, piece, acc);
      }
      result[axis == 0 ? k * out.gridCols + o : o * out.gridCols + k] = acc;
    }
  return result;
}

FailureOr<std::optional<SmallVector<Value>>> legalizeConcat(ConcatOp op, OpBuilder &b,
                                                             TileValues &values) {
  auto out = getTileLayout(op, op.getType());
  if (failed(out))
    return failure();
  int64_t axis = op.getAxisAttr().getInt();
  Location loc = op.getLoc();
  SmallVector<TileLayout> ins;
  SmallVector<SmallVector<Value>> tiles;
  bool whole = true, rows = axis == 0;
  size_t last = op.getInputs().size() - 1;
  for (auto [i, in] : llvm::enumerate(op.getInputs())) {
    auto layout = getTileLayout(op, llvm::cast<VectorType>(in.getType()));
    auto t = values.getTiles(op, in);
    if (failed(layout) || failed(t))
      return failure();
    auto type = llvm::cast<VectorType>(in.getType());
    // (The last operand may end in a padded tile: the result's last.)
    whole = whole && layout->form == out->form && layout->tileType == out->tileType &&
            (i == last ||
             type.getDimSize(axis) % (axis == 0 ? out->tileRows() : out->tileCols()) == 0);
    rows = rows && type.getDimSize(0) == 1;
    ins.push_back(*layout);
    tiles.push_back(std::move(*t));
  }
  SmallVector<Value> result;
  if (whole) {
    if (axis == 0) {
      for (auto &t : tiles)
        result.append(t.begin(), t.end());
    } else {
      for (int64_t r = 0; r < out->gridRows; ++r)
        for (auto [layout, t] : llvm::zip(ins, tiles))
          for (int64_t c = 0; c < layout.gridCols; ++c)
            result.push_back(t[r * layout.gridCols + c]);
    }
    return std::optional<SmallVector<Value>>(std::move(result));
  }
  // A 1x1 operand joined along the lanes of a row is a row of one lane
  // (its replicated tile, broadcast: no instruction), e.g. a 1-D value's
  // last element after its rows of 128.
  if (axis == 1 && out->form == TileForm::row)
    for (auto [layout, t] : llvm::zip(ins, tiles))
      if (layout.form == TileForm::scalar &&
          layout.tileType.getElementType() == out->tileType.getElementType()) {
        t[0] = b.create<BroadcastOp>(loc, out->tileType, t[0]);
        layout.form = TileForm::row;
        layout.tileType = layout.unitType = out->tileType;
      }
  // A column operand joined along the lanes of full tiles is its column
  // in every lane (its replicated 8x1 tiles, broadcast: no instruction),
  // shifted as any operand is (a gather of a replicated tile is the tile).
  if (axis == 1 && out->form == TileForm::full)
    for (auto [layout, t] : llvm::zip(ins, tiles))
      if (layout.form == TileForm::column &&
          layout.tileType.getElementType() == out->tileType.getElementType()) {
        for (Value &tile : t)
          tile = b.create<BroadcastOp>(loc, out->tileType, tile);
        layout.form = TileForm::full;
        layout.tileType = layout.unitType = out->tileType;
      }
  // 32-bit operands of full (or one-row) tiles, or rows along the lanes:
  // shifted into place.
  bool shiftable = (out->form == TileForm::full || (axis == 1 && out->form == TileForm::row)) &&
                   !out->isPacked() &&
                   !out->elementType.isInteger(1) &&
                   llvm::all_of(ins, [&](const TileLayout &l) {
                     return l.tileType == out->tileType ||
                            (axis == 0 && l.form == TileForm::row &&
                             l.tileType.getElementType() == out->tileType.getElementType());
                   });
  if (shiftable)
    return std::optional<SmallVector<Value>>(concatShifted(op, b, *out, ins, tiles, axis));
  if (!rows || out->tileRows() == 1)
    return op.emitOpError("joins operands that are not whole (")
           << out->tileRows() << ", " << out->tileCols()
           << ") tiles along axis " << axis << " (nor one-row operands along axis 0)";
  // Unit u, sublane k is operand row 8u + k (replicated in its row tile).
  VectorType unitType = out->unitType;
  Value iota = iotaOf(b, loc, unitType.getShape(), 0);
  SmallVector<Value> masks;
  for (int64_t k = 0; k < kSublanes - 1; ++k)
    masks.push_back(iotaMask(b, loc, iota, arith::CmpIPredicate::eq, k));
  for (int64_t u = 0; u < out->unitRows(); ++u)
    for (int64_t c = 0; c < out->gridCols; ++c) {
      auto row = [&](int64_t k) -> Value {
        return b.create<BroadcastOp>(loc, unitType, tiles[u * kSublanes + k][c]);
      };
      Value acc = row(kSublanes - 1);
      for (int64_t k = kSublanes - 2; k >= 0; --k)
        acc = b.create<arith::SelectOp>(loc, masks[k], row(k), acc);
      result.push_back(acc);
    }
  return std::optional<SmallVector<Value>>(values.fromUnits(result, *out, b, loc));
}

/// tessera.slice: whole tiles of the operand, or one row of whole tiles
/// (tessera.extract_sublane of its unit).
FailureOr<std::optional<SmallVector<Value>>> legalizeSlice(SliceOp op, OpBuilder &b,
                                                            TileValues &values) {
  auto in = getTileLayout(op, op.getInput().getType());
  auto out = getTileLayout(op, op.getType());
  if (failed(in) || failed(out))
    return failure();
  ArrayRef<int64_t> offsets = op.getOffsets();
  int64_t r0 = offsets[0], c0 = offsets[1];
  SmallVector<Value> result;
  if (in->form == out->form && in->tileType == out->tileType && r0 % in->tileRows() == 0 &&
      c0 % in->tileCols() == 0) {
    auto tiles = values.getTiles(op, op.getInput());
    if (failed(tiles))
      return failure();
    int64_t i0 = r0 / in->tileRows(), j0 = c0 / in->tileCols();
    for (int64_t i = 0; i < out->gridRows; ++i)
      for (int64_t j = 0; j < out->gridCols; ++j)
        result.push_back((*tiles)[(i0 + i) * in->gridCols + j0 + j]);
    return std::optional<SmallVector<Value>>(std::move(result));
  }
  if (in->form == TileForm::full && out->form == TileForm::row && c0 % kLanes == 0) {
    auto units = values.getUnits(op, op.getInput(), b);
    if (failed(units))
      return failure();
    VectorType unitType = in->unitType;
    auto rowType = VectorType::get({1, unitType.getDimSize(1)}, unitType.getElementType());
    if (rowType != out->tileType)
      return op.emitOpError("takes a row of ") << in->elementType << " tiles into "
                                               << out->tileType;
    for (int64_t j = 0; j < out->gridCols; ++j)
      result.push_back(b.create<ExtractSublaneOp>(
          op.getLoc(), rowType,
          (*units)[(r0 / kSublanes) * in->gridCols + c0 / kLanes + j],
          b.getI64IntegerAttr(r0 % kSublanes)));
    return std::optional<SmallVector<Value>>(std::move(result));
  }
  return op.emitOpError("takes a window that is not whole (")
         << in->tileRows() << ", " << in->tileCols()
         << ") tiles of its operand (nor one row of them) at " << r0 << ", " << c0;
}

/// Roll along the lanes: whole tiles renumbered, the rest rotated per tile
/// and joined with the left neighbour.
SmallVector<Value> rollLanes(RollOp op, const TileLayout &layout, ArrayRef<Value> tiles,
                             int64_t s, OpBuilder &b) {
  Location loc = op.getLoc();
  int64_t m = layout.gridCols, q = s / kLanes, r = s % kLanes;
  // Packed tiles rotate and select as 32-bit words (a word is one lane).
  VectorType view = layout.isPacked()
                        ? VectorType::get({kSublanes, kLanes}, b.getI32Type())
                        : layout.tileType;
  auto toView = [&](Value t) -> Value {
    return layout.isPacked() ? b.create<BitcastOp>(loc, view, t).getResult() : t;
  };
  auto fromView = [&](Value t) -> Value {
    return layout.isPacked() ? b.create<BitcastOp>(loc, layout.tileType, t).getResult() : t;
  };
  Value mask;
  if (r != 0 && m > 1)
    mask = iotaMask(b, loc, iotaOf(b, loc, view.getShape(), 1), arith::CmpIPredicate::sge, r);
  DenseMap<Value, Value> rotated;
  auto rot = [&](Value t) {
    Value &x = rotated[t];
    if (!x)
      x = b.create<RollOp>(loc, view, toView(t), b.getI64IntegerAttr(1), b.getI64IntegerAttr(r));
    return x;
  };
  SmallVector<Value> result;
  for (int64_t gr = 0; gr < layout.gridRows; ++gr)
    for (int64_t j = 0; j < m; ++j) {
      Value a = tiles[gr * m + wrap(j - q, m)];
      if (r == 0) {
        result.push_back(a);
        continue;
      }
      if (m == 1) {
        result.push_back(fromView(rot(a)));
        continue;
      }
      Value left = tiles[gr * m + wrap(j - q - 1, m)];
      result.push_back(fromView(b.create<arith::SelectOp>(loc, mask, rot(a), rot(left))));
    }
  return result;
}

/// Roll along the sublanes of 8-row units.
FailureOr<SmallVector<Value>> rollSublanes(RollOp op, const TileLayout &layout,
                                           ArrayRef<Value> tiles, int64_t s, OpBuilder &b,
                                           TileValues &values) {
  Location loc = op.getLoc();
  int64_t q = s / kSublanes, r = s % kSublanes, cols = layout.gridCols;
  // Whole packed tiles: renumbered without unpacking.
  if (r == 0 && q % layout.packing == 0) {
    int64_t g = layout.gridRows, qt = q / layout.packing;
    SmallVector<Value> result;
    for (int64_t i = 0; i < g; ++i)
      for (int64_t c = 0; c < cols; ++c)
        result.push_back(tiles[wrap(i - qt, g) * cols + c]);
    return result;
  }
  auto units = values.getUnits(op, op.getInput(), b);
  if (failed(units))
    return failure();
  int64_t u = layout.unitRows();
  VectorType unitType = layout.unitType;
  auto rowType = VectorType::get({1, unitType.getDimSize(1)}, unitType.getElementType());
  SmallVector<Value> masks;  // masks[k]: sublane == k
  if (r != 0) {
    Value iota = iotaOf(b, loc, unitType.getShape(), 0);
    for (int64_t k = 0; k < kSublanes - 1; ++k)
      masks.push_back(iotaMask(b, loc, iota, arith::CmpIPredicate::eq, k));
  }
  SmallVector<Value> result;
  for (int64_t i = 0; i < u; ++i)
    for (int64_t c = 0; c < cols; ++c) {
      Value a = (*units)[wrap(i - q, u) * cols + c];
      if (r == 0) {
        result.push_back(a);
        continue;
      }
      Value above = (*units)[wrap(i - q - 1, u) * cols + c];
      // Result sublane k: sublane k - r of `a`, or k - r + 8 of `above`.
      auto sublane = [&](int64_t k) -> Value {
        Value src = k >= r ? a : above;
        int64_t from = k >= r ? k - r : k - r + kSublanes;
        Value row = b.create<ExtractSublaneOp>(loc, rowType, src, b.getI64IntegerAttr(from));
        return b.create<BroadcastOp>(loc, unitType, row);
      };
      Value acc = sublane(kSublanes - 1);
      for (int64_t k = kSublanes - 2; k >= 0; --k)
        acc = b.create<arith::SelectOp>(loc, masks[k], sublane(k), acc);
      result.push_back(acc);
    }
  return values.fromUnits(result, layout, b, loc);
}

FailureOr<std::optional<SmallVector<Value>>> legalizeRoll(RollOp op, OpBuilder &b,
                                                           TileValues &values) {
  VectorType type = op.getType();
  int64_t axis = op.getAxisAttr().getInt(), shift = op.getShiftAttr().getInt();
  // The tile-IR form: one unpacked tile rotated along its lanes.
  if (isUnpackedTileType(type) && axis == 1 && type.getDimSize(1) == kLanes && shift > 0 &&
      shift < kLanes)
    return std::optional<SmallVector<Value>>();
  auto layout = getTileLayout(op, type);
  if (failed(layout))
    return failure();
  auto tiles = values.getTiles(op, op.getInput());
  if (failed(tiles))
    return failure();
  int64_t s = shift % type.getDimSize(axis);
  if (s == 0)
    return std::optional<SmallVector<Value>>(*tiles);
  if (axis == 1)
    return std::optional<SmallVector<Value>>(rollLanes(op, *layout, *tiles, s, b));
  auto result = rollSublanes(op, *layout, *tiles, s, b, values);
  if (failed(result))
    return failure();
  return std::optional<SmallVector<Value>>(std::move(*result));
}

/// Transpose by 128x128 blocks of 32-bit units: block (I, J) of the
/// operand goes through the XLU's transpose buffer and becomes block (J, I)
/// of the result.
FailureOr<std::optional<SmallVector<Value>>> legalizeTranspose(TransposeOp op, OpBuilder &b,
                                                                TileValues &values) {
  constexpr int64_t kBlock = kLanes, kParts = kBlock / kSublanes;
  VectorType in = op.getInput().getType();
  auto inLayout = getTileLayout(op, in);
  auto outLayout = getTileLayout(op, op.getType());
  if (failed(inLayout) || failed(outLayout))
    return failure();
  int64_t rows = in.getDimSize(0), cols = in.getDimSize(1);
  // 32-bit values of whole 8-row units both ways may end in padded tiles:
  // the XLU takes 128x128 blocks, the missing units of the last block are
  // zero (they become the result's padding lanes), and the padding lanes
  // of the input's last tiles become result rows past its end (dropped).
  // Packed values (transposed widened) and masks: whole blocks.
  bool words = in.getElementTypeBitWidth() == 32 && rows % kSublanes == 0 &&
               cols % kSublanes == 0;
  if (inLayout->form != TileForm::full || outLayout->form != TileForm::full ||
      (!words && (rows % kBlock != 0 || cols % kBlock != 0)) ||
      in.getElementType().isInteger(1))
    return op.emitOpError("transposes numbers whose both dimensions are multiples of 128 "
                          "(whole 128x128 blocks for the XLU), or 32-bit ones of whole 8-row "
                          "units, not ")
           << in;
  auto units = values.getUnits(op, op.getInput(), b);
  if (failed(units))
    return failure();
  int64_t blockRows = (rows + kBlock - 1) / kBlock, blockCols = (cols + kBlock - 1) / kBlock;
  int64_t inUnitRows = rows / kSublanes, outUnitRows = cols / kSublanes;
  SmallVector<Type> partTypes(kParts, inLayout->unitType);
  SmallVector<Value> result(outLayout->unitCount());
  Value zero;
  for (int64_t i = 0; i < blockRows; ++i)
    for (int64_t j = 0; j < blockCols; ++j) {
      SmallVector<Value> parts;
      for (int64_t k = 0; k < kParts; ++k) {
        if (i * kParts + k < inUnitRows) {
          parts.push_back((*units)[(i * kParts + k) * blockCols + j]);
          continue;
        }
        if (!zero)
          zero = b.create<arith::ConstantOp>(op.getLoc(),
                                             b.getZeroAttr(inLayout->unitType));
        parts.push_back(zero);
      }
      auto t = b.create<TransposeTilesOp>(op.getLoc(), partTypes, parts);
      for (int64_t k = 0; k < kParts; ++k)
        if (j * kParts + k < outUnitRows)
          result[(j * kParts + k) * blockRows + i] = t.getResult(k);
    }
  return std::optional<SmallVector<Value>>(
      values.fromUnits(result, *outLayout, b, op.getLoc()));
}

}  // namespace

FailureOr<std::optional<SmallVector<Value>>>
mlir::tessera::legalizeLayoutOp(Operation *op, OpBuilder &b, TileValues &values) {
  if (auto transpose = dyn_cast<TransposeOp>(op))
    return legalizeTranspose(transpose, b, values);
  if (auto bitcast = dyn_cast<BitcastOp>(op))
    return legalizeBitcast(bitcast, b, values);
  if (auto repeat = dyn_cast<RepeatOp>(op))
    return legalizeRepeat(repeat, b, values);
  if (auto concat = dyn_cast<ConcatOp>(op))
    return legalizeConcat(concat, b, values);
  if (auto slice = dyn_cast<SliceOp>(op))
    return legalizeSlice(slice, b, values);
  return legalizeRoll(cast<RollOp>(op), b, values);
}
