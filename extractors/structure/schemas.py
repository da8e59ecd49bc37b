"""Arrow schemas of the tables the structure extractor writes (a public contract: add columns, never rename)."""

import pyarrow as pa

FILES = pa.schema([
    ("repo", pa.string()), ("path", pa.string()), ("language", pa.string()), ("blob_sha", pa.string()),
    ("lines", pa.int64()), ("bytes", pa.int64()), ("is_test", pa.bool_()), ("is_generated", pa.bool_()),
    ("is_vendored", pa.bool_()), ("parse_status", pa.string()), ("skip_reason", pa.string()),
    ("indexed_commit", pa.string()),
    ("package", pa.string()),  # Go/Java package clause, when the language has one
    ("error_lines", pa.list_(pa.int32())),  # first lines of tree-sitter error nodes (parse_status 'partial')
    ("family", pa.string()),  # languages that import each other share one (javascript, typescript, tsx: javascript)
    # the language's type names are global, with no package (Ruby's constants): a class or module declared in several
    # files is one, each file's ``class Roda`` reopening it (the language module's ``GLOBAL_TYPES``)
    ("global_types", pa.bool_()),
])

SYMBOLS = pa.schema([
    ("repo", pa.string()), ("id", pa.string()), ("path", pa.string()), ("name", pa.string()),
    ("qualname", pa.string()), ("kind", pa.string()), ("line_start", pa.int32()), ("line_end", pa.int32()),
    ("parent_id", pa.string()), ("language", pa.string()), ("is_exported", pa.bool_()),
    ("is_entry_point", pa.bool_()), ("is_test", pa.bool_()),
    ("entry_reason", pa.string()),  # why it is an entry point (main block, decorator, console script...)
    ("sid", pa.int32()),  # dense integer id within the repository's snapshot (fast graph joins); not stable
    # how many arguments a function or method accepts, where its language has overloads (``ARITY``): at least
    # params_min, at most params_max (null: any number, a variadic one); both null where not counted
    ("params_min", pa.int16()), ("params_max", pa.int16()),
    # the argument labels it takes where its language reads them (Swift's ``_,interceptor=``: a language's
    # ``labels_fit``; Java's parameter erasures ``String,Object...``)
    ("labels", pa.string()),
])

EDGES = pa.schema([
    ("repo", pa.string()), ("src_id", pa.string()), ("dst_id", pa.string()), ("dst_name", pa.string()),
    ("kind", pa.string()), ("path", pa.string()), ("line", pa.int32()), ("confidence", pa.float32()),
    ("resolution", pa.string()), ("provenance", pa.string()),
    ("ref_form", pa.string()),  # call, callback, constructor, import, inherits, dispatch
    ("receiver", pa.string()),  # the receiver as written (self, mod, Foo()), when there is one
    ("dst_path", pa.string()),  # file of dst_id
    ("src_sid", pa.int32()),  # symbols.sid of src_id / dst_id in the same snapshot
    ("dst_sid", pa.int32()),
])

# Raw references as written, one row per call site / import / base class, per file. Edges are resolved from these
# on every run, so an incremental run only re-parses changed files yet re-resolves the whole graph.
REFS = pa.schema([
    ("repo", pa.string()), ("path", pa.string()), ("src_qualname", pa.string()), ("kind", pa.string()),
    ("name", pa.string()), ("receiver", pa.string()), ("module", pa.string()), ("alias", pa.string()),
    ("line", pa.int32()),
    # what the file's local value flow binds the receiver (``x.f()``) or the called name (``g()``) to: a declared
    # type, a constructing call, an assigned function (``Store``, ``Store()``, ``f``); several are joined by ``|``
    ("bound_to", pa.string()),
    ("args", pa.int16()),  # how many arguments a call passes, where its language has overloads (null: not known)
    ("labels", pa.string()),  # the argument labels a call writes (Java: the argument types it states), null: not read
])

# Internal (no view, no table folder): every ``inherits`` edge, the hierarchy an update reads instead of resolving
# every file's bases again (``dst_id`` null: a base outside the repository, ``dst_name`` its name; ``ref_form`` the
# edge's, which tells a singleton base, ``parse.SINGLETON``).
HIERARCHY = pa.schema([("repo", pa.string()), ("path", pa.string()), ("src_id", pa.string()), ("dst_id", pa.string()),
                       ("line", pa.int32()), ("ref_form", pa.string()), ("dst_name", pa.string())])

# internal indexes an update reads (``lazy``): the definitions a name guess can reach, by name (sharded by name; no
# line, so that an edit moving lines leaves it as it is), and the definitions whose owner is in another file or that
# are dotted at module level (read whole: they attach members to types elsewhere)
SYMBOL_NAMES = pa.schema([SYMBOLS.field(n) for n in ("repo", "name", "path", "qualname", "kind", "parent_id", "sid")])
# which files' references name each name (sharded by name): the files an edit adding, removing or renaming a
# definition reaches, found without reading every reference
REF_NAMES = pa.schema([("repo", pa.string()), ("name", pa.string()), ("path", pa.string())])
# which files hold an edge to each definition (resolved edges, sharded by ``dst_id``), and which hold an edge from a
# definition in another file (sharded by ``src_id``: a dispatch edge from a base method to its override, a Rust
# ``impl`` block's ``inherits`` edge from its type): the files an edit removing, renaming or moving a definition
# reaches, found without reading every edge (every other edge from a definition is in that definition's file)
EDGE_TARGETS = pa.schema([("repo", pa.string()), ("dst_id", pa.string()), ("path", pa.string())])
EDGE_SOURCES = pa.schema([("repo", pa.string()), ("src_id", pa.string()), ("path", pa.string())])
UNRESOLVED_NAMES = pa.schema([("repo", pa.string()), ("dst_name", pa.string()), ("path", pa.string()),
                              ("resolution", pa.string())])
FOREIGN_SYMBOLS = pa.schema([SYMBOLS.field(n) for n in ("repo", "path", "name", "qualname", "kind", "parent_id",
                                                         "line_start", "sid", "params_min", "params_max",
                                                         "labels")])

# the module and package indexes (``graph.module_rows``): which files each import key names, which files each package
# holds, the package blocks of a file declaring several; ``position`` keeps the lists' order (the table is sharded)
MODULE_INDEX = pa.schema([("repo", pa.string()), ("kind", pa.string()), ("family", pa.string()), ("key", pa.string()),
                          ("path", pa.string()), ("line", pa.int32()), ("position", pa.int32())])

TABLES = {"files": FILES, "symbols": SYMBOLS, "edges": EDGES, "refs": REFS}
