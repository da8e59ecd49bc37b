; PHP: namespaces (the file's package), classes, interfaces, traits, enums, methods, properties (declared, and
; promoted by a constructor), constants and functions; calls ($o->m(), Foo::m(), self::/static::/parent::, new Foo),
; callables ([$this, 'm'], [Foo::class, 'm'], 'f' passed to a builtin that calls it), extends / implements / use of a
; trait, `use` imports. Capture names follow the convention documented in extractors/structure/parse.py. A qualified
; name (\App\Foo, Foo\Bar) is read as its last name; $ is dropped from receivers (php.SIGILS), -> and :: read as .

(namespace_definition name: (namespace_name) @package.name)
; `namespace { ... }` beside named blocks: the global namespace's block (php.join_package reads its keyword)
(namespace_definition "namespace" @package.name !name body: (compound_statement))

; definitions: classes and functions are global once loaded (exported); members unless private or protected
(class_declaration name: (name) @name) @definition.class @exported
(interface_declaration name: (name) @name) @definition.interface @exported
(trait_declaration name: (name) @name) @definition.trait @exported
(enum_declaration name: (name) @name) @definition.enum @exported
(function_definition name: (name) @name) @definition.function @exported
(method_declaration name: (name) @name) @definition.function
((method_declaration name: (name) @name) @definition.function @exported
  (#not-match? @definition.function "^[^{]*?\\b(private|protected)\\s+((static|final|abstract)\\s+)*function\\b"))
; anonymous classes: new class(...) extends Base implements I {...} is a class of its own, <anonymous Base> (else
; named by its first interface), built where it is written (see parse.py @anonymous)
(anonymous_class (base_clause [(name) @name (qualified_name (name) @name .)])) @definition.class @anonymous
((anonymous_class (class_interface_clause . [(name) @name (qualified_name (name) @name .)])) @definition.class @anonymous
  (#not-match? @definition.class "^class[^{]*\\bextends\\b"))
; attributes (#[Route('/x')], #[Test]) register the method or class with a framework (entry points)
(method_declaration attributes: (attribute_list (attribute_group (attribute [(name) (qualified_name (name) .)] @decorator)))
  name: (name) @name) @definition.function
(class_declaration attributes: (attribute_list (attribute_group (attribute [(name) (qualified_name (name) .)] @decorator)))
  name: (name) @name) @definition.class

; properties: the definition spans the declared type only (of `private A $a, $b;` the first), so that the type is the
; property's (a chain $this->client->send() follows it); an untyped one spans its element
(property_declaration type: (_) @definition.field . (property_element name: (variable_name (name) @name)))
((property_declaration (visibility_modifier) @_v type: (_) @definition.field @exported
  . (property_element name: (variable_name (name) @name))) (#eq? @_v "public"))
(property_declaration !type (property_element name: (variable_name (name) @name)) @definition.field)
((property_declaration !type (visibility_modifier) @_v (property_element name: (variable_name (name) @name))
  @definition.field @exported) (#eq? @_v "public"))
; constructor promotion: __construct(private Client $client) declares the class's property $client
((class_declaration name: (name) @parent.name body: (declaration_list (method_declaration name: (name) @_ctor
   parameters: (formal_parameters (property_promotion_parameter name: (variable_name (name) @name))
   @definition.field))))
 (#eq? @_ctor "__construct"))
((class_declaration name: (name) @parent.name body: (declaration_list (method_declaration name: (name) @_ctor
   parameters: (formal_parameters (property_promotion_parameter visibility: (visibility_modifier) @_v
   name: (variable_name (name) @name)) @definition.field @exported))))
 (#eq? @_ctor "__construct") (#eq? @_v "public"))
; constants: top-level and class constants (public unless said otherwise), enum cases
(const_declaration (const_element (name) @name) @definition.constant)
((const_declaration (const_element (name) @name) @definition.constant @exported) @_decl
  (#not-match? @_decl "^[a-z\\s]*\\b(private|protected)\\b"))
(enum_case name: (name) @name) @definition.constant @exported

; calls: f(), \f(), A\f(), $o->m(), $o?->m(), Foo::m(), self::m(), static::m(), parent::m(), new Foo(...)
(function_call_expression function: (name) @name) @reference.call
; \f(): the global namespace's f (receiver "\"), never the file's namespace's (a test double of unlink())
(function_call_expression function: (qualified_name . "\\" @receiver . (name) @name .)) @reference.call
; a qualified name's namespace is its receiver, written with its backslashes: \App\Support\format_price() (receiver
; "\App\Support\"), Handler\f() relative to the file's namespace or to a `use` (receiver "Handler\"; php.qualified)
(function_call_expression function: (qualified_name . "\\" @receiver . (namespace_name) . "\\" @receiver (name) @name .))
  @reference.call
(function_call_expression function: (qualified_name . (namespace_name) @receiver . "\\" @receiver (name) @name .))
  @reference.call
(member_call_expression object: (_) @receiver name: (name) @name) @reference.call
(nullsafe_member_call_expression object: (_) @receiver name: (name) @name) @reference.call
((scoped_call_expression scope: (_) @receiver name: (name) @name) @reference.call (#not-match? @receiver "^\\\\?[A-Za-z_][A-Za-z0-9_]*\\\\"))
(scoped_call_expression scope: (qualified_name) @receiver name: (name) @name) @reference.call
(object_creation_expression (name) @name) @reference.call
((object_creation_expression (qualified_name (name) @name .) @_q) @reference.call (#match? @_q "^\\\\\\w+$"))
(object_creation_expression (qualified_name . "\\" @receiver . (namespace_name) . "\\" @receiver (name) @name .))
  @reference.call
(object_creation_expression (qualified_name . (namespace_name) @receiver . "\\" @receiver (name) @name .))
  @reference.call

; callables: [$this, 'm'], [Foo::class, 'm'], [$obj, 'm'], and a function's name passed to a builtin that
; calls it (array_map('trim_all', $xs), usort($xs, 'by_name'))
(array_creation_expression . (array_element_initializer (variable_name) @receiver)
  . (array_element_initializer (string (string_content) @name)) .) @reference.callback
(array_creation_expression . (array_element_initializer (class_constant_access_expression
    . [(name) @receiver (qualified_name (name) @receiver .)] . (name) @_class))
  . (array_element_initializer (string (string_content) @name)) .
  (#eq? @_class "class")) @reference.callback
; [__CLASS__, 'handle'] (composer's `set_error_handler([__CLASS__, 'handle'])`): the enclosing class's method
; needs: __CLASS__
(array_creation_expression . (array_element_initializer (name) @receiver)
  . (array_element_initializer (string (string_content) @name)) .
  (#eq? @receiver "__CLASS__")) @reference.callback
; a listener registered by its class (`Event::listen(OrderPlaced::class, StampOrder::class)`, `$events->listen(..)`):
; the dispatcher calls its handle, wherever its file is (php.LARAVEL_FILES reads a `Listeners/` folder's only)
; needs: listen
((_ name: (name) @_listen arguments: (arguments . (argument) . (argument
    (class_constant_access_expression . [(name) (qualified_name)] @name . (name) @_class)) .))
  @reference.protocol.handle
 (#eq? @_listen "listen") (#eq? @_class "class"))
; ['App\Handler\Stream', 'flush']: a class named by its namespaced path in a string (register_shutdown_function)
(array_creation_expression . (array_element_initializer (string (string_content) @receiver))
  . (array_element_initializer (string (string_content) @name)) .
  (#match? @receiver "^\\\\?([A-Za-z_][A-Za-z0-9_]*\\\\)+[A-Za-z_][A-Za-z0-9_]*$")
  (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$")) @reference.callback
((function_call_expression function: (name) @_f
  arguments: (arguments (argument (string (string_content) @name)) @reference.callback))
 (#match? @_f "^(array_map|array_filter|array_walk|array_walk_recursive|array_reduce|usort|uasort|uksort|call_user_func|call_user_func_array|is_callable|register_shutdown_function|spl_autoload_register|set_error_handler|set_exception_handler|iterator_apply|preg_replace_callback|forward_static_call|forward_static_call_array)$")
 (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$"))

; a method named by a string in a test or benchmark framework's attribute (PHPUnit's #[DataProvider('rows')],
; #[Depends('testA')], PHPBench's #[BeforeMethods(['setUp'])], #[ParamProviders(['cases'])]): the framework calls
; the class's method of that name (the attribute's name rides as the receiver: php.py reads it as $this)
(attribute [(name) @receiver (qualified_name (name) @receiver .)]
  parameters: (arguments (argument [(string (string_content) @name)
                                    (array_creation_expression (array_element_initializer
                                      (string (string_content) @name)))]) @reference.callback)
  (#match? @receiver "^(DataProvider|Depends(UsingDeepClone|UsingShallowClone)?|(Before|After)(Class)?Methods|ParamProviders)$")
  (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$"))

; inheritance: extends, implements, an interface's extends, a class's or trait's `use SomeTrait;` (its methods are
; the class's members)
(base_clause [(name) @name (qualified_name (name) @name .)] @reference.inherits)
(class_interface_clause [(name) @name (qualified_name (name) @name .)] @reference.inherits)
([(base_clause (qualified_name . (namespace_name) @receiver . "\\" @receiver (name) @name .))
  (class_interface_clause (qualified_name . (namespace_name) @receiver . "\\" @receiver (name) @name .))
  (base_clause (qualified_name . "\\" @receiver . (namespace_name) . "\\" @receiver (name) @name .))
  (class_interface_clause (qualified_name . "\\" @receiver . (namespace_name) . "\\" @receiver (name) @name .))]
 @reference.inherits)
(use_declaration [(name) @name (qualified_name (name) @name .)] @reference.inherits)

; imports: use A\B\C; use A\B\C as D; use A\{B, C as D}; use function A\f; use const A\X;
(namespace_use_declaration (namespace_use_clause [(name) @import.module (qualified_name) @import.module]
  !alias) @import)
(namespace_use_declaration (namespace_use_clause [(name) @import.module (qualified_name) @import.module]
  alias: (name) @import.alias) @import)
(namespace_use_declaration (namespace_name) @import.module
  body: (namespace_use_group (namespace_use_clause [(name) @import.module (qualified_name) @import.module] !alias)
  @import))
(namespace_use_declaration (namespace_name) @import.module
  body: (namespace_use_group (namespace_use_clause [(name) @import.module (qualified_name) @import.module]
  alias: (name) @import.alias) @import))

; types named in signatures, properties, catch clauses; a class read for its constants or ::class (Foo::X,
; Foo::class), instanceof Foo (see parse.py @reference.type)
(named_type [(name) @name (qualified_name (name) @name .)]) @reference.type
(named_type (qualified_name . (namespace_name) @receiver . "\\" @receiver (name) @name .)) @reference.type
(named_type (qualified_name . "\\" @receiver . (namespace_name) . "\\" @receiver (name) @name .)) @reference.type
(class_constant_access_expression . [(name) @name (qualified_name (name) @name .)]) @reference.type.value
; written fully qualified (a framework's list of providers: App\Providers\AppServiceProvider::class): its namespace is
; its receiver, as a qualified call's is
(class_constant_access_expression . (qualified_name . (namespace_name) @receiver . "\\" @receiver (name) @name .))
  @reference.type.value
(class_constant_access_expression . (qualified_name . "\\" @receiver . (namespace_name) . "\\" @receiver (name) @name .))
  @reference.type.value
(scoped_property_access_expression scope: [(name) @name (qualified_name (name) @name .)]) @reference.type.value
(binary_expression operator: "instanceof" right: [(name) @name (qualified_name (name) @name .)]) @reference.type.annotation
; a constant or property read where the class is known: self::X, Foo::X, $this->prop, self::$cache
((class_constant_access_expression . (_) @receiver . (name) @name) @reference.attribute (#not-eq? @name "class"))
(member_access_expression object: (_) @receiver name: (name) @name) @reference.attribute
(nullsafe_member_access_expression object: (_) @receiver name: (name) @name) @reference.attribute
(scoped_property_access_expression scope: (_) @receiver name: (variable_name (name) @name)) @reference.attribute

; typed variables: parameters, promoted parameters, properties, catch (E $e), $x = new Foo(), $x = Foo::make()
; ($x->f() then resolves on the class; see parse.py @var.name)
(simple_parameter type: (_) @var.type name: (variable_name (name) @var.name))
(property_promotion_parameter type: (_) @var.type name: (variable_name (name) @var.name))
((property_declaration type: (_) @var.type (property_element name: (variable_name (name) @var.name)) @_element)
  (#not-match? @_element "::\\s*class$"))
; a class held as a value (Carbon's `protected static string $periodClass = CarbonPeriod::class;`, `$cls =
; Foo::class;`, `$cls = static::class;`): `$cls::create()`, `static::$periodClass::create()`, `new $this->class()`
; then reach that class (php.cast_type), whatever `string` the property declares
(property_element name: (variable_name (name) @var.name)
  default_value: (class_constant_access_expression (name) @_class .) @var.type (#eq? @_class "class"))
(assignment_expression left: (variable_name (name) @var.name)
  right: (class_constant_access_expression (name) @_class .) @var.type (#eq? @_class "class"))
; Laravel's container asked for a class and held (`$service = app(ApiService::class); $service->ping()`,
; `resolve(..)`): the variable holds that class's object (its call's value, `app()`, says nothing: a library's)
; needs: app|resolve
(assignment_expression left: (variable_name (name) @var.name)
  right: (function_call_expression function: (name) @_container
    arguments: (arguments . (argument (class_constant_access_expression (name) @_class .) @var.type)))
  (#any-of? @_container "app" "resolve") (#eq? @_class "class"))
; Laravel's request asked for an enum's case (`$type = $request->enum('type', Status::class)`, `$this->enum(..)`): the
; variable holds a Status (php.argument_class reads the call written as a receiver)
; needs: enum
(assignment_expression left: (variable_name (name) @var.name)
  right: (member_call_expression name: (name) @_enum
    arguments: (arguments (argument (class_constant_access_expression (name) @_class .) @var.type) .))
  (#eq? @_enum "enum") (#eq? @_class "class"))
(catch_clause type: (type_list . (named_type) @var.type .) name: (variable_name (name) @var.name))
(assignment_expression left: (variable_name (name) @var.name) right: (object_creation_expression) @var.type)
; `$self = $this;` before a closure that captures it (`use ($self)`, older code's and tests' way): the object
; itself; another variable copied (`$x = $handler`, a closure's `$gotStats = $stats` for its `use (&$gotStats)`)
; holds what that one holds where the scope types it (@var.copy), nothing otherwise (an untyped one is no class)
((assignment_expression left: (variable_name (name) @var.name) right: (variable_name (name) @_this) @var.value)
  (#eq? @_this "this"))
((assignment_expression left: (variable_name (name) @var.name) right: (variable_name (name) @_other) @var.copy)
  (#not-eq? @_other "this"))
(assignment_expression left: (variable_name (name) @var.name)
  right: [(scoped_call_expression) (member_call_expression) (function_call_expression)
          (scoped_property_access_expression) (member_access_expression)] @var.value)
; `$sent = Server::received()[0]`: one of the elements the call returns (its docblock's `@return Foo[]`)
(assignment_expression left: (variable_name (name) @var.name)
  right: (subscript_expression . [(scoped_call_expression) (member_call_expression) (function_call_expression)]
    @var.elements))

; value flow (see parse.py @reference.returns): what a function without a declared return type gives its callers'
; values (a declared `: Foo` or `@return Foo` wins): return new Foo(..), return new \A\Foo, return $this->make(),
; return Foo::make(), return make(); return $this and return new static / new self (php.settle_references: the
; function's own object, a fluent method's)
(return_statement (object_creation_expression (name) @name)) @reference.returns_call
((return_statement (object_creation_expression (qualified_name (name) @name .) @_q)) @reference.returns_call
 (#match? @_q "^\\\\\\w+$"))
(return_statement (object_creation_expression (qualified_name . "\\" @receiver . (namespace_name) . "\\" @receiver
  (name) @name .))) @reference.returns_call
(return_statement (object_creation_expression (qualified_name . (namespace_name) @receiver . "\\" @receiver
  (name) @name .))) @reference.returns_call
(return_statement [(member_call_expression object: (_) @receiver name: (name) @name)
                   (nullsafe_member_call_expression object: (_) @receiver name: (name) @name)
                   (scoped_call_expression scope: (_) @receiver name: (name) @name)
                   (function_call_expression function: (name) @name)]) @reference.returns_call
((return_statement (variable_name (name) @name)) @reference.returns (#eq? @name "this"))

; a constant read as a value (CURRENCY, \PHP_EOL): the namespace's, an imported (use const) or the global one's
[(binary_expression left: [(name) @name (qualified_name (name) @name .)])
 (binary_expression operator: ["." "+" "-" "*" "/" "%" "==" "===" "!=" "!==" "<" ">" "<=" ">=" "??" "&&" "||" "|" "&"]
   right: [(name) @name (qualified_name (name) @name .)])
 (argument [(name) @name (qualified_name (name) @name .)])
 (return_statement [(name) @name (qualified_name (name) @name .)])
 (assignment_expression right: [(name) @name (qualified_name (name) @name .)])
 (array_element_initializer [(name) @name (qualified_name (name) @name .)])
 (conditional_expression [(name) @name (qualified_name (name) @name .)])] @reference.read

; $x instanceof Foo: $x is a Foo where the check holds (flow-insensitive: one more value of $x in its scope)
(binary_expression left: (variable_name (name) @var.name) operator: "instanceof"
  right: [(name) (qualified_name)] @var.narrowed)

; $this->client = ... in a method: a property of its class (declared or not); what is assigned types it where the
; declaration does not (see parse.py @attribute.name): $this->client = $client, with Client $client a parameter
(assignment_expression left: (member_access_expression object: (variable_name (name) @_this) name: (name) @attribute.name)
  (#eq? @_this "this"))
; $this->client = new Client(...): the class built types the property
(assignment_expression left: (member_access_expression object: (variable_name (name) @_this) name: (name) @var.name)
  right: (object_creation_expression [(name) (qualified_name)] @var.type) (#eq? @_this "this"))

; docblocks: older PHP states its types there (see php.doc_types, parse.py @doc): /** @var Client $c */ before a
; statement types $c; a property's /** @var Client */ types the property; a method's @param and @return its
; parameters and what it returns
(compound_statement (comment) @doc)
((comment) @doc . (property_declaration type: (_) @doc.target
  . (property_element name: (variable_name (name) @doc.name))))
((comment) @doc . (property_declaration !type (property_element name: (variable_name (name) @doc.name)) @doc.target))
((comment) @doc . (method_declaration body: (compound_statement) @doc.target))
; an interface's or an abstract method: no body, the declaration is the target (its @return types its callers' values)
((comment) @doc . (method_declaration !body) @doc.target)
((comment) @doc . (function_definition body: (compound_statement) @doc.target))

; foreach ($this->routes as $route), foreach ($xs as $k => $x): the loop variable takes the collection's elements
; (a property's or a method's docblock Route[] types them; see parse.py var.elements)
(foreach_statement . [(variable_name) (member_access_expression) (member_call_expression) (scoped_call_expression)]
  @var.elements . [(variable_name (name) @var.name) (pair (_) (variable_name (name) @var.name))
                   (by_ref (variable_name (name) @var.name))])

; a class's, trait's or interface's docblock declares the members its __call / __callStatic / __get answer (Carbon's
; @method static Carbon now(), @property-read int $year): members of the class with their types (php.doc_members)
((comment) @doc . [(class_declaration name: (name) @doc.owner) (trait_declaration name: (name) @doc.owner)
                   (interface_declaration name: (name) @doc.owner)])

; a method named by a template ($this->{"add_$key"}($v), $this->{'get' . ucfirst($n)}(), [$this, "handle{$e}"]) or
; by a variable the enclosing code assigns one ($method = "add_{$key}"; $this->$method()): langs/php.member_template
; reads it; a name with too little constant text, or a variable assigned none, stays unknown
(member_call_expression object: (_) @receiver name: [(encapsed_string) (string) (binary_expression)] @name)
  @reference.template
(nullsafe_member_call_expression object: (_) @receiver name: [(encapsed_string) (string) (binary_expression)] @name)
  @reference.template
(member_call_expression object: (_) @receiver name: (variable_name (name) @name)) @reference.template
(nullsafe_member_call_expression object: (_) @receiver name: (variable_name (name) @name)) @reference.template
(array_creation_expression . (array_element_initializer (variable_name) @receiver)
  . (array_element_initializer [(encapsed_string) (binary_expression)] @name) .) @reference.template
; the value assigned is @name, the variable @receiver: a receiver's text loses PHP's $ (see langs/php.py)
(assignment_expression left: (variable_name) @receiver
  right: [(encapsed_string) (binary_expression left: [(string) (encapsed_string)])
          (binary_expression right: [(string) (encapsed_string)])] @name) @reference.template_value

; Pest: a file's `uses(TestCase::class)` makes `$this` in its tests' closures (`test('..', function () {
; $this->login(); })`, `it`, `beforeEach`, `afterEach`) that class; read by php.settle_references with the `uses` call
; and the class its first argument names (captured by the patterns above), never a reference: each closure marked
; from its start to its closing brace (@name)
; needs: uses
(function_call_expression function: (name) @_test
  arguments: (arguments (argument (anonymous_function body: (compound_statement "}" @name)) @reference.pest_case))
  (#any-of? @_test "test" "it" "beforeEach" "afterEach"))
