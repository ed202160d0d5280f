//===- KernelTrace.h - Recording a kernel body into kernel IR -------------===//
//
// Internal to dsl/: the state of one kernel trace. The body lambda runs once
// with Refs for the kernel's arguments; every handle operation lands here
// and becomes an op of the tessera dialect at the user's source line. One
// MLIRContext serves the whole process.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <map>
#include <memory>
#include <source_location>
#include <string>
#include <vector>

#include "dsl/ControlFlow.h"
#include "dsl/Kernel.h"
#include "llvm/ADT/DenseMap.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace tessera::detail {

/// The process-wide context with Tessera's dialects loaded.
mlir::MLIRContext &context();

/// What a check names in its error ("a value", "Ref 'x_vmem'", "the result
/// of *"), put together only when the check fails: tracing checks every
/// handle of every op, and a kernel compiled again from the cache is traced
/// again. It refers to its parts, so it lives only as a call's argument.
class What {
public:
  What(const char *text) : head_(text) {}
  What(const std::string &text) : head_(""), name_(text) {}
  /// "Ref 'name'".
  static What ref(llvm::StringRef name) {
    What w("Ref '", name, "'");
    w.ref_ = true;
    return w;
  }
  bool isRef() const { return ref_; }
  /// "the result of op".
  static What resultOf(llvm::StringRef op) { return What("the result of ", op, ""); }
  std::string str() const { return head_ + name_.str() + tail_; }

private:
  What(const char *head, llvm::StringRef name, const char *tail)
      : head_(head), name_(name), tail_(tail) {}
  const char *head_;
  llvm::StringRef name_;
  const char *tail_ = "";
  bool ref_ = false;
};

/// What a Ref handle points at.
/// The trace id of a Ref no kernel is tracing: a pl::run_state's Ref
/// outside the pl::core_map bodies that bind it (no trace has this id).
constexpr uint64_t kUnboundTrace = 0;

struct RefMeta {
  uint64_t trace = kUnboundTrace;
  mlir::Value value;  // a func argument or a tessera.view
  Shape shape;
  DType dtype = DType::float32;
  MemorySpace space = MemorySpace::VMEM;
  std::string name;   // the argument's name, with the window for views
  /// Set for a Ref bitcast to another dtype (x_ref.bitcast(dt)): the
  /// memory's own shape and dtype, which `value` has; loads and stores
  /// reinterpret whole values (pltpu::bitcast).
  std::optional<ShapeDtypeStruct> reinterpreted;
  /// Set for a window whose first dimension's size is known only at run
  /// time (x_hbm.at(pl::ds(i, n)) with n traced), a DMA end only: its
  /// slices of the Ref `value`, `shape` and `name` describe, and its name.
  struct RunTimeWindow {
    std::vector<Slice> slices;
    std::string name;
  };
  std::optional<RunTimeWindow> runTimeWindow;
  /// Set for pl::select_ref(index, refs): the candidates (of one shape,
  /// dtype and memory), `index` picking one at run time; each use runs on
  /// the one picked (lax::switch_). `value` is the first's.
  struct Choice {
    Scalar index;
    std::vector<Ref> refs;
  };
  std::optional<Choice> choice;
  /// A window of a 1-D VMEM Ref (folded into rows of 128 lanes) whose last
  /// row holds elements after the window's end: loads and stores leave them
  /// alone, a DMA into it (whole rows) would overwrite them.
  bool sharedLastRow = false;
  /// A window of a 1-D VMEM Ref inside one row of 128 lanes, not at the
  /// row's start: `value` is that whole row, the window its lanes
  /// [laneOffset, laneOffset + n) (loads take them, stores merge them).
  int64_t laneOffset = 0;
  /// A strided window (pl::ds(start, n, stride) of the rows): `value` is
  /// the rows [start, start + (n - 1) * stride] it spans, `shape` its n
  /// rows; it is only loaded and stored (Ops.cpp's stridedLoad/Store).
  int64_t rowStride = 1;
  /// A window of several matrices of a Ref of rank 3 to 5 and a part of
  /// their rows (x_ref[:, pl.ds(i, 8), :]): `value` spans from the first
  /// matrix's first row to the last one's last, the matrices this many
  /// rows apart (not `shape`'s matrixStride); it is loaded, stored and
  /// windowed again, one matrix at a time (0: a window of whole runs).
  int64_t matrixStep = 0;
};

class KernelTrace {
public:
  /// Starts a trace of `spec` for arguments of these types; makes it the
  /// current trace of this thread until destroyed.
  KernelTrace(const pl::KernelSpec &spec, const std::vector<ShapeDtypeStruct> &inputs,
              const std::vector<std::string> &argNames, const std::source_location &loc);
  ~KernelTrace();
  KernelTrace(const KernelTrace &) = delete;
  KernelTrace &operator=(const KernelTrace &) = delete;

  /// The trace active on this thread; throws a user error naming `loc` and
  /// `what` when there is none or `traceId` is not it (a handle used outside
  /// its kernel).
  static KernelTrace &check(uint64_t traceId, const std::source_location &loc, What what);
  /// The trace active on this thread; a user error naming `what` (e.g.
  /// "lax::fori_loop") when no kernel body is being traced.
  static KernelTrace &current(const std::source_location &loc, What what);
  /// The trace active on this thread, or null (outside kernel bodies).
  static KernelTrace *active();

  uint64_t id() const { return id_; }
  mlir::OpBuilder &builder() { return builder_; }
  mlir::Location loc(const std::source_location &where);
  const std::vector<Ref> &argumentRefs() const { return args_; }

  Value addValue(mlir::Value v, ShapeDtypeStruct type);
  /// A value of rank 3 to 5: one rank-2 value per index of its leading
  /// dimensions (row-major), as Mosaic keeps leading dimensions (arrays of
  /// vregs per matrix). `type`'s shape is [...leading, ...each slice's
  /// shape], the leading dimensions' product slices.size().
  Value addStack(std::vector<Value> slices, ShapeDtypeStruct type);
  /// Whether `v` is such a stack (rank 3 to 5).
  bool isStack(const Value &v) const { return stacks_.count(v.id()) > 0; }
  /// The slices of a stacked value used at `where` (its own check of
  /// ownership and visibility, as use()).
  const std::vector<Value> &slices(const Value &v, const std::source_location &where);
  Scalar addScalar(mlir::Value v, DType dtype);
  /// The IR value of a handle used at `where`: a user error when the handle
  /// belongs to another kernel, or was made inside a loop or branch body
  /// that the use is outside of.
  mlir::Value use(const Value &v, const std::source_location &where);
  mlir::Value use(const Scalar &s, const std::source_location &where);
  /// A 1-D value [n] (n a multiple of 128, more than 128) whose IR is
  /// [n / 128, 128], folded as a 1-D VMEM Ref holds it (element i at row
  /// i / 128, lane i % 128), so that elementwise work takes n / 1024 vregs:
  /// addValue records such a value as folded. use() gives every other op
  /// its row [1, n], the form rank-1 values have, converted where it is used.
  bool isFolded(const Value &v) const { return folded_.count(v.id()) > 0; }
  /// A value whose rows are the columns of `columns`' one-column matrices
  /// (jnp::reshape of [..., M, 1] to [..., M]): re-adding the dimension
  /// (`m[..., None]`) gives `columns` back instead of moving them again.
  void recordTurned(const Value &rows, const Value &columns) {
    turned_.insert_or_assign(rows.id(), columns);
  }
  std::optional<Value> turnedFrom(const Value &rows) const {
    auto it = turned_.find(rows.id());
    return it == turned_.end() ? std::nullopt : std::optional<Value>(it->second);
  }
  /// The IR of `v` for an elementwise op that keeps its shape: a folded
  /// value's folded IR, else use()'s.
  mlir::Value useElementwise(const Value &v, const std::source_location &where);
  /// The same check for the IR value behind a Ref (a window made in a body).
  void checkVisible(mlir::Value v, const std::source_location &where, What what);
  /// `s` as an index (for a window offset); one cast per scalar, placed
  /// right after the scalar's definition so that every use sees it and
  /// windows at the same run-time offset are recognisably the same.
  mlir::Value indexOf(const Scalar &s, const std::source_location &where);
  /// An int32 constant at the current point.
  Scalar constant(int64_t v, const std::source_location &where);
  /// The int32 IR value of a constant or an int32 Scalar (a loop bound, a
  /// semaphore amount); `what` names it in the error for another dtype.
  mlir::Value int32Value(const IntOrScalar &v, const std::string &what,
                         const std::source_location &where);
  Ref makeRef(RefMeta meta);
  /// A scratch buffer the compiler adds (pallas_call's block buffers and
  /// their semaphores): one more kernel argument after the user's scratch.
  Ref addScratch(const pltpu::ScratchType &type, const std::string &name);
  /// pl::run_scoped: a scope's buffers are made with addScratch (each a
  /// kernel argument of its own; its VMEM bytes `vmemBytes` count against
  /// the core's, a user error at `where` past it); the scope's number.
  int openScope(int64_t vmemBytes, const std::source_location &where);
  /// The VMEM bytes of the kernel's scratch arguments, and of every scope
  /// opened so far (each has buffers of its own).
  int64_t vmemScratchBytes() const;
  int64_t scopedVmemBytes() const { return scopedVmemBytes_; }
  /// The scope's Refs die: using one later is a user error naming the
  /// run_scoped at `where`.
  void closeScope(const std::vector<Ref> &refs, const std::source_location &where);
  /// A DMA descriptor made at `where` by `fn` (pltpu::make_async_copy,
  /// make_async_remote_copy): its id, for descriptorUsed. finish() reports
  /// one that nothing started or waited.
  int descriptorMade(const std::source_location &where, const char *fn);
  void descriptorUsed(int id);
  /// pltpu.get_barrier_semaphore(): the kernel's BARRIER semaphore (made on
  /// first use); a user error without CompilerParams::collective_id.
  Ref barrierSemaphore(const std::source_location &where);

  /// The grid of the pallas_call being traced (pl::program_id).
  struct GridContext {
    std::vector<Scalar> ids;
    /// The extents; kRuntimeExtent for one known at run time, whose value
    /// is `extents[axis]` (an int32 Scalar).
    std::vector<int64_t> sizes;
    std::vector<Scalar> extents;
  };
  static constexpr int64_t kRuntimeExtent = INT64_MIN;
  std::vector<GridContext> &grids() { return grids_; }
  /// Set while an index map is traced: index maps only compute block
  /// indices (a write of a Ref there is an error).
  bool &inIndexMap() { return inIndexMap_; }
  /// Whether the kernel is compiled with run-time checks
  /// (CompilerParams::disable_bounds_checks is false).
  bool runtimeChecks() const { return runtimeChecks_; }
  /// A run-time check, in a kernel with run-time checks (else nothing): the
  /// kernel stops with `message` where `ok` is false ({0}, {1}, ... the
  /// values of `args`); `guardsReads`: it keeps back the reads after it.
  void checkAtRunTime(const Scalar &ok, const std::string &message,
                      const std::vector<Scalar> &args, const std::source_location &loc,
                      bool guardsReads = false);
  /// `i` (int32) in [0, bound] (`inclusive`) or [0, bound): one unsigned
  /// compare.
  Scalar unsignedBelow(const Scalar &i, int64_t bound, bool inclusive,
                       const std::source_location &loc);
  /// The TensorCores that run the kernel together (KernelSpec::mesh; a
  /// megacore pallas_call sets it), and the name of their mesh axis.
  int numCores() const { return numCores_; }
  const std::string &coreAxis() const { return coreAxis_; }
  /// The index of the core running the code (tessera.core_index).
  Scalar coreIndex(const std::source_location &where);
  /// The device's index in its shard_map mesh (tessera.device_id).
  Scalar deviceIndex(const std::source_location &where);

  /// Ends the trace and hands over the module.
  mlir::OwningOpRef<mlir::ModuleOp> finish();

private:
  uint64_t id_;
  KernelTrace *previous_;
  std::string name_, position_;  // the kernel's, for a nested kernel's error
  mlir::OpBuilder builder_;
  mlir::OwningOpRef<mlir::ModuleOp> module_;
  std::vector<mlir::Value> values_;
  std::map<int, std::vector<Value>> stacks_;
  /// Folded 1-D values (isFolded): the row IR last converted for a use.
  std::map<int, mlir::Value> folded_;
  std::map<int, Value> turned_;  // recordTurned
  std::map<int, mlir::Value> indexOf_;
  std::vector<Ref> args_;
  std::vector<GridContext> grids_;
  bool runtimeChecks_ = true;
  bool inIndexMap_ = false;
  std::optional<int64_t> collectiveId_;
  std::optional<Ref> barrier_;
  /// DMA descriptors by id: where each was made, and whether any copy of
  /// it was started or waited.
  struct Descriptor {
    std::source_location where;
    const char *fn;
    bool used;
  };
  std::vector<Descriptor> descriptors_;
  /// pl::run_scoped: the scopes opened, the VMEM bytes of their buffers,
  /// and the buffers of ended scopes with the scope's position.
  int scopes_ = 0;
  int64_t scopedVmemBytes_ = 0;
  llvm::DenseMap<mlir::Value, std::string> endedScopes_;
  /// Without a collective_id, a kernel that talks to other devices meets
  /// them at its entry (CompilerParams::collective_id).
  void insertDeviceBarrier();
  int numCores_ = 1;
  std::string coreAxis_;
};

/// The element type of a value of `dtype` (bool: i1, a mask).
mlir::Type elementType(DType dtype);
/// The element type of a Ref of `dtype` in memory: bool is int32 (0 / 1)
/// there, a mask only in registers; the rest as elementType.
mlir::Type memoryElementType(DType dtype);

/// The dtypes SMEM holds (32-bit scalars): int32, uint32, f32, and bool as
/// int32.
inline bool isScalarMemoryDtype(DType dtype) {
  return dtype == DType::int32 || dtype == DType::uint32 || dtype == DType::float32 ||
         dtype == DType::bool_;
}

/// While one lives, the DMA checks also take a pipeline's partial edge
/// block: a window that ends with its array's columns (its last, padded
/// lane tile) and the same columns at a lane tile's start of the block's
/// buffer, which the DMA moves as whole lane tiles (the rest of the
/// buffer's tile undefined, as Pallas leaves it; of the array's only its
/// padding). Never for the user's DMAs, whose other lanes are data.
struct EdgeBlockCopies {
  EdgeBlockCopies();
  ~EdgeBlockCopies();
  EdgeBlockCopies(const EdgeBlockCopies &) = delete;
  EdgeBlockCopies &operator=(const EdgeBlockCopies &) = delete;
  static bool active();

private:
  bool previous_;
};

/// The checks of a DMA's operands (pltpu::async_copy's, and a remote
/// copy's with its send semaphore); `what` names the call in messages.
void checkCopyOperands(const Ref &src, const Ref &dst, const Ref &sem, const std::string &what,
                       const std::source_location &loc);

/// How a Ref of `shape` sits in memory: ranks 3 to 5, [..., M, N], are B
/// matrices one after another (B the product of the leading dimensions,
/// row-major), each padded to whole 8-row tiles (matrixStride, Mp), the
/// 2-D [B * Mp, N] (matrix b is rows [b * Mp, b * Mp + M); one matrix
/// [M, N]: memoryRows); other ranks as they are.
inline Shape physicalShape(const Shape &shape) {
  if (isBatchShape(shape))
    return {memoryRows(shape), shape.back()};
  return shape;
}

/// How a 1-D array of `n` 32-bit elements sits in VMEM (Mosaic's rank-1
/// layout): folded into rows of 128 lanes, element i at row i / 128, lane
/// i % 128 (the words in order, as the 1-D array has them in HBM); one row
/// of n lanes when n <= 128.
inline Shape foldedShape(int64_t n) {
  return n <= 128 ? Shape{1, n} : Shape{(n + 127) / 128, 128};
}

/// The 2-D Ref a VMEM Ref of `shape` is in memory: rank 1 folded
/// (foldedShape), ranks 3 to 5 their matrices' rows (physicalShape).
inline Shape vmemShape(const Shape &shape) {
  return shape.size() == 1 ? foldedShape(shape[0]) : physicalShape(shape);
}

/// The 2-D (or, a 1-D 32-bit array in HBM: 1-D words) memory of a Ref of
/// `shape` in `space`: in VMEM vmemShape; in HBM a 1-D array of a packed
/// dtype folded too (runtime::isTiledType), others physicalShape.
inline Shape memoryShape(const Shape &shape, DType dtype, MemorySpace space) {
  if (space == MemorySpace::VMEM || (shape.size() == 1 && packing(dtype) > 1 &&
                                     dtype != DType::bool_ && space != MemorySpace::SMEM &&
                                     space != MemorySpace::SEMAPHORE))
    return vmemShape(shape);
  return physicalShape(shape);
}

}  // namespace tessera::detail
