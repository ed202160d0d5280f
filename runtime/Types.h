//===- Types.h - dtypes, shapes and errors of the user API ----------------===//
//
// Small value types shared by the kernel DSL and the runtime. No MLIR here:
// users include these headers.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <source_location>
#include <stdexcept>
#include <string>
#include <vector>

namespace tessera {

/// Element types: jnp.float32 "f32", jnp.int32 "s32", jnp.bfloat16 "bf16",
/// jnp.int8 "s8", jnp.int16 "s16", jnp.uint8 "u8", jnp.uint16 "u16",
/// jnp.uint32 "u32", and bool_ "pred" (a mask in vector registers, a
/// predicate on the scalar unit, an int32 0/1 in memory). 16-bit dtypes pack
/// two rows to a 32-bit word, 8-bit ones four, as bf16 and int8 do.
/// dma_semaphore and semaphore: arrays of semaphores (Pallas'
/// pltpu.SemaphoreType.DMA / .REGULAR as a kernel's out_shape), a 32-bit
/// count each, passed from one kernel to another (README, "Semaphores").
enum class DType {
  float32, int32, bool_, bfloat16, int8, dma_semaphore, semaphore, int16, uint8, uint16, uint32,
  // Named so that a port names them, and refused: no TPU v4 type.
  int4, float8_e4m3fn, float8_e5m2
};
std::string to_string(DType dtype);
/// dma_semaphore and semaphore.
bool isSemaphore(DType dtype);
/// Why `dtype` has no TPU v4 arrays ("" if it has them): int4 and the fp8
/// dtypes (v5 and later).
std::string hardwareDtypeProblem(DType dtype);
/// Throws a user error at `loc` naming `what` when hardwareDtypeProblem is
/// not empty.
void checkHardwareDtype(DType dtype, const std::source_location &loc, const std::string &what);
/// Bytes per element in memory: 4 for 32-bit dtypes (bool is int32 in
/// memory), 2 for bf16 and 16-bit integers, 1 for 8-bit ones.
int itemsize(DType dtype);
/// Elements per 32-bit word along rows in the tiled layouts: 1 for 32-bit
/// dtypes, 2 for 16-bit ones, 4 for 8-bit ones (the (2,1) / (4,1)
/// sub-tiling).
int packing(DType dtype);
/// f32 and bf16.
bool isFloat(DType dtype);
/// The signed and unsigned integers (not bool).
bool isInteger(DType dtype);
/// u8, u16 and u32.
bool isUnsigned(DType dtype);
/// The 32-bit dtype that holds every value of `dtype` exactly, as the
/// vector unit computes it: f32 for floats, u32 for unsigned integers,
/// s32 for signed ones and bool (0 / 1).
DType wordDtype(DType dtype);
/// The values an integer dtype (or bool: [0, 1]) holds, as int64.
struct IntRange {
  int64_t lo, hi;
};
IntRange integerRange(DType dtype);
/// "[-128, 127]".
std::string to_string(IntRange range);
/// The element word of `dtype` from the low bits of `bits` (its itemsize):
/// sign-extended for signed integers, zero-extended otherwise (bf16 bits,
/// unsigned integers). Host reads and simulated memory agree on this form.
uint32_t elementWordOf(DType dtype, uint32_t bits);
/// An integer wrapped to `dtype` (two's complement, as astype and XLA's
/// convert wrap between integer dtypes), as its element word.
uint32_t wrapToWord(DType dtype, int64_t value);

using Shape = std::vector<int64_t>;
/// "[8, 128]".
std::string to_string(const Shape &shape);
/// a * b and a + b, or std::nullopt when the result does not fit in int64.
std::optional<int64_t> checkedMul(int64_t a, int64_t b);
std::optional<int64_t> checkedAdd(int64_t a, int64_t b);
/// Bytes of an array of `shape` and `dtype`, or std::nullopt when a
/// dimension is negative or the size does not fit in int64.
std::optional<int64_t> checkedNumBytes(const Shape &shape, DType dtype);
/// Why an array of `shape` and `dtype` cannot exist: a negative dimension,
/// or more elements or bytes than int64 counts ("" if it can).
std::string shapeProblem(const Shape &shape, DType dtype);
/// Throws a user error at `loc` naming `what` (e.g. "jnp.zeros") when
/// shapeProblem is not empty.
void checkShape(const Shape &shape, DType dtype, const std::source_location &loc,
                const std::string &what);
/// The largest rank of an array, a Ref or a value (as Mosaic on v4).
inline constexpr size_t kMaxRank = 5;
/// Whether `shape` is a batch of matrices: rank 3 to kMaxRank, its leading
/// dimensions (all but the last two) numbering matrices [M, N] that lie
/// one after another in memory and in registers (Mosaic's layout: the last
/// two dimensions tiled, the leading ones batches of tiles).
inline bool isBatchShape(const Shape &shape) {
  return shape.size() >= 3 && shape.size() <= kMaxRank;
}
/// The leading dimensions of a batch shape (empty for rank <= 2).
inline Shape batchDims(const Shape &shape) {
  return shape.size() <= 2 ? Shape{} : Shape(shape.begin(), shape.end() - 2);
}
/// The matrices of a shape: the product of its leading dimensions (1 for
/// rank <= 2).
int64_t numMatrices(const Shape &shape);
/// Rows from one matrix's start to the next's in memory (HBM and VMEM),
/// for a batch shape [..., M, N]: M rounded up to whole 8-row tiles, as
/// XLA's T(8,128) tiling of the minor two dimensions (and Mosaic's of a
/// memref's) pads each matrix; M itself for rank <= 2.
int64_t matrixStride(const Shape &shape);
/// The rows of the 2-D array [rows, N] a shape is in memory: B matrices
/// matrixStride apart, B * matrixStride (one matrix: its M rows, the
/// window of one matrix of a larger array); other ranks their first
/// dimension's.
int64_t memoryRows(const Shape &shape);
/// Where row `r` of an array of `shape`, counted as [B * M, N] counts its
/// rows, sits among the memoryRows: past the rows that pad the matrices
/// before its own (r itself for other ranks).
int64_t memoryRow(const Shape &shape, int64_t r);
/// Where element `e` (row-major) of an array of `shape` sits in the
/// row-major [memoryRows, N] memory of it (memoryRow of its row).
int64_t memoryElement(const Shape &shape, int64_t e);
/// Elements of `shape`; throws Error for a negative dimension or a count
/// that overflows int64 (user entry points call checkShape first).
int64_t numElements(const Shape &shape);
/// Bytes of an array of `shape` and `dtype`; throws Error like numElements.
int64_t numBytes(const Shape &shape, DType dtype);

/// jax.ShapeDtypeStruct: the type of an array without its data.
struct ShapeDtypeStruct {
  Shape shape;
  DType dtype = DType::float32;
  /// Mesh axes the value varies along (jax's manual_axis_type); needed when
  /// shard_map runs with check_vma = true.
  std::vector<std::string> vma = {};
  bool operator==(const ShapeDtypeStruct &o) const {
    return shape == o.shape && dtype == o.dtype;
  }
};
/// "f32[8,128]".
std::string to_string(const ShapeDtypeStruct &type);

/// "[0, 8), [16, 24)": the maximal runs of indices in [0, n) where
/// `missing` holds (the rows a warning names); at most a few are listed,
/// then " and N more ranges".
std::string runsWhere(int64_t n, const std::function<bool(int64_t)> &missing);

/// A user error: bad shape, dtype, window, too much VMEM, a Ref used outside
/// its kernel, a fault in the simulated kernel. The message starts with the
/// user's "file.cc:LINE: ".
class Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Throws Error("file.cc:LINE: message") for the user's source position.
[[noreturn]] void throwUserError(const std::source_location &loc, const std::string &message);
/// "file.cc:LINE" (basename).
std::string positionString(const std::source_location &loc);

/// A value together with the user's source position of the expression that
/// produced it. Conversions into At<T> happen at the call site, so the
/// default argument captures the user's line even for operators.
template <class T>
struct At {
  T value;
  std::source_location loc;
  At(const T &v, std::source_location loc = std::source_location::current())
      : value(v), loc(loc) {}
};

}  // namespace tessera
