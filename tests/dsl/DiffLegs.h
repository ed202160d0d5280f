//===- DiffLegs.h - One generated kernel run three ways, and the verdict --===//
//
// The differential test runs every generated kernel (KernelGenerator.h)
// three ways, its legs: compiled with the passes on (the default
// DebugOptions), compiled with them off, and interpreted (`.interpret` on
// the kernel spec, with the race detector on: the reference interpreter,
// which shares no code with the lowering or the simulator). Each leg's output is compared bit for bit
// with the host model's (Program::expected) and with the other legs'; the
// verdict names the legs that disagree. The test (DifferentialTest.cpp),
// the driver (FuzzKernels.cpp) and the reducer (DiffReducer.h) judge
// programs with judge().
//
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "KernelProgram.h"
#include "dsl/tessera.h"

namespace tessera::difftest {

/// The three ways a kernel runs.
enum class Leg { PassesOn, PassesOff, Interpret };
inline constexpr int kNumLegs = 3;
inline constexpr std::array<Leg, kNumLegs> kLegs = {Leg::PassesOn, Leg::PassesOff,
                                                    Leg::Interpret};
/// "passes on", "passes off", "interpret".
const char *legName(Leg leg);

/// The interpreted leg's switch: false runs the compiled legs only.
inline constexpr bool kInterpretLeg = true;

/// Sets `spec` up to run as `leg`: the pass switches, interpret mode, and a
/// name suffix. False if the leg is switched off (kInterpretLeg).
/// The test, the driver and printed reproductions (DiffRepro.h) all go
/// through here, so a leg means the same everywhere.
bool configureLeg(pl::KernelSpec &spec, Leg leg);

/// The kernel spec of `p` (without a leg): out_type, its operands' scratch
/// buffers and names, the checks, scalar prefetch.
pl::KernelSpec kernelSpec(const Program &p);

/// The arguments of `p`'s kernel: off_smem (prefetch kernels), x, y.
std::vector<Array> kernelArgs(const Program &p);

/// Machine instructions of a compiled leg's listing.
struct Counts {
  int64_t instrs = 0, vld = 0, vst = 0, branches = 0;
  int64_t spills = 0;  // 1 if the listing spills or reloads a register
  int64_t cycles = 0;  // of the run
};

/// One leg of one program.
struct LegRun {
  bool ran = false;  // false: the leg is switched off
  std::vector<uint32_t> bits;
  std::string error;    // a compile or run error (the leg then has no output)
  Counts counts;        // compiled legs
  std::string listing;  // compiled legs
  double seconds = 0;   // trace, compile and run
};

/// Which legs judge() runs.
struct JudgeOptions {
  std::array<bool, kNumLegs> legs = {true, true, kInterpretLeg};
};

/// The outcome of one program.
struct Verdict {
  std::array<LegRun, kNumLegs> legs;
  /// More machine instructions with the passes on than off.
  bool longer = false;
  /// What failed, in a form two verdicts compare by (the reducer keeps a
  /// smaller program only if it fails the same way): each leg's error
  /// (digits dropped) and which of host model, on, off, interpret agree
  /// with which; "" when nothing failed.
  std::string signature;
  /// What failed, for people: each erroring leg with its message, and for
  /// each group of legs that disagrees with the host model's group, the
  /// legs on both sides and the first differing element.
  std::string problem;

  bool failed() const { return !signature.empty(); }
  bool sameAs(const Verdict &o) const { return signature == o.signature; }
  const LegRun &leg(Leg l) const { return legs[(size_t)l]; }
};

/// Runs `p` on the legs `options` selects and compares them with each
/// other and with p.expected.
Verdict judge(const Program &p, const JudgeOptions &options = {});

/// Runs kernel `k`, whose spec configureLeg set up for `leg`, on `args` (1
/// to 3 arrays): compiled legs through jit's compile() (their listings are
/// counted), the interpreted one through Kernel::call; on `devices` devices
/// (1 or 2 arrays), in a shard_map over make_mesh({devices}, {"d"}), every
/// argument and the output split P("d") by rows.
LegRun runKernel(const pl::Kernel &k, const std::vector<Array> &args, Leg leg, int devices = 1);

/// The verdict on the runs of one kernel whose expected output, of
/// `shape`, is `expected`.
Verdict compareLegs(std::array<LegRun, kNumLegs> legs, const std::vector<float> &expected,
                    const Shape &shape);

/// The first differing element of two outputs of `shape`, as text ("" if
/// equal): its position, both values and their bits, how many differ.
std::string firstDifference(const std::vector<uint32_t> &got, const std::vector<uint32_t> &want,
                            const Shape &shape);

std::vector<uint32_t> toBits(const std::vector<float> &v);

}  // namespace tessera::difftest
