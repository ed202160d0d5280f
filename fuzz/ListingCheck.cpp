//===- ListingCheck.cpp - The listing target's properties -----------------===//
//
// The input is a machine listing (what tessera-asm reads). A listing the
// assembler rejects must be rejected with a status; one it accepts must
// round-trip: printing the encoded words and parsing the print back gives
// the same words, header and debug information, and printing that again
// gives the same text (Executable.h: the printer and the parser are
// inverses on what the printer prints). The accepted program is also loaded
// (sim::loadProgram), which must accept or reject it without crashing.
//
// (fuzz/ListingFuzzer.cpp runs this under libFuzzer; the regression test
// runs it on fuzz/regressions/listing/.)
//
//===----------------------------------------------------------------------===//
#include <string>
#include <string_view>

#include "fuzz/FuzzChecks.h"
#include "sim/Executable.h"
#include "sim/Program.h"

namespace tessera::fuzz {
namespace {

/// A comment as the printer writes it: one line (Listing.cpp turns line
/// breaks into spaces; the parser keeps a lone '\r' inside a line).
std::string oneLine(std::string comment) {
  for (char &c : comment)
    if (c == '\n' || c == '\r')
      c = ' ';
  return comment;
}

bool sameDebug(const sim::BundleDebug &a, const sim::BundleDebug &b) {
  if (a.file != b.file || a.line != b.line ||
      oneLine(a.comment) != oneLine(b.comment) || a.ops.size() != b.ops.size())
    return false;
  for (size_t i = 0; i < a.ops.size(); ++i)
    if (a.ops[i].file != b.ops[i].file || a.ops[i].line != b.ops[i].line)
      return false;
  return true;
}

bool sameExecutable(const sim::Executable &a, const sim::Executable &b) {
  if (a.name != b.name || a.code != b.code || a.numHbmArgs != b.numHbmArgs ||
      a.scalarInputWords != b.scalarInputWords || a.vmemRows != b.vmemRows ||
      a.numSemaphores != b.numSemaphores || a.debug.size() != b.debug.size())
    return false;
  for (size_t i = 0; i < a.debug.size(); ++i)
    if (!sameDebug(a.debug[i], b.debug[i]))
      return false;
  return true;
}

}  // namespace

std::string checkListing(std::string_view text) {
  absl::StatusOr<sim::Executable> exe = sim::parseListing(text);
  if (!exe.ok())
    return "";
  std::string printed = sim::printListing(*exe);
  absl::StatusOr<sim::Executable> again = sim::parseListing(printed);
  if (!again.ok())
    return broken("the printed listing does not parse back", printed,
                  std::string(again.status().message()));
  if (!sameExecutable(*exe, *again))
    return broken("the printed listing parses to a different executable",
                  printed, "");
  std::string reprinted = sim::printListing(*again);
  if (reprinted != printed)
    return broken("printing the parsed print changes the text", printed,
                  reprinted);
  // Loading verifies; a rejection is fine, a crash is not.
  (void)sim::loadProgram(*exe);
  return "";
}

}  // namespace tessera::fuzz
