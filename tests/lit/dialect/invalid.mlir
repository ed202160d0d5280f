// RUN: tessera-opt %s -split-input-file -verify-diagnostics

// Every error the tessera verifiers report, with its message.

func.func @view_wrong_rank(%x: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.view' op expects 2 offsets and sizes for a Ref of rank 2}}
  %v = tessera.view %x[0] [8] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8xf32, strided<[128]>, #tessera.memory_space<vmem>>
  return
}

// -----

func.func @view_offset_operand_count(%x: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // The custom syntax cannot say this; the generic form can.
  // expected-error @+1 {{'tessera.view' op expects one index operand per dynamic offset}}
  %v = "tessera.view"(%x) <{static_offsets = array<i64: -9223372036854775808, 0>, sizes = array<i64: 8, 128>}> : (memref<16x128xf32, #tessera.memory_space<vmem>>) -> memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
  return
}

// -----

func.func @view_size_too_big(%x: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.view' op size 32 of dimension 0 is outside [1, 16]}}
  %v = tessera.view %x[0, 0] [32, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<32x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
  return
}

// -----

func.func @view_size_zero(%x: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.view' op size 0 of dimension 1 is outside [1, 128]}}
  %v = tessera.view %x[0, 0] [8, 0] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x0xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
  return
}

// -----

func.func @view_out_of_range(%x: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.view' op window [12, 20) of dimension 0 is outside the Ref's [0, 16)}}
  %v = tessera.view %x[12, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: 1536>, #tessera.memory_space<vmem>>
  return
}

// -----

func.func @view_negative_offset(%x: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.view' op window [-8, 0) of dimension 0 is outside the Ref's [0, 16)}}
  %v = tessera.view %x[-8, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: -1024>, #tessera.memory_space<vmem>>
  return
}

// -----

func.func @view_not_strided(%x: memref<16x128xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.view' op source Ref has no strided layout}}
  %v = tessera.view %x[0, 0] [8, 128] : memref<16x128xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>, #tessera.memory_space<vmem>> to memref<8x128xf32, #tessera.memory_space<vmem>>
  return
}

// -----

func.func @view_wrong_result_type(%x: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // The window starts at row 8: the result's offset must say 1024.
  // expected-error @+1 {{'tessera.view' op result type 'memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>' should be 'memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>'}}
  %v = tessera.view %x[8, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
  return
}

// -----

func.func @view_wrong_result_space(%x: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.view' op result type 'memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<smem>>' should be 'memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>'}}
  %v = tessera.view %x[0, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<smem>>
  return
}

// -----

func.func @load_from_hbm(%x: memref<8x128xf32, #tessera.memory_space<any>>) {
  // expected-error @+1 {{'tessera.load' op the vector unit can only access VMEM, but the Ref is in ANY (HBM); copy it to a VMEM scratch buffer with a DMA first}}
  %v = tessera.load %x : memref<8x128xf32, #tessera.memory_space<any>> -> vector<8x128xf32>
  return
}

// -----

func.func @load_from_smem(%x: memref<8x128xf32, #tessera.memory_space<smem>>) {
  // expected-error @+1 {{'tessera.load' op the vector unit can only access VMEM, but the Ref is in SMEM}}
  %v = tessera.load %x : memref<8x128xf32, #tessera.memory_space<smem>> -> vector<8x128xf32>
  return
}

// -----

func.func @store_to_hbm(%x: memref<8x128xf32, #tessera.memory_space<hbm>>, %v: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.store' op the vector unit can only access VMEM, but the Ref is in HBM}}
  tessera.store %v, %x : vector<8x128xf32>, memref<8x128xf32, #tessera.memory_space<hbm>>
  return
}

// -----

func.func @load_shape_mismatch(%x: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.load' op value shape [8, 128] does not match the Ref shape [16, 128]}}
  %v = tessera.load %x : memref<16x128xf32, #tessera.memory_space<vmem>> -> vector<8x128xf32>
  return
}

// -----

func.func @load_dtype_mismatch(%x: memref<8x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.load' op value dtype 'bf16' does not match the Ref dtype 'f32'}}
  %v = tessera.load %x : memref<8x128xf32, #tessera.memory_space<vmem>> -> vector<8x128xbf16>
  return
}

// -----

func.func @store_shape_mismatch(%x: memref<8x256xf32, #tessera.memory_space<vmem>>, %v: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.store' op value shape [8, 128] does not match the Ref shape [8, 256]}}
  tessera.store %v, %x : vector<8x128xf32>, memref<8x256xf32, #tessera.memory_space<vmem>>
  return
}

// -----

func.func @store_dtype_mismatch(%x: memref<8x128xi32, #tessera.memory_space<vmem>>, %v: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.store' op value dtype 'f32' does not match the Ref dtype 'i32'}}
  tessera.store %v, %x : vector<8x128xf32>, memref<8x128xi32, #tessera.memory_space<vmem>>
  return
}

// -----

func.func @dma_shape_mismatch(%src: memref<16x128xf32, #tessera.memory_space<any>>,
                              %dst: memref<8x128xf32, #tessera.memory_space<vmem>>,
                              %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_start' op source shape [16, 128] does not match destination shape [8, 128]}}
  tessera.dma_start %src, %dst, %sem : memref<16x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

func.func @dma_wait_shape_mismatch(%src: memref<16x128xf32, #tessera.memory_space<any>>,
                                   %dst: memref<8x128xf32, #tessera.memory_space<vmem>>,
                                   %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_wait' op source shape [16, 128] does not match destination shape [8, 128]}}
  tessera.dma_wait %src, %dst, %sem : memref<16x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

func.func @dma_dtype_mismatch(%src: memref<8x128xf32, #tessera.memory_space<any>>,
                              %dst: memref<8x128xi32, #tessera.memory_space<vmem>>,
                              %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_start' op source dtype 'f32' does not match destination dtype 'i32'}}
  tessera.dma_start %src, %dst, %sem : memref<8x128xf32, #tessera.memory_space<any>>, memref<8x128xi32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

func.func @dma_wait_dtype_mismatch(%src: memref<8x128xf32, #tessera.memory_space<any>>,
                                   %dst: memref<8x128xbf16, #tessera.memory_space<vmem>>,
                                   %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_wait' op source dtype 'f32' does not match destination dtype 'bf16'}}
  tessera.dma_wait %src, %dst, %sem : memref<8x128xf32, #tessera.memory_space<any>>, memref<8x128xbf16, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

func.func @dma_source_in_smem(%src: memref<8x128xf32, #tessera.memory_space<smem>>,
                              %dst: memref<8x128xf32, #tessera.memory_space<vmem>>,
                              %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_start' op source must be in HBM or VMEM, not SMEM}}
  tessera.dma_start %src, %dst, %sem : memref<8x128xf32, #tessera.memory_space<smem>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

func.func @dma_destination_in_smem(%src: memref<8x128xf32, #tessera.memory_space<any>>,
                                   %dst: memref<8x128xf32, #tessera.memory_space<smem>>,
                                   %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_wait' op destination must be in HBM or VMEM, not SMEM}}
  tessera.dma_wait %src, %dst, %sem : memref<8x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<smem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

func.func @dma_destination_in_semaphore_memory(%src: memref<8x128xf32, #tessera.memory_space<any>>,
                                               %dst: memref<8x128xf32, #tessera.memory_space<semaphore_mem>>,
                                               %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_start' op destination must be in HBM or VMEM, not semaphore memory}}
  tessera.dma_start %src, %dst, %sem : memref<8x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<semaphore_mem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

func.func @dma_semaphore_array(%src: memref<8x128xf32, #tessera.memory_space<any>>,
                               %dst: memref<8x128xf32, #tessera.memory_space<vmem>>,
                               %sems: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_start' op needs one semaphore, not an array of shape [2]; index it first}}
  tessera.dma_start %src, %dst, %sems : memref<8x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

func.func @dma_wait_semaphore_array(%src: memref<8x128xf32, #tessera.memory_space<any>>,
                                    %dst: memref<8x128xf32, #tessera.memory_space<vmem>>,
                                    %sems: memref<2x2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_wait' op needs one semaphore, not an array of shape [2, 2]; index it first}}
  tessera.dma_wait %src, %dst, %sems : memref<8x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<2x2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

func.func @dma_semaphore_in_smem(%src: memref<8x128xf32, #tessera.memory_space<any>>,
                                 %dst: memref<8x128xf32, #tessera.memory_space<vmem>>,
                                 %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<smem>>) {
  // expected-error @+1 {{'tessera.dma_start' op semaphore must be in semaphore memory}}
  tessera.dma_start %src, %dst, %sem : memref<8x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<smem>>
  return
}

// -----

func.func @dma_semaphore_not_a_semaphore(%src: memref<8x128xf32, #tessera.memory_space<any>>,
                                         %dst: memref<8x128xf32, #tessera.memory_space<vmem>>,
                                         %sem: memref<i32, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_start' op operand #2 must be memref of A DMA semaphore: a counter that DMAs add their bytes to values}}
  tessera.dma_start %src, %dst, %sem : memref<8x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<i32, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

func.func @view_of_dynamic_shape(%x: memref<?x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{needs a Ref of static shape}}
  %v = tessera.view %x[0, 0] [8, 128] : memref<?x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
  return
}

// -----

func.func @load_scalar_from_vmem(%v: memref<8x128xi32, #tessera.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{the scalar unit reads only SMEM, but the Ref is in VMEM}}
  %s = tessera.load_scalar %v[%c0, %c0] : memref<8x128xi32, #tessera.memory_space<vmem>> -> i32
  return
}

// -----

func.func @load_scalar_index_count(%s: memref<4xi32, #tessera.memory_space<smem>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{expects 1 indices, got 2}}
  %x = tessera.load_scalar %s[%c0, %c0] : memref<4xi32, #tessera.memory_space<smem>> -> i32
  return
}

// -----

func.func @load_scalar_type(%s: memref<4xi32, #tessera.memory_space<smem>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{result type 'f32' does not match the Ref dtype 'i32'}}
  %x = tessera.load_scalar %s[%c0] : memref<4xi32, #tessera.memory_space<smem>> -> f32
  return
}

// -----

func.func @semaphore_check_of_data(%v: memref<8x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{must be memref of}}
  tessera.semaphore_check %v {scratch_index = 0 : i64} : memref<8x128xf32, #tessera.memory_space<vmem>>
  return
}

// -----

func.func @store_scalar_to_vmem(%v: memref<8x128xi32, #tessera.memory_space<vmem>>, %x: i32) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'tessera.store_scalar' op the scalar unit writes only SMEM, but the Ref is in VMEM}}
  tessera.store_scalar %x, %v[%c0, %c0] : i32, memref<8x128xi32, #tessera.memory_space<vmem>>
  return
}

// -----

func.func @store_scalar_index_count(%s: memref<4xi32, #tessera.memory_space<smem>>, %x: i32) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'tessera.store_scalar' op expects 1 indices, got 2}}
  tessera.store_scalar %x, %s[%c0, %c0] : i32, memref<4xi32, #tessera.memory_space<smem>>
  return
}

// -----

func.func @store_scalar_type(%s: memref<4xi32, #tessera.memory_space<smem>>, %x: f32) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'tessera.store_scalar' op value type 'f32' does not match the Ref dtype 'i32'}}
  tessera.store_scalar %x, %s[%c0] : f32, memref<4xi32, #tessera.memory_space<smem>>
  return
}

// -----

func.func @store_scalar_vector(%s: memref<4xi32, #tessera.memory_space<smem>>, %x: vector<8x128xi32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'tessera.store_scalar' op operand #0 must be 32-bit signless integer or 32-bit float}}
  "tessera.store_scalar"(%x, %s, %c0) : (vector<8x128xi32>, memref<4xi32, #tessera.memory_space<smem>>, index) -> ()
  return
}

// -----

func.func @multiple_of_zero(%x: i32) {
  // expected-error @+1 {{'tessera.multiple_of' op multiple must be positive, got 0}}
  %m = tessera.multiple_of %x, 0 : i32
  return
}

// -----

func.func @multiple_of_negative(%x: index) {
  // expected-error @+1 {{'tessera.multiple_of' op multiple must be positive, got -8}}
  %m = tessera.multiple_of %x, -8 : index
  return
}

// -----

func.func @multiple_of_type_change(%x: i32) {
  // expected-error @+1 {{'tessera.multiple_of' op failed to verify that all of {value, result} have same type}}
  %m = "tessera.multiple_of"(%x) <{multiple = 8 : i64}> : (i32) -> index
  return
}

// -----

func.func @multiple_of_float(%x: f32) {
  // expected-error @+1 {{'tessera.multiple_of' op operand #0 must be 32-bit signless integer or index}}
  %m = "tessera.multiple_of"(%x) <{multiple = 8 : i64}> : (f32) -> f32
  return
}

// -----

func.func @dma_semaphore_of_dynamic_shape(%src: memref<8x128xf32, #tessera.memory_space<any>>,
                                          %dst: memref<8x128xf32, #tessera.memory_space<vmem>>,
                                          %sems: memref<?x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_start' op semaphore must have a static shape, not [?]}}
  tessera.dma_start %src, %dst, %sems : memref<8x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<?x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

func.func @dma_wait_source_of_dynamic_shape(%src: memref<?x128xf32, #tessera.memory_space<any>>,
                                            %dst: memref<8x128xf32, #tessera.memory_space<vmem>>,
                                            %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_wait' op source must have a static shape, not [?, 128]}}
  tessera.dma_wait %src, %dst, %sem : memref<?x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

func.func @check_condition_not_i1(%c: i32) {
  // expected-error @+1 {{'tessera.check' op operand #0 must be 1-bit signless integer}}
  "tessera.check"(%c) <{message = "m"}> : (i32) -> ()
  return
}
