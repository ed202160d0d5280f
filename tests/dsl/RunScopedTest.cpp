//===- RunScopedTest.cpp - pl::run_scoped ---------------------------------===//
//
// pl::run_scoped(body, types) allocates scratch for the body's call only,
// as Pallas' pl.run_scoped: VMEM buffers, SMEM and semaphores, in
// pl::kernel and pallas_call bodies, nested and inside loops, returning
// the body's value. Each kernel runs compiled and interpreted, exact
// against the host; using a scope's Ref after it ended, a body of the wrong
// arity, a bad type and too much VMEM are errors naming the line.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "DslTestUtil.h"
#include "dsl/tessera.h"

namespace tessera {
namespace {

using testutil::errorOf;
using testutil::here;
using testutil::pattern;

class RunScoped : public testing::TestWithParam<bool> {
protected:
  pltpu::Interpret mode() const { return GetParam(); }
};

/// A DMA through a scoped VMEM buffer and semaphore, then a second scope
/// (its own buffer) nested in a loop.
TEST_P(RunScoped, BuffersAndSemaphoresOfAKernel) {
  std::vector<float> x = pattern(16 * 128, 3), want(x.size());
  for (size_t i = 0; i < x.size(); ++i)
    want[i] = x[i] * 2 + 3;  // + 1 three times
  auto k = pl::kernel(
      {.out_type = ShapeDtypeStruct{{16, 128}, DType::float32},
       .name = "scoped_dma",
       .interpret = mode()},
      [](Ref x_hbm, Ref o_hbm) {
        pl::run_scoped(
            [&](Ref buf, Ref sem) {
              EXPECT_EQ(buf.shape(), (Shape{16, 128}));
              pltpu::async_copy(x_hbm, buf, sem).wait();
              buf[___] = buf[___] * 2;
              lax::fori_loop(
                  0, 3,
                  [&](Scalar, Scalar c) {
                    pl::run_scoped(
                        [&](Ref tmp) {
                          tmp[___] = buf[___] + 1;
                          buf[___] = tmp[___];
                        },
                        {pltpu::VMEM({16, 128}, DType::float32)});
                    return c;
                  },
                  0);
              pltpu::async_copy(buf, o_hbm, sem).wait();
            },
            {pltpu::VMEM({16, 128}, DType::float32), pltpu::SemaphoreType::DMA});
      });
  EXPECT_EQ(k(Array::from_f32(x, {16, 128})).to_f32(), want);
}

/// A scope inside a pallas_call body returns a value computed from its
/// buffer; an SMEM scope holds a scalar.
TEST_P(RunScoped, ReturnsTheBodysValue) {
  std::vector<float> x = pattern(32 * 128, 5), want(x.size());
  for (size_t i = 0; i < x.size(); ++i)
    want[i] = (x[i] + 1) * 3 + (float)(i / (8 * 128));
  auto f = pl::pallas_call(
      [](Ref x_ref, Ref o_ref) {
        Value v = pl::run_scoped(
            [&](Ref t) {
              t[___] = x_ref[___] + 1;
              return t[___] * 3;
            },
            {pltpu::VMEM({8, 128}, DType::float32)});
        Scalar i = pl::run_scoped(
            [&](Ref s) {
              s[0] = pl::program_id(0);
              return Scalar(s[0]);
            },
            {pltpu::SMEM({1}, DType::int32)});
        o_ref[___] = v + jnp::full({8, 128}, i.astype(DType::float32), DType::float32);
      },
      {.out_shape = ShapeDtypeStruct{{32, 128}, DType::float32},
       .grid = {4},
       .in_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })},
       .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })},
       .interpret = mode()});
  EXPECT_EQ(f(Array::from_f32(x, {32, 128})).to_f32(), want);
}

TEST_P(RunScoped, ErrorsNameTheLine) {
  auto fails = [&](const std::function<void(Ref, Ref)> &body) {
    return errorOf([&] {
      pl::pallas_call(body, {.out_shape = ShapeDtypeStruct{{8, 128}, DType::float32},
                             .interpret = mode()})(jnp::zeros({8, 128}));
    });
  };
  std::string line = here(5);
  std::string e = fails([](Ref x, Ref o) {
    Ref kept;
    pl::run_scoped([&](Ref t) { kept = t; }, {pltpu::VMEM({8, 128}, DType::float32)});
    (void)x;
    o[___] = kept[___];
  });
  EXPECT_NE(e.find(line + ": Ref 'scoped0_0' is a buffer of the pl::run_scoped at "),
            std::string::npos)
      << e;
  EXPECT_NE(e.find(", used after that scope ended; its buffers live only while its body runs"),
            std::string::npos)
      << e;
  line = here(2);
  e = fails([](Ref, Ref) {
    pl::run_scoped([](Ref) {}, {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA});
  });
  EXPECT_NE(e.find(line + ": pl::run_scoped: the body takes 1 Refs, but it is given 2 scratch "
                          "types"),
            std::string::npos)
      << e;
  line = here(2);
  e = fails([](Ref, Ref) {
    pl::run_scoped([](Ref) {}, {pltpu::VMEM({3, 4, 128}, DType::bfloat16)});
  });
  EXPECT_NE(e.find(line + ": VMEM scratch 0 of pl::run_scoped is bf16[3,4,128]; a Ref of rank 3 "
                          "in VMEM is its matrices one after another"),
            std::string::npos)
      << e;
  // Two scopes of 10 MiB each: 20 MiB, over the core's 16.
  line = here(3);
  e = fails([](Ref, Ref) {
    pl::run_scoped([](Ref) {}, {pltpu::VMEM({20480, 128}, DType::float32)});
    pl::run_scoped([](Ref) {}, {pltpu::VMEM({20480, 128}, DType::float32)});
  });
  EXPECT_NE(e.find(line + ": pl::run_scoped: its buffers need 10485760 bytes of VMEM"),
            std::string::npos)
      << e;
  e = errorOf([] { pl::run_scoped([](Ref) {}, {pltpu::VMEM({8, 128}, DType::float32)}); });
  EXPECT_NE(e.find("pl::run_scoped is used outside a kernel body"), std::string::npos) << e;
}

/// pltpu::store with a mask: only the selected elements change, a later
/// load sees the merge (no pass forwards the earlier store across it),
/// padded tiles, matrices of rank 3, run-time row windows and int32.
TEST_P(RunScoped, MaskedStores) {
  std::vector<float> x = pattern(12 * 200, 7), want(x.size());
  for (size_t i = 0; i < x.size(); ++i)
    want[i] = (x[i] > 0 ? x[i] * 2 : x[i]) + 1;
  auto f = pl::pallas_call(
      [](Ref x_ref, Ref o_ref, Ref s) {
        Value v = x_ref[___];
        s[___] = v;
        pltpu::store(s, v * 2, v > 0);
        o_ref[___] = s[___] + 1;
      },
      {.out_shape = ShapeDtypeStruct{{12, 200}, DType::float32},
       .scratch_shapes = {pltpu::VMEM({12, 200}, DType::float32)},
       .interpret = mode()});
  EXPECT_EQ(f(Array::from_f32(x, {12, 200})).to_f32(), want);

  // Rank 3 [2, 32, 128] int32, and 8-row windows at run-time rows in a loop:
  // every other column of each 8 rows gets -v.
  std::vector<int32_t> xi(2 * 32 * 128), wanti(xi.size());
  for (size_t i = 0; i < xi.size(); ++i) {
    xi[i] = (int32_t)(i * 37 % 1001) - 500;
    int64_t col = (int64_t)i % 128, row = (int64_t)i / 128 % 32;
    wanti[i] = col % 2 == 0 ? -xi[i] : xi[i];
    if (row < 8 && col % 3 == 0)  // then the rank-3 store: rows 0-7 of each matrix
      wanti[i] = 7;
  }
  auto g = pl::pallas_call(
      [](Ref x_ref, Ref o_ref) {
        o_ref[___] = x_ref[___];
        Ref m0 = o_ref.at(0), m1 = o_ref.at(1);
        lax::fori_loop(
            0, 4,
            [&](Scalar i, Scalar c) {
              for (Ref m : {m0, m1}) {
                Ref w = m.at(pl::ds(pl::multiple_of(i * 8, 8), 8));
                Value v = w[___];
                Value even = lax::broadcasted_iota(DType::int32, {8, 128}, 1) % 2 == 0;
                pltpu::store(w, -v, even);
              }
              return c;
            },
            0);
        Value cols = lax::broadcasted_iota(DType::int32, {2, 8, 128}, 2);
        pltpu::store(o_ref.at(pl::ds(0, 2)).reshape({2 * 32, 128}).reshape({2, 32, 128}),
                     jnp::full({2, 32, 128}, 7, DType::int32),
                     jnp::concatenate({cols % 3 == 0, jnp::zeros({2, 24, 128}, DType::bool_)}, 1));
      },
      {.out_shape = ShapeDtypeStruct{{2, 32, 128}, DType::int32}, .interpret = mode()});
  EXPECT_EQ(g(Array::from_s32(xi, {2, 32, 128})).to_s32(), wanti);
}

/// pltpu::load with a mask: the selected elements, `other` elsewhere (0 by
/// default), for f32, int32 and bf16, padded tiles and a run-time window.
TEST_P(RunScoped, MaskedLoads) {
  std::vector<float> x = pattern(12 * 200, 5), want(x.size()), want2(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    want[i] = x[i] > 0 ? x[i] : 0;
    want2[i] = i % 200 < 100 ? x[i] : -1.5f;
  }
  auto f = pl::pallas_call(
      [](Ref x_ref, Ref o_ref) {
        o_ref[pl::ds(0, 12)] = pltpu::load(x_ref, x_ref[___] > 0);
        o_ref[pl::ds(16, 12)] =
            pltpu::load(x_ref, lax::broadcasted_iota(DType::int32, {12, 200}, 1) < 100, -1.5);
      },
      {.out_shape = ShapeDtypeStruct{{28, 200}, DType::float32}, .interpret = mode()});
  std::vector<float> got = f(Array::from_f32(x, {12, 200})).to_f32();
  EXPECT_EQ(std::vector<float>(got.begin(), got.begin() + 2400), want);
  EXPECT_EQ(std::vector<float>(got.begin() + 3200, got.end()), want2);

  // int32 and bf16 8-row windows at a run-time row: rows where the row
  // index is even.
  for (DType d : {DType::int32, DType::bfloat16}) {
    std::vector<float> xs(32 * 128), wants(32 * 128, 0.0f);
    for (size_t i = 0; i < xs.size(); ++i)
      xs[i] = (float)((int)(i * 7 % 201) - 100);
    for (size_t i = 16 * 128; i < 24 * 128; ++i)
      wants[i - 16 * 128] = (i / 128) % 2 == 0 ? xs[i] : 0.0f;
    auto g = pl::pallas_call(
        [d](Ref x_ref, Ref o_ref) {
          Scalar r = pl::multiple_of(pl::program_id(0) * 16 + 16, 16);
          Ref w = x_ref.at(pl::ds(r, 8));
          Value rows = lax::broadcasted_iota(DType::int32, {8, 128}, 0);
          o_ref[___] = jnp::zeros({32, 128}, d);
          o_ref[pl::ds(0, 8)] = pltpu::load(w, rows % 2 == 0);
        },
        {.out_shape = ShapeDtypeStruct{{32, 128}, d}, .grid = {1},
         .in_specs = {pl::BlockSpec({32, 128}, [](Scalar) { return std::tuple{0, 0}; })},
         .out_specs = {pl::BlockSpec({32, 128}, [](Scalar) { return std::tuple{0, 0}; })},
         .interpret = mode()});
    Array in = d == DType::int32
                   ? Array::from_s32(std::vector<int32_t>(xs.begin(), xs.end()), {32, 128})
                   : Array::from_f32(xs, {32, 128}, d);
    Array out = g(in);
    std::vector<float> gotd;
    if (d == DType::int32)
      for (int32_t v : out.to_s32())
        gotd.push_back((float)v);
    else
      gotd = out.to_f32();
    EXPECT_EQ(gotd, wants) << to_string(d);
  }
  std::string line = here(3);
  std::string e = errorOf([&] {
    pl::pallas_call(
        [](Ref x, Ref o) { o[___] = pltpu::load(x, x(pl::ds(0, 8), pl::all) > 0); },
        {.out_shape = ShapeDtypeStruct{{16, 128}, DType::float32},
         .interpret = mode()})(jnp::zeros({16, 128}, DType::float32));
  });
  EXPECT_NE(e.find(line + ": pltpu::load: the mask is pred[8,128]; it must be a bool value of "
                          "the Ref's shape [16, 128]"),
            std::string::npos)
      << e;
}

TEST_P(RunScoped, MaskedStoreErrors) {
  auto fails = [&](const std::function<void(Ref, Ref)> &body, DType dtype) {
    return errorOf([&] {
      pl::pallas_call(body, {.out_shape = ShapeDtypeStruct{{16, 128}, dtype},
                             .interpret = mode()})(jnp::zeros({16, 128}, dtype));
    });
  };
  // (One row of a bf16 Ref: merged through the mask, no error.)
  std::vector<float> v(16 * 128);
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = float(int(i % 7) - 3);
  std::vector<float> got =
      pl::pallas_call(
          [](Ref x, Ref o) {
            o[___] = jnp::zeros({16, 128}, DType::bfloat16);
            pltpu::store(o.at(pl::ds(3, 1)), x[pl::ds(3, 1)], x[pl::ds(3, 1)] > 0);
            pltpu::store(o.at(pl::all, pl::ds(5, 1)), x(pl::all, pl::ds(5, 1)),
                         x(pl::all, pl::ds(5, 1)) < 0);
          },
          {.out_shape = ShapeDtypeStruct{{16, 128}, DType::bfloat16}, .interpret = mode()})(
          Array::from_f32(v, {16, 128}, DType::bfloat16))
          .to_f32();
  for (int64_t r = 0; r < 16; ++r)
    for (int64_t c = 0; c < 128; ++c) {
      float x = v[r * 128 + c];
      float want = (r == 3 && x > 0) || (c == 5 && x < 0) ? x : 0.0f;
      ASSERT_EQ(got[r * 128 + c], want) << r << ", " << c;
    }
  std::string line = here(2);
  std::string e = fails([](Ref x, Ref o) {
    pltpu::store(o, x[___], x(pl::ds(0, 8), pl::all) > 0);
  }, DType::float32);
  EXPECT_NE(e.find(line + ": pltpu::store: the mask is pred[8,128]; it must be a bool value of "
                          "the Ref's shape [16, 128]"),
            std::string::npos)
      << e;
}

INSTANTIATE_TEST_SUITE_P(Modes, RunScoped, testing::Values(false, true),
                         [](const testing::TestParamInfo<bool> &i) {
                           return i.param ? "Interpreted" : "Compiled";
                         });

}  // namespace
}  // namespace tessera
