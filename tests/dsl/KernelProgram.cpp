//===- KernelProgram.cpp - Replaying and printing a generated kernel ------===//
//
// Two of the three readings of a Program (KernelProgram.h): replay, which
// emits the body through the DSL inside a kernel being traced, and
// programText, which prints the same body as the C++ a kernel author would
// write. The two must spell every window, loop and branch alike, so that a
// printed failing kernel reproduces what was compiled.
//
// Loops and branches carry a number of handles known only when the program
// is read, while lax::fori_loop, lax::while_loop and lax::cond take their
// carry type at compile time: replay picks one of the carry types it is
// instantiated for (up to 2 values and 2 scalars, values first; one handle
// alone as a plain Value or Scalar) from the op's counts.
//
//===----------------------------------------------------------------------===//
#include "KernelProgram.h"

#include <charconv>
#include <cstring>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace tessera::difftest {

//===----------------------------------------------------------------------===//
// Replaying the program inside the kernel body (at trace time)
//===----------------------------------------------------------------------===//

namespace {

/// One carried handle while it crosses a loop or branch boundary.
struct Handle {
  bool isScalar = false;
  Value v;
  Scalar s;
};
using Handles = std::vector<Handle>;

/// Carry types <-> handle lists.
template <class T>
struct CarryOf;
template <>
struct CarryOf<Value> {
  static Value pack(const Handles &h) { return h.at(0).v; }
  static Handles unpack(const Value &v) { return {{false, v, {}}}; }
};
template <>
struct CarryOf<Scalar> {
  static Scalar pack(const Handles &h) { return h.at(0).s; }
  static Handles unpack(const Scalar &s) { return {{true, {}, s}}; }
};
template <class... E>
struct CarryOf<std::tuple<E...>> {
  using T = std::tuple<E...>;
  template <size_t I>
  static auto element(const Handles &h) {
    if constexpr (std::is_same_v<std::tuple_element_t<I, T>, Value>)
      return h.at(I).v;
    else
      return h.at(I).s;
  }
  template <size_t... I>
  static T packEach(const Handles &h, std::index_sequence<I...>) {
    return T{element<I>(h)...};
  }
  static T pack(const Handles &h) { return packEach(h, std::index_sequence_for<E...>()); }
  static Handles unpack(const T &t) {
    Handles out;
    std::apply([&](const auto &...e) { (out.push_back(handle(e)), ...); }, t);
    return out;
  }
  static Handle handle(const Value &v) { return {false, v, {}}; }
  static Handle handle(const Scalar &s) { return {true, {}, s}; }
};

/// std::tuple<E, E, ...> (N times).
template <size_t, class E>
using Ignore = E;
template <class E, class Seq>
struct RepeatOf;
template <class E, size_t... I>
struct RepeatOf<E, std::index_sequence<I...>> {
  using type = std::tuple<Ignore<I, E>...>;
};
template <class E, size_t N>
using Repeat = typename RepeatOf<E, std::make_index_sequence<N>>::type;

/// The tuple of NV values then NS scalars (with a leading counter scalar
/// for lax::while_loop).
template <size_t NV, size_t NS, bool Counter>
using CarryTuple = decltype(std::tuple_cat(
    std::conditional_t<Counter, std::tuple<Scalar>, std::tuple<>>{}, Repeat<Value, NV>{},
    Repeat<Scalar, NS>{}));

/// Calls `f.template operator()<T>()` with the carry type of nv values and
/// ns scalars (plain Value / Scalar for one handle unless `tuple`).
template <bool Counter, class F>
void withCarry(size_t nv, size_t ns, bool tuple, F &&f) {
  if constexpr (!Counter) {
    if (!tuple && nv + ns == 1) {
      if (nv == 1)
        f.template operator()<Value>();
      else
        f.template operator()<Scalar>();
      return;
    }
  }
  switch (nv * 3 + ns) {
  case 0: f.template operator()<CarryTuple<0, 0, Counter>>(); return;
  case 1: f.template operator()<CarryTuple<0, 1, Counter>>(); return;
  case 2: f.template operator()<CarryTuple<0, 2, Counter>>(); return;
  case 3: f.template operator()<CarryTuple<1, 0, Counter>>(); return;
  case 4: f.template operator()<CarryTuple<1, 1, Counter>>(); return;
  case 5: f.template operator()<CarryTuple<1, 2, Counter>>(); return;
  case 6: f.template operator()<CarryTuple<2, 0, Counter>>(); return;
  case 7: f.template operator()<CarryTuple<2, 1, Counter>>(); return;
  case 8: f.template operator()<CarryTuple<2, 2, Counter>>(); return;
  }
  throw std::logic_error("replay: a carry of " + std::to_string(nv) + " values and " +
                         std::to_string(ns) + " scalars is not instantiated");
}

/// The kernel body's view of the program: its Refs and the handles made so
/// far (by id).
struct Replay {
  const Program &p;
  std::array<Ref, kNumRefs> refs;
  Ref sems, off, tmp, col, rowb, rsem, bar, dbar;
  std::vector<Value> vals;
  std::vector<Scalar> scal;
  std::vector<std::optional<pltpu::AsyncCopyDescriptor>> dmas;

  /// The run-time row window of a Dyn* spelling (not DynNested).
  Slice dynRows(const Win &w) {
    const Scalar &s = scal[w.start];
    switch (w.syntax) {
    case Syntax::DynDs: return pl::ds(s, w.nr);
    case Syntax::DynAdd: return w.k >= 0 ? pl::ds(s + w.k, w.nr) : pl::ds(s - (-w.k), w.nr);
    case Syntax::DynSlice: return Slice{.start = w.k, .size = w.nr, .dynamicStart = s};
    default:  // DynCols
      if (w.k == 0)
        return pl::ds(s, w.nr);
      return Slice{.start = w.k, .size = w.nr, .dynamicStart = s};
    }
  }

  Ref dmaWindow(const Win &w) {
    const Ref &r = refs[w.ref];
    if (w.count >= 0) {  // pl::ds(start, n) with n a scalar
      Slice rows{.start = w.isDynamic() ? w.k : w.r0, .size = -1,
                 .dynamicStart = w.isDynamic() ? std::optional<Scalar>(scal[w.start]) : std::nullopt,
                 .dynamicSize = scal[w.count]};
      if (w.c0 == 0 && w.nc == r.shape()[1] && w.syntax != Syntax::RowsCols &&
          w.syntax != Syntax::DynCols)
        return r.at(rows);
      return r.at(rows, pl::ds(w.c0, w.nc));
    }
    switch (w.syntax) {
    case Syntax::Whole: return r;
    case Syntax::Slice: return r.at(pl::slice(w.r0, w.r0 + w.nr));
    case Syntax::Ds: return r.at(pl::ds(w.r0, w.nr));
    case Syntax::RowsCols:
    case Syntax::RowsAll: return r.at(pl::ds(w.r0, w.nr), pl::ds(w.c0, w.nc));
    case Syntax::Nested:
      return r.at(pl::ds(w.base, w.nb)).at(pl::ds(w.r0 - w.base, w.nr), pl::ds(w.c0, w.nc));
    case Syntax::DynNested: {
      Ref outer = r.at(pl::ds(scal[w.start], w.nb));
      if (w.c0 == 0 && w.nc == r.shape()[1])
        return outer.at(pl::ds(w.k, w.nr));
      return outer.at(pl::ds(w.k, w.nr), pl::ds(w.c0, w.nc));
    }
    case Syntax::DynCols: return r.at(dynRows(w), pl::ds(w.c0, w.nc));
    case Syntax::DynDs:
    case Syntax::DynAdd:
    case Syntax::DynSlice: return r.at(dynRows(w));
    }
    return r;
  }

  RefAccess access(const Win &w) {
    const Ref &r = refs[w.ref];
    switch (w.syntax) {
    case Syntax::Whole: return r[___];
    case Syntax::Slice: return r[pl::slice(w.r0, w.r0 + w.nr)];
    case Syntax::Ds: return r[pl::ds(w.r0, w.nr)];
    case Syntax::RowsCols: return r(pl::ds(w.r0, w.nr), pl::ds(w.c0, w.nc));
    case Syntax::RowsAll: return r(pl::slice(w.r0, w.r0 + w.nr), pl::all);
    case Syntax::Nested:
      return r.at(pl::ds(w.base, w.nb))(pl::ds(w.r0 - w.base, w.nr), pl::ds(w.c0, w.nc));
    case Syntax::DynNested: {
      Ref outer = r.at(pl::ds(scal[w.start], w.nb));
      if (w.c0 == 0 && w.nc == r.shape()[1])
        return outer[pl::ds(w.k, w.nr)];
      return outer(pl::ds(w.k, w.nr), pl::ds(w.c0, w.nc));
    }
    case Syntax::DynCols: return r(dynRows(w), pl::ds(w.c0, w.nc));
    case Syntax::DynDs:
    case Syntax::DynAdd:
    case Syntax::DynSlice: return r[dynRows(w)];
    }
    return r[___];
  }

  Ref semaphore(const Sc &s) { return s.isConst() ? sems.at(s.c) : sems.at(scal[s.id]); }
  Ref regular(const Sc &s) { return s.isConst() ? rsem.at(s.c) : rsem.at(scal[s.id]); }
  IntOrScalar bound(const Sc &s) { return s.isConst() ? IntOrScalar(s.c) : IntOrScalar(scal[s.id]); }
  const Ref &smemRef(Smem m) { return m == Smem::Off ? off : tmp; }

  Scalar sbin(const Op &op) {
    if (op.sa.isConst()) {  // only + - * take a constant first
      const Scalar &b = scal[op.sb.id];
      int64_t a = op.sa.c;
      switch (op.sbin) {
      case SBinKind::Add: return a + b;
      case SBinKind::Sub: return a - b;
      default: return a * b;
      }
    }
    const Scalar &a = scal[op.sa.id];
    if (op.sb.isConst()) {
      int64_t b = op.sb.c;
      switch (op.sbin) {
      case SBinKind::Add: return a + b;
      case SBinKind::Sub: return a - b;
      case SBinKind::Mul: return a * b;
      case SBinKind::Div: return a / b;
      case SBinKind::Rem: return a % b;
      case SBinKind::And: return a & b;
      case SBinKind::Or: return a | b;
      case SBinKind::Xor: return a ^ b;
      case SBinKind::Shl: return a << b;
      case SBinKind::Shr: return a >> b;
      default: throw std::logic_error("replay: a constant operand of min/max/&&/||");
      }
    }
    const Scalar &b = scal[op.sb.id];
    switch (op.sbin) {
    case SBinKind::Add: return a + b;
    case SBinKind::Sub: return a - b;
    case SBinKind::Mul: return a * b;
    case SBinKind::Div: return a / b;
    case SBinKind::Rem: return a % b;
    case SBinKind::And: return a & b;
    case SBinKind::Or: return a | b;
    case SBinKind::Xor: return a ^ b;
    case SBinKind::Shl: return a << b;
    case SBinKind::Shr: return a >> b;
    case SBinKind::Min: return jnp::minimum(a, b);
    case SBinKind::Max: return jnp::maximum(a, b);
    case SBinKind::LAnd: return a && b;
    case SBinKind::LOr: return a || b;
    }
    return a;
  }

  Scalar compare(const Op &op) {
    auto cmp = [&](const auto &a, const auto &b) -> Scalar {
      switch (op.cmp) {
      case CmpKind::Lt: return a < b;
      case CmpKind::Le: return a <= b;
      case CmpKind::Gt: return a > b;
      case CmpKind::Ge: return a >= b;
      case CmpKind::Eq: return a == b;
      case CmpKind::Ne: return a != b;
      }
      return a < b;
    };
    if (op.sa.isConst())
      return cmp(op.sa.c, scal[op.sb.id]);
    if (op.sb.isConst())
      return cmp(scal[op.sa.id], op.sb.c);
    return cmp(scal[op.sa.id], scal[op.sb.id]);
  }

  Handles handles(const std::vector<int> &v, const std::vector<int> &s) {
    Handles h;
    for (int id : v)
      h.push_back({false, vals[id], {}});
    for (int id : s)
      h.push_back({true, {}, scal[id]});
    return h;
  }
  void bind(const Handles &h, const std::vector<int> &v, const std::vector<int> &s) {
    for (size_t i = 0; i < v.size(); ++i)
      vals[v[i]] = h.at(i).v;
    for (size_t i = 0; i < s.size(); ++i)
      scal[s[i]] = h.at(v.size() + i).s;
  }

  void forLoop(const Op &op) {
    LoopOptions options{.unroll = op.unroll, .full = op.fullUnroll};
    if (op.loop == LoopForm::PlLoop) {
      pl::loop(bound(op.lo), bound(op.hi), op.step, options)([&](Scalar i) {
        scal[op.iv] = i;
        run(op.body);
      });
      return;
    }
    if (op.loop == LoopForm::While) {
      withCarry<true>(op.initV.size(), op.initS.size(), true, [&]<class T>() {
        Handles init = handles(op.initV, op.initS);
        init.insert(init.begin(), {true, {}, scal[op.lo.id]});
        T out = lax::while_loop(
            [&](const T &c) {
              const Scalar &k = std::get<0>(c);
              return op.hi.isConst() ? k < op.hi.c : k < scal[op.hi.id];
            },
            [&](const T &c) {
              Handles h = CarryOf<T>::unpack(c);
              scal[op.iv] = h[0].s;
              h.erase(h.begin());
              bind(h, op.argV, op.argS);
              run(op.body);
              Handles next = handles(op.yieldV, op.yieldS);
              next.insert(next.begin(), {true, {}, scal[op.iv] + op.step});
              return CarryOf<T>::pack(next);
            },
            CarryOf<T>::pack(init));
        Handles h = CarryOf<T>::unpack(out);
        h.erase(h.begin());
        bind(h, op.resV, op.resS);
      });
      return;
    }
    withCarry<false>(op.initV.size(), op.initS.size(), op.tupleCarry, [&]<class T>() {
      T out = lax::fori_loop(
          bound(op.lo), bound(op.hi),
          [&](Scalar i, T c) {
            scal[op.iv] = i;
            bind(CarryOf<T>::unpack(c), op.argV, op.argS);
            run(op.body);
            return CarryOf<T>::pack(handles(op.yieldV, op.yieldS));
          },
          CarryOf<T>::pack(handles(op.initV, op.initS)), options);
      bind(CarryOf<T>::unpack(out), op.resV, op.resS);
    });
  }

  void ifOp(const Op &op) {
    const Scalar &pred = scal[op.pred];
    if (op.ifForm == IfForm::When) {
      pl::when(pred, [&] { run(op.body); });
      return;
    }
    if (op.resV.empty() && op.resS.empty()) {
      lax::cond(pred, [&] { run(op.body); }, [&] { run(op.orelse); });
      return;
    }
    withCarry<false>(op.resV.size(), op.resS.size(), op.tupleCarry, [&]<class T>() {
      T out = lax::cond(
          pred,
          [&] {
            run(op.body);
            return CarryOf<T>::pack(handles(op.yieldV, op.yieldS));
          },
          [&] {
            run(op.orelse);
            return CarryOf<T>::pack(handles(op.elseYieldV, op.elseYieldS));
          });
      bind(CarryOf<T>::unpack(out), op.resV, op.resS);
    });
  }

  void run(const std::vector<Op> &ops) {
    for (const Op &op : ops)
      one(op);
  }

  void one(const Op &op) {
    switch (op.kind) {
    case Kind::Load: vals[op.dst] = access(op.w); break;
    case Kind::Bin: {
      const Value &a = vals[op.a], &b = vals[op.b];
      vals[op.dst] = op.bin == BinKind::Add ? a + b : op.bin == BinKind::Sub ? a - b : a * b;
      break;
    }
    case Kind::ScalarOp: {
      const Value &a = vals[op.a];
      if (!op.sa.isConst()) {  // a scalar handle (int32; spelling 1: an f32 made of it)
        Scalar s = scal[op.sa.id];
        if (op.spelling == 1)
          s = s.astype(DType::float32) * 0.5 + 0.25;
        if (op.scalarFirst)
          vals[op.dst] = op.bin == BinKind::Add ? s + a : op.bin == BinKind::Sub ? s - a : s * a;
        else
          vals[op.dst] = op.bin == BinKind::Add ? a + s : op.bin == BinKind::Sub ? a - s : a * s;
        break;
      }
      double s = op.scalar;
      if (isIntDType(op.dtype)) {  // an integer literal keeps the int dtype
        int64_t k = (int64_t)s;
        if (op.scalarFirst)
          vals[op.dst] = op.bin == BinKind::Add ? k + a : op.bin == BinKind::Sub ? k - a : k * a;
        else
          vals[op.dst] = op.bin == BinKind::Add ? a + k : op.bin == BinKind::Sub ? a - k : a * k;
        break;
      }
      if (op.scalarFirst)
        vals[op.dst] = op.bin == BinKind::Add ? s + a : op.bin == BinKind::Sub ? s - a : s * a;
      else
        vals[op.dst] = op.bin == BinKind::Add ? a + s : op.bin == BinKind::Sub ? a - s : a * s;
      break;
    }
    case Kind::Neg: vals[op.dst] = -vals[op.a]; break;
    case Kind::Store:
      if (op.b >= 0)
        pltpu::store(dmaWindow(op.w), vals[op.a], vals[op.b]);
      else
        access(op.w) = op.rowSum ? jnp::sum(vals[op.a], 0, true) : vals[op.a];
      break;
    case Kind::StoreConst: access(op.w) = op.scalar; break;
    case Kind::DmaStart: {
      Ref src = dmaWindow(op.w), dst = dmaWindow(op.w2);
      if (op.asyncCopy) {
        dmas[op.dma].emplace(pltpu::async_copy(src, dst, semaphore(op.sem)));
      } else {
        dmas[op.dma].emplace(pltpu::make_async_copy(src, dst, semaphore(op.sem)));
        dmas[op.dma]->start();
      }
      break;
    }
    case Kind::DmaWait:
      if (op.rebuilt)
        pltpu::make_async_copy(dmaWindow(op.w), dmaWindow(op.w2), semaphore(op.sem)).wait();
      else if (!dmas[op.dma])  // a reduced program may lose the start (then it is refused)
        throw std::logic_error("replay: a wait for dma" + std::to_string(op.dma) +
                               ", which this trace did not start");
      else
        dmas[op.dma]->wait();
      break;
    case Kind::SRead:
      scal[op.sdst] = op.sa.isConst() ? smemRef(op.smem)[op.sa.c] : smemRef(op.smem)[scal[op.sa.id]];
      break;
    case Kind::SWrite:
      if (op.sa.isConst()) {
        if (op.sb.isConst())
          tmp[op.sa.c] = op.sb.c;
        else
          tmp[op.sa.c] = scal[op.sb.id];
      } else {
        if (op.sb.isConst())
          tmp[scal[op.sa.id]] = op.sb.c;
        else
          tmp[scal[op.sa.id]] = scal[op.sb.id];
      }
      break;
    case Kind::SBin: scal[op.sdst] = sbin(op); break;
    case Kind::SCmp: scal[op.sdst] = compare(op); break;
    case Kind::SNot: scal[op.sdst] = !scal[op.sa.id]; break;
    case Kind::SWhere:
      scal[op.sdst] = jnp::where(scal[op.sa.id], scal[op.sb.id], scal[op.sc.id]);
      break;
    case Kind::SMultipleOf: scal[op.sdst] = pl::multiple_of(scal[op.sa.id], op.multiple); break;
    case Kind::For: forLoop(op); break;
    case Kind::If: ifOp(op); break;
    case Kind::Math: vals[op.dst] = math(op); break;
    case Kind::SemSignal:
      if (op.ownCore)
        pl::semaphore_signal(regular(op.sem), bound(op.sa), {.core_index = p.worker});
      else
        pl::semaphore_signal(regular(op.sem), bound(op.sa));
      break;
    case Kind::SemWait: pl::semaphore_wait(regular(op.sem), bound(op.sa)); break;
    case Kind::SemRead:
      scal[op.sdst] = pl::semaphore_read(op.dmaSem ? semaphore(op.sem) : regular(op.sem));
      break;
    case Kind::CoreBarrier: pltpu::core_barrier(bar, "tc"); break;
    case Kind::DeviceId: scal[op.sdst] = lax::axis_index("d"); break;
    case Kind::RemoteShift: {
      // The device that writes here is ready once this one signals it;
      // this one writes its target once the target has signalled.
      Scalar me = lax::axis_index("d");
      int64_t n = p.devices;
      Ref bar = p.barrierSemaphore ? pltpu::get_barrier_semaphore() : dbar;
      pl::semaphore_signal(bar, 1, {.device_id = {(me + (n - op.shift)) % n}});
      pl::semaphore_wait(bar, 1);
      auto copy = pltpu::make_async_remote_copy(dmaWindow(op.w), dmaWindow(op.w2),
                                                semaphore(op.sem), semaphore(op.sb),
                                                pltpu::DeviceId{(me + op.shift) % n});
      copy.start();
      copy.wait();
      break;
    }
    }
  }

  /// The kernel: the body, on core `worker` of a two-core kernel, and the
  /// other core's barriers and signal.
  void kernel() {
    if (p.cores == 1) {
      run(p.ops);
      return;
    }
    auto other = [&] {
      int barriers = 0;
      forEachOp(p.ops, [&](const Op &op) { barriers += op.kind == Kind::CoreBarrier; });
      for (int i = 0; i <= barriers; ++i) {
        if (i == p.remoteAfter)
          pl::semaphore_signal(rsem.at(p.remoteSem), p.remoteAmount, {.core_index = p.worker});
        if (i < barriers)
          pltpu::core_barrier(bar, "tc");
      }
    };
    Scalar core = lax::axis_index("tc");
    if (p.firstCore) {
      pltpu::run_on_first_core("tc", [&] { run(p.ops); });
    } else {
      pl::when(core == p.worker, [&] { run(p.ops); });
    }
    pl::when(core != p.worker, other);
  }

  Value math(const Op &op) {
    auto A = [&] { return vals[op.a]; };
    auto pos = [&] { return jnp::abs(vals[op.a]) + 0.5; };
    const Value &b = op.b >= 0 ? vals[op.b] : vals[op.a];
    switch (op.math) {
    case MathKind::Exp: return jnp::exp(A());
    case MathKind::Exp2: return jnp::exp2(A());
    case MathKind::Tanh: return jnp::tanh(A());
    case MathKind::Sin: return jnp::sin(A());
    case MathKind::Cos: return jnp::cos(A());
    case MathKind::Erf: return jnp::erf(A());
    case MathKind::Logistic: return lax::logistic(A());
    case MathKind::Floor: return jnp::floor(A());
    case MathKind::Ceil: return jnp::ceil(A());
    case MathKind::Round: return jnp::round(A());
    case MathKind::Abs: return jnp::abs(A());
    case MathKind::Log: return jnp::log(pos());
    case MathKind::Log1p: return jnp::log1p(pos());
    case MathKind::Sqrt: return jnp::sqrt(pos());
    case MathKind::Rsqrt: return lax::rsqrt(pos());
    case MathKind::Recip: return pl::reciprocal(pos());
    case MathKind::PowC: return jnp::pow(pos(), op.scalar);
    case MathKind::Div:
      if (op.spelling == 1)
        return A() / (jnp::abs(b) + 0.5);
      return A() / b;
    case MathKind::Max: return jnp::maximum(A(), b);
    case MathKind::Min: return jnp::minimum(A(), b);
    case MathKind::Rem: return A() % b;
    case MathKind::And: return A() & b;
    case MathKind::Or: return A() | b;
    case MathKind::Xor: return A() ^ b;
    case MathKind::ShlC: return A() << (int64_t)op.scalar;
    case MathKind::ShrC: return A() >> (int64_t)op.scalar;
    case MathKind::Cmp:
      switch (op.cmp) {
      case CmpKind::Lt: return A() < b;
      case CmpKind::Le: return A() <= b;
      case CmpKind::Gt: return A() > b;
      case CmpKind::Ge: return A() >= b;
      case CmpKind::Eq: return A() == b;
      case CmpKind::Ne: return A() != b;
      }
      break;
    case MathKind::Where: return jnp::where(A(), b, vals[op.c]);
    case MathKind::Reduce: {
      auto reduce = [&](const Value &v, int axis, bool keepdims) {
        return op.red == RedKind::Sum   ? jnp::sum(v, axis, keepdims)
               : op.red == RedKind::Max ? jnp::max(v, axis, keepdims)
                                        : jnp::min(v, axis, keepdims);
      };
      if (op.spelling == 6 || op.spelling == 7) {  // rank 4: [2, op.rows / 2, m, cols]
        Shape s = b.shape(), s4{2, op.rows / 2, s[0] / op.rows, s[1]};
        Value a4 = A().reshape(s4), b4 = b.reshape(s4);
        Value r = reduce(b4, op.spelling == 6 ? op.axis : op.axis + 2, true);
        Value c = op.bin == BinKind::Add ? a4 + r : op.bin == BinKind::Sub ? a4 - r : a4 * r;
        return c.reshape(s);
      }
      if (op.spelling == 4 || op.spelling == 5 || op.spelling == 8) {  // rank 3: op.rows matrices
        Shape s = b.shape(), s3{op.rows, s[0] / op.rows, s[1]};
        Value a3 = A().reshape(s3), b3 = b.reshape(s3);
        Value r = op.spelling == 4   ? reduce(b3, op.axis + 1, true)
                  : op.spelling == 8 ? jnp::expand_dims(reduce(b3, op.axis + 1, false), op.axis + 1)
                                     : reduce(b3, 0, false);
        Value c = op.bin == BinKind::Add ? a3 + r : op.bin == BinKind::Sub ? a3 - r : a3 * r;
        return c.reshape(s);
      }
      Value r = reduce(b, op.axis, true);
      if (op.spelling == 1)
        r = jnp::broadcast_to(r, b.shape());
      if (op.spelling == 2) {  // through the one-column scratch
        col[pl::ds(0, op.rows)] = r;
        r = col[pl::ds(0, op.rows)];
      }
      if (op.spelling == 3) {  // through one row of the packed bf16 scratch
        rowb(pl::ds(op.rows, 1), pl::ds(0, b.shape()[1])) = r;
        r = rowb(pl::ds(op.rows, 1), pl::ds(0, b.shape()[1]));
      }
      return op.bin == BinKind::Add ? A() + r : op.bin == BinKind::Sub ? A() - r : A() * r;
    }
    case MathKind::Astype: return A().astype(op.dtype);
    case MathKind::Iota: return lax::broadcasted_iota(DType::int32, {op.rows, op.cols}, op.axis);
    case MathKind::Full:
      switch (op.spelling) {
      case 1: return jnp::zeros({op.rows, op.cols}, op.dtype);
      case 2: return jnp::ones({op.rows, op.cols}, op.dtype);
      case 3: return jnp::max(jnp::full({op.axis, op.rows, op.cols}, op.scalar, op.dtype), 0);
      default: return jnp::full({op.rows, op.cols}, op.scalar, op.dtype);
      }
    case MathKind::Dot: {
      lax::Precision p = op.highest ? lax::Precision::HIGHEST : lax::Precision::DEFAULT;
      if (op.transA || op.transB)
        return pl::dot(A(), b, op.transA, op.transB, p);
      return jnp::dot(A(), b, {.preferred_element_type = op.dtype, .precision = p});
    }
    case MathKind::Transpose: return op.spelling == 1 ? jnp::transpose(A()) : A().T();
    case MathKind::Flat: {
      Shape shape = A().shape();
      Value x = A().reshape({shape[0] * shape[1]});
      Value y = jnp::where(x > 0.0, x, x * 0.5);
      if (op.spelling == 1)
        y = y + jnp::max(x) - jnp::max(x, 0);
      return y.reshape(shape);
    }
    case MathKind::Tan: return jnp::tan(A());
    case MathKind::ErfInv: return lax::erf_inv(jnp::tanh(A()) * 0.5);
    case MathKind::Finite: return jnp::where(jnp::isfinite(A()), A(), 0.0);
    case MathKind::IntPow: return lax::integer_pow(A(), (int)op.scalar);
    case MathKind::FRem: return A() % (jnp::abs(b) + 0.5);
    case MathKind::Sign: return jnp::sign(A());
    case MathKind::FloorDiv:
      return op.spelling == 1 ? jnp::floor_divide(A(), jnp::abs(b) + 0.5)
                              : jnp::floor_divide(A(), b);
    case MathKind::Mod:
      return op.spelling == 1 ? jnp::remainder(A(), jnp::abs(b) + 0.5)
                              : jnp::remainder(A(), b);
    case MathKind::Triu: return jnp::triu(A(), (int64_t)op.scalar);
    case MathKind::Tril: return jnp::tril(A(), (int64_t)op.scalar);
    case MathKind::AnyAll:
      return jnp::where(op.spelling == 1 ? jnp::all(A() > 0, op.axis, true)
                                         : jnp::any(A() > 0, op.axis, true),
                        A(), -A());
    case MathKind::PopCount: return lax::population_count(A());
    case MathKind::Clz: return lax::clz(A());
    case MathKind::Cumsum: return jnp::cumsum(A(), op.axis);
    case MathKind::Element: return A() + A()(op.rows, op.cols);
    case MathKind::Window:
      return lax::dynamic_update_slice(A(), lax::slice(A(), {0, 0}, {op.rows, op.cols}),
                                       {op.at0, op.at1});
    case MathKind::TakeAlong: {
      int64_t n = A().shape()[op.axis];
      Value i = lax::broadcasted_iota(DType::int32, A().shape(), op.axis);
      return jnp::take_along_axis(A(), (i * 7 + 3) % (n + 3) - 1, op.axis);
    }
    case MathKind::GramSum:
      return A() + jnp::sum(pl::dot(A(), A(), false, true,
                                    op.highest ? lax::Precision::HIGHEST : lax::Precision::DEFAULT),
                            1, true) *
                       0.0625;
    }
    throw std::logic_error("replay: an unknown math op");
  }
};

}  // namespace

void replay(const Program &p, const std::vector<Ref> &list) {
  Replay r{p,
           {},
           {},
           {},
           {},
           {},
           {},
           {},
           {},
           {},
           std::vector<Value>(p.numValues),
           std::vector<Scalar>(p.numScalars),
           std::vector<std::optional<pltpu::AsyncCopyDescriptor>>(p.numDmas)};
  std::vector<Operand> ops = operands(p);
  if (list.size() != ops.size())
    throw std::logic_error("replay: " + std::to_string(list.size()) + " Refs for " +
                           std::to_string(ops.size()) + " operands");
  for (size_t i = 0; i < ops.size(); ++i) {
    switch (ops[i].role) {
    case Operand::Role::Prefetch: r.off = list[i]; break;
    case Operand::Role::Sems: r.sems = list[i]; break;
    case Operand::Role::Tmp: r.tmp = list[i]; break;
    case Operand::Role::Col: r.col = list[i]; break;
    case Operand::Role::Rowb: r.rowb = list[i]; break;
    case Operand::Role::Rsem: r.rsem = list[i]; break;
    case Operand::Role::Bar: r.bar = list[i]; break;
    case Operand::Role::Dbar: r.dbar = list[i]; break;
    default: r.refs[ops[i].ref] = list[i]; break;
    }
  }
  r.kernel();
}

//===----------------------------------------------------------------------===//
// The program as C++ (for failure messages and reproductions)
//===----------------------------------------------------------------------===//

namespace {

const char *const kRefNames[kNumRefs] = {"x_hbm", "y_hbm", "o_hbm", "a", "b", "c", "d"};

std::string shapeText(const Shape &s) {
  return "{" + std::to_string(s[0]) + ", " + std::to_string(s[1]) + "}";
}

std::string sName(int id) { return "s" + std::to_string(id); }
std::string vName(int id) { return "v" + std::to_string(id); }
std::string scText(const Sc &s) { return s.isConst() ? std::to_string(s.c) : sName(s.id); }

std::string winText(const Program &p, const Win &w, bool dma) {
  std::string r = kRefNames[w.ref];
  auto ds = [](int64_t a, int64_t n) {
    return "pl::ds(" + std::to_string(a) + ", " + std::to_string(n) + ")";
  };
  if (w.count >= 0) {  // as Replay::dmaWindow
    std::string rows = w.isDynamic()
                           ? "Slice{.start = " + std::to_string(w.k) + ", .size = -1, .dynamicStart = " +
                                 sName(w.start) + ", .dynamicSize = " + sName(w.count) + "}"
                           : "pl::ds(" + std::to_string(w.r0) + ", " + sName(w.count) + ")";
    if (w.c0 == 0 && w.nc == p.shapes[w.ref][1] && w.syntax != Syntax::RowsCols &&
        w.syntax != Syntax::DynCols)
      return r + ".at(" + rows + ")";
    return r + ".at(" + rows + ", " + ds(w.c0, w.nc) + ")";
  }
  auto sl = [](int64_t a, int64_t n) {
    return "pl::slice(" + std::to_string(a) + ", " + std::to_string(a + n) + ")";
  };
  auto pair = [&](const std::string &base, const std::string &rows, const std::string &cols) {
    return dma ? base + ".at(" + rows + ", " + cols + ")" : base + "(" + rows + ", " + cols + ")";
  };
  switch (w.syntax) {
  case Syntax::Whole: return dma ? r : r + "[___]";
  case Syntax::Slice: return dma ? r + ".at(" + sl(w.r0, w.nr) + ")" : r + "[" + sl(w.r0, w.nr) + "]";
  case Syntax::Ds: return dma ? r + ".at(" + ds(w.r0, w.nr) + ")" : r + "[" + ds(w.r0, w.nr) + "]";
  case Syntax::RowsCols: return pair(r, ds(w.r0, w.nr), ds(w.c0, w.nc));
  case Syntax::RowsAll:
    return dma ? r + ".at(" + ds(w.r0, w.nr) + ", " + ds(w.c0, w.nc) + ")"
               : r + "(" + sl(w.r0, w.nr) + ", pl::all)";
  case Syntax::Nested:
    return pair(r + ".at(" + ds(w.base, w.nb) + ")", ds(w.r0 - w.base, w.nr), ds(w.c0, w.nc));
  default: break;
  }
  std::string s = sName(w.start);
  std::string n = std::to_string(w.nr), k = std::to_string(w.k);
  bool fullCols = w.c0 == 0 && w.nc == p.shapes[w.ref][1];
  std::string rows;
  switch (w.syntax) {
  case Syntax::DynDs: rows = "pl::ds(" + s + ", " + n + ")"; break;
  case Syntax::DynAdd:
    rows = "pl::ds(" + s + (w.k >= 0 ? " + " + k : " - " + std::to_string(-w.k)) + ", " + n + ")";
    break;
  case Syntax::DynSlice:
  case Syntax::DynCols:
    rows = w.k == 0 && w.syntax == Syntax::DynCols
               ? "pl::ds(" + s + ", " + n + ")"
               : "Slice{.start = " + k + ", .size = " + n + ", .dynamicStart = " + s + "}";
    if (w.syntax == Syntax::DynCols)
      return pair(r, rows, ds(w.c0, w.nc));
    break;
  default: {  // DynNested
    std::string outer = r + ".at(pl::ds(" + s + ", " + std::to_string(w.nb) + "))";
    if (!fullCols)
      return pair(outer, ds(w.k, w.nr), ds(w.c0, w.nc));
    return outer + (dma ? ".at(" : "[") + ds(w.k, w.nr) + (dma ? ")" : "]");
  }
  }
  return dma ? r + ".at(" + rows + ")" : r + "[" + rows + "]";
}

std::string scalarText(double s) {
  std::ostringstream os;
  os.precision(17);
  os << s;
  std::string t = os.str();
  if (t.find_first_of(".e") == std::string::npos)
    t += ".0";
  return t;
}

const char *sbinSymbol(SBinKind k) {
  switch (k) {
  case SBinKind::Add: return "+";
  case SBinKind::Sub: return "-";
  case SBinKind::Mul: return "*";
  case SBinKind::Div: return "/";
  case SBinKind::Rem: return "%";
  case SBinKind::And: return "&";
  case SBinKind::Or: return "|";
  case SBinKind::Xor: return "^";
  case SBinKind::Shl: return "<<";
  case SBinKind::Shr: return ">>";
  case SBinKind::LAnd: return "&&";
  case SBinKind::LOr: return "||";
  default: return "?";
  }
}

const char *cmpSymbol(CmpKind k) {
  const char *s[] = {"<", "<=", ">", ">=", "==", "!="};
  return s[(int)k];
}

/// "T" or "std::tuple<...>" of a carry.
std::string carryType(size_t nv, size_t ns, bool tuple, bool counter) {
  if (!counter && !tuple && nv + ns == 1)
    return nv ? "Value" : "Scalar";
  std::string t = "std::tuple<";
  bool first = true;
  auto add = [&](const char *e) {
    t += first ? e : std::string(", ") + e;
    first = false;
  };
  if (counter)
    add("Scalar");
  for (size_t i = 0; i < nv; ++i)
    add("Value");
  for (size_t i = 0; i < ns; ++i)
    add("Scalar");
  return t + ">";
}

/// "v1" or "std::tuple{v1, s2}" of handles.
std::string carryExpr(const std::vector<std::string> &names, bool plain) {
  if (plain)
    return names.at(0);
  std::string t = "std::tuple{";
  for (size_t i = 0; i < names.size(); ++i)
    t += (i ? ", " : "") + names[i];
  return t + "}";
}

std::vector<std::string> names(const std::vector<int> &v, const std::vector<int> &s) {
  std::vector<std::string> out;
  for (int id : v)
    out.push_back(vName(id));
  for (int id : s)
    out.push_back(sName(id));
  return out;
}

/// "Value v3 = " / "auto [v3, s4] = " for results; "" for none.
std::string bindText(const std::vector<int> &v, const std::vector<int> &s, bool plain) {
  std::vector<std::string> n = names(v, s);
  if (n.empty())
    return "";
  if (plain)
    return (v.empty() ? "Scalar " : "Value ") + n[0] + " = ";
  std::string t = "auto [";
  for (size_t i = 0; i < n.size(); ++i)
    t += (i ? ", " : "") + n[i];
  return t + "] = ";
}

std::string optionsText(const Op &op) {
  if (op.fullUnroll)
    return "{.full = true}";
  if (op.unroll != 1)
    return "{.unroll = " + std::to_string(op.unroll) + "}";
  return "";
}

/// Adds the scalars `ops` use (not the ones they only make) to `used`.
void scalarUses(const std::vector<Op> &ops, std::vector<bool> &used) {
  auto use = [&](int id) {
    if (id >= 0 && id < (int)used.size())
      used[id] = true;
  };
  for (const Op &op : ops) {
    for (const Sc *s : {&op.sa, &op.sb, &op.sc, &op.sem, &op.lo, &op.hi})
      if (!s->isConst())
        use(s->id);
    for (int id : {op.pred, op.w.start, op.w2.start})
      use(id);
    for (const std::vector<int> *list : {&op.initS, &op.yieldS, &op.elseYieldS})
      for (int id : *list)
        use(id);
    scalarUses(op.body, used);
    scalarUses(op.orelse, used);
  }
}

class Printer {
public:
  explicit Printer(const Program &p) : p_(p), usedS_(p.numScalars) { scalarUses(p.ops, usedS_); }
  std::string text() const { return os_.str(); }

  void ops(const std::vector<Op> &list, int depth) {
    for (const Op &op : list)
      one(op, depth);
  }

  /// The kernel: the body, or (two-core kernels) the body on the worker
  /// core and the other core's barriers and signal.
  void kernel(int d) {
    if (p_.cores == 1) {
      ops(p_.ops, d);
      return;
    }
    line(d) << "Scalar core = lax::axis_index(\"tc\");\n";
    if (p_.firstCore)
      line(d) << "pltpu::run_on_first_core(\"tc\", [&] {\n";
    else
      line(d) << "pl::when(core == " << p_.worker << ", [&] {\n";
    ops(p_.ops, d + 1);
    line(d) << "});\n";
    line(d) << "pl::when(core != " << p_.worker << ", [&] {\n";
    int barriers = 0;
    forEachOp(p_.ops, [&](const Op &op) { barriers += op.kind == Kind::CoreBarrier; });
    for (int i = 0; i <= barriers; ++i) {
      if (i == p_.remoteAfter)
        line(d + 1) << "pl::semaphore_signal(rsem.at(" << p_.remoteSem << "), " << p_.remoteAmount
                    << ", {.core_index = " << p_.worker << "});\n";
      if (i < barriers)
        line(d + 1) << "pltpu::core_barrier(bar, \"tc\");\n";
    }
    line(d) << "});\n";
  }

private:
  const Program &p_;
  std::ostringstream os_;
  std::vector<bool> usedS_;

  /// A declaration that makes only scalars, none of them used, is marked
  /// [[maybe_unused]] (a Scalar is trivially destructible, so the compiler
  /// would warn); values are not (a Value's destructor counts as a use).
  std::string unusedAttr(const std::vector<int> &v, const std::vector<int> &s) const {
    bool used = !v.empty();
    for (int id : s)
      used = used || usedS_[id];
    return used || s.empty() ? "" : "[[maybe_unused]] ";
  }
  std::string scalarDecl(int id) const { return unusedAttr({}, {id}) + "Scalar " + sName(id); }

  std::ostream &line(int depth) { return os_ << std::string(2 * depth, ' '); }

  void one(const Op &op, int d) {
    const char *binSym[] = {"+", "-", "*"};
    switch (op.kind) {
    case Kind::Load:
      line(d) << "Value " << vName(op.dst) << " = " << winText(p_, op.w, false) << ";\n";
      break;
    case Kind::Bin:
      line(d) << "Value " << vName(op.dst) << " = " << vName(op.a) << " "
              << binSym[(int)op.bin] << " " << vName(op.b) << ";\n";
      break;
    case Kind::ScalarOp: {
      std::string lit = !op.sa.isConst() && op.spelling == 1
                            ? "(" + sName(op.sa.id) + ".astype(DType::float32) * 0.5 + 0.25)"
                        : !op.sa.isConst()     ? sName(op.sa.id)
                        : isIntDType(op.dtype) ? std::to_string((int64_t)op.scalar)
                                               : scalarText(op.scalar);
      if (op.scalarFirst)
        line(d) << "Value " << vName(op.dst) << " = " << lit << " " << binSym[(int)op.bin] << " "
                << vName(op.a) << ";\n";
      else
        line(d) << "Value " << vName(op.dst) << " = " << vName(op.a) << " "
                << binSym[(int)op.bin] << " " << lit << ";\n";
      break;
    }
    case Kind::Neg: line(d) << "Value " << vName(op.dst) << " = -" << vName(op.a) << ";\n"; break;
    case Kind::Store:
      if (op.b >= 0)
        line(d) << "pltpu::store(" << winText(p_, op.w, true) << ", " << vName(op.a) << ", "
                << vName(op.b) << ");\n";
      else
        line(d) << winText(p_, op.w, false) << " = "
                << (op.rowSum ? "jnp::sum(" + vName(op.a) + ", 0, true)" : vName(op.a)) << ";\n";
      break;
    case Kind::StoreConst:
      line(d) << winText(p_, op.w, false) << " = " << scalarText(op.scalar) << ";\n";
      break;
    case Kind::DmaStart: {
      std::string sem = "sems.at(" + scText(op.sem) + ")";
      if (op.asyncCopy)
        line(d) << "auto dma" << op.dma << " = pltpu::async_copy(" << winText(p_, op.w, true)
                << ", " << winText(p_, op.w2, true) << ", " << sem << ");\n";
      else
        line(d) << "auto dma" << op.dma << " = pltpu::make_async_copy("
                << winText(p_, op.w, true) << ", " << winText(p_, op.w2, true) << ", " << sem
                << "); dma" << op.dma << ".start();\n";
      break;
    }
    case Kind::DmaWait:
      if (op.rebuilt)
        line(d) << "pltpu::make_async_copy(" << winText(p_, op.w, true) << ", "
                << winText(p_, op.w2, true) << ", sems.at(" << scText(op.sem) << ")).wait();\n";
      else
        line(d) << "dma" << op.dma << ".wait();\n";
      break;
    case Kind::SRead:
      line(d) << scalarDecl(op.sdst) << " = " << (op.smem == Smem::Off ? "off_smem" : "tmp")
              << "[" << scText(op.sa) << "];\n";
      break;
    case Kind::SWrite:
      line(d) << "tmp[" << scText(op.sa) << "] = " << scText(op.sb) << ";\n";
      break;
    case Kind::SBin:
      if (op.sbin == SBinKind::Min || op.sbin == SBinKind::Max)
        line(d) << scalarDecl(op.sdst) << " = jnp::"
                << (op.sbin == SBinKind::Min ? "minimum(" : "maximum(") << scText(op.sa) << ", "
                << scText(op.sb) << ");\n";
      else
        line(d) << scalarDecl(op.sdst) << " = " << scText(op.sa) << " "
                << sbinSymbol(op.sbin) << " " << scText(op.sb) << ";\n";
      break;
    case Kind::SCmp:
      line(d) << scalarDecl(op.sdst) << " = " << scText(op.sa) << " "
              << cmpSymbol(op.cmp) << " " << scText(op.sb) << ";\n";
      break;
    case Kind::SNot:
      line(d) << scalarDecl(op.sdst) << " = !" << scText(op.sa) << ";\n";
      break;
    case Kind::SWhere:
      line(d) << scalarDecl(op.sdst) << " = jnp::where(" << scText(op.sa) << ", "
              << scText(op.sb) << ", " << scText(op.sc) << ");\n";
      break;
    case Kind::SMultipleOf:
      line(d) << scalarDecl(op.sdst) << " = pl::multiple_of(" << scText(op.sa) << ", "
              << op.multiple << ");\n";
      break;
    case Kind::For: loop(op, d); break;
    case Kind::If: branch(op, d); break;
    case Kind::Math: line(d) << "Value " << vName(op.dst) << " = " << mathText(op) << ";\n"; break;
    case Kind::SemSignal:
      line(d) << "pl::semaphore_signal(rsem.at(" << scText(op.sem) << "), " << scText(op.sa)
              << (op.ownCore ? ", {.core_index = " + std::to_string(p_.worker) + "}" : "")
              << ");\n";
      break;
    case Kind::SemWait:
      line(d) << "pl::semaphore_wait(rsem.at(" << scText(op.sem) << "), " << scText(op.sa)
              << ");\n";
      break;
    case Kind::SemRead:
      line(d) << scalarDecl(op.sdst) << " = pl::semaphore_read(" << (op.dmaSem ? "sems" : "rsem")
              << ".at(" << scText(op.sem) << "));\n";
      break;
    case Kind::CoreBarrier: line(d) << "pltpu::core_barrier(bar, \"tc\");\n"; break;
    case Kind::DeviceId: line(d) << scalarDecl(op.sdst) << " = lax::axis_index(\"d\");\n"; break;
    case Kind::RemoteShift: {
      std::string n = std::to_string(p_.devices);
      line(d) << "{\n";
      line(d + 1) << "Scalar me = lax::axis_index(\"d\");\n";
      if (p_.barrierSemaphore)
        line(d + 1) << "Ref dbar = pltpu::get_barrier_semaphore();\n";
      line(d + 1) << "pl::semaphore_signal(dbar, 1, {.device_id = {(me + "
                  << p_.devices - op.shift << ") % " << n << "}});\n";
      line(d + 1) << "pl::semaphore_wait(dbar, 1);\n";
      line(d + 1) << "auto copy = pltpu::make_async_remote_copy(" << winText(p_, op.w, true)
                  << ", " << winText(p_, op.w2, true) << ", sems.at(" << scText(op.sem)
                  << "), sems.at(" << scText(op.sb) << "), pltpu::DeviceId{(me + " << op.shift
                  << ") % " << n << "});\n";
      line(d + 1) << "copy.start();\n";
      line(d + 1) << "copy.wait();\n";
      line(d) << "}\n";
      break;
    }
    }
  }

  std::string mathText(const Op &op) {
    std::string a = vName(op.a), b = op.b >= 0 ? vName(op.b) : a;
    std::string pos = "jnp::abs(" + a + ") + 0.5";
    auto call = [](const std::string &f, const std::string &x) { return f + "(" + x + ")"; };
    switch (op.math) {
    case MathKind::Exp: return call("jnp::exp", a);
    case MathKind::Exp2: return call("jnp::exp2", a);
    case MathKind::Tanh: return call("jnp::tanh", a);
    case MathKind::Sin: return call("jnp::sin", a);
    case MathKind::Cos: return call("jnp::cos", a);
    case MathKind::Erf: return call("jnp::erf", a);
    case MathKind::Logistic: return call("lax::logistic", a);
    case MathKind::Floor: return call("jnp::floor", a);
    case MathKind::Ceil: return call("jnp::ceil", a);
    case MathKind::Round: return call("jnp::round", a);
    case MathKind::Abs: return call("jnp::abs", a);
    case MathKind::Log: return call("jnp::log", pos);
    case MathKind::Log1p: return call("jnp::log1p", pos);
    case MathKind::Sqrt: return call("jnp::sqrt", pos);
    case MathKind::Rsqrt: return call("lax::rsqrt", pos);
    case MathKind::Recip: return call("pl::reciprocal", pos);
    case MathKind::PowC: return "jnp::pow(" + pos + ", " + scalarText(op.scalar) + ")";
    case MathKind::Div:
      return op.spelling == 1 ? a + " / (jnp::abs(" + b + ") + 0.5)" : a + " / " + b;
    case MathKind::Max: return "jnp::maximum(" + a + ", " + b + ")";
    case MathKind::Min: return "jnp::minimum(" + a + ", " + b + ")";
    case MathKind::Rem: return a + " % " + b;
    case MathKind::And: return a + " & " + b;
    case MathKind::Or: return a + " | " + b;
    case MathKind::Xor: return a + " ^ " + b;
    case MathKind::ShlC: return a + " << " + std::to_string((int64_t)op.scalar);
    case MathKind::ShrC: return a + " >> " + std::to_string((int64_t)op.scalar);
    case MathKind::Cmp: return a + " " + cmpSymbol(op.cmp) + " " + b;
    case MathKind::Where: return "jnp::where(" + a + ", " + b + ", " + vName(op.c) + ")";
    case MathKind::Reduce: {
      const char *f[] = {"jnp::sum", "jnp::max", "jnp::min"};
      const char *binSym[] = {"+", "-", "*"};
      if (op.spelling == 6 || op.spelling == 7) {  // rank 4: [2, op.rows / 2, m, cols]
        std::string s4 = "{2, " + std::to_string(op.rows / 2) + ", " + b + ".shape()[0] / " +
                         std::to_string(op.rows) + ", " + b + ".shape()[1]}";
        std::string r = std::string(f[(int)op.red]) + "(" + b + ".reshape(" + s4 + "), " +
                        std::to_string(op.spelling == 6 ? op.axis : op.axis + 2) + ", true)";
        return "(" + a + ".reshape(" + s4 + ") " + binSym[(int)op.bin] + " " + r + ").reshape(" +
               b + ".shape())";
      }
      if (op.spelling == 4 || op.spelling == 5 || op.spelling == 8) {  // rank 3: op.rows matrices
        std::string s3 = "{" + std::to_string(op.rows) + ", " + b + ".shape()[0] / " +
                         std::to_string(op.rows) + ", " + b + ".shape()[1]}";
        std::string r = std::string(f[(int)op.red]) + "(" + b + ".reshape(" + s3 + "), " +
                        (op.spelling == 4   ? std::to_string(op.axis + 1) + ", true)"
                         : op.spelling == 8 ? std::to_string(op.axis + 1) + ")"
                                            : "0)");
        if (op.spelling == 8)
          r = "jnp::expand_dims(" + r + ", " + std::to_string(op.axis + 1) + ")";
        return "(" + a + ".reshape(" + s3 + ") " + binSym[(int)op.bin] + " " + r + ").reshape(" +
               b + ".shape())";
      }
      std::string r = std::string(f[(int)op.red]) + "(" + b + ", " + std::to_string(op.axis) + ", true)";
      if (op.spelling == 1)
        r = "jnp::broadcast_to(" + r + ", " + b + ".shape())";
      if (op.spelling == 3) {  // through one row of the packed bf16 scratch
        std::string window = "rowb(pl::ds(" + std::to_string(op.rows) + ", 1), pl::ds(0, " +
                             std::to_string(op.cols) + "))";
        return "[&] { " + window + " = " + r + "; return " + a + " " + binSym[(int)op.bin] +
               " " + window + "; }()";
      }
      if (op.spelling == 2) {  // through the one-column scratch
        std::string window = "col[pl::ds(0, " + std::to_string(op.rows) + ")]";
        return "[&] { " + window + " = " + r + "; return " + a + " " + binSym[(int)op.bin] +
               " " + window + "; }()";
      }
      return a + " " + binSym[(int)op.bin] + " " + r;
    }
    case MathKind::Astype: return a + ".astype(DType::" + dtypeName(op.dtype) + ")";
    case MathKind::Iota:
      return "lax::broadcasted_iota(DType::int32, {" + std::to_string(op.rows) + ", " +
             std::to_string(op.cols) + "}, " + std::to_string(op.axis) + ")";
    case MathKind::Full: {
      std::string shape = std::to_string(op.rows) + ", " + std::to_string(op.cols) + "}";
      std::string d = std::string("DType::") + dtypeName(op.dtype) + ")";
      switch (op.spelling) {
      case 1: return "jnp::zeros({" + shape + ", " + d;
      case 2: return "jnp::ones({" + shape + ", " + d;
      case 3:
        return "jnp::max(jnp::full({" + std::to_string(op.axis) + ", " + shape + ", " +
               scalarText(op.scalar) + ", " + d + ", 0)";
      default: return "jnp::full({" + shape + ", " + scalarText(op.scalar) + ", " + d;
      }
    }
    case MathKind::Dot: {
      std::string p = op.highest ? "lax::Precision::HIGHEST" : "lax::Precision::DEFAULT";
      if (op.transA || op.transB)
        return "pl::dot(" + a + ", " + b + ", " + (op.transA ? "true" : "false") + ", " +
               (op.transB ? "true" : "false") + ", " + p + ")";
      return "jnp::dot(" + a + ", " + b + ", {.preferred_element_type = DType::" +
             dtypeName(op.dtype) + ", .precision = " + p + "})";
    }
    case MathKind::Transpose: return op.spelling == 1 ? "jnp::transpose(" + a + ")" : a + ".T()";
    case MathKind::Flat: {
      std::string n = std::to_string(op.rows * op.cols), x = a + ".reshape({" + n + "})";
      std::string y = "jnp::where(" + x + " > 0.0, " + x + ", " + x + " * 0.5)";
      if (op.spelling == 1)
        y = "(" + y + " + jnp::max(" + x + ") - jnp::max(" + x + ", 0))";
      return y + ".reshape({" + std::to_string(op.rows) + ", " + std::to_string(op.cols) + "})";
    }
    case MathKind::Tan: return call("jnp::tan", a);
    case MathKind::ErfInv: return "lax::erf_inv(jnp::tanh(" + a + ") * 0.5)";
    case MathKind::Finite: return "jnp::where(jnp::isfinite(" + a + "), " + a + ", 0.0)";
    case MathKind::IntPow: return "lax::integer_pow(" + a + ", " + std::to_string((int)op.scalar) + ")";
    case MathKind::FRem: return a + " % (jnp::abs(" + b + ") + 0.5)";
    case MathKind::Sign: return call("jnp::sign", a);
    case MathKind::FloorDiv:
    case MathKind::Mod:
      return std::string(op.math == MathKind::FloorDiv ? "jnp::floor_divide(" : "jnp::remainder(") +
             a + ", " + (op.spelling == 1 ? "jnp::abs(" + b + ") + 0.5" : b) + ")";
    case MathKind::Triu:
    case MathKind::Tril:
      return std::string(op.math == MathKind::Triu ? "jnp::triu(" : "jnp::tril(") + a + ", " +
             std::to_string((int64_t)op.scalar) + ")";
    case MathKind::AnyAll:
      return std::string("jnp::where(") + (op.spelling == 1 ? "jnp::all(" : "jnp::any(") + a +
             " > 0, " + std::to_string(op.axis) + ", true), " + a + ", -" + a + ")";
    case MathKind::PopCount: return call("lax::population_count", a);
    case MathKind::Clz: return call("lax::clz", a);
    case MathKind::Cumsum: return "jnp::cumsum(" + a + ", " + std::to_string(op.axis) + ")";
    case MathKind::Window:
      return "lax::dynamic_update_slice(" + a + ", lax::slice(" + a + ", {0, 0}, {" +
             std::to_string(op.rows) + ", " + std::to_string(op.cols) + "}), {" +
             std::to_string(op.at0) + ", " + std::to_string(op.at1) + "})";
    case MathKind::Element:
      return a + " + " + a + "(" + std::to_string(op.rows) + ", " + std::to_string(op.cols) + ")";
    case MathKind::TakeAlong:
      return "jnp::take_along_axis(" + a + ", (lax::broadcasted_iota(DType::int32, " + a +
             ".shape(), " + std::to_string(op.axis) + ") * 7 + 3) % (" + a + ".shape()[" +
             std::to_string(op.axis) + "] + 3) - 1, " + std::to_string(op.axis) + ")";
    case MathKind::GramSum:
      return a + " + jnp::sum(pl::dot(" + a + ", " + a + ", false, true, lax::Precision::" +
             (op.highest ? "HIGHEST" : "DEFAULT") + "), 1, true) * 0.0625";
    }
    return "?";
  }

  void loop(const Op &op, int d) {
    std::string opts = optionsText(op);
    if (op.loop == LoopForm::PlLoop) {
      line(d) << "pl::loop(" << scText(op.lo) << ", " << scText(op.hi) << ", " << op.step
              << (opts.empty() ? "" : ", " + opts) << ")([&](Scalar " << sName(op.iv)
              << ") {\n";
      ops(op.body, d + 1);
      line(d) << "});\n";
      return;
    }
    size_t nv = op.initV.size(), ns = op.initS.size();
    if (op.loop == LoopForm::While) {
      std::string type = carryType(nv, ns, true, true);
      std::vector<std::string> args = names(op.argV, op.argS), init = names(op.initV, op.initS),
                               yield = names(op.yieldV, op.yieldS);
      args.insert(args.begin(), sName(op.iv));
      init.insert(init.begin(), sName(op.lo.id));
      yield.insert(yield.begin(), sName(op.iv) + " + " + std::to_string(op.step));
      std::vector<std::string> res = names(op.resV, op.resS);
      line(d) << (res.empty() ? "" : unusedAttr(op.resV, op.resS) + "auto [end" + sName(op.iv) + ", ");
      for (size_t i = 0; i < res.size(); ++i)
        os_ << (i ? ", " : "") << res[i];
      os_ << (res.empty() ? "" : "] = ") << "lax::while_loop([&](const " << type
          << " &carry) { return std::get<0>(carry) < " << scText(op.hi) << "; }, [&](const "
          << type << " &carry) {\n";
      line(d + 1) << "auto [";
      for (size_t i = 0; i < args.size(); ++i)
        os_ << (i ? ", " : "") << args[i];
      os_ << "] = carry;\n";
      ops(op.body, d + 1);
      line(d + 1) << "return " << carryExpr(yield, false) << ";\n";
      line(d) << "}, " << carryExpr(init, false) << ");\n";
      return;
    }
    bool plain = !op.tupleCarry && nv + ns == 1;
    std::string type = carryType(nv, ns, op.tupleCarry, false);
    std::vector<std::string> args = names(op.argV, op.argS);
    line(d) << unusedAttr(op.resV, op.resS) << bindText(op.resV, op.resS, plain) << "lax::fori_loop(" << scText(op.lo) << ", "
            << scText(op.hi) << ", [&](Scalar " << sName(op.iv) << ", " << type << " "
            << (plain ? args[0] : "carry") << ") {\n";
    if (!plain && !args.empty()) {
      line(d + 1) << "auto [";
      for (size_t i = 0; i < args.size(); ++i)
        os_ << (i ? ", " : "") << args[i];
      os_ << "] = carry;\n";
    }
    ops(op.body, d + 1);
    line(d + 1) << "return " << carryExpr(names(op.yieldV, op.yieldS), plain) << ";\n";
    line(d) << "}, " << carryExpr(names(op.initV, op.initS), plain)
            << (opts.empty() ? "" : ", " + opts) << ");\n";
  }

  void branch(const Op &op, int d) {
    if (op.ifForm == IfForm::When) {
      line(d) << "pl::when(" << sName(op.pred) << ", [&] {\n";
      ops(op.body, d + 1);
      line(d) << "});\n";
      return;
    }
    bool results = !op.resV.empty() || !op.resS.empty();
    bool plain = !op.tupleCarry && op.resV.size() + op.resS.size() == 1;
    line(d) << unusedAttr(op.resV, op.resS) << bindText(op.resV, op.resS, plain) << "lax::cond(" << sName(op.pred)
            << ", [&] {\n";
    ops(op.body, d + 1);
    if (results)
      line(d + 1) << "return " << carryExpr(names(op.yieldV, op.yieldS), plain) << ";\n";
    line(d) << "}, [&] {\n";
    ops(op.orelse, d + 1);
    if (results)
      line(d + 1) << "return " << carryExpr(names(op.elseYieldV, op.elseYieldS), plain)
                  << ";\n";
    line(d) << "});\n";
  }
};

}  // namespace

namespace {
void countFeatures(const std::vector<Op> &ops, int loopDepth, int depth, Features &f) {
  for (const Op &op : ops) {
    if (depth > 0) {
      ++f.opsInBodies;
      f.dmasInBodies += op.kind == Kind::DmaStart;
      f.loadsStoresInBodies +=
          op.kind == Kind::Load || op.kind == Kind::Store || op.kind == Kind::StoreConst;
    }
    if (op.kind == Kind::Load || op.kind == Kind::Store || op.kind == Kind::StoreConst ||
        op.kind == Kind::DmaStart)
      f.dynamicWindows += op.w.isDynamic() + (op.kind == Kind::DmaStart && op.w2.isDynamic());
    f.dynamicSemaphores += op.kind == Kind::DmaStart && !op.sem.isConst();
    f.runTimeLengths += op.kind == Kind::DmaStart && op.w.count >= 0;
    f.multipleOfs += op.kind == Kind::SMultipleOf;
    f.smemWrites += op.kind == Kind::SWrite;
    f.crossIterationWaits += op.kind == Kind::DmaWait && op.rebuilt;
    if (op.kind == Kind::Math) {
      ++f.mathOps;
      f.eupOps += (op.math >= MathKind::Exp && op.math <= MathKind::Erf) ||
                  (op.math >= MathKind::Log && op.math <= MathKind::PowC) ||
                  op.math == MathKind::Div;
      f.reductions += op.math == MathKind::Reduce;
      f.selects += op.math == MathKind::Where;
      f.converts += op.math == MathKind::Astype;
      f.dots += op.math == MathKind::Dot;
      f.transposes += op.math == MathKind::Transpose || (op.math == MathKind::Dot && op.transA);
      f.rank1 += op.math == MathKind::Flat;
      f.composed += op.math >= MathKind::Tan && op.math < MathKind::Element;
      f.elements += op.math == MathKind::Element;
      f.windows += op.math == MathKind::Window;
      f.constants += op.math == MathKind::Full;
    }
    f.rowStores += op.kind == Kind::Store && op.rowSum;
    f.maskedStores += op.kind == Kind::Store && op.b >= 0;
    f.columnRefs += op.kind == Kind::Math && op.math == MathKind::Reduce && op.spelling == 2;
    f.packedRows += op.kind == Kind::Math && op.math == MathKind::Reduce && op.spelling == 3;
    f.rank3 += op.kind == Kind::Math && op.math == MathKind::Reduce &&
               (op.spelling == 4 || op.spelling == 5 || op.spelling == 8);
    f.rank3Dropped += op.kind == Kind::Math && op.math == MathKind::Reduce && op.spelling == 8;
    f.rank4 += op.kind == Kind::Math && op.math == MathKind::Reduce &&
               (op.spelling == 6 || op.spelling == 7);
    f.paddedWindows += (op.kind == Kind::Load || op.kind == Kind::Store) &&
                       (op.w.nr % kTileRows != 0 || op.w.nc % kLanes != 0) && op.w.nr > 1;
    if (op.kind == Kind::Math || op.kind == Kind::Bin || op.kind == Kind::ScalarOp ||
        op.kind == Kind::Neg) {
      f.bf16Ops += op.dtype == DType::bfloat16;
      f.intOps += isIntDType(op.dtype);
    }
    f.semSignals += op.kind == Kind::SemSignal;
    f.semWaits += op.kind == Kind::SemWait;
    f.semReads += op.kind == Kind::SemRead;
    f.dmaSemReads += op.kind == Kind::SemRead && op.dmaSem;
    f.coreBarriers += op.kind == Kind::CoreBarrier;
    f.remoteShifts += op.kind == Kind::RemoteShift;
    f.deviceIds += op.kind == Kind::DeviceId;
    f.scalarHandleOps += op.kind == Kind::ScalarOp && !op.sa.isConst();
    f.floatScalarOps += op.kind == Kind::ScalarOp && !op.sa.isConst() && op.spelling == 1;
    f.semOpsInBodies += depth > 0 && (op.kind == Kind::SemSignal || op.kind == Kind::SemWait ||
                                      op.kind == Kind::SemRead);
    if (op.kind == Kind::For) {
      ++f.loops;
      f.runtimeTripLoops += !op.lo.isConst() || !op.hi.isConst();
      f.nestedLoops += loopDepth > 0;
      f.unrolledLoops += op.unroll > 1 || op.fullUnroll;
      f.foriLoops += op.loop == LoopForm::Fori;
      f.plLoops += op.loop == LoopForm::PlLoop;
      f.whileLoops += op.loop == LoopForm::While;
      f.carriedValues += (int)op.initV.size();
      f.carriedScalars += (int)op.initS.size();
      countFeatures(op.body, loopDepth + 1, depth + 1, f);
    } else if (op.kind == Kind::If) {
      f.whens += op.ifForm == IfForm::When;
      f.conds += op.ifForm == IfForm::Cond;
      f.condsWithResults += !op.resV.empty() || !op.resS.empty();
      countFeatures(op.body, loopDepth, depth + 1, f);
      countFeatures(op.orelse, loopDepth, depth + 1, f);
    }
  }
}
}  // namespace

Features features(const Program &p) {
  Features f;
  countFeatures(p.ops, 0, 0, f);
  f.twoCoreKernels = p.cores == 2;
  f.multiDeviceKernels = p.devices > 1;
  f.barrierSemaphores = p.devices > 1 && p.barrierSemaphore;
  return f;
}

std::vector<Operand> operands(const Program &p) {
  std::array<bool, kNumRefs> used{};
  bool dmas = false;
  forEachOp(p.ops, [&](const Op &op) {
    switch (op.kind) {
    case Kind::SemRead: dmas = dmas || op.dmaSem; break;
    case Kind::Load:
    case Kind::Store:
    case Kind::StoreConst: used[op.w.ref] = true; break;
    case Kind::DmaStart:
    case Kind::DmaWait:
    case Kind::RemoteShift:
      dmas = true;
      if (op.kind != Kind::DmaWait || op.rebuilt)
        used[op.w.ref] = used[op.w2.ref] = true;
      break;
    default: break;
    }
  });
  std::vector<Operand> out;
  if (p.prefetch)
    out.push_back({Operand::Role::Prefetch, -1, "off_smem"});
  out.push_back({Operand::Role::Input, X, kRefNames[X]});
  if (p.twoInputs)
    out.push_back({Operand::Role::Input, Y, kRefNames[Y]});
  out.push_back({Operand::Role::Output, O, kRefNames[O]});
  for (int r = A; r <= D; ++r)
    if (used[r])
      out.push_back({Operand::Role::Vmem, r, kRefNames[r]});
  if (dmas)
    out.push_back({Operand::Role::Sems, -1, "sems"});
  if (p.tmp)
    out.push_back({Operand::Role::Tmp, -1, "tmp"});
  bool col = false, rowb = false;
  forEachOp(p.ops, [&](const Op &op) {
    bool reduce = op.kind == Kind::Math && op.math == MathKind::Reduce;
    col = col || (reduce && op.spelling == 2);
    rowb = rowb || (reduce && op.spelling == 3);
  });
  if (col)
    out.push_back({Operand::Role::Col, -1, "col"});
  if (rowb)
    out.push_back({Operand::Role::Rowb, -1, "rowb"});
  if (p.rsems)
    out.push_back({Operand::Role::Rsem, -1, "rsem"});
  if (p.cores == 2)
    out.push_back({Operand::Role::Bar, -1, "bar"});
  if (p.devices > 1 && !p.barrierSemaphore)
    out.push_back({Operand::Role::Dbar, -1, "dbar"});
  return out;
}

std::vector<float> pattern(int64_t n, int salt) {
  std::vector<float> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = (float)((7 * i + salt) % 17 - 8) * 0.25f;
  return v;
}

std::vector<float> runs(std::initializer_list<std::pair<int64_t, float>> list) {
  std::vector<float> v;
  for (auto [n, x] : list)
    v.insert(v.end(), n, x);
  return v;
}

namespace {

/// A float literal that reads back as `f` ("0.25f", "-3.0f").
std::string floatLiteral(float f) {
  char buf[32];
  std::string t(buf, std::to_chars(buf, buf + sizeof buf, f).ptr);  // shortest round trip
  if (t.find_first_of(".en") == std::string::npos)
    t += ".0";
  return t + "f";
}

/// The C++ expression of `v`, data of a printed test: a constant, a
/// pattern, runs of equal values, or the values.
std::string dataText(const std::vector<float> &v, int indent) {
  int64_t n = (int64_t)v.size();
  std::vector<std::pair<int64_t, float>> rl;
  for (float f : v)
    if (!rl.empty() && std::memcmp(&rl.back().second, &f, sizeof f) == 0)
      ++rl.back().first;
    else
      rl.push_back({1, f});
  if (rl.size() == 1)
    return "std::vector<float>(" + std::to_string(n) + ", " + floatLiteral(v[0]) + ")";
  for (int salt = 0; salt < 17; ++salt)
    if (pattern(n, salt) == v)
      return "difftest::pattern(" + std::to_string(n) + ", " + std::to_string(salt) + ")";
  std::string pad(indent, ' '), t;
  const bool useRuns = rl.size() * 2 <= v.size();
  t = useRuns ? "difftest::runs({" : "std::vector<float>{";
  size_t items = useRuns ? rl.size() : v.size();
  for (size_t i = 0; i < items; ++i) {
    if (i % 8 == 0)
      t += "\n" + pad;
    t += useRuns ? "{" + std::to_string(rl[i].first) + ", " + floatLiteral(rl[i].second) + "}"
                 : floatLiteral(v[i]);
    if (i + 1 < items)
      t += i % 8 == 7 ? "," : ", ";
  }
  return t + (useRuns ? "})" : "}");
}

}  // namespace

std::string reproText(const Program &p, const std::string &testName, const std::string &comment) {
  std::ostringstream os;
  std::istringstream lines(comment);
  for (std::string l; std::getline(lines, l);)
    os << "// " << l << "\n";
  os << "TEST(DifferentialRegression, " << testName << ") {\n"
     << "  std::vector<Array> args = {";
  std::vector<std::string> args;
  if (p.prefetch) {
    std::string t = "Array::from_s32({";
    for (size_t i = 0; i < p.smem.size(); ++i)
      t += (i ? ", " : "") + std::to_string(p.smem[i]);
    args.push_back(t + "}, {" + std::to_string(p.smem.size()) + "})");
  }
  args.push_back("Array::from_f32(" + dataText(p.x, 8) + ", " + shapeText(allShards(p, X)) + ")");
  if (p.twoInputs)
    args.push_back("Array::from_f32(" + dataText(p.y, 8) + ", " + shapeText(allShards(p, Y)) +
                   ")");
  for (size_t i = 0; i < args.size(); ++i)
    os << "\n      " << args[i] << (i + 1 < args.size() ? "," : "};\n");
  os << "  std::vector<float> want = " << dataText(p.expected, 6) << ";\n";
  os << "  difftest::expectAllLegs(\n"
     << "      {.out_type = ShapeDtypeStruct{" << shapeText(p.shapes[O]) << ", DType::float32},\n";
  std::vector<Operand> ops = operands(p);
  std::vector<std::string> scratch;
  for (const Operand &o : ops)
    switch (o.role) {
    case Operand::Role::Vmem:
      scratch.push_back("pltpu::VMEM(" + shapeText(p.shapes[o.ref]) + ", DType::float32)");
      break;
    case Operand::Role::Sems:
      scratch.push_back("pltpu::SemaphoreType::DMA(" + std::to_string(kNumSems) + ")");
      break;
    case Operand::Role::Tmp:
      scratch.push_back("pltpu::SMEM({" + std::to_string(kTmpWords) + "}, DType::int32)");
      break;
    case Operand::Role::Col:
      scratch.push_back("pltpu::VMEM({" + std::to_string(kColRows) + ", 1}, DType::float32)");
      break;
    case Operand::Role::Rowb:
      scratch.push_back("pltpu::VMEM({16, " + std::to_string(kRowbCols) + "}, DType::bfloat16)");
      break;
    case Operand::Role::Rsem:
      scratch.push_back("pltpu::SemaphoreType::REGULAR(" + std::to_string(p.rsems) + ")");
      break;
    case Operand::Role::Bar:
    case Operand::Role::Dbar: scratch.push_back("pltpu::SemaphoreType::REGULAR"); break;
    default: break;
    }
  if (p.cores == 2)
    os << "       .mesh = pltpu::TensorCoreMesh{\"tc\", 2},\n";
  os << "       .scratch_types = {";
  for (size_t i = 0; i < scratch.size(); ++i)
    os << (i ? ",\n                         " : "") << scratch[i];
  os << "}";
  if (!p.checks || (p.devices > 1 && p.barrierSemaphore)) {
    os << ",\n       .compiler_params = {";
    if (!p.checks)
      os << ".disable_bounds_checks = true,\n"
         << "                           .disable_semaphore_checks = true"
         << (p.devices > 1 && p.barrierSemaphore ? ",\n                           " : "");
    if (p.devices > 1 && p.barrierSemaphore)
      os << ".collective_id = 0";
    os << "}";
  }
  if (p.prefetch)
    os << ",\n       .num_scalar_prefetch = 1";
  os << "},\n      [](";
  for (size_t i = 0; i < ops.size(); ++i)
    os << (i ? ", " : "") << "Ref " << ops[i].name;
  os << ") {\n";
  Printer printer(p);
  printer.kernel(4);
  os << printer.text() << "      },\n      args, want"
     << (p.devices > 1 ? ", /*devices=*/" + std::to_string(p.devices) : "") << ");\n}\n";
  return os.str();
}

std::string programText(const Program &p) {
  std::ostringstream os;
  os << "// inputs: ";
  if (p.prefetch) {
    os << "off_smem {";
    for (size_t i = 0; i < p.smem.size(); ++i)
      os << (i ? ", " : "") << p.smem[i];
    os << "} (num_scalar_prefetch = 1), ";
  }
  os << "x_hbm " << shapeText(p.shapes[X]);
  if (p.twoInputs)
    os << ", y_hbm " << shapeText(p.shapes[Y]);
  os << "; out o_hbm " << shapeText(p.shapes[O]) << "; scratch a " << shapeText(p.shapes[A])
     << ", b " << shapeText(p.shapes[B]) << ", c " << shapeText(p.shapes[C]) << ", d "
     << shapeText(p.shapes[D]) << ", sems DMA(" << kNumSems << ")";
  if (p.tmp)
    os << ", tmp SMEM(" << kTmpWords << ")";
  if (p.rsems)
    os << ", rsem REGULAR(" << p.rsems << ")";
  if (p.cores == 2)
    os << ", bar REGULAR; on TensorCoreMesh{\"tc\", 2}";
  if (p.devices > 1)
    os << (p.barrierSemaphore ? ", the barrier semaphore (collective_id 0)" : ", dbar REGULAR")
       << "; on " << p.devices << " devices (shard_map over make_mesh({"
       << p.devices << "}, {\"d\"}), P(\"d\"): x, y and the output are every device's shard)";
  os << "; checks " << (p.checks ? "on" : "off") << (p.math ? "; vector and matrix ops" : "")
     << "\n";
  Printer printer(p);
  printer.kernel(0);
  return os.str() + printer.text();
}

}  // namespace tessera::difftest
