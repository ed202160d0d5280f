//===- Program.cpp - Decode an executable's words into the dispatch form --===//
#include "sim/Program.h"

#include <algorithm>

#include "sim/Dma.h"

#include "absl/status/status.h"
#include "absl/strings/str_format.h"

namespace tessera::sim {
namespace {

using isa::Opcode;
using isa::OperandKind;

bool isMemoryStore(Opcode op) {
  return op == Opcode::SSt || op == Opcode::SStR || op == Opcode::VSt ||
         op == Opcode::VStR || op == Opcode::VStMsk || op == Opcode::VStMskR ||
         op == Opcode::VStBMsk || op == Opcode::VStBMskR;
}

/// The ops that add to a semaphore (vsyncadd, vsyncadd.core; all forms).
bool isSemaphoreAdd(Opcode op) {
  return op == Opcode::VSyncAdd || op == Opcode::VSyncAddR ||
         op == Opcode::VSyncAddV || op == Opcode::VSyncAddRV ||
         op == Opcode::VSyncAddCore || op == Opcode::VSyncAddCoreR ||
         op == Opcode::VSyncAddCoreV || op == Opcode::VSyncAddCoreRV;
}

/// Execution rank inside a bundle: the wait before everything (it stalls the
/// whole bundle), stores after everything (loads read the old memory). A
/// vsyncadd (and vsyncadd.core) counts as a store to its semaphore, so an
/// ssemld of the same bundle reads the value from before it. MXU state likewise: vmatpop and
/// vmatmul (rank 1) read it before vmatlatch (2) replaces the active
/// weights, and vmatlatch reads the staging buffer before vmatpush (3)
/// adds to it.
constexpr int kMaxRank = 4;
int rank(Opcode op) {
  if (isWaitOpcode(op))
    return 0;
  if (op == Opcode::VMatLatch)
    return 2;
  if (op == Opcode::VMatPushBf16 || op == Opcode::VMatPushBf16T ||
      op == Opcode::VMatPushS8)
    return 3;
  return isMemoryStore(op) || isSemaphoreAdd(op) ? 4 : 1;
}

int numArchRegs(RegFile file) {
  switch (file) {
  case RegFile::S:
    return machine::kNumSRegs;
  case RegFile::V:
    return machine::kNumVRegs;
  case RegFile::P:
    return machine::kNumPRegs;
  }
  return 0;
}

/// Builds the shadow copies of one bundle (ops already in execution order).
class ShadowAllocator {
public:
  ShadowAllocator(std::vector<ShadowCopy> &copies) : copies_(copies) {}

  void noteWrite(RegFile file, uint8_t reg) {
    written_[static_cast<int>(file)][reg] = true;
  }
  /// The register an op must read to see `reg`'s value at issue.
  uint8_t read(RegFile file, uint8_t reg) {
    int f = static_cast<int>(file);
    if (!written_[f][reg])
      return reg;
    int16_t &shadow = shadowOf_[f][reg];
    if (shadow < 0) {
      shadow = static_cast<int16_t>(numArchRegs(file) + used_[f]++);
      copies_.push_back(ShadowCopy{file, reg, static_cast<uint8_t>(shadow)});
    }
    return static_cast<uint8_t>(shadow);
  }

private:
  static constexpr int kMaxRegs = machine::kNumVRegs;
  std::vector<ShadowCopy> &copies_;
  std::array<std::array<bool, kMaxRegs>, 3> written_{};
  std::array<std::array<int16_t, kMaxRegs>, 3> shadowOf_ = [] {
    std::array<std::array<int16_t, kMaxRegs>, 3> a;
    for (auto &row : a)
      row.fill(-1);
    return a;
  }();
  std::array<int, 3> used_{};
};

static_assert(machine::kNumSRegs <= 32 && machine::kNumVRegs <= 32 &&
              machine::kNumPRegs <= 32);
// A bundle holds at most this many ops, hence writes at most this many
// registers; each needs at most one shadow.
static_assert(machine::kScalarSlots + machine::kVectorAluSlots +
                  machine::kVectorLoadSlots + machine::kVectorStoreSlots +
                  machine::kMatrixSlots + machine::kMiscSlots +
                  machine::kTranscendentalSlots + machine::kCrossLaneSlots <=
              kShadowRegs);
static_assert(machine::kNumSRegs + kShadowRegs <= 256 &&
              machine::kNumVRegs + kShadowRegs <= 256);

}  // namespace

bool writesFirstOperand(Opcode op) {
  if (op == Opcode::VXposePush)
    return false;
  isa::Slot slot = isa::desc(op).slot;
  return (slot == isa::Slot::Scalar || slot == isa::Slot::VectorAlu ||
          slot == isa::Slot::VectorLoad || slot == isa::Slot::Transcendental ||
          slot == isa::Slot::CrossLane || op == Opcode::VMatPop) &&
         !isMemoryStore(op);
}

std::optional<RegFile> fileOf(OperandKind kind) {
  switch (kind) {
  case OperandKind::SReg:
    return RegFile::S;
  case OperandKind::VReg:
    return RegFile::V;
  case OperandKind::PReg:
    return RegFile::P;
  default:
    return std::nullopt;
  }
}

int64_t workOf(isa::Opcode op) {
  if (op == Opcode::VMatMulF32 || op == Opcode::VMatMulS8)
    return kWorkPerMatmulOp;
  switch (isa::desc(op).slot) {
  case isa::Slot::VectorAlu:
  case isa::Slot::VectorLoad:
  case isa::Slot::VectorStore:
  case isa::Slot::CrossLane:
  case isa::Slot::Matrix:
    return kWorkPerVectorOp;
  case isa::Slot::Transcendental:
    return kWorkPerTranscendentalOp;
  default:
    return 0;  // scalar and control ops: the cycle budget bounds them
  }
}

uint32_t selectorLimit(Opcode op) {
  switch (op) {
  case Opcode::VUnpackS8:
    return machine::kS8Packing;
  case Opcode::VUnpackS16:
    return machine::kS16Packing;
  case Opcode::VBcastSub:
    return machine::kSublanes;
  case Opcode::VBcastLane:
    return machine::kLanes;
  case Opcode::VExtract:
    return machine::kSublanes * machine::kLanes;
  case Opcode::VXposePush:
  case Opcode::VXposePop:
    return machine::kXposeGroupVregs;
  default:
    return 0;
  }
}

bool isWaitOpcode(Opcode op) {
  return op == Opcode::VWaitGe || op == Opcode::VWaitGeR ||
         op == Opcode::VWaitGeV || op == Opcode::VWaitGeRV ||
         op == Opcode::DmaFence;
}

std::string Program::position(size_t bundle) const {
  if (bundle >= debug_.size() || debug_[bundle].file.empty())
    return "";
  return absl::StrFormat("%s:%d", debug_[bundle].file, debug_[bundle].line);
}

const std::string &Program::comment(size_t bundle) const {
  static const std::string kEmpty;
  return bundle < debug_.size() ? debug_[bundle].comment : kEmpty;
}

/// "bundle 0x0005 (a.cc:26)", or "bundle 0x0005" without a position.
static std::string describeAt(size_t bundle, const std::string &pos) {
  if (pos.empty())
    return absl::StrFormat("bundle 0x%04x", bundle);
  return absl::StrFormat("bundle 0x%04x (%s)", bundle, pos);
}

std::string Program::describeBundle(size_t bundle) const {
  return describeAt(bundle, position(bundle));
}

std::string Program::opPosition(size_t bundle, size_t index) const {
  if (bundle < debug_.size() && index < debug_[bundle].ops.size()) {
    const OpDebug &d = debug_[bundle].ops[index];
    return d.file.empty() ? "" : absl::StrFormat("%s:%d", d.file, d.line);
  }
  return position(bundle);
}

size_t Program::bundleOf(size_t op) const {
  auto it = std::upper_bound(
      bundles_.begin(), bundles_.end(), op,
      [](size_t o, const DecodedBundle &b) { return o < b.firstOp; });
  return it == bundles_.begin() ? 0 : it - bundles_.begin() - 1;
}

std::string Program::describeOp(size_t op) const {
  if (op >= ops_.size())
    return "";
  size_t bundle = bundleOf(op);
  return describeAt(bundle, opPosition(bundle, ops_[op].index));
}

namespace {

/// The vector registers an op reads and writes, as bits over its reg[]
/// positions.
struct VectorUse {
  uint8_t reads = 0, writes = 0;
};

/// Sets DecodedOp::vDies: a backward liveness of the vector registers
/// (shadows included) over the bundles, in execution order (shadow copies,
/// then the ops as sorted). The end of the code and an executed shalt
/// observe every architectural register (TensorCore::vreg); a predicated
/// write may not happen, so it does not end a value's life.
void markLastReads(const std::vector<DecodedBundle> &bundles, std::vector<DecodedOp> &ops,
                   const std::vector<ShadowCopy> &copies, const std::vector<VectorUse> &uses) {
  const size_t n = bundles.size();
  static_assert(machine::kNumVRegs < 64);
  const uint64_t observed = (uint64_t{1} << machine::kNumVRegs) - 1;
  auto bit = [](unsigned r) { return uint64_t{1} << r; };
  // Successors: the next bundle (n: the end) unless an unpredicated sbr or
  // shalt ends the bundle, the sbr's target, and the end for a shalt. Bundle
  // b's are succ[succBegin[b], succBegin[b + 1]) (one array for the whole
  // program: loading a kernel makes no allocation per bundle).
  std::vector<uint32_t> succ, succBegin(n + 1, 0);
  succ.reserve(n + 1);
  std::vector<bool> halts(n, false);
  for (size_t b = 0; b < n; ++b) {
    succBegin[b] = static_cast<uint32_t>(succ.size());
    bool falls = true;
    for (uint32_t i = bundles[b].firstOp; i < bundles[b].firstOp + bundles[b].numOps; ++i) {
      if (ops[i].opcode == Opcode::SBr) {
        succ.push_back(ops[i].imm);
        falls = falls && ops[i].predicated;
      } else if (ops[i].opcode == Opcode::SHalt) {
        halts[b] = true;
        falls = falls && ops[i].predicated;
      }
    }
    if (falls)
      succ.push_back(static_cast<uint32_t>(b + 1));
  }
  succBegin[n] = static_cast<uint32_t>(succ.size());
  std::vector<uint64_t> liveIn(n + 1, 0);
  liveIn[n] = observed;
  // Runs bundle b backwards from what is live after it; with `mark`, sets
  // the ops' vDies on the way.
  auto through = [&](size_t b, bool mark) {
    uint64_t live = halts[b] ? observed : 0;
    for (uint32_t k = succBegin[b]; k < succBegin[b + 1]; ++k)
      live |= liveIn[succ[k]];
    const DecodedBundle &db = bundles[b];
    for (uint32_t i = db.firstOp + db.numOps; i-- > db.firstOp;) {
      DecodedOp &op = ops[i];
      const VectorUse &u = uses[i];
      if (u.writes && !op.predicated)
        live &= ~bit(op.reg[0]);
      uint8_t dies = 0;
      uint64_t reads = 0;
      // A source that is also the destination holds the new value after
      // the op: it does not die here.
      for (int p = 0; p < op.numRegs; ++p)
        if (u.reads >> p & 1) {
          if (!(live & bit(op.reg[p])) && !(u.writes && op.reg[p] == op.reg[0]))
            dies |= uint8_t{1} << p;
          reads |= bit(op.reg[p]);
        }
      if (mark)
        op.vDies = dies;
      live |= reads;
    }
    for (uint32_t c = db.firstCopy + db.numCopies; c-- > db.firstCopy;)
      if (copies[c].file == RegFile::V) {
        live &= ~bit(copies[c].to);
        live |= bit(copies[c].from);
      }
    return live;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t b = n; b-- > 0;) {
      uint64_t live = through(b, /*mark=*/false);
      if (live != liveIn[b]) {
        liveIn[b] = live;
        changed = true;
      }
    }
  }
  for (size_t b = 0; b < n; ++b)
    through(b, /*mark=*/true);
}

}  // namespace

int64_t Program::hostBytes() const {
  return int64_t(sizeof(Program) + vmemBuffers_.capacity() * sizeof(VmemBuffer) +
                 bundles_.capacity() * sizeof(DecodedBundle) +
                 ops_.capacity() * sizeof(DecodedOp) + copies_.capacity() * sizeof(ShadowCopy)) +
         sim::hostBytes(debug_);
}

absl::StatusOr<std::shared_ptr<const Program>>
loadProgram(const Executable &exe) {
  auto fail = [&](absl::string_view message) {
    return absl::InvalidArgumentError(
        absl::StrFormat("kernel '%s': %s", exe.name, message));
  };
  absl::StatusOr<std::vector<isa::Bundle>> bundles =
      isa::decodeProgram(exe.code);
  if (!bundles.ok())
    return fail(bundles.status().message());
  if ((int64_t)bundles->size() > kMaxProgramBundles)
    return fail(absl::StrFormat("%d bundles, more than the %d the model's instruction "
                                "memory holds (kMaxProgramBundles)",
                                bundles->size(), kMaxProgramBundles));
  if (bundles->size() != exe.debug.size())
    return fail(absl::StrFormat(
        "the code has %d bundles but the debug info describes %d",
        bundles->size(), exe.debug.size()));
  if (exe.vmemRows > machine::kVmemRows)
    return fail(absl::StrFormat("uses %d VMEM rows, the core has %d",
                                exe.vmemRows, machine::kVmemRows));
  if (exe.numSemaphores > machine::kNumSemaphores)
    return fail(absl::StrFormat("uses %d semaphores, the core has %d",
                                exe.numSemaphores, machine::kNumSemaphores));
  if (int64_t{exe.numHbmArgs} + exe.scalarInputWords > kKernelSmemWords)
    return fail(absl::StrFormat(
        "its %d + %d argument words do not fit in SMEM (%d words below the "
        "core index word)",
        exe.numHbmArgs, exe.scalarInputWords, kKernelSmemWords));

  auto program = std::make_shared<Program>();
  program->name_ = exe.name;
  program->debug_ = exe.debug;
  program->numHbmArgs_ = exe.numHbmArgs;
  program->scalarInputWords_ = exe.scalarInputWords;
  program->vmemRows_ = exe.vmemRows;
  program->vmemBuffers_ = exe.vmemBuffers;
  program->numSemaphores_ = exe.numSemaphores;

  std::vector<VectorUse> uses;  // per op of program->ops_
  for (size_t b = 0; b < bundles->size(); ++b) {
    size_t numPositions = exe.debug[b].ops.size();
    if (numPositions != 0 && numPositions != (*bundles)[b].size())
      return fail(absl::StrFormat(
          "bundle 0x%04x has %d ops but its debug info gives %d op positions",
          b, (*bundles)[b].size(), numPositions));
    // Execution order: by rank, stable (a bundle has only a few ops); each
    // op remembers its encoded index for its source position.
    isa::Bundle bundle;
    std::vector<uint8_t> encodedIndex;
    for (int r = 0; r <= kMaxRank; ++r)
      for (size_t i = 0; i < (*bundles)[b].size(); ++i)
        if (rank((*bundles)[b][i].opcode) == r) {
          bundle.push_back((*bundles)[b][i]);
          encodedIndex.push_back(static_cast<uint8_t>(i));
        }
    DecodedBundle db;
    db.firstOp = program->ops_.size();
    db.firstCopy = program->copies_.size();
    ShadowAllocator shadows(program->copies_);
    for (size_t k = 0; k < bundle.size(); ++k) {
      const isa::Instr &instr = bundle[k];
      const isa::InstrDesc &d = isa::desc(instr.opcode);
      auto where = [&] {
        return describeAt(b, program->opPosition(b, encodedIndex[k]));
      };
      // A branch may target any bundle or the end of the code (completion).
      for (int i = 0; i < d.numOperands; ++i)
        if (d.operands[i] == OperandKind::Target &&
            static_cast<uint64_t>(instr.ops[i]) > bundles->size())
          return fail(absl::StrFormat(
              "%s: %s target 0x%x is outside the code (%d bundles)",
              where(), d.mnemonic, instr.ops[i],
              bundles->size()));
      if (instr.opcode == Opcode::PImm && instr.immBits() > 1)
        return fail(absl::StrFormat(
            "%s: pimm sets a predicate to 0 or 1, not %d",
            where(), instr.imm()));
      if (uint32_t limit = selectorLimit(instr.opcode);
          limit != 0 && instr.immBits() >= limit)
        return fail(absl::StrFormat(
            "%s: %s selects part %d, allowed range [0, %d)",
            where(), d.mnemonic, instr.imm(), limit));
      DecodedOp op;
      op.opcode = instr.opcode;
      op.latency = d.latency;
      op.index = encodedIndex[k];
      op.predicated = instr.predicated;
      op.negated = instr.predNegated;
      if (instr.predicated)
        op.guard = shadows.read(RegFile::P, instr.pred);
      int reg = 0;
      bool writes = writesFirstOperand(instr.opcode);
      VectorUse use;
      for (int i = 0; i < d.numOperands; ++i) {
        OperandKind kind = d.operands[i];
        if (isa::isImmediateKind(kind)) {
          op.imm = instr.immBits();
          continue;
        }
        if (reg == static_cast<int>(op.reg.size()))
          return fail(absl::StrFormat("%s has more register operands than "
                                      "the dispatch form holds",
                                      d.mnemonic));
        auto value = static_cast<uint8_t>(instr.ops[i]);
        std::optional<RegFile> file = fileOf(kind);
        bool isDest = writes && i == 0;
        if (file == RegFile::V)
          (isDest ? use.writes : use.reads) |= uint8_t{1} << reg;
        op.reg[reg++] = file && !isDest ? shadows.read(*file, value) : value;
      }
      op.numRegs = static_cast<uint8_t>(reg);
      if (writes)
        shadows.noteWrite(*fileOf(d.operands[0]),
                          static_cast<uint8_t>(instr.ops[0]));
      db.work += static_cast<uint32_t>(workOf(instr.opcode));
      db.hasWait |= isWaitOpcode(instr.opcode);
      db.hasDma |= isDmaOpcode(instr.opcode);
      program->reachesOtherChips_ |=
          isRemoteDmaOpcode(instr.opcode) || instr.opcode == isa::Opcode::VSyncAddRemote;
      program->ops_.push_back(op);
      uses.push_back(use);
    }
    db.numOps = program->ops_.size() - db.firstOp;
    db.numCopies = program->copies_.size() - db.firstCopy;
    program->bundles_.push_back(db);
  }
  markLastReads(program->bundles_, program->ops_, program->copies_, uses);
  return std::shared_ptr<const Program>(std::move(program));
}

}  // namespace tessera::sim
