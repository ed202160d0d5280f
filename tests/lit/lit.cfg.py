# lit configuration of Tessera's FileCheck tests: tests/lit/<area>/*.mlir and
# *.test, one folder per area (dialect, passes, samples, listing, ...). Every
# tool the build puts in bin/ is on PATH, ahead of LLVM's FileCheck, not,
# split-file and count, so a new area needs no change here.
#
# Run through lit.site.cfg.py in the build tree (ctest -R lit, or
# ninja check-lit), which says where the build and LLVM's tools are.

import os

import lit.formats

config.name = "Tessera"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
# Files next to the tests that are not tests themselves.
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)

if not hasattr(config, "tessera_tools_dir"):
    lit_config.fatal(
        "run lit on the build tree's tests/lit (it holds lit.site.cfg.py), "
        "not on the source tree"
    )
config.test_exec_root = os.path.join(config.tessera_obj_root, "tests", "lit")

for tool_dir in (config.tessera_tools_dir, config.llvm_tools_dir):
    if not os.path.isdir(tool_dir):
        lit_config.fatal("tool directory %s does not exist" % tool_dir)
# The samples' compiler verifies the IR after every pass (lowering/Pipeline.h).
config.environment["TESSERA_VERIFY_EACH_PASS"] = "1"
config.environment["PATH"] = os.pathsep.join(
    [config.tessera_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")]
)

# Paths a test may need beyond PATH lookups (inputs, generated files).
config.substitutions.append(("%tessera_bin_dir", config.tessera_tools_dir))
config.substitutions.append(("%tessera_src_root", config.tessera_src_root))
config.substitutions.append(("%tessera_obj_root", config.tessera_obj_root))
config.substitutions.append(("%python", config.python_executable))
