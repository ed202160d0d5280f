//===- ArrayProgramDiffTest.cpp - Generated array programs, three ways ----===//
//
// The differential test for array programs: random jnp programs over two
// f32[R, C] arrays and a row f32[1, C] (elementwise arithmetic with arrays
// and numbers, maximum / minimum, where on a comparison, exp, tanh, bf16
// round trips, sums and maxima along the lanes broadcast back through
// keepdims or a reshape of the rank-1 sum, maxima along the rows, reshapes
// to rank 3 and back), each value used by one or several
// later ops, so that the fusion compiler both fuses and materializes. Each program runs under jit
// compiled (fused kernels on the simulator), under jit interpreted
// (pltpu::force_tpu_interpret_mode), and, when it has no comparison (a pred
// array cannot leave a kernel), eagerly op by op (one kernel per op); every
// result must equal, bit for bit, a host model built from
// sim/VectorMath.h. TESSERA_ARRAY_DIFF_SEED picks another set.
//
//===----------------------------------------------------------------------===//
#include <cstdlib>
#include <cstring>
#include <random>

#include "dsl/tessera.h"
#include "gtest/gtest.h"
#include "sim/VectorMath.h"
#include "tests/dsl/DslTestUtil.h"

namespace tessera {
namespace {

/// A host value: rows x cols, row-major (rows R or 1, cols C or 1).
struct HostValue {
  int64_t rows, cols;
  std::vector<float> data;
  float at(int64_t r, int64_t c) const {
    return data[(rows == 1 ? 0 : r) * cols + (cols == 1 ? 0 : c)];
  }
};

enum class Op { Add, Sub, Mul, Max, Min, AddNumber, MulNumber, Where, Exp, Tanh, Bf16, Sum, RowMax, ColMax, Regroup };

struct Step {
  Op op;
  int a, b = -1, c = -1, d = -1;  // operand values
  float number = 0;
};

/// A generated program: values 0, 1, 2 are x, y and the row b.
struct Program {
  std::vector<Step> steps;
  bool compares = false;
};

Program generate(std::mt19937 &rng, int numSteps) {
  Program p;
  std::vector<bool> wide = {true, true, false};  // [R, C] or not
  auto pick = [&](int n) { return (int)(rng() % n); };
  auto pickWide = [&] {
    for (;;)
      if (int v = pick((int)wide.size()); wide[v])
        return v;
  };
  static const float numbers[] = {0.5f, 2.0f, -1.5f, 0.25f, 3.0f};
  for (int s = 0; s < numSteps; ++s) {
    Step st{(Op)pick(15), pickWide()};
    // Most operands are recent values, so that chains form.
    auto recent = [&] { return std::max(0, (int)wide.size() - 1 - pick(4)); };
    switch (st.op) {
    case Op::Add: case Op::Sub: case Op::Mul: case Op::Max: case Op::Min:
      st.a = wide[recent()] ? recent() : pickWide();
      st.a = wide[st.a] ? st.a : pickWide();
      st.b = pick((int)wide.size());
      break;
    case Op::AddNumber: case Op::MulNumber:
      st.a = recent();
      st.number = numbers[pick(5)];
      break;
    case Op::Where:
      st.b = pick((int)wide.size());
      st.c = pickWide();  // the result is [R, C] through c
      st.d = pick((int)wide.size());
      p.compares = true;
      break;
    case Op::Exp: case Op::Tanh:
      st.a = recent();
      break;
    case Op::Bf16:  // eagerly a bf16 array, which must be whole tiles
      st.a = wide[recent()] ? recent() : pickWide();
      st.a = wide[st.a] ? st.a : pickWide();
      break;
    case Op::Sum: case Op::RowMax: case Op::ColMax:
      st.a = pickWide();
      st.number = (float)pick(2);  // Sum: 1 for sum(x, 1) reshaped to [R, 1] under jit
      break;
    case Op::Regroup:  // [R, C] as [R / 8, 8, C] and back: two bitcasts
      st.a = wide[recent()] ? recent() : pickWide();
      st.a = wide[st.a] ? st.a : pickWide();
      break;
    }
    bool w = st.op == Op::Sum || st.op == Op::RowMax || st.op == Op::ColMax ? false
             : st.op == Op::Where                    ? true
             : st.b >= 0                             ? wide[st.a] || wide[st.b]
                                                     : wide[st.a];
    // Row reductions give [R, 1]; a [1, C] row and an [R, 1] column never
    // meet (one operand of a binary op is always [R, C]).
    wide.push_back(w);
    p.steps.push_back(st);
  }
  return p;
}

/// The program on Arrays (under jit: tracers; eager: data).
Array build(const Program &p, std::vector<Array> v) {
  for (const Step &s : p.steps) {
    switch (s.op) {
    case Op::Add: v.push_back(v[s.a] + v[s.b]); break;
    case Op::Sub: v.push_back(v[s.a] - v[s.b]); break;
    case Op::Mul: v.push_back(v[s.a] * v[s.b]); break;
    case Op::Max: v.push_back(jnp::maximum(v[s.a], v[s.b])); break;
    case Op::Min: v.push_back(jnp::minimum(v[s.a], v[s.b])); break;
    case Op::AddNumber: v.push_back(v[s.a] + (double)s.number); break;
    case Op::MulNumber: v.push_back((double)s.number * v[s.a]); break;
    case Op::Where: v.push_back(jnp::where(v[s.a] < v[s.b], v[s.c], v[s.d])); break;
    case Op::Exp: v.push_back(jnp::exp(jnp::minimum(v[s.a], 4.0))); break;
    case Op::Tanh: v.push_back(jnp::tanh(v[s.a])); break;
    case Op::Bf16: v.push_back(jnp::astype(jnp::astype(v[s.a], jnp::bfloat16), jnp::float32)); break;
    case Op::Sum:
      // Under jit the rank-1 sum may be reshaped inside its fusion; eagerly
      // a rank-1 array cannot leave its one-op program.
      if (s.number != 0 && v[s.a].is_tracer())
        v.push_back(jnp::reshape(jnp::sum(v[s.a], 1), {v[s.a].shape()[0], 1}));
      else
        v.push_back(jnp::sum(v[s.a], 1, true));
      break;
    case Op::RowMax: v.push_back(jnp::max(v[s.a], 1, true)); break;
    case Op::ColMax: v.push_back(jnp::max(v[s.a], 0, true)); break;
    case Op::Regroup: {
      Shape shape = v[s.a].shape();
      v.push_back(jnp::reshape(jnp::reshape(v[s.a], {shape[0] / 8, 8, shape[1]}), shape));
      break;
    }
    }
  }
  // The result: the last value, made [R, C].
  return v.back() + v[0] * 0.0;
}

HostValue hostModel(const Program &p, std::vector<HostValue> v, int64_t R, int64_t C) {
  auto binary = [&](const HostValue &a, const HostValue &b, auto f) {
    HostValue r{std::max(a.rows, b.rows), std::max(a.cols, b.cols), {}};
    for (int64_t i = 0; i < r.rows; ++i)
      for (int64_t j = 0; j < r.cols; ++j)
        r.data.push_back(f(a.at(i, j), b.at(i, j)));
    return r;
  };
  auto unary = [&](const HostValue &a, auto f) {
    HostValue r = a;
    for (float &x : r.data)
      x = f(x);
    return r;
  };
  auto rowReduce = [&](const HostValue &a, vmath::ReduceKind kind) {
    HostValue r{R, 1, {}};
    for (int64_t i = 0; i < R; ++i)
      r.data.push_back(vmath::reduceAlongLanes(kind, &a.data[i * C], C));
    return r;
  };
  for (const Step &s : p.steps) {
    switch (s.op) {
    case Op::Add: v.push_back(binary(v[s.a], v[s.b], [](float a, float b) { return a + b; })); break;
    case Op::Sub: v.push_back(binary(v[s.a], v[s.b], [](float a, float b) { return a - b; })); break;
    case Op::Mul: v.push_back(binary(v[s.a], v[s.b], [](float a, float b) { return a * b; })); break;
    case Op::Max: v.push_back(binary(v[s.a], v[s.b], vmath::maxF)); break;
    case Op::Min: v.push_back(binary(v[s.a], v[s.b], vmath::minF)); break;
    case Op::AddNumber:
      v.push_back(unary(v[s.a], [&](float a) { return a + s.number; }));
      break;
    case Op::MulNumber:
      v.push_back(unary(v[s.a], [&](float a) { return s.number * a; }));
      break;
    case Op::Where: {
      HostValue r{R, C, {}};
      for (int64_t i = 0; i < R; ++i)
        for (int64_t j = 0; j < C; ++j)
          r.data.push_back(v[s.a].at(i, j) < v[s.b].at(i, j) ? v[s.c].at(i, j) : v[s.d].at(i, j));
      v.push_back(r);
      break;
    }
    case Op::Exp:
      v.push_back(unary(v[s.a], [](float a) { return vmath::exp(vmath::minF(a, 4.0f)); }));
      break;
    case Op::Tanh: v.push_back(unary(v[s.a], [](float a) { return vmath::tanh(a); })); break;
    case Op::Bf16: v.push_back(unary(v[s.a], vmath::roundBf16)); break;
    case Op::Sum: v.push_back(rowReduce(v[s.a], vmath::ReduceKind::Sum)); break;
    case Op::RowMax: v.push_back(rowReduce(v[s.a], vmath::ReduceKind::Max)); break;
    case Op::Regroup: v.push_back(v[s.a]); break;
    case Op::ColMax: {
      HostValue r{1, C, {}};
      for (int64_t j = 0; j < C; ++j)
        r.data.push_back(
            vmath::reduceAlongSublanes(vmath::ReduceKind::Max, &v[s.a].data[j], R, C));
      v.push_back(r);
      break;
    }
    }
  }
  return binary(v.back(), v[0], [](float a, float b) { return a + b * 0.0f; });
}

/// Bit-for-bit equality (NaN included); the first difference in the message.
testing::AssertionResult sameBits(const std::vector<float> &got, const std::vector<float> &want) {
  if (got.size() != want.size())
    return testing::AssertionFailure() << got.size() << " elements, want " << want.size();
  for (size_t i = 0; i < got.size(); ++i)
    if (std::memcmp(&got[i], &want[i], 4))
      return testing::AssertionFailure() << "element " << i << ": " << got[i] << ", want "
                                         << want[i];
  return testing::AssertionSuccess();
}

TEST(ArrayProgramDiff, GeneratedProgramsThreeWays) {
  uint32_t seed = 20260428;
  if (const char *s = std::getenv("TESSERA_ARRAY_DIFF_SEED"))
    seed = (uint32_t)std::atoi(s);
  std::mt19937 rng(seed);
  const int64_t C = 256;
  int fusedPrograms = 0, multiFusion = 0;
  for (int n = 0; n < 40; ++n) {
    int64_t R = n % 2 ? 64 : 32;
    Program p = generate(rng, 4 + (int)(rng() % 9));
    std::vector<float> xs = testutil::pattern(R * C, n), ys = testutil::pattern(R * C, n + 7),
                       bs = testutil::pattern(C, n + 3);
    auto x = Array::from_f32(xs, {R, C}), y = Array::from_f32(ys, {R, C}),
         b = Array::from_f32(bs, {1, C});
    std::vector<float> want =
        hostModel(p, {{R, C, xs}, {R, C, ys}, {1, C, bs}}, R, C).data;
    SCOPED_TRACE(testing::Message() << "seed " << seed << ", program " << n << " ("
                                    << p.steps.size() << " steps)");
    ArrayFn fn = [&p](const std::vector<Array> &a) { return build(p, a); };
    Compiled c = detail::compileFn(fn, {x, y, b}, std::source_location::current());
    auto out = c.run({x, y, b});
    ASSERT_TRUE(out.ok()) << out.status().message();
    EXPECT_TRUE(sameBits(out->front().to_f32(), want)) << "compiled\n" << c.hlo();
    ++fusedPrograms;
    multiFusion += c.program().calls.size() > 1;
    {
      pltpu::force_tpu_interpret_mode(true);
      Compiled i = detail::compileFn(fn, {x, y, b}, std::source_location::current());
      auto again = i.run({x, y, b});
      pltpu::force_tpu_interpret_mode(false);
      ASSERT_TRUE(again.ok()) << again.status().message();
      EXPECT_TRUE(sameBits(again->front().to_f32(), want)) << "interpreted";
    }
    if (!p.compares)
      EXPECT_TRUE(sameBits(build(p, {x, y, b}).to_f32(), want)) << "eager";
  }
  // The set exercises both decisions: one fusion, and several.
  EXPECT_EQ(fusedPrograms, 40);
  EXPECT_GT(multiFusion, 2);
  EXPECT_LT(multiFusion, 40);
}

}  // namespace
}  // namespace tessera
