//===- TesseraOps.td - Ref views, loads, stores, DMAs ------------*- tablegen -*-===//
#ifndef TESSERA_OPS_TD
#define TESSERA_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"
include "TesseraDialect.td"
include "TesseraAttrs.td"

def Tessera_Ref : MemRefOf<[AnyType]>;
def Tessera_SemaphoreRef : MemRefOf<[Tessera_DmaSemaphoreType]>;

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
    every load reads one 8x128 tile and becomes one `vld`.

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
  }];
  let arguments = (ins Arg<Tessera_Ref, "copied from", [MemRead]>:$src,
                       Arg<Tessera_Ref, "copied to", [MemWrite]>:$dst,
                       Arg<Tessera_SemaphoreRef, "signalled", [MemRead, MemWrite]>:$sem);
  let assemblyFormat = [{
    $src `,` $dst `,` $sem attr-dict `:` type($src) `,` type($dst) `,` type($sem)
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

//===----------------------------------------------------------------------===//
// Facts about scalars
//===----------------------------------------------------------------------===//

def Tessera_MultipleOfOp : Tessera_Op<"multiple_of",
    [Pure, AllTypesMatch<["value", "result"]>]> {
  let summary = "Asserts that a scalar is a multiple of a constant (`pl.multiple_of`)";
  let description = [{
    The identity at run time; the compiler may assume `value % multiple == 0`
    (e.g. that a dynamic VMEM row start is tile-aligned).

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
  let arguments = (ins Tessera_SemaphoreRef:$sem, I64Attr:$scratch_index);
  let assemblyFormat = "$sem attr-dict `:` type($sem)";
}

def Tessera_CheckOp : Tessera_Op<"check"> {
  let summary = "Stops the core when a condition does not hold (a run-time check)";
  let description = [{
    When `condition` is false at run time, a predicated `shalt` stops the
    core; `message` becomes the halt's comment, with `{0}`, `{1}`, ... standing
    for the run-time values of `values` (the runtime prints them). The
    pallas_call pipeline uses it to report a revisited output block.

    ```mlir
    tessera.check %fresh, "Revisited block ({0}, {1}) of output 0" [%i, %j : i32, i32]
    ```
  }];
  let arguments = (ins I1:$condition, StrAttr:$message,
                       Variadic<AnyTypeOf<[I32, Index]>>:$values);
  let assemblyFormat = [{
    $condition `,` $message (` ` `[` $values^ `:` type($values) `]`)? attr-dict
  }];
}

#endif // TESSERA_OPS_TD
