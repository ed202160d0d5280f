
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// The same pair the other way round: a load that starts a loop's carried
// value stays when the value known for it is one the loop uses (the seed
// 4242 kernel 1210 of the differential test: 339 instructions with it
// replaced, 231 without).

// CHECK-LABEL: func.func @load_starting_a_carry_of_a_loop_using_its_value
// CHECK: %[[A:.*]] = tessera.load
// CHECK-NEXT: %[[B:.*]] = tessera.load
// CHECK-NEXT: scf.for {{.*}} iter_args(%{{.*}} = %[[B]])
// CHECK-NEXT: arith.addf %{{.*}}, %[[A]]
func.func @load_starting_a_carry_of_a_loop_using_its_value(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %n: i32) -> !tile
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %t0 = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  %a = tessera.load %t0 : !rows0 -> !tile
  %b = tessera.load %t0 : !rows0 -> !tile
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %b) -> (!tile) : i32 {
    %s = arith.addf %acc, %a : !tile
    scf.yield %s : !tile
  }
  return %r : !tile
}

