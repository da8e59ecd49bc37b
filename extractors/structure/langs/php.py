"""PHP: a file's ``namespace App\\Http;`` is its package (the files of one namespace see each other's classes and
functions unimported, as PSR-4 lays them out: ``App\\Http\\Kernel`` in ``.../Http/Kernel.php``); ``use A\\B\\C``,
``use A\\B\\C as D``, ``use A\\{B, C}``, ``use function A\\f``, ``use const A\\X`` import a name from namespace
``A\\B``. An unqualified function or constant no namespace of the file holds is the global namespace's (PHP falls
back to it), and where the repository defines none, PHP's own or an extension's: external, never guessed among the
repository's. Variables are written ``$x``: the ``$`` is dropped from receivers (``$this->client`` reads
``this.client``), ``static::`` and ``parent::`` read as ``self`` and ``super``; magic methods (``__construct``,
``__get``, ``__toString``...) are entry points: PHP calls them."""

from __future__ import annotations

import re

from . import (MIXIN, TEMPLATE_VALUE, DocMember, QuotedTemplate, entry_reason_with, first_block, has_kind,
               package_blocks, package_keys, quoted_template, settle_templates, with_block, with_entries)
from ..lazyre import lazy_re
from ..markup import blanked

GROUP = "php"
MODULE_KEYS_FROM_PACKAGES = True  # the paths and the files' namespaces: ``java``'s flag
PATH_SEPARATOR = "\\"  # use A\{B, C}: the group's prefix and each name, one module path
MEMBER_ACCESS = ("?->", "->", "::")  # $this->client->send(), Foo::make()->run(): receivers read with "."
SIGILS = "$"  # written before a variable's name: $this is this
NAMED_CONSTRUCTORS = "__construct"  # what new Foo() runs (its own or a base class's)
CAPITALIZED_CLASSES = True  # Foo::X, Foo::$cache: a class's static member, its class imported or of the namespace
IMPORTS_PASS_ON = False  # a use statement binds names in its own file only
GLOBAL = "\\"  # the package of a file without a namespace statement
# PHP's reserved words: never a definition's name however an error node reads them (the default list has Go's
# ``go``, ``select``..., which PHP methods are often named)
KEYWORDS = frozenset({
    "abstract", "as", "break", "case", "catch", "class", "const", "continue", "do", "else", "elseif", "enddeclare",
    "endfor", "endforeach", "endif", "endswitch", "endwhile", "extends", "final", "finally", "for", "foreach",
    "function", "goto", "if", "implements", "instanceof", "insteadof", "interface", "namespace", "private",
    "protected", "public", "return", "static", "switch", "throw", "trait", "try", "var", "while"})
# reserved, but since PHP 7 fine method names (``public function list()``, ``->print()``): junk only outside a class
CONTEXTUAL_KEYWORDS = frozenset({
    "and", "array", "callable", "clone", "declare", "default", "echo", "empty", "eval", "exit", "fn", "global",
    "include", "include_once", "isset", "list", "match", "new", "or", "print", "readonly", "require", "require_once",
    "unset", "use", "xor", "yield"})
# PHP calls these itself: a class's construction, property overloading, conversions, serialization, cloning
MAGIC_METHODS = frozenset({
    "__construct", "__destruct", "__call", "__callStatic", "__get", "__set", "__isset", "__unset", "__sleep",
    "__wakeup", "__serialize", "__unserialize", "__toString", "__invoke", "__set_state", "__clone", "__debugInfo"})
# PHPUnit's mock objects and their builders (`$this->handler = $this->createMock(..)`, then `$this->handler->expects(
# $this->once())->willReturn(..)`), and an enum's own static methods (`Level::cases()`, `Level::tryFrom($v)`): called
# on a value whose type is unknown here, a name no definition of the repository bears is the library's or PHP's:
# external, not unresolved (the resolver's ``_unowned_builtin``). Names a repository may well define (`method`,
# `with`, `from`) are left out: their guesses stay as they were.
BUILTIN_METHODS = frozenset({
    "expects", "willReturn", "willReturnCallback", "willReturnMap", "willReturnSelf", "willReturnArgument",
    "willReturnOnConsecutiveCalls", "willReturnReference", "willThrowException", "withConsecutive", "withAnyParameters",
    "onlyMethods", "addMethods", "setConstructorArgs", "disableOriginalConstructor", "disableOriginalClone",
    "disableArgumentCloning", "getMock", "getMockForAbstractClass", "getMockForTrait", "setMockClassName",
    "cases", "tryFrom"})
UNOWNED_BUILTINS_EXTERNAL = True
_CLASS_PATH = lazy_re(r"^\\?(?:[A-Za-z_]\w*\\)+[A-Za-z_]\w*$")  # Psr7\Utils, \App\Foo: a class named whole
_QUALIFIED = lazy_re(r"\\?(?:[A-Za-z_]\w*\\)+(?=[A-Za-z_])")  # \App\Models\User -> User (the last name)
# kinds whose receiver written as a class's path is kept whole: a call's, and a protocol method's (a listener registered
# by its class written fully qualified: `Event::listen(E::class, \App\Handlers\Stamp::class)`, php.scm)
_WHOLE_PATH_KINDS = frozenset({"call", "protocol"})
_NEW = lazy_re(r"^\(?\s*new\s+\\?((?:[A-Za-z_]\w*\\)*[A-Za-z_]\w*)\s*(?:\(.*\))?\s*\)?$", re.S)
# Laravel's container: app(Foo::class), resolve(Foo::class), App::make(Foo::class), app()->make(Foo::class)
_CONTAINER = lazy_re(r"^(?:app|resolve|App(?:::|\.)make|app\(\)(?:->|\.)make)\(\s*\\?((?:[A-Za-z_]\w*\\)*[A-Za-z_]\w*)"
                     r"(?:::|\.)class\b.*\)$", re.S)


def _magic(name: str, kind: str, parent: str | None) -> str | None:
    if kind == "method" and name in MAGIC_METHODS:
        return "magic method"
    if kind == "method" and name.startswith("test") and parent and parent.endswith("Test"):
        return "PHPUnit test"  # PHPUnit runs a *Test class's test* methods
    return _laravel(name, kind, parent)


# the model events Eloquent calls an observer's method of the name for (``User::observe(UserObserver::class)``)
ELOQUENT_EVENTS = frozenset({"retrieved", "creating", "created", "updating", "updated", "saving", "saved",
                             "deleting", "deleted", "trashed", "forceDeleting", "forceDeleted", "restoring",
                             "restored", "replicating"})


def _laravel(name: str, kind: str, parent: str | None) -> str | None:
    """Laravel calls these by name: a policy's abilities (``$this->authorize(ArticlePolicy::DELETE, $a)``,
    ``@can('update', $a)``: the Gate calls ``ArticlePolicy::delete``), an observer's model events."""
    if kind != "method" or not parent:
        return None
    if parent.endswith("Policy"):
        return "Laravel policy ability"
    if parent.endswith("Observer") and name in ELOQUENT_EVENTS:
        return "Eloquent observer event"
    return None


# files Laravel reaches by their place, and the methods it calls there by name (its listeners are found by event
# discovery or registered by class: ``Event::listen(BackupZipWasCreated::class, EncryptBackupArchive::class)``; a
# notification channel is handed to ``ChannelManager::extend`` inside a closure)
LARAVEL_FILES = (
    ("Laravel's event dispatcher calls a listener's handle", lazy_re(r"(?:^|/)Listeners/(?:.*/)?\w+\.php$"),
     frozenset({"handle", "subscribe"})),
    ("Laravel's notification sender calls a channel's send",
     lazy_re(r"(?:^|/)Notifications/Channels/(?:.*/)?\w+Channel\.php$"), frozenset({"send"})),
)


def file_entries(path: str, defs: list, _root) -> list:
    """A Laravel listener's ``handle``, a notification channel's ``send``: public methods of a class of the file,
    which the framework calls by name (``LARAVEL_FILES``)."""
    rule = next(((why, names) for why, pattern, names in LARAVEL_FILES if pattern.search(path)), None)
    if rule is None:
        return defs
    why, names = rule
    classes = {d.qualname for d in defs if d.kind == "class"}
    return with_entries(defs, lambda d: why if d.kind == "method" and d.parent in classes and d.name in names
                        and d.exported else None)


# attributes that register nothing (they tell the engine or a static analyser about the code)
PURE_DECORATORS = frozenset({"Override", "Deprecated", "ReturnTypeWillChange", "AllowDynamicProperties",
                             "SensitiveParameter", "Pure", "Immutable", "NoReturn"})
_entry_reason = entry_reason_with(PURE_DECORATORS, _magic)
DECLARED = "<declared>"  # parse.DECLARED: a member a class's docblock declares (``doc_members``)


def entry_reason(name: str, kind: str, parent: str | None, decorators: tuple) -> str | None:
    if DECLARED in decorators:  # no code to remove: the API its class's __call / __get answers, for its users
        return "declared by a docblock"
    return _entry_reason(name, kind, parent, decorators)


def settle_references(raw_refs: list) -> list:
    """Templates' patterns (``$this->{"add_$key"}()``: ``add_*``, ``langs.settle_templates``), then receivers."""
    return _receivers_settled(settle_templates(_template_values_read(_pest_cases(raw_refs)), member_template))


PEST_CASE = "pest_case"  # the query's mark: a closure given to Pest's test, it, beforeEach or afterEach


def _pest_cases(raw_refs: list) -> list:
    """Pest binds ``$this`` in a test's closure to the test case class a file's ``uses(TestCase::class)`` names
    (laravel.io's ``$this->login()`` is ``CreatesUsers::login`` of that class's trait, not a guess at every
    ``login``): a ``$this`` receiver inside such a closure written as that class. Outside one (a class the file
    declares), and in a file with no ``uses``, ``$this`` stays as it is. The marks go."""
    if not has_kind(raw_refs, PEST_CASE):
        return raw_refs
    case = _pest_case_class(raw_refs)
    spans = [(r.start, r.name_start) for r in raw_refs if r.kind == PEST_CASE and r.name_start is not None]
    out = []
    for r in raw_refs:
        if r.kind == PEST_CASE:
            continue
        if case and r.receiver == "this" and any(start < r.start < end for start, end in spans):
            r = r._replace(receiver=case)
        out.append(r)
    return out


def _pest_case_class(raw_refs: list) -> str | None:
    """The class ``uses(X::class, ..)`` names first: the ``X`` read on the call's line right after ``uses``."""
    for i, r in enumerate(raw_refs):
        if r.kind == "call" and r.name == "uses" and r.receiver is None:
            named = next((t for t in raw_refs[i + 1:] if t.line == r.line and t.start > r.start
                          and t.kind == "type.value"), None)
            if named is not None:
                return named.name
    return None


def _template_values_read(raw_refs: list) -> list:
    """A ``template_value`` as ``settle_templates`` reads it (variable as name, value as receiver): the query captures
    them the other way round, since a receiver's text loses ``$`` (``"add_$key"`` would read ``"add_key"``)."""
    return [r._replace(name=r.receiver, receiver=r.name) if r.kind == TEMPLATE_VALUE else r for r in raw_refs]


# PHP's string interpolations: {$x->y}, ${x}, $x, $x->y, $x[k]
_PHP_TEMPLATE = QuotedTemplate(".", '"', lazy_re(r"\{\$[^}]*\}|\$\{[^}]*\}|\$\w+(?:->\w+|\[[^\]]*\])?"))


def member_template(text: str) -> str | None:
    """``"add_$key"``, ``'get' . ucfirst($name)``, ``"handle{$event}"`` -> ``add_*``, ``get*``, ``handle*``."""
    return quoted_template(text, _PHP_TEMPLATE)


def _receivers_settled(raw_refs: list) -> list:
    """``static::m()`` and ``parent::m()`` are the class's and its base's (``self`` / ``super``); a qualified name
    in a receiver is its last name (``\\App\\Foo::make()->run()``: ``Foo``), but a call's namespace stays
    (``\\App\\f()``: ``f`` of ``App``, see ``qualified``); ``new static()``, ``new self()`` build the
    enclosing class, which no name lookup finds (dropped; returned, the function's own object: ``this``); a declared ``: static`` / ``: self`` is the class itself
    (``Self``: a fluent method's chain goes on on its class); a closure's method (``(function () {})->bindTo()``) is
    PHP's ``Closure``'s."""
    out = []
    for ref in raw_refs:
        receiver, name = ref.receiver, ref.name
        if ref.kind == "callback" and receiver in NAMING_ATTRIBUTES:  # #[DataProvider('rows')]: $this's rows()
            out.append(ref._replace(receiver="this"))
            continue
        if receiver and _CLOSURE.match(receiver):
            receiver = "Closure"  # (function () {...})->bindTo($x): PHP's Closure, not the closure's text
        if receiver:
            if receiver.endswith("\\") or (ref.kind in _WHOLE_PATH_KINDS and _CLASS_PATH.match(receiver)):
                # \\A\\f(): f of namespace A; Psr7\\Utils::streamFor(): of class A\\Utils; written whole (``qualified``)
                out.append(ref)
                continue
            receiver = _QUALIFIED.sub("", receiver)
            head, dot, rest = receiver.partition(".")
            receiver = _RELATIVE.get(head, head) + dot + rest
        if ref.kind == "call" and not receiver and name in _RELATIVE:
            continue
        if ref.kind == "returns_call" and not receiver and name in _RELATIVE:
            # return new static / new self: the class's own object, as `return $this` (a fluent method's) is
            out.append(ref._replace(kind="returns", name="this"))
            continue
        if ref.kind.startswith("type") and name in ("self", "static"):
            name = "Self"
        out.append(ref._replace(receiver=receiver, name=name) if (receiver, name) != (ref.receiver, ref.name)
                   else ref)
    return out


_RELATIVE = {"static": "self", "parent": "super", "self": "self", "__CLASS__": "self"}  # [__CLASS__, 'handle']
# the attributes of test and benchmark frameworks that name a method of their class by a string (php.scm captures
# the attribute's name as the callback's receiver): PHPUnit's, PHPBench's
NAMING_ATTRIBUTES = frozenset({"DataProvider", "Depends", "DependsUsingDeepClone", "DependsUsingShallowClone",
                               "BeforeMethods", "AfterMethods", "BeforeClassMethods",
                               "AfterClassMethods", "ParamProviders"})
_CLOSURE = lazy_re(r"^\(\s*(?:static\s+)?(?:function|fn)\s*\(")  # a closure written as a receiver


# a docblock's type as written (``?Foo``, ``\\A\\Foo``, ``Foo[]``, ``int|static``, ``Foo|null``): one word, read by
# ``_one_class``; a generic's arguments may hold spaces (``array<int, Foo>``), one level deep
_DOC_WORD = r"((?:\$this\b|<[^<>\n]*>|[^\s$*])+)(?=[\s*]|$)"
_DOC_VAR = lazy_re(r"@(?:phpstan-|psalm-)?(var|param)\s+" + _DOC_WORD + r"\s+(?:&\s*)?(?:\.\.\.)?\$(\w+)")
# a property's ``@var Foo``, ``@var Foo Request being sent`` or ``@var Foo $name``: the property's own type
_DOC_FIELD = lazy_re(r"@var\s+" + _DOC_WORD)
_DOC_RETURN = lazy_re(r"@return\s+" + _DOC_WORD)
# names a docblock writes that are no class: a value's kind, never the repository's
DOC_SCALARS = frozenset({
    "int", "integer", "string", "bool", "boolean", "float", "double", "array", "callable", "void", "null", "false",
    "true", "resource", "never", "scalar", "numeric", "list", "class-string", "non-empty-string", "positive-int",
    "negative-int", "non-empty-array", "array-key", "callable-string", "closed-resource"})
# a union holding one of these may be any object: nothing known
DOC_ANY = frozenset({"mixed", "object", "iterable"})
# an array-like generic whose last argument is one plain class (``list<Foo>``, ``array<int, \\A\\Foo>``,
# ``iterable<Foo>``): its elements' type; a nested generic (``array<string, list<Foo>>``) is none
_ARRAY_OF = lazy_re(r"(?:array|list|non-empty-array|non-empty-list|iterable)<(?:[^<>,]+,\s*)?"
                    r"(\\?(?:[A-Za-z_]\w*\\)*[A-Za-z_]\w*)>")
_DOC_NAME = lazy_re(r"\\?(?:[A-Za-z_]\w*\\)*[A-Za-z_]\w*(\[\])?")


def doc_types(text: str) -> list[tuple[str | None, str, str | None]]:
    """A docblock's types (``/** @var Client $c */``, ``@param Client $c``, a property's ``@var Client``, ``@return
    Client``; ``@return $this``, ``static``, ``self``: the class itself, a fluent method's): each a class by its
    last name (of ``Foo[]``, its elements'); of a union, its one class beside scalars and ``null`` (``int|static``:
    a method called on the value runs on the object, never on the int); older PHP states its types there."""
    if not text.startswith("/**"):
        return []
    out = []
    for m in _DOC_VAR.finditer(text):  # a variable holding Foo[]: its elements are Foos (foreach gives them)
        one = _one_class(m.group(2))
        out += [(m.group(3) + ("[]" if one[1] else ""), one[0], None)] if one else []
    field = next(filter(None, (_one_class(m.group(1)) for m in _DOC_FIELD.finditer(text))), None)
    out += [(None if not field[1] else "[]", field[0], "field")] if field else []  # Route[]: "[]"
    # ...and the field's own fact of its elements: a subclass's loop over it, in another file, takes Routes
    out += [(None, field[0], "items")] if field and field[1] else []
    returned = next(iter(_DOC_RETURN.finditer(text)), None)
    one = _one_class(returned.group(1)) if returned else None
    out += [(None, one[0], "items" if one[1] else "return")] if one else []  # Route[]: what a loop over it gives
    return out


# @method [static] [Type] name(...): a type with a generic's spaces (Collection<int, Model>) read whole
_DOC_TYPE = r"(?:[^\s(<]+(?:<[^>]*>)?)"
_DOC_METHOD = lazy_re(r"@method\s+(?:(static)\s+(?=" + _DOC_TYPE + r"\s+[A-Za-z_]\w*\s*\())?(?:(" + _DOC_TYPE
                      + r")\s+)?([A-Za-z_]\w*)\s*\(")
# @mixin \A\Builder, @mixin Builder<static>: the class (its generic arguments say nothing of its members)
_DOC_MIXIN = lazy_re(r"@mixin\s+(\\?(?:[A-Za-z_]\w*\\)*[A-Za-z_]\w*)(?:<[^>\n]*>)?(?![\w\\])")
# @see \App\Services\LicenseService in a docblock declaring `@method static` members (a Laravel facade's: its
# static calls run that class's methods); a method (`Foo::bar()`), a URL or a name cut short is no class
_DOC_SEE = lazy_re(r"@see\s+(\\?(?:[A-Za-z_]\w*\\)*[A-Za-z_]\w*)(?![\w\\:(./-])")
_DOC_PROPERTY = lazy_re(r"@property(-read|-write)?\s+(?:(" + _DOC_TYPE + r")\s+)?(?:&\s*)?\$(\w+)")


def doc_members(text: str) -> list[DocMember]:
    """A class's docblock's members, which its ``__call`` / ``__callStatic`` / ``__get`` answer (Carbon's ``@method
    static Carbon now()``, ``@method $this addDays(int $value = 1)``, Eloquent's ``@property Client $client``,
    ``@property-read int $year``; a Laravel model's ``@mixin Builder``: Builder's methods answer what the class
    lacks): each with its one declared class (``_one_class``; ``$this``, ``static``: ``Self``),
    so a chain through it goes on on that class."""
    if not text.startswith("/**"):
        return []
    out = []
    for m in _DOC_METHOD.finditer(text):
        one = _one_class(m.group(2)) if m.group(2) else None
        out.append(DocMember(m.group(3), "function", one[0] if one and not one[1] else None, m.start(), m.end(),
                             "__callStatic" if m.group(1) else "__call"))
    for m in _DOC_PROPERTY.finditer(text):
        one = _one_class(m.group(2)) if m.group(2) else None
        out.append(DocMember(m.group(3), "field", one[0] if one and not one[1] else None, m.start(), m.end(),
                             "__set" if m.group(1) == "-write" else "__get"))
    for m in _DOC_MIXIN.finditer(text):  # its __call forwards what the class lacks to the class named, written whole
        out.append(DocMember(m.group(1), MIXIN, None, m.start(), m.end()))
    return out + _facade_root(text, out)


def _facade_root(text: str, members: list[DocMember]) -> list[DocMember]:
    """A Laravel facade's ``@see \\App\\Services\\Dispatcher`` beside its ``@method static mixed dispatch(..)``:
    ``__callStatic`` forwards to the facade's root, that class, whose method is what a call runs (a mixin of the
    facade, ``Resolver._mixed_in``); none without a ``@method static`` (a plain class's see-also)."""
    if not any(m.answered_by == "__callStatic" for m in members):
        return []
    return [DocMember(m.group(1), MIXIN, None, m.start(), m.end()) for m in _DOC_SEE.finditer(text)]


def _one_class(word: str) -> tuple[str, bool] | None:
    """The one class a docblock's type names, by its last name (``Self`` for ``$this``, ``static``, ``self``), and
    whether the value is an array of it (``Foo[]``, ``list<Foo>``, ``array<int, Foo>``); None where it names none,
    or several (``A|B``), or another generic (``Collection<Foo>``: what the value holds is not said plainly)."""
    classes = []
    for part in word.lstrip("?").split("|"):
        bare = part.lstrip("?").lower()
        if bare in DOC_ANY:
            return None
        held = _ARRAY_OF.fullmatch(part.lstrip("?"))
        if held and held.group(1).lower() not in DOC_SCALARS | DOC_ANY:  # list<Foo>, array<string, Foo>: Foo[]
            part = held.group(1) + "[]"
        elif held or bare in DOC_SCALARS or bare.startswith(("array<", "list<", "class-string<", "non-empty-array<")):
            continue
        if part in ("$this", "static", "self"):
            classes.append(("Self", False))
        elif _DOC_NAME.fullmatch(part):
            classes.append((_last(part.removesuffix("[]")), part.endswith("[]")))
        else:
            return None  # a generic, a shape, a literal: not one plain class
    return classes[0] if len(set(classes)) == 1 else None


def _last(name: str | None) -> str | None:
    return name.rpartition("\\")[2] if name else None


def inline_type(receiver: str) -> str | None:
    """``new Foo(...)`` -> ``Foo``; ``new \\App\\Foo`` -> ``\\App.Foo``, ``new Http\\Foo`` -> ``Http.Foo``
    (dotted: ``global_name`` finds it); Laravel's container asked for a class (``app(Converter::class, $p)``,
    ``resolve(Foo::class)``, ``App::make(Foo::class)``) gives that class's object (a bound implementation's, whose
    methods the interface's dispatch reaches)."""
    m = _NEW.match(receiver) or _CONTAINER.match(receiver)
    if not m:
        return None
    if m.group(1) in ("static", "self"):  # $instance = new static(): the enclosing class (a subclass's, at run time)
        return "Self"
    absolute = "\\" if receiver.lstrip("( ").removeprefix("new").lstrip().startswith("\\") else ""
    return absolute + m.group(1).replace("\\", ".") if "\\" in m.group(1) else m.group(1)


_CLASS_CONSTANT = lazy_re(r"^(\\?(?:[A-Za-z_]\w*\\)*[A-Za-z_]\w*)\s*::\s*class$")


# $this->createMock(Foo::class), $this->createStub('App\Foo'), $this->getMockBuilder(Foo::class)->..->getMock()
_MOCKED = r"""\(\s*(?:(\\?(?:[A-Za-z_]\w*\\)*[A-Za-z_]\w*)\s*::\s*class|'\\?((?:[A-Za-z_]\w*\\{1,2})*[A-Za-z_]\w*)')"""
_MOCK = lazy_re(r"^\$this->(?:(?:createMock|createStub|createPartialMock|createConfiguredMock|getMockForAbstractClass)"
                + _MOCKED + r"|getMockBuilder" + _MOCKED + r"\s*\).*->getMock(?:ForAbstractClass)?\(\s*\)$)", re.S)


def cast_type(text: str) -> str | None:
    """``Foo::class`` held in a property or variable (``protected static $periodClass = CarbonPeriod::class``): the
    class itself, read as its type, so that ``$cls::create()``, ``static::$periodClass::create()`` and
    ``new $this->class()`` reach its static method or constructor (a string's methods are none to confuse it with);
    ``static::class`` / ``self::class``: the enclosing class (``Self``).
    ``static::$x`` assigned is the class's own static property (``self``), as a receiver's ``static::`` is."""
    if text.startswith("static::$"):  # $class = static::$periodClass: the property of the class itself
        return "self" + text[len("static"):]
    mocked = _MOCK.match(text) if text.startswith("$this->") else None
    if mocked:  # a PHPUnit mock of a class: an object of a subclass, whose methods not mocked are the class's
        constant, string = mocked.group(1) or mocked.group(3), mocked.group(2) or mocked.group(4)
        # a class named in a string is named whole (absolute), its separators maybe written doubled
        return f"new {constant}()" if constant else "new \\" + string.replace("\\\\", "\\") + "()"
    m = _CLASS_CONSTANT.match(text)
    if not m:
        return None
    if m.group(1) in ("static", "self"):
        return "Self"
    return f"new {m.group(1)}()"  # as if built: a property holding it is typed by it (``type.field``) too


def _qualified(node, child):
    """``\\App\\Foo``: the last name is the type; where it is used is further up."""
    return ...


TYPE_CONTEXTS = {
    "qualified_name": _qualified,
    **dict.fromkeys(("simple_parameter", "variadic_parameter"), "parameter"),
    **dict.fromkeys(("method_declaration", "function_definition", "anonymous_function", "arrow_function"), "return"),
    **dict.fromkeys(("property_declaration", "property_promotion_parameter"), "field"),
    "catch_clause": "variable",
    **dict.fromkeys(("class_constant_access_expression", "scoped_property_access_expression"), "value"),
    "binary_expression": "annotation",
}


def extend_layers(name_layers: list, member_layers: list) -> None:
    """A bare name no scope, import or namespace of the file holds: the global namespace's, else PHP's; a name
    qualified by a namespace no file declares (``\\Vendor\\f()``): the dependency's."""
    name_layers.append(global_namespace)
    member_layers.insert(0, qualified)
    member_layers.insert(1, trait_property)


_OWN_PROPERTY = lazy_re(r"^this\.(\w+)((?:\.\w+\(\))*)$")  # $this->fields, $this->fields->getNode()->..
MAX_TRAIT_USERS = 32  # a trait used more widely than this is read no further (its users' properties would disagree)


def trait_property(resolver, r, src):
    """``$this->fields->getNode()`` in a trait that declares no ``$fields``: the property of the classes using the
    trait (``class Uuid { use DeprecatedUuidMethodsTrait; protected FieldsInterface $fields; }``), where they all
    declare it of one class; along getters called on it (``$this->fields->getNode()->toString()``: what each
    declares it returns). Else the other layers (a guess by name) decide as before."""
    from ..resolve import GUESSES

    m = _OWN_PROPERTY.match(r.receiver or "")
    if m is None or r.bound_to:
        return None
    trait = resolver._enclosing_class(src)
    if trait is None or resolver.g.by_id[trait].kind != "trait" or resolver._member(trait, m.group(1)):
        return None
    users = resolver.g.subclasses(trait)
    if not users or len(users) > MAX_TRAIT_USERS:
        return None
    held = {_property_class(resolver, user, m.group(1)) for user in users}
    cls = held.pop() if len(held) == 1 else None
    for getter in m.group(2)[1:-2].split("().") if m.group(2) else ():
        cls = _returned_by(resolver, cls, getter) if cls else None
    found = resolver._member_or_override(cls, r.name) if cls else None
    return resolver._found_elsewhere(r, found) if found and found.ids and found.resolution not in GUESSES else None


def _returned_by(resolver, cls: str, name: str) -> str | None:
    """The class ``cls``'s method ``name`` declares it returns; None where it has none, or it is unknown."""
    member = resolver._member(cls, name)
    return resolver.return_class(member.ids[0]) or None if member and member.ids else None


def _property_class(resolver, cls: str, name: str) -> str | None:
    """The class a property of ``cls`` (its own or a base's) is declared of; None where none is, or it is no
    class of the repository."""
    member = resolver._member(cls, name)
    if not member or not member.ids or resolver.g.by_id[member.ids[0]].kind != "field":
        return None
    return resolver.return_class(member.ids[0]) or None


def qualified(resolver, r, src):
    """``\\App\\Support\\f()``, ``new Handler\\CurlFactory()`` (receiver ``Handler\\``: a namespace): the
    name in the files of the namespace meant (absolute; else through the file's ``use`` of its first part, or
    relative to the file's namespace); ``Psr7\\Utils::streamFor()``: the method of the class so found. One no
    file declares is a dependency's (external), never a guess."""
    from ..resolve import EXTERNAL, UNRESOLVED, Found

    if not (r.receiver and "\\" in r.receiver):
        return None
    if r.receiver == "\\":  # \unlink(): the global namespace's, else PHP's own
        return global_namespace(resolver, r, src)
    if r.receiver.endswith("\\"):
        sid, known = _in_namespace(resolver, r, r.receiver[:-1], r.name)
        return Found([sid], "import") if sid else (UNRESOLVED if known else EXTERNAL)
    namespace, _, name = r.receiver.rpartition("\\")  # Psr7\Utils::streamFor(): a method of that class
    cls, known = _in_namespace(resolver, r, namespace, name) if namespace.strip("\\") else (
        resolver.g.package_top.get((GROUP, GLOBAL), {}).get(name), False)
    if not cls:
        return UNRESOLVED if known else EXTERNAL
    found = resolver._member_or_override(cls, r.name)
    return resolver._found_elsewhere(r, found) if found.ids else found


def global_name(resolver, r, dotted: str) -> str | None:
    """What no scope, import or namespace of the file names: ``App.Foo`` (``new App\\Foo``, written qualified:
    see ``inline_type``) in the files of that namespace; a bare ``Foo``, the global namespace's."""
    namespace, _, name = dotted.rpartition(".")
    if not namespace:
        return resolver.g.package_top.get((GROUP, GLOBAL), {}).get(name)
    return _in_namespace(resolver, r, namespace.replace(".", "\\"), name)[0]


def _in_namespace(resolver, r, written: str, name: str) -> tuple[str | None, bool]:
    """The definition ``name`` of namespace ``written`` as the file means it, and whether any namespace it may mean
    is the repository's: ``\\A\\B`` is A\\B; ``B\\C`` is, by a ``use X\\B``, X\\B\\C, else the file's
    namespace's B\\C, else B\\C."""
    from ..graph import scope_at

    index = resolver.index_of(resolver.supports.get(r.path))
    known = False
    for namespace in _meant(resolver, r, written):
        for file in index.get(namespace, ()):
            known = True
            sid = resolver.g.top.get(file, {}).get(name)
            blocks = resolver.g.package_blocks.get(file)
            if sid and blocks and scope_at(blocks, resolver.g.by_id[sid].line) not in (namespace, namespace.rpartition("\\")[0]):
                continue  # of another namespace block of that file
            if sid:
                return sid, True
    return None, known


def _meant(resolver, r, written: str) -> list[str]:
    from ..graph import scope_at

    if written.startswith("\\"):
        return [written[1:]]
    head, sep, rest = written.partition("\\")
    blocks = resolver.g.package_blocks.get(r.path)  # the namespace of the reference's block, and its own uses
    own = scope_at(blocks, r.line) if blocks else resolver.files.get(r.path, {}).get("package")
    used = {(d.ref.alias or d.ref.module.rpartition("\\")[2]): d.ref.module.strip("\\")
            for d in resolver.declare(r.path) if d.ref.module
            and not (blocks and scope_at(blocks, d.ref.line) != own)}
    own = None if own == GLOBAL else own
    return ([used[head] + sep + rest] if head in used else []) + ([f"{own}\\{written}"] if own else []) + [written]


def global_namespace(resolver, r, src):
    """PHP falls back to the global namespace for an unqualified function or constant (``strlen()``, ``helper()``
    defined in a file without a namespace); a class written ``\\Foo`` is the global one too. What the repository's
    global namespace does not hold is PHP's own or an extension's (``array_map``, ``PDO``, ``Exception``): external,
    never a same-named definition guessed elsewhere."""
    from ..resolve import EXTERNAL, Found

    sid = resolver.g.package_top.get((GROUP, GLOBAL), {}).get(r.name)
    if sid:
        return Found([sid], "same_file" if resolver.g.by_id[sid].path == r.path else "same_package")
    return EXTERNAL


def guess_bare_names(resolver, path: str) -> bool:
    return False  # every name a file uses is its own, imported, of its namespace or of the global one


def module_keys(paths: list[str], files: dict, root) -> dict[str, list[str]]:
    """``App\\Http\\Kernel`` (the namespace and the file's stem, as PSR-4 lays it out) and the namespace itself.
    The global namespace is no key: ``use RuntimeException;``, ``use function sprintf;`` name PHP's own (external);
    the repository's global functions and classes are found by ``global_namespace``."""
    keys = package_keys(paths, files, "\\")
    for path in paths:
        spaces = namespaces(files.get(path, {}))
        if len(spaces) > 1 or spaces == [GLOBAL]:  # a file of several namespace blocks is found under each named one
            stem = path.rpartition("/")[2].rsplit(".", 1)[0]
            keys[path] = [key for space in spaces if space != GLOBAL for key in (f"{space}\\{stem}", space)] or [stem]
    return keys


def package_scope(path: str, info: dict) -> str | None:
    """The file's first namespace (its only one, but in a file of several namespace blocks)."""
    return first_block(info) or GLOBAL


_GLOBAL_BLOCK = "namespace"  # ``namespace { ... }``: the query captures its keyword, the block having no name


def join_package(package: str | None, name: str, line: int) -> str:
    """A further namespace clause starts a block of its own: PHP namespaces never nest; ``namespace { }`` is the
    global namespace's block (``GLOBAL``)."""
    name = GLOBAL if name == _GLOBAL_BLOCK else name
    return with_block(package, name, line) if package else name


def namespaces(info: dict) -> list[str]:
    """Every namespace a file declares, in file order."""
    return [name for _, name in package_blocks("", info)] or ([info["package"]] if info.get("package") else [])


def import_binding(module: str | None, name: str | None, alias: str | None):
    """``A\\B\\C`` binds C (or its alias) from namespace ``A\\B``; ``C`` alone, from the global one."""
    parts = (module or "").strip("\\").split("\\")
    return alias or parts[-1], "\\".join(parts[:-1]) or GLOBAL, parts[-1]


def resolve_module(importer: str, spec: str | None, index: dict, root) -> list[str]:
    """The files declaring the namespace (the imported name is then looked up among their definitions)."""
    return index.get(spec, []) if spec else []


def submodule(paths: list[str], name: str, index: dict) -> list[str] | None:
    return None


def is_external(importer: str, spec: str, index: dict, root) -> bool:
    """A namespace no file of the repository declares (``Psr\\Log``, a Composer dependency's)."""
    return spec not in index


BLADE = ".blade.php"  # Laravel's templates: HTML with PHP expressions in Blade's own syntax
# where a Blade token may start, and its forms in the order they are tried there: (the form, the text that must
# follow its opening for it to match (None: nothing), that opening's length, what the view makes of it). A form is
# tried only where its closing text is still ahead, so that an unclosed `{{--` costs one look, not a scan to the end
# of the file for each (one regular expression's `.*?` alternatives did: 100 KB of `{{-- ` took 25 s)
_BLADE_OPENER = lazy_re(rb"\{\{|\{!!|@")
_BLADE_FORMS = (
    (lazy_re(rb"\{\{--.*?--\}\}", re.S), b"--}}", 4, None),  # a comment
    (lazy_re(rb"@\{\{.*?\}\}", re.S), b"}}", 3, None),  # an escaped echo, left to JavaScript
    (lazy_re(rb"\{!!(.*?)!!\}", re.S), b"!!}", 3, "raw"),
    (lazy_re(rb"\{\{(.*?)\}\}", re.S), b"}}", 2, "echo"),
    (lazy_re(rb"@php\b(?!\s*\()(.*?)@endphp", re.S), b"@endphp", 4, "php"),
    (lazy_re(rb"@verbatim\b.*?@endverbatim", re.S), b"@endverbatim", 9, None),
    (lazy_re(rb"@([A-Za-z]\w*)"), None, 0, "directive"),
)
# directives whose parentheses hold a loop's or condition's head, kept as PHP's own statement (``as`` is no expression)
_BLADE_STATEMENTS = {b"if": b"if", b"elseif": b"if", b"unless": b"if", b"foreach": b"foreach",
                     b"forelse": b"foreach", b"for": b"for", b"while": b"while"}
# CSS at-rules a template's <style> writes with parentheses (`@media (max-width: 600px)`): no Blade directive
_CSS_AT_RULES = frozenset({b"media", b"supports", b"container", b"page", b"layer", b"screen", b"document"})


def source_view(path: str, data: bytes) -> bytes:
    """A Blade template read as the PHP its expressions are (same length, same lines): ``{{ $a->b() }}``,
    ``{!! .. !!}``, ``@if(..)`` / ``@foreach(.. as ..)`` as statements, another directive's arguments as an array
    (``@can(Policy::UPDATE, $x)``), ``@php .. @endphp`` as written; the HTML, comments and ``@verbatim`` blanked.
    Without it a template is one text node: every call a view makes was missing (laravel.io's ``is_active()``,
    ``$user->isAdmin()``). Any other file is read as it is."""
    if not path.endswith(BLADE):
        return data
    out, last, first = bytearray(blanked(data)), None, None
    left = [ARGUMENTS_READ * len(data) + ARGUMENTS_SPAN]  # what the directives' arguments may read (``_closing``)
    for role, m in _blade_tokens(data):
        start, end = m.start(), m.end()
        if role in ("raw", "echo"):  # {!! e !!} / {{ e }}: `; (e); ` / `;(e);`
            wide = role == "raw"
            _put(out, start, b"; (" if wide else b";(", data)
            _put(out, m.start(1), m.group(1), data)
            _put(out, end - (3 if wide else 2), b"); " if wide else b");", data)
        elif role == "php":  # @php .. @endphp: statements as written
            _put(out, start, b";", data)
            _put(out, m.start(1), m.group(1), data)
            _put(out, end - len(b"@endphp"), b";", data)
        elif role == "directive":
            args = _directive(out, data, m, left)
            last, end = args or last, args[1] if args else end
        first = first or (start, end)
    return _opened(_closed(out, data, last), data, first)


def _blade_tokens(data: bytes):
    """(what the view makes of it, its match) of each Blade token, in order, as one pass of the forms' alternation
    would find them: at each place a token may start, the first form that matches there."""
    ahead = {form[1]: data.rfind(form[1]) for form in _BLADE_FORMS if form[1]}
    at = 0
    while (opener := _BLADE_OPENER.search(data, at)) is not None:
        at = opener.start()
        found = next(((role, m) for form, closing, opening, role in _BLADE_FORMS
                      if (closing is None or ahead[closing] >= at + opening) and (m := form.match(data, at))), None)
        if found is not None:
            yield found
        at = max(found[1].end(), at + 1) if found else at + 1


def _closed(out: bytearray, data: bytes, last: tuple | None) -> bytearray:
    """The view with its last statement ended: a `;` after a directive's array (`@yield('x')` last), where a blank
    follows it; else that array blanked (a statement `;` stays)."""
    code = out.rstrip()
    if not code.endswith(b"]") or last is None or last[1] != len(code):
        return out
    blank = out.find(b" ", last[1])
    if blank >= 0:
        out[blank] = ord(";")
    else:
        out[last[0]:last[1]] = blanked(data[last[0]:last[1]])
    return out


def _opened(out: bytearray, data: bytes, first: tuple | None) -> bytes:
    """The view opened as PHP (`<?`) on two blanks before its first statement; where there are none (a file
    starting with `@props([..])`), that statement is left out to make room."""
    start = first[0] if first else len(out)
    at = out.find(b"  ", 0, start)
    if at < 0 and first:
        out[first[0]:first[1]] = blanked(data[first[0]:first[1]])
        at = out.find(b"  ")
    if at >= 0:
        out[at:at + 2] = b"<?"
    return bytes(out)


def _put(out: bytearray, at: int, text: bytes, data: bytes) -> None:
    out[at:at + len(text)] = bytes(c if c in b"\r\n" else t for c, t in zip(data[at:at + len(text)], text))


def _directive(out: bytearray, data: bytes, m, left: list[int]) -> tuple | None:
    """``@name(args)``: ``;if(args)`` for a condition or loop, ``;    [args]`` for any other (its span returned);
    ``@name`` alone: ``;``."""
    name, at = m.group(1), m.end(1)
    while at < len(data) and data[at] in b" \t":
        at += 1
    if name in _CSS_AT_RULES:
        return None
    close = _closing(data, at, left) if at < len(data) and data[at] == ord("(") else None
    keyword = _BLADE_STATEMENTS.get(name)
    _put(out, m.start(), b";" + (keyword.rjust(len(name)) if keyword and close else b""), data)
    if close is None:
        return None
    _put(out, at, data[at:close + 1] if keyword else b"[" + data[at + 1:close] + b"]", data)
    return None if keyword else (at, close + 1)


# a directive's arguments: a quoted string (escapes skipped), an unclosed quote (nothing closes after it), a parenthesis
_ARGUMENT_TOKEN = lazy_re(rb"'(?:\\.|[^'\\])*'|\"(?:\\.|[^\"\\])*\"|['\"]|[()]", re.S)
ARGUMENTS_SPAN = 16384  # a directive's arguments are read this far at most
ARGUMENTS_READ = 4  # and a file's directives read at most this many times its length in all (`@x(` 500K times
# unclosed, or nested: each read 16 KB, ~20 s a 100 KB file, the whole file's budget): beyond it, no more arguments


def _closing(data: bytes, at: int, left: list[int]) -> int | None:
    """The offset of the parenthesis closing the one at ``at`` (quoted text skipped); None where none does within
    ``ARGUMENTS_SPAN`` bytes, or the file's ``left`` bytes to read (taken from) are spent."""
    depth, span = 0, min(ARGUMENTS_SPAN, left[0])
    for token in _ARGUMENT_TOKEN.finditer(data, at, at + span):
        kind = token.group()
        if kind == b"(":
            depth += 1
        elif kind == b")":
            depth -= 1
            if depth == 0:
                left[0] -= token.end() - at
                return token.start()
        elif len(kind) == 1:  # a quote nothing closes
            break
    left[0] -= min(span, len(data) - at)
    return None


# a backed enum's own static methods that give one of its cases (PHP's ``BackedEnum::from`` / ``tryFrom``)
ENUM_CASE_MAKERS = frozenset({"from", "tryFrom"})
# a call given an enum class that gives one of its cases: Laravel's ``$request->enum('type', Status::class)``
ENUM_BY_ARGUMENT = frozenset({"enum"})


def argument_class(resolver, r, value: str) -> str | None:
    """The enum a call gives a case of, where the code names it: ``Status::from($v)`` and ``Status::tryFrom($v)``
    (PHP's own on every backed enum, never written in the repository), ``$request->enum('status', Status::class)``
    (Laravel's request); the enum's id where the repository declares it an ``enum``, else None (a class's own
    ``from`` is asked of the class as any call is)."""
    head, paren, _ = value.partition("(")
    if not paren or not value.endswith(")"):
        return None
    owner, dot, method = head.rpartition(".")
    if not dot:
        return None
    if method in ENUM_CASE_MAKERS:
        named = owner
    elif method in ENUM_BY_ARGUMENT:
        named = _class_literal(value[len(head) + 1:-1].rpartition(",")[2])
    else:
        return None
    return _enum_named(resolver, r, named) if named else None


def _class_literal(argument: str) -> str | None:
    """``Status::class`` / ``App\\Enums\\Status::class`` (read dotted: ``Status.class``) -> its class's name."""
    name = argument.strip().removesuffix(".class").removesuffix("::class")
    return name if name != argument.strip() and name.replace("\\", "").replace(".", "").isidentifier() else None


def _enum_named(resolver, r, named: str) -> str | None:
    """The repository's enum ``named`` (``Status``, ``App.Enums.Status``) as the reference's file sees it, or None."""
    from ..resolve import Ref

    owner, _, last = named.replace("\\", ".").lstrip(".").rpartition(".")
    probe = Ref(r.path, r.src_qualname, "type.return", last, owner or None, None, None, r.line)
    cls = resolver._declared_class(probe, resolver._source_of(r))
    return cls if cls and resolver.g.by_id[cls].kind == "enum" else None
