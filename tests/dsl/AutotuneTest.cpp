//===- AutotuneTest.cpp - tessera::autotune --------------------------------===//
//
// The fastest candidate is chosen and returned compiled; a candidate that
// cannot compile (too much VMEM) is a row with its error, never the choice;
// the table is the same on every run (the simulator is deterministic); no
// candidate that runs, or none at all, is an error.
//
//===----------------------------------------------------------------------===//
#include "dsl/tessera.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tessera {
namespace {

using ::testing::HasSubstr;

class AutotuneTest : public ::testing::Test {
protected:
  /// x * 2 + 1 over f32[rows, 512] in row blocks of `block` (as the README
  /// writes it: a pallas_call in a function of Arrays, no shard_map).
  static std::function<Array(const Array &)> scale(int64_t rows, int64_t block) {
    return [=](const Array &x) -> Array {
      auto rowBlock = [](Scalar i) { return std::tuple{i, 0}; };
      return pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0 + 1.0; },
                             {.out_shape = ShapeDtypeStruct{x.shape(), x.dtype()},
                              .grid = {rows / block},
                              .in_specs = {pl::BlockSpec({block, 512}, rowBlock)},
                              .out_specs = {pl::BlockSpec({block, 512}, rowBlock)},
                              .debug = {.megacore = false},
                              .name = "scale",
                              .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}}})(
          x);
    };
  }

  static constexpr int64_t kRows = 8192;
  static Array input() {
    std::vector<float> data(kRows * 512);
    for (size_t i = 0; i < data.size(); ++i)
      data[i] = (float)(int64_t(i % 1023) - 511) * 0.5f;
    return Array::from_f32(data, {kRows, 512});
  }
};

TEST_F(AutotuneTest, ChoosesTheFastestAndReportsTheOthers) {
  Array x = input();
  // 8 rows a block: 1024 steps of start-up; 8192 rows: 64 MiB of blocks.
  std::vector<Candidate<int64_t>> candidates = {
      {"8 rows", 8}, {"512 rows", 512}, {"8192 rows", 8192}, {"256 rows", 256}};
  auto tuned = autotune([&](int64_t block) { return scale(kRows, block); }, {x}, candidates);
  const AutotuneTable &t = tuned.table;
  ASSERT_EQ(t.rows.size(), 4u);
  ASSERT_TRUE(t.best.has_value());
  // The chosen one is the fastest of those that ran.
  for (const AutotuneRow &r : t.rows)
    if (r.error.empty())
      EXPECT_LE(t.rows[*t.best].cycles, r.cycles) << r.name;
  EXPECT_EQ(tuned.config, candidates[*t.best].config);
  EXPECT_NE(tuned.config, 8);
  EXPECT_GT(t.rows[0].cycles, 2 * t.rows[1].cycles);  // start-up-bound
  // The block too big for VMEM: an error in its row, no figures.
  EXPECT_THAT(t.rows[2].error, HasSubstr("VMEM"));
  EXPECT_EQ(t.rows[2].cycles, 0);
  // An HBM-bound kernel, and what its blocks take of VMEM.
  EXPECT_EQ(t.rows[1].bound, "HBM");
  EXPECT_GT(t.rows[1].boundFraction, 0.5);
  // Three buffers each of x and o: the compiler's default for steps
  // shorter than their DMAs.
  EXPECT_EQ(t.rows[1].vmemBytes, 6 * 512 * 512 * 4);
  std::string text = t.str();
  EXPECT_THAT(text, HasSubstr("* " + t.rows[*t.best].name));
  EXPECT_THAT(text, HasSubstr("8192 rows"));
  // The chosen program runs and is right.
  std::vector<float> in = x.to_f32(), out = tuned.compiled(x).to_f32();
  for (size_t i = 0; i < in.size(); ++i)
    ASSERT_EQ(out[i], in[i] * 2.0f + 1.0f) << i;
  // Deterministic: the same table again.
  auto again = autotune([&](int64_t block) { return scale(kRows, block); }, {x}, candidates);
  for (size_t i = 0; i < t.rows.size(); ++i)
    EXPECT_EQ(again.table.rows[i].cycles, t.rows[i].cycles) << t.rows[i].name;
}

TEST_F(AutotuneTest, NoCandidateThatRunsIsAnError) {
  Array x = input();
  try {
    autotune([&](int64_t block) { return scale(kRows, block); }, {x},
             std::vector<Candidate<int64_t>>{{"whole", 8192}});
    FAIL() << "no error";
  } catch (const Error &e) {
    EXPECT_THAT(e.what(), HasSubstr("autotune: no candidate ran"));
    EXPECT_THAT(e.what(), HasSubstr("whole: "));
    EXPECT_THAT(e.what(), HasSubstr("VMEM"));
  }
  EXPECT_THROW(autotune([&](int64_t block) { return scale(kRows, block); }, {x},
                        std::vector<Candidate<int64_t>>{}),
               Error);
}

}  // namespace
}  // namespace tessera
