//===- CoreMap.cpp - pl::run_state and pl::core_map -----------------------===//
#include "dsl/CoreMap.h"

#include "dsl/KernelTrace.h"

namespace tessera::pl {

namespace {

/// A pl::run_state running on this thread: its Refs (bound to a kernel's
/// arguments only while a core_map's body is traced) and their values.
struct RunStateScope {
  std::vector<std::shared_ptr<tessera::detail::RefMeta>> metas;
  std::vector<Array> values;
  std::source_location loc;
  /// False once the run_state returned: its function's Refs (which a
  /// core_map body captures) are gone, so its kernels cannot be traced again.
  std::shared_ptr<bool> alive = std::make_shared<bool>(true);
};
thread_local std::vector<RunStateScope *> runStates;

/// The metadata of a Ref no kernel is tracing (trace id 0 is never a
/// trace's): using it is an error at the user's line.
std::shared_ptr<tessera::detail::RefMeta> unboundMeta(const Array &a, size_t index) {
  auto meta = std::make_shared<tessera::detail::RefMeta>();
  meta->shape = a.shape();
  meta->dtype = a.dtype();
  meta->space = MemorySpace::ANY;
  meta->name = "state" + std::to_string(index);
  return meta;
}

}  // namespace

std::vector<Array> RunState::call(const std::vector<Array> &args) const {
  if ((int)args.size() != arity_)
    throwUserError(loc_, "pl::run_state's function takes " + std::to_string(arity_) +
                             " Refs, but it is called on " + std::to_string(args.size()) +
                             " arrays");
  if (tessera::detail::KernelTrace::active())
    throwUserError(loc_, "pl::run_state is called inside a kernel body; it runs on arrays, "
                         "outside kernels");
  RunStateScope scope{{}, args, loc_};
  std::vector<Ref> refs;
  for (size_t i = 0; i < args.size(); ++i) {
    scope.metas.push_back(unboundMeta(args[i], i));
    refs.push_back(Ref(scope.metas.back()));
  }
  runStates.push_back(&scope);
  struct Pop {
    RunStateScope &scope;
    ~Pop() {
      *scope.alive = false;
      runStates.pop_back();
    }
  } pop{scope};
  body_(refs);
  return scope.values;
}

namespace detail {

void coreMap(const pltpu::TensorCoreMesh &mesh, int arity,
             std::function<void(const std::vector<Ref> &)> body, const CoreMapSpec &spec,
             const std::source_location &loc) {
  if (runStates.empty())
    throwUserError(loc, "pl::core_map runs on the Refs of a pl::run_state: call it inside the "
                        "function pl::run_state runs");
  if (tessera::detail::KernelTrace::active())
    throwUserError(loc, "pl::core_map is called inside a kernel body; call it in pl::run_state's "
                        "function");
  RunStateScope &state = *runStates.back();
  if (arity != (int)spec.scratch_shapes.size())
    throwUserError(loc, "the core_map body takes " + std::to_string(arity) + " Refs, but " +
                            std::to_string(spec.scratch_shapes.size()) +
                            " scratch_shapes are given (one Ref each)");
  size_t n = state.values.size();
  // One kernel over the mesh: the state's arrays are its inputs, each
  // aliased to an output of its type (what the body writes is the Ref's new
  // value), then the scratch.
  KernelSpec k;
  for (const Array &a : state.values)
    k.out_type.types.push_back({a.shape(), a.dtype()});
  k.mesh = mesh;
  k.scratch_types = spec.scratch_shapes;
  k.name = spec.name;
  k.compiler_params = spec.compiler_params;
  k.debug = spec.debug;
  k.interpret = spec.interpret;
  for (int side = 0; side < 2; ++side)  // the inputs, then the outputs aliased to them
    for (const auto &meta : state.metas)
      k.arg_names.push_back(meta->name);
  for (size_t i = 0; i < spec.scratch_shapes.size(); ++i)
    k.arg_names.push_back("scratch" + std::to_string(i));
  std::vector<std::shared_ptr<tessera::detail::RefMeta>> metas = state.metas;
  Kernel::Body traced = [metas, n, body = std::move(body), alive = state.alive,
                         runStateLoc = state.loc, loc](const std::vector<Ref> &refs) {
    // Interpret mode compiles the kernel only when a later IR stage or the
    // listing is asked for, tracing it again.
    if (!*alive)
      throwUserError(loc, "the kernel of this pl::core_map can no longer be traced: its "
                          "pl::run_state (" + positionString(runStateLoc) +
                          ") has returned, and with it the Refs the body uses; ask for the "
                          "interpreted kernel's compiled stages while the run_state runs");
    // The run_state's Refs stand for the kernel's outputs while the body is
    // traced, and for nothing after.
    std::vector<tessera::detail::RefMeta> unbound;
    for (size_t i = 0; i < n; ++i) {
      unbound.push_back(*metas[i]);
      *metas[i] = refs[n + i].meta();
    }
    struct Unbind {
      const std::vector<std::shared_ptr<tessera::detail::RefMeta>> &metas;
      std::vector<tessera::detail::RefMeta> &unbound;
      ~Unbind() {
        for (size_t i = 0; i < unbound.size(); ++i)
          *metas[i] = unbound[i];
      }
    } unbind{metas, unbound};
    body(std::vector<Ref>(refs.begin() + 2 * n, refs.end()));
  };
  Kernel kernel(std::move(k), (int)(2 * n + spec.scratch_shapes.size()), std::move(traced), loc);
  std::vector<std::pair<int, int>> aliases;
  for (size_t i = 0; i < n; ++i)
    aliases.push_back({(int)i, (int)i});
  kernel.setAliases(std::move(aliases));
  state.values = kernel.call(state.values);
}

}  // namespace detail
}  // namespace tessera::pl
