//===- SmemBlocks.h - grid operands with memory_space SMEM ----------------===//
//
// Internal to dsl/: PallasCall.cpp checks SMEM BlockSpecs when the call is
// made (the array shapes are known there) and SmemBlocks.cpp traces their
// copies around the grid (SmemOperands: emitGrid's for a pallas_call,
// Pipeline::run's for emit_pipeline); both ask which grid axes a block
// index depends on (axesUsed).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <optional>
#include <source_location>
#include <string>
#include <vector>

#include "dsl/PallasCall.h"
#include "mlir/IR/Block.h"
#include "llvm/ADT/SmallBitVector.h"

namespace tessera::pl::detail {

/// Checks the SMEM BlockSpec `bs` of an operand `t` (`what`: "in_specs[1]")
/// at the BlockSpec's line: 32-bit dtypes (bool only as a whole 1-D input),
/// rank 1 or 2, block dimensions that divide the array's. Returns it with
/// an explicit block shape, or without one for a whole 1-D input, which
/// the call makes a scalar-prefetch input (emitGrid tells them apart so).
BlockSpec checkSmemSpec(const BlockSpec &bs, const ShapeDtypeStruct &t, bool output,
                        const std::string &what);

/// One SMEM operand copied by DMAs: its HBM Ref and SMEM buffer (the
/// block without its squeezed dimensions).
struct SmemOperand {
  Ref hbm, buffer;
  BlockSpec spec;  // with its block shape (checkSmemSpec)
  std::string what;
  size_t arg = 0;  // its place among the body's Refs
  bool output = false;
  bool whole = false;
  int64_t state = 0;  // its first word in the state scratch: held?, then the block index

  const std::vector<BlockDim> &dims() const { return *spec.block_shape; }
  /// The words of a block's index: one per dimension, then the size of
  /// each pl::BoundedSlice one.
  int64_t indexWords() const {
    return (int64_t)dims().size() + std::ranges::count_if(dims(), &BlockDim::bounded);
  }

  /// The DMAs copying block `idx` (indexWords() values) between HBM and
  /// the buffer, started on `sem`; waited for before returning. A blocked
  /// dimension starts at idx * size, the others at idx (an element
  /// offset); a pl::BoundedSlice one copies its size's elements to the
  /// buffer's first (a 1-D block: one DMA per bit of the size, as a copy
  /// of run-time length is made; rows: each row under a test). `loc` is
  /// the BlockSpec's: a window outside the array stops the kernel there
  /// (the DMA's bounds check).
  void copy(const std::vector<Scalar> &idx, bool in, const Ref &sem,
            const std::source_location &loc) const;
};

/// The SMEM operands of a grid (a pallas_call's, an emit_pipeline's):
/// their buffers and the block each holds, copied around the grid's body.
class SmemOperands {
public:
  /// Takes the operand of HBM Ref `hbm` with its checked SMEM BlockSpec
  /// (checkSmemSpec; `what` names it), the body's Ref `arg`.
  void add(const Ref &hbm, const BlockSpec &spec, const std::string &what, size_t arg,
           bool output);
  bool empty() const { return ops_.empty(); }
  /// Before the grid: whole inputs copied in, no block held.
  void before(const std::source_location &loc);
  /// In the grid's body, each step: every block's index map on the grid
  /// indices (pl::program_id) and `prefetch`; an input's block copied in
  /// when its index differs from the one the buffer holds, an output's
  /// written back when its index moves on. Puts the buffers in `args`.
  /// (`grid` and `parallelAxes`: a megacore split's outputs are checked.)
  void step(std::vector<Ref> &args, const std::vector<int64_t> &grid,
            const std::vector<Ref> &prefetch, int parallelAxes,
            const std::source_location &loc) const;
  /// After the grid: each output's last block (or the whole output).
  void after(const std::source_location &loc) const;

private:
  std::vector<SmemOperand> ops_;
  std::optional<Ref> sem_, state_;
  int64_t stateWords_ = 0;
};

/// The grid axes (arguments of `block`: an index map's, a grid body's)
/// that `roots` (block indices) depend on.
llvm::SmallBitVector axesUsed(mlir::Block &block, llvm::ArrayRef<mlir::Value> roots);

}  // namespace tessera::pl::detail
