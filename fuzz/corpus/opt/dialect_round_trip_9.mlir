
// Kernel IR with control flow: scalars and tiles carried by scf.for, an
// scf.if returning a tile, a run-time VMEM window in a loop.
// CHECK-LABEL: func.func @control_flow
// CHECK: %{{.*}}:2 = scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (i32, vector<8x128xf32>)  : i32 {
// CHECK:   %[[ROW:.*]] = tessera.multiple_of %{{.*}}, 8 : i32
// CHECK:   tessera.view %{{.*}} [%{{.*}}, 0] [8, 128] : memref<32x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK:   scf.if %{{.*}} -> (vector<8x128xf32>) {
// CHECK:   } else {
// CHECK:   scf.yield %{{.*}}, %{{.*}} : i32, vector<8x128xf32>
func.func @control_flow(%x: memref<32x128xf32, #tessera.memory_space<vmem>>, %n: i32) -> vector<8x128xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %zero = arith.constant dense<0.0> : vector<8x128xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%k = %c0, %acc = %zero) -> (i32, vector<8x128xf32>) : i32 {
    %r8 = arith.muli %i, %c8 : i32
    %row = tessera.multiple_of %r8, 8 : i32
    %ri = arith.index_cast %row : i32 to index
    %w = tessera.view %x[%ri, 0] [8, 128] : memref<32x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
    %odd = arith.andi %i, %c1 : i32
    %isOdd = arith.cmpi ne, %odd, %c0 : i32
    %t = scf.if %isOdd -> (vector<8x128xf32>) {
      %v = tessera.load %w : memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      scf.yield %v : vector<8x128xf32>
    } else {
      scf.yield %acc : vector<8x128xf32>
    }
    %k1 = arith.addi %k, %c1 : i32
    scf.yield %k1, %t : i32, vector<8x128xf32>
  }
  return %r#1 : vector<8x128xf32>
}

