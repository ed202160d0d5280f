
// The whole kernel pipeline on a bf16 row softmax: tile legalization with
// widening, then load reuse and dead-store elimination on packed tiles.
// The output tile is stored, loaded again and added to itself: the load
// reuses the stored packed tiles (their units are round_bf16 of the f32
// results), and the first store is dead.

// CHECK-LABEL: func.func @softmax
// CHECK: tessera.dma_wait
// CHECK: %[[X0:.*]] = tessera.load %{{.*}} -> vector<16x128xbf16>
// CHECK: %[[X1:.*]] = tessera.load %{{.*}} -> vector<16x128xbf16>
// CHECK: %[[U0:.*]] = tessera.unpack %[[X0]] {part = 0 : i64}
// CHECK: %[[U1:.*]] = tessera.unpack %[[X1]] {part = 0 : i64}
// CHECK: %[[C0:.*]] = arith.maximumf %[[U0]], %[[U1]] : vector<8x128xf32>
// CHECK: %[[M0:.*]] = tessera.reduce %[[C0]] {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
// CHECK: tessera.broadcast %[[M0]] : vector<8x1xf32> -> vector<8x128xf32>
// CHECK: math.exp
// CHECK: tessera.reduce %{{.*}} {axis = 1 : i64, kind = "sum"}
// CHECK: tessera.reciprocal %{{.*}} : vector<8x1xf32>
// CHECK: %[[Y0:.*]] = arith.mulf
// CHECK: %[[R0:.*]] = tessera.round_bf16 %[[Y0]] : vector<8x128xf32>
// CHECK-NOT: tessera.round_bf16 %[[Y0]]
// CHECK: arith.addf %[[R0]], %[[R0]]
// CHECK-NOT: tessera.load
// CHECK: %[[P0:.*]] = tessera.pack
// CHECK: %[[P1:.*]] = tessera.pack
// CHECK-NEXT: %[[V0:.*]] = tessera.view %{{.*}} [0, 0] [16, 128]
// CHECK-NEXT: tessera.store %[[P0]], %[[V0]]
// CHECK-NEXT: %[[V1:.*]] = tessera.view %{{.*}} [0, 128] [16, 128]
// CHECK-NEXT: tessera.store %[[P1]], %[[V1]]
// CHECK-NOT: tessera.store
// CHECK: tessera.dma_start
// CHECK: tessera.semaphore_check
// CHECK-NOT: vector<16x256
!xh = memref<16x256xbf16, #tessera.memory_space<any>>
!xv = memref<16x256xbf16, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
func.func @softmax(%x_hbm: !xh, %o_hbm: !xh, %x: !xv, %o: !xv, %sem: !sem)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  tessera.dma_start %x_hbm, %x, %sem : !xh, !xv, !sem
  tessera.dma_wait %x_hbm, %x, %sem : !xh, !xv, !sem
  %v = tessera.load %x : !xv -> vector<16x256xbf16>
  %f = arith.extf %v : vector<16x256xbf16> to vector<16x256xf32>
  %m = tessera.reduce %f {axis = 1 : i64, kind = "max"} : vector<16x256xf32> -> vector<16x1xf32>
  %mb = tessera.broadcast %m : vector<16x1xf32> -> vector<16x256xf32>
  %d = arith.subf %f, %mb : vector<16x256xf32>
  %e = math.exp %d : vector<16x256xf32>
  %s = tessera.reduce %e {axis = 1 : i64, kind = "sum"} : vector<16x256xf32> -> vector<16x1xf32>
  %r = tessera.reciprocal %s : vector<16x1xf32>
  %rb = tessera.broadcast %r : vector<16x1xf32> -> vector<16x256xf32>
  %y = arith.mulf %e, %rb : vector<16x256xf32>
  %t = arith.truncf %y : vector<16x256xf32> to vector<16x256xbf16>
  tessera.store %t, %o : vector<16x256xbf16>, !xv
  %again = tessera.load %o : !xv -> vector<16x256xbf16>
  %twice = arith.addf %again, %t : vector<16x256xbf16>
  tessera.store %twice, %o : vector<16x256xbf16>, !xv
  tessera.dma_start %o, %o_hbm, %sem : !xv, !xh, !sem
  tessera.dma_wait %o, %o_hbm, %sem : !xv, !xh, !sem
  return
}
