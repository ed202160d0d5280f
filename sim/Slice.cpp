//===- Slice.cpp - Chips joined by the interconnect -----------------------===//
//
// Construction and routes; Slice::runTogether shares the scheduler of
// Chip::runTogether (Launch.cpp).
//
//===----------------------------------------------------------------------===//
#include "sim/Slice.h"

#include <cstdlib>

namespace tessera::sim {

Slice::Slice(TorusShape shape)
    : shape_(shape),
      ici_(std::make_unique<DmaPath>(dmaPathRate(isa::Opcode::DmaRemoteVmemToVmem))) {
  for (int i = 0; i < shape.chips(); ++i) {
    chips_.push_back(std::make_unique<Chip>(i));
    for (int c = 0; c < machine::kCoresPerChip; ++c) {
      TensorCore &core = chips_.back()->core(c);
      core.slice_ = this;
      core.chipIndex_ = i;
      core.dma_.setIciPath(*ici_);
    }
  }
}

std::array<int, 3> torusCoords(const TorusShape &shape, int chip) {
  return {chip % shape.x, chip / shape.x % shape.y, chip / (shape.x * shape.y)};
}

std::vector<int> torusRoute(const TorusShape &shape, int from, int to) {
  std::array<int, 3> at = torusCoords(shape, from), b = torusCoords(shape, to);
  const int extent[3] = {shape.x, shape.y, shape.z};
  std::vector<int> links;
  for (int d = 0; d < 3; ++d) {
    // Steps the + way round, and whether to take them or the - way.
    int forward = ((b[d] - at[d]) % extent[d] + extent[d]) % extent[d];
    bool plus = extent[d] >= kMinWrappingExtent ? forward <= extent[d] - forward
                                                : b[d] > at[d];
    while (at[d] != b[d]) {
      int chip = at[0] + shape.x * (at[1] + shape.y * at[2]);
      links.push_back(iciLinkResource(chip, 2 * d + (plus ? 0 : 1)));
      at[d] = ((at[d] + (plus ? 1 : -1)) % extent[d] + extent[d]) % extent[d];
    }
  }
  return links;
}

std::string_view iciLinkName(int direction) {
  static constexpr std::array<std::string_view, machine::kIciLinksPerChip> kNames = {
      "+x", "-x", "+y", "-y", "+z", "-z"};
  return kNames.at(direction);
}

}  // namespace tessera::sim
