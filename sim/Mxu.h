//===- Mxu.h - One matrix unit: staging, active weights, result FIFO ------===//
//
// Internal to the simulator. A TensorCore has machine::kNumMxus of these
// weight-stationary 128x128 arrays (HARDWARE.md). The executor calls them in
// the bundle order of Program.h (vmatpop and vmatmul, then vmatlatch, then
// vmatpush), so each op sees the MXU as it was before its bundle issued.
//
//   vmatpush.*   add 16 bf16 (32 int8) weight rows to the staging buffer;
//                one push per MXU every kMxuPushInterval cycles
//   vmatlatch    staging -> active (needs 8 bf16 or 4 int8 pushes)
//   vmatmul.*    8 LHS rows through the active weights (vmath::mxuPassRows);
//                the 8x128 result joins the FIFO, poppable `latency` cycles
//                later; the MXU streams for kMxuStreamCycles
//   vmatpop      the oldest result, once it is ready
//
// There are no interlocks: every violation (a push too early, a latch of a
// partial staging buffer, a vmatmul while streaming, without weights, of the
// wrong kind or into a full FIFO, a pop of an empty FIFO or an unready
// result) is a fault whose text the executor prefixes with the bundle.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "sim/Chip.h"
#include "sim/MachineDesc.h"
#include "sim/Program.h"
#include "sim/VectorMath.h"
#include "sim/isa/Isa.h"

namespace tessera::sim {

class MatrixUnit {
public:
  /// What a weight buffer holds.
  enum class Kind : uint8_t { None, Bf16, S8 };

  /// Empty staging, no active weights, empty FIFO (a run starts so).
  void reset();

  /// The ops. Each returns "" on success, else the fault's text (without the
  /// bundle, which the executor adds). `index` names the unit (mxu2);
  /// `program` and `bundle` name bundles in the messages.
  std::string push(isa::Opcode op, const VRegData &value, int index,
                   int64_t cycle, uint32_t bundle, const Program &program);
  std::string latch(int index);
  std::string matmul(isa::Opcode op, const VRegData &lhs, int index,
                     int64_t cycle, int latency, uint32_t bundle,
                     const Program &program);
  std::string pop(int index, int64_t cycle, VRegData &out,
                  const Program &program);

private:
  struct Buffer {
    Kind kind = Kind::None;
    /// Weights [k][n], row-major, bf16 or int8 values as doubles (what
    /// vmath::mxuPassRows reads); allocated at the unit's first push, so a
    /// chip whose kernel leaves an MXU unused never touches its buffers.
    std::unique_ptr<vmath::MxuWeights> weights;
  };
  struct Result {
    VRegData data;
    int64_t ready = 0;
    uint32_t bundle = 0;
  };

  Buffer staging_, active_;
  int pushes_ = 0;               // since the last latch
  bool stagingTransposed_ = false;
  int64_t nextPush_ = 0;         // earliest cycle of the next push
  uint32_t lastPushBundle_ = 0;
  int64_t streamEnd_ = 0;        // earliest cycle of the next vmatmul
  uint32_t lastMatmulBundle_ = 0;
  /// The result FIFO (32 x 4 KiB), allocated at the unit's first vmatmul
  /// like its weights: building a chip touches none of it.
  std::unique_ptr<std::array<Result, machine::kMxuResultSlots>> fifo_;
  int head_ = 0, size_ = 0;
};

}  // namespace tessera::sim
