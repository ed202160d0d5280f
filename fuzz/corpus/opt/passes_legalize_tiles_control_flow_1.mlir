
!v32 = memref<32x256xf32, #tessera.memory_space<vmem>>
!win = memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>

// A window with a run-time row offset stays as it is; its tiles are views
// of it with the static tile offsets on top. Scalars carried next to the
// array keep their place.

// CHECK-LABEL: func.func @dynamic_window_in_loop
// CHECK: %{{.*}}:3 = scf.for %[[I:.*]] = {{.*}} iter_args(%[[K:.*]] = %{{.*}}, %[[A0:.*]] = %{{.*}}, %[[A1:.*]] = %{{.*}}) -> (i32, vector<8x128xf32>, vector<8x128xf32>)
// CHECK:   tessera.multiple_of
// CHECK:   %[[ROW:.*]] = arith.index_cast
// CHECK:   %[[W:.*]] = tessera.view %{{.*}} [%[[ROW]], 0] [8, 256] : memref<32x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK:   %[[T0:.*]] = tessera.view %[[W]] [0, 0] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK:   tessera.load %[[T0]]
// CHECK:   %[[T1:.*]] = tessera.view %[[W]] [0, 128] [8, 128]
// CHECK:   tessera.load %[[T1]]
// CHECK:   scf.yield %{{.*}}, %{{.*}}, %{{.*}} : i32, vector<8x128xf32>, vector<8x128xf32>
func.func @dynamic_window_in_loop(%x: !v32, %o: memref<8x256xf32, #tessera.memory_space<vmem>>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %zero = arith.constant dense<0.0> : vector<8x256xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%k = %c0, %acc = %zero) -> (i32, vector<8x256xf32>) : i32 {
    %row32 = arith.muli %i, %c8 : i32
    %row8 = tessera.multiple_of %row32, 8 : i32
    %row = arith.index_cast %row8 : i32 to index
    %w = tessera.view %x[%row, 0] [8, 256] : !v32 to !win
    %v = tessera.load %w : !win -> vector<8x256xf32>
    %s = arith.addf %acc, %v : vector<8x256xf32>
    %k1 = arith.addi %k, %c1 : i32
    scf.yield %k1, %s : i32, vector<8x256xf32>
  }
  tessera.store %r#1, %o : vector<8x256xf32>, memref<8x256xf32, #tessera.memory_space<vmem>>
  return
}

