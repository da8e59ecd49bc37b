; JavaScript and TypeScript alike: the patterns both grammars name the same, shared through '; inherits: ecma'.
; Capture names follow the convention documented in extractors/structure/parse.py.

; definitions
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(method_definition name: (property_identifier) @name) @definition.function
(variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression) (generator_function)]) @definition.function
(variable_declarator name: (identifier) @name value: (class)) @definition.class

; exported definitions: export function f / export const f = () => ...
(export_statement declaration: [(function_declaration name: (identifier) @name)
                                (generator_function_declaration name: (identifier) @name)] @definition.function) @exported
(export_statement declaration: (lexical_declaration (variable_declarator name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function)) @exported

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

; variables built by a constructor: const s = new Store(), this.s = new Store() (see parse.py @var.name)
(variable_declarator name: (identifier) @var.name value: (new_expression) @var.type)
(assignment_expression left: (member_expression object: (this) property: (property_identifier) @var.name)
  right: (new_expression) @var.type)

; names bound where they are (see parse.py @local.name): declared, destructured, loop and catch variables, an
; arrow function's single parameter
(arrow_function parameter: (identifier) @local.name)
(variable_declarator name: (identifier) @local.name)
(object_pattern (shorthand_property_identifier_pattern) @local.name)
(array_pattern (identifier) @local.name)
(for_in_statement left: (identifier) @local.name)
(catch_clause parameter: (identifier) @local.name)
