
// A semaphore array without a strided layout has no addressable elements.

// expected-error @+1 {{'func.func' op scratch argument 0 is a semaphore array of type 'memref<4x!tessera.dma_semaphore, affine_map<(d0) -> (d0 floordiv 2)>, #tessera.memory_space<semaphore_mem>>' without a strided layout; its semaphores cannot be checked}}
func.func @semaphores_not_strided(%x: memref<8x128xf32, #tessera.memory_space<any>>,
                                  %s: memref<4x!tessera.dma_semaphore, affine_map<(d0) -> (d0 floordiv 2)>, #tessera.memory_space<semaphore_mem>>)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  return
}
