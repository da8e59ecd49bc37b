; C++: what C has (see c.scm), plus classes and structs with their methods and fields, methods defined out of their
; class (`Status Writer::AddRecord(...) {...}`: a method of Writer, wherever Writer is declared), base classes,
; `new T`, calls through objects (`w.f()`, `p->f()`, `this->f()`), qualified calls (`Status::OK()`, `log::f()`),
; template functions, aliases (`using A = B;`), typed parameters and variables. Namespaces are no definitions: what
; they hold is top-level, as the linker sees it. Destructors and operators are left out (called by the language), and
; so is a function without a body (`A(const A&) = delete;`, `A() = default;`: nothing names or runs its code).
; Capture names follow the convention documented in extractors/structure/parse.py.

; definitions: functions (exported unless static: those of the file or of a namespace, not a class's), and methods
; written inside their class
(translation_unit (function_definition (storage_class_specifier)* @_storage (#not-any-of? @_storage "static")
  type: (_) declarator: [(function_declarator declarator: (identifier) @name)
               (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
               (reference_declarator (function_declarator declarator: (identifier) @name))]
  [(compound_statement) (try_statement)]
  (#not-match? @name "^(TEST|TEST_F|TEST_P|TYPED_TEST|TYPED_TEST_P)$")) @definition.function @exported)
(declaration_list (function_definition (storage_class_specifier)* @_storage (#not-any-of? @_storage "static")
  type: (_) declarator: [(function_declarator declarator: (identifier) @name)
               (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
               (reference_declarator (function_declarator declarator: (identifier) @name))]
  [(compound_statement) (try_statement)]
  (#not-match? @name "^(TEST|TEST_F|TEST_P|TYPED_TEST|TYPED_TEST_P)$")) @definition.function @exported)
(function_definition type: (_)
  declarator: [(function_declarator declarator: [(identifier) (field_identifier)] @name)
               (pointer_declarator declarator: (function_declarator declarator: [(identifier) (field_identifier)] @name))
               (reference_declarator (function_declarator declarator: [(identifier) (field_identifier)] @name))]
  [(compound_statement) (try_statement)]
  (#not-match? @name "^(TEST|TEST_F|TEST_P|TYPED_TEST|TYPED_TEST_P)$")) @definition.function
; a constructor written in its class has no type (nor under a template or an #if there, nor in a class the grammar
; read as a block: `class GTEST_API_ Message {..}`); a typeless `NAME(..) {..}` at a namespace's level, or one named as
; macros are, is no function but a macro's use followed by a block (fmt's `FMT_TRY {..} FMT_CATCH(...) {}`,
; `BOOST_AUTO_TEST_CASE(t) {..}`): a call of it
; (its parent checked by #parent-kind? (budget.kind_predicate): one pattern under an alternation of eight parents cost
; tree-sitter's analysis ~0.15 s of each process's start)
((function_definition !type
   declarator: [(function_declarator declarator: [(identifier) (field_identifier)] @name)
                (pointer_declarator declarator: (function_declarator declarator: [(identifier) (field_identifier)] @name))
                (reference_declarator (function_declarator declarator: [(identifier) (field_identifier)] @name))]
   [(compound_statement) (try_statement)]) @definition.function
  (#parent-kind? @definition.function "field_declaration_list" "template_declaration" "compound_statement"
   "preproc_if" "preproc_ifdef" "preproc_else" "preproc_elif" "ERROR")
  (#not-match? @name "^[A-Z][A-Z0-9]*_[A-Z0-9_]*$"))
((function_definition !type declarator: (function_declarator declarator: (identifier) @name)) @reference.call
  (#parent-kind? @reference.call "translation_unit" "declaration_list") (#not-match? @name "^(TEST|TEST_F|TEST_P|TYPED_TEST|TYPED_TEST_P|TEST_CASE|TEST_CASE_METHOD|TEST_CASE_FIXTURE|TEMPLATE_TEST_CASE_METHOD|SCENARIO)$"))
((function_definition !type declarator: (function_declarator declarator: (identifier) @name)) @reference.call
  (#match? @name "^[A-Z][A-Z0-9]*_[A-Z0-9_]*$") (#not-match? @name "^(TEST_F|TEST_P|TYPED_TEST|TYPED_TEST_P|TEST_CASE)"))
; a macro's use as a statement of its own, with no `;` (`FMT_PRAGMA_CLANG(diagnostic push)`, a class body's
; `NLOHMANN_DEFINE_TYPE_INTRUSIVE(person, age, name)`): the grammar reads a typeless declaration of a function
; (or, given one argument in a class, a field of the macro's type: `CHRONO_DEFINE_EQUALITY(span_info)`)
([(declaration !type declarator: (function_declarator declarator: (identifier) @name))
  (field_declaration type: (type_identifier) @name declarator: (parenthesized_declarator))] @reference.call
  (#match? @name "^[A-Z][A-Z0-9]*_[A-Z0-9_]*$"))
; GoogleTest: TEST_F(Fixture, Name) {...} is a method of the fixture class (its fields are the test's), TEST(Suite,
; Name) a test function named as GoogleTest's class, Suite_Name_Test (cpp._gtest_class); the framework runs both
(function_definition declarator: (function_declarator declarator: (identifier) @decorator
  (#any-of? @decorator "TEST_F" "TEST_P" "TYPED_TEST" "TYPED_TEST_P")
  parameters: (parameter_list . (parameter_declaration type: (type_identifier) @parent.name)
                              . (parameter_declaration type: (type_identifier) @name) .))) @definition.function
; Catch2, doctest: TEST_CASE("adds", "[math]") {...} (its strings blanked by c_repairs): a test the framework runs
(function_definition declarator: (function_declarator declarator: (identifier) @name @decorator
  (#match? @decorator "^(TEST_CASE|SCENARIO|TEMPLATE_TEST_CASE|TEST_SUITE)$"))) @definition.function
; TEST_CASE_METHOD(TApp, "name", "[tag]") {...} (c_repairs keeps the class: `TEST_CASE_METHOD(TApp)`): a method of
; the fixture, as GoogleTest's TEST_F (`app.add_option(..)` is the fixture's field)
(function_definition declarator: (function_declarator declarator: (identifier) @name @decorator
  (#match? @decorator "^(TEST_CASE_METHOD|TEST_CASE_FIXTURE|TEMPLATE_TEST_CASE_METHOD)$")
  parameters: (parameter_list . (parameter_declaration type: (type_identifier) @parent.name) .))) @definition.function
(function_definition declarator: (function_declarator declarator: (identifier) @decorator (#eq? @decorator "TEST")
  parameters: (parameter_list . (parameter_declaration type: (type_identifier) @parent.name)
                              . (parameter_declaration type: (type_identifier) @name) .)))
  @definition.function
; a pure virtual method (`virtual Slice key() const = 0;`): the interface that calls through a base reach, and that
; dispatch links to each override; other declarations are no definitions (a call resolves to the body)
(field_declaration_list (field_declaration declarator: [(function_declarator declarator: (field_identifier) @name)
  (pointer_declarator declarator: (function_declarator declarator: (field_identifier) @name))
  (reference_declarator (function_declarator declarator: (field_identifier) @name))]
  default_value: (number_literal)) @definition.function)
; a method defined out of its class: Writer::AddRecord, ns::Writer::AddRecord, Table<T>::Get (its class by name);
; SkipList<K, C>::Iterator::Valid, Reader::Reporter::Corruption: the scope before its class is kept as
; @parent.outer (a class, or a namespace: cpp.settle_definitions decides)
; Emitter::SetPrecision<float>: a member template's explicit specialization (yaml-cpp's emitter.h), the same method
; `Prog::~Prog() {..}` (a destructor defined out of its class, `~Prog`) and `Prefilter::Info* Prefilter::Info::Concat(..)`
; (a nested class's method returning a pointer) too: else their bodies' calls were the file's (re2: 100 in prefilter.cc)
(function_definition
  declarator: [(function_declarator declarator: (qualified_identifier
                 scope: [(namespace_identifier) @parent.name (template_type name: (type_identifier) @parent.name)]
                 name: [(identifier) @name (template_function name: (identifier) @name) (destructor_name) @name]))
               (function_declarator declarator: (qualified_identifier
                 scope: [(namespace_identifier) @parent.outer (template_type name: (type_identifier) @parent.outer)]
                 name: (qualified_identifier
                   scope: [(namespace_identifier) @parent.name (template_type name: (type_identifier) @parent.name)]
                   name: [(identifier) (destructor_name)] @name)))
               (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier
                 scope: [(namespace_identifier) @parent.outer (template_type name: (type_identifier) @parent.outer)]
                 name: (qualified_identifier
                   scope: [(namespace_identifier) @parent.name (template_type name: (type_identifier) @parent.name)]
                   name: (identifier) @name))))
               ; spdlog::sinks::base_sink<Mutex>::log: the namespace before the two kept apart
               (function_declarator declarator: (qualified_identifier name: (qualified_identifier
                 scope: [(namespace_identifier) @parent.outer (template_type name: (type_identifier) @parent.outer)]
                 name: (qualified_identifier
                   scope: [(namespace_identifier) @parent.name (template_type name: (type_identifier) @parent.name)]
                   name: (identifier) @name))))
               (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier
                 scope: [(namespace_identifier) @parent.name (template_type name: (type_identifier) @parent.name)]
                 name: [(identifier) @name (template_function name: (identifier) @name)])))
               (reference_declarator (function_declarator declarator: (qualified_identifier
                 scope: [(namespace_identifier) @parent.name (template_type name: (type_identifier) @parent.name)]
                 name: [(identifier) @name (template_function name: (identifier) @name)])))]
  [(compound_statement) (try_statement)]) @definition.function @exported
(preproc_function_def name: (identifier) @name) @definition.function
(preproc_def name: (identifier) @name value: (preproc_arg)) @definition.constant  ; an include guard has no value
; a macro's body is text to the grammar: the calls written in it (see parse.py @text.calls), and the names it
; hands on (@text.names: a callback, `#define fopen_read vms_fopen`)
(preproc_function_def name: (identifier) @text.macro parameters: (preproc_params) @text.parameters
  value: (preproc_arg) @text.calls @text.names)
(preproc_def value: (preproc_arg) @text.calls @text.names)
(class_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.class
(struct_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
(union_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
; `struct BENCHMARK_EXPORT CPUInfo {..}` where the file has no error (no repair blanks the macro, c_repairs): the grammar
; reads `struct MACRO` as a return type and the class as a function without parameters whose body holds the members;
; a macro's name in capitals (no C++ function is defined without a parameter list). One pattern, a class either way
; (two, a struct and a class, cost the query's compile 1.3 % more)
(function_definition type: [(struct_specifier !body name: (type_identifier) @_macro)
                             (class_specifier !body name: (type_identifier) @_macro)]
  declarator: (identifier) @name body: (compound_statement) (#match? @_macro "^[A-Z][A-Z0-9_]*$")) @definition.class
; a specialization of a class template (`template <> struct formatter<int> {...}`) is a class of the template's name
; (a twin in its file: formatter#2); else its methods would be free functions, which `fmt::format(..)` then reaches
(class_specifier name: (template_type name: (type_identifier) @name) body: (field_declaration_list)) @definition.class
(struct_specifier name: (template_type name: (type_identifier) @name) body: (field_declaration_list)) @definition.struct
; a nested class defined out of its class: struct TableBuilder::Rep {...}, struct SkipList<K, C>::Node {...}
([(class_specifier name: (qualified_identifier
                     scope: [(namespace_identifier) @parent.name (template_type name: (type_identifier) @parent.name)]
                     name: (type_identifier) @name)
                   body: (field_declaration_list))
  (struct_specifier name: (qualified_identifier
                      scope: [(namespace_identifier) @parent.name (template_type name: (type_identifier) @parent.name)]
                      name: (type_identifier) @name)
                    body: (field_declaration_list))] @definition.struct)
(enum_specifier name: (type_identifier) @name @definition.enum body: (enumerator_list))
(enumerator name: (identifier) @name) @definition.constant
(type_definition type: (_) @_aliased (#not-match? @_aliased "<")
  declarator: [(type_identifier) @name @definition.type
               (pointer_declarator declarator: (type_identifier) @name) @definition.type])
; typedef HandlerTest GenEmitterTest: what the alias stands for, the reference placed at the alias's own name (its
; definition's span), so that the alias's members are the class's (a TEST_F of the alias sees the fixture's fields)
(type_definition type: (type_identifier) @name declarator: (type_identifier) @reference.type.alias
  (#not-eq? @name @reference.type.alias))
; typedef std::vector<Node*> NodeList: the whole typedef is the type's, so that what it holds is its (below)
(type_definition type: (_) @_aliased (#match? @_aliased "<") declarator: (type_identifier) @name) @definition.type
(alias_declaration name: (type_identifier) @name) @definition.type
; file-level and namespace-level variables (not `extern` declarations, not function prototypes)
(translation_unit (declaration (storage_class_specifier)* @_storage (#not-any-of? @_storage "extern")
  declarator: [(identifier) @name
               (init_declarator declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name)
                                             (reference_declarator (identifier) @name)
                                             (array_declarator declarator: (identifier) @name)])
               (pointer_declarator declarator: (identifier) @name)
               (array_declarator declarator: (identifier) @name)]) @definition.variable)
(declaration_list (declaration (storage_class_specifier)* @_storage (#not-any-of? @_storage "extern")
  declarator: [(identifier) @name
               (init_declarator declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name)
                                             (reference_declarator (identifier) @name)
                                             (array_declarator declarator: (identifier) @name)])
               (pointer_declarator declarator: (identifier) @name)
               (array_declarator declarator: (identifier) @name)]) @definition.variable)
; fields: their declared types type a chain (dest_->Append(): WritableFile's Append)
(field_declaration_list (field_declaration declarator: [(field_identifier) @name
  (pointer_declarator declarator: (field_identifier) @name)
  (reference_declarator (field_identifier) @name)
  (array_declarator declarator: (field_identifier) @name)
  (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name)))])
  @definition.field)

; what a container type an alias names holds (typedef std::vector<Node*> NodeList, using HandlerMap =
; std::map<std::string, Handler*>, each maybe of smart pointers): a loop over a NodeList, an index of one, gives a Node
; (NAMED_COLLECTIONS; a map's element is its mapped value, as m[k] gives it)
([(type_definition type: (qualified_identifier name: (template_type name: (type_identifier) @_container
   arguments: (template_argument_list . (type_descriptor type: [(type_identifier) @name
     (qualified_identifier name: (template_type name: (type_identifier) @_ptr
       arguments: (template_argument_list . (type_descriptor type: (type_identifier) @name))))])))))
  (alias_declaration type: (type_descriptor type: (qualified_identifier name: (template_type name: (type_identifier) @_container
   arguments: (template_argument_list . (type_descriptor type: [(type_identifier) @name
     (qualified_identifier name: (template_type name: (type_identifier) @_ptr
       arguments: (template_argument_list . (type_descriptor type: (type_identifier) @name))))]))))))]
  (#match? @_container "^(vector|deque|list|forward_list|set|unordered_set|multiset|unordered_multiset|array|span)$")
  (#match? @_ptr "^(unique_ptr|shared_ptr)$")) @reference.type.items
([(type_definition type: (qualified_identifier name: (template_type name: (type_identifier) @_container
   arguments: (template_argument_list . (type_descriptor) . (type_descriptor type: [(type_identifier) @name
     (qualified_identifier name: (template_type name: (type_identifier) @_ptr
       arguments: (template_argument_list . (type_descriptor type: (type_identifier) @name))))]) .))))
  (alias_declaration type: (type_descriptor type: (qualified_identifier name: (template_type name: (type_identifier) @_container
   arguments: (template_argument_list . (type_descriptor) . (type_descriptor type: [(type_identifier) @name
     (qualified_identifier name: (template_type name: (type_identifier) @_ptr
       arguments: (template_argument_list . (type_descriptor type: (type_identifier) @name))))]) .)))))]
  (#match? @_container "^(map|unordered_map|multimap|unordered_multimap|flat_map)$")
  (#match? @_ptr "^(unique_ptr|shared_ptr)$")) @reference.type.items

; calls: f(x), f<T>(x), obj.f(), p->f(), this->f(), Class::f(), ns::f(), new T(...); ::f(x), the global
; namespace's f, is the bare name (zlib's C++ wrappers call ``::gzflush(m_fp, _flush)``: no call was recorded)
(call_expression function: [(identifier) @name (template_function name: (identifier) @name)
                            (qualified_identifier !scope name: (identifier) @name)]) @reference.call
(call_expression function: (field_expression argument: (_) @receiver (#not-match? @receiver "^\\(\\*\\s*[A-Za-z_]\\w*((\\.|->)[A-Za-z_]\\w*)*\\s*\\)$")
  field: [(field_identifier) @name (template_method name: (field_identifier) @name)])) @reference.call
; gmock's EXPECT_CALL(handler, OnScalar(_, "?")) and ON_CALL(..): the second argument names the mocked method of the
; first (a mock's MOCK_METHOD is no definition: its base's virtual method), never a function of the file
(call_expression function: (identifier) @_expect (#any-of? @_expect "EXPECT_CALL" "ON_CALL")
  arguments: (argument_list . [(identifier) @receiver (pointer_expression "*" argument: (identifier) @receiver)
                               (field_expression) @receiver]
    . (call_expression function: (identifier) @name) @reference.call))
; (*it)->visit(), (*p).f(): a call on what it (an iterator, a pointer) points to, which is what it is bound to
(call_expression function: (field_expression
  argument: (parenthesized_expression (pointer_expression "*" argument: [(identifier) (field_expression)] @receiver))
  field: [(field_identifier) @name (template_method name: (field_identifier) @name)])) @reference.call
; a qualified call's receiver keeps its "::" (cpp.receiver_path): a namespace's function is then looked up bare
(call_expression function: [
  (qualified_identifier scope: (_) @receiver "::" @receiver
    name: [(identifier) @name (template_function name: (identifier) @name)])
  (qualified_identifier name: (qualified_identifier scope: (_) @receiver "::" @receiver
    name: [(identifier) @name (template_function name: (identifier) @name)]))
  (qualified_identifier name: (qualified_identifier name: (qualified_identifier scope: (_) @receiver "::" @receiver
    name: [(identifier) @name (template_function name: (identifier) @name)])))]) @reference.call
; a macro written as a template parameter (`template <typename T, FMT_ENABLE_IF(is_integral<T>::value)>`): its call
(template_parameter_list (parameter_declaration type: (type_identifier) @name declarator: (abstract_function_declarator))
  @reference.call)
(new_expression type: (type_identifier) @name) @reference.call
(new_expression type: (template_type name: (type_identifier) @name)) @reference.call
(new_expression type: (qualified_identifier scope: (_) @receiver "::" @receiver
  name: [(type_identifier) @name (template_type name: (type_identifier) @name)])) @reference.call
; an object built where it is declared runs its class's constructor: `Repairer repairer(db, options);`,
; `Batch batch;`, `Point p{1, 2};` (not a pointer or a reference: no object is built)
(declaration type: [(type_identifier) @name (template_type name: (type_identifier) @name)]
  declarator: [(identifier) (init_declarator declarator: (identifier) value: [(argument_list) (initializer_list)])])
  @reference.call
(declaration type: (qualified_identifier scope: (_) @receiver "::" @receiver
    name: [(type_identifier) @name (template_type name: (type_identifier) @name)])
  declarator: [(identifier) (init_declarator declarator: (identifier) value: [(argument_list) (initializer_list)])])
  @reference.call

; a function-like macro called between string literals (scrcpy's `"Default is " STR(PORT) ":"`, `LOGI("port "
; SC_STR(X) "...")`): the grammar reads the strings as the callee, the macro's name their last part
(call_expression function: (concatenated_string (identifier) @name .) arguments: (argument_list)) @reference.call

; functions passed or stored as values (std::sort(b, e, &Less), .cb = on_read, &Writer::Make), names read
(argument_list (identifier) @name) @reference.callback
(argument_list (pointer_expression argument: (identifier) @name)) @reference.callback
(argument_list (qualified_identifier scope: (_) @receiver "::" @receiver name: (identifier) @name)) @reference.callback
(pointer_expression argument: (qualified_identifier scope: (_) @receiver "::" @receiver name: (identifier) @name))
  @reference.callback
; a nested class's member by address (re2's pybind11 binding `.def_property("x", &RE2::Options::posix_syntax, ..)`:
; nine accessors were dead) and a function template's instance as a value (`parser_(DoParse3ary<T>)`)
(pointer_expression argument: (qualified_identifier scope: (_) @receiver "::" @receiver
  name: (qualified_identifier scope: (_) @receiver "::" @receiver name: (identifier) @name))) @reference.callback
(argument_list (template_function name: (identifier) @name)) @reference.callback
[(initializer_pair value: (identifier) @name)
 (initializer_list (identifier) @name)
 (init_declarator value: (identifier) @name)
 (assignment_expression right: (identifier) @name)
 (return_statement (identifier) @name)
 (binary_expression left: (identifier) @name) (binary_expression right: (identifier) @name)
 (unary_expression argument: (identifier) @name)
 (subscript_argument_list (identifier) @name)
 (case_statement value: (identifier) @name)
 (conditional_expression [(identifier) @name])
 (cast_expression value: (identifier) @name)
 ; a function's address stored or handed over in braces (glog's `g_new_hook = &NoAllocNewHook;`,
 ; `std::thread t{&DieInThread, nullptr}`, `sa.sa_sigaction = &Handler`): its only use
 (initializer_list (pointer_expression "&" argument: (identifier) @name))
 (assignment_expression right: (pointer_expression "&" argument: (identifier) @name))
 (init_declarator value: (pointer_expression "&" argument: (identifier) @name))] @reference.callback
; a function given as a value in braces or as a parameter's default (CLI11's `Timer timer{"t", CLI::Timer::Big}`,
; `std::function<..> failure_message_{FailureMessage::simple}`, `Timer(time_print_t time_print = Simple)`), or
; returned (pugixml's `return strconv_pcdata_impl<opt_false, opt_true, opt_false>::parse;`: a template's static
; member chosen by a switch, its only use)
[(initializer_list (qualified_identifier scope: (_) @receiver "::" @receiver name: (identifier) @name))
 (return_statement (qualified_identifier scope: (_) @receiver "::" @receiver name: (identifier) @name))
 (initializer_list (qualified_identifier scope: (_) @receiver "::" @receiver
   name: (qualified_identifier scope: (_) @receiver "::" @receiver name: (identifier) @name)))
 (optional_parameter_declaration default_value: (qualified_identifier scope: (_) @receiver "::" @receiver
   name: (identifier) @name))] @reference.callback
(optional_parameter_declaration default_value: (identifier) @name) @reference.callback

; base classes: class A : public B, private ns::C<T>
(base_class_clause [(type_identifier) @name (template_type name: (type_identifier) @name)] @reference.inherits)
(base_class_clause [(qualified_identifier scope: (_) @receiver "::" @receiver
                      name: [(type_identifier) @name (template_type name: (type_identifier) @name)])
                    (qualified_identifier name: (qualified_identifier scope: (_) @receiver "::" @receiver
                      name: [(type_identifier) @name (template_type name: (type_identifier) @name)]))]
  @reference.inherits)

; types named in signatures, fields, variables, casts, template arguments (see parse.py @reference.type)
(type_identifier) @name @reference.type
(qualified_identifier scope: (_) @receiver "::" @receiver name: (type_identifier) @name) @reference.type
; a type named as the scope of a value (static_assert(F::is_integer) after using F = std::numeric_limits<From>;
; Factor::num > 0, decltype(factor::num)): a use of it; a namespace's name (std::, detail::) is no type and finds none.
; Only where a value is read: a declared type's scope is no type of the variable, a definition's (file::write) its own
([(argument_list (qualified_identifier scope: (namespace_identifier) @name name: (identifier)))
  (binary_expression (qualified_identifier scope: (namespace_identifier) @name name: (identifier)))
  (unary_expression (qualified_identifier scope: (namespace_identifier) @name name: (identifier)))
  (conditional_expression (qualified_identifier scope: (namespace_identifier) @name name: (identifier)))
  (parenthesized_expression (qualified_identifier scope: (namespace_identifier) @name name: (identifier)))
  (static_assert_declaration condition: (qualified_identifier scope: (namespace_identifier) @name name: (identifier)))
  (decltype (qualified_identifier scope: (namespace_identifier) @name name: (identifier)))
  (template_argument_list (qualified_identifier scope: (namespace_identifier) @name name: (identifier)))
  (init_declarator value: (qualified_identifier scope: (namespace_identifier) @name name: (identifier)))
  (initializer_list (qualified_identifier scope: (namespace_identifier) @name name: (identifier)))
  (return_statement (qualified_identifier scope: (namespace_identifier) @name name: (identifier)))
  (assignment_expression right: (qualified_identifier scope: (namespace_identifier) @name name: (identifier)))
  (subscript_argument_list (qualified_identifier scope: (namespace_identifier) @name name: (identifier)))]
  @reference.type)

; #include "x.h" / #include <x.h>: a wildcard import of the header (see c.scm)
(preproc_include path: (string_literal (string_content) @import.module) @import.wildcard) @import
(preproc_include path: (system_lib_string) @import.module @import.wildcard) @import

; typed parameters and variables: p->f(), w.f() resolve on their class (see parse.py @var.name)
; a template's type parameter (`template <typename Handler> void parse(Handler&& h)`) is any type the template is
; built with: a value of it types nothing unless a repository class bears its name (`narrowed`), so `h.on_text()` is
; guessed among the repository's `on_text` methods, never a library's unknown type's
([(type_parameter_declaration (type_identifier) @var.name @var.narrowed)
  (optional_type_parameter_declaration name: (type_identifier) @var.name @var.narrowed)])
(parameter_declaration type: (_) @var.type declarator: [(identifier) @var.name
  (pointer_declarator declarator: (identifier) @var.name) (reference_declarator (identifier) @var.name)])
(optional_parameter_declaration type: (_) @var.type declarator: [(identifier) @var.name
  (pointer_declarator declarator: (identifier) @var.name) (reference_declarator (identifier) @var.name)])
(declaration type: [(type_identifier) (qualified_identifier) (template_type)] @var.type
  declarator: [(identifier) @var.name
               (init_declarator declarator: [(identifier) @var.name (pointer_declarator declarator: (identifier) @var.name)
                                             (reference_declarator (identifier) @var.name)])
               (pointer_declarator declarator: (identifier) @var.name)])
(declaration type: (placeholder_type_specifier)
  declarator: (init_declarator declarator: [(identifier) @var.name (pointer_declarator declarator: (identifier) @var.name)]
                               value: (new_expression type: (_) @var.type)))
; auto p = std::make_shared<Logger>(..), std::make_unique<T>(..): a T; auto x = make(..): what make returns
(declaration type: (placeholder_type_specifier)
  declarator: (init_declarator declarator: (identifier) @var.name
    value: (call_expression function: (qualified_identifier name: (template_function name: (identifier) @_make
      arguments: (template_argument_list . (type_descriptor type: (_) @var.type))))))
  (#match? @_make "^(make_shared|make_unique)$"))
; (and auto* / auto&: CLI11's `auto *opt = app.add_option(..)`)
(declaration type: (placeholder_type_specifier)
  declarator: (init_declarator declarator: [(identifier) @var.name (pointer_declarator declarator: (identifier) @var.name)
                                            (reference_declarator (identifier) @var.name)]
    value: (call_expression function: [(identifier) (field_expression) (qualified_identifier name: (identifier))]
      @_callee (#not-match? @_callee "(\\.|->)(c?r?begin|find|lower_bound|upper_bound)$"))
      @var.value))
; auto p = static_cast<Pigeon*>(x), auto* q = (Pigeon*)x: the type cast to
(declaration type: (placeholder_type_specifier)
  declarator: (init_declarator declarator: [(identifier) @var.name (pointer_declarator declarator: (identifier) @var.name)]
    value: (call_expression function: (template_function name: (identifier) @_cast
      arguments: (template_argument_list . (type_descriptor type: (_) @var.type)))))
  (#match? @_cast "^(static|dynamic|reinterpret|const)_cast$"))
(declaration type: (placeholder_type_specifier)
  declarator: (init_declarator declarator: [(identifier) @var.name (pointer_declarator declarator: (identifier) @var.name)]
    value: (cast_expression type: (type_descriptor type: (_) @var.type))))

; names bound where they are (see parse.py @local.name): parameters and a function's own variables
(parameter_declaration declarator: [(identifier) @local.name (pointer_declarator declarator: (identifier) @local.name)
  (reference_declarator (identifier) @local.name)
  (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @local.name))
  (array_declarator declarator: (identifier) @local.name)])
(optional_parameter_declaration declarator: [(identifier) @local.name
  (pointer_declarator declarator: (identifier) @local.name) (reference_declarator (identifier) @local.name)])
(compound_statement (declaration declarator: [(identifier) @local.name
  (init_declarator declarator: [(identifier) @local.name (pointer_declarator declarator: (identifier) @local.name)
                                (reference_declarator (identifier) @local.name)
                                (array_declarator declarator: (identifier) @local.name)])
  (pointer_declarator declarator: (identifier) @local.name)
  (array_declarator declarator: (identifier) @local.name)]))
(for_statement initializer: (declaration declarator: (init_declarator declarator: (identifier) @local.name)))
(for_range_loop declarator: [(identifier) @local.name (reference_declarator (identifier) @local.name)])
; for (auto* n : nodes) n->visit(): n is an element of nodes, as its declaration states (vector<Node*>, a NodeList);
; for (Node* n : nodes): the type written
(for_range_loop type: (placeholder_type_specifier)
  declarator: [(identifier) @var.name (pointer_declarator declarator: (identifier) @var.name)
               (reference_declarator (identifier) @var.name)]
  right: [(identifier) (field_expression)] @var.elements)
(for_range_loop type: [(type_identifier) (qualified_identifier) (template_type)] @var.type
  declarator: [(identifier) @var.name (pointer_declarator declarator: (identifier) @var.name)
               (reference_declarator (identifier) @var.name)
               (reference_declarator (pointer_declarator declarator: (identifier) @var.name))])
; for (auto& [name, task] : tasks): a map's key (where the file declares the map: ENTRY_MEMBERS) and mapped value
; (an element, as tasks[k] gives it; a vector of pairs' elements are not known: unbound)
(for_range_loop type: (placeholder_type_specifier)
  declarator: [(structured_binding_declarator . (identifier) @var.name . (identifier) .)
               (reference_declarator (structured_binding_declarator . (identifier) @var.name . (identifier) .))]
  right: [(identifier) (field_expression)] @var.map_keys)
(for_range_loop type: (placeholder_type_specifier)
  declarator: [(structured_binding_declarator . (identifier) . (identifier) @var.name .)
               (reference_declarator (structured_binding_declarator . (identifier) . (identifier) @var.name .))]
  right: [(identifier) (field_expression)] @var.elements)
(for_range_loop declarator: [(pointer_declarator declarator: (identifier) @local.name)
                             (reference_declarator (pointer_declarator declarator: (identifier) @local.name))])
; auto it = nodes.begin(), handlers.find(k): an iterator, whose pointee (*it, it->) is an element of the container
(declaration type: (placeholder_type_specifier)
  declarator: (init_declarator declarator: (identifier) @var.name
    value: (call_expression function: (field_expression argument: [(identifier) (field_expression)] @var.elements
      field: (field_identifier) @_iterator)))
  (#match? @_iterator "^(c?r?begin|find|lower_bound|upper_bound)$"))
