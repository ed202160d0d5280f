//===- ListingTest.cpp - Machine listing: print, parse, round trip --------===//
//
// The listing's exact text (labels included), its parse back to the same
// words, and the error messages of malformed listings.
//
//===----------------------------------------------------------------------===//
#include "absl/strings/str_format.h"
#include "sim/Chip.h"
#include "sim/Executable.h"
#include "sim/Program.h"
#include "sim/isa/Isa.h"
#include "gtest/gtest.h"

namespace tessera::sim {
namespace {

using isa::makeInstr;
using isa::Opcode;

/// A small kernel built with the encoder, with positions and comments.
Executable handBuilt() {
  Executable exe;
  exe.name = "scale";
  exe.numHbmArgs = 2;
  exe.scalarInputWords = 1;
  exe.vmemRows = 0x10;
  exe.numSemaphores = 1;
  auto add = [&](isa::Bundle b, BundleDebug d) {
    isa::encodeBundle(b, exe.code);
    exe.debug.push_back(std::move(d));
  };
  add({makeInstr(Opcode::SLd, {0, 0}), makeInstr(Opcode::SLd, {1, 1})},
      {"first_kernel.cc", 40, ""});
  isa::Instr check = makeInstr(Opcode::SHalt, {});
  check.predicated = true;
  check.pred = 1;
  add({check}, {"first_kernel.cc", 41, "BoundsCheck 0 for dma.hbm_to_vmem"});
  add({makeInstr(Opcode::DmaHbmToVmem, {0, 2, 0x10, 0})},
      {"first_kernel.cc", 42, ""});
  add({}, {"", 0, ""});
  add({makeInstr(Opcode::SHalt, {})},
      {"", 0,
       "Semaphore (scratch argument 0) has a nonzero value upon exit from a "
       "kernel"});
  return exe;
}

constexpr char kExpected[] =
    ".kernel scale\n"
    ".hbm_args 2\n"
    ".scalar_words 1\n"
    ".vmem_rows 0x10\n"
    ".semaphores 1\n"
    "0x0000  sld s0, [smem:0x0] ; sld s1, [smem:0x1]      // "
    "first_kernel.cc:40\n"
    "0x0001  @p1 shalt                                    // "
    "first_kernel.cc:41: BoundsCheck 0 for dma.hbm_to_vmem\n"
    "0x0002  dma.hbm_to_vmem [hbm:s0], [vmem:s2], 0x10, [sem:0]  // "
    "first_kernel.cc:42\n"
    "0x0003  nop\n"
    "0x0004  shalt                                        // Semaphore "
    "(scratch argument 0) has a nonzero value upon exit from a kernel\n";

TEST(Listing, PrintsFromTheWords) {
  EXPECT_EQ(printListing(handBuilt()), kExpected);
}

// An executable whose debug table is shorter than its code (made by hand,
// or truncated) prints its bundles without positions: no read past the
// table (this file runs under AddressSanitizer too).
TEST(Listing, DebugTableShorterThanTheCode) {
  Executable exe = handBuilt();
  exe.debug.resize(2);
  std::string printed = printListing(exe);
  EXPECT_NE(printed.find("0x0002  dma.hbm_to_vmem"), std::string::npos) << printed;
  EXPECT_EQ(printed.find("first_kernel.cc:42"), std::string::npos) << printed;
  EXPECT_NE(printed.find("0x0004  shalt\n"), std::string::npos) << printed;
  exe.debug.clear();
  EXPECT_NE(printListing(exe).find("0x0001  @p1 shalt\n"), std::string::npos);
}

// Parsing is bounded: a listing of more bundles than the model's
// instruction memory stops at the first one too many.
TEST(Listing, MoreBundlesThanTheInstructionMemory) {
  std::string text = ".kernel big\n.hbm_args 0\n.scalar_words 0\n.vmem_rows 0x0\n.semaphores 0\n";
  for (int64_t b = 0; b <= kMaxProgramBundles; ++b)
    text += absl::StrFormat("0x%04x  nop\n", b);
  auto exe = parseListing(text);
  ASSERT_FALSE(exe.ok());
  EXPECT_EQ(exe.status().message(),
            absl::StrFormat("listing line %d: more than 1048576 bundles (kMaxProgramBundles, "
                            "the instruction memory the model assumes)",
                            kMaxProgramBundles + 6));
}

TEST(Listing, Position) {
  Executable exe = handBuilt();
  EXPECT_EQ(exe.position(0), "first_kernel.cc:40");
  EXPECT_EQ(exe.position(3), "");
  EXPECT_EQ(exe.position(99), "");
}

TEST(Listing, RoundTripTextToExeToText) {
  absl::StatusOr<Executable> exe = parseListing(kExpected);
  ASSERT_TRUE(exe.ok()) << exe.status();
  EXPECT_EQ(printListing(*exe), kExpected);
  Executable built = handBuilt();
  EXPECT_EQ(exe->code, built.code);
  EXPECT_EQ(exe->name, "scale");
  EXPECT_EQ(exe->numHbmArgs, 2u);
  EXPECT_EQ(exe->scalarInputWords, 1u);
  EXPECT_EQ(exe->vmemRows, 0x10u);
  EXPECT_EQ(exe->numSemaphores, 1u);
  ASSERT_EQ(exe->numBundles(), 5u);
  EXPECT_EQ(exe->debug[1].file, "first_kernel.cc");
  EXPECT_EQ(exe->debug[1].line, 41u);
  EXPECT_EQ(exe->debug[1].comment, "BoundsCheck 0 for dma.hbm_to_vmem");
  EXPECT_EQ(exe->debug[4].file, "");
  EXPECT_EQ(exe->debug[4].comment, built.debug[4].comment);
}

TEST(Listing, ToleratesBlankAndCommentLines) {
  std::string text = std::string("// a hand-written kernel\n\n") + kExpected;
  absl::StatusOr<Executable> exe = parseListing(text);
  ASSERT_TRUE(exe.ok()) << exe.status();
  EXPECT_EQ(printListing(*exe), kExpected);
}

TEST(Listing, UndecodableCodeIsShownNotHidden) {
  Executable exe = handBuilt();
  exe.code.back() |= 1ull << 40;  // reserved bits of shalt
  std::string text = printListing(exe);
  EXPECT_NE(text.find("!! undecodable code: bundle 0x0004, word 5: word "),
            std::string::npos)
      << text;
  EXPECT_FALSE(parseListing(text).ok());
}

std::string errorOf(std::string_view text) {
  absl::StatusOr<Executable> exe = parseListing(text);
  return exe.ok() ? "ok" : std::string(exe.status().message());
}

constexpr char kHeader[] = ".kernel k\n.hbm_args 0\n.scalar_words 0\n"
                           ".vmem_rows 0x0\n.semaphores 0\n";

TEST(ListingErrors, NameTheLineAndTheProblem) {
  std::string h = kHeader;
  EXPECT_EQ(errorOf(h + "0x0000  nop\n0x0002  nop\n"),
            "listing line 7: bad address sequence: expected 0x0001, found "
            "0x0002");
  EXPECT_EQ(errorOf(h + "0x0000  vfrob v1\n"),
            "listing line 6: column 9: unknown mnemonic 'vfrob'");
  EXPECT_EQ(errorOf(h + "0x0000  vadd.f32 v1, v2, s3  // k.cc:3\n"),
            "listing line 6: column 26: expected a vector register v0-v31, "
            "found 's3'");
  EXPECT_EQ(errorOf(h + "0x0000  smov s1, 1 ; smov s2, 2 ; smov s3, 3\n"),
            "listing line 6: slot overflow: 3 scalar ops in one bundle, at "
            "most 2 fit");
  EXPECT_EQ(errorOf(h + "0x0000  nop ; shalt\n"),
            "listing line 6: nop must be the only op of its bundle");
  EXPECT_EQ(errorOf(".kernel k\n.hbm_args 0\n0x0000  nop\n"),
            "listing line 3: missing directive '.scalar_words' before the "
            "code");
  EXPECT_EQ(errorOf(".hbm_args 0\n"), "listing line 2: missing directive "
                                      "'.kernel'");
  EXPECT_EQ(errorOf(h + ".semaphores 1\n"),
            "listing line 6: duplicate directive '.semaphores'");
  EXPECT_EQ(errorOf(".kernel k\n.vmem_rows 16\n"),
            "listing line 2: '.vmem_rows' needs a hex (0x...) value, found "
            "'16'");
  EXPECT_EQ(errorOf(".kernel k\n.bogus 1\n"),
            "listing line 2: unknown directive '.bogus'");
  EXPECT_EQ(errorOf(h + "0x0000  nop\n.semaphores 2\n"),
            "listing line 7: directives must come before the first bundle");
  EXPECT_EQ(errorOf(h + "nop\n"),
            "listing line 6: expected a bundle address like 0x0000, found "
            "'nop'");
}

TEST(ListingErrors, EmptyListingNeedsItsDirectives) {
  EXPECT_EQ(errorOf(""), "listing line 1: missing directive '.kernel'");
  absl::StatusOr<Executable> exe = parseListing(kHeader);
  ASSERT_TRUE(exe.ok()) << exe.status();
  EXPECT_EQ(exe->numBundles(), 0u);
  EXPECT_EQ(printListing(*exe), kHeader);
}

// --- Branch targets and label lines. ---

/// A loop (a branch back), a branch to the end of the code, and a halt.
Executable loopBuilt() {
  Executable exe;
  exe.name = "loop";
  auto add = [&](isa::Bundle b, BundleDebug d) {
    isa::encodeBundle(b, exe.code);
    exe.debug.push_back(std::move(d));
  };
  auto guarded = [](isa::Instr i, int pred) {
    i.predicated = true;
    i.pred = pred;
    return i;
  };
  add({makeInstr(Opcode::SMovI, {1, 1}), makeInstr(Opcode::SMovI, {2, 0})},
      {"loop.cc", 3, ""});
  add({makeInstr(Opcode::SAdd, {2, 2, 1}), makeInstr(Opcode::SAddI, {1, 1, 1})},
      {"loop.cc", 4, ""});
  add({makeInstr(Opcode::SCmpLeI, {0, 1, 10})}, {"loop.cc", 5, ""});
  add({guarded(makeInstr(Opcode::SBr, {1}), 0)}, {"loop.cc", 5, ""});
  add({makeInstr(Opcode::SCmpEqI, {1, 2, 55})}, {"", 0, ""});
  add({guarded(makeInstr(Opcode::SBr, {7}), 1)}, {"", 0, "done"});
  add({makeInstr(Opcode::SHalt, {})}, {"", 0, "wrong sum"});
  return exe;
}

constexpr char kLoopExpected[] =
    ".kernel loop\n"
    ".hbm_args 0\n"
    ".scalar_words 0\n"
    ".vmem_rows 0x0\n"
    ".semaphores 0\n"
    "0x0000  smov s1, 1 ; smov s2, 0                      // loop.cc:3\n"
    ".L0001:\n"
    "0x0001  sadd s2, s2, s1 ; sadd s1, s1, 1             // loop.cc:4\n"
    "0x0002  scmp.le p0, s1, 10                           // loop.cc:5\n"
    "0x0003  @p0 sbr .L0001                               // loop.cc:5\n"
    "0x0004  scmp.eq p1, s2, 55\n"
    "0x0005  @p1 sbr .L0007                               // done\n"
    "0x0006  shalt                                        // wrong sum\n"
    ".L0007:\n";

TEST(ListingLabels, PrintedBeforeEachBranchTarget) {
  // Bundle 1 (a loop head) and the end of the code (0x0007) get labels.
  EXPECT_EQ(printListing(loopBuilt()), kLoopExpected);
}

TEST(ListingLabels, RoundTripTextToExeToText) {
  absl::StatusOr<Executable> exe = parseListing(kLoopExpected);
  ASSERT_TRUE(exe.ok()) << exe.status();
  EXPECT_EQ(printListing(*exe), kLoopExpected);
  EXPECT_EQ(exe->code, loopBuilt().code);
  ASSERT_EQ(exe->numBundles(), 7u);
  EXPECT_EQ(exe->debug[5].comment, "done");
  // And the words run: the loop sums to 55 and skips the halt.
  absl::StatusOr<std::shared_ptr<const Program>> program = loadProgram(*exe);
  ASSERT_TRUE(program.ok()) << program.status();
  Chip chip;
  absl::StatusOr<RunResult> r = chip.core(0).run(**program, {});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_FALSE(r->halted());
  EXPECT_EQ(chip.core(0).sreg(2), 55u);
}

TEST(ListingLabels, HexTargetsCommentsAndSpareLabelsReadBack) {
  // What a person may write: hex targets without label lines, comments and
  // blank lines after a label, a label no branch uses (0x0004), a label line
  // with a trailing comment. The printer gives the canonical form.
  std::string text =
      ".kernel loop\n.hbm_args 0\n.scalar_words 0\n.vmem_rows 0x0\n"
      ".semaphores 0\n"
      "0x0000  smov s1, 1 ; smov s2, 0  // loop.cc:3\n"
      ".L1:  // the loop head\n"
      "\n"
      "// body\n"
      "0x0001  sadd s2, s2, s1 ; sadd s1, s1, 1  // loop.cc:4\n"
      "0x0002  scmp.le p0, s1, 10  // loop.cc:5\n"
      "0x0003  @p0 sbr 0x1  // loop.cc:5\n"
      ".L0004:\n"
      "0x0004  scmp.eq p1, s2, 55\n"
      "0x0005  @p1 sbr .L7  // done\n"
      "0x0006  shalt  // wrong sum\n";
  absl::StatusOr<Executable> exe = parseListing(text);
  ASSERT_TRUE(exe.ok()) << exe.status();
  EXPECT_EQ(printListing(*exe), kLoopExpected);
}

TEST(ListingLabels, StraightLineCodeHasNoLabels) {
  EXPECT_EQ(printListing(handBuilt()).find(".L"), std::string::npos);
}

TEST(ListingErrors, LabelsMustPrecedeTheirBundle) {
  std::string h = kHeader;
  EXPECT_EQ(errorOf(h + "0x0000  nop\n.L0002:\n0x0001  nop\n"),
            "listing line 7: label '.L0002' is followed by the bundle at "
            "0x0001, not by its own");
  EXPECT_EQ(errorOf(h + ".L0000:\n.L0000:\n0x0000  nop\n"),
            "listing line 6: label '.L0000' is not followed by its bundle "
            "(found another label line)");
  EXPECT_EQ(errorOf(h + "0x0000  nop\n.L0005:\n"),
            "listing line 7: label '.L0005' is not followed by its bundle "
            "(the code ends at 0x0001)");
  EXPECT_EQ(errorOf(h + "0x0000  sbr .L0001\n.L0001:\n// the end\n"), "ok");
  // Labels are code: the directives must be complete before one.
  EXPECT_EQ(errorOf(".kernel k\n.hbm_args 0\n.L0000:\n0x0000  nop\n"),
            "listing line 3: missing directive '.scalar_words' before the "
            "code");
  // After a label, directives are out of place as after a bundle.
  EXPECT_EQ(errorOf(h + ".L0000:\n.semaphores 1\n"),
            "listing line 7: directives must come before the first bundle");
}

TEST(ListingErrors, MalformedLabels) {
  std::string h = kHeader;
  for (std::string label : {".L:", ".Lxyz:", ".L0001", ".L0001: nop",
                            ".L-1:", ".L+1:", ".L100000000:", ".L 1:",
                            ".L0001:x"}) {
    SCOPED_TRACE(label);
    EXPECT_EQ(errorOf(h + "0x0000  nop\n" + label + "\n0x0001  nop\n"),
              "listing line 7: malformed label line '" + label +
                  "': expected a label like '.L0001:'");
  }
  EXPECT_EQ(errorOf(h + "0x0000  sbr .Lzz\n"),
            "listing line 6: column 13: expected a branch target like .L0006 "
            "or 0x6, found '.Lzz'");
}


// --- Per-op source positions. ---

/// Bundles whose ops come from several lines, one op without a position,
/// and a comment after the positions.
Executable perOpBuilt() {
  Executable exe;
  exe.name = "lines";
  exe.vmemRows = 0x10;
  auto add = [&](isa::Bundle b, BundleDebug d) {
    isa::encodeBundle(b, exe.code);
    exe.debug.push_back(std::move(d));
  };
  add({makeInstr(Opcode::VLd, {0, 0}), makeInstr(Opcode::VMulF32, {2, 1, 3})},
      {"a.cc", 25, "", {{"a.cc", 25}, {"a.cc", 26}}});
  add({makeInstr(Opcode::SAddI, {1, 1, 1}), makeInstr(Opcode::SMovI, {2, 0}),
       makeInstr(Opcode::VSt, {8, 2})},
      {"a.cc", 26, "address of o", {{"a.cc", 26}, {"", 0}, {"a.cc", 26}}});
  add({makeInstr(Opcode::SMovI, {3, 7}), makeInstr(Opcode::SMovI, {4, 8})},
      {"b.cc", 9, "", {{"b.cc", 9}, {"b.cc", 9}}});
  add({makeInstr(Opcode::SAddI, {1, 1, 1}), makeInstr(Opcode::SAddI, {2, 2, 1})},
      {"a.cc", 30, "", {{"a.cc", 30}, {"b.cc", 30}}});
  return exe;
}

constexpr char kPerOpExpected[] =
    ".kernel lines\n"
    ".hbm_args 0\n"
    ".scalar_words 0\n"
    ".vmem_rows 0x10\n"
    ".semaphores 0\n"
    "0x0000  vld v0, [vmem:0x0] ; vmul.f32 v2, v1, v3     // a.cc:25 vld, "
    "a.cc:26 vmul.f32\n"
    "0x0001  sadd s1, s1, 1 ; smov s2, 0 ; vst [vmem:0x8], v2  // a.cc:26 "
    "sadd, - smov, a.cc:26 vst: address of o\n"
    "0x0002  smov s3, 7 ; smov s4, 8                      // b.cc:9\n"
    "0x0003  sadd s1, s1, 1 ; sadd s2, s2, 1              // a.cc:30 sadd, "
    "b.cc:30 sadd\n";

TEST(ListingLines, EveryOpShowsItsOwnLine) {
  EXPECT_EQ(printListing(perOpBuilt()), kPerOpExpected);
}

TEST(ListingLines, RoundTripKeepsEveryOpsLine) {
  absl::StatusOr<Executable> exe = parseListing(kPerOpExpected);
  ASSERT_TRUE(exe.ok()) << exe.status();
  EXPECT_EQ(printListing(*exe), kPerOpExpected);
  Executable built = perOpBuilt();
  EXPECT_EQ(exe->code, built.code);
  for (size_t b = 0; b < built.numBundles(); ++b) {
    SCOPED_TRACE(b);
    EXPECT_EQ(exe->debug[b].ops, built.debug[b].ops);
    EXPECT_EQ(exe->debug[b].file, built.debug[b].file);
    EXPECT_EQ(exe->debug[b].line, built.debug[b].line);
    EXPECT_EQ(exe->debug[b].comment, built.debug[b].comment);
  }
  EXPECT_EQ(exe->opPosition(0, 0), "a.cc:25");
  EXPECT_EQ(exe->opPosition(0, 1), "a.cc:26");
  EXPECT_EQ(exe->opPosition(1, 1), "");
  EXPECT_EQ(exe->opPosition(3, 1), "b.cc:30");
  EXPECT_EQ(exe->position(0), "a.cc:25");
}

TEST(ListingLines, OneLineFormGivesEveryOpThatLine) {
  absl::StatusOr<Executable> exe = parseListing(kExpected);
  ASSERT_TRUE(exe.ok()) << exe.status();
  EXPECT_EQ(exe->debug[0].ops,
            (std::vector<OpDebug>{{"first_kernel.cc", 40},
                                  {"first_kernel.cc", 40}}));
  EXPECT_EQ(exe->opPosition(0, 1), "first_kernel.cc:40");
  // No position: no per-op entries, as the compiler emits them.
  EXPECT_TRUE(exe->debug[3].ops.empty());
  EXPECT_TRUE(exe->debug[4].ops.empty());
}

TEST(ListingLines, PositionsMustNameTheBundlesOps) {
  std::string h = kHeader;
  EXPECT_EQ(errorOf(h + "0x0000  smov s1, 1 ; vld v0, [vmem:0x0]  // a.cc:3 "
                        "smov, a.cc:4 vst\n"),
            "listing line 6: the source positions name the ops 'smov vst' "
            "but the bundle's ops are 'smov vld'");
  EXPECT_EQ(errorOf(h + "0x0000  smov s1, 1  // a.cc:3 smov, a.cc:4 smov\n"),
            "listing line 6: the source positions name the ops 'smov smov' "
            "but the bundle's ops are 'smov'");
  // Text that is not the per-op form stays a comment.
  absl::StatusOr<Executable> exe =
      parseListing(h + "0x0000  smov s1, 1  // - not positions\n");
  ASSERT_TRUE(exe.ok()) << exe.status();
  EXPECT_EQ(exe->debug[0].comment, "- not positions");
  EXPECT_TRUE(exe->debug[0].ops.empty());
}

TEST(ListingLines, LoadRejectsPositionsForTheWrongNumberOfOps) {
  Executable exe = perOpBuilt();
  exe.debug[2].ops.pop_back();
  absl::StatusOr<std::shared_ptr<const Program>> p = loadProgram(exe);
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.status().message(),
            "kernel 'lines': bundle 0x0002 has 2 ops but its debug info gives "
            "1 op positions");
}

TEST(ListingLines, ProgramNamesEachOpsLine) {
  absl::StatusOr<std::shared_ptr<const Program>> p =
      loadProgram(perOpBuilt());
  ASSERT_TRUE(p.ok()) << p.status();
  const Program &program = **p;
  // Bundle 1 executes in rank order: sadd, smov, then the store.
  const DecodedBundle &b = program.bundles()[1];
  EXPECT_EQ(program.describeOp(b.firstOp), "bundle 0x0001 (a.cc:26)");
  EXPECT_EQ(program.describeOp(b.firstOp + 1), "bundle 0x0001");
  EXPECT_EQ(program.describeOp(b.firstOp + 2), "bundle 0x0001 (a.cc:26)");
  EXPECT_EQ(program.bundleOf(b.firstOp + 2), 1u);
  EXPECT_EQ(program.describeOp(program.bundles()[3].firstOp + 1),
            "bundle 0x0003 (b.cc:30)");
}

}  // namespace
}  // namespace tessera::sim
