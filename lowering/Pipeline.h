//===- Pipeline.h - Kernel IR to executable: the whole recipe -------------===//
//
// The lowering as a recipe, with a snapshot after each step (Toy's -emit=):
//
//   kernel     the traced kernel IR (a pallas_call's grid a tessera.grid)
//   pipelined  after tessera-expand-grid: grids as DMA pipelines (scf.for)
//   tiles      after tessera-legalize-tiles + canonicalize
//   optimized  after tessera-reuse-loads, tessera-eliminate-dead-stores,
//              canonicalize (each switchable), tessera-insert-checks
//   machine    selected, allocated machine instructions (before bundling)
//
// then scheduling into bundles and encoding into a sim::Executable. Kernels
// may hold scf.for / scf.if / scf.while: the machine code is then basic
// blocks joined by branches (SelectControlFlow.cpp).
//
// Printing the snapshots costs more than some stages, so it happens only
// when asked for (CompileOptions::snapshots; the driver compiles again with
// snapshots when Compiled::ir wants them). The IR is verified once, after
// the passes, or after every pass when CompileOptions::verifyEachPass is
// set: by default in builds with assertions, with TESSERA_VERIFY_EACH_PASS=1
// in the environment (ctest sets it), or after setVerifyEachPass(true).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "lowering/RegisterAllocation.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/TesseraPasses.h"
#include "sim/Executable.h"

namespace tessera::lowering {

/// Switches of the passes (all on by default): the optimizations
/// (DebugOptions) and the checks (CompilerParams.disable_*_checks).
using PassSwitches = mlir::tessera::KernelPipelineOptions;

/// How many switches PassSwitches has: passSwitchBits() sets bits below
/// 1 << kNumPassSwitches.
inline constexpr unsigned kNumPassSwitches = 4;

/// The switches as a key, one bit each: the one spelling of them that the
/// compile cache (driver/) and the pass pipelines built once per
/// combination (Pipeline.cpp) both use.
inline unsigned passSwitchBits(const PassSwitches &switches) {
  // Binds every member: a new switch does not compile until it is part of
  // the key (and kNumPassSwitches counts it).
  const auto &[reuseLoads, eliminateDeadStores, boundsChecks, semaphoreChecks] = switches;
  static_assert(sizeof(PassSwitches) == kNumPassSwitches * sizeof(bool),
                "one bit per switch: kNumPassSwitches must count them all");
  return unsigned(reuseLoads) | unsigned(eliminateDeadStores) << 1 |
         unsigned(boundsChecks) << 2 | unsigned(semaphoreChecks) << 3;
}

struct CompiledKernel {
  sim::Executable executable;
  /// (stage name, text) in pipeline order; empty without
  /// CompileOptions::snapshots.
  std::vector<std::pair<std::string, std::string>> stages;
  RegAllocStats regalloc;
};

/// Whether the IR is verified after every pass when CompileOptions does not
/// say: see the file header.
bool verifyEachPassByDefault();
/// Sets what verifyEachPassByDefault() answers from now on.
void setVerifyEachPass(bool on);

struct CompileOptions {
  /// Print a snapshot of each stage into CompiledKernel::stages.
  bool snapshots = true;
  /// Verify the IR after every pass, not once after the passes.
  bool verifyEachPass = verifyEachPassByDefault();
};

/// Names of the snapshot stages, in order.
const std::vector<std::string> &stageNames();

/// Compiles the single kernel func.func in `module` (which is transformed in
/// place). A user error (bad shape, window out of range, ...) comes back as
/// InvalidArgument with "file.cc:LINE: message"; a compiler bug as Internal.
absl::StatusOr<CompiledKernel> compileKernel(mlir::ModuleOp module,
                                             const PassSwitches &switches,
                                             const CompileOptions &options = {});

/// The machine half of the recipe alone, on a kernel already in tile IR:
/// instruction selection, copy coalescing, ordering, register allocation
/// (the `machine` stage), scheduling and encoding. compileKernel runs it
/// after the passes; tests of the lowering run it on tile IR they wrote.
/// Errors as for compileKernel.
absl::StatusOr<CompiledKernel> lowerTileKernel(mlir::func::FuncOp kernel,
                                               const CompileOptions &options = {});

}  // namespace tessera::lowering
