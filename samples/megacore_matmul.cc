// bf16[2048, 2048] @ bf16[2048, 2048] -> f32 on both TensorCores of a v4
// chip (megacore): the matmul sample's pallas_call over (M, N, K) blocks
// with dimension_semantics (parallel, parallel, arbitrary), run on one
// TensorCore (.debug = {.megacore = false}) and on two in one run. On a
// whole chip (tpu_init::initialize_one_chip) Tessera splits the points of
// the parallel axes as Pallas' megacore does: row-major, one contiguous
// chunk per core, each point with all of its arbitrary steps (here grid
// (4, 4, 2): core 0 computes the blocks of rows 0-1023, core 1 the rest).
// Each core runs the whole pipeline on its chunk with its own VMEM, SMEM
// and semaphores; both share the chip's HBM path (sim/TIMING.md).
//
// The kernel is compute-bound: a step of the default blocks (512, 512,
// 1024) is 4,096 MXU cycles against ~1.8k cycles for its 1 MiB y block at
// half the HBM path; so two cores come close to twice as fast. What they
// do not split is the prologue (each core's first blocks, 2 MiB each,
// fetched at the same time over the shared path) and the last write-back.
// Measured (this tree): one core 153,146 cycles (85.6% of its MXU peak),
// two cores 84,040 (78.0% of the chip's): 1.82x. Other blocks
// (--bm --bn --bk --tm): (512, 512, 2048, 64) is 95% on one core but its
// 4 MiB of first blocks per core make two cores only 1.66x; (512, 256, 1024,
// 128) is 86% on one core, but its steps are too short for two cores to
// share the HBM path (1.25x). Both results are bit-exact against the host
// (samples/MatmulReference.h).
//
//   build/bin/megacore_matmul                    both runs, the speedup, the checks
//   build/bin/megacore_matmul --size=1024        a smaller M = N = K
//   build/bin/megacore_matmul --bm=512 --bn=256 --bk=1024 --tm=128   other blocks
//   build/bin/megacore_matmul --dump=listing     the two-core kernel's listing
#include <algorithm>
#include <iostream>

#include "dsl/tessera.h"
#include "samples/MatmulKernel.h"
#include "samples/MatmulReference.h"
#include "samples/SampleMain.h"
#include "sim/MachineDesc.h"

using namespace tessera;

int main(int argc, char **argv) {
  auto flags =
      samples::parseFlags(argc, argv, {"--size=N", "--bm=N", "--bn=N", "--bk=N", "--tm=N"});
  const int64_t size = flags.number("size", 2048);
  const int64_t M = size, N = size, K = size;
  const auto [bm, bn, bk, tm] = samples::fitMatmulBlocks(
      {flags.number("bm", 512), flags.number("bn", 512), flags.number("bk", 1024),
       flags.number("tm", 64)},
      M, N, K);
  const int64_t nk = K / bk;

  tpu_init::initialize_one_chip();
  auto mesh = make_mesh({1}, {"device"});
  std::vector<float> xs = samples::matmulLhs(M, K), ys = samples::matmulRhs(K, N);
  auto x = Array::from_f32(xs, {M, K}, DType::bfloat16);
  auto y = Array::from_f32(ys, {K, N}, DType::bfloat16);

  // The same pallas_call on both cores or on TensorCore 0 only.
  auto matmulOn = [&](bool megacore) {
    return samples::matmulProgram(mesh, M, N, K, {bm, bn, bk, tm},
                                  {.name = megacore ? "megacore_matmul" : "one_core_matmul",
                                   .megacore = megacore,
                                   .interpret = flags.interpret});
  };
  auto two = matmulOn(true), one = matmulOn(false);

  return samples::report(
      flags, [&] { return compile(two, x, y); },
      [&](const Compiled &c2) {
        std::vector<float> want = samples::matmulReference(xs, ys, M, N, K, bk);
        Compiled c1 = compile(one, x, y);
        bool ok = true;
        int64_t cycles[2] = {0, 0};
        for (int run = 0; run < 2; ++run) {
          bool exact = false;
          auto launch = samples::runAndCompare(run == 0 ? "one core" : "two cores",
                                               run == 0 ? c1 : c2, {x, y}, want, exact);
          if (!launch)
            return false;
          cycles[run] = launch->run.cycles;
          ok = exact && ok;
        }
        if (flags.interpret)  // interpret mode runs no cycles
          return ok;
        int64_t peak = M * N * K / (machine::kNumMxus * machine::kMxuDim * machine::kMxuDim);
        std::cout << "megacore_matmul bf16[" << M << "," << K << "] @ bf16[" << K << "," << N
                  << "] -> f32, blocks bm=" << bm << " bn=" << bn << " bk=" << bk << ", grid ("
                  << M / bm << ", " << N / bn << ", " << nk << "):\n"
                  << "  one core:  " << cycles[0] << " cycles (" << 100.0 * peak / cycles[0]
                  << "% of one core's MXU peak, " << peak << " cycles)\n"
                  << "  two cores: " << cycles[1] << " cycles (" << 50.0 * peak / cycles[1]
                  << "% of the chip's MXU peak, " << peak / 2 << " cycles)\n"
                  << "  speedup: " << (double)cycles[0] / cycles[1] << "x\n";
        return ok;
      });
}
