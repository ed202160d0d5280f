//===- VectorQueue.cpp - Deferred and fused data of elementwise vector ops ===//
#include "sim/VectorQueue.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <utility>

namespace tessera::sim {
namespace {

using Kind = VectorQueue::Kind;
constexpr int kBinaryKinds = VectorQueue::kNumBinaryKinds;
/// Words of each array that a group of ops processes before the next
/// strip: a strip of every array a group touches stays in L1 from the op
/// that writes it to the ops that read it (measured on sim_bench: 256 words
/// beat whole arrays by ~5%, 512 and 128 by less; 64 loses ~15%).
constexpr int kN = 256;
constexpr int kWords = machine::kVRegElems;
static_assert(kWords % kN == 0);

/// Word semantics of the binary kinds (the vector ALU rows of Isa.def).
template <int K> uint32_t apply(uint32_t x, uint32_t y) {
  // Each op rounds on its own, also when fused: never contract a multiply
  // and an add into an FMA.
#pragma clang fp contract(off)
  auto f = [](uint32_t w) { return std::bit_cast<float>(w); };
  auto w = [](float v) { return std::bit_cast<uint32_t>(v); };
  switch (static_cast<Kind>(K)) {
  case Kind::AddF32:
    return w(f(x) + f(y));
  case Kind::SubF32:
    return w(f(x) - f(y));
  case Kind::MulF32:
    return w(f(x) * f(y));
  case Kind::AddS32:
    return x + y;
  case Kind::SubS32:
    return x - y;
  case Kind::MulS32:
    return x * y;
  default:
    return 0;
  }
}

/// The kernels over one strip of kN words. dst may be any of the sources
/// (whole arrays, never a part of one), and each word of the sources is read
/// before that word of dst is written: vectorize regardless (else an in-place
/// op takes the scalar fallback of the vectorizer's overlap check, 3x
/// slower).
/// An operand that a vimm / vbcast of the queue filled comes as its value
/// (yv, zv with SplatY, SplatZ), as native code keeps a constant in a
/// register instead of loading it.
using Kernel = void (*)(uint32_t *dst, const uint32_t *x, const uint32_t *y,
                        const uint32_t *z, uint32_t yv, uint32_t zv);

// Sanitizer builds instrument the loads and stores with checks that leave
// a loop whose trip count the vectorizer cannot see; the requested
// vectorization then fails there (and only there) with a warning.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpass-failed"

/// dst = k(x, y).
template <int K, bool SplatY>
void binary(uint32_t *dst, const uint32_t *x, const uint32_t *y,
            const uint32_t *, uint32_t yv, uint32_t) {
#pragma clang loop vectorize(assume_safety)
  for (int i = 0; i < kN; ++i)
    dst[i] = apply<K>(x[i], SplatY ? yv : y[i]);
}

/// dst = k2(k1(x, y), z), or with `Right` dst = k2(z, k1(x, y)).
template <int K1, int K2, bool Right, bool SplatY, bool SplatZ>
void fused(uint32_t *dst, const uint32_t *x, const uint32_t *y,
           const uint32_t *z, uint32_t yv, uint32_t zv) {
#pragma clang loop vectorize(assume_safety)
  for (int i = 0; i < kN; ++i) {
    uint32_t t = apply<K1>(x[i], SplatY ? yv : y[i]);
    uint32_t w = SplatZ ? zv : z[i];
    dst[i] = Right ? apply<K2>(w, t) : apply<K2>(t, w);
  }
}

#pragma clang diagnostic pop

/// Index k * 2 + splatY.
template <int... I>
constexpr std::array<Kernel, sizeof...(I)>
binaryKernels(std::integer_sequence<int, I...>) {
  return {&binary<I / 2, I % 2 == 1>...};
}
/// Index (((k1 * kBinaryKinds + k2) * 2 + right) * 2 + splatY) * 2 + splatZ.
template <int... I>
constexpr std::array<Kernel, sizeof...(I)>
fusedKernels(std::integer_sequence<int, I...>) {
  return {&fused<I / (8 * kBinaryKinds), I / 8 % kBinaryKinds, I / 4 % 2 == 1,
                 I / 2 % 2 == 1, I % 2 == 1>...};
}

constexpr std::array<Kernel, 2 * kBinaryKinds> kBinary =
    binaryKernels(std::make_integer_sequence<int, 2 * kBinaryKinds>());
constexpr int kNumFused = 8 * kBinaryKinds * kBinaryKinds;
constexpr std::array<Kernel, kNumFused> kFused =
    fusedKernels(std::make_integer_sequence<int, kNumFused>());

}  // namespace

void VectorQueue::makePlan(Plan &plan) const {
  using Shape = Step::Shape;
  const int n = size_;
  auto kindOf = [&](int k) { return static_cast<Kind>(signature_[k] & 0xff); };
  auto idOf = [&](int k, int field) {  // 1: dst, 2: a, 3: b
    return static_cast<uint8_t>(signature_[k] >> (8 * field));
  };

  // Who produced each source, how often each result is read (2: twice or
  // more) and whether a later op overwrites it.
  std::array<int16_t, kNumIds> lastWriter;
  lastWriter.fill(-1);
  std::array<std::array<int16_t, 2>, kMaxOps> producer;
  std::array<uint8_t, kMaxOps> reads{}, overwritten{};
  for (int k = 0; k < n; ++k) {
    for (int s = 0; s < 2; ++s) {
      uint8_t id = idOf(k, 2 + s);
      int16_t p = id == kNoId ? -1 : lastWriter[id];
      producer[k][s] = p;
      if (p >= 0)
        reads[p] = reads[p] == 0 ? 1 : 2;
    }
    uint8_t dst = idOf(k, 1);
    if (lastWriter[dst] >= 0)
      overwritten[lastWriter[dst]] = 1;
    lastWriter[dst] = static_cast<int16_t>(k);
  }

  // Each op's expression, in op order; a producer is inlined into its only
  // reader if nothing after the queue sees its result and the leaves of its
  // expression (what it read, by id and version: writes so far) are
  // unchanged when the reader runs.
  struct Expr {
    Step step;
    /// A leaf (Copy): the queued vimm / vbcast whose value it holds, or -1.
    int16_t fill;
    uint8_t numLeaves;
    std::array<uint8_t, 3> leafId;
    std::array<uint16_t, 3> leafVersion;
  };
  std::array<uint16_t, kNumIds> version{};
  std::array<Expr, kMaxOps> exprs;
  std::array<uint8_t, kMaxOps> inlined{};
  auto leaf = [&](int k, int s) {
    Expr e;
    e.step = Step{};
    e.step.shape = Shape::Copy;
    e.step.x = static_cast<uint8_t>(2 * k + s);
    e.step.splat = 0;
    int16_t p = producer[k][s];
    e.fill = p >= 0 && kindOf(p) == Kind::Fill ? p : -1;
    e.numLeaves = 1;
    e.leafId[0] = idOf(k, 2 + s);
    e.leafVersion[0] = version[e.leafId[0]];
    return e;
  };
  auto inlinable = [&](int p) {
    if (p < 0 || reads[p] != 1 || !overwritten[p] || kindOf(p) == Kind::Fill)
      return false;
    const Expr &e = exprs[p];
    for (int i = 0; i < e.numLeaves; ++i)
      if (version[e.leafId[i]] != e.leafVersion[i])
        return false;
    return true;
  };
  for (int k = 0; k < n; ++k) {
    Kind kind = kindOf(k);
    Expr &e = exprs[k];
    if (kind == Kind::Fill) {
      e.step = Step{};
      e.step.shape = Shape::Fill;
      e.numLeaves = 0;
      e.fill = -1;
    } else if (kind == Kind::Copy) {
      if (int p = producer[k][0]; inlinable(p)) {
        e = exprs[p];
        inlined[p] = 1;
      } else {
        e = leaf(k, 0);
      }
    } else {
      // At most one operand may be a binary op (kernels of two ops).
      Expr a = leaf(k, 0), b = leaf(k, 1);
      auto simple = [&](int p) {
        return exprs[p].step.shape == Shape::Copy ||
               exprs[p].step.shape == Shape::Binary;
      };
      int pa = producer[k][0], pb = producer[k][1];
      if (inlinable(pa) && simple(pa)) {
        a = exprs[pa];
        inlined[pa] = 1;
      }
      if (inlinable(pb) && simple(pb) &&
          (a.step.shape == Shape::Copy ||
           exprs[pb].step.shape == Shape::Copy)) {
        b = exprs[pb];
        inlined[pb] = 1;
      }
      if (a.step.shape == Shape::Binary || b.step.shape == Shape::Binary) {
        bool right = b.step.shape == Shape::Binary;
        const Expr &inner = right ? b : a, &outer = right ? a : b;
        e = inner;
        e.step.shape = right ? Shape::Right : Shape::Left;
        e.step.k2 = static_cast<uint8_t>(kind);
        e.step.z = outer.step.x;
        if (outer.fill >= 0) {
          e.step.splat |= Step::kSplatZ;
          e.step.z = static_cast<uint8_t>(outer.fill);
        }
        e.leafId[2] = outer.leafId[0];
        e.leafVersion[2] = outer.leafVersion[0];
        e.numLeaves = 3;
      } else {
        e.step.shape = Shape::Binary;
        e.step.k1 = static_cast<uint8_t>(kind);
        e.step.x = a.step.x;
        e.step.y = b.step.x;
        e.step.splat = 0;
        if (b.fill >= 0) {
          e.step.splat = Step::kSplatY;
          e.step.y = static_cast<uint8_t>(b.fill);
        }
        e.leafId = {a.leafId[0], b.leafId[0], 0};
        e.leafVersion = {a.leafVersion[0], b.leafVersion[0], 0};
        e.numLeaves = 2;
      }
      e.fill = -1;
    }
    e.step.op = static_cast<uint8_t>(k);
    ++version[idOf(k, 1)];
  }

  // Order: an op joins the latest group of the ops it depends on (it reads
  // what they write, or writes what they read or write), else a new group;
  // groups run one after the other, each in op order, so every dependence
  // keeps its order. A software-pipelined kernel interleaves the chains of
  // several tiles; run chain by chain, each op finds its source in L1,
  // just written, instead of behind the other chains' arrays.
  std::array<int16_t, kNumIds> writeGroup, readGroup;
  writeGroup.fill(-1);
  readGroup.fill(-1);
  std::array<int16_t, kMaxOps> groupOf;
  std::array<uint8_t, kMaxOps + 1> groupSize{};
  int numGroups = 0;
  for (int k = 0; k < n; ++k) {
    if (inlined[k])
      continue;
    const Expr &e = exprs[k];
    uint8_t dst = idOf(k, 1);
    int g = std::max(writeGroup[dst], readGroup[dst]);
    for (int i = 0; i < e.numLeaves; ++i)
      g = std::max<int>(g, writeGroup[e.leafId[i]]);
    if (g < 0)
      g = numGroups++;
    for (int i = 0; i < e.numLeaves; ++i)
      readGroup[e.leafId[i]] =
          std::max(readGroup[e.leafId[i]], static_cast<int16_t>(g));
    writeGroup[dst] = static_cast<int16_t>(g);
    groupOf[k] = static_cast<int16_t>(g);
    ++groupSize[g];
  }
  std::array<uint8_t, kMaxOps + 1> next;  // counting sort, stable
  next[0] = 0;
  for (int g = 0; g < numGroups; ++g)
    next[g + 1] = static_cast<uint8_t>(next[g] + groupSize[g]);
  plan.size = n;
  std::copy_n(signature_.begin(), n, plan.signature.begin());
  plan.numSteps = 0;
  plan.numGroups = numGroups;
  for (int g = 0; g <= numGroups; ++g)
    plan.groupStart[g] = next[g];
  for (int k = 0; k < n; ++k)
    if (!inlined[k]) {
      plan.steps[next[groupOf[k]]++] = exprs[k].step;
      ++plan.numSteps;
    }
}

void VectorQueue::execute(const Plan &plan) const {
  using Shape = Step::Shape;
  // Words [at, at + kN) of the arrays; a splat operand names the queued
  // fill op whose value it is, any other operand a source of a queued op.
  int at = 0;
  auto src = [&](uint8_t ref) { return ops_[ref / 2].src[ref % 2] + at; };
  // Group by group, strip by strip.
  for (int g = 0; g < plan.numGroups; ++g) {
    for (at = 0; at < kWords; at += kN) {
      for (int r = plan.groupStart[g]; r < plan.groupStart[g + 1]; ++r) {
        const Step &s = plan.steps[r];
        Op op = ops_[s.op];
        op.dst += at;
        bool splatY = s.splat & Step::kSplatY;
        bool splatZ = s.splat & Step::kSplatZ;
        auto y = [&] { return splatY ? nullptr : src(s.y); };
        uint32_t yv = splatY ? ops_[s.y].value : 0;
        switch (s.shape) {
        case Shape::Copy:
          // x is dst for a fused vld -> vst of one tile: nothing to do.
          if (const uint32_t *x = src(s.x); x != op.dst)
            std::memcpy(op.dst, x, kN * sizeof(uint32_t));
          break;
        case Shape::Fill:
          std::fill_n(op.dst, kN, op.value);
          break;
        case Shape::Binary:
          kBinary[s.k1 * 2 + splatY](op.dst, src(s.x), y(), nullptr, yv, 0);
          break;
        case Shape::Left:
        case Shape::Right: {
          int right = s.shape == Shape::Right;
          int kernel =
              (((s.k1 * kBinaryKinds + s.k2) * 2 + right) * 2 + splatY) * 2 +
              splatZ;
          kFused[kernel](op.dst, src(s.x), y(), splatZ ? nullptr : src(s.z),
                         yv, splatZ ? ops_[s.z].value : 0);
          break;
        }
        }
      }
    }
  }
}

void VectorQueue::run() {
  const Plan *plan = nullptr;
  for (const Plan &p : plans_)
    if (p.size == size_ &&
        std::equal(signature_.begin(), signature_.begin() + size_,
                   p.signature.begin())) {
      plan = &p;
      break;
    }
  if (!plan) {
    Plan &fresh = plans_[nextPlan_];
    nextPlan_ = (nextPlan_ + 1) % kNumPlans;
    makePlan(fresh);
    plan = &fresh;
  }
  execute(*plan);
  size_ = 0;
  numTiles_ = 0;
  unalignedTiles_ = false;
}

}  // namespace tessera::sim
