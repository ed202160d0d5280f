// RUN: not tessera-opt %s 2>&1 | FileCheck %s
// RUN: not tessera-opt < %s 2>&1 | FileCheck %s

// MLIR 19's parser diagnoses a sparse constant whose values are of the wrong
// kind, then verifies it anyway and crashes (found by opt_fuzzer; the input
// is in fuzz/regressions/opt/). Kernel IR has no sparse constants:
// tessera-opt refuses the token before parsing, at its line. In comments
// and strings it is text: "sparse<" here is fine.

// CHECK: {{.*}}:[[# @LINE + 3]]:23: error: sparse elements attributes are not part of Tessera's kernel IR (a constant array is a splat: dense<v>)
// CHECK-NOT: PLEASE submit a bug report
func.func @f() attributes {note = "sparse<"} {
  %c = arith.constant sparse<[[0, 0]], [1.0]> : vector<32x128xi8>
  return
}
