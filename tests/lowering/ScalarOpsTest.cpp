//===- ScalarOpsTest.cpp - Scalar and predicate ops on the scalar unit ----===//
//
// One kernel computes ~90 scalar expressions of two run-time inputs a and b
// (compares of every predicate with registers, immediates on either side,
// selects of i32 and i1, booleans, extensions, arithmetic with immediates,
// shifts, division and remainder by constants and registers, max/min,
// index casts, multiple_of) and stores each to SMEM; the test compares
// every word with the same expression evaluated on the host, for inputs
// that include negatives and INT32_MIN.
//
//===----------------------------------------------------------------------===//
#include <climits>
#include <functional>

#include <gtest/gtest.h>

#include "LoweringTestUtil.h"

namespace tessera::lowering::testing {
namespace {

struct Expr {
  std::string mlir;  // defines %$r : i32 from %a, %b ($ is a unique prefix)
  std::function<int32_t(int32_t, int32_t)> host;
};

int32_t wrap(int64_t v) { return (int32_t)(uint32_t)(uint64_t)v; }
int32_t divide(int32_t a, int32_t b) { return b == -1 ? wrap(-(int64_t)a) : a / b; }
int32_t remainder(int32_t a, int32_t b) { return b == -1 ? 0 : a % b; }

std::vector<Expr> expressions() {
  std::vector<Expr> e;
  struct Pred {
    const char *name;
    std::function<bool(int32_t, int32_t)> f;
  };
  std::vector<Pred> preds = {
      {"eq", [](int32_t a, int32_t b) { return a == b; }},
      {"ne", [](int32_t a, int32_t b) { return a != b; }},
      {"slt", [](int32_t a, int32_t b) { return a < b; }},
      {"sle", [](int32_t a, int32_t b) { return a <= b; }},
      {"sgt", [](int32_t a, int32_t b) { return a > b; }},
      {"sge", [](int32_t a, int32_t b) { return a >= b; }},
      {"ult", [](int32_t a, int32_t b) { return (uint32_t)a < (uint32_t)b; }},
      {"ule", [](int32_t a, int32_t b) { return (uint32_t)a <= (uint32_t)b; }},
      {"ugt", [](int32_t a, int32_t b) { return (uint32_t)a > (uint32_t)b; }},
      {"uge", [](int32_t a, int32_t b) { return (uint32_t)a >= (uint32_t)b; }},
  };
  for (const Pred &p : preds) {
    std::string n = p.name;
    auto f = p.f;
    // Registers, an immediate on the right, one on the left, a negative one.
    e.push_back({"%$p = arith.cmpi " + n + ", %a, %b : i32\n%$r = arith.extui %$p : i1 to i32",
                 [f](int32_t a, int32_t b) { return (int32_t)f(a, b); }});
    e.push_back({"%$p = arith.cmpi " + n + ", %a, %c5 : i32\n%$r = arith.extui %$p : i1 to i32",
                 [f](int32_t a, int32_t) { return (int32_t)f(a, 5); }});
    e.push_back({"%$p = arith.cmpi " + n + ", %c5, %a : i32\n%$r = arith.extui %$p : i1 to i32",
                 [f](int32_t a, int32_t) { return (int32_t)f(5, a); }});
    e.push_back({"%$p = arith.cmpi " + n + ", %b, %cm7 : i32\n%$r = arith.extsi %$p : i1 to i32",
                 [f](int32_t, int32_t b) { return -(int32_t)f(b, -7); }});
  }
  auto add = [&](std::string mlir, std::function<int32_t(int32_t, int32_t)> host) {
    e.push_back({std::move(mlir), std::move(host)});
  };
  // Selects: i32 (registers, a constant operand), i1.
  add("%$p = arith.cmpi slt, %a, %b : i32\n%$r = arith.select %$p, %a, %b : i32",
      [](int32_t a, int32_t b) { return a < b ? a : b; });
  add("%$p = arith.cmpi sgt, %a, %c5 : i32\n%$r = arith.select %$p, %c42, %b : i32",
      [](int32_t a, int32_t b) { return a > 5 ? 42 : b; });
  add("%$p = arith.cmpi slt, %a, %b : i32\n%$q = arith.cmpi eq, %a, %c5 : i32\n"
      "%$s = arith.cmpi sgt, %b, %c0 : i32\n%$t = arith.select %$p, %$q, %$s : i1\n"
      "%$r = arith.extui %$t : i1 to i32",
      [](int32_t a, int32_t b) { return (int32_t)(a < b ? a == 5 : b > 0); });
  // Booleans.
  add("%$p = arith.cmpi slt, %a, %b : i32\n%$q = arith.cmpi sgt, %a, %c0 : i32\n"
      "%$t = arith.andi %$p, %$q : i1\n%$r = arith.extui %$t : i1 to i32",
      [](int32_t a, int32_t b) { return (int32_t)(a < b && a > 0); });
  add("%$p = arith.cmpi slt, %a, %b : i32\n%$q = arith.cmpi sgt, %a, %c0 : i32\n"
      "%$t = arith.ori %$p, %$q : i1\n%$r = arith.extui %$t : i1 to i32",
      [](int32_t a, int32_t b) { return (int32_t)(a < b || a > 0); });
  add("%$p = arith.cmpi slt, %a, %b : i32\n%$q = arith.cmpi sgt, %a, %c0 : i32\n"
      "%$t = arith.xori %$p, %$q : i1\n%$r = arith.extui %$t : i1 to i32",
      [](int32_t a, int32_t b) { return (int32_t)((a < b) != (a > 0)); });
  add("%$p = arith.cmpi slt, %a, %b : i32\n%$t = arith.xori %$p, %true : i1\n"
      "%$r = arith.extui %$t : i1 to i32",
      [](int32_t a, int32_t b) { return (int32_t)!(a < b); });
  add("%$p = arith.cmpi slt, %a, %b : i32\n%$q = arith.cmpi sgt, %a, %c0 : i32\n"
      "%$t = arith.cmpi eq, %$p, %$q : i1\n%$r = arith.extui %$t : i1 to i32",
      [](int32_t a, int32_t b) { return (int32_t)((a < b) == (a > 0)); });
  add("%$t = arith.trunci %a : i32 to i1\n%$r = arith.extui %$t : i1 to i32",
      [](int32_t a, int32_t) { return a & 1; });
  // Arithmetic, with registers and immediates.
  add("%$r = arith.addi %a, %b : i32", [](int32_t a, int32_t b) { return wrap((int64_t)a + b); });
  add("%$r = arith.addi %c5, %a : i32", [](int32_t a, int32_t) { return wrap((int64_t)a + 5); });
  add("%$r = arith.subi %a, %b : i32", [](int32_t a, int32_t b) { return wrap((int64_t)a - b); });
  add("%$r = arith.subi %a, %cm7 : i32", [](int32_t a, int32_t) { return wrap((int64_t)a + 7); });
  add("%$r = arith.subi %a, %cmin : i32",
      [](int32_t a, int32_t) { return wrap((int64_t)a - INT32_MIN); });
  add("%$r = arith.subi %c5, %a : i32", [](int32_t a, int32_t) { return wrap(5 - (int64_t)a); });
  add("%$r = arith.muli %a, %b : i32", [](int32_t a, int32_t b) { return wrap((int64_t)a * b); });
  add("%$r = arith.muli %a, %cm3 : i32", [](int32_t a, int32_t) { return wrap((int64_t)a * -3); });
  add("%$r = arith.andi %a, %b : i32", [](int32_t a, int32_t b) { return a & b; });
  add("%$r = arith.andi %a, %c42 : i32", [](int32_t a, int32_t) { return a & 42; });
  add("%$r = arith.ori %a, %b : i32", [](int32_t a, int32_t b) { return a | b; });
  add("%$r = arith.ori %c42, %a : i32", [](int32_t a, int32_t) { return a | 42; });
  add("%$r = arith.xori %a, %b : i32", [](int32_t a, int32_t b) { return a ^ b; });
  add("%$r = arith.xori %a, %cm7 : i32", [](int32_t a, int32_t) { return a ^ -7; });
  // Shifts: by a constant, and by a register amount in [0, 32).
  add("%$r = arith.shli %a, %c3 : i32",
      [](int32_t a, int32_t) { return (int32_t)((uint32_t)a << 3); });
  add("%$s = arith.andi %b, %c31 : i32\n%$r = arith.shli %a, %$s : i32",
      [](int32_t a, int32_t b) { return (int32_t)((uint32_t)a << (b & 31)); });
  add("%$r = arith.shrsi %a, %c3 : i32", [](int32_t a, int32_t) { return a >> 3; });
  add("%$s = arith.andi %b, %c31 : i32\n%$r = arith.shrsi %a, %$s : i32",
      [](int32_t a, int32_t b) { return a >> (b & 31); });
  add("%$r = arith.shrui %a, %c3 : i32",
      [](int32_t a, int32_t) { return (int32_t)((uint32_t)a >> 3); });
  add("%$s = arith.andi %b, %c31 : i32\n%$r = arith.shrui %a, %$s : i32",
      [](int32_t a, int32_t b) { return (int32_t)((uint32_t)a >> (b & 31)); });
  // Division and remainder: by constants (both signs, and -1), registers.
  add("%$r = arith.divsi %a, %c7 : i32", [](int32_t a, int32_t) { return a / 7; });
  add("%$r = arith.divsi %a, %cm3 : i32", [](int32_t a, int32_t) { return a / -3; });
  add("%$r = arith.divsi %a, %cm1 : i32", [](int32_t a, int32_t) { return divide(a, -1); });
  add("%$r = arith.remsi %a, %c7 : i32", [](int32_t a, int32_t) { return a % 7; });
  add("%$r = arith.remsi %a, %cm3 : i32", [](int32_t a, int32_t) { return a % -3; });
  add("%$r = arith.remsi %a, %cm1 : i32", [](int32_t a, int32_t) { return remainder(a, -1); });
  add("%$r = arith.divsi %a, %b : i32", [](int32_t a, int32_t b) { return divide(a, b); });
  add("%$r = arith.remsi %a, %b : i32", [](int32_t a, int32_t b) { return remainder(a, b); });
  add("%$r = arith.divsi %c42, %b : i32", [](int32_t, int32_t b) { return divide(42, b); });
  // Max and min.
  add("%$r = arith.maxsi %a, %b : i32", [](int32_t a, int32_t b) { return std::max(a, b); });
  add("%$r = arith.minsi %a, %b : i32", [](int32_t a, int32_t b) { return std::min(a, b); });
  add("%$r = arith.maxsi %a, %c5 : i32", [](int32_t a, int32_t) { return std::max(a, 5); });
  add("%$r = arith.minsi %cm7, %a : i32", [](int32_t a, int32_t) { return std::min(a, -7); });
  // Index casts and multiple_of are the same 32 bits.
  add("%$i = arith.index_cast %a : i32 to index\n%$j = arith.addi %$i, %c3i : index\n"
      "%$r = arith.index_cast %$j : index to i32",
      [](int32_t a, int32_t) { return wrap((int64_t)a + 3); });
  add("%$m = tessera.multiple_of %b, 8 : i32\n%$r = arith.addi %$m, %c0 : i32",
      [](int32_t, int32_t b) { return b; });
  return e;
}

std::string scalarKernel(const std::vector<Expr> &exprs) {
  std::string body;
  for (size_t k = 0; k < exprs.size(); ++k) {
    std::string prefix = "e" + std::to_string(k) + "_";
    body += substitute(exprs[k].mlir, {{"$", prefix}}) + "\n";
    body += "%i" + std::to_string(k) + " = arith.constant " + std::to_string(k) + " : index\n";
    body += "tessera.store_scalar %" + prefix + "r, %out[%i" + std::to_string(k) +
            "] : i32, !out\n";
  }
  return substitute(R"(
#smem = #tessera.memory_space<smem>
!in = memref<2xi32, #smem>
!out = memref<COUNTxi32, #smem>
module {
  func.func @scalars(%in: !in, %out: !out)
      attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 2 : i64} {
    %c0i = arith.constant 0 : index
    %c1i = arith.constant 1 : index
    %c3i = arith.constant 3 : index
    %c0 = arith.constant 0 : i32
    %c3 = arith.constant 3 : i32
    %c5 = arith.constant 5 : i32
    %c7 = arith.constant 7 : i32
    %c31 = arith.constant 31 : i32
    %c42 = arith.constant 42 : i32
    %cm1 = arith.constant -1 : i32
    %cm3 = arith.constant -3 : i32
    %cm7 = arith.constant -7 : i32
    %cmin = arith.constant -2147483648 : i32
    %true = arith.constant true
    %a = tessera.load_scalar %in[%c0i] : !in -> i32
    %b = tessera.load_scalar %in[%c1i] : !in -> i32
BODY
    return
  }
}
)",
                             {{"COUNT", std::to_string(exprs.size())}, {"BODY", body}});
}

void checkScalars(Stages stages) {
  std::vector<Expr> exprs = expressions();
  auto compiled = compile(scalarKernel(exprs), stages);
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  std::vector<std::pair<int32_t, int32_t>> inputs = {
      {5, 3},   {-7, 2},       {100, -9},     {0, 1},        {-1, 7},
      {5, 5},   {INT32_MIN, -1}, {INT32_MAX, 2}, {123456789, 33}, {-6, -7}};
  for (auto [a, b] : inputs) {
    std::vector<int32_t> scalars(2 + exprs.size(), 0);
    scalars[0] = a;
    scalars[1] = b;
    auto out = run(compiled->executable, {}, scalars);
    ASSERT_TRUE(out.ok()) << out.status();
    for (size_t k = 0; k < exprs.size(); ++k)
      EXPECT_EQ(out->scalars[2 + k], exprs[k].host(a, b))
          << "a = " << a << ", b = " << b << ":\n" << exprs[k].mlir;
  }
}

TEST(ScalarOps, EveryOpAgainstHostMath) { checkScalars(Stages::All); }

// Without the passes (no canonicalization): constants stay where they are
// and reach instruction selection on either side of each op.
TEST(ScalarOps, EveryOpAgainstHostMathWithoutThePasses) { checkScalars(Stages::Machine); }

TEST(ScalarOps, DivisionByTheConstantZeroIsAnError) {
  auto compiled = compile(R"(
#smem = #tessera.memory_space<smem>
module {
  func.func @div0(%in: memref<1xi32, #smem>) attributes {tessera.kernel, tessera.num_inputs = 1 : i64,
                  tessera.num_outputs = 0 : i64, tessera.num_scalar_inputs = 1 : i64} {
    %c0i = arith.constant 0 : index
    %c0 = arith.constant 0 : i32
    %a = tessera.load_scalar %in[%c0i] : memref<1xi32, #smem> -> i32
    %q = arith.divsi %a, %c0 : i32
    tessera.store_scalar %q, %in[%c0i] : i32, memref<1xi32, #smem>
    return
  }
}
)",
                          Stages::Machine);
  ASSERT_FALSE(compiled.ok());
  EXPECT_NE(compiled.status().message().find("division by the constant 0"), std::string::npos)
      << compiled.status();
}

}  // namespace
}  // namespace tessera::lowering::testing
