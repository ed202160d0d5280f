//===- PredicateSpillTest.cpp - More than 8 predicates live at once -------===//
//
// The core has 8 predicate registers and no memory for them. When more
// booleans are live, register allocation keeps some in scalar registers
// (0 / 1, reloaded by `scmp.ne`) and makes constant ones again (`pimm`)
// before each use. These kernels hold 12 booleans across a run of stores,
// and 10 booleans plus a constant around a loop's back edge; the results
// must match the host, with and without the passes.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include "LoweringTestUtil.h"

namespace tessera::lowering::testing {
namespace {

constexpr int kStraight = 12;  // booleans live at once at top level
constexpr int kCarried = 10;   // booleans carried around the loop

/// in = [a, n]; out[k] = a < k - 6 for k < 12, then out[12 + k] =
/// (a < k - 6) ? 100 + k : -k: the second round reads every boolean of the
/// first after all of its stores.
std::string straightLineKernel() {
  std::string body;
  for (int k = 0; k < kStraight; ++k) {
    std::string s = std::to_string(k);
    body += "%c" + s + " = arith.constant " + std::to_string(k - 6) + " : i32\n";
    body += "%p" + s + " = arith.cmpi slt, %a, %c" + s + " : i32\n";
    body += "%x" + s + " = arith.extui %p" + s + " : i1 to i32\n";
    body += "%i" + s + " = arith.constant " + s + " : index\n";
    body += "tessera.store_scalar %x" + s + ", %out[%i" + s + "] : i32, !out\n";
  }
  for (int k = 0; k < kStraight; ++k) {
    std::string s = std::to_string(k);
    body += "%t" + s + " = arith.constant " + std::to_string(100 + k) + " : i32\n";
    body += "%f" + s + " = arith.constant " + std::to_string(-k) + " : i32\n";
    body += "%y" + s + " = arith.select %p" + s + ", %t" + s + ", %f" + s + " : i32\n";
    body += "%j" + s + " = arith.constant " + std::to_string(kStraight + k) + " : index\n";
    body += "tessera.store_scalar %y" + s + ", %out[%j" + s + "] : i32, !out\n";
  }
  return substitute(R"(
#smem = #tessera.memory_space<smem>
!in = memref<2xi32, #smem>
!out = memref<24xi32, #smem>
module {
  func.func @predicates(%in: !in, %out: !out)
      attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 2 : i64} {
    %c0i = arith.constant 0 : index
    %a = tessera.load_scalar %in[%c0i] : !in -> i32
BODY
    return
  }
}
)",
                    {{"BODY", body}});
}

/// in = [a, n]; p_k = a < k, then n trips of: p_k ^= (i == k), and p_0
/// becomes true on every third trip (a select with the constant true, a
/// `pimm` hoisted out of the loop); out[k] = p_k.
std::string loopKernel() {
  std::string inits, args, types, body, yields, stores;
  for (int k = 0; k < kCarried; ++k) {
    std::string s = std::to_string(k);
    inits += "%k" + s + " = arith.constant " + s + " : i32\n";
    inits += "%init" + s + " = arith.cmpi slt, %a, %k" + s + " : i32\n";
    args += std::string(k ? ", " : "") + "%p" + s + " = %init" + s;
    types += std::string(k ? ", " : "") + "i1";
    body += "%e" + s + " = arith.cmpi eq, %iv32, %k" + s + " : i32\n";
    body += "%q" + s + " = arith.xori %p" + s + ", %e" + s + " : i1\n";
    yields += std::string(k ? ", " : "") + (k == 0 ? "%q0t" : "%q" + s);
    stores += "%x" + s + " = arith.extui %r#" + s + " : i1 to i32\n";
    stores += "%o" + s + " = arith.constant " + s + " : index\n";
    stores += "tessera.store_scalar %x" + s + ", %out[%o" + s + "] : i32, !out\n";
  }
  body += "%m = arith.remsi %iv32, %three : i32\n";
  body += "%third = arith.cmpi eq, %m, %zero : i32\n";
  body += "%q0t = arith.select %third, %true, %q0 : i1\n";
  return substitute(R"(
#smem = #tessera.memory_space<smem>
!in = memref<2xi32, #smem>
!out = memref<10xi32, #smem>
module {
  func.func @carried(%in: !in, %out: !out)
      attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 2 : i64} {
    %c0i = arith.constant 0 : index
    %c1i = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %three = arith.constant 3 : i32
    %true = arith.constant true
    %a = tessera.load_scalar %in[%c0i] : !in -> i32
    %n32 = tessera.load_scalar %in[%c1i] : !in -> i32
    %n = arith.index_cast %n32 : i32 to index
INITS
    %r:COUNT = scf.for %iv = %c0i to %n step %c1i iter_args(ARGS) -> (TYPES) {
      %iv32 = arith.index_cast %iv : index to i32
BODY
      scf.yield YIELDS : TYPES
    }
STORES
    return
  }
}
)",
                    {{"COUNT", std::to_string(kCarried)},
                     {"INITS", inits},
                     {"ARGS", args},
                     {"TYPES", types},
                     {"BODY", body},
                     {"YIELDS", yields},
                     {"STORES", stores}});
}

TEST(PredicateSpill, TwelveBooleansLiveAcrossStores) {
  for (Stages stages : {Stages::Machine, Stages::All}) {
    auto compiled = compile(straightLineKernel(), stages);
    ASSERT_TRUE(compiled.ok()) << compiled.status();
    if (stages == Stages::Machine) {
      EXPECT_GT(compiled->regalloc.spilledP, 0);
      EXPECT_LE(compiled->regalloc.maxLive[(int)RegClass::P], 8);
    }
    for (int32_t a : {-100, -6, -1, 0, 3, 5, 6, 1000}) {
      std::vector<int32_t> scalars(2 + 2 * kStraight, 0);
      scalars[0] = a;
      auto out = run(compiled->executable, {}, scalars);
      ASSERT_TRUE(out.ok()) << out.status();
      for (int k = 0; k < kStraight; ++k) {
        bool p = a < k - 6;
        EXPECT_EQ(out->scalars[2 + k], (int32_t)p) << "a = " << a << ", k = " << k;
        EXPECT_EQ(out->scalars[2 + kStraight + k], p ? 100 + k : -k)
            << "a = " << a << ", k = " << k;
      }
    }
  }
}

TEST(PredicateSpill, TenCarriedBooleansAndAConstantAroundTheBackEdge) {
  for (Stages stages : {Stages::Machine, Stages::All}) {
    auto compiled = compile(loopKernel(), stages);
    ASSERT_TRUE(compiled.ok()) << compiled.status();
    EXPECT_GT(compiled->regalloc.spilledP, 0);
    for (int32_t a : {-3, 0, 4, 20}) {
      for (int32_t n : {0, 1, 2, 5, 13}) {
        std::vector<int32_t> scalars(2 + kCarried, 0);
        scalars[0] = a;
        scalars[1] = n;
        auto out = run(compiled->executable, {}, scalars);
        ASSERT_TRUE(out.ok()) << out.status();
        bool p[kCarried];
        for (int k = 0; k < kCarried; ++k)
          p[k] = a < k;
        for (int i = 0; i < n; ++i) {
          for (int k = 0; k < kCarried; ++k)
            p[k] = p[k] != (i == k);
          if (i % 3 == 0)
            p[0] = true;
        }
        for (int k = 0; k < kCarried; ++k)
          EXPECT_EQ(out->scalars[2 + k], (int32_t)p[k])
              << "a = " << a << ", n = " << n << ", k = " << k;
      }
    }
  }
}

}  // namespace
}  // namespace tessera::lowering::testing
