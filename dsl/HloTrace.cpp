//===- HloTrace.cpp - Recording array ops; eager array ops ----------------===//
#include "dsl/HloTrace.h"

#include "dsl/Jit.h"
#include "dsl/KernelTrace.h"
#include "dsl/ValueBuilder.h"

namespace tessera::detail::hlo {

namespace {
thread_local HloTrace *currentHlo = nullptr;
}

HloTrace::HloTrace(runtime::OuterTrace &outer) : outer_(outer), previous_(currentHlo) {
  currentHlo = this;
}

HloTrace::~HloTrace() { currentHlo = previous_; }

HloTrace *HloTrace::current() { return currentHlo; }

int HloTrace::producer(int v) const {
  auto it = producer_.find(v);
  return it == producer_.end() ? -1 : it->second;
}

Shape HloTrace::irShape(int v) const {
  int p = producer(v);
  if (p >= 0)
    return instructions_[p].irShape;
  return outer_.program().values[v].type.shape;
}

namespace {

/// The result type and register shape of `inst` for operands of these
/// types: `apply` run on placeholder Values in a throwaway kernel trace.
/// Its user errors (broadcasting, dtypes, shapes) are the user's.
std::pair<ShapeDtypeStruct, Shape> inferType(const Instruction &inst,
                                             const std::vector<ShapeDtypeStruct> &types,
                                             const std::vector<Shape> &irShapes) {
  pl::KernelSpec spec;
  spec.name = "array_op";
  spec.out_type = ShapeDtypeStruct{{8, 128}, DType::float32};
  // Operands of rank 3 to 5 are loaded from VMEM Refs (a stack of matrices); the
  // others are splat constants of their register shape.
  for (const ShapeDtypeStruct &t : types)
    if (isBatchShape(t.shape))
      spec.scratch_types.push_back(pltpu::VMEM(t.shape, t.dtype, std::source_location{}));
  KernelTrace trace(spec, {}, {}, inst.loc);
  std::vector<ArrayLike> args;
  size_t array = 0, scratch = 1;
  for (const Arg &a : inst.args) {
    if (a.value < 0) {
      args.push_back(a.number);
      continue;
    }
    const ShapeDtypeStruct &t = types[array];
    if (isBatchShape(t.shape)) {
      args.push_back(Value(trace.argumentRefs()[scratch++][___]));
    } else {
      mlir::Value v = values::splat(trace, irShapes[array], t.dtype, 0, true, 0, inst.loc);
      args.push_back(values::make(trace, v, t.dtype, t.shape, inst.loc, "an array"));
    }
    ++array;
  }
  Value r = inst.apply(args, {});
  Shape ir = isBatchShape(r.shape()) ? r.shape() : values::irShape(trace.use(r, inst.loc));
  return {ShapeDtypeStruct{r.shape(), r.dtype()}, ir};
}

}  // namespace

Array HloTrace::record(Instruction inst) {
  std::vector<ShapeDtypeStruct> types;
  std::vector<Shape> irShapes;
  for (const Arg &a : inst.args)
    if (a.value >= 0) {
      types.push_back(outer_.program().values[a.value].type);
      irShapes.push_back(irShape(a.value));
    }
  auto [type, ir] = inferType(inst, types, irShapes);
  inst.type = type;
  inst.irShape = ir;
  inst.callsBefore = (int)outer_.program().calls.size();
  Array result = outer_.value(type, inst.opcode + "." + std::to_string(
                                                          outer_.program().values.size()));
  inst.result = result.traceValue();
  producer_[inst.result] = (int)instructions_.size();
  instructions_.push_back(std::move(inst));
  return result;
}

Array arrayOp(Instruction inst, const std::vector<ArrayOperand> &operands) {
  bool traced = false;
  for (const ArrayOperand &o : operands)
    if (o.isArray()) {
      if (o.array().is_tracer())
        traced = true;
      else if (!o.array().buffer())
        throwUserError(inst.loc, "an empty Array (default-constructed) passed to " + inst.opcode);
      if (isSemaphore(o.array().dtype()))
        throwUserError(inst.loc, inst.opcode + " of a semaphore array (" +
                                     to_string(o.array().aval()) +
                                     "): semaphores are operands of kernels only");
      // (Values of rank 0 and 1 that array ops make stay inside fusions;
      // arrays of those ranks, a jit's parameters or a kernel's outputs, are
      // not array operands.)
      Shape s = o.array().shape();
      bool made = o.array().is_tracer() && HloTrace::current() &&
                  HloTrace::current()->producer(o.array().traceValue()) >= 0;
      if (made ? s.size() > kMaxRank : (s.size() < 2 || s.size() > kMaxRank))
        throwUserError(inst.loc, inst.opcode + " of an array of shape " + to_string(s) +
                                     ": array ops take arrays of rank 2 to " +
                                     std::to_string(kMaxRank) +
                                     " (of whole (8, 128) tiles, as kernels do); reshape it "
                                     "first (a 1-D 32-bit array of a multiple of 1024 elements "
                                     "to [n / 128, 128]: no copy)");
    }
  if (!traced) {
    // Eager: a program of this one op, compiled and run now.
    std::vector<Array> args;
    for (const ArrayOperand &o : operands)
      if (o.isArray())
        args.push_back(o.array());
    ArrayFn fn = [inst, operands](const std::vector<Array> &params) {
      std::vector<ArrayOperand> traced;
      size_t k = 0;
      for (const ArrayOperand &o : operands)
        traced.push_back(o.isArray() ? ArrayOperand(params[k++]) : o);
      return arrayOp(inst, traced);
    };
    Compiled c = compileFn(fn, args, inst.loc);
    auto out = c.run(args);
    if (!out.ok())
      throw Error(std::string(out.status().message()));
    return out->front();
  }
  HloTrace *hlo = HloTrace::current();
  for (const ArrayOperand &o : operands)
    if (o.isArray() && (!hlo || o.array().trace() != &hlo->outer()))
      throwUserError(inst.loc,
                     o.array().is_tracer()
                         ? "an array traced by another jit was passed to " + inst.opcode
                         : "an array with data (from outside this jit trace) was passed to " +
                               inst.opcode + "; pass it as an argument of the jitted function");
  for (const ArrayOperand &o : operands)
    if (o.isArray() && hlo->outer().program().values[o.array().traceValue()].perDevice)
      throwUserError(inst.loc, "array code inside shard_map is not supported yet (" +
                                   inst.opcode +
                                   " of a per-device value); call a kernel there, or compute "
                                   "outside the shard_map");
  for (const ArrayOperand &o : operands)
    inst.args.push_back(o.isArray() ? Arg{o.array().traceValue(), 0.0} : Arg{-1, o.number()});
  return hlo->record(std::move(inst));
}

}  // namespace tessera::detail::hlo
