-- dead_code: one row per symbol that no other symbol of its repository references (calls, callbacks, imports,
-- inheritance, overrides, type uses; its own members naming it do not count), except entry points (main blocks, main
-- functions, decorator registrations, console scripts) and namespaces holding one, tests, dunder methods, modules and
-- extensions (a Rust `impl Trait for [u32]` block: a container whose methods are judged one by one) and an enum case's
-- associated values by place (`case failure(MyError)`'s `0`: its case stands for them); an inline module
-- something inside which is used counts as its members do (0.3, 'its members are'), and so does an enum whose
-- constants are used where the language writes them bare (C, C++: the file-level constants after it) and a type
-- holding an entry point (C#'s `static class Program` with its `Main`; a runtime hook such as Java's `toString`, never
-- dead itself, is no sign its type is used), and an interface's or a base's method none
-- calls through it but whose override is called (0.3, it declares what the implementations do), and a part of a
-- type written in parts (C#'s partial class, a Ruby class reopened in another file) whose other part is used (0.3).
-- Exported API is reported with a lower confidence, or left out when the variable dead_code_exclude_exported is true
-- (SET VARIABLE dead_code_exclude_exported = true). Lower confidence too: a definition whose same-named twin in the
-- file is referenced (overloads, #[cfg] or platform variants: `f#2` beside `f`, `m#2.f` beside `m.f`; a C or C++ extern
-- function another file's same-named referenced function stands for under another #if; a .d.ts or .pyi declaration of a
-- referenced definition elsewhere), a method of a type
-- that extends or implements something outside the repository, itself or through its bases in the repository (it may
-- override what is called there), a method of a mixin (a class that a subclass combines with such a base), an
-- exported method of a type that is not exported (what calls it from outside does so through an interface it
-- implements: Go's capitalised methods of a lowercase type), and a type declared in such a type (an associated
-- type: `type Item` of an `impl Iterator`), a type declared inside another definition (an associated type, an
-- inner class a framework reads), a class that extends something outside the repository (a framework may create
-- it by name: an iOS view controller a storyboard names, a SceneDelegate an Info.plist names, an Android service a
-- manifest names), a method of an object literal that a function or method returns or a variable holds when that
-- definition is reached (called, a used class's constructor, an outside base's override, or such a method itself:
-- a plugin hook's returned hooks; an exported one, such as an exported ES5 constructor's prototype method, is
-- judged as exported API); a JavaScript or TypeScript private method (`#name`) keeps the full 0.9 whatever
-- its class extends: nothing outside its class, and no computed name, can call it;
-- lowest (0.2), a TypeScript interface's or object type's property: the objects satisfying the shape give it, and
-- a read of it is recorded only where the object's type is known; lowest of all (0.1), a definition in a file read
-- by the regex fallback (a language without a grammar, or a file that would not parse): no reference is extracted
-- from such files, so its uses are unknown.
-- Columns: repo, id, path, name, kind, line_start, line_end, is_exported, confidence (0-1), reason.
CREATE OR REPLACE VIEW dead_code AS
WITH inbound AS (
    SELECT repo, dst_id AS id, max(confidence) AS best,
           max(confidence) FILTER (WHERE kind <> 'dispatch') AS best_direct  -- not only as an override
    FROM edges
    WHERE dst_id IS NOT NULL AND src_id <> dst_id AND NOT starts_with(src_id, dst_id || '.')
    GROUP BY repo, dst_id
),
used_overrides AS (  -- an interface's or base's method none calls through it, whose override is called directly,
    -- or whose override is such a method itself: feathers's interface method implemented by an adapter base's abstract
    -- method, whose subclass's override is what is called (any depth; UNION stops at a cycle)
    WITH RECURSIVE up(repo, id) AS (
        SELECT d.repo, d.src_id
        FROM edges d JOIN inbound o ON o.repo = d.repo AND o.id = d.dst_id AND o.best_direct > 0.3
        WHERE d.kind = 'dispatch' AND d.src_id <> d.dst_id
        UNION
        SELECT d.repo, d.src_id FROM up u JOIN edges d ON d.repo = u.repo AND d.dst_id = u.id
        WHERE d.kind = 'dispatch' AND d.src_id <> d.dst_id
    )
    SELECT DISTINCT repo, id FROM up
),
unresolved_names AS (
    SELECT DISTINCT repo, regexp_extract(dst_name, '([^.]+)$', 1) AS name
    FROM edges
    WHERE resolution = 'unresolved'
    UNION  -- and a name one call guesses among eight or more definitions: the resolver links at most eight
    -- (extractors/structure/resolve.py MAX_CANDIDATES), so the others of that name may be meant as much
    SELECT DISTINCT repo, regexp_extract(dst_name, '([^.]+)$', 1)
    FROM edges
    WHERE resolution = 'ambiguous'
    GROUP BY repo, path, line, src_id, dst_name
    HAVING count(*) >= 8
),
used_members AS (  -- referenced by something else than the parent itself (a method building its anonymous class);
    -- never a function's closure (Go's `count := func(..)` handed to a walk: the function gave it, unused or not)
    SELECT DISTINCT s.repo, s.parent_id AS id
    FROM symbols s JOIN edges e ON e.repo = s.repo AND e.dst_id = s.id
    JOIN symbols p ON p.repo = s.repo AND p.id = s.parent_id
    WHERE e.src_id <> s.parent_id AND e.src_id <> e.dst_id AND NOT starts_with(e.src_id, e.dst_id || '.')
      AND NOT (p.kind IN ('function', 'method') AND s.kind = 'function')
    UNION  -- or run by what starts the program: C#'s `static class Program { static void Main() }` (not a member
    -- the runtime calls through any object, Java's `toString`: its reason starts with langs.RUNTIME_HOOK)
    SELECT DISTINCT repo, parent_id FROM symbols
    WHERE is_entry_point AND parent_id IS NOT NULL AND NOT starts_with(coalesce(entry_reason, ''), 'runtime hook: ')
),
used_enum_constants AS (  -- a C or C++ enum, whose constants are written bare: the file-level constants after it
    SELECT DISTINCT g.repo, g.owner AS id  -- up to the file's next other definition
    FROM (SELECT repo, id, kind,
                 last_value(CASE WHEN kind <> 'constant' THEN id END IGNORE NULLS) OVER (
                     PARTITION BY repo, path ORDER BY line_start, kind = 'constant', id) AS owner
          FROM symbols
          WHERE (repo, path) IN (SELECT repo, path FROM symbols WHERE kind = 'enum')) g
    JOIN symbols e ON e.repo = g.repo AND e.id = g.owner AND e.kind = 'enum'
    JOIN inbound i ON i.repo = g.repo AND i.id = g.id AND i.best > 0.3
    WHERE g.kind = 'constant'
),
used_namespaces AS (  -- an inline module (Rust `mod sync { mod atomic { trait T } }`) something inside which is used
    SELECT DISTINCT n.repo, n.id
    FROM (SELECT repo, id FROM symbols WHERE kind = 'namespace') n
    JOIN inbound i ON i.repo = n.repo AND starts_with(i.id, n.id || '.') AND i.best > 0.3
),
shape_properties AS (  -- app: App in `interface TestContext { ... }` or `type Options = { ... }`
    SELECT s.repo, s.id
    FROM symbols s
    JOIN symbols p ON p.repo = s.repo AND p.id = s.parent_id AND p.kind IN ('interface', 'type')
    JOIN files f ON f.repo = s.repo AND f.path = s.path AND f.language IN ('typescript', 'tsx', 'vue', 'svelte')
    WHERE s.kind = 'field'
),
case_payloads AS (  -- an enum case's associated value at a place (Swift `case failure(MyError)`, Rust `Move(i32,
    SELECT s.repo, s.id  -- Pos)`): written wherever the case is built, taken apart by a pattern: the case stands for it
    FROM symbols s
    JOIN symbols p ON p.repo = s.repo AND p.id = s.parent_id AND p.kind = 'constant'
    WHERE s.kind = 'field' AND regexp_full_match(s.name, '[0-9]+')
),
held_entries AS (  -- a namespace (Rust `mod benches { #[divan::bench] fn .. }`) holding what a framework runs
    SELECT DISTINCT repo, parent_id AS id FROM symbols WHERE is_entry_point AND parent_id IS NOT NULL
),
used_twins AS (  -- f, f#2, f#3...: one name defined more than once in a file, or inside such a twin (inner#2.f)
    SELECT DISTINCT repo, if(contains(id, '#'), regexp_replace(id, '#[0-9]+', '', 'g'), id) AS twin
    FROM (SELECT repo, id FROM inbound WHERE best > 0.3 UNION ALL SELECT repo, id FROM used_members)
),
linked_twins AS (  -- C and C++: an extern function whose name another file's referenced function bears (hiredis's
    -- hi_malloc, static inline in alloc.h or extern in alloc.c): the two sides of a #if, one built at a time; and a
    -- declaration file's (.d.ts, a Python .pyi stub) declaration of a referenced definition of that qualified name
    -- elsewhere (commander's typings/index.d.ts Command.addArgument for lib/command.js's, attrs' validators.pyi
    -- instance_of for validators.py's): it describes that one
    SELECT DISTINCT s.repo, s.id, false AS declared, false AS described
    FROM symbols s
    JOIN files f ON f.repo = s.repo AND f.path = s.path AND f.family = 'c'
    JOIN symbols t ON t.repo = s.repo AND t.name = s.name AND t.path <> s.path AND t.kind = 'function'
                      AND t.qualname = t.name
    JOIN inbound i ON i.repo = t.repo AND i.id = t.id AND i.best > 0.3
    WHERE s.kind = 'function' AND s.is_exported AND s.qualname = s.name
    UNION
    SELECT DISTINCT s.repo, s.id, true AS declared, false AS described
    FROM symbols s
    -- each of its overloads (f#2 declares f too); a stub's property may declare a field
    JOIN symbols t ON t.repo = s.repo AND t.qualname = regexp_replace(s.qualname, '#[0-9]+$', '')
                      AND (t.kind = s.kind OR (s.kind IN ('method', 'property')
                                              AND t.kind IN ('field', 'property', 'method')))
                      AND t.path <> s.path
    -- reached by a guess too: the declaration is as used as the code it describes (peewee's peewee-stubs/
    -- __init__.pyi Database.begin, whose peewee.py code only guessed calls reach: never "no reference" at 0.6)
    JOIN inbound i ON i.repo = t.repo AND i.id = t.id AND i.best > 0
    WHERE regexp_matches(s.path, '\.(?:d\.[cm]?ts|pyi)$') AND NOT regexp_matches(t.path, '\.(?:d\.[cm]?ts|pyi)$')
    UNION  -- the same inside a declaration file's namespace, its name dropped (winston's `declare namespace winston {
    SELECT DISTINCT s.repo, s.id, true AS declared, false AS described  -- class ExceptionHandler }` for
                                                                         -- exception-handler.js's class)
    FROM symbols s
    JOIN symbols n ON n.repo = s.repo AND n.path = s.path AND n.kind = 'namespace' AND starts_with(s.qualname, n.qualname || '.')
    JOIN symbols t ON t.repo = s.repo AND t.qualname = regexp_replace(s.qualname[length(n.qualname) + 2:], '#[0-9]+$', '')
                      AND (t.kind = s.kind OR (s.kind IN ('method', 'property') AND t.kind IN ('field', 'property', 'method')))
                      AND t.path <> s.path
    JOIN inbound i ON i.repo = t.repo AND i.id = t.id AND i.best > 0
    WHERE regexp_matches(s.path, '\.d\.[cm]?ts$') AND NOT regexp_matches(t.path, '\.d\.[cm]?ts$')
    UNION  -- the other way: JavaScript code whose declaration beside it (`a.d.ts` for `a.js`, `a.d.mts` for `a.mjs`)
    -- is referenced: a TypeScript importer binds the declaration and runs this code (carbon-components-svelte's
    -- tests/utils/isInSafeTriangle.test.ts calls src/utils/isInSafeTriangle.d.ts's, whose code was "no reference")
    SELECT DISTINCT s.repo, s.id, false AS declared, true AS described
    FROM symbols s
    JOIN symbols t ON t.repo = s.repo AND regexp_replace(t.qualname, '#[0-9]+$', '') = s.qualname
                      AND (t.kind = s.kind OR (t.kind IN ('method', 'property')
                                              AND s.kind IN ('field', 'property', 'method')))
                      AND regexp_matches(t.path, '\.d\.[cm]?ts$')
                      AND regexp_replace(t.path, '\.d\.[cm]?ts$', '') = regexp_replace(s.path, '\.[cm]?jsx?$', '')
    JOIN inbound i ON i.repo = t.repo AND i.id = t.id AND i.best > 0.3
    WHERE regexp_matches(s.path, '\.[cm]?jsx?$')
),
type_parts AS (  -- a type written in parts (C#'s `partial class Client` in Client.cs and Client.Send.cs: one
    -- namespace's one qualified name, declared in several files): another part referenced, or its members, uses it
    SELECT DISTINCT s.repo, s.id
    FROM symbols s
    JOIN files f ON f.repo = s.repo AND f.path = s.path
        -- no packages, global type names (Ruby's constants): each file's `class Roda` reopens one class
        AND (f.package IS NOT NULL OR f.global_types)
    JOIN symbols t ON t.repo = s.repo AND t.qualname = s.qualname AND t.path <> s.path
                      -- Ruby's `module Octobox` around a class: a part of the module whose methods lib/octobox.rb has
                      AND (t.kind = s.kind OR (f.global_types AND s.kind = 'namespace' AND t.kind = 'trait'))
    JOIN files g ON g.repo = t.repo AND g.path = t.path AND g.package IS NOT DISTINCT FROM f.package
                   AND g.language = f.language
    JOIN (SELECT repo, id FROM inbound WHERE best > 0.3 UNION ALL SELECT repo, id FROM used_members) u
        ON u.repo = t.repo AND u.id = t.id
    WHERE s.kind IN ('class', 'struct', 'interface', 'record') OR (s.kind IN ('trait', 'namespace') AND f.global_types)
),
inherits AS MATERIALIZED (
    SELECT repo, src_id, dst_id, dst_name FROM edges WHERE kind = 'inherits' AND src_id IS NOT NULL
),
outside_bases AS (  -- through the repository's own bases too: B(io.RawIOBase), C(B): C's methods may override
    WITH RECURSIVE reach(repo, id, base) AS (
        SELECT repo, src_id, dst_name FROM inherits WHERE dst_id IS NULL
        UNION
        SELECT i.repo, i.src_id, r.base FROM inherits i JOIN reach r ON r.repo = i.repo AND r.id = i.dst_id
    )
    SELECT repo, id, min(base) AS base FROM reach GROUP BY repo, id
),
protocol_members AS (  -- a method of a class offering (itself or through its bases) every method of a Protocol
    -- (a class with an outside base named Protocol, typing's, or Interface, zope.interface's: Pyramid's
    -- ISecurityPolicy, which a tutorial's MySecurityPolicy offers), of one of those names: the class matches it by its
    -- shape, and what calls the protocol's method may run it (tornado's `self.handler: _WebSocketDelegate` holding a
    -- WebSocketHandler, which names no such base: `self.handler.on_message(..)` runs its on_message)
    WITH RECURSIVE protocol_methods AS (
        SELECT DISTINCT m.repo, i.src_id AS protocol, m.name
        FROM inherits i JOIN symbols m ON m.repo = i.repo AND m.parent_id = i.src_id AND m.kind = 'method'
        WHERE i.dst_id IS NULL AND regexp_matches(i.dst_name, '(^|\.)(Protocol|Interface)$')
    ),
    named AS MATERIALIZED (  -- every method of a protocol's method's name, read once
        SELECT s.repo, s.id, s.parent_id, s.name
        FROM symbols s SEMI JOIN protocol_methods p ON p.repo = s.repo AND p.name = s.name
        WHERE s.kind = 'method'
    ),
    up(repo, start, id) AS (  -- the classes owning one, and their bases
        SELECT DISTINCT repo, parent_id, parent_id FROM named
        UNION
        SELECT u.repo, u.start, i.dst_id FROM up u JOIN inherits i ON i.repo = u.repo AND i.src_id = u.id
        WHERE i.dst_id IS NOT NULL
    ),
    matched AS (
        SELECT p.repo, u.start AS id, p.protocol
        FROM protocol_methods p
        JOIN named m ON m.repo = p.repo AND m.name = p.name
        JOIN up u ON u.repo = m.repo AND u.id = m.parent_id AND u.start <> p.protocol
        GROUP BY p.repo, u.start, p.protocol
        HAVING count(DISTINCT p.name) = (SELECT count(*) FROM protocol_methods q
                                         WHERE q.repo = p.repo AND q.protocol = p.protocol)
    )
    SELECT s.repo, s.id, min(x.protocol) AS protocol  -- its own or a base's: the one the call runs
    FROM matched x
    JOIN up u ON u.repo = x.repo AND u.start = x.id
    JOIN named s ON s.repo = u.repo AND s.parent_id = u.id
    SEMI JOIN protocol_methods p ON p.repo = x.repo AND p.protocol = x.protocol AND p.name = s.name
    GROUP BY s.repo, s.id
),
hidden_types AS (  -- a type that is not exported: its exported methods are reached from outside only through an
    -- interface or base it implements (Go's capitalised `Height` of a lowercase `itemDelegate`, a bubbles list's)
    SELECT repo, id FROM symbols WHERE NOT is_exported AND kind NOT IN ('module', 'namespace', 'function', 'method')
),
bean_accessors AS (  -- a JVM class's exported getX() / isX() / setX(..) beside its field x: a property Jackson, a data
    -- binding or a template reads by reflection (piggymetrics' `Saving.getInterest` of a JSON request body)
    SELECT m.repo, m.id FROM symbols m
    JOIN files f ON f.repo = m.repo AND f.path = m.path AND f.family = 'java'
    JOIN symbols x ON x.repo = m.repo AND x.parent_id = m.parent_id AND x.kind = 'field'
                      AND x.name = lower(regexp_extract(m.name, '^(?:get|is|set)(.)', 1))
                                   || regexp_extract(m.name, '^(?:get|is|set).(.*)$', 1)
    WHERE m.kind = 'method' AND m.is_exported AND regexp_matches(m.name, '^(get|is|set)[A-Z]')
),
string_named AS (  -- a class a string names by its dotted path (Django's DATABASE_ROUTERS, AUTHENTICATION_BACKENDS,
    -- MIDDLEWARE: the resolver's `dotted_path`): the framework imports it and calls its methods by name (db_for_read)
    SELECT DISTINCT repo, dst_id AS id FROM edges WHERE ref_form = 'string' AND kind = 'reads' AND dst_id IS NOT NULL
),
mixed_into AS (  -- a mixin: a class a subclass combines with something outside (SignupView(SignupMixin, FormView)),
    -- whose methods may be the hooks that outside base's callers reach (get_success_url)
    SELECT i.repo, i.dst_id AS id, min(ob.base) AS base
    FROM inherits i JOIN outside_bases ob ON ob.repo = i.repo AND ob.id = i.src_id
    WHERE i.dst_id IS NOT NULL
    GROUP BY i.repo, i.dst_id
),
passed_modules AS (  -- a module read whole as a value (plop's `setGenerator('c', gen)`, gen a required module
    -- whose `module.exports = { actions: () => .. }` is no definition): the library it is handed to calls its object's
    SELECT DISTINCT repo, dst_id FROM edges WHERE kind = 'reads' AND ref_form = 'read' AND ends_with(dst_id, '::<module>')
),
read_whole AS (  -- passed_modules read so outside tests (a test's `vi.spyOn(registry, 'getTheme')` names the one key
    -- it reaches): `Object.keys(filters).forEach(k => Vue.filter(k, filters[k]))` reaches each export by its key
    SELECT DISTINCT e.repo, e.dst_id FROM edges e
    JOIN files f ON f.repo = e.repo AND f.path = e.path AND NOT f.is_test
    WHERE e.kind = 'reads' AND e.ref_form = 'read' AND ends_with(e.dst_id, '::<module>')
),
handed_over AS (  -- a method of an object a definition returns, holds or hands on, that definition reached: used as a
    -- whole (passed, returned, installed: zod's _installLazyMethods(inst, _zodTypeMethods)), a constructor of a used
    -- class (`this.logger = { info() {..} }`), a method a library reaches (an outside base's override, an entry
    -- point), or itself such a method: an Apollo plugin's `requestDidStart() { return { willSendResponse() {..} } }`;
    -- or that definition exported, unused here (vite's `esbuildPlugin()`): its callers are outside (0.6, as it is)
    WITH RECURSIVE builders AS (  -- the method's object's own definition, or the function storing it on an object
        -- the function binds (a parameter, a local it returns: eslint's `const nodes = {}; nodes.Program = function
        -- () {..}; return nodes`, `options.onDone = () => ..`): the object leaves with the caller or the result
        SELECT repo, id, parent_id AS builder FROM symbols WHERE kind = 'method'
        UNION ALL
        SELECT repo, id, arg_max(builder, builder_start) FROM (
            SELECT s.repo, s.id, f.id AS builder, f.line_start AS builder_start
            FROM symbols s
            JOIN symbols m ON m.repo = s.repo AND m.id = s.parent_id AND m.kind = 'module'
            JOIN symbols f ON f.repo = s.repo AND f.path = s.path AND f.kind IN ('function', 'method')
                              AND f.line_start <= s.line_start AND f.line_end >= s.line_end AND f.id <> s.id
            WHERE s.kind = 'method' AND regexp_full_match(s.qualname, '[^.]+\.[^.]+')
              AND NOT EXISTS (SELECT 1 FROM symbols o WHERE o.repo = s.repo AND o.path = s.path
                                                       AND o.qualname = split_part(s.qualname, '.', 1))
        ) GROUP BY repo, id
        UNION ALL  -- a function under nested keys of a module's variable (`paths.auth.login.getHref`, its parent the
        -- module: no symbol is `paths.auth.login`): the variable holds it, as it holds its direct members
        SELECT s.repo, s.id, v.id FROM symbols s
        JOIN symbols v ON v.repo = s.repo AND v.path = s.path AND v.qualname = split_part(s.qualname, '.', 1)
                          AND v.kind IN ('variable', 'constant')
        WHERE s.kind = 'method' AND ends_with(s.parent_id, '::<module>')
          AND regexp_matches(s.qualname, '^[^.]+\.[^.]+\.')
    ),
    reached(repo, id, exported_only) AS (
        SELECT s.repo, s.id, i.id IS NULL AND c.id IS NULL AND ob.id IS NULL AND NOT p.is_entry_point
        FROM builders s
        JOIN symbols p ON p.repo = s.repo AND p.id = s.builder
                          AND (p.kind IN ('function', 'method', 'variable', 'constant') OR p.kind = 'module'
                               AND s.builder IN (SELECT dst_id FROM passed_modules WHERE repo = s.repo))
        LEFT JOIN inbound i ON i.repo = p.repo AND i.id = p.id AND i.best > 0.3
        LEFT JOIN inbound c ON c.repo = p.repo AND c.id = p.parent_id AND c.best > 0.3 AND p.name = 'constructor'
        LEFT JOIN outside_bases ob ON ob.repo = p.repo AND ob.id = p.parent_id AND p.kind = 'method'
        WHERE (i.id IS NOT NULL OR c.id IS NOT NULL OR ob.id IS NOT NULL OR p.is_entry_point OR p.is_exported)
        UNION
        SELECT s.repo, s.id, r.exported_only
        FROM builders s JOIN reached r ON r.repo = s.repo AND r.id = s.builder
    )
    SELECT repo, id, bool_and(exported_only) AS exported_only FROM reached GROUP BY repo, id
)
SELECT s.repo, s.id, s.path, s.name, s.kind, s.line_start, s.line_end, s.is_exported,
       CASE
           WHEN f.parse_status = 'fallback' THEN 0.1
           WHEN i.best IS NOT NULL THEN 0.3
           WHEN sp.id IS NOT NULL THEN 0.2
           WHEN um.id IS NOT NULL THEN 0.3
           WHEN uo.id IS NOT NULL THEN 0.3
           WHEN tp.id IS NOT NULL THEN 0.3
           WHEN ut.twin IS NOT NULL OR lt.id IS NOT NULL THEN 0.4
           WHEN s.kind = 'method' AND s.name LIKE '#%' THEN 0.9
           WHEN ob.id IS NOT NULL AND (s.kind = 'method' OR s.nested_type) THEN 0.5
           WHEN mi.id IS NOT NULL AND s.kind = 'method' THEN 0.5
           WHEN sn.id IS NOT NULL AND s.kind = 'method' AND s.is_exported THEN 0.5
           WHEN pr.id IS NOT NULL THEN 0.5
           WHEN ht.id IS NOT NULL AND s.kind = 'method' AND s.is_exported THEN 0.5
           WHEN un.name IS NOT NULL THEN 0.5
           WHEN rw.dst_id IS NOT NULL AND s.is_exported AND s.kind IN ('function', 'class') THEN 0.5
           WHEN ho.id IS NOT NULL AND (NOT s.is_exported OR pm.dst_id IS NOT NULL) THEN if(ho.exported_only, 0.6, 0.5)
           WHEN s.kind IN ('variable', 'constant', 'field', 'property') THEN 0.5
           -- an exported class with a library's base ranks as its methods do: a framework may find it by its base
           -- (C#'s validators, EF configurations, MediatR handlers an assembly scan registers)
           WHEN obt.id IS NOT NULL AND s.kind IN ('class', 'struct', 'object') AND s.is_exported THEN 0.5
           WHEN ba.id IS NOT NULL THEN 0.5
           WHEN s.is_exported THEN 0.6
           WHEN obt.id IS NOT NULL AND s.kind IN ('class', 'struct', 'object') THEN 0.7
           WHEN s.kind = 'method' THEN 0.7
           WHEN s.nested_type THEN 0.7
           ELSE 0.9
       END AS confidence,
       CASE
           WHEN f.parse_status = 'fallback'
               THEN 'uses unknown: its file was read by the regex fallback (' || coalesce(f.skip_reason, 'no grammar')
                    || '), which extracts no references'
           WHEN i.best IS NOT NULL THEN 'only ambiguous name matches point here'
           WHEN sp.id IS NOT NULL
               THEN 'no recorded read; a property of an interface or object type, given by the objects that satisfy '
                    || 'it, and read where the object''s type is known'
           WHEN um.id IS NOT NULL THEN 'never referenced itself, but its members are'
           WHEN uo.id IS NOT NULL
               THEN 'never referenced itself, but an override of it is: it declares what its implementations do'
           WHEN tp.id IS NOT NULL
               THEN 'never referenced itself, but another part of its type is (a type written in parts: a partial '
                    || 'class in several files)'
           WHEN ut.twin IS NOT NULL
               THEN 'never referenced itself, but a definition of the same name in this file is (an overload, a '
                    || 'conditional or platform variant, or one it replaces)'
           WHEN lt.declared
               THEN 'never referenced itself, but the definition it declares (of the same name, in another file) is'
           WHEN lt.described
               THEN 'never referenced itself, but its declaration beside it (the same name in its .d.ts) is: a '
                    || 'TypeScript importer binds the declaration and runs this code'
           WHEN lt.id IS NOT NULL
               THEN 'never referenced itself, but a function of the same name in another file is (the other side '
                    || 'of a #if: one of them is built)'
           WHEN s.kind = 'method' AND s.name LIKE '#%'
               THEN 'no reference; a private method (#name): only its own class can call it, never by a computed name'
           WHEN ob.id IS NOT NULL AND s.kind = 'method'
               THEN 'no reference; its type extends ' || ob.base || ' from outside the repository, whose callers may '
                    || 'reach it'
           WHEN ob.id IS NOT NULL AND s.nested_type
               THEN 'no reference; its type extends ' || ob.base || ' from outside the repository, which may read '
                    || 'it (an associated type: Iterator''s Item)'
           WHEN mi.id IS NOT NULL AND s.kind = 'method'
               THEN 'no reference; its type is mixed into a class that also extends ' || mi.base || ' from outside '
                    || 'the repository, whose callers may reach it'
           WHEN sn.id IS NOT NULL AND s.kind = 'method' AND s.is_exported
               THEN 'no reference; its class is named by its dotted path in a string (a setting: a database router, '
                    || 'an auth backend, a middleware), whose framework imports it and calls its methods by name'
           WHEN pr.id IS NOT NULL
               THEN 'no reference; its class has every method of ' || regexp_extract(pr.protocol, '([^.:]+)$', 1)
                    || ', a protocol (a Protocol, a zope Interface): what calls its method of this name may run it'
           WHEN ht.id IS NOT NULL AND s.kind = 'method' AND s.is_exported
               THEN 'no reference; an exported method of a type that is not: what reaches it from outside does so '
                    || 'through an interface or base it implements'
           WHEN un.name IS NOT NULL THEN 'no resolved reference; the name is written somewhere unresolved'
           -- vue-element-admin's `import * as filters`, `Object.keys(filters).forEach(k => Vue.filter(k,
           -- filters[k]))`: its four filters were "no reference" at 0.6, each registered by its key
           WHEN rw.dst_id IS NOT NULL AND s.is_exported AND s.kind IN ('function', 'class')
               THEN 'no reference by name; its module is read whole as a value outside tests (passed to a call, '
                    || 'its keys iterated), which reaches each export by its key'
           WHEN ho.exported_only AND NOT s.is_exported
               THEN 'no reference in the repository; a method of an object that an exported definition builds, '
                    || 'which may be used from outside'
           WHEN ho.id IS NOT NULL AND (NOT s.is_exported OR pm.dst_id IS NOT NULL)
               THEN 'no reference; a method of an object that a reached definition builds (returned, passed, '
                    || 'installed, held by a field), whose receiver (a library: a plugin host, a DI container) may call it'
           WHEN s.kind IN ('variable', 'constant', 'field', 'property')
               THEN 'no recorded use; reads are recorded where a value is called, passed, returned, assigned, '
                    || 'compared, tested or iterated'
           WHEN obt.id IS NOT NULL AND s.kind IN ('class', 'struct', 'object') AND s.is_exported
               THEN 'no reference in the repository; exported, and it extends ' || obt.base || ' from outside the '
                    || 'repository, whose framework may find it by that base (an assembly scan, a plugin registry)'
           WHEN ba.id IS NOT NULL
               THEN 'no reference in the repository; an accessor of its class''s field, which a serializer, a data '
                    || 'binding or a template may call by reflection (Jackson, Spring, a template engine)'
           WHEN s.is_exported THEN 'no reference in the repository; exported, may be used from outside'
           WHEN obt.id IS NOT NULL AND s.kind IN ('class', 'struct', 'object')
               THEN 'no reference; it extends ' || obt.base || ' from outside the repository, whose framework may '
                    || 'create it by name (a storyboard, a plist, a manifest, a plugin registry)'
           WHEN s.kind = 'method' THEN 'no reference; methods may be reached dynamically'
           WHEN s.nested_type
               THEN 'no reference; a type declared inside another definition may be reached through it (an '
                    || 'associated type, an inner class a framework reads)'
           ELSE 'no reference anywhere in the repository'
       END AS reason
FROM (SELECT *, kind NOT IN ('function', 'method', 'namespace', 'variable', 'constant', 'field', 'property')
                AND contains(qualname, '.') AS nested_type  -- `Serializer.Ok`, `Model.Meta`
      FROM symbols) s
LEFT JOIN inbound i ON i.repo = s.repo AND i.id = s.id
LEFT JOIN unresolved_names un ON un.repo = s.repo AND un.name = s.name
LEFT JOIN (SELECT * FROM used_members UNION SELECT * FROM used_namespaces UNION SELECT * FROM used_enum_constants) um
    ON um.repo = s.repo AND um.id = s.id
LEFT JOIN used_twins ut
    ON ut.repo = s.repo AND ut.twin = if(contains(s.id, '#'), regexp_replace(s.id, '#[0-9]+', '', 'g'), s.id)
LEFT JOIN outside_bases ob ON ob.repo = s.repo AND ob.id = s.parent_id
LEFT JOIN outside_bases obt ON obt.repo = s.repo AND obt.id = s.id
LEFT JOIN mixed_into mi ON mi.repo = s.repo AND mi.id = s.parent_id
LEFT JOIN string_named sn ON sn.repo = s.repo AND sn.id = s.parent_id
LEFT JOIN bean_accessors ba ON ba.repo = s.repo AND ba.id = s.id
LEFT JOIN hidden_types ht ON ht.repo = s.repo AND ht.id = s.parent_id
LEFT JOIN protocol_members pr ON pr.repo = s.repo AND pr.id = s.id
LEFT JOIN linked_twins lt ON lt.repo = s.repo AND lt.id = s.id
LEFT JOIN handed_over ho ON ho.repo = s.repo AND ho.id = s.id
LEFT JOIN passed_modules pm ON pm.repo = s.repo AND pm.dst_id = s.parent_id  -- its members, exported or not
LEFT JOIN read_whole rw ON rw.repo = s.repo AND rw.dst_id = s.parent_id
LEFT JOIN used_overrides uo  -- an overload's signature too (f#2 beside f): the override implements them all
    ON uo.repo = s.repo AND uo.id = if(contains(s.id, '#'), regexp_replace(s.id, '#[0-9]+', '', 'g'), s.id)
LEFT JOIN type_parts tp ON tp.repo = s.repo AND tp.id = s.id
LEFT JOIN shape_properties sp ON sp.repo = s.repo AND sp.id = s.id
LEFT JOIN held_entries he ON he.repo = s.repo AND he.id = s.id AND s.kind = 'namespace'
LEFT JOIN case_payloads cp ON cp.repo = s.repo AND cp.id = s.id
JOIN files f ON f.repo = s.repo AND f.path = s.path
WHERE s.kind NOT IN ('module', 'extension')
  AND he.id IS NULL
  AND cp.id IS NULL
  AND NOT s.is_entry_point
  AND NOT s.is_test
  AND NOT f.is_generated  -- a tool writes it (a file read all the same: Go's generated interfaces): nothing to delete
  AND NOT (s.name LIKE '\_\_%\_\_' ESCAPE '\')
  AND (i.best IS NULL OR i.best <= 0.3)
  AND NOT (s.is_exported AND coalesce(getvariable('dead_code_exclude_exported'), false));
