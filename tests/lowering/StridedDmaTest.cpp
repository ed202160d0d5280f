//===- StridedDmaTest.cpp - Packed block copies as strided DMAs -----------===//
//
// A bf16 block of a wide HBM array is one 4-row run per HBM tile (HBM tiles
// are T(8,128)(2,1), VMEM tiles (16,128)); selectDma folds the runs at
// constant distances into strided dma.<kind>.s (layout::stridedRuns), so
// the copy is a few DMAs instead of one per run, and moves the same data.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include "LoweringTestUtil.h"

namespace tessera::lowering::testing {
namespace {

constexpr std::string_view kBlockCopy = R"(
!a = memref<256x1024xbf16, #any>
!av = memref<64x512xbf16, #vmem>
!aw = memref<64x512xbf16, strided<[1024, 1], offset: ?>, #any>
module {
  func.func @block(%a_hbm: !a, %o_hbm: !a, %av: !av, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %src = tessera.view %a_hbm[%c32, 256] [64, 512] : !a to !aw
    tessera.dma_start %src, %av, %sem : !aw, !av, !sem
    tessera.dma_wait %src, %av, %sem : !aw, !av, !sem
    %dst = tessera.view %o_hbm[%c128, 512] [64, 512] : !a to !aw
    tessera.dma_start %av, %dst, %sem : !av, !aw, !sem
    tessera.dma_wait %av, %dst, %sem : !av, !aw, !sem
    return
  }
}
)";

TEST(StridedDma, ABf16BlockCopyIsAFewStridedDmas) {
  auto compiled = compile(kernel(std::string(kBlockCopy)), Stages::Machine);
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  // 8 HBM tile rows x 4 column tiles = 32 runs of 4 rows each way; folded,
  // 8 strided DMAs each way (4 chunks each).
  std::string listing = sim::printListing(compiled->executable);
  EXPECT_EQ(countBundles(compiled->executable, "dma.hbm_to_vmem.s "), 8) << listing;
  EXPECT_EQ(countBundles(compiled->executable, "dma.vmem_to_hbm.s "), 8) << listing;
  EXPECT_EQ(countBundles(compiled->executable, "dma."), 16) << listing;
  Array a = Array::bf16(256, 1024, iota(256 * 1024, -1000, 1.0f / 16));
  auto out = run(compiled->executable, {a, Array::bf16(256, 1024, iota(256 * 1024, 0, 0))});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(out->result.dmasIssued, 16);
  for (int64_t r = 0; r < 256; ++r)
    for (int64_t c = 0; c < 1024; ++c) {
      bool inBlock = r >= 128 && r < 192 && c >= 512;
      float want = inBlock ? a.f(r - 128 + 32, c - 512 + 256) : 0.0f;
      ASSERT_EQ(out->hbm[1].f(r, c), want) << "(" << r << ", " << c << ")";
    }
}

}  // namespace
}  // namespace tessera::lowering::testing
