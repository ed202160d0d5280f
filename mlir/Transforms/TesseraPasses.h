//===- TesseraPasses.h - Kernel-IR passes, the pipeline, registration -----===//
#pragma once

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"

#include <optional>
#include <string>
#include <utility>

namespace mlir::tessera {

#define GEN_PASS_DECL
#include "mlir/Transforms/TesseraPasses.h.inc"

#define GEN_PASS_REGISTRATION
#include "mlir/Transforms/TesseraPasses.h.inc"

/// Switches of the kernel pipeline; the compiler's CompilerParams and
/// DebugOptions map onto them.
struct KernelPipelineOptions {
  bool reuseLoads = true;
  bool eliminateDeadStores = true;
  bool boundsChecks = true;
  bool semaphoreChecks = true;
};

/// The kernel pipeline, in three stages (the compiler snapshots the IR
/// after each): grid expansion (tessera.grid into its DMA pipeline), tile
/// legalization, then optimization and check insertion.
void addGridExpansionPasses(OpPassManager &pm);
void addTileLegalizationPasses(OpPassManager &pm);
void addOptimizationPasses(OpPassManager &pm, const KernelPipelineOptions &options);

/// Registers exactly the dialects and passes Tessera uses (never all of
/// MLIR), and the whole pipeline as `tessera-kernel-pipeline` with options
/// `reuse-loads`, `eliminate-dead-stores`, `bounds-checks`,
/// `semaphore-checks` (all true by default).
void registerTesseraDialectsAndPasses(DialectRegistry &registry);

/// Text that kernel IR never holds and that MLIR 19's own parser crashes
/// on when malformed: a `sparse<...>` elements attribute (a value list of
/// the wrong kind is diagnosed, then verified anyway: a null dereference).
/// The offset of the first such token outside comments and strings, and
/// the message to report there; nullopt when the text has none. tessera-opt
/// and the opt fuzzer refuse such text before parsing it.
std::optional<std::pair<size_t, std::string>> findUnsupportedSyntax(llvm::StringRef text);

/// The process-wide context with Tessera's dialects loaded (single-threaded:
/// kernels are compiled one at a time).
MLIRContext &getProcessContext();

}  // namespace mlir::tessera
