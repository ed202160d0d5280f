//===- VectorOpsTest.cpp - Vector ALU, EUP and XLU rows, bit for bit ------===//
//
// Every new vector-ALU, transcendental and cross-lane row runs in the
// simulator from assembled text on inputs mixing random and edge values
// (NaN, infinities, signed zeros, denormals, INT32_MIN, shift amounts and
// divisors out of range), and its result must equal, bit for bit, a host
// reference written from the README's rules with sim/VectorMath.h. Permutations
// (packing, broadcasts, rotates, reductions) are re-derived here from the
// README's words, not copied from the executor. Then the units' issue
// rules: EUP and XLU issue intervals and latencies, faults that name the
// bundles and the unit, and a core that stays usable after one.
//
//===----------------------------------------------------------------------===//
#include <bit>
#include <cmath>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "SimTestUtil.h"
#include "sim/Chip.h"
#include "sim/Layout.h"
#include "sim/VectorMath.h"
#include "gtest/gtest.h"

namespace tessera::sim {
namespace {

using machine::kLanes;
using machine::kSublanes;
using machine::kVRegElems;
using testing::assemble;
using testing::runOn;

float f(uint32_t bits) { return std::bit_cast<float>(bits); }
uint32_t b(float x) { return std::bit_cast<uint32_t>(x); }
int32_t s(uint32_t bits) { return static_cast<int32_t>(bits); }
uint32_t u(int32_t x) { return static_cast<uint32_t>(x); }
int at(int sublane, int lane) { return sublane * kLanes + lane; }

constexpr int kNumInputs = 4;  // v1-v4
using Inputs = std::array<VRegData, kNumInputs>;
using Reference = std::function<void(const Inputs &, VRegData &)>;

/// Words mixing every kind of value the rows must handle.
uint32_t interestingWord(std::mt19937 &rng) {
  static const uint32_t kEdges[] = {
      0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000,
      0xffc00001, 0x7f800001, 0x00000001, 0x807fffff, 0x00800000,
      0x7f7fffff, 0x3f800000, 0xbf800000, 0x3f000000, 0x40200000,
      0xc0200000, 0x3fc00000, 0x4f000000, 0xcf000000, 0x3f808000,
      0x3f818000, 0xffffffff, 0x7fffffff, 0x00000020, 0x0000001f,
      0x00000021, 0xfffffffb, 0x000000ff, 0x00000080, 0x0000007f};
  switch (rng() % 6) {
  case 0:
    return kEdges[rng() % std::size(kEdges)];
  case 1:
  case 2:
    return b(std::uniform_real_distribution<float>(-100.0f, 100.0f)(rng));
  case 3:
    return u(static_cast<int32_t>(rng() % 81) - 40);  // small ints, zeros
  case 4:
    return b(std::uniform_real_distribution<float>(-4.0f, 4.0f)(rng));
  default:
    return static_cast<uint32_t>(rng());
  }
}

class VectorOpsTest : public ::testing::Test {
protected:
  void SetUp() override {
    std::mt19937 rng(31);
    for (VRegData &v : in_)
      for (uint32_t &w : v)
        w = interestingWord(rng);
  }

  /// Loads in_ into v1-v4 (VMEM rows 0, 8, 16, 24), runs `op` (which writes
  /// v0), stores v0 to VMEM row 0x100 and returns it.
  absl::StatusOr<VRegData> runOp(const std::string &op) {
    for (int i = 0; i < kNumInputs; ++i)
      EXPECT_TRUE(core().vmem()
                      .writeRows(i * kSublanes, std::as_bytes(std::span(in_[i])))
                      .ok());
    std::vector<std::string> bundles;
    for (int i = 0; i < kNumInputs; ++i)
      bundles.push_back(absl::StrFormat("vld v%d, [vmem:0x%x]", i + 1, i * 8));
    bundles.insert(bundles.end(), machine::kLatVectorLoad, "nop");
    bundles.push_back(op);
    bundles.insert(bundles.end(), machine::kLatCrossLane, "nop");
    bundles.push_back("vst [vmem:0x100], v0");
    auto program = assemble("vector_op", bundles);
    absl::StatusOr<RunResult> r = runOn(core(), program);
    if (!r.ok())
      return r.status();
    VRegData out;
    EXPECT_TRUE(
        core().vmem().readRows(0x100, std::as_writable_bytes(std::span(out))).ok());
    return out;
  }

  void expectOp(const std::string &op, const Reference &reference) {
    absl::StatusOr<VRegData> got = runOp(op);
    ASSERT_TRUE(got.ok()) << op << ": " << got.status();
    VRegData want{};
    reference(in_, want);
    int mismatches = 0;
    for (int i = 0; i < kVRegElems; ++i)
      if ((*got)[i] != want[i] && mismatches++ < 4)
        ADD_FAILURE() << op << ": word (" << i / kLanes << ", " << i % kLanes
                      << ") is 0x" << std::hex << (*got)[i] << ", want 0x"
                      << want[i] << " (inputs 0x" << in_[0][i] << ", 0x"
                      << in_[1][i] << ", 0x" << in_[2][i] << ")";
  }

  TensorCore &core() { return chip_.core(0); }

  Chip chip_;
  Inputs in_;
};

// Lane-wise references.
Reference lanewise(std::function<uint32_t(uint32_t)> fn) {
  return [fn](const Inputs &in, VRegData &out) {
    for (int i = 0; i < kVRegElems; ++i)
      out[i] = fn(in[0][i]);
  };
}
Reference lanewise(std::function<uint32_t(uint32_t, uint32_t)> fn) {
  return [fn](const Inputs &in, VRegData &out) {
    for (int i = 0; i < kVRegElems; ++i)
      out[i] = fn(in[0][i], in[1][i]);
  };
}
Reference unaryF32(float (*fn)(float)) {
  return lanewise(std::function<uint32_t(uint32_t)>(
      [fn](uint32_t x) { return b(fn(f(x))); }));
}
Reference binaryF32(float (*fn)(float, float)) {
  return lanewise(std::function<uint32_t(uint32_t, uint32_t)>(
      [fn](uint32_t x, uint32_t y) { return b(fn(f(x), f(y))); }));
}
Reference binaryS32(int32_t (*fn)(int32_t, int32_t)) {
  return lanewise(std::function<uint32_t(uint32_t, uint32_t)>(
      [fn](uint32_t x, uint32_t y) { return u(fn(s(x), s(y))); }));
}
Reference cmpF32(vmath::CmpKind kind) {
  return lanewise(std::function<uint32_t(uint32_t, uint32_t)>(
      [kind](uint32_t x, uint32_t y) -> uint32_t {
        return vmath::compareF32(kind, f(x), f(y));
      }));
}
Reference cmpS32(vmath::CmpKind kind) {
  return lanewise(std::function<uint32_t(uint32_t, uint32_t)>(
      [kind](uint32_t x, uint32_t y) -> uint32_t {
        return vmath::compareS32(kind, s(x), s(y));
      }));
}

TEST_F(VectorOpsTest, MinMaxAbsBitwise) {
  expectOp("vmax.f32 v0, v1, v2", binaryF32(vmath::maxF));
  expectOp("vmin.f32 v0, v1, v2", binaryF32(vmath::minF));
  expectOp("vmax.s32 v0, v1, v2",
           binaryS32([](int32_t x, int32_t y) { return std::max(x, y); }));
  expectOp("vmin.s32 v0, v1, v2",
           binaryS32([](int32_t x, int32_t y) { return std::min(x, y); }));
  expectOp("vabs.f32 v0, v1",
           lanewise(std::function<uint32_t(uint32_t)>(
               [](uint32_t x) { return x & 0x7fffffffu; })));
  expectOp("vabs.s32 v0, v1",
           lanewise(std::function<uint32_t(uint32_t)>(
               [](uint32_t x) { return u(vmath::absS32(s(x))); })));
  // Bit counts against a loop over the bits.
  expectOp("vpopcnt v0, v1", lanewise(std::function<uint32_t(uint32_t)>([](uint32_t x) {
             uint32_t n = 0;
             for (int b = 0; b < 32; ++b)
               n += (x >> b) & 1;
             return n;
           })));
  expectOp("vclz v0, v1", lanewise(std::function<uint32_t(uint32_t)>([](uint32_t x) {
             uint32_t n = 0;
             for (int b = 31; b >= 0 && !((x >> b) & 1); --b)
               ++n;
             return n;
           })));
  expectOp("vnot v0, v1", lanewise(std::function<uint32_t(uint32_t)>(
                              [](uint32_t x) { return ~x; })));
  expectOp("vand v0, v1, v2", lanewise(std::function<uint32_t(uint32_t, uint32_t)>(
                                  [](uint32_t x, uint32_t y) { return x & y; })));
  expectOp("vor v0, v1, v2", lanewise(std::function<uint32_t(uint32_t, uint32_t)>(
                                 [](uint32_t x, uint32_t y) { return x | y; })));
  expectOp("vxor v0, v1, v2", lanewise(std::function<uint32_t(uint32_t, uint32_t)>(
                                  [](uint32_t x, uint32_t y) { return x ^ y; })));
}

TEST_F(VectorOpsTest, ShiftsAndIntegerDivision) {
  expectOp("vshl.s32 v0, v1, v2", binaryS32(vmath::shiftLeft));
  expectOp("vshra.s32 v0, v1, v2", binaryS32(vmath::shiftRightArithmetic));
  expectOp("vshrl.s32 v0, v1, v2", binaryS32(vmath::shiftRightLogical));
  expectOp("vdiv.s32 v0, v1, v2", binaryS32(vmath::divS32));
  expectOp("vrem.s32 v0, v1, v2", binaryS32(vmath::remS32));
  expectOp("vdiv.u32 v0, v1, v2",
           lanewise(std::function<uint32_t(uint32_t, uint32_t)>(vmath::divU32)));
  expectOp("vrem.u32 v0, v1, v2",
           lanewise(std::function<uint32_t(uint32_t, uint32_t)>(vmath::remU32)));
  // The inputs do hold zero divisors and out-of-range shift amounts.
  int zeros = 0, wide = 0;
  for (uint32_t w : in_[1]) {
    zeros += w == 0;
    wide += w >= 32;
  }
  EXPECT_GT(zeros, 0);
  EXPECT_GT(wide, 0);
}

TEST_F(VectorOpsTest, Compares) {
  using vmath::CmpKind;
  const std::pair<const char *, CmpKind> kinds[] = {
      {"eq", CmpKind::Eq}, {"ne", CmpKind::Ne}, {"lt", CmpKind::Lt},
      {"le", CmpKind::Le}, {"gt", CmpKind::Gt}, {"ge", CmpKind::Ge}};
  for (const auto &[name, kind] : kinds) {
    expectOp(absl::StrFormat("vcmp.%s.f32 v0, v1, v2", name), cmpF32(kind));
    expectOp(absl::StrFormat("vcmp.%s.s32 v0, v1, v2", name), cmpS32(kind));
  }
  // Equal operands (and NaN against itself).
  expectOp("vcmp.eq.f32 v0, v1, v1",
           lanewise(std::function<uint32_t(uint32_t)>(
               [](uint32_t x) -> uint32_t { return !std::isnan(f(x)); })));
  expectOp("vcmp.ne.f32 v0, v1, v1",
           lanewise(std::function<uint32_t(uint32_t)>(
               [](uint32_t x) -> uint32_t { return std::isnan(f(x)); })));
}

TEST_F(VectorOpsTest, SelectConvertRound) {
  expectOp("vsel v0, v1, v2, v3", [](const Inputs &in, VRegData &out) {
    for (int i = 0; i < kVRegElems; ++i)
      out[i] = in[0][i] != 0 ? in[1][i] : in[2][i];
  });
  expectOp("vcvt.f32.s32 v0, v1",
           lanewise(std::function<uint32_t(uint32_t)>(
               [](uint32_t x) { return b(vmath::s32ToF32(s(x))); })));
  expectOp("vcvt.s32.f32 v0, v1",
           lanewise(std::function<uint32_t(uint32_t)>(
               [](uint32_t x) { return u(vmath::f32ToS32(f(x))); })));
  expectOp("vrnd.bf16 v0, v1", unaryF32(vmath::roundBf16));
  expectOp("vfloor.f32 v0, v1", unaryF32(vmath::floorF));
  expectOp("vceil.f32 v0, v1", unaryF32(vmath::ceilF));
  expectOp("vround.f32 v0, v1", unaryF32(vmath::roundHalfEven));
}

TEST_F(VectorOpsTest, PackAndUnpackBf16) {
  // Word (s, l) low half = tile row 2s, high half = row 2s + 1; rows 0-7
  // come from the first source, 8-15 from the second.
  auto row = [](const Inputs &in, int r, int l) {
    return in[r / 8][at(r % 8, l)];
  };
  expectOp("vpack.bf16 v0, v1, v2", [&](const Inputs &in, VRegData &out) {
    for (int sl = 0; sl < kSublanes; ++sl)
      for (int l = 0; l < kLanes; ++l)
        out[at(sl, l)] = vmath::bf16Bits(f(row(in, 2 * sl, l))) |
                         uint32_t{vmath::bf16Bits(f(row(in, 2 * sl + 1, l)))} << 16;
  });
  for (int hi = 0; hi < 2; ++hi)
    expectOp(hi ? "vunpack.bf16.hi v0, v1" : "vunpack.bf16.lo v0, v1",
             [hi](const Inputs &in, VRegData &out) {
               for (int r = 0; r < 8; ++r) {
                 int tileRow = 8 * hi + r;
                 for (int l = 0; l < kLanes; ++l) {
                   uint32_t word = in[0][at(tileRow / 2, l)];
                   uint16_t half = tileRow % 2 ? word >> 16 : word & 0xffff;
                   out[at(r, l)] = b(vmath::fromBf16Bits(half));
                 }
               }
             });
}

TEST_F(VectorOpsTest, PackAndUnpackS8) {
  // Byte j of word (s, l) = tile row 4s + j; rows 8k .. 8k+7 come from the
  // k-th source.
  expectOp("vpack.s8 v0, v1, v2, v3, v4", [](const Inputs &in, VRegData &out) {
    for (int sl = 0; sl < kSublanes; ++sl)
      for (int l = 0; l < kLanes; ++l) {
        uint32_t word = 0;
        for (int j = 0; j < 4; ++j) {
          int r = 4 * sl + j;
          word |= (in[r / 8][at(r % 8, l)] & 0xffu) << (8 * j);
        }
        out[at(sl, l)] = word;
      }
  });
  for (int k = 0; k < 4; ++k)
    expectOp(absl::StrFormat("vunpack.s8 v0, v1, %d", k),
             [k](const Inputs &in, VRegData &out) {
               for (int r = 0; r < 8; ++r) {
                 int tileRow = 8 * k + r;
                 for (int l = 0; l < kLanes; ++l) {
                   uint32_t word = in[0][at(tileRow / 4, l)];
                   out[at(r, l)] = u(static_cast<int8_t>(word >> (8 * (tileRow % 4))));
                 }
               }
             });
}

TEST_F(VectorOpsTest, PackAndUnpackS16) {
  // Half j of word (s, l) = tile row 2s + j; rows 8k .. 8k+7 come from the
  // k-th source, wrapped to 16 bits; unpacking sign-extends.
  expectOp("vpack.s16 v0, v1, v2", [](const Inputs &in, VRegData &out) {
    for (int sl = 0; sl < kSublanes; ++sl)
      for (int l = 0; l < kLanes; ++l) {
        uint32_t word = 0;
        for (int j = 0; j < 2; ++j) {
          int r = 2 * sl + j;
          word |= (in[r / 8][at(r % 8, l)] & 0xffffu) << (16 * j);
        }
        out[at(sl, l)] = word;
      }
  });
  for (int k = 0; k < 2; ++k)
    expectOp(absl::StrFormat("vunpack.s16 v0, v1, %d", k),
             [k](const Inputs &in, VRegData &out) {
               for (int r = 0; r < 8; ++r) {
                 int tileRow = 8 * k + r;
                 for (int l = 0; l < kLanes; ++l) {
                   uint32_t word = in[0][at(tileRow / 2, l)];
                   out[at(r, l)] = u(static_cast<int16_t>(word >> (16 * (tileRow % 2))));
                 }
               }
             });
}

TEST_F(VectorOpsTest, PackedTilesMatchTheVmemLayout) {
  // A bf16 (16,128) VMEM tile written by layout::tileFromRowMajor is one
  // vreg: vunpack gives its rows; vpack of those rows stores the same tile.
  std::mt19937 rng(8);
  std::vector<uint32_t> elems(16 * 128);
  for (uint32_t &e : elems)
    e = vmath::bf16Bits(std::uniform_real_distribution<float>(-9, 9)(rng));
  layout::TiledShape bf16Tile{16, 128, 2, 16};
  std::vector<uint32_t> image(bf16Tile.memRows() * kLanes);
  layout::tileFromRowMajor(bf16Tile, elems.data(), image.data());
  ASSERT_EQ(image.size(), size_t{kVRegElems});
  std::copy(image.begin(), image.end(), in_[0].begin());
  absl::StatusOr<VRegData> lo = runOp("vunpack.bf16.lo v0, v1");
  absl::StatusOr<VRegData> hi = runOp("vunpack.bf16.hi v0, v1");
  ASSERT_TRUE(lo.ok() && hi.ok());
  for (int r = 0; r < 16; ++r)
    for (int l = 0; l < kLanes; ++l)
      ASSERT_EQ((r < 8 ? *lo : *hi)[at(r % 8, l)], elems[r * 128 + l] << 16)
          << r << ", " << l;
  in_[0] = *lo;
  in_[1] = *hi;
  absl::StatusOr<VRegData> packed = runOp("vpack.bf16 v0, v1, v2");
  ASSERT_TRUE(packed.ok());
  EXPECT_TRUE(std::equal(image.begin(), image.end(), packed->begin()));

  // int8 (32,128): four vregs of rows pack into one tile.
  for (int k = 0; k < 4; ++k)
    for (uint32_t &w : in_[k])
      w = u(static_cast<int32_t>(rng() % 256) - 128);
  packed = runOp("vpack.s8 v0, v1, v2, v3, v4");
  ASSERT_TRUE(packed.ok());
  layout::TiledShape s8Tile{32, 128, 4, 32};
  std::vector<uint32_t> rows(32 * 128);
  layout::rowMajorFromTile(s8Tile, packed->data(), rows.data());
  for (int r = 0; r < 32; ++r)
    for (int l = 0; l < kLanes; ++l)
      ASSERT_EQ(rows[r * 128 + l], in_[r / 8][at(r % 8, l)] & 0xff) << r << ", " << l;
}

TEST_F(VectorOpsTest, IotaBroadcastAndSublaneReductions) {
  expectOp("viota.row v0", [](const Inputs &, VRegData &out) {
    for (int i = 0; i < kVRegElems; ++i)
      out[i] = i / kLanes;
  });
  expectOp("viota.col v0", [](const Inputs &, VRegData &out) {
    for (int i = 0; i < kVRegElems; ++i)
      out[i] = i % kLanes;
  });
  expectOp("vbcast.sub v0, v1, 5", [](const Inputs &in, VRegData &out) {
    for (int i = 0; i < kVRegElems; ++i)
      out[i] = in[0][at(5, i % kLanes)];
  });
  using vmath::ReduceKind;
  const std::pair<const char *, ReduceKind> kinds[] = {
      {"sum", ReduceKind::Sum}, {"max", ReduceKind::Max}, {"min", ReduceKind::Min}};
  for (const auto &[name, kind] : kinds) {
    expectOp(absl::StrFormat("vredsub.%s.f32 v0, v1", name),
             [kind](const Inputs &in, VRegData &out) {
               for (int l = 0; l < kLanes; ++l) {
                 float column[8];
                 for (int sl = 0; sl < 8; ++sl)
                   column[sl] = f(in[0][at(sl, l)]);
                 for (int sl = 0; sl < 8; ++sl)
                   out[at(sl, l)] = b(vmath::reduceSublanes(kind, column));
               }
             });
    expectOp(absl::StrFormat("vredsub.%s.s32 v0, v1", name),
             [kind](const Inputs &in, VRegData &out) {
               for (int l = 0; l < kLanes; ++l) {
                 int32_t column[8];
                 for (int sl = 0; sl < 8; ++sl)
                   column[sl] = s(in[0][at(sl, l)]);
                 for (int sl = 0; sl < 8; ++sl)
                   out[at(sl, l)] = u(vmath::reduceSublanes(kind, column));
               }
             });
  }
}

TEST_F(VectorOpsTest, CrossLaneReductionsBroadcastsAndRotates) {
  using vmath::ReduceKind;
  const std::pair<const char *, ReduceKind> kinds[] = {
      {"sum", ReduceKind::Sum}, {"max", ReduceKind::Max}, {"min", ReduceKind::Min}};
  for (const auto &[name, kind] : kinds) {
    expectOp(absl::StrFormat("vredlane.%s.f32 v0, v1", name),
             [kind](const Inputs &in, VRegData &out) {
               for (int sl = 0; sl < 8; ++sl) {
                 float row[128];
                 for (int l = 0; l < kLanes; ++l)
                   row[l] = f(in[0][at(sl, l)]);
                 for (int l = 0; l < kLanes; ++l)
                   out[at(sl, l)] = b(vmath::reduceLanes(kind, row));
               }
             });
    expectOp(absl::StrFormat("vredlane.%s.s32 v0, v1", name),
             [kind](const Inputs &in, VRegData &out) {
               for (int sl = 0; sl < 8; ++sl) {
                 int32_t row[128];
                 for (int l = 0; l < kLanes; ++l)
                   row[l] = s(in[0][at(sl, l)]);
                 for (int l = 0; l < kLanes; ++l)
                   out[at(sl, l)] = u(vmath::reduceLanes(kind, row));
               }
             });
  }
  expectOp("vbcast.lane v0, v1, 77", [](const Inputs &in, VRegData &out) {
    for (int i = 0; i < kVRegElems; ++i)
      out[i] = in[0][at(i / kLanes, 77)];
  });
  // np.roll(x, k, axis=1): out[l] = x[(l - k) mod 128], for k of any sign.
  for (int k : {0, 1, 5, 127, 128, 130, -3, -200}) {
    expectOp(absl::StrFormat("vrot.lane v0, v1, %d", k),
             [k](const Inputs &in, VRegData &out) {
               for (int sl = 0; sl < 8; ++sl)
                 for (int l = 0; l < kLanes; ++l)
                   out[at(sl, l)] = in[0][at(sl, (((l - k) % 128) + 128) % 128)];
             });
  }
}

TEST_F(VectorOpsTest, GathersWithinATile) {
  expectOp("vgather.lane v0, v1, v2", [](const Inputs &in, VRegData &out) {
    for (int sl = 0; sl < 8; ++sl)
      for (int l = 0; l < kLanes; ++l)
        out[at(sl, l)] = in[0][at(sl, (int)(in[1][at(sl, l)] % 128))];
  });
  expectOp("vgather.sub v0, v1, v2", [](const Inputs &in, VRegData &out) {
    for (int sl = 0; sl < 8; ++sl)
      for (int l = 0; l < kLanes; ++l)
        out[at(sl, l)] = in[0][at((int)(in[1][at(sl, l)] % 8), l)];
  });
}

TEST_F(VectorOpsTest, TranscendentalUnit) {
  const std::pair<const char *, float (*)(float)> unary[] = {
      {"vexp.f32", vmath::exp},     {"vexp2.f32", vmath::exp2},
      {"vlog.f32", vmath::log},     {"vlog1p.f32", vmath::log1p},
      {"vtanh.f32", vmath::tanh},   {"vlogistic.f32", vmath::logistic},
      {"vsqrt.f32", vmath::sqrt},   {"vrsqrt.f32", vmath::rsqrt},
      {"vrcp.f32", vmath::rcp},     {"vsin.f32", vmath::sin},
      {"vcos.f32", vmath::cos},     {"verf.f32", vmath::erf},
      {"vtan.f32", vmath::tan},     {"verfinv.f32", vmath::erfInv}};
  for (const auto &[mnemonic, fn] : unary)
    expectOp(absl::StrFormat("%s v0, v1", mnemonic), unaryF32(fn));
  expectOp("vpow.f32 v0, v1, v2", binaryF32(vmath::pow));
  expectOp("vdiv.f32 v0, v1, v2", binaryF32(vmath::divF32));
  expectOp("vrem.f32 v0, v1, v2", binaryF32(vmath::remF32));
}

// --- Issue rules of the EUP and XLU. ---

class UnitTimingTest : public ::testing::Test {
protected:
  absl::StatusOr<RunResult> run(const std::vector<std::string> &bundles) {
    return runOn(chip_.core(0), assemble("units", bundles));
  }
  Chip chip_;
};

std::vector<std::string> withGap(const std::string &first, int gap,
                                 const std::string &second) {
  std::vector<std::string> bundles = {first};
  bundles.insert(bundles.end(), gap - 1, "nop");
  bundles.push_back(second);
  return bundles;
}

TEST_F(UnitTimingTest, EupIssuesEveryTwoCycles) {
  EXPECT_TRUE(run(withGap("vexp.f32 v1, v0", machine::kEupIssueInterval,
                          "vlog.f32 v2, v0"))
                  .ok());
  absl::StatusOr<RunResult> r =
      run(withGap("vexp.f32 v1, v0", machine::kEupIssueInterval - 1,
                  "vdiv.f32 v2, v0, v0"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(r.status().message(),
            "kernel 'units': bundle 0x0001 (test.cc:2): vdiv.f32 issues on the "
            "transcendental unit (EUP) at cycle 1, but the unit takes one op "
            "every 2 cycles: the previous one (bundle 0x0000 (test.cc:1)) "
            "allows the next at cycle 2");
  // One EUP op per bundle: the slot class has one slot.
  absl::Status s = isa::verifyBundle({isa::makeInstr(isa::Opcode::VExpF32, {1, 0}),
                                      isa::makeInstr(isa::Opcode::VLogF32, {2, 0})});
  EXPECT_EQ(s.message(),
            "slot overflow: 2 transcendental ops in one bundle, at most 1 fit");
  // A squashed op does not occupy the unit.
  EXPECT_TRUE(run({"pimm p1, 0", "@p1 vexp.f32 v1, v0", "vexp.f32 v2, v0"}).ok());
}

TEST_F(UnitTimingTest, XluIssuesEveryFourCycles) {
  EXPECT_TRUE(run(withGap("vredlane.sum.f32 v1, v0",
                          machine::kCrossLaneIssueInterval, "vrot.lane v2, v0, 3"))
                  .ok());
  absl::StatusOr<RunResult> r =
      run(withGap("vredlane.max.s32 v1, v0", machine::kCrossLaneIssueInterval - 1,
                  "vbcast.lane v2, v0, 3"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(),
            "kernel 'units': bundle 0x0003 (test.cc:4): vbcast.lane issues on "
            "the cross-lane unit (XLU) at cycle 3, but the unit takes one op "
            "every 4 cycles: the previous one (bundle 0x0000 (test.cc:1)) "
            "allows the next at cycle 4");
  // The EUP and the XLU are independent units: both issue in one bundle.
  EXPECT_TRUE(run({"vexp.f32 v1, v0 ; vredlane.sum.f32 v2, v0 ; "
                   "vredsub.sum.f32 v3, v0 ; vmax.f32 v4, v0, v0"})
                  .ok());
  // The core is usable after a fault.
  EXPECT_TRUE(run({"vrot.lane v2, v0, 3"}).ok());
}

TEST_F(UnitTimingTest, ResultsAreReadableAfterTheirLatency) {
  struct Case {
    std::string op;
    int latency;
  };
  const Case cases[] = {
      {"vexp.f32 v1, v0", machine::kLatTranscendental},
      {"vdiv.f32 v1, v0, v0", machine::kLatDivide},
      {"vredlane.sum.f32 v1, v0", machine::kLatCrossLane},
      {"vredsub.max.f32 v1, v0", machine::kLatSublaneReduce},
      {"vdiv.s32 v1, v0, v0", machine::kLatVectorIntDiv},
      {"vmax.f32 v1, v0, v0", machine::kLatVectorFloat},
      {"vand v1, v0, v0", machine::kLatVectorInt},
  };
  for (const Case &c : cases) {
    EXPECT_TRUE(run(withGap(c.op, c.latency, "vmov v2, v1")).ok()) << c.op;
    if (c.latency > 1) {
      absl::StatusOr<RunResult> r = run(withGap(c.op, c.latency - 1, "vmov v2, v1"));
      ASSERT_FALSE(r.ok()) << c.op;
      EXPECT_NE(r.status().message().find("reads v1 before it is ready"),
                std::string::npos)
          << r.status();
    }
  }
}

TEST_F(UnitTimingTest, SelectorImmediatesAreCheckedAtLoad) {
  const std::pair<std::string, std::string> cases[] = {
      {"vunpack.s8 v0, v1, 4", "vunpack.s8 selects part 4, allowed range [0, 4)"},
      {"vunpack.s16 v0, v1, 2", "vunpack.s16 selects part 2, allowed range [0, 2)"},
      {"vbcast.sub v0, v1, 8", "vbcast.sub selects part 8, allowed range [0, 8)"},
      {"vbcast.lane v0, v1, -1",
       "vbcast.lane selects part -1, allowed range [0, 128)"},
      {"vextract s0, v1, 1024", "vextract selects part 1024, allowed range [0, 1024)"},
  };
  for (const auto &[text, message] : cases) {
    absl::StatusOr<Executable> exe =
        parseListing(testing::listingOf("sel", {text}));
    ASSERT_TRUE(exe.ok()) << exe.status();
    absl::StatusOr<std::shared_ptr<const Program>> p = loadProgram(*exe);
    ASSERT_FALSE(p.ok()) << text;
    EXPECT_NE(p.status().message().find(message), std::string::npos)
        << p.status();
  }
}

/// The XLU transposes a 128x128 block of 32-bit words: 16 vxpose.push of
/// the block's 8-row vregs (in any order, the last part last), then
/// vxpose.pop of each 8-row part of the transpose.
class TransposeTest : public ::testing::Test {
protected:
  static constexpr int kParts = machine::kXposeGroupVregs;
  static constexpr int kInterval = machine::kCrossLaneIssueInterval;

  /// Bundles pushing v0..v15 as parts `order`, a gap of `gap` after the
  /// last push, then pops of every part into v16.. and stores at 0x200.
  std::vector<std::string> program(const std::vector<int> &order, int gap) {
    std::vector<std::string> bundles;
    for (int k = 0; k < kParts; ++k)
      bundles.push_back(absl::StrFormat("vld v%d, [vmem:0x%x]", k, k * kSublanes));
    bundles.insert(bundles.end(), machine::kLatVectorLoad, "nop");
    for (size_t i = 0; i < order.size(); ++i) {
      bundles.push_back(absl::StrFormat("vxpose.push [xpose:%d], v%d", order[i], order[i]));
      bundles.insert(bundles.end(), i + 1 == order.size() ? gap - 1 : kInterval - 1, "nop");
    }
    for (int k = 0; k < kParts; ++k) {
      bundles.push_back(absl::StrFormat("vxpose.pop v%d, [xpose:%d]", 16 + k % 8, k));
      bundles.insert(bundles.end(), machine::kLatXposePop, "nop");
      bundles.push_back(absl::StrFormat("vst [vmem:0x%x], v%d", 0x200 + k * kSublanes, 16 + k % 8));
      bundles.insert(bundles.end(), kInterval - 1 - machine::kLatXposePop, "nop");
    }
    return bundles;
  }

  void fillBlock() {
    std::mt19937 rng(7);
    block_.resize(kParts);
    for (int k = 0; k < kParts; ++k) {
      for (uint32_t &w : block_[k])
        w = interestingWord(rng);
      ASSERT_TRUE(core().vmem()
                      .writeRows(k * kSublanes, std::as_bytes(std::span(block_[k])))
                      .ok());
    }
  }

  /// The stored result against result[r][c] = block[c][r].
  void expectTransposed() {
    int mismatches = 0;
    for (int k = 0; k < kParts; ++k) {
      VRegData got;
      ASSERT_TRUE(core().vmem()
                      .readRows(0x200 + k * kSublanes, std::as_writable_bytes(std::span(got)))
                      .ok());
      for (int s = 0; s < kSublanes; ++s)
        for (int c = 0; c < kLanes; ++c) {
          int r = k * kSublanes + s;  // result row; the source's column
          uint32_t want = block_[c / kSublanes][at(c % kSublanes, r)];
          if (got[at(s, c)] != want && mismatches++ < 4)
            ADD_FAILURE() << "result (" << r << ", " << c << ") is 0x" << std::hex
                          << got[at(s, c)] << ", want 0x" << want;
        }
    }
  }

  TensorCore &core() { return chip_.core(0); }
  Chip chip_;
  std::vector<VRegData> block_;
};

TEST_F(TransposeTest, SixteenPushesThenPopsTransposeTheBlock) {
  fillBlock();
  std::vector<int> order;
  for (int k = 0; k < kParts; ++k)
    order.push_back(k);
  auto r = runOn(core(), assemble("xpose", program(order, machine::kXposeResultLatency)));
  ASSERT_TRUE(r.ok()) << r.status();
  expectTransposed();
  // Parts may arrive in any order as long as the last part is last.
  std::vector<int> shuffled = {3, 0, 14, 1, 2, 13, 4, 5, 12, 6, 7, 11, 8, 10, 9, 15};
  auto again = runOn(core(), assemble("xpose", program(shuffled, machine::kXposeResultLatency)));
  ASSERT_TRUE(again.ok()) << again.status();
  expectTransposed();
}

TEST_F(TransposeTest, FaultsNameTheRule) {
  fillBlock();
  std::vector<int> order;
  for (int k = 0; k < kParts; ++k)
    order.push_back(k);
  // A pop one cycle before the transposed block is ready.
  auto early = runOn(core(), assemble("xpose", program(order, machine::kXposeResultLatency - 1)));
  ASSERT_FALSE(early.ok());
  EXPECT_NE(early.status().message().find(absl::StrFormat(
                "vxpose.pop at cycle %d reads the transpose that bundle",
                19 + (kParts - 1) * kInterval + machine::kXposeResultLatency - 1)),
            std::string::npos)
      << early.status();
  // The last part without the others.
  auto partial = runOn(core(), assemble("xpose", {"vxpose.push [xpose:15], v0"}));
  ASSERT_FALSE(partial.ok());
  EXPECT_NE(partial.status().message().find(
                "vxpose.push of the last part (15) completes a group whose part 0 was "
                "not pushed since the last group"),
            std::string::npos)
      << partial.status();
  // A pop with nothing transposed (the unit starts every run empty).
  auto empty = runOn(core(), assemble("xpose", {"vxpose.pop v0, [xpose:3]"}));
  ASSERT_FALSE(empty.ok());
  EXPECT_NE(empty.status().message().find("vxpose.pop of part 3: no transpose group"),
            std::string::npos)
      << empty.status();
  // Pushes and pops are XLU ops: one every kCrossLaneIssueInterval cycles.
  auto fast = runOn(core(), assemble("xpose", {"vxpose.push [xpose:0], v0",
                                               "vxpose.push [xpose:1], v1"}));
  ASSERT_FALSE(fast.ok());
  EXPECT_NE(fast.status().message().find("vxpose.push issues on the cross-lane unit (XLU)"),
            std::string::npos)
      << fast.status();
  // The part is checked at load.
  absl::StatusOr<Executable> exe =
      parseListing(testing::listingOf("sel", {"vxpose.pop v0, [xpose:16]"}));
  ASSERT_TRUE(exe.ok()) << exe.status();
  auto loaded = loadProgram(*exe);
  ASSERT_FALSE(loaded.ok());
  EXPECT_NE(loaded.status().message().find("vxpose.pop selects part 16, allowed range [0, 16)"),
            std::string::npos)
      << loaded.status();
  // The core is usable after the faults.
  auto r = runOn(core(), assemble("xpose", program(order, machine::kXposeResultLatency)));
  ASSERT_TRUE(r.ok()) << r.status();
  expectTransposed();
}

/// Writes `old` to VMEM rows 0x40 and 0x48, `value` to 0x0 and `mask` to
/// 0x8, then stores `value` under `mask` with `mnemonic` (vst.msk or
/// vst.bmsk) to 0x40 and, register-relative, to 0x48; checks each word of
/// both rows against `want(i)`.
template <typename Want>
void expectMaskedStore(TensorCore &core, const std::string &mnemonic, const VRegData &old,
                       const VRegData &value, const VRegData &mask, Want want) {
  for (int row : {0x40, 0x48})
    ASSERT_TRUE(core.vmem().writeRows(row, std::as_bytes(std::span(old))).ok());
  ASSERT_TRUE(core.vmem().writeRows(0, std::as_bytes(std::span(value))).ok());
  ASSERT_TRUE(core.vmem().writeRows(8, std::as_bytes(std::span(mask))).ok());
  auto r = runOn(core, assemble("msk", {"vld v0, [vmem:0x0] ; smov s1, 64",
                                        "vld v1, [vmem:0x8]", "nop", "nop", "nop",
                                        mnemonic + " [vmem:0x40], v0, v1",
                                        mnemonic + " [vmem:s1+0x8], v0, v1"}));
  ASSERT_TRUE(r.ok()) << r.status();
  for (int row : {0x40, 0x48}) {
    VRegData got;
    ASSERT_TRUE(core.vmem().readRows(row, std::as_writable_bytes(std::span(got))).ok());
    for (int i = 0; i < kVRegElems; ++i)
      ASSERT_EQ(got[i], want(i)) << mnemonic << " row 0x" << std::hex << row << " word "
                                 << std::dec << i;
  }
}

/// vst.msk writes the words where the mask vreg is nonzero and leaves the
/// others; the register-relative form adds its base; its address is
/// checked like vst's.
TEST(MaskedStore, WritesOnlyWhereTheMaskIsSet) {
  Chip chip;
  TensorCore &core = chip.core(0);
  std::mt19937 rng(3);
  VRegData old, value, mask;
  for (int i = 0; i < kVRegElems; ++i) {
    old[i] = interestingWord(rng);
    value[i] = interestingWord(rng);
    mask[i] = rng() % 3 == 0 ? 0 : (rng() % 2 ? 1 : 0x80000000u);
  }
  expectMaskedStore(core, "vst.msk", old, value, mask,
                    [&](int i) { return mask[i] != 0 ? value[i] : old[i]; });
  auto bad = runOn(core, assemble("msk", {"vst.msk [vmem:0x7ffc], v0, v1"}));
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("vst.msk of VMEM rows [0x7ffc, 0x8004) is outside VMEM"),
            std::string::npos)
      << bad.status();
  // Both registers must be ready.
  auto early = runOn(core, assemble("msk", {"vld v1, [vmem:0x8]", "vst.msk [vmem:0x40], v0, v1"}));
  ASSERT_FALSE(early.ok());
  EXPECT_NE(early.status().message().find("reads v1 before it is ready"), std::string::npos)
      << early.status();
}

/// vst.bmsk writes the bytes whose mask byte is nonzero (a row of a packed
/// bf16 / int8 tile is a half or a byte of each word of one sublane).
TEST(MaskedStore, ByteMaskWritesOnlyTheSelectedBytes) {
  Chip chip;
  TensorCore &core = chip.core(0);
  std::mt19937 rng(5);
  VRegData old, value, mask;
  for (int i = 0; i < kVRegElems; ++i) {
    old[i] = interestingWord(rng);
    value[i] = interestingWord(rng);
    const uint32_t parts[] = {0, 0xff, 0xff00, 0xffff0000u, 0x01000001u, 0xffffffffu};
    mask[i] = parts[rng() % 6];
  }
  expectMaskedStore(core, "vst.bmsk", old, value, mask, [&](int i) {
    uint32_t want = 0;
    for (int b = 0; b < 4; ++b)
      want |= ((mask[i] >> (8 * b) & 0xff) ? value[i] : old[i]) & (uint32_t{0xff} << (8 * b));
    return want;
  });
}

}  // namespace
}  // namespace tessera::sim
