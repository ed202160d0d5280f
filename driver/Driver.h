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
// the spec's switches into KernelOptions and its names and types into the
// runtime::KernelBinary the driver completes.
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

/// A binary with a kernel's names, types and aliases (runtime::KernelBinary's
/// name, position, inputs, outputs, inputNames, outputNames,
/// numScalarInputs, aliases), and no code yet: the driver adds the code.
using NewBinary = llvm::function_ref<std::shared_ptr<runtime::KernelBinary>()>;

/// The binary of `traced` (the kernel IR of stage "kernel", with its source
/// positions): the cached one when the same IR was compiled with the same
/// switches, aliases and `signature` (the inputs' and outputs' types as the
/// user gave them: the IR holds a 1-D or rank 3-5 array as its 2-D memory,
/// which arrays of other shapes share), else `newBinary()` with the code
/// compiled now (and cached). `newBinary` is called on a miss only, so that a hit costs its
/// lookup and no more. The binary's IR stages are printed when asked for
/// (KernelBinary::printStages), by compiling the traced IR again. Throws
/// tessera::Error when the kernel does not compile, with the message naming
/// the user's line.
std::shared_ptr<const runtime::KernelBinary>
compileKernel(mlir::OwningOpRef<mlir::ModuleOp> traced, const Aliases &aliases,
              const std::vector<ShapeDtypeStruct> &signature, const KernelOptions &options,
              NewBinary newBinary);

/// Interpret mode: `binary` (names, types and aliases, as for NewBinary)
/// with a launch that runs `traced` on the reference interpreter with
/// `params` (pltpu::InterpretParams and the user's scratch; the driver adds
/// the semaphore checks `options` ask for). Nothing is compiled:
/// `compiled`, called when the listing or the IR stages after "kernel" are
/// asked for, gives the same kernel traced and compiled without interpret
/// mode. Throws tessera::Error when `traced` does not verify.
std::shared_ptr<const runtime::KernelBinary>
interpretKernel(mlir::OwningOpRef<mlir::ModuleOp> traced, const KernelOptions &options,
                std::shared_ptr<runtime::KernelBinary> binary, interpret::Options params,
                std::function<std::shared_ptr<const runtime::KernelBinary>()> compiled);

}  // namespace tessera::driver
