//===- Passes.td - Kernel-IR passes of tessera -------------------*- tablegen -*-===//
#ifndef TESSERA_TESSERAPASSES_TD
#define TESSERA_TESSERAPASSES_TD

include "mlir/Pass/PassBase.td"

def TesseraLegalizeTiles : Pass<"tessera-legalize-tiles", "func::FuncOp"> {
  let summary = "Splits array values and VMEM accesses into 8x128 tiles (one vreg each)";
  let description = [{
    Every value whose last two dimensions are multiples of (8, 128) becomes
    one `vector<8x128xT>` per tile, and every load, store and arithmetic op
    on it one op per tile; a tile's load or store reads one window of the Ref.
    Leading dimensions are stacked tiles. DMAs are left whole. Arrays carried
    by scf.for (iter_args and results), returned by scf.if or passed around
    an scf.while become one carried value per tile, in nested regions too.

    Before:
    ```mlir
    %x = tessera.load %x_vmem : memref<16x128xf32, #vmem> -> vector<16x128xf32>
    %y = arith.mulf %x, %x : vector<16x128xf32>
    ```
    After:
    ```mlir
    %t0 = tessera.view %x_vmem[0, 0] [8, 128] : ... to memref<8x128xf32, strided<[128, 1]>, #vmem>
    %x0 = tessera.load %t0 : ... -> vector<8x128xf32>
    %t1 = tessera.view %x_vmem[8, 0] [8, 128] : ...
    %x1 = tessera.load %t1 : ... -> vector<8x128xf32>
    %y0 = arith.mulf %x0, %x0 : vector<8x128xf32>
    %y1 = arith.mulf %x1, %x1 : vector<8x128xf32>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
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

    Control flow: only the end of the kernel's entry block ends the kernel;
    at the end of a branch or loop body (whose next iteration may read what
    it stored) anything may be read. A loop or branch counts only as reading
    in its enclosing block: its stores may not run, so they overwrite
    nothing.

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
