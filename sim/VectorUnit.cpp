//===- VectorUnit.cpp - Lane semantics of the vector, EUP and XLU rows ----===//
//
// A vreg is 8 sublanes x 128 lanes of 32-bit words, sublane-major: word
// (s, l) is index s * 128 + l. Packed tiles (vpack.*, vunpack.*) follow the
// VMEM layout of layout::TiledShape: a bf16 (16,128) tile holds rows 2s and
// 2s+1 in the low and high halves of word (s, l); an int8 (32,128) tile
// holds row 4s+j in byte j.
//
//===----------------------------------------------------------------------===//
#include "sim/VectorUnit.h"

#include <bit>

#include "absl/strings/str_format.h"

#include "sim/VectorMath.h"

namespace tessera::sim {
namespace {

using isa::Opcode;
using machine::kLanes;
using machine::kSublanes;
using machine::kVRegElems;

float f32(uint32_t bits) { return std::bit_cast<float>(bits); }
uint32_t bits(float f) { return std::bit_cast<uint32_t>(f); }
int32_t s32(uint32_t bits) { return static_cast<int32_t>(bits); }
uint32_t u32(int32_t v) { return static_cast<uint32_t>(v); }

template <typename F> void unary(const VRegData &a, VRegData &out, F f) {
  for (int i = 0; i < kVRegElems; ++i)
    out[i] = f(a[i]);
}

template <typename F>
void binary(const VRegData &a, const VRegData &b, VRegData &out, F f) {
  for (int i = 0; i < kVRegElems; ++i)
    out[i] = f(a[i], b[i]);
}

template <typename F> void unaryF32(const VRegData &a, VRegData &out, F f) {
  unary(a, out, [&](uint32_t x) { return bits(f(f32(x))); });
}

template <typename F>
void binaryF32(const VRegData &a, const VRegData &b, VRegData &out, F f) {
  binary(a, b, out, [&](uint32_t x, uint32_t y) { return bits(f(f32(x), f32(y))); });
}

template <typename F>
void binaryS32(const VRegData &a, const VRegData &b, VRegData &out, F f) {
  binary(a, b, out, [&](uint32_t x, uint32_t y) { return u32(f(s32(x), s32(y))); });
}

void compareF32(vmath::CmpKind kind, const VRegData &a, const VRegData &b,
                VRegData &out) {
  binary(a, b, out, [&](uint32_t x, uint32_t y) -> uint32_t {
    return vmath::compareF32(kind, f32(x), f32(y));
  });
}

void compareS32(vmath::CmpKind kind, const VRegData &a, const VRegData &b,
                VRegData &out) {
  binary(a, b, out, [&](uint32_t x, uint32_t y) -> uint32_t {
    return vmath::compareS32(kind, s32(x), s32(y));
  });
}

/// vredsub.*: per lane, the butterfly over the 8 sublanes.
void reduceSublanes(vmath::ReduceKind kind, bool isFloat, const VRegData &a,
                    VRegData &out) {
  for (int l = 0; l < kLanes; ++l) {
    uint32_t result;
    if (isFloat) {
      float column[kSublanes];
      for (int s = 0; s < kSublanes; ++s)
        column[s] = f32(a[s * kLanes + l]);
      result = bits(vmath::reduceSublanes(kind, column));
    } else {
      int32_t column[kSublanes];
      for (int s = 0; s < kSublanes; ++s)
        column[s] = s32(a[s * kLanes + l]);
      result = u32(vmath::reduceSublanes(kind, column));
    }
    for (int s = 0; s < kSublanes; ++s)
      out[s * kLanes + l] = result;
  }
}

/// vredlane.*: per sublane, the butterfly over the 128 lanes.
void reduceLanes(vmath::ReduceKind kind, bool isFloat, const VRegData &a,
                 VRegData &out) {
  for (int s = 0; s < kSublanes; ++s) {
    const uint32_t *row = a.data() + s * kLanes;
    uint32_t result;
    if (isFloat) {
      float values[kLanes];
      for (int l = 0; l < kLanes; ++l)
        values[l] = f32(row[l]);
      result = bits(vmath::reduceLanes(kind, values));
    } else {
      int32_t values[kLanes];
      for (int l = 0; l < kLanes; ++l)
        values[l] = s32(row[l]);
      result = u32(vmath::reduceLanes(kind, values));
    }
    for (int l = 0; l < kLanes; ++l)
      out[s * kLanes + l] = result;
  }
}

/// Row r (0-15 / 0-31) of the tile that rows-of-8 vregs `parts` form.
uint32_t tileWord(std::span<const VRegData *const> parts, int r, int l) {
  return (*parts[r / kSublanes])[(r % kSublanes) * kLanes + l];
}

/// vpack.s16 / vpack.s8: the rows of `srcs` (8 each) wrapped to `bits` and
/// packed, row p*s + j of the tile in bits [bits * j, bits * (j + 1)) of
/// word (s, l), p = 32 / bits.
void packInts(std::span<const VRegData *const> srcs, int bits, VRegData &out) {
  int p = 32 / bits;
  uint32_t mask = (1u << bits) - 1;
  for (int s = 0; s < kSublanes; ++s)
    for (int l = 0; l < kLanes; ++l) {
      uint32_t word = 0;
      for (int j = 0; j < p; ++j)
        word |= (tileWord(srcs, p * s + j, l) & mask) << (bits * j);
      out[s * kLanes + l] = word;
    }
}

/// vunpack.s16 / vunpack.s8: rows 8 * part .. of a packed tile of `bits`-bit
/// integers, sign-extended.
void unpackInt(const VRegData &a, int bits, int part, VRegData &out) {
  int p = 32 / bits;
  for (int s = 0; s < kSublanes; ++s) {
    int row = part * kSublanes + s;
    for (int l = 0; l < kLanes; ++l) {
      uint32_t word = a[(row / p) * kLanes + l] >> (bits * (row % p));
      // The element's bits in the top of the word, shifted back with sign.
      out[s * kLanes + l] = u32(static_cast<int32_t>(word << (32 - bits)) >> (32 - bits));
    }
  }
}

}  // namespace

bool isComputedVectorOp(Opcode op) {
  switch (op) {
  case Opcode::VMaxF32:
  case Opcode::VMinF32:
  case Opcode::VMaxS32:
  case Opcode::VMinS32:
  case Opcode::VAbsF32:
  case Opcode::VAbsS32:
  case Opcode::VPopcnt:
  case Opcode::VClz:
  case Opcode::VNot:
  case Opcode::VAnd:
  case Opcode::VOr:
  case Opcode::VXor:
  case Opcode::VShlS32:
  case Opcode::VShrAS32:
  case Opcode::VShrLS32:
  case Opcode::VDivS32:
  case Opcode::VRemS32:
  case Opcode::VDivU32:
  case Opcode::VRemU32:
  case Opcode::VCmpEqF32:
  case Opcode::VCmpNeF32:
  case Opcode::VCmpLtF32:
  case Opcode::VCmpLeF32:
  case Opcode::VCmpGtF32:
  case Opcode::VCmpGeF32:
  case Opcode::VCmpEqS32:
  case Opcode::VCmpNeS32:
  case Opcode::VCmpLtS32:
  case Opcode::VCmpLeS32:
  case Opcode::VCmpGtS32:
  case Opcode::VCmpGeS32:
  case Opcode::VSel:
  case Opcode::VCvtF32S32:
  case Opcode::VCvtS32F32:
  case Opcode::VRndBf16:
  case Opcode::VFloorF32:
  case Opcode::VCeilF32:
  case Opcode::VRoundF32:
  case Opcode::VPackBf16:
  case Opcode::VUnpackBf16Lo:
  case Opcode::VUnpackBf16Hi:
  case Opcode::VPackS8:
  case Opcode::VUnpackS8:
  case Opcode::VPackS16:
  case Opcode::VUnpackS16:
  case Opcode::VIotaRow:
  case Opcode::VIotaCol:
  case Opcode::VRedSubSumF32:
  case Opcode::VRedSubMaxF32:
  case Opcode::VRedSubMinF32:
  case Opcode::VRedSubSumS32:
  case Opcode::VRedSubMaxS32:
  case Opcode::VRedSubMinS32:
  case Opcode::VBcastSub:
  case Opcode::VRedLaneSumF32:
  case Opcode::VRedLaneMaxF32:
  case Opcode::VRedLaneMinF32:
  case Opcode::VRedLaneSumS32:
  case Opcode::VRedLaneMaxS32:
  case Opcode::VRedLaneMinS32:
  case Opcode::VBcastLane:
  case Opcode::VRotLane:
  case Opcode::VGatherLane:
  case Opcode::VGatherSub:
  case Opcode::VExpF32:
  case Opcode::VExp2F32:
  case Opcode::VLogF32:
  case Opcode::VLog1pF32:
  case Opcode::VTanhF32:
  case Opcode::VLogisticF32:
  case Opcode::VSqrtF32:
  case Opcode::VRsqrtF32:
  case Opcode::VRcpF32:
  case Opcode::VSinF32:
  case Opcode::VCosF32:
  case Opcode::VErfF32:
  case Opcode::VTanF32:
  case Opcode::VErfInvF32:
  case Opcode::VPowF32:
  case Opcode::VDivF32:
  case Opcode::VRemF32:
    return true;
  default:
    return false;
  }
}

void computeVectorOp(Opcode op, std::span<const VRegData *const> srcs,
                     uint32_t imm, VRegData &out) {
  using vmath::CmpKind;
  using vmath::ReduceKind;
  static const VRegData kNoSource{};  // viota.* read no register
  const VRegData &a = srcs.empty() ? kNoSource : *srcs[0];
  auto b = [&]() -> const VRegData & { return *srcs[1]; };
  switch (op) {
  // --- Min/max, abs, bitwise, shifts, integer division. ---
  case Opcode::VMaxF32:
    return binaryF32(a, b(), out, vmath::maxF);
  case Opcode::VMinF32:
    return binaryF32(a, b(), out, vmath::minF);
  case Opcode::VMaxS32:
    return binaryS32(a, b(), out, [](int32_t x, int32_t y) { return x > y ? x : y; });
  case Opcode::VMinS32:
    return binaryS32(a, b(), out, [](int32_t x, int32_t y) { return x < y ? x : y; });
  case Opcode::VAbsF32:
    return unary(a, out, [](uint32_t x) { return x & 0x7fffffffu; });
  case Opcode::VAbsS32:
    return unary(a, out, [](uint32_t x) { return u32(vmath::absS32(s32(x))); });
  case Opcode::VPopcnt:
    return unary(a, out, [](uint32_t x) { return u32(vmath::popcount(s32(x))); });
  case Opcode::VClz:
    return unary(a, out, [](uint32_t x) { return u32(vmath::clz(s32(x))); });
  case Opcode::VNot:
    return unary(a, out, [](uint32_t x) { return ~x; });
  case Opcode::VAnd:
    return binary(a, b(), out, [](uint32_t x, uint32_t y) { return x & y; });
  case Opcode::VOr:
    return binary(a, b(), out, [](uint32_t x, uint32_t y) { return x | y; });
  case Opcode::VXor:
    return binary(a, b(), out, [](uint32_t x, uint32_t y) { return x ^ y; });
  case Opcode::VShlS32:
    return binaryS32(a, b(), out, vmath::shiftLeft);
  case Opcode::VShrAS32:
    return binaryS32(a, b(), out, vmath::shiftRightArithmetic);
  case Opcode::VShrLS32:
    return binaryS32(a, b(), out, vmath::shiftRightLogical);
  case Opcode::VDivS32:
    return binaryS32(a, b(), out, vmath::divS32);
  case Opcode::VRemS32:
    return binaryS32(a, b(), out, vmath::remS32);
  case Opcode::VDivU32:
    return binary(a, b(), out, vmath::divU32);
  case Opcode::VRemU32:
    return binary(a, b(), out, vmath::remU32);
  // --- Compares and select. ---
  case Opcode::VCmpEqF32:
    return compareF32(CmpKind::Eq, a, b(), out);
  case Opcode::VCmpNeF32:
    return compareF32(CmpKind::Ne, a, b(), out);
  case Opcode::VCmpLtF32:
    return compareF32(CmpKind::Lt, a, b(), out);
  case Opcode::VCmpLeF32:
    return compareF32(CmpKind::Le, a, b(), out);
  case Opcode::VCmpGtF32:
    return compareF32(CmpKind::Gt, a, b(), out);
  case Opcode::VCmpGeF32:
    return compareF32(CmpKind::Ge, a, b(), out);
  case Opcode::VCmpEqS32:
    return compareS32(CmpKind::Eq, a, b(), out);
  case Opcode::VCmpNeS32:
    return compareS32(CmpKind::Ne, a, b(), out);
  case Opcode::VCmpLtS32:
    return compareS32(CmpKind::Lt, a, b(), out);
  case Opcode::VCmpLeS32:
    return compareS32(CmpKind::Le, a, b(), out);
  case Opcode::VCmpGtS32:
    return compareS32(CmpKind::Gt, a, b(), out);
  case Opcode::VCmpGeS32:
    return compareS32(CmpKind::Ge, a, b(), out);
  case Opcode::VSel: {
    const VRegData &x = *srcs[1], &y = *srcs[2];
    for (int i = 0; i < kVRegElems; ++i)
      out[i] = a[i] != 0 ? x[i] : y[i];
    return;
  }
  // --- Conversions and rounding. ---
  case Opcode::VCvtF32S32:
    return unary(a, out, [](uint32_t x) { return bits(vmath::s32ToF32(s32(x))); });
  case Opcode::VCvtS32F32:
    return unary(a, out, [](uint32_t x) { return u32(vmath::f32ToS32(f32(x))); });
  case Opcode::VRndBf16:
    return unaryF32(a, out, vmath::roundBf16);
  case Opcode::VFloorF32:
    return unaryF32(a, out, vmath::floorF);
  case Opcode::VCeilF32:
    return unaryF32(a, out, vmath::ceilF);
  case Opcode::VRoundF32:
    return unaryF32(a, out, vmath::roundHalfEven);
  // --- Packing. ---
  case Opcode::VPackBf16:
    for (int s = 0; s < kSublanes; ++s)
      for (int l = 0; l < kLanes; ++l) {
        uint32_t lo = vmath::bf16Bits(f32(tileWord(srcs, 2 * s, l)));
        uint32_t hi = vmath::bf16Bits(f32(tileWord(srcs, 2 * s + 1, l)));
        out[s * kLanes + l] = lo | hi << 16;
      }
    return;
  case Opcode::VUnpackBf16Lo:
  case Opcode::VUnpackBf16Hi: {
    int first = op == Opcode::VUnpackBf16Lo ? 0 : kSublanes;
    for (int s = 0; s < kSublanes; ++s) {
      int row = first + s;
      for (int l = 0; l < kLanes; ++l) {
        uint32_t word = a[(row / 2) * kLanes + l];
        out[s * kLanes + l] = bits(
            vmath::fromBf16Bits(static_cast<uint16_t>(word >> (16 * (row % 2)))));
      }
    }
    return;
  }
  case Opcode::VPackS8:
    return packInts(srcs, 8, out);
  case Opcode::VUnpackS8:
    return unpackInt(a, 8, static_cast<int>(imm), out);
  case Opcode::VPackS16:
    return packInts(srcs, 16, out);
  case Opcode::VUnpackS16:
    return unpackInt(a, 16, static_cast<int>(imm), out);
  // --- Iota, sublane reductions and broadcast (vector ALU). ---
  case Opcode::VIotaRow:
  case Opcode::VIotaCol:
    for (int s = 0; s < kSublanes; ++s)
      for (int l = 0; l < kLanes; ++l)
        out[s * kLanes + l] = op == Opcode::VIotaRow ? s : l;
    return;
  case Opcode::VRedSubSumF32:
    return reduceSublanes(ReduceKind::Sum, true, a, out);
  case Opcode::VRedSubMaxF32:
    return reduceSublanes(ReduceKind::Max, true, a, out);
  case Opcode::VRedSubMinF32:
    return reduceSublanes(ReduceKind::Min, true, a, out);
  case Opcode::VRedSubSumS32:
    return reduceSublanes(ReduceKind::Sum, false, a, out);
  case Opcode::VRedSubMaxS32:
    return reduceSublanes(ReduceKind::Max, false, a, out);
  case Opcode::VRedSubMinS32:
    return reduceSublanes(ReduceKind::Min, false, a, out);
  case Opcode::VBcastSub:
    for (int s = 0; s < kSublanes; ++s)
      for (int l = 0; l < kLanes; ++l)
        out[s * kLanes + l] = a[imm * kLanes + l];
    return;
  // --- Cross-lane unit. ---
  case Opcode::VRedLaneSumF32:
    return reduceLanes(ReduceKind::Sum, true, a, out);
  case Opcode::VRedLaneMaxF32:
    return reduceLanes(ReduceKind::Max, true, a, out);
  case Opcode::VRedLaneMinF32:
    return reduceLanes(ReduceKind::Min, true, a, out);
  case Opcode::VRedLaneSumS32:
    return reduceLanes(ReduceKind::Sum, false, a, out);
  case Opcode::VRedLaneMaxS32:
    return reduceLanes(ReduceKind::Max, false, a, out);
  case Opcode::VRedLaneMinS32:
    return reduceLanes(ReduceKind::Min, false, a, out);
  case Opcode::VBcastLane:
    for (int s = 0; s < kSublanes; ++s)
      for (int l = 0; l < kLanes; ++l)
        out[s * kLanes + l] = a[s * kLanes + imm];
    return;
  case Opcode::VGatherLane:
    for (int sl = 0; sl < kSublanes; ++sl)
      for (int l = 0; l < kLanes; ++l)
        out[sl * kLanes + l] = a[sl * kLanes + (b()[sl * kLanes + l] & (kLanes - 1))];
    return;
  case Opcode::VGatherSub:
    for (int sl = 0; sl < kSublanes; ++sl)
      for (int l = 0; l < kLanes; ++l)
        out[sl * kLanes + l] = a[(b()[sl * kLanes + l] & (kSublanes - 1)) * kLanes + l];
    return;
  case Opcode::VRotLane: {
    // np.roll by a signed amount: out[l] = a[(l - k) mod 128].
    int shift = static_cast<int>(((static_cast<int64_t>(s32(imm)) % kLanes) +
                                  kLanes) %
                                 kLanes);
    for (int s = 0; s < kSublanes; ++s)
      for (int l = 0; l < kLanes; ++l)
        out[s * kLanes + l] = a[s * kLanes + (l - shift + kLanes) % kLanes];
    return;
  }
  // --- Transcendental unit. ---
  case Opcode::VExpF32:
    return unaryF32(a, out, vmath::exp);
  case Opcode::VExp2F32:
    return unaryF32(a, out, vmath::exp2);
  case Opcode::VLogF32:
    return unaryF32(a, out, vmath::log);
  case Opcode::VLog1pF32:
    return unaryF32(a, out, vmath::log1p);
  case Opcode::VTanhF32:
    return unaryF32(a, out, vmath::tanh);
  case Opcode::VLogisticF32:
    return unaryF32(a, out, vmath::logistic);
  case Opcode::VSqrtF32:
    return unaryF32(a, out, vmath::sqrt);
  case Opcode::VRsqrtF32:
    return unaryF32(a, out, vmath::rsqrt);
  case Opcode::VRcpF32:
    return unaryF32(a, out, vmath::rcp);
  case Opcode::VSinF32:
    return unaryF32(a, out, vmath::sin);
  case Opcode::VCosF32:
    return unaryF32(a, out, vmath::cos);
  case Opcode::VErfF32:
    return unaryF32(a, out, vmath::erf);
  case Opcode::VTanF32:
    return unaryF32(a, out, vmath::tan);
  case Opcode::VErfInvF32:
    return unaryF32(a, out, vmath::erfInv);
  case Opcode::VPowF32:
    return binaryF32(a, b(), out, vmath::pow);
  case Opcode::VDivF32:
    return binaryF32(a, b(), out, vmath::divF32);
  case Opcode::VRemF32:
    return binaryF32(a, b(), out, vmath::remF32);
  default:
    return;
  }
}

void TransposeUnit::reset() {
  pushed_ = 0;
  hasResult_ = false;
  ready_ = 0;
  completedBy_ = 0;
}

std::string TransposeUnit::push(uint32_t part, const VRegData &value,
                                int64_t cycle, int latency, uint32_t bundle) {
  staging_[part] = value;
  pushed_ |= uint32_t{1} << part;
  if (part != kParts - 1)
    return "";
  constexpr uint32_t kAll = (uint32_t{1} << kParts) - 1;
  if (pushed_ != kAll) {
    int missing = std::countr_one(pushed_);
    pushed_ = 0;
    return absl::StrFormat("vxpose.push of the last part (%d) completes a "
                           "group whose part %d was not pushed since the last "
                           "group",
                           kParts - 1, missing);
  }
  // result[r][c] = staging[c][r] over the 128x128 block: part k of the
  // result is rows 8k..8k+7, row r = 8k + s.
  for (int k = 0; k < kParts; ++k)
    for (int s = 0; s < kSublanes; ++s)
      for (int c = 0; c < kLanes; ++c) {
        int r = k * kSublanes + s;
        result_[k][s * kLanes + c] =
            staging_[c / kSublanes][(c % kSublanes) * kLanes + r];
      }
  pushed_ = 0;
  hasResult_ = true;
  ready_ = cycle + latency;
  completedBy_ = bundle;
  return "";
}

std::string TransposeUnit::pop(uint32_t part, int64_t cycle, VRegData &out,
                               const Program &program) const {
  if (!hasResult_)
    return absl::StrFormat("vxpose.pop of part %d: no transpose group has "
                           "been completed (16 vxpose.push, the last of part "
                           "%d)",
                           part, kParts - 1);
  if (cycle < ready_)
    return absl::StrFormat("vxpose.pop at cycle %d reads the transpose that "
                           "%s completed, ready at cycle %d",
                           cycle, program.describeBundle(completedBy_), ready_);
  out = result_[part];
  return "";
}

}  // namespace tessera::sim
