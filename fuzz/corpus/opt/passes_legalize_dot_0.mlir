
// tessera.dot becomes MXU weight blocks and passes. The order is the
// contract with the scheduler: weight blocks (kb, nb) nb-major, in groups of
// four (one per MXU); per group, its four mxu_weights, then for each LHS row
// tile one mxu_matmul per block; each output tile summed in kb order.

!a = memref<16x128xbf16, #tessera.memory_space<vmem>>
!b = memref<128x640xbf16, #tessera.memory_space<vmem>>
!o = memref<16x640xf32, #tessera.memory_space<vmem>>

// Five blocks (K = 128, N = 640): a group of four, then one. A block is the
// 8 packed tiles of one column of 128, rows 0-127.

// CHECK-LABEL: func.func @groups
// CHECK: %[[A:.*]] = tessera.load %{{.*}} : memref<16x128xbf16, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
// CHECK: %[[B00:.*]] = tessera.load %{{.*}} : memref<16x128xbf16, strided<[640, 1]>, #tessera.memory_space<vmem>>
// CHECK: %[[B01:.*]] = tessera.load %{{.*}} : memref<16x128xbf16, strided<[640, 1], offset: 128>, #tessera.memory_space<vmem>>
// CHECK: %[[B02:.*]] = tessera.load %{{.*}} offset: 256>
// CHECK: %[[B03:.*]] = tessera.load %{{.*}} offset: 384>
// CHECK: %[[B04:.*]] = tessera.load %{{.*}} offset: 512>
// CHECK: %[[B10:.*]] = tessera.load %{{.*}} offset: 10240>
// CHECK: %[[L0:.*]] = tessera.unpack %[[A]] {part = 0 : i64}
// CHECK: %[[L1:.*]] = tessera.unpack %[[A]] {part = 1 : i64}
// CHECK: %[[W0:.*]] = tessera.mxu_weights %[[B00]], %[[B10]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<16x128xbf16>
// CHECK: %[[W1:.*]] = tessera.mxu_weights %[[B01]],
// CHECK: %[[W2:.*]] = tessera.mxu_weights %[[B02]],
// CHECK: %[[W3:.*]] = tessera.mxu_weights %[[B03]],
// CHECK: %[[R00:.*]] = tessera.mxu_matmul %[[W0]], %[[L0]] : vector<8x128xf32> -> vector<8x128xf32>
// CHECK: %[[R01:.*]] = tessera.mxu_matmul %[[W1]], %[[L0]]
// CHECK: %[[R02:.*]] = tessera.mxu_matmul %[[W2]], %[[L0]]
// CHECK: %[[R03:.*]] = tessera.mxu_matmul %[[W3]], %[[L0]]
// CHECK: %[[R10:.*]] = tessera.mxu_matmul %[[W0]], %[[L1]]
// CHECK: %[[R11:.*]] = tessera.mxu_matmul %[[W1]], %[[L1]]
// CHECK: %[[R12:.*]] = tessera.mxu_matmul %[[W2]], %[[L1]]
// CHECK: %[[R13:.*]] = tessera.mxu_matmul %[[W3]], %[[L1]]
// CHECK: %[[W4:.*]] = tessera.mxu_weights %[[B04]],
// CHECK: %[[R04:.*]] = tessera.mxu_matmul %[[W4]], %[[L0]]
// CHECK: %[[R14:.*]] = tessera.mxu_matmul %[[W4]], %[[L1]]
// CHECK: tessera.store %[[R00]]
// CHECK: tessera.store %[[R01]]
// CHECK: tessera.store %[[R02]]
// CHECK: tessera.store %[[R03]]
// CHECK: tessera.store %[[R04]]
// CHECK: tessera.store %[[R10]]
// CHECK-NOT: tessera.dot
// CHECK: return
func.func @groups(%a: !a, %b: !b, %o: !o) {
  %x = tessera.load %a : !a -> vector<16x128xbf16>
  %y = tessera.load %b : !b -> vector<128x640xbf16>
  %c = tessera.dot %x, %y : vector<16x128xbf16>, vector<128x640xbf16> -> vector<16x640xf32>
  tessera.store %c, %o : vector<16x640xf32>, !o
  return
}

