//===- TesseraAttrs.td - Memory spaces and the semaphore type ----*- tablegen -*-===//
#ifndef TESSERA_ATTRS_TD
#define TESSERA_ATTRS_TD

include "mlir/IR/EnumAttr.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "TesseraDialect.td"

def Tessera_MemorySpaceEnum : I32EnumAttr<"MemorySpace",
    "where a Ref's memory lives", [
      I32EnumAttrCase<"any", 0>,
      I32EnumAttrCase<"hbm", 1>,
      I32EnumAttrCase<"vmem", 2>,
      I32EnumAttrCase<"smem", 3>,
      I32EnumAttrCase<"semaphore_mem", 4>
    ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::tessera";
}

def Tessera_MemorySpaceAttr : EnumAttr<Tessera_Dialect, Tessera_MemorySpaceEnum,
                                       "memory_space"> {
  let summary = "The memory a Ref points into";
  let description = [{
    `any` is Pallas' ANY: the Ref stays wherever the caller's array lives
    (HBM for every array in this model). Example:
    `memref<8x128xf32, #tessera.memory_space<vmem>>`.
  }];
  let assemblyFormat = "`<` $value `>`";
}

def Tessera_DmaSemaphoreType : TypeDef<Tessera_Dialect, "DmaSemaphore",
    [MemRefElementTypeInterface]> {
  let mnemonic = "dma_semaphore";
  let summary = "A DMA semaphore: a counter that DMAs add their bytes to";
  let description = [{
    Semaphores live in semaphore memory and are used through Refs:
    `memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>`
    for one, `memref<2x!tessera.dma_semaphore, ...>` for an array.
  }];
}

def Tessera_SemaphoreType : TypeDef<Tessera_Dialect, "Semaphore",
    [MemRefElementTypeInterface]> {
  let mnemonic = "semaphore";
  let summary = "A REGULAR or BARRIER semaphore: a counter kernels signal and wait on";
  let description = [{
    Pallas' `pltpu.SemaphoreType.REGULAR` and `.BARRIER`: the same hardware
    counters as DMA semaphores, counted in signals instead of bytes.
    `tessera.semaphore_signal` adds to one (of this core or the other core
    of the chip), `tessera.semaphore_wait` waits until it reaches a value
    and takes the value off, `tessera.semaphore_read` reads it:
    `memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>`, or
    `memref<4x!tessera.semaphore, ...>` for an array.
  }];
}

def Tessera_MxuWeightsType : TypeDef<Tessera_Dialect, "MxuWeights"> {
  let mnemonic = "mxu_weights";
  let summary = "A 128x128 block of matrix-unit weights (bf16 or int8)";
  let description = [{
    The result of `tessera.mxu_weights`: the weights one MXU holds while
    `tessera.mxu_matmul` streams LHS row tiles through it. Whether they are
    bf16 or int8 is said by the tiles that built them. Instruction selection
    turns the value into pushes and a latch on one of the four MXUs.
  }];
  let builderCall = "$_builder.getType<::mlir::tessera::MxuWeightsType>()";
}

#endif // TESSERA_ATTRS_TD
