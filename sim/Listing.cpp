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
#include <algorithm>
#include <charconv>
#include <climits>
#include <optional>
#include <set>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "sim/Executable.h"
#include "sim/MachineDesc.h"
#include "sim/isa/IsaText.h"

namespace tessera::sim {
namespace {

/// Bundle text is padded to this column before its `  // ...` comment.
constexpr size_t kCommentColumn = 51;

/// Reads a position "file.cc:42" at the start of `text`: a file name without
/// spaces or colons, a colon and a decimal line. Returns the characters
/// read, or 0 if `text` does not start with a position.
size_t parsePosition(std::string_view text, OpDebug &pos) {
  size_t colon = text.find(':');
  if (colon == std::string_view::npos || colon == 0 ||
      text.substr(0, colon).find_first_of(" \t") != std::string_view::npos)
    return 0;
  size_t end = colon + 1;
  while (end < text.size() && text[end] >= '0' && text[end] <= '9')
    ++end;
  uint32_t line = 0;
  auto [ptr, ec] = std::from_chars(text.data() + colon + 1, text.data() + end,
                                   line);
  if (end == colon + 1 || ec != std::errc() || ptr != text.data() + end)
    return 0;
  pos.file = std::string(text.substr(0, colon));
  pos.line = line;
  return end;
}

bool isMnemonicChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' ||
         c == '_';
}

/// Reads the per-op form "a.cc:25 vld, a.cc:26 vmul.f32 sadd, - smov" with
/// an optional ": comment" (Executable.h). False if `text` is not in that
/// form.
bool parseOpPositions(std::string_view text, std::vector<OpDebug> &ops,
                      std::vector<std::string_view> &mnemonics,
                      std::string_view &comment) {
  size_t i = 0;
  while (true) {
    OpDebug pos;
    if (text.substr(i, 2) == "- ") {
      i += 1;  // an op without a position
    } else if (size_t n = parsePosition(text.substr(i), pos)) {
      i += n;
    } else {
      return false;
    }
    size_t groupSize = 0;
    while (i < text.size() && text[i] == ' ') {
      size_t start = ++i;
      while (i < text.size() && isMnemonicChar(text[i]))
        ++i;
      if (i == start)
        return false;
      mnemonics.push_back(text.substr(start, i - start));
      ops.push_back(pos);
      ++groupSize;
    }
    if (groupSize == 0)
      return false;
    if (i == text.size()) {
      comment = {};
      return true;
    }
    if (text.substr(i, 2) == ": ") {
      comment = text.substr(i + 2);
      return true;
    }
    if (text.substr(i, 2) != ", ")
      return false;
    i += 2;
  }
}

/// Fills `debug` from a bundle's debug text (after `// `): "file.cc:42",
/// "file.cc:42: comment", the per-op form, or a comment. `bundle` is the
/// bundle's parsed ops, which the per-op form must name in order.
absl::Status parseDebugText(std::string_view text, const isa::Bundle &bundle,
                            BundleDebug &debug) {
  std::vector<OpDebug> ops;
  std::vector<std::string_view> mnemonics;
  std::string_view comment;
  OpDebug first;
  bool startsWithPosition = parsePosition(text, first) != 0;
  if (parseOpPositions(text, ops, mnemonics, comment)) {
    bool match = mnemonics.size() == bundle.size();
    for (size_t i = 0; match && i < bundle.size(); ++i)
      match = mnemonics[i] == isa::desc(bundle[i].opcode).mnemonic;
    if (match) {
      for (const OpDebug &op : ops)
        if (debug.file.empty() && !op.file.empty()) {
          debug.file = op.file;
          debug.line = op.line;
        }
      debug.comment = std::string(comment);
      debug.ops = std::move(ops);
      return absl::OkStatus();
    }
    if (startsWithPosition) {
      std::string named, actual;
      for (std::string_view m : mnemonics)
        (named += named.empty() ? "" : " ") += m;
      for (const isa::Instr &instr : bundle)
        (actual += actual.empty() ? "" : " ") +=
            isa::desc(instr.opcode).mnemonic;
      return absl::InvalidArgumentError(absl::StrFormat(
          "the source positions name the ops '%s' but the bundle's ops are "
          "'%s'",
          named, actual));
    }
  }
  // "file.cc:42" or "file.cc:42: comment": every op has that position.
  if (size_t n = startsWithPosition ? parsePosition(text, first) : 0;
      n != 0 && (n == text.size() || text.substr(n, 2) == ": ")) {
    debug.file = first.file;
    debug.line = first.line;
    if (n < text.size())
      debug.comment = std::string(text.substr(n + 2));
    debug.ops.assign(bundle.size(), first);
    return absl::OkStatus();
  }
  debug.comment = std::string(text);
  return absl::OkStatus();
}

/// The POSITIONS part of a bundle's debug text (Executable.h), "" if none.
std::string positionsText(const Executable &exe, size_t b,
                          const isa::Bundle &bundle) {
  if (b >= exe.debug.size())
    return "";  // a debug table shorter than the code: no positions
  const std::vector<OpDebug> &ops = exe.debug[b].ops;
  if (ops.empty() || ops.size() != bundle.size())
    return exe.position(b);
  bool uniform = std::all_of(ops.begin(), ops.end(),
                             [&](const OpDebug &op) { return op == ops[0]; });
  if (uniform)
    return ops[0].file.empty() ? exe.position(b) : exe.opPosition(b, 0);
  std::string out;
  for (size_t i = 0; i < ops.size(); ++i) {
    if (i == 0 || !(ops[i] == ops[i - 1])) {
      if (i != 0)
        out += ", ";
      out += ops[i].file.empty() ? "-" : exe.opPosition(b, i);
    }
    (out += ' ') += isa::desc(bundle[i].opcode).mnemonic;
  }
  return out;
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

std::string describeVmemRows(const std::vector<VmemBuffer> &buffers, int64_t lo, int64_t hi) {
  std::string rows = absl::StrFormat("VMEM rows [0x%x, 0x%x)", lo, hi);
  for (const VmemBuffer &b : buffers) {
    if (lo < b.row || hi > int64_t{b.row} + b.rows || hi <= lo)
      continue;
    // The element rows the memory rows hold: memory row m of the buffer is
    // sub-row m % 8 of tile m / 8, tiles row-major over colTiles columns.
    auto elementRow = [&](int64_t m) {
      int64_t tile = m / machine::kSublanes, sub = m % machine::kSublanes;
      return tile / b.colTiles * b.tileRows + sub * b.packing;
    };
    int64_t first = INT64_MAX, last = 0;
    for (int64_t m = lo - b.row; m < hi - b.row; ++m) {
      first = std::min(first, elementRow(m));
      last = std::max(last, elementRow(m) + b.packing);
    }
    return absl::StrFormat("rows [%d, %d) of %s (%s)", first, last, b.name, rows);
  }
  return rows;
}

namespace {
/// Heap bytes of a string beyond the small-string buffer.
int64_t heapBytes(const std::string &s) {
  return s.capacity() > std::string().capacity() ? int64_t(s.capacity()) + 1 : 0;
}
}  // namespace

int64_t hostBytes(const std::vector<BundleDebug> &debug) {
  int64_t bytes = int64_t(debug.capacity() * sizeof(BundleDebug));
  for (const BundleDebug &b : debug) {
    bytes += heapBytes(b.file) + heapBytes(b.comment) +
             int64_t(b.ops.capacity() * sizeof(OpDebug));
    for (const OpDebug &op : b.ops)
      bytes += heapBytes(op.file);
  }
  return bytes;
}

int64_t Executable::hostBytes() const {
  return int64_t(sizeof(Executable) + code.capacity() * sizeof(uint64_t) +
                 vmemBuffers.capacity() * sizeof(VmemBuffer)) +
         sim::hostBytes(debug);
}

std::string Executable::position(size_t b) const {
  if (b >= debug.size() || debug[b].file.empty())
    return "";
  return absl::StrFormat("%s:%d", debug[b].file, debug[b].line);
}

std::string Executable::opPosition(size_t b, size_t op) const {
  if (b < debug.size() && op < debug[b].ops.size()) {
    const OpDebug &d = debug[b].ops[op];
    return d.file.empty() ? "" : absl::StrFormat("%s:%d", d.file, d.line);
  }
  return position(b);
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
    std::string pos = positionsText(exe, b, (*bundles)[b]);
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
    // CRLF line ends, and any carriage returns before them (a name or a
    // comment ending in '\r' would otherwise print back with one less).
    while (!line.empty() && line.back() == '\r')
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
    if ((int64_t)bundleIndex >= kMaxProgramBundles)
      return lineError(lineNo, absl::StrFormat("more than %d bundles (kMaxProgramBundles, "
                                               "the instruction memory the model assumes)",
                                               kMaxProgramBundles));
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
      // A '\r' inside the line reads as the space the printer writes for
      // it, so that what parses prints back and parses the same.
      std::string oneLine(debugText);
      std::replace(oneLine.begin(), oneLine.end(), '\r', ' ');
      if (absl::Status s = parseDebugText(oneLine, *bundle, debug);
          !s.ok())
        return lineError(lineNo, s.message());
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
