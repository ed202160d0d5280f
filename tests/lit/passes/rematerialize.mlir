// RUN: tessera-opt %s -split-input-file "-tessera-rematerialize=min-waiting-vregs=1" | FileCheck %s
// RUN: tessera-opt %s -split-input-file -tessera-rematerialize | FileCheck %s --check-prefix=DEFAULT

// With its default, the pass copies nothing here: no block's values hold
// the 24 registers (min-waiting-vregs) through their reductions that make
// a copy pay.
// DEFAULT-LABEL: func.func @reload_across_reduce
// DEFAULT-COUNT-1: tessera.load
// DEFAULT-NOT: tessera.load
// DEFAULT: return

// Kernels here: arguments are x_hbm (input), o_hbm (output), then scratch.

!hbm = memref<8x128xf32, #tessera.memory_space<any>>
!vmem = memref<8x128xf32, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>
!col = vector<8x1xf32>

// Softmax's `x - max(x)`: the subtraction waits for a reduction of x, so it
// reads x loaded again just before it; the reduction keeps the first load.

// CHECK-LABEL: func.func @reload_across_reduce
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<8x128xf32, #tessera.memory_space<vmem>>
// CHECK: %[[A:.*]] = tessera.load %[[X]]
// CHECK-NEXT: %[[R:.*]] = tessera.reduce %[[A]] {axis = 1 : i64, kind = "max"}
// CHECK-NEXT: %[[B:.*]] = tessera.broadcast %[[R]]
// CHECK-NEXT: %[[A2:.*]] = tessera.load %[[X]]
// CHECK-NEXT: %[[D:.*]] = arith.subf %[[A2]], %[[B]]
// CHECK-NEXT: %[[E:.*]] = math.exp %[[D]]
// CHECK-NEXT: return %[[E]]
func.func @reload_across_reduce(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem) -> !tile
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %a = tessera.load %x : !vmem -> !tile
  %r = tessera.reduce %a {axis = 1 : i64, kind = "max"} : !tile -> !col
  %b = tessera.broadcast %r : !col -> !tile
  %d = arith.subf %a, %b : !tile
  %e = math.exp %d : !tile
  return %e : !tile
}

// -----

!hbm = memref<8x128xf32, #tessera.memory_space<any>>
!vmem = memref<8x128xf32, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>
!col = vector<8x1xf32>

// Layer norm's `xc = x - mean; var = mean(xc * xc); xc * rsqrt(var)` over
// a row of two tiles (x, y): each is loaded again for its xc, and each xc
// is computed again (from its tile loaded a third time and the broadcast
// of the mean, which both read and so is kept) for the product with the
// inverse deviation. Over one tile, the copy of xc would hold the mean
// where the original held xc: no register saved, so it stays.

// CHECK-LABEL: func.func @recompute_centered
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<8x128xf32, #tessera.memory_space<vmem>>, %[[Y:[a-z0-9]+]]: memref<8x128xf32, #tessera.memory_space<vmem>>
// CHECK: %[[M:.*]] = tessera.broadcast
// CHECK-NEXT: %[[X2:.*]] = tessera.load %[[X]]
// CHECK-NEXT: %[[XC:.*]] = arith.subf %[[X2]], %[[M]]
// CHECK-NEXT: %[[Y2:.*]] = tessera.load %[[Y]]
// CHECK-NEXT: %[[YC:.*]] = arith.subf %[[Y2]], %[[M]]
// CHECK: %[[IB:.*]] = tessera.broadcast
// CHECK-NEXT: %[[X3:.*]] = tessera.load %[[X]]
// CHECK-NEXT: %[[XC2:.*]] = arith.subf %[[X3]], %[[M]]
// CHECK-NEXT: %[[NX:.*]] = arith.mulf %[[XC2]], %[[IB]]
// CHECK-NEXT: %[[Y3:.*]] = tessera.load %[[Y]]
// CHECK-NEXT: %[[YC2:.*]] = arith.subf %[[Y3]], %[[M]]
// CHECK-NEXT: %[[NY:.*]] = arith.mulf %[[YC2]], %[[IB]]
// CHECK-NEXT: return %[[NX]], %[[NY]]

// CHECK-LABEL: func.func @one_tile
// CHECK-COUNT-2: tessera.load
// CHECK-NOT: tessera.load
// CHECK-COUNT-1: arith.subf
// CHECK-NOT: arith.subf
// CHECK: return
func.func @recompute_centered(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %y: !vmem) -> (!tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %a = tessera.load %x : !vmem -> !tile
  %b = tessera.load %y : !vmem -> !tile
  %ab = arith.addf %a, %b : !tile
  %s = tessera.reduce %ab {axis = 1 : i64, kind = "sum"} : !tile -> !col
  %m = tessera.broadcast %s : !col -> !tile
  %xc = arith.subf %a, %m : !tile
  %yc = arith.subf %b, %m : !tile
  %sx = arith.mulf %xc, %xc : !tile
  %sy = arith.mulf %yc, %yc : !tile
  %sq = arith.addf %sx, %sy : !tile
  %v = tessera.reduce %sq {axis = 1 : i64, kind = "sum"} : !tile -> !col
  %inv = math.rsqrt %v : !col
  %ib = tessera.broadcast %inv : !col -> !tile
  %nx = arith.mulf %xc, %ib : !tile
  %ny = arith.mulf %yc, %ib : !tile
  return %nx, %ny : !tile, !tile
}

func.func @one_tile(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem) -> !tile
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %a = tessera.load %x : !vmem -> !tile
  %s = tessera.reduce %a {axis = 1 : i64, kind = "sum"} : !tile -> !col
  %m = tessera.broadcast %s : !col -> !tile
  %xc = arith.subf %a, %m : !tile
  %sq = arith.mulf %xc, %xc : !tile
  %v = tessera.reduce %sq {axis = 1 : i64, kind = "sum"} : !tile -> !col
  %inv = math.rsqrt %v : !col
  %ib = tessera.broadcast %inv : !col -> !tile
  %n = arith.mulf %xc, %ib : !tile
  return %n : !tile
}

// -----

!hbm = memref<8x128xf32, #tessera.memory_space<any>>
!vmem = memref<8x128xf32, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>
!row = vector<1x128xf32>

// A reduction across the sublanes (6 cycles) is over before a copy pays.

// CHECK-LABEL: func.func @sublanes
// CHECK-COUNT-1: tessera.load
// CHECK-NOT: tessera.load
// CHECK: return
func.func @sublanes(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem) -> !tile
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %a = tessera.load %x : !vmem -> !tile
  %r = tessera.reduce %a {axis = 0 : i64, kind = "max"} : !tile -> !row
  %b = tessera.broadcast %r : !row -> !tile
  %d = arith.subf %a, %b : !tile
  return %d : !tile
}

// -----

!hbm = memref<8x128xf32, #tessera.memory_space<any>>
!vmem = memref<8x128xf32, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>
!col = vector<8x1xf32>

// Nothing is copied: a store between the load and the late read (it may
// change what a reload would read), an EUP result (exp: computing it again
// costs more than its register), and a value read by no reduction.

// CHECK-LABEL: func.func @kept
// CHECK-COUNT-1: tessera.load
// CHECK-NOT: tessera.load
// CHECK-COUNT-1: math.exp
// CHECK-NOT: math.exp
// CHECK: return
func.func @kept(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %o: !vmem) -> (!tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %a = tessera.load %x : !vmem -> !tile
  %r = tessera.reduce %a {axis = 1 : i64, kind = "max"} : !tile -> !col
  %b = tessera.broadcast %r : !col -> !tile
  tessera.store %a, %x : !tile, !vmem
  %d = arith.subf %a, %b : !tile
  %e = math.exp %d : !tile
  %s = tessera.reduce %e {axis = 1 : i64, kind = "sum"} : !tile -> !col
  %sb = tessera.broadcast %s : !col -> !tile
  %p = arith.divf %e, %sb : !tile
  %q = arith.addf %d, %d : !tile
  return %p, %q, %d : !tile, !tile, !tile
}
