//===- SplitChipTest.cpp - tpu_init::initialize_one_core ------------------===//
//
// A split chip (the seed's XLA-baseline setting) makes each TensorCore a
// device of its own. tpu_init runs once per process, before any device is
// handed out, so these tests are a binary of their own.
//
//===----------------------------------------------------------------------===//
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dsl/tessera.h"
#include "tests/dsl/DslTestUtil.h"

namespace tessera {
namespace {

using testing::HasSubstr;
using namespace testutil;

class SplitChip : public testing::Test {
protected:
  static void SetUpTestSuite() { tpu_init::initialize_one_core(); }
};

TEST_F(SplitChip, EachTensorCoreIsADevice) {
  const std::vector<Device> &all = devices();
  ASSERT_EQ(all.size(), 2u) << "one chip, two TensorCores";
  EXPECT_EQ(all[0].str(), "TPU_0(chip=0,core=0)");
  EXPECT_EQ(all[1].str(), "TPU_1(chip=0,core=1)");
  EXPECT_EQ(make_mesh({2}, {"x"}).devices.size(), 2u);
}

/// x + 1 over a parallel grid of 8 row blocks of [64, 128], compiled or
/// interpreted as `mode` says.
Compiled plusOneOnAParallelGrid(const Array &x, pltpu::Interpret mode = false) {
  pl::BlockSpec spec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; });
  auto f = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] + 1.0; },
                           {.out_shape = f32(64, 128),
                            .grid = {8},
                            .in_specs = {spec},
                            .out_specs = {spec},
                            .name = "split_chip",
                            .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}},
                            .interpret = mode});
  return compile([f](const Array &a) { return f(a); }, x);
}

std::vector<float> plusOne(std::vector<float> v) {
  for (float &e : v)
    e += 1.0f;
  return v;
}

TEST_F(SplitChip, AParallelPallasCallRunsOnTheDevicesCoreAlone) {
  std::vector<float> data = pattern(64 * 128);
  Array x = Array::from_f32(data, {64, 128});
  Compiled c = plusOneOnAParallelGrid(x);
  auto out = c.run({x});
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_EQ(out->front().to_f32(), plusOne(data));
  EXPECT_TRUE(c.last_run().front().cores.empty()) << "one core ran";
  EXPECT_THAT(c.ir("kernel"), testing::Not(HasSubstr("tessera.core_index")));
}

// The two devices of a split chip hold their arrays in halves of the chip's
// HBM; a remote copy into the other device's HBM array lands in that
// device's rows of it (the launch's HBM delta table), in both modes.
TEST_F(SplitChip, ARemoteCopyIntoTheOtherDevicesHbm) {
  for (bool interpret : {false, true}) {
    Mesh mesh = make_mesh({2}, {"x"});
    std::vector<float> data = pattern(16 * 128, 9);
    Array x = Array::from_f32(data, {16, 128});
    pl::Kernel swap = pl::kernel(
        {.out_type = f32(8, 128),
         .mesh = pltpu::TensorCoreMesh{"tc", 1},
         .scratch_types = {pltpu::SemaphoreType::DMA, pltpu::SemaphoreType::DMA},
         .name = "swap_hbm",
         .interpret = interpret},
        [](Ref x_hbm, Ref o_hbm, Ref sent, Ref recv) {
          Scalar other = (lax::axis_index("x") + 1) % 2;
          auto copy = pltpu::make_async_remote_copy(x_hbm, o_hbm, sent, recv,
                                                    pltpu::DeviceId{other});
          copy.start();
          copy.wait();
        });
    auto f = shard_map({.mesh = mesh, .in_specs = P("x"), .out_specs = P("x"), .check_vma = false},
                       [&](const Array &s) { return swap(s); });
    std::vector<float> got = jit(f)(x).to_f32();
    std::vector<float> want(data.begin() + 8 * 128, data.end());
    want.insert(want.end(), data.begin(), data.begin() + 8 * 128);
    EXPECT_EQ(got, want) << (interpret ? "interpreted" : "compiled");
  }
}

TEST_F(SplitChip, ATwoCoreMeshIsAnErrorNamingTheLine) {
  Array x = Array::from_f32(pattern(8 * 128), {8, 128});
  std::string line = here(2);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 128), .mesh = pltpu::TensorCoreMesh{"tc", 2}, .name = "two"},
               [](Ref, Ref) {})(x);
  });
  EXPECT_THAT(msg, HasSubstr(line + ": TensorCoreMesh num_cores=2 needs the TensorCores of one "
                                    "chip, but tpu_init::initialize_one_core() made each "
                                    "TensorCore a device of its own"));
}

TEST_F(SplitChip, InterpretModeCanSimulateTheChipsTwoCores) {
  // InterpretParams::num_cores_or_threads = 2 splits a parallel grid across
  // two simulated cores and runs a two-core mesh; the default simulates the
  // device's one core, as compiled.
  std::vector<float> data = pattern(64 * 128);
  Array x = Array::from_f32(data, {64, 128});
  for (int cores : {0, 1, 2}) {
    Compiled c = plusOneOnAParallelGrid(
        x, pltpu::InterpretParams{.detect_races = true, .num_cores_or_threads = cores});
    auto out = c.run({x});
    ASSERT_TRUE(out.ok()) << out.status().message();
    EXPECT_EQ(out->front().to_f32(), plusOne(data));
    EXPECT_THAT(c.ir("kernel"), HasSubstr(cores == 2 ? "cores 2" : "cores 1"));
  }
  auto k = pl::kernel({.out_type = f32(16, 128),
                       .mesh = pltpu::TensorCoreMesh{"tc", 2},
                       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32),
                                         pltpu::SemaphoreType::DMA},
                       .name = "halves",
                       .interpret = pltpu::InterpretParams{.num_cores_or_threads = 2}},
                      [](Ref x_hbm, Ref o_hbm, Ref buf, Ref sem) {
                        Scalar row = pl::multiple_of(lax::axis_index("tc") * 8, 8);
                        pltpu::async_copy(x_hbm.at(pl::ds(row, 8)), buf, sem).wait();
                        buf[___] = buf[___] + 1.0;
                        pltpu::async_copy(buf, o_hbm.at(pl::ds(row, 8)), sem).wait();
                      });
  std::vector<float> half(data.begin(), data.begin() + 16 * 128);
  EXPECT_EQ(k(Array::from_f32(half, {16, 128})).to_f32(), plusOne(half));
}

}  // namespace
}  // namespace tessera
