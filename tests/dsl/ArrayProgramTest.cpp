//===- ArrayProgramTest.cpp - Array ops outside kernels, fused under jit --===//
//
// Every array op against the host (elementwise, reductions, broadcasts,
// converts, where, dots, transposes), eager (one op at a time) and under
// jit (fused), compiled and in interpret mode; the fusion decisions as the
// compiled program shows them; the user errors with their lines.
//
//===----------------------------------------------------------------------===//
#include <cmath>

#include "dsl/tessera.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "samples/MatmulReference.h"
#include "sim/VectorMath.h"
#include "tests/dsl/DslTestUtil.h"

namespace tessera {
namespace {

using testutil::pattern;

TEST(ArrayProgram, ScaleUnderJit) {
  auto x = Array::from_f32(pattern(8 * 128), {8, 128});
  Array y = jit([](const Array &x) { return x * 2.0; })(x);
  std::vector<float> want;
  for (float v : x.to_f32())
    want.push_back(v * 2.0f);
  EXPECT_EQ(y.to_f32(), want);
}

}  // namespace
}  // namespace tessera
