//===- TesseraOps.cpp - Verifiers and builders of the tessera ops ---------===//
//
// ODS says the operand kinds; this file says the rules it cannot: shapes and
// element types that must agree, which memory each op may touch, that a
// static window lies inside its Ref, and which dtypes and shapes the MXU
// and the reductions take (messages a user reads, naming the rule). The
// folds of the tile ops (round_bf16, pack/unpack) keep bf16 chains short.
//
//===----------------------------------------------------------------------===//
#include "mlir/IR/TesseraDialect.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

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
  // Tiles are addressed by row and column strides (tile legalization views
  // them); a layout map without strides has no such address. An identity
  // layout is strided (row-major): isStrided would build its affine strides
  // to say so, at every load and store the verifier visits.
  if (!refType.getLayout().isIdentity() && !isStrided(refType))
    return op->emitOpError("the Ref ") << refType << " has no strided layout";
  // A padded tile (tile IR): a 32-bit tile, 8x128 (or a row or column of
  // one), read from or written to the start of a tile whose window is
  // smaller (the array's last tile; VMEM keeps whole tiles, the padding
  // holds anything and a store masks it off).
  // A packed tile (16x128 bf16 or i16, 32x128 i8) likewise, along both
  // (a store writes the window's bytes only); a packed row is one row; 8
  // rows of a packed column (8x1: their part of a packed tile) likewise.
  auto paddedTile = [&] {
    Type e = valueType.getElementType();
    if (valueType.getRank() != 2 || refType.getRank() != 2)
      return false;
    int64_t r = valueType.getDimSize(0), c = valueType.getDimSize(1);
    if ((e.isBF16() || e.isInteger(16) || e.isInteger(8)) && r == 8 && c == 1)
      return refType.getDimSize(0) <= r && refType.getDimSize(1) == 1;
    if (((e.isBF16() || e.isInteger(16)) && (r == 16 || r == 1)) ||
        (e.isInteger(8) && (r == 32 || r == 1)))
      return c == 128 && (r == 1 ? refType.getDimSize(0) == 1 : refType.getDimSize(0) <= r) &&
             refType.getDimSize(1) <= c;
    return (e.isF32() || e.isInteger(32) || e.isInteger(1)) && (r == 8 || r == 1) &&
           (c == 128 || c == 1) && refType.getDimSize(0) <= r && refType.getDimSize(1) <= c;
  };
  if (valueType.getShape() != refType.getShape() && !paddedTile())
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

static bool isPackedTile(VectorType t, int64_t &parts, Type &wide);

LogicalResult MaskedStoreOp::verify() {
  if (failed(verifyVectorAccess(*this, getValue().getType(), getRef().getType())))
    return failure();
  auto value = llvm::cast<VectorType>(getValue().getType());
  auto mask = llvm::cast<VectorType>(getMask().getType());
  // A packed tile's mask: an integer tile of its width (tile IR).
  unsigned width = value.getElementTypeBitWidth();
  int64_t parts = 0;
  Type wide;
  bool packedMask = width < 32 && isPackedTile(value, parts, wide) &&
                    mask.getShape() == value.getShape() && mask.getElementType().isInteger(width);
  if ((!mask.getElementType().isInteger(1) || mask.getShape() != value.getShape()) &&
      !packedMask)
    return emitOpError("mask must be a vector of i1 of the value's shape (or, for a packed "
                       "tile, an integer tile of its width), not ")
           << mask;
  return success();
}

//===----------------------------------------------------------------------===//
// DMA ops
//===----------------------------------------------------------------------===//

/// An op on one semaphore: a single one (an array indexed first), in
/// semaphore memory.
static LogicalResult verifyOneSemaphore(Operation *op, MemRefType sem) {
  if (!sem.hasStaticShape() || sem.getNumElements() != 1)
    return op->emitOpError("needs one semaphore, not an array of shape ")
           << shapeString(sem.getShape()) << "; index it first";
  if (getMemorySpace(sem) != MemorySpace::semaphore_mem)
    return op->emitOpError("semaphore must be in semaphore memory");
  return success();
}

/// Whether `words` is a 1-D HBM window of n 32-bit words and `rows` the
/// VMEM window that holds them in rows of 128 lanes (one row of n <= 128):
/// the same words, a 1-D VMEM Ref's layout (the DMA moves whole rows).
static bool isFoldedPair(MemRefType words, MemRefType rows) {
  MemorySpace space = getMemorySpace(words);
  if (words.getRank() != 1 || rows.getRank() != 2 || words.getElementTypeBitWidth() != 32 ||
      space == MemorySpace::vmem || space == MemorySpace::smem ||
      getMemorySpace(rows) != MemorySpace::vmem)
    return false;
  int64_t n = words.getDimSize(0);
  return n <= 128 ? rows.getShape() == ArrayRef<int64_t>{1, n}
                  : rows.getShape() == ArrayRef<int64_t>{(n + 127) / 128, 128};
}

/// A 1-D SMEM Ref of n words and one row [1, n] of a 2-D HBM array: the
/// same words in order (a row of an SMEM block whose rows are squeezed).
static bool isSmemRowPair(MemRefType words, MemRefType row) {
  return getMemorySpace(words) == MemorySpace::smem && words.getRank() == 1 &&
         row.getRank() == 2 &&
         (getMemorySpace(row) == MemorySpace::any || getMemorySpace(row) == MemorySpace::hbm) &&
         row.getShape() == ArrayRef<int64_t>{1, words.getDimSize(0)};
}

static LogicalResult verifyDma(Operation *op, MemRefType src, MemRefType dst,
                               MemRefType sem) {
  // A DMA moves a known number of bytes and signals one known semaphore.
  for (auto [what, type] : {std::pair{"source", src}, std::pair{"destination", dst},
                            std::pair{"semaphore", sem}})
    if (!type.hasStaticShape())
      return op->emitOpError(what) << " must have a static shape, not "
                                   << shapeString(type.getShape());
  // Of one dtype, one shape; of two (a bitcast Ref's memory at one end),
  // the same bits as pltpu.bitcast sees them: the second-minor dimension
  // scaled by the widths' ratio, the others equal.
  if (src.getElementType() != dst.getElementType()) {
    unsigned srcBits = src.getElementTypeBitWidth(), dstBits = dst.getElementTypeBitWidth();
    ArrayRef<int64_t> s = src.getShape(), d = dst.getShape();
    int64_t rank = src.getRank();
    bool bitcast = srcBits > 1 && dstBits > 1 && rank == dst.getRank() &&
                   (srcBits == dstBits ? s == d
                                       : rank >= 2 && s.drop_back(2) == d.drop_back(2) &&
                                             s.back() == d.back() &&
                                             s[rank - 2] * srcBits == d[rank - 2] * dstBits);
    if (!bitcast)
      return op->emitOpError("source ")
             << src.getElementType() << shapeString(s) << " and destination "
             << dst.getElementType() << shapeString(d)
             << " are not the same bits: a DMA between dtypes copies a bitcast, whose "
                "second-minor dimension scales by the widths' ratio";
  } else if (src.getShape() != dst.getShape() && !isFoldedPair(src, dst) &&
             !isFoldedPair(dst, src) && !isSmemRowPair(src, dst) && !isSmemRowPair(dst, src)) {
    return op->emitOpError("source shape ")
           << shapeString(src.getShape()) << " does not match destination shape "
           << shapeString(dst.getShape());
  }
  for (auto [what, type, other] : {std::tuple{"source", src, dst},
                                    std::tuple{"destination", dst, src}}) {
    auto space = getMemorySpace(type);
    if (space == MemorySpace::semaphore_mem)
      return op->emitOpError(what) << " must be in HBM, VMEM or SMEM, not "
                                   << stringifyForUser(space);
    // SMEM <-> HBM moves a run of 32-bit words (dma.hbm_to_smem): of 1-D
    // Refs, or one row of 2-D ones (row-major in SMEM; in the tiled HBM
    // array a run within one 128-lane tile).
    if (space != MemorySpace::smem)
      continue;
    auto otherSpace = getMemorySpace(other);
    if (otherSpace == MemorySpace::smem || otherSpace == MemorySpace::semaphore_mem)
      return op->emitOpError(what) << " in SMEM is copied to or from HBM or VMEM only, not "
                                   << stringifyForUser(otherSpace);
    bool oneRow = type.getRank() == 2 && type.getDimSize(0) == 1 &&
                  type.getDimSize(1) <= 128;
    if ((type.getRank() != 1 && !oneRow) || type.getElementTypeBitWidth() != 32)
      return op->emitOpError(what) << " in SMEM must be a 1-D Ref or one row (of at most "
                                      "128) of a 2-D Ref of 32-bit words, not "
                                   << type;
  }
  return verifyOneSemaphore(op, sem);
}

LogicalResult DmaStartOp::verify() {
  if (std::optional<int64_t> pieces = getPieces(); pieces && *pieces < 2)
    return emitOpError("starts in pieces = ") << *pieces << "; it must be at least 2";
  if (getSplit() && !getPieces())
    return emitOpError("has a condition for starting in pieces but no `pieces`");
  return verifyDma(*this, getSrc().getType(), getDst().getType(), getSem().getType());
}

LogicalResult DmaWaitOp::verify() {
  return verifyDma(*this, getSrc().getType(), getDst().getType(), getSem().getType());
}

LogicalResult RemoteDmaStartOp::verify() {
  if (failed(verifyDma(*this, getSrc().getType(), getDst().getType(), getSendSem().getType())))
    return failure();
  for (MemRefType type : {getSrc().getType(), getDst().getType()})
    if (getMemorySpace(type) == MemorySpace::smem)
      return emitOpError("a remote copy moves HBM or VMEM, not SMEM");
  return verifyOneSemaphore(*this, getRecvSem().getType());
}

LogicalResult SemaphoreSignalOp::verify() { return verifyOneSemaphore(*this, getSem().getType()); }
LogicalResult SemaphoreWaitOp::verify() { return verifyOneSemaphore(*this, getSem().getType()); }
LogicalResult SemaphoreReadOp::verify() { return verifyOneSemaphore(*this, getSem().getType()); }

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

void MultipleOfOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                                     SetIntRangeFn setResultRange) {
  setResultRange(getResult(), argRanges[0]);
}

LogicalResult MultipleOfOp::verify() {
  // The attribute is signless: read it signed, so that -8 is not 2^64 - 8.
  int64_t multiple = getMultipleAttr().getInt();
  if (multiple < 1)
    return emitOpError("multiple must be positive, got ") << multiple;
  return success();
}

//===----------------------------------------------------------------------===//
// Vector math: round_bf16
//===----------------------------------------------------------------------===//

namespace {
/// The dtype as a Pallas user names it, for messages.
std::string dtypeString(Type type) {
  if (type.isF32()) return "f32";
  if (type.isBF16()) return "bf16";
  if (type.isInteger(32)) return "int32";
  if (type.isInteger(16)) return "int16";
  if (type.isInteger(8)) return "int8";
  if (type.isInteger(1)) return "bool";
  std::string s;
  llvm::raw_string_ostream os(s);
  type.print(os);
  return s;
}

/// `x` rounded to nearest even at bf16 precision, as an f32.
APFloat roundToBf16(APFloat x) {
  bool losesInfo = false;
  x.convert(APFloat::BFloat(), APFloat::rmNearestTiesToEven, &losesInfo);
  x.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &losesInfo);
  return x;
}

}  // namespace

arith::CmpIPredicate mlir::tessera::signedOrder(arith::CmpIPredicate p) {
  using P = arith::CmpIPredicate;
  switch (p) {
  case P::ult: return P::slt;
  case P::ule: return P::sle;
  case P::ugt: return P::sgt;
  case P::uge: return P::sge;
  default: return p;
  }
}

arith::CmpIPredicate mlir::tessera::unsignedOrder(arith::CmpIPredicate p) {
  using P = arith::CmpIPredicate;
  switch (p) {
  case P::slt: return P::ult;
  case P::sle: return P::ule;
  case P::sgt: return P::ugt;
  case P::sge: return P::uge;
  default: return p;
  }
}

bool mlir::tessera::isBf16Exact(Value v) {
  for (int depth = 0; depth < 8; ++depth) {
    if (v.getDefiningOp<RoundBf16Op>())
      return true;
    if (auto unpack = v.getDefiningOp<UnpackOp>())
      return unpack.getInput().getType().getElementType().isBF16();
    if (auto broadcast = v.getDefiningOp<BroadcastOp>()) {
      v = broadcast.getInput();
      continue;
    }
    SplatElementsAttr splat;
    if (matchPattern(v, m_Constant(&splat)) && splat.getElementType().isF32()) {
      APFloat x = splat.getSplatValue<APFloat>();
      return roundToBf16(x).bitwiseIsEqual(x);
    }
    return false;
  }
  return false;
}

OpFoldResult RoundBf16Op::fold(FoldAdaptor adaptor) {
  if (isBf16Exact(getInput()))
    return getInput();
  if (auto splat = llvm::dyn_cast_or_null<SplatElementsAttr>(adaptor.getInput()))
    return SplatElementsAttr::get(getType(),
                                  roundToBf16(splat.getSplatValue<APFloat>()));
  return {};
}

//===----------------------------------------------------------------------===//
// ReduceOp, BroadcastOp, IotaOp
//===----------------------------------------------------------------------===//

void ReduceOp::build(OpBuilder &b, OperationState &state, Value input,
                     StringRef kind, int64_t axis) {
  auto type = llvm::cast<VectorType>(input.getType());
  SmallVector<int64_t> shape(type.getShape());
  if (axis >= 0 && axis < (int64_t)shape.size())
    shape[axis] = 1;
  build(b, state, VectorType::get(shape, type.getElementType()), input,
        b.getStringAttr(kind), b.getI64IntegerAttr(axis));
}

/// "axis 2 is out of range for a rank-2 value (allowed: 0 or 1)".
static LogicalResult verifyAxis(Operation *op, StringRef what, int64_t axis) {
  if (axis != 0 && axis != 1)
    return op->emitOpError(what) << " " << axis
                                 << " is out of range for a rank-2 value (allowed: 0 or 1)";
  return success();
}

LogicalResult ReduceOp::verify() {
  StringRef kind = getKind();
  if (kind != "sum" && kind != "max" && kind != "min")
    return emitOpError("kind must be \"sum\", \"max\" or \"min\", not \"") << kind << "\"";
  if (failed(verifyAxis(*this, "axis", getAxis())))
    return failure();
  VectorType in = getInput().getType(), out = getType();
  if (in.getElementType() != out.getElementType())
    return emitOpError("result dtype ")
           << dtypeString(out.getElementType()) << " does not match the operand dtype "
           << dtypeString(in.getElementType());
  SmallVector<int64_t> expected(in.getShape());
  expected[getAxis()] = 1;
  if (out.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape ")
           << shapeString(out.getShape()) << " should be " << shapeString(expected)
           << " (the reduced axis " << getAxis() << " is kept with size 1)";
  return success();
}

/// Reducing an axis of size 1, or broadcasting to the same shape, changes
/// nothing.
OpFoldResult ReduceOp::fold(FoldAdaptor) {
  return getInput().getType() == getType() ? getInput() : Value();
}

OpFoldResult BroadcastOp::fold(FoldAdaptor) {
  return getInput().getType() == getType() ? getInput() : Value();
}

LogicalResult BroadcastOp::verify() {
  VectorType out = getType();
  Type inDtype = getElementTypeOrSelf(getInput().getType());
  if (inDtype != out.getElementType())
    return emitOpError("result dtype ")
           << dtypeString(out.getElementType()) << " does not match the operand dtype "
           << dtypeString(inDtype);
  auto in = llvm::dyn_cast<VectorType>(getInput().getType());
  if (!in)
    return success();
  for (int64_t d = 0; d < 2; ++d)
    if (in.getDimSize(d) != 1 && in.getDimSize(d) != out.getDimSize(d))
      return emitOpError("cannot broadcast shape ")
             << shapeString(in.getShape()) << " to " << shapeString(out.getShape())
             << ": dimension " << d << " must be 1 or " << out.getDimSize(d);
  return success();
}

LogicalResult IotaOp::verify() {
  return verifyAxis(*this, "dimension", getDimension());
}

//===----------------------------------------------------------------------===//
// DotOp
//===----------------------------------------------------------------------===//

LogicalResult DotOp::verify() {
  StringRef precision = getPrecision();
  if (precision != "default" && precision != "highest")
    return emitOpError("precision must be \"default\" or \"highest\", not \"")
           << precision << "\"";
  VectorType lhs = getLhs().getType(), rhs = getRhs().getType(), out = getType();
  Type a = lhs.getElementType(), b = rhs.getElementType(), c = out.getElementType();
  auto isFloat = [](Type t) { return t.isF32() || t.isBF16(); };
  if (a.isInteger(32) || b.isInteger(32))
    return emitOpError("int32 operands are not supported by the MXU (")
           << dtypeString(a) << " x " << dtypeString(b)
           << "); use int8, bf16 or f32";
  if (isFloat(a) != isFloat(b))
    return emitOpError("mismatched dtypes ")
           << dtypeString(a) << " x " << dtypeString(b)
           << ": the MXU multiplies bf16/f32 with bf16/f32, or int8 with int8";
  Type expected = isFloat(a) ? Type(Float32Type::get(getContext()))
                             : Type(IntegerType::get(getContext(), 32));
  if (c != expected)
    return emitOpError("result dtype must be ")
           << dtypeString(expected) << " for " << dtypeString(a) << " x "
           << dtypeString(b) << " operands, not " << dtypeString(c);
  if (!isFloat(a) && getTransposeRhs())
    return emitOpError("transpose_rhs is not supported for int8 operands (the MXU "
                       "pushes int8 weights only untransposed)");
  int64_t m = lhs.getDimSize(0), k = lhs.getDimSize(1);
  int64_t kr = getTransposeRhs() ? rhs.getDimSize(1) : rhs.getDimSize(0);
  int64_t n = getTransposeRhs() ? rhs.getDimSize(0) : rhs.getDimSize(1);
  if (k != kr)
    return emitOpError("contracting dimensions differ: K of the left operand is ")
           << k << ", K of the right operand is " << kr
           << (getTransposeRhs() ? " (its dimension 1, transpose_rhs)" : " (its dimension 0)");
  // M, N and K may end in padded tiles, packed ones too (their padding
  // rows and lanes of the result are padding too; a partial K block's
  // padding is zeroed when it is legalized).
  SmallVector<int64_t> shape = {m, n};
  if (out.getShape() != ArrayRef<int64_t>(shape))
    return emitOpError("result shape ") << shapeString(out.getShape()) << " should be "
                                        << shapeString(shape);
  return success();
}

//===----------------------------------------------------------------------===//
// GatherOp
//===----------------------------------------------------------------------===//

LogicalResult GatherOp::verify() {
  int64_t axis = getAxisAttr().getInt();
  if (axis != 0 && axis != 1)
    return emitOpError("axis ") << axis << " must be 0 (sublanes) or 1 (lanes)";
  if (getInput().getType().getShape() != getIdx().getType().getShape())
    return emitOpError("the indices' shape ")
           << shapeString(getIdx().getType().getShape()) << " differs from the input's "
           << shapeString(getInput().getType().getShape());
  return success();
}

//===----------------------------------------------------------------------===//
// PackOp, UnpackOp
//===----------------------------------------------------------------------===//

/// The packed tile types: 16x128xbf16 from 2 f32 tiles, 16x128xi16 from 2
/// i32, 32x128xi8 from 4 i32.
static bool isPackedTile(VectorType t, int64_t &parts, Type &wide) {
  MLIRContext *ctx = t.getContext();
  if (t.getShape() == ArrayRef<int64_t>{16, 128} && t.getElementType().isBF16()) {
    parts = 2;
    wide = Float32Type::get(ctx);
    return true;
  }
  if (t.getShape() == ArrayRef<int64_t>{16, 128} && t.getElementType().isInteger(16)) {
    parts = 2;
    wide = IntegerType::get(ctx, 32);
    return true;
  }
  if (t.getShape() == ArrayRef<int64_t>{32, 128} && t.getElementType().isInteger(8)) {
    parts = 4;
    wide = IntegerType::get(ctx, 32);
    return true;
  }
  return false;
}

LogicalResult PackOp::verify() {
  int64_t parts = 0;
  Type wide;
  if (!isPackedTile(getType(), parts, wide))
    return emitOpError("result must be vector<16x128xbf16>, vector<16x128xi16> or vector<32x128xi8>, not ")
           << getType();
  auto tile = VectorType::get({8, 128}, wide);
  if ((int64_t)getInputs().size() != parts ||
      llvm::any_of(getInputs().getTypes(), [&](Type t) { return t != tile; }))
    return emitOpError("packs ") << parts << " operands of type " << tile << " into "
                                 << getType();
  return success();
}

OpFoldResult PackOp::fold(FoldAdaptor) {
  // pack(unpack(p, 0), unpack(p, 1), ...) is p.
  Value source;
  for (auto [i, v] : llvm::enumerate(getInputs())) {
    auto unpack = v.getDefiningOp<UnpackOp>();
    if (!unpack || unpack.getPartAttr().getInt() != (int64_t)i ||
        unpack.getInput().getType() != getType() || (source && unpack.getInput() != source))
      return {};
    source = unpack.getInput();
  }
  return source;
}

LogicalResult UnpackOp::verify() {
  int64_t parts = 0;
  Type wide;
  if (!isPackedTile(getInput().getType(), parts, wide))
    return emitOpError("operand must be vector<16x128xbf16>, vector<16x128xi16> or vector<32x128xi8>");
  if (getType() != VectorType::get({8, 128}, wide))
    return emitOpError("result must be ") << VectorType::get({8, 128}, wide);
  int64_t part = getPartAttr().getInt();
  if (part < 0 || part >= parts)
    return emitOpError("part ") << part << " is out of range for a "
                                << getInput().getType() << " tile (allowed: 0 to "
                                << parts - 1 << ")";
  return success();
}

namespace {
/// unpack(pack(a0, a1), part = k) on bf16 is round_bf16(a_k): the same value
/// without the pack (often dead then). int8 keeps its unpack: one
/// `vunpack.s8` is cheaper than the two shifts that would sign-extend.
struct FoldUnpackOfPack : OpRewritePattern<UnpackOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(UnpackOp op, PatternRewriter &rewriter) const override {
    auto pack = op.getInput().getDefiningOp<PackOp>();
    int64_t index = op.getPartAttr().getInt();
    if (!pack || !op.getInput().getType().getElementType().isBF16() || index < 0 ||
        index >= (int64_t)pack.getInputs().size())
      return failure();
    rewriter.replaceOpWithNewOp<RoundBf16Op>(op, pack.getInputs()[index]);
    return success();
  }
};
}  // namespace

namespace {
/// A second unpack or rounding of the same tile in a block is the first one.
/// They appear when folds meet (unpack(pack(x)) becomes round_bf16(x) next
/// to an existing one, once a load is reused); the pipeline runs no CSE,
/// which would also merge loads when load reuse is off.
template <typename OpTy>
struct MergeRepeated : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op, PatternRewriter &rewriter) const override {
    for (Operation *other : op->getOperand(0).getUsers())
      if (other != op && other->getBlock() == op->getBlock() &&
          other->isBeforeInBlock(op) &&
          OperationEquivalence::isEquivalentTo(other, op,
                                               OperationEquivalence::IgnoreLocations)) {
        rewriter.replaceOp(op, other->getResults());
        return success();
      }
    return failure();
  }
};
}  // namespace

void UnpackOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                           MLIRContext *context) {
  patterns.add<FoldUnpackOfPack, MergeRepeated<UnpackOp>>(context);
}

void RoundBf16Op::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                              MLIRContext *context) {
  patterns.add<MergeRepeated<RoundBf16Op>>(context);
}

//===----------------------------------------------------------------------===//
// MxuWeightsOp, MxuMatmulOp
//===----------------------------------------------------------------------===//

bool MxuWeightsOp::isInt8() {
  return !getTiles().empty() &&
         llvm::cast<VectorType>(getTiles().front().getType()).getElementType().isInteger(8);
}

LogicalResult MxuWeightsOp::verify() {
  MLIRContext *ctx = getContext();
  auto bf16 = VectorType::get({16, 128}, BFloat16Type::get(ctx));
  auto i8 = VectorType::get({32, 128}, IntegerType::get(ctx, 8));
  auto types = getTiles().getTypes();
  bool allBf16 = types.size() == 8 && llvm::all_of(types, [&](Type t) { return t == bf16; });
  bool allI8 = types.size() == 4 && llvm::all_of(types, [&](Type t) { return t == i8; });
  if (!allBf16 && !allI8)
    return emitOpError("needs 8 tiles of ")
           << bf16 << " or 4 tiles of " << i8 << " (128 weight rows), got "
           << types.size() << " operands";
  if (allI8 && getTransposed())
    return emitOpError("int8 weights cannot be transposed");
  return success();
}

LogicalResult MxuMatmulOp::verify() {
  VectorType lhs = getLhs().getType();
  if (lhs.getShape() != ArrayRef<int64_t>{8, 128})
    return emitOpError("streams one 8x128 LHS tile, not ") << lhs;
  if (getType() != lhs)
    return emitOpError("result type ") << getType() << " must match the LHS tile type "
                                       << lhs;
  if (auto weights = getWeights().getDefiningOp<MxuWeightsOp>())
    if (weights.isInt8() != lhs.getElementType().isInteger(32))
      return emitOpError(weights.isInt8() ? "int8 weights need an i32 (int8 in the low "
                                            "bits) LHS tile"
                                          : "bf16 weights need an f32 LHS tile");
  return success();
}
