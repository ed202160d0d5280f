//===- OptCheck.cpp - The opt target: tessera-opt parse/verify/passes -----===//
//
// The input is kernel IR text, as tessera-opt reads it: parsed with exactly
// the dialects tessera-opt registers (registerTesseraDialectsAndPasses) and
// verified. An input the parser or the verifier rejects is fine. An accepted
// module must print and parse back, and then go through the whole kernel
// pipeline (--tessera-kernel-pipeline) and through each pass alone (what a
// user can ask tessera-opt for), each on its own copy. A pass may reject
// the module with an error; it must never crash, and never leave IR the
// verifier rejects: every pass that succeeds is followed by the verifier.
// (fuzz/FuzzMain.cpp runs this under libFuzzer as opt_fuzzer.)
//
//===----------------------------------------------------------------------===//
#include <functional>
#include <memory>
#include <string>

#include "fuzz/FuzzChecks.h"
#include "llvm/Support/raw_ostream.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "mlir/Transforms/TesseraPasses.h"

using namespace mlir;

namespace tessera::fuzz {
namespace {

/// Inputs parsed into one context before it is replaced (uniqued types and
/// attributes accumulate in a context).
constexpr int kInputsPerContext = 20000;

MLIRContext &context() {
  static std::unique_ptr<MLIRContext> ctx;
  static int uses = 0;
  if (!ctx || ++uses > kInputsPerContext) {
    uses = 0;
    DialectRegistry registry;
    mlir::tessera::registerTesseraDialectsAndPasses(registry);
    ctx = std::make_unique<MLIRContext>(registry,
                                        MLIRContext::Threading::DISABLED);
    ctx->loadAllAvailableDialects();
  }
  return *ctx;
}

std::string print(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os);
  return text;
}

/// Verifies the IR after every pass that succeeded; the first failure is
/// kept in `failure`.
struct VerifyAfterEachPass : PassInstrumentation {
  explicit VerifyAfterEachPass(std::string &failure) : failure(failure) {}
  void runAfterPass(Pass *pass, Operation *op) override {
    if (failure.empty() && failed(verify(op))) {
      auto module = op->getParentOfType<ModuleOp>();
      failure = broken("a pass succeeded but left IR the verifier rejects",
                       print(module ? module.getOperation() : op),
                       pass->getArgument());
    }
  }
  std::string &failure;
};

/// Runs `build`'s passes on a copy of `module`; "" or what broke.
std::string runOnCopy(ModuleOp module,
                      const std::function<void(OpPassManager &)> &build) {
  OwningOpRef<ModuleOp> copy = module.clone();
  PassManager pm(module.getContext());
  std::string failure;
  pm.enableVerifier(false);  // VerifyAfterEachPass does it
  pm.addInstrumentation(std::make_unique<VerifyAfterEachPass>(failure));
  build(pm);
  bool ok = succeeded(pm.run(*copy));
  if (!failure.empty() || !ok)
    return failure;  // a rejection with an error is fine
  // What tessera-opt prints must read back.
  std::string out = print(*copy);
  if (!parseSourceString<ModuleOp>(out, module.getContext()))
    return broken("the pipeline's output does not parse back", out, "");
  return "";
}

}  // namespace

std::string checkOpt(std::string_view input) {
  MLIRContext &ctx = context();
  // Diagnostics are the expected outcome of most inputs: not printed.
  ScopedDiagnosticHandler quiet(&ctx, [](Diagnostic &) { return success(); });
  // NUL-terminated, as the file buffers tessera-opt parses are (MLIR's lexer
  // finds the end of the buffer at the NUL).
  std::string text(input);
  // What tessera-opt refuses before parsing (MLIR 19's parser crashes on it).
  if (mlir::tessera::findUnsupportedSyntax(text))
    return "";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &ctx);
  if (!module)
    return "";  // rejected by the parser or the verifier
  std::string printed = print(*module);
  if (!parseSourceString<ModuleOp>(printed, &ctx))
    return broken("a verified module does not print and parse back", printed,
                  "");

  using Build = std::function<void(OpPassManager &)>;
  const Build pipelines[] = {
      [](OpPassManager &pm) {
        mlir::tessera::addGridExpansionPasses(pm);
        mlir::tessera::addTileLegalizationPasses(pm);
        mlir::tessera::addOptimizationPasses(
            pm, mlir::tessera::KernelPipelineOptions{});
      },
      [](OpPassManager &pm) { mlir::tessera::addGridExpansionPasses(pm); },
      [](OpPassManager &pm) {
        pm.addNestedPass<func::FuncOp>(
            mlir::tessera::createTesseraLegalizeTiles());
      },
      [](OpPassManager &pm) {
        pm.addNestedPass<func::FuncOp>(mlir::tessera::createTesseraReuseLoads());
      },
      [](OpPassManager &pm) {
        pm.addNestedPass<func::FuncOp>(
            mlir::tessera::createTesseraEliminateDeadStores());
      },
      [](OpPassManager &pm) {
        pm.addNestedPass<func::FuncOp>(
            mlir::tessera::createTesseraInsertChecks());
      },
      [](OpPassManager &pm) { pm.addPass(createCanonicalizerPass()); },
  };
  for (const Build &build : pipelines)
    if (std::string failure = runOnCopy(*module, build); !failure.empty())
      return failure;
  return "";
}

}  // namespace tessera::fuzz
