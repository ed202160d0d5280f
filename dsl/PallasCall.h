//===- PallasCall.h - pl::pallas_call: a grid of blocks, pipelined --------===//
//
// Pallas' grid API:
//
//   auto f = pl::pallas_call(
//       [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0 + 1.0; },
//       {.out_shape = ShapeDtypeStruct{{16384, 1024}, jnp::float32},
//        .grid = {32},
//        .in_specs = {pl::BlockSpec({512, 1024}, [](Scalar i) { return std::tuple{i, 0}; })},
//        .out_specs = {pl::BlockSpec({512, 1024}, [](Scalar i) { return std::tuple{i, 0}; })}});
//   Array y = f(x);
//
// The kernel body runs once per grid point on VMEM blocks of the operands.
// The call traces into one tessera.grid (--dump=ir --stage=kernel); the
// pass tessera-expand-grid writes the DMA pipeline around the body as
// ordinary kernel IR (--stage=pipelined): two VMEM buffers per blocked operand, the next step's input
// blocks fetched while this step computes, a block fetched again only when
// its index changes, an output block written back when the next step's
// index differs (or at the last step), every wait before first use.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <source_location>
#include <tuple>
#include <utility>
#include <type_traits>
#include <vector>

#include "dsl/ControlFlow.h"
#include "dsl/Kernel.h"

namespace tessera {
namespace pl {

/// pl.Buffered(buffer_count): how many VMEM buffers an input's blocks
/// rotate through. The pipeline fetches a block buffer_count - 1 steps
/// before the step that first uses it (2: the next step's block during
/// this step; 1: each block when its step starts, no overlap; 3 and more:
/// earlier, so that a big block that changes seldom, or a DMA start-up
/// longer than a step, stays hidden). An output's write-backs rotate
/// through its buffers (at least 2). Without it, 2, or 3 where a step's
/// DMAs outlast the step (BlockSpec::pipeline_mode).
struct Buffered {
  int buffer_count = 2;
};

/// pl.Squeezed() / None in a block shape: a dimension of size 1 that the
/// kernel's Ref does not have.
struct SqueezedType {};
inline constexpr SqueezedType Squeezed{};

/// pl.Element(block_size) in a block shape: a dimension of `block_size`
/// elements whose index map entry is an element offset, not a block index
/// (ragged blocks); pl.Element(n, (lo, hi)) pads it virtually (the rows of
/// 32-bit arrays: README, "Shape rules").
struct Element {
  int64_t block_size;
  std::pair<int64_t, int64_t> padding = {0, 0};
};

/// pl.BoundedSlice(block_size) in a block shape: a dimension whose index
/// map entry is pl::ds(start, size), both may be run-time Scalars, with
/// size <= block_size: the kernel's Ref has block_size there, its first
/// `size` elements the array's [start, start + size) (the rest undefined,
/// as in Pallas); an output writes back those `size` only.
struct BoundedSlice {
  int64_t block_size;
};

/// One dimension of a block shape.
struct BlockDim {
  BlockDim(int64_t n) : size(n) {}
  BlockDim(int n) : size(n) {}
  BlockDim(SqueezedType) : size(1), squeezed(true) {}
  BlockDim(std::nullopt_t) : size(1), squeezed(true) {}
  BlockDim(Element e) : size(e.block_size), element(true), padding(e.padding) {}
  BlockDim(BoundedSlice b) : size(b.block_size), element(true), bounded(true) {}
  int64_t size;
  bool squeezed = false;
  /// Indexed by element offsets (pl::Element, pl::BoundedSlice).
  bool element = false;
  /// pl::BoundedSlice: the index map gives a pl::ds.
  bool bounded = false;
  std::pair<int64_t, int64_t> padding = {0, 0};
};

/// The grid indices of a step and the scalar-prefetch Refs, for index maps.
struct IndexMapArgs {
  std::vector<Scalar> grid;
  std::vector<Ref> prefetch;
};
/// What an index map returns: per dimension a block index (an element
/// offset for pl::Element and pl::BoundedSlice dimensions) and, where it
/// returned pl::ds(start, size), the size.
struct BlockIndices {
  BlockIndices() = default;
  BlockIndices(std::vector<Scalar> indices) : at(std::move(indices)), size(at.size()) {}
  std::vector<Scalar> at;
  std::vector<std::optional<Scalar>> size;
};
/// An index map: one block index per dimension of the array.
using IndexMap =
    std::function<BlockIndices(const IndexMapArgs &, const std::source_location &)>;

namespace detail {
template <class F>
struct Signature : Signature<decltype(&std::remove_reference_t<F>::operator())> {};
template <class C, class R, class... A>
struct Signature<R (C::*)(A...) const> {
  using Args = std::tuple<std::decay_t<A>...>;
};
template <class C, class R, class... A>
struct Signature<R (C::*)(A...)> {
  using Args = std::tuple<std::decay_t<A>...>;
};

/// How many parameters before the I-th have type T.
template <class T, class Tuple, size_t I>
constexpr size_t countBefore() {
  return []<size_t... K>(std::index_sequence<K...>) {
    return (size_t{0} + ... + (std::is_same_v<std::tuple_element_t<K, Tuple>, T> ? 1 : 0));
  }(std::make_index_sequence<I>());
}

/// One index: a Scalar, or an integer made a constant.
Scalar indexScalar(const Scalar &s, const std::source_location &loc);
Scalar indexScalar(int64_t v, const std::source_location &loc);
/// A floating-point index: a user error (Python would not truncate it
/// silently either; Pallas' index maps return integers).
[[noreturn]] void floatBlockIndex(double v, const std::source_location &loc);
template <class F, std::enable_if_t<std::is_floating_point_v<F>, int> = 0>
Scalar indexScalar(F v, const std::source_location &loc) {
  floatBlockIndex((double)v, loc);
}

/// A pl::ds entry (of a pl::BoundedSlice dimension): its start and size.
std::pair<Scalar, Scalar> sliceIndex(const Slice &s, const std::source_location &loc);
/// The block indices of `idx`, which must have no sizes (no pl::ds entry:
/// a user error naming `what` otherwise).
std::vector<Scalar> withoutSizes(const BlockIndices &idx, const std::string &what,
                                 const std::source_location &loc);

template <class R>
BlockIndices toIndices(const R &r, const std::source_location &loc) {
  BlockIndices out;
  auto add = [&](const auto &e) {
    if constexpr (std::is_same_v<std::decay_t<decltype(e)>, Slice>) {
      auto [start, size] = sliceIndex(e, loc);
      out.at.push_back(start);
      out.size.push_back(size);
    } else {
      out.at.push_back(indexScalar(e, loc));
      out.size.push_back(std::nullopt);
    }
  };
  if constexpr (std::is_same_v<R, std::vector<Scalar>>) {
    for (const Scalar &s : r)
      add(s);
  } else if constexpr (std::is_base_of_v<Scalar, R> || std::is_integral_v<R>) {
    add(r);
  } else {
    std::apply([&](const auto &...e) { (add(e), ...); }, r);
  }
  return out;
}

/// Wraps index_map(*grid_indices, *prefetch_refs): Scalar parameters take
/// grid indices in order, Ref parameters the prefetch Refs.
template <class F>
IndexMap wrapIndexMap(F f) {
  return [f = std::move(f)](const IndexMapArgs &a, const std::source_location &loc) mutable {
    using Args = typename Signature<F>::Args;
    constexpr size_t n = std::tuple_size_v<Args>;
    size_t scalars = 0, refs = 0;
    [&]<size_t... I>(std::index_sequence<I...>) {
      ((std::is_same_v<std::tuple_element_t<I, Args>, Scalar> ? ++scalars : ++refs), ...);
    }(std::make_index_sequence<n>());
    if (scalars != a.grid.size() || refs != a.prefetch.size())
      throwUserError(loc, "an index map takes one Scalar per grid axis (" +
                              std::to_string(a.grid.size()) + ") and then one Ref per "
                              "scalar-prefetch input (" + std::to_string(a.prefetch.size()) +
                              "); this one takes " + std::to_string(scalars) + " Scalars and " +
                              std::to_string(refs) + " Refs");
    auto call = [&]<size_t... I>(std::index_sequence<I...>) {
      auto arg = [&]<size_t K>() -> decltype(auto) {
        using T = std::tuple_element_t<K, Args>;
        if constexpr (std::is_same_v<T, Scalar>)
          return a.grid[countBefore<Scalar, Args, K>()];
        else
          return a.prefetch[countBefore<Ref, Args, K>()];
      };
      return f(arg.template operator()<I>()...);
    };
    return toIndices(call(std::make_index_sequence<n>()), loc);
  };
}
}  // namespace detail

/// pl.BlockSpec(block_shape, index_map). No shape: the whole array; no
/// index map: block (0, 0, ...). memory_space = ANY hands the kernel the
/// operand's HBM Ref itself (no blocks, no pipelining: copy with DMAs).
struct BlockSpec {
  std::optional<std::vector<BlockDim>> block_shape;
  IndexMap index_map;
  MemorySpace memory_space = MemorySpace::VMEM;
  /// pipeline_mode=pl.Buffered(n). Without one a block has 2 buffers, or
  /// 3 where a step's DMAs outlast the step and VMEM holds them (the
  /// compiler's choice, README "pallas_call's pipeline"; the numbers are
  /// the same).
  std::optional<Buffered> pipeline_mode;
  std::source_location loc;

  BlockSpec(std::source_location loc = std::source_location::current()) : loc(loc) {}
  BlockSpec(std::vector<BlockDim> shape, std::source_location loc = std::source_location::current())
      : block_shape(std::move(shape)), loc(loc) {}
  template <class F>
  BlockSpec(std::vector<BlockDim> shape, F map,
            std::source_location loc = std::source_location::current())
      : block_shape(std::move(shape)), index_map(detail::wrapIndexMap(std::move(map))),
        loc(loc) {}
  /// pl.BlockSpec(block_shape, index_map, pipeline_mode=pl.Buffered(n)).
  template <class F>
  BlockSpec(std::vector<BlockDim> shape, F map, Buffered pipeline_mode,
            std::source_location loc = std::source_location::current())
      : block_shape(std::move(shape)), index_map(detail::wrapIndexMap(std::move(map))),
        pipeline_mode(pipeline_mode), loc(loc) {}
  /// pl.BlockSpec(block_shape, index_map, memory_space=pltpu.SMEM): a block
  /// of a 1-D or 2-D 32-bit array in SMEM each grid step (MemorySpace::SMEM;
  /// see smem() and the README's "DMAs between HBM and SMEM").
  template <class F>
  BlockSpec(std::vector<BlockDim> shape, F map, MemorySpace memory_space,
            std::source_location loc = std::source_location::current())
      : block_shape(std::move(shape)), index_map(detail::wrapIndexMap(std::move(map))),
        memory_space(memory_space), loc(loc) {}
  /// pl.BlockSpec(block_shape, memory_space=...): block (0, 0, ...).
  BlockSpec(std::vector<BlockDim> shape, MemorySpace memory_space,
            std::source_location loc = std::source_location::current())
      : block_shape(std::move(shape)), memory_space(memory_space), loc(loc) {}
  /// pl.BlockSpec(memory_space=pl.ANY).
  static BlockSpec any(std::source_location loc = std::source_location::current()) {
    BlockSpec s(loc);
    s.memory_space = MemorySpace::ANY;
    return s;
  }
  /// pl.BlockSpec(memory_space=pltpu.SMEM): the whole input in SMEM, read
  /// one scalar at a time (`t_ref[i]`): a 1-D int32, uint32, f32 or bool
  /// one copied before the kernel starts, as scalar prefetch does, a 2-D
  /// one by DMAs before the grid; the whole output (1-D or 2-D int32,
  /// uint32 or f32) written there (`o_ref[i] = s`) and copied to HBM after
  /// the grid.
  static BlockSpec smem(std::source_location loc = std::source_location::current()) {
    BlockSpec s(loc);
    s.memory_space = MemorySpace::SMEM;
    return s;
  }
  /// pl.BlockSpec(memory_space=pltpu.SEMAPHORE): a semaphore operand
  /// (an array of dtype dma_semaphore or semaphore), passed as it is.
  static BlockSpec semaphore(std::source_location loc = std::source_location::current()) {
    BlockSpec s(loc);
    s.memory_space = MemorySpace::SEMAPHORE;
    return s;
  }
};

/// One grid extent (Pallas: "the grid is ints or int32 scalars"): an
/// integer, or an int32 Array of shape [] or [1] whose value is known only
/// when the kernel runs (eagerly a concrete Array, under jit a traced one).
/// The kernel is compiled once for any value of a run-time extent: the
/// value reaches it in SMEM, as a scalar-prefetch input the call adds in
/// front of yours (its Ref is not passed to the kernel or the index maps).
struct GridDim {
  GridDim(int64_t n) : size(n) {}
  GridDim(int n) : size(n) {}
  GridDim(Array extent) : extent(std::move(extent)) {}
  /// The extent, or std::nullopt for a run-time one (`extent`).
  std::optional<int64_t> size;
  Array extent;
};

/// A pallas_call's grid: `{4, 2}`, `{n, 2}` with an Array `n`, or a
/// std::vector<int64_t>.
class Grid {
public:
  Grid() = default;
  Grid(std::initializer_list<GridDim> dims) : dims_(dims) {}
  Grid(std::vector<GridDim> dims) : dims_(std::move(dims)) {}
  Grid(const std::vector<int64_t> &dims) : dims_(dims.begin(), dims.end()) {}
  size_t size() const { return dims_.size(); }
  bool empty() const { return dims_.empty(); }
  const GridDim &operator[](size_t k) const { return dims_[k]; }
  auto begin() const { return dims_.begin(); }
  auto end() const { return dims_.end(); }

private:
  std::vector<GridDim> dims_;
};

/// pl.program_id(axis): the grid index of the current step along `axis`.
Scalar program_id(int axis, std::source_location loc = std::source_location::current());

/// pl.num_programs(axis): the grid's extent along `axis`. A static extent
/// converts to int64_t (a constant, as before) and to a Scalar; a run-time
/// one is an int32 Scalar read when the kernel runs (converting it to
/// int64_t is an error at the num_programs line). Arithmetic with integers
/// keeps a static extent static; with Scalars it gives Scalars.
class NumPrograms {
public:
  NumPrograms(int64_t size, std::source_location loc) : size_(size), loc_(loc) {}
  NumPrograms(Scalar value, std::source_location loc) : value_(value), loc_(loc) {}
  /// Whether the extent is known when the kernel is traced.
  bool is_static() const { return size_.has_value(); }
  operator int64_t() const;
  operator Scalar() const;

private:
  std::optional<int64_t> size_;
  Scalar value_;
  std::source_location loc_;
};
NumPrograms num_programs(int axis, std::source_location loc = std::source_location::current());

namespace detail {
NumPrograms add(const NumPrograms &a, const NumPrograms &b);
NumPrograms sub(const NumPrograms &a, const NumPrograms &b);
NumPrograms mul(const NumPrograms &a, const NumPrograms &b);
NumPrograms div(const NumPrograms &a, const NumPrograms &b);
NumPrograms rem(const NumPrograms &a, const NumPrograms &b);
}  // namespace detail
// (Templates on the integer: an exact match, ahead of int64_t arithmetic
// through the conversion.)
#define TESSERA_NUM_PROGRAMS_OPS(OP, NAME)                                                         \
  template <class I, std::enable_if_t<std::is_integral_v<I>, int> = 0>                             \
  NumPrograms operator OP(const NumPrograms &a, I b) {                                             \
    return detail::NAME(a, NumPrograms((int64_t)b, std::source_location::current()));              \
  }                                                                                                \
  template <class I, std::enable_if_t<std::is_integral_v<I>, int> = 0>                             \
  NumPrograms operator OP(I a, const NumPrograms &b) {                                             \
    return detail::NAME(NumPrograms((int64_t)a, std::source_location::current()), b);              \
  }                                                                                                \
  Scalar operator OP(At<Scalar> a, const NumPrograms &b);                                          \
  Scalar operator OP(const NumPrograms &a, At<Scalar> b);
TESSERA_NUM_PROGRAMS_OPS(+, add)
TESSERA_NUM_PROGRAMS_OPS(-, sub)
TESSERA_NUM_PROGRAMS_OPS(*, mul)
TESSERA_NUM_PROGRAMS_OPS(/, div)
TESSERA_NUM_PROGRAMS_OPS(%, rem)
#undef TESSERA_NUM_PROGRAMS_OPS
#define TESSERA_NUM_PROGRAMS_CMP(OP)                                                               \
  Scalar operator OP(At<Scalar> a, const NumPrograms &b);                                          \
  Scalar operator OP(const NumPrograms &a, At<Scalar> b);
TESSERA_NUM_PROGRAMS_CMP(<)
TESSERA_NUM_PROGRAMS_CMP(<=)
TESSERA_NUM_PROGRAMS_CMP(>)
TESSERA_NUM_PROGRAMS_CMP(>=)
TESSERA_NUM_PROGRAMS_CMP(==)
TESSERA_NUM_PROGRAMS_CMP(!=)
#undef TESSERA_NUM_PROGRAMS_CMP

}  // namespace pl

namespace lax {
/// lax.axis_index(axis): in a pl::kernel over a pltpu::TensorCoreMesh, the
/// index of the TensorCore running the body along the mesh axis `axis`
/// (0 with num_cores = 1; 0 or 1 with 2); in a kernel called inside a
/// shard_map, for an axis of its device mesh, the device's coordinate
/// along it. An int32 Scalar known at run time.
Scalar axis_index(std::string_view axis,
                  std::source_location loc = std::source_location::current());
/// lax.axis_size(axis): the number of cores, or of devices, along the mesh
/// axis (a constant).
int64_t axis_size(std::string_view axis,
                  std::source_location loc = std::source_location::current());
}  // namespace lax

namespace pltpu {
/// pltpu.run_on_first_core(axis): `fn` runs on core 0 of the mesh axis only.
void run_on_first_core(std::string_view axis, const std::function<void()> &fn,
                       std::source_location loc = std::source_location::current());
}  // namespace pltpu

namespace pltpu {
/// pltpu.PrefetchScalarGridSpec: the first num_scalar_prefetch inputs are
/// int32 arrays placed in SMEM before the grid starts; index maps and the
/// kernel get their Refs first.
struct PrefetchScalarGridSpec {
  int num_scalar_prefetch = 0;
  pl::Grid grid;
  std::vector<pl::BlockSpec> in_specs;
  std::vector<pl::BlockSpec> out_specs;
  std::vector<ScratchType> scratch_shapes;
};
}  // namespace pltpu

namespace pl {

/// The arguments of pl.pallas_call, in Pallas' order (a grid_spec replaces
/// grid, in_specs, out_specs and scratch_shapes).
struct PallasCallSpec {
  OutType out_shape;
  std::optional<pltpu::PrefetchScalarGridSpec> grid_spec = std::nullopt;
  /// Integers, or int32 Arrays of run-time extents (pl::GridDim).
  Grid grid = {};
  /// One per input (scalar-prefetch inputs excluded); empty: whole arrays.
  std::vector<BlockSpec> in_specs = {};
  std::vector<BlockSpec> out_specs = {};
  std::vector<pltpu::ScratchType> scratch_shapes = {};
  /// {input index: output index}; input indices count the prefetch inputs.
  std::map<int, int> input_output_aliases = {};
  DebugOptions debug = {};
  std::string name = "kernel";
  pltpu::CompilerParams compiler_params = {};
  /// Names of the kernel's Refs, as in pl::KernelSpec.
  std::vector<std::string> arg_names = {};
  /// Interpret mode, as in pl::KernelSpec.
  pltpu::Interpret interpret = {};
};

/// The traced grid: emits the tessera.grid of `body` inside the kernel
/// being traced. `refs` are the kernel's Refs (prefetch, inputs, outputs,
/// scratch); `body` gets the prefetch Refs, the blocks and the scratch.
void emitGrid(const PallasCallSpec &spec, const std::vector<Ref> &refs,
              const std::function<void(const std::vector<Ref> &)> &body,
              const std::source_location &loc);

/// pl.pallas_call(kernel, ...): a kernel over a grid of blocks.
class PallasCall {
public:
  PallasCall(PallasCallSpec spec, int arity, std::function<void(const std::vector<Ref> &)> body,
             std::source_location loc);
  template <class... A>
  Array operator()(const A &...args) const {
    return call({args...}).front();
  }
  std::vector<Array> call(const std::vector<Array> &args) const;

private:
  PallasCallSpec spec_;
  int arity_;
  std::function<void(const std::vector<Ref> &)> body_;
  std::source_location loc_;
  /// The kernels of earlier calls (detail::KernelTraceCache).
  std::shared_ptr<detail::KernelTraceCache> traces_;
};

template <class F>
PallasCall pallas_call(F kernel, PallasCallSpec spec,
                       std::source_location loc = std::source_location::current()) {
  constexpr int n = detail::LambdaArity<F>::value;
  auto fn = [kernel = std::move(kernel), loc](const std::vector<Ref> &refs) mutable {
    if (refs.size() != (size_t)n)
      throw Error("internal error: the kernel takes " + std::to_string(n) + " Refs, got " +
                  std::to_string(refs.size()));
    detail::invokeWithRefs(kernel, refs, std::make_index_sequence<n>(), loc);
  };
  return PallasCall(std::move(spec), n, std::move(fn), loc);
}

}  // namespace pl

namespace pltpu {
/// pltpu.emit_pipeline(body, grid=, in_specs=, out_specs=)(*refs): a nested
/// HBM -> VMEM pipeline inside a pl::kernel body; `refs` are HBM Refs (one
/// per spec), the body gets their VMEM blocks. A grid entry is an int or an
/// int32 Scalar the kernel computes (`{n_steps, 2}` with n_steps read from
/// SMEM): the pipeline's steps are counted when it runs.
struct EmitPipelineSpec {
  std::vector<IntOrScalar> grid;
  std::vector<pl::BlockSpec> in_specs;
  std::vector<pl::BlockSpec> out_specs;
};
class Pipeline {
public:
  Pipeline(EmitPipelineSpec spec, std::function<void(const std::vector<Ref> &)> body,
           std::source_location loc)
      : spec_(std::move(spec)), body_(std::move(body)), loc_(loc) {}
  template <class... R>
  void operator()(const R &...refs) const {
    run({refs...});
  }
  void run(const std::vector<Ref> &refs) const;

private:
  EmitPipelineSpec spec_;
  std::function<void(const std::vector<Ref> &)> body_;
  std::source_location loc_;
};
template <class F>
Pipeline emit_pipeline(F body, EmitPipelineSpec spec,
                       std::source_location loc = std::source_location::current()) {
  constexpr int n = pl::detail::LambdaArity<F>::value;
  auto fn = [body = std::move(body), loc](const std::vector<Ref> &refs) mutable {
    pl::detail::invokeWithRefs(body, refs, std::make_index_sequence<n>(), loc);
  };
  return Pipeline(std::move(spec), std::move(fn), loc);
}
}  // namespace pltpu

}  // namespace tessera
