//===- TesseraDialect.cpp - Dialect registration and type helpers ---------===//
#include "mlir/IR/TesseraDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/TypeSwitch.h"
#include "sim/MachineDesc.h"

using namespace mlir;
using namespace mlir::tessera;

#include "mlir/IR/TesseraDialect.cpp.inc"
#include "mlir/IR/TesseraEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "mlir/IR/TesseraAttrs.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "mlir/IR/TesseraTypes.cpp.inc"

void TesseraDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "mlir/IR/TesseraAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "mlir/IR/TesseraTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "mlir/IR/TesseraOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// scf.if results as selects
//===----------------------------------------------------------------------===//

namespace {

/// An scf.if result whose two yields are both made outside the if is a
/// select of them (or the value itself when they are the same), as
/// upstream's ConvertTrivialIfToSelect makes it, with one difference that
/// is the machine's: a vector result stays a result. A vector select on a
/// scalar condition is the condition made a vector mask (sselect + vbcast)
/// and a vsel per tile, where the branch yields the value with a vmov per
/// side, predicated when the lowering if-converts a small if (a scalar
/// select is one ssel).
struct HoistTrivialIfResults : public OpRewritePattern<scf::IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::IfOp op, PatternRewriter &rewriter) const override {
    if (op->getNumResults() == 0 || op.getElseRegion().empty())
      return failure();
    auto thenYield = op.thenYield().getOperands();
    auto elseYield = op.elseYield().getOperands();
    auto outside = [&](Value v) { return !op->isAncestor(v.getParentRegion()->getParentOp()); };
    // Which results leave the if: the same value on both sides, and
    // scalars from outside.
    SmallVector<bool> hoist;
    for (auto [t, e] : llvm::zip(thenYield, elseYield)) {
      bool fromOutside = outside(t) && outside(e);
      hoist.push_back(fromOutside && (t == e || !isa<VectorType>(t.getType())));
    }
    if (llvm::none_of(hoist, [](bool h) { return h; }))
      return failure();

    SmallVector<Type> kept;
    for (auto [i, t] : llvm::enumerate(thenYield))
      if (!hoist[i])
        kept.push_back(t.getType());
    auto replacement = rewriter.create<scf::IfOp>(op.getLoc(), kept, op.getCondition(),
                                                  /*withElseRegion=*/false);
    if (replacement.thenBlock())
      rewriter.eraseBlock(replacement.thenBlock());
    replacement.getThenRegion().takeBody(op.getThenRegion());
    replacement.getElseRegion().takeBody(op.getElseRegion());

    SmallVector<Value> results(op->getNumResults()), trueYields, falseYields;
    rewriter.setInsertionPoint(replacement);
    for (auto [i, te] : llvm::enumerate(llvm::zip(thenYield, elseYield))) {
      auto [t, e] = te;
      if (!hoist[i]) {
        results[i] = replacement.getResult(trueYields.size());
        trueYields.push_back(t);
        falseYields.push_back(e);
      } else if (t == e) {
        results[i] = t;
      } else {
        results[i] = rewriter.create<arith::SelectOp>(op.getLoc(), op.getCondition(), t, e);
      }
    }
    rewriter.setInsertionPointToEnd(replacement.thenBlock());
    rewriter.replaceOpWithNewOp<scf::YieldOp>(replacement.thenYield(), trueYields);
    rewriter.setInsertionPointToEnd(replacement.elseBlock());
    rewriter.replaceOpWithNewOp<scf::YieldOp>(replacement.elseYield(), falseYields);
    rewriter.replaceOp(op, results);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Division by a power of two as a multiplication
//===----------------------------------------------------------------------===//

/// `x / c` -> `x * (1 / c)` when 1 / c is exact and normal (c = +-2^k): both
/// are the exact x * 2^-k rounded once, so every result is the same bits
/// (the model's f32 is IEEE without flushing, sim/VectorMath.h), NaNs and
/// infinities included. The multiply is a VALU op of kLatVectorFloat where
/// the divide is an EUP op of kLatDivide: layer norm's `sum / 1024` stood
/// on each row group's critical path (9,361 -> 8,915 cycles).
struct DivideByPowerOfTwo : OpRewritePattern<arith::DivFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::DivFOp op, PatternRewriter &rewriter) const override {
    Attribute divisor;
    if (!matchPattern(op.getRhs(), m_Constant(&divisor)))
      return failure();
    auto splat = llvm::dyn_cast<SplatElementsAttr>(divisor);
    auto scalar = llvm::dyn_cast<FloatAttr>(splat ? splat.getSplatValue<Attribute>() : divisor);
    APFloat inverse(0.0f);
    if (!scalar || !scalar.getValue().getExactInverse(&inverse))
      return failure();
    Type type = op.getRhs().getType();
    TypedAttr inverseAttr = FloatAttr::get(getElementTypeOrSelf(type), inverse);
    if (auto shaped = llvm::dyn_cast<ShapedType>(type))
      inverseAttr = SplatElementsAttr::get(shaped, inverseAttr);
    Value c = rewriter.create<arith::ConstantOp>(op.getLoc(), type, inverseAttr);
    rewriter.replaceOpWithNewOp<arith::MulFOp>(op, op.getLhs(), c, op.getFastmathAttr());
    return success();
  }
};

}  // namespace

void TesseraDialect::getCanonicalizationPatterns(RewritePatternSet &results) const {
  results.add<HoistTrivialIfResults, DivideByPowerOfTwo>(getContext());
}

ArrayRef<std::string> mlir::tessera::canonicalizerDisabledPatterns() {
  // Upstream's patterns are named by their C++ type, which the compiler
  // that built MLIR spells: found once, among scf.if's own patterns.
  static const std::vector<std::string> labels = [] {
    MLIRContext context;
    context.loadDialect<scf::SCFDialect, arith::ArithDialect>();
    RewritePatternSet patterns(&context);
    scf::IfOp::getCanonicalizationPatterns(patterns, &context);
    std::vector<std::string> found;
    for (const std::unique_ptr<RewritePattern> &p : patterns.getNativePatterns())
      if (p->getDebugName().ends_with("ConvertTrivialIfToSelect"))
        found.push_back(p->getDebugName().str());
    return found;
  }();
  return labels;
}

Operation *TesseraDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                               Type type, Location loc) {
  auto typed = llvm::dyn_cast<TypedAttr>(value);
  if (!typed || !arith::ConstantOp::isBuildableWith(typed, type))
    return nullptr;
  return builder.create<arith::ConstantOp>(loc, type, typed);
}

namespace {

/// The bytes of `count` elements of `elementBits` each, or nullopt if more
/// than INT64_MAX.
std::optional<int64_t> bytesOf(ArrayRef<int64_t> shape, int64_t elementBits) {
  int64_t count = 1;
  for (int64_t d : shape) {
    if (ShapedType::isDynamic(d) || d < 0)
      return 0;  // the op's verifier says what is wrong with it
    if (d != 0 && count > INT64_MAX / d)
      return std::nullopt;
    count *= d;
  }
  if (count > INT64_MAX / std::max<int64_t>(elementBits, 8))
    return std::nullopt;
  return count * std::max<int64_t>(elementBits, 8) / 8;
}

/// Whether `type` (of a value in a kernel) fits the memory it lives in:
/// VMEM and values 16 MiB, SMEM 1 MiB, semaphores the core's 256, HBM a
/// chip's 32 GiB. What no TensorCore can hold no pass has to handle.
LogicalResult verifyFits(Operation *op, Type type, StringRef what) {
  auto fail = [&](std::optional<int64_t> bytes, int64_t limit, StringRef memory) {
    std::string need = bytes ? std::to_string(*bytes) : "more than " + std::to_string(INT64_MAX);
    return op->emitOpError() << what << " of type " << type << " needs " << need
                             << " bytes, more than the " << limit << " bytes of " << memory;
  };
  if (auto vector = llvm::dyn_cast<VectorType>(type)) {
    std::optional<int64_t> bytes =
        bytesOf(vector.getShape(), vector.getElementType().getIntOrFloatBitWidth());
    if (!bytes || *bytes > ::tessera::machine::kVmemBytes)
      return fail(bytes, ::tessera::machine::kVmemBytes, "VMEM a value can live in");
    return success();
  }
  auto memref = llvm::dyn_cast<MemRefType>(type);
  if (!memref || !llvm::isa_and_present<MemorySpaceAttr>(memref.getMemorySpace()))
    return success();
  Type element = memref.getElementType();
  int64_t bits = element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 32;
  std::optional<int64_t> bytes = bytesOf(memref.getShape(), bits);
  switch (getMemorySpace(memref)) {
  case MemorySpace::vmem:
    if (!bytes || *bytes > ::tessera::machine::kVmemBytes)
      return fail(bytes, ::tessera::machine::kVmemBytes, "VMEM");
    break;
  case MemorySpace::smem:
    if (!bytes || *bytes > ::tessera::machine::kSmemBytes)
      return fail(bytes, ::tessera::machine::kSmemBytes, "SMEM");
    break;
  case MemorySpace::semaphore_mem:
    // (Other data there is the passes' error to report.)
    if (!llvm::isa<DmaSemaphoreType, SemaphoreType>(element))
      break;
    if (!bytes || *bytes > ::tessera::machine::kNumSemaphores * 4)
      return fail(bytes, ::tessera::machine::kNumSemaphores * 4,
                  "semaphore memory (256 semaphores)");
    break;
  default:
    if (!bytes || *bytes > ::tessera::machine::kHbmBytes)
      return fail(bytes, ::tessera::machine::kHbmBytes, "a chip's HBM");
    break;
  }
  return success();
}

}  // namespace

LogicalResult TesseraDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  if (attr.getName() != kKernelAttr)
    return success();
  // Before the ops inside are verified (the verifier checks an op's
  // attributes on entry): their own checks may size things by these types.
  return verifyTypesFit(op);
}

LogicalResult mlir::tessera::verifyTypesFit(Operation *op) {
  WalkResult walk = op->walk<WalkOrder::PreOrder>([&](Operation *inner) {
    for (Region &region : inner->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (failed(verifyFits(inner, arg.getType(), "an argument")))
            return WalkResult::interrupt();
    for (Value result : inner->getResults())
      if (failed(verifyFits(inner, result.getType(), "a result")))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

MemorySpace mlir::tessera::getMemorySpace(MemRefType type) {
  if (auto attr = llvm::dyn_cast_or_null<MemorySpaceAttr>(type.getMemorySpace()))
    return attr.getValue();
  return MemorySpace::any;
}

Value mlir::tessera::rootRef(Value ref) {
  while (auto view = ref.getDefiningOp<ViewOp>())
    ref = view.getSource();
  return ref;
}

MemRefType mlir::tessera::getRefType(ArrayRef<int64_t> shape, Type elementType,
                                     MemorySpace space) {
  return MemRefType::get(shape, elementType, MemRefLayoutAttrInterface(),
                         MemorySpaceAttr::get(elementType.getContext(), space));
}

StringRef mlir::tessera::stringifyForUser(MemorySpace space) {
  switch (space) {
  case MemorySpace::any: return "ANY (HBM)";
  case MemorySpace::hbm: return "HBM";
  case MemorySpace::vmem: return "VMEM";
  case MemorySpace::smem: return "SMEM";
  case MemorySpace::semaphore_mem: return "semaphore memory";
  }
  return "?";
}
