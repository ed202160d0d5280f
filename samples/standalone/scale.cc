// The seed's first kernel, f32[8,128] times 2, in a project that uses an
// installed Tessera. Prints the version and the check; exits 1 on a mismatch.
#include <cstdio>
#include <vector>

#include "dsl/tessera.h"

using namespace tessera;

int main() {
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
             .name = "scale"},
            [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
              pltpu::async_copy(x_hbm, x_vmem, sem).wait();
              x_vmem[___] = x_vmem[___] * 2.0;
              pltpu::async_copy(x_vmem, o_hbm, sem).wait();
            });
        return kernel(x);
      });

  auto x = jnp::arange(8 * 128, jnp::float32).reshape({8, 128});
  std::vector<float> got = jit(scale)(x).to_f32();
  std::vector<float> in = x.to_f32();

  int bad = got.size() == in.size() ? 0 : 1;
  for (size_t i = 0; bad == 0 && i < in.size(); ++i)
    if (got[i] != in[i] * 2.0f) ++bad;
  std::printf("tessera %s: scale f32[8,128] x 2: %s (%d mismatch)\n", tessera::version(),
              bad == 0 ? "ok" : "MISMATCH", bad);
  return bad == 0 ? 0 : 1;
}
