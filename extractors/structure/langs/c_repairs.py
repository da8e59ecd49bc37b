"""C and C++ the grammars cannot read without the preprocessor, rewritten byte for byte into code they can.

Libraries mark their API with macros the preprocessor expands to attributes or nothing: ``class LEVELDB_EXPORT
Status {``, ``FMT_CONSTEXPR inline void f() {``, ``FMT_API auto vformat(...)``, ``void swap(logger &other)
SPDLOG_NOEXCEPT;``, a line holding only ``FMT_BEGIN_NAMESPACE``; test frameworks define tests by strings
(``TEST_CASE("adds", "[math]") {``). The grammars read such a macro as a type or a declarator, and the class becomes a function
whose body swallows the class's members (leveldb's ``Status`` lost every method). Each repair blanks the macro,
keeping every byte offset and line; the parser runs them only on a file that failed to parse, and keeps the repaired
reading only when it has fewer errors (``parse._repaired``).
"""

from __future__ import annotations

import re

_MACRO = rb"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+"  # LEVELDB_EXPORT, FMT_CONSTEXPR20: upper case, with an underscore
_ARGS = rb"(?:\([^()\n]*\))?"  # FMT_DEPRECATED("use x"), ABSL_ATTRIBUTE(...)
# between ``class``/``struct`` and the class's name: nothing but a macro (or an attribute) stands there
_CLASS_MACRO = re.compile(rb"\b(?:class|struct|union)[ \t]+(" + _MACRO + _ARGS + rb"(?:[ \t]+" + _MACRO + _ARGS
                          + rb")*)(?=[ \t]+[A-Za-z_]\w*\b)")
# a specifier-like macro before a declaration: its name says it is one (an export, an inline, a constexpr...)
_SPECIFIER = re.compile(rb"\b[A-Z][A-Z0-9_]*_(?:EXPORT|EXPORTS|API|EXTERN|IMPORT|INLINE|ALWAYS_INLINE|NOINLINE|"
                        rb"FORCE_INLINE|CONSTEXPR\d*|CONSTEVAL|FUNC|NODISCARD|DEPRECATED|NORETURN|PUBLIC|HIDDEN|"
                        rb"VISIBLE|VISIBILITY|LOCAL|UNUSED|MAYBE_UNUSED|PURE|DLL|DECL|CDECL|STDCALL|ATTR\w*|"
                        rb"NOEXCEPT|OVERRIDE|FINAL|NOTHROW)\b"
                        + _ARGS + rb"(?=[ \t]+[A-Za-z_~]|[ \t]*(?:[;{=]|$))")
# a macro after a declarator: thread-safety annotations (``Status bg_error_ GUARDED_BY(mutex_);``, ``void f()
# EXCLUSIVE_LOCKS_REQUIRED(mu_);``), before what may end or follow a declaration
_TRAILING = re.compile(rb"(?<=[\w)\]])[ \t]+(" + _MACRO + rb"\([^()\n]*\))(?=[ \t]*(?:[;{=,]|const\b|override\b|$))")
# FMT_BEGIN_NAMESPACE on its own line; SPDLOG_TRY { (a try block's macro: the block stays)
_LONE_MACRO = re.compile(rb"^[ \t]*(" + _MACRO + rb")[ \t]*(?:\{[ \t]*)?$")
# a test framework's macro defining a test by strings (Catch2, doctest: TEST_CASE("adds", "[math]") {): its
# arguments blanked, it reads as a function TEST_CASE() {...} (cpp.scm names it a test)
_STRING_ARGS = re.compile(rb"^[ \t]*[A-Z][A-Z0-9_]*\(((?:[^()\n]|\([^()\n]*\))*\"(?:[^()\n]|\([^()\n]*\))*)\)[ \t]*\{")
_ATTRIBUTE = re.compile(rb"\b__(?:attribute__|declspec)[ \t]*\(\((?:[^()\n]|\([^()\n]*\))*\)\)")


def repairs(language: str) -> tuple:
    """The byte-for-byte rewrites to try on a C or C++ file that failed to parse."""
    return (repair,)


def repair(data: bytes) -> bytes:
    """Every line but the preprocessor's (``#define SHAPES_EXPORT ...`` names the macro: it stays)."""
    lines = data.split(b"\n")
    for i, line in enumerate(lines):
        if line.lstrip()[:1] != b"#":
            lines[i] = _repair_line(line)
    return b"\n".join(lines)


def _repair_line(line: bytes) -> bytes:
    line = _CLASS_MACRO.sub(lambda m: _blank_group(m, 1), line)
    line = _SPECIFIER.sub(lambda m: _blank(m.group(0)), line)
    line = _TRAILING.sub(lambda m: _blank_group(m, 1), line)
    line = _LONE_MACRO.sub(lambda m: _blank_group(m, 1), line)
    line = _STRING_ARGS.sub(lambda m: _blank_group(m, 1), line)
    return _ATTRIBUTE.sub(lambda m: _blank(m.group(0)), line)


def _blank(text: bytes) -> bytes:
    return bytes(c if c == 0x0A else 0x20 for c in text)


def _blank_group(m: re.Match, group: int) -> bytes:
    start, end = m.start(group) - m.start(0), m.end(group) - m.start(0)
    whole = m.group(0)
    return whole[:start] + _blank(whole[start:end]) + whole[end:]
