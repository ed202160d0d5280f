//===- CompileCacheTest.cpp - The compile cache and the IR stages ---------===//
//
// The cache is keyed by the traced kernel IR with its source positions
// (compared structurally, never printed): the same kernel again is a hit,
// the same IR from other lines or with other switches is another binary.
// The IR stages are printed only when Compiled::ir asks, and say what the
// eagerly printed stages said. The cache is bounded (driver/CompileCache.h):
// it keeps the most recently used kernels up to its capacity and forgets
// the least recently used; clear_compile_cache() forgets them all.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include "dsl/tessera.h"

namespace tessera {
namespace {

pl::KernelSpec spec(bool checks = false) {
  return {.out_type = ShapeDtypeStruct{{8, 128}, DType::float32},
          .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA},
          .name = "twice",
          .compiler_params = {.disable_bounds_checks = !checks,
                              .disable_semaphore_checks = !checks}};
}

const auto body = [](Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
  pltpu::async_copy(x_hbm, v, sem).wait();
  v[___] = v[___] * 2.0;
  pltpu::async_copy(v, o_hbm, sem).wait();
};

const runtime::KernelBinary *binaryOf(const Compiled &c) {
  return c.program().calls.at(0).kernel.get();
}

Compiled compileKernel(const pl::Kernel &k, const Array &x) {
  return compile([&](const Array &a) { return k(a); }, x);
}

pl::Kernel makeKernel() { return pl::kernel(spec(), body); }

TEST(CompileCache, TheSameKernelAgainIsAHit) {
  Array x = jnp::zeros({8, 128});
  pl::Kernel k = makeKernel();
  Compiled c1 = compileKernel(k, x), c2 = compileKernel(k, x);
  EXPECT_EQ(binaryOf(c1), binaryOf(c2));
  // A new Kernel object from the same pl::kernel call: the same IR.
  EXPECT_EQ(binaryOf(compileKernel(makeKernel(), x)), binaryOf(c1));
  // The same body from another pl::kernel call: the kernel's position
  // differs, so does the binary.
  EXPECT_NE(binaryOf(compileKernel(pl::kernel(spec(), body), x)), binaryOf(c1));
}

TEST(CompileCache, TheSameIrFromOtherLinesIsAnotherBinary) {
  Array x = jnp::zeros({8, 128});
  // Two bodies that trace to the same ops, on different lines: the
  // listings name different lines, so they must not share a binary.
  auto first = pl::kernel(spec(), [](Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
    pltpu::async_copy(x_hbm, v, sem).wait();
    v[___] = v[___] * 2.0;
    pltpu::async_copy(v, o_hbm, sem).wait();
  });
  auto second = pl::kernel(spec(), [](Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
    pltpu::async_copy(x_hbm, v, sem).wait();
    v[___] = v[___] * 2.0;
    pltpu::async_copy(v, o_hbm, sem).wait();
  });
  Compiled c1 = compileKernel(first, x), c2 = compileKernel(second, x);
  EXPECT_NE(binaryOf(c1), binaryOf(c2));
  EXPECT_EQ(c1.ir("optimized"), c2.ir("optimized"));  // printed without locations
  EXPECT_NE(c1.listing(), c2.listing());
  EXPECT_NE(c1.listing().find("CompileCacheTest.cpp:61"), std::string::npos) << c1.listing();
  EXPECT_NE(c2.listing().find("CompileCacheTest.cpp:66"), std::string::npos) << c2.listing();
}

TEST(CompileCache, SwitchesAreKeys) {
  Array x = jnp::zeros({8, 128});
  pl::Kernel plain = pl::kernel(spec(false), body), checked = pl::kernel(spec(true), body);
  Compiled c1 = compileKernel(plain, x), c2 = compileKernel(checked, x);
  EXPECT_NE(binaryOf(c1), binaryOf(c2));
  // Same body lines, but the checks are compiled in: more code.
  EXPECT_GT(binaryOf(c2)->executable.numBundles(), binaryOf(c1)->executable.numBundles());
}

TEST(CompileCache, OtherShapesAreAnotherBinary) {
  pl::Kernel k = pl::kernel(spec(), body);
  Array x = jnp::zeros({8, 128});
  auto wide = pl::kernel(
      {.out_type = ShapeDtypeStruct{{16, 128}, DType::float32},
       .scratch_types = {pltpu::VMEM({16, 128}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "twice",
       .compiler_params = {.disable_bounds_checks = true, .disable_semaphore_checks = true}},
      body);
  EXPECT_NE(binaryOf(compileKernel(k, x)), binaryOf(compileKernel(wide, jnp::zeros({16, 128}))));
}

TEST(CompileCache, ArraysHeldInTheSameMemoryAreAnotherBinary) {
  // int8[276] and int8[307] are both three rows of 128 in memory, and a
  // pallas_call over either traces to the same kernel IR: the arrays' own
  // types are part of the key (a hit once returned the binary compiled for
  // the other, which refused the arguments).
  auto twice = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 3 - 1; },
                               {.out_shape = ShapeDtypeStruct{{276}, DType::int8}});
  auto again = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 3 - 1; },
                               {.out_shape = ShapeDtypeStruct{{307}, DType::int8}});
  for (int64_t n : {276, 307}) {
    std::vector<int32_t> v(n), want(n);
    for (int64_t i = 0; i < n; ++i) {
      v[i] = int32_t(i % 40) - 20;
      want[i] = v[i] * 3 - 1;
    }
    Array x = Array::from_s32(v, {n}, DType::int8);
    EXPECT_EQ((n == 276 ? twice : again)(x).to_s32(), want) << n;
  }
}

TEST(IrStages, PrintedWhenAskedForAndTheSameEachTime) {
  Array x = jnp::zeros({8, 128});
  pl::Kernel k = pl::kernel(spec(), body);
  Compiled c = compileKernel(k, x);
  EXPECT_TRUE(binaryOf(c)->stages.empty()) << "stages are printed only on demand";
  std::string kernel = c.ir("kernel"), tiles = c.ir("tiles"), optimized = c.ir("optimized"),
              machine = c.ir("machine");
  EXPECT_NE(kernel.find("func.func"), std::string::npos) << kernel;
  EXPECT_NE(optimized.find("tessera."), std::string::npos) << optimized;
  EXPECT_NE(machine.find("vmul.f32"), std::string::npos) << machine;
  EXPECT_NE(kernel, optimized);
  EXPECT_EQ(c.ir("machine"), machine);
  // After printing, the cache still hits and the binary still runs.
  EXPECT_EQ(binaryOf(compileKernel(k, x)), binaryOf(c));
  EXPECT_EQ(c(jnp::arange(8 * 128, jnp::float32).reshape({8, 128})).to_f32().at(3), 6.0f);
  EXPECT_THROW(c.ir("nonsense"), Error);
}

/// The bound of the cache: each test starts from an empty cache of the
/// capacity it sets and leaves the default capacity behind.
class CompileCacheBound : public ::testing::Test {
protected:
  void SetUp() override { clear_compile_cache(); }
  void TearDown() override {
    set_compile_cache_capacity(kDefaultCompileCacheCapacity);
    set_compile_cache_byte_capacity(kDefaultCompileCacheBytes);
    clear_compile_cache();
  }
  Array x = jnp::zeros({8, 128});
};

/// One pl::kernel line, a new kernel IR for each `factor` (a constant).
pl::Kernel scaleBy(double factor) {
  return pl::kernel(spec(), [factor](Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
    pltpu::async_copy(x_hbm, v, sem).wait();
    v[___] = v[___] * factor;
    pltpu::async_copy(v, o_hbm, sem).wait();
  });
}

TEST_F(CompileCacheBound, StartsAtTheDefaultCapacity) {
  EXPECT_EQ(compile_cache_capacity(), kDefaultCompileCacheCapacity);
  EXPECT_EQ(compile_cache_byte_capacity(), kDefaultCompileCacheBytes);
  EXPECT_EQ(compile_cache_size(), 0u);
  EXPECT_EQ(compile_cache_bytes(), 0u);
}

/// A kernel of `rows` rows of x * factor (16 tiles a 128 rows: its code
/// and program grow with the rows).
pl::Kernel scaleRows(int64_t rows, double factor) {
  ShapeDtypeStruct type{{rows, 128}, DType::float32};
  return pl::kernel({.out_type = type,
                     .scratch_types = {pltpu::VMEM(type.shape, type.dtype),
                                       pltpu::SemaphoreType::DMA}},
                    [factor](Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
                      pltpu::async_copy(x_hbm, v, sem).wait();
                      v[___] = v[___] * factor;
                      pltpu::async_copy(v, o_hbm, sem).wait();
                    });
}

// The byte bound: bigger kernels hold more bytes (the estimate grows with
// their code); entries beyond the bound are forgotten least recently used
// first, the most recent always stays; clear gives the bytes back.
TEST_F(CompileCacheBound, TheByteBoundForgetsTheLeastRecentlyUsed) {
  Array big = jnp::zeros({4096, 128});
  compileKernel(scaleBy(2.0), x);
  size_t small = compile_cache_bytes();
  EXPECT_GT(small, 1000u);
  Compiled b1 = compileKernel(scaleRows(4096, 2.0), big);
  size_t one = compile_cache_bytes() - small;
  EXPECT_GT(one, 20 * small) << "512 tiles hold far more than one";
  // Room for two big kernels and the small one: a third big one evicts the
  // small one (least recently used), then the first big one.
  set_compile_cache_byte_capacity(2 * one + small + one / 2);
  Compiled b2 = compileKernel(scaleRows(4096, 3.0), big);
  EXPECT_EQ(compile_cache_size(), 3u);
  compileKernel(scaleRows(4096, 4.0), big);
  EXPECT_EQ(compile_cache_size(), 2u);
  EXPECT_LE(compile_cache_bytes(), compile_cache_byte_capacity());
  EXPECT_NE(binaryOf(compileKernel(scaleRows(4096, 2.0), big)), binaryOf(b1)) << "evicted";
  // A bound below one kernel keeps just the most recent.
  set_compile_cache_byte_capacity(1);
  EXPECT_EQ(compile_cache_size(), 1u);
  Compiled again = compileKernel(scaleRows(4096, 2.0), big);
  EXPECT_EQ(binaryOf(compileKernel(scaleRows(4096, 2.0), big)), binaryOf(again));
  clear_compile_cache();
  EXPECT_EQ(compile_cache_bytes(), 0u);
}

TEST_F(CompileCacheBound, AHitAddsNoEntry) {
  pl::Kernel k = scaleBy(2.0);
  Compiled c1 = compileKernel(k, x);
  EXPECT_EQ(compile_cache_size(), 1u);
  Compiled c2 = compileKernel(k, x);
  EXPECT_EQ(binaryOf(c1), binaryOf(c2));
  EXPECT_EQ(compile_cache_size(), 1u);
}

TEST_F(CompileCacheBound, ClearEmptiesItAndTheNextCallCompilesAgain) {
  pl::Kernel k = scaleBy(2.0);
  Compiled before = compileKernel(k, x);
  ASSERT_EQ(compile_cache_size(), 1u);
  clear_compile_cache();
  EXPECT_EQ(compile_cache_size(), 0u);
  // `before` holds its binary, so a new one cannot reuse its address.
  Compiled after = compileKernel(k, x);
  EXPECT_NE(binaryOf(after), binaryOf(before));
  EXPECT_EQ(compile_cache_size(), 1u);
  // The forgotten binary still runs and still prints its stages.
  EXPECT_EQ(before(jnp::arange(8 * 128, jnp::float32).reshape({8, 128})).to_f32().at(3), 6.0f);
  EXPECT_EQ(before.ir("machine"), after.ir("machine"));
}

TEST_F(CompileCacheBound, MoreKernelsThanTheCapacityKeepItAtTheCapacity) {
  set_compile_cache_capacity(3);
  for (int i = 0; i < 7; ++i) {
    compileKernel(scaleBy(1.0 + i), x);
    EXPECT_EQ(compile_cache_size(), std::min<size_t>(i + 1, 3)) << "after kernel " << i;
  }
}

TEST_F(CompileCacheBound, TheLeastRecentlyUsedIsForgottenFirst) {
  set_compile_cache_capacity(2);
  pl::Kernel a = scaleBy(2.0), b = scaleBy(3.0), c = scaleBy(4.0);
  Compiled a1 = compileKernel(a, x), b1 = compileKernel(b, x);
  // Using `a` again makes `b` the least recently used: `c` evicts it.
  EXPECT_EQ(binaryOf(compileKernel(a, x)), binaryOf(a1));
  compileKernel(c, x);
  EXPECT_EQ(compile_cache_size(), 2u);
  EXPECT_EQ(binaryOf(compileKernel(a, x)), binaryOf(a1)) << "the most recently used survives";
  EXPECT_NE(binaryOf(compileKernel(b, x)), binaryOf(b1)) << "the least recently used is gone";
}

TEST_F(CompileCacheBound, ALowerCapacityForgetsTheLeastRecentlyUsedNow) {
  pl::Kernel a = scaleBy(2.0), b = scaleBy(3.0);
  Compiled b1 = compileKernel(b, x), a1 = compileKernel(a, x);
  ASSERT_EQ(compile_cache_size(), 2u);
  set_compile_cache_capacity(1);
  EXPECT_EQ(compile_cache_size(), 1u);
  EXPECT_EQ(binaryOf(compileKernel(a, x)), binaryOf(a1));
  EXPECT_NE(binaryOf(compileKernel(b, x)), binaryOf(b1));
}

TEST_F(CompileCacheBound, CapacityZeroCompilesEveryCallAndKeepsNothing) {
  compileKernel(scaleBy(2.0), x);
  set_compile_cache_capacity(0);
  EXPECT_EQ(compile_cache_size(), 0u);
  pl::Kernel k = scaleBy(2.0);
  Compiled c1 = compileKernel(k, x), c2 = compileKernel(k, x);
  EXPECT_NE(binaryOf(c1), binaryOf(c2));
  EXPECT_EQ(compile_cache_size(), 0u);
  EXPECT_EQ(c2(jnp::arange(8 * 128, jnp::float32).reshape({8, 128})).to_f32().at(3), 6.0f);
}

// Pallas' kernel trace cache (a weakref_lru_cache on the kernel function):
// a kernel (and a pallas_call) called again on arrays of the same types
// runs the binary traced then, its copies too; what the body read while
// tracing is baked in; other types trace again, and so does a call after
// the compile cache forgot the binary.
TEST_F(CompileCacheBound, AKernelTracesOncePerSignature) {
  int traces = 0;
  double factor = 2.0;
  pl::Kernel k = pl::kernel(spec(), [&](Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
    ++traces;
    pltpu::async_copy(x_hbm, v, sem).wait();
    v[___] = v[___] * factor;
    pltpu::async_copy(v, o_hbm, sem).wait();
  });
  Array ones = jnp::ones({8, 128});
  EXPECT_EQ(k(ones).to_f32().at(5), 2.0f);
  factor = 3.0;  // read at the trace: the kept binary multiplies by 2
  pl::Kernel copy = k;
  EXPECT_EQ(copy(ones).to_f32().at(5), 2.0f);
  Compiled c = compileKernel(k, x);
  EXPECT_EQ(traces, 1);
  EXPECT_EQ(k.cache_size(), 1u);
  EXPECT_EQ(compile_cache_size(), 1u);
  // Another dtype: a new trace (which reads the factor now).
  Array ints = jnp::ones({8, 128}, jnp::int32);
  EXPECT_THROW(k(ints), Error);  // the f32 scratch does not take int32
  EXPECT_EQ(traces, 2);
  EXPECT_EQ(k.cache_size(), 1u) << "a trace that failed is not kept";
  clear_compile_cache();
  EXPECT_EQ(k.cache_size(), 0u);
  EXPECT_EQ(k(ones).to_f32().at(5), 3.0f);
  EXPECT_EQ(traces, 3);
  // Interpret mode traces every call (its binaries are not compiled).
  pltpu::force_tpu_interpret_mode(pltpu::Interpret(true));
  EXPECT_EQ(k(ones).to_f32().at(5), 3.0f);
  EXPECT_EQ(k(ones).to_f32().at(5), 3.0f);
  pltpu::force_tpu_interpret_mode({});
  EXPECT_EQ(traces, 5);
  EXPECT_EQ(k(ones).to_f32().at(5), 3.0f);
  EXPECT_EQ(traces, 5);
  EXPECT_NE(binaryOf(c), binaryOf(compileKernel(k, x)));

  int gridTraces = 0;
  auto scale = pl::pallas_call(
      [&](Ref x_ref, Ref o_ref) {
        ++gridTraces;
        o_ref[___] = x_ref[___] * 3 - 1;
      },
      {.out_shape = ShapeDtypeStruct{{32, 128}, DType::float32},
       .grid = {4},
       .in_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })},
       .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })}});
  Array y = jnp::ones({32, 128});
  EXPECT_EQ(scale(y).to_f32().at(31 * 128), 2.0f);
  EXPECT_EQ(scale(y).to_f32().at(31 * 128), 2.0f);
  EXPECT_EQ(gridTraces, 1);
  EXPECT_EQ(scale(jnp::ones({64, 128})).to_f32().size(), 32u * 128u) << "4 blocks of 64 rows";
  EXPECT_EQ(gridTraces, 2);
}

}  // namespace
}  // namespace tessera
