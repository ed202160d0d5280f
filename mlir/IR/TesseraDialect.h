//===- TesseraDialect.h - The tessera dialect, its attributes and ops -----===//
#pragma once

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "mlir/IR/TesseraDialect.h.inc"
#include "mlir/IR/TesseraEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "mlir/IR/TesseraAttrs.h.inc"
#define GET_TYPEDEF_CLASSES
#include "mlir/IR/TesseraTypes.h.inc"
#define GET_OP_CLASSES
#include "mlir/IR/TesseraOps.h.inc"

namespace mlir::tessera {

/// The debug labels of upstream canonicalization patterns the kernel
/// pipeline's canonicalizer leaves out, because the tessera dialect's own
/// patterns replace them: scf.if's ConvertTrivialIfToSelect, which makes a
/// select of every result both sides yield from outside the if, vectors
/// included (TesseraDialect.cpp: a vector select on a scalar condition
/// costs more than the moves it saves).
ArrayRef<std::string> canonicalizerDisabledPatterns();

/// The memory space of a Ref type (any when the memref has none).
MemorySpace getMemorySpace(MemRefType type);
/// memref<shape x elem, #tessera.memory_space<space>>.
MemRefType getRefType(ArrayRef<int64_t> shape, Type elementType, MemorySpace space);
/// "vmem", "hbm", ... as a user reads it.
StringRef stringifyForUser(MemorySpace space);
/// The Ref `ref` is a view of (through tessera.view ops): a kernel argument,
/// or whatever else made the outermost Ref.
Value rootRef(Value ref);
/// Whether every Ref and value in `op` (a kernel function) fits the memory
/// it names: VMEM and vector values within 16 MiB, SMEM 1 MiB, 256
/// semaphores, HBM 32 GiB, without overflow; emits an error at the first
/// that does not. The verifier of tessera.kernel runs it, and so do the
/// passes that size things by types (on functions without the attribute).
LogicalResult verifyTypesFit(Operation *op);

/// True when `value` (f32) holds numbers exactly representable in bf16 by
/// construction: a round_bf16, an unpack of a bf16 tile, a broadcast of
/// such a value or an exact constant. Rounding it again changes nothing.
bool isBf16Exact(Value value);

/// The signed and the unsigned order of an integer compare (ult <-> slt,
/// ule <-> sle, ...); eq and ne as they are. Unsigned dtypes compare in the
/// unsigned order; widened narrow ones, and words with their sign bits
/// flipped, in the signed one.
arith::CmpIPredicate signedOrder(arith::CmpIPredicate p);
arith::CmpIPredicate unsignedOrder(arith::CmpIPredicate p);

/// Attribute names on a kernel's func.func. Arguments are the inputs
/// (num_inputs, the first num_scalar_inputs of them scalar-prefetch arrays in
/// SMEM), then the outputs (num_outputs), then the scratch buffers.
inline constexpr llvm::StringLiteral kKernelAttr = "tessera.kernel";
inline constexpr llvm::StringLiteral kNumInputsAttr = "tessera.num_inputs";
inline constexpr llvm::StringLiteral kNumOutputsAttr = "tessera.num_outputs";
inline constexpr llvm::StringLiteral kNumScalarInputsAttr = "tessera.num_scalar_inputs";
inline constexpr llvm::StringLiteral kArgNameAttr = "tessera.name";
/// The user's dtype of an argument whose element type does not say it: the
/// unsigned integers ("u8", "u16", "u32") share the signless i8 / i16 / i32
/// with the signed ones. The IR's ops carry the signedness; this keeps two
/// kernels whose arrays differ only in it apart (the compile cache, the
/// listing's argument table).
inline constexpr llvm::StringLiteral kArgDtypeAttr = "tessera.dtype";
/// The TensorCores that run the kernel together (i64; absent: 1): a
/// TensorCoreMesh of 2 cores, or a pallas_call whose parallel grid axes are
/// split across the chip's two cores (megacore). Each core runs the same
/// code; tessera.core_index tells it which it is.
inline constexpr llvm::StringLiteral kNumCoresAttr = "tessera.num_cores";

/// On an scf.if without results: select it as guarded code in the block
/// around it even when its checks' guards take more instructions than the
/// branch they save (the pipeline's prefetches and write-backs, so that a
/// grid step is one block of code that the scheduler overlaps).
inline constexpr llvm::StringLiteral kPredicateAttr = "tessera.predicate";

/// On an scf.for: the loop over a pallas_call's (or emit_pipeline's) grid,
/// whose body ends with the waits for the next step's blocks. The lowering
/// may start the next step's first MXU weight loads at the end of a step
/// (lowering/Rotation.cpp): the blocks they read are in by then.
inline constexpr llvm::StringLiteral kGridLoopAttr = "tessera.grid_loop";

/// On a tessera.load_scalar / store_scalar / view the compiler made (the
/// pipeline's table of written-back output blocks, its semaphore slots): its
/// run-time index is in range by construction (or the DMA of the same block
/// is checked), so tessera-insert-checks adds no index check.
inline constexpr llvm::StringLiteral kCompilerIndexAttr = "tessera.compiler_index";

/// On a tessera.check of a pallas_call block index (tessera-expand-grid, at
/// the index map's line): a bounds check, dropped by tessera-insert-checks
/// when bounds checks are off. On a DMA start or wait of the pipeline: its
/// windows are inside the array whenever its block index is (which that
/// check, or the index map's proven range, guarantees), so
/// tessera-insert-checks adds no bounds check of its own.
inline constexpr llvm::StringLiteral kBlockIndexAttr = "tessera.block_index";
/// On a DMA start or wait of a block that a pallas_call or emit_pipeline
/// step copies itself (pl::Element, pl::BoundedSlice blocks): a window of
/// the block buffer whose columns end inside a lane tile may be written
/// whole (the rest of the buffer's tile is undefined, as Pallas leaves a
/// partial edge block's), as a pipeline's block DMA may. Bounds checks
/// stay.
inline constexpr llvm::StringLiteral kEdgeBlockAttr = "tessera.edge_block";

}  // namespace mlir::tessera
