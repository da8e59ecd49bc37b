; Go: functions, methods (parent = receiver type, even in another file of the package), structs, interfaces, types,
; call sites, callbacks, embedding, imports, the package clause. Exported = capitalised (rule in parse.py).
; Capture names follow the convention documented in extractors/structure/parse.py.

(package_clause (package_identifier) @package.name)

; definitions
(function_declaration name: (identifier) @name) @definition.function
; a function cgo exports to C (//export Name on the line above): C code calls it, no Go code has to
((comment) @decorator . (function_declaration name: (identifier) @name) @definition.function
 (#match? @decorator "^//export [A-Za-z_]"))
(method_declaration
  receiver: (parameter_list (parameter_declaration name: (identifier)? @self.name
    type: [(type_identifier) @parent.name
           (pointer_type (type_identifier) @parent.name)
           (generic_type type: (type_identifier) @parent.name)
           (pointer_type (generic_type type: (type_identifier) @parent.name))]))
  name: (field_identifier) @name) @definition.function
; a method with the whole signature of an io interface's one method (Write(p []byte) (n int, err error), Close()
; error): its types as decorators, which go.py's settle_definitions reads (the standard library calls it through
; io.Writer / io.Closer, never by the type's name)
; needs: Write|Read|WriteString|ReadFrom|WriteTo
((method_declaration name: (field_identifier) @name
   parameters: (parameter_list . (parameter_declaration type: (_) @decorator) .)
   result: (parameter_list . (parameter_declaration type: (_) @decorator) . (parameter_declaration type: (_) @decorator) .))
 @definition.function (#any-of? @name "Write" "Read" "WriteString" "ReadFrom" "WriteTo"))
; needs: Close
((method_declaration name: (field_identifier) @name parameters: (parameter_list) @_none result: (type_identifier) @decorator)
 @definition.function (#eq? @name "Close") (#eq? @_none "()"))
(type_spec name: (type_identifier) @name type: (struct_type)) @definition.struct
(type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface
(type_spec name: (type_identifier) @name type: [(type_identifier) (qualified_type) (map_type) (slice_type)
  (array_type) (function_type) (pointer_type) (channel_type) (generic_type)]) @definition.type
(type_alias name: (type_identifier) @name) @definition.type
; a named interface's methods (var c interface{ Any(..) Field } inside a function declares no method of it)
(type_spec type: (interface_type (method_elem name: (field_identifier) @name) @definition.function))
; struct fields: their declared types type a chain (c.Request.Header.Get(): net/http's, not a guess); a named
; struct's only (an anonymous struct's, a test table's `[]struct{ name string }`, are no names of the package)
(type_spec type: (struct_type (field_declaration_list (field_declaration name: (field_identifier) @name) @definition.field)))
; package-level values (its spec's span holds what computes the value; of `var a, b = ...` the first name)
(source_file (var_declaration (var_spec . name: (identifier) @name) @definition.variable))
(source_file (var_declaration (var_spec_list (var_spec . name: (identifier) @name) @definition.variable)))
(source_file (const_declaration (const_spec . name: (identifier) @name) @definition.constant))
; a function literal kept in a local (count := func(n *Node) error {..}): a definition, as Python's f = lambda
; is: count() and t.Walk(count) reach it, and the calls in its body are its own
(short_var_declaration left: (expression_list . (identifier) @name .)
  right: (expression_list . (func_literal) .)) @definition.function

; calls: f(), pkg.F(), x.M(), T{}.M(), NewT().M()
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (selector_expression operand: (_) @receiver field: (field_identifier) @name)) @reference.call
; generic functions called with type arguments: f[T](a, b) reads as an index, f[T](x) as a conversion to a generic type
(call_expression function: (index_expression operand: (identifier) @name)) @reference.call
(call_expression function: (index_expression
  operand: (selector_expression operand: (_) @receiver field: (field_identifier) @name))) @reference.call
(type_conversion_expression type: (generic_type type: (type_identifier) @name)) @reference.call
(type_conversion_expression
  type: (generic_type type: (qualified_type package: (package_identifier) @receiver name: (type_identifier) @name)))
  @reference.call
(composite_literal type: (type_identifier) @name) @reference.call
(composite_literal type: (qualified_type package: (package_identifier) @receiver name: (type_identifier) @name)) @reference.call

; functions passed as values: Apply(f), http.HandleFunc("/", s.handle), handlers{f}, key: f
(argument_list (identifier) @name) @reference.callback
; a generic function instantiated as a value (var NewStringSlice = NewSliceBase[string, StringConfig])
(type_instantiation_expression . type: (type_identifier) @name) @reference.callback
(var_spec value: (expression_list (index_expression operand: (identifier) @name) @reference.callback))
(argument_list (selector_expression operand: (_) @receiver field: (field_identifier) @name)) @reference.callback
(keyed_element (literal_element) (literal_element (identifier) @name)) @reference.callback
; a function kept or handed out as a value: var hook = preExecHook, return defaultHelpFunc, a FuncMap's "name": fn
; also a method value: allow = config.defaultAllow, return c.starAllow
[(var_spec value: (expression_list [(identifier) @name
   (selector_expression operand: (_) @receiver field: (field_identifier) @name)]))
 (assignment_statement right: (expression_list [(identifier) @name
   (selector_expression operand: (_) @receiver field: (field_identifier) @name)]))] @reference.callback
(keyed_element (literal_element) (literal_element (selector_expression operand: (_) @receiver field: (field_identifier) @name))) @reference.callback
; a function returned (see parse.py @reference.returns): h := makeHandler(cfg); h(w, r) calls what makeHandler
; returns, return render or return s.serve alone; of several results (return x, nil) each is only passed on
(return_statement (expression_list . [(identifier) @name
  (selector_expression operand: (_) @receiver field: (field_identifier) @name)] .)) @reference.returns
; return func(next Handler) Handler {..}: the function's own code (on the literal's keyword: langs/go.py makes it
; OWN_CODE), which mw := Logger(); mw(next) then runs
(return_statement (expression_list . (func_literal "func" @name) .)) @reference.returns
(return_statement (expression_list (_) . [(identifier) @name
  (selector_expression operand: (_) @receiver field: (field_identifier) @name)])) @reference.callback
(return_statement (expression_list . [(identifier) @name
  (selector_expression operand: (_) @receiver field: (field_identifier) @name)] . (_))) @reference.callback
; a function of another package listed in a slice: []Validation{validations.LintHelp, validations.LintCounter}
(literal_value (literal_element (selector_expression operand: (_) @receiver field: (field_identifier) @name))) @reference.callback
; a named function stored in a struct's field (see parse.py @reference.stored): s.handler = serve, o.OnError =
; handleErr, &Server{OnError: handleErr}, pkg.Server{Logf: logf}; a call through the field (s.OnError(err)) reaches it
(assignment_statement left: (expression_list . (selector_expression) @receiver .)
  right: (expression_list . (identifier) @name .)) @reference.stored
(composite_literal type: [(type_identifier) (qualified_type)] @receiver.holder
  body: (literal_value (keyed_element . (literal_element (identifier) @receiver)
                                      . (literal_element (identifier) @name)) @reference.stored))
; a method value stored the same way (@stored.object: the value whose method it is): s.cb = s.handle,
; Handler{Fn: c.flush}, []Route{{Name: "a", Fn: s.serveA}} (each element built as the slice's element type)
(assignment_statement left: (expression_list . (selector_expression) @receiver .)
  right: (expression_list . (selector_expression operand: (_) @stored.object field: (field_identifier) @name) .))
  @reference.stored
(composite_literal type: [(type_identifier) (qualified_type)] @receiver.holder
  body: (literal_value (keyed_element . (literal_element (identifier) @receiver)
    . (literal_element (selector_expression operand: (_) @stored.object field: (field_identifier) @name)))
    @reference.stored))
(composite_literal type: [(slice_type element: [(type_identifier) (qualified_type)] @receiver.holder)
                          (array_type element: [(type_identifier) (qualified_type)] @receiver.holder)
                          (implicit_length_array_type element: [(type_identifier) (qualified_type)] @receiver.holder)]
  body: (literal_value (literal_element (literal_value (keyed_element . (literal_element (identifier) @receiver)
    . (literal_element [(identifier) @name
                        (selector_expression operand: (_) @stored.object field: (field_identifier) @name)]))
    @reference.stored))))
; a struct literal without field names: Handler{"x", handleX} stores handleX in Handler's second field
(composite_literal type: (type_identifier) @receiver.holder
  body: (literal_value (literal_element [(identifier) @name
    (selector_expression operand: (_) @stored.object field: (field_identifier) @name)]) @receiver.place @reference.stored))
(composite_literal type: [(slice_type element: (type_identifier) @receiver.holder)
                          (array_type element: (type_identifier) @receiver.holder)
                          (implicit_length_array_type element: (type_identifier) @receiver.holder)]
  body: (literal_value (literal_element (literal_value (literal_element [(identifier) @name
    (selector_expression operand: (_) @stored.object field: (field_identifier) @name)]) @receiver.place
    @reference.stored))))
; a collection held in a field, given functions: c.handlers = map[string]H{"a": doA}, c.hooks = append(c.hooks, fn),
; c.mws = append(c.mws, mw...) (a parameter: what callers pass);
; each is stored in the field, so a call through it (c.handlers[k](..), for _, f := range c.hooks { f() }) reaches it
(assignment_statement left: (expression_list . (selector_expression) @receiver .)
  right: (expression_list . (composite_literal type: [(map_type) (slice_type) (array_type) (implicit_length_array_type)]
    body: (literal_value [(literal_element [(identifier) @name
                            (selector_expression operand: (_) @stored.object field: (field_identifier) @name)])
                          (keyed_element . (literal_element) . (literal_element [(identifier) @name
                            (selector_expression operand: (_) @stored.object field: (field_identifier) @name)]))]))
  .)) @reference.stored
(assignment_statement left: (expression_list . (selector_expression) @receiver .)
  right: (expression_list . (call_expression function: (identifier) @_append (#eq? @_append "append")
    arguments: (argument_list . (_) [(identifier) @name (variadic_argument (identifier) @name)
                                     (selector_expression operand: (_) @stored.object field: (field_identifier) @name)]))
  .)) @reference.stored
(assignment_statement left: (expression_list . (index_expression operand: (selector_expression) @receiver) .)
  right: (expression_list . [(identifier) @name
                             (selector_expression operand: (_) @stored.object field: (field_identifier) @name)] .))
  @reference.stored
; functions kept in a map or a slice and called from it (see parse.py @var.callable: bound for calls only, so a
; []Level{Debug, Info} types nothing): handlers := map[string]func(){"a": doA}, var cmds = map[string]cmdFunc{..},
; steps := []func(){a, s.b}, handlers["x"] = doX; handlers[k](), and an element taken from it (f, ok :=
; handlers[k]; for _, f := range steps) called
(short_var_declaration left: (expression_list . (identifier) @var.name .)
  right: (expression_list . (composite_literal
    type: [(map_type) (slice_type) (array_type) (implicit_length_array_type)]
    body: (literal_value [(literal_element [(identifier) (selector_expression)] @var.callable)
                          (keyed_element . (literal_element) . (literal_element [(identifier) (selector_expression)]
                                                                @var.callable))])) .))
(var_spec . name: (identifier) @var.name .
  value: (expression_list . (composite_literal
    type: [(map_type) (slice_type) (array_type) (implicit_length_array_type)]
    body: (literal_value [(literal_element [(identifier) (selector_expression)] @var.callable)
                          (keyed_element . (literal_element) . (literal_element [(identifier) (selector_expression)]
                                                                @var.callable))])) .))
(assignment_statement left: (expression_list . (index_expression operand: (identifier) @var.name) .)
  right: (expression_list . [(identifier) (selector_expression)] @var.callable .))
(call_expression function: (index_expression operand: (identifier) @name)) @reference.item_call
; with one argument the grammar reads handlers[k](v) as a generic conversion: the same call
(type_conversion_expression type: (generic_type type: (type_identifier) @name)) @reference.item_call
; f, ok := handlers[k]; f(): an element of what handlers holds is called (for _, f := range steps: see parse.py
; @var.each); for _, f := range []func(){a, b} { f() }: f is a or b
(short_var_declaration left: (expression_list . (identifier) @var.name)
  right: (expression_list . (index_expression operand: (identifier) @var.each) .))
(range_clause left: (expression_list (_) (identifier) @var.name) right: [(identifier) (selector_expression)] @var.each)
(range_clause left: (expression_list (_) (identifier) @var.name)
  right: (composite_literal type: [(map_type value: (function_type)) (slice_type element: (function_type))
                                   (array_type element: (function_type))
                                   (implicit_length_array_type element: (function_type))]
    body: (literal_value [(literal_element [(identifier) (selector_expression)] @var.value)
    (keyed_element . (literal_element) . (literal_element [(identifier) (selector_expression)] @var.value))])))
; mk()(): what mk returns is called (its @reference.returns)
(call_expression function: (call_expression function: [(identifier) @name
  (selector_expression operand: (_) @receiver field: (field_identifier) @name)])) @reference.call_result
; values read (a package variable or constant: a ``reads`` edge): x := y, h := s.handle, !v, a == ErrX, []T{a, b},
; case X:, if ok
[(short_var_declaration right: (expression_list (identifier) @name))
 (short_var_declaration right: (expression_list (selector_expression operand: (_) @receiver field: (field_identifier) @name)))
 (binary_expression left: (identifier) @name) (binary_expression right: (identifier) @name)
 (unary_expression operand: (identifier) @name) (literal_value (literal_element (identifier) @name))
 (expression_case value: (expression_list (identifier) @name)) (if_statement condition: (identifier) @name)] @reference.callback

; embedding: struct { Base } / interface { Other } (methods of the embedded type are promoted)
; a generic type embedded too: struct { Task[R] } (TaskEither's Run is its Task's)
(field_declaration_list (field_declaration !name type: [(type_identifier) @name
  (pointer_type (type_identifier) @name) (generic_type type: (type_identifier) @name)
  (pointer_type (generic_type type: (type_identifier) @name))]) @reference.inherits)
(field_declaration_list (field_declaration !name type: [(qualified_type package: (package_identifier) @receiver name: (type_identifier) @name)
  (pointer_type (qualified_type package: (package_identifier) @receiver name: (type_identifier) @name))
  (generic_type type: (qualified_type package: (package_identifier) @receiver name: (type_identifier) @name))
  (pointer_type (generic_type type: (qualified_type package: (package_identifier) @receiver
                                                    name: (type_identifier) @name)))]) @reference.inherits)
(interface_type (type_elem [(type_identifier) @name
                            (qualified_type package: (package_identifier) @receiver name: (type_identifier) @name)])
  @reference.inherits)

; imports: "a/b" / x "a/b" / . "a/b"
(import_spec !name path: (interpreted_string_literal (interpreted_string_literal_content) @import.module)) @import
(import_spec name: (package_identifier) @import.alias path: (interpreted_string_literal (interpreted_string_literal_content) @import.module)) @import
(import_spec name: (dot) @import.wildcard path: (interpreted_string_literal (interpreted_string_literal_content) @import.module)) @import

; types named in signatures, fields, variables, generic arguments (see parse.py @reference.type)
(type_identifier) @name @reference.type
(qualified_type package: (package_identifier) @receiver name: (type_identifier) @name) @reference.type

; typed variables: parameters, var declarations, x := T{} / &T{} / NewT() (see parse.py @var.name)
(parameter_declaration name: (identifier) @var.name type: (_) @var.type)
; a type parameter stands for its constraint (func Fill[T Clonable[T]](.., initial T)): initial.Clone() is the
; interface's method, dispatched to the implementations; a union (~int | ~float64) or a library's constraint types
; nothing of ours
(type_parameter_declaration name: (identifier) @var.name
  type: (type_constraint . [(type_identifier) (generic_type) (qualified_type)] @var.type .))
; opts ...Option: each element of opts is an Option (for _, o := range opts { o.apply(l) })
(variadic_parameter_declaration name: (identifier) @var.name type: (_) @var.spread)
(var_spec name: (identifier) @var.name type: (_) @var.type)
; a named struct's fields (a test table's []struct{ task string } binds .task only, @var.record below: its field
; named like an imported package is no variable of the function, task.NewExecutor() stays the package's)
(type_spec type: (struct_type (field_declaration_list
  (field_declaration name: (field_identifier) @var.name type: (_) @var.type))))
; an embedded field is named by its type: struct { Core; *Base; zapcore.Encoder } (h.Core.Check() is a Core's)
(field_declaration !name type: [(type_identifier) @var.name (pointer_type (type_identifier) @var.name)
  (qualified_type name: (type_identifier) @var.name) (pointer_type (qualified_type name: (type_identifier) @var.name))
  (generic_type type: [(type_identifier) @var.name (qualified_type name: (type_identifier) @var.name)])
  (pointer_type (generic_type type: [(type_identifier) @var.name (qualified_type name: (type_identifier) @var.name)]))]
  @var.type)
(short_var_declaration left: (expression_list . (identifier) @var.name)
  right: (expression_list . [(composite_literal) (unary_expression operand: (composite_literal)) (call_expression)] @var.type))
; var std = New(), at package level too (another file of the package reads std); of var p, n = f() the first name
; (the later ones take f's later results, below)
(var_spec . name: (identifier) @var.name !type
  value: (expression_list . [(composite_literal) (unary_expression operand: (composite_literal)) (call_expression)] @var.type))
; var json = jsoniter.ConfigCompatibleWithStandardLibrary: what the package variable holds is that value (a library's
; here: json.Marshal() is no guess at the repository's Marshal); var m = n holds what n does, as m := n
(var_spec . name: (identifier) @var.name !type value: (expression_list . [(identifier) (selector_expression)] @var.value))
; var p, n = b.pageNode(id): n is pageNode's second declared result (as with :=)
(var_spec name: (identifier) name: (identifier) @var.name !type
  value: (expression_list . (call_expression) @var.result .))
; c, p := e.node, e.page and var m, e = n, &elem{}: each later name takes the value at its own place (up to the fourth)
(short_var_declaration left: (expression_list . (_) . (identifier) @var.name)
  right: (expression_list . (_) . [(composite_literal) (unary_expression operand: (composite_literal)) (call_expression)] @var.type))
(short_var_declaration left: (expression_list . (_) . (_) . (identifier) @var.name)
  right: (expression_list . (_) . (_) . [(composite_literal) (unary_expression operand: (composite_literal)) (call_expression)] @var.type))
(short_var_declaration left: (expression_list . (_) . (_) . (_) . (identifier) @var.name)
  right: (expression_list . (_) . (_) . (_) . [(composite_literal) (unary_expression operand: (composite_literal)) (call_expression)] @var.type))
(short_var_declaration left: (expression_list . (_) . (identifier) @var.name)
  right: (expression_list . (_) . [(identifier) (selector_expression)] @var.value))
(short_var_declaration left: (expression_list . (_) . (_) . (identifier) @var.name)
  right: (expression_list . (_) . (_) . [(identifier) (selector_expression)] @var.value))
(short_var_declaration left: (expression_list . (_) . (_) . (_) . (identifier) @var.name)
  right: (expression_list . (_) . (_) . (_) . [(identifier) (selector_expression)] @var.value))
(short_var_declaration left: (expression_list . (_) . (identifier) @var.name)
  right: (expression_list . (_) . (index_expression operand: [(identifier) (selector_expression)] @var.elements)))
(short_var_declaration left: (expression_list . (_) . (_) . (identifier) @var.name)
  right: (expression_list . (_) . (_) . (index_expression operand: [(identifier) (selector_expression)] @var.elements)))
(var_spec . name: (_) . name: (identifier) @var.name !type
  value: (expression_list . (_) . [(composite_literal) (unary_expression operand: (composite_literal)) (call_expression)] @var.type))
(var_spec . name: (_) . name: (_) . name: (identifier) @var.name !type
  value: (expression_list . (_) . (_) . [(composite_literal) (unary_expression operand: (composite_literal)) (call_expression)] @var.type))
(var_spec . name: (_) . name: (identifier) @var.name !type
  value: (expression_list . (_) . [(identifier) (selector_expression)] @var.value))
(var_spec . name: (_) . name: (_) . name: (identifier) @var.name !type
  value: (expression_list . (_) . (_) . [(identifier) (selector_expression)] @var.value))
; a type assertion: st, ok := v.(SchemaTyper); w := v.(*Writer); var buf = pool.Get().(*bytes.Buffer)
[(short_var_declaration left: (expression_list . (identifier) @var.name)
   right: (expression_list . (type_assertion_expression type: (_) @var.type)))
 (var_spec . name: (identifier) @var.name !type value: (expression_list . (type_assertion_expression type: (_) @var.type)))]
; a copy through a pointer: p := *(m.paginator()), c := *cfg: what the call or the variable gives (glow's
; p.View() on a copied *paginator.Model was a guess at the repository's two View methods)
; (one pattern: as two it cost the compile twice as much)
(short_var_declaration left: (expression_list . (identifier) @var.name .)
  right: (expression_list . (unary_expression operator: "*"
    operand: [(parenthesized_expression (call_expression) @var.type) (call_expression) @var.type
              (identifier) @var.value (selector_expression) @var.value]) .))
; switch v := x.(type) { case *Pigeon: v.Send() }: v is the case's type in that case only (each case of such a switch
; a scope of its own: parse.py @scope.branch). As each case's type in the whole function, bubbletea's `case
; tea.KeyPressMsg: msg.String()` beside `case tickMsg:` (a `time.Time`) was unresolved, and `case Color:
; msg.IsDark()` reached every case's IsDark
(type_switch_statement alias: (expression_list . (identifier) @var.name) (type_case "case" . type: (_) @var.narrowed . ":"))
(type_switch_statement alias: (expression_list) (type_case) @scope.branch)
; ... and the value switched on in a case of several types and in `default:` (`case A, B: v.String()`: the interface's)
(type_switch_statement alias: (expression_list . (identifier) @var.name) value: [(identifier) (selector_expression)] @var.value)
; assigned values: h := s.handle; h() calls it (see parse.py @var.value)
(short_var_declaration left: (expression_list . (identifier) @var.name)
  right: (expression_list . [(identifier) (selector_expression)] @var.value))

; names bound where they are (see parse.py @local.name): parameters, := and var declarations, range variables
(parameter_declaration name: (identifier) @local.name)
; a type parameter is the function's own name: T(x) converts to it, no function of the package named T runs
(type_parameter_declaration name: (identifier) @local.name)
(variadic_parameter_declaration name: (identifier) @local.name)
; a function's own parameters by place (see parse.py @parameter.name): Walk(fn WalkFunc) { fn(n) } calls what Walk's
; callers pass; a literal's only where it is a definition (count := func(..)), a receiver never (o.Walk(f): f is #0)
([(function_declaration parameters: (parameter_list
    [(parameter_declaration name: (identifier) @parameter.name)
     (variadic_parameter_declaration name: (identifier) @parameter.name)]))
  (method_declaration parameters: (parameter_list
    [(parameter_declaration name: (identifier) @parameter.name)
     (variadic_parameter_declaration name: (identifier) @parameter.name)]))
  (short_var_declaration right: (expression_list . (func_literal parameters: (parameter_list
    [(parameter_declaration name: (identifier) @parameter.name)
     (variadic_parameter_declaration name: (identifier) @parameter.name)])) .))])
; a function literal's parameters where the literal is passed to a call (grpc.UnaryInterceptor(func(.., handler
; grpc.UnaryHandler) {..}), e.Use(func(next echo.HandlerFunc) ..)): the called function gives their values, so a
; call of one is a library's function value where that function is a library's (see parse.py @var.given)
(call_expression function: (_) @var.given arguments: (argument_list (func_literal parameters: (parameter_list
  [(parameter_declaration name: (identifier) @var.name) (variadic_parameter_declaration name: (identifier) @var.name)]))))
(short_var_declaration left: (expression_list (identifier) @local.name))
(var_spec name: (identifier) @local.name)
; a := or var in a function holds from the statement's end to its block's end (an `if`'s initializer: to the if's
; end), so `args, _, err := args.Get()` in an inner block reads the package args in its value and after the
; block ends, as its uses before and after the block do (a local hid the package in the whole function). A function
; literal's name stays the function's (`check := func() {..}; check()`: that definition, named where it opens)
((statement_list (short_var_declaration left: (expression_list) @scope.binder
   right: (expression_list . (_) @_value)) @scope.binds.after) (#not-match? @_value "^func"))
((statement_list (var_declaration (var_spec value: (expression_list . (_) @_value))) @scope.binder @scope.binds.after)
 (#not-match? @_value "^func"))
((if_statement initializer: (short_var_declaration left: (expression_list) @scope.binder
   right: (expression_list . (_) @_value)) @scope.binds.after) (#not-match? @_value "^func"))
(range_clause left: (expression_list (identifier) @local.name))
; p := c.pools[name], p, ok := c.pools[name]: an element of the map (or slice), as a range variable is; x :=
; p.leaves()[i]: an element of what the method declares it returns
(short_var_declaration left: (expression_list . (identifier) @var.name)
  right: (expression_list . (index_expression operand: [(identifier) (selector_expression) (call_expression)]
    @var.elements)))
; var ref = &c.stack[i], var x = s[i]: the same, declared with var
(var_spec . name: (identifier) @var.name !type
  value: (expression_list . [(index_expression operand: [(identifier) (selector_expression)] @var.elements)
                             (unary_expression operator: "&"
                               operand: (index_expression operand: [(identifier) (selector_expression)] @var.elements))]))
; item := &n.inodes[i]: a pointer to an element, whose methods are the element's
(short_var_declaration left: (expression_list . (identifier) @var.name)
  right: (expression_list . (unary_expression operator: "&"
    operand: (index_expression operand: [(identifier) (selector_expression)] @var.elements))))
; for k, v := range s.byName, for k := range m: k takes the map's key type where the file declares the map (a
; slice's index, a channel's value: nothing; never the map's values)
(range_clause left: (expression_list . (identifier) @var.name) right: [(identifier) (selector_expression)] @var.map_keys)
; v := <-ch, case v, ok := <-w.Events: v is an element of the channel (only a channel is received from)
(short_var_declaration left: (expression_list . (identifier) @var.name)
  right: (expression_list . (unary_expression operator: "<-" operand: [(identifier) (selector_expression)] @var.elements)))
(receive_statement left: (expression_list . (identifier) @var.name)
  right: (unary_expression operator: "<-" operand: [(identifier) (selector_expression)] @var.elements))
(receive_statement left: (expression_list (identifier) @local.name))
; for _, b := range s.books: b takes the slice's (or map's) elements
; for _, c := range cmd.Commands(): c takes the elements of what the method declares it returns ([]*Command)
(range_clause left: (expression_list (_) (identifier) @var.name)
  right: [(identifier) (selector_expression) (call_expression)] @var.elements)

; what a named collection type or a struct's collection field holds (type Inodes []Inode, children []*Node,
; routes map[string]*Route): a loop over one, an index of one gives that element (see parse.py ITEMS_KIND)
([(type_spec type: [(slice_type element: [(type_identifier) @name (pointer_type (type_identifier) @name)])
                    (array_type element: [(type_identifier) @name (pointer_type (type_identifier) @name)])
                    (map_type value: [(type_identifier) @name (pointer_type (type_identifier) @name)])])
  (field_declaration name: (field_identifier)
    type: [(slice_type element: [(type_identifier) @name (pointer_type (type_identifier) @name)])
           (array_type element: [(type_identifier) @name (pointer_type (type_identifier) @name)])
           (map_type value: [(type_identifier) @name (pointer_type (type_identifier) @name)])
           (channel_type value: [(type_identifier) @name (pointer_type (type_identifier) @name)])])]) @reference.type.items
([(type_spec type: [(slice_type element: [(qualified_type package: (package_identifier) @receiver name: (type_identifier) @name)
                                          (pointer_type (qualified_type package: (package_identifier) @receiver name: (type_identifier) @name))])
                    (map_type value: [(qualified_type package: (package_identifier) @receiver name: (type_identifier) @name)
                                      (pointer_type (qualified_type package: (package_identifier) @receiver name: (type_identifier) @name))])])
  (field_declaration name: (field_identifier)
    type: [(slice_type element: [(qualified_type package: (package_identifier) @receiver name: (type_identifier) @name)
                                 (pointer_type (qualified_type package: (package_identifier) @receiver name: (type_identifier) @name))])
           (map_type value: [(qualified_type package: (package_identifier) @receiver name: (type_identifier) @name)
                             (pointer_type (qualified_type package: (package_identifier) @receiver name: (type_identifier) @name))])])]) @reference.type.items

; what a function declares it returns as a collection (func leaves() []Inode, (map[string]*Route, error)): a loop
; over its call, an index of it, gives that element (a map's value; never the key's type)
([(function_declaration result: [(slice_type element: [(type_identifier) @name (pointer_type (type_identifier) @name)])
                                 (array_type element: [(type_identifier) @name (pointer_type (type_identifier) @name)])
                                 (map_type value: [(type_identifier) @name (pointer_type (type_identifier) @name)])])
  (method_declaration result: [(slice_type element: [(type_identifier) @name (pointer_type (type_identifier) @name)])
                               (array_type element: [(type_identifier) @name (pointer_type (type_identifier) @name)])
                               (map_type value: [(type_identifier) @name (pointer_type (type_identifier) @name)])])
  (function_declaration result: (parameter_list . (parameter_declaration
    type: [(slice_type element: [(type_identifier) @name (pointer_type (type_identifier) @name)])
           (array_type element: [(type_identifier) @name (pointer_type (type_identifier) @name)])
           (map_type value: [(type_identifier) @name (pointer_type (type_identifier) @name)])])))
  (method_declaration result: (parameter_list . (parameter_declaration
    type: [(slice_type element: [(type_identifier) @name (pointer_type (type_identifier) @name)])
           (array_type element: [(type_identifier) @name (pointer_type (type_identifier) @name)])
           (map_type value: [(type_identifier) @name (pointer_type (type_identifier) @name)])])))]) @reference.type.items

; Go 1.23's iterators: func (t *Tasks) All() iter.Seq2[string, *Task]: for _, task := range t.All() gives the
; second type argument (a *Task), as a map's value
([(function_declaration result: (generic_type type: (qualified_type package: (package_identifier) @_iter
    name: (type_identifier) @_seq) type_arguments: (type_arguments (type_elem) . (type_elem
      [(type_identifier) @name (pointer_type (type_identifier) @name)]) .)))
  (method_declaration result: (generic_type type: (qualified_type package: (package_identifier) @_iter
    name: (type_identifier) @_seq) type_arguments: (type_arguments (type_elem) . (type_elem
      [(type_identifier) @name (pointer_type (type_identifier) @name)]) .)))]
  (#eq? @_iter "iter") (#eq? @_seq "Seq2")) @reference.type.items
; needs: Seq
; ... and iter.Seq[T]'s one type argument, where a function, a method or an interface's method declares it (gdu's
; `GetFiles(SortBy, SortOrder) iter.Seq[Item]` on its Item interface, `iter.Seq[fs.Item]` on each implementation)
((_ result: (generic_type type: (qualified_type package: (package_identifier) @_iter name: (type_identifier) @_seq)
    type_arguments: (type_arguments . (type_elem
      [(type_identifier) @name (pointer_type (type_identifier) @name)
       (qualified_type package: (package_identifier) @receiver name: (type_identifier) @name)
       (pointer_type (qualified_type package: (package_identifier) @receiver name: (type_identifier) @name))]) .)))
  (#eq? @_iter "iter") (#eq? @_seq "Seq")) @reference.type.items
; needs: range
; for item := range dir.GetFiles(..): one variable over a call is what it yields, an iter.Seq's element (a channel's
; too; a slice's index or a map's key is no value any method is called on through the items)
(range_clause left: (expression_list . (identifier) @var.name .) right: (call_expression) @var.elements)

; _, b, err := f(): b is f's second declared result (func f() (int, *Node, error)); the first name is bound above
(short_var_declaration left: (expression_list (_) (identifier) @var.name)
  right: (expression_list . (call_expression) @var.result .))
; an interface's method too: _, source, err := r.snapshots.Open(id) is the io.ReadCloser SnapshotStore.Open declares
[(function_declaration result: (parameter_list (parameter_declaration type: (_) @signature.result)))
 (method_declaration result: (parameter_list (parameter_declaration type: (_) @signature.result)))
 (method_elem result: (parameter_list (parameter_declaration type: (_) @signature.result)))
 (short_var_declaration right: (expression_list . (func_literal
   result: (parameter_list (parameter_declaration type: (_) @signature.result))) .))]

; a test table's record type written in place: cases := []struct{ cfg *Config }{..}; for _, tc := range cases
; { tc.cfg.Run() } is Config's Run (see parse.py @var.record)
(composite_literal type: [(slice_type element: (struct_type (field_declaration_list
                            (field_declaration name: (field_identifier) @var.record type: (_) @var.type))))
                          (array_type element: (struct_type (field_declaration_list
                            (field_declaration name: (field_identifier) @var.record type: (_) @var.type))))
                          (implicit_length_array_type element: (struct_type (field_declaration_list
                            (field_declaration name: (field_identifier) @var.record type: (_) @var.type))))
                          (map_type value: (struct_type (field_declaration_list
                            (field_declaration name: (field_identifier) @var.record type: (_) @var.type))))])

; a function literal is a scope of its own: what it declares with := or var (c1 := vec.MustCurryWith(nil) in one
; closure, c1, err := vec.Get() in another) is its own variable, not its function's; a variable it only assigns is
; the enclosing one's (see parse.py @scope.callback); the references in it stay the enclosing definition's
(func_literal) @scope.callback

; build := func() (*Cmd, *Ctx) {..}: what a call of the variable gives is the literal's first declared result
; (cmd, c := build(); cmd.Run() is Cmd's), as a function's is
(short_var_declaration left: (expression_list . (identifier) @var.name .)
  right: (expression_list . (func_literal result: [(pointer_type) (type_identifier) (qualified_type)] @var.returns) .))
(short_var_declaration left: (expression_list . (identifier) @var.name .)
  right: (expression_list . (func_literal result: (parameter_list . (parameter_declaration type: (_) @var.returns))) .))
; var registry = sync.OnceValue(func() *Registry {..}): a call of the variable gives what the literal declares
(var_spec . name: (identifier) @var.name !type
  value: (expression_list . (call_expression
    function: (selector_expression operand: (identifier) @_sync field: (field_identifier) @_once)
    arguments: (argument_list . (func_literal result: [(pointer_type) (type_identifier) (qualified_type)] @var.returns) .))
  (#eq? @_sync "sync") (#match? @_once "^OnceValues?$")))
; its later declared results: cmd, c := build() with build := func() (*Cmd, *Ctx): c is a Ctx (build()#1)
(short_var_declaration left: (expression_list . (identifier) @var.name .)
  right: (expression_list . (func_literal result: (parameter_list . (parameter_declaration) . (parameter_declaration
    type: (_) @var.returns) @var.returns.place)) .))
(short_var_declaration left: (expression_list . (identifier) @var.name .)
  right: (expression_list . (func_literal result: (parameter_list . (parameter_declaration) . (parameter_declaration)
    . (parameter_declaration type: (_) @var.returns) @var.returns.place)) .))
