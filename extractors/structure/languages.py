"""Languages: file extensions, the tree-sitter grammar, the query file and the import resolver of each.

Adding a language with tree-sitter support = one ``queries/<name>.scm`` file, one entry here, one fixture folder under
``tests/fixtures/structure/<name>/``; an import resolver in ``langs/`` is optional (without one, names resolve through
the same-file and repository-wide layers only). Languages without a query file are indexed by the regex fallback.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Language:
    name: str
    extensions: tuple[str, ...]
    grammar: str | None  # tree-sitter-language-pack name; None = regex fallback only
    resolver: str | None = None  # module in extractors.structure.langs
    fallback: tuple[tuple[str, str], ...] = field(default=())  # (kind, regex with a 'name' group) per line

    @property
    def family(self) -> str:
        """Languages that import each other share a family (``files.family``): their resolver, else the language."""
        return self.resolver or self.name


_DEF = r"(?P<name>[A-Za-z_$][\w$]*)"
C_LIKE = (("function", r"^\s*(?:[\w:<>\*&\[\],]+\s+)+\**" + _DEF + r"\s*\([^;]*$"),
          ("struct", r"^\s*(?:typedef\s+)?struct\s+" + _DEF), ("class", r"^\s*class\s+" + _DEF))

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
        Language("c", (".c", ".h"), "c", "c", C_LIKE),
        # No query file yet: definitions by the regex fallback only.
        Language("cpp", (".cc", ".cpp", ".cxx", ".hpp", ".hh"), None, None, C_LIKE),
        Language("ruby", (".rb",), "ruby", "ruby",  # tree-sitter (the regex: a file that will not parse)
                 (("function", r"^\s*def\s+(?:self\.)?(?P<name>[A-Za-z_]\w*[?!]?)"),
                  ("class", r"^\s*(?:class|module)\s+(?P<name>[A-Z]\w*)"))),
        Language("php", (".php",), None, None,
                 (("function", r"^\s*(?:\w+\s+)*function\s+" + _DEF), ("class", r"^\s*(?:\w+\s+)*class\s+" + _DEF))),
        Language("kotlin", (".kt", ".kts"), None, None,
                 (("function", r"^\s*(?:\w+\s+)*fun\s+(?:<[^>]*>\s*)?(?:\w+\.)?" + _DEF),
                  ("class", r"^\s*(?:\w+\s+)*(?:class|object|interface)\s+" + _DEF))),
        Language("csharp", (".cs",), None, None,
                 (("class", r"^\s*(?:\w+\s+)*(?:class|struct|interface|enum|record)\s+" + _DEF),)),
        Language("scala", (".scala",), None, None,
                 (("function", r"^\s*(?:\w+\s+)*def\s+" + _DEF), ("class", r"^\s*(?:\w+\s+)*(?:class|object|trait)\s+" + _DEF))),
        Language("swift", (".swift",), None, None,
                 (("function", r"^\s*(?:\w+\s+)*func\s+" + _DEF), ("class", r"^\s*(?:\w+\s+)*(?:class|struct|protocol|enum)\s+" + _DEF))),
    ]
}

BY_EXTENSION = {ext: lang for lang in LANGUAGES.values() for ext in lang.extensions}


def language_for(path: str) -> Language | None:
    dot = path.rfind(".")
    return BY_EXTENSION.get(path[dot:].lower()) if dot > path.rfind("/") else None


def compiled_fallback(lang: Language) -> list[tuple[str, re.Pattern]]:
    return [(kind, re.compile(rx)) for kind, rx in lang.fallback]
