//===- ControlFlow.h - Loops and branches in kernels (lax / pl) -----------===//
//
// Control flow is traced, not executed: a loop body runs once at trace time
// and becomes the body of an scf.for that the chip runs N times; a branch's
// two sides become the two regions of an scf.if, chosen at run time by a
// predicate on the scalar unit. Values that flow out of a loop or branch are
// passed explicitly, as in JAX:
//
//   Value acc = lax::fori_loop(0, 8, [&](Scalar i, Value acc) {
//     return acc + x_vmem[pl::ds(pl::multiple_of(i * 8, 8), 8)];
//   }, init);
//   pl::when(pl::program_id(1) == 0, [&] { o_ref[___] = 0.0; });
//   Scalar r = lax::cond(n > 4, [&] { return n - 4; }, [&] { return n; });
//
// Carried values are Values, Scalars, or std::tuples of them. A Value or
// Scalar made inside a body and used after it (instead of being returned)
// is an error naming both lines.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <functional>
#include <source_location>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "dsl/Kernel.h"

namespace tessera {

/// A loop bound or step: a constant or a run-time Scalar.
struct IntOrScalar {
  IntOrScalar(int64_t v) : constant(v) {}
  IntOrScalar(int v) : constant(v) {}
  IntOrScalar(const Scalar &s) : scalar(s), isScalar(true) {}
  int64_t constant = 0;
  Scalar scalar;
  bool isScalar = false;
};

namespace detail {

/// One carried handle, type-erased: a Value or a Scalar.
struct Carried {
  bool isScalar = false;
  Value value;
  Scalar scalar;
};
using CarriedList = std::vector<Carried>;

/// How a carry type flattens into handles and back.
template <class T, class = void>
struct CarryTraits;
template <class T>
struct CarryTraits<T, std::enable_if_t<std::is_base_of_v<Value, T>>> {
  using Type = Value;
  static void flatten(const T &v, CarriedList &out) { out.push_back({false, v, {}}); }
  static Value rebuild(const T &, const Carried *&it) { return (it++)->value; }
};
template <class T>
struct CarryTraits<T, std::enable_if_t<std::is_base_of_v<Scalar, T>>> {
  using Type = Scalar;
  static void flatten(const T &s, CarriedList &out) { out.push_back({true, {}, s}); }
  static Scalar rebuild(const T &, const Carried *&it) { return (it++)->scalar; }
};
/// An integer carried as an int32 Scalar: fori_loop(0, n, body, 0).
Scalar carriedConstant(int64_t v);
template <class T>
struct CarryTraits<T, std::enable_if_t<std::is_integral_v<T>>> {
  using Type = Scalar;
  static void flatten(const T &v, CarriedList &out) {
    out.push_back({true, {}, carriedConstant(v)});
  }
  static Scalar rebuild(const T &, const Carried *&it) { return (it++)->scalar; }
};
template <class... T>
struct CarryTraits<std::tuple<T...>> {
  using Type = std::tuple<typename CarryTraits<T>::Type...>;
  static void flatten(const std::tuple<T...> &t, CarriedList &out) {
    std::apply([&](const auto &...e) { (CarryTraits<std::decay_t<decltype(e)>>::flatten(e, out), ...); },
               t);
  }
  static Type rebuild(const std::tuple<T...> &like, const Carried *&it) {
    return rebuildEach(like, it, std::index_sequence_for<T...>());
  }
  template <size_t... I>
  static Type rebuildEach(const std::tuple<T...> &like, const Carried *&it,
                          std::index_sequence<I...>) {
    // Braced initialization evaluates left to right.
    return Type{CarryTraits<T>::rebuild(std::get<I>(like), it)...};
  }
};
template <>
struct CarryTraits<std::tuple<>> {
  using Type = std::tuple<>;
  static void flatten(const std::tuple<> &, CarriedList &) {}
  static Type rebuild(const std::tuple<> &, const Carried *&) { return {}; }
};

template <class T>
using CarryType = typename CarryTraits<std::decay_t<T>>::Type;

template <class T>
CarriedList flatten(const T &v) {
  CarriedList out;
  CarryTraits<std::decay_t<T>>::flatten(v, out);
  return out;
}
template <class T>
CarryType<T> rebuild(const T &like, const CarriedList &list) {
  const Carried *it = list.data();
  return CarryTraits<std::decay_t<T>>::rebuild(like, it);
}

/// The non-template cores (ControlFlow.cpp).
using LoopBody = std::function<CarriedList(const Scalar &, const CarriedList &)>;
CarriedList traceFor(const IntOrScalar &lo, const IntOrScalar &hi, const IntOrScalar &step,
                     const CarriedList &init, const LoopBody &body, int unroll,
                     const std::source_location &loc);
using BranchBody = std::function<CarriedList()>;
CarriedList traceIf(const Scalar &cond, const BranchBody &thenFn, const BranchBody &elseFn,
                    bool hasElse, const std::source_location &loc);
using WhileCond = std::function<Scalar(const CarriedList &)>;
using WhileBody = std::function<CarriedList(const CarriedList &)>;
CarriedList traceWhile(const CarriedList &init, const WhileCond &cond, const WhileBody &body,
                       const std::source_location &loc);

}  // namespace detail

/// The most copies of a loop body unrolling may trace (LoopOptions): each
/// copy is compiled, so a larger unroll is an error at the loop's line.
inline constexpr int64_t kMaxUnrolledCopies = 1024;

/// Loop options (Pallas' unroll=).
struct LoopOptions {
  /// Copies of the body per trip through the binary (1: a plain loop; a
  /// remainder runs after the unrolled loop). full = true unrolls completely
  /// (constant bounds only).
  int unroll = 1;
  bool full = false;
};

namespace lax {

/// lax.fori_loop(lo, hi, body, init, unroll=k): body(i, carry) -> carry for
/// i = lo, lo + 1, ..., hi - 1; returns the last carry (init if lo >= hi).
template <class Init, class F>
detail::CarryType<Init> fori_loop(IntOrScalar lo, IntOrScalar hi, F body, const Init &init,
                                  LoopOptions options = {},
                                  std::source_location loc = std::source_location::current()) {
  using C = detail::CarryType<Init>;
  C like = detail::rebuild(init, detail::flatten(init));
  detail::LoopBody fn = [&](const Scalar &i, const detail::CarriedList &carried) {
    C next = body(i, detail::rebuild(like, carried));
    return detail::flatten(next);
  };
  return detail::rebuild(like, detail::traceFor(lo, hi, 1, detail::flatten(init), fn,
                                                options.full ? -1 : options.unroll, loc));
}

/// lax.cond(pred, true_fun, false_fun): both return the same carry type (or
/// nothing); only the chosen side runs on the chip.
template <class T, class E>
auto cond(const Scalar &pred, T thenFn, E elseFn,
          std::source_location loc = std::source_location::current()) {
  using R = std::invoke_result_t<T>;
  if constexpr (std::is_void_v<R>) {
    detail::traceIf(pred, [&] { thenFn(); return detail::CarriedList{}; },
                    [&] { elseFn(); return detail::CarriedList{}; }, true, loc);
  } else {
    std::optional<detail::CarryType<R>> like;
    detail::BranchBody t = [&] {
      auto r = thenFn();
      like.emplace(detail::rebuild(r, detail::flatten(r)));
      return detail::flatten(r);
    };
    detail::BranchBody e = [&] { return detail::flatten(elseFn()); };
    detail::CarriedList out = detail::traceIf(pred, t, e, true, loc);
    return detail::rebuild(*like, out);
  }
}

/// lax.switch(index, branches): runs branches[index], the index clamped to
/// [0, n - 1] as JAX clamps it; the branches return the same carry type R
/// (or nothing: R = void), given explicitly, since C++ cannot deduce it
/// from a list of lambdas:
///
///   Value y = lax::switch_<Value>(k, {[&] { return x; }, [&] { return x * 2.0; }});
///
/// Traced as a chain of lax::cond on `index <= 0`, `index <= 1`, ... (an
/// scf.if each, as Mosaic lowers switch); only the chosen branch runs.
template <class R = void>
R switch_(const Scalar &index, std::vector<std::function<R()>> branches,
          std::source_location loc = std::source_location::current()) {
  if (branches.empty())
    throwUserError(loc, "lax::switch_ needs at least one branch");
  std::function<R(size_t)> from = [&](size_t i) -> R {
    if (i + 1 == branches.size())
      return branches[i]();
    return cond(index <= (int64_t)i, branches[i], [&] { return from(i + 1); }, loc);
  };
  return from(0);
}

/// lax.while_loop(cond_fun, body_fun, init).
template <class Init, class C, class B>
detail::CarryType<Init> while_loop(C condFn, B bodyFn, const Init &init,
                                   std::source_location loc = std::source_location::current()) {
  using T = detail::CarryType<Init>;
  T like = detail::rebuild(init, detail::flatten(init));
  detail::WhileCond c = [&](const detail::CarriedList &l) {
    return Scalar(condFn(detail::rebuild(like, l)));
  };
  detail::WhileBody b = [&](const detail::CarriedList &l) {
    T next = bodyFn(detail::rebuild(like, l));
    return detail::flatten(next);
  };
  return detail::rebuild(like, detail::traceWhile(detail::flatten(init), c, b, loc));
}

}  // namespace lax

namespace pl {

/// @pl.when(cond): runs `fn` only when the predicate holds. A plain bool
/// decides at trace time, as in Pallas.
template <class F>
void when(const Scalar &cond, F fn, std::source_location loc = std::source_location::current()) {
  tessera::detail::traceIf(cond, [&] { fn(); return tessera::detail::CarriedList{}; }, {}, false, loc);
}
template <class F>
void when(bool cond, F fn, std::source_location = std::source_location::current()) {
  if (cond)
    fn();
}

/// @pl.loop(lo, hi, step=): the decorator form of a loop without carried
/// values: pl::loop(0, n)([&](Scalar i) { ... });
class Loop {
public:
  Loop(IntOrScalar lo, IntOrScalar hi, IntOrScalar step, LoopOptions options,
       std::source_location loc)
      : lo_(lo), hi_(hi), step_(step), options_(options), loc_(loc) {}
  template <class F>
  void operator()(F body) const {
    tessera::detail::LoopBody fn = [&](const Scalar &i, const tessera::detail::CarriedList &) {
      body(i);
      return tessera::detail::CarriedList{};
    };
    tessera::detail::traceFor(lo_, hi_, step_, {}, fn, options_.full ? -1 : options_.unroll, loc_);
  }

private:
  IntOrScalar lo_, hi_, step_;
  LoopOptions options_;
  std::source_location loc_;
};
inline Loop loop(IntOrScalar lo, IntOrScalar hi, IntOrScalar step = 1, LoopOptions options = {},
                 std::source_location loc = std::source_location::current()) {
  return Loop(lo, hi, step, options, loc);
}

}  // namespace pl
}  // namespace tessera
