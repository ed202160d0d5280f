//===- IsaTextTest.cpp - The listing spelling of instructions -------------===//
//
// Text and bytes both: each case checks the printed text, the parse back and
// (where it matters) the words; error cases check the message and column.
//
//===----------------------------------------------------------------------===//
#include <bit>

#include "sim/isa/Isa.h"
#include "sim/isa/IsaText.h"
#include "gtest/gtest.h"

namespace tessera::isa {
namespace {

std::string roundTrip(std::string_view text) {
  absl::StatusOr<Instr> instr = parseInstr(text);
  if (!instr.ok())
    return "error: " + std::string(instr.status().message());
  return printInstr(*instr);
}

std::string parseError(std::string_view text) {
  absl::StatusOr<Bundle> bundle = parseBundle(text);
  if (bundle.ok())
    return "ok: " + printBundle(*bundle);
  return std::string(bundle.status().message());
}

TEST(IsaPrint, VectorAndMatrixRows) {
  EXPECT_EQ(roundTrip("vsel v5, v6, v7, v8"), "vsel v5, v6, v7, v8");
  EXPECT_EQ(roundTrip("vpack.s8 v9,v1,v2,v3,v4"), "vpack.s8 v9, v1, v2, v3, v4");
  EXPECT_EQ(roundTrip("vunpack.s8 v0, v1, 3"), "vunpack.s8 v0, v1, 3");
  EXPECT_EQ(roundTrip("vrot.lane v0, v1, -3"), "vrot.lane v0, v1, -3");
  EXPECT_EQ(roundTrip("vcvt.f32.s32 v0, v1"), "vcvt.f32.s32 v0, v1");
  EXPECT_EQ(roundTrip("vunpack.bf16.hi v2, v3"), "vunpack.bf16.hi v2, v3");
  EXPECT_EQ(roundTrip("viota.col v4"), "viota.col v4");
  EXPECT_EQ(roundTrip("vmatpush.bf16.t mxu1, v3"), "vmatpush.bf16.t mxu1, v3");
  EXPECT_EQ(roundTrip("vmatlatch mxu1"), "vmatlatch mxu1");
  EXPECT_EQ(roundTrip("vmatpop v4, mxu2"), "vmatpop v4, mxu2");
  // One bundle may fill every unit: 2 vector ALU, 1 EUP, 1 XLU, 2 matrix.
  constexpr char kWide[] =
      "vsel v5, v6, v7, v8 ; vpack.s8 v9, v1, v2, v3, v4 ; vexp.f32 v10, v0 ; "
      "vredlane.sum.f32 v11, v0 ; vmatpush.bf16 mxu0, v3 ; vmatpop v12, mxu1";
  EXPECT_EQ(parseError(kWide), std::string("ok: ") + kWide);
  EXPECT_EQ(parseError("vexp.f32 v1, v0 ; vtanh.f32 v2, v0"),
            "ok: vexp.f32 v1, v0 ; vtanh.f32 v2, v0");  // parses; the verifier
  EXPECT_FALSE(verifyBundle(*parseBundle("vexp.f32 v1, v0 ; vtanh.f32 v2, v0"))
                   .ok());  // rejects two EUP ops
  EXPECT_EQ(roundTrip("vmatpush.bf16 mxu0"),
            "error: column 19: expected ',', found end of text");
  EXPECT_EQ(roundTrip("vmatmul.f32 v1, mxu0"),
            "error: column 13: expected a matrix unit mxu0-mxu3, found 'v1'");
}

TEST(IsaPrint, SeedSpelling) {
  EXPECT_EQ(printInstr(makeInstr(Opcode::VLd, {0, 0x8})), "vld v0, [vmem:0x8]");
  EXPECT_EQ(printInstr(makeInstr(Opcode::VLdR, {0, 3, 0x8})),
            "vld v0, [vmem:s3+0x8]");
  EXPECT_EQ(printInstr(makeInstr(Opcode::VSt, {0x10, 2})),
            "vst [vmem:0x10], v2");
  EXPECT_EQ(printInstr(makeInstr(Opcode::DmaHbmToVmem, {0, 2, 0x10, 1})),
            "dma.hbm_to_vmem [hbm:s0], [vmem:s2], 0x10, [sem:1]");
  EXPECT_EQ(printInstr(makeInstr(Opcode::VWaitGe, {1, 8192})),
            "vwait.ge [sem:1], 8192");
  EXPECT_EQ(printInstr(makeInstr(Opcode::VSyncAdd, {1, -8192})),
            "vsyncadd [sem:1], -8192");
  EXPECT_EQ(printInstr(makeInstr(Opcode::SHalt, {})), "shalt");
  EXPECT_EQ(printInstr(makeInstr(Opcode::SBr, {0x1f})), "sbr .L001f");
  EXPECT_EQ(printInstr(makeInstr(Opcode::SLdR, {7, 1, 0x2})),
            "sld s7, [smem:s1+0x2]");
  EXPECT_EQ(printInstr(makeInstr(Opcode::SCmpLtI, {1, 4, -1})),
            "scmp.lt p1, s4, -1");
}

TEST(IsaPrint, Predication) {
  Instr halt = makeInstr(Opcode::SHalt, {});
  halt.predicated = true;
  halt.pred = 1;
  EXPECT_EQ(printInstr(halt), "@p1 shalt");
  halt.predNegated = true;
  EXPECT_EQ(printInstr(halt), "@!p1 shalt");
  EXPECT_EQ(roundTrip("@!p1 shalt"), "@!p1 shalt");
  EXPECT_EQ(roundTrip("@p7 vadd.f32 v1, v2, v3"), "@p7 vadd.f32 v1, v2, v3");
}

TEST(IsaPrint, F32IsShortestRoundTripDecimal) {
  auto f32 = [](float f) { return formatF32(std::bit_cast<uint32_t>(f)); };
  EXPECT_EQ(f32(2.0f), "2.0");
  EXPECT_EQ(f32(0.1f), "0.1");
  EXPECT_EQ(f32(-3.5e20f), "-3.5e+20");
  EXPECT_EQ(f32(-0.0f), "-0.0");
  EXPECT_EQ(f32(1e-7f), "1e-07");
  EXPECT_EQ(formatF32(0x7fc00000), "0x7fc00000");  // NaN
  EXPECT_EQ(formatF32(0x7f800000), "0x7f800000");  // +inf
  EXPECT_EQ(printInstr(
                makeInstr(Opcode::VImmF32, {3, std::bit_cast<uint32_t>(2.0f)})),
            "vimm.f32 v3, 2.0");
}

TEST(IsaParse, F32AcceptsDecimalAndHex) {
  absl::StatusOr<Instr> i = parseInstr("vimm.f32 v3, 0.1");
  ASSERT_TRUE(i.ok()) << i.status();
  EXPECT_EQ(i->immBits(), std::bit_cast<uint32_t>(0.1f));
  i = parseInstr("vimm.f32 v3, 0x7fc00000");
  ASSERT_TRUE(i.ok()) << i.status();
  EXPECT_EQ(i->immBits(), 0x7fc00000u);
  EXPECT_EQ(roundTrip("vimm.f32 v3, 0x40000000"), "vimm.f32 v3, 2.0");
  EXPECT_EQ(roundTrip("vimm.f32 v3, -3.5e+20"), "vimm.f32 v3, -3.5e+20");
}

TEST(IsaParse, SharedMnemonicsPickTheMatchingRow) {
  absl::StatusOr<Instr> a = parseInstr("vld v0, [vmem:0x8]");
  absl::StatusOr<Instr> b = parseInstr("vld v0, [vmem:s3+0x8]");
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->opcode, Opcode::VLd);
  EXPECT_EQ(b->opcode, Opcode::VLdR);
  EXPECT_EQ(parseInstr("sadd s1, s2, s3")->opcode, Opcode::SAdd);
  EXPECT_EQ(parseInstr("sadd s1, s2, -3")->opcode, Opcode::SAddI);
}

TEST(IsaParse, WhitespaceIsFlexible) {
  EXPECT_EQ(roundTrip("  vadd.f32   v1,v2 ,  v3  "), "vadd.f32 v1, v2, v3");
  EXPECT_EQ(roundTrip("vld v0, [ vmem : s3 + 0x8 ]"), "vld v0, [vmem:s3+0x8]");
}

TEST(IsaParse, ImmediateRanges) {
  EXPECT_EQ(roundTrip("smov s1, -2147483648"), "smov s1, -2147483648");
  EXPECT_EQ(roundTrip("smov s1, 2147483647"), "smov s1, 2147483647");
  EXPECT_EQ(roundTrip("smov s1, 2147483648"),
            "error: column 10: expected a signed 32-bit decimal immediate, "
            "found '2147483648'");
  EXPECT_EQ(roundTrip("vld v0, [vmem:0xffffffff]"),
            "vld v0, [vmem:0xffffffff]");
  EXPECT_EQ(roundTrip("vld v0, [vmem:0x100000000]"),
            "error: column 15: expected a 32-bit hex address like 0x8, found "
            "'0x100000000'");
  EXPECT_EQ(roundTrip("vld v0, [vmem:0xABC]"), "vld v0, [vmem:0xabc]");
}

TEST(IsaText, BranchTargetsAreLabels) {
  // Printed as the label of the target bundle, at least 4 hex digits.
  EXPECT_EQ(printInstr(makeInstr(Opcode::SBr, {6})), "sbr .L0006");
  EXPECT_EQ(printInstr(makeInstr(Opcode::SBr, {0x12345})), "sbr .L12345");
  Instr guarded = makeInstr(Opcode::SBr, {6});
  guarded.predicated = true;
  guarded.predNegated = true;
  EXPECT_EQ(printInstr(guarded), "@!p0 sbr .L0006");
  // Parsed from a label or a hex address; both are the same word.
  absl::StatusOr<Instr> label = parseInstr("@p0 sbr .L0006");
  absl::StatusOr<Instr> hex = parseInstr("@p0 sbr 0x6");
  ASSERT_TRUE(label.ok()) << label.status();
  ASSERT_TRUE(hex.ok()) << hex.status();
  EXPECT_EQ(label->immBits(), 6u);
  EXPECT_EQ(encodeInstr(*label, true), encodeInstr(*hex, true));
  EXPECT_EQ(roundTrip("sbr 0x6"), "sbr .L0006");
  EXPECT_EQ(roundTrip("sbr .L6"), "sbr .L0006");
  EXPECT_EQ(roundTrip("sbr .L00AB"), "sbr .L00ab");
  EXPECT_EQ(roundTrip("sbr .Lffffffff"), "sbr .Lffffffff");
  EXPECT_EQ(roundTrip("sbr 0xffffffff"), "sbr .Lffffffff");
}

TEST(IsaParseErrors, MalformedBranchTargets) {
  constexpr char kExpected[] =
      "column 5: expected a branch target like .L0006 or 0x6, found ";
  EXPECT_EQ(parseError("sbr 6"), std::string(kExpected) + "'6'");
  EXPECT_EQ(parseError("sbr .L"), std::string(kExpected) + "'.L'");
  EXPECT_EQ(parseError("sbr .Lxyz"), std::string(kExpected) + "'.Lxyz'");
  EXPECT_EQ(parseError("sbr .l0006"), std::string(kExpected) + "'.l0006'");
  EXPECT_EQ(parseError("sbr .L0006:"),
            "column 11: expected end of instruction, found ':'");
  EXPECT_EQ(parseError("sbr .L00g6"), std::string(kExpected) + "'.L00g6'");
  EXPECT_EQ(parseError("sbr .L100000000"),
            std::string(kExpected) + "'.L100000000'");
  EXPECT_EQ(parseError("sbr 0x100000000"),
            std::string(kExpected) + "'0x100000000'");
  EXPECT_EQ(parseError("sbr"),
            "column 4: expected a space and the operands of 'sbr', found end "
            "of text");
}

TEST(IsaParse, Bundles) {
  absl::StatusOr<Bundle> b =
      parseBundle("sld s0, [smem:0x0] ; sld s1, [smem:0x1]");
  ASSERT_TRUE(b.ok()) << b.status();
  ASSERT_EQ(b->size(), 2u);
  EXPECT_EQ(printBundle(*b), "sld s0, [smem:0x0] ; sld s1, [smem:0x1]");
  b = parseBundle("nop");
  ASSERT_TRUE(b.ok());
  ASSERT_EQ(b->size(), 1u);
  EXPECT_EQ((*b)[0].opcode, Opcode::Nop);
  EXPECT_EQ(printBundle(*b), "nop");
}

TEST(IsaParseErrors, NameWhatWasExpectedWhere) {
  EXPECT_EQ(parseError("vfoo v1, v2"), "column 1: unknown mnemonic 'vfoo'");
  EXPECT_EQ(parseError("vadd.f32 v1, v2, s3"),
            "column 18: expected a vector register v0-v31, found 's3'");
  EXPECT_EQ(parseError("vadd.f32 v1, v32, v3"),
            "column 14: expected a vector register v0-v31, found 'v32'");
  EXPECT_EQ(parseError("vadd.f32 v1, v2"),
            "column 16: expected ',', found end of text");
  EXPECT_EQ(parseError("vadd.f32 v1, v2, v3, v4"),
            "column 20: expected end of instruction, found ','");
  EXPECT_EQ(parseError("shalt s1"),
            "column 7: expected end of instruction, found 's1'");
  // The furthest-matching row of a shared mnemonic is reported.
  EXPECT_EQ(parseError("vld v0, [vmem:s3+8]"),
            "column 18: expected a 32-bit hex address like 0x8, found '8'");
  EXPECT_EQ(parseError("vld v0, [smem:0x8]"),
            "column 10: expected 'v', found 'smem:0x8'");
  EXPECT_EQ(parseError("dma.hbm_to_vmem [hbm:s0], [vmem:s2], 0x10, [sem:256]"),
            "column 49: expected a semaphore index 0-255, found '256'");
  EXPECT_EQ(parseError("@p9 shalt"),
            "column 2: expected a guard predicate p0-p7 and a space after "
            "'@', found 'p9'");
  EXPECT_EQ(parseError("sadd s1, s2, 1 ; "),
            "column 18: expected a mnemonic, found end of text");
  // Columns count in the whole bundle text.
  EXPECT_EQ(parseError("sadd s1, s2, 1 ; smul s3, s4, x"),
            "column 31: expected a scalar register s0-s31, found 'x'");
  EXPECT_EQ(parseError("vimm.f32 v1, 2.0x"),
            "column 14: expected an f32 literal like 2.0 or a bit pattern like "
            "0x7fc00000, found '2.0x'");
}

}  // namespace
}  // namespace tessera::isa
