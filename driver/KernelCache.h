//===- KernelCache.h - Compiled kernels by their kernel IR, LRU -----------===//
//
// The compile cache behind driver::compileKernel (and the user's
// clear_compile_cache and capacity, CompileCache.h). Entries are found by
// the structural hash of the traced kernel IR, the pass switches and the
// aliases; a hit is confirmed by comparing the IR with its locations (the
// same IR from other source lines is another binary, since listings name
// lines), never by the hash alone. A hit makes its entry the most recently
// used; an insert beyond the capacity forgets the least recently used.
//
// A mutex guards the entries, so the user's calls (size, capacity, clear)
// may come from any thread; compiling itself is single-threaded, as the
// process's MLIR context is.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

#include "driver/CompileCache.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "runtime/Program.h"

namespace tessera::driver {

/// What a binary was compiled from, besides its IR.
struct CacheKey {
  /// structuralHash() of the traced IR, mixed with the rest below.
  size_t hash;
  /// lowering::passSwitchBits().
  unsigned switches;
  std::vector<std::pair<int, int>> aliases;
  /// The inputs' and outputs' types as the user gave them.
  std::vector<ShapeDtypeStruct> signature;
};

class KernelCache {
public:
  /// The binary compiled from `traced` under `key`, or null.
  std::shared_ptr<const runtime::KernelBinary> find(const CacheKey &key, mlir::ModuleOp traced);
  /// Keeps `binary`, compiled from `traced` under `key`, as the most
  /// recently used entry (nothing, at capacity 0).
  void insert(const CacheKey &key,
              std::shared_ptr<mlir::OwningOpRef<mlir::ModuleOp>> traced,
              std::shared_ptr<const runtime::KernelBinary> binary);
  /// Whether `binary` is held; if so it becomes the most recently used (a
  /// kernel's own trace cache found it without tracing).
  bool use(const runtime::KernelBinary &binary);
  /// Whether `binary` is held (its recency unchanged).
  bool holds(const runtime::KernelBinary &binary);

  size_t size();
  size_t capacity();
  void setCapacity(size_t capacity);
  size_t bytes();
  size_t byteCapacity();
  void setByteCapacity(size_t bytes);
  void clear();

private:
  struct Entry {
    CacheKey key;
    /// The kernel IR as traced (stage "kernel"), with its source positions.
    std::shared_ptr<mlir::OwningOpRef<mlir::ModuleOp>> traced;
    std::shared_ptr<const runtime::KernelBinary> binary;
    /// Host memory the entry holds (KernelBinary::hostBytes and the traced
    /// IR's ops).
    size_t bytes = 0;
  };
  using Order = std::list<Entry>;
  /// Forgets least recently used entries until at most `capacity_` remain
  /// holding at most `byteCapacity_` (the most recent one always stays).
  void evict();

  std::mutex mutex_;
  size_t capacity_ = kDefaultCompileCacheCapacity;
  size_t byteCapacity_ = kDefaultCompileCacheBytes;
  size_t bytes_ = 0;
  /// Most recently used first.
  Order order_;
  std::unordered_multimap<size_t, Order::iterator> byHash_;
  std::unordered_map<const runtime::KernelBinary *, Order::iterator> byBinary_;
};

/// The process's cache (kernels live in the process's MLIR context).
KernelCache &processKernelCache();

}  // namespace tessera::driver
