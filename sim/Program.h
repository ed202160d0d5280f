//===- Program.h - A loaded executable in the form the core dispatches ----===//
//
// loadProgram decodes the encoded words of an Executable once (through
// isa::decodeProgram, so the simulator runs exactly what the bytes say),
// verifies every bundle and branch target, and flattens the bundles into an
// array of pre-decoded ops that the executor switches over.
//
// "All ops of a bundle read their operands at issue": ops are reordered
// within a bundle (a vwait first, memory stores and vsyncadd last, so loads
// and ssemld see the old memory and semaphores; MXU ops that read a matrix
// unit's state, vmatpop and vmatmul, before vmatlatch, and vmatlatch before
// vmatpush, so each sees the MXU as it was before the bundle), and where an
// op reads a register that an earlier op of the same bundle writes, the read
// is redirected to a shadow register that receives the old value before the
// bundle executes.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "sim/Executable.h"
#include "sim/MachineDesc.h"
#include "sim/isa/Isa.h"

namespace tessera::sim {

/// The three register files.
enum class RegFile : uint8_t { S, V, P };

/// Shadow registers per file, after the architectural ones (s32.., v32..,
/// p8..): enough for every register an op of one bundle could write.
inline constexpr int kShadowRegs = 16;

/// The ops settled before their bundle issues (Executor::waitFor): every
/// form of vwait.ge, and dma.fence.
bool isWaitOpcode(isa::Opcode op);
/// The exclusive upper bound of an immediate that selects a part of a vreg
/// (vunpack.s8's part, vbcast.sub's sublane, vextract's word, ...),
/// checked when a program loads; 0 for other opcodes.
uint32_t selectorLimit(isa::Opcode op);
/// Ops of the scalar, vector ALU, vector load, transcendental and
/// cross-lane classes write their first operand, and so does vmatpop;
/// memory stores, vxpose.push (its first operand is the part), the other
/// matrix ops and misc ops write no register. Their other register
/// operands are read.
bool writesFirstOperand(isa::Opcode op);
/// The register file of a register operand kind; nullopt for the others.
std::optional<RegFile> fileOf(isa::OperandKind kind);

/// One op, ready to execute.
struct DecodedOp {
  isa::Opcode opcode = isa::Opcode::Nop;
  bool predicated = false;
  bool negated = false;
  uint8_t guard = 0;  // predicate register (maybe a shadow) of the guard
  /// Register and semaphore operands in syntax order, immediates skipped;
  /// register indices may point at shadows.
  std::array<uint8_t, isa::kMaxOperands> reg{};
  uint8_t numRegs = 0;  // entries of `reg` in use
  uint32_t imm = 0;     // the immediate's 32-bit pattern
  int32_t latency = 0;  // from Isa.def
  /// The op's index in its bundle's encoded order (BundleDebug::ops), for
  /// naming its source line.
  uint8_t index = 0;
  /// Bit p: the vector register reg[p] is read here for the last time: on
  /// every path from here it is written before it is read again, and the
  /// end of the code (or a shalt) comes after that write. The executor may
  /// then compute into its storage or hand that storage to the next vector
  /// register written (Registers.h): a dead value is never observable.
  uint8_t vDies = 0;
};

/// Before a bundle executes: copy register `from` to shadow `to`.
struct ShadowCopy {
  RegFile file;
  uint8_t from;
  uint8_t to;
};

/// One bundle: a range of ops and of shadow copies.
struct DecodedBundle {
  uint32_t firstOp = 0;
  uint32_t numOps = 0;
  uint32_t firstCopy = 0;
  uint32_t numCopies = 0;
  /// ops[firstOp] is a vwait.ge (either form) or a dma.fence, evaluated
  /// before the bundle issues (Executor::waitFor).
  bool hasWait = false;
  /// Some op starts a DMA (it waits for room in the DMA queue before the
  /// bundle issues).
  bool hasDma = false;
  /// The host work of its ops (RunOptions::workBudget): workOf each.
  uint32_t work = 0;
};

/// RunOptions::workBudget's units: the host work of an op, relative to an
/// elementwise vector op on a vreg (1024 elements, about 0.07 us on this
/// machine). Measured with one-bundle loops through tessera-asm --run: a
/// transcendental (vexp.f32, vtanh.f32) costs 50-60 of them; an MXU product
/// (vmatmul: 8 x 128 x 128 multiply-adds, 30 us at the simulator's 4.4 G
/// multiply-adds a second) about 430. Pushes, latches and pops are vector
/// ops.
inline constexpr int64_t kWorkPerVectorOp = 1;
inline constexpr int64_t kWorkPerTranscendentalOp = 64;
inline constexpr int64_t kWorkPerMatmulOp = 512;
/// tessera-asm --run's default work budget: about 10 s of host time for
/// any listing (a one-bundle loop of transcendentals ran for hours within
/// the cycle budget). Also the least a kernel launch gets.
inline constexpr int64_t kListingWorkBudget = int64_t{1} << 27;
/// A kernel launch's default work budget per byte of its operands (inputs
/// and outputs), above kListingWorkBudget: the work real kernels do grows
/// with their data, and stays far below this (a 16384^3 bf16 matmul does
/// about 11 units a byte, 32k-token flash attention about 16), while a
/// small kernel's endless loop of transcendentals stops within seconds.
inline constexpr int64_t kLaunchWorkPerByte = 1024;
/// The default work budget of a launch whose operands hold `bytes` bytes.
inline int64_t launchWorkBudget(int64_t bytes) {
  return std::max(kListingWorkBudget, bytes > (INT64_MAX / kLaunchWorkPerByte)
                                          ? INT64_MAX
                                          : bytes * kLaunchWorkPerByte);
}

/// The host work an op costs the simulator, in units of one elementwise
/// vector op (a vreg's 1024 elements): what RunOptions::workBudget counts.
int64_t workOf(isa::Opcode op);

/// A verified program. Immutable; share it between launches and cores.
class Program {
public:
  /// The kernel's name, for messages.
  const std::string &name() const { return name_; }
  size_t numBundles() const { return bundles_.size(); }
  /// "first_kernel.cc:42", or "" if the bundle has no source position.
  std::string position(size_t bundle) const;
  /// The bundle's comment (e.g. a check's message), or "".
  const std::string &comment(size_t bundle) const;
  /// "bundle 0x0005 (first_kernel.cc:42)", or "bundle 0x0005".
  std::string describeBundle(size_t bundle) const;
  /// The position of the op at `index` (encoded order) of `bundle`: its own
  /// line if the executable has per-op positions, else the bundle's.
  std::string opPosition(size_t bundle, size_t index) const;
  /// The bundle that holds ops()[op].
  size_t bundleOf(size_t op) const;
  /// "bundle 0x0005 (a.cc:26)" with the line of ops()[op] itself.
  std::string describeOp(size_t op) const;

  /// The launch ABI (Executable.h).
  uint32_t numHbmArgs() const { return numHbmArgs_; }
  uint32_t scalarInputWords() const { return scalarInputWords_; }
  uint32_t vmemRows() const { return vmemRows_; }
  uint32_t numSemaphores() const { return numSemaphores_; }
  /// The named VMEM buffers, for messages (describeVmemRows).
  const std::vector<VmemBuffer> &vmemBuffers() const { return vmemBuffers_; }

  /// The dispatch form.
  const std::vector<DecodedBundle> &bundles() const { return bundles_; }
  const std::vector<DecodedOp> &ops() const { return ops_; }
  const std::vector<ShadowCopy> &copies() const { return copies_; }
  /// Whether the program reaches other chips (a dma.remote.* or a
  /// vsyncadd.remote): if not, its runs on different chips share nothing
  /// (Slice::runChipsApart).
  bool reachesOtherChips() const { return reachesOtherChips_; }
  /// Host memory the program holds (the compile cache's byte bound).
  int64_t hostBytes() const;

private:
  friend absl::StatusOr<std::shared_ptr<const Program>>
  loadProgram(const Executable &exe);

  std::string name_;
  std::vector<BundleDebug> debug_;
  uint32_t numHbmArgs_ = 0, scalarInputWords_ = 0, vmemRows_ = 0,
           numSemaphores_ = 0;
  std::vector<VmemBuffer> vmemBuffers_;
  std::vector<DecodedBundle> bundles_;
  std::vector<DecodedOp> ops_;
  std::vector<ShadowCopy> copies_;
  bool reachesOtherChips_ = false;
};

/// Decodes and verifies `exe.code` (one debug entry per bundle, operands in
/// range, slot capacities, branch targets inside the code or at its end,
/// pimm values 0 or 1, the ABI within the machine). Errors name the kernel
/// and the bundle.
absl::StatusOr<std::shared_ptr<const Program>>
loadProgram(const Executable &exe);

}  // namespace tessera::sim
