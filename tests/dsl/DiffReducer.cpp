//===- DiffReducer.cpp - Delta debugging of a failing generated kernel ----===//
//
// Candidates are copies of the best program so far with one edit; an edit
// that is kept becomes the new best. Ops are addressed by paths (the op
// list at the top level, or in a body of an op reached by indices), which
// stay meaningful across copies of one program.
//
//===----------------------------------------------------------------------===//
#include "DiffReducer.h"

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

#include "KernelGenerator.h"

namespace tessera::difftest {

int opCount(const std::vector<Op> &ops) {
  int n = 0;
  forEachOp(ops, [&](const Op &) { ++n; });
  return n;
}

namespace {

/// An op list: the steps from the top-level list, each an op index and
/// which of its bodies (false: body, true: orelse).
using Path = std::vector<std::pair<size_t, bool>>;

std::vector<Op> *listAt(Program &p, const Path &path) {
  std::vector<Op> *list = &p.ops;
  for (auto [i, orelse] : path) {
    if (i >= list->size())
      return nullptr;
    Op &op = (*list)[i];
    list = orelse ? &op.orelse : &op.body;
  }
  return list;
}

/// Every op list of `ops` (pre-order: a list before the lists in its ops).
void listPaths(const std::vector<Op> &ops, Path &at, std::vector<Path> &out) {
  out.push_back(at);
  for (size_t i = 0; i < ops.size(); ++i)
    for (bool orelse : {false, true}) {
      const std::vector<Op> &body = orelse ? ops[i].orelse : ops[i].body;
      if (body.empty())
        continue;
      at.push_back({i, orelse});
      listPaths(body, at, out);
      at.pop_back();
    }
}

/// An op: its list and index there.
struct Slot {
  Path list;
  size_t index;
};

std::vector<Slot> allSlots(const Program &p) {
  std::vector<Path> lists;
  Path at;
  listPaths(p.ops, at, lists);
  std::vector<Slot> slots;
  for (const Path &l : lists) {
    Program &q = const_cast<Program &>(p);
    for (size_t i = 0; i < listAt(q, l)->size(); ++i)
      slots.push_back({l, i});
  }
  return slots;
}

/// Every use of handle `from` (of `kind`) becomes a use of `to`. Used after
/// the op that made `from` is removed, so every occurrence is a use.
void rename(Program &p, IdKind kind, int from, int to) {
  visitIds(p.ops, [&](int &id, IdKind k) {
    if (k == kind && id == from)
      id = to;
  });
}

/// Handles and DMAs numbered 0, 1, ... in order of appearance.
void renumber(Program &p) {
  std::map<std::pair<IdKind, int>, int> ids;
  int next[3] = {0, 0, 0};
  visitIds(p.ops, [&](int &id, IdKind k) {
    auto [it, added] = ids.try_emplace({k, id}, next[(int)k]);
    next[(int)k] += added;
    id = it->second;
  });
  p.numValues = next[(int)IdKind::Value];
  p.numScalars = next[(int)IdKind::Scalar];
  p.numDmas = next[(int)IdKind::Dma];
}

/// The top-left rows x cols of a row-major [oldRows, oldCols] array.
std::vector<float> block(const std::vector<float> &v, int64_t oldCols, int64_t rows,
                         int64_t cols) {
  std::vector<float> out;
  out.reserve(rows * cols);
  for (int64_t r = 0; r < rows; ++r)
    out.insert(out.end(), v.begin() + r * oldCols, v.begin() + r * oldCols + cols);
  return out;
}

/// Whether `w` spans every column of its Ref by its spelling.
bool fullWidth(const Win &w) {
  switch (w.syntax) {
  case Syntax::Whole:
  case Syntax::Slice:
  case Syntax::Ds:
  case Syntax::RowsAll:
  case Syntax::DynDs:
  case Syntax::DynAdd:
  case Syntax::DynSlice: return true;
  default: return false;
  }
}

/// Makes `w` (a window of a Ref `width` columns wide) nr x nc, from its
/// first row and column, respelled where its spelling cannot say nc.
void setSize(Win &w, int64_t nr, int64_t nc, int64_t width) {
  if (w.syntax == Syntax::Whole) {
    w.syntax = Syntax::RowsCols;
    w.r0 = w.c0 = 0;
  }
  if (nc != width && fullWidth(w))
    w.syntax = w.isDynamic() ? Syntax::DynCols : Syntax::RowsCols;
  w.nr = nr;
  w.nc = nc;
  w.count = -1;  // a run-time row count would still say the old rows
}

/// Gives Ref `ref` the shape `s`: its whole windows shrink with it, its
/// full-width windows narrow with it, and the other side of a DMA to or
/// from one of those follows. The host model judges whether the rest still
/// fits.
void resize(Program &p, int ref, const Shape &s) {
  const Shape old = p.shapes[ref];
  p.shapes[ref] = s;
  std::function<void(std::vector<Op> &)> walk = [&](std::vector<Op> &ops) {
    for (Op &op : ops) {
      bool dma = op.kind == Kind::DmaStart || (op.kind == Kind::DmaWait && op.rebuilt);
      bool windows = dma || op.kind == Kind::Load || op.kind == Kind::Store ||
                     op.kind == Kind::StoreConst;
      for (auto [w, other] : {std::pair{&op.w, &op.w2}, std::pair{&op.w2, &op.w}}) {
        if (!windows || (!dma && w == &op.w2))
          continue;
        if (w->ref != ref || !(fullWidth(*w) || (w->c0 == 0 && w->nc == old[1])))
          continue;
        if (w->syntax == Syntax::Whole)
          w->nr = s[0];
        w->nc = s[1];
        if (dma && other->ref != ref)
          setSize(*other, w->nr, w->nc, p.shapes[other->ref][1]);
      }
      walk(op.body);
      walk(op.orelse);
    }
  };
  walk(p.ops);
}

/// Removes the ops `drop` picks from `p` (bodies included). A removed
/// SemRead's value goes with it: the ScalarOps that use it are bypassed
/// (their uses take their vector operand) and the waits removed.
template <class F>
bool removeOps(Program &p, F &&drop) {
  std::set<int> reads;
  std::vector<std::pair<int, int>> bypassed;  // value renames, from -> to
  std::function<bool(std::vector<Op> &)> walk = [&](std::vector<Op> &ops) {
    size_t before = ops.size();
    std::erase_if(ops, [&](const Op &op) {
      if (drop(op)) {
        if (op.kind == Kind::SemRead)
          reads.insert(op.sdst);
        return true;
      }
      bool usesRead = (op.kind == Kind::ScalarOp || op.kind == Kind::SemWait ||
                       op.kind == Kind::SemSignal) &&
                      !op.sa.isConst() && reads.count(op.sa.id);
      if (usesRead && op.kind == Kind::ScalarOp)
        bypassed.push_back({op.dst, op.a});
      return usesRead;
    });
    bool any = ops.size() != before;
    for (Op &op : ops) {
      any |= walk(op.body);
      any |= walk(op.orelse);
    }
    return any;
  };
  if (!walk(p.ops))
    return false;
  for (auto [from, to] : bypassed)
    rename(p, IdKind::Value, from, to);
  return true;
}

/// `p`'s launch on one core, as a Program without a second core says it.
void onOneCore(Program &p) {
  p.cores = 1;
  p.worker = p.remoteAfter = 0;
  p.remoteSem = -1;
  p.remoteAmount = 0;
  p.firstCore = false;
}

/// `p` without REGULAR semaphores: no signal, wait, read of one, or barrier.
bool withoutSemaphores(Program &p) {
  if (p.rsems == 0)
    return false;
  removeOps(p, [](const Op &op) {
    return op.kind == Kind::SemSignal || op.kind == Kind::SemWait ||
           op.kind == Kind::CoreBarrier || (op.kind == Kind::SemRead && !op.dmaSem);
  });
  p.rsems = 0;
  onOneCore(p);
  return true;
}

/// `p` on one core: no barrier, no signal naming a core, no other core.
bool oneCore(Program &p) {
  if (p.cores == 1)
    return false;
  removeOps(p, [](const Op &op) { return op.kind == Kind::CoreBarrier; });
  std::function<void(std::vector<Op> &)> own = [&](std::vector<Op> &ops) {
    for (Op &op : ops) {
      op.ownCore = false;
      own(op.body);
      own(op.orelse);
    }
  };
  own(p.ops);
  onOneCore(p);
  return true;
}

/// `p` on one device: no remote shift, device index 0, device 0's inputs.
bool oneDevice(Program &p) {
  if (p.devices == 1)
    return false;
  removeOps(p, [](const Op &op) { return op.kind == Kind::RemoteShift; });
  for (Op &op : p.ops)
    if (op.kind == Kind::DeviceId) {
      Op zero(Kind::SBin);
      zero.sdst = op.sdst;
      zero.sa = zero.sb = Sc::constant(0);
      op = zero;
    }
  p.x.resize(p.shapes[X][0] * p.shapes[X][1]);
  if (p.twoInputs)
    p.y.resize(p.shapes[Y][0] * p.shapes[Y][1]);
  p.devices = 1;
  p.barrierSemaphore = false;
  return true;
}

/// Shapes a Ref can shrink to, smallest first.
const Shape kSmallerShapes[] = {{8, 128}, {16, 128}, {8, 256}, {32, 128}, {16, 256}, {32, 256}};

class Reducer {
public:
  Reducer(const Program &p, const Verdict &failing, const ReduceOptions &options)
      : best_(p), verdict_(failing), options_(options) {}

  Reduction run() {
    Reduction r;
    r.opsBefore = opCount(best_.ops);
    for (bool changed = true; changed && !spent();) {
      changed = false;
      changed |= ddminAll();
      changed |= slotEdits();
      changed |= kernelEdits();
    }
    // Handles numbered from 0 read better; kept only if the renumbered
    // program still fails the same way (it must: names are all that change).
    Program q = best_;
    renumber(q);
    tryCandidate(std::move(q), /*evenIfSpent=*/true);
    r.program = best_;
    r.verdict = verdict_;
    r.judged = judged_;
    r.refused = refused_;
    r.opsAfter = opCount(best_.ops);
    r.budgetSpent = spent();
    return r;
  }

private:
  Program best_;
  Verdict verdict_;
  ReduceOptions options_;
  int judged_ = 0, refused_ = 0;

  bool spent() const { return judged_ >= options_.maxJudged; }

  /// Keeps `q` if the host model accepts it and it fails as the best does.
  bool tryCandidate(Program q, bool evenIfSpent = false) {
    if (spent() && !evenIfSpent)
      return false;
    if (!runHostModel(q).empty()) {
      ++refused_;
      return false;
    }
    ++judged_;
    Verdict v = judge(q, options_.judge);
    if (!v.sameAs(verdict_))
      return false;
    best_ = std::move(q);
    verdict_ = std::move(v);
    return true;
  }

  /// Tries `edit` on a copy of the best program (an edit returning false
  /// does not apply).
  bool tryEdit(const std::function<bool(Program &)> &edit) {
    Program q = best_;
    if (!edit(q))
      return false;
    return tryCandidate(std::move(q));
  }

  /// ddmin over one op list: remove chunks, halving them down to single ops.
  bool ddmin(const Path &path) {
    bool any = false;
    size_t chunks = 1;  // first try the whole list at once
    for (;;) {
      std::vector<Op> *list = listAt(best_, path);
      if (!list || list->empty() || spent())
        return any;
      size_t n = list->size();
      chunks = std::min(chunks, n);
      bool removed = false;
      for (size_t c = 0; c < chunks && !removed; ++c) {
        size_t lo = n * c / chunks, hi = n * (c + 1) / chunks;
        removed = tryEdit([&](Program &q) {
          std::vector<Op> *l = listAt(q, path);
          l->erase(l->begin() + (std::ptrdiff_t)lo, l->begin() + (std::ptrdiff_t)hi);
          return true;
        });
      }
      if (removed) {
        any = true;
        chunks = std::max<size_t>(chunks - 1, 2);
        continue;
      }
      if (chunks >= n)
        return any;
      chunks = std::min(chunks * 2, n);
    }
  }

  bool ddminAll() {
    bool any = false;
    for (size_t k = 0;; ++k) {
      std::vector<Path> lists;
      Path at;
      listPaths(best_.ops, at, lists);
      if (k >= lists.size() || spent())
        return any;
      any |= ddmin(lists[k]);
    }
  }

  /// Edits of one op: unwrapping branches and loops, simpler loops,
  /// bypassing value and scalar ops, simpler constants. Slots are visited
  /// last first; an edit that is kept changes the slots, so they are
  /// listed again.
  bool slotEdits() {
    bool any = false;
    std::vector<Slot> slots = allSlots(best_);
    for (size_t i = slots.size(); i-- > 0 && !spent();) {
      if (i >= slots.size())
        continue;
      if (editSlot(slots[i])) {
        any = true;
        slots = allSlots(best_);
      }
    }
    return any;
  }

  bool editSlot(const Slot &slot) {
    auto at = [&](Program &q) -> Op * {
      std::vector<Op> *l = listAt(q, slot.list);
      return l && slot.index < l->size() ? &(*l)[slot.index] : nullptr;
    };
    auto erase = [&](Program &q) {
      std::vector<Op> *l = listAt(q, slot.list);
      l->erase(l->begin() + (std::ptrdiff_t)slot.index);
    };
    /// Replaces the op by `ops`.
    auto splice = [&](Program &q, std::vector<Op> ops) {
      std::vector<Op> *l = listAt(q, slot.list);
      l->erase(l->begin() + (std::ptrdiff_t)slot.index);
      l->insert(l->begin() + (std::ptrdiff_t)slot.index, std::make_move_iterator(ops.begin()),
                std::make_move_iterator(ops.end()));
    };
    Op *op = at(best_);
    if (!op)
      return false;
    const Op o = *op;
    switch (o.kind) {
    case Kind::If:
      for (bool thenSide : {true, false})
        if (tryEdit([&](Program &q) {
              const std::vector<int> &yv = thenSide ? o.yieldV : o.elseYieldV;
              const std::vector<int> &ys = thenSide ? o.yieldS : o.elseYieldS;
              splice(q, thenSide ? o.body : o.orelse);
              for (size_t j = 0; j < o.resV.size(); ++j)
                rename(q, IdKind::Value, o.resV[j], yv[j]);
              for (size_t j = 0; j < o.resS.size(); ++j)
                rename(q, IdKind::Scalar, o.resS[j], ys[j]);
              return true;
            }))
          return true;
      return false;
    case Kind::For:
      if (tryEdit([&](Program &q) {
            erase(q);
            for (size_t j = 0; j < o.resV.size(); ++j)
              rename(q, IdKind::Value, o.resV[j], o.initV[j]);
            for (size_t j = 0; j < o.resS.size(); ++j)
              rename(q, IdKind::Scalar, o.resS[j], o.initS[j]);
            return true;
          }))
        return true;
      // A carried handle dropped: the body and what follows the loop use
      // its initial value instead.
      for (size_t j = 0; j < o.initV.size() + o.initS.size(); ++j)
        if (tryEdit([&](Program &q) {
              Op &loop = *at(q);
              bool value = j < o.initV.size();
              size_t k = value ? j : j - o.initV.size();
              auto drop = [k](std::vector<int> &ids) { ids.erase(ids.begin() + (std::ptrdiff_t)k); };
              IdKind kind = value ? IdKind::Value : IdKind::Scalar;
              int init = value ? o.initV[k] : o.initS[k];
              for (std::vector<int> *ids : value ? std::array{&loop.initV, &loop.argV, &loop.yieldV, &loop.resV}
                                                 : std::array{&loop.initS, &loop.argS, &loop.yieldS, &loop.resS})
                drop(*ids);
              rename(q, kind, value ? o.argV[k] : o.argS[k], init);
              rename(q, kind, value ? o.resV[k] : o.resS[k], init);
              return true;
            }))
          return true;
      return tryEdit([&](Program &q) {
        Op &loop = *at(q);
        bool simpler = loop.unroll != 1 || loop.fullUnroll;
        loop.unroll = 1;
        loop.fullUnroll = false;
        if (loop.lo.isConst() && loop.hi.isConst() && loop.hi.c > loop.lo.c + loop.step) {
          loop.hi.c = loop.lo.c + loop.step;
          simpler = true;
        }
        return simpler;
      });
    case Kind::Bin:
    case Kind::ScalarOp:
    case Kind::Neg:
    case Kind::Math: {
      for (int operand : {o.a, o.b, o.c})
        if (operand >= 0 && tryEdit([&](Program &q) {
              erase(q);
              rename(q, IdKind::Value, o.dst, operand);
              return true;
            }))
          return true;
      // Literals: 1, else 2.
      for (double k : {1.0, 2.0})
        if ((o.kind == Kind::ScalarOp || (o.kind == Kind::Math && o.math == MathKind::PowC)) &&
            o.sa.isConst() && o.scalar != 1.0 && o.scalar != k && tryEdit([&](Program &q) {
              at(q)->scalar = k;
              return true;
            }))
          return true;
      return false;
    }
    case Kind::StoreConst:
      return o.scalar != 1.0 && tryEdit([&](Program &q) {
        at(q)->scalar = 1.0;
        return true;
      });
    case Kind::SBin:
    case Kind::SCmp:
    case Kind::SNot:
    case Kind::SWhere:
    case Kind::SMultipleOf:
    case Kind::SRead:
      for (const Sc &operand : {o.sa, o.sb, o.sc})
        if (!operand.isConst() && operand.id >= 0 && tryEdit([&](Program &q) {
              erase(q);
              rename(q, IdKind::Scalar, o.sdst, operand.id);
              return true;
            }))
          return true;
      return false;
    default: return false;
    }
  }

  /// Edits of the kernel: operands dropped, checks on, simpler inputs and
  /// SMEM words, smaller Refs.
  bool kernelEdits() {
    bool any = false;
    auto edit = [&](const std::function<bool(Program &)> &f) { any |= tryEdit(f); };
    edit([](Program &q) {
      if (!q.twoInputs)
        return false;
      q.twoInputs = false;
      q.y.clear();
      q.shapes[Y] = {};
      return true;
    });
    edit([](Program &q) {
      if (!q.prefetch)
        return false;
      q.prefetch = false;
      q.smem.clear();
      return true;
    });
    edit([](Program &q) { return std::exchange(q.tmp, false); });
    // No semaphore ops at all (a signal and its wait go together), then
    // one core (the barriers go, and the other core's signal with them).
    edit([](Program &q) { return withoutSemaphores(q); });
    edit([](Program &q) { return oneCore(q); });
    edit([](Program &q) { return oneDevice(q); });
    edit([](Program &q) { return !std::exchange(q.checks, true); });
    for (size_t i = 0; i < best_.smem.size(); ++i)
      edit([i](Program &q) { return std::exchange(q.smem[i], 0) != 0; });
    for (bool isY : {false, true}) {
      auto data = [isY](Program &q) -> std::vector<float> & { return isY ? q.y : q.x; };
      int64_t n = (int64_t)data(best_).size();
      if (n == 0)
        continue;
      // The simplest data that keeps the failure, in this order; data
      // already one of them is left alone (or edits would take turns).
      for (const std::vector<float> &want :
           {std::vector<float>(n, 1.0f), std::vector<float>(n, 0.5f), pattern(n, 0)}) {
        if (data(best_) == want)
          break;
        bool kept = tryEdit([&](Program &q) {
          data(q) = want;
          return true;
        });
        any |= kept;
        if (kept)
          break;
      }
    }
    for (int r = 0; r < kNumRefs; ++r) {
      if (r == Y && !best_.twoInputs)
        continue;
      for (const Shape &s : kSmallerShapes) {
        const Shape cur = best_.shapes[r];
        if (s[0] > cur[0] || s[1] > cur[1] || s == cur)
          continue;
        if (tryEdit([&](Program &q) {
              resize(q, r, s);
              if (r == X)
                q.x = block(q.x, cur[1], s[0], s[1]);
              if (r == Y)
                q.y = block(q.y, cur[1], s[0], s[1]);
              return true;
            })) {
          any = true;
          break;
        }
      }
    }
    return any;
  }
};

}  // namespace

Reduction reduce(const Program &p, const Verdict &failing, const ReduceOptions &options) {
  return Reducer(p, failing, options).run();
}

std::string reductionReport(const Reduction &r, const std::string &origin,
                            const std::string &testName) {
  std::ostringstream comment;
  comment << "Reduced from " << origin << " (" << r.opsBefore << " ops to " << r.opsAfter
          << ", " << r.judged << " candidates run, " << r.refused
          << " refused by the host model" << (r.budgetSpent ? "; budget spent" : "") << "):\n"
          << r.verdict.problem;
  return reproText(r.program, testName, comment.str());
}

}  // namespace tessera::difftest
