
func.func @dma_source_in_smem(%src: memref<8x128xf32, #tessera.memory_space<smem>>,
                              %dst: memref<8x128xf32, #tessera.memory_space<vmem>>,
                              %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_start' op source must be in HBM or VMEM, not SMEM}}
  tessera.dma_start %src, %dst, %sem : memref<8x128xf32, #tessera.memory_space<smem>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

