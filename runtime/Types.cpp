//===- Types.cpp - dtypes, shapes and user errors -------------------------===//
#include "runtime/Types.h"

#include <filesystem>

namespace tessera {

std::string to_string(DType dtype) {
  switch (dtype) {
  case DType::float32: return "f32";
  case DType::int32: return "s32";
  case DType::bool_: return "pred";
  }
  return "?";
}

int itemsize(DType) { return 4; }

std::string to_string(const Shape &shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

int64_t numElements(const Shape &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

std::string to_string(const ShapeDtypeStruct &type) {
  std::string s = to_string(type.dtype) + "[";
  for (size_t i = 0; i < type.shape.size(); ++i)
    s += (i ? "," : "") + std::to_string(type.shape[i]);
  return s + "]";
}

std::string positionString(const std::source_location &loc) {
  return std::filesystem::path(loc.file_name()).filename().string() + ":" +
         std::to_string(loc.line());
}

void throwUserError(const std::source_location &loc, const std::string &message) {
  throw Error(positionString(loc) + ": " + message);
}

}  // namespace tessera
