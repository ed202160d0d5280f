//===- DiffReducer.h - Delta debugging of a failing generated kernel ------===//
//
// When a generated kernel fails (DiffLegs.h: a leg errs, the legs and the
// host model disagree, or the passes lengthen it), reduce() searches for a
// smaller program that fails the same way (Verdict::sameAs: the same legs
// err with the same messages, the same legs disagree with the same
// others). Every candidate is first run on the host model, which refuses
// any that breaks the generator's rules (KernelGenerator.h) and gives the
// survivors their expected output; only those run on the legs.
//
// The search, repeated until nothing more is removed:
//   - delta debugging (ddmin) over every op list: the top-level body, then
//     each loop's and branch's body; chunks of ops are removed, halving the
//     chunks until single ops;
//   - a branch replaced by one side (its results by that side's yields), a
//     loop by nothing (its results by its initial values), a loop given one
//     iteration and no unrolling;
//   - an op bypassed: a value or scalar op removed and its result replaced
//     by one of its operands;
//   - constants: literals of arithmetic and stores set to 1 or 2, SMEM
//     words to 0;
//   - the kernel: the second input, the scalar-prefetch input, the SMEM
//     scratch dropped, the checks back on; inputs replaced by a constant
//     or by difftest::pattern; Refs given smaller shapes.
// The result is 1-minimal for op removal: removing any single op from it
// breaks a rule or makes the failure go away.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

#include "DiffLegs.h"
#include "KernelProgram.h"

namespace tessera::difftest {

struct ReduceOptions {
  JudgeOptions judge;
  /// The most candidates run on the legs (the host model's refusals are
  /// not counted: they cost microseconds).
  int maxJudged = 3000;
};

struct Reduction {
  Program program;  // the smallest failing program found (expected set)
  Verdict verdict;  // how it fails (the same way as the original)
  int judged = 0;   // candidates run on the legs
  int refused = 0;  // candidates the host model refused
  int opsBefore = 0, opsAfter = 0;
  bool budgetSpent = false;  // stopped at maxJudged, maybe not minimal
};

/// Reduces `p`, which fails as `failing` says (judge(p) with the same
/// options). `p.expected` must be the host model's output.
Reduction reduce(const Program &p, const Verdict &failing, const ReduceOptions &options = {});

/// Ops of a program, bodies included.
int opCount(const std::vector<Op> &ops);

/// The reduction for people: how far it got, how the reduced kernel fails,
/// and the kernel as a test ready to paste (reproText) named `testName`,
/// whose comment says where it came from (`origin`, e.g. "seed 7, kernel 12").
std::string reductionReport(const Reduction &r, const std::string &origin,
                            const std::string &testName);

}  // namespace tessera::difftest
