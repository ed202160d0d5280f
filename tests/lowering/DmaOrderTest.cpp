//===- DmaOrderTest.cpp - DMA starts and the accesses the scheduler moves --===//
//
// A DMA start is ordered with barriers (semaphore ops, branches), waits,
// the halts before it, DMAs of its rows when one of them writes VMEM, and
// the VMEM accesses of its own rows (MemKind::Dma, relative to its slot's
// run-time row when it has one),
// not with every memory access: compute on other buffers overlaps the
// issue of a DMA of many runs (a packed array retiled from HBM's 8-row
// tiles into VMEM's 16-row ones is one 4-row run per HBM tile, folded into
// one strided dma per column tile and half tile: 16 here). A check's halt
// stays ahead of the writes after it but may move above earlier ones. The
// wait for a write-back keeps back only the accesses of the Ref its DMA
// reads (MemKind::Wait); other waits are barriers. Before allocation, a
// wait for a DMA started in the block follows the work written before it
// that does not depend on it (late waits).
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include "LoweringTestUtil.h"
#include "lowering/Dependences.h"
#include "mlir/Transforms/TesseraPasses.h"

namespace tessera::lowering::testing {
namespace {

constexpr std::string_view kOverlap = R"(
!big = memref<256x1024xbf16, #any>
!bigv = memref<256x1024xbf16, #vmem>
!x = memref<16x128xf32, #any>
!xv = memref<16x128xf32, #vmem>
!half = memref<8x128xf32, strided<[128, 1], offset: ?>, #vmem>
module {
  func.func @overlap(%b_hbm: !big, %x_hbm: !x, %o_hbm: !x, %bv: !bigv, %xv: !xv, %ov: !xv,
                     %sem: !sem, %sem2: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %two = arith.constant dense<2.0> : !v
    tessera.dma_start %x_hbm, %xv, %sem : !x, !xv, !sem
    tessera.dma_wait %x_hbm, %xv, %sem : !x, !xv, !sem
    tessera.dma_start %b_hbm, %bv, %sem2 : !big, !bigv, !sem
    %w0 = tessera.view %xv[%c0, 0] [8, 128] : !xv to !half
    %w1 = tessera.view %xv[%c8, 0] [8, 128] : !xv to !half
    %o0 = tessera.view %ov[%c0, 0] [8, 128] : !xv to !half
    %o1 = tessera.view %ov[%c8, 0] [8, 128] : !xv to !half
    %t0 = tessera.load %w0 : !half -> !v
    %t1 = tessera.load %w1 : !half -> !v
    %d0 = arith.mulf %t0, %two : !v
    %d1 = arith.mulf %t1, %two : !v
    tessera.store %d0, %o0 : !v, !half
    tessera.store %d1, %o1 : !v, !half
    tessera.dma_wait %b_hbm, %bv, %sem2 : !big, !bigv, !sem
    tessera.dma_start %ov, %o_hbm, %sem : !xv, !x, !sem
    tessera.dma_wait %ov, %o_hbm, %sem : !xv, !x, !sem
    return
  }
}
)";

TEST(DmaOrder, ComputeOnOtherBuffersOverlapsTheIssueOfAManyRunDma) {
  // The bf16 copy HBM T(8,128)(2,1) -> VMEM (16,128) is 16 strided DMAs
  // (one per column tile and half tile); the loads, multiplies and stores
  // of x (another buffer) issue between them instead of after the last.
  auto compiled = compile(kernel(std::string(kOverlap)), Stages::Machine);
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  std::string listing = sim::printListing(compiled->executable);
  size_t lastDma = listing.rfind("dma.hbm_to_vmem");
  size_t firstStore = listing.find("vst ");
  ASSERT_NE(lastDma, std::string::npos);
  ASSERT_NE(firstStore, std::string::npos);
  EXPECT_LT(firstStore, lastDma) << listing;
  EXPECT_GT(countBundles(compiled->executable, "dma.hbm_to_vmem"), 8);
  Array big = Array::bf16(256, 1024, iota(256 * 1024, 0, 1.0f / 64));
  Array x = Array::f32(16, 128, iota(16 * 128, -50, 0.25f));
  auto out = run(compiled->executable, {big, x, Array::zeros(16, 128)});
  ASSERT_TRUE(out.ok()) << out.status();
  for (int64_t r = 0; r < 16; ++r)
    for (int64_t c = 0; c < 128; ++c)
      ASSERT_EQ(out->hbm[2].f(r, c), 2 * x.f(r, c));
}

/// Whether the dependence graph of `ins` keeps instruction b after a
/// (`lateWaits`: the graph the ordering before allocation uses).
bool ordered(const std::vector<MInstr> &ins, int a, int b, bool lateWaits = false) {
  DependenceGraph g = buildDependences(ins, lateWaits);
  for (const Edge &e : g.succ[a])
    if (e.to == b)
      return true;
  return false;
}

MInstr access(isa::Opcode opcode, std::initializer_list<int64_t> ops, MemKind kind, int64_t lo,
              int64_t hi) {
  MInstr mi;
  mi.instr = isa::makeInstr(opcode, ops);
  mi.mem = kind;
  mi.memLo = lo;
  mi.memHi = hi;
  return mi;
}

TEST(DmaOrder, TheEdgesOfAHalt) {
  using isa::Opcode;
  // 0: vst rows [0, 8); 1: a check's halt; 2: vst rows [8, 16); 3: a DMA
  // start into rows [40, 48); 4: vld rows [0, 8).
  std::vector<MInstr> ins = {
      access(Opcode::VSt, {0, 1}, MemKind::VmemWrite, 0, 8),
      access(Opcode::SHalt, {}, MemKind::Halt, 0, -1),
      access(Opcode::VSt, {8, 4}, MemKind::VmemWrite, 8, 16),
      access(Opcode::DmaHbmToVmem, {5, 6, 8, 1}, MemKind::Dma, 40, 48),
      access(Opcode::VLd, {2, 0}, MemKind::VmemRead, 0, 8),
  };
  EXPECT_FALSE(ordered(ins, 0, 1));  // the check may go above an earlier store
  EXPECT_TRUE(ordered(ins, 1, 2));   // but not below a later one
  EXPECT_TRUE(ordered(ins, 1, 3));   // DMAs stay behind checks
  EXPECT_FALSE(ordered(ins, 1, 4));  // a load may move above it
}

TEST(DmaOrder, TheWaitForAWriteBackKeepsBackOnlyItsRows) {
  using isa::Opcode;
  // 0: the wait for a write-back of rows [16, 32); 1: vld of rows [0, 8);
  // 2: vst of rows [16, 24); 3: a check's halt; 4: a DMA start of rows
  // [40, 48); 5: vst of rows [0, 8).
  std::vector<MInstr> ins = {
      access(Opcode::VWaitGe, {0, 4096}, MemKind::Wait, 16, 32),
      access(Opcode::VLd, {2, 0}, MemKind::VmemRead, 0, 8),
      access(Opcode::VSt, {16, 1}, MemKind::VmemWrite, 16, 24),
      access(Opcode::SHalt, {}, MemKind::Halt, 0, -1),
      access(Opcode::DmaHbmToVmem, {5, 6, 8, 1}, MemKind::Dma, 40, 48),
      access(Opcode::VSt, {0, 3}, MemKind::VmemWrite, 0, 8),
  };
  EXPECT_FALSE(ordered(ins, 0, 1));  // another Ref's load moves above it
  EXPECT_TRUE(ordered(ins, 0, 2));   // a store into its rows does not
  EXPECT_FALSE(ordered(ins, 0, 3));  // nor does a check
  EXPECT_TRUE(ordered(ins, 0, 4));   // DMA starts and waits keep their order
  EXPECT_FALSE(ordered(ins, 0, 5));
}

TEST(DmaOrder, ACheckMayGoAboveAnEarlierDmaAndDmasOfOtherRowsReorder) {
  using isa::Opcode;
  // 0: a prefetch into rows [40, 48); 1: a check's halt; 2: a write-back of
  // rows [0, 8); 3: a write-back of rows [0, 8) too; 4: a prefetch into
  // rows [0, 16).
  std::vector<MInstr> ins = {
      access(Opcode::DmaHbmToVmem, {5, 6, 8, 1}, MemKind::Dma, 40, 48),
      access(Opcode::SHalt, {}, MemKind::Halt, 0, -1),
      access(Opcode::DmaVmemToHbm, {7, 8, 8, 2}, MemKind::Dma, 0, 8),
      access(Opcode::DmaVmemToHbm, {9, 10, 8, 2}, MemKind::Dma, 0, 8),
      access(Opcode::DmaHbmToVmem, {11, 12, 16, 3}, MemKind::Dma, 0, 16),
  };
  EXPECT_FALSE(ordered(ins, 0, 1));  // the check may go above the prefetch
  EXPECT_TRUE(ordered(ins, 1, 2));   // the write-back stays behind it
  EXPECT_FALSE(ordered(ins, 0, 2));  // other rows: either may start first
  EXPECT_FALSE(ordered(ins, 2, 3));  // both only read their rows
  EXPECT_TRUE(ordered(ins, 3, 4));   // a DMA into rows another one reads
}

TEST(DmaOrder, ADmaAtARunTimeRowWaitsOnlyForTheStoresOfItsRows) {
  using isa::Opcode;
  // A slot at a run-time row: its base computed twice (s1 = s0 * 2 for the
  // stores, s2 = s0 * 2 for the DMA, as selection does across a region),
  // one value. 2: vst [s1+0]; 3: vst [s1+8]; 4: a write-back of rows
  // [s2+8, s2+16) of the Ref (rows [0, 32)); 5: vst [s3+0] with s3 = s0 * 4,
  // another value.
  std::vector<MInstr> ins = {
      access(Opcode::SMulI, {1, 0, 2}, MemKind::None, 0, -1),
      access(Opcode::SMulI, {2, 0, 2}, MemKind::None, 0, -1),
      access(Opcode::VStR, {1, 0, 1}, MemKind::VmemWrite, 0, 32),
      access(Opcode::VStR, {1, 8, 2}, MemKind::VmemWrite, 0, 32),
      access(Opcode::DmaVmemToHbmR, {4, 5, 8, 6}, MemKind::Dma, 0, 32),
      access(Opcode::VStR, {3, 8, 3}, MemKind::VmemWrite, 0, 32),
  };
  ins.insert(ins.begin() + 5, access(Opcode::SMulI, {3, 0, 4}, MemKind::None, 0, -1));
  MInstr &dma = ins[4];
  dma.memBase = 0;
  dma.implicitUses = {{RegClass::S, 2}};
  dma.memRelLo = 8;
  dma.memRelHi = 16;
  EXPECT_FALSE(ordered(ins, 2, 4));  // rows [0, 8): the DMA may go first
  EXPECT_TRUE(ordered(ins, 3, 4));   // rows [8, 16): the DMA waits for it
  EXPECT_TRUE(ordered(ins, 4, 6));   // another base: any rows
}

TEST(DmaOrder, AWaitGoesAboveAnEarlierStartOfOtherSemaphoresAndRows) {
  using isa::Opcode;
  // 0: a write-back of rows [0, 8) on semaphore 2; 1: a fetch into rows
  // [16, 24) on semaphore 0; 2: the (precise) wait for a block of rows
  // [16, 32) on semaphore 0 or 1; 3: a later start into rows [40, 48) on
  // semaphore 3.
  std::vector<MInstr> ins = {
      access(Opcode::DmaVmemToHbm, {5, 6, 8, 2}, MemKind::Dma, 0, 8),
      access(Opcode::DmaHbmToVmem, {7, 8, 8, 0}, MemKind::Dma, 16, 24),
      access(Opcode::VWaitGeR, {9, 4096}, MemKind::Wait, 16, 32),
      access(Opcode::DmaHbmToVmem, {10, 11, 8, 3}, MemKind::Dma, 40, 48),
  };
  auto sems = [&](int i, int64_t lo, int64_t hi) {
    ins[i].semLo = lo;
    ins[i].semHi = hi;
  };
  sems(0, 2, 3);
  sems(1, 0, 1);
  sems(2, 0, 2);
  sems(3, 3, 4);
  EXPECT_FALSE(ordered(ins, 0, 2));  // the wait may go first
  EXPECT_TRUE(ordered(ins, 1, 2));   // not above a start it may count
  EXPECT_TRUE(ordered(ins, 2, 3));   // a later start stays after it
  ins[0].semHi = -1;                 // unknown semaphores: in order
  ins[0].semLo = 0;
  EXPECT_TRUE(ordered(ins, 0, 2));
}

TEST(DmaOrder, AWaitForADmaStartedInTheBlockFollowsTheWorkWrittenBeforeIt) {
  using isa::Opcode;
  // 0: a fetch into rows [0, 8) on semaphore 0; 1: vld v1 of rows [16, 24);
  // 2-10: nine values v2..v10 = v1 * v1, each read after the wait; 11: a
  // scalar s1 = s0 + 1, read after it; 12: the wait (a barrier, of rows
  // [0, 8)); 13: vld v11 of the fetched rows; 14-22: v11 + v2..v10;
  // 23: a load at [s1].
  std::vector<MInstr> ins = {
      access(Opcode::DmaHbmToVmem, {5, 6, 8, 0}, MemKind::Dma, 0, 8),
      access(Opcode::VLd, {1, 16}, MemKind::VmemRead, 16, 24),
  };
  for (int v = 2; v <= 10; ++v)
    ins.push_back(access(Opcode::VMulF32, {v, 1, 1}, MemKind::None, 0, -1));
  ins.push_back(access(Opcode::SAddI, {1, 0, 1}, MemKind::None, 0, -1));
  ins.push_back(access(Opcode::VWaitGe, {0, 4096}, MemKind::Barrier, 0, 8));
  ins.push_back(access(Opcode::VLd, {11, 0}, MemKind::VmemRead, 0, 8));
  for (int v = 2; v <= 10; ++v)
    ins.push_back(access(Opcode::VAddF32, {12, 11, v}, MemKind::None, 0, -1));
  ins.push_back(access(Opcode::SLdR, {2, 1, 0}, MemKind::SmemRead, 0, 64));
  for (int i : {0, 12}) {
    ins[i].semLo = 0;
    ins[i].semHi = 1;
  }
  const int wait = 12;
  ASSERT_EQ(dmaWaits(ins), (std::vector<std::pair<int, int>>{{wait, 0}}));
  EXPECT_GT(expectedDmaCycles(ins[0], ins[wait]), machine::kDmaStartupCycles);
  // The scheduler's graph: the multiplies may sink below the wait.
  EXPECT_FALSE(ordered(ins, 2, wait));
  // The ordering's: the first kWaitCarryVRegs values read after the wait
  // are computed before it, the others where their readers are; the
  // scalar too.
  for (int v = 2; v <= 10; ++v)
    EXPECT_EQ(ordered(ins, v, wait, true), v - 2 < mlir::tessera::kWaitCarryVRegs) << v;
  EXPECT_FALSE(ordered(ins, 11, wait, true));
  // A semaphore chosen at run time (a ring's slot) may be another DMA's:
  // that wait keeps its place.
  ins[wait].semHi = 2;
  EXPECT_TRUE(dmaWaits(ins).empty());
  EXPECT_FALSE(ordered(ins, 2, wait, true));
}

TEST(DmaOrder, SemaphoreReadsFollowTheFenceNotTheChecks) {
  using isa::Opcode;
  // The semaphore checks at a kernel's end: 0: dma.fence; 1: ssemld; 2: the
  // first check's halt; 3: the next ssemld, which may go above that halt
  // (all of them issue back to back after the fence).
  std::vector<MInstr> ins = {
      access(Opcode::DmaFence, {}, MemKind::Barrier, 0, -1),
      access(Opcode::SSemLd, {0, 0}, MemKind::SemRead, 0, -1),
      access(Opcode::SHalt, {}, MemKind::Halt, 0, -1),
      access(Opcode::SSemLd, {1, 1}, MemKind::SemRead, 0, -1),
  };
  EXPECT_TRUE(ordered(ins, 0, 1));
  EXPECT_TRUE(ordered(ins, 0, 3));
  EXPECT_FALSE(ordered(ins, 2, 3));
}

}  // namespace
}  // namespace tessera::lowering::testing
