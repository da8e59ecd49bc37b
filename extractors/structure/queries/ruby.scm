; Ruby: classes, modules (a mixin and a namespace: kind trait), methods (`def m`, `def self.m`, in `class << self`),
; constants, attr_reader/attr_writer/attr_accessor, define_method, alias / alias_method; calls (`f(x)`, `obj.m`, a bare
; `m` that no local variable binds: @reference.name), `super`, `send(:m)`, `method(:m)`, constants read; `class A < B`,
; include / extend / prepend (inherits: a mixin's methods are the class's); require_relative, require, autoload.
; Capture names follow the convention documented in extractors/structure/parse.py; langs/ruby.py settles what a
; query cannot say (symbol names written `:x`, visibility after a bare `private`).

; definitions: a class or module written `A::B` is B inside A (its parent given by name)
(class name: (constant) @name) @definition.class @exported
(class name: (scope_resolution scope: (_) @parent.name name: (constant) @name)) @definition.class @exported
(module name: (constant) @name) @definition.trait @exported
(module name: (scope_resolution scope: (_) @parent.name name: (constant) @name)) @definition.trait @exported
(method name: (_) @name) @definition.function @exported
(singleton_method object: (self) @qualifier name: (_) @name) @definition.function @exported
; a Thor command: `desc "install NAME", ".."`, maybe its `method_option`s, then `def install`: Thor runs the method
; the command line names (`thor install x`, `Runner.start(%w(install x))`): an entry point by that decorator. Calls
; between them take no block (Grape's `desc "x"` then `get do .. end` describes the block, never a later `def`)
; needs: desc
(body_statement (call !receiver method: (identifier) @decorator (#eq? @decorator "desc")) . (call !block)* .
  (method name: (_) @name) @definition.function)
(assignment left: (constant) @name) @definition.constant
; Point = Struct.new(:x, :y) do ... end, Error = Class.new(StandardError): a class
(assignment left: (constant) @name
  right: (call receiver: (constant) @_maker method: (identifier) @_new)
  (#any-of? @_maker "Struct" "Class" "Data") (#eq? @_new "new")) @definition.class @exported
; RescueOptions = Data.define(:a, :b) do .. end (Ruby 3.2's value class); Env = Options.new(:a, :b) do def m .. end
; end, Options a Struct subclass of ours: a class whose methods the block defines, Options its base (below)
(assignment left: (constant) @name
  right: (call receiver: (constant) @_maker method: (identifier) @_define)
  (#eq? @_maker "Data") (#eq? @_define "define")) @definition.class @exported
(assignment left: (constant) @name
  right: (call receiver: [(constant) @_maker (scope_resolution name: (constant) @_maker)] method: (identifier) @_new
               block: [(do_block body: (body_statement (method))) (block body: (block_body (method)))])
  (#not-match? @_maker "^(Struct|Class|Data|Module)$") (#eq? @_new "new")) @definition.class @exported
; the members a value class is made with: Struct.new(:x, :y) (and a Struct subclass's new, as above) a reader and a
; writer each, Data.define(:x, :y) a reader each
(assignment left: (constant)
  right: (call receiver: (constant) @_maker method: (identifier) @_new
               arguments: (argument_list (simple_symbol) @name @definition.accessor @exported))
  (#eq? @_maker "Struct") (#eq? @_new "new"))
(assignment left: (constant)
  right: (call receiver: [(constant) @_maker (scope_resolution name: (constant) @_maker)] method: (identifier) @_new
               arguments: (argument_list (simple_symbol) @name @definition.accessor @exported)
               block: [(do_block body: (body_statement (method))) (block body: (block_body (method)))])
  (#not-match? @_maker "^(Struct|Class|Data|Module)$") (#eq? @_new "new"))
(assignment left: (constant)
  right: (call receiver: (constant) @_maker method: (identifier) @_define
               arguments: (argument_list (simple_symbol) @name @definition.function @exported))
  (#eq? @_maker "Data") (#eq? @_define "define"))
; FileList = Rake::FileList: the constant stands for that class (its declared type; ruby.constant_member follows it)
(assignment left: (constant)
  right: [(constant) @name (scope_resolution scope: (_) @receiver name: (constant) @name)]) @reference.type.variable
; attr_reader :items: a method per symbol; attr_writer :x: x= (writer); attr_accessor: both (ruby.settle_definitions)
(call !receiver method: (identifier) @_attr arguments: (argument_list (simple_symbol) @name @definition.function @exported)
  (#any-of? @_attr "attr_reader" "attr"))
(call !receiver method: (identifier) @_attr arguments: (argument_list (simple_symbol) @name @definition.writer @exported)
  (#eq? @_attr "attr_writer"))
(call !receiver method: (identifier) @_attr
  arguments: (argument_list (simple_symbol) @name @definition.accessor @exported) (#eq? @_attr "attr_accessor"))
(call !receiver method: (identifier) @_define arguments: (argument_list . (simple_symbol) @name)
  (#eq? @_define "define_method")) @definition.function @exported
; define_method("reset") with a literal name (none where it is built: "#{x}_list")
(call !receiver method: (identifier) @_define arguments: (argument_list . (string . (string_content) @name .))
  (#eq? @_define "define_method")) @definition.function @exported
; a method per element of a literal list (or of a constant holding one, @definition.listed): `%w[a b].each { |s|
; define_method(s) }`, `define_method("#{s}_list")`, `:"#{s}?"`, `attr_accessor s`, `send(:define_method, s)`, a
; `module_eval <<-EOS` heredoc's `def #{s}`; the call (@decorator) and the name as written (@qualifier) are read by
; ruby.settle_definitions, which spells the names (none where the list holds anything but symbols and words)
(call receiver: [(array) (string_array) (symbol_array) (constant)] @name method: (identifier) @_each
  block: [(do_block (block_parameters . (identifier) @_param .)
            (body_statement (call !receiver method: (identifier) @decorator
              arguments: (argument_list . [(identifier) @qualifier @_use
                                           (string (interpolation (identifier) @_use)) @qualifier
                                           (delimited_symbol (interpolation (identifier) @_use)) @qualifier]))
                            @definition.computed))
          (block (block_parameters . (identifier) @_param .)
            (block_body (call !receiver method: (identifier) @decorator
              arguments: (argument_list . [(identifier) @qualifier @_use
                                           (string (interpolation (identifier) @_use)) @qualifier
                                           (delimited_symbol (interpolation (identifier) @_use)) @qualifier]))
                        @definition.computed))]
  (#eq? @_each "each") (#eq? @_param @_use)
  (#any-of? @decorator "define_method" "define_singleton_method" "attr_reader" "attr_writer" "attr_accessor" "attr"))
(call receiver: [(array) (string_array) (symbol_array) (constant)] @name method: (identifier) @_each
  block: [(do_block (block_parameters . (identifier) @_param .)
            (body_statement (call !receiver method: (identifier) @_send
              arguments: (argument_list . (simple_symbol) @decorator . [(identifier) @qualifier @_use
                                           (string (interpolation (identifier) @_use)) @qualifier
                                           (delimited_symbol (interpolation (identifier) @_use)) @qualifier]))
                            @definition.computed))
          (block (block_parameters . (identifier) @_param .)
            (block_body (call !receiver method: (identifier) @_send
              arguments: (argument_list . (simple_symbol) @decorator . [(identifier) @qualifier @_use
                                           (string (interpolation (identifier) @_use)) @qualifier
                                           (delimited_symbol (interpolation (identifier) @_use)) @qualifier]))
                        @definition.computed))]
  (#eq? @_each "each") (#eq? @_param @_use) (#any-of? @_send "send" "__send__")
  (#any-of? @decorator ":define_method" ":define_singleton_method" ":attr_reader" ":attr_writer" ":attr_accessor"))
(call receiver: [(array) (string_array) (symbol_array) (constant)] @name method: (identifier) @_each
  block: (do_block (block_parameters . (identifier) @_param .)
           (body_statement (call !receiver method: (identifier) @decorator
                             arguments: (argument_list . (heredoc_beginning))) @definition.computed
                           . (heredoc_body (interpolation (identifier) @_use)) @qualifier))
  (#eq? @_each "each") (#eq? @_param @_use) (#any-of? @decorator "module_eval" "class_eval"))
(assignment left: (constant) @name
  right: [(array) @qualifier (string_array) @qualifier (symbol_array) @qualifier
          (call receiver: [(array) (string_array) (symbol_array)] @qualifier method: (identifier) @_freeze
            (#eq? @_freeze "freeze"))]) @definition.listed
; delegate :a, :b, to: :x (ActiveSupport): a method per symbol (not with a prefix: ruby.settle_definitions drops those;
; an RSpec matcher delegate(:x) has no to:)
(call !receiver method: (identifier) @_delegate
  arguments: (argument_list (simple_symbol) @name @definition.function @exported
                            (pair key: (hash_key_symbol) @_to (#eq? @_to "to")))
  (#eq? @_delegate "delegate"))
(call !receiver method: (identifier) @_delegate
  arguments: (argument_list (pair key: (hash_key_symbol) @name (#eq? @name "prefix"))) (#eq? @_delegate "delegate"))
  @definition.prefixed
; what a delegated method calls: `to:`'s object's method of that name (ruby.settle_references reads `:@x` as @x)
(call !receiver method: (identifier) @_delegate
  arguments: (argument_list (simple_symbol) @name @reference.call
                            (pair key: (hash_key_symbol) @_to value: (_) @receiver (#eq? @_to "to")))
  (#eq? @_delegate "delegate"))
; Forwardable: def_delegators :@x, :a, :b (a method per symbol after the accessor); def_delegator :@x, :a (a) or
; def_delegator :@x, :a, :b (b, its new name)
(call !receiver method: (identifier) @_forward
  arguments: (argument_list . (_) (simple_symbol) @name @definition.function @exported)
  (#any-of? @_forward "def_delegators" "def_instance_delegators"))
(call !receiver method: (identifier) @_forward
  arguments: (argument_list . (_) . (simple_symbol) @name @definition.function @exported .)
  (#any-of? @_forward "def_delegator" "def_instance_delegator"))
(call !receiver method: (identifier) @_forward
  arguments: (argument_list . (_) . (simple_symbol) . (simple_symbol) @name @definition.function @exported .)
  (#any-of? @_forward "def_delegator" "def_instance_delegator"))
; what a forwarded method calls: the accessor's object's method of that name (def_delegator :@x, :a, :b: a)
(call !receiver method: (identifier) @_forward
  arguments: (argument_list . (_) @receiver (simple_symbol) @name @reference.call)
  (#any-of? @_forward "def_delegators" "def_instance_delegators"))
(call !receiver method: (identifier) @_forward
  arguments: (argument_list . (_) @receiver . (simple_symbol) @name @reference.call .)
  (#any-of? @_forward "def_delegator" "def_instance_delegator"))
(call !receiver method: (identifier) @_forward
  arguments: (argument_list . (_) @receiver . (simple_symbol) @name . (simple_symbol) @reference.call .)
  (#any-of? @_forward "def_delegator" "def_instance_delegator"))
(call !receiver method: (identifier) @_alias arguments: (argument_list . (simple_symbol) @name @definition.function
  @exported . (simple_symbol)) (#eq? @_alias "alias_method"))
(alias name: (_) @name @definition.function @exported)

; visibility (read by ruby.settle_definitions, never symbols): a bare `private` applies to the definitions after it in
; its body, `private def x` to that one, `private :x, :y` to those named; `class << self` bounds a bare one
(body_statement (identifier) @name @definition.visibility
  (#any-of? @name "private" "protected" "public" "module_function"))
(call !receiver method: (identifier) @name arguments: (argument_list [(method) (singleton_method)])
  (#any-of? @name "private" "protected")) @definition.visibility
(call !receiver method: (identifier) @_visibility arguments: (argument_list (simple_symbol) @name @definition.visibility)
  (#any-of? @_visibility "private" "protected" "private_class_method"))
(singleton_class value: (self) @name) @definition.visibility
; a controller's `helper_method :current_user, :logged_in?` (read by ruby.settle_definitions, never symbols): Rails
; hands those methods of its class to the views, whose bare calls reach them (ruby.view_helpers)
; needs: helper_method
(call !receiver method: (identifier) @_helper arguments: (argument_list (simple_symbol) @name @definition.exposed)
  (#eq? @_helper "helper_method"))
; a mixin a body takes (read by ruby.settle_definitions, never symbols): `module Shop; module Syntax ... end; extend
; Syntax; end` has methods through it, so Shop there is no namespace but a part of the module Shop of other files
(call !receiver method: (identifier) @name arguments: (argument_list [(constant) (scope_resolution)])
  (#any-of? @name "include" "extend" "prepend")) @definition.mixin
; methods defined on another object (read by ruby.settle_definitions, never symbols): `class << @rubygems`, the block
; of `X.class_eval`, `instance_eval`, `Module.new`, `Class.new`: they add to or replace what that object's callers reach
((singleton_class value: (_) @name) @definition.patch (#not-eq? @name "self"))
(call method: (identifier) @name block: [(do_block) (block)]
  (#any-of? @name "class_eval" "class_exec" "module_eval" "module_exec" "instance_eval" "instance_exec")) @definition.patch
(call receiver: (constant) @_maker method: (identifier) @name block: [(do_block) (block)]
  (#any-of? @_maker "Module" "Class") (#eq? @name "new")) @definition.patch

; calls: f(x), f x, obj.m, obj&.m, self.m, Foo.new, Foo::Bar.m, obj.x = 1 (a writer)
(call !receiver method: [(identifier) (constant)] @name) @reference.call
(call receiver: (_) @receiver method: [(identifier) (constant)] @name) @reference.call
; handler.(x): handler.call(x) (ruby.settle_references names it)
(call receiver: (_) @receiver !method arguments: (argument_list) @name) @reference.call
; obj.x = 1, obj.x ||= 1: the writer x= (ruby.settle_references names it)
[(assignment left: (call receiver: (_) @receiver method: (identifier) @name))
 (operator_assignment left: (call receiver: (_) @receiver method: (identifier) @name))] @reference.writer
; super: the enclosing method's own name on a base (resolved by ruby.super_call)
(super) @name @reference.call
; send(:m), public_send(:m), obj.send(:m): a call of m; method(:m) and alias_method's original: m as a value
(call !receiver method: (identifier) @_send arguments: (argument_list . (simple_symbol) @name)
  (#any-of? @_send "send" "public_send" "__send__")) @reference.call
(call receiver: (_) @receiver method: (identifier) @_send arguments: (argument_list . (simple_symbol) @name)
  (#any-of? @_send "send" "public_send" "__send__")) @reference.call
(call !receiver method: (identifier) @_method arguments: (argument_list . (simple_symbol) @name)
  (#any-of? @_method "method" "instance_method")) @reference.callback
(call receiver: (_) @receiver method: (identifier) @_method arguments: (argument_list . (simple_symbol) @name)
  (#any-of? @_method "method" "instance_method")) @reference.callback
(call !receiver method: (identifier) @_alias arguments: (argument_list (simple_symbol) . (simple_symbol) @name .)
  (#eq? @_alias "alias_method")) @reference.callback
(alias alias: (identifier) @name) @reference.callback
; a callback named by a symbol (Rails' `before_save :normalize`, `validate :check`, a hook's
; `base.after_initialize :ensure_state`; `if: :ready?`, `:after => [:notify]` in a DSL's options): the object's method
(call method: (identifier) @_callback arguments: (argument_list (simple_symbol) @name @reference.callback)
  (#match? @_callback "^((before|after|around)_[a-z_]+|validate)$"))
(pair key: [(hash_key_symbol) (simple_symbol)] @_option
  value: [(simple_symbol) @name (array (simple_symbol) @name)] @reference.callback
  (#match? @_option "^:?(if|unless|guards?|(before|after|around)(_[a-z_]+)?)$"))
; a dispatch table: the symbols a constant's hash maps keys to (`Encodings = {"br" => :brotli}.freeze`,
; `Formats.merge!("atom" => :atom)`), which `send(Encodings[key])` runs: the class's methods (a symbol naming none
; stays no edge: a bare callback is kept only where the class or its bases define it)
(assignment left: (constant) right: [(hash (pair value: (simple_symbol) @name @reference.callback))
                                     (call receiver: (hash (pair value: (simple_symbol) @name @reference.callback)))])
(call receiver: (constant) method: (identifier) @_merge
  arguments: (argument_list [(hash (pair value: (simple_symbol) @name @reference.callback))
                             (pair value: (simple_symbol) @name @reference.callback)])
  (#match? @_merge "^(merge!|update)$"))
; xs.each(&:save): save called on each element, an object of a type not known here (a guess by name)
(block_argument (simple_symbol) @name) @receiver @reference.call

; a bare name where a value stands: a method called without arguments, unless a parameter or variable binds it
; (see parse.py @reference.name and the @local.name captures below); Ruby 3.1's `f(backtrace:)` is `f(backtrace: backtrace)`
; (a class body's bare name is captured on itself: the body starts at its first statement, often a method, which
; would take it as its own; the others' nodes lie inside the code they belong to)
(body_statement (identifier) @name @reference.name)
[(block_body (identifier) @name) (then (identifier) @name)
 (else (identifier) @name) (begin (identifier) @name) (ensure (identifier) @name) (do (identifier) @name)
 (parenthesized_statements (identifier) @name) (argument_list (identifier) @name) (splat_argument (identifier) @name)
 (hash_splat_argument (identifier) @name) (block_argument (identifier) @name) (binary (identifier) @name)
 (unary (identifier) @name) (conditional (identifier) @name) (if_modifier (identifier) @name)
 (unless_modifier (identifier) @name) (while_modifier (identifier) @name) (until_modifier (identifier) @name)
 (assignment right: (identifier) @name) (operator_assignment right: (identifier) @name)
 (right_assignment_list (identifier) @name) (call receiver: (identifier) @name) (element_reference (identifier) @name)
 (pair value: (identifier) @name) (array (identifier) @name) (interpolation (identifier) @name)
 (if condition: (identifier) @name) (unless condition: (identifier) @name) (while condition: (identifier) @name)
 (until condition: (identifier) @name) (case value: (identifier) @name) (pattern (identifier) @name)
 (in (identifier) @name) (range (identifier) @name) (program (identifier) @name)
 (optional_parameter value: (identifier) @name) (keyword_parameter value: (identifier) @name)
 (pair key: (hash_key_symbol) @name !value)] @reference.name

; constants read: a class passed or compared, a constant's value; Mod::FOO (a member of Mod)
[(argument_list (constant) @name) (splat_argument (constant) @name) (binary (constant) @name)
 (conditional (constant) @name) (assignment right: (constant) @name) (operator_assignment right: (constant) @name)
 (right_assignment_list (constant) @name) (element_reference (constant) @name) (pair value: (constant) @name)
 (array (constant) @name) (interpolation (constant) @name) (pattern (constant) @name) (exceptions (constant) @name)
 (body_statement (constant) @name) (block_body (constant) @name) (then (constant) @name) (else (constant) @name)
 (if condition: (constant) @name) (unless condition: (constant) @name) (if_modifier (constant) @name)
 (unless_modifier (constant) @name) (range (constant) @name) (parenthesized_statements (constant) @name)
 (optional_parameter value: (constant) @name) (keyword_parameter value: (constant) @name)] @reference.callback
[(argument_list (scope_resolution scope: (_) @receiver name: (constant) @name))
 (binary (scope_resolution scope: (_) @receiver name: (constant) @name))
 (assignment right: (scope_resolution scope: (_) @receiver name: (constant) @name))
 (element_reference (scope_resolution scope: (_) @receiver name: (constant) @name))
 (pair value: (scope_resolution scope: (_) @receiver name: (constant) @name))
 (array (scope_resolution scope: (_) @receiver name: (constant) @name))
 (pattern (scope_resolution scope: (_) @receiver name: (constant) @name))
 (exceptions (scope_resolution scope: (_) @receiver name: (constant) @name))
 (body_statement (scope_resolution scope: (_) @receiver name: (constant) @name))
 (then (scope_resolution scope: (_) @receiver name: (constant) @name))
 (conditional (scope_resolution scope: (_) @receiver name: (constant) @name))
 (interpolation (scope_resolution scope: (_) @receiver name: (constant) @name))
 (splat_argument (scope_resolution scope: (_) @receiver name: (constant) @name))
 (if_modifier (scope_resolution scope: (_) @receiver name: (constant) @name))
 (right_assignment_list (scope_resolution scope: (_) @receiver name: (constant) @name))] @reference.callback
; ::Foo, the top-level one; Foo.m, Mod::Foo.m: the class or constant a call is made on is used too;
; autoload :Foo, "x": Foo is the file's
(scope_resolution !scope name: (constant) @name) @reference.callback
(call receiver: [(constant) @name (scope_resolution scope: (_) @receiver name: (constant) @name)]) @reference.callback
(call !receiver method: (identifier) @_autoload arguments: (argument_list . (simple_symbol) @name)
  (#eq? @_autoload "autoload")) @reference.callback

; inheritance: class A < B, class A < Mod::B; include M, extend M, prepend M (the mixin's methods are the class's)
(superclass (constant) @name @reference.inherits)
(superclass (scope_resolution scope: (_) @receiver name: (constant) @name) @reference.inherits)
; a versioned base (Rails' `class CreateCarts < ActiveRecord::Migration[7.1]`: the class the call returns is
; Migration's subclass for that version): the base named before the brackets
; needs: [
(superclass (element_reference object: [(constant) @name
                                        (scope_resolution scope: (_) @receiver name: (constant) @name)] @reference.inherits))
; Failure = Class.new(Base) do .. end, Env = Options.new(:a) do def m .. end end: Base, Options (the class above);
; Point = Struct.new(:x), Opts = Data.define(:x): Struct, Data (Ruby's: what the class does not define is theirs)
(assignment left: (constant)
  right: (call receiver: (constant) @name @reference.inherits method: (identifier) @_new)
  (#any-of? @name "Struct" "Data") (#any-of? @_new "new" "define"))
(assignment left: (constant)
  right: (call receiver: (constant) @_maker method: (identifier) @_new
               arguments: (argument_list . [(constant) @name @reference.inherits
                                            (scope_resolution scope: (_) @receiver name: (constant) @name)
                                            @reference.inherits]))
  (#eq? @_maker "Class") (#eq? @_new "new"))
(assignment left: (constant)
  right: (call receiver: [(constant) @name @reference.inherits
                          (scope_resolution scope: (_) @receiver name: (constant) @name) @reference.inherits]
               method: (identifier) @_new
               block: [(do_block body: (body_statement (method))) (block body: (block_body (method)))])
  (#not-match? @name "^(Struct|Class|Data|Module)$") (#eq? @_new "new"))
(call !receiver method: (identifier) @_mixin
  arguments: (argument_list [(constant) @name @reference.inherits
                             (scope_resolution scope: (_) @receiver name: (constant) @name) @reference.inherits])
  (#any-of? @_mixin "include" "extend" "prepend"))
; a module's hook mixing others into what includes or extends it (`def self.included(base); base.send :include,
; Shell; base.extend ClassMethods; end`, thor's Thor::Base; also in `class << self`): the whole hook is the reference,
; which ruby.settle_references makes a base of the module itself (its includers reach them through it)
(singleton_method object: (self) name: (identifier) @_hook
  body: (body_statement (call receiver: (identifier) method: (identifier) @_mixin
      arguments: (argument_list [(constant) @name (scope_resolution scope: (_) @receiver name: (constant) @name)])))
  (#any-of? @_hook "included" "extended" "prepended" "inherited")
  (#any-of? @_mixin "include" "extend" "prepend")) @reference.hook_mixin
(singleton_class value: (self) body: (body_statement (method name: (identifier) @_hook
  body: (body_statement (call receiver: (identifier) method: (identifier) @_mixin
      arguments: (argument_list [(constant) @name (scope_resolution scope: (_) @receiver name: (constant) @name)]))))
  @reference.hook_mixin)
  (#any-of? @_hook "included" "extended" "prepended" "inherited")
  (#any-of? @_mixin "include" "extend" "prepend"))
(singleton_method object: (self) name: (identifier) @_hook
  body: (body_statement (call receiver: (identifier) method: (identifier) @_send
      arguments: (argument_list . (simple_symbol) @_how .
                                [(constant) @name (scope_resolution scope: (_) @receiver name: (constant) @name)])))
  (#any-of? @_hook "included" "extended" "prepended" "inherited")
  (#any-of? @_send "send" "__send__" "public_send") (#any-of? @_how ":include" ":extend" ":prepend")) @reference.hook_mixin
(singleton_class value: (self) body: (body_statement (method name: (identifier) @_hook
  body: (body_statement (call receiver: (identifier) method: (identifier) @_send
      arguments: (argument_list . (simple_symbol) @_how .
                                [(constant) @name (scope_resolution scope: (_) @receiver name: (constant) @name)]))))
  @reference.hook_mixin)
  (#any-of? @_hook "included" "extended" "prepended" "inherited")
  (#any-of? @_send "send" "__send__" "public_send") (#any-of? @_how ":include" ":extend" ":prepend"))
; a module's `module ClassMethods` is extended into every includer (a base of the module, the nested module itself
; the reference: ruby.settle_references): ActiveSupport::Concern's, and a library's module reopened (`module
; Sidekiq::Worker; module ClassMethods`), whose `included` hook, in the gem, extends it
; needs: ClassMethods
(module body: (body_statement (module name: (constant) @name) @reference.hook_mixin) (#eq? @name "ClassMethods"))
; an extended module's methods are the class object's own, never an instance's (the mark ruby.settle_references
; reads): `extend M`, `base.extend M`, `base.send :extend, M`, `class << self; include M; end`, a concern's ClassMethods
(call !receiver method: (identifier) @_extend
  arguments: (argument_list [(constant) @name @reference.extended
                             (scope_resolution name: (constant) @name @reference.extended)])
  (#eq? @_extend "extend"))
(call receiver: (identifier) method: (identifier) @_extend
  arguments: (argument_list [(constant) @name @reference.extended
                             (scope_resolution name: (constant) @name @reference.extended)])
  (#eq? @_extend "extend"))
(call receiver: (identifier) method: (identifier) @_send
  arguments: (argument_list . (simple_symbol) @_how .
                            [(constant) @name @reference.extended
                             (scope_resolution name: (constant) @name @reference.extended)])
  (#any-of? @_send "send" "__send__" "public_send") (#eq? @_how ":extend"))
(singleton_class value: (self) body: (body_statement (call !receiver method: (identifier) @_mixin
  arguments: (argument_list [(constant) @name @reference.extended
                             (scope_resolution name: (constant) @name @reference.extended)])))
  (#any-of? @_mixin "include" "prepend"))
; needs: ClassMethods
(module body: (body_statement (module name: (constant) @name @reference.extended)) (#eq? @name "ClassMethods"))
; RSpec.configure { |config| config.include M }: M's methods are every example's (a base of the file's top level;
; ruby.spec_helpers gives a helper file's to every spec)
(call receiver: (identifier) method: (identifier) @_mixin
  arguments: (argument_list [(constant) @name @reference.inherits
                             (scope_resolution scope: (_) @receiver name: (constant) @name) @reference.inherits])
  (#eq? @_mixin "include"))

; typed variables (see parse.py @var.name): x = Foo.new(...) / Foo::Bar.new / new (in a class method): x.m() is
; Foo's m (Class.new, Struct.new...: an object whose methods come later: none)
(assignment left: (identifier) @var.name
  right: (call receiver: [(constant) @_class (scope_resolution) (self)] method: (identifier) @_new) @var.type
  (#eq? @_new "new") (#not-match? @_class "^(Class|Module|Struct|Object|BasicObject|OpenStruct|Data)$"))
(assignment left: (identifier) @var.name right: (call !receiver method: (identifier) @_new) @var.type (#eq? @_new "new"))
(assignment left: (identifier) @var.name
  right: [(string) (array) (hash) (integer) (float) (true) (false) (regex) (symbol_array) (string_array)] @var.value)
; a method or a block kept to be run later: handler = method(:process), @on_error = obj.method(:report),
; cb = ->(x) { .. }, lambda { }, proc { } (Proc.new { } is a typed variable): `.call(x)` / `.(x)` runs that method
; (ruby.library_member); a block's is Proc#call (its body's calls are already the enclosing method's); an
; @variable's in any method
(assignment left: [(identifier) (instance_variable)] @var.name
  right: (call method: (identifier) @_method arguments: (argument_list . (simple_symbol) .)) @var.value
  (#eq? @_method "method"))
(assignment left: [(identifier) (instance_variable)] @var.name right: (lambda) @var.value)
(assignment left: [(identifier) (instance_variable)] @var.name
  right: (call !receiver method: (identifier) @_block block: (_)) @var.value (#any-of? @_block "lambda" "proc"))
; a dispatch table of Method objects: HANDLERS = { add: method(:add_line) }; HANDLERS[:add].call(x) runs one of them
; (bound to HANDLERS[], see parse.py @var.item; ruby.library_member)
(assignment left: [(constant) (identifier) (instance_variable)] @var.name
  right: [(hash (pair value: (call !receiver method: (identifier) @_method
                                    arguments: (argument_list . (simple_symbol) .)) @var.item))
          (call receiver: (hash (pair value: (call !receiver method: (identifier) @_method
                                                   arguments: (argument_list . (simple_symbol) .)) @var.item)))]
  (#eq? @_method "method"))
; the object's own: @request = Request.new, @client ||= Client.new, in any method (or a before/setup block): every
; method of the class sees it (INSTANCE_SIGIL). Class.new, Struct.new...: an object whose methods come later, none
([(assignment left: (instance_variable) @var.name
    right: (call receiver: [(constant) @_class (scope_resolution)] method: (identifier) @_new) @var.type)
  (operator_assignment left: (instance_variable) @var.name
    right: (call receiver: [(constant) @_class (scope_resolution)] method: (identifier) @_new) @var.type)]
  (#eq? @_new "new") (#not-match? @_class "^(Class|Module|Struct|Object|BasicObject|OpenStruct|Data)$"))

; names bound where they are (see parse.py @local.name): parameters, assigned, block, loop and rescue variables
(method_parameters [(identifier) @local.name (optional_parameter name: (identifier) @local.name)
                    (splat_parameter name: (identifier) @local.name)
                    (hash_splat_parameter name: (identifier) @local.name)
                    (block_parameter name: (identifier) @local.name)
                    (keyword_parameter name: (identifier) @local.name)
                    (destructured_parameter (identifier) @local.name)])
(block_parameters [(identifier) @local.name (optional_parameter name: (identifier) @local.name)
                   (splat_parameter name: (identifier) @local.name)
                   (hash_splat_parameter name: (identifier) @local.name)
                   (block_parameter name: (identifier) @local.name)
                   (keyword_parameter name: (identifier) @local.name)
                   (destructured_parameter (identifier) @local.name)])
(lambda_parameters [(identifier) @local.name (optional_parameter name: (identifier) @local.name)
                    (keyword_parameter name: (identifier) @local.name)])
(assignment left: [(identifier) @local.name (left_assignment_list (identifier) @local.name)
                   (left_assignment_list (rest_assignment (identifier) @local.name))])
(operator_assignment left: (identifier) @local.name)
(for pattern: [(identifier) @local.name (left_assignment_list (identifier) @local.name)])
(exception_variable (identifier) @local.name)

; require_relative "x" (beside the file), require "x" (a lib/ folder or the root; else a gem), autoload :X, "x": a
; wildcard import (constants are global once loaded); require_relative's name rides as the alias (ruby.import_binding)
(call !receiver method: (identifier) @_require
  arguments: (argument_list . (string (string_content) @import.module) @import.wildcard)
  (#any-of? @_require "require" "load")) @import
(call !receiver method: (identifier) @import.alias
  arguments: (argument_list . (string (string_content) @import.module) @import.wildcard)
  (#eq? @import.alias "require_relative")) @import
(call method: (identifier) @_autoload
  arguments: (argument_list (simple_symbol) . (string (string_content) @import.module) @import.wildcard)
  (#eq? @_autoload "autoload")) @import

; if __FILE__ == $0 (a block or a modifier): the file is a program entry point
(if condition: (binary left: (identifier) @_file right: (global_variable) @_program)
  (#eq? @_file "__FILE__") (#any-of? @_program "$0" "$PROGRAM_NAME")) @entry
(if_modifier condition: (binary left: (identifier) @_file right: (global_variable) @_program)
  (#eq? @_file "__FILE__") (#any-of? @_program "$0" "$PROGRAM_NAME")) @entry

; what a method returns (parse.py's @reference.returns_call / @reference.returns): its last expression, which Ruby
; returns (before an `ensure`), or a `return`'s value, where a call: callers' receivers get the class it gives
; (`def request; MockResponse.new(..) end`: `MockRequest.new(app).request.body` is MockResponse's); a method ending
; in `raise` returns nothing
([(method body: (body_statement [(call receiver: (_) @receiver method: (identifier) @name)
                                 (call !receiver method: (identifier) @name)] @reference.returns_call .))
  (singleton_method body: (body_statement [(call receiver: (_) @receiver method: (identifier) @name)
                                           (call !receiver method: (identifier) @name)] @reference.returns_call .))
  (method body: (body_statement [(call receiver: (_) @receiver method: (identifier) @name)
                                 (call !receiver method: (identifier) @name)] @reference.returns_call . (ensure) .))
  (singleton_method body: (body_statement [(call receiver: (_) @receiver method: (identifier) @name)
                                           (call !receiver method: (identifier) @name)] @reference.returns_call
                                          . (ensure) .))
  (return (argument_list . [(call receiver: (_) @receiver method: (identifier) @name)
                            (call !receiver method: (identifier) @name)] @reference.returns_call .))]
 (#not-match? @name "^(raise|fail|abort|exit|exit!|throw)$"))
; a method memoizing its object in an instance variable: what the call assigned gives (`@setting ||= Setting.new` or
; `@setting = Setting.new` last; `return @x if @x; @x = X.new; ..; @x`, `@x ||= X.instance; yield @x if block_given?;
; @x`); a class method's too (`def self.config; @config ||= Config.new; end`: `Shop.config.limit` is Config's)
([(method body: (body_statement [(operator_assignment left: (instance_variable)
                                   right: [(call receiver: (_) @receiver method: (identifier) @name)
                                           (call !receiver method: (identifier) @name)] @reference.returns_call)
                                 (assignment left: (instance_variable)
                                   right: [(call receiver: (_) @receiver method: (identifier) @name)
                                           (call !receiver method: (identifier) @name)] @reference.returns_call)] .))
  (singleton_method body: (body_statement (operator_assignment left: (instance_variable)
                                            right: [(call receiver: (_) @receiver method: (identifier) @name)
                                                    (call !receiver method: (identifier) @name)]
                                            @reference.returns_call) .))
  (method body: (body_statement [(assignment left: (instance_variable) @_set
                                   right: [(call receiver: (_) @receiver method: (identifier) @name)
                                           (call !receiver method: (identifier) @name)] @reference.returns_call)
                                 (operator_assignment left: (instance_variable) @_set
                                   right: [(call receiver: (_) @receiver method: (identifier) @name)
                                           (call !receiver method: (identifier) @name)] @reference.returns_call)]
                                (instance_variable) @_got .))]
 (#eq? @_set @_got))

; RSpec's example groups of a class (`RSpec.describe Shop::Cart do .. end`): `described_class` inside is that class
; (read by ruby.settle_references, never references), marked from the call's start to its block's end (@name)
(call method: (identifier) @_describe arguments: (argument_list . [(constant) (scope_resolution)] @receiver)
  block: [(do_block "end" @name) (block "}" @name)] @reference.described (#eq? @_describe "describe"))
; blocks that run on another object (read by ruby.settle_references, never references): a block given to a call,
; marked from its start to its closing `end` / `}` (@name) with the call as written (@receiver: `FactoryBot.define`,
; `factory`), so that a bare call inside it names the DSL method whose block holds it
(call receiver: [(constant) (scope_resolution) (identifier) (self)] @receiver method: (identifier) @receiver
  block: [(do_block "end" @name) (block "}" @name)] @reference.dsl_block)
(call !receiver method: (identifier) @receiver
  block: [(do_block "end" @name) (block "}" @name)] @reference.dsl_block)
; `Class.new(Thor) do class_option :x; desc "a" .. end`: the block runs on a new class of the base, written with its
; argument (`Class.new(Thor)`) so that ruby.dsl_block reads its bare calls as the base's class methods
(call receiver: (constant) @receiver @_maker method: (identifier) @_new
  arguments: (argument_list . [(constant) (scope_resolution)] .) @receiver
  block: [(do_block "end" @name) (block "}" @name)] @reference.dsl_block (#eq? @_maker "Class") (#eq? @_new "new"))
; what a method runs the block it is given on (a `signature` at `&`, see ruby.settle_references): `X.new.instance_eval
; (&block)`, a bare `instance_eval(&block)` / `new.instance_eval(&block)` / `class_eval(&block)` (its own class),
; `proxy = X.new` then `proxy.instance_eval(&block)`; a stored block (`&@block`) is not the one given
(call receiver: (call receiver: [(constant) @name (scope_resolution scope: (_) @receiver name: (constant) @name)]
                      method: (identifier) @_new)
  method: (identifier) @_eval arguments: (argument_list (block_argument (identifier)))
  (#eq? @_new "new") (#any-of? @_eval "instance_eval" "instance_exec")) @reference.block_self
(call !receiver method: (identifier) @name arguments: (argument_list (block_argument (identifier)))
  (#any-of? @name "instance_eval" "instance_exec" "class_eval" "class_exec" "module_eval")) @reference.block_self
(call receiver: [(identifier) (self)] @_own method: (identifier) @name
  arguments: (argument_list (block_argument (identifier)))
  (#match? @_own "^(new|self)$")
  (#any-of? @name "instance_eval" "instance_exec" "class_eval" "class_exec" "module_eval")) @reference.block_self
(body_statement
  (assignment left: (identifier) @_var
    right: (call receiver: [(constant) @name (scope_resolution scope: (_) @receiver name: (constant) @name)]
                 method: (identifier) @_new))
  [(call receiver: (identifier) @_obj method: (identifier) @_eval
     arguments: (argument_list (block_argument (identifier))))
   (if_modifier body: (call receiver: (identifier) @_obj method: (identifier) @_eval
     arguments: (argument_list (block_argument (identifier)))))]
  (#eq? @_var @_obj) (#eq? @_new "new") (#any-of? @_eval "instance_eval" "instance_exec")) @reference.block_self
;  a parameter whose default is a class, the object run on (Sinatra's `def self.new(base = Base, &block);
; base.class_eval(&block)`: a subclass of it)
; (a method or a singleton method: only their parameters are method_parameters)
(_ parameters: (method_parameters (optional_parameter name: (identifier) @_param
    value: [(constant) @name (scope_resolution scope: (_) @receiver name: (constant) @name)]))
  body: (body_statement [(call receiver: (identifier) @_obj method: (identifier) @_eval
                               arguments: (argument_list (block_argument (identifier))))
                         (if_modifier body: (call receiver: (identifier) @_obj method: (identifier) @_eval
                               arguments: (argument_list (block_argument (identifier)))))]) @reference.block_self
  (#eq? @_param @_obj) (#any-of? @_eval "instance_eval" "instance_exec" "class_eval" "class_exec" "module_eval"))
;  an eval written in a block given to a call, not in the method's own body: it runs the block the method is given
; on that block's object, which the call decides (sinatra's `Sinatra.new(base) do class_eval(&block) end`: the new
; class, never the method's own); read by ruby.settle_references as a hand-on to that call
(do_block body: (body_statement [(call !receiver method: (identifier) @name
                                   arguments: (argument_list (block_argument (identifier)))) @reference.block_eval
                                 (if_modifier body: (call !receiver method: (identifier) @name
                                   arguments: (argument_list (block_argument (identifier)))) @reference.block_eval)])
  (#any-of? @name "instance_eval" "instance_exec" "class_eval" "class_exec" "module_eval"))
(block body: (block_body [(call !receiver method: (identifier) @name
                            arguments: (argument_list (block_argument (identifier)))) @reference.block_eval
                          (if_modifier body: (call !receiver method: (identifier) @name
                            arguments: (argument_list (block_argument (identifier)))) @reference.block_eval)])
  (#any-of? @name "instance_eval" "instance_exec" "class_eval" "class_exec" "module_eval"))
; a method handing the block it is given to another (`DSL.run(block)`, `new(app, &block)`): that one runs it
(call receiver: [(constant) (scope_resolution) (self)] @receiver method: (identifier) @name
  arguments: (argument_list [(identifier) @_block (block_argument (identifier) @_block)])
  (#match? @_block "^(block|blk)$")) @reference.block_forward
(call !receiver method: (identifier) @name
  arguments: (argument_list [(identifier) @_block (block_argument (identifier) @_block)])
  (#match? @_block "^(block|blk)$")) @reference.block_forward

; a helper forwarding its arguments to `send` (thor's and Rails' generator specs: `def action(*args, &block)
; capture(:stdout) { runner.send(*args, &block) } end`, then `action :comment_lines, "doc", "green"`): each call of
; it in the file naming a method by a symbol first calls that method on the send's receiver (`runner`, read where
; the helper is called; langs/ruby.macro_uses finds the calls); the send in the body or in a block of one of its calls
; (a bare `send(*args)` too would triple the pattern's compile time: 0.07 -> 0.22 s)
; needs: send|public_send|__send__
(method name: (identifier) @text.forwarder
  parameters: (method_parameters . (splat_parameter name: (identifier) @_args))
  body: (body_statement
          [(call receiver: (_) @text.via method: (identifier) @_send
             arguments: (argument_list . (splat_argument (identifier) @_use)))
           (call block: [(block (block_body
                           (call receiver: (_) @text.via method: (identifier) @_send
                             arguments: (argument_list . (splat_argument (identifier) @_use)))))
                         (do_block (body_statement
                           (call receiver: (_) @text.via method: (identifier) @_send
                             arguments: (argument_list . (splat_argument (identifier) @_use)))))])])
  (#eq? @_args @_use) (#any-of? @_send "send" "public_send" "__send__"))

; a method named by a template (send("#{action}_command"), public_send(:"validate_#{x}"), __send__("on_" + x),
; method("on_#{x}")) or by a variable the enclosing code assigns one (m = "run_#{x}"; send(m)):
; langs/ruby.member_template reads it; too little constant text, or a variable assigned none, stays unknown
(call !receiver method: (identifier) @_send
  arguments: (argument_list . [(string (interpolation)) (delimited_symbol (interpolation)) (binary) (identifier)] @name)
  (#any-of? @_send "send" "public_send" "__send__" "method")) @reference.template
(call receiver: (_) @receiver method: (identifier) @_send
  arguments: (argument_list . [(string (interpolation)) (delimited_symbol (interpolation)) (binary) (identifier)] @name)
  (#any-of? @_send "send" "public_send" "__send__" "method")) @reference.template
(assignment left: (identifier) @name
  right: [(string (interpolation)) (binary left: (string)) (binary right: (string))] @receiver) @reference.template_value

; Rack builds a middleware handed to `use` (`config.middleware.use Gatekeeper`, Rack::Builder's and Sinatra's `use
; Rack::Deflater`, Rails' `insert_before(Rack::Runtime, Stamp)`, `insert_after`, `swap`): `Gatekeeper.new(app)`
; needs: use|insert_before|insert_after|swap
((call method: (identifier) @_use arguments: (argument_list [(constant) (scope_resolution)] @name))
  @reference.protocol.new
 (#any-of? @_use "use" "insert_before" "insert_after" "swap"))
; Rails' routing asks a constraint's `matches?(request)` (`constraints(Staff) do .. end`, `namespace :admin,
; constraints: Staff::Owner do`; a lambda's `call` is Ruby's): `matches` here (a capture's name holds no `?`), made
; `matches?` by ruby.PREDICATE_PROTOCOLS
; needs: constraints
((call method: (identifier) @_constraints arguments: (argument_list . [(constant) (scope_resolution)] @name))
  @reference.protocol.matches
 (#eq? @_constraints "constraints"))
; needs: constraints
((pair key: (hash_key_symbol) @_constraints value: [(constant) (scope_resolution)] @name) @reference.protocol.matches
 (#eq? @_constraints "constraints"))
; a method handed over where it is defined (`def` returns its name: `register parser_for(%r{..}, def self.bundler(..)
; .. end)`, `before_action def authorize ..`): the callee gets its name to call, as `register(:bundler)` would; never a
; modifier that only marks it (`private def x`, `memoize def x`: its callers are the ones that reach it). (`#not-match?`:
; a `#not-any-of?` there did not exclude them under tree-sitter 0.26)
((call method: (identifier) @_handed arguments: (argument_list [(method name: (_) @name)
                                                               (singleton_method name: (_) @name)]))
  @reference.callback
 (#not-match? @_handed "^(private|protected|public|module_function|private_class_method|public_class_method|ruby2_keywords|memoize|memo_wise|helper_method|sig|override|abstract)$"))
