; JavaScript (and JSX): definitions, call sites, callbacks, base classes, ES module and CommonJS imports.
; Capture names follow the convention documented in extractors/structure/parse.py.
; inherits: jsx
; inherits: ecma_locals

; definitions
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(class_declaration name: (identifier) @name) @definition.class
(method_definition name: (property_identifier) @name) @definition.function
(field_definition property: (property_identifier) @name value: [(arrow_function) (function_expression)]) @definition.function
(variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression) (generator_function)]) @definition.function
(variable_declarator name: (identifier) @name value: (class)) @definition.class

; CommonJS and pre-class code: exports.f = function..., module.exports.f = ..., Foo.prototype.m = function...
(assignment_expression
  left: (member_expression object: (identifier) @_exports property: (property_identifier) @name)
  right: [(function_expression) (arrow_function)] (#eq? @_exports "exports")) @definition.function @exported
(assignment_expression
  left: (member_expression object: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
    property: (property_identifier) @name)
  right: [(function_expression) (arrow_function)] (#eq? @_module "module") (#eq? @_exports "exports")) @definition.function @exported
(assignment_expression
  left: (member_expression object: (member_expression object: (identifier) @parent.name property: (property_identifier) @_proto)
    property: (property_identifier) @name)
  right: [(function_expression) (arrow_function)] (#eq? @_proto "prototype")) @definition.function

; exported definitions: export function f / export class C / export const f = () => ...
(export_statement declaration: [(function_declaration name: (identifier) @name)
                                (generator_function_declaration name: (identifier) @name)] @definition.function) @exported
(export_statement declaration: (class_declaration name: (identifier) @name) @definition.class) @exported
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

; inheritance: class A extends B / extends mod.B
(class_heritage (identifier) @name @reference.inherits)
(class_heritage (member_expression object: (_) @receiver property: (property_identifier) @name) @reference.inherits)

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
  (class_declaration name: (identifier) @import.name)]) @reexport

; CommonJS exports of local names: module.exports = { a, b: c } (the file's own re-exports, marking them exported)
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (object (shorthand_property_identifier) @import.name)
  (#eq? @_module "module") (#eq? @_exports "exports")) @reexport
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (object (pair key: (property_identifier) @import.alias value: (identifier) @import.name))
  (#eq? @_module "module") (#eq? @_exports "exports")) @reexport

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

; variables built by a constructor: const s = new Store() (see parse.py @var.name)
(variable_declarator name: (identifier) @var.name value: (new_expression) @var.type)
(field_definition property: (property_identifier) @var.name value: (new_expression) @var.type)
(assignment_expression left: (member_expression object: (this) property: (property_identifier) @var.name)
  right: (new_expression) @var.type)

; parameters bound where they are (see parse.py @local.name; the other bindings are in ecma_locals.scm)
(formal_parameters [(identifier) @local.name (assignment_pattern left: (identifier) @local.name)
                    (rest_pattern (identifier) @local.name)])
