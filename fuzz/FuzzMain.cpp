//===- FuzzMain.cpp - The libFuzzer entry of each target ------------------===//
//
// Compiled once per target with TESSERA_FUZZ_TARGET set to its check
// (fuzz/CMakeLists.txt), and linked with -fsanitize=fuzzer.
//
//===----------------------------------------------------------------------===//
#include <cstdio>
#include <cstdlib>

#include "fuzz/FuzzChecks.h"

void tessera::fuzz::abortIfBroken(const std::string &failure) {
  if (failure.empty())
    return;
  std::fprintf(stderr, "fuzz property broken: %s\n", failure.c_str());
  std::abort();
}

// LLVM's allocators (built without ASan) and their header code (built with
// it here) disagree about manually poisoned memory; only the manual
// poisoning is turned off, ASan's own checks stay on.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view input(reinterpret_cast<const char *>(data), size);
  tessera::fuzz::abortIfBroken(tessera::fuzz::TESSERA_FUZZ_TARGET(input));
  return 0;
}
