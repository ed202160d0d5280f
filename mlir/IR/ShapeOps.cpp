//===- ShapeOps.cpp - Verifiers and folders of the layout ops -------------===//
//
// tessera.bitcast, tessera.repeat, tessera.concat, tessera.slice,
// tessera.roll, tessera.extract_sublane, tessera.transpose and
// tessera.transpose_tiles (pltpu.bitcast / repeat / roll, reshapes of rank-3
// values, x.T and their tile-IR pieces). Kept apart from
// TesseraOps.cpp because their rules are about how values sit in vregs
// (whole tiles, the packed sub-tiling), not about memory or the MXU.
//
//===----------------------------------------------------------------------===//
#include "mlir/IR/TesseraDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace mlir::tessera;

namespace {
std::string shapeText(ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (auto [i, d] : llvm::enumerate(shape)) {
    if (i)
      s += ", ";
    s += std::to_string(d);
  }
  return s + "]";
}

/// Rows of one vreg-sized tile of a dtype of `bits` bits: 8 * (32 / bits).
int64_t tileRowsOfBits(unsigned bits) { return 8 * (32 / std::max(8u, bits)); }

LogicalResult verifyAxisAttr(Operation *op, int64_t axis) {
  if (axis != 0 && axis != 1)
    return op->emitOpError("axis ") << axis
                                    << " is out of range for a rank-2 value (allowed: 0 or 1)";
  return success();
}
}  // namespace

//===----------------------------------------------------------------------===//
// BitcastOp
//===----------------------------------------------------------------------===//

LogicalResult BitcastOp::verify() {
  auto in = llvm::cast<VectorType>(getInput().getType());
  auto out = llvm::cast<VectorType>(getType());
  unsigned a = in.getElementTypeBitWidth(), b = out.getElementTypeBitWidth();
  if (in.getDimSize(1) != out.getDimSize(1))
    return emitOpError("columns change from ")
           << in.getDimSize(1) << " to " << out.getDimSize(1)
           << "; a bitcast scales the rows only (shape[-2] by the bit-width ratio)";
  if (in.getDimSize(0) * a != out.getDimSize(0) * b)
    return emitOpError("rows ")
           << in.getDimSize(0) << " x " << a << " bits != " << out.getDimSize(0) << " x " << b
           << " bits: shape[-2] must scale by the bit-width ratio";
  // Whole tiles on both sides: then tile k is the same vreg on both sides.
  if (in.getDimSize(0) % tileRowsOfBits(a) || in.getDimSize(1) % 128)
    return emitOpError("operand shape ")
           << shapeText(in.getShape()) << " is not whole ("
           << tileRowsOfBits(a) << ", 128) tiles; a bitcast reinterprets whole vregs";
  return success();
}

OpFoldResult BitcastOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput();
  if (auto inner = getInput().getDefiningOp<BitcastOp>())
    if (inner.getInput().getType() == getType())
      return inner.getInput();
  return {};
}

//===----------------------------------------------------------------------===//
// RepeatOp
//===----------------------------------------------------------------------===//

LogicalResult RepeatOp::verify() {
  if (failed(verifyAxisAttr(*this, getAxisAttr().getInt())))
    return failure();
  int64_t times = getTimesAttr().getInt();
  if (times < 1)
    return emitOpError("times must be at least 1, not ") << times;
  VectorType in = getInput().getType(), out = getType();
  if (in.getElementType() != out.getElementType())
    return emitOpError("changes the dtype");
  SmallVector<int64_t> expected(in.getShape());
  expected[getAxisAttr().getInt()] *= times;
  if (out.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape ")
           << shapeText(out.getShape()) << " should be " << shapeText(expected);
  return success();
}

//===----------------------------------------------------------------------===//
// ConcatOp, SliceOp
//===----------------------------------------------------------------------===//

LogicalResult ConcatOp::verify() {
  if (failed(verifyAxisAttr(*this, getAxisAttr().getInt())))
    return failure();
  int64_t axis = getAxisAttr().getInt(), other = 1 - axis;
  if (getInputs().empty())
    return emitOpError("needs at least one operand");
  VectorType out = getType();
  int64_t sum = 0;
  for (Value in : getInputs()) {
    auto t = llvm::cast<VectorType>(in.getType());
    if (t.getElementType() != out.getElementType())
      return emitOpError("changes the dtype");
    if (t.getDimSize(other) != out.getDimSize(other))
      return emitOpError("operand shape ")
             << shapeText(t.getShape()) << " differs from the result "
             << shapeText(out.getShape()) << " in dimension " << other;
    sum += t.getDimSize(axis);
  }
  if (sum != out.getDimSize(axis))
    return emitOpError("result dimension ")
           << axis << " is " << out.getDimSize(axis) << ", not the operands' sum " << sum;
  return success();
}

OpFoldResult ConcatOp::fold(FoldAdaptor) {
  if (getInputs().size() == 1)
    return getInputs()[0];
  return {};
}

LogicalResult SliceOp::verify() {
  VectorType in = getInput().getType(), out = getType();
  if (in.getElementType() != out.getElementType())
    return emitOpError("changes the dtype");
  ArrayRef<int64_t> offsets = getOffsets();
  if (offsets.size() != 2)
    return emitOpError("needs 2 offsets (row, column), not ") << offsets.size();
  for (int d : {0, 1})
    if (offsets[d] < 0 || offsets[d] + out.getDimSize(d) > in.getDimSize(d))
      return emitOpError("window ")
             << shapeText(out.getShape()) << " at " << shapeText(offsets)
             << " is outside the operand " << shapeText(in.getShape());
  return success();
}

OpFoldResult SliceOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return {};
}

//===----------------------------------------------------------------------===//
// RollOp
//===----------------------------------------------------------------------===//

LogicalResult RollOp::verify() {
  if (failed(verifyAxisAttr(*this, getAxisAttr().getInt())))
    return failure();
  if (getShiftAttr().getInt() < 0)
    return emitOpError("shift ") << getShiftAttr().getInt()
                                 << " is negative (pltpu.roll takes shift >= 0)";
  return success();
}

OpFoldResult RollOp::fold(FoldAdaptor) {
  int64_t axis = getAxisAttr().getInt();
  if (axis != 0 && axis != 1)
    return {};
  int64_t n = getType().getDimSize(axis);
  if (getShiftAttr().getInt() >= 0 && getShiftAttr().getInt() % n == 0)
    return getInput();
  return {};
}

//===----------------------------------------------------------------------===//
// ExtractSublaneOp
//===----------------------------------------------------------------------===//

LogicalResult ExtractSublaneOp::verify() {
  VectorType in = getInput().getType(), out = getType();
  if (in.getElementType() != out.getElementType())
    return emitOpError("changes the dtype");
  if (in.getDimSize(0) != 8 || out.getDimSize(0) != 1 || in.getDimSize(1) != out.getDimSize(1))
    return emitOpError("takes an 8-row tile to a one-row tile of its columns, not ")
           << shapeText(in.getShape()) << " to " << shapeText(out.getShape());
  int64_t sublane = getSublaneAttr().getInt();
  if (sublane < 0 || sublane > 7)
    return emitOpError("sublane ") << sublane << " is out of range [0, 7]";
  return success();
}

LogicalResult ExtractOp::verify() {
  VectorType in = getInput().getType();
  if (in.getElementType() != getType())
    return emitOpError("reads a ") << in.getElementType() << " element into a " << getType();
  ArrayRef<int64_t> position = getPosition();
  if (position.size() != 2 || position[0] < 0 || position[0] >= in.getDimSize(0) ||
      position[1] < 0 || position[1] >= in.getDimSize(1))
    return emitOpError("position ") << shapeText(position) << " is outside "
                                    << shapeText(in.getShape());
  return success();
}

//===----------------------------------------------------------------------===//
// TransposeOp, TransposeTilesOp
//===----------------------------------------------------------------------===//

LogicalResult TransposeOp::verify() {
  VectorType in = getInput().getType(), out = getType();
  if (in.getElementType() != out.getElementType())
    return emitOpError("changes the dtype");
  if (out.getDimSize(0) != in.getDimSize(1) || out.getDimSize(1) != in.getDimSize(0))
    return emitOpError("result shape ")
           << shapeText(out.getShape()) << " should be "
           << shapeText({in.getDimSize(1), in.getDimSize(0)});
  return success();
}

OpFoldResult TransposeOp::fold(FoldAdaptor) {
  if (auto inner = getInput().getDefiningOp<TransposeOp>())
    if (inner.getInput().getType() == getType())
      return inner.getInput();
  return {};
}

LogicalResult TransposeTilesOp::verify() {
  constexpr size_t kParts = 16;  // machine::kXposeGroupVregs
  if (getInputs().size() != kParts || getResults().size() != kParts)
    return emitOpError("transposes a 128x128 block: 16 tiles in, 16 out, not ")
           << getInputs().size() << " in and " << getResults().size() << " out";
  Type tile = getInputs().front().getType();
  auto vec = llvm::cast<VectorType>(tile);
  if (vec.getDimSize(0) != 8 || vec.getDimSize(1) != 128)
    return emitOpError("takes 8x128 tiles, not ") << shapeText(vec.getShape());
  for (Value v : getInputs())
    if (v.getType() != tile)
      return emitOpError("operands differ in type");
  for (Value v : getResults())
    if (v.getType() != tile)
      return emitOpError("results must have the operands' type ") << tile;
  return success();
}
