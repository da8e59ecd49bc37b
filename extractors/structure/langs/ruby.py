"""Ruby: ``require_relative "x"`` (beside the file, ``.rb`` implied) and ``require "x"`` (a ``lib/`` folder of the
repository or its root; else a gem, external) are wildcard imports: what a file loads is there for it, and what that
file loads too. Constants are global once loaded: a class or module named anywhere is the repository's of that name,
looked up the way Ruby does, in the lexical nesting first (``Cart`` inside ``module Shop`` is ``Shop::Cart`` before a
top-level ``Cart``), then at the top level; several unrelated ones are an ``ambiguous`` guess. A module is a mixin
and a namespace (kind ``trait``): ``include M`` / ``extend M`` / ``prepend M`` make its methods the class's, and
what M's ``self.included(base)`` hook mixes into ``base`` (a Concern's ``ClassMethods`` too) through M. A bare
``m`` in a method is the class's, a base's or a mixin's (implicit ``self``); ``Foo.new`` builds a ``Foo`` (its
``initialize``); ``super`` is the enclosing method on a base. Methods after a bare ``private`` (or written ``private
def``) are not exported; a top-level ``def`` (a private method of ``Object``) neither."""

from __future__ import annotations

import posixpath
import re
import sys
from collections import defaultdict
from typing import NamedTuple

from . import (HANDS_ON, MAX_HANDS_ON, TEMPLATE, QuotedTemplate, entry_reason_with, nearest_of, no_package_scope,
               quoted_template, runtime_hook, settle_templates, with_entries)
from ..lazyre import lazy_re
from ..markup import blanked
from ..parse import EXPOSED, MADE, SINGLETON
from ..qualnames import unsuffixed

GROUP = "ruby"
IMPORTS_PASS_ON = True  # a required file's requires are loaded for its requirers too
STAR_IMPORTS_IMPORTS = True
LOCALS_SHADOW = True  # a parameter or local variable hides a method of that name
INSTANCE_SIGIL = "@"  # @request = Request.new in initialize: @request.options in any method is Request's
IMPLICIT_THIS = True  # a bare m() is self.m(): the class's (or a base's, a mixin's) method
LOCAL_KINDS = ("name",)  # a bare name a variable binds is that variable; f(x) and obj.f are always calls
MODULE_KEYS_FROM_PATHS = True
# class Base reopened in another file (a test helper's, a core extension's) is one class: a member of any part is the
# class's (constants are global: the parts are every definition of its qualified name and kind in the repository)
PARTIAL_TYPES = True
GLOBAL_TYPES = True  # no packages, constants global: files.global_types, which the dead-code views read so
KEYWORDS = frozenset({
    "break", "case", "class", "def", "defined?", "do", "else", "elsif", "ensure", "false", "if", "module",
    "nil", "rescue", "return", "self", "super", "true", "unless", "until", "while", "yield", "__FILE__", "__LINE__"})
# keywords a method may bear (``def next``, Range's ``def end``): junk only outside a class or module
CONTEXTUAL_KEYWORDS = frozenset({
    "alias", "and", "begin", "end", "for", "in", "next", "not", "or", "redo", "retry", "then", "undef", "when"})
# Kernel's and Module's methods called bare, and the core classes and modules: never the repository's, unless a
# scope, a base or a constant of the repository says so first
BUILTINS = frozenset({
    "puts", "print", "p", "pp", "printf", "sprintf", "format", "putc", "gets", "warn", "raise", "fail", "require",
    "require_relative", "load", "autoload", "loop", "lambda", "proc", "catch", "throw", "sleep", "rand", "srand",
    "exit", "exit!", "abort", "at_exit", "binding", "block_given?", "caller", "caller_locations", "eval", "exec",
    "system", "spawn", "fork", "trap", "open", "select", "freeze", "frozen?", "send", "public_send", "__send__",
    "respond_to?", "is_a?", "kind_of?", "instance_of?", "nil?", "dup", "clone", "tap", "then", "yield_self", "itself",
    "instance_variable_get", "instance_variable_set", "instance_variable_defined?", "instance_variables",
    "instance_eval", "instance_exec", "class_eval", "class_exec", "module_eval", "define_method", "method",
    "methods", "extend", "include", "prepend", "attr", "attr_reader", "attr_writer", "attr_accessor", "private",
    "protected", "public", "module_function", "private_constant", "public_constant", "private_class_method",
    "public_class_method", "alias_method", "remove_method", "undef_method", "const_get", "const_set",
    "const_defined?", "class_variable_get", "class_variable_set", "define_singleton_method", "singleton_class",
    "object_id", "hash", "inspect", "to_s", "class", "name", "__method__", "__dir__", "Integer", "Float", "String",
    "Array", "Hash", "Rational", "Complex", "new", "allocate", "superclass", "ancestors", "instance_methods",
    "method_defined?", "included_modules", "refine", "using", "callcc", "set_trace_func", "trace_var",
    "Object", "BasicObject", "Module", "Class", "Kernel", "Comparable", "Enumerable", "Enumerator", "NilClass",
    "TrueClass", "FalseClass", "Numeric", "Symbol", "Proc", "Method", "UnboundMethod", "Range", "Regexp",
    "MatchData", "Struct", "Data", "Time", "Random", "IO", "File", "Dir", "Process", "Signal", "Thread", "Fiber",
    "Mutex", "Queue", "SizedQueue", "ConditionVariable", "ObjectSpace", "GC", "Marshal", "Math", "Encoding", "ENV",
    "ARGV", "ARGF", "STDIN", "STDOUT", "STDERR", "DATA", "RUBY_VERSION", "RUBY_PLATFORM", "RUBY_ENGINE", "Exception",
    "StandardError", "RuntimeError", "ArgumentError", "TypeError", "NameError", "NoMethodError", "KeyError",
    "IndexError", "StopIteration", "RangeError", "FloatDomainError", "ZeroDivisionError", "IOError", "EOFError",
    "Errno", "SystemCallError", "NotImplementedError", "ScriptError", "LoadError", "SyntaxError", "SecurityError",
    "SystemExit", "Interrupt", "SignalException", "FrozenError", "RegexpError", "ThreadError", "FiberError",
    "EncodingError", "LocalJumpError", "SystemStackError", "NoMatchingPatternError", "UncaughtThrowError",
    "Warning", "Set", "Date", "DateTime", "JSON", "YAML", "Psych", "URI", "StringIO", "Pathname", "Tempfile",
    "FileUtils", "Logger", "OpenStruct", "Forwardable", "Singleton", "Timeout", "Benchmark", "SecureRandom",
    "Digest", "Base64", "Zlib", "ERB", "CGI", "Net", "OptionParser", "Shellwords", "Socket", "TCPSocket",
    "TCPServer", "UNIXSocket", "OpenSSL", "Monitor", "MonitorMixin", "WeakRef", "ObjectSpace", "Ractor",
    "Gem", "Bundler", "RbConfig", "BigDecimal", "Etc", "PP", "Coverage", "Ripper", "RubyVM", "__FILE__", "__LINE__",
    "__ENCODING__",
    # methods ActiveSupport's Module and Forwardable give a class body (the methods they make are symbols)
    "delegate", "def_delegators", "def_delegator", "def_instance_delegators", "def_instance_delegator"})
# a test framework's methods, called bare in a spec or a test (RSpec, Minitest, Test::Unit)
TEST_BUILTINS = frozenset({
    "describe", "context", "it", "specify", "example", "let", "let!", "subject", "before", "after", "around",
    "expect", "is_expected", "allow", "receive", "eq", "eql", "equal", "be", "be_a", "be_an", "be_nil",
    "be_truthy", "be_falsey", "be_within", "include", "match", "raise_error", "change", "have_attributes",
    "contain_exactly", "match_array", "start_with", "end_with", "double", "instance_double", "spy", "shared_examples",
    "shared_context", "it_behaves_like", "include_examples", "include_context", "pending", "skip", "xit", "fit",
    "assert", "assert_equal", "assert_nil", "assert_raises", "assert_includes", "assert_match", "assert_empty",
    "assert_kind_of", "assert_instance_of", "assert_predicate", "assert_respond_to", "assert_same", "assert_in_delta",
    "refute", "refute_equal", "refute_nil", "refute_includes", "refute_empty", "refute_match", "flunk", "setup",
    "teardown", "mock", "stub", "RSpec", "Minitest", "Test", "get", "post", "put", "patch", "delete", "head",
    "options", "request", "last_response", "last_request", "follow_redirect!", "visit", "page", "click_on",
    "fill_in",
    # rspec-its, the should syntax, shared examples, doubles and matchers beyond the common ones
    "its", "should", "should_not", "described_class", "it_should_behave_like", "aggregate_failures", "stub_const",
    "hide_const", "class_double", "object_double", "expect_any_instance_of", "allow_any_instance_of",
    "have_received", "satisfy", "output", "raise_exception", "throw_symbol", "yield_control", "yield_with_args",
    "respond_to", "a_hash_including", "hash_including", "anything", "any_args", "xdescribe", "xcontext", "fdescribe",
    "fcontext", "capture_io", "capture_subprocess_io", "omit", "pend"})
# methods of Ruby's own objects (strings, arrays, hashes, IO...): on an object of unknown type they are guessed only
# among the classes the file can see
BUILTIN_METHODS = frozenset({
    "each", "each_with_index", "each_with_object", "each_pair", "each_key", "each_value", "each_slice", "each_line",
    "map", "flat_map", "collect", "select", "filter", "filter_map", "reject", "find", "detect", "find_index",
    "inject", "reduce", "sum", "count", "size", "length", "empty?", "any?", "all?", "none?", "one?", "include?",
    "member?", "key?", "has_key?", "value?", "keys", "values", "fetch", "dig", "merge", "merge!", "update", "store",
    "delete", "delete_if", "keep_if", "first", "last", "push", "pop", "shift", "unshift", "append", "prepend",
    "concat", "insert", "slice", "sort", "sort_by", "min", "max", "min_by", "max_by", "minmax", "uniq", "flatten",
    "compact", "zip", "group_by", "partition", "chunk_while", "tally", "to_a", "to_h", "to_s", "to_i", "to_f",
    "to_sym", "to_str", "to_proc", "to_json", "join", "split", "strip", "lstrip", "rstrip", "chomp", "chop", "gsub",
    "gsub!", "sub", "sub!", "tr", "downcase", "upcase", "capitalize", "start_with?", "end_with?", "match", "match?",
    "scan", "encode", "force_encoding", "bytesize", "bytes", "chars", "lines", "unpack", "pack", "freeze", "dup",
    "clone", "inspect", "hash", "eql?", "equal?", "call", "new", "send", "public_send", "respond_to?", "is_a?",
    "kind_of?", "nil?", "tap", "then", "read", "write", "close", "closed?", "flush", "puts", "print", "gets",
    "readline", "readlines", "each_char", "replace", "clear", "reverse", "rotate", "sample", "shuffle", "take",
    "drop", "take_while", "drop_while", "cycle", "lazy", "times", "upto", "downto", "step", "abs", "round", "floor",
    "ceil", "succ", "pred", "between?", "clamp", "zero?", "positive?", "negative?", "even?", "odd?", "instance_of?",
    "class", "object_id", "present?", "blank?", "presence", "try", "to_param", "transform_values",
    "transform_keys", "values_at", "slice!", "except", "filter_map", "sum", "with_index", "with_object",
    "next", "rewind", "peek", "wait", "signal", "synchronize", "lock", "unlock", "join", "value", "result",
    "name", "path", "exist?", "exists?", "open", "binread", "binwrite", "foreach", "mkdir", "expand_path",
    "dirname", "basename", "extname", "now", "at", "parse", "dump", "load", "generate", "pretty_generate"})
# ...and one called on a value of unknown type (`h.respond_to?(:call)`, `value.nil?`, `k.to_s` on a parameter) is
# Ruby's where no definition of the repository bears the name: external, not unresolved (the resolver's own rule)
UNOWNED_BUILTINS_EXTERNAL = True
UNOWNED_KEPT = frozenset({"new"})  # `klass.new`, `described_class.new`: a class built, maybe one of ours
# every object's own methods (Object's, Kernel's): on a class of ours that lacks them, they are Ruby's (external;
# ``resolve.Resolver._unknown_member`` reads them as a wrapper's own), never unresolved
WRAPPER_METHODS = frozenset({
    "class", "send", "public_send", "__send__", "respond_to?", "is_a?", "kind_of?", "instance_of?", "nil?", "freeze",
    "frozen?", "dup", "clone", "tap", "then", "yield_self", "itself", "inspect", "to_s", "hash", "object_id",
    "instance_variable_get", "instance_variable_set", "instance_variable_defined?", "instance_variables", "method",
    "methods", "public_methods", "singleton_methods", "define_singleton_method", "singleton_class", "extend",
    "display", "equal?", "eql?", "==", "!=", "!", "===", "=~", "instance_eval", "instance_exec", "name", "new",
    "allocate", "superclass", "ancestors", "include?", "instance_method", "method_defined?", "const_get",
    "const_set", "class_eval", "module_eval", "define_method", "attr_accessor", "attr_reader", "attr_writer"}) | {
    # Minitest's expectations, which it gives every object
    f"{side}_{what}" for side in ("must", "wont") for what in (
        "equal", "be", "be_nil", "raise", "match", "include", "be_kind_of", "be_instance_of", "be_empty",
        "be_same_as", "be_close_to", "be_within_delta", "be_within_epsilon", "respond_to", "throw", "output",
        "be_silent")}
# core mixins and bases that call none of a class's methods but Ruby's protocol ones (Enumerable: each; Comparable:
# <=>, entry points already): no base from outside that may reach any of its methods
MARKER_BASES = frozenset({"Enumerable", "Comparable", "Singleton", "Forwardable", "Object", "BasicObject", "Kernel",
                          "Exception", "StandardError", "RuntimeError", "ArgumentError", "TypeError"})
# objects that are always outside the repository: the process's streams and environment
EXTERNAL_RECEIVERS = frozenset({"$stdout", "$stderr", "$stdin", "$PROGRAM_NAME", "$LOAD_PATH", "$0", "ENV", "ARGV",
                                "STDOUT", "STDERR", "STDIN", "Kernel", "ObjectSpace", "GC", "Process"})
# methods Ruby itself calls, never the program by name: conversions, comparisons, hooks of the object model
PROTOCOL_METHODS = frozenset({
    "method_missing", "respond_to_missing?", "respond_to?", "to_s", "to_str", "to_proc", "to_ary", "to_a", "to_hash",
    "to_h", "to_i", "to_int", "to_f", "to_sym", "to_json", "as_json", "to_yaml", "inspect", "hash", "eql?", "equal?",
    "each", "call", "coerce", "included", "extended", "prepended", "inherited", "method_added", "const_missing",
    "initialize_copy", "initialize_dup", "initialize_clone", "marshal_dump", "marshal_load", "_dump", "_load",
    "encode_with", "init_with", "pretty_print", "<=>", "==", "===", "=~", "[]", "[]="})
# what a constant (a capitalized name) may stand for; a module holding no method of its own is a namespace
CONSTANT_KINDS = frozenset({"class", "trait", "namespace", "constant"})
SCOPE_KINDS = ("class", "trait", "namespace")
# what the query marks for settle_definitions to read, never symbols: visibility, methods of another object, mixins
MARK_KINDS = ("visibility", "patch", "mixin", "prefixed", "listed", "computed", "exposed")
# expectations a test framework gives every object (Minitest's must_equal, RSpec's should): outside the repository
TEST_METHODS = lazy_re(r"^(?:must|wont)_\w+$|^(?:should|should_not|to|not_to|to_not)$")
# a test framework's helpers and matchers called bare in a test, where the repository defines none of the name
TEST_NAMES = lazy_re(r"^(?:assert|refute)_\w+$|^(?:be|have)_\w+$")


def _called_by_ruby(name: str, kind: str, parent: str | None) -> str | None:
    """A method Ruby calls by itself (``to_s``, ``each``, ``method_missing``, ``included``, an operator)."""
    if kind != "method":
        return None
    if name in PROTOCOL_METHODS:
        return "protocol method (Ruby calls it)"
    return "operator method" if not (name[:1].isalpha() or name[:1] == "_") else None


_entry_reason = entry_reason_with(frozenset(), _called_by_ruby)  # and a top-level main
PATCHED = "<patch>"  # the mark settle_definitions gives a method defined on another object (no decorator's name)


# class methods Active Record asks a model's class or its namespace module for by name (``module Events; def
# self.table_name_prefix = "events_"``: every ``Events::*`` model's table), never the program
ACTIVE_RECORD_CLASS_HOOKS = frozenset({"table_name_prefix", "table_name_suffix", "use_relative_model_naming?"})


def entry_reason(name: str, kind: str, parent: str | None, decorators: tuple) -> str | None:
    if kind == "method" and name in ACTIVE_RECORD_CLASS_HOOKS and SINGLETON in decorators:
        return "Active Record asks a model's class or namespace for it by name"
    decorators = tuple(d for d in decorators if d not in (MADE, SINGLETON, EXPOSED))  # marks for the resolver only
    if PATCHED in decorators:
        return runtime_hook("defined on another object (class << obj, X.class_eval, Module.new): it adds to or "
                            "replaces what that object's callers reach")
    return _entry_reason(name, kind, parent, decorators)


# files Rails loads by their place, and what it calls there by name: (what calls it, the file pattern, the methods
# it calls: None for every public method; the file's classes are used where any of those is)
RAILS_FILES = (
    # an engine's migration copied in by ``rails active_storage:install`` is named ``<version>_<name>.<engine>.rb``
    ("a Rails migration: the migrator runs it", lazy_re(r"(?:^|/)db/migrate/\d+_\w+(?:\.\w+)?\.rb$"),
     frozenset({"change", "up", "down"})),
    ("Rails routes requests to a controller's public methods (its actions)",
     lazy_re(r"(?:^|/)app/controllers/(?:.*/)?\w+_controller\.rb$"), None),
    ("Rails views (not indexed) call a helper's methods", lazy_re(r"(?:^|/)app/helpers/(?:.*/)?\w+_helper\.rb$"),
     None),
    ("Rails builds a mailer's messages by its public methods (UserMailer.welcome)",
     lazy_re(r"(?:^|/)app/mailers/(?:.*/)?\w+_mailer\.rb$"), None),
    ("Active Job runs a job's perform", lazy_re(r"(?:^|/)app/jobs/(?:.*/)?\w+_job\.rb$"), frozenset({"perform"})),
    ("Sidekiq runs a worker's perform", lazy_re(r"(?:^|/)app/(?:workers|sidekiq)/(?:.*/)?\w+_worker\.rb$"),
     frozenset({"perform"})),
    ("Action Cable calls a channel's public methods", lazy_re(r"(?:^|/)app/channels/(?:.*/)?\w+_channel\.rb$"),
     None),
    ("Pundit asks a policy's public methods (authorize record, :show?)",
     lazy_re(r"(?:^|/)app/policies/(?:.*/)?\w+_policy\.rb$"), None),
)


def file_entries(path: str, defs: list, _root) -> list:
    """The methods Rails calls by name in a file it loads by its place: a migration's ``change``, a controller's
    actions, a helper's methods (called from views, which are not indexed), a job's ``perform``; and the class or
    module the file is named after (``api_keys_controller.rb``'s ``ApiKeysController``), which Rails loads by that
    name (a controller with no action of its own serves its base's)."""
    rule = next(((why, names) for why, pattern, names in RAILS_FILES if pattern.search(path)), None)
    if rule is None:
        return defs
    why, names = rule
    kinds = {d.qualname: d.kind for d in defs}
    named = _camelized(path)

    def reason(d) -> str | None:
        if d.kind == "method" and kinds.get(d.parent) in SCOPE_KINDS and (
                d.name in names if names is not None else d.exported):
            return why
        return "Rails loads it by its file's name" if d.kind in SCOPE_KINDS and d.name.lower() == named else None

    return with_entries(defs, reason)


def _camelized(path: str) -> str:
    """``db/migrate/20240101_create_carts.rb`` -> ``createcarts`` (lower case: ``GitHub`` is ``github``'s); an
    engine's copied migration, ``20240101_add_blobs.active_storage.rb``, -> ``addblobs``."""
    stem = posixpath.basename(path).removesuffix(".rb").partition(".")[0]
    return re.sub(r"^\d+_", "", stem).replace("_", "").lower()


ERB = ".erb"  # an ERB template (Rails' views, ``app/views/**/*.html.erb``): HTML with Ruby in ``<% %>`` tags
# a Jbuilder template (a Rails API's views, ``app/views/**/*.json.jbuilder``): plain Ruby run on the builder ``json``
JBUILDER = ".jbuilder"
VIEW_TEMPLATES = (ERB, JBUILDER)


def source_view(path: str, data: bytes) -> bytes:
    """An ERB template read as the Ruby its tags hold (same length, same lines): ``<% code %>`` and ``<%= expr %>``
    as statements, each tag's closing a ``;`` and its opening blanks (``<% if a %>x<% end %>`` reads ``   if a ;``,
    blanks, ``   end ;``: no ``;`` opens a tag, which ``case x`` before ``when`` would not take), so a block a tag opens (``<%= form_with(..) do |f| %>``) spans the tags up to its ``end``;
    the HTML, ``<%# comments %>`` and ``<%%`` (a literal ``<%``) blanked. Without it Rails' views were not read:
    every call a view makes was missing (lobsters' ``Stats.get_cached_graph``, its helpers' and models' callers).
    Any other file is read as it is."""
    if not path.endswith(ERB):
        return data
    out, at = bytearray(blanked(data)), 0
    while (start := data.find(b"<%", at)) >= 0:
        if data[start + 2:start + 3] == b"%":  # <%%: the text `<%`, no tag
            at = start + 3
            continue
        end = data.find(b"%>", start + 2)  # a find, not a regular expression's `.*?`: linear where a tag is unclosed
        if end < 0:
            break
        at = end + 2
        code = _tag_code(data, start + 2, end)
        if code is not None:
            out[end] = ord(";")
            out[code[0]:code[1]] = data[code[0]:code[1]]
    return bytes(out)


def _tag_code(data: bytes, start: int, end: int) -> tuple[int, int] | None:
    """The span of a tag's Ruby: past its ``=`` / ``==`` / ``-`` marker, before a trailing ``-`` (``-%>`` trims the
    line); None for a comment (``<%#``, or a tag whose code is a comment: its ``#`` would hide the ``;`` after it)."""
    while start < end and data[start] in b"=-":
        start += 1
    if end > start and data[end - 1] == ord("-"):
        end -= 1
    return None if data[start:end].lstrip().startswith(b"#") else (start, end)


# -- parse side ---------------------------------------------------------------------------------------------------
def settle_definitions(raw_defs: list, _imports: list, _root) -> list:
    """The definitions with their names as Ruby means them (``:items`` of ``attr_reader :items`` is ``items``, the
    parent ``A::B`` of ``class A::B::C`` is ``A.B``), and what is exported: a class's or module's public methods and
    constants. The ``visibility`` captures (a bare ``private``, ``private def x``, ``private :x``, ``class << self``
    bounding them) say which methods are private or protected; they are no definitions. A ``delegate`` with a
    ``prefix:`` (``prefixed``) makes names the symbols do not spell (``item_name``): none of them is defined."""
    marks = sorted((d for d in raw_defs if d.kind == "visibility"), key=lambda m: m.start)
    exposed = [d for d in raw_defs if d.kind == "exposed"]
    patches = [d for d in raw_defs if d.kind == "patch"]
    mixins = [d for d in raw_defs if d.kind == "mixin"]
    prefixed = [(d.start, d.end) for d in raw_defs if d.kind == "prefixed"]
    named = [d for d in raw_defs if d.kind not in MARK_KINDS] + _computed_methods(raw_defs)
    defs = _namespaces([a for d in named if not _innermost(prefixed, d.start) for a in _attributes(_spelled(d))],
                       mixins)
    if patches:
        defs = _patched(defs, patches)
    scopes = [(d.start, d.end) for d in defs if d.kind in SCOPE_KINDS]
    scopes += [(m.start, m.end) for m in marks if m.name == "self"]  # class << self: its own bare private
    out = []
    for d in defs:
        if d.kind == "function":
            d = d._replace(exported=_public(d, marks, scopes),
                           decorators=d.decorators + _class_level(d, marks) + _exposed(d, exposed, scopes))
        elif d.kind == "constant":
            d = d._replace(exported=_innermost(scopes, d.start) is not None)
        out.append(d)
    return out


# how a method-making call of a ``computed`` definition makes it: the kind of definition, and whether on ``self``
_MAKERS = {"define_method": ("function", None), "define_singleton_method": ("function", "self"),
           "attr_reader": ("function", None), "attr": ("function", None), "attr_writer": ("writer", None),
           "attr_accessor": ("accessor", None), "module_eval": ("function", None), "class_eval": ("function", None)}
_LIST_ITEM = lazy_re(r"""^(?::(\w+[?!=]?)|"(\w+[?!=]?)"|'(\w+[?!=]?)')$""")
_INTERPOLATED = lazy_re(r"#\{\s*(\w+)\s*\}")
_EVAL_DEF = lazy_re(r"\bdef\s+(self\.)?([\w#{}]+[?!=]?)")
_METHOD_NAME = lazy_re(r"^[A-Za-z_]\w*[?!=]?$")


def _computed_methods(raw_defs: list) -> list:
    """The methods a ``computed`` definition makes, one per element of its literal list (``%w[build create].each {
    |s| define_method("#{s}_list") }``: ``build_list``, ``create_list``), the list written there or held by a
    constant of the file (``listed``). Each is a function of two bytes of its own at the making call's start (side by
    side, holding nothing: what the block does is its enclosing class's). None where the list or a name is not
    literal; none where the call is too short to hold them apart. Each marked ``MADE``: a guess by name takes it only
    where no method written ``def`` answers (``shell.say`` is ``Shell::Basic#say``, not ``Thor::Shell``'s delegator
    of it)."""
    lists = {d.name: d.qualifier for d in raw_defs if d.kind == "listed"}
    out = []
    for d in raw_defs:
        maker = d.decorators[0].lstrip(":") if d.kind == "computed" and d.decorators else None
        if maker not in _MAKERS:
            continue
        kind, on = _MAKERS[maker]
        items = _literal_items(lists.get(d.name, "") if d.name[:1].isupper() else d.name)
        names = [named for item in items for named in _spelled_names(d.qualifier or "", item, maker)]
        if 2 * len(names) + 1 > d.end - d.start:
            continue
        out += [d._replace(kind=kind, name=name, start=d.start + 1 + 2 * i, end=d.start + 3 + 2 * i, exported=True,
                           decorators=(MADE,), qualifier=on or singleton) for i, (name, singleton) in enumerate(names)]
    return out


def _literal_items(text: str) -> list[str]:
    """The words of a literal list: ``%w[a b]``, ``%i[a b]``, ``[:a, "b", 'c']``; none where an element is anything
    else (a variable, a call: the names are made at run time)."""
    text = text.strip()
    if text[:2] in ("%w", "%i", "%W", "%I"):
        return [] if "#{" in text else text[3:-1].split()
    if text[:1] != "[" or text[-1:] != "]":
        return []
    items = [_LIST_ITEM.match(t.strip()) for t in text[1:-1].split(",") if t.strip()]
    return [next(g for g in m.groups() if g) for m in items] if all(items) else []


def _spelled_names(template: str, item: str, maker: str) -> list[tuple[str, str | None]]:
    """The method names one element gives a template as written, each with ``self`` where a heredoc defines it on
    the object (``def self.#{s}``): the block's variable itself (``s``), a string or symbol interpolating it
    (``"#{s}_list"``, ``:"#{s}?"``), the ``def #{s}`` lines of an evaluated heredoc (``module_eval <<-EOS``)."""
    if maker in ("module_eval", "class_eval"):
        found = [(_one_name(name, item), "self" if on else None) for on, name in _EVAL_DEF.findall(template)
                 if "#{" in name]
    elif template[:2] == ':"' or template[:1] == '"':
        found = [(_one_name(template.lstrip(":")[1:-1], item), None)]
    else:
        found = [(item, None)]
    return [(name, on) for name, on in found if name]


def _one_name(template: str, item: str) -> str | None:
    """``#{s}_list`` with ``build`` -> ``build_list``; None where it interpolates another value too, or the result is
    no method name."""
    if len(set(_INTERPOLATED.findall(template))) != 1:
        return None
    name = _INTERPOLATED.sub(item, template)
    return name if _METHOD_NAME.match(name) else None


def _patched(defs: list, patches: list) -> list:
    """The methods whose nearest container is a ``patch`` (``class << obj``, ``X.class_eval do``, ``Module.new do``:
    a method of another object) marked ``PATCHED``; a ``Class.new`` a constant holds is that constant's class."""
    classes = [d for d in defs if d.kind in SCOPE_KINDS]
    ends = {d.end for d in classes}
    spans = [(p.start, p.end) for p in patches if not (p.name == "new" and p.end in ends)]
    scopes = [(d.start, d.end) for d in classes]
    out = []
    for d in defs:
        patch = _innermost(spans, d.start) if d.kind == "function" and spans else None
        scope = _innermost(scopes, d.start) if patch else None
        if patch and (scope is None or scope[0] < patch[0]):
            d = d._replace(decorators=d.decorators + (PATCHED,))
        out.append(d)
    return out


def _attributes(d) -> list:
    """``attr_writer :x`` defines ``x=``, ``attr_accessor :x`` both ``x`` and ``x=``: one symbol node, split in two
    side by side (a definition per node and kind; neither holding the other)."""
    if d.kind == "writer":
        return [d._replace(kind="function", name=d.name + "=")]
    if d.kind == "accessor":
        return [d._replace(kind="function", end=d.start + 1),
                d._replace(kind="function", name=d.name + "=", start=d.start + 1)]
    return [d]


CLASS_METHODS = "ClassMethods"  # a mixin's module its includers are extended with (ruby.scm's hook_mixin)


def _namespaces(defs: list, mixins: list) -> list:
    """A module holding classes or modules and no method of its own (``module Rack`` around a class, reopened in
    every file) is a namespace: used where something inside it is (``dead_code``), and found by no name (graph's
    ``by_name``: its path's names are). An empty module stays a trait (a marker: ``include BadRequest``); so does
    one whose body takes a mixin (``extend Syntax::Default``: its methods are the module's, a part of the module
    other files define with methods, which a part of another kind would not join)."""
    if not any(d.kind == "trait" for d in defs):
        return defs
    spans = [(d.start, d.end) for d in defs if d.kind in ("class", "trait")]
    holding = defaultdict(set)  # module span -> the kinds defined directly inside it
    for d in defs:
        holding[_innermost(spans, d.start)].add(d.kind)
    for m in mixins:
        holding[_innermost(spans, m.start)].add("function")
    for d in defs:  # a module holding its includers' ``ClassMethods`` is a mixin (``include Sidekiq::Worker``)
        if d.kind == "trait" and d.name == CLASS_METHODS:
            holding[_innermost(spans, d.start - 1)].add("function")
    return [d._replace(kind="namespace") if d.kind == "trait" and "function" not in holding[(d.start, d.end)]
            and holding[(d.start, d.end)] & {"class", "trait"} else d for d in defs]


def _spelled(d):
    """A definition named as Ruby names it: ``:items`` is ``items``, a parent ``A::B`` is ``A.B``."""
    name = d.name[1:] if d.name.startswith(":") else d.name
    parent = d.parent_name.replace("::", ".").lstrip(".") if d.parent_name else d.parent_name
    return d._replace(name=name, parent_name=parent)


def _public(d, marks: list, scopes: list) -> bool:
    """Whether a method is public: inside a class or module, and no ``private`` / ``protected`` of its body names
    it, wraps it, or is the last bare one written before it (a later bare ``public`` undoes one). A bare one leaves
    ``def self.x`` public: it applies to instance methods (``private_class_method :x`` hides ``x``)."""
    scope = _innermost(scopes, d.start)
    if scope is None:
        return False  # a top-level def: a private method of Object
    public, singleton = True, d.qualifier == "self"
    for m in marks:  # in file order
        if m.name == "self" or _innermost(scopes, m.start) != scope:
            continue
        hiding = m.name not in ("public", "module_function")
        if m.name.startswith(":"):  # private :x, :y
            public = public and m.name[1:] != d.name
        elif m.end - m.start > len(m.name):  # private def x ... end: the call holds the method
            public = public and not (m.start <= d.start and d.end <= m.end and hiding)
        elif m.end <= d.start and not singleton:  # a bare private: the definitions after it, until another one
            public = not hiding
    return public


def _class_level(d, marks: list) -> tuple:
    """``(SINGLETON,)`` for a method of the class object itself: ``def self.x``, or a ``def`` in ``class << self``."""
    in_singleton_class = any(m.name == "self" and m.start < d.start and d.end <= m.end for m in marks)
    return (SINGLETON,) if d.qualifier == "self" or in_singleton_class else ()


def _exposed(d, exposed: list, scopes: list) -> tuple:
    """``(EXPOSED,)`` for a method a ``helper_method :name`` of its own class body names (Rails hands it to the
    controller's views, ``view_helpers``)."""
    scope = _innermost(scopes, d.start)
    named = any(m.name[1:] == d.name and _innermost(scopes, m.start) == scope for m in exposed)
    return (EXPOSED,) if named and scope is not None and d.qualifier != "self" else ()


def _innermost(scopes: list, at: int) -> tuple | None:
    """The narrowest (start, end) of ``scopes`` holding byte ``at``."""
    holding = [s for s in scopes if s[0] < at < s[1]]
    return min(holding, key=lambda s: s[1] - s[0]) if holding else None


def settle_references(raw_refs: list) -> list:
    """Templates' patterns (``send("#{action}_command")``: ``*_command`` on ``self``, ``langs.settle_templates``),
    then what ``_references_settled`` says."""
    return _references_settled(_on_self(settle_templates(raw_refs, member_template)))


# Ruby's string interpolation: #{...}
_RUBY_TEMPLATE = QuotedTemplate("+", '"', lazy_re(r"#\{[^}]*\}"))


def member_template(text: str) -> str | None:
    """``"#{action}_command"``, ``:"validate_#{x}"``, ``"on_" + x`` -> ``*_command``, ``validate_*``, ``on_*``; a
    method name's own ending ``?``, ``!`` or ``=`` kept (mail's ``send("matches_on_#{m}?", d)``: ``matches_on_*?``),
    which the generic template, of word characters only, refuses."""
    text = text.strip().removeprefix(":")
    suffix = _NAME_SUFFIX.search(text)
    if suffix is None:
        return quoted_template(text, _RUBY_TEMPLATE)
    pattern = quoted_template(text[:suffix.start(1)] + text[suffix.end(1):], _RUBY_TEMPLATE)
    return pattern + suffix.group(1) if pattern is not None else None


# a quoted name's last character, one a method name may end in, before the closing quote (``"#{m}?"``)
_NAME_SUFFIX = lazy_re(r"""(?<=[\w}])([?!=])(['"])$""")


def macro_uses(root, data: bytes, names: frozenset) -> list[tuple]:
    """Where the file calls the helpers ``names`` that forward their arguments to ``send`` (``@text.forwarder``:
    thor's spec helper ``action``), on no receiver or ``self``, a symbol first (``action :comment_lines, "doc"``):
    (helper, byte offset, line, [the symbol's method name]). Asked only of a file defining such a helper."""
    out, stack = [], [root]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        receiver = node.child_by_field_name("receiver") if node.type == "call" else None
        if node.type != "call" or receiver is not None and receiver.type != "self":
            continue
        method, arguments = node.child_by_field_name("method"), node.child_by_field_name("arguments")
        first = arguments.named_children[0] if arguments is not None and arguments.named_children else None
        if first is not None and first.type == "simple_symbol" and _node_text(method, data) in names:
            out.append((_node_text(method, data), node.start_byte, node.start_point[0] + 1,
                        [_node_text(first, data)[1:]]))
    return out


def _node_text(node, data: bytes) -> str:
    return data[node.start_byte:node.end_byte].decode("utf-8", "replace")


def _on_self(raw_refs: list) -> list:
    """A template sent without a receiver (``send("#{a}_command")``) is sent to ``self``, the enclosing class."""
    return [r._replace(receiver="self") if r.kind == TEMPLATE and not r.receiver else r for r in raw_refs]


# the protocol methods ruby.scm names by a capture (``@reference.protocol.matches``), which cannot hold a predicate's
# ``?``: Rails' routing constraint's ``matches?``
PREDICATE_PROTOCOLS = frozenset({"matches"})


def _references_settled(raw_refs: list) -> list:
    """A symbol naming a method (``send(:save)``, ``method(:log)``, ``alias_method :a, :b``) names it without its
    colon; ``obj.x = 1`` calls the writer ``x=``; a module a class includes is a base (``inherits``), not also a
    value the class reads; a keyword is no reference, and a word a method may bear (``end``) only with a receiver;
    ``self.class.m`` is the class's ``m`` (a class method is a member of its class, as ``self.m`` reads it)."""
    raw_refs = _extended(_hooked_mixins(_in_blocks(_described(raw_refs))))
    based = {r.name_start for r in raw_refs if r.kind == "inherits"}
    written = {r.name_start for r in raw_refs if r.kind == "writer"}
    out = []
    for r in raw_refs:
        if (r.kind == "callback" and r.name_start in based) or (r.name in KEYWORDS and r.name != "super") or (
                r.receiver is None and r.name in CONTEXTUAL_KEYWORDS) or (r.kind == "call" and r.name_start in written):
            continue  # include M is a base; ``end`` read where a syntax error broke the tree is no name (range.end is)
        if r.receiver and r.kind == "call" and _SYMBOL.match(r.receiver):  # delegate :a, to: :@x; def_delegators :x
            r = r._replace(receiver=_delegated_to(r.receiver[1:]), alias=DELEGATED)
        elif r.receiver and r.kind == "call" and (held := _QUOTED_CONSTANT.match(r.receiver)):
            r = r._replace(receiver=held.group(2), alias=DELEGATED)  # def_delegators :'Faraday::Utils', :escape
        if r.receiver and (r.receiver == "self.class" or r.receiver.startswith("self.class.")) \
                and r.name not in BUILTIN_METHODS:  # self.class.default_store: the class's own def self.default_store
            r = r._replace(receiver="self" + r.receiver[len("self.class"):])
        if r.kind == "writer":  # obj.x = 1 calls x=
            r = r._replace(kind="call", name=r.name + "=")
        elif r.kind == "call" and r.receiver and r.name[:1] == "(":  # handler.(x) is handler.call(x)
            r = r._replace(name="call")
        elif r.name and r.name[:1] == ":" and r.kind not in ("import", "reexport"):
            r = r._replace(name=r.name[1:])
        elif r.kind == "protocol" and r.name in PREDICATE_PROTOCOLS:  # constraints(Staff): Staff.matches?(request)
            r = r._replace(name=r.name + "?")
        out.append(r)
    return out


HOOK_MIXIN = "hook_mixin"  # the query's mark: a module's hook (or a concern) mixing another into its includers


def _hooked_mixins(raw_refs: list) -> list:
    """What a module's ``self.included(base)`` hook mixes into ``base`` (``base.send :include, Shell``, ``base.extend
    ClassMethods``), and a concern's ``module ClassMethods``, made bases of the module itself: its includers reach
    their methods through it, as Ruby gives them. The query captures the whole hook (or nested module) as the
    reference: a byte before it is the module's body, where a base is the module's. The hook's own ``base.include X``
    (which the ``config.include`` pattern captures too) is that one reference."""
    hooked = {r.name_start for r in raw_refs if r.kind == HOOK_MIXIN}
    if not hooked:
        return raw_refs
    return [r._replace(kind="inherits", start=r.start - 1) if r.kind == HOOK_MIXIN else r for r in raw_refs
            if r.kind == HOOK_MIXIN or not (r.kind == "inherits" and r.name_start in hooked)]


EXTENDED_MARK = "extended"  # the query's mark on a constant ``extend`` takes (``extend M``, ``base.extend M``)


def _extended(raw_refs: list) -> list:
    """The bases ``extend`` gives (a concern's ``ClassMethods`` too): their methods are the class object's own
    (``SINGLETON`` as the reference's alias), never an instance's. The marks themselves are no references."""
    extended = {r.name_start for r in raw_refs if r.kind == EXTENDED_MARK}
    return [r._replace(alias=SINGLETON) if r.kind == "inherits" and r.name_start in extended else r
            for r in raw_refs if r.kind != EXTENDED_MARK]


# a bare call inside blocks given to calls (``factory :user do name end``): its ``alias`` is this mark and the calls
# whose blocks hold it as written, outermost first (``FactoryBot.define > factory``); ruby.dsl_block reads it
IN_BLOCKS = "<in blocks> "
BLOCK_CHAIN = " > "
MAX_BLOCK_CHAIN = 4  # the innermost calls whose blocks hold a call: deeper ones decide nothing here
# the places of a method's ``signature`` references about the block it is given: the object it runs it on
# (``proxy.instance_eval(&block)``; ``self`` for its own), the call it hands it to (``DSL.run(block)``)
BLOCK_SELF, BLOCK_FORWARD = "&", HANDS_ON
OWN_OBJECT = "<self>"  # a method's ``BLOCK_SELF`` where it runs the block on its own object
_EVALS = frozenset({"instance_eval", "instance_exec", "class_eval", "class_exec", "module_eval"})


class BlockSpan(NamedTuple):
    """A block given to a call: its bytes, and the call as written (``FactoryBot.define``, ``factory``)."""

    start: int
    end: int
    call: str


DESCRIBED = "described"  # the query's mark: an RSpec example group of a class, whose ``described_class`` it is
_DESCRIBED_CLASS = lazy_re(r"^described_class(?=$|[.(\[])")


def _described(raw_refs: list) -> list:
    """``described_class`` in ``RSpec.describe Shop::Cart do .. end`` written as the class it is (the innermost
    group naming a class): ``described_class.new(x).call`` is ``Shop::Cart.new(x).call``. The marks go."""
    groups = sorted(((r.start, r.name_start, r.receiver) for r in raw_refs if r.kind == DESCRIBED and r.receiver),
                    key=lambda g: (g[0], -g[1]))
    out = []
    for r in raw_refs:
        if r.kind == DESCRIBED:
            continue
        if groups and r.receiver and _DESCRIBED_CLASS.match(r.receiver):
            around = [g[2] for g in groups if g[0] < r.start < g[1]]
            r = r._replace(receiver=_DESCRIBED_CLASS.sub(around[-1], r.receiver, count=1)) if around else r
        out.append(r)
    return out


def _in_blocks(raw_refs: list) -> list:
    """The references with the block marks read: a bare call inside blocks given to calls carries those calls
    (``IN_BLOCKS``); a method's ``block_self`` / ``block_forward`` become its ``signature`` at ``BLOCK_SELF`` /
    ``BLOCK_FORWARD``. The marks themselves are no references."""
    spans = _one_span_per_block(BlockSpan(r.start, r.name_start, " ".join(r.receiver.split())) for r in raw_refs
                                if r.kind == "dsl_block" and r.receiver)
    in_blocks = {r.start for r in raw_refs if r.kind == "block_eval"}
    out = []
    for r in raw_refs:
        if r.kind == "dsl_block" or (r.kind == "block_forward" and r.name in _EVALS):
            continue  # instance_eval(&block) runs it: a block_self
        if r.kind == "block_self" and r.start in in_blocks:
            continue  # an eval in a block: on the block's object (block_eval), not the method's
        if r.kind == "block_eval":
            out.extend(_eval_in_block(r, spans))
        elif r.kind in ("block_self", "block_forward"):
            out.append(_block_signature(r))
        elif spans and r.receiver is None and r.kind in ("call", "name") and r.alias is None \
                and r.name and r.name[:1].islower():
            chain = [b.call for b in spans if b.start < r.start < b.end][-MAX_BLOCK_CHAIN:]
            out.append(r._replace(alias=IN_BLOCKS + BLOCK_CHAIN.join(chain)) if chain else r)
        else:
            out.append(r)
    return out


def _one_span_per_block(spans) -> list[BlockSpan]:
    """The blocks in order, outermost first, each once: ``Class.new(Thor) do`` is matched as ``Class.new`` too, and
    the call written with its base is the one that says what the block runs on."""
    widest: dict[tuple, BlockSpan] = {}
    for b in spans:
        kept = widest.get((b.start, b.end))
        if kept is None or len(b.call) > len(kept.call):
            widest[(b.start, b.end)] = b
    return sorted(widest.values(), key=lambda b: (b.start, -b.end))


def _eval_in_block(r, spans: list) -> list:
    """``Sinatra.new(base) do class_eval(&block) end`` in a method: the method hands its block to the call whose
    block holds the eval (``BLOCK_FORWARD``), which decides the object; none where that call is not read."""
    around = [b.call for b in spans if b.start < r.start < b.end]
    if not around:
        return []
    head, _, name = around[-1].rpartition(".")
    return [r._replace(kind="signature", name=name, receiver=head or None, alias=BLOCK_FORWARD, name_start=None)]


def _block_signature(r):
    """``block_self`` / ``block_forward`` as the ``signature`` reference of the method holding it (read, no edge):
    an eval's own name is the method's own object (``OWN_OBJECT``)."""
    if r.kind == "block_forward":
        return r._replace(kind="signature", alias=BLOCK_FORWARD, name_start=None)
    own = r.name in _EVALS
    return r._replace(kind="signature", name=OWN_OBJECT if own else r.name, receiver=None if own else r.receiver,
                      alias=BLOCK_SELF, name_start=None)


DELEGATED = "<delegated>"  # the mark (``alias``) of a delegated method's call of its target: ruby.delegated_call
_SYMBOL = lazy_re(r"^:@{0,2}\w+$")  # :@x, :x (never ::File, a top-level constant)
# a delegation's accessor naming a constant, quoted (Forwardable evaluates it): :'Faraday::Utils', "Utils"
_QUOTED_CONSTANT = lazy_re(r"""^:?(['"])((?:::)?[A-Z]\w*(?:::[A-Z]\w*)*)\1$""")


def _delegated_to(accessor: str) -> str:
    """The object a delegation names by a symbol: ``:@x`` the instance variable, ``:x`` the method's value,
    ``:class`` the class (``self.class``)."""
    return "self.class" if accessor == "class" else accessor


# -- imports ------------------------------------------------------------------------------------------------------
def module_keys(paths: list[str], files: dict, root) -> dict[str, list[str]]:
    """A file under its path, its path without ``.rb`` (``require "x"`` from the root, ``require_relative``) and
    what follows each ``lib/`` folder of it (``lib/shop/cart.rb``: ``shop/cart``, as a gem's load path has it), or
    each ``spec/`` or ``test/`` folder (``spec/spec_helper.rb``: ``spec_helper``, on a test runner's load path: for
    the files under that folder only, see ``resolve_module``)."""
    out = {}
    for path in paths:
        stem = path[:-3] if path.endswith(".rb") else path
        parts = stem.split("/")
        out[path] = [path, stem] + ["/".join(parts[i + 1:]) for i, part in enumerate(parts[:-1])
                                    if part in LOAD_PATH_FOLDERS]
    return out


LOAD_PATH_FOLDERS = ("lib", "spec", "test")  # lib: a gem's load path; spec, test: RSpec's and Rake's test tasks'


package_scope = no_package_scope  # constants are global: the ``constant`` layer, not a package, finds them


def import_binding(module: str | None, name: str | None, alias: str | None):
    """Every require is a wildcard import; ``require_relative`` (its name rides as the alias) is relative to the
    file."""
    relative = alias == "require_relative" and module and not module.startswith(".")
    return None, ("./" + module if relative else module), "*"


def resolve_module(importer: str, spec: str | None, index: dict, root) -> list[str]:
    """``./x`` / ``../x``: the file beside the importer (``.rb`` implied); ``x``: a file whose path from a ``lib/``
    folder or the root is ``x``, the one nearest the importer where several are."""
    if not spec:
        return []
    if spec.startswith("."):
        base = posixpath.normpath(posixpath.join(posixpath.dirname(importer), spec))
        return [p for p in index.get(base, ()) if p in (base, base + ".rb")][:1]
    key = spec[:-3] if spec.endswith(".rb") else spec
    return nearest_of(importer, [p for p in index.get(key, []) if _loads(importer, p, key)])


def _loads(importer: str, path: str, key: str) -> bool:
    """Whether ``require key`` in ``importer`` may load ``path``: from the root or a ``lib/`` folder, anywhere; from
    a ``spec/`` or ``test/`` folder, where the importer is under it (``require "spec_helper"`` in a spec)."""
    stem = path[:-3] if path.endswith(".rb") else path
    if stem == key or path == key:
        return True
    folder = stem[:len(stem) - len(key)].rstrip("/")
    last = folder.rpartition("/")[2]
    return last == "lib" or (last in ("spec", "test") and importer.startswith(folder + "/"))


def is_external(importer: str, spec: str, index: dict, root) -> bool:
    """Asked of a spec no file answers: a gem's (``require "json"``), unless written relative to the file."""
    return not spec.startswith(".")


def submodule(paths: list[str], name: str, index: dict) -> list[str] | None:
    """A require names a file, never a module inside another."""
    return None


# -- resolve side -------------------------------------------------------------------------------------------------
def guess_bare_names(resolver, path: str) -> bool:
    """Never: the layers above answer every bare name they can."""
    return False  # a bare name no scope, class, require or constant names is Kernel's or a gem's, not guessed


def receiver_path(receiver: str) -> str:
    """``Shop::Cart`` -> ``Shop.Cart``, ``::Cart`` -> ``Cart``: a constant path in dotted form; a class named by a
    symbol (thor's ``self.class.const_get(:SpellChecker).new(self)``) -> the constant (``SpellChecker.new(self)``), so
    that the chain builds that class as ``SpellChecker.new`` does."""
    if "const_get" in receiver:
        receiver = _CONST_GET.sub(_constant_got, receiver, count=1)
    return receiver.replace("::", ".").lstrip(".") if "::" in receiver else receiver


# const_get(:Name) on a constant path, on self or its class, or bare (a variable's is not known: left as written)
_CONST_GET = lazy_re(r"^(?:(?P<owner>[A-Z]\w*(?:(?:::|\.)[A-Z]\w*)*)\.|self\.class\.|self\.)?"
                     r"const_get\(\s*:(?P<name>[A-Z]\w*)\s*\)")


def _constant_got(m: re.Match) -> str:
    """``Shop.const_get(:Cart)`` -> ``Shop.Cart``; ``self.class.const_get(:Sheet)`` -> ``Sheet`` (the class's scope)."""
    return f"{m.group('owner')}.{m.group('name')}" if m.group("owner") else m.group("name")


# Config.instance, Shop.Config.instance (a constant path's, no arguments)
_INSTANCE = lazy_re(r"^((?:[A-Z]\w*\.)*[A-Z]\w*)\.instance(?:\(\s*\))?$")
# Foo.new, Foo.new(a), Foo.new(a) { ... }, Foo.new do ... end (a block given to initialize)
_NEW = lazy_re(r"((?:[A-Z]\w*\.)*[A-Z]\w*\.|self\.)?new\b")


def inline_type(receiver: str) -> str | None:
    """``Foo.new(...)``, ``Shop.Cart.new`` -> the class built; ``new(x)``, ``self.new`` (in a class method) ->
    ``self``, the enclosing class; ``Config.instance`` (no arguments) -> ``Config``: Ruby's singleton accessor (the
    Singleton module's, or a hand-written ``@instance ||= new``) gives the class's one object (paper_trail's
    ``@config ||= PaperTrail::Config.instance``, then ``PaperTrail.config.version_limit``). ``Foo(x)`` is a method
    call in Ruby: none; nor ``Foo.new(a).bar(x)``."""
    single = _INSTANCE.match(receiver)
    if single:
        return single.group(1)
    m = _NEW.match(receiver)
    return (m.group(1) or "self.")[:-1] if m and _only_arguments_and_block(receiver[m.end():]) else None


def _only_arguments_and_block(rest: str) -> bool:
    """What follows ``new`` is its arguments and a block at most (``(a) { .. }``, `` do .. end``), read in one pass:
    a receiver may hold a long block."""
    rest = rest.lstrip()
    if rest.startswith("("):
        depth = 0
        for i, ch in enumerate(rest):
            depth += (ch == "(") - (ch == ")")
            if depth == 0:
                rest = rest[i + 1:].lstrip()
                break
        else:
            return False
    block = rest[:1] == "{" and rest.rstrip().endswith("}")
    return not rest or block or (rest[:2] == "do" and rest[2:3] in ("", " ", "\n", "|"))


def extend_layers(name_layers: list, member_layers: list) -> None:
    """Bare names: ``super`` first, then the scopes, the implicit ``self`` (before the requires), constants (global)
    and a test framework's helpers last; members of a constant path (``Shop::Cart.new``, ``Mod::FOO``) before the
    generic class layer, a test framework's expectations on any object first."""
    name_layers.insert(0, super_call)
    name_layers.insert(1, dsl_block)
    name_layers.insert(0, jbuilder_builder)
    name_layers.insert(name_layers.index("scoped") + 1, implicit_self)
    name_layers.insert(name_layers.index(implicit_self) + 1, spec_helpers)
    name_layers.insert(name_layers.index(spec_helpers) + 1, view_helpers)
    name_layers += [constant, test_framework]
    member_layers.insert(member_layers.index("class_named"), constant_member)
    member_layers.insert(0, own_class_constant)
    member_layers.insert(0, partial_local)
    member_layers.insert(0, core_extension)
    member_layers.insert(0, test_expectation)
    member_layers.insert(0, jbuilder_builder)
    member_layers.insert(0, delegated_call)
    member_layers.insert(member_layers.index(core_extension) + 1, receiver_call)


# a receiver written as a bare name: a method called without parentheses where no variable binds it (parse.py
# binds a local or a parameter to LOCAL_VALUE, ``""``), these words aside
_BARE_RECEIVER = lazy_re(r"^[a-z_]\w*$")
_NO_CALL_RECEIVERS = frozenset({"self", "super", "nil", "true", "false", "__method__", "__dir__"})
# a test library's accessors of its own objects (rack-test's ``last_response``: a Rack::MockResponse): their members
# are the library's, never guessed among the repository's same-named ones (``last_response.status``)
LIBRARY_OBJECTS = frozenset({"last_response", "last_request", "rack_mock_session"})


def receiver_call(resolver, r, src):
    """``setting.lint?`` where no variable ``setting`` is bound: ``setting`` is a call of the enclosing object's
    method (``def setting; @setting ||= Setting.new; end``), so the member is that of what it returns, as for
    ``setting().lint?``. Only where the name is a method of ours (not a guess) and what it returns is known to be a
    class of ours; else the other layers (and the guess by name) decide as before (``subject``, a ``let``: what they
    give is not read here). A test library's own object (rack-test's ``last_response``) has the library's members."""
    from dataclasses import replace

    from ..graph import CALLABLE
    from ..resolve import GUESSES

    if r.bound_to is None and _CLASS_METHOD_RECEIVER.match(r.receiver):
        return _class_method_value(resolver, r, src)
    if r.bound_to is not None or not _BARE_RECEIVER.match(r.receiver) or r.receiver in _NO_CALL_RECEIVERS:
        return None
    called = resolver._lookup(replace(r, name=r.receiver, receiver=None, kind="call", alias=None), src, CALLABLE)
    if not called.ids and called.resolution == "external" and r.receiver in LIBRARY_OBJECTS:
        return called
    if not called.ids or called.resolution in GUESSES:
        return None
    found = resolver._through_value(replace(r, bound_to=r.receiver + "()"), src)
    return found if found and found.ids and found.resolution not in GUESSES else None


# a class method called without parentheses on a constant path: ``PaperTrail.config``, ``Pry::InputLock.for(:all)``
_CLASS_METHOD_RECEIVER = lazy_re(r"^[A-Z]\w*(?:(?:::|\.)[A-Z]\w*)*\.[a-z_]\w*[?!]?(?:\([^()]*\))?$")


def _class_method_value(resolver, r, src):
    """``PaperTrail.config.version_limit``: the member of what the class method returns (``def config; @config ||=
    Config.instance; end``: a ``Config``), as for ``PaperTrail.config().version_limit`` (the generic chain reads a
    call by its parentheses, which Ruby leaves out). Only where what it returns is a class of ours; else the other
    layers decide as before."""
    from dataclasses import replace

    from ..resolve import GUESSES

    value = r.receiver if r.receiver.endswith(")") else r.receiver + "()"
    found = resolver._through_value(replace(r, bound_to=value), src)
    return found if found and found.ids and found.resolution not in GUESSES else None


def dsl_block(resolver, r, src):
    """A bare call in blocks given to calls (``factory :user do trait :admin do .. end end``): where the repository's
    method taking the innermost such block runs it on an object of a known class (``proxy.instance_eval(&block)``,
    ``DefinitionProxy``), that class's method first; else the other layers (a top-level ``def``, a guess)."""
    if not (r.alias or "").startswith(IN_BLOCKS):
        return None
    cls = _block_class(resolver, r, src)
    found = resolver._member(cls, r.name) if cls else None
    return _elsewhere(resolver, r, found) if found else None


def _block_class(resolver, r, src: str) -> str | None:
    """The class whose object runs the innermost block around ``r``, link by link from the outermost: each call
    (``Shop::Catalog.define``, then ``shelf`` on what the block before runs on) found for certain, the block it is
    given run on the object its method says (``BLOCK_SELF``), else on the same object as around it. None after a
    link that is unknown or whose methods disagree, until a later link says."""
    from dataclasses import replace

    cache = _cache(resolver)
    key = ("block class", r.path, r.src_qualname, r.alias)
    if key in cache:
        return cache[key]
    cls = None
    for call in r.alias[len(IN_BLOCKS):].split(BLOCK_CHAIN):
        made = _NEW_CLASS.match(call)
        if made:  # Class.new(Thor) do .. end: the block runs on a new class of the base, whose class methods it calls
            base = made.group(1).lstrip(":").replace("::", ".")
            cls = resolver._class_named(replace(r, name=base, receiver=None, alias=None, kind="name"), base)
            continue
        head, _, name = call.rpartition(".")
        link = replace(r, name=name, receiver=head or None, alias=None, kind="call")
        methods = _called_for_certain(resolver, link, src, None if head else cls)
        # a library's block (RSpec's ``describe``, ``it``) or an unknown call: its block runs on an object unknown
        # here, whose bare calls the other layers read; a later call on a constant (``FactoryBot.define``) is known
        runs = {_block_self(resolver, m) for m in methods} - {None} if methods is not None else {None, ""}
        cls = next(iter(runs)) if len(runs) == 1 else (cls if not runs else None)
    cache[key] = cls or None
    return cls or None


_NEW_CLASS = lazy_re(r"^Class\.new\(\s*((?:::)?[A-Z]\w*(?:(?:::|\.)[A-Z]\w*)*)\s*\)$")  # Class.new(Thor::Group)


def _called_for_certain(resolver, link, src: str, on: str | None) -> list[str] | None:
    """The methods a call of a block chain reaches: on the class ``on`` where a block before runs on one, else as
    written from ``src``; None for a guess by name, an unknown or a library's method."""
    from ..graph import CALLABLE
    from ..resolve import GUESSES

    found = resolver._member(on, link.name) if on else resolver._lookup(link, src, CALLABLE)
    if not found or not found.ids or found.resolution in GUESSES:
        return None
    return [i for i in found.ids if resolver.g.by_id[i].kind in _RUNNING_KINDS] or None


_RUNNING_KINDS = ("method", "function")  # what may run a block: a method, a top-level or a spec's ``def``


MAX_BLOCK_FORWARDS = MAX_HANDS_ON


def _block_self(resolver, method: str, hops: int = 0) -> str | None:
    """The class whose object ``method`` runs the block it is given on: its own (``instance_eval(&block)``), one it
    builds (``proxy = DefinitionProxy.new(..); proxy.instance_eval(&block)``), or that of the method it hands the
    block to (``DSL.run(block)``); None where it does neither (it calls the block, or keeps it)."""
    from dataclasses import replace

    from ..graph import CALLABLE

    sym = resolver.g.by_id[method]
    runs = resolver.signatures.get((sym.path, sym.qualname, BLOCK_SELF))
    if runs is not None:
        cls = resolver._enclosing_class(method) if runs.name == OWN_OBJECT else resolver._declared_class(runs, method)
        return cls or None
    handed = resolver.signatures.get((sym.path, sym.qualname, BLOCK_FORWARD))
    if handed is None or hops >= MAX_BLOCK_FORWARDS:
        return None
    found = resolver._lookup(replace(handed, kind="call", alias=None), method, CALLABLE)
    if found.resolution in ("unique_name", "ambiguous"):
        return None
    runs_on = {_block_self(resolver, i, hops + 1) for i in found.ids
               if resolver.g.by_id[i].kind in _RUNNING_KINDS} - {None}
    return next(iter(runs_on)) if len(runs_on) == 1 else None


def delegated_call(resolver, r, src):
    """``delegate :each?, to: :@uri_list``: the target's method, found as any call on that object is, but never the
    delegated method itself (a guess by name on an object of unknown type finds it first): that one is unresolved."""
    from dataclasses import replace

    from ..graph import CALLABLE
    from ..resolve import GUESSES, UNRESOLVED, Found

    if r.alias != DELEGATED:
        return None
    found = resolver._lookup(replace(r, alias=None), src, CALLABLE)
    ids = [i for i in found.ids if i != src]
    if len(ids) == len(found.ids):
        return found
    if not ids:
        return UNRESOLVED
    return Found(ids, ("unique_name" if len(ids) == 1 else "ambiguous") if found.resolution in GUESSES else
                 found.resolution)


_METHOD_VALUE = lazy_re(r"^(?:(.+)\.)?method\(\s*:(\w+[?!=]?)\s*\)$")  # [obj.]method(:name)
# the value kept: ``method(:name)``, or ``method(:name,obj)`` for obj's (a call of the library's ``method`` still)
_KEPT_METHOD = lazy_re(r"^method\(:(\w+[?!=]?)(?:,(.+))?\)$")
_BLOCK_VALUE = lazy_re(r"^(?:->|(?:lambda|proc)\s*(?:\{|do\b))")  # ->(x) { }, lambda { }, proc do .. end
BLOCK_VALUE = "Proc.new()"  # a block kept as a value: a library's object (Proc), its ``call`` external


def cast_type(written: str) -> str | None:
    """What a value kept to be run later is (``@var.value``): ``obj.method(:deliver)`` is ``method(:deliver,obj)``,
    a value of the library's ``method`` whose symbol (and object) say what its ``call`` runs (``library_member``);
    a lambda or proc is a ``Proc``."""
    written = " ".join(written.split())
    named = _METHOD_VALUE.match(written)
    if named:
        return f"method(:{named.group(2)},{named.group(1)})" if named.group(1) else f"method(:{named.group(2)})"
    return BLOCK_VALUE if _BLOCK_VALUE.match(written) else None


def library_member(resolver, r, src):
    """``handler.call(x)`` where ``handler = method(:process)`` (``obj.method(:process)``): a Method object, whose
    ``call`` runs ``process`` (found as a call written there is); None where any value the receiver may hold is
    another (a lambda's ``call`` is Proc's: its body's calls are already the enclosing method's) or where only a
    guess by name finds the method."""
    from dataclasses import replace

    from ..graph import CALLABLE
    from ..resolve import GUESSES, Found

    if r.name not in _RUNS_VALUE or not r.bound_to:
        return None
    named = [_KEPT_METHOD.match(v) for v in r.bound_to.split("|")]
    if not all(named):
        return None
    hits, resolutions = [], set()
    for m in named:
        found = resolver._lookup(replace(r, name=m.group(1), receiver=m.group(2), bound_to=None), src, CALLABLE)
        if found.resolution in GUESSES:  # (obj's class unknown here: the call stays the library's)
            return None
        hits += found.ids
        resolutions.add(found.resolution)
    if not hits:
        return None
    return Found(list(dict.fromkeys(hits)), resolutions.pop() if len(resolutions) == 1 else "ambiguous")


_RUNS_VALUE = frozenset({"call", "yield", "==="})  # what runs a Method object (`.()` is `call`)


_BUILDER = "json"  # the Jbuilder object a template's code runs on (and each block's ``do |json|``)


def jbuilder_builder(resolver, r, src):
    """``json.title``, ``json.array! @posts, partial: ..``, ``json.(post, :id)`` in a Jbuilder template: the
    builder's (external), whose missing methods name the JSON's keys. Read as any other object's, ``json.author``
    and ``json.id`` were guessed into the repository's ``author`` and ``id`` or left unresolved."""
    from ..resolve import EXTERNAL

    if not r.path.endswith(JBUILDER):
        return None
    head = (r.receiver or r.name).partition(".")[0].partition("(")[0]
    return EXTERNAL if head == _BUILDER else None


def test_expectation(resolver, r, src):
    """``x.must_equal(y)``, ``x.should eq(y)`` in a test: the framework's, on any object (external)."""
    from ..discover import is_test_path
    from ..resolve import EXTERNAL

    return EXTERNAL if TEST_METHODS.match(r.name) and is_test_path(r.path) else None


# a literal's core class, by how the receiver begins: "a", 'a', %w[..], [..], {..}, :sym, 1.5, 10
_LITERAL_CLASSES = ((lazy_re(r"""^(?:["']|%[qQ]?[\[({<|!/])"""), "String"), (lazy_re(r"^(?:\[|%[wWiI])"), "Array"),
                    (lazy_re(r"^\{"), "Hash"), (lazy_re(r"^:\w"), "Symbol"), (lazy_re(r"^-?\d+\.\d"), "Float"),
                    (lazy_re(r"^-?\d"), "Integer"))


def core_extension(resolver, r, src):
    """``"a/b".pathmap("%n")``: a method the repository adds to Ruby's own class of a literal (rake's ``class
    String; def pathmap``), on that reopening; nothing else is known of a literal (the layers after say Ruby's)."""
    cls = next((name for pattern, name in _LITERAL_CLASSES if pattern.match(r.receiver or "")), None)
    if cls is None or r.name in WRAPPER_METHODS:
        return None
    reopened = [i for i in resolver.g.by_name.get(cls, ()) if resolver.g.by_id[i].qualname == cls
                and resolver.g.by_id[i].kind == "class" and resolver.supports.get(resolver.g.by_id[i].path) is
                sys.modules[__name__]]
    for part in sorted(reopened, key=lambda i: resolver.g.by_id[i].path):
        found = resolver._member(part, r.name)
        if found:
            return _elsewhere(resolver, r, found)
    return None


def super_call(resolver, r, src):
    """``super`` / ``super(x)``: the enclosing method's name on a base or a mixin of its class."""
    if r.name != "super":
        return None
    from ..graph import METHODS
    from ..resolve import UNRESOLVED

    from ..resolve import EXTERNAL

    method = resolver.g.by_id.get(src)
    cls = resolver._enclosing_class(src) if method is not None and method.kind in METHODS else None
    if cls is None:
        return UNRESOLVED
    found = resolver._member(cls, method.name, skip_self=True)
    if found:
        return found
    if (resolver.g.by_id[cls].kind == "class" and not resolver.g.bases.get(cls)) or _reopened_from_outside(resolver,
                                                                                                       cls):
        return EXTERNAL  # a class with no base of ours: Object's (initialize, method_missing, respond_to?...)
    return resolver._unknown_member(cls, method.name)  # a mixin's: the including class's ancestors decide


def implicit_self(resolver, r, src):
    """A bare ``m`` in a method is ``self.m``: its class's method or a base's or mixin's; else the method of the
    subclasses or the classes including it (``dispatch``: a template method, a mixin); ``new`` in a class method
    builds the class. Where the class has a base from outside (a gem's), a name none of ours defines is that base's
    (external). Capitalized names are constants, not methods: the ``constant`` layer's. A name none of these has is
    unresolved, never a gem's for the file's requiring one (Kernel's builtins aside)."""
    from ..resolve import EXTERNAL, UNRESOLVED

    if r.name[:1].isupper():
        return None
    cls = resolver._enclosing_class(src) or _module_self(resolver, src)
    if cls is None:
        return None
    if r.name == "new":
        return _built(resolver, [cls], "same_file")
    found = resolver._member_or_override(cls, r.name)  # a base's template calling a subclass's, a mixin its class's
    if not _on_class_object(resolver, src, cls):  # an instance method: an extended module's methods are not its
        found = resolver.instance_side(cls, found, r.name)
    if not found.ids and (exposed := _exposed_to_helper(resolver, r)):
        return exposed
    if not found.ids and _reopened_from_outside(resolver, cls):
        return EXTERNAL
    if found.ids or found.resolution == "external" or r.name in BUILTINS:
        return found if found.ids or found.resolution == "external" else None  # Kernel's: the guess says external
    # a top-level def of a required file (a private method of Object); else unknown, though the file requires a gem
    # (that makes no bare name the gem's: a module extended at run time, a DSL block's receiver)
    return resolver._imported(r.path, r.name) or test_framework(resolver, r, src) or UNRESOLVED


def _on_class_object(resolver, src: str, cls: str) -> bool:
    """Whether code runs on the class object: the class body itself, or a method marked ``SINGLETON``."""
    return src == cls or src in resolver.singleton_defs or src not in resolver.g.by_id


# a spec or test file by its name (RSpec's ``x_spec.rb``, Minitest's ``test_x.rb``, rack's ``spec_x.rb``): any other
# file of a test folder is a helper loaded for every spec (``spec/support/*.rb``, and ``spec_helper.rb`` /
# ``test_helper.rb``, whose names fit rack's pattern: RSpec's ``config.include`` is most often written there)
SPEC_FILE = lazy_re(r"(?:^|/)(?:test_|spec_)(?!helper\.rb$)[^/]*\.rb$|_(?:spec|test)\.rb$")


def spec_helpers(resolver, r, src):
    """A bare ``define_model`` in a spec's example (no class around it): the method of a module the spec's top
    level or a ``describe`` block of it includes, else of one a helper file of the same test folder includes for
    every example (RSpec's ``config.include M``; a top-level ``include M`` there is Object's, every object's). A
    ``describe`` block's ``include`` is taken for the whole file: its blocks are no definitions. Not in a block a
    method of ours runs on another object (``mock_app do set :x end``): the example is not its ``self``."""
    from ..discover import is_test_path
    from ..resolve import Found

    if r.name[:1].isupper() or not is_test_path(r.path) or resolver._enclosing_class(src) is not None:
        return None
    mixins = resolver.g.bases.get(f"{r.path}::<module>", []) + _helper_mixins(resolver, _test_root(r.path))
    if mixins and _in_block_run_elsewhere(resolver, r, src):
        return None
    for mixin in mixins:
        found = resolver._member(mixin, r.name)
        if found:
            return Found(found.ids, "inherited")
    return _helper_function(resolver, r)


def _helper_function(resolver, r):
    """A bare ``mock_pry("1")`` in a spec's example: a top-level ``def`` of a helper file of the same test folder
    (pry's ``spec/support/mock_pry.rb``, which its spec_helper requires by a glob, ``Dir['./spec/support/**/*.rb']``,
    and RSpec's ``.rspec`` loads the spec_helper for every spec: no ``require`` the resolver reads reaches it)."""
    from ..resolve import Found

    helpers = _helper_files(resolver, _test_root(r.path))
    ids = [sid for sid in resolver.g.by_name.get(r.name, ()) if resolver.g.by_id[sid].path in helpers
           and resolver.g.by_id[sid].kind == "function" and resolver.g.by_id[sid].qualname == r.name]
    # two helper files defining the name: the first by path, as a full run and an update both list them
    return Found([min(ids, key=lambda sid: resolver.g.by_id[sid].path)], "import") if ids else None


_VIEWS = "app/views/"
_HELPER_FILE = lazy_re(r"^app/helpers/(?:.*/)?\w+_helper\.rb$")


def view_helpers(resolver, r, src):
    """A bare ``divider_tag`` in a Rails view (an ERB or Jbuilder template under ``app/views/``): a public method
    of a module of the application's ``app/helpers/`` (Rails mixes every helper into every view:
    ``include_all_helpers``), the first by the helper file's path. Nothing else's: a partial's local (``story``)
    stays unresolved."""
    from ..resolve import UNRESOLVED, Found

    at = r.path.find(_VIEWS)
    if at < 0 or not r.path.endswith(VIEW_TEMPLATES) or r.name[:1].isupper() or resolver._enclosing_class(src) is not None:
        return None
    if r.name == _partial_local(r.path):  # the partial's own local (`receipt` in `_receipt`) hides a helper's name
        return UNRESOLVED
    for module in _view_helper_modules(resolver, r.path[:at]):
        found = resolver._member(module, r.name)
        if found:
            return Found(found.ids, "inherited")
    return _exposed_method(resolver, r.name, r.path[:at], posixpath.dirname(r.path[at + len(_VIEWS):]))


def _exposed_to_helper(resolver, r):
    """A bare ``current_user`` in a helper module (``app/helpers/``), which Rails mixes into the views, that the
    module and its mixins lack: a controller's method its ``helper_method`` hands the views (``_exposed_method``)."""
    at = r.path.find(_HELPERS)
    if at < 0 or (at and r.path[at - 1] != "/") or not _HELPER_FILE.match(r.path[at:]):
        return None
    return _exposed_method(resolver, r.name, r.path[:at], None)


_HELPERS = "app/helpers/"
_CONTROLLER_FILE = lazy_re(r"^app/controllers/(?:.*/)?\w+_controller\.rb$")


def _exposed_method(resolver, name: str, app: str, folder: str | None):
    """A bare ``current_user`` in a view or a helper of the Rails application at ``app``: a controller's method that
    its ``helper_method :current_user`` hands the views (``EXPOSED``; ``ApplicationController``'s, most often), the
    view's own controller's first (folder ``admin/users`` of ``app/views/``:
    ``app/controllers/admin/users_controller.rb``'s), else those of every controller of the application, ambiguous
    where several are."""
    from ..resolve import Found

    ids = sorted(sid for sid in resolver.g.by_name.get(name, ()) if sid in resolver.exposed
                 and (path := resolver.g.by_id[sid].path).startswith(app) and _CONTROLLER_FILE.match(path[len(app):]))
    own = [sid for sid in ids if resolver.g.by_id[sid].path == f"{app}app/controllers/{folder}_controller.rb"]
    if own or len(ids) == 1:
        return Found(own or ids, "inherited")
    return Found(ids, "ambiguous") if ids else None


def _view_helper_modules(resolver, app: str) -> list[str]:
    """The top-level modules of the helper files of the Rails application at ``app`` (its root folder), by path."""
    cache = _cache(resolver)
    key = ("view helpers", app)
    if key not in cache:
        me = sys.modules[__name__]
        files = sorted(p for p, lang in resolver.supports.items() if lang is me and p.startswith(app)
                       and _HELPER_FILE.match(p[len(app):]))
        cache[key] = [sid for p in files for sid in resolver.g.top.get(p, {}).values()
                      if resolver.g.by_id[sid].kind == "trait"]
    return cache[key]


_TEST_FOLDERS = frozenset({"spec", "test", "tests"})


def _test_root(path: str) -> str:
    """The test folder a spec or a helper belongs to: through its first ``spec`` / ``test`` folder (a monorepo's
    gems each have one: sinatra's ``rack-protection/spec/``, ``sinatra-contrib/spec/``), else its own folder."""
    parts = path.split("/")[:-1]
    end = next((i + 1 for i, part in enumerate(parts) if part in _TEST_FOLDERS), len(parts))
    return "/".join(parts[:end])


def _helper_mixins(resolver, root: str) -> list[str]:
    """The modules the top level of the helper files of test folder ``root`` includes (``config.include M``), by
    path."""
    cache = _cache(resolver)
    key = ("helper mixins", root)
    if key not in cache:
        cache[key] = [m for p in sorted(_helper_files(resolver, root))
                      for m in resolver.g.bases.get(f"{p}::<module>", [])]
    return cache[key]


def _helper_files(resolver, root: str) -> frozenset[str]:
    """The Ruby files of test folder ``root`` that are no spec (``spec_helper.rb``, ``spec/support/*.rb``)."""
    from ..discover import is_test_path

    cache = _cache(resolver)
    key = ("helper files", root)
    if key not in cache:
        me = sys.modules[__name__]
        cache[key] = frozenset(p for p, lang in resolver.supports.items() if lang is me and is_test_path(p)
                               and not SPEC_FILE.search(p) and _test_root(p) == root)
    return cache[key]


def _in_block_run_elsewhere(resolver, r, src: str) -> bool:
    """Whether a block around ``r`` is given to a method of ours that runs it on another object or hands it on
    (``BLOCK_SELF``, ``BLOCK_FORWARD``: ``def mock_app(&block) Sinatra.new(base, &block)``)."""
    from dataclasses import replace

    if not (r.alias or "").startswith(IN_BLOCKS):
        return False
    for call in r.alias[len(IN_BLOCKS):].split(BLOCK_CHAIN):
        if "." in call:
            continue  # ``RSpec.describe``, ``app.get``: a library's, or an object's whose class is not read here
        link = replace(r, name=call, receiver=None, alias=None, kind="call")
        for method in _called_for_certain(resolver, link, src, None) or ():
            sym = resolver.g.by_id[method]
            if any((sym.path, sym.qualname, mark) in resolver.signatures for mark in (BLOCK_SELF, BLOCK_FORWARD)):
                return True
    return False


def _module_self(resolver, src: str) -> str | None:
    """Code in a module's body runs on the module. Where this file's ``module Sinatra`` only holds other modules (a
    namespace), the module is its reopening that has methods (base.rb's, whose ``def self.helpers`` a bare
    ``helpers X`` in the body calls); a class of that name likewise."""
    sym = resolver.g.by_id.get(src)
    if sym is None or sym.kind != "namespace":
        return None
    parts = [i for i in resolver.g.by_name.get(sym.name, ()) if resolver.g.by_id[i].qualname == sym.qualname
             and resolver.g.by_id[i].kind in ("trait", "class")]
    return min(parts) if parts else None


def test_framework(resolver, r, src):
    """``assert_match``, ``be_ok``, ``have_key`` in a test, where nothing of the repository answered: the test
    framework's (external)."""
    from ..discover import is_test_path
    from ..resolve import EXTERNAL

    return EXTERNAL if TEST_NAMES.match(r.name) and is_test_path(r.path) else None


def _reopened_from_outside(resolver, cls: str) -> bool:
    """Whether ``cls`` or a class it inherits from reopens a library's class (``class Minitest::Spec`` with no
    ``Minitest`` defined here, ``class String``): its other methods are the library's."""
    return any(_outside_class(resolver, c) for c, _depth in resolver._linearized(cls) if c in resolver.g.by_id)


def _outside_class(resolver, cls: str) -> bool:
    """Whether ``cls`` reopens a library's class: its outermost name is Ruby's, or neither its file nor the
    repository defines it."""
    sym = resolver.g.by_id[cls]
    head = unsuffixed(sym.qualname).split(".")[0]
    if head in BUILTINS:
        return True
    key = ("outside", head)
    cache = _cache(resolver)
    if key not in cache:
        cache[key] = not _defined_here(resolver, sym.path, head)
    return cache[key] and resolver.g.by_qual.get((sym.path, head)) is None


def _defined_here(resolver, path: str, head: str) -> bool:
    """Whether the repository defines the top-level constant ``head``: a class or module of that name, or a file a
    require would name after it (``lib/rack.rb`` for ``Rack``: a namespace there is found by no name)."""
    if _lookup_constant(resolver, path, "", head)[0]:
        return True
    return bool(resolver.index_of(resolver.supports.get(path)).get(_snake(head)))


def constant(resolver, r, src):
    """A capitalized bare name: the class, module or constant of that name, in the lexical nesting first."""
    if not r.name[:1].isupper():
        return None
    return _found(resolver, r, r.name)


def partial_local(resolver, r, src):
    """``notification.repo_url`` in the partial ``app/views/api/notifications/_notification.json.jbuilder`` (or
    ``_notification.html.erb``): Rails hands a partial its object in the local named after it (``render
    @notifications``, ``json.array! @notifications, partial: .., as: :notification``), an object of the model of
    that name where the application has one (``Notification``): that class's member, not a guess among every
    class's ``repo_url`` and ``state``; Ruby's (an attribute Active Record makes from a column) where the model
    lacks it. No model of that name (``_form``'s ``form``): the other layers."""
    if not r.receiver or r.receiver != _partial_local(r.path) or r.name[:1].isupper():
        return None
    local = r.receiver
    model = "".join(part.capitalize() for part in local.split("_"))
    from dataclasses import replace

    ids, resolution = _constant_ids(resolver, replace(r, src_qualname="<module>"), model)  # the model's global name
    classes = [i for i in ids if resolver.g.by_id[i].kind == "class"] if resolution != "ambiguous" else []
    if not classes:
        return None
    found = next((f for f in (resolver._member(c, r.name) for c in classes) if f), None)
    return _elsewhere(resolver, r, found) if found else _not_a_member(resolver, classes, r.name)


def _partial_local(path: str) -> str | None:
    """The local a Rails view partial is given its object in: ``notification`` in ``app/views/x/_notification.*``
    (an ERB or Jbuilder template); None for any other file."""
    name = posixpath.basename(path)
    if not name.startswith("_") or not path.endswith(VIEW_TEMPLATES) or _VIEWS not in path:
        return None
    local = name[1:].partition(".")[0]
    return local if local.isidentifier() else None


_OWN_CLASS_CONSTANT = "self.class::"


def own_class_constant(resolver, r, src):
    """``self.class::Syncer.new(self)`` in a module a class includes (a Rails concern's way to build its class's own
    collaborator: maybe's ``Syncable`` for ``Account::Syncer``, ``Family::Syncer``): the ``Syncer`` nested in the
    enclosing class, else in each class including the module (``dispatch``, as ``self.m()`` in a mixin finds the
    includers' ``m``), built (its ``initialize``) or asked for the member named. Was unresolved: every such
    ``initialize`` listed as unused."""
    from ..resolve import Found

    if not (r.receiver or "").startswith(_OWN_CLASS_CONSTANT):
        return None
    constant = r.receiver[len(_OWN_CLASS_CONSTANT):]
    cls = resolver._enclosing_class(src)
    if cls is None or not constant.isidentifier() or not constant[:1].isupper():
        return None
    found = resolver._member_or_override(cls, constant)
    classes = [i for i in (found.ids if found else ()) if resolver.g.by_id[i].kind in SCOPE_KINDS]
    if not classes:
        return None
    if r.name == "new" and not _own_new(resolver, classes):
        ids = [i for c in classes for i in [c] + list(getattr(resolver._member(c, "initialize"), "ids", ()))]
        return Found(ids, found.resolution)
    ids = [i for c in classes if (m := resolver._member(c, r.name)) for i in m.ids]
    return Found(ids, found.resolution) if ids else None


def constant_member(resolver, r, src):
    """``Mod::FOO``, ``Shop::Cart``: a constant inside a constant path; ``Foo.new``: a ``Foo`` built (its class and
    its ``initialize``); ``Foo.m``: ``m`` on any of ``Foo``'s definitions (a class reopened in several files)."""
    receiver = receiver_path(r.receiver)
    if not receiver[:1].isupper() or not receiver.replace(".", "").isidentifier():
        return None
    if r.name[:1].isupper():
        return _found(resolver, r, f"{receiver}.{r.name}")
    ids, resolution = _constant_ids(resolver, r, receiver)
    if not ids:
        return _absent(resolver, r, receiver)
    classes = [i for i in ids if resolver.g.by_id[i].kind in SCOPE_KINDS] or _aliased(resolver, ids)
    if not classes or resolution in ("ambiguous",):
        return None
    if r.name == "new" and not _own_new(resolver, classes):
        return _built(resolver, classes, resolution)
    for cls in classes:
        found = resolver._member(cls, r.name)
        if found:
            return _elsewhere(resolver, r, found)
    if r.name == SINGLE_INSTANCE and not r.args and any(resolver.g.by_id[c].kind == "class" for c in classes):
        return _built(resolver, classes, resolution)  # Singleton's accessor builds the one object: its initialize
    return _not_a_member(resolver, classes, r.name)


# ``Config.instance`` without arguments, a class of ours defining no ``instance``: the Singleton module's accessor,
# building the class's one object (mail's ``Configuration.instance`` runs its ``initialize``)
SINGLE_INSTANCE = "instance"


def _own_new(resolver, classes: list[str]) -> bool:
    """Whether ``Mod.new`` calls a module's own ``def self.new`` (Sinatra's): a module builds no object."""
    return all(resolver.g.by_id[c].kind != "class" for c in classes) and any(
        resolver._member(c, "new") for c in classes)


def _aliased(resolver, ids: list[str]) -> list[str]:
    """``FileList = Rake::FileList``: the class one constant stands for (its declared type), else none."""
    if len(ids) != 1 or resolver.g.by_id[ids[0]].kind != "constant":
        return []
    cls = resolver.return_class(ids[0])
    return [cls] if cls and resolver.g.by_id[cls].kind in SCOPE_KINDS else []


def _not_a_member(resolver, classes: list[str], name: str):
    """``Shop.ring`` where Shop and its mixins define no ``ring``: Ruby's where the class reopens a library's or
    has a base from outside, or the name is every object's (``public_send``); else unresolved (made at run time:
    ``define_method``, ``delegate``), never another class's ``ring`` guessed by name: the receiver is known."""
    from ..resolve import EXTERNAL

    if any(_reopened_from_outside(resolver, cls) for cls in classes):
        return EXTERNAL
    return next((f for f in (resolver._unknown_member(cls, name) for cls in classes) if f is EXTERNAL),
                resolver._unknown_member(classes[0], name))


def _elsewhere(resolver, r, found):
    """A member of a class in another file: found through the global constant (``same_package``, as C's linker)."""
    from ..resolve import Found

    if found.resolution != "same_file" or resolver.g.by_id[found.ids[0]].path == r.path:
        return found
    return Found(found.ids, "same_package")


def _built(resolver, classes: list[str], resolution: str):
    """``Foo.new``: the class (a constructor call) and the ``initialize`` it runs, its own or a base's."""
    from ..resolve import Found

    cls = _canonical(resolver, classes)
    init = resolver._member(cls, "initialize")
    return Found([cls] + (init.ids if init else []), "constructor")


def global_name(resolver, r, dotted: str) -> str | None:
    """The one definition a constant (path) names from ``r`` (``resolve.Resolver._named``): a class reopened in
    several files is one of them, its file named after it where one is."""
    if not dotted[:1].isupper():
        return None
    ids, resolution = _constant_ids(resolver, r, dotted)
    return _canonical(resolver, ids) if ids and resolution != "ambiguous" else None


def _found(resolver, r, dotted: str):
    """The ``Found`` of a constant (path) named from ``r``: the file's own definition, else the main one."""
    from ..resolve import Found

    ids, resolution = _constant_ids(resolver, r, dotted)
    if not ids:
        return _absent(resolver, r, dotted)
    if resolution != "ambiguous":  # one constant, maybe reopened in several files: one edge, to its main file
        ids = [i for i in ids if resolver.g.by_id[i].path == r.path][:1] or [_canonical(resolver, ids)]
    return Found(ids, resolution)


def _absent(resolver, r, dotted: str):
    """A constant (path) no definition of the repository bears: a gem's or Ruby's (``Rack::MockRequest`` in sinatra,
    ``JSON``), external; unknown where a file is named after it (a namespace there is found by no name)."""
    from ..resolve import EXTERNAL

    index = resolver.index_of(resolver.supports.get(r.path))
    return None if index.get("/".join(_snake(p) for p in dotted.split("."))) else EXTERNAL


def _cache(resolver) -> dict:
    """This run's memo of constant look-ups, classes and spec helpers (``Resolver.lang_state``), by key."""
    return resolver.lang_state.setdefault("ruby", {})


def _constant_ids(resolver, r, dotted: str) -> tuple[list[str], str | None]:
    """The Ruby definitions a constant path names from ``r``'s scope: ``X`` inside ``Shop::Cart#add`` is
    ``Shop.Cart.X``, else ``Shop.X``, else ``X`` (``same_file`` / ``same_package``, every file reopening it); with
    none of these, the definitions whose qualified name ends so (``unique_name`` when they are one constant, else
    ``ambiguous``)."""
    cache = _cache(resolver)
    scope = "" if r.src_qualname == "<module>" else unsuffixed(r.src_qualname)
    key = (r.path, scope, dotted)
    found = cache.get(key)
    if found is None:
        found = cache[key] = _lookup_constant(resolver, r.path, scope, dotted)
    return found


def _lookup_constant(resolver, path: str, scope: str, dotted: str) -> tuple[list[str], str | None]:
    """``_constant_ids`` uncached: the Ruby definitions of the last name, by qualified name, nesting outwards."""
    g, me = resolver.g, sys.modules[__name__]
    by_qual: dict[str, list[str]] = defaultdict(list)
    for i in g.by_name.get(dotted.rpartition(".")[2], ()):
        sym = g.by_id[i]
        if sym.kind in CONSTANT_KINDS and resolver.supports.get(sym.path) is me:
            by_qual[unsuffixed(sym.qualname)].append(i)
    parts = scope.split(".") if scope else []
    for depth in range(len(parts), -1, -1):
        ids = by_qual.get(".".join(parts[:depth] + [dotted]))
        if ids:
            return ids, "same_file" if any(g.by_id[i].path == path for i in ids) else "same_package"
    if dotted.partition(".")[0] in BUILTINS:
        return [], None  # File outside Shop::Receipt is Ruby's ::File, never a nested Shop::Receipt::File
    ending = {q: ids for q, ids in by_qual.items() if q.endswith("." + dotted)}
    if not ending:
        return [], None
    ids = [i for q in sorted(ending) for i in ending[q]]
    return ids, "unique_name" if len(ending) == 1 else "ambiguous"


def _canonical(resolver, ids: list[str]) -> str:
    """Of a constant's definitions (a class reopened in several files), the one in the file named after it
    (``Shop.CartItem`` in ``.../shop/cart_item.rb``), else the first by path."""
    def named_after(sid: str) -> bool:
        sym = resolver.g.by_id[sid]
        snake = "/".join(_snake(p) for p in unsuffixed(sym.qualname).split("."))
        return sym.path[:-3].endswith(snake)

    return next((i for i in sorted(ids, key=lambda i: resolver.g.by_id[i].path) if named_after(i)), min(
        ids, key=lambda i: resolver.g.by_id[i].path))


def _snake(name: str) -> str:
    """``CartItem`` -> ``cart_item``, ``HTTPServer`` -> ``http_server``: the file name Ruby's convention gives."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", name).lower()


# -- ancestors ----------------------------------------------------------------------------------------------------
def linearize(resolver, cls: str) -> list[tuple[str, int]]:
    """Ruby's ancestors of ``cls`` (``resolve.Resolver._linearized``), each with its depth: the class and its
    reopenings, then the modules they mix in, the last ``include`` first (Ruby inserts each right above the class),
    then the superclass's ancestors. An included module brings what its ``self.included`` hook mixes into the
    includer before itself: the hook runs after the module is in, so its modules sit above the class, below the
    module (``_included``)."""
    parts = [cls] + (resolver._parts(cls) if cls in resolver.g.by_id else [])
    bases = [b for p in parts for b in resolver.g.bases.get(p, ()) if b in resolver.g.by_id]
    supers = [b for b in bases if resolver.g.by_id[b].kind == "class"]
    out, seen = [(p, 0) for p in parts], set(parts)
    for module in reversed([b for b in bases if b not in supers]):
        for c, depth in _included(resolver, module):
            if c not in seen:
                seen.add(c)
                out.append((c, depth + 1))
    for base in supers:
        for c, depth in resolver._linearized(base):
            if c not in seen:
                seen.add(c)
                out.append((c, depth + 1))
    return out


def _included(resolver, module: str) -> list[tuple[str, int]]:
    """A module's ancestors as an includer sees them: where it has an ``included`` hook, the modules it mixes in come
    before it (the hook's ``base.include X``: the graph records them as the module's bases, unmarked, so a module
    with a hook and a plain ``include`` of its own is read as if the hook included both)."""
    order = resolver._linearized(module)
    if "included" not in resolver.g.members.get(module, {}):
        return order
    hooked = [(c, depth) for c, depth in order if depth > 0]
    return hooked + [(module, 0)]
