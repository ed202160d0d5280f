// A pl::when body without results (a store under a condition) is
// if-converted: the store is guarded by the condition's predicate, the
// multiply runs unguarded, and there is no branch.
// RUN: tessera-lower-tile %s | FileCheck %s

// CHECK-NOT: sbr
// CHECK: scmp.eq p[[P:[0-7]]], s{{[0-9]+}}, 0
// CHECK-NOT: sbr
// CHECK: @p[[P]] vst [vmem:0x8], v{{[0-9]+}}
// CHECK-NOT: sbr

module {
  func.func @when(%n: memref<1xi32, #tessera.memory_space<smem>>, %a: memref<8x128xf32, #tessera.memory_space<vmem>>,
                  %o: memref<8x128xf32, #tessera.memory_space<vmem>>)
      attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 1 : i64} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %k = tessera.load_scalar %n[%c0] : memref<1xi32, #tessera.memory_space<smem>> -> i32
    %first = arith.cmpi eq, %k, %c0_i32 : i32
    scf.if %first {
      %x = tessera.load %a : memref<8x128xf32, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %d = arith.mulf %x, %x : vector<8x128xf32>
      tessera.store %d, %o : vector<8x128xf32>, memref<8x128xf32, #tessera.memory_space<vmem>>
    }
    return
  }
}
