
!f = memref<16x256xf32, #tessera.memory_space<vmem>>

// A traced Scalar as an operand (the DSL's x + pl::program_id(0)): one
// vbcast into a 1x1 tile, converted once, and the same 8x128 register for
// every tile of x.

// CHECK-LABEL: func.func @scalar_operand
// CHECK: %[[S:.*]] = tessera.broadcast %{{.*}} : i32 -> vector<1x1xi32>
// CHECK: %[[F:.*]] = arith.sitofp %[[S]] : vector<1x1xi32> to vector<1x1xf32>
// CHECK: %[[B:.*]] = tessera.broadcast %[[F]] : vector<1x1xf32> -> vector<8x128xf32>
// CHECK-NOT: tessera.broadcast
// CHECK-NOT: arith.sitofp
// CHECK-COUNT-4: arith.addf %{{.*}}, %[[B]] : vector<8x128xf32>
func.func @scalar_operand(%x: !f, %o: !f, %i: i32) {
  %v = tessera.load %x : !f -> vector<16x256xf32>
  %s = tessera.broadcast %i : i32 -> vector<1x1xi32>
  %f = arith.sitofp %s : vector<1x1xi32> to vector<1x1xf32>
  %b = tessera.broadcast %f : vector<1x1xf32> -> vector<16x256xf32>
  %r = arith.addf %v, %b : vector<16x256xf32>
  tessera.store %r, %o : vector<16x256xf32>, !f
  return
}

