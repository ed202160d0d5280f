//===- Values.h - The interpreter's run-time values and memory -------------===//
//
// Internal to interpret/. Every element of an array, in memory or in a
// value, is one 32-bit word: an f32 as its bits, a bf16 as the f32 whose
// upper half it is (so arithmetic reads it exactly), an integer (i32, i16,
// i8) sign-extended (unsigned dtypes share the signless types: the ops say
// when their bits are unsigned), a bool 0 / 1. Scalars of the scalar unit (i32, i1, index,
// f32) are held unpacked.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "llvm/ADT/SmallVector.h"
#include "mlir/IR/Types.h"

namespace tessera::interpret {

/// Element types of kernel IR.
enum class Elem : uint8_t { F32, BF16, I32, I16, I8, I1, Index };

absl::StatusOr<Elem> elemOf(mlir::Type type);
inline bool isFloat(Elem e) { return e == Elem::F32 || e == Elem::BF16; }
/// Bytes per element in memory (as a DMA counts them): bool is int32.
int64_t itemBytes(Elem e);
/// Bits per element as it is packed in a vreg: 16 (bf16, i16), 8 (i8) or 32.
inline int bitsOf(Elem e) {
  return e == Elem::BF16 || e == Elem::I16 ? 16 : e == Elem::I8 ? 8 : 32;
}

inline float wordToFloat(uint32_t w) {
  float f;
  std::memcpy(&f, &w, 4);
  return f;
}
inline uint32_t floatToWord(float f) {
  uint32_t w;
  std::memcpy(&w, &f, 4);
  return w;
}
/// An integer value wrapped to the width of `e` (i1: 0 / 1).
int64_t wrapInt(int64_t x, Elem e);

/// One element while it is computed: `i` for integer types, `f` for floats.
struct Num {
  int64_t i = 0;
  float f = 0;
};
Num decode(uint32_t word, Elem e);
/// The word of `n` as an element of type `e`: bf16 rounds to nearest even
/// (every bf16 op rounds its f32 result), integers wrap.
uint32_t encode(Num n, Elem e);

using Shape = llvm::SmallVector<int64_t, 3>;
int64_t numElements(const Shape &shape);

/// A vector value.
struct Tensor {
  Elem elem = Elem::F32;
  Shape shape;
  std::vector<uint32_t> w;
  int64_t rows() const { return shape.size() >= 2 ? shape[shape.size() - 2] : 1; }
  int64_t cols() const { return shape.empty() ? 1 : shape.back(); }
};

/// A window of a buffer: the box [off, off + size) in the buffer's
/// coordinates. `bad` says why it does not fit in the Ref it was made from;
/// the first access through it reports that.
struct Window {
  int buffer = -1;
  Shape off, size;
  /// Why the window is out of its buffer's bounds ("" when inside).
  std::string bad;
  /// A bad window that stays inside the buffer's padded shape (the last
  /// two dims rounded up to the tile): InterpretParams::buffer_bounds =
  /// padded lets loads and stores use it (the padding is not data).
  bool inPadding = true;
};

/// A 128x128 MXU weight block, [k][n] row-major.
struct Weights {
  bool int8 = false;
  std::vector<float> f;
  std::vector<int8_t> i;
};

struct RtValue {
  enum class Kind : uint8_t { None, Int, Float, Vec, Ref, Weights };
  Kind kind = Kind::None;
  int64_t i = 0;
  float f = 0;
  std::shared_ptr<const Tensor> t;
  std::shared_ptr<const Window> ref;
  std::shared_ptr<const Weights> weights;
};

}  // namespace tessera::interpret
