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

/// The vector registers' worth of values the compiler lets the work before
/// a DMA wait leave live across it, for the work after the wait: load reuse
/// forwards at most this many stored tiles past one wait (the others are
/// stored and reloaded), and the lowering's order computes at most this many
/// such values before the wait (lowering/Dependences.cpp, late waits). A
/// quarter of the registers: the work before the wait needs the others to
/// interleave its chains (samples/overlap.cc --work=16 hides 55% of its
/// work with 16, all of it with 8).
inline constexpr int64_t kWaitCarryVRegs = 8;

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
