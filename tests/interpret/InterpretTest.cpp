//===- InterpretTest.cpp - Interpret mode: coverage, races, checks, grid ---===//
//
// The interpreter knows every op of the dialect and every op the tracer
// emits; its race detector names both lines (the kernel and its
// variants, and a correct split start/wait that must pass); uninitialized
// reads and out-of-range indices are errors at the user's line; the
// parallel grid points run in a shuffled order that still gives the right
// answer.
//
//===----------------------------------------------------------------------===//
#include <set>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dsl/tessera.h"
#include "interpret/Interpreter.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/TesseraDialect.h"
#include "mlir/Transforms/TesseraPasses.h"

namespace tessera {
namespace {

using testing::HasSubstr;

std::string here(int line) { return "InterpretTest.cpp:" + std::to_string(line); }

ShapeDtypeStruct f32(int64_t r, int64_t c) { return {{r, c}, DType::float32}; }

std::vector<float> iotaF(int64_t n, float scale = 1.0f) {
  std::vector<float> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = (float)(i % 1000) * scale - 3.0f;
  return v;
}

/// The message of the error `f` throws ("" if none).
template <class F> std::string errorOf(F f) {
  try {
    f();
  } catch (const Error &e) {
    return e.what();
  }
  return "";
}

//===----------------------------------------------------------------------===//
// Coverage: every op of the dialect, and every op the tracer emits
//===----------------------------------------------------------------------===//

TEST(InterpretCoverage, EveryTesseraOpIsSupported) {
  mlir::MLIRContext &ctx = mlir::tessera::getProcessContext();
  ctx.getOrLoadDialect<mlir::math::MathDialect>();
  std::vector<std::string> supported = interpret::supportedOps();
  std::set<std::string> known(supported.begin(), supported.end());
  int tesseraOps = 0;
  for (mlir::RegisteredOperationName op : ctx.getRegisteredOperations()) {
    if (op.getDialectNamespace() != "tessera")
      continue;
    ++tesseraOps;
    EXPECT_TRUE(known.count(op.getStringRef().str()))
        << "interpret mode lacks '" << op.getStringRef().str()
        << "': add it to the dispatch table in interpret/Interpreter.cpp";
  }
  EXPECT_GE(tesseraOps, 20); // the dialect was loaded
}

TEST(InterpretCoverage, EveryOpTheTracerEmitsIsSupported) {
  // The arith, math, scf and func ops the tracer creates (dsl/*.cpp).
  const char *traced[] = {
      "arith.constant", "arith.addf",       "arith.subf",     "arith.mulf",    "arith.divf",
      "arith.negf",     "arith.maximumf",   "arith.minimumf", "arith.addi",    "arith.subi",
      "arith.muli",     "arith.divsi",      "arith.remsi",    "arith.andi",    "arith.ori",
      "arith.xori",     "arith.shli",       "arith.shrsi",    "arith.shrui",   "arith.maxsi",
      "arith.minsi",    "arith.cmpi",       "arith.cmpf",     "arith.select",  "arith.extf",
      "arith.truncf",   "arith.extsi",      "arith.extui",    "arith.trunci",  "arith.sitofp",
      "arith.fptosi",   "arith.index_cast", "arith.bitcast",  "math.exp",      "math.exp2",
      "math.log",       "math.log1p",       "math.tanh",      "math.sqrt",     "math.rsqrt",
      "math.sin",       "math.cos",         "math.erf",       "math.floor",    "math.ceil",
      "math.roundeven", "math.absf",        "math.absi",      "math.powf",     "math.tan",
      "math.ctpop",     "math.ctlz",        "arith.remf",     "scf.for",
      "scf.if",         "scf.while",        "scf.yield",      "scf.condition", "func.return"};
  std::vector<std::string> supported = interpret::supportedOps();
  std::set<std::string> known(supported.begin(), supported.end());
  for (const char *op : traced)
    EXPECT_TRUE(known.count(op)) << "interpret mode lacks '" << op << "'";
}

//===----------------------------------------------------------------------===//
// Races (detect_races)
//===----------------------------------------------------------------------===//

const pltpu::InterpretParams kRaces{.detect_races = true};

int raceStart, raceAccess;

/// The kernel: o is overwritten while the DMA out of it still runs.
pl::Kernel outboundRace(pltpu::Interpret interpret) {
  return pl::kernel(
      {.out_type = f32(8, 128),
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32),
                         pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA(2)},
       .name = "race",
       .arg_names = {"x_hbm", "out_hbm", "x_vmem", "o", "sems"},
       .interpret = interpret},
      [](Ref x_hbm, Ref out_hbm, Ref x_vmem, Ref o, Ref sems) {
        pltpu::async_copy(x_hbm, x_vmem, sems.at(1)).wait();
        o[___] = x_vmem[___];
        auto d = pltpu::make_async_copy(o, out_hbm.at(pl::ds(0, 8)), sems.at(0));
        raceStart = __LINE__ + 1;
        d.start();
        raceAccess = __LINE__ + 1; // overwrites o while the DMA reads it
        o[___] = x_vmem[___] * 5.0;
        d.wait();
      });
}

TEST(InterpretRaces, StoreToABufferAnOutboundDmaStillReads) {
  Array x = Array::from_f32(iotaF(1024), {8, 128});
  std::string msg = errorOf([&] { outboundRace(kRaces)(x); });
  EXPECT_EQ(msg, here(raceAccess) + ": vst to o rows [0, 8) while the DMA started at " +
                     here(raceStart) + " still reads them");
}

TEST(InterpretRaces, WithoutTheDetectorOnWaitCopiesTheOverwrittenData) {
  // on_wait moves the data at the wait, after the overwrite: the race shows.
  Array x = Array::from_f32(iotaF(1024), {8, 128});
  std::vector<float> got = outboundRace(true)(x).to_f32();
  EXPECT_EQ(got[5], iotaF(1024)[5] * 5.0f);
  // eager moves it at the start: the value before the overwrite.
  got = outboundRace(pltpu::InterpretParams{.dma_execution_mode =
                                                pltpu::InterpretParams::DmaExecutionMode::eager})(x)
            .to_f32();
  EXPECT_EQ(got[5], iotaF(1024)[5]);
}

TEST(InterpretRaces, LoadOfABufferAnInboundDmaStillWrites) {
  static int start, use;
  auto k = pl::kernel(
      {.out_type = f32(16, 128),
       .scratch_types = {pltpu::VMEM({16, 128}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "inbound",
       .arg_names = {"x_hbm", "o_hbm", "x_vmem", "sem"},
       .interpret = kRaces},
      [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
        x_vmem[pl::ds(8, 8)] = 1.0;
        auto d = pltpu::make_async_copy(x_hbm.at(pl::ds(0, 8)), x_vmem.at(pl::ds(0, 8)), sem);
        start = __LINE__ + 1;
        d.start();
        use = __LINE__ + 1;
        Value early = x_vmem[___] * 2.0;
        d.wait();
        x_vmem[___] = early;
        pltpu::async_copy(x_vmem, o_hbm, sem).wait();
      });
  Array x = Array::from_f32(iotaF(16 * 128), {16, 128});
  EXPECT_EQ(errorOf([&] { k(x); }), here(use) +
                                        ": vld of x_vmem rows [0, 8) while the DMA "
                                        "started at " +
                                        here(start) + " still writes them");
}

TEST(InterpretRaces, TwoDmasIntoOneBuffer) {
  static int first, second;
  auto k = pl::kernel(
      {.out_type = f32(8, 128),
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA(2)},
       .name = "two_dmas",
       .arg_names = {"x_hbm", "y_hbm", "o_hbm", "v", "sems"},
       .interpret = kRaces},
      [](Ref x_hbm, Ref y_hbm, Ref o_hbm, Ref v, Ref sems) {
        auto a = pltpu::make_async_copy(x_hbm, v, sems.at(0));
        auto b = pltpu::make_async_copy(y_hbm, v, sems.at(1));
        first = __LINE__ + 1;
        a.start();
        second = __LINE__ + 1;
        b.start();
        a.wait();
        b.wait();
        pltpu::async_copy(v, o_hbm, sems.at(0)).wait();
      });
  Array x = Array::from_f32(iotaF(1024), {8, 128}), y = Array::from_f32(iotaF(1024, 2), {8, 128});
  EXPECT_EQ(errorOf([&] { k(x, y); }), here(second) +
                                           ": DMA into v rows [0, 8) while the DMA "
                                           "started at " +
                                           here(first) + " still writes them");
}

TEST(InterpretRaces, SplitStartAndWaitWithIndependentWorkIsNotARace) {
  for (auto mode : {pltpu::InterpretParams::DmaExecutionMode::on_wait,
                    pltpu::InterpretParams::DmaExecutionMode::eager}) {
    auto k = pl::kernel(
        {.out_type = f32(16, 128),
         .scratch_types = {pltpu::VMEM({8, 128}, DType::float32),
                           pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA(2)},
         .name = "overlap",
         .arg_names = {"x_hbm", "o_hbm", "a", "b", "sems"},
         .interpret = pltpu::InterpretParams{.dma_execution_mode = mode, .detect_races = true}},
        [](Ref x_hbm, Ref o_hbm, Ref a, Ref b, Ref sems) {
          auto in = pltpu::make_async_copy(x_hbm.at(pl::ds(0, 8)), a, sems.at(0));
          in.start();
          b[___] = 7.0; // independent of the DMA in flight
          auto out = pltpu::make_async_copy(b, o_hbm.at(pl::ds(8, 8)), sems.at(1));
          out.start();
          in.wait();
          a[___] = a[___] + 1.0;
          pltpu::async_copy(a, o_hbm.at(pl::ds(0, 8)), sems.at(0)).wait();
          out.wait();
        });
    Array x = Array::from_f32(iotaF(16 * 128), {16, 128});
    std::vector<float> got = k(x).to_f32();
    EXPECT_EQ(got[3], iotaF(16 * 128)[3] + 1.0f);
    EXPECT_EQ(got[8 * 128 + 3], 7.0f);
  }
}

//===----------------------------------------------------------------------===//
// Uninitialized memory, out-of-range accesses, semaphores
//===----------------------------------------------------------------------===//

TEST(InterpretChecks, ReadOfNeverWrittenScratchIsAnError) {
  static int read;
  auto k = pl::kernel(
      {.out_type = f32(8, 128),
       .scratch_types = {pltpu::VMEM({16, 128}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "uninit",
       .arg_names = {"x_hbm", "o_hbm", "v", "sem"},
       .interpret = true},
      [](Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
        pltpu::async_copy(x_hbm, v.at(pl::ds(0, 8)), sem).wait();
        read = __LINE__ + 1; // rows 8..15: never written
        v[pl::ds(0, 8)] = v[pl::ds(8, 8)] + 1.0;
        pltpu::async_copy(v.at(pl::ds(0, 8)), o_hbm, sem).wait();
      });
  Array x = Array::from_f32(iotaF(1024), {8, 128});
  EXPECT_EQ(errorOf([&] { k(x); }),
            here(read) + ": vld of v rows [8, 16) reads VMEM scratch that was never written "
                         "(row 8, column 0 first)");
  // Off: the read sees the NaN that uninitialized scratch holds.
  auto off = pl::kernel(
      {.out_type = f32(8, 128),
       .scratch_types = {pltpu::VMEM({16, 128}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "uninit",
       .interpret = pltpu::InterpretParams{.check_uninitialized_reads = false}},
      [](Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
        v[pl::ds(0, 8)] = v[pl::ds(8, 8)] + 1.0;
        pltpu::async_copy(v.at(pl::ds(0, 8)), o_hbm, sem).wait();
      });
  EXPECT_TRUE(std::isnan(off(x).to_f32()[0]));
}

TEST(InterpretChecks, OutOfRangeDynamicIndexIsAnError) {
  static int at;
  auto k = pl::kernel(
      {.out_type = f32(8, 128),
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "oob",
       .compiler_params = {.disable_bounds_checks = true},
       .num_scalar_prefetch = 1,
       .arg_names = {"off", "x_hbm", "o_hbm", "v", "sem"},
       .interpret = true},
      [](Ref off, Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
        at = __LINE__ + 1;
        pltpu::async_copy(x_hbm.at(pl::ds(off[0], 8)), v, sem).wait();
        pltpu::async_copy(v, o_hbm, sem).wait();
      });
  Array x = Array::from_f32(iotaF(16 * 128), {16, 128});
  EXPECT_EQ(errorOf([&] { k(Array::from_s32({12}, {1}), x); }),
            here(at) + ": DMA source: rows [12, 20) of x_hbm are outside [0, 16)");
  // In range it runs.
  EXPECT_EQ(k(Array::from_s32({8}, {1}), x).to_f32()[0], iotaF(16 * 128)[8 * 128]);

  // An SMEM index out of range.
  static int smem;
  auto s = pl::kernel(
      {.out_type = f32(8, 128),
       .scratch_types = {pltpu::SMEM({4}, DType::int32), pltpu::VMEM({8, 128}, DType::float32),
                         pltpu::SemaphoreType::DMA},
       .name = "smem_oob",
       .num_scalar_prefetch = 1,
       .arg_names = {"i", "x_hbm", "o_hbm", "state", "v", "sem"},
       .interpret = true},
      [](Ref i, Ref x_hbm, Ref o_hbm, Ref state, Ref v, Ref sem) {
        smem = __LINE__ + 1;
        state[Scalar(i[0])] = 3;
        v[___] = 1.0;
        pltpu::async_copy(v, o_hbm, sem).wait();
      });
  EXPECT_EQ(errorOf([&] { s(Array::from_s32({4}, {1}), x); }),
            here(smem) + ": index 4 of state is outside [0, 4)");
}

TEST(InterpretChecks, OutOfBoundsReadsAndPaddedBufferBounds) {
  // Rows [s, s + 8) of a [16, 128] scratch at a run-time s = 12: half of
  // the window is outside. raise (the default): an error at the load, as
  // the compiled program's bounds check; uninitialized: rows 16 to 19 read
  // as NaN. A store there stays an error either way.
  static int load;
  auto k = [](pltpu::InterpretParams p, bool store) {
    return pl::kernel(
        {.out_type = f32(8, 128),
         .scratch_types = {pltpu::VMEM({16, 128}, DType::float32), pltpu::SemaphoreType::DMA},
         .name = "oob_read",
         .num_scalar_prefetch = 1,
         .arg_names = {"s", "x_hbm", "o_hbm", "v", "sem"},
         .interpret = p},
        [store](Ref s, Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
          pltpu::async_copy(x_hbm, v, sem).wait();
          Scalar row = s[0];
          load = __LINE__ + 1;
          Value w = v[pl::ds(row, 8)];
          if (store)
            v[pl::ds(row, 8)] = w;
          v(pl::ds(0, 8), pl::all) = w;
          pltpu::async_copy(v.at(pl::ds(0, 8)), o_hbm, sem).wait();
        });
  };
  std::vector<float> data = iotaF(16 * 128);
  Array x = Array::from_f32(data, {16, 128}), twelve = Array::from_s32({12}, {1});
  using P = pltpu::InterpretParams;
  EXPECT_EQ(errorOf([&] { k(P{}, false)(twelve, x); }),
            here(load) + ": vld: rows [12, 20) of v are outside [0, 16)");
  std::vector<float> got =
      k(P{.out_of_bounds_reads = P::OutOfBoundsReads::uninitialized}, false)(twelve, x).to_f32();
  for (int64_t r = 0; r < 8; ++r)
    for (int64_t c = 0; c < 128; c += 37) {
      float g = got[r * 128 + c];
      if (r < 4)
        EXPECT_EQ(g, data[(12 + r) * 128 + c]) << r << ", " << c;
      else
        EXPECT_TRUE(std::isnan(g)) << r << ", " << c << ": " << g;
    }
  EXPECT_THAT(errorOf([&] {
                k(P{.out_of_bounds_reads = P::OutOfBoundsReads::uninitialized}, true)(twelve, x);
              }),
              HasSubstr("vst: rows [12, 20) of v are outside [0, 16)"));

  // buffer_bounds = padded: an f32[3, 128] scratch is one (8, 128) tile in
  // memory; rows [2, 4) at a run-time start 2 are in bounds there, row 3
  // (padding) reads as uninitialized (here zeros) and takes no writes.
  static int padded;
  auto f = [](pltpu::Interpret p) {
    return pl::kernel(
        {.out_type = f32(1, 128),
         .scratch_types = {pltpu::VMEM({3, 128}, DType::float32),
                           pltpu::VMEM({1, 128}, DType::float32), pltpu::SemaphoreType::DMA},
         .name = "padded",
         .num_scalar_prefetch = 1,
         .arg_names = {"s", "x_hbm", "o_hbm", "x3", "o", "sem"},
         .interpret = p},
        [](Ref s, Ref x_hbm, Ref o_hbm, Ref x3, Ref o, Ref sem) {
          pltpu::async_copy(x_hbm, x3, sem).wait();
          Scalar row = s[0];
          padded = __LINE__ + 1;
          Value t = x3[pl::ds(row, 2)];
          o[___] = jnp::sum(t, 0, true) + 1.0;
          x3[pl::ds(row, 2)] = t * 2.0;
          pltpu::async_copy(o, o_hbm, sem).wait();
        });
  };
  std::vector<float> three = iotaF(3 * 128);
  Array x3 = Array::from_f32(three, {3, 128}), two = Array::from_s32({2}, {1});
  EXPECT_EQ(errorOf([&] { f(P{})(two, x3); }),
            here(padded) + ": vld: rows [2, 4) of x3 are outside [0, 3)");
  std::vector<float> sums = f(P{.uninitialized_memory_nan = false,
                                .buffer_bounds = P::BufferBounds::padded})(two, x3).to_f32();
  for (int64_t c = 0; c < 128; ++c)
    EXPECT_EQ(sums[c], three[256 + c] + 1.0f) << c;
  // Compiled, the bounds check stops it as the default interpret mode does.
  EXPECT_THAT(errorOf([&] { f(false)(two, x3); }),
              HasSubstr("rows [2, 4) of x3 are outside [0, 3)"));
}

TEST(InterpretChecks, UnwaitedDmaIsReportedWithItsLine) {
  static int start;
  auto k = pl::kernel(
      {.out_type = f32(8, 128),
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "no_wait",
       .arg_names = {"x_hbm", "o_hbm", "v", "sem"},
       .interpret = true},
      [](Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
        v[___] = 2.0;
        start = __LINE__ + 1;
        pltpu::async_copy(v, o_hbm, sem);
      });
  Array x = Array::from_f32(iotaF(1024), {8, 128});
  std::string msg = errorOf([&] { k(x); });
  EXPECT_THAT(msg, HasSubstr("semaphore sem holds 4096 bytes when the kernel ends (the DMA started "
                             "at " +
                             here(start) + " was never waited for)"));
}

//===----------------------------------------------------------------------===//
// The grid: parallel points in a shuffled order
//===----------------------------------------------------------------------===//

/// Each step writes how many steps ran before it into its output block:
/// the order the grid points were visited in.
std::vector<float> visitOrder(uint64_t seed) {
  auto f = pl::pallas_call(
      [](Ref zeros, Ref o_ref, Ref count) {
        Scalar n = count[0];
        o_ref[___] = zeros[___] + n;
        count[0] = n + 1;
      },
      {.out_shape = f32(4 * 8, 3 * 128),
       .grid = {4, 3},
       .in_specs = {pl::BlockSpec({8, 128},
                                  [](Scalar, Scalar) {
                                    return std::tuple{0, 0};
                                  })},
       .out_specs = {pl::BlockSpec({8, 128},
                                   [](Scalar i, Scalar j) {
                                     return std::tuple{i, j};
                                   })},
       .scratch_shapes = {pltpu::SMEM({1}, DType::int32)},
       // One core: the counter in SMEM scratch is per core.
       .debug = {.megacore = false},
       .name = "order",
       .compiler_params = {.dimension_semantics = {pltpu::PARALLEL, pltpu::PARALLEL}},
       .interpret = pltpu::InterpretParams{.uninitialized_memory_nan = false,
                                           .grid_point_shuffle_seed = seed}});
  Array counter = Array::from_f32(std::vector<float>(1024, 0.0f), {8, 128});
  std::vector<float> out = f(counter).to_f32();
  std::vector<float> order;
  for (int64_t i = 0; i < 4; ++i)
    for (int64_t j = 0; j < 3; ++j)
      order.push_back(out[(i * 8) * 384 + j * 128]);
  return order;
}

TEST(InterpretGrid, ParallelPointsAreShuffledBySeed) {
  std::vector<float> rowMajor = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
  EXPECT_EQ(visitOrder(0), rowMajor);
  bool differs = false;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    std::vector<float> order = visitOrder(seed);
    std::vector<float> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sorted, rowMajor) << "every point once, seed " << seed;
    differs = differs || order != rowMajor;
    EXPECT_EQ(order, visitOrder(seed)) << "the same order for the same seed";
  }
  EXPECT_TRUE(differs);
}

TEST(InterpretGrid, ShuffledParallelAxesKeepTheAnswer) {
  // A blocked matmul-like accumulation: (i, j) parallel, k arbitrary and
  // innermost; the output block is accumulated over consecutive k steps.
  const int64_t M = 32, N = 256, K = 4;
  std::vector<float> data = iotaF(M * K * 128, 0.25f);
  Array x = Array::from_f32(data, {M, K * 128});
  auto make = [&](pltpu::Interpret interp) {
    return pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          pl::when(pl::program_id(2) == 0, [&] { o_ref[___] = 0.0; });
          o_ref[___] += jnp::sum(x_ref[___], 1, true) + pl::program_id(1);
        },
        {.out_shape = f32(M, N),
         .grid = {M / 8, N / 128, K},
         .in_specs = {pl::BlockSpec({8, 128},
                                    [](Scalar i, Scalar, Scalar k) {
                                      return std::tuple{i, k};
                                    })},
         .out_specs = {pl::BlockSpec({8, 128},
                                     [](Scalar i, Scalar j, Scalar) {
                                       return std::tuple{i, j};
                                     })},
         .name = "accumulate",
         .compiler_params = {.dimension_semantics = {pltpu::PARALLEL, pltpu::PARALLEL,
                                                     pltpu::ARBITRARY}},
         .interpret = interp});
  };
  std::vector<float> want = make(true)(x).to_f32();
  for (uint64_t seed : {1, 2, 3, 99})
    EXPECT_EQ(make(pltpu::InterpretParams{.grid_point_shuffle_seed = seed})(x).to_f32(), want)
        << "seed " << seed;
  EXPECT_EQ(make(false)(x).to_f32(), want) << "compiled";
  // The pipeline pallas_call writes is race-free, in both DMA modes.
  for (auto mode : {pltpu::InterpretParams::DmaExecutionMode::on_wait,
                    pltpu::InterpretParams::DmaExecutionMode::eager})
    EXPECT_EQ(make(pltpu::InterpretParams{.dma_execution_mode = mode,
                                          .detect_races = true,
                                          .grid_point_shuffle_seed = 5})(x)
                  .to_f32(),
              want);
}

TEST(InterpretGrid, EdgeBlocksAndRevisitsAsCompiled) {
  // 40 x 384 in blocks of 16 x 256: the last block row has 8 rows, the last
  // block column 128 columns; only their in-bounds parts move.
  auto edges = [](pltpu::Interpret interp) {
    return pl::pallas_call(
        [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0 + pl::program_id(1); },
        {.out_shape = f32(40, 384),
         .grid = {3, 2},
         .in_specs = {pl::BlockSpec({16, 256},
                                    [](Scalar i, Scalar j) { return std::tuple{i, j}; })},
         .out_specs = {pl::BlockSpec({16, 256},
                                     [](Scalar i, Scalar j) { return std::tuple{i, j}; })},
         .name = "edges",
         .interpret = interp});
  };
  Array y = Array::from_f32(iotaF(40 * 384, 0.5f), {40, 384});
  std::vector<float> interpreted = edges(true)(y).to_f32();
  EXPECT_EQ(interpreted, edges(false)(y).to_f32());
  EXPECT_EQ(interpreted[39 * 384 + 383], iotaF(40 * 384, 0.5f)[39 * 384 + 383] * 2.0f + 1.0f);
  // Output blocks A, B, A: writing A back again is Pallas' error, at the
  // call's line, as in the compiled program.
  Array x = Array::from_f32(iotaF(24 * 128), {24, 128});
  int line = __LINE__ + 1;
  auto revisit = pl::pallas_call(
      [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___]; },
      {.out_shape = f32(16, 128),
       .grid = {3},
       .in_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })},
       .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i % 2, 0}; })},
       .name = "revisit",
       .interpret = true});
  EXPECT_THAT(errorOf([&] { revisit(x); }),
              testing::AllOf(HasSubstr("InterpretTest.cpp:" + std::to_string(line)),
                             HasSubstr("Revisited block (0, 0) of out_specs[0]")));
}

//===----------------------------------------------------------------------===//
// What Compiled shows for an interpreted kernel
//===----------------------------------------------------------------------===//

TEST(InterpretCompiled, ListingSaysInterpretedAndStagesStillWork) {
  auto mesh = make_mesh({1}, {"device"});
  auto fn = shard_map(
      {.mesh = mesh, .in_specs = P(), .out_specs = P(), .check_vma = false}, [&](const Array &x) {
        return pl::kernel(
            {.out_type = f32(8, 128),
             .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA},
             .name = "twice",
             .interpret = true},
            [](Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
              pltpu::async_copy(x_hbm, v, sem).wait();
              v[___] = v[___] * 2.0;
              pltpu::async_copy(v, o_hbm, sem).wait();
            })(x);
      });
  Array x = Array::from_f32(iotaF(1024), {8, 128});
  Compiled c = compile(fn, x);
  EXPECT_THAT(c.listing(), HasSubstr("kernel 'twice'"));
  EXPECT_THAT(c.listing(), HasSubstr("runs in interpret mode"));
  EXPECT_THAT(c.hlo(), HasSubstr("\"interpret\":true"));
  EXPECT_THAT(c.ir("kernel"), HasSubstr("tessera.dma_start"));
  EXPECT_THAT(c.ir("optimized"), HasSubstr("tessera.load"));
  EXPECT_EQ(c(x).to_f32()[7], iotaF(1024)[7] * 2.0f);
  ASSERT_EQ(c.last_run().size(), 1u);
  EXPECT_EQ(c.last_run()[0].run.cycles, 0);
  EXPECT_EQ(jit(fn)(x).to_f32()[9], iotaF(1024)[9] * 2.0f);
}

} // namespace
} // namespace tessera
