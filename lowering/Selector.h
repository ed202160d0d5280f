//===- Selector.h - Instruction selection's state (private to lowering/) --===//
//
// The Selector walks a kernel in tile IR, op by op and region by region,
// appending machine instructions to the current block. Its parts live in
// four files: InstructionSelection.cpp (arguments, Refs and windows, memory
// ops, DMAs, checks), SelectScalar.cpp (scalar and predicate arithmetic),
// SelectVector.cpp (tile ops and the MXUs) and SelectControlFlow.cpp
// (scf.for / scf.if / scf.while, if-conversion, copies, hoisting).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <limits>
#include <map>
#include <optional>
#include <vector>

#include "llvm/ADT/DenseMap.h"
#include "lowering/InstructionSelection.h"
#include "sim/Layout.h"
#include "sim/MachineDesc.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/TesseraDialect.h"

namespace tessera::lowering {

/// Where a kernel argument lives.
struct ArgInfo {
  mlir::tessera::MemorySpace space = mlir::tessera::MemorySpace::any;
  /// Tiled arrays: packing and tileRows as sim/Layout.h defines them (VMEM
  /// tiles of 8 * packing rows, HBM tiles of 8 rows).
  layout::TiledShape shape;
  std::vector<int64_t> dims;  // the memref's shape (SMEM: for the word index)
  int64_t base = 0;           // VMEM row, semaphore index or SMEM word
  std::string name;
  int baseReg = -1;           // HBM: virtual sreg holding the base row, once loaded
};

/// A Ref resolved to its root argument: a static element offset plus the
/// run-time parts of its views' offsets.
struct RefWindow {
  unsigned arg = 0;
  int64_t row = 0, col = 0;      // static part
  int64_t rows = 0, cols = 0;    // window size
  int dynRow = -1, dynCol = -1;  // sregs holding the run-time parts, or -1
  /// Known divisors of the run-time parts (getKnownMultiple; gcd of a sum).
  int64_t rowMultiple = 0, colMultiple = 0;
};

/// Where a load or store goes: a static row (VMEM) or word (SMEM) plus,
/// if `dyn` >= 0, the sreg added at run time; and the Ref it stays in.
struct Address {
  int64_t at = 0;
  int dyn = -1;
  int64_t refLo = 0, refHi = 0;  // the Ref's rows or words
};

/// One parallel copy `dst = src` (or `dst = constant`).
struct CopyRequest {
  RegClass rc;
  int dst;
  int src = -1;                     // -1: `constant`
  int64_t constant = 0;
};

/// A loop being selected: where its invariants go.
struct LoopContext {
  int preheader;     // the block that runs once before the loop
  SourcePos pos;     // the loop's source position
  std::map<std::pair<int, int64_t>, int> constants;     // (class, value) -> reg
  std::map<std::pair<unsigned, int64_t>, int> addresses;  // (arg, row) -> reg
};

class Selector {
public:
  explicit Selector(mlir::func::FuncOp kernel) : kernel(kernel) {}
  mlir::FailureOr<MFunction> run();

private:
  // --- Arguments, Refs and memory (InstructionSelection.cpp). ---
  mlir::LogicalResult layoutArguments();
  mlir::LogicalResult select(mlir::Operation *op);
  mlir::LogicalResult selectOps(mlir::Block &block);
  mlir::FailureOr<RefWindow> resolve(mlir::Operation *user, mlir::Value ref);
  std::string dmaStartsOn(mlir::Operation *check, unsigned arg) const;
  /// VMEM row of a tile-sized window (one vreg: 8 * packing rows, or a
  /// padded tile's valid part) and the sreg to add. With `sublane`, a
  /// one-row window is a one-row access (a 1xC value): the
  /// address is then its tile's and *sublane its row in the tile. With
  /// `dynSublane` as well, a 32-bit one-row window may start at any
  /// run-time row: *sublane is then -1 and *dynSublane the sreg of its row
  /// in the tile (else -1).
  mlir::FailureOr<Address> vmemTileAddress(mlir::Operation *user, mlir::Value ref,
                                           int64_t *sublane = nullptr, int *dynSublane = nullptr);
  /// SMEM word of one element and the sreg to add.
  mlir::FailureOr<Address> smemAddress(mlir::Operation *user, mlir::Value ref,
                                       mlir::ValueRange indices);
  /// Sets what `mi` (a load or store at `addr`) touches, for scheduling.
  static void setMemory(MInstr &mi, MemKind kind, const Address &addr, int64_t size);
  /// An sreg holding the HBM row address of argument `arg`.
  int hbmBase(mlir::Operation *user, unsigned arg);
  /// An sreg holding the memory row `row` of `arg` (a DMA endpoint).
  int addressReg(mlir::Operation *user, unsigned arg, int64_t row);
  /// Where a remote copy or signal goes: sregs holding the target's chip
  /// and TensorCore (from the ABI's device tables, sim/Executable.h).
  struct RemoteTarget {
    int chip = -1, core = -1;
    /// The target device's index (its mesh id), in an sreg.
    int device = -1;
    /// A remote copy's semaphores, in sregs (dma.remote.* takes registers).
    int send = -1, recv = -1;
    int64_t recvLo = 0, recvHi = 0;
  };
  mlir::FailureOr<RemoteTarget> remoteTarget(mlir::Operation *op, mlir::Value device,
                                             mlir::Value core);
  /// tessera.dma_start / dma_wait, and (with `remote`) the start of a
  /// remote copy (`sem` its send semaphore).
  mlir::LogicalResult selectDma(mlir::Operation *op, mlir::Value src,
                                mlir::Value dst, mlir::Value sem, bool isWait,
                                const RemoteTarget *remote = nullptr);
  /// A tile store of `value` into `ref` (tessera.store), through `mask`
  /// when it has one (tessera.masked_store).
  mlir::LogicalResult selectStore(mlir::Operation *op, mlir::Value ref, mlir::Value value,
                                  mlir::Value mask);
  mlir::LogicalResult selectBoundsCheck(mlir::tessera::BoundsCheckOp op);
  mlir::LogicalResult selectSemaphoreCheck(mlir::tessera::SemaphoreCheckOp op);
  /// One semaphore a DMA or a semaphore op names: its index (the whole
  /// index when known at compile time), or a register holding it, and the
  /// range of semaphores it may be (its array's, for a run-time index).
  struct SemaphoreOperand {
    int64_t index = 0;
    int reg = -1;
    int64_t lo = 0, hi = 0;
  };
  /// A DMA between SMEM and HBM (dma.hbm_to_smem / dma.smem_to_hbm), or its
  /// wait.
  mlir::LogicalResult selectSmemDma(mlir::Operation *op, const RefWindow &s,
                                    const RefWindow &d, const SemaphoreOperand &m, bool isWait);
  mlir::FailureOr<SemaphoreOperand> semaphoreOperand(mlir::Operation *user, mlir::Value sem);
  /// A semaphore operand in an sreg (its index moved into one if constant).
  int semaphoreReg(mlir::Operation *op, const SemaphoreOperand &sem);
  /// tessera.semaphore_signal / _wait / _read (SelectSemaphore.cpp).
  mlir::LogicalResult selectSemaphoreOp(mlir::Operation *op);
  mlir::LogicalResult selectCheck(mlir::tessera::CheckOp op);
  std::string argName(unsigned arg) const;
  mlir::LogicalResult selectLoad(mlir::tessera::LoadOp load);
  /// A mask vreg of sublane `sublane` (viota.row == sublane), loop-invariant:
  /// what a one-row window's vst.msk writes.
  int sublaneMask(mlir::Operation *user, int64_t sublane);
  /// The mask of the sublane an sreg names (viota.row == the sreg, made
  /// where it is used: the sreg is known only there).
  int sublaneMaskOf(mlir::Operation *user, int sublaneReg);
  /// A loop-invariant mask: `cmpOp` of an iota (`iotaOp`: viota.row or
  /// viota.col) with the constant n.
  int iotaMask(mlir::Operation *user, isa::Opcode iotaOp, isa::Opcode cmpOp, int64_t n);
  /// A loop-invariant mask of the first `rows` sublanes and `cols` lanes of
  /// a tile (a padded tile's valid part), and-ed with `rowMask` if >= 0
  /// (where it is used, unless `rowMaskInvariant`); `rowMask` itself when
  /// the whole tile is valid.
  int windowMask(mlir::Operation *user, int64_t rows, int64_t cols, int rowMask,
                 bool rowMaskInvariant = true);
  /// A 32-bit tile window of a Ref several column tiles wide whose rows
  /// start inside a tile (at a run-time row, or a static one that is not a
  /// multiple of 8): its rows are sublanes s.. of tile A and ..s-1 of the
  /// tile B below A (A itself when s = 0). `sub` holds s (an sreg); the
  /// window's valid rows and lanes (a padded window's last tile).
  struct SplitTile {
    Address a, b;
    int sub = -1;
    int64_t validRows = 0, validCols = 0;
  };
  /// The split tile of `ref`, or std::nullopt for a window of whole tiles.
  mlir::FailureOr<std::optional<SplitTile>> splitTile(mlir::Operation *user, mlir::Value ref);
  mlir::LogicalResult selectSplitStore(mlir::Operation *op, const SplitTile &split,
                                       mlir::Value value, mlir::Value mask);
  /// A loop-invariant viota.row.
  int rowIota(mlir::Operation *user);
  /// A vreg of the row iota plus `sign` * s, modulo 8 (vgather.sub's index
  /// moving rows by s).
  int shiftedRows(mlir::Operation *user, int sub, int sign);
  /// A loop-invariant byte mask (vst.bmsk) of the first `rows` rows and
  /// `cols` lanes of a packed tile of `packing` rows per word.
  int packedValidBytes(mlir::Operation *user, int64_t rows, int64_t cols, int64_t packing);
  /// The vld (and vbcast.sub of a one-row access) of `load`, for `op`.
  mlir::FailureOr<int> loadTile(mlir::Operation *op, mlir::tessera::LoadOp load);
  /// The packed tile holding rows [r, r + 8) of a packed Ref of one column
  /// (an 8x1 bf16 / int8 access, LegalizeTiles), and `part`: which 8 rows
  /// of the tile they are.
  mlir::FailureOr<Address> packedColumnAddress(mlir::Operation *op, mlir::Value ref,
                                               int64_t &part);
  /// Those 8 rows loaded, widened and replicated over the lanes (a column
  /// tile), and stored from one.
  mlir::FailureOr<int> loadPackedColumn(mlir::Operation *op, mlir::tessera::LoadOp load);
  mlir::LogicalResult storePackedColumn(mlir::Operation *op, mlir::Value ref, mlir::Value value);

  // --- Tile ops and the MXUs (SelectVector.cpp). ---
  mlir::LogicalResult selectVector(mlir::Operation *op);
  /// tessera.bitcast / roll / extract_sublane (SelectShape.cpp).
  mlir::LogicalResult selectShape(mlir::Operation *op);
  mlir::LogicalResult selectVectorCompare(mlir::Operation *op, int predicate, bool isFloat);
  mlir::LogicalResult selectReduce(mlir::Operation *op);
  mlir::LogicalResult selectMxuWeights(mlir::Operation *op);
  mlir::LogicalResult selectMxuMatmul(mlir::Operation *op);
  /// The MXU for new weights pushed at `at` (SelectVector.cpp's rule).
  int chooseMxu(mlir::Operation *at);
  /// Pushes the tiles of the mxu_weights op `weights` into MXU `mxu` and
  /// latches them, for `user`.
  mlir::LogicalResult pushWeights(mlir::Operation *user, mlir::Operation *weights, int mxu);
  /// Forgets what the MXUs hold (at region boundaries).
  void forgetMxus();
  /// A fresh copy of `v` (a tile load, or an unpack of one) for `user`, if
  /// nothing between the load and `user` may write its Ref; else -1.
  mlir::FailureOr<int> rematerialize(mlir::Operation *user, mlir::Value v);
  /// A new vreg: the pack of `units` (32-bit words, one per row group of
  /// `elem`'s packing) into one packed tile of `elem` (bf16, i16, i8).
  mlir::FailureOr<int> packTile(mlir::Operation *op, mlir::Type elem, llvm::ArrayRef<int> units);
  /// A new vreg: unit `part` (rows 8 * part ..) of the packed `elem` tile
  /// `tile`, widened to 32-bit words (bf16 to f32, integers sign-extended).
  mlir::FailureOr<int> unpackTile(mlir::Operation *op, mlir::Type elem, int tile, int64_t part);
  /// The unsigned ops the vector unit has no instruction for (maxui,
  /// minui, uitofp, fptoui), expanded into signed ones; nullopt for others.
  std::optional<mlir::LogicalResult> selectUnsigned(mlir::Operation *op);
  /// A vreg holding `word` in every element (vimm), set once per loop.
  int vectorConstant(mlir::Operation *user, uint32_t word, bool isFloat);
  /// `opcode vD, sources..., [imm]` into a new vreg, the register of `op`'s
  /// result.
  mlir::LogicalResult emitVector(mlir::Operation *op, isa::Opcode opcode,
                                 llvm::ArrayRef<int> sources, int64_t imm = 0,
                                 bool hasImm = false);
  /// The registers of all operands of `op`.
  mlir::FailureOr<std::vector<int>> operandRegs(mlir::Operation *op);

  // --- Scalars and predicates (SelectScalar.cpp). ---
  mlir::LogicalResult selectScalarFloat(mlir::Operation *op);
  mlir::LogicalResult selectScalar(mlir::Operation *op);
  mlir::LogicalResult selectCompare(mlir::arith::CmpIOp op);
  mlir::LogicalResult selectSelect(mlir::arith::SelectOp op);
  mlir::LogicalResult selectPredicateLogic(mlir::Operation *op);
  /// `reg * factor` in a new sreg (reg itself for 1), cached per block.
  int scaled(mlir::Operation *user, int reg, int64_t factor);
  /// `a + b` of two optional sregs (-1: none).
  int addRegs(mlir::Operation *user, int a, int b);

  // --- Values and registers. ---
  /// The register holding `v` (of the class its type maps to); constants
  /// are materialized (hoisted out of loops).
  mlir::FailureOr<int> regOf(mlir::Operation *user, mlir::Value v);
  /// A register holding `value` (smov / pimm): at the use at top level,
  /// once in the innermost loop's preheader inside loops.
  int materialize(mlir::Operation *user, RegClass rc, int64_t value);
  /// Adds `mi` to the innermost loop's preheader (or, outside loops, here).
  void emitInvariant(mlir::Operation *user, MInstr mi);

  // --- Control flow (SelectControlFlow.cpp). ---
  mlir::LogicalResult selectFor(mlir::scf::ForOp op);
  mlir::LogicalResult selectIf(mlir::scf::IfOp op);
  /// Selects a small scf.if without results or else branch into the
  /// current block, its side effects guarded by the condition (those
  /// guarded already, a check's halt, by a `pand` of both); false (and
  /// nothing selected) when the region does not qualify.
  mlir::FailureOr<bool> ifConvert(mlir::scf::IfOp op, int p);
  /// Selects a small scf.if with scalar results and branches of scalar
  /// arithmetic that cannot fault as both branches followed by selects of
  /// their results; false (and nothing selected) when it does not qualify.
  mlir::FailureOr<bool> speculateIf(mlir::scf::IfOp op, int p);
  mlir::LogicalResult selectWhile(mlir::scf::WhileOp op);
  /// Emits copies that all read before any writes (the carried values of
  /// a loop's back edge).
  void emitParallelCopy(mlir::Operation *op, std::vector<CopyRequest> copies);
  /// dsts[k] = values[k] for every k, as one parallel copy.
  mlir::LogicalResult emitCopies(mlir::Operation *op, mlir::ValueRange values,
                                 llvm::ArrayRef<int> dsts);
  /// The copy `dst = v` for value `v` (a constant copies its value).
  mlir::FailureOr<CopyRequest> copyOf(mlir::Operation *user, int dst, mlir::Value v);
  /// `p = lhs < rhs` for a register and a register or constant.
  int emitLess(mlir::Operation *op, int lhs, int rhs, std::optional<int64_t> rhsConst);

  // --- Blocks. ---
  int newBlock(const char *what, mlir::Operation *op);
  void setBlock(int b);
  MInstr &emit(mlir::Operation *op, isa::Opcode opcode, std::initializer_list<int64_t> ops);
  /// A branch at the end of the current block (pred -1: unconditional).
  /// Returns its block, to set the target once the block exists.
  int emitBranch(mlir::Operation *op, int target, int pred = -1, bool negated = false);
  void setBranchTarget(int fromBlock, int target);
  /// Inserts `mi` at the end of block `b`, before its branch if it has one.
  void insertAtEnd(int b, MInstr mi);

  mlir::func::FuncOp kernel;
  MFunction fn;
  std::vector<ArgInfo> args;
  llvm::DenseMap<mlir::Value, int> regs;  // value -> register of its class
  int cur = 0;                            // the block being filled
  std::vector<LoopContext> loops;         // innermost last
  int depth = 0;                          // nesting of scf regions
  int outerBlock = 0;                     // dominates the outermost region being selected
  bool fenced = false;                    // a dma.fence precedes the semaphore checks
  /// The MXUs: the weights each holds at this point of straight-line code
  /// (null: none or not known) and when it was last used; the next one
  /// round-robin; per weights value, its mxu_matmuls not selected yet.
  struct MxuState {
    mlir::Value weights;
    int64_t lastUse = 0;
  };
  MxuState mxus[machine::kNumMxus];
  int nextMxu = 0;
  int64_t mxuClock = 0;
  llvm::DenseMap<mlir::Value, int> matmulsLeft;
  /// Per-block caches (cleared when the block changes): scaled registers
  /// and resolved windows. scaledCache also holds other registers derived
  /// from one register, under keys no scaling uses (a factor > 0, or
  /// -packing): these below.
  std::map<std::pair<int, int64_t>, int> scaledCache;
  /// A run-time row plus a static row (the static row added to the key),
  /// its sublane in a tile, the row of its tile, a sublane's mask.
  static constexpr int64_t kRowPlusKey = std::numeric_limits<int64_t>::min() / 2;
  static constexpr int64_t kSublaneOfKey = std::numeric_limits<int64_t>::min() + 1;
  static constexpr int64_t kTileRowOfKey = std::numeric_limits<int64_t>::min() + 2;
  static constexpr int64_t kSublaneMaskKey = std::numeric_limits<int64_t>::min() + 3;
  /// A run-time column offset's memory rows (its lane tiles' rows).
  static constexpr int64_t kColumnTilesKey = std::numeric_limits<int64_t>::min() + 4;
  llvm::DenseMap<mlir::Value, RefWindow> windowCache;
};

/// Elements per 32-bit word of an array of `element`: 2 for bf16, 4 for
/// int8, else 1.
int64_t packingOf(mlir::Type element);
/// The register class a value of type `t` lives in.
RegClass classOf(mlir::Type t);
/// The value of an integer constant (i1: 0 or 1; index and i32 as 32-bit),
/// looking through tessera.multiple_of and index casts.
std::optional<int64_t> constantValue(mlir::Value v);

}  // namespace tessera::lowering
