
func.func @transpose_tiles_tile(%x: vector<16x128xf32>) {
  // expected-error @+1 {{'tessera.transpose_tiles' op takes 8x128 tiles, not [16, 128]}}
  %r:16 = tessera.transpose_tiles %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x : vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32> -> vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>
  return
}
