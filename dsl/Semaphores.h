//===- Semaphores.h - REGULAR and BARRIER semaphores, across cores --------===//
//
// Pallas' semaphore primitives (PALLAS_REFERENCE.md section 3) on Refs of
// pltpu::SemaphoreType::REGULAR / ::BARRIER scratch:
//
//   pl::semaphore_signal(sem, 1, {.core_index = other});  // +1 on that core's sem
//   pl::semaphore_wait(sem, 1);     // until sem >= 1, then sem -= 1
//   Scalar v = pl::semaphore_read(sem);
//   pltpu::core_barrier(sem, "tc");  // every core of the mesh waits for the others
//
// A signal to the other TensorCore of the chip reaches it after
// machine::kCrossCoreSignalCycles; a wait that nothing can satisfy any more
// is reported as a deadlock naming each core's waiting line. Every
// semaphore must be zero when the kernel ends (the semaphore checks).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <optional>
#include <source_location>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dsl/ControlFlow.h"
#include "dsl/Kernel.h"

namespace tessera {
namespace pltpu {

/// How a device_id names a device: MESH, one coordinate per axis of the
/// enclosing shard_map's mesh; LOGICAL, its index in the mesh (row-major
/// over the axes: lax::axis_index's numbering).
enum class DeviceIdType { MESH, LOGICAL };

/// A device of the enclosing shard_map's mesh, as Pallas' device_id: a
/// logical id (`{right}` with LOGICAL), mesh coordinates (`{x, y}`), or
/// coordinates by axis name (Pallas' dict, `{{"x", right}}`: the axes not
/// named keep this device's coordinate, so a copy goes along one axis of a
/// 2-D mesh); constants or int32 Scalars computed at run time (ring
/// neighbours from lax::axis_index).
struct DeviceId {
  std::vector<IntOrScalar> ids;
  /// The dict form (MESH only): axis name -> coordinate.
  std::vector<std::pair<std::string, IntOrScalar>> named;
  DeviceId(IntOrScalar id) : ids{id} {}
  DeviceId(int64_t id) : ids{id} {}
  DeviceId(int id) : ids{id} {}
  DeviceId(const Scalar &id) : ids{id} {}
  DeviceId(std::initializer_list<IntOrScalar> coords) : ids(coords) {}
  DeviceId(std::initializer_list<std::pair<std::string, IntOrScalar>> axes) : named(axes) {}
};

}  // namespace pltpu

namespace pl {

/// The options of pl.semaphore_signal.
struct SemaphoreSignalOptions {
  /// The TensorCore whose semaphore is signalled (Pallas' core_index): its
  /// index in the kernel's TensorCoreMesh; none: the own core.
  std::optional<IntOrScalar> core_index = std::nullopt;
  /// The device whose semaphore is signalled (Pallas' device_id): a device
  /// of the enclosing shard_map's mesh; none: this device. The signal
  /// crosses the interconnect.
  std::optional<pltpu::DeviceId> device_id = std::nullopt;
  pltpu::DeviceIdType device_id_type = pltpu::DeviceIdType::MESH;
};

/// pl.semaphore_signal(sem, inc, core_index=): adds `inc` to a REGULAR or
/// BARRIER semaphore (one: index an array with .at(i) first).
void semaphore_signal(const Ref &sem, IntOrScalar inc = 1, SemaphoreSignalOptions options = {},
                      std::source_location loc = std::source_location::current());
/// pl.semaphore_wait(sem, value): blocks until the semaphore holds at least
/// `value`, then subtracts it.
void semaphore_wait(const Ref &sem, IntOrScalar value = 1,
                    std::source_location loc = std::source_location::current());
/// pl.semaphore_read(sem): the semaphore's value now (any kind, DMA too).
Scalar semaphore_read(const Ref &sem, std::source_location loc = std::source_location::current());

}  // namespace pl

namespace pltpu {

/// pltpu.make_async_remote_copy's descriptor: a push of `src` (here) to
/// `dst` on another device of the enclosing shard_map's mesh. `send_sem`
/// (here) counts the bytes that left, `recv_sem` (on the target) the bytes
/// that arrived: the sender waits with wait_send(), the receiver (running
/// the same code) with wait_recv(); wait() does both.
class AsyncRemoteCopyDescriptor {
public:
  AsyncRemoteCopyDescriptor(Ref src, Ref dst, Ref send_sem, Ref recv_sem, DeviceId device_id,
                            DeviceIdType device_id_type, std::source_location loc);
  AsyncRemoteCopyDescriptor &start(std::source_location loc = std::source_location::current());
  void wait_send(std::source_location loc = std::source_location::current());
  void wait_recv(std::source_location loc = std::source_location::current());
  void wait(std::source_location loc = std::source_location::current());

private:
  Ref src_, dst_, sendSem_, recvSem_;
  DeviceId deviceId_;
  DeviceIdType deviceIdType_;
  int id_ = -1;  // the trace's record of it (KernelTrace::descriptorMade)
};

/// pltpu.make_async_remote_copy(src, dst, send_sem, recv_sem, device_id,
/// device_id_type): a descriptor, not yet started.
AsyncRemoteCopyDescriptor make_async_remote_copy(
    Ref src, Ref dst, Ref send_sem, Ref recv_sem, DeviceId device_id,
    DeviceIdType device_id_type = DeviceIdType::MESH,
    std::source_location loc = std::source_location::current());

/// pltpu.get_barrier_semaphore(): the kernel's BARRIER semaphore, the same
/// on every device of the mesh, for a barrier of the kernel's own
/// (signal the neighbours with .device_id, wait for their signals). Needs
/// CompilerParams::collective_id.
Ref get_barrier_semaphore(std::source_location loc = std::source_location::current());

/// pltpu.core_barrier(sem, core_axis_name): each core of the mesh axis
/// signals `sem` on every other core, then waits for their signals; no core
/// passes until all have arrived.
void core_barrier(const Ref &sem, std::string_view core_axis_name,
                  std::source_location loc = std::source_location::current());
}  // namespace pltpu

}  // namespace tessera
