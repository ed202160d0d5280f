//===- Passes.td - Kernel-IR passes of tessera -------------------*- tablegen -*-===//
#ifndef TESSERA_TESSERAPASSES_TD
#define TESSERA_TESSERAPASSES_TD

include "mlir/Pass/PassBase.td"

def TesseraExpandGrid : Pass<"tessera-expand-grid", "func::FuncOp"> {
  let summary = "Expands tessera.grid into the double-buffered DMA pipeline of kernel IR";
  let description = [{
    Each `tessera.grid` becomes one `scf.for` over its steps (row-major, the
    last axis fastest) with the pipeline of PALLAS_REFERENCE.md section 1
    written out around its body: the first step's blocks fetched before the
    loop; in each step, after the body, the next step's input blocks fetched
    ahead into the other buffer (only when their block index changes; a
    `pl.Buffered(n)` ring fetches n - 1 steps ahead), the output block
    written back when the next step's index differs (the last step's
    write-back in `pieces`), and the waits for the next step's blocks; the
    epilogue waits for the write-backs in flight. Partial edge blocks move
    only their in-bounds part; with `revisit_checks` a second write-back of
    an output block stops the kernel (`tessera.check` on an SMEM table).
    With `num_cores` 2 each core runs the steps [lo, hi) of its share of the
    parallel points (`tessera.core_index`). The pipeline's guarded regions
    carry `tessera.predicate`, the loop `tessera.grid_loop`. Block buffers,
    semaphores and revisit tables become scratch arguments after the
    kernel's (`<name>_blocks`, `<name>_sems`, `<name>_written`).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"];
}

def TesseraLegalizeTiles : Pass<"tessera-legalize-tiles", "func::FuncOp"> {
  let summary = "Splits array values, VMEM accesses and ops into vreg-sized tiles";
  let description = [{
    Every rank-2 array value becomes one value per tile, row-major over the
    tile grid, and every op on it ops on tiles; a tile's load or store reads
    one window of the Ref. DMAs are left whole. The tiles:
      - f32, int32 and bool (masks, 0/1 words): `vector<8x128xT>`;
      - bf16: packed `vector<16x128xbf16>`; int8: packed `vector<32x128xi8>`
        (one vreg each, as in VMEM);
      - a 1xC array (a reduction over rows, a broadcast row): C/128 tiles
        `vector<1x128xT>`, the row replicated over the 8 sublanes; an Rx1
        array: R/8 tiles `vector<8x1xT>`; 1x1: one `vector<1x1xT>`. For
        bf16 and int8 these hold f32 (rounded to bf16) and i32 (wrapped to
        8 bits): only whole tiles are packed.
    Arithmetic (arith, math, tessera.logistic/reciprocal) runs on 32-bit
    "units": a packed tile is unpacked (`tessera.unpack`) into 2 (bf16) or
    4 (int8) 8x128 units, computed in f32 or i32, and packed again
    (`tessera.pack`), which rounds to bf16 (wraps to 8 bits) after every op.
    `unpack(pack(a, b), 0)` is emitted as `tessera.round_bf16 a`, so a chain
    of bf16 ops is f32 ops with a rounding after each. extf/truncf and
    extsi/trunci between a storage dtype and its compute dtype are the
    unpack and the pack themselves. A logical right shift of int8 masks the
    widened operand to its low 8 bits first.

    Reductions (`tessera.reduce`): the tiles along the axis are combined
    elementwise in order (t0 op t1 op t2 ...; sum: addf/addi, max:
    maximumf/maxsi, min: minimumf/minsi), then one tile is reduced: 8x128 ->
    1x128 (axis 0) or 8x128 -> 8x1 (axis 1). bf16 (int8) results are rounded
    (wrapped) once, at the end. `tessera.broadcast` becomes one broadcast per
    distinct source tile (1x128, 8x1 or 1x1 -> 8x128; no instruction); a
    scalar's broadcast is one broadcast to the tile type, shared by all tiles.
    `tessera.iota` becomes one 8x128 iota per distinct tile offset
    (`offset` = the tile's first row or column), a constant along a
    dimension of size 1.

    Matrix products (`tessera.dot`, M x K x N): the RHS becomes 128x128
    weight blocks (kb, nb) (`tessera.mxu_weights` of 8 packed bf16 tiles, or
    4 int8 tiles; an f32 RHS is packed in pairs of 8-row tiles, which rounds
    it to bf16; with `transpose_rhs` the tiles are NxK rows pushed
    transposed); the LHS is its 8x128 units (bf16 and int8 unpacked; f32 as
    it is, the MXU rounds on entry). Block order: for nb in 0..N/128, for each
    product term (DEFAULT: one; HIGHEST with f32 operands: the parts
    (a3,b1), (a2,b2), (a1,b3), (a2,b1), (a1,b2), (a1,b1), where an f32 x is
    split into x1 = bf16(x), x2 = bf16(x - x1), x3 = bf16(x - x1 - x2) and a
    bf16 operand has only x1), for kb in 0..K/128. Tile order (what the
    scheduler starts from): the blocks are taken in groups of 4 (one per
    MXU); for each group, its 4 `tessera.mxu_weights`, then for each LHS row
    tile m (in order), one `tessera.mxu_matmul` per block of the group, in
    block order, each added (arith.addf; addi for int8) to the output tile
    (m, nb): acc = first pass ? pass : acc + pass. Every output tile is thus
    summed in term order, then kb order.

    Arrays carried by scf.for (iter_args and results), returned by scf.if
    or passed around an scf.while become one carried value per tile, in
    nested regions too.

    Before:
    ```mlir
    %x = tessera.load %x_vmem : memref<16x128xf32, #vmem> -> vector<16x128xf32>
    %y = arith.mulf %x, %x : vector<16x128xf32>
    %b = tessera.load %b_vmem : memref<16x128xbf16, #vmem> -> vector<16x128xbf16>
    %c = arith.addf %b, %b : vector<16x128xbf16>
    ```
    After:
    ```mlir
    %t0 = tessera.view %x_vmem[0, 0] [8, 128] : ... to memref<8x128xf32, strided<[128, 1]>, #vmem>
    %x0 = tessera.load %t0 : ... -> vector<8x128xf32>
    %t1 = tessera.view %x_vmem[8, 0] [8, 128] : ...
    %x1 = tessera.load %t1 : ... -> vector<8x128xf32>
    %y0 = arith.mulf %x0, %x0 : vector<8x128xf32>
    %y1 = arith.mulf %x1, %x1 : vector<8x128xf32>
    %b = tessera.load %b_vmem : memref<16x128xbf16, #vmem> -> vector<16x128xbf16>
    %lo = tessera.unpack %b {part = 0 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
    %hi = tessera.unpack %b {part = 1 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
    %c0 = arith.addf %lo, %lo : vector<8x128xf32>
    %c1 = arith.addf %hi, %hi : vector<8x128xf32>
    %c = tessera.pack %c0, %c1 : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tessera::TesseraDialect"];
}

def TesseraRematerialize : Pass<"tessera-rematerialize", "func::FuncOp"> {
  let summary = "Loads a tile again where it waits out a reduction of itself";
  let description = [{
    A normalization reads each tile twice: into a reduction (a row's max,
    sum or mean) and, with the reduction's result, to normalize it. Between
    the two reads the tile would hold a vector register through the
    reduction's latency. For each tile-sized value of a block with a user
    that depends, through its other operands, on a `tessera.reduce` that
    depends on the value, the pass gives that user (and the others like it)
    a copy made just before the first of them: a `tessera.load` again when
    nothing in between may write memory, or a cheap elementwise op (float
    or integer add, sub, mul, max, min, neg, select) over such copies (two
    levels deep) and operands it keeps (constants, values from outside the
    block, values several ops read). EUP and MXU results are never
    computed again. Only reductions across the lanes count (one across
    the sublanes is over before a copy would pay), and only in a block
    whose values would hold at least `min-waiting-vregs` registers through
    their own reductions (default 24, three quarters of the register file:
    fewer fit beside the block's other values, and a copy only adds a
    load).

    Before:
    ```mlir
    %x = tessera.load %v : ... -> vector<8x128xf32>
    %r = tessera.reduce %x {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
    %b = tessera.broadcast %r : vector<8x1xf32> -> vector<8x128xf32>
    %d = arith.subf %x, %b : vector<8x128xf32>
    ```
    After:
    ```mlir
    %x = tessera.load %v : ... -> vector<8x128xf32>
    %r = tessera.reduce %x {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
    %b = tessera.broadcast %r : vector<8x1xf32> -> vector<8x128xf32>
    %x2 = tessera.load %v : ... -> vector<8x128xf32>
    %d = arith.subf %x2, %b : vector<8x128xf32>
    ```
  }];
  let options = [
    Option<"minWaitingVRegs", "min-waiting-vregs", "int64_t", /*default=*/"24",
           "The fewest registers a block's values must hold through their own "
           "reductions for any of them to be copied">,
  ];
}

def TesseraReuseLoads : Pass<"tessera-reuse-loads", "func::FuncOp"> {
  let summary = "Reuses loaded and stored tile values instead of loading again";
  let description = [{
    Redundant-load elimination and store-to-load forwarding over Ref
    windows, on tile IR. Walking the kernel forward, the pass remembers which
    windows hold a known value: the result of a load of the window, or the
    value last stored to it. A later load of exactly that window (same root
    Ref, same box, and the same vector type; a run-time offset must be the
    same index value, plus the same constant) is replaced by the value.

    A window is forgotten when anything may write part of it: a store that
    may overlap it, a `tessera.dma_start` or `tessera.dma_wait` whose
    destination may overlap it, or an op whose effects are unknown. While a
    DMA may be writing a window (between its start and its wait) nothing
    loaded from or stored to it is remembered; a DMA completes at its
    `dma_wait` once no other DMA on the same semaphore is unwaited. Distinct
    scratch buffers never alias; HBM inputs and outputs may alias each
    other. The rules are stated in RefAlias.cpp.

    Control flow: the blocks of scf.for, scf.if and scf.while are rewritten
    too. A loop or branch counts, in its enclosing block, as everything its
    regions may read and write (offsets defined inside them may be anywhere
    in their dimension) and as starting the DMAs they may leave running
    (DmaFlow.cpp). A branch and a loop's first iteration know what the
    enclosing block knew; later iterations only what the loop cannot write.
    A load is reused only if that holds in every way its block is entered.

    After an scf.if without an else, a window its then-block leaves holding
    a value defined before the if (or a constant) holds
    `arith.select %cond, %value, %old`, where %old is what was known before
    the if or a load of the window placed right before it; a later load of
    the window becomes the select (`pl::when(k == 0, acc = 0); acc += d`
    then reads acc once, before the branch, and the branch's stores are
    overwritten before anything reads them: tessera-eliminate-dead-stores
    removes them). Only where that pays: the block overwrites the window
    after the if before anything else reads it. In a block with MXU ops, a
    select whose only user is an elementwise op moves below it:
    `select(c, 0, old) + d` becomes `select(c, 0 + d, old + d)`, the same
    ops on the same values (the lowering then fetches old just before the
    add). A load placed before the if runs when
    the branch does not, so it stands in only for loads of the same block
    with nothing in between that may stop the core (a run-time check, a
    loop or a branch).
    Ops that computed the same thing from two loads of one window are then
    the same op (e.g. the bf16 rounding of a reused tile): within a block,
    such ops without memory effects are merged into the first.

    Register pressure: a load stays when the value that would replace it
    would be live where the values of a block fill the 32 vector registers
    (an earlier load's value: VRegPressure.h, which counts them in the order
    the lowering runs the block; a value from outside a loop around the
    load: the loop's carried values and live-ins), or when a stored value
    would be carried past a DMA wait beyond kWaitCarryVRegs.

    Before:
    ```mlir
    %v0 = tessera.view %x_vmem[8, 0] [8, 128] : ...
    %v1 = tessera.view %o_vmem[0, 0] [8, 128] : ...
    %a = tessera.load %v0 : ... -> vector<8x128xf32>
    tessera.store %b, %v1 : ...        // o_vmem: does not overlap %v0
    %c = tessera.load %v0 : ... -> vector<8x128xf32>
    %d = tessera.load %v1 : ... -> vector<8x128xf32>
    %e = arith.addf %c, %d : vector<8x128xf32>
    ```
    After:
    ```mlir
    %v0 = tessera.view %x_vmem[8, 0] [8, 128] : ...
    %v1 = tessera.view %o_vmem[0, 0] [8, 128] : ...
    %a = tessera.load %v0 : ... -> vector<8x128xf32>
    tessera.store %b, %v1 : ...
    %e = arith.addf %a, %b : vector<8x128xf32>
    ```
  }];
}

def TesseraEliminateDeadStores : Pass<"tessera-eliminate-dead-stores", "func::FuncOp"> {
  let summary = "Removes stores that are overwritten or never read";
  let description = [{
    Walking the kernel backward, a `tessera.store` is erased when its whole
    window is overwritten by one later store before anything may read any
    part of it, or when it writes a scratch buffer that nothing reads before
    the kernel ends. Reads are loads that may overlap the window,
    `tessera.dma_start`/`tessera.dma_wait` whose source may overlap it (a DMA
    reads its source at any time until its wait), loops and branches that
    may read it, and ops whose effects are unknown. Stores to the kernel's
    input and output Refs are never dead at the end of the kernel. Tile IR
    stores one tile per op, so a partially overwritten array keeps exactly
    its live tiles.

    Control flow: only the end of the kernel's entry block ends the kernel.
    A branch of an scf.if continues with the rest of its enclosing block: a
    store in it is dead when the branch, and then the enclosing block,
    overwrite it before anything may read it. At the end of a loop body
    (whose next iteration may read what it stored) or a while block
    anything may be read. A loop or branch counts only as reading in its
    enclosing block: its stores may not run, so they overwrite nothing.

    The ops that computed only the erased stores' values and windows (pure
    arithmetic, loads, views) are erased as well.

    Before:
    ```mlir
    %x0 = tessera.load %x_rows_0_8 : ... -> vector<8x128xf32>
    %p0 = arith.mulf %x0, %x0 : vector<8x128xf32>
    tessera.store %p0, %o_rows_0_8 : ...
    tessera.store %x1, %o_rows_0_8 : ...
    tessera.dma_start %o_vmem, %o_hbm, %sem : ...
    tessera.dma_wait %o_vmem, %o_hbm, %sem : ...
    ```
    After:
    ```mlir
    tessera.store %x1, %o_rows_0_8 : ...
    tessera.dma_start %o_vmem, %o_hbm, %sem : ...
    tessera.dma_wait %o_vmem, %o_hbm, %sem : ...
    ```
  }];
}

def TesseraInsertChecks : Pass<"tessera-insert-checks", "func::FuncOp"> {
  let summary = "Inserts Pallas' run-time bounds and semaphore checks";
  let description = [{
    Bounds: before every DMA (inside loops and branches too, where the DMA
    is), a `tessera.bounds_check` of each endpoint; it
    becomes scalar compares of the window against its buffer and a
    predicated `shalt` commented `BoundsCheck failed for dma.<kind>: ...`.
    Semaphores: before the kernel returns, a `tessera.semaphore_check` of
    every DMA semaphore among the scratch arguments (one per element of a
    semaphore array, of any rank); it becomes a
    `dma.fence`, a read of the semaphore and a predicated `shalt` commented
    `Semaphore (scratch argument N) has a nonzero value upon exit from a kernel`.
    Also with bounds checks: a `tessera.check` before every `tessera.multiple_of`
    the compiler cannot prove (`pl::multiple_of(x, 8): x = {0} is not a
    multiple of 8`), and before every SMEM access and semaphore use at a
    run-time index that integer range analysis does not prove in range
    (`index {0} of table is outside [0, 4)`), and before the first vector
    load or store (per block) through a VMEM window whose rows start at a
    run-time row the analysis does not prove inside its Ref (`vst: rows
    [{0}, {1}) of o_block are outside [0, 24)`); the pipeline's own accesses
    (`tessera.compiler_index`, its block slots included) are in range by
    construction.
    `pltpu::CompilerParams{.disable_bounds_checks, .disable_semaphore_checks}`
    turn the two kinds off.

    Before:
    ```mlir
    tessera.dma_start %x_hbm, %x_vmem, %sem : ...
    return
    ```
    After:
    ```mlir
    tessera.bounds_check %x_hbm {dma = "dma.hbm_to_vmem"} : ...
    tessera.bounds_check %x_vmem {dma = "dma.hbm_to_vmem"} : ...
    tessera.dma_start %x_hbm, %x_vmem, %sem : ...
    tessera.semaphore_check %sem {scratch_index = 1 : i64} : ...
    return
    ```
  }];
  let options = [
    Option<"boundsChecks", "bounds", "bool", /*default=*/"true",
           "Check every DMA window against its buffers">,
    Option<"semaphoreChecks", "semaphores", "bool", /*default=*/"true",
           "Check that every DMA semaphore is zero when the kernel exits">
  ];
}

#endif // TESSERA_TESSERAPASSES_TD
