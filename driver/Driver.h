//===- Driver.h - Traced kernel IR to a binary the runtime launches -------===//
//
// The compiler driver, between the user API (dsl/, which checks a kernel's
// spec and traces its body) and the compiler (mlir/ passes, lowering/):
//
//   traced kernel IR + signature + options
//     | compileKernel: the compile cache (KernelCache.h), else the pass
//     |   pipeline (lowering::compileKernel), the program loaded, the IR
//     |   stages printed again on demand
//     | interpretKernel: a launch that runs the IR on the reference
//     |   interpreter (interpret/), the machine stages compiled on demand
//   runtime::KernelBinary
//
// It takes plain data, never the user API's types: dsl/Kernel.cpp copies
// the spec's fields into KernelSignature and KernelOptions.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "interpret/Interpreter.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "lowering/Pipeline.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "runtime/Program.h"

namespace tessera::driver {

/// What the runtime needs of a kernel besides its code and its aliases:
/// names and types (runtime::KernelBinary's fields of the same names).
struct KernelSignature {
  std::string name;
  /// "file.cc:LINE" of the pl::kernel.
  std::string position;
  std::vector<ShapeDtypeStruct> inputs, outputs;
  std::vector<std::string> inputNames, outputNames;
  int numScalarInputs = 0;
  /// How many scratch Refs are the user's (scratch_types).
  int numUserScratch = 0;
};

/// input_output_aliases: (input, output) pairs sharing one HBM buffer.
using Aliases = std::vector<std::pair<int, int>>;

/// The user's switches a binary depends on, as DebugOptions and
/// pltpu::CompilerParams name them.
struct KernelOptions {
  /// DebugOptions::reuse_loads, ::eliminate_dead_stores.
  bool reuseLoads = true;
  bool eliminateDeadStores = true;
  /// pltpu::CompilerParams::disable_bounds_checks, ::disable_semaphore_checks.
  bool disableBoundsChecks = false;
  bool disableSemaphoreChecks = false;
};

/// The pass switches `options` asks for: the one mapping from the user's
/// switches to the pipeline's.
lowering::PassSwitches passSwitches(const KernelOptions &options);

/// The binary of `traced` (the kernel IR of stage "kernel", with its source
/// positions): the cached one when the same IR was compiled with the same
/// switches and aliases, else compiled now (and cached). `signature` is
/// asked for on a miss only, so that a hit costs its lookup and no more.
/// The binary's IR stages are printed when asked for
/// (KernelBinary::printStages), by compiling the traced IR again. Throws
/// tessera::Error when the kernel does not compile, with the message naming
/// the user's line.
std::shared_ptr<const runtime::KernelBinary>
compileKernel(mlir::OwningOpRef<mlir::ModuleOp> traced, const Aliases &aliases,
              const KernelOptions &options, llvm::function_ref<KernelSignature()> signature);

/// Interpret mode: a binary whose launch runs `traced` on the reference
/// interpreter with `params` (pltpu::InterpretParams; the driver fills in
/// what it knows of the kernel: semaphore checks from `options`, the user's
/// scratch from `signature`). Nothing is compiled: `compiled`, called when
/// the listing or the IR stages after "kernel" are asked for, gives the
/// same kernel traced and compiled without interpret mode. Throws
/// tessera::Error when `traced` does not verify.
std::shared_ptr<const runtime::KernelBinary>
interpretKernel(mlir::OwningOpRef<mlir::ModuleOp> traced, const Aliases &aliases,
                const KernelOptions &options, const KernelSignature &signature,
                interpret::Options params,
                std::function<std::shared_ptr<const runtime::KernelBinary>()> compiled);

}  // namespace tessera::driver
