//===- RotationTest.cpp - A grid step's MXU fill at the end of the step before -===//
//
// rotateMxuFills (lowering/Rotation.h) on hand-made machine code: a grid
// step that loads its weights from a slot computed from a carried register
// and pushes them before its first latch. The fill moves to the end of the
// step and of the preheader, its address recomputed from the registers
// there; a step whose weight load must follow something in the step (a
// wait) keeps its fill, and so does a loop that is no grid step.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include "lowering/Rotation.h"

namespace tessera::lowering {
namespace {

using isa::Opcode;

MInstr instr(Opcode opcode, std::initializer_list<int64_t> ops, MemKind mem = MemKind::None) {
  MInstr mi;
  mi.instr = isa::makeInstr(opcode, ops);
  mi.mem = mem;
  if (mem == MemKind::VmemRead || mem == MemKind::Barrier) {
    mi.memLo = 0;
    mi.memHi = 64;
  }
  return mi;
}

/// Preheader: s0 = 0 (the slot). Step: [a wait,] s1 = s0 * 16; v0 = vld
/// [s1 + 0]; push mxu0, v0; latch mxu0; matmul mxu0, v1; pop v2, mxu0;
/// s0 += 1; p0 = s2 < 7; s2 += 1; @p0 sbr step.
MFunction gridStep(bool waitFirst, bool grid = true) {
  MFunction fn;
  fn.numVirtual[(int)RegClass::S] = 3;
  fn.numVirtual[(int)RegClass::V] = 3;
  fn.numVirtual[(int)RegClass::P] = 1;
  MBlock pre;
  pre.instrs = {instr(Opcode::SMovI, {0, 0}), instr(Opcode::SMovI, {2, 0})};
  MBlock step;
  step.gridStep = grid;
  if (waitFirst)
    step.instrs.push_back(instr(Opcode::VWaitGe, {0, 4096}, MemKind::Barrier));
  for (MInstr mi : {instr(Opcode::SMulI, {1, 0, 16}),
                    instr(Opcode::VLdR, {0, 1, 0}, MemKind::VmemRead),
                    instr(Opcode::VMatPushBf16, {0, 0}), instr(Opcode::VMatLatch, {0}),
                    instr(Opcode::VMatMulF32, {0, 1}), instr(Opcode::VMatPop, {2, 0}),
                    instr(Opcode::SAddI, {0, 0, 1}), instr(Opcode::SCmpLtI, {0, 2, 7}),
                    instr(Opcode::SAddI, {2, 2, 1})})
    step.instrs.push_back(mi);
  MInstr back = instr(Opcode::SBr, {0}, MemKind::Barrier);
  back.target = 1;
  setGuard(back, 0);
  step.instrs.push_back(back);
  fn.blocks = {pre, step};
  return fn;
}

std::vector<Opcode> opcodes(const MBlock &block) {
  std::vector<Opcode> out;
  for (const MInstr &mi : block.instrs)
    out.push_back(mi.instr.opcode);
  return out;
}

TEST(Rotation, TheFillMovesToTheEndOfTheStepBeforeAndOfThePreheader) {
  MFunction fn = gridStep(false);
  ASSERT_EQ(rotateMxuFills(fn), 1);
  // The preheader ends with the first step's fill, its address recomputed
  // into a fresh register from s0 as it is there.
  std::vector<Opcode> pre = opcodes(fn.blocks[0]);
  ASSERT_EQ(pre.size(), 5u);
  EXPECT_EQ(pre[2], Opcode::SMulI);
  EXPECT_EQ(pre[3], Opcode::VLdR);
  EXPECT_EQ(pre[4], Opcode::VMatPushBf16);
  const MInstr &mul = fn.blocks[0].instrs[2], &load = fn.blocks[0].instrs[3],
               &push = fn.blocks[0].instrs[4];
  EXPECT_EQ(mul.instr.ops[1], 0);  // reads s0
  EXPECT_NE(mul.instr.ops[0], 1);  // into a fresh register
  EXPECT_EQ(load.instr.ops[1], mul.instr.ops[0]);
  EXPECT_EQ(push.instr.ops[1], load.instr.ops[0]);
  // The step starts with its address (other users may read it) and the
  // latch; it ends with the next step's fill, after the update of s0 (so
  // from the next step's slot), then the back edge.
  std::vector<Opcode> step = opcodes(fn.blocks[1]);
  std::vector<Opcode> want = {Opcode::SMulI,  Opcode::VMatLatch,    Opcode::VMatMulF32,
                              Opcode::VMatPop, Opcode::SAddI,       Opcode::SCmpLtI,
                              Opcode::SAddI,  Opcode::SMulI,        Opcode::VLdR,
                              Opcode::VMatPushBf16, Opcode::SBr};
  EXPECT_EQ(step, want);
  EXPECT_EQ(fn.blocks[1].instrs[7].instr.ops[1], 0);
}

TEST(Rotation, AFillThatMustFollowSomethingInTheStepStays) {
  MFunction fn = gridStep(true);
  std::vector<Opcode> before = opcodes(fn.blocks[1]);
  EXPECT_EQ(rotateMxuFills(fn), 0);
  EXPECT_EQ(opcodes(fn.blocks[1]), before);
}

TEST(Rotation, NotIntoAnMxuThatHoldsWeightsPushedAfterItsLastLatch) {
  // A push after the step's last latch (weights the next step would latch
  // first): the moved ones would add to them.
  MFunction fn = gridStep(false);
  auto &ins = fn.blocks[1].instrs;
  ins.insert(ins.begin() + 6, instr(Opcode::VMatPushBf16, {0, 2}));
  EXPECT_EQ(rotateMxuFills(fn), 0);
  // Nor when the preheader does MXU work of its own.
  MFunction pre = gridStep(false);
  pre.blocks[0].instrs.push_back(instr(Opcode::VMatLatch, {0}));
  EXPECT_EQ(rotateMxuFills(pre), 0);
}

TEST(Rotation, OnlyAGridStepRotates) {
  MFunction fn = gridStep(false, /*grid=*/false);
  EXPECT_EQ(rotateMxuFills(fn), 0);
}

}  // namespace
}  // namespace tessera::lowering
