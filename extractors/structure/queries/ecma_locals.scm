; Names bound where they are in JavaScript and TypeScript alike (see parse.py @local.name): declared, destructured,
; loop and catch variables, an arrow function's single parameter. Shared through '; inherits: ecma_locals'.
(arrow_function parameter: (identifier) @local.name)
(variable_declarator name: (identifier) @local.name)
(object_pattern (shorthand_property_identifier_pattern) @local.name)
(array_pattern (identifier) @local.name)
(for_in_statement left: (identifier) @local.name)
(catch_clause parameter: (identifier) @local.name)
