//===- Ops.cpp - What each handle operation records -----------------------===//
//
// Every user-facing operation on Refs and values checks its operands the way
// a Pallas user would expect (shapes, dtypes, memory spaces, windows in
// range) and throws a user error naming the line; then records one op.
//
//===----------------------------------------------------------------------===//
#include <cmath>
#include <iomanip>
#include <numeric>
#include <optional>
#include <sstream>

#include "dsl/KernelTrace.h"
#include "dsl/RefOps.h"
#include "dsl/ValueBuilder.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/ScalarFacts.h"
#include "mlir/IR/TesseraDialect.h"
#include "sim/MachineDesc.h"

namespace tessera {

using detail::KernelTrace;
using detail::leadingAt;
using detail::refuseRunTimeWindow;
using detail::RefMeta;
using detail::What;

std::string to_string(MemorySpace space) {
  switch (space) {
  case MemorySpace::ANY: return "ANY (HBM)";
  case MemorySpace::HBM: return "HBM";
  case MemorySpace::VMEM: return "VMEM";
  case MemorySpace::SMEM: return "SMEM";
  case MemorySpace::SEMAPHORE: return "semaphore memory";
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// Refs and windows
//===----------------------------------------------------------------------===//

const detail::RefMeta &Ref::meta() const {
  if (!meta_)
    throw Error("use of an empty Ref (default-constructed, not a kernel argument)");
  return *meta_;
}
const Shape &Ref::shape() const { return meta().shape; }
DType Ref::dtype() const { return meta().dtype; }
MemorySpace Ref::memory_space() const { return meta().space; }
const std::string &Ref::name() const { return meta().name; }

namespace {

std::string sliceText(const std::vector<Slice> &slices) {
  std::string s;
  for (size_t i = 0; i < slices.size(); ++i) {
    s += i ? ", " : "";
    if (slices[i].dynamicSize)
      s += slices[i].dynamicStart ? "pl.ds(?, ?)" : "pl.ds(" + std::to_string(slices[i].start) + ", ?)";
    else if (slices[i].dynamicStart)
      s += "pl.ds(?, " + std::to_string(slices[i].size) + ")";
    else
      s += std::to_string(slices[i].start) + ":" +
           std::to_string(slices[i].start + slices[i].size);
  }
  return s;
}

/// The slices of a window of `m`, one per dimension (full dimensions for
/// missing slices, the rest of a dimension for a negative size), checked
/// against its shape (a user error naming the allowed range); whether the
/// window is all of `m`.
bool checkSlices(KernelTrace &trace, const RefMeta &m, std::vector<Slice> &slices,
                 const std::source_location &loc) {
  if (slices.size() > m.shape.size())
    throwUserError(loc, "Ref '" + m.name + "' of shape " + to_string(m.shape) + " has " +
                            std::to_string(m.shape.size()) + " dimensions, but " +
                            std::to_string(slices.size()) + " were indexed");
  bool whole = true;
  for (size_t d = 0; d < m.shape.size(); ++d) {
    if (d >= slices.size())
      slices.push_back({0, m.shape[d]});
    Slice &s = slices[d];
    if (s.size < 0 && !s.dynamicStart && s.start >= 0 && s.start <= m.shape[d])
      s.size = m.shape[d] - s.start;  // the rest of the dimension
    else if (s.size < 0 && s.dynamicStart)
      s.size = m.shape[d];
    if (s.dynamicStart) {
      // Known only at run time: the size must fit; the start is checked by
      // the kernel's bounds checks (CompilerParams).
      trace.use(*s.dynamicStart, loc);
      if (s.dynamicStart->dtype() != DType::int32)
        throwUserError(loc, "a window start must be an int32 scalar, not " +
                                to_string(s.dynamicStart->dtype()));
      if (s.size <= 0 || s.size > m.shape[d])
        throwUserError(loc, "window size " + std::to_string(s.size) + " of dimension " +
                                std::to_string(d) + " of Ref '" + m.name +
                                "' is outside [1, " + std::to_string(m.shape[d]) + "]");
      whole = false;
      continue;
    }
    // start + size may overflow int64 (pl::ds(INT64_MAX - 3, 8)): compare
    // without computing it, and print the end only when it is a number.
    if (s.start < 0 || s.size <= 0 || s.start > m.shape[d] - s.size) {
      std::optional<int64_t> end = checkedAdd(s.start, s.size);
      std::string endText = s.size < 0 ? std::to_string(m.shape[d])
                            : end      ? std::to_string(*end)
                                       : std::to_string(s.start) + " + " + std::to_string(s.size);
      throwUserError(loc, "window [" + std::to_string(s.start) + ", " + endText +
                              ") of dimension " +
                              std::to_string(d) + " of Ref '" + m.name + "' is outside [0, " +
                              std::to_string(m.shape[d]) + ")");
    }
    whole = whole && s.start == 0 && s.size == m.shape[d];
  }
  return whole;
}

Ref batchWindow(const Ref &ref, std::vector<Slice> slices, const std::source_location &loc);

/// A window whose first dimension's size is a run-time Scalar
/// (pl::ds(start, n)): checked as far as it is static, and kept as its
/// slices for the DMA that copies it (runTimeCopy).
Ref runTimeSizeWindow(KernelTrace &trace, const Ref &ref, std::vector<Slice> slices,
                      const std::source_location &loc) {
  const RefMeta &m = ref.meta();
  std::string what = "the window [" + sliceText(slices) + "] of Ref '" + m.name + "'";
  for (size_t d = 1; d < slices.size(); ++d)
    if (slices[d].dynamicSize)
      throwUserError(loc, what + ": only the first dimension's size may be known only at "
                                 "run time");
  if (m.space == MemorySpace::SEMAPHORE || m.reinterpreted)
    throwUserError(loc, what + ": a size known only at run time is a DMA window of an array "
                               "(not a semaphore array or a bitcast Ref)");
  const Scalar &n = *slices[0].dynamicSize;
  trace.use(n, loc);
  if (n.dtype() != DType::int32)
    throwUserError(loc, what + ": a window size must be an int32 scalar, not " +
                            to_string(n.dtype()));
  // The other dimensions and a static start as any window's.
  std::vector<Slice> fixed = slices;
  fixed[0].size = 1;
  fixed[0].dynamicSize.reset();
  checkSlices(trace, m, fixed, loc);
  fixed[0] = slices[0];
  RefMeta meta = m;
  meta.runTimeWindow = RefMeta::RunTimeWindow{std::move(fixed), m.name + "[" + sliceText(slices) + "]"};
  return trace.makeRef(std::move(meta));
}

bool isFoldedRef(const RefMeta &m);
Ref foldedWindow(const Ref &ref, std::vector<Slice> slices, const std::source_location &loc);

/// A window of `ref`; full dimensions for missing slices.
Ref stridedWindow(const Ref &ref, std::vector<Slice> slices, size_t dim,
                  const std::source_location &loc);
RefAccess access(const Ref &win, const std::source_location &loc);
void store(const Ref &win, const Value &value, const std::source_location &loc);

Ref window(const Ref &ref, std::vector<Slice> slices, const std::source_location &loc) {
  const RefMeta &m = ref.meta();
  KernelTrace &trace = KernelTrace::check(m.trace, loc, What::ref(m.name));
  refuseRunTimeWindow(m, "a Ref to take a window of", /*matricesApart=*/true, loc);
  if (m.choice)
    return detail::mapChoice(ref, [&](const Ref &c) { return window(c, slices, loc); }, loc);
  for (size_t d = 0; d < slices.size(); ++d)
    if (slices[d].stride != 1)
      return stridedWindow(ref, std::move(slices), d, loc);
  if (!slices.empty() && slices[0].dynamicSize)
    return runTimeSizeWindow(trace, ref, std::move(slices), loc);
  for (const Slice &s : slices)
    if (s.dynamicSize)
      throwUserError(loc, "the window [" + sliceText(slices) + "] of Ref '" + m.name +
                              "': only the first dimension's size may be known only at run "
                              "time");
  if (m.reinterpreted && !checkSlices(trace, m, slices, loc))
    throwUserError(loc, "a window of Ref '" + m.name + "', which is a bitcast to " +
                            to_string(m.dtype) + ": take the window before the bitcast "
                            "(x_ref.at(...).bitcast(dt))");
  if (isBatchShape(m.shape))
    return batchWindow(ref, std::move(slices), loc);
  if (isFoldedRef(m))
    return foldedWindow(ref, std::move(slices), loc);
  if (checkSlices(trace, m, slices, loc))
    return ref;
  trace.checkVisible(m.value, loc, What::ref(m.name));
  llvm::SmallVector<mlir::OpFoldResult> offsets;
  llvm::SmallVector<int64_t> sizes;
  Shape shape;
  for (const Slice &s : slices) {
    if (s.dynamicStart) {
      auto &b = trace.builder();
      mlir::Location l = trace.loc(loc);
      mlir::Value off = trace.indexOf(*s.dynamicStart, loc);
      if (s.start != 0)
        off = b.create<mlir::arith::AddIOp>(
            l, off, b.create<mlir::arith::ConstantIndexOp>(l, s.start));
      offsets.push_back(off);
    } else {
      offsets.push_back(trace.builder().getIndexAttr(s.start));
    }
    sizes.push_back(s.size);
    shape.push_back(s.size);
  }
  auto view = trace.builder().create<mlir::tessera::ViewOp>(trace.loc(loc), m.value,
                                                            offsets, sizes);
  RefMeta meta = m;
  meta.value = view.getResult();
  meta.shape = shape;
  meta.name = m.name + "[" + sliceText(slices) + "]";
  return trace.makeRef(std::move(meta));
}

/// A window pl::ds(start, n, stride) of the rows of a rank-2 VMEM Ref
/// (dimension `dim` of `slices`): the window of the rows it spans, marked
/// with its stride and n rows (RefMeta::rowStride), to load or store.
Ref stridedWindow(const Ref &ref, std::vector<Slice> slices, size_t dim,
                  const std::source_location &loc) {
  const RefMeta &m = ref.meta();
  const Slice &s = slices[dim];
  std::string ds = "pl.ds(" + (s.dynamicStart ? std::string("?") : std::to_string(s.start)) +
                   ", " + std::to_string(s.size) + ", " + std::to_string(s.stride) + ")";
  std::string what = "the strided window " + ds + " of Ref '" + m.name + "'";
  if (s.stride < 1 || s.size < 1 || s.dynamicSize)
    throwUserError(loc, what + ": a stride and a size of at least 1, the size static");
  if (dim + 1 == m.shape.size())
    throwUserError(loc, what + " is along the lanes (the last dimension): Pallas strides only "
                            "the other dimensions");
  if (m.shape.size() != 2 || dim != 0 || m.space != MemorySpace::VMEM || isFoldedRef(m))
    throwUserError(loc, what + ": strided windows are of the rows of rank-2 VMEM Refs (not yet "
                            "of " + std::to_string(m.shape.size()) + "-D or " +
                            to_string(m.space) + " Refs)");
  std::vector<Slice> spanned = slices;
  spanned[dim].stride = 1;
  spanned[dim].size = (s.size - 1) * s.stride + 1;
  Ref span = window(ref, std::move(spanned), loc);
  RefMeta meta = span.meta();
  meta.rowStride = s.stride;
  meta.shape[0] = s.size;
  meta.name = m.name + "[" + ds + ", ...]";
  return KernelTrace::check(m.trace, loc, What::ref(m.name)).makeRef(std::move(meta));
}

/// The rows a strided window spans, as a plain Ref.
Ref spannedRows(const Ref &win) {
  RefMeta meta = win.meta();
  meta.shape[0] = (meta.shape[0] - 1) * meta.rowStride + 1;
  meta.rowStride = 1;
  return KernelTrace::check(win.meta().trace, std::source_location::current(), "a Ref")
      .makeRef(std::move(meta));
}

/// For a strided window of n rows, stride s, spanning E rows padded to P
/// (whole tiles past one tile, as take_along_axis gathers them): `x` [E, C]
/// padded to [P, C], and int32 iota rows of [P, C].
struct StridedRows {
  int64_t n, s, E, P, C;
  Value iota;
};
StridedRows stridedRows(const Ref &win, const std::source_location &loc) {
  const RefMeta &m = win.meta();
  StridedRows r;
  r.n = m.shape[0];
  r.s = m.rowStride;
  r.E = (r.n - 1) * r.s + 1;
  r.C = m.shape[1];
  int64_t tile = machine::kSublanes;  // take_along_axis's (packed values gather as 32-bit)
  r.P = r.E <= tile ? r.E : (r.E + tile - 1) / tile * tile;
  r.iota = lax::broadcasted_iota(DType::int32, {r.P, r.C}, 0, loc);
  return r;
}
Value padRows(const Value &x, int64_t to, const std::source_location &loc) {
  int64_t rows = x.shape()[0];
  return rows == to ? x : jnp::pad(x, {{0, to - rows}, {0, 0}}, 0, loc);
}

/// A strided window's rows: the rows it spans, loaded, and row k of the
/// result row k * stride of them (a gather along the rows).
Value stridedLoad(const Ref &win, const std::source_location &loc) {
  StridedRows r = stridedRows(win, loc);
  Value all = padRows(Value(access(spannedRows(win), loc)), r.P, loc);
  Value rows = jnp::minimum(r.iota * r.s, r.P - 1, loc);
  Value g = jnp::take_along_axis(all, rows, 0, loc);
  return r.n == r.P ? g : lax::slice(g, {0, 0}, {r.n, r.C}, loc);
}

/// Stores `value` [n, C] into a strided window: the rows it spans loaded,
/// every stride-th one replaced by the next row of `value`, stored back.
void stridedStore(const Ref &win, const Value &value, const std::source_location &loc) {
  StridedRows r = stridedRows(win, loc);
  Ref span = spannedRows(win);
  Value old = padRows(Value(access(span, loc)), r.P, loc);
  Value rows = jnp::minimum(jnp::floor_divide(r.iota, r.s, loc), r.n - 1, loc);
  Value placed = jnp::take_along_axis(padRows(value, r.P, loc), rows, 0, loc);
  Value mine = jnp::remainder(r.iota, r.s, loc) == 0;
  Value merged = jnp::where(mine, placed, old, loc);
  store(span, r.E == r.P ? merged : lax::slice(merged, {0, 0}, {r.E, r.C}, loc), loc);
}

/// Rows from one matrix of the Ref `m` (rank 3 to 5) to the next in
/// memory: its shape's matrixStride, or a window's of a part of the rows
/// of several matrices (RefMeta::matrixStep).
int64_t matrixStep(const RefMeta &m) { return m.matrixStep ? m.matrixStep : matrixStride(m.shape); }

/// The 2-D Ref a Ref of rank 3 to 5 is in memory (detail::physicalShape).
Ref physical(const Ref &ref) {
  auto type = llvm::cast<mlir::MemRefType>(ref.meta().value.getType());
  return detail::withShape(ref, Shape(type.getShape().begin(), type.getShape().end()));
}

/// Whether `m` is a 1-D Ref whose elements are folded into rows of 128
/// lanes (detail::foldedShape) in a 2-D memref: in VMEM, and in HBM of a
/// packed dtype (detail::memoryShape).
bool isFoldedRef(const RefMeta &m) {
  return m.shape.size() == 1 && llvm::cast<mlir::MemRefType>(m.value.getType()).getRank() == 2;
}

/// Whether the 1-D VMEM window `win` is whole rows of 128 lanes that load
/// and store as one matrix (KernelTrace::isFolded values): a multiple of
/// 128 elements (more than 128) from a row's start, and whole tiles of 8
/// rows or starting at one (else its rows move one by one).
bool wholeFoldedRows(const Ref &win) {
  const RefMeta &m = win.meta();
  int64_t n = m.shape[0], lanes = machine::kLanes,
          tile = machine::kSublanes * packing(m.dtype);
  if (m.laneOffset != 0 || n <= lanes || n % lanes != 0 ||
      physical(win).shape() != detail::foldedShape(n))
    return false;
  if (n / lanes % tile == 0)
    return true;
  for (mlir::Value cur = m.value; auto view = cur.getDefiningOp<mlir::tessera::ViewOp>();
       cur = view.getSource()) {
    int64_t offset = view.getStaticOffsets()[0];
    if (mlir::ShapedType::isDynamic(offset) ? mlir::tessera::getKnownMultiple(
                                                  view.getOffsets()[0]) % tile != 0
                                            : offset % tile != 0)
      return false;
  }
  return true;
}

/// The rows of a 1-D VMEM Ref of n elements, as one-row 2-D windows: row k
/// holds elements [128 k, min(n, 128 k + 128)).
std::vector<Ref> foldedRows(const Ref &win, const std::source_location &loc) {
  Ref phys = physical(win);
  int64_t n = win.shape()[0], lanes = machine::kLanes;
  if (phys.shape()[0] == 1)
    return {phys};
  std::vector<Ref> rows;
  for (int64_t k = 0; k * lanes < n; ++k)
    rows.push_back(window(phys, {Slice{k, 1}, Slice{0, std::min(lanes, n - k * lanes)}}, loc));
  return rows;
}

/// The parts of a 1-D VMEM window that starts at lane o inside a row and
/// crosses into the next (foldedWindow), each inside one row: [0, 128 -
/// o), then 128 elements at a time from the next rows' starts.
std::vector<Ref> rowParts(const Ref &win, const std::source_location &loc) {
  int64_t n = win.shape()[0], lanes = machine::kLanes;
  std::vector<Ref> parts;
  for (int64_t at = 0; at < n;) {
    int64_t w = std::min(at == 0 ? lanes - win.meta().laneOffset : lanes, n - at);
    parts.push_back(foldedWindow(win, {Slice{at, w}}, loc));
    at += w;
  }
  return parts;
}

/// A window of whole rows' worth of a 1-D VMEM Ref (n a multiple of 128)
/// that starts at lane o = laneOffset inside a row (foldedWindow): its
/// physical rows P (R + 1 of them), the R = n / 128 rows of its value.
struct AcrossRows {
  Ref rows;
  int64_t o, r;
  AcrossRows(const Ref &win)
      : rows(physical(win)), o(win.meta().laneOffset), r(win.shape()[0] / machine::kLanes) {}
  /// Rows [first, first + R) of P.
  Ref at(int64_t first, const std::source_location &loc) const {
    return window(rows, {Slice{first, r}, Slice{0, machine::kLanes}}, loc);
  }
  /// The lane of each element of an [R, 128] value.
  Value lane(const std::source_location &loc) const {
    return lax::broadcasted_iota(DType::int32, {r, machine::kLanes}, 1, loc);
  }
};

/// Loads a window that crosses rows: row k of the result is lanes [o,
/// 128) of P's row k rotated to its start and lanes [0, o) of row k + 1
/// after them (a lane rotate of each and a select), a folded value (n a
/// multiple of 128, so the window touches R + 1 rows).
Value loadAcrossRows(const Ref &win, const std::source_location &loc) {
  AcrossRows w(win);
  int64_t lanes = machine::kLanes;
  Value here = access(w.at(0, loc), loc);
  Value next = access(w.at(1, loc), loc);
  Value v = jnp::where(w.lane(loc) < lanes - w.o, pltpu::roll(here, lanes - w.o, 1, loc),
                       pltpu::roll(next, lanes - w.o, 1, loc), loc);
  return jnp::reshape(v, {w.r * lanes}, loc);
}

/// Stores a folded `value` into such a window: its R rows rotated right
/// by o lanes; lanes [o, 128) of each go to P's rows [0, R), lanes [0, o)
/// to rows [1, R + 1), each merged with the row's other elements (a select
/// of the loaded rows, as a store into lanes of one row merges).
void storeAcrossRows(const Ref &win, const Value &value, const std::source_location &loc) {
  AcrossRows w(win);
  Value shifted = pltpu::roll(jnp::reshape(value, {w.r, machine::kLanes}, loc), w.o, 1, loc);
  auto merge = [&](int64_t first, const Value &mask) {
    Ref into = w.at(first, loc);
    store(into, jnp::where(mask, shifted, access(into, loc), loc), loc);
  };
  merge(0, w.lane(loc) >= w.o);
  merge(1, w.lane(loc) < w.o);
}

/// A window [s, s + n) of a 1-D VMEM Ref: a 2-D window of its rows, from
/// a row's start (a run-time start a multiple of 128, promised with
/// pl::multiple_of), or the row (rows) it lies in with its lane offset
/// (RefMeta::laneOffset: inside one row, or across into the next).
Ref foldedWindow(const Ref &ref, std::vector<Slice> slices, const std::source_location &loc) {
  const RefMeta &m = ref.meta();
  KernelTrace &trace = KernelTrace::check(m.trace, loc, What::ref(m.name));
  if (checkSlices(trace, m, slices, loc))
    return ref;
  const Slice &s = slices[0];
  int64_t n = s.size, lanes = machine::kLanes;
  // (Of a window that starts inside a row, m.laneOffset: where s starts
  // in its first row's lanes, `start`.)
  int64_t start = s.start + m.laneOffset;
  int64_t rowCount = (n + lanes - 1) / lanes, width = std::min(n, lanes);
  Slice rows{start / lanes, rowCount}, cols{0, width};
  int64_t laneOffset = 0;
  std::string what = "the window [" + sliceText(slices) + "] of the 1-D VMEM Ref '" + m.name +
                     "' of shape " + to_string(m.shape);
  if (Shape phys = physical(ref).shape(); phys[0] == 1 && phys[1] > lanes) {
    // The row of a [1, N] block (its rows squeezed): a window of its lanes.
    Ref w = window(physical(ref), {Slice{0, 1}, s}, loc);
    RefMeta meta = w.meta();
    meta.shape = {n};
    meta.name = m.name + "[" + sliceText(slices) + "]";
    return trace.makeRef(std::move(meta));
  }
  if (s.dynamicStart) {
    int64_t known = mlir::tessera::getKnownMultiple(trace.use(*s.dynamicStart, loc));
    if (start % lanes != 0 || known % lanes != 0)
      throwUserError(loc, what + " starts at a run-time offset that is not provably a "
                                 "multiple of 128; a 1-D Ref in VMEM is rows of 128 lanes: "
                                 "promise the alignment with pl::multiple_of (e.g. "
                                 "pl::ds(pl::multiple_of(i * 128, 128), n))");
    rows.dynamicStart = At<Scalar>(*s.dynamicStart, loc) / lanes;
  } else if (start / lanes == (start + n - 1) / lanes && start % lanes != 0) {
    // Inside one row, not at its start: the row (to its Ref's end), the
    // lanes taken from it (of a window that is such lanes already: the
    // same row). (From a row's start it is the row's first n lanes.)
    int64_t rowWidth = m.laneOffset != 0 ? physical(ref).shape()[1]
                                         : std::min(lanes, m.shape[0] - start / lanes * lanes);
    cols = Slice{0, rowWidth};
    laneOffset = start % lanes;
  } else if (start % lanes != 0) {
    // Inside a row and across into the next: the rows it touches, whole,
    // the window lanes [laneOffset, laneOffset + n) of them (loads take
    // them shifted out of each row and the next, stores merge them:
    // access and store).
    rows.size = (start % lanes + n + lanes - 1) / lanes;
    cols = Slice{0, lanes};
    laneOffset = start % lanes;
  }
  Ref w = window(physical(ref), {rows, cols}, loc);
  RefMeta meta = w.meta();
  meta.shape = {n};
  meta.laneOffset = laneOffset;
  meta.name = m.name + "[" + sliceText(slices) + "]";
  bool tail = !s.dynamicStart && s.start + n == m.shape[0] && !m.sharedLastRow;
  meta.sharedLastRow = (start + n) % lanes != 0 && !tail;
  return trace.makeRef(std::move(meta));
}

/// A window of a Ref of rank 3 to 5 [..., M, N]: windows of the leading
/// dimensions, rows and columns. In memory it is a 2-D window of the
/// matrices' rows, so its matrices must be one run: after the first
/// leading dimension that takes more than one index, the later ones are
/// whole, and several matrices take all their rows (any rows of one).
Ref batchWindow(const Ref &ref, std::vector<Slice> slices, const std::source_location &loc) {
  const RefMeta &m = ref.meta();
  KernelTrace &trace = KernelTrace::check(m.trace, loc, What::ref(m.name));
  if (checkSlices(trace, m, slices, loc))
    return ref;
  size_t nlead = m.shape.size() - 2;
  const Slice &rows = slices[nlead], &cols = slices[nlead + 1];
  int64_t mRows = m.shape[nlead], step = matrixStep(m);
  auto notOneRun = [&](const std::string &why) {
    throwUserError(loc, "a window of Ref '" + m.name + "' of shape " + to_string(m.shape) +
                            " is not one run of memory (" + why +
                            "); take the matrices one at a time (.at(b)) or whole runs of them");
  };
  // The first matrix (its run-time part apart) and how many follow.
  int64_t first = 0, count = 1, stride = numMatrices(m.shape);
  std::optional<Scalar> dyn;
  bool several = false;
  for (size_t i = 0; i < nlead; ++i) {
    const Slice &s = slices[i];
    stride /= m.shape[i];
    if (several && (s.start != 0 || s.size != m.shape[i] || s.dynamicStart))
      notOneRun("dimension " + std::to_string(i) + " takes a part while an earlier one takes " +
                "several indices");
    several = several || s.size > 1;
    first += s.start * stride;
    count *= s.size;
    if (s.dynamicStart) {
      Scalar part = At<Scalar>(*s.dynamicStart, loc) * trace.constant(stride * step, loc);
      dyn = dyn ? At<Scalar>(*dyn, loc) + part : part;
    }
  }
  // The first row in memory: first * Mp + rows (the run-time parts added);
  // several matrices Mp apart (matrixStride), one its rows. Several
  // matrices and a part of their rows (or of a window of such): the rows
  // from the first one's to the last one's, the matrices `step` apart
  // (RefMeta::matrixStep).
  bool apart = count > 1 && (rows.size != mRows || m.matrixStep);
  Slice phys{first * step + rows.start,
             count == 1 ? rows.size : apart ? (count - 1) * step + rows.size : count * step};
  if (rows.dynamicStart)
    dyn = dyn ? At<Scalar>(*dyn, loc) + *rows.dynamicStart : *rows.dynamicStart;
  phys.dynamicStart = dyn;
  Ref w = window(physical(ref), {phys, cols}, loc);
  RefMeta meta = w.meta();
  meta.shape.clear();
  for (const Slice &s : slices)
    meta.shape.push_back(s.size);
  meta.matrixStep = apart ? step : 0;
  meta.name = m.name + "[" + sliceText(slices) + "]";
  return trace.makeRef(std::move(meta));
}

/// A VMEM window read or written by the vector unit starts at a whole tile
/// when its rows start at run time (Mosaic's rule): unless the Ref is
/// exactly 128 lanes wide (its rows are then contiguous), the run-time start
/// must be provably a multiple of 8.
void checkAlignedRows(const Ref &win, const std::source_location &loc) {
  mlir::Value cur = win.meta().value;
  int64_t staticRows = 0;
  bool dynamic = false, aligned = true;
  while (auto view = cur.getDefiningOp<mlir::tessera::ViewOp>()) {
    auto offsets = view.getStaticOffsets();
    if (!mlir::ShapedType::isDynamic(offsets[0])) {
      staticRows += offsets[0];
    } else {
      dynamic = true;
      aligned = aligned && mlir::tessera::getKnownMultiple(view.getOffsets()[0]) %
                                   (machine::kSublanes * packing(win.dtype())) == 0;
    }
    cur = view.getSource();
  }
  auto root = llvm::cast<mlir::MemRefType>(cur.getType());
  if (!dynamic || (root.getRank() == 2 && root.getDimSize(1) == machine::kLanes))
    return;
  int64_t tileRows = machine::kSublanes * packing(win.dtype());
  // A one-row window may sit anywhere in a tile whose start is aligned; a
  // 32-bit window anywhere at all (its tile and sublane, or its two tiles
  // and their rows, found at run time).
  bool oneRow = win.meta().shape[0] == 1;
  if ((aligned && (staticRows % tileRows == 0 || oneRow)) || packing(win.dtype()) == 1)
    return;
  std::string t = std::to_string(tileRows);
  throwUserError(loc, "the rows of '" + win.name() +
                          "' start at a run-time offset that is not provably a multiple of " +
                          t + " (one " + to_string(win.dtype()) + " tile of " + t +
                          " rows); the vector unit loads and stores whole tiles of a packed "
                          "Ref wider than 128 lanes at a run-time row: promise the alignment "
                          "with pl::multiple_of, e.g. pl::ds(pl::multiple_of(i * " + t + ", " +
                          t + "), " + t + ")");
}

detail::WindowStart windowStart(const Ref &win, size_t dim);
int64_t rootColumns(const Ref &win);

/// A VMEM window loaded or stored at a run-time column starts at a whole
/// 128-lane tile (Mosaic: a dynamic lane index must be provably aligned),
/// the same rule in both modes.
void checkAlignedColumns(const Ref &win, const std::source_location &loc) {
  detail::WindowStart col = windowStart(win, 1);
  if (!col.dynamic || (col.multiple % machine::kLanes == 0 && col.at % machine::kLanes == 0))
    return;
  throwUserError(loc, "the columns of '" + win.name() +
                          "' start at a run-time offset that is not provably a multiple of 128 "
                          "(one lane tile); the vector unit loads and stores whole lane tiles "
                          "at a run-time column: promise the alignment with pl::multiple_of, "
                          "e.g. pl::ds(pl::multiple_of(j * 128, 128), 128)");
}

/// The rows of a bf16 / int8 window start at a whole packed tile in VMEM
/// ((16,128) / (32,128) tiles: the vector unit reads and writes whole
/// tiles, a padded last one through a byte mask) and at a whole 32-bit
/// word in HBM (p rows). A DMA moves whole words, so its windows also end
/// at one, or where their Ref ends (the rest of the word is padding). A
/// run-time start must be provably such a multiple (pl::multiple_of).
void checkPackedWindow(const Ref &win, const std::source_location &loc, bool dma) {
  const RefMeta &m = win.meta();
  int p = packing(m.dtype);
  if (p == 1 || m.shape.empty())
    return;
  bool vmem = m.space == MemorySpace::VMEM;
  // A DMA moves memory rows: of a VMEM Ref one lane tile wide those are
  // its words of rows in order, so any whole word starts one; a wider
  // Ref's tiles interleave, so whole tiles from a run-time row, unless it
  // moves one word of rows (from a static row, any whole word: the DMA's
  // rows are cut per tile).
  bool wordRuns = rootColumns(win) <= machine::kLanes || !windowStart(win, 0).dynamic ||
                  (!m.shape.empty() && m.shape[0] <= p && m.shape.size() == 2);
  int64_t unit = vmem && !(dma && wordRuns) ? machine::kSublanes * p : p;
  auto fail = [&](const std::string &what) {
    throwUserError(loc, "the window '" + m.name + "' of a " + to_string(m.dtype) + " Ref in " +
                            to_string(m.space) + " " + what + "; " + to_string(m.dtype) +
                            (vmem && unit > p
                                 ? " rows in VMEM come in (" + std::to_string(unit) +
                                       ", 128) tiles: windows start at multiples of " +
                                       std::to_string(unit) + " rows (or are one row)"
                                 : vmem ? " rows in VMEM are packed " + std::to_string(p) +
                                              " to a 32-bit word: a DMA's windows of a Ref one "
                                              "lane tile wide start at multiples of " +
                                              std::to_string(p) + " rows"
                                  : " rows in HBM are packed " + std::to_string(p) +
                                        " to a 32-bit word: windows start at multiples "
                                        "of " + std::to_string(p) + " rows") +
                            ", and a DMA's end at a multiple of " + std::to_string(p) +
                            " rows (one word) or where its Ref ends");
  };
  // One row of a VMEM Ref is a part of each word of one sublane (a packed
  // one-row access); its place in the tile must be known: a run-time start
  // is still a multiple of the unit, the static part any row.
  // Rank 3 to 5: of all its matrices; a folded 1-D Ref: its rows of 128.
  int64_t rows = isFoldedRef(m) ? llvm::cast<mlir::MemRefType>(m.value.getType()).getDimSize(0)
                                : detail::physicalShape(m.shape)[0];
  bool oneRow = vmem && rows == 1 && !dma;
  int64_t staticRows = 0;
  bool dynamic = false;
  mlir::Value cur = m.value;
  while (auto view = cur.getDefiningOp<mlir::tessera::ViewOp>()) {
    auto offsets = view.getStaticOffsets();
    if (!mlir::ShapedType::isDynamic(offsets[0]))
      staticRows += offsets[0];
    else if (mlir::tessera::getKnownMultiple(view.getOffsets()[0]) % unit != 0)
      fail("starts at a run-time row that is not provably a multiple of " +
           std::to_string(unit) + " (promise it with pl::multiple_of)");
    dynamic = dynamic || mlir::ShapedType::isDynamic(offsets[0]);
    cur = view.getSource();
  }
  if (staticRows % unit != 0 && !oneRow)
    fail("starts at row " + std::to_string(staticRows));
  int64_t refRows = llvm::cast<mlir::MemRefType>(cur.getType()).getDimSize(0);
  if (dma && rows % p != 0 && (dynamic || staticRows + rows != refRows))
    fail("has " + std::to_string(rows) + " rows and ends at row " +
         std::to_string(staticRows + rows) + (dynamic ? " (plus a run-time offset)" : "") +
         " of " + std::to_string(refRows));
}

/// The memref of the Ref `win` is a window of, and its type.
mlir::Value rootValue(const Ref &win) {
  mlir::Value root = win.meta().value;
  while (auto view = root.getDefiningOp<mlir::tessera::ViewOp>())
    root = view.getSource();
  return root;
}
mlir::MemRefType rootType(const Ref &win) {
  return llvm::cast<mlir::MemRefType>(rootValue(win).getType());
}

/// Where window `win` starts along dimension `dim` (detail::WindowStart).
detail::WindowStart windowStart(const Ref &win, size_t dim) {
  detail::WindowStart w;
  mlir::Value cur = win.meta().value;
  while (auto view = cur.getDefiningOp<mlir::tessera::ViewOp>()) {
    llvm::SmallVector<mlir::OpFoldResult> offsets = view.getMixedOffsets();
    if (dim < offsets.size()) {
      if (auto attr = llvm::dyn_cast<mlir::Attribute>(offsets[dim])) {
        w.at += llvm::cast<mlir::IntegerAttr>(attr).getInt();
      } else {
        w.dynamic = true;
        int64_t m = mlir::tessera::getKnownMultiple(llvm::cast<mlir::Value>(offsets[dim]));
        if (m != mlir::tessera::kMultipleOfZero)
          w.multiple = std::gcd(w.multiple, m);
      }
    }
    cur = view.getSource();
  }
  return w;
}

/// The columns of the Ref `win` is a window of (-1: not rank 2).
int64_t refColumns(const Ref &win) {
  mlir::MemRefType type = rootType(win);
  return type.getRank() == 2 ? type.getDimSize(1) : -1;
}

/// The last dimension of the Ref `win` is a window of (of any rank).
int64_t rootColumns(const Ref &win) {
  mlir::MemRefType type = rootType(win);
  return type.getRank() == 0 ? 1 : type.getShape().back();
}

/// Whether `win` views a Ref of one column ([R, 1], its rows padded to 128
/// lanes): the Ref it is a window of has one column.
bool isOneColumnRef(const Ref &win) { return refColumns(win) == 1; }

/// The matrices of a window of rank 3 to 5, as 2-D windows.
std::vector<Ref> matrices(const Ref &win, const std::source_location &loc) {
  const RefMeta &m = win.meta();
  Ref phys = physical(win);
  int64_t n = numMatrices(m.shape), rows = m.shape[m.shape.size() - 2];
  int64_t step = matrixStep(m);
  std::vector<Ref> out;
  for (int64_t b = 0; b < n; ++b)
    out.push_back(n == 1 ? phys : window(phys, {Slice{b * step, rows}}, loc));
  return out;
}

RefAccess access(const Ref &win, const std::source_location &loc);

/// The memory of a bitcast Ref (x_ref.bitcast(dt)), as a Ref of its own
/// shape and dtype.
Ref memoryRef(KernelTrace &trace, const RefMeta &m) {
  RefMeta memory = m;
  memory.shape = m.reinterpreted->shape;
  memory.dtype = m.reinterpreted->dtype;
  memory.reinterpreted.reset();
  return trace.makeRef(std::move(memory));
}

/// Whether the matrices of a packed VMEM window of rank 3 to 5 are not
/// whole packed tiles (bf16[B, 8, 128]: two matrices a (16, 128) tile), so
/// they load and store together, as the window's rows.
bool sharedPackedTiles(const Ref &win) {
  const RefMeta &m = win.meta();
  // (Not a window of a part of their rows, whose other rows it keeps:
  // those store one matrix at a time.)
  return packing(m.dtype) > 1 && numMatrices(m.shape) > 1 && !m.matrixStep &&
         matrixStride(m.shape) % (machine::kSublanes * packing(m.dtype)) != 0;
}

/// The window of whole tiles around the 2-D window `win` (its rows and
/// columns widened to tile boundaries of its Ref, or to its ends), and
/// win's first row and column in it; nullopt when an offset is known only
/// at run time.
struct Around {
  Ref tiles;
  int64_t row, col;
};
std::optional<Around> enclosingTiles(const Ref &win, int64_t tileRows,
                                     const std::source_location &loc,
                                     bool anyRunTimeRow = false) {
  const RefMeta &m = win.meta();
  detail::WindowStart rowStart = windowStart(win, 0), colStart = windowStart(win, 1);
  mlir::MemRefType root = rootType(win);
  if (colStart.dynamic || root.getRank() != 2)
    return std::nullopt;
  // [at, at + n) widened to whole units, within [0, limit).
  auto widen = [](int64_t at, int64_t n, int64_t unit, int64_t limit) {
    int64_t first = at - at % unit;
    return std::pair{first, std::min((at + n + unit - 1) / unit * unit, limit) - first};
  };
  if (rowStart.dynamic) {
    // Rows at a run-time start of whole tiles: the same rows of the view's
    // source, its columns widened to the lane tiles around the window's.
    auto view = m.value.getDefiningOp<mlir::tessera::ViewOp>();
    if (!view || view.getMixedOffsets().size() != 2 ||
        ((rowStart.multiple % tileRows != 0 || rowStart.at % tileRows != 0) &&
         !(anyRunTimeRow && tileRows == machine::kSublanes)))
      return std::nullopt;
    auto colOffset = llvm::dyn_cast<mlir::Attribute>(view.getMixedOffsets()[1]);
    if (!colOffset)
      return std::nullopt;
    int64_t at = llvm::cast<mlir::IntegerAttr>(colOffset).getInt();
    auto [c0, cols] =
        widen(at, m.shape[1], machine::kLanes,
              llvm::cast<mlir::MemRefType>(view.getSource().getType()).getDimSize(1));
    KernelTrace &trace = KernelTrace::check(m.trace, loc, What::ref(m.name));
    auto &b = trace.builder();
    auto widened = b.create<mlir::tessera::ViewOp>(
        trace.loc(loc), view.getSource(),
        llvm::SmallVector<mlir::OpFoldResult>{view.getMixedOffsets()[0], b.getIndexAttr(c0)},
        llvm::SmallVector<int64_t>{m.shape[0], cols});
    RefMeta tiles = m;
    tiles.value = widened.getResult();
    tiles.shape = {m.shape[0], cols};
    tiles.name = m.name + " (its lane tiles)";
    return Around{trace.makeRef(std::move(tiles)), 0, at - c0};
  }
  int64_t row = rowStart.at, col = colStart.at;
  auto [r0, rows] = widen(row, m.shape[0], tileRows, root.getDimSize(0));
  auto [c0, cols] = widen(col, m.shape[1], machine::kLanes, root.getDimSize(1));
  RefMeta whole = m;
  whole.value = rootValue(win);
  whole.shape = {root.getDimSize(0), root.getDimSize(1)};
  KernelTrace &trace = KernelTrace::check(m.trace, loc, What::ref(m.name));
  Ref tiles = window(trace.makeRef(std::move(whole)), {Slice{r0, rows}, Slice{c0, cols}}, loc);
  return Around{tiles, row - r0, col - c0};
}

/// Reads a VMEM window of rank 3 to 5: one value per matrix.
RefAccess accessBatch(const Ref &win, const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(win.meta().trace, loc, What::ref(win.name()));
  std::vector<Value> slices;
  if (sharedPackedTiles(win)) {  // all the rows, each matrix sliced out of them
    Value all = access(physical(win), loc);
    int64_t rows = win.shape()[win.shape().size() - 2], cols = win.shape().back();
    int64_t step = matrixStep(win.meta());
    for (int64_t b = 0; b < numMatrices(win.shape()); ++b)
      slices.push_back(lax::slice(all, {b * step, 0}, {b * step + rows, cols}, loc));
  }
  for (const Ref &matrix : slices.empty() ? matrices(win, loc) : std::vector<Ref>{})
    slices.push_back(access(matrix, loc));
  Value v = trace.addStack(std::move(slices), {win.shape(), win.dtype()});
  return RefAccess(v, win, loc);
}

/// Reads a whole VMEM window into a value.
RefAccess access(const Ref &win, const std::source_location &loc) {
  const RefMeta &m = win.meta();
  KernelTrace &trace = KernelTrace::check(m.trace, loc, What::ref(m.name));
  if (m.rowStride != 1)
    return RefAccess(stridedLoad(win, loc), win, loc);
  refuseRunTimeWindow(m, "a Ref to load", /*matricesApart=*/true, loc);
  if (m.choice)
    return RefAccess(detail::onChoice<Value>(
                         win, [&](const Ref &c) -> Value { return access(c, loc); }, loc),
                     win, loc);
  if (m.reinterpreted) {  // the memory's value, reinterpreted
    Value v = access(memoryRef(trace, m), loc);
    return RefAccess(pltpu::bitcast(v, m.dtype, loc), win, loc);
  }
  if (isBatchShape(m.shape) && m.space == MemorySpace::VMEM)
    return accessBatch(win, loc);
  bool foldedVmem = isFoldedRef(m) && m.space == MemorySpace::VMEM;
  if (foldedVmem && m.laneOffset != 0 && physical(win).shape()[0] == 1) {  // lanes of one row
    Value row = access(physical(win), loc);
    Value v = lax::slice(row, {0, m.laneOffset}, {1, m.laneOffset + m.shape[0]}, loc);
    return RefAccess(jnp::reshape(v, m.shape, loc), win, loc);
  }
  if (foldedVmem && m.laneOffset != 0 && m.shape[0] % machine::kLanes == 0)
    return RefAccess(loadAcrossRows(win, loc), win, loc);  // across rows, whole rows of them
  if (foldedVmem && wholeFoldedRows(win)) {
    // Whole rows: loaded as they are, a folded value (KernelTrace::isFolded).
    Value rows = access(physical(win), loc);
    return RefAccess(trace.addValue(trace.use(rows, loc), {m.shape, m.dtype}), win, loc);
  }
  if (foldedVmem) {  // its rows, joined into one row value [1, n] as [n]
    std::vector<Value> rows;
    for (const Ref &row : m.laneOffset != 0 ? rowParts(win, loc) : foldedRows(win, loc))
      rows.push_back(jnp::reshape(access(row, loc), {1, row.shape().back()}, loc));
    Value v = rows.size() == 1 ? rows[0] : jnp::concatenate(rows, 1, loc);
    return RefAccess(jnp::reshape(v, m.shape, loc), win, loc);
  }
  if (m.space != MemorySpace::VMEM)
    throwUserError(loc, "Ref '" + m.name + "' is in " + to_string(m.space) +
                            ": the vector unit reads and writes only VMEM; copy it into a "
                            "VMEM scratch buffer with pltpu::async_copy first");
  checkAlignedColumns(win, loc);
  int64_t tileRows = machine::kSublanes * packing(m.dtype);
  // One row of a 32-bit Ref is a [1, C] value (a row replicated over the
  // sublanes in registers), e.g. a layer-norm scale.
  bool oneRow = m.shape.size() == 2 && m.shape[0] == 1;
  // A Ref of one column ([R, 1] scratch, e.g. a running row maximum): its
  // rows are padded to 128 lanes, lane 0 holding the data; the value is
  // [R, 1] (the column replicated over the lanes in registers).
  bool oneColumn = m.shape.size() == 2 && m.shape[1] == 1 && isOneColumnRef(win);
  // One column of a wider Ref (x_ref[:, 3:4]): read out of the whole tiles
  // around it (a [R, 1] value is the column replicated over the lanes,
  // which a tile of the Ref is not).
  bool columnOfWide = m.shape.size() == 2 && m.shape[1] == 1 && !oneColumn;
  // A 32-bit window of any shape: its last tiles are padded (read whole,
  // written through a mask), so it must start where a tile starts.
  // (A one-column window of a wider Ref is not one: lane 0 of its rows is
  // no tile's start along them.)
  // A column pads its last tile's rows ([12, 1]: two 8x1 tiles, rows 12-15
  // of the second padding). Packed dtypes pad their (16, 128) / (32, 128)
  // tiles the same way.
  // (Whole packed tiles of rows at a static row inside one are read out
  // of the tiles around them too.)
  detail::WindowStart rowAt = windowStart(win, 0);
  bool packedInside = packing(m.dtype) > 1 && !oneRow && !rowAt.dynamic &&
                      rowAt.at % tileRows != 0 && m.shape.size() == 2 && m.shape[1] > 1;
  // (A packed one-column window at a static row inside a packed tile is
  // read out of the tiles around it too.)
  bool packedColumnInside = oneColumn && packing(m.dtype) > 1 && !oneRow && !rowAt.dynamic &&
                            rowAt.at % tileRows != 0;
  bool padded = m.shape.size() == 2 && m.shape[0] > 0 &&
                (oneColumn ? m.shape[0] % tileRows != 0 || packedColumnInside
                           : columnOfWide || packedInside ||
                                 (m.shape[1] > 1 && ((m.shape[0] % tileRows != 0 && !oneRow) ||
                                                     m.shape[1] % 128 != 0)));
  if (m.shape.size() != 2 || m.shape[0] == 0 ||
      (!padded && ((m.shape[0] % tileRows != 0 && !oneRow) ||
                   (m.shape[1] % 128 != 0 && !oneColumn))))
    throwUserError(loc, "a " + to_string(m.dtype) + " value of shape " + to_string(m.shape) +
                            " does not fill whole (" + std::to_string(tileRows) +
                            ", 128) tiles; read windows of " + std::to_string(tileRows) +
                            "k rows (or 1 row) and 128m columns (or all of a Ref of one column)");
  if (padded) {
    int64_t row = rowAt.at, col = windowStart(win, 1).at;
    if ((row % tileRows != 0 && !oneRow) || col % machine::kLanes != 0 || columnOfWide)
      if (auto around = enclosingTiles(win, tileRows, loc, columnOfWide)) {
        // It out of the whole tiles around it (rotated into place).
        Value all = access(around->tiles, loc);
        return RefAccess(lax::slice(all, {around->row, around->col},
                                    {around->row + m.shape[0], around->col + m.shape[1]}, loc),
                         win, loc);
      }
    if (columnOfWide)
      throwUserError(loc, "the window '" + m.name + "' of shape " + to_string(m.shape) +
                              " is one column of a Ref of " +
                              std::to_string(refColumns(win)) +
                              " columns; it is read out of the tiles around it, so it must " +
                              (windowStart(win, 1).dynamic
                                   ? std::string("start at a static column")
                                   : "start, at a run-time row of " + to_string(m.dtype) +
                                         " (rows packed in (" + std::to_string(tileRows) +
                                         ", 128) tiles), at one provably a multiple of " +
                                         std::to_string(tileRows) + " (pl::multiple_of)") +
                              "; else read the rows' whole tiles and slice the column out "
                              "(lax::slice)");
    if ((row % tileRows != 0 && !oneRow) || col % machine::kLanes != 0)
      throwUserError(loc, "the window '" + m.name + "' of shape " + to_string(m.shape) +
                              " is not whole (" + std::to_string(tileRows) +
                              ", 128) tiles, so its last tiles are padded; it must start where "
                              "a tile starts (row a multiple of " + std::to_string(tileRows) +
                              ", column of 128), not at (" + std::to_string(row) + ", " +
                              std::to_string(col) + ")");
  }
  trace.checkVisible(m.value, loc, What::ref(m.name));
  checkAlignedRows(win, loc);
  checkPackedWindow(win, loc, /*dma=*/false);
  auto type = mlir::VectorType::get(m.shape, detail::memoryElementType(m.dtype));
  mlir::Value loaded =
      trace.builder().create<mlir::tessera::LoadOp>(trace.loc(loc), type, m.value).getResult();
  // A bool Ref holds int32 0 / 1: the mask is x != 0.
  if (m.dtype == DType::bool_)
    loaded = detail::values::convert(trace, loaded, DType::int32, DType::bool_, loc);
  Value v = trace.addValue(loaded, {m.shape, m.dtype});
  return RefAccess(v, win, loc);
}

/// Erases the load that made `read` (and a bool's compare after it, or
/// the join of a 1-D Ref's rows and their loads) when nothing uses it.
void eraseDeadRead(mlir::Value read) {
  if (!read || !read.use_empty())
    return;
  mlir::Operation *def = read.getDefiningOp();
  if (!llvm::isa_and_nonnull<mlir::tessera::LoadOp, mlir::tessera::LoadScalarOp,
                             mlir::arith::CmpIOp, mlir::tessera::ConcatOp>(def))
    return;
  llvm::SmallVector<mlir::Value> inputs;
  if (!llvm::isa<mlir::tessera::LoadOp, mlir::tessera::LoadScalarOp>(def))
    inputs.append(def->operand_begin(), def->operand_end());
  def->erase();
  for (mlir::Value in : inputs)
    eraseDeadRead(in);
}

/// `value` as a Ref of its dtype holds it: a mask as int32 0 / 1.
mlir::Value inMemory(KernelTrace &trace, const Value &value, const std::source_location &loc) {
  mlir::Value v = trace.use(value, loc);
  if (value.dtype() == DType::bool_)
    v = detail::values::convert(trace, v, DType::bool_, DType::int32, loc);
  return v;
}

void store(const Ref &win, const Value &value, const std::source_location &loc) {
  const RefMeta &m = win.meta();
  KernelTrace &trace = KernelTrace::check(value.traceId(), loc, "a value");
  if (m.rowStride != 1) {
    stridedStore(win, value, loc);
    return;
  }
  refuseRunTimeWindow(m, "a Ref to store into", /*matricesApart=*/true, loc);
  if (m.choice) {
    detail::onChoice<void>(win, [&](const Ref &c) { store(c, value, loc); }, loc);
    return;
  }
  if (m.reinterpreted && value.shape() == m.shape && value.dtype() == m.dtype) {
    store(memoryRef(trace, m), pltpu::bitcast(value, m.reinterpreted->dtype, loc), loc);
    return;
  }
  if (value.shape() != m.shape)
    throwUserError(loc, "cannot store a value of shape " + to_string(value.shape()) +
                            " into Ref '" + m.name + "' of shape " + to_string(m.shape));
  if (value.dtype() != m.dtype)
    throwUserError(loc, "cannot store a value of dtype " + to_string(value.dtype()) +
                            " into Ref '" + m.name + "' of dtype " + to_string(m.dtype));
  bool foldedVmem = isFoldedRef(m) && m.space == MemorySpace::VMEM;
  if (foldedVmem && m.laneOffset != 0 && m.shape[0] % machine::kLanes == 0 &&
      trace.isFolded(value))  // a folded value across rows
    return storeAcrossRows(win, value, loc);
  if (foldedVmem && m.laneOffset != 0 && physical(win).shape()[0] == 1) {  // merged into its row's lanes
    Ref rowRef = physical(win);
    int64_t width = rowRef.shape()[1], first = m.laneOffset, n = m.shape[0];
    std::vector<Value> parts;
    if (first > 0)
      parts.push_back(jnp::zeros({1, first}, m.dtype, loc));
    parts.push_back(jnp::reshape(value, {1, n}, loc));
    if (first + n < width)
      parts.push_back(jnp::zeros({1, width - first - n}, m.dtype, loc));
    Value lane = lax::broadcasted_iota(DType::int32, {1, width}, 1, loc);
    Value mask = (lane >= first) & (lane < first + n);
    store(rowRef, jnp::where(mask, jnp::concatenate(parts, 1, loc), access(rowRef, loc), loc),
          loc);
    return;
  }
  if (foldedVmem && trace.isFolded(value) && wholeFoldedRows(win)) {
    Ref rows = physical(win);
    store(rows, trace.addValue(trace.useElementwise(value, loc), {rows.shape(), m.dtype}), loc);
    return;
  }
  if (foldedVmem) {  // the value's row, a part per row of the Ref
    Value row = jnp::reshape(value, {1, m.shape[0]}, loc);
    std::vector<Ref> rows = m.laneOffset != 0 ? rowParts(win, loc) : foldedRows(win, loc);
    int64_t at = 0;
    for (const Ref &r : rows) {
      int64_t w = r.shape().back();
      Value part = rows.size() == 1 ? row : lax::slice(row, {0, at}, {1, at + w}, loc);
      store(r, jnp::reshape(part, r.shape(), loc), loc);
      at += w;
    }
    return;
  }
  if (isBatchShape(m.shape) && sharedPackedTiles(win)) {  // the matrices' rows at once
    // (Each padded to its whole 8-row tiles, as accessBatch reads them.)
    std::vector<Value> padded;
    for (const Value &slice : trace.slices(value, loc))
      padded.push_back(padRows(slice, matrixStep(m), loc));
    store(physical(win), jnp::concatenate(padded, 0, loc), loc);
    return;
  }
  if (isBatchShape(m.shape)) {  // one store per matrix
    std::vector<Ref> into = matrices(win, loc);
    const std::vector<Value> &slices = trace.slices(value, loc);
    for (size_t b = 0; b < into.size(); ++b)
      store(into[b], slices[b], loc);
    return;
  }
  trace.checkVisible(m.value, loc, What::ref(m.name));
  checkAlignedColumns(win, loc);
  // Several packed rows from a static row inside a packed tile, or columns
  // from a static column inside a 128-lane tile (a window that is not all
  // the columns of a one-column Ref): merged into the whole tiles around
  // them (a load, a select, the store).
  int64_t tileRows = machine::kSublanes * packing(m.dtype);
  // (One column of a wider Ref always: the value holds it replicated over
  // the lanes.)
  bool columnOfWide = m.shape.size() == 2 && m.shape[1] == 1 && !isOneColumnRef(win);
  // (A packed one-column Ref's rows from a static row inside a packed
  // tile: placed along the rows only, its tiles one column wide.)
  bool packedColumn = m.shape.size() == 2 && m.shape[1] == 1 && !columnOfWide &&
                      packing(m.dtype) > 1;
  if (m.shape.size() == 2 && (m.shape[1] > 1 || columnOfWide || packedColumn))
    if (auto around = enclosingTiles(win, tileRows, loc, columnOfWide);
        around && ((packing(m.dtype) > 1 && m.shape[0] > 1 && around->row % tileRows != 0) ||
                   around->col != 0 || columnOfWide)) {
      const Shape &all = around->tiles.shape();
      int64_t r = around->row, c = around->col, n = m.shape[0], w = m.shape[1];
      // (A column is in every lane already: only its rows are placed.)
      Value placed = columnOfWide
                         ? jnp::pad(jnp::broadcast_to(value, {n, all[1]}, loc),
                                    {{r, all[0] - r - n}, {0, 0}}, 0, loc)
                         : jnp::pad(value, {{r, all[0] - r - n}, {c, all[1] - c - w}}, 0, loc);
      Value i = lax::broadcasted_iota(DType::int32, all, 0, loc);
      Value j = lax::broadcasted_iota(DType::int32, all, 1, loc);
      Value inside = (i >= r) & (i < r + n) & (j >= c) & (j < c + w);
      store(around->tiles, jnp::where(inside, placed, access(around->tiles, loc), loc), loc);
      return;
    }
  checkPackedWindow(win, loc, /*dma=*/false);
  trace.builder().create<mlir::tessera::StoreOp>(trace.loc(loc), inMemory(trace, value, loc),
                                                 m.value);
}

/// Drops the load a RefAccess made when it turns out to be a store target.
void dropUnusedLoad(const Value &loaded) {
  if (loaded.id() < 0)
    return;
  KernelTrace &trace = KernelTrace::check(loaded.traceId(), std::source_location::current(),
                                          "a value");
  if (trace.isStack(loaded)) {
    for (const Value &s : trace.slices(loaded, std::source_location::current()))
      dropUnusedLoad(s);
    return;
  }
  eraseDeadRead(trace.useElementwise(loaded, std::source_location::current()));
}

}  // namespace

// The helpers dsl/Elements.cpp and dsl/Copies.cpp share (dsl/RefOps.h).
void detail::refuseRunTimeWindow(const RefMeta &m, const std::string &use, bool matricesApart,
                                 const std::source_location &loc) {
  if (m.matrixStep && !matricesApart)
    throwUserError(loc, "Ref '" + m.name + "' is a window of " +
                            std::to_string(numMatrices(m.shape)) +
                            " matrices and a part of their rows (not one run of memory): it is "
                            "loaded, stored or windowed, not " + use +
                            "; take the matrices one at a time (.at(b))");
  if (m.rowStride != 1)
    throwUserError(loc, "Ref '" + m.name + "' is a strided window (pl::ds with a stride): it is "
                            "loaded or stored, not " + use);
  if (m.runTimeWindow)
    throwUserError(loc, "Ref '" + m.runTimeWindow->name +
                            "' has a size known only at run time; it is the source or "
                            "destination of a DMA (pltpu::async_copy, make_async_copy), not " +
                            use);
}

void detail::checkPackedWindow(const Ref &win, const std::source_location &loc, bool dma) {
  ::tessera::checkPackedWindow(win, loc, dma);
}
int64_t detail::refColumns(const Ref &win) { return ::tessera::refColumns(win); }
bool detail::isFolded(const RefMeta &m) { return isFoldedRef(m); }
int64_t detail::rootColumns(const Ref &win) { return ::tessera::rootColumns(win); }
Ref detail::withShape(const Ref &ref, Shape shape) {
  RefMeta meta = ref.meta();
  meta.shape = std::move(shape);
  return KernelTrace::check(meta.trace, std::source_location::current(), "a Ref")
      .makeRef(std::move(meta));
}
detail::WindowStart detail::windowStart(const Ref &win, size_t dim) {
  return ::tessera::windowStart(win, dim);
}
Ref detail::refWindow(const Ref &ref, std::vector<Slice> slices, const std::source_location &loc) {
  return window(ref, std::move(slices), loc);
}
RefAccess detail::refAccess(const Ref &win, const std::source_location &loc) {
  return access(win, loc);
}
void detail::refStore(const Ref &win, const Value &value, const std::source_location &loc) {
  store(win, value, loc);
}
void detail::eraseDeadRead(mlir::Value read) { ::tessera::eraseDeadRead(read); }

namespace pltpu {
void store(const Ref &ref, const Value &v, std::optional<Value> mask, std::source_location loc) {
  const RefMeta &m = ref.meta();
  KernelTrace &trace = KernelTrace::check(m.trace, loc, What::ref(m.name));
  Ref win = window(ref, {}, loc);
  if (!mask) {
    ::tessera::store(win, v, loc);
    return;
  }
  if (m.choice) {
    detail::onChoice<void>(win, [&](const Ref &c) { pltpu::store(c, v, mask, loc); }, loc);
    return;
  }
  if (mask->dtype() != DType::bool_ || mask->shape() != m.shape)
    throwUserError(loc, "pltpu::store: the mask is " +
                            to_string(ShapeDtypeStruct{mask->shape(), mask->dtype()}) +
                            "; it must be a bool value of the Ref's shape " + to_string(m.shape));
  if (v.shape() != m.shape || v.dtype() != m.dtype)
    throwUserError(loc, "pltpu::store: cannot store a value of " +
                            to_string(ShapeDtypeStruct{v.shape(), v.dtype()}) + " into Ref '" +
                            m.name + "' of " + to_string(ShapeDtypeStruct{m.shape, m.dtype}));
  if (m.space != MemorySpace::VMEM)
    throwUserError(loc, "pltpu::store: Ref '" + m.name + "' is in " + to_string(m.space) +
                            "; the vector unit writes only VMEM");
  // A bitcast Ref of one width: the bits, masked, into its memory. Of
  // another width its elements are parts of the memory's words (or words
  // of its elements): they merge into what it holds, stored whole.
  if (m.reinterpreted) {
    if (itemsize(m.reinterpreted->dtype) != itemsize(m.dtype)) {
      ::tessera::store(win, jnp::where(*mask, v, access(win, loc), loc), loc);
      return;
    }
    pltpu::store(memoryRef(trace, m), pltpu::bitcast(v, m.reinterpreted->dtype, loc), mask, loc);
    return;
  }
  if (isFoldedRef(m)) {
    // A 1-D VMEM Ref: whole rows of folded operands stored through the
    // mask as a matrix; otherwise the Ref's elements merged (a load and a
    // select, then the store).
    if (wholeFoldedRows(win) && trace.isFolded(v) && trace.isFolded(*mask)) {
      Ref rows = physical(win);
      pltpu::store(rows, trace.addValue(trace.useElementwise(v, loc), {rows.shape(), m.dtype}),
                   trace.addValue(trace.useElementwise(*mask, loc), {rows.shape(), DType::bool_}),
                   loc);
      return;
    }
    ::tessera::store(win, jnp::where(*mask, v, access(win, loc), loc), loc);
    return;
  }
  // One row or one column (held replicated in registers, no tile of a
  // masked store): merged the same way.
  if (m.shape.size() >= 2 && (m.shape[m.shape.size() - 2] == 1 || m.shape.back() == 1)) {
    ::tessera::store(win, jnp::where(*mask, v, access(win, loc), loc), loc);
    return;
  }
  if (isBatchShape(m.shape)) {  // one masked store per matrix
    std::vector<Ref> into = matrices(win, loc);
    const std::vector<Value> &vs = trace.slices(v, loc), &ms = trace.slices(*mask, loc);
    for (size_t b = 0; b < into.size(); ++b)
      pltpu::store(into[b], vs[b], ms[b], loc);
    return;
  }
  trace.checkVisible(m.value, loc, What::ref(m.name));
  checkAlignedRows(win, loc);
  checkAlignedColumns(win, loc);
  trace.builder().create<mlir::tessera::MaskedStoreOp>(trace.loc(loc), inMemory(trace, v, loc),
                                                       trace.use(*mask, loc), m.value);
}

Value load(const Ref &ref, std::source_location loc) { return access(ref, loc); }

Value load(const Ref &ref, const Value &mask, const ArrayLike &other, std::source_location loc) {
  const RefMeta &m = ref.meta();
  KernelTrace::check(m.trace, loc, What::ref(m.name));
  if (mask.dtype() != DType::bool_ || mask.shape() != m.shape)
    throwUserError(loc, "pltpu::load: the mask is " +
                            to_string(ShapeDtypeStruct{mask.shape(), mask.dtype()}) +
                            "; it must be a bool value of the Ref's shape " + to_string(m.shape));
  Value v = access(window(ref, {}, loc), loc);
  return jnp::where(mask, v, jnp::full(m.shape, other, m.dtype, loc), loc);
}
}  // namespace pltpu

RefAccess Ref::operator[](At<Ellipsis> all) const { return access(*this, all.loc); }

RefAccess Ref::operator[](At<Slice> rows) const {
  return access(window(*this, {rows.value}, rows.loc), rows.loc);
}

RefAccess Ref::operator()(Slice rows, Slice cols, std::source_location loc) const {
  return access(window(*this, {rows, cols}, loc), loc);
}

RefAccess Ref::operator()(Slice lead, Slice rows, Slice cols, std::source_location loc) const {
  return access(window(*this, {lead, rows, cols}, loc), loc);
}

RefAccess Ref::operator()(Slice d0, Slice d1, Slice rows, Slice cols,
                          std::source_location loc) const {
  return access(window(*this, {d0, d1, rows, cols}, loc), loc);
}

RefAccess Ref::operator()(Slice d0, Slice d1, Slice d2, Slice rows, Slice cols,
                          std::source_location loc) const {
  return access(window(*this, {d0, d1, d2, rows, cols}, loc), loc);
}


Ref Ref::at(Slice rows, std::source_location loc) const { return window(*this, {rows}, loc); }

Ref Ref::at(Slice rows, Slice cols, std::source_location loc) const {
  return window(*this, {rows, cols}, loc);
}

Ref Ref::at(Slice lead, Slice rows, Slice cols, std::source_location loc) const {
  return window(*this, {lead, rows, cols}, loc);
}

Ref Ref::at(Slice d0, Slice d1, Slice rows, Slice cols, std::source_location loc) const {
  return window(*this, {d0, d1, rows, cols}, loc);
}

Ref Ref::at(Slice d0, Slice d1, Slice d2, Slice rows, Slice cols,
            std::source_location loc) const {
  return window(*this, {d0, d1, d2, rows, cols}, loc);
}

/// x_ref.at(b) of a Ref of rank 3 to 5: index b of its leading dimension,
/// a Ref of one rank less (a matrix of a rank-3 Ref).
Ref detail::leadingAt(const Ref &ref, Slice index, const std::source_location &loc) {
  const RefMeta &m = ref.meta();
  Ref w = window(ref, {index}, loc);
  RefMeta meta = w.meta();
  meta.shape.erase(meta.shape.begin());
  return KernelTrace::check(m.trace, loc, What::ref(m.name)).makeRef(std::move(meta));
}

Ref Ref::at(int64_t index, std::source_location loc) const {
  const RefMeta &m = meta();
  if (isBatchShape(m.shape))
    return leadingAt(*this, Slice{index, 1}, loc);
  if (m.space != MemorySpace::SEMAPHORE || m.shape.size() != 1)
    throwUserError(loc, "Ref '" + m.name + "' of shape " + to_string(m.shape) +
                            " cannot be indexed by one number (a semaphore array or a Ref of "
                            "rank 3 to 5 can); use .at(pl::ds(start, size))");
  return window(*this, {Slice{index, 1}}, loc);
}

Ref Ref::at(const Scalar &index, std::source_location loc) const {
  const RefMeta &m = meta();
  if (isBatchShape(m.shape))
    return leadingAt(*this, Slice{0, 1, index}, loc);
  if (m.space != MemorySpace::SEMAPHORE || m.shape.size() != 1)
    throwUserError(loc, "Ref '" + m.name + "' of shape " + to_string(m.shape) +
                            " cannot be indexed by one scalar (a semaphore array or a Ref of "
                            "rank 3 to 5 can); use .at(pl::ds(start, size))");
  return window(*this, {Slice{0, 1, index}}, loc);
}

Ref Ref::reshape(Shape shape, std::source_location loc) const {
  const RefMeta &m = meta();
  KernelTrace &trace = KernelTrace::check(m.trace, loc, What::ref(m.name));
  refuseRunTimeWindow(m, "a Ref to reshape", /*matricesApart=*/false, loc);
  if (m.choice)
    return detail::mapChoice(*this, [&](const Ref &c) { return c.reshape(shape, loc); }, loc);
  std::string what = "Ref '" + m.name + "' of shape " + to_string(m.shape) + " reshaped to " +
                     to_string(shape);
  if (m.reinterpreted)
    throwUserError(loc, what + ": it is a bitcast Ref; reshape before the bitcast");
  if (m.space != MemorySpace::VMEM && m.space != MemorySpace::ANY &&
      m.space != MemorySpace::HBM)
    throwUserError(loc, what + ": only VMEM and HBM Refs are reshaped (this one is in " +
                            to_string(m.space) + ")");
  for (int64_t d : shape)
    if (d < 1)
      throwUserError(loc, what + ": dimensions must be positive");
  // In VMEM a 1-D Ref is its rows of 128 lanes (foldedShape): [n] and
  // [n / 128, 128] are the same memory.
  bool oneD = shape.size() == 1 && detail::memoryShape(shape, m.dtype, m.space).size() == 2;
  if ((shape.size() < 2 && !oneD) || shape.size() > kMaxRank)
    throwUserError(loc, what + ": a Ref has rank 2 to " + std::to_string(kMaxRank) +
                            " (of 32-bit words in (8, 128) tiles; in VMEM also rank 1)");
  if (m.laneOffset != 0 || m.sharedLastRow)
    throwUserError(loc, what + ": the window is not whole rows of 128 lanes of its 1-D Ref");
  if (numElements(shape) != numElements(m.shape))
    throwUserError(loc, what + ": " + std::to_string(numElements(m.shape)) +
                            " elements cannot become " + std::to_string(numElements(shape)));
  // The same 2-D memory, and matrices that start at whole tiles.
  int64_t tile = machine::kSublanes * packing(m.dtype);
  auto memory = [&](const Shape &s) { return detail::memoryShape(s, m.dtype, m.space); };
  int64_t rows = shape.size() >= 2 ? shape[shape.size() - 2] : 1;
  if (memory(shape) != memory(m.shape) || (numMatrices(shape) > 1 && rows % tile != 0))
    throwUserError(loc, what + " would move elements in memory: a Ref keeps its last dimension "
                               "and its matrices' rows in whole (" +
                            std::to_string(tile) + ", 128) tiles (" +
                            to_string(memory(m.shape)) +
                            " in memory); only leading dimensions are renumbered, merged into "
                            "the rows or split out of them");
  trace.checkVisible(m.value, loc, What::ref(m.name));
  RefMeta meta = m;
  meta.shape = std::move(shape);
  return trace.makeRef(std::move(meta));
}

Ref Ref::bitcast(DType dtype, std::source_location loc) const {
  const RefMeta &m = meta();
  KernelTrace &trace = KernelTrace::check(m.trace, loc, What::ref(m.name));
  refuseRunTimeWindow(m, "a Ref to bitcast", /*matricesApart=*/false, loc);
  if (m.choice)
    return detail::mapChoice(*this, [&](const Ref &c) { return c.bitcast(dtype, loc); }, loc);
  checkHardwareDtype(dtype, loc, "bitcast");
  std::string what = "Ref '" + m.name + "' of " + to_string(ShapeDtypeStruct{m.shape, m.dtype}) +
                     " bitcast to " + to_string(dtype);
  if (m.space != MemorySpace::VMEM && m.space != MemorySpace::ANY &&
      m.space != MemorySpace::HBM)
    throwUserError(loc, what + ": only VMEM and HBM Refs are bitcast (this one is in " +
                            to_string(m.space) + ")");
  if (m.dtype == DType::bool_ || dtype == DType::bool_ || isSemaphore(m.dtype) ||
      isSemaphore(dtype))
    throwUserError(loc, what + ": bool and semaphore Refs have no bit layout to reinterpret");
  if (m.shape.size() != 2)
    throwUserError(loc, what + ": bitcast a Ref of rank 2 (reshape or index it first)");
  int from = 8 * itemsize(m.dtype), to = 8 * itemsize(dtype);
  if (m.shape[0] * from % to != 0)
    throwUserError(loc, what + ": shape[-2] = " + std::to_string(m.shape[0]) + " times " +
                            std::to_string(from) + " bits is not a multiple of " +
                            std::to_string(to) + " bits");
  trace.checkVisible(m.value, loc, What::ref(m.name));
  RefMeta meta = m;
  meta.dtype = dtype;
  meta.shape = {m.shape[0] * from / to, m.shape[1]};
  meta.name = m.name + ".bitcast(" + to_string(dtype) + ")";
  // The same element type in memory (int32 <-> uint32): the Ref as it is.
  if (from == to && detail::memoryElementType(dtype) == detail::memoryElementType(m.dtype) &&
      !m.reinterpreted)
    return trace.makeRef(std::move(meta));
  if (!meta.reinterpreted)
    meta.reinterpreted = ShapeDtypeStruct{m.shape, m.dtype};
  return trace.makeRef(std::move(meta));
}

RefAccess &RefAccess::operator=(const Value &value) && {
  // The load this access recorded is not needed when it is only written.
  Value loaded = *this;
  store(window_, value, loc_);
  dropUnusedLoad(loaded);
  return *this;
}

RefAccess &RefAccess::operator=(const RefAccess &value) && {
  return std::move(*this) = static_cast<const Value &>(value);
}

//===----------------------------------------------------------------------===//
// DMAs
//===----------------------------------------------------------------------===//

namespace pltpu {

ScratchType VMEM(Shape shape, DType dtype, std::source_location loc) {
  return {MemorySpace::VMEM, std::move(shape), dtype, SemaphoreKind::DMA, loc};
}

std::optional<int64_t> ScratchType::vmemBytes() const {
  Shape shape = space == MemorySpace::VMEM ? detail::vmemShape(this->shape)
                                           : detail::physicalShape(this->shape);
  if (shape.size() != 2 || shape[0] < 0 || shape[1] < 0)
    return checkedNumBytes(shape, dtype);
  auto roundUp = [](int64_t n, int64_t m) { return n == 0 ? 0 : (n + m - 1) / m * m; };
  return checkedNumBytes({roundUp(shape[0], machine::kSublanes), roundUp(shape[1], machine::kLanes)},
                         dtype);
}

ScratchType SMEM(Shape shape, DType dtype, std::source_location loc) {
  return {MemorySpace::SMEM, std::move(shape), dtype, SemaphoreKind::DMA, loc};
}

ScratchType SemaphoreOfKind::operator()(Shape shape, std::source_location loc) const {
  return {MemorySpace::SEMAPHORE, std::move(shape), DType::int32, kind, loc};
}

ScratchType::operator ShapeDtypeStruct() const {
  if (space != MemorySpace::SEMAPHORE)
    throwUserError(loc, "pltpu::" + to_string(space) +
                            "(...) as an out_shape entry: a kernel's outputs are arrays "
                            "(ShapeDtypeStruct) or semaphores (pltpu::SemaphoreType::DMA / "
                            "REGULAR); outputs in VMEM or SMEM are not supported");
  if (semaphore == SemaphoreKind::BARRIER)
    throwUserError(loc, "pltpu::SemaphoreType::BARRIER as an out_shape entry: a barrier "
                        "semaphore is scratch (pltpu::core_barrier) or "
                        "pltpu::get_barrier_semaphore(); pass REGULAR semaphores between "
                        "kernels");
  return {shape, semaphore == SemaphoreKind::DMA ? DType::dma_semaphore : DType::semaphore};
}

}  // namespace pltpu

}  // namespace tessera
