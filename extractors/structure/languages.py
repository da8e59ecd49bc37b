"""Languages: file extensions, the tree-sitter grammar, the query file and the import resolver of each.

Adding a language with tree-sitter support = one ``queries/<name>.scm`` file, one entry here, one fixture folder under
``tests/fixtures/structure/<name>/``; an import resolver in ``langs/`` is optional (without one, names resolve through
the same-file and repository-wide layers only). Languages without a query file are indexed by the regex fallback.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from dataclasses import dataclass, field
from functools import lru_cache

from .lazyre import lazy_re


@dataclass(frozen=True)
class Language:
    name: str
    extensions: tuple[str, ...]
    grammar: str | None  # tree-sitter-language-pack name; None = regex fallback only
    resolver: str | None = None  # module in extractors.structure.langs
    fallback: tuple[tuple[str, str], ...] = field(default=())  # (kind, regex with a 'name' group) per line
    # (extension, regex, language): a file of that extension whose text matches is of that language (a C++ ``.h``)
    sniff: tuple[tuple[str, str, str], ...] = field(default=())
    markup: bool = False  # a component file whose <script> blocks hold the code (Vue, Svelte): the rest is blanked
    # whole file names of the language's files without an extension (Ruby's ``Rakefile``): ``BY_NAME``
    filenames: tuple[str, ...] = field(default=())
    # the interpreters a script without an extension names on its ``#!`` line (deployer's ``bin/dep``: ``#!/usr/bin/env
    # php``): ``BY_INTERPRETER``, read by ``language_for`` where it is given the file's root
    interpreters: tuple[str, ...] = field(default=())


_DEF = r"(?P<name>[A-Za-z_$][\w$]*)"
C_LIKE = (("function", r"^\s*(?:[\w:<>\*&\[\],]+\s+)+\**" + _DEF + r"\s*\([^;]*$"),
          ("struct", r"^\s*(?:typedef\s+)?struct\s+" + _DEF), ("class", r"^\s*class\s+" + _DEF))

# A ``.h`` is C++ when it says so (GitHub Linguist's heuristics): a C++ standard header, a template, a class or
# namespace, an access label, ``std::``; or a constructor's initializer list, ``Name(args) : member_(..)`` starting
# its line (rapidjson's memorystream.h: a struct, its namespace opened by a macro; read as C, its methods were lost)
CPP_HEADER = (r"(?m)^[ \t]*#[ \t]*include[ \t]*<(?:cstdint|cstddef|string|vector|map|set|list|array|memory|utility|"
              r"functional|algorithm|bitset|queue|stack|deque|forward_list|unordered_map|unordered_set|"
              r"(?:i|o|io|s)stream|atomic|mutex|thread)>|^[ \t]*template[ \t]*<|^[ \t]*(?:try|constexpr)\b|"
              r"^[ \t]*catch[ \t]*\(|^[ \t]*(?:class|(?:using[ \t]+)?namespace)[ \t]+\w+|"
              r"^[ \t]*(?:private|public|protected):|std::\w|"
              r"^[ \t]*[A-Za-z_]\w*[ \t]*\([^()\n;]*\)[ \t]*:[ \t]*[A-Za-z_]\w*[ \t]*[({]")  # each in a line: linear

TS_LIKE = (("function", r"^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*" + _DEF),
           ("class", r"^\s*(?:export\s+)?(?:default\s+)?class\s+" + _DEF))

LANGUAGES: dict[str, Language] = {
    lang.name: lang
    for lang in [
        Language("python", (".py", ".pyi"), "python", "python",
                 (("function", r"^\s*(?:async\s+)?def\s+" + _DEF), ("class", r"^\s*class\s+" + _DEF))),
        Language("javascript", (".js", ".jsx", ".mjs", ".cjs"), "javascript", "javascript",
                 (("function", r"^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*" + _DEF),
                  ("class", r"^\s*(?:export\s+)?(?:default\s+)?class\s+" + _DEF))),
        Language("typescript", (".ts", ".mts", ".cts"), "typescript", "javascript",
                 (("function", r"^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*" + _DEF),
                  ("class", r"^\s*(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+" + _DEF),
                  ("interface", r"^\s*(?:export\s+)?interface\s+" + _DEF))),
        # single-file components: their <script> blocks read as TypeScript (a superset of what they hold), the
        # template and styles blanked (extractors.structure.markup)
        Language("vue", (".vue",), "typescript", "javascript", TS_LIKE, markup=True),
        Language("svelte", (".svelte",), "typescript", "javascript", TS_LIKE, markup=True),
        Language("tsx", (".tsx",), "tsx", "javascript",
                 (("function", r"^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*" + _DEF),
                  ("class", r"^\s*(?:export\s+)?(?:default\s+)?class\s+" + _DEF))),
        Language("go", (".go",), "go", "go",
                 (("function", r"^func\s+(?:\([^)]*\)\s*)?" + _DEF), ("type", r"^type\s+" + _DEF))),
        Language("java", (".java",), "java", "java",
                 (("class", r"^\s*(?:\w+\s+)*(?:class|enum|record)\s+" + _DEF),
                  ("interface", r"^\s*(?:\w+\s+)*interface\s+" + _DEF))),
        Language("rust", (".rs",), "rust", "rust",
                 (("function", r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?(?:unsafe\s+)?fn\s+" + _DEF),
                  ("struct", r"^\s*(?:pub(?:\([^)]*\))?\s+)?struct\s+" + _DEF),
                  ("trait", r"^\s*(?:pub(?:\([^)]*\))?\s+)?trait\s+" + _DEF))),
        Language("c", (".c", ".h"), "c", "c", C_LIKE, sniff=((".h", CPP_HEADER, "cpp"),)),
        Language("cpp", (".cc", ".cpp", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".h++", ".inl", ".ipp"), "cpp", "cpp",
                 C_LIKE),
        # Ruby by other names: Rake's task files, Thor's scripts (a gem's spec fixtures: thor's `script.thor`, loaded
        # by its specs), gemspecs and Rack's config.ru call the code they configure; ERB templates (Rails' views)
        # are read as the Ruby of their tags (ruby.source_view)
        Language("ruby", (".rb", ".rake", ".thor", ".gemspec", ".ru", ".erb", ".jbuilder"), "ruby", "ruby",  # tree-sitter (regex: unparsed)
                 (("function", r"^\s*def\s+(?:self\.)?(?P<name>[A-Za-z_]\w*[?!]?)"),
                  ("class", r"^\s*(?:class|module)\s+(?P<name>[A-Z]\w*)")),
                 # the DSL files of Ruby's tools, by name (a Rakefile's tasks call the code they run, as a .rake's)
                 filenames=("Rakefile", "rakefile", "Gemfile", "Thorfile", "Guardfile", "Podfile", "Capfile",
                            "Vagrantfile", "Dangerfile", "Fastfile", "Brewfile"), interpreters=("ruby",)),
        Language("kotlin", (".kt", ".kts"), "kotlin", "kotlin",  # tree-sitter (the regex: a file that will not parse)
                 (("function", r"^\s*(?:\w+\s+)*fun\s+(?:<[^>]*>\s*)?(?:\w+\.)?" + _DEF),
                  ("class", r"^\s*(?:\w+\s+)*(?:class|object|interface)\s+" + _DEF))),
        # Razor views (Blazor's components, MVC's views and pages) read as the C# class each compiles to
        # (langs/csharp_razor.py)
        Language("csharp", (".cs", ".razor", ".cshtml"), "csharp", "csharp",  # tree-sitter (regex: unparsed)
                 (("class", r"^\s*(?:\w+\s+)*(?:class|struct|interface|enum|record)\s+" + _DEF),)),
        Language("swift", (".swift",), "swift", "swift",  # tree-sitter (the regex: a file that will not parse)
                 (("function", r"^\s*(?:\w+\s+)*func\s+" + _DEF),
                  ("class", r"^\s*(?:\w+\s+)*(?:class|struct|protocol|enum)\s+" + _DEF))),
        Language("php", (".php",), "php", "php",  # tree-sitter (the regex: a file that will not parse)
                 (("function", r"^\s*(?:\w+\s+)*function\s+" + _DEF), ("class", r"^\s*(?:\w+\s+)*class\s+" + _DEF)),
                 interpreters=("php",)),  # a CLI's entry script: composer's `bin/composer`, deployer's `bin/dep`
        Language("scala", (".scala",), "scala", "scala",  # tree-sitter (the regex: a file that will not parse)
                 (("function", r"^\s*(?:\w+\s+)*def\s+" + _DEF),
                  ("class", r"^\s*(?:\w+\s+)*(?:class|object|trait)\s+" + _DEF))),
    ]
}

# tree-sitter's compile of one pattern of a grammar's query, CPU ms (its whole query's compile over its patterns,
# best of 2, py-tree-sitter 0.26.1, 2026-12-07): its analysis walks the grammar's parse states, whose shape, not their
# number alone, sets the cost (Ruby's 6K states cost 26x Python's 2.8K a pattern). An update's parse-ahead child
# splits its one file's compile with a helper process where the kept patterns' sum is worth it
# (``parse.HELPED_COMPILE_MS``); a grammar not listed counts as ``PATTERN_COMPILE_MS_ELSE``.
PATTERN_COMPILE_MS = {"python": 0.54, "javascript": 0.93, "typescript": 1.94, "tsx": 1.86, "go": 0.40, "java": 0.62,
                      "rust": 1.27, "c": 1.64, "cpp": 7.9, "ruby": 14.1, "kotlin": 3.0, "csharp": 6.6, "swift": 20.6,
                      "php": 2.25, "scala": 4.1}
PATTERN_COMPILE_MS_ELSE = 1.0

BY_EXTENSION = {ext: lang for lang in LANGUAGES.values() for ext in lang.extensions}
BY_NAME = {name: lang for lang in LANGUAGES.values() for name in lang.filenames}


BY_INTERPRETER = {name: lang for lang in LANGUAGES.values() for name in lang.interpreters}
SHEBANG_BYTES = 128  # what is read of a file without an extension: its `#!` line, if it has one, is in it


def language_for(path: str, root=None) -> Language | None:
    """The language of ``path``: by its extension, else by its whole name (``Rakefile``), else, where ``root`` is
    given (the folder the path is in, on disk), by the interpreter its ``#!`` line names (``scripted``). Every stage
    that lists, plans or updates files passes the same root, so they agree on such a script."""
    dot, slash = path.rfind("."), path.rfind("/")
    if dot > slash:
        return BY_EXTENSION.get(path[dot:].lower())
    named = BY_NAME.get(path[slash + 1:])
    return named if named is not None or root is None else scripted(root, path)


def scripted(root, path: str) -> Language | None:
    """The language whose interpreter a regular file's first line runs (``#!/usr/bin/env php``, ``#!/usr/bin/ruby``,
    ``#!/usr/bin/env -S ruby -w``, ``#!/usr/bin/php8.2``): its first ``SHEBANG_BYTES`` only, read by the safe
    reader (a link never followed, nothing outside ``root``)."""
    from pipeline.safeio import read_inside  # here: the languages table is imported where no file is read

    try:
        head = read_inside(root, path, SHEBANG_BYTES, False, True)
    except OSError:  # missing, a link, a folder, refused
        return None
    if not head.startswith(b"#!"):
        return None
    words = head[2:].split(b"\n", 1)[0].decode("latin-1").split()
    if words and words[0].rsplit("/", 1)[-1] == "env":  # env's options (-S) and assignments (A=1) before the program
        words = [w for w in words[1:] if not w.startswith("-") and "=" not in w]
    program = words[0].rsplit("/", 1)[-1] if words else ""
    return BY_INTERPRETER.get(program.rstrip("0123456789.") or program)


def sniffed(lang: Language, path: str, data: bytes) -> Language:
    """The language a file's text says it is in, where its extension is shared (a ``.h`` of C or C++): its code says
    so, not its comments (a C header's ``// std::copy_backward(...)`` or ``like std::strtod``)."""
    code = None
    for extension, pattern, other in lang.sniff:
        if path.lower().endswith(extension):
            code = _without_comments(data) if code is None else code
            if _sniffer(pattern).search(code):
                return LANGUAGES[other]
    return lang


def _without_comments(data: bytes) -> bytes:
    """``data`` without its ``/* */`` and ``//`` comments, in one pass (an unclosed one runs to the end)."""
    out, at = [], 0
    while (found := _COMMENT_START.search(data, at)) is not None:
        start = found.start()
        out.append(data[at:start])
        block = data[start + 1] == 42  # "*"
        end = data.find(b"*/", start + 2) if block else data.find(b"\n", start)
        if end < 0:
            return b"".join(out)
        at = end + 2 if block else end
    out.append(data[at:])
    return b"".join(out)


_COMMENT_START = lazy_re(rb"/[*/]")


@lru_cache(maxsize=None)
def _sniffer(pattern: str) -> re.Pattern:
    return re.compile(pattern.encode())


def compiled_fallback(lang: Language) -> list[tuple[str, re.Pattern]]:
    return [(kind, re.compile(rx)) for kind, rx in lang.fallback]


# grammars tree-sitter-language-pack takes from a package of their own; its ``bindings`` folder holds the others
_GRAMMAR_PACKAGES = {"csharp": "tree_sitter_c_sharp", "yaml": "tree_sitter_yaml",
                     "embeddedtemplate": "tree_sitter_embedded_template"}


def get_language(grammar: str):
    """tree-sitter's ``Language`` of a grammar of tree-sitter-language-pack (as the pack's ``get_language``), its
    binding loaded alone: importing the pack loads the YAML, C# and embedded-template bindings whatever the file
    (~70 M instructions of a one-shot update's parse-ahead child, ~22 ms)."""
    from tree_sitter import Language

    return Language(_binding(grammar))


def get_parser(grammar: str):
    from tree_sitter import Parser

    return Parser(get_language(grammar))


def _binding(grammar: str):
    if grammar in _GRAMMAR_PACKAGES:
        return importlib.import_module(_GRAMMAR_PACKAGES[grammar]).language()
    from importlib import machinery, util

    name = f"tree_sitter_language_pack.bindings.{grammar}"
    module, path = sys.modules.get(name), None
    if module is None and (path := _pack_binding_file(grammar)) is None:  # laid out otherwise: the pack's own way
        from tree_sitter_language_pack import get_binding

        return get_binding(grammar)
    if module is None:
        loader = machinery.ExtensionFileLoader(name, path)
        module = util.module_from_spec(util.spec_from_file_location(name, path, loader=loader))
        loader.exec_module(module)
        sys.modules[name] = module
    return module.language()


def _pack_binding_file(grammar: str) -> str | None:
    """The file of a grammar's binding in tree-sitter-language-pack's ``bindings`` folder, found without importing
    the pack."""
    from importlib import machinery, util

    pack = util.find_spec("tree_sitter_language_pack")
    for folder in (pack.submodule_search_locations or []) if pack else []:
        for suffix in machinery.EXTENSION_SUFFIXES:
            path = os.path.join(folder, "bindings", grammar + suffix)
            if os.path.isfile(path):
                return path
    return None
