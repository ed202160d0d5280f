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
  // A rank-3 array without elements (a rank-2 one is refused the same).
  Array x = jnp::zeros({2, 0, 128}, DType::bfloat16);
  std::string line = here(2);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 128)}, [](Ref, Ref) {})(x);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": input 0 has shape [2, 0, 128]"),
                         HasSubstr("holds at least one element")));
}

TEST(KernelErrors, BackendErrorsNameTheLineWithoutMlirNames) {
  // (A window of rows [4, 12) of a Ref two column tiles wide used to be
  // such an error; it is two tiles joined now: ElementTest's
  // UnalignedWindow.)
  Array x = jnp::zeros({16, 256});
  std::string line = here(5);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 256),
                .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA}},
               [](Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
                 pltpu::async_copy(x_hbm.at(pl::ds(0, 8), pl::ds(64, 128)), v, sem).wait();
               })(x);
  });
  EXPECT_EQ(msg, line + ": DMA windows must start and end at multiples of 128 columns");
}

TEST(KernelErrors, IntValueWithAFractionalScalar) {
  // A double is weakly typed (JAX): with an int32 value it makes an f32
  // value, which an int32 Ref does not take; assigned alone, it must be an
  // integer.
  Array x = Array::from_s32(std::vector<int32_t>(8 * 128, 1), {8, 128});
  std::string line = here(4);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = ShapeDtypeStruct{{8, 128}, DType::int32},
                .scratch_types = {pltpu::VMEM({8, 128}, DType::int32)}},
               [](Ref, Ref, Ref v) { v[___] = v[___] * 2.5; })(x);
  });
  EXPECT_EQ(msg, line + ": cannot store a value of dtype f32 into Ref 'scratch0' of dtype s32");
  line = here(4);
  msg = errorOf([&] {
    pl::kernel({.out_type = ShapeDtypeStruct{{8, 128}, DType::int32},
                .scratch_types = {pltpu::VMEM({8, 128}, DType::int32)}},
               [](Ref, Ref, Ref v) { v[___] = 2.5; })(x);
  });
  EXPECT_EQ(msg, line + ": the scalar 2.5 is not an s32 value (it has a fraction); use an "
                        "integer");
}

TEST(RuntimeErrors, ZerosLargerThanHbmIsAnErrorNotBadAlloc) {
  // 40 GiB: more than the chip's 32 GiB, checked before any host memory.
  std::string line = here(1);
  std::string msg = errorOf([] { jnp::zeros({10ll << 23, 128}); });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": jnp.zeros: f32[83886080,128] needs 42949672960 "
                                          "bytes"),
                         HasSubstr("more than the 34359738368 bytes (32 GiB) of HBM")));
  // An f32[R, 1] array pads each row to 128 lanes (XLA's T(8,128)): 128 times
  // its 256 MiB, just over the 32 GiB.
  line = here(1);
  msg = errorOf([] { jnp::zeros({(1ll << 26) + 8, 1}); });
  EXPECT_THAT(msg, HasSubstr(line + ": jnp.zeros: f32[67108872,1] needs 34359742464 bytes in "
                                    "(8, 128) tiles"));
  // 30 GiB fits an empty chip: zero-filled without a 30 GiB host vector.
  {
    Array big = jnp::zeros({30ll << 21, 128});  // 30 GiB of f32
    EXPECT_EQ(big.size(), 30ll << 28);
    // A second one no longer fits next to it.
    line = here(1);
    msg = errorOf([] { jnp::zeros({30ll << 21, 128}); });
    EXPECT_THAT(msg, HasSubstr(line + ": jnp.zeros: HBM of chip 0 is full"));
  }
  // Freed again: small arrays still work, and zeros are zeros.
  EXPECT_EQ(Array(jnp::zeros({8, 128})).to_f32(), std::vector<float>(8 * 128, 0.0f));
}

TEST(RuntimeErrors, ZerosReusesHbmAsZeros) {
  // Rows freed by a nonzero array read as zeros in the next jnp::zeros.
  std::vector<float> ones(64 * 128, 1.0f);
  { Array a = Array::from_f32(ones, {64, 128}); }
  EXPECT_EQ(Array(jnp::zeros({64, 128})).to_f32(), std::vector<float>(64 * 128, 0.0f));
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
  line = here(3);  // the declaration's line
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
               [](Ref, Ref, Ref v) { v[___] = v[___] * 3000000000ll; })(x);
  });
  EXPECT_EQ(msg, line + ": the scalar 3000000000 does not fit in s32 [-2147483648, 2147483647]");
  // INT32_MIN itself fits.
  EXPECT_EQ(errorOf([&] {
              pl::kernel({.out_type = ShapeDtypeStruct{{8, 128}, DType::int32},
                          .scratch_types = {pltpu::VMEM({8, 128}, DType::int32)}},
                         [](Ref, Ref, Ref v) { v[___] = v[___] + -2147483648ll; })(x);
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

//===----------------------------------------------------------------------===//
// The vector and matrix language (dsl/Values.h): each rule names the line.
//===----------------------------------------------------------------------===//

/// The message of running `body` on whole-array VMEM blocks of `in`.
template <class F>
std::string valueError(const std::vector<Array> &in, ShapeDtypeStruct out, F body) {
  return errorOf([&] {
    if (in.size() == 1)
      pl::pallas_call([&](Ref x, Ref o) { o[___] = body(Value(x[___]), Value(x[___])); },
                      {.out_shape = out})(in[0]);
    else
      pl::pallas_call([&](Ref x, Ref y, Ref o) { o[___] = body(Value(x[___]), Value(y[___])); },
                      {.out_shape = out})(in[0], in[1]);
  });
}

TEST(ValueErrors, ShapesThatDoNotBroadcast) {
  Array x = jnp::zeros({16, 256}), y = jnp::zeros({16, 128});
  std::string line = here(1);
  std::string msg = valueError({x, y}, f32(16, 256), [](Value a, Value b) { return a * b; });
  EXPECT_EQ(msg, line + ": operands of * have shapes [16, 256] and [16, 128], which do not "
                        "broadcast (each dimension must be equal, or 1 in one of them)");
}

TEST(ValueErrors, BoolArithmetic) {
  Array x = jnp::zeros({8, 128});
  std::string line = here(2);
  std::string msg = valueError({x}, f32(8, 128), [](Value a, Value) {
    Value m = (a > 0.0) + (a < 1.0);
    return a;
  });
  EXPECT_EQ(msg, line + ": arithmetic (+) on pred (bool_) values; convert with "
                        "astype(jnp::int32) first, or combine masks with & | ^");
}

TEST(ValueErrors, FloatBitwise) {
  Array x = jnp::zeros({8, 128});
  std::string line = here(1);
  std::string msg = valueError({x}, f32(8, 128), [](Value a, Value) { return a & a; });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": & is not defined on f32 values"),
                         HasSubstr("takes integers and bool_ masks")));
  line = here(1);
  msg = valueError({x}, f32(8, 128), [](Value a, Value) { return ~a; });
  EXPECT_THAT(msg, HasSubstr(line + ": ~ is not defined on f32 values"));
  line = here(1);
  msg = valueError({x}, f32(8, 128), [](Value a, Value) { return a << 2; });
  EXPECT_THAT(msg, HasSubstr(line + ": << is not defined on f32 values; << takes integers"));
}

TEST(ValueErrors, DotContractingDimensionsDiffer) {
  Array x = jnp::zeros({8, 128});
  // [8, 1] @ [8, 128]: K is 1 on the left, 8 on the right.
  std::string line = here(2);
  std::string msg = valueError({x}, f32(8, 128), [](Value a, Value) {
    return jnp::dot(jnp::sum(a, 1, true), a);
  });
  EXPECT_EQ(msg, line + ": jnp::dot: [8, 1] @ [8, 128]: the contracting dimensions (1 and 8) "
                        "differ");
}

TEST(ValueErrors, DotOperandsTheMxuDoesNotTake) {
  Array x = Array::from_s32(std::vector<int32_t>(8 * 128), {8, 128});
  std::string line = here(2);
  std::string msg = valueError({x}, s32(8, 128), [](Value a, Value) {
    return jnp::dot(a, jnp::broadcast_to(a, {8, 128}).astype(DType::int32));
  });
  // 8 x 128 @ 8 x 128: the shapes are checked first.
  EXPECT_THAT(msg, HasSubstr(line + ": jnp::dot: [8, 128] @ [8, 128]: the contracting "
                                    "dimensions (128 and 8) differ"));
  Array sq = Array::from_s32(std::vector<int32_t>(128 * 128), {128, 128});
  line = here(1);
  msg = valueError({sq}, s32(128, 128), [](Value a, Value) { return jnp::dot(a, a); });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": jnp::dot: s32 x s32 is not supported on the MXU"),
                         HasSubstr("int8 x int8 (int32 result)")));
  Array f = jnp::zeros({128, 128});
  line = here(2);
  msg = valueError({f}, f32(128, 128), [](Value a, Value) {
    return jnp::dot(a, a, {.precision = lax::Precision::HIGH});
  });
  EXPECT_THAT(msg, HasSubstr(line + ": jnp::dot: Precision::HIGH is not supported on TPU"));
  line = here(2);
  msg = valueError({f}, f32(128, 128), [](Value a, Value) {
    return lax::dot_general(a, a, {{1}, {0}}, {{0}, {0}});
  });
  EXPECT_THAT(msg, HasSubstr(line + ": lax::dot_general: operands of shapes [128, 128] and "
                                    "[128, 128] with 1 batch dimension need rank 3"));
}

TEST(ValueErrors, PackedVmemWindowsStartAtTiles) {
  // Packed arrays, scratch, blocks and values of any rows are padded
  // (PackedRowsTest.cpp); a window of a bf16 VMEM Ref at a static row
  // inside a (16, 128) tile reads the tiles around it (it was an error).
  std::vector<float> d(32 * 128);
  for (size_t i = 0; i < d.size(); ++i)
    d[i] = float(i % 64);
  Array b32 = Array::from_f32(d, {32, 128}, DType::bfloat16);
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[pl::ds(8, 16)]; },
                             {.out_shape = ShapeDtypeStruct{{16, 128}, DType::bfloat16},
                              .interpret = interpret});
    EXPECT_EQ(f(b32).to_f32(), std::vector<float>(d.begin() + 8 * 128, d.begin() + 24 * 128));
  }
  // Rank 3 to 5 VMEM scratch: the rows of all its matrices, whole tiles.
  Array x = Array::from_f32(std::vector<float>(16 * 128), {16, 128}, DType::bfloat16);
  std::string line = here(3);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = ShapeDtypeStruct{{16, 128}, DType::bfloat16},
                .scratch_types = {pltpu::VMEM({3, 4, 128}, DType::bfloat16)}},
               [](Ref, Ref, Ref) {})(x);
  });
  EXPECT_THAT(msg, HasSubstr(line + ": VMEM scratch 0 is bf16[3,4,128]; a Ref of rank 3 in VMEM "
                                    "is its matrices one after another, [24, 128] (the rows of "
                                    "all its matrices, each padded to a multiple of 8), which "
                                    "needs rows a multiple of 16"));
}

TEST(ValueErrors, BoolDma) {
  Array mask = Array::from_s32(std::vector<int32_t>(8 * 128, 1), {8, 128}, DType::bool_);
  std::string line = here(5);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = ShapeDtypeStruct{{8, 128}, DType::bool_},
                .scratch_types = {pltpu::VMEM({8, 128}, DType::bool_), pltpu::SemaphoreType::DMA}},
               [](Ref m_hbm, Ref o_hbm, Ref m_vmem, Ref sem) {
                 pltpu::async_copy(m_hbm, m_vmem, sem).wait();
               })(mask);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": async_copy: 'in0' is a pred (bool_) Ref; there is "
                                          "no bool DMA on TPU"),
                         HasSubstr("astype(jnp::int32)")));
  // (A pallas_call's blocks of a bool array are DMAs of its int32 words:
  // IntegerDtypeTest.cpp, BoolArray.)
}

TEST(ValueErrors, ReductionAxisOutOfRange) {
  Array x = jnp::zeros({8, 128});
  std::string line = here(1);
  std::string msg = valueError({x}, f32(8, 128), [](Value a, Value) { return jnp::sum(a, 2); });
  EXPECT_EQ(msg, line + ": jnp::sum: axis 2 is out of range for a value of shape [8, 128]; "
                        "allowed: [-2, 1]");
  line = here(2);
  msg = valueError({x}, f32(8, 128), [](Value a, Value) {
    return jnp::max(jnp::max(a, 0), -2);  // [128] has axes -1 and 0
  });
  EXPECT_EQ(msg, line + ": jnp::max: axis -2 is out of range for a value of shape [128]; "
                        "allowed: [-1, 0]");
  line = here(1);
  msg = valueError({x}, f32(8, 128), [](Value a, Value) { return jnp::argmax(a, -3); });
  EXPECT_THAT(msg, HasSubstr(line + ": jnp::argmax: axis -3 is out of range"));
}

TEST(ValueErrors, ComposedOpsNameTheirRules) {
  Array x = jnp::zeros({8, 128});
  std::string line = here(1);
  std::string msg = valueError({x}, f32(8, 128), [](Value a, Value) { return jnp::sign(a > 0); });
  EXPECT_EQ(msg, line + ": jnp::sign is not defined on pred values; jnp::sign takes numbers");
  line = here(1);
  msg = valueError({x}, f32(8, 128), [](Value a, Value) { return lax::population_count(a); });
  EXPECT_EQ(msg, line + ": lax::population_count is not defined on f32 values; "
                        "lax::population_count takes integers");
  Array i = jnp::zeros({8, 128}, DType::int32);
  line = here(2);
  msg = valueError({i}, ShapeDtypeStruct{{8, 128}, DType::int32},
                   [](Value a, Value) { return lax::integer_pow(a, -1); });
  EXPECT_EQ(msg, line + ": lax::integer_pow of s32 values to the power -1: a negative exponent "
                        "needs a float value (integers have no reciprocal)");
  line = here(1);
  msg = valueError({x}, f32(8, 128), [](Value a, Value) { return jnp::cumsum(a, 2); });
  EXPECT_EQ(msg, line + ": jnp::cumsum: axis 2 is out of range for [8, 128] (rank 2)");
  line = here(1);
  msg = valueError({x}, f32(8, 128), [](Value a, Value) { return jnp::floor_divide(a > 0, a > 1); });
  EXPECT_EQ(msg, line + ": jnp::floor_divide is not defined on pred values; jnp::floor_divide "
                        "takes numbers");
  Array p = Array::from_s32({0}, {1});
  line = here(3);
  msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 128), .num_scalar_prefetch = 1}, [](Ref s, Ref, Ref) {
      lax::switch_(s[0], {});
    })(p, x);
  });
  EXPECT_EQ(msg, line + ": lax::switch_ needs at least one branch");
}

// The mistakes Pallas reports, at the user's line.
TEST(PallasDiagnostics, IndexMapReturningAFloat) {
  Array x = jnp::zeros({32, 128});
  std::string line = here(5);
  std::string msg = errorOf([&] {
    pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___]; },
                    {.out_shape = f32(32, 128),
                     .grid = {4},
                     .in_specs = {pl::BlockSpec({8, 128}, [](Scalar) { return std::tuple{5.7, 0}; })},
                     .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })}})(x);
  });
  EXPECT_EQ(msg, line + ": an index map returns integer block indices, not the floating-point "
                        "5.7 (it would be truncated to a block silently); return an int or an "
                        "int32 Scalar");
}

TEST(PallasDiagnostics, AWholeSemaphoreArrayInADma) {
  Array x = jnp::zeros({8, 128});
  std::string line = here(4);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 128), .scratch_types = {pltpu::SemaphoreType::DMA(2)}},
               [](Ref x_hbm, Ref o_hbm, Ref sems) {
                 pltpu::async_copy(x_hbm, o_hbm, sems).wait();
               })(x);
  });
  EXPECT_EQ(msg, line + ": async_copy: 'scratch0' is an array of 2 semaphores; pick one with "
                        ".at(i)");
}

TEST(PallasDiagnostics, ADescriptorNeverStartedOrWaited) {
  Array x = jnp::zeros({8, 128});
  std::string line = here(5);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 128), .scratch_types = {pltpu::SemaphoreType::DMA}},
               [](Ref x_hbm, Ref o_hbm, Ref sem) {
                 pltpu::async_copy(x_hbm, o_hbm, sem).wait();
                 auto unused = pltpu::make_async_copy(x_hbm, o_hbm, sem);
               })(x);
  });
  EXPECT_EQ(msg, line + ": pltpu::make_async_copy: this DMA descriptor is never started or "
                        "waited, so it copies nothing; call .start() on it (and wait for it "
                        "before the data is used)");
  // A descriptor made only to wait (for a copy started elsewhere) is used.
  std::vector<float> ones(8 * 128, 1.0f);
  auto k = pl::kernel({.out_type = f32(8, 128), .scratch_types = {pltpu::SemaphoreType::DMA}},
                      [](Ref x_hbm, Ref o_hbm, Ref sem) {
                        pltpu::make_async_copy(x_hbm, o_hbm, sem).start();
                        pltpu::make_async_copy(x_hbm, o_hbm, sem).wait();
                      });
  EXPECT_EQ(k(Array::from_f32(ones, {8, 128})).to_f32(), ones);
}

TEST(PallasDiagnostics, AKernelBodyThatReturnsAValue) {
  Array x = jnp::zeros({8, 128});
  std::string line = here(2);
  std::string msg = errorOf([&] {
    pl::pallas_call([](Ref x_ref, Ref o_ref) { return Value(x_ref[___]) * 2.0; },
                    {.out_shape = f32(8, 128)})(x);
  });
  EXPECT_EQ(msg, line + ": the kernel body returns a value; a Pallas kernel returns nothing: its "
                        "results are what it writes into its output Refs (o_ref[___] = v)");
  line = here(2);
  msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 128)}, [](Ref, Ref) { return 1; })(x);
  });
  EXPECT_THAT(msg, HasSubstr(line + ": the kernel body returns a value"));
}

TEST(ValueErrors, ScalarsOutsideTheDtype) {
  Array x = Array::from_s32(std::vector<int32_t>(32 * 128), {32, 128}, DType::int8);
  std::string line = here(1);
  std::string msg = valueError({x}, ShapeDtypeStruct{{32, 128}, DType::int8}, [](Value a, Value) { return a + 300; });
  EXPECT_EQ(msg, line + ": the scalar 300 does not fit in s8 [-128, 127]");
}

TEST(ValueErrors, WhereNeedsAMask) {
  Array x = jnp::zeros({8, 128});
  std::string line = here(1);
  std::string msg = valueError({x}, f32(8, 128), [](Value a, Value) { return jnp::where(a, a, 0.0); });
  EXPECT_EQ(msg, line + ": jnp::where needs a pred (bool_) mask, e.g. x > 0, not an f32 operand");
}

TEST(ValueErrors, NotYetSupportedShapeOps) {
  Array x = jnp::zeros({128, 128});
  std::string line, msg;
  // A strided roll's stride axis is the other one. (Rolls along a padded
  // axis of several tiles: ElementTest's RollAlongAPaddedAxisOfSeveralTiles.)
  line = here(1);
  msg = valueError({x}, f32(128, 128), [](Value a, Value) { return pltpu::roll(a, 1, 1, 1, 1); });
  EXPECT_EQ(msg, line + ": pltpu::roll: stride_axis 1 must be the other axis than axis 1");
}

TEST(ValueErrors, ReshapesTheLayoutCannotDo) {
  Array x = jnp::zeros({16, 256});
  std::string line = here(1);
  std::string msg = valueError({x}, f32(32, 128), [](Value a, Value) { return a.reshape({32, 128}); });
  EXPECT_EQ(msg, line + ": jnp::reshape of the f32[16,256] value to [32, 128] is not supported: it "
                        "would move elements between sublanes or vregs (in registers the value "
                        "is [16, 256]); Tessera, like Mosaic on the last two dims, only drops or "
                        "re-adds a dimension of size 1 (e.g. a keepdims=false reduction result "
                        "[M] back to [M, 1]); values of rank 3 to 5 merge or split their "
                        "leading dimensions");
  line = here(1);
  msg = valueError({x}, f32(16, 256), [](Value a, Value) { return jnp::reshape(a, {16, 128}); });
  EXPECT_EQ(msg, line + ": jnp::reshape of the f32[16,256] value to [16, 128]: 4096 elements "
                        "cannot become 2048");
}

TEST(ValueErrors, RollRepeatAndBitcastRules) {
  Array x = jnp::zeros({16, 128});
  std::string line = here(1);
  std::string msg = valueError({x}, f32(16, 128), [](Value a, Value) { return pltpu::roll(a, -1, 1); });
  EXPECT_EQ(msg, line + ": pltpu::roll: shift -1 is negative; Pallas takes shift >= 0 (roll by "
                        "n - 1 to rotate the other way)");
  line = here(1);
  msg = valueError({x}, f32(16, 128), [](Value a, Value) { return pltpu::roll(a, 1, 2); });
  EXPECT_EQ(msg, line + ": pltpu::roll: axis 2 is out of range for a rank-2 value; allowed: [-2, 1]");
  line = here(2);
  msg = valueError({x}, f32(16, 128),
                   [](Value a, Value) { return pltpu::roll(jnp::sum(a, 0), 1, 0); });
  EXPECT_EQ(msg, line + ": pltpu::roll needs a value of rank 2 to 5, not f32[128] (Pallas: "
                        "rank >= 2)");
  line = here(1);
  msg = valueError({x}, f32(16, 128), [](Value a, Value) { return pltpu::repeat(a, 0, 0); });
  EXPECT_EQ(msg, line + ": pltpu::repeat: repeats 0 must be at least 1 (empty values do not exist "
                        "on TPU)");
  line = here(1);
  msg = valueError({x}, f32(16, 128), [](Value a, Value) { return pltpu::bitcast(a > 0, DType::int32); });
  EXPECT_THAT(msg, HasSubstr(line + ": pltpu::bitcast from pred to s32: pred (bool_) masks have "
                                    "no bit layout to reinterpret"));
  // An int8 row is 8 bits of a 32-bit word: it cannot be unpacked.
  Array q = Array::from_s32(std::vector<int32_t>(32 * 128), {32, 128}, DType::int8);
  line = here(2);
  msg = valueError({q}, f32(16, 128), [](Value a, Value) {
    return pltpu::bitcast(jnp::max(a, 0, true), DType::float32);
  });
  EXPECT_EQ(msg, line + ": pltpu::bitcast of the s8[1,128] value to f32: shape[-2] = 1 times 8 "
                        "bits is not a multiple of 32 bits (the rows cannot be packed or "
                        "unpacked)");
  // An f32 row would be two bf16 rows of one word: not whole tiles.
  line = here(2);
  msg = valueError({x}, f32(16, 128), [](Value a, Value) {
    return pltpu::bitcast(jnp::max(a, 0, true), DType::bfloat16);
  });
  EXPECT_THAT(msg, HasSubstr(line + ": pltpu::bitcast of the f32[1,128] value to bf16: a bitcast "
                                    "that changes the width reinterprets whole vregs"));
}

}  // namespace
}  // namespace tessera
