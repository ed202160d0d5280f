//===- tessera-opt.cpp - mlir-opt for the tessera dialect -----------------===//
//
// Parses, verifies, prints and transforms kernel IR with exactly the
// dialects and passes Tessera registers. The input is read once and
// screened first: text MLIR 19's parser crashes on (findUnsupportedSyntax)
// is an error at its line instead.
//
//===----------------------------------------------------------------------===//
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/TesseraPasses.h"

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  mlir::DialectRegistry registry;
  mlir::tessera::registerTesseraDialectsAndPasses(registry);
  auto [inputFilename, outputFilename] =
      mlir::registerAndParseCLIOptions(argc, argv, "Tessera kernel-IR optimizer\n", registry);
  auto config = mlir::MlirOptMainConfig::createFromCLOptions();
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input = mlir::openInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (auto bad = mlir::tessera::findUnsupportedSyntax(input->getBuffer())) {
    llvm::SourceMgr sources;
    llvm::SMLoc at = llvm::SMLoc::getFromPointer(input->getBufferStart() + bad->first);
    sources.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
    sources.PrintMessage(at, llvm::SourceMgr::DK_Error, bad->second);
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output = mlir::openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (mlir::failed(mlir::MlirOptMain(output->os(), std::move(input), registry, config)))
    return 1;
  output->keep();
  return 0;
}
