//===- Slice.h - Chips joined by the interconnect (ICI) -------------------===//
//
// A slice is N v4 chips on a 3-D torus of extents (X, Y, Z): chip i sits at
// (i % X, i / X % Y, i / (X * Y)), and each chip's 6 ICI ports link it to
// its +-x, +-y, +-z neighbours. An axis of extent 4 or more wraps around
// (the torus); a shorter one does not (a host's 2x2x1 block of 4 chips:
// chips 0..3 at (0,0,0), (1,0,0), (0,1,0), (1,1,0), x and y neighbours
// wired). Remote DMAs and signals (dma.remote.*, vsyncadd.remote) route in
// dimension order, x then y then z, the shorter way round a wrapping axis,
// and take machine::kIciHopCycles per hop (sim/TIMING.md, [ICI]).
//
// Slice::runTogether runs one program per (chip, core) at once, every core
// of every chip in one deterministic order (the core furthest behind steps
// first, none runs more than kMaxLookahead ahead of another): the same run
// gives the same cycles and data whatever the host does. A wait no DMA in
// flight and no signal on its way can satisfy, on every core still
// running, is a deadlock reported at once with each core's wait.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "sim/Chip.h"

namespace tessera::sim {

/// The extents of a slice's torus.
struct TorusShape {
  int x = 2, y = 2, z = 1;
  constexpr int chips() const { return x * y * z; }
};

/// The chips of one host (machine::kChipsPerHost): a 2x2x1 block.
inline constexpr TorusShape kHostTorus{2, 2, 1};
/// The most chips a simulated slice has (one process; sim/DISTRIBUTED.md
/// says how larger ones would run): a 4x4x4 torus.
inline constexpr int kMaxSliceChips = 64;
/// An axis of at least this many chips wraps around (HARDWARE.md: "a torus
/// with wraparound per axis of extent >= 4").
inline constexpr int kMinWrappingExtent = 4;

/// The interconnect's resources (DmaPath::add), each of one link's
/// bandwidth: chip c's outgoing link in direction d (0..5: +x, -x, +y, -y,
/// +z, -z), and TensorCore k's port, where its remote DMAs enter the
/// interconnect (its engine sends at one link's bandwidth in all).
inline constexpr int iciLinkResource(int chip, int direction) {
  return chip * machine::kIciLinksPerChip + direction;
}
inline constexpr int iciPortResource(int chip, int core) {
  return kMaxSliceChips * machine::kIciLinksPerChip + chip * machine::kCoresPerChip + core;
}

/// (x, y, z) of chip `chip` on a torus of `shape`.
std::array<int, 3> torusCoords(const TorusShape &shape, int chip);
/// The links (iciLinkResource) a DMA from chip `from` to chip `to` of a
/// torus of `shape` crosses, in order: dimension order, x then y then z,
/// the shorter way round a wrapping axis (the + way when both are as
/// short). Empty for the same chip.
std::vector<int> torusRoute(const TorusShape &shape, int from, int to);
/// The name of link `direction` (0..5) of a chip: "+x", "-x", ..., "-z".
std::string_view iciLinkName(int direction);

/// One core's run in a scheduler's hands (Launch.cpp).
struct CoreRun;

/// One core's part of Slice::runTogether.
struct SliceLaunch {
  int chip = 0;
  int core = 0;
  const Program *program = nullptr;
  std::span<const uint32_t> smemInit;
  RunOptions options;
};

class Slice {
public:
  explicit Slice(TorusShape shape = kHostTorus);
  Slice(const Slice &) = delete;
  Slice &operator=(const Slice &) = delete;

  const TorusShape &shape() const { return shape_; }
  int numChips() const { return static_cast<int>(chips_.size()); }
  /// Chip `i` in [0, numChips()) (std::out_of_range else).
  Chip &chip(int i) { return *chips_.at(i); }
  /// (x, y, z) of chip `i`.
  std::array<int, 3> coords(int chip) const { return torusCoords(shape_, chip); }
  /// ICI hops from chip `from` to chip `to` (0 for the same chip).
  int hops(int from, int to) const { return static_cast<int>(route(from, to).size()); }
  /// torusRoute on this slice.
  std::vector<int> route(int from, int to) const { return torusRoute(shape_, from, to); }

  /// Runs the launches at once (Slice.h's file comment). A launch naming a
  /// chip or core out of range or a (chip, core) already used gets an
  /// error result; each other result is what TensorCore::run would return.
  std::vector<absl::StatusOr<RunResult>> runTogether(std::span<const SliceLaunch> launches,
                                                     int64_t lookahead = kMaxLookahead);
  /// The same runs when no program reaches another chip
  /// (Program::reachesOtherChips): the chips then share nothing, so each
  /// chip's launches run together (as runTogether runs them) on a host
  /// thread of their own, at most `threads` at once, each chip's cores on
  /// that chip's own interconnect path. The results are runTogether's,
  /// whatever the threads' timing; a deadlock names one chip's cores.
  /// Otherwise (or with threads <= 1) it is runTogether.
  std::vector<absl::StatusOr<RunResult>> runChipsApart(std::span<const SliceLaunch> launches,
                                                       int threads);

private:
  /// The CoreRuns of `launches` (Launch.cpp); a launch naming a chip or
  /// core out of range, or a (chip, core) already used, gets its error in
  /// `results` and an empty run.
  std::vector<CoreRun> coreRuns(std::span<const SliceLaunch> launches,
                                       std::vector<absl::StatusOr<RunResult>> &results);

  TorusShape shape_;
  std::vector<std::unique_ptr<Chip>> chips_;
  /// The links and ports every chip's remote DMAs share.
  std::unique_ptr<DmaPath> ici_;
};

}  // namespace tessera::sim
