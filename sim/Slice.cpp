//===- Slice.cpp - Chips joined by the interconnect -----------------------===//
//
// Construction and routes; Slice::runTogether shares the scheduler of
// Chip::runTogether (Launch.cpp).
//
//===----------------------------------------------------------------------===//
#include "sim/Slice.h"

#include <cstdlib>

namespace tessera::sim {

Slice::Slice(TorusShape shape) : shape_(shape) {
  for (int i = 0; i < shape.chips(); ++i) {
    chips_.push_back(std::make_unique<Chip>(i));
    for (int c = 0; c < machine::kCoresPerChip; ++c) {
      TensorCore &core = chips_.back()->core(c);
      core.slice_ = this;
      core.chipIndex_ = i;
    }
  }
}

std::array<int, 3> Slice::coords(int chip) const {
  return {chip % shape_.x, chip / shape_.x % shape_.y, chip / (shape_.x * shape_.y)};
}

int Slice::hops(int from, int to) const {
  std::array<int, 3> a = coords(from), b = coords(to);
  const int extent[3] = {shape_.x, shape_.y, shape_.z};
  int total = 0;
  // Dimension order: each axis in turn, the shorter way round a torus axis.
  for (int d = 0; d < 3; ++d) {
    int straight = std::abs(a[d] - b[d]);
    total += extent[d] >= kMinWrappingExtent ? std::min(straight, extent[d] - straight)
                                             : straight;
  }
  return total;
}

}  // namespace tessera::sim
