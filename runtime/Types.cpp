//===- Types.cpp - dtypes, shapes and user errors -------------------------===//
#include "runtime/Types.h"

#include "absl/strings/str_cat.h"
#include "sim/MachineDesc.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace tessera {

std::string to_string(DType dtype) {
  switch (dtype) {
  case DType::float32: return "f32";
  case DType::int32: return "s32";
  case DType::bool_: return "pred";
  case DType::bfloat16: return "bf16";
  case DType::int8: return "s8";
  case DType::int16: return "s16";
  case DType::uint8: return "u8";
  case DType::uint16: return "u16";
  case DType::uint32: return "u32";
  case DType::int4: return "s4";
  case DType::float8_e4m3fn: return "f8e4m3fn";
  case DType::float8_e5m2: return "f8e5m2";
  case DType::dma_semaphore: return "dma_sem";
  case DType::semaphore: return "sem";
  }
  return "?";
}

int itemsize(DType dtype) {
  switch (dtype) {
  case DType::bfloat16:
  case DType::int16:
  case DType::uint16: return 2;
  case DType::int8:
  case DType::uint8: return 1;
  default: return 4;
  }
}

int packing(DType dtype) { return 4 / itemsize(dtype); }

bool isFloat(DType dtype) { return dtype == DType::float32 || dtype == DType::bfloat16; }

bool isInteger(DType dtype) {
  return dtype == DType::int32 || dtype == DType::int8 || dtype == DType::int16 ||
         isUnsigned(dtype);
}

bool isUnsigned(DType dtype) {
  return dtype == DType::uint8 || dtype == DType::uint16 || dtype == DType::uint32;
}

DType wordDtype(DType dtype) {
  return isFloat(dtype) ? DType::float32 : isUnsigned(dtype) ? DType::uint32 : DType::int32;
}

IntRange integerRange(DType dtype) {
  if (dtype == DType::bool_)
    return {0, 1};
  int bits = 8 * itemsize(dtype);
  if (isUnsigned(dtype))
    return {0, (int64_t{1} << bits) - 1};
  return {-(int64_t{1} << (bits - 1)), (int64_t{1} << (bits - 1)) - 1};
}

std::string to_string(IntRange range) {
  return "[" + std::to_string(range.lo) + ", " + std::to_string(range.hi) + "]";
}

uint32_t elementWordOf(DType dtype, uint32_t bits) {
  int size = itemsize(dtype);
  if (size == 4)
    return bits;
  int shift = 32 - 8 * size;
  bool sign = isInteger(dtype) && !isUnsigned(dtype);
  return sign ? (uint32_t)((int32_t)(bits << shift) >> shift) : (bits << shift) >> shift;
}

uint32_t wrapToWord(DType dtype, int64_t value) {
  if (dtype == DType::bool_)
    return value != 0;
  return elementWordOf(dtype, (uint32_t)(uint64_t)value);
}

std::string hardwareDtypeProblem(DType dtype) {
  switch (dtype) {
  case DType::int4:
    return "int4 (s4) is not a TPU v4 dtype: the v4 vector unit and MXU have no 4-bit "
           "integers (Pallas TPU does not support int4); use int8";
  case DType::float8_e4m3fn:
  case DType::float8_e5m2:
    return to_string(dtype) + " is not a TPU v4 dtype: fp8 exists on TPU v5 and later (for "
                              "matmuls); on v4 use bfloat16";
  default: return "";
  }
}

void checkHardwareDtype(DType dtype, const std::source_location &loc, const std::string &what) {
  if (std::string problem = hardwareDtypeProblem(dtype); !problem.empty())
    throwUserError(loc, what + ": " + problem);
}

bool isSemaphore(DType dtype) {
  return dtype == DType::dma_semaphore || dtype == DType::semaphore;
}

std::string to_string(const Shape &shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

std::optional<int64_t> checkedMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

std::optional<int64_t> checkedAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

std::optional<int64_t> checkedNumBytes(const Shape &shape, DType dtype) {
  std::optional<int64_t> n = itemsize(dtype);
  for (int64_t d : shape)
    if (d < 0 || !n || !(n = checkedMul(*n, d)))
      return std::nullopt;
  return n;
}

std::string shapeProblem(const Shape &shape, DType dtype) {
  for (size_t i = 0; i < shape.size(); ++i)
    if (shape[i] < 0)
      return "shape " + to_string(shape) + " has a negative dimension (" +
             std::to_string(shape[i]) + " in dimension " + std::to_string(i) + ")";
  if (!checkedNumBytes(shape, dtype))
    return "shape " + to_string(shape) + " is too large: its size in bytes (" +
           to_string(dtype) + ") does not fit in 64 bits";
  return "";
}

void checkShape(const Shape &shape, DType dtype, const std::source_location &loc,
                const std::string &what) {
  checkHardwareDtype(dtype, loc, what);
  if (std::string problem = shapeProblem(shape, dtype); !problem.empty())
    throwUserError(loc, what + ": " + problem);
}

int64_t numElements(const Shape &shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d < 0)
      throw Error("shape " + to_string(shape) + " has a negative dimension");
    std::optional<int64_t> m = checkedMul(n, d);
    if (!m)
      throw Error("shape " + to_string(shape) + " has more elements than fit in 64 bits");
    n = *m;
  }
  return n;
}

int64_t numMatrices(const Shape &shape) { return numElements(batchDims(shape)); }

int64_t matrixStride(const Shape &shape) {
  if (!isBatchShape(shape))
    return shape.empty() ? 1 : shape[0];
  int64_t m = shape[shape.size() - 2], tile = machine::kSublanes;
  return (m + tile - 1) / tile * tile;
}

int64_t memoryRow(const Shape &shape, int64_t r) {
  if (!isBatchShape(shape))
    return r;
  int64_t m = shape[shape.size() - 2];
  return r / m * matrixStride(shape) + r % m;
}

int64_t memoryElement(const Shape &shape, int64_t e) {
  if (!isBatchShape(shape))
    return e;
  int64_t n = shape.back();
  return memoryRow(shape, e / n) * n + e % n;
}

int64_t memoryRows(const Shape &shape) {
  if (!isBatchShape(shape))
    return shape.empty() ? 1 : shape[0];
  int64_t n = numMatrices(shape);
  return n == 1 ? shape[shape.size() - 2] : n * matrixStride(shape);
}

int64_t numBytes(const Shape &shape, DType dtype) {
  std::optional<int64_t> bytes = checkedMul(numElements(shape), itemsize(dtype));
  if (!bytes)
    throw Error("shape " + to_string(shape) + " is too large: its size in bytes does not "
                "fit in 64 bits");
  return *bytes;
}

std::string runsWhere(int64_t n, const std::function<bool(int64_t)> &missing) {
  constexpr size_t kMaxListed = 8;
  std::vector<std::string> runs;
  size_t more = 0;
  for (int64_t i = 0; i < n;) {
    if (!missing(i)) {
      ++i;
      continue;
    }
    int64_t start = i;
    while (i < n && missing(i))
      ++i;
    if (runs.size() < kMaxListed)
      runs.push_back(absl::StrFormat("[%d, %d)", start, i));
    else
      ++more;
  }
  std::string out = absl::StrJoin(runs, ", ");
  if (more)
    absl::StrAppend(&out, " and ", more, " more ranges");
  return out;
}

std::string to_string(const ShapeDtypeStruct &type) {
  std::string s = to_string(type.dtype) + "[";
  for (size_t i = 0; i < type.shape.size(); ++i)
    s += (i ? "," : "") + std::to_string(type.shape[i]);
  return s + "]";
}

std::string positionString(const std::source_location &loc) {
  // The file name without its directories, as std::filesystem::path's
  // filename() gives it on POSIX (without building a path and splitting it:
  // every kernel call asks for its position).
  absl::string_view file = loc.file_name();
  file.remove_prefix(file.rfind('/') + 1);
  return absl::StrCat(file, ":", loc.line());
}

void throwUserError(const std::source_location &loc, const std::string &message) {
  throw Error(positionString(loc) + ": " + message);
}

}  // namespace tessera
