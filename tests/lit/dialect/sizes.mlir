// RUN: tessera-opt %s -split-input-file -verify-diagnostics

// A kernel's Refs and values fit the memory they name (issue 29, item 4):
// what no TensorCore can hold is a verifier error, so that no pass sizes
// anything by it (a VMEM Ref of 2^62 rows once made tile legalization ask
// for 2^59 tiles).

// expected-error @+1 {{'func.func' op an argument of type 'memref<4611686018427387904x128xf32, #tessera.memory_space<vmem>>' needs more than 9223372036854775807 bytes, more than the 16777216 bytes of VMEM}}
func.func @vmem_overflows(%v: memref<4611686018427387904x128xf32, #tessera.memory_space<vmem>>)
    attributes {tessera.kernel} {
  return
}

// -----

// expected-error @+1 {{'func.func' op an argument of type 'memref<32776x128xf32, #tessera.memory_space<vmem>>' needs 16781312 bytes, more than the 16777216 bytes of VMEM}}
func.func @vmem_too_big(%v: memref<32776x128xf32, #tessera.memory_space<vmem>>)
    attributes {tessera.kernel} {
  return
}

// -----

// expected-error @+1 {{needs 4194304 bytes, more than the 1048576 bytes of SMEM}}
func.func @smem_too_big(%s: memref<1048576xi32, #tessera.memory_space<smem>>)
    attributes {tessera.kernel} {
  return
}

// -----

// expected-error @+1 {{needs 1028 bytes, more than the 1024 bytes of semaphore memory (256 semaphores)}}
func.func @too_many_semaphores(%s: memref<257x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>)
    attributes {tessera.kernel} {
  return
}

// -----

// expected-error @+1 {{more than the 34359738368 bytes of a chip's HBM}}
func.func @hbm_too_big(%x: memref<67108864x256xf32, #tessera.memory_space<any>>)
    attributes {tessera.kernel} {
  return
}

// -----

func.func @value_too_big(%v: memref<8x128xf32, #tessera.memory_space<vmem>>)
    attributes {tessera.kernel} {
  // expected-error @+1 {{'arith.constant' op a result of type 'vector<8192x1024xf32>' needs 33554432 bytes, more than the 16777216 bytes of VMEM a value can live in}}
  %c = arith.constant dense<1.0> : vector<8192x1024xf32>
  return
}

