; Kotlin: classes, interfaces, objects, functions (extension functions are members of their receiver type),
; properties, type aliases, enum entries; calls, function references, bases, annotations, imports, the package header.
; Capture names follow the convention documented in extractors/structure/parse.py. Public is the default: a
; declaration is exported unless `private`, `internal` or `protected` (the predicate on its modifiers; an absent
; modifiers node passes it).

(package_header (identifier) @package.name)

; definitions; a companion object is no definition of its own: its members are the class's (Foo.make())
(class_declaration "class" (type_identifier) @name) @definition.class
(class_declaration "interface" (type_identifier) @name) @definition.interface
(object_declaration (type_identifier) @name) @definition.object
(type_alias (type_identifier) @name) @definition.type
(function_declaration (simple_identifier) @name) @definition.function
((class_declaration (modifiers)? @_m "class" (type_identifier) @name) @definition.class @exported
  (#not-match? @_m "(^|\\s)(private|internal|protected)(\\s|$)"))
((class_declaration (modifiers)? @_m "interface" (type_identifier) @name) @definition.interface @exported
  (#not-match? @_m "(^|\\s)(private|internal|protected)(\\s|$)"))
((object_declaration (modifiers)? @_m (type_identifier) @name) @definition.object @exported
  (#not-match? @_m "(^|\\s)(private|internal|protected)(\\s|$)"))
((type_alias (modifiers)? @_m (type_identifier) @name) @definition.type @exported
  (#not-match? @_m "(^|\\s)(private|internal|protected)(\\s|$)"))
((function_declaration (modifiers)? @_m (simple_identifier) @name) @definition.function @exported
  (#not-match? @_m "(^|\\s)(private|internal|protected)(\\s|$)"))
; fun <T : Table> T.deleteAll(), fun <T : Any> T?.log(): an extension of a bounded type parameter is the bound's member
; (Table's; Any's: every receiver's, as ``fun Any.log()``); before the pattern below, which would make it T's (the
; first parent a definition's patterns give is kept)
(function_declaration (type_parameters (type_parameter (type_identifier) @_param
    [(user_type (type_identifier) @parent.name . (type_arguments)? .)
     (nullable_type (user_type (type_identifier) @parent.name . (type_arguments)? .))]))
  (receiver_type [(user_type . (type_identifier) @_receiver .) (nullable_type (user_type . (type_identifier) @_receiver .))])
  (simple_identifier) @name (#eq? @_param @_receiver)) @definition.function
; fun Foo.bar(), fun Foo?.bar(), fun <T> Box<T>.bar(): a member of Foo (maybe declared in another file)
(function_declaration (receiver_type [(user_type (type_identifier) @parent.name . (type_arguments)? .)
  (nullable_type (user_type (type_identifier) @parent.name . (type_arguments)? .))]) (simple_identifier) @name)
  @definition.function
; override fun DrawScope.onDraw() in a class: a member extension overriding its base's (a library's Painter): called
; through the base's declaration, never by its receiver's name (langs/kotlin.py entry_reason)
(class_body (function_declaration (modifiers (member_modifier) @decorator) (receiver_type) (simple_identifier) @name)
  @definition.function (#eq? @decorator "override"))
; operator fun plus / get / component1 / getValue: run by its operator's syntax (a + b, a[i], val (x, y) = p, by),
; which records no call (langs/kotlin.py entry_reason)
; needs: operator
((function_declaration (modifiers (function_modifier) @decorator) (simple_identifier) @name) @definition.function
  (#eq? @decorator "operator"))
; properties: a member one is a field (its definition spans the name and type: what its initializer calls stays the
; class's), a top-level one a variable; constructor `val`/`var` parameters are fields
(class_body (property_declaration (variable_declaration (simple_identifier) @name) @definition.field))
((class_body (property_declaration (modifiers)? @_m (variable_declaration (simple_identifier) @name)
  @definition.field @exported)) (#not-match? @_m "(^|\\s)(private|internal|protected)(\\s|$)"))
; val Options.httpMethod: String \n get() = getExtra(key): an extension property is its receiver's member, as an
; extension function is; its getter (the grammar's sibling node where written on the next line, as it mostly is) a
; twin spanning the body: a bare call there is on the receiver (Options.getExtra, not another type's getExtra). The
; receiver is optional in the one pattern (a second pattern cost 2 % more of the query's compile)
(source_file (property_declaration (receiver_type (user_type (type_identifier) @parent.name . (type_arguments)? .))?
  (variable_declaration (simple_identifier) @name) @definition.variable))
(source_file (property_declaration (receiver_type (user_type (type_identifier) @parent.name . (type_arguments)? .))
  (variable_declaration (simple_identifier) @name)) . (getter) @definition.variable)
((source_file (property_declaration (modifiers)? @_m (variable_declaration (simple_identifier) @name)
  @definition.variable @exported)) (#not-match? @_m "(^|\\s)(private|internal|protected)(\\s|$)"))
; (the field spans its declared type: that type is what the field holds, for descriptor.type.convert() along a chain)
(class_parameter (binding_pattern_kind) (simple_identifier) @name . (_) @definition.field)
((class_parameter (modifiers)? @_m (binding_pattern_kind) (simple_identifier) @name . (_) @definition.field @exported)
  (#not-match? @_m "(^|\\s)(private|internal|protected)(\\s|$)"))
(enum_class_body (enum_entry (simple_identifier) @name @definition.field @exported))
; anonymous objects: object : Base() { ... } is a class of its own, <anonymous Base>, extending Base
(object_literal . (delegation_specifier [(user_type (type_identifier) @name . (type_arguments)? .)
  (constructor_invocation (user_type (type_identifier) @name . (type_arguments)? .))])) @definition.class @anonymous
; annotations: @Test, @Provides, @Subscribe... register the definition with a framework (entry points)
(function_declaration (modifiers (annotation [(user_type (type_identifier) @decorator .)
  (constructor_invocation (user_type (type_identifier) @decorator .))])) (simple_identifier) @name) @definition.function
(class_declaration (modifiers (annotation [(user_type (type_identifier) @decorator .)
  (constructor_invocation (user_type (type_identifier) @decorator .))])) "class" (type_identifier) @name)
  @definition.class
(class_declaration (modifiers (annotation [(user_type (type_identifier) @decorator .)
  (constructor_invocation (user_type (type_identifier) @decorator .))])) "interface" (type_identifier) @name)
  @definition.interface
(object_declaration (modifiers (annotation [(user_type (type_identifier) @decorator .)
  (constructor_invocation (user_type (type_identifier) @decorator .))])) (type_identifier) @name) @definition.object

; calls: f(), Foo() (a constructor call: the class), obj.f(), obj?.f(), this.f(), super.f(), Foo.f()
(call_expression . (simple_identifier) @name) @reference.call
(call_expression . (navigation_expression (_) @receiver . (navigation_suffix (simple_identifier) @name) .))
  @reference.call

; scope functions: a call standing in the block of x.apply { }, x.run { } or with(x) { } is x's member when x has it
; (Builder().apply { port(8080) }), else what a bare call means there (see resolve.py scoped_call)
(call_expression (navigation_expression (_) @receiver . (navigation_suffix (simple_identifier) @_scope))
  (call_suffix (annotated_lambda (lambda_literal (statements (call_expression . (simple_identifier) @name)
    @reference.scoped_call))))
  (#any-of? @_scope "apply" "run"))
(call_expression (simple_identifier) @_with
  (call_suffix (value_arguments . (value_argument (_) @receiver) .)
    (annotated_lambda (lambda_literal (statements (call_expression . (simple_identifier) @name) @reference.scoped_call))))
  (#eq? @_with "with"))

; infix calls: a valueEquals b (the first operand the receiver)
(infix_expression . (_) @receiver . (simple_identifier) @name . (_) .) @reference.call

; function references passed as values: ::f, Foo::m, this::m
(callable_reference . (simple_identifier) @name .) @reference.callback
(callable_reference (type_identifier) @receiver (simple_identifier) @name .) @reference.callback
(navigation_expression (this_expression) @receiver
  (navigation_suffix "::" (simple_identifier) @name)) @reference.callback

; inheritance: class A : Base(), Iface, Other by impl
(delegation_specifier [(user_type . (type_identifier) @name . (type_arguments)? .)
  (constructor_invocation (user_type . (type_identifier) @name . (type_arguments)? .))
  (explicit_delegation (user_type . (type_identifier) @name . (type_arguments)? .))]) @reference.inherits
; a class deriving a library's container (class Handlers : ArrayList<Handler>(), : Iterable<Token>): what its
; getOrPut(..), first() and a loop over it give (parse.py ITEMS_KIND; a mapping's value, @_mapped: HashMap<K, V>());
; captured on the class, whose base's argument stays a reference of its own
(class_declaration (delegation_specifier (user_type . (type_identifier) @_container
                                            (type_arguments . (type_projection (user_type . (type_identifier) @name .)) .)))
  (#match? @_container "^(List|MutableList|Set|MutableSet|Collection|MutableCollection|Iterable|MutableIterable|Iterator|MutableIterator)$"))
  @reference.type.items
; a base class of one type argument, ours or a library's (class Handlers : Registry<Handler>(), ThreadLocal<Parser>()):
; its get(), first() give that argument, where the class and its bases of ours hold none (resolve.py _element_given)
(class_declaration (delegation_specifier (constructor_invocation (user_type . (type_identifier)
                     (type_arguments . (type_projection (user_type . (type_identifier) @name .)) .)))))
  @reference.type.items
(class_declaration (delegation_specifier (constructor_invocation (user_type . (type_identifier) @_mapped
                     (type_arguments (_) . (type_projection (user_type . (type_identifier) @name .)) .))))
  (#match? @_mapped "^(HashMap|LinkedHashMap|TreeMap|ConcurrentHashMap|WeakHashMap|AbstractMap|AbstractMutableMap)$")) @reference.type.items
; a nested or qualified base, its last name in the one before it: class Builder : Taggable.Builder<Builder> (a
; Builder of its own, never itself), Base.Impl(), a.b.Base
(delegation_specifier [(user_type (type_identifier) @receiver . (type_identifier) @name . (type_arguments)? .)
  (constructor_invocation (user_type (type_identifier) @receiver . (type_identifier) @name . (type_arguments)? .))
  (explicit_delegation (user_type (type_identifier) @receiver . (type_identifier) @name . (type_arguments)? .))])
  @reference.inherits

; a type alias of a class (typealias RawArgument = ProcessedArgument<String, String>) is that class under another
; name: its base, so the class's members and extensions are the alias's (argument().multiple() where argument()
; returns a RawArgument and multiple() extends ProcessedArgument), the extensions written on the alias its own
(type_alias (user_type . (type_identifier) @name . (type_arguments)? .)) @reference.inherits

; imports: import a.b.C / import a.b.* / import a.b.C as D / import a.b.topLevelFun
(import_header (identifier) @import.module .) @import
; the grammar gives the last import the comments after it (a class's KDoc): a name followed by a comment is imported
; as well (okhttp: 233 of 516 files lost their last import)
(import_header (identifier) @import.module . [(line_comment) (multiline_comment)]) @import
(import_header (identifier) @import.module (wildcard_import) @import.wildcard) @import
(import_header (identifier) @import.module (import_alias (type_identifier) @import.alias)) @import

; types named in signatures, properties, variables, generic arguments, casts, annotations (of a qualified a.b.C the
; last name; see parse.py @reference.type)
(user_type (type_identifier) @name @reference.type . (type_arguments)? .)
; a class literal (Boundary::class; Outer.Inner::class, the last name in the one before it) and an object as an index
; key (context[UndispatchedMarker]): a use of it
(callable_reference . (type_identifier) @name . "::" . "class") @reference.type.value
(navigation_expression . (navigation_expression . (simple_identifier) @receiver . (navigation_suffix (simple_identifier) @name) .)
  . (navigation_suffix "::" . "class")) @reference.type.value
((indexing_suffix (simple_identifier) @name) @reference.type.value (#match? @name "^[A-Z][a-z]"))
; an object or class read for its members: Mode.A, Names.MAX
((navigation_expression . (simple_identifier) @name (navigation_suffix (simple_identifier)))
  @reference.type.value (#match? @name "^[A-Z]"))

; typed variables: parameters, properties, locals, catch (x.f() then resolves on x's class; see parse.py @var.name)
(parameter (simple_identifier) @var.name [(user_type) (nullable_type)] @var.type)
; queryBuilder: QueryBuilder, val b: QueryBuilder = ..: an instance, which queryBuilder { .. } calls (its class's
; operator fun invoke: parse.py @var.instance)
(parameter (simple_identifier) @var.name (user_type) @var.instance)
(statements (property_declaration (variable_declaration (simple_identifier) @var.name (user_type) @var.instance)))
; fun <T : Table> wipe(table: T): table is a Table (the bound; the parameter's own `T`: langs/kotlin.py settle_bindings)
(function_declaration (type_parameters (type_parameter (type_identifier) @_param (user_type) @var.type))
  (function_value_parameters (parameter (simple_identifier) @var.name
    [(user_type . (type_identifier) @_declared .) (nullable_type (user_type . (type_identifier) @_declared .))]))
  (#eq? @_param @_declared))
(class_parameter (simple_identifier) @var.name [(user_type) (nullable_type)] @var.type)
(catch_block (simple_identifier) @var.name (user_type) @var.type)
; smart casts: x is a Pigeon where the check holds (one more value of x there: parse.py @scope.guarded, @scope.after),
; never before it nor in the other branch. if (x is Pigeon) { .. }, if (ok && x is Pigeon) ..: in the block only
(if_expression condition: [(check_expression (simple_identifier) @var.name . "is" . [(user_type) (nullable_type)]
                             @var.narrowed)
                           (conjunction_expression (check_expression (simple_identifier) @var.name . "is" .
                             [(user_type) (nullable_type)] @var.narrowed))]
  consequence: (control_structure_body) @scope.guarded)
; if (x !is Pigeon) { .. } else { x.send() }: in the else block
(if_expression condition: (check_expression (simple_identifier) @var.name . "!is" . [(user_type) (nullable_type)]
                            @var.narrowed)
  alternative: (control_structure_body) @scope.guarded)
; when { x is Pigeon -> x.send() }: in that branch; x is Pigeon && x.ready(): right of the check
(when_entry (when_condition (check_expression (simple_identifier) @var.name . "is" . [(user_type) (nullable_type)]
  @var.narrowed)) (control_structure_body) @scope.guarded)
(conjunction_expression . (check_expression (simple_identifier) @var.name . "is" . [(user_type) (nullable_type)]
  @var.narrowed) . (_) @scope.guarded .)
; if (x !is Pigeon) return (throw, continue, break; a block ending so; `x == null || x !is Pigeon` as well),
; require(x is Pigeon), check(..), x as? Pigeon ?: return: from the statement's end to its block's
(statements (if_expression condition: [(check_expression (simple_identifier) @var.name . "!is" .
                                        [(user_type) (nullable_type)] @var.narrowed)
                                      (disjunction_expression (check_expression (simple_identifier) @var.name . "!is" .
                                        [(user_type) (nullable_type)] @var.narrowed))]
  consequence: (control_structure_body [(jump_expression) (statements (jump_expression) .)])) @scope.after)
((statements (call_expression . (simple_identifier) @_assert (call_suffix (value_arguments . (value_argument
  [(check_expression (simple_identifier) @var.name . "is" . [(user_type) (nullable_type)] @var.narrowed)
   (conjunction_expression (check_expression (simple_identifier) @var.name . "is" . [(user_type) (nullable_type)]
     @var.narrowed))]) .))) @scope.after) (#any-of? @_assert "require" "check" "assert"))
(statements (elvis_expression . (as_expression (simple_identifier) @var.name . "as?" . (user_type) @var.narrowed)
  . "?:" . (jump_expression)) @scope.after)
; x = carrier as? Pigeon ?: return (throw, continue; error("..")): the variable x is a Pigeon from there on
(statements (assignment (directly_assignable_expression . (simple_identifier) @var.name .)
  (elvis_expression . [(as_expression (user_type) @var.narrowed)
                       (parenthesized_expression (as_expression (user_type) @var.narrowed))] . "?:" . (jump_expression)))
  @scope.after)
((statements (assignment (directly_assignable_expression . (simple_identifier) @var.name .)
  (elvis_expression . [(as_expression (user_type) @var.narrowed)
                       (parenthesized_expression (as_expression (user_type) @var.narrowed))] . "?:" .
    (call_expression . (simple_identifier) @_nothing))) @scope.after) (#any-of? @_nothing "error" "TODO"))
; when (x) { is Kite -> x.fly() }, when (val m = make()) { is Kite -> m.fly() }: x is a Kite in that branch only (each
; branch with an `is` condition a scope of its own: parse.py @scope.branch; `!is` and `else` narrow nothing)
(when_expression (when_subject [(simple_identifier) @var.name (variable_declaration (simple_identifier) @var.name)])
  (when_entry (when_condition (type_test . "is" [(user_type) (nullable_type)] @var.narrowed))))
(when_entry (when_condition (type_test . "is")) (control_structure_body)) @scope.branch
(property_declaration (variable_declaration (simple_identifier) @var.name [(user_type) (nullable_type)] @var.type))
(property_declaration (variable_declaration (simple_identifier) @var.name .) (call_expression) @var.value)
; val realChain = chain as RealInterceptorChain: the cast's type; val exchange = realChain.exchange (!!): what that
; property holds
(property_declaration (variable_declaration (simple_identifier) @var.name .) (as_expression (user_type) @var.type))
; val p = carrier as? Pigeon ?: return (throw, continue; error("..")): a Pigeon, else the function went no further
(property_declaration (variable_declaration (simple_identifier) @var.name .)
  (elvis_expression . [(as_expression (user_type) @var.type)
                       (parenthesized_expression (as_expression (user_type) @var.type))] . "?:" . (jump_expression)))
((property_declaration (variable_declaration (simple_identifier) @var.name .)
  (elvis_expression . [(as_expression (user_type) @var.type)
                       (parenthesized_expression (as_expression (user_type) @var.type))] . "?:" .
    (call_expression . (simple_identifier) @_nothing))) (#any-of? @_nothing "error" "TODO"))
(property_declaration (variable_declaration (simple_identifier) @var.name .) (navigation_expression) @var.value)
(property_declaration (variable_declaration (simple_identifier) @var.name .)
  (postfix_expression . (navigation_expression) @var.value . "!!"))
; val plain = object : Formatter {...}: plain.format() is Formatter's (dispatch reaches the object's own); the value
; (read as an instance of Formatter: langs/kotlin.py cast_type) types a field too, pipe.sink.write() from elsewhere
(property_declaration (variable_declaration (simple_identifier) @var.name .)
  (object_literal . (delegation_specifier [(user_type) (constructor_invocation (user_type))])) @var.value)

; x.use { handle -> .. }, x.let { v -> .. }: the lambda's named parameter is x (its receiver, passed on)
(call_expression (navigation_expression (_) @var.value . (navigation_suffix (simple_identifier) @_scope))
  (call_suffix (annotated_lambda (lambda_literal
    (lambda_parameters . (variable_declaration (simple_identifier) @var.name) .))))
  (#any-of? @_scope "use" "let" "also" "takeIf" "takeUnless"))

; a lambda holds its own parameters (its implicit `it` too): an outer lambda's `it` is not an inner one's
(annotated_lambda (lambda_literal) @scope.callback)
(value_argument (lambda_literal) @scope.callback)

; items.forEach { it.flush() }, hatches.map { h -> h.seal() }: a one-parameter lambda of a collection's function takes
; its elements (where the collection's declared type states them: List<Sink>, Array<T>, Sequence<T>)
(call_expression (navigation_expression (_) @var.elements . (navigation_suffix (simple_identifier) @_adapter))
  (call_suffix (annotated_lambda (lambda_literal . (statements)) @var.implicit))
  (#any-of? @_adapter "forEach" "onEach" "map" "mapNotNull" "flatMap" "filter" "filterNot" "any" "all" "none"
            "count" "first" "firstOrNull" "last" "lastOrNull" "find" "findLast" "single" "singleOrNull" "sumOf"
            "sortedBy" "sortedByDescending" "groupBy" "associateBy" "associateWith" "partition" "maxByOrNull"
            "minByOrNull" "maxOf" "minOf" "takeWhile" "dropWhile" "distinctBy" "indexOfFirst" "indexOfLast"
            "removeAll" "removeIf" "retainAll" "joinToString"))
(call_expression (navigation_expression (_) @var.elements . (navigation_suffix (simple_identifier) @_adapter))
  (call_suffix (annotated_lambda (lambda_literal
    (lambda_parameters . (variable_declaration (simple_identifier) @var.name) .))))
  (#any-of? @_adapter "forEach" "onEach" "map" "mapNotNull" "flatMap" "filter" "filterNot" "any" "all" "none"
            "count" "first" "firstOrNull" "last" "lastOrNull" "find" "findLast" "single" "singleOrNull" "sumOf"
            "sortedBy" "sortedByDescending" "groupBy" "associateBy" "associateWith" "partition" "maxByOrNull"
            "minByOrNull" "maxOf" "minOf" "takeWhile" "dropWhile" "distinctBy" "indexOfFirst" "indexOfLast"
            "removeAll" "removeIf" "retainAll" "joinToString"))
; val trees = ArrayList<Tree>(), var all = emptyArray<Tree>(): a collection built with its element type stated holds
; Trees (trees.forEach { it.log() }: Tree's)
(property_declaration (variable_declaration (simple_identifier) @var.name .)
  (call_expression (simple_identifier) @_factory
    (call_suffix (type_arguments . (type_projection (user_type) @var.item) .)))
  (#any-of? @_factory "emptyArray" "arrayOf" "arrayOfNulls" "emptyList" "listOf" "mutableListOf" "arrayListOf"
            "emptySet" "setOf" "mutableSetOf" "linkedSetOf" "hashSetOf" "emptySequence" "sequenceOf" "ArrayList"
            "LinkedList" "HashSet" "LinkedHashSet" "ArrayDeque" "CopyOnWriteArrayList"))
; x?.let { it.close() }, x.use { it.read() }: the implicit `it` of a scope function is its receiver
(call_expression (navigation_expression (_) @var.value . (navigation_suffix (simple_identifier) @_scope))
  (call_suffix (annotated_lambda (lambda_literal . (statements)) @var.implicit))
  (#any-of? @_scope "use" "let" "also" "takeIf" "takeUnless"))

; parameters and local variables (lambda, catch, for ones too): a bare name in their scope is that variable, never a
; same-named property (see parse.py @local.name)
[(parameter (simple_identifier) @local.name)
 (statements (property_declaration (variable_declaration (simple_identifier) @local.name)))
 (lambda_parameters (variable_declaration (simple_identifier) @local.name))
 (for_statement (variable_declaration (simple_identifier) @local.name))
 (catch_block (simple_identifier) @local.name)]

; a bare name read or assigned as a value (count, MAX): a property of the class, of a base or of the file, or an
; imported one; a ``read`` reference, dropped where a parameter or local variable binds it (``it`` is a lambda's)
([(value_argument (simple_identifier) @name)
  (additive_expression (simple_identifier) @name)
  (multiplicative_expression (simple_identifier) @name)
  (comparison_expression (simple_identifier) @name)
  (equality_expression (simple_identifier) @name)
  (conjunction_expression (simple_identifier) @name)
  (disjunction_expression (simple_identifier) @name)
  (elvis_expression (simple_identifier) @name)
  (range_expression (simple_identifier) @name)
  (prefix_expression (simple_identifier) @name)
  (postfix_expression (simple_identifier) @name)
  (parenthesized_expression (simple_identifier) @name)
  (directly_assignable_expression . (simple_identifier) @name .)
  (assignment (simple_identifier) @name)
  (property_declaration (simple_identifier) @name)
  (jump_expression (simple_identifier) @name)
  (interpolated_expression (simple_identifier) @name)
  (when_subject (simple_identifier) @name)
  (control_structure_body (simple_identifier) @name)
  (if_expression condition: (simple_identifier) @name)
  (indexing_expression (simple_identifier) @name)
  (check_expression (simple_identifier) @name)
  (as_expression (simple_identifier) @name)
  ; for (s in sinks), fun size() = count, get() = count, run { count }: the loop's collection, a body's value
  (for_statement (simple_identifier) @name)
  (function_body (simple_identifier) @name)
  (statements (simple_identifier) @name)] @reference.read (#not-eq? @name "it"))
((interpolated_identifier) @name @reference.read (#not-eq? @name "it"))
; an object named bare as a value (CodeWriter(NullAppendable, ..), emit(Loading), state = Idle, return Empty, -> Done):
; the singleton itself (a class's name stands for its companion), used as a type is; a constant (MAX) is none
([(value_argument (simple_identifier) @name)
  (property_declaration (simple_identifier) @name)
  (assignment (simple_identifier) @name)
  (jump_expression (simple_identifier) @name)
  (control_structure_body (simple_identifier) @name)
  (equality_expression (simple_identifier) @name)
  (elvis_expression (simple_identifier) @name)
  (function_body (simple_identifier) @name)] @reference.type.value (#match? @name "^[A-Z][a-z]"))

; a member read without a call (Shop.MAX, item.price, this.count): a ``reads`` edge where the object's class is known;
; the same navigation as a call's callee is the call (parents that hold a value, never a callee, are listed)
([(value_argument (navigation_expression (_) @receiver (navigation_suffix (simple_identifier) @name))
    @reference.attribute)
  (additive_expression (navigation_expression (_) @receiver (navigation_suffix (simple_identifier) @name))
    @reference.attribute)
  (multiplicative_expression (navigation_expression (_) @receiver (navigation_suffix (simple_identifier) @name))
    @reference.attribute)
  (comparison_expression (navigation_expression (_) @receiver (navigation_suffix (simple_identifier) @name))
    @reference.attribute)
  (equality_expression (navigation_expression (_) @receiver (navigation_suffix (simple_identifier) @name))
    @reference.attribute)
  (elvis_expression (navigation_expression (_) @receiver (navigation_suffix (simple_identifier) @name))
    @reference.attribute)
  (property_declaration (navigation_expression (_) @receiver (navigation_suffix (simple_identifier) @name))
    @reference.attribute)
  (jump_expression (navigation_expression (_) @receiver (navigation_suffix (simple_identifier) @name))
    @reference.attribute)
  (assignment (navigation_expression (_) @receiver (navigation_suffix (simple_identifier) @name))
    @reference.attribute)
  (interpolated_expression (navigation_expression (_) @receiver (navigation_suffix (simple_identifier) @name))
    @reference.attribute)
  (when_condition (navigation_expression (_) @receiver (navigation_suffix (simple_identifier) @name))
    @reference.attribute)
  (function_body (navigation_expression (_) @receiver (navigation_suffix (simple_identifier) @name))
    @reference.attribute)
  ; a condition's operand (``access.isPublic && !access.isProtected``, ``if (x.isEmpty)``), a lambda's value
  ; (``filter { it.access.isInterface }``)
  (conjunction_expression (navigation_expression (_) @receiver (navigation_suffix (simple_identifier) @name))
    @reference.attribute)
  (disjunction_expression (navigation_expression (_) @receiver (navigation_suffix (simple_identifier) @name))
    @reference.attribute)
  (prefix_expression (navigation_expression (_) @receiver (navigation_suffix (simple_identifier) @name))
    @reference.attribute)
  (if_expression condition: (navigation_expression (_) @receiver (navigation_suffix (simple_identifier) @name))
    @reference.attribute)
  (statements (navigation_expression (_) @receiver (navigation_suffix (simple_identifier) @name))
    @reference.attribute)
  (directly_assignable_expression (_) @receiver . (navigation_suffix (simple_identifier) @name) .) @reference.attribute])

; what a function declares it gives the lambdas passed to it (see parse.py @signature.type): ``block: (Sink) -> Unit``,
; ``(sink: Sink, n: Int) -> Unit``: the i-th parameter type of the function type is the lambda's i-th parameter (its
; ``it`` the first); a type parameter's name says nothing (dropped: langs/kotlin.py settle_references)
(function_value_parameters (parameter (function_type (function_type_parameters
  [(user_type) (nullable_type)] @signature.type))) @signature.outer)
(function_value_parameters (parameter (function_type (function_type_parameters
  (parameter [(user_type) (nullable_type)] @signature.type) @signature.slot))) @signature.outer)
; a lambda passed to a function, in the parentheses or trailing: its parameters (or its ``it``) take what that function
; declares at that place (see parse.py @passed.name); a named argument (``block = { .. }``) is left alone: its place
; is its name, not its position
(call_expression . [(simple_identifier) (navigation_expression)] @passed.callee
  (call_suffix (annotated_lambda (lambda_literal . (statements)) @passed.implicit) @passed.fn))
(call_expression . [(simple_identifier) (navigation_expression)] @passed.callee
  (call_suffix (value_arguments (value_argument . (lambda_literal . (statements)) @passed.implicit .) @passed.fn)))
(call_expression . [(simple_identifier) (navigation_expression)] @passed.callee
  (call_suffix (annotated_lambda (lambda_literal (lambda_parameters
    (variable_declaration (simple_identifier) @passed.name) @passed.slot))) @passed.fn))
(call_expression . [(simple_identifier) (navigation_expression)] @passed.callee
  (call_suffix (value_arguments (value_argument . (lambda_literal (lambda_parameters
    (variable_declaration (simple_identifier) @passed.name) @passed.slot)) .) @passed.fn)))
; a function type with a receiver (``block: Buffer.() -> Unit``, a builder DSL's): the lambda passed there runs with
; ``this`` a Buffer (see parse.py @signature.receiver); a lambda passed to a function binds its receiver as
; ``this@<callee>``, its bare calls (and ``this.f()``) first that receiver's members (see parse.py @passed.receiver)
(function_value_parameters (parameter (function_type (receiver_type [(user_type) (nullable_type)]
  @signature.receiver))) @signature.outer)
; the same through a type alias of such a function type (clikt's ``validator: ArgValidator<T>`` with ``typealias
; ArgValidator<T> = ArgumentTransformContext.(T) -> Unit``): the parameter typed by a name, the alias its receiver
; (resolve.py _slot_class reads the alias's own ``:this``)
(function_value_parameters (parameter (user_type . (type_identifier) @signature.named . (type_arguments)? .))
  @signature.outer)
(type_alias (function_type (receiver_type [(user_type) (nullable_type)] @signature.receiver)))
; (but the standard library's functions whose lambda takes ``it`` and no receiver: ``where?.let { append(x) }`` in a
; ``queryBuilder { }`` lambda is the builder's append, the enclosing lambda's receiver; a collection's (``xs.single {
; }``) only on a receiver: written bare, ``single { }`` is a DSL's own, Koin's ``module { single { Car(get()) } }``)
((call_expression . [(simple_identifier) (navigation_expression)] @passed.callee
  (call_suffix (annotated_lambda (lambda_literal) @passed.receiver) @passed.fn))
  (#not-match? @passed.callee "(^|[.])(let|also|takeIf|takeUnless|use|lazy|repeat|synchronized)$|[.](forEach|forEachIndexed|onEach|map|mapNotNull|mapIndexed|flatMap|filter|filterNot|any|all|none|count|first|firstOrNull|last|lastOrNull|find|single|singleOrNull|sumOf|sortedBy|sortedByDescending|groupBy|associate|associateBy|associateWith|partition|maxByOrNull|minByOrNull|maxOf|minOf|takeWhile|dropWhile|distinctBy|ifEmpty|ifBlank|getOrPut|getOrElse|mapValues|mapKeys|joinToString|fold|reduce)$"))
((call_expression . [(simple_identifier) (navigation_expression)] @passed.callee
  (call_suffix (value_arguments (value_argument . (lambda_literal) @passed.receiver .) @passed.fn)))
  (#not-match? @passed.callee "(^|[.])(let|also|takeIf|takeUnless|use|lazy|repeat|synchronized)$|[.](forEach|forEachIndexed|onEach|map|mapNotNull|mapIndexed|flatMap|filter|filterNot|any|all|none|count|first|firstOrNull|last|lastOrNull|find|single|singleOrNull|sumOf|sortedBy|sortedByDescending|groupBy|associate|associateBy|associateWith|partition|maxByOrNull|minByOrNull|maxOf|minOf|takeWhile|dropWhile|distinctBy|ifEmpty|ifBlank|getOrPut|getOrElse|mapValues|mapKeys|joinToString|fold|reduce)$"))
; buildCodeString { emit(this) }, emit(codeWriter = this): a call given the lambda's receiver itself is rarely that receiver's own member (the
; enclosing class's emit(out: CodeWriter), not CodeWriter's emit(s: String)): left a bare call
((call_expression . (simple_identifier) @gives.receiver (call_suffix (value_arguments (value_argument
  (this_expression) @_this)))) (#eq? @_this "this"))
