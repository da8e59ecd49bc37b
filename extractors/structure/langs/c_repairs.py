"""C and C++ the grammars cannot read without the preprocessor, rewritten byte for byte into code they can.

Libraries mark their API with macros the preprocessor expands to attributes or nothing: ``class LEVELDB_EXPORT
Status {``, ``FMT_CONSTEXPR inline void f() {``, ``FMT_API auto vformat(...)``, ``void swap(logger &other)
SPDLOG_NOEXCEPT;``, a line holding only ``FMT_BEGIN_NAMESPACE``; test frameworks define tests by strings
(``TEST_CASE("adds", "[math]") {``). The grammars read such a macro as a type or a declarator, and the class becomes
a function whose body swallows the class's members (leveldb's ``Status`` lost every method). Each repair blanks the
macro, keeping every byte offset and line; the parser runs them only on a file that failed to parse, and keeps the
repaired reading only when it has fewer errors (``parse._repaired``). Every pattern reads one line and backtracks at
most linearly on it (no nested quantifier can match the same text two ways): a hostile file costs its length.
"""

from __future__ import annotations

import re

from ..lazyre import lazy_re

_MACRO = rb"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+"  # LEVELDB_EXPORT, FMT_CONSTEXPR20: upper case, with an underscore
_ARGS = rb"(?:\([^()\n]*\))?"  # FMT_DEPRECATED("use x"), ABSL_ATTRIBUTE(...)
# between ``class``/``struct`` and the class's name: nothing but a macro (or an attribute) stands there
_CLASS_MACRO = lazy_re(rb"\b(?:class|struct|union)[ \t]+(" + _MACRO + _ARGS + rb"(?:[ \t]+" + _MACRO + _ARGS
                       + rb")*)(?=[ \t]+[A-Za-z_]\w*\b)")
# an attribute macro of one upper-case word (``class LOCKABLE Mutex {``, leveldb's thread-safety one): only where a
# name and then what opens a class follow (``struct STAT st;`` declares a variable)
_BARE_CLASS_MACRO = lazy_re(rb"\b(?:class|struct|union)[ \t]+([A-Z][A-Z0-9]+" + _ARGS + rb")"
                            rb"(?=[ \t]+[A-Za-z_]\w*[ \t]*(?:\{|:(?!:)|final\b|$))", re.M)
# a specifier-like macro before a declaration: its name says it is one (an export, an inline, a constexpr...); after
# a declarator too, before an initializer list's ``:`` or a comment (``GenericValue() RAPIDJSON_NOEXCEPT : data_() {``);
# pugixml's ``PUGI_IMPL_FN xml_encoding get_buffer_encoding(..)`` (``inline`` or nothing): the grammar read the return
# type as the name's scope, a missing ``::`` between (``xml_encoding::get_buffer_encoding``, a method of no class)
_SPECIFIER = lazy_re(rb"\b[A-Z][A-Z0-9_]*_(?:EXPORT|EXPORTS|API|EXTERN|IMPORT|INLINE|ALWAYS_INLINE|NOINLINE|"
                     rb"FORCE_INLINE|FORCEINLINE|CONSTEXPR\d*|CONSTEVAL|FUNC|FN|FUNCTION|NODISCARD|DEPRECATED|NORETURN|PUBLIC|HIDDEN|"
                     rb"VISIBLE|VISIBILITY|LOCAL|UNUSED|MAYBE_UNUSED|PURE|DLL|DECL|CDECL|STDCALL|ATTR\w*|"
                     rb"NOEXCEPT|OVERRIDE|FINAL|NOTHROW|UNALIGNED|ALIGNED)\b"
                     + _ARGS + rb"(?=[ \t]+[A-Za-z_~]|[ \t]*(?:[;{=]|:(?!:)|//|$))", re.M)
# Clang's thread-safety macros as its documentation's header spells them, one word (google benchmark's and others'
# copies of it: ``bool wait() EXCLUDES(lock_) {``, ``void unlock() RELEASE() {``; the method was read as ``EXCLUDES``)
_ANNOTATION_WORDS = rb"(?:REQUIRES|ACQUIRE|RELEASE|EXCLUDES)"
# a macro after a declarator: thread-safety annotations (``Status bg_error_ GUARDED_BY(mutex_);``, ``void f()
# EXCLUSIVE_LOCKS_REQUIRED(mu_);``, ``explicit MutexLock(Mutex* mu) EXCLUSIVE_LOCK_FUNCTION(mu) : mu_(mu) {``), before
# what may end or follow a declaration
_TRAILING = lazy_re(rb"(?<=[\w)\]])[ \t]+((?:" + _MACRO + rb"|" + _ANNOTATION_WORDS + rb")\([^()\n]*\))"
                    rb"(?=[ \t]*(?:[;{=,]|:(?!:)|const\b|override\b|$))", re.M)
# a thread-safety annotation on the line after its declarator (``void Remove(const std::string& name)\n
# EXCLUSIVE_LOCKS_REQUIRED(mutex_) {``): named by what it annotates, as any other macro there may be a call statement
# (``if (done)\n  CHECK_OK(s);``)
_NEXT_LINE_ANNOTATION = lazy_re(rb"(?<=[\w)])[ \t]*\n[ \t]*(\b[A-Z0-9_]*(?:LOCKS_REQUIRED|LOCKS_EXCLUDED|"
                                rb"LOCK_FUNCTION|LOCK_RETURNED|GUARDED_BY|REQUIRES|REQUIRES_SHARED|EXCLUDES|"
                                rb"ACQUIRE|ACQUIRE_SHARED|RELEASE|RELEASE_SHARED|NO_THREAD_SAFETY_ANALYSIS)\b"
                                + _ARGS + rb")(?=[ \t]*(?:[;{]|$))", re.M)
# a macro between ``if`` and its condition: fmt's ``if FMT_CONSTEXPR20 (need_copy<T>::value)`` (an ``if constexpr``
# where the standard has it), ``if UNLIKELY(x) {`` (a macro bracketing its condition): blanked, ``if (..)`` remains
_IF_MACRO = lazy_re(rb"\bif[ \t]+(" + _MACRO + rb")(?=[ \t]*\()")
# FMT_BEGIN_NAMESPACE on its own line; SPDLOG_TRY { (a try block's macro: the block stays)
_LONE_MACRO = lazy_re(rb"^[ \t]*(" + _MACRO + rb")[ \t]*(?:\{[ \t]*)?$", re.M)
# a statement-like macro call alone on its line, no ``;`` after it (rapidjson's ``RAPIDJSON_DIAG_OFF(switch-enum)``
# between declarations, a pragma's wrapper): read as a declaration missing its type, it broke the whole file's top
# level (``document.h``: every class after it an ERROR); the call stays a use of its ``#define`` (``repaired_calls``)
# (not an X-macro's expansion, ``KV_OP_MAP(XX)`` in a switch, whose argument names a macro: that use is the point)
_LONE_MACRO_CALL = lazy_re(rb"(?<!\\\n)^[ \t]*(" + _MACRO + rb"\((?![ \t]*[A-Z_][A-Z0-9_]*[ \t]*\))[^()\n]*\))"
                           rb"[ \t]*(?://[^\n]*)?$", re.M)
# SFINAE's return-type macro (``RAPIDJSON_DISABLEIF_RETURN((cond), (GenericValue&))`` on the line before
# ``operator=(T value) {``): a macro call where the grammar wants a type ends the class; only its last argument, the
# type it expands to, is kept (``GenericValue&``), so the method reads with its return type
_RETURN_TYPE_MACRO = lazy_re(rb"\b[A-Z][A-Z0-9_]*IF_RETURN\(\((?:[^()\n]|\([^()\n]*\))*\),[ \t]*\(([^()\n]*)\)\)")
# a test framework's macro defining a test by strings (Catch2, doctest: TEST_CASE("adds", "[math]") {): its
# arguments blanked, it reads as a function TEST_CASE() {...} (cpp.scm names it a test)
_STRING_ARGS = lazy_re(rb"^[ \t]*[A-Z][A-Z0-9_]*\(((?:[^()\n]|\([^()\n]*\))*)\)[ \t]*\{", re.M)  # with a "
# ...but a fixture's test (Catch2's TEST_CASE_METHOD(TApp, "name", "[tag]"), doctest's TEST_CASE_FIXTURE(F, "name")):
# its leading class name is kept, so it reads as TEST_CASE_METHOD(TApp) {...}, a method of the fixture (cpp.scm)
_FIXTURE_ARGS = lazy_re(rb"^[ \t]*[A-Z][A-Z0-9_]*\([ \t]*[A-Za-z_][\w:]*[ \t]*(,(?:[^()\n]|\([^()\n]*\))*)\)[ \t]*\{",
                        re.M)
# a macro standing for ``if constexpr`` where the standard has it, else ``if`` (rapidjson's
# ``RAPIDJSON_IF_CONSTEXPR (sizeof(Ch) == 1) {..} else {..}``): read as a call, its ``else`` ended the method and the
# class, whose members became a class nested in a method of its own. Rewritten ``if`` (padded): the branch stays
_IF_CONSTEXPR_MACRO = lazy_re(rb"^[ \t]*(?:else[ \t]+)?((?:[A-Z][A-Z0-9_]*_)?(?:IF_CONSTEXPR|CONSTEXPR_IF))(?=[ \t]*\()",
                              re.M)
# a block comment on a macro's continued line (htop's ``do { /* Check capacity */ \`` in a ``#define`` written in a
# function): the grammar ends the macro's text at the comment, the rest of the macro reads as the function's code
# and its braces end the function early (``Process_makeCommandStr``'s calls of the macro went to the file)
_CONTINUED_COMMENT = lazy_re(rb"/\*[^\n]*?\*/(?=[ \t]*\\\n)")
# a calling convention's macro inside a function pointer's declarator (zlib's minizip ``typedef voidpf (ZCALLBACK
# *open_file_func) (voidpf opaque, const char* filename, int mode);``, ``(WINAPI *fn)(``, ``(__stdcall *f)(``): the
# typedef was lost and its parameter ``filename`` read as a type's name (three such "types" dead at 0.6); a name in
# capitals (or a reserved ``__`` one) before ``*name)(``, which no expression nor cast writes
_CALLING_CONVENTION = lazy_re(rb"\([ \t]*([A-Z][A-Z0-9_]*|__[a-z]\w*)[ \t]+(?=\*[ \t]*[A-Za-z_]\w*[ \t]*\)[ \t]*\()")
_ATTRIBUTE = lazy_re(rb"\b__(?:attribute__|declspec)[ \t]*\(\((?:[^()\n]|\([^()\n]*\))*\)\)")
# an attribute macro given numbers, between a function's return type and its name (tmux's ``static void
# printflike(3, 4)\nargs_print_add(char **buf, ..) {``, ``#define printflike(a, b) __attribute__ ((format ..))``): read as
# the function's declarator, it named the function ``printflike`` and its name's calls were a library's. No parameter
# list holds only numbers, and a call's value is never followed by a name and ``(``; after a word or a ``*`` only
_ATTRIBUTE_CALL = lazy_re(rb"(?<=[\w*])[ \t]+(([A-Za-z_]\w*)[ \t]*\([ \t]*\d+(?:[ \t]*,[ \t]*\d+)*[ \t]*\))"
                          rb"(?=(?:[ \t]*\n)?[ \t]*[A-Za-z_]\w*[ \t]*\()")  # (``*`` after it: ``return g(3)\n * h(4)``)


def repairs(language: str) -> tuple:
    """The byte-for-byte rewrites to try, in turn, on a C or C++ file that failed to parse."""
    return (attribute_calls, repair, unconditional, first_branches)


def attribute_calls(data: bytes) -> bytes:
    """``_ATTRIBUTE_CALL`` blanked: a repair of its own, tried first, as ``repair``'s other rewrites may cost a file
    more errors than they save (tmux's ``input.c``: ``GRID_ATTR_CHARSET`` read as an attribute macro) and then none
    of them is kept."""
    lines = _LineStarts(data)
    return _ATTRIBUTE_CALL.sub(lambda m: _rewritten(m, 1, b"", lines), data)


# (pattern, the group blanked (0: the whole match), what that group must hold to be blanked)
_REWRITES = ((_CLASS_MACRO, 1, b""), (_BARE_CLASS_MACRO, 1, b""), (_SPECIFIER, 0, b""), (_TRAILING, 1, b""), (_NEXT_LINE_ANNOTATION, 1, b""),
             (_LONE_MACRO, 1, b""), (_LONE_MACRO_CALL, 1, b""), (_IF_MACRO, 1, b""), (_CALLING_CONVENTION, 1, b""),
             (_FIXTURE_ARGS, 1, b'"'), (_STRING_ARGS, 1, b'"'), (_ATTRIBUTE, 0, b""), (_CONTINUED_COMMENT, 0, b""))


def repair(data: bytes) -> bytes:
    """Every line but the preprocessor's (``#define SHAPES_EXPORT ...`` names the macro: it stays)."""
    for pattern, group, needs in _REWRITES:
        lines = _LineStarts(data)
        data = pattern.sub(lambda m: _rewritten(m, group, needs, lines), data)
    lines = _LineStarts(data)
    data = _RETURN_TYPE_MACRO.sub(lambda m: _type_kept(m, lines), data)
    return _IF_CONSTEXPR_MACRO.sub(_as_if, data)


def _type_kept(m: re.Match, lines: "_LineStarts") -> bytes:
    """All but the macro's last argument blanked, offsets kept (a ``#define``'s line is left as it is)."""
    if _rewritten(m, 0, b"", lines) == m.group(0):
        return m.group(0)
    return _blank(m.string[m.start():m.start(1)]) + m.group(1) + _blank(m.string[m.end(1):m.end()])


def _as_if(m: re.Match) -> bytes:
    """The macro's name as ``if`` and spaces, every offset kept (the pattern starts a line: no ``#define`` matches)."""
    return m.group(0)[:m.start(1) - m.start(0)] + b"if" + b" " * (len(m.group(1)) - 2)


_NONBLANK = lazy_re(rb"[^ \t\n\r\f\v]")


class _LineStarts:
    """Whether the line holding each offset asked is a directive (its first byte but blanks a ``#`` before the
    offset), the offsets asked in increasing order (as ``sub`` finds its matches): each byte is searched once. The
    line's text from its start cost a long line its length per match (``X_API `` repeated on one line of 600 KB: 1.1 s,
    quadratic)."""

    def __init__(self, text: bytes):
        self.text, self.at, self.first = text, 0, _first_nonblank(text, 0)

    def directive(self, at: int) -> bool:
        if at < self.at:
            self.at, self.first = 0, _first_nonblank(self.text, 0)
        found = self.text.rfind(b"\n", self.at, at)
        if found >= 0:  # a new line: its first byte but blanks (on this line or a later one)
            self.first = _first_nonblank(self.text, found + 1)
        self.at = at
        return 0 <= self.first < at and self.text[self.first] == 0x23  # "#"


def _first_nonblank(text: bytes, at: int) -> int:
    """The offset of the first byte from ``at`` on that is neither a blank nor a newline; -1: none."""
    found: re.Match | None = _NONBLANK.search(text, at)
    return found.start() if found else -1


def _rewritten(m: re.Match, group: int, needs: bytes, lines: _LineStarts) -> bytes:
    if lines.directive(m.start()) or needs not in m.group(group):
        return m.group(0)
    return _blank(m.group(0)) if group == 0 else _blank_group(m, group)


def _blank(text: bytes) -> bytes:
    return bytes(c if c == 0x0A else 0x20 for c in text)


def _blank_group(m: re.Match, group: int) -> bytes:
    start, end = m.start(group) - m.start(0), m.end(group) - m.start(0)
    whole = m.group(0)
    return whole[:start] + _blank(whole[start:end]) + whole[end:]


_MACRO_CALL = lazy_re(rb"\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)[ \t]*\(")


_TEMPLATE_USE = lazy_re(rb"\b([A-Z][A-Za-z0-9_]*)[ \t]*<")


def repaired_calls(before: bytes, after: bytes) -> list[tuple[int, str]]:
    """The function-like macros a repair blanked (``GUARDED_BY(mu_)``, ``class FMT_SO_VISIBILITY("default") X``):
    each is still a use of its ``#define`` (leveldb's thread-safety macros were all unused, their uses blanked); the
    templates a blanked condition named (``RAPIDJSON_DISABLEIF_RETURN((internal::IsPointer<T>), (T&))``: the
    trait ``IsPointer`` is used there, and nowhere else); and the calls of the later branches ``first_branches``
    blanked (``_branch_calls``)."""
    found = [(m.start(1), m.group(1).decode()) for pattern in (_MACRO_CALL, _TEMPLATE_USE)
             for m in pattern.finditer(before) if after[m.start(1):m.end(1)].isspace()]
    found += [(m.start(2), m.group(2).decode()) for m in _ATTRIBUTE_CALL.finditer(before)
              if after[m.start(1):m.end(1)].isspace()]  # printflike(3, 4): a use of its #define
    seen = {at for at, _ in found}
    return found + [(at, name) for at, name in _branch_calls(before, after) if at not in seen]


# a name called in a line: group 1 the name (``\\b``: a long word is tried once, not from each of its letters); what
# stands before it says whether it is a call (_is_call)
_CALLED = lazy_re(rb"\b([A-Za-z_]\w*)[ \t]*\(")
# a string, a character or a comment of one line, blanked before the calls are read (``printf("see f(x)")``)
_LITERAL = lazy_re(rb'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|//[^\n]*|/\*(?:[^*\n]|\*(?!/))*\*/')
_NOT_CALLED = frozenset({b"if", b"while", b"for", b"switch", b"return", b"sizeof", b"defined", b"alignof", b"_Alignof",
                         b"typeof", b"__typeof__", b"decltype", b"catch", b"static_assert", b"_Static_assert",
                         b"noexcept", b"__attribute__", b"__declspec", b"asm", b"__asm__", b"alignas", b"_Alignas"})
_STATEMENT_WORDS = frozenset({b"return", b"else", b"case", b"do"})  # words before a call that are no type
_HEAD, _TAIL = 80, 200  # bytes before a called name and after its ``(`` that _is_call reads (a long line: linear)


def _branch_calls(before: bytes, after: bytes) -> list[tuple[int, str]]:
    """The calls in the lines of code a repair blanked whole: the later branches of a short conditional
    (``first_branches``). nnn's ``#ifndef NORL read_history(g_buf); #else xread_history(g_buf); #endif`` lost
    ``xread_history``'s only call, dead at 0.9, and three of ``spawn``'s. A directive and its continued lines are
    no code; a name a type stands before is declared (``static int f(void);``), not called."""
    out, at, continued = [], 0, False
    lines_after = after.split(b"\n")
    for i, line in enumerate(before.split(b"\n")):
        code = line.lstrip()
        directive = continued or code.startswith(b"#")
        continued = directive and line.endswith(b"\\")
        if not directive and code and lines_after[i].isspace():
            plain = _LITERAL.sub(_spaces, line)
            out += [(at + m.start(1), m.group(1).decode()) for m in _CALLED.finditer(plain) if _is_call(plain, m)]
        at += len(line) + 1
    return out


def _spaces(m: re.Match) -> bytes:
    return b" " * (m.end() - m.start())


def _is_call(line: bytes, m: re.Match) -> bool:
    """A name read as called: no keyword, no member (``p->f(x)``, ``s.f(x)``), no declared name (a type before it,
    ``char *f(void);``; ``a && f(x)`` calls)."""
    if m.group(1) in _NOT_CALLED:
        return False
    head = line[max(0, m.start(1) - _HEAD):m.start(1)].rstrip()  # a bounded look back: a long line costs its length
    if head.endswith((b".", b"->", b"::")):
        return False
    if head.endswith((b"*", b"&")) and not head.endswith(b"&&"):
        head = head.rstrip(b"*& \t")
    end = len(head)
    while end and (head[end - 1] == 0x5F or chr(head[end - 1]).isalnum()):
        end -= 1
    return (end == len(head) or head[end:] in _STATEMENT_WORDS) and not _DECLARED.match(line[m.end():m.end() + _TAIL])


# what follows a name's ``(`` in a C++ class's declaration of a member, not a call: a parameter list (``void``,
# ``time_zone&& src``, ``const char *s,``: a type then a name, a ``*``/``&`` on one side only, ``a * b`` is an
# expression) or ``)`` then ``= default``, ``const``, ``override``.. (pyarrow's vendored date.h: ``#else
# fields() = default;`` was read as nine calls of the class's constructors; a pure virtual's ``= 0`` has its type before
# it, and ``word1(&rv) = 0;`` assigns through a macro)
_DECLARED = lazy_re(rb"[ \t]*(?:void[ \t]*\)|(?:const[ \t]+|struct[ \t]+|unsigned[ \t]+)*"
                    rb"[A-Za-z_][\w:]*(?:<[^<>()\n]*>)?(?:[ \t]+|[ \t]+[*&]+|[*&]+[ \t]+)[A-Za-z_]\w*[ \t]*[,)=\[]"
                    rb"|[^()\n]*\)[ \t]*"
                    rb"(?:=[ \t]*(?:default|delete)\b|const\b|override\b|noexcept\b|final\b))")


_CONDITIONAL = lazy_re(rb"^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|elifdef|elifndef|else|endif)\b")


def unconditional(data: bytes) -> bytes:
    """The ``#if`` and ``#endif`` lines of every conditional block with no ``#else`` or ``#elif`` blanked: the code
    inside reads as if the condition held. The grammars read a conditional only around whole declarations and
    statements; one inside a constructor's initializer list or an expression (``: #if !defined(NDEBUG) max_(max),
    #endif``) ends the class early, and the methods after it nest wrongly (leveldb's ``Limiter``). One pass over the
    lines with a stack of open blocks; a directive continued with a backslash is blanked with its continuation."""
    lines = data.split(b"\n")
    open_blocks: list[list] = []  # [first line, its last line, has an else]
    blank: list[tuple[int, int]] = []
    i = 0
    while i < len(lines):
        last = i
        while lines[last].endswith(b"\\") and last + 1 < len(lines):
            last += 1
        m = _CONDITIONAL.match(lines[i])
        word = m.group(1) if m else None
        if word in (b"if", b"ifdef", b"ifndef"):
            open_blocks.append([i, last, False])
        elif word is not None and word != b"endif" and open_blocks:
            open_blocks[-1][2] = True
        elif word == b"endif" and open_blocks:
            first, first_last, has_else = open_blocks.pop()
            if not has_else:
                blank += [(first, first_last), (i, last)]
        i = last + 1
    for first, last in blank:
        for k in range(first, last + 1):
            lines[k] = b" " * len(lines[k])
    return b"\n".join(lines)


_SHORT_BRANCHES = 4  # lines of code past a conditional's first branch that ``first_branches`` may drop


def first_branches(data: bytes) -> bytes:
    """The short conditionals read as if their first branch held: the ``#if`` line, and the ``#else``/``#elif``
    branches through the ``#endif`` (at most ``_SHORT_BRANCHES`` lines of code past the first branch, none a
    conditional of its own), blanked. Two branches each holding half a declaration (rapidjson's ``#ifndef
    RAPIDJSON_DOXYGEN_RUNNING`` choosing between two constructor heads before one initializer list) read as one
    declaration with two heads, and the class ended there. A long alternative is kept: it may hold the only
    definitions (``msinttypes/stdint.h``'s typedefs after ``#if _MSC_VER >= 1600 #include <stdint.h> #else``).
    Tried after ``unconditional``, kept only with fewer errors; one pass over the lines."""
    lines = data.split(b"\n")
    open_blocks: list[list] = []  # [its #if line, the line its first #else/#elif starts, a nested block in it]
    blank: list[tuple[int, int]] = []
    for i, line in enumerate(lines):
        m = _CONDITIONAL.match(line)
        word = m.group(1) if m else None
        if word in (b"if", b"ifdef", b"ifndef"):
            if open_blocks:
                open_blocks[-1][2] = True
            open_blocks.append([i, None, False])
        elif word == b"endif" and open_blocks:
            first, other, nested = open_blocks.pop()
            if other is not None and not nested and i - other - 1 <= _SHORT_BRANCHES:
                blank += [(first, _continued(lines, first)), (other, i)]
        elif word is not None and open_blocks and open_blocks[-1][1] is None:
            open_blocks[-1][1] = i
    for first, last in blank:
        for k in range(first, last + 1):
            lines[k] = b" " * len(lines[k])
    return b"\n".join(lines)


def _continued(lines: list[bytes], i: int) -> int:
    """The last line of the directive starting at line ``i`` (a backslash continues it)."""
    while lines[i].endswith(b"\\") and i + 1 < len(lines):
        i += 1
    return i
