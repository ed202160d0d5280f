
// x.T of one 128x128 f32 block through the whole pipeline: 16 vld, the 16
// parts pushed into the XLU's transpose buffer (the last one, part 15,
// completing the group), the 16 parts of the transpose popped and stored.
// The scheduler keeps the unit's ops in order, one every
// kCrossLaneIssueInterval cycles, and the first pop kXposeResultLatency
// cycles after the last push; the simulator faults otherwise.

// CHECK-COUNT-16: vxpose.push [xpose:{{[0-9]+}}], v{{[0-9]+}}
// CHECK-NOT: vxpose.push
// CHECK: vxpose.pop v{{[0-9]+}}, [xpose:0]
// CHECK-COUNT-15: vxpose.pop
// CHECK-NOT: vxpose

// RESULT: completed

!f = memref<128x128xf32, #tessera.memory_space<vmem>>
func.func @transpose(%x: !f, %o: !f) {
  %v = tessera.load %x : !f -> vector<128x128xf32>
  %t = tessera.transpose %v : vector<128x128xf32> -> vector<128x128xf32>
  tessera.store %t, %o : vector<128x128xf32>, !f
  return
}
