//===- CompileCache.h - The process's compile cache, for users ------------===//
//
// Every kernel call traces its body; a kernel IR compiled before (the same
// ops, source positions, switches and aliases) reuses its binary. The cache
// holds at most compile_cache_capacity() binaries and forgets the least
// recently used one first, so a program that compiles ever new kernels (new
// shapes, new constants in a loop) does not grow without bound. README,
// "Performance of the tools".
//
// Binaries already handed out (a Compiled, a jit's program) stay valid
// after they leave the cache: it only stops finding them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>

namespace tessera {

/// How many compiled kernels the cache keeps unless told otherwise: more
/// than the distinct kernels a program calls again and again (a model's
/// layers, a sweep's shapes), few enough that a loop compiling ever new
/// kernels stays bounded. An entry holds the traced kernel IR and the
/// binary (code, loaded program), both of a size that grows with the
/// kernel's unrolled tiles.
inline constexpr size_t kDefaultCompileCacheCapacity = 256;

/// Forgets every compiled kernel: the next call of each kernel compiles it
/// again.
void clear_compile_cache();

/// How many compiled kernels the cache holds now.
size_t compile_cache_size();

/// How many it may hold (kDefaultCompileCacheCapacity at start).
size_t compile_cache_capacity();

/// Lets the cache hold at most `capacity` kernels, forgetting the least
/// recently used ones beyond it now. 0 turns caching off: every call
/// compiles, and nothing is kept.
void set_compile_cache_capacity(size_t capacity);

}  // namespace tessera
