// RUN: tessera-opt %s -split-input-file -canonicalize | FileCheck %s

// The folds of the tile-IR ops.

// unpack(pack(a, b)) of bf16 is round_bf16 of the part; rounding a value
// that is already bf16 (rounded, unpacked, or an exact constant) is the
// value; an inexact constant is rounded at compile time.

// CHECK-LABEL: func.func @bf16_folds
// CHECK-SAME: (%[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>, %[[P:[a-z0-9]+]]: vector<16x128xbf16>)
// CHECK-DAG: %[[C:.*]] = arith.constant dense<1.000000e+00> : vector<8x128xf32>
// CHECK-DAG: %[[R:.*]] = tessera.round_bf16 %[[B]] : vector<8x128xf32>
// CHECK-DAG: %[[U:.*]] = tessera.unpack %[[P]] {part = 0 : i64}
// CHECK: return %[[R]], %[[R]], %[[U]], %[[C]], %[[P]]
func.func @bf16_folds(%a: vector<8x128xf32>, %b: vector<8x128xf32>, %p: vector<16x128xbf16>)
    -> (vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<16x128xbf16>) {
  %packed = tessera.pack %a, %b : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
  %hi = tessera.unpack %packed {part = 1 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
  %twice = tessera.round_bf16 %hi : vector<8x128xf32>
  %u = tessera.unpack %p {part = 0 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
  %ru = tessera.round_bf16 %u : vector<8x128xf32>
  // 1 + 2^-10 rounds to 1 in bf16 (8 bits of mantissa).
  %c = arith.constant dense<1.0009765625> : vector<8x128xf32>
  %rc = tessera.round_bf16 %c : vector<8x128xf32>
  %u1 = tessera.unpack %p {part = 1 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
  %repacked = tessera.pack %u, %u1 : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
  return %hi, %twice, %ru, %rc, %repacked
      : vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<16x128xbf16>
}

// -----

// int8 keeps its unpack (one vunpack.s8 is cheaper than two shifts); a
// pack of the parts in the wrong order is not the tile.

// CHECK-LABEL: func.func @kept
// CHECK: %[[Q:.*]] = tessera.pack
// CHECK: %[[U:.*]] = tessera.unpack %[[Q]] {part = 2 : i64}
// CHECK: tessera.pack %{{.*}}, %{{.*}} : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
// CHECK: return %[[U]]
func.func @kept(%i: vector<8x128xi32>, %p: vector<16x128xbf16>) -> (vector<8x128xi32>, vector<16x128xbf16>) {
  %q = tessera.pack %i, %i, %i, %i : vector<8x128xi32>, vector<8x128xi32>, vector<8x128xi32>, vector<8x128xi32> -> vector<32x128xi8>
  %u = tessera.unpack %q {part = 2 : i64} : vector<32x128xi8> -> vector<8x128xi32>
  %lo = tessera.unpack %p {part = 0 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
  %hi = tessera.unpack %p {part = 1 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
  %swapped = tessera.pack %hi, %lo : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
  return %u, %swapped : vector<8x128xi32>, vector<16x128xbf16>
}

// -----

// Reducing an axis of size 1 and broadcasting to the same shape are the
// operand.

// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[R:[a-z0-9]+]]: vector<1x128xf32>, %[[T:[a-z0-9]+]]: vector<8x128xf32>)
// CHECK-NEXT: return %[[R]], %[[T]]
func.func @identities(%r: vector<1x128xf32>, %t: vector<8x128xf32>) -> (vector<1x128xf32>, vector<8x128xf32>) {
  %s = tessera.reduce %r {axis = 0 : i64, kind = "sum"} : vector<1x128xf32> -> vector<1x128xf32>
  %b = tessera.broadcast %t : vector<8x128xf32> -> vector<8x128xf32>
  return %s, %b : vector<1x128xf32>, vector<8x128xf32>
}

// -----

// A second rounding or unpack of the same value in a block is the first.

// CHECK-LABEL: func.func @repeated
// CHECK-SAME: (%[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[P:[a-z0-9]+]]: vector<16x128xbf16>)
// CHECK-NEXT: %[[R:.*]] = tessera.round_bf16 %[[A]]
// CHECK-NEXT: %[[U:.*]] = tessera.unpack %[[P]] {part = 1 : i64}
// CHECK-NEXT: %[[L:.*]] = tessera.unpack %[[P]] {part = 0 : i64}
// CHECK-NEXT: return %[[R]], %[[R]], %[[U]], %[[U]], %[[L]]
func.func @repeated(%a: vector<8x128xf32>, %p: vector<16x128xbf16>)
    -> (vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>) {
  %r1 = tessera.round_bf16 %a : vector<8x128xf32>
  %r2 = tessera.round_bf16 %a : vector<8x128xf32>
  %u1 = tessera.unpack %p {part = 1 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
  %u2 = tessera.unpack %p {part = 1 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
  %l = tessera.unpack %p {part = 0 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
  return %r1, %r2, %u1, %u2, %l
      : vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>
}

// -----

// Division by a constant power of two is a multiplication by its exact
// inverse (the same bits for every x); any other divisor, or one whose
// inverse would be subnormal (2^127), stays a division. (The rule is the
// tessera dialect's: the round_bf16 loads the dialect here, as the
// compiler's context always has it.)

// CHECK-LABEL: func.func @divide_by_power_of_two
// CHECK-SAME: (%[[X:[a-z0-9]+]]: vector<8x128xf32>, %[[S:[a-z0-9]+]]: f32)
// CHECK-DAG: %[[INV:.*]] = arith.constant dense<9.765625E-4> : vector<8x128xf32>
// CHECK-DAG: %[[MINUS2:.*]] = arith.constant -2.000000e+00 : f32
// CHECK-DAG: %[[THREE:.*]] = arith.constant dense<3.000000e+00> : vector<8x128xf32>
// CHECK-DAG: %[[HUGE:.*]] = arith.constant 1.70141183E+38 : f32
// CHECK-DAG: %[[M:.*]] = arith.mulf %[[X]], %[[INV]] : vector<8x128xf32>
// CHECK-DAG: %[[N:.*]] = arith.mulf %[[S]], %[[MINUS2]] : f32
// CHECK-DAG: %[[D:.*]] = arith.divf %[[X]], %[[THREE]] : vector<8x128xf32>
// CHECK-DAG: %[[H:.*]] = arith.divf %[[S]], %[[HUGE]] : f32
// CHECK-DAG: %[[RB:.*]] = tessera.round_bf16 %[[X]] : vector<8x128xf32>
// CHECK: return %[[M]], %[[N]], %[[D]], %[[H]], %[[RB]]
func.func @divide_by_power_of_two(%x: vector<8x128xf32>, %s: f32)
    -> (vector<8x128xf32>, f32, vector<8x128xf32>, f32, vector<8x128xf32>) {
  %r = tessera.round_bf16 %x : vector<8x128xf32>
  %c1024 = arith.constant dense<1024.0> : vector<8x128xf32>
  %m = arith.divf %x, %c1024 : vector<8x128xf32>
  %half = arith.constant -0.5 : f32
  %n = arith.divf %s, %half : f32
  %c3 = arith.constant dense<3.0> : vector<8x128xf32>
  %d = arith.divf %x, %c3 : vector<8x128xf32>
  %huge = arith.constant 1.70141183E+38 : f32
  %h = arith.divf %s, %huge : f32
  return %m, %n, %d, %h, %r : vector<8x128xf32>, f32, vector<8x128xf32>, f32, vector<8x128xf32>
}
