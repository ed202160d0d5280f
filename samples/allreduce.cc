// All-reduce over the host's four chips (or a 4x4 slice's 16): each chip holds its own
// f32[N,N] contribution (the global array f32[4N,N] split with
// P("device")); every chip ends with their sum (out_specs P(): the same on
// every device). A ring reduce-scatter (three steps: push a chunk of N/4
// rows to the right neighbour, add the chunk the left one pushed) leaves
// each chip with the whole sum of one chunk; a ring all-gather (three more
// steps) hands each chip the others' chunks. Every push is one ICI hop:
// make_mesh lists the chips in ring order. Exact against the host, which
// adds in the same order.
//
//   build/bin/allreduce                 HLO, listing, run, check, and the ICI figure
//   build/bin/allreduce --size=N        N (a multiple of 32; default 1024)
//   build/bin/allreduce --chips=16      on a simulated slice of 16 chips (4x4 torus, its
//                                       ring: rows back and forth) in one process
//   build/bin/allreduce --interpret     the devices interleaved in interpret mode
#include <cstdio>

#include "dsl/tessera.h"
#include "samples/SampleMain.h"
#include "sim/MachineDesc.h"

using namespace tessera;

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(argc, argv, {"--size=N", "--chips=N"});
  const int64_t n = flags.number("size", 1024), devices = flags.number("chips", 4);
  const int64_t chunk = n / devices, steps = devices - 1, rowsPerAdd = 8;
  if (devices == 16) {
    tpu_init::initialize_slice({4, 4, 1});
  } else if (devices == 4) {
    tpu_init::initialize_local_chips();
  } else {
    std::fprintf(stderr, "--chips=%lld: 4 (a host) or 16 (a 4x4 slice)\n", (long long)devices);
    return 1;
  }
  auto mesh = make_mesh({devices}, {"device"});

  std::vector<float> data(devices * n * n);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = (float)((int64_t)(i * 2654435761u % 4093) - 2046) * 0.25f;
  auto x = Array::from_f32(data, {devices * n, n});

  auto allreduce = shard_map(
      {.mesh = mesh, .in_specs = P("device"), .out_specs = P(), .check_vma = false},
      [&](const Array &mine) -> Array {
        auto kernel = pl::kernel(
            {.out_type = ShapeDtypeStruct{{n, n}, DType::float32},
             .mesh = pltpu::TensorCoreMesh{"tc", 1},
             .scratch_types = {pltpu::VMEM({n, n}, DType::float32),            // acc
                               pltpu::VMEM({steps * chunk, n}, DType::float32),  // got
                               pltpu::VMEM({n, n}, DType::float32),            // sum
                               pltpu::SemaphoreType::DMA, pltpu::SemaphoreType::DMA,
                               pltpu::SemaphoreType::DMA},
             .name = "allreduce",
             .arg_names = {"x_hbm", "o_hbm", "acc", "got", "sum", "local", "sent", "received"},
             .interpret = flags.interpret},
            [=](Ref x_hbm, Ref o_hbm, Ref acc, Ref got, Ref sum, Ref local, Ref sent,
                Ref received) {
              Scalar me = lax::axis_index("device");
              Scalar right = (me + 1) % devices;
              auto chunkAt = [&](Scalar c) { return pl::multiple_of(c * chunk, chunk); };
              pltpu::async_copy(x_hbm, acc, local).wait();
              // Reduce-scatter: at step s push chunk (me - s) (the partial
              // sum received last, or the own at step 0) into the right
              // neighbour's got[s]; add what the left one pushed, chunk
              // (me - s - 1), into it. Each step has a buffer of its own,
              // so a neighbour ahead never overwrites one in use.
              for (int64_t s = 0; s < steps; ++s) {
                Scalar send = (me + (devices - s)) % devices;
                Scalar add = (me + (devices - s - 1)) % devices;
                Ref slot = got.at(pl::ds(s * chunk, chunk));
                auto copy = pltpu::make_async_remote_copy(acc.at(pl::ds(chunkAt(send), chunk)),
                                                          slot, sent, received, {right});
                copy.start();
                copy.wait_send();
                copy.wait_recv();
                Scalar base = chunkAt(add);
                pl::loop(0, chunk / rowsPerAdd)([&](Scalar i) {
                  Scalar r = pl::multiple_of(i * rowsPerAdd, rowsPerAdd);
                  Scalar a = pl::multiple_of(base + r, rowsPerAdd);
                  acc[pl::ds(a, rowsPerAdd)] =
                      acc[pl::ds(a, rowsPerAdd)] + got[pl::ds(r + s * chunk, rowsPerAdd)];
                });
              }
              // This chip now holds the whole sum of chunk (me + 1): into
              // its place in `sum`, then around the ring.
              Scalar full = chunkAt((me + 1) % devices);
              pltpu::async_copy(acc.at(pl::ds(full, chunk)), sum.at(pl::ds(full, chunk)), local)
                  .wait();
              for (int64_t s = 0; s < steps; ++s) {
                Ref slot = sum.at(pl::ds(chunkAt((me + (devices + 1 - s)) % devices), chunk));
                auto copy = pltpu::make_async_remote_copy(slot, slot, sent, received, {right});
                copy.start();
                copy.wait_send();
                copy.wait_recv();
              }
              pltpu::async_copy(sum, o_hbm, local).wait();
            });
        return kernel(mine);
      });

  return samples::report(
      flags, [&] { return compile(allreduce, x); },
      [&](const Compiled &c) {
        Array y = c(x);
        // The host adds in the ring's order: chunk k's sum starts as mesh
        // device k's rows, then devices k + 1, k + 2, k + 3 add theirs.
        std::vector<float> want(n * n);
        for (int64_t k = 0; k < devices; ++k)
          for (int64_t r = k * chunk; r < (k + 1) * chunk; ++r)
            for (int64_t col = 0; col < n; ++col) {
              float acc = data[(k * n + r) * n + col];
              for (int64_t j = 1; j < devices; ++j)
                acc = data[(((k + j) % devices) * n + r) * n + col] + acc;
              want[r * n + col] = acc;
            }
        bool exact = true;
        for (const Array &copy : y.shards()) {
          bool same = samples::expectEqual(copy.to_f32(), want);
          std::printf("%s holds the sum: %s\n", copy.device().str().c_str(),
                      same ? "exact" : "WRONG");
          exact = exact && same;
        }
        if (!c.last_run().empty() && !c.last_run().front().cores.empty()) {
          // Each link of the ring carries 2 * (devices - 1) chunks one way.
          double bytes = 2.0 * steps * chunk * n * 4;
          double boundCycles = bytes / machine::kIciBytesPerSecondPerLink * machine::kClockHz;
          int64_t cycles = c.last_run().front().run.cycles;
          double fraction = boundCycles / cycles;
          std::printf("%lld cycles; each ring link carries %.0f bytes: %.0f cycles at %.0f GB/s "
                      "(%.1f%% of that bound; at least 70%% expected)\n",
                      (long long)cycles, bytes, boundCycles,
                      machine::kIciBytesPerSecondPerLink / 1e9, 100.0 * fraction);
          exact = exact && fraction >= 0.7;
        }
        return exact;
      });
}
