//===- Mxu.cpp - One matrix unit (see Mxu.h) ------------------------------===//
#include "sim/Mxu.h"

#include <bit>
#include <cstring>

#include "absl/strings/str_format.h"
#include "sim/VectorMath.h"

namespace tessera::sim {
namespace {

using isa::Opcode;
using machine::kLanes;
using machine::kMxuDim;
using machine::kSublanes;

std::string_view kindName(MatrixUnit::Kind kind) {
  switch (kind) {
  case MatrixUnit::Kind::None:
    return "no";
  case MatrixUnit::Kind::Bf16:
    return "bf16";
  case MatrixUnit::Kind::S8:
    return "int8";
  }
  return "?";
}

}  // namespace

void MatrixUnit::reset() {
  staging_.kind = Kind::None;
  active_.kind = Kind::None;
  pushes_ = 0;
  stagingTransposed_ = false;
  nextPush_ = 0;
  lastPushBundle_ = 0;
  streamEnd_ = 0;
  lastMatmulBundle_ = 0;
  head_ = 0;
  size_ = 0;
}

std::string MatrixUnit::push(Opcode op, const VRegData &value, int index,
                             int64_t cycle, uint32_t bundle,
                             const Program &program) {
  std::string_view mnemonic = isa::desc(op).mnemonic;
  if (cycle < nextPush_)
    return absl::StrFormat(
        "%s to mxu%d at cycle %d: the MXU takes one push every %d cycles; "
        "the previous push (%s) allows the next at cycle %d",
        mnemonic, index, cycle, machine::kMxuPushInterval,
        program.describeBundle(lastPushBundle_), nextPush_);
  Kind kind = op == Opcode::VMatPushS8 ? Kind::S8 : Kind::Bf16;
  bool transposed = op == Opcode::VMatPushBf16T;
  int full = kind == Kind::S8 ? machine::kMxuS8Pushes : machine::kMxuBf16Pushes;
  if (pushes_ > 0 && staging_.kind != kind)
    return absl::StrFormat("%s to mxu%d: its staging buffer already holds %d "
                           "%s pushes; latch them first",
                           mnemonic, index, pushes_, kindName(staging_.kind));
  if (pushes_ > 0 && stagingTransposed_ != transposed)
    return absl::StrFormat("%s to mxu%d: mixes transposed and plain pushes "
                           "in one staging buffer",
                           mnemonic, index);
  if (pushes_ == full)
    return absl::StrFormat("%s to mxu%d: the staging buffer is full (%d "
                           "pushes); latch it first",
                           mnemonic, index, full);
  if (!staging_.weights)
    staging_.weights = std::make_unique<vmath::MxuWeights>();
  double *weights = staging_.weights->w.data();
  if (kind == Kind::S8) {
    // Byte j of word (s, l) is row 4s + j of the 32-row tile.
    int base = pushes_ * machine::kMxuS8PushRows;
    for (int s = 0; s < kSublanes; ++s)
      for (int l = 0; l < kLanes; ++l)
        for (int j = 0; j < 4; ++j)
          weights[(base + 4 * s + j) * kMxuDim + l] =
              static_cast<int8_t>(value[s * kLanes + l] >> (8 * j));
  } else {
    // Word (s, l) holds rows 2s (low half) and 2s + 1 of the 16-row tile;
    // tile row r is weight row base + r, or transposed weight column.
    int base = pushes_ * machine::kMxuBf16PushRows;
    for (int s = 0; s < kSublanes; ++s)
      for (int l = 0; l < kLanes; ++l)
        for (int h = 0; h < 2; ++h) {
          float w = vmath::fromBf16Bits(
              static_cast<uint16_t>(value[s * kLanes + l] >> (16 * h)));
          int r = base + 2 * s + h;
          weights[transposed ? l * kMxuDim + r : r * kMxuDim + l] = w;
        }
  }
  staging_.kind = kind;
  stagingTransposed_ = transposed;
  ++pushes_;
  nextPush_ = cycle + machine::kMxuPushInterval;
  lastPushBundle_ = bundle;
  return "";
}

std::string MatrixUnit::latch(int index) {
  int full = staging_.kind == Kind::S8 ? machine::kMxuS8Pushes
                                       : machine::kMxuBf16Pushes;
  if (pushes_ == 0 || pushes_ != full)
    return absl::StrFormat(
        "vmatlatch of mxu%d: the staging buffer holds %d of the %d %s pushes "
        "a weight block needs (%d bf16 or %d int8)",
        index, pushes_, full,
        staging_.kind == Kind::None ? "bf16" : kindName(staging_.kind),
        machine::kMxuBf16Pushes, machine::kMxuS8Pushes);
  std::swap(staging_, active_);
  staging_.kind = Kind::None;
  pushes_ = 0;
  stagingTransposed_ = false;
  return "";
}

std::string MatrixUnit::matmul(Opcode op, const VRegData &lhs, int index,
                               int64_t cycle, int latency, uint32_t bundle,
                               const Program &program) {
  std::string_view mnemonic = isa::desc(op).mnemonic;
  Kind want = op == Opcode::VMatMulS8 ? Kind::S8 : Kind::Bf16;
  if (active_.kind == Kind::None)
    return absl::StrFormat("%s on mxu%d: no weights latched", mnemonic, index);
  if (active_.kind != want)
    return absl::StrFormat("%s on mxu%d: the latched weights are %s, the op "
                           "needs %s",
                           mnemonic, index, kindName(active_.kind),
                           kindName(want));
  if (cycle < streamEnd_)
    return absl::StrFormat(
        "%s on mxu%d at cycle %d: the MXU is still streaming the vmatmul of "
        "%s until cycle %d",
        mnemonic, index, cycle, program.describeBundle(lastMatmulBundle_),
        streamEnd_);
  if (size_ == machine::kMxuResultSlots)
    return absl::StrFormat("%s on mxu%d: the result FIFO is full (%d results "
                           "not popped)",
                           mnemonic, index, machine::kMxuResultSlots);
  if (!fifo_)
    fifo_ = std::make_unique<std::array<Result, machine::kMxuResultSlots>>();
  Result &result = (*fifo_)[(head_ + size_) % machine::kMxuResultSlots];
  uint32_t *dst = result.data.data();
  constexpr int kWords = kSublanes * kLanes;
  if (want == Kind::S8) {
    int8_t a[kWords];
    for (int i = 0; i < kWords; ++i)
      a[i] = static_cast<int8_t>(lhs[i]);  // the low 8 bits
    int32_t out[kWords];
    vmath::mxuPassRows(a, kSublanes, *active_.weights, out);
    std::memcpy(dst, out, sizeof out);
  } else {
    // mxuPassRows rounds each f32 to bf16 as it enters.
    float a[kWords], out[kWords];
    std::memcpy(a, lhs.data(), sizeof a);
    vmath::mxuPassRows(a, kSublanes, *active_.weights, out);
    std::memcpy(dst, out, sizeof out);
  }
  result.ready = cycle + latency;
  result.bundle = bundle;
  ++size_;
  streamEnd_ = cycle + machine::kMxuStreamCycles;
  lastMatmulBundle_ = bundle;
  return "";
}

std::string MatrixUnit::pop(int index, int64_t cycle, VRegData &out,
                            const Program &program) {
  if (size_ == 0)
    return absl::StrFormat("vmatpop from mxu%d: the result FIFO is empty",
                           index);
  Result &oldest = (*fifo_)[head_];
  if (oldest.ready > cycle)
    return absl::StrFormat("vmatpop from mxu%d at cycle %d: the oldest "
                           "result (the vmatmul of %s) is ready at cycle %d",
                           index, cycle, program.describeBundle(oldest.bundle),
                           oldest.ready);
  out = oldest.data;
  head_ = (head_ + 1) % machine::kMxuResultSlots;
  --size_;
  return "";
}

}  // namespace tessera::sim
