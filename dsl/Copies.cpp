//===- Copies.cpp - DMAs of Refs, and Refs chosen at run time ---------------===//
//
// pltpu::async_copy / make_async_copy: the checks of a copy's ends (shapes,
// dtypes, memories, windows a DMA can move), windows of run-time length
// copied one DMA per bit of their size, copies of pl::select_ref choices
// traced once per candidate; and pl::select_ref itself.
//
//===----------------------------------------------------------------------===//
#include <bit>
#include <numeric>

#include "dsl/KernelTrace.h"
#include "dsl/RefOps.h"
#include "mlir/IR/ScalarFacts.h"
#include "mlir/IR/TesseraDialect.h"
#include "sim/MachineDesc.h"

namespace tessera {

using detail::checkPackedWindow;
using detail::windowStart;
using detail::KernelTrace;
using detail::RefMeta;
using detail::refuseRunTimeWindow;
using detail::rootColumns;
using detail::What;


namespace {
thread_local bool edgeBlockCopies = false;
}
detail::EdgeBlockCopies::EdgeBlockCopies() : previous_(edgeBlockCopies) { edgeBlockCopies = true; }
detail::EdgeBlockCopies::~EdgeBlockCopies() { edgeBlockCopies = previous_; }
bool detail::EdgeBlockCopies::active() { return edgeBlockCopies; }

namespace {
/// Marks a DMA start or wait made while EdgeBlockCopies lives (its
/// lowering may then write the rest of the buffer's last lane tile, and
/// its wait counts those bytes).
void markEdgeBlock(mlir::Operation *dma) {
  if (edgeBlockCopies)
    dma->setAttr(mlir::tessera::kEdgeBlockAttr, mlir::UnitAttr::get(dma->getContext()));
}
}  // namespace

void detail::checkCopyOperands(const Ref &src_, const Ref &dst_, const Ref &sem_,
                               const std::string &what, const std::source_location &loc) {
  const RefMeta &s = src_.meta(), &d = dst_.meta(), &m = sem_.meta();
  KernelTrace::check(s.trace, loc, What::ref(s.name));
  KernelTrace::check(d.trace, loc, What::ref(d.name));
  KernelTrace::check(m.trace, loc, What::ref(m.name));
  for (const RefMeta *r : {&s, &d, &m}) {
    refuseRunTimeWindow(*r, "an end of " + what, /*matricesApart=*/false, loc);
    detail::refuseChoice(*r, what, loc);
  }
  // A bitcast Ref's memory is copied as its bits: its tiles hold them in
  // any dtype in VMEM, and in HBM when the array is one column tile wide
  // (lowering/SelectDma.cpp); two HBM ends of wider arrays would need the
  // packed tiles' rows moved.
  auto widthOf = [](const RefMeta &r) {
    return itemsize(r.reinterpreted ? r.reinterpreted->dtype : r.dtype);
  };
  if ((s.reinterpreted || d.reinterpreted) && widthOf(s) != widthOf(d) &&
      s.space != MemorySpace::VMEM && d.space != MemorySpace::VMEM &&
      rootColumns(src_) > 128 && rootColumns(dst_) > 128)
    throwUserError(loc, what + ": '" + (s.reinterpreted ? s.name : d.name) +
                            "' is a bitcast to another width and both ends are HBM arrays "
                            "wider than 128 columns, whose packed tiles hold rows in other "
                            "places; copy through VMEM, or bitcast the VMEM end");
  for (const RefMeta *r : {&s, &d})
    if (r->space == MemorySpace::SEMAPHORE)
      throwUserError(loc, what + ": '" + r->name + "' is in " + to_string(r->space) +
                              "; DMAs move data between HBM and VMEM or SMEM");
  // SMEM <-> HBM: words, whole 1-D windows (dma.hbm_to_smem / smem_to_hbm).
  bool smem = s.space == MemorySpace::SMEM || d.space == MemorySpace::SMEM;
  if (smem) {
    const RefMeta &sm = s.space == MemorySpace::SMEM ? s : d, &other = &sm == &s ? d : s;
    if (other.space != MemorySpace::ANY && other.space != MemorySpace::VMEM)
      throwUserError(loc, what + ": '" + sm.name + "' is in SMEM and '" + other.name +
                              "' in " + to_string(other.space) +
                              "; an SMEM Ref is copied to or from HBM (pl::ANY) or VMEM only");
    if (other.space == MemorySpace::VMEM && s.shape.size() != 2)
      throwUserError(loc, what + ": '" + other.name + "' is in VMEM: an SMEM DMA copies one "
                              "row of a 2-D VMEM Ref (x_vmem.at(pl::ds(r, 1), pl::ds(c, n))) "
                              "to or from one row of a 2-D SMEM Ref");
    // A run of words: 1-D, or one row of 2-D Refs, of at most a 128-lane
    // tile (a row's words are contiguous in SMEM, and in the tiled HBM
    // array within one tile).
    // (The other end decides: a 1-D SMEM Ref may take one row of it.)
    bool oneRow = other.shape.size() == 2 && other.shape[0] == 1 && other.shape[1] <= 128;
    if (other.shape.size() != 1 && !oneRow)
      throwUserError(loc, what + ": the window " + to_string(other.shape) +
                              " is neither 1-D nor one row (of at most 128) of 2-D Refs; an "
                              "SMEM DMA copies a run of words");
    if (s.dtype != DType::int32 && s.dtype != DType::uint32 && s.dtype != DType::float32)
      throwUserError(loc, what + ": '" + s.name + "' has dtype " + to_string(s.dtype) +
                              "; an SMEM DMA copies int32, uint32 or float32 words");
    // The HBM row's words are one run only inside a 128-lane tile: every
    // start the window may have at run time must keep it there.
    const Ref &hbm = &other == &s ? src_ : dst_;
    if (oneRow && rootColumns(hbm) > machine::kLanes) {
      auto [col, multiple, dynamic] = windowStart(hbm, 1);
      int64_t lanes = machine::kLanes, width = other.shape[1];
      int64_t g = multiple == 0 ? lanes : std::gcd(multiple, lanes);
      if (col % g + width > g)
        throwUserError(loc, what + ": the row window of '" + other.name + "' (" +
                                std::to_string(width) + " columns from column " +
                                std::to_string(col) +
                                (multiple ? " plus a run-time multiple of " +
                                                std::to_string(multiple)
                                          : std::string()) +
                                ") may cross a 128-lane tile of the HBM array, where its "
                                "words are not one run; keep it inside one (say the start's "
                                "multiple with pl::multiple_of)");
    }
  }
  // (A 1-D SMEM Ref and one row [1, n] of a 2-D HBM array: the same words.)
  auto smemRow = [](const RefMeta &words, const RefMeta &row) {
    return words.space == MemorySpace::SMEM && words.shape.size() == 1 && row.shape.size() == 2 &&
           (row.space == MemorySpace::ANY || row.space == MemorySpace::HBM) &&
           row.shape == Shape{1, words.shape[0]};
  };
  if (s.shape != d.shape && !smemRow(s, d) && !smemRow(d, s))
    throwUserError(loc, what + ": source '" + s.name + "' has shape " +
                            to_string(s.shape) + " but destination '" + d.name +
                            "' has shape " + to_string(d.shape));
  if (s.dtype != d.dtype)
    throwUserError(loc, what + ": source '" + s.name + "' has dtype " +
                            to_string(s.dtype) + " but destination '" + d.name +
                            "' has dtype " + to_string(d.dtype));
  if (m.space != MemorySpace::SEMAPHORE)
    throwUserError(loc, what + ": '" + m.name +
                            "' is not a DMA semaphore (pltpu::SemaphoreType::DMA)");
  if (llvm::isa<mlir::tessera::SemaphoreType>(
          llvm::cast<mlir::MemRefType>(m.value.getType()).getElementType()))
    throwUserError(loc, what + ": '" + m.name +
                            "' is a REGULAR or BARRIER semaphore; a DMA signals a DMA "
                            "semaphore (pltpu::SemaphoreType::DMA)");
  if (numElements(m.shape) != 1)
    throwUserError(loc, what + ": '" + m.name + "' is an array of " +
                            std::to_string(numElements(m.shape)) +
                            " semaphores; pick one with .at(i)");
  if (smem)
    return;
  // 1-D VMEM Refs: their rows of 128 lanes, the 2-D windows below.
  Shape shape = s.shape;
  if (isFolded(s) || isFolded(d)) {
    const RefMeta &other = isFolded(s) ? d : s;
    const Ref &otherRef = isFolded(s) ? dst_ : src_;
    if (other.space == MemorySpace::VMEM && !isFolded(other))
      throwUserError(loc, what + ": '" + other.name + "' is a VMEM Ref of shape " +
                              to_string(other.shape) + "; a 1-D VMEM Ref is copied to or from "
                              "another 1-D Ref");
    if (!isFolded(other)) {
      // A 1-D HBM array: its words, whole rows of 128 of them from a
      // multiple of 128 (lowering/SelectDma.cpp); a destination window with
      // a partial last row ends where the array does (its padding follows).
      auto [start, multiple, dynamic] = windowStart(otherRef, 0);
      int64_t n = s.shape[0], lanes = machine::kLanes;
      if (start % lanes != 0 || (multiple != 0 && multiple % lanes != 0))
        throwUserError(loc, what + ": the window '" + other.name + "' of a 1-D array in HBM "
                                "starts at element " + std::to_string(start) +
                                (multiple ? " plus a run-time offset" : "") +
                                "; a DMA between it and a 1-D VMEM Ref (rows of 128 lanes) "
                                "starts at a multiple of 128 (promise a run-time one with "
                                "pl::multiple_of)");
      if (&other == &d && n % lanes != 0 && (multiple != 0 || start + n != rootColumns(dst_)))
        throwUserError(loc, what + ": the window '" + d.name + "' of a 1-D array in HBM has " +
                                std::to_string(n) + " elements, not a multiple of 128, and "
                                "does not end where the array does; a DMA writes whole rows "
                                "of 128 words, which would overwrite the elements after it");
    }
    for (const RefMeta *r : {&s, &d})
      if (r->laneOffset != 0)
        throwUserError(loc, what + ": the window '" + r->name + "' of a 1-D VMEM Ref starts "
                                "inside a row of 128 lanes; a DMA moves whole rows (windows "
                                "starting at a multiple of 128)");
    if (d.sharedLastRow)
      throwUserError(loc, what + ": the window '" + d.name + "' of a 1-D VMEM Ref ends inside "
                              "a row of 128 lanes that holds elements after it, which a DMA "
                              "into it would overwrite; copy whole rows (a multiple of 128 "
                              "elements) or up to the Ref's end");
    if (!isFolded(other)) {
      if (s.dtype == DType::bool_)
        throwUserError(loc, what + ": '" + s.name + "' is a pred (bool_) Ref; there is no bool "
                                "DMA on TPU (a mask is int32 0/1 in memory)");
      return;
    }
    auto type = llvm::cast<mlir::MemRefType>(s.value.getType());
    shape.assign(type.getShape().begin(), type.getShape().end());
    auto other2 = llvm::cast<mlir::MemRefType>(d.value.getType());
    if (type.getShape() != other2.getShape())
      throwUserError(loc, what + ": '" + s.name + "' and '" + d.name + "' hold their " +
                              std::to_string(s.shape[0]) + " elements in memory as " +
                              to_string(shape) + " and " +
                              to_string(Shape(other2.getShape().begin(),
                                              other2.getShape().end())) +
                              " (the row of a squeezed [1, N] block and rows of 128 lanes); "
                              "copy through a value (load and store)");
  }
  // Whole 128-lane columns, or all the columns of two Refs of one width
  // (one column, f32[8, 64], bf16[16, 200]: their padded rows move whole).
  bool columns = rootColumns(src_) == shape.back() && rootColumns(dst_) == shape.back();
  if (EdgeBlockCopies::active() && shape.size() == 2) {
    // A pipeline's partial edge block: the array's last columns (ending
    // with it) and the buffer's first ones, both from a lane tile's start.
    auto fromTile = [](const Ref &r) {
      WindowStart w = windowStart(r, 1);
      return w.at % machine::kLanes == 0 && (!w.dynamic || w.multiple % machine::kLanes == 0);
    };
    auto endsWithRef = [&](const Ref &r) {
      WindowStart w = windowStart(r, 1);
      return !w.dynamic && w.at + shape[1] == rootColumns(r);
    };
    columns = columns || (fromTile(src_) && fromTile(dst_) &&
                          (endsWithRef(src_) || endsWithRef(dst_)));
  }
  if ((shape.size() != 2 && !isBatchShape(shape)) || (shape.back() % 128 != 0 && !columns))
    throwUserError(loc, what + ": the window " + to_string(s.shape) +
                            " must have whole 128-lane columns (or be all the columns of two "
                            "Refs as wide, whose padded rows move whole)");
  if (s.dtype == DType::bool_)
    throwUserError(loc, what + ": '" + s.name + "' is a pred (bool_) Ref; there is no bool "
                        "DMA on TPU (a mask is int32 0/1 in memory): copy an int32 array and "
                        "compare it with 0 (x != 0), or convert with astype(jnp::int32)");
  checkPackedWindow(src_, loc, /*dma=*/true);
  checkPackedWindow(dst_, loc, /*dma=*/true);
}

namespace pltpu {

namespace {
void checkDescriptorVisible(KernelTrace &trace, const Ref &src, const Ref &dst, const Ref &sem,
                            const std::source_location &loc) {
  for (const Ref *r : {&src, &dst, &sem})
    trace.checkVisible(r->meta().value, loc, What::ref(r->name()));
}

/// Whether a copy's windows have a run-time size (pl::ds(start, n)): then
/// both do, of one rank, dtype and static dimensions.
bool checkRunTimeCopy(const Ref &src, const Ref &dst, const std::source_location &loc) {
  const RefMeta &s = src.meta(), &d = dst.meta();
  if (!s.runTimeWindow && !d.runTimeWindow)
    return false;
  const RefMeta &dyn = s.runTimeWindow ? s : d, &other = &dyn == &s ? d : s;
  std::string what = "async_copy of '" + (s.runTimeWindow ? s.runTimeWindow->name : s.name) +
                     "' to '" + (d.runTimeWindow ? d.runTimeWindow->name : d.name) + "'";
  if (!other.runTimeWindow)
    throwUserError(loc, what + ": '" + dyn.runTimeWindow->name +
                            "' has a size known only at run time and '" + other.name +
                            "' does not; give both the same pl::ds(start, n)");
  const std::vector<Slice> &a = s.runTimeWindow->slices, &b = d.runTimeWindow->slices;
  bool same = a.size() == b.size() && s.dtype == d.dtype;
  for (size_t i = 1; same && i < a.size(); ++i)
    same = a[i].size == b[i].size;
  if (!same)
    throwUserError(loc, what + ": the windows differ in rank, dtype or a static dimension");
  return true;
}

/// A DMA (start or wait) whose windows' first dimension has the run-time
/// size n: one DMA of 2^k static rows per bit k set in n, largest first
/// (at the window's start plus n's higher bits), each under a test of its
/// bit; bits below n's known multiple (pl::multiple_of) are not tested.
/// At most log2 of the dimension plus one DMAs, in flight together, whose
/// bytes add up to the copy's; the wait waits for each in turn. Before the
/// start, n and both windows are checked against their dimensions at run
/// time (a kernel with run-time checks).
void runTimeCopy(const Ref &src, const Ref &dst, const Ref &sem, bool wait,
                 const std::source_location &loc) {
  const RefMeta &s = src.meta(), &d = dst.meta();
  KernelTrace &trace = KernelTrace::check(s.trace, loc, "a DMA descriptor");
  const Slice &sf = s.runTimeWindow->slices[0], &df = d.runTimeWindow->slices[0];
  Scalar n = *sf.dynamicSize;
  auto &b = trace.builder();
  auto startOf = [&](const Slice &f) {
    return f.dynamicStart ? At<Scalar>(*f.dynamicStart, loc) + f.start : trace.constant(f.start, loc);
  };
  if (!wait && trace.runtimeChecks()) {
    if (df.dynamicSize->id() != n.id())
      trace.checkAtRunTime(At<Scalar>(n, loc) == *df.dynamicSize,
                           "the DMA's windows have sizes {0} and {1}; they must be equal",
                           {n, *df.dynamicSize}, loc);
    for (auto [m, f] : {std::pair{&s, &sf}, std::pair{&d, &df}}) {
      Scalar start = startOf(*f);
      int64_t dim = m->shape[0];
      trace.checkAtRunTime(At<Scalar>(n, loc) >= 0 && At<Scalar>(start, loc) >= 0 &&
                               At<Scalar>(start, loc) <= dim - At<Scalar>(n, loc),
                           "the DMA window [{0}, {0} + {1}) of dimension 0 of Ref '" + m->name +
                               "' is outside [0, " + std::to_string(dim) + ")",
                           {start, n}, loc);
    }
  }
  int64_t bound = std::min(s.shape[0] - sf.start, d.shape[0] - df.start);
  int64_t multiple = mlir::tessera::getKnownMultiple(trace.use(n, loc));
  int64_t unit = multiple == mlir::tessera::kMultipleOfZero ? bound + 1 : multiple & -multiple;
  auto parentOf = [&](const Ref &r) {
    RefMeta p = r.meta();
    p.runTimeWindow.reset();
    return trace.makeRef(std::move(p));
  };
  Ref sp = parentOf(src), dp = parentOf(dst);
  for (int64_t chunk = bound > 0 ? std::bit_floor((uint64_t)bound) : 0; chunk >= unit && chunk > 0;
       chunk /= 2) {
    Scalar at = At<Scalar>(n, loc) & -2 * chunk;  // n's bits above this one
    pl::when(
        (At<Scalar>(n, loc) & chunk) != 0,
        [&] {
          auto part = [&](const Ref &parent, const RefMeta &m) {
            std::vector<Slice> slices = m.runTimeWindow->slices;
            Slice &f = slices[0];
            f.dynamicStart = f.dynamicStart ? At<Scalar>(*f.dynamicStart, loc) + at : at;
            f.size = chunk;
            f.dynamicSize.reset();
            return detail::refWindow(parent, slices, loc);
          };
          Ref a = part(sp, s), c = part(dp, d);
          detail::checkCopyOperands(a, c, sem, "async_copy", loc);
          if (wait)
            markEdgeBlock(b.create<mlir::tessera::DmaWaitOp>(trace.loc(loc), a.meta().value,
                                                             c.meta().value, sem.meta().value));
          else
            markEdgeBlock(b.create<mlir::tessera::DmaStartOp>(trace.loc(loc), a.meta().value,
                                                              c.meta().value, sem.meta().value,
                                                              mlir::Value(), nullptr));
        },
        loc);
  }
}
/// Calls fn(src, dst, sem) for the Refs a copy's ends and semaphore pick:
/// each pl::select_ref choice among them under lax::switch_ (`traced`), or
/// for every combination of candidates (not traced: the checks).
void forCandidates(const Ref &src, const Ref &dst, const Ref &sem, bool traced,
                   const std::function<void(const Ref &, const Ref &, const Ref &)> &fn,
                   const std::source_location &loc) {
  const Ref *refs[] = {&src, &dst, &sem};
  for (int k = 0; k < 3; ++k) {
    if (!refs[k]->meta().choice)
      continue;
    auto one = [&](const Ref &c) {
      Ref picked[] = {src, dst, sem};
      picked[k] = c;
      forCandidates(picked[0], picked[1], picked[2], traced, fn, loc);
    };
    if (traced)
      detail::onChoice<void>(*refs[k], one, loc);
    else
      for (const Ref &c : refs[k]->meta().choice->refs)
        one(c);
    return;
  }
  fn(src, dst, sem);
}

void checkCopy(const Ref &src, const Ref &dst, const Ref &sem, const std::source_location &loc) {
  if (!checkRunTimeCopy(src, dst, loc))
    detail::checkCopyOperands(src, dst, sem, "async_copy", loc);
}
}  // namespace

AsyncCopyDescriptor::AsyncCopyDescriptor(Ref src, Ref dst, Ref sem, std::source_location loc)
    : src_(std::move(src)), dst_(std::move(dst)), sem_(std::move(sem)) {
  forCandidates(src_, dst_, sem_, /*traced=*/false, [&](const Ref &a, const Ref &b, const Ref &c) {
    checkCopy(a, b, c, loc);
  }, loc);
  id_ = KernelTrace::check(src_.meta().trace, loc, "a DMA descriptor")
            .descriptorMade(loc, "pltpu::make_async_copy");
}

namespace {
/// A descriptor's start or wait: one DMA op per candidate Ref (or the DMAs
/// of a run-time length).
void startOrWait(const Ref &src, const Ref &dst, const Ref &sem, int id, bool wait,
                 const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(src.meta().trace, loc, "a DMA descriptor");
  checkDescriptorVisible(trace, src, dst, sem, loc);
  trace.descriptorUsed(id);
  forCandidates(src, dst, sem, /*traced=*/true, [&](const Ref &a, const Ref &b, const Ref &c) {
    mlir::Value from = a.meta().value, to = b.meta().value, s = c.meta().value;
    if (a.meta().runTimeWindow)
      runTimeCopy(a, b, c, wait, loc);
    else if (wait)
      markEdgeBlock(trace.builder().create<mlir::tessera::DmaWaitOp>(trace.loc(loc), from, to, s));
    else
      markEdgeBlock(trace.builder().create<mlir::tessera::DmaStartOp>(trace.loc(loc), from, to,
                                                                      s, mlir::Value(), nullptr));
  }, loc);
}
}  // namespace

AsyncCopyDescriptor &AsyncCopyDescriptor::start(std::source_location loc) {
  startOrWait(src_, dst_, sem_, id_, /*wait=*/false, loc);
  return *this;
}

void AsyncCopyDescriptor::wait(std::source_location loc) {
  startOrWait(src_, dst_, sem_, id_, /*wait=*/true, loc);
}

AsyncCopyDescriptor make_async_copy(Ref src, Ref dst, Ref sem, std::source_location loc) {
  return AsyncCopyDescriptor(std::move(src), std::move(dst), std::move(sem), loc);
}

AsyncCopyDescriptor async_copy(Ref src, Ref dst, Ref sem, std::source_location loc) {
  AsyncCopyDescriptor d(std::move(src), std::move(dst), std::move(sem), loc);
  d.start(loc);
  return d;
}

}  // namespace pltpu
//===----------------------------------------------------------------------===//
// pl::select_ref
//===----------------------------------------------------------------------===//

Ref pl::select_ref(const Scalar &index, std::vector<Ref> refs, std::source_location loc) {
  if (refs.empty())
    throwUserError(loc, "pl::select_ref needs at least one Ref");
  const RefMeta &first = refs[0].meta();
  KernelTrace &trace = KernelTrace::check(first.trace, loc, What::ref(first.name));
  KernelTrace::check(index.traceId(), loc, "pl::select_ref's index");
  if (index.dtype() != DType::int32)
    throwUserError(loc, "pl::select_ref's index is an int32 scalar, not " +
                            to_string(index.dtype()));
  std::string names;
  for (const Ref &r : refs) {
    const RefMeta &m = r.meta();
    KernelTrace::check(m.trace, loc, What::ref(m.name));
    trace.checkVisible(m.value, loc, What::ref(m.name));
    refuseRunTimeWindow(m, "a candidate of pl::select_ref", /*matricesApart=*/false, loc);
    if (m.shape != first.shape || m.dtype != first.dtype || m.space != first.space)
      throwUserError(loc, "pl::select_ref: Ref '" + m.name + "' is " +
                              to_string(ShapeDtypeStruct{m.shape, m.dtype}) + " in " +
                              to_string(m.space) + ", Ref '" + first.name + "' " +
                              to_string(ShapeDtypeStruct{first.shape, first.dtype}) + " in " +
                              to_string(first.space) +
                              "; the candidates have one shape, dtype and memory");
    names += (names.empty() ? "" : ", ") + m.name;
  }
  if (refs.size() == 1)
    return refs[0];
  RefMeta meta = first;
  meta.name = "select_ref(?, {" + names + "})";
  meta.choice = RefMeta::Choice{index, std::move(refs)};
  return trace.makeRef(std::move(meta));
}

Ref detail::mapChoice(const Ref &ref, const std::function<Ref(const Ref &)> &fn,
                      const std::source_location &loc) {
  const RefMeta::Choice &c = *ref.meta().choice;
  std::vector<Ref> mapped;
  std::string names;
  for (const Ref &r : c.refs) {
    mapped.push_back(fn(r));
    names += (names.empty() ? "" : ", ") + mapped.back().name();
  }
  RefMeta meta = mapped[0].meta();
  meta.name = "select_ref(?, {" + names + "})";
  if (meta.runTimeWindow)
    meta.runTimeWindow->name = meta.name;
  meta.choice = RefMeta::Choice{c.index, std::move(mapped)};
  return KernelTrace::check(meta.trace, loc, What::ref(meta.name)).makeRef(std::move(meta));
}

void detail::refuseChoice(const RefMeta &m, const std::string &use,
                          const std::source_location &loc) {
  if (m.choice)
    throwUserError(loc, "Ref '" + m.name + "' is a pl::select_ref choice; " + use +
                            " takes one Ref (pick it with lax::switch_, or index a stacked "
                            "buffer: .at(slot))");
}

}  // namespace tessera
