//===- ArrayProgramTest.cpp - Array ops outside kernels, fused under jit --===//
//
// Every array op against the host (elementwise, scalars, reductions along
// either axis, broadcasts, converts, where, dots with epilogues, dot_general,
// transposes), eager (one op at a time, each its own program) and under jit
// (fused), compiled and in interpret mode; the fusion decisions as the
// compiled program records them; the user errors with their lines.
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

using ::testing::HasSubstr;
using ::testing::Not;
using testutil::errorOf;
using testutil::here;
using testutil::pattern;

/// pltpu::force_tpu_interpret_mode for one scope.
struct Interpreted {
  Interpreted() { pltpu::force_tpu_interpret_mode(true); }
  ~Interpreted() { pltpu::force_tpu_interpret_mode(false); }
};

/// `fn` on `args` under jit: the program compiled, run and checked bit for
/// bit against `want`, then the same program with every fusion's kernel
/// interpreted. Returns the compiled program.
Compiled expectJit(const ArrayFn &fn, const std::vector<Array> &args,
                   const std::vector<float> &want,
                   std::source_location loc = std::source_location::current()) {
  SCOPED_TRACE(testing::Message() << "called from line " << loc.line());
  Compiled c = detail::compileFn(fn, args, loc);
  auto out = c.run(args);
  EXPECT_TRUE(out.ok()) << out.status().message();
  if (out.ok())
    EXPECT_EQ(out->front().to_f32(), want);
  Interpreted interpreted;
  Compiled i = detail::compileFn(fn, args, loc);
  auto again = i.run(args);
  EXPECT_TRUE(again.ok()) << again.status().message();
  if (again.ok())
    EXPECT_EQ(again->front().to_f32(), want);
  EXPECT_THAT(i.listing(), HasSubstr("interpret"));
  return c;
}

/// The kinds of the program's fusions, in program order ("kernel" for a
/// hand-written kernel's call).
std::vector<std::string> kinds(const Compiled &c) {
  std::vector<std::string> out;
  for (const auto &call : c.program().calls)
    out.push_back(call.fusion ? call.fusion->kind : "kernel");
  return out;
}

std::vector<float> map(const std::vector<float> &x, float (*f)(float)) {
  std::vector<float> out;
  for (float v : x)
    out.push_back(f(v));
  return out;
}

TEST(ArrayProgram, ElementwiseWithScalarsFuseIntoOneLoopFusion) {
  auto xs = pattern(64 * 256), ys = pattern(64 * 256, 5);
  auto x = Array::from_f32(xs, {64, 256}), y = Array::from_f32(ys, {64, 256});
  std::vector<float> want;
  for (size_t i = 0; i < xs.size(); ++i)
    want.push_back(vmath::maxF((xs[i] * 2.0f + 1.0f) - ys[i] / 4.0f, 0.5f) * -1.0f);
  Compiled c = expectJit(
      [](const std::vector<Array> &a) {
        return -jnp::maximum((a[0] * 2.0 + 1.0) - a[1] / 4.0, 0.5);
      },
      {x, y}, want);
  EXPECT_EQ(kinds(c), std::vector<std::string>{"kLoop"});
  // 64 rows of 2 KiB (x, y and the result): 8 grid steps of 8 rows, on
  // both TensorCores of the (megacore) chip.
  EXPECT_THAT(c.hlo(), HasSubstr("\"tensor_cores\":2,\"grid\":[8],\"block_shapes\":[[8,256],[8,256],[8,256]]"));
  EXPECT_THAT(c.hlo(), HasSubstr("kind=kLoop, calls=%fused_computation"));
}

TEST(ArrayProgram, EveryElementwiseOpEagerMatchesTheHost) {
  auto xs = pattern(16 * 128), ys = pattern(16 * 128, 3);
  for (float &v : ys)
    v = v == 0 ? 0.5f : v;
  auto x = Array::from_f32(xs, {16, 128}), y = Array::from_f32(ys, {16, 128});
  auto check = [&](const Array &got, auto f, int line) {
    std::vector<float> want;
    for (size_t i = 0; i < xs.size(); ++i)
      want.push_back(f(xs[i], ys[i]));
    EXPECT_EQ(got.to_f32(), want) << "line " << line;
  };
  check(x + y, [](float a, float b) { return a + b; }, __LINE__);
  check(x - y, [](float a, float b) { return a - b; }, __LINE__);
  check(x * y, [](float a, float b) { return a * b; }, __LINE__);
  check(x / y, [](float a, float b) { return vmath::divF32(a, b); }, __LINE__);
  check(3.0 - x, [](float a, float) { return 3.0f - a; }, __LINE__);
  check(jnp::maximum(x, y), [](float a, float b) { return vmath::maxF(a, b); }, __LINE__);
  check(jnp::minimum(x, y), [](float a, float b) { return vmath::minF(a, b); }, __LINE__);
  // A comparison's pred result cannot leave a kernel: where fuses with it
  // under jit.
  check(jit([](const Array &a, const Array &b) { return jnp::where(a < b, a, b); })(x, y),
        [](float a, float b) { return a < b ? a : b; }, __LINE__);
  check(jit([](const Array &a) { return jnp::where(a >= 0.0, a, 0.0); })(x),
        [](float a, float) { return a >= 0 ? a : 0.0f; }, __LINE__);
  check(jit([](const Array &a, const Array &b) {
          return jnp::astype(jnp::astype(a < b, jnp::int32), jnp::float32);
        })(x, y),
        [](float a, float b) { return a < b ? 1.0f : 0.0f; }, __LINE__);
  check(jnp::exp(x), [](float a, float) { return vmath::exp(a); }, __LINE__);
  check(jnp::tanh(x), [](float a, float) { return vmath::tanh(a); }, __LINE__);
  check(lax::logistic(x), [](float a, float) { return vmath::logistic(a); }, __LINE__);
  check(lax::rsqrt(jnp::abs(x) + 0.5),
        [](float a, float) { return vmath::rsqrt(std::fabs(a) + 0.5f); }, __LINE__);
  check(jnp::abs(x), [](float a, float) { return std::fabs(a); }, __LINE__);
  check(jnp::floor(x), [](float a, float) { return vmath::floorF(a); }, __LINE__);
  check(-x, [](float a, float) { return -a; }, __LINE__);
  check(jnp::clip(x, -2.0, 3.0), [](float a, float) { return vmath::minF(vmath::maxF(a, -2), 3); },
        __LINE__);
  check(jnp::astype(jnp::astype(x * 1.1, jnp::bfloat16), jnp::float32),
        [](float a, float) { return vmath::roundBf16(a * 1.1f); }, __LINE__);
  check(jnp::astype(jnp::astype(x, jnp::int32), jnp::float32),
        [](float a, float) { return (float)vmath::f32ToS32(a); }, __LINE__);
}

TEST(ArrayProgram, SoftmaxIsOneInputFusionAndExact) {
  const int64_t R = 64, C = 512;
  auto xs = pattern(R * C);
  auto x = Array::from_f32(xs, {R, C});
  std::vector<float> want(R * C), e(C);
  for (int64_t r = 0; r < R; ++r) {
    float m = vmath::reduceAlongLanes(vmath::ReduceKind::Max, &xs[r * C], C);
    for (int64_t c = 0; c < C; ++c)
      e[c] = vmath::exp(xs[r * C + c] - m);
    float s = vmath::reduceAlongLanes(vmath::ReduceKind::Sum, e.data(), C);
    for (int64_t c = 0; c < C; ++c)
      want[r * C + c] = vmath::divF32(e[c], s);
  }
  Compiled c = expectJit(
      [](const std::vector<Array> &a) {
        Array e = jnp::exp(a[0] - jnp::max(a[0], 1, true));
        return e / jnp::sum(e, 1, true);
      },
      {x}, want);
  EXPECT_EQ(kinds(c), std::vector<std::string>{"kInput"});
}

TEST(ArrayProgram, ReductionsAlongEitherAxis) {
  // Small integers: every order of summation gives the same sums.
  std::vector<float> xs(32 * 256);
  for (size_t i = 0; i < xs.size(); ++i)
    xs[i] = (float)((int)(i * 7 % 13) - 6);
  auto x = Array::from_f32(xs, {32, 256});
  std::vector<float> rowSums(32), colMax(256, -1e9f), centered, rows;
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 256; ++c) {
      rowSums[r] += xs[r * 256 + c];
      colMax[c] = std::max(colMax[c], xs[r * 256 + c]);
    }
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 256; ++c) {
      centered.push_back(xs[r * 256 + c] - colMax[c]);
      rows.push_back(xs[r * 256 + c] + rowSums[r]);
    }
  // Along the rows: the column maxima need whole columns, so the reduction
  // is a fusion of one block and the subtraction a loop fusion after it.
  Compiled a = expectJit([](const std::vector<Array> &v) { return v[0] - jnp::max(v[0], 0, true); },
                         {x}, centered);
  EXPECT_EQ(kinds(a), (std::vector<std::string>{"kInput", "kLoop"}));
  // Along the lanes: one input fusion.
  Compiled b = expectJit([](const std::vector<Array> &v) { return v[0] + jnp::sum(v[0], 1, true); },
                         {x}, rows);
  EXPECT_EQ(kinds(b), std::vector<std::string>{"kInput"});
  // Eager.
  EXPECT_EQ(jnp::sum(x, 1, true).to_f32(), rowSums);
  EXPECT_EQ(jnp::max(x, 0, true).to_f32(), colMax);
  std::vector<float> means;
  for (float s : rowSums)
    means.push_back(s / 256.0f);
  EXPECT_EQ(jnp::mean(x, -1, true).to_f32(), means);
}

TEST(ArrayProgram, BroadcastOperandsAreBlocksOfOneRow) {
  auto xs = pattern(64 * 128), bs = pattern(128, 1);
  auto x = Array::from_f32(xs, {64, 128}), b = Array::from_f32(bs, {1, 128});
  std::vector<float> want;
  for (int r = 0; r < 64; ++r)
    for (int c = 0; c < 128; ++c)
      want.push_back(xs[r * 128 + c] + bs[c] * 2.0f);
  Compiled c = expectJit([](const std::vector<Array> &a) { return a[0] + a[1] * 2.0; }, {x, b},
                         want);
  EXPECT_THAT(c.hlo(), HasSubstr("fusion(%param.1, %param.0), kind=kLoop")); // b is used first
  EXPECT_THAT(c.hlo(), HasSubstr("\"block_shapes\":[[1,128],[8,128],[8,128]]"));
  std::vector<float> tiled;
  for (int r = 0; r < 64; ++r)
    tiled.insert(tiled.end(), bs.begin(), bs.end());
  EXPECT_EQ(jnp::broadcast_to(b, {64, 128}).to_f32(), tiled);
}

TEST(ArrayProgram, DotWithItsEpilogueIsOneOutputFusion) {
  const int64_t M = 256, K = 256, N = 512;
  std::vector<float> xs = samples::matmulLhs(M, K), ys = samples::matmulRhs(K, N);
  auto x = Array::from_f32(xs, {M, K}, DType::bfloat16);
  auto y = Array::from_f32(ys, {K, N}, DType::bfloat16);
  auto bias = Array::from_f32(pattern(N), {1, N});
  std::vector<float> d = samples::matmulReference(xs, ys, M, N, K, K), want;
  std::vector<float> bs = bias.to_f32();
  for (int64_t i = 0; i < M * N; ++i)
    want.push_back(vmath::maxF(d[i] * 0.5f + bs[i % N], 0.0f));
  Compiled c = expectJit(
      [](const std::vector<Array> &a) {
        Array h = jnp::dot(a[0], a[1], {.preferred_element_type = jnp::float32});
        return jnp::maximum(h * 0.5 + a[2], 0.0);
      },
      {x, y, bias}, want);
  EXPECT_EQ(kinds(c), std::vector<std::string>{"kOutput"});
  EXPECT_THAT(c.hlo(), HasSubstr("\"grid\":[1,2,1],\"block_shapes\":[[256,256],[256,256],[1,256],[256,256]]"));
  // Eager, and a @ b.T through dot_general.
  EXPECT_EQ(jnp::dot(x, y, {.preferred_element_type = jnp::float32}).to_f32(), d);
  std::vector<float> yt(N * K);
  for (int64_t k = 0; k < K; ++k)
    for (int64_t n = 0; n < N; ++n)
      yt[n * K + k] = ys[k * N + n];
  auto yT = Array::from_f32(yt, {N, K}, DType::bfloat16);
  EXPECT_EQ(lax::dot_general(x, yT, {{1}, {1}}, {}, {.preferred_element_type = jnp::float32})
                .to_f32(),
            d);
}

TEST(ArrayProgram, DotOperandsAreNotFused) {
  const int64_t M = 128, K = 128, N = 128;
  std::vector<float> xs = samples::matmulLhs(M, K), ys = samples::matmulRhs(K, N);
  auto x = Array::from_f32(xs, {M, K});
  auto y = Array::from_f32(ys, {K, N}, DType::bfloat16);
  std::vector<float> x2;
  for (float v : xs)
    x2.push_back(vmath::roundBf16(v * 2.0f));
  Compiled c = expectJit(
      [](const std::vector<Array> &a) {
        return jnp::dot(jnp::astype(a[0] * 2.0, jnp::bfloat16), a[1],
                        {.preferred_element_type = jnp::float32});
      },
      {x, y}, samples::matmulReference(x2, ys, M, N, K, K));
  EXPECT_EQ(kinds(c), (std::vector<std::string>{"kLoop", "kOutput"}));
}

TEST(ArrayProgram, Transpose) {
  auto xs = pattern(128 * 256);
  auto x = Array::from_f32(xs, {128, 256});
  std::vector<float> want(256 * 128);
  for (int r = 0; r < 128; ++r)
    for (int c = 0; c < 256; ++c)
      want[c * 128 + r] = xs[r * 256 + c] + 1.0f;
  Compiled c = expectJit([](const std::vector<Array> &a) { return jnp::transpose(a[0] + 1.0); },
                         {x}, want);
  EXPECT_EQ(kinds(c), (std::vector<std::string>{"kLoop", "kLoop"}));
  EXPECT_THAT(c.hlo(), HasSubstr("transpose(%param_0), dimensions={1,0}"));
}

TEST(ArrayProgram, KernelsAndArrayOpsRunInProgramOrder) {
  auto xs = pattern(8 * 128);
  auto x = Array::from_f32(xs, {8, 128});
  auto twice = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0; },
                               {.out_shape = ShapeDtypeStruct{{8, 128}, DType::float32},
                                .name = "twice"});
  std::vector<float> want;
  for (float v : xs)
    want.push_back((v + 1.0f) * 2.0f * 2.0f - 3.0f);
  Compiled c = expectJit(
      [&](const std::vector<Array> &a) { return twice(twice(a[0] + 1.0)) - 3.0; }, {x}, want);
  EXPECT_EQ(kinds(c), (std::vector<std::string>{"kLoop", "kernel", "kernel", "kLoop"}));
  EXPECT_THAT(c.hlo(), HasSubstr("custom-call(%fusion)"));
  EXPECT_THAT(c.hlo(), HasSubstr("ROOT %fusion.1 = f32[8,128]{1,0:T(8,128)} fusion(%twice.2)"));
}

TEST(ArrayProgram, ValuesUsedTwiceAreMaterializedOnce) {
  auto xs = pattern(16 * 128);
  auto x = Array::from_f32(xs, {16, 128});
  auto id = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___]; },
                            {.out_shape = ShapeDtypeStruct{{16, 128}, DType::float32},
                             .name = "copy"});
  std::vector<float> want;
  for (float v : xs)
    want.push_back(vmath::exp(v) + vmath::exp(v));
  // exp(x) feeds a hand-written kernel and an add: it is a fusion's output.
  Compiled c = expectJit(
      [&](const std::vector<Array> &a) {
        Array e = jnp::exp(a[0]);
        return id(e) + e;
      },
      {x}, want);
  EXPECT_EQ(kinds(c), (std::vector<std::string>{"kLoop", "kernel", "kLoop"}));
}

TEST(ArrayProgram, FusionsOnAWholeChipUseBothTensorCores) {
  // tpu_init::initialize_one_core() runs in split_chip_tests (a process of
  // its own); here the chip is whole: a fusion of 8 row blocks runs on both
  // TensorCores (megacore) and says so, a grid of one step stays on one.
  auto x = Array::from_f32(pattern(8 * 128), {8, 128});
  Compiled one = detail::compileFn([](const std::vector<Array> &a) { return a[0] * 2.0; }, {x},
                                   std::source_location::current());
  EXPECT_THAT(one.hlo(), HasSubstr("\"grid\":[1]"));
  EXPECT_THAT(one.hlo(), Not(HasSubstr("tensor_cores")));
  std::vector<float> data = pattern(64 * 256);
  auto big = Array::from_f32(data, {64, 256});
  Compiled two = expectJit([](const std::vector<Array> &a) { return a[0] * 2.0 + 1.0; }, {big},
                           map(data, [](float v) { return v * 2.0f + 1.0f; }));
  EXPECT_THAT(two.hlo(), HasSubstr("\"tensor_cores\":2,\"grid\":[8]"));
}

TEST(ArrayProgram, AValueAKernelAlsoUsesIsAFusionRoot) {
  std::vector<float> data = pattern(8 * 128);
  Array x = Array::from_f32(data, {8, 128});
  auto negate = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = -x_ref[___]; },
                                {.out_shape = ShapeDtypeStruct{{8, 128}, DType::float32},
                                 .name = "negate"});
  std::vector<float> want(data.size());
  for (size_t i = 0; i < data.size(); ++i)
    want[i] = -(data[i] * 2.0f) + data[i] * 2.0f;
  Compiled c = expectJit(
      [&](const std::vector<Array> &a) {
        Array t = a[0] * 2.0;
        return negate(t) + t;
      },
      {x}, want);
  EXPECT_EQ(kinds(c), (std::vector<std::string>{"kLoop", "kernel", "kLoop"}));
}

TEST(ArrayProgram, CompareWhereAndConvert) {
  std::vector<float> data = pattern(16 * 256, 3);
  Array x = Array::from_f32(data, {16, 256});
  Compiled relu = expectJit(
      [](const std::vector<Array> &a) { return jnp::where(a[0] > 0.0, a[0], 0.0); }, {x},
      map(data, [](float v) { return v > 0.0f ? v : 0.0f; }));
  EXPECT_THAT(relu.hlo(), HasSubstr("compare(%param_0, %broadcast.1), direction=GT"));
  EXPECT_THAT(relu.hlo(), HasSubstr(" select("));
  Compiled half = compile([](const Array &x) { return jnp::astype(x * 3.0, DType::bfloat16); }, x);
  Array h = half(x);
  EXPECT_EQ(h.dtype(), DType::bfloat16);
  EXPECT_EQ(h.to_f32(), map(data, [](float v) { return vmath::roundBf16(v * 3.0f); }));
  std::string line = here(2);  // a macro's arguments are at its last line
  EXPECT_THAT(errorOf([&] { (void)jnp::where(x, x, x); }),
              HasSubstr(line + ": "));
}

// jit(f, {.interpret = true}): the same program with the fusions' kernels
// interpreted gives the same bits as compiled.
TEST(ArrayProgram, JitInterpretOptionAgreesWithCompiled) {
  const int64_t r = 64, cols = 256;
  std::vector<float> data(r * cols);
  for (int64_t i = 0; i < r * cols; ++i)
    data[i] = (float)((i * 29) % 83) * 0.125f - 5.0f;
  Array x = Array::from_f32(data, {r, cols});
  Array w = Array::from_f32(pattern(cols * 128), {cols, 128}, DType::bfloat16);
  auto program = [&](const Array &x, const Array &w) {
    Array e = jnp::exp(x - jnp::max(x, 1, true));
    Array p = jnp::where(e > 0.5, e / jnp::sum(e, 1, true) * 2.0 + 1.0, 0.25);
    return jnp::dot(jnp::astype(p, DType::bfloat16), w,
                    {.preferred_element_type = DType::float32});
  };
  Array compiled = jit(program)(x, w);
  Compiled interpreted = jit(program, {.interpret = true}).lower(x, w);
  EXPECT_THAT(interpreted.listing(), HasSubstr("runs in interpret mode"));
  EXPECT_EQ(interpreted(x, w).to_f32(), compiled.to_f32());
}

// jnp::reshape of an array in HBM is a bitcast (no kernel, no copy) where
// the tiled layout keeps its bytes; of a rank-1 value inside a fusion, the
// Value's reshape.
TEST(ArrayProgram, ReshapesAreBitcastsOrStayInTheFusion) {
  std::vector<float> data = pattern(4 * 16 * 128);
  auto x = Array::from_f32(data, {4, 16, 128});
  Compiled merge = expectJit(
      [](const std::vector<Array> &a) { return jnp::reshape(a[0], {64, 128}) * 2.0; }, {x},
      map(data, [](float v) { return v * 2.0f; }));
  EXPECT_THAT(merge.hlo(), HasSubstr("f32[64,128]{1,0:T(8,128)} bitcast(%param.0)"));
  EXPECT_EQ(kinds(merge), (std::vector<std::string>{"kLoop"}));
  // A fusion's result split back into matrices: the bitcast after it.
  auto y = Array::from_f32(data, {64, 128});
  Compiled split = expectJit(
      [](const std::vector<Array> &a) { return (a[0] + 1.0).reshape({4, 16, 128}); }, {y},
      map(data, [](float v) { return v + 1.0f; }));
  EXPECT_THAT(split.hlo(), HasSubstr("ROOT %bitcast."));
  EXPECT_EQ(split.program().values[split.program().outputs[0]].type.shape,
            (Shape{4, 16, 128}));
  // Rank 4: a bitcast to [2, 2, 16, 128] (layout {3,2,1,0:T(8,128)}), then
  // a fusion over its matrices (a sum across the second leading axis,
  // kept, broadcast back).
  std::vector<float> want4(data.size());
  for (int64_t a = 0; a < 2; ++a)
    for (int64_t i = 0; i < 16 * 128; ++i) {
      float s = data[(a * 2 + 0) * 16 * 128 + i] + data[(a * 2 + 1) * 16 * 128 + i];
      for (int64_t b = 0; b < 2; ++b)
        want4[(a * 2 + b) * 16 * 128 + i] = data[(a * 2 + b) * 16 * 128 + i] - s;
    }
  Compiled rank4 = expectJit(
      [](const std::vector<Array> &a) {
        Array x4 = a[0].reshape({2, 2, 16, 128});
        return x4 - jnp::sum(x4, 1, true);
      },
      {x}, want4);
  EXPECT_THAT(rank4.hlo(), HasSubstr("f32[2,2,16,128]{3,2,1,0:T(8,128)}"));
  // x - sum(x, 1)[:, None]: the rank-1 sum back to a column in the fusion.
  std::vector<float> rowsData = pattern(32 * 256, 5);
  auto r = Array::from_f32(rowsData, {32, 256});
  std::vector<float> want(rowsData.size());
  for (int64_t i = 0; i < 32; ++i) {
    float sum = vmath::reduceAlongLanes(vmath::ReduceKind::Sum, &rowsData[i * 256], 256);
    for (int64_t c = 0; c < 256; ++c)
      want[i * 256 + c] = rowsData[i * 256 + c] - sum;
  }
  Compiled column = expectJit(
      [](const std::vector<Array> &a) {
        return a[0] - jnp::reshape(jnp::sum(a[0], 1), {32, 1});
      },
      {r}, want);
  EXPECT_EQ(kinds(column), (std::vector<std::string>{"kInput"}));
  EXPECT_THAT(column.hlo(), HasSubstr("f32[32,1]{1,0:T(8,128)} reshape("));
  // Elements between tiles: an error at the user's line.
  auto flat = Array::from_f32(pattern(8 * 128), {8, 128});
  std::string line = here(1);
  std::string e = errorOf([&] { jit([](const Array &a) { return a.reshape({16, 64}) * 2.0; })(flat); });
  EXPECT_THAT(e, HasSubstr(line + ": reshape of f32[8,128] to [16, 64] under jit would move "
                                  "elements between (8, 128) tiles"));
}

// An array op's result passed to a shard_map is materialized for it (not
// dropped as unused by the fusion compiler).
TEST(ArrayProgram, ArrayOpsFeedAShardMap) {
  std::vector<float> data = pattern(32 * 128);
  auto x = Array::from_f32(data, {32, 128});
  auto negate = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = -x_ref[___]; },
                                {.out_shape = ShapeDtypeStruct{{8, 128}, DType::float32},
                                 .name = "negate"});
  auto f = shard_map({.mesh = make_mesh({4}, {"device"}), .in_specs = P("device"),
                      .out_specs = P("device"), .check_vma = false},
                     [&](const Array &s) { return negate(s); });
  Array out = jit([&](const Array &a) { return f({a * 2.0}) + 1.0; })(x);
  EXPECT_EQ(out.to_f32(), map(data, [](float v) { return -(v * 2.0f) + 1.0f; }));
}

// A function of several results (JAX's tuple): jit returns them all, as
// the tuple or vector the function returns; compile's run() has each.
TEST(ArrayProgram, SeveralResults) {
  std::vector<float> data = pattern(16 * 256);
  auto x = Array::from_f32(data, {16, 256});
  auto f = [](const Array &a) { return std::tuple{a * 2.0, a + 1.0}; };
  auto [twice, plusOne] = jit(f)(x);
  EXPECT_EQ(twice.to_f32(), map(data, [](float v) { return v * 2.0f; }));
  EXPECT_EQ(plusOne.to_f32(), map(data, [](float v) { return v + 1.0f; }));
  // The same with the fusions interpreted.
  auto [twiceI, plusOneI] = jit(f, {.interpret = true})(x);
  EXPECT_EQ(twiceI.to_f32(), twice.to_f32());
  EXPECT_EQ(plusOneI.to_f32(), plusOne.to_f32());
  Compiled c = compile(f, x);
  auto out = c.run({x});
  ASSERT_TRUE(out.ok()) << out.status().message();
  ASSERT_EQ(out->size(), 2u);
  EXPECT_THAT(c.hlo(), HasSubstr("ROOT %tuple"));
  // A kernel's two outputs, as the vector its call returns.
  auto both = pl::pallas_call(
      [](Ref x_ref, Ref a_ref, Ref b_ref) {
        a_ref[___] = x_ref[___] * 3.0;
        b_ref[___] = x_ref[___] - 1.0;
      },
      {.out_shape = {ShapeDtypeStruct{{16, 256}, DType::float32},
                     ShapeDtypeStruct{{16, 256}, DType::float32}},
       .name = "two_outputs"});
  std::vector<Array> outs = jit([&](const Array &a) { return both.call({a}); })(x);
  ASSERT_EQ(outs.size(), 2u);
  EXPECT_EQ(outs[0].to_f32(), map(data, [](float v) { return v * 3.0f; }));
  EXPECT_EQ(outs[1].to_f32(), map(data, [](float v) { return v - 1.0f; }));
}

// jax.jit's trace cache: a jitted function traces once per argument
// signature (shape, dtype); its copies share the traces; a value it read
// while tracing is baked in, as in JAX; forced interpret mode traces anew.
TEST(ArrayProgram, JitTracesOncePerSignature) {
  std::vector<float> data = pattern(8 * 128);
  auto x = Array::from_f32(data, {8, 128});
  auto wide = Array::from_f32(pattern(8 * 256), {8, 256});
  int traces = 0;
  double scale = 2.0;
  auto f = jit([&](const Array &a) {
    ++traces;
    return a * scale;
  });
  EXPECT_EQ(f(x).to_f32(), map(data, [](float v) { return v * 2.0f; }));
  scale = 3.0;  // read at the trace: the cached program keeps 2.0
  Jitted copy = f;
  EXPECT_EQ(copy(x).to_f32(), map(data, [](float v) { return v * 2.0f; }));
  EXPECT_EQ(traces, 1);
  EXPECT_EQ(f.cache_size(), 1u);
  // Another shape, another dtype: new traces (with the value now read).
  EXPECT_EQ(f(wide).to_f32(), map(pattern(8 * 256), [](float v) { return v * 3.0f; }));
  Array xi = Array::from_f32(data, {8, 128}, DType::bfloat16);
  EXPECT_EQ(f(xi).dtype(), DType::bfloat16);
  EXPECT_EQ(traces, 3);
  EXPECT_EQ(f.cache_size(), 3u);
  EXPECT_EQ(f.lower(x).hlo(), f.lower(x).hlo());
  EXPECT_EQ(traces, 3);
  {
    Interpreted interpreted;  // the mode is read while tracing
    EXPECT_EQ(f(x).to_f32(), map(data, [](float v) { return v * 3.0f; }));
    EXPECT_THAT(f.lower(x).listing(), HasSubstr("interpret mode"));
    EXPECT_EQ(traces, 5);
  }
  EXPECT_THAT(f.lower(x).listing(), Not(HasSubstr("interpret mode")));
  EXPECT_EQ(traces, 5);
}

TEST(ArrayProgram, ErrorsNameTheUsersLine) {
  auto x = Array::from_f32(pattern(8 * 128), {8, 128});
  auto y = Array::from_f32(pattern(16 * 128), {16, 128});
  std::string line = here(1);
  std::string e = errorOf([&] { jit([](const Array &a, const Array &b) { return a + b; })(x, y); });
  EXPECT_THAT(e, HasSubstr(line));
  EXPECT_THAT(e, HasSubstr("[8, 128]"));
  line = here(1);
  e = errorOf([&] { (void)(x + y); });
  EXPECT_THAT(e, HasSubstr(line));
  // An array with data captured by the jitted function.
  line = here(1);
  e = errorOf([&] { jit([&](const Array &a) { return a * y; })(x); });
  EXPECT_THAT(e, HasSubstr(line));
  EXPECT_THAT(e, HasSubstr("pass it as an argument of the jitted function"));
  // A rank-1 result cannot leave the program.
  line = here(1);
  e = errorOf([&] { jit([](const Array &a) { return jnp::sum(a, 1); })(x); });
  EXPECT_THAT(e, HasSubstr(line));
  EXPECT_THAT(e, HasSubstr("keepdims=true"));
  // A comparison's result alone: kernels cannot write pred arrays.
  line = here(1);
  e = errorOf([&] { (void)(x < x); });
  EXPECT_THAT(e, HasSubstr(line + ": the result of compare is pred[8,128]"));
  // Rank-1 arrays with data are reshaped first.
  auto r = jnp::arange(128, jnp::float32);
  line = here(1);
  e = errorOf([&] { (void)(r * 2.0); });
  EXPECT_THAT(e, HasSubstr(line + ": multiply of an array of shape [128]"));
}

}  // namespace
}  // namespace tessera

namespace tessera {
namespace {

/// 32-bit arrays of any shape (padded tiles) under the array ops too:
/// elementwise ops, a reduction along the padded lanes ([12, 1], a padded
/// column between kernels) and along the padded rows, down to [1, 1];
/// eager and fused, exact against the host.
TEST(ArrayProgram, PaddedArraysOfAnyShape) {
  constexpr int64_t R = 12, C = 200;
  auto xs = pattern(R * C);
  Array x = Array::from_f32(xs, {R, C});
  std::vector<float> want(R * C);
  for (int64_t r = 0; r < R; ++r) {
    float m = -INFINITY;
    for (int64_t c = 0; c < C; ++c)
      m = vmath::maxF(m, xs[r * C + c]);
    for (int64_t c = 0; c < C; ++c)
      want[r * C + c] = xs[r * C + c] * 2.0f - m;
  }
  EXPECT_EQ((x * 2.0 - jnp::max(x, 1, true)).to_f32(), want);
  EXPECT_EQ(jit([](const Array &a) { return a * 2.0 - jnp::max(a, 1, true); })(x).to_f32(), want);
  std::vector<float> colSum(C, 0.0f);
  for (int64_t k = 0; k < R * C; ++k)
    colSum[k % C] += xs[k];
  EXPECT_EQ(jnp::sum(x, 0, true).to_f32(), colSum);
  // [1, 1]: the maximum of all, through a [12, 1] column of row maxima.
  float all = -INFINITY;
  for (float v : xs)
    all = vmath::maxF(all, v);
  EXPECT_EQ(jnp::max(jnp::max(x, 1, true), 0, true).to_f32(), std::vector<float>{all});
}

}  // namespace
}  // namespace tessera
