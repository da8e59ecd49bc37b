"""JavaScript / TypeScript / TSX imports: relative paths with or without extension, index files, re-exports,
default exports, CommonJS ``require``, tsconfig.json ``compilerOptions.baseUrl`` / ``paths``, and the packages of a
monorepo imported by their package.json ``name``."""

from __future__ import annotations

import json
import posixpath
import re
from bisect import bisect_right
from functools import lru_cache
from operator import itemgetter
from pathlib import Path
from typing import Callable, NamedTuple
from weakref import WeakKeyDictionary

from pipeline.safeio import read_config

from ..discover import is_test_path
from ..lazyre import lazy_re
from ..parse import BARE_CALL_ONLY, BASE_OF, MADE, _parent
from . import (ANY_KEY, QuotedTemplate, alias_form, call_head, entry_reason_with, keyword_rule, kinds_of,
               no_package_scope, of_kind, quoted_template, settle_templates, split_outside, with_entries)
from .typescript_repairs import repairs  # noqa: F401 - the parser's hook: TypeScript the grammar cannot read
from .svelte_template import markup_view as svelte_markup
from .vue_template import markup_view as vue_markup

GROUP = "javascript"
LOCAL_DEFINITIONS_SCOPED = True  # a function or class declared in a function's body is seen in that body only
# a callback handed to a library's function (test("x", (t) => ..), app.get("/", (req, res) => ..) with app =
# express()) is given that library's objects (Python's map, sorted, reduce, an executor's map give it ours)
LIBRARY_CALLBACK_OBJECTS = True
UNNAMED_DEFAULT_IS_MODULE = True  # export default { a, b }: the default import's members are the module's own
ARITY = True  # TypeScript overload signatures are told apart by their arguments
PARAMETER_FLOW = True  # run(cb) { cb() }: what run's callers pass for cb is what cb() calls
OBJECT_MEMBERS_PASSED = True  # run(opts) { opts.onDone() }: what run's callers pass as the object's onDone
# `export * from "./schemas"` passes on what schemas.ts exports, not what it imports for itself (`import * as parse
# from "./parse"` there is no `parse` of the importers': zod's `z.parse()`)
STAR_PASSES_IMPORTS = False
# `import * as z from "zod/v3"`: where no class the file imports has a guessed method, the classes of the modules that
# barrel passes on (`export * from "./types"`, `export * as core from "../core"`) are the ones the file's untyped values
# may be, over zod/v4's same-named `parse`
VISIBLE_THROUGH_STARS = True
# `this._def.innerType._parse(input)` on an unknown value: the base's `ZodType._parse` its 35 subclasses override, not
# the eight of them nearest by name (the dispatch edges reach each)
GUESS_OVERRIDDEN = True
# argument.name() on an untyped value: of the classes having name(), Argument's (resolve.py ``_owner_named``)
RECEIVER_NAMES_OWNER = True
# Host objects: ``console.log()`` is never a method of the repository (no global guess for them).
EXTERNAL_RECEIVERS = frozenset({"console", "window", "document", "process", "globalThis", "navigator", "location",
                                "localStorage", "sessionStorage", "performance", "history",
                                # the test runners' globals: jest.fn(), vi.spyOn(), it.skip(), describe.each()
                                "jest", "vi", "it", "describe", "expect", "test",
                                # jQuery's (BUILTINS): $.ajax(..), jQuery.extend(..)
                                "$", "jQuery"})
# ``module_keys`` reads the paths and the package.json files above them, nothing of a file's text: an update that
# names no package.json (a resolution config: naming one moves the configs) keeps the lake's module index
MODULE_KEYS_FROM_CONFIGS = True
EXTENSIONS = (".d.ts", ".tsx", ".ts", ".mts", ".cts", ".jsx", ".js", ".mjs", ".cjs", ".vue", ".svelte")
# Globals of the language, browsers, Node and test runners: a bare call of one is not the repository's.
BUILTINS = frozenset({
    "require", "setTimeout", "setInterval", "clearTimeout", "clearInterval", "setImmediate", "clearImmediate",
    "queueMicrotask", "structuredClone", "parseInt", "parseFloat", "isNaN", "isFinite", "encodeURIComponent",
    "decodeURIComponent", "encodeURI", "decodeURI", "escape", "unescape", "eval", "fetch", "atob", "btoa", "alert",
    "Object", "Array", "String", "Number", "Boolean", "Symbol", "BigInt", "Date", "RegExp", "Error", "TypeError",
    "RangeError", "SyntaxError", "ReferenceError", "Promise", "Map", "Set", "WeakMap", "WeakSet", "WeakRef", "Proxy",
    "Reflect", "JSON", "Math", "Intl", "URL", "URLSearchParams", "Headers", "Request", "Response", "FormData", "Blob",
    "File", "ReadableStream", "WritableStream", "TransformStream", "TextEncoder", "TextDecoder", "AbortController",
    "Event", "EventTarget", "CustomEvent", "Buffer", "Uint8Array", "ArrayBuffer", "DataView", "Function",
    "describe", "it", "test", "expect", "beforeEach", "afterEach", "beforeAll", "afterAll", "vi", "jest",
    "Record", "Partial", "Required", "Readonly", "Pick", "Omit", "Exclude", "Extract", "NonNullable", "ReturnType",
    "Parameters", "InstanceType", "Awaited", "PromiseLike", "Iterable", "AsyncIterable", "Iterator", "ArrayLike",
    # jQuery's globals, which a page's script tag or a bundler's ProvidePlugin gives (codimd's front end: 555 calls
    # `$(..)`, `$.ajax(..)` unresolved; `/* eslint-env jquery */` says so); a file's own or imported `$` comes first
    "$", "jQuery"})

# Globals of test runners (mocha's bdd and tdd interfaces, jasmine, vitest's type tests) in a test file only: elsewhere
# a script's own ``setup()`` or ``after()`` may be another script's function.
TEST_BUILTINS = frozenset({"before", "after", "context", "suite", "setup", "teardown", "suiteSetup", "suiteTeardown",
                           "xit", "xdescribe", "xtest", "fit", "fdescribe", "fail", "pending", "spyOn", "jasmine",
                           "expectTypeOf", "assertType"})

# Methods of arrays, strings, maps, sets, promises, functions and objects.
BUILTIN_METHODS = frozenset({
    "push", "pop", "shift", "unshift", "map", "filter", "reduce", "reduceRight", "forEach", "find", "findIndex",
    "findLast", "some", "every", "includes", "indexOf", "lastIndexOf", "slice", "splice", "join", "split", "concat",
    "flat", "flatMap", "sort", "reverse", "fill", "at", "replace", "replaceAll", "trim", "trimStart", "trimEnd",
    "match", "matchAll", "test", "exec", "startsWith", "endsWith", "toLowerCase", "toUpperCase", "padStart", "padEnd",
    "charAt", "charCodeAt", "substring", "substr", "repeat", "then", "catch", "finally", "get", "set", "has",
    "delete", "clear", "add", "keys", "values", "entries", "toString", "toJSON", "valueOf", "call", "apply", "bind",
    "hasOwnProperty", "localeCompare", "normalize", "search", "toFixed", "json", "text", "arrayBuffer", "blob",
    "append", "getReader", "write", "end", "on", "once", "emit", "off", "removeListener", "addEventListener",
    "removeEventListener", "next", "return", "throw", "toLocaleLowerCase", "toLocaleUpperCase", "toLocaleString",
    "codePointAt", "findLastIndex", "toSorted", "toReversed", "toSpliced", "getTime", "toISOString",
    # the web platform's streams, sockets, requests and responses (a server's listen or send is often the
    # repository's own: express)
    "formData", "clone", "cancel", "close", "enqueue", "releaseLock", "pipeTo", "pipeThrough", "tee", "abort"})
# Of those, the ones a string, a promise or a set answers on nearly every untyped value (`input.data.trim()`,
# `result.then(..)`, `traits.has(..)`): the one visible class bearing the name (a schema builder's `ZodString.trim`,
# an interface's `then` field) is guessed only where the receiver names it (`registry.has()`: `Registry.has`)
BUILTIN_GUESS_NAMED_METHODS = frozenset({
    "includes", "trim", "trimStart", "trimEnd", "startsWith", "endsWith", "toLowerCase", "toUpperCase", "padStart",
    "padEnd", "then", "catch", "finally", "has", "keys", "values", "entries", "toString", "match"})

# ...and one called on a value of unknown type (a library callback's parameter: `transform(code, id)`'s `code.replace`,
# `id.startsWith`) is the language's or a library's where no definition of the repository bears the name: external
UNOWNED_BUILTINS_EXTERNAL = True

# `this.step({ task: () => this.commit() })` in a method: an arrow function under a key sees the method's `this`
# (resolve's ``lexical_key_this``; the object literal's own functions are still found first)
LEXICAL_KEY_THIS = True

# Methods of strings and arrays whose result is again a string or an array (``s.trim().split(",")``,
# ``xs.map(f).filter(g)``, ``s.split("\\n").map(..).join("\\n")``): a builtin method called on such a result is the
# language's. ``keys`` / ``values`` / ``entries`` are left out: a repository's own store may have them.
_BUILTIN_RESULT_METHODS = frozenset({
    "map", "filter", "slice", "concat", "flat", "flatMap", "sort", "reverse", "toSorted", "toReversed", "split",
    "trim", "trimStart", "trimEnd", "replace", "replaceAll", "toLowerCase", "toUpperCase", "padStart", "padEnd",
    "join", "substring", "substr", "repeat", "charAt", "normalize", "toFixed"})
_CALLED_NAME = lazy_re(r"\.\s*([A-Za-z_$][\w$]*)\s*$")  # what precedes a call's arguments: .map
# (xs || []), (tags ??= []), (name ?? 'unknown'), ([a, b] as Output[]), (await Promise.all(jobs)): an array or a string
_FALLBACK_LITERAL = lazy_re(r"^\((?:.*(?:\|\||\?\?=?)\s*(?:\[\s*\]|'[^']*'|\"[^\"]*\"|`[^`]*`)\s*|\s*\[.*\]\s+as\s+[\w$.<>]+\[\]\s*|"
                            r"\s*await\s+Promise\.(?:all|allSettled)\(.*\)\s*)\)$", re.S)

_LONGEST_VALUE = 2000  # a receiver longer than this (a whole callback written inline) is read as no such value
_OPERAND = r"(?:[^()]|\((?:[^()]|\([^()]*\))*\))*"  # what stands beside an operator: a name, a call (two levels)
# (performance.now() - start), (ms * 1000), (time.toFixed(2) + `ms`), ('v' + version): a number or a string
_ARITHMETIC = lazy_re(r"^\(" + _OPERAND + r"(?:\s[-*/%]\s|\+\s*['\"`]|['\"`]\s*\+)" + _OPERAND + r"\)$", re.S)


def builtin_value(receiver: str) -> bool:
    """Whether ``receiver`` as written is a string or an array (a builtin method then called on it is the
    language's, whatever the repository defines by that name): the result of a string or array method that gives one
    again (``x.trim()``, ``deps.map(f)``), or a parenthesized value falling back on an empty literal (``(xs ||
    [])``), a cast array literal, an awaited ``Promise.all``. A method of a repository's type answers before this, where
    the receiver's type is known."""
    if len(receiver) > _LONGEST_VALUE:
        return False
    callee = call_head(receiver)
    if callee is not None and (m := _CALLED_NAME.search(callee)) and m.group(1) in _BUILTIN_RESULT_METHODS:
        return True
    return _FALLBACK_LITERAL.match(receiver) is not None or _ARITHMETIC.match(receiver) is not None


# Lexical scope: a parameter or variable named like a function of the file is that variable there
# (``function match(path, match) { run(match) }``), never the function.
LOCALS_SHADOW = True
MEMBERS_ASSIGNED = True  # const internals = {}; internals.f = function () {..}: internals.f() is that function
CONSTRUCTOR_METHOD = "constructor"  # new Runner({ onDone(r) {..} }): Runner's constructor types onDone's r
CONSTRUCTOR_FUNCTIONS = True  # function Request() {} with Request.prototype.m = ..: new Request() is a Request


_PASSED_CALLEES = frozenset({"identifier", "member_expression"})  # describe(..), app.get(..); not f()(..), a[0](..)


def passed_argument(literal) -> tuple | None:
    """The call a literal captured ``@passed.fn`` is passed to, as (its callee's nodes, the argument): a function
    (``describe("x", (t) => ..)``), an object whose members are functions (``run({ onDone(r) {..} })``, also to a
    ``new``), or such an object one level down, under a key (``run({ hooks: { onDone(r) {..} } })``) or in a list
    there (``run({ plugins: [{ setup(c) {..} }] })``), the argument then the outer object. queries/typescript.scm's
    ``@passed.name`` patterns are rooted at the literal: rooted at every call, each kept its alternatives alive
    through the call's whole subtree, a fifth of a file's matching."""
    argument, constructs = literal, literal.type == "object"
    parent = _parent(literal)
    if constructs and parent is not None and parent.type in ("pair", "array"):
        pair = _parent(parent) if parent.type == "array" else parent
        if pair is None or pair.type != "pair" or pair.child_by_field_name("key").type != "property_identifier":
            return None
        argument, constructs = _parent(pair), False
        parent = _parent(argument) if argument.type == "object" else None
    call = _parent(parent) if parent is not None and parent.type == "arguments" else None
    if call is None or call.type not in ("call_expression", "new_expression"):
        return None
    callee = call.child_by_field_name("function" if call.type == "call_expression" else "constructor")
    if callee is None or callee.type not in _PASSED_CALLEES or (call.type == "new_expression" and not constructs):
        return None
    return [callee], argument


def constructor_name(name: str) -> bool:
    """A top-level function so named builds objects with ``new`` where its body assigns ``this.x`` (ES5's
    ``function Layer(fn) { this.handle = fn }``): the name is capitalized, as the language's convention writes a
    constructor's; a lowercase function assigning ``this.x`` is a method borrowed by an object (``app.init = init``)
    or a mixin, whose ``this`` is not what it builds."""
    return name[:1].isupper()
MERGED_DECLARATIONS = True  # interface Box beside class Box in one file: one type (TypeScript's declaration merging)
NEAREST_TWIN = True  # class Box in each test's callback: a use is of the one declared last before it
# an exported class's or interface's public methods and fields are its module's API (a library's users call them)
MEMBERS_EXPORTED = True
# a TypeScript interface or type alias is no value: `fruitEnum.parse(x)` reads the const beside `type fruitEnum`
TYPE_ONLY_KINDS = frozenset({"interface", "type"})


# Methods the language runs itself, never called by name: ``new C()`` runs C's constructor, ``JSON.stringify`` a
# ``toJSON``, string and number conversion ``toString`` / ``valueOf``, ``await`` a thenable's ``then``.
RUNTIME_METHODS = {"constructor": "run by new", "toJSON": "run by JSON.stringify", "toString": "run by conversion",
                   "valueOf": "run by conversion", "then": "run by await"}


_EVENT_PROPERTY = lazy_re(r"^on[a-z]+$")  # request.onabort = ..., worker.onmessage = ...: the host runs it


def _runtime_method(name: str, kind: str, parent: str | None) -> str | None:
    if kind not in ("method", "function") or parent is None:
        return None
    return RUNTIME_METHODS.get(name) or ("an event handler the host runs" if _EVENT_PROPERTY.match(name) else None)


_entry_reason = entry_reason_with(frozenset({MADE}), _runtime_method)  # (MADE: a mark for guesses, no registration)
_AUGMENTS = "<augments "  # queries/typescript.scm: `declare module '../vanilla' { interface I }`, as a decorator


def entry_reason(name: str, kind: str, parent: str | None, decorators: tuple) -> str | None:
    """An interface augmenting another module's is read wherever that module's is (TypeScript merges the two), though
    nothing names this declaration; else the default rules."""
    augmented = next((d[len(_AUGMENTS):-1] for d in decorators if d.startswith(_AUGMENTS)), None)
    if augmented:
        return f"augments module {augmented}: read wherever that module's {name} is"
    return _entry_reason(name, kind, parent, decorators)

_SOURCE = r"\.(?:[cm]?[jt]sx?)$"
# files a framework routes by their place, importing their exports (the page, its data loaders, a route's handlers):
# (the framework, the packages one of which a package.json above must depend on, the file pattern)
ROUTED_FILES = (
    ("Next.js", ("next",), lazy_re(
        r"(?:^|/)app/(?:.*/)?(?:page|layout|template|loading|error|global-error|not-found|forbidden|unauthorized|"
        r"default|route|opengraph-image|twitter-image|icon|apple-icon|sitemap|robots|manifest)" + _SOURCE)),
    ("Next.js", ("next",), lazy_re(r"(?:^|/)pages/(?:.*/)?[^/_][^/]*" + _SOURCE + r"|(?:^|/)pages/_(?:app|document)"
                                   + _SOURCE)),
    ("Next.js", ("next",), lazy_re(r"(?:^|/)(?:src/)?(?:middleware|instrumentation)\.[jt]s$")),
    # SvelteKit's route files (`+page.js`'s `load`, `+page.server.js`'s `load` and `actions`, a `+server.js`'s `GET`)
    # and its hooks (`src/hooks.server.js`'s `handle`) and param matchers (`src/params/slug.js`'s `match`): sveltejs/
    # realworld's 23 rows at 0.6, every `load` and form action of the app
    ("SvelteKit", ("@sveltejs/kit",), lazy_re(
        r"(?:^|/)src/routes/(?:.*/)?\+(?:page|layout|server)(?:\.server)?" + _SOURCE
        + r"|(?:^|/)src/(?:hooks(?:\.server|\.client)?|params/[^/]+)" + _SOURCE)),
    ("Remix", ("@remix-run/react", "@remix-run/node", "@react-router/dev"),
     lazy_re(r"(?:^|/)app/(?:root|entry\.client|entry\.server|routes/.+)" + _SOURCE)),
    # a component story file (CSF): Storybook imports its default export and its named stories, and runs a story's
    # `render` (bulletproof-react's `export const Demo: Story = { render: () => <DialogDemo /> }`)
    ("Storybook", ("storybook", "@storybook/react", "@storybook/vue3", "@storybook/svelte", "@storybook/angular",
                   "@storybook/html", "@storybook/web-components"), lazy_re(r"\.stories" + _SOURCE)),
    # a migration tool runs each file of its migrations (and seeders) folder through the `up` / `down` it exports
    # (codimd's lib/migrations: `module.exports = { up: function (queryInterface, Sequelize) {..}, down: .. }`, 42
    # entries dead at 0.6; knex's `exports.up = function (knex) {..}`)
    ("sequelize-cli", ("sequelize-cli", "umzug"), lazy_re(r"(?:^|/)(?:migrations|seeders)/[^/]+\.[cm]?[jt]s$")),
    ("knex", ("knex",), lazy_re(r"(?:^|/)(?:migrations|seeds)/[^/]+\.[cm]?[jt]s$")),
    # Fastify's autoload registers each file under the `plugins` and `routes` folders its app names (fastify-cli's
    # `fastify generate` layout: `fastify.register(AutoLoad, { dir: path.join(__dirname, 'routes') })`), through
    # the plugin function each exports (fastify-cli's templates' six routes: dead at 0.6)
    ("@fastify/autoload", ("@fastify/autoload", "fastify-autoload"),
     lazy_re(r"^(?=[^\n]*\.[cm]?[jt]s$)(?:[^\n]*/)?(?:plugins|routes)/")),  # linear: one start, a look-ahead
)
# a tool's configuration file, loaded by its name from the package's folder (or the repository's), and each function
# under an object's key there, which the tool or a loader it configures calls (tailwind.config.js's `theme: { extend:
# { width: (theme) => .. } }`, a loader's `options: { plugins: () => [..] }`: 0.6-0.7): `.babelrc.js`'s
# `module.exports = function (api) {..}` babel calls, `plopfile.cjs`'s `module.exports = function (plop)` (yup's,
# bulletproof-react's: dead at 0.6), `webpack.config.js`'s `module.exports = (env) => ..`, a Gruntfile; Karma's and
# Protractor's `karma.conf.js` / `protractor.conf.js`, Storybook's `.storybook/main.js` (jira-clone-angular's: 0.6)
_TOOL_CONFIG = lazy_re(r"(?:^|/)(?:[\w-]+(?:\.[\w-]+)*\.config|\.[\w-]+rc|plopfile|gulpfile|[Gg]runtfile|jakefile"
                       r"|[\w-]+\.conf|\.storybook/(?:main|preview|manager))\.[cm]?[jt]s$")
# the exported objects of a routed file whose methods the framework calls by their keys (SvelteKit's form actions,
# `export const actions = { default: async (..) => .., login: .. }`: 0.5-0.6 as an object's methods)
_ROUTED_MEMBERS = {"SvelteKit": frozenset({"actions"})}
# how each framework of ROUTED_FILES takes a file's exports (the others route it)
_TAKES = {"SvelteKit": "loads", "Storybook": "loads", "sequelize-cli": "runs", "knex": "runs",
          "@fastify/autoload": "registers"}


COMPONENTS = (".vue", ".svelte")  # single-file components: their template uses what their script defines


def markup_view(path: str, data: bytes) -> bytes | None:
    """The parser's hook: a Vue component's template, or a Svelte component's markup, written as the code it runs
    beside its scripts (``vue_template``, ``svelte_template``); None for another file."""
    return vue_markup(path, data) if path.endswith(".vue") else svelte_markup(path, data)


def file_entries(path: str, defs: list, root) -> list:
    """The exported top-level definitions of a file a web framework routes (``app/blog/page.tsx``'s page and its
    ``generateMetadata``, a ``route.ts``'s ``GET``): the framework imports them, nothing in the repository does.
    Only where a package.json above the file depends on the framework (a plain ``pages/`` folder is no route). Every
    top-level definition of a Vue or Svelte component: its template (not indexed) may use it."""
    if path.endswith(COMPONENTS):
        reason = "a component's script: its template (not indexed) may use it"
        return with_entries(defs, lambda d: reason if d.parent is None else None)
    defs = _angular_view_members(path, defs, root) if root else defs
    if declaration_only(path):
        defs = with_entries(defs, _runtime_global)
    if _TOOL_CONFIG.search(path):
        reason = "a tool loads this configuration file by its name: it runs what the file exports"
        return with_entries(defs, lambda d: reason if d.exported and d.parent is None or d.kind == "method" else None)
    framework = next((name for name, packages, pattern in ROUTED_FILES
                      if pattern.search(path) and _depends_on(root, path, packages)), None) if root else None
    if framework is None:
        return defs
    reason = f"{framework} {_TAKES.get(framework, 'routes')} this file: the framework imports its exports"
    members = _ROUTED_MEMBERS.get(framework, ())
    return with_entries(defs, lambda d: reason if d.exported and d.parent is None
                        or d.kind == "method" and d.parent in members else None)


# Angular's component and directive classes (registered by their decorator): Angular runs their lifecycle hooks, and
# a component's template, inline (`template: `..``) or in the file its `templateUrl` names, reads its members by name
# (`(click)="toggleFavorite()"`, `[disabled]="isSubmitting"`): four components' handlers were dead at 0.6
_VIEW_CLASSES = frozenset({"decorator @Component", "decorator @Directive"})
_LIFECYCLE_HOOKS = frozenset({"ngOnChanges", "ngOnInit", "ngDoCheck", "ngAfterContentInit", "ngAfterContentChecked",
                              "ngAfterViewInit", "ngAfterViewChecked", "ngOnDestroy"})
_TEMPLATE_WORD = lazy_re(r"[A-Za-z_$][\w$]*")
_TEMPLATE_BYTES = 1 << 20


class ViewTemplates(NamedTuple):
    """The words a file's Angular templates write, and where they were read (for the entry's reason)."""

    words: frozenset
    where: str


def _angular_view_members(path: str, defs: list, root) -> list:
    """A member of a component or directive class that Angular runs (a lifecycle hook) or that a template of its file
    names is an entry: the framework reads it, nothing in the code does. A member no template names stays as it was
    (a handler no template binds is still dead)."""
    views = {d.qualname for d in defs if d.parent is None and d.entry_reason in _VIEW_CLASSES}
    if not views:
        return defs
    templates = _view_templates(path, root)

    def reason(d) -> str | None:
        if d.parent not in views:
            return None
        if d.name in _LIFECYCLE_HOOKS:
            return "Angular runs this lifecycle hook"
        return f"named in its Angular template ({templates.where})" if d.name in templates.words else None

    return with_entries(defs, reason)


def _view_templates(path: str, root) -> ViewTemplates:
    """The words of the templates a file's decorators give: each ``template:`` string, each ``templateUrl:`` file
    (relative to the file's folder, read inside the repository only)."""
    data = read_config(root, path, _TEMPLATE_BYTES)
    text = data.decode("utf-8", "replace") if data else ""
    texts, where = [], []
    for key, value in _template_values(text):
        if key == "template":
            texts.append(value)
            where.append("inline")
            continue
        rel = posixpath.normpath(posixpath.join(posixpath.dirname(path), value))
        html = read_config(root, rel, _TEMPLATE_BYTES) if not rel.startswith("../") else None
        if html is not None:
            texts.append(html.decode("utf-8", "replace"))
            where.append(rel)
    words = frozenset(m.group(0) for t in texts for m in _TEMPLATE_WORD.finditer(t))
    return ViewTemplates(words, ", ".join(where))


def _template_values(text: str):
    """(key, quoted value) of each ``template:`` / ``templateUrl:`` key written with a string (a backquoted, single
    or double quoted one, up to its closing quote); a scan of string finds, linear in the text."""
    at = text.find("template")
    while at != -1:
        end = at + len("template")
        key = "templateUrl" if text.startswith("Url", end) else "template"
        end += len(key) - len("template")
        colon = _past_spaces(text, end)
        quote_at = _past_spaces(text, colon + 1) if text.startswith(":", colon) else -1
        quote = text[quote_at] if 0 <= quote_at < len(text) else ""
        close = text.find(quote, quote_at + 1) if quote in ("`", "'", '"') else -1
        if close != -1 and (at == 0 or not (text[at - 1].isalnum() or text[at - 1] in "_$")):
            yield key, text[quote_at + 1:close]
            end = close
        at = text.find("template", end)


def _past_spaces(text: str, at: int) -> int:
    while at < len(text) and text[at] in " \t\r\n":
        at += 1
    return at


def _runtime_global(d) -> str | None:
    """A declaration file's ``declare namespace Reflect { function getMetadata(..) }`` (type-graphql's copy of
    reflect-metadata's types) adds to a global the runtime defines: ``Reflect.getMetadata()`` is a call of the
    runtime's (external), never an edge to this declaration, which is still what the code calls."""
    top = d.qualname.split(".", 1)[0]
    return f"declares the runtime's global {top}: its calls are the runtime's" if top in BUILTINS and top[:1].isupper() \
        else None


def _depends_on(root, path: str, packages: tuple) -> bool:
    """Whether a package.json in the file's folder or one above it depends on one of ``packages``."""
    return any(p in _dependencies(str(root), folder) for folder in _folders_up(posixpath.dirname(path))
               for p in packages)


def _folders_up(folder: str):
    """``folder``, then each folder above it, the repository's root (``""``) last: where the nearest package.json,
    tsconfig.json or jsconfig.json is looked for."""
    while True:
        yield folder
        if not folder:
            return
        folder = posixpath.dirname(folder)


# JavaScript's template literal interpolation: ${...}
_JS_TEMPLATE = QuotedTemplate("+", "`", lazy_re(r"\$\{[^}]*\}"))


def member_template(text: str) -> str | None:
    """```when${name}```, ``'handle' + type``, ```${prefix}Changed``` -> ``when*``, ``handle*``, ``*Changed``."""
    return quoted_template(text, _JS_TEMPLATE)


def settle_references(raw_refs: list) -> list:
    """``const { a } = lib``, ``const m = lib``, ``const f = lib.a`` (``import.via``, the last two ``import.rename``):
    imports of the module ``lib`` holds where the file requires it into ``lib`` (``const lib = require("./lib")``);
    any other object taken apart is no import. A variable that renames (``var basename = path.basename``) stays a
    variable of the file where the module is a package's (``path``): only a file of the repository's, required by a
    relative path, makes it an import of that file's definition. A member named by a template takes its pattern
    (``this[`when${name}`]()``: ``when*``, ``langs.settle_templates``); one named by a key the code does not spell
    (``this[stmt.type](stmt)``, ``ERROR_DEFINITIONS[code](ctx)``) any member of its receiver (``ANY_KEY``)."""
    raw_refs = settle_templates(raw_refs, member_template, unknown=ANY_KEY)
    kinds = kinds_of(raw_refs)
    for wanted, step in _SETTLING:  # (each step only where the file has its kinds: most have none of them)
        if wanted(kinds, raw_refs):
            raw_refs = step(raw_refs)
            kinds = kinds_of(raw_refs)
    if "import.via" not in kinds and "import.rename" not in kinds:
        return raw_refs
    via = of_kind(raw_refs, "import.via", "import.rename")
    required = {r.alias: r.module for r in raw_refs if r.kind == "import" and r.name == "*" and r.alias and r.module}
    kept = [r._replace(kind="import", module=required[r.module]) for r in via if r.module in required
            and (r.kind == "import.via" or required[r.module].startswith("."))]
    return [r for r in raw_refs if r.kind not in ("import.via", "import.rename")] + kept


def _without_unnamed_default(raw_refs: list) -> list:
    """``var proto = module.exports = function () {..}``: the module's default export is ``proto`` (the variable's
    pattern), not the ``exports`` ecma.scm names a function without a name of its own (which
    ``_without_named_exports_function`` drops there)."""
    defaults = [r for r in raw_refs if r.kind == "reexport" and r.alias == "default" and r.module is None]
    if len(defaults) < 2 or not any(r.name == "exports" for r in defaults):
        return raw_refs
    return [r for r in raw_refs if r.kind != "reexport" or r.alias != "default" or r.name != "exports"]


def _receivers_asserted(_kinds: set, raw_refs: list) -> bool:
    """Whether a receiver is written with a non-null assertion (``_without_non_null``): one scan in C."""
    return "!" in "\n".join(filter(None, map(_RECEIVER, raw_refs)))


_RECEIVER = itemgetter(3)  # a raw reference's receiver (parse.RawRef)


def _kinds_wanted(*wanted: str) -> Callable[[set, list], bool]:
    return lambda kinds, _raw_refs: not kinds.isdisjoint(wanted)


_NON_NULL = lazy_re(r"(?<=[\w$\])])!(?=[.\[]|$)")  # storage!.getItem(), this.opts!.fetch!(): the value itself


def _without_non_null(raw_refs: list) -> list:
    """A receiver written with TypeScript's non-null assertion (``storage!``) is the variable it asserts: what the
    scope binds ``storage`` to types it (no variable is named ``storage!``)."""
    return [r._replace(receiver=_NON_NULL.sub("", r.receiver)) if r.receiver and "!" in r.receiver else r
            for r in raw_refs]


_ELEMENT_OF_DECLARED = ("type.field", "type.return", "type.variable")  # a declared type's forms (resolve.py's)
# a property's primitive type (queries/typescript.scm) as the builtin wrapper whose methods its values have
_PRIMITIVE_WRAPPERS = {"number": "Number", "string": "String", "boolean": "Boolean", "bigint": "BigInt",
                       "symbol": "Symbol"}
_OPAQUE_PRIMITIVES = frozenset({"any", "unknown", "object", "void", "never", "undefined", "null"})
# what a property declared so holds is never called (resolve.py ``_callable_guesses``)
VALUE_TYPES = frozenset({*_PRIMITIVE_WRAPPERS.values(), "Array"})


# what a property declared a function holds (`inc: () => void`): its values are called (resolve.py ``_declared_callable``)
FUNCTION_TYPES = frozenset({"Function"})


def _primitives_named(raw_refs: list) -> list:
    """``ttl?: number``: the property holds a ``Number`` (a library's type: ``opts.base.trim()`` is ``String``'s); a
    primitive the map lacks (``any``, ``unknown``, ``object``, ``void``) says nothing of the value and is dropped.
    A primitive or a function type a property's function type returns (``inc: () => void``, ``subscribe: (l) => ()
    => void``; queries/typescript.scm) says the property holds a ``Function``, the one type it is read for."""
    out = []
    for r in raw_refs:
        if r.kind == "type.return" and (r.name in _OPAQUE_PRIMITIVES or r.name in _PRIMITIVE_WRAPPERS or "=>" in r.name):
            r = r._replace(kind="type.field", name="Function")
        if r.kind == "type.field" and r.name in _OPAQUE_PRIMITIVES:
            continue
        if r.kind == "type.field" and r.name in _PRIMITIVE_WRAPPERS:
            r = r._replace(name=_PRIMITIVE_WRAPPERS[r.name])
        out.append(r)
    return out


def _arrays_named(raw_refs: list) -> list:
    """``props: Foo[]``, ``list(): Foo[]`` (queries/typescript.scm's ``array_type``): declared an ``Array``, the
    library's, as ``Array<Foo>`` is (``props.forEach`` is no member of Foo's), whose Foo is a type argument (its
    elements', parse.py ``array_types``), not the declared type. A parameter's ``Foo[]`` still uses Foo as one."""
    arrays = {(r.name_start, r.kind) for r in raw_refs if r.kind.startswith("type.") and r.name.endswith("[]")}
    if not arrays:
        return raw_refs
    out = []
    for r in raw_refs:
        if (r.name_start, r.kind) in arrays:
            r = r._replace(name="Array") if r.name.endswith("[]") else \
                r._replace(kind="type.generic") if r.kind in _ELEMENT_OF_DECLARED else r
        out.append(r)
    return out


# Function.prototype's own methods: ``f.call(self, a)`` / ``f.apply(self, args)`` run f, ``f.bind(self)`` hands it on
FUNCTION_METHOD = "function_method"  # queries/javascript.scm: such a call whose first argument is a value to run on
INVOKING_METHODS = frozenset({"call", "apply"})
BINDING_METHOD = "bind"
_FUNCTION_PATH = lazy_re(r"^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$")  # fn, this.m, router.route: no index


def _invoked_through_function_methods(raw_refs: list) -> list:
    """``Base.call(this, msg)``, ``fn.apply(ctx, args)``, ``this.m.call(this)``: calls of the function the receiver
    names (fastify's ``addNewRoute.call(this, ..)``, axios's ``AxiosError.call(this, ..)``), read as ``Base(msg)``
    so that scopes, parameters (``fn.call`` on a parameter: what callers pass) and imports answer as for a plain
    call; ``fn.bind(this)`` passes ``fn`` on as a value (a callback: it runs later, if ever). Only a receiver written
    as a plain name or dotted path, and a first argument the query marks (``FUNCTION_METHOD``: ``this``, ``null``, a
    name); a call passing a literal or nothing (tapable's ``hook.call(1)``) stays the object's own method."""
    marked = {(r.start, r.name_start) for r in raw_refs if r.kind == FUNCTION_METHOD}
    if not marked:
        return raw_refs
    return [_as_function_use(r) if (r.start, r.name_start) in marked and _through_function_method(r) else r
            for r in raw_refs if r.kind != FUNCTION_METHOD]


def _through_function_method(r) -> bool:
    return r.kind == "call" and r.receiver not in (None, "this") and _FUNCTION_PATH.match(r.receiver) is not None


def _as_function_use(r):
    head, _, name = r.receiver.rpartition(".")
    head = head.removesuffix(".prototype")  # Mocha.prototype.run.call(m): the method run of the class Mocha
    if r.name == BINDING_METHOD:
        return r._replace(kind="callback", name=name, receiver=head or None, args=None)
    passed = None if r.name == "apply" or r.args is None else max(r.args - 1, 0)  # the first is `this`
    return r._replace(name=name, receiver=head or None, args=passed)


RETURNS_BARE = "returns_bare"  # queries/typescript.scm: what a cast arrow returns when called with no argument


def _bare_call_returns(raw_refs: list) -> list:
    """``create = ((init) => init ? createImpl(init) : createImpl) as Create``: the function the arrow returns when
    its parameter is not given, which the query also reads as a plain ``returns``; kept once, marked
    ``BARE_CALL_ONLY`` (``create(init)`` gives what ``createImpl(init)`` returns, never ``createImpl``)."""
    bare = {(r.start, r.name_start) for r in raw_refs if r.kind == RETURNS_BARE}
    if not bare:
        return raw_refs
    return [r._replace(kind="returns", alias=BARE_CALL_ONLY) if r.kind == RETURNS_BARE else r for r in raw_refs
            if not (r.kind == "returns" and (r.start, r.name_start) in bare)]


UNION_MEMBER = "union_member"  # queries/typescript.scm: a member of a union type alias (type H = A | B)
_MEMBER_NAME = lazy_re(r"^(?:([A-Za-z_$][\w$]*)\.)?([A-Za-z_$][\w$]*)\s*(?:<.*>)?$", re.S)
NO_TYPE = "<no type>"  # a member written as a literal type (a function type, an object): it names no type


def _union_members(raw_refs: list) -> list:
    """``type H = Handler | MiddlewareHandler``: the query's ``union_member`` references, one per member (a nested
    union's own node left out), made ``signature`` facts of the alias at ``|0``, ``|1``.. in written order
    (resolve.py ``UNION_MEMBER``); a member naming no type (``((c: C) => R)``, ``null``) keeps its place, named
    ``NO_TYPE``, which nothing answers: the members must all agree."""
    members = [r for r in raw_refs if r.kind == UNION_MEMBER]
    if not members:
        return raw_refs
    out = [r for r in raw_refs if r.kind != UNION_MEMBER]
    by_alias: dict[int, list] = {}
    for r in sorted({r.name_start: r for r in members if "|" not in (r.name or "")}.values(), key=lambda r: r.name_start):
        by_alias.setdefault(r.start, []).append(r)
    for refs in by_alias.values():
        for place, r in enumerate(refs):
            m = _MEMBER_NAME.match(r.name or "")
            receiver, name = (m.group(1), m.group(2)) if m else (None, NO_TYPE)
            out.append(r._replace(start=r.name_start, kind="signature", name=name, receiver=receiver,
                                  alias=f"|{place}", name_start=None))
    return out


SUBCLASS = "subclass"  # queries/javascript.scm: the constructor util.inherits / Object.setPrototypeOf gives a base


def _paired_bases(raw_refs: list) -> list:
    """``util.inherits(Child, Parent)``: the query's ``subclass`` (Child) and ``base_of`` (Parent) references of one
    call, paired into a ``base_of`` naming Child (``parse._bases_placed`` makes it Child's ``inherits``)."""
    children = {r.start: r.name for r in raw_refs if r.kind == SUBCLASS}
    if not children:
        return raw_refs
    return [r._replace(alias=children[r.start]) if r.kind == BASE_OF else r for r in raw_refs
            if r.kind != SUBCLASS and (r.kind != BASE_OF or r.start in children)]


ALIAS_PARAMETER = "alias_parameter"  # queries/typescript.scm: a type parameter of a type alias, at the alias


def _without_parameter_bases(raw_refs: list) -> list:
    """``type WithRequired<T, K> = T & {..}``: a part of an intersection alias that is one of its type parameters is
    no base (whatever the argument is; a base of that name found nowhere would make the members external)."""
    parameters = {(r.start, r.name) for r in raw_refs if r.kind == ALIAS_PARAMETER}
    if not parameters:
        return raw_refs
    return [r for r in raw_refs if r.kind != ALIAS_PARAMETER
            and not (r.kind == "inherits" and (r.start, r.name) in parameters)]


TYPE_BOUND = "type_bound"  # queries/typescript.scm: a type parameter, its constraint's type name as the receiver


class TypeBounds(NamedTuple):
    """A file's type parameters by name: where each is declared (sorted) and the type its constraint names (None:
    unbounded, or bounded by no named type)."""

    starts: dict[str, list[int]]
    bounds: dict[str, list[str | None]]

    def at(self, name: str, start: int) -> str | None:
        """The bound ``name`` stands for at byte ``start``: the nearest declaration of it before (a scope's own
        parameter is declared in its header, before its body; an inner unbounded ``T`` shadows an outer bound)."""
        starts = self.starts.get(name)
        i = bisect_right(starts, start) if starts else 0
        return self.bounds[name][i - 1] if i else None


def _type_bounds(raw_refs: list) -> TypeBounds | None:
    declared = sorted((r.start, r.name, r.receiver) for r in raw_refs if r.kind == TYPE_BOUND)
    if not any(bound for _start, _name, bound in declared):
        return None
    starts: dict[str, list[int]] = {}
    bounds: dict[str, list[str | None]] = {}
    for start, name, bound in declared:
        starts.setdefault(name, []).append(start)
        bounds.setdefault(name, []).append(bound)
    return TypeBounds(starts, bounds)


def settle_bindings(var_bindings: list, raw_refs: list) -> list:
    """A variable, parameter or field declared of a bounded type parameter (``private driver: T`` in ``class
    Runner<T extends BaseDriver>``) holds a value of the bound: ``this.driver.initialize()`` is ``BaseDriver``'s,
    dispatched to its subclasses, not a library's method of an unknown ``T``."""
    params = _type_bounds(raw_refs) if TYPE_BOUND in kinds_of(raw_refs) else None
    if params is None:
        return var_bindings
    return [b._replace(receiver=params.at(b.receiver, b.start) or b.receiver) if b.receiver in params.starts else b
            for b in var_bindings]


def _bounds_named(raw_refs: list) -> list:
    """A type named after a bounded type parameter (``driver: T``) is a use of the bound (``settle_bindings``); the
    declarations themselves are no references."""
    params = _type_bounds(raw_refs)
    out = []
    for r in raw_refs:
        if r.kind == TYPE_BOUND:
            continue
        if params and r.receiver is None and r.kind[:5] == "type." and r.name in params.starts:
            r = r._replace(name=params.at(r.name, r.start) or r.name)
        out.append(r)
    return out


TYPE_RESULT = "type.result0"  # queries/typescript.scm: a generic function's result is its first type parameter
TYPE_ARGUMENT = "type.argument0"  # ...and the first type argument a variable's value is called with
OVERLOAD = "type.overload"  # ...and an overload signature's return, at its function
RESULT_OF_ARGUMENT = "<0>"  # the declared result (a ``type.return``), or the written argument (a ``signature``'s place)


def _type_argument_results(raw_refs: list) -> list:
    """``function make<T>(): T``, ``const withArgs = <T>(hook) => { return .. as unknown as T }``: the function's
    declared result is ``<0>``, whatever type argument its call writes, never a type named ``T`` (the ``T`` written
    there is no type use). ``const useSWR = withArgs<SWRHook>(h)``: a ``signature`` at ``<0>`` of the variable,
    the type argument the value's call writes (the resolver's ``_type_argument_result``)."""
    results = {r.name_start for r in raw_refs if r.kind == TYPE_RESULT}
    if not results and not any(r.kind in (TYPE_ARGUMENT, OVERLOAD) for r in raw_refs):
        return raw_refs
    out = _first_overloads(raw_refs)
    for r in raw_refs:
        if r.kind == TYPE_RESULT:
            out.append(r._replace(kind="type.return", name=RESULT_OF_ARGUMENT, receiver=None))
        elif r.kind == TYPE_ARGUMENT:
            out.append(r._replace(kind="signature", alias=RESULT_OF_ARGUMENT, name_start=None))
        elif r.kind != OVERLOAD and not (r.name_start in results and r.kind[:5] == "type."):
            out.append(r)
    return out


def _first_overloads(raw_refs: list) -> list:
    """``function f(a: string): Foo; function f(a: number): Bar; function f(a) {..}``: the first signature's
    return type is the function's declared one (a ``type.return`` at the function, which declares none itself),
    whichever overload the arguments would pick; the signatures still use their types where they stand. Marked
    ``SIGNATURE_ONLY``: where the body's returns agree on a class (jotai's ``atomFamily`` returns its own
    ``createAtom``, declared an ``AtomFamily`` interface), that is what callers reach, and its members are not
    dead."""
    from ..parse import SIGNATURE_ONLY

    first: dict[int, object] = {}
    for r in raw_refs:
        if r.kind == OVERLOAD and (r.start not in first or r.name_start < first[r.start].name_start):
            first[r.start] = r
    return [r._replace(kind="type.return", name_start=None, alias=SIGNATURE_ONLY) for r in first.values()]


# a call written with type arguments: create<Api>(cfg), api.make<A, B>(x) (simple names only: no nested generics)
_GENERIC_CALL = lazy_re(r"^([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*<([\w$.,\s]+)>\s*\(", re.S)


def cast_type(text: str) -> str | None:
    """A variable's value written as one generic call (``const api = create<Api>(cfg)``): kept as ``create<Api>()``,
    its type arguments for the resolver's ``_generic_call_class`` (a callee whose result is its type parameter
    gives the argument; any other, what it declares); a curried one (``create<State>()(init)``) as ``create()()``,
    a call of what ``create()`` gives; a type naming a host object's value (``_host_values``); None for anything
    else (read as usual)."""
    host = _host_values(text)
    if host:
        return host
    looked_up = _container_lookup(text)
    if looked_up:
        return looked_up
    m = _GENERIC_CALL.match(text)
    if m and _curried(text, m.end() - 1):  # create<State>()(init): what the function create<State>() gives returns
        return "".join(m.group(1).split()) + "()()"
    if not m or not _closes_at_end(text, m.end() - 1):
        return None
    callee = "".join(m.group(1).split())
    return f"{callee}<{', '.join(a.strip() for a in m.group(2).split(','))}>()"


def _container_lookup(text: str) -> str | None:
    """A container's look-up of a class held in a variable or field (``const users = app.get(UsersService)``,
    ``private readonly svc = inject(Service)``): kept with its argument, ``app.get(UsersService)``, for
    ``argument_class`` to read as the resolver reads the look-up called in place (the value flow keeps a call's
    callee only: ``app.get()``); None for any other value. String methods only: a dotted callee, one class name."""
    if not text.endswith(")") or text.count("(") != 1:
        return None
    callee, _, argument = text[:-1].partition("(")
    callee, argument = "".join(callee.split()), argument.strip()
    if callee.rpartition(".")[2] not in _CONTAINER_LOOKUPS or not argument.isidentifier() \
            or not argument[:1].isupper() or not all(part.isidentifier() for part in callee.split(".")):
        return None
    return f"{callee}({argument})"


_TYPE_QUERY = lazy_re(r"^typeof\s+([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)$")
_NO_VALUE = frozenset({"undefined", "null"})


def _host_values(text: str) -> str | None:
    """``storage: typeof window.localStorage | typeof window.sessionStorage``: the variable holds what the host
    object holds (``window.localStorage|window.sessionStorage``), whose methods are the host's, never a same-named
    method of the repository guessed. Only a host object's (``EXTERNAL_RECEIVERS``): read as a value, ``typeof x``
    is a string, which is the library's too."""
    parts = [p.strip() for p in text.split("|")]
    named = [m.group(1) for p in parts if p not in _NO_VALUE and (m := _TYPE_QUERY.match(p))]
    if not named or len(named) != len([p for p in parts if p not in _NO_VALUE]):
        return None
    return "|".join(named) if all(n.split(".")[0] in EXTERNAL_RECEIVERS for n in named) else None


def _curried(text: str, start: int) -> bool:
    """``create<T>()(init)``: an empty first argument list, then one more call closing at the end."""
    rest = text[start:]
    return rest.startswith("()") and rest[2:].lstrip().startswith("(") and \
        _closes_at_end(text, start + 2 + len(rest[2:]) - len(rest[2:].lstrip()))


# an array method whose result's elements are its receiver's (``xs.map(..).filter(g => g.ok())``'s are the map's)
_ELEMENTS_KEPT = frozenset({"filter", "slice", "sort", "reverse", "toSorted", "toReversed"})
# a callback making each element: ``n => new Gen(n)``, ``(n, i) => new Gen<T>(n)`` (its body that one construction)
_MAKES_EACH = lazy_re(r"\(\s*(?:[\w$]+|\([^()]*\))\s*=>\s*new\s+([A-Za-z_$][\w$.]*)\s*(?:<[^()]*>)?\s*(?=\()")


def elements_given(call: str) -> str | None:
    """The value each element of a builtin array method's result is, where the code makes it: ``nodes.map(n => new
    Gen(n))`` -> ``new Gen()``, and so of its ``.filter(..)`` / ``.sort(..)`` (resolve's ``elements_given``); the
    collection's own type, if any (``node~members.map(..)``), says nothing of them. tsoa's ``.map(c => new
    MethodGenerator(..)).filter(g => g.IsValid()).map(g => g.Generate())``: read as a library's elements,
    ``g.Generate()`` was external or a guess, ``MethodGenerator.Generate`` dead."""
    head = call_head(call)
    receiver, dot, method = head.rpartition(".") if head else ("", "", "")
    receiver = receiver.rstrip().removesuffix("?").rstrip()  # xs?.map(..)
    if not dot or not receiver:
        return None
    method = method.strip()
    if method in _ELEMENTS_KEPT:
        return elements_given(receiver) if receiver.endswith(")") else None
    made = _MAKES_EACH.match(call, len(head)) if method == "map" else None
    return f"new {made.group(1)}()" if made and _one_construction(call, made.end()) else None


def _one_construction(call: str, start: int) -> bool:
    """Whether the construction's arguments at ``start`` close just before the call's own closing parenthesis."""
    call = call.rstrip()
    return call.endswith(")") and _closes_at_end(call[:-1].rstrip(), start)


def _closes_at_end(text: str, start: int) -> bool:
    depth = 0
    for i in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return i == len(text) - 1
    return False


def type_argument_mark(resolver, r, src):
    """A generic function's declared result ``<0>`` names no type: unknown, never a library's."""
    if r.name != RESULT_OF_ARGUMENT:
        return None  # nearly every reference: no import statement run per reference for nothing
    from ..resolve import UNRESOLVED

    return UNRESOLVED


_SPEC_FILE = lazy_re(r"\.(?:test|spec)\.[cm]?[jt]sx?$")  # a test file proper: run by a runner, imported by none
_GUESSES = frozenset({"unique_name", "ambiguous"})


def visible_members(resolver, r, src, found):
    """Of a member guessed by name, never one another test file declares that the calling file does not import:
    zustand's ``onRehydrateStorage: () => (s) => s?.inc()`` in ``persistSync.test.tsx`` is no ``CounterState.inc`` of
    ``basic.test.tsx`` or ``middlewareTypes.test.tsx``: a test file is imported by nothing, so no value of its types
    reaches another file. None left: unresolved (the value's type is the one the file infers, not written)."""
    if found.resolution not in _GUESSES:
        return found
    imported = resolver._visible_from(r.path)
    kept = [i for i in found.ids if not _foreign_test(resolver, r.path, resolver.g.by_id[i], imported)]
    if len(kept) == len(found.ids):
        return found
    return type(found)(kept, "unique_name" if len(kept) == 1 else found.resolution) if kept else \
        type(found)([], "unresolved")


def _foreign_test(resolver, path: str, member, imported: tuple) -> bool:
    return member.path != path and bool(_SPEC_FILE.search(member.path)) and \
        not resolver._class_visible(path, member, imported)


def exported_object_member(resolver, r, src):
    """``this.get()`` in a method of the object a module exports (``module.exports = { get (f) {}, accepts () {
    this.get() } }``: koa's request and response): that object's own method of the name, whose methods are the
    module's. Only where the caller is itself such a method (a function nested in it has a ``this`` of its own); a
    name the object lacks is left to the other layers (it may be mixed in elsewhere), never guessed here."""
    if r.receiver != "this" or not _exported_object_method(resolver.g.by_id.get(src)):
        return None
    from ..resolve import Found

    found = resolver.g.top.get(r.path, {}).get(r.name)
    target = resolver.g.by_id.get(found) if found else None
    return Found([target.id], "same_file") if _exported_object_method(target) else None


def _exported_object_method(sym) -> bool:
    """A method of the module itself, as the methods of the object it exports are (not ``Foo.m`` defined apart)."""
    from ..graph import at_module_level
    from ..qualnames import untwinned

    return sym is not None and sym.kind == "method" and at_module_level(sym) and "." not in untwinned(sym.qualname)


_MODULE_VALUES = frozenset({"function", "variable", "constant", "class"})  # what `module.exports.x =` defines


def exported_function_member(resolver, r, src):
    """``logger.destination()`` where ``logger`` is imported as the function a CommonJS module exports whole
    (``module.exports = logger``, then ``module.exports.destination = ..``): ``module.exports`` is that function,
    so what the module assigns to it is the function's member (pino's ``import pino from "../../pino.js"``,
    ``const { pino } = require(..)``). Only a plain imported name, and only a name the function itself lacks; a
    guess by name would otherwise reach any same-named method, another test's stub among them."""
    receiver = r.receiver
    if not receiver or not receiver.isidentifier() or receiver in ("this", "super"):
        return None
    sid = resolver.imported_symbol(r.path, receiver)
    sym = resolver.g.by_id.get(sid) if sid else None
    if sym is None or sym.kind != "function" or r.name in resolver.g.members.get(sid, {}):
        return None
    held = resolver.g.top.get(sym.path, {}).get(r.name)
    if held is None:  # module.exports.transport = require("./lib/transport"): what that module exports whole
        hit = resolver.reexported(sym.path, r.name, frozenset())
        held = resolver.default_export(hit.value) if hit is not None and hit.kind == "module" else None
    target = resolver.g.by_id.get(held) if held else None
    if target is None or target.id == sid or target.kind not in _MODULE_VALUES \
            or resolver.default_export([sym.path]) != sid:
        return None
    from ..resolve import Found

    return Found([target.id], "import")


def nested_key_member(resolver, r, src):
    """``paths.auth.login.getHref()`` where ``paths`` is a module's variable whose object holds that function under
    those keys (``nested_parent`` names it ``paths.auth.login.getHref``): that one function, in the file
    defining the variable or one importing it; a key path naming none is left to the other layers."""
    from ..resolve import Found, _member_path

    receiver = resolver.hooks.get(r.path, resolver.no_hooks).receiver_path(r.receiver or "")
    head, dot, rest = receiver.partition(".")
    if not dot or not head.isidentifier() or head == "this" or not _member_path(rest):
        return None
    sid = resolver._named(r, head)
    sym = resolver.g.by_id.get(f"{sid}.{rest}.{r.name}") if sid else None
    if sym is None or sym.kind != "method":
        return None
    return Found([sym.id], "same_file" if sym.path == r.path else "import")


def module_passed_whole(resolver, r, src):
    """``plop.setGenerator('component', componentGenerator)`` with ``const componentGenerator = require(
    './generators/component')``, a module whose ``module.exports = { prompts: [..], actions: () => .. }`` is no
    definition: the module itself, handed whole to the call, whose library reads the object's functions (they were
    dead: nothing named the object). A bare name passed (``callback``) only, bound to a whole module of ours that
    exports no definition as a whole (one that does is what ``imported`` answers); a call of it is left alone."""
    if r.kind != "callback" or r.receiver:
        return None
    binding = resolver.bound_name(r.path, r.name)
    if binding is None or binding.kind != "module" or resolver.default_export(binding.value):
        return None
    from ..graph import MODULE
    from ..resolve import Found

    found = [f"{p}::{MODULE}" for p in binding.value if f"{p}::{MODULE}" in resolver.g.by_id]
    return Found(found[:1], "import") if found else None


# The packages of a dependency-injection container that builds a class's instance when asked for it by the class
# (NestJS's `app.get(SeedService)`, `moduleRef.resolve(..)`, a TestingModule's `get`; Angular's `inject(JwtService)`,
# `TestBed.inject(..)`, an injector's `get`; tsyringe's and typedi's `container.resolve(..)` / `Container.get(..)`)
_CONTAINER_PACKAGES = ("@nestjs/", "@angular/", "tsyringe", "inversify", "typedi", "injection-js")
_CONTAINER_LOOKUPS = frozenset({"get", "resolve", "inject"})


def argument_class(resolver, r, value: str) -> str | None:
    """What a container's look-up of a class gives: an instance of the class of ours its first argument names
    (``app.get(SeedService).run()`` is ``SeedService.run``, not every ``run`` guessed), where the file imports a
    container's package and the look-up is no definition of ours; None otherwise (typedi's own ``Container.get`` in
    typedi, a map's ``get`` of a class key in a file importing no container, a string token, a library's class)."""
    from ..resolve import GUESSES, _simple_call

    if not _imports_container(resolver, r.path):  # (first: most files import none, and the answer is kept)
        return None
    callee = _simple_call(value)
    if callee is None:  # a variable's look-up through another's value: NestFactory.create().get(UsersService)
        return _looked_up_in_chain(resolver, r, value)
    if callee.rpartition(".")[2] not in _CONTAINER_LOOKUPS:
        return None
    args = split_outside(value[value.index("(") + 1:-1], ",")
    first = args[0].strip() if args else ""
    if len(args) > 2 or not first.isidentifier():
        return None
    found = resolver._call_target(r, callee + "()")
    if found is not None and found.ids and found.resolution not in GUESSES:
        return None
    return resolver._class_named(r, first)


def _looked_up_in_chain(resolver, r, value: str) -> str | None:
    """``NestFactory.create().get(UsersService)`` (``const app = await NestFactory.create(M); const users =
    app.get(UsersService)``, the value flow's ``NestFactory.create()~get(UsersService)``, kept so by ``cast_type``):
    the class its last step looks up, where the chain's first call is no definition of ours (a library's
    application, module or injector)."""
    from ..resolve import GUESSES

    opened = value.rfind("(")
    head, dot, name = value[:opened].rpartition(".")
    argument = value[opened + 1:-1].strip()
    if not dot or name not in _CONTAINER_LOOKUPS or not argument.isidentifier() or not head.endswith(")"):
        return None
    first = head[:head.find("(")] + "()"
    found = resolver._call_target(r, first)
    if found is not None and found.ids and found.resolution not in GUESSES:
        return None
    return resolver._class_named(r, argument)


_CONTAINER_FILES: WeakKeyDictionary = WeakKeyDictionary()  # resolver -> {path: whether it imports a container}


def _imports_container(resolver, path: str) -> bool:
    known = _CONTAINER_FILES.setdefault(resolver, {})
    found = known.get(path)
    if found is None:
        found = known[path] = any(m == p or m.startswith(p if p.endswith("/") else p + "/")
                                  for i in resolver.imports_of.get(path, ()) if (m := i.module)
                                  for p in _CONTAINER_PACKAGES)
    return found


# Nuxt's auto-imports: a component, page, plugin or composable calls the functions its app's `composables/` and
# `utils/` folders export (`app/` in Nuxt 4, any depth: `imports.dirs` adds the nested ones) with no import, and
# Nitro's server code those of `server/utils/`, both sides `shared/utils/` and `shared/types/`'s types (Nuxt 4);
# Nuxt generates the imports when it builds. Without them elk's 420 calls of 113 such functions were unresolved
# (a component's: guessed by name), and a composable only a component calls "unused" at 0.6
_AUTO_IMPORT_PACKAGES = ("nuxt", "nuxt3", "nuxt-nightly")
_AUTO_IMPORT_FOLDERS = frozenset({"composables", "utils"})
_SERVER_SIDE = "server"  # Nitro's folder: its code and the app's see each other's auto-imports apart
_SHARED = "shared"  # Nuxt 4's folder of both sides: its `utils/` and `types/` are auto-imported in each
_NO_AUTO_IMPORTS = frozenset({"scripts", "bin", "node_modules"})  # run by node, not built by Nuxt


def auto_imported(resolver, r, src):
    """A bare name no scope or import of the file binds, in a Nuxt app (a package.json above the file depends on
    ``nuxt``): the top-level definition of that name in the app's auto-imported folders (``composables/``,
    ``utils/``; the server's ``server/utils/`` for code under ``server/``), as Nuxt's generated import gives it."""
    if r.receiver or resolver.root is None:
        return None
    scope = _auto_import_scope(resolver, r.path)
    if scope is None:
        return None
    ids = [i for i in resolver.g.by_name.get(r.name, ()) if _auto_imported_from(resolver.g.by_id[i], *scope)]
    if not ids:
        return None
    from ..resolve import MAX_CANDIDATES, Found

    return Found(ids[:MAX_CANDIDATES], "import" if len(ids) == 1 else "ambiguous")


_SCOPES: WeakKeyDictionary = WeakKeyDictionary()  # resolver -> {path: (package prefix, on the server side) or None}


def _auto_import_scope(resolver, path: str) -> tuple[str, bool] | None:
    """Where the file's auto-imports come from: its Nuxt package's folder (``a/`` or ``""``) and whether it is the
    server's code; None where it has none (no Nuxt package, a script node runs, a tool's configuration). Kept per
    file (most bare names of a component reach this layer: Vue's ``ref``, ``computed``)."""
    known = _SCOPES.setdefault(resolver, {})
    if path in known:
        return known[path]
    package = _nuxt_package(str(resolver.root), posixpath.dirname(path))
    prefix = None if package is None else package + "/" if package else ""
    top = path[len(prefix):].partition("/")[0] if prefix is not None else None
    scope = known[path] = None if prefix is None or top in _NO_AUTO_IMPORTS or _TOOL_CONFIG.search(path) \
        else (prefix, top == _SERVER_SIDE)
    return scope


@lru_cache(maxsize=4096)
def _nuxt_package(root: str, folder: str) -> str | None:
    """The folder of the nearest package.json above ``folder`` where it depends on Nuxt, else None."""
    for up in _folders_up(folder):
        if _package_data(root, up) is not None:
            return up if any(p in _dependencies(root, up) for p in _AUTO_IMPORT_PACKAGES) else None
    return None


def _auto_imported_from(sym, prefix: str, server: bool) -> bool:
    """Whether the definition is one the Nuxt package at ``prefix`` auto-imports into the app's code (``server``
    False) or the server's: a top-level one (no type, but in ``shared/types/``) of a file under its auto-imported
    folders, not a test's."""
    if sym.parent_id not in (None, f"{sym.path}::<module>"):
        return False
    takes = _auto_imported_file(sym.path, prefix, server)
    return takes == _ANY_KIND or takes == _VALUES and sym.kind not in TYPE_ONLY_KINDS


_ANY_KIND, _VALUES = "any kind", "values"


@lru_cache(maxsize=16384)
def _auto_imported_file(path: str, prefix: str, server: bool) -> str | None:
    """What the file gives the Nuxt package's code on that side by its names: its values (``_VALUES``), its types too
    (``_ANY_KIND``: ``shared/types/``), or nothing (None)."""
    if not path.startswith(prefix):
        return None
    parts = path[len(prefix):].split("/")
    shared = len(parts) > 2 and parts[0] == _SHARED  # Nuxt 4's `shared/utils/`, `shared/types/`: both sides'
    types = shared and parts[1] == "types"
    if not shared and (parts[0] == _SERVER_SIDE) != server or len(parts) < 2 \
            or not types and _AUTO_IMPORT_FOLDERS.isdisjoint(parts[:-1]) or is_test_path(path):
        return None
    return _ANY_KIND if types else _VALUES


def extend_layers(name_layers: list, member_layers: list) -> None:
    name_layers.insert(0, type_argument_mark)
    name_layers.insert(name_layers.index("imported") + 1, module_passed_whole)
    name_layers.insert(name_layers.index("package") + 1, auto_imported)
    member_layers.insert(member_layers.index("self") + 1, exported_object_member)
    member_layers.insert(member_layers.index("class_named") + 1, exported_function_member)
    member_layers.insert(member_layers.index("class_named"), nested_key_member)


def settle_definitions(raw_defs: list, _imports: list, _root) -> list:
    """An object's key naming a function (``key`` in ecma.scm: ``return { reset }``, ``const api = { get: getUser
    }``) is a field of the function or variable building the object; none where no definition owns the object
    (``persist(() => ({ map }))`` in a test's anonymous callback: it would be a name of the module itself) or where
    the owner already has a member of that name (``const run = ..; return { run }``: that function is the member)."""
    raw_defs = _without_accessor_methods(_handlers_as_methods([_augmenting(d) for d in
                                                               _through_prototype_aliases(raw_defs)]))
    raw_defs = _package_augmentation_members(raw_defs)
    raw_defs = [_exports_accessor(d) for d in raw_defs]  # (after: its object's own get / set went as its duplicates)
    raw_defs = _signatures_declared(_without_named_exports_function(raw_defs))
    if not any(d.kind == "key" for d in raw_defs):
        return raw_defs
    owner_of = _owners(raw_defs)
    named = {(owner_of[i], d.name) for i, d in enumerate(raw_defs) if d.kind != "key"}
    kept = []
    for i, d in enumerate(raw_defs):
        if d.kind == "key":
            if owner_of[i] is None or (owner_of[i], d.name) in named:
                continue
            d = d._replace(kind="field")
        kept.append(d)
    return kept


def _without_named_exports_function(raw_defs: list) -> list:
    """ecma.scm names a function ``module.exports`` is given without a name of its own ``exports``; one a variable
    names as well (``var proto = module.exports = function () {..}``: the variable's definition ends where it does)
    is that variable's function, not a second definition."""
    inner = [d for d in raw_defs if d.name == "exports" and d.kind == "function" and not d.parent_name]
    if not inner:
        return raw_defs
    named = {d.end for d in raw_defs if d.kind == "function" and d.name != "exports"}
    return [d for d in raw_defs if d.name != "exports" or d.kind != "function" or d.parent_name or d.end not in named]


SIGNATURE = "signature"  # typescript.scm: a module's own function signature (`export function f(): T;`)


def _signatures_declared(raw_defs: list) -> list:
    """A module's function signature (``SIGNATURE``) is the function a declaration file declares (hapi's ``export
    function server(..): Server;``, which ``import { server } from '../..'`` binds); the first of several (overloads)
    stands for them all. Where the file defines the name (an overload's implementation in code), that is the
    function and the signatures are none."""
    signatures = [d for d in raw_defs if d.kind == SIGNATURE]
    if not signatures:
        return raw_defs
    defined = {d.name for d in raw_defs if d.kind != SIGNATURE and not d.parent_name}
    first = {}
    for d in signatures:
        if d.name not in defined and d.name not in first:
            first[d.name] = d.start
    return [d._replace(kind="function") if d.kind == SIGNATURE else d
            for d in raw_defs if d.kind != SIGNATURE or first.get(d.name) == d.start]


HANDLER = "handler"  # ecma.scm: a function under an object literal's key, wherever the object is written


def _handlers_as_methods(raw_defs: list) -> list:
    """A function under an object literal's key (``HANDLER``) is a method of the object; one no API pattern captures
    (a returned object's, a module-level variable's, the module's export: those are methods as they were) is marked
    ``MADE``: a test's mock (``{ send: function (v) {..} }``) or an object handed to a call is reached through its
    variable or its callee, and a guess by name elsewhere (``res.send()``) takes it only where nothing else answers."""
    handlers = [d for d in raw_defs if d.kind == HANDLER]
    if not handlers:
        return raw_defs
    taken = {(d.start, d.end) for d in raw_defs if d.kind != HANDLER}
    return [d._replace(kind="method", decorators=d.decorators + (MADE,)) if d.kind == HANDLER else d
            for d in raw_defs if d.kind != HANDLER or (d.start, d.end) not in taken]


_DECLARATIONS = frozenset({"lexical_declaration", "variable_declaration"})  # const x = .., var x = ..
_KEYS_AT_MOST = 8  # keys named above a member: deeper, it keeps the variable's name alone
_WRAPPING = frozenset({"as_expression", "satisfies_expression", "parenthesized_expression"})  # the object still


def nested_parent(node, kind: str) -> str | None:
    """A function of an object literal nested under keys of a module's variable (bulletproof-react's ``paths = {
    auth: { login: { getHref: () => .. } } }``) is named by those keys (``paths.auth.login.getHref``), as the call
    ``paths.auth.login.getHref()`` reaches it (``nested_key_member``); named under the variable alone, each such
    ``getHref`` was ``paths.getHref#n`` and every call a guess among them all. A function directly under the
    variable's object keeps its name; an object elsewhere (a call's argument, a function's local) is left alone."""
    return _object_key_path(node) if kind in (HANDLER, "method") else None


def _object_key_path(node) -> str | None:
    """``paths.auth.login`` for the member ``getHref`` of ``const paths = { auth: { login: { .. } } }`` at a module's
    top level; None where the member is not nested under a key, or the outermost object is no such variable's."""
    keys = []
    obj = _parent(node) if node is not None and node.type in ("pair", "method_definition") else None
    while obj is not None and obj.type == "object":
        holder = _parent(obj)
        if holder is None or holder.type != "pair":
            break
        if len(keys) == _KEYS_AT_MOST:  # (each member walks up its keys, the parents read once a file: bounded)
            return None
        key = holder.child_by_field_name("key")
        if key is None or key.type != "property_identifier":
            return None
        keys.append(key.text.decode())
        obj = _parent(holder)
    holder = _parent(obj) if obj is not None and obj.type == "object" else None
    for _ in range(4):  # `= { .. } as const`, `= ({ .. })` (a few: bounded as the keys are)
        if holder is None or holder.type not in _WRAPPING:
            break
        holder = _parent(holder)
    if not keys or holder is None or holder.type != "variable_declarator" or not _module_level(_parent(holder)):
        return None
    name = holder.child_by_field_name("name")
    if name is None or name.type != "identifier":
        return None
    return ".".join([name.text.decode(), *reversed(keys)])


def _module_level(declaration) -> bool:
    """A declaration standing at the module's top level, exported or not."""
    if declaration is None or declaration.type not in _DECLARATIONS:
        return False
    above = _parent(declaration)
    if above is not None and above.type == "export_statement":
        above = _parent(above)
    return above is not None and above.type == "program"


PROTOTYPE_ALIAS = "prototype_alias"  # queries/javascript.scm: const prototype = F.prototype (name: the alias, parent: F)


def _through_prototype_aliases(raw_defs: list) -> list:
    """``const prototype = Axios.prototype; prototype.request = function request() {}``: the function is ``Axios``'s
    method, as ``Axios.prototype.request = ..`` would be (the query reads it as a function of an object named
    ``prototype``). An alias naming different constructors in one file is left alone (which one a method meant
    depends on where it stands); the marks are no definitions."""
    marks = [d for d in raw_defs if d.kind == PROTOTYPE_ALIAS]
    if not marks:
        return raw_defs
    owners: dict[str, set] = {}
    for m in marks:
        owners.setdefault(m.name, set()).add(m.parent_name)
    alias_of = {alias: next(iter(named)) for alias, named in owners.items() if len(named) == 1}
    return [d._replace(parent_name=alias_of[d.parent_name]) if d.kind == "function" and d.parent_name in alias_of
            else d for d in raw_defs if d.kind != PROTOTYPE_ALIAS]


def _exports_accessor(d):
    """``Object.defineProperty(exports, 'level', { get () {..} })`` (javascript.scm's accessor pattern, its object
    ``exports``): the module's own property, exported and read as ``require('./winston').level`` is, as
    ``exports.level = ..`` would be; named under ``exports`` it was a method of an object nothing names (winston's
    ``level``, ``exceptions``: dead at 0.7 though tests read them)."""
    return d._replace(parent_name=None, exported=True) if d.parent_name == "exports" and d.kind == "function" else d


def _without_accessor_methods(raw_defs: list) -> list:
    """An accessor given to ``Object.defineProperty`` (javascript.scm: ``{ get () {..} }``) is the property's method
    (``Request.ip``), a member given to ``Object.assign(Layer.prototype, { match () {..} })`` Layer's; the object
    literal's method pattern captures the same node as a method of no one, which would be a second, never-called
    definition. A descriptor's ``get`` / ``set`` elsewhere (``DESCRIPTOR``: ``Object.defineProperty(this, 'router',
    { get: function () {..} })`` in a function) is no method either: its code is the enclosing function's."""
    accessors = {(d.start, d.end) for d in raw_defs if (d.kind == "function" and d.parent_name) or d.kind == DESCRIPTOR}
    if not accessors:
        return raw_defs
    return [d for d in raw_defs if d.kind != DESCRIPTOR and (d.kind != "method" or (d.start, d.end) not in accessors)]


DESCRIPTOR = "descriptor"  # ecma.scm: a property descriptor's get / set function, a mark and never a symbol


def _augmenting(d):
    """The module name a ``declare module`` block's interface captures as its decorator (``'../vanilla'``), marked
    so that ``entry_reason`` reads it and the parser follows no decorator call (a ``<...>`` decorator wraps nothing)."""
    if not any(x[:1] in ("'", '"') for x in d.decorators):
        return d
    return d._replace(decorators=tuple(_AUGMENTS + x + ">" if x[:1] in ("'", '"') else x for x in d.decorators))


def _package_augmentation_members(raw_defs: list) -> list:
    """The members of an interface augmenting a package's module (``declare module 'fastify' { interface
    FastifyInstance { someSupport(): string } }``, a plugin's decoration) marked as their interface is: TypeScript
    merges them into the package's interface, and a call on the package's value (``fastify.someSupport()``), which the
    resolver leaves to the library, is what reads them (three fastify-cli members were dead at 0.6). A relative
    module's augmentation (``declare module './store'``) keeps its members as they were: its interface is ours."""
    marked = {(d.start, d.end): d.decorators for d in raw_defs if d.kind == "interface" and any(
        x.startswith(_AUGMENTS) and not x[len(_AUGMENTS) + 1:].startswith((".", "/")) for x in d.decorators)}
    if not marked:
        return raw_defs
    owner_of = _owners(raw_defs)  # (the interface is captured twice, with its decorator and without: by its node)
    spans = [(d.start, d.end) for d in raw_defs]
    return [d._replace(decorators=d.decorators + marked[spans[owner]])
            if (owner := owner_of[i]) is not None and spans[owner] in marked and spans[i] not in marked else d
            for i, d in enumerate(raw_defs)]


def _owners(raw_defs: list) -> list[int | None]:
    """For each definition, the index of the innermost other definition (not a key) holding its node, or None: one
    sweep in the order of their starts, the open definitions on a stack."""
    order = sorted(range(len(raw_defs)), key=lambda i: (raw_defs[i].start, -raw_defs[i].end))
    out: list[int | None] = [None] * len(raw_defs)
    stack: list[int] = []
    for i in order:
        d = raw_defs[i]
        while stack and raw_defs[stack[-1]].end < d.end:
            stack.pop()
        out[i] = stack[-1] if stack else None
        if d.kind != "key":
            stack.append(i)
    return out


def guess_bare_names(resolver, path: str) -> bool:
    """A script (no import, export or require) shares its globals with others; a module sees only what it imports.
    A component's script is a module, imports or not (the compiler makes one of it): a bare name it does not bind is
    an auto-import (``auto_imported``), a template's slot or loop variable (``<template #popper="{ hide }">``,
    guessed onto two other files' ``hide`` in elk) or the framework's (``navigateTo``), never another file's."""
    return not path.endswith(COMPONENTS) and not resolver.imports_of.get(path)


# Reserved words a recovering parser reads as method names (``if (x) {`` in a class body with a syntax error);
# ``delete``, ``get``, ``default``, ``static`` are real method names, so they are not here.
KEYWORDS = frozenset({"if", "else", "for", "while", "do", "switch", "case", "const",
                      "let", "var", "function", "class", "try", "typeof",
                      "instanceof", "void", "yield", "await", "extends", "super", "this",
                      "debugger", "in"})
# TypeScript's words, not JavaScript's: a member may bear them (express's ``res.type = function contentType()``,
# ``class Field { type() {} }``); only a top-level definition so named is a misread ``type X = ...``. And the
# statements whose names a promise's or an iterator's methods bear (``catch``, ``finally``, ``return``, ``throw``:
# zod's ``schema.catch(x)``): a member, never a top-level definition
# ``break`` and ``continue`` are never followed by ``(``, so no statement is misread as a member so named (TanStack
# query's ``mutation.continue()``, ``retryer.continue: () => Promise<unknown>``)
# ``export``, ``import`` and ``new`` are never followed by ``(..) {`` in a statement, so a member so named is real (an
# OpenTelemetry exporter's ``export(spans, done) {..}`` in pm2: dropped, its locals became the class's methods)
# ``with`` is a builder's method (ts-pattern's ``match(x).with(..)``, knex's and Kysely's CTE ``qb.with(..)``); its
# statement is not allowed in a class body or a module (both strict), so only a top-level ``with`` is a misread one
CONTEXTUAL_KEYWORDS = frozenset({"interface", "type", "enum", "implements", "catch", "finally", "return", "throw",
                                 "break", "continue", "export", "import", "new", "with"})


# a keyword, a TypeScript word outside any object or class, or a ``constructor`` outside any class (an error node's
# remains)
_keyword_junk = keyword_rule(KEYWORDS, CONTEXTUAL_KEYWORDS | {"constructor"})


def is_junk(name: str, kind: str, parent: str | None) -> bool:
    """As ``_keyword_junk``; but a function named ``type`` is one (superstruct's ``export function type(schema)``,
    which its ``type({..})`` calls reach): a misread ``type X = ..`` is never a function, only ``function type(``
    or ``const type = () =>`` makes one."""
    return not (kind == "function" and name == "type") and _keyword_junk(name, kind, parent)


def reads_declarations(path: str) -> bool:
    """Whether a file takes types from declaration files: TypeScript (and a component, which may be); a plain
    JavaScript file runs code only."""
    return not path.endswith((".js", ".jsx", ".mjs", ".cjs"))


def declaration_only(path: str) -> bool:
    """A declaration file (``.d.ts``): types and signatures of code that lives elsewhere, often beside it."""
    return path.endswith((".d.ts", ".d.mts", ".d.cts"))


def exports_all(path: str) -> bool:
    """A declaration file declares an API: its names (``interface ImportMeta`` merged into a global one, ``declare
    global { namespace App { interface Locals {} } }``) are read by code the repository does not hold, or by every
    file."""
    return declaration_only(path)


def _named(node, child) -> str | None:
    """A declaration's own name is not a use of it; its value is (``type T = A | B``)."""
    return None if node.child_by_field_name("name") == child else "annotation"


def _property_form(node, child) -> str:
    """A property's type inside a type parameter's bound or default (``<D extends { derive: Ephemeral['derive'] }>``)
    declares no field of the function or method the parameter belongs to: an annotation. Read as the method's
    ``type.field``, it was taken for what the method returns (elysia's ``get`` gave an ``EphemeralType``, so its
    callers' ``app`` had none of ``Elysia``'s members). A property of an object type elsewhere keeps its form (a
    parameter's ``{ id: string }``: see docs/structure-audits.md, twenty-first round, for what changing it did)."""
    return "annotation" if _nearest_above(node, _BOUND_STOPS) in _BOUNDS else "field"


def _conditional_form(node, child):
    """``A extends B ? Match<..> : never``: a value of the type is of a branch's type, which takes the place's form
    further up (a method's return: ts-pattern's ``with(..)`` returns ``InvertPatternForExclude<p, value> extends infer
    excluded ? Match<..> : never``); the types the condition checks are no type of the value (read as the return,
    ``InvertPatternForExclude`` made every ``match(x).with(..).with`` unresolved or a guess)."""
    branches = (node.child_by_field_name("consequence"), node.child_by_field_name("alternative"))
    return ... if child in branches else "annotation"


def _function_type_form(node, child):
    """``(selections: S, value: V) => PickReturnValue<o, c>``: a function type's result is a return where the function
    type is what a definition or a property holds, a parameter's type where it types a parameter (ts-pattern's
    ``with(pattern, handler: (..) => PickReturnValue<o, c>): Match<..>``: read as ``with``'s first return type, it
    hid ``Match``); its parameters' types are found before (``required_parameter``)."""
    return "parameter" if _nearest_above(node, _FUNCTION_TYPE_STOPS) in _PARAMETERS else "return"


def _nearest_above(node, kinds: frozenset) -> str | None:
    """The kind of ``node``'s nearest ancestor among ``kinds``, looked for ``_BOUND_DEPTH`` levels up; None past them."""
    current = _parent(node)
    for _ in range(_BOUND_DEPTH):
        if current is None:
            return None
        kind = current.type  # (read once: each read builds a str)
        if kind in kinds:
            return kind
        current = _parent(current)
    return None


_RETURNS = ("function_declaration", "function_expression", "arrow_function", "method_definition", "method_signature",
            "abstract_method_signature", "function_signature", "generator_function_declaration", "call_signature",
            "construct_signature", "function_type")
# how far up a property's type is looked for a type parameter, and the nodes that end the search (a definition's own)
_BOUND_DEPTH = 12
_PARAMETERS = frozenset({"required_parameter", "optional_parameter"})
_PROPERTY_SCOPES = frozenset(_RETURNS) | _PARAMETERS | {"type_alias_declaration", "interface_body",
                                                        "public_field_definition", "class_body"}
_BOUNDS = frozenset({"type_parameter", "constraint"})  # a property's type here is a bound's: an annotation
_BOUND_STOPS = _PROPERTY_SCOPES | _BOUNDS
_FUNCTION_TYPE_STOPS = _PROPERTY_SCOPES | {"property_signature"}  # a parameter's function type, or a held one's
TYPE_CONTEXTS = {
    **dict.fromkeys(("required_parameter", "optional_parameter"), "parameter"),
    **dict.fromkeys(_RETURNS, "return"), "function_type": _function_type_form,
    **dict.fromkeys(("public_field_definition", "abstract_class_field"), "field"), "property_signature": _property_form,
    "variable_declarator": "variable",
    "type_alias_declaration": alias_form, "type_parameter": _named, "conditional_type": _conditional_form,
    # names of declarations, and bases that are already ``inherits`` references
    **dict.fromkeys(("class_declaration", "abstract_class_declaration", "interface_declaration", "implements_clause",
                     "extends_type_clause", "extends_clause", "class_heritage"), None),
    **dict.fromkeys(("statement_block", "class_body", "program", "expression_statement", "as_expression",
                     "satisfies_expression", "call_expression", "new_expression", "interface_body"), "annotation"),
}
TYPE_ARGUMENTS = frozenset({"type_arguments"})
# `Foo[]` is `Array<Foo>` declared: its elements are Foo (parse.py ``array_types``, ``_arrays_named``)
ARRAY_TYPES = frozenset({"array_type"})
# a value of these is used as their first argument: `const app = await load()` where `load(): Promise<App>`
TRANSPARENT_TYPES = frozenset({"Promise", "PromiseLike", "Awaited", "Readonly", "Partial", "Required", "NonNullable"})
# ...and a promise's own methods, on such a value read as what it holds (`graph.ensure(url).then(..)` with `ensure():
# Promise<Node>`): the Promise's where the class lacks them, not an unknown member of Node's
WRAPPER_METHODS = frozenset({"then", "catch", "finally"})
# a call's type arguments (``match<Input>(x)``, ``match<a[], Option<a>>(xs)``): right after the callee's name, up to
# the ``>`` its arguments' ``(`` follows, holding no parentheses (``a < b, c > (d)`` in an argument has spaces)
_NAME_CHAR = lazy_re(r"[\w$]")


def receiver_path(receiver: str) -> str:
    """A receiver as the resolver reads it: a call's type arguments say nothing of which function is called
    (ts-pattern's ``match<Input>(x).with(..)``: what ``match`` returns, as for ``match(x)``)."""
    return _without_call_type_arguments(receiver) if "<" in receiver else receiver


def _without_call_type_arguments(text: str) -> str:
    """``text`` without each ``<..>`` that follows a name and ends at the next parenthesis, an opening one. A scan
    with a pointer to the next parenthesis, in linear time (a lazy pattern searched from each ``<`` was quadratic
    in a receiver of many ``<`` and no parenthesis: 32 KB took 4.5 s)."""
    parens = [k for k, ch in enumerate(text) if ch in "()"]
    kept, last, p = [], 0, 0
    i = text.find("<")
    while i != -1:
        while p < len(parens) and parens[p] < i:
            p += 1
        if p == len(parens):
            break
        j = parens[p]  # the first parenthesis after this `<`: the type arguments' end if it opens and `>` precedes it
        if text[j] == "(" and j - 1 > i and text[j - 1] == ">" and i > 0 and _NAME_CHAR.match(text[i - 1]):
            kept.append(text[last:i])
            last = j
            i = text.find("<", j)
        else:
            i = text.find("<", i + 1)
    kept.append(text[last:])
    return "".join(kept)


_CAST = lazy_re(r"^\(\s*[^()]+?\s+as\s+([A-Za-z_$][\w$.]*)\s*(?:<[^()]*>)?\s*\)$", re.S)
_ANGLE_CAST = lazy_re(r"^\(\s*<\s*([A-Za-z_$][\w$.]*)\s*(?:<[^()]*>)?\s*>\s*[\w$.]+\s*\)$", re.S)
_NEW = lazy_re(r"^\(?\s*new\s+([\w$.]+)\s*(?:<[^()]*>)?\s*(?:\(.*\))?\s*\)?$", re.S)


def _stem(path: str) -> str:
    for ext in EXTENSIONS:
        if path.endswith(ext):
            return path[: -len(ext)]
    return path


def module_keys(paths: list[str], files: dict, root) -> dict[str, list[str]]:
    """A file is imported by its path without extension; an ``index`` file also by its folder; a file of a package
    (nearest package.json with a name) also as ``name/<path in package>``, and the package's entry file as ``name``."""
    out = {}
    for path in paths:
        stem = _stem(path)
        keys = [stem]
        if posixpath.basename(stem) == "index":
            keys.append(posixpath.dirname(stem) or ".")
        out[path] = keys
    stems = {_stem(p): p for p in paths}
    for pkg_dir, (name, entries, subpaths, typed) in _packages(str(root), paths).items():
        prefix = f"{pkg_dir}/" if pkg_dir else ""
        for stem, path in stems.items():
            if stem.startswith(prefix):
                out[path].append(f"{name}/{stem[len(prefix):]}")
        entry = next((stems[prefix + e] for e in entries if prefix + e in stems), None)
        if entry:
            out[entry].append(name)
        declared = next((stems[prefix + e] for e in typed if prefix + e in stems), None) if typed else None
        if declared and declared != entry:  # what a TypeScript importer of the name reads (_module_files)
            out[declared].append(TYPES_KEY + name)
        for sub, targets in subpaths:
            for key, path in _exported_as(f"{name}/{sub}", [prefix + t for t in targets], stems):
                if key not in out[path]:
                    out[path].append(key)
    for folder, main in _mains(str(root), paths).items():  # require("./lib") of a folder whose package.json has main
        target = stems.get(main) or stems.get(posixpath.join(main, "index")) or _main_source(folder, main, stems)
        if target and folder not in out[target]:
            out[target].append(folder or ".")
    return out


def _main_source(folder: str, main: str, stems: dict[str, str]) -> str | None:
    """The source of a folder's ``main`` that names a build the repository does not hold (socket.io's emitters'
    ``./dist/index.js``, built of ``lib/index.ts``): its tests' ``import { Emitter } from ".."`` bound nothing."""
    prefix = f"{folder}/" if folder else ""
    if not main.startswith(prefix):
        return None
    return next((stems[prefix + s] for s in _typed_sources(main[len(prefix):])[1:] if prefix + s in stems), None)


def _exported_as(key: str, targets: list[str], stems: dict[str, str]) -> list[tuple[str, str]]:
    """What an ``exports`` subpath of a package names: ``zod/v4`` the first of its targets that is a file here;
    ``zod/v4/locales/*`` each file under its target's folder (``zod/v4/locales/en``)."""
    if not key.endswith("*"):
        hit = next((stems[t] for t in targets if t in stems), None)
        return [(key, hit)] if hit else []
    for target in targets:
        folder = target.partition("*")[0]
        found = [(key[:-1] + stem[len(folder):], path) for stem, path in stems.items()
                 if folder and stem.startswith(folder)]
        if found:
            return found
    return []


def _mains(root: str, paths: list[str]) -> dict[str, str]:
    """Folder -> the stem its package.json ``main`` names (relative to the repository), for folders holding files."""
    found = {}
    for folder in {posixpath.dirname(p) for p in paths}:
        while folder not in found:
            found[folder] = _main(root, folder)
            if not folder:
                break
            folder = posixpath.dirname(folder)
    return {f: m for f, m in found.items() if m}


@lru_cache(maxsize=4096)
def _package_data(root: str, folder: str) -> dict | None:
    """A folder's package.json inside the repository (never through a link leaving it), parsed once a run for every
    reader of it (``main``, ``types``, the name and entries, dependencies): ``{}`` where it does not parse or holds no
    object, None where the folder has none. Read only: the dict is shared."""
    raw = read_config(root, posixpath.join(folder, "package.json"))
    if raw is None:
        return None
    try:
        data = json.loads(raw.decode("utf-8", "replace"))
    except (ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


@lru_cache(maxsize=4096)
def _main(root: str, folder: str) -> str | None:
    main = (_package_data(root, folder) or {}).get("main")
    if not isinstance(main, str):
        return None
    stem = _stem(posixpath.normpath(posixpath.join(folder, main)))
    return None if stem.startswith("..") else stem


class PackageJson(NamedTuple):
    """What a named package.json says of how its package is imported by name."""
    name: str
    entries: list[str]  # the entry stems by preference (``source``, the ``import`` condition, ``types``, ``main``..)
    subpaths: list[tuple[str, list[str]]]  # its ``exports`` subpaths with their target stems
    typed: list[str]  # the stems its ``types`` (condition or field) names and their sources: what TypeScript reads


def _packages(root: str, paths: list[str]) -> dict[str, PackageJson]:
    """Folder -> the package.json record of every named package.json above the given files."""
    folders = {posixpath.dirname(p) for p in paths}
    found = {}
    for folder in folders:
        while folder not in found:
            found[folder] = _package_json(root, folder)
            if not folder:
                break
            folder = posixpath.dirname(folder)
    return {f: v for f, v in found.items() if v}


@lru_cache(maxsize=4096)
def _package_json(root: str, folder: str) -> PackageJson | None:
    data = _package_data(root, folder)
    if not data or not isinstance(data.get("name"), str):
        return None
    exports = data.get("exports")
    subpaths = _subpaths(exports) if isinstance(exports, dict) else []
    if isinstance(exports, dict):
        exports = exports.get(".", exports)
    typed = [_types_condition(exports), data.get("types"), data.get("typings")]
    if isinstance(exports, dict):
        exports = exports.get("import") or exports.get("default") or exports.get("types") if isinstance(exports, dict) else exports
    declared = [v for v in (data.get("source"), exports, data.get("types"), data.get("typings"), data.get("module"),
                            data.get("main")) if isinstance(v, str)]
    entries = []
    for entry in declared:
        entries.extend(_with_source(_stem(posixpath.normpath(entry))))
    return PackageJson(data["name"], entries + ["src/index", "index", "lib/index"], subpaths,
                       [s for t in typed if isinstance(t, str) for s in _typed_sources(_stem(posixpath.normpath(t)))])


def _types_condition(exports) -> str | None:
    """The ``types`` condition of an ``exports`` entry, at its top or under another condition (socket.io-client's
    ``"import": {"types": ..}``), the first in order; None without one."""
    if not isinstance(exports, dict):
        return None
    if isinstance(exports.get("types"), str):
        return exports["types"]
    return next((t for v in exports.values() if (t := _types_condition(v)) is not None), None)


def _typed_sources(stem: str) -> list[str]:
    """A declaration stem a package.json names, then its sources: under ``src/`` or ``lib/`` where it is compiled
    output (socket.io's ``dist/index.d.ts`` is built of ``lib/index.ts``, engine.io's ``build/engine.io.d.ts`` of
    ``lib/engine.io.ts``)."""
    built = next((b for b in _BUILT if stem.startswith(b)), None)
    rest = stem[len(built):] if built else None
    return [stem] + ([f"src/{rest}", f"lib/{rest}"] if rest is not None else [])


_BUILT = ("dist/", "lib/", "build/", "out/", "esm/", "cjs/")


def _with_source(stem: str) -> list[str]:
    """A stem a package.json names, then its source in ``src/`` where it is compiled output (``dist/index``)."""
    built = next((b for b in _BUILT if stem.startswith(b)), None)
    return [stem, "src/" + stem[len(built):]] if built else [stem]


_MAX_SUBPATHS = 500  # a package's exports map is short; a hostile one costs no more than this


def _subpaths(exports: dict) -> list[tuple[str, list[str]]]:
    """``"./v4": {"@zod/source": "./src/v4/index.ts", "import": "./v4/index.js"}`` -> ``("v4", ["src/v4/index",
    "v4/index", "src/v4/index"])``: each subpath with the stems its conditions name, in order, a compiled one's
    source in ``src/`` after it; ``./v4/locales/*`` keeps its star."""
    out = []
    for key, value in list(exports.items())[:_MAX_SUBPATHS]:
        if not isinstance(key, str) or not key.startswith("./") or key == "./package.json":
            continue
        stems = []
        for target in _string_leaves(value):
            stem = _stem(posixpath.normpath(target)) if "*" not in target else posixpath.normpath(target)
            if not stem.startswith(".."):
                stems.extend(_with_source(stem))
        if stems:
            out.append((key[2:], stems))
    return out


# conditions only one environment reads (a React server component's build, a browser's, an edge worker's): what
# every other importer sees is under the general conditions, written after them or not
ENVIRONMENT_CONDITIONS = frozenset({"react-server", "react-native", "browser", "worker", "workerd", "edge-light",
                                    "electron", "deno", "bun"})


def _string_leaves(value, depth: int = 0) -> list[str]:
    """The paths a conditional export names, in the order written (conditions nest a few levels), an environment's
    own conditions last."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict) and depth < 4:
        ordered = sorted(value.items(), key=lambda kv: kv[0] in ENVIRONMENT_CONDITIONS)
        return [leaf for _, v in ordered for leaf in _string_leaves(v, depth + 1)]
    if isinstance(value, list) and depth < 4:
        return [leaf for v in value for leaf in _string_leaves(v, depth + 1)]
    return []


package_scope = no_package_scope


NODE_BUILTINS = frozenset({"assert", "async_hooks", "buffer", "child_process", "cluster", "console", "crypto", "dgram",
                           "dns", "events", "fs", "http", "http2", "https", "inspector", "module", "net", "os", "path",
                           "perf_hooks", "process", "querystring", "readline", "repl", "stream", "string_decoder",
                           "timers", "tls", "tty", "url", "util", "v8", "vm", "worker_threads", "zlib", "bun", "deno"})


def is_external(importer: str, spec: str, index: dict, root) -> bool:
    """A package a package.json above the importer depends on, or Node's own; a non-relative spec that is neither
    may be an alias the configuration did not explain (not known to be outside). SvelteKit's own modules
    (``$app/forms``, ``$env/static/private``, a route's generated ``./$types``) where the package depends on it."""
    if _kit_module(spec) and _depends_on(root, importer, _KIT_PACKAGES):
        return True
    if spec.startswith("."):
        return False
    parts = spec.split("/")
    package = "/".join(parts[:2]) if spec.startswith("@") else parts[0]
    if spec.startswith(("node:", "bun:")) or package in NODE_BUILTINS:
        return True
    return _depends_on(root, importer, (package,))


@lru_cache(maxsize=4096)
def _dependencies(root: str, folder: str) -> frozenset:
    data = _package_data(root, folder) or {}
    found = set()
    for key in ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies"):
        if isinstance(data.get(key), dict):
            found.update(data[key])
    return frozenset(found)


def import_binding(module: str | None, name: str | None, alias: str | None):
    """``import d from m`` binds d to m's default export; ``import * as ns`` / ``require`` bind the module."""
    if name == "*":
        return (alias, module, None) if alias else (None, module, "*")
    if name is None:
        return (alias, module, "default") if alias else (None, module, None)
    return (alias or name), module, name


# the key of a monorepo package's entry as TypeScript reads it (its ``types``), where that is not the entry the
# ``import`` condition names: socket.io's ``"import": "./wrapper.mjs"`` re-exports the CommonJS build by destructuring,
# so a TypeScript importer's `Server` was guessed among every `Server`; TypeScript takes ``"types":
# "./dist/index.d.ts"``, built of ``lib/index.ts``. Never a module name (``<`` starts none).
TYPES_KEY = "<types>"


def resolve_module(importer: str, spec: str | None, index: dict, root) -> list[str]:
    if spec is None:  # export {a as b} / export default a: the file's own names
        return [importer]
    found = _module_files(importer, spec, index, root)
    return _declarations_read(found, index, root) if found and _binds_declarations(importer) else found


def _binds_declarations(importer: str) -> bool:
    """Whether an import binds a JavaScript module's declaration files before its code: a TypeScript file's does (as
    the type checker reads it); a component's does not, whatever its script's ``lang``: the bundler's plugin compiles
    it and runs the code its import names, the declaration file giving the types only it defines (carbon-components-
    svelte's 1,409 components import `../utils/debounce.js` beside `debounce.d.ts`: bound to the declarations, 60
    functions they call were "no reference" at 0.6, their callers and blast radius empty)."""
    return reads_declarations(importer) and not importer.endswith(COMPONENTS)


def _module_files(importer: str, spec: str, index: dict, root) -> list[str]:
    if spec.startswith("."):
        base = posixpath.normpath(posixpath.join(posixpath.dirname(importer), spec))
        return _lookup(base, index) or _built_from_sources(base, index)
    typed = index.get(TYPES_KEY + spec) if _binds_declarations(importer) else None
    if typed:  # (before a baseUrl's candidate, which finds the package's name among the module keys)
        return typed
    for base in _tsconfig_candidates(str(root), posixpath.dirname(importer), spec):
        found = _lookup(base, index)
        if found:
            return found
    if spec.startswith(_NUXT_ALIASES):  # no package is named so: Nuxt's aliases, where the app is Nuxt's
        found = _nuxt_alias(str(root), posixpath.dirname(importer), spec, index)
        if found is not None:
            return found
    if spec == _KIT_LIB or spec.startswith(_KIT_LIB + "/"):  # no package is named so: SvelteKit's alias
        found = _kit_lib(str(root), posixpath.dirname(importer), spec, index)
        if found is not None:
            return found
    if spec.startswith("@/"):  # no package is named so (a scope has a name): a bundler's alias of the source
        return _source_alias(str(root), posixpath.dirname(importer), spec[2:], index)
    return index.get(spec) or index.get(_stem(spec)) or []  # a package of the monorepo, by name


# Nuxt's aliases (its generated .nuxt/tsconfig.json, never committed, maps them): `~/` and `@/` the source folder
# (`app/` in Nuxt 4, else the package's), `~~/` and `@@/` the package's folder, `#shared/` and `#server/` its
# `shared/` and `server/`: elk's 184 imports so written were unresolved, their calls guessed by name
_NUXT_ALIASES = ("~/", "~~/", "@/", "@@/", "#shared/", "#server/")
_NUXT_SOURCE = "app"


def _nuxt_alias(root: str, folder: str, spec: str, index: dict) -> list[str] | None:
    """The files a Nuxt alias names, where a package.json above the importer depends on Nuxt; None elsewhere."""
    package = _nuxt_package(root, folder)
    if package is None:
        return None
    head, _, rest = spec.partition("/")
    if head in ("~", "@"):
        bases = [posixpath.join(package, _NUXT_SOURCE, rest), posixpath.join(package, rest)]
    elif head in ("~~", "@@"):
        bases = [posixpath.join(package, rest)]
    else:
        bases = [posixpath.join(package, head[1:], rest)]
    return next((found for base in bases if (found := _lookup(posixpath.normpath(base), index))), [])


# SvelteKit's alias of its package's `src/lib` (its generated .svelte-kit/tsconfig.json, never committed, maps it):
# sveltejs/realworld's 23 `$lib/..` imports were unresolved, so `api.post(..)` of `import * as api from
# '$lib/api.js'` reached nothing and `api.js`'s `post`, `put` and `del` were "no reference" at 0.6
_KIT_LIB = "$lib"
_KIT_PACKAGES = ("@sveltejs/kit",)


def _kit_module(spec: str) -> bool:
    """A module SvelteKit makes (its runtime's ``$app/..`` and ``$env/..``, the types it generates beside each route,
    ``./$types``): never a file of the repository."""
    return spec.startswith(("$app/", "$env/")) or spec == "$service-worker" or spec.rpartition("/")[2] == "$types"


def _kit_lib(root: str, folder: str, spec: str, index: dict) -> list[str] | None:
    """The files ``$lib/..`` names where the nearest package.json above the importer depends on SvelteKit (its
    ``src/lib`` folder); None elsewhere."""
    for up in _folders_up(folder):
        if _package_data(root, up) is not None:
            if not any(p in _dependencies(root, up) for p in _KIT_PACKAGES):
                return None
            return _lookup(posixpath.normpath(posixpath.join(up, "src/lib" + spec[len(_KIT_LIB):])), index)
    return None


def _source_alias(root: str, folder: str, rest: str, index: dict) -> list[str]:
    """``@/common/api.service`` that no tsconfig / jsconfig maps: the alias Vue CLI defines itself, and Vite's and
    webpack's configs by convention, for the package's ``src/`` (Nuxt's for the package's own folder), the nearest
    package.json's folder deciding; none where neither holds the file (the alias was set elsewhere)."""
    for above in _folders_up(folder):
        if _package_data(root, above) is not None:
            return _lookup(posixpath.normpath(posixpath.join(above, "src", rest)), index) or \
                _lookup(posixpath.normpath(posixpath.join(above, rest)), index)
    return []


def _declarations_read(found: list[str], index: dict, root) -> list[str]:
    """What a TypeScript file reads of a JavaScript module: its declarations, never the code. TypeScript takes
    ``a.d.ts`` before ``a.js`` and a package's ``types`` before its ``main``, so hapi's type test ``import { server }
    from '../..'`` (main ``lib/index.js``, types ``lib/index.d.ts``) binds the declared ``server``; bound to the code,
    the test's calls left the declarations it checks unreferenced (dead at 0.6). A module with TypeScript code, or
    with no declaration file, is read as found."""
    if any(not declaration_only(p) and reads_declarations(p) for p in found):
        return found
    declared = [p for p in found if declaration_only(p)]
    for path in found:
        stem = _stem(path)  # a.d.ts is keyed a; a.d.mts (a.mjs's) and a.d.cts a.d, the .d.ts rule aside
        declared += [d for key in (stem, stem + ".d") for d in index.get(key, ()) if declaration_only(d)]
        declared += _package_types(str(root), path, index)
    return list(dict.fromkeys(declared)) or found


def _package_types(root: str, path: str, index: dict) -> list[str]:
    """The declaration file the package.json ``types`` (or ``typings``) names where the JavaScript file is that
    package's entry (its ``main``, or ``index.js`` without one) and the repository holds the declarations: the
    nearest package.json decides, as for ``main``; another file of the package keeps its own declarations only."""
    for folder in _folders_up(posixpath.dirname(path)):
        types = _types(root, folder)
        if types is not None:
            entry = _main(root, folder) or posixpath.join(folder, "index")
            if not types or entry != _stem(path):
                return []
            return [p for p in index.get(_stem(types), ()) if declaration_only(p)]
    return []


@lru_cache(maxsize=4096)
def _types(root: str, folder: str) -> str | None:
    """A folder's package.json ``types``/``typings`` relative to the repository; ``""`` where its package.json
    names none (the search stops there), ``None`` where the folder has no package.json."""
    data = _package_data(root, folder)
    if data is None:
        return None
    types = data.get("types") or data.get("typings")
    if not isinstance(types, str):
        return ""
    path = posixpath.normpath(posixpath.join(folder, types))
    return "" if path.startswith("..") else path


# a build's output folder (`dist/`, `dist/esm/`, `build/cjs/`), never committed: a type test's `../../dist/index.js`
_OUTPUT_PATH = lazy_re(r"^(?:(.*)/)?(?:dist|build|out)/(?:(?:esm|cjs|mjs|types)/)?(.+)$")


def _built_from_sources(base: str, index: dict) -> list[str]:
    """What a path into a build's output that the repository does not hold is built from: the same path under
    ``src/`` beside the output folder (kysely's type tests and benchmarks import ``../../dist/index.js``, its
    ``src/index.ts`` compiled; every call through it was external). As ``_with_source`` reads a package.json's."""
    m = _OUTPUT_PATH.match(base)
    if m is None:
        return []
    return _lookup(posixpath.join(m.group(1) or "", "src", m.group(2)), index)


def _lookup(base: str, index: dict) -> list[str]:
    """Files a path names: itself (``./a.js`` may be ``a.ts``), ``a.*``, or ``a/index.*``; files before folders,
    and code before its declaration file (``a.js`` before ``a.d.ts``: what runs is what a name binds to first; the
    declaration file still gives the types only it defines)."""
    if base.startswith("../"):
        return []
    stem = _stem(base) if base.endswith(EXTENSIONS) else base
    found = index.get(stem) or index.get(base) or []
    return sorted(found, key=lambda p: (posixpath.basename(_stem(p)) == "index" and _stem(p) != stem,
                                        declaration_only(p)))


def _tsconfig_candidates(root: str, folder: str, spec: str) -> list[str]:
    config = _nearest_tsconfig(root, folder)
    if config is None:
        return []
    has_base_url, base_url, paths = config
    out = []
    for pattern, targets in paths:
        star = pattern.endswith("*")
        prefix = pattern[:-1] if star else pattern
        if (star and spec.startswith(prefix)) or spec == pattern:
            rest = spec[len(prefix):] if star else ""
            out.extend(posixpath.normpath(posixpath.join(base_url, t.replace("*", rest))) for t in targets)
    if has_base_url:
        out.append(posixpath.normpath(posixpath.join(base_url, spec)))
    return out


@lru_cache(maxsize=4096)
def _nearest_tsconfig(root: str, folder: str):
    """(baseUrl set?, baseUrl or the config's folder, [(pattern, targets)]) of the closest tsconfig/jsconfig.json."""
    for above in _folders_up(folder):
        for name in ("tsconfig.json", "jsconfig.json"):
            options = _compiler_options(Path(root), posixpath.join(above, name) if above else name)
            if options is not None:
                # without a baseUrl, paths are relative to the config that sets them (an inherited one's folder)
                base_url = posixpath.normpath(posixpath.join(above, options.get("baseUrl",
                                                                                options.get(_PATHS_BASE, "."))))
                paths = [(k, v) for k, v in (options.get("paths") or {}).items() if isinstance(v, list)]
                return ("baseUrl" in options, "" if base_url == "." else base_url,
                        sorted(paths, key=lambda kv: -len(kv[0])))
    return None


def _compiler_options(root: Path, rel: str, depth: int = 0) -> dict | None:
    """compilerOptions of one config file, merged over the file it ``extends`` (relative paths only)."""
    raw = read_config(root, rel)  # refused past the repository's root, so "extends" cannot leave it
    try:
        data = _loose_json(raw.decode("utf-8", "replace")) if raw is not None else None
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    options = _typed_options(data.get("compilerOptions"))
    parent = data.get("extends")
    if isinstance(parent, str) and parent.startswith(".") and depth < 5:
        parent_rel = posixpath.normpath(posixpath.join(posixpath.dirname(rel), parent))
        parent_rel = parent_rel if parent_rel.endswith(".json") else parent_rel + ".json"
        inherited = _compiler_options(root, parent_rel, depth + 1) or {}
        for key in ("baseUrl", _PATHS_BASE):  # a baseUrl (and paths without one) is relative to the file that sets it
            if key in inherited or (key == _PATHS_BASE and "paths" in inherited):
                inherited[key] = posixpath.relpath(
                    posixpath.join(posixpath.dirname(parent_rel) or ".", inherited.get(key, ".")),
                    posixpath.dirname(rel) or ".")
        if "paths" in options:  # paths set here are this file's, whatever the parent's were relative to
            inherited.pop(_PATHS_BASE, None)
        options = {**inherited, **options}
    return options


_PATHS_BASE = " pathsBase"  # (no compilerOptions key: a space) the folder inherited paths are relative to


def _typed_options(options) -> dict:
    """The compilerOptions resolution reads, with the types it expects: a repository's file may hold anything."""
    if not isinstance(options, dict):
        return {}
    out = {}
    if isinstance(options.get("baseUrl"), str):
        out["baseUrl"] = options["baseUrl"]
    if isinstance(options.get("paths"), dict):
        out["paths"] = {k: [t for t in v if isinstance(t, str)] for k, v in options["paths"].items()
                        if isinstance(k, str) and isinstance(v, list)}
    return out


def _loose_json(text: str):
    """tsconfig files allow comments and trailing commas; strip them outside strings."""
    out, i, n, in_str = [], 0, len(text), False
    while i < n:
        c = text[i]
        if in_str:
            out.append(c)
            if c == "\\" and i + 1 < n:
                out.append(text[i + 1])
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
            out.append(c)
        elif text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
            continue
        elif text.startswith("/*", i):
            i = text.find("*/", i + 2)
            i = n if i < 0 else i + 2
            continue
        else:
            out.append(c)
        i += 1
    return json.loads(re.sub(r",(\s*[}\]])", r"\1", "".join(out)))


def submodule(paths: list[str], name: str, index: dict) -> list[str] | None:
    """A Vue or Svelte component's default export is the component, the module itself (``<script setup>`` writes
    none): ``import CartBadge from "./CartBadge.vue"``."""
    if name == "default" and paths and all(p.endswith(COMPONENTS) for p in paths):
        return paths
    return None


_REQUIRE = lazy_re(r"""^require\(\s*["'`]([^"'`]+)["'`]\s*\)$""")


def receiver_module(importer: str, receiver: str, index: dict, root) -> list[str]:
    """``require("./utils").alias()``: the module a ``require`` in the receiver names."""
    m = _REQUIRE.match(receiver)
    return resolve_module(importer, m.group(1), index, root) if m else []


def inline_type(receiver: str) -> str | None:
    """``new Foo(...)`` -> ``Foo`` (a plain call is not a constructor in JavaScript); a cast: ``(x as Foo)``,
    ``(x as unknown as Foo<T>)``, ``(<Foo>x)`` -> ``Foo``."""
    m = _NEW.match(receiver) or _CAST.match(receiver) or _ANGLE_CAST.match(receiver)
    return m.group(1) if m else None


# settle_references' steps in the order they apply, each with the test saying whether the file has work for it (a
# step without its kinds hands the references back unchanged)
_SETTLING = ((_kinds_wanted(TYPE_BOUND), _bounds_named),
             (_kinds_wanted(RETURNS_BARE), _bare_call_returns),
             (_kinds_wanted(TYPE_RESULT, TYPE_ARGUMENT, OVERLOAD), _type_argument_results),
             (_kinds_wanted(ALIAS_PARAMETER), _without_parameter_bases),
             (_kinds_wanted(SUBCLASS), _paired_bases),
             (_kinds_wanted(UNION_MEMBER), _union_members),
             (_receivers_asserted, _without_non_null),
             (_kinds_wanted("type.return", "type.field"), _primitives_named),
             (lambda kinds, _raw_refs: any(kind[:5] == "type." for kind in kinds), _arrays_named),
             (_kinds_wanted(FUNCTION_METHOD), _invoked_through_function_methods),
             (_kinds_wanted("reexport"), _without_unnamed_default))
