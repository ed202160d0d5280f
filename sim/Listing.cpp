//===- Listing.cpp - The machine listing: print from the words, parse back ===//
//
// The listing is the human- and machine-readable form of an Executable
// (Executable.h). It is printed by decoding `exe.code`, so it shows exactly
// what the chip will run, and parseListing is its exact inverse: an
// assembler for hand-written kernels and for round-trip tests.
//
//   .kernel scale
//   .hbm_args 2
//   .scalar_words 0
//   .vmem_rows 0x8
//   .semaphores 1
//   0x0000  sld s0, [smem:0x0] ; sld s1, [smem:0x1]      // first_kernel.cc:40
//   0x0001  @p0 shalt                                    // k.cc:41: Bounds...
//   .L0002:
//   0x0002  sadd s1, s1, 1 ; scmp.lt p1, s1, 9
//   0x0003  @p1 sbr .L0002
//
// Branch targets print as labels: a bundle that some branch targets is
// preceded by its label line, so loops can be read without counting
// addresses. The parser checks each label line against the bundle that
// follows it (a hand-edited listing whose labels moved is an error, not a
// silently different program).
//
//===----------------------------------------------------------------------===//
#include <charconv>
#include <optional>
#include <set>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "sim/Executable.h"
#include "sim/isa/IsaText.h"

namespace tessera::sim {
namespace {

/// Bundle text is padded to this column before its `  // ...` comment.
constexpr size_t kCommentColumn = 51;

bool allDigits(std::string_view s) {
  if (s.empty())
    return false;
  for (char c : s)
    if (c < '0' || c > '9')
      return false;
  return true;
}

/// Splits a debug text "file.cc:42: comment", "file.cc:42" or "comment".
/// A position is a file name without spaces or colons and a decimal line.
void parseDebugText(std::string_view text, BundleDebug &debug) {
  size_t colon = text.find(':');
  if (colon != std::string_view::npos && colon > 0) {
    std::string_view file = text.substr(0, colon);
    size_t lineEnd = text.find(':', colon + 1);
    std::string_view lineText = text.substr(
        colon + 1, lineEnd == std::string_view::npos ? std::string_view::npos
                                                     : lineEnd - colon - 1);
    bool fileOk = file.find_first_of(" \t") == std::string_view::npos;
    bool restOk =
        lineEnd == std::string_view::npos || text.substr(lineEnd, 2) == ": ";
    uint32_t line = 0;
    auto [ptr, ec] = std::from_chars(lineText.data(),
                                     lineText.data() + lineText.size(), line);
    if (fileOk && restOk && allDigits(lineText) && ec == std::errc() &&
        ptr == lineText.data() + lineText.size()) {
      debug.file = std::string(file);
      debug.line = line;
      if (lineEnd != std::string_view::npos)
        debug.comment = std::string(text.substr(lineEnd + 2));
      return;
    }
  }
  debug.comment = std::string(text);
}

/// Reads a label line ".L0006:" (trailing spaces and a `//` comment allowed)
/// into its address. False if the line is not a well-formed label line.
bool parseLabelLine(std::string_view line, uint32_t &address) {
  if (line.substr(0, 2) != ".L")
    return false;
  size_t colon = line.find(':');
  if (colon == std::string_view::npos)
    return false;
  std::string_view digits = line.substr(2, colon - 2);
  if (digits.empty() || digits.front() == '+' || digits.front() == '-')
    return false;
  auto [ptr, ec] = std::from_chars(digits.data(),
                                   digits.data() + digits.size(), address, 16);
  if (ec != std::errc() || ptr != digits.data() + digits.size())
    return false;
  std::string_view rest = line.substr(colon + 1);
  size_t next = rest.find_first_not_of(" \t");
  return next == std::string_view::npos || rest.substr(next, 2) == "//";
}

/// The bundles some branch targets (targets are immediates of kind Target).
std::set<uint32_t> branchTargets(const std::vector<isa::Bundle> &bundles) {
  std::set<uint32_t> targets;
  for (const isa::Bundle &bundle : bundles)
    for (const isa::Instr &instr : bundle) {
      const isa::InstrDesc &d = isa::desc(instr.opcode);
      for (int i = 0; i < d.numOperands; ++i)
        if (d.operands[i] == isa::OperandKind::Target)
          targets.insert(static_cast<uint32_t>(instr.ops[i]));
    }
  return targets;
}

absl::Status lineError(size_t lineNo, absl::string_view message) {
  return absl::InvalidArgumentError(
      absl::StrFormat("listing line %d: %s", lineNo, message));
}

/// Reads an unsigned directive value, decimal or (with `hex`) 0x-prefixed.
bool parseDirectiveValue(std::string_view text, bool hex, uint32_t &value) {
  int base = 10;
  if (hex) {
    if (text.substr(0, 2) != "0x")
      return false;
    text.remove_prefix(2);
    base = 16;
  }
  if (text.empty())
    return false;
  auto [ptr, ec] =
      std::from_chars(text.data(), text.data() + text.size(), value, base);
  return ec == std::errc() && ptr == text.data() + text.size();
}

}  // namespace

std::string Executable::position(size_t b) const {
  if (b >= debug.size() || debug[b].file.empty())
    return "";
  return absl::StrFormat("%s:%d", debug[b].file, debug[b].line);
}

std::string printListing(const Executable &exe) {
  std::string out;
  absl::StrAppendFormat(&out, ".kernel %s\n", exe.name);
  absl::StrAppendFormat(&out, ".hbm_args %d\n", exe.numHbmArgs);
  absl::StrAppendFormat(&out, ".scalar_words %d\n", exe.scalarInputWords);
  absl::StrAppendFormat(&out, ".vmem_rows 0x%x\n", exe.vmemRows);
  absl::StrAppendFormat(&out, ".semaphores %d\n", exe.numSemaphores);
  absl::StatusOr<std::vector<isa::Bundle>> bundles =
      isa::decodeProgram(exe.code);
  if (!bundles.ok()) {
    // Not a listing line: parseListing rejects it, as the chip would.
    absl::StrAppendFormat(&out, "!! undecodable code: %s\n",
                          bundles.status().message());
    return out;
  }
  std::set<uint32_t> targets = branchTargets(*bundles);
  for (size_t b = 0; b < bundles->size(); ++b) {
    if (targets.count(static_cast<uint32_t>(b)))
      absl::StrAppendFormat(&out, ".L%04x:\n", b);
    std::string line =
        absl::StrFormat("0x%04x  %s", b, isa::printBundle((*bundles)[b]));
    std::string pos = exe.position(b);
    std::string comment = b < exe.debug.size() ? exe.debug[b].comment : "";
    for (char &c : comment)
      if (c == '\n' || c == '\r')
        c = ' ';  // one bundle, one line
    if (!pos.empty() || !comment.empty()) {
      if (line.size() < kCommentColumn)
        line.resize(kCommentColumn, ' ');
      line += "  // ";
      line += pos;
      if (!pos.empty() && !comment.empty())
        line += ": ";
      line += comment;
    }
    out += line;
    out += '\n';
  }
  // A branch to the end of the code (the kernel completes) gets its label
  // too, as the last line.
  if (targets.count(static_cast<uint32_t>(bundles->size())))
    absl::StrAppendFormat(&out, ".L%04x:\n", bundles->size());
  return out;
}

absl::StatusOr<Executable> parseListing(std::string_view text) {
  Executable exe;
  struct Directive {
    std::string_view name;
    bool hex;
    uint32_t *value;
    bool seen = false;
  };
  Directive directives[] = {{".hbm_args", false, &exe.numHbmArgs},
                            {".scalar_words", false, &exe.scalarInputWords},
                            {".vmem_rows", true, &exe.vmemRows},
                            {".semaphores", false, &exe.numSemaphores}};
  bool seenKernel = false;
  bool inCode = false;
  size_t lineNo = 0;
  // The last label line not yet matched by its bundle: its address and line.
  std::optional<std::pair<uint32_t, size_t>> pendingLabel;
  // Directives are checked once, at the first line of code (a label or a
  // bundle).
  auto enterCode = [&]() -> absl::Status {
    if (inCode)
      return absl::OkStatus();
    if (!seenKernel)
      return lineError(lineNo, "missing directive '.kernel' before the code");
    for (const Directive &d : directives)
      if (!d.seen)
        return lineError(
            lineNo,
            absl::StrFormat("missing directive '%s' before the code", d.name));
    inCode = true;
    return absl::OkStatus();
  };
  for (size_t lineStart = 0; lineStart <= text.size();) {
    size_t newline = text.find('\n', lineStart);
    if (newline == std::string_view::npos)
      newline = text.size();
    std::string_view line = text.substr(lineStart, newline - lineStart);
    lineStart = newline + 1;
    ++lineNo;
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos || line.substr(first, 2) == "//")
      continue;  // blank lines and whole-line comments
    if (line.substr(0, 2) == ".L") {
      uint32_t address = 0;
      if (!parseLabelLine(line, address))
        return lineError(
            lineNo, absl::StrFormat("malformed label line '%s': expected a "
                                    "label like '.L%04x:'",
                                    line, exe.debug.size()));
      if (absl::Status s = enterCode(); !s.ok())
        return s;
      if (pendingLabel)
        return lineError(
            pendingLabel->second,
            absl::StrFormat("label '.L%04x' is not followed by its bundle "
                            "(found another label line)",
                            pendingLabel->first));
      pendingLabel = {address, lineNo};
      continue;
    }
    if (line.front() == '.') {
      if (inCode)
        return lineError(lineNo,
                         "directives must come before the first bundle");
      size_t space = line.find(' ');
      std::string_view name = line.substr(0, space);
      std::string_view value =
          space == std::string_view::npos ? "" : line.substr(space + 1);
      if (name == ".kernel") {
        if (seenKernel)
          return lineError(lineNo, "duplicate directive '.kernel'");
        if (value.empty())
          return lineError(lineNo, "'.kernel' needs a name");
        exe.name = std::string(value);
        seenKernel = true;
        continue;
      }
      Directive *d = nullptr;
      for (Directive &candidate : directives)
        if (candidate.name == name)
          d = &candidate;
      if (!d)
        return lineError(lineNo,
                         absl::StrFormat("unknown directive '%s'", name));
      if (d->seen)
        return lineError(lineNo,
                         absl::StrFormat("duplicate directive '%s'", name));
      if (!parseDirectiveValue(value, d->hex, *d->value))
        return lineError(
            lineNo, absl::StrFormat("'%s' needs a %s value, found '%s'", name,
                                    d->hex ? "hex (0x...)" : "decimal", value));
      d->seen = true;
      continue;
    }
    if (absl::Status s = enterCode(); !s.ok())
      return s;
    // Address.
    size_t bundleIndex = exe.debug.size();
    uint32_t address = 0;
    size_t addrEnd = line.find_first_of(" \t");
    if (!parseDirectiveValue(line.substr(0, addrEnd), /*hex=*/true, address))
      return lineError(lineNo,
                       absl::StrFormat("expected a bundle address like 0x%04x, "
                                       "found '%s'",
                                       bundleIndex, line.substr(0, addrEnd)));
    if (address != bundleIndex)
      return lineError(lineNo, absl::StrFormat("bad address sequence: expected "
                                               "0x%04x, found 0x%04x",
                                               bundleIndex, address));
    if (pendingLabel && pendingLabel->first != address)
      return lineError(pendingLabel->second,
                       absl::StrFormat("label '.L%04x' is followed by the "
                                       "bundle at 0x%04x, not by its own",
                                       pendingLabel->first, address));
    pendingLabel.reset();
    if (addrEnd == std::string_view::npos)
      return lineError(lineNo, "bundle line has no ops (use 'nop')");
    // Ops, then the optional `// position: comment`.
    size_t slashes = line.find("//", addrEnd);
    size_t opsEnd = slashes == std::string_view::npos ? line.size() : slashes;
    absl::StatusOr<isa::Bundle> bundle =
        isa::parseBundleInLine(line, addrEnd, opsEnd);
    if (!bundle.ok())
      return lineError(lineNo, bundle.status().message());
    if (absl::Status s = isa::verifyBundle(*bundle); !s.ok())
      return lineError(lineNo, s.message());
    isa::encodeBundle(*bundle, exe.code);
    BundleDebug debug;
    if (slashes != std::string_view::npos) {
      std::string_view debugText = line.substr(slashes + 2);
      if (!debugText.empty() && debugText.front() == ' ')
        debugText.remove_prefix(1);
      parseDebugText(debugText, debug);
    }
    exe.debug.push_back(std::move(debug));
  }
  // Only the end of the code may be labelled without a bundle after it.
  if (pendingLabel && pendingLabel->first != exe.debug.size())
    return lineError(pendingLabel->second,
                     absl::StrFormat("label '.L%04x' is not followed by its "
                                     "bundle (the code ends at 0x%04x)",
                                     pendingLabel->first, exe.debug.size()));
  if (!inCode) {
    if (!seenKernel)
      return lineError(lineNo, "missing directive '.kernel'");
    for (const Directive &d : directives)
      if (!d.seen)
        return lineError(lineNo,
                         absl::StrFormat("missing directive '%s'", d.name));
  }
  return exe;
}

}  // namespace tessera::sim
