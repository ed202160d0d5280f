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
    Leading dimensions are stacked tiles. DMAs are left whole.

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
    windows, on tile IR. A load of a window is replaced by the value that
    the last load of, or store to, the same window produced, when nothing
    that may write the window (an overlapping store, a DMA in flight into
    it) happened in between.

    Before:
    ```mlir
    %a = tessera.load %v0 : ... -> vector<8x128xf32>
    tessera.store %b, %w0 : ...        // a window that does not overlap %v0
    %c = tessera.load %v0 : ... -> vector<8x128xf32>
    ```
    After: `%c` is replaced by `%a`.
  }];
}

def TesseraEliminateDeadStores : Pass<"tessera-eliminate-dead-stores", "func::FuncOp"> {
  let summary = "Removes stores that are overwritten before anything reads them";
  let description = [{
    A store to a window that a later store fully overwrites, with no read of
    the window (a load, a DMA out of it) in between, is removed. The values
    that only fed it become dead and are removed as well.

    Before:
    ```mlir
    tessera.store %a, %v0 : ...
    tessera.store %b, %v0 : ...
    ```
    After: only the second store remains.
  }];
}

#endif // TESSERA_TESSERAPASSES_TD
