//===- DslTestUtil.h - What the DSL's tests share -------------------------===//
//
// Error tests check the message of the tessera::Error a kernel throws and
// the user's line in it; numeric tests build arrays of exact quarter-integers.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <filesystem>
#include <source_location>
#include <string>
#include <vector>

#include "dsl/tessera.h"

namespace tessera::testutil {

/// Runs `fn` and returns the tessera::Error's message ("" if none thrown).
template <class F>
std::string errorOf(F fn) {
  try {
    fn();
  } catch (const Error &e) {
    return e.what();
  }
  return "";
}

/// "File.cpp:LINE" of the caller's line + offset.
inline std::string here(int offset, std::source_location loc = std::source_location::current()) {
  return std::filesystem::path(loc.file_name()).filename().string() + ":" +
         std::to_string(loc.line() + offset);
}

inline ShapeDtypeStruct f32(int64_t r, int64_t c) { return {{r, c}, DType::float32}; }
inline ShapeDtypeStruct s32(int64_t r, int64_t c) { return {{r, c}, DType::int32}; }

/// Quarter-integers in [-12, 12]: sums and halvings of a few stay exact
/// enough that any difference in the order of operations would still show.
inline std::vector<float> pattern(int64_t n, int salt = 0) {
  std::vector<float> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = (float)((int)((i * 7 + salt) % 97) - 48) * 0.25f;
  return v;
}

}  // namespace tessera::testutil
