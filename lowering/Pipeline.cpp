//===- Pipeline.cpp - Kernel IR to executable: the whole recipe -----------===//
#include "lowering/Pipeline.h"

#include <atomic>
#include <functional>
#include <cstdlib>
#include <map>
#include <memory>

#include "absl/strings/str_cat.h"
#include "llvm/Support/raw_ostream.h"
#include "lowering/Coalescing.h"
#include "lowering/DeadCode.h"
#include "lowering/Emission.h"
#include "lowering/InstructionSelection.h"
#include "lowering/Rotation.h"
#include "lowering/Ordering.h"
#include "lowering/Scheduling.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/TesseraPasses.h"

namespace tessera::lowering {

const std::vector<std::string> &stageNames() {
  static const std::vector<std::string> names = {"kernel", "pipelined", "tiles",
                                                 "optimized", "machine"};
  return names;
}

namespace {

std::atomic<bool> &verifyEachPassFlag() {
#ifdef NDEBUG
  static std::atomic<bool> flag = [] {
    const char *env = std::getenv("TESSERA_VERIFY_EACH_PASS");
    return env && *env && std::string(env) != "0";
  }();
#else
  static std::atomic<bool> flag = true;
#endif
  return flag;
}

/// Marks the end of tile legalization in the pass manager that runs it and
/// the optimizations together: `done` (the "tiles" snapshot, and which stage
/// a failure belongs to) runs after `last`, the stage's last pass, when it
/// ran on the module.
class TilesDone : public mlir::PassInstrumentation {
public:
  explicit TilesDone(mlir::Pass *last) : last(last) {}
  std::function<void()> done;

  void runAfterPass(mlir::Pass *pass, mlir::Operation *) override {
    if (pass == last && done)
      done();
  }

private:
  mlir::Pass *last;
};

/// The pass pipelines for `switches`: grid expansion, then tile
/// legalization and the optimizations in one pass manager (so that the
/// optimizations' canonicalizer sees the analyses the first one left:
/// mlir/Transforms/Registration.cpp). Built once per combination for the
/// process context (which lives as long as the process) and reused; built
/// afresh for any other context. Not thread-safe, like the process context.
class PassManagers {
public:
  PassManagers(mlir::MLIRContext *ctx, const PassSwitches &switches, bool verifyEachPass) {
    if (ctx != &mlir::tessera::getProcessContext()) {
      owned = build(ctx, switches, verifyEachPass);
      current = owned.get();
      return;
    }
    static auto *cache = new std::map<unsigned, std::unique_ptr<Pair>>();
    unsigned key = passSwitchBits(switches) | unsigned(verifyEachPass) << kNumPassSwitches;
    std::unique_ptr<Pair> &slot = (*cache)[key];
    if (!slot)
      slot = build(ctx, switches, verifyEachPass);
    current = slot.get();
  }
  mlir::PassManager &grids() { return current->grids; }
  /// Runs tile legalization and the optimizations on `module`; `tilesDone`
  /// runs between them.
  mlir::LogicalResult tilesAndOptimize(mlir::ModuleOp module, std::function<void()> tilesDone) {
    current->tilesDone->done = std::move(tilesDone);
    mlir::LogicalResult result = current->kernel.run(module);
    current->tilesDone->done = nullptr;
    return result;
  }

private:
  struct Pair {
    explicit Pair(mlir::MLIRContext *ctx) : grids(ctx), kernel(ctx) {}
    mlir::PassManager grids, kernel;
    TilesDone *tilesDone = nullptr;  // owned by `kernel`
  };
  static std::unique_ptr<Pair> build(mlir::MLIRContext *ctx, const PassSwitches &switches,
                                     bool verifyEachPass) {
    auto pair = std::make_unique<Pair>(ctx);
    mlir::tessera::addGridExpansionPasses(pair->grids);
    mlir::tessera::addTileLegalizationPasses(pair->kernel);
    auto tilesDone = std::make_unique<TilesDone>(&*std::prev(pair->kernel.getPasses().end()));
    pair->tilesDone = tilesDone.get();
    pair->kernel.addInstrumentation(std::move(tilesDone));
    mlir::tessera::addOptimizationPasses(pair->kernel, switches);
    pair->grids.enableVerifier(verifyEachPass);
    pair->kernel.enableVerifier(verifyEachPass);
    return pair;
  }
  std::unique_ptr<Pair> owned;
  Pair *current;
};

std::string printModule(mlir::ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  return text;
}

/// Collects the first error diagnostic as "file.cc:LINE: message".
class ErrorCollector {
public:
  explicit ErrorCollector(mlir::MLIRContext *ctx)
      : handler(ctx, [this](mlir::Diagnostic &diag) {
          if (diag.getSeverity() == mlir::DiagnosticSeverity::Error && message.empty()) {
            SourcePos pos = sourcePos(diag.getLocation());
            message = pos.file.empty()
                          ? diag.str()
                          : absl::StrCat(pos.file, ":", pos.line, ": ", diag.str());
          }
          return mlir::success();
        }) {}
  absl::Status error(absl::string_view stage) const {
    return absl::InvalidArgumentError(
        message.empty() ? absl::StrCat(stage, " failed") : message);
  }

private:
  std::string message;
  mlir::ScopedDiagnosticHandler handler;
};

}  // namespace

bool verifyEachPassByDefault() { return verifyEachPassFlag(); }

void setVerifyEachPass(bool on) { verifyEachPassFlag() = on; }

absl::StatusOr<CompiledKernel> compileKernel(mlir::ModuleOp module,
                                             const PassSwitches &switches,
                                             const CompileOptions &options) {
  mlir::MLIRContext *ctx = module.getContext();
  ErrorCollector errors(ctx);
  CompiledKernel result;
  auto snapshot = [&](const char *stage) {
    if (options.snapshots)
      result.stages.push_back({stage, printModule(module)});
  };
  snapshot("kernel");

  PassManagers pms(ctx, switches, options.verifyEachPass);
  if (mlir::failed(pms.grids().run(module)))
    return errors.error("grid expansion");
  snapshot("pipelined");

  bool tiled = false;
  if (mlir::failed(pms.tilesAndOptimize(module, [&] {
        tiled = true;
        snapshot("tiles");
      })))
    return errors.error(tiled ? "optimization" : "tile legalization");
  // Once per compile, before the lowering relies on it.
  if (!options.verifyEachPass && mlir::failed(mlir::verify(module)))
    return errors.error("verification");
  snapshot("optimized");

  mlir::func::FuncOp kernel;
  for (auto fn : module.getOps<mlir::func::FuncOp>())
    kernel = fn;
  if (!kernel)
    return absl::InternalError("the module holds no kernel");
  auto lowered = lowerTileKernel(kernel, options);
  if (!lowered.ok())
    return lowered.status();
  for (auto &stage : lowered->stages)
    result.stages.push_back(std::move(stage));
  result.executable = std::move(lowered->executable);
  result.regalloc = lowered->regalloc;
  return result;
}

absl::StatusOr<CompiledKernel> lowerTileKernel(mlir::func::FuncOp kernel,
                                               const CompileOptions &options) {
  ErrorCollector errors(kernel.getContext());
  CompiledKernel result;
  auto selected = selectInstructions(kernel);
  if (mlir::failed(selected))
    return errors.error("instruction selection");
  MFunction fn = std::move(*selected);
  // Values nobody reads go (the window addresses a DMA's wait does not
  // need); copies of carried values and if-results merge away where they
  // can; blocks left empty (an else that only copied) disappear.
  simplifyControlFlow(fn);
  eliminateDeadCode(fn);
  coalesceCopies(fn);
  simplifyControlFlow(fn);
  rotateMxuFills(fn);
  orderForRegisterPressure(fn);
  auto stats = allocateRegisters(fn);
  if (!stats.ok())
    return stats.status();
  result.regalloc = *stats;
  if (options.snapshots)
    result.stages.push_back({"machine", printMFunction(fn)});

  Schedule schedule = scheduleInstructions(fn);
  auto exe = emitExecutable(fn, schedule);
  if (!exe.ok())
    return exe.status();
  result.executable = std::move(*exe);
  return result;
}

}  // namespace tessera::lowering
