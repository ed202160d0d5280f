//===- Isa.h - The TensorCore instruction set: opcodes, words, bundles ----===//
//
// The in-memory form of the ISA that Isa.def defines. One instruction is one
// 64-bit word:
//
//   bits  0- 7  opcode (isa::Opcode)
//   bits  8-10  predicate register index
//   bit  11     predicate negated (@!pN)
//   bit  12     predicated (@pN / @!pN); clear = always executes
//   bit  13     stop: last instruction of its bundle
//   bits 14-31  register fields, packed in operand order (Isa.def)
//   bits 32-63  the immediate; a row WITHOUT an immediate may continue its
//               register fields here (bits 14-63: vsel, vpack.s8); a
//               strided DMA's immediate is a descriptor (DmaStride below)
//
// A bundle is a run of words ending in one with the stop bit set. The
// encoder, decoder, printer and parser below are all driven by the table.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace tessera::isa {

enum class Opcode : uint8_t {
#define TESSERA_ISA(Name, Mnemonic, Slot, Syntax, Latency) Name,
#include "sim/isa/Isa.def"
};
inline constexpr int kNumOpcodes = 0
#define TESSERA_ISA(Name, Mnemonic, Slot, Syntax, Latency) +1
#include "sim/isa/Isa.def"
    ;

/// VLIW slot classes; MachineDesc.h gives how many of each a bundle has.
/// Transcendental is the EUP, CrossLane the XLU.
enum class Slot : uint8_t {
  Scalar,
  VectorAlu,
  VectorLoad,
  VectorStore,
  Matrix,
  Misc,
  Transcendental,
  CrossLane,
};
inline constexpr int kNumSlotKinds = 8;
/// How many ops of this slot class one bundle may hold.
int slotCapacity(Slot slot);
std::string_view slotName(Slot slot);

/// Kinds of operands that a syntax placeholder stands for.
/// Imm, Addr, F32 and Target are the immediate kinds (bits 32-63); Target is
/// a branch target, a bundle address printed as a label (`.L0006`). Mxu is
/// a matrix unit index 0-3 (a 2-bit field), printed `mxu2`.
enum class OperandKind : uint8_t { VReg, SReg, PReg, Sem, Imm, Addr, F32, Target, Mxu };
/// True for the kinds stored in the immediate field.
bool isImmediateKind(OperandKind kind);
/// Field width in bits of a register-like operand kind (0 for immediates).
int fieldBits(OperandKind kind);

inline constexpr int kMaxOperands = 7;

/// One row of the table, with its syntax pre-split into operand kinds.
struct InstrDesc {
  Opcode opcode;
  std::string_view name;      // enumerator name, e.g. "VAddF32"
  std::string_view mnemonic;  // e.g. "vadd.f32"
  Slot slot;
  std::string_view syntax;    // e.g. "{v}, {v}, {v}"
  int latency;
  int numOperands;                          // placeholders, in order
  std::array<OperandKind, kMaxOperands> operands;
  bool hasImm;                              // one operand is Imm/Addr/F32/Target
};

/// The table. desc(op) is O(1).
std::span<const InstrDesc> allInstrs();
const InstrDesc &desc(Opcode op);

/// One decoded instruction. Operand values in syntax order: register numbers
/// for registers, semaphore indices, and the immediate's 32 bits (as uint32
/// bit pattern stored in int64 for Imm/Addr/F32/Target).
struct Instr {
  Opcode opcode = Opcode::Nop;
  bool predicated = false;
  bool predNegated = false;
  uint8_t pred = 0;
  std::array<int64_t, kMaxOperands> ops{};

  /// Operand i as an immediate: the 32-bit pattern, sign-extended for Imm.
  int32_t imm() const;           // value of the (only) immediate operand
  uint32_t immBits() const;
};

/// The descriptor of a strided DMA (dma.<kind>.s), its 32-bit {addr}
/// immediate (Isa.def documents the semantics):
///
///   bits  0- 2  log2 of chunkRows: chunks of 1, 2, 4, ..., 128 rows
///   bits  3- 9  count, 1-127 (a zero count is a fault when issued)
///   bits 10-20  srcStride in rows, 0-2047
///   bits 21-31  dstStride in rows, 0-2047
///
/// Chunks are powers of two because the chunks worth striding are tiles or
/// pieces of one (a bf16 HBM tile is 4 rows, an int8 one 2); the bits this
/// saves go to the strides, which must span a tile row of a wide array (8
/// rows per 128 columns: 2047 rows is 32K columns of f32 or bf16).
struct DmaStride {
  int64_t chunkRows = 1;
  int64_t count = 1;
  int64_t srcStride = 0;
  int64_t dstStride = 0;
  bool operator==(const DmaStride &) const = default;
};
inline constexpr int kDmaChunkLog2Bits = 3;
inline constexpr int kDmaCountBits = 7;
inline constexpr int kDmaStrideBits = 11;
inline constexpr int64_t kDmaMaxChunkRows = int64_t{1}
                                            << ((1 << kDmaChunkLog2Bits) - 1);
inline constexpr int64_t kDmaMaxCount = (int64_t{1} << kDmaCountBits) - 1;
inline constexpr int64_t kDmaMaxStride = (int64_t{1} << kDmaStrideBits) - 1;
static_assert(kDmaChunkLog2Bits + kDmaCountBits + 2 * kDmaStrideBits == 32,
              "the DMA descriptor is the 32-bit immediate");
/// True when `d` has an encoding: chunkRows a power of two up to
/// kDmaMaxChunkRows, count in [1, kDmaMaxCount], strides in [0, kDmaMaxStride].
bool fitsDmaStride(const DmaStride &d);
/// The immediate of a descriptor that fitsDmaStride.
uint32_t encodeDmaStride(const DmaStride &d);
/// Any 32 bits decode (a zero count included: the executor rejects it).
DmaStride decodeDmaStride(uint32_t bits);

/// Builders that keep call sites short: I(Opcode::VAddF32, {1, 2, 3}).
Instr makeInstr(Opcode op, std::initializer_list<int64_t> operands);

/// One bundle: the ops issued in one cycle.
using Bundle = std::vector<Instr>;

/// Checks operand ranges and slot capacities; error text names the problem.
absl::Status verifyBundle(const Bundle &bundle);

/// Encoding. encodeBundle appends words (the last with the stop bit).
uint64_t encodeInstr(const Instr &instr, bool stop);
void encodeBundle(const Bundle &bundle, std::vector<uint64_t> &out);
/// Decoding of one word; fails on an unknown opcode, nonzero reserved bits or
/// an out-of-range field. `stop` receives the stop bit.
absl::StatusOr<Instr> decodeInstr(uint64_t word, bool *stop = nullptr);
/// Splits a code image into bundles.
absl::StatusOr<std::vector<Bundle>> decodeProgram(std::span<const uint64_t> words);

/// Text form of one instruction in the listing's spelling, e.g.
/// "vld v0, [vmem:0x8]", "@!p1 shalt", "vimm.f32 v3, 2.0", "@p0 sbr .L0006".
std::string printInstr(const Instr &instr);
/// Ops of one bundle joined by " ; " (an empty bundle prints "nop").
std::string printBundle(const Bundle &bundle);
/// Parses one instruction (the inverse of printInstr; a branch target may
/// also be written as a hex address, "sbr 0x6").
absl::StatusOr<Instr> parseInstr(std::string_view text);
/// Parses "op ; op ; op" into a bundle.
absl::StatusOr<Bundle> parseBundle(std::string_view text);

}  // namespace tessera::isa
