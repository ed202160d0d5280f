//===- SmemDmaTest.cpp - DMAs between HBM and SMEM (word DMAs) ------------===//
//
// dma.hbm_to_smem / dma.smem_to_hbm count words on both sides: the data
// lands at completion, the semaphore gets 4 bytes per word, the HBM path
// times them as other HBM DMAs, and sld / sst of their words before the
// wait are races. dma.vmem_to_smem / dma.smem_to_vmem do the same with VMEM
// words (row * 128 + lane) on the core's local path.
//
//===----------------------------------------------------------------------===//
#include <numeric>
#include <vector>

#include "SimTestUtil.h"
#include "sim/Chip.h"
#include "gtest/gtest.h"

namespace tessera::sim {
namespace {

using testing::assemble;
using testing::runOn;

class SmemDmaTest : public ::testing::Test {
protected:
  TensorCore &core() { return chip.core(0); }
  /// "ok", or the run's fault.
  std::string outcome(const std::vector<std::string> &lines, RunOptions options = {}) {
    absl::StatusOr<RunResult> r = runOn(core(), assemble("k", lines), {}, options);
    return r.ok() ? "ok" : std::string(r.status().message());
  }
  Chip chip;
};

TEST_F(SmemDmaTest, WordsLandAtCompletionAndTheSemaphoreCountsTheirBytes) {
  // HBM row 2, words 5 .. 14 (word address 2 * 128 + 5 = 261) into SMEM
  // word 0x100; an sld before the wait sees the old word (races off).
  std::vector<int32_t> row(machine::kLanes);
  std::iota(row.begin(), row.end(), 1000);
  ASSERT_TRUE(chip.hbm().writeS32(2, row).ok());
  RunOptions options;
  options.detectRaces = false;
  ASSERT_EQ(outcome({"smov s0, 261 ; smov s1, 256",
                     "dma.hbm_to_smem [hbm:s0], [smem:s1], 0xa, [sem:3]",
                     "sld s5, [smem:0x100]",
                     "vwait.ge [sem:3], 40",
                     "sld s6, [smem:0x100] ; sld s7, [smem:0x109]",
                     "vsyncadd [sem:3], -40"},
                    options),
            "ok");
  EXPECT_EQ(core().sreg(5), 0u);
  EXPECT_EQ(core().sreg(6), 1005u);
  EXPECT_EQ(core().sreg(7), 1014u);
  EXPECT_EQ(core().semaphore(3), 0);
}

TEST_F(SmemDmaTest, SmemToHbmWritesOnlyItsWords) {
  std::vector<int32_t> row(machine::kLanes, -1);
  ASSERT_TRUE(chip.hbm().writeS32(4, row).ok());
  ASSERT_EQ(outcome({"smov s0, 7 ; smov s1, 9", "smov s2, 3 ; smov s4, 515",
                     "smov s5, 16", "sst [smem:0x10], s0", "sst [smem:0x11], s1",
                     "dma.smem_to_hbm [smem:s5], [hbm:s4], 0x2, [sem:s2]",
                     "vwait.ge [sem:3], 8", "vsyncadd [sem:3], -8"}),
            "ok");
  ASSERT_TRUE(chip.hbm().readS32(4, row).ok());
  EXPECT_EQ(row[2], -1);
  EXPECT_EQ(row[3], 7);
  EXPECT_EQ(row[4], 9);
  EXPECT_EQ(row[5], -1);
}

TEST_F(SmemDmaTest, VmemWordsToSmemAndBackOnTheLocalPath) {
  // VMEM row 3, lanes 5 .. 14 (word 3 * 128 + 5 = 389) into SMEM word 0x40,
  // then those words into VMEM row 6 from lane 100 (word 868); a vld of
  // row 3 before the first wait is a race.
  std::vector<int32_t> row(machine::kLanes);
  std::iota(row.begin(), row.end(), 2000);
  ASSERT_TRUE(core().vmem().writeS32(3, row).ok());
  ASSERT_EQ(outcome({"smov s0, 389 ; smov s1, 64",
                     "dma.vmem_to_smem [vmem:s0], [smem:s1], 0xa, [sem:2]",
                     "vwait.ge [sem:2], 40",
                     "vsyncadd [sem:2], -40 ; smov s2, 868",
                     "dma.smem_to_vmem [smem:s1], [vmem:s2], 0xa, [sem:2]",
                     "vwait.ge [sem:2], 40",
                     "vsyncadd [sem:2], -40"}),
            "ok");
  std::vector<int32_t> back(machine::kLanes);
  ASSERT_TRUE(core().vmem().readS32(6, back).ok());
  EXPECT_EQ(back[99], 0);
  EXPECT_EQ(back[100], 2005);
  EXPECT_EQ(back[109], 2014);
  EXPECT_EQ(back[110], 0);
  EXPECT_EQ(dmaStartupCycles(isa::Opcode::DmaVmemToSmem), machine::kLocalDmaStartupCycles);
  EXPECT_EQ(dmaTransferCycles(isa::Opcode::DmaSmemToVmem, 1024),
            dmaTransferCycles(isa::Opcode::DmaVmemToVmem, 1024));
  EXPECT_NE(outcome({"smov s0, 389 ; smov s1, 64",
                     "dma.vmem_to_smem [vmem:s0], [smem:s1], 0xa, [sem:2]",
                     "sst [smem:0x41], s0",
                     "vwait.ge [sem:2], 40", "vsyncadd [sem:2], -40"}),
            "ok");
}

TEST_F(SmemDmaTest, TimedOnTheHbmPathAsRowDmas) {
  // 1 KiB into SMEM costs what 1 KiB (2 rows) into VMEM costs.
  EXPECT_EQ(dmaStartupCycles(isa::Opcode::DmaHbmToSmem), machine::kDmaStartupCycles);
  EXPECT_EQ(dmaTransferCycles(isa::Opcode::DmaHbmToSmem, 1024),
            dmaTransferCycles(isa::Opcode::DmaHbmToVmem, 1024));
  DmaTransfer t;
  t.kind = isa::Opcode::DmaSmemToHbm;
  t.rows = 256;
  EXPECT_EQ(t.bytes(), 1024);
}

TEST_F(SmemDmaTest, AnSldOfWordsADmaStillWritesIsARace) {
  EXPECT_EQ(outcome({"smov s0, 0 ; smov s1, 8",
                     "dma.hbm_to_smem [hbm:s0], [smem:s1], 0x4, [sem:0]",
                     "sld s2, [smem:0x9]", "vwait.ge [sem:0], 16",
                     "vsyncadd [sem:0], -16"}),
            "kernel 'k': bundle 0x0002 (test.cc:3): sld of SMEM words [0x9, 0xa) while the "
            "DMA started at bundle 0x0001 (test.cc:2) still writes them (dma.hbm_to_smem; "
            "wait for it on [sem:0] first)");
  // Words beside the DMA's are free.
  EXPECT_EQ(outcome({"smov s0, 0 ; smov s1, 8",
                     "dma.hbm_to_smem [hbm:s0], [smem:s1], 0x4, [sem:0]",
                     "sld s2, [smem:0xc] ; sst [smem:0x7], s1", "vwait.ge [sem:0], 16",
                     "vsyncadd [sem:0], -16"}),
            "ok");
}

TEST_F(SmemDmaTest, AnSstToWordsADmaStillReadsIsARace) {
  EXPECT_EQ(outcome({"smov s0, 0 ; smov s1, 8",
                     "dma.smem_to_hbm [smem:s1], [hbm:s0], 0x4, [sem:0]",
                     "sst [smem:0xb], s0", "vwait.ge [sem:0], 16",
                     "vsyncadd [sem:0], -16"}),
            "kernel 'k': bundle 0x0002 (test.cc:3): sst to SMEM words [0xb, 0xc) while the "
            "DMA started at bundle 0x0001 (test.cc:2) still reads them (dma.smem_to_hbm; "
            "wait for it on [sem:0] first)");
}

TEST_F(SmemDmaTest, TwoDmasIntoTheSameWordsRaceButNotIntoVmemRows) {
  EXPECT_NE(outcome({"smov s0, 0 ; smov s1, 8",
                     "dma.hbm_to_smem [hbm:s0], [smem:s1], 0x4, [sem:0]",
                     "dma.hbm_to_smem [hbm:s0], [smem:s1], 0x4, [sem:1]",
                     "vwait.ge [sem:0], 16", "vwait.ge [sem:1], 16"})
                .find("dma.hbm_to_smem writes SMEM words [0x8, 0xc)"),
            std::string::npos);
  // SMEM word 8 is not VMEM row 8.
  EXPECT_EQ(outcome({"smov s0, 0 ; smov s1, 8",
                     "dma.hbm_to_smem [hbm:s0], [smem:s1], 0x4, [sem:0]",
                     "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x1, [sem:1]",
                     "vwait.ge [sem:0], 16", "vwait.ge [sem:1], 512",
                     "vsyncadd [sem:0], -16", "vsyncadd [sem:1], -512"}),
            "ok");
}

TEST_F(SmemDmaTest, WordsOutsideSmemAreAFault) {
  EXPECT_NE(outcome({"smov s0, 0 ; smov s1, 262142",
                     "dma.hbm_to_smem [hbm:s0], [smem:s1], 0x4, [sem:0]"})
                .find("dma.hbm_to_smem destination"),
            std::string::npos);
}

}  // namespace
}  // namespace tessera::sim
