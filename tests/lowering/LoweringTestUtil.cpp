//===- LoweringTestUtil.cpp - Compile MLIR text, run it on a simulated chip ===//
#include "LoweringTestUtil.h"

#include <cstring>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "llvm/Support/raw_ostream.h"
#include "sim/Layout.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Transforms/TesseraPasses.h"
#include "sim/Program.h"
#include "sim/VectorMath.h"

namespace tessera::lowering::testing {
namespace {

mlir::MLIRContext &context() { return mlir::tessera::getProcessContext(); }

}  // namespace

absl::StatusOr<CompiledKernel> compile(std::string_view text, Stages stages, bool checks) {
  mlir::MLIRContext &ctx = context();
  std::string parseErrors;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  {
    mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &diag) {
      llvm::raw_string_ostream os(parseErrors);
      os << diag.getLocation() << ": " << diag.str() << "\n";
      return mlir::success();
    });
    module = mlir::parseSourceString<mlir::ModuleOp>(text, &ctx, "kernel.mlir");
  }
  if (!module)
    return absl::InvalidArgumentError("the test's MLIR does not parse:\n" + parseErrors);
  if (stages == Stages::Machine) {
    mlir::func::FuncOp kernel;
    for (auto fn : module->getOps<mlir::func::FuncOp>())
      kernel = fn;
    return lowerTileKernel(kernel);
  }
  PassSwitches switches;
  switches.boundsChecks = checks;
  switches.semaphoreChecks = checks;
  return compileKernel(*module, switches);
}

Array Array::f32(int64_t rows, int64_t cols, const std::vector<float> &values) {
  Array a{rows, cols, std::vector<uint32_t>(rows * cols)};
  std::memcpy(a.words.data(), values.data(), a.words.size() * 4);
  return a;
}

Array Array::s32(int64_t rows, int64_t cols, const std::vector<int32_t> &values) {
  Array a{rows, cols, std::vector<uint32_t>(rows * cols)};
  std::memcpy(a.words.data(), values.data(), a.words.size() * 4);
  return a;
}

Array Array::zeros(int64_t rows, int64_t cols) {
  return Array{rows, cols, std::vector<uint32_t>(rows * cols, 0)};
}

Array Array::bf16(int64_t rows, int64_t cols, const std::vector<float> &values) {
  Array a{rows, cols, std::vector<uint32_t>(rows * cols), 2};
  for (size_t i = 0; i < a.words.size(); ++i)
    a.words[i] = vmath::bf16Bits(values[i]);
  return a;
}

Array Array::s8(int64_t rows, int64_t cols, const std::vector<int32_t> &values) {
  Array a{rows, cols, std::vector<uint32_t>(rows * cols), 4};
  for (size_t i = 0; i < a.words.size(); ++i)
    a.words[i] = (uint32_t)values[i] & 0xff;
  return a;
}

layout::TiledShape Array::shape() const {
  return layout::TiledShape{rows, cols, packing, machine::kSublanes};
}

float Array::f(int64_t r, int64_t c) const {
  float v;
  std::memcpy(&v, &words[r * cols + c], 4);
  return v;
}

int32_t Array::i(int64_t r, int64_t c) const { return (int32_t)words[r * cols + c]; }

absl::StatusOr<RunOutput> run(const sim::Executable &exe, const std::vector<Array> &hbm,
                              const std::vector<int32_t> &scalars) {
  if (hbm.size() != exe.numHbmArgs || scalars.size() != exe.scalarInputWords)
    return absl::InvalidArgumentError(absl::StrCat(
        "the kernel takes ", exe.numHbmArgs, " HBM arguments and ", exe.scalarInputWords,
        " scalar words; the test gave ", hbm.size(), " and ", scalars.size()));
  auto program = sim::loadProgram(exe);
  if (!program.ok())
    return program.status();
  sim::Chip chip;
  std::vector<uint32_t> smem;
  for (size_t k = 0; k < hbm.size(); ++k) {
    const Array &a = hbm[k];
    layout::TiledShape shape = a.shape();
    std::vector<uint32_t> tiled(shape.memRows() * machine::kLanes);
    layout::tileFromRowMajor(shape, a.words.data(), tiled.data());
    int64_t row = k * kRowsPerArgument;
    if (auto st = chip.hbm().writeRows(row, std::as_bytes(std::span(tiled))); !st.ok())
      return st;
    smem.push_back(row);
  }
  for (int32_t s : scalars)
    smem.push_back((uint32_t)s);
  RunOutput out;
  auto result = chip.core(0).run(**program, smem);
  if (!result.ok())
    return result.status();
  out.result = *result;
  out.listing = sim::printListing(exe);
  if (result->halted()) {
    std::string text = exe.debug.at(result->haltBundle).comment;
    for (size_t at = text.find("{s"); at != std::string::npos; at = text.find("{s", at + 1)) {
      size_t end = text.find('}', at);
      if (end == std::string::npos)
        break;
      int reg = std::stoi(text.substr(at + 2, end - at - 2));
      text.replace(at, end - at + 1, std::to_string((int32_t)chip.core(0).sreg(reg)));
    }
    out.haltMessage = text;
  }
  for (size_t k = 0; k < hbm.size(); ++k) {
    const Array &a = hbm[k];
    std::vector<uint32_t> tiled(a.shape().memRows() * machine::kLanes);
    if (auto st = chip.hbm().readRows(k * kRowsPerArgument, std::as_writable_bytes(std::span(tiled)));
        !st.ok())
      return st;
    Array back{a.rows, a.cols, std::vector<uint32_t>(a.words.size()), a.packing};
    layout::rowMajorFromTile(a.shape(), tiled.data(), back.words.data());
    if (a.packing == 4)  // the lowering tests' 8-bit arrays are int8
      for (uint32_t &w : back.words)
        w = static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(w)));
    out.hbm.push_back(std::move(back));
  }
  std::vector<uint32_t> words(scalars.size());
  if (auto st = chip.core(0).smem().read(hbm.size(), words); !st.ok())
    return st;
  for (uint32_t w : words)
    out.scalars.push_back((int32_t)w);
  return out;
}

std::string substitute(std::string_view text,
                       const std::vector<std::pair<std::string, std::string>> &replacements) {
  std::string out(text);
  for (const auto &[key, value] : replacements)
    for (size_t at = out.find(key); at != std::string::npos; at = out.find(key, at + value.size()))
      out.replace(at, key.size(), value);
  return out;
}

int countBundles(const sim::Executable &exe, std::string_view text) {
  std::istringstream lines(sim::printListing(exe));
  int n = 0;
  for (std::string line; std::getline(lines, line);)
    n += line.find(text) != std::string::npos;
  return n;
}

int countOps(const sim::Executable &exe, std::string_view opcode) {
  std::istringstream lines(sim::printListing(exe));
  int n = 0;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream code(line.substr(0, line.find("//")));
    for (std::string word; code >> word;)
      n += word == opcode;
  }
  return n;
}

std::string kernel(std::string_view body) {
  static constexpr std::string_view kAliases = R"(
#any = #tessera.memory_space<any>
#vmem = #tessera.memory_space<vmem>
#smem = #tessera.memory_space<smem>
#semm = #tessera.memory_space<semaphore_mem>
!sem = memref<!tessera.dma_semaphore, #semm>
!v = vector<8x128xf32>
!vi = vector<8x128xi32>
!tile = memref<8x128xf32, strided<[128, 1], offset: ?>, #vmem>
)";
  return std::string(kAliases) + std::string(body);
}

std::vector<float> iota(int64_t n, float start, float step) {
  std::vector<float> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = start + step * (float)i;
  return v;
}

}  // namespace tessera::lowering::testing
