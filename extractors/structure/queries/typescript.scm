; TypeScript: what only its grammar names so (classes, interfaces, type aliases, enums, namespaces, decorators,
; extends/implements, typed variables); the rest is shared with JavaScript in ecma.scm.
; Capture names follow the convention documented in extractors/structure/parse.py.
;
; An inner member expression or call is written `(_ object: .. property: ..)` / `(_ function: .. arguments: ..)`:
; no other node stands there with those fields (a nested_identifier only in a type's or a namespace's name). tree-sitter
; analyses every step that names a node type and has children when it compiles the query, and skips wildcards: the
; same matches for less compile (see docs/structure-audits.md, tenth round). A pattern's root stays named.
; inherits: ecma

; definitions
(class_declaration name: (type_identifier) @name) @definition.class
(abstract_class_declaration name: (type_identifier) @name) @definition.class
(interface_declaration name: (type_identifier) @name) @definition.interface
(type_alias_declaration name: (type_identifier) @name) @definition.type
(enum_declaration name: (identifier) @name) @definition.enum
; its members, fields of it: `LogPrefix.Incoming` reads one
(enum_body [(property_identifier) @name @definition.field (enum_assignment name: (property_identifier) @name) @definition.field])
; needs: namespace|module
(internal_module name: (identifier) @name) @definition.namespace
; a member of an interface or an object type (`type Api = { fetch(input: I): O }`): a method of that type
(method_signature name: (property_identifier) @name) @definition.method
(abstract_method_signature name: (property_identifier) @name) @definition.function
(public_field_definition name: [(property_identifier) (private_property_identifier)] @name value: [(arrow_function) (function_expression)]) @definition.function
; class fields, typed ones holding functions too (get!: Handler): app.get() calls the field; the properties of an
; interface or of the object type an alias names (app: App, fetch: (url: string) => Response): ctx.app.use() reads
; its declared type (not those of an object type written in place, { param: string }: no type of its own); a
; `#private` field as much (`#queries: QueryStore`: `this.#queries.get()` reads its type; no other code sees it)
(public_field_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.field
; `private` and `protected` members: no other code may use them, so an exported class does not export them
(method_definition (accessibility_modifier) @_access name: (property_identifier) @name
  (#match? @_access "^(private|protected)$")) @definition.function @hidden
(public_field_definition (accessibility_modifier) @_access name: (property_identifier) @name
  (#match? @_access "^(private|protected)$")) @definition.field @hidden
(interface_body (property_signature name: (property_identifier) @name) @definition.field)
(type_alias_declaration value: (object_type (property_signature name: (property_identifier) @name) @definition.field))
; a name as a value (see ecma.scm for the places both grammars share): a field's or a parameter's default
; (handler = onX, (fn = noop) =>), a cast or a non-null assertion (f as Handler, f!)
[(public_field_definition value: (identifier) @name)
 (required_parameter value: (identifier) @name)
 (optional_parameter value: (identifier) @name)
 (as_expression . (identifier) @name)
 (satisfies_expression . (identifier) @name)
 (non_null_expression (identifier) @name)] @reference.callback

; const f = <T>(x: T) => ... read as the cast `<T>` of an arrow function (`type_assertion`, a node TSX lacks: `_`):
; how this grammar parses a generic arrow after an error earlier in the file (a generic call signature in a type
; literal, `{ <T>(x: T): T }`)
(variable_declarator name: (identifier) @name value: (_ (type_arguments) (arrow_function))) @definition.function
(export_statement declaration: (lexical_declaration (variable_declarator name: (identifier) @name
  value: (_ (type_arguments) (arrow_function))) @definition.function)) @exported

; a module-level object's key whose value is a function cast to a type is a method of the object too (ecma.scm's rule
; for a bare function value): zod v3's `export const coerce = { string: ((arg) => ZodString.create(..)) as
; (typeof ZodString)["create"] }`, where `z.coerce.string()` gives what the function returns
; needs: as
(program [(lexical_declaration (variable_declarator value: (object (pair key: (property_identifier) @name
            value: (as_expression (parenthesized_expression [(function_expression) (arrow_function)]))) @definition.method)))
          (export_statement declaration: (lexical_declaration (variable_declarator value: (object (pair key: (property_identifier) @name
            value: (as_expression (parenthesized_expression [(function_expression) (arrow_function)]))) @definition.method))))])

; ...and what such a method returns: the call its arrow's body makes (`ZodString.create(..)`: a ZodString)
; needs: as
(pair value: (as_expression (parenthesized_expression
  (arrow_function body: (_ function: [(identifier) @name
                                                    (_ object: (_) @receiver property: (property_identifier) @name)] arguments: (_)))
  @reference.returns_call)))

; a variable holding an arrow function cast to a call signature type (zustand's `export const create = ((init) =>
; init ? createImpl(init) : createImpl) as Create`): what the arrow returns, the call or the function its body gives
; (each branch of a ternary), so that a call of what `create(..)` gives reaches the function returned
; needs: as
(variable_declarator value: (as_expression (parenthesized_expression
  (arrow_function body: [(_ function: (identifier) @name arguments: (_))
                         (ternary_expression consequence: (_ function: (identifier) @name arguments: (_)))
                         (ternary_expression alternative: (_ function: (identifier) @name arguments: (_)))])
  @reference.returns_call)))
; needs: as
(variable_declarator value: (as_expression (parenthesized_expression
  (arrow_function body: [(ternary_expression consequence: (identifier) @name)
                         (ternary_expression alternative: (identifier) @name)])
  @reference.returns)))
; ...where the condition is the arrow's first parameter (`init ? createImpl(init) : createImpl`), the alternative is
; what a call passing no argument gives: also a returns_bare (javascript.py's settle_references keeps it alone)
; needs: as
(variable_declarator value: (as_expression (parenthesized_expression
  (arrow_function
    parameters: (formal_parameters . [(required_parameter pattern: (identifier) @_param)
                                      (optional_parameter pattern: (identifier) @_param)])
    body: (ternary_expression condition: (identifier) @_condition alternative: (identifier) @name)
    (#eq? @_condition @_param))
  @reference.returns_bare)))

; exported definitions
(export_statement declaration: [(class_declaration name: (type_identifier) @name)
                                (abstract_class_declaration name: (type_identifier) @name)] @definition.class) @exported
(export_statement declaration: (interface_declaration name: (type_identifier) @name) @definition.interface) @exported
(export_statement declaration: (type_alias_declaration name: (type_identifier) @name) @definition.type) @exported
(export_statement declaration: (enum_declaration name: (identifier) @name) @definition.enum) @exported
; declare module '../x' { interface I {} } / declare global { interface I {} }: adds to another module's (or the
; global) declaration of I, which code elsewhere reads: exported
; needs: declare interface
(ambient_declaration [(module body: (statement_block (interface_declaration name: (type_identifier) @name) @definition.interface))
                      (statement_block (interface_declaration name: (type_identifier) @name) @definition.interface)]) @exported
; ...and the module it augments, as a decorator (javascript.settle_definitions makes it an entry reason): code reads
; the interface wherever it reads that module's (zustand's StoreMutators in each middleware, read by vanilla.ts)
; needs: declare interface
(ambient_declaration (module name: (string) @decorator
                             body: (statement_block (interface_declaration name: (type_identifier) @name) @definition.interface)))
; ...written exported (`declare module 'fastify' { export interface FastifyInstance { someSupport(): string } }`)
; needs: declare interface
(ambient_declaration (module name: (string) @decorator
                             body: (statement_block (export_statement declaration: (interface_declaration name: (type_identifier) @name) @definition.interface))))
; declare global { function f(): T; const v: T; type T = ...; class C {} }: names every file sees without an import
(ambient_declaration (statement_block [(function_signature name: (identifier) @name) @definition.function
                                       (type_alias_declaration name: (type_identifier) @name) @definition.type
                                       (class_declaration name: (type_identifier) @name) @definition.class
                                       (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)])) @exported

; declared, not defined here (a .d.ts file's API: `declare function f(): T`, `declare const v: T`), in a declared
; namespace or module too: what callers and imports of the name reach. An overload signature in code is left out:
; its implementation is the function
(ambient_declaration (function_signature name: (identifier) @name) @definition.function)
(export_statement (ambient_declaration (function_signature name: (identifier) @name) @definition.function)) @exported
(ambient_declaration (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable))
(export_statement (ambient_declaration (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable))) @exported
; a module's own signature, `export function server(opts?: ServerOptions): Server;`: in a declaration file (whose
; top-level statements are ambient without `declare`) the API hapi's type test calls; in code an overload signature,
; which javascript.settle_definitions drops for the implementation of its name
; needs: function
(program [(function_signature name: (identifier) @name) @definition.signature
          (export_statement (function_signature name: (identifier) @name) @definition.signature) @exported])
; needs: namespace|module
([(internal_module body: (statement_block [(function_signature name: (identifier) @name) @definition.function
                                           (export_statement (function_signature name: (identifier) @name) @definition.function)]))
  (module body: (statement_block [(function_signature name: (identifier) @name) @definition.function
                                  (export_statement (function_signature name: (identifier) @name) @definition.function)]))])

; decorators: @Component class, @Get() method (a framework registers them: entry points)
; needs: @
(export_statement decorator: (decorator [(identifier) @decorator (_ function: (identifier) @decorator arguments: (_))])
  declaration: [(class_declaration name: (type_identifier) @name) (abstract_class_declaration name: (type_identifier) @name)] @definition.class)
; needs: @
(class_declaration decorator: (decorator [(identifier) @decorator (_ function: (identifier) @decorator arguments: (_))])
  name: (type_identifier) @name) @definition.class
; needs: @
((decorator [(identifier) @decorator (_ function: (identifier) @decorator arguments: (_))]) .
  (method_definition name: (property_identifier) @name) @definition.function)

; inheritance: extends B / implements I, J<T>, ns.K / interface I extends J
(extends_clause value: (identifier) @name @reference.inherits)
(extends_clause value: (_ object: (_) @receiver property: (property_identifier) @name) @reference.inherits)
; a class built by a call: extends PassportStrategy(Strategy, 'jwt'), extends Mixin(Base): the called function's
; class (a library's: the class's methods may override what it calls back, as any outside base's)
; needs: extends
(extends_clause value: (call_expression function: (identifier) @name) @reference.inherits)
(implements_clause (type_identifier) @name @reference.inherits)
(implements_clause (generic_type name: (type_identifier) @name) @reference.inherits)
(implements_clause (nested_type_identifier module: (_) @receiver name: (type_identifier) @name) @reference.inherits)
(extends_type_clause type: (type_identifier) @name @reference.inherits)
(extends_type_clause type: (generic_type name: (type_identifier) @name) @reference.inherits)
(extends_type_clause type: (nested_type_identifier module: (_) @receiver name: (type_identifier) @name) @reference.inherits)
; type Full = Internal & Public<D> & {..}: an intersection alias has the members of each named part, its bases
; (swr's useSWRConfig(): FullConfiguration, whose mutate is InternalConfiguration's), three parts deep; captured at the
; alias, whose type parameters are no base (type WithRequired<T, K> = T & {..}: langs/javascript.py settle_references)
(type_alias_declaration value: (intersection_type [(type_identifier) @name (generic_type name: (type_identifier) @name)]))
  @reference.inherits
(type_alias_declaration value: (intersection_type (intersection_type
  [(type_identifier) @name (generic_type name: (type_identifier) @name)]))) @reference.inherits
(type_alias_declaration value: (intersection_type (intersection_type (intersection_type
  [(type_identifier) @name (generic_type name: (type_identifier) @name)])))) @reference.inherits
(type_alias_declaration type_parameters: (type_parameters (type_parameter name: (type_identifier) @name)))
  @reference.alias_parameter
; type SelectFrom<DB, TE> = [TE] extends [keyof DB] ? SelectQueryBuilder<DB, TE, {}> : ..: a conditional alias has
; the members of the generic types its branches name, two levels deep (kysely's query builders: `db.selectFrom('t')
; .innerJoin(..).selectAll()` read SelectFrom and SelectQueryBuilderWithInnerJoin, whose methods were unknown; the
; latter's first branch is an alias of the builder; a third level cost 2 % of the query's compile); a bare name there
; is mostly a type parameter or an `infer`red one, so only a generic type
; needs: extends
(type_alias_declaration value: (conditional_type
  [consequence: (generic_type name: (type_identifier) @name) alternative: (generic_type name: (type_identifier) @name)]))
  @reference.inherits
; needs: extends
(type_alias_declaration value: (conditional_type [consequence: (conditional_type
    [consequence: (generic_type name: (type_identifier) @name) alternative: (generic_type name: (type_identifier) @name)])
  alternative: (conditional_type
    [consequence: (generic_type name: (type_identifier) @name) alternative: (generic_type name: (type_identifier) @name)])]))
  @reference.inherits
; a namespace's generic type: interface Coerced<T> extends schemas.Base<T>, class C implements ns.I<T>
(extends_type_clause type: (generic_type name: (nested_type_identifier module: (_) @receiver name: (type_identifier) @name))
  @reference.inherits)
(implements_clause (generic_type name: (nested_type_identifier module: (_) @receiver name: (type_identifier) @name))
  @reference.inherits)

; import x = require("./m") (the module); export = x (what the module is)
(import_statement (import_require_clause (identifier) @import.alias source: (string (string_fragment) @import.module))) @import @import.wildcard
(export_statement "=" (identifier) @import.name) @reexport @import.default

; re-exports: export default function f / export default class C / export default interface I (tsyringe's
; `import DependencyContainer from "./types/dependency-container"` types `instance: DependencyContainer`)
(export_statement "default" @import.alias declaration: [(function_declaration name: (identifier) @import.name)
  (class_declaration name: (type_identifier) @import.name)
  (abstract_class_declaration name: (type_identifier) @import.name)
  (interface_declaration name: (type_identifier) @import.name)]) @reexport

; types named in signatures, fields, variables, generic arguments, aliases, casts (see parse.py @reference.type)
(type_identifier) @name @reference.type
; a method returning `this`: a fluent chain stays on the receiver's class (as Rust's `-> Self`)
(method_definition return_type: (type_annotation (this_type) @name @reference.type))
(method_signature return_type: (type_annotation (this_type) @name @reference.type))
(nested_type_identifier module: (_) @receiver name: (type_identifier) @name) @reference.type
; a value's type named in a type (`ReturnType<typeof createStore>`, `keyof typeof Lang`, `x: typeof handler`): the
; function, enum or constant named is used, though nothing calls it there
(type_query (identifier) @name) @reference.type.query
; a property declared a primitive (`ttl?: number`, `enabled: boolean`): a value of the builtin's wrapper type
; (javascript.py _primitives_named), never a function (VALUE_TYPES): `client.ttl()` on an unknown client is not it
; (only where the property is a symbol: an object type written in place, `(params: { coerce?: boolean })`, is no type's
; property, and its type is no fact of the enclosing function)
[(interface_body (property_signature type: (type_annotation (predefined_type) @name @reference.type)))
 (type_alias_declaration value: (object_type (property_signature type: (type_annotation (predefined_type) @name @reference.type))))
 (class_body (public_field_definition type: (type_annotation (predefined_type) @name @reference.type)))]
; a property declared a function returning a primitive or a function (`inc: () => void`, `subscribe: (l: L) => () =>
; void`), no type of ours: it holds a `Function` (javascript.py _primitives_named), which a call names as it names a
; method (resolve.py `_declared_callable`)
[(interface_body (property_signature type: (type_annotation (function_type
   return_type: [(predefined_type) (function_type)] @name @reference.type))))
 (type_alias_declaration value: (object_type (property_signature type: (type_annotation (function_type
   return_type: [(predefined_type) (function_type)] @name @reference.type)))))]
; `Foo[]` is `Array<Foo>`: a field, return or variable declared so holds an array (`props.forEach` is the
; library's), its elements are Foo (javascript.py ARRAY_TYPES, TYPE_ARGUMENTS)
(array_type) @name @reference.type

; typed variables: parameters, annotated variables, class fields (see parse.py @var.name)
(required_parameter pattern: (identifier) @var.name type: (type_annotation (_) @var.type))
(optional_parameter pattern: (identifier) @var.name type: (type_annotation (_) @var.type))
(variable_declarator name: (identifier) @var.name type: (type_annotation (_) @var.type))
; const c = ctx as Context<E>, x as unknown as Router: the type cast to last
; needs: as
(variable_declarator name: (identifier) @var.name value: (as_expression "as" . [(type_identifier) (generic_type)
  (nested_type_identifier)] @var.type .))
; const s = <Square>shape: the cast's type (``type_assertion``, a node TSX lacks: ``_`` with its type first)
(variable_declarator name: (identifier) @var.name value: (_ . (type_arguments . [(type_identifier) (generic_type)
  (nested_type_identifier)] @var.type .) . (identifier)))
(public_field_definition name: [(property_identifier) (private_property_identifier)] @var.name type: (type_annotation (_) @var.type))
(public_field_definition name: [(property_identifier) (private_property_identifier)] @var.name value: (new_expression) @var.type)
(public_field_definition name: [(property_identifier) (private_property_identifier)] @var.name !type
  value: (_ function: [(identifier) (member_expression)] arguments: (_)) @var.type)
; a constructor's parameter property (`constructor(public config: CacheConfig = {}, readonly clock: Clock)`) is a field
; of the class as `this.config = config` would make it, typed by the parameter's declared type (parse.py
; _instance_fields): `this.config.onSuccess()` reads CacheConfig's member
[(required_parameter [(accessibility_modifier) "readonly" (override_modifier)] pattern: (identifier) @attribute.name)
 (optional_parameter [(accessibility_modifier) "readonly" (override_modifier)] pattern: (identifier) @attribute.name)]

; parameters bound where they are (see parse.py @local.name)
(required_parameter pattern: (identifier) @local.name)
(optional_parameter pattern: (identifier) @local.name)
; ...and a definition's, by position (see parse.py @parameter.name): run(cb) { cb() } calls what run's callers pass
([(function_declaration parameters: (formal_parameters [(required_parameter pattern: (identifier) @parameter.name)
                                                        (optional_parameter pattern: (identifier) @parameter.name)]))
  (method_definition parameters: (formal_parameters [(required_parameter pattern: (identifier) @parameter.name)
                                                     (optional_parameter pattern: (identifier) @parameter.name)]))
  (variable_declarator value: [(arrow_function parameters: (formal_parameters [(required_parameter pattern: (identifier) @parameter.name)
                                                                               (optional_parameter pattern: (identifier) @parameter.name)]))
                               (function_expression parameters: (formal_parameters [(required_parameter pattern: (identifier) @parameter.name)
                                                                                    (optional_parameter pattern: (identifier) @parameter.name)]))])])

; a value cast on the spot and called: (f as any)(x), new (Internals as any)(def)
; needs: as
(call_expression function: (parenthesized_expression (as_expression (identifier) @name))) @reference.call
; needs: as
(new_expression constructor: (parenthesized_expression (as_expression (identifier) @name))) @reference.call

; a variable or field given what a function declares it returns, where no annotation states its type: const s =
; open(), const s = await open(), private s = open() (a `require()`: see the imports in ecma.scm)
(variable_declarator name: (identifier) @var.name !type
  value: (_ function: (identifier) @_callee arguments: (_)) @var.type (#not-eq? @_callee "require"))
; const useBoundStore = create<State>()((set) => ..): a curried call, what the value the inner call gives returns
; (javascript.py's cast_type keeps it as `create()()`)
(variable_declarator name: (identifier) @var.name !type
  value: (_ function: (_ function: (identifier) arguments: (_)) arguments: (_)) @var.type)
(variable_declarator name: (identifier) @var.name !type
  value: [(_ function: (member_expression) arguments: (_)) @var.type
          (await_expression (_ function: [(identifier) (member_expression)] arguments: (_)) @var.type)])

; xs.map((b) => ...), xs.some(function (b) {...}): the callback's one parameter takes the collection's elements
; needs: map|forEach|filter|find|findLast|some|every|flatMap|findIndex
(call_expression
  function: (_ object: (_) @var.elements property: (property_identifier) @_adapter)
  arguments: (arguments . [(arrow_function parameters: (formal_parameters . (required_parameter pattern: (identifier) @var.name)))
                           (function_expression parameters: (formal_parameters . (required_parameter pattern: (identifier) @var.name)))])
  (#any-of? @_adapter "map" "forEach" "filter" "find" "findLast" "some" "every" "flatMap" "findIndex"))
; xs.reduce((acc, b) => ..): the callback's second parameter takes the elements (the first, what it returns)
; needs: reduce|reduceRight
(call_expression
  function: (_ object: (_) @var.elements property: (property_identifier) @_adapter)
  arguments: (arguments . [(arrow_function parameters: (formal_parameters . (required_parameter) . (required_parameter pattern: (identifier) @var.name)))
                           (function_expression parameters: (formal_parameters . (required_parameter) . (required_parameter pattern: (identifier) @var.name)))])
  (#any-of? @_adapter "reduce" "reduceRight"))

; what a function declares it gives the functions passed to it (see parse.py @signature.type): describe(title:
; string, fn: (ctx: Ctx, u: Utils) => void) gives fn's first parameter a Ctx; fn: Handler, where a type alias may
; stand for a function type; type Handler = (event: Event) => Response
([(required_parameter type: (type_annotation (function_type parameters: (formal_parameters
     [(required_parameter type: (type_annotation (_) @signature.type))
      (optional_parameter type: (type_annotation (_) @signature.type))] @signature.slot))))
  (optional_parameter type: (type_annotation (function_type parameters: (formal_parameters
     [(required_parameter type: (type_annotation (_) @signature.type))
      (optional_parameter type: (type_annotation (_) @signature.type))] @signature.slot))))] @signature.outer)
([(required_parameter type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @signature.named))
  (optional_parameter type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @signature.named))]
  @signature.outer)
; route(path: string, ...handlers: Handler[]): each function passed from there on (resolve.py reads a place past the
; last parameter as the rest parameter's)
((required_parameter pattern: (rest_pattern) type: (type_annotation (array_type
  [(type_identifier) (generic_type) (nested_type_identifier)] @signature.named))) @signature.outer)
; route<H extends Handler>(path: string, ...handlers: H[]), on<H extends Handler>(h: H): a parameter typed by a type
; parameter takes its bound (written before the parameter, so the signature kept at that place)
(_ type_parameters: (type_parameters (type_parameter name: (type_identifier) @_tp
    constraint: (constraint [(type_identifier) (generic_type) (nested_type_identifier)] @signature.named)))
  parameters: (formal_parameters [(required_parameter type: (type_annotation [(type_identifier) @_pt
                                                                             (array_type (type_identifier) @_pt)]))
                                  (optional_parameter type: (type_annotation (type_identifier) @_pt))]
    @signature.outer)
  (#eq? @_tp @_pt))
; every type parameter, its constraint's type as the receiver (`class Runner<T extends BaseDriver>`, `<D extends
; Driver>(d: D)`): a field, parameter or variable declared `T` holds a value of the bound, the nearest declaration of
; `T` before it saying which (an unbounded one shadows an outer bound; langs/javascript.py settle_bindings)
; needs: extends
(type_parameter name: (type_identifier) @name
  constraint: (constraint [(type_identifier) @receiver (generic_type name: (_) @receiver) (nested_type_identifier) @receiver])?)
  @reference.type_bound
; interface TestOptions { additionalTests?: (ctx: TestContext) => void }: what a property of a function type gives
; the function it holds, at the property (:j, as a type alias of a function type)
([(interface_body (property_signature type: (type_annotation (function_type parameters: (formal_parameters
     [(required_parameter type: (type_annotation (_) @signature.type))
      (optional_parameter type: (type_annotation (_) @signature.type))] @signature.slot)))))
  (type_alias_declaration value: (object_type (property_signature type: (type_annotation (function_type
     parameters: (formal_parameters [(required_parameter type: (type_annotation (_) @signature.type))
                                     (optional_parameter type: (type_annotation (_) @signature.type))] @signature.slot))))))])
; interface HandlerInterface { (handler: H): R; (path: P, handler: H): R }: each call signature's parameters apart, at
; its place among them ((k), parse.py @signature.overload), and how many arguments it takes (@signature.arity): a call
; is given what the signatures fitting its arguments agree on
(call_signature parameters: (formal_parameters
  [(required_parameter type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @signature.named))
   (optional_parameter type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)] @signature.named))]
  @signature.outer)) @signature.overload
(call_signature parameters: (formal_parameters (required_parameter pattern: (rest_pattern) type: (type_annotation
  (array_type [(type_identifier) (generic_type) (nested_type_identifier)] @signature.named))) @signature.outer))
  @signature.overload
(call_signature parameters: (formal_parameters
  [(required_parameter type: (type_annotation (function_type parameters: (formal_parameters
     [(required_parameter type: (type_annotation (_) @signature.type))
      (optional_parameter type: (type_annotation (_) @signature.type))] @signature.slot))))
   (optional_parameter type: (type_annotation (function_type parameters: (formal_parameters
     [(required_parameter type: (type_annotation (_) @signature.type))
      (optional_parameter type: (type_annotation (_) @signature.type))] @signature.slot))))] @signature.outer))
  @signature.overload
(call_signature) @signature.arity @signature.overload
; type H = Handler | MiddlewareHandler: each member of a union alias, in order (nested unions taken apart), read by
; langs/javascript.py settle_references as a signature at its place (|0, |1..): what a function of type H is given is
; what its members agree on
(type_alias_declaration value: (union_type (_) @name)) @reference.union_member
(type_alias_declaration value: (union_type (union_type (_) @name))) @reference.union_member
(type_alias_declaration value: (union_type (union_type (union_type (_) @name)))) @reference.union_member
(type_alias_declaration value: (union_type (union_type (union_type (union_type (_) @name))))) @reference.union_member
(type_alias_declaration value: (function_type parameters: (formal_parameters
  [(required_parameter type: (type_annotation (_) @signature.type))
   (optional_parameter type: (type_annotation (_) @signature.type))] @signature.slot)))

; const mw: MiddlewareHandler = async (c, next) => .., a field so declared, a function declaring its return so: an
; untyped parameter takes what the declared function type (an alias of one) gives at its position (parse.py
; @var.implements; the parameter's node is named, so that its place is its position)
(variable_declarator type: (type_annotation [(type_identifier) (generic_type)] @var.implements)
  value: [(arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) !type !value) @var.name))
          (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) !type !value) @var.name))
          (arrow_function parameter: (identifier) @var.name)])
(public_field_definition type: (type_annotation [(type_identifier) (generic_type)] @var.implements)
  value: [(arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) !type !value) @var.name))
          (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) !type !value) @var.name))
          (arrow_function parameter: (identifier) @var.name)])

; const options: HarnessOptions = { onReport(summary) {..} }, { onFail: (failure) => .. } satisfies HarnessOptions: a
; method (or a property's function) of an object literal so declared takes what the type's member of that name gives
; (parse.py @var.key: implements:HarnessOptions%onReport@0)
(variable_declarator type: (type_annotation [(type_identifier) (generic_type)] @var.implements)
  value: (object [(method_definition name: (property_identifier) @var.key
                    parameters: (formal_parameters (required_parameter pattern: (identifier) !type !value) @var.name))
                  (pair key: (property_identifier) @var.key
                    value: [(arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) !type !value) @var.name))
                            (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) !type !value) @var.name))
                            (arrow_function parameter: (identifier) @var.name)])]))
; needs: satisfies
(satisfies_expression (object [(method_definition name: (property_identifier) @var.key
                                 parameters: (formal_parameters (required_parameter pattern: (identifier) !type !value) @var.name))
                               (pair key: (property_identifier) @var.key
                                 value: [(arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) !type !value) @var.name))
                                         (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) !type !value) @var.name))
                                         (arrow_function parameter: (identifier) @var.name)])])
  [(type_identifier) (generic_type)] @var.implements)

; function mw(): MiddlewareHandler { return async (c, next) => .. }: a function returned straight from the body of one
; declaring its return type implements that type, as a variable so declared does (a return nested in a block: not read)
([(function_declaration return_type: (type_annotation [(type_identifier) (generic_type)] @var.implements)
    body: (statement_block (return_statement [(arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) !type !value) @var.name))
                                              (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) !type !value) @var.name))
                                              (arrow_function parameter: (identifier) @var.name)])))
  (method_definition return_type: (type_annotation [(type_identifier) (generic_type)] @var.implements)
    body: (statement_block (return_statement [(arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) !type !value) @var.name))
                                              (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) !type !value) @var.name))
                                              (arrow_function parameter: (identifier) @var.name)])))
  (arrow_function return_type: (type_annotation [(type_identifier) (generic_type)] @var.implements)
    body: [(statement_block (return_statement [(arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) !type !value) @var.name))
                                               (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) !type !value) @var.name))
                                               (arrow_function parameter: (identifier) @var.name)]))
           (arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) !type !value) @var.name))
           (arrow_function parameter: (identifier) @var.name)])])

; describe("x", (t, u) => t.go()), describe("x", t => ...): an untyped parameter of a function passed to a call
; takes what the called function declares for it (see parse.py @passed.name)
; (rooted at the function, its call's callee read by langs/javascript.py's passed_argument: rooted at every call, these
; kept their alternatives alive through the call's whole subtree)
[(arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @passed.name !type) @passed.slot))
 (function_expression parameters: (formal_parameters
   (required_parameter pattern: (identifier) @passed.name !type) @passed.slot))] @passed.fn
(arrow_function parameter: (identifier) @passed.name) @passed.fn
; testDriver({ additionalTests(ctx) {..} }), run({ onDone: (result) => .. }): an untyped parameter of a method (or a
; property's function) of an object literal passed to a call takes what the member of that name of the type the
; called function declares there gives it (parse.py @passed.key: place i%key:j)
;   ...written deeper: an object under a key (runSuite({ hooks: { onDone(summary) {..} } }): the member onDone of
;   the type the member hooks declares, place i%hooks%onDone:j), objects in a list under a key (runSuite({ plugins: [{
;   setup(ctx) {..} }] }): plugins' element type's member, i%plugins[]%setup:j), and the object
;   handed to a class's constructor (new Runner({ onReport(summary) {..} }): what its constructor declares there)
; (rooted at the object, the argument holding it and its call's callee read by langs/javascript.py's passed_argument)
(object [(method_definition name: (property_identifier) @passed.key
           parameters: (formal_parameters (required_parameter pattern: (identifier) @passed.name !type) @passed.slot))
         (pair key: (property_identifier) @passed.key
           value: [(arrow_function parameters: (formal_parameters
                     (required_parameter pattern: (identifier) @passed.name !type) @passed.slot))
                   (function_expression parameters: (formal_parameters
                     (required_parameter pattern: (identifier) @passed.name !type) @passed.slot))
                   (arrow_function parameter: (identifier) @passed.name)])]) @passed.fn
; test("x", async ({ page }) => page.goto("/")): a property taken apart from such a parameter (the library's object
; where the called function is a library's; nothing where it is ours: the parameter's type is not the property's)
[(arrow_function parameters: (formal_parameters
   (required_parameter pattern: (object_pattern (shorthand_property_identifier_pattern) @passed.name) !type) @passed.slot))
 (function_expression parameters: (formal_parameters
   (required_parameter pattern: (object_pattern (shorthand_property_identifier_pattern) @passed.name) !type) @passed.slot))]
  @passed.fn @passed.member

; a generic function whose result is its own first type parameter (function make<T>(): T, const withArgs = <T>(hook) =>
; { return .. as unknown as T }): what a call of it gives is the type argument written there (langs/javascript.py
; settle_references); the type argument a variable's value is called with (const useSWR = withArgs<SWRHook>(h))
((function_declaration type_parameters: (type_parameters . (type_parameter name: (type_identifier) @_tp))
  return_type: (type_annotation (type_identifier) @name)) @reference.type.result0 (#eq? @name @_tp))
(variable_declarator value: ((arrow_function type_parameters: (type_parameters . (type_parameter name: (type_identifier) @_tp))
  return_type: (type_annotation (type_identifier) @name)) @reference.type.result0 (#eq? @name @_tp)))
; needs: as
(variable_declarator value: ((arrow_function type_parameters: (type_parameters . (type_parameter name: (type_identifier) @_tp))
  body: (statement_block (return_statement (as_expression (type_identifier) @name .)))) @reference.type.result0
  (#eq? @name @_tp)))
; needs: as
(variable_declarator value: ((arrow_function type_parameters: (type_parameters . (type_parameter name: (type_identifier) @_tp))
  body: (as_expression (type_identifier) @name .)) @reference.type.result0 (#eq? @name @_tp)))
(variable_declarator value: (call_expression type_arguments: (type_arguments . (type_identifier) @name))
  @reference.type.argument0)
; an overload signature before its function (function f(a: string): Foo; function f(a) {..}): what a call of f gives is
; what a signature declares, the first one's (langs/javascript.py settle_references), where the function declares no
; return type of its own (one all its overloads satisfy: vue's useModel(..): Ref)
((function_signature name: (identifier) @_sig return_type: (type_annotation [(type_identifier) @name
  (generic_type name: (type_identifier) @name)]))
 (function_declaration name: (identifier) @_fn !return_type) @reference.type.overload (#eq? @_sig @_fn))
((export_statement (function_signature name: (identifier) @_sig return_type: (type_annotation [(type_identifier) @name
  (generic_type name: (type_identifier) @name)])))
 (export_statement (function_declaration name: (identifier) @_fn !return_type) @reference.type.overload)
 (#eq? @_sig @_fn))
