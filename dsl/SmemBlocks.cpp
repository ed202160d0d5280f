//===- SmemBlocks.cpp - grid operands with memory_space SMEM --------------===//
//
// A pallas_call (or emit_pipeline) operand whose BlockSpec says
// memory_space SMEM reaches the body as an SMEM Ref read and written one
// scalar at a time:
//
// - a whole 1-D input: a scalar-prefetch input (PallasCall::call moves it
//   in front; the runtime copies it into SMEM before the kernel starts);
// - a whole 2-D input: copied into SMEM scratch by DMAs before the grid;
// - a whole output: SMEM scratch the body writes, copied to HBM after the
//   grid;
// - a block of a 1-D or 2-D array: SMEM scratch of the block's shape, with
//   the block's index (and whether it holds one) in SMEM words. Each step
//   evaluates the index map; an input's block is copied in when its index
//   differs from the one the buffer holds (Pallas' rule: only the previous
//   step is compared); an output's block is written back when the index
//   moves on, and after the grid. Writing back at the next step's start,
//   not at the end of the step whose successor differs, gives HBM the same
//   words and needs no knowledge of which step is a core's last (a
//   megacore split runs each core's share of the grid with its own SMEM).
//
// The copies are pltpu::async_copy DMAs (dma.hbm_to_smem / smem_to_hbm)
// traced into the grid's body, waited at once: no prefetch of the next
// block overlaps the body, unlike a VMEM block's pipeline.
//
//===----------------------------------------------------------------------===//
#include "dsl/SmemBlocks.h"

#include <algorithm>
#include <deque>

#include "dsl/ControlFlow.h"
#include "dsl/GridOperands.h"
#include "dsl/KernelTrace.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "sim/MachineDesc.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/SaveAndRestore.h"

namespace tessera::pl {

using tessera::detail::KernelTrace;

namespace detail {

BlockSpec checkSmemSpec(const BlockSpec &bs, const ShapeDtypeStruct &t, bool output,
                        const std::string &what) {
  const std::string head = what + " has memory_space SMEM: ";
  const Shape &shape = t.shape;
  if (shape.size() != 1 && shape.size() != 2)
    throwUserError(bs.loc, head + "SMEM Refs have rank 1 or 2, not " + to_string(t));
  bool word = t.dtype == DType::int32 || t.dtype == DType::uint32 || t.dtype == DType::float32;
  bool whole = !bs.block_shape ||
               (bs.block_shape->size() == shape.size() &&
                std::equal(bs.block_shape->begin(), bs.block_shape->end(), shape.begin(),
                           [](const BlockDim &b, int64_t d) {
                             return !b.squeezed && !b.element && b.size == d;
                           }));
  bool prefetch = !output && whole && shape.size() == 1;
  // Bool is int32 0 / 1 in SMEM, and only the runtime's copy of a whole
  // scalar-prefetch input turns it into words (a DMA has no bool).
  if (!word && !(prefetch && t.dtype == DType::bool_))
    throwUserError(bs.loc, head + "SMEM holds 32-bit words: a block of " + to_string(t) +
                               " is not supported (int32, uint32 or float32 blocks; bool "
                               "only as a whole 1-D input)");
  BlockSpec out = bs;
  if (prefetch) {
    out.block_shape.reset();
    return out;
  }
  std::vector<BlockDim> block =
      bs.block_shape.value_or(std::vector<BlockDim>(shape.begin(), shape.end()));
  if (block.size() != shape.size())
    throwUserError(bs.loc, "the block shape of " + what + " has " + std::to_string(block.size()) +
                               " dimensions; the array " + to_string(shape) + " has " +
                               std::to_string(shape.size()));
  // Blocked dimensions divide the array's (SMEM blocks are never partial);
  // pl::Element ones (no padding) and pl::BoundedSlice ones take windows
  // of their size at the index map's element offsets, inside the array
  // (checked at run time); a squeezed one is one element (its index map
  // entry an element index), dropped from the body's Ref.
  size_t squeezed = 0;
  for (size_t d = 0; d < block.size(); ++d) {
    const BlockDim &b = block[d];
    squeezed += b.squeezed;
    if (b.squeezed)
      continue;
    if (b.padding != std::pair<int64_t, int64_t>{0, 0})
      throwUserError(bs.loc, head + "block dimension " + std::to_string(d) +
                                 " is a padded pl::Element; an SMEM block's windows are inside "
                                 "the array (pl::Element without padding)");
    if ((b.element || b.bounded) && (b.size < 1 || b.size > shape[d]))
      throwUserError(bs.loc, head + "block dimension " + std::to_string(d) + " of " +
                                 to_string(t) + " is " + std::to_string(b.size) +
                                 ": a window of the array's " + std::to_string(shape[d]) +
                                 " (in [1, " + std::to_string(shape[d]) + "])");
    // Partial edge blocks are not copied: each block is whole in the array.
    if (!b.element && !b.bounded && (b.size < 1 || b.size > shape[d] || shape[d] % b.size != 0))
      throwUserError(bs.loc, head + "block dimension " + std::to_string(d) + " of " +
                                 to_string(t) + " is " + std::to_string(b.size) +
                                 ": it must divide the array's " + std::to_string(shape[d]) +
                                 " (a divisor in [1, " + std::to_string(shape[d]) +
                                 "]; SMEM blocks are never partial)");
  }
  if (squeezed == block.size())
    throwUserError(bs.loc, head + "every block dimension is squeezed; an SMEM block keeps one "
                               "at least (a scalar: a block of 1)");
  // A row of a 2-D block is DMAed in runs within 128-lane tiles of the
  // tiled HBM array, whose starts must be known at trace time (of element
  // columns, the DMA's own rule: a run-time window stays in one tile).
  if (shape.size() == 2 && !block[1].element && !block[1].squeezed) {
    int64_t bn = block[1].size, lanes = machine::kLanes;
    if (bn != shape[1] && lanes % bn != 0 && bn % lanes != 0)
      throwUserError(bs.loc, head + "the last block dimension of " + to_string(t) + " is " +
                                 std::to_string(bn) + ": it must be the array's (" +
                                 std::to_string(shape[1]) + "), a divisor of 128 or a multiple "
                                 "of 128 (a block row's DMAs stay in 128-lane tiles)");
  }
  out.block_shape = block;
  return out;
}

llvm::SmallBitVector axesUsed(mlir::Block &block, llvm::ArrayRef<mlir::Value> roots) {
  llvm::SmallBitVector used(block.getNumArguments());
  llvm::SmallVector<mlir::Value> work(roots.begin(), roots.end());
  llvm::DenseSet<mlir::Value> seen;
  while (!work.empty()) {
    mlir::Value v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (auto arg = llvm::dyn_cast<mlir::BlockArgument>(v)) {
      if (arg.getOwner() == &block)
        used.set(arg.getArgNumber());
      continue;
    }
    mlir::Operation *def = v.getDefiningOp();
    if (!def)
      continue;
    def->walk([&](mlir::Operation *inner) {
      for (mlir::Value operand : inner->getOperands())
        work.push_back(operand);
    });
  }
  return used;
}


}  // namespace detail

void detail::SmemOperand::copy(const std::vector<Scalar> &idx, bool in, const Ref &sem,
                               const std::source_location &loc) const {
  const std::vector<BlockDim> &b = dims();
  std::vector<Scalar> start;
  std::vector<std::optional<Scalar>> size(b.size());
  for (size_t d = 0, k = b.size(); d < b.size(); ++d) {
    if (!whole)
      start.push_back(b[d].element || b[d].squeezed ? idx[d]
                                                    : At<Scalar>(idx[d], loc) * b[d].size);
    if (b[d].bounded)
      size[d] = idx[k++];
  }
  auto at = [&](size_t d, int64_t extra) {
    if (whole)
      return Slice{extra, 1};
    return Slice{extra, 1, start[d]};
  };
  // Up to kInFlight DMAs overlap their start-up (they share `sem`,
  // each wait takes its own bytes); the oldest is waited for first.
  constexpr size_t kInFlight = 16;
  std::deque<pltpu::AsyncCopyDescriptor> started;
  auto dma = [&](const Ref &window, const Ref &part) {
    if (started.size() == kInFlight) {
      started.front().wait(loc);
      started.pop_front();
    }
    started.push_back(in ? pltpu::async_copy(window, part, sem, loc)
                         : pltpu::async_copy(part, window, sem, loc));
  };
  auto drain = [&] {
    for (pltpu::AsyncCopyDescriptor &d : started)
      d.wait(loc);
    started.clear();
  };
  // A run-time `count` of at most `most` elements along dimension d as
  // copies of static lengths, by bits (largest first), each waited for
  // in its branch: move(window of the array, of the buffer). (Not
  // async_copy of a pl::ds of run-time size, runTimeCopy: it starts its
  // chunks together, and two of them writing words of one HBM row at
  // once are a race to the simulator.)
  auto byBits = [&](size_t d, int64_t most,
                    const std::function<void(const Slice &, const Slice &)> &move) {
    const Scalar &count = *size[d];
    for (int64_t chunk = (int64_t)llvm::bit_floor((uint64_t)most); chunk >= 1; chunk /= 2)
      pl::when(
          (At<Scalar>(count, loc) & chunk) != 0,
          [&] {
            Scalar done = At<Scalar>(count, loc) & (-2 * chunk);
            move(Slice{0, chunk, At<Scalar>(start[d], loc) + done}, Slice{0, chunk, done});
            drain();
          },
          loc);
  };
  if (b.size() == 1) {
    if (whole)
      return dma(hbm, buffer), drain();
    if (!size[0]) {
      Slice s = at(0, 0);
      s.size = b[0].size;
      return dma(hbm.at(s, loc), buffer), drain();
    }
    return byBits(0, b[0].size, [&](const Slice &from, const Slice &into) {
      dma(hbm.at(from, loc), buffer.at(into, loc));
    });
  }
  // 2-D: one DMA per row and 128-lane tile of the tiled HBM array (the
  // SMEM block is row-major words). Row runs split where the array's
  // columns cross a tile, known at trace time (checkSmemSpec; element
  // columns: a run-time window stays inside one tile, the DMA's rule).
  // A squeezed dimension is one row (column) of HBM and none of the
  // buffer (a 1-D SMEM Ref takes one HBM row as the same words); bounded
  // rows copy the rows below their size, bounded columns by bits of
  // their size in each row.
  int64_t lanes = machine::kLanes;
  auto part = [&](int64_t r, const Slice &cols) {
    if (b[0].squeezed)
      return buffer.at(cols, loc);
    if (b[1].squeezed)
      return buffer.at(pl::ds(r, 1), loc);
    return buffer.at(pl::ds(r, 1), cols, loc);
  };
  auto row = [&](int64_t r) {
    Slice rows = at(0, r);
    if (size[1])
      return byBits(1, b[1].size, [&](const Slice &from, const Slice &into) {
        dma(hbm.at(rows, from, loc), part(r, into));
      });
    for (int64_t c = 0; c < b[1].size; c += lanes) {
      int64_t width = std::min(lanes, b[1].size - c);
      Slice cols = at(1, c);
      cols.size = width;
      dma(hbm.at(rows, cols, loc), part(r, Slice{c, width}));
    }
  };
  for (int64_t r = 0; r < b[0].size; ++r) {
    if (size[0]) {
      drain();
      pl::when(At<Scalar>(*size[0], loc) > r, [&] { row(r), drain(); }, loc);
    } else {
      row(r);
    }
  }
  drain();
}

namespace {

using detail::SmemOperand;

/// The block index of `op` this step (SmemOperand::indexWords values):
/// its index map on the grid indices and the user's scalar-prefetch Refs,
/// a pl::BoundedSlice dimension's size checked against the block and its
/// window against the array at run time.
std::vector<Scalar> blockIndexNow(const SmemOperand &op, size_t gridRank,
                                  const std::vector<Ref> &prefetch,
                                  const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::current(loc, "an index map");
  std::vector<Scalar> grid;
  for (size_t k = 0; k < gridRank; ++k)
    grid.push_back(pl::program_id((int)k, loc));
  BlockIndices slices;
  {
    llvm::SaveAndRestore<bool> inIndexMap(trace.inIndexMap(), true);
    slices = pl::pipeline::userSlices(op.spec.index_map, op.hbm.shape(), op.what, {grid, prefetch},
                                  op.spec.loc);
  }
  pl::pipeline::checkBoundedDims(op.dims(), slices, op.what, op.spec.loc);
  std::vector<Scalar> idx = slices.at;
  for (size_t d = 0; d < op.dims().size(); ++d)
    if (op.dims()[d].bounded) {
      const Scalar &size = *slices.size[d];
      pl::pipeline::checkBoundedSize(trace, size, op.dims()[d].size, op.what, op.spec.loc);
      pl::pipeline::checkBoundedInside(trace, slices.at[d], size, op.hbm.shape()[d],
                                   op.hbm.shape().size() == 1 ? "elements"
                                   : d == 0                  ? "rows"
                                                             : "columns",
                                   "its", op.what, op.spec.loc);
      idx.push_back(size);
    }
  return idx;
}

/// A megacore split runs the parallel axes' points on both cores, each
/// writing back the output blocks it visited: two cores writing one block
/// would race (Pallas cannot see it; the traced map shows it).
void checkSplitOutput(const SmemOperand &op, const std::vector<Scalar> &idx, int parallelAxes,
                      const std::vector<int64_t> &grid, const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::current(loc, "a pipeline");
  if (trace.numCores() < 2 || parallelAxes == 0)
    return;
  std::string head = op.what + " has memory_space SMEM and this call's parallel grid axes "
                               "are split over " +
                     std::to_string(trace.numCores()) + " TensorCores (megacore): ";
  if (op.whole)
    throwUserError(op.spec.loc, head + "a whole-array SMEM output would be written back by "
                                       "every core; block it along a parallel axis "
                                       "(each core then writes its own blocks)");
  mlir::Value id0 = trace.use(pl::program_id(0, loc), loc);
  llvm::SmallVector<mlir::Value> roots;
  for (const Scalar &s : idx)
    roots.push_back(trace.use(s, loc));
  llvm::SmallBitVector used =
      detail::axesUsed(*llvm::cast<mlir::BlockArgument>(id0).getOwner(), roots);
  for (int k = 0; k < parallelAxes && k < (int)grid.size(); ++k)
    if ((grid[k] == KernelTrace::kRuntimeExtent || grid[k] > 1) && !used.test(k))
      throwUserError(op.spec.loc, head + "its index map does not use parallel axis " +
                                      std::to_string(k) + ", so both cores would write the "
                                      "same block (a race); index the block by it or make the "
                                      "axis ARBITRARY");
}

std::vector<size_t> smemOperands(const std::vector<BlockSpec> &specs) {
  std::vector<size_t> out;
  for (size_t i = 0; i < specs.size(); ++i)
    if (specs[i].memory_space == MemorySpace::SMEM)
      out.push_back(i);
  return out;
}

}  // namespace

void emitGridOf(const PallasCallSpec &spec, const std::vector<int64_t> &grid,
                const std::vector<Scalar> &extents, const std::vector<Ref> &refs,
                const std::function<void(const std::vector<Ref> &)> &body,
                const std::source_location &loc);

void emitGrid(const PallasCallSpec &spec, const std::vector<Ref> &refs,
              const std::function<void(const std::vector<Ref> &)> &body,
              const std::source_location &loc) {
  const pltpu::PrefetchScalarGridSpec *gs = spec.grid_spec ? &*spec.grid_spec : nullptr;
  const Grid &gridDims = gs ? gs->grid : spec.grid;
  // Run-time extents come first, as scalar-prefetch inputs the call added
  // (PallasCall::call): one SMEM word each, read here, before the grid.
  std::vector<int64_t> grid;
  std::vector<Scalar> extents;
  size_t numExtents = 0;
  for (const GridDim &d : gridDims) {
    grid.push_back(d.size.value_or(KernelTrace::kRuntimeExtent));
    extents.push_back(d.size ? Scalar() : Scalar(refs[numExtents++][0]));
  }
  const auto &inSpecs = gs ? gs->in_specs : spec.in_specs;
  const auto &outSpecs = gs ? gs->out_specs : spec.out_specs;
  // SMEM inputs without a block shape (detail::checkSmemSpec) are whole
  // 1-D ones the call made scalar-prefetch inputs after the extents; the
  // others, and every SMEM output, are copied by DMAs here.
  std::vector<size_t> smemIn = smemOperands(inSpecs), smemOut = smemOperands(outSpecs);
  std::vector<size_t> prefetched;
  for (size_t i : smemIn)
    if (!inSpecs[i].block_shape)
      prefetched.push_back(i);
  std::vector<Ref> smemRefs(refs.begin() + numExtents,
                            refs.begin() + numExtents + prefetched.size());
  std::vector<Ref> userRefs(refs.begin() + numExtents + prefetched.size(), refs.end());
  if (smemIn.empty() && smemOut.empty())
    return emitGridOf(spec, grid, extents, userRefs, body, loc);

  PallasCallSpec inner = spec;
  auto &innerIn = inner.grid_spec ? inner.grid_spec->in_specs : inner.in_specs;
  auto &innerOut = inner.grid_spec ? inner.grid_spec->out_specs : inner.out_specs;
  for (size_t j = prefetched.size(); j-- > 0;)
    innerIn.erase(innerIn.begin() + prefetched[j]);
  // The body's inputs without the prefetched ones: where each DMA-copied
  // SMEM input is among them.
  auto reduced = [&](size_t i) {
    return i - std::count_if(prefetched.begin(), prefetched.end(), [&](size_t p) { return p < i; });
  };
  size_t numPrefetch = gs ? gs->num_scalar_prefetch : 0;
  const auto &scratch = gs ? gs->scratch_shapes : spec.scratch_shapes;
  size_t numOutputs = spec.out_shape.types.size();
  size_t firstOutput = userRefs.size() - scratch.size() - numOutputs;

  detail::SmemOperands smem;
  auto add = [&](size_t i, bool output) {
    const BlockSpec &bs = output ? outSpecs[i] : inSpecs[i];
    std::string what = (output ? "out_specs[" : "in_specs[") + std::to_string(i) + "]";
    size_t at = output ? firstOutput + i : numPrefetch + reduced(i);
    smem.add(userRefs[at], bs, what, at, output);
    (output ? innerOut[i] : innerIn[reduced(i)]) = BlockSpec::any(bs.loc);
  };
  for (size_t i : smemIn)
    if (inSpecs[i].block_shape)
      add(i, false);
  for (size_t i : smemOut)
    add(i, true);
  smem.before(loc);
  int parallelAxes = 0;
  for (auto s : spec.compiler_params.dimension_semantics) {
    if (s != pltpu::PARALLEL)
      break;
    ++parallelAxes;
  }
  emitGridOf(
      inner, grid, extents, userRefs,
      [&](const std::vector<Ref> &r) {
        std::vector<Ref> all = r;
        std::vector<Ref> prefetch(r.begin(), r.begin() + numPrefetch);
        smem.step(all, grid, prefetch, parallelAxes, loc);
        for (size_t j = 0; j < prefetched.size(); ++j)
          all.insert(all.begin() + numPrefetch + prefetched[j], smemRefs[j]);
        body(all);
      },
      loc);
  smem.after(loc);
}

namespace detail {

void SmemOperands::add(const Ref &hbm, const BlockSpec &spec, const std::string &what,
                       size_t arg, bool output) {
  KernelTrace &trace = KernelTrace::current(spec.loc, "a pipeline");
  SmemOperand op;
  op.output = output;
  op.spec = spec;
  op.arg = arg;
  op.what = what;
  op.hbm = hbm;
  Shape block;  // the body's Ref: without the squeezed dimensions
  bool blocked = true;
  for (const BlockDim &d : *op.spec.block_shape) {
    if (!d.squeezed)
      block.push_back(d.size);
    blocked = blocked && !d.element && !d.squeezed;
  }
  op.whole = blocked && block == op.hbm.shape();
  op.buffer = trace.addScratch(pltpu::SMEM(block, op.hbm.dtype(), op.spec.loc),
                               op.hbm.name() + "_smem");
  if (!op.whole) {
    op.state = stateWords_;
    stateWords_ += 1 + op.indexWords();
  }
  ops_.push_back(std::move(op));
}

void SmemOperands::before(const std::source_location &loc) {
  if (ops_.empty())
    return;
  KernelTrace &trace = KernelTrace::current(loc, "a pipeline");
  sem_ = trace.addScratch(pltpu::SemaphoreType::DMA, "smem_blocks_sem");
  if (stateWords_ > 0)
    state_ = trace.addScratch(pltpu::SMEM({stateWords_}, DType::int32), "smem_blocks_state");
  // Whole inputs copied in, no block held yet.
  for (const SmemOperand &op : ops_) {
    if (op.whole && !op.output)
      op.copy({}, /*in=*/true, *sem_, op.spec.loc);
    if (!op.whole)
      (*state_)[op.state] = 0;
  }
}

void SmemOperands::step(std::vector<Ref> &args, const std::vector<int64_t> &grid,
                        const std::vector<Ref> &prefetch, int parallelAxes,
                        const std::source_location &loc) const {
  for (const SmemOperand &op : ops_) {
    args[op.arg] = op.buffer;
    if (op.output && op.whole)
      checkSplitOutput(op, {}, parallelAxes, grid, loc);
    if (op.whole)
      continue;
    std::vector<Scalar> idx = blockIndexNow(op, grid.size(), prefetch, loc);
    if (op.output)
      checkSplitOutput(op, idx, parallelAxes, grid, loc);
    const Ref &st = *state_;
    Scalar held = At<Scalar>(st[op.state], loc) != 0;
    Scalar changed = !At<Scalar>(held, loc);
    for (size_t d = 0; d < idx.size(); ++d)
      changed = At<Scalar>(changed, loc) ||
                (At<Scalar>(idx[d], loc) != st[op.state + 1 + (int64_t)d]);
    pl::when(changed, [&] {
      if (op.output) {
        // The block the buffer holds goes back before it is reused.
        pl::when(held, [&] {
          std::vector<Scalar> prev;
          for (size_t d = 0; d < idx.size(); ++d)
            prev.push_back(st[op.state + 1 + (int64_t)d]);
          op.copy(prev, /*in=*/false, *sem_, op.spec.loc);
        }, loc);
      } else {
        op.copy(idx, /*in=*/true, *sem_, op.spec.loc);
      }
      st[op.state] = 1;
      for (size_t d = 0; d < idx.size(); ++d)
        st[op.state + 1 + (int64_t)d] = idx[d];
    }, loc);
  }
}

void SmemOperands::after(const std::source_location &loc) const {
  // Each output's last block (or the whole output).
  for (const SmemOperand &op : ops_) {
    if (!op.output)
      continue;
    if (op.whole) {
      op.copy({}, /*in=*/false, *sem_, op.spec.loc);
      continue;
    }
    const Ref &st = *state_;
    pl::when(At<Scalar>(st[op.state], loc) != 0, [&] {
      std::vector<Scalar> prev;
      for (int64_t d = 0; d < op.indexWords(); ++d)
        prev.push_back(st[op.state + 1 + d]);
      op.copy(prev, /*in=*/false, *sem_, op.spec.loc);
    }, loc);
  }
}

}  // namespace detail

}  // namespace tessera::pl
