//===- Timeline.cpp - Chrome Trace Event JSON of traced runs --------------===//
#include "dsl/Timeline.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "sim/Dma.h"
#include "sim/MachineDesc.h"
#include "sim/Profile.h"
#include "sim/Slice.h"
#include "sim/isa/Isa.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace tessera::timeline {
namespace {

using isa::Opcode;
using isa::Slot;
using sim::TraceEvent;

/// The trace's timestamp of a cycle: one cycle is one nanosecond on the
/// time axis (the format counts microseconds). Perfetto keeps integer
/// nanoseconds, so real time (0.952 ns per cycle at 1050 MHz) would round
/// neighbouring cycles together; cycles stay exact this way.
double micros(int64_t cycle) { return static_cast<double>(cycle) / 1000.0; }

/// The unit tracks: one per slot of each slot class, then the MXU streams.
struct Tracks {
  std::vector<std::string> names;
  std::array<int, isa::kNumSlotKinds> firstOfSlot{};
  int firstMxu = 0;

  Tracks() {
    const std::array<Slot, isa::kNumSlotKinds> order = {
        Slot::Scalar,         Slot::VectorAlu, Slot::VectorLoad, Slot::VectorStore,
        Slot::Transcendental, Slot::CrossLane, Slot::Matrix,     Slot::Misc};
    for (Slot slot : order) {
      firstOfSlot[static_cast<int>(slot)] = kFirstUnitTrack + static_cast<int>(names.size());
      std::string name = slot == Slot::Transcendental ? "EUP"
                         : slot == Slot::CrossLane    ? "XLU"
                                                      : std::string(isa::slotName(slot));
      int n = isa::slotCapacity(slot);
      for (int i = 0; i < n; ++i)
        names.push_back(n == 1 ? name : absl::StrCat(name, " ", i));
    }
    firstMxu = kFirstUnitTrack + static_cast<int>(names.size());
    for (int m = 0; m < machine::kNumMxus; ++m)
      names.push_back(absl::StrCat("mxu", m, " stream"));
  }
};

std::string named(std::string_view what, const std::string &position) {
  return position.empty() ? std::string(what) : absl::StrCat(std::string(what), " ", position);
}

/// Writes events; a track's slice is held until the next one on that track
/// starts, so that it can be cut short there (slices on a track never
/// overlap, as Perfetto expects).
class Writer {
public:
  explicit Writer(llvm::json::Array &events) : events_(events) {}

  void slice(int pid, int tid, int64_t begin, int64_t end, std::string name,
             llvm::json::Object args) {
    auto key = std::pair{pid, tid};
    if (auto it = open_.find(key); it != open_.end()) {
      it->second.end = std::min(it->second.end, begin);
      flush(it->second);
      open_.erase(it);
    }
    open_.emplace(key, Slice{pid, tid, begin, end, std::move(name), std::move(args)});
  }
  void finish() {
    for (auto &[key, s] : open_)
      flush(s);
    open_.clear();
  }
  void add(llvm::json::Object event) { events_.push_back(std::move(event)); }

private:
  struct Slice {
    int pid, tid;
    int64_t begin, end;
    std::string name;
    llvm::json::Object args;
  };
  void flush(Slice &s) {
    if (s.end <= s.begin)
      return;
    s.args["cycle"] = s.begin;
    s.args["cycles"] = s.end - s.begin;
    events_.push_back(llvm::json::Object{{"name", s.name},
                                         {"ph", "X"},
                                         {"pid", s.pid},
                                         {"tid", s.tid},
                                         {"ts", micros(s.begin)},
                                         {"dur", micros(s.end) - micros(s.begin)},
                                         {"args", std::move(s.args)}});
  }
  llvm::json::Array &events_;
  std::map<std::pair<int, int>, Slice> open_;
};

llvm::json::Object metadata(std::string_view what, int pid, std::optional<int> tid,
                            llvm::json::Object args) {
  llvm::json::Object e{
      {"name", std::string(what)}, {"ph", "M"}, {"pid", pid}, {"args", std::move(args)}};
  if (tid)
    e["tid"] = *tid;
  return e;
}

struct Dma {
  int64_t start, complete;
  TraceEvent event; // the DmaComplete
  int id;
};

} // namespace

std::string toJson(const std::vector<Launch> &launches, const sim::TorusShape &torus) {
  static const Tracks tracks;
  llvm::json::Array events;
  Writer w(events);
  std::map<std::pair<int, int>, int> dmaTracksOfCore; // DMA tracks named per (chip, core)
  std::set<int> namedChips;
  std::set<std::pair<int, int>> namedCores;
  int64_t offset = 0, lastStart = 0, end = 0;
  int nextFlow = 1;
  // Per chip, the HBM transfers of every core (from the end of their
  // start-up to their landing, when they share the path): (cycle, +1 / -1).
  std::map<int, std::vector<std::pair<int64_t, int>>> hbmPath;
  // Per ICI link (sim::iciLinkResource), the remote DMAs whose bytes cross
  // it while they leave (a route's links carry them at once).
  std::map<int, std::vector<std::pair<int64_t, int>>> iciLinks;
  auto nameChip = [&](int chip) {
    if (!namedChips.insert(chip).second)
      return;
    events.push_back(metadata("process_name", chip, std::nullopt,
                              llvm::json::Object{{"name", absl::StrFormat("chip %d", chip)}}));
    events.push_back(metadata("process_sort_index", chip, std::nullopt,
                              llvm::json::Object{{"sort_index", chip}}));
  };
  for (const Launch &l : launches) {
    offset = l.withPrevious ? lastStart : end;
    lastStart = offset;
    const int pid = l.chip;
    // The core's tracks: its own range of thread ids in its chip's process.
    const int base = l.core * kCoreTrackStride;
    const std::string core = absl::StrFormat("TensorCore %d ", l.core);
    nameChip(l.chip);
    if (namedCores.insert({l.chip, l.core}).second) {
      auto thread = [&](int tid, const std::string &name) {
        events.push_back(
            metadata("thread_name", pid, base + tid, llvm::json::Object{{"name", core + name}}));
        events.push_back(metadata("thread_sort_index", pid, base + tid,
                                  llvm::json::Object{{"sort_index", base + tid}}));
      };
      thread(kKernelTrack, "kernel");
      thread(kStallTrack, "stalls");
      for (size_t i = 0; i < tracks.names.size(); ++i)
        thread(kFirstUnitTrack + static_cast<int>(i), tracks.names[i]);
    }
    absl::StatusOr<std::vector<isa::Bundle>> code = isa::decodeProgram(l.exe->code);
    if (!code.ok())
      continue; // not a loadable executable: nothing ran
    const int64_t total = l.run.cycles + l.run.drainCycles;
    w.slice(pid, base + kKernelTrack, offset, offset + total, l.exe->name,
            llvm::json::Object{{"bundles", l.run.bundlesExecuted},
                               {"stall_cycles", l.run.stallCycles},
                               {"dma_bytes", l.run.dmaBytes}});

    // Semaphores: the value at the start, then every change.
    std::map<int, int32_t> sem;
    auto counter = [&](int s, int64_t cycle) {
      events.push_back(llvm::json::Object{{"name", absl::StrCat(core, "sem ", s)},
                                          {"ph", "C"},
                                          {"pid", pid},
                                          {"ts", micros(offset + cycle)},
                                          {"args", llvm::json::Object{{"value", sem[s]}}}});
    };
    std::vector<Dma> dmas;
    // Waits that issued: (semaphore or -1 for a fence, issue cycle, bundle).
    std::vector<std::tuple<int, int64_t, uint32_t>> waits;
    /// The position of the first op of `bundle` that `is` accepts.
    auto positionOf = [&](uint32_t bundle, auto is) {
      for (size_t i = 0; i < (*code)[bundle].size(); ++i)
        if (is((*code)[bundle][i].opcode))
          return l.exe->opPosition(bundle, i);
      return std::string();
    };
    sim::TraceWalker walker;
    walker.semaphoreValue = [&](const TraceEvent &e) {
      sem[e.semaphore] = static_cast<int32_t>(e.bytes);
      counter(e.semaphore, e.cycle);
    };
    walker.dmaLanded = [&](int64_t issued, const TraceEvent &e) {
      dmas.push_back({issued, e.cycle, e, 0});
      sem[e.semaphore] = static_cast<int32_t>(static_cast<uint32_t>(sem[e.semaphore]) +
                                              static_cast<uint32_t>(e.bytes));
      counter(e.semaphore, e.cycle);
    };
    walker.issue = [&](const sim::IssueStep &step) {
      const isa::Bundle &bundle = (*code)[step.bundle];
      std::string at = absl::StrFormat("0x%04x", step.bundle);
      int64_t stalled = step.waitStall() + step.queueStall;
      if (step.bubbles > 0) {
        int64_t from = offset + step.cycle - stalled - step.bubbles;
        w.slice(pid, base + kStallTrack, from, from + step.bubbles, "taken branch", llvm::json::Object());
      }
      if (step.queueStall > 0)
        w.slice(pid, base + kStallTrack, offset + step.queueFrom,
                offset + step.queueFrom + step.queueStall,
                named("DMA queue full", positionOf(step.bundle, sim::isDmaOpcode)),
                llvm::json::Object{{"bundle", at}});
      if (const TraceEvent *wait = step.wait) {
        std::string what =
            wait->dmaKind == Opcode::DmaFence
                ? std::string("dma.fence")
                : absl::StrFormat("vwait.ge [sem:%d] >= %d", wait->semaphore, wait->bytes);
        if (wait->stall > 0)
          w.slice(
              pid, base + kStallTrack, offset + wait->cycle, offset + wait->cycle + wait->stall,
              named(what, positionOf(step.bundle, [&](Opcode op) { return op == wait->dmaKind; })),
              llvm::json::Object{{"bundle", at}, {"semaphore", wait->semaphore}});
        waits.emplace_back(wait->semaphore, step.cycle, step.bundle);
      }
      std::array<int, isa::kNumSlotKinds> used{};
      for (size_t i = 0; i < bundle.size(); ++i) {
        const isa::Instr &instr = bundle[i];
        if (instr.opcode == Opcode::Nop)
          continue;
        Slot slot = isa::desc(instr.opcode).slot;
        int tid = base + tracks.firstOfSlot[static_cast<int>(slot)] + used[static_cast<int>(slot)]++;
        std::string position = l.exe->opPosition(step.bundle, i);
        llvm::json::Object args{{"op", isa::printInstr(instr)}, {"bundle", at}};
        if (!position.empty())
          args["line"] = position;
        if (sim::isMxuStream(instr.opcode))
          if (int m = sim::mxuOperand(instr); m >= 0 && m < machine::kNumMxus)
            w.slice(pid, base + tracks.firstMxu + m, offset + step.cycle,
                    offset + step.cycle + machine::kMxuStreamCycles, named("stream", position),
                    llvm::json::Object(args));
        w.slice(pid, tid, offset + step.cycle, offset + step.cycle + sim::busyCycles(slot),
                named(isa::desc(instr.opcode).mnemonic, position), std::move(args));
      }
    };
    absl::StatusOr<int64_t> walked = sim::walkTrace(*l.trace, code->size(), walker);
    int64_t end = walked.ok() ? *walked : l.run.cycles;
    if (int64_t bubbles = l.run.cycles - end; bubbles > 0)
      w.slice(pid, base + kStallTrack, offset + end, offset + l.run.cycles, "taken branch",
              llvm::json::Object());

    // DMA spans on the first free DMA track, with their flows.
    std::sort(dmas.begin(), dmas.end(),
              [](const Dma &a, const Dma &b) { return a.start < b.start; });
    std::vector<int64_t> laneFree;
    std::sort(waits.begin(), waits.end(),
              [](const auto &a, const auto &b) { return std::get<1>(a) < std::get<1>(b); });
    int &namedLanes = dmaTracksOfCore[{l.chip, l.core}];
    for (Dma &d : dmas) {
      size_t lane = 0;
      while (lane < laneFree.size() && laneFree[lane] > d.start)
        ++lane;
      if (lane == laneFree.size())
        laneFree.push_back(0);
      laneFree[lane] = d.complete;
      int tid = base + kFirstDmaTrack + static_cast<int>(lane);
      if (static_cast<int>(lane) >= namedLanes) {
        events.push_back(metadata("thread_name", pid, tid,
                                  llvm::json::Object{{"name", absl::StrCat(core, "DMA ", lane)}}));
        events.push_back(
            metadata("thread_sort_index", pid, tid, llvm::json::Object{{"sort_index", tid}}));
        namedLanes = static_cast<int>(lane) + 1;
      }
      const TraceEvent &e = d.event;
      std::string position;
      if (e.bundle < code->size())
        for (size_t i = 0; i < (*code)[e.bundle].size(); ++i)
          if (sim::isDmaOpcode((*code)[e.bundle][i].opcode))
            position = l.exe->opPosition(e.bundle, i);
      std::string name =
          named(absl::StrFormat("%s %d B", isa::desc(e.dmaKind).mnemonic, e.bytes), position);
      // Cycles it moved bytes: from the end of its start-up to its landing
      // (longer than alone when it shared its path).
      int64_t transfer = d.complete - sim::dmaMovingFrom(e.dmaKind, d.start, d.complete);
      auto moving = [&](std::vector<std::pair<int64_t, int>> &edges) {
        edges.push_back({offset + d.complete - transfer, +1});
        edges.push_back({offset + d.complete, -1});
      };
      if (transfer > 0 && sim::usesHbmPath(e.dmaKind))
        moving(hbmPath[l.chip]);
      if (transfer > 0 && sim::isRemoteDmaOpcode(e.dmaKind) && e.targetChip >= 0 &&
          e.targetChip < torus.chips())
        for (int link : sim::torusRoute(torus, l.chip, e.targetChip))
          moving(iciLinks[link]);
      // Spans on DMA tracks may overlap their track's next one only if the
      // lanes are wrong; each DMA has its own lane while in flight.
      events.push_back(llvm::json::Object{
          {"name", name},
          {"ph", "X"},
          {"pid", pid},
          {"tid", tid},
          {"ts", micros(offset + d.start)},
          {"dur", micros(offset + d.complete) - micros(offset + d.start)},
          {"args", llvm::json::Object{{"bundle", absl::StrFormat("0x%04x", e.bundle)},
                                      {"bytes", e.bytes},
                                      {"semaphore", e.semaphore},
                                      {"cycle", d.start},
                                      {"complete_cycle", d.complete},
                                      {"transfer_cycles", transfer}}}});
      int id = nextFlow++;
      auto flow = [&](const char *ph, int flowTid, double ts) {
        llvm::json::Object f{{"name", "dma"}, {"cat", "dma"},   {"ph", ph}, {"id", id},
                             {"pid", pid},    {"tid", flowTid}, {"ts", ts}};
        if (std::string_view(ph) != "s")
          f["bp"] = "e";
        events.push_back(std::move(f));
      };
      const double half = micros(1) / 2; // inside the bound slice
      const int misc = base + tracks.firstOfSlot[static_cast<int>(Slot::Misc)];
      flow("s", misc, micros(offset + d.start) + half);
      flow("t", tid, micros(offset + d.complete) - half);
      // The wait that consumed it: the first on its semaphore (or a fence)
      // issued at or after its completion.
      for (const auto &[s, cycle, bundle] : waits)
        if (cycle >= d.complete && (s == e.semaphore || s == -1)) {
          flow("f", misc, micros(offset + cycle) + half);
          break;
        }
    }
    w.finish();
    end = std::max(end, offset + total);
  }
  // In each chip's process: how many transfers share its HBM path's
  // bandwidth, over time (two cores streaming: 2, each at half of it;
  // sim/TIMING.md), and per ICI link how many remote DMAs cross it.
  auto counter = [&](int chip, std::vector<std::pair<int64_t, int>> &edges, const std::string &name,
                     const char *unit) {
    nameChip(chip);
    std::sort(edges.begin(), edges.end());
    int inFlight = 0;
    for (size_t i = 0; i < edges.size(); ++i) {
      inFlight += edges[i].second;
      if (i + 1 < edges.size() && edges[i + 1].first == edges[i].first)
        continue;  // one value per cycle
      events.push_back(llvm::json::Object{{"name", name},
                                          {"ph", "C"},
                                          {"pid", chip},
                                          {"ts", micros(edges[i].first)},
                                          {"args", llvm::json::Object{{unit, inFlight}}}});
    }
  };
  for (auto &[chip, edges] : hbmPath)
    counter(chip, edges, "HBM transfers sharing the path", "transfers");
  for (auto &[link, edges] : iciLinks)
    counter(link / machine::kIciLinksPerChip, edges,
            absl::StrCat("ICI link ", std::string(sim::iciLinkName(link % machine::kIciLinksPerChip)),
                         ": remote DMAs crossing"),
            "remote DMAs");
  llvm::json::Object root{
      {"traceEvents", std::move(events)},
      {"displayTimeUnit", "ns"},
      {"otherData", llvm::json::Object{{"clock_hz", machine::kClockHz},
                                       {"time_unit", "1 ns on the time axis is one cycle"}}}};
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::json::Value(std::move(root));
  return out;
}

absl::Status write(const std::string &path, const std::vector<Launch> &launches,
                   const sim::TorusShape &torus) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return absl::InvalidArgumentError(
        absl::StrCat("cannot write the timeline to '", path, "': ", ec.message()));
  os << toJson(launches, torus);
  os.close();
  if (os.has_error())
    return absl::InternalError(
        absl::StrCat("writing the timeline to '", path, "' failed: ", os.error().message()));
  return absl::OkStatus();
}

} // namespace tessera::timeline
