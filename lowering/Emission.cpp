//===- Emission.cpp - Bundles to an encoded executable --------------------===//
#include "lowering/Emission.h"

#include "absl/strings/str_cat.h"

namespace tessera::lowering {

absl::StatusOr<sim::Executable> emitExecutable(const MFunction &fn,
                                               const Schedule &schedule) {
  sim::Executable exe;
  exe.name = fn.name;
  exe.numHbmArgs = fn.numHbmArgs;
  exe.scalarInputWords = fn.scalarInputWords;
  exe.vmemRows = fn.vmemRows;
  exe.numSemaphores = fn.numSemaphores;
  for (const std::vector<MInstr> &ops : schedule) {
    isa::Bundle bundle;
    sim::BundleDebug debug;
    for (const MInstr &mi : ops) {
      bundle.push_back(mi.instr);
      if (debug.file.empty() && !mi.pos.file.empty()) {
        debug.file = mi.pos.file;
        debug.line = mi.pos.line;
      }
      std::string comment = mi.comment;
      for (size_t k = 0; k < mi.implicitUses.size(); ++k) {
        std::string placeholder = "{%" + std::to_string(k) + "}";
        std::string reg = "{" + regName(mi.implicitUses[k].first, mi.implicitUses[k].second) + "}";
        for (size_t at; (at = comment.find(placeholder)) != std::string::npos;)
          comment.replace(at, placeholder.size(), reg);
      }
      if (!comment.empty() && debug.comment.find(comment) == std::string::npos)
        debug.comment += (debug.comment.empty() ? "" : "; ") + comment;
    }
    if (auto st = isa::verifyBundle(bundle); !st.ok())
      return absl::InternalError(absl::StrCat("bundle ", exe.debug.size(),
                                              " is illegal: ", st.message()));
    isa::encodeBundle(bundle, exe.code);
    exe.debug.push_back(std::move(debug));
  }
  return exe;
}

}  // namespace tessera::lowering
