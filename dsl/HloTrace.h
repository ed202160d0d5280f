//===- HloTrace.h - Array ops under jit, recorded as HLO instructions -----===//
//
// Internal to dsl/: while jit traces a function, each array op on tracers
// (dsl/ArrayOps.h: x * 2.0, jnp::exp(x), jnp::sum(x, 1, true), jnp::dot)
// lands here as one HLO instruction: its opcode and attributes for the HLO
// text, its operands (values of the outer program, or weakly typed
// numbers), its result (a new value of the outer program), the user's line,
// and how to compute it on kernel Values (`apply`: the DSL's own value op,
// so an array op means exactly what the same op means in a kernel).
//
// The result's shape and dtype come from `apply` itself, run once on
// placeholder Values of the operands' full shapes in a throwaway kernel
// trace: one statement of the typing rules (broadcasting, promotion) and
// of their error messages for kernels and arrays alike.
//
// When jit is done tracing, the fusion compiler (dsl/Fusion.h) groups the
// instructions into fusions and makes each one a kernel.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <functional>
#include <map>
#include <source_location>
#include <string>
#include <vector>

#include "dsl/ArrayOps.h"
#include "dsl/Kernel.h"
#include "runtime/Program.h"

namespace tessera::detail::hlo {

/// What the fusion compiler needs to know of an instruction.
enum class OpKind {
  Elementwise,  // arithmetic, math, compare, select, convert, broadcast
  RowReduce,    // a reduction along the last axis (rows stay independent)
  Reduce,       // a reduction along the rows, or of everything
  Dot,          // jnp::dot / lax::dot_general (rank 2)
  Transpose,    // the 2-D transpose
};

/// One operand: a value of the outer program, or a number (weakly typed).
struct Arg {
  int value = -1;  // -1: a number
  ArrayLike number = 0.0;
};

/// Computes the instruction on kernel Values (numbers in place). `shape` is
/// the result's shape where the op needs to be told it (a broadcast in a
/// block: the block's shape), empty for the whole array's.
using Apply = std::function<Value(const std::vector<ArrayLike> &, const Shape &shape)>;

struct Instruction {
  std::string opcode;      // "multiply", "exponential", "reduce", "dot", ...
  std::string attributes;  // ", dimensions={1}, to_apply=%add" (printed after the operands)
  OpKind kind = OpKind::Elementwise;
  std::vector<Arg> args;
  Apply apply;
  int result = -1;  // the value of the outer program it defines
  ShapeDtypeStruct type;
  /// The rank-2 register shape of the result (a rank-1 [M] reduction result
  /// is a column [M, 1] or a row [1, N]).
  Shape irShape;
  std::source_location loc;
  /// The kernel calls recorded before it (its fusion runs after them).
  int callsBefore = 0;
  /// The reduced axes (Reduce, RowReduce).
  std::vector<int> axes;
};

/// The array ops of one jit trace.
class HloTrace {
public:
  explicit HloTrace(runtime::OuterTrace &outer);
  ~HloTrace();
  HloTrace(const HloTrace &) = delete;
  HloTrace &operator=(const HloTrace &) = delete;

  /// The trace active on this thread, or null.
  static HloTrace *current();

  runtime::OuterTrace &outer() { return outer_; }
  const std::vector<Instruction> &instructions() const { return instructions_; }
  /// The instruction defining value `v`, or -1 (a parameter, a kernel's result).
  int producer(int v) const;
  /// The rank-2 register shape of value `v`.
  Shape irShape(int v) const;

  /// Records `inst` (opcode, attributes, kind, args, apply, loc set): infers
  /// its type and returns the tracer of its result.
  Array record(Instruction inst);

private:
  runtime::OuterTrace &outer_;
  HloTrace *previous_;
  std::vector<Instruction> instructions_;
  std::map<int, int> producer_;
};

/// An array op: recorded when an operand is a tracer of the current jit
/// trace, else run at once as a program of its own (JAX's eager op by op:
/// a one-op jit, compiled by the same fusion compiler). `operands` are the
/// op's operands in order (Arrays or numbers); `inst` has everything but
/// args and result.
Array arrayOp(Instruction inst, const std::vector<ArrayOperand> &operands);

}  // namespace tessera::detail::hlo
