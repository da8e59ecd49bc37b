"""Agent tool-call logs -> table ``tool_calls``: which files coding agents read, searched and edited, per session.

Three extractors share one table and one schema: ``claude_code`` (Claude Code transcripts), ``codex`` (Codex CLI
rollouts) and ``agent_jsonl`` (a documented one-call-per-line format, see ``jsonl.py``). Each replaces only its own
rows (keyed by ``call_key``), reads each source file from where the last run stopped, and stores paths and operations,
never contents, patches, prompts or commands.
"""

from .claude import ClaudeCodeExtractor
from .codex import CodexExtractor
from .jsonl import AgentJsonlExtractor

__all__ = ["ClaudeCodeExtractor", "CodexExtractor", "AgentJsonlExtractor"]
