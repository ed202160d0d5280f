//===- MisuseTest.cpp - Hostile programs end cleanly in both modes --------===//
//
// Issue 29's regression suite: programs a hostile (or unlucky) user writes,
// each run compiled and interpreted. Each must end with a tessera::Error or
// failed status naming the user's line and what went wrong, never hang,
// crash or answer wrongly, and the next launch on the same device works.
//
//===----------------------------------------------------------------------===//
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dsl/tessera.h"
#include "sim/Program.h"
#include "runtime/Program.h"
#include "tests/dsl/DslTestUtil.h"

namespace tessera {
namespace {

using testing::AllOf;
using testing::HasSubstr;
using namespace testutil;

/// Compiled or interpreted.
class Misuse : public testing::TestWithParam<bool> {
protected:
  bool interpreted() const { return GetParam(); }
  pltpu::Interpret mode() const { return interpreted(); }

  /// The message of what `run` throws ("" when it succeeds); then checks
  /// that a good kernel runs right on the same device.
  std::string failureOf(const std::function<void()> &run) {
    std::string msg = errorOf(run);
    expectDeviceUsable();
    return msg;
  }
  void expectDeviceUsable() {
    auto add1 = pl::pallas_call([](Ref x, Ref o) { o[___] = x[___] + 1.0; },
                                {.out_shape = f32(8, 128), .name = "after", .interpret = mode()});
    std::vector<float> data = pattern(8 * 128);
    std::vector<float> got = add1(Array::from_f32(data, {8, 128})).to_f32();
    for (size_t i = 0; i < data.size(); ++i)
      ASSERT_EQ(got[i], data[i] + 1.0f) << "element " << i << " after the failure";
  }
  /// A kernel whose while loop (at endlessWhileLine) never ends, with
  /// `.debug.cycle_budget`.
  std::string endlessWhileLine;
  pl::Kernel endlessWhile(int64_t cycleBudget) {
    endlessWhileLine = here(6);
    return pl::kernel({.out_type = s32(8, 128),
                       .scratch_types = {pltpu::SMEM({1}, DType::int32)},
                       .debug = {.cycle_budget = cycleBudget},
                       .interpret = mode()},
                      [](Ref, Ref, Ref s) {
                        s[0] = lax::while_loop([](Scalar i) { return i >= 0; },
                                               [](Scalar i) { return i + 1; }, 0);
                      });
  }
};

TEST_P(Misuse, EndlessWhileLoopStopsAtTheCycleBudget) {
  Array x = Array::from_s32(std::vector<int32_t>(8 * 128, 1), {8, 128});
  std::string msg = failureOf([&] { endlessWhile(100000)(x); });
  EXPECT_THAT(msg, AllOf(HasSubstr(endlessWhileLine), HasSubstr("100000"),
                         HasSubstr(interpreted() ? "interpreted ops" : "cycle budget")));
}

// A loop of transcendentals costs the host far more per cycle (or op)
// than a scalar loop: the work budget ends it in both modes, with the
// same knob; by default it scales with the kernel's data (at least 2^27
// units, about 10 s).
TEST_P(Misuse, EndlessLoopOfTranscendentalsStopsAtTheWorkBudget) {
  Array x = Array::from_f32(pattern(8 * 128), {8, 128});
  std::string line = here(4);
  std::string msg = failureOf([&] {
    pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          o_ref[___] = lax::fori_loop(
              0, 1 << 30, [](Scalar, const Value &v) { return jnp::tanh(v); }, x_ref[___]);
        },
        {.out_shape = f32(8, 128), .debug = {.work_budget = 200000}, .interpret = mode()})(x);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr("200000 units of simulation work"), HasSubstr("work_budget"),
                         HasSubstr("a transcendental 64")));
  if (interpreted())
    EXPECT_THAT(msg, HasSubstr("in the loop at " + line));
  EXPECT_EQ(sim::launchWorkBudget(4096), sim::kListingWorkBudget);
  EXPECT_EQ(sim::launchWorkBudget(int64_t{1} << 30), int64_t{1} << 40);
}

// Compiled::run(args, RunBudgets) sets the budgets of one run for every
// launch in it, over the kernel's own (.debug) and the defaults: the same
// compiled program ends its endless loop at each run's cycle budget, stops
// at a DMA budget smaller than its traffic, and at a work budget; a run
// without budgets after them uses the kernel's own again. The default
// cycle budget grows with the launch's data.
TEST_P(Misuse, RunBudgetsBoundOneRun) {
  Array x = Array::from_s32(std::vector<int32_t>(8 * 128, 1), {8, 128});
  pl::Kernel spin = endlessWhile(100000);
  Compiled c = compile([&](const Array &a) { return spin(a); }, x);
  for (int64_t budget : {int64_t{20000}, int64_t{70000}}) {
    auto out = c.run({x}, {.cycle_budget = budget});
    ASSERT_FALSE(out.ok());
    EXPECT_THAT(std::string(out.status().message()),
                AllOf(HasSubstr(std::to_string(budget)),
                      HasSubstr("Compiled::run(args, {.cycle_budget = N})")));
  }
  auto own = c.run({x});
  ASSERT_FALSE(own.ok());
  EXPECT_THAT(std::string(own.status().message()), HasSubstr("100000"));

  // A copy in and out moves 8 KiB: a budget of 4 KiB stops it at the DMA
  // (interpret mode counts no DMA bytes).
  auto copy = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] + 1.0; },
                              {.out_shape = f32(8, 128), .interpret = mode()});
  Array y = Array::from_f32(pattern(8 * 128), {8, 128});
  Compiled cc = compile([&](const Array &a) { return copy(a); }, y);
  auto small = cc.run({y}, {.dma_byte_budget = 4096});
  if (interpreted()) {
    EXPECT_TRUE(small.ok());
  } else {
    ASSERT_FALSE(small.ok());
    EXPECT_THAT(std::string(small.status().message()),
                AllOf(HasSubstr("beyond its budget of 4096"),
                      HasSubstr("Compiled::run(args, {.dma_byte_budget = N})")));
  }
  auto work = cc.run({y}, {.work_budget = 1});
  ASSERT_FALSE(work.ok());
  EXPECT_THAT(std::string(work.status().message()),
              AllOf(HasSubstr("1 units of simulation work"),
                    HasSubstr("Compiled::run(args, {.work_budget = N})")));
  ASSERT_TRUE(cc.run({y}).ok());
  expectDeviceUsable();

  runtime::DeviceOperands part;
  part.inputs = {Array::from_f32(std::vector<float>(1 << 20), {1024, 1024})};  // 4 MiB
  EXPECT_EQ(runtime::cycleBudgetOf({}, {part}), sim::kDefaultCycleBudget);
  part.inputs = {jnp::zeros({32768, 8192})};  // 1 GiB, zeros cost no host memory
  EXPECT_EQ(runtime::cycleBudgetOf({}, {part}), int64_t{1} << 28);
  EXPECT_EQ(runtime::cycleBudgetOf({.cycleBudget = 7}, {part}), 7);
}

// A loop from INT_MIN to INT_MAX (run-time bounds): 2^32 trips.
TEST_P(Misuse, HugeRunTimeTripCountStopsAtTheCycleBudget) {
  Array bounds = Array::from_s32({INT32_MIN, INT32_MAX}, {2});
  Array x = Array::from_s32(std::vector<int32_t>(8 * 128, 1), {8, 128});
  std::string line = here(8);
  std::string msg = failureOf([&] {
    pl::kernel({.out_type = s32(8, 128),
                .scratch_types = {pltpu::SMEM({1}, DType::int32)},
                .num_scalar_prefetch = 1,
                .debug = {.cycle_budget = 50000},
                .interpret = mode()},
               [](Ref b, Ref, Ref, Ref s) {
                 s[0] = lax::fori_loop(b[0], b[1], [](Scalar i, Scalar acc) { return acc + i; }, 0);
               })(bounds, x);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr(line), HasSubstr("50000")));
}

// Unrolling a million copies would take the compiler (and the interpreter's
// tracing) minutes: a cap, at the loop's line.
TEST_P(Misuse, UnrollingIsCapped) {
  Array x = Array::from_s32(std::vector<int32_t>(8 * 128, 1), {8, 128});
  for (LoopOptions options : {LoopOptions{.unroll = 1000000}, LoopOptions{.full = true}}) {
    std::string line = here(6);
    std::string msg = failureOf([&] {
      pl::kernel({.out_type = s32(8, 128),
                  .scratch_types = {pltpu::SMEM({1}, DType::int32)},
                  .interpret = mode()},
                 [&](Ref, Ref, Ref s) {
                   s[0] = lax::fori_loop(0, 1000000, [](Scalar i, Scalar acc) { return acc + i; }, 0,
                                         options);
                 })(x);
    });
    EXPECT_THAT(msg, AllOf(HasSubstr(line + ": unrolling this loop"),
                           HasSubstr("traces 1000000 copies of its body; at most 1024")));
  }
  // The cap counts the copies traced: unroll = 10^6 over 8 trips is 8.
  auto k = pl::kernel({.out_type = s32(8, 128),
                       .scratch_types = {pltpu::SMEM({1}, DType::int32)},
                       .interpret = mode()},
                      [](Ref, Ref o, Ref s) {
                        s[0] = lax::fori_loop(0, 8, [](Scalar i, Scalar acc) { return acc + i; }, 0,
                                              {.unroll = 1000000});
                      });
  EXPECT_EQ(errorOf([&] { k(x); }), "");
}

// A run-time value that is not the multiple it promises: with bounds checks
// on, an error in both modes; compiled it used to move the window silently.
TEST_P(Misuse, BrokenMultipleOfPromiseIsAnError) {
  std::vector<float> data = pattern(32 * 128, 5);
  Array x = Array::from_f32(data, {32, 128});
  std::string line = here(9);
  auto k = pl::kernel(
      {.out_type = f32(8, 128),
       .scratch_types = {pltpu::VMEM({32, 128}, DType::float32),
                         pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA},
       .num_scalar_prefetch = 1,
       .interpret = mode()},
      [](Ref p, Ref x_hbm, Ref o_hbm, Ref v, Ref w, Ref sem) {
        pltpu::async_copy(x_hbm, v, sem).wait();
        w[___] = v[pl::ds(pl::multiple_of(p[0], 8), 8)] * 2.0;
        pltpu::async_copy(w, o_hbm, sem).wait();
      });
  for (int32_t off : {5, -3, 12}) {
    std::string msg = failureOf([&] { k(Array::from_s32({off}, {1}), x); });
    EXPECT_THAT(msg, AllOf(HasSubstr(line), HasSubstr("pl::multiple_of(x, 8): x = " +
                                                      std::to_string(off) +
                                                      " is not a multiple of 8")));
  }
  std::vector<float> got = k(Array::from_s32({16}, {1}), x).to_f32();
  for (int64_t e = 0; e < 8 * 128; ++e)
    ASSERT_EQ(got[e], data[16 * 128 + e] * 2.0f);
}

// SMEM and semaphore indices outside their arrays: errors at the line in
// both modes (compiled: with bounds checks on), constant or run-time.
TEST_P(Misuse, SmemIndexOutOfRange) {
  Array x = Array::from_s32(std::vector<int32_t>(8 * 128, 1), {8, 128});
  Array idx = Array::from_s32({10, -1}, {2});
  for (int which = 0; which < 4; ++which) {
    std::string line = here(7), storeLine = here(9);
    std::string msg = failureOf([&] {
      pl::kernel({.out_type = s32(8, 128),
                  .scratch_types = {pltpu::SMEM({4}, DType::int32)},
                  .num_scalar_prefetch = 1,
                  .interpret = mode()},
                 [&](Ref p, Ref, Ref, Ref s) {
                   Scalar i = which == 0 ? s[10] : which == 1 ? s[p[0]] : which == 2 ? p[p[0]] : Scalar(s[0]);
                   if (which == 3)
                     s[p[1]] = i;
                   else
                     s[0] = i;
                 })(idx, x);
    });
    std::string index = which == 3 ? "-1" : "10";
    EXPECT_THAT(msg, AllOf(HasSubstr((which == 3 ? storeLine : line) + ":"),
                           HasSubstr("index " + index + " of "),
                           HasSubstr(which == 2 ? "in0" : "scratch0"),
                           HasSubstr(which == 2 ? "outside [0, 2)" : "outside [0, 4)")))
        << which;
  }
}

TEST_P(Misuse, SemaphoreIndexOutOfRange) {
  std::vector<float> data = pattern(8 * 128);
  Array x = Array::from_f32(data, {8, 128});
  Array idx = Array::from_s32({5}, {1});
  for (int which = 0; which < 2; ++which) {
    std::string line = here(8), dmaLine = here(9);
    std::string msg = failureOf([&] {
      pl::kernel({.out_type = f32(8, 128),
                  .scratch_types = {pltpu::VMEM({8, 128}, DType::float32),
                                    pltpu::SemaphoreType::DMA(2)},
                  .num_scalar_prefetch = 1,
                  .interpret = mode()},
                 [&](Ref p, Ref x_hbm, Ref o_hbm, Ref v, Ref sems) {
                   Ref sem = which == 0 ? sems.at(5) : sems.at(p[0]);
                   pltpu::async_copy(x_hbm, v, sem).wait();
                   pltpu::async_copy(v, o_hbm, sem).wait();
                 })(idx, x);
    });
    // A constant index fails at the .at(), a run-time one at the DMA.
    EXPECT_THAT(msg, AllOf(HasSubstr((which == 1 ? dmaLine : line) + ":"), HasSubstr("5"),
                           HasSubstr("scratch1"), HasSubstr("outside [0, 2)")))
        << which;
  }
}

// A bad scratch declaration is an error at its own line (the
// pltpu::SMEM(...) call), not the kernel's.
TEST_P(Misuse, BadScratchDeclarationNamesItsLine) {
  Array x = Array::from_s32(std::vector<int32_t>(8 * 128, 1), {8, 128});
  std::string line = here(4);
  std::string msg = failureOf([&] {
    pl::kernel({.out_type = s32(8, 128),
                .scratch_types = {pltpu::VMEM({8, 128}, DType::int32),
                                  pltpu::SMEM({4, 2, 2}, DType::float32)},
                .interpret = mode()},
               [](Ref, Ref, Ref, Ref) {})(x);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": SMEM scratch 1 is f32[4,2,2]"),
                         HasSubstr("SMEM scratch is a 1-D or 2-D int32, uint32, f32 or bool "
                                   "array")));
  line = here(3);
  msg = failureOf([&] {
    pl::kernel({.out_type = s32(8, 128),
                .scratch_types = {pltpu::SemaphoreType::DMA({2, 2})},
                .interpret = mode()},
               [](Ref, Ref, Ref) {})(x);
  });
  EXPECT_THAT(msg, HasSubstr(line + ": a semaphore array has one dimension"));
}

// The chip's limits hold in both modes: SMEM and VMEM that a TensorCore
// does not have are errors, interpreted too.
TEST_P(Misuse, MemoryLimitsHoldInBothModes) {
  Array x = Array::from_f32(pattern(8 * 128), {8, 128});
  std::string line = here(2);
  std::string msg = failureOf([&] {
    pl::kernel({.out_type = f32(8, 128),
                .scratch_types = {pltpu::SMEM({16 << 20}, DType::int32)},
                .interpret = mode()},
               [](Ref, Ref, Ref) {})(x);
  });
  EXPECT_THAT(msg, HasSubstr(line + ": SMEM scalar inputs and scratch need 67108872 bytes, more "
                                    "than the 1048576 bytes (1 MiB) of SMEM"));
  // Blocks of 2 x 2 x 8 MiB (double-buffered in and out): 32 MiB of VMEM.
  Array big = Array::from_f32(std::vector<float>(4096 * 1024), {4096, 1024});
  line = here(6);
  msg = failureOf([&] {
    pl::pallas_call([](Ref x, Ref o) { o[___] = x[___]; },
                    {.out_shape = f32(4096, 1024),
                     .grid = {2},
                     .in_specs = {pl::BlockSpec({2048, 1024}, [](Scalar i) { return std::tuple{i, 0}; })},
                     .out_specs = {pl::BlockSpec({2048, 1024}, [](Scalar i) { return std::tuple{i, 0}; })},
                     .interpret = mode()})(big);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": the block buffers of out_specs[0] need 16777216"),
                         HasSubstr("33554432 bytes, over vmem_limit_bytes = 16777216")));
}

// What Pallas refuses, refused here too (each was accepted, one setting
// silently ignored or the program meaningless).
TEST_P(Misuse, WhatPallasRefuses) {
  Array x = Array::from_f32(pattern(16 * 128), {16, 128});
  auto copy = [](Ref x, Ref o) { o[___] = x[___]; };
  // .grid_spec and .grid together.
  std::string line = here(2);
  std::string msg = failureOf([&] {
    pl::pallas_call(copy, {.out_shape = f32(16, 128),
                           .grid_spec = pltpu::PrefetchScalarGridSpec{.grid = {2}},
                           .grid = {2},
                           .interpret = mode()})(x);
  });
  EXPECT_THAT(msg, HasSubstr(line + ": pallas_call takes either .grid_spec or .grid"));
  // vmem_limit_bytes = -1, and more than the chip has.
  for (int64_t limit : {int64_t{-1}, int64_t{64} << 20}) {
    line = here(2);
    msg = failureOf([&] {
      pl::pallas_call(copy, {.out_shape = f32(16, 128),
                             .compiler_params = {.vmem_limit_bytes = limit},
                             .interpret = mode()})(x);
    });
    EXPECT_THAT(msg, AllOf(HasSubstr(line + ": CompilerParams vmem_limit_bytes = " +
                                     std::to_string(limit)),
                           HasSubstr("must be in [1, 16777216]")));
  }
  // Two inputs aliased to one output.
  line = here(2);
  msg = failureOf([&] {
    pl::pallas_call([](Ref a, Ref, Ref o) { o[___] = a[___]; },
                    {.out_shape = f32(16, 128),
                     .input_output_aliases = {{0, 0}, {1, 0}},
                     .interpret = mode()})(x, x);
  });
  EXPECT_THAT(msg, HasSubstr(line + ": input_output_aliases: inputs 0 and 1 are both aliased to "
                                    "output 0"));
  // An index map that writes SMEM.
  Array idx = Array::from_s32({1, 0}, {2});
  line = here(8);
  msg = failureOf([&] {
    pl::pallas_call(
        [](Ref, Ref x, Ref o) { o[___] = x[___]; },
        {.out_shape = f32(16, 128),
         .grid_spec = pltpu::PrefetchScalarGridSpec{
             .num_scalar_prefetch = 1, .grid = {2},
             .in_specs = {pl::BlockSpec({8, 128}, [](Scalar i, Ref p) {
               p[0] = i;
               return std::tuple{Scalar(p[i]), 0};
             })},
             .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i, Ref) { return std::tuple{i, 0}; })}},
         .interpret = mode()})(idx, x);
  });
  EXPECT_THAT(msg, HasSubstr(line + ": an index map writes Ref"));
  // A pallas_call traced inside another kernel's body.
  // (The error names the inner kernel's line and the outer's.)
  line = here(1);
  auto inner = pl::pallas_call(copy, {.out_shape = f32(16, 128), .name = "inner",
                                      .interpret = mode()});
  msg = failureOf([&] {
    pl::pallas_call([&](Ref a, Ref o) {
                      inner(x);
                      o[___] = a[___];
                    },
                    {.out_shape = f32(16, 128), .name = "outer", .interpret = mode()})(x);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": kernel 'inner' is called inside the body of kernel "
                                           "'outer'"),
                         HasSubstr("a kernel body cannot launch another kernel")));
}

// Accumulating into one output block across a PARALLEL axis: the output's
// index map ignores the axis. On both TensorCores (megacore) an error at
// the BlockSpec's line; on one core a warning (the result depends on the
// order of the points).
TEST_P(Misuse, AccumulatingAcrossAParallelAxis) {
  std::vector<float> data = pattern(32 * 128);
  Array x = Array::from_f32(data, {32, 128});
  auto sum = [&](bool megacore) {
    std::string line = here(7);
    return failureOf([&] {
      pl::pallas_call(
          [](Ref x, Ref o) { o[___] = o[___] + x[___]; },
          {.out_shape = f32(8, 128),
           .grid = {4},
           .in_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })},
           .out_specs = {pl::BlockSpec({8, 128}, [](Scalar) { return std::tuple{0, 0}; })},
           .debug = {.megacore = megacore},
           .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}},
           .interpret = mode()})(x);
    }) + "|" + line;
  };
  std::string both = sum(true);
  std::string line = both.substr(both.find('|') + 1);
  EXPECT_THAT(both, AllOf(HasSubstr(line + ": the index map of out_specs[0] 'out0' does not use "
                                           "grid axis 0, which dimension_semantics makes PARALLEL"),
                          HasSubstr("they would race on the block")));
  testing::internal::CaptureStderr();
  std::string one = sum(false);
  std::string warned = testing::internal::GetCapturedStderr();
  EXPECT_EQ(one, "|" + line);
  EXPECT_THAT(warned, AllOf(HasSubstr(line + ": warning: the index map of out_specs[0] 'out0'"),
                            HasSubstr("depends on the order of the points")));
}

// A correct kernel: a load inside a pl::when whose condition is false at run
// time, of a buffer a DMA is still writing (the branch that would read it
// waits first). If-converted, the load must not run on false trips, or the
// race detector stops a correct kernel.
TEST_P(Misuse, LoadInAFalseBranchIsNoRace) {
  std::vector<float> data = pattern(8 * 128, 3);
  Array x = Array::from_f32(data, {8, 128});
  auto k = pl::kernel(
      {.out_type = f32(8, 128),
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32),
                         pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA,
                         pltpu::SemaphoreType::DMA},
       .num_scalar_prefetch = 1,
       .interpret = interpreted() ? pltpu::Interpret(pltpu::InterpretParams{.detect_races = true})
                                  : pltpu::Interpret()},
      [](Ref p, Ref x_hbm, Ref o_hbm, Ref v, Ref w, Ref sem, Ref out_sem) {
        auto copy = pltpu::make_async_copy(x_hbm, v, sem);
        copy.start();
        Scalar c = p[0] != 0;
        pl::when(c, [&] {
          copy.wait();
          w[___] = v[___] * 2.0;
        });
        pl::when(!c, [&] {
          copy.wait();
          w[___] = v[___] * 3.0;
        });
        pltpu::async_copy(w, o_hbm, out_sem).wait();
      });
  for (int32_t c : {0, 1}) {
    std::vector<float> got;
    std::string msg = failureOf([&] { got = k(Array::from_s32({c}, {1}), x).to_f32(); });
    ASSERT_EQ(msg, "") << "c = " << c;
    for (size_t e = 0; e < data.size(); ++e)
      ASSERT_EQ(got[e], data[e] * (c ? 2.0f : 3.0f)) << "c = " << c << ", element " << e;
  }
}

INSTANTIATE_TEST_SUITE_P(, Misuse, testing::Values(false, true),
                         [](const auto &info) { return info.param ? "Interpreted" : "Compiled"; });

}  // namespace
}  // namespace tessera
