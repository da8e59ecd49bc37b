; Java: classes, interfaces, enums, records, methods; call sites, method references, extends/implements, imports,
; the package clause. Capture names follow the convention documented in extractors/structure/parse.py.

(package_declaration [(identifier) (scoped_identifier)] @package.name)

; definitions (public ones exported)
(class_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(record_declaration name: (identifier) @name) @definition.class
(annotation_type_declaration name: (identifier) @name) @definition.interface
(method_declaration name: (identifier) @name) @definition.function
(class_declaration (modifiers "public") name: (identifier) @name) @definition.class @exported
(interface_declaration (modifiers "public") name: (identifier) @name) @definition.interface @exported
(enum_declaration (modifiers "public") name: (identifier) @name) @definition.enum @exported
(record_declaration (modifiers "public") name: (identifier) @name) @definition.class @exported
(method_declaration (modifiers "public") name: (identifier) @name) @definition.function @exported
; constructors: methods named as their class (langs/java.py NAMED_CONSTRUCTORS): new Foo(a, b) runs those taking two
(constructor_declaration name: (identifier) @name) @definition.function
(constructor_declaration (modifiers "public") name: (identifier) @name) @definition.function @exported
(interface_body (method_declaration name: (identifier) @name) @definition.function @exported)
; fields (of `int a, b;` the first): their declared types type a chain (pair.strategy.parse(), from another class);
; the definition spans the type only: what the initializer calls or builds (an anonymous class) stays the class's
(field_declaration type: (_) @definition.field . declarator: (variable_declarator name: (identifier) @name))
(field_declaration (modifiers "public") type: (_) @definition.field @exported . declarator: (variable_declarator name: (identifier) @name))
; an interface's constants (implicitly public static final): `ClockSource CLOCK = Factory.create();` in `interface
; ClockSource` is a field whose type types `CLOCK.toMillis0(t)` (a `constant_declaration`, not a `field_declaration`)
(constant_declaration type: (_) @definition.field @exported . declarator: (variable_declarator name: (identifier) @name))
; enum constants: public fields of their enum, each a value of it (langs/java.py settle_references): a call on
; one, Feature.X.enabledIn(), is the enum's method; the definition spans the name (a constant's body is the enum's)
(enum_constant name: (identifier) @name @definition.field @exported)
(enum_declaration name: (identifier) @receiver
  body: (enum_body (enum_constant name: (identifier) @name) @reference.enum_constant))
; anonymous classes: new Base<T>(...) { ... } is a class of its own, <anonymous Base>, extending Base
; (new Outer.Inner<K>() { .. } too: a nested generic type)
(object_creation_expression type: [(type_identifier) @name (generic_type (type_identifier) @name)
  (scoped_type_identifier (type_identifier) @name .) (generic_type (scoped_type_identifier (type_identifier) @name .))]
  (class_body) @definition.class @anonymous)
; annotation elements: methods of their annotation type (public), read by the code handling the annotation
; (((GET) annotation).value(), a reflective getAnnotation(..)'s); the annotation's arguments set them, each a use of
; its element: @Headers(value = {..}), and the one written without a name its value (@GET("users"): see
; langs/java.py settle_references)
(annotation_type_element_declaration name: (identifier) @name) @definition.function @exported
(annotation name: [(identifier) @receiver (scoped_identifier) @receiver]
  arguments: (annotation_argument_list (element_value_pair key: (identifier) @name))) @reference.element_pair
(annotation name: [(identifier) @name (scoped_identifier name: (identifier) @name)]
  arguments: (annotation_argument_list . (_) @element.unnamed
                                        (#not-match? @element.unnamed "^[A-Za-z_$][A-Za-z0-9_$]*\\s*=[^=]"))) @reference.element_value
; reflection: Foo.class.getDeclaredMethod("m", ..) looks up Foo's m by its name, to invoke it: a use of it (its
; argument count is not m's); c.getMethod("runTests") on another Class value: the name written, resolved nowhere
; (dead_code then says so); see langs/java.py settle_references
(method_invocation object: (class_literal [(type_identifier) (scoped_type_identifier)] @receiver)
  name: (identifier) @lookup.method (#match? @lookup.method "^get(Declared)?Method$")
  arguments: (argument_list . (string_literal (string_fragment) @name))) @reference.reflected
(method_invocation object: (_) @lookup.object (#not-match? @lookup.object "\\.class$")
  name: (identifier) @lookup.method (#match? @lookup.method "^get(Declared)?Method$")
  arguments: (argument_list . (string_literal (string_fragment) @name))) @reference.reflected_name
; a class named by its qualified name in a string (``Class.forName("a.b.AndroidComponentsImpl")``, a constant holding
; the name, a ServiceLoader's or a framework's configuration): the class is instantiated by reflection, a use of it
; (parse.py keeps the strings written as a dotted path, resolve.py _dotted_path those naming a class of ours)
(string_literal (string_fragment) @name) @reference.dotted_path
; JUnit 5's @MethodSource("cases") (or {"a", "b"}) names the methods of the test's class giving its arguments: the
; test uses them (read as reflected: a bare call of that name, whatever it takes); "pkg.Other#cases" a static method
; of another class (langs/java.py settle_references splits it at the #: Other's cases)
(annotation name: (identifier) @_source (#eq? @_source "MethodSource")
  arguments: (annotation_argument_list [(string_literal (string_fragment) @name)
    (element_value_array_initializer (string_literal (string_fragment) @name))])
  (#match? @name "^([A-Za-z_$][A-Za-z0-9_$.]*#)?[A-Za-z_$][A-Za-z0-9_$]*$")) @reference.reflected
; <T> T fromJson(String s, Class<T> c): a call gives what its argument there names (fromJson(s, Foo.class): a Foo);
; the return type is marked (langs/java.py settle_references, argument_class)
(method_declaration type_parameters: (type_parameters (type_parameter . (type_identifier) @_param))
  type: (type_identifier) @name
  parameters: (formal_parameters (formal_parameter type: (generic_type (type_identifier) @_class
    (type_arguments . (type_identifier) @_argument .))))
  (#eq? @_class "Class") (#eq? @name @_param) (#eq? @_argument @_param)) @reference.class_argument
; annotations: @GetMapping, @Test, @Bean... register the definition with a framework (entry points)
(method_declaration (modifiers [(marker_annotation name: (_) @decorator) (annotation name: (_) @decorator)])
  name: (identifier) @name) @definition.function
(class_declaration (modifiers [(marker_annotation name: (_) @decorator) (annotation name: (_) @decorator)])
  name: (identifier) @name) @definition.class

; calls: f(), obj.f(), new Foo(), new Foo().f(), this.f(), super.f()
(method_invocation !object name: (identifier) @name) @reference.call
(method_invocation object: (_) @receiver name: (identifier) @name) @reference.call
; outer.new Inner(..): an inner class built through an object of its enclosing class, that object's member class
(object_creation_expression . (_) @receiver . type: (type_identifier) @name) @reference.call
(object_creation_expression type: (type_identifier) @name) @reference.call
(object_creation_expression type: (generic_type (type_identifier) @name)) @reference.call
(object_creation_expression type: [(scoped_type_identifier (_) @receiver (type_identifier) @name)
  (generic_type (scoped_type_identifier (_) @receiver (type_identifier) @name .))]) @reference.call
; a constructor's this(..) runs a constructor of its class, super(..) one of its base class (named as the class:
; resolved as new Foo(..) is, the argument count picking the constructor)
(constructor_declaration name: (identifier) @name
  body: (constructor_body (explicit_constructor_invocation constructor: (this)) @reference.call))
(class_declaration (superclass [(type_identifier) @name (generic_type . (type_identifier) @name)
                                 (scoped_type_identifier (_) @receiver (type_identifier) @name .)
                                 (generic_type (scoped_type_identifier (_) @receiver (type_identifier) @name .))])
  body: (class_body (constructor_declaration
    body: (constructor_body (explicit_constructor_invocation constructor: (super)) @reference.call))))
; an enum constant with arguments, RED(255, 0, 0), runs the enum's constructor its count fits; one with a body,
; PLUS("+") { .. }, is an anonymous subclass of the enum, <anonymous Op>, whose methods override the enum's
(enum_declaration name: (identifier) @name
  body: (enum_body (enum_constant arguments: (argument_list)) @reference.call))
(enum_declaration name: (identifier) @name body: (enum_body (enum_constant body: (class_body) @definition.class @anonymous)))
(enum_declaration name: (identifier) @name body: (enum_body (enum_constant body: (class_body) @reference.inherits)))
; a record's compact constructor, record P(int x) { P { .. } }, is its canonical one: its components are its parameters
(compact_constructor_declaration name: (identifier) @name) @definition.function
; its components are public fields (read by their accessor, p.x(): resolve.py's member look-up finds the field)
(record_declaration parameters: (formal_parameters (formal_parameter type: (_) @definition.field @exported name: (identifier) @name)))

; method references passed as values: list.forEach(this::check), map(Store::price)
(method_reference . (_) @receiver . (identifier) @name .) @reference.callback
; constructor references: map(Matcher::new) builds a Matcher, as `new Matcher(..)` does (its constructors are called)
(method_reference . [(identifier) @name (generic_type (type_identifier) @name)] . "new" .) @reference.call
(method_reference . (field_access object: (_) @receiver field: (identifier) @name) . "new" .) @reference.call

; inheritance: extends / implements / interface extends
(object_creation_expression type: [(type_identifier) @name (generic_type (type_identifier) @name)]
  (class_body) @reference.inherits)
(object_creation_expression type: [(scoped_type_identifier (_) @receiver (type_identifier) @name .)
  (generic_type (scoped_type_identifier (_) @receiver (type_identifier) @name .))] (class_body) @reference.inherits)
(superclass (type_identifier) @name @reference.inherits)
(superclass (generic_type (type_identifier) @name) @reference.inherits)
(super_interfaces (type_list (type_identifier) @name @reference.inherits))
(super_interfaces (type_list (generic_type (type_identifier) @name) @reference.inherits))
(extends_interfaces (type_list (type_identifier) @name @reference.inherits))
(extends_interfaces (type_list (generic_type (type_identifier) @name) @reference.inherits))
; a class deriving a library's container (class Elements extends ArrayList<Element>, implements Iterable<Token>):
; what its get(i) and a loop over it give (parse.py ITEMS_KIND; a mapping's value, @_mapped: HashMap<String, Prop>);
; captured on the class, whose base's argument stays a reference of its own
(class_declaration (super_interfaces (type_list (generic_type . (type_identifier) @_container
                                                   (type_arguments . (type_identifier) @name .))))
  (#match? @_container "^(List|Set|SortedSet|NavigableSet|Collection|Queue|Deque|Iterable|Iterator|ListIterator)$"))
  @reference.type.items
; a base of one type argument, ours or a library's (Elements extends Nodes<Element>, where Nodes<T> extends
; ArrayList<T>; ThreadLocal<Parser>, AtomicReference<Node>): its get() gives that argument, where the class and its
; bases of ours hold no get (resolve.py _element_given: a library's base may)
(class_declaration superclass: (superclass (generic_type . (type_identifier)
                                             (type_arguments . (type_identifier) @name .))))
  @reference.type.items
(class_declaration superclass: (superclass (generic_type . (type_identifier) @_mapped
                                             (type_arguments (_) . (type_identifier) @name .)))
  (#match? @_mapped "^(HashMap|LinkedHashMap|TreeMap|ConcurrentHashMap|EnumMap|WeakHashMap|IdentityHashMap|Hashtable|AbstractMap)$")) @reference.type.items
; a nested or qualified base: implements AuthenticationHandler.AuthShim, extends a.b.Base<T>
[(superclass [(scoped_type_identifier (_) @receiver (type_identifier) @name .)
              (generic_type (scoped_type_identifier (_) @receiver (type_identifier) @name .))] @reference.inherits)
 (super_interfaces (type_list [(scoped_type_identifier (_) @receiver (type_identifier) @name .)
              (generic_type (scoped_type_identifier (_) @receiver (type_identifier) @name .))] @reference.inherits))
 (extends_interfaces (type_list [(scoped_type_identifier (_) @receiver (type_identifier) @name .)
              (generic_type (scoped_type_identifier (_) @receiver (type_identifier) @name .))] @reference.inherits))]

; imports: import a.b.C; / import a.b.*; / import static a.b.C.m;
(import_declaration (scoped_identifier) @import.module . ";") @import
(import_declaration (scoped_identifier) @import.module (asterisk) @import.wildcard) @import

; type parameters (class Box<T>, <P extends Part> Engine fit(P p)), with their bound as the receiver: a type named
; after one is what it stands for (langs/java.py settle_references)
(type_parameter . (type_identifier) @name) @reference.type_parameter
(type_parameter . (type_identifier) @name (type_bound . (_) @receiver)) @reference.type_parameter
; a method's own type parameters (<T> T first(List<T> xs)) hold from its start (@reference.method_type_scope)
; to its body's closing brace or its closing semicolon (@reference.method_type_scope_end): another method's T is
; another type
(method_declaration type_parameters: (type_parameters (type_parameter . (type_identifier) @name)))
  @reference.method_type_scope
(method_declaration type_parameters: (type_parameters (type_parameter . (type_identifier) @name))
  body: (block "}" @reference.method_type_scope_end .))
(method_declaration type_parameters: (type_parameters (type_parameter . (type_identifier) @name))
  ";" @reference.method_type_scope_end .)
; a class's own type bounding its parameter (Factory<B extends Factory<B>>): B is the class of the object at hand
(class_declaration name: (identifier) @_owner type_parameters: (type_parameters (type_parameter . (type_identifier) @name
  (type_bound . (generic_type . [(type_identifier) (scoped_type_identifier (type_identifier) .)] @_head))))
  (#eq? @_owner @_head)) @reference.self_parameter
(interface_declaration name: (identifier) @_owner type_parameters: (type_parameters (type_parameter . (type_identifier) @name
  (type_bound . (generic_type . [(type_identifier) (scoped_type_identifier (type_identifier) .)] @_head))))
  (#eq? @_owner @_head)) @reference.self_parameter

; types named in signatures, fields, variables, generic arguments, casts; annotations (see parse.py @reference.type)
; a class read for its static members: Scope.EMPTY
(field_access object: (identifier) @name (#match? @name "^[A-Z]")) @reference.type.value
; a field read or written (this.stream, pair.stream): a ``reads`` edge where the object's class is known
(field_access object: [(identifier) (this) (field_access)] @receiver field: (identifier) @name) @reference.attribute
((type_identifier) @name @reference.type (#not-eq? @name "var"))
(scoped_type_identifier . (_) @receiver (type_identifier) @name .) @reference.type
(marker_annotation name: (identifier) @name) @reference.type.annotation
(annotation name: (identifier) @name) @reference.type.annotation
; a qualified one (@retrofit2.internal.EverythingIsNonNull, on a package-info.java's package too)
(marker_annotation name: (scoped_identifier scope: (_) @receiver name: (identifier) @name)) @reference.type.annotation
(annotation name: (scoped_identifier scope: (_) @receiver name: (identifier) @name)) @reference.type.annotation

; typed variables: parameters, locals and fields (x.f() then resolves on x's class; see parse.py @var.name)
; try (JsonParser p = ...) and catch (IOException | E e) too: p.next(), e.getMessage() are those types' methods
[(formal_parameter type: (_) @var.type name: (identifier) @var.name)
 (resource type: (_) @var.type name: (identifier) @var.name)
 (catch_formal_parameter (catch_type) @var.type name: (identifier) @var.name)
 (enhanced_for_statement type: (_) @var.type name: (identifier) @var.name)]
(local_variable_declaration type: (_) @var.type declarator: (variable_declarator name: (identifier) @var.name))
; (var x = new Foo(): a Foo; never outer.new Inner(): an Inner of outer's class, not the Inner the file sees)
(local_variable_declaration declarator: (variable_declarator name: (identifier) @var.name
  value: (object_creation_expression . [(type_identifier) (generic_type) (scoped_type_identifier)]) @var.type))
; var now = Instant.now(), var users = userRepository.findAll(): a local declared ``var`` states no type; it holds
; what the call gives (a library's: its calls are the library's, never unresolved)
; needs: var
(local_variable_declaration type: (type_identifier) @_var declarator: (variable_declarator name: (identifier) @var.name
  value: (method_invocation) @var.value) (#eq? @_var "var"))
; x instanceof Pigeon p: p is a Pigeon
(instanceof_expression right: (_) @var.type name: (identifier) @var.name)
; var p = (Pigeon) carrier: the cast's type
(local_variable_declaration declarator: (variable_declarator name: (identifier) @var.name
  value: (cast_expression type: (_) @var.type)))
(field_declaration type: (_) @var.type declarator: (variable_declarator name: (identifier) @var.name))
(constant_declaration type: (_) @var.type declarator: (variable_declarator name: (identifier) @var.name))

; parameters and local variables (lambda, catch, for, try, pattern ones too): a bare name read in their scope is
; that variable, never a same-named field (see parse.py @local.name)
[(formal_parameter name: (identifier) @local.name)
 (spread_parameter (variable_declarator name: (identifier) @local.name))
 (catch_formal_parameter name: (identifier) @local.name)
 (local_variable_declaration declarator: (variable_declarator name: (identifier) @local.name))
 (resource name: (identifier) @local.name)
 (enhanced_for_statement name: (identifier) @local.name)
 (lambda_expression parameters: (identifier) @local.name)
 (inferred_parameters (identifier) @local.name)
 (instanceof_expression name: (identifier) @local.name)
 (type_pattern (identifier) @local.name)]

; case RED: in switch (color): the constant of the subject's type, as color.RED reads it (langs/java.py)
(switch_expression condition: (parenthesized_expression (_) @receiver)
  body: (switch_block [(switch_block_statement_group (switch_label (identifier) @name))
                       (switch_rule (switch_label (identifier) @name))])) @reference.case_label

; a bare name read or assigned as a value (count, CONSTANT): a field of the class, of a base or of an enclosing
; class, or a statically imported one; a ``read`` reference, dropped where a parameter or local variable binds it
[(argument_list (identifier) @name)
 (binary_expression left: (identifier) @name)
 (binary_expression right: (identifier) @name)
 (assignment_expression left: (identifier) @name)
 (assignment_expression right: (identifier) @name)
 (variable_declarator value: (identifier) @name)
 (return_statement (identifier) @name)
 (unary_expression operand: (identifier) @name)
 (update_expression (identifier) @name)
 (parenthesized_expression (identifier) @name)
 (ternary_expression condition: (identifier) @name)
 (ternary_expression consequence: (identifier) @name)
 (ternary_expression alternative: (identifier) @name)
 (array_access array: (identifier) @name)
 (array_access index: (identifier) @name)
 (array_initializer (identifier) @name)
 (dimensions_expr (identifier) @name)
 (cast_expression value: (identifier) @name)
 (instanceof_expression left: (identifier) @name)
 (lambda_expression body: (identifier) @name)
 (enhanced_for_statement value: (identifier) @name)
 (throw_statement (identifier) @name)
 (assert_statement (identifier) @name)
 (yield_statement (identifier) @name)
 (switch_label (identifier) @name)
 (element_value_pair value: (identifier) @name)
 (annotation_argument_list (identifier) @name)
 (element_value_array_initializer (identifier) @name)] @reference.read

; Function<Book, String> f = b -> b.title(), BiFunction<Magazine, Book, String> g = (m, b) -> ...: a local lambda's
; parameters are the declared functional type's arguments, in order (a field's are not: its lambda's names would be
; the whole class's)
(local_variable_declaration type: (generic_type (type_arguments . (_) @var.type))
  declarator: (variable_declarator value: (lambda_expression parameters: [(identifier) @var.name
                                                                          (inferred_parameters . (identifier) @var.name)])))
(local_variable_declaration type: (generic_type (type_arguments . (_) . (_) @var.type))
  declarator: (variable_declarator value: (lambda_expression parameters: (inferred_parameters . (identifier) . (identifier) @var.name))))

; books.forEach(b -> ...), books.stream().map((b) -> ...): a one-parameter lambda takes the collection's elements
(method_invocation object: (_) @var.elements name: (identifier) @_adapter
  arguments: (argument_list . (lambda_expression parameters: [(identifier) @var.name
                                                              (inferred_parameters . (identifier) @var.name .)]))
  (#any-of? @_adapter "forEach" "map" "filter" "anyMatch" "allMatch" "noneMatch" "flatMap" "removeIf" "peek"))

; void eachBook(Consumer<Book> action), eachPair(BiConsumer<A, ? super B> action): the library's functional types
; whose type arguments are, in order, what the lambda given there takes (parse.py @signature.type); of
; Function<T, R> the R is captured too, at a place no lambda parameter asks for
(formal_parameter type: (generic_type [(type_identifier) @_fi (scoped_type_identifier (type_identifier) @_fi .)]
  (type_arguments [[(type_identifier) (scoped_type_identifier) (generic_type)] @signature.type
                   (wildcard [(type_identifier) (scoped_type_identifier) (generic_type)] @signature.type) @signature.slot])
  (#any-of? @_fi "Consumer" "BiConsumer" "Function" "BiFunction" "Predicate" "BiPredicate" "UnaryOperator"
                 "ToIntFunction" "ToLongFunction" "ToDoubleFunction" "ToIntBiFunction" "ToLongBiFunction"
                 "ToDoubleBiFunction" "ObjIntConsumer" "ObjLongConsumer" "ObjDoubleConsumer"))) @signature.outer
; String reshelve(Reader reader): a parameter typed by a name, maybe the repository's functional interface, whose
; single method's parameters a lambda given there takes (resolve.py Resolver._passed_class); the interface's
; method declares its own the same way (String read(Book book))
(formal_parameter type: [(type_identifier) (scoped_type_identifier) (generic_type)] @signature.named) @signature.outer
; void each(ThrowingConsumer<Order> action): a parameter's type arguments by place (parse.py @signature.argument);
; where the repository's generic functional interface declares its method's parameter a type parameter of its own
; (interface ThrowingConsumer<T> { void accept(T t); }, @signature.parameter), a lambda given there takes the argument
(formal_parameter type: (generic_type
  (type_arguments [[(type_identifier) (scoped_type_identifier) (generic_type)] @signature.argument
                   (wildcard [(type_identifier) (scoped_type_identifier) (generic_type)] @signature.argument) @signature.slot])))
  @signature.outer
[(interface_declaration type_parameters: (type_parameters (type_parameter . (type_identifier) @signature.parameter) @signature.slot))
 (class_declaration type_parameters: (type_parameters (type_parameter . (type_identifier) @signature.parameter) @signature.slot))]
; eachBook(b -> b.title()), desk.eachPair((m, b) -> ..): a lambda's parameters take what the called method declares
; its functional parameter passes (parse.py @passed.name; the callee written object and name, first to last)
(method_invocation object: (_) @passed.callee . "." . (identifier) @passed.callee
  arguments: (argument_list (lambda_expression parameters: [(identifier) @passed.name
                                                           (inferred_parameters (identifier) @passed.name)]) @passed.fn))
(method_invocation !object name: (identifier) @passed.callee
  arguments: (argument_list (lambda_expression parameters: [(identifier) @passed.name
                                                           (inferred_parameters (identifier) @passed.name)]) @passed.fn))
; new Courier(m -> m.issue()), new Relay<>(..): as for a method, what the constructor declares its functional parameter
; at that place passes (its constructors' signatures, which must agree there: resolve.py Resolver._passed_class)
(object_creation_expression type: [(type_identifier) @passed.callee (scoped_type_identifier) @passed.callee
                                   (generic_type . [(type_identifier) (scoped_type_identifier)] @passed.callee)]
  arguments: (argument_list (lambda_expression parameters: [(identifier) @passed.name
                                                           (inferred_parameters (identifier) @passed.name)]) @passed.fn))

; a lambda's parameters are its own: bound inside it, never the enclosing method's or (in a field) the class's names
(lambda_expression) @scope.callback
; Consumer<Book> onBook = b -> ..; a method returning Function<Magazine, Integer> with return m -> ..: as a local's,
; the declared functional type's arguments, in order
(field_declaration type: (generic_type (type_arguments . (_) @var.type))
  declarator: (variable_declarator value: (lambda_expression parameters: [(identifier) @var.name
                                                                          (inferred_parameters . (identifier) @var.name)])))
(field_declaration type: (generic_type (type_arguments . (_) . (_) @var.type))
  declarator: (variable_declarator value: (lambda_expression parameters: (inferred_parameters . (identifier) . (identifier) @var.name))))
(method_declaration type: (generic_type (type_arguments . (_) @var.type))
  body: (block (return_statement (lambda_expression parameters: [(identifier) @var.name
                                                                 (inferred_parameters . (identifier) @var.name)]))))
(method_declaration type: (generic_type (type_arguments . (_) . (_) @var.type))
  body: (block (return_statement (lambda_expression parameters: (inferred_parameters . (identifier) . (identifier) @var.name)))))
; Reader stored = b -> ..; return b -> .. from a method returning a Reader; (Reader) (b) -> ..: the repository's
; functional interface the lambda implements (parse.py @var.implements; a library's types nothing)
(field_declaration type: [(type_identifier) (scoped_type_identifier)] @var.implements
  declarator: (variable_declarator value: (lambda_expression parameters: [(identifier) @var.name
                                                                          (inferred_parameters (identifier) @var.name)])))
(method_declaration type: [(type_identifier) (scoped_type_identifier)] @var.implements
  body: (block (return_statement (lambda_expression parameters: [(identifier) @var.name
                                                                 (inferred_parameters (identifier) @var.name)]))))
(cast_expression type: [(type_identifier) (scoped_type_identifier)] @var.implements
  value: (lambda_expression parameters: [(identifier) @var.name (inferred_parameters (identifier) @var.name)]))
