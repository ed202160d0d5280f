//===- Semaphores.cpp - REGULAR and BARRIER semaphores, across cores ------===//
#include "dsl/Semaphores.h"

#include <algorithm>

#include "dsl/Jit.h"
#include "dsl/KernelTrace.h"
#include "dsl/PallasCall.h"
#include "dsl/RefOps.h"
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
  tessera::detail::refuseChoice(m, what, loc);
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

/// The logical id (index in the enclosing shard_map's mesh) of the device
/// `id` names, as an i32; constants are checked against the mesh.
mlir::Value logicalDevice(KernelTrace &trace, const pltpu::DeviceId &id,
                          pltpu::DeviceIdType type, const std::string &what,
                          const std::source_location &loc) {
  const auto *scope = tessera::detail::currentShardMap();
  // Outside a shard_map the kernel runs on one device: a mesh of one.
  Mesh one{{1}, {"device"}, {}};
  const Mesh &mesh = scope ? scope->spec->mesh : one;
  auto scalar = [&](const IntOrScalar &v) {
    return v.isScalar ? v.scalar : trace.constant(v.constant, loc);
  };
  auto checkConstant = [&](const IntOrScalar &v, int64_t size, const std::string &axis) {
    if (!v.isScalar && (v.constant < 0 || v.constant >= size))
      throwUserError(loc, what + ": device_id " + axis + std::to_string(v.constant) +
                              " is outside [0, " + std::to_string(size) + ")" +
                              (scope ? "" : " (outside a shard_map there is one device)"));
  };
  if (!id.named.empty()) {
    // The dict form: each named axis's coordinate, this device's on the others.
    if (type == pltpu::DeviceIdType::LOGICAL)
      throwUserError(loc, what + ": a device_id by axis name is a MESH device_id; pass "
                                 "DeviceIdType::MESH");
    for (const auto &[axis, value] : id.named)
      if (std::find(mesh.axis_names.begin(), mesh.axis_names.end(), axis) ==
          mesh.axis_names.end())
        throwUserError(loc, what + ": device_id names axis '" + axis +
                                "', which is not an axis of the shard_map's mesh");
    pltpu::DeviceId coords(0);
    coords.ids.clear();
    for (const std::string &axis : mesh.axis_names) {
      auto it = std::find_if(id.named.begin(), id.named.end(),
                             [&](const auto &n) { return n.first == axis; });
      coords.ids.push_back(it != id.named.end() ? it->second
                                                : IntOrScalar(lax::axis_index(axis, loc)));
    }
    return logicalDevice(trace, coords, type, what, loc);
  }
  if (type == pltpu::DeviceIdType::LOGICAL) {
    if (id.ids.size() != 1)
      throwUserError(loc, what + ": a LOGICAL device_id is one index, not " +
                              std::to_string(id.ids.size()) + " coordinates");
    checkConstant(id.ids[0], mesh.size(), "");
    return trace.int32Value(id.ids[0], what + "'s device_id", loc);
  }
  if (id.ids.size() != mesh.shape.size())
    throwUserError(loc, what + ": a MESH device_id has one coordinate per mesh axis (" +
                            std::to_string(mesh.shape.size()) + "), not " +
                            std::to_string(id.ids.size()) +
                            "; or pass a logical index with DeviceIdType::LOGICAL");
  // Row-major over the mesh axes, as tessera.device_id counts.
  bool allConstant = true;
  int64_t constant = 0;
  for (size_t a = 0; a < mesh.shape.size(); ++a) {
    checkConstant(id.ids[a], mesh.shape[a], "coordinate " + std::to_string(a) + " = ");
    allConstant = allConstant && !id.ids[a].isScalar;
    constant = constant * mesh.shape[a] + id.ids[a].constant;
  }
  if (allConstant)
    return trace.int32Value(constant, what + "'s device_id", loc);
  Scalar logical = scalar(id.ids[0]);
  for (size_t a = 1; a < mesh.shape.size(); ++a)
    logical = logical * trace.constant(mesh.shape[a], loc) + scalar(id.ids[a]);
  return trace.int32Value(logical, what + "'s device_id", loc);
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
  mlir::Value device;
  if (options.device_id)
    device = logicalDevice(trace, *options.device_id, options.device_id_type,
                           "pl::semaphore_signal", loc);
  trace.builder().create<mlir::tessera::SemaphoreSignalOp>(trace.loc(loc), sem.meta().value,
                                                           amount, core, device);
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

AsyncRemoteCopyDescriptor::AsyncRemoteCopyDescriptor(Ref src, Ref dst, Ref send_sem,
                                                     Ref recv_sem, DeviceId device_id,
                                                     DeviceIdType device_id_type,
                                                     std::source_location loc)
    : src_(std::move(src)), dst_(std::move(dst)), sendSem_(std::move(send_sem)),
      recvSem_(std::move(recv_sem)), deviceId_(std::move(device_id)),
      deviceIdType_(device_id_type) {
  tessera::detail::checkCopyOperands(src_, dst_, sendSem_, "make_async_remote_copy", loc);
  tessera::detail::checkCopyOperands(src_, dst_, recvSem_, "make_async_remote_copy", loc);
  id_ = KernelTrace::check(src_.meta().trace, loc, "a remote DMA descriptor")
            .descriptorMade(loc, "pltpu::make_async_remote_copy");
}

AsyncRemoteCopyDescriptor &AsyncRemoteCopyDescriptor::start(std::source_location loc) {
  KernelTrace &trace = KernelTrace::check(src_.meta().trace, loc, "a remote DMA descriptor");
  for (const Ref *r : {&src_, &dst_, &sendSem_, &recvSem_})
    trace.checkVisible(r->meta().value, loc, What::ref(r->name()));
  trace.descriptorUsed(id_);
  mlir::Value device = logicalDevice(trace, deviceId_, deviceIdType_, "make_async_remote_copy",
                                     loc);
  trace.builder().create<mlir::tessera::RemoteDmaStartOp>(
      trace.loc(loc), src_.meta().value, dst_.meta().value, sendSem_.meta().value,
      recvSem_.meta().value, device, mlir::Value());
  return *this;
}

void AsyncRemoteCopyDescriptor::wait_send(std::source_location loc) {
  KernelTrace::check(src_.meta().trace, loc, "a remote DMA descriptor").descriptorUsed(id_);
  // The bytes of one copy on the send semaphore: tessera.dma_wait, whose
  // src and dst say how many (and that src may be read until here).
  make_async_copy(src_, dst_, sendSem_, loc).wait(loc);
}

void AsyncRemoteCopyDescriptor::wait_recv(std::source_location loc) {
  KernelTrace::check(src_.meta().trace, loc, "a remote DMA descriptor").descriptorUsed(id_);
  // The bytes of one copy into this device's dst (another device's push).
  make_async_copy(src_, dst_, recvSem_, loc).wait(loc);
}

void AsyncRemoteCopyDescriptor::wait(std::source_location loc) {
  wait_send(loc);
  wait_recv(loc);
}

AsyncRemoteCopyDescriptor make_async_remote_copy(Ref src, Ref dst, Ref send_sem, Ref recv_sem,
                                                 DeviceId device_id, DeviceIdType device_id_type,
                                                 std::source_location loc) {
  return AsyncRemoteCopyDescriptor(std::move(src), std::move(dst), std::move(send_sem),
                                   std::move(recv_sem), std::move(device_id), device_id_type,
                                   loc);
}

Ref get_barrier_semaphore(std::source_location loc) {
  return KernelTrace::current(loc, "pltpu::get_barrier_semaphore").barrierSemaphore(loc);
}

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
