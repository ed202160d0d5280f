//===- ControlFlowTest.cpp - scf.for / scf.if / scf.while on the chip -----===//
//
// Kernels with loops and branches, written as MLIR, compiled, run on the
// simulated chip and compared with host math: trip counts 0, 1 and many
// (from SMEM, so that nothing folds them), nested loops, carried scalars and
// vectors (also swapped around the back edge), scf.if both ways with
// results, scf.while, loop bodies that spill, and the shape of the code (a
// loop is one body in the binary, whatever its trip count).
//
//===----------------------------------------------------------------------===//
#include <functional>
#include <sstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "LoweringTestUtil.h"

namespace tessera::lowering::testing {
namespace {

using ::testing::HasSubstr;


// --- x * 2 on the first n tiles, n from SMEM. ---

constexpr std::string_view kDoubleTiles = R"(
!n = memref<1xi32, #smem>
!x = memref<ROWSx128xf32, #any>
!xv = memref<ROWSx128xf32, #vmem>
module {
  func.func @double_tiles(%n_smem: !n, %x_hbm: !x, %o_hbm: !x, %x_vmem: !xv, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 1 : i64} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c8_i32 = arith.constant 8 : i32
    %two = arith.constant dense<2.0> : !v
    tessera.dma_start %x_hbm, %x_vmem, %sem : !x, !xv, !sem
    tessera.dma_wait %x_hbm, %x_vmem, %sem : !x, !xv, !sem
    %n = tessera.load_scalar %n_smem[%c0] : !n -> i32
    scf.for %i = %c0_i32 to %n step %c1_i32 : i32 {
      %r = arith.muli %i, %c8_i32 : i32
      %ri = arith.index_cast %r : i32 to index
      %w = tessera.view %x_vmem[%ri, 0] [8, 128] : !xv to !tile
      %t = tessera.load %w : !tile -> !v
      %d = arith.mulf %t, %two : !v
      tessera.store %d, %w : !v, !tile
    }
    tessera.dma_start %x_vmem, %o_hbm, %sem : !xv, !x, !sem
    tessera.dma_wait %x_vmem, %o_hbm, %sem : !xv, !x, !sem
    return
  }
}
)";

std::string doubleTiles(int rows) {
  return kernel(substitute(kDoubleTiles, {{"ROWS", std::to_string(rows)}}));
}

TEST(ControlFlow, ForLoopRunsZeroOneAndManyTimes) {
  auto compiled = compile(doubleTiles(64));
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  Array x = Array::f32(64, 128, iota(64 * 128, -100, 0.5f));
  for (int n : {0, 1, 8}) {
    auto out = run(compiled->executable, {x, Array::zeros(64, 128)}, {n});
    ASSERT_TRUE(out.ok()) << out.status();
    for (int64_t r = 0; r < 64; ++r)
      for (int64_t c = 0; c < 128; ++c)
        ASSERT_EQ(out->hbm[1].f(r, c), r < 8 * n ? 2 * x.f(r, c) : x.f(r, c))
            << "n = " << n << ", element (" << r << ", " << c << ")";
  }
}

TEST(ControlFlow, TheLoopBodyIsInTheBinaryOnce) {
  auto compiled = compile(doubleTiles(1024));
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  // One vmul in the whole binary, one back edge.
  EXPECT_EQ(countBundles(compiled->executable, "vmul.f32"), 1);
  EXPECT_EQ(countBundles(compiled->executable, "loop back edge"), 1);
  // Cycles per iteration: the difference between 128 and 8 tiles.
  Array x = Array::f32(1024, 128, iota(1024 * 128, 0));
  auto few = run(compiled->executable, {x, Array::zeros(1024, 128)}, {8});
  auto many = run(compiled->executable, {x, Array::zeros(1024, 128)}, {128});
  ASSERT_TRUE(few.ok() && many.ok());
  int64_t bodyCycles = many->result.cycles - many->result.stallCycles -
                       (few->result.cycles - few->result.stallCycles);
  double perIteration = bodyCycles / 120.0;
  std::printf("[figure] x * 2 loop: %.2f cycles per iteration (vld 3 + vmul 2 + vst, "
              "taken branch %d)\n",
              perIteration, (int)machine::kBranchTakenCycles);
  RecordProperty("cycles_per_iteration", std::to_string(perIteration));
  // The body's dependence chain (address, vld, vmul, vst) and the taken
  // branch bound it from below; nothing else should be in the way.
  EXPECT_LE(perIteration, 1 + machine::kLatVectorLoad + machine::kLatVectorFloat + 1 +
                              machine::kBranchTakenCycles);
}

// --- The same loop with static bounds: 10 or 1000 iterations. ---

constexpr std::string_view kStaticLoop = R"(
!x = memref<8x128xf32, #any>
!xv = memref<8x128xf32, #vmem>
module {
  func.func @repeat(%x_hbm: !x, %o_hbm: !x, %x_vmem: !xv, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cN = arith.constant TRIPS : i32
    %one = arith.constant dense<1.0> : !v
    tessera.dma_start %x_hbm, %x_vmem, %sem : !x, !xv, !sem
    tessera.dma_wait %x_hbm, %x_vmem, %sem : !x, !xv, !sem
    %x = tessera.load %x_vmem : !xv -> !v
    %r = scf.for %i = %c0_i32 to %cN step %c1_i32 iter_args(%acc = %x) -> (!v) : i32 {
      %a = arith.addf %acc, %one : !v
      scf.yield %a : !v
    }
    tessera.store %r, %x_vmem : !v, !xv
    tessera.dma_start %x_vmem, %o_hbm, %sem : !xv, !x, !sem
    tessera.dma_wait %x_vmem, %o_hbm, %sem : !xv, !x, !sem
    return
  }
}
)";

TEST(ControlFlow, ThousandIterationsCompileToAsManyBundlesAsTen) {
  auto ten = compile(kernel(substitute(kStaticLoop, {{"TRIPS", "10"}})));
  auto thousand = compile(kernel(substitute(kStaticLoop, {{"TRIPS", "1000"}})));
  ASSERT_TRUE(ten.ok()) << ten.status();
  ASSERT_TRUE(thousand.ok()) << thousand.status();
  EXPECT_EQ(ten->executable.numBundles(), thousand->executable.numBundles());
  // Known trip count: no guard before the loop, one compare-and-branch.
  EXPECT_EQ(countBundles(thousand->executable, "sbr"), 1);
  Array x = Array::f32(8, 128, iota(8 * 128, 0));
  auto out = run(thousand->executable, {x, Array::zeros(8, 128)});
  ASSERT_TRUE(out.ok()) << out.status();
  for (int64_t c = 0; c < 128; ++c)
    ASSERT_EQ(out->hbm[1].f(3, c), x.f(3, c) + 1000.0f);
  // The carried vector is updated in place: no copy in the loop.
  EXPECT_EQ(countBundles(thousand->executable, "vmov"), 0) << out->listing;
}

// --- Carried scalars, swapped around the back edge (Fibonacci). ---

constexpr std::string_view kScalars = R"(
!n = memref<1xi32, #smem>
!out = memref<4xi32, #smem>
module {
  func.func @scalars(%n_smem: !n, %out: !out)
      attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 2 : i64} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c3_i32 = arith.constant 3 : i32
    %n = tessera.load_scalar %n_smem[%c0] : !n -> i32
    %r:4 = scf.for %i = %c0_i32 to %n step %c1_i32
        iter_args(%s = %c0_i32, %t = %c1_i32, %a = %c0_i32, %b = %c1_i32) -> (i32, i32, i32, i32) : i32 {
      %s2 = arith.addi %s, %i : i32
      %t3 = arith.muli %t, %c3_i32 : i32
      %t2 = arith.addi %t3, %i : i32
      %ab = arith.addi %a, %b : i32
      scf.yield %s2, %t2, %b, %ab : i32, i32, i32, i32
    }
    tessera.store_scalar %r#0, %out[%c0] : i32, !out
    tessera.store_scalar %r#1, %out[%c1] : i32, !out
    tessera.store_scalar %r#2, %out[%c2] : i32, !out
    tessera.store_scalar %r#3, %out[%c3] : i32, !out
    return
  }
}
)";

TEST(ControlFlow, CarriedScalarsIncludingASwap) {
  auto compiled = compile(kernel(kScalars));
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  for (int n : {0, 1, 2, 30, 100}) {
    auto out = run(compiled->executable, {}, {n, 0, 0, 0, 0});
    ASSERT_TRUE(out.ok()) << out.status();
    int32_t s = 0, a = 0, b = 1;
    uint32_t t = 1;
    for (int i = 0; i < n; ++i) {
      s += i;
      t = t * 3 + i;
      int32_t ab = (int32_t)((uint32_t)a + (uint32_t)b);
      a = b;
      b = ab;
    }
    EXPECT_EQ(out->scalars[1], s) << "n = " << n;
    EXPECT_EQ(out->scalars[2], (int32_t)t) << "n = " << n;
    EXPECT_EQ(out->scalars[3], a) << "n = " << n;
    EXPECT_EQ(out->scalars[4], b) << "n = " << n;
  }
}

// --- Carried vectors: a sum, and two vectors that trade places. ---

constexpr std::string_view kVectors = R"(
!n = memref<1xi32, #smem>
!x = memref<64x128xf32, #any>
!xv = memref<64x128xf32, #vmem>
!o = memref<24x128xf32, #any>
!ov = memref<24x128xf32, #vmem>
module {
  func.func @vectors(%n_smem: !n, %x_hbm: !x, %o_hbm: !o, %x_vmem: !xv, %o_vmem: !ov, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 1 : i64} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : !v
    %one = arith.constant dense<1.0> : !v
    tessera.dma_start %x_hbm, %x_vmem, %sem : !x, !xv, !sem
    tessera.dma_wait %x_hbm, %x_vmem, %sem : !x, !xv, !sem
    %n = tessera.load_scalar %n_smem[%c0] : !n -> i32
    %r:3 = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%acc = %zero, %u = %zero, %w = %one)
        -> (!v, !v, !v) : i32 {
      %row = arith.index_cast %i : i32 to index
      %c8 = arith.constant 8 : index
      %off = arith.muli %row, %c8 : index
      %win = tessera.view %x_vmem[%off, 0] [8, 128] : !xv to !tile
      %t = tessera.load %win : !tile -> !v
      %acc2 = arith.addf %acc, %t : !v
      %uw = arith.addf %u, %w : !v
      scf.yield %acc2, %w, %uw : !v, !v, !v
    }
    %o0 = tessera.view %o_vmem[0, 0] [8, 128] : !ov to memref<8x128xf32, strided<[128, 1]>, #vmem>
    %o1 = tessera.view %o_vmem[8, 0] [8, 128] : !ov to memref<8x128xf32, strided<[128, 1], offset: 1024>, #vmem>
    %o2 = tessera.view %o_vmem[16, 0] [8, 128] : !ov to memref<8x128xf32, strided<[128, 1], offset: 2048>, #vmem>
    tessera.store %r#0, %o0 : !v, memref<8x128xf32, strided<[128, 1]>, #vmem>
    tessera.store %r#1, %o1 : !v, memref<8x128xf32, strided<[128, 1], offset: 1024>, #vmem>
    tessera.store %r#2, %o2 : !v, memref<8x128xf32, strided<[128, 1], offset: 2048>, #vmem>
    tessera.dma_start %o_vmem, %o_hbm, %sem : !ov, !o, !sem
    tessera.dma_wait %o_vmem, %o_hbm, %sem : !ov, !o, !sem
    return
  }
}
)";

TEST(ControlFlow, CarriedVectorsIncludingASwap) {
  auto compiled = compile(kernel(kVectors));
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  Array x = Array::f32(64, 128, iota(64 * 128, 1, 0.25f));
  for (int n : {0, 1, 5, 8}) {
    auto out = run(compiled->executable, {x, Array::zeros(24, 128)}, {n});
    ASSERT_TRUE(out.ok()) << out.status();
    for (int64_t r = 0; r < 8; ++r)
      for (int64_t c = 0; c < 128; ++c) {
        float acc = 0, u = 0, w = 1;
        for (int i = 0; i < n; ++i) {
          acc += x.f(8 * i + r, c);
          float uw = u + w;
          u = w;
          w = uw;
        }
        ASSERT_EQ(out->hbm[1].f(r, c), acc) << "n = " << n;
        ASSERT_EQ(out->hbm[1].f(8 + r, c), u) << "n = " << n;
        ASSERT_EQ(out->hbm[1].f(16 + r, c), w) << "n = " << n;
      }
  }
}

// --- Nested loops: a carried vector and scalars through both levels, and
// an inner trip count that depends on the outer induction variable. ---

constexpr std::string_view kNested = R"(
!n = memref<1xi32, #smem>
!out = memref<2xi32, #smem>
!x = memref<32x128xf32, #any>
!xv = memref<32x128xf32, #vmem>
!o = memref<8x128xf32, #any>
!ov = memref<8x128xf32, #vmem>
module {
  func.func @nested(%n_smem: !n, %out: !out, %x_hbm: !x, %o_hbm: !o, %x_vmem: !xv, %o_vmem: !ov,
                    %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 3 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 2 : i64} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %zero = arith.constant dense<0.0> : !v
    tessera.dma_start %x_hbm, %x_vmem, %sem : !x, !xv, !sem
    tessera.dma_wait %x_hbm, %x_vmem, %sem : !x, !xv, !sem
    %n = tessera.load_scalar %n_smem[%c0] : !n -> i32
    %r:3 = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%tot = %zero, %cnt = %c0_i32, %tri = %c0_i32)
        -> (!v, i32, i32) : i32 {
      %in:2 = scf.for %j = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%acc = %tot, %k = %cnt)
          -> (!v, i32) : i32 {
        %jj = arith.index_cast %j : i32 to index
        %off = arith.muli %jj, %c8 : index
        %win = tessera.view %x_vmem[%off, 0] [8, 128] : !xv to !tile
        %t = tessera.load %win : !tile -> !v
        %acc2 = arith.addf %acc, %t : !v
        %k2 = arith.addi %k, %c1_i32 : i32
        scf.yield %acc2, %k2 : !v, i32
      }
      %tri2 = scf.for %j = %c0_i32 to %i step %c1_i32 iter_args(%s = %tri) -> (i32) : i32 {
        %s2 = arith.addi %s, %j : i32
        scf.yield %s2 : i32
      }
      scf.yield %in#0, %in#1, %tri2 : !v, i32, i32
    }
    tessera.store %r#0, %o_vmem : !v, !ov
    tessera.store_scalar %r#1, %out[%c0] : i32, !out
    tessera.store_scalar %r#2, %out[%c1] : i32, !out
    tessera.dma_start %o_vmem, %o_hbm, %sem : !ov, !o, !sem
    tessera.dma_wait %o_vmem, %o_hbm, %sem : !ov, !o, !sem
    return
  }
}
)";

TEST(ControlFlow, NestedLoops) {
  auto compiled = compile(kernel(kNested));
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  Array x = Array::f32(32, 128, iota(32 * 128, -7, 1));
  for (int n : {0, 1, 3, 10}) {
    auto out = run(compiled->executable, {x, Array::zeros(8, 128)}, {n, 0, 0});
    ASSERT_TRUE(out.ok()) << out.status();
    int tri = 0;
    for (int i = 0; i < n; ++i)
      tri += i * (i - 1) / 2;
    EXPECT_EQ(out->scalars[1], 4 * n);
    EXPECT_EQ(out->scalars[2], tri);
    for (int64_t r = 0; r < 8; ++r)
      for (int64_t c = 0; c < 128; ++c) {
        float tot = 0;
        for (int i = 0; i < n; ++i)
          for (int j = 0; j < 4; ++j)
            tot += x.f(8 * j + r, c);
        ASSERT_EQ(out->hbm[1].f(r, c), tot) << "n = " << n;
      }
  }
}

// --- scf.if with results, taken both ways; an scf.if without else. ---

constexpr std::string_view kIf = R"(
!n = memref<1xi32, #smem>
!out = memref<1xi32, #smem>
!x = memref<64x128xf32, #any>
!xv = memref<64x128xf32, #vmem>
module {
  func.func @branches(%n_smem: !n, %out: !out, %x_hbm: !x, %o_hbm: !x, %x_vmem: !xv, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 3 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 2 : i64} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c3_i32 = arith.constant 3 : i32
    %c8_i32 = arith.constant 8 : i32
    %c10_i32 = arith.constant 10 : i32
    %c100_i32 = arith.constant 100 : i32
    %two = arith.constant dense<2.0> : !v
    %zero = arith.constant dense<0.0> : !v
    tessera.dma_start %x_hbm, %x_vmem, %sem : !x, !xv, !sem
    tessera.dma_wait %x_hbm, %x_vmem, %sem : !x, !xv, !sem
    %n = tessera.load_scalar %n_smem[%c0] : !n -> i32
    %sum = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%s = %c0_i32) -> (i32) : i32 {
      %r = arith.muli %i, %c8_i32 : i32
      %ri = arith.index_cast %r : i32 to index
      %w = tessera.view %x_vmem[%ri, 0] [8, 128] : !xv to !tile
      %t = tessera.load %w : !tile -> !v
      %bit = arith.andi %i, %c1_i32 : i32
      %even = arith.cmpi eq, %bit, %c0_i32 : i32
      %y:2 = scf.if %even -> (!v, i32) {
        %d = arith.mulf %t, %two : !v
        %k = arith.muli %i, %c10_i32 : i32
        scf.yield %d, %k : !v, i32
      } else {
        %sq = arith.mulf %t, %t : !v
        %d = arith.addf %sq, %t : !v
        %k = arith.addi %i, %c100_i32 : i32
        scf.yield %d, %k : !v, i32
      }
      tessera.store %y#0, %w : !v, !tile
      %small = arith.cmpi slt, %i, %c3_i32 : i32
      scf.if %small {
        %u = arith.addf %y#0, %two : !v
        tessera.store %u, %w : !v, !tile
      }
      %s2 = arith.addi %s, %y#1 : i32
      scf.yield %s2 : i32
    }
    tessera.store_scalar %sum, %out[%c0] : i32, !out
    tessera.dma_start %x_vmem, %o_hbm, %sem : !xv, !x, !sem
    tessera.dma_wait %x_vmem, %o_hbm, %sem : !xv, !x, !sem
    return
  }
}
)";

TEST(ControlFlow, IfWithResultsTakenBothWays) {
  auto compiled = compile(kernel(kIf));
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  Array x = Array::f32(64, 128, iota(64 * 128, -3, 0.125f));
  for (int n : {0, 1, 2, 8}) {
    auto out = run(compiled->executable, {x, Array::zeros(64, 128)}, {n, 0});
    ASSERT_TRUE(out.ok()) << out.status();
    int32_t sum = 0;
    for (int i = 0; i < n; ++i)
      sum += i % 2 == 0 ? i * 10 : i + 100;
    EXPECT_EQ(out->scalars[1], sum) << "n = " << n;
    for (int64_t r = 0; r < 64; ++r)
      for (int64_t c = 0; c < 128; ++c) {
        int i = r / 8;
        float t = x.f(r, c), want = t;
        if (i < n) {
          want = i % 2 == 0 ? t * 2.0f : t * t + t;
          if (i < 3)
            want = want + 2.0f;
        }
        ASSERT_EQ(out->hbm[1].f(r, c), want) << "n = " << n << " at (" << r << ", " << c << ")";
      }
  }
}

// --- scf.while: k = 2k + 1 until k >= n, counting steps; a vector doubles
// along. ---

constexpr std::string_view kWhile = R"(
!n = memref<1xi32, #smem>
!out = memref<2xi32, #smem>
!x = memref<8x128xf32, #any>
!xv = memref<8x128xf32, #vmem>
module {
  func.func @steps(%n_smem: !n, %out: !out, %x_hbm: !x, %o_hbm: !x, %x_vmem: !xv, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 3 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 2 : i64} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %two = arith.constant dense<2.0> : !v
    tessera.dma_start %x_hbm, %x_vmem, %sem : !x, !xv, !sem
    tessera.dma_wait %x_hbm, %x_vmem, %sem : !x, !xv, !sem
    %x = tessera.load %x_vmem : !xv -> !v
    %n = tessera.load_scalar %n_smem[%c0] : !n -> i32
    %r:3 = scf.while (%k = %c1_i32, %c = %c0_i32, %v = %x) : (i32, i32, !v) -> (i32, i32, !v) {
      %go = arith.cmpi slt, %k, %n : i32
      scf.condition(%go) %k, %c, %v : i32, i32, !v
    } do {
    ^bb0(%k2: i32, %c2: i32, %v2: !v):
      %k3 = arith.muli %k2, %c2_i32 : i32
      %k4 = arith.addi %k3, %c1_i32 : i32
      %c3 = arith.addi %c2, %c1_i32 : i32
      %v3 = arith.mulf %v2, %two : !v
      scf.yield %k4, %c3, %v3 : i32, i32, !v
    }
    tessera.store_scalar %r#0, %out[%c0] : i32, !out
    tessera.store_scalar %r#1, %out[%c1] : i32, !out
    tessera.store %r#2, %x_vmem : !v, !xv
    tessera.dma_start %x_vmem, %o_hbm, %sem : !xv, !x, !sem
    tessera.dma_wait %x_vmem, %o_hbm, %sem : !xv, !x, !sem
    return
  }
}
)";

TEST(ControlFlow, WhileLoop) {
  auto compiled = compile(kernel(kWhile));
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  Array x = Array::f32(8, 128, iota(8 * 128, 1, 1));
  for (int n : {0, 1, 2, 100, 1000000}) {
    auto out = run(compiled->executable, {x, Array::zeros(8, 128)}, {n, 0, 0});
    ASSERT_TRUE(out.ok()) << out.status();
    int k = 1, steps = 0;
    while (k < n) {
      k = 2 * k + 1;
      ++steps;
    }
    EXPECT_EQ(out->scalars[1], k) << "n = " << n;
    EXPECT_EQ(out->scalars[2], steps) << "n = " << n;
    for (int64_t c = 0; c < 128; ++c)
      ASSERT_EQ(out->hbm[1].f(5, c), x.f(5, c) * (float)(1 << steps)) << "n = " << n;
  }
}

// --- A loop body with 40 vectors live at once, and a loop carrying 40
// vectors: both spill, inside the loop. ---

/// The type of tile k of a 128-wide i32 VMEM Ref (a static view).
std::string tileType(int k) {
  std::string layout = k ? "strided<[128, 1], offset: " + std::to_string(k * 1024) + ">"
                         : "strided<[128, 1]>";
  return "memref<8x128xi32, " + layout + ", #vmem>";
}

std::string fortyLive() {
  std::string body;
  for (int k = 0; k < 40; ++k)
    body += "      %a" + std::to_string(k) + " = tessera.load %t" + std::to_string(k) +
            " : " + tileType(k) + " -> !vi\n";
  // o_k = a_k * (i + 1) + a_{39-k}: every a is live until the second half.
  for (int k = 0; k < 40; ++k) {
    std::string s = std::to_string(k), o = std::to_string(39 - k);
    body += "      %m" + s + " = arith.muli %a" + s + ", %scale : !vi\n";
    body += "      %o" + s + " = arith.addi %m" + s + ", %a" + o + " : !vi\n";
    body += "      tessera.store %o" + s + ", %u" + s + " : !vi, " + tileType(k) + "\n";
  }
  std::string views;
  for (int k = 0; k < 40; ++k) {
    std::string s = std::to_string(k);
    views += "    %t" + s + " = tessera.view %x_vmem[" + std::to_string(8 * k) +
             ", 0] [8, 128] : !xv to " + tileType(k) + "\n";
    views += "    %u" + s + " = tessera.view %o_vmem[" + std::to_string(8 * k) +
             ", 0] [8, 128] : !xv to " + tileType(k) + "\n";
  }
  return kernel(substitute(R"(
!n = memref<1xi32, #smem>
!x = memref<320x128xi32, #any>
!xv = memref<320x128xi32, #vmem>
module {
  func.func @forty(%n_smem: !n, %x_hbm: !x, %o_hbm: !x, %x_vmem: !xv, %o_vmem: !xv, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 1 : i64} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %one = arith.constant dense<1> : !vi
    tessera.dma_start %x_hbm, %x_vmem, %sem : !x, !xv, !sem
    tessera.dma_wait %x_hbm, %x_vmem, %sem : !x, !xv, !sem
VIEWS
    %n = tessera.load_scalar %n_smem[%c0] : !n -> i32
    %f = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%scale = %one) -> (!vi) : i32 {
BODY
      %next = arith.addi %scale, %one : !vi
      scf.yield %next : !vi
    }
    tessera.dma_start %o_vmem, %o_hbm, %sem : !xv, !x, !sem
    tessera.dma_wait %o_vmem, %o_hbm, %sem : !xv, !x, !sem
    return
  }
}
)",
                                    {{"VIEWS", views}, {"BODY", body}}));
}

TEST(ControlFlow, LoopBodyWithFortyLiveVectorsSpills) {
  auto compiled = compile(fortyLive());
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  EXPECT_GT(compiled->regalloc.spilledV, 0);
  std::vector<int32_t> xs(320 * 128);
  for (size_t i = 0; i < xs.size(); ++i)
    xs[i] = (int32_t)(i * 7 % 1000) - 500;
  Array x = Array::s32(320, 128, xs);
  for (int n : {1, 3}) {
    auto out = run(compiled->executable, {x, Array::zeros(320, 128)}, {n});
    ASSERT_TRUE(out.ok()) << out.status();
    // The last iteration wins: scale = n.
    for (int64_t r = 0; r < 320; ++r)
      for (int64_t c = 0; c < 128; ++c) {
        int k = r / 8;
        int32_t want = x.i(r, c) * n + x.i(8 * (39 - k) + r % 8, c);
        ASSERT_EQ(out->hbm[1].i(r, c), want) << "n = " << n << " at (" << r << ", " << c << ")";
      }
  }
}

std::string fortyCarried() {
  std::string inits, args, types, yields, adds, stores, loads;
  for (int k = 0; k < 40; ++k) {
    std::string s = std::to_string(k);
    loads += "    %t" + s + " = tessera.view %x_vmem[" + std::to_string(8 * k) +
             ", 0] [8, 128] : !xv to " + tileType(k) + "\n";
    loads += "    %x" + s + " = tessera.load %t" + s + " : " + tileType(k) + " -> !vi\n";
    args += std::string(k ? ", " : "") + "%acc" + s + " = %x" + s;
    types += std::string(k ? ", " : "") + "!vi";
    adds += "      %b" + s + " = arith.addi %acc" + s + ", %x" + std::to_string((k + 1) % 40) +
            " : !vi\n";
    yields += std::string(k ? ", " : "") + "%b" + s;
    stores += "    tessera.store %r#" + s + ", %t" + s + " : !vi, " + tileType(k) + "\n";
  }
  return kernel(substitute(R"(
!n = memref<1xi32, #smem>
!x = memref<320x128xi32, #any>
!xv = memref<320x128xi32, #vmem>
module {
  func.func @carried(%n_smem: !n, %x_hbm: !x, %o_hbm: !x, %x_vmem: !xv, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 1 : i64} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    tessera.dma_start %x_hbm, %x_vmem, %sem : !x, !xv, !sem
    tessera.dma_wait %x_hbm, %x_vmem, %sem : !x, !xv, !sem
LOADS
    %n = tessera.load_scalar %n_smem[%c0] : !n -> i32
    %r:40 = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(ARGS) -> (TYPES) : i32 {
ADDS
      scf.yield YIELDS : TYPES
    }
STORES
    tessera.dma_start %x_vmem, %o_hbm, %sem : !xv, !x, !sem
    tessera.dma_wait %x_vmem, %o_hbm, %sem : !xv, !x, !sem
    return
  }
}
)",
                                    {{"LOADS", loads},
                                     {"ARGS", args},
                                     {"TYPES", types},
                                     {"ADDS", adds},
                                     {"YIELDS", yields},
                                     {"STORES", stores}}));
}

TEST(ControlFlow, FortyCarriedVectorsSpillAroundTheBackEdge) {
  auto compiled = compile(fortyCarried());
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  EXPECT_GT(compiled->regalloc.spilledV, 0);
  std::vector<int32_t> xs(320 * 128);
  for (size_t i = 0; i < xs.size(); ++i)
    xs[i] = (int32_t)(i * 13 % 777) - 300;
  Array x = Array::s32(320, 128, xs);
  for (int n : {0, 1, 4}) {
    auto out = run(compiled->executable, {x, Array::zeros(320, 128)}, {n});
    ASSERT_TRUE(out.ok()) << out.status();
    for (int64_t r = 0; r < 320; ++r)
      for (int64_t c = 0; c < 128; ++c) {
        int k = r / 8;
        int32_t want = x.i(r, c) + n * x.i(8 * ((k + 1) % 40) + r % 8, c);
        ASSERT_EQ(out->hbm[1].i(r, c), want) << "n = " << n << " at (" << r << ", " << c << ")";
      }
  }
}

// --- tessera.check in a loop: the halt reports the values. ---

constexpr std::string_view kCheck = R"mlir(
!n = memref<2xi32, #smem>
module {
  func.func @checked(%in: !n) attributes {tessera.kernel, tessera.num_inputs = 1 : i64,
                  tessera.num_outputs = 0 : i64, tessera.num_scalar_inputs = 1 : i64} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c7_i32 = arith.constant 7 : i32
    %n = tessera.load_scalar %in[%c0] : !n -> i32
    %bad = tessera.load_scalar %in[%c1] : !n -> i32
    scf.for %i = %c0_i32 to %n step %c1_i32 : i32 {
      %k = arith.muli %i, %c7_i32 : i32
      %ok = arith.cmpi ne, %i, %bad : i32
      tessera.check %ok, "step {0} is bad ({1} = 7 * {0})" [%i, %k : i32, i32]
    }
    return
  }
}
)mlir";

TEST(ControlFlow, CheckInALoopStopsTheKernelWithItsValues) {
  auto compiled = compile(kernel(kCheck));
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  auto fine = run(compiled->executable, {}, {10, 10});
  ASSERT_TRUE(fine.ok()) << fine.status();
  EXPECT_FALSE(fine->result.halted()) << fine->haltMessage;
  auto stopped = run(compiled->executable, {}, {10, 6});
  ASSERT_TRUE(stopped.ok()) << stopped.status();
  ASSERT_TRUE(stopped->result.halted());
  EXPECT_EQ(stopped->haltMessage, "step 6 is bad (42 = 7 * 6)");
}

// --- Two carried values with one initial value (load reuse makes them). ---

// As from `Value v = c[___]; auto [a, b] = lax::fori_loop(0, n, body, {v, v})`:
// both carried values start from one register, and BODY decides what they
// receive (`z, z` in the kernel the differential test found).
constexpr std::string_view kSharedInit = R"(
!n = memref<1xi32, #smem>
!x = memref<8x128xf32, #any>
!xv = memref<8x128xf32, #vmem>
!o = memref<16x128xf32, #any>
!ov = memref<16x128xf32, #vmem>
module {
  func.func @shared(%n_smem: !n, %x_hbm: !x, %o_hbm: !o, %x_vmem: !xv, %o_vmem: !ov, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 1 : i64} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %one = arith.constant dense<1.0> : !v
    %two = arith.constant dense<2.0> : !v
    tessera.dma_start %x_hbm, %x_vmem, %sem : !x, !xv, !sem
    tessera.dma_wait %x_hbm, %x_vmem, %sem : !x, !xv, !sem
    %n = tessera.load_scalar %n_smem[%c0] : !n -> i32
    %v = tessera.load %x_vmem : !xv -> !v
    %r:2 = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%x = %v, %y = %v) -> (!v, !v) : i32 {
BODY
    }
    %o0 = tessera.view %o_vmem[0, 0] [8, 128] : !ov to memref<8x128xf32, strided<[128, 1]>, #vmem>
    %o1 = tessera.view %o_vmem[8, 0] [8, 128] : !ov to memref<8x128xf32, strided<[128, 1], offset: 1024>, #vmem>
    tessera.store %r#0, %o0 : !v, memref<8x128xf32, strided<[128, 1]>, #vmem>
    tessera.store %r#1, %o1 : !v, memref<8x128xf32, strided<[128, 1], offset: 1024>, #vmem>
    tessera.dma_start %o_vmem, %o_hbm, %sem : !ov, !o, !sem
    tessera.dma_wait %o_vmem, %o_hbm, %sem : !ov, !o, !sem
    return
  }
}
)";

/// The bundles of the loop (from the back edge's target to the back edge)
/// whose listing line contains `text`.
int countInLoop(const sim::Executable &exe, std::string_view text) {
  std::vector<std::string> lines;
  std::istringstream in(sim::printListing(exe));
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  for (size_t e = 0; e < lines.size(); ++e) {
    if (lines[e].find("loop back edge") == std::string::npos)
      continue;
    size_t at = lines[e].find("sbr .L");
    if (at == std::string::npos)
      return -1;
    std::string label = lines[e].substr(at + 4);
    label = label.substr(0, label.find_first_of(" ;/")) + ":";
    for (size_t b = 0; b < e; ++b)
      if (lines[b].rfind(label, 0) == 0) {
        int n = 0;
        for (size_t k = b; k <= e; ++k)
          n += lines[k].find(text) != std::string::npos;
        return n;
      }
    return -1;
  }
  return -1;
}

TEST(ControlFlow, CarriedValuesFromOneRegisterNeedNoCopyInTheLoop) {
  struct Case {
    const char *what;
    std::string body;
    std::function<std::pair<float, float>(float, float, float)> step;  // (x, y, v) -> yielded
  };
  const std::vector<Case> cases = {
      // Both receive z: they are always equal and share one register.
      {"same yield",
       "      %d = arith.subf %y, %two : !v\n"
       "      %z = arith.mulf %x, %d : !v\n"
       "      scf.yield %z, %z : !v, !v",
       [](float x, float y, float) {
         float z = x * (y - 2.0f);
         return std::pair{z, z};
       }},
      // The same, with the initial value still read in the loop: its copy
      // stays before the loop.
      {"same yield, initial value live in the loop",
       "      %d = arith.subf %y, %v : !v\n"
       "      %z = arith.mulf %x, %d : !v\n"
       "      %w = arith.addf %z, %one : !v\n"
       "      scf.yield %w, %w : !v, !v",
       [](float x, float y, float v) {
         float w = x * (y - v) + 1.0f;
         return std::pair{w, w};
       }},
      // Different yields from one initial value.
      {"different yields",
       "      %d = arith.subf %y, %two : !v\n"
       "      %z = arith.mulf %x, %d : !v\n"
       "      %u = arith.addf %y, %one : !v\n"
       "      scf.yield %z, %u : !v, !v",
       [](float x, float y, float) { return std::pair{x * (y - 2.0f), y + 1.0f}; }},
  };
  Array in = Array::f32(8, 128, iota(8 * 128, -1.5f, 0.0625f));
  for (const Case &c : cases) {
    SCOPED_TRACE(c.what);
    auto compiled = compile(kernel(substitute(kSharedInit, {{"BODY", c.body}})));
    ASSERT_TRUE(compiled.ok()) << compiled.status();
    std::string listing = sim::printListing(compiled->executable);
    EXPECT_EQ(countInLoop(compiled->executable, "vmov"), 0) << listing;
    EXPECT_LE(countBundles(compiled->executable, "vmov"), 1) << listing;
    for (int n : {0, 1, 4}) {
      auto out = run(compiled->executable, {in, Array::zeros(16, 128)}, {n});
      ASSERT_TRUE(out.ok()) << out.status();
      for (int64_t r = 0; r < 8; ++r)
        for (int64_t col = 0; col < 128; ++col) {
          float v = in.f(r, col), x = v, y = v;
          for (int i = 0; i < n; ++i) {
            std::pair<float, float> next = c.step(x, y, v);
            x = next.first;
            y = next.second;
          }
          ASSERT_EQ(out->hbm[1].f(r, col), x) << "n = " << n;
          ASSERT_EQ(out->hbm[1].f(8 + r, col), y) << "n = " << n;
        }
    }
  }
}

// --- The machine stage shows the blocks. ---

TEST(ControlFlow, MachineStageShowsBlocksAndBranchTargets) {
  auto compiled = compile(doubleTiles(64));
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  const std::string &machine = compiled->stages.back().second;
  EXPECT_EQ(compiled->stages.back().first, "machine");
  EXPECT_THAT(machine, HasSubstr("bb1:"));
  EXPECT_THAT(machine, HasSubstr("for.body"));
  EXPECT_THAT(machine, HasSubstr("sbr bb1"));
  // The listing labels the loop's first bundle and branches to it.
  std::string listing = sim::printListing(compiled->executable);
  EXPECT_THAT(listing, HasSubstr("sbr .L"));
}

TEST(ControlFlow, ListingsWithBranchesAssembleBackToTheSameCode) {
  // The second kernel's loop is its last code: its guard branches to the
  // end of the code.
  for (const std::string &text : {doubleTiles(64), kernel(kCheck), kernel(kWhile)}) {
    auto compiled = compile(text);
    ASSERT_TRUE(compiled.ok()) << compiled.status();
    std::string listing = sim::printListing(compiled->executable);
    auto back = sim::parseListing(listing);
    ASSERT_TRUE(back.ok()) << back.status() << "\n" << listing;
    EXPECT_EQ(back->code, compiled->executable.code) << listing;
  }
}

}  // namespace
}  // namespace tessera::lowering::testing
