#!/usr/bin/env bash
# Installs what is missing (Debian bookworm packages), configures build/ with
# clang-19 + Ninja + lld, builds, and runs:
#
#   scripts/dev.sh first_kernel [flags]   build and run build/bin/first_kernel
#   scripts/dev.sh test                   build everything and run every test
#   scripts/dev.sh sanitize               build build-asan/ (ASan+UBSan) and run the
#                                         simulator and fault tests in it, and the
#                                         fuzzers' regressions and seed corpora
#   scripts/dev.sh install-check          build build/, install it to a temporary
#                                         prefix, build samples/standalone against
#                                         it (clang-19 + lld, -Werror) and run it
#   scripts/dev.sh fuzz [N [SEED]]        build build/bin/tessera-fuzz-kernels and run
#                                         N generated kernels (1000) from SEED (1)
#                                         compiled (passes on, off) and interpreted
#                                         against the host model; failures reduced
#   scripts/dev.sh fuzz-inputs [SECONDS]  build the libFuzzer targets in build-fuzz/
#                                         (-DTESSERA_FUZZ=ON) and run each for SECONDS
#                                         (60): listing (parse/encode/print), program
#                                         (decoder + simulator), opt (tessera-opt's
#                                         parse/verify/passes). Seeds: fuzz/corpus/,
#                                         fuzz/regressions/; found crashes land in
#                                         build-fuzz/fuzz/crashes/<target>/ (exit 1)
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

fuzz_inputs() {  # fuzz_inputs SECONDS: build the libFuzzer targets, run each; 1 on a finding
  local seconds=$1 status=0 t out maxlen
  configure build-fuzz -DTESSERA_FUZZ=ON
  cmake --build build-fuzz --target listing_fuzzer program_fuzzer opt_fuzzer
  for t in listing program opt; do
    out=build-fuzz/fuzz; mkdir -p "$out/work/$t" "$out/crashes/$t" "fuzz/regressions/$t"
    # The working corpus grows in build-fuzz/; the seeds in the repository
    # are read only. Inputs are capped at 8 KiB (4 KiB for the binary
    # programs and the IR): small inputs keep the executions fast.
    maxlen=4096; [ "$t" = listing ] && maxlen=8192
    "$out/${t}_fuzzer" -max_total_time="$seconds" -max_len=$maxlen -timeout=10 \
      -rss_limit_mb=3072 -print_final_stats=1 -artifact_prefix="$out/crashes/$t/" \
      "$out/work/$t" "fuzz/corpus/$t" "fuzz/regressions/$t" 2>"$out/$t.log" ||
      { status=1; tail -n 40 "$out/$t.log"; }
    echo "$t: $(grep -a '^stat::number_of_executed_units' "$out/$t.log" | awk '{print $2}') executions," \
         "$(grep -a '^stat::average_exec_per_sec' "$out/$t.log" | awk '{print $2}')/s (log: $out/$t.log)"
  done
  return $status
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
    cmake --build build-asan --target sim_tests fault_tests fuzz_regression_tests
    ctest --test-dir build-asan --output-on-failure -j2 \
      -R '^(sim_tests|fault_tests|fuzz_regression_tests)[.]'
    # The three libFuzzer targets (ASan + UBSan too) for a few seconds each
    # from the committed seeds and regressions: a parser or verifier that
    # regresses on them, or on their first mutations, fails here.
    fuzz_inputs "${TESSERA_CI_FUZZ_SECONDS:-10}"
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
    "$tmp/standalone/first_kernel" >/dev/null
    ;;
  fuzz)
    configure build
    cmake --build build --target tessera-fuzz-kernels
    build/bin/tessera-fuzz-kernels "${1:-1000}" "${2:-1}" "${@:3}"
    ;;
  fuzz-inputs)
    fuzz_inputs "${1:-60}"
    ;;
  *)
    configure build
    cmake --build build --target "$target"
    "build/bin/$target" "$@"
    ;;
esac
