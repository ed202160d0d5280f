//===- IsaText.h - Column-aware parsing of ops inside a longer line -------===//
//
// parseInstr/parseBundle (Isa.h) report columns relative to their argument.
// The listing parser parses the ops part of a longer line and wants columns
// of that line; this internal entry point takes the line and a range in it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string_view>

#include "absl/status/statusor.h"
#include "sim/isa/Isa.h"

namespace tessera::isa {

/// Parses the ops in `line[begin, end)`, separated by ';'. Error messages say
/// "column N: ..." with N the 1-based column in `line`.
absl::StatusOr<Bundle> parseBundleInLine(std::string_view line, size_t begin,
                                         size_t end);

/// The f32 immediate's text form: shortest decimal that round-trips ("2.0",
/// "0.1", "-3.5e+20"), or the bit pattern "0x7fc00000" for NaN and infinity.
std::string formatF32(uint32_t bits);

}  // namespace tessera::isa
