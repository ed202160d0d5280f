//===- IsaText.cpp - The listing spelling of instructions: print and parse ===//
//
// Printer and parser are both driven by the syntax strings of Isa.def: the
// printer substitutes operands for placeholders, the parser walks the same
// string and reads one token per placeholder. Several rows may share a
// mnemonic (`vld v0, [vmem:0x8]` vs `vld v0, [vmem:s3+0x8]`); the parser tries
// each and, if none matches, reports the row that got furthest.
//
// A branch target prints as the label of its bundle (`sbr .L0006`); the
// listing (Listing.cpp) puts the matching `.L0006:` line before that bundle.
//
//===----------------------------------------------------------------------===//
#include "sim/isa/IsaText.h"

#include <bit>
#include <charconv>
#include <cmath>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "sim/MachineDesc.h"

namespace tessera::isa {
namespace {

using namespace tessera::machine;

bool isSpace(char c) { return c == ' ' || c == '\t'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isHexDigit(char c) {
  return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
bool isWordChar(char c) {
  return isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         c == '_' || c == '.';
}

int hexValue(char c) {
  if (isDigit(c))
    return c - '0';
  return (c | 0x20) - 'a' + 10;
}

/// A parse failure at a column of the line being parsed.
struct ParseError {
  size_t pos = 0;  // 0-based offset in the line
  std::string message;
};

/// Reads tokens from line[pos, end).
class Cursor {
public:
  Cursor(std::string_view line, size_t begin, size_t end)
      : line_(line), pos_(begin), end_(end) {}

  size_t pos() const { return pos_; }
  bool atEnd() const { return pos_ >= end_; }
  char peek(size_t ahead = 0) const {
    return pos_ + ahead < end_ ? line_[pos_ + ahead] : '\0';
  }
  void advance(size_t n = 1) { pos_ += n; }
  void skipSpaces() {
    while (!atEnd() && isSpace(peek()))
      ++pos_;
  }
  /// The token at the cursor, for "found '...'" in messages.
  std::string found() const {
    if (atEnd())
      return "end of text";
    size_t e = pos_;
    while (e < end_ && !isSpace(line_[e]) && line_[e] != ',' &&
           line_[e] != ']' && line_[e] != '+')
      ++e;
    if (e == pos_)
      ++e;
    return absl::StrFormat("'%s'", line_.substr(pos_, e - pos_));
  }
  ParseError error(std::string expected) const {
    return ParseError{
        pos_, absl::StrFormat("expected %s, found %s", expected, found())};
  }

private:
  std::string_view line_;
  size_t pos_, end_;
};

/// Reads an unsigned decimal number; false if there are no digits or it
/// exceeds `max`.
bool readDecimal(Cursor &c, uint64_t max, uint64_t &value) {
  if (!isDigit(c.peek()))
    return false;
  value = 0;
  while (isDigit(c.peek())) {
    value = value * 10 + (c.peek() - '0');
    if (value > max)
      return false;
    c.advance();
  }
  return true;
}

/// Reads "0x" and up to 8 hex digits.
bool readHex32(Cursor &c, uint64_t &value) {
  if (c.peek() != '0' || (c.peek(1) != 'x' && c.peek(1) != 'X') ||
      !isHexDigit(c.peek(2)))
    return false;
  c.advance(2);
  value = 0;
  while (isHexDigit(c.peek())) {
    value = value * 16 + hexValue(c.peek());
    if (value > UINT32_MAX)
      return false;
    c.advance();
  }
  return true;
}

/// A token must not run on into letters or digits ("v3x", "0x8g").
bool endsToken(const Cursor &c) { return !isWordChar(c.peek()); }

/// Reads the operand a placeholder stands for; on failure leaves `err`.
bool readOperand(Cursor &c, OperandKind kind, int64_t &out, ParseError &err) {
  Cursor start = c;
  uint64_t v = 0;
  auto fail = [&](std::string expected) {
    err = start.error(std::move(expected));
    return false;
  };
  auto reg = [&](char prefix, int limit, std::string_view noun) {
    std::string expected =
        absl::StrFormat("%s %c0-%c%d", noun, prefix, prefix, limit - 1);
    if (c.peek() != prefix)
      return fail(expected);
    c.advance();
    if (!readDecimal(c, limit - 1, v) || !endsToken(c))
      return fail(expected);
    out = static_cast<int64_t>(v);
    return true;
  };
  switch (kind) {
  case OperandKind::VReg:
    return reg('v', kNumVRegs, "a vector register");
  case OperandKind::SReg:
    return reg('s', kNumSRegs, "a scalar register");
  case OperandKind::PReg:
    return reg('p', kNumPRegs, "a predicate register");
  case OperandKind::Sem: {
    std::string expected =
        absl::StrFormat("a semaphore index 0-%d", kNumSemaphores - 1);
    if (!readDecimal(c, kNumSemaphores - 1, v) || !endsToken(c))
      return fail(expected);
    out = static_cast<int64_t>(v);
    return true;
  }
  case OperandKind::Imm: {
    constexpr char kExpected[] = "a signed 32-bit decimal immediate";
    bool negative = c.peek() == '-';
    if (negative)
      c.advance();
    uint64_t max = negative ? uint64_t{1} << 31 : (uint64_t{1} << 31) - 1;
    if (!readDecimal(c, max, v) || !endsToken(c))
      return fail(kExpected);
    int64_t signedValue = negative ? -static_cast<int64_t>(v) : v;
    out = static_cast<uint32_t>(static_cast<int32_t>(signedValue));
    return true;
  }
  case OperandKind::Addr:
    if (!readHex32(c, v) || !endsToken(c))
      return fail("a 32-bit hex address like 0x8");
    out = static_cast<int64_t>(v);
    return true;
  case OperandKind::Target: {
    // A label ".L0006" (as printed) or a plain hex address "0x6".
    constexpr char kExpected[] = "a branch target like .L0006 or 0x6";
    if (c.peek() == '.') {
      if (c.peek(1) != 'L' || !isHexDigit(c.peek(2)))
        return fail(kExpected);
      c.advance(2);
      v = 0;
      while (isHexDigit(c.peek())) {
        v = v * 16 + hexValue(c.peek());
        if (v > UINT32_MAX)
          return fail(kExpected);
        c.advance();
      }
    } else if (!readHex32(c, v)) {
      return fail(kExpected);
    }
    if (!endsToken(c))
      return fail(kExpected);
    out = static_cast<int64_t>(v);
    return true;
  }
  case OperandKind::Mxu: {
    std::string expected =
        absl::StrFormat("a matrix unit mxu0-mxu%d", kNumMxus - 1);
    if (c.peek() != 'm' || c.peek(1) != 'x' || c.peek(2) != 'u')
      return fail(expected);
    c.advance(3);
    if (!readDecimal(c, kNumMxus - 1, v) || !endsToken(c))
      return fail(expected);
    out = static_cast<int64_t>(v);
    return true;
  }
  case OperandKind::F32: {
    constexpr char kExpected[] =
        "an f32 literal like 2.0 or a bit pattern like 0x7fc00000";
    if (c.peek() == '0' && (c.peek(1) == 'x' || c.peek(1) == 'X')) {
      if (!readHex32(c, v) || !endsToken(c))
        return fail(kExpected);
      out = static_cast<int64_t>(v);
      return true;
    }
    // from_chars wants [first, last): find the longest plausible literal.
    size_t len = 0;
    while (isWordChar(c.peek(len)) || c.peek(len) == '-' || c.peek(len) == '+')
      ++len;
    float f = 0;
    std::string text;
    for (size_t i = 0; i < len; ++i)
      text.push_back(c.peek(i));
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), f,
                                     std::chars_format::general);
    if (ec != std::errc() || ptr != text.data() + text.size())
      return fail(kExpected);
    c.advance(len);
    out = std::bit_cast<uint32_t>(f);
    return true;
  }
  }
  return fail("an operand");
}

/// Matches the operands of row `d` against line[c.pos(), end).
bool matchRow(Cursor c, const InstrDesc &d, Instr &instr, ParseError &err) {
  std::string_view syntax = d.syntax;
  if (!syntax.empty()) {
    if (!isSpace(c.peek())) {
      err = c.error(
          absl::StrFormat("a space and the operands of '%s'", d.mnemonic));
      return false;
    }
    c.skipSpaces();
  }
  int operand = 0;
  size_t i = 0;
  while (i < syntax.size()) {
    char s = syntax[i];
    if (s == '{') {
      c.skipSpaces();
      size_t close = syntax.find('}', i);
      if (!readOperand(c, d.operands[operand], instr.ops[operand], err))
        return false;
      ++operand;
      i = close + 1;
      continue;
    }
    if (isSpace(s)) {
      c.skipSpaces();
      ++i;
      continue;
    }
    c.skipSpaces();
    if (c.peek() != s) {
      err = c.error(absl::StrFormat("'%c'", s));
      return false;
    }
    c.advance();
    ++i;
  }
  c.skipSpaces();
  if (!c.atEnd()) {
    err = c.error("end of instruction");
    return false;
  }
  return true;
}

absl::Status toStatus(const ParseError &err) {
  return absl::InvalidArgumentError(
      absl::StrFormat("column %d: %s", err.pos + 1, err.message));
}

/// Parses one instruction in line[begin, end).
absl::StatusOr<Instr> parseInstrRange(std::string_view line, size_t begin,
                                      size_t end) {
  Cursor c(line, begin, end);
  c.skipSpaces();
  Instr instr;
  if (c.peek() == '@') {
    c.advance();
    instr.predicated = true;
    if (c.peek() == '!') {
      instr.predNegated = true;
      c.advance();
    }
    uint64_t p = 0;
    Cursor at = c;
    if (c.peek() != 'p' || (c.advance(), !readDecimal(c, kNumPRegs - 1, p)) ||
        !isSpace(c.peek()))
      return toStatus(at.error(absl::StrFormat(
          "a guard predicate p0-p%d and a space after '@'", kNumPRegs - 1)));
    instr.pred = static_cast<uint8_t>(p);
    c.skipSpaces();
  }
  Cursor mnemonicStart = c;
  size_t len = 0;
  while (isWordChar(c.peek(len)))
    ++len;
  if (len == 0)
    return toStatus(c.error("a mnemonic"));
  std::string_view mnemonic = line.substr(c.pos(), len);
  c.advance(len);

  bool known = false;
  ParseError best;
  bool haveBest = false;
  for (const InstrDesc &d : allInstrs()) {
    if (d.mnemonic != mnemonic)
      continue;
    known = true;
    Instr candidate = instr;
    candidate.opcode = d.opcode;
    ParseError err;
    if (matchRow(c, d, candidate, err))
      return candidate;
    if (!haveBest || err.pos > best.pos) {
      best = err;
      haveBest = true;
    }
  }
  if (!known)
    return toStatus(
        ParseError{mnemonicStart.pos(),
                   absl::StrFormat("unknown mnemonic '%s'", mnemonic)});
  return toStatus(best);
}

}  // namespace

std::string formatF32(uint32_t bits) {
  float f = std::bit_cast<float>(bits);
  if (!std::isfinite(f))
    return absl::StrFormat("0x%08x", bits);
  char buf[64];
  auto [ptr, ec] = std::to_chars(buf, buf + sizeof(buf), f);
  std::string text(buf, ptr);
  // "2" reads as an integer: spell it "2.0" so the literal looks like a float.
  if (text.find_first_of(".e") == std::string::npos)
    text += ".0";
  return text;
}

std::string printInstr(const Instr &instr) {
  const InstrDesc &d = desc(instr.opcode);
  std::string out;
  if (instr.predicated)
    absl::StrAppendFormat(&out, "@%sp%d ", instr.predNegated ? "!" : "",
                          instr.pred);
  out += d.mnemonic;
  if (d.syntax.empty())
    return out;
  out += ' ';
  int operand = 0;
  std::string_view syntax = d.syntax;
  for (size_t i = 0; i < syntax.size();) {
    if (syntax[i] != '{') {
      out += syntax[i++];
      continue;
    }
    int64_t v = instr.ops[operand];
    switch (d.operands[operand]) {
    case OperandKind::VReg:
      absl::StrAppendFormat(&out, "v%d", v);
      break;
    case OperandKind::SReg:
      absl::StrAppendFormat(&out, "s%d", v);
      break;
    case OperandKind::PReg:
      absl::StrAppendFormat(&out, "p%d", v);
      break;
    case OperandKind::Sem:
      absl::StrAppendFormat(&out, "%d", v);
      break;
    case OperandKind::Imm:
      absl::StrAppendFormat(&out, "%d",
                            static_cast<int32_t>(static_cast<uint32_t>(v)));
      break;
    case OperandKind::Addr:
      absl::StrAppendFormat(&out, "0x%x", static_cast<uint32_t>(v));
      break;
    case OperandKind::F32:
      out += formatF32(static_cast<uint32_t>(v));
      break;
    case OperandKind::Target:
      absl::StrAppendFormat(&out, ".L%04x", static_cast<uint32_t>(v));
      break;
    case OperandKind::Mxu:
      absl::StrAppendFormat(&out, "mxu%d", v);
      break;
    }
    ++operand;
    i = syntax.find('}', i) + 1;
  }
  return out;
}

std::string printBundle(const Bundle &bundle) {
  if (bundle.empty())
    return "nop";
  return absl::StrJoin(bundle, " ; ", [](std::string *out, const Instr &i) {
    out->append(printInstr(i));
  });
}

absl::StatusOr<Instr> parseInstr(std::string_view text) {
  return parseInstrRange(text, 0, text.size());
}

absl::StatusOr<Bundle> parseBundleInLine(std::string_view line, size_t begin,
                                         size_t end) {
  Bundle bundle;
  size_t start = begin;
  while (true) {
    size_t semi = line.find(';', start);
    size_t stop = semi == std::string_view::npos || semi >= end ? end : semi;
    absl::StatusOr<Instr> instr = parseInstrRange(line, start, stop);
    if (!instr.ok())
      return instr.status();
    bundle.push_back(*instr);
    if (stop == end)
      break;
    start = stop + 1;
  }
  return bundle;
}

absl::StatusOr<Bundle> parseBundle(std::string_view text) {
  return parseBundleInLine(text, 0, text.size());
}

}  // namespace tessera::isa
