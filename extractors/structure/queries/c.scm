; C: functions (exported unless static; every definition of a header is API), function-like macros, structs,
; unions, enums and their constants, typedefs, file-level variables and object-like macros, struct fields; calls,
; functions passed or stored as values, names read, types named; #include "x.h" (a wildcard import of the header:
; C's includes are transitive). Prototypes are no definitions: a call resolves to the function's body.
; Capture names follow the convention documented in extractors/structure/parse.py.

; definitions
(function_definition (storage_class_specifier)* @_storage (#not-any-of? @_storage "static")
  declarator: [(function_declarator declarator: (identifier) @name)
               (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
               (pointer_declarator declarator: (pointer_declarator
                 declarator: (function_declarator declarator: (identifier) @name)))]) @definition.function @exported
(function_definition
  declarator: [(function_declarator declarator: (identifier) @name)
               (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
               (pointer_declarator declarator: (pointer_declarator
                 declarator: (function_declarator declarator: (identifier) @name)))]) @definition.function
(preproc_function_def name: (identifier) @name) @definition.function
(preproc_def name: (identifier) @name value: (preproc_arg)) @definition.constant  ; an include guard has no value
; a macro's body is text to the grammar: the calls written in it (see parse.py @text.calls), and the names it
; hands on (@text.names: a callback, `#define fopen_read vms_fopen`)
(preproc_function_def name: (identifier) @text.macro parameters: (preproc_params) @text.parameters
  value: (preproc_arg) @text.calls @text.names)
(preproc_def value: (preproc_arg) @text.calls @text.names)
(struct_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
(union_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
; an enum is its name alone: its constants are the file's, written bare (KV_OK, not kv_status.KV_OK)
(enum_specifier name: (type_identifier) @name @definition.enum body: (enumerator_list))
(enumerator name: (identifier) @name) @definition.constant
; ...and a typedef of an anonymous enum is that enum (lz4's `typedef enum { ctxNone, ctxFast } LZ4F_CtxType_e;`),
; placed at its `enum` keyword, before its constants, as a named one is at its name (the typedef's `type` of that
; name is dropped: langs/c.settle_definitions, which the @qualifier "enum" tells)
(type_definition type: (enum_specifier "enum" @definition.enum @qualifier !name body: (enumerator_list))
  declarator: (type_identifier) @name)
; a typedef is its declarator alone: `typedef struct s {...} s_t;` defines struct s and s_t side by side, not one
; inside the other
(type_definition declarator: [(type_identifier) @name @definition.type
                              (pointer_declarator declarator: (type_identifier) @name) @definition.type
                              (function_declarator declarator: (parenthesized_declarator
                                (pointer_declarator declarator: (type_identifier) @name))) @definition.type])
; what a typedef stands for: `typedef struct _rio {..} rio;`, `typedef struct s *s_p;` (the reference placed at
; the typedef's own name, so that it is the typedef's: a variable typed `rio *r` reaches `struct _rio`'s fields)
(type_definition type: [(struct_specifier name: (type_identifier) @name) (union_specifier name: (type_identifier) @name)]
  declarator: [(type_identifier) @reference.type.alias
               (pointer_declarator declarator: (type_identifier) @reference.type.alias)]
  (#not-eq? @name @reference.type.alias))  ; typedef struct x x;: one name, the struct's twin (no alias of itself)
(translation_unit (declaration (storage_class_specifier)* @_storage (#not-any-of? @_storage "extern")
  declarator: [(identifier) @name
               (init_declarator declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name)
                                             (array_declarator declarator: (identifier) @name)])
               (pointer_declarator declarator: (identifier) @name)
               (array_declarator declarator: (identifier) @name)]) @definition.variable)
; a function's own `static` table of functions (`static const struct kv_ops ops = { f, g };`): a variable of its own,
; whose declared struct its initializer fills
(compound_statement (declaration (storage_class_specifier) @_storage (#eq? @_storage "static")
  declarator: (init_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)]
                               value: (initializer_list))) @definition.variable)
(field_declaration_list (field_declaration declarator: [(field_identifier) @name
  (pointer_declarator declarator: (field_identifier) @name)
  (array_declarator declarator: (field_identifier) @name)
  (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name)))
  ; void *(*keyDup)(..), char **(*f)(..): a function pointer returning a pointer (a positional initializer counts it)
  (pointer_declarator declarator: [
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name)))
    (pointer_declarator declarator: (function_declarator
      declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name))))])])
  @definition.field)

; calls: f(x), MACRO(x)
(call_expression function: (identifier) @name) @reference.call
; a call through a field: ops->read(ctx), s.cb(x), (*p->fn)(x): the field, and through it what is stored there
(call_expression function: (field_expression argument: (_) @receiver field: (field_identifier) @name)) @reference.call
(call_expression function: (parenthesized_expression (pointer_expression
  argument: (field_expression argument: (_) @receiver field: (field_identifier) @name)))) @reference.call
; a function stored in a field (see parse.py @reference.stored): .read = on_read in an initializer, p->cb = f
(initializer_pair designator: (field_designator (field_identifier) @receiver) value: (identifier) @name)
  @reference.stored
(assignment_expression left: (field_expression) @receiver right: (identifier) @name) @reference.stored
(assignment_expression left: (field_expression) @receiver right: (cast_expression value: (identifier) @name))
  @reference.stored  ; z->zalloc = (alloc_func)zalloc_cb
(assignment_expression left: (field_expression) @receiver right: (pointer_expression "&" argument: (identifier) @name))
  @reference.stored  ; p->closef = &io_fclose
(initializer_pair designator: (field_designator (field_identifier) @receiver)
  value: (pointer_expression "&" argument: (identifier) @name)) @reference.stored  ; .closef = &io_noclose
; ... by its place: { on_read, on_write } for a struct, or each struct of an array ({ {"get", cmd_get}, .. })
(init_declarator value: (initializer_list (identifier) @name @receiver.place)) @reference.stored
(init_declarator declarator: (array_declarator)
  value: (initializer_list (initializer_list (identifier) @name @receiver.place))) @reference.stored
(init_declarator value: (initializer_list (pointer_expression "&" argument: (identifier) @name) @receiver.place))
  @reference.stored  ; { NULL, &io_pclose }
; an attribute macro after a struct's body (`struct smb_header { .. } PACK;`), which the grammar reads as a variable
; declared of it (c.settle_definitions): the macro's use
(translation_unit (declaration type: [(struct_specifier body: (_)) (union_specifier body: (_))]
  declarator: (identifier) @name @reference.callback (#match? @name "^[A-Z][A-Z0-9_]*$")))
; an X-macro's argument: the macro each entry of a list expands with, called there (`#define XX(uc, lc) case UV_##uc:
; ..` then `UV_HANDLE_TYPE_MAP(XX)` in a switch), which the grammar reads as a type in a macro's parentheses
(compound_statement (macro_type_specifier type: (type_descriptor type: (type_identifier) @name !declarator))
  @reference.call)
(compound_statement [(declaration type: (macro_type_specifier
                       type: (type_descriptor type: (type_identifier) @name !declarator)) @reference.call)
                     (ERROR (macro_type_specifier  ; UV_ERRNO_MAP(UV_ERR_NAME_GEN_R) default: ...
                       type: (type_descriptor type: (type_identifier) @name !declarator)) @reference.call)])
; ...and at a file's level (libevent's wepoll.c: `#define X(..) WEPOLL_INTERNAL return_type(attributes* name)
; parameters = NULL;` then `NT_NTDLL_IMPORT_LIST(X)`, no `;`), a macro's name in capitals (a lone `LIST_HEAD(foo)`
; declares with a type's name)
((translation_unit (macro_type_specifier type: (type_descriptor type: (type_identifier) @name !declarator))
  @reference.call) (#match? @name "^[A-Z][A-Z0-9_]*$"))
; ...and in an enum's list (lz4frame.h's `typedef enum { LZ4F_LIST_ERRORS(LZ4F_GENERATE_ENUM) _dummy } ..`), which
; the grammar reads as an error of two names: the list's macro, called, and the macro it expands each entry with
((enumerator_list [(ERROR . (identifier) @name . (identifier) .) (ERROR . (identifier) . (identifier) @name .)]
  @reference.call) (#match? @name "^[A-Z][A-Z0-9_]*$"))
; an export macro written as a declaration's type: CJSON_PUBLIC(cJSON *) cJSON_Parse(..)
(macro_type_specifier name: (identifier) @name) @reference.call
; a statement macro with a block (lua's `vmdispatch (GET_OPCODE(i)) { vmcase(OP_MOVE) { .. } }`), which the grammar
; reads as a function defined in a function (C has none, and a function's declarator is never bare parentheses): the
; macro's call, and the call or the name in its parentheses
(compound_statement (function_definition type: (type_identifier) @name declarator: (parenthesized_declarator))
  @reference.call)
(compound_statement (function_definition
  declarator: (parenthesized_declarator (function_declarator declarator: (identifier) @name) @reference.call)))
(compound_statement (function_definition declarator: (parenthesized_declarator (identifier) @name) @reference.callback))

; a function-like macro called between string literals (scrcpy's `"Default is " STR(PORT) ":"`, `LOGI("port "
; SC_STR(X) "...")`): the grammar reads the strings as the callee, the macro's name their last part
(call_expression function: (concatenated_string (identifier) @name .) arguments: (argument_list)) @reference.call

; functions passed or stored as values: qsort(a, n, size, cmp), .read = on_read, ctx->cb = handler, return f;
; and names read there (a file-level variable, a constant or a macro: a ``reads`` edge)
(argument_list (identifier) @name) @reference.callback
(argument_list (pointer_expression argument: (identifier) @name)) @reference.callback
(pointer_expression "&" argument: (identifier) @name) @reference.callback  ; l_getenv = &no_getenv, { .., &io_pclose }
[(initializer_pair value: (identifier) @name)
 (initializer_list (identifier) @name)
 (init_declarator value: (identifier) @name)
 (assignment_expression right: (identifier) @name)
 (return_statement (identifier) @name)
 (binary_expression left: (identifier) @name) (binary_expression right: (identifier) @name)
 (unary_expression argument: (identifier) @name)
 (subscript_expression index: (identifier) @name)
 (case_statement value: (identifier) @name)
 (expression_statement (identifier) @name)  ; `vmbreak;`: an object-like macro written as a statement
 (conditional_expression [(identifier) @name])
 (cast_expression value: (identifier) @name)  ; z->zalloc = (alloc_func)zalloc_cb
 ; sizeof(t_a): the grammar cannot tell a type's name from a value's there (lz4's local `typedef struct { char c;
 ; LZ4_stream_t t; } t_a;` read by `sizeof(t_a)` alone was dead at 0.7)
 (sizeof_expression value: (parenthesized_expression (identifier) @name))] @reference.callback

; types named in signatures, fields, variables, casts (see parse.py @reference.type and c.TYPE_CONTEXTS)
(type_identifier) @name @reference.type

; #include "x.h" (a header of the repository or not: resolved by c.resolve_module) / #include <x.h> (the system's)
(preproc_include path: (string_literal (string_content) @import.module) @import.wildcard) @import
(preproc_include path: (system_lib_string) @import.module @import.wildcard) @import

; names bound where they are (see parse.py @local.name): parameters and a function's own variables
(parameter_declaration declarator: [(identifier) @local.name (pointer_declarator declarator: (identifier) @local.name)
  (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @local.name))
  (array_declarator declarator: (identifier) @local.name)])
(compound_statement (declaration declarator: [(identifier) @local.name
  (init_declarator declarator: [(identifier) @local.name (pointer_declarator declarator: (identifier) @local.name)
                                (array_declarator declarator: (identifier) @local.name)])
  (pointer_declarator declarator: (identifier) @local.name)
  (array_declarator declarator: (identifier) @local.name)]))
(for_statement initializer: (declaration declarator: (init_declarator declarator: (identifier) @local.name)))

; a parameter's or variable's declared type (see parse.py @var.type): s->ops->read() on `struct kv_stream *s` is the
; member of the field `ops`'s struct; a `struct x` or a typedef's name
(parameter_declaration
  type: [(type_identifier) @var.type (struct_specifier name: (type_identifier) @var.type)
         (union_specifier name: (type_identifier) @var.type)]
  declarator: [(identifier) @var.name (pointer_declarator declarator: (identifier) @var.name)
               (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @var.name))])
(declaration
  type: [(type_identifier) @var.type (struct_specifier name: (type_identifier) @var.type)
         (union_specifier name: (type_identifier) @var.type)]
  declarator: [(identifier) @var.name (pointer_declarator declarator: (identifier) @var.name)
               (init_declarator declarator: [(identifier) @var.name (pointer_declarator declarator: (identifier) @var.name)])])
; ... and each element of a pointer or an array declared so (see parse.py @var.spread): table[i].fn(), argv[j]->name
(parameter_declaration
  type: [(type_identifier) @var.spread (struct_specifier name: (type_identifier) @var.spread)
         (union_specifier name: (type_identifier) @var.spread)]
  declarator: [(pointer_declarator declarator: (identifier) @var.name) (array_declarator declarator: (identifier) @var.name)
               (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @var.name))])
(declaration
  type: [(type_identifier) @var.spread (struct_specifier name: (type_identifier) @var.spread)
         (union_specifier name: (type_identifier) @var.spread)]
  declarator: [(pointer_declarator declarator: (identifier) @var.name) (array_declarator declarator: (identifier) @var.name)
               (init_declarator declarator: [(pointer_declarator declarator: (identifier) @var.name)
                                             (array_declarator declarator: (identifier) @var.name)])])
