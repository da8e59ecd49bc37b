"""``python -m tests.bench.scip [REPO ...] [--samples N] [--only misses|fps|blast] [--category TEXT] [--json]``

Re-runs the SCIP comparison (the SCIP index is cached per commit; only codelake's indexing runs again) and prints,
per repository, the figures, what the mapping lost, the causes of misses and false positives by count, and samples
of each with the source line involved. The full result is saved under data/bench/scip-<date>.json.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import report
from .harness import run
from .indexers import TARGETS, Unavailable


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.scip", description=__doc__.split("\n\n")[1])
    parser.add_argument("repos", nargs="*", choices=[[], *TARGETS], metavar="REPO",
                        help=f"which comparisons (default all: {', '.join(TARGETS)})")
    parser.add_argument("--samples", type=int, default=20, help="samples per list (default 20)")
    parser.add_argument("--only", choices=("misses", "fps", "blast"), help="print one list only")
    parser.add_argument("--category", help="only samples whose category contains this text")
    parser.add_argument("--json", action="store_true", help="print the figures and samples as JSON")
    args = parser.parse_args(argv)
    runs, skipped = [], {}
    for name in args.repos or list(TARGETS):
        try:
            runs.append(run(name, samples=args.samples))
        except Unavailable as exc:
            skipped[name] = str(exc)
            print(f"{name}: left out: {exc}", file=sys.stderr)
    if not runs:
        return 1
    out = report.save(runs, skipped)
    for done in runs:
        if args.json:
            print(json.dumps({**report.figures(done), "misses": done.result.misses,
                              "false_positives": done.result.false_positives,
                              "blast_samples": done.result.blast_samples}, indent=1, default=str))
        else:
            print_run(done, args)
    print(f"saved {out}", file=sys.stderr)
    return 0


def print_run(done, args) -> None:
    f, r = report.figures(done), done.result
    print(f"== {f['repo']} @ {f['commit'][:12]} ({f['compared_files']} files compared; "
          f"{', '.join(f'{k} {v} s' for k, v in f['seconds'].items())})")
    print(f"   file deps   P {f['files_precision']:.3f}  R {f['files_recall']:.3f}  F1 {f['files_f1']:.3f}")
    print(f"   calls       P {f['calls_precision']:.3f}  R {f['calls_recall']:.3f}  F1 {f['calls_f1']:.3f}  "
          f"{f['counts']['calls']}")
    print(f"   all refs    P {f['refs_precision']:.3f}  R {f['refs_recall']:.3f}")
    print(f"   blast radius misses {f['blast_missed']}/{f['blast_targets']} = {f['blast_miss_share']:.3f} "
          f"(+{f['blast_unknown']} called symbols codelake has none for: {f['blast_miss_share_with_unknown']:.3f}; "
          f"direct callers only: {f['callers_miss_share']:.3f})")
    print(f"   mapping: {f['losses']}")
    if done.target.note:
        print(f"   note: {done.target.note}")
    if args.only in (None, "misses"):
        _print_samples("misses (real calls codelake lacks)", r.miss_categories, r.misses, args, _miss_line)
    if args.only in (None, "fps"):
        _print_samples("false positives (codelake call pairs SCIP does not have)", r.false_positive_categories,
                       r.false_positives, args, _fp_line)
    if args.only in (None, "blast"):
        print(f"   -- blast radius misses ({len(r.blast_samples)} shown)")
        for b in r.blast_samples[: args.samples]:
            print(f"      {b['target']}: {b['missed']} of {b['callers']} callers not reached, "
                  f"e.g. {b['first_missed']} at {b['path']}:{b['line']}")


def _print_samples(title, categories, samples, args, line) -> None:
    print(f"   -- {title}: " + ", ".join(f"{k} {n}" for k, n in categories.most_common()))
    chosen = [s for s in samples if not args.category or args.category in s["category"]]
    for sample in chosen[: args.samples]:
        print(line(sample))


def _miss_line(s: dict) -> str:
    return (f"      [{s['category']}] {s['path']}:{s['line']}  {s['caller']} -> {s['callee']}\n"
            f"          {s['source']}")


def _fp_line(s: dict) -> str:
    return (f"      [{s['category']}] {s['path']}:{s['line']}  {s['codelake_src']} -> {s['codelake_dst']} "
            f"({s['ref_form']})\n          {s['source']}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
