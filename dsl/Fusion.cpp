//===- Fusion.cpp - The fusing compiler of array programs under jit -------===//
#include "dsl/Fusion.h"

#include <map>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "dsl/ControlFlow.h"
#include "dsl/PallasCall.h"
#include "dsl/Values.h"
#include "runtime/Host.h"

namespace tessera::detail {

namespace {

using runtime::OuterProgram;

/// The kernel-body value of one array op, at the user's line.
Value evaluate(const OuterProgram::ArrayOp &op, const std::map<int, Value> &vals) {
  const Value &a = vals.at(op.operands[0]);
  auto other = [&]() -> ArrayLike {
    if (op.operands.size() > 1)
      return vals.at(op.operands[1]);
    return ArrayLike(*op.scalar);
  };
  static const std::map<std::string, const char *> kBinary = {
      {"add", "+"}, {"subtract", "-"}, {"multiply", "*"}, {"divide", "/"}};
  if (auto it = kBinary.find(op.opcode); it != kBinary.end())
    return op.scalarFirst ? binaryOp(it->second, other(), a, op.loc)
                          : binaryOp(it->second, a, other(), op.loc);
  static const std::map<std::string, const char *> kCompare = {
      {"compare-LT", "<"}, {"compare-LE", "<="}, {"compare-GT", ">"},
      {"compare-GE", ">="}, {"compare-EQ", "=="}, {"compare-NE", "!="}};
  if (auto it = kCompare.find(op.opcode); it != kCompare.end())
    return binaryOp(it->second, a, other(), op.loc);
  if (op.opcode == "select") {
    ArrayLike onFalse = op.operands.size() > 2 ? ArrayLike(vals.at(op.operands[2]))
                                               : ArrayLike(*op.scalar);
    return jnp::where(a, vals.at(op.operands[1]), onFalse, op.loc);
  }
  if (op.opcode == "convert")
    return a.astype(op.dtype, op.loc);
  if (op.opcode == "maximum")
    return jnp::maximum(a, other(), op.loc);
  if (op.opcode == "exponential")
    return jnp::exp(a, op.loc);
  if (op.opcode == "reduce-max")
    return jnp::max(a, 1, /*keepdims=*/true, op.loc);
  if (op.opcode == "reduce-sum")
    return jnp::sum(a, 1, /*keepdims=*/true, op.loc);
  if (op.opcode == "negate")
    return -At<Value>(a, op.loc);
  throwUserError(op.loc, "the fusing compiler has no kernel code for '" + op.opcode + "' yet");
}

/// "f32[8,128]{1,0:T(8,128)}".
std::string typed(const ShapeDtypeStruct &t) {
  return to_string(t) + runtime::layoutString(t);
}

/// XLA's text of a fused computation: parameters, the ops (a scalar as a
/// constant broadcast), the root.
std::string fusedText(const std::string &name, const OuterProgram &p,
                      const std::vector<const OuterProgram::ArrayOp *> &ops,
                      const std::vector<int> &inputs, int root) {
  std::map<int, std::string> names;
  std::vector<std::string> params, lines;
  for (size_t i = 0; i < inputs.size(); ++i) {
    names[inputs[i]] = absl::StrCat("param_", i);
    params.push_back(absl::StrCat("param_", i, ": ", to_string(p.values[inputs[i]].type)));
    lines.push_back(absl::StrCat("%param_", i, " = ", typed(p.values[inputs[i]].type),
                                 " parameter(", i, ")"));
  }
  int constants = 0;
  for (const OuterProgram::ArrayOp *op : ops) {
    const ShapeDtypeStruct &t = p.values[op->result].type;
    std::vector<std::string> operands;
    for (int v : op->operands)
      operands.push_back("%" + names.at(v));
    if (op->scalar) {
      // The constant has the array operands' dtype (a compare's result is pred).
      ShapeDtypeStruct st{t.shape, p.values[op->operands.back()].type.dtype};
      std::string c = absl::StrCat("constant.", constants), b = absl::StrCat("broadcast.", constants);
      ++constants;
      lines.push_back(absl::StrCat("%", c, " = ", to_string(st.dtype), "[] constant(",
                                   absl::StrCat(*op->scalar), ")"));
      lines.push_back(absl::StrCat("%", b, " = ", typed(st), " broadcast(%", c,
                                   "), dimensions={}"));
      operands.insert(op->scalarFirst ? operands.begin() : operands.end(), "%" + b);
    }
    // An [R,1] operand of an [R,C] op: broadcast along the rows.
    for (size_t i = 0; i < op->operands.size() && op->opcode != "dot"; ++i) {
      const ShapeDtypeStruct &o = p.values[op->operands[i]].type;
      if (o.shape == t.shape || op->opcode.starts_with("reduce"))
        continue;
      std::string b = absl::StrCat("broadcast.", constants++);
      lines.push_back(absl::StrCat("%", b, " = ", typed(t), " broadcast(",
                                   operands[i + (op->scalar && op->scalarFirst ? 1 : 0)],
                                   "), dimensions={0,1}"));
      operands[i + (op->scalar && op->scalarFirst ? 1 : 0)] = "%" + b;
    }
    std::string opcode = op->opcode, attributes;
    if (op->opcode.starts_with("compare-")) {
      opcode = "compare";
      attributes = ", direction=" + op->opcode.substr(8);
    }
    if (op->opcode == "dot")
      attributes = ", lhs_contracting_dims={1}, rhs_contracting_dims={0}";
    if (op->opcode.starts_with("reduce-")) {
      // reduce(x, init), its reducer named by what it computes.
      bool max = op->opcode == "reduce-max";
      std::string init = absl::StrCat("constant.", constants++);
      lines.push_back(absl::StrCat("%", init, " = ", to_string(t.dtype), "[] constant(",
                                   max ? "-inf" : "0", ")"));
      operands.push_back("%" + init);
      opcode = "reduce";
      attributes = absl::StrCat(", dimensions={1}, to_apply=%", max ? "maximum" : "add",
                                ".reducer");
    }
    names[op->result] = p.values[op->result].name;
    lines.push_back(absl::StrCat(op->result == root ? "ROOT " : "", "%", names[op->result], " = ",
                                 typed(t), " ", opcode, "(", absl::StrJoin(operands, ", "), ")",
                                 attributes));
  }
  std::string out = absl::StrCat("%", name, " (", absl::StrJoin(params, ", "), ") -> ",
                                 to_string(p.values[root].type), " {\n");
  for (const std::string &l : lines)
    absl::StrAppend(&out, "  ", l, "\n");
  return out + "}\n";
}

/// The rows of a fusion kernel's blocks: the most (a multiple of a tile's
/// rows, dividing the array's) whose block fits `blockBytes`; all of them
/// when the rows are not whole tiles.
int64_t blockRows(const ShapeDtypeStruct &t, int64_t blockBytes) {
  int64_t rows = t.shape[0], tile = machine::kSublanes * packing(t.dtype);
  int64_t rowBytes = t.shape[1] * itemsize(t.dtype);
  if (rows % tile != 0)
    return rows;
  int64_t best = tile;
  for (int64_t r = tile; r <= rows; r += tile)
    if (rows % r == 0 && r * rowBytes <= blockBytes)
      best = r;
  return best;
}

/// A loop fusion's kernel: a pallas_call over row blocks of the output
/// whose body loads each input's block and applies the ops in order.
pl::PallasCall loopKernel(const OuterProgram &p,
                          const std::vector<const OuterProgram::ArrayOp *> &ops,
                          const std::vector<int> &inputs, const ShapeDtypeStruct &type,
                          bool interpret) {
  // Row reductions keep the block small and work through it in slices of
  // a tile's rows (as samples/softmax.cc does), so that the values of a
  // slice stay in registers.
  bool reduces = false;
  for (const OuterProgram::ArrayOp *op : ops)
    reduces = reduces || op->opcode.starts_with("reduce-");
  int64_t rows = blockRows(type, reduces ? kFusionRowBlockBytes : kFusionBlockBytes);
  int64_t slice = machine::kSublanes * packing(type.dtype);
  if (!reduces || rows % slice != 0)
    slice = rows;
  pl::PallasCallSpec spec;
  spec.out_shape = ShapeDtypeStruct{type.shape, type.dtype};
  spec.grid = {type.shape[0] / rows};
  auto block = [&](const ShapeDtypeStruct &t) {
    return pl::BlockSpec({rows, t.shape[1]}, [](Scalar i) { return std::tuple{i, 0}; },
                         ops.back()->loc);
  };
  for (int i : inputs)
    spec.in_specs.push_back(block(p.values[i].type));
  spec.out_specs = {block(type)};
  spec.name = "fusion";
  spec.compiler_params.dimension_semantics = {pltpu::PARALLEL};
  spec.interpret = interpret;
  std::vector<OuterProgram::ArrayOp> body;
  for (const OuterProgram::ArrayOp *op : ops)
    body.push_back(*op);
  int root = ops.back()->result;
  std::source_location loc = ops.back()->loc;
  return pl::PallasCall(
      spec, (int)inputs.size() + 1,
      [inputs, body, root, rows, slice, loc](const std::vector<Ref> &refs) {
        auto compute = [&](std::optional<Scalar> first) {
          auto window = [&](const Ref &r) -> RefAccess {
            return first ? r[pl::ds(pl::multiple_of(*first * slice, slice, loc), slice)]
                         : r[___];
          };
          std::map<int, Value> vals;
          for (size_t i = 0; i < inputs.size(); ++i)
            vals[inputs[i]] = window(refs[i]);
          for (const OuterProgram::ArrayOp &op : body)
            vals[op.result] = evaluate(op, vals);
          window(refs.back()) = vals.at(root);
        };
        if (slice == rows)
          compute(std::nullopt);
        else
          pl::loop(0, rows / slice, 1, {.unroll = kFusionRowUnroll}, loc)(
              [&](Scalar g) { compute(g); });
      },
      loc);
}

/// A dot's kernel (an output fusion): a pallas_call over (M, N, K) blocks
/// with an f32 accumulator, as samples/matmul.cc tiles it: blocks of up to
/// (kDotBlockM, kDotBlockN, kDotBlockK), the dot in row slices of
/// kDotSliceM (the accumulators of a slice stay in registers).
pl::PallasCall dotKernel(const OuterProgram::ArrayOp &op, const OuterProgram &p, bool interpret) {
  const ShapeDtypeStruct &x = p.values[op.operands[0]].type, &y = p.values[op.operands[1]].type;
  const ShapeDtypeStruct &out = p.values[op.result].type;
  const int64_t M = x.shape[0], K = x.shape[1], N = y.shape[1];
  auto fit = [](int64_t dim, int64_t most, int64_t unit) {
    int64_t b = std::min(dim, most);
    while (dim % b != 0 || b % unit != 0)
      b -= unit;
    return b;
  };
  const int64_t bm = fit(M, kDotBlockM, machine::kSublanes), bn = fit(N, kDotBlockN, machine::kLanes),
                bk = fit(K, kDotBlockK, machine::kLanes), nk = K / bk;
  const int64_t tm = fit(bm, kDotSliceM, machine::kSublanes);
  pl::PallasCallSpec spec;
  spec.out_shape = ShapeDtypeStruct{out.shape, out.dtype};
  spec.grid = {M / bm, N / bn, nk};
  spec.in_specs = {
      pl::BlockSpec({bm, bk}, [](Scalar i, Scalar, Scalar k) { return std::tuple{i, k}; }, op.loc),
      pl::BlockSpec({bk, bn}, [](Scalar, Scalar j, Scalar k) { return std::tuple{k, j}; }, op.loc)};
  spec.out_specs = {
      pl::BlockSpec({bm, bn}, [](Scalar i, Scalar j, Scalar) { return std::tuple{i, j}; }, op.loc)};
  spec.scratch_shapes = {pltpu::VMEM({bm, bn}, DType::float32)};
  spec.name = "fusion";
  spec.compiler_params.dimension_semantics = {pltpu::PARALLEL, pltpu::PARALLEL,
                                              pltpu::ARBITRARY};
  spec.interpret = interpret;
  std::source_location loc = op.loc;
  return pl::PallasCall(
      spec, 4,
      [nk, bm, tm, loc](const std::vector<Ref> &refs) {
        const Ref &x_ref = refs[0], &y_ref = refs[1], &o_ref = refs[2], &acc_ref = refs[3];
        Scalar k = pl::program_id(2, loc);
        pl::when(k == 0, [&] { acc_ref[___] = 0.0; }, loc);
        for (int64_t m0 = 0; m0 < bm; m0 += tm)
          acc_ref[pl::ds(m0, tm)] =
              At<Value>(acc_ref[pl::ds(m0, tm)], loc) +
              jnp::dot(x_ref[pl::ds(m0, tm)], y_ref[___],
                       {.preferred_element_type = DType::float32}, loc);
        pl::when(k == nk - 1, [&] {
          Value acc = acc_ref[___];
          o_ref[___] = o_ref.dtype() == DType::float32 ? acc : acc.astype(o_ref.dtype(), loc);
        }, loc);
      },
      loc);
}

}  // namespace

runtime::OuterProgram fuseArrayOps(runtime::OuterProgram p, bool interpret) {
  if (p.arrayOps.empty())
    return p;
  const size_t n = p.values.size();
  // Uses of each value, and the array op making it.
  std::vector<int> uses(n, 0);
  std::map<int, size_t> opOf;
  for (size_t i = 0; i < p.arrayOps.size(); ++i) {
    opOf[p.arrayOps[i].result] = i;
    for (int v : p.arrayOps[i].operands)
      ++uses[v];
  }
  for (const OuterProgram::Call &c : p.calls)
    for (int v : c.operands)
      uses[v] += 2;  // a kernel's operand leaves any fusion
  for (const OuterProgram::Value &v : p.values)
    if (v.source >= 0)
      uses[v.source] += 2;
  for (int v : p.outputs)
    uses[v] += 2;
  // Loop fusion: a single-use op goes into its consumer's fusion.
  std::map<int, int> consumer;
  // Multi-consumer loop fusion, walking back from the last op: an op joins
  // its consumers' fusion when all of them are array ops of one fusion and
  // its result is used nowhere else (not by a kernel, a shard_map, or as
  // an output); otherwise it is a fusion's root. A dot is a fusion of its
  // own (its kernel tiles the MXU work).
  std::map<int, std::vector<const OuterProgram::ArrayOp *>> consumers;
  for (const OuterProgram::ArrayOp &op : p.arrayOps)
    for (int v : op.operands)
      consumers[v].push_back(&op);
  std::map<int, int> rootOf;
  for (auto it = p.arrayOps.rbegin(); it != p.arrayOps.rend(); ++it) {
    int v = it->result;
    std::set<int> groupsOfConsumers;
    bool dot = it->opcode == "dot";
    for (const OuterProgram::ArrayOp *c : consumers[v]) {
      groupsOfConsumers.insert(rootOf.at(c->result));
      dot = dot || c->opcode == "dot";
    }
    int arrayUses = (int)consumers[v].size();
    bool onlyArrayOps = uses[v] == arrayUses;  // calls, shard_maps, outputs count 2
    rootOf[v] = !dot && onlyArrayOps && groupsOfConsumers.size() == 1 ? *groupsOfConsumers.begin()
                                                                         : v;
  }
  std::map<int, std::vector<const OuterProgram::ArrayOp *>> groups;  // root -> ops, in order
  for (const OuterProgram::ArrayOp &op : p.arrayOps)
    groups[rootOf.at(op.result)].push_back(&op);
  // Replay the program in value order into a new trace, each fusion as a
  // kernel call where its root was.
  runtime::OuterTrace t(p.name);
  std::vector<Array> env(n);
  for (int i = 0; i < p.numParams; ++i)
    env[i] = t.parameter(p.values[i].type);
  std::map<int, const OuterProgram::Call *> callOf;
  for (const OuterProgram::Call &c : p.calls)
    callOf[c.results.front()] = &c;
  int fusions = 0;
  for (size_t v = p.numParams; v < n; ++v) {
    const OuterProgram::Value &value = p.values[v];
    if (auto c = callOf.find(v); c != callOf.end()) {
      const OuterProgram::Call &call = *c->second;
      std::vector<Array> operands;
      for (int o : call.operands)
        operands.push_back(env[o]);
      std::optional<Mesh> previous = t.setSpmdMesh(call.mesh);
      std::vector<Array> results =
          t.call(call.kernel, operands, std::source_location::current(), call.options);
      t.setSpmdMesh(previous);
      for (size_t r = 0; r < results.size(); ++r)
        env[call.results[r]] = results[r];
      continue;
    }
    if (value.reshard == OuterProgram::Reshard::ToShards) {
      env[v] = t.toShards(env[value.source], value.sharding, value.type.shape);
      continue;
    }
    if (value.reshard == OuterProgram::Reshard::FromShards) {
      env[v] = t.fromShards(env[value.source], value.sharding, value.type);
      continue;
    }
    auto group = groups.find((int)v);
    if (group == groups.end())
      continue;  // a kernel's other result, or an op fused into a later one
    // The fusion's inputs: its ops' operands made outside it.
    const std::vector<const OuterProgram::ArrayOp *> &ops = group->second;
    std::set<int> inside;
    for (const OuterProgram::ArrayOp *op : ops)
      inside.insert(op->result);
    std::vector<int> inputs;
    for (const OuterProgram::ArrayOp *op : ops)
      for (int o : op->operands)
        if (!inside.count(o) && std::find(inputs.begin(), inputs.end(), o) == inputs.end())
          inputs.push_back(o);
    const ShapeDtypeStruct &type = value.type;
    if (type.dtype == DType::bool_)
      throwUserError(ops.back()->loc,
                     "a comparison's pred array under jit feeds jnp::where for now; returning "
                     "it, or passing it to a kernel or to more than its fusion, is not "
                     "supported yet");
    bool dot = ops.size() == 1 && ops.front()->opcode == "dot";
    std::optional<pl::PallasCall> kernel;
    if (dot)
      kernel = dotKernel(*ops.front(), p, interpret);
    else
      kernel = loopKernel(p, ops, inputs, type, interpret);
    std::vector<Array> operands;
    for (int i : inputs)
      operands.push_back(env[i]);
    env[v] = kernel->call(operands).front();
    std::string name = absl::StrCat("fused_computation", fusions ? absl::StrCat(".", fusions) : "");
    ++fusions;
    t.markFusion(dot ? "kOutput" : "kLoop", name, fusedText(name, p, ops, inputs, (int)v));
  }
  std::vector<Array> outputs;
  for (int v : p.outputs)
    outputs.push_back(env[v]);
  runtime::OuterProgram fused = t.finish(outputs, std::source_location::current());
  fused.name = p.name;
  return fused;
}

}  // namespace tessera::detail
