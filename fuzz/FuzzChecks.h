//===- FuzzChecks.h - The properties each fuzz target checks --------------===//
//
// One check per target, on one input: "" when the input keeps the target's
// properties (rejecting a bad input with an error is one of them), else a
// description of what broke. The libFuzzer entries (fuzz/*Fuzzer.cpp) abort
// on a description, so libFuzzer keeps the input; the regression test
// (tests/fuzz_regressions) runs the same checks on fuzz/regressions/.
// A crash or a sanitizer report inside a check is a failure too.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>

namespace tessera::fuzz {

/// A listing through the assembler, the encoder and the printer
/// (ListingCheck.cpp).
std::string checkListing(std::string_view text);
/// Code words through the decoder, the loader and a short run on the
/// simulator (ProgramCheck.cpp; the input's binary form is described there).
std::string checkProgram(std::string_view input);
/// Kernel IR through tessera-opt's parser, verifier and passes
/// (OptCheck.cpp).
std::string checkOpt(std::string_view text);

/// "what\n-- detail:\n...\n-- text:\n...": a check's failure description.
inline std::string broken(std::string_view what, std::string_view text,
                          std::string_view detail) {
  std::string out(what);
  if (!detail.empty())
    out.append("\n-- detail:\n").append(detail);
  if (!text.empty())
    out.append("\n-- text:\n").append(text);
  return out;
}

/// Reads an input front to back; past its end it reads zeros.
class ByteReader {
public:
  explicit ByteReader(std::string_view data) : data_(data) {}

  uint8_t byte() { return pos_ < data_.size() ? uint8_t(data_[pos_++]) : 0; }
  template <typename T>
  T value() {
    T v{};
    size_t n = std::min(sizeof(T), data_.size() - pos_);
    std::memcpy(&v, data_.data() + pos_, n);
    pos_ += n;
    return v;
  }
  size_t remaining() const { return data_.size() - pos_; }

private:
  std::string_view data_;
  size_t pos_ = 0;
};

/// For the libFuzzer entries: prints a failure and aborts (libFuzzer saves
/// the input as a crash).
void abortIfBroken(const std::string &failure);

}  // namespace tessera::fuzz
