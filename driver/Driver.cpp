//===- Driver.cpp - Traced kernel IR to a binary the runtime launches -----===//
#include "driver/Driver.h"

#include "absl/strings/str_cat.h"
#include "driver/KernelCache.h"
#include "driver/StructuralHash.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Support/raw_ostream.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "runtime/Array.h"
#include "runtime/Host.h"
#include "sim/Program.h"

namespace tessera::driver {

namespace {

std::string printWithLocations(mlir::ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  mlir::OpPrintingFlags flags;
  flags.enableDebugInfo();
  module.print(os, flags);
  return text;
}

/// A launch in interpret mode: the operands' data from simulated HBM
/// through the interpreter and back.
absl::StatusOr<std::vector<std::string>> runInterpreted(
    mlir::ModuleOp module, const interpret::Options &options, const Aliases &aliases,
    const std::vector<runtime::DeviceOperands> &parts) {
  std::vector<interpret::KernelArgs> args(parts.size());
  for (size_t d = 0; d < parts.size(); ++d) {
    args[d].aliases = aliases;
    args[d].deviceIndex = parts[d].meshIndex;
    for (const Array &a : parts[d].inputs) {
      auto words = runtime::Host::get().read(*a.buffer());
      if (!words.ok())
        return words.status();
      args[d].inputs.push_back({a.aval(), std::move(*words)});
    }
    for (const Array &a : parts[d].outputs)
      args[d].outputs.push_back({a.aval(), {}});
  }
  if (auto st = interpret::run(module, args, options); !st.ok())
    return st;
  std::vector<std::string> warnings;
  for (size_t d = 0; d < parts.size(); ++d) {
    for (size_t i = 0; i < parts[d].outputs.size(); ++i)
      if (auto st = runtime::Host::get().write(*parts[d].outputs[i].buffer(),
                                               args[d].outputs[i].words);
          !st.ok())
        return st;
    warnings.insert(warnings.end(), args[d].warnings.begin(), args[d].warnings.end());
  }
  return warnings;
}

/// What the listing of an interpreted kernel says instead of machine code:
/// the params in the user's spelling (pltpu::InterpretParams).
std::string interpretNote(const runtime::KernelBinary &binary,
                          const interpret::Options &options) {
  auto yesNo = [](bool b) { return b ? "true" : "false"; };
  std::string params = absl::StrCat(
      "dma_execution_mode=",
      options.dmaMode == interpret::Options::DmaMode::Eager ? "eager" : "on_wait",
      ", detect_races=", yesNo(options.detectRaces),
      ", uninitialized_memory_nan=", yesNo(options.uninitializedNan),
      ", check_uninitialized_reads=", yesNo(options.checkUninitializedReads),
      ", out_of_bounds_reads=", options.uninitializedOutOfBoundsReads ? "uninitialized" : "raise",
      ", buffer_bounds=", options.paddedBufferBounds ? "padded" : "logical",
      ", grid_point_shuffle_seed=", options.gridShuffleSeed);
  return absl::StrCat("; kernel '", binary.name, "' (", binary.position,
                      ") runs in interpret mode: no machine code\n",
                      "; pltpu::InterpretParams{", params, "}\n");
}

}  // namespace

lowering::PassSwitches passSwitches(const KernelOptions &options) {
  lowering::PassSwitches switches;
  switches.reuseLoads = options.reuseLoads;
  switches.eliminateDeadStores = options.eliminateDeadStores;
  switches.boundsChecks = !options.disableBoundsChecks;
  switches.semaphoreChecks = !options.disableSemaphoreChecks;
  return switches;
}

std::shared_ptr<const runtime::KernelBinary>
compileKernel(mlir::OwningOpRef<mlir::ModuleOp> module, const Aliases &aliases,
              const std::vector<ShapeDtypeStruct> &signature, const KernelOptions &options,
              NewBinary newBinary) {
  lowering::PassSwitches switches = passSwitches(options);
  CacheKey key{0, lowering::passSwitchBits(switches), aliases, signature};
  key.hash = llvm::hash_combine(structuralHash(*module), key.switches);
  for (auto [in, out] : aliases)
    key.hash = llvm::hash_combine(key.hash, in, out);
  for (const ShapeDtypeStruct &t : signature)
    key.hash = llvm::hash_combine(key.hash, llvm::hash_combine_range(t.shape.begin(), t.shape.end()),
                                  (int)t.dtype);
  KernelCache &cache = processKernelCache();
  if (auto binary = cache.find(key, *module))
    return binary;

  // The traced IR stays for the cache's comparisons and for printing the
  // stages on demand; the compiler transforms a copy.
  auto traced = std::make_shared<mlir::OwningOpRef<mlir::ModuleOp>>(module->clone());
  auto compiled = lowering::compileKernel(*module, switches, {.snapshots = false});
  if (!compiled.ok())
    throw Error(std::string(compiled.status().message()));
  std::shared_ptr<runtime::KernelBinary> binary = newBinary();
  binary->printStages = [traced, switches] {
    mlir::OwningOpRef<mlir::ModuleOp> copy = (*traced)->clone();
    auto again = lowering::compileKernel(*copy, switches, {.snapshots = true});
    return again.ok() ? std::move(again->stages)
                      : std::vector<std::pair<std::string, std::string>>{};
  };
  binary->executable = std::move(compiled->executable);
  auto program = sim::loadProgram(binary->executable);
  if (!program.ok())
    throw Error("internal error: the compiled kernel '" + binary->name +
                "' does not load: " + std::string(program.status().message()));
  binary->program = *program;
  cache.insert(key, std::move(traced), binary);
  return binary;
}

std::shared_ptr<const runtime::KernelBinary>
interpretKernel(mlir::OwningOpRef<mlir::ModuleOp> traced, const KernelOptions &options,
                std::shared_ptr<runtime::KernelBinary> binary, interpret::Options params,
                std::function<std::shared_ptr<const runtime::KernelBinary>()> compiled) {
  auto module = std::make_shared<mlir::OwningOpRef<mlir::ModuleOp>>(std::move(traced));
  if (mlir::failed(mlir::verify(**module)))
    throw Error(binary->position + ": internal error: the traced kernel '" + binary->name +
                "' does not verify");
  binary->stages = {{"kernel", printWithLocations(**module)}};
  params.semaphoreChecks = !options.disableSemaphoreChecks;
  binary->interpretNote = interpretNote(*binary, params);
  binary->interpret = [module, params, aliases = binary->aliases](
                          const std::vector<runtime::DeviceOperands> &parts,
                          const runtime::LaunchOptions &launch) {
    // The same knob ends runaway programs in both modes (README, "Checks
    // and faults"): interpreted ops here, cycles on the chip.
    interpret::Options options = params;
    options.maxOps = runtime::cycleBudgetOf(launch, parts);
    options.workBudget = runtime::workBudgetOf(launch, parts);
    return runInterpreted(**module, options, aliases, parts);
  };
  binary->compiled = std::move(compiled);
  return binary;
}

}  // namespace tessera::driver
