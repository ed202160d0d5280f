//===- RefDmaTest.cpp - DMAs of transformed Refs --------------------------===//
//
// DMAs whose ends are bitcast Refs (x_ref.bitcast(dt), VMEM and HBM) copy
// the bits as pltpu::bitcast sees them: a packed dtype's rows p*r ..
// p*r+p-1 in word r, the first in the low bits. Masked stores into bitcast
// Refs. DMAs of a run-time number of rows, matrices or words
// (pl::ds(start, n) with n traced). pl::select_ref. Compiled and interpreted, against the
// host; the errors at the user's line.
//
//===----------------------------------------------------------------------===//
#include <bit>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dsl/tessera.h"

namespace tessera {
namespace {

/// Words whose halves and bytes all differ: row r, column c.
std::vector<uint32_t> words(int64_t rows, int64_t cols) {
  std::vector<uint32_t> w(rows * cols);
  for (int64_t i = 0; i < rows * cols; ++i)
    w[i] = (uint32_t)(i * 2654435761u) ^ (uint32_t)(i << 7);
  return w;
}

/// `w` (rows x cols words) as elements of `bits` bits: element row
/// r * p + k is bits k * bits .. of word row r (p = 32 / bits).
std::vector<uint32_t> split(const std::vector<uint32_t> &w, int64_t cols, int bits) {
  int64_t p = 32 / bits, rows = (int64_t)w.size() / cols;
  std::vector<uint32_t> out(rows * p * cols);
  for (int64_t r = 0; r < rows * p; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      uint32_t word = w[(r / p) * cols + c];
      out[r * cols + c] = bits == 32 ? word : (word >> (bits * (r % p))) & ((1u << bits) - 1);
    }
  return out;
}

pltpu::Interpret mode(bool interpret) {
  return interpret ? pltpu::Interpret(pltpu::InterpretParams{.detect_races = true})
                   : pltpu::Interpret(false);
}

TEST(RefDma, BitcastVmemEnd) {
  // u32[16, 256] in HBM into a u16[32, 256] buffer seen as u32, and a
  // u32 buffer copied out as u8[64, 256]: any width, any columns.
  std::vector<uint32_t> xs = words(16, 256);
  Array x = Array::from_u32(xs, {16, 256});
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto k = pl::kernel(
        {.out_type = {ShapeDtypeStruct{{32, 256}, DType::uint16},
                      ShapeDtypeStruct{{64, 256}, DType::uint8}},
         .scratch_types = {pltpu::VMEM({32, 256}, DType::uint16),
                           pltpu::VMEM({16, 256}, DType::uint32), pltpu::SemaphoreType::DMA},
         .interpret = mode(interpret)},
        [](Ref x_hbm, Ref h_hbm, Ref b_hbm, Ref halves, Ref buf, Ref sem) {
          pltpu::async_copy(x_hbm, halves.bitcast(DType::uint32), sem).wait();
          pltpu::async_copy(halves, h_hbm, sem).wait();
          pltpu::async_copy(x_hbm, buf, sem).wait();
          pltpu::async_copy(buf.bitcast(DType::uint8), b_hbm, sem).wait();
        });
    std::vector<Array> out = k.call({x});
    EXPECT_EQ(out[0].to_u32(), split(xs, 256, 16));
    EXPECT_EQ(out[1].to_u32(), split(xs, 256, 8));
  }
}

TEST(RefDma, BitcastHbmEnd) {
  // An HBM Ref bitcast: into VMEM (any columns), and HBM to HBM when an
  // end is one column tile wide; a window of the HBM Ref at a run-time row
  // before the bitcast.
  std::vector<uint32_t> xs = words(16, 256), ys = words(16, 128);
  Array x = Array::from_u32(xs, {16, 256}), y = Array::from_u32(ys, {16, 128});
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto k = pl::kernel(
        {.out_type = {ShapeDtypeStruct{{32, 256}, DType::bfloat16},
                      ShapeDtypeStruct{{32, 128}, DType::int16},
                      ShapeDtypeStruct{{32, 128}, DType::uint8}},
         .scratch_types = {pltpu::VMEM({32, 256}, DType::bfloat16), pltpu::SemaphoreType::DMA},
         .num_scalar_prefetch = 1,
         .interpret = mode(interpret)},
        [](Ref row, Ref x_hbm, Ref y_hbm, Ref a_hbm, Ref b_hbm, Ref c_hbm, Ref buf, Ref sem) {
          pltpu::async_copy(x_hbm.bitcast(DType::bfloat16), buf, sem).wait();
          pltpu::async_copy(buf, a_hbm, sem).wait();
          pltpu::async_copy(y_hbm.bitcast(DType::int16), b_hbm, sem).wait();
          Scalar r = pl::multiple_of(row[0], 8);
          pltpu::async_copy(y_hbm.at(pl::ds(r, 8)).bitcast(DType::uint8),
                            c_hbm.at(pl::ds(0, 32)), sem)
              .wait();
        });
    std::vector<Array> out = k.call({Array::from_s32({8}, {1}), x, y});
    std::vector<float> a = out[0].to_f32();
    std::vector<uint32_t> h = split(xs, 256, 16);
    for (size_t i = 0; i < h.size(); ++i)  // bf16 bits: the f32 they widen to
      ASSERT_EQ(std::bit_cast<uint32_t>(a[i]), h[i] << 16) << i;
    std::vector<int32_t> s16;
    for (uint32_t v : split(ys, 128, 16))
      s16.push_back((int16_t)v);
    EXPECT_EQ(out[1].to_s32(), s16);
    std::vector<uint32_t> tail(ys.begin() + 8 * 128, ys.end());
    EXPECT_EQ(out[2].to_u32(), split(tail, 128, 8));
  }
}

TEST(RefDma, MaskedStoresIntoBitcastRefs) {
  // pltpu::store(ref.bitcast(dt), v, mask): of the same width the masked
  // bits; of another width the masked elements merged into the words.
  std::vector<uint32_t> xs = words(8, 128);
  Array x = Array::from_u32(xs, {8, 128});
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto k = pl::kernel(
        {.out_type = {ShapeDtypeStruct{{8, 128}, DType::uint32},
                      ShapeDtypeStruct{{8, 128}, DType::uint32}},
         .scratch_types = {pltpu::VMEM({8, 128}, DType::uint32),
                           pltpu::VMEM({8, 128}, DType::uint32), pltpu::SemaphoreType::DMA},
         .interpret = mode(interpret)},
        [](Ref x_hbm, Ref a_hbm, Ref b_hbm, Ref a, Ref b, Ref sem) {
          pltpu::async_copy(x_hbm, a, sem).wait();
          pltpu::async_copy(x_hbm, b, sem).wait();
          Value cols = lax::broadcasted_iota(DType::int32, {8, 128}, 1);
          pltpu::store(a.bitcast(DType::int32), jnp::full({8, 128}, -1, DType::int32),
                       cols < 64);
          Value cols16 = lax::broadcasted_iota(DType::int32, {16, 128}, 0);
          pltpu::store(b.bitcast(DType::uint16), jnp::full({16, 128}, 0, DType::uint16),
                       cols16 % 2 == 1);  // the high halves
          pltpu::async_copy(a, a_hbm, sem).wait();
          pltpu::async_copy(b, b_hbm, sem).wait();
        });
    std::vector<Array> out = k.call({x});
    std::vector<uint32_t> a = out[0].to_u32(), b = out[1].to_u32();
    for (int64_t i = 0; i < 8 * 128; ++i) {
      ASSERT_EQ(a[i], i % 128 < 64 ? 0xffffffffu : xs[i]) << i;
      ASSERT_EQ(b[i], xs[i] & 0xffffu) << i;
    }
  }
}

TEST(RefDma, BitcastErrors) {
  Array x = Array::from_u32(words(8, 256), {8, 256});
  auto message = [&](auto body) {
    try {
      pl::kernel({.out_type = ShapeDtypeStruct{{16, 256}, DType::uint16},
                  .scratch_types = {pltpu::VMEM({8, 256}, DType::uint32),
                                    pltpu::SMEM({8}, DType::int32), pltpu::SemaphoreType::DMA}},
                 body)(x);
    } catch (const Error &e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  // HBM to HBM between widths, both ends wider than one column tile.
  EXPECT_THAT(message([](Ref x_hbm, Ref o_hbm, Ref, Ref, Ref sem) {
                pltpu::async_copy(x_hbm.bitcast(DType::uint16), o_hbm, sem).wait();
              }),
              testing::AllOf(testing::HasSubstr("RefDmaTest.cpp:1"),
                             testing::HasSubstr("both ends are HBM arrays wider than 128 "
                                                "columns")));
  // SMEM Refs are not bitcast; a window after the bitcast is an error.
  EXPECT_THAT(message([](Ref, Ref, Ref, Ref s, Ref) { (void)s.bitcast(DType::float32); }),
              testing::HasSubstr("only VMEM and HBM Refs are bitcast (this one is in SMEM)"));
  EXPECT_THAT(message([](Ref x_hbm, Ref, Ref buf, Ref, Ref sem) {
                pltpu::async_copy(x_hbm.bitcast(DType::uint16).at(pl::ds(0, 8)),
                                  buf.at(pl::ds(0, 4)).bitcast(DType::uint16), sem)
                    .wait();
              }),
              testing::HasSubstr("take the window before the bitcast"));
}

/// A kernel that copies n rows of x from row `start` into rows 0.. of a
/// zeroed VMEM buffer (pl::ds(start, n) with both traced) and writes the
/// buffer out; the rows the host expects.
std::vector<float> hostRows(const std::vector<float> &x, int64_t cols, int64_t outRows,
                            int64_t start, int64_t n) {
  std::vector<float> o(outRows * cols, 0.0f);
  for (int64_t r = 0; r < n; ++r)
    for (int64_t c = 0; c < cols; ++c)
      o[r * cols + c] = x[(start + r) * cols + c];
  return o;
}

std::vector<float> ramp(int64_t n) {
  std::vector<float> x(n);
  for (int64_t i = 0; i < n; ++i)
    x[i] = 0.5f * (float)i - 3.0f;
  return x;
}

TEST(RefDma, RunTimeLengthRows) {
  // f32[64, 128] (rows contiguous): any start, any n, including 0 and all.
  std::vector<float> xs = ramp(64 * 128);
  Array x = Array::from_f32(xs, {64, 128});
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto k = pl::kernel(
        {.out_type = ShapeDtypeStruct{{64, 128}, DType::float32},
         .scratch_types = {pltpu::VMEM({64, 128}, DType::float32), pltpu::SemaphoreType::DMA},
         .num_scalar_prefetch = 1,
         .interpret = mode(interpret)},
        [](Ref p, Ref x_hbm, Ref o_hbm, Ref buf, Ref sem) {
          buf[___] = 0.0;
          Scalar start = p[0], n = p[1];
          pltpu::async_copy(x_hbm.at(pl::ds(start, n)), buf.at(pl::ds(0, n)), sem).wait();
          pltpu::async_copy(buf, o_hbm, sem).wait();
        });
    for (auto [start, n] : {std::pair{0, 64}, {5, 13}, {0, 0}, {63, 1}, {7, 57}, {32, 31}}) {
      SCOPED_TRACE(testing::Message() << "start " << start << " n " << n);
      Array o = k(Array::from_s32({start, n}, {2}), x);
      EXPECT_EQ(o.to_f32(), hostRows(xs, 128, 64, start, n));
    }
  }
}

TEST(RefDma, OneRowOfAWideArrayAtAnyRunTimeRow) {
  // f32[24, 384] and bf16[24, 256]: one row (a bf16 word's two rows) at a
  // run-time row inside a tile, HBM to VMEM at another run-time row and
  // back; the rest of the output is zero.
  for (DType dt : {DType::float32, DType::bfloat16}) {
    int64_t cols = dt == DType::float32 ? 384 : 256, n = dt == DType::float32 ? 1 : 2;
    Array x = Array::from_f32(ramp(24 * cols), {24, cols}, dt);
    std::vector<float> xs = x.to_f32();
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(to_string(dt) + (interpret ? " interpreted" : " compiled"));
      auto k = pl::kernel(
          {.out_type = ShapeDtypeStruct{{24, cols}, dt},
           .scratch_types = {pltpu::VMEM({24, cols}, dt), pltpu::SemaphoreType::DMA},
           .num_scalar_prefetch = 1,
           .interpret = mode(interpret)},
          [n](Ref p, Ref x_hbm, Ref o_hbm, Ref buf, Ref sem) {
            buf[___] = 0.0;
            pltpu::async_copy(buf, o_hbm, sem).wait();
            Scalar from = pl::multiple_of(p[0], n), to = pl::multiple_of(p[1], n);
            pltpu::async_copy(x_hbm.at(pl::ds(from, n)), buf.at(pl::ds(to, n)), sem).wait();
            pltpu::async_copy(buf.at(pl::ds(to, n)), o_hbm.at(pl::ds(to, n)), sem).wait();
          });
      for (auto [from, to] : {std::pair{2, 22}, {14, 6}, {20, 0}, {0, 10}}) {
        SCOPED_TRACE(testing::Message() << "from " << from << " to " << to);
        std::vector<float> want(24 * cols, 0.0f);
        for (int64_t r = 0; r < n; ++r)
          for (int64_t c = 0; c < cols; ++c)
            want[(to + r) * cols + c] = xs[(from + r) * cols + c];
        EXPECT_EQ(k(Array::from_s32({from, to}, {2}), x).to_f32(), want);
      }
      // Static rows inside a packed tile of the wide VMEM Ref: rows [4, 10)
      // into rows [6, 12) (whole words: the DMA's rows are cut per tile).
      auto s = pl::kernel({.out_type = ShapeDtypeStruct{{24, cols}, dt},
                           .scratch_types = {pltpu::VMEM({24, cols}, dt), pltpu::SemaphoreType::DMA},
                           .interpret = mode(interpret)},
                          [](Ref x_hbm, Ref o_hbm, Ref buf, Ref sem) {
                            buf[___] = 0.0;
                            pltpu::async_copy(x_hbm.at(pl::ds(4, 6)), buf.at(pl::ds(6, 6)), sem)
                                .wait();
                            pltpu::async_copy(buf, o_hbm, sem).wait();
                          });
      std::vector<float> want(24 * cols, 0.0f);
      for (int64_t r = 0; r < 6; ++r)
        for (int64_t c = 0; c < cols; ++c)
          want[(6 + r) * cols + c] = xs[(4 + r) * cols + c];
      EXPECT_EQ(s(x).to_f32(), want);
    }
  }
}

TEST(RefDma, RunTimeLengthWideRowsAndMatrices) {
  // f32[64, 256]: whole tiles of rows, said with pl::multiple_of; and
  // f32[6, 8, 128]: n matrices of a rank-3 array; 1-D words into SMEM.
  std::vector<float> xs = ramp(64 * 256), ys = ramp(6 * 8 * 128);
  Array x = Array::from_f32(xs, {64, 256}), y = Array::from_f32(ys, {6, 8, 128});
  std::vector<int32_t> ws(300);
  for (int i = 0; i < 300; ++i)
    ws[i] = 7 * i - 50;
  Array w = Array::from_s32(ws, {300});
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto k = pl::kernel(
        {.out_type = {ShapeDtypeStruct{{64, 256}, DType::float32},
                      ShapeDtypeStruct{{6, 8, 128}, DType::float32},
                      ShapeDtypeStruct{{40}, DType::int32}},
         .scratch_types = {pltpu::VMEM({64, 256}, DType::float32),
                           pltpu::VMEM({6, 8, 128}, DType::float32),
                           pltpu::SMEM({40}, DType::int32), pltpu::SemaphoreType::DMA(3)},
         .num_scalar_prefetch = 1,
         .interpret = mode(interpret)},
        [](Ref p, Ref x_hbm, Ref y_hbm, Ref w_hbm, Ref a_hbm, Ref b_hbm, Ref c_hbm, Ref a,
           Ref b, Ref c, Ref sems) {
          a[___] = 0.0;
          for (int64_t m = 0; m < 6; ++m)
            b.at(m)[___] = jnp::zeros({8, 128}, DType::float32);
          for (int64_t i = 0; i < 40; ++i)
            c[i] = 0;
          Scalar start = pl::multiple_of(p[0], 8), n = pl::multiple_of(p[1], 8);
          auto rows = pltpu::make_async_copy(x_hbm.at(pl::ds(start, n)), a.at(pl::ds(0, n)),
                                             sems.at(0));
          auto mats = pltpu::make_async_copy(y_hbm.at(pl::ds(p[2], p[3])),
                                             b.at(pl::ds(1, p[3])), sems.at(1));
          auto words = pltpu::make_async_copy(w_hbm.at(pl::ds(p[4], p[5])),
                                              c.at(pl::ds(3, p[5])), sems.at(2));
          rows.start();
          mats.start();
          words.start();
          words.wait();
          mats.wait();
          rows.wait();
          pltpu::async_copy(a, a_hbm, sems.at(0)).wait();
          pltpu::async_copy(b, b_hbm, sems.at(0)).wait();
          pltpu::async_copy(c, c_hbm, sems.at(0)).wait();
        });
    for (std::vector<int32_t> p : {std::vector<int32_t>{8, 24, 2, 3, 17, 29},
                                   std::vector<int32_t>{0, 64, 0, 5, 0, 37},
                                   std::vector<int32_t>{56, 8, 5, 1, 299, 1},
                                   std::vector<int32_t>{16, 0, 3, 0, 100, 0}}) {
      SCOPED_TRACE(testing::Message() << "p " << testing::PrintToString(p));
      std::vector<Array> out = k.call({Array::from_s32(p, {6}), x, y, w});
      EXPECT_EQ(out[0].to_f32(), hostRows(xs, 256, 64, p[0], p[1]));
      std::vector<float> mats(6 * 8 * 128, 0.0f);
      for (int64_t i = 0; i < p[3] * 8 * 128; ++i)
        mats[8 * 128 + i] = ys[p[2] * 8 * 128 + i];
      EXPECT_EQ(out[1].to_f32(), mats);
      std::vector<int32_t> words(40, 0);
      for (int i = 0; i < p[5]; ++i)
        words[3 + i] = ws[p[4] + i];
      EXPECT_EQ(out[2].to_s32(), words);
    }
  }
}

TEST(RefDma, RunTimeLengthErrors) {
  Array x = Array::from_f32(ramp(64 * 128), {64, 128});
  auto run = [&](bool interpret, std::vector<int32_t> p, auto body) {
    try {
      pl::kernel({.out_type = ShapeDtypeStruct{{64, 128}, DType::float32},
                  .scratch_types = {pltpu::VMEM({64, 128}, DType::float32),
                                    pltpu::SemaphoreType::DMA},
                  .num_scalar_prefetch = 1,
                  .interpret = mode(interpret)},
                 body)(Array::from_s32(p, {2}), x);
    } catch (const Error &e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  auto copy = [](Ref p, Ref x_hbm, Ref, Ref buf, Ref sem) {
    pltpu::async_copy(x_hbm.at(pl::ds(p[0], p[1])), buf.at(pl::ds(0, p[1])), sem).wait();
  };
  // Out of the array at run time, both modes.
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    EXPECT_THAT(run(interpret, {60, 8}, copy),
                testing::HasSubstr("the DMA window [60, 60 + 8) of dimension 0 of Ref 'in1' is "
                                   "outside [0, 64)"));
    EXPECT_THAT(run(interpret, {0, -1}, copy), testing::HasSubstr("is outside [0, 64)"));
  }
  // At trace time: a static other end, a load of such a window, another
  // dimension's size at run time.
  EXPECT_THAT(run(false, {0, 8},
                  [](Ref p, Ref x_hbm, Ref, Ref buf, Ref sem) {
                    pltpu::async_copy(x_hbm.at(pl::ds(0, p[1])), buf.at(pl::ds(0, 8)), sem)
                        .wait();
                  }),
              testing::HasSubstr("has a size known only at run time and 'scratch0[0:8, 0:128]' "
                                 "does not"));
  EXPECT_THAT(run(false, {0, 8},
                  [](Ref p, Ref, Ref, Ref buf, Ref) {
                    Value v = buf.at(pl::ds(0, p[1]))[___];
                    (void)v;
                  }),
              testing::HasSubstr("has a size known only at run time; it is the source or "
                                 "destination of a DMA"));
  EXPECT_THAT(run(false, {0, 8},
                  [](Ref p, Ref x_hbm, Ref, Ref buf, Ref sem) {
                    pltpu::async_copy(x_hbm.at(pl::ds(0, 8), pl::ds(0, p[1])),
                                      buf.at(pl::ds(0, 8), pl::ds(0, p[1])), sem)
                        .wait();
                  }),
              testing::HasSubstr("only the first dimension's size may be known only at run time"));
}

TEST(RefDma, SelectRefPicksABufferAtRunTime) {
  // Double buffering over two scratch buffers picked by the step's parity:
  // block i of x is copied into select_ref(i % 2, {a, b}), read through
  // it, its window masked-stored and an element written; semaphores picked
  // the same way. An index past the candidates is clamped (lax.switch).
  std::vector<float> xs = ramp(32 * 128);
  Array x = Array::from_f32(xs, {32, 128});
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto k = pl::kernel(
        {.out_type = {ShapeDtypeStruct{{32, 128}, DType::float32},
                      ShapeDtypeStruct{{8}, DType::int32},
                      ShapeDtypeStruct{{8, 128}, DType::float32}},
         .scratch_types = {pltpu::VMEM({8, 128}, DType::float32),
                           pltpu::VMEM({8, 128}, DType::float32),
                           pltpu::SMEM({8}, DType::int32), pltpu::SMEM({8}, DType::int32),
                           pltpu::SemaphoreType::DMA, pltpu::SemaphoreType::DMA},
         .num_scalar_prefetch = 1,
         .interpret = mode(interpret)},
        [](Ref p, Ref x_hbm, Ref o_hbm, Ref w_hbm, Ref a_hbm, Ref a, Ref b, Ref s0, Ref s1,
           Ref sa, Ref sb) {
          for (int64_t i = 0; i < 8; ++i) {
            s0[i] = 0;
            s1[i] = 0;
          }
          pl::loop(0, 4)([&](Scalar i) {
            Scalar slot = i % 2;
            Ref buf = pl::select_ref(slot, {a, b});
            Ref sem = pl::select_ref(slot, {sa, sb});
            Scalar row = pl::multiple_of(i * 8, 8);
            pltpu::async_copy(x_hbm.at(pl::ds(row, 8)), buf, sem).wait();
            buf[___] = buf[___] * 2.0;
            Value cols = lax::broadcasted_iota(DType::int32, {8, 128}, 1);
            pltpu::store(buf.at(pl::ds(0, 8)), jnp::full({8, 128}, -1.0, DType::float32),
                         cols < 4);
            buf(7, 127) = Scalar(i).astype(DType::float32);
            pltpu::async_copy(buf, o_hbm.at(pl::ds(row, 8)), sem).wait();
            Ref words = pl::select_ref(p[0], {s0, s1});
            words[i] = words[i] + i + 1;
          });
          pltpu::async_copy(pl::select_ref(p[1], {s0, s1}), w_hbm, sa).wait();
          pltpu::async_copy(a, a_hbm, sa).wait();  // the last even block's
        });
    for (std::vector<int32_t> p : {std::vector<int32_t>{0, 0}, {1, 1}, {1, 7}}) {
      std::vector<Array> out = k.call({Array::from_s32(p, {2}), x});
      std::vector<float> o = out[0].to_f32();
      for (int64_t i = 0; i < 32 * 128; ++i) {
        int64_t r = i / 128, c = i % 128;
        float want = c < 4 ? -1.0f : r % 8 == 7 && c == 127 ? (float)(r / 8) : 2.0f * xs[i];
        ASSERT_EQ(o[i], want) << i;
      }
      std::vector<int32_t> w = out[1].to_s32(), want(8, 0);
      if (std::min(p[1], 1) == p[0])
        want = {1, 2, 3, 4, 0, 0, 0, 0};
      EXPECT_EQ(w, want) << testing::PrintToString(p);
      EXPECT_EQ(out[2].to_f32(), std::vector<float>(o.begin() + 16 * 128, o.begin() + 24 * 128));
    }
  }
}

TEST(RefDma, SelectRefErrors) {
  auto message = [&](auto body) {
    try {
      pl::kernel({.out_type = ShapeDtypeStruct{{8, 128}, DType::float32},
                  .scratch_types = {pltpu::VMEM({8, 128}, DType::float32),
                                    pltpu::VMEM({16, 128}, DType::float32),
                                    pltpu::SemaphoreType::REGULAR,
                                    pltpu::SemaphoreType::REGULAR}},
                 body)(Array::from_f32(ramp(8 * 128), {8, 128}));
    } catch (const Error &e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_THAT(message([](Ref, Ref, Ref a, Ref b, Ref, Ref) {
                pl::loop(0, 2)([&](Scalar i) { (void)pl::select_ref(i, {a, b}); });
              }),
              testing::AllOf(testing::HasSubstr("RefDmaTest.cpp"),
                             testing::HasSubstr("the candidates have one shape, dtype and memory")));
  EXPECT_THAT(message([](Ref, Ref, Ref, Ref, Ref r0, Ref r1) {
                pl::loop(0, 2)([&](Scalar i) {
                  pl::semaphore_signal(pl::select_ref(i, {r0, r1}), 1);
                });
              }),
              testing::HasSubstr("is a pl::select_ref choice; pl::semaphore_signal takes one Ref"));
}

}  // namespace
}  // namespace tessera
