; Swift: classes, structs, enums (and their cases), actors, protocols, extensions (their members are the extended
; type's, wherever it is declared), functions, methods, initializers (`init`, what `Foo(...)` runs), properties,
; typealiases; calls through objects, optional chains and `self`/`super`, trailing closures (their calls are the
; enclosing function's), functions passed as values, conformance and inheritance, attributes, imports (modules), typed
; parameters, properties and locals. Capture names follow the convention documented in extractors/structure/parse.py.

; definitions: public and open ones exported (internal, the default, is the module's own: see langs/swift.py)
(class_declaration declaration_kind: ["class" "actor"] name: (type_identifier) @name) @definition.class
(class_declaration declaration_kind: "struct" name: (type_identifier) @name) @definition.struct
(class_declaration declaration_kind: "enum" name: (type_identifier) @name) @definition.enum
(protocol_declaration name: (type_identifier) @name) @definition.interface
; extension Foo { ... } / extension Foo: Proto: a container whose members (and conformances) are Foo's
; (extension Foo.Bar: Bar's, its whole path the @qualifier that tells it from another Bar; extension
; Collection<String>: Collection's)
(class_declaration declaration_kind: "extension" name: [(user_type (type_identifier) @name .)
  (user_type (type_identifier) @name . (type_arguments) .)] @qualifier) @definition.impl
; extension [Case] / extension [String: Int] / extension Int?: Array's, Dictionary's, Optional's (the sugar is named
; by langs/swift.py settle_definitions)
(class_declaration declaration_kind: "extension" name: [(array_type) (dictionary_type) (optional_type)] @name)
  @definition.impl
(function_declaration name: (simple_identifier) @name) @definition.function
(protocol_function_declaration name: (simple_identifier) @name) @definition.function
(init_declaration name: "init" @name) @definition.function
(typealias_declaration name: (type_identifier) @name) @definition.type
(enum_entry name: (simple_identifier) @name) @definition.constant
; case failure(error: MyError, code: Int): the case's associated values are its members, named by their place (0, 1..),
; each of its declared type, which a case pattern's binding takes (case .failure(let e): e.describe() is MyError's)
(enum_entry data_contents: (enum_type_parameters name: (_) @name @name.place @definition.field))
(enum_entry data_contents: (enum_type_parameters name: (_) @var.place @var.type))
; properties of a type (stored and computed, typed): fields, whose declared types type a chain (a.client.fetch())
[(class_body (property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.field)
 (enum_class_body (property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.field)]
(protocol_body (protocol_property_declaration name: (pattern bound_identifier: (simple_identifier) @name))
  @definition.field)
; file-level constants and variables
(source_file (property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.variable)

; exported: public / open (private, fileprivate and internal are not)
([(class_declaration (modifiers (visibility_modifier) @exported) declaration_kind: ["class" "actor"] name: (type_identifier) @name) @definition.class
  (class_declaration (modifiers (visibility_modifier) @exported) declaration_kind: "struct" name: (type_identifier) @name) @definition.struct
  (class_declaration (modifiers (visibility_modifier) @exported) declaration_kind: "enum" name: (type_identifier) @name) @definition.enum
  (protocol_declaration (modifiers (visibility_modifier) @exported) name: (type_identifier) @name) @definition.interface
  (function_declaration (modifiers (visibility_modifier) @exported) name: (simple_identifier) @name) @definition.function
  (init_declaration (modifiers (visibility_modifier) @exported) name: "init" @name) @definition.function
  (typealias_declaration (modifiers (visibility_modifier) @exported) name: (type_identifier) @name) @definition.type]
 (#match? @exported "^(public|open)"))
([(class_body (property_declaration (modifiers (visibility_modifier) @exported)
   name: (pattern bound_identifier: (simple_identifier) @name)) @definition.field)
  (enum_class_body (property_declaration (modifiers (visibility_modifier) @exported)
   name: (pattern bound_identifier: (simple_identifier) @name)) @definition.field)] (#match? @exported "^(public|open)"))
(source_file (property_declaration (modifiers (visibility_modifier) @exported)
  name: (pattern bound_identifier: (simple_identifier) @name)) @definition.variable (#match? @exported "^(public|open)"))
; a public protocol's requirements and a public enum's cases are as public as it is
((protocol_declaration (modifiers (visibility_modifier) @exported) body: (protocol_body
  [(protocol_function_declaration name: (simple_identifier) @name) @definition.function
   (protocol_property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.field]))
 (#match? @exported "^(public|open)"))
((class_declaration (modifiers (visibility_modifier) @exported) body: (enum_class_body
  (enum_entry name: (simple_identifier) @name) @definition.constant)) (#match? @exported "^(public|open)"))

; attributes: @objc, @IBAction, @main, @NSManaged... (a runtime or framework calls it: entry points, unless pure)
(class_declaration (modifiers (attribute (user_type (type_identifier) @decorator)))
  declaration_kind: ["class" "actor"] name: (type_identifier) @name) @definition.class
(class_declaration (modifiers (attribute (user_type (type_identifier) @decorator)))
  declaration_kind: "struct" name: (type_identifier) @name) @definition.struct
(class_declaration (modifiers (attribute (user_type (type_identifier) @decorator)))
  declaration_kind: "enum" name: (type_identifier) @name) @definition.enum
(function_declaration (modifiers (attribute (user_type (type_identifier) @decorator)))
  name: (simple_identifier) @name) @definition.function
(init_declaration (modifiers (attribute (user_type (type_identifier) @decorator))) name: "init" @name)
  @definition.function
[(class_body (property_declaration (modifiers (attribute (user_type (type_identifier) @decorator)))
  name: (pattern bound_identifier: (simple_identifier) @name)) @definition.field)
 (enum_class_body (property_declaration (modifiers (attribute (user_type (type_identifier) @decorator)))
  name: (pattern bound_identifier: (simple_identifier) @name)) @definition.field)]
; a static method is the type's own (langs/swift.py marks it SINGLETON): what an implicit member call `.make()` may be,
; never an instance method
([(function_declaration (modifiers (property_modifier) @decorator) name: (simple_identifier) @name)
  (protocol_function_declaration (modifiers (property_modifier) @decorator) name: (simple_identifier) @name)]
  @definition.function (#eq? @decorator "static"))
(function_declaration "class" @decorator name: (simple_identifier) @name) @definition.function

; a type the system creates by its conformance, which no code of the repository names: Xcode's previews
; (`struct X_Previews: PreviewProvider`), the delegates an Info.plist or @main names, App Intents' shortcuts provider
; (see langs/swift.py)
((class_declaration declaration_kind: ["class" "actor"] name: (type_identifier) @name
  (inheritance_specifier inherits_from: (user_type (type_identifier) @decorator .))) @definition.class
 (#any-of? @decorator "PreviewProvider" "WKExtensionDelegate" "WKApplicationDelegate" "UIApplicationDelegate"
  "NSApplicationDelegate" "UIWindowSceneDelegate" "AppShortcutsProvider" "AppIntentsPackage"))
((class_declaration declaration_kind: "struct" name: (type_identifier) @name
  (inheritance_specifier inherits_from: (user_type (type_identifier) @decorator .))) @definition.struct
 (#any-of? @decorator "PreviewProvider" "WKExtensionDelegate" "WKApplicationDelegate" "UIApplicationDelegate"
  "NSApplicationDelegate" "UIWindowSceneDelegate" "AppShortcutsProvider" "AppIntentsPackage"))

; calls: f(), Foo(...), obj.f(), obj?.f(), obj!.f(), self.f(), super.f(), Foo.f(), a.b.c(); with a trailing closure;
; a modifier after `#if ..` in a chain, whose target the grammar reads as the directive (swift.directive_receiver)
(call_expression . (simple_identifier) @name) @reference.call
(call_expression . (navigation_expression target: [(simple_identifier) (navigation_expression) (self_expression)
  (super_expression) (call_expression) (user_type) (tuple_expression) (array_literal) (dictionary_literal)
  (line_string_literal) (multi_line_string_literal) (try_expression) (await_expression) (as_expression) (directive)]
  @receiver suffix: (navigation_suffix suffix: (simple_identifier) @name)))
  @reference.call
(call_expression . (navigation_expression target: (postfix_expression target: (_) @receiver)
  suffix: (navigation_suffix suffix: (simple_identifier) @name))) @reference.call
; an implicit member call, .streamCompletionQueue(forRequestID: id), .object(pairs): a static method or an enum case
; of the type the context expects, unknown here (the "." stands for it); .init(..) is that type's initializer
((call_expression . (prefix_expression operation: "." @receiver target: (simple_identifier) @name))
  @reference.implicit_call (#not-eq? @name "init"))
; needs from here: init
; `.init(..)` where the type it builds is written beside it: a typed declaration (`let s: Storage = .init()`), a
; parameter's default (`conf: Config = .init()`), a stored property assigned (`self.middlewares = .init()`: the
; property's declared type); the init of that type, read as `Type.init(..)` / `self.p.init(..)` (`A.B<T>`: B's)
(property_declaration (type_annotation [(user_type (type_identifier) @receiver .)
                                     (user_type (type_identifier) @receiver . (type_arguments) .)])
  value: (call_expression . (prefix_expression operation: "." target: (simple_identifier) @name)) @reference.call
  (#eq? @name "init"))
((parameter [(user_type (type_identifier) @receiver .)
             (user_type (type_identifier) @receiver . (type_arguments) .)]) .
  (call_expression . (prefix_expression operation: "." target: (simple_identifier) @name)) @reference.call
  (#eq? @name "init"))
; ...and what a function or a computed property returns where it says its type (`static var none: Self { .init() }`,
; `func make() -> Config { return .init(x) }`: its body's own statement, not one nested in a branch)
(property_declaration (type_annotation [(user_type (type_identifier) @receiver .)
                                     (user_type (type_identifier) @receiver . (type_arguments) .)])
  computed_value: (computed_property (statements . (call_expression . (prefix_expression operation: "."
    target: (simple_identifier) @name)) @reference.call .)) (#eq? @name "init"))
(function_declaration [(user_type (type_identifier) @receiver .)
                       (user_type (type_identifier) @receiver . (type_arguments) .)] .
  body: (function_body (statements [(call_expression . (prefix_expression operation: "."
                                      target: (simple_identifier) @name)) @reference.call
                                    (control_transfer_statement result: (call_expression . (prefix_expression
                                      operation: "." target: (simple_identifier) @name)) @reference.call)]))
  (#eq? @name "init"))
(assignment target: (directly_assignable_expression [(simple_identifier) (navigation_expression
                                                      target: (self_expression))] @receiver)
  result: (call_expression . (prefix_expression operation: "." target: (simple_identifier) @name)) @reference.call
  (#eq? @name "init"))
; needs end
; an implicit member read, `mode: .eager`, `case .metric:`: an enum case of the type the context expects (the callee of
; an implicit call is that call's, not also a read)
(prefix_expression operation: "." @receiver target: (simple_identifier) @name) @reference.implicit_read
(switch_pattern (pattern "." @receiver . (simple_identifier) @name)) @reference.implicit_read
; the grammar reads `!a.f()` as `(!a).f()`: a's f
(call_expression . (navigation_expression target: (prefix_expression operation: (bang) target: (_) @receiver)
  suffix: (navigation_suffix suffix: (simple_identifier) @name))) @reference.call
; ...and `!f(x)` as `(!f)(x)`: a call of f (a bare name negated: `if !isValid(x)`)
(call_expression . (prefix_expression operation: (bang) target: (simple_identifier) @name)) @reference.call
; the grammar reads `a + f()` as `(a + f)()`, `x ?? g.h()` as `(x ?? g.h)()`: the call is the right operand's
(call_expression . [(additive_expression rhs: (simple_identifier) @name)
                    (multiplicative_expression rhs: (simple_identifier) @name)
                    (comparison_expression rhs: (simple_identifier) @name)
                    (equality_expression rhs: (simple_identifier) @name)
                    (conjunction_expression rhs: (simple_identifier) @name)
                    (disjunction_expression rhs: (simple_identifier) @name)
                    (nil_coalescing_expression if_nil: (simple_identifier) @name)] (call_suffix)) @reference.call
(call_expression . [(additive_expression rhs: (navigation_expression target: (_) @receiver
                      suffix: (navigation_suffix suffix: (simple_identifier) @name)))
                    (multiplicative_expression rhs: (navigation_expression target: (_) @receiver
                      suffix: (navigation_suffix suffix: (simple_identifier) @name)))
                    (comparison_expression rhs: (navigation_expression target: (_) @receiver
                      suffix: (navigation_suffix suffix: (simple_identifier) @name)))
                    (equality_expression rhs: (navigation_expression target: (_) @receiver
                      suffix: (navigation_suffix suffix: (simple_identifier) @name)))
                    (conjunction_expression rhs: (navigation_expression target: (_) @receiver
                      suffix: (navigation_suffix suffix: (simple_identifier) @name)))
                    (disjunction_expression rhs: (navigation_expression target: (_) @receiver
                      suffix: (navigation_suffix suffix: (simple_identifier) @name)))
                    (nil_coalescing_expression if_nil: (navigation_expression target: (_) @receiver
                      suffix: (navigation_suffix suffix: (simple_identifier) @name)))] (call_suffix)) @reference.call
; Foo<T>(...): a generic type built
(constructor_expression constructed_type: (user_type . (type_identifier) @name)) @reference.call
; a property wrapper built (`@Atomic private var cache = [String: Bool]()` runs `Atomic(wrappedValue:)`, `@Field(key:
; "name") var name: String` `Field(key:)`): a call of the attribute's type
; needs: @
(property_declaration (modifiers (attribute (user_type . (type_identifier) @name)) @reference.call)
  (#match? @name "^[A-Z]"))

; functions passed as values: items.forEach(render), run(handler: self.onDone), Button(action: tapped)
(value_argument value: (simple_identifier) @name) @reference.callback
; a function held by a variable or property (`var f: @convention(c) () -> Void = callThreadExit`, `handler = onDone`)
(property_declaration value: (simple_identifier) @name) @reference.callback
(assignment result: (simple_identifier) @name) @reference.callback
(value_argument value: (navigation_expression target: [(self_expression) (simple_identifier)] @receiver
  suffix: (navigation_suffix suffix: (simple_identifier) @name))) @reference.callback
; a method taken as a value by a variable or property (Publish's `makeIndexHTML = factory.makeIndexHTML`, `factory: T`
; with `T: HTMLFactory`): the receiver's, as an argument's is
(assignment result: (navigation_expression target: [(self_expression) (simple_identifier)] @receiver
  suffix: (navigation_suffix suffix: (simple_identifier) @name))) @reference.callback
(property_declaration value: (navigation_expression target: [(self_expression) (simple_identifier)] @receiver
  suffix: (navigation_suffix suffix: (simple_identifier) @name))) @reference.callback

; conformance and inheritance: class A: Base, Proto / protocol P: Q / extension A: Proto (the extended type's)
(inheritance_specifier inherits_from: (user_type (type_identifier) @name .) @reference.inherits)

; types named in signatures, properties, variables, generic arguments, casts (see parse.py @reference.type)
(user_type (type_identifier) @name) @reference.type

; imports: import Foundation / @testable import Core / import struct Foo.Bar: a module, all its names
(import_declaration (identifier . (simple_identifier) @import.module) @import.wildcard) @import

; typed parameters, properties and locals (c.send() resolves on Client; see parse.py @var.name)
; (`inout Client` is a Client; `some P` and `any P` are Ps; an optional `Client?` is used as a Client: a?.f() is Client's f; `[Client]` is an array: its elements are Clients)
(parameter name: (simple_identifier) @var.name . (parameter_modifiers)? . [(user_type) (array_type) (dictionary_type) (optional_type [(user_type) (array_type) (dictionary_type)])] @var.type)
(parameter name: (simple_identifier) @var.name . [(opaque_type (user_type) @var.type) (existential_type (user_type) @var.type)])
(property_declaration name: (pattern bound_identifier: (simple_identifier) @var.name)
  (type_annotation [(user_type) (array_type) (dictionary_type) (optional_type [(user_type) (array_type) (dictionary_type)])] @var.type))
(property_declaration name: (pattern bound_identifier: (simple_identifier) @var.name)
  value: (call_expression . [(simple_identifier) (navigation_expression)]) @var.value)
; let store = TestStore(initialState: s) { Feature() }: a trailing closure wraps the call in another, the value is
; the inner call's
(property_declaration name: (pattern bound_identifier: (simple_identifier) @var.name)
  value: (call_expression . (call_expression . [(simple_identifier) (navigation_expression)]) @var.value
                            . (call_suffix (lambda_literal))))
(property_declaration name: (pattern bound_identifier: (simple_identifier) @var.name)
  value: (constructor_expression constructed_type: (_) @var.type))
; let p = carrier as! Pigeon (as, as?): a Pigeon
(property_declaration name: (pattern bound_identifier: (simple_identifier) @var.name)
  . (as_expression (user_type) @var.type))
; let exchange = chain.exchange, if let d = self.delegate, guard let d = request.delegate: of the type that property
; is declared with (a type, not a value: a function it may hold is not called through the variable)
(property_declaration name: (pattern bound_identifier: (simple_identifier) @var.name)
  value: (navigation_expression) @var.type)
; SwiftUI's environment read by type (`@Environment(CurrentAccount.self) private var account`, the Observation
; framework's way since iOS 17): the property holds that type's object, though no type annotation says so
; needs: Environment
(property_declaration (modifiers (attribute (user_type (type_identifier) @_environment)
    . (navigation_expression target: (_) @var.type suffix: (navigation_suffix suffix: (simple_identifier) @_self))))
  name: (pattern bound_identifier: (simple_identifier) @var.name)
  (#eq? @_environment "Environment") (#eq? @_self "self"))
; let c = try await make(): what make returns; if let x = c as? P / guard let x = c as? P: a P
(property_declaration name: (pattern bound_identifier: (simple_identifier) @var.name)
  value: (try_expression [(call_expression . [(simple_identifier) (navigation_expression)]) @var.value
                          (await_expression (call_expression . [(simple_identifier) (navigation_expression)]) @var.value)]))
; (the name bound is the statement's `bound_identifier`: matched by the order of its nodes instead, as before, the
; query took 0.7 s more to compile, a cold update of a Swift file paying it every time)
[(if_statement bound_identifier: (simple_identifier) @var.name . (as_expression (user_type) @var.type))
 (guard_statement bound_identifier: (simple_identifier) @var.name . (as_expression (user_type) @var.type))]
; for c in clients: c holds what clients holds
(for_statement item: (pattern bound_identifier: (simple_identifier) @var.name) collection: (_) @var.elements)
(if_statement bound_identifier: (simple_identifier) @var.name . (type_annotation [(user_type) (array_type) (dictionary_type) (optional_type [(user_type) (array_type) (dictionary_type)])] @var.type))

; names bound where they are (see parse.py @local.name): parameters, a function's own constants and variables,
; closure parameters, loop variables, if let / guard let bindings
(parameter name: (simple_identifier) @local.name)
; (a constant's own initial value cannot see it: `let missing = missing(in: x)`, `let e = expectation(..)` call the
; method or function of that name, no local)
(statements (property_declaration name: (pattern bound_identifier: (simple_identifier) @local.name) !value))
(statements (property_declaration name: (pattern bound_identifier: (simple_identifier) @local.name)
  value: (_) @_own.value (#not-match? @_own.value "^(try[?!]?\\s+)?(await\\s+)?[A-Za-z_][A-Za-z0-9_]*\\s*[({]")))
(statements (property_declaration name: (pattern bound_identifier: (simple_identifier) @local.name)
  value: [(call_expression . (simple_identifier) @_own.callee)
          (try_expression [(call_expression . (simple_identifier) @_own.callee)
                           (await_expression (call_expression . (simple_identifier) @_own.callee))])
          (await_expression (call_expression . (simple_identifier) @_own.callee))]
  (#not-eq? @local.name @_own.callee)))
(lambda_parameter name: (simple_identifier) @local.name)
; a closure is a scope of its own parameters and constants (`.run { send in await send(.x) }` in a computed
; `var body`, whose names a type's property would not keep: `send` is the closure's value, called, no function's)
(lambda_literal) @scope.callback
(for_statement item: (pattern bound_identifier: (simple_identifier) @local.name))
(if_statement bound_identifier: (simple_identifier) @local.name)
(guard_statement bound_identifier: (simple_identifier) @local.name)
; if case let .x(a, b) = v / guard case let .stream(stream) = u: the names in the case's pattern
(if_statement (pattern (simple_identifier) @local.name))
(guard_statement (pattern (simple_identifier) @local.name))
; switch o { case .failure(let error): .., case let .success(v): .. }: each entry a scope of its own names (two
; entries' `e` are two variables, of two types), each name the subject's case's associated value at its place (the
; member `failure.0` of o's type: parse.py @var.member.place, langs/swift.py member_place); if case / guard case too
(switch_entry) @scope.branch
(switch_pattern (pattern (pattern [(simple_identifier) @local.name (value_binding_pattern)
                                   bound_identifier: (simple_identifier) @local.name])))
(switch_statement expr: [(simple_identifier) (self_expression) (navigation_expression)] @var.value
  (switch_entry (switch_pattern (pattern "." . (simple_identifier) @var.member . "("
    [(pattern . (simple_identifier) @var.name .) (pattern (value_binding_pattern) bound_identifier: (simple_identifier)
      @var.name)] @var.member.place))))
; (written as three patterns, the value's kinds checked by #kind? (budget.kind_predicate): as one alternation it
; took 0.15 s more to compile; tree-sitter's analysis of a pattern is far from additive, measure any change)
(if_statement "case" "." . (simple_identifier) @var.member . "("
    [(pattern . (simple_identifier) @var.name .) (pattern (value_binding_pattern) bound_identifier: (simple_identifier)
      @var.name)] @var.member.place ")" . "=" . (_) @var.value
    (#kind? @var.value "simple_identifier" "self_expression" "navigation_expression"))
(guard_statement "case" "." . (simple_identifier) @var.member . "("
    (pattern . (simple_identifier) @var.name .) @var.member.place ")" . "="
    . [(simple_identifier) (self_expression) (navigation_expression)] @var.value)
(guard_statement "case" "." . (simple_identifier) @var.member . "("
    (pattern (value_binding_pattern) bound_identifier: (simple_identifier) @var.name) @var.member.place ")" . "="
    . [(simple_identifier) (self_expression) (navigation_expression)] @var.value)

; a type read for its static members or cases: Unit.metric, Config.default.load()
(navigation_expression target: (simple_identifier) @name (#match? @name "^[A-Z]")) @reference.type.value
; a bare name read or assigned as a value (radius * radius, return count): a property of the type, of a base or of
; the module; a ``read`` reference, dropped where a parameter or local binds it
[(multiplicative_expression [lhs: (simple_identifier) @name rhs: (simple_identifier) @name])
 (additive_expression [lhs: (simple_identifier) @name rhs: (simple_identifier) @name])
 (comparison_expression [lhs: (simple_identifier) @name rhs: (simple_identifier) @name])
 (equality_expression [lhs: (simple_identifier) @name rhs: (simple_identifier) @name])
 (conjunction_expression [lhs: (simple_identifier) @name rhs: (simple_identifier) @name])
 (disjunction_expression [lhs: (simple_identifier) @name rhs: (simple_identifier) @name])
 (nil_coalescing_expression [value: (simple_identifier) @name if_nil: (simple_identifier) @name])
 (assignment result: (simple_identifier) @name)
 (directly_assignable_expression (simple_identifier) @name)
 (control_transfer_statement result: (simple_identifier) @name)
 (prefix_expression operation: [(bang) "&" "-" "+" "~"] target: (simple_identifier) @name)
 (ternary_expression [condition: (simple_identifier) @name if_true: (simple_identifier) @name
                      if_false: (simple_identifier) @name])
 (if_statement condition: (simple_identifier) @name)
 (guard_statement condition: (simple_identifier) @name)
 (for_statement collection: (simple_identifier) @name)
 (switch_statement expr: (simple_identifier) @name)
 (interpolated_expression value: (simple_identifier) @name)
 (array_literal element: (simple_identifier) @name)
 (statements (simple_identifier) @name)] @reference.read

; a generic parameter stands for its constraint: func f<A: ParsableArguments>() { A.parse() } is that protocol's
(type_parameter (type_identifier) @var.name . (user_type) @var.type)
(inheritance_constraint constrained_type: (identifier (simple_identifier) @var.name) (user_type) @var.type)
; and a call of it builds one (@var.default: bound for calls only): `try T(name: key)` with `T: Named` runs Named's
; required init, whatever type the caller picks (XcodeGen's `T: NamedJSONConvertible`)
; needs: <
(type_parameter (type_identifier) @var.name . (user_type) @var.default)
; needs: where
(inheritance_constraint constrained_type: (identifier (simple_identifier) @var.name) (user_type) @var.default)
