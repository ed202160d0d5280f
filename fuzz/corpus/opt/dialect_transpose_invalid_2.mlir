
func.func @transpose_tiles_count(%t0: vector<8x128xf32>, %t1: vector<8x128xf32>, %t2: vector<8x128xf32>, %t3: vector<8x128xf32>, %t4: vector<8x128xf32>, %t5: vector<8x128xf32>, %t6: vector<8x128xf32>, %t7: vector<8x128xf32>, %t8: vector<8x128xf32>, %t9: vector<8x128xf32>, %t10: vector<8x128xf32>, %t11: vector<8x128xf32>, %t12: vector<8x128xf32>, %t13: vector<8x128xf32>, %t14: vector<8x128xf32>, %t15: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.transpose_tiles' op transposes a 128x128 block: 16 tiles in, 16 out, not 15 in and 15 out}}
  %r:15 = tessera.transpose_tiles %t0, %t1, %t2, %t3, %t4, %t5, %t6, %t7, %t8, %t9, %t10, %t11, %t12, %t13, %t14 : vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32> -> vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>
  return
}

