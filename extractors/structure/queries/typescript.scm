; TypeScript: definitions (classes, interfaces, type aliases, enums), call sites, callbacks, extends/implements,
; ES module and CommonJS imports. Capture names follow the convention documented in extractors/structure/parse.py.
; inherits: ecma_locals

; definitions
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(class_declaration name: (type_identifier) @name) @definition.class
(abstract_class_declaration name: (type_identifier) @name) @definition.class
(interface_declaration name: (type_identifier) @name) @definition.interface
(type_alias_declaration name: (type_identifier) @name) @definition.type
(enum_declaration name: (identifier) @name) @definition.enum
(internal_module name: (identifier) @name) @definition.namespace
(method_definition name: (property_identifier) @name) @definition.function
(method_signature name: (property_identifier) @name) @definition.function
(abstract_method_signature name: (property_identifier) @name) @definition.function
(public_field_definition name: (property_identifier) @name value: [(arrow_function) (function_expression)]) @definition.function
(variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression) (generator_function)]) @definition.function
(variable_declarator name: (identifier) @name value: (class)) @definition.class

; exported definitions
(export_statement declaration: [(function_declaration name: (identifier) @name)
                                (generator_function_declaration name: (identifier) @name)] @definition.function) @exported
(export_statement declaration: [(class_declaration name: (type_identifier) @name)
                                (abstract_class_declaration name: (type_identifier) @name)] @definition.class) @exported
(export_statement declaration: (interface_declaration name: (type_identifier) @name) @definition.interface) @exported
(export_statement declaration: (type_alias_declaration name: (type_identifier) @name) @definition.type) @exported
(export_statement declaration: (enum_declaration name: (identifier) @name) @definition.enum) @exported
(export_statement declaration: (lexical_declaration (variable_declarator name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function)) @exported

; decorators: @Component class, @Get() method (a framework registers them: entry points)
(export_statement decorator: (decorator [(identifier) @decorator (call_expression function: (identifier) @decorator)])
  declaration: [(class_declaration name: (type_identifier) @name) (abstract_class_declaration name: (type_identifier) @name)] @definition.class)
(class_declaration decorator: (decorator [(identifier) @decorator (call_expression function: (identifier) @decorator)])
  name: (type_identifier) @name) @definition.class
((decorator [(identifier) @decorator (call_expression function: (identifier) @decorator)]) .
  (method_definition name: (property_identifier) @name) @definition.function)

; calls: f(), obj.f(), new Foo(), new Foo().f(), this.f()
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.call
(new_expression constructor: (identifier) @name) @reference.call
(new_expression constructor: (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.call

; functions passed as values: arr.map(f), on("x", this.handle), { onClick: handle }, { handle }, [f, g]
(arguments (identifier) @name) @reference.callback
(arguments (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.callback
(pair value: (identifier) @name) @reference.callback
(pair value: (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.callback
(object (shorthand_property_identifier) @name) @reference.callback
(array (identifier) @name) @reference.callback
(assignment_expression right: (identifier) @name) @reference.callback
(assignment_expression right: (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.callback

; inheritance: extends B / implements I, J<T>, ns.K / interface I extends J
(extends_clause value: (identifier) @name @reference.inherits)
(extends_clause value: (member_expression object: (_) @receiver property: (property_identifier) @name) @reference.inherits)
(implements_clause (type_identifier) @name @reference.inherits)
(implements_clause (generic_type name: (type_identifier) @name) @reference.inherits)
(implements_clause (nested_type_identifier module: (_) @receiver name: (type_identifier) @name) @reference.inherits)
(extends_type_clause type: (type_identifier) @name @reference.inherits)
(extends_type_clause type: (generic_type name: (type_identifier) @name) @reference.inherits)
(extends_type_clause type: (nested_type_identifier module: (_) @receiver name: (type_identifier) @name) @reference.inherits)

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
(export_statement "default" @import.alias declaration: [(function_declaration name: (identifier) @import.name)
  (class_declaration name: (type_identifier) @import.name)
  (abstract_class_declaration name: (type_identifier) @import.name)]) @reexport

; CommonJS: const m = require("./m") / const {a, b: c} = require("./m")
(variable_declarator name: (identifier) @import.alias
  value: (call_expression function: (identifier) @_req arguments: (arguments (string (string_fragment) @import.module)))
  (#eq? @_req "require")) @import @import.wildcard
(variable_declarator name: (object_pattern (shorthand_property_identifier_pattern) @import.name)
  value: (call_expression function: (identifier) @_req arguments: (arguments (string (string_fragment) @import.module)))
  (#eq? @_req "require")) @import
(variable_declarator name: (object_pattern (pair_pattern key: (property_identifier) @import.name value: (identifier) @import.alias))
  value: (call_expression function: (identifier) @_req arguments: (arguments (string (string_fragment) @import.module)))
  (#eq? @_req "require")) @import

; typed variables: parameters, annotated or constructed variables, class fields (see parse.py @var.name)
(required_parameter pattern: (identifier) @var.name type: (type_annotation (_) @var.type))
(optional_parameter pattern: (identifier) @var.name type: (type_annotation (_) @var.type))
(variable_declarator name: (identifier) @var.name type: (type_annotation (_) @var.type))
(variable_declarator name: (identifier) @var.name value: (new_expression) @var.type)
(public_field_definition name: (property_identifier) @var.name type: (type_annotation (_) @var.type))
(public_field_definition name: (property_identifier) @var.name value: (new_expression) @var.type)
(assignment_expression left: (member_expression object: (this) property: (property_identifier) @var.name)
  right: (new_expression) @var.type)

; parameters bound where they are (see parse.py @local.name; the other bindings are in ecma_locals.scm)
(required_parameter pattern: (identifier) @local.name)
(optional_parameter pattern: (identifier) @local.name)
