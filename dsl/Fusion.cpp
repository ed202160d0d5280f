//===- Fusion.cpp - Grouping array ops into fusions, fusions into kernels -===//
#include "dsl/Fusion.h"

#include <algorithm>
#include <map>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "dsl/PallasCall.h"
#include "runtime/Host.h"
#include "sim/MachineDesc.h"

namespace tessera::detail::fusion {

using hlo::Instruction;
using hlo::OpKind;

namespace {

/// VMEM for a fusion's blocks, double-buffered (of the TensorCore's 16 MiB:
/// the rest is left to the compiler's own buffers and spills).
constexpr int64_t kVmemBudget = 8 << 20;
/// A grid of at least this many steps, when the rows allow it.
constexpr int64_t kMinSteps = 8;

enum class Kind { Loop, Input, Output, Transpose, Whole };

struct Group {
  int root = -1;
  std::vector<int> members;  // instruction indices
  Kind kind = Kind::Loop;
  int dot = -1;
  int64_t rows = 1;  // the rows of the root (Loop, Input)
};

int64_t rowsOf(const Shape &ir) { return ir.size() >= 2 ? ir[ir.size() - 2] : 1; }

/// Bytes a row of `cols` elements of `dtype` takes in VMEM (whole lanes).
int64_t rowBytes(int64_t cols, DType dtype) {
  int64_t lanes = (cols + machine::kLanes - 1) / machine::kLanes * machine::kLanes;
  return lanes * itemsize(dtype);
}

class Compiler {
public:
  Compiler(hlo::HloTrace &hlo, const std::vector<int> &outputs, bool interpret)
      : hlo_(hlo), insts_(hlo.instructions()), program_(hlo.outer().program()),
        interpret_(interpret ? pltpu::Interpret(true) : pltpu::forced_interpret_mode()) {
    owned_ = std::make_shared<const std::vector<Instruction>>(insts_);
    external_.assign(insts_.size(), false);
    users_.assign(insts_.size(), {});
    for (int v : outputs)
      markExternal(v);
    for (const auto &call : program_.calls)
      for (int v : call.operands)
        markExternal(v);
    // A shard_map's argument, a bitcast's source: materialized in HBM.
    for (const auto &value : program_.values)
      if (value.source >= 0)
        markExternal(value.source);
    for (size_t i = 0; i < insts_.size(); ++i)
      for (const hlo::Arg &a : insts_[i].args)
        if (int p = a.value >= 0 ? hlo.producer(a.value) : -1; p >= 0)
          users_[p].push_back((int)i);
  }

  std::vector<PendingFusion> run();

private:
  void markExternal(int v) {
    if (int p = hlo_.producer(v); p >= 0)
      external_[p] = true;
  }
  Shape ir(int v) const { return hlo_.irShape(v); }
  const ShapeDtypeStruct &type(int v) const { return program_.values[v].type; }
  bool fusible(int i, const Group &g) const;
  Group startGroup(int i) const;
  /// The values a group reads that it does not compute, in first-use order.
  std::vector<int> parameters(const Group &g) const;
  PendingFusion emit(const Group &g, const std::string &name);
  std::string computationText(const Group &g, const std::vector<int> &params,
                              const std::string &name) const;

  hlo::HloTrace &hlo_;
  const std::vector<Instruction> &insts_;
  const runtime::OuterProgram &program_;
  std::vector<bool> external_;
  std::vector<std::vector<int>> users_;
  std::vector<int> groupOf_;
  std::vector<Group> groups_;
  /// The instructions, for the kernel bodies: a body may be traced again
  /// after the jit trace is gone (interpret mode's compiled stages).
  std::shared_ptr<const std::vector<Instruction>> owned_;
  /// How the fusions' kernels run.
  pltpu::Interpret interpret_;
};

/// Whether `s` is a block-indexable shape of a dot fusion's [M, N] space:
/// rank 2 with rows M or 1 and columns N or 1.
bool inDotSpace(const Shape &s, const Shape &mn) {
  return s.size() == 2 && (s[0] == mn[0] || s[0] == 1) && (s[1] == mn[1] || s[1] == 1);
}

bool Compiler::fusible(int i, const Group &g) const {
  const Instruction &inst = insts_[i];
  if (g.kind == Kind::Transpose)
    return false;
  bool batch = isBatchShape(inst.type.shape);
  for (const hlo::Arg &a : inst.args)
    batch = batch || (a.value >= 0 && isBatchShape(type(a.value).shape));
  if (g.kind == Kind::Whole)
    return inst.kind != OpKind::Dot && inst.kind != OpKind::Transpose;
  if (batch)
    return false;
  const Shape &rootIr = insts_[g.root].irShape;
  switch (inst.kind) {
  case OpKind::Transpose:
  case OpKind::Reduce:
    return false;
  case OpKind::Dot: {
    if (g.kind != Kind::Loop || inst.irShape != rootIr)
      return false;
    // Every op of the epilogue and its operands index the [M, N] blocks.
    for (int m : g.members) {
      if (!inDotSpace(insts_[m].irShape, rootIr))
        return false;
      for (const hlo::Arg &a : insts_[m].args)
        if (a.value >= 0 && !inDotSpace(ir(a.value), rootIr))
          return false;
    }
    return true;
  }
  case OpKind::Elementwise:
    if (g.kind == Kind::Output) {
      const Instruction &dot = insts_[g.dot];
      for (const hlo::Arg &a : dot.args)
        if (a.value == inst.result)
          return false;  // the dot's operands are whole blocks of their own
      if (!inDotSpace(inst.irShape, rootIr))
        return false;
      for (const hlo::Arg &a : inst.args)
        if (a.value >= 0 && !inDotSpace(ir(a.value), rootIr))
          return false;
      return true;
    }
    [[fallthrough]];
  case OpKind::RowReduce: {
    if (g.kind == Kind::Output)
      return false;
    auto rowsOk = [&](const Shape &s) {
      return s.size() <= 2 && (rowsOf(s) == g.rows || rowsOf(s) == 1);
    };
    if (!rowsOk(inst.irShape))
      return false;
    for (const hlo::Arg &a : inst.args)
      if (a.value >= 0 && !rowsOk(ir(a.value)))
        return false;
    // A reduction along the lanes reads whole rows of the block's rows.
    return inst.kind != OpKind::RowReduce || rowsOf(ir(inst.args[0].value)) == g.rows;
  }
  }
  return false;
}

Group Compiler::startGroup(int i) const {
  const Instruction &inst = insts_[i];
  Group g;
  g.root = i;
  g.members = {i};
  g.rows = rowsOf(inst.irShape);
  bool batch = isBatchShape(inst.type.shape);
  for (const hlo::Arg &a : inst.args)
    batch = batch || (a.value >= 0 && isBatchShape(type(a.value).shape));
  switch (inst.kind) {
  case OpKind::Dot: g.kind = Kind::Output; g.dot = i; break;
  case OpKind::Transpose: g.kind = Kind::Transpose; break;
  case OpKind::Reduce: g.kind = Kind::Whole; break;
  case OpKind::RowReduce: g.kind = Kind::Input; break;
  case OpKind::Elementwise: g.kind = Kind::Loop; break;
  }
  if (batch)
    g.kind = Kind::Whole;
  return g;
}

std::vector<int> Compiler::parameters(const Group &g) const {
  std::set<int> inside;
  for (int m : g.members)
    inside.insert(insts_[m].result);
  std::vector<int> params;
  for (int m : g.members)
    for (const hlo::Arg &a : insts_[m].args)
      if (a.value >= 0 && !inside.count(a.value) &&
          std::find(params.begin(), params.end(), a.value) == params.end())
        params.push_back(a.value);
  return params;
}

std::vector<PendingFusion> Compiler::run() {
  int n = (int)insts_.size();
  groupOf_.assign(n, -1);
  for (int i = n - 1; i >= 0; --i) {
    std::vector<int> live;
    for (int u : users_[i])
      if (groupOf_[u] >= 0)
        live.push_back(u);
    if (live.empty() && !external_[i])
      continue;  // dead: nothing uses it
    bool oneGroup = !live.empty();
    for (int u : live)
      oneGroup = oneGroup && groupOf_[u] == groupOf_[live[0]];
    if (oneGroup && !external_[i] && fusible(i, groups_[groupOf_[live[0]]])) {
      Group &g = groups_[groupOf_[live[0]]];
      g.members.push_back(i);
      groupOf_[i] = groupOf_[live[0]];
      if (insts_[i].kind == OpKind::Dot) {
        g.kind = Kind::Output;
        g.dot = i;
      } else if (insts_[i].kind == OpKind::RowReduce && g.kind == Kind::Loop) {
        g.kind = Kind::Input;
      }
      continue;
    }
    groupOf_[i] = (int)groups_.size();
    groups_.push_back(startGroup(i));
  }
  // Program order: by root.
  std::vector<Group> ordered = groups_;
  std::sort(ordered.begin(), ordered.end(),
            [](const Group &a, const Group &b) { return a.root < b.root; });
  std::vector<PendingFusion> out;
  for (size_t k = 0; k < ordered.size(); ++k) {
    Group &g = ordered[k];
    std::sort(g.members.begin(), g.members.end());
    out.push_back(emit(g, k == 0 ? "fusion" : absl::StrCat("fusion.", k)));
  }
  return out;
}

/// "f32[8,128]{1,0:T(8,128)}".
std::string typed(const ShapeDtypeStruct &t) {
  return to_string(t) + runtime::layoutString(t);
}

std::string numberText(const ArrayLike &n) {
  switch (n.kind()) {
  case ArrayLike::Kind::Float: return absl::StrCat(n.number());
  case ArrayLike::Kind::Bool: return n.integer() ? "true" : "false";
  default: return absl::StrCat(n.integer());
  }
}

std::string Compiler::computationText(const Group &g, const std::vector<int> &params,
                                      const std::string &name) const {
  std::map<int, std::string> names;
  std::vector<std::string> paramDecls;
  std::string body;
  for (size_t p = 0; p < params.size(); ++p) {
    names[params[p]] = absl::StrCat("param_", p);
    paramDecls.push_back(absl::StrCat("param_", p, ": ", to_string(type(params[p]))));
    absl::StrAppend(&body, "  %param_", p, " = ", typed(type(params[p])), " parameter(", p,
                    ")\n");
  }
  int constants = 0;
  for (int m : g.members) {
    const Instruction &inst = insts_[m];
    std::vector<std::string> operands;
    for (const hlo::Arg &a : inst.args) {
      if (a.value >= 0) {
        operands.push_back("%" + names.at(a.value));
        continue;
      }
      // A weakly typed number: a scalar constant broadcast to the shape.
      DType dt = inst.type.dtype;
      if (inst.opcode == "compare" || inst.opcode == "select")
        for (const hlo::Arg &b : inst.args)
          if (b.value >= 0)
            dt = type(b.value).dtype;
      ++constants;
      ShapeDtypeStruct wide{inst.type.shape, dt};
      absl::StrAppend(&body, "  %constant.", constants, " = ", to_string(dt), "[] constant(",
                      numberText(a.number), ")\n");
      absl::StrAppend(&body, "  %broadcast.", constants, " = ", typed(wide), " broadcast(%constant.",
                      constants, "), dimensions={}\n");
      operands.push_back(absl::StrCat("%broadcast.", constants));
    }
    names[inst.result] = program_.values[inst.result].name;
    absl::StrAppend(&body, "  ", m == g.root ? "ROOT " : "", "%", names[inst.result], " = ",
                    typed(inst.type), " ", inst.opcode, "(", absl::StrJoin(operands, ", "), ")",
                    inst.attributes, "\n");
  }
  return absl::StrCat("%", name, " (", absl::StrJoin(paramDecls, ", "), ") -> ",
                      to_string(insts_[g.root].type), " {\n", body, "}\n");
}

/// The largest multiple of `unit` that divides `n` and is at most `limit`
/// (at least `unit`), or `n` when `unit` does not divide it.
int64_t blockOf(int64_t n, int64_t unit, int64_t limit) {
  if (n % unit != 0)
    return n;
  int64_t best = unit;
  for (int64_t b = unit; b <= std::min(n, limit); b += unit)
    if (n % b == 0)
      best = b;
  return best;
}

std::string shapeList(const std::vector<std::vector<int64_t>> &blocks) {
  return absl::StrCat("[", absl::StrJoin(blocks, ",", [](std::string *s, const auto &b) {
                        absl::StrAppend(s, "[", absl::StrJoin(b, ","), "]");
                      }),
                      "]");
}

/// A fusion's full dimensions and their sizes in the block being computed
/// (rows R -> the chunk's rows; a dot's M, N -> tm, bn).
struct BlockDims {
  int64_t fullRows = -1, rows = -1, fullCols = -1, cols = -1;
  Shape of(Shape s) const {
    if (s.size() >= 2 && s[s.size() - 2] == fullRows)
      s[s.size() - 2] = rows;
    if (!s.empty() && s.back() == fullCols)
      s.back() = cols;
    return s;
  }
};

/// Replays `members` on Values: `env` holds the parameters' (and the
/// dot's) Values; the root's Value is returned.
/// A fusion kernel's access of all of `ref` or of its `rows`, placed at the
/// user's line of the op the fusion computes: a load or store the kernel
/// cannot make is an error there, not in this file.
RefAccess whole(const Ref &ref, const std::source_location &at) {
  return ref[At<Ellipsis>(___, at)];
}
RefAccess rowsOf(const Ref &ref, Slice rows, const std::source_location &at) {
  return ref[At<Slice>(rows, at)];
}

Value replay(const std::vector<Instruction> &insts, const std::vector<int> &members, int root,
             std::map<int, Value> env, const BlockDims &dims, int skip = -1) {
  for (int m : members) {
    if (m == skip)
      continue;
    const Instruction &inst = insts[m];
    std::vector<ArrayLike> args;
    for (const hlo::Arg &a : inst.args)
      args.push_back(a.value < 0 ? a.number : ArrayLike(env.at(a.value)));
    env.insert_or_assign(inst.result, inst.apply(args, dims.of(inst.type.shape)));
  }
  return env.at(insts[root].result);
}

PendingFusion Compiler::emit(const Group &g, const std::string &name) {
  const Instruction &root = insts_[g.root];
  std::vector<int> params = parameters(g);
  PendingFusion f;
  f.callsBefore = root.callsBefore;
  f.root = root.result;
  f.name = name;
  f.info.computation = "fused_computation" + name.substr(6);
  for (size_t p = 0; p < params.size(); ++p)
    if (ir(params[p]).size() < 2 || type(params[p]).shape.size() < 2)
      throwUserError(insts_[hlo_.producer(params[p])].loc,
                     "the result of " + insts_[hlo_.producer(params[p])].opcode + ", " +
                         to_string(type(params[p])) +
                         ", is used by several fusions; a rank-" +
                         std::to_string(type(params[p]).shape.size()) +
                         " array cannot be stored between kernels: use keepdims=true");
  for (int v : params)
    if (type(v).dtype == DType::bool_ && hlo_.producer(v) >= 0)
      throwUserError(insts_[hlo_.producer(v)].loc,
                     "the result of " + insts_[hlo_.producer(v)].opcode + ", " +
                         to_string(type(v)) +
                         ", would be stored between kernels, and kernels cannot move pred arrays "
                         "(no bool DMA): use it within one fusion (jnp::where(a < b, ...) under "
                         "jit) or convert it with jnp::astype(x, jnp::int32)");
  if (root.type.dtype == DType::bool_)
    throwUserError(root.loc, "the result of " + root.opcode + " is " + to_string(root.type) +
                                 ", and kernels cannot write pred arrays (no bool DMA): use it "
                                 "within one fusion (jnp::where under jit) or convert it with "
                                 "jnp::astype(x, jnp::int32)");
  if (root.type.shape.size() < 2)
    throwUserError(root.loc, "the program's result " + to_string(root.type) +
                                 " has rank " + std::to_string(root.type.shape.size()) +
                                 "; an array program's results have rank 2 to 5 (keepdims=true)");

  pl::PallasCallSpec spec;
  spec.out_shape = ShapeDtypeStruct{root.type.shape, root.type.dtype};
  spec.name = name;
  spec.interpret = interpret_;
  std::vector<std::vector<int64_t>> blocks;
  std::vector<int> members = g.members;
  int rootIndex = g.root;
  std::vector<int64_t> rowsR(params.size());  // whether a parameter has the fusion's rows
  std::function<void(const std::vector<Ref> &)> body;
  std::shared_ptr<const std::vector<Instruction>> owned = owned_;
  std::source_location at = root.loc;  // where the kernel's loads and stores are placed
  int numScratch = 0;

  if (g.kind == Kind::Loop || g.kind == Kind::Input) {
    // Row blocks: whole rows, as many as fit, at least kMinSteps steps.
    int64_t R = g.rows, bytesPerRow = 0;
    int tileRows = machine::kSublanes;
    auto account = [&](const Shape &s, DType dt) {
      if (rowsOf(s) != R || R == 1)
        return;
      bytesPerRow += rowBytes(s.back(), dt);
      tileRows = std::max(tileRows, machine::kSublanes * packing(dt));
    };
    for (int v : params)
      account(ir(v), type(v).dtype);
    account(root.irShape, root.type.dtype);
    // Values inside the fusion fill whole tiles of their dtype too (a bf16
    // intermediate needs blocks of 16 rows); they take no VMEM of their own.
    int64_t bytes = bytesPerRow;
    for (int m : g.members)
      account(insts_[m].irShape, insts_[m].type.dtype);
    bytesPerRow = bytes;
    int64_t fit = std::max<int64_t>(1, kVmemBudget / std::max<int64_t>(1, 2 * bytesPerRow));
    int64_t target = std::min(fit, std::max<int64_t>(tileRows, R / kMinSteps));
    int64_t br = blockOf(R, tileRows, target);
    if (R > 1 && 2 * br * bytesPerRow > 2 * kVmemBudget)
      throwUserError(root.loc, "the fusion of this " + root.opcode + " needs rows of " +
                                   std::to_string(bytesPerRow) +
                                   " bytes; a block of " + std::to_string(br) +
                                   " rows does not fit its VMEM budget");
    spec.grid = {R / br};
    spec.compiler_params.dimension_semantics = {pltpu::PARALLEL};
    for (size_t p = 0; p < params.size(); ++p) {
      Shape s = type(params[p]).shape;
      rowsR[p] = rowsOf(s) == R && R > 1;
      std::vector<pl::BlockDim> block = {rowsR[p] ? br : 1, s[1]};
      blocks.push_back({rowsR[p] ? br : 1, s[1]});
      if (rowsR[p])
        spec.in_specs.push_back(pl::BlockSpec(block, [](Scalar i) { return std::tuple{i, 0}; }));
      else
        spec.in_specs.push_back(pl::BlockSpec(block, [](Scalar) { return std::tuple{0, 0}; }));
    }
    blocks.push_back({br, root.type.shape[1]});
    spec.out_specs = {pl::BlockSpec({br, root.type.shape[1]},
                                    [](Scalar i) { return std::tuple{i, 0}; })};
    // An input fusion walks its block one tile of rows at a time: the row
    // statistics of a few vregs stay in registers.
    int64_t chunk = g.kind == Kind::Input && br % tileRows == 0 ? tileRows : br;
    int64_t steps = br / chunk;
    body = [=](const std::vector<Ref> &refs) {
      const std::vector<Instruction> &insts = *owned;
      size_t out = params.size();
      if (steps == 1) {
        std::map<int, Value> env;
        for (size_t p = 0; p < params.size(); ++p)
          env.emplace(params[p], Value(whole(refs[p], at)));
        whole(refs[out], at) = replay(insts, members, rootIndex, env, {R, br, -1, -1});
        return;
      }
      pl::loop(0, steps, 1, {.unroll = (int)std::min<int64_t>(4, steps)})([&](Scalar s) {
        auto rows = pl::ds(pl::multiple_of(s * chunk, chunk), chunk);
        std::map<int, Value> env;
        for (size_t p = 0; p < params.size(); ++p)
          env.emplace(params[p],
                      rowsR[p] ? Value(rowsOf(refs[p], rows, at)) : Value(whole(refs[p], at)));
        rowsOf(refs[out], rows, at) = replay(insts, members, rootIndex, env, {R, chunk, -1, -1});
      });
    };
  } else if (g.kind == Kind::Output) {
    const Instruction &dot = insts_[g.dot];
    int x = dot.args[0].value, y = dot.args[1].value;
    bool transB = dot.attributes.find("rhs_contracting_dims={1}") != std::string::npos;
    int64_t M = type(x).shape[0], K = type(x).shape[1], N = dot.type.shape[1];
    int64_t bm = blockOf(M, machine::kSublanes * packing(type(x).dtype), 512);
    int64_t bn = blockOf(N, machine::kLanes, 256);
    // Epilogue parameters: every parameter but the dot's operands.
    std::vector<int> epilogue;
    for (int v : params)
      if (v != x && v != y)
        epilogue.push_back(v);
    // x and y may also feed the epilogue (then they are passed again).
    for (int m : members)
      if (m != g.dot)
        for (const hlo::Arg &a : insts_[m].args)
          if ((a.value == x || a.value == y) &&
              std::find(epilogue.begin(), epilogue.end(), a.value) == epilogue.end())
            epilogue.push_back(a.value);
    auto need = [&](int64_t bk) {
      int64_t bytes = bm * rowBytes(bk, type(x).dtype) +
                      (transB ? bn * rowBytes(bk, type(y).dtype) : bk * rowBytes(bn, type(y).dtype)) +
                      bm * rowBytes(bn, root.type.dtype);
      for (int v : epilogue)
        bytes += (ir(v)[0] == 1 ? 8 : bm) * rowBytes(ir(v)[1] == 1 ? 1 : bn, type(v).dtype);
      return 2 * bytes + (bk < K ? bm * rowBytes(bn, DType::float32) : 0);
    };
    int64_t bk = K;
    while (need(bk) > 2 * kVmemBudget && bk % 2 == 0 && (bk / 2) % machine::kLanes == 0)
      bk /= 2;
    int64_t nk = K / bk;
    if (nk > 1 && itemsize(dot.type.dtype) != 4)
      throwUserError(dot.loc, "this dot's " + to_string(dot.type.dtype) +
                                  " result would be accumulated over " + std::to_string(nk) +
                                  " blocks of K; ask for preferred_element_type = f32");
    int64_t tm = std::min<int64_t>(128, bm);
    spec.grid = {M / bm, N / bn, nk};
    spec.compiler_params.dimension_semantics = {pltpu::PARALLEL, pltpu::PARALLEL,
                                                pltpu::ARBITRARY};
    std::vector<int> inputs = {x, y};
    inputs.insert(inputs.end(), epilogue.begin(), epilogue.end());
    spec.in_specs.push_back(pl::BlockSpec(
        {bm, bk}, [](Scalar i, Scalar, Scalar k) { return std::tuple{i, k}; }));
    blocks.push_back({bm, bk});
    if (transB) {
      spec.in_specs.push_back(pl::BlockSpec(
          {bn, bk}, [](Scalar, Scalar j, Scalar k) { return std::tuple{j, k}; }));
      blocks.push_back({bn, bk});
    } else {
      spec.in_specs.push_back(pl::BlockSpec(
          {bk, bn}, [](Scalar, Scalar j, Scalar k) { return std::tuple{k, j}; }));
      blocks.push_back({bk, bn});
    }
    std::vector<bool> fullRows;
    for (int v : epilogue) {
      Shape s = ir(v);
      bool rowsM = s[0] == M && M > 1, colsN = s[1] == N && N > 1;
      fullRows.push_back(rowsM);
      std::vector<pl::BlockDim> block = {rowsM ? bm : 1, colsN ? bn : 1};
      blocks.push_back({rowsM ? bm : 1, colsN ? bn : 1});
      spec.in_specs.push_back(pl::BlockSpec(block, [rowsM, colsN](Scalar i, Scalar j, Scalar) {
        return std::vector<Scalar>{rowsM ? i : pl::detail::indexScalar(0, {}),
                                   colsN ? j : pl::detail::indexScalar(0, {})};
      }));
    }
    spec.out_specs = {pl::BlockSpec(
        {bm, bn}, [](Scalar i, Scalar j, Scalar) { return std::tuple{i, j}; })};
    blocks.push_back({bm, bn});
    if (nk > 1) {
      // (No declaration line of the user's: errors name the kernel.)
      spec.scratch_shapes = {pltpu::VMEM({bm, bn}, dot.type.dtype, std::source_location{})};
      numScratch = 1;
    }
    params = inputs;
    int dotIndex = g.dot;
    body = [=](const std::vector<Ref> &refs) {
      const std::vector<Instruction> &insts = *owned;
      const Ref &xr = refs[0], &yr = refs[1], &o = refs[2 + epilogue.size()];
      auto epilogueAt = [&](int64_t m0, const Value &d) {
        std::map<int, Value> env;
        for (size_t e = 0; e < epilogue.size(); ++e)
          env.emplace(epilogue[e], fullRows[e] ? Value(rowsOf(refs[2 + e], pl::ds(m0, tm), at))
                                               : Value(whole(refs[2 + e], at)));
        env.insert_or_assign(insts[dotIndex].result, d);
        rowsOf(o, pl::ds(m0, tm), at) =
            replay(insts, members, rootIndex, env, {M, tm, N, bn}, dotIndex);
      };
      auto dotAt = [&](int64_t m0) {
        return insts[dotIndex].apply({Value(rowsOf(xr, pl::ds(m0, tm), at)), Value(whole(yr, at))},
                                     {});
      };
      if (nk == 1) {
        for (int64_t m0 = 0; m0 < bm; m0 += tm)
          epilogueAt(m0, dotAt(m0));
        return;
      }
      const Ref &acc = refs[3 + epilogue.size()];
      Scalar k = pl::program_id(2);
      pl::when(k == 0, [&] { whole(acc, at) = 0.0; });
      for (int64_t m0 = 0; m0 < bm; m0 += tm)
        rowsOf(acc, pl::ds(m0, tm), at) = rowsOf(acc, pl::ds(m0, tm), at) + dotAt(m0);
      pl::when(k == nk - 1, [&] {
        for (int64_t m0 = 0; m0 < bm; m0 += tm)
          epilogueAt(m0, Value(rowsOf(acc, pl::ds(m0, tm), at)));
      });
    };
  } else if (g.kind == Kind::Transpose) {
    // x [M, N] -> [N, M]: output row blocks from input column blocks.
    int x = params[0];
    int64_t M = type(x).shape[0], N = type(x).shape[1];
    int64_t perCol = rowBytes(M, type(x).dtype) * 2;  // in and out, per output row
    int64_t bt = blockOf(N, machine::kLanes,
                         std::max<int64_t>(machine::kLanes, kVmemBudget / (2 * perCol)));
    spec.grid = {N / bt};
    spec.compiler_params.dimension_semantics = {pltpu::PARALLEL};
    spec.in_specs = {pl::BlockSpec({M, bt}, [](Scalar i) { return std::tuple{0, i}; })};
    spec.out_specs = {pl::BlockSpec({bt, M}, [](Scalar i) { return std::tuple{i, 0}; })};
    blocks = {{M, bt}, {bt, M}};
    body = [=](const std::vector<Ref> &refs) {
      const std::vector<Instruction> &insts = *owned;
      whole(refs[1], at) = replay(insts, members, rootIndex, {{x, Value(whole(refs[0], at))}}, {});
    };
  } else {
    // One block holding everything (reductions across rows, ranks 3 to 5).
    int64_t bytes = 0;
    for (int v : params)
      bytes += numBytes(type(v).shape, type(v).dtype);
    bytes += numBytes(root.type.shape, root.type.dtype);
    if (bytes > kVmemBudget)
      throwUserError(root.loc,
                     "the fusion of this " + root.opcode + " reduces across rows (or holds "
                     "arrays of rank 3 to 5), so it keeps its arrays whole in VMEM: " + std::to_string(bytes) +
                     " bytes are over its budget of " + std::to_string(kVmemBudget) +
                     " (reductions across rows of bigger arrays: not supported yet)");
    spec.grid = {1};
    for (int v : params)
      blocks.push_back(type(v).shape);
    blocks.push_back(root.type.shape);
    body = [=](const std::vector<Ref> &refs) {
      const std::vector<Instruction> &insts = *owned;
      std::map<int, Value> env;
      for (size_t p = 0; p < params.size(); ++p)
        env.emplace(params[p], Value(whole(refs[p], at)));
      whole(refs[params.size()], at) = replay(insts, members, rootIndex, env, {});
    };
  }
  bool reduces = false;
  for (int m : g.members)
    reduces = reduces || insts_[m].kind == OpKind::Reduce || insts_[m].kind == OpKind::RowReduce;
  f.info.kind = g.kind == Kind::Output ? "kOutput" : reduces ? "kInput" : "kLoop";
  f.info.text = computationText(g, params, f.info.computation);
  for (size_t p = 0; p < params.size(); ++p)
    spec.arg_names.push_back(absl::StrCat("param_", p));
  spec.arg_names.push_back("out");
  if (numScratch)
    spec.arg_names.push_back("acc");
  // (A fusion's grid is static.)
  std::vector<int64_t> grid;
  for (const pl::GridDim &d : spec.grid)
    grid.push_back(*d.size);
  f.info.config = absl::StrCat(",\"grid\":[", absl::StrJoin(grid, ","),
                               "],\"block_shapes\":", shapeList(blocks));
  std::vector<Array> args;
  for (int v : params)
    args.push_back(Array::tracer(&hlo_.outer(), v, type(v)));
  pl::PallasCall call(std::move(spec), (int)args.size() + 1 + numScratch, std::move(body),
                      root.loc);
  call.call(args);
  return f;
}

}  // namespace

std::vector<PendingFusion> compileFusions(hlo::HloTrace &hlo, const std::vector<int> &outputs,
                                          bool interpret) {
  if (hlo.instructions().empty())
    return {};
  return Compiler(hlo, outputs, interpret).run();
}

void placeFusions(runtime::OuterProgram &program, const std::vector<PendingFusion> &fusions) {
  if (fusions.empty())
    return;
  size_t user = program.calls.size() - fusions.size();
  std::vector<runtime::OuterProgram::Call> calls;
  size_t next = 0;
  for (size_t u = 0; u <= user; ++u) {
    while (next < fusions.size() && (size_t)fusions[next].callsBefore <= u) {
      runtime::OuterProgram::Call call = program.calls[user + next];
      call.results = {fusions[next].root};
      call.fusion = fusions[next].info;
      program.values[fusions[next].root].name = fusions[next].name;
      calls.push_back(std::move(call));
      ++next;
    }
    if (u < user)
      calls.push_back(program.calls[u]);
  }
  program.calls = std::move(calls);
}

}  // namespace tessera::detail::fusion
