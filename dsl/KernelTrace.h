//===- KernelTrace.h - Recording a kernel body into kernel IR -------------===//
//
// Internal to dsl/: the state of one kernel trace. The body lambda runs once
// with Refs for the kernel's arguments; every handle operation lands here
// and becomes an op of the tessera dialect at the user's source line. One
// MLIRContext serves the whole process.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <map>
#include <memory>
#include <source_location>
#include <string>
#include <vector>

#include "dsl/Kernel.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace tessera::detail {

/// The process-wide context with Tessera's dialects loaded.
mlir::MLIRContext &context();

/// What a Ref handle points at.
struct RefMeta {
  uint64_t trace = 0;
  mlir::Value value;  // a func argument or a tessera.view
  Shape shape;
  DType dtype = DType::float32;
  MemorySpace space = MemorySpace::VMEM;
  std::string name;   // the argument's name, with the window for views
};

class KernelTrace {
public:
  /// Starts a trace of `spec` for arguments of these types; makes it the
  /// current trace of this thread until destroyed.
  KernelTrace(const pl::KernelSpec &spec, const std::vector<ShapeDtypeStruct> &inputs,
              const std::vector<std::string> &argNames, const std::source_location &loc);
  ~KernelTrace();
  KernelTrace(const KernelTrace &) = delete;
  KernelTrace &operator=(const KernelTrace &) = delete;

  /// The trace active on this thread; throws a user error naming `loc` and
  /// `what` when there is none or `traceId` is not it (a handle used outside
  /// its kernel).
  static KernelTrace &check(uint64_t traceId, const std::source_location &loc,
                            const std::string &what);

  uint64_t id() const { return id_; }
  mlir::OpBuilder &builder() { return builder_; }
  mlir::Location loc(const std::source_location &where);
  const std::vector<Ref> &argumentRefs() const { return args_; }

  Value addValue(mlir::Value v, ShapeDtypeStruct type);
  mlir::Value value(const Value &v) const { return values_[v.id()]; }
  Scalar addScalar(mlir::Value v, DType dtype);
  mlir::Value value(const Scalar &s) const { return values_[s.id()]; }
  /// `s` as an index (for a window offset); one cast per scalar, so that
  /// windows at the same run-time offset are recognisably the same.
  mlir::Value indexOf(const Scalar &s, const std::source_location &where);
  Ref makeRef(RefMeta meta);

  /// Ends the trace and hands over the module.
  mlir::OwningOpRef<mlir::ModuleOp> finish();

private:
  uint64_t id_;
  KernelTrace *previous_;
  mlir::OpBuilder builder_;
  mlir::OwningOpRef<mlir::ModuleOp> module_;
  std::vector<mlir::Value> values_;
  std::map<int, mlir::Value> indexOf_;
  std::vector<Ref> args_;
};

mlir::Type elementType(DType dtype);

}  // namespace tessera::detail
