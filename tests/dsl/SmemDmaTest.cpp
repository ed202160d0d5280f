//===- SmemDmaTest.cpp - DMAs between HBM and SMEM Refs -------------------===//
//
// pltpu::async_copy between a 1-D HBM (pl::ANY) array and an SMEM Ref
// (dma.hbm_to_smem / dma.smem_to_hbm): words read on the scalar unit after
// the wait, values computed there copied out, run-time windows of the HBM
// side; compiled and interpreted, against the host; the errors at the
// user's line.
//
//===----------------------------------------------------------------------===//
#include <functional>
#include <numeric>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dsl/tessera.h"

namespace tessera {
namespace {

std::vector<int32_t> iota(int64_t n, int32_t first) {
  std::vector<int32_t> v(n);
  std::iota(v.begin(), v.end(), first);
  return v;
}

/// An int32[8] output, SMEM scratch of 8 words and a DMA semaphore; in
/// interpret mode with the race detector on.
pl::KernelSpec eightWords(const std::string &name, bool interpret, int prefetch = 0) {
  return {.out_type = ShapeDtypeStruct{{8}, DType::int32},
          .scratch_types = {pltpu::SMEM({8}, DType::int32), pltpu::SemaphoreType::DMA},
          .name = name,
          .num_scalar_prefetch = prefetch,
          .interpret = interpret ? pltpu::Interpret(pltpu::InterpretParams{.detect_races = true})
                                 : pltpu::Interpret(false)};
}

TEST(SmemDma, HbmToSmemThenScalarReads) {
  // x (int32[300], in HBM: rows of 128 words) -> SMEM; o[i] = 2 * x[i] + 1
  // computed on the scalar unit, copied back from SMEM.
  std::vector<int32_t> x = iota(300, -100);
  for (bool interpret : {false, true}) {
    auto k = pl::kernel(
        {.out_type = ShapeDtypeStruct{{300}, DType::int32},
         .scratch_types = {pltpu::SMEM({300}, DType::int32), pltpu::SemaphoreType::DMA},
         .name = "smem_roundtrip",
         .interpret = interpret},
        [](Ref x_hbm, Ref o_hbm, Ref s, Ref sem) {
          pltpu::async_copy(x_hbm, s, sem).wait();
          lax::fori_loop(0, 300, [&](Scalar i, Scalar c) {
            s[i] = s[i] * 2 + 1;
            return c;
          }, 0);
          pltpu::async_copy(s, o_hbm, sem).wait();
        });
    std::vector<int32_t> expected(300);
    for (int i = 0; i < 300; ++i)
      expected[i] = 2 * x[i] + 1;
    EXPECT_EQ(k(Array::from_s32(x, {300})).to_s32(), expected) << interpret;
  }
}

TEST(SmemDma, RunTimeWindowsAndF32) {
  // o[0:8] = x[off : off + 8] * 0.5 with off from scalar prefetch; the rest
  // of o from a second window [0, 8) of x.
  std::vector<float> x(200);
  for (int i = 0; i < 200; ++i)
    x[i] = 0.25f * i - 7;
  for (bool interpret : {false, true}) {
    auto k = pl::kernel(
        {.out_type = ShapeDtypeStruct{{16}, DType::float32},
         .scratch_types = {pltpu::SMEM({16}, DType::float32), pltpu::SemaphoreType::DMA(2)},
         .name = "smem_window",
         .num_scalar_prefetch = 1,
         .interpret = interpret},
        [](Ref off, Ref x_hbm, Ref o_hbm, Ref s, Ref sems) {
          auto a = pltpu::make_async_copy(x_hbm.at(pl::ds(off[0], 8)), s.at(pl::ds(0, 8)),
                                          sems.at(0));
          auto b = pltpu::make_async_copy(x_hbm.at(pl::ds(0, 8)), s.at(pl::ds(8, 8)),
                                          sems.at(1));
          a.start();
          b.start();
          a.wait();
          b.wait();
          for (int i = 0; i < 8; ++i)
            s[i] = s[i] * 0.5;
          pltpu::async_copy(s, o_hbm, sems.at(0)).wait();
        });
    for (int32_t off : {0, 120, 192}) {
      std::vector<float> expected;
      for (int i = 0; i < 8; ++i)
        expected.push_back(x[off + i] * 0.5f);
      for (int i = 0; i < 8; ++i)
        expected.push_back(x[i]);
      EXPECT_EQ(k(Array::from_s32({off}, {1}), Array::from_f32(x, {200})).to_f32(), expected)
          << interpret << " off " << off;
    }
  }
}

TEST(SmemDma, AWindowOutsideTheArrayStopsTheKernel) {
  for (bool interpret : {false, true}) {
    auto k = pl::kernel(
        eightWords("smem_oob", interpret, /*prefetch=*/1),
        [](Ref off, Ref x_hbm, Ref o_hbm, Ref s, Ref sem) {
          pltpu::async_copy(x_hbm.at(pl::ds(off[0], 8)), s, sem).wait();
          pltpu::async_copy(s, o_hbm, sem).wait();
        });
    try {
      k(Array::from_s32({60}, {1}), Array::from_s32(iota(64, 0), {64}));
      ADD_FAILURE() << "no error " << interpret;
    } catch (const Error &e) {
      EXPECT_THAT(e.what(), testing::HasSubstr("[60, 68) of in1 are outside [0, 64)"))
          << interpret;
      if (!interpret)
        EXPECT_THAT(e.what(), testing::HasSubstr("BoundsCheck failed for dma.hbm_to_smem"));
    }
  }
}

TEST(SmemDma, Errors) {
  auto expectError = [](std::function<void(Ref, Ref, Ref, Ref, Ref)> body,
                        const std::string &text) {
    for (bool interpret : {false, true})
      try {
        pl::kernel({.out_type = ShapeDtypeStruct{{8}, DType::int32},
                    .scratch_types = {pltpu::SMEM({8}, DType::int32),
                                      pltpu::VMEM({8, 128}, DType::int32),
                                      pltpu::SemaphoreType::DMA},
                    .name = "smem_errors",
                    .interpret = interpret},
                   body)(Array::from_s32(iota(8, 0), {8}));
        ADD_FAILURE() << "no error; expected: " << text;
      } catch (const Error &e) {
        EXPECT_THAT(e.what(), testing::HasSubstr(text)) << interpret;
        EXPECT_THAT(e.what(), testing::HasSubstr("SmemDmaTest.cpp")) << interpret;
      }
  };
  expectError([](Ref, Ref, Ref s, Ref v, Ref sem) { pltpu::async_copy(v, s, sem).wait(); },
              "is neither 1-D nor one row (of at most 128) of 2-D Refs");
  expectError([](Ref, Ref, Ref s, Ref, Ref sem) {
    pltpu::async_copy(s.at(pl::ds(0, 4)), s.at(pl::ds(4, 4)), sem).wait();
  }, "an SMEM Ref is copied to or from HBM (pl::ANY) or VMEM only");
  expectError([](Ref, Ref, Ref s, Ref v, Ref sem) {
    pltpu::async_copy(v.at(pl::ds(0, 1), pl::ds(0, 8)), s, sem).wait();
  }, "has shape [1, 8] but destination");
  expectError([](Ref x, Ref, Ref s, Ref, Ref sem) {
    pltpu::async_copy(x.at(pl::ds(0, 4)), s, sem).wait();
  }, "has shape [4] but destination");
}

TEST(SmemDma, RowsOfATwoDArray) {
  // One row of a 2-D int32[4, 256] HBM array (8-row tiles of 128 lanes)
  // into a row of 2-D SMEM scratch: at a static column, and at a run-time
  // one said a multiple of the width, so no start crosses a 128-lane tile.
  std::vector<int32_t> x = iota(4 * 256, 0);
  for (bool interpret : {false, true}) {
    auto k = pl::kernel(
        {.out_type = ShapeDtypeStruct{{2, 16}, DType::int32},
         .scratch_types = {pltpu::SMEM({2, 16}, DType::int32), pltpu::SemaphoreType::DMA},
         .num_scalar_prefetch = 1,
         .interpret = interpret},
        [](Ref p, Ref x_hbm, Ref o_hbm, Ref s, Ref sem) {
          pltpu::async_copy(x_hbm.at(pl::ds(1, 1), pl::ds(112, 16)), s.at(pl::ds(0, 1)), sem)
              .wait();
          Scalar c = pl::multiple_of(p[1], 16);
          pltpu::async_copy(x_hbm.at(pl::ds(p[0], 1), pl::ds(c, 16)), s.at(pl::ds(1, 1)), sem)
              .wait();
          for (int64_t r = 0; r < 2; ++r)
            pltpu::async_copy(s.at(pl::ds(r, 1)), o_hbm.at(pl::ds(r, 1)), sem).wait();
        });
    std::vector<int32_t> want(32);
    for (int j = 0; j < 16; ++j) {
      want[j] = x[1 * 256 + 112 + j];
      want[16 + j] = x[3 * 256 + 144 + j];
    }
    EXPECT_EQ(k(Array::from_s32({3, 144}, {2}), Array::from_s32(x, {4, 256})).to_s32(), want)
        << interpret;
  }
  // A row window that may cross a tile: at column 120, or at a run-time
  // column not known to keep it inside one.
  for (bool dynamic : {false, true})
    for (bool interpret : {false, true})
      try {
        pl::kernel({.out_type = ShapeDtypeStruct{{2, 16}, DType::int32},
                    .scratch_types = {pltpu::SMEM({2, 16}, DType::int32),
                                      pltpu::SemaphoreType::DMA},
                    .num_scalar_prefetch = 1,
                    .interpret = interpret},
                   [dynamic](Ref p, Ref x_hbm, Ref, Ref s, Ref sem) {
                     Slice cols = dynamic ? pl::ds(p[1], 16) : pl::ds(120, 16);
                     pltpu::async_copy(x_hbm.at(pl::ds(0, 1), cols), s.at(pl::ds(0, 1)), sem)
                         .wait();
                   })(Array::from_s32({0, 16}, {2}), Array::from_s32(x, {4, 256}));
        ADD_FAILURE() << "no error";
      } catch (const Error &e) {
        EXPECT_THAT(e.what(), testing::HasSubstr("may cross a 128-lane tile of the HBM array"))
            << dynamic << interpret;
        EXPECT_THAT(e.what(), testing::HasSubstr("SmemDmaTest.cpp")) << dynamic << interpret;
      }
}

TEST(SmemDma, RowsBetweenVmemAndSmem) {
  // One row of a 2-D VMEM Ref to one row of 2-D SMEM scratch and back
  // (dma.vmem_to_smem / dma.smem_to_vmem on the core's local path), at
  // static and run-time rows: the words doubled on the scalar unit between.
  std::vector<float> x(8 * 256);
  for (int i = 0; i < 8 * 256; ++i)
    x[i] = 0.5f * (float)i - 100.0f;
  for (bool interpret : {false, true}) {
    auto k = pl::kernel(
        {.out_type = ShapeDtypeStruct{{8, 256}, DType::float32},
         .scratch_types = {pltpu::VMEM({8, 256}, DType::float32),
                           pltpu::SMEM({2, 16}, DType::float32), pltpu::SemaphoreType::DMA},
         .num_scalar_prefetch = 1,
         .interpret = interpret ? pltpu::Interpret(pltpu::InterpretParams{.detect_races = true})
                                : pltpu::Interpret(false)},
        [](Ref p, Ref x_hbm, Ref o_hbm, Ref v, Ref s, Ref sem) {
          pltpu::async_copy(x_hbm, v, sem).wait();
          pltpu::async_copy(v.at(pl::ds(2, 1), pl::ds(128, 16)), s.at(pl::ds(0, 1)), sem).wait();
          pltpu::async_copy(v.at(pl::ds(p[0], 1), pl::ds(16, 16)), s.at(pl::ds(1, 1)), sem)
              .wait();
          for (int64_t r = 0; r < 2; ++r)
            for (int64_t j = 0; j < 16; ++j)
              s(r, j) = s(r, j) * 2.0;
          pltpu::async_copy(s.at(pl::ds(0, 1)), v.at(pl::ds(5, 1), pl::ds(16, 16)), sem).wait();
          pltpu::async_copy(s.at(pl::ds(1, 1)), v.at(pl::ds(p[0], 1), pl::ds(240, 16)), sem)
              .wait();
          pltpu::async_copy(v, o_hbm, sem).wait();
        });
    std::vector<float> want = x;
    for (int j = 0; j < 16; ++j) {
      want[5 * 256 + 16 + j] = 2 * x[2 * 256 + 128 + j];
      want[7 * 256 + 240 + j] = 2 * x[7 * 256 + 16 + j];
    }
    EXPECT_EQ(k(Array::from_s32({7}, {1}), Array::from_f32(x, {8, 256})).to_f32(), want)
        << interpret;
  }
}

TEST(SmemDma, ReadingWordsBeforeTheWaitIsARace) {
  for (bool interpret : {false, true}) {
    auto k = pl::kernel(
        eightWords("smem_race", interpret),
        [](Ref x_hbm, Ref o_hbm, Ref s, Ref sem) {
          auto copy = pltpu::make_async_copy(x_hbm, s, sem);
          copy.start();
          s[3] = 5;
          copy.wait();
          pltpu::async_copy(s, o_hbm, sem).wait();
        });
    try {
      k(Array::from_s32(iota(8, 0), {8}));
      ADD_FAILURE() << "no error " << interpret;
    } catch (const Error &e) {
      EXPECT_THAT(e.what(), testing::HasSubstr(interpret ? "scratch0" : "sst to SMEM words [0x"))
          << interpret;
    }
  }
}

TEST(SmemDma, AWrongDtypeIsAnError) {
  try {
    pl::kernel({.out_type = ShapeDtypeStruct{{8}, DType::int32},
                .scratch_types = {pltpu::SMEM({8}, DType::float32), pltpu::SemaphoreType::DMA},
                .name = "smem_dtype"},
               [](Ref x, Ref, Ref s, Ref sem) { pltpu::async_copy(x, s, sem).wait(); })(
        Array::from_s32(iota(8, 0), {8}));
    ADD_FAILURE() << "no error";
  } catch (const Error &e) {
    EXPECT_THAT(e.what(), testing::HasSubstr("has dtype s32 but destination"));
  }
}

}  // namespace
}  // namespace tessera

namespace tessera {
namespace {

TEST(SmemDmaPallasCall, PerBlockSumsAsAnSmemOutput) {
  // x f32[64, 128] in 8 blocks of [8, 128]; o[i] = the sum of block i's
  // first column (read one element at a time), an SMEM output of 8 f32.
  std::vector<float> x(64 * 128);
  for (size_t e = 0; e < x.size(); ++e)
    x[e] = (float)(e % 97) * 0.5f - 3;
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          Scalar i = pl::program_id(0);
          Scalar sum = x_ref(0, 0);
          for (int r = 1; r < 8; ++r)
            sum = sum + x_ref(r, 0);
          o_ref[i] = sum;
        },
        {.out_shape = ShapeDtypeStruct{{8}, DType::float32},
         .grid = {8},
         .in_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })},
         .out_specs = {pl::BlockSpec::smem()},
         .interpret = interpret});
    std::vector<float> expected(8);
    for (int b = 0; b < 8; ++b) {
      float sum = x[(b * 8) * 128];
      for (int r = 1; r < 8; ++r)
        sum = sum + x[(b * 8 + r) * 128];
      expected[b] = sum;
    }
    EXPECT_EQ(f(Array::from_f32(x, {64, 128})).to_f32(), expected) << interpret;
  }
}

TEST(SmemDmaPallasCall, AnSmemInputBesideAnSmemOutputAndScratch) {
  // o[i] = t[i] * 3 + acc, acc counting the steps in SMEM scratch.
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref t_ref, Ref o_ref, Ref acc) {
          Scalar i = pl::program_id(0);
          pl::when(i == 0, [&] { acc[0] = 0; });
          acc[0] = acc[0] + 1;
          o_ref[i] = t_ref[i] * 3 + acc[0];
        },
        {.out_shape = ShapeDtypeStruct{{5}, DType::int32},
         .grid = {5},
         .in_specs = {pl::BlockSpec::smem()},
         .out_specs = {pl::BlockSpec::smem()},
         .scratch_shapes = {pltpu::SMEM({1}, DType::int32)},
         .interpret = interpret});
    EXPECT_EQ(f(Array::from_s32({4, -2, 0, 7, 100}, {5})).to_s32(),
              (std::vector<int32_t>{13, -4, 3, 25, 305}))
        << interpret;
  }
}

TEST(SmemDmaPallasCall, AnSmemOutputIsOfWords) {
  try {
    pl::pallas_call([](Ref o_ref) { o_ref(0, 0) = pl::program_id(0); },
                    {.out_shape = ShapeDtypeStruct{{2, 8}, DType::bfloat16},
                     .grid = {1},
                     .out_specs = {pl::BlockSpec::smem()}})();
    ADD_FAILURE() << "no error";
  } catch (const Error &e) {
    EXPECT_THAT(e.what(), testing::HasSubstr("out_specs[0] has memory_space SMEM: SMEM holds "
                                             "32-bit words: a block of bf16[2,8] is not "
                                             "supported"));
    EXPECT_THAT(e.what(), testing::HasSubstr("SmemDmaTest.cpp"));
  }
}

}  // namespace
}  // namespace tessera
