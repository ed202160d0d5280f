//===- TileLayout.cpp - Which tile holds each array dtype and shape -------===//
//
// The rules of TileLayout.h: rank-2 arrays only; 32-bit dtypes and masks in
// 8x128 tiles, bf16 in packed 16x128 and int8 in packed 32x128 tiles (one
// vreg, as VMEM holds them), the last ones padded when the shape is not
// whole tiles; and arrays of one row or one column in replicated 1x128 /
// 8x1 tiles of the compute dtype.
//
//===----------------------------------------------------------------------===//
#include "mlir/Transforms/TileLayout.h"

#include "sim/MachineDesc.h"

using namespace mlir;
using namespace mlir::tessera;

namespace {
constexpr int64_t kSublanes = ::tessera::machine::kSublanes;
constexpr int64_t kLanes = ::tessera::machine::kLanes;

bool isSupportedDtype(Type t) {
  return t.isF32() || t.isBF16() || t.isInteger(32) || t.isInteger(16) || t.isInteger(8) ||
         t.isInteger(1);
}
}  // namespace

int64_t mlir::tessera::getPacking(Type t) {
  if (t.isBF16() || t.isInteger(16))
    return 2;
  if (t.isInteger(8))
    return 4;
  return 1;
}

Type mlir::tessera::getComputeType(Type t) {
  if (t.isBF16())
    return Float32Type::get(t.getContext());
  if (t.isInteger(8) || t.isInteger(16))
    return IntegerType::get(t.getContext(), 32);
  return t;
}

bool mlir::tessera::isUnpackedTileType(Type type) {
  auto v = llvm::dyn_cast<VectorType>(type);
  if (!v || v.getRank() != 2)
    return false;
  Type e = v.getElementType();
  if (!e.isF32() && !e.isInteger(32) && !e.isInteger(1))
    return false;
  int64_t r = v.getDimSize(0), c = v.getDimSize(1);
  return (r == kSublanes || r == 1) && (c == kLanes || c == 1);
}

bool mlir::tessera::isTileType(Type type) {
  if (isUnpackedTileType(type))
    return true;
  auto v = llvm::dyn_cast<VectorType>(type);
  if (!v || v.getRank() != 2 || v.getDimSize(1) != kLanes)
    return false;
  int64_t packing = getPacking(v.getElementType());
  return packing > 1 && v.getDimSize(0) == packing * kSublanes;
}

FailureOr<TileLayout> mlir::tessera::getTileLayout(Operation *op, VectorType type) {
  Type e = type.getElementType();
  int64_t packing = getPacking(e);
  int64_t tileRows = kSublanes * packing;
  auto splitError = [&](int64_t rows, int64_t cols, StringRef what) {
    return op->emitOpError("array of shape ")
           << type << " does not split into (" << rows << ", " << cols
           << ") tiles: Tessera needs rank 2 with " << what;
  };
  if (type.getRank() != 2)
    return splitError(tileRows, kLanes, (Twine("rows a multiple of ") + Twine(tileRows) +
                                         " and columns a multiple of " + Twine(kLanes))
                                            .str());
  if (!isSupportedDtype(e))
    return op->emitOpError("dtype ")
           << e << " is not supported: arrays are f32, bf16, 32-, 16- or 8-bit integers, or bool";
  TileLayout layout;
  layout.elementType = e;
  Type compute = getComputeType(e);
  int64_t rows = type.getDimSize(0), cols = type.getDimSize(1);
  layout.rows = rows;
  layout.cols = cols;
  // Arrays of any shape may end in padded tiles: 32-bit ones and masks in
  // 8x128 tiles, packed ones (bf16, int8) in their (8p)x128 tiles, whose
  // last word row may hold rows of the array and of the padding side by
  // side (a store writes only the array's bytes: vst.bmsk).
  auto ceilDiv = [](int64_t n, int64_t d) { return (n + d - 1) / d; };
  if (rows < 1 || cols < 1)
    return op->emitOpError("array of shape ") << type << " is empty";
  if (rows == 1 && cols == 1) {
    layout.form = TileForm::scalar;
    layout.tileType = VectorType::get({1, 1}, compute);
    layout.gridRows = layout.gridCols = 1;
  } else if (rows == 1) {
    layout.form = TileForm::row;
    layout.tileType = VectorType::get({1, kLanes}, compute);
    layout.gridRows = 1;
    layout.gridCols = ceilDiv(cols, kLanes);
  } else if (cols == 1) {
    layout.form = TileForm::column;
    layout.tileType = VectorType::get({kSublanes, 1}, compute);
    layout.gridRows = ceilDiv(rows, kSublanes);
    layout.gridCols = 1;
  } else {
    layout.form = TileForm::full;
    layout.tileType = VectorType::get({tileRows, kLanes}, e);
    layout.packing = packing;
    layout.gridRows = ceilDiv(rows, tileRows);
    layout.gridCols = ceilDiv(cols, kLanes);
  }
  layout.unitType = layout.isPacked() ? VectorType::get({kSublanes, kLanes}, compute)
                                      : layout.tileType;
  return layout;
}


Value mlir::tessera::splatConstant(OpBuilder &b, Location loc, VectorType type,
                                   Attribute value) {
  return b.create<arith::ConstantOp>(loc, type, SplatElementsAttr::get(type, value));
}

Value mlir::tessera::zerosOf(OpBuilder &b, Location loc, VectorType type) {
  Type elem = type.getElementType();
  return splatConstant(b, loc, type,
                       isa<FloatType>(elem) ? Attribute(b.getFloatAttr(elem, 0.0))
                                            : Attribute(b.getIntegerAttr(elem, 0)));
}

Value mlir::tessera::iotaOf(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                            int64_t dimension) {
  auto i32 = VectorType::get(shape, b.getI32Type());
  return b.create<IotaOp>(loc, i32, b.getI64IntegerAttr(dimension), b.getI64IntegerAttr(0));
}

Value mlir::tessera::iotaMask(OpBuilder &b, Location loc, Value iota,
                              arith::CmpIPredicate predicate, int64_t k) {
  auto i32 = llvm::cast<VectorType>(iota.getType());
  Value c = splatConstant(b, loc, i32, b.getI32IntegerAttr((int32_t)k));
  return b.create<arith::CmpIOp>(loc, predicate, iota, c);
}
