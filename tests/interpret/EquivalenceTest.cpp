//===- EquivalenceTest.cpp - Interpreted equals compiled, bit for bit ------===//
//
// Each kernel runs twice: compiled on the simulated chip and in interpret
// mode; every output word must be equal (floats as bits, so NaN payloads
// and -0 count). The selection covers every value op per dtype, reductions,
// each dot dtype pair and precision, the layout ops, control flow, the
// pallas_call pipeline, scalar prefetch and SMEM scratch. The samples run
// with --interpret from ctest (tests/interpret/CMakeLists.txt).
//
//===----------------------------------------------------------------------===//
#include <cmath>
#include <cstring>

#include <gtest/gtest.h>

#include "dsl/tessera.h"

namespace tessera {
namespace {

constexpr int64_t kR = 16, kC = 256;

uint32_t lcg(uint32_t &s) { return s = s * 1664525u + 1013904223u; }

/// Edge values first (0, -0, inf, NaN, denormals, huge), then mixed ones.
std::vector<float> floats(int64_t n, uint32_t seed) {
  const float edges[] = {0.0f,
                         -0.0f,
                         1.0f,
                         -1.0f,
                         0.5f,
                         -2.5f,
                         INFINITY,
                         -INFINITY,
                         NAN,
                         1e-45f,
                         -1.17549435e-38f,
                         3.0e38f,
                         -65504.0f,
                         2.5f,
                         3.5f,
                         1e10f};
  std::vector<float> v(n);
  for (int64_t i = 0; i < n; ++i) {
    if (i < 16 * 16) {
      v[i] = edges[(seed % 2 ? i / 16 : i % 16)];
      continue;
    }
    float mant = (float)(int32_t)(lcg(seed) >> 8) / (float)(1 << 23) - 1.0f;
    v[i] = std::ldexp(mant, (int)(lcg(seed) >> 28) - 6);
  }
  return v;
}

std::vector<int32_t> ints(int64_t n, uint32_t seed) {
  const int32_t edges[] = {0, 1, -1, 7, -7, 31, 32, 33, 127, -128, 255, INT32_MAX, INT32_MIN, 3};
  std::vector<int32_t> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = i < 14 * 14 ? edges[seed % 2 ? i / 14 : i % 14] : (int32_t)lcg(seed) >> (lcg(seed) % 31);
  return v;
}

Array farr(int64_t r, int64_t c, uint32_t seed, DType dt = DType::float32) {
  return Array::from_f32(floats(r * c, seed), {r, c}, dt);
}
Array iarr(int64_t r, int64_t c, uint32_t seed, DType dt = DType::int32) {
  return Array::from_s32(ints(r * c, seed), {r, c}, dt);
}

/// The bits of every element.
std::vector<uint32_t> bits(const Array &a) {
  std::vector<uint32_t> out;
  if (isFloat(a.dtype()))
    for (float f : a.to_f32()) {
      uint32_t w;
      std::memcpy(&w, &f, 4);
      out.push_back(w);
    }
  else
    for (int32_t i : a.to_s32())
      out.push_back((uint32_t)i);
  return out;
}

/// Whether two output words are the same: equal bits, or both NaN (which
/// NaN an op gives is the host's and depends on operand order, which the
/// compiler may commute; as in tests/dsl/VectorOpsTest.cpp).
bool same(uint32_t a, uint32_t b, bool isFloat) {
  if (a == b)
    return true;
  float fa, fb;
  std::memcpy(&fa, &a, 4);
  std::memcpy(&fb, &b, 4);
  return isFloat && std::isnan(fa) && std::isnan(fb);
}

/// A whole-array pallas_call (or a grid, from `spec`), compiled and
/// interpreted: the outputs equal bit for bit (any NaN matches any NaN).
template <class F>
void expectSame(pl::PallasCallSpec spec, F body, const std::vector<Array> &args) {
  spec.interpret = false;
  std::vector<Array> compiled = pl::pallas_call(body, spec).call(args);
  spec.interpret = true;
  std::vector<Array> interpreted = pl::pallas_call(body, spec).call(args);
  ASSERT_EQ(compiled.size(), interpreted.size());
  for (size_t o = 0; o < compiled.size(); ++o) {
    std::vector<uint32_t> c = bits(compiled[o]), i = bits(interpreted[o]);
    ASSERT_EQ(c.size(), i.size());
    for (size_t k = 0; k < c.size(); ++k)
      ASSERT_TRUE(same(c[k], i[k], isFloat(compiled[o].dtype())))
          << spec.name << ": output " << o << " element " << k << " compiled 0x" << std::hex << c[k]
          << ", interpreted 0x" << i[k];
  }
}

ShapeDtypeStruct sds(int64_t r, int64_t c, DType dt) { return {{r, c}, dt}; }

TEST(InterpretEqualsCompiled, Float32Elementwise) {
  Array a = farr(kR, kC, 1), b = farr(kR, kC, 2);
  using Fn = std::function<Value(const Value &, const Value &)>;
  std::vector<std::pair<std::string, Fn>> ops = {
      {"arith", [](auto x, auto y) { return x * y + x / y - (x - y) * 0.5; }},
      {"minmax", [](auto x, auto y) { return jnp::maximum(x, y) - jnp::minimum(x, -y); }},
      {"neg_abs", [](auto x, auto) { return -x + jnp::abs(x); }},
      {"exp", [](auto x, auto y) { return jnp::exp(x) + jnp::exp2(y); }},
      {"log", [](auto x, auto y) { return jnp::log(x) + jnp::log1p(y); }},
      {"trig", [](auto x, auto y) { return jnp::sin(x) * jnp::cos(y) + jnp::tanh(x); }},
      {"sqrt", [](auto x, auto y) { return jnp::sqrt(x) + lax::rsqrt(y) + jnp::erf(x); }},
      {"round", [](auto x, auto y) { return jnp::floor(x) + jnp::ceil(y) + jnp::round(x); }},
      {"pow", [](auto x, auto y) { return jnp::pow(x, y); }},
      {"eup", [](auto x, auto y) { return lax::logistic(x) + pl::reciprocal(y); }},
      {"where", [](auto x, auto y) { return jnp::where(x < y, x, jnp::where(x != y, y, 2.0)); }},
      {"clip",
       [](auto x, auto y) { return jnp::clip(x, -1.0, 1.0) + (x >= y).astype(DType::float32); }},
      {"tan_erf_inv", [](auto x, auto y) { return jnp::tan(x) + lax::erf_inv(y); }},
      {"fmod", [](auto x, auto y) { return x % y + lax::integer_pow(x, 3) * jnp::sign(y); }},
      {"floor_divide",
       [](auto x, auto y) { return jnp::floor_divide(x, y) + jnp::remainder(x, y); }},
      {"is",
       [](auto x, auto y) {
         return jnp::where(jnp::isnan(x) | jnp::isinf(y), 1.0, 0.0) +
                jnp::isfinite(x).astype(DType::float32);
       }},
      {"triangles", [](auto x, auto y) { return jnp::triu(x, 1) + jnp::tril(y, -2); }},
      {"take_along_roll",
       [](auto x, auto y) {
         Value i = (lax::broadcasted_iota(DType::int32, x.shape(), 1) * 5 + 3) % 300 - 20;
         return jnp::take_along_axis(x, i, 1) + pltpu::roll(y, 7, 1, 3, 0);
       }},
      {"cumsum", [](auto x, auto y) { return jnp::cumsum(x, 1) + jnp::cumsum(y, 0); }},
      {"all_any",
       [](auto x, auto y) {
         return jnp::where(jnp::all(x, 1, true) ^ jnp::any(y < x, 0, true), x, y);
       }},
  };
  for (auto &[name, fn] : ops)
    expectSame({.out_shape = sds(kR, kC, DType::float32), .name = name},
               [fn](Ref x, Ref y, Ref o) { o[___] = fn(x[___], y[___]); }, {a, b});
}

TEST(InterpretEqualsCompiled, Int32Elementwise) {
  Array a = iarr(kR, kC, 3), b = iarr(kR, kC, 4);
  using Fn = std::function<Value(const Value &, const Value &)>;
  std::vector<std::pair<std::string, Fn>> ops = {
      {"arith", [](auto x, auto y) { return x * y + x - y; }},
      {"div", [](auto x, auto y) { return x / y + x % y; }},
      {"bits", [](auto x, auto y) { return (x & y) | (x ^ ~y); }},
      {"shifts",
       [](auto x, auto y) { return (x << y) + (x >> y) + lax::shift_right_logical(x, y); }},
      {"minmax",
       [](auto x, auto y) { return jnp::maximum(x, y) + jnp::minimum(x, y) + jnp::abs(x); }},
      {"compare",
       [](auto x, auto y) {
         return jnp::where(x < y, x, y) + (x == y).astype(DType::int32) +
                (x >= y).astype(DType::int32);
       }},
      {"to_float",
       [](auto x, auto y) { return (x.astype(DType::float32) * 0.5).astype(DType::int32) + y; }},
      {"bit_counts", [](auto x, auto y) { return lax::population_count(x) + lax::clz(y); }},
      {"floor_divide",
       [](auto x, auto y) { return jnp::floor_divide(x, y) + jnp::remainder(x, y) * jnp::sign(y); }},
      {"bool_order", [](auto x, auto y) { return ((x > 0) < (y > 0)).astype(DType::int32); }},
      {"fmod_mod_square",
       [](auto x, auto y) { return jnp::fmod(x, y) + jnp::mod(y, x) + jnp::square(x); }},
  };
  for (auto &[name, fn] : ops)
    expectSame({.out_shape = sds(kR, kC, DType::int32), .name = name},
               [fn](Ref x, Ref y, Ref o) { o[___] = fn(x[___], y[___]); }, {a, b});
}

TEST(InterpretEqualsCompiled, Bf16AndInt8AndBool) {
  Array a = farr(2 * kR, kC, 5, DType::bfloat16), b = farr(2 * kR, kC, 6, DType::bfloat16);
  expectSame({.out_shape = sds(2 * kR, kC, DType::bfloat16), .name = "bf16"},
             [](Ref x, Ref y, Ref o) {
               Value p = x[___], q = y[___];
               o[___] = p * q + jnp::exp(p) - q / (p + 1.0);
             },
             {a, b});
  expectSame({.out_shape = sds(2 * kR, kC, DType::float32), .name = "bf16_to_f32"},
             [](Ref x, Ref y, Ref o) {
               o[___] = (x[___] + y[___]).astype(DType::float32) +
                        jnp::sqrt(x[___]).astype(DType::float32);
             },
             {a, b});
  Array c = iarr(4 * kR, kC, 7, DType::int8), d = iarr(4 * kR, kC, 8, DType::int8);
  expectSame({.out_shape = sds(4 * kR, kC, DType::int8), .name = "int8"},
             [](Ref x, Ref y, Ref o) {
               Value p = x[___], q = y[___];
               o[___] = p * q + (p >> 2) - jnp::where(p < q, p, q) + p / q +
                        lax::population_count(p) - lax::clz(q) + jnp::floor_divide(p, q);
             },
             {c, d});
  Array e = iarr(kR, kC, 9), f = iarr(kR, kC, 10);
  expectSame({.out_shape = sds(kR, kC, DType::int32), .name = "bool"},
             [](Ref x, Ref y, Ref o) {
               Value m = (x[___] < y[___]) & (x[___] > 0), n = ~m | (y[___] == 7);
               o[___] = jnp::where(m ^ n, x[___], y[___]) + m.astype(DType::int32);
             },
             {e, f});
}

TEST(InterpretEqualsCompiled, EveryAstypePair) {
  const DType all[] = {DType::float32, DType::int32, DType::bfloat16, DType::int8, DType::bool_};
  Array a = farr(4 * kR, kC, 11);
  for (DType via : all)
    for (DType to : {DType::float32, DType::int32}) {
      expectSame({.out_shape = sds(4 * kR, kC, to), .name = "astype_" + to_string(via)},
                 [via, to](Ref x, Ref o) { o[___] = (x[___] * 100.0).astype(via).astype(to); },
                 {a});
    }
  Array i = iarr(4 * kR, kC, 12);
  for (DType via : all)
    expectSame({.out_shape = sds(4 * kR, kC, DType::float32), .name = "from_int_" + to_string(via)},
               [via](Ref x, Ref o) { o[___] = x[___].astype(via).astype(DType::float32); }, {i});
}

TEST(InterpretEqualsCompiled, Reductions) {
  Array a = farr(kR, 512, 13), b = iarr(kR, 512, 14), c = farr(2 * kR, 512, 15, DType::bfloat16);
  for (int axis : {0, 1}) {
    expectSame({.out_shape = sds(kR, 512, DType::float32), .name = "f32_reduce"},
               [axis](Ref x, Ref o) {
                 Value v = x[___];
                 o[___] = jnp::sum(v, axis, true) + jnp::max(v, axis, true) -
                          jnp::min(v, axis, true) + jnp::mean(v, axis, true) + v;
               },
               {a});
    expectSame({.out_shape = sds(kR, 512, DType::int32), .name = "i32_reduce"},
               [axis](Ref x, Ref o) {
                 Value v = x[___];
                 o[___] = jnp::sum(v, axis, true) + jnp::max(v, axis, true) -
                          jnp::min(v, axis, true) + jnp::argmax(v, axis, true) +
                          jnp::argmin(v, axis, true) + v;
               },
               {b});
    expectSame({.out_shape = sds(2 * kR, 512, DType::bfloat16), .name = "bf16_reduce"},
               [axis](Ref x, Ref o) {
                 Value v = x[___];
                 o[___] = jnp::sum(v, axis, true) + jnp::max(v, axis, true) + v;
               },
               {c});
  }
}

TEST(InterpretEqualsCompiled, DotOfEachDtypeAndPrecision) {
  Array a = farr(kR, 256, 16), b = farr(256, 256, 17);
  Array abf = farr(kR, 256, 18, DType::bfloat16), bbf = farr(256, 256, 19, DType::bfloat16);
  Array a8 = iarr(32, 256, 20, DType::int8), b8 = iarr(256, 128, 21, DType::int8);
  for (auto precision : {lax::Precision::DEFAULT, lax::Precision::HIGHEST}) {
    expectSame({.out_shape = sds(kR, 256, DType::float32), .name = "f32_dot"},
               [precision](Ref x, Ref y, Ref o) {
                 o[___] = jnp::dot(x[___], y[___], {.precision = precision});
               },
               {a, b});
    expectSame({.out_shape = sds(kR, 256, DType::float32), .name = "bf16_f32_dot"},
               [precision](Ref x, Ref y, Ref o) {
                 o[___] =
                     jnp::dot(x[___], y[___],
                              {.preferred_element_type = DType::float32, .precision = precision});
               },
               {abf, b});
  }
  expectSame({.out_shape = sds(kR, 256, DType::float32), .name = "bf16_dot"},
             [](Ref x, Ref y, Ref o) {
               o[___] = jnp::dot(x[___], y[___], {.preferred_element_type = DType::float32});
             },
             {abf, bbf});
  expectSame({.out_shape = sds(kR, 256, DType::float32), .name = "dot_trans_b"},
             [](Ref x, Ref y, Ref o) { o[___] = pl::dot(x[___], y[___], false, true); },
             {abf, bbf});
  expectSame({.out_shape = sds(32, 128, DType::int32), .name = "int8_dot"},
             [](Ref x, Ref y, Ref o) {
               o[___] = jnp::dot(x[___], y[___], {.preferred_element_type = DType::int32});
             },
             {a8, b8});
}

TEST(InterpretEqualsCompiled, LayoutOps) {
  Array a = farr(kR, kC, 22);
  expectSame({.out_shape = sds(kR, kC, DType::float32), .name = "roll"},
             [](Ref x, Ref o) {
               Value v = x[___];
               o[___] = pltpu::roll(v, 3, 1) + pltpu::roll(v, 130, 1) + pltpu::roll(v, 5, 0) +
                        pltpu::roll(v, 9, 0);
             },
             {a});
  expectSame({.out_shape = sds(2 * kR, 2 * kC, DType::float32), .name = "repeat"},
             [](Ref x, Ref o) { o[___] = pltpu::repeat(pltpu::repeat(x[___], 2, 0), 2, 1); }, {a});
  expectSame({.out_shape = sds(kR, kC, DType::float32), .name = "bitcast"},
             [](Ref x, Ref o) {
               Value v = x[___];
               Value b = pltpu::bitcast(v, DType::bfloat16);
               Value i8 = pltpu::bitcast(b, DType::int8);
               o[___] =
                   pltpu::bitcast(pltpu::bitcast(i8 + 1, DType::bfloat16) * 2.0, DType::float32) +
                   pltpu::bitcast(v, DType::int32).astype(DType::float32);
             },
             {a});
  expectSame({.out_shape = sds(kR, kC, DType::int32), .name = "iota"},
             [](Ref x, Ref o) {
               o[___] = lax::broadcasted_iota(DType::int32, {kR, kC}, 0) * 1000 +
                        lax::broadcasted_iota(DType::int32, {kR, kC}, 1) +
                        jnp::where(x[___] > 0.0, 1, 2);
             },
             {a});
  expectSame({.out_shape = sds(kR, kC, DType::float32), .name = "broadcast"},
             [](Ref x, Ref o) {
               Value v = x[___];
               o[___] = jnp::broadcast_to(jnp::sum(v, 0, true), {kR, kC}) * jnp::max(v, 1, true) +
                        jnp::sum(jnp::sum(v, 0, true), 1, true);
             },
             {a});
}

TEST(InterpretEqualsCompiled, TransposesAndOneRowStores) {
  Array a = farr(128, 256, 31), b = farr(128, 256, 32, DType::bfloat16);
  Array i8 = iarr(128, 128, 33, DType::int8);
  expectSame({.out_shape = sds(256, 128, DType::float32), .name = "transpose_f32"},
             [](Ref x, Ref o) { o[___] = x[___].T() + jnp::transpose(x[___], {1, 0}); }, {a});
  expectSame({.out_shape = sds(256, 128, DType::bfloat16), .name = "transpose_bf16"},
             [](Ref x, Ref o) { o[___] = jnp::transpose(x[___]) * 2.0; }, {b});
  expectSame({.out_shape = sds(128, 128, DType::int8), .name = "transpose_int8"},
             [](Ref x, Ref o) { o[___] = x[___].T(); }, {i8});
  // a.T @ b: the dot's trans_a transposes a on the XLU first.
  expectSame({.out_shape = sds(256, 256, DType::float32), .name = "trans_a"},
             [](Ref x, Ref y, Ref o) {
               o[___] = pl::dot(x[___], y[___], /*trans_a=*/true, /*trans_b=*/false);
             },
             {b, b});
  // A [1, C] value into one-row windows (masked stores), other rows kept.
  expectSame({.out_shape = sds(kR, kC, DType::float32), .name = "row_store"},
             [](Ref x, Ref o) {
               o[___] = x[___];
               o[pl::ds(3, 1)] = jnp::sum(x[___], 0, true);
               o[pl::ds(12, 1)] = jnp::max(x[pl::ds(8, 8)], 0, true) * 2.0;
             },
             {farr(kR, kC, 34)});
}

TEST(InterpretEqualsCompiled, ControlFlow) {
  Array a = farr(64, 128, 23);
  Array n = Array::from_s32({5, 3}, {2});
  expectSame(
      {.out_shape = sds(8, 128, DType::float32),
       .grid_spec =
           pltpu::PrefetchScalarGridSpec{.num_scalar_prefetch = 1,
                                         .in_specs = {pl::BlockSpec({64, 128},
                                                                    [](Ref) {
                                                                      return std::tuple{0, 0};
                                                                    })},
                                         .out_specs = {pl::BlockSpec({8, 128},
                                                                     [](Ref) {
                                                                       return std::tuple{0, 0};
                                                                     })},
                                         .scratch_shapes = {pltpu::SMEM({4}, DType::int32)}},
       .name = "control"},
      [](Ref cnt, Ref x, Ref o, Ref state) {
        Scalar k = cnt[0];
        Value acc = lax::fori_loop(
            0, 8,
            [&](Scalar i, Value acc) {
              return acc * 0.5 + x[pl::ds(pl::multiple_of(i * 8, 8), 8)];
            },
            Value(x[pl::ds(0, 8)]));
        Scalar steps = lax::while_loop([&](Scalar s) { return s < k * 3; },
                                       [&](Scalar s) { return s + 2; }, Scalar(cnt[1]));
        state[0] = steps;
        Value y = lax::cond(
            k > 4, [&] { return acc * 2.0; }, [&] { return acc - 1.0; });
        o[___] = y + Scalar(state[0]);
        pl::when(k == 5, [&] { o[___] = o[___] + 1.0; });
        pl::when(k != 5, [&] { o[___] = o[___] - 1.0; });
      },
      {n, a});
}

TEST(InterpretEqualsCompiled, GridPipelineAndScalarPrefetch) {
  // A gather by indices in SMEM over a grid (the scalar_prefetch_gather
  // sample's pipeline: a block fetched again only when its index changes).
  Array x = farr(64, 256, 24);
  Array idx = Array::from_s32({3, 3, 0, 7, 7, 1}, {6});
  expectSame({.out_shape = sds(48, 256, DType::float32),
              .grid_spec =
                  pltpu::PrefetchScalarGridSpec{
                      .num_scalar_prefetch = 1,
                      .grid = {6},
                      .in_specs = {pl::BlockSpec({8, 256},
                                                 [](Scalar g, Ref i) {
                                                   return std::tuple{Scalar(i[g]), 0};
                                                 })},
                      .out_specs = {pl::BlockSpec({8, 256},
                                                  [](Scalar g, Ref) {
                                                    return std::tuple{g, 0};
                                                  })}},
              .name = "gather"},
             [](Ref, Ref x, Ref o) { o[___] = x[___] + pl::program_id(0); }, {idx, x});
  // Accumulation over the innermost axis with partial edge blocks.
  Array y = farr(40, 384, 25);
  expectSame({.out_shape = sds(40, 128, DType::float32),
              .grid = {3, 3},
              .in_specs = {pl::BlockSpec({16, 128},
                                         [](Scalar i, Scalar k) {
                                           return std::tuple{i, k};
                                         })},
              .out_specs = {pl::BlockSpec({16, 128},
                                          [](Scalar i, Scalar) {
                                            return std::tuple{i, 0};
                                          })},
              .name = "accumulate",
              .compiler_params = {.dimension_semantics = {pltpu::PARALLEL, pltpu::ARBITRARY}}},
             [](Ref x, Ref o) {
               pl::when(pl::program_id(1) == 0, [&] { o[___] = 0.0; });
               o[___] += x[___] * 0.25;
             },
             {y});
}

} // namespace
} // namespace tessera
