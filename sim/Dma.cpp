//===- Dma.cpp - DMA timing, range checks and delivery --------------------===//
#include "sim/Dma.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string_view>

#include "absl/strings/str_format.h"
#include "sim/CoreSync.h"
#include "sim/MachineDesc.h"

namespace tessera::sim {
namespace {

using isa::Opcode;

/// ceil(a / b) for a >= 0, b > 0.
int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

/// DMAs that landed but were never waited for that race detection keeps
/// (a loop that never waits forgets the oldest; later accesses are still
/// checked against the DMAs in flight and the recent ones).
constexpr size_t kMaxUnwaited = 4 * machine::kDmaQueueDepth;

bool srcIsHbm(Opcode kind) {
  return kind == Opcode::DmaHbmToVmem || kind == Opcode::DmaHbmToHbm ||
         kind == Opcode::DmaHbmToSmem ||
         kind == Opcode::DmaRemoteHbmToVmem || kind == Opcode::DmaRemoteHbmToHbm;
}
bool dstIsHbm(Opcode kind) {
  return kind == Opcode::DmaVmemToHbm || kind == Opcode::DmaHbmToHbm ||
         kind == Opcode::DmaSmemToHbm ||
         kind == Opcode::DmaRemoteVmemToHbm || kind == Opcode::DmaRemoteHbmToHbm;
}

constexpr int64_t kRowWords = machine::kRowBytes / 4;

/// Which side of an SMEM DMA is SMEM (the other is HBM or VMEM).
bool srcIsSmem(Opcode kind) {
  return kind == Opcode::DmaSmemToHbm || kind == Opcode::DmaSmemToVmem;
}

/// The memory rows (HBM or VMEM, 128 words each) that words
/// [word, word + words) lie in.
std::pair<int64_t, int64_t> rowsOfWords(int64_t word, int64_t words) {
  return {word / kRowWords, (word + words + kRowWords - 1) / kRowWords};
}

/// Lands an SMEM DMA: its words between HBM (read, or read, patched and
/// written back, through the rows they lie in) or VMEM and SMEM.
absl::Status landSmemWords(const DmaTransfer &t, DmaTargets &targets) {
  bool toSmem = !srcIsSmem(t.kind);
  // The other side's word: row * 128 + word, in HBM or VMEM.
  int64_t rowWord = toSmem ? t.srcRow : t.dstRow;
  int64_t smemWord = toSmem ? t.dstRow : t.srcRow;
  if (t.kind == Opcode::DmaVmemToSmem || t.kind == Opcode::DmaSmemToVmem) {
    // VMEM words row * 128 + lane: rows are contiguous in Vmem's storage.
    std::span<uint32_t> words(
        reinterpret_cast<uint32_t *>(targets.vmem.rowData(rowWord / kRowWords)) +
            rowWord % kRowWords,
        t.rows);
    return toSmem ? targets.smem.write(smemWord, words) : targets.smem.read(smemWord, words);
  }
  auto [lo, hi] = rowsOfWords(rowWord, t.rows);
  std::vector<uint32_t> rows((hi - lo) * kRowWords);
  if (absl::Status s = targets.hbm.readRows(lo, std::as_writable_bytes(std::span(rows)));
      !s.ok())
    return s;
  std::span<uint32_t> words(rows.data() + (rowWord - lo * kRowWords), t.rows);
  if (toSmem)
    return targets.smem.write(smemWord, words);
  if (absl::Status s = targets.smem.read(smemWord, words); !s.ok())
    return s;
  return targets.hbm.writeRows(lo, std::as_bytes(std::span<const uint32_t>(rows)));
}

/// Copies one chunk of `t` (a plain DMA is one chunk).
absl::Status landChunk(const DmaTransfer &t, int64_t srcRow, int64_t dstRow,
                       DmaTargets &targets) {
  int64_t bytes = t.rows * machine::kRowBytes;
  auto vmemBytes = [&](int64_t row) {
    return std::span<std::byte>(
        reinterpret_cast<std::byte *>(targets.vmem.rowData(row)), bytes);
  };
  switch (t.kind) {
  case Opcode::DmaHbmToVmem:
    return targets.hbm.readRows(srcRow, vmemBytes(dstRow));
  case Opcode::DmaVmemToHbm:
    return targets.hbm.writeRows(dstRow, vmemBytes(srcRow));
  case Opcode::DmaVmemToVmem:
    std::memmove(targets.vmem.rowData(dstRow), targets.vmem.rowData(srcRow),
                 bytes);
    return absl::OkStatus();
  case Opcode::DmaHbmToHbm:
    return targets.hbm.copyRows(dstRow, srcRow, t.rows);
  case Opcode::DmaHbmToSmem:
  case Opcode::DmaSmemToHbm:
  case Opcode::DmaVmemToSmem:
  case Opcode::DmaSmemToVmem:
    return landSmemWords(t, targets);
  default:
    return absl::InternalError("not a DMA opcode");
  }
}

absl::Status land(const DmaTransfer &t, DmaTargets &targets) {
  if (targets.observer)
    targets.observer->beforeLanding(t);
  int64_t bytes = t.bytes();
  if (isRemoteDmaOpcode(t.kind)) {
    // The data has left: the source rows as they are now go to the target
    // (the sink lands them there later); the send semaphore gets the bytes.
    std::vector<uint32_t> data(t.rows * machine::kRowBytes / sizeof(uint32_t));
    auto words = std::span<std::byte>(reinterpret_cast<std::byte *>(data.data()),
                                      t.rows * machine::kRowBytes);
    if (srcIsHbm(t.kind)) {
      if (absl::Status s = targets.hbm.readRows(t.srcRow, words); !s.ok())
        return s;
    } else {
      std::memcpy(data.data(), targets.vmem.rowData(t.srcRow), t.rows * machine::kRowBytes);
    }
    if (!targets.remote)
      return absl::InternalError("a remote DMA landed with no sink for its data");
    targets.remote->post(t, std::move(data));
  } else {
    // Chunks in order: overlapping chunks behave as successive copies.
    for (int64_t i = 0; i < t.count; ++i) {
      int64_t dstRow = t.dstRow + i * t.dstStride;
      if (absl::Status s = landChunk(t, t.srcRow + i * t.srcStride, dstRow, targets); !s.ok())
        return s;
      if (targets.writes) [[unlikely]] {
        if (isSmemDmaOpcode(t.kind)) {
          // SMEM is not tracked; HBM and VMEM: the rows its words lie in.
          auto [lo, hi] = rowsOfWords(dstRow, t.rows);
          if (dstIsHbm(t.kind) && targets.writes->recordHbm)
            targets.writes->hbmWritten.emplace_back(lo, hi);
          else if (t.kind == Opcode::DmaSmemToVmem)
            targets.writes->markVmem(lo, hi - lo);
        } else if (!dstIsHbm(t.kind))
          targets.writes->markVmem(dstRow, t.rows);
        else if (targets.writes->recordHbm)
          targets.writes->hbmWritten.emplace_back(dstRow, dstRow + t.rows);
      }
    }
  }
  addToSemaphore(targets.semaphores[t.semaphore], static_cast<uint32_t>(bytes));
  if (targets.trace)
    targets.trace->events.push_back(TraceEvent{TraceEvent::Kind::DmaComplete,
                                               t.completeCycle, t.bundle,
                                               t.kind, bytes, t.semaphore, t.targetChip});
  return absl::OkStatus();
}

}  // namespace

bool isRemoteDmaOpcode(Opcode op) {
  return op == Opcode::DmaRemoteVmemToVmem || op == Opcode::DmaRemoteVmemToHbm ||
         op == Opcode::DmaRemoteHbmToVmem || op == Opcode::DmaRemoteHbmToHbm;
}

bool isDmaOpcode(Opcode op) {
  return isRemoteDmaOpcode(op) || op == Opcode::DmaHbmToVmem || op == Opcode::DmaVmemToHbm ||
         op == Opcode::DmaVmemToVmem || op == Opcode::DmaHbmToHbm ||
         op == Opcode::DmaHbmToVmemR || op == Opcode::DmaVmemToHbmR ||
         op == Opcode::DmaVmemToVmemR || op == Opcode::DmaHbmToHbmR ||
         isStridedDmaOpcode(op) || isSmemDmaOpcode(op);
}

bool isSmemDmaOpcode(Opcode op) {
  return op == Opcode::DmaHbmToSmem || op == Opcode::DmaSmemToHbm ||
         op == Opcode::DmaHbmToSmemR || op == Opcode::DmaSmemToHbmR ||
         op == Opcode::DmaVmemToSmem || op == Opcode::DmaSmemToVmem ||
         op == Opcode::DmaVmemToSmemR || op == Opcode::DmaSmemToVmemR;
}

bool isStridedDmaOpcode(Opcode op) {
  return op == Opcode::DmaHbmToVmemS || op == Opcode::DmaVmemToHbmS ||
         op == Opcode::DmaVmemToVmemS || op == Opcode::DmaHbmToHbmS ||
         op == Opcode::DmaHbmToVmemSR || op == Opcode::DmaVmemToHbmSR ||
         op == Opcode::DmaVmemToVmemSR || op == Opcode::DmaHbmToHbmSR;
}

Opcode dmaTransferKind(Opcode op) {
  switch (op) {
  case Opcode::DmaHbmToVmemR:
  case Opcode::DmaHbmToVmemS:
  case Opcode::DmaHbmToVmemSR:
    return Opcode::DmaHbmToVmem;
  case Opcode::DmaVmemToHbmR:
  case Opcode::DmaVmemToHbmS:
  case Opcode::DmaVmemToHbmSR:
    return Opcode::DmaVmemToHbm;
  case Opcode::DmaVmemToVmemR:
  case Opcode::DmaVmemToVmemS:
  case Opcode::DmaVmemToVmemSR:
    return Opcode::DmaVmemToVmem;
  case Opcode::DmaHbmToHbmR:
  case Opcode::DmaHbmToHbmS:
  case Opcode::DmaHbmToHbmSR:
    return Opcode::DmaHbmToHbm;
  case Opcode::DmaHbmToSmemR:
    return Opcode::DmaHbmToSmem;
  case Opcode::DmaSmemToHbmR:
    return Opcode::DmaSmemToHbm;
  case Opcode::DmaVmemToSmemR:
    return Opcode::DmaVmemToSmem;
  case Opcode::DmaSmemToVmemR:
    return Opcode::DmaSmemToVmem;
  default:
    return op;
  }
}

int64_t DmaTransfer::bytes() const {
  return count * rows * (isSmemDmaOpcode(kind) ? 4 : machine::kRowBytes);
}

/// A DMA that stays in the core (VMEM and SMEM): the local path.
static bool isLocalDma(Opcode kind) {
  Opcode k = dmaTransferKind(kind);
  return k == Opcode::DmaVmemToVmem || k == Opcode::DmaVmemToSmem || k == Opcode::DmaSmemToVmem;
}

bool usesHbmPath(Opcode kind) { return !isRemoteDmaOpcode(kind) && !isLocalDma(kind); }

int64_t dmaStartupCycles(Opcode kind) {
  // A remote DMA starts as an HBM one does (assumption: the same engine
  // sets up the transfer).
  return usesHbmPath(kind) || isRemoteDmaOpcode(kind) ? machine::kDmaStartupCycles
                                                      : machine::kLocalDmaStartupCycles;
}

int64_t dmaTransferCycles(Opcode kind, int64_t bytes) {
  DmaRate rate = dmaPathRate(kind);
  return ceilDiv(bytes * rate.cycles, rate.bytes);
}

DmaRate dmaPathRate(Opcode kind) {
  if (isRemoteDmaOpcode(kind))
    return {machine::kIciLinkBytes, machine::kIciLinkCycles};
  if (isLocalDma(kind))
    return {machine::kLocalDmaBytesPerCycle, 1};
  return {machine::kHbmPathBytes, machine::kHbmPathCycles};
}

// --- Paths. ---

template <typename Done>
void DmaPath::run(State &s, int64_t limit, Done &&done) const {
  // A flow's share: the path's bandwidth over the moving flows, or for a
  // flow that names its resources, over the flows on the busiest of them.
  std::vector<int> onResource;
  auto shareOf = [&](const Flow &f, int64_t n) -> int64_t {
    if (f.resources.empty())
      return n;
    int64_t most = 1;
    for (int r : f.resources)
      most = std::max<int64_t>(most, onResource[r]);
    return most;
  };
  while (true) {
    int64_t next = s.waiting.empty() ? kNever : s.waiting.front().start;
    int64_t n = static_cast<int64_t>(s.moving.size());
    if (routed_) {
      onResource.assign(resources_, 0);
      for (const Flow &f : s.moving)
        for (int r : f.resources)
          ++onResource[r];
    }
    if (n > 0) {
      int64_t least = INT64_MAX;  // the work of the first to finish, times bytes_
      for (const Flow &f : s.moving)
        least = std::min(least, f.remaining * shareOf(f, n));
      next = std::min(next, s.now + ceilDiv(least, bytes_));
    }
    if (next == kNever || next > limit)
      return;
    if (n > 0) {
      int64_t moved = (next - s.now) * bytes_;
      for (Flow &f : s.moving)
        f.remaining -= moved / shareOf(f, n);
      std::erase_if(s.moving, [&](const Flow &f) {
        if (f.remaining > 0)
          return false;
        done(f, next);
        return true;
      });
    }
    s.now = next;
    size_t started = 0;
    while (started < s.waiting.size() && s.waiting[started].start <= next)
      s.moving.push_back(s.waiting[started++]);
    s.waiting.erase(s.waiting.begin(), s.waiting.begin() + started);
  }
}

void DmaPath::add(DmaEngine *owner, int64_t id, int64_t start, int64_t bytes,
                  std::span<const int> resources) {
  Flow f{std::max(start, state_.now), bytes * cycles_, owner, id,
         std::vector<int>(resources.begin(), resources.end())};
  for (int r : resources) {
    routed_ = true;
    resources_ = std::max(resources_, r + 1);
  }
  ++version_;
  if (f.start == state_.now) {
    state_.moving.push_back(std::move(f));
    return;
  }
  auto at = std::upper_bound(
      state_.waiting.begin(), state_.waiting.end(), f.start,
      [](int64_t start, const Flow &w) { return start < w.start; });
  state_.waiting.insert(at, std::move(f));
}

void DmaPath::advanceTo(int64_t cycle) {
  run(state_, cycle, [&](const Flow &f, int64_t at) {
    ++version_;
    f.owner->finished(f.id, at);
  });
}

int64_t DmaPath::projectedCompletion(const DmaEngine *owner) const {
  if (cacheVersion_ != version_) {
    cache_.clear();
    State copy = state_;
    run(copy, kNever, [&](const Flow &f, int64_t at) {
      for (const auto &[o, t] : cache_)
        if (o == f.owner)
          return;
      cache_.emplace_back(f.owner, at);
    });
    cacheVersion_ = version_;
  }
  for (const auto &[o, t] : cache_)
    if (o == owner)
      return t;
  return kNever;
}

absl::Status DmaEngine::checkRanges(Opcode kind, int64_t srcRow, int64_t dstRow,
                                    int64_t rows, const Hbm &hbm,
                                    const Vmem &vmem, const Smem &smem) {
  // An SMEM DMA's SMEM side counts words, its HBM side the rows its words
  // lie in.
  bool words = isSmemDmaOpcode(kind);
  auto check = [&](bool isHbm, bool isSmem, int64_t at) {
    if (!words)
      return isHbm ? hbm.checkRows(at, rows) : vmem.checkRows(at, rows);
    if (isSmem)
      return smem.checkWords(at, rows);
    if (at < 0)
      return absl::OutOfRangeError(
          absl::StrFormat("%s word %d is negative", isHbm ? "HBM" : "VMEM", at));
    auto [lo, hi] = rowsOfWords(at, rows);
    return isHbm ? hbm.checkRows(lo, hi - lo) : vmem.checkRows(lo, hi - lo);
  };
  Opcode k = dmaTransferKind(kind);
  absl::Status src = check(srcIsHbm(kind), srcIsSmem(k), srcRow);
  if (!src.ok())
    return absl::OutOfRangeError(absl::StrFormat(
        "%s source: %s", isa::desc(kind).mnemonic, src.message()));
  absl::Status dst = check(dstIsHbm(kind), words && !srcIsSmem(k), dstRow);
  if (!dst.ok())
    return absl::OutOfRangeError(absl::StrFormat(
        "%s destination: %s", isa::desc(kind).mnemonic, dst.message()));
  return absl::OkStatus();
}

absl::Status DmaEngine::checkRanges(const DmaTransfer &t, const Hbm &hbm,
                                    const Vmem &vmem, const Smem &smem) {
  if (t.count == 1)
    return checkRanges(t.kind, t.srcRow, t.dstRow, t.rows, hbm, vmem, smem);
  // The footprint of each side: first chunk's start to the last one's end
  // (strides are unsigned, so these are the lowest and highest rows).
  auto side = [&](bool isHbm, int64_t row, int64_t stride,
                  std::string_view which) -> absl::Status {
    int64_t span = (t.count - 1) * stride + t.rows;
    absl::Status s = isHbm ? hbm.checkRows(row, span) : vmem.checkRows(row, span);
    if (s.ok())
      return s;
    return absl::OutOfRangeError(absl::StrFormat(
        "%s.s %s (%d chunks of %d rows, stride %d: rows [0x%x, 0x%x)): %s",
        isa::desc(t.kind).mnemonic, which, t.count, t.rows, stride, row,
        row + span, s.message()));
  };
  if (absl::Status s = side(srcIsHbm(t.kind), t.srcRow, t.srcStride, "source");
      !s.ok())
    return s;
  return side(dstIsHbm(t.kind), t.dstRow, t.dstStride, "destination");
}

DmaEngine::DmaEngine(DmaPath &hbm, DmaPath &ici)
    : hbm_(hbm), local_(dmaPathRate(Opcode::DmaVmemToVmem)), ici_(&ici) {}

void DmaEngine::issue(DmaTransfer t, int64_t cycle, Trace *trace) {
  int64_t bytes = t.bytes();
  t.id = nextId_++;
  t.issueCycle = cycle;
  t.completeCycle = -1;
  if (trace)
    trace->events.push_back(TraceEvent{TraceEvent::Kind::DmaStart, cycle,
                                       t.bundle, t.kind, bytes, t.semaphore, t.targetChip});
  inFlight_.push_back(t);
  cacheValid_ = false;
  pathOf(t.kind).add(this, t.id, cycle + dmaStartupCycles(t.kind), bytes, t.route);
  if (detectRaces_)
    record(Unwaited{.dma = t,
                    .src = DmaRows::source(t),
                    .dst = DmaRows::destination(t),
                    .program = program_});
}

void DmaEngine::record(Unwaited u) {
  // Forget the oldest landed DMA the program never waited for, so that a
  // loop that never waits cannot grow the list without bound.
  if (unwaited_.size() >= kMaxUnwaited)
    for (auto it = unwaited_.begin(); it != unwaited_.end(); ++it)
      if (it->landed) {
        unwaited_.erase(it);
        break;
      }
  unwaited_.push_back(std::move(u));
  spanUnwaitedVmem();
}

void DmaEngine::spanUnwaitedVmem() {
  int64_t lo = INT64_MAX, hi = INT64_MIN;
  for (const Unwaited &u : unwaited_)
    for (const DmaRows *r : {&u.src, &u.dst}) {
      if (r->hbm || r->smem || r->rows <= 0)
        continue;  // DmaRows::overlaps: no VMEM row
      int64_t span = (r->count - 1) * r->stride;  // first to last chunk
      lo = std::min(lo, r->start + std::min<int64_t>(0, span));
      hi = std::max(hi, r->start + std::max<int64_t>(0, span) + r->rows);
    }
  unwaitedVmemLo_ = lo == INT64_MAX ? 0 : lo;
  unwaitedVmemHi_ = lo == INT64_MAX ? 0 : hi;
}

DmaRace DmaEngine::incoming(const DmaTransfer &t, const Program &program, std::string sender,
                            uint16_t from) {
  if (!detectRaces_)
    return {};
  // Here it reads nothing and writes its destination rows.
  DmaRows dst = DmaRows::remoteDestination(t);
  if (DmaRace race = findRace(DmaRows{}, dst); race.dma)
    return race;
  DmaTransfer here = t;
  here.semaphore = t.recvSemaphore;  // what this core waits on
  record(Unwaited{here, DmaRows{}, dst, false, &program, std::move(sender), from});
  return {};
}

void DmaEngine::incomingLanded(uint16_t from, int64_t id) {
  for (Unwaited &u : unwaited_)
    if (u.from == from && u.dma.id == id)
      u.landed = true;
}

bool DmaEngine::inFlight(int64_t id) const {
  return std::any_of(inFlight_.begin(), inFlight_.end(),
                     [&](const DmaTransfer &t) { return t.id == id; });
}

void DmaEngine::finished(int64_t id, int64_t cycle) {
  for (DmaTransfer &t : inFlight_)
    if (t.id == id) {
      t.completeCycle = cycle;
      break;
    }
  cacheValid_ = false;
}

bool DmaEngine::full() const {
  return inFlight_.size() >= static_cast<size_t>(machine::kDmaQueueDepth);
}

bool DmaEngine::remoteInFlight() const {
  return std::any_of(inFlight_.begin(), inFlight_.end(),
                     [](const DmaTransfer &t) { return isRemoteDmaOpcode(t.kind); });
}

int64_t DmaEngine::computeNextCompletion() const {
  int64_t next = std::min({hbm_.projectedCompletion(this), local_.projectedCompletion(this),
                           ici_->projectedCompletion(this)});
  for (const DmaTransfer &t : inFlight_)
    if (t.completeCycle >= 0)
      next = std::min(next, t.completeCycle);
  cachedHbm_ = hbm_.version();
  cachedLocal_ = local_.version();
  cachedIci_ = ici_->version();
  cacheValid_ = true;
  cachedNext_ = next;
  return next;
}

int64_t DmaEngine::pendingBytes(int semaphore) const {
  int64_t total = 0;
  for (const DmaTransfer &t : inFlight_)
    if (t.semaphore == semaphore)
      total += t.bytes();
  return total;
}

absl::Status DmaEngine::completeUntil(int64_t cycle, DmaTargets targets) {
  hbm_.advanceTo(cycle);
  local_.advanceTo(cycle);
  ici_->advanceTo(cycle);
  // Land in completion order, issue order among equals.
  while (true) {
    auto next = inFlight_.end();
    for (auto it = inFlight_.begin(); it != inFlight_.end(); ++it)
      if (it->completeCycle >= 0 && it->completeCycle <= cycle &&
          (next == inFlight_.end() || it->completeCycle < next->completeCycle))
        next = it;
    if (next == inFlight_.end())
      return absl::OkStatus();
    DmaTransfer t = *next;
    inFlight_.erase(next);
    cacheValid_ = false;
    if (detectRaces_)
      for (Unwaited &u : unwaited_)
        if (u.from < 0 && u.dma.id == t.id)
          u.landed = true;
    if (absl::Status s = land(t, targets); !s.ok())
      return s;
  }
}

absl::StatusOr<int64_t> DmaEngine::completeNext(DmaTargets targets) {
  int64_t next = nextCompletion();
  if (next == DmaPath::kNever) {  // cannot happen: every DMA is on a path
    inFlight_.clear();
    return absl::InternalError("DMAs in flight on no path");
  }
  if (absl::Status s = completeUntil(next, targets); !s.ok())
    return s;
  return next;
}

absl::StatusOr<int64_t> DmaEngine::drain(int64_t now, DmaTargets targets) {
  int64_t last = now;
  absl::Status firstError;
  while (!inFlight_.empty()) {
    absl::StatusOr<int64_t> done = completeNext(targets);
    if (done.ok())
      last = std::max(last, *done);
    else if (firstError.ok())
      firstError = done.status();
  }
  local_.restart();
  nextId_ = 0;
  unwaited_.clear();
  spanUnwaitedVmem();
  detectRaces_ = false;  // the run has ended: nothing arrives for it
  program_ = nullptr;
  if (!firstError.ok())
    return firstError;
  return last;
}

void DmaEngine::waited(int semaphore) {
  if (std::erase_if(unwaited_, [&](const Unwaited &u) {
        return u.landed && (semaphore < 0 ? u.from < 0 : u.dma.semaphore == semaphore);
      }) != 0)
    spanUnwaitedVmem();
}

DmaRace DmaEngine::findAccessRace(int64_t lo, int64_t hi, bool write) const {
  for (const Unwaited &u : unwaited_) {
    if (u.dst.overlaps(/*inHbm=*/false, lo, hi))
      return DmaRace{&u.dma, /*dmaWrites=*/true, u.program, u.sender};
    if (write && u.src.overlaps(/*inHbm=*/false, lo, hi))
      return DmaRace{&u.dma, /*dmaWrites=*/false, u.program, u.sender};
  }
  return {};
}

DmaRace DmaEngine::findSmemAccessRace(int64_t lo, int64_t hi, bool write) const {
  for (const Unwaited &u : unwaited_) {
    if (u.dst.overlapsSmem(lo, hi))
      return DmaRace{&u.dma, /*dmaWrites=*/true, u.program, u.sender};
    if (write && u.src.overlapsSmem(lo, hi))
      return DmaRace{&u.dma, /*dmaWrites=*/false, u.program, u.sender};
  }
  return {};
}

DmaRace DmaEngine::findDmaRace(const DmaTransfer &t) const {
  return findRace(DmaRows::source(t), DmaRows::destination(t));
}

DmaRace DmaEngine::findRace(const DmaRows &src, const DmaRows &dst) const {
  for (const Unwaited &u : unwaited_) {
    if (dst.overlaps(u.dst) || src.overlaps(u.dst))
      return DmaRace{&u.dma, /*dmaWrites=*/true, u.program, u.sender};
    if (dst.overlaps(u.src))
      return DmaRace{&u.dma, /*dmaWrites=*/false, u.program, u.sender};
  }
  return {};
}

// --- Row sets. ---

namespace {

/// floor(a / b) for b > 0.
int64_t floorDiv(int64_t a, int64_t b) {
  return a / b - ((a % b != 0) && (a < 0));
}

}  // namespace

namespace {

/// One side of an SMEM DMA: its SMEM words, or the HBM or VMEM rows they
/// lie in.
DmaRows smemDmaSide(bool isHbm, bool isSmem, int64_t word, int64_t words) {
  if (isSmem)
    return DmaRows{false, word, words, 1, 0, /*smem=*/true};
  auto [lo, hi] = rowsOfWords(word, words);
  return DmaRows{isHbm, lo, hi - lo, 1, 0};
}

}  // namespace

DmaRows DmaRows::source(const DmaTransfer &t) {
  if (isSmemDmaOpcode(t.kind))
    return smemDmaSide(srcIsHbm(t.kind), srcIsSmem(t.kind), t.srcRow, t.rows);
  return DmaRows{srcIsHbm(t.kind), t.srcRow, t.rows, t.count, t.srcStride};
}

DmaRows DmaRows::destination(const DmaTransfer &t) {
  // A remote DMA writes another core's or chip's memory: none of this one's.
  if (isRemoteDmaOpcode(t.kind))
    return DmaRows{dstIsHbm(t.kind), t.dstRow, 0, 1, 0};
  if (isSmemDmaOpcode(t.kind))
    return smemDmaSide(dstIsHbm(t.kind), !srcIsSmem(t.kind), t.dstRow, t.rows);
  return DmaRows{dstIsHbm(t.kind), t.dstRow, t.rows, t.count, t.dstStride};
}

DmaRows DmaRows::remoteDestination(const DmaTransfer &t) {
  return DmaRows{dstIsHbm(t.kind), t.dstRow, t.rows, 1, 0};
}

bool DmaRows::overlapsIn(bool inHbm, int64_t lo, int64_t hi) const {
  if (inHbm != hbm || rows <= 0 || hi <= lo)
    return false;
  if (count == 1 || stride == 0)
    return start < hi && lo < start + rows;
  // Chunk i covers [start + i * stride, +rows): it meets [lo, hi) iff
  // (lo - start - rows) / stride < i < (hi - start) / stride.
  int64_t first = std::max<int64_t>(0, floorDiv(lo - start - rows, stride) + 1);
  int64_t last = std::min(count - 1, floorDiv(hi - start - 1, stride));
  return first <= last;
}

bool DmaRows::overlaps(const DmaRows &other) const {
  if (other.hbm != hbm || other.smem != smem || start >= other.end() ||
      other.start >= end())
    return false;
  // Walk the chunks of the side with fewer of them.
  const DmaRows &few = count <= other.count ? *this : other;
  const DmaRows &many = count <= other.count ? other : *this;
  for (int64_t i = 0; i < few.count; ++i) {
    int64_t lo = few.start + i * few.stride;
    if (many.overlapsIn(hbm, lo, lo + few.rows))
      return true;
    if (few.stride == 0)
      break;
  }
  return false;
}

// --- The write log. ---

void WriteLog::markVmem(int64_t row, int64_t rows) {
  if (vmemWritten.empty())
    return;  // VMEM rows are not tracked in this run
  for (int64_t r = row; r < row + rows; ++r)
    vmemWritten[r >> 6] |= uint64_t{1} << (r & 63);
}

int64_t WriteLog::firstUnwrittenVmem(int64_t row, int64_t rows) const {
  for (int64_t r = row; r < row + rows; ++r)
    if (!(vmemWritten[r >> 6] >> (r & 63) & 1))
      return r;
  return -1;
}

}  // namespace tessera::sim
