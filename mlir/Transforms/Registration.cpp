//===- Registration.cpp - The dialects, passes and pipeline tessera uses --===//
//
// The kernel pipeline is defined once here: the compiler (lowering/Pipeline)
// runs it stage by stage, and tessera-opt runs it whole as
// --tessera-kernel-pipeline, with the same switches.
//
//===----------------------------------------------------------------------===//
#include "llvm/ADT/StringExtras.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/TesseraDialect.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"
#include "mlir/Transforms/TesseraPasses.h"

using namespace mlir;

namespace {
/// The mark of an op that KernelCanonicalizer left canonical (its greedy
/// rewrite converged). It is an analysis, so the pass manager drops it as
/// soon as a pass that may have changed the IR runs (one that does not mark
/// every analysis preserved), and the canonicalizer after the load-reuse
/// and dead-store passes runs only if they changed something.
struct CanonicalForm {
  explicit CanonicalForm(Operation *) {}
};

/// The canonicalizer (upstream's patterns and greedy driver, its default
/// configuration) with the tessera dialect's scf.if rule in place of
/// upstream's (mlir::tessera::canonicalizerDisabledPatterns), whose
/// patterns are frozen once per context. MLIR 19's PassManager initializes
/// its passes again at every run (it never records the pipeline's key), and
/// upstream's canonicalizer rebuilds every dialect's patterns each time:
/// 22% of a warm compile of the seed kernel, twice per compile.
class KernelCanonicalizer
    : public PassWrapper<KernelCanonicalizer, OperationPass<>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(KernelCanonicalizer)
  StringRef getArgument() const override { return "tessera-canonicalize"; }
  StringRef getDescription() const override {
    return "The canonicalizer, with the tessera dialect's scf.if rule";
  }

  LogicalResult initialize(MLIRContext *context) override {
    // Rebuilt only when the context or what it has loaded changed.
    auto key = std::tuple(context, context->getLoadedDialects().size(),
                          context->getRegisteredOperations().size());
    if (patterns && key == patternsKey)
      return success();
    RewritePatternSet owning(context);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(owning);
    for (RegisteredOperationName op : context->getRegisteredOperations())
      op.getCanonicalizationPatterns(owning, context);
    patterns = std::make_shared<FrozenRewritePatternSet>(
        std::move(owning), mlir::tessera::canonicalizerDisabledPatterns());
    patternsKey = key;
    return success();
  }

  void runOnOperation() override {
    // Canonical already (marked below, and no pass has changed it since:
    // the mark lasts only through passes that keep every analysis): a
    // converged rewrite would change nothing again.
    if (getCachedAnalysis<CanonicalForm>())
      return markAllAnalysesPreserved();
    // Best effort, as upstream's: not converging is not a failure.
    if (failed(applyPatternsAndFoldGreedily(getOperation(), *patterns, GreedyRewriteConfig())))
      return;
    // Converged: the op is canonical, and so is each function in it (the
    // functions' own pipelines after this pass look for their own marks).
    getAnalysis<CanonicalForm>();
    for (Region &region : getOperation()->getRegions())
      for (Block &block : region)
        for (auto fn : block.getOps<func::FuncOp>())
          getChildAnalysis<CanonicalForm>(fn);
    markAnalysesPreserved<CanonicalForm>();
  }

private:
  std::shared_ptr<const FrozenRewritePatternSet> patterns;
  std::tuple<MLIRContext *, size_t, size_t> patternsKey{};
};
}  // namespace

static std::unique_ptr<Pass> createKernelCanonicalizer() {
  return std::make_unique<KernelCanonicalizer>();
}

void tessera::addGridExpansionPasses(OpPassManager &pm) {
  pm.addNestedPass<func::FuncOp>(createTesseraExpandGrid());
}

void tessera::addTileLegalizationPasses(OpPassManager &pm) {
  pm.addNestedPass<func::FuncOp>(createTesseraLegalizeTiles());
  pm.addPass(createKernelCanonicalizer());
}

void tessera::addOptimizationPasses(OpPassManager &pm, const KernelPipelineOptions &options) {
  if (options.reuseLoads)
    pm.addNestedPass<func::FuncOp>(createTesseraReuseLoads());
  if (options.eliminateDeadStores)
    pm.addNestedPass<func::FuncOp>(createTesseraEliminateDeadStores());
  // Load placement's other half (a load repeated where reuse would hold a
  // register through a reduction): after the merges above, which would
  // fold its copies back.
  if (options.reuseLoads)
    pm.addNestedPass<func::FuncOp>(createTesseraRematerialize());
  // In the functions' pipeline, with the passes before it: run in the same
  // pass manager as the tile legalization's, it finds the function still
  // marked canonical when they changed nothing (KernelCanonicalizer).
  pm.addNestedPass<func::FuncOp>(createKernelCanonicalizer());
  TesseraInsertChecksOptions checks;
  checks.boundsChecks = options.boundsChecks;
  checks.semaphoreChecks = options.semaphoreChecks;
  pm.addNestedPass<func::FuncOp>(createTesseraInsertChecks(checks));
}

std::optional<std::pair<size_t, std::string>>
tessera::findUnsupportedSyntax(llvm::StringRef text) {
  auto identifierChar = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
  };
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {  // a comment
      i = text.find('\n', i);
      if (i == llvm::StringRef::npos)
        break;
      continue;
    }
    if (c == '"') {  // a string, with its escapes
      for (++i; i < text.size() && text[i] != '"' && text[i] != '\n'; ++i)
        if (text[i] == '\\')
          ++i;
      continue;
    }
    if (text.substr(i).starts_with("sparse<") && (i == 0 || !identifierChar(text[i - 1])))
      return std::pair{i, std::string("sparse elements attributes are not part of Tessera's "
                                      "kernel IR (a constant array is a splat: dense<v>)")};
  }
  return std::nullopt;
}

namespace {
/// The pipeline's options on the command line.
struct PipelineCLOptions : PassPipelineOptions<PipelineCLOptions> {
  Option<bool> reuseLoads{*this, "reuse-loads", llvm::cl::desc("Run tessera-reuse-loads"),
                          llvm::cl::init(true)};
  Option<bool> eliminateDeadStores{*this, "eliminate-dead-stores",
                                   llvm::cl::desc("Run tessera-eliminate-dead-stores"),
                                   llvm::cl::init(true)};
  Option<bool> boundsChecks{*this, "bounds-checks", llvm::cl::desc("Insert bounds checks"),
                            llvm::cl::init(true)};
  Option<bool> semaphoreChecks{*this, "semaphore-checks",
                               llvm::cl::desc("Insert semaphore checks"), llvm::cl::init(true)};
};
}  // namespace

void tessera::registerTesseraDialectsAndPasses(DialectRegistry &registry) {
  registry.insert<TesseraDialect, arith::ArithDialect, math::MathDialect, func::FuncDialect,
                  scf::SCFDialect>();
  static bool passesRegistered = [] {
    registerTesseraPasses();
    registerCanonicalizerPass();
    registerCSEPass();
    PassPipelineRegistration<PipelineCLOptions>(
        "tessera-kernel-pipeline",
        "The compiler's kernel-IR pipeline: grid expansion, tile legalization, load reuse, "
        "dead-store elimination, rematerialization, canonicalization, check insertion",
        [](OpPassManager &pm, const PipelineCLOptions &cl) {
          KernelPipelineOptions options;
          options.reuseLoads = cl.reuseLoads;
          options.eliminateDeadStores = cl.eliminateDeadStores;
          options.boundsChecks = cl.boundsChecks;
          options.semaphoreChecks = cl.semaphoreChecks;
          addGridExpansionPasses(pm);
          addTileLegalizationPasses(pm);
          addOptimizationPasses(pm, options);
        });
    return true;
  }();
  (void)passesRegistered;
}

MLIRContext &tessera::getProcessContext() {
  static MLIRContext *ctx = [] {
    DialectRegistry registry;
    registerTesseraDialectsAndPasses(registry);
    auto *c = new MLIRContext(registry, MLIRContext::Threading::DISABLED);
    c->loadAllAvailableDialects();
    return c;
  }();
  return *ctx;
}
