//===- StridedDmaTest.cpp - dma.<kind>.s: descriptors, data, timing, faults ===//
//
// A strided DMA copies `count` chunks of `chunk` rows, chunk i from
// src + i * srcStride to dst + i * dstStride, and costs one DMA of all its
// bytes. Cycle counts come from the MachineDesc.h constants, as in
// DmaTest.cpp.
//
//===----------------------------------------------------------------------===//
#include <cmath>
#include <numeric>
#include <vector>

#include "SimTestUtil.h"
#include "sim/Chip.h"
#include "sim/Dma.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tessera::sim {
namespace {

using isa::DmaStride;
using machine::kLanes;
using machine::kRowBytes;
using testing::assemble;
using testing::runOn;

/// The descriptor immediate as the listing spells it.
std::string desc(DmaStride d) {
  EXPECT_TRUE(isa::fitsDmaStride(d));
  return absl::StrFormat("0x%x", isa::encodeDmaStride(d));
}

/// Row r of a test pattern: every word r * 1000 + lane.
std::vector<int32_t> pattern(int64_t firstRow, int64_t rows) {
  std::vector<int32_t> out(rows * kLanes);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t l = 0; l < kLanes; ++l)
      out[r * kLanes + l] = static_cast<int32_t>((firstRow + r) * 1000 + l);
  return out;
}

TEST(DmaStride, DescriptorFieldsRoundTrip) {
  for (DmaStride d : {DmaStride{1, 1, 0, 0}, DmaStride{4, 16, 64, 32},
                      DmaStride{2, 127, 2047, 2047},
                      DmaStride{128, 3, 0, 1000}}) {
    ASSERT_TRUE(isa::fitsDmaStride(d));
    EXPECT_EQ(isa::decodeDmaStride(isa::encodeDmaStride(d)), d);
  }
  // The layout Isa.h documents: log2 chunk, count, source, destination.
  EXPECT_EQ(isa::encodeDmaStride({4, 16, 64, 32}),
            2u | 16u << 3 | 64u << 10 | 32u << 21);
  EXPECT_EQ(isa::kDmaMaxChunkRows, 128);
  EXPECT_EQ(isa::kDmaMaxCount, 127);
  EXPECT_EQ(isa::kDmaMaxStride, 2047);
  EXPECT_FALSE(isa::fitsDmaStride({3, 2, 8, 8}));    // not a power of two
  EXPECT_FALSE(isa::fitsDmaStride({256, 2, 8, 8}));  // chunk too long
  EXPECT_FALSE(isa::fitsDmaStride({4, 0, 8, 8}));
  EXPECT_FALSE(isa::fitsDmaStride({4, 128, 8, 8}));
  EXPECT_FALSE(isa::fitsDmaStride({4, 2, 2048, 8}));
  EXPECT_FALSE(isa::fitsDmaStride({4, 2, 8, -4}));
}

TEST(DmaStride, TheListingSpellsTheDescriptorInHex) {
  uint32_t d = isa::encodeDmaStride({4, 16, 64, 32});
  EXPECT_EQ(d, 0x4010082u);
  isa::Instr instr =
      isa::makeInstr(isa::Opcode::DmaHbmToVmemS, {6, 7, d, 0});
  EXPECT_EQ(isa::printInstr(instr),
            "dma.hbm_to_vmem.s [hbm:s6], [vmem:s7], 0x4010082, [sem:0]");
  absl::StatusOr<isa::Instr> back =
      isa::parseInstr("dma.hbm_to_vmem.s [hbm:s6], [vmem:s7], 0x4010082, "
                      "[sem:s3]");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->opcode, isa::Opcode::DmaHbmToVmemSR);
  EXPECT_EQ(isa::decodeDmaStride(back->immBits()),
            (DmaStride{4, 16, 64, 32}));
}

TEST(DmaStride, StridedOpcodesMoveLikeTheirPlainKind) {
  EXPECT_TRUE(isStridedDmaOpcode(isa::Opcode::DmaHbmToVmemS));
  EXPECT_TRUE(isStridedDmaOpcode(isa::Opcode::DmaVmemToHbmSR));
  EXPECT_FALSE(isStridedDmaOpcode(isa::Opcode::DmaHbmToVmem));
  EXPECT_TRUE(isDmaOpcode(isa::Opcode::DmaHbmToHbmSR));
  EXPECT_EQ(dmaTransferKind(isa::Opcode::DmaHbmToVmemSR),
            isa::Opcode::DmaHbmToVmem);
  EXPECT_EQ(dmaTransferKind(isa::Opcode::DmaVmemToVmemS),
            isa::Opcode::DmaVmemToVmem);
  EXPECT_EQ(isa::desc(isa::Opcode::DmaHbmToVmemS).mnemonic,
            "dma.hbm_to_vmem.s");
}

class StridedDmaTest : public ::testing::Test {
protected:
  TensorCore &core() { return chip.core(0); }
  Chip chip;
};

TEST_F(StridedDmaTest, HbmToVmemGathersChunksAndCostsOneDma) {
  // 3 chunks of 4 rows: HBM rows 100, 110, 120 -> VMEM rows 8, 16, 24.
  constexpr int64_t kChunk = 4, kCount = 3, kSrc = 100, kDst = 8;
  ASSERT_TRUE(chip.hbm().writeS32(kSrc, pattern(kSrc, 30)).ok());
  std::vector<int32_t> marker(40 * kLanes, -1);
  ASSERT_TRUE(core().vmem().writeS32(0, marker).ok());
  auto program = assemble(
      "gather",
      {
          "smov s0, 100 ; smov s1, 8",
          "dma.hbm_to_vmem.s [hbm:s0], [vmem:s1], " +
              desc({kChunk, kCount, 10, 8}) + ", [sem:3]",
          "vwait.ge [sem:3], 6144",
          "vsyncadd [sem:3], -6144",
      });
  Trace trace;
  RunOptions options;
  options.trace = &trace;
  absl::StatusOr<RunResult> r = runOn(core(), program, {}, options);
  ASSERT_TRUE(r.ok()) << r.status();
  std::vector<int32_t> vmem(40 * kLanes);
  ASSERT_TRUE(core().vmem().readS32(0, vmem).ok());
  for (int64_t row = 0; row < 40; ++row) {
    int64_t chunk = (row - kDst) / 8, inChunk = (row - kDst) % 8;
    bool copied = row >= kDst && chunk < kCount && inChunk < kChunk;
    int32_t want = copied ? static_cast<int32_t>(
                                (kSrc + chunk * 10 + inChunk) * 1000 + 5)
                          : -1;
    EXPECT_EQ(vmem[row * kLanes + 5], want) << "VMEM row " << row;
  }
  EXPECT_EQ(core().semaphore(3), 0);
  EXPECT_EQ(r->dmasIssued, 1);
  EXPECT_EQ(r->dmaBytes, kChunk * kCount * kRowBytes);
  // Timing: one DMA of 12 rows issued at cycle 1.
  int64_t done = 1 + dmaStartupCycles(isa::Opcode::DmaHbmToVmem) +
                 dmaTransferCycles(isa::Opcode::DmaHbmToVmem,
                                   kChunk * kCount * kRowBytes);
  EXPECT_EQ(r->cycles, done + 2);
  int completions = 0;
  for (const TraceEvent &e : trace.events)
    if (e.kind == TraceEvent::Kind::DmaComplete) {
      ++completions;
      EXPECT_EQ(e.cycle, done);
      EXPECT_EQ(e.dmaKind, isa::Opcode::DmaHbmToVmem);
    }
  EXPECT_EQ(completions, 1);
}

TEST_F(StridedDmaTest, VmemToHbmScattersWithARegisterSemaphore) {
  // 4 chunks of 2 rows: VMEM rows 0, 2, 4, 6 (contiguous) -> HBM rows
  // 1000, 1016, 1032, 1048; the semaphore index is in s2.
  ASSERT_TRUE(core().vmem().writeS32(0, pattern(0, 8)).ok());
  auto program = assemble(
      "scatter",
      {
          "smov s0, 0 ; smov s1, 1000",
          "smov s2, 7",
          "dma.vmem_to_hbm.s [vmem:s0], [hbm:s1], " + desc({2, 4, 2, 16}) +
              ", [sem:s2]",
          "vwait.ge [sem:7], 4096",
      });
  absl::StatusOr<RunResult> r = runOn(core(), program);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(core().semaphore(7), 4096);
  for (int64_t chunk = 0; chunk < 4; ++chunk) {
    std::vector<int32_t> got(2 * kLanes);
    ASSERT_TRUE(chip.hbm().readS32(1000 + 16 * chunk, got).ok());
    EXPECT_EQ(got, pattern(2 * chunk, 2)) << "chunk " << chunk;
  }
  // The rows between the chunks stay untouched (zero).
  std::vector<int32_t> gap(14 * kLanes);
  ASSERT_TRUE(chip.hbm().readS32(1002, gap).ok());
  EXPECT_EQ(gap, std::vector<int32_t>(gap.size(), 0));
}

TEST_F(StridedDmaTest, VmemToVmemUsesTheLocalPath) {
  // A stride of 0 on the source broadcasts one row into 8 rows.
  ASSERT_TRUE(core().vmem().writeS32(0, pattern(0, 1)).ok());
  auto program = assemble(
      "splat", {
                   "smov s0, 0 ; smov s1, 64",
                   "dma.vmem_to_vmem.s [vmem:s0], [vmem:s1], " +
                       desc({1, 8, 0, 1}) + ", [sem:0]",
                   "vwait.ge [sem:0], 4096",
               });
  absl::StatusOr<RunResult> r = runOn(core(), program);
  ASSERT_TRUE(r.ok()) << r.status();
  int64_t done = 1 + machine::kLocalDmaStartupCycles +
                 dmaTransferCycles(isa::Opcode::DmaVmemToVmem, 8 * kRowBytes);
  EXPECT_EQ(r->cycles, done + 1);
  std::vector<int32_t> got(8 * kLanes);
  ASSERT_TRUE(core().vmem().readS32(64, got).ok());
  for (int64_t row = 0; row < 8; ++row)
    EXPECT_EQ(std::vector<int32_t>(got.begin() + row * kLanes,
                                   got.begin() + (row + 1) * kLanes),
              pattern(0, 1));
}

TEST_F(StridedDmaTest, HbmToHbmCopiesEveryChunk) {
  ASSERT_TRUE(chip.hbm().writeS32(0, pattern(0, 16)).ok());
  auto program = assemble(
      "h2h", {
                 "smov s0, 0 ; smov s1, 512",
                 "dma.hbm_to_hbm.s [hbm:s0], [hbm:s1], " + desc({4, 2, 8, 4}) +
                     ", [sem:1]",
                 "vwait.ge [sem:1], 4096",
             });
  ASSERT_TRUE(runOn(core(), program).ok());
  std::vector<int32_t> got(8 * kLanes);
  ASSERT_TRUE(chip.hbm().readS32(512, got).ok());
  std::vector<int32_t> want = pattern(0, 4), second = pattern(8, 4);
  want.insert(want.end(), second.begin(), second.end());
  EXPECT_EQ(got, want);
}

TEST_F(StridedDmaTest, TheWholeFootprintIsRangeChecked) {
  // The first chunk fits, the last one ends past VMEM: a fault that names
  // the strided footprint.
  auto program = assemble(
      "oob", {
                 "smov s0, 0 ; smov s1, 32000",
                 "dma.hbm_to_vmem.s [hbm:s0], [vmem:s1], " +
                     desc({4, 100, 4, 8}) + ", [sem:0]  // oob.cc:7",
             });
  absl::StatusOr<RunResult> r = runOn(core(), program);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kOutOfRange);
  EXPECT_THAT(std::string(r.status().message()),
              ::testing::StartsWith(
                  "kernel 'oob': bundle 0x0001 (oob.cc:7): dma.hbm_to_vmem.s "
                  "destination (100 chunks of 4 rows, stride 8: rows [0x7d00, "
                  "0x801c)): VMEM access of"));
  // The source side likewise, in HBM.
  auto hbm = assemble(
      "oob2", {
                  "sld s0, [smem:0x0] ; smov s1, 0",
                  "nop",
                  "nop",
                  "nop",
                  "dma.hbm_to_vmem.s [hbm:s0], [vmem:s1], " +
                      desc({2, 3, 2047, 2}) + ", [sem:0]",
              });
  r = runOn(core(), hbm,
            std::vector<uint32_t>{
                static_cast<uint32_t>(machine::kHbmRows - 4094)});
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(std::string(r.status().message()),
              ::testing::HasSubstr("dma.hbm_to_vmem.s source (3 chunks of 2 "
                                   "rows, stride 2047: rows [0x3fff002, "
                                   "0x4000002)): HBM access of"));
}

TEST_F(StridedDmaTest, AZeroCountIsAFault) {
  auto program = assemble(
      "zero", {
                  "smov s0, 0 ; smov s1, 0",
                  "dma.hbm_to_vmem.s [hbm:s0], [vmem:s1], 0x2, [sem:0]",
              });
  absl::StatusOr<RunResult> r = runOn(core(), program);
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(std::string(r.status().message()),
              ::testing::HasSubstr(
                  "dma.hbm_to_vmem.s: descriptor 0x2 has a chunk count of 0"));
}

}  // namespace
}  // namespace tessera::sim
