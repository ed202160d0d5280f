//===- LowerTileTool.cpp - Tile IR in, machine listing out (for lit) ------===//
//
//   tessera-lower-tile FILE   parse FILE (a module with one kernel in tile
//                             IR), run the machine half of the lowering
//                             (lowering::lowerTileKernel) and print the
//                             listing, as tessera-asm reads it back
//
// The lit tests in tests/lit/listing/ check the mnemonics the lowering
// picks for each unit with it. FILE "-" reads standard input. An error is
// printed as the compiler reports it, with exit code 1.
//
//===----------------------------------------------------------------------===//
#include <iostream>

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "lowering/Pipeline.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Transforms/TesseraPasses.h"
#include "sim/Executable.h"

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: tessera-lower-tile FILE\n";
    return 2;
  }
  auto file = llvm::MemoryBuffer::getFileOrSTDIN(argv[1]);
  if (!file) {
    std::cerr << argv[1] << ": " << file.getError().message() << "\n";
    return 1;
  }
  mlir::MLIRContext &ctx = mlir::tessera::getProcessContext();
  llvm::SourceMgr sources;
  sources.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  mlir::SourceMgrDiagnosticHandler diagnostics(sources, &ctx);
  auto module = mlir::parseSourceFile<mlir::ModuleOp>(sources, &ctx);
  if (!module)
    return 1;
  mlir::func::FuncOp kernel;
  for (auto fn : module->getOps<mlir::func::FuncOp>())
    kernel = fn;
  if (!kernel) {
    std::cerr << argv[1] << ": no kernel func.func\n";
    return 1;
  }
  auto compiled = tessera::lowering::lowerTileKernel(kernel);
  if (!compiled.ok()) {
    std::cerr << compiled.status().message() << "\n";
    return 1;
  }
  std::cout << tessera::sim::printListing(compiled->executable);
  return 0;
}
