//===- TesseraOps.td - Refs, loads, stores, DMAs, vector math, the MXU -*- tablegen -*-===//
#ifndef TESSERA_OPS_TD
#define TESSERA_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferIntRangeInterface.td"
include "TesseraDialect.td"
include "TesseraAttrs.td"

def Tessera_Ref : MemRefOf<[AnyType]>;
def Tessera_SemaphoreRef : MemRefOf<[Tessera_DmaSemaphoreType]>;
def Tessera_RegularSemaphoreRef : MemRefOf<[Tessera_SemaphoreType]>;
def Tessera_AnySemaphoreRef : MemRefOf<[Tessera_DmaSemaphoreType, Tessera_SemaphoreType]>;

//===----------------------------------------------------------------------===//
// tessera.view
//===----------------------------------------------------------------------===//

def Tessera_ViewOp : Tessera_Op<"view", [Pure,
    DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "A window of a Ref (Pallas `ref.at[pl.ds(...)]`, `ref[0:8, :]`)";
  let description = [{
    Selects the box `[offsets, offsets + sizes)` of `source`, with unit
    strides. Offsets are static or `index` values (known only at run time);
    sizes are static. The result is a strided memref in the same memory space.

    ```mlir
    %v = tessera.view %x[8, 0] [8, 128]
        : memref<16x128xf32, #tessera.memory_space<any>>
       to memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<any>>
    ```
  }];
  let arguments = (ins Tessera_Ref:$source, Variadic<Index>:$offsets,
                       DenseI64ArrayAttr:$static_offsets,
                       DenseI64ArrayAttr:$sizes);
  let results = (outs Tessera_Ref:$result);
  let assemblyFormat = [{
    $source custom<DynamicIndexList>($offsets, $static_offsets) $sizes
    attr-dict `:` type($source) `to` type($result)
  }];
  let builders = [
    OpBuilder<(ins "Value":$source, "ArrayRef<OpFoldResult>":$offsets,
                   "ArrayRef<int64_t>":$sizes)>
  ];
  let extraClassDeclaration = [{
    /// The memref type of a view of `source` with these offsets and sizes
    /// (kDynamic in `staticOffsets` marks a run-time offset).
    static MemRefType inferResultType(MemRefType source,
                                      ArrayRef<int64_t> staticOffsets,
                                      ArrayRef<int64_t> sizes);
    /// All offsets, static ones as attributes.
    SmallVector<OpFoldResult> getMixedOffsets();
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// tessera.load / tessera.store
//===----------------------------------------------------------------------===//

def Tessera_LoadOp : Tessera_Op<"load"> {
  let summary = "Reads a whole VMEM Ref into a value (`x_vmem[...]`)";
  let description = [{
    The value has the Ref's shape and element type. After tile legalization
    every load reads one tile and becomes one `vld`: 8x128 (32-bit), a
    packed 16x128 bf16 or 32x128 int8 tile, or one 1x128 row (replicated
    over the sublanes).

    ```mlir
    %x = tessera.load %x_vmem : memref<8x128xf32, #tessera.memory_space<vmem>> -> vector<8x128xf32>
    ```
  }];
  let arguments = (ins Arg<Tessera_Ref, "the Ref read", [MemRead]>:$ref);
  let results = (outs AnyVector:$result);
  let assemblyFormat = "$ref attr-dict `:` type($ref) `->` type($result)";
  let hasVerifier = 1;
}

def Tessera_StoreOp : Tessera_Op<"store"> {
  let summary = "Writes a value into a whole VMEM Ref (`x_vmem[...] = v`)";
  let description = [{
    ```mlir
    tessera.store %y, %o_vmem : vector<8x128xf32>, memref<8x128xf32, #tessera.memory_space<vmem>>
    ```
  }];
  let arguments = (ins AnyVector:$value,
                       Arg<Tessera_Ref, "the Ref written", [MemWrite]>:$ref);
  let assemblyFormat = "$value `,` $ref attr-dict `:` type($value) `,` type($ref)";
  let hasVerifier = 1;
}

def Tessera_MaskedStoreOp : Tessera_Op<"masked_store"> {
  let summary = "Writes a value's elements where a mask holds (`pltpu.store(ref, v, mask=m)`)";
  let description = [{
    Like `tessera.store`, but only the elements whose mask element is true
    are written; the others keep what the Ref holds. The mask is i1 of the
    value's shape; after tile legalization a 32-bit tile is one `vst.msk` of
    its mask tile (and of the tile's valid part, for a padded one), and a
    packed tile (16-bit or 8-bit elements) takes as its mask an integer
    tile of its own width and shape, nonzero at the elements written (the
    mask units widened and packed), one `vst.bmsk` of those bytes. Passes
    take it as a write of unknown elements: it never replaces an earlier
    store or a load.

    ```mlir
    tessera.masked_store %v, %m, %o_vmem : vector<8x128xf32>, vector<8x128xi1>, memref<8x128xf32, #tessera.memory_space<vmem>>
    ```
  }];
  let arguments = (ins AnyVector:$value, AnyVector:$mask,
                       Arg<Tessera_Ref, "the Ref written", [MemWrite]>:$ref);
  let assemblyFormat = "$value `,` $mask `,` $ref attr-dict `:` type($value) `,` type($mask) `,` type($ref)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// DMA
//===----------------------------------------------------------------------===//

def Tessera_DmaStartOp : Tessera_Op<"dma_start"> {
  let summary = "Starts a background copy (`pltpu.async_copy(src, dst, sem)`)";
  let description = [{
    Copies `src` to `dst` (same shape and element type) in the background.
    When the copy completes, the number of bytes moved is added to `sem`.
    The copy reads `src` and writes `dst` at some time between this op and
    the matching `tessera.dma_wait`.

    ```mlir
    tessera.dma_start %x_hbm, %x_vmem, %sem
        : memref<8x128xf32, #tessera.memory_space<any>>,
          memref<8x128xf32, #tessera.memory_space<vmem>>,
          memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    ```

    With `pieces` (at least 2), the copy starts as that many DMAs of about
    equal rows, in order (the same bytes, one wait); the scheduler may
    start each once the accesses of its own rows allow. With `if %c` too,
    only when `%c` holds at run time, and as one DMA otherwise (a grid's
    write-back: in pieces at its last step, whose write-back is exposed,
    and whole at the others, where more DMAs in flight would take more of
    the HBM path from the next step's fetch; sim/TIMING.md).
  }];
  let arguments = (ins Arg<Tessera_Ref, "copied from", [MemRead]>:$src,
                       Arg<Tessera_Ref, "copied to", [MemWrite]>:$dst,
                       Arg<Tessera_SemaphoreRef, "signalled", [MemRead, MemWrite]>:$sem,
                       Optional<I1>:$split,
                       OptionalAttr<I64Attr>:$pieces);
  let assemblyFormat = [{
    $src `,` $dst `,` $sem (`if` $split^)? attr-dict `:` type($src) `,` type($dst) `,` type($sem)
  }];
  let hasVerifier = 1;
}

def Tessera_DmaWaitOp : Tessera_Op<"dma_wait"> {
  let summary = "Waits for a DMA to complete (`.wait()` on its descriptor)";
  let description = [{
    Blocks until `sem` holds at least the bytes of a `src` -> `dst` copy,
    then takes them off. Until this op the copy may still read `src` and
    write `dst`, so it counts as both for alias analysis.

    ```mlir
    tessera.dma_wait %x_hbm, %x_vmem, %sem : memref<8x128xf32, ...>, ...
    ```
  }];
  let arguments = (ins Arg<Tessera_Ref, "copied from", [MemRead]>:$src,
                       Arg<Tessera_Ref, "copied to", [MemWrite]>:$dst,
                       Arg<Tessera_SemaphoreRef, "waited on", [MemRead, MemWrite]>:$sem);
  let assemblyFormat = [{
    $src `,` $dst `,` $sem attr-dict `:` type($src) `,` type($dst) `,` type($sem)
  }];
  let hasVerifier = 1;
}

def Tessera_RemoteDmaStartOp : Tessera_Op<"remote_dma_start"> {
  let summary = "Starts a copy to another device (`pltpu.make_async_remote_copy(...).start()`)";
  let description = [{
    Copies `src` (this device's) to `dst` on device `device` (its index in
    the launch's mesh, tessera.device_id's numbering) in the background:
    push only, as Pallas' remote copies. `send_sem` (here) gets the bytes
    once the data has left `src`; `recv_sem` on the target gets them once
    it has landed in the target's `dst`. With `core`, the target is that
    TensorCore of the device's chip; else the sender's own core index.

    The sender waits with `tessera.dma_wait %src, %dst, %send_sem`
    (`.wait_send()`) and the receiver with `tessera.dma_wait %src, %dst,
    %recv_sem` (`.wait_recv()`): each waits for the bytes of one copy.
    Locally the op reads `src`; `dst` is written on the target device
    (every device runs the same code, so its own `dst` may be written by
    another device's copy at any time before its receive wait).

    ```mlir
    tessera.remote_dma_start %x, %y, %send, %recv, %right
        : memref<8x128xf32, #tessera.memory_space<vmem>>,
          memref<8x128xf32, #tessera.memory_space<vmem>>,
          memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>,
          memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    ```
  }];
  let arguments = (ins Arg<Tessera_Ref, "copied from", [MemRead]>:$src,
                       Arg<Tessera_Ref, "copied to (on the target)", [MemWrite]>:$dst,
                       Arg<Tessera_SemaphoreRef, "signalled when sent", [MemRead, MemWrite]>:$send_sem,
                       Arg<Tessera_SemaphoreRef, "signalled on the target", [MemRead, MemWrite]>:$recv_sem,
                       I32:$device, Optional<I32>:$core);
  let assemblyFormat = [{
    $src `,` $dst `,` $send_sem `,` $recv_sem `,` $device (`core` $core^)? attr-dict `:`
    type($src) `,` type($dst) `,` type($send_sem) `,` type($recv_sem)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// REGULAR and BARRIER semaphores
//===----------------------------------------------------------------------===//

def Tessera_SemaphoreSignalOp : Tessera_Op<"semaphore_signal", [AttrSizedOperandSegments]> {
  let summary = "Adds to a semaphore, of this core or another (`pl.semaphore_signal`)";
  let description = [{
    Adds `amount` to the semaphore; with `core`, to that semaphore of the
    TensorCore `core` of the chip (Pallas' `core_index`), which sees it
    `machine::kCrossCoreSignalCycles` later (the own core: at once). With
    `device`, to the semaphore on that device of the launch's mesh (Pallas'
    `device_id`): of TensorCore `core` of its chip, or of the sender's own
    core index; it arrives over the interconnect.

    ```mlir
    tessera.semaphore_signal %sem, %c1 core %other : memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_signal %sem, %c1 device %right : memref<...>
    ```
  }];
  let arguments = (ins Arg<Tessera_RegularSemaphoreRef, "signalled", [MemRead, MemWrite]>:$sem,
                       I32:$amount, Optional<I32>:$core, Optional<I32>:$device);
  let assemblyFormat = [{
    $sem `,` $amount (`core` $core^)? (`device` $device^)? attr-dict `:` type($sem)
  }];
  let hasVerifier = 1;
}

def Tessera_SemaphoreWaitOp : Tessera_Op<"semaphore_wait"> {
  let summary = "Waits until a semaphore reaches a value, then takes it off (`pl.semaphore_wait`)";
  let description = [{
    Blocks until the semaphore holds at least `amount`, then subtracts
    `amount` (`vwait.ge`, then `vsyncadd` of `-amount`).

    ```mlir
    tessera.semaphore_wait %sem, %c1 : memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>
    ```
  }];
  let arguments = (ins Arg<Tessera_RegularSemaphoreRef, "waited on", [MemRead, MemWrite]>:$sem,
                       I32:$amount);
  let assemblyFormat = "$sem `,` $amount attr-dict `:` type($sem)";
  let hasVerifier = 1;
}

def Tessera_SemaphoreReadOp : Tessera_Op<"semaphore_read"> {
  let summary = "Reads a semaphore's value (`pl.semaphore_read`)";
  let description = [{
    The current value of a REGULAR, BARRIER or DMA semaphore (`ssemld`).

    ```mlir
    %v = tessera.semaphore_read %sem : memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>
    ```
  }];
  let arguments = (ins Arg<Tessera_AnySemaphoreRef, "read", [MemRead]>:$sem);
  let results = (outs I32:$result);
  let assemblyFormat = "$sem attr-dict `:` type($sem)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Scalars in SMEM
//===----------------------------------------------------------------------===//

def Tessera_LoadScalarOp : Tessera_Op<"load_scalar"> {
  let summary = "Reads one 32-bit scalar of an SMEM Ref (`s_ref[0]`)";
  let description = [{
    Scalar inputs (Pallas' scalar prefetch) live in SMEM; the scalar unit
    reads them into s-registers, e.g. to compute a DMA window at run time.

    ```mlir
    %c0 = arith.constant 0 : index
    %off = tessera.load_scalar %offsets[%c0] : memref<1xi32, #tessera.memory_space<smem>>
    ```
  }];
  let arguments = (ins Arg<Tessera_Ref, "the SMEM Ref read", [MemRead]>:$ref,
                       Variadic<Index>:$indices);
  let results = (outs AnyTypeOf<[I32, F32]>:$result);
  let assemblyFormat = "$ref `[` $indices `]` attr-dict `:` type($ref) `->` type($result)";
  let hasVerifier = 1;
}

def Tessera_StoreScalarOp : Tessera_Op<"store_scalar"> {
  let summary = "Writes one 32-bit scalar of an SMEM Ref (`s_ref[i] = v`)";
  let description = [{
    SMEM scratch (`pltpu::SMEM`) and scalar-prefetch inputs are writable;
    kernel state kept there persists across grid steps. Indices are static
    or run-time `index` values.

    ```mlir
    tessera.store_scalar %v, %state[%i] : i32, memref<4xi32, #tessera.memory_space<smem>>
    ```
  }];
  let arguments = (ins AnyTypeOf<[I32, F32]>:$value,
                       Arg<Tessera_Ref, "the SMEM Ref written", [MemWrite]>:$ref,
                       Variadic<Index>:$indices);
  let assemblyFormat = [{
    $value `,` $ref `[` $indices `]` attr-dict `:` type($value) `,` type($ref)
  }];
  let hasVerifier = 1;
}

def Tessera_CoreIndexOp : Tessera_Op<"core_index", [Pure]> {
  let summary = "Which TensorCore of the launch runs this code (`lax.axis_index('tc')`)";
  let description = [{
    A kernel launched on both TensorCores of a chip (the kernel function's
    `tessera.num_cores` is 2: a `TensorCoreMesh` of 2 cores, or a megacore
    `pallas_call`) runs the same code on each; this is the core's index in
    the launch, in [0, num_cores). It is fixed for the whole launch (the
    runtime passes it in SMEM, sim/Executable.h), so it is pure.

    ```mlir
    %c = tessera.core_index : i32
    ```
  }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Tessera_DeviceIdOp : Tessera_Op<"device_id", [Pure]> {
  let summary = "Which device of its shard_map mesh runs this launch (`lax.axis_index` of mesh axes)";
  let description = [{
    A kernel called inside a `shard_map` over a mesh of several devices runs
    on each of them at once; this is the device's index in the mesh
    (row-major over the mesh axes), in [0, mesh size). Outside a shard_map
    it is 0. Fixed for the whole launch (the runtime passes it in SMEM,
    sim/Executable.h), so it is pure.

    ```mlir
    %d = tessera.device_id : i32
    ```
  }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Gridded launches (pallas_call, emit_pipeline)
//===----------------------------------------------------------------------===//

def Tessera_GridOp : Tessera_Op<"grid", [AttrSizedOperandSegments]> {
  let summary = "A body run once per point of a grid on VMEM blocks of HBM operands (`pl.pallas_call`)";
  let description = [{
    Runs `body` once per point of the grid `grid`, in row-major order
    (the last axis fastest), on VMEM blocks of the HBM operands `inputs` and
    `outputs`. Operand k's block at a grid point is the box of shape
    `block_shapes[k]` at the block index its index map (region k of
    `index_maps`, one `i32` argument per grid axis, yielding one `i32` block
    index per dimension of the operand) returns for the point. Index maps may
    read the kernel's scalar-prefetch SMEM Refs, captured from the enclosing
    function. The body's arguments are the point's grid indices (`i32`) and
    one VMEM Ref per operand, its block; Refs the body uses unblocked (ANY /
    HBM operands, scratch) are captured.

    Input blocks hold the operand's data when the body starts (a block whose
    index did not change since the previous point is not fetched again);
    output blocks are written back when the next point's index differs, and
    after the last point. Partial edge blocks move only their in-bounds part.
    `buffer_counts[k]` is operand k's VMEM buffers (`pl.Buffered(n)`; at
    least 2 for outputs, whose write-backs rotate through them (of element
    offsets, a write-back waits first for each one still in flight whose
    window overlaps it); 1 for a block that is the whole array, fetched
    once).
    `element_dims[k]`, when present, marks operand k's dimensions whose
    index-map entry is an element offset rather than a block index
    (`pl.Element(n)`; bit 0 the rows, bit 1 the columns): the block there
    starts at that offset, in [0, extent - size]. `copy_rows[k]`, when
    present and of more than one entry, makes operand k's block several
    copies of the box (a block of several matrices and a part of their
    rows): copy c is the box `copy_rows[k][c]` rows further into the array
    (the first at 0), and rows c * ceil(size / 8) * 8 of the block buffer.
    `matrix_rows[k]`, when present and not 0, makes operand k's rows
    matrices of that many rows each (a multiple of 8: the rows of a
    rank-3+ array's matrix padded to whole tiles) whose element rows are
    offsets of whole blocks in their matrix (a matrix's first row plus a
    multiple of the block's rows): a block's copies are clipped to their
    matrix, so the last block of each matrix is a partial edge block.
    `row_padding`, when present, holds two entries per operand, (lo, hi):
    operand k's element rows are offsets into its rows padded by lo rows
    before and hi after (`pl.Element(n, (lo, hi))`), in [0, extent + lo +
    hi - size]; a block moves the rows inside the array (a DMA of
    run-time length, to the buffer rows they fill; an output writes back
    only those), the rest of its buffer undefined. With `matrix_rows` too,
    each matrix is padded on its own: an offset is the matrix's index
    times (matrix_rows + lo + hi) plus the row in its padded rows, each
    copy of the box clipped to its matrix's matrix_rows rows.
    An index map yielding a third value makes operand k's element rows
    bounded (`pl.BoundedSlice`): the block's first `size` rows (the third
    value, in [0, block rows], the rows inside the array) move, to and from
    the buffer's first rows; the rest of the buffer is undefined.
    `col_padding`, when present, holds two entries per operand, (lo, hi),
    whole 128-lane tiles: operand k's element columns are offsets into its
    columns padded by lo before and hi after (`pl.Element(n, (lo, hi))`
    along the lanes), in [0, extent + lo + hi - size]; a block moves the
    columns inside the array (whole lane tiles: DMAs of run-time width, to
    the buffer columns they fill; an output writes back only those), the
    rest of its buffer undefined; beside padded or bounded rows, each
    step moves the rectangle inside the array of both.
    `bounded_cols`, when present, holds one entry per operand: 1 makes the
    last value of operand k's index map the size of its element columns
    (`pl.BoundedSlice` along the lanes: the block's first `size` columns
    from the start, whole 128-lane tiles but at the array's end, move to
    and from the buffer's first columns); with bounded rows too the map
    yields four values, the rows' size third.
    `dimension_semantics` says which axes are "parallel" (a prefix) and which
    "arbitrary"; with `num_cores` 2 the points of the parallel axes are
    split across the chip's two TensorCores (megacore), each running its
    contiguous share. With `revisit_checks`, writing back an output block
    twice stops the kernel (Pallas' "Revisited block"); `names` and
    `labels` name the operands for the buffers the expansion adds and for
    that message.

    An extent may be known only at run time (Pallas' int32 grid scalars): it
    is `?` in `grid` (ShapedType::kDynamic) and one `i32` operand of
    `dynamic_grid` per such axis, in order, written in place in the list
    (`grid [%n, 2]`). A run-time extent of 0 runs no point (and writes
    nothing back); a negative one stops the kernel at the op's line.

    `tessera-expand-grid` turns the op into the double-buffered DMA
    pipeline of kernel IR (an scf.for over the steps).

    Pallas:
    ```python
    pl.pallas_call(kernel, grid=(4,),
                   in_specs=[pl.BlockSpec((128, 128), lambda i: (i, 0))],
                   out_specs=pl.BlockSpec((128, 128), lambda i: (i, 0)))
    ```
    ```mlir
    tessera.grid grid [4] semantics ["arbitrary"] cores 1
        ins(%x : memref<512x128xf32, #tessera.memory_space<any>>)
        outs(%o : memref<512x128xf32, #tessera.memory_space<any>>)
        blocks [array<i64: 128, 128>, array<i64: 128, 128>] buffers [2, 2]
        index_maps {
        ^bb0(%i: i32):
          %c0 = arith.constant 0 : i32
          tessera.yield %i, %c0 : i32, i32
        }, {
        ^bb0(%i: i32):
          %c0 = arith.constant 0 : i32
          tessera.yield %i, %c0 : i32, i32
        } body {
        ^bb0(%i: i32, %xb: memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>,
                      %ob: memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>):
          %v = tessera.load %xb : memref<...> -> vector<128x128xf32>
          tessera.store %v, %ob : vector<128x128xf32>, memref<...>
          tessera.yield
        } {labels = ["input 0", "output 0"], names = ["x", "o"]}
    ```
  }];
  let arguments = (ins Variadic<Tessera_Ref>:$inputs, Variadic<Tessera_Ref>:$outputs,
                       Variadic<I32>:$dynamic_grid,
                       DenseI64ArrayAttr:$grid, StrArrayAttr:$dimension_semantics,
                       I64Attr:$num_cores, ArrayAttr:$block_shapes,
                       DenseI64ArrayAttr:$buffer_counts, UnitAttr:$revisit_checks,
                       StrArrayAttr:$names, StrArrayAttr:$labels,
                       OptionalAttr<DenseI64ArrayAttr>:$element_dims,
                       OptionalAttr<ArrayAttr>:$copy_rows,
                       OptionalAttr<DenseI64ArrayAttr>:$matrix_rows,
                       OptionalAttr<DenseI64ArrayAttr>:$row_padding,
                       OptionalAttr<DenseI64ArrayAttr>:$col_padding,
                       OptionalAttr<DenseI64ArrayAttr>:$bounded_cols);
  let regions = (region SizedRegion<1>:$body, VariadicRegion<SizedRegion<1>>:$index_maps);
  let assemblyFormat = [{
    `grid` custom<DynamicIndexList>($dynamic_grid, $grid)
    `semantics` $dimension_semantics `cores` $num_cores
    (`ins` `(` $inputs^ `:` type($inputs) `)`)?
    (`outs` `(` $outputs^ `:` type($outputs) `)`)?
    `blocks` $block_shapes `buffers` $buffer_counts
    (`revisit_checks` $revisit_checks^)?
    (`index_maps` $index_maps^)? `body` $body attr-dict
  }];
  let extraClassDeclaration = [{
    /// The blocked operands: the inputs, then the outputs.
    SmallVector<Value> getBlocked();
    /// Whether blocked operand `k` is an output.
    bool isOutput(unsigned k) { return k >= getInputs().size(); }
    /// Block shape of operand `k` ([rows, columns]).
    ArrayRef<int64_t> getBlockShape(unsigned k);
    /// Whether dimension `d` of operand `k` is indexed by element offsets
    /// (element_dims).
    bool isElementDim(unsigned k, unsigned d);
    /// Where operand `k`'s blocks can start along dimension `d`: its
    /// blocks (ceil(extent / size)), or its element offsets
    /// (extent - size + 1) for an element dimension.
    int64_t positionsAlong(unsigned k, unsigned d);
    /// Where operand `k`'s copies of its box start, in rows after the
    /// first's (copy_rows; {0} for a block of one box).
    ArrayRef<int64_t> getCopyRows(unsigned k);
    /// The rows of each matrix of operand `k` whose blocks are clipped to
    /// their matrix (matrix_rows), or 0.
    int64_t getMatrixRows(unsigned k);
    /// Where the last block of each of operand `k`'s matrices starts in
    /// it (matrix_rows), and the rows that block moves; without
    /// matrix_rows, the block's rows at no offset.
    int64_t lastBlockStart(unsigned k);
    int64_t lastBlockRows(unsigned k);
    /// Whether operand `k`'s index map yields a size too (pl.BoundedSlice
    /// rows or columns): after the two block indices, the rows' size
    /// (isBoundedRows), then the columns' (isBoundedCols).
    bool isBounded(unsigned k);
    /// Whether its last value is the size of its columns (bounded_cols).
    bool isBoundedCols(unsigned k);
    /// Whether its third value is the size of its rows (pl.BoundedSlice
    /// rows).
    bool isBoundedRows(unsigned k);
    /// The rows padding operand `k`'s element rows before and after
    /// (row_padding), or (0, 0).
    std::pair<int64_t, int64_t> getRowPadding(unsigned k);
    /// Whether operand `k`'s element rows are padded (row_padding not 0, 0).
    bool hasRowPadding(unsigned k) {
      return getRowPadding(k) != std::pair<int64_t, int64_t>{0, 0};
    }
    /// The columns padding operand `k`'s element columns before and after
    /// (col_padding), or (0, 0).
    std::pair<int64_t, int64_t> getColPadding(unsigned k);
    /// Whether operand `k`'s element columns are padded.
    bool hasColPadding(unsigned k) {
      return getColPadding(k) != std::pair<int64_t, int64_t>{0, 0};
    }
    /// The rows between two matrices' first offsets of operand `k`, whose
    /// matrices are padded (matrix_rows + lo + hi).
    int64_t paddedMatrixRows(unsigned k);
    /// The rows of operand `k`'s block buffer (bufferRows).
    int64_t getBufferRows(unsigned k);
    /// Rows between the copies of a box of `rows` rows in a block buffer:
    /// whole 8-row tiles.
    static int64_t copyStride(int64_t rows);
    /// The rows of a block buffer of `copies` copies of a box of `rows`
    /// rows: the box's, or the copies', each from a whole 8-row tile. (The
    /// tracer's ElementBlock lays out its buffer the same.)
    static int64_t bufferRows(int64_t rows, int64_t copies);
    /// How many leading axes are parallel.
    int64_t getNumParallelAxes();
    /// Whether some extent is known only at run time (an operand).
    bool hasDynamicGrid() { return !getDynamicGrid().empty(); }
    /// The grid's steps (the product of its extents); a grid with run-time
    /// extents has no static count (hasDynamicGrid()).
    int64_t getNumSteps();
    /// The steps of one core's share on getNumCores() cores: the parallel
    /// points (row-major) cut into one contiguous chunk per core,
    /// ceil(points / cores) of them, each with all of its arbitrary steps
    /// (Pallas' megacore, model (b)); core c runs steps
    /// [c * it, min((c + 1) * it, getNumSteps())). getNumSteps() on one core.
    int64_t getStepsPerCore();
    /// The same for the extents `grid` known at run time (all static).
    static int64_t stepsPerCore(ArrayRef<int64_t> grid, int64_t parallelAxes, int64_t cores);
    /// The error of a negative run-time extent `value` of axis `axis`
    /// (the expansion's check and the interpreter say the same).
    static std::string negativeExtentMessage(unsigned axis, StringRef value);
    /// The error of run-time extents whose product (the grid's steps, `{0}`
    /// x `{1}` so far) passes 2^31 - 1.
    static std::string tooManyStepsMessage(StringRef steps, StringRef extent);

    /// The VMEM layout of operand `k`'s blocks, shared by the tracer (its
    /// VMEM budget) and the expansion: whether its one block is the whole
    /// array (one buffer, fetched once), and the rows between its buffers
    /// (the block's rows rounded up to whole (8, 128) tiles of its dtype).
    /// (Padded rows or columns move with their offset: not one block.)
    static bool isWholeArray(ArrayRef<int64_t> block, ArrayRef<int64_t> array,
                             std::pair<int64_t, int64_t> rowPadding = {0, 0},
                             std::pair<int64_t, int64_t> colPadding = {0, 0});
    /// isWholeArray for operand `k`.
    bool isWholeArray(unsigned k);
    static int64_t slotRows(int64_t blockRows, Type elementType);
    /// The type of the body's block argument for a block buffer of shape
    /// `block` (getBufferRows rows): the buffer itself (`whole`: the block
    /// is the whole array) or a window of the ring of buffers.
    static MemRefType blockType(ArrayRef<int64_t> block, bool whole, Type elementType);
    /// One grid step's body with its ops one after another: each op's
    /// latency plus the issue of its tiles after the first on its unit
    /// (MXU passes for a dot), a loop's trips in turn (once when its trip
    /// count is known only at run time), an scf.if's longer side; scalar
    /// work is free (the other slots). The scheduler overlaps independent
    /// ops, so a step takes less: what the tracer weighs a step's DMAs
    /// against when it chooses the default buffer count.
    int64_t serialStepCycles();
    /// The message of a block index outside operand `k`'s array, as both
    /// modes report it: "at grid point (<point>) the index map of
    /// in_specs[0] 'x' returned block (<block>), outside its array's ...".
    /// `point` and `block` are the values' text (the compiled check's
    /// placeholders, or the interpreter's numbers).
    std::string blockOutsideMessage(unsigned k, StringRef point, StringRef block);
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Tessera_YieldOp : Tessera_Op<"yield",
    [Pure, Terminator, ReturnLike, HasParent<"GridOp">]> {
  let summary = "Ends a region of tessera.grid (an index map's block indices)";
  let description = [{
    In an index map: one `i32` block index per dimension of the operand. In
    the body: no values.

    ```mlir
    tessera.yield %i, %c0 : i32, i32
    ```
  }];
  let arguments = (ins Variadic<I32>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

//===----------------------------------------------------------------------===//
// Facts about scalars
//===----------------------------------------------------------------------===//

def Tessera_MultipleOfOp : Tessera_Op<"multiple_of",
    [Pure, AllTypesMatch<["value", "result"]>,
     DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let summary = "Asserts that a scalar is a multiple of a constant (`pl.multiple_of`)";
  let description = [{
    The identity at run time; the compiler may assume `value % multiple == 0`
    (e.g. that a dynamic VMEM row start is tile-aligned). Integer range
    analysis sees through it: its result has the range of its value.

    ```mlir
    %r = tessera.multiple_of %i, 8 : i32
    ```
  }];
  let arguments = (ins AnyTypeOf<[I32, Index]>:$value, I64Attr:$multiple);
  let results = (outs AnyTypeOf<[I32, Index]>:$result);
  let assemblyFormat = "$value `,` $multiple attr-dict `:` type($value)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Run-time checks (tessera-insert-checks)
//===----------------------------------------------------------------------===//

// These ops have no memory-effect interface on purpose: they may stop the
// core, so nothing may delete them or move memory accesses across them.

def Tessera_BoundsCheckOp : Tessera_Op<"bounds_check"> {
  let summary = "Stops the core when a DMA window leaves its buffer";
  let description = [{
    Compares, at run time, the window `window` (a view) against the extent of
    the buffer it is a view of; when it does not fit, a predicated `shalt`
    stops the core. `dma` names the DMA kind for the message.

    ```mlir
    tessera.bounds_check %w {dma = "dma.hbm_to_vmem"} : memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
    ```
  }];
  let arguments = (ins Tessera_Ref:$window, StrAttr:$dma);
  let assemblyFormat = "$window attr-dict `:` type($window)";
}

def Tessera_SemaphoreCheckOp : Tessera_Op<"semaphore_check"> {
  let summary = "Stops the core when a semaphore is not zero at kernel exit";
  let description = [{
    Placed before the kernel returns, after all DMAs have landed: a nonzero
    semaphore means some DMA was never waited for, or signals and waits do
    not pair. `scratch_index` is the semaphore's place among the scratch
    arguments, for the message.

    ```mlir
    tessera.semaphore_check %sem {scratch_index = 1 : i64} : memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    ```
  }];
  let arguments = (ins Tessera_AnySemaphoreRef:$sem, I64Attr:$scratch_index);
  let assemblyFormat = "$sem attr-dict `:` type($sem)";
}

def Tessera_CheckOp : Tessera_Op<"check"> {
  let summary = "Stops the core when a condition does not hold (a run-time check)";
  let description = [{
    When `condition` is false at run time, a predicated `shalt` stops the
    core; `message` becomes the halt's comment, with `{0}`, `{1}`, ... standing
    for the run-time values of `values` (the runtime prints them). The
    pallas_call pipeline uses it to report a revisited output block, and
    tessera-insert-checks to check a `pl.multiple_of` promise; `guards_reads`
    (set for the promise) keeps the loads at run-time addresses after it in
    the schedule, as one of them may use the promised value.

    ```mlir
    tessera.check %fresh, "Revisited block ({0}, {1}) of output 0" [%i, %j : i32, i32]
    ```
  }];
  let arguments = (ins I1:$condition, StrAttr:$message,
                       Variadic<AnyTypeOf<[I32, Index]>>:$values,
                       UnitAttr:$guards_reads);
  let assemblyFormat = [{
    $condition `,` $message (` ` `[` $values^ `:` type($values) `]`)? attr-dict
  }];
}

//===----------------------------------------------------------------------===//
// Vector math (kernel IR and tile IR)
//===----------------------------------------------------------------------===//

/// Rank-2 vectors of the kernel's float dtypes.
def Tessera_FloatVector : VectorOfRankAndType<[2], [F32, BF16]>;
/// Rank-2 vectors of the dtypes that reduce, broadcast and dot take.
def Tessera_NumberVector : VectorOfRankAndType<[2], [F32, BF16, I32, I16, I8]>;
def Tessera_AnyVector2 : VectorOfRankAndType<[2], [F32, BF16, I32, I16, I8, I1]>;

class Tessera_FloatUnaryOp<string mnemonic, list<Trait> traits = []>
    : Tessera_Op<mnemonic, !listconcat(traits,
          [Pure, Elementwise, SameOperandsAndResultType])> {
  let arguments = (ins Tessera_FloatVector:$input);
  let results = (outs Tessera_FloatVector:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def Tessera_LogisticOp : Tessera_FloatUnaryOp<"logistic"> {
  let summary = "1 / (1 + exp(-x)) elementwise (`lax.logistic`, `jax.nn.sigmoid`)";
  let description = [{
    One transcendental-unit op per tile (`vlogistic.f32`). bf16 operands
    are computed in f32 and rounded, as every bf16 op.

    ```mlir
    %y = tessera.logistic %x : vector<8x128xf32>
    ```
  }];
}

def Tessera_ErfInvOp : Tessera_FloatUnaryOp<"erf_inv"> {
  let summary = "The inverse error function elementwise (`lax.erf_inv`)";
  let description = [{
    One transcendental-unit op per tile (`verfinv.f32`): +-inf at +-1, NaN
    outside [-1, 1]. bf16 operands are computed in f32 and rounded.

    ```mlir
    %y = tessera.erf_inv %x : vector<8x128xf32>
    ```
  }];
}

def Tessera_ReciprocalOp : Tessera_FloatUnaryOp<"reciprocal"> {
  let summary = "1 / x elementwise (`pl.reciprocal`)";
  let description = [{
    The IEEE quotient 1.0f / x on the transcendental unit (`vrcp.f32`).

    ```mlir
    %y = tessera.reciprocal %x : vector<8x128xf32>
    ```
  }];
}

def Tessera_RoundBf16Op : Tessera_Op<"round_bf16",
    [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "Rounds f32 values to bf16 precision, keeping them f32";
  let description = [{
    Round to nearest even to the 8-bit bf16 mantissa (`vrnd.bf16`); the
    result is still f32. Tile legalization produces it where a bf16 value is
    packed and unpacked again: `unpack(pack(a, b), part = 0)` is
    `round_bf16(a)`.

    ```mlir
    %r = tessera.round_bf16 %x : vector<8x128xf32>
    ```
  }];
  let arguments = (ins VectorOfRankAndType<[2], [F32]>:$input);
  let results = (outs VectorOfRankAndType<[2], [F32]>:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Reductions, broadcasts, iota
//===----------------------------------------------------------------------===//

def Tessera_ReduceOp : Tessera_Op<"reduce", [Pure]> {
  let summary = "Sum, max or min along one axis, keeping it (`jnp.sum(x, axis, keepdims=True)`)";
  let description = [{
    `kind` is "sum", "max" or "min"; `axis` 0 reduces the rows (the result
    is 1xC: one row), `axis` 1 the columns (Rx1: one column). Float max and
    min propagate NaN and order -0 below +0 (arith.maximumf); bf16 sums are
    computed in f32 and rounded once.

    In tile IR the operand is one tile: 8x128 -> 1x128 (`axis` 0, a sublane
    reduction, `vredsub`) or 8x128 -> 8x1 (`axis` 1, a lane reduction on the
    cross-lane unit, `vredlane`); a 1x128 or 8x1 tile reduces to 1x1. The
    result is replicated over the reduced axis of the register.

    ```mlir
    %s = tessera.reduce %x {axis = 1 : i64, kind = "sum"} : vector<16x256xf32> -> vector<16x1xf32>
    %m = tessera.reduce %t {axis = 0 : i64, kind = "max"} : vector<8x128xf32> -> vector<1x128xf32>
    ```
  }];
  let arguments = (ins Tessera_NumberVector:$input, StrAttr:$kind, I64Attr:$axis);
  let results = (outs Tessera_NumberVector:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let builders = [
    OpBuilder<(ins "Value":$input, "StringRef":$kind, "int64_t":$axis)>
  ];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tessera_BroadcastOp : Tessera_Op<"broadcast", [Pure]> {
  let summary = "Repeats a row, a column, a 1x1 value or a scalar (`jnp.broadcast_to`)";
  let description = [{
    Every dimension of a vector operand is 1 or the result's. In tile IR
    the operand is a replicated tile (1x128, 8x1 or 1x1) and the result a
    whole tile: no instruction, the register already holds every element.
    A scalar operand (an i32 or f32 of the scalar unit, e.g. read from SMEM)
    goes into every element: one `vbcast` per tile type.

    ```mlir
    %b = tessera.broadcast %row : vector<1x256xf32> -> vector<16x256xf32>
    %t = tessera.broadcast %col : vector<8x1xf32> -> vector<8x128xf32>
    %s = tessera.broadcast %x : f32 -> vector<16x256xf32>
    ```
  }];
  let arguments = (ins AnyTypeOf<[Tessera_AnyVector2, I32, F32]>:$input);
  let results = (outs Tessera_AnyVector2:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tessera_IotaOp : Tessera_Op<"iota", [Pure]> {
  let summary = "Each element's index along one dimension, plus an offset (`lax.broadcasted_iota`)";
  let description = [{
    Element (r, c) is `offset + (dimension == 0 ? r : c)`. Tile legalization
    gives each tile the offset of its first row or column
    (`viota.row`/`viota.col`, plus a `vadd.s32` when the offset is not 0).

    ```mlir
    %i = tessera.iota {dimension = 1 : i64} : vector<16x256xi32>
    %t = tessera.iota {dimension = 0 : i64, offset = 8 : i64} : vector<8x128xi32>
    ```
  }];
  let arguments = (ins I64Attr:$dimension, DefaultValuedAttr<I64Attr, "0">:$offset);
  let results = (outs VectorOfRankAndType<[2], [I32]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Layout ops: bitcast, repeat, roll (pltpu)
//===----------------------------------------------------------------------===//

def Tessera_BitcastOp : Tessera_Op<"bitcast", [Pure]> {
  let summary = "Reinterprets the bits of whole tiles as another dtype (`pltpu.bitcast`)";
  let description = [{
    The 32-bit words of each vreg keep their bits; the rows scale by the
    ratio of the bit widths, as in Pallas (`f32[8,128]` <-> `bf16[16,128]`
    <-> `s8[32,128]`): word (s, l) of an 8x128 32-bit tile is, in the packed
    tile, rows p*s .. p*s+p-1 of lane l, the first row in the low bits (the
    sub-tiling of vpack / vunpack). Columns are unchanged; both sides must
    be whole tiles (rows a multiple of 8, 16 or 32; columns of 128), so
    tile k of the operand is tile k of the result and the op needs no
    instruction. Same-width casts (f32 <-> i32) are `arith.bitcast`.

    ```mlir
    %b = tessera.bitcast %x : vector<16x256xf32> -> vector<32x256xbf16>
    %t = tessera.bitcast %p : vector<16x128xbf16> -> vector<8x128xi32>
    ```
  }];
  let arguments = (ins Tessera_NumberVector:$input);
  let results = (outs Tessera_NumberVector:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tessera_RepeatOp : Tessera_Op<"repeat", [Pure]> {
  let summary = "`times` copies of a value side by side along one axis (`pltpu.repeat`, `jnp.tile`)";
  let description = [{
    The result's dimension `axis` is `times` times the operand's; element
    (r, c) is the operand's (r mod R, c) for axis 0 or (r, c mod C) for
    axis 1 (jnp.tile, not jnp.repeat). Tile legalization reuses the
    operand's tiles: no instruction. A dimension of size 1 is repeated by
    `tessera.broadcast` instead.

    ```mlir
    %r = tessera.repeat %x {axis = 1 : i64, times = 3 : i64} : vector<8x128xf32> -> vector<8x384xf32>
    ```
  }];
  let arguments = (ins Tessera_AnyVector2:$input, I64Attr:$axis, I64Attr:$times);
  let results = (outs Tessera_AnyVector2:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Tessera_ConcatOp : Tessera_Op<"concat", [Pure]> {
  let summary = "Values side by side along one axis (a reshape that merges a rank-3 value's leading dimension)";
  let description = [{
    The operands in order along `axis`; the other dimension is the same in
    all. Tile legalization reuses the operands' tiles when each is whole
    tiles along the axis (no instruction), and along axis 0 builds tiles
    from one-row operands (the rows of a rank-3 value's reduction) with a
    select per row; other operands are an error.

    ```mlir
    %r = tessera.concat %a, %b {axis = 0 : i64} : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xf32>
    ```
  }];
  let arguments = (ins Variadic<Tessera_AnyVector2>:$inputs, I64Attr:$axis);
  let results = (outs Tessera_AnyVector2:$result);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tessera_SliceOp : Tessera_Op<"slice", [Pure]> {
  let summary = "A static window of a value (a reshape that splits a leading dimension)";
  let description = [{
    The window of the result's shape at `offsets` (row, column) of the
    operand. Tile legalization takes whole tiles (no instruction) or, for a
    one-row result, that row of its tile (`tessera.extract_sublane`);
    other windows are an error.

    ```mlir
    %r = tessera.slice %x {offsets = array<i64: 8, 0>} : vector<16x128xf32> -> vector<8x128xf32>
    ```
  }];
  let arguments = (ins Tessera_AnyVector2:$input, DenseI64ArrayAttr:$offsets);
  let results = (outs Tessera_AnyVector2:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tessera_RollOp : Tessera_Op<"roll", [Pure, SameOperandsAndResultType]> {
  let summary = "Rotates a value along one axis (`pltpu.roll`, `np.roll` with shift >= 0)";
  let description = [{
    Element i of the result along `axis` is element (i - shift) mod n of
    the operand. `shift` is not negative (as in Pallas) and may exceed n.

    Tile legalization splits the shift into whole tiles (a renumbering of
    the tiles: no instruction) and a rest inside a tile. Along the lanes
    (axis 1) the rest rotates each tile (the tile-IR form of this op: one
    8x128 or 1x128 tile, 0 < shift < 128, `vrot.lane` on the cross-lane
    unit) and an `arith.select` on a lane iota joins each tile with its
    left neighbour. Along the sublanes (axis 0) each result row is a
    `tessera.extract_sublane` of the right tile, joined by selects on a
    row iota.

    ```mlir
    %r = tessera.roll %x {axis = 1 : i64, shift = 130 : i64} : vector<8x256xf32>
    %t = tessera.roll %u {axis = 1 : i64, shift = 2 : i64} : vector<8x128xf32>
    ```
  }];
  let arguments = (ins Tessera_AnyVector2:$input, I64Attr:$axis, I64Attr:$shift);
  let results = (outs Tessera_AnyVector2:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tessera_GatherOp : Tessera_Op<"gather", [Pure, AllTypesMatch<["input", "result"]>]> {
  let summary = "A gather within each tile (`jnp.take_along_axis` inside a vreg)";
  let description = [{
    Along `axis` 1 (lanes): element (r, c) of the result is element
    (r, (c & ~127) + (idx[r][c] & 127)) of `input`; along `axis` 0
    (sublanes): element ((r & ~7) + (idx[r][c] & 7), c). Each result tile
    reads only the input tile at its own place (`vgather.lane` /
    `vgather.sub` on the cross-lane unit, one per tile); the DSL's
    jnp::take_along_axis brings other tiles there with whole-tile rolls.
    32-bit operands; not elementwise (a select over the input does not
    commute with it).

    ```mlir
    %g = tessera.gather %x, %idx {axis = 1 : i64} : vector<8x256xf32>, vector<8x256xi32>
    ```
  }];
  let arguments = (ins VectorOfRankAndType<[2], [F32, I32]>:$input,
                       VectorOfRankAndType<[2], [I32]>:$idx, I64Attr:$axis);
  let results = (outs VectorOfRankAndType<[2], [F32, I32]>:$result);
  let assemblyFormat = "$input `,` $idx attr-dict `:` type($input) `,` type($idx)";
  let hasVerifier = 1;
}

def Tessera_ExtractSublaneOp : Tessera_Op<"extract_sublane", [Pure]> {
  let summary = "One sublane of a tile, replicated over all sublanes (tile IR)";
  let description = [{
    Row `sublane` (0-7) of an 8x128 (or 8x1) 32-bit tile as a 1x128 (1x1)
    tile, which holds its row in every sublane: one `vbcast.sub`.
    `tessera.broadcast` of the result back to 8x128 is free. Tile
    legalization builds sublane rotations (`tessera.roll` along axis 0)
    from it.

    ```mlir
    %r = tessera.extract_sublane %t {sublane = 3 : i64} : vector<8x128xf32> -> vector<1x128xf32>
    ```
  }];
  let arguments = (ins VectorOfRankAndType<[2], [F32, I32, I1]>:$input, I64Attr:$sublane);
  let results = (outs VectorOfRankAndType<[2], [F32, I32, I1]>:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Tessera_ExtractOp : Tessera_Op<"extract", [Pure]> {
  let summary = "One element of a 32-bit value as a scalar (`x[i, j]` of a value)";
  let description = [{
    Element `position` (row, column) of the operand, on the scalar unit.
    Tile legalization picks the tile that holds it (a one-row or one-column
    tile holds its row or column replicated, so row or column 0 of it);
    the selector moves it over the vector-to-scalar path (`vextract`).
    The DSL widens a packed value (bf16, 8- and 16-bit integers) and
    turns a mask into int32 first.

    ```mlir
    %s = tessera.extract %x {position = array<i64: 3, 130>} : vector<8x256xf32> -> f32
    ```
  }];
  let arguments = (ins VectorOfRankAndType<[2], [F32, I32]>:$input,
                       DenseI64ArrayAttr:$position);
  let results = (outs AnyTypeOf<[F32, I32]>:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Tessera_TransposeOp : Tessera_Op<"transpose", [Pure]> {
  let summary = "The transpose of a 2-D value (`x.T`, `jnp.transpose`)";
  let description = [{
    Element (r, c) of the result is element (c, r) of the operand. Both
    dimensions must be multiples of 128: tile legalization cuts the value
    (its 32-bit units: bf16 and int8 are transposed in their widened form,
    exactly, and packed again) into 128x128 blocks, transposes each on the
    cross-lane unit (`tessera.transpose_tiles`) and renumbers the blocks.
    A transpose of a transpose folds to the original value.

    ```mlir
    %t = tessera.transpose %x : vector<128x256xf32> -> vector<256x128xf32>
    ```
  }];
  let arguments = (ins Tessera_AnyVector2:$input);
  let results = (outs Tessera_AnyVector2:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tessera_TransposeTilesOp : Tessera_Op<"transpose_tiles", [Pure]> {
  let summary = "Transposes a 128x128 block of 16 32-bit tiles on the XLU (tile IR)";
  let description = [{
    The 16 operands are the 8-row parts of a 128x128 block of f32 or i32
    words (rows 8k..8k+7 each); result k is rows 8k..8k+7 of its
    transpose. Instruction selection pushes the operands into the XLU's
    transpose buffer (`vxpose.push`, the last part last) and pops the
    results (`vxpose.pop`).

    ```mlir
    %r:16 = tessera.transpose_tiles %t0, %t1, ..., %t15
        : vector<8x128xf32>, ... -> vector<8x128xf32>, ...
    ```
  }];
  let arguments = (ins Variadic<VectorOfRankAndType<[2], [F32, I32]>>:$inputs);
  let results = (outs Variadic<VectorOfRankAndType<[2], [F32, I32]>>:$results);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs) `->` type($results)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Matrix multiplication
//===----------------------------------------------------------------------===//

def Tessera_DotOp : Tessera_Op<"dot", [Pure]> {
  let summary = "Matrix product on the MXUs (`jnp.dot`, `pl.dot`)";
  let description = [{
    (MxK) x (KxN) -> MxN, or with `transpose_rhs` the right operand is NxK
    (`x @ y.T`). Operand dtypes: bf16 x bf16, f32 x f32, bf16 x f32 and
    f32 x bf16 give f32; int8 x int8 gives int32. M, K and N must be whole
    tiles: K and N multiples of 128, M of the left operand's tile rows (8
    for f32, 16 for bf16, 32 for int8).

    `precision` "default" rounds f32 operands to bf16 (one MXU pass per
    block); "highest" splits each f32 operand into three bf16 parts and sums
    six products (f32 accuracy). Tile legalization turns the op into
    `tessera.mxu_weights` and `tessera.mxu_matmul`.

    ```mlir
    %c = tessera.dot %a, %b {precision = "default", transpose_rhs = false}
        : vector<16x256xbf16>, vector<256x128xbf16> -> vector<16x128xf32>
    ```
  }];
  let arguments = (ins Tessera_NumberVector:$lhs, Tessera_NumberVector:$rhs,
                       DefaultValuedStrAttr<StrAttr, "default">:$precision,
                       DefaultValuedAttr<BoolAttr, "false">:$transpose_rhs);
  let results = (outs Tessera_NumberVector:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tile IR: packed tiles and the MXU
//===----------------------------------------------------------------------===//

def Tessera_PackOp : Tessera_Op<"pack", [Pure]> {
  let summary = "Packs 32-bit tiles into one bf16, 16-bit or 8-bit integer tile";
  let description = [{
    Two 8x128 f32 tiles (rows 0-7 and 8-15) become one 16x128 bf16 tile,
    rounded to nearest even (`vpack.bf16`); two 8x128 i32 tiles one 16x128
    i16 tile, each value wrapped to 16 bits (`vpack.s16`); four 8x128 i32
    tiles one 32x128 i8 tile, each value wrapped to 8 bits (`vpack.s8`). A
    packed tile is one vreg, as in VMEM.

    ```mlir
    %p = tessera.pack %a, %b : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
    %q = tessera.pack %a, %b, %c, %d : vector<8x128xi32>, vector<8x128xi32>, vector<8x128xi32>, vector<8x128xi32> -> vector<32x128xi8>
    ```
  }];
  let arguments = (ins Variadic<VectorOfRankAndType<[2], [F32, I32]>>:$inputs);
  let results = (outs VectorOfRankAndType<[2], [BF16, I16, I8]>:$result);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tessera_UnpackOp : Tessera_Op<"unpack", [Pure]> {
  let summary = "One 8-row part of a packed tile, widened to 32 bits";
  let description = [{
    Rows 8*part .. 8*part+7 of a 16x128 bf16 tile (part 0 or 1) as exact f32
    (`vunpack.bf16.lo/.hi`), of a 16x128 i16 tile (part 0 or 1) or a 32x128
    i8 tile (part 0-3), sign-extended to i32 (`vunpack.s16`, `vunpack.s8`).

    ```mlir
    %hi = tessera.unpack %p {part = 1 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
    ```
  }];
  let arguments = (ins VectorOfRankAndType<[2], [BF16, I16, I8]>:$input, I64Attr:$part);
  let results = (outs VectorOfRankAndType<[2], [F32, I32]>:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Tessera_MxuWeightsOp : Tessera_Op<"mxu_weights"> {
  let summary = "A 128x128 weight block for one MXU, from packed tiles";
  let description = [{
    Eight 16x128 bf16 tiles (weight rows 16i..16i+15 each) or four 32x128
    int8 tiles (rows 32i..32i+31). With `transposed`, bf16 tile i holds
    weight COLUMNS 16i..16i+15 instead (the tiles are rows of the NxK right
    operand of `x @ y.T`; `vmatpush.bf16.t`). Instruction selection pushes
    the tiles into an MXU and latches them.

    ```mlir
    %w = tessera.mxu_weights %t0, %t1, %t2, %t3, %t4, %t5, %t6, %t7 {transposed = false}
        : vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>,
          vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>
    ```
  }];
  let arguments = (ins Variadic<VectorOfRankAndType<[2], [BF16, I8]>>:$tiles,
                       DefaultValuedAttr<BoolAttr, "false">:$transposed);
  // Latching weights claims an MXU: an allocation, so that CSE never merges
  // two blocks into one value that would have to stay latched across groups
  // (the dot's order keeps at most kNumMxus blocks live). Unused weights are
  // still dead code.
  let results = (outs Res<Tessera_MxuWeightsType, "the latched weights", [MemAlloc]>:$weights);
  let assemblyFormat = "$tiles attr-dict `:` type($tiles)";
  let extraClassDeclaration = [{
    /// int8 weights (else bf16).
    bool isInt8();
  }];
  let hasVerifier = 1;
}

def Tessera_MxuMatmulOp : Tessera_Op<"mxu_matmul", [Pure]> {
  let summary = "Streams 8 LHS rows through MXU weights: an 8x128 result tile";
  let description = [{
    result = lhs (8x128, K = 128) x weights (128x128). An f32 LHS is rounded
    to bf16 on entry and products are summed exactly, then rounded once to
    f32; an i32 LHS (int8 weights) uses the low 8 bits of each word and
    gives exact (wrapping) i32 sums. One `vmatmul` and one `vmatpop`.

    ```mlir
    %r = tessera.mxu_matmul %w, %lhs : vector<8x128xf32> -> vector<8x128xf32>
    ```
  }];
  let arguments = (ins Tessera_MxuWeightsType:$weights,
                       VectorOfRankAndType<[2], [F32, I32]>:$lhs);
  let results = (outs VectorOfRankAndType<[2], [F32, I32]>:$result);
  let assemblyFormat = "$weights `,` $lhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

#endif // TESSERA_OPS_TD
