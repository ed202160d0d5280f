// RUN: tessera-opt %s -split-input-file -verify-diagnostics

// Kernel IR the verifier must reject, found by fuzzing tessera-opt (issue
// 10, item 6, and fuzz/OptFuzzer.cpp; the inputs are in
// fuzz/regressions/opt/). Accepted, each crashed a pass.

// A VMEM Ref whose layout map has no strides: tile legalization views its
// tiles by strides, and the view of such a Ref had no type (a crash in the
// verifier after tessera-legalize-tiles).

func.func @load_not_strided(%x: memref<16x128xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>, #tessera.memory_space<vmem>>,
                            %o: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.load' op the Ref 'memref<16x128xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>, #tessera.memory_space<vmem>>' has no strided layout}}
  %v = tessera.load %x : memref<16x128xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>, #tessera.memory_space<vmem>> -> vector<16x128xf32>
  tessera.store %v, %o : vector<16x128xf32>, memref<16x128xf32, #tessera.memory_space<vmem>>
  return
}

// -----

func.func @store_not_strided(%x: memref<16x128xf32, #tessera.memory_space<vmem>>,
                             %o: memref<16x128xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>, #tessera.memory_space<vmem>>) {
  %v = tessera.load %x : memref<16x128xf32, #tessera.memory_space<vmem>> -> vector<16x128xf32>
  // expected-error @+1 {{'tessera.store' op the Ref 'memref<16x128xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>, #tessera.memory_space<vmem>>' has no strided layout}}
  tessera.store %v, %o : vector<16x128xf32>, memref<16x128xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>, #tessera.memory_space<vmem>>
  return
}
