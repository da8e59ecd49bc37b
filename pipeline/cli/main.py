"""Entry point of the ``codelake`` command. Each command group lives in its own module with a ``register``."""

from __future__ import annotations

import os
import sys

from ..errors import CodelakeError

# Command groups, one module each: ``register(subparsers, common)`` adds its commands.
COMMAND_MODULES = (
    "pipeline.cli.structure",
    "pipeline.cli.history",
    "pipeline.cli.behaviour",
    "pipeline.cli.agents",
    "pipeline.cli.map",
    "pipeline.cli.exports",
)


def common_options() -> argparse.ArgumentParser:
    import argparse  # here, not at the top: the hook path never builds a parser

    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--lake", metavar="DIR", help="lake root (default: $CODELAKE_LAKE or data/lake)")
    common.add_argument("--format", choices=("table", "json", "csv"), default="table", help="output format")
    return common


def build_parser() -> argparse.ArgumentParser:
    import argparse
    import importlib

    parser = argparse.ArgumentParser(prog="codelake", description="Code intelligence for AI coding agents.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    common = common_options()
    for module_name in COMMAND_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:
                continue  # a command group not built yet
            raise
        module.register(sub, common)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["hook"]:  # agent hooks: skip building the parser (its imports cost more than the hook itself)
        from ..hooks.main import main as hook_main

        return hook_main(argv[1:])
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return args.func(args) or 0
    except CodelakeError as exc:
        sys.stderr.write(f"codelake: error: {exc}\n")
        return 1
    except KeyboardInterrupt:
        sys.stderr.write("codelake: interrupted\n")
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug or a damaged file: still one line, the traceback only on request
        if os.environ.get("CODELAKE_DEBUG"):
            raise
        sys.stderr.write(f"codelake: internal error: {type(exc).__name__}: {exc} (CODELAKE_DEBUG=1 shows where)\n")
        return 1


if __name__ == "__main__":
    sys.exit(main())
