
// Packed bf16 tiles: windows are compared as element boxes (16x128 for a
// bf16 tile), not as 8-row tiles. Pure vector math and MXU ops between the
// loads touch no memory (the first load's value is used after the MXU ops
// too: it is live through them anyway, see @reload_after_a_dot).

!hbm = memref<32x128xbf16, #tessera.memory_space<any>>
!vmem = memref<32x128xbf16, #tessera.memory_space<vmem>>
!rows0 = memref<16x128xbf16, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows16 = memref<16x128xbf16, strided<[128, 1], offset: 2048>, #tessera.memory_space<vmem>>
!row20 = memref<1x128xbf16, strided<[128, 1], offset: 2560>, #tessera.memory_space<vmem>>
!tile = vector<16x128xbf16>

// CHECK-LABEL: func.func @bf16_windows
// CHECK: %[[V16:.*]] = tessera.view %{{.*}} [16, 0] [16, 128]
// CHECK-NEXT: %[[A:.*]] = tessera.load %[[V16]]
// CHECK: %[[V0:.*]] = tessera.view %{{.*}} [0, 0] [16, 128]
// CHECK-NEXT: tessera.store %{{.*}}, %[[V0]]
// CHECK-NOT: tessera.load %[[V16]]
// CHECK: %[[R:.*]] = tessera.view %{{.*}} [20, 0] [1, 128]
// CHECK-NEXT: tessera.store %{{.*}}, %[[R]]
// CHECK-NEXT: %[[C:.*]] = tessera.load %[[V16]]
// CHECK-NEXT: return %[[A]], %[[A]], %[[C]]
func.func @bf16_windows(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %t: vector<8x128xf32>, %row: vector<1x128xbf16>) -> (!tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v16 = tessera.view %x[16, 0] [16, 128] : !vmem to !rows16
  %a = tessera.load %v16 : !rows16 -> !tile
  %lo = tessera.unpack %a {part = 0 : i64} : !tile -> vector<8x128xf32>
  %p = tessera.pack %lo, %t : vector<8x128xf32>, vector<8x128xf32> -> !tile
  %w = tessera.mxu_weights %p, %p, %p, %p, %p, %p, %p, %p : !tile, !tile, !tile, !tile, !tile, !tile, !tile, !tile
  %m = tessera.mxu_matmul %w, %t : vector<8x128xf32> -> vector<8x128xf32>
  %s = tessera.reduce %m {axis = 0 : i64, kind = "sum"} : vector<8x128xf32> -> vector<1x128xf32>
  %hi = tessera.unpack %a {part = 1 : i64} : !tile -> vector<8x128xf32>
  %v0 = tessera.view %x[0, 0] [16, 128] : !vmem to !rows0
  tessera.store %p, %v0 : !tile, !rows0
  %b = tessera.load %v16 : !rows16 -> !tile
  %r = tessera.view %x[20, 0] [1, 128] : !vmem to !row20
  tessera.store %row, %r : vector<1x128xbf16>, !row20
  %c = tessera.load %v16 : !rows16 -> !tile
  return %a, %b, %c : !tile, !tile, !tile
}

