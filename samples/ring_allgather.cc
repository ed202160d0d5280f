// All-gather over the host's four chips by a ring of remote DMAs (the
// Pallas distributed tutorial's pattern): each chip holds an f32[R,128]
// shard; in three steps each chip pushes the block it holds newest to its
// right neighbour on the mesh's ring (one ICI hop: make_mesh lists the
// chips in ring order), so that every chip ends with the whole f32[4R,128].
//
//   build/bin/ring_allgather                 HLO, listing, run, check
//   build/bin/ring_allgather --rows=N        rows per shard (a multiple of 8)
//   build/bin/ring_allgather --interpret     the four devices interleaved in interpret mode
#include <cstdio>

#include "dsl/tessera.h"
#include "samples/SampleMain.h"
#include "sim/MachineDesc.h"

using namespace tessera;

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(argc, argv, {"--rows=N"});
  const int64_t rows = flags.number("rows", 256);
  const int64_t devices = 4;
  tpu_init::initialize_local_chips();
  auto mesh = make_mesh({devices}, {"device"});

  std::vector<float> data(devices * rows * 128);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = (float)((int64_t)(i * 2654435761u % 2039) - 1019) * 0.5f;
  auto x = Array::from_f32(data, {devices * rows, 128});

  auto allgather = shard_map(
      {.mesh = mesh, .in_specs = P("device"), .out_specs = P(), .check_vma = false},
      [&](const Array &shard) -> Array {
        auto kernel = pl::kernel(
            {.out_type = ShapeDtypeStruct{{devices * rows, 128}, DType::float32},
             .mesh = pltpu::TensorCoreMesh{"tc", 1},
             .scratch_types = {pltpu::VMEM({devices * rows, 128}, DType::float32),
                               pltpu::SemaphoreType::DMA, pltpu::SemaphoreType::DMA,
                               pltpu::SemaphoreType::DMA},
             .name = "ring_allgather",
             .arg_names = {"x_hbm", "o_hbm", "all", "local", "sent", "received"},
             .interpret = flags.interpret},
            [=](Ref x_hbm, Ref o_hbm, Ref all, Ref local, Ref sent, Ref received) {
              Scalar me = lax::axis_index("device");
              Scalar right = (me + 1) % devices;
              // The own shard into its place.
              pltpu::async_copy(x_hbm, all.at(pl::ds(me * rows, rows)), local).wait();
              for (int64_t step = 0; step < devices - 1; ++step) {
                // Forward the block received last (at step 0, the own one);
                // the left neighbour meanwhile sends the one before it.
                Scalar block = (me + (devices - step)) % devices;
                Ref slot = all.at(pl::ds(block * rows, rows));
                auto copy = pltpu::make_async_remote_copy(slot, slot, sent, received, {right});
                copy.start();
                copy.wait_send();
                copy.wait_recv();
              }
              pltpu::async_copy(all, o_hbm, local).wait();
            });
        return kernel(shard);
      });

  return samples::report(
      flags, [&] { return compile(allgather, x); },
      [&](const Compiled &c) {
        Array y = c(x);
        bool exact = true;
        std::vector<Array> copies = y.shards();
        for (size_t d = 0; d < copies.size(); ++d) {
          bool same = copies[d].to_f32() == data;
          std::printf("%s holds the whole f32[%lld,128]: %s\n",
                      copies[d].device().str().c_str(), (long long)(devices * rows),
                      same ? "exact" : "WRONG");
          exact = exact && same;
        }
        if (!c.last_run().empty() && !c.last_run().front().cores.empty()) {
          // Each link of the ring carries devices - 1 blocks one way.
          double bytes = (double)(devices - 1) * rows * 128 * 4;
          double boundCycles = bytes / machine::kIciBytesPerSecondPerLink * machine::kClockHz;
          int64_t cycles = c.last_run().front().run.cycles;
          std::printf("%lld cycles; the ring's links must carry %.0f bytes each: %.0f cycles "
                      "at %.0f GB/s (%.1f%% of that bound)\n",
                      (long long)cycles, bytes, boundCycles,
                      machine::kIciBytesPerSecondPerLink / 1e9, 100.0 * boundCycles / cycles);
        }
        return exact;
      });
}
