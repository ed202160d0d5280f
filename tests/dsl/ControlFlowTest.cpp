//===- ControlFlowTest.cpp - Loops, branches and run-time windows ---------===//
//
// Kernels with lax::fori_loop, pl::loop, pl::when, lax::cond and
// lax::while_loop, run on the simulated chip and compared bit for bit with
// the same computation on the host; run-time windows of loads, stores, DMAs
// and semaphores; SMEM scratch; scalar arithmetic; and the user errors of
// control flow, each checked to name the user's line.
//
// A Scalar has no direct way out of a kernel, so the scalar tests read it
// back through a Probe: the Scalar picks the start row of a DMA out of a
// table whose row r holds r - kProbeBias, and that block goes to an output.
//
//===----------------------------------------------------------------------===//
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "dsl/tessera.h"
#include "tests/dsl/DslTestUtil.h"

namespace tessera {
namespace {

using testing::AllOf;
using testing::HasSubstr;

using namespace testutil;

/// Rows [8t, 8t + 8) of a row-major [rows, cols] matrix.
std::vector<float> tile(const std::vector<float> &m, int64_t cols, int64_t t) {
  return std::vector<float>(m.begin() + t * 8 * cols, m.begin() + (t + 1) * 8 * cols);
}

//===----------------------------------------------------------------------===//
// Reading Scalars back
//===----------------------------------------------------------------------===//

constexpr int64_t kProbeBias = 1024;
constexpr int64_t kProbeRows = 2 * kProbeBias + 8;

/// The probe table: row r holds r - kProbeBias in every column.
Array probeTable() {
  std::vector<int32_t> t(kProbeRows * 128);
  for (int64_t r = 0; r < kProbeRows; ++r)
    for (int64_t c = 0; c < 128; ++c)
      t[r * 128 + c] = (int32_t)(r - kProbeBias);
  return Array::from_s32(t, {kProbeRows, 128});
}

/// Writes a Scalar s in [-kProbeBias, kProbeBias] into block `slot` of an
/// int32 [8k, 128] output: row j of the block holds s + j.
struct Probe {
  Ref table, out, buf, sem;  // HBM table, HBM output, VMEM [8,128] s32, DMA semaphore

  void operator()(const Scalar &s, int64_t slot) const {
    pltpu::async_copy(table.at(pl::ds(s + kProbeBias, 8)), buf, sem).wait();
    pltpu::async_copy(buf, out.at(pl::ds(slot * 8, 8)), sem).wait();
  }
  void operator()(const Scalar &s, const Scalar &slot) const {
    pltpu::async_copy(table.at(pl::ds(s + kProbeBias, 8)), buf, sem).wait();
    pltpu::async_copy(buf, out.at(pl::ds(slot * 8, 8)), sem).wait();
  }
};

/// The Scalar a Probe wrote into block `slot`; a failure if the block is not
/// s, s + 1, ..., s + 7 row by row.
int32_t probed(const std::vector<int32_t> &out, int64_t slot) {
  int32_t s = out[slot * 8 * 128];
  for (int64_t j = 0; j < 8; ++j)
    for (int64_t c = 0; c < 128; ++c)
      if (out[(slot * 8 + j) * 128 + c] != s + j) {
        ADD_FAILURE() << "probe block " << slot << " is not a probe: row " << j << " column "
                      << c << " holds " << out[(slot * 8 + j) * 128 + c];
        return INT32_MIN;
      }
  return s;
}

//===----------------------------------------------------------------------===//
// lax::fori_loop
//===----------------------------------------------------------------------===//

struct Bounds {
  int64_t lo, hi;
};

/// acc = x[tile 0] * 0.5, then acc += x[tile i] for i in [lo, hi).
std::vector<float> sumOfTiles(const std::vector<float> &x, int64_t cols, Bounds b) {
  std::vector<float> acc = tile(x, cols, 0);
  for (float &v : acc)
    v = v * 0.5f;
  for (int64_t i = b.lo; i < b.hi; ++i) {
    std::vector<float> t = tile(x, cols, i);
    for (size_t k = 0; k < acc.size(); ++k)
      acc[k] = acc[k] + t[k];
  }
  return acc;
}

// Trip counts 0 (lo == hi and lo > hi), 1 and many; 16 tiles in the buffer.
const Bounds kBounds[] = {{0, 0}, {5, 2}, {2, 3}, {0, 16}, {3, 14}};

class ForiLoopSum : public testing::TestWithParam<int64_t> {};

TEST_P(ForiLoopSum, ConstantBounds) {
  int64_t cols = GetParam();
  std::vector<float> data = pattern(128 * cols);
  Array x = Array::from_f32(data, {128, cols});
  for (Bounds b : kBounds) {
    auto k = pl::kernel(
        {.out_type = f32(8, cols),
         .scratch_types = {pltpu::VMEM({128, cols}, DType::float32),
                           pltpu::VMEM({8, cols}, DType::float32), pltpu::SemaphoreType::DMA},
         .name = "fori_sum"},
        [b](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref o_vmem, Ref sem) {
          pltpu::async_copy(x_hbm, x_vmem, sem).wait();
          Value init = x_vmem[pl::ds(0, 8)] * 0.5;
          Value acc = lax::fori_loop(
              b.lo, b.hi,
              [&](Scalar i, Value acc) {
                return acc + x_vmem[pl::ds(pl::multiple_of(i * 8, 8), 8)];
              },
              init);
          o_vmem[___] = acc;
          pltpu::async_copy(o_vmem, o_hbm, sem).wait();
        });
    EXPECT_EQ(k(x).to_f32(), sumOfTiles(data, cols, b))
        << "lo " << b.lo << " hi " << b.hi << " width " << cols;
  }
}

TEST_P(ForiLoopSum, BoundsFromScalarPrefetch) {
  int64_t cols = GetParam();
  std::vector<float> data = pattern(128 * cols, 3);
  Array x = Array::from_f32(data, {128, cols});
  // One kernel, compiled once: the trip count is known only at run time.
  auto k = pl::kernel(
      {.out_type = f32(8, cols),
       .scratch_types = {pltpu::VMEM({128, cols}, DType::float32),
                         pltpu::VMEM({8, cols}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "fori_sum_dynamic",
       .num_scalar_prefetch = 1},
      [](Ref bounds, Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref o_vmem, Ref sem) {
        pltpu::async_copy(x_hbm, x_vmem, sem).wait();
        Scalar lo = bounds[0], hi = bounds[1];
        Value acc = lax::fori_loop(
            lo, hi,
            [&](Scalar i, Value acc) {
              return acc + x_vmem[pl::ds(pl::multiple_of(i * 8, 8), 8)];
            },
            Value(x_vmem[pl::ds(0, 8)] * 0.5));
        o_vmem[___] = acc;
        pltpu::async_copy(o_vmem, o_hbm, sem).wait();
      });
  for (Bounds b : kBounds) {
    Array bounds = Array::from_s32({(int32_t)b.lo, (int32_t)b.hi}, {2});
    EXPECT_EQ(k(bounds, x).to_f32(), sumOfTiles(data, cols, b))
        << "lo " << b.lo << " hi " << b.hi << " width " << cols;
  }
}

INSTANTIATE_TEST_SUITE_P(ControlFlow, ForiLoopSum, testing::Values(128, 512),
                         [](const testing::TestParamInfo<int64_t> &i) {
                           return "Width" + std::to_string(i.param);
                         });

/// A kernel with SMEM parameters, the probe table, a probe output of `slots`
/// blocks and an SMEM scratch of 4 words; `body(params, probe, scratch)`.
template <class F>
std::vector<int32_t> runProbed(const std::vector<int32_t> &params, int64_t slots, F body) {
  auto k = pl::kernel(
      {.out_type = s32(8 * slots, 128),
       .scratch_types = {pltpu::VMEM({8, 128}, DType::int32), pltpu::SemaphoreType::DMA,
                         pltpu::SMEM({4}, DType::int32)},
       .name = "probed",
       .num_scalar_prefetch = 1},
      [&](Ref p, Ref table, Ref out, Ref buf, Ref sem, Ref s) {
        body(p, Probe{table, out, buf, sem}, s);
      });
  return k(Array::from_s32(params, {(int64_t)params.size()}), probeTable()).to_s32();
}

TEST(ControlFlow, ForiLoopCarriesScalars) {
  // s = (s * 3 + i) % 1000 for i in [2, n): the order of the trips shows.
  for (int32_t n : {0, 2, 3, 17}) {
    std::vector<int32_t> out = runProbed({n, 7}, 2, [](Ref p, const Probe &probe, Ref) {
      Scalar n = p[0], s0 = p[1];
      Scalar s = lax::fori_loop(2, n, [](Scalar i, Scalar s) { return (s * 3 + i) % 1000; }, s0);
      Scalar c = lax::fori_loop(-3, 5, [](Scalar i, Scalar s) { return s - i; }, s0);
      probe(s, 0);
      probe(c, 1);
    });
    int32_t s = 7;
    for (int32_t i = 2; i < n; ++i)
      s = (s * 3 + i) % 1000;
    EXPECT_EQ(probed(out, 0), s) << "n = " << n;
    EXPECT_EQ(probed(out, 1), 7 - (-3 - 2 - 1 + 0 + 1 + 2 + 3 + 4));
  }
}

TEST(ControlFlow, ForiLoopStartsFromAnIntegerLiteral) {
  // init = 0 as in JAX: an integer becomes an int32 Scalar.
  std::vector<int32_t> out = runProbed({5, 0}, 1, [](Ref p, const Probe &probe, Ref) {
    Scalar n = p[0];
    Scalar sum = lax::fori_loop(0, n, [](Scalar i, Scalar s) { return s + i * i; }, 0);
    probe(sum, 0);
  });
  EXPECT_EQ(probed(out, 0), 0 + 1 + 4 + 9 + 16);
}

TEST(ControlFlow, ForiLoopCarriesATupleOfValueAndScalars) {
  std::vector<float> data = pattern(128 * 256, 5);
  Array x = Array::from_f32(data, {128, 256});
  auto k = pl::kernel(
      {.out_type = {f32(8, 256), s32(16, 128)},
       .scratch_types = {pltpu::VMEM({128, 256}, DType::float32),
                         pltpu::VMEM({8, 256}, DType::float32),
                         pltpu::VMEM({8, 128}, DType::int32), pltpu::SemaphoreType::DMA},
       .name = "fori_tuple",
       .num_scalar_prefetch = 1},
      [](Ref p, Ref x_hbm, Ref table, Ref o_hbm, Ref probe_out, Ref x_vmem, Ref o_vmem, Ref buf,
         Ref sem) {
        pltpu::async_copy(x_hbm, x_vmem, sem).wait();
        using Carry = std::tuple<Value, Scalar, Scalar>;
        Scalar n = p[0], zero = p[1];
        Carry init{x_vmem[pl::ds(0, 8)], zero, n};
        auto [acc, count, down] = lax::fori_loop(
            1, n,
            [&](Scalar i, Carry c) {
              auto [a, cnt, dn] = c;
              Value t = x_vmem[pl::ds(pl::multiple_of(i * 8, 8), 8)];
              return Carry{a * 0.5 + t, cnt + i, dn - 2};
            },
            init);
        o_vmem[___] = acc;
        pltpu::async_copy(o_vmem, o_hbm, sem).wait();
        Probe probe{table, probe_out, buf, sem};
        probe(count, 0);
        probe(down, 1);
      });
  for (int32_t n : {1, 2, 16}) {
    auto outs = k.call({Array::from_s32({n, 0}, {2}), x, probeTable()});
    std::vector<float> acc = tile(data, 256, 0);
    int32_t count = 0, down = n;
    for (int32_t i = 1; i < n; ++i) {
      std::vector<float> t = tile(data, 256, i);
      for (size_t e = 0; e < acc.size(); ++e)
        acc[e] = acc[e] * 0.5f + t[e];
      count += i;
      down -= 2;
    }
    EXPECT_EQ(outs[0].to_f32(), acc) << "n = " << n;
    std::vector<int32_t> probes = outs[1].to_s32();
    EXPECT_EQ(probed(probes, 0), count) << "n = " << n;
    EXPECT_EQ(probed(probes, 1), down) << "n = " << n;
  }
}

TEST(ControlFlow, NestedLoopsWithAnInnerBoundFromTheOuterIndex) {
  std::vector<float> data = pattern(128 * 512, 11);
  Array x = Array::from_f32(data, {128, 512});
  auto k = pl::kernel(
      {.out_type = f32(8, 512),
       .scratch_types = {pltpu::VMEM({128, 512}, DType::float32),
                         pltpu::VMEM({8, 512}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "nested"},
      [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref o_vmem, Ref sem) {
        pltpu::async_copy(x_hbm, x_vmem, sem).wait();
        Value acc = lax::fori_loop(
            0, 4,
            [&](Scalar i, Value acc) {
              Value inner = lax::fori_loop(
                  0, i + 1,
                  [&](Scalar j, Value a) {
                    return a * 0.5 + x_vmem[pl::ds(pl::multiple_of((i * 4 + j) * 8, 8), 8)];
                  },
                  acc);
              return inner - 1.0;
            },
            Value(x_vmem[pl::ds(0, 8)]));
        o_vmem[___] = acc;
        pltpu::async_copy(o_vmem, o_hbm, sem).wait();
      });
  std::vector<float> want = tile(data, 512, 0);
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j <= i; ++j) {
      std::vector<float> t = tile(data, 512, i * 4 + j);
      for (size_t e = 0; e < want.size(); ++e)
        want[e] = want[e] * 0.5f + t[e];
    }
    for (float &v : want)
      v = v - 1.0f;
  }
  EXPECT_EQ(k(x).to_f32(), want);
}

/// acc = tile 0; acc = acc * 0.5 + tile(i) for i in [lo, hi): order-sensitive.
std::vector<float> halvingSum(const std::vector<float> &x, Bounds b) {
  std::vector<float> acc = tile(x, 128, 0);
  for (int64_t i = b.lo; i < b.hi; ++i) {
    std::vector<float> t = tile(x, 128, i);
    for (size_t e = 0; e < acc.size(); ++e)
      acc[e] = acc[e] * 0.5f + t[e];
  }
  return acc;
}

TEST(ControlFlow, UnrollByThreeWithARemainderConstantBounds) {
  std::vector<float> data = pattern(128 * 128, 13);
  Array x = Array::from_f32(data, {128, 128});
  // 10 and 11 trips (remainders 1 and 2), 2 trips (no whole group), 0 trips.
  for (Bounds b : {Bounds{0, 10}, Bounds{2, 13}, Bounds{5, 7}, Bounds{4, 4}}) {
    auto k = pl::kernel(
        {.out_type = f32(8, 128),
         .scratch_types = {pltpu::VMEM({128, 128}, DType::float32),
                           pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA},
         .name = "unroll3"},
        [b](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref o_vmem, Ref sem) {
          pltpu::async_copy(x_hbm, x_vmem, sem).wait();
          Value acc = lax::fori_loop(
              b.lo, b.hi,
              [&](Scalar i, Value acc) { return acc * 0.5 + x_vmem[pl::ds(i * 8, 8)]; },
              Value(x_vmem[pl::ds(0, 8)]), {.unroll = 3});
          o_vmem[___] = acc;
          pltpu::async_copy(o_vmem, o_hbm, sem).wait();
        });
    EXPECT_EQ(k(x).to_f32(), halvingSum(data, b)) << "lo " << b.lo << " hi " << b.hi;
  }
}

TEST(ControlFlow, UnrollByThreeWithARemainderRunTimeBounds) {
  std::vector<float> data = pattern(128 * 128, 17);
  Array x = Array::from_f32(data, {128, 128});
  auto k = pl::kernel(
      {.out_type = {f32(8, 128), s32(8, 128)},
       .scratch_types = {pltpu::VMEM({128, 128}, DType::float32),
                         pltpu::VMEM({8, 128}, DType::float32),
                         pltpu::VMEM({8, 128}, DType::int32), pltpu::SemaphoreType::DMA},
       .name = "unroll3_dynamic",
       .num_scalar_prefetch = 1},
      [](Ref p, Ref x_hbm, Ref table, Ref o_hbm, Ref probe_out, Ref x_vmem, Ref o_vmem, Ref buf,
         Ref sem) {
        pltpu::async_copy(x_hbm, x_vmem, sem).wait();
        using Carry = std::tuple<Value, Scalar>;
        Scalar lo = p[0], hi = p[1], s0 = p[2];
        auto [acc, s] = lax::fori_loop(
            lo, hi,
            [&](Scalar i, Carry c) {
              auto [a, t] = c;
              return Carry{a * 0.5 + x_vmem[pl::ds(i * 8, 8)], (t * 3 + i) % 1000};
            },
            Carry{x_vmem[pl::ds(0, 8)], s0}, {.unroll = 3});
        o_vmem[___] = acc;
        pltpu::async_copy(o_vmem, o_hbm, sem).wait();
        Probe{table, probe_out, buf, sem}(s, 0);
      });
  for (Bounds b : {Bounds{0, 10}, Bounds{2, 13}, Bounds{1, 16}, Bounds{5, 7}, Bounds{6, 6},
                   Bounds{9, 3}, Bounds{0, 9}}) {
    auto outs = k.call({Array::from_s32({(int32_t)b.lo, (int32_t)b.hi, 5}, {3}), x, probeTable()});
    EXPECT_EQ(outs[0].to_f32(), halvingSum(data, b)) << "lo " << b.lo << " hi " << b.hi;
    int32_t s = 5;
    for (int64_t i = b.lo; i < b.hi; ++i)
      s = (s * 3 + (int32_t)i) % 1000;
    EXPECT_EQ(probed(outs[1].to_s32(), 0), s) << "lo " << b.lo << " hi " << b.hi;
  }
}

TEST(ControlFlow, PlLoopDecoratorWithAStep) {
  // Rows 8i..8i+7 for i = 1, 4, 7, 10, 13 (constant bounds) and for
  // i = lo, lo + 2, ... < hi (run-time bounds); other rows stay -1.
  std::vector<float> data = pattern(128 * 256, 19);
  Array x = Array::from_f32(data, {128, 256});
  auto k = pl::kernel(
      {.out_type = {f32(128, 256), f32(128, 256)},
       .scratch_types = {pltpu::VMEM({128, 256}, DType::float32),
                         pltpu::VMEM({128, 256}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "pl_loop",
       .num_scalar_prefetch = 1},
      [](Ref p, Ref x_hbm, Ref o1, Ref o2, Ref x_vmem, Ref o_vmem, Ref sem) {
        pltpu::async_copy(x_hbm, x_vmem, sem).wait();
        o_vmem[___] = -1.0;
        pl::loop(1, 14, 3)([&](Scalar i) {
          auto rows = pl::ds(pl::multiple_of(i * 8, 8), 8);
          o_vmem[rows] = x_vmem[rows] * 2.0;
        });
        pltpu::async_copy(o_vmem, o1, sem).wait();
        o_vmem[___] = -1.0;
        Scalar lo = p[0], hi = p[1];
        pl::loop(lo, hi, 2)([&](Scalar i) {
          auto rows = pl::ds(pl::multiple_of(i * 8, 8), 8);
          o_vmem[rows] = x_vmem[rows] + 3.0;
        });
        pltpu::async_copy(o_vmem, o2, sem).wait();
      });
  for (Bounds b : {Bounds{0, 16}, Bounds{3, 8}, Bounds{7, 7}, Bounds{15, 16}}) {
    auto outs = k.call({Array::from_s32({(int32_t)b.lo, (int32_t)b.hi}, {2}), x});
    std::vector<float> want1(128 * 256, -1.0f), want2(128 * 256, -1.0f);
    for (int64_t i = 1; i < 14; i += 3)
      for (int64_t e = i * 8 * 256; e < (i + 1) * 8 * 256; ++e)
        want1[e] = data[e] * 2.0f;
    for (int64_t i = b.lo; i < b.hi; i += 2)
      for (int64_t e = i * 8 * 256; e < (i + 1) * 8 * 256; ++e)
        want2[e] = data[e] + 3.0f;
    EXPECT_EQ(outs[0].to_f32(), want1);
    EXPECT_EQ(outs[1].to_f32(), want2) << "lo " << b.lo << " hi " << b.hi;
  }
}

TEST(ControlFlow, PlLoopUnrolledWithAStep) {
  // s = s * 3 + i (mod 1000) over i = lo, lo + 2, ... < hi, unrolled by 3:
  // whole groups of 3 trips and a remainder, constant and run-time bounds.
  for (Bounds b : {Bounds{0, 10}, Bounds{1, 12}, Bounds{3, 8}, Bounds{4, 5}, Bounds{9, 2}}) {
    std::vector<int32_t> out = runProbed(
        {(int32_t)b.lo, (int32_t)b.hi}, 2, [b](Ref p, const Probe &probe, Ref acc) {
          Scalar lo = p[0], hi = p[1];
          for (int dynamic = 0; dynamic < 2; ++dynamic) {
            acc[0] = 5;
            auto body = [&](Scalar i) { acc[0] = (acc[0] * 3 + i) % 1000; };
            if (dynamic)
              pl::loop(lo, hi, 2, {.unroll = 3})(body);
            else
              pl::loop(b.lo, b.hi, 2, {.unroll = 3})(body);
            probe(acc[0], dynamic);
          }
        });
    int32_t s = 5;
    for (int64_t i = b.lo; i < b.hi; i += 2)
      s = (s * 3 + (int32_t)i) % 1000;
    EXPECT_EQ(probed(out, 0), s) << "constant bounds " << b.lo << ".." << b.hi;
    EXPECT_EQ(probed(out, 1), s) << "run-time bounds " << b.lo << ".." << b.hi;
  }
}

//===----------------------------------------------------------------------===//
// Branches and while loops
//===----------------------------------------------------------------------===//

TEST(ControlFlow, PlWhenTakenAndNotTaken) {
  std::vector<float> data = pattern(16 * 128, 23);
  Array x = Array::from_f32(data, {16, 128});
  auto k = pl::kernel(
      {.out_type = f32(16, 128),
       .scratch_types = {pltpu::VMEM({16, 128}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "when",
       .num_scalar_prefetch = 1},
      [](Ref p, Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
        pltpu::async_copy(x_hbm, v, sem).wait();
        Scalar f = p[0];
        pl::when(f != 0, [&] { v[pl::ds(0, 8)] = v[pl::ds(0, 8)] * 2.0; });
        pl::when(f == 0, [&] { v[pl::ds(8, 8)] = v[pl::ds(8, 8)] - 5.0; });
        pl::when(f > 3 && f < 10, [&] { v[___] = v[___] + 0.5; });
        pltpu::async_copy(v, o_hbm, sem).wait();
      });
  for (int32_t f : {0, 1, 5}) {
    std::vector<float> want = data;
    for (int64_t e = 0; e < 16 * 128; ++e) {
      if (f != 0 && e < 8 * 128)
        want[e] = want[e] * 2.0f;
      if (f == 0 && e >= 8 * 128)
        want[e] = want[e] - 5.0f;
      if (f > 3 && f < 10)
        want[e] = want[e] + 0.5f;
    }
    EXPECT_EQ(k(Array::from_s32({f}, {1}), x).to_f32(), want) << "f = " << f;
  }
}

TEST(ControlFlow, CondReturningAValueAndAScalar) {
  std::vector<float> data = pattern(8 * 512, 29);
  Array x = Array::from_f32(data, {8, 512});
  auto k = pl::kernel(
      {.out_type = {f32(8, 512), s32(8, 128)},
       .scratch_types = {pltpu::VMEM({8, 512}, DType::float32),
                         pltpu::VMEM({8, 128}, DType::int32), pltpu::SemaphoreType::DMA},
       .name = "cond",
       .num_scalar_prefetch = 1},
      [](Ref p, Ref x_hbm, Ref table, Ref o_hbm, Ref probe_out, Ref v, Ref buf, Ref sem) {
        pltpu::async_copy(x_hbm, v, sem).wait();
        Scalar n = p[0];
        Value x = v[___];
        Value y = lax::cond(n > 4, [&] { return x * 2.0; }, [&] { return x - 1.0; });
        v[___] = y;
        pltpu::async_copy(v, o_hbm, sem).wait();
        Scalar r = lax::cond(n > 4, [&] { return n - 4; }, [&] { return n * 10; });
        Probe{table, probe_out, buf, sem}(r, 0);
      });
  for (int32_t n : {-3, 4, 5, 9}) {
    auto outs = k.call({Array::from_s32({n}, {1}), x, probeTable()});
    std::vector<float> want = data;
    for (float &e : want)
      e = n > 4 ? e * 2.0f : e - 1.0f;
    EXPECT_EQ(outs[0].to_f32(), want) << "n = " << n;
    EXPECT_EQ(probed(outs[1].to_s32(), 0), n > 4 ? n - 4 : n * 10) << "n = " << n;
  }
}

TEST(ControlFlow, SwitchRunsTheClampedBranch) {
  std::vector<float> data = pattern(8 * 256, 7);
  Array x = Array::from_f32(data, {8, 256});
  for (bool interpret : {false, true}) {
    auto k = pl::kernel(
        {.out_type = f32(8, 256),
         .scratch_types = {pltpu::VMEM({8, 256}, DType::float32), pltpu::SemaphoreType::DMA},
         .name = "switch",
         .num_scalar_prefetch = 1,
         .interpret = interpret},
        [](Ref p, Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
          pltpu::async_copy(x_hbm, v, sem).wait();
          Value x = v[___];
          v[___] = lax::switch_<Value>(p[0], {[&] { return x + 1.0; }, [&] { return x * 2.0; },
                                              [&] { return -x; }});
          // No result: the side effect of the chosen branch only.
          lax::switch_(p[0], {[&] { v(pl::ds(0, 8), pl::ds(0, 128)) = 0.0; }, [&] {}});
          pltpu::async_copy(v, o_hbm, sem).wait();
        });
    for (int32_t n : {-2, 0, 1, 2, 7}) {
      std::vector<float> want = data;
      for (int64_t i = 0; i < (int64_t)want.size(); ++i) {
        float &e = want[i];
        e = n <= 0 ? e + 1.0f : n == 1 ? e * 2.0f : -e;
        if (n <= 0 && i % 256 < 128)
          e = 0.0f;
      }
      EXPECT_EQ(k(Array::from_s32({n}, {1}), x).to_f32(), want)
          << "index " << n << (interpret ? " (interpret)" : "");
    }
  }
}

TEST(ControlFlow, WhileLoopWithADataDependentTripCount) {
  // Collatz: the number of steps from n to 1 (27 takes 111 and climbs to
  // 9232 on the way).
  for (int32_t n : {1, 6, 27}) {
    std::vector<int32_t> out = runProbed({n, 0}, 1, [](Ref p, const Probe &probe, Ref) {
      using Carry = std::tuple<Scalar, Scalar>;
      Scalar n = p[0], zero = p[1];
      Carry last = lax::while_loop(
          [](const Carry &c) { return std::get<0>(c) != 1; },
          [](const Carry &c) {
            auto [x, steps] = c;
            Scalar next = jnp::where(x % 2 == 0, x / 2, x * 3 + 1);
            return Carry{next, steps + 1};
          },
          Carry{n, zero});
      probe(std::get<1>(last), 0);
    });
    int32_t x = n, steps = 0;
    while (x != 1) {
      x = x % 2 == 0 ? x / 2 : x * 3 + 1;
      ++steps;
    }
    EXPECT_EQ(probed(out, 0), steps) << "n = " << n;
  }
}

TEST(ControlFlow, WhileLoopCarryingAValue) {
  std::vector<float> data = pattern(8 * 128, 31);
  Array x = Array::from_f32(data, {8, 128});
  auto k = pl::kernel(
      {.out_type = f32(8, 128),
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "while_value",
       .num_scalar_prefetch = 1},
      [](Ref p, Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
        pltpu::async_copy(x_hbm, v, sem).wait();
        using Carry = std::tuple<Value, Scalar>;
        Scalar n = p[0];
        auto [y, left] = lax::while_loop(
            [](const Carry &c) { return std::get<1>(c) > 0; },
            [](const Carry &c) { return Carry{std::get<0>(c) * 0.5 + 1.0, std::get<1>(c) - 1}; },
            Carry{v[___], n});
        v[___] = y;
        pltpu::async_copy(v, o_hbm, sem).wait();
      });
  for (int32_t n : {0, 1, 7}) {
    std::vector<float> want = data;
    for (int32_t i = 0; i < n; ++i)
      for (float &e : want)
        e = e * 0.5f + 1.0f;
    EXPECT_EQ(k(Array::from_s32({n}, {1}), x).to_f32(), want) << "n = " << n;
  }
}

//===----------------------------------------------------------------------===//
// Run-time windows: loads, stores, DMAs, semaphores
//===----------------------------------------------------------------------===//

class BlockLoop : public testing::TestWithParam<int64_t> {};

TEST_P(BlockLoop, DmaInComputeDmaOutPerBlock) {
  int64_t cols = GetParam();
  std::vector<float> data = pattern(64 * cols, 37);
  Array x = Array::from_f32(data, {64, cols});
  auto k = pl::kernel(
      {.out_type = f32(64, cols),
       .scratch_types = {pltpu::VMEM({8, cols}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "block_loop",
       .num_scalar_prefetch = 1},
      [](Ref p, Ref x_hbm, Ref o_hbm, Ref buf, Ref sem) {
        Scalar blocks = p[0];
        pl::loop(0, blocks)([&](Scalar i) {
          pltpu::async_copy(x_hbm.at(pl::ds(i * 8, 8)), buf, sem).wait();
          buf[___] = buf[___] * 2.0 + 1.0;
          pltpu::async_copy(buf, o_hbm.at(pl::ds(i * 8, 8)), sem).wait();
        });
      });
  std::vector<float> want = data;
  for (float &e : want)
    e = e * 2.0f + 1.0f;
  EXPECT_EQ(k(Array::from_s32({8}, {1}), x).to_f32(), want);
}

INSTANTIATE_TEST_SUITE_P(ControlFlow, BlockLoop, testing::Values(128, 512),
                         [](const testing::TestParamInfo<int64_t> &i) {
                           return "Width" + std::to_string(i.param);
                         });

TEST(ControlFlow, UnalignedRunTimeRowsOf128WideArrays) {
  // A 128-lane-wide Ref has contiguous rows: any run-time row start works,
  // for DMAs (x rows i*8 + off) and for vector loads (v rows i*8 + off).
  std::vector<float> data = pattern(80 * 128, 41);
  Array x = Array::from_f32(data, {80, 128});
  auto k = pl::kernel(
      {.out_type = {f32(64, 128), f32(64, 128)},
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32),
                         pltpu::VMEM({80, 128}, DType::float32),
                         pltpu::VMEM({64, 128}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "unaligned_rows",
       .num_scalar_prefetch = 1},
      [](Ref p, Ref x_hbm, Ref o1, Ref o2, Ref buf, Ref v, Ref w, Ref sem) {
        Scalar off = p[0];
        pl::loop(0, 8)([&](Scalar i) {
          pltpu::async_copy(x_hbm.at(pl::ds(i * 8 + off, 8)), buf, sem).wait();
          pltpu::async_copy(buf, o1.at(pl::ds(i * 8, 8)), sem).wait();
        });
        pltpu::async_copy(x_hbm, v, sem).wait();
        pl::loop(0, 8)([&](Scalar i) { w[pl::ds(i * 8, 8)] = v[pl::ds(i * 8 + off, 8)] + 1.0; });
        pltpu::async_copy(w, o2, sem).wait();
      });
  for (int32_t off : {0, 3, 13}) {
    auto outs = k.call({Array::from_s32({off}, {1}), x});
    std::vector<float> want1(data.begin() + off * 128, data.begin() + (off + 64) * 128);
    std::vector<float> want2 = want1;
    for (float &e : want2)
      e = e + 1.0f;
    EXPECT_EQ(outs[0].to_f32(), want1) << "off = " << off;
    EXPECT_EQ(outs[1].to_f32(), want2) << "off = " << off;
  }
}

TEST(ControlFlow, MultipleOfPromiseOnAnSmemRowStart) {
  // Nothing but pl::multiple_of tells the compiler that off % 8 == 0.
  std::vector<float> data = pattern(32 * 256, 43);
  Array x = Array::from_f32(data, {32, 256});
  auto k = pl::kernel(
      {.out_type = f32(8, 256),
       .scratch_types = {pltpu::VMEM({32, 256}, DType::float32),
                         pltpu::VMEM({8, 256}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "multiple_of",
       .num_scalar_prefetch = 1},
      [](Ref p, Ref x_hbm, Ref o_hbm, Ref v, Ref w, Ref sem) {
        pltpu::async_copy(x_hbm, v, sem).wait();
        Scalar off = p[0];
        w[___] = v[pl::ds(pl::multiple_of(off, 8), 8)] * 4.0;
        pltpu::async_copy(w, o_hbm, sem).wait();
      });
  for (int32_t off : {0, 16, 24}) {
    std::vector<float> want = tile(data, 256, off / 8);
    for (float &e : want)
      e = e * 4.0f;
    EXPECT_EQ(k(Array::from_s32({off}, {1}), x).to_f32(), want) << "off = " << off;
  }
}

TEST(ControlFlow, DmaWithRunTimeColumnOffsets) {
  // o[:, block c] = x[:, block 3 - c] + 1, one [8,128] DMA at a time.
  std::vector<float> data = pattern(16 * 512, 47);
  Array x = Array::from_f32(data, {16, 512});
  auto k = pl::kernel(
      {.out_type = f32(16, 512),
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "column_windows"},
      [](Ref x_hbm, Ref o_hbm, Ref buf, Ref sem) {
        pl::loop(0, 2)([&](Scalar i) {
          pl::loop(0, 4)([&](Scalar j) {
            pltpu::async_copy(x_hbm.at(pl::ds(i * 8, 8), pl::ds(j * 128, 128)), buf, sem).wait();
            buf[___] = buf[___] + 1.0;
            pltpu::async_copy(buf, o_hbm.at(pl::ds(i * 8, 8), pl::ds((3 - j) * 128, 128)), sem)
                .wait();
          });
        });
      });
  std::vector<float> want(16 * 512);
  for (int64_t r = 0; r < 16; ++r)
    for (int64_t c = 0; c < 512; ++c)
      want[r * 512 + c] = data[r * 512 + (3 - c / 128) * 128 + c % 128] + 1.0f;
  EXPECT_EQ(k(x).to_f32(), want);
}

TEST(ControlFlow, DoubleBufferingByHandWithARunTimeSemaphoreIndex) {
  constexpr int64_t N = 8;
  std::vector<float> data = pattern(N * 8 * 256, 53);
  Array x = Array::from_f32(data, {N * 8, 256});
  auto k = pl::kernel(
      {.out_type = f32(N * 8, 256),
       .scratch_types = {pltpu::VMEM({16, 256}, DType::float32),
                         pltpu::VMEM({N * 8, 256}, DType::float32),
                         pltpu::SemaphoreType::DMA(2)},
       .name = "double_buffer"},
      [](Ref x_hbm, Ref o_hbm, Ref buf, Ref o_vmem, Ref sems) {
        auto fetch = [&](const Scalar &block, const Scalar &slot) {
          return pltpu::make_async_copy(x_hbm.at(pl::ds(pl::multiple_of(block * 8, 8), 8)),
                                        buf.at(pl::ds(pl::multiple_of(slot * 8, 8), 8)),
                                        sems.at(slot));
        };
        pltpu::make_async_copy(x_hbm.at(pl::ds(0, 8)), buf.at(pl::ds(0, 8)), sems.at(0)).start();
        pl::loop(0, N)([&](Scalar i) {
          Scalar slot = i % 2;
          pl::when(i + 1 < N, [&] { fetch(i + 1, 1 - slot).start(); });
          fetch(i, slot).wait();
          o_vmem[pl::ds(pl::multiple_of(i * 8, 8), 8)] =
              buf[pl::ds(pl::multiple_of(slot * 8, 8), 8)] * 3.0 + 1.0;
        });
        pltpu::async_copy(o_vmem, o_hbm, sems.at(1)).wait();
      });
  Compiled c = compile([&](const Array &a) { return k(a); }, x);
  // The slot's semaphore is picked at run time: the register-indexed forms.
  EXPECT_THAT(c.listing(), HasSubstr("[sem:s"));
  std::vector<float> want = data;
  for (float &e : want)
    e = e * 3.0f + 1.0f;
  EXPECT_EQ(c(x).to_f32(), want);
}

//===----------------------------------------------------------------------===//
// SMEM scratch and scalar arithmetic
//===----------------------------------------------------------------------===//

TEST(ControlFlow, SmemScratchPersistsAcrossIterations) {
  // A histogram of 20 values in SMEM scratch (run-time indices), a running
  // sum and a running maximum (static indices).
  std::vector<int32_t> values = {3, 15, 0, 3, 7, 7, 7, 12, 1, 0, 9, 3, 15, 15, 2, 8, 8, 14, 3, 5};
  auto k = pl::kernel(
      {.out_type = s32(18 * 8, 128),
       .scratch_types = {pltpu::VMEM({8, 128}, DType::int32), pltpu::SemaphoreType::DMA,
                         pltpu::SMEM({16}, DType::int32), pltpu::SMEM({2}, DType::int32)},
       .name = "smem_scratch",
       .num_scalar_prefetch = 1},
      [](Ref data, Ref table, Ref out, Ref buf, Ref sem, Ref hist, Ref misc) {
        Probe probe{table, out, buf, sem};
        pl::loop(0, 16)([&](Scalar k) { hist[k] = 0; });
        misc[0] = 0;
        misc[1] = -100;
        pl::loop(0, 20)([&](Scalar i) {
          Scalar v = data[i];
          hist[v] = hist[v] + 1;
          misc[0] = misc[0] + i;
          misc[1] = jnp::maximum(misc[1], v * 10 - i);
        });
        pl::loop(0, 16)([&](Scalar k) { probe(hist[k], k); });
        probe(misc[0], 16);
        probe(misc[1], 17);
      });
  std::vector<int32_t> out =
      k(Array::from_s32(values, {(int64_t)values.size()}), probeTable()).to_s32();
  std::vector<int32_t> hist(16, 0);
  int32_t sum = 0, max = -100;
  for (int32_t i = 0; i < 20; ++i) {
    ++hist[values[i]];
    sum += i;
    max = std::max(max, values[i] * 10 - i);
  }
  for (int k = 0; k < 16; ++k)
    EXPECT_EQ(probed(out, k), hist[k]) << "bin " << k;
  EXPECT_EQ(probed(out, 16), sum);
  EXPECT_EQ(probed(out, 17), max);
}

TEST(ControlFlow, ScalarArithmeticHasCSemantics) {
  const std::vector<int32_t> p = {-7, 7, -8, 13, 0, 1, INT32_MIN};
  // Each expression twice: in the kernel (on SMEM values) and on the host.
  // INT32_MIN / -1 wraps to INT32_MIN and INT32_MIN % -1 is 0 (the ISA's
  // rule; undefined in C++, so written out on the host side).
  std::vector<int32_t> want;
  auto host = [&](int32_t a, int32_t b, int32_t c, int32_t d, int32_t z, int32_t o, int32_t) {
    return std::vector<int32_t>{
        a / 2, a % 2, a / -2, a % -2, b / -2, b % -2, a / 3, a % 3, c / 4, c % 4,
        d / a, d % a, a / b, c % b, a * b, a - b, -a, 100 - a,
        a & 15, a | 1, a ^ b, a << 2, a >> 1, b >> 1,
        a < b ? o : z, a <= c ? o : z, d > b ? o : z, d >= a ? o : z, a == c ? o : z,
        a != b ? o : z, (a < b && c < a) ? o : z, (a > b || z == 0) ? o : z, !(a < b) ? o : z,
        std::max(a, b), std::min(a, c), a < 0 ? d : c, o, o};
  };
  want = host(p[0], p[1], p[2], p[3], p[4], p[5], p[6]);
  std::vector<int32_t> out =
      runProbed(p, (int64_t)want.size(), [](Ref p, const Probe &probe, Ref) {
        Scalar a = p[0], b = p[1], c = p[2], d = p[3], z = p[4], o = p[5], m = p[6];
        auto yes = [&](const Scalar &pred) { return jnp::where(pred, o, z); };
        std::vector<Scalar> got = {
            a / 2, a % 2, a / -2, a % -2, b / -2, b % -2, a / 3, a % 3, c / 4, c % 4,
            d / a, d % a, a / b, c % b, a * b, a - b, -a, 100 - a,
            a & 15, a | 1, a ^ b, a << 2, a >> 1, b >> 1,
            yes(a < b), yes(a <= c), yes(d > b), yes(d >= a), yes(a == c),
            yes(a != b), yes(a < b && c < a), yes(a > b || z == 0), yes(!(a < b)),
            jnp::maximum(a, b), jnp::minimum(a, c), jnp::where(a < 0, d, c),
            yes(m / -1 == m), yes(m % -1 == z)};
        for (size_t i = 0; i < got.size(); ++i)
          probe(got[i], (int64_t)i);
      });
  for (size_t i = 0; i < want.size(); ++i)
    EXPECT_EQ(probed(out, i), want[i]) << "expression " << i;
}

TEST(ControlFlow, F32ScalarsFromSmem) {
  // f32 scalar prefetch and f32 SMEM scratch; arithmetic, compares,
  // conversions and mixing with int32 scalars and C++ numbers, on the
  // scalar unit. Result i lands in lane i of the output's first row.
  const std::vector<float> p = {1.5f, -2.25f, 3.0f, 0.1f, -0.0f, 1e30f, 7.9f, -7.9f};
  float a = p[0], b = p[1], c = p[2], d = p[3], z = p[4], h = p[5], e = p[6], f = p[7];
  std::vector<float> want = {
      a + b, a - b, a * b, a / b, c * d + 1.5f, -a, 2.0f * a - 1.0f, a * 3.0f,
      (float)(int32_t)e, (float)(int32_t)f, (float)(int32_t)h * 0.0f, (float)7 / 2.0f,
      a < b ? 1.0f : 0.0f, a >= c ? 1.0f : 0.0f, z == 0.0f ? 1.0f : 0.0f, d != d ? 1.0f : 0.0f,
      std::max(a, c), std::min(b, d), h * h, a + 1.0f, 9.75f};
  for (bool interpret : {false, true}) {
    auto k = pl::kernel(
        {.out_type = f32(8, 128),
         .scratch_types = {pltpu::SMEM({4}, DType::float32), pltpu::VMEM({8, 128}, DType::float32),
                           pltpu::SemaphoreType::DMA},
         .name = "f32_scalars",
         .num_scalar_prefetch = 1,
         .interpret = interpret},
        [](Ref p, Ref o_hbm, Ref tmp, Ref o, Ref sem) {
          Scalar a = p[0], b = p[1], c = p[2], d = p[3], z = p[4], h = p[5], e = p[6], f = p[7];
          Scalar seven = (a > 100.0).astype(DType::int32) + 7;  // an int32 7
          auto yes = [](const Scalar &pred) { return pred.astype(DType::float32); };
          tmp[0] = 9.75;
          tmp[1] = a;
          std::vector<Scalar> got = {
              a + b, a - b, a * b, a / b, c * d + 1.5, -a, 2.0 * a - 1, a * 3,
              e.astype(DType::int32).astype(DType::float32),
              f.astype(DType::int32).astype(DType::float32), h.astype(DType::int32) * 0.0,
              seven / 2.0, yes(a < b), yes(a >= c), yes(z == 0.0), yes(d != d),
              jnp::maximum(a, c), jnp::minimum(b, d), h * h, Scalar(tmp[1]) + 1, tmp[0]};
          Value lane = lax::broadcasted_iota(DType::int32, {8, 128}, 1);
          Value acc = jnp::zeros({8, 128});
          for (size_t i = 0; i < got.size(); ++i)
            acc = jnp::where(lane == (int64_t)i, got[i], acc);
          o[___] = acc;
          pltpu::async_copy(o, o_hbm, sem).wait();
        });
    std::vector<float> out = k(Array::from_f32(p, {8})).to_f32();
    for (size_t i = 0; i < want.size(); ++i)
      EXPECT_EQ(std::bit_cast<uint32_t>(out[i]), std::bit_cast<uint32_t>(want[i]))
          << "expression " << i << ": " << out[i] << " vs " << want[i]
          << (interpret ? " (interpret)" : "");
  }
}

TEST(ControlFlow, LoopBodyThatSpills) {
  // The carry is f32[320,128]: 40 tiles live across every iteration, more
  // than the 32 vector registers.
  std::vector<float> data = pattern(320 * 128, 59);
  Array x = Array::from_f32(data, {320, 128});
  auto k = pl::kernel(
      {.out_type = f32(320, 128),
       .scratch_types = {pltpu::VMEM({320, 128}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "spilling_loop"},
      [](Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
        pltpu::async_copy(x_hbm, v, sem).wait();
        Value x = v[___];
        Value acc = lax::fori_loop(0, 3, [&](Scalar, Value acc) { return acc * 0.5 + x; }, x);
        v[___] = acc;
        pltpu::async_copy(v, o_hbm, sem).wait();
      });
  Compiled c = compile([&](const Array &a) { return k(a); }, x);
  EXPECT_NE(c.ir("machine").find("spill"), std::string::npos) << "expected spill code";
  std::vector<float> want = data;
  for (int i = 0; i < 3; ++i)
    for (size_t e = 0; e < want.size(); ++e)
      want[e] = want[e] * 0.5f + data[e];
  EXPECT_EQ(c(x).to_f32(), want);
}

//===----------------------------------------------------------------------===//
// User errors
//===----------------------------------------------------------------------===//

TEST(ControlFlowErrors, UnalignedRunTimeRowsOfAWideVmemRef) {
  // The rule (32-bit windows may start at any row; packed ones of several
  // rows at whole packed tiles) is checked when the kernel is traced:
  // interpret mode refuses what the compiler refuses, with the same message.
  Array x = jnp::zeros({64, 256}, DType::bfloat16);
  for (bool interpret : {false, true}) {
    std::string line = here(8);
    std::string msg = errorOf([&] {
      pl::kernel({.out_type = ShapeDtypeStruct{{16, 256}, DType::bfloat16},
                  .scratch_types = {pltpu::VMEM({64, 256}, DType::bfloat16)},
                  .arg_names = {"x_hbm", "o_hbm", "x_vmem"},
                  .interpret = interpret},
                 [](Ref, Ref, Ref x_vmem) {
                   pl::loop(0, 4)([&](Scalar i) {
                     Value v = x_vmem[pl::ds(i * 4, 16)];
                   });
                 })(x);
    });
    EXPECT_THAT(msg, AllOf(HasSubstr(line + ": the rows of 'x_vmem"),
                           HasSubstr("not provably a multiple of 16"),
                           HasSubstr("pl::multiple_of")))
        << (interpret ? "interpreted" : "compiled");
  }
}

TEST(ControlFlowErrors, ValueMadeInALoopBodyUsedAfterTheLoop) {
  Array x = jnp::zeros({8, 128});
  std::string loopLine = here(7), useLine = here(11);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 128),
                .scratch_types = {pltpu::VMEM({8, 128}, DType::float32)}},
               [](Ref, Ref, Ref v) {
                 Value leaked;
                 Value init = v[___];
                 lax::fori_loop(0, 4, [&](Scalar, Value acc) {
                   leaked = acc * 2.0;
                   return acc;
                 }, init);
                 v[___] = leaked;
               })(x);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr(useLine + ": a value was made inside the body of the loop at " +
                                   loopLine),
                         HasSubstr("return it from the body")));
}

TEST(ControlFlowErrors, ScalarMadeInABranchUsedAfterIt) {
  Array x = jnp::zeros({8, 128});
  std::string whenLine = here(6), useLine = here(7);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 128), .num_scalar_prefetch = 1},
               [](Ref p, Ref, Ref) {
                 Scalar n = p[0];
                 Scalar leaked;
                 pl::when(n > 0, [&] { leaked = n + 1; });
                 (void)(leaked * 2);
               })(Array::from_s32({1}, {1}), x);
  });
  EXPECT_THAT(msg, HasSubstr(useLine + ": a scalar was made inside the body of the branch at " +
                             whenLine));
}

TEST(ControlFlowErrors, WhenOnAnInt32Scalar) {
  Array x = jnp::zeros({8, 128});
  std::string line = here(5);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 128), .num_scalar_prefetch = 1},
               [](Ref p, Ref, Ref) {
                 Scalar n = p[0];
                 pl::when(n, [] {});
               })(Array::from_s32({1}, {1}), x);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": a condition must be a predicate"),
                         HasSubstr("not an s32 scalar")));
}

TEST(ControlFlowErrors, LoopBodyReturnsAnotherCarryType) {
  Array x = jnp::zeros({16, 128});
  std::string line = here(6);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = f32(16, 128),
                .scratch_types = {pltpu::VMEM({16, 128}, DType::float32)}},
               [](Ref, Ref, Ref v) {
                 Value init = v[pl::ds(0, 8)];
                 lax::fori_loop(0, 4, [&](Scalar, Value) { return Value(v[___]); }, init);
               })(x);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": the loop body returns (f32[16,128])"),
                         HasSubstr("must return (f32[8,128])")));

  line = here(5);
  msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 128), .num_scalar_prefetch = 1},
               [](Ref p, Ref, Ref) {
                 Scalar n = p[0];
                 lax::fori_loop(0, 4, [](Scalar i, Scalar s) { return s > i; }, n);
               })(Array::from_s32({1}, {1}), x);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": the loop body returns (pred scalar)"),
                         HasSubstr("must return (s32 scalar)")));
}

TEST(ControlFlowErrors, DivisionByTheConstantZero) {
  Array x = jnp::zeros({8, 128});
  for (bool rem : {false, true}) {
    std::string line = here(5);
    std::string msg = errorOf([&] {
      pl::kernel({.out_type = f32(8, 128), .num_scalar_prefetch = 1},
                 [rem](Ref p, Ref, Ref) {
                   Scalar n = p[0];
                   (void)(rem ? n % 0 : n / 0);
                 })(Array::from_s32({1}, {1}), x);
    });
    EXPECT_THAT(msg, AllOf(HasSubstr(line + ": division by zero"),
                           HasSubstr(rem ? "divisor of %" : "divisor of /")));
  }
}

TEST(ControlFlowErrors, LoopsOutsideAKernel) {
  std::string line = here(2);
  std::string msg = errorOf([] {
    lax::fori_loop(0, 4, [](Scalar, Scalar s) { return s; }, Scalar{});
  });
  EXPECT_THAT(msg, HasSubstr(line + ": a loop is used outside a kernel body"));
  line = here(1);
  msg = errorOf([] { pl::loop(0, 4)([](Scalar) {}); });
  EXPECT_THAT(msg, HasSubstr(line + ": a loop is used outside a kernel body"));
}

}  // namespace
}  // namespace tessera
