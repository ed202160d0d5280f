//===- Semaphores.cpp - REGULAR and BARRIER semaphores, across cores ------===//
#include "dsl/Semaphores.h"

#include "dsl/KernelTrace.h"
#include "dsl/PallasCall.h"
#include "mlir/IR/TesseraDialect.h"

namespace tessera {

using detail::KernelTrace;
using detail::RefMeta;
using detail::What;

namespace {

/// The one REGULAR / BARRIER semaphore `sem` names (`what` is the Pallas
/// call, for messages); DMA semaphores too when `anyKind`.
KernelTrace &oneSemaphore(const Ref &sem, const char *what, bool anyKind,
                          const std::source_location &loc) {
  const RefMeta &m = sem.meta();
  KernelTrace &trace = KernelTrace::check(m.trace, loc, What::ref(m.name));
  trace.checkVisible(m.value, loc, What::ref(m.name));
  if (m.space != MemorySpace::SEMAPHORE)
    throwUserError(loc, std::string(what) + ": '" + m.name + "' is in " + to_string(m.space) +
                            ", not a semaphore");
  bool regular = llvm::isa<mlir::tessera::SemaphoreType>(
      llvm::cast<mlir::MemRefType>(m.value.getType()).getElementType());
  if (!regular && !anyKind)
    throwUserError(loc, std::string(what) + ": '" + m.name +
                            "' is a DMA semaphore, which DMAs signal and their descriptors "
                            "wait on; use a pltpu::SemaphoreType::REGULAR (or BARRIER) one");
  if (numElements(m.shape) != 1)
    throwUserError(loc, std::string(what) + ": '" + m.name + "' is an array of " +
                            std::to_string(numElements(m.shape)) +
                            " semaphores; pick one with .at(i)");
  return trace;
}

}  // namespace

namespace pl {

void semaphore_signal(const Ref &sem, IntOrScalar inc, SemaphoreSignalOptions options,
                      std::source_location loc) {
  KernelTrace &trace = oneSemaphore(sem, "pl::semaphore_signal", false, loc);
  mlir::Value amount = trace.int32Value(inc, "pl::semaphore_signal's increment", loc);
  mlir::Value core;
  if (options.core_index) {
    const IntOrScalar &c = *options.core_index;
    if (!c.isScalar && (c.constant < 0 || c.constant >= trace.numCores()))
      throwUserError(loc, "pl::semaphore_signal: core_index " + std::to_string(c.constant) +
                              " is outside [0, " + std::to_string(trace.numCores()) +
                              "): the kernel runs on " + std::to_string(trace.numCores()) +
                              (trace.numCores() == 1 ? " TensorCore" : " TensorCores"));
    core = trace.int32Value(c, "pl::semaphore_signal's core_index", loc);
  }
  trace.builder().create<mlir::tessera::SemaphoreSignalOp>(trace.loc(loc), sem.meta().value,
                                                           amount, core);
}

void semaphore_wait(const Ref &sem, IntOrScalar value, std::source_location loc) {
  KernelTrace &trace = oneSemaphore(sem, "pl::semaphore_wait", false, loc);
  mlir::Value amount = trace.int32Value(value, "pl::semaphore_wait's value", loc);
  trace.builder().create<mlir::tessera::SemaphoreWaitOp>(trace.loc(loc), sem.meta().value,
                                                         amount);
}

Scalar semaphore_read(const Ref &sem, std::source_location loc) {
  KernelTrace &trace = oneSemaphore(sem, "pl::semaphore_read", true, loc);
  auto read = trace.builder().create<mlir::tessera::SemaphoreReadOp>(
      trace.loc(loc), trace.builder().getI32Type(), sem.meta().value);
  return trace.addScalar(read.getResult(), DType::int32);
}

}  // namespace pl

namespace pltpu {

void core_barrier(const Ref &sem, std::string_view core_axis_name, std::source_location loc) {
  // As Pallas' helper: signal every other core's semaphore once, then wait
  // for the other cores' signals. With one core there is no one to wait for.
  int64_t cores = lax::axis_size(core_axis_name, loc);
  if (cores == 1)
    return;
  Scalar me = lax::axis_index(core_axis_name, loc);
  for (int64_t k = 1; k < cores; ++k)
    pl::semaphore_signal(sem, 1, {.core_index = (me + k) % cores}, loc);
  pl::semaphore_wait(sem, cores - 1, loc);
}

}  // namespace pltpu

}  // namespace tessera
