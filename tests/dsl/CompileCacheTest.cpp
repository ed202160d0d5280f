//===- CompileCacheTest.cpp - The compile cache and the IR stages ---------===//
//
// The cache is keyed by the traced kernel IR with its source positions
// (compared structurally, never printed): the same kernel again is a hit,
// the same IR from other lines or with other switches is another binary.
// The IR stages are printed only when Compiled::ir asks, and say what the
// eagerly printed stages said.
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
  EXPECT_NE(c1.listing().find("CompileCacheTest.cpp:59"), std::string::npos) << c1.listing();
  EXPECT_NE(c2.listing().find("CompileCacheTest.cpp:64"), std::string::npos) << c2.listing();
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

}  // namespace
}  // namespace tessera
