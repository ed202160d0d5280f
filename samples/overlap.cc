// The seed's start/wait experiment: a DMA started, independent vector work,
// then the wait. x comes in from HBM while the kernel computes on w, a
// buffer that is already in VMEM (32 tiles of `w = w * 0.5 + 1`, --work
// times, stored to o); then `o = o + x`. Written two ways:
//
//   serial  async_copy(x_hbm, x_vmem, sem).wait() before the work
//   split   async_copy(x_hbm, x_vmem, sem) (it starts the DMA) before the
//           work, its .wait() after it
//
// and once more serially with no passes of the work, which gives the
// work's own cycles. The split version hides the work under the DMA: it
// must save at least 80% of those cycles (of the DMA's, when the work is
// longer), with every pass on. The compiler keeps the work written before
// the wait ahead of it and the work written after a wait after it: where
// the user puts the wait decides what overlaps, as in Pallas, so the
// serial version does not overlap.
//
//   build/bin/overlap                  HLO, the split listing, the cycles
//   build/bin/overlap --dump=listing   the split version's listing alone
//   build/bin/overlap --serial         dump/profile the serial version
//   build/bin/overlap --rows=N --work=N
#include <algorithm>

#include "dsl/tessera.h"
#include "samples/SampleMain.h"

using namespace tessera;

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(argc, argv, {"--rows=N", "--work=N", "--serial"});
  int64_t rows = flags.number("rows", 256), work = flags.number("work", 4);
  if (rows <= 0 || rows % 8 != 0 || work < 1) {
    std::cerr << "overlap: --rows must be a positive multiple of 8 and --work at least 1\n";
    return 2;
  }
  tpu_init::initialize_one_chip();
  auto mesh = make_mesh({1}, {"device"});
  pltpu::TensorCoreMesh tc_mesh{"tc", 1};

  // One kernel: x_hbm and w_hbm in, o_hbm out; `split` places x's wait after
  // the work; `reps` is how many times the work runs over w.
  auto overlap = [&](bool split, int64_t reps) {
    return shard_map(
        {.mesh = mesh, .in_specs = P(), .out_specs = P(), .check_vma = false},
        [=, &flags, &tc_mesh](const Array &x, const Array &w) -> Array {
          auto kernel = pl::kernel(
              {.out_type = ShapeDtypeStruct{x.shape(), x.dtype()},
               .mesh = tc_mesh,
               .scratch_types = {pltpu::VMEM(x.shape(), x.dtype()),
                                 pltpu::VMEM(w.shape(), w.dtype()),
                                 pltpu::VMEM(x.shape(), x.dtype()), pltpu::SemaphoreType::DMA,
                                 pltpu::SemaphoreType::DMA},
               .name = split ? "overlap_split" : "overlap_serial",
               .compiler_params = {.disable_bounds_checks = true,
                                   .disable_semaphore_checks = true},
               .arg_names = {"x_hbm", "w_hbm", "o_hbm", "x_vmem", "w_vmem", "o_vmem", "x_sem",
                             "w_sem"},
               .interpret = flags.interpret},
              [=](Ref x_hbm, Ref w_hbm, Ref o_hbm, Ref x_vmem, Ref w_vmem, Ref o_vmem,
                  Ref x_sem, Ref w_sem) {
                pltpu::async_copy(w_hbm, w_vmem, w_sem).wait();
                auto x_copy = pltpu::async_copy(x_hbm, x_vmem, x_sem);  // started
                if (!split)
                  x_copy.wait();
                // The work: nothing here reads x_vmem.
                Value v = w_vmem[___];
                for (int64_t r = 0; r < reps; ++r)
                  v = v * 0.5 + 1.0;
                o_vmem[___] = v;
                if (split)
                  x_copy.wait();
                o_vmem[___] = o_vmem[___] + x_vmem[___];
                pltpu::async_copy(o_vmem, o_hbm, x_sem).wait();
              });
          return kernel(x, w);
        });
  };

  std::vector<float> xs(rows * 128), ws(rows * 128);
  for (size_t i = 0; i < xs.size(); ++i) {
    xs[i] = (float)((int64_t)(i % 97) - 48) * 0.25f;
    ws[i] = (float)((int64_t)(i % 61) - 30) * 0.5f;
  }
  auto x = Array::from_f32(xs, {rows, 128});
  auto w = Array::from_f32(ws, {rows, 128});
  auto want = [&](int64_t reps) {
    std::vector<float> out(xs.size());
    for (size_t i = 0; i < xs.size(); ++i) {
      float v = ws[i];
      for (int64_t r = 0; r < reps; ++r)
        v = v * 0.5f + 1.0f;
      out[i] = v + xs[i];
    }
    return out;
  };

  bool dumpSerial = flags.has("serial");
  return samples::report(
      flags, [&] { return compile(overlap(!dumpSerial, work), x, w); },
      [&](const Compiled &dumped) {
        struct Version {
          const char *label;
          bool split;
          int64_t reps;
        } versions[] = {{"serial", false, work}, {"split", true, work}, {"no work", false, 0}};
        int64_t cycles[3] = {0, 0, 0};
        bool ok = true;
        for (int v = 0; v < 3; ++v) {
          bool exact = false;
          // The version dumped (and profiled, --profile) runs as compiled.
          bool isDumped = v == (dumpSerial ? 0 : 1);
          Compiled c =
              isDumped ? dumped : compile(overlap(versions[v].split, versions[v].reps), x, w);
          auto launch =
              samples::runAndCompare(versions[v].label, c, {x, w}, want(versions[v].reps), exact);
          if (!launch)
            return false;
          cycles[v] = launch->run.cycles + launch->run.drainCycles;
          ok = exact && ok;
        }
        if (flags.interpret)  // interpret mode runs no cycles
          return ok;
        // The split can hide the work, or the DMA's time if the work is
        // longer: its start-up and its bytes at the HBM roofline.
        int64_t own = cycles[0] - cycles[2], saved = cycles[0] - cycles[1];
        int64_t dma = machine::kDmaStartupCycles +
                      (int64_t)(rows * 128 * 4 / machine::kHbmBytesPerCyclePerCore);
        int64_t hideable = std::min(own, dma);
        std::cout << "overlap: f32[" << rows << ",128] x copied in while " << work
                  << " passes of w = w * 0.5 + 1 run over f32[" << rows << ",128]\n"
                  << "  serial (wait right after start): " << cycles[0] << " cycles\n"
                  << "  split (work between start and wait): " << cycles[1] << " cycles\n"
                  << "  serial without the work: " << cycles[2] << " cycles\n"
                  << "  the work's own cycles (serial minus serial without it): " << own << "\n"
                  << "  the DMA of x: about " << dma << " cycles\n"
                  << "  saved by the split: " << saved << " cycles, "
                  << (hideable > 0 ? 100.0 * saved / hideable : 0.0)
                  << "% of what it can hide (the work, or the DMA if longer)\n";
        if (saved * 10 < hideable * 8) {
          std::cout << "overlap: the split version hides less than 80% of what it can\n";
          ok = false;
        }
        return ok;
      });
}
