; Scala 2 and 3: classes, case classes, objects, traits, enums and their cases, defs, vals/vars (fields), type
; aliases, givens, extension methods (members of the type they extend); calls (with or without parentheses),
; constructions, infix calls, bases, annotations, imports, package clauses. Capture names follow the convention
; documented in extractors/structure/parse.py. Public is the default: a definition is exported unless `private`
; (also `private[this]`, `private[pkg]`) or `protected` (the predicate on its modifiers; an absent modifiers node
; passes it). A companion `object Foo` beside `class Foo` adds its members to Foo (langs/scala.py: settle_definitions).

; package a.b / package c (chained clauses nest: a.b.c), package a.b { ... }
(compilation_unit (package_clause name: (package_identifier) @package.name))
; package object os { .. } (in package a): its members are top-level definitions of package a.os (it is no symbol)
(compilation_unit (package_object name: (identifier) @package.name))

; definitions
(class_definition name: (identifier) @name) @definition.class
(object_definition name: (identifier) @name) @definition.object
(trait_definition name: (identifier) @name) @definition.trait
(enum_definition name: (identifier) @name) @definition.enum
(type_definition name: (type_identifier) @name) @definition.type
[(function_definition name: (identifier) @name) (function_declaration name: (identifier) @name)] @definition.function
((class_definition (modifiers)? @_m name: (identifier) @name) @definition.class @exported
  (#not-match? @_m "(^|\\s)(private|protected)(\\[|\\s|$)"))
((object_definition (modifiers)? @_m name: (identifier) @name) @definition.object @exported
  (#not-match? @_m "(^|\\s)(private|protected)(\\[|\\s|$)"))
((trait_definition (modifiers)? @_m name: (identifier) @name) @definition.trait @exported
  (#not-match? @_m "(^|\\s)(private|protected)(\\[|\\s|$)"))
(enum_definition name: (identifier) @name) @definition.enum @exported
((type_definition (modifiers)? @_m name: (type_identifier) @name) @definition.type @exported
  (#not-match? @_m "(^|\\s)(private|protected)(\\[|\\s|$)"))
([(function_definition (modifiers)? @_m name: (identifier) @name)
  (function_declaration (modifiers)? @_m name: (identifier) @name)] @definition.function @exported
  (#not-match? @_m "(^|\\s)(private|protected)(\\[|\\s|$)"))
; enum cases: `case Red, Green` are values of the enum, `case Custom(x: Int)` a class of its own
(simple_enum_case name: (identifier) @name) @definition.field @exported
(full_enum_case name: (identifier) @name) @definition.class @exported
; vals and vars of a class, trait or object are fields (the definition spans the name and the declared type: what
; the initializer calls stays the class's, and the type is what the field holds along a chain); top-level ones
; (Scala 3) are variables
(template_body [(val_definition pattern: (identifier) @name . type: (_) @definition.field)
                (var_definition pattern: (identifier) @name . type: (_) @definition.field)
                (val_definition pattern: (identifier) @name @definition.field !type)
                (var_definition pattern: (identifier) @name @definition.field !type)
                (val_declaration name: (identifier) @name . type: (_) @definition.field)
                (var_declaration name: (identifier) @name . type: (_) @definition.field)])
((template_body [(val_definition (modifiers)? @_m pattern: (identifier) @name . type: (_) @definition.field @exported)
                 (var_definition (modifiers)? @_m pattern: (identifier) @name . type: (_) @definition.field @exported)
                 (val_definition (modifiers)? @_m pattern: (identifier) @name @definition.field @exported !type)
                 (var_definition (modifiers)? @_m pattern: (identifier) @name @definition.field @exported !type)
                 (val_declaration (modifiers)? @_m name: (identifier) @name . type: (_) @definition.field @exported)
                 (var_declaration (modifiers)? @_m name: (identifier) @name . type: (_) @definition.field @exported)])
  (#not-match? @_m "(^|\\s)(private|protected)(\\[|\\s|$)"))
[(compilation_unit [(val_definition pattern: (identifier) @name) (var_definition pattern: (identifier) @name)]
  @definition.variable @exported)]
; constructor parameters are fields (spanning their declared type): `val`/`var` ones and a case class's public, the
; others private to the class, whose methods read them bare
(class_parameter name: (identifier) @name . type: (_) @definition.field)
(class_parameter ["val" "var"] name: (identifier) @name . type: (_) @definition.field @exported)
(class_definition "case" class_parameters: (class_parameters (class_parameter name: (identifier) @name . type: (_)
  @definition.field @exported)))
; Scala 3 givens: `given intOrd: Ord[Int] with {..}` an object; an anonymous `given Ord[Int] with` is named after
; what it is (and built where it is written)
(given_definition "given" @decorator name: (identifier) @name) @definition.object @exported
(given_definition !name return_type: [(type_identifier) @name (generic_type type: (type_identifier) @name)]
  body: (with_template_body)) @definition.class @anonymous
; Scala 3 extension methods: `extension (s: Shop) def total` is a member of Shop (maybe declared in another file)
(extension_definition parameters: (parameters . (parameter type: [(type_identifier) @parent.name
  (generic_type type: (type_identifier) @parent.name)]))
  body: [(function_definition name: (identifier) @name) (function_declaration name: (identifier) @name)]
  @definition.function @exported)
(extension_definition parameters: (parameters . (parameter type: [(type_identifier) @parent.name
  (generic_type type: (type_identifier) @parent.name)]))
  body: (template_body [(function_definition name: (identifier) @name) (function_declaration name: (identifier) @name)]
  @definition.function @exported))
; anonymous classes: new Base(..) { ... } (new a.b.Base[T](..) { ... }) is a class of its own, <anonymous Base>,
; extending Base
(instance_expression [(type_identifier) @name (generic_type type: (type_identifier) @name)
  (stable_type_identifier (type_identifier) @name .)
  (generic_type type: (stable_type_identifier (type_identifier) @name .))] (template_body)) @definition.class @anonymous
; ...and one mixing traits in, `new Json.Folder[Int] with (Int => Int) { def onNull = .. }`: named after its base
(instance_expression (compound_type base: [(type_identifier) @name (generic_type type: (type_identifier) @name)
  (stable_type_identifier (type_identifier) @name .)
  (generic_type type: (stable_type_identifier (type_identifier) @name .))]) (template_body)) @definition.class @anonymous
; annotations: @main, @Test, @Provides register the definition with a framework (entry points); an object
; extending App is a program, a class extending a test framework's suite is run by it (named as its `@decorator`)
[(function_definition (annotation name: [(type_identifier) @decorator (stable_type_identifier (type_identifier)
  @decorator .)]) name: (identifier) @name)
 (function_declaration (annotation name: [(type_identifier) @decorator (stable_type_identifier (type_identifier)
  @decorator .)]) name: (identifier) @name)] @definition.function
(class_definition (annotation name: [(type_identifier) @decorator (stable_type_identifier (type_identifier)
  @decorator .)]) name: (identifier) @name) @definition.class
((object_definition name: (identifier) @name extend: (extends_clause [(type_identifier) @decorator
  (stable_type_identifier (type_identifier) @decorator .)])) @definition.object (#eq? @decorator "App"))
; implicits: `implicit def configParser`, `implicit object PathRead extends Reader[Path]`, `implicit val ord`, a
; trait's abstract `implicit def encoder: Encoder[A]` (an implementing object's def is passed through it): the
; compiler passes them where their type is asked, never written (langs/scala.py settle_definitions marks them)
[(function_definition (modifiers "implicit" @decorator) name: (identifier) @name) @definition.function
 (function_declaration (modifiers "implicit" @decorator) name: (identifier) @name) @definition.function
 (object_definition (modifiers "implicit" @decorator) name: (identifier) @name) @definition.object
 (class_definition (modifiers "implicit" @decorator) name: (identifier) @name) @definition.class]
(template_body [(val_definition (modifiers "implicit" @decorator) pattern: (identifier) @name . type: (_) @definition.field)
                (val_definition (modifiers "implicit" @decorator) pattern: (identifier) @name @definition.field !type)])
; an enumeration: `object AgeGroup extends Enum[AgeGroup] { val values = findValues; case object Toddler extends
; AgeGroup }`: enumeratum's macro lists each object nested in it (`values`, `withName`), naming none; the object
; holding the call is marked, the ones inside it are its cases (langs/scala.py settle_definitions)
; needs: findValues
((object_definition name: (identifier) @name body: (template_body (val_definition value: (identifier) @decorator)))
  @definition.object (#eq? @decorator "findValues"))
((class_definition name: (identifier) @name extend: (extends_clause [(type_identifier) @decorator
  (generic_type type: (type_identifier) @decorator) (stable_type_identifier (type_identifier) @decorator .)]))
  @definition.class (#match? @decorator "(Spec|Suite|SpecLike|SuiteLike|FunSuite|TestSuite)$"))
((object_definition name: (identifier) @name extend: (extends_clause [(type_identifier) @decorator
  (stable_type_identifier (type_identifier) @decorator .)]))
  @definition.object (#match? @decorator "(Spec|Suite|SpecLike|SuiteLike|FunSuite|TestSuite)$"))

; calls: f(x), f[T](x), obj.m(x), obj.m[T](x), this.m(), super.m(), Foo.m() (an object's member), Foo(x) (a case
; class's or companion's apply: the class)
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (generic_function function: (identifier) @name)) @reference.call
(call_expression function: (field_expression value: (_) @receiver field: (identifier) @name)) @reference.call
(call_expression function: (generic_function function: (field_expression value: (_) @receiver
  field: (identifier) @name))) @reference.call
; new Foo(..), new Foo[T](..), new a.b.Foo(..), new Foo (no arguments)
(instance_expression [(type_identifier) @name (generic_type type: (type_identifier) @name)]) @reference.call
(instance_expression [(stable_type_identifier (_) @receiver (type_identifier) @name .)
  (generic_type type: (stable_type_identifier (_) @receiver (type_identifier) @name .))]) @reference.call
; infix calls with a named operator: `a combine b` (the left operand is the receiver; `+`, `::` and other symbolic
; operators are left out)
(infix_expression left: (_) @receiver operator: (identifier) @name) @reference.call
; a def called without parentheses looks like a field read: a bare name in a value's place is a call
; unless a parameter or local value binds it (see parse.py @reference.name); capitalized and backquoted ones too, the
; defs of parser-combinator code (fastparse's `Ident`, `\`val\``)
([(arguments (identifier) @name)
  (infix_expression left: (identifier) @name)
  (infix_expression right: (identifier) @name)
  (prefix_expression (identifier) @name)
  (block (identifier) @name)
  (indented_block (identifier) @name)
  (template_body (identifier) @name)
  (function_definition body: (identifier) @name)
  (val_definition value: (identifier) @name)
  (var_definition value: (identifier) @name)
  (assignment_expression right: (identifier) @name)
  (if_expression condition: (_ (identifier) @name))
  (if_expression consequence: (identifier) @name)
  (if_expression alternative: (identifier) @name)
  (match_expression value: (identifier) @name)
  (case_clause body: (identifier) @name)
  (return_expression (identifier) @name)
  (tuple_expression (identifier) @name)
  (parenthesized_expression (identifier) @name)
  (interpolation (identifier) @name)
  (enumerator (identifier) @name . )
  (lambda_expression (identifier) @name .)
  (parameter default_value: (identifier) @name)
  (class_parameter default_value: (identifier) @name)] @reference.name
  (#not-match? @name "^(this|super)$"))
; a def called with type arguments and no parentheses (`summonLabels[ts]`, `deriveFor[Qux].incomplete`, a macro's
; `${ typeNameImpl[A] }`): a bare name as above; a capitalized one is left out (`Decoder[A]`: a type class's summoner,
; the companion's apply)
([(field_expression value: (generic_function function: (identifier) @name))
  (splice_expression (generic_function function: (identifier) @name))
  (arguments (generic_function function: (identifier) @name))
  (infix_expression left: (generic_function function: (identifier) @name))
  (infix_expression right: (generic_function function: (identifier) @name))
  (block (generic_function function: (identifier) @name))
  (indented_block (generic_function function: (identifier) @name))
  (template_body (generic_function function: (identifier) @name))
  (function_definition body: (generic_function function: (identifier) @name))
  (val_definition value: (generic_function function: (identifier) @name))
  (var_definition value: (generic_function function: (identifier) @name))
  (assignment_expression right: (generic_function function: (identifier) @name))
  (if_expression consequence: (generic_function function: (identifier) @name))
  (if_expression alternative: (generic_function function: (identifier) @name))
  (case_clause body: (generic_function function: (identifier) @name))
  (return_expression (generic_function function: (identifier) @name))
  (tuple_expression (generic_function function: (identifier) @name))
  (parenthesized_expression (generic_function function: (identifier) @name))
  (lambda_expression (generic_function function: (identifier) @name) .)] @reference.name
  (#match? @name "^[a-z`]"))
; and the object of a member call or read (`trailer.rep`, `stringTokenChar.rep.!`: what the def returns); a
; capitalized one is an object's or class's name (`Config.default`: read below)
; (`os.read`: a package, named in the file's package clause or an import, is none: langs/scala.py settle_references)
((field_expression value: (identifier) @name) @reference.receiver_name (#match? @name "^[a-z`]")
  (#not-match? @name "^(this|super)$"))
(package_clause name: (package_identifier (identifier) @name)) @reference.package_part
(package_object name: (identifier) @name) @reference.package_part
; a member read without parentheses (obj.size, this.count): a call of a def or a read of a field, kept where the
; object's type is known; the same node as a call's callee is the call
((field_expression value: (_) @receiver field: (identifier) @name) @reference.attribute
  (#not-match? @name "^(this|super)$"))

; `_.hasParent` in a placeholder lambda: a member of elements of unknown type, most often a def called without
; parentheses (a call, guessed by name as any call on an object of unknown type)
(field_expression value: (wildcard) @receiver field: (identifier) @name) @reference.call

; inheritance: class A extends Base(..) with T1 with T2; given x: Ord[Int] with {..}
(extends_clause [(type_identifier) @name (generic_type type: (type_identifier) @name)] @reference.inherits)
(extends_clause [(stable_type_identifier (_) @receiver (type_identifier) @name .)
  (generic_type type: (stable_type_identifier (_) @receiver (type_identifier) @name .))] @reference.inherits)
(given_definition return_type: [(type_identifier) @name (generic_type type: (type_identifier) @name)]
  @reference.inherits body: (with_template_body))
(instance_expression [(type_identifier) @name (generic_type type: (type_identifier) @name)]
  (template_body) @reference.inherits)
; new scopt.OptionParser[Config]("x") { head(..) }: a base named in full
(instance_expression [(stable_type_identifier (_) @receiver (type_identifier) @name .)
  (generic_type type: (stable_type_identifier (_) @receiver (type_identifier) @name .))]
  (template_body) @reference.inherits)
; new Json.Folder[Int] with Function1[Json, Int] { .. }: its base and each trait mixed in
(instance_expression (compound_type [(type_identifier) @name (generic_type type: (type_identifier) @name)])
  (template_body) @reference.inherits)
(instance_expression (compound_type [(stable_type_identifier (_) @receiver (type_identifier) @name .)
  (generic_type type: (stable_type_identifier (_) @receiver (type_identifier) @name .))])
  (template_body) @reference.inherits)

; imports: import a.b.C / a.b._ / a.b.* / a.b.{C, D => E, _} / a.b.C as D (the selectors one import each)
; (the path's names are joined with `.`; a plain import is one with no selectors, wildcard or renaming)
((import_declaration . "import" ((identifier) @import.module "."?)+) @import
  (#not-match? @import "(\\{|\\._\\s*$|\\.\\*\\s*$|\\sas\\s)"))
(import_declaration "import" ((identifier) @import.module "."?)+ (namespace_wildcard) @import.wildcard) @import
(import_declaration "import" ((identifier) @import.module "."?)+ (namespace_selectors (identifier) @import.module))
  @import
(import_declaration "import" ((identifier) @import.module "."?)+ (namespace_selectors (namespace_wildcard)
  @import.wildcard)) @import
((import_declaration "import" ((identifier) @import.module "."?)+ (namespace_selectors (arrow_renamed_identifier
  name: (identifier) @import.module alias: (identifier) @import.alias))) @import (#not-eq? @import.alias "_"))
(import_declaration "import" ((identifier) @import.module "."?)+ (as_renamed_identifier
  . (identifier) @import.module (identifier) @import.alias .)) @import

; types named in signatures, fields, variables, generic arguments, patterns, annotations (of a qualified a.b.C the
; last name; see parse.py @reference.type)
(type_identifier) @name @reference.type
(stable_type_identifier . (_) @receiver (type_identifier) @name .) @reference.type
(annotation name: (type_identifier) @name) @reference.type.annotation
; an object read for its members: Config.default, Color.Red
((field_expression value: (identifier) @name field: (identifier)) @reference.type.value (#match? @name "^[A-Z]"))

; typed values: parameters, class parameters, vals, vars, typed patterns (x.f() then resolves on x's type)
(parameter name: (identifier) @var.name type: (_) @var.type)
(class_parameter name: (identifier) @var.name type: (_) @var.type)
[(val_definition pattern: (identifier) @var.name type: (_) @var.type)
 (var_definition pattern: (identifier) @var.name type: (_) @var.type)
 (val_declaration name: (identifier) @var.name type: (_) @var.type)]
(typed_pattern pattern: (identifier) @var.name type: (_) @var.type)
; val c = new Client(..) / Client(..) / Client.make(..): what the call builds or returns
; (an instance with a body of its own is an anonymous class: below)
[(val_definition pattern: (identifier) @var.name !type value: [(call_expression) (instance_expression . (_) .)
   (instance_expression . (_) . (arguments) .)] @var.value)
 (var_definition pattern: (identifier) @var.name !type value: [(call_expression) (instance_expression . (_) .)
   (instance_expression . (_) . (arguments) .)] @var.value)]

; val p = new OptionParser[Config]("x") { .. }: an anonymous class's value is of the type it extends (dispatch reaches
; what the body overrides)
[(val_definition pattern: (identifier) @var.name !type value: (instance_expression [(type_identifier) (generic_type)
   (stable_type_identifier)] @var.type (template_body)))
 (var_definition pattern: (identifier) @var.name !type value: (instance_expression [(type_identifier) (generic_type)
   (stable_type_identifier)] @var.type (template_body)))]

; parameters and local values (lambda, case, for ones too): a bare name in their scope is that value, never a
; same-named def (see parse.py @local.name)
[(parameter name: (identifier) @local.name)
 (block (val_definition pattern: (identifier) @local.name))
 (block (var_definition pattern: (identifier) @local.name))
 (indented_block (val_definition pattern: (identifier) @local.name))
 (indented_block (var_definition pattern: (identifier) @local.name))
 (block (val_definition pattern: (_ (identifier) @local.name)))
 (case_clause (val_definition pattern: (identifier) @local.name))
 (case_clause (var_definition pattern: (identifier) @local.name))
 (lambda_expression parameters: (identifier) @local.name)
 (lambda_expression parameters: (bindings (binding name: (identifier) @local.name)))
 (case_clause pattern: (identifier) @local.name)
 (case_clause pattern: (_ (identifier) @local.name))
 (case_clause pattern: (_ (_ (identifier) @local.name)))
 (enumerator . (identifier) @local.name)
 (enumerator . (_ (identifier) @local.name))]
