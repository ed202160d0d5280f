//===- KernelCache.cpp - Compiled kernels by their kernel IR, LRU ---------===//
#include "driver/KernelCache.h"

#include "driver/CompileCache.h"
#include "driver/StructuralHash.h"

namespace tessera::driver {

std::shared_ptr<const runtime::KernelBinary> KernelCache::find(const CacheKey &key,
                                                                mlir::ModuleOp traced) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto [first, last] = byHash_.equal_range(key.hash);
  for (auto it = first; it != last; ++it) {
    Order::iterator entry = it->second;
    if (entry->key.switches == key.switches && entry->key.aliases == key.aliases &&
        entry->key.signature == key.signature && sameIR(entry->traced->get(), traced)) {
      order_.splice(order_.begin(), order_, entry);
      return entry->binary;
    }
  }
  return nullptr;
}

bool KernelCache::use(const runtime::KernelBinary &binary) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = byBinary_.find(&binary);
  if (it == byBinary_.end())
    return false;
  order_.splice(order_.begin(), order_, it->second);
  return true;
}

bool KernelCache::holds(const runtime::KernelBinary &binary) {
  std::lock_guard<std::mutex> lock(mutex_);
  return byBinary_.contains(&binary);
}

namespace {
/// Host bytes an op of the traced kernel IR holds, about (the operation,
/// its operands and results, its attribute dictionary's share).
constexpr size_t kTracedOpBytes = 256;
}  // namespace

void KernelCache::insert(const CacheKey &key,
                         std::shared_ptr<mlir::OwningOpRef<mlir::ModuleOp>> traced,
                         std::shared_ptr<const runtime::KernelBinary> binary) {
  size_t ops = 0;
  (*traced)->walk([&](mlir::Operation *) { ++ops; });
  size_t bytes = size_t(binary->hostBytes()) + ops * kTracedOpBytes;
  std::lock_guard<std::mutex> lock(mutex_);
  if (capacity_ == 0)
    return;
  order_.push_front(Entry{key, std::move(traced), std::move(binary), bytes});
  byHash_.emplace(key.hash, order_.begin());
  byBinary_[order_.front().binary.get()] = order_.begin();
  bytes_ += bytes;
  evict();
}

void KernelCache::evict() {
  while (order_.size() > capacity_ || (order_.size() > 1 && bytes_ > byteCapacity_)) {
    Order::iterator last = std::prev(order_.end());
    bytes_ -= last->bytes;
    auto [first, end] = byHash_.equal_range(last->key.hash);
    for (auto it = first; it != end; ++it)
      if (it->second == last) {
        byHash_.erase(it);
        break;
      }
    byBinary_.erase(last->binary.get());
    order_.erase(last);
  }
}

size_t KernelCache::size() {
  std::lock_guard<std::mutex> lock(mutex_);
  return order_.size();
}

size_t KernelCache::capacity() {
  std::lock_guard<std::mutex> lock(mutex_);
  return capacity_;
}

void KernelCache::setCapacity(size_t capacity) {
  std::lock_guard<std::mutex> lock(mutex_);
  capacity_ = capacity;
  evict();
}

size_t KernelCache::bytes() {
  std::lock_guard<std::mutex> lock(mutex_);
  return bytes_;
}

size_t KernelCache::byteCapacity() {
  std::lock_guard<std::mutex> lock(mutex_);
  return byteCapacity_;
}

void KernelCache::setByteCapacity(size_t bytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  byteCapacity_ = bytes;
  evict();
}

void KernelCache::clear() {
  std::lock_guard<std::mutex> lock(mutex_);
  byHash_.clear();
  byBinary_.clear();
  order_.clear();
  bytes_ = 0;
}

KernelCache &processKernelCache() {
  // Never destroyed: its modules belong to the process context, which
  // outlives every static destructor that might run after this one.
  static auto *cache = new KernelCache();
  return *cache;
}

}  // namespace tessera::driver

namespace tessera {

void clear_compile_cache() { driver::processKernelCache().clear(); }

size_t compile_cache_size() { return driver::processKernelCache().size(); }

size_t compile_cache_capacity() { return driver::processKernelCache().capacity(); }

void set_compile_cache_capacity(size_t capacity) {
  driver::processKernelCache().setCapacity(capacity);
}

size_t compile_cache_bytes() { return driver::processKernelCache().bytes(); }

size_t compile_cache_byte_capacity() { return driver::processKernelCache().byteCapacity(); }

void set_compile_cache_byte_capacity(size_t bytes) {
  driver::processKernelCache().setByteCapacity(bytes);
}

}  // namespace tessera
