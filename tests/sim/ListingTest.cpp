//===- ListingTest.cpp - Machine listing: print, parse, round trip --------===//
#include "sim/Executable.h"
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

}  // namespace
}  // namespace tessera::sim
