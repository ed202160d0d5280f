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
// kernel. Reaching the end of the code completes the kernel; an executed
// `shalt` stops it, and that bundle's comment says why.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace tessera::sim {

/// Debug information of one bundle.
struct BundleDebug {
  std::string file;     // user source file (basename), empty if none
  uint32_t line = 0;    // 1-based; 0 if none
  std::string comment;  // what the bundle is for, e.g. a check's message
};

struct Executable {
  std::string name;
  std::vector<uint64_t> code;        // bundles; each ends with a stop bit
  std::vector<BundleDebug> debug;    // one entry per bundle
  uint32_t numHbmArgs = 0;
  uint32_t scalarInputWords = 0;
  uint32_t vmemRows = 0;             // VMEM rows the kernel uses
  uint32_t numSemaphores = 0;

  /// Number of bundles (decoded lazily from the stop bits).
  size_t numBundles() const { return debug.size(); }
  /// "first_kernel.cc:42" or "" for bundle `b`.
  std::string position(size_t b) const;
};

/// The machine listing: a header of `.directive value` lines, then one line
/// per bundle:
///
///   .kernel scale
///   .hbm_args 2
///   .scalar_words 0
///   .vmem_rows 0x8
///   .semaphores 1
///   0x0000  sld s0, [smem:0x0] ; sld s1, [smem:0x1]      // first_kernel.cc:40
///
/// A bundle line is its address, its ops joined by " ; ", then (if the bundle
/// has debug info) `  // file.cc:LINE`, `  // file.cc:LINE: comment` or
/// `  // comment`. `.scalar_words` is Executable::scalarInputWords.
///
/// The listing is printed from the encoded words (never from compiler
/// objects), and parseListing is its exact inverse.
std::string printListing(const Executable &exe);
absl::StatusOr<Executable> parseListing(std::string_view text);

}  // namespace tessera::sim
