; JavaScript and TypeScript alike: the patterns both grammars name the same, shared through '; inherits: ecma'.
; Capture names follow the convention documented in extractors/structure/parse.py.
;
; An inner member expression or call is written `(_ object: .. property: ..)` / `(_ function: .. arguments: ..)`:
; no other node stands there with those fields (a nested_identifier only in a type's or a namespace's name). tree-sitter
; analyses every step that names a node type and has children when it compiles the query, and skips wildcards: the
; same matches for less compile (see docs/structure-audits.md, tenth round). A pattern's root stays named.
; Except as the child of a common node that a wide subtree can stand under (`arguments`, an object's `pair value:`,
; `assignment_expression right:`): a wildcard there matches every child, and the state it starts lives while the
; child's whole subtree (a callback's body) is walked; named, only a member expression starts one (the three: hono's
; walk -1.1 %, the compile unchanged; docs/structure-audits.md, nineteenth round).
;
; `; needs: require` above a pattern names the tokens a file must hold for it to match (see python.scm's head): a
; one-shot update's parse-ahead child compiles only the patterns its files hold the tokens of.

; definitions
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
; a class's methods, `#take()` too (an ES private method: its name keeps the `#`, so it is never exported and
; `this.#take()` below finds it)
(class_body (method_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.function)
; a method of an object literal (`return { gte() {...} }`, a config's `redirects()`): reached through the object;
; the object a module exports (`module.exports = { get href() {...} }`, `export default { build() {} }`): its API
(object (method_definition name: (property_identifier) @name) @definition.method)
; a key whose value is a function anywhere else is a method of its object too (`const handlers = { onDone: (r) =>
; r.m() }` in a function, `run({ onDone: (r) => .. })`, a test's mock `{ send: function (v) {..} }`): the calls in it
; are its own, not the enclosing function's, and a call through the object or through the parameter it is handed to
; reaches it; a guess by name elsewhere (`res.send()`) takes it only where no other definition answers (javascript.py
; settle_definitions: a mark MADE; one an API pattern above captures is that method, as it was)
(object (pair key: (property_identifier) @name
  value: [(function_expression) (arrow_function) (generator_function)]) @definition.handler)
; ...but not a property's descriptor (`Object.defineProperty(this, 'router', { get: function () {..} })`): its get /
; set run with the object defined on as `this`, code of the function the call is in (a mark javascript.py
; settle_definitions reads: the key's function is then no method)
; needs: Object defineProperty
(call_expression function: (_ object: (identifier) @_object property: (property_identifier) @_define)
  arguments: (arguments (object [(pair key: (property_identifier) @name
                                       value: [(function_expression) (arrow_function)])
                                 (method_definition name: (property_identifier) @name)] @definition.descriptor))
  (#eq? @_object "Object") (#eq? @_define "defineProperty") (#any-of? @name "get" "set"))
; needs: module exports
(assignment_expression
  left: (_ object: (identifier) @_module property: (property_identifier) @_exports)
  right: (object (method_definition name: (property_identifier) @name) @definition.method)
  (#eq? @_module "module") (#eq? @_exports "exports")) @exported
(export_statement value: (object (method_definition name: (property_identifier) @name) @definition.method)) @exported
; and a key whose value is a function is a method of the object alike, where the object is an API: one a function
; returns (`return { reset: function () {...} }`, `() => ({ peek: () => state })`), a module-level variable's
; (`var Helpers = { pick: function (o) {...} }`) or the module's export (`module.exports = { parse: (s) => ... }`);
; elsewhere (an object handed to a call, a test's mock, a function's local object) see `@definition.handler` below
([(return_statement (object (pair key: (property_identifier) @name
                               value: [(function_expression) (arrow_function) (generator_function)]) @definition.method))
  (arrow_function body: (parenthesized_expression (object (pair key: (property_identifier) @name
                               value: [(function_expression) (arrow_function) (generator_function)]) @definition.method)))
  (program [(lexical_declaration (variable_declarator value: (object (pair key: (property_identifier) @name
                               value: [(function_expression) (arrow_function) (generator_function)]) @definition.method)))
            (variable_declaration (variable_declarator value: (object (pair key: (property_identifier) @name
                               value: [(function_expression) (arrow_function) (generator_function)]) @definition.method)))])])
(program (export_statement declaration: [(lexical_declaration (variable_declarator value: (object (pair key: (property_identifier) @name
                               value: [(function_expression) (arrow_function) (generator_function)]) @definition.method)))
                                         (variable_declaration (variable_declarator value: (object (pair key: (property_identifier) @name
                               value: [(function_expression) (arrow_function) (generator_function)]) @definition.method)))]))
; needs: module exports
(assignment_expression
  left: (_ object: (identifier) @_module property: (property_identifier) @_exports)
  right: (object (pair key: (property_identifier) @name value: [(function_expression) (arrow_function) (generator_function)])
    @definition.method)
  (#eq? @_module "module") (#eq? @_exports "exports")) @exported
(export_statement value: (object (pair key: (property_identifier) @name
  value: [(function_expression) (arrow_function) (generator_function)]) @definition.method)) @exported
; a key naming a function written elsewhere (`return { mutate: boundMutate, reset }`, `const api = { get: getUser }`)
; is a field of that API object holding the function (a `value.held` fact; a field given `this.onX` calls it so): a
; call of it through the object (`api.get()`, `const { mutate } = useThing(); mutate()`) calls the function too; the
; field is the value's node, so the name passed as a value (`reset` in `{ reset: onReset }`) stays the owner's reference
([(return_statement (object [(pair key: (property_identifier) @name value: (identifier) @definition.key)
                             (shorthand_property_identifier) @name @definition.key]))
  (arrow_function body: (parenthesized_expression (object [(pair key: (property_identifier) @name value: (identifier) @definition.key)
                             (shorthand_property_identifier) @name @definition.key])))
  (program [(lexical_declaration (variable_declarator value: (object [(pair key: (property_identifier) @name value: (identifier) @definition.key)
                             (shorthand_property_identifier) @name @definition.key])))
            (variable_declaration (variable_declarator value: (object [(pair key: (property_identifier) @name value: (identifier) @definition.key)
                             (shorthand_property_identifier) @name @definition.key])))
            (export_statement declaration: [(lexical_declaration (variable_declarator value: (object [(pair key: (property_identifier) @name value: (identifier) @definition.key)
                             (shorthand_property_identifier) @name @definition.key])))
                                            (variable_declaration (variable_declarator value: (object [(pair key: (property_identifier) @name value: (identifier) @definition.key)
                             (shorthand_property_identifier) @name @definition.key])))])])])
([(return_statement (object [(pair value: (identifier) @name @reference.value.held) (shorthand_property_identifier) @name @reference.value.held]))
  (arrow_function body: (parenthesized_expression (object [(pair value: (identifier) @name @reference.value.held) (shorthand_property_identifier) @name @reference.value.held])))
  (program [(lexical_declaration (variable_declarator value: (object [(pair value: (identifier) @name @reference.value.held) (shorthand_property_identifier) @name @reference.value.held])))
            (variable_declaration (variable_declarator value: (object [(pair value: (identifier) @name @reference.value.held) (shorthand_property_identifier) @name @reference.value.held])))
            (export_statement declaration: [(lexical_declaration (variable_declarator value: (object [(pair value: (identifier) @name @reference.value.held) (shorthand_property_identifier) @name @reference.value.held])))
                                            (variable_declaration (variable_declarator value: (object [(pair value: (identifier) @name @reference.value.held) (shorthand_property_identifier) @name @reference.value.held])))])])])
(variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression) (generator_function)]) @definition.function
(variable_declarator name: (identifier) @name value: (class)) @definition.class
; a class exported without a name (`export default class extends Controller {...}`: a Stimulus controller, a Lit or
; Vue component): `<anonymous default>`, built where it is written (see parse.py @anonymous), its methods its own
(export_statement "default" @name value: (class) @definition.class @anonymous)

; exported definitions: export function f / export const f = () => ...
(export_statement declaration: [(function_declaration name: (identifier) @name)
                                (generator_function_declaration name: (identifier) @name)] @definition.function) @exported
(export_statement declaration: [(lexical_declaration (variable_declarator name: (identifier) @name
                                  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function)
                                (variable_declaration (variable_declarator name: (identifier) @name
                                  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function)]) @exported

; module-level variables and constants (a function or class value is that definition instead; a require is an import)
(program (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable))
(program (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable))
(program (export_statement declaration: [(lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
                                         (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)]) @exported)
; ...and the names a module exports taken apart from a value: `export const { useUser, useLogin } = configureAuth(..)`
; (bulletproof-react's lib/auth.tsx): each is the module's variable, so `import { useUser } from '@/lib/auth'` binds it
; (it was unresolved, and `useUser()` guessed onto another app's `useUser`)
; needs: export
(program (export_statement declaration: (lexical_declaration (variable_declarator name: (object_pattern
  [(shorthand_property_identifier_pattern) @name @definition.variable
   (pair_pattern value: (identifier) @name @definition.variable)]))) @exported))

; calls: f(), obj.f(), new Foo(), new Foo().f(), this.f()
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (_ object: (_) @receiver property: [(property_identifier) (private_property_identifier)] @name)) @reference.call
(new_expression constructor: (identifier) @name) @reference.call
(new_expression constructor: (_ object: (_) @receiver property: (property_identifier) @name)) @reference.call

; names read in conditions, loops and templates: if (FLAG), for (x of ITEMS), `${NAME}`, o[K], !X (a local's read is
; dropped where it is read)
[(for_in_statement right: (identifier) @name) (template_substitution (identifier) @name)
 (subscript_expression index: (identifier) @name) (unary_expression argument: (identifier) @name)
 (parenthesized_expression (identifier) @name)] @reference.read
; comparisons and arithmetic read a constant (n <= LIMIT, K in o): upper-case names only (other operands are
; everywhere, mostly locals)
([(binary_expression left: (identifier) @name) (binary_expression right: (identifier) @name)] @reference.read
  (#match? @name "^_*[A-Z][A-Z0-9_$]*$"))

; an async function (async function refresh() {..}, async load() {..}, const save = async () => ..): a call of it gives
; a promise, whose then / catch / finally are the language's (see parse.py @signature.async)
(function_declaration "async" @signature.async)
(method_definition "async" @signature.async)
; needs: async
(variable_declarator value: [(arrow_function "async" @signature.async) (function_expression "async" @signature.async)])

; an anonymous function passed to a call (describe('x', () => {...}), xs.map(function (x) {...})): a scope of its own
; variables (each test's `const inst = ...`), never a definition references are attributed to
(arguments [(arrow_function) (function_expression)] @scope.callback)

; functions passed as values: arr.map(f), on("x", this.handle), { onClick: handle }, { handle }, [f, g]
(arguments (identifier) @name) @reference.callback
; an object literal handed to a call hands it its methods: new ReadableStream({ pull() {...} }) (the callee runs them)
(arguments (object [(method_definition name: (property_identifier) @name)
                    (pair key: (property_identifier) @name value: [(function_expression) (arrow_function) (generator_function)])])) @reference.callback
; and so does an object nested in it, a section or a list the callee reads by key (one pattern: each costs time):
; defineConfig({ build: { rollupOptions: { onwarn() {..} } } }), defineComponent({ computed: { full() {..} } }),
; build({ plugins: [{ transform() {..} }] }), router.addRoutes([{ beforeEnter() {..} }])
; (two patterns, an object's and a list's: one whose first step is an alternation of the two cost the TypeScript walk
; 3.7 % more instructions, hono's src)
(arguments (object (pair value: [(object [(method_definition name: (property_identifier) @name)
                                  (pair key: (property_identifier) @name value: [(function_expression) (arrow_function) (generator_function)])])
                                  (array (object [(method_definition name: (property_identifier) @name)
                                  (pair key: (property_identifier) @name value: [(function_expression) (arrow_function) (generator_function)])]))
                                  (object (pair value: [(object [(method_definition name: (property_identifier) @name)
                                  (pair key: (property_identifier) @name value: [(function_expression) (arrow_function) (generator_function)])])
                                                        (array (object [(method_definition name: (property_identifier) @name)
                                  (pair key: (property_identifier) @name value: [(function_expression) (arrow_function) (generator_function)])]))]))]))) @reference.callback
(arguments (array (object [(method_definition name: (property_identifier) @name)
                                  (pair key: (property_identifier) @name value: [(function_expression) (arrow_function) (generator_function)])]))) @reference.callback
(arguments (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.callback
(pair value: (identifier) @name) @reference.callback
(pair value: (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.callback
(object (shorthand_property_identifier) @name) @reference.callback
(array (identifier) @name) @reference.callback
(assignment_expression right: (identifier) @name) @reference.callback
(assignment_expression right: (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.callback
; and where a name is a value, not called (one pattern: each costs time on every file): a || f, c ? f : g, x ??= f,
; const g = f, (fn = noop) =>, {a = f} =, [...fs], return f, () => f (a thunk: fp-ts's `flatMap(() => copyFiles)`),
; yield f, await f, (f). Mostly variables: the resolver keeps only
; what resolves with confidence, a variable as a read
[(binary_expression left: (identifier) @name operator: ["||" "&&" "??"])
 (binary_expression operator: ["||" "&&" "??"] right: (identifier) @name)
 (ternary_expression consequence: (identifier) @name)
 (ternary_expression alternative: (identifier) @name)
 (augmented_assignment_expression right: (identifier) @name)
 (variable_declarator value: (identifier) @name)
 (assignment_pattern right: (identifier) @name)
 (object_assignment_pattern right: (identifier) @name)
 (spread_element (identifier) @name)
 (return_statement (identifier) @name)
 (arrow_function body: (identifier) @name)
 (yield_expression (identifier) @name)
 (await_expression (identifier) @name)
 (parenthesized_expression (identifier) @name)] @reference.callback
; a class's static function as a value: const stringType = ZodString.create, return Schema.parse (a capitalised
; receiver only: `const x = obj.prop` is a read of data the attribute pattern below already records)
([(variable_declarator value: (_ object: (identifier) @receiver property: (property_identifier) @name))
  (return_statement (_ object: (identifier) @receiver property: (property_identifier) @name))]
  @reference.callback (#match? @receiver "^[A-Z]"))

; ES imports: import d from / import {a as b} from / import * as ns from / import "x"
(import_statement (import_clause (identifier) @import.alias) source: (string (string_fragment) @import.module)) @import
(import_statement (import_clause (named_imports (import_specifier name: (identifier) @import.name !alias)))
  source: (string (string_fragment) @import.module)) @import
(import_statement (import_clause (named_imports (import_specifier name: (identifier) @import.name alias: (identifier) @import.alias)))
  source: (string (string_fragment) @import.module)) @import
(import_statement (import_clause (namespace_import (identifier) @import.alias) @import.wildcard)
  source: (string (string_fragment) @import.module)) @import
(import_statement "import" . source: (string (string_fragment) @import.module)) @import

; re-exports: export {a, b as c} from / export * from / export * as ns from / export {a as b} / export default a
(export_statement (export_clause (export_specifier name: (identifier) @import.name !alias))
  source: (string (string_fragment) @import.module)) @reexport
(export_statement (export_clause (export_specifier name: (identifier) @import.name alias: (identifier) @import.alias))
  source: (string (string_fragment) @import.module)) @reexport
(export_statement "*" @import.wildcard source: (string (string_fragment) @import.module)) @reexport
(export_statement (namespace_export (identifier) @import.alias) @import.wildcard
  source: (string (string_fragment) @import.module)) @reexport
(export_statement (export_clause (export_specifier name: (identifier) @import.name alias: (identifier)? @import.alias)) !source) @reexport
(export_statement "default" @import.alias value: (identifier) @import.name) @reexport

; CommonJS: const m = require("./m") / const {a, b: c} = require("./m") / const x = require("./m").x
; needs: require
(variable_declarator name: (identifier) @import.alias
  value: (_ function: (identifier) @_req arguments: (arguments (string (string_fragment) @import.module)))
  (#eq? @_req "require")) @import @import.wildcard
; needs: require
(variable_declarator name: (object_pattern (shorthand_property_identifier_pattern) @import.name)
  value: (_ function: (identifier) @_req arguments: (arguments (string (string_fragment) @import.module)))
  (#eq? @_req "require")) @import
; needs: require
(variable_declarator name: (object_pattern (pair_pattern key: (property_identifier) @import.name value: (identifier) @import.alias))
  value: (_ function: (identifier) @_req arguments: (arguments (string (string_fragment) @import.module)))
  (#eq? @_req "require")) @import
; needs: require
(variable_declarator name: (identifier) @import.alias
  value: (_ object: (_ function: (identifier) @_req
    arguments: (arguments (string (string_fragment) @import.module))) property: (property_identifier) @import.name)
  (#eq? @_req "require")) @import

; a required module's export called at once: `require('./God/Methods.js')(God)`, `require('./API/Extra.js')(API)`
; (pm2's mixins): an import of the module under the call's own text and a call of that name, so the module's function
; has its caller and the file its dependency (both were missing: the function dead, the file used by no other)
; needs: require
(call_expression function: (call_expression function: (identifier) @_req
    arguments: (arguments . (string (string_fragment) @import.module) .)) @import.alias
  (#eq? @_req "require")) @import @import.wildcard
; needs: require
(call_expression function: (call_expression function: (identifier) @_req
    arguments: (arguments . (string (string_fragment)) .)) @name
  (#eq? @_req "require")) @reference.call
; a required module handed at once to a call: `app.use(require('./lib/middleware/tooBusy'))` (codimd's Express
; middlewares): an import of the module under the call's own text and a callback reference of that name, so what the
; module exports has its reader and the file its dependency (the four middlewares were dead at 0.6)
; needs: require
(arguments (call_expression function: (identifier) @_req
    arguments: (arguments . (string (string_fragment) @import.module) .)) @import.alias @import @import.wildcard
  (#eq? @_req "require"))
; needs: require
(arguments (call_expression function: (identifier) @_req
    arguments: (arguments . (string (string_fragment)) .)) @name @reference.callback
  (#eq? @_req "require"))
; ...and held in an array: `module.exports = [require('./remark-paragraph-alerts'), ..]` (formik's remark plugins, a
; plugin list a tool reads): the same pair, so what the module exports has its reader (it was dead at 0.6)
; needs: require
(array (call_expression function: (identifier) @_req
    arguments: (arguments . (string (string_fragment) @import.module) .)) @import.alias @import @import.wildcard
  (#eq? @_req "require"))
; needs: require
(array (call_expression function: (identifier) @_req
    arguments: (arguments . (string (string_fragment)) .)) @name @reference.callback
  (#eq? @_req "require"))
; a module imported lazily, its default export what the promise gives: `lazy: () => import('./routes/users').then(convert)`
; (react-router's lazy routes), `React.lazy(() => import('./Page'))`: an import of the default export under the call's
; own text and a reference of that name, so the module's default has its reader and the file its dependency (the
; routes' components were dead at 0.6); a relative path only (a package's module is no definition here)
; needs: import
(call_expression function: (import)
  arguments: (arguments . (string (string_fragment) @import.module (#match? @import.module "^\\.")) .)) @import.alias @import
; needs: import
(call_expression function: (import)
  arguments: (arguments . (string (string_fragment) @_module (#match? @_module "^\\.")) .)) @name @reference.callback
; a required module taken apart or renamed in a second statement: const { a, b: c } = lib, const m = lib, const f =
; lib.a (imports where lib = require(...): javascript.settle_references)
(variable_declarator name: (object_pattern (shorthand_property_identifier_pattern) @import.name)
  value: (identifier) @import.module) @import.via
(variable_declarator name: (object_pattern (pair_pattern key: (property_identifier) @import.name value: (identifier) @import.alias))
  value: (identifier) @import.module) @import.via
(variable_declarator name: (identifier) @import.alias value: (identifier) @import.module)
  @import.via @import.rename @import.wildcard
(variable_declarator name: (identifier) @import.alias
  value: (_ object: (identifier) @import.module property: (property_identifier) @import.name))
  @import.via @import.rename
; ...and exported so (`export const describe = core.describe`): what the file passes on under that name, to an
; `export *` of it too (which passes on a module's exports, not its imports)
(export_statement declaration: (lexical_declaration (variable_declarator name: (identifier) @import.name
  value: [(identifier) (_ object: (identifier) property: (property_identifier))]))) @reexport

; CommonJS and pre-class code as definitions: exports.f = function..., module.exports.f = ..., Foo.prototype.m = ...,
; obj.m = function m() {} (a method of the object obj: an express `app`, a `proto`), req.get = req.header = function
; needs: exports
(assignment_expression
  left: (_ object: (identifier) @_exports property: (property_identifier) @name)
  right: [(function_expression) (arrow_function) (class)] (#eq? @_exports "exports")) @definition.function @exported
; needs: module exports
(assignment_expression
  left: (_ object: (_ object: (identifier) @_module property: (property_identifier) @_exports)
    property: (property_identifier) @name)
  right: [(function_expression) (arrow_function) (class)] (#eq? @_module "module") (#eq? @_exports "exports")) @definition.function @exported
; ...and a method a factory makes: `Server.prototype.get = methodFactory('GET')` (restify): without a definition
; `server.get()` was unresolved and a same-named method elsewhere was guessed; the right side is the method's body, so
; the factory's callers include it. Not `= redirect` (a function of the enclosing scope: the method's scope is its
; class's, and the read of `redirect` would be lost), not `= Object.create(null)` (a value); an alias `= X.prototype.y`
; left out for its compile cost
; needs: prototype
(assignment_expression
  left: (_ object: (_ object: (identifier) @parent.name property: (property_identifier) @_proto)
    property: (property_identifier) @name)
  right: [(function_expression) (arrow_function) (call_expression function: (_) @_maker)]
  (#eq? @_proto "prototype") (#not-match? @_maker "^(Object|Symbol)\\.|^(require|Symbol)$")) @definition.function
(assignment_expression
  left: (_ object: (identifier) @parent.name property: (property_identifier) @name)
  right: [(function_expression) (arrow_function)
          (assignment_expression right: [(function_expression) (arrow_function)])]
  (#not-eq? @parent.name "exports") (#not-eq? @parent.name "module") (#not-eq? @parent.name "this")) @definition.function
; a class expression held by an object's key (hapi: `internals.Request = class {..}`, also inside `exports =
; module.exports = internals.Request = class {..}`, and `internals.Response.Payload = class ..` under another such
; class): a class named by the key under the object, so its methods and getters are the class's, not module-level
; functions of the file that every same-named method elsewhere was guessed for
; needs: class
(assignment_expression
  left: (member_expression object: (identifier) @parent.name property: (property_identifier) @name)
  right: (class)
  (#not-eq? @parent.name "exports") (#not-eq? @parent.name "module") (#not-eq? @parent.name "this")) @definition.class
; exports.x = <a value> / module.exports.x = <a value>: an exported variable (function values are functions above)
; needs: exports
(assignment_expression
  left: [(_ object: (identifier) @_exports property: (property_identifier) @name)
         (_ object: (_ object: (identifier) @_module property: (property_identifier) @_exports)
           property: (property_identifier) @name)]
  right: [(member_expression) (object) (array) (string) (number) (new_expression) (template_string) (binary_expression)
          (ternary_expression) (true) (false) (null) (regex) (parenthesized_expression)]
  (#eq? @_exports "exports")) @definition.variable @exported
; needs: exports
(assignment_expression
  left: [(_ object: (identifier) @_exports property: (property_identifier) @name)
         (_ object: (_ object: (identifier) @_module property: (property_identifier) @_exports)
           property: (property_identifier) @name)]
  right: (_ function: (_) @_callee arguments: (_))
  (#eq? @_exports "exports") (#not-eq? @_callee "require")) @definition.variable @exported
; module.exports = class Application {...} / = function compose() {...}: the module's definition of that name (its
; methods are the class's; the re-export below makes it the module's export)
; needs: module exports
(assignment_expression
  left: (_ object: (identifier) @_module property: (property_identifier) @_exports)
  right: [(class name: (_) @name) @definition.class (function_expression name: (identifier) @name) @definition.function]
  (#eq? @_module "module") (#eq? @_exports "exports"))
; module.exports = function (options) {..} without a name (hapi's lib/server.js, a factory its index passes on as
; `exports.server = Server`): a function named `exports`, the module's default export, so `Hapi.server()` reaches it
; and what it returns; without one the calls through it were unresolved
; (`var proto = module.exports = function` is named proto: javascript.settle_definitions drops this one there)
; needs: module exports
(assignment_expression
  left: (_ object: (identifier) @_module property: (property_identifier) @name)
  right: [(function_expression !name) (arrow_function)] @definition.function
  (#eq? @_module "module") (#eq? @name "exports"))
; var proto = module.exports = function () {}: a function named proto, the module's export
(variable_declarator name: (identifier) @name
  value: (assignment_expression right: [(function_expression) (arrow_function)])) @definition.function
(variable_declarator name: (identifier) @name
  value: (assignment_expression right: (assignment_expression right: [(function_expression) (arrow_function)]))) @definition.function

; CommonJS exports: module.exports = f / exports = module.exports = f / var app = module.exports = {} / var Common =
; module.exports (pm2) (f, app, Common are the module's default export: what `require()` returns), module.exports = {
; a, b: c }, exports.x = f, module.exports = require('./x') (this module is x), exports.x = require('./x')
; needs: module exports
(assignment_expression
  left: (_ object: (identifier) @_module property: (property_identifier) @_exports)
  right: [(identifier) @import.name
          (function_expression name: (identifier) @import.name) (class name: (_) @import.name)
          ; module.exports = new API (pm2's index.js): the importer's `pm2.connect()` is API's method
          (new_expression constructor: (identifier) @import.name)
          ; module.exports = internals.Request = class {..} (hapi): the class the object's key names
          (assignment_expression left: (member_expression object: (identifier) property: (property_identifier))
            @import.name right: (class))]
  (#eq? @_module "module") (#eq? @_exports "exports")) @reexport @import.default
; module.exports = function (..) {..} without a name: the function named `exports` above
; needs: module exports
(assignment_expression
  left: (_ object: (identifier) @_module property: (property_identifier) @import.name)
  right: [(function_expression !name) (arrow_function)]
  (#eq? @_module "module") (#eq? @import.name "exports")) @reexport @import.default
; needs: module exports
(variable_declarator name: (identifier) @import.name
  value: (assignment_expression left: (_ object: (identifier) @_module property: (property_identifier) @_exports))
  (#eq? @_module "module") (#eq? @_exports "exports")) @reexport @import.default
; needs: module exports
(variable_declarator name: (identifier) @import.name
  value: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  (#eq? @_module "module") (#eq? @_exports "exports")) @reexport @import.default
; var helpers = exports (winston's test helpers, then `helpers.createLogger = function`): Node's `exports`, the same
; object as module.exports, under a name; its members are what `require()` of the module gives
; needs: exports
(variable_declarator name: (identifier) @import.name value: (identifier) @_exports
  (#eq? @_exports "exports")) @reexport @import.default
; needs: module exports
(variable_declarator name: (identifier) @import.name
  value: (assignment_expression right: (assignment_expression
    left: (_ object: (identifier) @_module property: (property_identifier) @_exports)))
  (#eq? @_module "module") (#eq? @_exports "exports")) @reexport @import.default
; needs: module exports
(assignment_expression
  left: (_ object: (identifier) @_module property: (property_identifier) @_exports)
  right: (object (shorthand_property_identifier) @import.name)
  (#eq? @_module "module") (#eq? @_exports "exports")) @reexport
; needs: module exports
(assignment_expression
  left: (_ object: (identifier) @_module property: (property_identifier) @_exports)
  right: (object (pair key: (property_identifier) @import.alias value: (identifier) @import.name))
  (#eq? @_module "module") (#eq? @_exports "exports")) @reexport
; needs: exports
(assignment_expression
  left: [(_ object: (identifier) @_exports property: (property_identifier) @import.alias)
         (_ object: (_ object: (identifier) @_module property: (property_identifier) @_exports)
           property: (property_identifier) @import.alias)]
  right: (identifier) @import.name (#eq? @_exports "exports")) @reexport
; needs: module exports require
(assignment_expression
  left: (_ object: (identifier) @_module property: (property_identifier) @_exports)
  right: (_ function: (identifier) @_req arguments: (arguments (string (string_fragment) @import.module)))
  (#eq? @_module "module") (#eq? @_exports "exports") (#eq? @_req "require")) @reexport @import.default
; needs: module exports require
(assignment_expression
  left: (_ object: (identifier) @_module property: (property_identifier) @_exports)
  right: (_ function: (identifier) @_req arguments: (arguments (string (string_fragment) @import.module)))
  (#eq? @_module "module") (#eq? @_exports "exports") (#eq? @_req "require")) @reexport @import.wildcard
; needs: exports require
(assignment_expression
  left: [(_ object: (identifier) @_exports property: (property_identifier) @import.alias)
         (_ object: (_ object: (identifier) @_module property: (property_identifier) @_exports)
           property: (property_identifier) @import.alias)]
  right: (_ function: (identifier) @_req arguments: (arguments (string (string_fragment) @import.module)))
  (#eq? @_exports "exports") (#eq? @_req "require")) @reexport @import.wildcard
; ...and an index module's object of modules: module.exports = { queryParser: require('./query') } (restify's
; plugins/index.js): `plugins.queryParser()` calls what ./query exports whole, as with exports.queryParser = require(..)
; needs: module exports require
(assignment_expression
  left: (_ object: (identifier) @_module property: (property_identifier) @_exports)
  right: (object (pair key: (property_identifier) @import.alias
    value: (call_expression function: (identifier) @_req arguments: (arguments . (string (string_fragment) @import.module) .))))
  (#eq? @_module "module") (#eq? @_exports "exports") (#eq? @_req "require")) @reexport @import.wildcard

; value flow (see parse.py @reference.returns): what a function returns, where no annotation states its type:
; return cmd (cmd = new Command()), return new Command(), return make(), () => new Command()
(return_statement [(identifier) @name (this) @name (_ object: (_) @receiver property: (property_identifier) @name)])
  @reference.returns
; return { get () {...} }, () => ({ get () {...} }): an object literal holding code, the function's own (see OWN_OBJECT)
[(return_statement (object) @returns.object) (arrow_function body: (parenthesized_expression (object) @returns.object))]
(return_statement (new_expression constructor: [(identifier) @name
                                               (_ object: (_) @receiver property: (property_identifier) @name)]))
  @reference.returns_call
(return_statement (_ function: [(identifier) @name
                                              (_ object: (_) @receiver property: (property_identifier) @name)] arguments: (_)))
  @reference.returns_call
(arrow_function body: (new_expression constructor: [(identifier) @name
                                                   (_ object: (_) @receiver property: (property_identifier) @name)]))
  @reference.returns_call

; variables built by a constructor: const s = new Store(), this.s = new Store() (see parse.py @var.name), or given
; what a function declares it returns: this.s = open(), this.s = await open() (`const s = open()`: in javascript.scm
; and typescript.scm, where an annotation is the type; a `require()`: see the imports)
(variable_declarator name: (identifier) @var.name
  value: [(object) (array) (string) (template_string) (number) (regex) (true) (false)] @var.value)
(variable_declarator name: (identifier) @var.name value: (new_expression) @var.type)
; const stringType = ZodString.create, const run = obj.method, const g = f: a variable holding a function (g() calls
; it; at module level a ``value.held`` fact: other files' calls of it and of what it returns, see parse.py); not
; `var Common = module.exports` (pm2): the module's own object, whose members are its functions, not Node's `module`'s
(variable_declarator name: (identifier) @var.name value: [(identifier) (member_expression)] @var.value
  (#not-eq? @var.value "module.exports"))
; this.handler = this.onX: this.handler() calls onX
(assignment_expression left: (_ object: (this) property: (property_identifier) @var.name)
  right: (_ object: (this) property: (property_identifier)) @var.value)
; const { mutate, reload: again } = useThing(): mutate() calls the member mutate of what useThing returns
(variable_declarator name: (object_pattern (shorthand_property_identifier_pattern) @var.name @var.member)
  value: (_ function: (identifier) @_callee arguments: (_)) @var.value (#not-eq? @_callee "require"))
(variable_declarator name: (object_pattern (shorthand_property_identifier_pattern) @var.name @var.member)
  value: (_ function: (member_expression) arguments: (_)) @var.value)
(variable_declarator name: (object_pattern (pair_pattern key: (property_identifier) @var.member value: (identifier) @var.name))
  value: (_ function: (identifier) @_callee arguments: (_)) @var.value (#not-eq? @_callee "require"))
(variable_declarator name: (object_pattern (pair_pattern key: (property_identifier) @var.member value: (identifier) @var.name))
  value: (_ function: (member_expression) arguments: (_)) @var.value)
; ...and kept on the module's exports as well: lab's `const { describe, it } = exports.lab = Lab.script()` in every
; hapi test file (`it()` was unresolved ~1,000 times in hapi, ~1,800 in joi; now the library's)
; needs: exports
(variable_declarator name: (object_pattern (shorthand_property_identifier_pattern) @var.name @var.member)
  value: (assignment_expression right: (_ function: (member_expression) arguments: (_)) @var.value))
; const s = given ?? new Store(), given || new Store(), fast ? new Store() : new Cache(): each is a value of s
(variable_declarator name: (identifier) @var.name
  value: (binary_expression operator: ["||" "??"] right: (new_expression) @var.type))
(variable_declarator name: (identifier) @var.name value: (ternary_expression consequence: (new_expression) @var.type))
(variable_declarator name: (identifier) @var.name value: (ternary_expression alternative: (new_expression) @var.type))
(assignment_expression left: (_ object: (this) property: (property_identifier) @var.name)
  right: [(new_expression) @var.type (_ function: (member_expression) arguments: (_)) @var.type
          (await_expression (_ function: [(identifier) (member_expression)] arguments: (_)) @var.type)])
(assignment_expression left: (_ object: (this) property: (property_identifier) @var.name)
  right: (_ function: (identifier) @_callee arguments: (_)) @var.type (#not-eq? @_callee "require"))
; a variable declared first and built later (`let runner; ... runner = new Runner(suite)` in a test's setup callback;
; not `x = f()`: flow-insensitive, a later `value = Object.assign(...)` would make every use of `value` a library's)
(assignment_expression left: (identifier) @var.name right: (new_expression) @var.type)
; ...or given any other value (`let mutate; function Page() { mutate = useSWRConfig().mutate }`, `current = make()`):
; bound in the scope declaring it, only where no declaration states a value and every such assignment agrees (parse.py
; @var.later: a function written there disagrees with any; a later `value = Object.assign(..)` beside `let value = new
; Store()` adds nothing)
(assignment_expression left: (identifier) @var.name right: (_) @var.value) @var.later
; x instanceof Store: x is a Store where the check holds (flow-insensitive: one more value of x in its scope)
; needs: instanceof
(binary_expression left: (identifier) @var.name operator: "instanceof" right: [(identifier) (member_expression)]
  @var.narrowed)

; instance attributes: this.x = ... in a method is a field x of its class (see parse.py @attribute.name)
(assignment_expression left: (_ object: (this) property: (property_identifier) @attribute.name))

; member reads and writes: c.req, this.count (a getter runs code), this.#queries (a private field); kept only where
; the object's type, class or module is known, never guessed
(member_expression object: [(identifier) (this) (member_expression)] @receiver
  property: [(property_identifier) (private_property_identifier)] @name) @reference.attribute

; names bound where they are (see parse.py @local.name): declared, destructured, loop and catch variables, an
; arrow function's single parameter
(arrow_function parameter: (identifier) @local.name)
(variable_declarator name: (identifier) @local.name)
(object_pattern (shorthand_property_identifier_pattern) @local.name)
(array_pattern (identifier) @local.name)
(for_in_statement left: (identifier) @local.name)
; for (const b of this.books): b takes the collection's elements (for ... in: its keys, no element)
(for_in_statement left: (identifier) @var.name operator: "of" right: [(identifier) (member_expression)] @var.elements)
(catch_clause parameter: (identifier) @local.name)

; xs.map(b => b.title()): a callback's parameter takes the collection's elements (see parse.py var.elements)
; needs: map|forEach|filter|find|findLast|some|every|flatMap|findIndex
(call_expression
  function: (_ object: (_) @var.elements property: (property_identifier) @_adapter)
  arguments: (arguments . (arrow_function parameter: (identifier) @var.name))
  (#any-of? @_adapter "map" "forEach" "filter" "find" "findLast" "some" "every" "flatMap" "findIndex"))

; a method named by a template (this[`when${name}`](), this['handle' + type](e), return obj[`${prefix}Changed`]) or by
; a variable the enclosing code assigns one (const m = 'run' + x; this[m]()): called, passed, returned, bound or
; given to a variable, never written; langs/javascript.member_template reads it; too little constant text stays unknown
(call_expression function: (subscript_expression object: (_) @receiver
  index: [(template_string (template_substitution)) (binary_expression) (identifier)] @name)) @reference.template
(arguments (subscript_expression object: (_) @receiver
  index: [(template_string (template_substitution)) (binary_expression)] @name) @reference.template)
(return_statement (subscript_expression object: (_) @receiver
  index: [(template_string (template_substitution)) (binary_expression)] @name) @reference.template)
(variable_declarator value: (subscript_expression object: (_) @receiver
  index: [(template_string (template_substitution)) (binary_expression)] @name) @reference.template)
; needs: call|apply|bind
(member_expression object: (subscript_expression object: (_) @receiver
  index: [(template_string (template_substitution)) (binary_expression)] @name) @reference.template
  property: (property_identifier) @_run (#any-of? @_run "call" "apply" "bind"))
(variable_declarator name: (identifier) @name
  value: [(template_string (template_substitution)) (binary_expression left: (string)) (binary_expression right: (string))]
  @receiver) @reference.template_value
(assignment_expression left: (identifier) @name
  right: [(template_string (template_substitution)) (binary_expression left: (string)) (binary_expression right: (string))]
  @receiver) @reference.template_value
