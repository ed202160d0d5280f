//===- Executable.h - The contract between the compiler and the chip ------===//
//
// An executable is what the compiler hands to the simulated chip: encoded
// bundles plus the debug information the listing shows. The simulator owns
// this format (the runtime never depends on the compiler); the listing is
// printed from it and an assembler reads it back.
//
// Kernel ABI: at launch, SMEM words [0, numHbmArgs) hold the HBM row address
// of each HBM/ANY Ref argument in argument order (inputs, then outputs), and
// SMEM words [numHbmArgs, numHbmArgs + scalarInputWords) hold scalar inputs.
// VMEM rows [0, vmemRows) and semaphores [0, numSemaphores) belong to the
// kernel: its semaphore Refs in argument order, so semaphore operands (a
// semaphore array another kernel made; the runtime sets an input's before
// the run and reads an output's after it) come before scratch. The last SMEM word, kCoreIndexSmemWord, holds the index of the
// core in the launch (0, or 0 and 1 when the runtime launches the kernel on
// both TensorCores of a chip; tessera.core_index reads it); below it the
// device's index in its mesh and the device tables (kDeviceIdSmemWord and
// the words after it); the kernel's own SMEM ends below them. Reaching the end of the code completes the kernel; an
// executed `shalt` stops it, and that bundle's comment says why. The other
// core of the chip may add to the kernel's semaphores (vsyncadd.core, Chip.h).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "sim/MachineDesc.h"

namespace tessera::sim {

/// The ABI's SMEM word holding the core's index in its launch (see above).
inline constexpr int64_t kCoreIndexSmemWord = machine::kSmemWords - 1;
/// The most devices one launch spans (a shard_map's mesh): 64, beyond a
/// 16-chip slice split into 32 single-core devices.
inline constexpr int64_t kMaxLaunchDevices = 64;
/// The most bundles a program may have: an assumption of the model (the v4
/// instruction memory's size is not public), far above any kernel the
/// compiler makes (a few thousand bundles), so that parsing and loading any
/// listing stays within seconds.
inline constexpr int64_t kMaxProgramBundles = int64_t{1} << 20;
/// The ABI's SMEM word holding the device's index in its launch's mesh
/// (0 outside a shard_map; tessera.device_id reads it).
inline constexpr int64_t kDeviceIdSmemWord = machine::kSmemWords - 2;
/// The ABI's device tables, kMaxLaunchDevices words each: for mesh device
/// i, the chip it is on, and the TensorCore a remote DMA or signal to it
/// reaches (a whole-chip device: the sender's own core index).
inline constexpr int64_t kDeviceChipTableSmemWord = kDeviceIdSmemWord - kMaxLaunchDevices;
inline constexpr int64_t kDeviceCoreTableSmemWord =
    kDeviceChipTableSmemWord - kMaxLaunchDevices;
/// For mesh device i, how many HBM rows its buffers sit above this
/// device's (as a signed word): 0 between whole chips, whose per-device
/// arrays share their rows; the distance between the HBM halves of a chip
/// split into single-core devices. A remote copy into HBM adds it to its
/// own address of the buffer.
inline constexpr int64_t kDeviceHbmDeltaTableSmemWord =
    kDeviceCoreTableSmemWord - kMaxLaunchDevices;
/// SMEM words a kernel's argument block, scalar inputs, scratch and spill
/// slots may use: all below the ABI's words.
inline constexpr int64_t kKernelSmemWords = kDeviceHbmDeltaTableSmemWord;

/// The source position of one op of a bundle.
struct OpDebug {
  std::string file;   // user source file (basename), empty if none
  uint32_t line = 0;  // 1-based; 0 if none

  bool operator==(const OpDebug &) const = default;
};

/// Debug information of one bundle.
struct BundleDebug {
  /// The bundle's position: its first positioned op's (what messages about
  /// the whole bundle name).
  std::string file;     // user source file (basename), empty if none
  uint32_t line = 0;    // 1-based; 0 if none
  std::string comment;  // what the bundle is for, e.g. a check's message
  /// One entry per op in the bundle's (encoded) op order, or empty when no
  /// op has a position (hand-written code, a nop bundle).
  std::vector<OpDebug> ops = {};
};

/// A named VMEM buffer of the kernel (scratch, a pipeline's block buffer),
/// for messages: `o rows [0, 8)` rather than `VMEM rows [0x8, 0x10)`. Its
/// tiles are (8 * packing, 128) element tiles of 8 memory rows, row-major.
struct VmemBuffer {
  std::string name;
  uint32_t row = 0;   // first VMEM row
  uint32_t rows = 0;  // memory rows
  int64_t colTiles = 1, tileRows = 8, packing = 1;
};

struct Executable {
  std::string name;
  std::vector<uint64_t> code;        // bundles; each ends with a stop bit
  std::vector<BundleDebug> debug;    // one entry per bundle
  uint32_t numHbmArgs = 0;
  uint32_t scalarInputWords = 0;
  uint32_t vmemRows = 0;             // VMEM rows the kernel uses
  uint32_t numSemaphores = 0;
  /// The named VMEM buffers (none for an executable read from a listing).
  std::vector<VmemBuffer> vmemBuffers;

  /// Number of bundles (decoded lazily from the stop bits).
  size_t numBundles() const { return debug.size(); }
  /// "first_kernel.cc:42" or "" for bundle `b`.
  std::string position(size_t b) const;
  /// The position of op `op` (in encoded order) of bundle `b`: its own if
  /// the bundle has per-op positions, else the bundle's; "" if none.
  std::string opPosition(size_t b, size_t op) const;
  /// Host memory its code and debug information hold (the compile cache's
  /// byte bound counts it).
  int64_t hostBytes() const;
};

/// Host memory of `debug`'s bundle entries (their strings and op lists).
int64_t hostBytes(const std::vector<BundleDebug> &debug);

/// "rows [0, 8) of o (VMEM rows [0x8, 0x10))" when [lo, hi) lies in one
/// of `buffers` (its element rows), else "VMEM rows [0x8, 0x10)".
std::string describeVmemRows(const std::vector<VmemBuffer> &buffers, int64_t lo, int64_t hi);

/// The machine listing: a header of `.directive value` lines, then one line
/// per bundle, with label lines before the bundles that branches target:
///
///   .kernel sum
///   .hbm_args 0
///   .scalar_words 0
///   .vmem_rows 0x0
///   .semaphores 0
///   0x0000  smov s1, 1 ; smov s2, 0                      // sum.cc:3
///   .L0001:
///   0x0001  sadd s2, s2, s1 ; sadd s1, s1, 1             // sum.cc:4
///   0x0002  scmp.le p0, s1, 10                           // sum.cc:5
///   0x0003  @p0 sbr .L0001                               // sum.cc:5
///
/// A bundle line is its address (0x and at least 4 hex digits), two spaces,
/// its ops joined by " ; ", then (if the bundle has debug info), padded to
/// column 51, `  // POSITIONS`, `  // POSITIONS: comment` or `  // comment`.
/// `.scalar_words` is Executable::scalarInputWords.
///
/// POSITIONS is `file.cc:LINE` when every op of the bundle comes from that
/// line. When the ops come from several lines it names each op: groups of
/// consecutive ops (in the printed order) of one line, each the position and
/// the ops' mnemonics, joined by ", ", with `-` for ops without a position:
///
///   0x0007  vld v0, [vmem:0x0] ; vmul.f32 v2, v1, v3  // a.cc:25 vld, a.cc:26 vmul.f32
///   0x0008  sadd s1, s1, 1 ; vst [vmem:0x8], v2 ; smov s2, 0  // a.cc:26 sadd vst, - smov
///
/// The parser checks the mnemonics against the bundle's ops (a listing
/// whose ops were edited without their positions is an error).
///
/// A branch target prints as a label, `.L` and the target's address in (at
/// least 4) hex digits: `@p0 sbr .L0001`. Every bundle some branch targets
/// is preceded by its label line `.L0001:`; a branch to the end of the code
/// (the kernel completes) puts the end's label line after the last bundle.
///
/// The listing is printed from the encoded words (never from compiler
/// objects), and parseListing is its exact inverse. It also reads what a
/// person may write: blank lines, whole-line `//` comments, a branch target
/// as a hex address (`sbr 0x1`), and label lines no branch refers to (the
/// printer drops those). A label line must be followed by the bundle at its
/// address (only blank and comment lines in between), or end the listing if
/// its address is the end of the code; otherwise it is an error at the label
/// line. Errors say "listing line N: ..." (tessera-asm turns that into
/// FILE:N).
std::string printListing(const Executable &exe);
absl::StatusOr<Executable> parseListing(std::string_view text);

}  // namespace tessera::sim
