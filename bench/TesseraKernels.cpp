//===- TesseraKernels.cpp - The kernel suite: cycles and bounds -----------===//
//
// build/bin/tessera_kernels runs every sample kernel, flash attention, a
// K = 384 matmul, a row reduction and the start/wait experiment, each as
// the sample program next to it (`SAMPLE FLAGS --profile`), and prints one
// table: the kernel's cycles, what its profile's verdict says bounds it,
// the busiest resource and that resource's share of the cycles, and
// whether the sample's numeric check passed. The figures are the
// simulator's, deterministic: the table is the same on every run. The
// README's performance table is this output. A launch on several cores or
// chips reports its first profile (TensorCore 0 of chip 0).
//
//   build/bin/tessera_kernels                  the whole suite (about a minute)
//   build/bin/tessera_kernels --only=NAME,...  some rows
//   build/bin/tessera_kernels --list           the rows and their commands
//
// Exits 1 when a sample fails (its check, or no profile in its output).
//
//===----------------------------------------------------------------------===//
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

struct Row {
  std::string name;    // the row's name (--only)
  std::string sample;  // the executable in build/bin
  std::string flags;   // its flags, before --profile
  std::string what;    // one line on the kernel
};

/// The suite, in the README's order.
const std::vector<Row> &suite() {
  static const std::vector<Row> rows = {
      {"first_kernel", "first_kernel", "", "the seed's f32[8,128] x 2"},
      {"value_vs_ref", "value_vs_ref", "", "the seed's values-vs-Refs kernel"},
      {"pipelined_scale", "pipelined_scale", "", "x * 2 + 1, f32[16384,1024], 512-row blocks"},
      {"block_accumulate", "block_accumulate", "", "an output block summed over a grid axis"},
      {"scalar_prefetch_gather", "scalar_prefetch_gather", "", "rows gathered by SMEM indices"},
      {"softmax", "softmax", "", "row softmax, f32[256,1024]"},
      {"layer_norm", "layer_norm", "", "layer norm, f32[512,1024]"},
      {"row_sum", "row_sum", "", "row sums, f32[4096,1024] -> f32[4096,1]"},
      {"matmul", "matmul", "", "bf16 1024^3, blocks (512, 256, 1024)"},
      {"matmul_2048", "matmul", "--size=2048", "bf16 2048^3, the same blocks"},
      {"matmul_k384", "matmul", "--m=256 --n=256 --k=384 --bk=128",
       "bf16 [256,384] @ [384,256], K in 3 steps"},
      {"attention", "attention", "", "batched softmax(q k^T) v, bf16[8,128,128]"},
      {"flash_attention", "flash_attention", "", "online-softmax attention, bf16[512,128]"},
      {"overlap", "overlap", "", "the seed's start/wait experiment (split)"},
      {"megacore_matmul", "megacore_matmul", "", "bf16 2048^3 on both TensorCores"},
      {"megacore_scale", "megacore_scale", "", "x * 2 + 1 on both TensorCores"},
      {"core_barrier", "core_barrier", "", "two TensorCores meeting at a barrier"},
      {"sharded_scale", "sharded_scale", "", "x * 2 over a 1-device mesh"},
      {"ring_allgather", "ring_allgather", "", "all-gather over 4 chips' ICI ring"},
      {"allreduce", "allreduce", "", "all-reduce over 4 chips"},
      {"collective_matmul", "collective_matmul", "", "all-gather overlapped with a matmul"},
  };
  return rows;
}

struct Figures {
  bool ok = false;
  std::string error;
  long long cycles = 0;
  std::string verdict;  // "MXU-bound", "latency-bound", ...
  std::string busiest;  // "MXU", "HBM", "XLU", "vector load slots", ...
  double share = 0;     // of the busiest resource, in %
};

std::string run(const std::string &command, int &status) {
  std::string out;
  FILE *pipe = popen(command.c_str(), "r");
  if (!pipe) {
    status = -1;
    return out;
  }
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0)
    out.append(buffer, n);
  status = pclose(pipe);
  return out;
}

/// The first profile in a sample's `--profile` output: its first line
/// ("kernel 'NAME': N cycles = ...") and its verdict line (sim/Profile.cpp,
/// KernelProfile::verdictLine).
Figures parse(const std::string &out, int status) {
  Figures f;
  std::istringstream lines(out);
  std::string line;
  static const std::regex first(R"(^kernel '[^']+': (\d+) cycles = )");
  static const std::regex bound(R"(^verdict: (HBM|MXU|vector)-bound: (.*))");
  static const std::regex other(R"(^verdict: (issue|latency)-bound: no unit reaches 50% \((.*?)\);)");
  static const std::regex share(R"(([A-Za-z][A-Za-z ]*?) ([0-9.]+)%)");
  static const std::regex percent(R"(([0-9.]+)% of)");
  bool haveCycles = false, haveVerdict = false, passed = false;
  std::smatch m;
  while (std::getline(lines, line)) {
    if (!haveCycles && std::regex_search(line, m, first)) {
      f.cycles = std::stoll(m[1]);
      haveCycles = true;
    } else if (haveCycles && !haveVerdict && std::regex_search(line, m, bound)) {
      haveVerdict = true;
      f.verdict = m[1].str() + "-bound";
      std::string rest = m[2];
      std::smatch p;
      if (std::regex_search(rest, p, percent))
        f.share = std::stod(p[1]);
      if (m[1] == "vector") {  // "the vector load slots were busy 85.6% of the cycles"
        size_t at = rest.find("the "), end = rest.find(" were busy");
        f.busiest = at != std::string::npos && end != std::string::npos
                        ? rest.substr(at + 4, end - at - 4)
                        : "vector";
      } else {
        f.busiest = m[1];
      }
    } else if (haveCycles && !haveVerdict && std::regex_search(line, m, other)) {
      haveVerdict = true;
      f.verdict = m[1].str() + "-bound";
      std::string list = m[2];
      for (std::sregex_iterator it(list.begin(), list.end(), share), end; it != end; ++it) {
        double value = std::stod((*it)[2]);
        if (f.busiest.empty() || value > f.share) {
          f.share = value;
          f.busiest = (*it)[1];
        }
      }
    } else if (line.rfind("numeric check: PASS", 0) == 0) {
      passed = true;
    }
  }
  if (status != 0)
    f.error = "the sample failed (exit status " + std::to_string(status) + ")";
  else if (!passed)
    f.error = "no 'numeric check: PASS' in its output";
  else if (!haveCycles || !haveVerdict)
    f.error = "no profile in its output";
  f.ok = f.error.empty();
  return f;
}

std::filesystem::path binDir() {
  std::error_code ec;
  std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path(".") : self.parent_path();
}

}  // namespace

int main(int argc, char **argv) {
  std::set<std::string> only;
  bool list = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.rfind("--only=", 0) == 0) {
      std::string names = arg.substr(7) + ",";
      for (size_t at = 0, comma; (comma = names.find(',', at)) != std::string::npos;
           at = comma + 1)
        if (comma > at)
          only.insert(names.substr(at, comma - at));
    } else if (arg == "--list") {
      list = true;
    } else {
      std::cerr << "unknown flag '" << arg << "'\nusage: tessera_kernels [--only=NAME,...] [--list]\n";
      return 2;
    }
  }
  for (const std::string &name : only)
    if (std::none_of(suite().begin(), suite().end(), [&](const Row &r) { return r.name == name; })) {
      std::cerr << "tessera_kernels: no row '" << name << "' (--list shows them)\n";
      return 2;
    }
  std::filesystem::path dir = binDir();
  if (list) {
    for (const Row &r : suite())
      std::cout << r.name << ": " << r.sample << (r.flags.empty() ? "" : " ") << r.flags
                << "  (" << r.what << ")\n";
    return 0;
  }
  std::printf("%-24s %10s  %-14s  %-18s %7s  %s\n", "kernel", "cycles", "verdict",
              "busiest resource", "busy", "what");
  bool ok = true;
  for (const Row &r : suite()) {
    if (!only.empty() && !only.count(r.name))
      continue;
    std::filesystem::path exe = dir / r.sample;
    if (!std::filesystem::exists(exe)) {
      std::printf("%-24s failed: %s is not built\n", r.name.c_str(), exe.c_str());
      ok = false;
      continue;
    }
    int status = 0;
    std::string out = run("'" + exe.string() + "' " + r.flags + " --profile 2>&1", status);
    Figures f = parse(out, status);
    if (!f.ok) {
      std::printf("%-24s failed: %s\n", r.name.c_str(), f.error.c_str());
      ok = false;
      continue;
    }
    std::printf("%-24s %10lld  %-14s  %-18s %6.1f%%  %s\n", r.name.c_str(), f.cycles,
                f.verdict.c_str(), f.busiest.c_str(), f.share, r.what.c_str());
    std::fflush(stdout);
  }
  return ok ? 0 : 1;
}
