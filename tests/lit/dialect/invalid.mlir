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

// A 1-D HBM array's words fill rows of 128 lanes: 300 words are [3, 128].
func.func @dma_words_not_rows(%src: memref<300xf32, #tessera.memory_space<any>>,
                              %dst: memref<2x128xf32, #tessera.memory_space<vmem>>,
                              %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_start' op source shape [300] does not match destination shape [2, 128]}}
  tessera.dma_start %src, %dst, %sem : memref<300xf32, #tessera.memory_space<any>>, memref<2x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

func.func @dma_one_piece(%src: memref<8x128xf32, #tessera.memory_space<vmem>>,
                         %dst: memref<8x128xf32, #tessera.memory_space<any>>,
                         %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_start' op starts in pieces = 1; it must be at least 2}}
  tessera.dma_start %src, %dst, %sem {pieces = 1 : i64} : memref<8x128xf32, #tessera.memory_space<vmem>>, memref<8x128xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

func.func @dma_condition_without_pieces(%src: memref<8x128xf32, #tessera.memory_space<vmem>>,
                                        %dst: memref<8x128xf32, #tessera.memory_space<any>>,
                                        %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>,
                                        %c: i1) {
  // expected-error @+1 {{'tessera.dma_start' op has a condition for starting in pieces but no `pieces`}}
  tessera.dma_start %src, %dst, %sem if %c : memref<8x128xf32, #tessera.memory_space<vmem>>, memref<8x128xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
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
                              %dst: memref<16x128xi32, #tessera.memory_space<vmem>>,
                              %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_start' op source 'f32'[8, 128] and destination 'i32'[16, 128] are not the same bits: a DMA between dtypes copies a bitcast}}
  tessera.dma_start %src, %dst, %sem : memref<8x128xf32, #tessera.memory_space<any>>, memref<16x128xi32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

func.func @dma_wait_dtype_mismatch(%src: memref<8x128xf32, #tessera.memory_space<any>>,
                                   %dst: memref<8x128xbf16, #tessera.memory_space<vmem>>,
                                   %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_wait' op source 'f32'[8, 128] and destination 'bf16'[8, 128] are not the same bits}}
  tessera.dma_wait %src, %dst, %sem : memref<8x128xf32, #tessera.memory_space<any>>, memref<8x128xbf16, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

func.func @dma_source_in_smem(%src: memref<8xf32, #tessera.memory_space<smem>>,
                              %dst: memref<8xf32, #tessera.memory_space<smem>>,
                              %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_start' op source in SMEM is copied to or from HBM or VMEM only, not SMEM}}
  tessera.dma_start %src, %dst, %sem : memref<8xf32, #tessera.memory_space<smem>>, memref<8xf32, #tessera.memory_space<smem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

func.func @dma_destination_in_smem(%src: memref<8x128xf32, #tessera.memory_space<any>>,
                                   %dst: memref<8x128xf32, #tessera.memory_space<smem>>,
                                   %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_wait' op destination in SMEM must be a 1-D Ref or one row (of at most 128) of a 2-D Ref of 32-bit words}}
  tessera.dma_wait %src, %dst, %sem : memref<8x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<smem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

func.func @dma_destination_in_semaphore_memory(%src: memref<8x128xf32, #tessera.memory_space<any>>,
                                               %dst: memref<8x128xf32, #tessera.memory_space<semaphore_mem>>,
                                               %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_start' op destination must be in HBM, VMEM or SMEM, not semaphore memory}}
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

// -----

// The vector math and MXU ops.

func.func @reduce_bad_kind(%x: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.reduce' op kind must be "sum", "max" or "min", not "prod"}}
  %r = tessera.reduce %x {axis = 0 : i64, kind = "prod"} : vector<8x128xf32> -> vector<1x128xf32>
  return
}

// -----

func.func @reduce_axis_out_of_range(%x: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.reduce' op axis 2 is out of range for a rank-2 value (allowed: 0 or 1)}}
  %r = tessera.reduce %x {axis = 2 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x128xf32>
  return
}

// -----

func.func @reduce_negative_axis(%x: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.reduce' op axis -1 is out of range for a rank-2 value (allowed: 0 or 1)}}
  %r = tessera.reduce %x {axis = -1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
  return
}

// -----

func.func @reduce_wrong_shape(%x: vector<16x256xf32>) {
  // expected-error @+1 {{'tessera.reduce' op result shape [16, 1] should be [1, 256] (the reduced axis 0 is kept with size 1)}}
  %r = tessera.reduce %x {axis = 0 : i64, kind = "sum"} : vector<16x256xf32> -> vector<16x1xf32>
  return
}

// -----

func.func @reduce_mismatched_dtypes(%x: vector<16x128xbf16>) {
  // expected-error @+1 {{'tessera.reduce' op result dtype f32 does not match the operand dtype bf16}}
  %r = tessera.reduce %x {axis = 0 : i64, kind = "sum"} : vector<16x128xbf16> -> vector<1x128xf32>
  return
}

// -----

func.func @reduce_of_bool(%x: vector<8x128xi1>) {
  // expected-error @+1 {{'tessera.reduce' op operand #0 must be vector of 32-bit float or bfloat16 type or 32-bit signless integer or 16-bit signless integer or 8-bit signless integer values of ranks 2}}
  %r = tessera.reduce %x {axis = 0 : i64, kind = "sum"} : vector<8x128xi1> -> vector<1x128xi1>
  return
}

// -----

func.func @broadcast_mismatched_dtypes(%x: vector<1x128xf32>) {
  // expected-error @+1 {{'tessera.broadcast' op result dtype int32 does not match the operand dtype f32}}
  %r = tessera.broadcast %x : vector<1x128xf32> -> vector<8x128xi32>
  return
}

// -----

func.func @broadcast_bad_shape(%x: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.broadcast' op cannot broadcast shape [8, 128] to [16, 128]: dimension 0 must be 1 or 16}}
  %r = tessera.broadcast %x : vector<8x128xf32> -> vector<16x128xf32>
  return
}

// -----

func.func @iota_dimension_out_of_range() {
  // expected-error @+1 {{'tessera.iota' op dimension 2 is out of range for a rank-2 value (allowed: 0 or 1)}}
  %r = tessera.iota {dimension = 2 : i64} : vector<8x128xi32>
  return
}

// -----

func.func @iota_not_int32() {
  // expected-error @+1 {{'tessera.iota' op result #0 must be vector of 32-bit signless integer values of ranks 2}}
  %r = tessera.iota {dimension = 0 : i64} : vector<8x128xf32>
  return
}

// -----

func.func @dot_k_mismatch(%a: vector<8x256xf32>, %b: vector<128x128xf32>) {
  // expected-error @+1 {{'tessera.dot' op contracting dimensions differ: K of the left operand is 256, K of the right operand is 128 (its dimension 0)}}
  %r = tessera.dot %a, %b : vector<8x256xf32>, vector<128x128xf32> -> vector<8x128xf32>
  return
}

// -----

func.func @dot_k_mismatch_transposed(%a: vector<8x256xf32>, %b: vector<256x128xf32>) {
  // expected-error @+1 {{'tessera.dot' op contracting dimensions differ: K of the left operand is 256, K of the right operand is 128 (its dimension 1, transpose_rhs)}}
  %r = tessera.dot %a, %b {transpose_rhs = true} : vector<8x256xf32>, vector<256x128xf32> -> vector<8x256xf32>
  return
}

// -----

func.func @dot_mismatched_dtypes(%a: vector<32x128xi8>, %b: vector<128x128xf32>) {
  // expected-error @+1 {{'tessera.dot' op mismatched dtypes int8 x f32: the MXU multiplies bf16/f32 with bf16/f32, or int8 with int8}}
  %r = tessera.dot %a, %b : vector<32x128xi8>, vector<128x128xf32> -> vector<32x128xf32>
  return
}

// -----

func.func @dot_int32(%a: vector<8x128xi32>, %b: vector<128x128xi32>) {
  // expected-error @+1 {{'tessera.dot' op int32 operands are not supported by the MXU (int32 x int32); use int8, bf16 or f32}}
  %r = tessera.dot %a, %b : vector<8x128xi32>, vector<128x128xi32> -> vector<8x128xi32>
  return
}

// -----

func.func @dot_wrong_result_dtype(%a: vector<16x128xbf16>, %b: vector<128x128xbf16>) {
  // expected-error @+1 {{'tessera.dot' op result dtype must be f32 for bf16 x bf16 operands, not bf16}}
  %r = tessera.dot %a, %b : vector<16x128xbf16>, vector<128x128xbf16> -> vector<16x128xbf16>
  return
}

// -----

func.func @dot_int8_result(%a: vector<32x128xi8>, %b: vector<128x128xi8>) {
  // expected-error @+1 {{'tessera.dot' op result dtype must be int32 for int8 x int8 operands, not f32}}
  %r = tessera.dot %a, %b : vector<32x128xi8>, vector<128x128xi8> -> vector<32x128xf32>
  return
}

// -----

func.func @dot_wrong_result_shape(%a: vector<8x128xf32>, %b: vector<128x256xf32>) {
  // expected-error @+1 {{'tessera.dot' op result shape [8, 128] should be [8, 256]}}
  %r = tessera.dot %a, %b : vector<8x128xf32>, vector<128x256xf32> -> vector<8x128xf32>
  return
}

// -----

func.func @dot_bad_precision(%a: vector<8x128xf32>, %b: vector<128x128xf32>) {
  // expected-error @+1 {{'tessera.dot' op precision must be "default" or "highest", not "high"}}
  %r = tessera.dot %a, %b {precision = "high"} : vector<8x128xf32>, vector<128x128xf32> -> vector<8x128xf32>
  return
}

// -----

func.func @dot_int8_transposed(%a: vector<32x128xi8>, %b: vector<128x128xi8>) {
  // expected-error @+1 {{'tessera.dot' op transpose_rhs is not supported for int8 operands (the MXU pushes int8 weights only untransposed)}}
  %r = tessera.dot %a, %b {transpose_rhs = true} : vector<32x128xi8>, vector<128x128xi8> -> vector<32x128xi32>
  return
}

// -----

func.func @pack_wrong_count(%a: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.pack' op packs 2 operands of type 'vector<8x128xf32>' into 'vector<16x128xbf16>'}}
  %r = tessera.pack %a, %a, %a : vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
  return
}

// -----

func.func @pack_wrong_dtype(%a: vector<8x128xi32>) {
  // expected-error @+1 {{'tessera.pack' op packs 2 operands of type 'vector<8x128xf32>' into 'vector<16x128xbf16>'}}
  %r = tessera.pack %a, %a : vector<8x128xi32>, vector<8x128xi32> -> vector<16x128xbf16>
  return
}

// -----

func.func @pack_wrong_result(%a: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.pack' op result must be vector<16x128xbf16>, vector<16x128xi16> or vector<32x128xi8>, not 'vector<32x128xbf16>'}}
  %r = tessera.pack %a, %a : vector<8x128xf32>, vector<8x128xf32> -> vector<32x128xbf16>
  return
}

// -----

func.func @unpack_part_out_of_range(%p: vector<16x128xbf16>) {
  // expected-error @+1 {{'tessera.unpack' op part 2 is out of range for a 'vector<16x128xbf16>' tile (allowed: 0 to 1)}}
  %r = tessera.unpack %p {part = 2 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
  return
}

// -----

func.func @unpack_wrong_result(%p: vector<32x128xi8>) {
  // expected-error @+1 {{'tessera.unpack' op result must be 'vector<8x128xi32>'}}
  %r = tessera.unpack %p {part = 0 : i64} : vector<32x128xi8> -> vector<8x128xf32>
  return
}

// -----

func.func @unpack_not_a_tile(%p: vector<32x128xbf16>) {
  // expected-error @+1 {{'tessera.unpack' op operand must be vector<16x128xbf16>, vector<16x128xi16> or vector<32x128xi8>}}
  %r = tessera.unpack %p {part = 0 : i64} : vector<32x128xbf16> -> vector<8x128xf32>
  return
}

// -----

func.func @mxu_weights_too_few(%p: vector<16x128xbf16>) {
  // expected-error @+1 {{'tessera.mxu_weights' op needs 8 tiles of 'vector<16x128xbf16>' or 4 tiles of 'vector<32x128xi8>' (128 weight rows), got 4 operands}}
  %w = tessera.mxu_weights %p, %p, %p, %p : vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>
  return
}

// -----

func.func @mxu_weights_int8_transposed(%p: vector<32x128xi8>) {
  // expected-error @+1 {{'tessera.mxu_weights' op int8 weights cannot be transposed}}
  %w = tessera.mxu_weights %p, %p, %p, %p {transposed = true} : vector<32x128xi8>, vector<32x128xi8>, vector<32x128xi8>, vector<32x128xi8>
  return
}

// -----

func.func @mxu_matmul_not_a_tile(%w: !tessera.mxu_weights, %x: vector<16x128xf32>) {
  // expected-error @+1 {{'tessera.mxu_matmul' op streams one 8x128 LHS tile, not 'vector<16x128xf32>'}}
  %r = tessera.mxu_matmul %w, %x : vector<16x128xf32> -> vector<16x128xf32>
  return
}

// -----

func.func @mxu_matmul_wrong_kind(%p: vector<32x128xi8>, %x: vector<8x128xf32>) {
  %w = tessera.mxu_weights %p, %p, %p, %p : vector<32x128xi8>, vector<32x128xi8>, vector<32x128xi8>, vector<32x128xi8>
  // expected-error @+1 {{'tessera.mxu_matmul' op int8 weights need an i32 (int8 in the low bits) LHS tile}}
  %r = tessera.mxu_matmul %w, %x : vector<8x128xf32> -> vector<8x128xf32>
  return
}

// -----

func.func @logistic_of_int(%x: vector<8x128xi32>) {
  // expected-error @+1 {{'tessera.logistic' op operand #0 must be vector of 32-bit float or bfloat16 type values of ranks 2}}
  %r = tessera.logistic %x : vector<8x128xi32>
  return
}

// -----

func.func @broadcast_scalar_mismatched_dtype(%x: i32) {
  // expected-error @+1 {{'tessera.broadcast' op result dtype f32 does not match the operand dtype int32}}
  %r = tessera.broadcast %x : i32 -> vector<8x128xf32>
  return
}

// -----

func.func @broadcast_scalar_of_index(%x: index) {
  // expected-error @+1 {{'tessera.broadcast' op operand #0 must be vector of 32-bit float or bfloat16 type or 32-bit signless integer or 16-bit signless integer or 8-bit signless integer or 1-bit signless integer values of ranks 2 or 32-bit signless integer or 32-bit float}}
  %r = tessera.broadcast %x : index -> vector<8x128xi32>
  return
}

// -----

func.func @bitcast_rows_not_scaled(%x: vector<16x128xf32>) {
  // expected-error @+1 {{'tessera.bitcast' op rows 16 x 32 bits != 16 x 16 bits: shape[-2] must scale by the bit-width ratio}}
  %r = tessera.bitcast %x : vector<16x128xf32> -> vector<16x128xbf16>
  return
}

// -----

func.func @bitcast_columns(%x: vector<8x256xf32>) {
  // expected-error @+1 {{'tessera.bitcast' op columns change from 256 to 128; a bitcast scales the rows only}}
  %r = tessera.bitcast %x : vector<8x256xf32> -> vector<32x128xbf16>
  return
}

// -----

func.func @bitcast_partial_tile(%x: vector<8x128xbf16>) {
  // expected-error @+1 {{'tessera.bitcast' op operand shape [8, 128] is not whole (16, 128) tiles; a bitcast reinterprets whole vregs}}
  %r = tessera.bitcast %x : vector<8x128xbf16> -> vector<4x128xf32>
  return
}

// -----

func.func @repeat_wrong_shape(%x: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.repeat' op result shape [8, 256] should be [8, 384]}}
  %r = tessera.repeat %x {axis = 1 : i64, times = 3 : i64} : vector<8x128xf32> -> vector<8x256xf32>
  return
}

// -----

func.func @repeat_zero_times(%x: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.repeat' op times must be at least 1, not 0}}
  %r = tessera.repeat %x {axis = 0 : i64, times = 0 : i64} : vector<8x128xf32> -> vector<8x128xf32>
  return
}

// -----

func.func @roll_negative_shift(%x: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.roll' op shift -1 is negative (pltpu.roll takes shift >= 0)}}
  %r = tessera.roll %x {axis = 1 : i64, shift = -1 : i64} : vector<8x128xf32>
  return
}

// -----

func.func @roll_axis(%x: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.roll' op axis 2 is out of range for a rank-2 value (allowed: 0 or 1)}}
  %r = tessera.roll %x {axis = 2 : i64, shift = 1 : i64} : vector<8x128xf32>
  return
}

// -----

func.func @extract_position(%x: vector<8x256xf32>) {
  // expected-error @+1 {{'tessera.extract' op position [8, 0] is outside [8, 256]}}
  %r = tessera.extract %x {position = array<i64: 8, 0>} : vector<8x256xf32> -> f32
  return
}

// -----

func.func @extract_type(%x: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.extract' op reads a 'f32' element into a 'i32'}}
  %r = tessera.extract %x {position = array<i64: 0, 0>} : vector<8x128xf32> -> i32
  return
}

// -----

func.func @extract_sublane_range(%x: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.extract_sublane' op sublane 8 is out of range [0, 7]}}
  %r = tessera.extract_sublane %x {sublane = 8 : i64} : vector<8x128xf32> -> vector<1x128xf32>
  return
}

// -----

func.func @concat_wrong_sum(%a: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.concat' op result dimension 0 is 24, not the operands' sum 16}}
  %r = tessera.concat %a, %a {axis = 0 : i64} : vector<8x128xf32>, vector<8x128xf32> -> vector<24x128xf32>
  return
}

// -----

func.func @concat_other_dimension(%a: vector<8x128xf32>, %b: vector<8x256xf32>) {
  // expected-error @+1 {{'tessera.concat' op operand shape [8, 256] differs from the result [16, 128] in dimension 1}}
  %r = tessera.concat %a, %b {axis = 0 : i64} : vector<8x128xf32>, vector<8x256xf32> -> vector<16x128xf32>
  return
}

// -----

func.func @slice_outside(%a: vector<16x128xf32>) {
  // expected-error @+1 {{'tessera.slice' op window [8, 128] at [12, 0] is outside the operand [16, 128]}}
  %r = tessera.slice %a {offsets = array<i64: 12, 0>} : vector<16x128xf32> -> vector<8x128xf32>
  return
}

// -----

// REGULAR semaphore ops take one semaphore, in semaphore memory; signal and
// wait take REGULAR / BARRIER semaphores only (DMA ones are waited through
// their DMA's descriptor).
func.func @signal_semaphore_array(%sems: memref<2x!tessera.semaphore, #tessera.memory_space<semaphore_mem>>, %n: i32) {
  // expected-error @+1 {{'tessera.semaphore_signal' op needs one semaphore, not an array of shape [2]; index it first}}
  tessera.semaphore_signal %sems, %n : memref<2x!tessera.semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

func.func @wait_dma_semaphore(%sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>, %n: i32) {
  // expected-error @+1 {{'tessera.semaphore_wait' op operand #0 must be memref of A REGULAR or BARRIER semaphore}}
  tessera.semaphore_wait %sem, %n : memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

func.func @read_outside_semaphore_memory(%sem: memref<!tessera.semaphore, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.semaphore_read' op semaphore must be in semaphore memory}}
  %v = tessera.semaphore_read %sem : memref<!tessera.semaphore, #tessera.memory_space<vmem>>
  return
}

// -----

!any = memref<512x128xf32, #tessera.memory_space<any>>
!blk = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid_parallel_after_arbitrary(%x: !any) {
  // expected-error @+1 {{'tessera.grid' op parallel axes must come before arbitrary ones}}
  tessera.grid grid [4, 2] semantics ["arbitrary", "parallel"] cores 1 blocks [] buffers [] body {
  ^bb0(%i: i32, %j: i32):
    tessera.yield
  } {labels = [], names = []}
  return
}

// -----

func.func @grid_semantics_count() {
  // expected-error @+1 {{'tessera.grid' op has 1 dimension_semantics for a grid of 2 axes}}
  tessera.grid grid [4, 2] semantics ["parallel"] cores 1 blocks [] buffers [] body {
  ^bb0(%i: i32, %j: i32):
    tessera.yield
  } {labels = [], names = []}
  return
}

// -----

func.func @grid_two_cores_nothing_parallel() {
  // expected-error @+1 {{'tessera.grid' op splits the grid across 2 cores but has no parallel axis}}
  tessera.grid grid [4] semantics ["arbitrary"] cores 2 blocks [] buffers [] body {
  ^bb0(%i: i32):
    tessera.yield
  } {labels = [], names = []}
  return
}

// -----

func.func @grid_empty_axis() {
  // expected-error @+1 {{'tessera.grid' op grid extents must be at least 1, not 0}}
  tessera.grid grid [0] semantics ["arbitrary"] cores 1 blocks [] buffers [] body {
  ^bb0(%i: i32):
    tessera.yield
  } {labels = [], names = []}
  return
}

// -----

!any = memref<512x128xf32, #tessera.memory_space<any>>
!blk = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid_block_empty(%x: !any) {
  // expected-error @+1 {{'tessera.grid' op block shape 0 array<i64: 0, 128> is empty}}
  tessera.grid grid [4] semantics ["arbitrary"] cores 1 ins(%x : !any)
      blocks [array<i64: 0, 128>] buffers [2] index_maps {
      ^bb0(%i: i32):
        tessera.yield %i, %i : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !blk):
        tessera.yield
      } {labels = ["input 0"], names = ["x"]}
  return
}

// -----

!any = memref<512x128xf32, #tessera.memory_space<any>>
!blk = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid_output_ring(%o: !any) {
  // expected-error @+1 {{'tessera.grid' op output 0 is written back from at least 2 buffers, not 1}}
  tessera.grid grid [4] semantics ["arbitrary"] cores 1 outs(%o : !any)
      blocks [array<i64: 128, 128>] buffers [1] index_maps {
      ^bb0(%i: i32):
        tessera.yield %i, %i : i32, i32
      } body {
      ^bb0(%i: i32, %ob: !blk):
        tessera.yield
      } {labels = ["output 0"], names = ["o"]}
  return
}

// -----

!any = memref<512x128xf32, #tessera.memory_space<any>>
!blk = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid_index_map_arity(%x: !any) {
  // expected-error @+1 {{'tessera.grid' op index map 0 must yield 2 i32 block indices}}
  tessera.grid grid [4] semantics ["arbitrary"] cores 1 ins(%x : !any)
      blocks [array<i64: 128, 128>] buffers [2] index_maps {
      ^bb0(%i: i32):
        tessera.yield %i : i32
      } body {
      ^bb0(%i: i32, %xb: !blk):
        tessera.yield
      } {labels = ["input 0"], names = ["x"]}
  return
}

// -----

!any = memref<512x128xf32, #tessera.memory_space<any>>
func.func @grid_block_type(%x: !any) {
  // expected-error @+1 {{'tessera.grid' op the block of operand 0 must be 'memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>', not 'memref<128x128xf32, #tessera.memory_space<vmem>>'}}
  tessera.grid grid [4] semantics ["arbitrary"] cores 1 ins(%x : !any)
      blocks [array<i64: 128, 128>] buffers [2] index_maps {
      ^bb0(%i: i32):
        tessera.yield %i, %i : i32, i32
      } body {
      ^bb0(%i: i32, %xb: memref<128x128xf32, #tessera.memory_space<vmem>>):
        tessera.yield
      } {labels = ["input 0"], names = ["x"]}
  return
}

// -----

!vm = memref<512x128xf32, #tessera.memory_space<vmem>>
func.func @grid_vmem_operand(%x: !vm) {
  // expected-error @+1 {{'tessera.grid' op operand 0 is in VMEM; a grid blocks HBM Refs}}
  tessera.grid grid [4] semantics ["arbitrary"] cores 1 ins(%x : !vm)
      blocks [array<i64: 128, 128>] buffers [2] index_maps {
      ^bb0(%i: i32):
        tessera.yield %i, %i : i32, i32
      } body {
      ^bb0(%i: i32, %xb: memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>):
        tessera.yield
      } {labels = ["input 0"], names = ["x"]}
  return
}

// -----

func.func @masked_store_bf16(%v: vector<16x128xbf16>, %m: vector<16x128xi8>,
                             %o: memref<16x128xbf16, #tessera.memory_space<vmem>>) {
  // A packed tile's mask is an integer tile of its own width (i16 here).
  // expected-error @+1 {{mask must be a vector of i1 of the value's shape (or, for a packed tile, an integer tile of its width), not 'vector<16x128xi8>'}}
  tessera.masked_store %v, %m, %o : vector<16x128xbf16>, vector<16x128xi8>, memref<16x128xbf16, #tessera.memory_space<vmem>>
  return
}

// -----

func.func @masked_store_mask(%v: vector<8x128xf32>, %m: vector<8x128xi32>,
                             %o: memref<8x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{mask must be a vector of i1 of the value's shape}}
  tessera.masked_store %v, %m, %o : vector<8x128xf32>, vector<8x128xi32>, memref<8x128xf32, #tessera.memory_space<vmem>>
  return
}

// -----

func.func @remote_dma_of_smem(%src: memref<8xi32, #tessera.memory_space<smem>>,
                              %dst: memref<8xi32, #tessera.memory_space<any>>,
                              %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>,
                              %device: i32) {
  // expected-error @+1 {{'tessera.remote_dma_start' op a remote copy moves HBM or VMEM, not SMEM}}
  tessera.remote_dma_start %src, %dst, %sem, %sem, %device : memref<8xi32, #tessera.memory_space<smem>>, memref<8xi32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

func.func @smem_dma_of_bf16(%src: memref<8xbf16, #tessera.memory_space<any>>,
                            %dst: memref<8xbf16, #tessera.memory_space<smem>>,
                            %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_start' op destination in SMEM must be a 1-D Ref or one row (of at most 128) of a 2-D Ref of 32-bit words}}
  tessera.dma_start %src, %dst, %sem : memref<8xbf16, #tessera.memory_space<any>>, memref<8xbf16, #tessera.memory_space<smem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

!any = memref<24x128xf32, #tessera.memory_space<any>>
!blk = memref<32x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid_element_block_too_large(%x: !any) {
  // expected-error @+1 {{'tessera.grid' op operand 0's element dimension 0 has blocks of 32, more than its 24}}
  tessera.grid grid [4] semantics ["arbitrary"] cores 1 ins(%x : !any)
      blocks [array<i64: 32, 128>] buffers [2] index_maps {
      ^bb0(%i: i32):
        tessera.yield %i, %i : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !blk):
        tessera.yield
      } {element_dims = array<i64: 1>, labels = ["input 0"], names = ["x"]}
  return
}

// -----

!any = memref<24x128xf32, #tessera.memory_space<any>>
!blk = memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid_element_dims_mask(%x: !any) {
  // expected-error @+1 {{'tessera.grid' op element_dims entries are masks of the 2 dimensions (0 to 3), not 4}}
  tessera.grid grid [4] semantics ["arbitrary"] cores 1 ins(%x : !any)
      blocks [array<i64: 8, 128>] buffers [2] index_maps {
      ^bb0(%i: i32):
        tessera.yield %i, %i : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !blk):
        tessera.yield
      } {element_dims = array<i64: 4>, labels = ["input 0"], names = ["x"]}
  return
}

// -----

!any = memref<32x128xf32, #tessera.memory_space<any>>
!blk = memref<16x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid_copies_of_blocked_rows(%x: !any) {
  // expected-error @+1 {{'tessera.grid' op operand 0's copies start at its box (copy_rows 0 first) and are of element rows}}
  tessera.grid grid [2] semantics ["arbitrary"] cores 1 ins(%x : !any)
      blocks [array<i64: 8, 128>] buffers [2] index_maps {
      ^bb0(%i: i32):
        tessera.yield %i, %i : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !blk):
        tessera.yield
      } {copy_rows = [array<i64: 0, 16>], labels = ["input 0"], names = ["x"]}
  return
}

// -----

!any = memref<48x128xf32, #tessera.memory_space<any>>
!blk = memref<16x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid_matrix_rows_not_dividing(%x: !any) {
  // expected-error @+1 {{'tessera.grid' op operand 0's matrix_rows 20 must be a multiple of 8 dividing its rows (48), of element rows in blocks of a multiple of 8}}
  tessera.grid grid [2] semantics ["arbitrary"] cores 1 ins(%x : !any)
      blocks [array<i64: 16, 128>] buffers [2] index_maps {
      ^bb0(%i: i32):
        tessera.yield %i, %i : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !blk):
        tessera.yield
      } {element_dims = array<i64: 1>, matrix_rows = array<i64: 20>, labels = ["input 0"], names = ["x"]}
  return
}

// -----

!any = memref<48x128xf32, #tessera.memory_space<any>>
!blk = memref<16x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid_matrix_rows_of_blocked_rows(%x: !any) {
  // expected-error @+1 {{'tessera.grid' op operand 0's matrix_rows 24 must be a multiple of 8 dividing its rows (48), of element rows in blocks of a multiple of 8}}
  tessera.grid grid [2] semantics ["arbitrary"] cores 1 ins(%x : !any)
      blocks [array<i64: 16, 128>] buffers [2] index_maps {
      ^bb0(%i: i32):
        tessera.yield %i, %i : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !blk):
        tessera.yield
      } {matrix_rows = array<i64: 24>, labels = ["input 0"], names = ["x"]}
  return
}

// -----

!any = memref<48x128xf32, #tessera.memory_space<any>>
!blk = memref<16x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid_row_padding_of_blocked_rows(%x: !any) {
  // expected-error @+1 {{'tessera.grid' op operand 0's row_padding (1, 1) must not be negative, of element rows (of matrices, matrix_rows, when the block has copies)}}
  tessera.grid grid [2] semantics ["arbitrary"] cores 1 ins(%x : !any)
      blocks [array<i64: 16, 128>] buffers [2] index_maps {
      ^bb0(%i: i32):
        tessera.yield %i, %i : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !blk):
        tessera.yield
      } {row_padding = array<i64: 1, 1>, labels = ["input 0"], names = ["x"]}
  return
}

// -----

!any = memref<48x128xf32, #tessera.memory_space<any>>
!blk = memref<16x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid_row_padding_entries(%x: !any) {
  // expected-error @+1 {{'tessera.grid' op needs two row_padding entries per operand (2), has 1}}
  tessera.grid grid [2] semantics ["arbitrary"] cores 1 ins(%x : !any)
      blocks [array<i64: 16, 128>] buffers [2] index_maps {
      ^bb0(%i: i32):
        tessera.yield %i, %i : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !blk):
        tessera.yield
      } {element_dims = array<i64: 1>, row_padding = array<i64: 1>, labels = ["input 0"], names = ["x"]}
  return
}

// -----

!any = memref<16x512xf32, #tessera.memory_space<any>>
!blk = memref<16x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid_col_padding_of_blocked_columns(%x: !any) {
  // expected-error @+1 {{'tessera.grid' op operand 0's col_padding (128, 128) must be whole 128-lane tiles of element columns in blocks of whole tiles}}
  tessera.grid grid [2] semantics ["arbitrary"] cores 1 ins(%x : !any)
      blocks [array<i64: 16, 256>] buffers [2] index_maps {
      ^bb0(%i: i32):
        tessera.yield %i, %i : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !blk):
        tessera.yield
      } {col_padding = array<i64: 128, 128>, labels = ["input 0"], names = ["x"]}
  return
}

// -----

!any = memref<16x512xf32, #tessera.memory_space<any>>
!blk = memref<16x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid_col_padding_inside_a_tile(%x: !any) {
  // expected-error @+1 {{'tessera.grid' op operand 0's col_padding (64, 0) must be whole 128-lane tiles of element columns in blocks of whole tiles}}
  tessera.grid grid [2] semantics ["arbitrary"] cores 1 ins(%x : !any)
      blocks [array<i64: 16, 256>] buffers [2] index_maps {
      ^bb0(%i: i32):
        tessera.yield %i, %i : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !blk):
        tessera.yield
      } {element_dims = array<i64: 2>, col_padding = array<i64: 64, 0>, labels = ["input 0"], names = ["x"]}
  return
}

// -----

!any = memref<16x512xf32, #tessera.memory_space<any>>
!blk = memref<16x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid_bounded_cols_without_a_size(%x: !any) {
  // expected-error @+1 {{'tessera.grid' op index map 0 of bounded columns (bounded_cols) yields their size (its last value); they are element columns of whole 128-lane tiles, without col_padding}}
  tessera.grid grid [2] semantics ["arbitrary"] cores 1 ins(%x : !any)
      blocks [array<i64: 16, 256>] buffers [2] index_maps {
      ^bb0(%i: i32):
        tessera.yield %i, %i : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !blk):
        tessera.yield
      } {element_dims = array<i64: 2>, bounded_cols = array<i64: 1>, labels = ["input 0"], names = ["x"]}
  return
}

// -----

!any = memref<48x128xf32, #tessera.memory_space<any>>
!blk = memref<16x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid_bounded_blocked_rows(%x: !any) {
  // expected-error @+1 {{'tessera.grid' op index map 0 yields a size of bounded rows (a third value), which are element rows without row_padding or matrix_rows}}
  tessera.grid grid [2] semantics ["arbitrary"] cores 1 ins(%x : !any)
      blocks [array<i64: 16, 128>] buffers [2] index_maps {
      ^bb0(%i: i32):
        tessera.yield %i, %i, %i : i32, i32, i32
      } body {
      ^bb0(%i: i32, %xb: !blk):
        tessera.yield
      } {labels = ["input 0"], names = ["x"]}
  return
}

// -----

!any = memref<48x256xf32, #tessera.memory_space<any>>
!blk = memref<16x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid_two_sizes_of_blocked_columns(%x: !any) {
  // expected-error @+1 {{'tessera.grid' op index map 0 yields sizes of bounded rows and columns (a third and a fourth value), so its columns are bounded_cols}}
  tessera.grid grid [2] semantics ["arbitrary"] cores 1 ins(%x : !any)
      blocks [array<i64: 16, 256>] buffers [2] index_maps {
      ^bb0(%i: i32):
        tessera.yield %i, %i, %i, %i : i32, i32, i32, i32
      } body {
      ^bb0(%i: i32, %xb: !blk):
        tessera.yield
      } {element_dims = array<i64: 3>, labels = ["input 0"], names = ["x"]}
  return
}

// -----

func.func @smem_words_and_two_hbm_rows(%rows: memref<2x64xi32, #tessera.memory_space<any>>,
                                       %words: memref<128xi32, #tessera.memory_space<smem>>,
                                       %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_start' op source shape [2, 64] does not match destination shape [128]}}
  tessera.dma_start %rows, %words, %sem : memref<2x64xi32, #tessera.memory_space<any>>, memref<128xi32, #tessera.memory_space<smem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}
