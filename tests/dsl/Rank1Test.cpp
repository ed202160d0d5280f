//===- Rank1Test.cpp - 1-D arrays, blocks and VMEM Refs -------------------===//
//
// Pallas' first kernel, add_vectors over int32[8], and 1-D 32-bit arrays
// blocked by pallas_call (whole, multiples of 128, edge blocks, blocks
// larger than the array), 1-D VMEM scratch, windows, reductions, a 1-D
// bias broadcast over a matrix, DMAs between 1-D VMEM Refs; compiled and
// interpreted, against the host; the errors at the user's line.
//
//===----------------------------------------------------------------------===//
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "dsl/tessera.h"
#include "tests/dsl/DslTestUtil.h"

namespace tessera {
namespace {

using testing::HasSubstr;
using namespace testutil;

std::vector<float> ramp(int64_t n, float first, float step) {
  std::vector<float> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = first + step * (float)(i % 1000);
  return v;
}

ShapeDtypeStruct f32v(int64_t n) { return {{n}, DType::float32}; }

/// The cycles of `f(a, b)` compiled (outputs checked by the callers).
int64_t cyclesOf(const pl::PallasCall &f, const Array &a, const Array &b) {
  Compiled c = compile([&](const Array &x, const Array &y) { return f(x, y); }, a, b);
  auto out = c.run({a, b});
  EXPECT_TRUE(out.ok()) << out.status().message();
  return out.ok() ? c.last_run().front().run.cycles : 0;
}

TEST(Rank1, AddVectorsOfPallasDocs) {
  // def add_vectors_kernel(x_ref, y_ref, o_ref):
  //   o_ref[...] = x_ref[...] + y_ref[...]
  // pl.pallas_call(add_vectors_kernel,
  //                out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)
  std::vector<int32_t> x(8), y(8);
  for (int i = 0; i < 8; ++i)
    x[i] = y[i] = i;
  for (bool interpret : {false, true}) {
    auto add = pl::pallas_call(
        [](Ref x_ref, Ref y_ref, Ref o_ref) { o_ref[___] = x_ref[___] + y_ref[___]; },
        {.out_shape = ShapeDtypeStruct{{8}, DType::int32}, .interpret = interpret});
    Array out = add(Array::from_s32(x, {8}), Array::from_s32(y, {8}));
    EXPECT_EQ(out.shape(), (Shape{8}));
    EXPECT_EQ(out.to_s32(), (std::vector<int32_t>{0, 2, 4, 6, 8, 10, 12, 14})) << interpret;
  }
}

TEST(Rank1, WholeArraysOfAnyLength) {
  // Whole 1-D arrays of 1, 100, 128, 300, 1000 and 1025 elements (rows of
  // 128 lanes in VMEM, the last one partial; of 1025 one element, joined
  // to the rows as a row of one lane): x * 2 + y.
  for (int64_t n : {1, 100, 128, 300, 1000, 1025}) {
    std::vector<float> x = ramp(n, -3.0f, 0.25f), y = ramp(n, 7.0f, -0.5f);
    for (bool interpret : {false, true}) {
      auto f = pl::pallas_call(
          [](Ref x_ref, Ref y_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0f + y_ref[___]; },
          {.out_shape = f32v(n), .interpret = interpret});
      std::vector<float> got = f(Array::from_f32(x, {n}), Array::from_f32(y, {n})).to_f32();
      ASSERT_EQ((int64_t)got.size(), n);
      for (int64_t i = 0; i < n; ++i)
        ASSERT_EQ(got[i], x[i] * 2.0f + y[i]) << n << " " << i << " " << interpret;
    }
  }
}

TEST(Rank1, BlocksOverAGrid) {
  // 1-D blocks of 1024, 128, 256 and 384 elements; 4096 and 1000-element
  // arrays (edge blocks partly outside; a block larger than the array).
  struct Case {
    int64_t n, b;
  };
  for (Case c : {Case{4096, 1024}, Case{4096, 128}, Case{1000, 256}, Case{1000, 384},
                 Case{1000, 1024}, Case{100, 128}}) {
    std::vector<float> x = ramp(c.n, 1.0f, 0.5f), y = ramp(c.n, -2.0f, 0.125f);
    int64_t steps = (c.n + c.b - 1) / c.b;
    for (bool interpret : {false, true}) {
      auto spec = [&] { return pl::BlockSpec({c.b}, [](Scalar i) { return i; }); };
      auto f = pl::pallas_call(
          [](Ref x_ref, Ref y_ref, Ref o_ref) { o_ref[___] = x_ref[___] - y_ref[___] * 3.0f; },
          {.out_shape = f32v(c.n),
           .grid = {steps},
           .in_specs = {spec(), spec()},
           .out_specs = {spec()},
           .interpret = interpret});
      std::vector<float> got =
          f(Array::from_f32(x, {c.n}), Array::from_f32(y, {c.n})).to_f32();
      for (int64_t i = 0; i < c.n; ++i)
        ASSERT_EQ(got[i], x[i] - y[i] * 3.0f) << c.n << " " << c.b << " " << i << " " << interpret;
    }
  }
}

TEST(Rank1, BiasOverAMatrixAndASum) {
  // A [256] bias broadcast over the rows of a [16, 256] block, and the sum
  // and maximum of the 1-D block (its two rows of 128 lanes reduced as a
  // matrix) added to every element.
  std::vector<float> x = ramp(16 * 256, 0.5f, 0.25f), b = ramp(256, -1.0f, 0.0625f);
  float total = 0, top = b[0];
  for (float v : b) {
    total += v;
    top = std::max(top, v);
  }
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref b_ref, Ref o_ref) {
          Value bias = b_ref[___];
          o_ref[___] = x_ref[___] + bias + jnp::sum(bias) + jnp::max(bias, 0);
        },
        {.out_shape = f32(16, 256),
         .grid = {2},
         .in_specs = {pl::BlockSpec({8, 256}, [](Scalar i) { return std::tuple{i, 0}; }),
                      pl::BlockSpec({256}, [](Scalar) { return 0; })},
         .out_specs = {pl::BlockSpec({8, 256}, [](Scalar i) { return std::tuple{i, 0}; })},
         .interpret = interpret});
    std::vector<float> got = f(Array::from_f32(x, {16, 256}), Array::from_f32(b, {256})).to_f32();
    for (int64_t e = 0; e < 16 * 256; ++e)
      ASSERT_NEAR(got[e], x[e] + b[e % 256] + total + top, 1e-3) << e << " " << interpret;
  }
}

TEST(Rank1, ScratchAccumulatesAcrossSteps) {
  // A [512] f32 VMEM scratch sums the 1-D blocks of 4 steps; the last
  // writes it out. Windows of the scratch: two halves at 0 and 256.
  std::vector<float> x = ramp(2048, 0.5f, 0.25f);
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref o_ref, Ref acc) {
          pl::when(pl::program_id(0) == 0, [&] { acc[___] = jnp::zeros({512}, DType::float32); });
          acc.at(pl::ds(0, 256))[___] += x_ref.at(pl::ds(0, 256))[___];
          acc[pl::ds(256, 256)] += x_ref[pl::ds(256, 256)];
          pl::when(pl::program_id(0) == 3, [&] { o_ref[___] = acc[___]; });
        },
        {.out_shape = f32v(512),
         .grid = {4},
         .in_specs = {pl::BlockSpec({512}, [](Scalar i) { return i; })},
         .out_specs = {pl::BlockSpec({512}, [](Scalar) { return 0; })},
         .scratch_shapes = {pltpu::VMEM({512}, DType::float32)},
         .interpret = interpret});
    std::vector<float> got = f(Array::from_f32(x, {2048})).to_f32();
    for (int64_t i = 0; i < 512; ++i)
      ASSERT_NEAR(got[i], x[i] + x[512 + i] + x[1024 + i] + x[1536 + i], 1e-4) << i << interpret;
  }
}

TEST(Rank1, WindowsAcrossRows) {
  // Windows that start inside a row of 128 lanes and cross into the next:
  // a load is each row's lanes rotated out and joined with the next
  // row's, a store merges its rows into two masked selects. A 3-point
  // 1-D stencil (x[i - 1] + 2 x[i] + x[i + 1], loads at 0 and 2 and a
  // store at 1), loads at the Ref's end (no row after the window), an
  // element of such a window, a store of a window not whole rows; f32,
  // int32 and bf16, compiled and interpreted.
  const int64_t n = 1000;
  for (DType dtype : {DType::float32, DType::int32, DType::bfloat16})
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(to_string(dtype) + (interpret ? " interpreted" : " compiled"));
      std::vector<float> x(n);
      for (int64_t i = 0; i < n; ++i)
        x[i] = float((i * 37) % 101 - 50);
      Array xa = dtype == DType::int32
                     ? Array::from_s32(std::vector<int32_t>(x.begin(), x.end()), {n})
                     : Array::from_f32(x, {n}, dtype);
      auto f = pl::pallas_call(
          [](Ref x_ref, Ref o_ref, Ref e_ref) {
            o_ref[___] = jnp::zeros({n}, x_ref.dtype());
            o_ref[pl::ds(1, n - 2)] =
                x_ref[pl::ds(0, n - 2)] + x_ref[pl::ds(1, n - 2)] * 2 + x_ref[pl::ds(2, n - 2)];
            // Rows 6 and 7 of 8: the window has no row after it.
            e_ref[pl::ds(0, 200)] = x_ref[pl::ds(800, 200)];
            // 130 elements from lane 60 of row 2 (three rows), then an
            // element of a window across rows, static and at run time.
            e_ref[pl::ds(316, 130)] = x_ref[pl::ds(5, 130)] - 1;
            Ref w = x_ref.at(pl::ds(100, 300));
            e_ref[500] = w[50];
            // (At a run-time element: 32-bit; a packed one is read at a
            // row of whole words.)
            if (x_ref.dtype() != DType::bfloat16)
              e_ref[501] = w[pl::program_id(0) + 250];
            else
              e_ref[501] = w[250];
          },
          {.out_shape = {ShapeDtypeStruct{{n}, dtype}, ShapeDtypeStruct{{n}, dtype}},
           .grid = {1},
           .interpret = interpret});
      std::vector<Array> out = f.call({xa});
      auto floatsOf = [&](const Array &a) {
        if (dtype != DType::int32)
          return a.to_f32();
        std::vector<int32_t> v = a.to_s32();
        return std::vector<float>(v.begin(), v.end());
      };
      std::vector<float> o = floatsOf(out[0]), e = floatsOf(out[1]);
      for (int64_t i = 0; i < n; ++i) {
        float want = i == 0 || i == n - 1 ? 0.0f : x[i - 1] + 2 * x[i] + x[i + 1];
        ASSERT_EQ(o[i], want) << i;
      }
      for (int64_t i = 0; i < 200; ++i)
        ASSERT_EQ(e[i], x[800 + i]) << i;
      for (int64_t i = 0; i < 130; ++i)
        ASSERT_EQ(e[316 + i], x[5 + i] - 1) << i;
      EXPECT_EQ(e[500], x[150]);
      EXPECT_EQ(e[501], x[350]);
    }
  // Whole rows' worth (a multiple of 128) at a lane inside a row: loaded
  // as each row rotated and joined with the next (a folded value, as a
  // load of whole rows is), stored as those rows rotated and merged into
  // the rows the window touches.
  const int64_t m = 2048;
  for (DType dtype : {DType::float32, DType::bfloat16})
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(to_string(dtype) + (interpret ? " interpreted" : " compiled"));
      std::vector<float> x(m);
      for (int64_t i = 0; i < m; ++i)
        x[i] = float((i * 29) % 97 - 48);
      auto f = pl::pallas_call(
          [](Ref x_ref, Ref o_ref) {
            o_ref[___] = jnp::zeros({m}, x_ref.dtype());
            o_ref[pl::ds(0, 1024)] = x_ref[pl::ds(3, 1024)] + x_ref[pl::ds(0, 1024)];
            o_ref[pl::ds(1029, 896)] = x_ref[pl::ds(1024, 896)] * 2;
            o_ref[pl::ds(1930, 118)] = x_ref[pl::ds(1930, 118)];
          },
          {.out_shape = ShapeDtypeStruct{{m}, dtype}, .interpret = interpret});
      std::vector<float> o = f(Array::from_f32(x, {m}, dtype)).to_f32();
      for (int64_t i = 0; i < m; ++i) {
        float want = i < 1024                ? x[i + 3] + x[i]
                     : i >= 1029 && i < 1925 ? x[i - 5] * 2
                     : i >= 1930             ? x[i]
                                             : 0.0f;
        ASSERT_EQ(o[i], want) << i;
      }
    }
}

TEST(Rank1, WindowsWithinARowAndARunTimeRowStart) {
  // x_ref[pl::ds(130, 20)] (inside row 1) stored to lanes 16-35 of row 3,
  // and a run-time window of 128
  // elements at a multiple of 128 (pl::multiple_of), stored to the output.
  std::vector<float> x = ramp(1024, 2.0f, 0.5f);
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          o_ref[___] = jnp::zeros({1024}, DType::float32);
          o_ref[pl::ds(400, 20)] = x_ref[pl::ds(130, 20)] + 1.0f;
          o_ref[pl::ds(640, 5)] = x_ref[pl::ds(0, 5)] - 1.0f;  // a row's first lanes
          Scalar at = pl::multiple_of(pl::program_id(0) * 128 + 256, 128);
          o_ref[pl::ds(at, 128)] = x_ref[pl::ds(at, 128)] * 2.0f;
        },
        {.out_shape = f32v(1024), .grid = {1}, .interpret = interpret});
    std::vector<float> got = f(Array::from_f32(x, {1024})).to_f32();
    for (int64_t i = 0; i < 1024; ++i) {
      float want = i >= 400 && i < 420   ? x[i - 270] + 1.0f
                   : i >= 640 && i < 645 ? x[i - 640] - 1.0f
                   : i >= 256 && i < 384 ? x[i] * 2.0f
                                         : 0.0f;
      ASSERT_EQ(got[i], want) << i << " " << interpret;
    }
  }
}

TEST(Rank1, FoldedValuesThroughMathMasksLoopsAndElements) {
  // A 1-D block of 2048 loads as its 16 rows of 128 lanes (a folded value):
  // math, a comparison and where, astype, a sum (through the value's row),
  // a use inside a loop body, and elements read and written at static and
  // run-time indices.
  int64_t n = 4096;
  std::vector<float> x = ramp(n, -3.0f, 0.01f);
  for (bool interpret : {false, true}) {
    auto spec = [] { return pl::BlockSpec({2048}, [](Scalar i) { return i; }); };
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref o_ref, Ref i_ref) {
          Value v = x_ref[___];
          Value t = jnp::where(v > 0.0f, jnp::exp(v), v * v);
          Value acc = lax::fori_loop(0, 3, [&](Scalar, const Value &a) { return a + t; }, v);
          // A carry whose body gives its row form (a row-form operand).
          acc = lax::fori_loop(
              0, 2, [&](Scalar, const Value &a) { return a + jnp::full({2048}, 0.5f); }, acc);
          // A carry whose body gives a column (a matrix-vector product).
          Value ones = jnp::ones({2048, 8}, DType::float32);
          acc = lax::fori_loop(
              0, 1, [&](Scalar, const Value &a) { return jnp::dot(ones, jnp::ones({8})) * 0.0f + a; },
              acc);
          // Reductions of the folded value (its rows as a matrix).
          o_ref[___] = acc + (jnp::sum(v) - jnp::sum(v, 0, true)) + (jnp::max(v) - jnp::max(v));
          i_ref[___] = (v * 4.0f).astype(DType::int32);
          o_ref[5] = x_ref[2047] + x_ref[pl::program_id(0) * 7];
        },
        {.out_shape = {f32v(n), ShapeDtypeStruct{{n}, DType::int32}},
         .grid = {2},
         .in_specs = {spec()},
         .out_specs = {spec(), spec()},
         .interpret = interpret});
    std::vector<Array> out = f.call({Array::from_f32(x, {n})});
    std::vector<float> got = out[0].to_f32();
    std::vector<int32_t> ints = out[1].to_s32();
    for (int64_t i = 0; i < n; ++i) {
      int64_t block = i / 2048;
      float t = x[i] > 0.0f ? std::exp(x[i]) : x[i] * x[i];
      float want = i % 2048 == 5 ? x[block * 2048 + 2047] + x[block * 2048 + block * 7]
                                 : x[i] + t + t + t + 1.0f;
      ASSERT_NEAR(got[i], want, 1e-4f * std::max(1.0f, std::abs(want))) << i << " " << interpret;
      ASSERT_EQ(ints[i], (int32_t)(x[i] * 4.0f)) << i << " " << interpret;
    }
  }
}

TEST(Rank1, ReshapesToAndFromRowsOf128) {
  // [2048] <-> [16, 128], of values (a folded one and a row) and of Refs:
  // the same elements in order, no instruction for the folded value.
  std::vector<float> x = ramp(2048, 0.5f, 0.25f);
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref o_ref, Ref m_ref) {
          Value v = x_ref[___];                        // folded
          Value m = v.reshape({16, 128});              // rows of 128
          m_ref[___] = m + jnp::sum(m, 0, true);       // a 2-D op: the column sums
          Value row = jnp::full({2048}, 1.0f) + 0.0f;  // a row value, folded by reshape
          o_ref.reshape({16, 128})[___] = (m * 2.0f + row.reshape({16, 128}));
          o_ref[pl::ds(0, 128)] = m_ref.reshape({2048})[pl::ds(128, 128)];
        },
        {.out_shape = {f32v(2048), f32(16, 128)}, .interpret = interpret});
    std::vector<Array> out = f.call({Array::from_f32(x, {2048})});
    std::vector<float> o = out[0].to_f32(), m = out[1].to_f32();
    std::vector<float> colSum(128, 0.0f);
    for (int64_t i = 0; i < 2048; ++i)
      colSum[i % 128] += x[i];
    for (int64_t i = 0; i < 2048; ++i) {
      ASSERT_NEAR(m[i], x[i] + colSum[i % 128], 1e-3) << i << " " << interpret;
      float want = i < 128 ? x[128 + i] + colSum[i] : x[i] * 2.0f + 1.0f;
      ASSERT_NEAR(o[i], want, 1e-3) << i << " " << interpret;
    }
  }
}

TEST(Rank1, DotsWithOneDOperands) {
  // jnp::dot / matmul as JAX's with a 1-D operand: w [16, 256] @ v [256]
  // is [16] (a column in registers, stored into a 1-D Ref as a row), v @
  // u [256, 128] is [128], v . v a scalar; bf16 passes of f32 as the 2-D
  // dot's (DEFAULT precision), so the host rounds the operands to bf16.
  std::vector<float> w = ramp(16 * 256, -1.0f, 0.0078125f), v = ramp(256, 0.5f, -0.00390625f),
                     u = ramp(256 * 128, 0.25f, -0.001953125f);
  auto bf = [](float f) { return Array::from_f32({f}, {1}, DType::bfloat16).to_f32()[0]; };
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref w_ref, Ref v_ref, Ref u_ref, Ref a_ref, Ref b_ref, Ref c_ref) {
          Value vec = v_ref[___];
          a_ref[___] = jnp::dot(w_ref[___], vec);
          b_ref[___] = jnp::matmul(vec, u_ref[___]);
          c_ref[___] = jnp::full({8}, jnp::dot(vec, vec));
        },
        {.out_shape = {f32v(16), f32v(128), f32v(8)}, .interpret = interpret});
    std::vector<Array> out = f.call({Array::from_f32(w, {16, 256}), Array::from_f32(v, {256}),
                                     Array::from_f32(u, {256, 128})});
    std::vector<float> a = out[0].to_f32(), b = out[1].to_f32(), c = out[2].to_f32();
    for (int64_t i = 0; i < 16; ++i) {
      double want = 0;
      for (int64_t k = 0; k < 256; ++k)
        want += (double)bf(w[i * 256 + k]) * bf(v[k]);
      ASSERT_NEAR(a[i], want, 1e-3) << i << " " << interpret;
    }
    for (int64_t j = 0; j < 128; ++j) {
      double want = 0;
      for (int64_t k = 0; k < 256; ++k)
        want += (double)bf(v[k]) * bf(u[k * 128 + j]);
      ASSERT_NEAR(b[j], want, 1e-3) << j << " " << interpret;
    }
    double want = 0;
    for (int64_t k = 0; k < 256; ++k)
      want += (double)bf(v[k]) * bf(v[k]);
    for (int64_t i = 0; i < 8; ++i)
      ASSERT_NEAR(c[i], want, 1e-3) << interpret;
  }
}

TEST(Rank1, DotGeneralWithOneDOperands) {
  // lax::dot_general with a vector: 'k,kn->n' (v . m), 'kn,k->n' (the
  // matrix's first dimension contracted: turned first), 'mk,k->m' and
  // 'k,k->'; small integers, so exact; both modes.
  std::vector<float> m(128 * 256), v(128), w(256);
  for (size_t i = 0; i < m.size(); ++i)
    m[i] = float(int(i % 7) - 3);
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = float(int(i % 5) - 2);
  for (size_t i = 0; i < w.size(); ++i)
    w[i] = float(int(i % 3) - 1);
  std::vector<float> vm(256, 0.0f), mw(128, 0.0f);
  float vv = 0;
  for (int64_t k = 0; k < 128; ++k) {
    vv += v[k] * v[k];
    for (int64_t n = 0; n < 256; ++n) {
      vm[n] += v[k] * m[k * 256 + n];
      mw[k] += m[k * 256 + n] * w[n];
    }
  }
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto f = pl::pallas_call(
        [](Ref v_ref, Ref m_ref, Ref w_ref, Ref a_ref, Ref b_ref, Ref c_ref, Ref d_ref) {
          jnp::DotOptions f32{.preferred_element_type = DType::float32};
          Value vec = v_ref[___], mat = m_ref[___];
          a_ref[___] = lax::dot_general(vec, mat, {{0}, {0}}, {}, f32);
          b_ref[___] = lax::dot_general(mat, vec, {{0}, {0}}, {}, f32);
          c_ref[___] = lax::dot_general(mat, w_ref[___], {{1}, {0}}, {}, f32);
          d_ref[___] = jnp::full({8}, lax::dot_general(vec, vec, {{0}, {0}}, {}, f32));
        },
        {.out_shape = {f32v(256), f32v(256), f32v(128), f32v(8)}, .interpret = interpret});
    std::vector<Array> out = f.call(
        {Array::from_f32(v, {128}), Array::from_f32(m, {128, 256}), Array::from_f32(w, {256})});
    EXPECT_EQ(out[0].to_f32(), vm);
    EXPECT_EQ(out[1].to_f32(), vm);
    EXPECT_EQ(out[2].to_f32(), mw);
    EXPECT_EQ(out[3].to_f32(), std::vector<float>(8, vv));
  }
}

TEST(Rank1, ColumnsOfReductionsMeetRows) {
  // keepdims=false reductions over axis 1 are columns in registers: they
  // compute with each other and with scalars as columns, and meet a 1-D
  // row (a Ref's) or a store into a 1-D Ref through a transpose.
  std::vector<float> x = ramp(16 * 256, -2.0f, 0.015625f), b = ramp(16, 1.0f, 0.5f);
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref b_ref, Ref o_ref, Ref p_ref, Ref q_ref) {
          Value v = x_ref[___];
          Value m = jnp::max(v, 1);                                   // [16], a column
          Value l = jnp::sum(jnp::exp(v - m.reshape({16, 1})), 1);   // [16], a column
          Value lse = m + jnp::log(l) * 1.0f;                         // columns
          o_ref[___] = lse;                                           // stored as a row
          p_ref[___] = jnp::where(lse > b_ref[___], lse, b_ref[___] * 2.0f);  // meets a row
          // numpy broadcasts a 1-D value along the last axis, as a row:
          // q[i, j] = x[i, j] - m[j].
          q_ref[___] = lax::slice(v, {0, 0}, {16, 16}) - m;
        },
        {.out_shape = {f32v(16), f32v(16), f32(16, 16)}, .interpret = interpret});
    std::vector<Array> out = f.call({Array::from_f32(x, {16, 256}), Array::from_f32(b, {16})});
    std::vector<float> o = out[0].to_f32(), p = out[1].to_f32(), q = out[2].to_f32();
    std::vector<float> rowMax(16, -INFINITY);
    for (int64_t i = 0; i < 16; ++i)
      for (int64_t j = 0; j < 256; ++j)
        rowMax[i] = std::max(rowMax[i], x[i * 256 + j]);
    for (int64_t i = 0; i < 16; ++i)
      for (int64_t j = 0; j < 16; ++j)
        ASSERT_EQ(q[i * 16 + j], x[i * 256 + j] - rowMax[j]) << i << ", " << j << " " << interpret;
    for (int64_t i = 0; i < 16; ++i) {
      float m = -INFINITY;
      for (int64_t j = 0; j < 256; ++j)
        m = std::max(m, x[i * 256 + j]);
      double l = 0;
      for (int64_t j = 0; j < 256; ++j)
        l += std::exp((double)x[i * 256 + j] - m);
      float lse = m + (float)std::log(l);
      ASSERT_NEAR(o[i], lse, 1e-4) << i << " " << interpret;
      ASSERT_NEAR(p[i], lse > b[i] ? lse : b[i] * 2.0f, 1e-4) << i << " " << interpret;
    }
  }
}

TEST(Rank1, LayoutOpsOfOneDValues) {
  // lax::slice, jnp::concatenate, lax::broadcasted_iota and jnp::cumsum of
  // 1-D values (on their rows), x[:, None] (a row as a column: an outer
  // product) and argmax; pltpu::roll is rank >= 2, as Pallas'.
  std::vector<float> x(1024);
  for (int64_t i = 0; i < 1024; ++i)
    x[i] = (float)((i * 37) % 101) - 50.0f;
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref a_ref, Ref b_ref, Ref c_ref, Ref d_ref) {
          Value v = x_ref[___];
          a_ref[___] = jnp::concatenate({lax::slice(v, {0}, {300}), lax::slice(v, {500}, {700})}, 0);
          b_ref[___] = jnp::cumsum(v, 0) +
                       lax::broadcasted_iota(DType::int32, {1024}, 0).astype(DType::float32);
          Value col = lax::slice(v, {0}, {8}).reshape({8, 1});  // x[:8, None]
          c_ref[___] = col * lax::slice(v, {0}, {128}).reshape({1, 128});
          d_ref[___] = jnp::full({8}, jnp::argmax(v, 0)).astype(DType::float32);
        },
        {.out_shape = {f32v(500), f32v(1024), f32(8, 128), f32v(8)}, .interpret = interpret});
    std::vector<Array> out = f.call({Array::from_f32(x, {1024})});
    std::vector<float> a = out[0].to_f32(), b = out[1].to_f32(), c = out[2].to_f32(),
                       d = out[3].to_f32();
    for (int64_t i = 0; i < 500; ++i)
      ASSERT_EQ(a[i], i < 300 ? x[i] : x[i + 200]) << i << " " << interpret;
    float sum = 0;
    for (int64_t i = 0; i < 1024; ++i) {
      sum += x[i];
      ASSERT_EQ(b[i], sum + (float)i) << i << " " << interpret;
    }
    for (int64_t r = 0; r < 8; ++r)
      for (int64_t j = 0; j < 128; ++j)
        ASSERT_EQ(c[r * 128 + j], x[r] * x[j]) << r << ", " << j << " " << interpret;
    int64_t best = std::max_element(x.begin(), x.end()) - x.begin();
    ASSERT_EQ(d[0], (float)best) << interpret;
  }
  std::string msg = errorOf([&] {
    pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = pltpu::roll(x_ref[___], 3, 0); },
                    {.out_shape = f32v(1024)})(Array::from_f32(x, {1024}));
  });
  EXPECT_THAT(msg, HasSubstr("pltpu::roll needs a value of rank 2 to 5, not f32[1024] (Pallas: "
                             "rank >= 2)"));
}

TEST(Rank1, DmaBetweenOneDVmemRefs) {
  // A local DMA copies the 1-D input block into 1-D scratch; the body
  // reads the copy.
  std::vector<float> x = ramp(640, -4.0f, 0.75f);
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref o_ref, Ref copy, Ref sem) {
          pltpu::async_copy(x_ref, copy, sem).wait();
          auto d = pltpu::make_async_copy(x_ref.at(pl::ds(128, 256)), copy.at(pl::ds(384, 256)), sem);
          d.start();
          d.wait();
          o_ref[___] = copy[___] + 1.0f;
        },
        {.out_shape = f32v(640),
         .scratch_shapes = {pltpu::VMEM({640}, DType::float32), pltpu::SemaphoreType::DMA},
         .interpret = interpret});
    std::vector<float> got = f(Array::from_f32(x, {640})).to_f32();
    for (int64_t i = 0; i < 640; ++i)
      ASSERT_EQ(got[i], (i >= 384 ? x[i - 256] : x[i]) + 1.0f) << i << " " << interpret;
  }
}

/// That `msg` names `file:line` and says `text`.
void expectAt(const std::string &msg, int line, const std::string &text) {
  EXPECT_THAT(msg, HasSubstr("Rank1Test.cpp:" + std::to_string(line))) << msg;
  EXPECT_THAT(msg, HasSubstr(text)) << msg;
}

TEST(Rank1, DmasBetweenHbmAndVmem) {
  // pl::kernel over 1-D HBM arrays: whole arrays of 8, 300 and 1000 words
  // into 1-D VMEM scratch and back, and windows at run-time multiples of
  // 128 (a partial last row at the array's end).
  for (int64_t n : {8, 300, 1000}) {
    std::vector<float> x = ramp(n, -1.0f, 0.5f);
    for (bool interpret : {false, true}) {
      auto k = pl::kernel(
          {.out_type = f32v(n),
           .scratch_types = {pltpu::VMEM({n}, DType::float32), pltpu::SemaphoreType::DMA},
           .interpret = interpret},
          [](Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
            pltpu::async_copy(x_hbm, v, sem).wait();
            v[___] = v[___] * 2.0f + 1.0f;
            pltpu::async_copy(v, o_hbm, sem).wait();
          });
      std::vector<float> got = k(Array::from_f32(x, {n})).to_f32();
      for (int64_t i = 0; i < n; ++i)
        ASSERT_EQ(got[i], x[i] * 2.0f + 1.0f) << n << " " << i << " " << interpret;
    }
  }
  std::vector<float> x = ramp(1000, 3.0f, -0.25f);
  for (bool interpret : {false, true}) {
    auto k = pl::kernel(
        {.out_type = f32v(1000),
         .scratch_types = {pltpu::VMEM({256}, DType::float32), pltpu::SemaphoreType::DMA,
                           pltpu::VMEM({232}, DType::float32)},
         .interpret = interpret},
        [](Ref x_hbm, Ref o_hbm, Ref v, Ref sem, Ref tail) {
          // Rows [0, 768) in three windows of 256 at run-time offsets, the
          // tail [768, 1000) through a scratch of its 232 elements.
          pl::loop(0, 3)([&](Scalar i) {
            Scalar at = pl::multiple_of(i * 256, 256);
            pltpu::async_copy(x_hbm.at(pl::ds(at, 256)), v, sem).wait();
            v[___] = v[___] + 1.0f;
            pltpu::async_copy(v, o_hbm.at(pl::ds(at, 256)), sem).wait();
          });
          pltpu::async_copy(x_hbm.at(pl::ds(768, 232)), tail, sem).wait();
          pltpu::async_copy(tail, o_hbm.at(pl::ds(768, 232)), sem).wait();
        });
    std::vector<float> got = k(Array::from_f32(x, {1000})).to_f32();
    for (int64_t i = 0; i < 1000; ++i)
      ASSERT_EQ(got[i], i < 768 ? x[i] + 1.0f : x[i]) << i << " " << interpret;
  }
}

TEST(Rank1, AnAnyInputOfPallasCallCopiedByHand) {
  // A pallas_call whose 1-D input stays in HBM (pl::BlockSpec::any()): each
  // step copies its half into 1-D scratch at a run-time multiple of 512.
  std::vector<float> x = ramp(1024, -2.0f, 0.5f);
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref x_hbm, Ref o_ref, Ref v, Ref sem) {
          Scalar at = pl::multiple_of(pl::program_id(0) * 512, 512);
          pltpu::async_copy(x_hbm.at(pl::ds(at, 512)), v, sem).wait();
          o_ref[___] = v[___] * 2.0f;
        },
        {.out_shape = f32v(1024),
         .grid = {2},
         .in_specs = {pl::BlockSpec::any()},
         .out_specs = {pl::BlockSpec({512}, [](Scalar i) { return i; })},
         .scratch_shapes = {pltpu::VMEM({512}, DType::float32), pltpu::SemaphoreType::DMA},
         .interpret = interpret});
    std::vector<float> got = f(Array::from_f32(x, {1024})).to_f32();
    for (int64_t i = 0; i < 1024; ++i)
      ASSERT_EQ(got[i], x[i] * 2.0f) << i << " " << interpret;
  }
}

TEST(Rank1, SqueezedRowsOfAOneRowArray) {
  // Pallas counts a squeezed block dimension as 1, which the tiling rule
  // then needs to be the array's: the rows of a [1, N] array squeeze, and
  // the body's 1-D Ref is the block's row (blocks of 1024 lanes, and the
  // whole 1000-lane row, with a 1-D window of it; beside padded element
  // columns).
  std::vector<float> x = ramp(4096, 1.0f, 0.5f);
  for (bool interpret : {false, true}) {
    auto spec = [] {
      return pl::BlockSpec({pl::Squeezed, 1024}, [](Scalar i) { return std::tuple{0, i}; });
    };
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          o_ref[___] = x_ref[___] * 2.0f + jnp::sum(x_ref[pl::ds(0, 256)]) * 0.0f;
        },
        {.out_shape = f32(1, 4096), .grid = {4}, .in_specs = {spec()}, .out_specs = {spec()},
         .interpret = interpret});
    std::vector<float> got = f(Array::from_f32(x, {1, 4096})).to_f32();
    for (int64_t i = 0; i < 4096; ++i)
      ASSERT_EQ(got[i], x[i] * 2.0f) << i << " " << interpret;
    // The input's row squeezed, the output's not: [1000] meets [1, 1000].
    auto g = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) { o_ref[___] = (x_ref[___] + 1.0f).reshape({1, 1000}); },
        {.out_shape = f32(1, 1000),
         .in_specs = {pl::BlockSpec({pl::Squeezed, 1000}, [] { return std::tuple{0, 0}; })},
         .interpret = interpret});
    std::vector<float> x1(x.begin(), x.begin() + 1000);
    std::vector<float> got1 = g(Array::from_f32(x1, {1, 1000})).to_f32();
    for (int64_t i = 0; i < 1000; ++i)
      ASSERT_EQ(got1[i], x1[i] + 1.0f) << i << " " << interpret;
    // Beside padded pl::Element columns: a 3-tap stencil 128 lanes apart
    // over the row of [1, 4096], the body's 1-D Refs of 512 and 256.
    auto h = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          o_ref[___] = x_ref[pl::ds(0, 256)] + x_ref[pl::ds(128, 256)] + x_ref[pl::ds(256, 256)];
        },
        {.out_shape = f32(1, 4096),
         .grid = {16},
         .in_specs = {pl::BlockSpec({pl::Squeezed, pl::Element(512, {128, 128})},
                                    [](Scalar i) {
                                      return std::tuple{0, pl::multiple_of(i * 256, 256)};
                                    })},
         .out_specs = {pl::BlockSpec({pl::Squeezed, 256}, [](Scalar i) { return std::tuple{0, i}; })},
         .interpret = interpret});
    std::vector<float> got2 = h(Array::from_f32(x, {1, 4096})).to_f32();
    for (int64_t i = 128; i + 128 < 4096; ++i)
      ASSERT_EQ(got2[i], x[i - 128] + x[i] + x[i + 128]) << i << " " << interpret;
  }
  std::string msg = errorOf([&] {
    pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___]; },
                    {.out_shape = f32(2, 128),
                     .grid = {2},
                     .in_specs = {pl::BlockSpec({pl::Squeezed, 128},
                                                [](Scalar i) { return std::tuple{i, 0}; })},
                     .out_specs = {pl::BlockSpec({2, 128}, [](Scalar) { return std::tuple{0, 0}; })}})(
        Array::from_f32(std::vector<float>(256, 1.0f), {2, 128}));
  });
  EXPECT_THAT(msg, HasSubstr("a squeezed block dimension of in_specs[0] [2, 128]: Pallas counts "
                             "it as 1, which must be the array's dimension (the tiling rule)"));
}

TEST(Rank1, ASqueezedLastBlockDimension) {
  // `{bm, pl::Squeezed}` of an [R, 1] array (the squeezed dimension counts
  // as 1, the array's): the pipeline moves [bm, 1] blocks and the body's
  // Ref is the 1-D [bm], a copy of the block's column as a row (an output
  // written back after the body). x * 2 + sum(x) per block; an output
  // accumulated over a grid axis; pl::Element rows; emit_pipeline; a
  // rank-3 array with its leading dimension squeezed too; bf16; compiled
  // and interpreted. A squeezed last dimension of a wider array: the rule.
  const int64_t R = 64;
  std::vector<float> x = ramp(R, -8.0f, 0.25f);
  for (DType dt : {DType::float32, DType::bfloat16})
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(to_string(dt) + (interpret ? " interpreted" : " compiled"));
      Array xa = Array::from_f32(x, {R, 1}, dt);
      auto spec = [] {
        return pl::BlockSpec({16, pl::Squeezed}, [](Scalar i, Scalar) { return std::tuple{i, 0}; });
      };
      auto f = pl::pallas_call(
          [dt](Ref x_ref, Ref o_ref, Ref acc_ref) {
            EXPECT_EQ(x_ref.shape(), Shape{16});
            Value v = x_ref[___].astype(DType::float32);
            pl::when(pl::program_id(1) == 0, [&] {
              o_ref[___] = (v * 2.0f + jnp::sum(v)).astype(dt);
              acc_ref[___] = jnp::zeros({16}, DType::float32);
            });
            acc_ref[___] = acc_ref[___] + v;
          },
          {.out_shape = {ShapeDtypeStruct{{R, 1}, dt}, ShapeDtypeStruct{{R, 1}, DType::float32}},
           .grid = {4, 3},
           .in_specs = {spec()},
           .out_specs = {spec(), spec()},
           .interpret = interpret});
      std::vector<Array> out = f.call({xa});
      std::vector<float> xs = xa.to_f32(), o = out[0].to_f32(), acc = out[1].to_f32();
      for (int64_t b = 0; b < 4; ++b) {
        float sum = 0;
        for (int64_t k = 0; k < 16; ++k)
          sum += xs[b * 16 + k];
        for (int64_t k = 0; k < 16; ++k) {
          int64_t i = b * 16 + k;
          float want = xs[i] * 2.0f + sum;
          if (dt == DType::bfloat16)
            want = Array::from_f32({want}, {1}, dt).to_f32()[0];
          ASSERT_EQ(o[i], want) << i;
          ASSERT_EQ(acc[i], xs[i] * 3.0f) << i;
        }
      }
      // pl::Element rows beside it: overlapping windows of 24 at 20 i.
      auto g = pl::pallas_call(
          [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[pl::ds(4, 20)] + 1.0f; },
          {.out_shape = ShapeDtypeStruct{{R - 4, 1}, dt},
           .grid = {3},
           .in_specs = {pl::BlockSpec({pl::Element(24), pl::Squeezed},
                                      [](Scalar i) { return std::tuple{i * 20, 0}; })},
           .out_specs = {pl::BlockSpec({pl::Element(20), pl::Squeezed},
                                       [](Scalar i) { return std::tuple{i * 20, 0}; })},
           .interpret = interpret});
      std::vector<float> got = g(xa).to_f32();
      for (int64_t i = 0; i < R - 4; ++i) {
        float want = Array::from_f32({xs[i + 4] + 1.0f}, {1}, dt).to_f32()[0];
        ASSERT_EQ(got[i], want) << i;
      }
      // emit_pipeline's operands the same.
      auto k = pl::kernel(
          {.out_type = ShapeDtypeStruct{{R, 1}, dt}, .interpret = interpret},
          [](Ref x_hbm, Ref o_hbm) {
            auto rows = [] {
              return pl::BlockSpec({32, pl::Squeezed}, [](Scalar i) { return std::tuple{i, 0}; });
            };
            pltpu::emit_pipeline([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] - 3.0f; },
                                 {.grid = {2}, .in_specs = {rows()}, .out_specs = {rows()}})(
                x_hbm, o_hbm);
          });
      got = k(xa).to_f32();
      for (int64_t i = 0; i < R; ++i)
        ASSERT_EQ(got[i], Array::from_f32({xs[i] - 3.0f}, {1}, dt).to_f32()[0]) << i;
      // A [4, 16, 1] array in {pl::Squeezed, 8, pl::Squeezed} blocks.
      auto batch = [] {
        return pl::BlockSpec({pl::Squeezed, 8, pl::Squeezed},
                             [](Scalar b, Scalar j) { return std::tuple{b, j, 0}; });
      };
      auto h = pl::pallas_call(
          [](Ref x_ref, Ref o_ref) {
            EXPECT_EQ(x_ref.shape(), Shape{8});
            o_ref[___] = x_ref[___] * 3.0f;
          },
          {.out_shape = ShapeDtypeStruct{{4, 16, 1}, dt},
           .grid = {4, 2},
           .in_specs = {batch()},
           .out_specs = {batch()},
           .interpret = interpret});
      got = h(Array::from_f32(x, {4, 16, 1}, dt)).to_f32();
      for (int64_t i = 0; i < R; ++i)
        ASSERT_EQ(got[i], Array::from_f32({xs[i] * 3.0f}, {1}, dt).to_f32()[0]) << i;
    }
  std::string msg = errorOf([&] {
    pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___]; },
                    {.out_shape = f32(16, 1),
                     .in_specs = {pl::BlockSpec({16, pl::Squeezed},
                                                [] { return std::tuple{0, 0}; })}})(
        Array::from_f32(std::vector<float>(16 * 128, 1.0f), {16, 128}));
  });
  EXPECT_THAT(msg, HasSubstr("a squeezed block dimension of in_specs[0] [16, 128]: Pallas counts "
                             "it as 1, which must be the array's dimension (the tiling rule): "
                             "squeeze the column of an [R, 1] array"));
}

TEST(Rank1, MaskedLoadsAndStores) {
  // pltpu::store(ref, v, mask) into a 1-D Ref: whole rows of folded values
  // (a masked store of the matrix) and a window of a row's lanes (merged);
  // pltpu::load(ref, mask, other).
  std::vector<float> x = ramp(2048, -2.0f, 0.01f);
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          o_ref[___] = jnp::zeros({2048}, DType::float32);
          Value v = x_ref[___];
          pltpu::store(o_ref, v * 2.0f, v > 0.0f);
          Value w = x_ref[pl::ds(300, 40)];
          pltpu::store(o_ref.at(pl::ds(300, 40)), w - 7.0f, w < -0.5f);
          Value z = pltpu::load(x_ref.at(pl::ds(1024, 1024)), x_ref[pl::ds(1024, 1024)] > 4.0f, 9.0f);
          o_ref[pl::ds(1024, 1024)] = o_ref[pl::ds(1024, 1024)] + z;
        },
        {.out_shape = f32v(2048), .interpret = interpret});
    std::vector<float> got = f(Array::from_f32(x, {2048})).to_f32();
    for (int64_t i = 0; i < 2048; ++i) {
      float want = x[i] > 0.0f ? x[i] * 2.0f : 0.0f;
      if (i >= 300 && i < 340 && x[i] < -0.5f)
        want = x[i] - 7.0f;
      if (i >= 1024)
        want += x[i] > 4.0f ? x[i] : 9.0f;
      ASSERT_EQ(got[i], want) << i << " " << interpret;
    }
  }
}

TEST(Rank1, ArraysOutsideKernelsReshapeToRowsOf128) {
  // A 1-D 32-bit array of a multiple of 1024 words is the [n / 128, 128]
  // array of the same rows: jnp::reshape either way is a bitcast (no copy),
  // eagerly and under jit, where array ops then take it; a 1-D array itself
  // is not an array op's operand (an error saying how to reshape it).
  std::vector<float> x = ramp(2048, 0.5f, 0.25f);
  auto add = pl::pallas_call(
      [](Ref x_ref, Ref y_ref, Ref o_ref) { o_ref[___] = x_ref[___] + y_ref[___]; },
      {.out_shape = f32v(2048)});
  Array a = Array::from_f32(x, {2048});
  Array m = jnp::reshape(a, {16, 128});
  EXPECT_EQ(m.shape(), (Shape{16, 128}));
  EXPECT_EQ(jnp::reshape(m * 2.0f, {2048}).to_f32()[2047], x[2047] * 2.0f);
  auto f = jit([&](const Array &v) {
    return jnp::reshape(jnp::reshape(add(v, v), {16, 128}) * 0.5f + 1.0f, {2048});
  });
  std::vector<float> got = f(a).to_f32();
  ASSERT_EQ(got.size(), 2048u);
  for (int64_t i = 0; i < 2048; ++i)
    ASSERT_EQ(got[i], x[i] + 1.0f) << i;
  std::string msg = errorOf([&] { jit([&](const Array &v) { return add(v, v) * 2.0f; })(a); });
  EXPECT_THAT(msg, HasSubstr("multiply of an array of shape [2048]: array ops take arrays of "
                             "rank 2 to 5"));
  EXPECT_THAT(msg, HasSubstr("a 1-D 32-bit array of a multiple of 1024 elements to "
                             "[n / 128, 128]: no copy"));
}

TEST(Rank1, PackedOneDArrays) {
  // bf16 and int8 1-D arrays: in HBM as in VMEM their rows of 128 (packed
  // as the 2-D arrays of their dtype are); whole arrays of 8 and 1000,
  // blocks of 256 and 1024 (bf16) and 512 (int8: 128 * 32 / 8), a 1-D
  // bf16 scratch and a DMA of a bf16 array by hand; Mosaic's block rule.
  auto bf16s = [](int64_t n) {
    std::vector<float> v(n);
    for (int64_t i = 0; i < n; ++i)
      v[i] = (float)((i * 7) % 64 - 32) * 0.25f;
    return v;
  };
  for (bool interpret : {false, true}) {
    for (int64_t n : {8, 1000}) {
      std::vector<float> x = bf16s(n);
      auto f = pl::pallas_call(
          [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0f + 1.0f; },
          {.out_shape = ShapeDtypeStruct{{n}, DType::bfloat16}, .interpret = interpret});
      std::vector<float> got = f(Array::from_f32(x, {n}, DType::bfloat16)).to_f32();
      for (int64_t i = 0; i < n; ++i)
        ASSERT_EQ(got[i], x[i] * 2.0f + 1.0f) << n << " " << i << " " << interpret;
    }
    for (int64_t b : {256, 1024}) {
      std::vector<float> x = bf16s(4096);
      auto spec = [b] { return pl::BlockSpec({b}, [](Scalar i) { return i; }); };
      auto f = pl::pallas_call(
          [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] - 0.5f; },
          {.out_shape = ShapeDtypeStruct{{4096}, DType::bfloat16},
           .grid = {4096 / b}, .in_specs = {spec()}, .out_specs = {spec()},
           .interpret = interpret});
      std::vector<float> got = f(Array::from_f32(x, {4096}, DType::bfloat16)).to_f32();
      for (int64_t i = 0; i < 4096; ++i)
        ASSERT_EQ(got[i], x[i] - 0.5f) << b << " " << i << " " << interpret;
    }
    std::vector<int32_t> q(2048);
    for (int64_t i = 0; i < 2048; ++i)
      q[i] = (int32_t)(i % 200) - 100;
    auto spec = [] { return pl::BlockSpec({512}, [](Scalar i) { return i; }); };
    auto g = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) { o_ref[___] = (x_ref[___].astype(DType::int32) * 3).astype(DType::int8); },
        {.out_shape = ShapeDtypeStruct{{2048}, DType::int8},
         .grid = {4}, .in_specs = {spec()}, .out_specs = {spec()}, .interpret = interpret});
    std::vector<int32_t> gotq = g(Array::from_s32(q, {2048}, DType::int8)).to_s32();
    for (int64_t i = 0; i < 2048; ++i)
      ASSERT_EQ(gotq[i], (int32_t)(int8_t)(q[i] * 3)) << i << " " << interpret;
    std::vector<float> y = bf16s(768);
    auto k = pl::kernel(
        {.out_type = ShapeDtypeStruct{{768}, DType::bfloat16},
         .scratch_types = {pltpu::VMEM({768}, DType::bfloat16), pltpu::SemaphoreType::DMA},
         .interpret = interpret},
        [](Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
          pltpu::async_copy(x_hbm, v, sem).wait();
          v[pl::ds(256, 512)] = v[pl::ds(256, 512)] * 4.0f;
          pltpu::async_copy(v, o_hbm, sem).wait();
        });
    std::vector<float> goty = k(Array::from_f32(y, {768}, DType::bfloat16)).to_f32();
    for (int64_t i = 0; i < 768; ++i)
      ASSERT_EQ(goty[i], i >= 256 ? y[i] * 4.0f : y[i]) << i << " " << interpret;
  }
  std::string msg = errorOf([&] {
    pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___]; },
                    {.out_shape = ShapeDtypeStruct{{1024}, DType::bfloat16},
                     .grid = {8},
                     .in_specs = {pl::BlockSpec({128}, [](Scalar i) { return i; })},
                     .out_specs = {pl::BlockSpec({1024}, [](Scalar) { return 0; })}})(
        Array::from_f32(std::vector<float>(1024, 1.0f), {1024}, DType::bfloat16));
  });
  EXPECT_THAT(msg, HasSubstr("block shape [128] of in_specs[0] bf16[1024]: a rank-1 block is the "
                             "array's dimension (1024) or a positive multiple of 256"));
}

TEST(Rank1, EmitPipelineOverOneDArrays) {
  // pltpu::emit_pipeline inside a pl::kernel over 1-D HBM Refs the kernel
  // has not used yet (their rows of 128 from then on): f32 and bf16 in
  // blocks of 1024.
  for (DType dt : {DType::float32, DType::bfloat16})
    for (bool interpret : {false, true}) {
      std::vector<float> x = ramp(4096, -8.0f, 0.25f);
      auto k = pl::kernel(
          {.out_type = ShapeDtypeStruct{{4096}, dt}, .interpret = interpret},
          [](Ref x_hbm, Ref o_hbm) {
            auto spec = [] { return pl::BlockSpec({1024}, [](Scalar i) { return i; }); };
            pltpu::emit_pipeline([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] + 3.0f; },
                                 {.grid = {4}, .in_specs = {spec()}, .out_specs = {spec()}})(
                x_hbm, o_hbm);
          });
      Array in = Array::from_f32(x, {4096}, dt);
      std::vector<float> xs = in.to_f32(), got = k(in).to_f32();
      for (int64_t i = 0; i < 4096; ++i)
        ASSERT_EQ(got[i], Array::from_f32({xs[i] + 3.0f}, {1}, dt).to_f32()[0])
            << i << " " << to_string(dt) << " " << interpret;
    }
}

TEST(Rank1, ElementBlocks) {
  // pl::Element blocks of 1-D arrays: whole rows of 128 words of the
  // folded array, compiled and interpreted against the host: ragged
  // windows at offsets from scalar prefetch (f32, and bf16 in rows of 256
  // elements), a 1-D stencil with halos of 128 (pl::Element(1280, (128,
  // 128))); the offsets must be promised whole rows, the sizes whole rows
  // (errors at the line).
  for (DType dt : {DType::float32, DType::bfloat16})
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(to_string(dt) + (interpret ? " interpreted" : " compiled"));
      int64_t n = 4096, unit = 128 * packing(dt);
      Array xa = Array::from_f32(pattern(n, 5), {n}, dt);
      std::vector<float> x = xa.to_f32();
      std::vector<int32_t> offs = {0, (int32_t)(3 * unit), (int32_t)(5 * unit), 3072};
      auto ragged = pl::pallas_call(
          [](Ref, Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0f; },
          {.out_shape = ShapeDtypeStruct{{4 * 1024}, dt},
           .grid_spec = pltpu::PrefetchScalarGridSpec{
               .num_scalar_prefetch = 1,
               .grid = {4},
               .in_specs = {pl::BlockSpec({pl::Element(1024)},
                                          [unit](Scalar i, Ref off) {
                                            return std::tuple{pl::multiple_of(Scalar(off[i]), unit)};
                                          })},
               .out_specs = {pl::BlockSpec({1024}, [](Scalar i, Ref) { return std::tuple{i}; })}},
           .interpret = interpret});
      std::vector<float> got = ragged(Array::from_s32(offs, {4}), xa).to_f32();
      for (int b = 0; b < 4; ++b)
        for (int j = 0; j < 1024; ++j)
          ASSERT_EQ(got[b * 1024 + j], x[offs[b] + j] * 2) << b << ", " << j;
      if (dt != DType::float32)
        continue;
      auto stencil = pl::pallas_call(
          [](Ref x_ref, Ref o_ref) {
            o_ref[___] = x_ref[pl::ds(0, 1024)] + x_ref[pl::ds(128, 1024)] +
                         x_ref[pl::ds(256, 1024)];
          },
          {.out_shape = ShapeDtypeStruct{{n}, dt},
           .grid = {4},
           .in_specs = {pl::BlockSpec({pl::Element(1280, {128, 128})},
                                      [](Scalar i) { return std::tuple{pl::multiple_of(i * 1024, 1024)}; })},
           .out_specs = {pl::BlockSpec({1024}, [](Scalar i) { return std::tuple{i}; })},
           .interpret = interpret});
      got = stencil(xa).to_f32();
      for (int64_t j = 128; j + 128 < n; ++j)
        ASSERT_EQ(got[j], x[j - 128] + x[j] + x[j + 128]) << j;
    }
  Array x = Array::from_f32(pattern(4096, 5), {4096});
  auto error = [&](pl::BlockSpec in, int64_t out) {
    return errorOf([&] {
      pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___]; },
                      {.out_shape = ShapeDtypeStruct{{out}, DType::float32},
                       .grid = {1},
                       .in_specs = {in},
                       .out_specs = {pl::BlockSpec({out}, [](Scalar i) { return std::tuple{i}; })}})(x);
    });
  };
  std::string line = here(1);
  std::string e = error(pl::BlockSpec({pl::Element(1024)}, [](Scalar i) { return std::tuple{i * 5}; }), 1024);
  EXPECT_THAT(e, HasSubstr(line));
  EXPECT_THAT(e, HasSubstr("the pl::Element block of in_specs[0] f32[4096]: its offsets are whole "
                           "rows of 128 lanes, multiples of 128 (promise them with "
                           "pl::multiple_of(offset, 128))"));
  e = error(pl::BlockSpec({pl::Element(100)}, [](Scalar i) { return std::tuple{i}; }), 100);
  EXPECT_THAT(e, HasSubstr("the pl::Element block of in_specs[0] f32[4096] (100, padding (0, 0)): "
                           "a 1-D array is rows of 128 lanes in VMEM, so its element blocks are "
                           "whole rows of words: the array, the block and the padding must be "
                           "multiples of 128"));
  line = here(1);
  e = error(pl::BlockSpec({pl::BoundedSlice{1024}}, [](Scalar i) { return std::tuple{pl::ds(pl::multiple_of(i * 128, 128), i + 512)}; }),
            1024);
  EXPECT_THAT(e, HasSubstr(line));
  EXPECT_THAT(e, HasSubstr("the pl::BoundedSlice block of in_specs[0] f32[4096]: its sizes are "
                           "whole rows of 128 lanes, multiples of 128 (promise them with "
                           "pl::multiple_of(size, 128))"));
  e = error(pl::BlockSpec({pl::BoundedSlice{1024}}, [](Scalar) { return std::tuple{0}; }), 1024);
  EXPECT_THAT(e, HasSubstr("returns a block index for dimension 0, which is a "
                           "pl::BoundedSlice dimension: return pl::ds(start, size) there"));
}

TEST(Rank1, BoundedSliceBlocks) {
  // pl::BoundedSlice blocks of 1-D arrays (ragged segments, as a grouped
  // kernel's): step i gets elements [s[i], s[i + 1]) in the first ones of
  // a 512-element buffer (the rest undefined) and writes back those only;
  // starts and sizes whole rows of the folded array, promised. f32 and
  // bf16 (rows of 256 elements), compiled and interpreted; a segment past
  // the block or the array stops the kernel at the index map's line.
  for (DType dt : {DType::float32, DType::bfloat16})
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(to_string(dt) + (interpret ? " interpreted" : " compiled"));
      int32_t unit = 128 * packing(dt);
      int64_t n = 7 * unit;
      std::vector<int32_t> starts = {0, 2 * unit, 2 * unit, 3 * unit, 5 * unit, (int32_t)n};
      Array xa = Array::from_f32(pattern(n, 7), {n}, dt);
      std::vector<float> x = xa.to_f32();
      auto segment = [unit](Scalar i, Ref s) {
        Scalar start = s[i], size = Scalar(s[i + 1]) - start;
        return std::tuple{pl::ds(pl::multiple_of(start, unit), pl::multiple_of(size, unit))};
      };
      int line = __LINE__ + 1;
      pl::BlockSpec spec({pl::BoundedSlice{2 * unit}}, segment);
      auto f = pl::pallas_call(
          [](Ref, Ref x_ref, Ref o_ref) {
            Scalar step = (pl::program_id(0) + 1).astype(jnp::float32);
            o_ref[___] = (x_ref[___].astype(jnp::float32) * 2.0f + step).astype(o_ref.dtype());
          },
          {.out_shape = ShapeDtypeStruct{{n}, dt},
           .grid_spec = pltpu::PrefetchScalarGridSpec{
               .num_scalar_prefetch = 1,
               .grid = {5},
               .in_specs = {spec},
               .out_specs = {spec}},
           .interpret = interpret});
      std::vector<float> got = f(Array::from_s32(starts, {6}), xa).to_f32();
      for (int64_t i = 0; i < 5; ++i)
        for (int64_t j = starts[i]; j < starts[i + 1]; ++j)
          ASSERT_EQ(got[j], Array::from_f32({x[j] * 2.0f + float(i + 1)}, {1}, dt).to_f32()[0])
              << "step " << i << " element " << j;
      // A segment of three rows in a block of two: stopped in both modes.
      std::vector<int32_t> wide = {0, 3 * unit, 4 * unit, 5 * unit, 6 * unit, (int32_t)n};
      std::string msg = errorOf([&] { f(Array::from_s32(wide, {6}), xa).to_f32(); });
      expectAt(msg, line,
               "the pl::BoundedSlice size " + std::to_string(3 * unit) + " of in_specs[0] is "
               "outside [0, " + std::to_string(2 * unit) + "]");
    }
}

TEST(Rank1, Errors) {
  Array x = Array::from_f32(ramp(1000, 0.0f, 1.0f), {1000});
  // Mosaic's rank-1 block rule.
  int line = __LINE__ + 5;
  std::string msg = errorOf([&] {
    pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___]; },
                    {.out_shape = f32v(1000),
                     .grid = {10},
                     .in_specs = {pl::BlockSpec({100}, [](Scalar i) { return i; })},
                     .out_specs = {pl::BlockSpec({1000}, [](Scalar) { return 0; })}})(x);
  });
  expectAt(msg, line, "block shape [100] of in_specs[0] f32[1000]: a rank-1 block is the "
                      "array's dimension (1000) or a positive multiple of 128");
  // A DMA of a window that starts inside a row.
  line = __LINE__ + 4;
  msg = errorOf([&] {
    pl::pallas_call(
        [](Ref x_ref, Ref o_ref, Ref s, Ref sem) {
          pltpu::async_copy(x_ref.at(pl::ds(100, 200)), s.at(pl::ds(0, 200)), sem).wait();
          o_ref[___] = x_ref[___];
        },
        {.out_shape = f32v(1000),
         .scratch_shapes = {pltpu::VMEM({1000}, DType::float32), pltpu::SemaphoreType::DMA}})(x);
  });
  expectAt(msg, line, "starts inside a row of 128 lanes; a DMA moves whole rows");
  // A DMA into a window whose last row holds later elements.
  line = __LINE__ + 4;
  msg = errorOf([&] {
    pl::pallas_call(
        [](Ref x_ref, Ref o_ref, Ref s, Ref sem) {
          pltpu::async_copy(x_ref.at(pl::ds(0, 200)), s.at(pl::ds(0, 200)), sem).wait();
          o_ref[___] = x_ref[___];
        },
        {.out_shape = f32v(1000),
         .scratch_shapes = {pltpu::VMEM({1000}, DType::float32), pltpu::SemaphoreType::DMA}})(x);
  });
  expectAt(msg, line, "ends inside a row of 128 lanes that holds elements after it");
  // A 1-D HBM window at an element that is not a multiple of 128, and a
  // destination window with a partial last row in the middle of the array.
  auto manual = [&](int64_t at, int64_t n, bool out) {
    return errorOf([&] {
      pl::kernel({.out_type = f32v(1000),
                  .scratch_types = {pltpu::VMEM({n}, DType::float32), pltpu::SemaphoreType::DMA}},
                 [at, n, out](Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
                   if (out)
                     pltpu::async_copy(v, o_hbm.at(pl::ds(at, n)), sem).wait();
                   else
                     pltpu::async_copy(x_hbm.at(pl::ds(at, n)), v, sem).wait();
                 })(x);
    });
  };
  EXPECT_THAT(manual(100, 256, false),
              HasSubstr("the window 'in0[100:356]' of a 1-D array in HBM starts at element 100"));
  EXPECT_THAT(manual(128, 300, true),
              HasSubstr("has 300 elements, not a multiple of 128, and does not end where the "
                        "array does"));
}

TEST(Rank1, CyclesAgainstTheMatrixOfTheSameWords) {
  // The 1-D kernel against the same words as [R, 128] blocks of 8 rows:
  // printed for the closing note (a 1-D value is a row in registers, so
  // its vector work is 8x the matrix's).
  int64_t n = 64 * 1024;
  std::vector<float> x = ramp(n, 1.0f, 0.5f), y = ramp(n, -2.0f, 0.125f);
  auto spec1 = [] { return pl::BlockSpec({1024}, [](Scalar i) { return i; }); };
  auto one = pl::pallas_call(
      [](Ref x_ref, Ref y_ref, Ref o_ref) { o_ref[___] = x_ref[___] + y_ref[___]; },
      {.out_shape = f32v(n), .grid = {n / 1024}, .in_specs = {spec1(), spec1()},
       .out_specs = {spec1()}});
  auto spec2 = [] { return pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; }); };
  auto two = pl::pallas_call(
      [](Ref x_ref, Ref y_ref, Ref o_ref) { o_ref[___] = x_ref[___] + y_ref[___]; },
      {.out_shape = f32(n / 128, 128), .grid = {n / 1024}, .in_specs = {spec2(), spec2()},
       .out_specs = {spec2()}});
  int64_t c1 = cyclesOf(one, Array::from_f32(x, {n}), Array::from_f32(y, {n}));
  int64_t c2 = cyclesOf(two, Array::from_f32(x, {n / 128, 128}), Array::from_f32(y, {n / 128, 128}));
  std::printf("1-D f32[%lld] in blocks of 1024: %lld cycles; [%lld, 128] in [8, 128] blocks: "
              "%lld cycles\n",
              (long long)n, (long long)c1, (long long)(n / 128), (long long)c2);
  EXPECT_GT(c1, 0);
  EXPECT_GT(c2, 0);
  // Vector-bound: exp, tanh and arithmetic on blocks of 8192 (64 rows).
  auto math = [](Ref x_ref, Ref y_ref, Ref o_ref) {
    Value v = x_ref[___];
    o_ref[___] = jnp::exp(v) * 2.0f + jnp::tanh(v * y_ref[___]) - v / 3.0f;
  };
  auto s1 = [] { return pl::BlockSpec({8192}, [](Scalar i) { return i; }); };
  auto s2 = [] { return pl::BlockSpec({64, 128}, [](Scalar i) { return std::tuple{i, 0}; }); };
  auto m1 = pl::pallas_call(math, {.out_shape = f32v(n), .grid = {n / 8192},
                                   .in_specs = {s1(), s1()}, .out_specs = {s1()}});
  auto m2 = pl::pallas_call(math, {.out_shape = f32(n / 128, 128), .grid = {n / 8192},
                                   .in_specs = {s2(), s2()}, .out_specs = {s2()}});
  int64_t v1 = cyclesOf(m1, Array::from_f32(x, {n}), Array::from_f32(y, {n}));
  int64_t v2 = cyclesOf(m2, Array::from_f32(x, {n / 128, 128}), Array::from_f32(y, {n / 128, 128}));
  std::printf("vector-bound: 1-D blocks of 8192 %lld cycles, [64, 128] blocks %lld cycles\n",
              (long long)v1, (long long)v2);
  EXPECT_GT(v1, 0);
}

}  // namespace
}  // namespace tessera
