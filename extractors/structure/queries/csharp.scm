; C#: namespaces (the package of a file), classes, structs, records, interfaces, enums and their members, methods,
; constructors (named after their class), properties, fields, events, delegates, local functions; calls, `new`,
; method groups passed as delegates, bases, attributes, usings, typed parameters, variables, fields and properties.
; In this grammar a type is an (identifier), a (generic_name), a (qualified_name)...: the patterns name the places
; where one stands. Capture names follow the convention documented in extractors/structure/parse.py.

; the namespace is the file's package (its enclosing namespaces are seen too: langs/csharp.py)
(file_scoped_namespace_declaration name: (_) @package.name)
(namespace_declaration name: (_) @package.name)

; usings: a namespace (every type of it), `using static A.B.C;` (C's static members, also read as a namespace's
; using, which finds none), `using X = A.B.C;`; `global using` alike
(using_directive !name [(identifier) (qualified_name)] @import.module @import.wildcard) @import
(using_directive "static" @import.alias [(identifier) (qualified_name)] @import.module @import.wildcard) @import
(using_directive name: (identifier) @import.alias [(identifier) (qualified_name)] @import.module) @import
; `global using A.B;` also holds in the other files under its folder (a project's GlobalUsings.cs): marked `global`
; (langs/csharp.py settle_references keeps this reading of it)
(using_directive "global" @import.alias !name [(identifier) (qualified_name)] @import.module @import.wildcard) @import

; definitions (public ones exported; an interface's members are public)
(class_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name) @definition.struct
(record_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(enum_member_declaration name: (identifier) @name) @definition.constant
(delegate_declaration name: (identifier) @name) @definition.type
(method_declaration name: (identifier) @name) @definition.function
(local_function_statement name: (identifier) @name) @definition.function
((constructor_declaration name: (identifier) @name) @definition.function (#not-eq? @name "extension"))
(property_declaration name: (identifier) @name) @definition.property
[(class_declaration (modifier "public") name: (identifier) @name) @definition.class
 (struct_declaration (modifier "public") name: (identifier) @name) @definition.struct
 (record_declaration (modifier "public") name: (identifier) @name) @definition.class
 (interface_declaration (modifier "public") name: (identifier) @name) @definition.interface
 (enum_declaration (modifier "public") name: (identifier) @name) @definition.enum
 (delegate_declaration (modifier "public") name: (identifier) @name) @definition.type
 (method_declaration (modifier "public") name: (identifier) @name) @definition.function
 (property_declaration (modifier "public") name: (identifier) @name) @definition.property] @exported
(interface_declaration body: (declaration_list [(method_declaration name: (identifier) @name) @definition.function
                                                (property_declaration name: (identifier) @name) @definition.property]
                                               @exported))
((constructor_declaration (modifier "public") name: (identifier) @name) @definition.function @exported
 (#not-eq? @name "extension"))
; C# 14 extension blocks, `extension(IRestClient client) { public Task<R> GetAsync(..) => client.Run(..); }`, which
; the grammar reads as a constructor named extension holding local functions: each is a method of the block's
; receiver type (as a `this IRestClient client` extension method is), named Type.Method; the block is no definition
(constructor_declaration name: (identifier) @_extension (#eq? @_extension "extension")
  parameters: (parameter_list . (parameter type: [(identifier) @parent.name (generic_name . (identifier) @parent.name)
    (predefined_type) @parent.name (qualified_name name: [(identifier) @parent.name
                                                           (generic_name . (identifier) @parent.name)])
    (nullable_type [(identifier) @parent.name (generic_name . (identifier) @parent.name) (predefined_type) @parent.name])]))
  body: (block (local_function_statement name: (identifier) @name) @definition.function))
(constructor_declaration name: (identifier) @_extension (#eq? @_extension "extension")
  body: (block (local_function_statement (modifier "public") name: (identifier) @name) @definition.function @exported))
; fields and events (of `int a, b;` the first): their declared types type a chain (_saver.Store.Save()); the
; definition spans the type only: what the initializer calls stays the class's
(field_declaration (variable_declaration type: (_) @definition.field . (variable_declarator name: (identifier) @name)))
(field_declaration (modifier "public")
  (variable_declaration type: (_) @definition.field @exported . (variable_declarator name: (identifier) @name)))
(event_field_declaration (variable_declaration type: (_) @definition.field . (variable_declarator name: (identifier) @name)))
(event_field_declaration (modifier "public")
  (variable_declaration type: (_) @definition.field @exported . (variable_declarator name: (identifier) @name)))
(event_declaration name: (identifier) @name) @definition.field
; extension methods: static Total(this Cart cart, ...) is a method of Cart (cart.Total() reaches it), named Cart.Total
; (of the language's own types too: this string text, this int n; a nullable one: this Label? label)
(method_declaration (modifier "static") name: (identifier) @name parameters: (parameter_list . (parameter (modifier) @_this (#eq? @_this "this")
  type: [(identifier) @parent.name (generic_name . (identifier) @parent.name) (predefined_type) @parent.name
         (qualified_name name: [(identifier) @parent.name (generic_name . (identifier) @parent.name)])
         (nullable_type [(identifier) @parent.name (generic_name . (identifier) @parent.name)
                         (predefined_type) @parent.name])]))) @definition.function
; attributes: [Fact], [Test], [HttpGet]... register the definition with a framework (entry points)
[(method_declaration (attribute_list (attribute name: (_) @decorator)) name: (identifier) @name) @definition.function
 (class_declaration (attribute_list (attribute name: (_) @decorator)) name: (identifier) @name) @definition.class
 (property_declaration (attribute_list (attribute name: (_) @decorator)) name: (identifier) @name) @definition.property]

; calls: M(), M<T>(), obj.M(), this.M(), base.M(), Type.M(), a?.M(), new Foo(), new Foo<T>(), new A.Foo()
(invocation_expression function: [(identifier) @name (generic_name . (identifier) @name)]) @reference.call
(invocation_expression function: (member_access_expression expression: _ @receiver
  name: [(identifier) @name (generic_name . (identifier) @name)])) @reference.call
(invocation_expression function: (conditional_access_expression condition: (_) @receiver
  (member_binding_expression name: [(identifier) @name (generic_name . (identifier) @name)]))) @reference.call
; onDone?.Invoke(x) on a bare name: the delegate's call, onDone(x) (a parameter's: what callers pass for it); the
; reading as Invoke on onDone is dropped (langs/csharp.py _delegate_invocations); x.Invoke(..) stays a member call
; (MethodInfo.Invoke, a library's)
((invocation_expression function: (conditional_access_expression condition: (identifier) @name
  (member_binding_expression name: (identifier) @_invoke))) @reference.call (#eq? @_invoke "Invoke"))
(object_creation_expression type: [(identifier) @name (generic_name . (identifier) @name)]) @reference.call
(object_creation_expression type: (qualified_name qualifier: (_) @receiver
  name: [(identifier) @name (generic_name . (identifier) @name)])) @reference.call
; constructors a constructor runs first: `: this(..)` its class's, `: base(..)` its base class's (the first of the
; base list: an interface there has no constructor to call)
(constructor_declaration name: (identifier) @name (constructor_initializer "this") @reference.call)
(class_declaration (base_list . [(identifier) @name (generic_name . (identifier) @name)])
  body: (declaration_list (constructor_declaration (constructor_initializer "base") @reference.call)))
; target-typed new() returned: the method's declared type (static Point Make() => new(3))
(method_declaration returns: [(identifier) @name (generic_name . (identifier) @name)]
  body: (arrow_expression_clause (implicit_object_creation_expression) @reference.call))
(method_declaration returns: [(identifier) @name (generic_name . (identifier) @name)]
  body: (block (return_statement (implicit_object_creation_expression) @reference.call)))
; target-typed new() a property gives: Conf AuditTo => new(this); Conf Instance { get; } = new(); get => new(..);
; get { return new(..); } (its declared type); a method's return nested once (if (x) { return new(..); })
(property_declaration type: [(identifier) @name (generic_name . (identifier) @name)]
  value: [(implicit_object_creation_expression) @reference.call
          (arrow_expression_clause (implicit_object_creation_expression) @reference.call)])
(property_declaration type: [(identifier) @name (generic_name . (identifier) @name)]
  accessors: (accessor_list (accessor_declaration body: [
    (arrow_expression_clause (implicit_object_creation_expression) @reference.call)
    (block (return_statement (implicit_object_creation_expression) @reference.call))])))
(method_declaration returns: [(identifier) @name (generic_name . (identifier) @name)]
  body: (block (_ [(return_statement (implicit_object_creation_expression) @reference.call)
                   (block (return_statement (implicit_object_creation_expression) @reference.call))])))
; target-typed new(): Foo x = new(); (a field or a local of a declared type)
(variable_declaration type: [(identifier) @name (generic_name . (identifier) @name)]
  (variable_declarator (implicit_object_creation_expression) @reference.call))

; method groups passed as delegates (list.ForEach(Handle), button.Click += OnClick): a capitalized bare name is a
; method (C#'s naming convention); a lower-case one is a variable or field read
(argument (identifier) @name (#match? @name "^[A-Z]")) @reference.callback
(argument (cast_expression value: (identifier) @name (#match? @name "^[A-Z]"))) @reference.callback
(assignment_expression operator: ["+=" "-="] right: (identifier) @name (#match? @name "^[A-Z]")) @reference.callback
; stored where a delegate is declared (contract.KeyResolver = ResolveKey; Namer n = ResolveName;): a property's name
; there (name = Label;) resolves to the property, read
((assignment_expression operator: "=" right: (identifier) @name) @reference.callback (#match? @name "^[A-Z]"))
((variable_declarator "=" . (identifier) @name) @reference.callback (#match? @name "^[A-Z]"))
(argument (member_access_expression expression: "this" @receiver name: (identifier) @name)) @reference.callback
; a generic method's group (Timeout(.., EmptyHandler<TResult>); nameof(Wrap<T>) names a type); a member nameof
; names (GetMethod(nameof(IAction<T>.Execute)): reflection finds the member by that name)
((invocation_expression function: (_) @_callee
  arguments: (argument_list (argument (generic_name . (identifier) @name)) @reference.callback))
 (#not-eq? @_callee "nameof") (#match? @name "^[A-Z]"))
((invocation_expression function: (identifier) @_nameof
  arguments: (argument_list (argument (member_access_expression expression: (_) @receiver name: (identifier) @name))
                            @reference.callback))
 (#eq? @_nameof "nameof"))

; reflection over a class's methods (langs/csharp.py _reflected_methods): typeof(X).GetMethods(..),
; typeof(X).GetTypeInfo().DeclaredMethods, GetType().GetMethods() reach every method of X (of the enclosing class);
; GetMethod("Name", ..) with a literal name that one
((member_access_expression expression: [(typeof_expression type: (_) @receiver)
    (invocation_expression function: (member_access_expression expression: (typeof_expression type: (_) @receiver)))]
  name: (identifier) @name) @reference.template (#match? @name "^(GetMethods|DeclaredMethods|GetRuntimeMethods)$"))
((member_access_expression
    expression: (invocation_expression function: [(identifier) (member_access_expression)]) @receiver
  name: (identifier) @name) @reference.template (#match? @name "^(GetMethods|GetRuntimeMethods)$"))
((invocation_expression function: (member_access_expression expression: [(typeof_expression type: (_) @receiver)
    (invocation_expression function: (member_access_expression expression: (typeof_expression type: (_) @receiver)))]
    name: (identifier) @_get)
  arguments: (argument_list . (argument (string_literal (string_literal_content) @name)))) @reference.template
 (#match? @_get "^(GetMethod|GetDeclaredMethod|GetRuntimeMethod)$"))
((invocation_expression function: (member_access_expression
    expression: (invocation_expression function: [(identifier) (member_access_expression)]) @receiver
    name: (identifier) @_get)
  arguments: (argument_list . (argument (string_literal (string_literal_content) @name)))) @reference.template
 (#match? @_get "^(GetMethod|GetRuntimeMethod)$"))

; inheritance: class A : Base<T>, IFace, A.B.IOther
(base_list [(identifier) @name (generic_name . (identifier) @name)] @reference.inherits)
(base_list (qualified_name qualifier: (_) @receiver name: [(identifier) @name (generic_name . (identifier) @name)])
  @reference.inherits)
(base_list (primary_constructor_base_type type: [(identifier) @name (generic_name . (identifier) @name)]) @reference.inherits)

; types named in signatures, fields, properties, variables, generic arguments, casts, patterns (their form from
; TYPE_CONTEXTS in langs/csharp.py); an attribute is an annotation
(_ type: [(identifier) @name (generic_name . (identifier) @name)
          (nullable_type type: [(identifier) @name (generic_name . (identifier) @name)])
          (array_type type: [(identifier) @name (generic_name . (identifier) @name)])] @reference.type)
(_ type: (qualified_name qualifier: (_) @receiver name: [(identifier) @name (generic_name . (identifier) @name)])
  @reference.type)
(method_declaration returns: [(identifier) @name (generic_name . (identifier) @name)
  (nullable_type type: [(identifier) @name (generic_name . (identifier) @name)])
  (array_type type: [(identifier) @name (generic_name . (identifier) @name)])] @reference.type)
(method_declaration returns: (qualified_name qualifier: (_) @receiver name: [(identifier) @name (generic_name . (identifier) @name)])
  @reference.type)
(type_argument_list [(identifier) @name (generic_name . (identifier) @name)
  (nullable_type type: [(identifier) @name (generic_name . (identifier) @name)])
  (array_type type: [(identifier) @name (generic_name . (identifier) @name)])] @reference.type)
; a generic method whose result is its own type parameter (T Resolve<T>(), Task<T> SendAsync<T>(..)), at its first or
; second place: what a call of it gives is the type argument written there (langs/csharp.py settle_references and
; generic_result)
((method_declaration returns: (identifier) @name
  type_parameters: (type_parameter_list . (type_parameter (identifier) @_tp))) @reference.type.result0
  (#eq? @name @_tp))
((method_declaration returns: (identifier) @name
  type_parameters: (type_parameter_list . (type_parameter) . (type_parameter (identifier) @_tp))) @reference.type.result1
  (#eq? @name @_tp))
((method_declaration returns: (generic_name (identifier) @_task (type_argument_list . (identifier) @name .))
  type_parameters: (type_parameter_list . (type_parameter (identifier) @_tp))) @reference.type.result0
  (#eq? @name @_tp) (#match? @_task "^(Task|ValueTask)$"))
((method_declaration returns: (generic_name (identifier) @_task (type_argument_list . (identifier) @name .))
  type_parameters: (type_parameter_list . (type_parameter) . (type_parameter (identifier) @_tp))) @reference.type.result1
  (#eq? @name @_tp) (#match? @_task "^(Task|ValueTask)$"))
; ...and where a parameter is declared of that type parameter (T Wrap<T>(T value), TBuilder AddX<TBuilder>(this
; TBuilder b)), the type argument a call writes none of is its argument's there (the extended object for a `this`
; one: the receiver): langs/csharp.py settle_references and generic_result
((method_declaration returns: (identifier) @name
  parameters: (parameter_list . (parameter (modifier) @_this type: (identifier) @_given))) @reference.type.givenself
  (#eq? @name @_given) (#eq? @_this "this"))
((method_declaration returns: (identifier) @name
  parameters: (parameter_list . (parameter type: (identifier) @_given))) @reference.type.given0
  (#eq? @name @_given))
((method_declaration returns: (identifier) @name
  parameters: (parameter_list . (parameter) . (parameter type: (identifier) @_given))) @reference.type.given1
  (#eq? @name @_given))
(type_parameter_constraint [(identifier) @name (generic_name . (identifier) @name)] @reference.type)
(type_parameter_constraint (type [(identifier) @name (generic_name . (identifier) @name)]) @reference.type)
(as_expression right: [(identifier) @name (generic_name . (identifier) @name)] @reference.type)
(is_expression right: [(identifier) @name (generic_name . (identifier) @name)] @reference.type)
; `x is JsonDictionaryAttribute`, `x is not Foo`: the grammar reads a bare name there as a constant; a capitalized one
; is a type (a constant is written with its type: Mode.Careful)
((is_pattern_expression pattern: [(constant_pattern (identifier) @name)
                                  (negated_pattern (constant_pattern (identifier) @name))] @reference.type)
 (#match? @name "^[A-Z]"))
(attribute name: (identifier) @name) @reference.type.annotation
; a class read for its static members: Defaults.Timeout, Mode.Careful (a member read or call of it)
(member_access_expression expression: (identifier) @name (#match? @name "^[A-Z]")) @reference.type.value
(member_access_expression expression: (generic_name . (identifier) @name)) @reference.type.value
; an extension method is declared in its static class (its symbol is its this-type's member: Cart.Count): the
; class holds it, and is used where it is
(class_declaration name: (identifier) @name body: (declaration_list (method_declaration
  parameters: (parameter_list . (parameter (modifier) @_this (#eq? @_this "this")))) @reference.type.value))
; and the members of its C# 14 extension blocks (read as a constructor named extension)
(class_declaration name: (identifier) @name body: (declaration_list (constructor_declaration
  name: (identifier) @_extension (#eq? @_extension "extension")
  body: (block (local_function_statement) @reference.type.value))))
; a member read or written without a call (item.Name, this.Count, _opts.Timeout): a ``reads`` edge where the
; object's class is known
(member_access_expression expression: [(identifier) "this" (member_access_expression)] @receiver
  name: (identifier) @name) @reference.attribute
; a member set in an object initializer (new Foo<T>(x) { Size = 1 }): a write of the built type's property, read as
; `new Foo<T>.Size` would be (the receiver: `new` and the type); never a bare name of the enclosing class
; (langs/csharp.py settle_references drops that reading)
(object_creation_expression "new" @receiver type: (_) @receiver
  initializer: (initializer_expression (assignment_expression left: (identifier) @name))) @reference.attribute

; typed variables: parameters, locals, fields, properties, foreach, catch, patterns, using (x.M() then resolves
; on x's class; see parse.py @var.name)
[(parameter type: (_) @var.type name: (identifier) @var.name)
 (catch_declaration type: (_) @var.type name: (identifier) @var.name)
 (foreach_statement type: (_) @var.type left: (identifier) @var.name)
 (declaration_pattern type: (_) @var.type name: (identifier) @var.name)
 (property_declaration type: (_) @var.type name: (identifier) @var.name)]
(variable_declaration type: (_) @var.type (variable_declarator name: (identifier) @var.name))
(variable_declaration type: (implicit_type) (variable_declarator name: (identifier) @var.name
  . "=" . (object_creation_expression) @var.type))
; var breaker = Policy.Handle<E>().CircuitBreaker(..): what the call returns (its declared return type)
; (a factory's type argument, below, says more)
; (awaited: the call itself, its Task<T> transparent, so that an element accessor's call is read as one)
((variable_declaration type: (implicit_type) (variable_declarator name: (identifier) @var.name
  . "=" . [(invocation_expression function: (_) @_callee) @var.value
            (await_expression (invocation_expression function: (_) @_callee) @var.value)]))
  (#not-match? @_callee "[.](GetRequiredService|GetService|GetInstance|Resolve|GetRequiredKeyedService|GetKeyedService)<"))
; var h = (Handler<T>)x; var h = x as Handler; var m = provider.GetRequiredService<IMediator>(): the type stated
(variable_declaration type: (implicit_type) (variable_declarator name: (identifier) @var.name
  . "=" . [(cast_expression type: (_) @var.type) (as_expression right: (_) @var.type)]))
((variable_declaration type: (implicit_type) (variable_declarator name: (identifier) @var.name
  . "=" . (invocation_expression function: (member_access_expression
    name: (generic_name (identifier) @_factory (type_argument_list . (_) @var.type .))))))
  (#match? @_factory "^(GetRequiredService|GetService|GetInstance|Resolve|GetRequiredKeyedService|GetKeyedService)$"))  ; langs/csharp.py FACTORIES

; parameters and local variables (lambda, catch, foreach, out var, pattern ones too): a bare name read in their
; scope is that variable, never a same-named field (see parse.py @local.name); a field is none (`static readonly Fmt
; Fmt = new(..)` builds the class Fmt)
[(parameter name: (identifier) @local.name)
 (catch_declaration name: (identifier) @local.name)
 (foreach_statement left: (identifier) @local.name)
 (local_declaration_statement (variable_declaration (variable_declarator name: (identifier) @local.name)))
 (for_statement (variable_declaration (variable_declarator name: (identifier) @local.name)))
 (using_statement (variable_declaration (variable_declarator name: (identifier) @local.name)))
 (fixed_statement (variable_declaration (variable_declarator name: (identifier) @local.name)))
 (declaration_pattern name: (identifier) @local.name)
 (declaration_expression name: (identifier) @local.name)
 (lambda_expression parameters: (implicit_parameter) @local.name)]
; a method's, constructor's or local function's own parameters by place (see parse.py @parameter.name): All(Func<T,
; bool> predicate) { predicate(x) } calls what All's callers pass; never an extension's `this` (list.All(IsOk): IsOk
; is #0)
([(method_declaration parameters: (parameter_list (parameter name: (identifier) @parameter.name) @_p))
  (constructor_declaration parameters: (parameter_list (parameter name: (identifier) @parameter.name) @_p))
  (local_function_statement parameters: (parameter_list (parameter name: (identifier) @parameter.name) @_p))]
 (#not-match? @_p "^this\\s"))

; a bare name read or assigned as a value (count, _items): a field or property of the class, of a base or of an
; enclosing class; a ``read`` reference, dropped where a parameter or local variable binds it
; (one pattern per predicate: a predicate inside an alternation holds for every branch of it)
((argument (identifier) @name) @reference.read (#match? @name "^[a-z_]"))
((assignment_expression right: (identifier) @name) @reference.read (#match? @name "^[a-z_]"))
((variable_declarator "=" . (identifier) @name) @reference.read (#match? @name "^[a-z_]"))
[(binary_expression left: (identifier) @name)
 (binary_expression right: (identifier) @name)
 (assignment_expression left: (identifier) @name)
 (return_statement (identifier) @name)
 (prefix_unary_expression (identifier) @name)
 (postfix_unary_expression (identifier) @name)
 (parenthesized_expression (identifier) @name)
 (conditional_expression (identifier) @name)
 (element_access_expression expression: (identifier) @name)
 (initializer_expression (identifier) @name)
 (arrow_expression_clause (identifier) @name)
 (interpolation (identifier) @name)
 (throw_statement (identifier) @name)
 (foreach_statement right: (identifier) @name)
 (lock_statement (identifier) @name)] @reference.read

; lambdas: each a scope of its own parameters (o in one lambda is not the o of another; see parse.py
; @scope.callback); the references in it stay the enclosing definition's
(lambda_expression) @scope.callback
; what a method declares it gives the lambdas passed to it (see parse.py @signature.type): Action<T>, Func<T, R>,
; Predicate<T>: the i-th type argument is the i-th parameter's (Func's last, its result, has no parameter);
; Expression<Func<T, R>> alike; a parameter typed by a name may be a delegate of the repository's, whose parameters
; are then given (the delegate's own @signature.type below)
((parameter type: (generic_name (identifier) @_delegate (type_argument_list (_) @signature.type))) @signature.outer
  (#match? @_delegate "^(Action|Func|Predicate)$"))
((parameter type: (generic_name (identifier) @_expression (type_argument_list . (generic_name (identifier) @_delegate
  (type_argument_list (_) @signature.type)) .))) @signature.outer
  (#eq? @_expression "Expression") (#match? @_delegate "^(Action|Func)$"))
((parameter type: [(identifier) (generic_name (identifier) @_named)] @signature.named) @signature.outer
  (#not-match? @_named "^(Action|Func|Predicate|Expression)$"))
(delegate_declaration parameters: (parameter_list (parameter type: (_) @signature.type) @signature.slot))
; a generic type's type parameters by place (`<j` signatures, parse.py @signature.parameter): how many it has tells
; `class Builder<TResult>` from `class Builder` of one namespace, two types (resolve.py _type_parameter_count)
[(class_declaration (type_parameter_list (type_parameter (identifier) @signature.parameter) @signature.slot))
 (struct_declaration (type_parameter_list (type_parameter (identifier) @signature.parameter) @signature.slot))
 (record_declaration (type_parameter_list (type_parameter (identifier) @signature.parameter) @signature.slot))
 (interface_declaration type_parameters: (type_parameter_list (type_parameter (identifier) @signature.parameter) @signature.slot))]
; ...and a method's own (`NoOp<TResult>()` beside `NoOp()` in another part of a partial class): a call writing type
; arguments reaches the overload declaring as many (resolve.py _by_method_type_parameters)
(method_declaration type_parameters: (type_parameter_list (type_parameter (identifier) @signature.parameter) @signature.slot))
; ...and one a parameter's type names (T v, T? v, T[] vs, IProvider<T> p, Func<Task<T>> f): a call writing no type
; arguments may infer it; one no parameter names (Timeout<TResult>(int seconds)) it must write (langs/csharp.py
; INFERRED_FORM, resolve.py _inferred_from_nothing)
((method_declaration type_parameters: (type_parameter_list (type_parameter (identifier) @_tp))
  parameters: (parameter_list (parameter type: [
    (identifier) @name
    (nullable_type type: (identifier) @name)
    (array_type type: [(identifier) @name
      (generic_name (type_argument_list [(identifier) @name (nullable_type type: (identifier) @name)]))])
    (generic_name (type_argument_list [(identifier) @name (nullable_type type: (identifier) @name)
      (array_type type: (identifier) @name)
      (generic_name (type_argument_list [(identifier) @name (nullable_type type: (identifier) @name)]))]))])))
  @reference.type.inferred (#eq? @name @_tp))
; the one type argument a class's base class writes (parse.py @signature.base): class V : AbstractValidator<Order>
; passes it to its base's methods taking Func<T, ..> (RuleFor(x => x.Name), resolve.py _base_argument_class)
([(class_declaration (base_list . [(generic_name (type_argument_list . (_) @signature.base .))
                                    (qualified_name name: (generic_name (type_argument_list . (_) @signature.base .)))]))
  (record_declaration (base_list . [(generic_name (type_argument_list . (_) @signature.base .))
                                     (qualified_name name: (generic_name (type_argument_list . (_) @signature.base .)))
                                     (primary_constructor_base_type type: (generic_name (type_argument_list
                                       . (_) @signature.base .)))]))])
; a lambda passed to a method: its untyped parameters take what that method declares (see parse.py @passed.name):
; board.Each(o => ..), services.AddShop(cfg => ..), board.Pair((o, p) => ..); an async one alike (board.Later(async o =>
; ..): its `async` modifier stands before the parameter)
(invocation_expression function: [(identifier) (member_access_expression name: (identifier))] @passed.callee
  arguments: (argument_list (argument (lambda_expression parameters: (implicit_parameter) @passed.name)) @passed.fn))
(invocation_expression function: [(identifier) (member_access_expression name: (identifier))] @passed.callee
  arguments: (argument_list (argument (lambda_expression parameters: (parameter_list
    (parameter !type name: (identifier) @passed.name) @passed.slot))) @passed.fn))
; a lambda given to a constructor: new Setup(cfg => ..) (a plain or qualified type: a generic one's twin is not
; told here), or target-typed new(cfg => ..) where a local, field, property or method's result states the type
; (AutoMapper's MapperConfiguration config = new(cfg => ..), CreateConfiguration() => new(cfg => ..)); the class's
; constructors declare what it gives (resolve.py Resolver._passed_class, NAMED_CONSTRUCTORS)
(object_creation_expression type: [(identifier) (qualified_name)] @passed.callee
  arguments: (argument_list (argument (lambda_expression parameters: (implicit_parameter) @passed.name)) @passed.fn))
(object_creation_expression type: [(identifier) (qualified_name)] @passed.callee
  arguments: (argument_list (argument (lambda_expression parameters: (parameter_list
    (parameter !type name: (identifier) @passed.name) @passed.slot))) @passed.fn))
([(variable_declaration type: (identifier) @passed.callee
    (variable_declarator (implicit_object_creation_expression (argument_list (argument (lambda_expression
      parameters: (implicit_parameter) @passed.name)) @passed.fn))))
  (method_declaration returns: (identifier) @passed.callee
    body: (arrow_expression_clause (implicit_object_creation_expression (argument_list (argument
      (lambda_expression parameters: (implicit_parameter) @passed.name)) @passed.fn))))
  (property_declaration type: (identifier) @passed.callee
    value: [(implicit_object_creation_expression (argument_list (argument (lambda_expression
              parameters: (implicit_parameter) @passed.name)) @passed.fn))
            (arrow_expression_clause (implicit_object_creation_expression (argument_list (argument
              (lambda_expression parameters: (implicit_parameter) @passed.name)) @passed.fn)))])])
; a lambda a collection initializer of a generic type of one argument holds: its parameter is the object built
; (FluentValidation's new InlineValidator<Person> { v => v.RuleFor(x => x.Name) }: Add(Func<InlineValidator<T>, ..>)
; calls it with the validator), whose one type argument its lambdas' own lambdas take (resolve.py
; _receiver_argument_class)
(object_creation_expression type: (generic_name (type_argument_list . (identifier) .)) @var.type
  initializer: (initializer_expression (lambda_expression parameters: (implicit_parameter) @var.name)))
; a lambda a variable or field of a delegate type holds: its i-th parameter is the delegate's i-th type argument
; (Func<Order, bool> isOpen = o => o.IsOpen(); Action<Order, Parcel> ship = (o, p) => ..)
((variable_declaration type: (generic_name (identifier) @_delegate (type_argument_list . (_) @var.type))
  (variable_declarator (lambda_expression parameters: (implicit_parameter) @var.name)))
  (#match? @_delegate "^(Action|Func|Predicate)$"))
((variable_declaration type: (generic_name (identifier) @_delegate (type_argument_list . (_) @var.type))
  (variable_declarator (lambda_expression parameters: (parameter_list . (parameter !type name: (identifier) @var.name)))))
  (#match? @_delegate "^(Action|Func|Predicate)$"))
((variable_declaration type: (generic_name (identifier) @_delegate (type_argument_list . (_) . (_) @var.type))
  (variable_declarator (lambda_expression parameters: (parameter_list . (parameter)
    . (parameter !type name: (identifier) @var.name)))))
  (#match? @_delegate "^(Action|Func)$"))
((variable_declaration type: (generic_name (identifier) @_delegate (type_argument_list . (_) . (_) . (_) @var.type))
  (variable_declarator (lambda_expression parameters: (parameter_list . (parameter) . (parameter)
    . (parameter !type name: (identifier) @var.name)))))
  (#match? @_delegate "^(Action|Func)$"))
; a lambda added to a collection of delegates, or stored where a delegate is declared (the declaration elsewhere in
; the file: a field, property, parameter or local, see parse.py DELEGATE_GIVES): List<Action<TypeMap>> actions;
; actions.Add(tm => tm.Seal()); Dictionary<string, Func<Ctx, Result>> handlers; handlers[k] = c => c.Run();
; handlers.Add(k, c => ..); Func<Foo, object> key; key = f => f.Bar() (a library's collection: its Add declares
; only a T, which the declaration states)
((invocation_expression function: (member_access_expression
    expression: [(identifier) (member_access_expression expression: "this" name: (identifier))] @var.delegates
    name: (identifier) @_add)
  arguments: (argument_list (argument (lambda_expression parameters: [(implicit_parameter) @var.name
    (parameter_list (parameter !type name: (identifier) @var.name) @var.slot)])) .))
  (#match? @_add "^(Add|TryAdd|Insert|Enqueue|Push|GetOrAdd)$"))
(assignment_expression
  left: (element_access_expression expression: [(identifier) (member_access_expression expression: "this"
                                                                                           name: (identifier))] @var.delegates)
  right: (lambda_expression parameters: [(implicit_parameter) @var.name
    (parameter_list (parameter !type name: (identifier) @var.name) @var.slot)]))
(assignment_expression
  left: [(identifier) (member_access_expression expression: "this" name: (identifier))] @var.delegate
  right: (lambda_expression parameters: [(implicit_parameter) @var.name
    (parameter_list (parameter !type name: (identifier) @var.name) @var.slot)]))
; LINQ and List<T>'s own methods over a collection of a declared type (List<Order> orders, Order[] more,
; IEnumerable<Order>): the lambda's parameter is an element (orders.Where(o => o.IsOpen())); methods whose lambda
; takes the element only (a Dictionary's is its value type here, not its KeyValuePair: kv.Key is then unresolved)
((invocation_expression function: (member_access_expression expression: [(identifier) (member_access_expression)] @var.elements
    name: (identifier) @_linq)
  arguments: (argument_list . (argument (lambda_expression parameters: [(implicit_parameter) @var.name
    (parameter_list . (parameter !type name: (identifier) @var.name))]))))
  (#match? @_linq "^(Where|Select|SelectMany|Any|All|First|FirstOrDefault|Single|SingleOrDefault|Last|LastOrDefault|Count|LongCount|OrderBy|OrderByDescending|ThenBy|ThenByDescending|GroupBy|ToDictionary|ToLookup|Sum|Max|Min|Average|MaxBy|MinBy|DistinctBy|TakeWhile|SkipWhile|ForEach|Exists|Find|FindAll|FindIndex|FindLast|RemoveAll|TrueForAll)$"))
; ...over what a call gives (Pending().Where(o => ..): the elements its declared return states, IEnumerable<Order>);
; a generic call's (GetServices<IFoo>()) is left alone: a library's value would make the lambda's calls external
((invocation_expression function: (member_access_expression
    expression: (invocation_expression
      function: [(identifier) @_called (member_access_expression name: (identifier) @_called)]) @var.elements
    name: (identifier) @_linq)
  arguments: (argument_list . (argument (lambda_expression parameters: [(implicit_parameter) @var.name
    (parameter_list . (parameter !type name: (identifier) @var.name))]))))
  (#not-match? @_called "^(Where|OrderBy|OrderByDescending|ThenBy|ThenByDescending|Skip|Take|SkipWhile|TakeWhile|Distinct|DistinctBy|Reverse|ToList|ToArray|ToHashSet|AsEnumerable|AsReadOnly|Append|Prepend)$")
  (#match? @_linq "^(Where|Select|SelectMany|Any|All|First|FirstOrDefault|Single|SingleOrDefault|Last|LastOrDefault|Count|LongCount|OrderBy|OrderByDescending|ThenBy|ThenByDescending|GroupBy|ToDictionary|ToLookup|Sum|Max|Min|Average|MaxBy|MinBy|DistinctBy|TakeWhile|SkipWhile|ForEach|Exists|Find|FindAll|FindIndex|FindLast|RemoveAll|TrueForAll)$"))
; ...after steps that keep the elements (orders.Where(o => o.Paid).Select(o => o.Ship()), orders.ToList().ForEach(..)):
; the lambda's parameter is an element of the collection the chain starts from (one or two such steps)
((invocation_expression function: (member_access_expression
    expression: (invocation_expression function: (member_access_expression
      expression: [(identifier) (member_access_expression)] @var.elements name: (identifier) @_kept))
    name: (identifier) @_linq)
  arguments: (argument_list . (argument (lambda_expression parameters: [(implicit_parameter) @var.name
    (parameter_list . (parameter !type name: (identifier) @var.name))]))))
  (#match? @_kept "^(Where|OrderBy|OrderByDescending|ThenBy|ThenByDescending|Skip|Take|SkipWhile|TakeWhile|Distinct|DistinctBy|Reverse|ToList|ToArray|ToHashSet|AsEnumerable|AsReadOnly|Append|Prepend)$")
  (#match? @_linq "^(Where|Select|SelectMany|Any|All|First|FirstOrDefault|Single|SingleOrDefault|Last|LastOrDefault|Count|LongCount|OrderBy|OrderByDescending|ThenBy|ThenByDescending|GroupBy|ToDictionary|ToLookup|Sum|Max|Min|Average|MaxBy|MinBy|DistinctBy|TakeWhile|SkipWhile|ForEach|Exists|Find|FindAll|FindIndex|FindLast|RemoveAll|TrueForAll)$"))
((invocation_expression function: (member_access_expression
    expression: (invocation_expression function: (member_access_expression
      expression: (invocation_expression function: (member_access_expression
        expression: [(identifier) (member_access_expression)] @var.elements name: (identifier) @_kept))
      name: (identifier) @_kept2))
    name: (identifier) @_linq)
  arguments: (argument_list . (argument (lambda_expression parameters: [(implicit_parameter) @var.name
    (parameter_list . (parameter !type name: (identifier) @var.name))]))))
  (#match? @_kept "^(Where|OrderBy|OrderByDescending|ThenBy|ThenByDescending|Skip|Take|SkipWhile|TakeWhile|Distinct|DistinctBy|Reverse|ToList|ToArray|ToHashSet|AsEnumerable|AsReadOnly|Append|Prepend)$")
  (#match? @_kept2 "^(Where|OrderBy|OrderByDescending|ThenBy|ThenByDescending|Skip|Take|SkipWhile|TakeWhile|Distinct|DistinctBy|Reverse|ToList|ToArray|ToHashSet|AsEnumerable|AsReadOnly|Append|Prepend)$")
  (#match? @_linq "^(Where|Select|SelectMany|Any|All|First|FirstOrDefault|Single|SingleOrDefault|Last|LastOrDefault|Count|LongCount|OrderBy|OrderByDescending|ThenBy|ThenByDescending|GroupBy|ToDictionary|ToLookup|Sum|Max|Min|Average|MaxBy|MinBy|DistinctBy|TakeWhile|SkipWhile|ForEach|Exists|Find|FindAll|FindIndex|FindLast|RemoveAll|TrueForAll)$"))
; foreach (var o in orders): o is an element of orders (List<Order>, IEnumerable<Order>, Order[]: as it is declared),
; of a call's declared return (foreach (var o in Pending())), or of the collection before a step that keeps them
((foreach_statement type: (implicit_type) left: (identifier) @var.name
  right: [(identifier) (member_access_expression)
          (invocation_expression function: [(identifier) @_called (member_access_expression name: (identifier) @_called)])]
  @var.elements)
  (#not-match? @_called "^(Where|OrderBy|OrderByDescending|ThenBy|ThenByDescending|Skip|Take|SkipWhile|TakeWhile|Distinct|DistinctBy|Reverse|ToList|ToArray|ToHashSet|AsEnumerable|AsReadOnly|Append|Prepend)$"))
