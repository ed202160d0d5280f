//===- IfConversionTest.cpp - Small scf.if regions as guarded code --------===//
//
// A small scf.if without results or else branch (a pl::when body) is
// selected into the enclosing block with its side effects guarded by the
// condition: no branch in the binary, the effect happens when the condition
// is true and not when it is false (a guarded store keeps the old value, a
// guarded DMA does not run). A halt guarded already (a bounds check) fires
// only when both conditions hold (a `pand`), if that costs no more than the
// branch; a check on false would cost two and keeps the branch, unless the
// scf.if asks to be predicated (tessera.predicate, as the pipeline's
// prefetches and write-backs do). An scf.if with scalar
// results and a few ops of arithmetic that cannot fault runs both branches
// and selects. Regions with other results, MXU work or loops, and large
// ones, keep their branch and still compute the same.
//
//===----------------------------------------------------------------------===//
#include <regex>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "LoweringTestUtil.h"

namespace tessera::lowering::testing {
namespace {

/// o = x (DMA'd in), then `when (n == 0)`: REGION; then o goes out.
constexpr std::string_view kWhen = R"(
!n = memref<1xi32, #smem>
!x = memref<16x128xf32, #any>
!xv = memref<16x128xf32, #vmem>
!half = memref<8x128xf32, strided<[128, 1], offset: ?>, #vmem>
!top = memref<8x128xf32, strided<[128, 1]>, #vmem>
!bottom = memref<8x128xf32, strided<[128, 1], offset: 1024>, #vmem>
module {
  func.func @when(%n_smem: !n, %x_hbm: !x, %o_hbm: !x, %xv: !xv, %ov: !xv, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 1 : i64} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c7_i32 = arith.constant 7 : i32
    %two = arith.constant dense<2.0> : !v
    tessera.dma_start %x_hbm, %xv, %sem : !x, !xv, !sem
    tessera.dma_wait %x_hbm, %xv, %sem : !x, !xv, !sem
    tessera.dma_start %xv, %ov, %sem : !xv, !xv, !sem
    tessera.dma_wait %xv, %ov, %sem : !xv, !xv, !sem
    %n = tessera.load_scalar %n_smem[%c0] : !n -> i32
    %p = arith.cmpi eq, %n, %c0_i32 : i32
    scf.if %p {
REGION
    }
    tessera.dma_start %ov, %o_hbm, %sem : !xv, !x, !sem
    tessera.dma_wait %ov, %o_hbm, %sem : !xv, !x, !sem
    return
  }
}
)";

/// o[0:8] = 2 * x[0:8], with the row a run-time value (n * 7, 0 when the
/// region runs): the address is a register, so the vld is guarded too.
constexpr std::string_view kDouble = R"(
      %r = arith.muli %n, %c7_i32 : i32
      %ri = arith.index_cast %r : i32 to index
      %w = tessera.view %xv[%ri, 0] [8, 128] : !xv to !half
      %t = tessera.load %w : !half -> !v
      %d = arith.mulf %t, %two : !v
      %wo = tessera.view %ov[%ri, 0] [8, 128] : !xv to !half
      tessera.store %d, %wo : !v, !half)";

Array input() { return Array::f32(16, 128, iota(16 * 128, -50, 0.25f)); }

/// Runs with n and checks o: rows 0-7 doubled iff n == 0.
void expectWhen(const sim::Executable &exe, int n) {
  Array x = input();
  auto out = run(exe, {x, Array::zeros(16, 128)}, {n});
  ASSERT_TRUE(out.ok()) << out.status();
  for (int64_t r = 0; r < 16; ++r)
    for (int64_t c = 0; c < 128; ++c)
      ASSERT_EQ(out->hbm[1].f(r, c), n == 0 && r < 8 ? 2 * x.f(r, c) : x.f(r, c))
          << "n = " << n << " at (" << r << ", " << c << ")\n" << out->listing;
}

TEST(IfConversion, AWhenBodyBecomesGuardedCode) {
  auto compiled =
      compile(kernel(substitute(kWhen, {{"REGION", std::string(kDouble)}})), Stages::Machine);
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  EXPECT_EQ(countBundles(compiled->executable, "sbr"), 0);
  // The store and the run-time-address load are guarded; the multiply is not.
  EXPECT_EQ(countBundles(compiled->executable, "@p"), 2) << sim::printListing(compiled->executable);
  expectWhen(compiled->executable, 0);
  expectWhen(compiled->executable, 1);
}

TEST(IfConversion, AGuardedDmaRunsOnlyWhenTrue) {
  // when (n == 0): o[8:16] = x[0:8] by a VMEM-to-VMEM DMA and its wait.
  std::string region = R"(
      %src = tessera.view %xv[0, 0] [8, 128] : !xv to !top
      %dst = tessera.view %ov[8, 0] [8, 128] : !xv to !bottom
      tessera.dma_start %src, %dst, %sem : !top, !bottom, !sem
      tessera.dma_wait %src, %dst, %sem : !top, !bottom, !sem)";
  auto compiled = compile(kernel(substitute(kWhen, {{"REGION", region}})), Stages::Machine);
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  EXPECT_EQ(countBundles(compiled->executable, "sbr"), 0);
  std::string listing = sim::printListing(compiled->executable);
  EXPECT_TRUE(std::regex_search(listing, std::regex("@p[0-7] dma\\.vmem_to_vmem"))) << listing;
  EXPECT_TRUE(std::regex_search(listing, std::regex("@p[0-7] vwait\\.ge"))) << listing;
  Array x = input();
  for (int n : {0, 3}) {
    auto out = run(compiled->executable, {x, Array::zeros(16, 128)}, {n});
    ASSERT_TRUE(out.ok()) << out.status();
    for (int64_t r = 0; r < 16; ++r)
      for (int64_t c = 0; c < 128; ++c)
        ASSERT_EQ(out->hbm[1].f(r, c), n == 0 && r >= 8 ? x.f(r - 8, c) : x.f(r, c))
            << "n = " << n;
  }
}

TEST(IfConversion, ACheckInTheRegionHaltsOnlyWhenTheRegionRuns) {
  // The check's halt is guarded already (it fires when its condition is
  // false): if-converted, it would need `pnot` and `pand`, more than the
  // branch, so the region keeps its branch. Either way it fires only when
  // the region runs: "n == 0" holds whenever it does, so nothing halts,
  // although it is false for n = 1; "n != 0" fails when it runs.
  for (bool fires : {false, true}) {
    std::string region = std::string(kDouble) + "\n      %ok = arith.cmpi " +
                         (fires ? "ne" : "eq") + R"(, %n, %c0_i32 : i32
      tessera.check %ok, "n = {0} is bad" [%n : i32])";
    auto compiled = compile(kernel(substitute(kWhen, {{"REGION", region}})), Stages::Machine);
    ASSERT_TRUE(compiled.ok()) << compiled.status();
    std::string listing = sim::printListing(compiled->executable);
    EXPECT_EQ(countBundles(compiled->executable, "sbr"), 1) << listing;
    EXPECT_TRUE(std::regex_search(listing, std::regex("@!p[0-7] shalt"))) << listing;
    for (int n : {0, 1, 5}) {
      auto out = run(compiled->executable, {input(), Array::zeros(16, 128)}, {n});
      ASSERT_TRUE(out.ok()) << out.status();
      if (fires && n == 0) {
        ASSERT_TRUE(out->result.halted()) << listing;
        EXPECT_EQ(out->haltMessage, "n = 0 is bad");
      } else {
        EXPECT_FALSE(out->result.halted()) << "n = " << n << ": " << out->haltMessage;
        expectWhen(compiled->executable, n);
      }
    }
  }
}

TEST(IfConversion, ARegionThatAsksToBePredicatedIsGuardedWhateverItsChecksCost) {
  // The check on false of the test above, in an scf.if marked
  // tessera.predicate: no branch; the halt's guard is `pnot` of its own
  // condition `pand` the region's, and it still fires only when the region
  // runs.
  std::string region = std::string(kDouble) + R"(
      %ok = arith.cmpi ne, %n, %c0_i32 : i32
      tessera.check %ok, "n = {0} is bad" [%n : i32])";
  std::string text =
      substitute(substitute(kWhen, {{"REGION", region}}), {{"    }\n    tessera.dma_start %ov",
                                                            "    } {tessera.predicate}\n"
                                                            "    tessera.dma_start %ov"}});
  ASSERT_NE(text.find("{tessera.predicate}"), std::string::npos);
  auto compiled = compile(kernel(text), Stages::Machine);
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  std::string listing = sim::printListing(compiled->executable);
  EXPECT_EQ(countBundles(compiled->executable, "sbr"), 0) << listing;
  EXPECT_EQ(countBundles(compiled->executable, "pnot"), 1) << listing;
  EXPECT_TRUE(std::regex_search(listing, std::regex("@p[0-7] shalt"))) << listing;
  for (int n : {0, 1, 5}) {
    auto out = run(compiled->executable, {input(), Array::zeros(16, 128)}, {n});
    ASSERT_TRUE(out.ok()) << out.status();
    if (n == 0) {
      ASSERT_TRUE(out->result.halted()) << listing;
      EXPECT_EQ(out->haltMessage, "n = 0 is bad");
    } else {
      EXPECT_FALSE(out->result.halted()) << "n = " << n << ": " << out->haltMessage;
      expectWhen(compiled->executable, n);
    }
  }
}

TEST(IfConversion, ABoundsCheckedPrefetchBecomesGuardedCode) {
  // when (n >= 1): o[0:8] = x[8n : 8n + 8] by DMA, bounds-checked (the
  // shape of a pipeline's next-block prefetch). For n = -1 and n = 0 the
  // window is out of bounds but the region does not run: no halt; n = 1
  // copies rows 8-15; n = 2 is out of bounds and halts.
  std::string body = substitute(kWhen, {{"%p = arith.cmpi eq, %n, %c0_i32 : i32",
                                         "%p = arith.cmpi sge, %n, %c1_i32 : i32"},
                                        {"%c7_i32 = arith.constant 7 : i32",
                                         "%c7_i32 = arith.constant 7 : i32\n"
                                         "    %c1_i32 = arith.constant 1 : i32\n"
                                         "    %c8_i32 = arith.constant 8 : i32"}});
  std::string region = R"(
      %r = arith.muli %n, %c8_i32 : i32
      %r8 = tessera.multiple_of %r, 8 : i32
      %ri = arith.index_cast %r8 : i32 to index
      %src = tessera.view %x_hbm[%ri, 0] [8, 128] : !x to !hbmhalf
      %dst = tessera.view %ov[0, 0] [8, 128] : !xv to !top
      tessera.bounds_check %src {dma = "dma.hbm_to_vmem"} : !hbmhalf
      tessera.dma_start %src, %dst, %sem : !hbmhalf, !top, !sem
      tessera.dma_wait %src, %dst, %sem : !hbmhalf, !top, !sem)";
  std::string text = "!hbmhalf = memref<8x128xf32, strided<[128, 1], offset: ?>, #any>\n" +
                     substitute(body, {{"REGION", region}});
  auto compiled = compile(kernel(text), Stages::Machine);
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  std::string listing = sim::printListing(compiled->executable);
  // One halt: one `pand` instead of the branch.
  EXPECT_EQ(countBundles(compiled->executable, "sbr"), 0) << listing;
  EXPECT_EQ(countBundles(compiled->executable, "pand"), 1) << listing;
  EXPECT_TRUE(std::regex_search(listing, std::regex("@p[0-7] dma\\.hbm_to_vmem"))) << listing;
  Array x = input();
  for (int n : {-1, 0, 1, 2}) {
    auto out = run(compiled->executable, {x, Array::zeros(16, 128)}, {n});
    ASSERT_TRUE(out.ok()) << out.status();
    if (n == 2) {
      ASSERT_TRUE(out->result.halted()) << listing;
      EXPECT_NE(out->haltMessage.find("rows [16, 24) of argument 1 are outside [0, 16)"),
                std::string::npos)
          << out->haltMessage;
      continue;
    }
    ASSERT_FALSE(out->result.halted()) << "n = " << n << ": " << out->haltMessage;
    for (int64_t r = 0; r < 16; ++r)
      for (int64_t c = 0; c < 128; ++c)
        ASSERT_EQ(out->hbm[1].f(r, c), n == 1 && r < 8 ? x.f(r + 8, c) : x.f(r, c))
            << "n = " << n << " at (" << r << ", " << c << ")";
  }
}

/// in = [n]; out[0] = n > 3 ? (n + 1) * 2 : n / 4 - 1 (or n / m with a
/// run-time m, which may be zero: that one keeps its branch).
constexpr std::string_view kScalarIf = R"(
#smem = #tessera.memory_space<smem>
!in = memref<2xi32, #smem>
module {
  func.func @sel(%in: !in) attributes {tessera.kernel, tessera.num_inputs = 1 : i64,
      tessera.num_outputs = 0 : i64, tessera.num_scalar_inputs = 2 : i64} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %three = arith.constant 3 : i32
    %four = arith.constant 4 : i32
    %n = tessera.load_scalar %in[%c0] : !in -> i32
    %m = tessera.load_scalar %in[%c1] : !in -> i32
    %p = arith.cmpi sgt, %n, %three : i32
    %r, %b = scf.if %p -> (i32, i1) {
      %a = arith.addi %n, %one : i32
      %d = arith.muli %a, %two : i32
      %t = arith.cmpi eq, %n, %four : i32
      scf.yield %d, %t : i32, i1
    } else {
      %q = arith.divsi %n, DIVISOR : i32
      %e = arith.subi %q, %one : i32
      %f = arith.cmpi slt, %n, %one : i32
      scf.yield %e, %f : i32, i1
    }
    %bi = arith.extui %b : i1 to i32
    %s = arith.addi %r, %bi : i32
    tessera.store_scalar %s, %in[%c0] : i32, !in
    return
  }
}
)";

TEST(IfConversion, AScalarIfWithResultsBecomesSelects) {
  for (bool constant : {true, false}) {
    auto compiled = compile(substitute(kScalarIf, {{"DIVISOR", constant ? "%four" : "%m"}}),
                            Stages::Machine);
    ASSERT_TRUE(compiled.ok()) << compiled.status();
    std::string listing = sim::printListing(compiled->executable);
    if (constant) {
      EXPECT_EQ(countBundles(compiled->executable, "sbr"), 0) << listing;
      EXPECT_GE(countBundles(compiled->executable, "ssel"), 1) << listing;
    } else {
      EXPECT_GE(countBundles(compiled->executable, "sbr"), 1) << listing;
    }
    for (int32_t n : {-9, -1, 0, 3, 4, 5, 100}) {
      int32_t m = constant ? 4 : (n > 3 ? 0 : 3);  // zero only where not divided
      auto out = run(compiled->executable, {}, {n, m});
      ASSERT_TRUE(out.ok()) << out.status();
      ASSERT_FALSE(out->result.halted()) << out->haltMessage;
      int32_t expected = n > 3 ? (n + 1) * 2 + (n == 4) : n / m - 1 + (n < 1);
      EXPECT_EQ(out->scalars[0], expected) << "n = " << n << "\n" << listing;
    }
  }
}

TEST(IfConversion, ARegionWithResultsOrALoopKeepsItsBranch) {
  std::string loop = R"(
      %c1_i32 = arith.constant 1 : i32
      %c2_i32 = arith.constant 2 : i32
      scf.for %i = %c0_i32 to %c2_i32 step %c1_i32 : i32 {
)" + std::string(kDouble) + "\n      }";
  auto compiled = compile(kernel(substitute(kWhen, {{"REGION", loop}})), Stages::Machine);
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  EXPECT_GE(countBundles(compiled->executable, "sbr"), 2);
  expectWhen(compiled->executable, 0);
  expectWhen(compiled->executable, 1);
}

}  // namespace
}  // namespace tessera::lowering::testing
