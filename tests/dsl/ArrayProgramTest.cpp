//===- ArrayProgramTest.cpp - Plain array code under jit, fused -----------===//
//
// jnp ops on Arrays outside kernels (dsl/ArrayOps.h): run at once, and
// under jit traced, fused into loop fusions and compiled as kernels
// (dsl/Fusion.h): every op against the host bit for bit, the fusion
// decisions in the HLO text, and the errors at the user's line.
//
//===----------------------------------------------------------------------===//
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dsl/tessera.h"
#include "samples/SoftmaxReference.h"
#include "sim/VectorMath.h"
#include "tests/dsl/DslTestUtil.h"

namespace tessera {
namespace {

using testing::HasSubstr;
using namespace testutil;

std::vector<float> host(const std::vector<float> &x, float (*f)(float)) {
  std::vector<float> out(x.size());
  for (size_t i = 0; i < x.size(); ++i)
    out[i] = f(x[i]);
  return out;
}

int count(const std::string &text, const std::string &what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

TEST(ArrayOps, RunAtOnceOutsideJit) {
  std::vector<float> data = pattern(16 * 256);
  Array x = Array::from_f32(data, {16, 256});
  EXPECT_EQ((x * 2.0).to_f32(), host(data, [](float v) { return v * 2.0f; }));
  EXPECT_EQ((1.0 - x).to_f32(), host(data, [](float v) { return 1.0f - v; }));
  EXPECT_EQ((x / 4.0).to_f32(), host(data, [](float v) { return v / 4.0f; }));
  EXPECT_EQ((-x).to_f32(), host(data, [](float v) { return -v; }));
  EXPECT_EQ(jnp::maximum(x, 0.5).to_f32(), host(data, [](float v) { return std::max(v, 0.5f); }));
  EXPECT_EQ(jnp::exp(x).to_f32(), host(data, [](float v) { return vmath::exp(v); }));
  std::vector<float> sum(data.size()), product(data.size());
  for (size_t i = 0; i < data.size(); ++i) {
    sum[i] = data[i] + data[i];
    product[i] = data[i] * data[i];
  }
  EXPECT_EQ((x + x).to_f32(), sum);
  EXPECT_EQ((x * x).to_f32(), product);
}

TEST(ArrayOps, AChainIsOneLoopFusion) {
  std::vector<float> data = pattern(64 * 128, 1), other = pattern(64 * 128, 2);
  Array x = Array::from_f32(data, {64, 128}), y = Array::from_f32(other, {64, 128});
  Compiled c = compile([](const Array &x, const Array &y) { return (x * 2.0 + y) / 4.0; }, x, y);
  std::string hlo = c.hlo();
  EXPECT_EQ(count(hlo, " fusion("), 1) << hlo;
  EXPECT_THAT(hlo, HasSubstr("kind=kLoop, calls=%fused_computation"));
  EXPECT_THAT(hlo, HasSubstr("multiply(%param_0, %broadcast.0)"));
  EXPECT_THAT(hlo, HasSubstr("ROOT %divide"));
  std::vector<float> want(data.size());
  for (size_t i = 0; i < data.size(); ++i)
    want[i] = (data[i] * 2.0f + other[i]) / 4.0f;
  EXPECT_EQ(c(x, y).to_f32(), want);
  EXPECT_THAT(c.listing(), HasSubstr(".kernel fusion"));
}

TEST(ArrayOps, AValueUsedTwiceInOneFusionStaysInIt) {
  std::vector<float> data = pattern(8 * 128);
  Array x = Array::from_f32(data, {8, 128});
  Compiled c = compile(
      [](const Array &x) {
        Array t = jnp::maximum(x, 0.0);
        return t * t;
      },
      x);
  EXPECT_EQ(count(c.hlo(), " fusion("), 1) << c.hlo();
  std::vector<float> want(data.size());
  for (size_t i = 0; i < data.size(); ++i)
    want[i] = std::max(data[i], 0.0f) * std::max(data[i], 0.0f);
  EXPECT_EQ(c(x).to_f32(), want);
}

TEST(ArrayOps, AValueAKernelAlsoUsesIsAFusionRoot) {
  std::vector<float> data = pattern(8 * 128);
  Array x = Array::from_f32(data, {8, 128});
  auto negate = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = -x_ref[___]; },
                                {.out_shape = ShapeDtypeStruct{{8, 128}, DType::float32},
                                 .name = "negate"});
  Compiled c = compile(
      [&](const Array &x) {
        Array t = x * 2.0;
        return negate(t) + t;
      },
      x);
  EXPECT_EQ(count(c.hlo(), " fusion("), 2) << c.hlo();
  std::vector<float> want(data.size());
  for (size_t i = 0; i < data.size(); ++i)
    want[i] = -(data[i] * 2.0f) + data[i] * 2.0f;
  EXPECT_EQ(c(x).to_f32(), want);
}

TEST(ArrayOps, ASoftmaxIsOneFusionWithRowReductions) {
  const int64_t r = 64, cols = 512;
  std::vector<float> data(r * cols);
  for (int64_t i = 0; i < r * cols; ++i)
    data[i] = (float)((i * 37) % 97) * 0.0625f - 3.0f;
  Array x = Array::from_f32(data, {r, cols});
  Compiled c = compile(
      [](const Array &x) {
        Array e = jnp::exp(x - jnp::max(x, 1, true));
        return e / jnp::sum(e, 1, true);
      },
      x);
  std::string hlo = c.hlo();
  EXPECT_EQ(count(hlo, " fusion("), 1) << hlo;
  EXPECT_THAT(hlo, HasSubstr("reduce(%param_0, %constant.0), dimensions={1}, to_apply=%maximum.reducer"));
  EXPECT_THAT(hlo, HasSubstr("broadcast("));
  std::vector<float> want = samples::softmaxReference(data, r, cols);
  EXPECT_EQ(c(x).to_f32(), want);
  std::string line = here(2);  // a macro's arguments are at its last line
  EXPECT_THAT(errorOf([&] { (void)jnp::sum(x, 0, true); }),
              HasSubstr(line + ": jnp::sum of f32[64,512]: under jit, over the last axis"));
}

TEST(ArrayOps, FusionsAndKernelsInProgramOrder) {
  std::vector<float> data = pattern(8 * 128);
  Array x = Array::from_f32(data, {8, 128});
  auto copy = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = -x_ref[___]; },
                              {.out_shape = ShapeDtypeStruct{{8, 128}, DType::float32},
                               .name = "negate"});
  Compiled c = compile([&](const Array &x) { return copy(x * 2.0) + 1.0; }, x);
  std::string hlo = c.hlo();
  size_t first = hlo.find(" fusion("), kernel = hlo.find("tpu_custom_call"),
         second = hlo.rfind(" fusion(");
  ASSERT_NE(kernel, std::string::npos) << hlo;
  EXPECT_LT(first, kernel);
  EXPECT_LT(kernel, second);
  EXPECT_EQ(c(x).to_f32(), host(data, [](float v) { return -(v * 2.0f) + 1.0f; }));
}

TEST(ArrayOps, ADotIsAnOutputFusionExactAgainstTheHost) {
  const int64_t m = 256, k = 384, n = 256;
  std::vector<float> xs(m * k), ys(k * n);
  for (int64_t i = 0; i < m * k; ++i)
    xs[i] = (float)((i * 7) % 13 - 6) * 0.5f;
  for (int64_t i = 0; i < k * n; ++i)
    ys[i] = (float)((i * 5) % 11 - 5) * 0.25f;
  Array x = Array::from_f32(xs, {m, k}, DType::bfloat16), y = Array::from_f32(ys, {k, n}, DType::bfloat16);
  Compiled c = compile([](const Array &a, const Array &b) { return jnp::dot(a, b, DType::float32); },
                       x, y);
  EXPECT_THAT(c.hlo(), HasSubstr("kind=kOutput"));
  EXPECT_THAT(c.hlo(), HasSubstr("lhs_contracting_dims={1}, rhs_contracting_dims={0}"));
  // Small integers times halves: every product and sum is exact in f32.
  std::vector<float> want(m * n, 0.0f);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t kk = 0; kk < k; ++kk)
      for (int64_t j = 0; j < n; ++j)
        want[i * n + j] += xs[i * k + kk] * ys[kk * n + j];
  EXPECT_EQ(c(x, y).to_f32(), want);
  EXPECT_THAT(errorOf([&] { (void)jnp::dot(y, y); }),
              HasSubstr("jnp dot of bf16[384,256] and bf16[384,256]"));
}

TEST(ArrayOps, CompareWhereAndConvert) {
  std::vector<float> data = pattern(16 * 256, 3);
  Array x = Array::from_f32(data, {16, 256});
  Compiled relu = compile([](const Array &x) { return jnp::where(x > 0.0, x, 0.0); }, x);
  EXPECT_THAT(relu.hlo(), HasSubstr("compare(%param_0, %broadcast.0), direction=GT"));
  EXPECT_THAT(relu.hlo(), HasSubstr(" select("));
  EXPECT_EQ(relu(x).to_f32(), host(data, [](float v) { return v > 0.0f ? v : 0.0f; }));
  Compiled half = compile([](const Array &x) { return jnp::astype(x * 3.0, DType::bfloat16); }, x);
  Array h = half(x);
  EXPECT_EQ(h.dtype(), DType::bfloat16);
  EXPECT_EQ(h.to_f32(), host(data, [](float v) { return vmath::roundBf16(v * 3.0f); }));
  // A pred array cannot leave its fusion yet: an error at the user's line.
  std::string line = here(2);  // a macro's arguments are at its last line
  EXPECT_THAT(errorOf([&] { (void)(x >= 1.0); }),
              HasSubstr(line + ": a comparison's pred array under jit feeds jnp::where for now"));
  EXPECT_THAT(errorOf([&] { (void)jnp::where(x, x, x); }),
              HasSubstr("jnp::where: the mask is f32[16,256]; it must be a pred (bool_) array"));
}

// The same array programs with the fusions' kernels interpreted give the
// same bits as compiled.
TEST(ArrayOps, InterpretedFusionsAgreeWithCompiled) {
  const int64_t r = 64, cols = 256;
  std::vector<float> data(r * cols);
  for (int64_t i = 0; i < r * cols; ++i)
    data[i] = (float)((i * 29) % 83) * 0.125f - 5.0f;
  Array x = Array::from_f32(data, {r, cols});
  Array w = Array::from_f32(pattern(cols * 128), {cols, 128}, DType::bfloat16);
  auto program = [&](const Array &x, const Array &w) {
    Array e = jnp::exp(x - jnp::max(x, 1, true));
    Array p = jnp::where(e > 0.5, e / jnp::sum(e, 1, true) * 2.0 + 1.0, 0.25);
    return jnp::dot(p, w, DType::float32);
  };
  Array compiled = jit(program)(x, w);
  Compiled interpreted = jit(program, {.interpret = true}).lower(x, w);
  EXPECT_THAT(interpreted.listing(), HasSubstr("runs in interpret mode"));
  EXPECT_EQ(interpreted(x, w).to_f32(), compiled.to_f32());
}

TEST(ArrayOps, ErrorsNameTheUsersLine) {
  Array x = Array::from_f32(pattern(8 * 128), {8, 128});
  Array y = Array::from_f32(pattern(16 * 128), {16, 128});
  std::string line = here(2);  // a macro's arguments are at its last line
  EXPECT_THAT(errorOf([&] { compile([](const Array &a, const Array &b) { return a + b; }, x, y); }),
              HasSubstr(line + ": jnp add: operands f32[8,128] and f32[16,128] differ"));
  Array i = Array::from_s32(std::vector<int32_t>(8 * 128, 1), {8, 128});
  EXPECT_THAT(errorOf([&] { (void)(i * 2.0); }),
              HasSubstr("array ops outside kernels take f32 and bf16 arrays for now"));
}

}  // namespace
}  // namespace tessera
