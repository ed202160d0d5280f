//===- RaceTest.cpp - Races and silent mistakes in compiled kernels -------===//
//
// Kernels written with the DSL that are wrong in ways the numbers would not
// show: an access to a buffer a DMA still reads or writes (race detection,
// on by default on the simulator), a read of scratch nothing wrote
// (DebugOptions::check_uninitialized_reads), an output left partly unwritten
// (a launch warning) and a kernel that never ends (DebugOptions::
// cycle_budget). Each error names the user's lines, and the chip runs the
// next kernel normally. The correct split start / wait with independent work
// in between must not be reported.
//
//===----------------------------------------------------------------------===//
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dsl/tessera.h"
#include "runtime/Program.h"
#include "tests/dsl/DslTestUtil.h"

namespace tessera {
namespace {

using testing::AllOf;
using testing::HasSubstr;
using testutil::f32;
using testutil::pattern;

std::string lineOf(int line) { return "RaceTest.cpp:" + std::to_string(line); }
int lineHere(std::source_location loc = std::source_location::current()) {
  return (int)loc.line();
}

pltpu::ScratchType vmem8() { return pltpu::VMEM({8, 128}, DType::float32); }

/// Runs the kernel eagerly on `x`: its result, or the error's message.
std::string errorOfCall(const pl::Kernel &k, const Array &x) {
  return testutil::errorOf([&] { k(x); });
}

/// A correct kernel: o = x * 2. The chip runs it after each error.
void expectChipUsable() {
  auto k = pl::kernel(
      {.out_type = f32(8, 128),
       .scratch_types = {vmem8(), pltpu::SemaphoreType::DMA},
       .name = "fine"},
      [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
        pltpu::async_copy(x_hbm, x_vmem, sem).wait();
        x_vmem[___] = x_vmem[___] * 2.0;
        pltpu::async_copy(x_vmem, o_hbm, sem).wait();
      });
  std::vector<float> x = pattern(8 * 128);
  std::vector<float> got = k(Array::from_f32(x, {8, 128})).to_f32();
  for (size_t i = 0; i < x.size(); ++i)
    ASSERT_EQ(got[i], x[i] * 2.0f) << i;
}

Array input() { return Array::from_f32(pattern(8 * 128), {8, 128}); }

int startLine = 0, raceLine = 0;

TEST(Races, OverwritingABufferADmaStillReadsNamesBothLines) {
  // The kernel.
  auto k = pl::kernel(
      {.out_type = f32(8, 128),
       .scratch_types = {vmem8(), vmem8(), pltpu::SemaphoreType::DMA(2)},
       .name = "overwrite",
       .arg_names = {"x_hbm", "out_hbm", "x_vmem", "o", "sems"}},
      [](Ref x_hbm, Ref out_hbm, Ref x_vmem, Ref o, Ref sems) {
        pltpu::async_copy(x_hbm, x_vmem, sems.at(1)).wait();
        o[___] = x_vmem[___];
        auto d = pltpu::make_async_copy(o, out_hbm.at(pl::ds(0, 8)), sems.at(0));
        startLine = lineHere() + 1;
        d.start();
        raceLine = lineHere() + 1;
        o[___] = x_vmem[___] * 5.0;  // overwrites o while the DMA still reads it
        d.wait();
      });
  std::string message = errorOfCall(k, input());
  EXPECT_THAT(message, AllOf(HasSubstr("kernel 'overwrite' faulted"),
                             HasSubstr("(" + lineOf(raceLine) + "): vst to rows [0, 8) of o (VMEM rows [0x8, 0x10))"),
                             HasSubstr("while the DMA started at bundle"),
                             HasSubstr("(" + lineOf(startLine) + ") still reads them "
                                       "(dma.vmem_to_hbm; wait for it on [sem:0] first)")));
  expectChipUsable();
}

TEST(Races, LoadingABufferAnInboundDmaStillWrites) {
  auto k = pl::kernel(
      {.out_type = f32(8, 128),
       .scratch_types = {vmem8(), vmem8(), pltpu::SemaphoreType::DMA},
       .name = "early_load"},
      [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref o_vmem, Ref sem) {
        startLine = lineHere() + 1;
        auto in = pltpu::async_copy(x_hbm, x_vmem, sem);
        raceLine = lineHere() + 1;
        o_vmem[___] = x_vmem[___] + 1.0;  // before the wait
        in.wait();
        pltpu::async_copy(o_vmem, o_hbm, sem).wait();
      });
  std::string message = errorOfCall(k, input());
  EXPECT_THAT(message, AllOf(HasSubstr("(" + lineOf(raceLine) + "): vld of rows [0, 8) of scratch0 (VMEM rows [0x0, 0x8))"),
                             HasSubstr("(" + lineOf(startLine) + ") still writes them "
                                       "(dma.hbm_to_vmem; wait for it on [sem:0] first)")));
  expectChipUsable();
}

TEST(Races, TwoDmasIntoOneBuffer) {
  auto k = pl::kernel(
      {.out_type = f32(8, 128),
       .scratch_types = {vmem8(), pltpu::SemaphoreType::DMA(2)},
       .name = "two_into_one"},
      [](Ref x_hbm, Ref y_hbm, Ref o_hbm, Ref x_vmem, Ref sems) {
        startLine = lineHere() + 1;
        auto a = pltpu::async_copy(x_hbm, x_vmem, sems.at(0));
        raceLine = lineHere() + 1;
        auto b = pltpu::async_copy(y_hbm, x_vmem, sems.at(1));
        a.wait();
        b.wait();
        pltpu::async_copy(x_vmem, o_hbm, sems.at(0)).wait();
      });
  std::string message = testutil::errorOf([&] { k(input(), input()); });
  EXPECT_THAT(message,
              AllOf(HasSubstr("(" + lineOf(raceLine) + "): dma.hbm_to_vmem writes rows [0, 8) of "
                                                        "scratch0 (VMEM rows [0x0, 0x8))"),
                    HasSubstr("(" + lineOf(startLine) + ") still writes them")));
  expectChipUsable();
}

TEST(Races, SplitStartAndWaitWithIndependentWorkIsNotReported) {
  auto k = pl::kernel(
      {.out_type = f32(8, 128),
       .scratch_types = {vmem8(), vmem8(), vmem8(), pltpu::SemaphoreType::DMA(2)},
       .name = "overlap"},
      [](Ref x_hbm, Ref y_hbm, Ref o_hbm, Ref x_vmem, Ref y_vmem, Ref o_vmem, Ref sems) {
        pltpu::async_copy(y_hbm, y_vmem, sems.at(1)).wait();
        auto in = pltpu::async_copy(x_hbm, x_vmem, sems.at(0));
        o_vmem[___] = y_vmem[___] * 3.0;  // independent of x_vmem
        in.wait();
        o_vmem[___] = o_vmem[___] + x_vmem[___];
        pltpu::async_copy(o_vmem, o_hbm, sems.at(0)).wait();
      });
  std::vector<float> x = pattern(8 * 128, 1), y = pattern(8 * 128, 2);
  std::vector<float> got = k(Array::from_f32(x, {8, 128}), Array::from_f32(y, {8, 128})).to_f32();
  for (size_t i = 0; i < x.size(); ++i)
    ASSERT_EQ(got[i], y[i] * 3.0f + x[i]) << i;
}

// --- Uninitialized scratch. ---

pl::Kernel readsUnwrittenScratch(bool check) {
  return pl::kernel(
      {.out_type = f32(8, 128),
       .scratch_types = {vmem8(), vmem8(), pltpu::SemaphoreType::DMA},
       .name = "uninit",
       .debug = {.check_uninitialized_reads = check}},
      [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref t_vmem, Ref sem) {
        pltpu::async_copy(x_hbm, x_vmem, sem).wait();
        raceLine = lineHere() + 1;
        x_vmem[___] = x_vmem[___] + t_vmem[___];  // t_vmem is never written
        pltpu::async_copy(x_vmem, o_hbm, sem).wait();
      });
}

TEST(Uninitialized, AReadOfScratchNothingWroteIsAnErrorWhenAskedFor) {
  std::string message = errorOfCall(readsUnwrittenScratch(true), input());
  EXPECT_THAT(message, AllOf(HasSubstr("kernel 'uninit' faulted"),
                             HasSubstr("(" + lineOf(raceLine) + "): vld of rows [0, 8) of scratch1 (VMEM rows [0x8, 0x10)) "
                                       "reads VMEM row 0x8, which nothing wrote during this "
                                       "run (uninitialized scratch")));
  expectChipUsable();
  // Off by default: the kernel runs (and reads whatever VMEM holds).
  EXPECT_EQ(errorOfCall(readsUnwrittenScratch(false), input()), "");
}

// jnp::zeros_like(ref[___]) takes the shape of scratch never written: a
// load nobody uses reads nothing, compiled (the load is dead code) and
// interpreted alike, with the uninitialized-read check on.
TEST(Uninitialized, ZerosLikeOfUnwrittenScratchReadsNothingInBothModes) {
  for (bool interpret : {false, true}) {
    auto k = pl::kernel(
        {.out_type = f32(8, 128),
         .scratch_types = {vmem8(), vmem8(), pltpu::SemaphoreType::DMA},
         .name = "zeros_like_scratch",
         .debug = {.check_uninitialized_reads = true},
         .interpret = interpret ? pltpu::Interpret(pltpu::InterpretParams{
                                      .check_uninitialized_reads = true})
                                : pltpu::Interpret()},
        [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref acc, Ref sem) {
          pltpu::async_copy(x_hbm, x_vmem, sem).wait();
          acc[___] = jnp::zeros_like(acc[___]) + x_vmem[___];
          pltpu::async_copy(acc, o_hbm, sem).wait();
        });
    std::vector<float> data = pattern(8 * 128, 1);
    EXPECT_EQ(k(Array::from_f32(data, {8, 128})).to_f32(), data) << "interpret " << interpret;
  }
}

// --- Unwritten outputs. ---

// The same warning, word for word, compiled and in interpret mode.
TEST(UnwrittenOutput, RowsNoDmaWroteAreAWarning) {
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    int kernelLine = lineHere() + 1;
    auto k = pl::kernel(
        {.out_type = f32(24, 128),
         .scratch_types = {vmem8(), pltpu::SemaphoreType::DMA},
         .name = "half",
         .arg_names = {"x_hbm", "o_hbm", "x_vmem", "sem"},
         .interpret = interpret},
        [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
          pltpu::async_copy(x_hbm, x_vmem, sem).wait();
          pltpu::async_copy(x_vmem, o_hbm.at(pl::ds(8, 8)), sem).wait();  // rows 8..16 only
        });
    Array x = input();
    Compiled c = compile([&](const Array &a) { return k(a); }, x);
    testing::internal::CaptureStderr();
    auto out = c.run({x});
    std::string printed = testing::internal::GetCapturedStderr();
    ASSERT_TRUE(out.ok()) << out.status();
    ASSERT_EQ(c.last_run().size(), 1u);
    const std::vector<std::string> &warnings = c.last_run()[0].warnings;
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0], lineOf(kernelLine) +
                               ": warning: kernel 'half' ended without writing rows [0, 8), "
                               "[16, 24) of its output o_hbm (f32[24,128]); they hold whatever "
                               "the buffer held");
    EXPECT_EQ(printed, warnings[0] + "\n");
    // A kernel that writes all of its output warns about nothing.
    auto full = pl::kernel(
        {.out_type = f32(8, 128),
         .scratch_types = {vmem8(), pltpu::SemaphoreType::DMA},
         .interpret = interpret},
        [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
          pltpu::async_copy(x_hbm, x_vmem, sem).wait();
          pltpu::async_copy(x_vmem, o_hbm, sem).wait();
        });
    Compiled f = compile([&](const Array &a) { return full(a); }, x);
    ASSERT_TRUE(f.run({x}).ok());
    EXPECT_TRUE(f.last_run()[0].warnings.empty());
  }
}

// --- The cycle budget. ---

TEST(CycleBudget, AKernelThatRunsTooLongStopsNamingTheLoop) {
  int loopLine = 0;
  auto k = pl::kernel(
      {.out_type = f32(8, 128),
       .scratch_types = {vmem8(), pltpu::SemaphoreType::DMA},
       .name = "long_loop",
       .debug = {.cycle_budget = 20000}},
      [&](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
        pltpu::async_copy(x_hbm, x_vmem, sem).wait();
        loopLine = lineHere() + 1;
        Value acc = lax::fori_loop(
            0, 1000000, [&](Scalar, Value acc) { return acc + 1.0; }, x_vmem[___]);
        x_vmem[___] = acc;
        pltpu::async_copy(x_vmem, o_hbm, sem).wait();
      });
  std::string message = errorOfCall(k, input());
  EXPECT_THAT(message, AllOf(HasSubstr("kernel 'long_loop' faulted"),
                             HasSubstr("without finishing: the run's cycle budget is 20000 "
                                       "cycles"),
                             HasSubstr("the last branch taken was bundle"),
                             HasSubstr("(" + lineOf(loopLine) + ") back to bundle")));
  expectChipUsable();
}

// .debug = {.dma_byte_budget = N}: a launch's DMA traffic beyond N stops at
// the DMA; the default (8 GiB) lets the same kernel run.
TEST(DmaBudget, TheKernelsDebugOptionSetsIt) {
  int copyLine = 0;
  auto kernel = [&](int64_t budget) {
    return pl::kernel(
        {.out_type = f32(8, 128),
         .scratch_types = {vmem8(), pltpu::SemaphoreType::DMA},
         .name = "copies",
         .debug = {.dma_byte_budget = budget}},
        [&](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
          copyLine = lineHere() + 1;
          pltpu::async_copy(x_hbm, x_vmem, sem).wait();  // 4096 bytes
          pltpu::async_copy(x_vmem, o_hbm, sem).wait();  // 4096 more
        });
  };
  EXPECT_EQ(errorOfCall(kernel(0), input()), "");
  EXPECT_EQ(errorOfCall(kernel(8192), input()), "");
  std::string message = errorOfCall(kernel(6000), input());
  EXPECT_THAT(message, AllOf(HasSubstr("(" + lineOf(copyLine + 1) + "): dma.vmem_to_hbm of 4096 "
                                       "bytes would bring this run's DMA traffic to 8192 bytes, "
                                       "beyond its budget of 6000"),
                             HasSubstr(".debug = {.dma_byte_budget = N} on a kernel")));
  expectChipUsable();
}

// The default scales with the launch's arrays: 64 bytes of traffic per byte
// of its inputs and outputs, at least 8 GiB (a 16384^3 matmul's grid reads
// its blocks 24 times over); a budget given is the budget.
TEST(DmaBudget, TheDefaultScalesWithTheArrays) {
  // Only the arrays' types count: tracers stand in for them.
  auto part = [](int64_t rows) {
    ShapeDtypeStruct type{{rows, 128}, DType::float32};
    runtime::DeviceOperands p;
    p.inputs = {Array::tracer(nullptr, 0, type)};
    p.outputs = {Array::tracer(nullptr, 1, type)};
    return p;
  };
  runtime::LaunchOptions options;
  EXPECT_EQ(runtime::dmaByteBudgetOf(options, {part(8)}), sim::kDefaultDmaByteBudget);
  // Two f32[2^20, 128] arrays: 1 GiB; the larger part counts.
  EXPECT_EQ(runtime::dmaByteBudgetOf(options, {part(8), part(1 << 20)}),
            sim::kDmaBytesPerArrayByte << 30);
  options.dmaByteBudget = 6000;
  EXPECT_EQ(runtime::dmaByteBudgetOf(options, {part(1 << 20)}), 6000);
}

}  // namespace
}  // namespace tessera
