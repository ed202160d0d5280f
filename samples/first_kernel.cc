// The seed's first Pallas TPU kernel, line for line: f32[8,128] times 2.
//
//   build/bin/first_kernel                 HLO, listing, numeric check
//   build/bin/first_kernel --dump=listing  the machine listing alone
//   build/bin/first_kernel --dump=hlo      the HLO-style program alone
//   build/bin/first_kernel --dump=ir [--stage=kernel|tiles|optimized|machine]
#include "dsl/tessera.h"
#include "samples/SampleMain.h"

using namespace tessera;

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(argc, argv);
  tpu_init::initialize_one_chip();

  auto mesh = make_mesh({1}, {"device"});
  pltpu::TensorCoreMesh tc_mesh{"tc", 1};

  auto scale = shard_map(
      {.mesh = mesh, .in_specs = P(), .out_specs = P(), .check_vma = false},
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

  auto x = jnp::arange(8 * 128, jnp::float32).reshape({8, 128});

  return samples::report(
      flags, [&] { return compile(scale, x); },
      [&](const Compiled &c) {
        std::vector<float> want;
        for (float v : x.to_f32())
          want.push_back(v * 2.0f);
        return samples::expectEqual(c(x).to_f32(), want);
      });
}
