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

/// The kernels over one strip of kN words. dst may be any of the sources
/// (whole arrays, never a part of one), and each word of the sources is read
/// before that word of dst is written: vectorize regardless (else an in-place
/// op takes the scalar fallback of the vectorizer's overlap check, 3x
/// slower).
/// An operand that a vimm / vbcast of the queue filled comes as its value
/// (yv, zv with SplatY, SplatZ), as native code keeps a constant in a
/// register instead of loading it. A step that a copy was merged into
/// (Step::tee) also writes x to `tee` in the same pass.
using Kernel = void (*)(uint32_t *dst, const uint32_t *x, const uint32_t *y,
                        const uint32_t *z, uint32_t yv, uint32_t zv,
                        uint32_t *tee);

constexpr int kNumFused = 16 * kBinaryKinds * kBinaryKinds;

namespace generic {
#include "sim/VectorKernels.inc"
}  // namespace generic

#if defined(__clang__) && defined(__x86_64__)
#define TESSERA_SIM_AVX2_KERNELS 1
// The same kernels compiled for AVX2 (256-bit vectors: on sim_bench the
// queue's passes over register storage and VMEM are bound by load and
// store instructions, and SSE2, the x86-64 baseline, moves 16 bytes each).
#pragma clang attribute push(__attribute__((target("avx2"))),             \
                             apply_to = function)
namespace avx2 {
#include "sim/VectorKernels.inc"
}  // namespace avx2
#pragma clang attribute pop
#endif

/// The kernel tables of the host's instruction set, chosen once.
struct KernelTables {
  const Kernel *binary;  // Index (k * 2 + splatY) * 2 + tee.
  const Kernel *fused;   // See fusedKernels.
};
const KernelTables &kernelTables() {
  // A function-local static: a simulation that runs during static
  // initialization (of another file) finds the tables chosen.
  static const KernelTables tables = []() -> KernelTables {
#ifdef TESSERA_SIM_AVX2_KERNELS
    if (__builtin_cpu_supports("avx2"))
      return {avx2::kBinary.data(), avx2::kFused.data()};
#endif
    return {generic::kBinary.data(), generic::kFused.data()};
  }();
  return tables;
}

/// What the operands a kernel does not read point at (Call in execute):
/// whole arrays, so that a strip's offset stays inside them.
constexpr std::array<uint32_t, kWords> kUnused{};
std::array<uint32_t, kWords> kUnusedTee;  // never written: no step tees there

/// The copy and the fill of a strip, as kernels: dst = x, dst = yv.
void copyStrip(uint32_t *dst, const uint32_t *x, const uint32_t *,
               const uint32_t *, uint32_t, uint32_t, uint32_t *) {
  std::memcpy(dst, x, kN * sizeof(uint32_t));
}
void fillStrip(uint32_t *dst, const uint32_t *, const uint32_t *,
               const uint32_t *, uint32_t yv, uint32_t, uint32_t *) {
  std::fill_n(dst, kN, yv);
}

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
  // The op that wrote each op's destination last before it (-1: none).
  std::array<int16_t, kMaxOps> prevWriter;
  // Writes to each id over the whole queue: a leaf whose version is this
  // holds its final value (nothing later in the queue writes it).
  std::array<uint16_t, kNumIds> finalVersion{};
  for (int k = 0; k < n; ++k) {
    for (int s = 0; s < 2; ++s) {
      uint8_t id = idOf(k, 2 + s);
      int16_t p = id == kNoId ? -1 : lastWriter[id];
      producer[k][s] = p;
      if (p >= 0)
        reads[p] = reads[p] == 0 ? 1 : 2;
    }
    uint8_t dst = idOf(k, 1);
    prevWriter[k] = lastWriter[dst];
    if (lastWriter[dst] >= 0)
      overwritten[lastWriter[dst]] = 1;
    lastWriter[dst] = static_cast<int16_t>(k);
    ++finalVersion[dst];
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
  // Leaf i of an expression is a queued fill's value, not read from its
  // array (Step::splat: y is leaf 1, z leaf 2).
  auto splatLeaf = [](const Expr &e, int i) {
    return (i == 1 && (e.step.splat & Step::kSplatY)) ||
           (i == 2 && (e.step.splat & Step::kSplatZ));
  };
  // Whether step e may run after the rest of the queue, when the queue
  // ends a run (Step::deferrable): it writes a register that nothing in the
  // queue writes again, from registers (or fills' values) that nothing in
  // the queue writes after it, so it computes the same words at any time
  // until the registers change (the next launch, which drops it unrun).
  // Its readers in the queue must be deferrable too (see below).
  auto deferrableLeaves = [&](const Expr &e, int k) {
    if (idOf(k, 1) >= kNumRegIds || overwritten[k])
      return false;
    for (int i = 0; i < e.numLeaves; ++i)
      if (!splatLeaf(e, i) && (e.leafId[i] >= kNumRegIds ||
                               e.leafVersion[i] != finalVersion[e.leafId[i]]))
        return false;
    return true;
  };
  // Producer p may be computed inside its only reader: inlined if nothing
  // can see p's result (a later op overwrites it), else duplicated (the
  // reader recomputes it, and p's own step stays) if p is deferrable, so
  // that p's result, which outlives the queue, is written only when
  // something reads it (usually never: the next launch resets the
  // registers) instead of by every run.
  enum class Inline { No, Yes, Duplicate };
  auto inlinable = [&](int p) {
    if (p < 0 || reads[p] != 1 || kindOf(p) == Kind::Fill)
      return Inline::No;
    const Expr &e = exprs[p];
    for (int i = 0; i < e.numLeaves; ++i)
      if (version[e.leafId[i]] != e.leafVersion[i])
        return Inline::No;
    if (overwritten[p])
      return Inline::Yes;
    return deferrableLeaves(e, p) ? Inline::Duplicate : Inline::No;
  };
  // Takes p's expression into its reader.
  auto take = [&](int p) {
    if (inlinable(p) == Inline::Yes)
      inlined[p] = 1;
    return exprs[p];
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
      if (int p = producer[k][0]; inlinable(p) != Inline::No) {
        e = take(p);
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
      if (inlinable(pa) != Inline::No && simple(pa))
        a = take(pa);
      if (inlinable(pb) != Inline::No && simple(pb) &&
          (a.step.shape == Shape::Copy ||
           exprs[pb].step.shape == Shape::Copy))
        b = take(pb);
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

  // A copy whose result outlives the queue (a vld of a register that stays
  // live) and a later step that writes VMEM from that result (the vst of
  // vld -> vmul -> vadd) cost two passes over the tile: the copy reads it
  // and writes the register, the step reads the register back. The step
  // is merged into the copy instead (Step::tee): one pass at the copy's
  // place reads the copy's source, writes the register and computes the
  // step. That moves the step earlier, which keeps every word's history if
  // nothing between the two reads or writes the step's destination and
  // nothing between writes its other leaves (then they read the same
  // values at the copy as at the step; x is the copy's source there). The
  // destination is a VMEM tile, so neither step could wait at the end of a
  // run (Step::deferrable). Recorded at the step's own place, the merged
  // reads keep later checks conservative.
  std::array<uint8_t, kMaxOps> teeOf;  // per copy: the step merged into it
  teeOf.fill(Step::kNoTee);
  std::array<uint8_t, kMaxOps> merged{};
  std::array<int16_t, kNumIds> lastLeafRead;  // the last step reading each id
  lastLeafRead.fill(-1);
  auto producerOf = [&](uint8_t ref) { return producer[ref / 2][ref % 2]; };
  for (int k = 0; k < n; ++k) {
    if (inlined[k])
      continue;
    Expr &e = exprs[k];
    uint8_t dst = idOf(k, 1);
    int c = e.step.shape == Shape::Binary || e.step.shape == Shape::Left ||
                    e.step.shape == Shape::Right
                ? producerOf(e.step.x)
                : -1;
    bool merge = c >= 0 && dst >= kNumRegIds && !inlined[c] &&
                 exprs[c].step.shape == Shape::Copy &&
                 teeOf[c] == Step::kNoTee && idOf(c, 1) != dst &&
                 prevWriter[k] < c && lastLeafRead[dst] <= c;
    auto leafOk = [&](bool splat, uint8_t ref, int i) {
      return splat ||
             (e.leafId[i] != idOf(c, 1) && producerOf(ref) < c);
    };
    if (merge && e.step.shape == Shape::Binary)
      merge = leafOk(e.step.splat & Step::kSplatY, e.step.y, 1);
    else if (merge)
      merge = leafOk(e.step.splat & Step::kSplatY, e.step.y, 1) &&
              leafOk(e.step.splat & Step::kSplatZ, e.step.z, 2);
    for (int i = 0; i < e.numLeaves; ++i)
      lastLeafRead[e.leafId[i]] = static_cast<int16_t>(k);
    if (!merge)
      continue;
    Expr combined = e;
    combined.step.x = exprs[c].step.x;
    combined.leafId[0] = exprs[c].leafId[0];
    combined.leafVersion[0] = exprs[c].leafVersion[0];
    exprs[c] = combined;
    teeOf[c] = static_cast<uint8_t>(k);
    merged[k] = 1;
  }
  // The destinations of step k: its op's, and that of the step merged into
  // it (then k's op is the copy: its destination is the tee's).
  auto secondDst = [&](int k) {
    return teeOf[k] == Step::kNoTee ? kNoId : idOf(teeOf[k], 1);
  };

  // The steps that may run after the others when the queue ends a run
  // (run(true)): from the last op back, a step whose result and leaves
  // allow it (deferrableLeaves) and that no later step running now reads.
  std::array<uint8_t, kNumIds> readNow{};  // by a later step that runs now
  std::array<uint8_t, kMaxOps> deferrable{};
  bool anyDeferrable = false;
  for (int k = n - 1; k >= 0; --k) {
    if (inlined[k] || merged[k])
      continue;
    const Expr &e = exprs[k];
    uint8_t dst = idOf(k, 1);
    deferrable[k] = !readNow[dst] && deferrableLeaves(e, k) &&
                    teeOf[k] == Step::kNoTee;
    readNow[dst] = 0;  // earlier steps read earlier versions
    if (uint8_t second = secondDst(k); second != kNoId)
      readNow[second] = 0;
    if (!deferrable[k])
      for (int i = 0; i < e.numLeaves; ++i)
        if (!splatLeaf(e, i))
          readNow[e.leafId[i]] = 1;
    anyDeferrable |= deferrable[k] != 0;
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
    if (inlined[k] || merged[k])
      continue;
    const Expr &e = exprs[k];
    uint8_t dst = idOf(k, 1), second = secondDst(k);
    int g = std::max(writeGroup[dst], readGroup[dst]);
    if (second != kNoId)
      g = std::max({g, int{writeGroup[second]}, int{readGroup[second]}});
    for (int i = 0; i < e.numLeaves; ++i)
      g = std::max<int>(g, writeGroup[e.leafId[i]]);
    if (g < 0)
      g = numGroups++;
    for (int i = 0; i < e.numLeaves; ++i)
      readGroup[e.leafId[i]] =
          std::max(readGroup[e.leafId[i]], static_cast<int16_t>(g));
    writeGroup[dst] = static_cast<int16_t>(g);
    if (second != kNoId)
      writeGroup[second] = static_cast<int16_t>(g);
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
  plan.anyDeferrable = anyDeferrable;
  for (int k = 0; k < n; ++k)
    if (!inlined[k] && !merged[k]) {
      Step &step = plan.steps[next[groupOf[k]]++];
      step = exprs[k].step;
      step.deferrable = deferrable[k] != 0;
      // The step merged into copy k computes at k and also writes k's
      // destination.
      step.tee = teeOf[k] == Step::kNoTee ? Step::kNoTee
                                          : static_cast<uint8_t>(k);
      ++plan.numSteps;
    }
}

void VectorQueue::execute(const Plan &plan, Phase phase) const {
  using Shape = Step::Shape;
  const KernelTables &kernels = kernelTables();
  // A splat operand names the queued fill op whose value it is, any other
  // operand a source of a queued op.
  auto src = [&](uint8_t ref) { return ops_[ref / 2].src[ref % 2]; };
  // An operand `ref` as a kernel takes it: the fill's value or a source.
  auto operand = [&](bool splat, uint8_t ref, uint32_t &value, const uint32_t *&data) {
    if (splat)
      value = ops_[ref].value;
    else
      data = src(ref);
  };
  // A group's steps of this phase, resolved once to their kernels and
  // whole arrays; then the group runs strip by strip, a call per step and
  // strip. An operand a kernel does not read points at kUnused, so that
  // every operand can advance with the strip.
  struct Call {
    Kernel kernel;
    uint32_t *dst;
    const uint32_t *x, *y, *z;
    uint32_t yv, zv;
    uint32_t *tee;
  };
  std::array<Call, kMaxOps> calls;
  for (int g = 0; g < plan.numGroups; ++g) {
    int numCalls = 0;
    for (int r = plan.groupStart[g]; r < plan.groupStart[g + 1]; ++r) {
      const Step &s = plan.steps[r];
      if (phase != Phase::All && s.deferrable != (phase == Phase::Deferred))
        continue;
      const Op &op = ops_[s.op];
      bool splatY = s.splat & Step::kSplatY;
      bool splatZ = s.splat & Step::kSplatZ;
      bool teed = s.tee != Step::kNoTee;
      Call c{nullptr, op.dst, kUnused.data(), kUnused.data(), kUnused.data(),
             0, 0, teed ? ops_[s.tee].dst : kUnusedTee.data()};
      switch (s.shape) {
      case Shape::Copy:
        c.x = src(s.x);
        if (c.x == c.dst)
          continue;  // a fused vld -> vst of one tile: nothing to do
        c.kernel = &copyStrip;
        break;
      case Shape::Fill:
        c.kernel = &fillStrip;
        c.yv = op.value;
        break;
      case Shape::Binary:
        c.kernel = kernels.binary[(s.k1 * 2 + splatY) * 2 + teed];
        c.x = src(s.x);
        operand(splatY, s.y, c.yv, c.y);
        break;
      case Shape::Left:
      case Shape::Right: {
        int right = s.shape == Shape::Right;
        c.kernel =
            kernels.fused[((((s.k1 * kBinaryKinds + s.k2) * 2 + right) * 2 +
                            splatY) * 2 + splatZ) * 2 + teed];
        c.x = src(s.x);
        operand(splatY, s.y, c.yv, c.y);
        operand(splatZ, s.z, c.zv, c.z);
        break;
      }
      }
      calls[numCalls++] = c;
    }
    for (int at = 0; at < kWords; at += kN)
      for (int i = 0; i < numCalls; ++i) {
        const Call &c = calls[i];
        c.kernel(c.dst + at, c.x + at, c.y + at, c.z + at, c.yv, c.zv,
                 c.tee + at);
      }
  }
}

void VectorQueue::run(bool endOfRun) {
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
  if (endOfRun && plan->anyDeferrable) {
    // The deferrable steps wait for a reader (materialize) or the next
    // launch (dropPending); ops_ keeps their arrays until then.
    execute(*plan, Phase::Now);
    pending_ = plan;
  } else {
    execute(*plan, Phase::All);
  }
  size_ = 0;
  numTiles_ = 0;
  unalignedTiles_ = false;
}

void VectorQueue::runPending() {
  const Plan *plan = pending_;
  pending_ = nullptr;
  execute(*plan, Phase::Deferred);
}

}  // namespace tessera::sim
