//===- RandomProgramTest.cpp - Random control flow against a host model --===//
//
// Generates random kernels of scalar and (splat) vector arithmetic inside
// nested scf.for / scf.if / scf.while, with carried values of both kinds,
// SMEM reads and writes at run-time indices and VMEM tiles at run-time
// rows; evaluates each one on the host (the generator keeps a tree of what
// it printed and interprets it) and compares every SMEM output word and
// every output tile with what the simulated chip computed. The simulator
// faults on any read of a register before its latency has passed, so this
// also checks the schedule across block boundaries (a long-latency load,
// divide or vector op just before a branch), register allocation over the
// control-flow graph (values live around back edges, spills of carried
// values) and the parallel copies of carried values.
//
//   TESSERA_RANDOM_SEED, TESSERA_RANDOM_COUNT, TESSERA_RANDOM_ONLY=i
//   rerun other sets or one program (its MLIR is printed on failure).
//
//===----------------------------------------------------------------------===//
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>

#include <gtest/gtest.h>

#include "LoweringTestUtil.h"

namespace tessera::lowering::testing {
namespace {

constexpr int kInputs = 16;   // in[]: scalar inputs
constexpr int kTable = 32;    // table[]: SMEM read and written at run-time indices
constexpr int kOutputs = 48;  // out[]: SMEM outputs
constexpr int kTiles = 4;     // input tiles (each one value), and output tiles

int32_t wrap(int64_t v) { return (int32_t)(uint32_t)(uint64_t)v; }

/// Values by SSA name while the host runs the program, and the memories.
struct Env {
  std::map<std::string, int32_t> values;
  std::vector<int32_t> in, table, out, tiles, outTiles;
  int64_t steps = 0;  // loop trips run, to keep programs small
};

/// One statement of the program: prints itself and runs on the host.
struct Node {
  virtual ~Node() = default;
  virtual void print(std::string &out, int indent) const = 0;
  virtual void run(Env &env) const = 0;
};
using Block = std::vector<std::unique_ptr<Node>>;

void line(std::string &out, int indent, const std::string &text) {
  out += std::string(indent * 2, ' ') + text + "\n";
}

void runBlock(const Block &block, Env &env) {
  for (const auto &n : block)
    n->run(env);
}

void printBlock(const Block &block, std::string &out, int indent) {
  for (const auto &n : block)
    n->print(out, indent);
}

enum class Ty { S, V };
const char *typeName(Ty t) { return t == Ty::S ? "i32" : "!vi"; }

/// A line of MLIR and its meaning.
struct Simple : Node {
  std::vector<std::string> lines;
  std::function<void(Env &)> effect;
  void print(std::string &out, int indent) const override {
    for (const auto &l : lines)
      line(out, indent, l);
  }
  void run(Env &env) const override { effect(env); }
};

int32_t binary(const std::string &op, int32_t a, int32_t b) {
  if (op == "addi") return wrap((int64_t)a + b);
  if (op == "subi") return wrap((int64_t)a - b);
  if (op == "muli") return wrap((int64_t)a * b);
  if (op == "andi") return a & b;
  if (op == "ori") return a | b;
  if (op == "xori") return a ^ b;
  if (op == "shli") return (int32_t)((uint32_t)a << (b & 31));
  if (op == "shrsi") return a >> (b & 31);
  if (op == "shrui") return (int32_t)((uint32_t)a >> (b & 31));
  if (op == "divsi") return b == -1 ? wrap(-(int64_t)a) : a / b;
  if (op == "remsi") return b == -1 ? 0 : a % b;
  if (op == "maxsi") return std::max(a, b);
  if (op == "minsi") return std::min(a, b);
  ADD_FAILURE() << "no host semantics for " << op;
  return 0;
}

bool compare(const std::string &pred, int32_t a, int32_t b) {
  uint32_t ua = a, ub = b;
  if (pred == "eq") return a == b;
  if (pred == "ne") return a != b;
  if (pred == "slt") return a < b;
  if (pred == "sle") return a <= b;
  if (pred == "sgt") return a > b;
  if (pred == "sge") return a >= b;
  if (pred == "ult") return ua < ub;
  if (pred == "ule") return ua <= ub;
  if (pred == "ugt") return ua > ub;
  return ua >= ub;  // uge
}

struct Val {
  std::string name;
  Ty ty;
};

/// scf.for with carried values.
struct For : Node {
  std::string iv, lb, ub;
  int step = 1;
  std::vector<Val> carried;           // region arguments
  std::vector<std::string> inits;     // values outside
  std::vector<std::string> results;   // the loop's results
  Block body;
  std::vector<std::string> yields;
  void print(std::string &out, int indent) const override {
    std::string head = results.empty() ? "" : results[0] + " = ";
    std::string text = head + "scf.for " + iv + " = " + lb + " to " + ub + " step %step" +
                       std::to_string(step);
    if (!carried.empty()) {
      text += " iter_args(";
      for (size_t k = 0; k < carried.size(); ++k)
        text += (k ? ", " : "") + carried[k].name + " = " + inits[k];
      text += ") -> (";
      for (size_t k = 0; k < carried.size(); ++k)
        text += std::string(k ? ", " : "") + typeName(carried[k].ty);
      text += ")";
    }
    line(out, indent, text + " : i32 {");
    printBlock(body, out, indent + 1);
    if (!yields.empty()) {
      std::string y = "scf.yield ", types;
      for (size_t k = 0; k < yields.size(); ++k) {
        y += (k ? ", " : "") + yields[k];
        types += std::string(k ? ", " : "") + typeName(carried[k].ty);
      }
      line(out, indent + 1, y + " : " + types);
    }
    line(out, indent, "}");
  }
  void run(Env &env) const override {
    std::vector<int32_t> cur;
    for (const auto &i : inits)
      cur.push_back(env.values.at(i));
    int32_t lo = env.values.at(lb), hi = env.values.at(ub);
    for (int32_t i = lo; i < hi; i += step) {
      ++env.steps;
      env.values[iv] = i;
      for (size_t k = 0; k < carried.size(); ++k)
        env.values[carried[k].name] = cur[k];
      runBlock(body, env);
      for (size_t k = 0; k < yields.size(); ++k)
        cur[k] = env.values.at(yields[k]);
    }
    // "%r:3" names results %r#0, %r#1, ...
    for (size_t k = 0; k < cur.size(); ++k)
      env.values[resultName(k)] = cur[k];
  }
  std::string resultName(size_t k) const {
    std::string base = results.empty() ? "" : results[0].substr(0, results[0].find(':'));
    return carried.size() == 1 ? base : base + "#" + std::to_string(k);
  }
};

/// scf.if with results.
struct If : Node {
  std::string pred, a, b, cond;
  std::vector<Ty> types;
  std::string result;  // "%r" or "%r:2"
  Block thenBlock, elseBlock;
  std::vector<std::string> thenYields, elseYields;
  void print(std::string &out, int indent) const override {
    line(out, indent, cond + " = arith.cmpi " + pred + ", " + a + ", " + b + " : i32");
    std::string head = types.empty() ? "" : result + " = ";
    std::string text = head + "scf.if " + cond;
    if (!types.empty()) {
      text += " -> (";
      for (size_t k = 0; k < types.size(); ++k)
        text += std::string(k ? ", " : "") + typeName(types[k]);
      text += ")";
    }
    line(out, indent, text + " {");
    auto yield = [&](const std::vector<std::string> &ys) {
      if (ys.empty())
        return;
      std::string y = "scf.yield ", t;
      for (size_t k = 0; k < ys.size(); ++k) {
        y += (k ? ", " : "") + ys[k];
        t += std::string(k ? ", " : "") + typeName(types[k]);
      }
      line(out, indent + 1, y + " : " + t);
    };
    printBlock(thenBlock, out, indent + 1);
    yield(thenYields);
    if (!types.empty() || !elseBlock.empty()) {
      line(out, indent, "} else {");
      printBlock(elseBlock, out, indent + 1);
      yield(elseYields);
    }
    line(out, indent, "}");
  }
  void run(Env &env) const override {
    bool taken = compare(pred, env.values.at(a), env.values.at(b));
    runBlock(taken ? thenBlock : elseBlock, env);
    const auto &ys = taken ? thenYields : elseYields;
    std::vector<int32_t> vals;
    for (const auto &y : ys)
      vals.push_back(env.values.at(y));
    for (size_t k = 0; k < vals.size(); ++k)
      env.values[resultName(k)] = vals[k];
  }
  std::string resultName(size_t k) const {
    std::string base = result.substr(0, result.find(':'));
    return types.size() == 1 ? base : base + "#" + std::to_string(k);
  }
};

/// scf.while: carried[0] counts the trips; the condition is count < limit.
struct While : Node {
  std::vector<Val> before;           // before-region arguments
  std::vector<std::string> inits;
  std::string limit, cond;
  Block beforeBlock;                 // computes values before the test
  std::vector<std::string> forwarded;  // condition operands (before args or new values)
  std::vector<Val> after;            // after-region arguments
  Block afterBlock;
  std::vector<std::string> yields;
  std::string result;                // "%w:3"
  void print(std::string &out, int indent) const override {
    std::string args, types;
    for (size_t k = 0; k < before.size(); ++k) {
      args += (k ? ", " : "") + before[k].name + " = " + inits[k];
      types += std::string(k ? ", " : "") + typeName(before[k].ty);
    }
    line(out, indent, result + " = scf.while (" + args + ") : (" + types + ") -> (" + types +
                          ") {");
    printBlock(beforeBlock, out, indent + 1);
    line(out, indent + 1, cond + " = arith.cmpi slt, " + before[0].name + ", " + limit + " : i32");
    std::string fw;
    for (size_t k = 0; k < forwarded.size(); ++k)
      fw += (k ? ", " : "") + forwarded[k];
    line(out, indent + 1, "scf.condition(" + cond + ") " + fw + " : " + types);
    line(out, indent, "} do {");
    std::string params;
    for (size_t k = 0; k < after.size(); ++k)
      params += (k ? ", " : "") + after[k].name + ": " + typeName(after[k].ty);
    line(out, indent, "^bb0(" + params + "):");
    printBlock(afterBlock, out, indent + 1);
    std::string ys;
    for (size_t k = 0; k < yields.size(); ++k)
      ys += (k ? ", " : "") + yields[k];
    line(out, indent + 1, "scf.yield " + ys + " : " + types);
    line(out, indent, "}");
  }
  void run(Env &env) const override {
    std::vector<int32_t> cur;
    for (const auto &i : inits)
      cur.push_back(env.values.at(i));
    for (;;) {
      for (size_t k = 0; k < before.size(); ++k)
        env.values[before[k].name] = cur[k];
      runBlock(beforeBlock, env);
      std::vector<int32_t> fw;
      for (const auto &f : forwarded)
        fw.push_back(env.values.at(f));
      bool go = env.values.at(before[0].name) < env.values.at(limit);
      if (!go) {
        std::string base = result.substr(0, result.find(':'));
        for (size_t k = 0; k < fw.size(); ++k)
          env.values[fw.size() == 1 ? base : base + "#" + std::to_string(k)] = fw[k];
        return;
      }
      ++env.steps;
      for (size_t k = 0; k < after.size(); ++k)
        env.values[after[k].name] = fw[k];
      runBlock(afterBlock, env);
      for (size_t k = 0; k < yields.size(); ++k)
        cur[k] = env.values.at(yields[k]);
    }
  }
};

class Generator {
public:
  explicit Generator(uint32_t seed) : rng_(seed) {}

  /// The kernel's MLIR and its tree: `size` statements at top level.
  std::string generate(Block &program, int size) {
    scopes_.clear();
    scopes_.push_back({});
    counter_ = 0;
    // A few scalar inputs to start from.
    for (int k = 0; k < 4; ++k) {
      std::string v = fresh();
      int idx = pick(0, kInputs - 1);
      add(program, {v + " = tessera.load_scalar %in[%i" + std::to_string(idx) + "] : !in -> i32"},
          [v, idx](Env &e) { e.values[v] = e.in[idx]; }, Val{v, Ty::S});
    }
    program.push_back(block(0, size));
    std::string text;
    printBlock(program, text, 2);
    return text;
  }

private:
  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng_) < p; }
  std::string fresh() { return "%v" + std::to_string(counter_++); }

  std::vector<Val> visible(Ty ty) const {
    std::vector<Val> out;
    for (const auto &s : scopes_)
      for (const auto &v : s)
        if (v.ty == ty)
          out.push_back(v);
    return out;
  }
  std::string any(Ty ty) {
    auto vs = visible(ty);
    if (vs.empty())
      return ty == Ty::S ? constant(pick(-9, 9)) : vconstant(pick(-9, 9));
    // Recent values more often: deeper dependence chains.
    int n = vs.size();
    int k = chance(0.6) ? n - 1 - pick(0, std::min(n - 1, 3)) : pick(0, n - 1);
    return vs[k].name;
  }

  void add(Block &b, std::vector<std::string> lines, std::function<void(Env &)> effect,
           std::optional<Val> def = std::nullopt) {
    auto n = std::make_unique<Simple>();
    n->lines = std::move(lines);
    n->effect = std::move(effect);
    b.push_back(std::move(n));
    if (def)
      scopes_.back().push_back(*def);
  }

  // Constants are printed where they are needed (and nowhere else).
  std::string constant(int32_t c) {
    std::string v = "%k" + std::to_string(counter_++);
    pendingConstants_.push_back({v + " = arith.constant " + std::to_string(c) + " : i32",
                                 [v, c](Env &e) { e.values[v] = c; }});
    return v;
  }
  std::string vconstant(int32_t c) {
    std::string v = "%k" + std::to_string(counter_++);
    pendingConstants_.push_back({v + " = arith.constant dense<" + std::to_string(c) + "> : !vi",
                                 [v, c](Env &e) { e.values[v] = c; }});
    return v;
  }
  void flushConstants(Block &b) {
    for (auto &[text, effect] : pendingConstants_)
      add(b, {text}, effect);
    pendingConstants_.clear();
  }

  /// A statement; its lines go to `b` after the constants it needs.
  void statement(Block &b, int depth) {
    int kind = pick(0, 99);
    if (depth < 3 && kind < 9) {
      loop(b, depth);
    } else if (depth < 3 && kind < 16) {
      branch(b, depth);
    } else if (depth < 3 && kind < 20) {
      whileLoop(b, depth);
    } else if (kind < 55) {
      scalarOp(b);
    } else if (kind < 68) {
      vectorOp(b);
    } else if (kind < 76) {
      select(b);
    } else if (kind < 82) {
      tableAccess(b);
    } else if (kind < 88) {
      tileAccess(b);
    } else {
      storeOut(b);
    }
  }

  std::unique_ptr<Node> block(int depth, int size) {
    // A sequence of statements as one node.
    struct Seq : Node {
      Block items;
      void print(std::string &out, int indent) const override { printBlock(items, out, indent); }
      void run(Env &env) const override { runBlock(items, env); }
    };
    auto seq = std::make_unique<Seq>();
    for (int i = 0; i < size; ++i)
      statement(seq->items, depth);
    return seq;
  }
  void statements(Block &b, int depth, int size) {
    for (int i = 0; i < size; ++i)
      statement(b, depth);
  }

  void scalarOp(Block &b) {
    static const char *ops[] = {"addi", "subi", "muli", "andi", "ori", "xori", "shli",
                                "shrsi", "shrui", "divsi", "remsi", "maxsi", "minsi"};
    std::string op = ops[pick(0, 12)];
    bool shift = op == "shli" || op == "shrsi" || op == "shrui";
    bool div = op == "divsi" || op == "remsi";
    std::string a = any(Ty::S), rhs;
    if (shift || div) {
      // The right operand in range: an amount mod 32, an odd divisor.
      if (chance(0.5)) {
        rhs = constant(shift ? pick(0, 31) : (chance(0.5) ? 1 : -1) * (2 * pick(0, 4) + 1));
      } else {
        std::string x = any(Ty::S), k = constant(shift ? 31 : 1);
        flushConstants(b);
        std::string how = shift ? "andi" : "ori";
        rhs = fresh();
        std::string m = rhs;
        add(b, {m + " = arith." + how + " " + x + ", " + k + " : i32"},
            [m, x, k, how](Env &e) { e.values[m] = binary(how, e.values.at(x), e.values.at(k)); });
      }
      if (chance(0.15))
        a = constant(pick(-100, 100));  // a constant on the left
    } else {
      rhs = chance(0.4) ? constant(pick(-1000, 1000)) : any(Ty::S);
      if (chance(0.25))
        std::swap(a, rhs);
    }
    flushConstants(b);
    std::string v = fresh();
    add(b, {v + " = arith." + op + " " + a + ", " + rhs + " : i32"},
        [v, op, a, rhs](Env &e) { e.values[v] = binary(op, e.values.at(a), e.values.at(rhs)); },
        Val{v, Ty::S});
  }

  void vectorOp(Block &b) {
    static const char *ops[] = {"addi", "subi", "muli"};
    std::string op = ops[pick(0, 2)];
    std::string x = any(Ty::V), y = chance(0.3) ? vconstant(pick(-5, 5)) : any(Ty::V);
    flushConstants(b);
    std::string v = fresh();
    add(b, {v + " = arith." + op + " " + x + ", " + y + " : !vi"},
        [v, op, x, y](Env &e) { e.values[v] = binary(op, e.values.at(x), e.values.at(y)); },
        Val{v, Ty::V});
  }

  std::string randomPred() {
    static const char *preds[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"};
    return preds[pick(0, 9)];
  }

  void select(Block &b) {
    Ty ty = chance(0.3) ? Ty::V : Ty::S;
    std::string pred = randomPred();
    std::string a = any(Ty::S), c = chance(0.4) ? constant(pick(-20, 20)) : any(Ty::S);
    std::string x = any(ty), y = any(ty);
    flushConstants(b);
    std::string p = fresh(), v = fresh();
    add(b,
        {p + " = arith.cmpi " + pred + ", " + a + ", " + c + " : i32",
         v + " = arith.select " + p + ", " + x + ", " + y + " : " + typeName(ty)},
        [p, v, pred, a, c, x, y](Env &e) {
          e.values[v] = compare(pred, e.values.at(a), e.values.at(c)) ? e.values.at(x)
                                                                       : e.values.at(y);
        },
        Val{v, ty});
  }

  /// table[idx & 31] read or written.
  void tableAccess(Block &b) {
    bool load = chance(0.5);
    std::string idx = any(Ty::S), mask = constant(kTable - 1), x = load ? "" : any(Ty::S);
    flushConstants(b);
    std::string m = fresh(), mi = fresh();
    std::vector<std::string> lines = {m + " = arith.andi " + idx + ", " + mask + " : i32",
                                      mi + " = arith.index_cast " + m + " : i32 to index"};
    auto at = [idx](Env &e) { return e.values.at(idx) & (kTable - 1); };
    if (load) {
      std::string v = fresh();
      lines.push_back(v + " = tessera.load_scalar %table[" + mi + "] : !table -> i32");
      add(b, lines, [v, at](Env &e) { e.values[v] = e.table[at(e)]; }, Val{v, Ty::S});
    } else {
      lines.push_back("tessera.store_scalar " + x + ", %table[" + mi + "] : i32, !table");
      add(b, lines, [x, at](Env &e) { e.table[at(e)] = e.values.at(x); });
    }
  }

  /// An input tile read, or an output tile written, at row (idx & 3) * 8.
  void tileAccess(Block &b) {
    bool load = chance(0.5);
    std::string idx = any(Ty::S), mask = constant(kTiles - 1), eight = constant(8);
    std::string x = load ? "" : any(Ty::V);
    flushConstants(b);
    std::string m = fresh(), r = fresh(), ri = fresh(), w = fresh();
    auto at = [idx](Env &e) { return e.values.at(idx) & (kTiles - 1); };
    std::vector<std::string> lines = {m + " = arith.andi " + idx + ", " + mask + " : i32",
                                      r + " = arith.muli " + m + ", " + eight + " : i32",
                                      ri + " = arith.index_cast " + r + " : i32 to index"};
    if (load) {
      std::string v = fresh();
      lines.push_back(w + " = tessera.view %x_vmem[" + ri + ", 0] [8, 128] : !xv to !tile");
      lines.push_back(v + " = tessera.load " + w + " : !tile -> !vi");
      add(b, lines, [v, at](Env &e) { e.values[v] = e.tiles[at(e)]; }, Val{v, Ty::V});
    } else {
      lines.push_back(w + " = tessera.view %o_vmem[" + ri + ", 0] [8, 128] : !xv to !tile");
      lines.push_back("tessera.store " + x + ", " + w + " : !vi, !tile");
      add(b, lines, [x, at](Env &e) { e.outTiles[at(e)] = e.values.at(x); });
    }
  }

  void storeOut(Block &b) {
    std::string x = any(Ty::S);
    flushConstants(b);
    int slot = pick(0, kOutputs - 1);
    add(b, {"tessera.store_scalar " + x + ", %out[%i" + std::to_string(slot) + "] : i32, !out"},
        [x, slot](Env &e) { e.out[slot] = e.values.at(x); });
  }

  /// A small non-negative bound: (x & 3) + c or a constant.
  std::string smallBound(Block &b, int maxConst) {
    if (chance(0.4))
      return constant(pick(0, maxConst));
    std::string x = any(Ty::S), three = constant(3), c = constant(pick(0, 2));
    flushConstants(b);
    std::string m = fresh(), v = fresh();
    add(b,
        {m + " = arith.andi " + x + ", " + three + " : i32",
         v + " = arith.addi " + m + ", " + c + " : i32"},
        [m, v, x, c](Env &e) {
          e.values[m] = e.values.at(x) & 3;
          e.values[v] = e.values[m] + e.values.at(c);
        });
    return v;
  }

  std::vector<Val> carriedValues(int maxCount) {
    std::vector<Val> out;
    int n = pick(0, maxCount);
    for (int k = 0; k < n; ++k)
      out.push_back({fresh(), chance(0.35) ? Ty::V : Ty::S});
    return out;
  }

  void loop(Block &b, int depth) {
    auto f = std::make_unique<For>();
    f->lb = chance(0.6) ? constant(pick(0, 2)) : smallBound(b, 2);
    f->ub = smallBound(b, 5);
    f->step = pick(1, 2);
    steps_.insert(f->step);
    f->iv = fresh();
    f->carried = carriedValues(3);
    for (const Val &c : f->carried)
      f->inits.push_back(any(c.ty));
    flushConstants(b);
    scopes_.push_back({Val{f->iv, Ty::S}});
    for (const Val &c : f->carried)
      scopes_.back().push_back(c);
    statements(f->body, depth + 1, pick(1, 6));
    for (const Val &c : f->carried)
      f->yields.push_back(any(c.ty));
    flushConstants(f->body);
    scopes_.pop_back();
    if (!f->carried.empty()) {
      std::string r = "%r" + std::to_string(counter_++);
      f->results.push_back(f->carried.size() == 1 ? r : r + ":" + std::to_string(f->carried.size()));
      for (size_t k = 0; k < f->carried.size(); ++k)
        scopes_.back().push_back({f->resultName(k), f->carried[k].ty});
    }
    b.push_back(std::move(f));
  }

  void branch(Block &b, int depth) {
    auto n = std::make_unique<If>();
    n->pred = randomPred();
    n->a = any(Ty::S);
    n->b = chance(0.4) ? constant(pick(-10, 10)) : any(Ty::S);
    n->cond = fresh();
    int results = pick(0, 3);
    for (int k = 0; k < results; ++k)
      n->types.push_back(chance(0.35) ? Ty::V : Ty::S);
    flushConstants(b);
    auto side = [&](Block &body, std::vector<std::string> &yields, bool empty) {
      scopes_.push_back({});
      if (!empty)
        statements(body, depth + 1, pick(1, 4));
      for (Ty t : n->types)
        yields.push_back(any(t));
      flushConstants(body);
      scopes_.pop_back();
    };
    side(n->thenBlock, n->thenYields, false);
    side(n->elseBlock, n->elseYields, chance(0.3));
    std::string r = "%r" + std::to_string(counter_++);
    n->result = n->types.size() == 1 ? r : r + ":" + std::to_string(n->types.size());
    for (size_t k = 0; k < n->types.size(); ++k)
      scopes_.back().push_back({n->resultName(k), n->types[k]});
    b.push_back(std::move(n));
  }

  void whileLoop(Block &b, int depth) {
    auto w = std::make_unique<While>();
    std::string zero = constant(0);
    w->limit = smallBound(b, 4);
    w->before.push_back({fresh(), Ty::S});
    w->inits.push_back(zero);
    for (const Val &c : carriedValues(2)) {
      w->before.push_back(c);
      w->inits.push_back(any(c.ty));
    }
    flushConstants(b);
    w->cond = fresh();
    // Before: a statement or two (no nested regions), then the test.
    scopes_.push_back({});
    for (const Val &c : w->before)
      scopes_.back().push_back(c);
    int n = pick(0, 2);
    for (int i = 0; i < n; ++i)
      chance(0.5) ? scalarOp(w->beforeBlock) : select(w->beforeBlock);
    // Forwarded: the counter, then values of the right types.
    w->forwarded.push_back(w->before[0].name);
    for (size_t k = 1; k < w->before.size(); ++k)
      w->forwarded.push_back(any(w->before[k].ty));
    flushConstants(w->beforeBlock);
    scopes_.pop_back();
    scopes_.push_back({});
    for (const Val &c : w->before)
      w->after.push_back({fresh(), c.ty});
    for (const Val &a : w->after)
      scopes_.back().push_back(a);
    statements(w->afterBlock, depth + 1, pick(1, 4));
    std::string one = constant(1), next = fresh();
    flushConstants(w->afterBlock);
    std::string counter = w->after[0].name;
    add(w->afterBlock, {next + " = arith.addi " + counter + ", " + one + " : i32"},
        [next, counter, one](Env &e) { e.values[next] = e.values.at(counter) + e.values.at(one); });
    w->yields.push_back(next);
    for (size_t k = 1; k < w->before.size(); ++k)
      w->yields.push_back(any(w->before[k].ty));
    flushConstants(w->afterBlock);
    scopes_.pop_back();
    std::string r = "%r" + std::to_string(counter_++);
    w->result = w->before.size() == 1 ? r : r + ":" + std::to_string(w->before.size());
    for (size_t k = 1; k < w->before.size(); ++k)
      scopes_.back().push_back(
          {w->before.size() == 1 ? r : r + "#" + std::to_string(k), w->before[k].ty});
    b.push_back(std::move(w));
  }

  std::mt19937 rng_;
  std::vector<std::vector<Val>> scopes_;
  std::vector<std::pair<std::string, std::function<void(Env &)>>> pendingConstants_;
  int counter_ = 0;

public:
  std::set<int> steps_;
};

std::string kernelText(const std::string &body, const std::set<int> &steps) {
  std::string consts;
  for (int k = 0; k < kOutputs; ++k)
    consts += "    %i" + std::to_string(k) + " = arith.constant " + std::to_string(k) + " : index\n";
  for (int s : {1, 2})
    consts += "    %step" + std::to_string(s) + " = arith.constant " + std::to_string(s) + " : i32\n";
  std::string zeroTiles;
  for (int t = 0; t < kTiles; ++t)
    zeroTiles += "    %z" + std::to_string(t) + " = tessera.view %o_vmem[%i" + std::to_string(8 * t) +
                 ", 0] [8, 128] : !xv to !tile\n    tessera.store %zero, %z" + std::to_string(t) +
                 " : !vi, !tile\n";
  return substitute(R"(
#any = #tessera.memory_space<any>
#vmem = #tessera.memory_space<vmem>
#smem = #tessera.memory_space<smem>
#semm = #tessera.memory_space<semaphore_mem>
!sem = memref<!tessera.dma_semaphore, #semm>
!vi = vector<8x128xi32>
!in = memref<INPUTSxi32, #smem>
!table = memref<TABLExi32, #smem>
!out = memref<OUTPUTSxi32, #smem>
!x = memref<ROWSx128xi32, #any>
!xv = memref<ROWSx128xi32, #vmem>
!tile = memref<8x128xi32, strided<[128, 1], offset: ?>, #vmem>
module {
  func.func @random(%in: !in, %table: !table, %out: !out, %x_hbm: !x, %o_hbm: !x, %x_vmem: !xv,
                    %o_vmem: !xv, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 4 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 3 : i64} {
CONSTS
    %zero = arith.constant dense<0> : !vi
    tessera.dma_start %x_hbm, %x_vmem, %sem : !x, !xv, !sem
    tessera.dma_wait %x_hbm, %x_vmem, %sem : !x, !xv, !sem
ZEROS
BODY
    tessera.dma_start %o_vmem, %o_hbm, %sem : !xv, !x, !sem
    tessera.dma_wait %o_vmem, %o_hbm, %sem : !xv, !x, !sem
    return
  }
}
)",
                    {{"INPUTS", std::to_string(kInputs)},
                     {"TABLE", std::to_string(kTable)},
                     {"OUTPUTS", std::to_string(kOutputs)},
                     {"ROWS", std::to_string(8 * kTiles)},
                     {"CONSTS", consts},
                     {"ZEROS", zeroTiles},
                     {"BODY", body}});
}

int envInt(const char *name, int fallback) {
  const char *v = std::getenv(name);
  return v ? std::atoi(v) : fallback;
}

TEST(RandomPrograms, MatchTheHostModel) {
  uint32_t seed = envInt("TESSERA_RANDOM_SEED", 7);
  int count = envInt("TESSERA_RANDOM_COUNT", 150);
  int only = envInt("TESSERA_RANDOM_ONLY", -1);
  std::mt19937 inputs(seed ^ 0x9e3779b9u);
  int failures = 0, ran = 0;
  int64_t bundles = 0, spilled = 0;
  for (int i = 0; i < count && failures < 3; ++i) {
    if (only >= 0 && i != only)
      continue;
    Generator gen(seed * 1000003u + i);
    Block program;
    // Every fourth program is long: many values live at once, so the
    // allocator spills, also around loops.
    std::string body = gen.generate(program, i % 4 == 3 ? 90 : 10);
    std::string text = kernelText(body, gen.steps_);
    std::string where = "program " + std::to_string(i) + " (TESSERA_RANDOM_SEED=" +
                        std::to_string(seed) + " TESSERA_RANDOM_ONLY=" + std::to_string(i) + ")";
    for (Stages stages : {Stages::All, Stages::Machine}) {
      auto compiled = compile(text, stages);
      if (!compiled.ok()) {
        ADD_FAILURE() << where << ": " << compiled.status() << "\n" << text;
        ++failures;
        break;
      }
      bundles += compiled->executable.numBundles();
      spilled += compiled->regalloc.spilledS + compiled->regalloc.spilledV;
      for (int set = 0; set < 2; ++set) {
        Env env;
        std::uniform_int_distribution<int32_t> small(-20, 20), wide(INT32_MIN, INT32_MAX);
        for (int k = 0; k < kInputs; ++k)
          env.in.push_back(k % 4 == 3 ? wide(inputs) : small(inputs));
        for (int k = 0; k < kTable; ++k)
          env.table.push_back(small(inputs));
        env.out.assign(kOutputs, 0);
        for (int t = 0; t < kTiles; ++t)
          env.tiles.push_back(small(inputs) * 1000 + t);
        env.outTiles.assign(kTiles, 0);
        std::vector<int32_t> scalars = env.in;
        scalars.insert(scalars.end(), env.table.begin(), env.table.end());
        scalars.insert(scalars.end(), env.out.begin(), env.out.end());
        std::vector<int32_t> tileWords;
        for (int t = 0; t < kTiles; ++t)
          tileWords.insert(tileWords.end(), 8 * 128, env.tiles[t]);
        runBlock(program, env);
        auto out = run(compiled->executable,
                       {Array::s32(8 * kTiles, 128, tileWords), Array::zeros(8 * kTiles, 128)},
                       scalars);
        ++ran;
        if (!out.ok()) {
          ADD_FAILURE() << where << ": " << out.status() << "\n" << text;
          ++failures;
          break;
        }
        std::string diff;
        for (int k = 0; k < kTable && diff.empty(); ++k)
          if (out->scalars[kInputs + k] != env.table[k])
            diff = "table[" + std::to_string(k) + "] = " + std::to_string(out->scalars[kInputs + k]) +
                   ", host " + std::to_string(env.table[k]);
        for (int k = 0; k < kOutputs && diff.empty(); ++k)
          if (out->scalars[kInputs + kTable + k] != env.out[k])
            diff = "out[" + std::to_string(k) + "] = " +
                   std::to_string(out->scalars[kInputs + kTable + k]) + ", host " +
                   std::to_string(env.out[k]);
        for (int t = 0; t < kTiles && diff.empty(); ++t)
          for (int e = 0; e < 8 * 128 && diff.empty(); ++e)
            if (out->hbm[1].words[t * 1024 + e] != (uint32_t)env.outTiles[t])
              diff = "output tile " + std::to_string(t) + " word " + std::to_string(e) + " = " +
                     std::to_string((int32_t)out->hbm[1].words[t * 1024 + e]) + ", host " +
                     std::to_string(env.outTiles[t]);
        if (!diff.empty()) {
          ADD_FAILURE() << where << (stages == Stages::All ? " (all passes)" : " (machine only)")
                        << ", input set " << set << ": " << diff << "\n"
                        << text << "\n"
                        << out->listing;
          ++failures;
          break;
        }
      }
    }
  }
  std::printf("[random programs] %d runs, %lld bundles, %lld spilled values\n", ran,
              (long long)bundles, (long long)spilled);
  EXPECT_EQ(failures, 0);
}

}  // namespace
}  // namespace tessera::lowering::testing
