
// Four tiles side by side; one splat constant tile serves all four.

// CHECK-LABEL: func.func @columns_8x512
// CHECK-SAME: (%[[X:[a-z0-9]+]]: memref<8x512xf32, {{.*}}>, %[[O:[a-z0-9]+]]: memref<8x512xf32, {{.*}}>)
// CHECK: tessera.view %[[X]] [0, 0] [8, 128] : {{.*}} to memref<8x128xf32, strided<[512, 1]>, #tessera.memory_space<vmem>>
// CHECK: %[[X0:.*]] = tessera.load
// CHECK: tessera.view %[[X]] [0, 128] [8, 128] : {{.*}} to memref<8x128xf32, strided<[512, 1], offset: 128>, #tessera.memory_space<vmem>>
// CHECK: %[[X1:.*]] = tessera.load
// CHECK: tessera.view %[[X]] [0, 256] [8, 128] : {{.*}} to memref<8x128xf32, strided<[512, 1], offset: 256>, #tessera.memory_space<vmem>>
// CHECK: %[[X2:.*]] = tessera.load
// CHECK: tessera.view %[[X]] [0, 384] [8, 128] : {{.*}} to memref<8x128xf32, strided<[512, 1], offset: 384>, #tessera.memory_space<vmem>>
// CHECK: %[[X3:.*]] = tessera.load
// CHECK: %[[C:.*]] = arith.constant dense<2.000000e+00> : vector<8x128xf32>
// CHECK-NOT: arith.constant
// CHECK: arith.mulf %[[X0]], %[[C]]
// CHECK: arith.mulf %[[X1]], %[[C]]
// CHECK: arith.mulf %[[X2]], %[[C]]
// CHECK: arith.mulf %[[X3]], %[[C]]
// CHECK: tessera.view %[[O]] [0, 0] [8, 128]
// CHECK: tessera.view %[[O]] [0, 128] [8, 128]
// CHECK: tessera.view %[[O]] [0, 256] [8, 128]
// CHECK: tessera.view %[[O]] [0, 384] [8, 128]
// CHECK-NOT: vector<8x512xf32>
// CHECK: return
func.func @columns_8x512(%x: memref<8x512xf32, #tessera.memory_space<vmem>>,
                         %o: memref<8x512xf32, #tessera.memory_space<vmem>>) {
  %v = tessera.load %x : memref<8x512xf32, #tessera.memory_space<vmem>> -> vector<8x512xf32>
  %c = arith.constant dense<2.0> : vector<8x512xf32>
  %y = arith.mulf %v, %c : vector<8x512xf32>
  tessera.store %y, %o : vector<8x512xf32>, memref<8x512xf32, #tessera.memory_space<vmem>>
  return
}

