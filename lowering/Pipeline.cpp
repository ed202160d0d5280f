//===- Pipeline.cpp - Kernel IR to executable: the whole recipe -----------===//
#include "lowering/Pipeline.h"

#include "absl/strings/str_cat.h"
#include "llvm/Support/raw_ostream.h"
#include "lowering/Coalescing.h"
#include "lowering/DeadCode.h"
#include "lowering/Emission.h"
#include "lowering/InstructionSelection.h"
#include "lowering/Scheduling.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/TesseraPasses.h"

namespace tessera::lowering {

const std::vector<std::string> &stageNames() {
  static const std::vector<std::string> names = {"kernel", "tiles", "optimized",
                                                 "machine"};
  return names;
}

namespace {

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

absl::StatusOr<CompiledKernel> compileKernel(mlir::ModuleOp module,
                                             const PassSwitches &switches) {
  mlir::MLIRContext *ctx = module.getContext();
  ErrorCollector errors(ctx);
  CompiledKernel result;
  result.stages.push_back({"kernel", printModule(module)});

  mlir::PassManager tiles(ctx);
  mlir::tessera::addTileLegalizationPasses(tiles);
  if (mlir::failed(tiles.run(module)))
    return errors.error("tile legalization");
  result.stages.push_back({"tiles", printModule(module)});

  mlir::PassManager optimize(ctx);
  mlir::tessera::addOptimizationPasses(optimize, switches);
  if (mlir::failed(optimize.run(module)))
    return errors.error("optimization");
  result.stages.push_back({"optimized", printModule(module)});

  mlir::func::FuncOp kernel;
  for (auto fn : module.getOps<mlir::func::FuncOp>())
    kernel = fn;
  if (!kernel)
    return absl::InternalError("the module holds no kernel");
  auto lowered = lowerTileKernel(kernel);
  if (!lowered.ok())
    return lowered.status();
  for (auto &stage : lowered->stages)
    result.stages.push_back(std::move(stage));
  result.executable = std::move(lowered->executable);
  result.regalloc = lowered->regalloc;
  return result;
}

absl::StatusOr<CompiledKernel> lowerTileKernel(mlir::func::FuncOp kernel) {
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
  orderForRegisterPressure(fn);
  auto stats = allocateRegisters(fn);
  if (!stats.ok())
    return stats.status();
  result.regalloc = *stats;
  result.stages.push_back({"machine", printMFunction(fn)});

  Schedule schedule = scheduleInstructions(fn);
  auto exe = emitExecutable(fn, schedule);
  if (!exe.ok())
    return exe.status();
  result.executable = std::move(*exe);
  return result;
}

}  // namespace tessera::lowering
