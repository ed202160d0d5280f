//===- KernelTrace.cpp - The trace state and the process-wide context -----===//
#include "dsl/KernelTrace.h"

#include <atomic>
#include <filesystem>

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/TesseraDialect.h"
#include "mlir/Transforms/TesseraPasses.h"

namespace tessera::detail {

mlir::MLIRContext &context() {
  mlir::MLIRContext &c = mlir::tessera::getProcessContext();
  // Value operations record math ops (jnp::exp, ...).
  static bool loaded = (c.getOrLoadDialect<mlir::math::MathDialect>(), true);
  (void)loaded;
  return c;
}

mlir::Type elementType(DType dtype) {
  mlir::Builder b(&context());
  switch (dtype) {
  case DType::float32: return b.getF32Type();
  case DType::int32: return b.getI32Type();
  case DType::bool_: return b.getI1Type();
  case DType::bfloat16: return b.getBF16Type();
  case DType::int8: return b.getIntegerType(8);
  }
  return b.getI32Type();
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
    : id_(nextTraceId++), previous_(currentTrace), builder_(&context()),
      runtimeChecks_(!spec.compiler_params.disable_bounds_checks) {
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
    argTypes.push_back(mlir::tessera::getRefType(physicalShape(m.shape), elem, toMlir(m.space)));
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

KernelTrace &KernelTrace::current(const std::source_location &where, const std::string &what) {
  if (!currentTrace)
    throwUserError(where, what + " is used outside a kernel body; it traces into the kernel "
                                 "being traced");
  return *currentTrace;
}

namespace {
/// "k.cc:12" of an op's location, or "".
std::string lineOf(mlir::Location loc) {
  if (auto flc = llvm::dyn_cast<mlir::FileLineColLoc>(loc))
    return std::filesystem::path(flc.getFilename().str()).filename().string() + ":" +
           std::to_string(flc.getLine());
  return "";
}
}  // namespace

void KernelTrace::checkVisible(mlir::Value v, const std::source_location &where,
                               const std::string &what) {
  mlir::Region *here = builder_.getInsertionBlock()->getParent();
  mlir::Region *defined = v.getParentRegion();
  if (defined->isAncestor(here))
    return;
  // The innermost loop or branch that holds the definition but not the use.
  mlir::Operation *body = defined->getParentOp();
  while (body->getParentRegion() && !body->getParentRegion()->isAncestor(here))
    body = body->getParentRegion()->getParentOp();
  std::string at = lineOf(body->getLoc());
  throwUserError(where, what + " was made inside the body of the " +
                            std::string(llvm::isa<mlir::scf::IfOp>(body) ? "branch" : "loop") +
                            (at.empty() ? "" : " at " + at) +
                            " and is used outside it; return it from the body instead "
                            "(a carried value or a result of lax::cond)");
}

mlir::Value KernelTrace::use(const Value &v, const std::source_location &where) {
  check(v.traceId(), where, "a value");
  if (v.id() < 0)
    throwUserError(where, "use of an empty Value (default-constructed)");
  if (isStack(v))
    throwUserError(where, "a value of shape " + to_string(v.shape()) +
                              " (rank 3) is used by an operation that takes values of rank 2 "
                              "or less; rank-3 values support elementwise ops, reductions, "
                              "broadcasting, reshapes that merge or split the leading dimension "
                              "and batched dots (README: rank-3 values)");
  mlir::Value ir = values_[v.id()];
  checkVisible(ir, where, "a value");
  return ir;
}

const std::vector<Value> &KernelTrace::slices(const Value &v, const std::source_location &where) {
  check(v.traceId(), where, "a value");
  if (v.id() < 0)
    throwUserError(where, "use of an empty Value (default-constructed)");
  auto it = stacks_.find(v.id());
  if (it == stacks_.end())
    throw Error("internal error: slices() of a value of rank " + std::to_string(v.ndim()));
  for (const Value &s : it->second)
    checkVisible(values_[s.id()], where, "a value");
  return it->second;
}

Value KernelTrace::addStack(std::vector<Value> slices, ShapeDtypeStruct type) {
  values_.push_back(mlir::Value());
  int id = (int)values_.size() - 1;
  stacks_[id] = std::move(slices);
  return Value(id_, id, std::move(type));
}

mlir::Value KernelTrace::use(const Scalar &s, const std::source_location &where) {
  check(s.traceId(), where, "a scalar");
  if (s.id() < 0)
    throwUserError(where, "use of an empty Scalar (default-constructed)");
  mlir::Value ir = values_[s.id()];
  checkVisible(ir, where, "a scalar");
  return ir;
}

Scalar KernelTrace::constant(int64_t v, const std::source_location &where) {
  if (v < INT32_MIN || v > INT32_MAX)
    throwUserError(where, "the constant " + std::to_string(v) + " does not fit in int32");
  auto c = builder_.create<mlir::arith::ConstantOp>(loc(where),
                                                    builder_.getI32IntegerAttr((int32_t)v));
  return addScalar(c.getResult(), DType::int32);
}

Ref KernelTrace::addScratch(const pltpu::ScratchType &type, const std::string &name) {
  auto fn = llvm::cast<mlir::func::FuncOp>(
      module_->getBody()->front());
  mlir::Type elem = type.space == MemorySpace::SEMAPHORE
                        ? mlir::Type(mlir::tessera::DmaSemaphoreType::get(&context()))
                        : elementType(type.dtype);
  mlir::Type refType =
      mlir::tessera::getRefType(physicalShape(type.shape), elem, toMlir(type.space));
  unsigned index = fn.getNumArguments();
  fn.insertArgument(index, refType, {}, fn.getLoc());
  fn.setArgAttr(index, mlir::tessera::kArgNameAttr, builder_.getStringAttr(name));
  RefMeta meta{id_, fn.getArgument(index), type.shape, type.dtype, type.space, name};
  return makeRef(std::move(meta));
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
  mlir::Value scalar = use(s, where);
  mlir::Value &index = indexOf_[s.id()];
  if (!index) {
    mlir::OpBuilder::InsertionGuard guard(builder_);
    builder_.setInsertionPointAfterValue(scalar);
    index = builder_.create<mlir::arith::IndexCastOp>(loc(where), builder_.getIndexType(),
                                                      scalar);
  }
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
