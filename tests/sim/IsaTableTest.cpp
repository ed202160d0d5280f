//===- IsaTableTest.cpp - Whole-table tests of the ISA --------------------===//
//
// Properties that must hold for every row of Isa.def, checked over the whole
// table with random operands: distinct opcodes, fields inside their bits,
// encode/decode and print/parse round trips, and an unambiguous assembler.
//
//===----------------------------------------------------------------------===//
#include <bit>
#include <random>
#include <set>

#include "sim/MachineDesc.h"
#include "sim/isa/Isa.h"
#include "gtest/gtest.h"

namespace tessera::isa {
namespace {

bool isImmKind(OperandKind k) {
  return k == OperandKind::Imm || k == OperandKind::Addr ||
         k == OperandKind::F32 || k == OperandKind::Target;
}

/// A random valid instance of row `d`.
Instr randomInstr(const InstrDesc &d, std::mt19937_64 &rng) {
  Instr instr;
  instr.opcode = d.opcode;
  for (int i = 0; i < d.numOperands; ++i) {
    switch (d.operands[i]) {
    case OperandKind::VReg:
      instr.ops[i] = rng() % machine::kNumVRegs;
      break;
    case OperandKind::SReg:
      instr.ops[i] = rng() % machine::kNumSRegs;
      break;
    case OperandKind::PReg:
      instr.ops[i] = rng() % machine::kNumPRegs;
      break;
    case OperandKind::Sem:
      instr.ops[i] = rng() % machine::kNumSemaphores;
      break;
    case OperandKind::Mxu:
      instr.ops[i] = rng() % machine::kNumMxus;
      break;
    case OperandKind::Imm:
    case OperandKind::Addr:
    case OperandKind::F32:
    case OperandKind::Target: {
      // Mix edge patterns (0, -1, NaN, inf, denormals) with random words.
      static constexpr uint32_t kEdges[] = {0,          1,          0xffffffff,
                                            0x80000000, 0x7fffffff, 0x7fc00000,
                                            0x7f800000, 0xff800000, 0x00000001,
                                            0x80000000, 0x3f800000};
      instr.ops[i] = rng() % 4 == 0 ? kEdges[rng() % std::size(kEdges)]
                                    : static_cast<uint32_t>(rng());
      break;
    }
    }
  }
  if (rng() % 2) {
    instr.predicated = true;
    instr.predNegated = rng() % 2;
    instr.pred = rng() % machine::kNumPRegs;
  }
  return instr;
}

void expectSame(const Instr &a, const Instr &b, const std::string &context) {
  EXPECT_EQ(a.opcode, b.opcode) << context;
  EXPECT_EQ(a.predicated, b.predicated) << context;
  EXPECT_EQ(a.predNegated, b.predNegated) << context;
  EXPECT_EQ(a.pred, b.pred) << context;
  for (int i = 0; i < kMaxOperands; ++i)
    EXPECT_EQ(a.ops[i], b.ops[i]) << context << " operand " << i;
}

TEST(IsaTable, OpcodesAreDistinctAndIndexTheTable) {
  std::set<int> seen;
  std::set<std::pair<std::string_view, std::string_view>> syntaxes;
  for (const InstrDesc &d : allInstrs()) {
    EXPECT_TRUE(seen.insert(static_cast<int>(d.opcode)).second) << d.name;
    EXPECT_EQ(&desc(d.opcode), &d) << d.name;
    EXPECT_TRUE(syntaxes.insert({d.mnemonic, d.syntax}).second)
        << d.name << ": duplicate mnemonic + syntax";
    EXPECT_GE(d.latency, 1) << d.name;
  }
  EXPECT_EQ(seen.size(), static_cast<size_t>(kNumOpcodes));
}

TEST(IsaTable, SyntaxIsPreSplit) {
  const InstrDesc &vld = desc(Opcode::VLdR);
  EXPECT_EQ(vld.mnemonic, "vld");
  ASSERT_EQ(vld.numOperands, 3);
  EXPECT_EQ(vld.operands[0], OperandKind::VReg);
  EXPECT_EQ(vld.operands[1], OperandKind::SReg);
  EXPECT_EQ(vld.operands[2], OperandKind::Addr);
  EXPECT_TRUE(vld.hasImm);
  const InstrDesc &dma = desc(Opcode::DmaHbmToVmem);
  ASSERT_EQ(dma.numOperands, 4);
  EXPECT_EQ(dma.operands[3], OperandKind::Sem);
  EXPECT_EQ(desc(Opcode::SHalt).numOperands, 0);
  const InstrDesc &sbr = desc(Opcode::SBr);
  ASSERT_EQ(sbr.numOperands, 1);
  EXPECT_EQ(sbr.operands[0], OperandKind::Target);
  EXPECT_TRUE(sbr.hasImm);
  EXPECT_TRUE(isImmediateKind(OperandKind::Target));
  EXPECT_FALSE(isImmediateKind(OperandKind::Sem));
  // The register-indexed semaphore forms hold the index in an s register.
  const InstrDesc &dmaR = desc(Opcode::DmaHbmToVmemR);
  ASSERT_EQ(dmaR.numOperands, 4);
  EXPECT_EQ(dmaR.operands[3], OperandKind::SReg);
  EXPECT_EQ(desc(Opcode::VWaitGeR).operands[0], OperandKind::SReg);
  EXPECT_EQ(desc(Opcode::SDiv).latency, machine::kLatScalarDiv);
  EXPECT_FALSE(desc(Opcode::SAdd).hasImm);
  EXPECT_EQ(desc(Opcode::VLd).latency, machine::kLatVectorLoad);
}

TEST(IsaTable, RegisterFieldsFitInTheirBits) {
  // Bits 14-31 next to an immediate (bits 32-63); bits 14-63 without one.
  int wide = 0;
  for (const InstrDesc &d : allInstrs()) {
    int bits = 0, imms = 0;
    for (int i = 0; i < d.numOperands; ++i) {
      bits += fieldBits(d.operands[i]);
      imms += isImmKind(d.operands[i]);
    }
    EXPECT_LE(14 + bits, imms ? 32 : 64) << d.name;
    wide += 14 + bits > 32;
    EXPECT_LE(imms, 1) << d.name;
    EXPECT_EQ(d.hasImm, imms == 1) << d.name;
  }
  EXPECT_GE(wide, 2);  // vsel and vpack.s8 use the upper half
}

TEST(IsaTable, NewUnitsAndOperandKinds) {
  const InstrDesc &push = desc(Opcode::VMatPushBf16);
  EXPECT_EQ(push.mnemonic, "vmatpush.bf16");
  EXPECT_EQ(push.slot, Slot::Matrix);
  ASSERT_EQ(push.numOperands, 2);
  EXPECT_EQ(push.operands[0], OperandKind::Mxu);
  EXPECT_EQ(push.operands[1], OperandKind::VReg);
  EXPECT_EQ(fieldBits(OperandKind::Mxu), 2);
  EXPECT_FALSE(isImmediateKind(OperandKind::Mxu));
  const InstrDesc &pop = desc(Opcode::VMatPop);
  EXPECT_EQ(pop.operands[0], OperandKind::VReg);
  EXPECT_EQ(pop.operands[1], OperandKind::Mxu);
  EXPECT_EQ(pop.latency, machine::kLatMxuPop);
  EXPECT_EQ(desc(Opcode::VMatMulF32).latency, machine::kMxuResultLatency);
  EXPECT_EQ(desc(Opcode::VExpF32).slot, Slot::Transcendental);
  EXPECT_EQ(desc(Opcode::VExpF32).latency, machine::kLatTranscendental);
  EXPECT_EQ(desc(Opcode::VDivF32).latency, machine::kLatDivide);
  EXPECT_EQ(desc(Opcode::VRedLaneSumF32).slot, Slot::CrossLane);
  EXPECT_EQ(desc(Opcode::VRedLaneSumF32).latency, machine::kLatCrossLane);
  EXPECT_EQ(desc(Opcode::VRotLane).slot, Slot::CrossLane);
  EXPECT_EQ(desc(Opcode::VRedSubSumF32).slot, Slot::VectorAlu);
  EXPECT_EQ(desc(Opcode::VRedSubSumF32).latency, machine::kLatSublaneReduce);
  EXPECT_EQ(desc(Opcode::VDivS32).latency, machine::kLatVectorIntDiv);
  EXPECT_EQ(desc(Opcode::VPackS8).numOperands, 5);
  EXPECT_FALSE(desc(Opcode::VPackS8).hasImm);
  EXPECT_EQ(desc(Opcode::VSel).numOperands, 4);
  // vpack.s8's fifth register lands in bits 34-38.
  uint64_t word = encodeInstr(makeInstr(Opcode::VPackS8, {1, 2, 3, 4, 31}), true);
  EXPECT_EQ((word >> 14) & 31, 1u);
  EXPECT_EQ((word >> 34) & 31, 31u);
  EXPECT_EQ(printInstr(makeInstr(Opcode::VMatPop, {7, 3})), "vmatpop v7, mxu3");
  EXPECT_EQ(printInstr(makeInstr(Opcode::VPackS8, {1, 2, 3, 4, 5})),
            "vpack.s8 v1, v2, v3, v4, v5");
}

TEST(IsaTable, SlotCapacitiesComeFromMachineDesc) {
  EXPECT_EQ(slotCapacity(Slot::Scalar), machine::kScalarSlots);
  EXPECT_EQ(slotCapacity(Slot::VectorAlu), machine::kVectorAluSlots);
  EXPECT_EQ(slotCapacity(Slot::VectorLoad), machine::kVectorLoadSlots);
  EXPECT_EQ(slotCapacity(Slot::VectorStore), machine::kVectorStoreSlots);
  EXPECT_EQ(slotCapacity(Slot::Matrix), machine::kMatrixSlots);
  EXPECT_EQ(slotCapacity(Slot::Misc), machine::kMiscSlots);
  EXPECT_EQ(slotCapacity(Slot::Transcendental), machine::kTranscendentalSlots);
  EXPECT_EQ(slotCapacity(Slot::CrossLane), machine::kCrossLaneSlots);
  EXPECT_EQ(slotName(Slot::Transcendental), "transcendental");
  EXPECT_EQ(slotName(Slot::CrossLane), "cross-lane");
}

TEST(IsaTable, EveryRowEncodesAndDecodesExactly) {
  std::mt19937_64 rng(42);
  auto rows = allInstrs();
  for (int n = 0; n < 1000; ++n) {
    const InstrDesc &d = rows[n % rows.size()];
    Instr instr = randomInstr(d, rng);
    bool stop = rng() % 2;
    uint64_t word = encodeInstr(instr, stop);
    bool decodedStop = !stop;
    absl::StatusOr<Instr> back = decodeInstr(word, &decodedStop);
    ASSERT_TRUE(back.ok()) << d.name << ": " << back.status();
    expectSame(*back, instr, std::string(d.name));
    EXPECT_EQ(decodedStop, stop) << d.name;
  }
}

TEST(IsaTable, EveryRowSurvivesEncodeDecodePrintParseEncode) {
  std::mt19937_64 rng(7);
  for (const InstrDesc &d : allInstrs()) {
    for (int n = 0; n < 50; ++n) {
      Instr instr = randomInstr(d, rng);
      uint64_t word = encodeInstr(instr, true);
      absl::StatusOr<Instr> decoded = decodeInstr(word);
      ASSERT_TRUE(decoded.ok()) << decoded.status();
      std::string text = printInstr(*decoded);
      absl::StatusOr<Instr> parsed = parseInstr(text);
      ASSERT_TRUE(parsed.ok())
          << d.name << ": '" << text << "': " << parsed.status();
      EXPECT_EQ(encodeInstr(*parsed, true), word) << d.name << ": " << text;
    }
  }
}

TEST(IsaTable, PrintedRowsNeverParseAsAnotherRow) {
  std::mt19937_64 rng(11);
  for (const InstrDesc &d : allInstrs()) {
    for (int n = 0; n < 50; ++n) {
      Instr instr = randomInstr(d, rng);
      std::string text = printInstr(instr);
      absl::StatusOr<Instr> parsed = parseInstr(text);
      ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.status();
      EXPECT_EQ(parsed->opcode, d.opcode)
          << "'" << text << "' printed by " << d.name << " parses as "
          << desc(parsed->opcode).name;
      expectSame(*parsed, instr, text);
    }
  }
}

TEST(IsaTable, EveryRowDecodesInARandomProgram) {
  std::mt19937_64 rng(3);
  std::vector<Bundle> bundles;
  std::vector<uint64_t> words;
  for (const InstrDesc &d : allInstrs()) {
    Bundle b{randomInstr(d, rng)};
    bundles.push_back(b);
    encodeBundle(b, words);
  }
  absl::StatusOr<std::vector<Bundle>> back = decodeProgram(words);
  ASSERT_TRUE(back.ok()) << back.status();
  ASSERT_EQ(back->size(), bundles.size());
  for (size_t i = 0; i < bundles.size(); ++i)
    expectSame((*back)[i][0], bundles[i][0], printBundle(bundles[i]));
}

// --- Encoding details and decode errors. ---

TEST(IsaEncoding, DocumentedBitLayout) {
  Instr instr = makeInstr(Opcode::VLdR, {3, 7, 0x8});
  instr.predicated = true;
  instr.predNegated = true;
  instr.pred = 5;
  uint64_t word = encodeInstr(instr, /*stop=*/true);
  EXPECT_EQ(word & 0xff, static_cast<uint64_t>(Opcode::VLdR));
  EXPECT_EQ((word >> 8) & 7, 5u);
  EXPECT_EQ((word >> 11) & 1, 1u);
  EXPECT_EQ((word >> 12) & 1, 1u);
  EXPECT_EQ((word >> 13) & 1, 1u);
  EXPECT_EQ((word >> 14) & 31, 3u);  // v3, 5 bits
  EXPECT_EQ((word >> 19) & 31, 7u);  // s7, next 5 bits
  EXPECT_EQ(word >> 32, 0x8u);
  EXPECT_EQ(word & 0xffffffffull & ~((1ull << 24) - 1), 0u);
}

TEST(IsaEncoding, MakeInstrStoresImmediatesAsTheirBitPattern) {
  Instr instr = makeInstr(Opcode::SAddI, {1, 2, -5});
  EXPECT_EQ(instr.ops[2], 0xfffffffb);
  EXPECT_EQ(instr.imm(), -5);
  EXPECT_EQ(instr.immBits(), 0xfffffffbu);
  EXPECT_EQ(makeInstr(Opcode::SAdd, {1, 2, 3}).immBits(), 0u);
}

TEST(IsaEncoding, EmptyBundleEncodesAsOneNop) {
  std::vector<uint64_t> words;
  encodeBundle({}, words);
  ASSERT_EQ(words.size(), 1u);
  bool stop = false;
  absl::StatusOr<Instr> nop = decodeInstr(words[0], &stop);
  ASSERT_TRUE(nop.ok());
  EXPECT_EQ(nop->opcode, Opcode::Nop);
  EXPECT_TRUE(stop);
  EXPECT_EQ(printBundle({}), "nop");
}

TEST(IsaDecode, UnknownOpcode) {
  absl::StatusOr<Instr> r = decodeInstr(0xff);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(),
            "word 0x00000000000000ff: unknown opcode 255 (the ISA has " +
                std::to_string(kNumOpcodes) + " opcodes)");
}

TEST(IsaDecode, ReservedBitsSet) {
  // sadd s1, s2, s3 uses 15 field bits; bit 29 is reserved, and so is the
  // immediate half.
  uint64_t word = encodeInstr(makeInstr(Opcode::SAdd, {1, 2, 3}), true);
  absl::StatusOr<Instr> r = decodeInstr(word | (1ull << 29));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("(sadd): reserved bits set "
                                      "(0x0000000020000000)"),
            std::string::npos)
      << r.status();
  r = decodeInstr(word | (1ull << 40));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("reserved bits set"), std::string::npos);
}

TEST(IsaDecode, ReservedBitsOfWideRows) {
  // vsel has four 5-bit fields and no immediate: bits 14-33 are its fields,
  // bits 34-63 reserved. vmatpop: a 5-bit and a 2-bit field (bits 14-20).
  uint64_t word = encodeInstr(makeInstr(Opcode::VSel, {1, 2, 3, 31}), true);
  EXPECT_EQ((word >> 29) & 31, 31u);
  absl::StatusOr<Instr> r = decodeInstr(word);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->ops[3], 31);
  r = decodeInstr(word | (1ull << 40));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("(vsel): reserved bits set "
                                      "(0x0000010000000000)"),
            std::string::npos)
      << r.status();
  word = encodeInstr(makeInstr(Opcode::VMatPop, {4, 3}), true);
  EXPECT_EQ((word >> 19) & 3, 3u);
  r = decodeInstr(word | (1ull << 21));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("(vmatpop): reserved bits set"),
            std::string::npos);
}

TEST(IsaDecode, PredicateBitsOnAnUnpredicatedOp) {
  uint64_t word = encodeInstr(makeInstr(Opcode::SHalt, {}), true);
  absl::StatusOr<Instr> r = decodeInstr(word | (3ull << 8));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find(
                "(shalt): predicate bits set on an unpredicated op"),
            std::string::npos)
      << r.status();
}

TEST(IsaDecode, ProgramMustEndWithAStopBit) {
  std::vector<uint64_t> words = {
      encodeInstr(makeInstr(Opcode::SMovI, {1, 5}), /*stop=*/false)};
  absl::StatusOr<std::vector<Bundle>> r = decodeProgram(words);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(),
            "code ends inside bundle 0x0000: its last word has no stop bit");
}

TEST(IsaDecode, ProgramBundlesAreVerified) {
  std::vector<uint64_t> words;
  encodeBundle({makeInstr(Opcode::SMovI, {1, 5})}, words);
  for (int i = 0; i < 3; ++i)
    words.push_back(encodeInstr(makeInstr(Opcode::SMovI, {i, 1}), i == 2));
  absl::StatusOr<std::vector<Bundle>> r = decodeProgram(words);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(),
            "bundle 0x0001: slot overflow: 3 scalar ops in one bundle, at "
            "most 2 fit");
}

TEST(IsaVerify, OperandRangesAndNop) {
  EXPECT_TRUE(verifyBundle({makeInstr(Opcode::VAddF32, {31, 0, 1})}).ok());
  absl::Status s = verifyBundle({makeInstr(Opcode::VAddF32, {32, 0, 1})});
  EXPECT_EQ(s.message(),
            "vadd.f32: operand 1 (vector register) is 32, allowed range "
            "[0, 32)");
  s = verifyBundle({makeInstr(Opcode::Nop, {}), makeInstr(Opcode::SHalt, {})});
  EXPECT_EQ(s.message(), "nop must be the only op of its bundle");
  Instr guarded = makeInstr(Opcode::SHalt, {});
  guarded.predicated = true;
  guarded.pred = machine::kNumPRegs;
  s = verifyBundle({guarded});
  EXPECT_EQ(s.message(), "shalt: guard predicate p8 out of range p0-p7");
  s = verifyBundle({makeInstr(Opcode::DmaHbmToVmem, {0, 1, 8, 0}),
                    makeInstr(Opcode::VSyncAdd, {0, 1})});
  EXPECT_EQ(s.message(),
            "slot overflow: 2 misc ops in one bundle, at most 1 fit");
}

}  // namespace
}  // namespace tessera::isa
