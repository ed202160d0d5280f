//===- Interpreter.cpp - Kernel IR, op by op --------------------------------===//
//
// The interpreter walks the kernel function's ops in order, holding every
// SSA value (scalars, vectors as whole arrays, windows of buffers, MXU
// weights) in an environment. One dispatch table maps op names to handlers;
// adding an op is one entry there and one handler (an elementwise op: one
// entry in Elementwise.cpp's table instead).
//
// DMAs in flight are a list in issue order. A DMA lands (moves its data and
// adds its bytes to its semaphore) when it starts (eager) or when a wait on
// its semaphore needs its bytes (on_wait); a wait takes its bytes off and
// retires the DMAs that provided them. From start to retirement a DMA is in
// flight for the race detector.
//
//===----------------------------------------------------------------------===//
#include "interpret/Interpreter.h"

#include <deque>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "interpret/Cores.h"
#include "interpret/Elementwise.h"
#include "interpret/Values.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/IR/TesseraDialect.h"
#include "sim/MachineDesc.h"
#include "sim/Program.h"
#include "sim/VectorMath.h"

namespace tessera::interpret {

namespace {

using mlir::Operation;
using Kind = RtValue::Kind;

/// DMAs started and not yet retired by a wait that a kernel may have: far
/// more than a correct kernel keeps (the chip's queue holds
/// machine::kDmaQueueDepth), few enough that a loop that never waits stops
/// with an error instead of exhausting memory.
constexpr size_t kMaxDmasInFlight = size_t{1} << 20;

/// "a.cc:33" of an op, or "" when it has no file position.
std::string lineOf(mlir::Location loc) {
  if (auto flc = llvm::dyn_cast<mlir::FileLineColLoc>(loc))
    return std::filesystem::path(flc.getFilename().str()).filename().string() + ":" +
           std::to_string(flc.getLine());
  if (auto fused = llvm::dyn_cast<mlir::FusedLoc>(loc))
    for (mlir::Location l : fused.getLocations())
      if (std::string s = lineOf(l); !s.empty())
        return s;
  if (auto name = llvm::dyn_cast<mlir::NameLoc>(loc))
    return lineOf(name.getChildLoc());
  return "";
}

/// A buffer of the kernel: an HBM operand, scratch, or semaphores.
struct Buffer {
  std::string name;
  mlir::tessera::MemorySpace space = mlir::tessera::MemorySpace::any;
  Elem elem = Elem::F32;
  bool semaphore = false;
  bool regular = false;  // a REGULAR / BARRIER semaphore: counts signals, not bytes
  /// Semaphores that are the kernel's operands (a semaphore array passed
  /// from or to another kernel): their counts need not be 0 at its end.
  bool operand = false;
  Shape shape;
  std::vector<uint32_t> w;     // elements (semaphores: none)
  std::vector<int64_t> count;  // semaphores: their values
  /// VMEM scratch checked for uninitialized reads: which elements were written.
  bool checkReads = false;
  /// Which elements were written: for checkReads scratch and for the
  /// kernel's own (not aliased) outputs, whose unwritten rows are a warning.
  std::vector<uint8_t> written;
  /// VMEM that remote copies of the kernel write (their destination's
  /// root): the cross-core race check sees its accesses as it does HBM's.
  bool remoteTarget = false;
};

/// What uninitialized memory holds (below).
uint32_t poison(Elem e, bool nan);

/// A DMA between its start and its retirement.
struct Dma {
  Window src, dst;
  int semBuffer = 0;
  int64_t semIndex = 0;
  int64_t bytes = 0;
  int64_t unretired = 0;  // bytes not yet taken off by waits
  bool landed = false;
  std::string line;
  /// Its HBM sides' records for the cross-core race check (-1: none).
  int64_t hbmAccess[2] = {-1, -1};
};

/// An access to memory another unit reaches (HBM, which a device's cores
/// share, or VMEM remote copies write) by one unit of a launch on several,
/// for the cross-core race check: a DMA's side, a remote copy's, a grid's
/// block copy, a vld or vst of a remote copy's destination.
struct HbmAccess {
  int64_t unit = 0;
  Window w;
  bool write = false;
  std::string who;  // "the DMA started at k.cc:7"
  bool remote = false;  // a remote copy's write
  /// The unit's own clock entry when the access finished (its DMA retired);
  /// -1 while in flight.
  int64_t epoch = -1;
};

class Interp;
using Handler = absl::Status (Interp::*)(Operation *);

/// What an elementwise op computes, fixed by the op (Interp::elementwise).
struct ElementwisePlan {
  std::function<Num(const Num *)> fn;
  Elem out;
  Shape shape;
  llvm::SmallVector<Elem> elems;  // each operand's
};

class Interp {
public:
  Interp(const Options &options, std::string kernel, std::string kernelLine)
      : options_(options), kernel_(std::move(kernel)), kernelLine_(std::move(kernelLine)) {}

  absl::Status runKernel(mlir::func::FuncOp fn, std::vector<KernelArgs> &parts);
  /// The outputs of one device's part, from its buffers (and the warning
  /// for rows nothing wrote).
  absl::Status collectOutputs(KernelArgs &args, const std::vector<int> &bufferOf,
                              int64_t numInputs, int64_t numOutputs);

  // --- Handlers (the dispatch table, dispatch()). ---
  absl::Status constant(Operation *op);
  absl::Status elementwise(Operation *op);
  absl::Status forLoop(Operation *op);
  absl::Status ifElse(Operation *op);
  absl::Status whileLoop(Operation *op);
  absl::Status view(Operation *op);
  absl::Status load(Operation *op);
  absl::Status store(Operation *op);
  absl::Status loadScalar(Operation *op);
  absl::Status storeScalar(Operation *op);
  absl::Status dmaStart(Operation *op);
  absl::Status dmaWait(Operation *op);
  absl::Status multipleOf(Operation *op);
  absl::Status coreIndex(Operation *op);
  absl::Status deviceId(Operation *op);
  absl::Status semaphoreSignal(Operation *op);
  absl::Status remoteDmaStart(Operation *op);
  absl::Status semaphoreWait(Operation *op);
  absl::Status semaphoreRead(Operation *op);
  absl::Status boundsCheck(Operation *op);
  absl::Status semaphoreCheck(Operation *op);
  absl::Status check(Operation *op);
  absl::Status reduce(Operation *op);
  absl::Status broadcast(Operation *op);
  absl::Status iota(Operation *op);
  absl::Status bitcast(Operation *op);
  absl::Status repeat(Operation *op);
  absl::Status concat(Operation *op);
  absl::Status grid(Operation *op);
  /// The result of `op`, its type's shape, zero-filled.
  absl::StatusOr<Tensor> resultTensor(Operation *op);
  /// The result of a layout op that moves words: element (r, c) is element
  /// source(x, r, c) (a row-major index) of operand 0, x.
  absl::Status gather(Operation *op,
                      llvm::function_ref<int64_t(const Tensor &x, int64_t r, int64_t c)> source);
  absl::Status slice(Operation *op);
  absl::Status roll(Operation *op);
  absl::Status gather(Operation *op);
  absl::Status extractSublane(Operation *op);
  absl::Status extract(Operation *op);
  absl::Status transpose(Operation *op);
  absl::Status transposeTiles(Operation *op);
  absl::Status dot(Operation *op);
  absl::Status pack(Operation *op);
  absl::Status unpack(Operation *op);
  absl::Status mxuWeights(Operation *op);
  absl::Status mxuMatmul(Operation *op);

private:
  /// Runs the ops of `region`'s block with `args` bound to its arguments;
  /// returns the terminator's operands.
  absl::StatusOr<llvm::SmallVector<RtValue>> runRegion(mlir::Region &region,
                                                       llvm::ArrayRef<RtValue> args);
  absl::Status exec(Operation *op);

  absl::Status fail(Operation *op, const std::string &message) const;
  /// The error of a kernel that ran out of Options::maxOps at `op`.
  absl::Status budgetExhausted(Operation *op) const;
  /// The error of a kernel that ran out of Options::workBudget at `op`.
  absl::Status workBudgetExhausted(Operation *op) const;
  /// " in the loop at k.cc:12" of the innermost loop around `op`, or "".
  std::string loopText(Operation *op) const;
  /// The host work one run of `op` does (Options::workBudget), remembered.
  int64_t workOf(Operation *op);
  std::string line(Operation *op) const;

  const RtValue &get(mlir::Value v) const;
  void set(mlir::Value v, RtValue r) { env_[v] = std::move(r); }
  void setTensor(mlir::Value v, Tensor t);
  absl::StatusOr<const Tensor *> tensor(Operation *op, unsigned operand);
  absl::StatusOr<int64_t> integer(Operation *op, mlir::Value v);
  absl::StatusOr<const Window *> window(Operation *op, unsigned operand, const char *what);
  /// window() for a vector load (`write` false) or store: a window outside
  /// its buffer is let through where Options allow it (out-of-bounds reads
  /// as uninitialized values, padded buffer bounds); its elements outside
  /// the buffer are then read as uninitialized and not written.
  absl::StatusOr<const Window *> accessWindow(Operation *op, unsigned operand, const char *what,
                                              bool write);
  /// Whether every element of `w` is inside its buffer.
  bool insideBuffer(const Window &w) const;
  /// `w` cut to its buffer (nullopt when nothing of it is inside).
  std::optional<Window> clampToBuffer(const Window &w) const;
  /// Calls f(i, k) for the elements k of `w` inside its buffer (i: their
  /// index there); those outside are skipped.
  template <class F>
  void forEachInside(const Window &w, F f) const;
  int64_t intAttr(Operation *op, llvm::StringRef name, int64_t fallback = 0) const;

  // Memory.
  std::string describe(const Window &w) const;
  static bool overlap(const Window &a, const Window &b, Window *both);
  /// Calls f(linear index in the buffer, index in the window) per element.
  template <class F>
  void forEach(const Window &w, F f) const;
  /// A DMA's copy of window `sw` of `src` to window `dw` of `dst`; between
  /// dtypes (a bitcast Ref's memory at one end), the same bits.
  void copyWindow(const Buffer &src, const Window &sw, Buffer &dst, const Window &dw) const;
  absl::Status checkWritten(const Window &w, const std::string &what,
                            const std::string &at,
                            int64_t count = -1) const;
  void markWritten(const Window &w);
  absl::Status raceCheck(Operation *op, const Window &w, bool write, const std::string &what);
  /// The cross-core race check of an access of the running unit to HBM or
  /// to a remote copy's destination (of a launch on several, with
  /// Options::detectRaces; else nothing): an error at `op` naming both
  /// accesses when an access of another unit to the same elements, one of
  /// them writing, is not ordered before it. Records it (epoch -1: in
  /// flight, else finished now) and returns the record's index, -1 when not
  /// recorded. `remote`: a remote copy's write.
  absl::StatusOr<int64_t> crossCoreCheck(Operation *op, const Window &w, bool write,
                                         const std::string &who, bool finished,
                                         bool remote = false);
  /// Both sides of a DMA starting now (crossCoreCheck).
  absl::Status crossCoreCheck(Operation *op, Dma &d, const std::string &who, bool finished);
  absl::StatusOr<std::pair<int, int64_t>> semaphore(Operation *op, unsigned operand);
  /// The element an SMEM access (Ref operand `ref`, indices from operand
  /// `firstIndex` on) reads or writes: its buffer and index there.
  /// A read outside the Ref with Options::uninitializedOutOfBoundsReads:
  /// index -1 (the element reads as uninitialized).
  absl::StatusOr<std::pair<int, int64_t>> scalarElement(Operation *op, unsigned ref,
                                                        unsigned firstIndex, bool read = false);
  absl::Status land(Dma &d);
  absl::Status finishDmas();
  /// The step whose grid point is computed at step `step` of a grid of
  /// these sizes: the same in row-major order; the parallel points shuffled
  /// by Options::gridShuffleSeed, each with its arbitrary steps in order.
  int64_t shuffledStep(llvm::ArrayRef<int64_t> grid, int64_t parallel, int64_t step);
  /// The block index operand `k` of `grid` has at step `step` (`sizes`: its
  /// extents, the run-time ones read).
  /// A grid operand's block at a step: its row and column index (element
  /// offsets along element dimensions) and the sizes of pl::BoundedSlice
  /// rows and columns (else 0).
  using BlockPos = std::array<int64_t, 4>;
  absl::StatusOr<BlockPos>
  blockAt(mlir::tessera::GridOp grid, llvm::ArrayRef<int64_t> sizes, unsigned k, int64_t step);
  absl::Status checkBlockIndex(mlir::tessera::GridOp grid, unsigned k,
                               BlockPos block,
                               llvm::ArrayRef<RtValue> point) const;
  /// Copies the in-bounds part of block `block` of `grid`'s operand `k`
  /// between its HBM Ref and its VMEM block buffer `buffer` (an HBM access
  /// the cross-core race check sees).
  absl::Status copyBlock(mlir::tessera::GridOp grid, unsigned k,
                         BlockPos block, int buffer, bool toHbm);

  Options options_;
  std::string kernel_, kernelLine_;
  llvm::DenseMap<mlir::Value, RtValue> env_;
  std::vector<Buffer> buffers_;
  std::deque<Dma> inflight_;
  /// The cross-core race check's clocks and records (a launch of several
  /// units with Options::detectRaces).
  std::optional<CoreClocks> clocks_;
  std::map<int64_t, HbmAccess> hbmAccesses_;  // by id, in order
  int64_t nextAccess_ = 0;
  size_t prunedAt_ = 0;
  std::vector<bool> unitDone_;
  std::function<std::string(int)> unitName_;
  int64_t opsRun_ = 0, workDone_ = 0;
  llvm::DenseMap<Operation *, int64_t> work_;
  llvm::DenseMap<mlir::OperationName, Handler> handlers_;
  llvm::DenseMap<Operation *, ElementwisePlan> elementwisePlans_;
  /// The shuffled order of the parallel points, per grid (sizes, parallel axes).
  std::map<std::vector<int64_t>, std::vector<int64_t>> gridOrder_;
  /// The TensorCore whose part of the launch runs now (tessera.core_index).
  int64_t core_ = 0;
  /// The device's index in its launch's mesh (tessera.device_id).
  int64_t device_ = 0;
  /// The running unit of a launch on several cores or devices: device_ *
  /// coresPerDevice_ + core_.
  int64_t unit_ = 0;
  int64_t coresPerDevice_ = 1, numDevices_ = 1;
  /// A launch on several cores or devices (Cores.h): each unit's buffers by
  /// kernel argument (the operands its device's, scratch and semaphores its
  /// own), the values and DMAs of the units not running (env_ and inflight_
  /// are the running unit's; park / unpark swap them), and the scheduler.
  std::vector<std::vector<int>> coreBuffers_;
  /// The unit that `core` (or the own core, when null) of `device` (or the
  /// own device) is; an error naming `op` when out of range.
  absl::StatusOr<int64_t> targetUnit(Operation *op, mlir::Value core, mlir::Value device,
                                     const std::string &what);
  /// `buffer` (the running unit's) as the same argument's buffer of `unit`.
  int bufferOfUnit(int buffer, int64_t unit) const;
  struct Parked {
    llvm::DenseMap<mlir::Value, RtValue> env;
    std::deque<Dma> inflight;
  };
  std::vector<Parked> parked_;
  CoreScheduler *scheduler_ = nullptr;
  void park(int core) {
    std::swap(env_, parked_[core].env);
    std::swap(inflight_, parked_[core].inflight);
  }
  void unpark(int core) { park(core); }
  /// "sem" or "sems[1]".
  std::string semaphoreName(int buffer, int64_t index) const;
  /// A semaphore op's semaphore (operand 0) and amount (operand 1).
  struct SemaphoreAmount {
    int buffer;
    int64_t index, amount;
  };
  absl::StatusOr<SemaphoreAmount> semaphoreAndAmount(Operation *op);
  /// Lets the other units run until semaphore `buffer`[`index`] holds
  /// `value` (scheduler_ must be set); `describe` says what the running
  /// unit waits for, in a deadlock's message.
  absl::Status waitForOthers(int buffer, int64_t index, int64_t value,
                             const std::function<std::string()> &describe);
  /// Each tessera.grid's VMEM block buffers (one per blocked operand), made
  /// when it first runs on a core (VMEM is per core).
  std::map<std::pair<int64_t, Operation *>, llvm::SmallVector<int>> blockBuffers_;
};

const llvm::StringMap<Handler> &dispatch() {
  static const llvm::StringMap<Handler> table = [] {
    llvm::StringMap<Handler> t;
    for (const std::string &name : elementwiseOps())
      t[name] = &Interp::elementwise;
    t["arith.constant"] = &Interp::constant;
    t["scf.for"] = &Interp::forLoop;
    t["scf.if"] = &Interp::ifElse;
    t["scf.while"] = &Interp::whileLoop;
    // Terminators are read by the op that runs their region.
    t["scf.yield"] = nullptr;
    t["scf.condition"] = nullptr;
    t["func.return"] = nullptr;
    t["tessera.view"] = &Interp::view;
    t["tessera.load"] = &Interp::load;
    t["tessera.store"] = &Interp::store;
    t["tessera.masked_store"] = &Interp::store;
    t["tessera.load_scalar"] = &Interp::loadScalar;
    t["tessera.store_scalar"] = &Interp::storeScalar;
    t["tessera.dma_start"] = &Interp::dmaStart;
    t["tessera.dma_wait"] = &Interp::dmaWait;
    t["tessera.multiple_of"] = &Interp::multipleOf;
    t["tessera.core_index"] = &Interp::coreIndex;
    t["tessera.device_id"] = &Interp::deviceId;
    t["tessera.semaphore_signal"] = &Interp::semaphoreSignal;
    t["tessera.remote_dma_start"] = &Interp::remoteDmaStart;
    t["tessera.semaphore_wait"] = &Interp::semaphoreWait;
    t["tessera.semaphore_read"] = &Interp::semaphoreRead;
    t["tessera.bounds_check"] = &Interp::boundsCheck;
    t["tessera.semaphore_check"] = &Interp::semaphoreCheck;
    t["tessera.check"] = &Interp::check;
    t["tessera.reduce"] = &Interp::reduce;
    t["tessera.broadcast"] = &Interp::broadcast;
    t["tessera.iota"] = &Interp::iota;
    t["tessera.bitcast"] = &Interp::bitcast;
    t["tessera.repeat"] = &Interp::repeat;
    t["tessera.concat"] = &Interp::concat;
    t["tessera.grid"] = &Interp::grid;
    t["tessera.yield"] = nullptr;
    t["tessera.slice"] = &Interp::slice;
    t["tessera.roll"] = &Interp::roll;
    t["tessera.gather"] = &Interp::gather;
    t["tessera.extract_sublane"] = &Interp::extractSublane;
    t["tessera.extract"] = &Interp::extract;
    t["tessera.transpose"] = &Interp::transpose;
    t["tessera.transpose_tiles"] = &Interp::transposeTiles;
    t["tessera.dot"] = &Interp::dot;
    t["tessera.pack"] = &Interp::pack;
    t["tessera.unpack"] = &Interp::unpack;
    t["tessera.mxu_weights"] = &Interp::mxuWeights;
    t["tessera.mxu_matmul"] = &Interp::mxuMatmul;
    return t;
  }();
  return table;
}

//===----------------------------------------------------------------------===//
// Values and errors
//===----------------------------------------------------------------------===//

std::string Interp::line(Operation *op) const {
  std::string l = lineOf(op->getLoc());
  return l.empty() ? kernelLine_ : l;
}

absl::Status Interp::fail(Operation *op, const std::string &message) const {
  return absl::AbortedError(absl::StrCat(line(op), ": ", message));
}

std::string Interp::loopText(Operation *op) const {
  for (Operation *p = op; p; p = p->getParentOp())
    if (llvm::isa<mlir::scf::ForOp, mlir::scf::WhileOp>(p))
      return absl::StrCat(" in the loop at ", line(p));
  return "";
}

absl::Status Interp::budgetExhausted(Operation *op) const {
  return absl::ResourceExhaustedError(absl::StrCat(
      line(op), ": kernel '", kernel_, "' did not finish within ", options_.maxOps,
      " interpreted ops", loopText(op),
      " (an endless loop? the budget is DebugOptions::cycle_budget or "
      "Compiled::run(args, {.cycle_budget = N}), which interpret mode counts in ops and loop "
      "trips)"));
}

/// The vregs a value of `type` fills (1024 elements each; 0 for scalars).
static int64_t vregsOf(mlir::Type type) {
  auto vector = llvm::dyn_cast<mlir::VectorType>(type);
  if (!vector)
    return 0;
  return (vector.getNumElements() + 1023) / 1024;
}

int64_t Interp::workOf(Operation *op) {
  auto [it, fresh] = work_.try_emplace(op, 0);
  if (!fresh)
    return it->second;
  llvm::StringRef name = op->getName().getStringRef();
  int64_t vregs = 0;
  for (mlir::Type t : op->getResultTypes())
    vregs += vregsOf(t);
  int64_t work = vregs * sim::kWorkPerVectorOp;
  // The ops the chip runs on the EUP (sim/isa/Isa.def's Transcendental
  // slot; a floor or an abs is an ALU op).
  static const llvm::StringRef kTranscendental[] = {
      "math.exp",  "math.exp2", "math.tanh",  "math.sin",         "math.cos",
      "math.erf",  "math.log",  "math.log1p", "math.sqrt",        "math.rsqrt",
      "math.powf", "arith.divf", "tessera.logistic", "tessera.reciprocal",
      "math.tan",  "tessera.erf_inv", "arith.remf"};
  if (llvm::is_contained(kTranscendental, name))
    work = vregs * sim::kWorkPerTranscendentalOp;
  if (auto dot = llvm::dyn_cast<mlir::tessera::DotOp>(op)) {
    // M / 8 x N / 128 x K / 128 products of the MXU.
    auto lhs = llvm::cast<mlir::VectorType>(dot->getOperand(0).getType());
    int64_t rows = 1, k = lhs.getShape().back();
    for (int64_t d : lhs.getShape().drop_back())
      rows *= d;
    int64_t n = llvm::cast<mlir::VectorType>(dot->getResult(0).getType()).getShape().back();
    work = ((rows + 7) / 8) * ((n + 127) / 128) * ((k + 127) / 128) * sim::kWorkPerMatmulOp;
  }
  return it->second = work;
}

absl::Status Interp::workBudgetExhausted(Operation *op) const {
  return absl::ResourceExhaustedError(absl::StrCat(
      line(op), ": kernel '", kernel_, "' did not finish within ", options_.workBudget,
      " units of simulation work", loopText(op),
      " (an endless loop? the budget is DebugOptions::work_budget or "
      "Compiled::run(args, {.work_budget = N}): a vector op counts ",
      sim::kWorkPerVectorOp, " a vreg, a transcendental ", sim::kWorkPerTranscendentalOp,
      ", an MXU product ", sim::kWorkPerMatmulOp, ")"));
}

const RtValue &Interp::get(mlir::Value v) const {
  static const RtValue none;
  auto it = env_.find(v);
  return it == env_.end() ? none : it->second;
}

void Interp::setTensor(mlir::Value v, Tensor t) {
  RtValue r;
  r.kind = Kind::Vec;
  r.t = std::make_shared<const Tensor>(std::move(t));
  set(v, std::move(r));
}

absl::StatusOr<const Tensor *> Interp::tensor(Operation *op, unsigned operand) {
  const RtValue &v = get(op->getOperand(operand));
  if (v.kind != Kind::Vec)
    return fail(op, absl::StrCat("internal error: operand ", operand, " of '",
                                 op->getName().getStringRef().str(), "' is not a vector"));
  return v.t.get();
}

absl::StatusOr<int64_t> Interp::integer(Operation *op, mlir::Value v) {
  const RtValue &r = get(v);
  if (r.kind != Kind::Int)
    return fail(op, absl::StrCat("internal error: an operand of '",
                                 op->getName().getStringRef().str(), "' is not an integer"));
  return r.i;
}

int64_t Interp::intAttr(Operation *op, llvm::StringRef name, int64_t fallback) const {
  if (auto a = op->getAttrOfType<mlir::IntegerAttr>(name))
    return a.getInt();
  return fallback;
}

/// The element type and shape of a vector type, or of a scalar (shape {}).
absl::StatusOr<std::pair<Elem, Shape>> typeOf(mlir::Type type) {
  if (auto v = llvm::dyn_cast<mlir::VectorType>(type)) {
    auto e = elemOf(v.getElementType());
    if (!e.ok())
      return e.status();
    return std::make_pair(*e, Shape(v.getShape().begin(), v.getShape().end()));
  }
  auto e = elemOf(type);
  if (!e.ok())
    return e.status();
  return std::make_pair(*e, Shape{});
}

RtValue scalarValue(Num n, Elem e) {
  RtValue r;
  if (isFloat(e)) {
    r.kind = Kind::Float;
    r.f = wordToFloat(encode(n, e));
  } else {
    r.kind = Kind::Int;
    r.i = wrapInt(n.i, e);
  }
  return r;
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

absl::Status Interp::exec(Operation *op) {
  if (++opsRun_ > options_.maxOps)
    return budgetExhausted(op);
  if (options_.workBudget > 0 && (workDone_ += workOf(op)) > options_.workBudget)
    return workBudgetExhausted(op);
  // The table by name, remembered per OperationName: a loop runs the same
  // few ops many times.
  auto [cached, fresh] = handlers_.try_emplace(op->getName(), nullptr);
  if (fresh) {
    const auto &table = dispatch();
    auto it = table.find(op->getName().getStringRef());
    cached->second = it == table.end() ? nullptr : it->second;
  }
  if (!cached->second)
    return fail(op, absl::StrCat("interpret mode does not support '",
                                 op->getName().getStringRef().str(), "' yet"));
  return (this->*(cached->second))(op);
}

absl::StatusOr<llvm::SmallVector<RtValue>> Interp::runRegion(mlir::Region &region,
                                                             llvm::ArrayRef<RtValue> args) {
  llvm::SmallVector<RtValue> results;
  if (region.empty())
    return results;
  mlir::Block &block = region.front();
  for (auto [arg, value] : llvm::zip(block.getArguments(), args))
    set(arg, value);
  for (Operation &op : block) {
    if (op.hasTrait<mlir::OpTrait::IsTerminator>()) {
      for (mlir::Value v : op.getOperands())
        results.push_back(get(v));
      return results;
    }
    if (auto st = exec(&op); !st.ok())
      return st;
  }
  return results;
}

absl::Status Interp::forLoop(Operation *op) {
  auto loop = llvm::cast<mlir::scf::ForOp>(op);
  auto lo = integer(op, loop.getLowerBound());
  auto hi = integer(op, loop.getUpperBound());
  auto step = integer(op, loop.getStep());
  if (!lo.ok() || !hi.ok() || !step.ok())
    return !lo.ok() ? lo.status() : !hi.ok() ? hi.status() : step.status();
  if (*step <= 0)
    return fail(op, absl::StrCat("a loop with step ", *step, " never ends"));
  llvm::SmallVector<RtValue> carried;
  for (mlir::Value v : loop.getInitArgs())
    carried.push_back(get(v));
  Elem ivElem = loop.getInductionVar().getType().isIndex() ? Elem::Index : Elem::I32;
  for (int64_t i = *lo; i < *hi; i += *step) {
    if (++opsRun_ > options_.maxOps)
      return budgetExhausted(op);
    llvm::SmallVector<RtValue> args;
    args.push_back(scalarValue(Num{i, 0}, ivElem));
    args.append(carried.begin(), carried.end());
    auto out = runRegion(loop.getRegion(), args);
    if (!out.ok())
      return out.status();
    carried = std::move(*out);
  }
  for (auto [r, v] : llvm::zip(loop.getResults(), carried))
    set(r, v);
  return absl::OkStatus();
}

absl::Status Interp::ifElse(Operation *op) {
  auto branch = llvm::cast<mlir::scf::IfOp>(op);
  auto cond = integer(op, branch.getCondition());
  if (!cond.ok())
    return cond.status();
  auto out = runRegion(*cond ? branch.getThenRegion() : branch.getElseRegion(), {});
  if (!out.ok())
    return out.status();
  for (auto [r, v] : llvm::zip(branch.getResults(), *out))
    set(r, v);
  return absl::OkStatus();
}

absl::Status Interp::whileLoop(Operation *op) {
  auto loop = llvm::cast<mlir::scf::WhileOp>(op);
  llvm::SmallVector<RtValue> carried;
  for (mlir::Value v : loop.getInits())
    carried.push_back(get(v));
  while (true) {
    if (++opsRun_ > options_.maxOps)
      return budgetExhausted(op);
    auto before = runRegion(loop.getBefore(), carried);
    if (!before.ok())
      return before.status();
    // scf.condition: the condition, then the values passed on.
    bool go = (*before)[0].i != 0;
    llvm::SmallVector<RtValue> passed(before->begin() + 1, before->end());
    if (!go) {
      for (auto [r, v] : llvm::zip(loop.getResults(), passed))
        set(r, v);
      return absl::OkStatus();
    }
    auto after = runRegion(loop.getAfter(), passed);
    if (!after.ok())
      return after.status();
    carried = std::move(*after);
  }
}

//===----------------------------------------------------------------------===//
// Constants and elementwise ops
//===----------------------------------------------------------------------===//

absl::Status Interp::constant(Operation *op) {
  mlir::Attribute value = op->getAttr("value");
  mlir::Type type = op->getResult(0).getType();
  auto num = [](mlir::Attribute a) {
    Num n;
    if (auto f = llvm::dyn_cast<mlir::FloatAttr>(a)) {
      llvm::APFloat v = f.getValue();
      bool lost = false;
      v.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven, &lost);
      n.f = v.convertToFloat();
    } else if (auto i = llvm::dyn_cast<mlir::IntegerAttr>(a)) {
      n.i = i.getType().isInteger(1) ? (int64_t)i.getValue().getZExtValue()
                                     : i.getValue().getSExtValue();
    }
    return n;
  };
  auto t = typeOf(type);
  if (!t.ok())
    return fail(op, std::string(t.status().message()));
  auto [elem, shape] = *t;
  if (shape.empty()) {
    set(op->getResult(0), scalarValue(num(value), elem));
    return absl::OkStatus();
  }
  auto dense = llvm::dyn_cast<mlir::DenseElementsAttr>(value);
  if (!dense)
    return fail(op, "internal error: a vector constant that is not dense");
  Tensor out{elem, shape, {}};
  if (dense.isSplat()) {
    out.w.assign(numElements(shape), encode(num(dense.getSplatValue<mlir::Attribute>()), elem));
  } else {
    for (mlir::Attribute a : dense.getValues<mlir::Attribute>())
      out.w.push_back(encode(num(a), elem));
  }
  setTensor(op->getResult(0), std::move(out));
  return absl::OkStatus();
}

/// An elementwise op's function and types.
absl::StatusOr<ElementwisePlan> planElementwise(Operation *op) {
  ElementwisePlan plan;
  auto rt = typeOf(op->getResult(0).getType());
  if (!rt.ok())
    return rt.status();
  std::tie(plan.out, plan.shape) = *rt;
  // The element type the op computes on: its first value operand's.
  unsigned typed = llvm::isa<mlir::arith::SelectOp>(op) ? 1 : 0;
  auto it = typeOf(op->getOperand(typed).getType());
  if (!it.ok())
    return it.status();
  for (mlir::Value v : op->getOperands()) {
    auto t = typeOf(v.getType());
    if (!t.ok())
      return t.status();
    plan.elems.push_back(t->first);
  }
  auto fn = elementFunction(op, it->first, plan.out);
  if (!fn.ok())
    return fn.status();
  plan.fn = *std::move(fn);
  return plan;
}

absl::Status Interp::elementwise(Operation *op) {
  // What depends only on the op (its element types and function) is made
  // once per op: loops run the same ops many times.
  auto [cached, fresh] = elementwisePlans_.try_emplace(op);
  if (fresh) {
    auto plan = planElementwise(op);
    if (!plan.ok()) {
      elementwisePlans_.erase(op);
      return fail(op, std::string(plan.status().message()));
    }
    cached->second = *std::move(plan);
  }
  const ElementwisePlan &plan = cached->second;
  const auto &fn = plan.fn;
  Elem outElem = plan.out;
  const Shape &shape = plan.shape;
  const llvm::SmallVector<Elem> &elems = plan.elems;
  unsigned n = op->getNumOperands();
  // Scalar division by zero faults on the scalar unit (vectors give -1 / x).
  if (shape.empty() &&
      llvm::isa<mlir::arith::DivSIOp, mlir::arith::RemSIOp, mlir::arith::DivUIOp,
                mlir::arith::RemUIOp>(op) &&
      get(op->getOperand(1)).i == 0)
    return fail(op, "scalar division by zero");
  llvm::SmallVector<Num, 3> args(n);
  if (shape.empty()) {
    for (unsigned k = 0; k < n; ++k) {
      const RtValue &v = get(op->getOperand(k));
      args[k] = Num{v.i, v.f};
    }
    set(op->getResult(0), scalarValue(fn(args.data()), outElem));
    return absl::OkStatus();
  }
  // Vectors; a scalar operand (arith.select's condition) applies to all.
  llvm::SmallVector<const Tensor *, 3> vecs(n, nullptr);
  for (unsigned k = 0; k < n; ++k) {
    const RtValue &v = get(op->getOperand(k));
    if (v.kind == Kind::Vec)
      vecs[k] = v.t.get();
    else
      args[k] = Num{v.i, v.f};
  }
  Tensor out{outElem, shape, {}};
  int64_t count = numElements(shape);
  out.w.resize(count);
  for (int64_t e = 0; e < count; ++e) {
    for (unsigned k = 0; k < n; ++k)
      if (vecs[k])
        args[k] = decode(vecs[k]->w[e], elems[k]);
    out.w[e] = encode(fn(args.data()), outElem);
  }
  setTensor(op->getResult(0), std::move(out));
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// Memory: windows, loads and stores
//===----------------------------------------------------------------------===//

std::string Interp::describe(const Window &w) const {
  const Buffer &b = buffers_[w.buffer];
  auto range = [](int64_t lo, int64_t n) { return absl::StrCat("[", lo, ", ", lo + n, ")"); };
  std::string out = b.name;
  size_t r = w.off.size();
  if (r == 1)
    return absl::StrCat(out, " elements ", range(w.off[0], w.size[0]));
  if (r >= 2) {
    absl::StrAppend(&out, " rows ", range(w.off[r - 2], w.size[r - 2]));
    if (w.size[r - 1] != b.shape[r - 1])
      absl::StrAppend(&out, ", columns ", range(w.off[r - 1], w.size[r - 1]));
  }
  return out;
}

bool Interp::overlap(const Window &a, const Window &b, Window *both) {
  if (a.buffer != b.buffer || a.off.size() != b.off.size())
    return false;
  Window w{a.buffer, {}, {}, ""};
  for (size_t d = 0; d < a.off.size(); ++d) {
    int64_t lo = std::max(a.off[d], b.off[d]);
    int64_t hi = std::min(a.off[d] + a.size[d], b.off[d] + b.size[d]);
    if (lo >= hi)
      return false;
    w.off.push_back(lo);
    w.size.push_back(hi - lo);
  }
  if (both)
    *both = std::move(w);
  return true;
}

template <class F>
void Interp::forEach(const Window &w, F f) const {
  const Shape &shape = buffers_[w.buffer].shape;
  size_t rank = shape.size();
  if (rank == 0) {
    f(int64_t{0}, int64_t{0});
    return;
  }
  int64_t inner = w.size[rank - 1], outer = 1;
  for (size_t d = 0; d + 1 < rank; ++d)
    outer *= w.size[d];
  Shape idx(rank - 1, 0);
  int64_t k = 0;
  for (int64_t o = 0; o < outer; ++o) {
    int64_t base = 0;
    for (size_t d = 0; d + 1 < rank; ++d)
      base = base * shape[d] + w.off[d] + idx[d];
    base = base * shape[rank - 1] + w.off[rank - 1];
    for (int64_t i = 0; i < inner; ++i)
      f(base + i, k++);
    for (int d = (int)rank - 2; d >= 0; --d) {
      if (++idx[d] < w.size[d])
        break;
      idx[d] = 0;
    }
  }
}

absl::StatusOr<const Window *> Interp::window(Operation *op, unsigned operand,
                                              const char *what) {
  const RtValue &v = get(op->getOperand(operand));
  if (v.kind != Kind::Ref)
    return fail(op, absl::StrCat("internal error: operand ", operand, " is not a Ref"));
  if (!v.ref->bad.empty())
    return fail(op, absl::StrCat(what, ": ", v.ref->bad));
  return v.ref.get();
}

absl::StatusOr<const Window *> Interp::accessWindow(Operation *op, unsigned operand,
                                                    const char *what, bool write) {
  const RtValue &v = get(op->getOperand(operand));
  if (v.kind == Kind::Ref && !v.ref->bad.empty() &&
      ((options_.paddedBufferBounds && v.ref->inPadding) ||
       (!write && options_.uninitializedOutOfBoundsReads)))
    return v.ref.get();
  return window(op, operand, what);
}

bool Interp::insideBuffer(const Window &w) const {
  const Shape &shape = buffers_[w.buffer].shape;
  for (size_t d = 0; d < w.size.size(); ++d)
    if (w.off[d] < 0 || w.off[d] + w.size[d] > shape[d])
      return false;
  return true;
}

std::optional<Window> Interp::clampToBuffer(const Window &w) const {
  const Shape &shape = buffers_[w.buffer].shape;
  Window in{w.buffer, {}, {}, "", true};
  for (size_t d = 0; d < w.size.size(); ++d) {
    int64_t lo = std::max<int64_t>(w.off[d], 0);
    int64_t hi = std::min<int64_t>(w.off[d] + w.size[d], shape[d]);
    if (hi <= lo)
      return std::nullopt;
    in.off.push_back(lo);
    in.size.push_back(hi - lo);
  }
  return in;
}

template <class F>
void Interp::forEachInside(const Window &w, F f) const {
  if (insideBuffer(w))
    return forEach(w, f);
  const Shape &shape = buffers_[w.buffer].shape;
  size_t rank = w.size.size();
  Shape idx(rank, 0);
  for (int64_t k = 0, n = numElements(w.size); k < n; ++k) {
    bool inside = true;
    int64_t i = 0;
    for (size_t d = 0; d < rank && inside; ++d) {
      int64_t c = w.off[d] + idx[d];
      inside = c >= 0 && c < shape[d];
      i = i * shape[d] + c;
    }
    if (inside)
      f(i, k);
    for (int d = (int)rank - 1; d >= 0; --d) {
      if (++idx[d] < w.size[d])
        break;
      idx[d] = 0;
    }
  }
}

absl::Status Interp::view(Operation *op) {
  auto v = llvm::cast<mlir::tessera::ViewOp>(op);
  const RtValue &src = get(v.getSource());
  if (src.kind != Kind::Ref)
    return fail(op, "internal error: the source of a view is not a Ref");
  auto w = std::make_shared<Window>(*src.ref);
  llvm::ArrayRef<int64_t> sizes = v.getSizes();
  size_t rank = sizes.size();
  if (rank != src.ref->size.size())
    return fail(op, "internal error: a view of another rank");
  unsigned dynamic = 0;
  for (size_t d = 0; d < rank; ++d) {
    int64_t offset = v.getStaticOffsets()[d];
    if (mlir::ShapedType::isDynamic(offset)) {
      auto o = integer(op, v.getOffsets()[dynamic++]);
      if (!o.ok())
        return o.status();
      offset = *o;
    }
    int64_t extent = src.ref->size[d];
    // The padded extent: of a whole buffer's last two dims, to the tile.
    const Buffer &root = buffers_[src.ref->buffer];
    int64_t padded = extent;
    if (rank >= 2 && d + 2 >= rank && src.ref->size == root.shape &&
        llvm::all_of(src.ref->off, [](int64_t o) { return o == 0; })) {
      int64_t tile = d + 1 == rank ? 128 : 8 * 32 / bitsOf(root.elem);
      padded = (extent + tile - 1) / tile * tile;
    }
    if (offset < 0 || offset > padded - sizes[d])
      w->inPadding = false;
    if (w->bad.empty() && (offset < 0 || offset > extent - sizes[d])) {
      const char *dim = rank == 1 ? "elements" : d + 2 == rank ? "rows" : d + 1 == rank
                                                                              ? "columns"
                                                                              : "indices";
      w->bad = absl::StrCat(dim, " [", offset, ", ", offset + sizes[d], ") of ",
                            buffers_[src.ref->buffer].name, " are outside [0, ", extent, ")");
    }
    w->off[d] += offset;
    w->size[d] = sizes[d];
  }
  RtValue r;
  r.kind = Kind::Ref;
  r.ref = std::move(w);
  set(op->getResult(0), std::move(r));
  return absl::OkStatus();
}

absl::Status Interp::checkWritten(const Window &w, const std::string &what,
                                  const std::string &at, int64_t count) const {
  const Buffer &b = buffers_[w.buffer];
  if (!b.checkReads)
    return absl::OkStatus();
  int64_t first = -1;
  forEach(w, [&](int64_t i, int64_t k) {
    if (first < 0 && !b.written[i] && (count < 0 || k < count))
      first = i;
  });
  if (first < 0)
    return absl::OkStatus();
  int64_t cols = b.shape.empty() ? 1 : b.shape.back();
  return absl::AbortedError(absl::StrCat(
      at, ": ", what, " ", describe(w), " reads VMEM scratch that was never written (row ",
      first / cols, ", column ", first % cols, " first)"));
}

void Interp::markWritten(const Window &w) {
  Buffer &b = buffers_[w.buffer];
  if (!b.written.empty())
    forEach(w, [&](int64_t i, int64_t) { b.written[i] = 1; });
}

absl::Status Interp::raceCheck(Operation *op, const Window &w, bool write,
                               const std::string &what) {
  if (!options_.detectRaces)
    return absl::OkStatus();
  for (const Dma &d : inflight_) {
    Window both;
    if (write && overlap(d.src, w, &both))
      return fail(op, absl::StrCat(what, " ", describe(both), " while the DMA started at ",
                                   d.line, " still reads them"));
    if (overlap(d.dst, w, &both))
      return fail(op, absl::StrCat(what, " ", describe(both), " while the DMA started at ",
                                   d.line, " still writes them"));
  }
  return absl::OkStatus();
}

absl::StatusOr<int64_t> Interp::crossCoreCheck(Operation *op, const Window &w, bool write,
                                               const std::string &who, bool finished,
                                               bool remote) {
  if (!clocks_ || (buffers_[w.buffer].space != mlir::tessera::MemorySpace::any &&
                   !buffers_[w.buffer].remoteTarget))
    return int64_t{-1};
  for (const auto &[id, a] : hbmAccesses_) {
    Window both;
    if (a.unit == unit_ || !(write || a.write) || !overlap(a.w, w, &both) ||
        clocks_->orderedBefore(a.unit, a.epoch, unit_))
      continue;
    return fail(op, absl::StrCat("cross-core race on ", unitName_(unit_), ": ", who,
                                 write ? " writes " : " reads ", describe(both), ", which ",
                                 a.who, " on ", unitName_(a.unit),
                                 a.write ? " writes" : " reads",
                                 ", and no semaphore signal orders the two (",
                                 remote || a.remote
                                     ? "the receiver must wait for a remote copy on its receive "
                                       "semaphore before it touches the rows, and signal the "
                                       "sender once it is done with rows the sender will write "
                                       "again"
                                     : "the core that finishes first must wait for its DMA, then "
                                       "signal the other: pl::semaphore_signal with core_index",
                                 ")"));
  }
  // Forget what every other unit still running is ordered after (no later
  // access of theirs can race with it), once the records have doubled.
  if (hbmAccesses_.size() >= 2 * prunedAt_ + 64) {
    std::erase_if(hbmAccesses_, [&](const auto &entry) {
      const HbmAccess &a = entry.second;
      for (int64_t u = 0; u < (int64_t)unitDone_.size(); ++u)
        if (!unitDone_[u] && !clocks_->orderedBefore(a.unit, a.epoch, u))
          return false;
      return true;
    });
    prunedAt_ = hbmAccesses_.size();
  }
  hbmAccesses_[nextAccess_] = {unit_, w, write, who, remote,
                                finished ? clocks_->epoch(unit_) : int64_t{-1}};
  return nextAccess_++;
}

absl::Status Interp::crossCoreCheck(Operation *op, Dma &d, const std::string &who,
                                    bool finished) {
  const Window *sides[2] = {&d.src, &d.dst};
  for (int k = 0; k < 2; ++k) {
    auto record = crossCoreCheck(op, *sides[k], /*write=*/k == 1, who, finished);
    if (!record.ok())
      return record.status();
    d.hbmAccess[k] = *record;
  }
  return absl::OkStatus();
}

absl::Status Interp::load(Operation *op) {
  // A load nobody uses reads nothing (jnp::zeros_like(ref[___]) takes only
  // the shape): the compiled program drops it, so it neither races nor
  // reads uninitialized scratch there, and not here either.
  if (op->getResult(0).use_empty())
    return absl::OkStatus();
  auto w = accessWindow(op, 0, "vld", /*write=*/false);
  if (!w.ok())
    return w.status();
  // The checks see the part inside the buffer; the rest reads as
  // uninitialized memory (InterpretParams: padded bounds, or out-of-bounds
  // reads as uninitialized).
  if (std::optional<Window> in = clampToBuffer(**w)) {
    if (auto st = raceCheck(op, *in, false, "vld of"); !st.ok())
      return st;
    if (auto rec = crossCoreCheck(op, *in, false, "the vld at " + line(op), /*finished=*/true);
        !rec.ok())
      return rec.status();
    if (auto st = checkWritten(*in, "vld of", line(op)); !st.ok())
      return st;
  }
  const Buffer &b = buffers_[(*w)->buffer];
  Tensor out{b.elem, (*w)->size, {}};
  out.w.assign(numElements(out.shape), poison(b.elem, options_.uninitializedNan));
  forEachInside(**w, [&](int64_t i, int64_t k) { out.w[k] = b.w[i]; });
  auto t = typeOf(op->getResult(0).getType());
  if (t.ok())
    out.shape = t->second;  // a [1, N] Ref loads as vector<1xN>, the same elements
  setTensor(op->getResult(0), std::move(out));
  return absl::OkStatus();
}

absl::Status Interp::store(Operation *op) {
  // tessera.store %v, %ref, or tessera.masked_store %v, %mask, %ref.
  bool masked = llvm::isa<mlir::tessera::MaskedStoreOp>(op);
  const char *what = masked ? "vst.msk" : "vst";
  auto w = accessWindow(op, masked ? 2 : 1, what, /*write=*/true);
  if (!w.ok())
    return w.status();
  auto v = tensor(op, 0);
  if (!v.ok())
    return v.status();
  const Tensor *mask = nullptr;
  if (masked) {
    auto m = tensor(op, 1);
    if (!m.ok())
      return m.status();
    mask = *m;
  }
  // Only the part inside the buffer is written (padded bounds: the padding
  // takes no data).
  std::optional<Window> in = clampToBuffer(**w);
  if (in) {
    if (auto st = raceCheck(op, *in, true, absl::StrCat(what, " to")); !st.ok())
      return st;
    if (auto rec = crossCoreCheck(op, *in, true, absl::StrCat("the ", what, " at ", line(op)),
                                  /*finished=*/true);
        !rec.ok())
      return rec.status();
  }
  Buffer &b = buffers_[(*w)->buffer];
  if (numElements((*w)->size) != (int64_t)(*v)->w.size() ||
      (mask && mask->w.size() != (*v)->w.size()))
    return fail(op, "internal error: a store of another size than its Ref");
  if (!mask) {
    forEachInside(**w, [&](int64_t i, int64_t k) { b.w[i] = (*v)->w[k]; });
    if (in)
      markWritten(*in);
    return absl::OkStatus();
  }
  // Only the elements the mask selects are written (and become initialized).
  forEachInside(**w, [&](int64_t i, int64_t k) {
    if (!mask->w[k])
      return;
    b.w[i] = (*v)->w[k];
    if (!b.written.empty())
      b.written[i] = 1;
  });
  return absl::OkStatus();
}

absl::StatusOr<std::pair<int, int64_t>> Interp::scalarElement(Operation *op, unsigned ref,
                                                              unsigned firstIndex, bool read) {
  auto w = window(op, ref, "the scalar access");
  if (!w.ok())
    return w.status();
  const Buffer &b = buffers_[(*w)->buffer];
  int64_t linear = 0;
  // The element as a window, for the DMAs in flight (an SMEM DMA's words).
  Window element{.buffer = (*w)->buffer};
  for (unsigned k = firstIndex, d = 0; k < op->getNumOperands(); ++k, ++d) {
    auto i = integer(op, op->getOperand(k));
    if (!i.ok())
      return i.status();
    if (*i < 0 || *i >= (*w)->size[d]) {
      if (read && options_.uninitializedOutOfBoundsReads)
        return std::make_pair((*w)->buffer, int64_t{-1});  // reads as uninitialized
      return fail(op, absl::StrCat("index ", *i, " of ", b.name, " is outside [0, ",
                                   (*w)->size[d], ")"));
    }
    linear = linear * b.shape[d] + (*w)->off[d] + *i;
    element.off.push_back((*w)->off[d] + *i);
    element.size.push_back(1);
  }
  if (!inflight_.empty())
    if (auto st = raceCheck(op, element, !read, read ? "sld of" : "sst to"); !st.ok())
      return st;
  return std::make_pair((*w)->buffer, linear);
}

absl::Status Interp::loadScalar(Operation *op) {
  auto at = scalarElement(op, 0, 1, /*read=*/true);
  if (!at.ok())
    return at.status();
  const Buffer &b = buffers_[at->first];
  uint32_t word = at->second < 0 ? poison(b.elem, options_.uninitializedNan) : b.w[at->second];
  set(op->getResult(0), scalarValue(decode(word, b.elem), b.elem));
  return absl::OkStatus();
}

absl::Status Interp::storeScalar(Operation *op) {
  auto at = scalarElement(op, 1, 2);
  if (!at.ok())
    return at.status();
  Buffer &b = buffers_[at->first];
  const RtValue &v = get(op->getOperand(0));
  b.w[at->second] = encode(Num{v.i, v.f}, b.elem);
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// DMAs and semaphores
//===----------------------------------------------------------------------===//

absl::StatusOr<std::pair<int, int64_t>> Interp::semaphore(Operation *op, unsigned operand) {
  auto w = window(op, operand, "the DMA's semaphore");
  if (!w.ok())
    return w.status();
  int64_t index = -1;
  forEach(**w, [&](int64_t i, int64_t) {
    if (index < 0)
      index = i;
  });
  return std::make_pair((*w)->buffer, std::max<int64_t>(index, 0));
}

/// The elements `in` (rows x cols of `from`, row-major) hold, seen as
/// `to` as pltpu.bitcast sees them: the 32-bit words of the vregs, word
/// (r, c) holding rows p*r .. p*r+p-1 of a packed dtype (p = 32 / bits),
/// the first in the low bits. A bitcast value and a DMA between a bitcast
/// Ref's memory and a Ref of its dtype both reinterpret so.
static std::vector<uint32_t> reinterpretBits(const std::vector<uint32_t> &in, Elem from,
                                             int64_t rows, int64_t cols, Elem to) {
  int64_t bitsIn = bitsOf(from), bitsOut = bitsOf(to);
  int64_t wordRows = (rows * bitsIn + 31) / 32, outRows = rows * bitsIn / bitsOut;
  std::vector<uint32_t> words(wordRows * cols, 0);
  auto raw = [](uint32_t w, Elem e) -> uint32_t {
    return e == Elem::BF16 ? w >> 16 : bitsOf(e) < 32 ? w & ((1u << bitsOf(e)) - 1) : w;
  };
  int64_t pIn = 32 / bitsIn, pOut = 32 / bitsOut;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      words[(r / pIn) * cols + c] |= raw(in[r * cols + c], from) << (bitsIn * (r % pIn));
  std::vector<uint32_t> out(outRows * cols);
  for (int64_t r = 0; r < outRows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      uint32_t word = words[(r / pOut) * cols + c];
      uint32_t part =
          bitsOut == 32 ? word : (word >> (bitsOut * (r % pOut))) & ((1u << bitsOut) - 1);
      out[r * cols + c] = to == Elem::BF16 ? part << 16 : (uint32_t)wrapInt(part, to);
    }
  return out;
}

void Interp::copyWindow(const Buffer &src, const Window &sw, Buffer &dst, const Window &dw) const {
  // (A 1-D HBM window and the VMEM rows of 128 lanes that hold its words:
  // the same elements in order, the last row's tail unspecified.)
  std::vector<uint32_t> data(std::max(numElements(sw.size), numElements(dw.size)),
                             poison(dst.elem, options_.uninitializedNan));
  forEach(sw, [&](int64_t i, int64_t k) { data[k] = src.w[i]; });
  if (src.elem != dst.elem) {
    int64_t cols = sw.size.back();
    data = reinterpretBits(data, src.elem, (int64_t)data.size() / cols, cols, dst.elem);
  }
  forEach(dw, [&](int64_t i, int64_t k) { dst.w[i] = data[k]; });
}

absl::Status Interp::land(Dma &d) {
  // An on_wait DMA reads its source now; it names its start line.
  // (Rows of 128 lanes copied to the 1-D HBM window of their first
  // words: only those are read.)
  int64_t count = numElements(d.dst.size) < numElements(d.src.size) ? numElements(d.dst.size) : -1;
  if (auto st = checkWritten(d.src, "the DMA from", d.line, count); !st.ok())
    return st;
  const Buffer &src = buffers_[d.src.buffer];
  Buffer &dst = buffers_[d.dst.buffer];
  copyWindow(src, d.src, dst, d.dst);
  markWritten(d.dst);
  buffers_[d.semBuffer].count[d.semIndex] += d.bytes;
  d.landed = true;
  return absl::OkStatus();
}

absl::Status Interp::dmaStart(Operation *op) {
  auto src = window(op, 0, "DMA source");
  if (!src.ok())
    return src.status();
  auto dst = window(op, 1, "DMA destination");
  if (!dst.ok())
    return dst.status();
  auto sem = semaphore(op, 2);
  if (!sem.ok())
    return sem.status();
  if (auto st = raceCheck(op, **src, false, "DMA from"); !st.ok())
    return st;
  if (auto st = raceCheck(op, **dst, true, "DMA into"); !st.ok())
    return st;
  if (inflight_.size() >= kMaxDmasInFlight)
    return fail(op, absl::StrCat("more than ", kMaxDmasInFlight,
                                 " DMAs started and not waited for; the oldest started at ",
                                 inflight_.front().line));
  Dma d;
  d.src = **src;
  d.dst = **dst;
  d.semBuffer = sem->first;
  d.semIndex = sem->second;
  d.bytes = numElements(d.dst.size) * itemBytes(buffers_[d.dst.buffer].elem);
  d.unretired = d.bytes;
  d.line = line(op);
  if (auto st = crossCoreCheck(op, d, "the DMA started at " + d.line, /*finished=*/false);
      !st.ok())
    return st;
  inflight_.push_back(std::move(d));
  if (options_.dmaMode == Options::DmaMode::Eager)
    return land(inflight_.back());
  return absl::OkStatus();
}

absl::Status Interp::dmaWait(Operation *op) {
  auto dst = window(op, 1, "DMA destination");
  if (!dst.ok())
    return dst.status();
  auto sem = semaphore(op, 2);
  if (!sem.ok())
    return sem.status();
  auto [semBuffer, semIndex] = *sem;
  int64_t bytes = numElements((*dst)->size) * itemBytes(buffers_[(*dst)->buffer].elem);
  // By index: another unit running during a wait may grow buffers_.
  const int64_t &count = buffers_[semBuffer].count[semIndex];
  auto signals = [&](const Dma &d) { return d.semBuffer == semBuffer && d.semIndex == semIndex; };
  // on_wait: the DMAs on this semaphore land, oldest first, until the wait
  // is satisfied.
  for (Dma &d : inflight_) {
    if (count >= bytes)
      break;
    if (signals(d) && !d.landed)
      if (auto st = land(d); !st.ok())
        return st;
  }
  std::string name = semaphoreName(semBuffer, semIndex);
  if (count < bytes) {
    // What another core or device pushes (a remote copy's receive wait) may
    // still come; alone, nothing can.
    if (!scheduler_)
      return fail(op, absl::StrCat("the DMA wait for ", bytes, " bytes on semaphore ", name,
                                   " can never be satisfied: it holds ", count,
                                   " bytes and no DMA in flight signals it"));
    auto describe = [this, op, semBuffer = semBuffer, semIndex = semIndex, bytes, name] {
      return absl::StrCat("waits at ", line(op), " for ", bytes, " bytes on semaphore ", name,
                          " (it holds ", buffers_[semBuffer].count[semIndex], ")");
    };
    if (absl::Status st = waitForOthers(semBuffer, semIndex, bytes, describe); !st.ok())
      return st;
  }
  buffers_[semBuffer].count[semIndex] -= bytes;
  // Retire the DMAs whose bytes the wait took, oldest first.
  int64_t need = bytes;
  for (auto it = inflight_.begin(); it != inflight_.end() && need > 0;) {
    if (!signals(*it) || !it->landed) {
      ++it;
      continue;
    }
    int64_t take = std::min(need, it->unretired);
    it->unretired -= take;
    need -= take;
    if (it->unretired == 0 && clocks_)
      for (int64_t id : it->hbmAccess)
        if (auto rec = hbmAccesses_.find(id); rec != hbmAccesses_.end())
          rec->second.epoch = clocks_->epoch(unit_);
    it = it->unretired == 0 ? inflight_.erase(it) : std::next(it);
  }
  if (clocks_)
    clocks_->waited(unit_, {semBuffer, semIndex});
  return absl::OkStatus();
}

absl::Status Interp::finishDmas() {
  // The chip lands every DMA before the kernel's end; so does interpret mode.
  for (Dma &d : inflight_)
    if (!d.landed)
      if (auto st = land(d); !st.ok())
        return st;
  if (!options_.semaphoreChecks)
    return absl::OkStatus();
  // The running core's semaphores (on several cores, each has its own).
  std::vector<int> own;
  if (coreBuffers_.empty()) {
    for (size_t b = 0; b < buffers_.size(); ++b)
      own.push_back((int)b);
  } else {
    own = coreBuffers_[unit_];
  }
  for (int index : own) {
    const Buffer &b = buffers_[index];
    if (!b.semaphore || b.operand)
      continue;
    for (size_t i = 0; i < b.count.size(); ++i) {
      if (b.count[i] == 0)
        continue;
      std::string lines;
      for (const Dma &d : inflight_)
        if (d.semBuffer == index && d.semIndex == (int64_t)i)
          absl::StrAppend(&lines, lines.empty() ? "" : ", ", d.line);
      return absl::AbortedError(absl::StrCat(
          kernelLine_, ": kernel '", kernel_, "': semaphore ", semaphoreName(index, i),
          " holds ", b.count[i],
          b.regular ? "" : " bytes", " when the kernel ends",
          lines.empty() ? ""
                        : absl::StrCat(" (the DMA started at ", lines, " was never waited for)")));
    }
  }
  return absl::OkStatus();
}

std::string Interp::semaphoreName(int buffer, int64_t index) const {
  const Buffer &b = buffers_[buffer];
  return absl::StrCat(b.name, b.shape.empty() ? "" : absl::StrCat("[", index, "]"));
}

absl::StatusOr<Interp::SemaphoreAmount> Interp::semaphoreAndAmount(Operation *op) {
  auto sem = semaphore(op, 0);
  if (!sem.ok())
    return sem.status();
  auto amount = integer(op, op->getOperand(1));
  if (!amount.ok())
    return amount.status();
  return SemaphoreAmount{sem->first, sem->second, *amount};
}

absl::StatusOr<int64_t> Interp::targetUnit(Operation *op, mlir::Value coreValue,
                                           mlir::Value deviceValue, const std::string &what) {
  int64_t core = core_, device = device_;
  if (coreValue) {
    auto c = integer(op, coreValue);
    if (!c.ok())
      return c.status();
    if (*c < 0 || *c >= coresPerDevice_)
      return fail(op, absl::StrCat(what, " to core ", *c, ": the launch runs on cores [0, ",
                                   coresPerDevice_, ")"));
    core = *c;
  }
  if (deviceValue) {
    auto d = integer(op, deviceValue);
    if (!d.ok())
      return d.status();
    if (*d < 0 || *d >= numDevices_)
      return fail(op, absl::StrCat(what, " to device ", *d, ": the launch runs on devices [0, ",
                                   numDevices_, ") of its mesh"));
    device = *d;
  }
  return device * coresPerDevice_ + core;
}

int Interp::bufferOfUnit(int buffer, int64_t unit) const {
  if (coreBuffers_.empty() || unit == unit_)
    return buffer;
  for (size_t arg = 0; arg < coreBuffers_[unit_].size(); ++arg)
    if (coreBuffers_[unit_][arg] == buffer)
      return coreBuffers_[unit][arg];
  return buffer;  // a buffer of no argument (a grid's block): the unit's own
}

absl::Status Interp::semaphoreSignal(Operation *op) {
  auto signal = llvm::cast<mlir::tessera::SemaphoreSignalOp>(op);
  auto sa = semaphoreAndAmount(op);
  if (!sa.ok())
    return sa.status();
  auto [buffer, index, amount] = *sa;
  // Another core's or device's semaphore: the same argument's buffer there.
  auto unit = targetUnit(op, signal.getCore(), signal.getDevice(), "pl::semaphore_signal");
  if (!unit.ok())
    return unit.status();
  int target = bufferOfUnit(buffer, *unit);
  buffers_[target].count[index] += amount;
  if (clocks_ && *unit != unit_)
    clocks_->signal(unit_, {target, index});
  return absl::OkStatus();
}

absl::Status Interp::remoteDmaStart(Operation *op) {
  // Remote copies run at their start: the data lands in the target's dst,
  // the bytes on both semaphores (README, "Interpret mode").
  auto start = llvm::cast<mlir::tessera::RemoteDmaStartOp>(op);
  auto src = window(op, 0, "remote DMA source");
  if (!src.ok())
    return src.status();
  auto dst = window(op, 1, "remote DMA destination");
  if (!dst.ok())
    return dst.status();
  auto send = semaphore(op, 2);
  if (!send.ok())
    return send.status();
  auto recv = semaphore(op, 3);
  if (!recv.ok())
    return recv.status();
  auto unit = targetUnit(op, start.getCore(), start.getDevice(), "make_async_remote_copy");
  if (!unit.ok())
    return unit.status();
  if (auto st = raceCheck(op, **src, false, "remote DMA from"); !st.ok())
    return st;
  if (auto st = checkWritten(**src, "the remote DMA from", line(op)); !st.ok())
    return st;
  Window target = **dst;
  target.buffer = bufferOfUnit(target.buffer, *unit);
  // It ran now: both sides finished (the receiver's wait on the receive
  // semaphore orders it after them).
  std::string who = "the remote DMA started at " + line(op);
  for (auto [w, write] : {std::pair{**src, false}, std::pair{target, true}})
    if (auto rec = crossCoreCheck(op, w, write, who, /*finished=*/true, /*remote=*/write);
        !rec.ok())
      return rec.status();
  Buffer &to = buffers_[target.buffer];
  copyWindow(buffers_[(*src)->buffer], **src, to, target);
  markWritten(target);
  int64_t bytes = numElements(target.size) * itemBytes(to.elem);
  buffers_[send->first].count[send->second] += bytes;
  int recvBuffer = bufferOfUnit(recv->first, *unit);
  buffers_[recvBuffer].count[recv->second] += bytes;
  if (clocks_ && *unit != unit_)
    clocks_->signal(unit_, {recvBuffer, recv->second});
  return absl::OkStatus();
}

absl::Status Interp::waitForOthers(int buffer, int64_t index, int64_t value,
                                   const std::function<std::string()> &describe) {
  auto ready = [this, buffer, index, value] { return buffers_[buffer].count[index] >= value; };
  int unit = (int)unit_;
  int64_t core = core_, device = device_;
  park(unit);
  absl::Status st = scheduler_->wait(unit, ready, describe);
  unpark(unit);
  unit_ = unit, core_ = core, device_ = device;
  return st;
}

absl::Status Interp::semaphoreWait(Operation *op) {
  auto sa = semaphoreAndAmount(op);
  if (!sa.ok())
    return sa.status();
  auto [buffer, index, value] = *sa;
  if (buffers_[buffer].count[index] < value) {
    if (!scheduler_)
      return fail(op, absl::StrCat("pl::semaphore_wait for ", value, " on semaphore ",
                                   semaphoreName(buffer, index), " can never be satisfied: it "
                                   "holds ", buffers_[buffer].count[index],
                                   " and no other core runs to signal it"));
    auto describe = [this, op, buffer = buffer, index = index, value = value] {
      return absl::StrCat("waits at ", line(op), " for semaphore ", semaphoreName(buffer, index),
                          " >= ", value, " (it holds ", buffers_[buffer].count[index], ")");
    };
    if (absl::Status st = waitForOthers(buffer, index, value, describe); !st.ok())
      return st;
  }
  buffers_[buffer].count[index] -= value;
  if (clocks_)
    clocks_->waited(unit_, {buffer, index});
  return absl::OkStatus();
}

absl::Status Interp::semaphoreRead(Operation *op) {
  auto sem = semaphore(op, 0);
  if (!sem.ok())
    return sem.status();
  auto [buffer, index] = *sem;
  set(op->getResult(0), scalarValue(Num{buffers_[buffer].count[index], 0}, Elem::I32));
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// Scalars and checks
//===----------------------------------------------------------------------===//

int64_t Interp::shuffledStep(llvm::ArrayRef<int64_t> grid, int64_t parallel, int64_t step) {
  if (options_.gridShuffleSeed == 0)
    return step;
  int64_t points = 1, inner = 1;
  for (int64_t k = 0; k < (int64_t)grid.size(); ++k)
    (k < parallel ? points : inner) *= grid[k];
  std::vector<int64_t> key(grid.begin(), grid.end());
  key.push_back(parallel);
  std::vector<int64_t> &order = gridOrder_[key];
  if (order.empty()) {
    // Fisher-Yates with splitmix64: the same order on every platform.
    order.resize(points);
    for (int64_t p = 0; p < points; ++p)
      order[p] = p;
    uint64_t state = options_.gridShuffleSeed;
    auto next = [&] {
      uint64_t z = (state += 0x9e3779b97f4a7c15ull);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      return z ^ (z >> 31);
    };
    for (int64_t p = points - 1; p > 0; --p)
      std::swap(order[p], order[next() % (uint64_t)(p + 1)]);
  }
  if (step < 0 || step >= points * inner)
    return step;
  return order[step / inner] * inner + step % inner;
}

absl::Status Interp::coreIndex(Operation *op) {
  set(op->getResult(0), scalarValue(Num{core_, 0}, Elem::I32));
  return absl::OkStatus();
}

absl::Status Interp::deviceId(Operation *op) {
  set(op->getResult(0), scalarValue(Num{device_, 0}, Elem::I32));
  return absl::OkStatus();
}

absl::Status Interp::multipleOf(Operation *op) {
  auto v = integer(op, op->getOperand(0));
  if (!v.ok())
    return v.status();
  int64_t m = intAttr(op, "multiple", 1);
  if (m > 0 && *v % m != 0)
    return fail(op, absl::StrCat("pl::multiple_of(x, ", m, "): x = ", *v,
                                 " is not a multiple of ", m));
  set(op->getResult(0), get(op->getOperand(0)));
  return absl::OkStatus();
}

absl::Status Interp::boundsCheck(Operation *op) {
  const RtValue &v = get(op->getOperand(0));
  if (v.kind == Kind::Ref && !v.ref->bad.empty()) {
    auto dma = op->getAttrOfType<mlir::StringAttr>("dma");
    return fail(op, absl::StrCat("BoundsCheck failed for ", dma ? dma.str() : "a DMA", ": ",
                                 v.ref->bad));
  }
  return absl::OkStatus();
}

absl::Status Interp::semaphoreCheck(Operation *op) {
  auto sem = semaphore(op, 0);
  if (!sem.ok())
    return sem.status();
  if (int64_t c = buffers_[sem->first].count[sem->second]; c != 0)
    return fail(op, absl::StrCat("Semaphore (scratch argument ", intAttr(op, "scratch_index"),
                                 ") has a nonzero value (", c,
                                 ") upon exit from a kernel"));
  return absl::OkStatus();
}

absl::Status Interp::check(Operation *op) {
  if (get(op->getOperand(0)).i != 0)
    return absl::OkStatus();
  std::string message = op->getAttrOfType<mlir::StringAttr>("message").str();
  for (unsigned k = 1; k < op->getNumOperands(); ++k) {
    std::string key = absl::StrCat("{", k - 1, "}");
    for (size_t at; (at = message.find(key)) != std::string::npos;)
      message.replace(at, key.size(), std::to_string(get(op->getOperand(k)).i));
  }
  return fail(op, absl::StrCat("kernel '", kernel_, "' stopped: ", message));
}

//===----------------------------------------------------------------------===//
// Vector ops
//===----------------------------------------------------------------------===//

absl::Status Interp::reduce(Operation *op) {
  auto in = tensor(op, 0);
  if (!in.ok())
    return in.status();
  const Tensor &x = **in;
  int64_t axis = intAttr(op, "axis");
  llvm::StringRef kindName = op->getAttrOfType<mlir::StringAttr>("kind").getValue();
  vmath::ReduceKind kind = kindName == "sum"   ? vmath::ReduceKind::Sum
                           : kindName == "max" ? vmath::ReduceKind::Max
                                               : vmath::ReduceKind::Min;
  int64_t rows = x.rows(), cols = x.cols();
  Tensor out{x.elem, x.shape, {}};
  out.shape[axis] = 1;
  int64_t n = axis == 0 ? rows : cols;
  if (n == 1) {  // reducing an axis of size 1 changes nothing
    setTensor(op->getResult(0), x);
    return absl::OkStatus();
  }
  int64_t lines = axis == 0 ? cols : rows, stride = axis == 0 ? cols : 1;
  out.w.resize(lines);
  if (isFloat(x.elem)) {
    std::vector<float> v(x.w.size());
    for (size_t i = 0; i < v.size(); ++i)
      v[i] = wordToFloat(x.w[i]);
    for (int64_t l = 0; l < lines; ++l) {
      const float *start = v.data() + (axis == 0 ? l : l * cols);
      float r = axis == 0 ? vmath::reduceAlongSublanes(kind, start, n, stride)
                          : vmath::reduceAlongLanes(kind, start, n, stride);
      out.w[l] = encode(Num{0, r}, x.elem);  // bf16 rounds once, at the end
    }
  } else {
    std::vector<int32_t> v(x.w.size());
    for (size_t i = 0; i < v.size(); ++i)
      v[i] = (int32_t)x.w[i];
    for (int64_t l = 0; l < lines; ++l) {
      const int32_t *start = v.data() + (axis == 0 ? l : l * cols);
      int32_t r = axis == 0 ? vmath::reduceAlongSublanes(kind, start, n, stride)
                            : vmath::reduceAlongLanes(kind, start, n, stride);
      out.w[l] = encode(Num{r, 0}, x.elem);
    }
  }
  setTensor(op->getResult(0), std::move(out));
  return absl::OkStatus();
}

absl::Status Interp::broadcast(Operation *op) {
  auto rt = typeOf(op->getResult(0).getType());
  if (!rt.ok())
    return fail(op, std::string(rt.status().message()));
  auto [elem, shape] = *rt;
  Tensor out{elem, shape, {}};
  int64_t rows = out.rows(), cols = out.cols();
  const RtValue &v = get(op->getOperand(0));
  if (v.kind != Kind::Vec) {
    out.w.assign(numElements(shape), encode(Num{v.i, v.f}, elem));
  } else {
    const Tensor &x = *v.t;
    out.w.resize(rows * cols);
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c)
        out.w[r * cols + c] = x.w[(x.rows() == 1 ? 0 : r) * x.cols() + (x.cols() == 1 ? 0 : c)];
  }
  setTensor(op->getResult(0), std::move(out));
  return absl::OkStatus();
}

absl::Status Interp::iota(Operation *op) {
  auto rt = typeOf(op->getResult(0).getType());
  if (!rt.ok())
    return fail(op, std::string(rt.status().message()));
  Tensor out{rt->first, rt->second, {}};
  int64_t dim = intAttr(op, "dimension"), offset = intAttr(op, "offset");
  int64_t rows = out.rows(), cols = out.cols();
  out.w.resize(rows * cols);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      out.w[r * cols + c] = encode(Num{offset + (dim == 0 ? r : c), 0}, out.elem);
  setTensor(op->getResult(0), std::move(out));
  return absl::OkStatus();
}

absl::Status Interp::bitcast(Operation *op) {
  auto in = tensor(op, 0);
  if (!in.ok())
    return in.status();
  const Tensor &x = **in;
  auto rt = typeOf(op->getResult(0).getType());
  if (!rt.ok())
    return fail(op, std::string(rt.status().message()));
  Tensor out{rt->first, rt->second, {}};
  out.w = reinterpretBits(x.w, x.elem, x.rows(), x.cols(), out.elem);
  setTensor(op->getResult(0), std::move(out));
  return absl::OkStatus();
}

absl::Status Interp::gather(
    Operation *op, llvm::function_ref<int64_t(const Tensor &x, int64_t r, int64_t c)> source) {
  auto in = tensor(op, 0);
  if (!in.ok())
    return in.status();
  const Tensor &x = **in;
  auto result = resultTensor(op);
  if (!result.ok())
    return result.status();
  Tensor &out = *result;
  int64_t rows = out.rows(), cols = out.cols();
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      out.w[r * cols + c] = x.w[source(x, r, c)];
  setTensor(op->getResult(0), std::move(out));
  return absl::OkStatus();
}

absl::Status Interp::repeat(Operation *op) {
  return gather(op, [](const Tensor &x, int64_t r, int64_t c) {
    return (r % x.rows()) * x.cols() + c % x.cols();
  });
}

absl::StatusOr<Tensor> Interp::resultTensor(Operation *op) {
  auto rt = typeOf(op->getResult(0).getType());
  if (!rt.ok())
    return fail(op, std::string(rt.status().message()));
  Tensor out{rt->first, rt->second, {}};
  out.w.resize(out.rows() * out.cols());
  return out;
}

absl::Status Interp::concat(Operation *op) {
  auto result = resultTensor(op);
  if (!result.ok())
    return result.status();
  Tensor &out = *result;
  int64_t cols = out.cols(), axis = intAttr(op, "axis"), at = 0;
  for (unsigned i = 0; i < op->getNumOperands(); ++i) {
    auto in = tensor(op, i);
    if (!in.ok())
      return in.status();
    const Tensor &x = **in;
    for (int64_t r = 0; r < x.rows(); ++r)
      for (int64_t c = 0; c < x.cols(); ++c)
        out.w[(axis == 0 ? at + r : r) * cols + (axis == 0 ? c : at + c)] = x.w[r * x.cols() + c];
    at += axis == 0 ? x.rows() : x.cols();
  }
  setTensor(op->getResult(0), std::move(out));
  return absl::OkStatus();
}

absl::Status Interp::slice(Operation *op) {
  llvm::ArrayRef<int64_t> offsets = llvm::cast<mlir::tessera::SliceOp>(op).getOffsets();
  return gather(op, [&](const Tensor &x, int64_t r, int64_t c) {
    return (offsets[0] + r) * x.cols() + offsets[1] + c;
  });
}

absl::Status Interp::roll(Operation *op) {
  auto in = tensor(op, 0);
  if (!in.ok())
    return in.status();
  const Tensor &x = **in;
  int64_t axis = intAttr(op, "axis"), shift = intAttr(op, "shift");
  int64_t rows = x.rows(), cols = x.cols(), n = axis == 0 ? rows : cols;
  int64_t s = ((shift % n) + n) % n;
  Tensor out{x.elem, x.shape, std::vector<uint32_t>(x.w.size())};
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      int64_t sr = axis == 0 ? (r - s + n) % n : r, sc = axis == 1 ? (c - s + n) % n : c;
      out.w[r * cols + c] = x.w[sr * cols + sc];
    }
  setTensor(op->getResult(0), std::move(out));
  return absl::OkStatus();
}

/// tessera.gather: each element reads its own tile of the input (128 lanes
/// or 8 rows), at the index's low 7 (3) bits; a place past the value (its
/// tile's padding) reads as uninitialized memory; a dimension of 1 is
/// replicated, as in registers.
absl::Status Interp::gather(Operation *op) {
  auto in = tensor(op, 0), idx = tensor(op, 1);
  if (!in.ok() || !idx.ok())
    return !in.ok() ? in.status() : idx.status();
  const Tensor &x = **in, &ix = **idx;
  bool lanes = intAttr(op, "axis") == 1;
  int64_t rows = x.rows(), cols = x.cols();
  Tensor out{x.elem, x.shape, std::vector<uint32_t>(x.w.size())};
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      int64_t i = (int32_t)ix.w[r * cols + c];
      int64_t sr = lanes ? r : (r & ~int64_t{7}) + (i & 7);
      int64_t sc = lanes ? (c & ~int64_t{127}) + (i & 127) : c;
      if (rows == 1)
        sr = 0;
      if (cols == 1)
        sc = 0;
      out.w[r * cols + c] = sr < rows && sc < cols ? x.w[sr * cols + sc]
                                                   : poison(x.elem, options_.uninitializedNan);
    }
  setTensor(op->getResult(0), std::move(out));
  return absl::OkStatus();
}

absl::Status Interp::extract(Operation *op) {
  auto in = tensor(op, 0);
  if (!in.ok())
    return in.status();
  const Tensor &x = **in;
  llvm::ArrayRef<int64_t> at = llvm::cast<mlir::tessera::ExtractOp>(op).getPosition();
  set(op->getResult(0), scalarValue(decode(x.w[at[0] * x.cols() + at[1]], x.elem), x.elem));
  return absl::OkStatus();
}

absl::Status Interp::extractSublane(Operation *op) {
  auto in = tensor(op, 0);
  if (!in.ok())
    return in.status();
  const Tensor &x = **in;
  int64_t row = intAttr(op, "sublane"), cols = x.cols();
  if (row < 0 || row >= x.rows())
    return fail(op, absl::StrCat("sublane ", row, " is outside [0, ", x.rows(), ")"));
  Tensor out{x.elem, {1, cols}, {}};
  out.w.assign(x.w.begin() + row * cols, x.w.begin() + (row + 1) * cols);
  setTensor(op->getResult(0), std::move(out));
  return absl::OkStatus();
}

absl::Status Interp::transpose(Operation *op) {
  auto in = tensor(op, 0);
  if (!in.ok())
    return in.status();
  const Tensor &x = **in;
  int64_t rows = x.rows(), cols = x.cols();
  Tensor out{x.elem, {cols, rows}, std::vector<uint32_t>(x.w.size())};
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      out.w[c * rows + r] = x.w[r * cols + c];
  setTensor(op->getResult(0), std::move(out));
  return absl::OkStatus();
}

absl::Status Interp::transposeTiles(Operation *op) {
  // The operands are the 8-row parts of a square block; result k is rows
  // 8k .. 8k+7 of its transpose.
  std::vector<uint32_t> block;
  Elem elem = Elem::F32;
  int64_t cols = 0;
  for (unsigned k = 0; k < op->getNumOperands(); ++k) {
    auto in = tensor(op, k);
    if (!in.ok())
      return in.status();
    block.insert(block.end(), (*in)->w.begin(), (*in)->w.end());
    elem = (*in)->elem;
    cols = (*in)->cols();
  }
  int64_t rows = cols == 0 ? 0 : (int64_t)block.size() / cols;
  if (rows != cols)
    return fail(op, "internal error: transpose_tiles of a block that is not square");
  int64_t part = rows / std::max<int64_t>(op->getNumResults(), 1);
  for (unsigned k = 0; k < op->getNumResults(); ++k) {
    Tensor out{elem, {part, cols}, std::vector<uint32_t>(part * cols)};
    for (int64_t r = 0; r < part; ++r)
      for (int64_t c = 0; c < cols; ++c)
        out.w[r * cols + c] = block[c * cols + k * part + r];
    setTensor(op->getResult(k), std::move(out));
  }
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// The MXU
//===----------------------------------------------------------------------===//

namespace mx = ::tessera::machine;

absl::Status Interp::dot(Operation *op) {
  auto a = tensor(op, 0), b = tensor(op, 1);
  if (!a.ok() || !b.ok())
    return !a.ok() ? a.status() : b.status();
  const Tensor &lhs = **a, &rhs = **b;
  auto rt = typeOf(op->getResult(0).getType());
  if (!rt.ok())
    return fail(op, std::string(rt.status().message()));
  bool transposed = false;
  if (auto t = op->getAttrOfType<mlir::BoolAttr>("transpose_rhs"))
    transposed = t.getValue();
  auto precision = op->getAttrOfType<mlir::StringAttr>("precision");
  bool int8 = lhs.elem == Elem::I8;
  bool highest = precision && precision.getValue() == "highest" && !int8;
  int64_t M = lhs.rows(), K = lhs.cols(), N = rt->second.back();
  const int64_t D = mx::kMxuDim;
  Tensor out{rt->first, rt->second, std::vector<uint32_t>(M * N)};
  // K (and N) may end in a partial block: as compiled, the LHS lanes and
  // weight rows past K are zero (Kp: K padded to whole blocks), and the
  // weight columns past N.
  int64_t kBlocks = (K + D - 1) / D, nBlocks = (N + D - 1) / D, Kp = kBlocks * D;
  // The RHS element (k, n); past K or N, 0.
  auto rhsAt = [&](int64_t k, int64_t n) -> uint32_t {
    if (n >= N || k >= K)
      return 0;
    return transposed ? rhs.w[n * rhs.cols() + k] : rhs.w[k * rhs.cols() + n];
  };
  // Every pass takes all M rows' K block kb through one weight block
  // (vmath::mxuPassRows, the MXU's own host-vector passes); acc [M][nBlocks
  // * D] adds the passes in the compiled order.
  const int64_t Np = nBlocks * D;
  if (int8) {
    std::vector<vmath::MxuWeights> weights(nBlocks * kBlocks);
    for (int64_t nb = 0; nb < nBlocks; ++nb)
      for (int64_t kb = 0; kb < kBlocks; ++kb)
        for (int64_t k = 0; k < D; ++k)
          for (int64_t n = 0; n < D; ++n)
            weights[nb * kBlocks + kb].w[k * D + n] = (int8_t)rhsAt(kb * D + k, nb * D + n);
    std::vector<int8_t> rows(M * D);
    std::vector<int32_t> acc(M * Np), pass(M * D);
    for (int64_t kb = 0; kb < kBlocks; ++kb) {
      for (int64_t m = 0; m < M; ++m)
        for (int64_t k = 0; k < D; ++k)
          rows[m * D + k] = kb * D + k < K ? (int8_t)lhs.w[m * K + kb * D + k] : 0;
      for (int64_t nb = 0; nb < nBlocks; ++nb) {
        vmath::mxuPassRows(rows.data(), M, weights[nb * kBlocks + kb], pass.data());
        for (int64_t m = 0; m < M; ++m)
          for (int64_t n = 0; n < D; ++n) {
            int32_t &a = acc[m * Np + nb * D + n];
            a = kb == 0 ? pass[m * D + n] : (int32_t)((uint32_t)a + (uint32_t)pass[m * D + n]);
          }
      }
    }
    for (int64_t m = 0; m < M; ++m)
      for (int64_t n = 0; n < N; ++n)
        out.w[m * N + n] = encode(Num{acc[m * Np + n], 0}, out.elem);
    setTensor(op->getResult(0), std::move(out));
    return absl::OkStatus();
  }
  // bf16 / f32: the parts of an f32 operand (HIGHEST: the value, then what
  // rounding to bf16 left, twice); each pass rounds its operands to bf16.
  int lhsParts = highest && lhs.elem == Elem::F32 ? 3 : 1;
  int rhsParts = highest && rhs.elem == Elem::F32 ? 3 : 1;
  auto parts = [](std::vector<float> v, int count) {
    std::vector<std::vector<float>> p{v};
    for (int k = 1; k < count; ++k) {
      for (float &x : v)
        x = x - vmath::roundBf16(x);
      p.push_back(v);
    }
    return p;
  };
  std::vector<float> lv(M * Kp, 0.0f), rv(Kp * N);
  for (int64_t m = 0; m < M; ++m)
    for (int64_t k = 0; k < K; ++k)
      lv[m * Kp + k] = wordToFloat(lhs.w[m * K + k]);
  for (int64_t k = 0; k < Kp; ++k)
    for (int64_t n = 0; n < N; ++n)
      rv[k * N + n] = wordToFloat(rhsAt(k, n));
  auto lp = parts(std::move(lv), lhsParts);
  auto rp = parts(std::move(rv), rhsParts);
  // Weight blocks per RHS part, rounded to bf16 as the MXU holds them.
  std::vector<std::vector<vmath::MxuWeights>> blocks(
      rhsParts, std::vector<vmath::MxuWeights>(nBlocks * kBlocks));
  for (int p = 0; p < rhsParts; ++p)
    for (int64_t nb = 0; nb < nBlocks; ++nb)
      for (int64_t kb = 0; kb < kBlocks; ++kb)
        for (int64_t k = 0; k < D; ++k)
          for (int64_t n = 0; n < D; ++n)
            blocks[p][nb * kBlocks + kb].w[k * D + n] =
                nb * D + n < N ? vmath::roundBf16(rp[p][(kb * D + k) * N + nb * D + n]) : 0.0f;
  // The documented order of the HIGHEST terms, smallest first (README).
  static constexpr std::pair<int, int> kTerms[] = {{2, 0}, {1, 1}, {0, 2},
                                                   {1, 0}, {0, 1}, {0, 0}};
  std::vector<float> acc(M * Np), rows(M * D), pass(M * D);
  bool first = true;
  for (auto [tl, tr] : kTerms) {
    if (tl >= lhsParts || tr >= rhsParts || (!highest && (tl || tr)))
      continue;
    for (int64_t kb = 0; kb < kBlocks; ++kb) {
      for (int64_t m = 0; m < M; ++m)
        std::copy_n(lp[tl].data() + m * Kp + kb * D, D, rows.data() + m * D);
      for (int64_t nb = 0; nb < nBlocks; ++nb) {
        vmath::mxuPassRows(rows.data(), M, blocks[tr][nb * kBlocks + kb], pass.data());
        for (int64_t m = 0; m < M; ++m)
          for (int64_t n = 0; n < D; ++n) {
            float &a = acc[m * Np + nb * D + n];
            a = first ? pass[m * D + n] : a + pass[m * D + n];
          }
      }
      first = false;
    }
  }
  for (int64_t m = 0; m < M; ++m)
    for (int64_t n = 0; n < N; ++n)
      out.w[m * N + n] = encode(Num{0, acc[m * Np + n]}, out.elem);
  setTensor(op->getResult(0), std::move(out));
  return absl::OkStatus();
}

absl::Status Interp::pack(Operation *op) {
  auto rt = typeOf(op->getResult(0).getType());
  if (!rt.ok())
    return fail(op, std::string(rt.status().message()));
  Tensor out{rt->first, rt->second, {}};
  // The 8-row inputs stacked: rows 0-7, 8-15, ... (rounded or wrapped).
  for (unsigned k = 0; k < op->getNumOperands(); ++k) {
    auto in = tensor(op, k);
    if (!in.ok())
      return in.status();
    for (uint32_t w : (*in)->w)
      out.w.push_back(encode(decode(w, (*in)->elem), out.elem));
  }
  setTensor(op->getResult(0), std::move(out));
  return absl::OkStatus();
}

absl::Status Interp::unpack(Operation *op) {
  auto in = tensor(op, 0);
  if (!in.ok())
    return in.status();
  auto rt = typeOf(op->getResult(0).getType());
  if (!rt.ok())
    return fail(op, std::string(rt.status().message()));
  Tensor out{rt->first, rt->second, {}};
  int64_t part = intAttr(op, "part"), n = numElements(out.shape);
  for (int64_t i = 0; i < n; ++i)
    out.w.push_back(encode(decode((*in)->w[part * n + i], (*in)->elem), out.elem));
  setTensor(op->getResult(0), std::move(out));
  return absl::OkStatus();
}

absl::Status Interp::mxuWeights(Operation *op) {
  auto w = std::make_shared<Weights>();
  bool transposed = false;
  if (auto t = op->getAttrOfType<mlir::BoolAttr>("transposed"))
    transposed = t.getValue();
  const int64_t D = mx::kMxuDim;
  int64_t done = 0;
  for (unsigned k = 0; k < op->getNumOperands(); ++k) {
    auto in = tensor(op, k);
    if (!in.ok())
      return in.status();
    const Tensor &t = **in;
    w->int8 = t.elem == Elem::I8;
    if (w->f.empty() && w->i.empty())
      (w->int8 ? (void)w->i.resize(D * D) : (void)w->f.resize(D * D));
    // Tile k holds weight rows (columns when transposed) done .. done + rows.
    for (int64_t r = 0; r < t.rows(); ++r)
      for (int64_t c = 0; c < D; ++c) {
        int64_t at = transposed ? c * D + done + r : (done + r) * D + c;
        if (w->int8)
          w->i[at] = (int8_t)t.w[r * D + c];
        else
          w->f[at] = wordToFloat(t.w[r * D + c]);
      }
    done += t.rows();
  }
  RtValue r;
  r.kind = Kind::Weights;
  r.weights = std::move(w);
  set(op->getResult(0), std::move(r));
  return absl::OkStatus();
}

absl::Status Interp::mxuMatmul(Operation *op) {
  const RtValue &wv = get(op->getOperand(0));
  auto in = tensor(op, 1);
  if (!in.ok())
    return in.status();
  if (wv.kind != Kind::Weights)
    return fail(op, "internal error: mxu_matmul without weights");
  const Tensor &x = **in;
  const Weights &w = *wv.weights;
  const int64_t D = mx::kMxuDim;
  Tensor out{x.elem, x.shape, std::vector<uint32_t>(x.w.size())};
  for (int64_t r = 0; r < x.rows(); ++r) {
    if (w.int8) {
      std::array<int8_t, mx::kMxuDim> row;
      for (int64_t k = 0; k < D; ++k)
        row[k] = (int8_t)x.w[r * D + k];
      auto pass = vmath::mxuPass(row.data(), w.i.data());
      for (int64_t n = 0; n < D; ++n)
        out.w[r * D + n] = (uint32_t)pass[n];
    } else {
      std::array<float, mx::kMxuDim> row;
      for (int64_t k = 0; k < D; ++k)
        row[k] = wordToFloat(x.w[r * D + k]);
      auto pass = vmath::mxuPass(row.data(), w.f.data());
      for (int64_t n = 0; n < D; ++n)
        out.w[r * D + n] = floatToWord(pass[n]);
    }
  }
  setTensor(op->getResult(0), std::move(out));
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//

/// Host words (runtime::Host's format) <-> the interpreter's words.
uint32_t fromHost(uint32_t w, Elem e) {
  if (e == Elem::BF16)
    return (w & 0xffff) << 16;
  if (e == Elem::I8 || e == Elem::I16)  // sign-extended (the ops know unsigned ones)
    return (uint32_t)wrapInt((int32_t)w, e);
  return w;
}
uint32_t toHost(uint32_t w, Elem e) { return e == Elem::BF16 ? w >> 16 : w; }

/// What uninitialized memory holds: NaN for floats, INT_MAX (int8: 127)
/// for integers, true for bools (Pallas' InterpretParams), or zeros.
uint32_t poison(Elem e, bool nan) {
  if (!nan)
    return 0;
  switch (e) {
  case Elem::F32:
  case Elem::BF16: return 0x7fc00000u;
  case Elem::I8: return 127;
  case Elem::I16: return 32767;
  case Elem::I1: return 1;
  default: return 0x7fffffffu;
  }
}

//===----------------------------------------------------------------------===//
// Grids (pallas_call, emit_pipeline)
//===----------------------------------------------------------------------===//

absl::StatusOr<Interp::BlockPos> Interp::blockAt(mlir::tessera::GridOp grid,
                                                            llvm::ArrayRef<int64_t> sizes,
                                                            unsigned k, int64_t step) {
  llvm::SmallVector<RtValue> point(sizes.size());
  for (int64_t d = (int64_t)sizes.size() - 1, s = step; d >= 0; s /= sizes[d], --d)
    point[d] = scalarValue(Num{s % sizes[d], 0}, Elem::I32);
  auto idx = runRegion(grid.getIndexMaps()[k], point);
  if (!idx.ok())
    return idx.status();
  return BlockPos{(*idx)[0].i, (*idx)[1].i, grid.isBoundedRows(k) ? (*idx)[2].i : 0,
                  grid.isBoundedCols(k) ? idx->back().i : 0};
}

absl::Status Interp::copyBlock(mlir::tessera::GridOp grid, unsigned k,
                               BlockPos block, int buffer, bool toHbm) {
  const Window &array = *get(grid.getBlocked()[k]).ref;
  llvm::ArrayRef<int64_t> shape = grid.getBlockShape(k);
  // A partial edge block moves only its in-bounds part; along an element
  // dimension the index is the block's first element.
  Window hbm = array, vmem;
  vmem.buffer = buffer;
  vmem.off = {0, 0};
  int64_t at[2] = {grid.isElementDim(k, 0) ? block[0] : block[0] * shape[0],
                   grid.isElementDim(k, 1) ? block[1] : block[1] * shape[1]};
  int64_t rows = std::min(shape[0], array.size[0] - at[0]);
  int64_t cols = std::min(shape[1], array.size[1] - at[1]);
  int64_t vmemCol = 0;
  if (grid.isBoundedCols(k)) {
    // pl::BoundedSlice columns: the index map's `size` columns from the
    // start (clipped to the block's, as compiled), to and from the
    // buffer's first columns.
    cols = std::min(block[3], shape[1]);
    if (cols <= 0)
      return absl::OkStatus();
  } else if (auto [lo, hi] = grid.getColPadding(k); lo || hi) {
    // Padded columns (col_padding): the index is a column of the padded
    // array; the columns inside the array move, to the buffer columns
    // they fill.
    int64_t begin = at[1] - lo, first = std::max<int64_t>(begin, 0);
    cols = std::min(begin + shape[1], array.size[1]) - first;
    if (cols <= 0)
      return absl::OkStatus();
    vmemCol = first - begin;
    at[1] = first;
  }
  // (Rows of matrices, matrix_rows: each block clipped to its matrix;
  // padded ones below.)
  if (int64_t period = grid.getMatrixRows(k);
      period && !grid.hasRowPadding(k))
    rows = std::min(rows, period - at[0] % period);

  std::string who =
      absl::StrCat("the pallas_call's copy of block (", block[0], ", ", block[1], ") of ",
                   llvm::cast<mlir::StringAttr>(grid.getLabels()[k]).str(), " '",
                   llvm::cast<mlir::StringAttr>(grid.getNames()[k]).str(), "' at ", line(grid));
  // Each copy of the box (copy_rows): further into the array, and whole
  // tiles of rows apart in the buffer.
  for (auto [c, copyRow] : llvm::enumerate(grid.getCopyRows(k))) {
    int64_t hbmRow = at[0] + copyRow, n = rows,
            vmemRow = (int64_t)c * mlir::tessera::GridOp::copyStride(shape[0]);
    if (grid.isBoundedRows(k)) {
      // pl::BoundedSlice rows: the index map's `size` rows from the start
      // (clipped to the block's, as compiled), to and from the buffer's
      // first rows.
      n = std::min(block[2], shape[0]);
      if (n <= 0)
        continue;
    } else if (auto [lo, hi] = grid.getRowPadding(k); lo || hi) {
      // Padded rows (row_padding): the index is a row of the padded array
      // (of its matrix's padded rows, with matrix_rows); the rows inside
      // the array (the matrix) move, to the buffer rows they fill.
      int64_t base = 0, limit = array.size[0], begin = hbmRow - lo;
      if (int64_t period = grid.getMatrixRows(k)) {
        int64_t padded = grid.paddedMatrixRows(k), matrix = hbmRow / padded;
        base = matrix * period;
        limit = base + period;
        begin = base + hbmRow % padded - lo;
      }
      int64_t first = std::max(begin, base);
      n = std::min(begin + shape[0], limit) - first;
      if (n <= 0)
        continue;
      vmemRow += first - begin;
      hbmRow = first;
    }
    hbm.off = {array.off[0] + hbmRow, array.off[1] + at[1]};
    vmem.off = {vmemRow, vmemCol};
    hbm.size = vmem.size = {n, cols};
    if (auto rec = crossCoreCheck(grid, hbm, toHbm, who, /*finished=*/true); !rec.ok())
      return rec.status();
    const Window &from = toHbm ? vmem : hbm, &to = toHbm ? hbm : vmem;
    std::vector<uint32_t> data(numElements(from.size));
    forEach(from, [&](int64_t i, int64_t n) { data[n] = buffers_[from.buffer].w[i]; });
    forEach(to, [&](int64_t i, int64_t n) { buffers_[to.buffer].w[i] = data[n]; });
    markWritten(to);
  }
  return absl::OkStatus();
}

/// A block index outside the array's blocks (an index map reading a
/// run-time value, e.g. from scalar prefetch): an error at the index map's
/// line naming the grid point, the block index and the operand. Blocks at
/// the edge may be partial; a block wholly outside is an error.
absl::Status Interp::checkBlockIndex(mlir::tessera::GridOp grid, unsigned k,
                                     BlockPos block,
                                     llvm::ArrayRef<RtValue> point) const {
  int64_t blocks[2] = {grid.positionsAlong(k, 0), grid.positionsAlong(k, 1)};
  if (block[0] >= 0 && block[0] < blocks[0] && block[1] >= 0 && block[1] < blocks[1])
    return absl::OkStatus();
  std::string at;
  for (unsigned d = 0; d < grid.getGrid().size(); ++d)
    absl::StrAppend(&at, d ? ", " : "", point[d].i);
  mlir::Region &map = grid.getIndexMaps()[k];
  std::string where = map.empty() ? std::string() : lineOf(map.front().getTerminator()->getLoc());
  if (where.empty())
    where = line(grid);
  return absl::AbortedError(absl::StrCat(
      where, ": kernel '", kernel_, "' stopped: ",
      grid.blockOutsideMessage(k, at, absl::StrCat(block[0], ", ", block[1]))));
}

/// Pallas' semantics (PALLAS_REFERENCE.md section 1), stated directly: the
/// core's grid points in order (the parallel ones shuffled by the seed), an
/// input block fetched when its index differs from the previous point's, an
/// output block written back when the next point's differs or after the
/// last point. The copies are synchronous: the pipeline's overlap is the
/// compiler's business, not part of the semantics.
absl::Status Interp::grid(Operation *op) {
  auto grid = llvm::cast<mlir::tessera::GridOp>(op);
  // The extents, run-time ones read now (0: no point; negative: an error,
  // as the compiled program's check).
  llvm::SmallVector<int64_t> sizes(grid.getGrid());
  mlir::ValueRange dynamic = grid.getDynamicGrid();
  for (auto [k, size] : llvm::enumerate(sizes)) {
    if (!mlir::ShapedType::isDynamic(size))
      continue;
    size = get(dynamic.front()).i;
    dynamic = dynamic.drop_front();
    if (size < 0)
      return fail(
          op, absl::StrCat("kernel '", kernel_, "' stopped: ",
                           mlir::tessera::GridOp::negativeExtentMessage(k, std::to_string(size))));
  }
  // (Their product must fit in int32, as the compiled program checks.)
  for (int64_t k = 0, so = 1; k < (int64_t)sizes.size(); so *= sizes[k], ++k)
    if (sizes[k] != 0 && so > INT32_MAX / sizes[k])
      return fail(op, absl::StrCat("kernel '", kernel_, "' stopped: ",
                                   mlir::tessera::GridOp::tooManyStepsMessage(
                                       std::to_string(so), std::to_string(sizes[k]))));
  int64_t parallel = grid.getNumParallelAxes();
  int64_t steps = mlir::tessera::GridOp::stepsPerCore(sizes, parallel, 1);
  llvm::SmallVector<mlir::Value> blocked = grid.getBlocked();
  llvm::SmallVector<int> &bufs = blockBuffers_[{unit_, op}];
  for (unsigned k = bufs.size(); k < blocked.size(); ++k) {
    const Buffer &array = buffers_[get(blocked[k]).ref->buffer];
    Buffer b;
    b.name = llvm::cast<mlir::StringAttr>(grid.getNames()[k]).str() + "_block";
    b.space = mlir::tessera::MemorySpace::vmem;
    b.elem = array.elem;
    b.shape = {grid.getBufferRows(k), grid.getBlockShape(k)[1]};
    b.w.assign(numElements(b.shape), poison(b.elem, options_.uninitializedNan));
    bufs.push_back(buffers_.size());
    buffers_.push_back(std::move(b));
  }
  // Megacore: this core's contiguous share of the parallel points, each
  // with all of its arbitrary steps (as tessera-expand-grid splits).
  int64_t chunk = mlir::tessera::GridOp::stepsPerCore(sizes, parallel, grid.getNumCores());
  int64_t lo = std::min(core_ * chunk, steps), hi = std::min(lo + chunk, steps);
  std::vector<std::optional<BlockPos>> current(blocked.size());
  std::vector<std::set<std::pair<int64_t, int64_t>>> writtenBack(blocked.size());
  for (int64_t t = lo; t < hi; ++t) {
    int64_t s = shuffledStep(sizes, parallel, t);
    llvm::SmallVector<RtValue> args;
    for (int64_t d = (int64_t)sizes.size() - 1, r = s; d >= 0; r /= sizes[d], --d)
      args.insert(args.begin(), scalarValue(Num{r % sizes[d], 0}, Elem::I32));
    for (unsigned k = 0; k < blocked.size(); ++k) {
      auto idx = blockAt(grid, sizes, k, s);
      if (!idx.ok())
        return idx.status();
      if (absl::Status st = checkBlockIndex(grid, k, *idx, args); !st.ok())
        return st;
      if (!grid.isOutput(k) && current[k] != *idx)
        if (absl::Status st = copyBlock(grid, k, *idx, bufs[k], /*toHbm=*/false); !st.ok())
          return st;
      current[k] = *idx;
      RtValue ref;
      ref.kind = Kind::Ref;
      ref.ref = std::make_shared<Window>(
          Window{bufs[k], {0, 0}, {grid.getBufferRows(k), grid.getBlockShape(k)[1]}, ""});
      args.push_back(std::move(ref));
    }
    auto ran = runRegion(grid.getBody(), args);
    if (!ran.ok())
      return ran.status();
    for (unsigned k = 0; k < blocked.size(); ++k) {
      if (!grid.isOutput(k))
        continue;
      if (t + 1 < hi) {
        auto next = blockAt(grid, sizes, k, shuffledStep(sizes, parallel, t + 1));
        if (!next.ok())
          return next.status();
        if (*next == *current[k])
          continue;
      }
      int64_t i = (*current[k])[0], j = (*current[k])[1];
      if (grid.getRevisitChecks() && !grid.isBounded(k) &&
          !writtenBack[k].insert({i, j}).second)
        return fail(op, absl::StrCat(
                            "kernel '", kernel_, "' stopped: Revisited block (", i, ", ", j,
                            ") of ", llvm::cast<mlir::StringAttr>(grid.getLabels()[k]).str(),
                            " '", llvm::cast<mlir::StringAttr>(grid.getNames()[k]).str(),
                            "': it was written back at an earlier grid step and would now be "
                            "overwritten; an output block must be visited in consecutive steps "
                            "(put the reduction axis last)"));
      if (absl::Status st = copyBlock(grid, k, *current[k], bufs[k], /*toHbm=*/true); !st.ok())
        return st;
    }
  }
  return absl::OkStatus();
}

absl::Status Interp::runKernel(mlir::func::FuncOp fn, std::vector<KernelArgs> &parts) {
  auto attr = [&](llvm::StringRef name) { return intAttr(fn, name, -1); };
  int64_t numInputs = attr(mlir::tessera::kNumInputsAttr);
  int64_t numOutputs = attr(mlir::tessera::kNumOutputsAttr);
  if (numInputs < 0 || numOutputs < 0)
    return absl::InvalidArgumentError(absl::StrCat(
        kernelLine_, ": kernel '", kernel_, "' has no tessera.num_inputs / num_outputs"));
  for (const KernelArgs &args : parts)
    if ((int64_t)args.inputs.size() != numInputs || (int64_t)args.outputs.size() != numOutputs)
      return absl::InvalidArgumentError(absl::StrCat(
          kernelLine_, ": kernel '", kernel_, "' takes ", numInputs, " inputs and ", numOutputs,
          " outputs, got ", args.inputs.size(), " and ", args.outputs.size()));
  int64_t firstScratch = numInputs + numOutputs;
  // Argument i's buffer on device d: an operand's data, or fresh scratch.
  // Input i's words, `count` of them.
  auto inputWords = [&](const KernelArgs &args, unsigned i,
                        int64_t count) -> absl::StatusOr<const std::vector<uint32_t> *> {
    const HostArray &a = args.inputs[i];
    // A 1-D array a pipeline blocks in VMEM is folded into rows of 128
    // lanes in the kernel (dsl/KernelTrace.h, foldedShape): its words and
    // the last row's padding.
    bool folded = a.type.shape.size() == 1 && (int64_t)a.words.size() <= count &&
                  count - (int64_t)a.words.size() < 128;
    // Rank 3 to 5: matrices padded to whole tiles (tessera::matrixStride).
    bool padded = tessera::isBatchShape(a.type.shape) &&
                  count == tessera::memoryRows(a.type.shape) * a.type.shape.back();
    if ((int64_t)a.words.size() != count && !folded && !padded)
      return absl::InvalidArgumentError(absl::StrCat(kernelLine_, ": input ", i, " of kernel '",
                                                     kernel_, "' has ", a.words.size(),
                                                     " elements; the kernel takes ", count));
    return &a.words;
  };
  auto makeBuffer = [&](unsigned i, size_t d) -> absl::StatusOr<Buffer> {
    const KernelArgs &args = parts[d];
    auto type = llvm::cast<mlir::MemRefType>(fn.getArgument(i).getType());
    Buffer b;
    if (auto name = fn.getArgAttrOfType<mlir::StringAttr>(i, mlir::tessera::kArgNameAttr))
      b.name = name.str();
    else
      b.name = absl::StrCat("arg", i);
    b.space = mlir::tessera::getMemorySpace(type);
    b.shape.assign(type.getShape().begin(), type.getShape().end());
    int64_t count = numElements(b.shape);
    if (llvm::isa<mlir::tessera::DmaSemaphoreType, mlir::tessera::SemaphoreType>(
            type.getElementType())) {
      b.semaphore = true;
      b.regular = llvm::isa<mlir::tessera::SemaphoreType>(type.getElementType());
      b.operand = i < firstScratch;
      b.count.assign(count, 0);
      // An input's counts come with it (an output starts at 0).
      if (i < numInputs) {
        auto words = inputWords(args, i, count);
        if (!words.ok())
          return words.status();
        for (int64_t k = 0; k < count; ++k)
          b.count[k] = (int32_t)(**words)[k];
      }
    } else {
      auto e = elemOf(type.getElementType());
      if (!e.ok())
        return absl::InvalidArgumentError(absl::StrCat(kernelLine_, ": ", e.status().message()));
      b.elem = *e;
      if (i < numInputs) {
        auto words = inputWords(args, i, count);
        if (!words.ok())
          return words.status();
        b.w.assign(count, poison(b.elem, options_.uninitializedNan));
        const tessera::Shape &shape = args.inputs[i].type.shape;
        for (size_t k = 0; k < (*words)->size(); ++k)
          b.w[tessera::memoryElement(shape, (int64_t)k)] = fromHost((**words)[k], b.elem);
      } else {
        b.w.assign(count, poison(b.elem, options_.uninitializedNan));
        if (i < firstScratch) {
          // An output: its unwritten rows are a warning (a folded 1-D
          // one's padding is not its, nor the rows padding matrices).
          const tessera::Shape &shape = args.outputs[i - numInputs].type.shape;
          b.written.assign(count, 1);
          for (int64_t k = 0, n = tessera::numElements(shape); k < n; ++k)
            if (int64_t at = tessera::memoryElement(shape, k); at < count)
              b.written[at] = 0;
        }
      }
      bool userScratch = i >= firstScratch && (options_.numUserScratch < 0 ||
                                               i < firstScratch + options_.numUserScratch);
      if (userScratch && options_.checkUninitializedReads &&
          b.space == mlir::tessera::MemorySpace::vmem) {
        b.checkReads = true;
        b.written.assign(count, 0);
      }
    }
    return b;
  };
  // Each device's buffers by argument (device 0's are the running unit's
  // when the launch is one unit).
  std::vector<std::vector<int>> deviceBuffers;
  for (size_t d = 0; d < parts.size(); ++d) {
    std::vector<int> bufferOf(fn.getNumArguments(), -1);
    for (unsigned i = 0; i < fn.getNumArguments(); ++i) {
      if (!llvm::isa<mlir::MemRefType>(fn.getArgument(i).getType()))
        return absl::InvalidArgumentError(absl::StrCat(
            kernelLine_, ": argument ", i, " of kernel '", kernel_, "' is not a Ref"));
      // An output aliased to an input is the input's buffer.
      if (i >= numInputs && i < firstScratch) {
        int alias = -1;
        for (auto [in, out] : parts[d].aliases)
          if (out == (int)(i - numInputs))
            alias = in;
        if (alias >= 0 && alias < numInputs) {
          bufferOf[i] = bufferOf[alias];
          continue;
        }
      }
      auto b = makeBuffer(i, d);
      if (!b.ok())
        return b.status();
      bufferOf[i] = buffers_.size();
      buffers_.push_back(std::move(*b));
    }
    deviceBuffers.push_back(std::move(bufferOf));
  }
  const std::vector<int> &bufferOf = deviceBuffers[0];
  for (unsigned i = 0; i < fn.getNumArguments(); ++i) {
    RtValue r;
    r.kind = Kind::Ref;
    auto w = std::make_shared<Window>();
    w->buffer = bufferOf[i];
    w->size = buffers_[w->buffer].shape;
    w->off.assign(w->size.size(), 0);
    r.ref = std::move(w);
    set(fn.getArgument(i), std::move(r));
  }
  // A launch on several TensorCores (tessera.num_cores) or devices: each
  // unit (a core of a device) runs the body on its device's operands with
  // scratch and semaphores of its own, interleaved at the waits only
  // another unit can satisfy (Cores.h).
  coresPerDevice_ = std::max<int64_t>(1, intAttr(fn, mlir::tessera::kNumCoresAttr, 1));
  numDevices_ = parts.size();
  int64_t units = coresPerDevice_ * numDevices_;
  auto runCore = [&]() -> absl::Status {
    auto ran = runRegion(fn.getBody(), {});
    return ran.ok() ? finishDmas() : ran.status();
  };
  if (units == 1) {
    device_ = parts[0].deviceIndex;
    if (absl::Status st = runCore(); !st.ok())
      return st;
  } else {
    coreBuffers_.clear();
    for (int64_t u = 0; u < units; ++u) {
      coreBuffers_.push_back(deviceBuffers[u / coresPerDevice_]);
      if (u % coresPerDevice_ == 0)
        continue;  // a device's first core has the device's scratch
      for (unsigned i = firstScratch; i < fn.getNumArguments(); ++i) {
        auto b = makeBuffer(i, u / coresPerDevice_);
        if (!b.ok())
          return b.status();
        coreBuffers_[u][i] = buffers_.size();
        buffers_.push_back(std::move(*b));
      }
    }
    parked_.clear();
    parked_.resize(units);
    for (int64_t u = 0; u < units; ++u)
      for (unsigned i = 0; i < fn.getNumArguments(); ++i) {
        RtValue r = get(fn.getArgument(i));
        auto w = std::make_shared<Window>(*r.ref);
        w->buffer = coreBuffers_[u][i];
        r.ref = std::move(w);
        parked_[u].env[fn.getArgument(i)] = std::move(r);
      }
    env_.clear();
    auto unitName = [&](int u) {
      std::string core = absl::StrCat("core ", u % coresPerDevice_);
      return numDevices_ == 1 ? core
                              : absl::StrCat("device ", parts[u / coresPerDevice_].deviceIndex,
                                             " ", core);
    };
    CoreScheduler scheduler((int)units, absl::StrCat(kernelLine_, ": kernel '", kernel_, "'"),
                            unitName);
    scheduler_ = &scheduler;
    if (options_.detectRaces) {
      clocks_.emplace((int)units);
      unitName_ = unitName;
      unitDone_.assign(units, false);
      // Every unit's copy of a remote copy's destination.
      fn.walk([&](mlir::tessera::RemoteDmaStartOp copy) {
        auto arg = llvm::dyn_cast<mlir::BlockArgument>(mlir::tessera::rootRef(copy->getOperand(1)));
        if (!arg || arg.getOwner()->getParentOp() != fn.getOperation())
          return;
        for (int64_t u = 0; u < units; ++u)
          buffers_[coreBuffers_[u][arg.getArgNumber()]].remoteTarget = true;
      });
    }
    absl::Status st = scheduler.run([&](int u) {
      unpark(u);
      unit_ = u;
      core_ = u % coresPerDevice_;
      device_ = parts[u / coresPerDevice_].deviceIndex;
      absl::Status done = runCore();
      if (clocks_)
        unitDone_[u] = true;
      park(u);
      return done;
    });
    scheduler_ = nullptr;
    clocks_.reset();
    if (!st.ok())
      return st;
  }
  for (size_t d = 0; d < parts.size(); ++d)
    if (absl::Status st = collectOutputs(parts[d], deviceBuffers[d], numInputs, numOutputs);
        !st.ok())
      return st;
  return absl::OkStatus();
}

absl::Status Interp::collectOutputs(KernelArgs &args, const std::vector<int> &bufferOf,
                                    int64_t numInputs, int64_t numOutputs) {
  for (int64_t o = 0; o < numOutputs; ++o) {
    const Buffer &b = buffers_[bufferOf[numInputs + o]];
    HostArray &out = args.outputs[o];
    if (b.semaphore) {  // a semaphore array: its counts (32-bit, as they wrap)
      out.words.assign(b.count.size(), 0);
      for (size_t k = 0; k < b.count.size(); ++k)
        out.words[k] = (uint32_t)b.count[k];
      continue;
    }
    // The compiled program's warning (runtime/Program.cpp), in its words:
    // the rows (leading index) of an output some element of which nothing
    // wrote. An aliased output starts as its input, so it has no bitmap.
    // (Rows counted as [B * M, N] counts them, rank 3 to 5.)
    if (!b.written.empty() && !b.shape.empty()) {
      const tessera::Shape &shape = out.type.shape;
      bool batch = tessera::isBatchShape(shape);
      int64_t rows = batch ? tessera::numMatrices(shape) * shape[shape.size() - 2] : b.shape[0];
      int64_t perRow = batch ? shape.back() : rows ? (int64_t)b.written.size() / rows : 0;
      std::string runs = runsWhere(rows, [&](int64_t row) {
        auto first = b.written.begin() + tessera::memoryElement(shape, row * perRow);
        return std::find(first, first + perRow, 0) != first + perRow;
      });
      if (!runs.empty())
        args.warnings.push_back(absl::StrCat(
            kernelLine_, ": warning: kernel '", kernel_, "' ended without writing rows ", runs,
            " of its output ", b.name, " (", to_string(out.type),
            "); they hold whatever the buffer held"));
    }
    // (A folded 1-D output: its words without the last row's padding.)
    out.words.resize(std::min<int64_t>(b.w.size(), tessera::numElements(out.type.shape)));
    for (size_t k = 0; k < out.words.size(); ++k)
      out.words[k] = toHost(b.w[tessera::memoryElement(out.type.shape, (int64_t)k)], b.elem);
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status run(mlir::ModuleOp module, KernelArgs &args, const Options &options) {
  std::vector<KernelArgs> parts(1);
  std::swap(parts[0], args);
  absl::Status st = run(module, parts, options);
  std::swap(parts[0], args);
  return st;
}

absl::Status run(mlir::ModuleOp module, std::vector<KernelArgs> &parts, const Options &options) {
  mlir::func::FuncOp kernel;
  for (auto fn : module.getOps<mlir::func::FuncOp>())
    if (fn->hasAttr(mlir::tessera::kKernelAttr) || !kernel)
      kernel = fn;
  if (!kernel)
    return absl::InvalidArgumentError("the module has no kernel function");
  // The handlers rely on what the verifier guarantees (operand kinds,
  // shapes that match).
  if (mlir::failed(mlir::verify(module)))
    return absl::InvalidArgumentError(absl::StrCat(
        lineOf(kernel.getLoc()), ": kernel '", kernel.getSymName().str(),
        "' does not verify; interpret mode runs verified kernel IR only"));
  Interp interp(options, kernel.getSymName().str(), lineOf(kernel.getLoc()));
  return interp.runKernel(kernel, parts);
}

std::vector<std::string> supportedOps() {
  std::vector<std::string> out;
  for (const auto &entry : dispatch())
    out.push_back(entry.getKey().str());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace tessera::interpret
