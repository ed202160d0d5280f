//===- BlockSpecDiffTest.cpp - Random block shapes, compiled = interpreted ===//
//
// The differential test of pallas_call's block machinery: from a fixed
// seed, random arrays (rank 1 to 4; f32, int32, bf16, int8; extents that
// are not whole tiles) and random BlockSpecs that Pallas TPU accepts for
// them (blocks of the array's extent, of whole tiles, larger than the
// array, partial edge blocks; squeezed dimensions; pl::Element rows at
// element offsets, overlapping at the end; pl::BoundedSlice rows of a
// run-time size (of 1-D arrays too, in whole rows of words); pl::Element
// columns at whole 128-lane tiles, padded too, and bounded ones, beside
// element or bounded rows too; the squeezed column of an [R, 1] array; leading dimensions of 1 or squeezed with a
// part of a matrix, whole ones, or any divisors with a part of the rows of several
// matrices; matrices of any rows), with a grid that covers the array and the same
// spec for the output. The body is elementwise (x * 2 + 1, int x * 3 - 1),
// so every element of the output is the host's f(x): the compiled and the
// interpreted kernel must both give it, bit for bit. A failure prints the
// configuration.
//
//   TESSERA_BLOCKSPEC_SEED=n   another seed
//   TESSERA_BLOCKSPEC_COUNT=n  another number of configurations
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "DslTestUtil.h"
#include "dsl/tessera.h"
#include "sim/VectorMath.h"

namespace tessera {
namespace {

using testutil::valuesOf;

enum class Dim { Blocked, Squeezed, Element, Bounded };

/// One drawn configuration: the array, and per dimension the kind of block
/// dimension, its size and the grid's steps along it.
struct Config {
  DType dtype = DType::float32;
  Shape shape;
  std::vector<Dim> kinds;
  std::vector<int64_t> sizes, steps;
  /// The rows padding pl::Element rows (lo, hi; of each matrix of a
  /// rank-3+ array): the windows' offsets are rows of the padded rows.
  std::pair<int64_t, int64_t> padding = {0, 0};
  /// Whether dimension d holds the (matrices') rows.
  bool isRows(size_t d) const {
    return shape.size() == 1 ? d == 0 : d == shape.size() - 2;
  }
  /// The columns padding pl::Element columns (lo, hi; whole lane tiles).
  std::pair<int64_t, int64_t> colPadding = {0, 0};
  /// Dimension d's extent as its offsets see it: padded rows (columns)
  /// included.
  int64_t extentOf(size_t d) const {
    if (shape.size() == 2 && d == 1)
      return shape[d] + colPadding.first + colPadding.second;
    return shape[d] + (isRows(d) ? padding.first + padding.second : 0);
  }
  /// A second input of the same shape and spec (o = f(x, y)).
  bool twoInputs = false;
  /// The grid's axes in reverse order of the dimensions they index.
  bool reversed = false;
  /// The first grid axis PARALLEL (split over the chip's TensorCores).
  bool parallel = false;
  /// pl::Buffered(n) of the inputs (0: the default, 2), and of the output
  /// (0 or 3: its write-backs rotate through 3 buffers).
  int buffers = 0, outBuffers = 0;
  /// The output aliases input 0 (input_output_aliases {0: 0}).
  bool aliased = false;
  /// The block indices come from a scalar-prefetch table (one int32 per
  /// dimension and grid step of its axis) instead of arithmetic.
  bool prefetched = false;
  /// pltpu::emit_pipeline inside a pl::kernel over the HBM arrays instead
  /// of a pallas_call (no scalar prefetch, aliases or parallel axes).
  bool emit = false;

  /// The grid: one axis per dimension, in order or reversed.
  std::vector<int64_t> grid() const {
    std::vector<int64_t> g = steps;
    if (reversed)
      std::reverse(g.begin(), g.end());
    return g;
  }
  /// The grid axis that indexes dimension d.
  size_t axisOf(size_t d) const { return reversed ? steps.size() - 1 - d : d; }

  std::string str() const {
    std::ostringstream os;
    os << to_string(ShapeDtypeStruct{shape, dtype}) << " block (";
    for (size_t d = 0; d < shape.size(); ++d) {
      os << (d ? ", " : "");
      switch (kinds[d]) {
      case Dim::Blocked: os << sizes[d]; break;
      case Dim::Squeezed: os << "Squeezed"; break;
      case Dim::Element:
        os << "Element(" << sizes[d];
        if (isRows(d) && padding != std::pair<int64_t, int64_t>{0, 0})
          os << ", (" << padding.first << ", " << padding.second << ")";
        if (!isRows(d) && colPadding != std::pair<int64_t, int64_t>{0, 0})
          os << ", (" << colPadding.first << ", " << colPadding.second << ")";
        os << ")";
        break;
      case Dim::Bounded: os << "BoundedSlice(" << sizes[d] << ")"; break;
      }
    }
    os << ") grid (";
    std::vector<int64_t> g = grid();
    for (size_t d = 0; d < g.size(); ++d)
      os << (d ? ", " : "") << g[d];
    os << ")" << (twoInputs ? ", two inputs" : "") << (reversed ? ", axes reversed" : "")
       << (parallel ? ", first axis parallel" : "")
       << (buffers ? ", Buffered(" + std::to_string(buffers) + ")" : "")
       << (outBuffers ? ", output Buffered(" + std::to_string(outBuffers) + ")" : "")
       << (aliased ? ", output aliases input 0" : "")
       << (prefetched ? ", indices from scalar prefetch" : "")
       << (emit ? ", emit_pipeline" : "");
    return os.str();
  }
};

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

class Drawer {
public:
  explicit Drawer(uint32_t seed) : rng_(seed) {}

  Config draw() {
    Config c;
    static constexpr DType kDtypes[] = {DType::float32, DType::int32, DType::bfloat16,
                                        DType::int8};
    c.dtype = kDtypes[pick(4)];
    int rank = std::array<int, 5>{1, 2, 2, 3, 4}[pick(5)];
    if (rank == 1)
      drawRank1(c);
    else if (rank == 2)
      drawRank2(c);
    else
      drawBatch(c, rank);
    bool element = std::ranges::any_of(c.kinds, [](Dim d) {
      return d == Dim::Element || d == Dim::Bounded;
    });
    c.twoInputs = chance(40);
    c.reversed = c.steps.size() > 1 && chance(30);
    // (pl::Element and pl::BoundedSlice blocks go through the pipeline,
    // buffered too (an output's write-backs from a ring, each waiting for
    // an earlier one in flight whose window overlaps). Neither is split
    // over the cores: the last element window overlaps the one before it,
    // which two cores would write back in a race.)
    c.parallel = !element && chance(30);
    c.buffers = !chance(30) ? 0 : (chance(50) ? 1 : 3);
    c.outBuffers = !chance(element ? 40 : 25) ? 0 : 3;
    // (Element windows overlap at the end: aliased, a later step would read
    // what an earlier one wrote, which the host model does not follow.)
    c.emit = chance(25);
    c.aliased = !c.emit && !std::ranges::count(c.kinds, Dim::Element) && chance(20);
    c.prefetched = !c.emit && chance(25);
    c.parallel = c.parallel && !c.emit;
    return c;
  }

private:
  std::mt19937 rng_;
  uint64_t pick(uint64_t n) { return std::uniform_int_distribution<uint64_t>(0, n - 1)(rng_); }
  int64_t range(int64_t lo, int64_t hi) { return lo + (int64_t)pick(uint64_t(hi - lo + 1)); }
  bool chance(int percent) { return (int)pick(100) < percent; }

  /// A blocked size along a dimension of `n` with tile `unit`: the extent,
  /// or whole tiles (fewer than the extent, or, if `larger`, more: one
  /// block past it).
  int64_t blockedSize(int64_t n, int64_t unit, bool larger = true) {
    if (chance(30))
      return n;
    return std::min(unit * range(1, ceilDiv(n, unit) + (larger && chance(20) ? 1 : 0)),
                    larger ? INT64_MAX : std::max(n / unit * unit, n));
  }
  /// An extent: sometimes whole tiles of `unit`, else any in [1, hi].
  int64_t extent(int64_t hi, int64_t unit) {
    return chance(25) ? unit * range(1, std::max<int64_t>(hi / unit, 1)) : range(1, hi);
  }

  void add(Config &c, Dim kind, int64_t size, int64_t steps) {
    c.kinds.push_back(kind);
    c.sizes.push_back(size);
    c.steps.push_back(steps);
  }

  void drawRank1(Config &c) {
    int64_t n = range(1, 3000);
    // Mosaic's rank-1 rule: the extent or a multiple of 128 * 32 / bitwidth.
    int64_t unit = 128 * 4 / itemsize(c.dtype);
    if (chance(15)) {
      // pl::Element blocks (padded too) or pl::BoundedSlice ones of whole
      // rows of words: the array, the block, the padding (and the sizes)
      // multiples of the unit.
      n = unit * range(1, 3000 / unit);
      c.shape = {n};
      bool bounded = chance(35);
      if (!bounded && chance(40))
        c.padding = {unit * range(0, 1), unit * range(0, 1)};
      int64_t be = unit * range(1, n / unit);
      add(c, bounded ? Dim::Bounded : Dim::Element, be, ceilDiv(c.extentOf(0), be));
      return;
    }
    c.shape = {n};
    int64_t b = chance(30) ? n : unit * range(1, ceilDiv(n, unit) + (chance(20) ? 1 : 0));
    add(c, Dim::Blocked, b, ceilDiv(n, b));
  }

  /// Element columns of `cols`, whole 128-lane tiles (padded too, by
  /// whole lane tiles; or pl::BoundedSlice columns, the last step's size
  /// what is left).
  void drawElementCols(Config &c, int64_t cols) {
    bool bounded = chance(30);
    if (!bounded && chance(40))
      c.colPadding = {128 * range(0, 1), 128 * range(0, 1)};
    int64_t be = 128 * range(1, cols / 128 - 1);
    add(c, bounded ? Dim::Bounded : Dim::Element, be, ceilDiv(c.extentOf(1), be));
  }

  void drawRank2(Config &c) {
    int64_t rows = chance(15) ? 1 : extent(72, 8), cols = chance(5) ? 1 : extent(300, 128);
    c.shape = {rows, cols};
    int64_t r = pick(100);
    bool element = false;
    if (rows == 1 && r < 20) {
      add(c, Dim::Squeezed, 1, 1);
    } else if (r < 55 && (cols <= 128 || rows % (8 * packing(c.dtype)) == 0) &&
               rows % packing(c.dtype) == 0) {
      element = true;
      // Element rows (at offsets i * be, the last clamped so that it ends
      // with the array: windows may overlap) or BoundedSlice rows (the
      // last step's size what is left). A Ref wider than 128 lanes moves
      // whole tiles: sizes and offsets multiples of 8 (8 * packing rows);
      // packed rows move in whole words: multiples of the packing
      // (promised, index map).
      // Element rows may be padded (each step's rows inside the array
      // move; an output writes back those): by multiples of the same unit.
      // Beside them, element or bounded columns too (a rectangle of each
      // step's rows and columns inside the array moves).
      int64_t p = packing(c.dtype);
      bool elementCols = rows % (8 * p) == 0 && chance(50);
      if (elementCols)  // (whole lane tiles: 2 to 4 of them)
        c.shape[1] = cols = 128 * range(2, 4);
      bool wide = cols > 128;
      int64_t unit = wide ? 8 * p : p;
      int64_t be = unit * range(1, rows / unit);
      if (r < 37 && chance(40))
        c.padding = {unit * range(0, 2), unit * range(0, 2)};
      add(c, r < 37 ? Dim::Element : Dim::Bounded, be, ceilDiv(c.extentOf(0), be));
      if (elementCols)
        return drawElementCols(c, cols);
    } else {
      // Element columns: offsets whole 128-lane tiles (promised), the last
      // clamped so that it ends with the array; beside them the rows'
      // block stays inside the array (as beside element rows).
      bool elementCols = r < 75;
      if (elementCols)  // (whole lane tiles: 2 to 4 of them)
        c.shape[1] = cols = 128 * range(2, 4);
      int64_t bm = blockedSize(rows, 8, !elementCols);
      add(c, Dim::Blocked, bm, ceilDiv(rows, bm));
      if (elementCols)
        return drawElementCols(c, cols);
    }
    // (Beside element rows a block stays inside the array's columns: one
    // larger is not supported yet.) The one column of an [R, 1] array may
    // be squeezed (the body's Ref 1-D).
    if (cols == 1 && c.kinds[0] != Dim::Squeezed && chance(50))
      return add(c, Dim::Squeezed, 1, 1);
    int64_t bn = blockedSize(cols, 128, !element);
    add(c, Dim::Blocked, bn, ceilDiv(cols, bn));
  }

  void drawBatch(Config &c, int rank) {
    Shape lead;
    for (int d = 0; d + 2 < rank; ++d)
      lead.push_back(range(1, 3));
    // Matrices of any rows (padded to whole 8-row tiles in memory), or of
    // whole tiles.
    int64_t m = chance(35) ? range(1, 20) : 8 * range(1, 3);
    int64_t n = range(1, 300);
    c.shape = lead;
    c.shape.push_back(m);
    c.shape.push_back(n);
    bool element = packing(c.dtype) == 1 && n <= 128 && chance(25);
    // Leading dimensions: 1 or squeezed (one matrix per step) with a part
    // of its rows, all of them (a block of whole matrices), or any divisor
    // of each with any rows (several matrices and a part of their rows:
    // one copy per matrix each step).
    enum { PerMatrix, Whole, Any } mode = chance(60) ? PerMatrix : chance(50) ? Whole : Any;
    if (element && mode == Whole)
      mode = PerMatrix;
    for (int64_t l : lead) {
      if (mode == PerMatrix) {
        add(c, chance(50) ? Dim::Squeezed : Dim::Blocked, 1, l);
      } else if (mode == Whole) {
        add(c, Dim::Blocked, l, 1);
      } else {
        std::vector<int64_t> ds;
        for (int64_t b = 1; b <= l; ++b)
          if (l % b == 0)
            ds.push_back(b);
        int64_t b = ds[pick(ds.size())];
        add(c, b == 1 && chance(50) ? Dim::Squeezed : Dim::Blocked, b, l / b);
      }
    }
    if (element) {  // element offsets (of padded rows too), or pl::BoundedSlice rows of each matrix
      int64_t be = range(1, m);
      bool bounded = !chance(70);
      if (!bounded && chance(40))
        c.padding = {range(0, 2), range(0, 2)};
      add(c, bounded ? Dim::Bounded : Dim::Element, be, ceilDiv(m + c.padding.first + c.padding.second, be));
    } else {
      // A part of a matrix (its rows whole tiles: a divisor of m, or not,
      // the last block of each matrix a partial edge block) or all of them.
      std::vector<int64_t> divisors;
      bool edge = chance(30);
      for (int64_t b = 8; b < m || (b == m && !edge); b += 8)
        if (m % b == 0 || edge)
          divisors.push_back(b);
      if (divisors.empty())  // (m not a multiple of 8: all of its rows)
        divisors.push_back(m);
      int64_t bm = mode == Whole ? m : divisors[pick(divisors.size())];
      add(c, Dim::Blocked, bm, ceilDiv(m, bm));
    }
    add(c, Dim::Blocked, n, 1);
  }
};

/// The block spec of `c`: block dims and an index map taking one grid index
/// per dimension.
/// Entries per dimension in the scalar-prefetch table (grid steps along an
/// axis are at most 72).
constexpr int64_t kTableRow = 128;

/// The scalar-prefetch table of `c`: dimension d's block index or element
/// start by grid step.
std::vector<int32_t> prefetchTable(const Config &c) {
  std::vector<int32_t> t(kTableRow * c.shape.size(), 0);
  for (size_t d = 0; d < c.shape.size(); ++d)
    for (int64_t i = 0; i < c.steps[d]; ++i) {
      int64_t n = c.extentOf(d), b = c.sizes[d];
      t[d * kTableRow + i] = int32_t(c.kinds[d] == Dim::Element   ? std::min(i * b, n - b)
                                     : c.kinds[d] == Dim::Bounded ? i * b
                                                                  : i);
    }
  return t;
}

pl::BlockSpec specOf(const Config &c, bool output) {
  std::vector<pl::BlockDim> dims;
  for (size_t d = 0; d < c.shape.size(); ++d)
    switch (c.kinds[d]) {
    case Dim::Blocked: dims.emplace_back(c.sizes[d]); break;
    case Dim::Squeezed: dims.emplace_back(pl::Squeezed); break;
    case Dim::Element:
      dims.emplace_back(pl::Element{c.sizes[d], c.isRows(d)                           ? c.padding
                                                : c.shape.size() == 2 && d == 1 ? c.colPadding
                                                                                : std::pair<int64_t, int64_t>{}});
      break;
    case Dim::Bounded: dims.emplace_back(pl::BoundedSlice{c.sizes[d]}); break;
    }
  pl::BlockSpec spec(dims);
  if (c.buffers && !output)
    spec.pipeline_mode = pl::Buffered{c.buffers};
  if (c.outBuffers && output)
    spec.pipeline_mode = pl::Buffered{c.outBuffers};
  spec.index_map = [c](const pl::IndexMapArgs &a, const std::source_location &loc) {
    // A constant of the index map's trace.
    auto constant = [&](int64_t v) { return At<Scalar>(a.grid[0], loc) * 0 + v; };
    // Dimension d's entry of the prefetch table at step i.
    auto tableAt = [&](size_t d, const Scalar &i) -> Scalar {
      return a.prefetch[0][At<Scalar>(i, loc) + int64_t(d) * kTableRow];
    };
    pl::BlockIndices out;
    for (size_t d = 0; d < c.shape.size(); ++d) {
      Scalar i = a.grid[c.axisOf(d)];
      int64_t n = c.extentOf(d), b = c.sizes[d];
      // The unit the offsets and sizes are promised multiples of: whole
      // tiles of a wide Ref, whole words of a packed one, whole rows of
      // words of a 1-D one.
      int64_t unit = c.shape.size() == 1       ? 128 * packing(c.dtype)
                     : !c.isRows(d)          ? 128  // element columns: whole lane tiles
                     : c.shape.back() > 128 ? 8 * packing(c.dtype)
                                            : packing(c.dtype);
      auto promise = [&](const Scalar &v) { return unit > 1 ? pl::multiple_of(v, unit, loc) : v; };
      switch (c.kinds[d]) {
      case Dim::Blocked:
      case Dim::Squeezed:
        out.at.push_back(c.prefetched ? tableAt(d, i) : i);
        out.size.push_back(std::nullopt);
        break;
      case Dim::Element: {
        // i * b, the last window ending with the array (or the table's).
        Scalar at = c.prefetched ? tableAt(d, i)
                                 : jnp::minimum(At<Scalar>(i, loc) * b, constant(n - b), loc);
        out.at.push_back(promise(at));
        out.size.push_back(std::nullopt);
        break;
      }
      case Dim::Bounded: {
        Scalar at = c.prefetched ? tableAt(d, i) : At<Scalar>(i, loc) * b;
        Scalar size = jnp::minimum(constant(n) - at, constant(b), loc);
        out.at.push_back(promise(at));
        out.size.push_back(promise(size));
        break;
      }
      }
    }
    return out;
  };
  return spec;
}

/// The input's words (small integers: exact through the body in every
/// dtype) and the body's on the host.
std::vector<int32_t> inputValues(const Config &c, int salt) {
  std::vector<int32_t> v(numElements(c.shape));
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = int32_t((i * 37 + 11 + salt * 13) % 61) - 30;
  return v;
}
Array inputArray(const Config &c, const std::vector<int32_t> &v) {
  if (c.dtype == DType::float32 || c.dtype == DType::bfloat16)
    return Array::from_f32(std::vector<float>(v.begin(), v.end()), c.shape, c.dtype);
  return Array::from_s32(v, c.shape, c.dtype);
}
/// The body on the host: x * 2 + 1 (+ y), integers x * 3 - 1 (- y).
std::vector<float> hostResult(const Config &c, const std::vector<int32_t> &x,
                              const std::vector<int32_t> &y) {
  std::vector<float> out(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    int32_t other = c.twoInputs ? y[i] : 0;
    if (c.dtype == DType::float32 || c.dtype == DType::bfloat16)
      out[i] = float(x[i]) * 2 + 1 + float(other);
    else if (c.dtype == DType::int8)
      out[i] = float(vmath::wrapS8(x[i] * 3 - 1 - other));
    else
      out[i] = float(x[i] * 3 - 1 - other);
  }
  return out;
}

uint32_t envOr(const char *name, uint32_t fallback) {
  const char *v = std::getenv(name);
  return v ? (uint32_t)std::strtoul(v, nullptr, 10) : fallback;
}

TEST(BlockSpecDiff, CompiledAndInterpretedAgreeWithTheHost) {
  const uint32_t seed = envOr("TESSERA_BLOCKSPEC_SEED", 2026);
  const uint32_t count = envOr("TESSERA_BLOCKSPEC_COUNT", 400);
  Drawer drawer(seed);
  std::array<int, 4> kinds{};
  std::array<int, 5> ranks{};
  int padded = 0, two = 0, reversed = 0, parallel = 0, buffered = 0, aliased = 0, prefetched = 0,
      emitted = 0, paddedRows = 0, paddedCols = 0, rectangles = 0, squeezedCols = 0;
  for (uint32_t k = 0; k < count; ++k) {
    Config c = drawer.draw();
    SCOPED_TRACE("seed " + std::to_string(seed) + " configuration " + std::to_string(k) + ": " +
                 c.str());
    for (Dim d : c.kinds)
      ++kinds[(size_t)d];
    ++ranks[c.shape.size()];
    padded += c.shape.back() % 128 != 0;
    paddedRows += c.padding != std::pair<int64_t, int64_t>{0, 0};
    paddedCols += c.colPadding != std::pair<int64_t, int64_t>{0, 0};
    rectangles += c.shape.size() == 2 && c.kinds[0] >= Dim::Element && c.kinds[1] >= Dim::Element;
    squeezedCols += c.shape.size() == 2 && c.kinds[1] == Dim::Squeezed;
    two += c.twoInputs;
    reversed += c.reversed;
    parallel += c.parallel;
    buffered += c.buffers != 0;
    aliased += c.aliased;
    prefetched += c.prefetched;
    emitted += c.emit;
    std::vector<int32_t> v = inputValues(c, 0), w = inputValues(c, 1);
    std::vector<float> want = hostResult(c, v, w);
    bool isFloat = c.dtype == DType::float32 || c.dtype == DType::bfloat16;
    std::vector<int64_t> grid = c.grid();
    std::vector<pltpu::GridDimensionSemantics> semantics;
    if (c.parallel) {
      semantics.assign(grid.size(), pltpu::ARBITRARY);
      semantics[0] = pltpu::PARALLEL;
    }
    std::vector<Array> args;
    if (c.prefetched)
      args.push_back(Array::from_s32(prefetchTable(c), {kTableRow * (int64_t)c.shape.size()}));
    args.push_back(inputArray(c, v));
    std::vector<pl::BlockSpec> inSpecs = {specOf(c, false)};
    if (c.twoInputs) {
      args.push_back(inputArray(c, w));
      inSpecs.push_back(specOf(c, false));
    }
    int first = c.prefetched ? 1 : 0;  // the first array input's argument
    for (bool interpret : {false, true}) {
      pl::PallasCallSpec spec{
          .out_shape = ShapeDtypeStruct{c.shape, c.dtype},
          .grid_spec = pltpu::PrefetchScalarGridSpec{
              .num_scalar_prefetch = first,
              .grid = std::vector<pl::GridDim>(grid.begin(), grid.end()),
              .in_specs = inSpecs,
              .out_specs = {specOf(c, true)}},
          .name = "blockspec",
          .compiler_params = {.dimension_semantics = semantics},
          .interpret = interpret};
      if (c.aliased)
        spec.input_output_aliases = {{first, 0}};
      auto body = [isFloat, first, two = c.twoInputs](const std::vector<Ref> &refs) {
        Value x = refs[first][___];
        Value out = isFloat ? x * 2 + 1 : x * 3 - 1;
        if (two)
          out = isFloat ? out + refs[first + 1][___] : out - refs[first + 1][___];
        refs.back()[___] = out;
      };
      std::vector<float> got;
      try {
        if (c.emit) {
          // The same blocks through emit_pipeline over the kernel's HBM Refs.
          pltpu::EmitPipelineSpec pipeline{
              .grid = std::vector<IntOrScalar>(grid.begin(), grid.end()),
              .in_specs = inSpecs,
              .out_specs = {specOf(c, true)}};
          pl::Kernel k({.out_type = ShapeDtypeStruct{c.shape, c.dtype},
                        .name = "blockspec_emit",
                        .interpret = interpret},
                       (int)args.size() + 1,
                       [&](const std::vector<Ref> &refs) {
                         pltpu::Pipeline(pipeline, body, std::source_location::current())
                             .run(refs);
                       },
                       std::source_location::current());
          got = valuesOf(k.call(args).front());
        } else {
          got = valuesOf(pl::PallasCall(spec, (int)args.size() + 1, body,
                                        std::source_location::current())
                             .call(args)
                             .front());
        }
      } catch (const std::exception &e) {
        ADD_FAILURE() << (interpret ? "interpreted: " : "compiled: ") << e.what();
        continue;
      }
      ASSERT_EQ(got.size(), want.size());
      for (size_t i = 0; i < want.size(); ++i)
        if (got[i] != want[i]) {
          ADD_FAILURE() << (interpret ? "interpreted" : "compiled") << ": element " << i
                        << " is " << got[i] << ", want " << want[i];
          break;
        }
    }
  }
  // What the configurations held (so that a change of the drawer that
  // stops drawing a kind shows).
  std::cout << count << " configurations: ranks 1-4 " << ranks[1] << "/" << ranks[2] << "/"
            << ranks[3] << "/" << ranks[4] << "; dimensions blocked " << kinds[0]
            << ", squeezed " << kinds[1] << ", element " << kinds[2] << ", bounded "
            << kinds[3] << " (" << paddedRows << " element rows padded, " << paddedCols
            << " element columns padded, " << rectangles
            << " element or bounded along both, " << squeezedCols << " [R, 1] with the column squeezed); "
            << padded
            << " with a padded last dimension, " << two
            << " with two inputs, " << reversed << " with the grid's axes reversed, "
            << parallel << " with a parallel axis, " << buffered << " with Buffered(1 or 3), "
            << aliased << " aliased, " << prefetched << " with indices from scalar prefetch, "
            << emitted << " through emit_pipeline\n";
  for (int r = 1; r <= 4; ++r)
    EXPECT_GT(ranks[r], 0) << "rank " << r;
  for (int d = 0; d < 4; ++d)
    EXPECT_GT(kinds[d], 0) << "dimension kind " << d;
  EXPECT_GT(paddedRows, 0);
  EXPECT_GT(paddedCols, 0);
  EXPECT_GT(rectangles, 0);
  EXPECT_GT(squeezedCols, 0);
}

}  // namespace
}  // namespace tessera
