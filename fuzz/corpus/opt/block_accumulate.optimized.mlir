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
      %35 = arith.index_cast %arg11 : i32 to index
      %36 = arith.remsi %arg7, %c4_i32 : i32
      %37 = arith.cmpi slt, %arg7, %c15_i32 : i32
      %38 = arith.addi %arg7, %c1_i32 : i32
      %39 = arith.cmpi slt, %38, %c16_i32 : i32
      %40:4 = scf.if %39 -> (i32, i32, i32, i32) {
        %274 = arith.remsi %38, %c4_i32 : i32
        %275 = arith.divsi %38, %c4_i32 : i32
        %276 = arith.remsi %275, %c2_i32 : i32
        %277 = arith.divsi %38, %c8_i32 : i32
        %278 = arith.muli %274, %c2_i32 : i32
        %279 = arith.addi %278, %277 : i32
        scf.yield %279, %276, %277, %276 : i32, i32, i32, i32
      } else {
        scf.yield %arg9, %arg10, %arg12, %arg13 : i32, i32, i32, i32
      }
      %41 = arith.cmpi ne, %arg14, %c0_i32 : i32
      scf.if %41 {
        %274 = tessera.view %arg5 [%35] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %275 = arith.muli %arg12, %c128_i32 : i32
        %276 = tessera.multiple_of %275, 128 : i32
        %277 = arith.index_cast %276 : i32 to index
        %278 = arith.muli %arg13, %c256_i32 : i32
        %279 = tessera.multiple_of %278, 256 : i32
        %280 = arith.index_cast %279 : i32 to index
        %281 = tessera.view %arg1 [%277, %280] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %282 = arith.muli %arg11, %c128_i32 : i32
        %283 = tessera.multiple_of %282, 128 : i32
        %284 = arith.index_cast %283 : i32 to index
        %285 = tessera.view %arg4 [%284, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %285, %281, %274 {tessera.block_index} : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %42 = arith.muli %arg8, %c128_i32 : i32
      %43 = tessera.multiple_of %42, 128 : i32
      %44 = arith.index_cast %43 : i32 to index
      %45 = tessera.view %arg2 [%44, 0] [128, 256] {tessera.compiler_index} : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %46 = arith.muli %arg11, %c128_i32 : i32
      %47 = tessera.multiple_of %46, 128 : i32
      %48 = arith.index_cast %47 : i32 to index
      %49 = tessera.view %arg4 [%48, 0] [128, 256] {tessera.compiler_index} : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %50 = arith.cmpi eq, %36, %c0_i32 : i32
      scf.if %50 {
        %274 = tessera.view %49 [0, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %274 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %275 = tessera.view %49 [0, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %275 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %276 = tessera.view %49 [8, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %276 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %277 = tessera.view %49 [8, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %277 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %278 = tessera.view %49 [16, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %278 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %279 = tessera.view %49 [16, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %279 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %280 = tessera.view %49 [24, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %280 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %281 = tessera.view %49 [24, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %281 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %282 = tessera.view %49 [32, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %282 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %283 = tessera.view %49 [32, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %283 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %284 = tessera.view %49 [40, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %284 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %285 = tessera.view %49 [40, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %285 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %286 = tessera.view %49 [48, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %286 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %287 = tessera.view %49 [48, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %287 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %288 = tessera.view %49 [56, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %288 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %289 = tessera.view %49 [56, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %289 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %290 = tessera.view %49 [64, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %290 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %291 = tessera.view %49 [64, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %291 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %292 = tessera.view %49 [72, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %292 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %293 = tessera.view %49 [72, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %293 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %294 = tessera.view %49 [80, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %294 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %295 = tessera.view %49 [80, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %295 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %296 = tessera.view %49 [88, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %296 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %297 = tessera.view %49 [88, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %297 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %298 = tessera.view %49 [96, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %298 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %299 = tessera.view %49 [96, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %299 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %300 = tessera.view %49 [104, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %300 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %301 = tessera.view %49 [104, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %301 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %302 = tessera.view %49 [112, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %302 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %303 = tessera.view %49 [112, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %303 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %304 = tessera.view %49 [120, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %304 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %305 = tessera.view %49 [120, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %305 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      }
      %51 = tessera.view %49 [0, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %52 = tessera.load %51 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %53 = tessera.view %49 [0, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %54 = tessera.load %53 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %55 = tessera.view %49 [8, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %56 = tessera.load %55 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %57 = tessera.view %49 [8, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %58 = tessera.load %57 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %59 = tessera.view %49 [16, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %60 = tessera.load %59 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %61 = tessera.view %49 [16, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %62 = tessera.load %61 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %63 = tessera.view %49 [24, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %64 = tessera.load %63 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %65 = tessera.view %49 [24, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %66 = tessera.load %65 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %67 = tessera.view %49 [32, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %68 = tessera.load %67 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %69 = tessera.view %49 [32, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %70 = tessera.load %69 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %71 = tessera.view %49 [40, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %72 = tessera.load %71 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %73 = tessera.view %49 [40, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %74 = tessera.load %73 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %75 = tessera.view %49 [48, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %76 = tessera.load %75 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %77 = tessera.view %49 [48, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %78 = tessera.load %77 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %79 = tessera.view %49 [56, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %80 = tessera.load %79 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %81 = tessera.view %49 [56, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %82 = tessera.load %81 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %83 = tessera.view %49 [64, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %84 = tessera.load %83 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %85 = tessera.view %49 [64, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %86 = tessera.load %85 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %87 = tessera.view %49 [72, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %88 = tessera.load %87 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %89 = tessera.view %49 [72, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %90 = tessera.load %89 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %91 = tessera.view %49 [80, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %92 = tessera.load %91 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %93 = tessera.view %49 [80, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %94 = tessera.load %93 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %95 = tessera.view %49 [88, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %96 = tessera.load %95 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %97 = tessera.view %49 [88, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %98 = tessera.load %97 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %99 = tessera.view %49 [96, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %100 = tessera.load %99 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %101 = tessera.view %49 [96, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %102 = tessera.load %101 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %103 = tessera.view %49 [104, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %104 = tessera.load %103 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %105 = tessera.view %49 [104, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %106 = tessera.load %105 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %107 = tessera.view %49 [112, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %108 = tessera.load %107 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %109 = tessera.view %49 [112, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %110 = tessera.load %109 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %111 = tessera.view %49 [120, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %112 = tessera.load %111 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %113 = tessera.view %49 [120, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %114 = tessera.load %113 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %115 = tessera.view %45 [0, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %116 = tessera.load %115 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %117 = tessera.view %45 [0, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %118 = tessera.load %117 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %119 = tessera.view %45 [8, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %120 = tessera.load %119 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %121 = tessera.view %45 [8, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %122 = tessera.load %121 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %123 = tessera.view %45 [16, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %124 = tessera.load %123 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %125 = tessera.view %45 [16, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %126 = tessera.load %125 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %127 = tessera.view %45 [24, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %128 = tessera.load %127 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %129 = tessera.view %45 [24, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %130 = tessera.load %129 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %131 = tessera.view %45 [32, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %132 = tessera.load %131 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %133 = tessera.view %45 [32, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %134 = tessera.load %133 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %135 = tessera.view %45 [40, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %136 = tessera.load %135 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %137 = tessera.view %45 [40, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %138 = tessera.load %137 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %139 = tessera.view %45 [48, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %140 = tessera.load %139 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %141 = tessera.view %45 [48, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %142 = tessera.load %141 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %143 = tessera.view %45 [56, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %144 = tessera.load %143 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %145 = tessera.view %45 [56, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %146 = tessera.load %145 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %147 = tessera.view %45 [64, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %148 = tessera.load %147 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %149 = tessera.view %45 [64, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %150 = tessera.load %149 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %151 = tessera.view %45 [72, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %152 = tessera.load %151 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %153 = tessera.view %45 [72, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %154 = tessera.load %153 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %155 = tessera.view %45 [80, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %156 = tessera.load %155 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %157 = tessera.view %45 [80, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %158 = tessera.load %157 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %159 = tessera.view %45 [88, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %160 = tessera.load %159 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %161 = tessera.view %45 [88, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %162 = tessera.load %161 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %163 = tessera.view %45 [96, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %164 = tessera.load %163 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %165 = tessera.view %45 [96, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %166 = tessera.load %165 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %167 = tessera.view %45 [104, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %168 = tessera.load %167 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %169 = tessera.view %45 [104, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %170 = tessera.load %169 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %171 = tessera.view %45 [112, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %172 = tessera.load %171 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %173 = tessera.view %45 [112, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %174 = tessera.load %173 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %175 = tessera.view %45 [120, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %176 = tessera.load %175 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %177 = tessera.view %45 [120, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %178 = tessera.load %177 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %179 = arith.addf %52, %116 : vector<8x128xf32>
      %180 = arith.addf %54, %118 : vector<8x128xf32>
      %181 = arith.addf %56, %120 : vector<8x128xf32>
      %182 = arith.addf %58, %122 : vector<8x128xf32>
      %183 = arith.addf %60, %124 : vector<8x128xf32>
      %184 = arith.addf %62, %126 : vector<8x128xf32>
      %185 = arith.addf %64, %128 : vector<8x128xf32>
      %186 = arith.addf %66, %130 : vector<8x128xf32>
      %187 = arith.addf %68, %132 : vector<8x128xf32>
      %188 = arith.addf %70, %134 : vector<8x128xf32>
      %189 = arith.addf %72, %136 : vector<8x128xf32>
      %190 = arith.addf %74, %138 : vector<8x128xf32>
      %191 = arith.addf %76, %140 : vector<8x128xf32>
      %192 = arith.addf %78, %142 : vector<8x128xf32>
      %193 = arith.addf %80, %144 : vector<8x128xf32>
      %194 = arith.addf %82, %146 : vector<8x128xf32>
      %195 = arith.addf %84, %148 : vector<8x128xf32>
      %196 = arith.addf %86, %150 : vector<8x128xf32>
      %197 = arith.addf %88, %152 : vector<8x128xf32>
      %198 = arith.addf %90, %154 : vector<8x128xf32>
      %199 = arith.addf %92, %156 : vector<8x128xf32>
      %200 = arith.addf %94, %158 : vector<8x128xf32>
      %201 = arith.addf %96, %160 : vector<8x128xf32>
      %202 = arith.addf %98, %162 : vector<8x128xf32>
      %203 = arith.addf %100, %164 : vector<8x128xf32>
      %204 = arith.addf %102, %166 : vector<8x128xf32>
      %205 = arith.addf %104, %168 : vector<8x128xf32>
      %206 = arith.addf %106, %170 : vector<8x128xf32>
      %207 = arith.addf %108, %172 : vector<8x128xf32>
      %208 = arith.addf %110, %174 : vector<8x128xf32>
      %209 = arith.addf %112, %176 : vector<8x128xf32>
      %210 = arith.addf %114, %178 : vector<8x128xf32>
      %211 = tessera.view %49 [0, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %179, %211 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %212 = tessera.view %49 [0, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %180, %212 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %213 = tessera.view %49 [8, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %181, %213 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %214 = tessera.view %49 [8, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %182, %214 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %215 = tessera.view %49 [16, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %183, %215 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %216 = tessera.view %49 [16, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %184, %216 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %217 = tessera.view %49 [24, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %185, %217 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %218 = tessera.view %49 [24, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %186, %218 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %219 = tessera.view %49 [32, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %187, %219 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %220 = tessera.view %49 [32, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %188, %220 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %221 = tessera.view %49 [40, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %189, %221 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %222 = tessera.view %49 [40, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %190, %222 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %223 = tessera.view %49 [48, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %191, %223 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %224 = tessera.view %49 [48, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %192, %224 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %225 = tessera.view %49 [56, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %193, %225 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %226 = tessera.view %49 [56, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %194, %226 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %227 = tessera.view %49 [64, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %195, %227 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %228 = tessera.view %49 [64, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %196, %228 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %229 = tessera.view %49 [72, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %197, %229 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %230 = tessera.view %49 [72, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %198, %230 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %231 = tessera.view %49 [80, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %199, %231 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %232 = tessera.view %49 [80, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %200, %232 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %233 = tessera.view %49 [88, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %201, %233 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %234 = tessera.view %49 [88, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %202, %234 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %235 = tessera.view %49 [96, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %203, %235 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %236 = tessera.view %49 [96, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %204, %236 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %237 = tessera.view %49 [104, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %205, %237 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %238 = tessera.view %49 [104, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %206, %238 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %239 = tessera.view %49 [112, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %207, %239 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %240 = tessera.view %49 [112, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %208, %240 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %241 = tessera.view %49 [120, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %209, %241 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %242 = tessera.view %49 [120, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %210, %242 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %243 = arith.cmpi ne, %40#0, %arg9 : i32
      %244 = arith.cmpi ne, %40#1, %arg10 : i32
      %245 = arith.ori %243, %244 : i1
      %246 = arith.andi %37, %245 : i1
      %247 = arith.subi %c1_i32, %arg8 : i32
      %248 = arith.select %246, %247, %arg8 : i32
      %249 = arith.index_cast %248 : i32 to index
      %250 = arith.select %246, %40#0, %arg9 : i32
      %251 = arith.select %246, %40#1, %arg10 : i32
      %252 = arith.addi %arg7, %c1_i32 : i32
      %253 = arith.addi %arg7, %c2_i32 : i32
      %254 = arith.cmpi slt, %253, %c16_i32 : i32
      %255:2 = scf.if %254 -> (i32, i32) {
        %274 = arith.remsi %253, %c4_i32 : i32
        %275 = arith.divsi %253, %c4_i32 : i32
        %276 = arith.remsi %275, %c2_i32 : i32
        %277 = arith.divsi %253, %c8_i32 : i32
        %278 = arith.muli %274, %c2_i32 : i32
        %279 = arith.addi %278, %277 : i32
        scf.yield %279, %276 : i32, i32
      } else {
        scf.yield %250, %251 : i32, i32
      }
      %256 = arith.cmpi slt, %252, %c15_i32 : i32
      %257 = arith.cmpi ne, %255#0, %250 : i32
      %258 = arith.cmpi ne, %255#1, %251 : i32
      %259 = arith.ori %257, %258 : i1
      %260 = arith.andi %256, %259 : i1
      %261 = arith.subi %c1_i32, %248 : i32
      %262 = arith.index_cast %261 : i32 to index
      scf.if %260 {
        %274 = tessera.view %arg3 [%262] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %275 = arith.muli %255#0, %c128_i32 : i32
        %276 = tessera.multiple_of %275, 128 : i32
        %277 = arith.index_cast %276 : i32 to index
        %278 = arith.muli %255#1, %c256_i32 : i32
        %279 = tessera.multiple_of %278, 256 : i32
        %280 = arith.index_cast %279 : i32 to index
        %281 = tessera.view %arg0 [%277, %280] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %282 = arith.muli %261, %c128_i32 : i32
        %283 = tessera.multiple_of %282, 128 : i32
        %284 = arith.index_cast %283 : i32 to index
        %285 = tessera.view %arg2 [%284, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %281, %285, %274 {tessera.block_index} : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %263 = arith.cmpi sge, %arg7, %c15_i32 : i32
      %264 = arith.cmpi ne, %40#2, %arg12 : i32
      %265 = arith.cmpi ne, %40#3, %arg13 : i32
      %266 = arith.ori %264, %265 : i1
      %267 = arith.ori %263, %266 : i1
      scf.if %267 {
        %274 = arith.muli %arg12, %c2_i32 : i32
        %275 = arith.addi %274, %arg13 : i32
        %276 = arith.index_cast %275 : i32 to index
        %277 = tessera.load_scalar %arg6[%276] {tessera.compiler_index} : memref<4xi32, #tessera.memory_space<smem>> -> i32
        %278 = arith.cmpi eq, %277, %c0_i32 : i32
        tessera.check %278, "Revisited block ({0}, {1}) of out_specs[0] 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg12, %arg13 : i32, i32]
        tessera.store_scalar %c1_i32, %arg6[%276] {tessera.compiler_index} : i32, memref<4xi32, #tessera.memory_space<smem>>
        %279 = tessera.view %arg5 [%35] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %280 = arith.muli %arg12, %c128_i32 : i32
        %281 = tessera.multiple_of %280, 128 : i32
        %282 = arith.index_cast %281 : i32 to index
        %283 = arith.muli %arg13, %c256_i32 : i32
        %284 = tessera.multiple_of %283, 256 : i32
        %285 = arith.index_cast %284 : i32 to index
        %286 = tessera.view %arg1 [%282, %285] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %287 = arith.muli %arg11, %c128_i32 : i32
        %288 = tessera.multiple_of %287, 128 : i32
        %289 = arith.index_cast %288 : i32 to index
        %290 = tessera.view %arg4 [%289, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %290, %286, %279 if %263 {pieces = 8 : i64, tessera.block_index} : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %268 = arith.subi %c1_i32, %arg11 : i32
      %269 = arith.select %267, %268, %arg11 : i32
      %270 = arith.select %267, %arg15, %c0_i32 : i32
      %271 = arith.select %267, %c1_i32, %arg15 : i32
      %272 = arith.select %267, %40#2, %arg12 : i32
      %273 = arith.select %267, %40#3, %arg13 : i32
      scf.if %246 {
        %274 = tessera.view %arg3 [%249] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %275 = arith.muli %250, %c128_i32 : i32
        %276 = tessera.multiple_of %275, 128 : i32
        %277 = arith.index_cast %276 : i32 to index
        %278 = arith.muli %251, %c256_i32 : i32
        %279 = tessera.multiple_of %278, 256 : i32
        %280 = arith.index_cast %279 : i32 to index
        %281 = tessera.view %arg0 [%277, %280] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %282 = arith.muli %248, %c128_i32 : i32
        %283 = tessera.multiple_of %282, 128 : i32
        %284 = arith.index_cast %283 : i32 to index
        %285 = tessera.view %arg2 [%284, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %281, %285, %274 {tessera.block_index} : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      scf.yield %248, %250, %251, %269, %272, %273, %270, %271 : i32, i32, i32, i32, i32, i32, i32, i32
    } {tessera.grid_loop}
    %28 = arith.index_cast %27#3 : i32 to index
    %29 = arith.cmpi ne, %27#6, %c0_i32 : i32
    scf.if %29 {
      %35 = tessera.view %arg5 [%28] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %36 = arith.muli %27#4, %c128_i32 : i32
      %37 = tessera.multiple_of %36, 128 : i32
      %38 = arith.index_cast %37 : i32 to index
      %39 = arith.muli %27#5, %c256_i32 : i32
      %40 = tessera.multiple_of %39, 256 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg1 [%38, %41] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
      %43 = arith.muli %27#3, %c128_i32 : i32
      %44 = tessera.multiple_of %43, 128 : i32
      %45 = arith.index_cast %44 : i32 to index
      %46 = tessera.view %arg4 [%45, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %46, %42, %35 {tessera.block_index} : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    %30 = arith.cmpi ne, %27#7, %c0_i32 : i32
    scf.if %30 {
      %35 = arith.subi %c1_i32, %27#3 : i32
      %36 = arith.index_cast %35 : i32 to index
      %37 = tessera.view %arg5 [%36] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %38 = arith.muli %27#4, %c128_i32 : i32
      %39 = tessera.multiple_of %38, 128 : i32
      %40 = arith.index_cast %39 : i32 to index
      %41 = arith.muli %27#5, %c256_i32 : i32
      %42 = tessera.multiple_of %41, 256 : i32
      %43 = arith.index_cast %42 : i32 to index
      %44 = tessera.view %arg1 [%40, %43] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
      %45 = arith.muli %35, %c128_i32 : i32
      %46 = tessera.multiple_of %45, 128 : i32
      %47 = arith.index_cast %46 : i32 to index
      %48 = tessera.view %arg4 [%47, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %48, %44, %37 {tessera.block_index} : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    %31 = tessera.view %arg3 [0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %31 {scratch_index = 1 : i64} : memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    %32 = tessera.view %arg3 [1] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %32 {scratch_index = 1 : i64} : memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    %33 = tessera.view %arg5 [0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %33 {scratch_index = 3 : i64} : memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    %34 = tessera.view %arg5 [1] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %34 {scratch_index = 3 : i64} : memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    return
  }
}
