//===- CompileCache.h - The process's compile cache, for users ------------===//
//
// Every kernel call traces its body; a kernel IR compiled before (the same
// ops, source positions, switches and aliases) reuses its binary. The cache
// holds at most compile_cache_capacity() binaries and at most
// compile_cache_byte_capacity() bytes of them (host memory: code, loaded
// programs, IR), and forgets the least recently used first, so a program
// that compiles ever new kernels (new shapes, new constants in a loop)
// stays within both bounds. README, "Performance of the tools".
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

/// How many bytes of host memory the cache's kernels may hold unless told
/// otherwise: a VMEM-filling unrolled kernel (32768 rows of x * 2 + 1,
/// 16384 vector ops) holds about 5 MiB, first_kernel's 10 KiB.
inline constexpr size_t kDefaultCompileCacheBytes = size_t{128} << 20;
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
/// How many bytes of host memory the cached kernels hold now (an estimate
/// from their code, programs and IR).
size_t compile_cache_bytes();
/// How many they may hold (kDefaultCompileCacheBytes at start).
size_t compile_cache_byte_capacity();
/// Lets the cached kernels hold at most `bytes`, forgetting the least
/// recently used beyond it now; the most recent kernel stays even when it
/// alone is larger (so a loop calling it does not compile it every time).
void set_compile_cache_byte_capacity(size_t bytes);

}  // namespace tessera
