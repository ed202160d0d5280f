//===- LoweringTestUtil.h - Compile MLIR text, run it on a simulated chip -===//
//
// The lowering tests write kernels as MLIR text, compile them with
// lowering::compileKernel (or only its machine half, on tile IR), run the
// executable on TensorCore 0 of a fresh simulated chip and compare the
// arrays and SMEM words it leaves with host math.
//
// Kernel ABI as the runtime sets it up: SMEM words [0, numHbmArgs) hold the
// HBM row of each HBM argument (argument k at row k * kRowsPerArgument
// here), then the scalar input words.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "lowering/Pipeline.h"
#include "sim/Layout.h"
#include "sim/Chip.h"

namespace tessera::lowering::testing {

/// HBM rows each argument gets (enough for 2048 x 1024 words).
inline constexpr int64_t kRowsPerArgument = 16384;

/// Which part of the compiler to run.
enum class Stages {
  All,      // compileKernel: the passes, then the machine half
  Machine,  // lowerTileKernel only (the text is already tile IR)
};

/// Parses `text` (a module with one kernel func.func) in the process's MLIR
/// context and compiles it. Checks are off unless `checks`.
absl::StatusOr<CompiledKernel> compile(std::string_view text, Stages stages = Stages::All,
                                       bool checks = false);

/// A rank-2 array in HBM, row-major, one element per 32-bit word (f32 bits
/// or int32; bf16 bits in the low 16 bits, int8 in the low 8, with
/// `packing` 2 or 4: HBM then holds it packed, T(8,128)(2,1) / (4,1)).
struct Array {
  int64_t rows = 0, cols = 0;
  std::vector<uint32_t> words;
  int64_t packing = 1;

  static Array f32(int64_t rows, int64_t cols, const std::vector<float> &values);
  static Array s32(int64_t rows, int64_t cols, const std::vector<int32_t> &values);
  static Array zeros(int64_t rows, int64_t cols);
  /// bf16 values (each rounded to nearest even) / int8 values (wrapped).
  static Array bf16(int64_t rows, int64_t cols, const std::vector<float> &values);
  static Array s8(int64_t rows, int64_t cols, const std::vector<int32_t> &values);
  /// The HBM layout of this array.
  layout::TiledShape shape() const;
  float f(int64_t r, int64_t c) const;
  int32_t i(int64_t r, int64_t c) const;
};

struct RunOutput {
  std::vector<Array> hbm;          // every HBM argument after the run
  std::vector<int32_t> scalars;    // the scalar words after the run
  sim::RunResult result;
  std::string listing;
  /// If a shalt stopped the kernel: its bundle's comment with each {sN}
  /// replaced by the value of sN, as the runtime reports it.
  std::string haltMessage;
};

/// Runs `exe` with HBM arguments `hbm` (inputs and outputs, in argument
/// order) and scalar input words `scalars`.
absl::StatusOr<RunOutput> run(const sim::Executable &exe, const std::vector<Array> &hbm,
                              const std::vector<int32_t> &scalars = {});

/// The memory-space and type aliases the kernels of the tests use (#any,
/// #vmem, #smem, #semm, !sem, !v, !vi, !tile), followed by `body`.
std::string kernel(std::string_view body);

/// start, start + step, ... (n values).
std::vector<float> iota(int64_t n, float start, float step = 1);

/// `text` with every occurrence of each key replaced by its value.
std::string substitute(std::string_view text,
                       const std::vector<std::pair<std::string, std::string>> &replacements);

/// Bundles whose listing line contains `text`.
int countBundles(const sim::Executable &exe, std::string_view text);
/// Instructions named `opcode` ("vld", "sadd") in the listing (not in its
/// comments, which name ops too).
int countOps(const sim::Executable &exe, std::string_view opcode);

}  // namespace tessera::lowering::testing
