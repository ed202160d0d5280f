#!/usr/bin/env bash
# Installs what is missing (Debian bookworm packages), configures build/ with
# clang-19 + Ninja + lld, builds, and runs:
#
#   scripts/dev.sh first_kernel [flags]   build and run build/bin/first_kernel
#   scripts/dev.sh test                   build everything and run every test
#   scripts/dev.sh sanitize               build build-asan/ (ASan+UBSan) and run the
#                                         simulator and fault tests in it
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build clang-19 lld-19 python3
          libmlir-19-dev mlir-19-tools llvm-19-dev llvm-19-tools libzstd-dev
          libabsl-dev libfmt-dev libgtest-dev libgmock-dev libbenchmark-dev
          libclang-rt-19-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

configure() {  # configure DIR [cmake args...]
  local dir=$1; shift
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
    -DPython3_EXECUTABLE=/usr/bin/python3 "$@" >/dev/null
}

target=${1:-test}
shift || true
case "$target" in
  test)
    configure build
    cmake --build build
    ctest --test-dir build --output-on-failure -j2
    ;;
  sanitize)
    configure build-asan -DTESSERA_SANITIZE=ON
    cmake --build build-asan --target sim_tests fault_tests
    ctest --test-dir build-asan --output-on-failure -j2 -R '^(sim_tests|fault_tests)[.]'
    ;;
  *)
    configure build
    cmake --build build --target "$target"
    "build/bin/$target" "$@"
    ;;
esac
