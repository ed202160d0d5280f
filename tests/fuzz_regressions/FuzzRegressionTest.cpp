//===- FuzzRegressionTest.cpp - The fuzzers' findings stay fixed ----------===//
//
// Each file in fuzz/regressions/<target>/ once crashed its fuzz target or
// broke one of its properties (fuzz/FuzzChecks.h); it runs here through the
// same check, in the normal build and under ASan + UBSan (CI's sanitize
// step), and so does every seed of fuzz/corpus/<target>/. The tessera-opt
// inputs are also lit tests with their messages (tests/lit/fuzz/).
//
//===----------------------------------------------------------------------===//
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz/FuzzChecks.h"
#include "gtest/gtest.h"
#include "sim/Executable.h"

namespace {

namespace fs = std::filesystem;

/// The files of <root>/<target>/, sorted.
std::vector<fs::path> inputs(const char *root, const std::string &target) {
  std::vector<fs::path> files;
  fs::path dir = fs::path(root) / target;
  if (fs::is_directory(dir))
    for (const fs::directory_entry &e : fs::directory_iterator(dir))
      if (e.is_regular_file())
        files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}
std::vector<fs::path> regressions(const std::string &target) {
  return inputs(TESSERA_FUZZ_REGRESSIONS, target);
}

std::string contents(const fs::path &file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

template <typename Check>
void checkAll(const std::string &target, Check check, const char *root = TESSERA_FUZZ_REGRESSIONS) {
  for (const fs::path &file : inputs(root, target)) {
    SCOPED_TRACE(file.string());
    EXPECT_EQ(check(contents(file)), "");
  }
}

TEST(FuzzRegressions, Listing) { checkAll("listing", tessera::fuzz::checkListing); }
// A line ending in several carriage returns: the parser dropped one, so a
// kernel name ending in '\r' printed back with one less each round trip.
TEST(FuzzRegressions, ListingLineEndingInCarriageReturns) {
  std::string text = contents(fs::path(TESSERA_FUZZ_REGRESSIONS) / "listing" /
                              "kernel_name_ending_in_carriage_returns.lst");
  absl::StatusOr<tessera::sim::Executable> exe = tessera::sim::parseListing(text);
  ASSERT_TRUE(exe.ok()) << exe.status();
  EXPECT_EQ(exe->name, "k");
  ASSERT_EQ(exe->debug.size(), 1u);
  EXPECT_EQ(exe->debug[0].comment, "a comment");
  EXPECT_EQ(tessera::fuzz::checkListing(text), "");
}

TEST(FuzzRegressions, Program) { checkAll("program", tessera::fuzz::checkProgram); }
TEST(FuzzRegressions, Opt) {
  // The tessera-opt findings so far: at least the ones tests/lit/fuzz/ names.
  EXPECT_FALSE(regressions("opt").empty());
  checkAll("opt", tessera::fuzz::checkOpt);
}

// The fuzzers' seeds (fuzz/corpus/): the samples' listings and programs,
// the lit tests' IR, hand-written faults. Every one passes its check.
TEST(FuzzCorpus, Listing) {
  EXPECT_FALSE(inputs(TESSERA_FUZZ_CORPUS, "listing").empty());
  checkAll("listing", tessera::fuzz::checkListing, TESSERA_FUZZ_CORPUS);
}
TEST(FuzzCorpus, Program) {
  EXPECT_FALSE(inputs(TESSERA_FUZZ_CORPUS, "program").empty());
  checkAll("program", tessera::fuzz::checkProgram, TESSERA_FUZZ_CORPUS);
}
TEST(FuzzCorpus, Opt) {
  EXPECT_FALSE(inputs(TESSERA_FUZZ_CORPUS, "opt").empty());
  checkAll("opt", tessera::fuzz::checkOpt, TESSERA_FUZZ_CORPUS);
}

}  // namespace
