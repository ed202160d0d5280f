//===- TesseraDialect.td - The tessera dialect -------------------*- tablegen -*-===//
//
// The kernel IR of Tessera: Refs are builtin memrefs whose memory space is a
// #tessera.memory_space attribute; values are builtin vectors computed with
// arith; the ops here move data (Ref views, vector loads and stores, DMAs and
// their semaphores).
//
//===----------------------------------------------------------------------===//
#ifndef TESSERA_DIALECT_TD
#define TESSERA_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Tessera_Dialect : Dialect {
  let name = "tessera";
  let cppNamespace = "::mlir::tessera";
  let summary = "Kernels for a TPU v4 TensorCore";
  let description = [{
    Refs (`memref` with a `#tessera.memory_space`) name TensorCore memory:
    HBM (or ANY: wherever the caller's array lives), VMEM, SMEM and
    semaphore memory. Values are `vector`s; reading a VMEM Ref into a value
    is `tessera.load`, writing one back is `tessera.store`. HBM is reached
    only by DMA (`tessera.dma_start` / `tessera.dma_wait`).
  }];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  // Folds of tile ops (round_bf16 of a constant) give arith constants.
  let hasConstantMaterializer = 1;
  // tessera.kernel on a func: every Ref and value in it fits the memory it
  // names (TesseraDialect.cpp), so that no pass meets a size it cannot hold.
  let hasOperationAttrVerify = 1;
  // scf.if results become selects only where a select is cheaper than the
  // branch's moves on this machine (TesseraDialect.cpp).
  let hasCanonicalizer = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect"];
}

class Tessera_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tessera_Dialect, mnemonic, traits>;

#endif // TESSERA_DIALECT_TD
