//===- KernelTrace.cpp - The trace state and the process-wide context -----===//
#include "dsl/KernelTrace.h"

#include <atomic>

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/TesseraDialect.h"
#include "mlir/Transforms/TesseraPasses.h"

namespace tessera::detail {

mlir::MLIRContext &context() {
  static mlir::MLIRContext *ctx = [] {
    mlir::DialectRegistry registry;
    mlir::tessera::registerTesseraDialectsAndPasses(registry);
    auto *c = new mlir::MLIRContext(registry, mlir::MLIRContext::Threading::DISABLED);
    c->loadAllAvailableDialects();
    return c;
  }();
  return *ctx;
}

mlir::Type elementType(DType dtype) {
  mlir::Builder b(&context());
  return dtype == DType::float32 ? mlir::Type(b.getF32Type()) : mlir::Type(b.getI32Type());
}

namespace {
thread_local KernelTrace *currentTrace = nullptr;
std::atomic<uint64_t> nextTraceId{1};

mlir::tessera::MemorySpace toMlir(MemorySpace space) {
  switch (space) {
  case MemorySpace::ANY: return mlir::tessera::MemorySpace::any;
  case MemorySpace::HBM: return mlir::tessera::MemorySpace::hbm;
  case MemorySpace::VMEM: return mlir::tessera::MemorySpace::vmem;
  case MemorySpace::SMEM: return mlir::tessera::MemorySpace::smem;
  case MemorySpace::SEMAPHORE: return mlir::tessera::MemorySpace::semaphore_mem;
  }
  return mlir::tessera::MemorySpace::any;
}
}  // namespace

mlir::Location KernelTrace::loc(const std::source_location &where) {
  return mlir::FileLineColLoc::get(&context(), where.file_name(), where.line(),
                                   where.column());
}

KernelTrace::KernelTrace(const pl::KernelSpec &spec,
                         const std::vector<ShapeDtypeStruct> &inputs,
                         const std::vector<std::string> &argNames,
                         const std::source_location &where)
    : id_(nextTraceId++), previous_(currentTrace), builder_(&context()) {
  mlir::Location kernelLoc = loc(where);
  module_ = mlir::ModuleOp::create(kernelLoc);
  builder_.setInsertionPointToEnd(module_->getBody());

  // Arguments: inputs, outputs (both ANY: wherever the arrays live), scratch.
  std::vector<RefMeta> metas;
  for (size_t i = 0; i < inputs.size(); ++i)
    metas.push_back({id_, {}, inputs[i].shape, inputs[i].dtype,
                     (int)i < spec.num_scalar_prefetch ? MemorySpace::SMEM : MemorySpace::ANY,
                     ""});
  for (const ShapeDtypeStruct &t : spec.out_type.types)
    metas.push_back({id_, {}, t.shape, t.dtype, MemorySpace::ANY, ""});
  for (const pltpu::ScratchType &s : spec.scratch_types)
    metas.push_back({id_, {}, s.shape, s.dtype, s.space, ""});
  llvm::SmallVector<mlir::Type> argTypes;
  for (RefMeta &m : metas) {
    mlir::Type elem = m.space == MemorySpace::SEMAPHORE
                          ? mlir::Type(mlir::tessera::DmaSemaphoreType::get(&context()))
                          : elementType(m.dtype);
    argTypes.push_back(mlir::tessera::getRefType(m.shape, elem, toMlir(m.space)));
  }
  auto fn = builder_.create<mlir::func::FuncOp>(
      kernelLoc, spec.name, builder_.getFunctionType(argTypes, {}));
  fn->setAttr(mlir::tessera::kKernelAttr, builder_.getUnitAttr());
  fn->setAttr(mlir::tessera::kNumInputsAttr, builder_.getI64IntegerAttr(inputs.size()));
  fn->setAttr(mlir::tessera::kNumScalarInputsAttr,
              builder_.getI64IntegerAttr(spec.num_scalar_prefetch));
  fn->setAttr(mlir::tessera::kNumOutputsAttr,
              builder_.getI64IntegerAttr(spec.out_type.types.size()));
  mlir::Block *body = fn.addEntryBlock();
  for (size_t i = 0; i < metas.size(); ++i) {
    metas[i].name = i < argNames.size() ? argNames[i] : "arg" + std::to_string(i);
    fn.setArgAttr(i, mlir::tessera::kArgNameAttr, builder_.getStringAttr(metas[i].name));
    metas[i].value = body->getArgument(i);
    args_.push_back(makeRef(metas[i]));
  }
  builder_.setInsertionPointToEnd(body);
  currentTrace = this;
}

KernelTrace::~KernelTrace() { currentTrace = previous_; }

KernelTrace &KernelTrace::check(uint64_t traceId, const std::source_location &where,
                                const std::string &what) {
  if (!currentTrace || currentTrace->id_ != traceId)
    throwUserError(where, what + " is used outside the kernel that it belongs to; "
                             "Refs and values live only while their kernel body is traced");
  return *currentTrace;
}

Value KernelTrace::addValue(mlir::Value v, ShapeDtypeStruct type) {
  values_.push_back(v);
  return Value(id_, (int)values_.size() - 1, std::move(type));
}

Scalar KernelTrace::addScalar(mlir::Value v, DType dtype) {
  values_.push_back(v);
  return Scalar(id_, (int)values_.size() - 1, dtype);
}

mlir::Value KernelTrace::indexOf(const Scalar &s, const std::source_location &where) {
  mlir::Value &index = indexOf_[s.id()];
  if (!index)
    index = builder_.create<mlir::arith::IndexCastOp>(loc(where), builder_.getIndexType(),
                                                      value(s));
  return index;
}

Ref KernelTrace::makeRef(RefMeta meta) {
  return Ref(std::make_shared<const RefMeta>(std::move(meta)));
}

mlir::OwningOpRef<mlir::ModuleOp> KernelTrace::finish() {
  builder_.create<mlir::func::ReturnOp>(module_->getLoc());
  currentTrace = previous_;
  return std::move(module_);
}

}  // namespace tessera::detail
