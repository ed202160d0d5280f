
func.func @dma_destination_in_smem(%src: memref<8x128xf32, #tessera.memory_space<any>>,
                                   %dst: memref<8x128xf32, #tessera.memory_space<smem>>,
                                   %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_wait' op destination must be in HBM or VMEM, not SMEM}}
  tessera.dma_wait %src, %dst, %sem : memref<8x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<smem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

