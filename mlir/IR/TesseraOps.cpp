//===- TesseraOps.cpp - Verifiers and builders of the tessera ops ---------===//
//
// ODS says the operand kinds; this file says the rules it cannot: shapes and
// element types that must agree, which memory each op may touch, and that a
// static window lies inside its Ref.
//
//===----------------------------------------------------------------------===//
#include "mlir/IR/TesseraDialect.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::tessera;

#define GET_OP_CLASSES
#include "mlir/IR/TesseraOps.cpp.inc"

namespace {
/// "[8, 128]" for diagnostics.
std::string shapeString(ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (auto [i, d] : llvm::enumerate(shape)) {
    if (i) s += ", ";
    s += ShapedType::isDynamic(d) ? std::string("?") : std::to_string(d);
  }
  return s + "]";
}
}  // namespace

//===----------------------------------------------------------------------===//
// ViewOp
//===----------------------------------------------------------------------===//

MemRefType ViewOp::inferResultType(MemRefType source,
                                   ArrayRef<int64_t> staticOffsets,
                                   ArrayRef<int64_t> sizes) {
  SmallVector<int64_t> strides;
  int64_t offset = 0;
  if (failed(getStridesAndOffset(source, strides, offset)))
    return {};
  int64_t resultOffset = offset;
  for (auto [o, stride] : llvm::zip(staticOffsets, strides)) {
    if (ShapedType::isDynamic(o) || ShapedType::isDynamic(resultOffset)) {
      resultOffset = ShapedType::kDynamic;
      continue;
    }
    resultOffset += o * stride;
  }
  auto layout =
      StridedLayoutAttr::get(source.getContext(), resultOffset, strides);
  return MemRefType::get(sizes, source.getElementType(), layout,
                         source.getMemorySpace());
}

void ViewOp::build(OpBuilder &b, OperationState &state, Value source,
                   ArrayRef<OpFoldResult> offsets, ArrayRef<int64_t> sizes) {
  SmallVector<int64_t> staticOffsets;
  SmallVector<Value> dynamicOffsets;
  dispatchIndexOpFoldResults(offsets, dynamicOffsets, staticOffsets);
  auto type = inferResultType(llvm::cast<MemRefType>(source.getType()),
                              staticOffsets, sizes);
  build(b, state, type, source, dynamicOffsets,
        b.getDenseI64ArrayAttr(staticOffsets), b.getDenseI64ArrayAttr(sizes));
}

SmallVector<OpFoldResult> ViewOp::getMixedOffsets() {
  Builder b(getContext());
  return getMixedValues(getStaticOffsets(), getOffsets(), b);
}

Value ViewOp::getViewSource() { return getSource(); }

LogicalResult ViewOp::verify() {
  auto sourceType = getSource().getType();
  int64_t rank = sourceType.getRank();
  if ((int64_t)getStaticOffsets().size() != rank ||
      (int64_t)getSizes().size() != rank)
    return emitOpError("expects ") << rank << " offsets and sizes for a Ref of rank "
                                   << rank;
  if ((int64_t)getOffsets().size() !=
      llvm::count(getStaticOffsets(), ShapedType::kDynamic))
    return emitOpError("expects one index operand per dynamic offset");
  if (!sourceType.hasStaticShape())
    return emitOpError("needs a Ref of static shape, not ") << sourceType;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t size = getSizes()[d], dim = sourceType.getDimSize(d);
    int64_t offset = getStaticOffsets()[d];
    if (size <= 0 || size > dim)
      return emitOpError("size ") << size << " of dimension " << d
                                  << " is outside [1, " << dim << "]";
    if (!ShapedType::isDynamic(offset) && (offset < 0 || offset + size > dim))
      return emitOpError("window [")
             << offset << ", " << offset + size << ") of dimension " << d
             << " is outside the Ref's [0, " << dim << ")";
  }
  auto expected = inferResultType(sourceType, getStaticOffsets(), getSizes());
  if (!expected)
    return emitOpError("source Ref has no strided layout");
  if (expected != getType())
    return emitOpError("result type ") << getType() << " should be " << expected;
  return success();
}

namespace {
/// view(view(x, a), b) -> view(x, a + b) when every offset is static.
struct FoldViewOfView : OpRewritePattern<ViewOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ViewOp op, PatternRewriter &rewriter) const override {
    auto inner = op.getSource().getDefiningOp<ViewOp>();
    if (!inner || !inner.getOffsets().empty() || !op.getOffsets().empty())
      return failure();
    SmallVector<OpFoldResult> offsets;
    for (auto [a, b] : llvm::zip(inner.getStaticOffsets(), op.getStaticOffsets()))
      offsets.push_back(rewriter.getIndexAttr(a + b));
    auto folded = rewriter.create<ViewOp>(op.getLoc(), inner.getSource(), offsets,
                                          op.getSizes());
    if (folded.getType() != op.getType()) {
      rewriter.eraseOp(folded);
      return failure();
    }
    rewriter.replaceOp(op, folded.getResult());
    return success();
  }
};
}  // namespace

void ViewOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                         MLIRContext *context) {
  patterns.add<FoldViewOfView>(context);
}

//===----------------------------------------------------------------------===//
// LoadOp / StoreOp
//===----------------------------------------------------------------------===//

/// A value and the Ref it moves to or from agree in shape and dtype, and the
/// Ref is in VMEM: the vector unit reaches no other memory.
static LogicalResult verifyVectorAccess(Operation *op, VectorType valueType,
                                        MemRefType refType) {
  if (getMemorySpace(refType) != MemorySpace::vmem)
    return op->emitOpError("the vector unit can only access VMEM, but the Ref is in ")
           << stringifyForUser(getMemorySpace(refType))
           << "; copy it to a VMEM scratch buffer with a DMA first";
  if (valueType.getShape() != refType.getShape())
    return op->emitOpError("value shape ")
           << shapeString(valueType.getShape()) << " does not match the Ref shape "
           << shapeString(refType.getShape());
  if (valueType.getElementType() != refType.getElementType())
    return op->emitOpError("value dtype ")
           << valueType.getElementType() << " does not match the Ref dtype "
           << refType.getElementType();
  return success();
}

LogicalResult LoadOp::verify() {
  return verifyVectorAccess(*this, getType(), getRef().getType());
}

LogicalResult StoreOp::verify() {
  return verifyVectorAccess(*this, getValue().getType(), getRef().getType());
}

//===----------------------------------------------------------------------===//
// DMA ops
//===----------------------------------------------------------------------===//

static LogicalResult verifyDma(Operation *op, MemRefType src, MemRefType dst,
                               MemRefType sem) {
  // A DMA moves a known number of bytes and signals one known semaphore.
  for (auto [what, type] : {std::pair{"source", src}, std::pair{"destination", dst},
                            std::pair{"semaphore", sem}})
    if (!type.hasStaticShape())
      return op->emitOpError(what) << " must have a static shape, not "
                                   << shapeString(type.getShape());
  if (src.getShape() != dst.getShape())
    return op->emitOpError("source shape ")
           << shapeString(src.getShape()) << " does not match destination shape "
           << shapeString(dst.getShape());
  if (src.getElementType() != dst.getElementType())
    return op->emitOpError("source dtype ")
           << src.getElementType() << " does not match destination dtype "
           << dst.getElementType();
  for (auto [what, type] : {std::pair{"source", src}, std::pair{"destination", dst}}) {
    auto space = getMemorySpace(type);
    if (space == MemorySpace::semaphore_mem || space == MemorySpace::smem)
      return op->emitOpError(what) << " must be in HBM or VMEM, not "
                                   << stringifyForUser(space);
  }
  if (sem.getNumElements() != 1)
    return op->emitOpError("needs one semaphore, not an array of shape ")
           << shapeString(sem.getShape()) << "; index it first";
  if (getMemorySpace(sem) != MemorySpace::semaphore_mem)
    return op->emitOpError("semaphore must be in semaphore memory");
  return success();
}

LogicalResult DmaStartOp::verify() {
  return verifyDma(*this, getSrc().getType(), getDst().getType(), getSem().getType());
}

LogicalResult DmaWaitOp::verify() {
  return verifyDma(*this, getSrc().getType(), getDst().getType(), getSem().getType());
}

//===----------------------------------------------------------------------===//
// LoadScalarOp
//===----------------------------------------------------------------------===//

LogicalResult LoadScalarOp::verify() {
  MemRefType type = getRef().getType();
  if (getMemorySpace(type) != MemorySpace::smem)
    return emitOpError("the scalar unit reads only SMEM, but the Ref is in ")
           << stringifyForUser(getMemorySpace(type));
  if ((int64_t)getIndices().size() != type.getRank())
    return emitOpError("expects ") << type.getRank() << " indices, got "
                                   << getIndices().size();
  if (getType() != type.getElementType())
    return emitOpError("result type ") << getType() << " does not match the Ref dtype "
                                       << type.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// StoreScalarOp, MultipleOfOp
//===----------------------------------------------------------------------===//

LogicalResult StoreScalarOp::verify() {
  MemRefType type = getRef().getType();
  if (getMemorySpace(type) != MemorySpace::smem)
    return emitOpError("the scalar unit writes only SMEM, but the Ref is in ")
           << stringifyForUser(getMemorySpace(type));
  if ((int64_t)getIndices().size() != type.getRank())
    return emitOpError("expects ") << type.getRank() << " indices, got "
                                   << getIndices().size();
  if (getValue().getType() != type.getElementType())
    return emitOpError("value type ") << getValue().getType()
                                      << " does not match the Ref dtype "
                                      << type.getElementType();
  return success();
}

LogicalResult MultipleOfOp::verify() {
  // The attribute is signless: read it signed, so that -8 is not 2^64 - 8.
  int64_t multiple = getMultipleAttr().getInt();
  if (multiple < 1)
    return emitOpError("multiple must be positive, got ") << multiple;
  return success();
}
