//===- Elementwise.cpp - One element of every elementwise op ---------------===//
//
// The semantics of arith, math and tessera elementwise ops on one element,
// for vectors and scalars alike. Integer ops compute on the sign-extended
// value and wrap to the result's width (int8 computes in int32 and wraps, as
// the vector unit does); float ops compute in f32 and a bf16 result rounds
// (encode). The numbers come from sim/VectorMath.h.
//
//===----------------------------------------------------------------------===//
#include "interpret/Elementwise.h"

#include <cmath>
#include <limits>

#include "llvm/ADT/StringMap.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "sim/VectorMath.h"

namespace tessera::interpret {

absl::StatusOr<Elem> elemOf(mlir::Type type) {
  if (type.isF32())
    return Elem::F32;
  if (type.isBF16())
    return Elem::BF16;
  if (type.isInteger(32))
    return Elem::I32;
  if (type.isInteger(16))
    return Elem::I16;
  if (type.isInteger(8))
    return Elem::I8;
  if (type.isInteger(1))
    return Elem::I1;
  if (type.isIndex() || type.isInteger(64))
    return Elem::Index;
  std::string s;
  llvm::raw_string_ostream os(s);
  type.print(os);
  return absl::UnimplementedError("element type " + s + " is not one of kernel IR's");
}

int64_t itemBytes(Elem e) {
  switch (e) {
  case Elem::BF16:
  case Elem::I16: return 2;
  case Elem::I8: return 1;
  case Elem::Index: return 8;
  default: return 4;
  }
}

int64_t wrapInt(int64_t x, Elem e) {
  switch (e) {
  case Elem::I1: return x & 1;
  case Elem::I8: return (int8_t)x;
  case Elem::I16: return (int16_t)x;
  case Elem::I32: return (int32_t)x;
  default: return x;
  }
}

Num decode(uint32_t word, Elem e) {
  Num n;
  if (isFloat(e))
    n.f = wordToFloat(word);
  else
    n.i = e == Elem::I1 ? (word & 1) : (int64_t)(int32_t)word;
  return n;
}

uint32_t encode(Num n, Elem e) {
  if (e == Elem::F32)
    return floatToWord(n.f);
  if (e == Elem::BF16)
    return floatToWord(vmath::roundBf16(n.f));
  return (uint32_t)wrapInt(n.i, e);
}

int64_t numElements(const Shape &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

namespace {

using Fn = std::function<Num(const Num *)>;

Num fromF(float f) { return Num{0, f}; }
Num fromI(int64_t i) { return Num{i, 0}; }
int32_t s32(int64_t x) { return (int32_t)x; }
int64_t add64(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
int64_t sub64(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }
int64_t mul64(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
/// Flips or clears the sign bit, as the hardware does (NaN and -0 too).
float flipSign(float x) { return wordToFloat(floatToWord(x) ^ 0x80000000u); }
float clearSign(float x) { return wordToFloat(floatToWord(x) & 0x7fffffffu); }

uint64_t unsignedOf(int64_t x, Elem e);

/// index (64-bit) division as C; 32-bit and narrower as the vector unit
/// (x / 0 = -1, x % 0 = x). Scalar division by zero is reported before.
int64_t divide(int64_t a, int64_t b, Elem e) {
  if (e != Elem::Index)
    return vmath::divS32(s32(a), s32(b));
  if (b == 0)
    return -1;
  if (a == std::numeric_limits<int64_t>::min() && b == -1)
    return a;
  return a / b;
}
int64_t remainder(int64_t a, int64_t b, Elem e) {
  if (e != Elem::Index)
    return vmath::remS32(s32(a), s32(b));
  if (b == 0)
    return a;
  if (b == -1)
    return 0;
  return a % b;
}

int64_t shift(llvm::StringRef op, int64_t a, int64_t b, Elem e) {
  if (e == Elem::Index) {
    if (b < 0 || b >= 64)
      return op == "arith.shrsi" ? (a < 0 ? -1 : 0) : 0;
    if (op == "arith.shli")
      return (int64_t)((uint64_t)a << b);
    if (op == "arith.shrsi")
      return a >> b;
    return (int64_t)((uint64_t)a >> b);
  }
  // Narrow integers are shifted as their sign-extended int32 and wrapped
  // (the vector unit).
  if (op == "arith.shli")
    return vmath::shiftLeft(s32(a), s32(b));
  if (op == "arith.shrsi")
    return vmath::shiftRightArithmetic(s32(a), s32(b));
  // A logical shift of a narrow integer shifts in zeros above its bits.
  return vmath::shiftRightLogical((int32_t)unsignedOf(a, e), s32(b));
}

uint64_t unsignedOf(int64_t x, Elem e) {
  switch (e) {
  case Elem::I1: return (uint64_t)x & 1;
  case Elem::I8: return (uint64_t)x & 0xff;
  case Elem::I16: return (uint64_t)x & 0xffff;
  case Elem::I32: return (uint64_t)x & 0xffffffffu;
  default: return (uint64_t)x;
  }
}

bool compareInt(mlir::arith::CmpIPredicate p, int64_t a, int64_t b, Elem e) {
  using P = mlir::arith::CmpIPredicate;
  uint64_t ua = unsignedOf(a, e), ub = unsignedOf(b, e);
  switch (p) {
  case P::eq: return a == b;
  case P::ne: return a != b;
  case P::slt: return a < b;
  case P::sle: return a <= b;
  case P::sgt: return a > b;
  case P::sge: return a >= b;
  case P::ult: return ua < ub;
  case P::ule: return ua <= ub;
  case P::ugt: return ua > ub;
  case P::uge: return ua >= ub;
  }
  return false;
}

bool compareFloat(mlir::arith::CmpFPredicate p, float a, float b) {
  using P = mlir::arith::CmpFPredicate;
  using K = vmath::CmpKind;
  bool unordered = std::isnan(a) || std::isnan(b);
  switch (p) {
  case P::AlwaysFalse: return false;
  case P::AlwaysTrue: return true;
  case P::OEQ: return vmath::compareF32(K::Eq, a, b);
  case P::OGT: return vmath::compareF32(K::Gt, a, b);
  case P::OGE: return vmath::compareF32(K::Ge, a, b);
  case P::OLT: return vmath::compareF32(K::Lt, a, b);
  case P::OLE: return vmath::compareF32(K::Le, a, b);
  case P::ONE: return !unordered && vmath::compareF32(K::Ne, a, b);
  case P::ORD: return !unordered;
  case P::UEQ: return unordered || vmath::compareF32(K::Eq, a, b);
  case P::UGT: return unordered || vmath::compareF32(K::Gt, a, b);
  case P::UGE: return unordered || vmath::compareF32(K::Ge, a, b);
  case P::ULT: return unordered || vmath::compareF32(K::Lt, a, b);
  case P::ULE: return unordered || vmath::compareF32(K::Le, a, b);
  case P::UNE: return vmath::compareF32(K::Ne, a, b);
  case P::UNO: return unordered;
  }
  return false;
}

/// How to make the element function of one op kind.
using Factory = Fn (*)(mlir::Operation *op, Elem in, Elem out);

/// The elementwise ops, by name: the one table (add an op here).
const llvm::StringMap<Factory> &table() {
  static const llvm::StringMap<Factory> t = [] {
    llvm::StringMap<Factory> m;
    // Float arithmetic (bf16 results round in encode).
    m["arith.addf"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromF(a[0].f + a[1].f); };
    };
    m["arith.subf"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromF(a[0].f - a[1].f); };
    };
    m["arith.mulf"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromF(a[0].f * a[1].f); };
    };
    m["arith.divf"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromF(vmath::divF32(a[0].f, a[1].f)); };
    };
    m["arith.maximumf"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromF(vmath::maxF(a[0].f, a[1].f)); };
    };
    m["arith.minimumf"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromF(vmath::minF(a[0].f, a[1].f)); };
    };
    m["arith.negf"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromF(flipSign(a[0].f)); };
    };
    // Integer arithmetic (wrapped to the result's width in encode).
    m["arith.addi"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromI(add64(a[0].i, a[1].i)); };
    };
    m["arith.subi"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromI(sub64(a[0].i, a[1].i)); };
    };
    m["arith.muli"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromI(mul64(a[0].i, a[1].i)); };
    };
    m["arith.divsi"] = [](mlir::Operation *, Elem in, Elem) -> Fn {
      return [in](const Num *a) { return fromI(divide(a[0].i, a[1].i, in)); };
    };
    m["arith.remsi"] = [](mlir::Operation *, Elem in, Elem) -> Fn {
      return [in](const Num *a) { return fromI(remainder(a[0].i, a[1].i, in)); };
    };
    // Unsigned: the operands' bits as unsigned numbers of their width.
    m["arith.divui"] = [](mlir::Operation *, Elem in, Elem) -> Fn {
      return [in](const Num *a) {
        return fromI(vmath::divU32(unsignedOf(a[0].i, in), unsignedOf(a[1].i, in)));
      };
    };
    m["arith.remui"] = [](mlir::Operation *, Elem in, Elem) -> Fn {
      return [in](const Num *a) {
        return fromI(vmath::remU32(unsignedOf(a[0].i, in), unsignedOf(a[1].i, in)));
      };
    };
    m["arith.maxui"] = [](mlir::Operation *, Elem in, Elem) -> Fn {
      return [in](const Num *a) {
        return unsignedOf(a[0].i, in) >= unsignedOf(a[1].i, in) ? a[0] : a[1];
      };
    };
    m["arith.minui"] = [](mlir::Operation *, Elem in, Elem) -> Fn {
      return [in](const Num *a) {
        return unsignedOf(a[0].i, in) <= unsignedOf(a[1].i, in) ? a[0] : a[1];
      };
    };
    m["arith.andi"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromI(a[0].i & a[1].i); };
    };
    m["arith.ori"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromI(a[0].i | a[1].i); };
    };
    m["arith.xori"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromI(a[0].i ^ a[1].i); };
    };
    for (const char *name : {"arith.shli", "arith.shrsi", "arith.shrui"})
      m[name] = [](mlir::Operation *op, Elem in, Elem) -> Fn {
        std::string n = op->getName().getStringRef().str();
        return [n, in](const Num *a) { return fromI(shift(n, a[0].i, a[1].i, in)); };
      };
    m["arith.maxsi"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromI(std::max(a[0].i, a[1].i)); };
    };
    m["arith.minsi"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromI(std::min(a[0].i, a[1].i)); };
    };
    // Compares and selects.
    m["arith.cmpi"] = [](mlir::Operation *op, Elem in, Elem) -> Fn {
      auto p = llvm::cast<mlir::arith::CmpIOp>(op).getPredicate();
      return [p, in](const Num *a) { return fromI(compareInt(p, a[0].i, a[1].i, in)); };
    };
    m["arith.cmpf"] = [](mlir::Operation *op, Elem, Elem) -> Fn {
      auto p = llvm::cast<mlir::arith::CmpFOp>(op).getPredicate();
      return [p](const Num *a) { return fromI(compareFloat(p, a[0].f, a[1].f)); };
    };
    m["arith.select"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return (a[0].i & 1) ? a[1] : a[2]; };
    };
    // Conversions: rounding to bf16 and wrapping happen in encode.
    for (const char *name :
         {"arith.extf", "arith.truncf", "arith.extsi", "arith.trunci", "arith.index_cast"})
      m[name] = [](mlir::Operation *, Elem, Elem) -> Fn {
        return [](const Num *a) { return a[0]; };
      };
    for (const char *name : {"arith.extui", "arith.index_castui"})
      m[name] = [](mlir::Operation *, Elem in, Elem) -> Fn {
        return [in](const Num *a) { return fromI((int64_t)unsignedOf(a[0].i, in)); };
      };
    m["arith.sitofp"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromF(vmath::s32ToF32(s32(a[0].i))); };
    };
    m["arith.fptosi"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromI(vmath::f32ToS32(a[0].f)); };
    };
    m["arith.uitofp"] = [](mlir::Operation *, Elem in, Elem) -> Fn {
      return [in](const Num *a) { return fromF(vmath::u32ToF32(unsignedOf(a[0].i, in))); };
    };
    m["arith.fptoui"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromI(vmath::f32ToU32(a[0].f)); };
    };
    m["arith.bitcast"] = [](mlir::Operation *, Elem in, Elem out) -> Fn {
      if (isFloat(in) && !isFloat(out))
        return [](const Num *a) { return fromI((int32_t)floatToWord(a[0].f)); };
      if (!isFloat(in) && isFloat(out))
        return [](const Num *a) { return fromF(wordToFloat((uint32_t)a[0].i)); };
      return [](const Num *a) { return a[0]; };
    };
    // math and the EUP: one float function each.
    static const std::pair<const char *, float (*)(float)> unary[] = {
        {"math.exp", vmath::exp},          {"math.exp2", vmath::exp2},
        {"math.log", vmath::log},          {"math.log1p", vmath::log1p},
        {"math.tanh", vmath::tanh},        {"math.sqrt", vmath::sqrt},
        {"math.rsqrt", vmath::rsqrt},      {"math.sin", vmath::sin},
        {"math.cos", vmath::cos},          {"math.erf", vmath::erf},
        {"math.tan", vmath::tan},          {"tessera.erf_inv", vmath::erfInv},
        {"math.floor", vmath::floorF},     {"math.ceil", vmath::ceilF},
        {"math.roundeven", vmath::roundHalfEven}, {"math.absf", clearSign},
        {"tessera.logistic", vmath::logistic},    {"tessera.reciprocal", vmath::rcp},
        {"tessera.round_bf16", vmath::roundBf16}};
    for (const auto &[name, fn] : unary)
      m[name] = [](mlir::Operation *op, Elem, Elem) -> Fn {
        for (const auto &[n, g] : unary)
          if (op->getName().getStringRef() == n)
            return [g = g](const Num *a) { return fromF(g(a[0].f)); };
        return nullptr;
      };
    m["math.absi"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromI(vmath::absS32(s32(a[0].i))); };
    };
    m["math.powf"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromF(vmath::pow(a[0].f, a[1].f)); };
    };
    m["arith.remf"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromF(vmath::remF32(a[0].f, a[1].f)); };
    };
    m["math.ctpop"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromI(vmath::popcount(s32(a[0].i))); };
    };
    m["math.ctlz"] = [](mlir::Operation *, Elem, Elem) -> Fn {
      return [](const Num *a) { return fromI(vmath::clz(s32(a[0].i))); };
    };
    return m;
  }();
  return t;
}

}  // namespace

absl::StatusOr<Fn> elementFunction(mlir::Operation *op, Elem in, Elem out) {
  auto it = table().find(op->getName().getStringRef());
  if (it == table().end())
    return absl::UnimplementedError("'" + op->getName().getStringRef().str() +
                                    "' is not an elementwise op");
  return it->second(op, in, out);
}

std::vector<std::string> elementwiseOps() {
  std::vector<std::string> names;
  for (const auto &entry : table())
    names.push_back(entry.getKey().str());
  return names;
}

}  // namespace tessera::interpret
