//===- MxuTest.cpp - The matrix units: passes, FIFO, and their faults -----===//
//
// Weight blocks are laid out in VMEM with layout::tileFromRowMajor (bf16
// (16,128) tiles, int8 (32,128) tiles), loaded, pushed, latched and
// streamed; every result must equal vmath::mxuPass bit for bit. Then the
// rules without interlocks: each violation is a fault naming the bundle and
// the MXU, and the core is usable afterwards.
//
//===----------------------------------------------------------------------===//
#include <bit>
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
using machine::kMxuDim;
using machine::kSublanes;
using machine::kVRegElems;
using testing::assemble;
using testing::runOn;

constexpr int kWeights = kMxuDim * kMxuDim;
/// VMEM rows: weights from 0x0 (8 vregs), LHS at 0x40, 0x48, results at
/// 0x100 on.
constexpr int kLhsRow = 0x40;
constexpr int kOutRow = 0x100;

std::vector<std::string> nops(int n) { return std::vector<std::string>(n, "nop"); }

void append(std::vector<std::string> &to, const std::vector<std::string> &more) {
  to.insert(to.end(), more.begin(), more.end());
}

class MxuTest : public ::testing::Test {
protected:
  void SetUp() override {
    std::mt19937 rng(17);
    std::uniform_real_distribution<float> dist(-3.0f, 3.0f);
    weights_.resize(kWeights);
    for (float &w : weights_)
      w = vmath::roundBf16(dist(rng));
    lhs_.resize(2 * kVRegElems);
    for (float &x : lhs_)
      x = dist(rng);  // f32: the MXU rounds it to bf16 on entry
  }

  /// Writes `w` (bf16 values, [k][n]) as 8 packed bf16 vregs at VMEM 0x0.
  void writeBf16Weights(const std::vector<float> &w) {
    std::vector<uint32_t> elems(kWeights);
    for (int i = 0; i < kWeights; ++i)
      elems[i] = vmath::bf16Bits(w[i]);
    layout::TiledShape shape{kMxuDim, kMxuDim, 2, 16};
    std::vector<uint32_t> image(shape.memRows() * kLanes);
    ASSERT_EQ(shape.memRows(), 64);
    layout::tileFromRowMajor(shape, elems.data(), image.data());
    ASSERT_TRUE(core().vmem().writeRows(0, std::as_bytes(std::span(image))).ok());
  }

  void writeLhs() {
    ASSERT_TRUE(core().vmem().writeF32(kLhsRow, lhs_).ok());
  }

  /// vld of `n` weight vregs into v1..vn, the LHS into v9 and v10, then the
  /// load latency.
  std::vector<std::string> loads(int n) {
    std::vector<std::string> b;
    for (int i = 0; i < n; ++i)
      b.push_back(absl::StrFormat("vld v%d, [vmem:0x%x]", i + 1, 8 * i));
    b.push_back(absl::StrFormat("vld v9, [vmem:0x%x]", kLhsRow));
    b.push_back(absl::StrFormat("vld v10, [vmem:0x%x]", kLhsRow + 8));
    append(b, nops(machine::kLatVectorLoad));
    return b;
  }

  /// `n` pushes of v1..vn into `mxu`, kMxuPushInterval apart, then a latch.
  std::vector<std::string> pushes(const std::string &mnemonic, int mxu, int n,
                                  bool latch = true) {
    std::vector<std::string> b;
    for (int i = 0; i < n; ++i) {
      b.push_back(absl::StrFormat("%s mxu%d, v%d", mnemonic, mxu, i + 1));
      append(b, nops(machine::kMxuPushInterval - 1));
    }
    if (latch)
      b.push_back(absl::StrFormat("vmatlatch mxu%d", mxu));
    return b;
  }

  /// vmatmul of v9 on `mxu`, the wait, a pop into v11 and its store.
  std::vector<std::string> matmulPopStore(const std::string &mnemonic, int mxu,
                                          int outRow = kOutRow) {
    std::vector<std::string> b = {
        absl::StrFormat("%s mxu%d, v9", mnemonic, mxu)};
    append(b, nops(machine::kMxuResultLatency - 1));
    b.push_back(absl::StrFormat("vmatpop v11, mxu%d", mxu));
    append(b, nops(machine::kLatMxuPop - 1));
    b.push_back(absl::StrFormat("vst [vmem:0x%x], v11", outRow));
    return b;
  }

  std::vector<uint32_t> readOut(int row = kOutRow) {
    std::vector<uint32_t> out(kVRegElems);
    EXPECT_TRUE(core()
                    .vmem()
                    .readRows(row, std::as_writable_bytes(std::span(out)))
                    .ok());
    return out;
  }

  /// The f32 result of the LHS vreg at `lhsOffset` (words) through `w`.
  std::vector<uint32_t> expectedF32(const std::vector<float> &w,
                                    int lhsOffset = 0) {
    std::vector<uint32_t> out(kVRegElems);
    for (int s = 0; s < kSublanes; ++s) {
      std::array<float, kMxuDim> row =
          vmath::mxuPass(lhs_.data() + lhsOffset + s * kLanes, w.data());
      for (int n = 0; n < kMxuDim; ++n)
        out[s * kLanes + n] = std::bit_cast<uint32_t>(row[n]);
    }
    return out;
  }

  absl::StatusOr<RunResult> run(const std::vector<std::string> &bundles) {
    return runOn(core(), assemble("mxu", bundles));
  }

  TensorCore &core() { return chip_.core(0); }

  /// weights_ as a transposed push latches them: row n of the pushed block
  /// becomes column n of the weights.
  std::vector<float> transposedWeights() const {
    std::vector<float> t(kWeights);
    for (int k = 0; k < kMxuDim; ++k)
      for (int n = 0; n < kMxuDim; ++n)
        t[k * kMxuDim + n] = weights_[n * kMxuDim + k];
    return t;
  }

  Chip chip_;
  std::vector<float> weights_;
  std::vector<float> lhs_;
};

TEST_F(MxuTest, Bf16PassMatchesMxuPass) {
  writeBf16Weights(weights_);
  writeLhs();
  std::vector<std::string> b = loads(8);
  append(b, pushes("vmatpush.bf16", 2, 8));
  append(b, matmulPopStore("vmatmul.f32", 2));
  absl::StatusOr<RunResult> r = run(b);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(readOut(), expectedF32(weights_));
}

TEST_F(MxuTest, TransposedPushMakesTileRowsWeightColumns) {
  writeBf16Weights(weights_);
  writeLhs();
  std::vector<std::string> b = loads(8);
  append(b, pushes("vmatpush.bf16.t", 0, 8));
  append(b, matmulPopStore("vmatmul.f32", 0));
  absl::StatusOr<RunResult> r = run(b);
  ASSERT_TRUE(r.ok()) << r.status();
  // x @ y.T: the pushed rows (N x K) become the weights' columns.
  std::vector<float> transposed = transposedWeights();
  EXPECT_EQ(readOut(), expectedF32(transposed));
}

TEST_F(MxuTest, Int8PassIsExactAndTakesTheLowBytesOfTheLhs) {
  std::mt19937 rng(3);
  std::vector<int8_t> w8(kWeights);
  std::vector<uint32_t> elems(kWeights);
  for (int i = 0; i < kWeights; ++i) {
    w8[i] = static_cast<int8_t>(rng());
    elems[i] = static_cast<uint32_t>(w8[i]);  // sign bits ignored on packing
  }
  layout::TiledShape shape{kMxuDim, kMxuDim, 4, 32};
  ASSERT_EQ(shape.memRows(), 32);
  std::vector<uint32_t> image(shape.memRows() * kLanes);
  layout::tileFromRowMajor(shape, elems.data(), image.data());
  ASSERT_TRUE(core().vmem().writeRows(0, std::as_bytes(std::span(image))).ok());
  std::vector<int32_t> lhs(kVRegElems);
  for (int32_t &x : lhs)
    x = static_cast<int32_t>(rng());  // high bits must be ignored
  ASSERT_TRUE(core().vmem().writeS32(kLhsRow, lhs).ok());

  std::vector<std::string> b = loads(4);
  append(b, pushes("vmatpush.s8", 3, 4));
  append(b, matmulPopStore("vmatmul.s8", 3));
  absl::StatusOr<RunResult> r = run(b);
  ASSERT_TRUE(r.ok()) << r.status();
  std::vector<uint32_t> want(kVRegElems);
  for (int s = 0; s < kSublanes; ++s) {
    int8_t row[kMxuDim];
    for (int k = 0; k < kMxuDim; ++k)
      row[k] = static_cast<int8_t>(lhs[s * kLanes + k]);
    std::array<int32_t, kMxuDim> out = vmath::mxuPass(row, w8.data());
    for (int n = 0; n < kMxuDim; ++n)
      want[s * kLanes + n] = static_cast<uint32_t>(out[n]);
  }
  EXPECT_EQ(readOut(), want);
}

TEST_F(MxuTest, ResultsPopInIssueOrderAndUnitsWorkSideBySide) {
  writeBf16Weights(weights_);
  writeLhs();
  std::vector<std::string> b = loads(8);
  // Both units take a push in the same bundle (two matrix slots).
  for (int i = 0; i < 8; ++i) {
    b.push_back(absl::StrFormat("vmatpush.bf16 mxu0, v%d ; vmatpush.bf16.t mxu1, v%d",
                                i + 1, i + 1));
    append(b, nops(machine::kMxuPushInterval - 1));
  }
  b.push_back("vmatlatch mxu0 ; vmatlatch mxu1");
  b.push_back("vmatmul.f32 mxu0, v9 ; vmatmul.f32 mxu1, v10");
  append(b, nops(machine::kMxuStreamCycles - 1));
  b.push_back("vmatmul.f32 mxu0, v10");
  append(b, nops(machine::kMxuResultLatency - 1));
  b.push_back("vmatpop v11, mxu0 ; vmatpop v12, mxu1");
  b.push_back("vmatpop v13, mxu0");
  append(b, nops(machine::kLatMxuPop));
  b.push_back("vst [vmem:0x100], v11");
  b.push_back("vst [vmem:0x108], v12");
  b.push_back("vst [vmem:0x110], v13");
  absl::StatusOr<RunResult> r = run(b);
  ASSERT_TRUE(r.ok()) << r.status();
  std::vector<float> transposed = transposedWeights();
  EXPECT_EQ(readOut(0x100), expectedF32(weights_, 0));
  EXPECT_EQ(readOut(0x108), expectedF32(transposed, kVRegElems));
  EXPECT_EQ(readOut(0x110), expectedF32(weights_, kVRegElems));
}

TEST_F(MxuTest, AVmatmulInTheLatchingBundleUsesTheOldWeights) {
  writeBf16Weights(weights_);
  writeLhs();
  std::vector<std::string> b = loads(8);
  append(b, pushes("vmatpush.bf16", 0, 8));  // W, latched
  append(b, pushes("vmatpush.bf16.t", 0, 8, /*latch=*/false));  // W.T staged
  b.push_back("vmatlatch mxu0 ; vmatmul.f32 mxu0, v9");  // still W
  append(b, nops(machine::kMxuStreamCycles - 1));
  b.push_back("vmatmul.f32 mxu0, v9");  // W.T
  append(b, nops(machine::kMxuResultLatency - 1));
  b.push_back("vmatpop v11, mxu0");
  b.push_back("vmatpop v12, mxu0");
  append(b, nops(machine::kLatMxuPop));
  b.push_back("vst [vmem:0x100], v11");
  b.push_back("vst [vmem:0x108], v12");
  absl::StatusOr<RunResult> r = run(b);
  ASSERT_TRUE(r.ok()) << r.status();
  std::vector<float> transposed = transposedWeights();
  EXPECT_EQ(readOut(0x100), expectedF32(weights_));
  EXPECT_EQ(readOut(0x108), expectedF32(transposed));
}

// --- Faults. ---

/// Runs `bundles` and expects a fault whose text contains `what`.
#define EXPECT_MXU_FAULT(bundles, what)                                        \
  do {                                                                         \
    absl::StatusOr<RunResult> r_ = run(bundles);                               \
    ASSERT_FALSE(r_.ok()) << "no fault, expected: " << (what);                 \
    EXPECT_EQ(r_.status().code(), absl::StatusCode::kFailedPrecondition);      \
    EXPECT_NE(r_.status().message().find(what), std::string::npos)            \
        << r_.status();                                                        \
  } while (0)

TEST_F(MxuTest, LatchNeedsAFullStagingBuffer) {
  std::vector<std::string> b = pushes("vmatpush.bf16", 1, 7);
  EXPECT_MXU_FAULT(b, "kernel 'mxu': bundle 0x000e (test.cc:15): vmatlatch of "
                      "mxu1: the staging buffer holds 7 of the 8 bf16 pushes a "
                      "weight block needs (8 bf16 or 4 int8)");
  EXPECT_MXU_FAULT(pushes("vmatpush.s8", 0, 3),
                   "vmatlatch of mxu0: the staging buffer holds 3 of the 4 int8 "
                   "pushes");
  EXPECT_MXU_FAULT({"vmatlatch mxu2"},
                   "vmatlatch of mxu2: the staging buffer holds 0 of the 8 bf16 "
                   "pushes");
  // A latch empties the staging buffer: latching twice is an error.
  b = pushes("vmatpush.s8", 0, 4);
  b.push_back("vmatlatch mxu0");
  EXPECT_MXU_FAULT(b, "vmatlatch of mxu0: the staging buffer holds 0");
}

TEST_F(MxuTest, PushRules) {
  EXPECT_MXU_FAULT((std::vector<std::string>{"vmatpush.bf16 mxu0, v1",
                                             "vmatpush.bf16 mxu0, v2"}),
                   "bundle 0x0001 (test.cc:2): vmatpush.bf16 to mxu0 at cycle "
                   "1: the MXU takes one push every 2 cycles; the previous "
                   "push (bundle 0x0000 (test.cc:1)) allows the next at cycle 2");
  // Another MXU is not busy.
  EXPECT_TRUE(run({"vmatpush.bf16 mxu0, v1", "vmatpush.bf16 mxu1, v2"}).ok());
  std::vector<std::string> b = pushes("vmatpush.bf16", 0, 8, false);
  b.push_back("vmatpush.bf16 mxu0, v1");
  EXPECT_MXU_FAULT(b, "vmatpush.bf16 to mxu0: the staging buffer is full (8 "
                      "pushes); latch it first");
  EXPECT_MXU_FAULT((std::vector<std::string>{"vmatpush.bf16 mxu0, v1", "nop",
                                             "vmatpush.s8 mxu0, v1"}),
                   "vmatpush.s8 to mxu0: its staging buffer already holds 1 "
                   "bf16 pushes; latch them first");
  EXPECT_MXU_FAULT((std::vector<std::string>{"vmatpush.bf16 mxu0, v1", "nop",
                                             "vmatpush.bf16.t mxu0, v1"}),
                   "mixes transposed and plain pushes");
}

TEST_F(MxuTest, MatmulRules) {
  EXPECT_MXU_FAULT({"vmatmul.f32 mxu1, v0"},
                   "bundle 0x0000 (test.cc:1): vmatmul.f32 on mxu1: no weights "
                   "latched");
  std::vector<std::string> b = pushes("vmatpush.s8", 0, 4);
  b.push_back("vmatmul.f32 mxu0, v0");
  EXPECT_MXU_FAULT(b, "vmatmul.f32 on mxu0: the latched weights are int8, the "
                      "op needs bf16");
  b = pushes("vmatpush.bf16", 0, 8);
  b.push_back("vmatmul.s8 mxu0, v0");
  EXPECT_MXU_FAULT(b, "vmatmul.s8 on mxu0: the latched weights are bf16, the "
                      "op needs int8");
  // Streaming: the next vmatmul on the unit kMxuStreamCycles later at least.
  b = pushes("vmatpush.bf16", 0, 8);
  b.push_back("vmatmul.f32 mxu0, v0");  // bundle 0x11, cycle 17
  append(b, nops(machine::kMxuStreamCycles - 2));
  b.push_back("vmatmul.f32 mxu0, v0");
  EXPECT_MXU_FAULT(b, "vmatmul.f32 on mxu0 at cycle 24: the MXU is still "
                      "streaming the vmatmul of bundle 0x0011 (test.cc:18) "
                      "until cycle 25");
  // Weights stay latched across vmatmuls.
  b.back() = "nop";
  b.push_back("vmatmul.f32 mxu0, v0");
  EXPECT_TRUE(run(b).ok());
}

TEST_F(MxuTest, ResultFifoRules) {
  EXPECT_MXU_FAULT({"vmatpop v1, mxu3"},
                   "bundle 0x0000 (test.cc:1): vmatpop from mxu3: the result "
                   "FIFO is empty");
  std::vector<std::string> b = pushes("vmatpush.bf16", 0, 8);
  b.push_back("vmatmul.f32 mxu0, v0");  // bundle 0x11, cycle 17
  append(b, nops(machine::kMxuResultLatency - 2));
  b.push_back("vmatpop v1, mxu0");
  EXPECT_MXU_FAULT(b, "vmatpop from mxu0 at cycle 32: the oldest result (the "
                      "vmatmul of bundle 0x0011 (test.cc:18)) is ready at "
                      "cycle 33");
  // The FIFO holds kMxuResultSlots results.
  b = pushes("vmatpush.bf16", 0, 8);
  for (int i = 0; i < machine::kMxuResultSlots; ++i) {
    b.push_back("vmatmul.f32 mxu0, v0");
    append(b, nops(machine::kMxuStreamCycles - 1));
  }
  std::vector<std::string> full = b;
  full.push_back("vmatmul.f32 mxu0, v0");
  EXPECT_MXU_FAULT(full, "vmatmul.f32 on mxu0: the result FIFO is full (32 "
                         "results not popped)");
  // Popping one makes room; the popped vreg is readable kLatMxuPop later.
  static_assert(machine::kLatMxuPop == 2);
  b.push_back("vmatpop v1, mxu0");
  b.push_back("vmatmul.f32 mxu0, v0 ; vmov v2, v1");
  EXPECT_MXU_FAULT(b, "reads v1 before it is ready");
  b.back() = "vmatmul.f32 mxu0, v0";
  b.push_back("vmov v2, v1");
  EXPECT_TRUE(run(b).ok());
}

TEST_F(MxuTest, EveryRunStartsWithEmptyUnitsAndFaultsLeaveTheCoreUsable) {
  writeBf16Weights(weights_);
  writeLhs();
  std::vector<std::string> b = loads(8);
  append(b, pushes("vmatpush.bf16", 0, 8));
  b.push_back("vmatmul.f32 mxu0, v9");
  b.push_back("vmatmul.f32 mxu0, v9");  // fault: still streaming
  EXPECT_MXU_FAULT(b, "still streaming");
  // The next run sees no weights and an empty FIFO.
  EXPECT_MXU_FAULT({"vmatpop v1, mxu0"}, "the result FIFO is empty");
  EXPECT_MXU_FAULT({"vmatmul.f32 mxu0, v0"}, "no weights latched");
  b = loads(8);
  append(b, pushes("vmatpush.bf16", 0, 8));
  append(b, matmulPopStore("vmatmul.f32", 0));
  ASSERT_TRUE(run(b).ok());
  EXPECT_EQ(readOut(), expectedF32(weights_));
}

TEST_F(MxuTest, MatrixOpsParseAndCheckTheUnitIndex) {
  absl::StatusOr<isa::Instr> i = isa::parseInstr("vmatpush.bf16.t mxu3, v31");
  ASSERT_TRUE(i.ok()) << i.status();
  EXPECT_EQ(i->opcode, isa::Opcode::VMatPushBf16T);
  EXPECT_EQ(i->ops[0], 3);
  EXPECT_EQ(i->ops[1], 31);
  i = isa::parseInstr("vmatlatch mxu4");
  ASSERT_FALSE(i.ok());
  EXPECT_EQ(i.status().message(),
            "column 11: expected a matrix unit mxu0-mxu3, found 'mxu4'");
  i = isa::parseInstr("vmatpop v1, v2");
  ASSERT_FALSE(i.ok());
  EXPECT_EQ(i.status().message(),
            "column 13: expected a matrix unit mxu0-mxu3, found 'v2'");
  EXPECT_EQ(isa::verifyBundle({isa::makeInstr(isa::Opcode::VMatLatch, {4})})
                .message(),
            "vmatlatch: operand 1 (matrix unit) is 4, allowed range [0, 4)");
  EXPECT_EQ(isa::verifyBundle({isa::makeInstr(isa::Opcode::VMatLatch, {0}),
                               isa::makeInstr(isa::Opcode::VMatLatch, {1}),
                               isa::makeInstr(isa::Opcode::VMatLatch, {2})})
                .message(),
            "slot overflow: 3 matrix ops in one bundle, at most 2 fit");
}

}  // namespace
}  // namespace tessera::sim
