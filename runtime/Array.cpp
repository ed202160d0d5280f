//===- Array.cpp - Arrays in simulated HBM --------------------------------===//
#include "runtime/Array.h"

#include <bit>
#include <cstring>

#include "runtime/Host.h"
#include "runtime/Program.h"
#include "runtime/Sharding.h"
#include "sim/VectorMath.h"

namespace tessera {

namespace {
/// An HBM buffer for an array of `type`, checked first: no negative or
/// overflowing shape, no more bytes than the chip's HBM.
std::shared_ptr<runtime::Buffer> allocate(const ShapeDtypeStruct &type,
                                          const std::source_location &loc,
                                          const std::string &what) {
  checkShape(type.shape, type.dtype, loc, what);
  auto &host = runtime::Host::get();
  auto buffer = host.allocate(host.defaultDevice(), type);
  if (!buffer.ok())
    throwUserError(loc, what + ": " + std::string(buffer.status().message()));
  return *buffer;
}

/// A new HBM buffer of `type` whose row-major element words `fill` makes
/// (Host::write streams them in bands: no host copy of the array's size).
/// `count` is how many elements the caller has.
std::shared_ptr<runtime::Buffer> upload(int64_t count, runtime::Host::ElementFill fill,
                                        ShapeDtypeStruct type, const std::source_location &loc,
                                        const std::string &what) {
  checkShape(type.shape, type.dtype, loc, what);
  if (numElements(type.shape) != count)
    throwUserError(loc, "cannot make an array of shape " + to_string(type.shape) + " from " +
                            std::to_string(count) + " elements");
  auto buffer = allocate(type, loc, what);
  if (auto st = runtime::Host::get().write(*buffer, fill); !st.ok())
    throwUserError(loc, std::string(st.message()));
  return buffer;
}

std::shared_ptr<runtime::Buffer> upload(const std::vector<uint32_t> &words,
                                        ShapeDtypeStruct type,
                                        const std::source_location &loc,
                                        const std::string &what) {
  return upload(
      (int64_t)words.size(),
      [&](int64_t first, int64_t count, uint32_t *out) { std::copy_n(&words[first], count, out); },
      std::move(type), loc, what);
}

/// Reads elements [begin, end) of `a` (one device, or gathered from its
/// shards) into take(first, count, words), row-major words as Host::read
/// gives them; an array on one device is streamed without a host copy.
void readElements(const Array &a, int64_t begin, int64_t end, runtime::Host::ElementTake take);

/// The elements of `a`, one per word (bf16 bits in the low 16, int8 in the
/// low 8 bits sign-extended, as the Host reads them).
std::vector<uint32_t> download(const Array &a) {
  if (a.is_tracer() || (!a.buffer() && a.shardBuffers().empty()))
    throw Error("the array has no data (a tracer inside jit, or empty)");
  auto read = [](const runtime::Buffer &buffer) {
    auto words = runtime::Host::get().read(buffer);
    if (!words.ok())
      throw Error(std::string(words.status().message()));
    return *std::move(words);
  };
  if (a.buffer())
    return read(*a.buffer());
  // Gathered from the shards (replicated ones write the same elements).
  std::vector<uint32_t> whole(a.size());
  const auto &shards = a.shardBuffers();
  for (size_t d = 0; d < shards.size(); ++d) {
    const Shape &shard = shards[d]->type.shape;
    runtime::placeShard(whole, a.shape(), read(*shards[d]), shard,
                        runtime::shardOrigin(shard, *a.sharding(), d));
  }
  return whole;
}
}  // namespace

bool Array::tiled() const { return runtime::isTiledType(type_); }

Device Array::device() const {
  return buffer_ ? buffer_->device : !shards_.empty() ? shards_.front()->device : Device{};
}

std::vector<Array> Array::shards() const {
  if (!sharding_)
    return {*this};
  std::vector<Array> out;
  for (const auto &buffer : shards_)
    out.push_back(fromBuffer(buffer));
  return out;
}

namespace {
void readElements(const Array &a, int64_t begin, int64_t end, runtime::Host::ElementTake take) {
  if (a.is_tracer() || (!a.buffer() && a.shardBuffers().empty()))
    throw Error("the array has no data (a tracer inside jit, or empty)");
  if (a.buffer()) {
    if (auto st = runtime::Host::get().read(*a.buffer(), take, begin, end); !st.ok())
      throw Error(std::string(st.message()));
    return;
  }
  std::vector<uint32_t> whole = download(a);
  take(begin, end - begin, whole.data() + begin);
}

/// Rows [beginRow, endRow) of the leading dimension as an element range,
/// checked (a rank-0 array has one row).
std::pair<int64_t, int64_t> rowRange(const Array &a, int64_t beginRow, int64_t endRow,
                                     const char *what) {
  int64_t rows = a.shape().empty() ? 1 : a.shape()[0];
  if (beginRow < 0 || endRow > rows || beginRow > endRow)
    throw Error(std::string(what) + "(" + std::to_string(beginRow) + ", " +
                std::to_string(endRow) + ") of an array of shape " + to_string(a.shape()) +
                ": the rows must lie in [0, " + std::to_string(rows) + "]");
  int64_t perRow = rows == 0 ? 0 : a.size() / rows;
  return {beginRow * perRow, endRow * perRow};
}
}  // namespace

std::vector<float> Array::to_f32() const {
  return to_f32(0, shape().empty() ? 1 : shape()[0]);
}

namespace {
/// Rows [beginRow, endRow) of `a` as T, each element word through
/// convert.
template <typename T, typename Convert>
std::vector<T> readRows(const Array &a, int64_t beginRow, int64_t endRow, const char *what,
                        Convert convert) {
  auto [begin, end] = rowRange(a, beginRow, endRow, what);
  std::vector<T> out(end - begin);
  readElements(a, begin, end, [&](int64_t first, int64_t count, const uint32_t *words) {
    T *dst = out.data() + (first - begin);
    for (int64_t i = 0; i < count; ++i)
      dst[i] = convert(words[i]);
  });
  return out;
}
}  // namespace

std::vector<float> Array::to_f32(int64_t begin_row, int64_t end_row) const {
  if (!isFloat(dtype()))
    throw Error("to_f32() on an array of dtype " + to_string(dtype()) +
                "; to_f32 reads f32 and bf16 arrays (to_s32: s32, s8, pred)");
  bool bf16 = dtype() == DType::bfloat16;
  return readRows<float>(*this, begin_row, end_row, "to_f32", [bf16](uint32_t w) {
    return bf16 ? vmath::fromBf16Bits((uint16_t)w) : std::bit_cast<float>(w);
  });
}

std::vector<int32_t> Array::to_s32() const {
  return to_s32(0, shape().empty() ? 1 : shape()[0]);
}

std::vector<int32_t> Array::to_s32(int64_t begin_row, int64_t end_row) const {
  if ((!isInteger(dtype()) && dtype() != DType::bool_ && !isSemaphore(dtype())) ||
      dtype() == DType::uint32)
    throw Error("to_s32() on an array of dtype " + to_string(dtype()) +
                "; to_s32 reads s32, s16, s8, u16, u8, pred and semaphore arrays (to_u32: "
                "u32, u16, u8; to_f32: f32, bf16)");
  // The element words are already widened as the dtype's values.
  return readRows<int32_t>(*this, begin_row, end_row, "to_s32",
                           [](uint32_t w) { return (int32_t)w; });
}

std::vector<uint32_t> Array::to_u32() const {
  return to_u32(0, shape().empty() ? 1 : shape()[0]);
}

std::vector<uint32_t> Array::to_u32(int64_t begin_row, int64_t end_row) const {
  if (!isUnsigned(dtype()))
    throw Error("to_u32() on an array of dtype " + to_string(dtype()) +
                "; to_u32 reads u32, u16 and u8 arrays (to_s32: s32, s16, s8, pred; to_f32: "
                "f32, bf16)");
  return readRows<uint32_t>(*this, begin_row, end_row, "to_u32", [](uint32_t w) { return w; });
}

Array Array::reshape(Shape shape, std::source_location loc) const {
  checkShape(shape, dtype(), loc, "reshape");
  if (numElements(shape) != size())
    throwUserError(loc, "cannot reshape an array of shape " + to_string(type_.shape) +
                            " (" + std::to_string(size()) + " elements) to " +
                            to_string(shape));
  if (is_tracer())
    return trace_->bitcast(*this, {std::move(shape), dtype()}, loc);
  return fromBuffer(upload(download(*this), {std::move(shape), dtype()}, loc, "reshape"));
}

namespace {
/// An array of `dtype` from host data, each element's word made by
/// toWord (the upload streams; no copy of the data's size).
template <typename T, typename ToWord>
Array fromHost(const std::vector<T> &data, Shape shape, DType dtype,
               const std::source_location &loc, const char *what, ToWord toWord) {
  return Array::fromBuffer(upload(
      (int64_t)data.size(),
      [&](int64_t first, int64_t count, uint32_t *out) {
        const T *src = data.data() + first;
        for (int64_t i = 0; i < count; ++i)
          out[i] = toWord(src[i]);
      },
      {std::move(shape), dtype}, loc, what));
}

/// Host integers, each wrapped to the dtype as astype wraps (bool: != 0,
/// where `bools` allows them); `what` names the call in errors.
template <typename T>
Array fromIntegers(const std::vector<T> &data, Shape shape, DType dtype,
                   const std::source_location &loc, const char *what, bool bools) {
  checkHardwareDtype(dtype, loc, what);
  if (!isInteger(dtype) && !(bools && dtype == DType::bool_))
    throwUserError(loc, std::string(what) + " makes integer" + (bools ? " or pred" : "") +
                            " arrays, not " + to_string(dtype) +
                            " (from_f32 makes f32 and bf16 arrays)");
  return fromHost(data, std::move(shape), dtype, loc, what,
                  [dtype](T x) { return wrapToWord(dtype, (int64_t)x); });
}
}  // namespace

Array Array::from_f32(const std::vector<float> &data, Shape shape, DType dtype,
                      std::source_location loc) {
  checkHardwareDtype(dtype, loc, "from_f32");
  if (!isFloat(dtype))
    throwUserError(loc, "from_f32 makes f32 or bf16 arrays, not " + to_string(dtype) +
                            " (from_s32 and from_u32 make integer and pred arrays)");
  bool bf16 = dtype == DType::bfloat16;
  return fromHost(data, std::move(shape), dtype, loc, "from_f32", [bf16](float x) {
    return bf16 ? vmath::bf16Bits(x) : std::bit_cast<uint32_t>(x);
  });
}

Array Array::from_s32(const std::vector<int32_t> &data, Shape shape, DType dtype,
                      std::source_location loc) {
  return fromIntegers(data, std::move(shape), dtype, loc, "from_s32", /*bools=*/true);
}

Array Array::from_u32(const std::vector<uint32_t> &data, Shape shape, DType dtype,
                      std::source_location loc) {
  return fromIntegers(data, std::move(shape), dtype, loc, "from_u32", /*bools=*/false);
}

Array Array::fromBuffer(std::shared_ptr<runtime::Buffer> buffer) {
  Array a;
  a.type_ = buffer->type;
  a.buffer_ = std::move(buffer);
  return a;
}

Array Array::fromShards(ShapeDtypeStruct type, NamedSharding sharding,
                        std::vector<std::shared_ptr<runtime::Buffer>> shards) {
  Array a;
  a.type_ = std::move(type);
  a.sharding_ = std::make_shared<const NamedSharding>(std::move(sharding));
  a.shards_ = std::move(shards);
  return a;
}

Array Array::tracer(runtime::OuterTrace *trace, int value, ShapeDtypeStruct type) {
  Array a;
  a.type_ = std::move(type);
  a.trace_ = trace;
  a.traceValue_ = value;
  return a;
}

Array device_put(const Array &x, const NamedSharding &sharding, std::source_location loc) {
  if (x.is_tracer())
    throwUserError(loc, "device_put inside jit is not supported; place the array before the call");
  if (sharding.mesh.devices.empty())
    throwUserError(loc, "device_put: the sharding has no mesh (make_mesh)");
  auto shard = runtime::shardShape(x.aval(), sharding);
  if (!shard.ok())
    throwUserError(loc, "device_put: " + std::string(shard.status().message()));
  std::vector<uint32_t> whole = download(x);
  auto &host = runtime::Host::get();
  // At the same rows on every chip, as a kernel's remote copies expect.
  auto shards = host.allocateSymmetric(sharding.mesh.devices, {*shard, x.dtype()});
  if (!shards.ok())
    throwUserError(loc, "device_put: " + std::string(shards.status().message()));
  for (size_t d = 0; d < shards->size(); ++d) {
    auto words = runtime::sliceShard(whole, x.shape(), *shard,
                                     runtime::shardOrigin(*shard, sharding, d));
    if (auto st = host.write(*(*shards)[d], words); !st.ok())
      throwUserError(loc, std::string(st.message()));
  }
  return Array::fromShards(x.aval(), sharding, *std::move(shards));
}

Array device_put(const Array &x, const Device &device, std::source_location loc) {
  if (x.is_tracer())
    throwUserError(loc, "device_put inside jit is not supported; place the array before the call");
  auto &host = runtime::Host::get();
  auto buffer = host.allocate(device, x.aval());
  if (!buffer.ok())
    throwUserError(loc, "device_put: " + std::string(buffer.status().message()));
  if (auto st = host.write(**buffer, download(x)); !st.ok())
    throwUserError(loc, std::string(st.message()));
  return Array::fromBuffer(*std::move(buffer));
}

namespace jnp {
Array arange(int64_t n, DType dtype, std::source_location loc) {
  if (n < 0)
    throwUserError(loc, "arange of a negative length " + std::to_string(n));
  // The HBM capacity is checked before any host data of that size is built.
  ShapeDtypeStruct type{{n}, dtype};
  auto buffer = allocate(type, loc, "jnp.arange");
  std::vector<uint32_t> words(n);
  for (int64_t i = 0; i < n; ++i)
    words[i] = runtime::elementWord(dtype, (double)i);
  if (auto st = runtime::Host::get().write(*buffer, words); !st.ok())
    throwUserError(loc, std::string(st.message()));
  return Array::fromBuffer(std::move(buffer));
}

}  // namespace jnp

uint32_t runtime::elementWord(DType dtype, double number) {
  switch (dtype) {
  case DType::float32: return std::bit_cast<uint32_t>((float)number);
  case DType::bfloat16: return vmath::bf16Bits((float)number);
  default: return wrapToWord(dtype, (int64_t)number);
  }
}

Array runtime::filledArray(ShapeDtypeStruct type, uint32_t word, const std::source_location &loc,
                           const char *what) {
  // Checked and allocated first; zeros are filled in HBM without a host copy.
  auto buffer = allocate(std::move(type), loc, what);
  auto &host = runtime::Host::get();
  absl::Status st = word == 0 ? host.zero(*buffer)
                              : host.write(*buffer, std::vector<uint32_t>(
                                                        numElements(buffer->type.shape), word));
  if (!st.ok())
    throwUserError(loc, std::string(st.message()));
  return Array::fromBuffer(std::move(buffer));
}

}  // namespace tessera
