//===- Kernel.h - Pallas kernels in C++: Refs, values, DMAs, pl::kernel ---===//
//
// The kernel half of the user API, named after Pallas:
//
//   auto kernel = pl::kernel({.out_type = ShapeDtypeStruct{x.shape(), x.dtype()},
//                             .mesh = tc_mesh,
//                             .scratch_types = {pltpu::VMEM(x.shape(), x.dtype()),
//                                               pltpu::SemaphoreType::DMA},
//                             .name = "scale"},
//       [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
//         pltpu::async_copy(x_hbm, x_vmem, sem).wait();
//         x_vmem[___] = x_vmem[___] * 2.0;
//         pltpu::async_copy(x_vmem, o_hbm, sem).wait();
//       });
//
// The body runs once, at trace time: every Ref read, write, operator and DMA
// records an op of the kernel IR carrying the user's source line. Handles
// (Ref, Value) are small and cheap to copy; a handle used outside the kernel
// that made it is an error. No MLIR type appears here.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <source_location>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "runtime/Array.h"
#include "runtime/Types.h"

namespace tessera {

namespace runtime {
struct KernelBinary;
}  // namespace runtime

namespace detail {
class KernelTrace;
struct RefMeta;
}  // namespace detail

/// Where a Ref's memory is (pltpu.ANY, VMEM, SMEM, semaphore memory).
enum class MemorySpace { ANY, HBM, VMEM, SMEM, SEMAPHORE };
std::string to_string(MemorySpace space);

class Scalar;
struct Index;

/// A traced array value: lives in vector registers, never in a Ref.
class Value {
public:
  Value() = default;
  const Shape &shape() const { return type_.shape; }
  DType dtype() const { return type_.dtype; }
  int ndim() const { return (int)type_.shape.size(); }

  /// x.astype(dtype): float -> int truncates toward zero and saturates (NaN
  /// -> 0); int -> float and f32 -> bf16 round to nearest even; int32 ->
  /// int8 wraps; x -> bool is x != 0.
  Value astype(DType dtype, std::source_location loc = std::source_location::current()) const;
  /// x.T: jnp::transpose(x) (2-D, on the XLU; dsl/Values.h).
  Value T(std::source_location loc = std::source_location::current()) const;
  /// x.reshape(shape) == jnp::reshape(x, shape): only where no element
  /// changes vreg (dropping or re-adding a dimension of size 1).
  Value reshape(Shape shape, std::source_location loc = std::source_location::current()) const;
  /// a.matmul(b) == jnp::matmul(a, b) (a @ b).
  Value matmul(const Value &b, std::source_location loc = std::source_location::current()) const;
  /// x[i, j] of a value (x[a, i, j] of rank 3, ...; Pallas' `v[0, 0]`):
  /// the element as a Scalar, moved to the scalar unit (`vextract`).
  /// Indices are numbers in range; a bf16 element is an f32 Scalar, an
  /// 8- or 16-bit integer an int32 (uint32 for unsigned) one, a bool a
  /// predicate. A run-time index is an error (a VMEM Ref's x_ref(i, j)
  /// takes one).
  Scalar operator()(const Index &i, const Index &j,
                    std::source_location loc = std::source_location::current()) const;
  Scalar operator()(const Index &a, const Index &i, const Index &j,
                    std::source_location loc = std::source_location::current()) const;
  Scalar operator()(const Index &a, const Index &b, const Index &i, const Index &j,
                    std::source_location loc = std::source_location::current()) const;
  Scalar operator()(const Index &a, const Index &b, const Index &c, const Index &i,
                    const Index &j,
                    std::source_location loc = std::source_location::current()) const;

  // Tracing internals.
  Value(uint64_t trace, int id, ShapeDtypeStruct type)
      : trace_(trace), id_(id), type_(std::move(type)) {}
  uint64_t traceId() const { return trace_; }
  int id() const { return id_; }

private:
  uint64_t trace_ = 0;
  int id_ = -1;
  ShapeDtypeStruct type_;
};

// The operators and jnp / lax / pl functions on Values: dsl/Values.h
// (included at the end of this header).

/// A traced 32-bit scalar on the scalar unit: an int32 (read from SMEM, a
/// loop index, pl::program_id) or a predicate (dtype bool_, a comparison's
/// result). Usable as a run-time window start, pl::ds(i * 8, 8), as a loop
/// bound and as a condition of pl::when / lax::cond.
class Scalar {
public:
  Scalar() = default;
  DType dtype() const { return dtype_; }
  /// s.astype(dt) between int32, f32 and predicates: int32 -> f32 the
  /// nearest f32; f32 -> int32 truncates toward zero, saturating, NaN -> 0
  /// (as a Value's astype); -> bool_ is `s != 0`.
  Scalar astype(DType dtype, std::source_location loc = std::source_location::current()) const;

  // Tracing internals.
  Scalar(uint64_t trace, int id, DType dtype) : trace_(trace), id_(id), dtype_(dtype) {}
  uint64_t traceId() const { return trace_; }
  int id() const { return id_; }

private:
  uint64_t trace_ = 0;
  int id_ = -1;
  DType dtype_ = DType::int32;
};

/// One index of an element (`x_ref(i, j)`, `v(i, j)`): a number, or an
/// int32 Scalar known only at run time.
struct Index {
  Index(int64_t i) : value(i) {}
  Index(const Scalar &s) : dynamic(s) {}
  int64_t value = 0;
  std::optional<Scalar> dynamic;
};

/// int32 scalar arithmetic on the scalar unit (wrapping, as the hardware).
/// `/` and `%` have C semantics: the quotient truncates toward zero and the
/// remainder takes the dividend's sign; a divisor of 0 is an error (at
/// compile time for a constant, a fault at run time otherwise).
Scalar operator+(At<Scalar> a, const Scalar &b);
Scalar operator-(At<Scalar> a, const Scalar &b);
Scalar operator*(At<Scalar> a, const Scalar &b);
Scalar operator/(At<Scalar> a, const Scalar &b);
Scalar operator%(At<Scalar> a, const Scalar &b);
Scalar operator&(At<Scalar> a, const Scalar &b);
Scalar operator|(At<Scalar> a, const Scalar &b);
Scalar operator^(At<Scalar> a, const Scalar &b);
Scalar operator<<(At<Scalar> a, const Scalar &b);
Scalar operator>>(At<Scalar> a, const Scalar &b);  // arithmetic shift
Scalar operator+(At<Scalar> a, int64_t b);
Scalar operator-(At<Scalar> a, int64_t b);
Scalar operator*(At<Scalar> a, int64_t b);
Scalar operator/(At<Scalar> a, int64_t b);
Scalar operator%(At<Scalar> a, int64_t b);
Scalar operator&(At<Scalar> a, int64_t b);
Scalar operator|(At<Scalar> a, int64_t b);
Scalar operator^(At<Scalar> a, int64_t b);
Scalar operator<<(At<Scalar> a, int64_t b);
Scalar operator>>(At<Scalar> a, int64_t b);
Scalar operator+(int64_t a, At<Scalar> b);
Scalar operator-(int64_t a, At<Scalar> b);
Scalar operator*(int64_t a, At<Scalar> b);
Scalar operator-(At<Scalar> a);

/// Comparisons give predicates (dtype bool_); `&&`, `||`, `!` combine them
/// (both sides are always evaluated: they are traced, not short-circuited).
Scalar operator<(At<Scalar> a, const Scalar &b);
Scalar operator<=(At<Scalar> a, const Scalar &b);
Scalar operator>(At<Scalar> a, const Scalar &b);
Scalar operator>=(At<Scalar> a, const Scalar &b);
Scalar operator==(At<Scalar> a, const Scalar &b);
Scalar operator!=(At<Scalar> a, const Scalar &b);
Scalar operator<(At<Scalar> a, int64_t b);
Scalar operator<=(At<Scalar> a, int64_t b);
Scalar operator>(At<Scalar> a, int64_t b);
Scalar operator>=(At<Scalar> a, int64_t b);
Scalar operator==(At<Scalar> a, int64_t b);
Scalar operator!=(At<Scalar> a, int64_t b);
Scalar operator<(int64_t a, At<Scalar> b);
Scalar operator<=(int64_t a, At<Scalar> b);
Scalar operator>(int64_t a, At<Scalar> b);
Scalar operator>=(int64_t a, At<Scalar> b);
Scalar operator==(int64_t a, At<Scalar> b);
Scalar operator!=(int64_t a, At<Scalar> b);
Scalar operator&&(At<Scalar> a, const Scalar &b);
Scalar operator||(At<Scalar> a, const Scalar &b);
Scalar operator!(At<Scalar> a);

/// f32 scalars (from an f32 SMEM Ref, `astype`, or a C++ double): + - * /,
/// comparisons, jnp::maximum / minimum, unary -, on the scalar unit
/// (`sadd.f32` ...); an int32 operand is converted to f32 first, a C++
/// integer beside an f32 scalar is f32 (weak typing). `%`, bitwise ops and
/// shifts of f32 scalars are errors.
namespace detail {
Scalar scalarWithDouble(char op, const Scalar &a, double c, bool constantFirst,
                        const std::source_location &loc);
Scalar compareWithDouble(int pred, const Scalar &a, double c, bool constantFirst,
                         const std::source_location &loc);
int comparePredicate(const char *op);
template <class T>
inline constexpr bool kIsFloat = std::is_floating_point_v<T>;
}  // namespace detail
#define TESSERA_SCALAR_DOUBLE(OPSYM)                                                  \
  template <class T, std::enable_if_t<detail::kIsFloat<T>, int> = 0>                  \
  Scalar operator OPSYM(At<Scalar> a, T b) {                                          \
    return detail::scalarWithDouble((#OPSYM)[0], a.value, (double)b, false, a.loc);   \
  }                                                                                   \
  template <class T, std::enable_if_t<detail::kIsFloat<T>, int> = 0>                  \
  Scalar operator OPSYM(T a, At<Scalar> b) {                                          \
    return detail::scalarWithDouble((#OPSYM)[0], b.value, (double)a, true, b.loc);    \
  }
TESSERA_SCALAR_DOUBLE(+)
TESSERA_SCALAR_DOUBLE(-)
TESSERA_SCALAR_DOUBLE(*)
TESSERA_SCALAR_DOUBLE(/)
#undef TESSERA_SCALAR_DOUBLE
#define TESSERA_SCALAR_DOUBLE_COMPARE(OPSYM)                                          \
  template <class T, std::enable_if_t<detail::kIsFloat<T>, int> = 0>                  \
  Scalar operator OPSYM(At<Scalar> a, T b) {                                          \
    return detail::compareWithDouble(detail::comparePredicate(#OPSYM), a.value,       \
                                     (double)b, false, a.loc);                        \
  }                                                                                   \
  template <class T, std::enable_if_t<detail::kIsFloat<T>, int> = 0>                  \
  Scalar operator OPSYM(T a, At<Scalar> b) {                                          \
    return detail::compareWithDouble(detail::comparePredicate(#OPSYM), b.value,       \
                                     (double)a, true, b.loc);                         \
  }
TESSERA_SCALAR_DOUBLE_COMPARE(<)
TESSERA_SCALAR_DOUBLE_COMPARE(<=)
TESSERA_SCALAR_DOUBLE_COMPARE(>)
TESSERA_SCALAR_DOUBLE_COMPARE(>=)
TESSERA_SCALAR_DOUBLE_COMPARE(==)
TESSERA_SCALAR_DOUBLE_COMPARE(!=)
#undef TESSERA_SCALAR_DOUBLE_COMPARE

namespace jnp {
/// jnp.maximum / jnp.minimum of int32 scalars; jnp.where on a predicate.
Scalar maximum(const Scalar &a, const Scalar &b,
               std::source_location loc = std::source_location::current());
Scalar minimum(const Scalar &a, const Scalar &b,
               std::source_location loc = std::source_location::current());
Scalar where(const Scalar &cond, const Scalar &a, const Scalar &b,
             std::source_location loc = std::source_location::current());
}  // namespace jnp

namespace pl {
/// pl.multiple_of(x, m): the identity, and a promise that x % m == 0 that the
/// compiler relies on (a dynamic VMEM row start must be a multiple of 8).
Scalar multiple_of(const Scalar &x, int64_t m,
                   std::source_location loc = std::source_location::current());
}  // namespace pl

/// `...` in `x_vmem[...]`: the whole Ref.
struct Ellipsis {};
inline constexpr Ellipsis ___{};

/// A window of one dimension: [start, start + size). size < 0: to the end.
/// A run-time start (a Scalar) adds to the static one; a run-time size (a
/// DMA window's first dimension only) replaces the static one. With a
/// stride, the size elements start, start + stride, ... (Pallas' strided
/// pl.ds: rows of a VMEM Ref, loaded or stored).
struct Slice {
  int64_t start = 0;
  int64_t size = -1;
  std::optional<Scalar> dynamicStart = std::nullopt;
  std::optional<Scalar> dynamicSize = std::nullopt;
  int64_t stride = 1;
};

namespace pl {
/// pl.ds(start, size).
inline Slice ds(int64_t start, int64_t size) { return {start, size}; }
/// pl.ds(start, size) with a start known only at run time.
inline Slice ds(Scalar start, int64_t size) { return {0, size, start}; }
/// pl.ds(start, n) with a size known only at run time: the first dimension
/// of a DMA's windows (x_hbm.at(pl::ds(i, n))), bounds-checked at run time.
inline Slice ds(int64_t start, Scalar size) { return {start, -1, std::nullopt, size}; }
inline Slice ds(Scalar start, Scalar size) { return {0, -1, start, size}; }
/// pl.ds(start, size, stride): size rows, stride apart (rows of a VMEM Ref
/// to load or store; not the lanes, as in Pallas).
inline Slice ds(int64_t start, int64_t size, int64_t stride) {
  return {start, size, std::nullopt, std::nullopt, stride};
}
inline Slice ds(Scalar start, int64_t size, int64_t stride) {
  return {0, size, start, std::nullopt, stride};
}
/// Python's start:stop.
inline Slice slice(int64_t start, int64_t stop) { return {start, stop - start}; }
/// Python's bare `:`.
inline constexpr Slice all{0, -1};
}  // namespace pl

class RefAccess;
class ScalarAccess;
class ArrayLike;

/// A reference to memory: a kernel argument, a scratch buffer, or a window
/// of one. Reading or writing it through [] or () records a load or store;
/// .at() makes a smaller Ref (for DMAs).
class Ref {
public:
  Ref() = default;
  const Shape &shape() const;
  DType dtype() const;
  MemorySpace memory_space() const;
  const std::string &name() const;

  /// x_ref[...]: the whole Ref, as a value to read or a place to write.
  RefAccess operator[](At<Ellipsis> all) const;
  /// x_ref[0:8] (rows; the other dimensions whole).
  RefAccess operator[](At<Slice> rows) const;
  /// s_ref[i] of an SMEM Ref: one scalar to read, or a place to write
  /// (`s_ref[i] = v`). The index may be known only at run time.
  ScalarAccess operator[](At<int64_t> index) const;
  ScalarAccess operator[](At<Scalar> index) const;
  /// x_ref[0:8, 0:128]; of a rank-3 Ref, the leading indices and rows.
  RefAccess operator()(Slice rows, Slice cols,
                       std::source_location loc = std::source_location::current()) const;
  /// x_ref[0:2, 0:8, 0:128] of a rank-3 Ref [B, M, N] (several matrices:
  /// all of their rows).
  RefAccess operator()(Slice lead, Slice rows, Slice cols,
                       std::source_location loc = std::source_location::current()) const;
  /// x_ref[a, b, rows, cols] of a rank-4 Ref, x_ref[a, b, c, rows, cols] of
  /// a rank-5 one: windows of the leading dimensions that are one run of
  /// matrices (after the first dimension taking several indices the later
  /// ones are whole; several matrices take all their rows).
  RefAccess operator()(Slice d0, Slice d1, Slice rows, Slice cols,
                       std::source_location loc = std::source_location::current()) const;
  RefAccess operator()(Slice d0, Slice d1, Slice d2, Slice rows, Slice cols,
                       std::source_location loc = std::source_location::current()) const;

  /// x_ref[i, j] (x_ref[a, i, j] of rank 3, ...): one element as a Scalar
  /// to read, or a place to write (`x_ref(i, j) = s`). Of an SMEM Ref of
  /// rank 1 or 2 an `sld` / `sst`; of a VMEM Ref the row's tile is loaded
  /// and the element moved to the scalar unit (`vextract`), and a write
  /// merges it into its row (a load, a select, a store). Indices may be
  /// int32 Scalars; a run-time column reads the whole row (a select and a
  /// lane reduction) and is checked against the Ref at run time. Scalars
  /// of packed dtypes are wider, as Value's operator().
  ScalarAccess operator()(const Index &i, const Index &j,
                          std::source_location loc = std::source_location::current()) const;
  ScalarAccess operator()(const Index &a, const Index &i, const Index &j,
                          std::source_location loc = std::source_location::current()) const;
  ScalarAccess operator()(const Index &a, const Index &b, const Index &i, const Index &j,
                          std::source_location loc = std::source_location::current()) const;
  ScalarAccess operator()(const Index &a, const Index &b, const Index &c, const Index &i,
                          const Index &j,
                          std::source_location loc = std::source_location::current()) const;

  /// x_ref.at[pl.ds(8, 8)]: a window of rows (and columns); of a Ref of
  /// rank 3 to 5, x_ref.at[:, 8:16, :] and the like (several matrices
  /// and a part of their rows too: loaded, stored and windowed one matrix
  /// at a time, not a DMA end).
  Ref at(Slice rows, std::source_location loc = std::source_location::current()) const;
  Ref at(Slice rows, Slice cols,
         std::source_location loc = std::source_location::current()) const;
  Ref at(Slice lead, Slice rows, Slice cols,
         std::source_location loc = std::source_location::current()) const;
  Ref at(Slice d0, Slice d1, Slice rows, Slice cols,
         std::source_location loc = std::source_location::current()) const;
  Ref at(Slice d0, Slice d1, Slice d2, Slice rows, Slice cols,
         std::source_location loc = std::source_location::current()) const;
  /// sem.at[i] of a semaphore array: one semaphore (i may be a run-time
  /// Scalar, e.g. the slot of a double buffer); x_ref.at[b] of a Ref of
  /// rank 3 to 5: index b of its leading dimension, a Ref of one rank less
  /// (of a rank-3 Ref [B, M, N], matrix b, a 2-D Ref [M, N]).
  Ref at(int64_t index, std::source_location loc = std::source_location::current()) const;
  Ref at(const Scalar &index, std::source_location loc = std::source_location::current()) const;
  /// x_ref.reshape(*shape) of a VMEM or HBM Ref: the same memory seen
  /// with another shape where the tiled layout keeps every element in
  /// place, as Pallas' Ref reshape: leading dimensions renumbered
  /// ([2, 3, M, N] <-> [6, M, N]), merged into the rows or split out of them
  /// in whole tiles ([B, M, N] <-> [B * M, N], M a multiple of 8, 16 bf16,
  /// 32 int8), dimensions of 1 added or dropped before the last two; usable
  /// for loads, stores and as DMA ends. Others: a user error naming the rule.
  Ref reshape(Shape shape, std::source_location loc = std::source_location::current()) const;
  /// x_ref.bitcast(dt) of a VMEM Ref: the same memory as another dtype of
  /// any width but bool's (shape[-2] scaled by the ratio of the widths, as
  /// pltpu::bitcast of a value: f32[8, 128] <-> bf16[16, 128]); loads and
  /// stores of it reinterpret whole values (no instruction). Windows are
  /// taken before the bitcast (x_ref.at(...).bitcast(dt)); a DMA of a
  /// bitcast Ref is an error (copy the Ref itself).
  Ref bitcast(DType dtype, std::source_location loc = std::source_location::current()) const;

  // Tracing internals.
  explicit Ref(std::shared_ptr<const detail::RefMeta> meta) : meta_(std::move(meta)) {}
  const detail::RefMeta &meta() const;

private:
  std::shared_ptr<const detail::RefMeta> meta_;
};

/// The result of x_ref[...]: the value read there (recorded as a load), and
/// a place that `= value` stores to (then the load is dropped). Assignment
/// works only on the access itself (`x_ref[...] = v`), never on a variable
/// holding one: `auto a = x_ref[...]; a = a * 2;` would silently write the
/// Ref, so it does not compile; hold values as `Value a = x_ref[...]`.
class RefAccess : public Value {
public:
  RefAccess(const RefAccess &) = default;
  /// x_ref[...] = value. The store is placed at this access's line.
  RefAccess &operator=(const Value &value) &&;
  RefAccess &operator=(const RefAccess &value) &&;
  /// x_ref[...] = 0.0 (broadcast; converted to the Ref's dtype).
  RefAccess &operator=(double scalar) &&;
  /// x_ref[...] += v and the other compound assignments: a load, the
  /// operator, a store (all at this line).
  RefAccess &operator+=(const ArrayLike &v) &&;
  RefAccess &operator-=(const ArrayLike &v) &&;
  RefAccess &operator*=(const ArrayLike &v) &&;
  RefAccess &operator/=(const ArrayLike &v) &&;

  // Tracing internals.
  RefAccess(Value loaded, Ref window, std::source_location loc)
      : Value(std::move(loaded)), window_(std::move(window)), loc_(loc) {}

private:
  Ref window_;
  std::source_location loc_;
};

/// The result of s_ref[i] on an SMEM Ref: the scalar read there, and a place
/// that `= v` writes (then the read is dropped). As with RefAccess, hold
/// values as `Scalar v = s_ref[i]`.
class ScalarAccess : public Scalar {
public:
  ScalarAccess(const ScalarAccess &) = default;
  ScalarAccess &operator=(const Scalar &value) &&;
  ScalarAccess &operator=(const ScalarAccess &value) &&;
  ScalarAccess &operator=(int64_t value) &&;
  /// An f32 SMEM element (an int32 one: an error, as a float scalar).
  template <class T, std::enable_if_t<std::is_floating_point_v<T>, int> = 0>
  ScalarAccess &operator=(T value) && {
    return std::move(*this).assignDouble((double)value);
  }

  // Tracing internals. `indices`: one per dimension of `ref`.
  ScalarAccess(Scalar loaded, Ref ref, std::vector<Index> indices, std::source_location loc)
      : Scalar(std::move(loaded)), ref_(std::move(ref)), indices_(std::move(indices)),
        loc_(loc) {}

private:
  ScalarAccess &assignDouble(double value) &&;
  Ref ref_;
  std::vector<Index> indices_;
  std::source_location loc_;
};

namespace pltpu {

/// pltpu.TensorCoreMesh(axis_name, num_cores).
struct TensorCoreMesh {
  std::string axis_name = "tc";
  int num_cores = 1;
};

/// One entry of scratch_types.
/// What a semaphore counts (pltpu.SemaphoreType): DMA semaphores count the
/// bytes of DMAs and are waited through their descriptors; REGULAR and
/// BARRIER ones count pl::semaphore_signal's increments (the same hardware
/// counters; BARRIER is the kind pltpu::core_barrier uses).
enum class SemaphoreKind { DMA, REGULAR, BARRIER };

struct ScratchType {
  MemorySpace space = MemorySpace::VMEM;
  Shape shape;
  DType dtype = DType::float32;
  /// Semaphores (space SEMAPHORE): their kind.
  SemaphoreKind semaphore = SemaphoreKind::DMA;
  /// Where it was declared (pltpu::VMEM(...), ...): a bad declaration is
  /// an error at this line. Empty (line 0) for `SemaphoreType::DMA` without
  /// a shape: such errors name the kernel.
  std::source_location loc = {};

  /// As an out_shape entry (a semaphore array another kernel may use:
  /// `.out_type = {..., pltpu::SemaphoreType::DMA(2)}`): its ShapeDtypeStruct
  /// (dtype dma_semaphore or semaphore). Other scratch types are an error
  /// at their declaration.
  operator ShapeDtypeStruct() const;

  /// The bytes a VMEM scratch occupies: whole (8, 128) tiles, so a Ref of
  /// one 32-bit row reserves 8 rows and one of a column 128 lanes per row;
  /// std::nullopt if that does not fit in 64 bits.
  std::optional<int64_t> vmemBytes() const;
};

/// pltpu.VMEM(shape, dtype): a scratch buffer in the TensorCore's VMEM.
ScratchType VMEM(Shape shape, DType dtype,
                 std::source_location loc = std::source_location::current());
/// pltpu.SMEM(shape, dtype): scalar scratch (1-D, int32) in the TensorCore's
/// SMEM, read and written one scalar at a time; it persists across grid steps.
ScratchType SMEM(Shape shape, DType dtype,
                 std::source_location loc = std::source_location::current());

/// pltpu.SemaphoreType.DMA, .REGULAR, .BARRIER: one semaphore, and
/// .DMA((n,)) (`DMA(n)`) for an array of n.
struct SemaphoreOfKind {
  SemaphoreKind kind;
  ScratchType operator()(Shape shape,
                         std::source_location loc = std::source_location::current()) const;
  ScratchType operator()(int64_t n,
                         std::source_location loc = std::source_location::current()) const {
    return (*this)(Shape{n}, loc);
  }
  operator ScratchType() const { return {MemorySpace::SEMAPHORE, {}, DType::int32, kind}; }
  /// As an out_shape entry: one semaphore another kernel may use.
  operator ShapeDtypeStruct() const { return ScratchType(*this); }
};
struct SemaphoreType {
  static constexpr SemaphoreOfKind DMA{SemaphoreKind::DMA};
  static constexpr SemaphoreOfKind REGULAR{SemaphoreKind::REGULAR};
  static constexpr SemaphoreOfKind BARRIER{SemaphoreKind::BARRIER};
};

/// One entry of dimension_semantics.
enum class GridDimensionSemantics { PARALLEL, ARBITRARY };
inline constexpr GridDimensionSemantics PARALLEL = GridDimensionSemantics::PARALLEL;
inline constexpr GridDimensionSemantics ARBITRARY = GridDimensionSemantics::ARBITRARY;

/// pltpu.CompilerParams. Checks are on by default, as in Pallas.
struct CompilerParams {
  /// One per grid axis of a pallas_call (empty: all ARBITRARY). Parallel
  /// axes must come first; their points are split across the chip's two
  /// TensorCores (README, "Megacore"), ARBITRARY axes run in order on the
  /// core of their point.
  std::vector<GridDimensionSemantics> dimension_semantics = {};
  /// VMEM a pallas_call may use for its blocks and scratch (0: the
  /// TensorCore's 16 MiB).
  int64_t vmem_limit_bytes = 0;
  bool disable_bounds_checks = false;
  bool disable_semaphore_checks = false;
  /// A kernel that talks to other devices (remote copies, signals with a
  /// device_id): with a collective_id it brings its own barrier
  /// (pltpu::get_barrier_semaphore); without one, every device of the
  /// shard_map's mesh meets the others at a barrier the compiler puts at
  /// the kernel's entry, as Pallas does.
  std::optional<int64_t> collective_id = std::nullopt;
};

/// pltpu.InterpretParams: how interpret mode runs a kernel (README,
/// "Interpret mode"). The kernel IR runs on a reference interpreter instead
/// of the compiled program on the simulated chip.
struct InterpretParams {
  enum class DmaExecutionMode { on_wait, eager };
  /// on_wait: a DMA moves its data when a wait consumes it (exposes missing
  /// waits); eager: when it starts.
  DmaExecutionMode dma_execution_mode = DmaExecutionMode::on_wait;
  /// A vector load or store, or another DMA, touching the range of a DMA in
  /// flight (between its start and its wait) is an error naming both lines;
  /// on several cores, so is an HBM access of one core (a DMA, a remote
  /// copy, a pallas_call's block copy) that another core's access to the
  /// same elements, one of them writing, is not ordered before by a
  /// semaphore signal (vector clocks, as Pallas' interpret mode).
  bool detect_races = false;
  /// Scratch and fresh outputs start as NaN (floats) or INT_MAX (int32;
  /// int8 127); false: zeros.
  bool uninitialized_memory_nan = true;
  /// A read of VMEM scratch (scratch_types) that was never written is an
  /// error naming the line.
  bool check_uninitialized_reads = true;
  /// A vector load (or SMEM read) outside its Ref: raise (an error naming
  /// the line, as compiled with bounds checks) or uninitialized (the
  /// elements outside read as uninitialized memory, as
  /// uninitialized_memory_nan says; stores outside stay errors).
  enum class OutOfBoundsReads { raise, uninitialized };
  OutOfBoundsReads out_of_bounds_reads = OutOfBoundsReads::raise;
  /// The bounds vector loads and stores are checked against: logical (the
  /// Ref's shape) or padded (the shape as laid out in memory, the last two
  /// dims rounded up to the tile: (8, 128), bf16 (16, 128), int8 (32, 128)),
  /// so a window into the padding of f32[3, 128] (rows 3 to 7) is allowed:
  /// it reads uninitialized values there and its writes there are dropped.
  enum class BufferBounds { logical, padded };
  BufferBounds buffer_bounds = BufferBounds::logical;
  /// The points of the grid's parallel axes (dimension_semantics PARALLEL,
  /// a prefix) are visited in an order shuffled by this seed; each keeps its
  /// arbitrary steps consecutive. 0: row-major, as compiled.
  uint64_t grid_point_shuffle_seed = 0;
  /// The TensorCores interpret mode simulates per device (Pallas'
  /// num_cores_or_threads, 1 to 2): a pallas_call's parallel grid points
  /// are split across them as megacore splits them, and a TensorCoreMesh
  /// may have up to this many cores. 0: the device's, as the compiled
  /// program (2 on the megacore device, 1 on a split chip's).
  int num_cores_or_threads = 0;
};

/// `.interpret` of pl::KernelSpec and pl::PallasCallSpec: off (the default),
/// on with the default params (`.interpret = true`), or on with these params
/// (`.interpret = pltpu::InterpretParams{...}`).
struct Interpret {
  Interpret() = default;
  Interpret(bool on)
      : params(on ? std::optional<InterpretParams>(InterpretParams{}) : std::nullopt) {}
  Interpret(InterpretParams p) : params(p) {}
  bool enabled() const { return params.has_value(); }
  explicit operator bool() const { return enabled(); }
  std::optional<InterpretParams> params;
};

/// pltpu.force_tpu_interpret_mode(params): from now on every kernel, the
/// hand-written ones and those the fusion compiler makes of array programs,
/// runs in interpret mode with `mode`'s params, unless its spec asks for
/// interpret mode itself; `force_tpu_interpret_mode(false)` ends it. Affects
/// kernels traced afterwards (a jitted function traces on each call while
/// it is on, and does not reuse what it traced before).
void force_tpu_interpret_mode(Interpret mode = true);
/// The mode force_tpu_interpret_mode set (off by default).
Interpret forced_interpret_mode();

/// The descriptor of a DMA: start() issues it, wait() waits for it.
class AsyncCopyDescriptor {
public:
  AsyncCopyDescriptor(Ref src, Ref dst, Ref sem, std::source_location loc);
  AsyncCopyDescriptor &start(std::source_location loc = std::source_location::current());
  void wait(std::source_location loc = std::source_location::current());

private:
  Ref src_, dst_, sem_;
  int id_ = -1;  // the trace's record of it (KernelTrace::descriptorMade)
};

/// pltpu.make_async_copy(src, dst, sem): a descriptor, not yet started.
AsyncCopyDescriptor make_async_copy(Ref src, Ref dst, Ref sem,
                                    std::source_location loc = std::source_location::current());
/// pltpu.async_copy(src, dst, sem): starts the copy and returns its descriptor.
AsyncCopyDescriptor async_copy(Ref src, Ref dst, Ref sem,
                               std::source_location loc = std::source_location::current());

}  // namespace pltpu

/// Options of the compiler itself, beyond Pallas' CompilerParams: each
/// optimizing pass can be turned off to compare listings.
struct DebugOptions {
  bool reuse_loads = true;
  bool eliminate_dead_stores = true;
  /// A read of VMEM scratch that no store or DMA wrote during the launch
  /// stops the kernel with an error naming the line (README, "Checks and
  /// faults"). Off by default: it costs a check per vector load.
  bool check_uninitialized_reads = false;
  /// A launch still running after this many cycles stops with an error
  /// naming where it was spinning; 0: a cycle per 4 bytes of the kernel's
  /// inputs and outputs, at least 2^27 (sim::kArrayBytesPerBudgetCycle).
  /// Compiled::run(args, RunBudgets) overrides this and the two below for
  /// one run.
  int64_t cycle_budget = 0;
  /// A launch whose DMAs would move more than this many bytes stops with an
  /// error at the DMA; 0: 64 bytes per byte of the kernel's inputs and
  /// outputs, at least 8 GiB (a 16384^3 matmul's blocks move 48 GiB of
  /// its 128).
  int64_t dma_byte_budget = 0;
  /// A compiled launch whose simulation has done more than this much host
  /// work (a vector op counts 1, a transcendental 64, an MXU product 512)
  /// stops with an error naming where it was spinning; 0: 1024 units per
  /// byte of the kernel's inputs and outputs, at least 2^27 (about 10 s).
  int64_t work_budget = 0;
  /// A pallas_call with parallel grid axes on a whole chip (megacore: both
  /// TensorCores) splits them across the two cores, as Mosaic does on v4.
  /// false keeps the call on TensorCore 0 (to compare one core with two).
  bool megacore = true;
};

namespace pl {

/// The Ref refs[index] of several of one shape, dtype and memory, picked
/// at run time by an int32 `index` (clamped to [0, n - 1], as lax.switch
/// clamps): two scratch buffers of a double buffer, two inputs. Each load,
/// store, element access and DMA of it (or of a window or bitcast of it)
/// is traced once per candidate under lax::switch_, and runs on the one
/// picked. (Pallas spells a stacked buffer's slot buf.at[slot]; .at(slot)
/// of a stacked scratch is the same without branches.)
Ref select_ref(const Scalar &index, std::vector<Ref> refs,
               std::source_location loc = std::source_location::current());

/// out_type: one ShapeDtypeStruct or several.
struct OutType {
  std::vector<ShapeDtypeStruct> types;
  OutType() = default;
  OutType(ShapeDtypeStruct type) : types{std::move(type)} {}
  OutType(pltpu::SemaphoreOfKind sem) : types{ShapeDtypeStruct(sem)} {}
  OutType(const pltpu::ScratchType &sem) : types{ShapeDtypeStruct(sem)} {}
  OutType(std::initializer_list<ShapeDtypeStruct> list) : types(list) {}
};

/// The arguments of @pl.kernel, in Pallas' order.
struct KernelSpec {
  OutType out_type;
  pltpu::TensorCoreMesh mesh;
  std::vector<pltpu::ScratchType> scratch_types;
  std::string name = "kernel";
  pltpu::CompilerParams compiler_params;
  /// The first N inputs are int32 arrays the runtime places in SMEM before
  /// the kernel starts (Pallas' scalar prefetch); their Refs are SMEM Refs.
  int num_scalar_prefetch = 0;
  /// Tessera's own switches (not in Pallas).
  DebugOptions debug = {};
  /// Names of the body's Refs, for the HLO text and messages (C++ cannot see
  /// the lambda's parameter names). Default: in0.., out0.., scratch0...
  std::vector<std::string> arg_names = {};
  /// Interpret mode (pltpu::InterpretParams): run the kernel IR on the
  /// reference interpreter instead of the chip.
  pltpu::Interpret interpret = {};
};

namespace detail {
/// A kernel's traces, as Pallas caches its kernel's (`_trace_kernel_to_jaxpr`
/// is a weakref_lru_cache on the kernel function): the compiled binary per
/// argument types (and the mesh's cores, the aliases and the device kind,
/// which the trace reads), so that calling a kernel again on arrays of the
/// same types neither traces nor compiles. What the body read while tracing
/// is baked in, as under jit. The binaries are held weakly: the process's
/// compile cache decides how long they live (its capacity,
/// clear_compile_cache), and a hit makes its entry there the most recently
/// used. Shared by a kernel's copies and by the kernels one pallas_call
/// makes; thread-safe.
class KernelTraceCache {
public:
  struct Key {
    std::vector<ShapeDtypeStruct> inputs;
    int cores = 1;
    /// devices().front().core: a split chip's devices are cores.
    int deviceCore = -1;
    std::vector<std::pair<int, int>> aliases;
    bool operator==(const Key &) const = default;
  };
  /// The binary traced for `key`, if the compile cache still holds it.
  std::shared_ptr<const runtime::KernelBinary> find(const Key &key);
  void insert(Key key, const std::shared_ptr<const runtime::KernelBinary> &binary);
  /// Signatures whose binaries the compile cache holds (tests).
  size_t size() const;

private:
  struct Entry {
    Key key;
    std::weak_ptr<const runtime::KernelBinary> binary;
  };
  mutable std::mutex mutex_;
  std::vector<Entry> entries_;  // the most recently used last
};
}  // namespace detail

/// A kernel: called on arrays, it traces the body for their shapes, compiles
/// (cached by kernel IR) and runs; inside jit it becomes a custom-call. A
/// second call on arrays of the same types runs the binary traced then
/// (detail::KernelTraceCache).
class Kernel {
public:
  using Body = std::function<void(const std::vector<Ref> &)>;
  Kernel(KernelSpec spec, int arity, Body body, std::source_location loc);
  /// A kernel whose traces are kept in `traces` (pallas_call's, shared by
  /// the kernels it makes for each call).
  Kernel(KernelSpec spec, int arity, Body body, std::source_location loc,
         std::shared_ptr<detail::KernelTraceCache> traces);

  /// kernel(x, ...): the single output (or the first; see call()).
  template <class... A>
  Array operator()(const A &...args) const {
    return call({args...}).front();
  }
  /// All outputs.
  std::vector<Array> call(const std::vector<Array> &args) const;

  const KernelSpec &spec() const { return spec_; }
  const std::source_location &location() const { return loc_; }
  int arity() const { return arity_; }
  const Body &body() const { return body_; }
  /// (input, output) pairs sharing one HBM buffer (pallas_call's
  /// input_output_aliases).
  void setAliases(std::vector<std::pair<int, int>> aliases) { aliases_ = std::move(aliases); }
  const std::vector<std::pair<int, int>> &aliases() const { return aliases_; }
  /// The argument signatures traced and still compiled (tests).
  size_t cache_size() const { return traces_->size(); }

private:
  KernelSpec spec_;
  int arity_;
  Body body_;
  std::source_location loc_;
  std::vector<std::pair<int, int>> aliases_;
  std::shared_ptr<detail::KernelTraceCache> traces_;
};

namespace detail {
template <class F>
struct LambdaArity : LambdaArity<decltype(&std::remove_reference_t<F>::operator())> {};
template <class C, class R, class... A>
struct LambdaArity<R (C::*)(A...) const> : std::integral_constant<int, sizeof...(A)> {};
template <class C, class R, class... A>
struct LambdaArity<R (C::*)(A...)> : std::integral_constant<int, sizeof...(A)> {};
/// A plain function (jit(&f), a kernel body function).
template <class R, class... A>
struct LambdaArity<R (*)(A...)> : std::integral_constant<int, sizeof...(A)> {};
template <class R, class... A>
struct LambdaArity<R(A...)> : std::integral_constant<int, sizeof...(A)> {};

[[noreturn]] void bodyReturnsAValue(const std::source_location &loc);

/// Calls a kernel body with its Refs; a body that returns something is a
/// user error at the kernel's line (a Pallas kernel's results are what it
/// writes into its output Refs).
template <class F, size_t... I>
void invokeWithRefs(F &f, const std::vector<Ref> &refs, std::index_sequence<I...>,
                    const std::source_location &loc) {
  if constexpr (std::is_void_v<decltype(f(refs[I]...))>)
    f(refs[I]...);
  else
    bodyReturnsAValue(loc);
}

/// That a body of `arity` Refs fits `inputs` inputs and the spec's outputs
/// and scratch, and arg_names names them all: errors at `loc` in the user's
/// counts (a pallas_call checks before it adds hidden inputs).
void checkBodyRefs(const KernelSpec &spec, int arity, size_t inputs,
                   const std::source_location &loc);
/// The checks of one scratch type (named "scratch `index`" in messages,
/// errors at `at`); its VMEM bytes (0 outside VMEM), std::nullopt when they
/// do not fit in 64 bits.
std::optional<int64_t> checkScratchType(const pltpu::ScratchType &s, const std::string &index,
                                        const std::source_location &at);
/// pl::run_scoped's buffers, allocated in the kernel being traced (user
/// errors at `loc`: outside a body, a body of another arity, a bad type).
std::vector<Ref> openScope(const std::vector<pltpu::ScratchType> &types, int arity,
                           const std::source_location &loc);
/// The end of a scope: any later use of its Refs is a user error.
void closeScope(const std::vector<Ref> &refs, const std::source_location &loc);
}  // namespace detail

/// @pl.kernel(...) on a lambda taking one Ref per input, output and scratch.
template <class F>
Kernel kernel(KernelSpec spec, F body,
              std::source_location loc = std::source_location::current()) {
  constexpr int n = detail::LambdaArity<F>::value;
  Kernel::Body fn = [body = std::move(body), loc](const std::vector<Ref> &refs) mutable {
    detail::invokeWithRefs(body, refs, std::make_index_sequence<n>(), loc);
  };
  return Kernel(std::move(spec), n, std::move(fn), loc);
}

/// pl.run_scoped(body, *types): calls body with one Ref per type
/// (`pltpu::VMEM(...)`, `pltpu::SMEM(...)`, `pltpu::SemaphoreType::DMA`,
/// ...), scratch that lives for the call only: uninitialized on entry, and
/// a use of its Refs after the call is an error at that line. Returns what
/// the body returns (a Value, a Scalar, or nothing). Each scope has buffers
/// of its own (Mosaic reuses one scope's VMEM for the next; here the
/// scopes of a kernel add up against its VMEM).
template <class F>
auto run_scoped(F body, std::vector<pltpu::ScratchType> types,
                std::source_location loc = std::source_location::current()) {
  constexpr int n = detail::LambdaArity<F>::value;
  std::vector<Ref> refs = detail::openScope(types, n, loc);
  return [&]<size_t... I>(std::index_sequence<I...>) {
    if constexpr (std::is_void_v<decltype(body(refs[I]...))>) {
      body(refs[I]...);
      detail::closeScope(refs, loc);
    } else {
      auto result = body(refs[I]...);
      detail::closeScope(refs, loc);
      return result;
    }
  }(std::make_index_sequence<n>());
}

}  // namespace pl

}  // namespace tessera

#include "dsl/Values.h"
