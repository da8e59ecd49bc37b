; Rust: functions, structs, enums, traits, type aliases, impl blocks (their functions become methods of the type),
; inline modules; call sites, callbacks, trait impls (inherits, so trait methods dispatch to impls), use/mod.
; Capture names follow the convention documented in extractors/structure/parse.py.

; definitions (pub = exported; pub(crate) / pub(super) are not the public API)
(function_item name: (identifier) @name) @definition.function
(function_item (visibility_modifier) @exported name: (identifier) @name (#eq? @exported "pub")) @definition.function
(function_signature_item name: (identifier) @name) @definition.function
(struct_item name: (type_identifier) @name) @definition.struct
(struct_item (visibility_modifier) @exported name: (type_identifier) @name (#eq? @exported "pub")) @definition.struct
(union_item name: (type_identifier) @name) @definition.struct
; a struct's named fields: their declared types type a chain (self.config.kind.requires_stats(): Config's kind is a
; SummaryKind)
([(struct_item body: (field_declaration_list (field_declaration name: (field_identifier) @name) @definition.field))
  (union_item body: (field_declaration_list (field_declaration name: (field_identifier) @name) @definition.field))])
(struct_item body: (field_declaration_list (field_declaration (visibility_modifier) @exported
  name: (field_identifier) @name (#eq? @exported "pub")) @definition.field))
; an enum's variant holding a value (Get(Get), Array(Vec<Frame>)): a constant of the enum (as a Swift enum's case)
; whose fields by place are its members (below), which a pattern's bindings take (Command::Get(cmd) => cmd.apply());
; a constant, never guessed by name as a field may be (from_str::<String>() in a macro is no Value::String)
(enum_item body: (enum_variant_list (enum_variant name: (identifier) @name body: (ordered_field_declaration_list))
  @definition.constant))
; a struct variant (Key { code: KeyCode, modifiers: Mods }): a constant too, whose named fields are its members, each
; of its declared type, which a pattern's binding takes (Event::Key { code, .. } => code.is_char())
(enum_item body: (enum_variant_list (enum_variant name: (identifier) @name body: (field_declaration_list))
  @definition.constant))
(enum_variant body: (field_declaration_list (field_declaration name: (field_identifier) @name) @definition.field))
; a tuple struct's and a tuple variant's fields, named by their place (struct Pair(A, B): self.1 is a B; Move(i32, Pos):
; the constant's member 1 is a Pos), each of its declared type
(struct_item body: (ordered_field_declaration_list type: (_) @name @name.place @definition.field))
(enum_variant body: (ordered_field_declaration_list type: (_) @name @name.place @definition.field))
(struct_item body: (ordered_field_declaration_list type: (_) @var.place @var.type))
(enum_variant body: (ordered_field_declaration_list type: (_) @var.place @var.type))
; a type a macro declares (pin_project! { pub struct F<E> { .. } }, a crate's define_rejection! { struct R; }): its
; impl blocks are its; not the code a proc-macro writes (quote! { struct S; }), nor a word of a list
; (forward_to_deserialize_any! { enum identifier ignored_any }): the name is followed by <, {, (, ; or :
((macro_invocation macro: (identifier) @_macro (token_tree "struct" . (identifier) @name . ["<" ";" ":" (token_tree)]))
  @definition.struct (#not-match? @_macro "^(quote|quote_spanned|parse_quote)$"))
((macro_invocation macro: (identifier) @_macro (token_tree "enum" . (identifier) @name . ["<" (token_tree)]))
  @definition.enum (#not-match? @_macro "^(quote|quote_spanned|parse_quote)$"))
(enum_item name: (type_identifier) @name) @definition.enum
(enum_item (visibility_modifier) @exported name: (type_identifier) @name (#eq? @exported "pub")) @definition.enum
(trait_item name: (type_identifier) @name) @definition.trait
(trait_item (visibility_modifier) @exported name: (type_identifier) @name (#eq? @exported "pub")) @definition.trait
(type_item name: (type_identifier) @name) @definition.type
(type_item (visibility_modifier) @exported name: (type_identifier) @name (#eq? @exported "pub")) @definition.type
(mod_item name: (identifier) @name body: (declaration_list)) @definition.namespace
(mod_item (visibility_modifier) @exported name: (identifier) @name body: (declaration_list)
  (#eq? @exported "pub")) @definition.namespace
; (@qualifier: the path before a scoped type's name, which may name another crate: impl From<X> for io::Error)
(impl_item type: [(type_identifier) @name
                  (generic_type type: (type_identifier) @name)
                  (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)
                  (generic_type type: (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name))]) @definition.impl
; impl Trait for &'a mut Serializer<W> (serde's style): the members are the named type's
(impl_item type: (reference_type type: [(type_identifier) @name
                                        (generic_type type: (type_identifier) @name)
                                        (scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name)
                                        (generic_type type: (scoped_type_identifier path: (_) @qualifier
                                                                                    name: (type_identifier) @name))
                                        ])) @definition.impl
; an impl for a type that is never the repository's is an extension (one per type and file, named as written): a
; primitive, slice, array, tuple, pointer, function type, trait object (dyn A + Send too), () or ! (also behind a reference: &str is
; str); std's own types (Box<dyn X>, Vec<T>, std::io::Error); a type parameter of the impl (impl<T: Display> X for T)
(impl_item type: [(primitive_type) (array_type) (tuple_type) (pointer_type) (function_type) (dynamic_type)
                  (bounded_type) (unit_type) (never_type)] @name) @definition.extension
(impl_item type: (reference_type type: [(primitive_type) (array_type) (tuple_type) (pointer_type) (function_type)
                                        (dynamic_type) (unit_type) (never_type)] @name)) @definition.extension
(impl_item type: [(type_identifier) @name (generic_type type: (type_identifier) @name)
                  (reference_type type: [(type_identifier) @name (generic_type type: (type_identifier) @name)])]
  (#any-of? @name "Box" "Vec" "String" "Option" "Result" "Rc" "Arc" "Cow")) @definition.extension
(impl_item type: [(scoped_type_identifier path: (_) @std name: (type_identifier) @name)
                  (generic_type type: (scoped_type_identifier path: (_) @std name: (type_identifier) @name))]
  (#match? @std "^(::)?(std|core|alloc)(::|$)")) @definition.extension
(impl_item type_parameters: (type_parameters (type_parameter name: (type_identifier) @generic))
  type: [(type_identifier) @name (reference_type type: (type_identifier) @name)
         (pointer_type type: (type_identifier) @name)]
  (#eq? @generic @name)) @definition.extension
; attributes: #[test], #[tokio::main], #[no_mangle]... (every one above the function, past the other attributes and
; the comments between: rayon's `#[test] #[expect(deprecated)] #[cfg_attr(..)] fn`, `#[bench] /// doc fn`)
((attribute_item (attribute [(identifier) (scoped_identifier)] @decorator)) .
  [(attribute_item) (line_comment) (block_comment)]* .
  (function_item name: (identifier) @name) @definition.function)
; #[cfg(test)] mod tests { } / fn: test code, with all it holds (#[cfg(not(test))] is not)
((attribute_item (attribute (identifier) @_cfg arguments: (token_tree . (identifier) @_test .))) .
  [(mod_item name: (identifier) @name body: (declaration_list)) @definition.namespace
   (function_item name: (identifier) @name) @definition.function] @test
  (#eq? @_cfg "cfg") (#eq? @_test "test"))
; ...also with another attribute after it (#[cfg(test)] #[cfg(feature = "x")] mod tests), and under all(test, ..)
((attribute_item (attribute (identifier) @_cfg arguments: (token_tree . (identifier) @_test .))) . (attribute_item) .
  [(mod_item name: (identifier) @name body: (declaration_list)) @definition.namespace
   (function_item name: (identifier) @name) @definition.function] @test
  (#eq? @_cfg "cfg") (#eq? @_test "test"))
((attribute_item (attribute (identifier) @_cfg arguments: (token_tree . (identifier) @_all .
                                                                      (token_tree (identifier) @_test)))) .
  [(mod_item name: (identifier) @name body: (declaration_list)) @definition.namespace
   (function_item name: (identifier) @name) @definition.function] @test
  (#eq? @_cfg "cfg") (#eq? @_all "all") (#eq? @_test "test"))
(trait_item body: (declaration_list (function_signature_item name: (identifier) @name) @definition.function @exported))
(trait_item body: (declaration_list (function_item name: (identifier) @name) @definition.function @exported))
; a trait's associated type (type Output;): a member its impls' `type Output = ...` implement (dispatch reaches them)
(trait_item body: (declaration_list (associated_type name: (type_identifier) @name) @definition.type @exported))
; ...whose first bound is what it is (type Incomplete: IsStreaming;): OM::Incomplete::is_streaming() on a type
; parameter `OM: OutputMode` is IsStreaming's method, dispatched to its impls (nom's OM::Output::bind(..))
(trait_item body: (declaration_list (associated_type
  bounds: (trait_bounds . [(type_identifier) @name (generic_type type: (type_identifier) @name)
                           (scoped_type_identifier path: (_) @receiver name: (type_identifier) @name)])) @reference.inherits))

; trait implementations: impl Trait for Type -> Type inherits Trait (the reference belongs to the impl's type)
(impl_item trait: [(type_identifier) @name
                   (generic_type type: (type_identifier) @name)
                   (scoped_type_identifier path: (_) @receiver name: (type_identifier) @name)
                   (generic_type type: (scoped_type_identifier path: (_) @receiver name: (type_identifier) @name))]
  type: (_)) @reference.inherits

; calls: f(), x.m(), Type::f(), module::f(), Foo::new().m() (a macro's call is a macro_call: below)
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression value: (_) @receiver field: (field_identifier) @name)) @reference.call
(call_expression function: (scoped_identifier path: (_) @receiver name: (identifier) @name)) @reference.call
(call_expression function: (generic_function function: (identifier) @name)) @reference.call
(call_expression function: (generic_function function: (field_expression value: (_) @receiver field: (field_identifier) @name))) @reference.call
(call_expression function: (generic_function function: (scoped_identifier path: (_) @receiver name: (identifier) @name))) @reference.call
(struct_expression name: (type_identifier) @name) @reference.call

; functions passed as values: iter.map(parse), spawn(worker), map(Self::check), map(util::parse)
(arguments (identifier) @name) @reference.callback
(arguments (scoped_identifier path: (_) @receiver name: (identifier) @name)) @reference.callback
; ...and in a tuple (a parser combinator's choice: nom's `alt((parse_num, parse_bool))`, `(tag, digit1).parse(i)`)
(tuple_expression [(identifier) @name (scoped_identifier path: (_) @receiver name: (identifier) @name)])
  @reference.callback
; ...and held by a typed `let` (a function coerced to a pointer: xsv's `let get_field: _GetField = get_field;`
; then `.scan(row, get_field)`; an untyped `let x = y;` is mostly a copy of a local)
((let_declaration type: (_) value: (identifier) @name) @reference.callback (#match? @name "^[a-z_]"))
; ...and given as a block's value, a branch choosing the function it calls: if c { util::canonicalize } else {
; util::resolve_path }(path) (a path: a block's bare name is mostly a local's value)
((block (scoped_identifier path: (_) @receiver name: (identifier) @name) .) @reference.callback
  (#match? @name "^[a-z_]"))
; and kept in a struct's field (a vtable: ErrorVTable { object_drop: object_drop::<E> }), generic ones too
(arguments (generic_function function: (identifier) @name)) @reference.callback
(field_initializer value: [(identifier) @name
                           (generic_function function: (identifier) @name)
                           (scoped_identifier path: (_) @receiver name: (identifier) @name)
                           (generic_function function: (scoped_identifier path: (_) @receiver
                                                                          name: (identifier) @name))]) @reference.callback

; a unit struct written as a value (let _g = Guard; feed(&Quiet); [Marker]; return Unit): a use of the type, as its
; literal Foo { .. } is (a capitalized name: a constant's is upper case, a variable's lower)
((let_declaration value: (identifier) @name) @reference.callback (#match? @name "^[A-Z][a-z]"))
; ...by its path (rayon's `let abort_guard = unwind::AbortIfPanic;`), and as a closure's value (`.map(|_| Marker)`)
((let_declaration value: (scoped_identifier path: (_) @receiver name: (identifier) @name)) @reference.callback
  (#match? @name "^[A-Z][a-z]"))
((closure_expression body: (identifier) @name) @reference.callback (#match? @name "^[A-Z][a-z]"))
((reference_expression value: (identifier) @name) @reference.callback (#match? @name "^[A-Z][a-z]"))
((array_expression (identifier) @name) @reference.callback (#match? @name "^[A-Z][a-z]"))
((return_expression (identifier) @name) @reference.callback (#match? @name "^[A-Z][a-z]"))

; use: use a::b; use a::b as c; use a::{b, c as d, self}; use a::*; mod x; (x.rs or x/mod.rs)
(use_declaration argument: (scoped_identifier path: (_) @import.module name: (identifier) @import.name)) @import
(use_declaration argument: (identifier) @import.name) @import
(use_declaration argument: (use_as_clause path: (scoped_identifier path: (_) @import.module name: (identifier) @import.name)
  alias: (identifier) @import.alias)) @import
; use itertools as it: the crate under another name, which `use crate::it::Itertools` then names (langs/rust.py)
(use_declaration argument: (use_as_clause path: (identifier) @import.name alias: (identifier) @import.alias)) @import
; use lists, nested too: use a::{b, c::d as e, f::{self, g}, h::{*}} (each item's module is the paths on the way to it,
; joined: a bare `*` in a list has no path of its own)
(use_declaration argument: (scoped_use_list path: (_) @import.module list: (use_list
  [(identifier) @import.name (self) @import.name
   (scoped_identifier path: (_) @import.module name: (identifier) @import.name)
   (use_as_clause path: (identifier) @import.name alias: (identifier) @import.alias)
   (use_as_clause path: (scoped_identifier path: (_) @import.module name: (identifier) @import.name)
                  alias: (identifier) @import.alias)
   (use_wildcard (_)? @import.module) @import.wildcard]))) @import
(use_declaration argument: (scoped_use_list path: (_) @import.module list: (use_list (scoped_use_list
  path: (_) @import.module list: (use_list
  [(identifier) @import.name (self) @import.name
   (scoped_identifier path: (_) @import.module name: (identifier) @import.name)
   (use_as_clause path: (identifier) @import.name alias: (identifier) @import.alias)
   (use_as_clause path: (scoped_identifier path: (_) @import.module name: (identifier) @import.name)
                  alias: (identifier) @import.alias)
   (use_wildcard (_)? @import.module) @import.wildcard]))))) @import
(use_declaration argument: (scoped_use_list path: (_) @import.module list: (use_list (scoped_use_list
  path: (_) @import.module list: (use_list (scoped_use_list path: (_) @import.module list: (use_list
  [(identifier) @import.name (self) @import.name
   (scoped_identifier path: (_) @import.module name: (identifier) @import.name)
   (use_as_clause path: (identifier) @import.name alias: (identifier) @import.alias)
   (use_as_clause path: (scoped_identifier path: (_) @import.module name: (identifier) @import.name)
                  alias: (identifier) @import.alias)
   (use_wildcard (_)? @import.module) @import.wildcard]))))))) @import
; a list without a leading path (ripgrep's style): use { bstr::ByteVec, grep_matcher::{Match, Matcher} }; just's
; use {super::*, Function::*} (a parent's or an enum's wildcard in it)
(use_declaration argument: (use_list [(scoped_identifier path: (_) @import.module name: (identifier) @import.name)
   (use_as_clause path: (scoped_identifier path: (_) @import.module name: (identifier) @import.name)
                  alias: (identifier) @import.alias)
   (use_wildcard [(scoped_identifier) (identifier) (super) (crate)] @import.module) @import.wildcard])) @import
(use_declaration argument: (use_list (scoped_use_list path: (_) @import.module list: (use_list
  [(identifier) @import.name (self) @import.name
   (scoped_identifier path: (_) @import.module name: (identifier) @import.name)
   (use_as_clause path: (identifier) @import.name alias: (identifier) @import.alias)
   (use_as_clause path: (scoped_identifier path: (_) @import.module name: (identifier) @import.name)
                  alias: (identifier) @import.alias)
   (use_wildcard (_)? @import.module) @import.wildcard])))) @import
(use_declaration argument: (use_list (scoped_use_list path: (_) @import.module list: (use_list (scoped_use_list
  path: (_) @import.module list: (use_list
  [(identifier) @import.name (self) @import.name
   (scoped_identifier path: (_) @import.module name: (identifier) @import.name)
   (use_as_clause path: (identifier) @import.name alias: (identifier) @import.alias)
   (use_as_clause path: (scoped_identifier path: (_) @import.module name: (identifier) @import.name)
                  alias: (identifier) @import.alias)
   (use_wildcard (_)? @import.module) @import.wildcard])))))) @import
(use_declaration argument: (use_wildcard (scoped_identifier) @import.module) @import.wildcard) @import
(use_declaration argument: (use_wildcard [(identifier) (super) (crate)] @import.module) @import.wildcard) @import
(mod_item !body name: (identifier) @import.name) @import

; macro arguments are token trees (format!, vec!, assert!, tri!...): calls in them (f(, a::f(, x.f(, self.x.f(, the
; receiver being the tokens before the name from self on), functions named as values in a list (vec![f, g],
; map_err(io_error)) and, inside a macro, other macros' names, which are no references (inner!(x): no call of inner).
; Each pattern here is tried at every token of every macro: a receiver chain from any name (a.b(c).d() would cost a
; sixth of the query's matching time, so it starts at self, or at an argument's first name (below)
; A call's arguments open with "(": v[..] indexes, if ok { .. } is a condition's block (a struct literal Foo { .. }
; is named in upper case)
(token_tree (identifier) @name . (token_tree . "(") (#not-match? @name "^(not|any|all)$")) @reference.call
((token_tree (identifier) @name . (token_tree . "{")) @reference.call (#match? @name "^[A-Z]"))
(token_tree (identifier) @receiver . "::" . (identifier) @name . (token_tree . "(")) @reference.call
(token_tree (identifier) @receiver . "." . (identifier) @name . (token_tree . "(")) @reference.call
(token_tree (self) @receiver . [(token_tree) @receiver ("." . (identifier) @receiver)]* . "." . (identifier) @name .
  (token_tree . "(")) @reference.call
; a method called on what a call, an index or a literal gives (assert!(to_value(x).unwrap().is_eof()), v[0].get(),
; "a".to_owned()): never a bare function of that name; the receiver is the chain where it starts an argument
; (to_value(x).unwrap(), Frame::check(x)), else the bracket or literal alone (a value nothing types)
(token_tree [(token_tree) (string_literal) (raw_string_literal) (char_literal) (integer_literal) (float_literal)
             (boolean_literal)] @receiver . "." . (identifier) @name . (token_tree . "(")) @reference.call
; (or a turbofish's: assert_eq!(v.iter().cloned().sum1::<i32>(), ..))
(token_tree . (identifier) @receiver . [(token_tree) @receiver ("." . (identifier) @receiver)
                                        ("::" . (identifier) @receiver)]* . "." . (identifier) @name .
  [(token_tree . "(") ("::" . "<")]) @reference.call
(token_tree "," . (identifier) @receiver . [(token_tree) @receiver ("." . (identifier) @receiver)
                                            ("::" . (identifier) @receiver)]* . "." . (identifier) @name .
  [(token_tree . "(") ("::" . "<")]) @reference.call
; an index's name is the variable indexed, or a function passed to the macro (partialeq_numeric! { eq_i64[i8 i16] }):
; a value, never a call
(token_tree (identifier) @name . (token_tree . "[")) @reference.callback
; (after a ";" too: def_benchs! { 1; benches_1, sum_t1; sum_s1, slice_chunks_1; })
(token_tree ["," ";"] @_sep . (identifier) @name . [")" "]" "," "}" ";"]) @reference.callback
; a function named by its path: criterion_group!(benches, specialization::intersperse::external, ..)
(token_tree "," . (identifier) @receiver . ("::" . (identifier) @receiver)* . "::" . (identifier) @name .
  [")" "," "}" ";"]) @reference.callback
(token_tree . (identifier) @name . [")" "]" ","]) @reference.callback
; a function a macro's key names: criterion_group!(name = benches; targets = bench_a, bench_b)
(token_tree "=" . (identifier) @name . [")" "]" "," "}" ";"]) @reference.callback
(token_tree (identifier) @name . "!" . (token_tree)) @reference.ignore
; macros: `macro_rules! tri` defines `tri!` (exported with #[macro_export]); tri!(..), a::tri!(..) and, inside another
; macro's arguments or a macro_rules! body, tri!(..) call it (the name only: a macro is found by name, wherever it expands)
(macro_definition name: (identifier) @name) @definition.macro
((attribute_item (attribute (identifier) @_export)) . (attribute_item)* . (macro_definition name: (identifier) @name)
  @definition.macro @exported (#eq? @_export "macro_export"))
(macro_invocation macro: (identifier) @name) @reference.macro_call
(macro_invocation macro: (scoped_identifier name: (identifier) @name)) @reference.macro_call
(token_tree (identifier) @name . "!" . (token_tree)) @reference.macro_call
; write!(w, ..) / writeln!(w, ..) run w.write_fmt(..) (a writer of the repository's own, where w's type is known)
((macro_invocation macro: (identifier) @_macro (token_tree . "(" . [(identifier) (self)] @name . ","))
  @reference.protocol.write_fmt (#any-of? @_macro "write" "writeln"))
; a generic method called with a turbofish (ok!(self.try_get::<T>(id)), x.parse::<u8>()): the name before ::<
(token_tree (identifier) @receiver . "." . (identifier) @name . "::" . "<") @reference.call
(token_tree (self) @receiver . [(token_tree) @receiver ("." . (identifier) @receiver)]* . "." . (identifier) @name .
  "::" . "<") @reference.call
; a variable typed inside a macro's arguments (a closure's parameters: rgtest!(name, |dir: Dir, mut cmd: TestCommand| {
; dir.create(..) })): its calls are that type's methods
((token_tree (identifier) @var.name . ":" . (identifier) @var.type) (#match? @var.type "^[A-Z]"))
; a function after a field name in a macro's struct-like arguments: error_types! { E { ctx_fn: field_from<String, _> } }
((token_tree ":" . (identifier) @name . ["<" "," "}"]) @reference.callback (#match? @name "^[a-z_][a-z0-9_]*$"))
; a macro_rules! body and an attribute's arguments (#[cfg(not(unix))], #[derive(Debug)]) are no code: nothing in them
; is a reference, but a path from $crate (each of its parts: $crate::__private::vec! names the module __private), an
; item of this crate whatever the file expanding it
(macro_rule right: (token_tree) @opaque)
(attribute arguments: (token_tree) @opaque)
; ...but a function an attribute names for the code its macro writes is used: #[serde(serialize_with = "as_number",
; default = "default_port")], #[arg(value_parser = parse_port)]
((attribute_item (attribute arguments: (token_tree (identifier) @_key . "=" . [(string_literal (string_content) @name)
                                                                                 (identifier) @name])))
  @reference.callback @in_attribute
  (#match? @_key "^(serialize_with|deserialize_with|default|skip_serializing_if|getter|value_parser|validator|with_fn|custom)$")
  (#match? @name "^[a-z_][a-z0-9_]*$"))
;    ...also under a condition: #[cfg_attr(feature = "serde", serde(deserialize_with = "deser_sampler"))]
((attribute_item (attribute arguments: (token_tree (token_tree (identifier) @_key . "=" .
                                                      [(string_literal (string_content) @name) (identifier) @name]))))
  @reference.callback @in_attribute
  (#match? @_key "^(serialize_with|deserialize_with|default|skip_serializing_if|getter|value_parser|validator|with_fn|custom)$")
  (#match? @name "^[a-z_][a-z0-9_]*$"))
;    ...or a unit struct an attribute's argument gives as a value, as a `let` does: clap's #[command(help_template =
; HelpTemplate)] (zoxide's, its only use, was dead at 0.7)
((attribute_item (attribute arguments: (token_tree (identifier) . "=" . (identifier) @name)))
  @reference.callback @in_attribute (#match? @name "^[A-Z][a-z]"))
;    ...or one an attribute's argument passes by its path to a call: clap's #[arg(add =
; ArgValueCompleter::new(Completer::complete_recipe))] (just's four completers were dead at 0.7)
((attribute_item (attribute arguments: (token_tree (token_tree . "(" . (identifier) @receiver . "::" . (identifier) @name
                                                              . ")"))))
  @reference.callback @in_attribute (#match? @receiver "^[A-Z]") (#match? @name "^[a-z_][a-z0-9_]*$"))
; an attribute's own words (derive(Serialize), allow(..), inline(always), doc(test(attr(..)))) are no calls, not even
; mentions: nothing expands them into this crate's code (a name the patterns above give is kept: it is no word here)
(attribute arguments: (token_tree (identifier) @name . [(token_tree) "="]) @reference.ignore)
(attribute arguments: (token_tree (token_tree (identifier) @name . [(token_tree) "="]) @reference.ignore))
(attribute arguments: (token_tree (token_tree (token_tree (identifier) @name . [(token_tree) "="]) @reference.ignore)))
(attribute arguments: (token_tree (token_tree (token_tree (token_tree (identifier) @name . [(token_tree) "="])
  @reference.ignore))))
; ...nor where a macro writes one (#[inline(always)], #[cfg(feature = "simd")] in a macro_rules! body or argument)
(token_tree "#" . (token_tree . "[" . (identifier) . (token_tree (identifier) @name . [(token_tree) "="])
  @reference.ignore))
(token_tree "#" . (token_tree . "[" . (identifier) . (token_tree (token_tree (identifier) @name . [(token_tree) "="])
  @reference.ignore)))
(token_tree "#" . (token_tree . "[" . (identifier) @name . (token_tree)) @reference.ignore)
(token_tree (metavariable) @_crate @receiver . ("::" . (identifier) @receiver)* . "::" . (identifier) @name
  (#eq? @_crate "$crate")) @reference.callback

; types named in signatures, fields, variables, generic arguments, bounds (see parse.py @reference.type)
(type_identifier) @name @reference.type
(scoped_type_identifier path: (_) @receiver name: (type_identifier) @name) @reference.type
; a return of the language's own types (-> bool, -> &str, -> &[u8], -> Option<char>, -> io::Result<()>): what a call of
; it gives is no type of ours (self.get_long().is_none(), rdr.fill().unwrap() are the library's; rust.py
; language_type_named). Not a slice of a named type (-> &[Match]: its elements are the type's, typed as before)
([(function_item return_type: [(primitive_type) (array_type element: (primitive_type)) (unit_type)] @name @reference.type)
  (function_item return_type: (reference_type type: [(primitive_type) (array_type element: (primitive_type))]
                                @name @reference.type))
  (function_signature_item return_type: [(primitive_type) (array_type element: (primitive_type)) (unit_type)]
                           @name @reference.type)
  (function_signature_item return_type: (reference_type type: [(primitive_type) (array_type element: (primitive_type))]
                                         @name @reference.type))])
((generic_type type: [(type_identifier) @_wrap (scoped_type_identifier name: (type_identifier) @_wrap)]
   type_arguments: (type_arguments . [(primitive_type) @name @reference.type (unit_type) @name @reference.type
                                      (array_type element: (primitive_type)) @name @reference.type
                                      (reference_type type: [(primitive_type) (array_type element: (primitive_type))]
                                       @name @reference.type)]))
 (#match? @_wrap "^(Option|Box|.*Result)$"))
; an enum named through its variants, which are no symbols (Kind::A =>, Kind::B(v) =>, Some(Kind::C), f(Kind::D)): a
; use of the enum (a constructor call Foo::new() is not: it has its call; each context here costs query compile time)
([(match_pattern (scoped_identifier path: (identifier) @name))
  (or_pattern (scoped_identifier path: (identifier) @name))
  (tuple_struct_pattern (scoped_identifier path: (identifier) @name))
  (arguments (scoped_identifier path: (identifier) @name))]
 (#match? @name "^[A-Z]")) @reference.type.annotation

; -> Option<Node>, -> io::Result<Node>, -> &Option<Node>, a field `name: Option<Str>`: a value of it answers the
; wrapper's own methods (self.name.as_ref(), find().is_some() are the Option's, never Str's or Node's; what unwraps
; it, `?`, .unwrap(), Some(x), is the Node: see TRANSPARENT_TYPES and parse.py @signature.wrapped)
(function_item return_type: [(generic_type type: [(type_identifier) @signature.wrapped
                                                  (scoped_type_identifier name: (type_identifier) @signature.wrapped)])
                             (reference_type type: (generic_type type: [(type_identifier) @signature.wrapped
                                                                       (scoped_type_identifier
                                                                        name: (type_identifier) @signature.wrapped)]))]
 (#match? @signature.wrapped "^(Option|.*Result)$"))
(function_signature_item return_type: [(generic_type type: [(type_identifier) @signature.wrapped
                                                            (scoped_type_identifier
                                                             name: (type_identifier) @signature.wrapped)])
                                       (reference_type type: (generic_type type: [(type_identifier) @signature.wrapped
                                                                                 (scoped_type_identifier
                                                                                  name: (type_identifier) @signature.wrapped)]))]
 (#match? @signature.wrapped "^(Option|.*Result)$"))
(field_declaration type: (generic_type type: [(type_identifier) @signature.wrapped
                                              (scoped_type_identifier name: (type_identifier) @signature.wrapped)])
 (#match? @signature.wrapped "^(Option|.*Result)$"))

; typed variables: parameters, let with a type or a constructor, struct fields (see parse.py @var.name)
; x: Option<&Node>, let stats: Option<Stats> = ..: the variable holds the Option itself, whose own methods are
; x.is_none(), stats.map(..) (never Node's or Stats' of those names); `?`, .unwrap(), Some(x) of it give what it
; holds, as the type still says (parse.py @var.wrapper)
([(parameter pattern: (identifier) @var.name type: (_) @var.type @var.wrapper)
  (let_declaration pattern: (identifier) @var.name type: (_) @var.type @var.wrapper)]
 (#match? @var.type "^(&\\s*('\\w+\\s+)?(mut\\s+)?)?(\\w+::)*(Option|\\w*Result)\\s*<"))
([(parameter pattern: (identifier) @var.name type: (_) @var.type)
  (let_declaration pattern: (identifier) @var.name type: (_) @var.type)]
 (#not-match? @var.type "^(&\\s*('\\w+\\s+)?(mut\\s+)?)?(\\w+::)*(Option|\\w*Result)\\s*<"))
; static CALLSITES: Callsites = ..; const DEFAULT: Registry = ..: a module's value of its declared type (its calls,
; CALLSITES.rebuild(), are that type's; an atomic's are the library's)
([(static_item name: (identifier) @var.name type: (_) @var.type)
  (const_item name: (identifier) @var.name type: (_) @var.type)])
; (a call's value as it is, never unwrapped: an Option or a Result where its callee declares one, see below)
(let_declaration pattern: (identifier) @var.name value: (call_expression function: (scoped_identifier)) @var.type
  @var.wrapper)
(let_declaration pattern: (identifier) @var.name value: (struct_expression) @var.type)
; given what a function declares it returns, through `?`, `.await`, `.unwrap()` / `.expect(..)`: let td = tmpdir();
; let f = File::open(p)?; let dir = tempdir().unwrap() (a declared Result<T> or Option<T> is T: see TRANSPARENT_TYPES)
; a method's too, on a value or along a chain: let g = panel.gauge(); let m = Cmd::new().parse()?; an awaited
; value keeps its `.await`: what a future of the repository's gives is its IntoFuture's Output (FUTURE_OUTPUT); a
; call's value not unwrapped is the wrapper where its callee declares one: let m = self.find(k); m.is_none() is the
; Option's (@var.wrapper), let m = self.find(k)?; m.is_none() the Node's
(let_declaration pattern: (identifier) @var.name !type
  value: (call_expression function: [(identifier) (field_expression)]) @var.type @var.wrapper)
(let_declaration pattern: (identifier) @var.name !type
  value: [(try_expression (call_expression function: [(identifier) (scoped_identifier) (field_expression)]) @var.type)
          (await_expression (call_expression function: [(identifier) (scoped_identifier) (field_expression)])) @var.type
          (try_expression (await_expression (call_expression function: [(identifier) (scoped_identifier) (field_expression)])) @var.type)])
; a reference to the value is what it refers to: let db = &mut Database::open()?; db.remove(p) is Database's
(let_declaration pattern: (identifier) @var.name
  value: (reference_expression value: [(try_expression (call_expression)) @var.type
                                       (call_expression) @var.type @var.wrapper]))
; let cmd = if expand { ..; Command::new("help").about(a) } else { Command::new("help").arg(x) }: Rust gives
; every branch one type, so a branch's tail call says it; only one whose chain starts at a path call or at self (a
; name the branch's block binds, its own `let cmd = ..`, would be read where the outer `cmd` is used)
((let_declaration pattern: (identifier) @var.name !type
  value: (if_expression [consequence: (block (call_expression) @var.type .)
                         alternative: (else_clause (block (call_expression) @var.type .))]))
 (#match? @var.type "^((\\w+::)+\\w+(::<[^()]*>)?\\s*\\(|self\\.)"))
(field_declaration name: (field_identifier) @var.name type: (_) @var.type)
; if let Some(stats) = self.stats, match found { Some(item) => .. }, Ok(v) of a Result: what the Option or Result
; holds, its element (a method's bare name that a struct's field also bears is the field's otherwise)
((let_condition pattern: (tuple_struct_pattern type: (identifier) @_wrap .
   [(identifier) @var.name (ref_pattern (identifier) @var.name) (mut_pattern (identifier) @var.name)] .)
  value: [(identifier) (field_expression) (reference_expression)
          (call_expression function: (field_expression field: (field_identifier) @_held))] @var.elements)
 (#any-of? @_wrap "Some" "Ok") (#match? @_held "^(take|as_ref|as_mut|as_deref|as_deref_mut|cloned|copied)$"))
((match_expression value: [(identifier) (field_expression) (reference_expression)
                           (call_expression function: (field_expression field: (field_identifier) @_held))] @var.elements
   body: (match_block (match_arm pattern: (match_pattern (tuple_struct_pattern type: (identifier) @_wrap .
     [(identifier) @var.name (ref_pattern (identifier) @var.name) (mut_pattern (identifier) @var.name)] .)))))
 (#any-of? @_wrap "Some" "Ok") (#match? @_held "^(take|as_ref|as_mut|as_deref|as_deref_mut|cloned|copied)$"))
; ...of a call, as `let x = call()` reads it: what its callee declares it returns (Option and Result are transparent),
; or one element of a collection (while let Some(x) = stack.pop(), if let Some(x) = self.items.first()); through
; `?` and `.await` (while let Some(frame) = rx.recv().await)
((let_condition pattern: (tuple_struct_pattern type: (identifier) @_wrap .
   [(identifier) @var.name (ref_pattern (identifier) @var.name) (mut_pattern (identifier) @var.name)] .)
  value: [(call_expression function: [(identifier) (scoped_identifier)
                                     (field_expression field: (field_identifier) @_called)]) @var.type
          (try_expression (call_expression function: [(identifier) (scoped_identifier) (field_expression)]) @var.type)
          (await_expression (call_expression function: [(identifier) (scoped_identifier) (field_expression)])) @var.type
          (try_expression (await_expression (call_expression function: [(identifier) (scoped_identifier) (field_expression)])) @var.type)])
 (#any-of? @_wrap "Some" "Ok") (#not-match? @_called "^(take|as_ref|as_mut|as_deref|as_deref_mut|cloned|copied)$"))
((match_expression value: [(call_expression function: [(identifier) (scoped_identifier)
                                              (field_expression field: (field_identifier) @_called)]) @var.type
          (try_expression (call_expression function: [(identifier) (scoped_identifier) (field_expression)]) @var.type)
          (await_expression (call_expression function: [(identifier) (scoped_identifier) (field_expression)])) @var.type
          (try_expression (await_expression (call_expression function: [(identifier) (scoped_identifier) (field_expression)])) @var.type)]
   body: (match_block (match_arm pattern: (match_pattern (tuple_struct_pattern type: (identifier) @_wrap .
     [(identifier) @var.name (ref_pattern (identifier) @var.name) (mut_pattern (identifier) @var.name)] .)))))
 (#any-of? @_wrap "Some" "Ok") (#not-match? @_called "^(take|as_ref|as_mut|as_deref|as_deref_mut|cloned|copied)$"))
; ...and a pattern naming such a variant reads it (a variant only matched, built by a library, is used)
(tuple_struct_pattern type: (scoped_identifier path: (_) @receiver name: (identifier) @name)) @reference.attribute
; let Some(x) = call() else { .. } (let-else), and let x = match call() { Some(x) => x, .. }
((let_declaration pattern: (tuple_struct_pattern type: (identifier) @_wrap .
   [(identifier) @var.name (ref_pattern (identifier) @var.name) (mut_pattern (identifier) @var.name)] .)
  value: [(identifier) (field_expression) (reference_expression)
          (call_expression function: (field_expression field: (field_identifier) @_held))] @var.elements)
 (#any-of? @_wrap "Some" "Ok") (#match? @_held "^(take|as_ref|as_mut|as_deref|as_deref_mut|cloned|copied)$"))
((let_declaration pattern: (tuple_struct_pattern type: (identifier) @_wrap .
   [(identifier) @var.name (ref_pattern (identifier) @var.name) (mut_pattern (identifier) @var.name)] .)
  value: [(call_expression function: [(identifier) (scoped_identifier)
                                     (field_expression field: (field_identifier) @_called)]) @var.type
          (try_expression (call_expression function: [(identifier) (scoped_identifier) (field_expression)]) @var.type)
          (await_expression (call_expression function: [(identifier) (scoped_identifier) (field_expression)])) @var.type
          (try_expression (await_expression (call_expression function: [(identifier) (scoped_identifier) (field_expression)])) @var.type)])
 (#any-of? @_wrap "Some" "Ok") (#not-match? @_called "^(take|as_ref|as_mut|as_deref|as_deref_mut|cloned|copied)$"))
((let_declaration pattern: (identifier) @var.name
  value: (match_expression
    value: [(call_expression function: [(identifier) (scoped_identifier) (field_expression)]) @var.type
            (try_expression (call_expression function: [(identifier) (scoped_identifier) (field_expression)]) @var.type)
            (await_expression (call_expression function: [(identifier) (scoped_identifier) (field_expression)])) @var.type
          (try_expression (await_expression (call_expression function: [(identifier) (scoped_identifier) (field_expression)])) @var.type)]
    body: (match_block (match_arm pattern: (match_pattern (tuple_struct_pattern type: (identifier) @_wrap .
                                                                             (identifier) @_bound .))
                                  value: (identifier) @_given))))
 (#any-of? @_wrap "Some" "Ok") (#eq? @_bound @_given))
; match Command::from_frame(frame)? { .., command => command.get_name() }: a catch-all arm's name is the scrutinee
((match_expression value: [(identifier) (field_expression) (self)] @var.value
   body: (match_block (match_arm pattern: (match_pattern . (identifier) @var.name .))))
 (#match? @var.name "^[a-z_]"))
((match_expression value: [(call_expression function: [(identifier) (scoped_identifier) (field_expression)]) @var.type
                           (try_expression (call_expression function: [(identifier) (scoped_identifier)
                                                                       (field_expression)]) @var.type)]
   body: (match_block (match_arm pattern: (match_pattern . (identifier) @var.name .))))
 (#match? @var.name "^[a-z_]"))
(match_arm pattern: (match_pattern . (identifier) @local.name .) (#match? @local.name "^[a-z_]"))
;  Command::Get(cmd) =>, if let Frame::Array(items) = f, Message::Move(x, y) =>, Shape::Rect(w, h): each name bound
; is the variant's member at its place (a field named 0, 1..), of that field's declared type (a tuple struct's too:
; inner::Pair(a, b) binds Pair's fields, never a Pair)
(tuple_struct_pattern type: (scoped_identifier) @var.type
  [(identifier) @var.name @var.member.place (ref_pattern (identifier) @var.name) @var.member.place
   (mut_pattern (identifier) @var.name) @var.member.place])
; match self { Get(cmd) => .. } after `use Command::*`: a bare variant's payload at its place, as a member of the
; scrutinee (self~Get.0; an Option's and a Result's are what they hold: below and above)
((match_expression value: (_) @var.value
   body: (match_block (match_arm pattern: (match_pattern (tuple_struct_pattern type: (identifier) @var.member .
     [(identifier) @var.name @var.member.place (ref_pattern (identifier) @var.name) @var.member.place
      (mut_pattern (identifier) @var.name) @var.member.place])))))
 (#not-match? @var.member "^(Some|Ok|Err)$"))
; Event::Key { code, modifiers: m } =>, let Point { x, y } = p: each name bound is the member of the variant's or
; struct's value that it binds, of that field's declared type (a struct variant is a constant holding its fields)
(struct_pattern type: (_) @var.type
  (field_pattern name: (shorthand_field_identifier) @var.name @var.member))
(struct_pattern type: (_) @var.type
  (field_pattern name: (field_identifier) @var.member
                 pattern: [(identifier) @var.name (ref_pattern (identifier) @var.name) (mut_pattern (identifier) @var.name)]))
(field_pattern name: (shorthand_field_identifier) @local.name)
(field_pattern pattern: [(identifier) @local.name (ref_pattern (identifier) @local.name)
                         (mut_pattern (identifier) @local.name)])
; each arm of a match is a scope of its own: Get(cmd) and Set(cmd) in two arms are two variables, of two types (a
; pattern's names are variables, never functions found by name)
(match_arm) @scope.callback
; an if let's / while let's / for's names hold in its block only, never in its else branches nor in the value matched
; (else if let Some(expected) = expected.num_values() { .. } else if expected.min_values() ..: two variables); a
; let's from its end to its block's end (let path = path.as_ref(): the value reads the parameter)
([(if_expression condition: (let_condition pattern: (_) @scope.binder) consequence: (block) @scope.binds)
  (while_expression condition: (let_condition pattern: (_) @scope.binder) body: (block) @scope.binds)
  (for_expression pattern: (_) @scope.binder body: (block) @scope.binds)])
(let_declaration pattern: (_) @scope.binder) @scope.binds.after
; ...and so is a closure (|name, out| { let Some(flag) = lookup(name) else { .. }; .. }: not the function's `flag`)
(closure_expression) @scope.callback
(tuple_struct_pattern type: (_)
  [(identifier) @local.name (ref_pattern (identifier) @local.name) (mut_pattern (identifier) @local.name)])
; a struct's field typed by one of its type parameters (formatter: F in Serializer<W, F>): a mark at the type, which
; rust.settle_references types by the trait bound the file gives that parameter wherever it bounds it (where F:
; Formatter): self.ser.formatter.begin_string() is Formatter's, dispatched to the impls (several bounds: unknown)
((struct_item type_parameters: (type_parameters (type_parameter name: (type_identifier) @_param))
   body: (field_declaration_list (field_declaration type: (type_identifier) @name)))
 (#eq? @_param @name)) @reference.parameter_field
([(type_parameter name: (type_identifier) @name
                  bounds: (trait_bounds . [(type_identifier) (scoped_type_identifier) (generic_type)] @receiver))
  (where_predicate left: (type_identifier) @name
                   bounds: (trait_bounds . [(type_identifier) (scoped_type_identifier) (generic_type)] @receiver))])
  @reference.type_bound
; a type parameter stands for its first trait bound (fn f<T: Make>, impl<T: Make>, where T: Make): T::make() is the
; trait's method, dispatched to the impls (a marker bound first, T: Clone + Make, is std's: nothing is guessed)
(type_parameter name: (type_identifier) @var.name
  bounds: (trait_bounds . [(type_identifier) (scoped_type_identifier) (generic_type)] @var.type))
(where_predicate left: (type_identifier) @var.name
  bounds: (trait_bounds . [(type_identifier) (scoped_type_identifier) (generic_type)] @var.type))

; names bound where they are (see parse.py @local.name): parameters, let, closure and for variables
(parameter pattern: (identifier) @local.name)
(let_declaration pattern: (identifier) @local.name)
(closure_parameters (identifier) @local.name)
(for_expression pattern: [(identifier) @local.name (mut_pattern (identifier) @local.name)])
; for b in &self.books, books.iter(): b takes the collection's elements (`for mut b in ..` too)
(for_expression pattern: [(identifier) @var.name (mut_pattern (identifier) @var.name)]
  value: [(identifier) (field_expression) (reference_expression) (call_expression function: (field_expression))] @var.elements)
; xs.iter().map(|b| ...): an iterator adapter's closure takes the collection's elements
(call_expression
  function: (field_expression value: (_) @var.elements field: (field_identifier) @_adapter)
  arguments: (arguments . (closure_expression parameters: (closure_parameters . [(identifier) @var.name
                                                                                (parameter pattern: (identifier) @var.name)] .)))
  (#any-of? @_adapter "map" "for_each" "filter" "any" "all" "find" "filter_map" "flat_map" "position" "take_while"
            "skip_while" "inspect" "max_by_key" "min_by_key"))

; -- tuples: each name a tuple pattern binds is the element at its place ------------------------------------------
; fn f() -> (A, B), -> Option<(A, B)>, -> io::Result<(A, B)>: the element types by place, what a pattern of its
; call takes (`let (a, b) = f()`, `Some((a, b))` matched on it: f()#1)
([(function_item return_type: (tuple_type (_) @signature.result @signature.result.place))
  (function_signature_item return_type: (tuple_type (_) @signature.result @signature.result.place))])
([(function_item return_type: (generic_type type: [(type_identifier) @_wrap (scoped_type_identifier name: (type_identifier) @_wrap)]
    type_arguments: (type_arguments . (tuple_type (_) @signature.result @signature.result.place))))
  (function_signature_item return_type: (generic_type type: [(type_identifier) @_wrap (scoped_type_identifier name: (type_identifier) @_wrap)]
    type_arguments: (type_arguments . (tuple_type (_) @signature.result @signature.result.place))))]
 (#match? @_wrap "^(Option|Box|.*Result)$"))
; let (a, b): (A, B) = ..: the declared element; else let (a, b) = pair (pair: (A, B), a tuple the variable holds:
; pair~1), let (a, b) = f()? (f()#1)
(let_declaration pattern: (tuple_pattern
    [(identifier) @var.name @var.member.place (ref_pattern (identifier) @var.name) @var.member.place
     (mut_pattern (identifier) @var.name) @var.member.place])
  type: (tuple_type) @var.type)
(let_declaration pattern: (tuple_pattern
    [(identifier) @var.name @var.member.place (ref_pattern (identifier) @var.name) @var.member.place
     (mut_pattern (identifier) @var.name) @var.member.place])
  !type value: (identifier) @var.value)
(let_declaration pattern: (tuple_pattern
    [(identifier) @var.name @var.member.place (ref_pattern (identifier) @var.name) @var.member.place
     (mut_pattern (identifier) @var.name) @var.member.place])
  !type value: [(call_expression) (try_expression (call_expression))] @var.type)
; let (a, b) = f().await?: the awaited call's own result by place (only an async fn's declared tuple has places: a
; future's Output is no signature of ours)
(let_declaration pattern: (tuple_pattern
    [(identifier) @var.name @var.member.place (ref_pattern (identifier) @var.name) @var.member.place
     (mut_pattern (identifier) @var.name) @var.member.place])
  !type value: [(await_expression (call_expression) @var.type)
                (try_expression (await_expression (call_expression) @var.type))])
(tuple_pattern [(identifier) @local.name (ref_pattern (identifier) @local.name) (mut_pattern (identifier) @local.name)])
; Some((a, b)) / Ok((a, b)) matched on a variable (found: Option<(A, B)>) or on a call returning one
((match_expression value: (identifier) @var.value
   body: (match_block (match_arm pattern: (match_pattern (tuple_struct_pattern type: (identifier) @_wrap .
     (tuple_pattern [(identifier) @var.name @var.member.place (ref_pattern (identifier) @var.name) @var.member.place
                     (mut_pattern (identifier) @var.name) @var.member.place]) .)))))
 (#any-of? @_wrap "Some" "Ok"))
((match_expression value: [(call_expression) (try_expression (call_expression)) (await_expression (call_expression))
                           (try_expression (await_expression (call_expression)))] @var.type
   body: (match_block (match_arm pattern: (match_pattern (tuple_struct_pattern type: (identifier) @_wrap .
     (tuple_pattern [(identifier) @var.name @var.member.place (ref_pattern (identifier) @var.name) @var.member.place
                     (mut_pattern (identifier) @var.name) @var.member.place]) .)))))
 (#any-of? @_wrap "Some" "Ok"))
([(let_condition pattern: (tuple_struct_pattern type: (identifier) @_wrap .
    (tuple_pattern [(identifier) @var.name @var.member.place (ref_pattern (identifier) @var.name) @var.member.place
                    (mut_pattern (identifier) @var.name) @var.member.place]) .)
   value: (identifier) @var.value)
  (let_declaration pattern: (tuple_struct_pattern type: (identifier) @_wrap .
    (tuple_pattern [(identifier) @var.name @var.member.place (ref_pattern (identifier) @var.name) @var.member.place
                    (mut_pattern (identifier) @var.name) @var.member.place]) .)
   value: (identifier) @var.value)]
 (#any-of? @_wrap "Some" "Ok"))
([(let_condition pattern: (tuple_struct_pattern type: (identifier) @_wrap .
    (tuple_pattern [(identifier) @var.name @var.member.place (ref_pattern (identifier) @var.name) @var.member.place
                    (mut_pattern (identifier) @var.name) @var.member.place]) .)
   value: [(call_expression function: [(identifier) (scoped_identifier) (field_expression field: (field_identifier) @_called)])
           (try_expression (call_expression)) (await_expression (call_expression))
           (try_expression (await_expression (call_expression)))] @var.type)
  (let_declaration pattern: (tuple_struct_pattern type: (identifier) @_wrap .
    (tuple_pattern [(identifier) @var.name @var.member.place (ref_pattern (identifier) @var.name) @var.member.place
                    (mut_pattern (identifier) @var.name) @var.member.place]) .)
   value: [(call_expression function: [(identifier) (scoped_identifier) (field_expression field: (field_identifier) @_called)])
           (try_expression (call_expression)) (await_expression (call_expression))
           (try_expression (await_expression (call_expression)))] @var.type)]
 (#any-of? @_wrap "Some" "Ok") (#not-eq? @_called "next"))
; a tuple pattern walking a collection: each name is the element's member at its place (self.pairs[]~1): of a
; Vec<(A, B)> / &[(A, B)] the element there; of a map's entries (K, V) (for (k, v) in &self.rows / map.iter()) v is
; one of the map's values, as its declaration states, k its declared key (parse._entry_at_place)
(for_expression pattern: (tuple_pattern [(identifier) @var.name @var.member.place
                                         (ref_pattern (identifier) @var.name) @var.member.place
                                         (mut_pattern (identifier) @var.name) @var.member.place])
  value: [(identifier) (field_expression) (reference_expression)] @var.elements)
((for_expression pattern: (tuple_pattern [(identifier) @var.name @var.member.place
                                          (ref_pattern (identifier) @var.name) @var.member.place
                                          (mut_pattern (identifier) @var.name) @var.member.place])
  value: (call_expression function: (field_expression value: [(identifier) (field_expression)] @var.elements
                                                      field: (field_identifier) @_iter)))
 (#any-of? @_iter "iter" "iter_mut" "into_iter" "drain"))
((let_condition pattern: (tuple_struct_pattern type: (identifier) @_wrap .
    (tuple_pattern . (_) . [(identifier) @var.name (ref_pattern (identifier) @var.name) (mut_pattern (identifier) @var.name)] .) .)
   value: (call_expression function: (field_expression
     value: (call_expression function: (field_expression value: [(identifier) (field_expression)] @var.elements
                                                         field: (field_identifier) @_iter))
     field: (field_identifier) @_next)))
 (#eq? @_wrap "Some") (#any-of? @_iter "iter" "iter_mut") (#any-of? @_next "next" "last"))
; for (i, item) in items.iter().enumerate(): item is an element of items (enumerate gives (usize, T))
((for_expression pattern: (tuple_pattern . (_) . [(identifier) @var.name (ref_pattern (identifier) @var.name)
                                                (mut_pattern (identifier) @var.name)] .)
  value: (call_expression function: (field_expression
    value: [(identifier) (field_expression)
            (call_expression function: (field_expression field: (field_identifier) @_iter))] @var.elements
    field: (field_identifier) @_enumerate)))
 (#eq? @_enumerate "enumerate") (#any-of? @_iter "iter" "iter_mut" "into_iter"))
(for_expression pattern: (tuple_pattern [(identifier) @local.name (ref_pattern (identifier) @local.name)
                                         (mut_pattern (identifier) @local.name)]))
