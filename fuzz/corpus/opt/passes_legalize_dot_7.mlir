
// M = 12 and N = 208 with the right operand transposed (bf16[208, 128]):
// two LHS row tiles (the second's rows 12-15 padding), two weight blocks;
// the second block's rows 128-207 are tiles 8-12 of the operand and its
// rows past N take tile 0 (they make only output lanes past N, padding).

!a = memref<12x128xf32, #tessera.memory_space<vmem>>
!b = memref<208x128xbf16, #tessera.memory_space<vmem>>
!o = memref<12x208xf32, #tessera.memory_space<vmem>>

// CHECK-LABEL: func.func @padded_m_and_n
// CHECK: %[[T0:.*]] = tessera.load %{{.*}} : memref<16x128xbf16, strided<[128, 1]>, #tessera.memory_space<vmem>>
// CHECK: %[[T8:.*]] = tessera.load %{{.*}} offset: 16384>
// CHECK: %[[T12:.*]] = tessera.load %{{.*}} offset: 24576>
// CHECK: tessera.mxu_weights %[[T0]], {{.*}} {transposed = true}
// CHECK: tessera.mxu_weights %[[T8]], %{{.*}}, %{{.*}}, %{{.*}}, %[[T12]], %[[T0]], %[[T0]], %[[T0]] {transposed = true}
// CHECK-COUNT-4: tessera.mxu_matmul
// CHECK-NOT: tessera.mxu_matmul
// CHECK-NOT: tessera.dot
// CHECK: return
func.func @padded_m_and_n(%a: !a, %b: !b, %o: !o) {
  %x = tessera.load %a : !a -> vector<12x128xf32>
  %y = tessera.load %b : !b -> vector<208x128xbf16>
  %c = tessera.dot %x, %y {transpose_rhs = true} : vector<12x128xf32>, vector<208x128xbf16> -> vector<12x208xf32>
  tessera.store %c, %o : vector<12x208xf32>, !o
  return
}

