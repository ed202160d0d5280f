//===- VectorOpsTest.cpp - Every tile op, bit-exact against vmath ---------===//
//
// One small kernel per tile op (tile IR, as the TesseraLegalizeTiles pass
// description states it): two input tiles with edge values (0, -0,
// denormals, inf, NaN, halves, INT32_MIN, out-of-range shift amounts, ...)
// and random ones, the op, one output tile.
// Each result word must equal the host reference of sim/VectorMath.h, the
// same functions the simulator uses, bit for bit. Also: vector constants of
// every type, pack/unpack, iota, reductions along both axes, one-row loads
// (vld + vbcast.sub), and that the schedules of EUP and XLU chains are
// hazard-free (the simulator faults otherwise) and no slower than the
// issue intervals require.
//
//===----------------------------------------------------------------------===//
#include <bit>
#include <cmath>
#include <functional>
#include <limits>
#include <random>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "LoweringTestUtil.h"
#include "sim/VectorMath.h"

namespace tessera::lowering::testing {
namespace {

using ::testing::HasSubstr;

constexpr int kElems = machine::kVRegElems;

float f(uint32_t w) { return std::bit_cast<float>(w); }
uint32_t w(float x) { return std::bit_cast<uint32_t>(x); }

/// Edge values first, then random ones of mixed magnitudes.
std::vector<uint32_t> floatInputs(uint32_t seed) {
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<float> special = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, -0.5f, 1.5f, 2.5f, -2.5f,
                                3.5f, 1e-40f, -1e-40f, 1e-45f, inf, -inf,
                                std::numeric_limits<float>::quiet_NaN(),
                                -std::numeric_limits<float>::quiet_NaN(), 3.0e38f, -3.0e38f,
                                2147483520.0f, 2147483648.0f, -2147483904.0f, 100.25f,
                                -7.75f, 1.0f / 3.0f, 65504.0f, 1.00390625f, 1.01171875f};
  std::vector<uint32_t> out;
  for (float s : special)
    out.push_back(w(s));
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  std::uniform_int_distribution<int> exponent(-20, 20);
  while ((int)out.size() < kElems)
    out.push_back(w(std::ldexp(unit(rng), exponent(rng))));
  return out;
}

std::vector<uint32_t> intInputs(uint32_t seed) {
  std::vector<int32_t> special = {0, 1, -1, 2, -2, 7, -7, 31, 32, 33, -32, 127, 128, -128,
                                  255, 256, INT32_MIN, INT32_MAX, INT32_MIN + 1, 1 << 20,
                                  -(1 << 20), 3, 5, 100};
  std::vector<uint32_t> out;
  for (int32_t s : special)
    out.push_back((uint32_t)s);
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int32_t> small(-300, 300);
  std::uniform_int_distribution<uint32_t> any;
  while ((int)out.size() < kElems)
    out.push_back(out.size() % 2 ? (uint32_t)small(rng) : any(rng));
  return out;
}

// --- One op on two input tiles. ---

constexpr std::string_view kUnaryBinary = R"(
!a = memref<8x128xAT, #any>
!av = memref<8x128xAT, #vmem>
!b = memref<8x128xBT, #any>
!bv = memref<8x128xBT, #vmem>
!o = memref<8x128xOT, #any>
!ov = memref<8x128xOT, #vmem>
module {
  func.func @op(%a_hbm: !a, %b_hbm: !b, %o_hbm: !o, %av: !av, %bv: !bv, %ov: !ov, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    tessera.dma_start %a_hbm, %av, %sem : !a, !av, !sem
    tessera.dma_wait %a_hbm, %av, %sem : !a, !av, !sem
    tessera.dma_start %b_hbm, %bv, %sem : !b, !bv, !sem
    tessera.dma_wait %b_hbm, %bv, %sem : !b, !bv, !sem
    %x = tessera.load %av : !av -> vector<8x128xAT>
    %y = tessera.load %bv : !bv -> vector<8x128xBT>
    BODY
    tessera.store %r, %ov : vector<8x128xOT>, !ov
    tessera.dma_start %ov, %o_hbm, %sem : !ov, !o, !sem
    tessera.dma_wait %ov, %o_hbm, %sem : !ov, !o, !sem
    return
  }
}
)";

struct Case {
  std::string name;
  std::string at, bt, ot;  // element types of x, y and the result
  std::string body;        // defines %r from %x, %y
  std::function<uint32_t(uint32_t, uint32_t)> host;
};

/// Compiles and runs one case; returns the output words and the listing.
struct CaseOutput {
  std::vector<uint32_t> words;
  std::string listing;
};

absl::StatusOr<CaseOutput> runCase(const Case &c, const std::vector<uint32_t> &x,
                                   const std::vector<uint32_t> &y) {
  std::string text = kernel(substitute(
      kUnaryBinary, {{"AT", c.at}, {"BT", c.bt}, {"OT", c.ot}, {"BODY", c.body}}));
  auto compiled = compile(text, Stages::Machine);
  if (!compiled.ok())
    return compiled.status();
  Array a{8, 128, x}, b{8, 128, y};
  auto out = run(compiled->executable, {a, b, Array::zeros(8, 128)});
  if (!out.ok())
    return out.status();
  return CaseOutput{out->hbm[2].words, out->listing};
}

std::string bits(uint32_t v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "0x%08x (%g, %d)", v, f(v), (int32_t)v);
  return buf;
}

void check(const Case &c, const std::vector<uint32_t> &x, const std::vector<uint32_t> &y) {
  SCOPED_TRACE(c.name);
  auto out = runCase(c, x, y);
  ASSERT_TRUE(out.ok()) << out.status();
  int wrong = 0;
  for (int i = 0; i < kElems && wrong < 5; ++i) {
    uint32_t want = c.host(x[i], y[i]);
    if (out->words[i] != want) {
      ++wrong;
      ADD_FAILURE() << c.name << " element " << i << ": x = " << bits(x[i])
                    << ", y = " << bits(y[i]) << ": got " << bits(out->words[i])
                    << ", want " << bits(want);
    }
  }
}

using F1 = float (*)(float);
Case floatUnary(std::string name, std::string op, F1 fn) {
  return {name, "f32", "f32", "f32", "%r = " + op + " %x : vector<8x128xf32>",
          [fn](uint32_t a, uint32_t) { return w(fn(f(a))); }};
}
Case floatBinary(std::string name, std::string op, std::function<float(float, float)> fn) {
  return {name, "f32", "f32", "f32", "%r = " + op + " %x, %y : vector<8x128xf32>",
          [fn](uint32_t a, uint32_t b) { return w(fn(f(a), f(b))); }};
}
Case intBinary(std::string name, std::string op, std::function<int32_t(int32_t, int32_t)> fn) {
  return {name, "i32", "i32", "i32", "%r = " + op + " %x, %y : vector<8x128xi32>",
          [fn](uint32_t a, uint32_t b) { return (uint32_t)fn((int32_t)a, (int32_t)b); }};
}

TEST(VectorOps, FloatElementwiseIsBitExact) {
  std::vector<uint32_t> x = floatInputs(1), y = floatInputs(2);
  // y: the edge values again, against each of x's (rotated).
  std::rotate(y.begin(), y.begin() + 5, y.begin() + 28);
  std::vector<Case> cases = {
      floatBinary("addf", "arith.addf", [](float a, float b) { return a + b; }),
      floatBinary("subf", "arith.subf", [](float a, float b) { return a - b; }),
      floatBinary("mulf", "arith.mulf", [](float a, float b) { return a * b; }),
      floatBinary("divf", "arith.divf", vmath::divF32),
      floatBinary("maximumf", "arith.maximumf", vmath::maxF),
      floatBinary("minimumf", "arith.minimumf", vmath::minF),
      floatBinary("powf", "math.powf", vmath::pow),
      {"negf", "f32", "f32", "f32", "%r = arith.negf %x : vector<8x128xf32>",
       [](uint32_t a, uint32_t) { return a ^ 0x80000000u; }},
      floatUnary("absf", "math.absf", [](float a) { return std::fabs(a); }),
      floatUnary("exp", "math.exp", vmath::exp),
      floatUnary("exp2", "math.exp2", vmath::exp2),
      floatUnary("log", "math.log", vmath::log),
      floatUnary("log1p", "math.log1p", vmath::log1p),
      floatUnary("tanh", "math.tanh", vmath::tanh),
      floatUnary("sqrt", "math.sqrt", vmath::sqrt),
      floatUnary("rsqrt", "math.rsqrt", vmath::rsqrt),
      floatUnary("sin", "math.sin", vmath::sin),
      floatUnary("cos", "math.cos", vmath::cos),
      floatUnary("erf", "math.erf", vmath::erf),
      floatUnary("floor", "math.floor", vmath::floorF),
      floatUnary("ceil", "math.ceil", vmath::ceilF),
      floatUnary("roundeven", "math.roundeven", vmath::roundHalfEven),
      floatUnary("logistic", "tessera.logistic", vmath::logistic),
      floatUnary("reciprocal", "tessera.reciprocal", vmath::rcp),
      floatUnary("round_bf16", "tessera.round_bf16", vmath::roundBf16),
  };
  for (const Case &c : cases)
    check(c, x, y);
}

TEST(VectorOps, IntegerElementwiseIsBitExact) {
  std::vector<uint32_t> x = intInputs(3), y = intInputs(4);
  std::rotate(y.begin(), y.begin() + 3, y.begin() + 24);
  auto wrapAdd = [](int32_t a, int32_t b) { return (int32_t)((uint32_t)a + (uint32_t)b); };
  std::vector<Case> cases = {
      intBinary("addi", "arith.addi", wrapAdd),
      intBinary("subi", "arith.subi",
                [](int32_t a, int32_t b) { return (int32_t)((uint32_t)a - (uint32_t)b); }),
      intBinary("muli", "arith.muli",
                [](int32_t a, int32_t b) { return (int32_t)((uint32_t)a * (uint32_t)b); }),
      intBinary("divsi", "arith.divsi", vmath::divS32),
      intBinary("remsi", "arith.remsi", vmath::remS32),
      intBinary("andi", "arith.andi", [](int32_t a, int32_t b) { return a & b; }),
      intBinary("ori", "arith.ori", [](int32_t a, int32_t b) { return a | b; }),
      intBinary("xori", "arith.xori", [](int32_t a, int32_t b) { return a ^ b; }),
      intBinary("shli", "arith.shli", vmath::shiftLeft),
      intBinary("shrsi", "arith.shrsi", vmath::shiftRightArithmetic),
      intBinary("shrui", "arith.shrui", vmath::shiftRightLogical),
      intBinary("maxsi", "arith.maxsi", [](int32_t a, int32_t b) { return std::max(a, b); }),
      intBinary("minsi", "arith.minsi", [](int32_t a, int32_t b) { return std::min(a, b); }),
      {"absi", "i32", "i32", "i32", "%r = math.absi %x : vector<8x128xi32>",
       [](uint32_t a, uint32_t) { return (uint32_t)vmath::absS32((int32_t)a); }},
      {"not", "i32", "i32", "i32",
       "%m1 = arith.constant dense<-1> : vector<8x128xi32>\n"
       "%r = arith.xori %x, %m1 : vector<8x128xi32>",
       [](uint32_t a, uint32_t) { return ~a; }},
  };
  for (const Case &c : cases)
    check(c, x, y);
}

TEST(VectorOps, ComparesGiveMasksAndSelectPicks) {
  std::vector<uint32_t> fx = floatInputs(5), fy = floatInputs(6);
  std::rotate(fy.begin(), fy.begin() + 7, fy.begin() + 28);
  for (int i = 28; i < kElems; i += 3)
    fy[i] = fx[i];  // equal operands too
  struct Pred {
    std::string f, i;
    vmath::CmpKind kind;
  };
  std::vector<Pred> preds = {{"oeq", "eq", vmath::CmpKind::Eq}, {"une", "ne", vmath::CmpKind::Ne},
                             {"olt", "slt", vmath::CmpKind::Lt}, {"ole", "sle", vmath::CmpKind::Le},
                             {"ogt", "sgt", vmath::CmpKind::Gt}, {"oge", "sge", vmath::CmpKind::Ge}};
  std::vector<Case> floats, ints;
  for (const Pred &p : preds) {
    auto kind = p.kind;
    floats.push_back({"cmpf " + p.f, "f32", "f32", "i32",
                      "%m = arith.cmpf " + p.f + ", %x, %y : vector<8x128xf32>\n"
                      "%r = arith.extui %m : vector<8x128xi1> to vector<8x128xi32>",
                      [kind](uint32_t a, uint32_t b) {
                        return (uint32_t)vmath::compareF32(kind, f(a), f(b));
                      }});
    ints.push_back({"cmpi " + p.i, "i32", "i32", "i32",
                    "%m = arith.cmpi " + p.i + ", %x, %y : vector<8x128xi32>\n"
                    "%r = arith.extui %m : vector<8x128xi1> to vector<8x128xi32>",
                    [kind](uint32_t a, uint32_t b) {
                      return (uint32_t)vmath::compareS32(kind, (int32_t)a, (int32_t)b);
                    }});
  }
  for (auto [name, fn] : std::vector<std::pair<std::string, std::function<bool(uint32_t, uint32_t)>>>{
           {"ult", [](uint32_t a, uint32_t b) { return a < b; }},
           {"ule", [](uint32_t a, uint32_t b) { return a <= b; }},
           {"ugt", [](uint32_t a, uint32_t b) { return a > b; }},
           {"uge", [](uint32_t a, uint32_t b) { return a >= b; }}})
    ints.push_back({"cmpi " + name, "i32", "i32", "i32",
                    "%m = arith.cmpi " + name + ", %x, %y : vector<8x128xi32>\n"
                    "%r = arith.extui %m : vector<8x128xi1> to vector<8x128xi32>",
                    [fn](uint32_t a, uint32_t b) { return (uint32_t)fn(a, b); }});
  floats.push_back({"select", "f32", "f32", "f32",
                    "%m = arith.cmpf olt, %x, %y : vector<8x128xf32>\n"
                    "%r = arith.select %m, %x, %y : vector<8x128xi1>, vector<8x128xf32>",
                    [](uint32_t a, uint32_t b) {
                      return vmath::compareF32(vmath::CmpKind::Lt, f(a), f(b)) ? a : b;
                    }});
  // Mask logic, extsi, trunci.
  auto m = [](uint32_t a, uint32_t b) { return (int32_t)a < (int32_t)b; };
  auto n = [](uint32_t a) { return (int32_t)a > 0; };
  std::string masks = "%p = arith.cmpi slt, %x, %y : vector<8x128xi32>\n"
                      "%q = arith.cmpi sgt, %x, %zero : vector<8x128xi32>\n";
  std::string zero = "%zero = arith.constant dense<0> : vector<8x128xi32>\n";
  std::string ext = "%r = arith.extui %t : vector<8x128xi1> to vector<8x128xi32>";
  ints.push_back({"mask and", "i32", "i32", "i32",
                  zero + masks + "%t = arith.andi %p, %q : vector<8x128xi1>\n" + ext,
                  [=](uint32_t a, uint32_t b) { return (uint32_t)(m(a, b) && n(a)); }});
  ints.push_back({"mask or", "i32", "i32", "i32",
                  zero + masks + "%t = arith.ori %p, %q : vector<8x128xi1>\n" + ext,
                  [=](uint32_t a, uint32_t b) { return (uint32_t)(m(a, b) || n(a)); }});
  ints.push_back({"mask xor", "i32", "i32", "i32",
                  zero + masks + "%t = arith.xori %p, %q : vector<8x128xi1>\n" + ext,
                  [=](uint32_t a, uint32_t b) { return (uint32_t)(m(a, b) != n(a)); }});
  ints.push_back({"mask not", "i32", "i32", "i32",
                  zero + masks +
                      "%true = arith.constant dense<true> : vector<8x128xi1>\n"
                      "%t = arith.xori %p, %true : vector<8x128xi1>\n" + ext,
                  [=](uint32_t a, uint32_t b) { return (uint32_t)!m(a, b); }});
  ints.push_back({"mask extsi", "i32", "i32", "i32",
                  zero + masks + "%r = arith.extsi %p : vector<8x128xi1> to vector<8x128xi32>",
                  [=](uint32_t a, uint32_t b) { return m(a, b) ? 0xffffffffu : 0u; }});
  ints.push_back({"trunci to mask", "i32", "i32", "i32",
                  "%t = arith.trunci %x : vector<8x128xi32> to vector<8x128xi1>\n" + ext,
                  [](uint32_t a, uint32_t) { return a & 1; }});
  ints.push_back({"select i32 on a mask", "i32", "i32", "i32",
                  "%p = arith.cmpi sge, %x, %y : vector<8x128xi32>\n"
                  "%r = arith.select %p, %y, %x : vector<8x128xi1>, vector<8x128xi32>",
                  [](uint32_t a, uint32_t b) { return (int32_t)a >= (int32_t)b ? b : a; }});
  for (const Case &c : floats)
    check(c, fx, fy);
  std::vector<uint32_t> ix = intInputs(7), iy = intInputs(8);
  std::rotate(iy.begin(), iy.begin() + 3, iy.begin() + 24);
  for (int i = 24; i < kElems; i += 4)
    iy[i] = ix[i];
  for (const Case &c : ints)
    check(c, ix, iy);
}

TEST(VectorOps, ConversionsAndBitcasts) {
  std::vector<uint32_t> fx = floatInputs(9), ix = intInputs(10);
  check({"fptosi", "f32", "f32", "i32", "%r = arith.fptosi %x : vector<8x128xf32> to vector<8x128xi32>",
         [](uint32_t a, uint32_t) { return (uint32_t)vmath::f32ToS32(f(a)); }},
        fx, fx);
  check({"sitofp", "i32", "i32", "f32", "%r = arith.sitofp %x : vector<8x128xi32> to vector<8x128xf32>",
         [](uint32_t a, uint32_t) { return w(vmath::s32ToF32((int32_t)a)); }},
        ix, ix);
  check({"bitcast", "f32", "f32", "i32",
         "%r = arith.bitcast %x : vector<8x128xf32> to vector<8x128xi32>",
         [](uint32_t a, uint32_t) { return a; }},
        fx, fx);
  // pack / unpack: bf16 rows 0-7 from x, 8-15 from y; int8 four parts.
  check({"pack bf16, unpack lo", "f32", "f32", "f32",
         "%p = tessera.pack %x, %y : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>\n"
         "%r = tessera.unpack %p {part = 0 : i64} : vector<16x128xbf16> -> vector<8x128xf32>",
         [](uint32_t a, uint32_t) { return w(vmath::roundBf16(f(a))); }},
        fx, floatInputs(11));
  check({"pack bf16, unpack hi", "f32", "f32", "f32",
         "%p = tessera.pack %x, %y : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>\n"
         "%r = tessera.unpack %p {part = 1 : i64} : vector<16x128xbf16> -> vector<8x128xf32>",
         [](uint32_t, uint32_t b) { return w(vmath::roundBf16(f(b))); }},
        fx, floatInputs(11));
  for (int part = 0; part < 4; ++part) {
    std::string ops[4] = {"%x", "%y", "%x", "%y"};
    std::swap(ops[part], ops[0]);  // part k comes from x for k = 0, 2, y for 1, 3
    check({"pack s8, unpack " + std::to_string(part), "i32", "i32", "i32",
           "%p = tessera.pack %x, %y, %x, %y : vector<8x128xi32>, vector<8x128xi32>, "
           "vector<8x128xi32>, vector<8x128xi32> -> vector<32x128xi8>\n"
           "%r = tessera.unpack %p {part = " + std::to_string(part) +
               " : i64} : vector<32x128xi8> -> vector<8x128xi32>",
           [part](uint32_t a, uint32_t b) {
             return (uint32_t)vmath::wrapS8((int32_t)(part % 2 ? b : a));
           }},
          ix, intInputs(12));
  }
}

TEST(VectorOps, ConstantsOfEveryType) {
  std::vector<uint32_t> x(kElems, 0);
  check({"f32 splat", "f32", "f32", "f32", "%r = arith.constant dense<-2.5> : vector<8x128xf32>",
         [](uint32_t, uint32_t) { return w(-2.5f); }},
        x, x);
  check({"i32 splat", "i32", "i32", "i32", "%r = arith.constant dense<-123456> : vector<8x128xi32>",
         [](uint32_t, uint32_t) { return (uint32_t)-123456; }},
        x, x);
  check({"i1 splat", "i32", "i32", "i32",
         "%t = arith.constant dense<true> : vector<8x128xi1>\n"
         "%r = arith.extui %t : vector<8x128xi1> to vector<8x128xi32>",
         [](uint32_t, uint32_t) { return 1u; }},
        x, x);
  check({"bf16 splat", "f32", "f32", "f32",
         "%p = arith.constant dense<1.5> : vector<16x128xbf16>\n"
         "%r = tessera.unpack %p {part = 1 : i64} : vector<16x128xbf16> -> vector<8x128xf32>",
         [](uint32_t, uint32_t) { return w(1.5f); }},
        x, x);
  check({"i8 splat", "i32", "i32", "i32",
         "%p = arith.constant dense<-3> : vector<32x128xi8>\n"
         "%r = tessera.unpack %p {part = 2 : i64} : vector<32x128xi8> -> vector<8x128xi32>",
         [](uint32_t, uint32_t) { return (uint32_t)-3; }},
        x, x);
}

TEST(VectorOps, IotaAndScalarBroadcast) {
  std::vector<uint32_t> x(kElems, 0);
  check({"iota row", "i32", "i32", "i32", "%r = tessera.iota {dimension = 0 : i64} : vector<8x128xi32>",
         [i = 0](uint32_t, uint32_t) mutable { return (uint32_t)(i++ / 128); }},
        x, x);
  check({"iota col + 256", "i32", "i32", "i32",
         "%r = tessera.iota {dimension = 1 : i64, offset = 256 : i64} : vector<8x128xi32>",
         [i = 0](uint32_t, uint32_t) mutable { return (uint32_t)(256 + i++ % 128); }},
        x, x);
}

// --- Reductions: one tile -> a row (axis 0) or a column (axis 1), broadcast
// back to the whole tile. ---

TEST(VectorOps, ReductionsFollowTheButterflyOrder) {
  std::vector<uint32_t> fx = floatInputs(13), ix = intInputs(14);
  // NaN and -0 in row 5 / column 3 only: max/min must propagate / order them.
  const char *kinds[] = {"sum", "max", "min"};
  vmath::ReduceKind rk[] = {vmath::ReduceKind::Sum, vmath::ReduceKind::Max,
                            vmath::ReduceKind::Min};
  for (int type = 0; type < 2; ++type) {
    const std::vector<uint32_t> &x = type == 0 ? fx : ix;
    std::string t = type == 0 ? "f32" : "i32";
    for (int k = 0; k < 3; ++k)
      for (int axis = 0; axis < 2; ++axis) {
        std::string reduced = axis == 0 ? "vector<1x128x" + t + ">" : "vector<8x1x" + t + ">";
        std::string body = "%s = tessera.reduce %x {axis = " + std::to_string(axis) +
                           " : i64, kind = \"" + kinds[k] + "\"} : vector<8x128x" + t +
                           "> -> " + reduced + "\n%r = tessera.broadcast %s : " + reduced +
                           " -> vector<8x128x" + t + ">";
        // Host: the butterfly of vmath over the row / column.
        std::vector<uint32_t> want(kElems);
        for (int s = 0; s < 8; ++s)
          for (int l = 0; l < 128; ++l) {
            if (type == 0) {
              float v[128];
              if (axis == 0) {
                for (int j = 0; j < 8; ++j)
                  v[j] = f(x[j * 128 + l]);
                want[s * 128 + l] = w(vmath::reduceSublanes(rk[k], v));
              } else {
                for (int j = 0; j < 128; ++j)
                  v[j] = f(x[s * 128 + j]);
                want[s * 128 + l] = w(vmath::reduceLanes(rk[k], v));
              }
            } else {
              int32_t v[128];
              if (axis == 0) {
                for (int j = 0; j < 8; ++j)
                  v[j] = (int32_t)x[j * 128 + l];
                want[s * 128 + l] = (uint32_t)vmath::reduceSublanes(rk[k], v);
              } else {
                for (int j = 0; j < 128; ++j)
                  v[j] = (int32_t)x[s * 128 + j];
                want[s * 128 + l] = (uint32_t)vmath::reduceLanes(rk[k], v);
              }
            }
          }
        check({std::string("reduce ") + kinds[k] + " " + t + " axis " + std::to_string(axis),
               t, t, t, body, [&want, i = 0](uint32_t, uint32_t) mutable { return want[i++]; }},
              x, x);
      }
  }
}

// --- A one-row window: vld of its tile, then vbcast.sub. ---

constexpr std::string_view kRowLoad = R"(
!a = memref<16x128xf32, #any>
!av = memref<16x128xf32, #vmem>
!o = memref<8x128xf32, #any>
!ov = memref<8x128xf32, #vmem>
!row = memref<1x128xf32, strided<[128, 1], offset: ROWOFF>, #vmem>
module {
  func.func @row(%a_hbm: !a, %o_hbm: !o, %av: !av, %ov: !ov, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    tessera.dma_start %a_hbm, %av, %sem : !a, !av, !sem
    tessera.dma_wait %a_hbm, %av, %sem : !a, !av, !sem
    %w = tessera.view %av[ROW, 0] [1, 128] : !av to !row
    %x = tessera.load %w : !row -> vector<1x128xf32>
    %r = tessera.broadcast %x : vector<1x128xf32> -> vector<8x128xf32>
    tessera.store %r, %ov : vector<8x128xf32>, !ov
    tessera.dma_start %ov, %o_hbm, %sem : !ov, !o, !sem
    tessera.dma_wait %ov, %o_hbm, %sem : !ov, !o, !sem
    return
  }
}
)";

TEST(VectorOps, OneRowLoadIsVldAndSublaneBroadcast) {
  Array a = Array::f32(16, 128, iota(16 * 128, 0));
  for (int row : {0, 5, 11}) {
    auto compiled = compile(kernel(substitute(kRowLoad, {{"ROWOFF", std::to_string(row * 128)},
                                                      {"ROW", std::to_string(row)}})),
                            Stages::Machine);
    ASSERT_TRUE(compiled.ok()) << compiled.status();
    EXPECT_EQ(countBundles(compiled->executable, "vbcast.sub"), 1);
    auto out = run(compiled->executable, {a, Array::zeros(8, 128)});
    ASSERT_TRUE(out.ok()) << out.status();
    for (int s = 0; s < 8; ++s)
      for (int l = 0; l < 128; ++l)
        ASSERT_EQ(out->hbm[1].f(s, l), a.f(row, l)) << "row " << row;
  }
}

// --- Unit intervals: a chain of independent EUP / XLU ops. ---

constexpr std::string_view kManyUnitOps = R"(
!a = memref<8x128xf32, #any>
!av = memref<8x128xf32, #vmem>
!o = memref<64x128xf32, #any>
!ov = memref<64x128xf32, #vmem>
module {
  func.func @units(%a_hbm: !a, %o_hbm: !o, %av: !av, %ov: !ov, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    tessera.dma_start %a_hbm, %av, %sem : !a, !av, !sem
    tessera.dma_wait %a_hbm, %av, %sem : !a, !av, !sem
    %x = tessera.load %av : !av -> vector<8x128xf32>
BODY
    tessera.dma_start %ov, %o_hbm, %sem : !ov, !o, !sem
    tessera.dma_wait %ov, %o_hbm, %sem : !ov, !o, !sem
    return
  }
}
)";

TEST(VectorOps, EupAndXluOpsRespectTheirIssueIntervals) {
  // 8 independent ops of one unit: no fault, and about 8 intervals apart.
  struct Unit {
    std::string op;
    int interval;
    std::string mnemonic;
  };
  for (const Unit &u : {Unit{"math.exp %x : vector<8x128xf32>", machine::kEupIssueInterval,
                             "vexp.f32"},
                        Unit{"tessera.reduce %x {axis = 1 : i64, kind = \"sum\"} : "
                             "vector<8x128xf32> -> vector<8x1xf32>",
                             machine::kCrossLaneIssueInterval, "vredlane.sum.f32"}}) {
    std::string body;
    for (int k = 0; k < 8; ++k) {
      std::string c = "%c" + std::to_string(k), v = "%v" + std::to_string(k);
      // Each op reads its own input so that none can be merged.
      body += c + " = arith.constant dense<" + std::to_string(k) + ".0> : vector<8x128xf32>\n";
      body += "%x" + std::to_string(k) + " = arith.addf %x, " + c + " : vector<8x128xf32>\n";
      std::string op = substitute(u.op, {{"%x", "%x" + std::to_string(k)}});
      bool lane = u.mnemonic.starts_with("vredlane");
      body += v + " = " + op + "\n";
      std::string stored = v;
      if (lane) {
        body += "%b" + std::to_string(k) + " = tessera.broadcast " + v +
                " : vector<8x1xf32> -> vector<8x128xf32>\n";
        stored = "%b" + std::to_string(k);
      }
      std::string tile = "memref<8x128xf32, strided<[128, 1], offset: " +
                         std::to_string(8 * k * 128) + ">, #vmem>";
      body += "%w" + std::to_string(k) + " = tessera.view %ov[" + std::to_string(8 * k) +
              ", 0] [8, 128] : !ov to " + tile + "\n";
      body += "tessera.store " + stored + ", %w" + std::to_string(k) + " : vector<8x128xf32>, " +
              tile + "\n";
    }
    auto compiled = compile(kernel(substitute(kManyUnitOps, {{"BODY", body}})), Stages::Machine);
    ASSERT_TRUE(compiled.ok()) << compiled.status();
    EXPECT_EQ(countBundles(compiled->executable, u.mnemonic), 8);
    Array a = Array::f32(8, 128, iota(8 * 128, -3, 0.01f));
    auto out = run(compiled->executable, {a, Array::zeros(64, 128)});
    ASSERT_TRUE(out.ok()) << out.status();  // a hazard would be a fault
    // The unit ops issue back to back at the interval.
    std::istringstream lines(out->listing);
    std::vector<int> at;
    for (std::string line; std::getline(lines, line);)
      if (line.find(u.mnemonic) != std::string::npos)
        at.push_back(std::stoi(line.substr(line.find("0x") + 2, 4), nullptr, 16));
    ASSERT_EQ(at.size(), 8u);
    for (size_t k = 1; k < at.size(); ++k)
      EXPECT_GE(at[k] - at[k - 1], u.interval) << u.mnemonic;
    EXPECT_LE(at.back() - at.front(), 7 * u.interval + 4) << u.mnemonic << "\n" << out->listing;
  }
}

// --- Transposes on the XLU's transpose buffer. ---

constexpr std::string_view kTranspose = R"(
!a = memref<256x384xET, #any>
!av = memref<256x384xET, #vmem>
!o = memref<384x256xET, #any>
!ov = memref<384x256xET, #vmem>
module {
  func.func @xpose(%a_hbm: !a, %o_hbm: !o, %av: !av, %ov: !ov, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    tessera.dma_start %a_hbm, %av, %sem : !a, !av, !sem
    tessera.dma_wait %a_hbm, %av, %sem : !a, !av, !sem
    %x = tessera.load %av : !av -> vector<256x384xET>
    %t = tessera.transpose %x : vector<256x384xET> -> vector<384x256xET>
    tessera.store %t, %ov : vector<384x256xET>, !ov
    tessera.dma_start %ov, %o_hbm, %sem : !ov, !o, !sem
    tessera.dma_wait %ov, %o_hbm, %sem : !ov, !o, !sem
    return
  }
}
)";

/// 256x384 = 2 x 3 blocks of 128x128: 96 vxpose.push and 96 vxpose.pop,
/// every word where it belongs (f32 and bf16, whose packed tiles are
/// transposed in their widened form), the XLU's ops no closer than its
/// issue interval and the whole transpose within 20% of that bound (the
/// next block's pushes overlap the previous block's pops; measured: f32
/// 93%, bf16 90% of the bound).
TEST(VectorOps, TransposeMovesEveryWordThroughTheXlu) {
  for (std::string et : {"f32", "bf16"}) {
    SCOPED_TRACE(et);
    auto compiled = compile(kernel(substitute(kTranspose, {{"ET", et}})));
    ASSERT_TRUE(compiled.ok()) << compiled.status();
    EXPECT_EQ(countBundles(compiled->executable, "vxpose.push"), 96);
    EXPECT_EQ(countBundles(compiled->executable, "vxpose.pop"), 96);
    std::vector<float> values(256 * 384);
    for (size_t k = 0; k < values.size(); ++k)
      values[k] = (float)((int)(k * 37 % 4001) - 2000) * 0.5f;  // exact in bf16
    Array a = et == "f32" ? Array::f32(256, 384, values) : Array::bf16(256, 384, values);
    Array zeros = et == "f32" ? Array::zeros(384, 256)
                              : Array::bf16(384, 256, std::vector<float>(384 * 256, 0.0f));
    auto out = run(compiled->executable, {a, zeros});
    ASSERT_TRUE(out.ok()) << out.status();  // a hazard would be a fault
    for (int64_t r = 0; r < 384; ++r)
      for (int64_t c = 0; c < 256; ++c)
        ASSERT_EQ(out->hbm[1].f(r, c), a.f(c, r)) << "(" << r << ", " << c << ")";
    std::istringstream lines(out->listing);
    std::vector<int> at;
    for (std::string line; std::getline(lines, line);)
      if (line.find("vxpose.") != std::string::npos)
        at.push_back(std::stoi(line.substr(line.find("0x") + 2, 4), nullptr, 16));
    ASSERT_EQ(at.size(), 192u);
    for (size_t k = 1; k < at.size(); ++k)
      ASSERT_GE(at[k] - at[k - 1], machine::kCrossLaneIssueInterval);
    int span = at.back() - at.front() + machine::kCrossLaneIssueInterval;
    int bound = 192 * machine::kCrossLaneIssueInterval;
    std::printf("[figure] %s transpose 256x384: 192 XLU ops in %d cycles (issue bound %d, "
                "%.1f%%)\n",
                et.c_str(), span, bound, 100.0 * bound / span);
    EXPECT_LE(span, bound * 6 / 5);
  }
}

TEST(VectorOps, UnsupportedTileOpsAreClearErrors) {
  Case c{"cmpf one", "f32", "f32", "i32",
         "%m = arith.cmpf one, %x, %y : vector<8x128xf32>\n"
         "%r = arith.extui %m : vector<8x128xi1> to vector<8x128xi32>",
         nullptr};
  std::vector<uint32_t> x(kElems, 0);
  auto out = runCase(c, x, x);
  ASSERT_FALSE(out.ok());
  EXPECT_THAT(std::string(out.status().message()), HasSubstr("compare predicate"));
}

}  // namespace
}  // namespace tessera::lowering::testing
