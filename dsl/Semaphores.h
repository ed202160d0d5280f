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
#include <string_view>

#include "dsl/ControlFlow.h"
#include "dsl/Kernel.h"

namespace tessera {
namespace pl {

/// The options of pl.semaphore_signal.
struct SemaphoreSignalOptions {
  /// The TensorCore whose semaphore is signalled (Pallas' core_index): its
  /// index in the kernel's TensorCoreMesh; none: the own core.
  std::optional<IntOrScalar> core_index = std::nullopt;
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
/// pltpu.core_barrier(sem, core_axis_name): each core of the mesh axis
/// signals `sem` on every other core, then waits for their signals; no core
/// passes until all have arrived.
void core_barrier(const Ref &sem, std::string_view core_axis_name,
                  std::source_location loc = std::source_location::current());
}  // namespace pltpu

}  // namespace tessera
