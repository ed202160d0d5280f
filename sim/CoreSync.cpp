//===- CoreSync.cpp - Signal queues and cross-core happens-before ---------===//
#include "sim/CoreSync.h"

#include <algorithm>
#include <optional>
#include <tuple>
#include <utility>

namespace tessera::sim {

bool CoreSignal::before(const CoreSignal &other) const {
  return std::tie(arrival, from, seq) <
         std::tie(other.arrival, other.from, other.seq);
}

void enqueueSignal(std::vector<CoreSignal> &queue, const CoreSignal &signal) {
  auto at = std::upper_bound(
      queue.begin(), queue.end(), signal,
      [](const CoreSignal &a, const CoreSignal &b) { return a.before(b); });
  queue.insert(at, signal);
}

namespace {

void join(VectorClock &into, const VectorClock &from) {
  for (size_t i = 0; i < into.size(); ++i)
    into[i] = std::max(into[i], from[i]);
}

/// The HBM words [lo, hi) an SMEM DMA reads or writes (its HBM side counts
/// words), or nullopt for a row DMA.
std::optional<std::pair<int64_t, int64_t>> smemDmaHbmWords(const DmaTransfer &t) {
  if (!isSmemDmaOpcode(t.kind) || (t.kind != isa::Opcode::DmaHbmToSmem &&
                                    t.kind != isa::Opcode::DmaSmemToHbm))
    return std::nullopt;
  int64_t at = t.kind == isa::Opcode::DmaHbmToSmem ? t.srcRow : t.dstRow;
  return std::pair{at, at + t.rows};
}

}  // namespace

HappensBefore::HappensBefore() {
  for (int c = 0; c < machine::kCoresPerChip; ++c)
    clocks_[c][c] = 1;
}

VectorClock HappensBefore::sendSignal(int core) {
  VectorClock carried = clocks_[core];
  ++clocks_[core][core];
  return carried;
}

void HappensBefore::signalArrived(int core, int sem, const VectorClock &clock) {
  join(semaphoreClocks_[core][sem], clock);
}

void HappensBefore::waited(int core, int sem, const DmaEngine &engine) {
  if (sem >= 0)
    join(clocks_[core], semaphoreClocks_[core][sem]);
  for (Access &a : accesses_)
    if (a.core == core && a.waitedEpoch < 0 &&
        (sem < 0 || a.dma.semaphore == sem) && !engine.inFlight(a.dma.id))
      a.waitedEpoch = clocks_[core][core];
}

bool HappensBefore::orderedBefore(const Access &a, int core) const {
  return a.waitedEpoch >= 0 && a.waitedEpoch <= clocks_[core][a.core];
}

HappensBefore::Race HappensBefore::issue(int core, const Program &program,
                                         const DmaTransfer &t) {
  DmaRows src = DmaRows::source(t), dst = DmaRows::destination(t);
  if (!src.hbm && !dst.hbm)
    return {};
  // Only the HBM sides: the cores' VMEMs are apart.
  auto meet = [](const DmaRows &a, const DmaRows &b) {
    return a.hbm && b.hbm && a.overlaps(b);
  };
  for (const Access &a : accesses_) {
    if (a.core == core || orderedBefore(a, core))
      continue;
    // Two SMEM DMAs meet only in words they share: the cores of a
    // megacore split write their SMEM blocks of one HBM row apart.
    auto mine = smemDmaHbmWords(t), theirs = smemDmaHbmWords(a.dma);
    if (mine && theirs && (mine->second <= theirs->first || theirs->second <= mine->first))
      continue;
    DmaRows otherSrc = DmaRows::source(a.dma);
    DmaRows otherDst = DmaRows::destination(a.dma);
    if (meet(dst, otherDst))
      return Race{&a, /*otherWrites=*/true, /*writes=*/true, dst};
    if (meet(src, otherDst))
      return Race{&a, /*otherWrites=*/true, /*writes=*/false, src};
    if (meet(dst, otherSrc))
      return Race{&a, /*otherWrites=*/false, /*writes=*/true, dst};
  }
  if (accesses_.size() >= kMaxAccesses)
    prune();
  accesses_.push_back(Access{core, &program, t});
  return {};
}

void HappensBefore::prune() {
  std::erase_if(accesses_, [&](const Access &a) {
    for (int c = 0; c < machine::kCoresPerChip; ++c)
      if (c != a.core && running_[c] && !orderedBefore(a, c))
        return false;
    return true;
  });
  if (accesses_.size() >= kMaxAccesses)
    accesses_.erase(accesses_.begin(),
                    accesses_.begin() + (accesses_.size() - kMaxAccesses + 1));
}

}  // namespace tessera::sim
