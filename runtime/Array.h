//===- Array.h - Arrays in simulated HBM ----------------------------------===//
//
// jax.Array: data on a device, in the chip's HBM. Rank-2 arrays of whole
// (8, 128) tiles are stored in the tiled layout XLA uses on v4, exactly as
// kernels' DMAs expect: {1,0:T(8,128)} for 32-bit dtypes, with bf16 and int8
// packed two or four rows to a 32-bit word ({1,0:T(8,128)(2,1)},
// {1,0:T(8,128)(4,1)}). One row of a 32-bit dtype ([1, N], N a multiple of
// 128) is T(8,128) too, padded as XLA pads it: each tile reserves 8 rows
// and row 0 holds the data. Other arrays are row-major (they must be
// reshaped before a kernel can take them). A bool array is int32 0/1 in memory. Inside jit, an Array is a tracer: a shape and
// dtype standing for a value of the program being traced.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <memory>
#include <source_location>
#include <vector>

#include "runtime/Device.h"
#include "runtime/Types.h"

namespace tessera {

struct NamedSharding;

namespace runtime {
struct Buffer;
class OuterTrace;
}  // namespace runtime

class Array {
public:
  Array() = default;

  const Shape &shape() const { return type_.shape; }
  DType dtype() const { return type_.dtype; }
  const ShapeDtypeStruct &aval() const { return type_; }
  int64_t size() const { return numElements(type_.shape); }
  /// Whether the data sits in the tiled layout {1,0:T(8,128)...}.
  bool tiled() const;
  /// The device holding the data (not valid for tracers); for a sharded
  /// array, the first device of its mesh.
  Device device() const;
  /// jax.Array.sharding of an array split over a mesh (device_put with a
  /// NamedSharding, or a shard_map result); null for an array on one device.
  const NamedSharding *sharding() const { return sharding_.get(); }
  /// Each device's shard, in the order of the sharding's mesh devices, as an
  /// array on that device (jax.Array.addressable_shards); an array on one
  /// device: itself.
  std::vector<Array> shards() const;

  /// Copies the data to the host (a sharded array gathered from its
  /// shards), row-major: to_f32 of f32 and bf16 arrays
  /// (exact), to_s32 of the integer arrays but uint32 (their values) and
  /// of bool (0/1) and semaphore arrays (their counts), to_u32 of the
  /// unsigned integer arrays.
  std::vector<float> to_f32() const;
  std::vector<int32_t> to_s32() const;
  std::vector<uint32_t> to_u32() const;
  /// Rows [begin_row, end_row) of the leading dimension only (row-major,
  /// as np.asarray(x[begin_row:end_row])): a large array is checked or
  /// saved piece by piece without a host copy of its whole size.
  std::vector<float> to_f32(int64_t begin_row, int64_t end_row) const;
  std::vector<int32_t> to_s32(int64_t begin_row, int64_t end_row) const;
  std::vector<uint32_t> to_u32(int64_t begin_row, int64_t end_row) const;

  /// A new array with the same elements in row-major order.
  Array reshape(Shape shape, std::source_location loc = std::source_location::current()) const;

  /// Arrays from host data (row-major), on the default device. from_f32
  /// makes f32 or bf16 arrays (bf16: each value rounded to nearest even,
  /// vmath::roundBf16); from_s32 and from_u32 make integer arrays of any
  /// integer dtype (each value wrapped to the dtype's bits, as astype
  /// does) and from_s32 bool arrays (x != 0). The data goes into HBM
  /// in bands of a MiB: besides `data` and the array's HBM pages, an
  /// upload (and a download by to_f32 / to_s32) holds no copy of its size.
  static Array from_f32(const std::vector<float> &data, Shape shape,
                        DType dtype = DType::float32,
                        std::source_location loc = std::source_location::current());
  static Array from_s32(const std::vector<int32_t> &data, Shape shape,
                        DType dtype = DType::int32,
                        std::source_location loc = std::source_location::current());
  static Array from_u32(const std::vector<uint32_t> &data, Shape shape,
                        DType dtype = DType::uint32,
                        std::source_location loc = std::source_location::current());

  // Runtime internals.
  bool is_tracer() const { return trace_ != nullptr; }
  runtime::OuterTrace *trace() const { return trace_; }
  int traceValue() const { return traceValue_; }
  const std::shared_ptr<runtime::Buffer> &buffer() const { return buffer_; }
  static Array fromBuffer(std::shared_ptr<runtime::Buffer> buffer);
  /// An array of `type` made of one shard per device of `sharding`'s mesh
  /// (in its order). buffer() is then null.
  static Array fromShards(ShapeDtypeStruct type, NamedSharding sharding,
                          std::vector<std::shared_ptr<runtime::Buffer>> shards);
  const std::vector<std::shared_ptr<runtime::Buffer>> &shardBuffers() const {
    return shards_;
  }
  static Array tracer(runtime::OuterTrace *trace, int value, ShapeDtypeStruct type);

private:
  ShapeDtypeStruct type_;
  std::shared_ptr<runtime::Buffer> buffer_;
  std::shared_ptr<const NamedSharding> sharding_;
  std::vector<std::shared_ptr<runtime::Buffer>> shards_;
  runtime::OuterTrace *trace_ = nullptr;
  int traceValue_ = -1;
};

/// jax.device_put(x, sharding): the array split into one shard per device
/// of the sharding's mesh, each in its chip's HBM (an uneven split or a
/// spec naming an axis the mesh lacks is an error at the caller's line).
Array device_put(const Array &x, const NamedSharding &sharding,
                 std::source_location loc = std::source_location::current());
/// jax.device_put(x, device): a copy of the whole array on `device`.
Array device_put(const Array &x, const Device &device,
                 std::source_location loc = std::source_location::current());

namespace jnp {
inline constexpr DType float32 = DType::float32;
inline constexpr DType int32 = DType::int32;
inline constexpr DType bfloat16 = DType::bfloat16;
inline constexpr DType int8 = DType::int8;
inline constexpr DType int16 = DType::int16;
inline constexpr DType uint8 = DType::uint8;
inline constexpr DType uint16 = DType::uint16;
inline constexpr DType uint32 = DType::uint32;
inline constexpr DType bool_ = DType::bool_;
/// Not TPU v4 dtypes: any array or value of them is a user error saying so.
inline constexpr DType int4 = DType::int4;
inline constexpr DType float8_e4m3fn = DType::float8_e4m3fn;
inline constexpr DType float8_e5m2 = DType::float8_e5m2;
/// jnp.arange(n, dtype=...): 0, 1, ..., n-1.
Array arange(int64_t n, DType dtype = DType::int32,
             std::source_location loc = std::source_location::current());
// jnp::zeros / ones / full (an Array on the host, a Value in a kernel):
// dsl/Values.h.
}  // namespace jnp

namespace runtime {
/// The row-major element word of `number` in `dtype` (exact for the numbers
/// the dtype holds): f32 bits, bf16 bits (rounded to nearest even), int32,
/// int8 (wrapping, sign-extended), bool (number != 0).
uint32_t elementWord(DType dtype, double number);
/// A new array of `type` whose every element is `word` (the row-major
/// element word of Host::write: f32 bits, bf16 bits, int8 sign-extended);
/// `what` names the call in errors (e.g. "jnp.zeros").
Array filledArray(ShapeDtypeStruct type, uint32_t word, const std::source_location &loc,
                  const char *what);
}  // namespace runtime

}  // namespace tessera
