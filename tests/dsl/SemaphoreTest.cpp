//===- SemaphoreTest.cpp - REGULAR semaphores, within and across cores ----===//
//
// pl::semaphore_signal / _wait / _read and pltpu::core_barrier, compiled and
// interpreted: counts on one core, signals to the other core of a
// TensorCoreMesh of 2, partial results exchanged through HBM behind a core
// barrier (exact against the host), a deadlock named with both cores'
// lines, a semaphore left nonzero at exit, and the errors of misuse.
//
//===----------------------------------------------------------------------===//
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "dsl/tessera.h"
#include "tests/dsl/DslTestUtil.h"

namespace tessera {
namespace {

using testing::AllOf;
using testing::HasSubstr;
using namespace testutil;

constexpr bool kModes[] = {false, true};  // compiled, interpreted
const char *modeName(bool interpret) { return interpret ? "interpreted" : "compiled"; }

TEST(Semaphores, SignalWaitAndReadOnOneCore) {
  // v = read after +3 (3), read after -2 (1): o = x + 10 * 3 + 1.
  std::vector<float> data = pattern(8 * 128);
  Array x = Array::from_f32(data, {8, 128});
  for (bool interpret : kModes) {
    auto k = pl::kernel(
        {.out_type = f32(8, 128),
         .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA,
                           pltpu::SemaphoreType::REGULAR},
         .name = "counts",
         .interpret = interpret},
        [](Ref x_hbm, Ref o_hbm, Ref buf, Ref dma, Ref sem) {
          pltpu::async_copy(x_hbm, buf, dma).wait();
          pl::semaphore_signal(sem, 3);
          Scalar three = pl::semaphore_read(sem);
          pl::semaphore_wait(sem, 2);
          Scalar one = pl::semaphore_read(sem);
          pl::semaphore_wait(sem, one);  // a run-time amount: back to 0
          buf[___] = buf[___] + three * 10 + one;
          pltpu::async_copy(buf, o_hbm, dma).wait();
        });
    auto out = compile([&](const Array &a) { return k(a); }, x).run({x});
    ASSERT_TRUE(out.ok()) << modeName(interpret) << ": " << out.status().message();
    std::vector<float> want = data;
    for (float &v : want)
      v += 31.0f;
    EXPECT_EQ(out->front().to_f32(), want) << modeName(interpret);
  }
}

TEST(Semaphores, TheListingSignalsAndWaits) {
  Array x = Array::from_f32(pattern(8 * 128), {8, 128});
  auto k = pl::kernel({.out_type = f32(8, 128),
                       .mesh = pltpu::TensorCoreMesh{"tc", 2},
                       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32),
                                         pltpu::SemaphoreType::DMA,
                                         pltpu::SemaphoreType::REGULAR},
                       .name = "listed"},
                      [](Ref x_hbm, Ref o_hbm, Ref buf, Ref dma, Ref sem) {
                        pltpu::run_on_first_core("tc", [&] {
                          pltpu::async_copy(x_hbm, buf, dma).wait();
                          pltpu::async_copy(buf, o_hbm, dma).wait();
                        });
                        pltpu::core_barrier(sem, "tc");
                      });
  Compiled c = compile([&](const Array &a) { return k(a); }, x);
  EXPECT_THAT(c.ir("kernel"), AllOf(HasSubstr("tessera.semaphore_signal"),
                                    HasSubstr("tessera.semaphore_wait")));
  EXPECT_THAT(c.listing(), AllOf(HasSubstr("vsyncadd.core [core:s"), HasSubstr("vwait.ge [sem:"),
                                 HasSubstr("ssemld")));
  auto out = c.run({x});
  ASSERT_TRUE(out.ok()) << out.status().message();
}

/// Core c computes its partial p_c = x[rows of c] * (c + 1), writes it to
/// `partials` in HBM, meets the other core at a barrier, fetches the other
/// core's partial and writes p_0 + p_1 into its rows of the output.
pl::Kernel exchange(bool interpret, bool barrier) {
  return pl::kernel(
      {.out_type = {f32(16, 128), f32(16, 128)},
       .mesh = pltpu::TensorCoreMesh{"tc", 2},
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32),
                         pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA,
                         pltpu::SemaphoreType::BARRIER},
       .name = "exchange",
       .interpret = interpret},
      [barrier](Ref x_hbm, Ref o_hbm, Ref partials, Ref mine, Ref theirs, Ref dma, Ref sem) {
        Scalar c = lax::axis_index("tc");
        Scalar row = pl::multiple_of(c * 8, 8), other = pl::multiple_of((1 - c) * 8, 8);
        pltpu::async_copy(x_hbm.at(pl::ds(row, 8)), mine, dma).wait();
        mine[___] = mine[___] * (c + 1);
        pltpu::async_copy(mine, partials.at(pl::ds(row, 8)), dma).wait();
        if (barrier)
          pltpu::core_barrier(sem, "tc");
        else
          pl::semaphore_wait(sem, 1);  // nobody signals: a deadlock
        pltpu::async_copy(partials.at(pl::ds(other, 8)), theirs, dma).wait();
        mine[___] = mine[___] + theirs[___];
        pltpu::async_copy(mine, o_hbm.at(pl::ds(row, 8)), dma).wait();
      });
}

TEST(Semaphores, CoresExchangePartialsBehindACoreBarrier) {
  std::vector<float> data = pattern(16 * 128);
  Array x = Array::from_f32(data, {16, 128});
  std::vector<float> want(16 * 128);
  for (int64_t i = 0; i < 8 * 128; ++i)
    want[i] = want[i + 8 * 128] = data[i] * 1.0f + data[i + 8 * 128] * 2.0f;
  for (bool interpret : kModes) {
    pl::Kernel k = exchange(interpret, true);
    auto out = compile([&](const Array &a) { return k(a); }, x).run({x});
    ASSERT_TRUE(out.ok()) << modeName(interpret) << ": " << out.status().message();
    EXPECT_EQ(out->front().to_f32(), want) << modeName(interpret);
  }
}

TEST(Semaphores, ADeadlockNamesEachCoresWait) {
  Array x = Array::from_f32(pattern(16 * 128), {16, 128});
  for (bool interpret : kModes) {
    pl::Kernel k = exchange(interpret, false);
    auto out = compile([&](const Array &a) { return k(a); }, x).run({x});
    ASSERT_FALSE(out.ok()) << modeName(interpret);
    std::string msg(out.status().message());
    EXPECT_THAT(msg, HasSubstr("deadlock: core 0 waits at")) << modeName(interpret);
    EXPECT_THAT(msg, HasSubstr("core 1 waits at")) << modeName(interpret);
    EXPECT_THAT(msg, HasSubstr("SemaphoreTest.cpp:")) << modeName(interpret);
    // The chip runs the next launch normally.
    pl::Kernel good = exchange(interpret, true);
    EXPECT_TRUE(compile([&](const Array &a) { return good(a); }, x).run({x}).ok());
  }
}

TEST(Semaphores, ASemaphoreLeftNonzeroIsAnErrorAtExit) {
  Array x = Array::from_f32(pattern(8 * 128), {8, 128});
  for (bool interpret : kModes) {
    auto k = pl::kernel({.out_type = f32(8, 128),
                         .scratch_types = {pltpu::VMEM({8, 128}, DType::float32),
                                           pltpu::SemaphoreType::DMA,
                                           pltpu::SemaphoreType::REGULAR},
                         .name = "leftover",
                         .interpret = interpret},
                        [](Ref x_hbm, Ref o_hbm, Ref buf, Ref dma, Ref sem) {
                          pltpu::async_copy(x_hbm, buf, dma).wait();
                          pltpu::async_copy(buf, o_hbm, dma).wait();
                          pl::semaphore_signal(sem, 1);
                        });
    std::string msg = errorOf([&] { k(x); });
    EXPECT_THAT(msg, interpret ? HasSubstr("semaphore scratch2 holds 1 when the kernel ends")
                               : HasSubstr("has a nonzero value upon exit from a kernel"))
        << modeName(interpret);
  }
}

TEST(Semaphores, MisuseIsAnErrorNamingTheLine) {
  Array x = Array::from_f32(pattern(8 * 128), {8, 128});
  auto attempt = [&](std::function<void(Ref, Ref, Ref, Ref)> body) {
    return errorOf([&] {
      pl::kernel({.out_type = f32(8, 128),
                  .mesh = pltpu::TensorCoreMesh{"tc", 2},
                  .scratch_types = {pltpu::SemaphoreType::DMA, pltpu::SemaphoreType::REGULAR(2)},
                  .name = "misuse"},
                 [&](Ref x_hbm, Ref o_hbm, Ref dma, Ref sems) { body(x_hbm, o_hbm, dma, sems); })(x);
    });
  };
  std::string line = here(1);
  std::string msg = attempt([](Ref, Ref, Ref dma, Ref) { pl::semaphore_wait(dma, 1); });
  EXPECT_THAT(msg, HasSubstr(line + ": pl::semaphore_wait: 'scratch0' is a DMA semaphore"));
  msg = attempt([](Ref, Ref, Ref, Ref sems) { pl::semaphore_signal(sems, 1); });
  EXPECT_THAT(msg, HasSubstr("pl::semaphore_signal: 'scratch1' is an array of 2 semaphores; pick "
                             "one with .at(i)"));
  msg = attempt([](Ref, Ref, Ref, Ref sems) {
    pl::semaphore_signal(sems.at(0), 1, {.core_index = 2});
  });
  EXPECT_THAT(msg, HasSubstr("pl::semaphore_signal: core_index 2 is outside [0, 2)"));
  msg = attempt([](Ref x_hbm, Ref o_hbm, Ref, Ref sems) {
    pltpu::async_copy(x_hbm, o_hbm, sems.at(1));
  });
  EXPECT_THAT(msg, HasSubstr("is a REGULAR or BARRIER semaphore; a DMA signals a DMA semaphore"));
}

TEST(Semaphores, ReadingADmaSemaphoreSeesItsBytes) {
  // After the DMA lands (a fence: its wait), the semaphore holds 0 again;
  // before the wait it holds the bytes or 0. Read it after the wait: 0.
  std::vector<float> data = pattern(8 * 128);
  Array x = Array::from_f32(data, {8, 128});
  for (bool interpret : kModes) {
    auto k = pl::kernel({.out_type = f32(8, 128),
                         .scratch_types = {pltpu::VMEM({8, 128}, DType::float32),
                                           pltpu::SemaphoreType::DMA},
                         .name = "read_dma",
                         .interpret = interpret},
                        [](Ref x_hbm, Ref o_hbm, Ref buf, Ref dma) {
                          pltpu::async_copy(x_hbm, buf, dma).wait();
                          buf[___] = buf[___] + pl::semaphore_read(dma);
                          pltpu::async_copy(buf, o_hbm, dma).wait();
                        });
    auto out = compile([&](const Array &a) { return k(a); }, x).run({x});
    ASSERT_TRUE(out.ok()) << out.status().message();
    EXPECT_EQ(out->front().to_f32(), data) << modeName(interpret);
  }
}

//===----------------------------------------------------------------------===//
// Semaphores between kernels
//===----------------------------------------------------------------------===//

/// Pallas' async copy in two calls: copy_start starts x -> o (HBM to HBM)
/// and returns o and the DMA's semaphore; copy_done waits on it (its output
/// aliased to o, so the data lands there).
struct AsyncCopy {
  pl::PallasCall start, done;
};
AsyncCopy asyncCopy(bool interpret, int64_t rows) {
  ShapeDtypeStruct t = f32(rows, 128);
  auto start = pl::pallas_call(
      [](Ref x_hbm, Ref o_hbm, Ref sem) { pltpu::make_async_copy(x_hbm, o_hbm, sem).start(); },
      {.out_shape = {t, pltpu::SemaphoreType::DMA},
       .in_specs = {pl::BlockSpec::any()},
       .out_specs = {pl::BlockSpec::any(), pl::BlockSpec::semaphore()},
       .name = "copy_start",
       .interpret = interpret});
  auto done = pl::pallas_call(
      [](Ref x_hbm, Ref, Ref sem, Ref o_hbm) { pltpu::make_async_copy(x_hbm, o_hbm, sem).wait(); },
      {.out_shape = t,
       .in_specs = {pl::BlockSpec::any(), pl::BlockSpec::any(), pl::BlockSpec::semaphore()},
       .out_specs = {pl::BlockSpec::any()},
       .input_output_aliases = {{1, 0}},
       .name = "copy_done",
       .interpret = interpret});
  return {start, done};
}

TEST(SemaphoresBetweenKernels, ADmaStartedInOneCallIsWaitedInAnother) {
  std::vector<float> data = pattern(16 * 128);
  Array x = Array::from_f32(data, {16, 128});
  for (bool interpret : kModes) {
    SCOPED_TRACE(modeName(interpret));
    AsyncCopy copy = asyncCopy(interpret, 16);
    std::vector<Array> started = copy.start.call({x});
    ASSERT_EQ(started.size(), 2u);
    EXPECT_EQ(started[1].dtype(), DType::dma_semaphore);
    EXPECT_EQ(started[1].to_s32(), std::vector<int32_t>{16 * 128 * 4})
        << "the DMA's bytes, on the semaphore the second call waits on";
    EXPECT_EQ(copy.done(x, started[0], started[1]).to_f32(), data);
    // Under jit: one program of the two calls.
    Compiled c = compile(
        [&](const Array &a) {
          std::vector<Array> s = copy.start.call({a});
          return copy.done(a, s[0], s[1]);
        },
        x);
    auto out = c.run({x});
    ASSERT_TRUE(out.ok()) << out.status().message();
    EXPECT_EQ(out->front().to_f32(), data);
  }
}

TEST(SemaphoresBetweenKernels, ARegularSemaphoreSignalledInOneKernelIsWaitedInTheNext) {
  // The first kernel signals sems[1] by 3 and returns the array; the second
  // waits for 2 of them and adds the count left (1) to x.
  std::vector<float> data = pattern(8 * 128);
  Array x = Array::from_f32(data, {8, 128});
  for (bool interpret : kModes) {
    SCOPED_TRACE(modeName(interpret));
    auto signal = pl::kernel({.out_type = pltpu::SemaphoreType::REGULAR(2),
                              .name = "signal",
                              .interpret = interpret},
                             [](Ref sems) { pl::semaphore_signal(sems.at(1), 3); });
    auto wait = pl::kernel(
        {.out_type = f32(8, 128),
         .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA},
         .name = "wait",
         .interpret = interpret},
        [](Ref sems, Ref x_hbm, Ref o_hbm, Ref buf, Ref dma) {
          pl::semaphore_wait(sems.at(1), 2);
          pltpu::async_copy(x_hbm, buf, dma).wait();
          buf[___] = buf[___] + pl::semaphore_read(sems.at(1));
          pltpu::async_copy(buf, o_hbm, dma).wait();
        });
    Array sems = signal.call({}).front();
    EXPECT_EQ(sems.dtype(), DType::semaphore);
    EXPECT_EQ(sems.to_s32(), (std::vector<int32_t>{0, 3}));
    std::vector<float> want = data;
    for (float &v : want)
      v += 1.0f;
    EXPECT_EQ(wait(sems, x).to_f32(), want);
    EXPECT_EQ(sems.to_s32(), (std::vector<int32_t>{0, 3})) << "an input array is a value";
  }
}

TEST(SemaphoresBetweenKernels, MisuseIsAnErrorNamingTheLine) {
  Array x = Array::from_f32(pattern(16 * 128), {16, 128});
  AsyncCopy copy = asyncCopy(false, 16);
  Array sem = copy.start.call({x})[1];
  // A semaphore operand whose BlockSpec is not memory_space SEMAPHORE.
  std::string line = here(5);
  std::string msg = errorOf([&] {
    pl::pallas_call([](Ref, Ref, Ref) {},
                    {.out_shape = f32(16, 128),
                     .in_specs = {pl::BlockSpec::any(),
                                  pl::BlockSpec::any()},
                     .out_specs = {pl::BlockSpec::any()}})(x, sem);
  });
  EXPECT_THAT(msg, HasSubstr(line + ": in_specs[1] is a semaphore operand: its BlockSpec is "
                                    "pl::BlockSpec::semaphore()"));
  line = here(1);
  msg = errorOf([&] { (void)(sem + sem); });
  EXPECT_THAT(msg, HasSubstr(line + ": add of a semaphore array (dma_sem[]): semaphores are "
                                    "operands of kernels only"));
  line = here(2);
  msg = errorOf([&] {
    pl::pallas_call([](Ref, Ref) {}, {.out_shape = pltpu::SemaphoreType::DMA,
                                      .input_output_aliases = {{0, 0}}})(sem);
  });
  EXPECT_THAT(msg, HasSubstr(line + ": input_output_aliases {0: 0}: input 0 is a semaphore "
                                    "array"));
  line = here(2);
  msg = errorOf([&] {
    pl::kernel({.out_type = pltpu::SemaphoreType::DMA, .mesh = pltpu::TensorCoreMesh{"tc", 2}},
               [](Ref) {})();
  });
  EXPECT_THAT(msg, HasSubstr(line + ": output 0 is a semaphore operand, but the kernel runs on 2 "
                                    "TensorCores"));
  line = here(1);
  msg = errorOf([&] { (void)pl::OutType(pltpu::VMEM({8, 128}, DType::float32)); });
  EXPECT_THAT(msg, HasSubstr(line + ": pltpu::VMEM(...) as an out_shape entry"));
}

}  // namespace
}  // namespace tessera
