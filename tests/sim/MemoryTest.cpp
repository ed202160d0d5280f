//===- MemoryTest.cpp - HBM, VMEM and SMEM storage ------------------------===//
//
// Memory reads zeros until written, and costs host memory only where it is
// touched: a chip's 32 GiB of HBM and 2 x 16 MiB of VMEM are mapped in
// zero-filled pages on first touch (sim/Memory.h), which is what keeps a
// sample's start-up fast and small (README, "Performance of the tools").
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <memory>
#include <vector>

#include "sim/Chip.h"
#include "sim/Memory.h"

namespace tessera::sim {
namespace {

/// Resident set size of this process, in bytes (Linux /proc/self/statm).
int64_t residentBytes() {
  std::FILE *f = std::fopen("/proc/self/statm", "r");
  if (!f)
    return -1;
  long size = 0, resident = 0;
  int n = std::fscanf(f, "%ld %ld", &size, &resident);
  std::fclose(f);
  return n == 2 ? int64_t(resident) * sysconf(_SC_PAGESIZE) : -1;
}

TEST(Memory, VmemReadsZerosUntilWrittenAndAfterClear) {
  Vmem vmem;
  std::vector<float> rows(2 * 128, 1.0f);
  ASSERT_TRUE(vmem.readF32(machine::kVmemRows - 2, rows).ok());
  for (float v : rows)
    ASSERT_EQ(v, 0.0f);
  std::vector<float> data(2 * 128, 3.5f);
  ASSERT_TRUE(vmem.writeF32(100, data).ok());
  ASSERT_TRUE(vmem.readF32(100, rows).ok());
  EXPECT_EQ(rows, data);
  vmem.clear();
  ASSERT_TRUE(vmem.readF32(100, rows).ok());
  for (float v : rows)
    ASSERT_EQ(v, 0.0f);
  // Still writable after clear.
  ASSERT_TRUE(vmem.writeF32(100, data).ok());
  ASSERT_TRUE(vmem.readF32(100, rows).ok());
  EXPECT_EQ(rows, data);
}

TEST(Memory, AChipCostsHostMemoryOnlyWhereItIsTouched) {
  int64_t before = residentBytes();
  ASSERT_GT(before, 0);
  auto chip = std::make_unique<Chip>();
  // Two VMEMs zero-filled up front would be 32 MiB.
  EXPECT_LT(residentBytes() - before, int64_t{4} << 20);
  std::vector<float> tile(8 * 128, 2.0f);
  ASSERT_TRUE(chip->core(0).vmem().writeF32(8, tile).ok());
  ASSERT_TRUE(chip->hbm().writeF32(8, tile).ok());
  EXPECT_EQ(chip->hbm().pagesAllocated(), 1);
  EXPECT_LT(residentBytes() - before, int64_t{8} << 20);
}

TEST(Memory, HbmZerosIntoUntouchedPagesAllocateNothing) {
  Hbm hbm;
  std::vector<float> zeros(8 * 128, 0.0f), got(8 * 128, 1.0f);
  ASSERT_TRUE(hbm.writeF32(0, zeros).ok());
  EXPECT_EQ(hbm.pagesAllocated(), 0);
  ASSERT_TRUE(hbm.readF32(0, got).ok());
  EXPECT_EQ(got, zeros);
}

}  // namespace
}  // namespace tessera::sim
