//===- KernelProgram.cpp - Replaying and printing a generated kernel ------===//
//
// Two of the three readings of a Program (KernelProgram.h): replay, which
// emits the body through the DSL inside a kernel being traced, and
// programText, which prints the same body as the C++ a kernel author would
// write. The two must spell every window alike, so that a printed failing
// kernel reproduces what was compiled.
//
//===----------------------------------------------------------------------===//
#include "KernelProgram.h"

#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace tessera::difftest {

//===----------------------------------------------------------------------===//
// Replaying the program inside the kernel body (at trace time)
//===----------------------------------------------------------------------===//

namespace {

/// The kernel body's view of the program: its Refs and the run-time starts
/// read so far.
struct Replay {
  const Program &p;
  std::array<Ref, kNumRefs> refs;
  Ref sems, off;
  std::vector<std::optional<Scalar>> starts;

  Scalar start(const Win &w) {
    if (w.fresh)
      return off[(int64_t)w.dyn];
    std::optional<Scalar> &s = starts[w.dyn];
    if (!s)
      s = off[(int64_t)w.dyn];
    return *s;
  }

  /// The run-time row window of a Dyn* spelling (not DynNested).
  Slice dynRows(const Win &w) {
    Scalar s = start(w);
    switch (w.syntax) {
    case Syntax::DynDs: return pl::ds(s, w.nr);
    case Syntax::DynAdd: return w.k >= 0 ? pl::ds(s + w.k, w.nr) : pl::ds(s - (-w.k), w.nr);
    default: return Slice{.start = w.k, .size = w.nr, .dynamicStart = s};
    }
  }

  Ref dmaWindow(const Win &w) {
    const Ref &r = refs[w.ref];
    switch (w.syntax) {
    case Syntax::Whole: return r;
    case Syntax::Slice: return r.at(pl::slice(w.r0, w.r0 + w.nr));
    case Syntax::Ds: return r.at(pl::ds(w.r0, w.nr));
    case Syntax::RowsCols:
    case Syntax::RowsAll: return r.at(pl::ds(w.r0, w.nr), pl::ds(w.c0, w.nc));
    case Syntax::Nested:
      return r.at(pl::ds(w.base, w.nb)).at(pl::ds(w.r0 - w.base, w.nr), pl::ds(w.c0, w.nc));
    case Syntax::DynNested: return r.at(pl::ds(start(w), w.nb)).at(pl::ds(w.k, w.nr));
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
    case Syntax::DynNested: return r.at(pl::ds(start(w), w.nb))[pl::ds(w.k, w.nr)];
    case Syntax::DynDs:
    case Syntax::DynAdd:
    case Syntax::DynSlice: return r[dynRows(w)];
    }
    return r[___];
  }
};

}  // namespace

void replay(const Program &p, const std::array<Ref, kNumRefs> &refs, const Ref &sems,
            const Ref &off) {
  Replay r{p, refs, sems, off, std::vector<std::optional<Scalar>>(p.offsets.size())};
  std::vector<Value> vals(p.numValues);
  std::vector<std::optional<pltpu::AsyncCopyDescriptor>> dmas(p.numDmas);
  for (const Op &op : p.ops) {
    switch (op.kind) {
    case Kind::Load: vals[op.dst] = r.access(op.w); break;
    case Kind::Bin: {
      const Value &a = vals[op.a], &b = vals[op.b];
      vals[op.dst] = op.bin == BinKind::Add ? a + b : op.bin == BinKind::Sub ? a - b : a * b;
      break;
    }
    case Kind::ScalarOp: {
      const Value &a = vals[op.a];
      double s = op.scalar;
      if (op.scalarFirst)
        vals[op.dst] = op.bin == BinKind::Add ? s + a : op.bin == BinKind::Sub ? s - a : s * a;
      else
        vals[op.dst] = op.bin == BinKind::Add ? a + s : op.bin == BinKind::Sub ? a - s : a * s;
      break;
    }
    case Kind::Neg: vals[op.dst] = -vals[op.a]; break;
    case Kind::Store: r.access(op.w) = vals[op.a]; break;
    case Kind::StoreConst: r.access(op.w) = op.scalar; break;
    case Kind::DmaStart: {
      Ref src = r.dmaWindow(op.w), dst = r.dmaWindow(op.w2);
      if (op.asyncCopy) {
        dmas[op.dma].emplace(pltpu::async_copy(src, dst, sems.at(op.sem)));
      } else {
        dmas[op.dma].emplace(pltpu::make_async_copy(src, dst, sems.at(op.sem)));
        dmas[op.dma]->start();
      }
      break;
    }
    case Kind::DmaWait: dmas[op.dma]->wait(); break;
    }
  }
}

//===----------------------------------------------------------------------===//
// The program as C++ (for failure messages and reproductions)
//===----------------------------------------------------------------------===//

namespace {

const char *const kRefNames[kNumRefs] = {"x_hbm", "y_hbm", "o_hbm", "a", "b", "c", "d"};

std::string shapeText(const Shape &s) {
  return "{" + std::to_string(s[0]) + ", " + std::to_string(s[1]) + "}";
}

std::string winText(const Win &w, bool dma) {
  std::string r = kRefNames[w.ref];
  auto ds = [](int64_t a, int64_t n) {
    return "pl::ds(" + std::to_string(a) + ", " + std::to_string(n) + ")";
  };
  auto sl = [](int64_t a, int64_t n) {
    return "pl::slice(" + std::to_string(a) + ", " + std::to_string(a + n) + ")";
  };
  switch (w.syntax) {
  case Syntax::Whole: return dma ? r : r + "[___]";
  case Syntax::Slice: return dma ? r + ".at(" + sl(w.r0, w.nr) + ")" : r + "[" + sl(w.r0, w.nr) + "]";
  case Syntax::Ds: return dma ? r + ".at(" + ds(w.r0, w.nr) + ")" : r + "[" + ds(w.r0, w.nr) + "]";
  case Syntax::RowsCols:
    return dma ? r + ".at(" + ds(w.r0, w.nr) + ", " + ds(w.c0, w.nc) + ")"
               : r + "(" + ds(w.r0, w.nr) + ", " + ds(w.c0, w.nc) + ")";
  case Syntax::RowsAll:
    return dma ? r + ".at(" + ds(w.r0, w.nr) + ", " + ds(w.c0, w.nc) + ")"
               : r + "(" + sl(w.r0, w.nr) + ", pl::all)";
  case Syntax::Nested: {
    std::string outer = r + ".at(" + ds(w.base, w.nb) + ")";
    std::string inner = ds(w.r0 - w.base, w.nr) + ", " + ds(w.c0, w.nc);
    return dma ? outer + ".at(" + inner + ")" : outer + "(" + inner + ")";
  }
  default: break;
  }
  std::string s = w.fresh ? "off_smem[" + std::to_string(w.dyn) + "]" : "s" + std::to_string(w.dyn);
  std::string n = std::to_string(w.nr), k = std::to_string(w.k);
  std::string rows;
  switch (w.syntax) {
  case Syntax::DynDs: rows = "pl::ds(" + s + ", " + n + ")"; break;
  case Syntax::DynAdd:
    rows = "pl::ds(" + s + (w.k >= 0 ? " + " + k : " - " + std::to_string(-w.k)) + ", " + n + ")";
    break;
  case Syntax::DynSlice:
    rows = "Slice{.start = " + k + ", .size = " + n + ", .dynamicStart = " + s + "}";
    break;
  default: {  // DynNested
    std::string outer = r + ".at(pl::ds(" + s + ", " + std::to_string(w.nb) + "))";
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

}  // namespace

std::string programText(const Program &p) {
  std::ostringstream os;
  os << "// inputs: ";
  if (p.prefetch) {
    os << "off_smem {";
    for (size_t i = 0; i < p.offsets.size(); ++i)
      os << (i ? ", " : "") << p.offsets[i];
    os << "} (num_scalar_prefetch = 1; sI is off_smem[I] read once, at its first use), ";
  }
  os << "x_hbm " << shapeText(p.shapes[X]);
  if (p.twoInputs)
    os << ", y_hbm " << shapeText(p.shapes[Y]);
  os << "; out o_hbm " << shapeText(p.shapes[O]) << "; scratch a " << shapeText(p.shapes[A])
     << ", b " << shapeText(p.shapes[B]) << ", c " << shapeText(p.shapes[C]) << ", d "
     << shapeText(p.shapes[D]) << ", sems DMA(" << kNumSems << "); checks "
     << (p.checks ? "on" : "off") << "\n";
  const char *binSym[] = {"+", "-", "*"};
  for (const Op &op : p.ops) {
    switch (op.kind) {
    case Kind::Load:
      os << "Value v" << op.dst << " = " << winText(op.w, false) << ";\n";
      break;
    case Kind::Bin:
      os << "Value v" << op.dst << " = v" << op.a << " " << binSym[(int)op.bin] << " v" << op.b
         << ";\n";
      break;
    case Kind::ScalarOp:
      if (op.scalarFirst)
        os << "Value v" << op.dst << " = " << scalarText(op.scalar) << " "
           << binSym[(int)op.bin] << " v" << op.a << ";\n";
      else
        os << "Value v" << op.dst << " = v" << op.a << " " << binSym[(int)op.bin] << " "
           << scalarText(op.scalar) << ";\n";
      break;
    case Kind::Neg: os << "Value v" << op.dst << " = -v" << op.a << ";\n"; break;
    case Kind::Store: os << winText(op.w, false) << " = v" << op.a << ";\n"; break;
    case Kind::StoreConst:
      os << winText(op.w, false) << " = " << scalarText(op.scalar) << ";\n";
      break;
    case Kind::DmaStart:
      if (op.asyncCopy)
        os << "auto dma" << op.dma << " = pltpu::async_copy(" << winText(op.w, true) << ", "
           << winText(op.w2, true) << ", sems.at(" << op.sem << "));\n";
      else
        os << "auto dma" << op.dma << " = pltpu::make_async_copy(" << winText(op.w, true)
           << ", " << winText(op.w2, true) << ", sems.at(" << op.sem << ")); dma" << op.dma
           << ".start();\n";
      break;
    case Kind::DmaWait: os << "dma" << op.dma << ".wait();\n"; break;
    }
  }
  return os.str();
}

}  // namespace tessera::difftest
