//===- KernelGenerator.cpp - Random kernel programs and their host model --===//
//
// The generator keeps a host copy of every Ref and of every value the body
// makes, and updates them as it appends each op; it picks only ops that the
// DMA rules allow given the DMAs in flight (KernelGenerator.h). The expected
// output is the host copy of the output Ref when the body ends.
//
//===----------------------------------------------------------------------===//
#include "KernelGenerator.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <optional>
#include <random>
#include <utility>
#include <vector>

namespace tessera::difftest {
namespace {

/// A Ref's contents on the host, row-major, and which (row, 128-column
/// tile) elements have been written.
struct HostBuf {
  int64_t rows = 0, cols = 0;
  std::vector<float> data;
  std::vector<uint8_t> init;
  bool present = false;
  int64_t colTiles() const { return cols / kLanes; }
};

struct HostValue {
  int64_t rows = 0, cols = 0;
  std::vector<float> data;
};

struct Flight {
  int dma, sem;
  Win src, dst;
};

bool overlaps(const Win &a, const Win &b) {
  return a.ref == b.ref && a.r0 < b.r0 + b.nr && b.r0 < a.r0 + a.nr && a.c0 < b.c0 + b.nc &&
         b.c0 < a.c0 + a.nc;
}

/// Values stay finite and away from subnormals, so nothing depends on how
/// the chip treats them (bit-identical must hold anyway).
bool tame(const std::vector<float> &v) {
  for (float f : v) {
    float m = std::fabs(f);
    if (!std::isfinite(f) || m > 1.0e6f || (m != 0.0f && m < 1.0e-20f))
      return false;
  }
  return true;
}

class Generator {
public:
  Generator(uint32_t seed, int index) {
    std::seed_seq seq{seed, (uint32_t)index, 0x7e55e7a1u};
    rng_.seed(seq);
  }

  Program generate();

private:
  std::mt19937 rng_;
  Program p_;
  std::array<HostBuf, kNumRefs> bufs_;
  std::vector<HostValue> vals_;
  std::vector<Flight> flights_;
  std::vector<Win> recent_;  // VMEM windows used lately
  std::array<bool, kNumSems> semBusy_{};

  int64_t pick(int64_t lo, int64_t hi) {  // inclusive
    return lo + (int64_t)(rng_() % (uint64_t)(hi - lo + 1));
  }
  bool chance(double prob) { return (rng_() % 10000) < prob * 10000; }
  template <class T>
  const T &oneOf(const std::vector<T> &v) {
    return v[pick(0, (int64_t)v.size() - 1)];
  }

  void setShapes();
  std::vector<float> randomData(int64_t n);
  bool isInit(const Win &w) const;
  void markInit(const Win &w);
  bool loadable(const Win &w) const;  // a window loads and stores can use
  bool readable(const Win &w) const;  // not being written by a DMA
  bool writable(const Win &w) const;  // not touched by a DMA in flight
  void chooseSyntax(Win &w, bool dma);
  std::optional<Win> vmemWindow(int64_t nr, int64_t nc);
  std::optional<Win> windowIn(int ref, int64_t nr, int64_t nc, bool dma);
  std::optional<Win> shifted(const Win &w);

  int addValue(HostValue v) {
    vals_.push_back(std::move(v));
    return (int)vals_.size() - 1;
  }
  HostValue read(const Win &w) const;
  void write(const Win &w, const std::vector<float> &data);

  bool genLoad();
  bool genArith();
  bool genStore();
  bool genStoreConst();
  bool genDmaStart();
  void emitWait(size_t flight);
  void finish();
  void remember(const Win &w) {
    if (isVmem(w.ref)) {
      recent_.push_back(w);
      if (recent_.size() > 6)
        recent_.erase(recent_.begin());
    }
  }
};

const Shape kBufShapes[] = {{8, 128}, {16, 128}, {32, 128}, {16, 256}};

void Generator::setShapes() {
  double family = (rng_() % 1000) / 1000.0;
  p_.prefetch = family < 0.3;
  p_.twoInputs = family < 0.8;
  p_.checks = chance(0.5);
  if (p_.prefetch) {
    // Run-time row starts: some equal, some 8 apart, so that windows with
    // different scalars do overlap or coincide at run time.
    p_.offsets = {(int32_t)pick(0, 24), (int32_t)pick(0, 24), 0, 0};
    p_.offsets[2] = chance(0.5) ? p_.offsets[0] : (int32_t)pick(0, 8);
    p_.offsets[3] = chance(0.5) ? p_.offsets[1] + 8 : (int32_t)pick(0, 16);
  }
  for (int r = 0; r < kNumRefs; ++r)
    p_.shapes[r] = kBufShapes[pick(0, 3)];
  if (p_.prefetch)  // mostly 128-wide Refs, which take run-time row starts
    for (int r = 0; r < kNumRefs; ++r)
      if (p_.shapes[r][1] != kLanes && chance(0.6))
        p_.shapes[r] = kBufShapes[pick(0, 2)];
  if (!p_.twoInputs)
    p_.shapes[Y] = {};
  // Some scratch buffer holds a window of the output's shape.
  const Shape &o = p_.shapes[O];
  bool fits = false;
  for (int r = A; r <= D; ++r)
    fits = fits || (p_.shapes[r][0] >= o[0] && p_.shapes[r][1] >= o[1]);
  if (!fits)
    p_.shapes[pick(A, D)] = o;
  for (int r = 0; r < kNumRefs; ++r) {
    HostBuf &b = bufs_[r];
    b.present = r != Y || p_.twoInputs;
    if (!b.present)
      continue;
    b.rows = p_.shapes[r][0];
    b.cols = p_.shapes[r][1];
    b.data.assign(b.rows * b.cols, 0.0f);
    b.init.assign(b.rows * b.colTiles(), r == X || r == Y);
  }
  p_.x = bufs_[X].data = randomData(bufs_[X].rows * bufs_[X].cols);
  if (p_.twoInputs)
    p_.y = bufs_[Y].data = randomData(bufs_[Y].rows * bufs_[Y].cols);
}

std::vector<float> Generator::randomData(int64_t n) {
  std::vector<float> v(n);
  int style = (int)pick(0, 2);
  for (auto &f : v) {
    int64_t k = pick(-64, 64);
    f = style == 0 ? (float)k * 0.25f : style == 1 ? (float)k / 7.0f : (float)k * 0.1f + 0.03125f;
  }
  return v;
}

bool Generator::isInit(const Win &w) const {
  const HostBuf &b = bufs_[w.ref];
  for (int64_t r = w.r0; r < w.r0 + w.nr; ++r)
    for (int64_t t = w.c0 / kLanes; t < (w.c0 + w.nc) / kLanes; ++t)
      if (!b.init[r * b.colTiles() + t])
        return false;
  return true;
}

void Generator::markInit(const Win &w) {
  HostBuf &b = bufs_[w.ref];
  for (int64_t r = w.r0; r < w.r0 + w.nr; ++r)
    for (int64_t t = w.c0 / kLanes; t < (w.c0 + w.nc) / kLanes; ++t)
      b.init[r * b.colTiles() + t] = 1;
}

/// Whole (8, 128) tiles; rows 8-aligned unless the buffer is 128 wide.
bool Generator::loadable(const Win &w) const {
  const HostBuf &b = bufs_[w.ref];
  return isVmem(w.ref) && w.nr % kTileRows == 0 && w.nc % kLanes == 0 && w.c0 % kLanes == 0 &&
         (b.cols == kLanes || w.r0 % kTileRows == 0);
}

bool Generator::readable(const Win &w) const {
  return std::none_of(flights_.begin(), flights_.end(),
                      [&](const Flight &f) { return overlaps(f.dst, w); });
}

bool Generator::writable(const Win &w) const {
  return std::none_of(flights_.begin(), flights_.end(), [&](const Flight &f) {
    return overlaps(f.dst, w) || overlaps(f.src, w);
  });
}

HostValue Generator::read(const Win &w) const {
  const HostBuf &b = bufs_[w.ref];
  HostValue v{w.nr, w.nc, {}};
  v.data.reserve(w.nr * w.nc);
  for (int64_t r = 0; r < w.nr; ++r)
    for (int64_t c = 0; c < w.nc; ++c)
      v.data.push_back(b.data[(w.r0 + r) * b.cols + w.c0 + c]);
  return v;
}

void Generator::write(const Win &w, const std::vector<float> &data) {
  HostBuf &b = bufs_[w.ref];
  for (int64_t r = 0; r < w.nr; ++r)
    for (int64_t c = 0; c < w.nc; ++c)
      b.data[(w.r0 + r) * b.cols + w.c0 + c] = data[r * w.nc + c];
  markInit(w);
}

/// Picks one spelling the window allows.
void Generator::chooseSyntax(Win &w, bool dma) {
  const HostBuf &b = bufs_[w.ref];
  w.dyn = -1;
  // A run-time start (128-wide Refs only): any offset with a static part.
  if (p_.prefetch && b.cols == kLanes && chance(0.45)) {
    w.dyn = (int)pick(0, (int64_t)p_.offsets.size() - 1);
    int64_t off = p_.offsets[w.dyn];
    w.k = w.r0 - off;
    w.fresh = chance(0.3);
    std::vector<Syntax> options = {Syntax::DynAdd, Syntax::DynSlice};
    if (w.k == 0)
      options.insert(options.end(), {Syntax::DynDs, Syntax::DynDs});
    if (w.k >= 0)
      options.insert(options.end(), {Syntax::DynNested, Syntax::DynNested});
    w.syntax = oneOf(options);
    if (w.syntax == Syntax::DynNested)
      w.nb = pick(w.k + w.nr, b.rows - off);
    return;
  }
  bool fullCols = w.c0 == 0 && w.nc == b.cols;
  bool whole = fullCols && w.r0 == 0 && w.nr == b.rows;
  std::vector<Syntax> options = {Syntax::RowsCols};
  if (whole)
    options.insert(options.end(), {Syntax::Whole, Syntax::Whole});
  if (fullCols)
    options.insert(options.end(), {Syntax::Slice, Syntax::Ds, Syntax::RowsAll});
  // A nested window: an outer row window around it (rows of the outer one
  // start anywhere for 128-wide buffers; tile-aligned otherwise).
  if (chance(0.5))
    options.push_back(Syntax::Nested);
  w.syntax = oneOf(options);
  if (w.syntax == Syntax::Nested) {
    int64_t step = (b.cols == kLanes || dma) ? 1 : kTileRows;
    int64_t lo = 0, hi = w.r0;  // base in [0, r0], a multiple of step
    int64_t base = pick(lo, hi / step) * step;
    int64_t endMin = w.r0 + w.nr;
    int64_t end = pick(endMin, b.rows);
    w.base = base;
    w.nb = end - base;
  }
}

/// A random window of shape (nr, nc) of `ref` that loads and stores can use
/// (row starts 8-aligned for buffers wider than 128 columns), or any rows
/// for a DMA.
std::optional<Win> Generator::windowIn(int ref, int64_t nr, int64_t nc, bool dma) {
  const HostBuf &b = bufs_[ref];
  if (!b.present || nr > b.rows || nc > b.cols)
    return std::nullopt;
  Win w;
  w.ref = ref;
  w.nr = nr;
  w.nc = nc;
  int64_t step = (b.cols == kLanes || dma) ? 1 : kTileRows;
  int64_t maxStart = b.rows - nr;
  w.r0 = pick(0, maxStart / step) * step;
  if (!dma && step == 1 && chance(0.5))
    w.r0 = (w.r0 / kTileRows) * kTileRows;  // aligned half the time
  w.c0 = pick(0, (b.cols - nc) / kLanes) * kLanes;
  chooseSyntax(w, dma);
  return w;
}

/// A window of the given shape in a random VMEM scratch buffer.
std::optional<Win> Generator::vmemWindow(int64_t nr, int64_t nc) {
  std::vector<int> candidates;
  for (int r = A; r <= D; ++r)
    if (nr <= bufs_[r].rows && nc <= bufs_[r].cols)
      candidates.push_back(r);
  if (candidates.empty())
    return std::nullopt;
  return windowIn(oneOf(candidates), nr, nc, false);
}

/// `w` moved by a few rows (a window overlapping it), or by a column tile.
std::optional<Win> Generator::shifted(const Win &w) {
  const HostBuf &b = bufs_[w.ref];
  Win s = w;
  if (b.cols == kLanes) {
    int64_t d = pick(-7, 7);
    if (d == 0)
      d = 1;
    s.r0 = w.r0 + d;
  } else if (chance(0.5)) {
    s.r0 = w.r0 + (chance(0.5) ? kTileRows : -kTileRows);
  } else {
    s.c0 = w.c0 + (chance(0.5) ? kLanes : -kLanes);
  }
  if (s.r0 < 0 || s.r0 + s.nr > b.rows || s.c0 < 0 || s.c0 + s.nc > b.cols)
    return std::nullopt;
  chooseSyntax(s, false);
  return s;
}

bool Generator::genLoad() {
  std::optional<Win> w;
  double roll = (rng_() % 1000) / 1000.0;
  if (!recent_.empty() && roll < 0.45) {
    w = oneOf(recent_);  // a re-read of the same region
    chooseSyntax(*w, false);
  } else if (!recent_.empty() && roll < 0.65) {
    w = shifted(oneOf(recent_));  // an overlapping region
  } else {
    int ref = (int)pick(A, D);
    const HostBuf &b = bufs_[ref];
    int64_t nr = kTileRows * pick(1, b.rows / kTileRows);
    int64_t nc = kLanes * pick(1, b.colTiles());
    if (chance(0.3)) {
      nr = b.rows;
      nc = b.cols;
    }
    w = windowIn(ref, nr, nc, false);
  }
  if (!w || !loadable(*w) || !isInit(*w) || !readable(*w))
    return false;
  Op op(Kind::Load);
  op.w = *w;
  op.dst = addValue(read(*w));
  p_.ops.push_back(op);
  remember(*w);
  return true;
}

bool Generator::genArith() {
  if (vals_.empty())
    return false;
  int a = chance(0.6) ? (int)vals_.size() - 1 - (int)pick(0, std::min<int64_t>(2, vals_.size() - 1))
                      : (int)pick(0, vals_.size() - 1);
  const HostValue &va = vals_[a];
  Op op(Kind::Bin);
  op.a = a;
  HostValue r{va.rows, va.cols, std::vector<float>(va.data.size())};
  double roll = (rng_() % 1000) / 1000.0;
  if (roll < 0.5) {
    std::vector<int> same;
    for (int i = 0; i < (int)vals_.size(); ++i)
      if (vals_[i].rows == va.rows && vals_[i].cols == va.cols)
        same.push_back(i);
    op.b = oneOf(same);
    op.bin = (BinKind)pick(0, 2);
    const HostValue &vb = vals_[op.b];
    for (size_t i = 0; i < r.data.size(); ++i) {
      float x = va.data[i], y = vb.data[i];
      r.data[i] = op.bin == BinKind::Add ? x + y : op.bin == BinKind::Sub ? x - y : x * y;
    }
  } else if (roll < 0.93) {
    static const double kScalars[] = {0.5, 0.25, 2.0, 1.5, -1.0, 3.0, 0.125, -0.75, 1.0, 0.0,
                                      0.1, -2.5};
    op.kind = Kind::ScalarOp;
    op.scalar = kScalars[pick(0, std::size(kScalars) - 1)];
    op.bin = (BinKind)pick(0, 2);
    op.scalarFirst = chance(0.4);
    float s = (float)op.scalar;
    for (size_t i = 0; i < r.data.size(); ++i) {
      float x = op.scalarFirst ? s : va.data[i], y = op.scalarFirst ? va.data[i] : s;
      r.data[i] = op.bin == BinKind::Add ? x + y : op.bin == BinKind::Sub ? x - y : x * y;
    }
  } else {
    op.kind = Kind::Neg;
    for (size_t i = 0; i < r.data.size(); ++i)
      r.data[i] = -va.data[i];
  }
  // A scalar operand (and -x, which is x * -1) is an array constant too.
  if (!tame(r.data))
    return false;
  op.dst = addValue(std::move(r));
  p_.ops.push_back(op);
  return true;
}

bool Generator::genStore() {
  if (vals_.empty())
    return false;
  int v = chance(0.6) ? (int)vals_.size() - 1 : (int)pick(0, vals_.size() - 1);
  const HostValue &hv = vals_[v];
  std::optional<Win> w;
  std::vector<Win> sameShape;
  for (const Win &r : recent_)
    if (r.nr == hv.rows && r.nc == hv.cols)
      sameShape.push_back(r);
  double roll = (rng_() % 1000) / 1000.0;
  if (!sameShape.empty() && roll < 0.4) {
    w = oneOf(sameShape);  // the same window again: overwrites or read-backs
    chooseSyntax(*w, false);
  } else if (!sameShape.empty() && roll < 0.6) {
    w = shifted(oneOf(sameShape));  // a partial overwrite
  } else {
    w = vmemWindow(hv.rows, hv.cols);
  }
  if (!w || !loadable(*w) || !writable(*w))
    return false;
  Op op(Kind::Store);
  op.a = v;
  op.w = *w;
  p_.ops.push_back(op);
  write(*w, hv.data);
  remember(*w);
  return true;
}

bool Generator::genStoreConst() {
  std::optional<Win> w;
  if (!recent_.empty() && chance(0.5)) {
    w = chance(0.5) ? std::optional<Win>(oneOf(recent_)) : shifted(oneOf(recent_));
    if (w)
      chooseSyntax(*w, false);
  } else {
    int ref = (int)pick(A, D);
    const HostBuf &b = bufs_[ref];
    w = windowIn(ref, kTileRows * pick(1, b.rows / kTileRows), kLanes * pick(1, b.colTiles()),
                 false);
  }
  if (!w || !loadable(*w) || !writable(*w))
    return false;
  static const double kConsts[] = {0.0, 1.0, -1.5, 0.5, 7.0, 0.2};
  Op op(Kind::StoreConst);
  op.scalar = kConsts[pick(0, std::size(kConsts) - 1)];
  op.w = *w;
  p_.ops.push_back(op);
  write(*w, std::vector<float>(w->nr * w->nc, (float)op.scalar));
  remember(*w);
  return true;
}

bool Generator::genDmaStart() {
  int sem = -1;
  for (int s = 0; s < kNumSems; ++s)
    if (!semBusy_[s] && (sem < 0 || chance(0.5)))
      sem = s;
  if (sem < 0)
    return false;
  auto hbmIn = [&] {
    std::vector<int> c = {X, O};
    if (p_.twoInputs)
      c.push_back(Y);
    return oneOf(c);
  };
  int src, dst;
  double roll = (rng_() % 1000) / 1000.0;
  if (roll < 0.35) {
    src = hbmIn();
    dst = (int)pick(A, D);
  } else if (roll < 0.68) {
    src = (int)pick(A, D);
    dst = (int)pick(A, D);
  } else if (roll < 0.9) {
    src = (int)pick(A, D);
    dst = O;
  } else {
    src = p_.twoInputs && chance(0.5) ? Y : X;
    dst = O;
  }
  const HostBuf &s = bufs_[src], &d = bufs_[dst];
  int64_t maxRows = std::min(s.rows, d.rows), maxTiles = std::min(s.colTiles(), d.colTiles());
  int64_t nr, nc = kLanes * pick(1, maxTiles);
  double shape = (rng_() % 1000) / 1000.0;
  if (shape < 0.3) {
    nr = maxRows;
  } else if (shape < 0.7) {
    nr = std::min<int64_t>(maxRows, kTileRows * pick(1, 2));
  } else {
    nr = pick(1, maxRows);
  }
  if (s.rows == d.rows && s.cols == d.cols && chance(0.3)) {
    nr = s.rows;  // whole buffer to whole buffer
    nc = s.cols;
  }
  // Often into a window the program has just used (loaded, stored, copied):
  // what was known about it must be forgotten.
  std::optional<Win> reuseDst;
  if (!recent_.empty() && chance(0.35)) {
    reuseDst = oneOf(recent_);
    dst = reuseDst->ref;
    nr = reuseDst->nr;
    nc = reuseDst->nc;
    std::vector<int> srcs;
    for (int r = 0; r < kNumRefs; ++r)
      if (r != O && bufs_[r].present && bufs_[r].rows >= nr && bufs_[r].cols >= nc)
        srcs.push_back(r);
    src = oneOf(srcs);  // dst's own buffer fits: never empty
  }
  auto ws = windowIn(src, nr, nc, true), wd = windowIn(dst, nr, nc, true);
  if (!ws || !wd)
    return false;
  if (reuseDst) {
    *wd = *reuseDst;
    chooseSyntax(*wd, true);
  }
  if (chance(0.4)) {  // tile-aligned rows, as in most kernels
    for (Win *w : {&*ws, &*wd}) {
      if (w == &*wd && reuseDst)
        continue;
      w->r0 = w->r0 / kTileRows * kTileRows;
      chooseSyntax(*w, true);
    }
  }
  if (!isInit(*ws) || !readable(*ws) || !writable(*wd) || overlaps(*ws, *wd))
    return false;
  Op op(Kind::DmaStart);
  op.w = *ws;
  op.w2 = *wd;
  op.sem = sem;
  op.dma = p_.numDmas++;
  op.asyncCopy = chance(0.3);
  p_.ops.push_back(op);
  write(*wd, read(*ws).data);
  semBusy_[sem] = true;
  flights_.push_back({op.dma, sem, *ws, *wd});
  remember(*ws);
  remember(*wd);
  return true;
}

void Generator::emitWait(size_t i) {
  Flight f = flights_[i];
  flights_.erase(flights_.begin() + i);
  semBusy_[f.sem] = false;
  Op op(Kind::DmaWait);
  op.dma = f.dma;
  op.sem = f.sem;
  p_.ops.push_back(op);
}

/// Waits for everything, makes one scratch window of the output's shape
/// fully written, copies it out, and (sometimes) adds stores nothing reads.
void Generator::finish() {
  while (!flights_.empty())
    emitWait(pick(0, flights_.size() - 1));
  // Sometimes register pressure: one sum of many values made along the way
  // keeps all of them live to here.
  if (!vals_.empty() && chance(0.25)) {
    const HostValue &last = vals_.back();
    int64_t rows = last.rows, cols = last.cols;
    std::vector<int> same;
    for (int i = 0; i < (int)vals_.size(); ++i)
      if (vals_[i].rows == rows && vals_[i].cols == cols)
        same.push_back(i);
    if (same.size() >= 3) {
      int acc = same[0];
      for (size_t j = 1; j < same.size(); ++j) {
        Op op(Kind::Bin);
        op.a = acc;
        op.b = same[j];
        op.bin = chance(0.5) ? BinKind::Add : BinKind::Sub;
        HostValue r{rows, cols, std::vector<float>(rows * cols)};
        for (size_t e = 0; e < r.data.size(); ++e) {
          float x = vals_[acc].data[e], y = vals_[op.b].data[e];
          r.data[e] = op.bin == BinKind::Add ? x + y : x - y;
        }
        if (!tame(r.data))
          break;
        op.dst = addValue(std::move(r));
        p_.ops.push_back(op);
        acc = op.dst;
      }
      if (auto w = vmemWindow(rows, cols)) {
        Op op(Kind::Store);
        op.a = acc;
        op.w = *w;
        p_.ops.push_back(op);
        write(*w, vals_[acc].data);
        remember(*w);
      }
    }
  }
  const Shape &o = p_.shapes[O];
  std::vector<int> fits;
  for (int r = A; r <= D; ++r)
    if (bufs_[r].rows >= o[0] && bufs_[r].cols >= o[1])
      fits.push_back(r);
  // The output's source: of a few random windows of the output's shape, the
  // one the program has written most of (so computed data reaches the
  // output rather than the filler below).
  Win w;
  int64_t bestWritten = -1;
  for (int tries = 0; tries < 6; ++tries) {
    Win c;
    c.ref = oneOf(fits);
    c.nr = o[0];
    c.nc = o[1];
    c.r0 = pick(0, bufs_[c.ref].rows - c.nr);
    c.c0 = kLanes * pick(0, (bufs_[c.ref].cols - c.nc) / kLanes);
    int64_t written = 0;
    for (int64_t r = c.r0; r < c.r0 + c.nr; ++r)
      for (int64_t t = c.c0 / kLanes; t < (c.c0 + c.nc) / kLanes; ++t)
        written += bufs_[c.ref].init[r * bufs_[c.ref].colTiles() + t];
    if (written > bestWritten) {
      bestWritten = written;
      w = c;
    }
  }
  int ref = w.ref;
  // Fill unwritten 8-row tiles (buffer-aligned) that the window touches.
  for (int64_t r = w.r0 / kTileRows * kTileRows; r < w.r0 + w.nr; r += kTileRows)
    for (int64_t c = w.c0; c < w.c0 + w.nc; c += kLanes) {
      Win t{ref, r, kTileRows, c, kLanes};
      if (isInit(t))
        continue;
      chooseSyntax(t, false);
      std::vector<int> tiles;
      for (int i = 0; i < (int)vals_.size(); ++i)
        if (vals_[i].rows == kTileRows && vals_[i].cols == kLanes)
          tiles.push_back(i);
      if (!tiles.empty() && chance(0.6)) {
        Op op(Kind::Store);
        op.a = oneOf(tiles);
        op.w = t;
        p_.ops.push_back(op);
        write(t, vals_[op.a].data);
      } else {
        Op op(Kind::StoreConst);
        op.scalar = 2.0 + (double)pick(0, 8) * 0.25;
        op.w = t;
        p_.ops.push_back(op);
        write(t, std::vector<float>(kTileRows * kLanes, (float)op.scalar));
      }
    }
  chooseSyntax(w, true);
  Win out{O, 0, o[0], 0, o[1], Syntax::Whole};
  Op op(Kind::DmaStart);
  op.w = w;
  op.w2 = out;
  op.sem = (int)pick(0, kNumSems - 1);
  op.dma = p_.numDmas++;
  op.asyncCopy = chance(0.5);
  p_.ops.push_back(op);
  write(out, read(w).data);
  flights_.push_back({op.dma, op.sem, w, out});
  semBusy_[op.sem] = true;
  // Sometimes scratch work while the output DMA is in flight (never writing
  // its source), then the wait; sometimes dead stores after it.
  if (chance(0.4)) {
    for (int i = 0, n = (int)pick(1, 3); i < n; ++i)
      chance(0.5) ? genLoad() : chance(0.5) ? genStoreConst() : genStore();
  }
  emitWait(0);
  if (chance(0.5)) {
    for (int i = 0, n = (int)pick(1, 4); i < n; ++i)
      chance(0.3) ? genLoad() : chance(0.5) ? genStoreConst() : genStore();
  }
  p_.expected = bufs_[O].data;
}

Program Generator::generate() {
  setShapes();
  int target = (int)pick(8, 40);
  // Start with data: most kernels begin by copying an input in.
  if (chance(0.8))
    for (int tries = 0; tries < 20 && !genDmaStart(); ++tries) {
    }
  for (int attempts = 0; (int)p_.ops.size() < target && attempts < target * 20; ++attempts) {
    double roll = (rng_() % 1000) / 1000.0;
    if (roll < 0.17) {
      genDmaStart();
    } else if (roll < 0.32) {
      if (!flights_.empty())
        emitWait(chance(0.6) ? 0 : pick(0, flights_.size() - 1));
    } else if (roll < 0.57) {
      genLoad();
    } else if (roll < 0.77) {
      genArith();
    } else if (roll < 0.93) {
      genStore();
    } else {
      genStoreConst();
    }
  }
  finish();
  p_.numValues = (int)vals_.size();
  return std::move(p_);
}

}  // namespace

Program generateProgram(uint32_t seed, int index) { return Generator(seed, index).generate(); }

}  // namespace tessera::difftest
