//===- DiffRepro.h - What a printed reproduction needs --------------------===//
//
// A reduced failing kernel is printed (reproText in KernelProgram.h) as a
// GoogleTest test that includes this header: its inputs come from
// difftest::pattern or literals, its expected output from difftest::runs or
// literals, and expectAllLegs runs it the three ways the differential test
// does (DiffLegs.h) and judges it as the test does.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <utility>
#include <source_location>
#include <vector>

#include "DiffLegs.h"
#include "KernelProgram.h"
#include "dsl/tessera.h"

namespace tessera::difftest {

/// Runs the kernel of `spec` and `body` on `args` compiled with the passes
/// on, off, and interpreted, as the differential test does (DiffLegs.h):
/// each output must equal `want` bit for bit, and the passes must not
/// lengthen the kernel. A failure names the legs that disagree. On
/// `devices` devices, the kernel runs in a shard_map over make_mesh({devices},
/// {"d"}) with every argument and the output split P("d") by rows.
template <class F>
void expectAllLegs(const pl::KernelSpec &spec, F body, const std::vector<Array> &args,
                   const std::vector<float> &want, int devices = 1,
                   std::source_location loc = std::source_location::current()) {
  std::array<LegRun, kNumLegs> legs;
  for (Leg leg : kLegs) {
    pl::KernelSpec s = spec;
    if (configureLeg(s, leg))
      legs[(size_t)leg] = runKernel(pl::kernel(s, body, loc), args, leg, devices);
  }
  Verdict v = compareLegs(std::move(legs), want, spec.out_type.types.front().shape);
  testing::ScopedTrace trace(loc.file_name(), (int)loc.line(), "difftest::expectAllLegs");
  EXPECT_FALSE(v.failed()) << v.problem;
}

}  // namespace tessera::difftest
