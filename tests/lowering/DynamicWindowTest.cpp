//===- DynamicWindowTest.cpp - Windows and indices known at run time ------===//
//
// VMEM tile windows whose rows start at run time (128-wide Refs: any row;
// wider Refs: a provable multiple of 8, addressed as base + dyn * colTiles),
// DMA windows with run-time rows and columns on narrow and wide arrays, a
// semaphore picked at run time (a double-buffered copy loop), SMEM written
// and read at run-time indices; and the errors for what cannot be proved.
//
//===----------------------------------------------------------------------===//
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "LoweringTestUtil.h"

namespace tessera::lowering::testing {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;


// --- VMEM tiles of a 1024-wide Ref at run-time row starts i * 8. ---

constexpr std::string_view kWideTiles = R"(
!n = memref<1xi32, #smem>
!x = memref<32x1024xf32, #any>
!xv = memref<32x1024xf32, #vmem>
!band = memref<8x1024xf32, strided<[1024, 1], offset: ?>, #vmem>
!wt = memref<8x128xf32, strided<[1024, 1], offset: ?>, #vmem>
module {
  func.func @wide(%n_smem: !n, %x_hbm: !x, %o_hbm: !x, %x_vmem: !xv, %o_vmem: !xv, %sem: !sem)
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
      %a = tessera.view %x_vmem[%ri, 256] [8, 128] : !xv to !wt
      %band = tessera.view %x_vmem[%ri, 0] [8, 1024] : !xv to !band
      %b = tessera.view %band[0, 896] [8, 128] : !band to !wt
      %ta = tessera.load %a : !wt -> !v
      %tb = tessera.load %b : !wt -> !v
      %s = arith.addf %ta, %tb : !v
      %d = arith.mulf %ta, %two : !v
      %oa = tessera.view %o_vmem[%ri, 512] [8, 128] : !xv to !wt
      %ob = tessera.view %o_vmem[%ri, 0] [8, 128] : !xv to !wt
      tessera.store %s, %oa : !v, !wt
      tessera.store %d, %ob : !v, !wt
    }
    tessera.dma_start %o_vmem, %o_hbm, %sem : !xv, !x, !sem
    tessera.dma_wait %o_vmem, %o_hbm, %sem : !xv, !x, !sem
    return
  }
}
)";

TEST(DynamicWindows, VmemTilesOfAWideRefAtRunTimeRows) {
  auto compiled = compile(kernel(kWideTiles));
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  Array x = Array::f32(32, 1024, iota(32 * 1024, -50, 0.5f));
  for (int n : {0, 1, 4}) {
    auto out = run(compiled->executable, {x, Array::zeros(32, 1024)}, {n});
    ASSERT_TRUE(out.ok()) << out.status();
    for (int64_t r = 0; r < 32; ++r)
      for (int64_t c = 0; c < 1024; ++c) {
        float want = 0;
        if (r / 8 < n && c < 128)
          want = x.f(r, 256 + c) * 2;
        if (r / 8 < n && c >= 512 && c < 640)
          want = x.f(r, 256 + c - 512) + x.f(r, 896 + c - 512);
        ASSERT_EQ(out->hbm[1].f(r, c), want) << "n = " << n << " at (" << r << ", " << c << ")";
      }
  }
}

// --- The views of one window share its run-time offset's address. ---


// A pipeline's slot (a run-time row of the buffers) holding an 8-row band
// at a run-time row, whose 8 column tiles are loaded and summed: the band's
// row (slot + band row, scaled to memory rows) is computed once, and each
// load adds its column tile as an immediate.
constexpr std::string_view kSharedOffset = R"(
!n = memref<2xi32, #smem>
!x = memref<16x1024xf32, #any>
!o = memref<8x128xf32, #any>
!xv = memref<32x1024xf32, #vmem>
!ov = memref<8x128xf32, #vmem>
!slot = memref<16x1024xf32, strided<[1024, 1], offset: ?>, #vmem>
!band = memref<8x1024xf32, strided<[1024, 1], offset: ?>, #vmem>
!wt = memref<8x128xf32, strided<[1024, 1], offset: ?>, #vmem>
module {
  func.func @shared(%n_smem: !n, %x_hbm: !x, %o_hbm: !o, %x_vmem: !xv, %o_vmem: !ov, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 1 : i64} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = tessera.load_scalar %n_smem[%c0] : !n -> i32
    %b = tessera.load_scalar %n_smem[%c1] : !n -> i32
    %s16 = arith.constant 16 : i32
    %sr = arith.muli %s, %s16 : i32
    %srm = tessera.multiple_of %sr, 16 : i32
    %si = arith.index_cast %srm : i32 to index
    %b8 = arith.constant 8 : i32
    %br = arith.muli %b, %b8 : i32
    %brm = tessera.multiple_of %br, 8 : i32
    %bi = arith.index_cast %brm : i32 to index
    %slot = tessera.view %x_vmem[%si, 0] [16, 1024] : !xv to !slot
    tessera.dma_start %x_hbm, %slot, %sem : !x, !slot, !sem
    tessera.dma_wait %x_hbm, %slot, %sem : !x, !slot, !sem
    %band = tessera.view %slot[%bi, 0] [8, 1024] : !slot to !band
    %w0 = tessera.view %band[0, 0] [8, 128] : !band to !wt
    %w1 = tessera.view %band[0, 128] [8, 128] : !band to !wt
    %w2 = tessera.view %band[0, 256] [8, 128] : !band to !wt
    %w3 = tessera.view %band[0, 384] [8, 128] : !band to !wt
    %w4 = tessera.view %band[0, 512] [8, 128] : !band to !wt
    %w5 = tessera.view %band[0, 640] [8, 128] : !band to !wt
    %w6 = tessera.view %band[0, 768] [8, 128] : !band to !wt
    %w7 = tessera.view %band[0, 896] [8, 128] : !band to !wt
    %t0 = tessera.load %w0 : !wt -> !v
    %t1 = tessera.load %w1 : !wt -> !v
    %t2 = tessera.load %w2 : !wt -> !v
    %t3 = tessera.load %w3 : !wt -> !v
    %t4 = tessera.load %w4 : !wt -> !v
    %t5 = tessera.load %w5 : !wt -> !v
    %t6 = tessera.load %w6 : !wt -> !v
    %t7 = tessera.load %w7 : !wt -> !v
    %a0 = arith.addf %t0, %t1 : !v
    %a1 = arith.addf %a0, %t2 : !v
    %a2 = arith.addf %a1, %t3 : !v
    %a3 = arith.addf %a2, %t4 : !v
    %a4 = arith.addf %a3, %t5 : !v
    %a5 = arith.addf %a4, %t6 : !v
    %a6 = arith.addf %a5, %t7 : !v
    tessera.store %a6, %o_vmem : !v, !ov
    tessera.dma_start %o_vmem, %o_hbm, %sem : !ov, !o, !sem
    tessera.dma_wait %o_vmem, %o_hbm, %sem : !ov, !o, !sem
    return
  }
}
)";

TEST(DynamicWindows, TheViewsOfOneWindowShareItsRunTimeAddress) {
  auto compiled = compile(kernel(kSharedOffset));
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  Array x = Array::f32(16, 1024, iota(16 * 1024, -50, 0.25f));
  for (int slot : {0, 1})
    for (int band : {0, 1}) {
      auto out = run(compiled->executable, {x, Array::zeros(8, 128)}, {slot, band});
      ASSERT_TRUE(out.ok()) << out.status();
      for (int64_t r = 0; r < 8; ++r)
        for (int64_t c = 0; c < 128; ++c) {
          float want = 0;
          for (int64_t k = 0; k < 8; ++k)
            want += x.f(band * 8 + r, k * 128 + c);
          ASSERT_EQ(out->hbm[1].f(r, c), want) << "slot " << slot << ", band " << band;
        }
    }
  // The slot's row plus the band's: one sadd, and one smul to memory rows
  // (8 column tiles a tile row), which the 8 loads share (each load used to
  // add and scale them again); the other smuls are the kernel's own (s * 16,
  // b * 8) and the DMA's slot address.
  const sim::Executable &exe = compiled->executable;
  EXPECT_EQ(countOps(exe, "vld"), 8) << sim::printListing(exe);
  EXPECT_EQ(countOps(exe, "sadd"), 1) << sim::printListing(exe);
  EXPECT_EQ(countOps(exe, "smul"), 4) << sim::printListing(exe);
}

// --- A 128-wide Ref: any run-time row works, for loads and stores. ---

constexpr std::string_view kNarrow = R"(
!n = memref<2xi32, #smem>
!x = memref<64x128xf32, #any>
!xv = memref<64x128xf32, #vmem>
module {
  func.func @narrow(%off_smem: !n, %x_hbm: !x, %o_hbm: !x, %x_vmem: !xv, %o_vmem: !xv, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 1 : i64} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %two = arith.constant dense<2.0> : !v
    tessera.dma_start %x_hbm, %x_vmem, %sem : !x, !xv, !sem
    tessera.dma_wait %x_hbm, %x_vmem, %sem : !x, !xv, !sem
    %a = tessera.load_scalar %off_smem[%c0] : !n -> i32
    %b = tessera.load_scalar %off_smem[%c1] : !n -> i32
    %ai = arith.index_cast %a : i32 to index
    %bi = arith.index_cast %b : i32 to index
    %bi5 = arith.addi %bi, %c5 : index
    %src = tessera.view %x_vmem[%ai, 0] [8, 128] : !xv to !tile
    %dst = tessera.view %o_vmem[%bi5, 0] [8, 128] : !xv to !tile
    %t = tessera.load %src : !tile -> !v
    %d = arith.mulf %t, %two : !v
    tessera.store %d, %dst : !v, !tile
    tessera.dma_start %o_vmem, %o_hbm, %sem : !xv, !x, !sem
    tessera.dma_wait %o_vmem, %o_hbm, %sem : !xv, !x, !sem
    return
  }
}
)";

TEST(DynamicWindows, VmemRowsOfA128WideRefStartAnywhere) {
  auto compiled = compile(kernel(kNarrow));
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  Array x = Array::f32(64, 128, iota(64 * 128, 1));
  for (auto [a, b] : {std::pair{0, 0}, std::pair{3, 11}, std::pair{56, 50}}) {
    auto out = run(compiled->executable, {x, Array::zeros(64, 128)}, {a, b});
    ASSERT_TRUE(out.ok()) << out.status();
    for (int64_t r = 0; r < 64; ++r)
      for (int64_t c = 0; c < 128; ++c) {
        int64_t k = r - (b + 5);
        float want = k >= 0 && k < 8 ? 2 * x.f(a + k, c) : 0;
        ASSERT_EQ(out->hbm[1].f(r, c), want) << "a = " << a << ", b = " << b;
      }
  }
}

// --- DMA windows: any row of a 128-wide array; whole tiles of a wide one,
// rows and columns at run time, both on the HBM and the VMEM side. ---

constexpr std::string_view kDmaWindows = R"(
!n = memref<1xi32, #smem>
!x = memref<64x128xf32, #any>
!w = memref<16x512xf32, #any>
!tv = memref<8x128xf32, #vmem>
!wv = memref<32x512xf32, #vmem>
!xw = memref<8x128xf32, strided<[128, 1], offset: ?>, #any>
!ww = memref<8x128xf32, strided<[512, 1], offset: ?>, #any>
!wrow = memref<8x512xf32, strided<[512, 1], offset: ?>, #any>
!wvrow = memref<8x512xf32, strided<[512, 1], offset: ?>, #vmem>
module {
  func.func @dmas(%off_smem: !n, %x_hbm: !x, %w_hbm: !w, %o_hbm: !x, %p_hbm: !w, %q_hbm: !w,
                  %t_vmem: !tv, %w_vmem: !wv, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 3 : i64, tessera.num_outputs = 3 : i64,
                  tessera.num_scalar_inputs = 1 : i64} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %one = arith.constant dense<1.0> : !v
    %off = tessera.load_scalar %off_smem[%c0] : !n -> i32
    %offi = arith.index_cast %off : i32 to index
    // Any row of a 128-wide array, into rows 2 * off of the output.
    %src = tessera.view %x_hbm[%offi, 0] [8, 128] : !x to !xw
    tessera.dma_start %src, %t_vmem, %sem : !xw, !tv, !sem
    tessera.dma_wait %src, %t_vmem, %sem : !xw, !tv, !sem
    %off2 = arith.muli %offi, %c2 : index
    %dst = tessera.view %o_hbm[%off2, 0] [8, 128] : !x to !xw
    tessera.dma_start %t_vmem, %dst, %sem : !tv, !xw, !sem
    tessera.dma_wait %t_vmem, %dst, %sem : !tv, !xw, !sem
    // Tiles of a 512-wide array, their order of columns reversed, plus one.
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %tr = arith.muli %i, %c8 : index
        %col = arith.muli %j, %c128 : index
        %tile = tessera.view %w_hbm[%tr, %col] [8, 128] : !w to !ww
        tessera.dma_start %tile, %t_vmem, %sem : !ww, !tv, !sem
        tessera.dma_wait %tile, %t_vmem, %sem : !ww, !tv, !sem
        %t = tessera.load %t_vmem : !tv -> !v
        %t1 = arith.addf %t, %one : !v
        tessera.store %t1, %t_vmem : !v, !tv
        %rj = arith.subi %c3, %j : index
        %col2 = arith.muli %rj, %c128 : index
        %out = tessera.view %p_hbm[%tr, %col2] [8, 128] : !w to !ww
        tessera.dma_start %t_vmem, %out, %sem : !tv, !ww, !sem
        tessera.dma_wait %t_vmem, %out, %sem : !tv, !ww, !sem
      }
      // A whole row of tiles through VMEM rows 16 - 8i of a wide buffer.
      %r = arith.muli %i, %c8 : index
      %row = tessera.view %w_hbm[%r, 0] [8, 512] : !w to !wrow
      %vr = arith.subi %c16, %r : index
      %vrow = tessera.view %w_vmem[%vr, 0] [8, 512] : !wv to !wvrow
      tessera.dma_start %row, %vrow, %sem : !wrow, !wvrow, !sem
      tessera.dma_wait %row, %vrow, %sem : !wrow, !wvrow, !sem
      %back = tessera.view %q_hbm[%r, 0] [8, 512] : !w to !wrow
      tessera.dma_start %vrow, %back, %sem : !wvrow, !wrow, !sem
      tessera.dma_wait %vrow, %back, %sem : !wvrow, !wrow, !sem
    }
    return
  }
}
)";

TEST(DynamicWindows, DmaWindowsWithRunTimeRowsAndColumns) {
  auto compiled = compile(kernel(kDmaWindows));
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  Array x = Array::f32(64, 128, iota(64 * 128, 3));
  Array w = Array::f32(16, 512, iota(16 * 512, -1000, 0.5f));
  for (int off : {0, 5, 27}) {
    auto out = run(compiled->executable,
                   {x, w, Array::zeros(64, 128), Array::zeros(16, 512), Array::zeros(16, 512)},
                   {off});
    ASSERT_TRUE(out.ok()) << out.status();
    const Array &o = out->hbm[2], &p = out->hbm[3], &q = out->hbm[4];
    for (int64_t r = 0; r < 64; ++r)
      for (int64_t c = 0; c < 128; ++c) {
        int64_t k = r - 2 * off;
        ASSERT_EQ(o.f(r, c), k >= 0 && k < 8 ? x.f(off + k, c) : 0) << "off = " << off;
      }
    for (int64_t r = 0; r < 16; ++r)
      for (int64_t c = 0; c < 512; ++c) {
        int64_t j = 3 - c / 128;
        ASSERT_EQ(p.f(r, c), w.f(r, j * 128 + c % 128) + 1) << "(" << r << ", " << c << ")";
        ASSERT_EQ(q.f(r, c), w.f(r, c)) << "(" << r << ", " << c << ")";
      }
  }
}

// --- A semaphore picked at run time: a double-buffered copy loop. ---

constexpr std::string_view kDoubleBuffer = R"(
!n = memref<1xi32, #smem>
!x = memref<64x128xf32, #any>
!xv = memref<64x128xf32, #vmem>
!bv = memref<16x128xf32, #vmem>
!sems = memref<2x!tessera.dma_semaphore, #semm>
!s1 = memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #semm>
!xw = memref<8x128xf32, strided<[128, 1], offset: ?>, #any>
!bw = memref<8x128xf32, strided<[128, 1], offset: ?>, #vmem>
module {
  func.func @pipelined(%n_smem: !n, %x_hbm: !x, %o_hbm: !x, %buf: !bv, %o_vmem: !xv, %sems: !sems,
                       %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 1 : i64} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c8_i32 = arith.constant 8 : i32
    %one = arith.constant dense<1.0> : !v
    %n = tessera.load_scalar %n_smem[%c0] : !n -> i32
    %any = arith.cmpi sgt, %n, %c0_i32 : i32
    scf.if %any {
      %s0 = tessera.view %sems[%c0] [1] : !sems to !s1
      %x0 = tessera.view %x_hbm[%c0, 0] [8, 128] : !x to !xw
      %b0 = tessera.view %buf[%c0, 0] [8, 128] : !bv to !bw
      tessera.dma_start %x0, %b0, %s0 : !xw, !bw, !s1
    }
    scf.for %i = %c0_i32 to %n step %c1_i32 : i32 {
      %next = arith.addi %i, %c1_i32 : i32
      %more = arith.cmpi slt, %next, %n : i32
      scf.if %more {
        %ns = arith.remsi %next, %c2_i32 : i32
        %nsi = arith.index_cast %ns : i32 to index
        %nr = arith.muli %ns, %c8_i32 : i32
        %nri = arith.index_cast %nr : i32 to index
        %nxr = arith.muli %next, %c8_i32 : i32
        %nxri = arith.index_cast %nxr : i32 to index
        %sn = tessera.view %sems[%nsi] [1] : !sems to !s1
        %xn = tessera.view %x_hbm[%nxri, 0] [8, 128] : !x to !xw
        %bn = tessera.view %buf[%nri, 0] [8, 128] : !bv to !bw
        tessera.dma_start %xn, %bn, %sn : !xw, !bw, !s1
      }
      %slot = arith.remsi %i, %c2_i32 : i32
      %sloti = arith.index_cast %slot : i32 to index
      %br = arith.muli %slot, %c8_i32 : i32
      %bri = arith.index_cast %br : i32 to index
      %xr = arith.muli %i, %c8_i32 : i32
      %xri = arith.index_cast %xr : i32 to index
      %s = tessera.view %sems[%sloti] [1] : !sems to !s1
      %xc = tessera.view %x_hbm[%xri, 0] [8, 128] : !x to !xw
      %bc = tessera.view %buf[%bri, 0] [8, 128] : !bv to !bw
      tessera.dma_wait %xc, %bc, %s : !xw, !bw, !s1
      %t = tessera.load %bc : !bw -> !v
      %t1 = arith.addf %t, %one : !v
      %oc = tessera.view %o_vmem[%xri, 0] [8, 128] : !xv to !bw
      tessera.store %t1, %oc : !v, !bw
    }
    tessera.dma_start %o_vmem, %o_hbm, %sem : !xv, !x, !sem
    tessera.dma_wait %o_vmem, %o_hbm, %sem : !xv, !x, !sem
    return
  }
}
)";

TEST(DynamicWindows, SemaphoreChosenAtRunTimeInADoubleBufferedLoop) {
  auto compiled = compile(kernel(kDoubleBuffer));
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  // The register-indexed forms: [sem:sN].
  EXPECT_GT(countBundles(compiled->executable, "[sem:s"), 0);
  Array x = Array::f32(64, 128, iota(64 * 128, 0.5f));
  for (int n : {0, 1, 2, 7, 8}) {
    auto out = run(compiled->executable, {x, Array::zeros(64, 128)}, {n});
    ASSERT_TRUE(out.ok()) << out.status();
    for (int64_t r = 0; r < 64; ++r)
      for (int64_t c = 0; c < 128; ++c)
        ASSERT_EQ(out->hbm[1].f(r, c), r / 8 < n ? x.f(r, c) + 1 : 0) << "n = " << n;
  }
}

TEST(DynamicWindows, BoundsChecksInsideTheLoopStopAtTheBadWindow) {
  auto compiled = compile(kernel(kDoubleBuffer), Stages::All, /*checks=*/true);
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  Array x = Array::f32(64, 128, iota(64 * 128, 0.5f));
  auto good = run(compiled->executable, {x, Array::zeros(64, 128)}, {8});
  ASSERT_TRUE(good.ok()) << good.status();
  EXPECT_FALSE(good->result.halted()) << good->haltMessage;
  // Nine tiles of an eight-tile array: the prefetch of tile 8 (rows 64-71)
  // in the loop's last-but-one iteration is out of bounds.
  auto bad = run(compiled->executable, {x, Array::zeros(64, 128)}, {9});
  ASSERT_TRUE(bad.ok()) << bad.status();
  ASSERT_TRUE(bad->result.halted());
  EXPECT_THAT(bad->haltMessage,
              HasSubstr("BoundsCheck failed for dma.hbm_to_vmem: rows [64, 72) of argument 1 "
                        "are outside [0, 64)"));
}

// --- SMEM written and read at run-time indices. ---

constexpr std::string_view kSmemTable = R"(
!n = memref<1xi32, #smem>
!table = memref<32xi32, #smem>
!out = memref<1xi32, #smem>
module {
  func.func @table(%n_smem: !n, %table: !table, %out: !out)
      attributes {tessera.kernel, tessera.num_inputs = 3 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 3 : i64} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c3_i32 = arith.constant 3 : i32
    %n = tessera.load_scalar %n_smem[%c0] : !n -> i32
    scf.for %i = %c0_i32 to %n step %c1_i32 : i32 {
      %sq = arith.muli %i, %i : i32
      %v = arith.subi %sq, %c3_i32 : i32
      %ii = arith.index_cast %i : i32 to index
      tessera.store_scalar %v, %table[%ii] : i32, !table
    }
    %sum = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%s = %c0_i32) -> (i32) : i32 {
      %last = arith.subi %n, %c1_i32 : i32
      %k = arith.subi %last, %i : i32
      %ki = arith.index_cast %k : i32 to index
      %t = tessera.load_scalar %table[%ki] : !table -> i32
      %w = arith.addi %i, %c1_i32 : i32
      %tw = arith.muli %t, %w : i32
      %s2 = arith.addi %s, %tw : i32
      scf.yield %s2 : i32
    }
    tessera.store_scalar %sum, %out[%c0] : i32, !out
    return
  }
}
)";

TEST(DynamicWindows, SmemStoreAndLoadAtRunTimeIndices) {
  auto compiled = compile(kernel(kSmemTable));
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  for (int n : {0, 1, 5, 32}) {
    std::vector<int32_t> scalars(1 + 32 + 1, 0);
    scalars[0] = n;
    auto out = run(compiled->executable, {}, scalars);
    ASSERT_TRUE(out.ok()) << out.status();
    int32_t sum = 0;
    for (int i = 0; i < n; ++i) {
      int k = n - 1 - i;
      sum += (k * k - 3) * (i + 1);
      EXPECT_EQ(out->scalars[1 + i], i * i - 3);
    }
    EXPECT_EQ(out->scalars[33], sum) << "n = " << n;
  }
}

// --- What cannot be proved is an error that says what to do. ---

constexpr std::string_view kUnaligned = R"(
!n = memref<1xi32, #smem>
!x = memref<32x256xf32, #any>
!xv = memref<32x256xf32, #vmem>
!wt = memref<8x128xf32, strided<[256, 1], offset: ?>, #vmem>
module {
  func.func @unaligned(%n_smem: !n, %o_hbm: !x, %x_vmem: !xv, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 1 : i64} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %n = tessera.load_scalar %n_smem[%c0] : !n -> i32
    %r = arith.index_cast %n : i32 to index
    %r4 = arith.muli %r, %c4 : index
    %w = tessera.view %x_vmem[%r4, 128] [8, 128] : !xv to !wt
    %t = tessera.load %w : !wt -> !v
    %w2 = tessera.view %x_vmem[0, 0] [8, 128] : !xv to memref<8x128xf32, strided<[256, 1]>, #vmem>
    tessera.store %t, %w2 : !v, memref<8x128xf32, strided<[256, 1]>, #vmem>
    tessera.dma_start %x_vmem, %o_hbm, %sem : !xv, !x, !sem
    tessera.dma_wait %x_vmem, %o_hbm, %sem : !xv, !x, !sem
    return
  }
}
)";

TEST(DynamicWindows, UnprovableVmemRowStartSplitsTheTile) {
  // A 32-bit window of a Ref two column tiles wide at a row not known to
  // be a multiple of 8: its two tiles are read and joined (vgather.sub).
  std::string text = kernel(kUnaligned);
  for (Stages stages : {Stages::All, Stages::Machine}) {
    auto compiled = compile(text, stages);
    EXPECT_TRUE(compiled.ok()) << compiled.status();
  }
  // With the promise, it compiles too.
  std::string promised = substitute(
      kUnaligned, {{"%r4 = arith.muli %r, %c4 : index",
                    "%r4m = arith.muli %r, %c4 : index\n"
                    "    %r4 = tessera.multiple_of %r4m, 8 : index"}});
  auto ok = compile(kernel(promised), Stages::Machine);
  EXPECT_TRUE(ok.ok()) << ok.status();
}

constexpr std::string_view kUnalignedDma = R"(
!n = memref<1xi32, #smem>
!w = memref<32x256xf32, #any>
!tv = memref<8x256xf32, #vmem>
!ww = memref<8x256xf32, strided<[256, 1], offset: ?>, #any>
module {
  func.func @unaligned_dma(%n_smem: !n, %w_hbm: !w {tessera.name = "w_hbm"}, %t_vmem: !tv,
                           %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 1 : i64} {
    %c0 = arith.constant 0 : index
    %n = tessera.load_scalar %n_smem[%c0] : !n -> i32
    %r = arith.index_cast %n : i32 to index
    %win = tessera.view %w_hbm[%r, 0] [8, 256] : !w to !ww
    tessera.dma_start %win, %t_vmem, %sem : !ww, !tv, !sem
    tessera.dma_wait %win, %t_vmem, %sem : !ww, !tv, !sem
    return
  }
}
)";

TEST(DynamicWindows, UnprovableDmaRowStartOfAWideArrayIsAnError) {
  for (Stages stages : {Stages::All, Stages::Machine}) {
    auto compiled = compile(kernel(kUnalignedDma), stages);
    ASSERT_FALSE(compiled.ok());
    EXPECT_THAT(std::string(compiled.status().message()),
                AllOf(HasSubstr("kernel.mlir:"), HasSubstr("w_hbm"), HasSubstr("256 columns wide"),
                      HasSubstr("pl::multiple_of(offset, 8)")));
  }
}

}  // namespace
}  // namespace tessera::lowering::testing
