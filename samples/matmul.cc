// bf16[1024, 1024] @ bf16[1024, 1024] -> f32 on the MXUs, written as the
// Pallas TPU matmul (PALLAS_REFERENCE.md section 9.A; the kernel is in
// samples/MatmulKernel.h, which megacore_matmul and autotune_matmul share):
// a grid over (M, N, K) blocks, dimension_semantics (parallel, parallel,
// arbitrary), an f32 VMEM accumulator zeroed at k == 0, acc +=
// jnp::dot(x, y, f32) at every step, and the output written from it at the
// last k. The sample prints the simulated
// cycles and the fraction of the modeled MXU peak: M * N * K MACs at
// 4 MXUs x 128 x 128 MACs per cycle is M*N*K / 65536 cycles.
//
// Block sizes, by analysis (sim/MachineDesc.h and sim/TIMING.md: HBM ~1142
// bytes/cycle for one TensorCore, shared by the DMAs in flight; 500 cycles
// of DMA start-up; MXU 65536 MACs/cycle). With Buffered(2) a step's inputs
// are fetched during the previous step, so a step must last at least 500 +
// (bytes of the next inputs + the previous output block) / 1142 cycles, and
// the run pays once for the first step's fetch (prologue: all its blocks
// share the path) and the last output block's write-back (epilogue), both
// exposed:
//
//   bm   bn    bk    MXU cycles/step  per-step DMA need     prologue  epilogue
//   512  256   1024  2048             500 + 918 = 1418      1876      959
//   512  512   512   2048             500 + 917 (+917 out)  1417      1417
//   256  256   1024  1024             500 + 688 = 1188      stalls every step
//   256  256   256   256              500 + 459             stalls every step
//   128  1024  1024  2048             500 + 688 = 1188      2566      959
//
// So no block choice reaches 85% on this DMA model with the pipeline as
// Pallas writes it: the best fixed cost, (512, 256, 1024), is ~2835 cycles
// of prologue and epilogue plus a stall when x's block changes, a ceiling
// of ~84% before any per-step cost. The compiler gets under it in two
// ways: the last step's write-back starts as 8 pieces of rows, each as its
// rows are stored (the epilogue is the last piece: 500 + 57 cycles), and
// each step's first weight loads and pushes run at the end of the step
// before (README: pallas_call's pipeline; lowering/Rotation.h). And with
// nk > 1 the pl::when(k == 0) zeroing and the pl::when(k == nk - 1)
// write-out are passes of their own over the accumulator (M * N / 1024
// stores each, 2048 cycles in all).
//
// Measured (this tree): (512, 256, 1024) 85.1%, (512, 512, 1024) 83.5%,
// (128, 1024, 1024) 80.1%, (256, 256, 1024) 77.7%, (512, 512, 512) 75.0%,
// (256, 256, 512) 57.6%: the default is the first, bk = K so that k == 0
// and k == nk - 1 fold away. The same blocks hold at other sizes, where
// K takes several steps: --size=2048 86.1%, --size=4096 89.2% (each
// step's old accumulator tiles are loaded just before their adds,
// lowering/Ordering.cpp). Its 19,249 cycles are 16,384 MXU cycles +
// about 1.9k before the first vmatmul (1.6k of it waiting for the first
// blocks) + about 600 after the last (the last write-back's last piece) +
// 7 x about 46 between steps (the MXUs drain at every step). --tm=R
// computes the dot in row slices of R (the default 128: the accumulators of
// one slice stay in registers).
//
// The numeric check is bit-exact: the host reference computes what the
// kernel computes, in its order: per 128-wide K block kb, one MXU pass
// (vmath::mxuPass: bf16 products exact, summed in double, rounded once to
// f32); a dot's passes summed in f32 in kb order; then acc = 0 + dot at the
// first k step and acc = acc + dot at the others.
//
//   build/bin/matmul                       report, run and numeric check
//   build/bin/matmul --bm=512 --bn=256 --bk=512   other block sizes
//   build/bin/matmul --tm=64               the dot in row slices of 64
//   build/bin/matmul --buffers=3           pl::Buffered(3) on x and y: 20,370
//                                          cycles against 19,249: each step
//                                          outlasts its DMAs, so a third
//                                          buffer hides nothing, and the
//                                          prologue fetches step 1's blocks
//                                          beside step 0's on the shared HBM
//                                          path (the first wait 1,829 cycles
//                                          against 1,606)
//   build/bin/matmul --size=256            a smaller M = N = K
//   build/bin/matmul --m=256 --n=256 --k=384 --bk=128   any M, N, K (multiples of
//                                          the blocks; K of 128, or one K
//                                          block of any multiple of 16:
//                                          --k=64 --bk=64, its last 64 lanes
//                                          zeroed)
//   build/bin/matmul --dump=listing        the machine listing alone
#include <algorithm>
#include <iostream>
#include <string>

#include "dsl/tessera.h"
#include "samples/MatmulKernel.h"
#include "samples/MatmulReference.h"
#include "samples/SampleMain.h"
#include "sim/MachineDesc.h"
#include "sim/VectorMath.h"

using namespace tessera;

namespace {
constexpr int64_t kMxu = machine::kMxuDim;  // 128
}  // namespace

int main(int argc, char **argv) {
  auto flags =
      samples::parseFlags(argc, argv, {"--size=N", "--m=N", "--n=N", "--k=N", "--bm=N", "--bn=N",
                                       "--bk=N", "--tm=N", "--buffers=N"});
  const int64_t size = flags.number("size", 1024);
  const int64_t M = flags.number("m", size), N = flags.number("n", size),
                K = flags.number("k", size);
  const auto [bm, bn, bk, tm] = samples::fitMatmulBlocks(
      {flags.number("bm", 512), flags.number("bn", 256), flags.number("bk", 1024),
       flags.number("tm", 128)},
      M, N, K);
  const int64_t nk = K / bk;
  if (M % bm || N % bn || K % bk || (bk % kMxu && bk != K) || bn % kMxu || bm % 8 ||
      K % 16) {
    std::cerr << "matmul: M, N and K must be multiples of their blocks (" << bm << ", " << bn
              << ", " << bk << "), bn of " << kMxu << ", bk of " << kMxu
              << " (or all of K, a multiple of 16: bf16 rows), bm of 8\n";
    return 2;
  }

  tpu_init::initialize_one_chip();
  auto mesh = make_mesh({1}, {"device"});
  std::vector<float> xs = samples::matmulLhs(M, K), ys = samples::matmulRhs(K, N);
  auto x = Array::from_f32(xs, {M, K}, DType::bfloat16);
  auto y = Array::from_f32(ys, {K, N}, DType::bfloat16);

  auto matmul = samples::matmulProgram(mesh, M, N, K, {bm, bn, bk, tm},
                                       {.name = "matmul",
                                        .interpret = flags.interpret,
                                        .buffered = flags.buffered()});

  return samples::report(
      flags, [&] { return compile(matmul, x, y); },
      [&](const Compiled &c) {
        auto out = c.run({x, y});
        if (!out.ok()) {
          std::cout << "error: " << out.status().message() << "\n";
          return false;
        }
        const auto &run = c.last_run().front().run;
        int64_t peak = M * N * K / (machine::kNumMxus * kMxu * kMxu);
        if (!flags.interpret)  // interpret mode runs no cycles
          std::cout << "matmul bf16[" << M << "," << K << "] @ bf16[" << K << "," << N
                    << "] -> f32, blocks bm=" << bm << " bn=" << bn << " bk=" << bk << ", grid ("
                    << M / bm << ", " << N / bn << ", " << nk << "): " << run.cycles
                    << " cycles; MXU peak " << peak << " cycles: " << 100.0 * (double)peak / (double)run.cycles
                    << "% of peak\n"
                    << "DMAs issued: " << run.dmasIssued << " (" << run.dmaBytes << " bytes); "
                    << run.stallCycles << " cycles stalled in vwait\n";
        return samples::expectEqual(out->front().to_f32(), samples::matmulReference(xs, ys, M, N, K, bk));
      });
}
