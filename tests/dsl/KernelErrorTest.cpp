//===- KernelErrorTest.cpp - User errors name the user's line -------------===//
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <iostream>

#include "dsl/tessera.h"
#include "tests/dsl/DslTestUtil.h"

namespace tessera {
namespace {

using testing::AllOf;
using testing::HasSubstr;

using namespace testutil;

TEST(KernelErrors, DmaShapeMismatch) {
  Array x = jnp::zeros({16, 128});
  std::string line = here(5);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = f32(16, 128),
                .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA}},
               [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
                 pltpu::async_copy(x_hbm, x_vmem, sem).wait();
               })(x);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": async_copy"), HasSubstr("shape [16, 128]"),
                         HasSubstr("shape [8, 128]")));
}

TEST(KernelErrors, StoreOfWrongDtype) {
  Array x = Array::from_s32(std::vector<int32_t>(8 * 128, 1), {8, 128});
  std::string line = here(7);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = ShapeDtypeStruct{{8, 128}, DType::int32},
                .scratch_types = {pltpu::VMEM({8, 128}, DType::int32),
                                  pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA}},
               [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref f_vmem, Ref sem) {
                 pltpu::async_copy(x_hbm, x_vmem, sem).wait();
                 f_vmem[___] = x_vmem[___];
               })(x);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ":"), HasSubstr("dtype s32"), HasSubstr("dtype f32")));
}

TEST(KernelErrors, VmemScratchOver16MiB) {
  Array x = jnp::zeros({8, 128});
  std::string line = here(2);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 128),
                .scratch_types = {pltpu::VMEM({8192, 512}, DType::float32),
                                  pltpu::VMEM({8, 128}, DType::float32)}},
               [](Ref, Ref, Ref, Ref) {})(x);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ":"), HasSubstr("16781312 bytes of VMEM"),
                         HasSubstr("16777216 bytes (16 MiB)")));
}

TEST(KernelErrors, SliceOutOfRange) {
  Array x = jnp::zeros({16, 128});
  std::string line = here(5);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = f32(16, 128),
                .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA}},
               [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
                 pltpu::async_copy(x_hbm.at(pl::ds(12, 8)), x_vmem, sem).wait();
               })(x);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ":"), HasSubstr("[12, 20)"),
                         HasSubstr("outside [0, 16)"), HasSubstr("'in0'")));
}

TEST(KernelErrors, VectorReadOfHbm) {
  Array x = jnp::zeros({8, 128});
  std::string line = here(4);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 128), .arg_names = {"x_hbm", "o_hbm"}},
               [](Ref x_hbm, Ref o_hbm) {
                 Value v = x_hbm[___];
               })(x);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": Ref 'x_hbm' is in ANY (HBM)"),
                         HasSubstr("only VMEM")));
}

TEST(KernelErrors, RefUsedOutsideItsKernel) {
  Array x = jnp::zeros({8, 128});
  Ref leaked;
  pl::kernel({.out_type = f32(8, 128),
              .scratch_types = {pltpu::VMEM({8, 128}, DType::float32)},
              .arg_names = {"x_hbm", "o_hbm", "x_vmem"}},
             [&](Ref, Ref, Ref x_vmem) { leaked = x_vmem; })(x);
  std::string line = here(1);
  std::string msg = errorOf([&] { Value v = leaked[___]; });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": Ref 'x_vmem' is used outside the kernel")));
}

TEST(KernelErrors, OperandShapesDiffer) {
  Array x = jnp::zeros({16, 128});
  std::string line = here(7);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = f32(16, 128),
                .scratch_types = {pltpu::VMEM({16, 128}, DType::float32)}},
               [](Ref, Ref, Ref v) {
                 Value top = v[pl::slice(0, 8)];
                 Value all = v[___];
                 v[___] = all + top;
               })(x);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": operands of +"), HasSubstr("[16, 128] and [8, 128]")));
}

TEST(KernelErrors, BodyArityMismatch) {
  Array x = jnp::zeros({8, 128});
  std::string line = here(2);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 128), .scratch_types = {pltpu::SemaphoreType::DMA}},
               [](Ref, Ref) {})(x);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": the kernel body takes 2 Refs"),
                         HasSubstr("= 3")));
}

TEST(KernelErrors, NonTileInput) {
  Array x = jnp::zeros({4, 128});
  std::string line = here(2);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 128)}, [](Ref, Ref) {})(x);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": input 0 has shape [4, 128]"),
                         HasSubstr("whole (8, 128) tiles")));
}

TEST(KernelErrors, BackendErrorsNameTheLineWithoutMlirNames) {
  Array x = jnp::zeros({16, 256});
  std::string line = here(7);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 256),
                .scratch_types = {pltpu::VMEM({16, 256}, DType::float32),
                                  pltpu::VMEM({8, 256}, DType::float32), pltpu::SemaphoreType::DMA}},
               [](Ref x_hbm, Ref o_hbm, Ref v, Ref w, Ref sem) {
                 pltpu::async_copy(x_hbm, v, sem).wait();
                 w[___] = v[pl::ds(4, 8)];
                 pltpu::async_copy(w, o_hbm, sem).wait();
               })(x);
  });
  EXPECT_EQ(msg, line + ": rows [4, 12) cross a tile boundary of a Ref with several column "
                        "tiles; start the window at a multiple of 8 rows");
  line = here(5);
  msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 256),
                .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA}},
               [](Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
                 pltpu::async_copy(x_hbm.at(pl::ds(0, 8), pl::ds(64, 128)), v, sem).wait();
               })(x);
  });
  EXPECT_EQ(msg, line + ": DMA windows must start and end at multiples of 128 columns");
}

TEST(KernelErrors, IntValueWithAFractionalScalar) {
  Array x = Array::from_s32(std::vector<int32_t>(8 * 128, 1), {8, 128});
  std::string line = here(4);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = ShapeDtypeStruct{{8, 128}, DType::int32},
                .scratch_types = {pltpu::VMEM({8, 128}, DType::int32)}},
               [](Ref, Ref, Ref v) { v[___] = v[___] * 2.5; })(x);
  });
  EXPECT_EQ(msg, line + ": cannot combine an int32 value with the scalar 2.5; use an integer");
}

TEST(RuntimeErrors, ZerosLargerThanHbmIsAnErrorNotBadAlloc) {
  // 40 GiB: more than the chip's 32 GiB, checked before any host memory.
  std::string line = here(1);
  std::string msg = errorOf([] { jnp::zeros({10ll << 30, 1}); });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": jnp.zeros: f32[10737418240,1] needs 42949672960 "
                                          "bytes"),
                         HasSubstr("more than the 34359738368 bytes (32 GiB) of HBM")));
  // 30 GiB fits an empty chip: zero-filled without a 30 GiB host vector.
  {
    Array big = jnp::zeros({30ll << 28, 1});  // 30 GiB of f32
    EXPECT_EQ(big.size(), 30ll << 28);
    // A second one no longer fits next to it.
    line = here(1);
    msg = errorOf([] { jnp::zeros({30ll << 28, 1}); });
    EXPECT_THAT(msg, HasSubstr(line + ": jnp.zeros: HBM of chip 0 is full"));
  }
  // Freed again: small arrays still work, and zeros are zeros.
  EXPECT_EQ(jnp::zeros({8, 128}).to_f32(), std::vector<float>(8 * 128, 0.0f));
}

TEST(RuntimeErrors, ZerosReusesHbmAsZeros) {
  // Rows freed by a nonzero array read as zeros in the next jnp::zeros.
  std::vector<float> ones(64 * 128, 1.0f);
  { Array a = Array::from_f32(ones, {64, 128}); }
  EXPECT_EQ(jnp::zeros({64, 128}).to_f32(), std::vector<float>(64 * 128, 0.0f));
}

TEST(RuntimeErrors, NegativeDimension) {
  std::string line = here(1);
  std::string msg = errorOf([] { jnp::zeros({-1, 128}); });
  EXPECT_EQ(msg, line + ": jnp.zeros: shape [-1, 128] has a negative dimension (-1 in "
                        "dimension 0)");
  line = here(1);
  msg = errorOf([] { Array::from_f32({}, {-2, 0}); });
  EXPECT_THAT(msg, HasSubstr(line + ": from_f32: shape [-2, 0] has a negative dimension"));
  Array x = jnp::zeros({8, 128});
  line = here(1);
  msg = errorOf([&] { x.reshape({-8, -128}); });
  EXPECT_THAT(msg, HasSubstr(line + ": reshape: shape [-8, -128] has a negative dimension"));
}

TEST(RuntimeErrors, ElementCountOverflow) {
  std::string line = here(1);
  std::string msg = errorOf([] { jnp::zeros({1ll << 62, 4}); });
  EXPECT_EQ(msg, line + ": jnp.zeros: shape [4611686018427387904, 4] is too large: its size "
                        "in bytes (f32) does not fit in 64 bits");
  // 2^61 elements fit in int64 but their bytes do not.
  line = here(1);
  msg = errorOf([] { jnp::zeros({1ll << 61}, jnp::int32); });
  EXPECT_THAT(msg, HasSubstr(line + ": jnp.zeros: shape [2305843009213693952] is too large"));
  // Too big for HBM, but countable: the capacity error, not a host allocation.
  line = here(1);
  msg = errorOf([] { jnp::arange(1ll << 40); });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": jnp.arange: s32[1099511627776] needs"),
                         HasSubstr("of HBM of chip 0")));
  // The unchecked helpers throw instead of wrapping.
  EXPECT_THROW(numElements({1ll << 62, 4}), Error);
  EXPECT_THROW(numBytes({1ll << 61, 4}, DType::float32), Error);
  EXPECT_THROW(numElements({-1, 128}), Error);
}

TEST(KernelErrors, StaticWindowEndOverflows) {
  Array x = jnp::zeros({16, 128});
  std::string line = here(5);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = f32(16, 128),
                .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA}},
               [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
                 pltpu::async_copy(x_hbm.at(pl::ds(INT64_MAX - 3, 8)), x_vmem, sem).wait();
               })(x);
  });
  EXPECT_EQ(msg, line + ": window [9223372036854775804, 9223372036854775804 + 8) of dimension "
                        "0 of Ref 'in0' is outside [0, 16)");
}

TEST(KernelErrors, VmemScratchWhoseSizeOverflows) {
  Array x = jnp::zeros({8, 128});
  std::string line = here(2);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 128),
                .scratch_types = {pltpu::VMEM({1ll << 58, 128}, DType::float32)}},
               [](Ref, Ref, Ref) {})(x);
  });
  EXPECT_EQ(msg, line + ": scratch_types need more than 9223372036854775807 bytes of VMEM, "
                        "more than the 16777216 bytes (16 MiB) a TensorCore has");
  // Each fits in int64, the sum does not.
  line = here(2);
  msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 128),
                .scratch_types = {pltpu::VMEM({1ll << 53, 128}, DType::float32),
                                  pltpu::VMEM({1ll << 53, 128}, DType::float32)}},
               [](Ref, Ref, Ref, Ref) {})(x);
  });
  EXPECT_THAT(msg, HasSubstr(line + ": scratch_types need more than 9223372036854775807"));
  line = here(2);
  msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 128),
                .scratch_types = {pltpu::VMEM({-8, 128}, DType::float32)}},
               [](Ref, Ref, Ref) {})(x);
  });
  EXPECT_THAT(msg, HasSubstr(line + ": VMEM scratch 0 has shape [-8, 128], with a negative"));
}

TEST(KernelErrors, IntValueWithAScalarOutsideInt32) {
  Array x = Array::from_s32(std::vector<int32_t>(8 * 128, 1), {8, 128});
  std::string line = here(4);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = ShapeDtypeStruct{{8, 128}, DType::int32},
                .scratch_types = {pltpu::VMEM({8, 128}, DType::int32)}},
               [](Ref, Ref, Ref v) { v[___] = v[___] * 3000000000.0; })(x);
  });
  EXPECT_EQ(msg, line + ": cannot combine an int32 value with the scalar 3000000000: it does "
                        "not fit in int32 [-2147483648, 2147483647]");
  // INT32_MIN itself fits.
  EXPECT_EQ(errorOf([&] {
              pl::kernel({.out_type = ShapeDtypeStruct{{8, 128}, DType::int32},
                          .scratch_types = {pltpu::VMEM({8, 128}, DType::int32)}},
                         [](Ref, Ref, Ref v) { v[___] = v[___] + -2147483648.0; })(x);
            }),
            "");
}

TEST(KernelErrors, FailedTraceLeavesNoState) {
  Array x = jnp::zeros({8, 128});
  auto bad = pl::kernel({.out_type = f32(8, 128)},
                        [](Ref x_hbm, Ref) { Value v = x_hbm[___]; });
  EXPECT_THROW(bad(x), Error);
  // The next kernel traces and runs normally.
  auto good = pl::kernel(
      {.out_type = f32(8, 128),
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA}},
      [](Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
        pltpu::async_copy(x_hbm, v, sem).wait();
        v[___] = v[___] + 1.0;
        pltpu::async_copy(v, o_hbm, sem).wait();
      });
  EXPECT_EQ(good(x).to_f32(), std::vector<float>(8 * 128, 1.0f));
}

TEST(KernelErrors, CheckVmaNeedsDeclaredAxes) {
  Array x = jnp::zeros({8, 128});
  auto mesh = make_mesh({1}, {"device"});
  auto fn = shard_map({.mesh = mesh, .in_specs = P(), .out_specs = P(), .check_vma = true},
                      [&](const Array &a) {
                        return pl::kernel({.out_type = f32(8, 128)}, [](Ref, Ref) {})(a);
                      });
  std::string msg = errorOf([&] { jit(fn)(x); });
  EXPECT_THAT(msg, HasSubstr("check_vma=true"));
}


TEST(RuntimeErrors, ChipThatDoesNotExist) {
  // tpu_init runs once per process: check it in a fresh child process.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  std::string line = here(6);
  EXPECT_EXIT(
      {
        std::cerr << errorOf([] { tpu_init::initialize_one_chip(5); });
        std::exit(0);
      },
      testing::ExitedWithCode(0), line + ": chip 5 does not exist: a host has chips 0 to 3");
}

TEST(RuntimeErrors, TpuInitAfterTheFirstDeviceAccess) {
  Array x = jnp::zeros({8, 128});  // opens the devices
  std::string line = here(1);
  std::string msg = errorOf([] { tpu_init::initialize_one_chip(); });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": tpu_init must run before the first device access")));
}

TEST(RuntimeErrors, MeshLargerThanTheDevices) {
  size_t open = devices().size();
  std::string line = here(1);
  std::string msg = errorOf([] { make_mesh({64}, {"device"}); });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": make_mesh needs 64 devices"),
                         HasSubstr("tpu_init opened " + std::to_string(open))));
}

TEST(RuntimeErrors, CompileNamesTheUsersLineForOuterErrors) {
  Array x = jnp::zeros({8, 128});
  std::string line = here(1);
  std::string msg = errorOf([&] { Compiled c = compile([&](const Array &) { return x; }, x); });
  EXPECT_THAT(msg, HasSubstr(line + ": the jitted function returned an array that it did not "
                                    "compute"));
}

TEST(RuntimeErrors, ReshapeToADifferentSize) {
  Array x = jnp::arange(8 * 128, jnp::float32);
  std::string line = here(1);
  std::string msg = errorOf([&] { x.reshape({8, 64}); });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": cannot reshape an array of shape [1024]"),
                         HasSubstr("to [8, 64]")));
}

}  // namespace
}  // namespace tessera
