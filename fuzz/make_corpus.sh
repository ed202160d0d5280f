#!/usr/bin/env bash
# Regenerates the fuzzers' seed corpora in fuzz/corpus/ from the samples and
# the lit tests (run it after the listing format or the dialect changes):
#
#   fuzz/make_corpus.sh [BUILD_DIR]     BUILD_DIR: a normal build (default build/)
#
#   corpus/listing/  every sample's listing (SAMPLE --dump=listing), the
#                    listings of tests/lit/listing/*.mlir (tessera-lower-tile)
#                    and the listings embedded in tests/lit/listing/*.test
#   corpus/program/  the same kernels' code in ProgramFuzzer.cpp's binary form
#   corpus/opt/      every sample's kernel IR at each stage (tessera.grid at
#                    stage kernel, its pipeline at stage pipelined) and each
#                    `// -----` piece of tests/lit/{dialect,passes}/*.mlir
#
# The corpora are kept small (each file is one kernel, at most 64 KiB); libFuzzer grows its
# own working corpus from them in build-fuzz/, never in the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build}
samples=(first_kernel value_vs_ref check_switches pipelined_scale block_accumulate
         scalar_prefetch_gather softmax layer_norm matmul attention)
if ! cmake --build "$dir" --target tessera-asm tessera-lower-tile "${samples[@]}" >/dev/null; then
  echo "warning: the build of $dir failed; using the tools already built there" >&2
fi

out=fuzz/corpus
rm -rf "$out/listing" "$out/program" "$out/opt"
mkdir -p "$out/listing" "$out/program" "$out/opt"

for s in "${samples[@]}"; do
  "$dir/bin/$s" --dump=listing > "$out/listing/$s.lst"
  for stage in kernel pipelined tiles optimized; do
    "$dir/bin/$s" --dump=ir --stage=$stage > "$out/opt/$s.$stage.mlir"
  done
  # Without a grid, the pipelined stage is the kernel stage again.
  if cmp -s "$out/opt/$s.kernel.mlir" "$out/opt/$s.pipelined.mlir"; then
    rm "$out/opt/$s.pipelined.mlir"
  fi
done
for f in tests/lit/listing/*.mlir; do
  "$dir/bin/tessera-lower-tile" "$f" > "$out/listing/lower_$(basename "$f" .mlir).lst" || true
done

/usr/bin/python3 - "$out" <<'PY'
import pathlib, re, sys
out = pathlib.Path(sys.argv[1])
# split-file sections of the listing tests: "#--- name.lst".
for test in sorted(pathlib.Path("tests/lit/listing").glob("*.test")):
    for name, body in re.findall(r"^#--- (\S+)\n(.*?)(?=^#--- |\Z)",
                                 test.read_text(), re.S | re.M):
        (out / "listing" / f"{test.stem}_{name}").write_text(body)
# The dialect and pass tests, one file per --split-input-file piece.
for area in ("dialect", "passes"):
    for test in sorted(pathlib.Path("tests/lit", area).glob("*.mlir")):
        for i, piece in enumerate(re.split(r"^// -----\s*$", test.read_text(), flags=re.M)):
            lines = [l for l in piece.splitlines() if not l.startswith("// RUN")]
            (out / "opt" / f"{area}_{test.stem}_{i}.mlir").write_text("\n".join(lines) + "\n")
PY

# A listing's code in ProgramFuzzer's form: 6 header bytes, then the words.
for f in "$out"/listing/*; do
  "$dir/bin/tessera-asm" --encode "$f" 2>/dev/null |
    /usr/bin/python3 -c '
import re, struct, sys
text = open(sys.argv[1]).read()
def directive(name, base):
    m = re.search(r"^\.%s (\S+)" % name, text, re.M)
    return int(m.group(1), base) if m else 0
words = [int(w, 16) for line in sys.stdin for w in line.split()[1:]]
if words:
    header = bytes([directive("hbm_args", 10) % 5, directive("scalar_words", 10) % 9])
    header += struct.pack("<H", directive("vmem_rows", 16) & 0xFFFF)
    header += bytes([directive("semaphores", 10) & 0xFF])
    header += bytes([1])  # checkUninitializedReads on, race detection on
    open(sys.argv[2], "wb").write(header + b"".join(struct.pack("<Q", w) for w in words))
' "$f" "$out/program/$(basename "${f%.*}").bin" || true
done
# Large kernels (the grid samples' tiled IR) slow every mutation down and
# add no coverage that the small ones lack.
find "$out" -type f -size +64k -delete
du -sh "$out"
for t in listing program opt; do echo "$t: $(ls "$out/$t" | wc -l) files"; done
