//===- LegalizeDot.cpp - tessera.dot to MXU weight blocks and passes ------===//
//
// A matrix product becomes 128x128 weight blocks (tessera.mxu_weights) and
// one MXU pass (tessera.mxu_matmul) per LHS row tile and block, summed in
// f32 (i32) per output tile. The order of the ops is the schedule the
// lowering starts from, so it is chosen for the four MXUs: weight blocks in
// groups of four (one per MXU), and for each group every LHS row tile
// streams through its four blocks before the next group is latched. The
// TesseraLegalizeTiles pass description states the order exactly; numerics
// (which parts of an f32 operand each pass multiplies, in which order the
// passes are summed) follow the README's numerics section, so host references can
// reproduce the f32 sums bit for bit.
//
//===----------------------------------------------------------------------===//
#include "llvm/Support/MathExtras.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Transforms/TileLayout.h"
#include "sim/MachineDesc.h"

#include <map>

using namespace mlir;
using namespace mlir::tessera;

namespace {
namespace machine = ::tessera::machine;

/// One product term of a HIGHEST dot: the LHS part and the RHS part it
/// multiplies (0: the value rounded to bf16, 1: the first remainder, 2: the
/// second). DEFAULT has the one term (0, 0).
struct ProductTerm {
  int lhs, rhs;
};
/// The documented order (README, "Values"): smallest terms first, so the
/// f32 sum loses least.
constexpr ProductTerm kHighestTerms[] = {{2, 0}, {1, 1}, {0, 2}, {1, 0}, {0, 1}, {0, 0}};

/// A weight block of the product: rows kb*128.. of K, columns nb*128.. of
/// N, of RHS part `part`.
struct WeightBlock {
  ProductTerm term;
  int64_t kb, nb;
};

/// Splits of f32 values into bf16 parts, made once per unit and part.
/// Part 0 is the value itself (the MXU and pack round it to bf16 on entry),
/// part p + 1 is part p minus part p rounded to bf16.
class Parts {
public:
  Parts(OpBuilder &b, Location loc, ArrayRef<Value> units)
      : b(b), loc(loc), units(units) {}

  Value get(int part, int64_t unit) {
    if (part == 0)
      return units[unit];
    Value &known = cache[{part, unit}];
    if (!known) {
      Value previous = get(part - 1, unit);
      Value rounded = b.create<RoundBf16Op>(loc, previous);
      known = b.create<arith::SubFOp>(loc, previous, rounded);
    }
    return known;
  }

private:
  OpBuilder &b;
  Location loc;
  ArrayRef<Value> units;
  std::map<std::pair<int, int64_t>, Value> cache;
};

}  // namespace

FailureOr<SmallVector<Value>> mlir::tessera::legalizeDot(DotOp op, OpBuilder &b,
                                                         TileValues &values) {
  Location loc = op.getLoc();
  VectorType lhsType = op.getLhs().getType(), rhsType = op.getRhs().getType();
  Type lhsDtype = lhsType.getElementType(), rhsDtype = rhsType.getElementType();
  bool int8 = lhsDtype.isInteger(8);
  bool transposed = op.getTransposeRhs();
  bool highest = op.getPrecision() == "highest" && !int8;
  // M and N may end in padded tiles: the last LHS tile's padding rows and
  // the last weight block's padding columns only make the result's padding.
  int64_t mTiles = llvm::divideCeil(lhsType.getDimSize(0), machine::kSublanes);
  // K too may end in a partial block: its LHS lanes and weight rows past K
  // are zeroed (a padded tile's padding holds anything, NaN included, and
  // 0 * NaN is not 0), so the passes sum exactly the K products.
  int64_t K = lhsType.getDimSize(1);
  int64_t kBlocks = llvm::divideCeil(K, machine::kMxuDim);
  int64_t kValid = K % machine::kMxuDim;  // lanes of the last K block (0: all)
  // `unit` with its rows (axis 0) or lanes (axis 1) from `valid` on zeroed.
  auto zeroPast = [&](Value unit, int64_t axis, int64_t valid) -> Value {
    auto type = cast<VectorType>(unit.getType());
    Value mask = iotaMask(b, loc, iotaOf(b, loc, type.getShape(), axis),
                          arith::CmpIPredicate::slt, valid);
    return b.create<arith::SelectOp>(loc, mask, unit, zerosOf(b, loc, type));
  };
  int64_t nBlocks = llvm::divideCeil(op.getType().getDimSize(1), machine::kMxuDim);
  // Packed RHS tiles per 128 weight rows (columns when transposed).
  int64_t pushes = int8 ? machine::kMxuS8Pushes : machine::kMxuBf16Pushes;

  // One-row, one-column and 1x1 operands are held as 1x128, 8x1 and 1x1
  // tiles replicated over the vreg (TileLayout.h): broadcast, they are the
  // 8x128 units the MXU takes (an LHS row streamed eight times, an RHS
  // column in every weight column).
  auto full = [&](Value unit) -> Value {
    auto type = cast<VectorType>(unit.getType());
    auto wide = VectorType::get({machine::kSublanes, machine::kLanes}, type.getElementType());
    return type == wide ? unit : b.create<BroadcastOp>(loc, wide, unit).getResult();
  };
  auto lhsUnits = values.getUnits(op, op.getLhs(), b);
  if (failed(lhsUnits))
    return failure();
  for (Value &unit : *lhsUnits)
    unit = full(unit);
  // A bf16 LHS rounded on purpose needs no rounding op: the MXU rounds.
  for (Value &unit : *lhsUnits)
    if (auto round = unit.getDefiningOp<RoundBf16Op>(); round && lhsDtype.isBF16())
      unit = round.getInput();
  if (kValid != 0)
    for (int64_t m = 0; m < mTiles; ++m) {
      Value &unit = (*lhsUnits)[m * kBlocks + kBlocks - 1];
      unit = zeroPast(unit, 1, kValid);
    }
  int lhsParts = highest && lhsDtype.isF32() ? 3 : 1;
  int rhsParts = highest && rhsDtype.isF32() ? 3 : 1;
  Parts lhs(b, loc, *lhsUnits);

  // The RHS as packed tiles P[i][j] over its own (rows / tileRows, cols /
  // 128) grid, per part: bf16 and int8 tiles as they are, f32 tiles packed
  // in pairs of 8-row units (pack rounds each part to bf16).
  int64_t rhsGridCols = llvm::divideCeil(rhsType.getDimSize(1), machine::kLanes);
  SmallVector<Value> rhsTiles, rhsUnits;
  // A one-column RHS (N = 1) is held widened, as 8x1 units: packed here
  // like an f32 one (pack rounds to bf16 or wraps to int8).
  bool rhsColumn = rhsType.getDimSize(transposed ? 0 : 1) == 1;
  // A partial K block of a transposed RHS: as units too, to zero its lanes
  // past K; untransposed, the weight rows past K are zero tiles (below),
  // and a packed RHS whose last tile ends inside K's rows (bf16[24, N]:
  // rows 24-31 of its second tile are padding) goes as units to zero them.
  int64_t rhsPackedRows = machine::kSublanes * (int8 ? 4 : 2);
  bool rhsAsUnits = rhsDtype.isF32() || rhsColumn || (kValid != 0 && transposed) ||
                    (!transposed && K % rhsPackedRows != 0);
  if (rhsAsUnits) {
    auto units = values.getUnits(op, op.getRhs(), b);
    if (failed(units))
      return failure();
    rhsUnits = std::move(*units);
    for (Value &unit : rhsUnits)
      unit = full(unit);
    int64_t unitRows = (int64_t)rhsUnits.size() / rhsGridCols;
    if (transposed && kValid != 0)  // K is the lanes of the last unit column
      for (int64_t r = 0; r < unitRows; ++r) {
        Value &unit = rhsUnits[r * rhsGridCols + rhsGridCols - 1];
        unit = zeroPast(unit, 1, kValid);
      }
    if (!transposed && K % machine::kSublanes != 0)  // the last unit row is partial
      for (int64_t j = 0; j < rhsGridCols; ++j) {
        Value &unit = rhsUnits[(unitRows - 1) * rhsGridCols + j];
        unit = zeroPast(unit, 0, K % machine::kSublanes);
      }
  } else {
    auto tiles = values.getTiles(op, op.getRhs());
    if (failed(tiles))
      return failure();
    rhsTiles = std::move(*tiles);
  }
  Parts rhs(b, loc, rhsUnits);
  // Units per packed tile: 2 for bf16 (and f32, rounded), 4 for int8.
  int64_t packing = int8 ? 4 : 2;
  auto packedTile = VectorType::get({packing * machine::kSublanes, machine::kLanes},
                                    int8 ? Type(b.getIntegerType(8))
                                         : Type(BFloat16Type::get(b.getContext())));
  std::map<std::tuple<int, int64_t, int64_t>, Value> packed;
  // A transposed RHS of N rows not a multiple of 128 ends before its last
  // weight block does: the block's rows past it (its output columns past
  // N, padding) take any tile, the first.
  int64_t rhsUnitRows = rhsAsUnits ? (int64_t)rhsUnits.size() / rhsGridCols : 0;
  int64_t rhsTileRows = rhsAsUnits ? llvm::divideCeil(rhsUnitRows, packing)
                                   : (int64_t)rhsTiles.size() / rhsGridCols;
  Value zeroTile;
  auto rhsTile = [&](int part, int64_t i, int64_t j) -> Value {
    if (i >= rhsTileRows && transposed)
      i = 0;  // past N: output columns that are padding, any tile
    if (!rhsAsUnits) {
      if (i < rhsTileRows)
        return rhsTiles[i * rhsGridCols + j];
      if (!zeroTile)  // weight rows past K (a packed RHS has whole tiles of K)
        zeroTile = zerosOf(b, loc, packedTile);
      return zeroTile;
    }
    Value &tile = packed[{part, i, j}];
    if (!tile) {
      // The units of tile row i. Past the last: when transposed, rows past
      // N (output columns that are padding), the last unit again; else
      // weight rows past K, zeros.
      SmallVector<Value> parts;
      for (int64_t p = 0; p < packing; ++p) {
        int64_t row = packing * i + p;
        if (row < rhsUnitRows || transposed) {
          parts.push_back(rhs.get(part, std::min(row, rhsUnitRows - 1) * rhsGridCols + j));
          continue;
        }
        parts.push_back(zerosOf(b, loc, cast<VectorType>(rhsUnits.front().getType())));
      }
      tile = b.create<PackOp>(loc, packedTile, parts);
    }
    return tile;
  };

  SmallVector<WeightBlock> blocks;
  for (int64_t nb = 0; nb < nBlocks; ++nb)
    for (ProductTerm term : kHighestTerms) {
      if (!highest && (term.lhs != 0 || term.rhs != 0))
        continue;
      if (term.lhs >= lhsParts || term.rhs >= rhsParts)
        continue;
      for (int64_t kb = 0; kb < kBlocks; ++kb)
        blocks.push_back({term, kb, nb});
    }

  Type resultDtype = op.getType().getElementType();
  auto resultTile = VectorType::get({machine::kSublanes, machine::kLanes}, resultDtype);
  Type weightsType = b.getType<MxuWeightsType>();
  SmallVector<Value> acc(mTiles * nBlocks);
  for (size_t first = 0; first < blocks.size(); first += machine::kNumMxus) {
    ArrayRef<WeightBlock> group =
        ArrayRef<WeightBlock>(blocks).slice(first, std::min<size_t>(machine::kNumMxus,
                                                               blocks.size() - first));
    SmallVector<Value> weights;
    for (const WeightBlock &block : group) {
      SmallVector<Value> tiles;
      for (int64_t t = 0; t < pushes; ++t)
        tiles.push_back(transposed ? rhsTile(block.term.rhs, block.nb * pushes + t, block.kb)
                                   : rhsTile(block.term.rhs, block.kb * pushes + t, block.nb));
      weights.push_back(b.create<MxuWeightsOp>(loc, weightsType, tiles,
                                               b.getBoolAttr(transposed)));
    }
    for (int64_t m = 0; m < mTiles; ++m)
      for (auto [block, w] : llvm::zip(group, weights)) {
        Value row = lhs.get(block.term.lhs, m * kBlocks + block.kb);
        Value pass = b.create<MxuMatmulOp>(loc, resultTile, w, row);
        Value &sum = acc[m * nBlocks + block.nb];
        if (!sum)
          sum = pass;
        else if (int8)
          sum = b.create<arith::AddIOp>(loc, sum, pass);
        else
          sum = b.create<arith::AddFOp>(loc, sum, pass);
      }
  }
  // A one-row, one-column or 1x1 result: its sublanes (one LHS row streamed
  // eight times) or lanes (one weight column everywhere) are equal, so a
  // max over them is the 1x128, 8x1 or 1x1 tile of its layout.
  int64_t resultRows = op.getType().getDimSize(0), resultCols = op.getType().getDimSize(1);
  if (resultRows == 1 || resultCols == 1)
    for (Value &tile : acc) {
      if (resultRows == 1)
        tile = b.create<ReduceOp>(loc, tile, "max", 0);
      if (resultCols == 1)
        tile = b.create<ReduceOp>(loc, tile, "max", 1);
    }
  return acc;
}
