; JavaScript (and JSX): what only its grammar names so; the rest is shared with TypeScript in ecma.scm.
; Capture names follow the convention documented in extractors/structure/parse.py.
;
; An inner member expression or call is written `(_ object: .. property: ..)` / `(_ function: .. arguments: ..)`:
; no other node stands there with those fields (a nested_identifier only in a type's or a namespace's name). tree-sitter
; analyses every step that names a node type and has children when it compiles the query, and skips wildcards: the
; same matches for less compile (see docs/structure-audits.md, tenth round). A pattern's root stays named.
; inherits: jsx
; inherits: ecma

; definitions
(class_declaration name: (identifier) @name) @definition.class
(field_definition property: [(property_identifier) (private_property_identifier)] @name value: [(arrow_function) (function_expression)]) @definition.function
(field_definition property: [(property_identifier) (private_property_identifier)] @name) @definition.field
; a class field given a function: handler = onX (see ecma.scm for the other places a name is a value)
(field_definition value: (identifier) @name) @reference.callback

; exported classes: export class C
(export_statement declaration: (class_declaration name: (identifier) @name) @definition.class) @exported

; inheritance: class A extends B / extends mod.B
(class_heritage (identifier) @name @reference.inherits)
(class_heritage (_ object: (_) @receiver property: (property_identifier) @name) @reference.inherits)
; a class built by a call: class Store extends mixin(EventEmitter): the called function's class
; needs: extends
(class_heritage (call_expression function: (identifier) @name) @reference.inherits)

; re-exports: export default function f / export default class C
(export_statement "default" @import.alias declaration: [(function_declaration name: (identifier) @import.name)
  (class_declaration name: (identifier) @import.name)]) @reexport

; variables built by a constructor: class fields (see parse.py @var.name)
(field_definition property: [(property_identifier) (private_property_identifier)] @var.name value: (new_expression) @var.type)

; parameters bound where they are (see parse.py @local.name)
(formal_parameters [(identifier) @local.name (assignment_pattern left: (identifier) @local.name)
                    (rest_pattern (identifier) @local.name)])
; ...and a definition's, by position (see parse.py @parameter.name): run(cb) { cb() } calls what run's callers pass
([(function_declaration parameters: (formal_parameters [(identifier) @parameter.name
                                                        (assignment_pattern left: (identifier) @parameter.name)]))
  (generator_function_declaration parameters: (formal_parameters [(identifier) @parameter.name
                                                                  (assignment_pattern left: (identifier) @parameter.name)]))
  (method_definition parameters: (formal_parameters [(identifier) @parameter.name
                                                     (assignment_pattern left: (identifier) @parameter.name)]))
  (variable_declarator value: [(arrow_function parameters: (formal_parameters [(identifier) @parameter.name
                                                                               (assignment_pattern left: (identifier) @parameter.name)]))
                               (function_expression parameters: (formal_parameters [(identifier) @parameter.name
                                                                                    (assignment_pattern left: (identifier) @parameter.name)]))
                               (arrow_function parameter: (identifier) @parameter.name)])
  (assignment_expression left: (member_expression)
    right: [(function_expression parameters: (formal_parameters [(identifier) @parameter.name
                                                                 (assignment_pattern left: (identifier) @parameter.name)]))
            (arrow_function parameters: (formal_parameters [(identifier) @parameter.name
                                                            (assignment_pattern left: (identifier) @parameter.name)]))])])

; a variable given what a function declares it returns: const s = open(), const s = await open() (a `require()`: see
; the imports in ecma.scm)
(variable_declarator name: (identifier) @var.name
  value: (_ function: (identifier) @_callee arguments: (_)) @var.type (#not-eq? @_callee "require"))
(variable_declarator name: (identifier) @var.name
  value: [(_ function: (member_expression) arguments: (_)) @var.type
          (await_expression (_ function: [(identifier) (member_expression)] arguments: (_)) @var.type)])

; JSDoc just before a function: its @param and @returns types (see parse.py _jsdoc_types); plain JavaScript writes
; its types there
((comment) @jsdoc . [(function_declaration) (generator_function_declaration) (method_definition)
                     (expression_statement) (lexical_declaration) (variable_declaration) (export_statement)]
  @jsdoc.target)

; ...and a JSDoc comment anywhere, for the types its @typedef imports (`{import('./types.d.ts').Options} Options`)
((comment) @jsdoc (#match? @jsdoc "@typedef"))

; xs.map((b) => ...), xs.some(function (b) {...}): the callback's first parameter takes the collection's elements
(call_expression
  function: (_ object: (_) @var.elements property: (property_identifier) @_adapter)
  arguments: (arguments . [(arrow_function parameters: (formal_parameters . (identifier) @var.name))
                           (function_expression parameters: (formal_parameters . (identifier) @var.name))])
  (#any-of? @_adapter "map" "forEach" "filter" "find" "findLast" "some" "every" "flatMap" "findIndex"))

; test("x", (t) => t.is(..)), test.serial("x", t => ..), it("x", function (t) {..}): a test runner's callback's
; first parameter takes what the runner gives it (parse.py @passed.name: the library's object where the runner is an
; import of a package or a global, as typescript.scm's literal-rooted patterns give TypeScript's every callback);
; rooted at the call, to name the runner: plain JavaScript's other callbacks stay as they were
; needs: test|it
(call_expression
  function: [(identifier) @_runner (_ object: (identifier) @_runner property: (property_identifier))] @passed.callee
  arguments: (arguments [(arrow_function parameters: (formal_parameters . (identifier) @passed.name))
                         (arrow_function parameter: (identifier) @passed.name)
                         (function_expression parameters: (formal_parameters . (identifier) @passed.name))] @passed.fn)
  (#any-of? @_runner "test" "it"))

; an object built on a prototype (`var res = Object.create(http.ServerResponse.prototype)`: express's request and
; response) inherits from that prototype's type: `this.end()` in `res.send = function` is the library's (external),
; `this.drain()` with `Object.create(Stream.prototype)` the repository's Stream's
(variable_declarator
  value: (_
    function: (_ object: (identifier) @_object property: (property_identifier) @_create)
    arguments: (arguments . (_
      object: [(identifier) @name @reference.inherits
               (_ object: (_) @receiver property: (property_identifier) @name) @reference.inherits]
      property: (property_identifier) @_prototype)))
  (#eq? @_object "Object") (#eq? @_create "create") (#eq? @_prototype "prototype"))

; Function.prototype's own methods run or hand on the function they are called on: `fn.call(this, x)`,
; `fn.apply(ctx, args)`, `fn.bind(req)` (javascript.settle_references). Only where the first argument is a value to
; run it on (`this`, `null`, a name): tapable's `hook.call(1, 2)` calls its Hook's own method `call`
(call_expression
  function: (_ property: (property_identifier) @name)
  arguments: (arguments . [(this) (null) (undefined) (identifier) (member_expression)])
  (#match? @name "^(call|apply|bind)$")) @reference.function_method

; Node's prototype wiring after a constructor function: `util.inherits(Child, Parent)` (or a bare `inherits(..)`) and
; `Object.setPrototypeOf(Child.prototype, Parent.prototype)` make Parent a base of Child (`this.m()` in Child's
; methods reaches Parent's m); the two names are paired by the language's settle_references (a base_of reference)
(call_expression
  function: [(identifier) @_inherits (_ property: (property_identifier) @_inherits)]
  arguments: (arguments . (identifier) @name . (_))
  (#eq? @_inherits "inherits")) @reference.subclass
(call_expression
  function: [(identifier) @_inherits (_ property: (property_identifier) @_inherits)]
  arguments: (arguments . (identifier) . [(identifier) @name
                                          (_ object: (_) @receiver property: (property_identifier) @name)])
  (#eq? @_inherits "inherits")) @reference.base_of
(call_expression
  function: (_ object: (identifier) @_object property: (property_identifier) @_set)
  arguments: (arguments . (_ object: (identifier) @name property: (property_identifier) @_prototype)
                        . (_ property: (property_identifier) @_prototype2))
  (#eq? @_object "Object") (#eq? @_set "setPrototypeOf") (#eq? @_prototype "prototype")
  (#eq? @_prototype2 "prototype")) @reference.subclass
(call_expression
  function: (_ object: (identifier) @_object property: (property_identifier) @_set)
  arguments: (arguments . (_ object: (identifier) property: (property_identifier) @_prototype)
                        . (_
                            object: [(identifier) @name
                                     (_ object: (_) @receiver property: (property_identifier) @name)]
                            property: (property_identifier) @_prototype2))
  (#eq? @_object "Object") (#eq? @_set "setPrototypeOf") (#eq? @_prototype "prototype")
  (#eq? @_prototype2 "prototype")) @reference.base_of
; ...and ES5 subclassing by hand: `Child.prototype = Object.create(Parent.prototype)` (a second argument of
; property descriptors changes nothing)
(assignment_expression
  left: (_ object: (identifier) @name property: (property_identifier) @_prototype)
  right: (_
    function: (_ object: (identifier) @_object property: (property_identifier) @_create)
    arguments: (arguments . (_ property: (property_identifier) @_prototype2)))
  (#eq? @_object "Object") (#eq? @_create "create") (#eq? @_prototype "prototype")
  (#eq? @_prototype2 "prototype")) @reference.subclass
(assignment_expression
  left: (_ object: (identifier) property: (property_identifier) @_prototype)
  right: (_
    function: (_ object: (identifier) @_object property: (property_identifier) @_create)
    arguments: (arguments . (_
                              object: [(identifier) @name
                                       (_ object: (_) @receiver property: (property_identifier) @name)]
                              property: (property_identifier) @_prototype2)))
  (#eq? @_object "Object") (#eq? @_create "create") (#eq? @_prototype "prototype")
  (#eq? @_prototype2 "prototype")) @reference.base_of

; mixins copy one object's members onto another: `mixin(app, proto, false)` (merge-descriptors), `merge(app, proto)`,
; `Object.assign(Foo.prototype, bar)`, `Object.assign(app, EventEmitter.prototype)`: the source (or the constructor
; whose prototype it is) becomes a base of the target, paired like util.inherits above (a library's prototype makes
; the target's missing members external, never a guess)
(call_expression
  function: [(identifier) @_mixin
             (_ object: (identifier) @_object property: (property_identifier) @_mixin)]
  arguments: (arguments . [(identifier) @name
                           (_ object: (identifier) @name property: (property_identifier) @_prototype)]
                        . (_))
  (#any-of? @_mixin "mixin" "merge" "assign") (#any-of? @_object "Object")
  (#eq? @_prototype "prototype")) @reference.subclass
(call_expression
  function: [(identifier) @_mixin
             (_ object: (identifier) @_object property: (property_identifier) @_mixin)]
  arguments: (arguments . [(identifier) (_ property: (property_identifier) @_prototype)]
                        . [(identifier) @name
                           (_ object: (identifier) @name property: (property_identifier) @_prototype2)
                           (_ object: (_ object: (_) @receiver
                                                                        property: (property_identifier) @name)
                                              property: (property_identifier) @_prototype2)])
  (#any-of? @_mixin "mixin" "merge" "assign") (#any-of? @_object "Object")
  (#eq? @_prototype "prototype") (#eq? @_prototype2 "prototype")) @reference.base_of

; a call through a key spelled nowhere (semantic-release's `ERROR_DEFINITIONS[code](ctx)`, knex's `this[stmt.type](stmt)`,
; bull's `builtinStrategies[backoff.type](delay)`): the whole subscript as the name, which langs.settle_templates reads
; as any member of the receiver (langs.ANY_KEY); plain JavaScript only: a TypeScript key has a type (`keyof Body`) the
; type checker narrows the call by, which naming every member would not
(call_expression function: (subscript_expression object: (_) @receiver index: (_)) @name) @reference.template

; members set under computed names: `app[method] = function () {..}` (express's verbs in a loop), `Foo.prototype[name]
; = ..`: the object may have any member, so a call no definition answers stays unresolved, never a library base's
; (parse's open_members; a string or number index names the member, no computed one)
(assignment_expression
  left: (subscript_expression
          object: [(identifier) @name
                   (_ object: (identifier) @name property: (property_identifier) @_prototype)]
          index: (_) @_index)
  (#not-match? @_index "^[\"'0-9]")
  (#eq? @_prototype "prototype")) @reference.open_members

; ...and where the computed name runs over a list written in place: `['get', 'post'].forEach((m) => { Foo.prototype[m] =
; .. })`, `utils.forEach(['delete', 'get'], function (method) { Axios.prototype[method] = function () {..} })`: a
; method of Foo per name, defined at its string (the function body stays its callback's: one body for all the names);
; `Foo.prototype[m + 'Form'] = ..` names no member. A plain object's (`app[method] = ..`, express's verbs mixed into
; an app) stays open only: what its calls return is no body's, and a guess past it would be by name
(call_expression
  function: (_ object: (array (string (string_fragment) @name) @definition.function)
                               property: (property_identifier) @_each)
  arguments: (arguments . [(arrow_function parameters: (formal_parameters . (identifier) @_param)
                                           body: (statement_block (expression_statement (assignment_expression
                                             left: (subscript_expression
                                                     object: (_ object: (identifier) @parent.name
                                                                                property: (property_identifier) @_prototype)
                                                     index: (identifier) @_index)))))
                           (function_expression parameters: (formal_parameters . (identifier) @_param)
                                                body: (statement_block (expression_statement (assignment_expression
                                             left: (subscript_expression
                                                     object: (_ object: (identifier) @parent.name
                                                                                property: (property_identifier) @_prototype)
                                                     index: (identifier) @_index)))))])
  (#eq? @_each "forEach") (#eq? @_param @_index) (#eq? @_prototype "prototype"))
(call_expression
  function: [(identifier) @_each (_ property: (property_identifier) @_each)]
  arguments: (arguments . (array (string (string_fragment) @name) @definition.function)
                        . [(arrow_function parameters: (formal_parameters . (identifier) @_param)
                                           body: (statement_block (expression_statement (assignment_expression
                                             left: (subscript_expression
                                                     object: (_ object: (identifier) @parent.name
                                                                                property: (property_identifier) @_prototype)
                                                     index: (identifier) @_index)))))
                           (function_expression parameters: (formal_parameters . (identifier) @_param)
                                                body: (statement_block (expression_statement (assignment_expression
                                             left: (subscript_expression
                                                     object: (_ object: (identifier) @parent.name
                                                                                property: (property_identifier) @_prototype)
                                                     index: (identifier) @_index)))))])
  (#any-of? @_each "forEach" "each") (#eq? @_param @_index) (#eq? @_prototype "prototype"))

; accessors defined on an object (fastify's Request and Reply, express's req): `Object.defineProperties(Request.prototype,
; { ip: { get () {..} }, hostname: { get () {..}, set (v) {..} } })` and `Object.defineProperty(req, 'protocol', { get:
; function () {..} })` are the property's getter and setter, a method `Request.ip` as a class's `get ip()` is (read as
; `request.ip`); the object literal's own `get`/`set` method is then no definition (javascript.settle_definitions).
; At the module's top only: inside a function the object is a local (fastify's `_Request` in buildRequestWithTrustProxy),
; no definition a method could hang on
(program (expression_statement (_
  function: (_ object: (identifier) @_object property: (property_identifier) @_define)
  arguments: (arguments . [(identifier) @parent.name
                           (_ object: (identifier) @parent.name property: (property_identifier) @_prototype)]
                        . (object (pair key: [(property_identifier) @name (string (string_fragment) @name)]
                                        value: (object [(method_definition name: (property_identifier) @_accessor)
                                                        (pair key: (property_identifier) @_accessor
                                                              value: [(function_expression) (arrow_function)])]
                                                       @definition.function)))))
  (#eq? @_object "Object") (#eq? @_define "defineProperties") (#eq? @_prototype "prototype")
  (#any-of? @_accessor "get" "set")))
(program (expression_statement (_
  function: (_ object: (identifier) @_object property: (property_identifier) @_define)
  arguments: (arguments . [(identifier) @parent.name
                           (_ object: (identifier) @parent.name property: (property_identifier) @_prototype)]
                        . (string (string_fragment) @name)
                        . (object [(method_definition name: (property_identifier) @_accessor)
                                   (pair key: (property_identifier) @_accessor value: [(function_expression) (arrow_function)])]
                                  @definition.function)))
  (#eq? @_object "Object") (#eq? @_define "defineProperty") (#eq? @_prototype "prototype")
  (#any-of? @_accessor "get" "set")))

; an alias of a constructor's prototype (axios's `const prototype = AxiosURLSearchParams.prototype`, `var proto =
; F.prototype`): a mark for settle_definitions (javascript.py), never a symbol; `prototype.m = function` is then F's
; (the alternation is wrapped: a predicate after a bare top-level alternation is read as a pattern of its own and
; never applied, which made `var Common = module.exports` an alias of a prototype of `module`: pm2's lib/Common.js)
([(lexical_declaration (variable_declarator name: (identifier) @name
    value: (_ object: (identifier) @parent.name property: (property_identifier) @_prototype)))
  (variable_declaration (variable_declarator name: (identifier) @name
    value: (_ object: (identifier) @parent.name property: (property_identifier) @_prototype)))]
  @definition.prototype_alias (#eq? @_prototype "prototype"))

; a constructor function's own methods, assigned in its body (ES5's `function Layer(fn) { this.run = function () {..} }`):
; methods of what its `new` builds, as `Layer.prototype.run = ..` would be; at the module's top only (a constructor
; declared inside a function is a local of it), and named as a constructor is (javascript.constructor_name; a
; lowercase function's `this` is whatever object borrows it)
(program [(function_declaration name: (identifier) @parent.name
            body: (statement_block (expression_statement (assignment_expression
              left: (_ object: (this) property: (property_identifier) @name)
              right: [(function_expression) (arrow_function)]) @definition.function)))
          (variable_declaration (variable_declarator name: (identifier) @parent.name
            value: (function_expression body: (statement_block (expression_statement (assignment_expression
              left: (_ object: (this) property: (property_identifier) @name)
              right: [(function_expression) (arrow_function)]) @definition.function)))))]
  (#match? @parent.name "^[A-Z]"))
; ...whose `this.run` written there is no read of the method it defines
(program [(function_declaration body: (statement_block (expression_statement (assignment_expression
            left: (_ object: (this) property: (property_identifier) @name) @reference.ignore
            right: [(function_expression) (arrow_function)]))))
          (variable_declaration (variable_declarator value: (function_expression body: (statement_block
            (expression_statement (assignment_expression
              left: (_ object: (this) property: (property_identifier) @name) @reference.ignore
              right: [(function_expression) (arrow_function)]))))))])

; members copied onto a constructor, its prototype or an object by `Object.assign(Layer.prototype, { match(p) {..},
; reset: function () {..} })` or `Object.assign(Layer, { create () {..} })`: methods of Layer, as `Layer.prototype.m =
; function` and `Layer.create = function` are (the object literal's own method pattern then captures the same node:
; javascript.settle_definitions keeps this one). At the module's top only, as for Object.defineProperties above
(program (expression_statement (_
  function: (_ object: (identifier) @_object property: (property_identifier) @_assign)
  arguments: (arguments . [(identifier) @parent.name
                           (_ object: (identifier) @parent.name property: (property_identifier) @_prototype)]
                        . (object [(method_definition name: (property_identifier) @name)
                                   (pair key: (property_identifier) @name
                                         value: [(function_expression) (arrow_function)])] @definition.function)))
  (#eq? @_object "Object") (#eq? @_assign "assign") (#eq? @_prototype "prototype")))
; ...and the prototype members a helper's `inherits(Child, Parent, { toJSON() {..}, m: function () {..} })` copies
; onto Child (axios's utils.inherits; Node's util.inherits takes two arguments): methods of Child
(program (expression_statement (_
  function: [(identifier) @_inherits (_ property: (property_identifier) @_inherits)]
  arguments: (arguments . (identifier) @parent.name . (_)
                        . (object [(method_definition name: (property_identifier) @name)
                                   (pair key: (property_identifier) @name
                                         value: [(function_expression) (arrow_function)])] @definition.function)))
  (#eq? @_inherits "inherits")))
