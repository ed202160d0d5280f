// RUN: tessera-opt %s -split-input-file -tessera-reuse-loads | FileCheck %s
// RUN: tessera-opt %s -split-input-file -tessera-kernel-pipeline | FileCheck --check-prefix=PIPE %s

// Inputs the fuzzer (fuzz/OptFuzzer.cpp) found crashing tessera-reuse-loads;
// each is also kept in fuzz/regressions/opt/.

!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A load that nothing reads, after a branch that may store its window: the
// load becomes a merge select of the branch's value, which nothing uses and
// which is erased; the pass then read the erased select (use after free).
// Now the dead load is simply gone.

// (Two tiles whose old contents are known, read before the branch: the
// merge selects of one if pay only from two such tiles on.)

// CHECK-LABEL: func.func @unused_load_after_branch
// CHECK: scf.if
// CHECK-NOT: tessera.load
// CHECK-NOT: arith.select
// CHECK: return
// PIPE-LABEL: func.func @unused_load_after_branch
func.func @unused_load_after_branch(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %c: i1)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %a = arith.constant dense<1.0> : vector<16x128xf32>
  %b = arith.constant dense<2.0> : vector<16x128xf32>
  %before = tessera.load %t : !vmem -> vector<16x128xf32>
  scf.if %c {
    tessera.store %a, %t : vector<16x128xf32>, !vmem
  }
  %r = tessera.load %t : !vmem -> vector<16x128xf32>
  tessera.store %b, %t : vector<16x128xf32>, !vmem
  return
}
