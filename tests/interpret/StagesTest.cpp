//===- StagesTest.cpp - The interpreter on every stage of kernel IR --------===//
//
// The interpreter runs kernel IR of any stage, so the compiler's own
// stages check it and it checks them: the traced kernel, the tile IR
// (packed tiles, MXU weights and passes, sublane extracts, transposed
// tiles) and the optimized IR with its run-time checks all give the
// compiled program's outputs. The library API is also used directly here,
// on IR text, including kernels it must reject with an error.
//
//===----------------------------------------------------------------------===//
#include <cmath>
#include <cstring>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dsl/tessera.h"
#include "interpret/Interpreter.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Transforms/TesseraPasses.h"

namespace tessera {
namespace {

using testing::HasSubstr;

uint32_t lcg(uint32_t &s) { return s = s * 1664525u + 1013904223u; }

std::vector<float> values(int64_t n, uint32_t seed) {
  std::vector<float> v(n);
  for (float &x : v)
    x = std::ldexp((float)(int32_t)(lcg(seed) >> 8) / (float)(1 << 23) - 1.0f,
                   (int)(lcg(seed) >> 29) - 3);
  return v;
}

/// An array's elements as runtime::Host reads them (interpret::HostArray).
interpret::HostArray hostOf(const Array &a) {
  interpret::HostArray h{a.aval(), {}};
  if (a.dtype() == DType::float32 || a.dtype() == DType::bfloat16) {
    for (float f : a.to_f32()) {
      uint32_t w;
      std::memcpy(&w, &f, 4);
      h.words.push_back(a.dtype() == DType::bfloat16 ? w >> 16 : w);
    }
  } else {
    for (int32_t i : a.to_s32())
      h.words.push_back((uint32_t)i);
  }
  return h;
}

bool sameWord(uint32_t a, uint32_t b, DType dt) {
  if (a == b)
    return true;
  if (!isFloat(dt))
    return false;
  if (dt == DType::bfloat16)
    a <<= 16, b <<= 16;
  float fa, fb;
  std::memcpy(&fa, &a, 4);
  std::memcpy(&fb, &b, 4);
  return std::isnan(fa) && std::isnan(fb);
}

/// Interprets the kernel IR of `stage` of `c` on `args`.
absl::StatusOr<interpret::HostArray> runStage(const Compiled &c, const std::string &stage,
                                              const std::vector<Array> &args,
                                              const ShapeDtypeStruct &out) {
  mlir::MLIRContext &ctx = mlir::tessera::getProcessContext();
  ctx.getOrLoadDialect<mlir::math::MathDialect>();
  auto module = mlir::parseSourceString<mlir::ModuleOp>(c.ir(stage), &ctx);
  if (!module)
    return absl::InternalError("stage " + stage + " does not parse");
  interpret::KernelArgs k;
  for (const Array &a : args)
    k.inputs.push_back(hostOf(a));
  k.outputs.push_back({out, {}});
  if (auto st = interpret::run(*module, k, {}); !st.ok())
    return st;
  return k.outputs.front();
}

/// Every stage interpreted gives the compiled program's output.
void expectStagesAgree(const Compiled &c, const std::vector<Array> &args) {
  Array compiled = args.size() == 1 ? c(args[0]) : c(args[0], args[1]);
  interpret::HostArray want = hostOf(compiled);
  for (const char *stage : {"kernel", "pipelined", "tiles", "optimized"}) {
    auto got = runStage(c, stage, args, compiled.aval());
    ASSERT_TRUE(got.ok()) << stage << ": " << got.status().message();
    ASSERT_EQ(got->words.size(), want.words.size());
    for (size_t k = 0; k < want.words.size(); ++k)
      ASSERT_TRUE(sameWord(got->words[k], want.words[k], compiled.dtype()))
          << stage << ": element " << k << " interpreted 0x" << std::hex << got->words[k]
          << ", compiled 0x" << want.words[k];
  }
}

ShapeDtypeStruct sds(int64_t r, int64_t c, DType dt) { return {{r, c}, dt}; }

TEST(InterpretStages, VectorMathAndLayoutOps) {
  Array x = Array::from_f32(values(16 * 256, 1), {16, 256});
  auto f = pl::pallas_call(
      [](Ref x, Ref o) {
        Value v = x[___];
        Value r = pltpu::roll(v, 3, 1) + pltpu::roll(v, 5, 0) + jnp::max(v, 1, true);
        o[___] =
            jnp::exp(r) / (jnp::sum(v, 0, true) + 2.0) + lax::logistic(v) + pl::reciprocal(v + 3.0);
      },
      {.out_shape = sds(16, 256, DType::float32), .name = "math"});
  expectStagesAgree(compile([&](const Array &a) { return f(a); }, x), {x});
}

TEST(InterpretStages, PackedDtypesAndBitcasts) {
  Array x = Array::from_f32(values(32 * 256, 2), {32, 256}, DType::bfloat16);
  auto f = pl::pallas_call(
      [](Ref x, Ref o) {
        Value v = x[___];
        Value i8 = pltpu::bitcast(v, DType::int8);
        o[___] = (v * 3.0 + pltpu::bitcast(i8 + 1, DType::bfloat16))
                     .astype(DType::float32)
                     .astype(DType::bfloat16);
      },
      {.out_shape = sds(32, 256, DType::bfloat16), .name = "packed"});
  expectStagesAgree(compile([&](const Array &a) { return f(a); }, x), {x});
}

TEST(InterpretStages, MxuPassesOfEachDtype) {
  Array a = Array::from_f32(values(16 * 256, 3), {16, 256});
  Array b = Array::from_f32(values(256 * 256, 4), {256, 256});
  for (auto precision : {lax::Precision::DEFAULT, lax::Precision::HIGHEST}) {
    auto f = pl::pallas_call(
        [precision](Ref x, Ref y, Ref o) {
          o[___] =
              jnp::dot(x[___], y[___], {.precision = precision}) +
              pl::dot(x[___].astype(DType::bfloat16), y[___].astype(DType::bfloat16), false, true);
        },
        {.out_shape = sds(16, 256, DType::float32), .name = "dots"});
    expectStagesAgree(compile([&](const Array &p, const Array &q) { return f(p, q); }, a, b),
                      {a, b});
  }
  std::vector<int32_t> i(32 * 256), j(256 * 128);
  uint32_t s = 5;
  for (int32_t &v : i)
    v = (int32_t)(lcg(s) >> 24) - 128;
  for (int32_t &v : j)
    v = (int32_t)(lcg(s) >> 24) - 128;
  Array p = Array::from_s32(i, {32, 256}, DType::int8),
        q = Array::from_s32(j, {256, 128}, DType::int8);
  auto g = pl::pallas_call(
      [](Ref x, Ref y, Ref o) {
        o[___] = jnp::dot(x[___], y[___], {.preferred_element_type = DType::int32});
      },
      {.out_shape = sds(32, 128, DType::int32), .name = "int8_dot"});
  expectStagesAgree(compile([&](const Array &x, const Array &y) { return g(x, y); }, p, q), {p, q});
}

TEST(InterpretStages, TransposeAndGridWithChecks) {
  Array x = Array::from_f32(values(256 * 384, 6), {256, 384});
  auto f = pl::pallas_call([](Ref x, Ref o) { o[___] = x[___].T() * 2.0; },
                           {.out_shape = sds(384, 256, DType::float32),
                            .grid = {3, 2},
                            .in_specs = {pl::BlockSpec({128, 128},
                                                       [](Scalar i, Scalar j) {
                                                         return std::tuple{j, i};
                                                       })},
                            .out_specs = {pl::BlockSpec({128, 128},
                                                        [](Scalar i, Scalar j) {
                                                          return std::tuple{i, j};
                                                        })},
                            .name = "transpose"});
  expectStagesAgree(compile([&](const Array &a) { return f(a); }, x), {x});
}

//===----------------------------------------------------------------------===//
// The library API on IR text
//===----------------------------------------------------------------------===//

absl::Status runText(const std::string &ir, interpret::KernelArgs &args,
                     const interpret::Options &options = {}) {
  mlir::MLIRContext &ctx = mlir::tessera::getProcessContext();
  auto module = mlir::parseSourceString<mlir::ModuleOp>(ir, &ctx);
  if (!module)
    return absl::InternalError("does not parse");
  return interpret::run(*module, args, options);
}

const char *kSpin = R"mlir(
func.func @spin(%x: memref<8x128xf32, #tessera.memory_space<any>>,
                %o: memref<8x128xf32, #tessera.memory_space<any>>)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64,
                tessera.num_scalar_inputs = 0 : i64} {
  %c0 = arith.constant 0 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %t = arith.constant true
    scf.condition(%t) %i : i32
  } do {
  ^bb0(%j: i32):
    %one = arith.constant 1 : i32
    %n = arith.addi %j, %one : i32
    scf.yield %n : i32
  } loc("spin.cc":9:3)
  return
}
)mlir";

TEST(InterpretApi, AKernelThatNeverEndsStops) {
  interpret::KernelArgs args;
  args.inputs.push_back({sds(8, 128, DType::float32), std::vector<uint32_t>(1024, 0)});
  args.outputs.push_back({sds(8, 128, DType::float32), {}});
  interpret::Options options;
  options.maxOps = 1000;
  EXPECT_THAT(std::string(runText(kSpin, args, options).message()),
              HasSubstr("kernel 'spin' did not finish within 1000 interpreted ops"));
}

const char *kWaitWithoutStart = R"mlir(
func.func @k(%x: memref<8x128xf32, #tessera.memory_space<any>>,
             %o: memref<8x128xf32, #tessera.memory_space<any>>,
             %v: memref<8x128xf32, #tessera.memory_space<vmem>>,
             %s: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64,
                tessera.num_scalar_inputs = 0 : i64} {
  tessera.dma_wait %x, %v, %s : memref<8x128xf32, #tessera.memory_space<any>>,
      memref<8x128xf32, #tessera.memory_space<vmem>>,
      memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> loc("w.cc":7:3)
  return
}
)mlir";

TEST(InterpretApi, BadKernelsAndArgumentsAreErrors) {
  interpret::KernelArgs args;
  args.inputs.push_back({sds(8, 128, DType::float32), std::vector<uint32_t>(1024, 0)});
  args.outputs.push_back({sds(8, 128, DType::float32), {}});
  EXPECT_EQ(
      runText(kWaitWithoutStart, args).message(),
      "w.cc:7: the DMA wait for 4096 bytes on semaphore arg3 can never be satisfied: it holds "
      "0 bytes and no DMA in flight signals it");
  // The wrong number of elements for an input.
  args.inputs[0].words.resize(10);
  EXPECT_THAT(std::string(runText(kWaitWithoutStart, args).message()),
              HasSubstr("input 0 of kernel 'k' has 10 elements; the kernel takes 1024"));
  // The wrong number of operands.
  args.inputs.clear();
  EXPECT_THAT(std::string(runText(kWaitWithoutStart, args).message()),
              HasSubstr("takes 1 inputs and 1 outputs, got 0 and 1"));
}

} // namespace
} // namespace tessera
