//===- PipelineTest.cpp - The pipeline's switches: snapshots, verification ===//
//
// The stage snapshots are printed only when asked for, and the IR is
// verified after every pass or once per compile (lowering/Pipeline.h):
// neither changes the machine code. The pass managers are built once and
// reused: compiling again gives the same code.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include "LoweringTestUtil.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Transforms/TesseraPasses.h"

namespace tessera::lowering::testing {
namespace {

constexpr std::string_view kScale = R"(
!x = memref<32x128xf32, #any>
!xv = memref<32x128xf32, #vmem>
module {
  func.func @scale(%x_hbm: !x, %o_hbm: !x, %xv: !xv, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    %s = arith.constant dense<2.0> : vector<32x128xf32>
    tessera.dma_start %x_hbm, %xv, %sem : !x, !xv, !sem
    tessera.dma_wait %x_hbm, %xv, %sem : !x, !xv, !sem
    %t = tessera.load %xv : !xv -> vector<32x128xf32>
    %d = arith.mulf %t, %s : vector<32x128xf32>
    tessera.store %d, %xv : vector<32x128xf32>, !xv
    tessera.dma_start %xv, %o_hbm, %sem : !xv, !x, !sem
    tessera.dma_wait %xv, %o_hbm, %sem : !xv, !x, !sem
    return
  }
}
)";

absl::StatusOr<CompiledKernel> compileWith(const CompileOptions &options) {
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::parseSourceString<mlir::ModuleOp>(
      kernel(std::string(kScale)), &mlir::tessera::getProcessContext(), "scale.mlir");
  if (!module)
    return absl::InvalidArgumentError("the test kernel does not parse");
  return compileKernel(*module, PassSwitches{}, options);
}

TEST(Pipeline, SnapshotsOnlyWhenAskedFor) {
  auto with = compileWith({.snapshots = true});
  auto without = compileWith({.snapshots = false});
  ASSERT_TRUE(with.ok()) << with.status();
  ASSERT_TRUE(without.ok()) << without.status();
  ASSERT_EQ(with->stages.size(), stageNames().size());
  for (size_t i = 0; i < stageNames().size(); ++i) {
    EXPECT_EQ(with->stages[i].first, stageNames()[i]);
    EXPECT_FALSE(with->stages[i].second.empty()) << stageNames()[i];
  }
  EXPECT_TRUE(without->stages.empty());
  EXPECT_EQ(sim::printListing(with->executable), sim::printListing(without->executable));
}

TEST(Pipeline, VerifyingEachPassOrOnceGivesTheSameCode) {
  auto each = compileWith({.verifyEachPass = true});
  auto once = compileWith({.verifyEachPass = false});
  ASSERT_TRUE(each.ok()) << each.status();
  ASSERT_TRUE(once.ok()) << once.status();
  EXPECT_EQ(sim::printListing(each->executable), sim::printListing(once->executable));
  // The reused pass managers give the same code again.
  auto again = compileWith({.verifyEachPass = false});
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(sim::printListing(again->executable), sim::printListing(once->executable));
}

TEST(Pipeline, TheDefaultVerificationFollowsTheSwitch) {
  bool saved = verifyEachPassByDefault();
  setVerifyEachPass(true);
  EXPECT_TRUE(CompileOptions{}.verifyEachPass);
  setVerifyEachPass(false);
  EXPECT_FALSE(CompileOptions{}.verifyEachPass);
  setVerifyEachPass(saved);
}

}  // namespace
}  // namespace tessera::lowering::testing
