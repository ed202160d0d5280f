//===- DslTestUtil.h - What the DSL's tests share -------------------------===//
//
// Error tests check the message of the tessera::Error a kernel throws and
// the user's line in it; numeric tests build arrays of exact quarter-integers;
// the multi-chip tests share a ring of remote copies.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <source_location>
#include <string>
#include <vector>

#include "dsl/tessera.h"

namespace tessera::testutil {

/// Runs `fn` and returns the tessera::Error's message ("" if none thrown).
template <class F>
std::string errorOf(F fn) {
  try {
    fn();
  } catch (const Error &e) {
    return e.what();
  }
  return "";
}

/// "File.cpp:LINE" of the caller's line + offset.
inline std::string here(int offset, std::source_location loc = std::source_location::current()) {
  return std::filesystem::path(loc.file_name()).filename().string() + ":" +
         std::to_string(loc.line() + offset);
}

inline ShapeDtypeStruct f32(int64_t r, int64_t c) { return {{r, c}, DType::float32}; }
inline ShapeDtypeStruct s32(int64_t r, int64_t c) { return {{r, c}, DType::int32}; }

/// Quarter-integers in [-12, 12]: sums and halvings of a few stay exact
/// enough that any difference in the order of operations would still show.
inline std::vector<float> pattern(int64_t n, int salt = 0) {
  std::vector<float> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = (float)((int)((i * 7 + salt) % 97) - 48) * 0.25f;
  return v;
}

/// An array's elements as floats (f32 and bf16 through to_f32, the
/// integer dtypes through to_s32).
inline std::vector<float> valuesOf(const Array &a) {
  if (a.dtype() == DType::float32 || a.dtype() == DType::bfloat16)
    return a.to_f32();
  std::vector<int32_t> v = a.to_s32();
  return std::vector<float>(v.begin(), v.end());
}

/// The integer values of an array of small integers in any dtype (bf16
/// and f32 through to_f32, the integer dtypes through to_s32).
inline std::vector<int32_t> integersOf(const Array &a) {
  if (a.dtype() != DType::float32 && a.dtype() != DType::bfloat16)
    return a.to_s32();
  std::vector<int32_t> out;
  for (float f : a.to_f32())
    out.push_back((int32_t)f);
  return out;
}

/// The lines of remoteShift's remote copy start and of its copy out of
/// `got` (set when the kernel is traced).
inline std::string remoteCopyLine, copyOutLine;

/// Each device's shard pushed by a remote copy to the device `to` names
/// (traced in the kernel body); the result's shard is what came in. With
/// `copyOutEarly`, the copy out of `got` comes before the wait for the
/// copy into it: a race on the remote write.
inline pl::Kernel remoteShift(const ShapeDtypeStruct &shard, pltpu::Interpret interpret,
                              std::function<pltpu::DeviceId()> to, bool send = true,
                              bool copyOutEarly = false) {
  return pl::kernel({.out_type = shard,
                     .mesh = pltpu::TensorCoreMesh{"tc", 1},
                     .scratch_types = {pltpu::VMEM(shard.shape, shard.dtype),
                                       pltpu::VMEM(shard.shape, shard.dtype),
                                       pltpu::SemaphoreType::DMA, pltpu::SemaphoreType::DMA,
                                       pltpu::SemaphoreType::DMA},
                     .name = "ring_shift",
                     .interpret = interpret},
                    [send, to, copyOutEarly](Ref x_hbm, Ref o_hbm, Ref mine, Ref got, Ref sem,
                                             Ref sent, Ref recv) {
                      pltpu::async_copy(x_hbm, mine, sem).wait();
                      auto copy = pltpu::make_async_remote_copy(mine, got, sent, recv, to());
                      if (send) {
                        remoteCopyLine = here(1);
                        copy.start();
                        copy.wait_send();
                      }
                      if (!copyOutEarly)
                        copy.wait_recv();
                      copyOutLine = here(1);
                      pltpu::async_copy(got, o_hbm, sem).wait();
                      if (copyOutEarly)
                        copy.wait_recv();
                    });
}

/// Each device's shard pushed to its right neighbour on the mesh's ring:
/// the result's shard d is the input's shard d - 1.
inline pl::Kernel ringShift(const ShapeDtypeStruct &shard, bool interpret, bool send = true) {
  return remoteShift(
      shard, interpret,
      [] {
        Scalar me = lax::axis_index("device");
        return pltpu::DeviceId{(me + 1) % lax::axis_size("device")};
      },
      send);
}

}  // namespace tessera::testutil
