//===- CoreMap.h - pl::run_state and pl::core_map -------------------------===//
//
// Pallas' core-level programming (docs/pallas/tpu/core_map.md): a function
// that mutates Refs of HBM arrays, run by pl::run_state, and inside it
// pl::core_map(mesh, body), which runs `body` once on every TensorCore of
// the mesh on those Refs:
//
//   auto out = pl::run_state([&](Ref x_hbm, Ref o_hbm) {
//     pl::core_map(pltpu::TensorCoreMesh{"tc", 2}, [&](Ref buf, Ref sem) {
//       Scalar row = pl::multiple_of(lax::axis_index("tc") * 8, 8);
//       pltpu::async_copy(x_hbm.at(pl::ds(row, 8)), buf, sem).wait();
//       ...
//     }, {.scratch_shapes = {pltpu::VMEM({8, 128}, jnp::float32), pltpu::SemaphoreType::DMA}});
//   })(x, jnp::zeros({16, 128}));
//   Array o = out[1];
//
// A core_map is one kernel launch (a pl::kernel over the mesh whose Refs
// are the run_state's, each an input aliased to an output: what the body
// writes is the Ref's new value); its body gets the scratch_shapes' Refs.
// pl::run_state returns the Refs' values after the function.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <functional>
#include <memory>
#include <source_location>
#include <string>
#include <vector>

#include "dsl/Kernel.h"

namespace tessera {
namespace pl {

/// The keyword arguments of pl.core_map.
struct CoreMapSpec {
  /// Per-core scratch, one Ref each passed to the body (Pallas'
  /// scratch_shapes).
  std::vector<pltpu::ScratchType> scratch_shapes = {};
  std::string name = "core_map";
  pltpu::CompilerParams compiler_params = {};
  /// Tessera's own switches, as in pl::KernelSpec.
  DebugOptions debug = {};
  /// Interpret mode, as in pl::KernelSpec.
  pltpu::Interpret interpret = {};
};

namespace detail {
void coreMap(const pltpu::TensorCoreMesh &mesh, int arity,
             std::function<void(const std::vector<Ref> &)> body, const CoreMapSpec &spec,
             const std::source_location &loc);
}  // namespace detail

/// pl.run_state(f): called on arrays, runs f on one HBM Ref per array (in
/// Tessera only pl::core_map may use them) and returns their values after f.
class RunState {
public:
  using Body = std::function<void(const std::vector<Ref> &)>;
  RunState(int arity, Body body, std::source_location loc)
      : arity_(arity), body_(std::move(body)), loc_(loc) {}
  template <class... A>
  std::vector<Array> operator()(const A &...args) const {
    return call({args...});
  }
  std::vector<Array> call(const std::vector<Array> &args) const;

private:
  int arity_;
  Body body_;
  std::source_location loc_;
};

template <class F>
RunState run_state(F f, std::source_location loc = std::source_location::current()) {
  constexpr int n = detail::LambdaArity<F>::value;
  RunState::Body fn = [f = std::move(f), loc](const std::vector<Ref> &refs) mutable {
    detail::invokeWithRefs(f, refs, std::make_index_sequence<n>(), loc);
  };
  return RunState(n, std::move(fn), loc);
}

/// pl.core_map(mesh)(body): runs `body` once on each TensorCore of `mesh`
/// (lax::axis_index(mesh.axis_name) says which), on the Refs of the
/// enclosing pl::run_state; `body` takes one Ref per scratch_shapes entry.
template <class F>
void core_map(const pltpu::TensorCoreMesh &mesh, F body, CoreMapSpec spec = {},
              std::source_location loc = std::source_location::current()) {
  constexpr int n = detail::LambdaArity<F>::value;
  std::function<void(const std::vector<Ref> &)> fn =
      [body = std::move(body), loc](const std::vector<Ref> &refs) mutable {
        detail::invokeWithRefs(body, refs, std::make_index_sequence<n>(), loc);
      };
  detail::coreMap(mesh, n, std::move(fn), spec, loc);
}

}  // namespace pl
}  // namespace tessera
