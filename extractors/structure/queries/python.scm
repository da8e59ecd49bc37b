; Python: definitions, call sites, callbacks, base classes, imports.
; Capture names follow the convention documented in extractors/structure/parse.py.
;
; An inner node is written `(_ ...)` where what stands around it says which node it is: its fields (`object:` /
; `attribute:` only an attribute has, `function:` / `arguments:` a call, `subscript:` a subscript, `alias:` under
; `with_item` or `except_clause` an as_pattern), its place (a class's `body:` and an if's `consequence:` are blocks,
; an as_pattern's `alias:` an as_pattern_target) or its child (a string_content stands only in a string). tree-sitter
; analyses every step that names a node type and has children against the whole parse table when it compiles the
; query (the time a one-shot update waits for), and skips wildcards: the same matches, half the compile (see
; docs/structure-audits.md, tenth round). A pattern's root stays named, and so does the parent of a node written `_`
; for its place (two wildcards side by side no longer say which nodes they are).
;
; `; needs: lambda` above a pattern (`; needs from here: @` ... `; needs end` above several) names the tokens a file
; must hold for the pattern to match it (`a b|c`: a, and b or c; a word as a whole word; a lone `|` is the token):
; a keyword its nodes always hold, a name its predicates compare. A one-shot update's parse-ahead child compiles only
; the patterns its files hold the tokens of (parse.py `narrow_queries`): the same facts, a shorter compile. A token
; written in a string or a comment keeps the pattern; a marker must never name a token a match can lack.

; needs: def
(function_definition name: (identifier) @name) @definition.function
; needs: class
(class_definition name: (identifier) @name) @definition.class

; decorators: @app.route("/"), @pytest.fixture... (one outside the language's PURE_DECORATORS registers the definition);
; one written as a call is captured with its arguments: a factory making the decorator (parse.DECORATOR_FACTORY)
; needs: @
(decorated_definition
  (decorator [(identifier) @decorator (attribute) @decorator (_ function: [(identifier) (attribute)]) @decorator])
  definition: [(function_definition name: (identifier) @name) @definition.function
               (class_definition name: (identifier) @name) @definition.class])

; module-level variables and constants, class fields (`x = 1`, `x: int` in a class body)
(module (assignment left: (identifier) @name) @definition.variable)
; ... and those a module binds by unpacking (sympy/abc.py's `a, b, c = symbols('a b c')`, `[d, e] = pair`), which
; other modules import: each name a variable, its node the name alone (the value's calls stay the module's, as no one
; name's); unknown, an imported one was guessed by name (`from sympy.abc import b` -> another module's `b = lambda`)
(module (assignment left: [(pattern_list (identifier) @name @definition.variable)
                          (tuple_pattern (identifier) @name @definition.variable)
                          (list_pattern (identifier) @name @definition.variable)]))
; ... and those under `if TYPE_CHECKING:` / `if typing.TYPE_CHECKING:` (types for annotations: aliases, mostly)
; needs: TYPE_CHECKING
(module (if_statement condition: [(identifier) (attribute)] @_checking
  consequence: (_ (assignment left: (identifier) @name) @definition.variable))
 (#match? @_checking "^(typing[.])?TYPE_CHECKING$"))
; needs: class
(class_definition body: (_ (assignment left: (identifier) @name) @definition.field))

; calls: f(), obj.f(), Foo().f(), self.f()
(call function: (identifier) @name) @reference.call
(call function: (_ object: (_) @receiver attribute: (identifier) @name)) @reference.call

; methods a statement runs: `for x in it` (iter(it), next()), `with cm as c` (__enter__, __exit__); `async for` and
; `async with` run the language's ASYNC_PROTOCOL counterparts (__aiter__, __aenter__...)
; needs: for
(for_statement right: [(call) (identifier) (attribute)] @name) @reference.protocol.__iter__
; needs: for
(for_statement right: [(call) (identifier) (attribute)] @name) @reference.protocol.__next__
; needs: with
(with_statement (with_clause (with_item value: [(call) (identifier) (attribute)] @name)))
  @reference.protocol.__enter__
; needs: with
(with_statement (with_clause (with_item value: [(call) (identifier) (attribute)] @name)))
  @reference.protocol.__exit__
; needs: with as
(with_statement (with_clause (with_item value: (as_pattern . [(call) (identifier) (attribute)] @name))))
  @reference.protocol.__enter__
; needs: with as
(with_statement (with_clause (with_item value: (as_pattern . [(call) (identifier) (attribute)] @name))))
  @reference.protocol.__exit__

; `raise E` builds an E (its __init__ runs)
; needs: raise
(raise_statement [(identifier) @name (_ object: (_) @receiver attribute: (identifier) @name)]) @reference.raise

; functions passed as values: map(f, xs), Thread(target=f), key=self.m, callbacks in lists/dicts
(argument_list (identifier) @name) @reference.callback
(argument_list (_ object: (_) @receiver attribute: (identifier) @name)) @reference.callback
(keyword_argument value: (identifier) @name) @reference.callback
(keyword_argument value: (_ object: (_) @receiver attribute: (identifier) @name)) @reference.callback
(list (identifier) @name) @reference.callback
(tuple (identifier) @name) @reference.callback
(set (identifier) @name) @reference.callback
(pair value: (identifier) @name) @reference.callback
; ... and the same written in parentheses: opn = {"+": (_addfunc)}, run((f)), key=(f), g = (f) (pyparsing's LAparser:
; six operator functions listed only so were dead at 0.9); a name alone in them is a value wherever it stands
(parenthesized_expression (identifier) @name) @reference.callback
; a class or constant as a key: a table keyed by type (ENCODERS = {Color: str, Decimal: encode_decimal}) or by flag
(pair key: (identifier) @name) @reference.callback
; names read as values: items[:LIMIT], TABLE[i], x == SENTINEL (a module constant or variable: reads)
; and where a condition, a loop or an f-string reads them: if FLAG, for x in ITEMS, f"{NAME}", not X, assert X (a
; local's read is dropped where it is read; arithmetic operands are not read: in numeric code they are everywhere)
[(if_statement condition: (identifier) @name) (elif_clause condition: (identifier) @name)
 (while_statement condition: (identifier) @name) (for_statement right: (identifier) @name)
 (for_in_clause right: (identifier) @name) (interpolation expression: (identifier) @name)
 (not_operator argument: (identifier) @name) (assert_statement (identifier) @name)] @reference.read
(slice (identifier) @name) @reference.callback
(subscript (identifier) @name) @reference.callback
(comparison_operator (identifier) @name) @reference.callback
; a union of classes as a value: `Validator: TypeAlias = A | B`, `isinstance(x, A | B)`, FLAG_A | FLAG_B
; needs: |
[(binary_operator left: (identifier) @name operator: "|") (binary_operator operator: "|" right: (identifier) @name)]
  @reference.callback
; and where a function is a value: return f, g / def sort(xs, key=_default_key) / key = key or _default_key /
; f if x else g
[(expression_list (identifier) @name) (default_parameter value: (identifier) @name)
 (typed_default_parameter value: (identifier) @name) (boolean_operator (identifier) @name)
 (conditional_expression (identifier) @name)] @reference.callback
; ... and what a lambda returns: defaultdict(lambda: structure_default), fallback_factory=lambda _: identity (a lambda
; parameter is a local: `lambda x: x` names nothing)
; needs: lambda
(lambda body: (identifier) @name) @reference.callback

; value flow (see parse.py @reference.returns): what a function returns or yields (a function returned and called:
; make()(), for f in gen(): f()), and calls of what a call returns
; needs: return
(return_statement [(identifier) @name (_ object: (_) @receiver attribute: (identifier) @name)]) @reference.returns
; needs: yield
(yield [(identifier) @name (_ object: (_) @receiver attribute: (identifier) @name)]) @reference.returns
; needs: return
(return_statement (_ function: [(identifier) @name (_ object: (_) @receiver attribute: (identifier) @name)])) @reference.returns_call
; needs: return
(return_statement (parenthesized_expression (_ function: [(identifier) @name (_ object: (_) @receiver attribute: (identifier) @name)]))) @reference.returns_call
; needs: yield
(yield (_ function: [(identifier) @name (_ object: (_) @receiver attribute: (identifier) @name)])) @reference.returns_call
; return self._getTargetClass()(*arg): what the inner call gives, called (the name is the inner call, read as
; ``self._getTargetClass()()``: a class it returns, built), never the inner callee's own returns
; needs: return
(return_statement (_ function: (_ function: [(identifier) (attribute)]) @name)) @reference.returns_call
(call function: (_ function: [(identifier) @name (_ object: (_) @receiver attribute: (identifier) @name)])) @reference.call_result
(assignment right: (identifier) @name) @reference.callback
(assignment right: (_ object: (_) @receiver attribute: (identifier) @name)) @reference.callback
; needs: @
(decorator (identifier) @name) @reference.call
; needs: @
(decorator (_ object: (_) @receiver attribute: (identifier) @name)) @reference.call
; needs: @
(decorator (_ function: (identifier) @name)) @reference.call
; needs: @
(decorator (_ function: (_ object: (_) @receiver attribute: (identifier) @name))) @reference.call
; ... and the decorator such a call returns is called with the function (`@func1()`: func1()(func2), once, where
; the function is made; a class decorator's, attrs' `@attr.s(..)`, is left out: the comparison with a type checker
; has no occurrence for such an implicit call, and a class is never wrapped, see resolve.py index_flow)
; needs: @
(decorated_definition
  (decorator (_ function: [(identifier) @name (_ object: (_) @receiver attribute: (identifier) @name)])
    @reference.call_result)
  definition: (function_definition))

; typed variables (see parse.py @var.name): `def f(s: Store)`, `x: Store = ...`, `x = Store()`, `x = await open()`,
; `self.s = Store()`;
; then `s.save()` resolves on Store
(typed_parameter (identifier) @var.name type: (type) @var.type)
(typed_default_parameter name: (identifier) @var.name type: (type) @var.type)
; (`X: TypeAlias = ...` declares an alias, no variable of type TypeAlias: see `type.alias` below)
; (`x: Final = Converter()`: a bare qualifier, no type; the value's call below types it)
(assignment left: (identifier) @var.name type: (type) @var.type
 (#not-match? @var.type "(^|[.])(TypeAlias|Final|ClassVar)$"))
; (`x: Logger = get_logger()`: the annotation declares what x is; the call's value, maybe Any or unknown, is no second
; value beside it: only a bare qualifier leaves the type to the value's call)
(assignment left: (identifier) @var.name !type right: (_ function: [(identifier) (attribute)]) @var.type)
; needs: Final|ClassVar
(assignment left: (identifier) @var.name type: (type) @_bare right: (_ function: [(identifier) (attribute)]) @var.type
 (#match? @_bare "(^|[.])(Final|ClassVar)$"))
; needs: await
(assignment left: (identifier) @var.name !type right: (await (_ function: [(identifier) (attribute)]) @var.type))
; q = (Person\n .select(..)\n .join(Note)): a call chain laid over lines in parentheses is that call
(assignment left: (identifier) @var.name !type
  right: (parenthesized_expression (_ function: [(identifier) (attribute)]) @var.type))
; c = given or Store(), c = Store() if fast else Cache(), (c := Store()): each call is a value of c
; needs: or
(assignment left: (identifier) @var.name !type
  right: (boolean_operator operator: "or" right: (_ function: [(identifier) (attribute)]) @var.type))
; needs: if else
(assignment left: (identifier) @var.name !type
  right: (conditional_expression . (_ function: [(identifier) (attribute)]) @var.type))
; needs: if else
(assignment left: (identifier) @var.name !type
  right: (conditional_expression (_ function: [(identifier) (attribute)]) @var.type .))
; needs: :=
(named_expression name: (identifier) @var.name value: (_ function: [(identifier) (attribute)]) @var.type)
; except ClickException as e, except (OSError, Abort) as e: e is the exception caught (each of a tuple's)
; needs: except as
(except_clause (_ . [(identifier) (attribute)] @var.type alias: (_ (identifier) @var.name)))
; needs: except as
(except_clause (_ . (tuple [(identifier) (attribute)] @var.type)
  alias: (_ (identifier) @var.name)))
; if isinstance(x, Store): <block>, elif .., `if ok and isinstance(x, (Store, Cache))`: x is a Store (or a Cache) in
; that block only, and no Store in the elifs and else after it; `if not isinstance(x, Store): return` and `assert
; isinstance(x, Store)`: a Store in the rest of the block after it (parse.py `_checked_spans` finds where, each a
; @scope.guarded; written out here as the if's and elif's conditions it cost a tenth of the query's compilation; a
; nested alternation `[[(identifier) (attribute)] @x (tuple ..)]` matched a bare name only: isinstance(x, mod.A) too)
; (an object's attribute is checked so too: `if not isinstance(self.stream, SyncStream): raise`, then
; `self.stream.close()`; parse.py keys such a narrowing by the attribute as written)
; needs: isinstance
((call function: (identifier) @_isinstance
   arguments: (argument_list . [(identifier) (_ object: (identifier) attribute: (identifier))] @var.name .
     [(identifier) @var.narrowed (attribute) @var.narrowed (tuple [(identifier) (attribute)] @var.narrowed)])) @_guarding
 (#eq? @_isinstance "isinstance"))
; x.f() if isinstance(x, Store) else ..: x is a Store in its whole function (flow-insensitive: one more value of x in
; its scope). The places such a check counts in (a conditional expression, a comprehension's if, return, while, or
; right of one or two `and`s there) are checked in parse.py (`_narrows_everywhere`): written out here they cost a
; fifth of the query's compilation
; needs: isinstance
((call function: (identifier) @_isinstance
   arguments: (argument_list . (identifier) @var.name . [(identifier) (attribute)] @var.narrowed)) @_narrowing
 (#eq? @_isinstance "isinstance"))
; self.x = Store(), and cls.x = Store() in a classmethod (a class attribute: a field too, see @attribute.name)
; needs: self|cls
(assignment left: (_ object: (identifier) @_self attribute: (identifier) @var.name)
  right: (_ function: [(identifier) (attribute)]) @var.type (#match? @_self "^(self|cls)$"))

; needs: self
; (`self.hook: Final = HookRelay()`: a bare qualifier, no type; the value's call above types it)
(assignment left: (_ object: (identifier) @_self attribute: (identifier) @var.name)
  type: (type) @var.type (#eq? @_self "self") (#not-match? @var.type "(^|[.])(Final|ClassVar)$"))
; self.x = given or Store(), self.x = Store() if fast else Cache(): each call is a value of self.x
; needs: self or|if
(assignment left: (_ object: (identifier) @_self attribute: (identifier) @var.name) !type
  right: [(boolean_operator operator: "or" right: (_ function: [(identifier) (attribute)]) @var.type)
          (conditional_expression . (_ function: [(identifier) (attribute)]) @var.type)
          (conditional_expression (_ function: [(identifier) (attribute)]) @var.type .)]
  (#eq? @_self "self"))

; instance attributes: self.x = ... in a method is a field x of its class (see parse.py @attribute.name); so is
; cls.x = ... in a classmethod (a test case's setup_class: cls.Q_ = cls.ureg.Quantity)
; needs: self|cls
(assignment left: (_ object: (identifier) @_self attribute: (identifier) @attribute.name)
  (#match? @_self "^(self|cls)$"))

; member reads and writes: request.url.raw_path, self.count (a property runs code); kept only where the object's type,
; class or module is known, never guessed
(attribute object: [(identifier) (attribute)] @receiver attribute: (identifier) @name) @reference.attribute
; ... and on what a call gives: Style(bold=True).color, Color.parse(s).triplet (a property read on a new object)
(attribute object: (_ function: [(identifier) (attribute)]) @receiver attribute: (identifier) @name)
  @reference.attribute
; ... and on an element: node.children[0].prefix, self.leaves[-1].value (an element of a declared collection)
(attribute object: (_ value: [(identifier) (attribute)]) @receiver attribute: (identifier) @name)
  @reference.attribute

; literal values (dict, list, str...): a builtin type, never a repository class; `with Client() as c`: c is the client
(assignment left: (identifier) @var.name !type
  right: [(dictionary) (list) (set) (tuple) (string) (concatenated_string) (integer) (float) (true) (false)
          (list_comprehension) (dictionary_comprehension) (set_comprehension) (generator_expression)] @var.value)
; (`X: TypeAlias = "A | B"` is an alias's text, no string: see `type.alias` below)
(assignment left: (identifier) @var.name type: (type) @_declared
  right: [(dictionary) (list) (set) (tuple) (string) (concatenated_string) (integer) (float) (true) (false)
          (list_comprehension) (dictionary_comprehension) (set_comprehension) (generator_expression)] @var.value
 (#not-match? @_declared "(^|[.])TypeAlias$"))
; `with client.stream(u) as r`: what the call gives, entered; a callee declared `-> Iterator[Response]` (or
; Generator, AsyncIterator) is a @contextmanager generator, whose with-block gets what it yields (see parse.py ENTERED)
; needs: with as
(with_item value: (_ (_ function: [(identifier) (attribute)]) @var.entered
  alias: (_ (identifier) @var.name)))
; ... and `with client as c`, `with self.conn as conn`: what it names (a context manager entered gives itself)
; needs: with as
(with_item value: (_ [(identifier) (attribute)] @var.value alias: (_ (identifier) @var.name)))
; *args is a tuple, **kwargs a dict: kwargs.setdefault(), args.index() are the language's own methods
; needs: *
(parameters [(list_splat_pattern (identifier) @var.name) (dictionary_splat_pattern (identifier) @var.name)] @var.value)
; needs: *
(typed_parameter [(list_splat_pattern (identifier) @var.name) (dictionary_splat_pattern (identifier) @var.name)] @var.value)

; functions given to a variable or attribute (g = f; g()), loop variables over a call (for f in gen()), lambdas
(assignment left: (identifier) @var.name right: [(identifier) (attribute)] @var.value)
; a path joined on with `/` is a path of the same kind (pathlib's, zipfile's, yarl's URL): p = tmp_path / "a.txt"
; needs: /
(assignment left: (identifier) @var.name !type
  right: (binary_operator left: [(identifier) (attribute)] @var.value operator: "/" right: [(string) (identifier)]))
; needs: self|cls
(assignment left: (_ object: (identifier) @_self attribute: (identifier) @var.name)
  right: [(identifier) (attribute)] @var.value (#match? @_self "^(self|cls)$"))
; what an operator gives: what the left operand's class's method for it declares it returns (dramatiq's `pipe =
; wait.message(1) | wait.message()`: Message.__or__ -> pipeline; langs/python OPERATOR_METHODS, parse.py _operated);
; and what such a value called gives (pyparsing's `expr = (a | b)("name")`: __call__)
(assignment left: (identifier) @var.name !type
  right: [(binary_operator) (_ function: (parenthesized_expression))] @var.operated)
; needs: for
(for_statement left: (identifier) @var.name right: (call) @var.elements)
; needs: for
(for_in_clause left: (identifier) @var.name right: (call) @var.elements)
; a loop over a collection: the variable takes its elements (for b in self.books, where books: list[Book]), a
; mapping's keys (for k in self.columns, where columns: dict[str, Column]: a str; see parse.py @var.keys)
; needs: for
(for_statement left: (identifier) @var.name right: [(identifier) (attribute)] @var.keys)
; needs: for
(for_in_clause left: (identifier) @var.name right: [(identifier) (attribute)] @var.keys)
; a target taken apart by place (see parse.py _loop_pairs): for k, v in d.items() (v takes the mapping's values; k is
; left unbound: a key type declared elsewhere, through an alias, is not read, and an empty binding would hide the
; variable's other values), for i, b in enumerate(self.books), for a, b, c in zip(xs, ys, zs) (each name what a loop
; over its collection would: a mapping's keys, else its elements), nested: for i, (k, v) in enumerate(d.items())
; needs: for
(for_statement left: [(pattern_list) (tuple_pattern)] @var.pairs right: (call) @var.paired)
; needs: for
(for_in_clause left: [(pattern_list) (tuple_pattern)] @var.pairs right: (call) @var.paired)
; a class deriving a library's collection (class Pages(List[Page]), class Table(Dict[str, Row]), Mapping[str, Row]):
; what an index of one or its .items()' values give (see parse.py ITEMS_KIND; a mapping's, @_mapped: a loop over
; it takes its keys); captured on the class, whose base's argument stays a reference of its own
; needs: class
(class_definition superclasses: (argument_list (_ value: [(identifier) (attribute)] @_container
   subscript: (identifier) @name .)) @reference.type.items
 (#match? @_container "^(typing[.])?(List|list|Sequence|MutableSequence|Set|set|FrozenSet|frozenset|Deque|deque)$"))
; needs: class
(class_definition superclasses: (argument_list (_ value: [(identifier) (attribute)] @_mapped
   subscript: (_) subscript: (identifier) @name .)) @reference.type.items
 (#match? @_mapped "^(typing[.]|collections[.]|collections[.]abc[.])?(Dict|dict|Mapping|MutableMapping|OrderedDict|DefaultDict|defaultdict)$"))
; an element taken by index or key: log = logs[i], log = self.by_name[k], col = table.columns[k] (a slice is a
; collection again; a type's subscript, Optional[int] or list[str], is no collection)
(assignment left: (identifier) @var.name !type
  right: (_ value: (identifier) @var.elements subscript: [(identifier) (integer) (string) (attribute) (call)
                                                                   (unary_operator) (binary_operator)])
  (#not-match? @var.elements "^([A-Z]|(list|dict|tuple|set|frozenset|type)$)"))
(assignment left: (identifier) @var.name !type
  right: (_ value: (_ object: (identifier)) @var.elements
                    subscript: [(identifier) (integer) (string) (attribute) (call) (unary_operator) (binary_operator)])
 (#not-match? @var.elements "[.][A-Z]\\w*$"))  ; typing.Union[A, B] is a type (an alias), no collection's element
(default_parameter name: (identifier) @var.name value: [(identifier) (attribute)] @var.default)
(typed_default_parameter name: (identifier) @var.name value: [(identifier) (attribute)] @var.default)
(assignment left: [(pattern_list) (tuple_pattern)] @var.names right: [(expression_list) (tuple)] @var.values)
; functions kept in a collection and called from it: a = [f, g]; d["k"] = f; a[0](), d["k"]() (see parse.py @var.item)
(assignment left: (identifier) @var.name
  right: [(list (identifier) @var.item) (tuple (identifier) @var.item) (set (identifier) @var.item)
          (dictionary (pair value: (identifier) @var.item))])
(assignment left: (subscript value: (identifier) @var.name) right: (identifier) @var.item)
(call function: (_ value: (identifier) @name)) @reference.item_call
; needs: lambda
(assignment left: (identifier) @name right: (lambda)) @definition.function

; global x: a function's x = make() assigns the module's x (see parse.py @global.name)
; needs: global
(global_statement (identifier) @global.name)

; names bound where they are (see parse.py @local.name): parameters, assigned, loop and `as` variables
; (a def's own parameters are @parameter.name below, which binds them too)
; needs: *
(list_splat_pattern (identifier) @local.name)
; needs: **
(dictionary_splat_pattern (identifier) @local.name)
; needs: lambda
(lambda_parameters (identifier) @local.name)
(assignment left: [(identifier) @local.name (pattern_list (identifier) @local.name)
                   (tuple_pattern (identifier) @local.name)])
(augmented_assignment left: (identifier) @local.name)
; needs: for
(for_statement left: [(identifier) @local.name (pattern_list (identifier) @local.name)
                      (tuple_pattern (identifier) @local.name)])
; needs: for
(for_in_clause left: [(identifier) @local.name (pattern_list (identifier) @local.name)
                      (tuple_pattern (identifier) @local.name)])
; needs: as
(as_pattern alias: (_ (identifier) @local.name))
; needs: :=
(named_expression name: (identifier) @local.name)

; parameters of a definition (see parse.py @parameter.name): bound in it; a pytest test's or fixture's name fixtures
; needs: def
(function_definition parameters: (parameters [(identifier) @parameter.name
                                              (typed_parameter (identifier) @parameter.name)
                                              (default_parameter name: (identifier) @parameter.name)
                                              (typed_default_parameter name: (identifier) @parameter.name)]))
; ... and of a lambda that is a definition (`check = lambda f: f()`): what its callers pass is what it calls
; needs: lambda
(assignment left: (identifier) right: (lambda parameters: (lambda_parameters [(identifier) @parameter.name
                                                                            (default_parameter name: (identifier) @parameter.name)])))

; a definition named by its dotted path in a string, which a framework imports (Django's settings: MIDDLEWARE,
; context processors, DATABASE_ROUTERS; logging's dictConfig, Celery's task names, "app.main:app" for uvicorn): a
; reference only where the path leads to a module and a name of the repository (see resolve.py `dotted_path`). Every
; string is captured: parse.py keeps those written as a dotted path (`DOTTED_PATH`), as a `#match?` would, without
; reading each string's text (a docstring's too) through the parse's reader
(string (string_content) @name) @reference.dotted_path

; types named in annotations (see parse.py @reference.type): `def f(a: Foo) -> mod.Bar`, `x: List["Baz"]`
(type (identifier) @name) @reference.type
(type (_ object: (_) @receiver attribute: (identifier) @name)) @reference.type
(generic_type (identifier) @name) @reference.type
(type (subscript value: [(identifier) @name (_ object: (_) @receiver attribute: (identifier) @name)] @reference.type))
(type (_ subscript: [(identifier) @name (_ object: (_) @receiver attribute: (identifier) @name)] @reference.type))
(type (_ (string_content) @name (#match? @name "^[A-Za-z_][A-Za-z0-9_.]*$"))) @reference.type
; unions: `License | None`, `A | B | None` (nested binary operators), `list[A] | None`
(type (binary_operator [(identifier) @name (_ object: (_) @receiver attribute: (identifier) @name)
                        (subscript value: [(identifier) @name (_ object: (_) @receiver attribute: (identifier) @name)])]
                       @reference.type))
(type (binary_operator (binary_operator [(identifier) @name (_ object: (_) @receiver attribute: (identifier) @name)
                                         (subscript value: (identifier) @name)] @reference.type)))

; inheritance: class A(B, mod.C), and generic bases class A(B[T], mod.C[T]) (B is the base; T is read as a
; value, see `subscript` above)
; needs: class
(class_definition superclasses: (argument_list [(identifier) @name @reference.inherits
                                                (subscript value: (identifier) @name @reference.inherits)]))
; needs: class
(class_definition superclasses: (argument_list
  [(_ object: (_) @receiver attribute: (identifier) @name) @reference.inherits
   (subscript value: (_ object: (_) @receiver attribute: (identifier) @name) @reference.inherits)]))

; imports: import a.b / import a.b as c / from x import y / from x import y as z / from x import *
; needs: import
(import_statement name: (dotted_name) @import.module) @import
; needs: import as
(import_statement name: (aliased_import name: (dotted_name) @import.module alias: (identifier) @import.alias)) @import
; needs: import
(import_from_statement module_name: (_) @import.module name: (dotted_name) @import.name) @import
; needs: import as
(import_from_statement module_name: (_) @import.module
  name: (aliased_import name: (dotted_name) @import.name alias: (identifier) @import.alias)) @import
; needs: import
(import_from_statement module_name: (_) @import.module (wildcard_import) @import.wildcard) @import

; if __name__ == "__main__": the file is a program entry point
; needs: __name__
(if_statement condition: (comparison_operator (identifier) @_n (string) @_s)
  (#eq? @_n "__name__") (#match? @_s "__main__")) @entry

; what a function declares it gives the functions passed to it (see parse.py @signature.type): fn: Callable[[Ctx,
; Utils], None] gives fn's first parameter a Ctx; fn: Handler, where an alias may stand for a Callable; Handler =
; Callable[[Event], Response]
; needs: Callable
((typed_parameter type: (type (generic_type (identifier) @_callable
   (type_parameter . (type (list (_) @signature.type)))))) @signature.outer
 (#eq? @_callable "Callable"))
; needs: Callable
((typed_default_parameter type: (type (generic_type (identifier) @_callable
   (type_parameter . (type (list (_) @signature.type)))))) @signature.outer
 (#eq? @_callable "Callable"))
(typed_parameter type: (type [(identifier) (attribute) (string)] @signature.named)) @signature.outer
(typed_default_parameter type: (type [(identifier) (attribute) (string)] @signature.named)) @signature.outer
; needs: Callable
((assignment left: (identifier) right: (_ value: (identifier) @_callable subscript: (list (_) @signature.type)))
 (#eq? @_callable "Callable"))

; -> tuple[str | None, Command | None, list[str]]: the element types by place, what each name of `name, cmd, args =
; self.resolve_command(ctx, args)` takes (cmd: resolve_command()#1, see parse.py @var.result)
; needs: -> tuple|Tuple
((function_definition return_type: (type (generic_type (identifier) @_tuple
   (type_parameter (type) @signature.result @signature.result.place))))
 (#match? @_tuple "^(tuple|Tuple)$"))
(assignment left: [(pattern_list (identifier) @var.name) (tuple_pattern (identifier) @var.name)
                   (list_pattern (identifier) @var.name)] !type
  right: (call) @var.result)

; xs.sort(key=lambda t: t.priority): the key's parameter is one of xs' elements (a mapping's keys), as a loop over xs
; takes (litestar's Accept: `self._accepted_types.sort(key=..)`)
; needs: lambda key
(call function: (_ object: [(identifier) (attribute)] @var.keys attribute: (identifier) @_sort)
  arguments: (argument_list (keyword_argument name: (identifier) @_key
    value: (lambda parameters: (lambda_parameters . (identifier) @var.name .))))
  (#eq? @_sort "sort") (#eq? @_key "key"))
; describe("x", lambda t: t.go()): a lambda's parameter takes what the called function declares for it (see parse.py
; @passed.name)
; needs: lambda
(call function: [(identifier) (attribute)] @passed.callee
  arguments: (argument_list (lambda parameters: (lambda_parameters (identifier) @passed.name)) @passed.fn))

; values that hold a class, bound for a call only (@var.default): a call of them builds the class (its __init__), as
; Foo() does. `def make(factory: type[Shape])`, `type[A | B]` (either class) / `Type["Shape"]` / `Optional[type[Shape]]`: factory() builds a Shape
; (or a subclass, which dispatch reaches from Shape's methods); a classmethod's first parameter is its class (cls()).
; needs: type|Type
([(typed_parameter (identifier) @var.name
    type: (type (generic_type (identifier) @_type (type_parameter . (type [(identifier) (attribute) (_ (string_content)) (binary_operator)] @var.default .)))))
  (typed_default_parameter name: (identifier) @var.name
    type: (type (generic_type (identifier) @_type (type_parameter . (type [(identifier) (attribute) (_ (string_content)) (binary_operator)] @var.default .)))))]
 (#any-of? @_type "type" "Type"))
; needs: Optional type|Type
([(typed_parameter (identifier) @var.name
    type: (type (generic_type (identifier) @_optional (type_parameter (type (generic_type (identifier) @_type
      (type_parameter . (type [(identifier) (attribute) (_ (string_content)) (binary_operator)] @var.default .))))))))
  (typed_default_parameter name: (identifier) @var.name
    type: (type (generic_type (identifier) @_optional (type_parameter (type (generic_type (identifier) @_type
      (type_parameter . (type [(identifier) (attribute) (_ (string_content)) (binary_operator)] @var.default .))))))))]
 (#eq? @_optional "Optional") (#any-of? @_type "type" "Type"))
; ... and written through the module: `kind: t.Type[_T]`, `typing.Type[Shape]`
; needs: type|Type
([(typed_parameter (identifier) @var.name
    type: (type (subscript value: (_ attribute: (identifier) @_type)
      subscript: [(identifier) (attribute) (string (string_content))] @var.default .)))
  (typed_default_parameter name: (identifier) @var.name
    type: (type (subscript value: (_ attribute: (identifier) @_type)
      subscript: [(identifier) (attribute) (string (string_content))] @var.default .)))]
 (#any-of? @_type "type" "Type"))
; needs: classmethod
(class_definition name: (identifier) @var.default
  body: (_ (decorated_definition (decorator (identifier) @_classmethod)
    definition: (function_definition parameters: (parameters . [(identifier) @var.name (typed_parameter . (identifier) @var.name)]))))
  (#eq? @_classmethod "classmethod"))
; `def make(factory: Callable[..., Shape])` (t.Callable, typing.Callable): what factory() gives is a Shape (see
; parse.py @var.returns); the call itself runs whatever callers pass (a function or a class): no edge to Shape
; needs: Callable
([(typed_parameter (identifier) @var.name
    type: (type (generic_type (identifier) @_callable
      (type_parameter (type) . (type [(identifier) (attribute) (_ (string_content))] @var.returns) .))))
  (typed_default_parameter name: (identifier) @var.name
    type: (type (generic_type (identifier) @_callable
      (type_parameter (type) . (type [(identifier) (attribute) (_ (string_content))] @var.returns) .))))]
 (#eq? @_callable "Callable"))
; needs: Callable
([(typed_parameter (identifier) @var.name
    type: (type (_ value: (_ attribute: (identifier) @_callable)
      subscript: (_) . subscript: [(identifier) (attribute) (_ (string_content))] @var.returns .)))
  (typed_default_parameter name: (identifier) @var.name
    type: (type (_ value: (_ attribute: (identifier) @_callable)
      subscript: (_) . subscript: [(identifier) (attribute) (_ (string_content))] @var.returns .)))]
 (#eq? @_callable "Callable"))
; `def run(make: ClientFactory)` (a protocol with `__call__`): make(app) gives what its __call__ returns (see parse.py
; @var.called); a bare Callable, Any or type says nothing of it
([(typed_parameter (identifier) @var.name type: (type [(identifier) (attribute) (_ (string_content))] @var.called))
  (typed_default_parameter name: (identifier) @var.name
    type: (type [(identifier) (attribute) (_ (string_content))] @var.called))]
 (#not-match? @var.called "^((typing|t)[.])?(Callable|Any)$|^(object|type|Type)$"))  ; not #not-any-of?: with several
 ; values tree-sitter 0.26 ignores it
; klass = Circle if round else Square: klass() builds either (a call of a variable holding classes)
; needs: if else
(assignment left: (identifier) @var.name !type
  right: (conditional_expression . [(identifier) (attribute)] @var.value))
; needs: if else
(assignment left: (identifier) @var.name !type
  right: (conditional_expression [(identifier) (attribute)] @var.value .))
; @pytest.mark.parametrize("cls", [EqC, EqCSlots]) def test_eq(self, cls): cls(1) builds either (one name, its values
; written in the list: a tuple of names or a list kept elsewhere is not read)
; needs: @ parametrize
(decorated_definition
  (decorator (_ function: [(identifier) @_parametrize (_ attribute: (identifier) @_parametrize)]
    arguments: (argument_list . (_ (string_content) @_names) . [(list (identifier) @var.default) (tuple (identifier) @var.default)])))
  definition: (function_definition parameters: (parameters (identifier) @var.name))
  (#eq? @_parametrize "parametrize") (#eq? @_names @var.name))

; @pytest.mark.parametrize(("a", "b"), rows) / "a, b" / ["a", "b"] / "a": those parameters are given values, never
; fixtures (see parse.py @parameter.given); indirect=... hands the values to the fixtures, which still run
; needs: @ parametrize
((decorated_definition
  (decorator (_ function: [(identifier) @_parametrize (_ attribute: (identifier) @_parametrize)]
    arguments: (argument_list . [(string) (tuple (string)) (list (string))] @parameter.given) @_arguments))
  definition: (function_definition parameters: (parameters) @parameter.of))
 (#eq? @_parametrize "parametrize") (#not-match? @_arguments "indirect"))

; type aliases at module level (see resolve.py `_alias_values`): `X = Union[A, "B"]`, `X = Optional[A]`, `X = A | B`,
; `X: TypeAlias = ...` (a quoted one is split by the language's settle_references), `type X = A | B`: each member a
; `type.alias` of X; an annotation naming X stands for its members (a `|` of flags, READ | WRITE, names no class and
; expands to nothing)
; the same under `if TYPE_CHECKING:`, where a module defines the aliases only type checkers read (uvicorn's tests:
; `HTTPProtocol: TypeAlias = "type[HttpToolsProtocol | H11Protocol]"` beside the imports it names). Both places are
; checked in parse.py (`_aliased_at_module_level`, the assignment @_aliasing): written out here as patterns under
; module and under module's if they cost an eighth of the query's compilation
; needs: Union|Optional
((assignment left: (identifier) !type
  right: (_ value: [(identifier) (_ attribute: (identifier))] @_union
    subscript: [(identifier) @name (_ object: (_) @receiver attribute: (identifier) @name)
                (_ (string_content) @name)]) @reference.type.alias) @_aliasing
 (#match? @_union "(^|[.])(Union|Optional)$"))
; needs: TypeAlias
((assignment left: (identifier) type: (type [(identifier) (attribute)] @_alias)
  right: [(identifier) @name (_ object: (_) @receiver attribute: (identifier) @name)
          (_ (string_content) @name)] @reference.type.alias) @_aliasing
 (#match? @_alias "(^|[.])TypeAlias$"))
; needs: TypeAlias Union|Optional
((assignment left: (identifier) type: (type [(identifier) (attribute)] @_alias)
  right: (_ value: [(identifier) (_ attribute: (identifier))] @_union
    subscript: [(identifier) @name (_ object: (_) @receiver attribute: (identifier) @name)
                (_ (string_content) @name)]) @reference.type.alias) @_aliasing
 (#match? @_alias "(^|[.])TypeAlias$") (#match? @_union "(^|[.])(Union|Optional)$"))
; needs: |
((assignment left: (identifier) right: (binary_operator operator: "|") @name)
  @reference.type.alias @_aliasing (#match? @name "^[A-Za-z_][A-Za-z0-9_.]*([ \\t]*[|][ \\t]*[A-Za-z_][A-Za-z0-9_.]*)+$"))
;  ... and a TypeVar bound to a class, which an annotation naming it stands for: `C = TypeVar("C",
; bound=BaseConverter)`, `def f(converter: C)`, `cls: type[C]` (a value of a subclass is one of the class too)
; needs: TypeVar bound
((assignment left: (identifier) !type
  right: (_ function: [(identifier) (_ attribute: (identifier))] @_typevar
    arguments: (argument_list (keyword_argument name: (identifier) @_bound
      value: [(identifier) @name (_ object: (_) @receiver attribute: (identifier) @name)
              (_ (string_content) @name)]))) @reference.type.alias) @_aliasing
 (#match? @_typevar "(^|[.])TypeVar$") (#eq? @_bound "bound"))
; needs: type
(module (type_alias_statement left: (type (identifier) @name)) @definition.variable)
; needs: type
(module (type_alias_statement right: (type [(identifier) (binary_operator)] @name) @reference.type.alias))

; a member named by a template (getattr(self, f"visit_{kind}"), getattr(self, "emit_" + kind)): @name the template,
; or a variable the enclosing code assigns one (method = f"{key}_schema"; getattr(self, method)), which
; langs/python.settle_references reads; a name with no constant part stays unknown
; needs: getattr
(call function: (identifier) @_getattr
  arguments: (argument_list . [(identifier) (attribute)] @receiver . [(string) (binary_operator) (identifier)] @name)
  (#eq? @_getattr "getattr")) @reference.template
; ... and one formatted by str.format (falcon's inspect: getattr(  # type: ignore\n self, 'visit_{}'.format(..)),
; a comment before the arguments)
; needs: getattr format
(call function: (identifier) @_getattr
  arguments: (argument_list . [(identifier) (attribute)] @receiver
                            . (_ function: (_ object: (string) attribute: (identifier) @_format)) @name)
  (#eq? @_getattr "getattr") (#eq? @_format "format")) @reference.template
; needs: getattr format
(call function: (identifier) @_getattr
  arguments: (argument_list . (comment) . [(identifier) (attribute)] @receiver
                            . (_ function: (_ object: (string) attribute: (identifier) @_format)) @name)
  (#eq? @_getattr "getattr") (#eq? @_format "format")) @reference.template
; ... and a function of the module named so: vars()["do_" + name], globals()[f"visit_{kind}"] (pyparsing's ebnf
; example; langs/python NAMESPACE_RECEIVERS, resolve.py _module_template_names)
; needs: globals|vars
((subscript value: (call) @receiver subscript: (_) @name)
 (#match? @receiver "^(globals|vars)[(][)]$")) @reference.template
(assignment left: (identifier) @name
  right: [(string (interpolation)) (binary_operator left: (string)) (binary_operator right: (string))] @receiver)
  @reference.template_value
