#!/usr/bin/env python3
"""Compiles every C++ example of the README as written.

Each ```c++ / ```cpp block of README.md is preceded by a comment saying
where it runs:

  <!-- snippet: host x y -->    statements on the host
  <!-- snippet: kernel x_ref o_ref n -->   statements in a kernel body
  <!-- snippet: skip REASON -->  not compiled (a sketch), with the reason

followed by the names the snippet uses without defining them: Arrays x, y,
a, w, b; a pl::Kernel `kernel`; a function `matmul` of two Arrays; Refs
(`*_ref`, `x_vmem`, `sem`); Scalars n, other.

All of them become one translation unit, each snippet a function whose body
is the snippet under a #line directive, so that an error names README.md and
the snippet's own line. The TU is checked with the project's compiler and
the public headers only (-fsyntax-only), as a user's project would compile
it. A C++ block without such a comment is an error.

usage: snippets.py README.md OUT.cc COMPILER FLAGS...
"""
import os
import re
import subprocess
import sys

# The names a snippet may use without defining them, by kind.
FREE = {
    "x": "const Array &", "y": "const Array &", "a": "const Array &", "w": "const Array &",
    "b": "const Array &", "kernel": "const pl::Kernel &",
    "matmul": "const std::function<Array(const Array &, const Array &)> &",
    "n": "Scalar", "other": "Scalar",
}
CONTEXTS = ("host", "kernel")


def parameter(name):
    kind = FREE.get(name, "Ref" if name.endswith("_ref") or name in ("x_vmem", "sem") else None)
    return f"[[maybe_unused]] {kind} {name}" if kind else None


def snippets(readme):
    lines = open(readme, encoding="utf-8").read().split("\n")
    out, errors = [], []
    i = 0
    while i < len(lines):
        if re.match(r"^```(c\+\+|cpp)\s*$", lines[i]):
            start = i + 1
            end = start
            while end < len(lines) and not lines[end].startswith("```"):
                end += 1
            j = i - 1
            while j >= 0 and not lines[j].strip():
                j -= 1
            m = re.match(r"^<!-- snippet: (\w+)(.*?)-->$", lines[j].strip()) if j >= 0 else None
            if not m:
                errors.append(f"{readme}:{i + 1}: a C++ example without a line "
                              "'<!-- snippet: host|kernel NAMES... -->' (or '<!-- snippet: "
                              "skip REASON -->') before it")
            elif m.group(1) == "skip":
                if not m.group(2).strip():
                    errors.append(f"{readme}:{j + 1}: 'snippet: skip' needs a reason")
            elif m.group(1) not in CONTEXTS:
                errors.append(f"{readme}:{j + 1}: unknown snippet context '{m.group(1)}'")
            else:
                params = [parameter(name) for name in m.group(2).split()]
                if None in params:
                    errors.append(f"{readme}:{j + 1}: a name snippets.py does not know: "
                                  f"{m.group(2).split()[params.index(None)]}")
                out.append((", ".join(p for p in params if p), start + 1, lines[start:end]))
            i = end + 1
            continue
        i += 1
    return out, errors


def main():
    readme, tu, compiler, flags = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    found, errors = snippets(readme)
    if errors:
        print("\n".join(errors))
        return 1
    text = ["#include <functional>", "#include <iostream>", '#include "dsl/tessera.h"',
            "using namespace tessera;", ""]
    for n, (params, line, body) in enumerate(found):
        text.append(f"void snippet{n}({params}) {{")
        text.append(f"#line {line} \"{os.path.basename(readme)}\"")
        text.extend(body)
        text.append("}")
    open(tu, "w", encoding="utf-8").write("\n".join(text) + "\n")
    result = subprocess.run([compiler, *flags, tu])
    print(f"{len(found)} README examples compiled" if result.returncode == 0 else
          "a README example does not compile (README.md:LINE above)")
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
