
// f32 at DEFAULT: the RHS is packed (rounded to bf16) in pairs of 8-row
// tiles; the f32 LHS goes in as it is (the MXU rounds it).

// CHECK-LABEL: func.func @f32_default
// CHECK: %[[A:.*]] = tessera.load %{{.*}} : memref<8x128xf32, #tessera.memory_space<vmem>> -> vector<8x128xf32>
// CHECK: %[[R0:.*]] = tessera.load %{{.*}} : memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
// CHECK: %[[R1:.*]] = tessera.load %{{.*}} offset: 1024>
// CHECK: %[[R15:.*]] = tessera.load %{{.*}} offset: 15360>
// CHECK: %[[P0:.*]] = tessera.pack %[[R0]], %[[R1]] : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
// CHECK: %[[P7:.*]] = tessera.pack %{{.*}}, %[[R15]]
// CHECK: %[[W:.*]] = tessera.mxu_weights %[[P0]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[P7]] : vector<16x128xbf16>
// CHECK: %[[C:.*]] = tessera.mxu_matmul %[[W]], %[[A]] : vector<8x128xf32> -> vector<8x128xf32>
// CHECK: tessera.store %[[C]]
func.func @f32_default(%a: memref<8x128xf32, #tessera.memory_space<vmem>>,
                       %b: memref<128x128xf32, #tessera.memory_space<vmem>>,
                       %o: memref<8x128xf32, #tessera.memory_space<vmem>>) {
  %x = tessera.load %a : memref<8x128xf32, #tessera.memory_space<vmem>> -> vector<8x128xf32>
  %y = tessera.load %b : memref<128x128xf32, #tessera.memory_space<vmem>> -> vector<128x128xf32>
  %c = tessera.dot %x, %y : vector<8x128xf32>, vector<128x128xf32> -> vector<8x128xf32>
  tessera.store %c, %o : vector<8x128xf32>, memref<8x128xf32, #tessera.memory_space<vmem>>
  return
}

