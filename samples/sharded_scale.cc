// The seed's first kernel over the host's four chips: shard_map with
// P("device") splits f32[32,128] into four f32[8,128] shards, one in each
// chip's HBM, and the same kernel runs on every chip at once on its shard.
// As the seed says, crossing chips only changes the mesh and the specs.
//
//   build/bin/sharded_scale                 HLO, listing, numeric check
//   build/bin/sharded_scale --dump=hlo      the program: shardings, one launch per device
//   build/bin/sharded_scale --dump=listing  the kernel (the same code on every chip)
//   build/bin/sharded_scale --interpret     the kernel in interpret mode on each device
#include <cstdio>

#include "dsl/tessera.h"
#include "samples/SampleMain.h"

using namespace tessera;

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(argc, argv);
  tpu_init::initialize_local_chips();

  auto mesh = make_mesh({4}, {"device"});
  pltpu::TensorCoreMesh tc_mesh{"tc", 1};

  auto scale = shard_map(
      {.mesh = mesh, .in_specs = P("device"), .out_specs = P("device"), .check_vma = false},
      [&](const Array &x) -> Array {
        auto kernel = pl::kernel(
            {.out_type = ShapeDtypeStruct{x.shape(), x.dtype()},
             .mesh = tc_mesh,
             .scratch_types = {pltpu::VMEM(x.shape(), x.dtype()), pltpu::SemaphoreType::DMA},
             .name = "scale",
             .compiler_params = {.disable_bounds_checks = true,
                                 .disable_semaphore_checks = true},
             .arg_names = {"x_hbm", "o_hbm", "x_vmem", "sem"},
             .interpret = flags.interpret},
            [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
              pltpu::async_copy(x_hbm, x_vmem, sem).wait();
              x_vmem[___] = x_vmem[___] * 2.0;
              pltpu::async_copy(x_vmem, o_hbm, sem).wait();
            });
        return kernel(x);
      });

  auto x = jnp::arange(32 * 128, jnp::float32).reshape({32, 128});

  return samples::report(
      flags, [&] { return compile(scale, x); },
      [&](const Compiled &c) {
        Array y = c(x);
        std::vector<float> want;
        for (float v : x.to_f32())
          want.push_back(v * 2.0f);
        // Each device holds its rows: shard d is rows [8d, 8d + 8) times 2.
        bool placed = y.sharding() && y.shards().size() == 4;
        std::printf("result: %s, sharded as %s\n", to_string(y.aval()).c_str(),
                    y.sharding() ? to_string(*y.sharding()).c_str() : "one device");
        for (size_t d = 0; placed && d < 4; ++d) {
          Array shard = y.shards()[d];
          std::printf("  shard %zu on %s: %s\n", d, shard.device().str().c_str(),
                      to_string(shard.aval()).c_str());
          std::vector<float> part(want.begin() + 8 * d * 128, want.begin() + 8 * (d + 1) * 128);
          placed = samples::expectEqual(shard.to_f32(), part) && placed;
        }
        if (!placed)
          std::printf("the result is not split into its four shards as P(\"device\") says\n");
        if (!c.last_run().empty() && !c.last_run().front().cores.empty())
          std::printf("one launch on %zu TensorCores of %zu chips: %lld cycles\n",
                      c.last_run().front().cores.size(), mesh.devices.size(),
                      (long long)c.last_run().front().run.cycles);
        return samples::expectEqual(y.to_f32(), want) && placed;
      });
}
