
// Tile IR: packing, unpacking, rounding, MXU weights (bf16, transposed bf16,
// int8) and passes.

// CHECK-LABEL: func.func @tile_ops
// CHECK-SAME: (%[[F:[a-z0-9]+]]: vector<8x128xf32>, %[[I:[a-z0-9]+]]: vector<8x128xi32>)
// CHECK: %[[P:.*]] = tessera.pack %[[F]], %[[F]] : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
// CHECK: %[[Q:.*]] = tessera.pack %[[I]], %[[I]], %[[I]], %[[I]] : vector<8x128xi32>, vector<8x128xi32>, vector<8x128xi32>, vector<8x128xi32> -> vector<32x128xi8>
// CHECK: tessera.unpack %[[P]] {part = 1 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
// CHECK: tessera.unpack %[[Q]] {part = 3 : i64} : vector<32x128xi8> -> vector<8x128xi32>
// CHECK: tessera.round_bf16 %[[F]] : vector<8x128xf32>
// CHECK: %[[W:.*]] = tessera.mxu_weights %[[P]], %[[P]], %[[P]], %[[P]], %[[P]], %[[P]], %[[P]], %[[P]] : vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>
// CHECK: tessera.mxu_matmul %[[W]], %[[F]] : vector<8x128xf32> -> vector<8x128xf32>
// CHECK: %[[WT:.*]] = tessera.mxu_weights {{.*}} {transposed = true} : vector<16x128xbf16>
// CHECK: tessera.mxu_matmul %[[WT]], %[[F]] : vector<8x128xf32> -> vector<8x128xf32>
// CHECK: %[[WI:.*]] = tessera.mxu_weights %[[Q]], %[[Q]], %[[Q]], %[[Q]] : vector<32x128xi8>, vector<32x128xi8>, vector<32x128xi8>, vector<32x128xi8>
// CHECK: tessera.mxu_matmul %[[WI]], %[[I]] : vector<8x128xi32> -> vector<8x128xi32>
func.func @tile_ops(%f: vector<8x128xf32>, %i: vector<8x128xi32>) {
  %p = tessera.pack %f, %f : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
  %q = tessera.pack %i, %i, %i, %i : vector<8x128xi32>, vector<8x128xi32>, vector<8x128xi32>, vector<8x128xi32> -> vector<32x128xi8>
  %u = tessera.unpack %p {part = 1 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
  %v = tessera.unpack %q {part = 3 : i64} : vector<32x128xi8> -> vector<8x128xi32>
  %r = tessera.round_bf16 %f : vector<8x128xf32>
  %w = tessera.mxu_weights %p, %p, %p, %p, %p, %p, %p, %p : vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>
  %m = tessera.mxu_matmul %w, %f : vector<8x128xf32> -> vector<8x128xf32>
  %wt = tessera.mxu_weights %p, %p, %p, %p, %p, %p, %p, %p {transposed = true} : vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>
  %mt = tessera.mxu_matmul %wt, %f : vector<8x128xf32> -> vector<8x128xf32>
  %wi = tessera.mxu_weights %q, %q, %q, %q : vector<32x128xi8>, vector<32x128xi8>, vector<32x128xi8>, vector<32x128xi8>
  %mi = tessera.mxu_matmul %wi, %i : vector<8x128xi32> -> vector<8x128xi32>
  return
}

