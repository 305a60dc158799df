"""The costliest board files we know how to write, each just under the size cap, parsed one after
another: ``python tests/parse_worst.py`` prints seconds and the growth of the process's peak
memory for each (the figures quoted for issue 19); ``--json`` prints them for a test, which
checks the answers and the memory (never the seconds)."""

from __future__ import annotations

import json
import resource
import sys
import time

from tabletop.layout.yamlsrc import MAX_FILE_BYTES, LayoutErrors, parse_yaml

ROOM = MAX_FILE_BYTES - 200
HEAD = "layout_version: 1\n"


def shapes() -> dict[str, str]:
    """Name → text: many values (the node cap), deep nesting (the depth cap and PyYAML's
    look-ahead), and slow-to-scan text with few values (only the size cap bounds it)."""
    return {
        "flow list of numbers": HEAD + "x: [" + "1," * (ROOM // 2 - 20) + "1]\n",
        "19,990 values then a comment": HEAD + "x: [" + "1," * 19_990 + "1]\n#" + "x" * (ROOM - 40_100),
        "flow nested 39 deep, then values": HEAD + "x: " + "[" * 38 + "1," * (ROOM // 2 - 60) + "1" + "]" * 38,
        "3,000 open brackets": HEAD + "x: " + "[" * 3000 + "\n",
        "block list": HEAD + "x:\n" + "- 1\n" * (ROOM // 4 - 10),
        "mapping keys": HEAD + "".join(f"k{i}: 1\n" for i in range(ROOM // 10)),
        "flow mapping": HEAD + "x: {" + ",".join(f"k{i}: {i}" for i in range(ROOM // 14)) + "}\n",
        "plain text with spaces": HEAD + "x: " + "x " * (ROOM // 2 - 20) + "\n",
        "blank lines": HEAD + "x: 1\n" + "\n" * (ROOM - 30),
        "comment lines": HEAD + "x: 1\n" + "#\n" * (ROOM // 2 - 20),
        "escaped string": HEAD + 'x: "' + "\\x41" * (ROOM // 4 - 10) + '"\n',
        "long keys": HEAD + "".join(f"{'k' * 900}{i}: 1\n" for i in range(ROOM // 910)),
        "alias bomb": HEAD + "a: &a [" + ",".join(["x"] * 10) + "]\n"
                      + "".join(f"{c}: &{c} [{','.join([f'*{p}'] * 10)}]\n" for p, c in zip("abcdefg", "bcdefgh", strict=True)),
    }


def measure() -> list[dict]:
    rows = []
    for name, text in shapes().items():
        raw = text.encode("utf-8")
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        start = time.perf_counter()
        try:
            parse_yaml(raw, "f.yaml")
            answer = "accepted"
        except LayoutErrors as exc:
            answer = exc.lines()[0]
        seconds = time.perf_counter() - start
        grown_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
        rows.append({"shape": name, "bytes": len(raw), "seconds": seconds, "peak_growth_mb": grown_kb / 1024,
                     "answer": answer})
    return rows


if __name__ == "__main__":
    results = measure()
    if "--json" in sys.argv:
        print(json.dumps(results))
    else:
        for r in results:
            print(f"{r['shape']:34} {r['bytes']:>8} B {r['seconds']:6.2f} s {r['peak_growth_mb']:6.1f} MB  "
                  f"{r['answer'][:70]}")
