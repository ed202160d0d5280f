module {
  func.func @block_accumulate(%arg0: memref<1024x512xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<256x512xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg2: memref<256x256xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg3: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg4: memref<256x256xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg5: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg6: memref<4xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c3 = arith.constant 3 : index
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %cst = arith.constant dense<0.000000e+00> : vector<8x128xf32>
    %c15_i32 = arith.constant 15 : i32
    %c8_i32 = arith.constant 8 : i32
    %c16_i32 = arith.constant 16 : i32
    %c4_i32 = arith.constant 4 : i32
    %c256_i32 = arith.constant 256 : i32
    %c128_i32 = arith.constant 128 : i32
    %c2_i32 = arith.constant 2 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %0 = tessera.view %arg3 [%c0] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %1 = tessera.multiple_of %c0_i32, 128 : i32
    %2 = arith.index_cast %1 : i32 to index
    %3 = tessera.multiple_of %c0_i32, 256 : i32
    %4 = arith.index_cast %3 : i32 to index
    %5 = tessera.view %arg0 [%2, %4] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
    %6 = tessera.multiple_of %c0_i32, 128 : i32
    %7 = arith.index_cast %6 : i32 to index
    %8 = tessera.view %arg2 [%7, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %5, %8, %0 {tessera.block_index} : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    tessera.store_scalar %c0_i32, %arg6[%c0] {tessera.compiler_index} : i32, memref<4xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg6[%c1] {tessera.compiler_index} : i32, memref<4xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg6[%c2] {tessera.compiler_index} : i32, memref<4xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg6[%c3] {tessera.compiler_index} : i32, memref<4xi32, #tessera.memory_space<smem>>
    %9 = tessera.view %arg3 [%c1] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %10 = tessera.multiple_of %c256_i32, 128 : i32
    %11 = arith.index_cast %10 : i32 to index
    %12 = tessera.multiple_of %c0_i32, 256 : i32
    %13 = arith.index_cast %12 : i32 to index
    %14 = tessera.view %arg0 [%11, %13] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
    %15 = tessera.multiple_of %c128_i32, 128 : i32
    %16 = arith.index_cast %15 : i32 to index
    %17 = tessera.view %arg2 [%16, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %14, %17, %9 {tessera.block_index} : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %18 = tessera.view %arg3 [%c0] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %19 = tessera.multiple_of %c0_i32, 128 : i32
    %20 = arith.index_cast %19 : i32 to index
    %21 = tessera.multiple_of %c0_i32, 256 : i32
    %22 = arith.index_cast %21 : i32 to index
    %23 = tessera.view %arg0 [%20, %22] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
    %24 = tessera.multiple_of %c0_i32, 128 : i32
    %25 = arith.index_cast %24 : i32 to index
    %26 = tessera.view %arg2 [%25, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_wait %23, %26, %18 {tessera.block_index} : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %27:8 = scf.for %arg7 = %c0_i32 to %c16_i32 step %c1_i32 iter_args(%arg8 = %c0_i32, %arg9 = %c0_i32, %arg10 = %c0_i32, %arg11 = %c0_i32, %arg12 = %c0_i32, %arg13 = %c0_i32, %arg14 = %c0_i32, %arg15 = %c0_i32) -> (i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %31 = arith.index_cast %arg11 : i32 to index
      %32 = arith.remsi %arg7, %c4_i32 : i32
      %33 = arith.cmpi slt, %arg7, %c15_i32 : i32
      %34 = arith.addi %arg7, %c1_i32 : i32
      %35 = arith.cmpi slt, %34, %c16_i32 : i32
      %36:4 = scf.if %35 -> (i32, i32, i32, i32) {
        %270 = arith.remsi %34, %c4_i32 : i32
        %271 = arith.divsi %34, %c4_i32 : i32
        %272 = arith.remsi %271, %c2_i32 : i32
        %273 = arith.divsi %34, %c8_i32 : i32
        %274 = arith.muli %270, %c2_i32 : i32
        %275 = arith.addi %274, %273 : i32
        scf.yield %275, %272, %273, %272 : i32, i32, i32, i32
      } else {
        scf.yield %arg9, %arg10, %arg12, %arg13 : i32, i32, i32, i32
      }
      %37 = arith.cmpi ne, %arg14, %c0_i32 : i32
      scf.if %37 {
        %270 = tessera.view %arg5 [%31] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %271 = arith.muli %arg12, %c128_i32 : i32
        %272 = tessera.multiple_of %271, 128 : i32
        %273 = arith.index_cast %272 : i32 to index
        %274 = arith.muli %arg13, %c256_i32 : i32
        %275 = tessera.multiple_of %274, 256 : i32
        %276 = arith.index_cast %275 : i32 to index
        %277 = tessera.view %arg1 [%273, %276] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %278 = arith.muli %arg11, %c128_i32 : i32
        %279 = tessera.multiple_of %278, 128 : i32
        %280 = arith.index_cast %279 : i32 to index
        %281 = tessera.view %arg4 [%280, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %281, %277, %270 {tessera.block_index} : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %38 = arith.muli %arg8, %c128_i32 : i32
      %39 = tessera.multiple_of %38, 128 : i32
      %40 = arith.index_cast %39 : i32 to index
      %41 = tessera.view %arg2 [%40, 0] [128, 256] {tessera.compiler_index} : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %42 = arith.muli %arg11, %c128_i32 : i32
      %43 = tessera.multiple_of %42, 128 : i32
      %44 = arith.index_cast %43 : i32 to index
      %45 = tessera.view %arg4 [%44, 0] [128, 256] {tessera.compiler_index} : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %46 = arith.cmpi eq, %32, %c0_i32 : i32
      scf.if %46 {
        %270 = tessera.view %45 [0, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %270 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %271 = tessera.view %45 [0, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %271 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %272 = tessera.view %45 [8, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %272 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %273 = tessera.view %45 [8, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %273 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %274 = tessera.view %45 [16, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %274 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %275 = tessera.view %45 [16, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %275 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %276 = tessera.view %45 [24, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %276 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %277 = tessera.view %45 [24, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %277 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %278 = tessera.view %45 [32, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %278 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %279 = tessera.view %45 [32, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %279 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %280 = tessera.view %45 [40, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %280 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %281 = tessera.view %45 [40, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %281 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %282 = tessera.view %45 [48, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %282 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %283 = tessera.view %45 [48, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %283 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %284 = tessera.view %45 [56, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %284 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %285 = tessera.view %45 [56, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %285 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %286 = tessera.view %45 [64, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %286 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %287 = tessera.view %45 [64, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %287 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %288 = tessera.view %45 [72, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %288 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %289 = tessera.view %45 [72, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %289 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %290 = tessera.view %45 [80, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %290 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %291 = tessera.view %45 [80, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %291 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %292 = tessera.view %45 [88, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %292 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %293 = tessera.view %45 [88, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %293 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %294 = tessera.view %45 [96, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %294 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %295 = tessera.view %45 [96, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %295 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %296 = tessera.view %45 [104, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %296 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %297 = tessera.view %45 [104, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %297 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %298 = tessera.view %45 [112, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %298 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %299 = tessera.view %45 [112, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %299 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %300 = tessera.view %45 [120, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %300 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %301 = tessera.view %45 [120, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %301 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      }
      %47 = tessera.view %45 [0, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %48 = tessera.load %47 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %49 = tessera.view %45 [0, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %50 = tessera.load %49 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %51 = tessera.view %45 [8, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %52 = tessera.load %51 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %53 = tessera.view %45 [8, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %54 = tessera.load %53 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %55 = tessera.view %45 [16, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %56 = tessera.load %55 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %57 = tessera.view %45 [16, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %58 = tessera.load %57 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %59 = tessera.view %45 [24, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %60 = tessera.load %59 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %61 = tessera.view %45 [24, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %62 = tessera.load %61 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %63 = tessera.view %45 [32, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %64 = tessera.load %63 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %65 = tessera.view %45 [32, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %66 = tessera.load %65 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %67 = tessera.view %45 [40, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %68 = tessera.load %67 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %69 = tessera.view %45 [40, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %70 = tessera.load %69 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %71 = tessera.view %45 [48, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %72 = tessera.load %71 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %73 = tessera.view %45 [48, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %74 = tessera.load %73 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %75 = tessera.view %45 [56, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %76 = tessera.load %75 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %77 = tessera.view %45 [56, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %78 = tessera.load %77 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %79 = tessera.view %45 [64, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %80 = tessera.load %79 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %81 = tessera.view %45 [64, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %82 = tessera.load %81 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %83 = tessera.view %45 [72, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %84 = tessera.load %83 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %85 = tessera.view %45 [72, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %86 = tessera.load %85 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %87 = tessera.view %45 [80, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %88 = tessera.load %87 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %89 = tessera.view %45 [80, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %90 = tessera.load %89 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %91 = tessera.view %45 [88, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %92 = tessera.load %91 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %93 = tessera.view %45 [88, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %94 = tessera.load %93 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %95 = tessera.view %45 [96, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %96 = tessera.load %95 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %97 = tessera.view %45 [96, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %98 = tessera.load %97 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %99 = tessera.view %45 [104, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %100 = tessera.load %99 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %101 = tessera.view %45 [104, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %102 = tessera.load %101 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %103 = tessera.view %45 [112, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %104 = tessera.load %103 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %105 = tessera.view %45 [112, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %106 = tessera.load %105 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %107 = tessera.view %45 [120, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %108 = tessera.load %107 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %109 = tessera.view %45 [120, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %110 = tessera.load %109 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %111 = tessera.view %41 [0, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %112 = tessera.load %111 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %113 = tessera.view %41 [0, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %114 = tessera.load %113 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %115 = tessera.view %41 [8, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %116 = tessera.load %115 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %117 = tessera.view %41 [8, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %118 = tessera.load %117 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %119 = tessera.view %41 [16, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %120 = tessera.load %119 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %121 = tessera.view %41 [16, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %122 = tessera.load %121 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %123 = tessera.view %41 [24, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %124 = tessera.load %123 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %125 = tessera.view %41 [24, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %126 = tessera.load %125 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %127 = tessera.view %41 [32, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %128 = tessera.load %127 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %129 = tessera.view %41 [32, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %130 = tessera.load %129 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %131 = tessera.view %41 [40, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %132 = tessera.load %131 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %133 = tessera.view %41 [40, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %134 = tessera.load %133 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %135 = tessera.view %41 [48, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %136 = tessera.load %135 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %137 = tessera.view %41 [48, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %138 = tessera.load %137 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %139 = tessera.view %41 [56, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %140 = tessera.load %139 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %141 = tessera.view %41 [56, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %142 = tessera.load %141 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %143 = tessera.view %41 [64, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %144 = tessera.load %143 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %145 = tessera.view %41 [64, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %146 = tessera.load %145 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %147 = tessera.view %41 [72, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %148 = tessera.load %147 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %149 = tessera.view %41 [72, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %150 = tessera.load %149 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %151 = tessera.view %41 [80, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %152 = tessera.load %151 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %153 = tessera.view %41 [80, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %154 = tessera.load %153 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %155 = tessera.view %41 [88, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %156 = tessera.load %155 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %157 = tessera.view %41 [88, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %158 = tessera.load %157 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %159 = tessera.view %41 [96, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %160 = tessera.load %159 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %161 = tessera.view %41 [96, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %162 = tessera.load %161 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %163 = tessera.view %41 [104, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %164 = tessera.load %163 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %165 = tessera.view %41 [104, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %166 = tessera.load %165 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %167 = tessera.view %41 [112, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %168 = tessera.load %167 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %169 = tessera.view %41 [112, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %170 = tessera.load %169 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %171 = tessera.view %41 [120, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %172 = tessera.load %171 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %173 = tessera.view %41 [120, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %174 = tessera.load %173 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %175 = arith.addf %48, %112 : vector<8x128xf32>
      %176 = arith.addf %50, %114 : vector<8x128xf32>
      %177 = arith.addf %52, %116 : vector<8x128xf32>
      %178 = arith.addf %54, %118 : vector<8x128xf32>
      %179 = arith.addf %56, %120 : vector<8x128xf32>
      %180 = arith.addf %58, %122 : vector<8x128xf32>
      %181 = arith.addf %60, %124 : vector<8x128xf32>
      %182 = arith.addf %62, %126 : vector<8x128xf32>
      %183 = arith.addf %64, %128 : vector<8x128xf32>
      %184 = arith.addf %66, %130 : vector<8x128xf32>
      %185 = arith.addf %68, %132 : vector<8x128xf32>
      %186 = arith.addf %70, %134 : vector<8x128xf32>
      %187 = arith.addf %72, %136 : vector<8x128xf32>
      %188 = arith.addf %74, %138 : vector<8x128xf32>
      %189 = arith.addf %76, %140 : vector<8x128xf32>
      %190 = arith.addf %78, %142 : vector<8x128xf32>
      %191 = arith.addf %80, %144 : vector<8x128xf32>
      %192 = arith.addf %82, %146 : vector<8x128xf32>
      %193 = arith.addf %84, %148 : vector<8x128xf32>
      %194 = arith.addf %86, %150 : vector<8x128xf32>
      %195 = arith.addf %88, %152 : vector<8x128xf32>
      %196 = arith.addf %90, %154 : vector<8x128xf32>
      %197 = arith.addf %92, %156 : vector<8x128xf32>
      %198 = arith.addf %94, %158 : vector<8x128xf32>
      %199 = arith.addf %96, %160 : vector<8x128xf32>
      %200 = arith.addf %98, %162 : vector<8x128xf32>
      %201 = arith.addf %100, %164 : vector<8x128xf32>
      %202 = arith.addf %102, %166 : vector<8x128xf32>
      %203 = arith.addf %104, %168 : vector<8x128xf32>
      %204 = arith.addf %106, %170 : vector<8x128xf32>
      %205 = arith.addf %108, %172 : vector<8x128xf32>
      %206 = arith.addf %110, %174 : vector<8x128xf32>
      %207 = tessera.view %45 [0, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %175, %207 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %208 = tessera.view %45 [0, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %176, %208 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %209 = tessera.view %45 [8, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %177, %209 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %210 = tessera.view %45 [8, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %178, %210 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %211 = tessera.view %45 [16, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %179, %211 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %212 = tessera.view %45 [16, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %180, %212 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %213 = tessera.view %45 [24, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %181, %213 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %214 = tessera.view %45 [24, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %182, %214 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %215 = tessera.view %45 [32, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %183, %215 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %216 = tessera.view %45 [32, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %184, %216 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %217 = tessera.view %45 [40, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %185, %217 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %218 = tessera.view %45 [40, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %186, %218 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %219 = tessera.view %45 [48, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %187, %219 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %220 = tessera.view %45 [48, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %188, %220 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %221 = tessera.view %45 [56, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %189, %221 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %222 = tessera.view %45 [56, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %190, %222 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %223 = tessera.view %45 [64, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %191, %223 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %224 = tessera.view %45 [64, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %192, %224 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %225 = tessera.view %45 [72, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %193, %225 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %226 = tessera.view %45 [72, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %194, %226 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %227 = tessera.view %45 [80, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %195, %227 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %228 = tessera.view %45 [80, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %196, %228 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %229 = tessera.view %45 [88, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %197, %229 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %230 = tessera.view %45 [88, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %198, %230 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %231 = tessera.view %45 [96, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %199, %231 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %232 = tessera.view %45 [96, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %200, %232 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %233 = tessera.view %45 [104, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %201, %233 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %234 = tessera.view %45 [104, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %202, %234 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %235 = tessera.view %45 [112, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %203, %235 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %236 = tessera.view %45 [112, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %204, %236 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %237 = tessera.view %45 [120, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %205, %237 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %238 = tessera.view %45 [120, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %206, %238 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %239 = arith.cmpi ne, %36#0, %arg9 : i32
      %240 = arith.cmpi ne, %36#1, %arg10 : i32
      %241 = arith.ori %239, %240 : i1
      %242 = arith.andi %33, %241 : i1
      %243 = arith.subi %c1_i32, %arg8 : i32
      %244 = arith.select %242, %243, %arg8 : i32
      %245 = arith.index_cast %244 : i32 to index
      %246 = arith.select %242, %36#0, %arg9 : i32
      %247 = arith.select %242, %36#1, %arg10 : i32
      %248 = arith.addi %arg7, %c1_i32 : i32
      %249 = arith.addi %arg7, %c2_i32 : i32
      %250 = arith.cmpi slt, %249, %c16_i32 : i32
      %251:2 = scf.if %250 -> (i32, i32) {
        %270 = arith.remsi %249, %c4_i32 : i32
        %271 = arith.divsi %249, %c4_i32 : i32
        %272 = arith.remsi %271, %c2_i32 : i32
        %273 = arith.divsi %249, %c8_i32 : i32
        %274 = arith.muli %270, %c2_i32 : i32
        %275 = arith.addi %274, %273 : i32
        scf.yield %275, %272 : i32, i32
      } else {
        scf.yield %246, %247 : i32, i32
      }
      %252 = arith.cmpi slt, %248, %c15_i32 : i32
      %253 = arith.cmpi ne, %251#0, %246 : i32
      %254 = arith.cmpi ne, %251#1, %247 : i32
      %255 = arith.ori %253, %254 : i1
      %256 = arith.andi %252, %255 : i1
      %257 = arith.subi %c1_i32, %244 : i32
      %258 = arith.index_cast %257 : i32 to index
      scf.if %256 {
        %270 = tessera.view %arg3 [%258] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %271 = arith.muli %251#0, %c128_i32 : i32
        %272 = tessera.multiple_of %271, 128 : i32
        %273 = arith.index_cast %272 : i32 to index
        %274 = arith.muli %251#1, %c256_i32 : i32
        %275 = tessera.multiple_of %274, 256 : i32
        %276 = arith.index_cast %275 : i32 to index
        %277 = tessera.view %arg0 [%273, %276] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %278 = arith.muli %257, %c128_i32 : i32
        %279 = tessera.multiple_of %278, 128 : i32
        %280 = arith.index_cast %279 : i32 to index
        %281 = tessera.view %arg2 [%280, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %277, %281, %270 {tessera.block_index} : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %259 = arith.cmpi sge, %arg7, %c15_i32 : i32
      %260 = arith.cmpi ne, %36#2, %arg12 : i32
      %261 = arith.cmpi ne, %36#3, %arg13 : i32
      %262 = arith.ori %260, %261 : i1
      %263 = arith.ori %259, %262 : i1
      scf.if %263 {
        %270 = arith.muli %arg12, %c2_i32 : i32
        %271 = arith.addi %270, %arg13 : i32
        %272 = arith.index_cast %271 : i32 to index
        %273 = tessera.load_scalar %arg6[%272] {tessera.compiler_index} : memref<4xi32, #tessera.memory_space<smem>> -> i32
        %274 = arith.cmpi eq, %273, %c0_i32 : i32
        tessera.check %274, "Revisited block ({0}, {1}) of out_specs[0] 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg12, %arg13 : i32, i32]
        tessera.store_scalar %c1_i32, %arg6[%272] {tessera.compiler_index} : i32, memref<4xi32, #tessera.memory_space<smem>>
        %275 = tessera.view %arg5 [%31] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %276 = arith.muli %arg12, %c128_i32 : i32
        %277 = tessera.multiple_of %276, 128 : i32
        %278 = arith.index_cast %277 : i32 to index
        %279 = arith.muli %arg13, %c256_i32 : i32
        %280 = tessera.multiple_of %279, 256 : i32
        %281 = arith.index_cast %280 : i32 to index
        %282 = tessera.view %arg1 [%278, %281] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %283 = arith.muli %arg11, %c128_i32 : i32
        %284 = tessera.multiple_of %283, 128 : i32
        %285 = arith.index_cast %284 : i32 to index
        %286 = tessera.view %arg4 [%285, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %286, %282, %275 if %259 {pieces = 8 : i64, tessera.block_index} : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %264 = arith.subi %c1_i32, %arg11 : i32
      %265 = arith.select %263, %264, %arg11 : i32
      %266 = arith.select %263, %arg15, %c0_i32 : i32
      %267 = arith.select %263, %c1_i32, %arg15 : i32
      %268 = arith.select %263, %36#2, %arg12 : i32
      %269 = arith.select %263, %36#3, %arg13 : i32
      scf.if %242 {
        %270 = tessera.view %arg3 [%245] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %271 = arith.muli %246, %c128_i32 : i32
        %272 = tessera.multiple_of %271, 128 : i32
        %273 = arith.index_cast %272 : i32 to index
        %274 = arith.muli %247, %c256_i32 : i32
        %275 = tessera.multiple_of %274, 256 : i32
        %276 = arith.index_cast %275 : i32 to index
        %277 = tessera.view %arg0 [%273, %276] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %278 = arith.muli %244, %c128_i32 : i32
        %279 = tessera.multiple_of %278, 128 : i32
        %280 = arith.index_cast %279 : i32 to index
        %281 = tessera.view %arg2 [%280, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %277, %281, %270 {tessera.block_index} : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      scf.yield %244, %246, %247, %265, %268, %269, %266, %267 : i32, i32, i32, i32, i32, i32, i32, i32
    } {tessera.grid_loop}
    %28 = arith.index_cast %27#3 : i32 to index
    %29 = arith.cmpi ne, %27#6, %c0_i32 : i32
    scf.if %29 {
      %31 = tessera.view %arg5 [%28] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %32 = arith.muli %27#4, %c128_i32 : i32
      %33 = tessera.multiple_of %32, 128 : i32
      %34 = arith.index_cast %33 : i32 to index
      %35 = arith.muli %27#5, %c256_i32 : i32
      %36 = tessera.multiple_of %35, 256 : i32
      %37 = arith.index_cast %36 : i32 to index
      %38 = tessera.view %arg1 [%34, %37] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
      %39 = arith.muli %27#3, %c128_i32 : i32
      %40 = tessera.multiple_of %39, 128 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg4 [%41, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %42, %38, %31 {tessera.block_index} : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    %30 = arith.cmpi ne, %27#7, %c0_i32 : i32
    scf.if %30 {
      %31 = arith.subi %c1_i32, %27#3 : i32
      %32 = arith.index_cast %31 : i32 to index
      %33 = tessera.view %arg5 [%32] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %34 = arith.muli %27#4, %c128_i32 : i32
      %35 = tessera.multiple_of %34, 128 : i32
      %36 = arith.index_cast %35 : i32 to index
      %37 = arith.muli %27#5, %c256_i32 : i32
      %38 = tessera.multiple_of %37, 256 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg1 [%36, %39] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
      %41 = arith.muli %31, %c128_i32 : i32
      %42 = tessera.multiple_of %41, 128 : i32
      %43 = arith.index_cast %42 : i32 to index
      %44 = tessera.view %arg4 [%43, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %44, %40, %33 {tessera.block_index} : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    return
  }
}
