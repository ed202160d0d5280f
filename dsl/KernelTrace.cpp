//===- KernelTrace.cpp - The trace state and the process-wide context -----===//
#include "dsl/KernelTrace.h"

#include <atomic>
#include <filesystem>
#include <map>
#include <tuple>
#include <unordered_map>

#include "dsl/Jit.h"
#include "dsl/ValueBuilder.h"
#include "llvm/ADT/StringMap.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/TesseraDialect.h"
#include "mlir/Transforms/TesseraPasses.h"
#include "sim/MachineDesc.h"

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
  case DType::int8:
  case DType::uint8: return b.getIntegerType(8);  // signless: the ops carry the signedness
  case DType::int16:
  case DType::uint16: return b.getIntegerType(16);
  case DType::uint32: return b.getI32Type();
  case DType::dma_semaphore:
  case DType::semaphore: break;  // semaphore Refs have semaphore types (refType)
  case DType::int4:
  case DType::float8_e4m3fn:
  case DType::float8_e5m2:
    throw Error("internal error: a " + to_string(dtype) + " value reached the kernel IR");
  }
  return b.getI32Type();
}

mlir::Type memoryElementType(DType dtype) {
  return elementType(dtype == DType::bool_ ? DType::int32 : dtype);
}

namespace {
thread_local KernelTrace *currentTrace = nullptr;
std::atomic<uint64_t> nextTraceId{kUnboundTrace + 1};

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

/// The location of a source position. Tracing asks for one per op, mostly
/// the same few positions again and again (every compile of a kernel, a
/// loop body's lines); the uniqued FileLineColLoc is kept by the position's
/// file-name pointer, line and column (and the file's name compared, so that
/// a pointer reused for another name after a library unloads is a miss).
/// The process context lives as long as the process, so its locations do.
mlir::Location KernelTrace::loc(const std::source_location &where) {
  struct Key {
    const char *file;
    uint32_t line, column;
    bool operator==(const Key &o) const {
      return file == o.file && line == o.line && column == o.column;
    }
  };
  struct KeyHash {
    size_t operator()(const Key &k) const {
      return llvm::hash_combine(k.file, k.line, k.column);
    }
  };
  thread_local std::unordered_map<Key, mlir::FileLineColLoc, KeyHash> cache;
  Key key{where.file_name(), where.line(), where.column()};
  auto [it, added] = cache.try_emplace(key);
  if (added || it->second.getFilename().getValue() != where.file_name())
    it->second = mlir::FileLineColLoc::get(&context(), where.file_name(), where.line(),
                                           where.column());
  return it->second;
}

namespace {
/// The ref type of an argument or scratch buffer. MemRefType::get builds
/// an identity layout map and uniques the type each time; a kernel's
/// arguments are the same few types at every compile, so they are kept.
mlir::MemRefType refType(const Shape &shape, DType dtype, MemorySpace space,
                         pltpu::SemaphoreKind semaphore = pltpu::SemaphoreKind::DMA) {
  struct Key {
    Shape shape;
    DType dtype;
    MemorySpace space;
    bool regular;
    bool operator<(const Key &o) const {
      return std::tie(dtype, space, regular, shape) <
             std::tie(o.dtype, o.space, o.regular, o.shape);
    }
  };
  thread_local std::map<Key, mlir::MemRefType> cache;
  // REGULAR and BARRIER semaphores are one type: the same counters.
  bool regular = space == MemorySpace::SEMAPHORE && semaphore != pltpu::SemaphoreKind::DMA;
  Key key{shape, dtype, space, regular};
  auto it = cache.find(key);
  if (it != cache.end())
    return it->second;
  mlir::Type elem = space != MemorySpace::SEMAPHORE
                        ? memoryElementType(dtype)
                    : regular ? mlir::Type(mlir::tessera::SemaphoreType::get(&context()))
                              : mlir::Type(mlir::tessera::DmaSemaphoreType::get(&context()));
  mlir::MemRefType type =
      mlir::tessera::getRefType(memoryShape(shape, dtype, space), elem, toMlir(space));
  cache.emplace(std::move(key), type);
  return type;
}

/// The name of an attribute, made once (the process context lives as long
/// as the process).
template <const llvm::StringLiteral &Name>
mlir::StringAttr attrName() {
  thread_local mlir::StringAttr name = mlir::StringAttr::get(&context(), Name);
  return name;
}

/// An argument's attributes: its name (tessera.name) and, for an unsigned
/// dtype, the dtype (tessera.dtype). Kept by both: every compile of a kernel
/// names its arguments the same.
mlir::DictionaryAttr argAttrsOf(const std::string &name, DType dtype) {
  // By name, one table per unsigned dtype (and one for the rest): a lookup
  // on every trace, cache hits too, builds no key.
  thread_local std::map<DType, llvm::StringMap<mlir::DictionaryAttr>> caches;
  mlir::DictionaryAttr &attrs = caches[isUnsigned(dtype) ? dtype : DType::int32][name];
  if (!attrs) {
    mlir::Builder b(&context());
    llvm::SmallVector<mlir::NamedAttribute> named = {
        {attrName<mlir::tessera::kArgNameAttr>(), b.getStringAttr(name)}};
    if (isUnsigned(dtype))
      named.push_back({attrName<mlir::tessera::kArgDtypeAttr>(), b.getStringAttr(to_string(dtype))});
    attrs = b.getDictionaryAttr(named);
  }
  return attrs;
}

/// The kernel function's own attributes (the kernel mark, the numbers of
/// inputs, scalar inputs and outputs), kept by those numbers: made at once
/// rather than one setAttr each, which would make and unique a dictionary
/// every time.
mlir::DictionaryAttr kernelAttrs(int64_t inputs, int64_t scalarInputs, int64_t outputs,
                                 int64_t cores) {
  thread_local std::map<std::tuple<int64_t, int64_t, int64_t, int64_t>, mlir::DictionaryAttr>
      cache;
  mlir::DictionaryAttr &attrs = cache[{inputs, scalarInputs, outputs, cores}];
  if (!attrs) {
    mlir::Builder b(&context());
    llvm::SmallVector<mlir::NamedAttribute> list = {
        {attrName<mlir::tessera::kKernelAttr>(), b.getUnitAttr()},
        {attrName<mlir::tessera::kNumInputsAttr>(), b.getI64IntegerAttr(inputs)},
        {attrName<mlir::tessera::kNumScalarInputsAttr>(), b.getI64IntegerAttr(scalarInputs)},
        {attrName<mlir::tessera::kNumOutputsAttr>(), b.getI64IntegerAttr(outputs)}};
    if (cores > 1)
      list.push_back({attrName<mlir::tessera::kNumCoresAttr>(), b.getI64IntegerAttr(cores)});
    attrs = b.getDictionaryAttr(list);
  }
  return attrs;
}
}  // namespace

KernelTrace::KernelTrace(const pl::KernelSpec &spec,
                         const std::vector<ShapeDtypeStruct> &inputs,
                         const std::vector<std::string> &argNames,
                         const std::source_location &where)
    : id_(nextTraceId++), previous_(currentTrace), builder_(&context()),
      runtimeChecks_(!spec.compiler_params.disable_bounds_checks),
      collectiveId_(spec.compiler_params.collective_id), numCores_(spec.mesh.num_cores), coreAxis_(spec.mesh.axis_name) {
  // Pallas traces a kernel's body once, to a kernel of its own: a kernel
  // launched from inside another's body has no meaning on the chip.
  if (previous_)
    throwUserError(where, "kernel '" + spec.name + "' is called inside the body of kernel '" +
                              previous_->name_ + "' (" + previous_->position_ +
                              "): a kernel body cannot launch another kernel; call it outside "
                              "the body (use pltpu::emit_pipeline for a pipeline inside one)");
  name_ = spec.name;
  position_ = positionString(where);
  mlir::Location kernelLoc = loc(where);
  module_ = mlir::ModuleOp::create(kernelLoc);
  builder_.setInsertionPointToEnd(module_->getBody());

  // Arguments: inputs, outputs (both ANY: wherever the arrays live), scratch.
  std::vector<RefMeta> metas;
  metas.reserve(inputs.size() + spec.out_type.types.size() + spec.scratch_types.size());
  // What each semaphore Ref counts (DMA for the other Refs). Semaphore
  // operands (arrays of dtype dma_semaphore / semaphore) are semaphore
  // Refs, as scratch semaphores are.
  std::vector<pltpu::SemaphoreKind> kinds;
  auto addOperand = [&](const ShapeDtypeStruct &t, MemorySpace space) {
    bool semaphore = isSemaphore(t.dtype);
    metas.push_back({.trace = id_,
                     .shape = t.shape,
                     .dtype = semaphore ? DType::int32 : t.dtype,
                     .space = semaphore ? MemorySpace::SEMAPHORE : space});
    kinds.push_back(t.dtype == DType::semaphore ? pltpu::SemaphoreKind::REGULAR
                                                : pltpu::SemaphoreKind::DMA);
  };
  for (size_t i = 0; i < inputs.size(); ++i)
    addOperand(inputs[i],
               (int)i < spec.num_scalar_prefetch ? MemorySpace::SMEM : MemorySpace::ANY);
  for (const ShapeDtypeStruct &t : spec.out_type.types)
    addOperand(t, MemorySpace::ANY);
  for (const pltpu::ScratchType &s : spec.scratch_types) {
    metas.push_back({.trace = id_, .shape = s.shape, .dtype = s.dtype, .space = s.space});
    kinds.push_back(s.semaphore);
  }
  llvm::SmallVector<mlir::Type> argTypes;
  llvm::SmallVector<mlir::DictionaryAttr> argAttrs;
  for (size_t i = 0; i < metas.size(); ++i) {
    RefMeta &m = metas[i];
    argTypes.push_back(refType(m.shape, m.dtype, m.space, kinds[i]));
    m.name = i < argNames.size() ? argNames[i] : "arg" + std::to_string(i);
    argAttrs.push_back(argAttrsOf(m.name, m.dtype));
  }
  auto fn = builder_.create<mlir::func::FuncOp>(
      kernelLoc, spec.name, builder_.getFunctionType(argTypes, {}),
      llvm::ArrayRef<mlir::NamedAttribute>{}, argAttrs);
  fn->setDiscardableAttrs(kernelAttrs(inputs.size(), spec.num_scalar_prefetch,
                                      spec.out_type.types.size(), numCores_));
  mlir::Block *body = fn.addEntryBlock();
  for (size_t i = 0; i < metas.size(); ++i) {
    metas[i].value = body->getArgument(i);
    args_.push_back(makeRef(std::move(metas[i])));
  }
  builder_.setInsertionPointToEnd(body);
  currentTrace = this;
}

KernelTrace::~KernelTrace() { currentTrace = previous_; }

KernelTrace &KernelTrace::check(uint64_t traceId, const std::source_location &where,
                                What what) {
  if (traceId == kUnboundTrace && what.isRef())
    throwUserError(where, what.str() + " of pl::run_state is used outside pl::core_map: only "
                                       "the body of a core_map inside the run_state can use it");
  if (!currentTrace || currentTrace->id_ != traceId)
    throwUserError(where, what.str() + " is used outside the kernel that it belongs to; "
                             "Refs and values live only while their kernel body is traced");
  return *currentTrace;
}

KernelTrace *KernelTrace::active() { return currentTrace; }

KernelTrace &KernelTrace::current(const std::source_location &where, What what) {
  if (!currentTrace)
    throwUserError(where, what.str() + " is used outside a kernel body; it traces into the kernel "
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

int64_t KernelTrace::vmemScratchBytes() const {
  int64_t scratch = 0;
  for (const Ref &r : args_)
    if (r.memory_space() == MemorySpace::VMEM)
      scratch += pltpu::VMEM(r.shape(), r.dtype()).vmemBytes().value_or(0);
  return scratch;
}

int KernelTrace::openScope(int64_t vmemBytes, const std::source_location &where) {
  int64_t scratch = vmemScratchBytes();
  scopedVmemBytes_ += vmemBytes;
  if (scratch + scopedVmemBytes_ > machine::kVmemBytes)
    throwUserError(where, "pl::run_scoped: its buffers need " + std::to_string(vmemBytes) +
                              " bytes of VMEM; with the kernel's scratch (" +
                              std::to_string(scratch) + " bytes) and the earlier scopes' (" +
                              std::to_string(scopedVmemBytes_ - vmemBytes) +
                              " bytes: each scope has buffers of its own) that is over the " +
                              std::to_string(machine::kVmemBytes) + " bytes of VMEM");
  return scopes_++;
}

void KernelTrace::closeScope(const std::vector<Ref> &refs, const std::source_location &where) {
  for (const Ref &r : refs)
    endedScopes_[r.meta().value] = positionString(where);
}

void KernelTrace::checkVisible(mlir::Value v, const std::source_location &where, What what) {
  if (!endedScopes_.empty()) {
    mlir::Value root = v;
    while (auto view = root.getDefiningOp<mlir::tessera::ViewOp>())
      root = view.getSource();
    if (auto it = endedScopes_.find(root); it != endedScopes_.end())
      throwUserError(where, what.str() + " is a buffer of the pl::run_scoped at " + it->second +
                                ", used after that scope ended; its buffers live only while "
                                "its body runs");
  }
  mlir::Region *here = builder_.getInsertionBlock()->getParent();
  mlir::Region *defined = v.getParentRegion();
  if (defined->isAncestor(here))
    return;
  // The innermost loop or branch that holds the definition but not the use.
  mlir::Operation *body = defined->getParentOp();
  while (body->getParentRegion() && !body->getParentRegion()->isAncestor(here))
    body = body->getParentRegion()->getParentOp();
  std::string at = lineOf(body->getLoc());
  throwUserError(where, what.str() + " was made inside the body of the " +
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
                              " (rank " + std::to_string(v.ndim()) +
                              ") is used by an operation that takes values of rank 2 or less; "
                              "values of rank 3 to 5 support elementwise ops, reductions, "
                              "broadcasting, transposes and reshapes of the leading dimensions "
                              "and batched dots (README: values of rank 3 to 5)");
  mlir::Value ir = values_[v.id()];
  checkVisible(ir, where, "a value");
  if (auto it = folded_.find(v.id()); it != folded_.end()) {
    // Its row, converted again where the last conversion is not visible.
    mlir::Value &row = it->second;
    if (!row || !row.getParentRegion()->isAncestor(builder_.getInsertionBlock()->getParent()))
      row = detail::values::unfold(*this, ir, where);
    return row;
  }
  return ir;
}

mlir::Value KernelTrace::useElementwise(const Value &v, const std::source_location &where) {
  if (!isFolded(v))
    return use(v, where);
  check(v.traceId(), where, "a value");
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
  if (!isBatchShape(type.shape) || numMatrices(type.shape) != (int64_t)slices.size())
    throw Error("internal error: a stack of " + std::to_string(slices.size()) +
                " slices typed " + to_string(type.shape));
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

mlir::Value KernelTrace::int32Value(const IntOrScalar &v, const std::string &what,
                                    const std::source_location &where) {
  if (!v.isScalar)
    return use(constant(v.constant, where), where);
  if (v.scalar.dtype() != DType::int32)
    throwUserError(where, what + " must be an int32 scalar, not " + to_string(v.scalar.dtype()));
  return use(v.scalar, where);
}

Scalar KernelTrace::coreIndex(const std::source_location &where) {
  auto c = builder_.create<mlir::tessera::CoreIndexOp>(loc(where), builder_.getI32Type());
  return addScalar(c.getResult(), DType::int32);
}

Scalar KernelTrace::deviceIndex(const std::source_location &where) {
  auto d = builder_.create<mlir::tessera::DeviceIdOp>(loc(where), builder_.getI32Type());
  return addScalar(d.getResult(), DType::int32);
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
  unsigned index = fn.getNumArguments();
  fn.insertArgument(index, refType(type.shape, type.dtype, type.space, type.semaphore), {},
                    fn.getLoc());
  fn.setArgAttrs(index, argAttrsOf(name, type.dtype));
  RefMeta meta{.trace = id_,
               .value = fn.getArgument(index),
               .shape = type.shape,
               .dtype = type.dtype,
               .space = type.space,
               .name = name};
  return makeRef(std::move(meta));
}

Value KernelTrace::addValue(mlir::Value v, ShapeDtypeStruct type) {
  values_.push_back(v);
  int id = (int)values_.size() - 1;
  if (type.shape.size() == 1) {
    int64_t n = type.shape[0], lanes = machine::kLanes;
    auto ir = llvm::cast<mlir::VectorType>(v.getType()).getShape();
    if (n > lanes && n % lanes == 0 && ir[0] == n / lanes && ir[1] == lanes)
      folded_[id] = {};
  }
  return Value(id_, id, std::move(type));
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

Ref KernelTrace::barrierSemaphore(const std::source_location &where) {
  if (!collectiveId_)
    throwUserError(where, "pltpu::get_barrier_semaphore needs CompilerParams::collective_id "
                          "(.compiler_params = {.collective_id = 0}): share an id only between "
                          "kernels with the same communication pattern");
  if (!barrier_)
    barrier_ = addScratch(pltpu::SemaphoreType::BARRIER, "barrier_semaphore");
  return *barrier_;
}

void KernelTrace::checkAtRunTime(const Scalar &ok, const std::string &message,
                                 const std::vector<Scalar> &args,
                                 const std::source_location &loc, bool guardsReads) {
  if (!runtimeChecks_)
    return;
  llvm::SmallVector<mlir::Value> values;
  for (const Scalar &a : args)
    values.push_back(use(a, loc));
  builder().create<mlir::tessera::CheckOp>(this->loc(loc), use(ok, loc),
                                           builder().getStringAttr(message), values,
                                           guardsReads);
}

Scalar KernelTrace::unsignedBelow(const Scalar &i, int64_t bound, bool inclusive,
                                  const std::source_location &loc) {
  auto &b = builder();
  mlir::Location l = this->loc(loc);
  mlir::Value below = b.create<mlir::arith::CmpIOp>(
      l, inclusive ? mlir::arith::CmpIPredicate::ule : mlir::arith::CmpIPredicate::ult,
      use(i, loc), b.create<mlir::arith::ConstantOp>(l, b.getI32IntegerAttr((int32_t)bound)));
  return addScalar(below, DType::bool_);
}

void KernelTrace::insertDeviceBarrier() {
  const auto *scope = tessera::detail::currentShardMap();
  if (collectiveId_ || !scope || scope->spec->mesh.size() <= 1)
    return;
  auto fn = llvm::cast<mlir::func::FuncOp>(module_->getBody()->front());
  bool communicates = false;
  fn.walk([&](mlir::Operation *op) {
    if (auto signal = llvm::dyn_cast<mlir::tessera::SemaphoreSignalOp>(op))
      communicates = communicates || signal.getDevice();
    communicates = communicates || llvm::isa<mlir::tessera::RemoteDmaStartOp>(op);
  });
  if (!communicates)
    return;
  // Every device signals each other device's barrier semaphore once, then
  // waits for the others' signals: no device's copy can reach another
  // before that one has started the kernel.
  Ref barrier = addScratch(pltpu::SemaphoreType::BARRIER, "device_barrier");
  mlir::Location where = fn.getLoc();
  mlir::OpBuilder b(&context());
  b.setInsertionPointToStart(&fn.getBody().front());
  int64_t n = scope->spec->mesh.size();
  auto i32 = [&](int64_t v) {
    return b.create<mlir::arith::ConstantOp>(where, b.getI32IntegerAttr((int32_t)v)).getResult();
  };
  mlir::Value me = b.create<mlir::tessera::DeviceIdOp>(where, b.getI32Type());
  mlir::Value one = i32(1), size = i32(n);
  for (int64_t k = 1; k < n; ++k) {
    mlir::Value sum = b.create<mlir::arith::AddIOp>(where, me, i32(k));
    mlir::Value other = b.create<mlir::arith::RemSIOp>(where, sum, size);
    b.create<mlir::tessera::SemaphoreSignalOp>(where, barrier.meta().value, one, mlir::Value(),
                                               other);
  }
  b.create<mlir::tessera::SemaphoreWaitOp>(where, barrier.meta().value, i32(n - 1));
}

int KernelTrace::descriptorMade(const std::source_location &where, const char *fn) {
  descriptors_.push_back({where, fn, false});
  return (int)descriptors_.size() - 1;
}

void KernelTrace::descriptorUsed(int id) { descriptors_.at(id).used = true; }

mlir::OwningOpRef<mlir::ModuleOp> KernelTrace::finish() {
  for (const Descriptor &d : descriptors_)
    if (!d.used)
      throwUserError(d.where, std::string(d.fn) +
                                  ": this DMA descriptor is never started or waited, so it "
                                  "copies nothing; call .start() on it (and wait for it before "
                                  "the data is used)");
  insertDeviceBarrier();
  builder_.create<mlir::func::ReturnOp>(module_->getLoc());
  currentTrace = previous_;
  return std::move(module_);
}

}  // namespace tessera::detail
