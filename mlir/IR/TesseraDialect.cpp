//===- TesseraDialect.cpp - Dialect registration and type helpers ---------===//
#include "mlir/IR/TesseraDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
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
