// The seed's value-vs-Ref experiment: values stay in vregs, a reread of a
// loaded tile is reused, and a store overwritten before any read is deleted
// together with the loads and arithmetic that fed it.
//
//   build/bin/value_vs_ref                 HLO, listing, numeric check
//   build/bin/value_vs_ref --dump=listing  the listing alone (7 vector ops)
//   build/bin/value_vs_ref --no-opt        the same, load reuse and
//                                          dead-store elimination turned off
#include <algorithm>

#include "dsl/tessera.h"
#include "samples/SampleMain.h"

using namespace tessera;

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(argc, argv, {"--no-opt"});
  bool optimize = !flags.has("no-opt");
  tpu_init::initialize_one_chip();

  auto mesh = make_mesh({1}, {"device"});
  pltpu::TensorCoreMesh tc_mesh{"tc", 1};

  auto fn = shard_map(
      {.mesh = mesh, .in_specs = P(), .out_specs = P(), .check_vma = false},
      [&](const Array &x) -> Array {
        auto kernel = pl::kernel(
            {.out_type = ShapeDtypeStruct{x.shape(), x.dtype()},
             .mesh = tc_mesh,
             .scratch_types = {pltpu::VMEM(x.shape(), x.dtype()),
                               pltpu::VMEM(x.shape(), x.dtype()), pltpu::SemaphoreType::DMA},
             .name = "value_vs_ref",
             .compiler_params = {.disable_bounds_checks = true,
                                 .disable_semaphore_checks = true},
             .debug = {.reuse_loads = optimize, .eliminate_dead_stores = optimize},
             .arg_names = {"x_hbm", "o_hbm", "x_vmem", "o_vmem", "sem"},
             .interpret = flags.interpret},
            [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref o_vmem, Ref sem) {
              pltpu::async_copy(x_hbm, x_vmem, sem).wait();
              Value x = x_vmem[___];
              Value y = x * x;
              o_vmem[___] = y * x + y + x;
              o_vmem[pl::slice(0, 8)] = x_vmem[pl::slice(8, 16)];
              pltpu::async_copy(o_vmem, o_hbm, sem).wait();
            });
        return kernel(x);
      });

  std::vector<float> data(16 * 128);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = (float)((int)(i % 13) - 6) * 0.5f;
  auto x = Array::from_f32(data, {16, 128});

  return samples::report(
      flags, [&] { return compile(fn, x); },
      [&](const Compiled &c) {
        std::vector<float> want(16 * 128);
        for (int64_t i = 0; i < 8 * 128; ++i)
          want[i] = data[8 * 128 + i];
        for (int64_t i = 8 * 128; i < 16 * 128; ++i) {
          float v = data[i], y = v * v;
          want[i] = y * v + y + v;
        }
        return samples::expectEqual(c(x).to_f32(), want);
      });
}
