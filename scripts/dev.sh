#!/usr/bin/env bash
# Installs what is missing (Debian bookworm packages), configures build/ with
# clang-19 + Ninja + lld, builds, and runs:
#
#   scripts/dev.sh first_kernel [flags]   build and run build/bin/first_kernel
#   scripts/dev.sh test                   build everything and run every test
#   scripts/dev.sh sanitize               build build-asan/ (ASan+UBSan) and run the
#                                         simulator and fault tests in it
#   scripts/dev.sh install-check          build build/, install it to a temporary
#                                         prefix, build samples/standalone against
#                                         it (clang-19 + lld, -Werror) and run it
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
  install-check)
    dir=${TESSERA_BUILD_DIR:-build}   # the tree to install (CI: build/)
    configure "$dir"
    cmake --build "$dir"
    tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
    cmake --install "$dir" --prefix "$tmp/prefix" >/dev/null
    # A user's project: only the installed prefix; the installed headers
    # compiled as non-system headers with warnings as errors (designated
    # initializers that leave fields to their defaults are the API's style).
    cmake -S samples/standalone -B "$tmp/standalone" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_PREFIX_PATH="$tmp/prefix" \
      -DCMAKE_NO_SYSTEM_FROM_IMPORTED=ON \
      -DCMAKE_CXX_FLAGS="-Wall -Wextra -Werror -Wno-missing-designated-field-initializers" \
      -DCMAKE_EXE_LINKER_FLAGS="--ld-path=$(command -v ld.lld-19 || command -v ld.lld)" >/dev/null
    cmake --build "$tmp/standalone"
    "$tmp/standalone/scale"
    ;;
  *)
    configure build
    cmake --build build --target "$target"
    "build/bin/$target" "$@"
    ;;
esac
