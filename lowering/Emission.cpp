//===- Emission.cpp - Bundles to an encoded executable --------------------===//
#include "lowering/Emission.h"

#include "absl/strings/str_cat.h"

namespace tessera::lowering {

absl::StatusOr<sim::Executable> emitExecutable(const MFunction &fn,
                                               const Schedule &schedule) {
  if (schedule.size() != fn.blocks.size())
    return absl::InternalError("emission: the schedule does not match the blocks");
  sim::Executable exe;
  exe.name = fn.name;
  exe.numHbmArgs = fn.numHbmArgs;
  exe.scalarInputWords = fn.scalarInputWords;
  exe.vmemRows = fn.vmemRows;
  exe.vmemBuffers = fn.vmemBuffers;
  exe.numSemaphores = fn.numSemaphores;
  // The address of each block's first bundle (blocks.size(): the end).
  std::vector<int64_t> address(schedule.size() + 1, 0);
  for (size_t b = 0; b < schedule.size(); ++b)
    address[b + 1] = address[b] + schedule[b].size();
  for (const std::vector<MBundle> &bundles : schedule) {
    for (const MBundle &ops : bundles) {
      isa::Bundle bundle;
      sim::BundleDebug debug;
      for (const MInstr &mi : ops) {
        isa::Instr instr = mi.instr;
        if (instr.predicated)
          instr.pred = (uint8_t)mi.guard;
        if (isBranch(mi)) {
          if (mi.target < 0 || mi.target > (int)fn.blocks.size())
            return absl::InternalError(absl::StrCat("emission: a branch to block ", mi.target));
          instr.ops[0] = address[mi.target];
        }
        bundle.push_back(instr);
        debug.ops.push_back(sim::OpDebug{mi.pos.file, mi.pos.line});
        if (debug.file.empty() && !mi.pos.file.empty()) {
          debug.file = mi.pos.file;
          debug.line = mi.pos.line;
        }
        std::string comment = mi.comment;
        for (size_t k = 0; k < mi.implicitUses.size(); ++k) {
          std::string placeholder = "{%" + std::to_string(k) + "}";
          std::string reg =
              "{" + regName(mi.implicitUses[k].first, mi.implicitUses[k].second) + "}";
          for (size_t at; (at = comment.find(placeholder)) != std::string::npos;)
            comment.replace(at, placeholder.size(), reg);
        }
        if (!comment.empty() && debug.comment.find(comment) == std::string::npos)
          debug.comment += (debug.comment.empty() ? "" : "; ") + comment;
      }
      // No op with a position: no per-op entries (Executable.h).
      if (debug.file.empty())
        debug.ops.clear();
      if (auto st = isa::verifyBundle(bundle); !st.ok())
        return absl::InternalError(absl::StrCat("bundle ", exe.debug.size(),
                                                " is illegal: ", st.message()));
      isa::encodeBundle(bundle, exe.code);
      exe.debug.push_back(std::move(debug));
    }
  }
  return exe;
}

}  // namespace tessera::lowering
