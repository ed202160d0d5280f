//===- KernelProgram.h - A generated kernel body, op by op ----------------===//
//
// The program representation of the differential test's generated kernels
// (tests/dsl/KernelGenerator.h writes them): a kernel body over HBM inputs,
// one HBM output, four VMEM scratch buffers, DMA semaphores and (in kernels
// with control flow) an SMEM scalar scratch, as a tree of ops: vector ops on
// windows of those Refs, scalar ops on the scalar unit, and loops and
// branches whose bodies are op lists again; in some kernels also REGULAR
// semaphores (signal, wait, read) and a second TensorCore that only
// synchronizes with the first. A program is data, so one
// program can be read three ways: run on host arrays (the host model, in
// KernelGenerator.cpp), replayed as a kernel body through the DSL (replay),
// and printed as C++ for failure messages and reproductions (programText).
// Each window records how it is spelled in C++ as well as what it covers,
// so that the passes see every spelling the DSL allows.
//
// Handles are numbered: vector values v0, v1, ... and scalars s0, s1, ...
// (int32 scalars and predicates alike), each made by exactly one op (or
// bound by a loop or branch: an induction variable, a carried handle, a
// result). A handle made inside a body is used only inside it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "dsl/tessera.h"

namespace tessera::difftest {

/// DMA semaphores of every kernel (the `sems` scratch operand).
inline constexpr int kNumSems = 4;
/// A vector register's tile: 8 rows of 128 lanes.
inline constexpr int64_t kTileRows = 8, kLanes = 128;

/// The scalar-prefetch input `off_smem` (int32): run-time row starts, then
/// small counts (run-time loop trip counts, among them 0 and 1), then a
/// table that loop bodies index by their induction variables.
inline constexpr int kNumRowStarts = 4, kNumCounts = 4, kTableWords = 8;
inline constexpr int kCountsAt = kNumRowStarts, kTableAt = kCountsAt + kNumCounts;
inline constexpr int kSmemWords = kTableAt + kTableWords;
/// Words of the SMEM scratch `tmp` of kernels with control flow.
inline constexpr int kTmpWords = 8;
/// Rows of the one-column VMEM scratch `col` (f32[kColRows, 1]) of kernels
/// whose lane reductions go through it (a Reduce op of spelling 2).
inline constexpr int64_t kColRows = 64;
/// The packed bf16 scratch `rowb` (bf16[16, kRowbCols]) of kernels whose
/// bf16 sublane reductions go through one of its rows (a Reduce op of
/// spelling 3).
inline constexpr int64_t kRowbCols = 512;

/// Integer values (integer literals keep their dtype): int32, and the
/// narrow and unsigned ones a chain of int32 ops passes through.
inline bool isIntDType(DType t) { return isInteger(t); }
/// The DType enumerator's name, as C++ spells it (DType::bfloat16).
inline const char *dtypeName(DType t) {
  switch (t) {
  case DType::float32: return "float32";
  case DType::int32: return "int32";
  case DType::bool_: return "bool_";
  case DType::bfloat16: return "bfloat16";
  case DType::int8: return "int8";
  case DType::int16: return "int16";
  case DType::uint8: return "uint8";
  case DType::uint16: return "uint16";
  case DType::uint32: return "uint32";
  case DType::int4: return "int4";
  case DType::float8_e4m3fn: return "float8_e4m3fn";
  case DType::float8_e5m2: return "float8_e5m2";
  case DType::dma_semaphore: return "dma_semaphore";
  case DType::semaphore: return "semaphore";
  }
  return "?";
}

/// The kernel's Refs, in the body's parameter order (Y is absent in
/// one-input kernels).
enum RefId { X = 0, Y, O, A, B, C, D, kNumRefs };
/// Whether `ref` is a VMEM scratch buffer (A..D) rather than an HBM Ref.
inline bool isVmem(int ref) { return ref >= A; }

/// How a window is spelled in C++: the passes must not care.
enum class Syntax {
  Whole,       // r[___] / r
  Slice,       // r[pl::slice(r0, r0 + n)] / r.at(pl::slice(...))
  Ds,          // r[pl::ds(r0, n)] / r.at(pl::ds(r0, n))
  RowsCols,    // r(pl::ds(r0, n), pl::ds(c0, nc)) / r.at(pl::ds(..), pl::ds(..))
  RowsAll,     // r(pl::slice(r0, r0 + n), pl::all)
  Nested,      // r.at(pl::ds(base, nb))(pl::ds(r0 - base, n), pl::ds(c0, nc))
  // Run-time row starts: s is the scalar `start`; rows start at s + k.
  DynDs,       // r[pl::ds(s, n)] (k == 0)
  DynAdd,      // r[pl::ds(s + k, n)] / r[pl::ds(s - -k, n)] (Scalar arithmetic)
  DynSlice,    // r[Slice{k, n, s}] (a static part added to the run-time one)
  DynNested,   // r.at(pl::ds(s, nb))[pl::ds(k, n)] (k >= 0), with (.., pl::ds(c0, nc))
               // for a column window
  DynCols,     // r(Slice{k, n, s}, pl::ds(c0, nc)) / r.at(...): rows and columns
};

/// A window [r0, r0 + nr) x [c0, c0 + nc) of one Ref; with a run-time start
/// the rows are [s + k, s + k + nr) for the value s of scalar `start`.
struct Win {
  int ref = -1;
  int64_t r0 = 0, nr = 0, c0 = 0, nc = 0;
  Syntax syntax = Syntax::Whole;
  int64_t base = 0, nb = 0;  // Nested: the outer row window; DynNested: nb
  int start = -1;            // Dyn*: the scalar that starts the rows
  int64_t k = 0;             // Dyn*: the static part of the start
  /// A DMA window's rows given at run time: the scalar whose value is nr
  /// (pl::ds(r0, n)); Ds / RowsCols and the Dyn* spellings but DynNested.
  int count = -1;
  bool isDynamic() const { return start >= 0; }
};

/// A scalar operand: a scalar handle (id >= 0) or an int32 constant.
struct Sc {
  int id = -1;
  int64_t c = 0;
  bool isConst() const { return id < 0; }
  static Sc of(int id) { return {id, 0}; }
  static Sc constant(int64_t c) { return {-1, c}; }
};

/// What one op of the body does.
enum class Kind {
  // Vector unit and DMAs.
  Load, Bin, ScalarOp, Neg, Store, StoreConst, DmaStart, DmaWait,
  // Scalar unit: sdst = smem[sa]; tmp[sa] = sb; sdst = sa op sb;
  // sdst = sa cmp sb; sdst = !sa; sdst = jnp::where(sa, sb, sc);
  // sdst = pl::multiple_of(sa, multiple).
  SRead, SWrite, SBin, SCmp, SNot, SWhere, SMultipleOf,
  // Control flow (bodies in `body` and `orelse`).
  For, If,
  // The vector and matrix language (issue 8): one op of MathKind `math` on
  // values of any dtype (see MathKind).
  Math,
  // Semaphores (the `rsem` scratch, Program::rsems REGULAR semaphores):
  // pl::semaphore_signal(rsem.at(sem), sa) ({.core_index = worker} when
  // Op::ownCore); pl::semaphore_wait(rsem.at(sem), sa); sdst =
  // pl::semaphore_read(rsem.at(sem)) (of sems.at(sem), a DMA semaphore no
  // DMA is in flight on, when Op::dmaSem: 0); pltpu::core_barrier(bar,
  // "tc") (two-core kernels, top level only).
  SemSignal, SemWait, SemRead, CoreBarrier,
  // Several devices (Program::devices): sdst = lax::axis_index("d");
  // RemoteShift (top level only): every device signals the device `shift`
  // before it on the ring (pl::semaphore_signal(dbar, 1, {.device_id =
  // ...})), waits for its own signal, then pushes window w of its Refs to
  // window w2 of the device `shift` after it
  // (pltpu::make_async_remote_copy(.., sems.at(sem), sems.at(sb), {to})),
  // .start(), .wait(): w2 then holds the window w of the device `shift`
  // before it.
  DeviceId, RemoteShift,
};
/// What a Math op computes (dst from a, b, c; see KernelProgram.cpp for the
/// C++ each is spelled as, KernelGenerator.cpp for the host semantics).
enum class MathKind {
  // Unary, f32 and bf16: jnp::exp(a), ...
  Exp, Exp2, Tanh, Sin, Cos, Erf, Logistic, Floor, Ceil, Round, Abs,
  // Unary on a positive argument: jnp::log(jnp::abs(a) + 0.5), ...;
  // PowC: jnp::pow(jnp::abs(a) + 0.5, scalar).
  Log, Log1p, Sqrt, Rsqrt, Recip, PowC,
  // Binary on two values of one shape and dtype: a / b, jnp::maximum(a, b),
  // jnp::minimum(a, b), a % b, a & b, a | b, a ^ b.
  Div, Max, Min, Rem, And, Or, Xor,
  // a << scalar, a >> scalar (int32, a constant amount).
  ShlC, ShrC,
  // a cmp b -> bool_ (Op::cmp).
  Cmp,
  // jnp::where(a, b, c) (a a bool_ mask).
  Where,
  // a bin broadcast(reduce(b, axis, keepdims = true)) (Op::bin, Op::red,
  // Op::axis; Op::spelling 1: through jnp::broadcast_to; 2 (f32, axis 1):
  // the [R, 1] reduction stored into the one-column scratch `col` and read
  // back, col[pl::ds(0, R)]; 3 (bf16, axis 0): the [1, C] reduction stored
  // into row Op::rows of the bf16 scratch `rowb` and read back; 4 and 5:
  // a and b reshaped to rank 3, Op::rows matrices of whole tiles, b reduced
  // per matrix over axis + 1 (4) or across the matrices, axis 0 (5), and
  // the result reshaped back; 6 and 7: the same of rank 4, [2, Op::rows /
  // 2, m, cols], b reduced along leading axis Op::axis (6) or per matrix
  // over axis + 2 (7), keepdims; RankAdder in KernelGenerator.cpp makes
  // them of some 4s and 5s); 8: as 4 without keepdims, the axis re-added
  // with jnp::expand_dims (each matrix's reduced rows or columns moved
  // into the rows of a rank-2 value and back).
  Reduce,
  // a.astype(Op::dtype).
  Astype,
  // lax::broadcasted_iota(int32, shape of dst, Op::axis).
  Iota,
  // jnp::full(shape of dst, Op::scalar, Op::dtype) (Op::spelling 1:
  // jnp::zeros, 2: jnp::ones, 3: jnp::max over axis 0 of a rank-3
  // jnp::full of Op::axis matrices).
  Full,
  // jnp::dot(a, b) (Op::precision; Op::transA / Op::transB: pl::dot(a, b,
  // transA, transB)).
  Dot,
  // a.T() (Op::spelling 1: jnp::transpose(a)); a's dims multiples of 128.
  Transpose,
  // Through the 1-D value of a's elements (f32, 128 columns): x =
  // a.reshape({n}); jnp::where(x > 0, x, x * 0.5).reshape(a's shape)
  // (Op::spelling 1: also + jnp::max(x) - jnp::max(x, 0), a folded
  // reduction).
  Flat,
  // The functions JAX composes of other ops (ComposedAdder in
  // KernelGenerator.cpp draws them): each keeps a's shape and dtype.
  // Floats: jnp::tan(a); lax::erf_inv(jnp::tanh(a) * 0.5);
  // jnp::where(jnp::isfinite(a), a, 0.0); lax::integer_pow(a, scalar);
  // a % (jnp::abs(b) + 0.5) (C's fmod). Floats and int32: jnp::sign(a);
  // jnp::floor_divide(a, b) and jnp::remainder(a, b) (floats: b spelled
  // jnp::abs(b) + 0.5); jnp::triu(a, scalar) / jnp::tril(a, scalar);
  // jnp::where(jnp::any(a > 0, axis, true), a, -a) (Op::spelling 1:
  // jnp::all). int32: lax::population_count(a), lax::clz(a). f32:
  // jnp::cumsum(a, axis). GramSum (f32, any K, the MXU):
  // a + jnp::sum(pl::dot(a, a, false, true, precision), 1, true) * 0.0625
  // (Op::highest: HIGHEST), a dot whose K is a's columns.
  Tan, ErfInv, Finite, IntPow, FRem, Sign, FloorDiv, Mod, Triu, Tril, AnyAll, PopCount, Clz,
  // TakeAlong: jnp::take_along_axis(a, (lax::broadcasted_iota(int32,
  // a.shape(), axis) * 7 + 3) % (n + 3) - 1, axis), n a's length along
  // Op::axis (indices -1 and past the end included).
  Cumsum, GramSum, TakeAlong,
  // Element (ElementAdder in KernelGenerator.cpp; f32 and int32): a + a(op.rows,
  // op.cols), the element moved to the scalar unit and broadcast back.
  // Window (ElementAdder; whole-tile values): lax::dynamic_update_slice(a,
  // lax::slice(a, {0, 0}, {op.rows, op.cols}), {op.at0, op.at1}), the
  // top-left window copied to a place (starts clamped as JAX).
  Element, Window,
};
/// Whether a Math op makes its value from nothing (no operand a).
inline bool isSource(MathKind m) { return m == MathKind::Iota || m == MathKind::Full; }
/// The reduction of a Reduce op.
enum class RedKind { Sum, Max, Min };
/// The arithmetic of a Bin or ScalarOp op.
enum class BinKind { Add, Sub, Mul };
/// Scalar arithmetic (Min/Max: jnp::minimum/maximum; LAnd/LOr: && and ||
/// of predicates).
enum class SBinKind { Add, Sub, Mul, Div, Rem, And, Or, Xor, Shl, Shr, Min, Max, LAnd, LOr };
enum class CmpKind { Lt, Le, Gt, Ge, Eq, Ne };
/// Which SMEM Ref a scalar op reads or writes.
enum class Smem { Off, Tmp };
/// How a loop is spelled: lax::fori_loop (carried handles), pl::loop (none;
/// any step), lax::while_loop (an int32 counter carried first).
enum class LoopForm { Fori, PlLoop, While };
/// How a branch is spelled: pl::when (no else, no results) or lax::cond.
enum class IfForm { When, Cond };

/// One op of the body. A ScalarOp's scalar is the literal `scalar`, or the
/// int32 scalar handle `sa` when it is not a constant (a semaphore's value:
/// v + s, s - v, ...; f32 and int32 values).
struct Op {
  explicit Op(Kind k) : kind(k) {}
  Kind kind;
  // Vector ops: value ids.
  int dst = -1, a = -1, b = -1;
  BinKind bin = BinKind::Add;
  double scalar = 0;
  bool scalarFirst = false;
  Win w, w2;                 // Load/Store: w. DMA: src w, dst w2.
  int dma = -1;              // DMA descriptor id
  Sc sem;                    // DmaStart: sems.at(sem)
  bool asyncCopy = false;    // DmaStart spelled pltpu::async_copy (starts at once)
  bool rowSum = false;       // Store of jnp::sum(a, 0, true) into a one-row window
                             // (a masked vst of one sublane); a Store with b >= 0 is
                             // pltpu::store(window, a, b), b a bool mask (MaskAdder)
  bool rebuilt = false;      // DmaWait on a descriptor made again from w, w2 and sem
                             // (the DMA was started elsewhere: an earlier iteration)
  bool dmaSem = false;       // SemRead of a DMA semaphore
  bool ownCore = false;      // SemSignal spelled with {.core_index = Program::worker}
  int64_t shift = 1;         // RemoteShift: how far along the ring
  // Scalar ops.
  int sdst = -1;
  SBinKind sbin = SBinKind::Add;
  CmpKind cmp = CmpKind::Lt;
  Sc sa, sb, sc;
  Smem smem = Smem::Off;
  int64_t multiple = 0;
  // For: iterations i = lo, lo + step, ... < hi, i in scalar `iv`; carried
  // values initV -> argV (in the body) -> yieldV (returned by the body) ->
  // resV (after the loop), and the same for scalars.
  LoopForm loop = LoopForm::Fori;
  Sc lo, hi;
  int64_t step = 1;
  int unroll = 1;
  bool fullUnroll = false;
  int iv = -1;
  std::vector<int> initV, argV, yieldV, resV, initS, argS, yieldS, resS;
  bool tupleCarry = false;  // one carried handle spelled as a std::tuple
  // If: the predicate `pred`; Cond results resV/resS, yielded by the then
  // side as yieldV/yieldS and by the else side as elseYieldV/elseYieldS.
  IfForm ifForm = IfForm::When;
  int pred = -1;
  std::vector<int> elseYieldV, elseYieldS;
  std::vector<Op> body, orelse;
  // Math: dst = f(a, b, c); `dtype` is the dtype of dst; rows x cols its
  // shape (for Iota and Full).
  MathKind math = MathKind::Exp;
  int c = -1;
  DType dtype = DType::float32;
  RedKind red = RedKind::Sum;
  int axis = 0;
  int spelling = 0;
  bool highest = false, transA = false, transB = false;
  int64_t rows = 0, cols = 0;
  // Window: where the window goes (before clamping).
  int64_t at0 = 0, at1 = 0;
};

/// A whole generated kernel: its Refs' shapes, its body, its inputs and the
/// output the host model computed for them.
struct Program {
  std::array<Shape, kNumRefs> shapes;
  bool twoInputs = true;
  bool prefetch = false;       // off_smem: an int32 SMEM input (kSmemWords words)
  std::vector<int32_t> smem;   // its contents
  bool tmp = false;            // the SMEM scratch `tmp` (kTmpWords words)
  bool checks = true;  // bounds and semaphore checks (the same for on and off)
  bool math = false;   // draws from the vector and matrix language (Kind::Math)
  /// REGULAR semaphores of the scratch `rsem` (0: none).
  int rsems = 0;
  /// Two-core kernels (cores == 2) run on a TensorCoreMesh{"tc", 2}: core
  /// `worker` runs the body (spelled pltpu::run_on_first_core when
  /// `firstCore`); the other core makes as many core barriers as the body's
  /// top-level CoreBarrier ops and, after `remoteAfter` of them, signals
  /// rsem.at(remoteSem) of the worker by `remoteAmount`. The body never
  /// reads that semaphore (when the signal lands is the machine's affair).
  int cores = 1, worker = 0, remoteSem = -1, remoteAfter = 0;
  int64_t remoteAmount = 0;
  bool firstCore = false;
  /// Kernels on several devices (devices > 1) run in a shard_map over
  /// make_mesh({devices}, {"d"}), x, y and the output split P("d") by rows:
  /// `x`, `y` and `expected` hold every device's shard, device d's rows
  /// [d * rows, (d + 1) * rows) of `shapes`' rows; the semaphore `dbar`
  /// orders the remote copies (Kind::RemoteShift): a REGULAR scratch
  /// semaphore, or with `barrierSemaphore` pltpu::get_barrier_semaphore()
  /// (the kernel then has a collective_id, and no barrier at its entry).
  int devices = 1;
  bool barrierSemaphore = false;
  std::vector<Op> ops;
  int numValues = 0, numScalars = 0, numDmas = 0;
  std::vector<float> x, y, expected;  // inputs and the host model's output
  /// What the host model saw when it ran the program: branches taken and
  /// not taken, loops run with 0 and 1 iterations.
  int64_t branchesTaken = 0, branchesNotTaken = 0, zeroTripLoops = 0, oneTripLoops = 0;
};

/// One operand of the kernel, in the body's parameter order: the
/// scalar-prefetch input (prefetch kernels), x, y (two-input kernels), the
/// output, the VMEM scratch buffers the body uses, the DMA semaphores (if it
/// makes a DMA or reads a DMA semaphore), the SMEM scratch (kernels with
/// `tmp`), the one-column and packed bf16 scratch, the REGULAR semaphores
/// `rsem` and the core barrier's semaphore `bar`. The test's runner
/// and the printed reproduction (reproText) both build the kernel from this
/// list, so a printed kernel has the operands of the one that was run.
struct Operand {
  enum class Role { Prefetch, Input, Output, Vmem, Sems, Tmp, Col, Rowb, Rsem, Bar, Dbar };
  Role role;
  int ref = -1;      // the RefId of an Input, Output or Vmem operand
  const char *name;  // the body's parameter name
};
std::vector<Operand> operands(const Program &p);
/// The shape of input `ref` with every device's shard stacked by rows
/// (Program::x, Program::y).
inline Shape allShards(const Program &p, int ref) {
  return {p.shapes[ref][0] * p.devices, p.shapes[ref][1]};
}

/// Emits the body of `p` through the DSL, at trace time, inside a kernel
/// body whose Refs are `refs`, in the order of operands(p) (two-core
/// kernels: the worker's body and the other core's part).
void replay(const Program &p, const std::vector<Ref> &refs);

/// The program as C++: a comment line with the kernel's inputs, output,
/// scratch buffers and checks, then the body, one statement a line, bodies
/// of loops and branches indented.
std::string programText(const Program &p);

/// Input data of printed tests: element i is ((7 i + salt) % 17 - 8) / 4.
std::vector<float> pattern(int64_t n, int salt);
/// Run-length data of printed tests: {count, value} pairs, in order.
std::vector<float> runs(std::initializer_list<std::pair<int64_t, float>> list);

/// The program as a GoogleTest test ready to paste into
/// tests/dsl/DiffRegressionTest.cpp: `comment` (each line prefixed with
/// "// "), then TEST(DifferentialRegression, testName) building the inputs
/// (a constant, difftest::pattern or the literal values), the kernel spec
/// and body, and the host model's output (difftest::runs), checked with
/// difftest::expectAllLegs (tests/dsl/DiffRepro.h). p.expected must be set.
std::string reproText(const Program &p, const std::string &testName, const std::string &comment);

/// What a program contains, counted for the test's summary.
struct Features {
  int loops = 0, runtimeTripLoops = 0, nestedLoops = 0, unrolledLoops = 0;
  int foriLoops = 0, plLoops = 0, whileLoops = 0;
  int carriedValues = 0, carriedScalars = 0;
  int whens = 0, conds = 0, condsWithResults = 0;
  int dynamicWindows = 0, dynamicSemaphores = 0, multipleOfs = 0, smemWrites = 0;
  int runTimeLengths = 0;  // DMAs of a run-time number of rows (pl::ds(start, n))
  int opsInBodies = 0, dmasInBodies = 0, loadsStoresInBodies = 0;
  int crossIterationWaits = 0;  // waits on a rebuilt descriptor (double buffering)
  // The vector and matrix language: Math ops, of them EUP functions,
  // reductions, compares and selects, dtype conversions, dots.
  int mathOps = 0, eupOps = 0, reductions = 0, selects = 0, converts = 0, dots = 0;
  // Transposes: a.T() / jnp::transpose and trans_a dots (on the XLU).
  int transposes = 0;
  // The functions JAX composes of other ops (MathKind::Tan ... TakeAlong).
  int composed = 0;
  // Elements of values read as Scalars (MathKind::Element) and windows of
  // values moved (MathKind::Window).
  int elements = 0, windows = 0;
  // f32 Scalars made on the scalar unit (ScalarOp spelling 1).
  int floatScalarOps = 0;
  // Constants: jnp::zeros / ones / full (rank 2 and 3).
  int constants = 0;
  // One-row stores of a [1, C] value (masked vst).
  int rowStores = 0;
  // Lane reductions stored into and read back from a one-column Ref; bf16
  // sublane reductions through one row of a packed bf16 Ref.
  int columnRefs = 0, packedRows = 0;
  // Reductions of the value as rank 3 (its rows as matrices): per matrix,
  // or across the matrices.
  int rank3 = 0, rank4 = 0, maskedStores = 0;
  // Of those per matrix, without keepdims (Reduce spelling 8).
  int rank3Dropped = 0;
  // Values taken through their 1-D value (MathKind::Flat).
  int rank1 = 0;
  // Loads and stores of windows that are not whole (8, 128) tiles (padded).
  int paddedWindows = 0;
  int bf16Ops = 0, intOps = 0;  // Math, Bin, ScalarOp, Neg ops on bf16 / int values
  // REGULAR semaphore signals, waits and reads (of them of DMA semaphores),
  // the ones in bodies, core barriers, vector ops on a semaphore's value,
  // and two-core kernels.
  int semSignals = 0, semWaits = 0, semReads = 0, dmaSemReads = 0, semOpsInBodies = 0;
  int coreBarriers = 0, scalarHandleOps = 0, twoCoreKernels = 0;
  int multiDeviceKernels = 0, remoteShifts = 0, deviceIds = 0, barrierSemaphores = 0;
};
Features features(const Program &p);

/// Calls `f(op)` on every op of `ops`, bodies included.
template <class F>
void forEachOp(const std::vector<Op> &ops, F &&f) {
  for (const Op &op : ops) {
    f(op);
    forEachOp(op.body, f);
    forEachOp(op.orelse, f);
  }
}

/// What a numbered id names: a value handle, a scalar handle, a DMA.
enum class IdKind { Value, Scalar, Dma };

template <class F>
void visitIds(std::vector<Op> &ops, F &&f);

/// Calls f(id, kind) on every handle and DMA id `op` (bodies included)
/// makes or uses, in the order they appear in the printed program (a
/// loop's bounds and initial values, its induction variable and arguments,
/// its body, its yields, its results): the one list of the fields that
/// hold ids, for renaming and renumbering.
template <class F>
void visitIds(Op &op, F &&f) {
  auto v = [&](int &id) {
    if (id >= 0)
      f(id, IdKind::Value);
  };
  auto s = [&](int &id) {
    if (id >= 0)
      f(id, IdKind::Scalar);
  };
  auto sc = [&](Sc &x) {
    if (!x.isConst())
      s(x.id);
  };
  auto all = [&](std::vector<int> &ids, auto &&g) {
    for (int &id : ids)
      g(id);
  };
  s(op.w.start);
  s(op.w2.start);
  sc(op.sa);
  sc(op.sb);
  sc(op.sc);
  sc(op.sem);
  sc(op.lo);
  sc(op.hi);
  s(op.pred);
  v(op.a);
  v(op.b);
  v(op.c);
  all(op.initV, v);
  all(op.initS, s);
  s(op.iv);
  all(op.argV, v);
  all(op.argS, s);
  if (op.dma >= 0)
    f(op.dma, IdKind::Dma);
  visitIds(op.body, f);
  all(op.yieldV, v);
  all(op.yieldS, s);
  visitIds(op.orelse, f);
  all(op.elseYieldV, v);
  all(op.elseYieldS, s);
  all(op.resV, v);
  all(op.resS, s);
  v(op.dst);
  s(op.sdst);
}

/// visitIds on each op of `ops`, in order.
template <class F>
void visitIds(std::vector<Op> &ops, F &&f) {
  for (Op &op : ops)
    visitIds(op, f);
}

}  // namespace tessera::difftest
