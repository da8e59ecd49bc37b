; JSX, shared by javascript.scm and tsx.scm through '; inherits: jsx' (both grammars parse JSX).
; JSX: <Button /> renders (calls) the component; onClick={handle} passes a callback. A lower-case tag (<div>,
; <label>) is the host's element, compiled to a string: no reference, whatever the file defines of that name
((jsx_opening_element name: (identifier) @name) @reference.call (#not-match? @name "^[a-z]"))
((jsx_self_closing_element name: (identifier) @name) @reference.call (#not-match? @name "^[a-z]"))
(jsx_opening_element name: (_ object: (_) @receiver property: (property_identifier) @name)) @reference.call
(jsx_self_closing_element name: (_ object: (_) @receiver property: (property_identifier) @name)) @reference.call
(jsx_expression (identifier) @name) @reference.callback
(jsx_expression (_ object: (_) @receiver property: (property_identifier) @name)) @reference.callback
