; JavaScript (and JSX): what only its grammar names so; the rest is shared with TypeScript in ecma.scm.
; Capture names follow the convention documented in extractors/structure/parse.py.
; inherits: jsx
; inherits: ecma

; definitions
(class_declaration name: (identifier) @name) @definition.class
(field_definition property: (property_identifier) @name value: [(arrow_function) (function_expression)]) @definition.function

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

; exported classes: export class C
(export_statement declaration: (class_declaration name: (identifier) @name) @definition.class) @exported

; inheritance: class A extends B / extends mod.B
(class_heritage (identifier) @name @reference.inherits)
(class_heritage (member_expression object: (_) @receiver property: (property_identifier) @name) @reference.inherits)

; re-exports: export default function f / export default class C
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

; variables built by a constructor: class fields (see parse.py @var.name)
(field_definition property: (property_identifier) @var.name value: (new_expression) @var.type)

; parameters bound where they are (see parse.py @local.name)
(formal_parameters [(identifier) @local.name (assignment_pattern left: (identifier) @local.name)
                    (rest_pattern (identifier) @local.name)])
