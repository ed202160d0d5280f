//===- Isa.cpp - The instruction table, its verifier, encoder and decoder -===//
//
// Expands Isa.def into the InstrDesc table (syntax strings are split into
// operand kinds at compile time, so a malformed row is a build error) and
// implements the 64-bit word format documented in Isa.h. Text forms live in
// IsaText.cpp.
//
//===----------------------------------------------------------------------===//
#include "sim/isa/Isa.h"

#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "sim/MachineDesc.h"

namespace tessera::isa {
namespace {

using namespace tessera::machine;

// --- Word layout (Isa.h). ---
constexpr int kOpcodeBits = 8;
constexpr int kPredShift = 8;
constexpr int kPredBits = 3;
constexpr int kPredNegBit = 11;
constexpr int kPredicatedBit = 12;
constexpr int kStopBit = 13;
constexpr int kFieldShift = 14;
constexpr int kFieldEnd = 32;  // with an immediate: fields in bits [14, 32)
constexpr int kWordBits = 64;  // without one: fields in bits [14, 64)
constexpr int kImmShift = 32;

static_assert(kNumOpcodes <= (1 << kOpcodeBits), "opcode field too narrow");
static_assert(kNumPRegs <= (1 << kPredBits), "predicate field too narrow");

constexpr int fieldBitsOf(OperandKind kind) {
  switch (kind) {
  case OperandKind::VReg:
  case OperandKind::SReg:
    return 5;
  case OperandKind::PReg:
    return 3;
  case OperandKind::Sem:
    return 8;
  case OperandKind::Mxu:
    return 2;
  default:
    return 0;
  }
}
static_assert((1 << fieldBitsOf(OperandKind::VReg)) >= kNumVRegs);
static_assert((1 << fieldBitsOf(OperandKind::SReg)) >= kNumSRegs);
static_assert((1 << fieldBitsOf(OperandKind::PReg)) >= kNumPRegs);
static_assert((1 << fieldBitsOf(OperandKind::Sem)) >= kNumSemaphores);
static_assert((1 << fieldBitsOf(OperandKind::Mxu)) >= kNumMxus);

constexpr bool isImmKind(OperandKind kind) {
  return kind == OperandKind::Imm || kind == OperandKind::Addr ||
         kind == OperandKind::F32 || kind == OperandKind::Target;
}

/// Splits a syntax string into placeholders. `ok` is false for an unknown
/// placeholder, too many operands or more than one immediate.
struct SyntaxInfo {
  bool ok = true;
  int numOperands = 0;
  std::array<OperandKind, kMaxOperands> operands{};
  bool hasImm = false;
  int fieldBits = 0;
};

constexpr bool startsWith(std::string_view s, size_t pos, std::string_view p) {
  return s.substr(pos, p.size()) == p;
}

constexpr SyntaxInfo splitSyntax(std::string_view syntax) {
  SyntaxInfo info;
  constexpr std::pair<std::string_view, OperandKind> kPlaceholders[] = {
      {"{v}", OperandKind::VReg},  {"{s}", OperandKind::SReg},
      {"{p}", OperandKind::PReg},  {"{sem}", OperandKind::Sem},
      {"{imm}", OperandKind::Imm}, {"{addr}", OperandKind::Addr},
      {"{f32}", OperandKind::F32}, {"{target}", OperandKind::Target},
      {"{mxu}", OperandKind::Mxu}};
  size_t pos = 0;
  while (pos < syntax.size()) {
    if (syntax[pos] != '{') {
      if (syntax[pos] == '}' || syntax[pos] == ';' || syntax[pos] == '/')
        info.ok = false;  // reserved by the bundle and listing syntax
      ++pos;
      continue;
    }
    bool matched = false;
    for (const auto &[text, kind] : kPlaceholders) {
      if (!startsWith(syntax, pos, text))
        continue;
      if (info.numOperands == kMaxOperands ||
          (isImmKind(kind) && info.hasImm)) {
        info.ok = false;
        return info;
      }
      info.operands[info.numOperands++] = kind;
      info.hasImm |= isImmKind(kind);
      info.fieldBits += fieldBitsOf(kind);
      pos += text.size();
      matched = true;
      break;
    }
    if (!matched) {
      info.ok = false;
      return info;
    }
  }
  return info;
}

constexpr InstrDesc makeDesc(Opcode op, std::string_view name,
                             std::string_view mnemonic, Slot slot,
                             std::string_view syntax, int latency) {
  SyntaxInfo info = splitSyntax(syntax);
  return InstrDesc{op,         name,    mnemonic,         slot,
                   syntax,     latency, info.numOperands, info.operands,
                   info.hasImm};
}

constexpr InstrDesc kTable[] = {
#define TESSERA_ISA(Name, Mnemonic, SlotKind, Syntax, Latency)                 \
  makeDesc(Opcode::Name, #Name, Mnemonic, Slot::SlotKind, Syntax, Latency),
#include "sim/isa/Isa.def"
};
static_assert(std::size(kTable) == kNumOpcodes);

constexpr bool tableIsWellFormed() {
  for (size_t i = 0; i < std::size(kTable); ++i) {
    const InstrDesc &d = kTable[i];
    if (static_cast<size_t>(d.opcode) != i || d.latency < 1)
      return false;
    SyntaxInfo info = splitSyntax(d.syntax);
    if (!info.ok ||
        kFieldShift + info.fieldBits > (info.hasImm ? kFieldEnd : kWordBits))
      return false;
  }
  return true;
}
static_assert(tableIsWellFormed(),
              "Isa.def: bad placeholder, >1 immediate, zero latency, or "
              "register fields that do not fit in bits 14-31 (bits 14-63 "
              "for a row without an immediate)");

/// Index of the immediate operand, or -1.
int immIndex(const InstrDesc &d) {
  for (int i = 0; i < d.numOperands; ++i)
    if (isImmKind(d.operands[i]))
      return i;
  return -1;
}

std::string_view kindNoun(OperandKind kind) {
  switch (kind) {
  case OperandKind::VReg:
    return "vector register";
  case OperandKind::SReg:
    return "scalar register";
  case OperandKind::PReg:
    return "predicate register";
  case OperandKind::Sem:
    return "semaphore index";
  case OperandKind::Imm:
    return "immediate";
  case OperandKind::Addr:
    return "address immediate";
  case OperandKind::F32:
    return "f32 immediate";
  case OperandKind::Target:
    return "branch target";
  case OperandKind::Mxu:
    return "matrix unit";
  }
  return "operand";
}

/// Exclusive upper bound of an operand value (immediates: 32-bit patterns).
int64_t operandLimit(OperandKind kind) {
  switch (kind) {
  case OperandKind::VReg:
    return kNumVRegs;
  case OperandKind::SReg:
    return kNumSRegs;
  case OperandKind::PReg:
    return kNumPRegs;
  case OperandKind::Sem:
    return kNumSemaphores;
  case OperandKind::Mxu:
    return kNumMxus;
  default:
    return int64_t{1} << 32;
  }
}

absl::Status checkOperands(const Instr &instr) {
  if (static_cast<int>(instr.opcode) >= kNumOpcodes)
    return absl::InvalidArgumentError(
        absl::StrFormat("unknown opcode %d", static_cast<int>(instr.opcode)));
  const InstrDesc &d = desc(instr.opcode);
  if (instr.predicated && instr.pred >= kNumPRegs)
    return absl::InvalidArgumentError(
        absl::StrFormat("%s: guard predicate p%d out of range p0-p%d",
                        d.mnemonic, instr.pred, kNumPRegs - 1));
  for (int i = 0; i < d.numOperands; ++i) {
    int64_t v = instr.ops[i];
    int64_t limit = operandLimit(d.operands[i]);
    if (v < 0 || v >= limit)
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s: operand %d (%s) is %d, allowed range [0, %d)", d.mnemonic, i + 1,
          kindNoun(d.operands[i]), v, limit));
  }
  return absl::OkStatus();
}

}  // namespace

int fieldBits(OperandKind kind) { return fieldBitsOf(kind); }

bool isImmediateKind(OperandKind kind) { return isImmKind(kind); }

int slotCapacity(Slot slot) {
  switch (slot) {
  case Slot::Scalar:
    return kScalarSlots;
  case Slot::VectorAlu:
    return kVectorAluSlots;
  case Slot::VectorLoad:
    return kVectorLoadSlots;
  case Slot::VectorStore:
    return kVectorStoreSlots;
  case Slot::Matrix:
    return kMatrixSlots;
  case Slot::Misc:
    return kMiscSlots;
  case Slot::Transcendental:
    return kTranscendentalSlots;
  case Slot::CrossLane:
    return kCrossLaneSlots;
  }
  return 0;
}

std::string_view slotName(Slot slot) {
  switch (slot) {
  case Slot::Scalar:
    return "scalar";
  case Slot::VectorAlu:
    return "vector ALU";
  case Slot::VectorLoad:
    return "vector load";
  case Slot::VectorStore:
    return "vector store";
  case Slot::Matrix:
    return "matrix";
  case Slot::Misc:
    return "misc";
  case Slot::Transcendental:
    return "transcendental";
  case Slot::CrossLane:
    return "cross-lane";
  }
  return "?";
}

std::span<const InstrDesc> allInstrs() { return kTable; }

const InstrDesc &desc(Opcode op) { return kTable[static_cast<size_t>(op)]; }

int32_t Instr::imm() const { return static_cast<int32_t>(immBits()); }

uint32_t Instr::immBits() const {
  int i = immIndex(desc(opcode));
  return i < 0 ? 0 : static_cast<uint32_t>(ops[i]);
}

bool fitsDmaStride(const DmaStride &d) {
  return d.chunkRows >= 1 && d.chunkRows <= kDmaMaxChunkRows &&
         (d.chunkRows & (d.chunkRows - 1)) == 0 && d.count >= 1 &&
         d.count <= kDmaMaxCount && d.srcStride >= 0 &&
         d.srcStride <= kDmaMaxStride && d.dstStride >= 0 &&
         d.dstStride <= kDmaMaxStride;
}

namespace {
constexpr int kDmaCountShift = kDmaChunkLog2Bits;
constexpr int kDmaSrcStrideShift = kDmaCountShift + kDmaCountBits;
constexpr int kDmaDstStrideShift = kDmaSrcStrideShift + kDmaStrideBits;
}  // namespace

uint32_t encodeDmaStride(const DmaStride &d) {
  uint32_t log2 = 0;
  while ((int64_t{1} << log2) < d.chunkRows)
    ++log2;
  return log2 | static_cast<uint32_t>(d.count) << kDmaCountShift |
         static_cast<uint32_t>(d.srcStride) << kDmaSrcStrideShift |
         static_cast<uint32_t>(d.dstStride) << kDmaDstStrideShift;
}

DmaStride decodeDmaStride(uint32_t bits) {
  auto field = [&](int shift, int width) {
    return static_cast<int64_t>((bits >> shift) & ((uint32_t{1} << width) - 1));
  };
  return DmaStride{int64_t{1} << field(0, kDmaChunkLog2Bits),
                   field(kDmaCountShift, kDmaCountBits),
                   field(kDmaSrcStrideShift, kDmaStrideBits),
                   field(kDmaDstStrideShift, kDmaStrideBits)};
}

Instr makeInstr(Opcode op, std::initializer_list<int64_t> operands) {
  Instr instr;
  instr.opcode = op;
  const InstrDesc &d = desc(op);
  int i = 0;
  for (int64_t v : operands) {
    if (i == kMaxOperands)
      break;
    // Immediates are stored as their 32-bit pattern, so -1 becomes 0xffffffff.
    instr.ops[i] = i < d.numOperands && isImmKind(d.operands[i])
                       ? static_cast<int64_t>(static_cast<uint32_t>(v))
                       : v;
    ++i;
  }
  return instr;
}

absl::Status verifyBundle(const Bundle &bundle) {
  std::array<int, kNumSlotKinds> used{};
  for (const Instr &instr : bundle) {
    if (absl::Status s = checkOperands(instr); !s.ok())
      return s;
    if (instr.opcode == Opcode::Nop && bundle.size() != 1)
      return absl::InvalidArgumentError(
          "nop must be the only op of its bundle");
    Slot slot = desc(instr.opcode).slot;
    int n = ++used[static_cast<int>(slot)];
    if (n > slotCapacity(slot))
      return absl::InvalidArgumentError(absl::StrFormat(
          "slot overflow: %d %s ops in one bundle, at most %d fit", n,
          slotName(slot), slotCapacity(slot)));
  }
  return absl::OkStatus();
}

uint64_t encodeInstr(const Instr &instr, bool stop) {
  const InstrDesc &d = desc(instr.opcode);
  uint64_t word = static_cast<uint64_t>(instr.opcode);
  if (instr.predicated) {
    word |= uint64_t{1} << kPredicatedBit;
    word |= static_cast<uint64_t>(instr.pred & ((1 << kPredBits) - 1))
            << kPredShift;
    if (instr.predNegated)
      word |= uint64_t{1} << kPredNegBit;
  }
  if (stop)
    word |= uint64_t{1} << kStopBit;
  int shift = kFieldShift;
  for (int i = 0; i < d.numOperands; ++i) {
    OperandKind kind = d.operands[i];
    if (isImmKind(kind)) {
      word |= static_cast<uint64_t>(static_cast<uint32_t>(instr.ops[i]))
              << kImmShift;
      continue;
    }
    int bits = fieldBitsOf(kind);
    word |= (static_cast<uint64_t>(instr.ops[i]) & ((uint64_t{1} << bits) - 1))
            << shift;
    shift += bits;
  }
  return word;
}

void encodeBundle(const Bundle &bundle, std::vector<uint64_t> &out) {
  if (bundle.empty()) {
    out.push_back(encodeInstr(makeInstr(Opcode::Nop, {}), /*stop=*/true));
    return;
  }
  for (size_t i = 0; i < bundle.size(); ++i)
    out.push_back(encodeInstr(bundle[i], i + 1 == bundle.size()));
}

absl::StatusOr<Instr> decodeInstr(uint64_t word, bool *stop) {
  unsigned code = word & ((1u << kOpcodeBits) - 1);
  if (code >= static_cast<unsigned>(kNumOpcodes))
    return absl::InvalidArgumentError(absl::StrFormat(
        "word 0x%016x: unknown opcode %u (the ISA has %d opcodes)", word, code,
        kNumOpcodes));
  Instr instr;
  instr.opcode = static_cast<Opcode>(code);
  const InstrDesc &d = desc(instr.opcode);
  instr.predicated = (word >> kPredicatedBit) & 1;
  instr.predNegated = (word >> kPredNegBit) & 1;
  instr.pred = (word >> kPredShift) & ((1u << kPredBits) - 1);
  if (!instr.predicated && (instr.pred != 0 || instr.predNegated))
    return absl::InvalidArgumentError(absl::StrFormat(
        "word 0x%016x (%s): predicate bits set on an unpredicated op", word,
        d.mnemonic));
  if (stop)
    *stop = (word >> kStopBit) & 1;
  uint64_t usedMask = (uint64_t{1} << kFieldShift) - 1;  // bits 0-13
  int shift = kFieldShift;
  for (int i = 0; i < d.numOperands; ++i) {
    OperandKind kind = d.operands[i];
    if (isImmKind(kind)) {
      instr.ops[i] = static_cast<int64_t>(word >> kImmShift);
      usedMask |= ~uint64_t{0} << kImmShift;
      continue;
    }
    int bits = fieldBitsOf(kind);
    uint64_t fieldMask = ((uint64_t{1} << bits) - 1) << shift;
    instr.ops[i] = static_cast<int64_t>((word & fieldMask) >> shift);
    usedMask |= fieldMask;
    shift += bits;
  }
  if (uint64_t extra = word & ~usedMask)
    return absl::InvalidArgumentError(
        absl::StrFormat("word 0x%016x (%s): reserved bits set (0x%016x)", word,
                        d.mnemonic, extra));
  if (absl::Status s = checkOperands(instr); !s.ok())
    return absl::InvalidArgumentError(
        absl::StrFormat("word 0x%016x: %s", word, s.message()));
  return instr;
}

absl::StatusOr<std::vector<Bundle>>
decodeProgram(std::span<const uint64_t> words) {
  std::vector<Bundle> bundles;
  Bundle current;
  for (size_t w = 0; w < words.size(); ++w) {
    bool stop = false;
    absl::StatusOr<Instr> instr = decodeInstr(words[w], &stop);
    if (!instr.ok())
      return absl::InvalidArgumentError(
          absl::StrFormat("bundle 0x%04x, word %d: %s", bundles.size(), w,
                          instr.status().message()));
    current.push_back(*instr);
    if (!stop)
      continue;
    if (absl::Status s = verifyBundle(current); !s.ok())
      return absl::InvalidArgumentError(
          absl::StrFormat("bundle 0x%04x: %s", bundles.size(), s.message()));
    bundles.push_back(std::move(current));
    current.clear();
  }
  if (!current.empty())
    return absl::InvalidArgumentError(absl::StrFormat(
        "code ends inside bundle 0x%04x: its last word has no stop bit",
        bundles.size()));
  return bundles;
}

}  // namespace tessera::isa
