"""Commands for coding agents: hook (what Claude Code and Codex run around tool calls), install-hooks (write our
entries into their settings), mcp (the query server over stdio)."""

from __future__ import annotations

from .output import message


def cmd_hook(args) -> int:
    from ..hooks.main import run

    return run(args.agent, args.lake)  # always 0, whatever the agent or the input


def cmd_install_hooks(args) -> int:
    import json

    from ..hooks import install

    if args.print:
        settings: dict = {"hooks": {}}
        for event, group in install.entries(args.agent, _lake_for_hooks(args)):
            settings["hooks"].setdefault(event, []).append(group)
        print(json.dumps(settings, indent=2))
        return 0
    result = install.install(args.agent, args.scope, args.project, _lake_for_hooks(args), args.uninstall)
    what = {"installed": "installed", "updated": "updated", "unchanged": "already installed, nothing changed",
            "removed": "removed", "absent": "not installed, nothing to remove"}[result.action]
    message(f"codelake hooks for {args.agent}: {what} ({result.path})"
            + (f"; the previous file is kept as {result.backup}" if result.backup else ""))
    if args.agent == "codex" and result.action in ("installed", "updated"):
        message("codex: hooks are on by default in current releases (older ones need `[features] codex_hooks = true` "
                "in config.toml); project hooks load once the project is trusted")
    return 0


def _lake_for_hooks(args) -> str | None:
    """The lake the installed hooks read, fixed at install time (an absolute path)."""
    import os

    from ..hooks.main import lake_path

    return None if args.uninstall else os.path.abspath(lake_path(args.lake))


def cmd_mcp(args) -> int:
    from ..mcp_server import serve

    serve(args.lake)
    return 0


def register(sub, common) -> None:
    p = sub.add_parser("hook", parents=[common], help="answer one agent hook event read from stdin (always exits 0)",
                       description="Read a Claude Code or Codex hook event (JSON) from stdin and print the context "
                                   "to inject in the agent's format. Never fails the agent: exit code 0, silence "
                                   "when there is nothing useful or anything goes wrong.")
    p.add_argument("agent", help="claude-code or codex")
    p.set_defaults(func=cmd_hook)

    p = sub.add_parser("install-hooks", parents=[common], help="add codelake's hooks to Claude Code's or Codex's settings",
                       description="Merge codelake's hook entries into the agent's settings file (idempotent; the "
                                   "previous file is kept as <file>.codelake-backup; other hooks, their order and the "
                                   "file's formatting are kept).")
    p.add_argument("--agent", choices=("claude-code", "codex"), default="claude-code")
    p.add_argument("--scope", choices=("project", "user", "local"), default="project",
                   help="project: <repo>/.claude/settings.json or <repo>/.codex/hooks.json; user: ~/.claude/settings.json "
                        "or ~/.codex/hooks.json; local: <repo>/.claude/settings.local.json")
    p.add_argument("--project", metavar="DIR", help="the repository (default: the one holding the current folder)")
    p.add_argument("--uninstall", action="store_true", help="remove codelake's entries (only those)")
    p.add_argument("--print", action="store_true", help="print the entries instead of writing them")
    p.set_defaults(func=cmd_install_hooks)

    p = sub.add_parser("mcp", parents=[common], help="MCP query server over stdio (for agents)",
                       description="Serve search_symbols, callers, blast_radius, neighborhood, hotspots, why, digest, "
                                   "context and status as MCP tools over stdio, keeping the lake warm between calls.")
    p.set_defaults(func=cmd_mcp)
