// tessera::autotune on the Pallas TPU matmul (samples/MatmulKernel.h): for
// each size, every candidate block configuration is compiled and simulated,
// and the fastest is kept. The simulator is deterministic, so the table (and
// the choice) is the same on every run, which timing hardware never gives.
// The chosen program's result is checked bit for bit against the host.
//
//   build/bin/autotune_matmul                       sizes 1024 and 2048
//   build/bin/autotune_matmul --sizes=1024,2048,4096   (4096: minutes)
//   build/bin/autotune_matmul --dump=listing        the best listing of the first size
#include <iostream>
#include <optional>
#include <set>
#include <string>
#include <tuple>

#include "dsl/tessera.h"
#include "samples/MatmulKernel.h"
#include "samples/MatmulReference.h"
#include "samples/SampleMain.h"
#include "sim/MachineDesc.h"

using namespace tessera;

namespace {

/// The blocks to try: the matmul sample's default and its neighbours, each
/// fitted to the size (duplicates after fitting, and blocks that do not
/// divide the size, left out).
std::vector<Candidate<samples::MatmulBlocks>> candidatesFor(int64_t size) {
  const samples::MatmulBlocks tries[] = {
      {512, 256, 1024, 128}, {512, 512, 1024, 64}, {512, 256, 512, 128}, {256, 256, 1024, 128},
      {256, 512, 512, 128},  {128, 1024, 1024, 128}, {1024, 256, 512, 128}, {512, 512, 512, 128},
  };
  std::vector<Candidate<samples::MatmulBlocks>> out;
  std::set<std::tuple<int64_t, int64_t, int64_t, int64_t>> seen;
  for (samples::MatmulBlocks b : tries) {
    b = samples::fitMatmulBlocks(b, size, size, size);
    if (size % b.bm || size % b.bn || size % b.bk || !seen.insert({b.bm, b.bn, b.bk, b.tm}).second)
      continue;
    out.push_back({"bm=" + std::to_string(b.bm) + " bn=" + std::to_string(b.bn) +
                       " bk=" + std::to_string(b.bk) + " tm=" + std::to_string(b.tm),
                   b});
  }
  return out;
}

}  // namespace

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(argc, argv, {"--sizes=N,N,..."});
  std::vector<int64_t> sizes = flags.numbers("sizes", {1024, 2048});
  for (int64_t size : sizes)
    if (size < 128 || size % 128 != 0) {
      std::cerr << "autotune_matmul: sizes are positive multiples of 128, not " << size << "\n";
      return 2;
    }
  tpu_init::initialize_one_chip();
  auto mesh = make_mesh({1}, {"device"});

  struct Problem {
    int64_t size;
    std::vector<float> xs, ys;
    Array x, y;
  };
  auto problem = [&](int64_t size) {
    Problem p{size, samples::matmulLhs(size, size), samples::matmulRhs(size, size), {}, {}};
    p.x = Array::from_f32(p.xs, {size, size}, DType::bfloat16);
    p.y = Array::from_f32(p.ys, {size, size}, DType::bfloat16);
    return p;
  };
  auto tune = [&](const Problem &p) {
    return autotune(
        [&](const samples::MatmulBlocks &b) {
          return samples::matmulProgram(mesh, p.size, p.size, p.size, b,
                                        {.name = "matmul", .interpret = flags.interpret});
        },
        {p.x, p.y}, candidatesFor(p.size));
  };

  Problem first = problem(sizes.front());
  std::optional<Tuned<samples::MatmulBlocks>> firstTuned;
  return samples::report(
      flags,
      [&] {
        firstTuned = tune(first);
        return firstTuned->compiled;
      },
      [&](const Compiled &) {
        bool ok = true;
        for (size_t i = 0; i < sizes.size(); ++i) {
          Problem p = i == 0 ? std::move(first) : problem(sizes[i]);
          Tuned<samples::MatmulBlocks> tuned = i == 0 ? std::move(*firstTuned) : tune(p);
          int64_t peak = p.size * p.size * p.size /
                         (machine::kNumMxus * machine::kMxuDim * machine::kMxuDim);
          const AutotuneRow &best = tuned.table.rows[*tuned.table.best];
          std::cout << "autotune_matmul bf16[" << p.size << "," << p.size << "] @ bf16["
                    << p.size << "," << p.size << "] -> f32 (MXU peak " << peak
                    << " cycles), " << tuned.table.rows.size() << " candidates:\n"
                    << tuned.table.str();
          if (!flags.interpret)  // interpret mode runs no cycles
            std::cout << "best: " << best.name << ", " << best.cycles << " cycles, "
                      << 100.0 * (double)peak / (double)best.cycles << "% of the MXU peak\n";
          auto out = tuned.compiled.run({p.x, p.y});
          if (!out.ok()) {
            std::cout << "error: " << out.status().message() << "\n";
            return false;
          }
          ok = samples::expectEqual(out->front().to_f32(),
                                    samples::matmulReference(p.xs, p.ys, p.size, p.size,
                                                             p.size, tuned.config.bk)) &&
               ok;
        }
        return ok;
      });
}
