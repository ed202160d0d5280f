//===- Chip.cpp - Chip and TensorCore construction and state accessors ----===//
//
// TensorCore::run lives in Execute.cpp with the interpreter.
//
//===----------------------------------------------------------------------===//
#include "sim/Chip.h"

#include <cstring>
#include <stdexcept>

#include "sim/Registers.h"

namespace tessera::sim {

TensorCore::TensorCore(Hbm &hbm, DmaPath &hbmPath, DmaPath &iciPath, int index)
    : hbm_(hbm), hbmPath_(hbmPath), index_(index),
      regs_(std::make_unique<Registers>()), dma_(hbmPath, iciPath) {
  regs_->reset();
  regs_->zeroStale();
}

TensorCore::~TensorCore() = default;

uint32_t TensorCore::sreg(int i) const {
  if (i < 0 || i >= machine::kNumSRegs)
    throw std::out_of_range("scalar register index");
  return regs_->s[i];
}

bool TensorCore::preg(int i) const {
  if (i < 0 || i >= machine::kNumPRegs)
    throw std::out_of_range("predicate register index");
  return regs_->p[i] != 0;
}

void TensorCore::deliverPendingSignals() {
  for (const CoreSignal &signal : incoming_) {
    if (signal.data)
      landRemoteData(*signal.data, nullptr);
    addToSemaphore(semaphores_[signal.semaphore], signal.amount);
  }
  incoming_.clear();
}

void TensorCore::landRemoteData(const RemoteData &data, WriteLog *writes) {
  int64_t rows = static_cast<int64_t>(data.words.size()) * 4 / machine::kRowBytes;
  if (data.toHbm) {
    auto bytes = std::span<const std::byte>(
        reinterpret_cast<const std::byte *>(data.words.data()), data.words.size() * 4);
    (void)hbm_.writeRows(data.row, bytes);
    if (writes && writes->recordHbm)
      writes->hbmWritten.emplace_back(data.row, data.row + rows);
  } else {
    std::memcpy(vmem_.rowData(data.row), data.words.data(), data.words.size() * 4);
    if (writes)
      writes->markVmem(data.row, rows);
  }
}

const VRegData &TensorCore::vreg(int i) const {
  if (i < 0 || i >= machine::kNumVRegs)
    throw std::out_of_range("vector register index");
  regs_->queue.materialize();  // the last run's results that still wait
  return *regs_->v[i];
}

Chip::Chip(int index)
    : index_(index), hbm_(std::make_unique<Hbm>()),
      hbmPath_(std::make_unique<DmaPath>(dmaPathRate(isa::Opcode::DmaHbmToVmem))),
      iciPath_(std::make_unique<DmaPath>(dmaPathRate(isa::Opcode::DmaRemoteVmemToVmem))) {
  for (int i = 0; i < machine::kCoresPerChip; ++i)
    cores_[i] = std::make_unique<TensorCore>(*hbm_, *hbmPath_, *iciPath_, i);
  for (const std::unique_ptr<TensorCore> &core : cores_)
    for (int i = 0; i < machine::kCoresPerChip; ++i)
      core->chipCores_[i] = cores_[i].get();
}

}  // namespace tessera::sim
