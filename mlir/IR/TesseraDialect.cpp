//===- TesseraDialect.cpp - Dialect registration and type helpers ---------===//
#include "mlir/IR/TesseraDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

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
