// How compile time, bundles, spills and cycles grow with the array size, for
// the polynomial kernel x*x*x + x*x + x - 3 (a sample that prints figures;
// not a test). Values beyond 32 tiles no longer fit the vregs and spill.
//
//   build/bin/compile_scaling [ROWS...]     default: 8 64 256 512 1024
//   build/bin/compile_scaling --profile 1024        each run's profile too
//   build/bin/compile_scaling --trace=t.json 1024   each run's timeline
//                                                   (t.json; t.<rows>.json
//                                                   when several sizes run)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "dsl/tessera.h"
#include "samples/SampleMain.h"
#include "sim/isa/Isa.h"

using namespace tessera;

int main(int argc, char **argv) {
  std::vector<int64_t> sizes;
  samples::SampleFlags flags;  // --profile and --trace; the rest are sizes
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--profile")
      flags.profile = true;
    else if (arg.rfind("--trace=", 0) == 0)
      flags.trace = arg.substr(8);
    else {
      // A size is a positive row count; anything else (a mistyped flag
      // among them) is a usage error, not a silent default.
      char *end = nullptr;
      long long rows = std::strtoll(arg.c_str(), &end, 10);
      if (arg.empty() || *end != '\0' || rows <= 0) {
        std::cerr << "unknown argument '" << arg
                  << "'\nusage: compile_scaling [--profile] [--trace=FILE.json] [ROWS...]\n";
        return 2;
      }
      sizes.push_back(rows);
    }
  }
  if (sizes.empty())
    sizes = {8, 64, 256, 512, 1024};
  std::printf("%8s %12s %9s %9s %9s %10s\n", "rows", "compile ms", "bundles", "spill st", "reloads",
              "cycles");
  for (int64_t rows : sizes) {
    ShapeDtypeStruct type{{rows, 128}, DType::float32};
    auto k = pl::kernel(
        {.out_type = type,
         .scratch_types = {pltpu::VMEM(type.shape, type.dtype), pltpu::VMEM(type.shape, type.dtype),
                           pltpu::SemaphoreType::DMA},
         .name = "polynomial",
         .compiler_params = {.disable_bounds_checks = true, .disable_semaphore_checks = true}},
        [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref o_vmem, Ref sem) {
          pltpu::async_copy(x_hbm, x_vmem, sem).wait();
          Value x = x_vmem[___];
          Value y = x * x;
          o_vmem[___] = y * x + y + x - 3;
          pltpu::async_copy(o_vmem, o_hbm, sem).wait();
        });
    try {
      Array x = jnp::zeros(type.shape);
      auto t0 = std::chrono::steady_clock::now();
      Compiled c = compile([&](const Array &a) { return k(a); }, x);
      auto t1 = std::chrono::steady_clock::now();
      c(x);
      const auto &exe = c.program().calls.front().kernel->executable;
      int spills = 0, reloads = 0;
      for (const auto &d : exe.debug) {
        spills += d.comment.find("spill") == 0 || d.comment.find("; spill") != std::string::npos;
        reloads += d.comment.find("reload") != std::string::npos;
      }
      std::printf("%8lld %12.1f %9zu %9d %9d %10lld\n", (long long)rows,
                  std::chrono::duration<double, std::milli>(t1 - t0).count(), exe.numBundles(),
                  spills, reloads, (long long)c.last_run().front().run.cycles);
      samples::showRun(flags, c, sizes.size() > 1 ? std::to_string(rows) : "");
    } catch (const Error &e) {
      std::printf("%8lld error: %s\n", (long long)rows, e.what());
      return 1;
    }
  }
  return 0;
}
