//===- ShardingTest.cpp - Meshes, shardings and shard_map over chips ------===//
//
// The host's four chips as devices: make_mesh's device order, NamedSharding
// rules and their HLO text, device_put and gathering, and shard_map running
// one kernel on every device of a mesh at once, compiled and interpreted.
// The tests use the default devices (all chips, whole).
//
//===----------------------------------------------------------------------===//
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "dsl/tessera.h"
#include "runtime/Program.h"
#include "runtime/Sharding.h"
#include "tests/dsl/DslTestUtil.h"

namespace tessera {
namespace {

using testing::HasSubstr;
using namespace testutil;

std::vector<int> ids(const Mesh &mesh) {
  std::vector<int> out;
  for (const Device &d : mesh.devices)
    out.push_back(d.id);
  return out;
}

TEST(Mesh, FollowsTheChipsPositions) {
  ASSERT_EQ(devices().size(), 4u);
  EXPECT_EQ(ids(make_mesh({4}, {"device"})), (std::vector<int>{0, 1, 3, 2})) << "a ring";
  EXPECT_EQ(ids(make_mesh({2, 2}, {"x", "y"})), (std::vector<int>{0, 2, 1, 3}))
      << "mesh[x][y] is the chip at (x, y)";
  EXPECT_EQ(ids(make_mesh({2}, {"pair"})), (std::vector<int>{0, 1}));
  std::string line = here(2);  // a macro's arguments are at its last line
  EXPECT_THAT(errorOf([] { make_mesh({2, 2}, {"x", "x"}); }),
              HasSubstr(line + ": make_mesh: axis name 'x' appears twice"));
  EXPECT_THAT(errorOf([] { make_mesh({8}, {"x"}); }),
              HasSubstr("make_mesh needs 8 devices, but tpu_init opened 4"));
}

TEST(Sharding, ShardShapesAndTheirErrors) {
  Mesh mesh = make_mesh({2, 2}, {"x", "y"});
  ShapeDtypeStruct t{{32, 256}, DType::float32};
  EXPECT_EQ(*runtime::shardShape(t, {mesh, P("x", "y")}), (Shape{16, 128}));
  EXPECT_EQ(*runtime::shardShape(t, {mesh, P(nullptr, "x")}), (Shape{32, 128}));
  EXPECT_EQ(*runtime::shardShape(t, {mesh, P()}), (Shape{32, 256}));
  Mesh four = make_mesh({4}, {"device"});
  EXPECT_EQ(runtime::shardShape({{30, 128}, DType::float32}, {four, P("device")})
                .status()
                .message(),
            "dimension 0 of f32[30,128] (30) does not split evenly over mesh axis 'device' of 4 "
            "devices");
  EXPECT_THAT(std::string(runtime::shardShape(t, {mesh, P("z")}).status().message()),
              HasSubstr("P('z') names axis 'z', which is not an axis of the mesh (its axes: x, y)"));
  EXPECT_THAT(std::string(runtime::shardShape(t, {mesh, P("x", "x")}).status().message()),
              HasSubstr("names mesh axis 'x' twice"));
  EXPECT_THAT(std::string(runtime::shardShape(t, {mesh, P("x", "y", nullptr)}).status().message()),
              HasSubstr("has 3 entries, more than the array's rank 2"));
}

TEST(Sharding, HloText) {
  Mesh four = make_mesh({4}, {"device"});
  Mesh grid = make_mesh({2, 2}, {"x", "y"});
  EXPECT_EQ(runtime::hloSharding({four, P("device")}, 2), "{devices=[4,1]0,1,3,2}");
  EXPECT_EQ(runtime::hloSharding({four, P()}, 2), "{replicated}");
  EXPECT_EQ(runtime::hloSharding({grid, P("x", "y")}, 2), "{devices=[2,2]0,2,1,3}");
  EXPECT_EQ(runtime::hloSharding({grid, P("y", "x")}, 2), "{devices=[2,2]0,1,2,3}");
  EXPECT_EQ(runtime::hloSharding({grid, P(nullptr, "x")}, 2),
            "{devices=[1,2,2]0,2,1,3 last_tile_dim_replicate}");
  EXPECT_EQ(runtime::hloSharding({grid, P("y")}, 2),
            "{devices=[2,1,2]0,1,2,3 last_tile_dim_replicate}");
  EXPECT_EQ(to_string(NamedSharding{grid, P(nullptr, "x")}),
            "NamedSharding(mesh={'x': 2, 'y': 2}, spec=P(None, 'x'))");
}

TEST(Sharding, DevicePutPlacesShardsAndGathersBack) {
  Mesh grid = make_mesh({2, 2}, {"x", "y"});
  std::vector<float> data = pattern(16 * 256);
  Array x = Array::from_f32(data, {16, 256});
  Array s = device_put(x, NamedSharding{grid, P("x", "y")});
  ASSERT_NE(s.sharding(), nullptr);
  EXPECT_EQ(s.shape(), (Shape{16, 256}));
  std::vector<Array> shards = s.shards();
  ASSERT_EQ(shards.size(), 4u);
  for (size_t d = 0; d < 4; ++d) {
    EXPECT_EQ(shards[d].device(), grid.devices[d]);
    EXPECT_EQ(shards[d].shape(), (Shape{8, 128}));
  }
  // Device (x=1, y=0) holds rows [8, 16), columns [0, 128).
  std::vector<float> got = shards[2].to_f32();
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 128; ++c)
      ASSERT_EQ(got[r * 128 + c], data[(8 + r) * 256 + c]) << r << "," << c;
  EXPECT_EQ(s.to_f32(), data) << "gathered";
  Array odd = Array::from_f32(pattern(18 * 128), {18, 128});
  std::string line = here(4);  // a macro's arguments are at its last line
  EXPECT_THAT(
      errorOf([&] { device_put(odd, NamedSharding{make_mesh({4}, {"d"}), P("d")}); }),
      HasSubstr(line + ": device_put: dimension 0 of f32[18,128] (18) does not split "
                       "evenly over mesh axis 'd' of 4 devices"));
}

/// The seed's kernel: o = x * 2 through VMEM, on a shard.
pl::Kernel scaleKernel(const ShapeDtypeStruct &shard, bool interpret) {
  return pl::kernel({.out_type = shard,
                     .mesh = pltpu::TensorCoreMesh{"tc", 1},
                     .scratch_types = {pltpu::VMEM(shard.shape, shard.dtype),
                                       pltpu::SemaphoreType::DMA},
                     .name = "scale",
                     .interpret = interpret},
                    [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
                      pltpu::async_copy(x_hbm, x_vmem, sem).wait();
                      x_vmem[___] = x_vmem[___] * 2.0;
                      pltpu::async_copy(x_vmem, o_hbm, sem).wait();
                    });
}

class ShardMap : public testing::TestWithParam<bool> {};

TEST_P(ShardMap, RunsTheKernelOnEveryDeviceOnItsShard) {
  Mesh mesh = make_mesh({4}, {"device"});
  std::vector<float> data = pattern(32 * 128);
  Array x = Array::from_f32(data, {32, 128});
  auto f = shard_map({.mesh = mesh, .in_specs = P("device"), .out_specs = P("device"),
                      .check_vma = false},
                     [&](const Array &s) { return scaleKernel(s.aval(), GetParam())(s); });
  Compiled c = compile(f, x);
  auto out = c.run({x});
  ASSERT_TRUE(out.ok()) << out.status().message();
  std::vector<float> want = data;
  for (float &v : want)
    v *= 2.0f;
  EXPECT_EQ(out->front().to_f32(), want);
  ASSERT_NE(out->front().sharding(), nullptr);
  EXPECT_EQ(*out->front().sharding(), (NamedSharding{mesh, P("device")}));
  for (size_t d = 0; d < 4; ++d)
    EXPECT_EQ(out->front().shards()[d].device(), mesh.devices[d]);
  std::string hlo = c.hlo();
  EXPECT_THAT(hlo, HasSubstr("parameter(0), sharding={devices=[4,1]0,1,3,2}"));
  EXPECT_THAT(hlo, HasSubstr("custom_call_target=\"SPMDFullToShardShape\", sharding={manual}"));
  EXPECT_THAT(hlo, HasSubstr("sharding={manual}, backend_config={\"kernel_name\":\"scale\""));
  EXPECT_THAT(hlo, HasSubstr("\"devices\":[0,1,3,2]"));
  EXPECT_THAT(hlo, HasSubstr("custom_call_target=\"SPMDShardToFullShape\", "
                             "sharding={devices=[4,1]0,1,3,2}"));
  if (!GetParam()) {
    const runtime::LaunchStats &launch = c.last_run().front();
    ASSERT_EQ(launch.cores.size(), 4u) << "one run per chip";
    for (size_t d = 0; d < 4; ++d) {
      EXPECT_EQ(launch.coreIds[d].chip, mesh.devices[d].chip);
      EXPECT_EQ(launch.cores[d].cycles, launch.cores[0].cycles) << "the same work";
    }
    Profile p = c.profile();
    ASSERT_EQ(p.launches.size(), 4u);
    EXPECT_THAT(p.str(), HasSubstr("Chip 3, TensorCore 0 of the launch:"));
  }
}

TEST_P(ShardMap, AShardedArgumentKeepsItsShards) {
  Mesh mesh = make_mesh({4}, {"device"});
  std::vector<float> data = pattern(32 * 128, 3);
  Array x = device_put(Array::from_f32(data, {32, 128}), NamedSharding{mesh, P("device")});
  auto f = shard_map({.mesh = mesh, .in_specs = P("device"), .out_specs = P("device"),
                      .check_vma = false},
                     [&](const Array &s) { return scaleKernel(s.aval(), GetParam())(s); });
  Array y = jit(f)(x);
  std::vector<float> want = data;
  for (float &v : want)
    v *= 2.0f;
  EXPECT_EQ(y.to_f32(), want);
}

TEST_P(ShardMap, ColumnsAndReplicatedDimensions) {
  // P(nullptr, "x") over a (2, 2) mesh: columns split over x, every device
  // along y holds the same shard; the kernel writes its mesh coordinates.
  Mesh grid = make_mesh({2, 2}, {"x", "y"});
  Array x = Array::from_f32(pattern(8 * 256), {8, 256});
  auto f = shard_map(
      {.mesh = grid, .in_specs = P(nullptr, "x"), .out_specs = P("y", "x"), .check_vma = false},
      [&](const Array &s) {
        EXPECT_EQ(s.shape(), (Shape{8, 128}));
        return pl::kernel({.out_type = ShapeDtypeStruct{{8, 128}, DType::int32},
                           .mesh = pltpu::TensorCoreMesh{"tc", 1},
                           .scratch_types = {pltpu::VMEM({8, 128}, DType::int32),
                                             pltpu::SemaphoreType::DMA},
                           .name = "coords",
                           .interpret = GetParam()},
                          [](Ref x_hbm, Ref o_hbm, Ref o_vmem, Ref sem) {
                            (void)x_hbm;
                            EXPECT_EQ(lax::axis_size("x"), 2);
                            Scalar v = lax::axis_index("x") * 10 + lax::axis_index("y");
                            o_vmem[___] = lax::broadcasted_iota(DType::int32, {8, 128}, 0) * 0 + v;
                            pltpu::async_copy(o_vmem, o_hbm, sem).wait();
                          })(s);
      });
  Array y = jit(f)(x);
  ASSERT_EQ(y.shape(), (Shape{16, 256}));
  std::vector<int32_t> got = y.to_s32();
  // Block (row y, column x) holds 10 * x + y.
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 256; ++c)
      ASSERT_EQ(got[r * 256 + c], 10 * (c / 128) + r / 8) << r << "," << c;
}

TEST_P(ShardMap, RemoteCopiesGoAroundTheRing) {
  Mesh mesh = make_mesh({4}, {"device"});
  std::vector<float> data = pattern(32 * 128, 5);
  Array x = Array::from_f32(data, {32, 128});
  auto f = shard_map({.mesh = mesh, .in_specs = P("device"), .out_specs = P("device"),
                      .check_vma = false},
                     [&](const Array &s) { return ringShift(s.aval(), GetParam())(s); });
  Array y = jit(f)(x);
  std::vector<float> got = y.to_f32();
  for (int d = 0; d < 4; ++d)
    for (int i = 0; i < 8 * 128; ++i)
      ASSERT_EQ(got[d * 1024 + i], data[((d + 3) % 4) * 1024 + i]) << d << "," << i;
}

// Compiled::profile and trace of a launch on 4 chips: the ICI links the
// ring's copies cross; in the timeline a process per chip, each with its
// TensorCore's tracks, and the links (ProfileTest checks the counters).
TEST(ShardMapTimeline, HasAProcessPerChipAndItsLinks) {
  Mesh mesh = make_mesh({4}, {"device"});
  Array x = Array::from_f32(pattern(32 * 128, 5), {32, 128});
  auto f = shard_map({.mesh = mesh, .in_specs = P("device"), .out_specs = P("device"),
                      .check_vma = false},
                     [&](const Array &s) { return ringShift(s.aval(), false)(s); });
  Compiled c = compile(f, x);
  Profile profile = c.profile({x});
  // The profile's links: each of the ring's once, a copy of 4096 bytes
  // alone on it (ceil(4096 * 7 / 300) = 96 cycles at 45 GB/s).
  std::vector<std::string> links;
  for (const Profile::Link &l : profile.links) {
    links.push_back(std::to_string(l.chip) + l.direction);
    EXPECT_EQ(l.dmas, 1);
    EXPECT_EQ(l.bytes, 4096);
    EXPECT_EQ(l.busyCycles, 96);
    EXPECT_EQ(l.launch, 0u);
    EXPECT_GT(l.launchCycles, l.busyCycles);
  }
  EXPECT_EQ(links, (std::vector<std::string>{"0+x", "1+y", "2-y", "3-x"}));
  EXPECT_THAT(profile.str(), HasSubstr("ICI links the launch's remote DMAs crossed"));
  EXPECT_THAT(profile.str(), HasSubstr("chip 1 +y link: 96 of "));
  std::string path = testing::TempDir() + "sharded_timeline.json";
  c.trace(path);
  std::ifstream in(path);
  std::string json((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (const char *want : {"\"name\":\"chip 0\"", "\"name\":\"chip 3\"", "TensorCore 0 kernel",
                           "ICI link +x: remote DMAs crossing", "ICI link -y: remote DMAs crossing"})
    EXPECT_THAT(json, HasSubstr(want));
}

// Pallas' dict form of a MESH device_id: the copy goes along "x" only, each
// device keeping its "y" coordinate.
TEST_P(ShardMap, ADeviceIdByAxisNameKeepsTheOtherCoordinates) {
  Mesh mesh = make_mesh({2, 2}, {"x", "y"});
  std::vector<float> data = pattern(16 * 256, 3);
  Array x = Array::from_f32(data, {16, 256});
  ShapeDtypeStruct shard{{8, 128}, DType::float32};
  auto kernel = remoteShift(shard, GetParam(), [] {
    return pltpu::DeviceId{{"x", (lax::axis_index("x") + 1) % 2}};
  });
  auto f = shard_map({.mesh = mesh, .in_specs = P("x", "y"), .out_specs = P("x", "y"),
                      .check_vma = false},
                     [&](const Array &s) { return kernel(s); });
  std::vector<float> got = jit(f)(x).to_f32();
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 256; ++c)
      ASSERT_EQ(got[r * 256 + c], data[((r + 8) % 16) * 256 + c]) << r << "," << c;
  auto bad = pl::kernel({.out_type = shard,
                        .scratch_types = {pltpu::SemaphoreType::REGULAR},
                        .name = "bad",
                        .interpret = GetParam()},
                       [](Ref, Ref, Ref sem) {
                         pl::semaphore_signal(sem, 1, {.device_id = pltpu::DeviceId{{"z", 0}}});
                       });
  std::string line = here(-2);
  auto g = shard_map({.mesh = mesh, .in_specs = P("x", "y"), .out_specs = P("x", "y"),
                      .check_vma = false},
                     [&](const Array &s) { return bad(s); });
  EXPECT_THAT(errorOf([&] { (void)jit(g)(x); }),
              HasSubstr(line + ": pl::semaphore_signal: device_id names axis 'z', which is not "
                               "an axis of the shard_map's mesh"));
}

TEST_P(ShardMap, AReceiveNobodySendsIsADeadlockNamingEachDevice) {
  Mesh mesh = make_mesh({4}, {"device"});
  Array x = Array::from_f32(pattern(32 * 128), {32, 128});
  auto f = shard_map({.mesh = mesh, .in_specs = P("device"), .out_specs = P("device"),
                      .check_vma = false},
                     [&](const Array &s) { return ringShift(s.aval(), GetParam(), false)(s); });
  Compiled c = compile(f, x);
  auto out = c.run({x});
  ASSERT_FALSE(out.ok());
  std::string message(out.status().message());
  EXPECT_THAT(message, HasSubstr("deadlock"));
  // Interpret mode names the mesh's devices; the chip, each chip's cores.
  EXPECT_THAT(message, HasSubstr(GetParam() ? "device 3 core 0 waits at" : "chip 3 core 0 waits at"));
  EXPECT_THAT(message, HasSubstr("DslTestUtil.h:")) << "the line of ringShift's wait_recv";
}

TEST_P(ShardMap, ARemoteWriteTheReceiverDoesNotWaitForIsARace) {
  Mesh mesh = make_mesh({4}, {"device"});
  Array x = Array::from_f32(pattern(32 * 128), {32, 128});
  auto f = shard_map({.mesh = mesh, .in_specs = P("device"), .out_specs = P("device"),
                      .check_vma = false},
                     [&](const Array &s) {
                       // got is read before anything wrote it: that is the race
                       pltpu::Interpret mode = false;
                       if (GetParam())
                         mode = pltpu::InterpretParams{.detect_races = true,
                                                       .check_uninitialized_reads = false};
                       auto right = [] {
                         return pltpu::DeviceId{(lax::axis_index("device") + 1) %
                                                lax::axis_size("device")};
                       };
                       return remoteShift(s.aval(), mode, right, true, /*copyOutEarly=*/true)(s);
                     });
  std::string message = errorOf([&] { jit(f)(x); });
  // Device 0 (chip 0) copies got out at the early read while device 3's
  // (chip 2's) remote copy still writes it.
  if (GetParam())
    EXPECT_THAT(message, HasSubstr(copyOutLine + ": cross-core race on device 0 core 0: the DMA "
                                   "started at " + copyOutLine + " reads scratch1 rows [0, 8), "
                                   "which the remote DMA started at " + remoteCopyLine +
                                   " on device 3 core 0 writes, and no semaphore signal orders "
                                   "the two (the receiver must wait for a remote copy on its "
                                   "receive semaphore"));
  else
    EXPECT_THAT(message,
                testing::AllOf(HasSubstr("(" + copyOutLine + "): dma.vmem_to_hbm reads rows [0, "
                                         "8) of scratch1 (VMEM rows [0x8, 0x10)) while the "
                                         "remote DMA from chip 2 core 0 started at bundle "),
                               HasSubstr("(" + remoteCopyLine + ") still writes them "
                                         "(dma.remote.vmem_to_vmem; wait for it on [sem:2] "
                                         "first)")));
}

/// setSimulationThreads for one scope.
struct SimulationThreads {
  explicit SimulationThreads(int n) : before(runtime::simulationThreads()) {
    runtime::setSimulationThreads(n);
  }
  ~SimulationThreads() { runtime::setSimulationThreads(before); }
  int before;
};

// A kernel that reaches no other chip runs on each chip apart, on host
// threads (sim::Slice::runChipsApart): the same outputs, cycles, bundles,
// profile and timeline as all chips in one thread, together; and the same
// errors: every device stuck is one deadlock naming them all, one device
// stuck alone waits forever.
TEST(ShardMapThreads, ChipsThatShareNothingRunApartWithTheSameResults) {
  Mesh mesh = make_mesh({4}, {"device"});
  std::vector<float> data = pattern(32 * 128);
  Array x = Array::from_f32(data, {32, 128});
  // Device d loops d + 1 times: the chips end at different cycles.
  auto work = [](const ShapeDtypeStruct &shard) {
    return pl::kernel({.out_type = shard,
                       .scratch_types = {pltpu::VMEM(shard.shape, shard.dtype),
                                         pltpu::SemaphoreType::DMA},
                       .name = "uneven"},
                      [](Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
                        pltpu::async_copy(x_hbm, v, sem).wait();
                        Value r = lax::fori_loop(0, lax::axis_index("device") + 1,
                                                 [](Scalar, Value acc) { return acc * 1.5 + 1.0; },
                                                 v[___]);
                        v[___] = r;
                        pltpu::async_copy(v, o_hbm, sem).wait();
                      });
  };
  auto f = shard_map({.mesh = mesh, .in_specs = P("device"), .out_specs = P("device"),
                      .check_vma = false},
                     [&](const Array &s) { return work(s.aval())(s); });
  Compiled c = compile(f, x);
  struct Outcome {
    std::vector<float> out;
    std::vector<int64_t> cycles, bundles;
    std::string profile;
  };
  auto runWith = [&](int threads) {
    SimulationThreads scope(threads);
    auto out = c.run({x});
    EXPECT_TRUE(out.ok()) << out.status().message();
    Outcome o{out.ok() ? out->front().to_f32() : std::vector<float>{}, {}, {}, ""};
    for (const sim::RunResult &core : c.last_run().front().cores) {
      o.cycles.push_back(core.cycles);
      o.bundles.push_back(core.bundlesExecuted);
    }
    o.profile = c.profile().str();
    return o;
  };
  Outcome together = runWith(1), apart = runWith(4);
  EXPECT_EQ(apart.out, together.out);
  EXPECT_EQ(apart.cycles, together.cycles);
  EXPECT_EQ(apart.bundles, together.bundles);
  EXPECT_EQ(apart.profile, together.profile);
  ASSERT_EQ(together.cycles.size(), 4u);
  EXPECT_LT(together.cycles[0], together.cycles[3]) << "the devices' work differs";

  // Errors: all devices waiting for a receive nobody sends; device 1 alone
  // waiting on a semaphore nobody signals.
  auto g = shard_map({.mesh = mesh, .in_specs = P("device"), .out_specs = P("device"),
                      .check_vma = false},
                     [&](const Array &s) { return ringShift(s.aval(), false, false)(s); });
  auto stuckAlone = [](const ShapeDtypeStruct &shard) {
    return pl::kernel({.out_type = shard,
                       .scratch_types = {pltpu::SemaphoreType::REGULAR,
                                         pltpu::SemaphoreType::DMA},
                       .name = "alone"},
                      [](Ref x_hbm, Ref o_hbm, Ref sem, Ref dma) {
                        pl::when(lax::axis_index("device") == 1,
                                 [&] { pl::semaphore_wait(sem, 1); });
                        pltpu::async_copy(x_hbm, o_hbm, dma).wait();
                      });
  };
  auto h = shard_map({.mesh = mesh, .in_specs = P("device"), .out_specs = P("device"),
                      .check_vma = false},
                     [&](const Array &s) { return stuckAlone(s.aval())(s); });
  for (auto [fn, want] : {std::pair{ArrayFn(g), "deadlock: chip 0 core 0 waits at"},
                          std::pair{ArrayFn(h), "would wait forever"}}) {
    Compiled stuck = compile(fn, x);
    std::string messages[2];
    for (int threads : {1, 4}) {
      SimulationThreads scope(threads);
      auto out = stuck.run({x});
      ASSERT_FALSE(out.ok());
      messages[threads == 4] = std::string(out.status().message());
    }
    EXPECT_EQ(messages[1], messages[0]);
    EXPECT_THAT(messages[0], HasSubstr(want));
  }
}

TEST(ShardMapErrors, NameTheUsersLine) {
  Mesh mesh = make_mesh({4}, {"device"});
  Array x = Array::from_f32(pattern(30 * 128), {30, 128});
  std::string line = here(1);
  auto uneven = shard_map({.mesh = mesh, .in_specs = P("device"), .out_specs = P("device"),
                           .check_vma = false},
                          [&](const Array &s) { return scaleKernel(s.aval(), false)(s); });
  EXPECT_THAT(errorOf([&] { compile(uneven, x); }),
              HasSubstr(line + ": shard_map argument 0: dimension 0 of f32[30,128] (30) does not split "
                        "evenly over mesh axis 'device' of 4 devices"));
  Array ok = Array::from_f32(pattern(32 * 128), {32, 128});
  // check_vma: the kernel's result varies along "device", but out_specs
  // P() says it is replicated.
  auto wrongOut = shard_map(
      {.mesh = mesh, .in_specs = P("device"), .out_specs = P()}, [&](const Array &s) {
        ShapeDtypeStruct t = s.aval();
        t.vma = {"device"};
        return scaleKernel(t, false)(s);
      });
  EXPECT_THAT(errorOf([&] { compile(wrongOut, ok); }),
              HasSubstr("shard_map out_specs P() say the result is the same on every device "
                        "along mesh axis 'device', but it varies along it"));
  auto badAxis = shard_map({.mesh = mesh, .in_specs = P("z"), .out_specs = P("device")},
                           [&](const Array &s) { return s; });
  EXPECT_THAT(errorOf([&] { compile(badAxis, ok); }),
              HasSubstr("shard_map in_specs of argument 0: P('z') names axis 'z'"));
}

INSTANTIATE_TEST_SUITE_P(CompiledAndInterpreted, ShardMap, testing::Bool(),
                         [](const auto &info) { return info.param ? "Interpreted" : "Compiled"; });

}  // namespace
}  // namespace tessera
