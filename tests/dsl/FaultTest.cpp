//===- FaultTest.cpp - Checks, faults and what happens without checks -----===//
//
// The seed's CompilerParams section, as tests: with checks on, a bad window
// or a missing wait stops the kernel with an error at the user's line and the
// chip stays usable; with checks off, the chip does what the hardware would
// (reads and writes neighbouring simulated memory, leaves a stale semaphore
// that breaks the next launch) and never touches host memory (this file also
// runs under AddressSanitizer: scripts/dev.sh sanitize).
//
//===----------------------------------------------------------------------===//
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dsl/tessera.h"
#include "runtime/Host.h"
#include "tests/dsl/DslTestUtil.h"

namespace tessera {
namespace {

using testing::AllOf;
using testing::HasSubstr;

std::string here(int offset, std::source_location loc = std::source_location::current()) {
  return "FaultTest.cpp:" + std::to_string(loc.line() + offset);
}

int dmaLine = 0;  // the line of the windowed input DMA below

/// o = x[off : off + 8] * 2, with off from SMEM.
pl::Kernel windowKernel(bool bounds, bool semaphores) {
  return pl::kernel(
      {.out_type = ShapeDtypeStruct{{8, 128}, DType::float32},
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "window",
       .compiler_params = {.disable_bounds_checks = !bounds,
                           .disable_semaphore_checks = !semaphores},
       .num_scalar_prefetch = 1,
       .arg_names = {"off_smem", "x_hbm", "o_hbm", "x_vmem", "sem"}},
      [](Ref off_smem, Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
        dmaLine = std::source_location::current().line() + 1;
        pltpu::async_copy(x_hbm.at(pl::ds(off_smem[0], 8)), x_vmem, sem).wait();
        x_vmem[___] = x_vmem[___] * 2.0;
        pltpu::async_copy(x_vmem, o_hbm, sem).wait();
      });
}

std::vector<float> iota(int64_t n, float start) {
  std::vector<float> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = start + (float)i;
  return v;
}

TEST(Faults, BoundsCheckStopsTheKernelAtTheUsersLine) {
  Array x = Array::from_f32(iota(16 * 128, 0), {16, 128});
  auto k = windowKernel(true, true);
  Compiled c = compile([&](const Array &o, const Array &a) { return k(o, a); },
                       Array::from_s32({12}, {1}), x);
  auto bad = c.run({Array::from_s32({12}, {1}), x});
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(std::string(bad.status().message()),
              AllOf(HasSubstr("FaultTest.cpp:" + std::to_string(dmaLine) + ": kernel 'window'"),
                    HasSubstr("BoundsCheck failed for dma.hbm_to_vmem"),
                    HasSubstr("rows [12, 20) of x_hbm are outside [0, 16)")));
  // Negative starts too.
  auto negative = c.run({Array::from_s32({-3}, {1}), x});
  ASSERT_FALSE(negative.ok());
  EXPECT_THAT(std::string(negative.status().message()), HasSubstr("rows [-3, 5) of x_hbm"));
  // The chip is usable: the same executable with a good offset works.
  auto good = c.run({Array::from_s32({8}, {1}), x});
  ASSERT_TRUE(good.ok()) << good.status();
  std::vector<float> got = good->front().to_f32();
  for (int64_t i = 0; i < 8 * 128; ++i)
    ASSERT_EQ(got[i], (float)(8 * 128 + i) * 2.0f);
}

TEST(Faults, WithoutBoundsChecksTheDmaReadsTheNeighbouringArray) {
  // Arrays are allocated one after another in HBM: `next` lies right after x.
  Array x = Array::from_f32(iota(16 * 128, 0), {16, 128});
  Array next = Array::from_f32(iota(16 * 128, 100000), {16, 128});
  ASSERT_EQ(next.buffer()->row, x.buffer()->row + 16);
  Array y = windowKernel(false, true)(Array::from_s32({12}, {1}), x);
  std::vector<float> got = y.to_f32();
  for (int64_t i = 0; i < 4 * 128; ++i)  // rows 12..15 of x
    ASSERT_EQ(got[i], (float)(12 * 128 + i) * 2.0f);
  for (int64_t i = 0; i < 4 * 128; ++i)  // then rows 0..3 of `next`
    ASSERT_EQ(got[4 * 128 + i], (100000.0f + (float)i) * 2.0f);
}

TEST(Faults, WithoutBoundsChecksAnOutOfRangeWriteLandsInTheNeighbour) {
  Array x = Array::from_f32(iota(8 * 128, 1), {8, 128});
  Array o = jnp::zeros({16, 128});
  Array neighbour = Array::from_f32(std::vector<float>(16 * 128, -1.0f), {16, 128});
  ASSERT_EQ(neighbour.buffer()->row, o.buffer()->row + 16);
  // Writes x*1 to rows [off, off+8) of an output that has 16 rows.
  auto k = pl::kernel(
      {.out_type = ShapeDtypeStruct{{16, 128}, DType::float32},
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA},
       .compiler_params = {.disable_bounds_checks = true},
       .num_scalar_prefetch = 1},
      [](Ref off, Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
        pltpu::async_copy(x_hbm, v, sem).wait();
        pltpu::async_copy(v, o_hbm.at(pl::ds(off[0], 8)), sem).wait();
      });
  // Run the kernel's program with our own output buffer so we know its place.
  Compiled c = compile([&](const Array &a, const Array &b) { return k(a, b); },
                       Array::from_s32({12}, {1}), x);
  const auto &binary = *c.program().calls.front().kernel;
  auto launched = runtime::launch(binary, o.device(), {Array::from_s32({12}, {1}), x}, {o});
  ASSERT_TRUE(launched.ok()) << launched.status();
  std::vector<float> n = neighbour.to_f32();
  for (int64_t i = 0; i < 4 * 128; ++i)  // x rows 4..7 landed in neighbour rows 0..3
    ASSERT_EQ(n[i], (float)(4 * 128 + i + 1));
  for (int64_t i = 4 * 128; i < 16 * 128; ++i)
    ASSERT_EQ(n[i], -1.0f);
}

int forgetfulLine = 0;  // the line of the pl::kernel below

/// Starts a DMA of x into VMEM and never waits for it.
pl::Kernel forgetfulKernel(bool semaphoreChecks) {
  forgetfulLine = std::source_location::current().line() + 1;
  return pl::kernel(
      {.out_type = ShapeDtypeStruct{{8, 128}, DType::float32},
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "forgetful",
       .compiler_params = {.disable_bounds_checks = true,
                           .disable_semaphore_checks = !semaphoreChecks}},
      [](Ref x_hbm, Ref, Ref x_vmem, Ref sem) {
        pltpu::make_async_copy(x_hbm, x_vmem, sem).start();
      });
}

int scaleLine = 0;  // the input DMA's line in scaleKernel

/// The seed's kernel: o = x * 2.
pl::Kernel scaleKernel() {
  return pl::kernel(
      {.out_type = ShapeDtypeStruct{{8, 128}, DType::float32},
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "scale",
       .compiler_params = {.disable_bounds_checks = true, .disable_semaphore_checks = true}},
      [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
        scaleLine = std::source_location::current().line() + 1;
        pltpu::async_copy(x_hbm, x_vmem, sem).wait();
        x_vmem[___] = x_vmem[___] * 2.0;
        pltpu::async_copy(x_vmem, o_hbm, sem).wait();
      });
}

TEST(Faults, MissingWaitWithSemaphoreChecksIsAnError) {
  Array ones = Array::from_f32(std::vector<float>(8 * 128, 1.0f), {8, 128});
  auto k = forgetfulKernel(true);
  std::string line = "FaultTest.cpp:" + std::to_string(forgetfulLine);
  try {
    k(ones);
    FAIL() << "expected the semaphore check to stop the kernel";
  } catch (const Error &e) {
    EXPECT_THAT(std::string(e.what()),
                AllOf(HasSubstr(line + ": kernel 'forgetful'"),
                      HasSubstr("Semaphore (scratch argument 1) has a nonzero value upon exit "
                                "from a kernel: 4096; the DMAs on scratch1 start at FaultTest.cpp:" +
                                std::to_string(forgetfulLine + 7) + " (it was never waited for)")));
  }
  // The runtime cleared the dead kernel's semaphores: the next launch works.
  EXPECT_TRUE(nonzero_semaphores(ones.device()).empty());
  Array fives = Array::from_f32(std::vector<float>(8 * 128, 5.0f), {8, 128});
  EXPECT_EQ(scaleKernel()(fives).to_f32(), std::vector<float>(8 * 128, 10.0f));
}

TEST(Faults, MissingWaitWithoutChecksBreaksTheNextLaunch) {
  Device device = devices().front();
  reset_semaphores(device);
  Array ones = Array::from_f32(std::vector<float>(8 * 128, 1.0f), {8, 128});
  Array fives = Array::from_f32(std::vector<float>(8 * 128, 5.0f), {8, 128});
  forgetfulKernel(false)(ones);  // completes; its DMA lands after the end
  auto stale = nonzero_semaphores(device);
  ASSERT_EQ(stale.size(), 1u);
  EXPECT_EQ(stale[0], (std::pair<int, int32_t>{0, 4096}));
  // The next kernel's first wait is satisfied at once by the stale 4096
  // bytes, so its vld reads x_vmem while its own input DMA still writes it:
  // race detection (on by default) reports that, naming both lines. Without
  // it the kernel would compute 2 * the ones still in VMEM, and its second
  // wait, satisfied by its own input DMA, would let the fives land over the
  // result before the output DMA copied it out: silently the input, not
  // doubled.
  std::string message = testutil::errorOf([&] { scaleKernel()(fives); });
  EXPECT_THAT(message, AllOf(HasSubstr("(FaultTest.cpp:" + std::to_string(scaleLine + 1) +
                                       "): vld of rows [0, 8) of scratch0 (VMEM rows [0x0, 0x8)) "
                                       "while the DMA started"),
                             HasSubstr("(FaultTest.cpp:" + std::to_string(scaleLine) +
                                       ") still writes them")));
  // The faulted launch cleared its semaphores, as a halted one does.
  EXPECT_TRUE(nonzero_semaphores(device).empty());
  EXPECT_EQ(scaleKernel()(fives).to_f32(), std::vector<float>(8 * 128, 10.0f));
  forgetfulKernel(false)(ones);
  ASSERT_EQ(nonzero_semaphores(device).size(), 1u);
  // Clearing the semaphores repairs the core.
  reset_semaphores(device);
  EXPECT_EQ(scaleKernel()(fives).to_f32(), std::vector<float>(8 * 128, 10.0f));
}

TEST(Faults, StaticOutOfRangeWindowIsACompileErrorWhateverTheSwitches) {
  Array x = jnp::zeros({16, 128});
  std::string line = here(6);
  auto k = pl::kernel(
      {.out_type = ShapeDtypeStruct{{8, 128}, DType::float32},
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA},
       .compiler_params = {.disable_bounds_checks = true, .disable_semaphore_checks = true}},
      [](Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
        pltpu::async_copy(x_hbm.at(pl::ds(12, 8)), v, sem).wait();
      });
  try {
    k(x);
    FAIL() << "expected a compile error";
  } catch (const Error &e) {
    EXPECT_THAT(std::string(e.what()),
                AllOf(HasSubstr(line + ": window [12, 20) of dimension 0"),
                      HasSubstr("outside [0, 16)")));
  }
}

}  // namespace
}  // namespace tessera
