"""Entry point of the ``codelake`` command. Each command group lives in its own module with a ``register``."""

from __future__ import annotations

import os
import sys

from ..allocator import use_lake_allocator
from ..errors import CodelakeError

# Command groups, one module each: ``register(subparsers, common)`` adds its commands.
COMMAND_MODULES = (
    "pipeline.cli.structure",
    "pipeline.cli.history",
    "pipeline.cli.behaviour",
    "pipeline.cli.agents",
    "pipeline.cli.map",
    "pipeline.cli.exports",
    "pipeline.cli.lake",
    "pipeline.cli.org",
)


def parser_class():
    """argparse's parser, except that a bad argument is one line on stderr and exit code 1, as every other error.
    Built on demand: the hook path never builds a parser, so it never imports argparse."""
    import argparse

    class ArgumentParser(argparse.ArgumentParser):
        def error(self, message: str):
            self.exit(1, f"{self.prog}: error: {message} (see {self.prog} --help)\n")

    return ArgumentParser


def version_action():
    """``--version``, looking the version up only when asked (the metadata scan costs every command otherwise)."""
    import argparse

    class Version(argparse.Action):
        def __init__(self, option_strings, dest, **kwargs):
            super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=kwargs.get("help"))

        def __call__(self, parser, namespace, values, option_string=None):
            sys.stdout.write(f"codelake {version()}\n")
            parser.exit(0)

    return Version


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        return dist_version("codelake")
    except PackageNotFoundError:  # running from a checkout that was never installed
        from .. import __version__

        return __version__


def common_options():
    common = parser_class()(add_help=False)
    common.add_argument("--lake", metavar="DIR", help="lake root (default: $CODELAKE_LAKE, else codelake.toml's "
                        "`lake` found upward, else the user's data folder; `codelake where` says which)")
    common.add_argument("--format", choices=("table", "json", "jsonl", "csv"), default="table",
                        help="output format (jsonl: one JSON object per line, streamed)")
    return common


def build_parser(command: str | None = None):
    """The command line's parser. Given the ``command`` to run, the groups after the one defining it are left out:
    building every group's parsers costs ~20 ms, a tenth of a post-edit ``update``'s budget over its imports."""
    import importlib

    parser = parser_class()(prog="codelake", description="Code intelligence for AI coding agents.")
    parser.add_argument("--version", action=version_action(), help="show codelake's version and exit")
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
        if command is not None and command in sub.choices:
            break
    return parser


def main(argv: list[str] | None = None) -> int:
    whole_process = argv is None
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["hook"]:  # agent hooks: skip building the parser (its imports cost more than the hook itself)
        from ..hooks.main import main as hook_main

        return hook_main(argv[1:])
    from . import common

    common.WHOLE_PROCESS = whole_process  # the command line's own process, not a caller's (a test, a server)
    if whole_process:
        use_lake_allocator(one_shot=argv[:1] == ["update"])  # before pyarrow's first allocation (``pipeline.allocator``)
    parser = build_parser(argv[0] if argv and not argv[0].startswith("-") else None)
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 1
    try:
        return _ended(args.func(args) or 0)
    except CodelakeError as exc:
        sys.stderr.write(f"codelake: error: {exc}\n")
        return _ended(1)
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


def _ended(code: int) -> int:
    """``code``; a lean command's own process (``common.lean_process``) ends here instead, once its output is
    flushed, without tearing down the objects and modules it built: it wrote and published everything already, and
    the children it started are on their own."""
    from . import common

    if common.QUICK_EXIT:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)
    return code


if __name__ == "__main__":
    sys.exit(main())
