"""Resolution layers of languages where a method sees its class's members unqualified (Java, C++): a bare ``m()``
is the class's or a base's method, and ``field.m()`` is a method of the field's declared type."""

from __future__ import annotations


def implicit_this(resolver, r, src):
    """The class's or a base's ``m``. Where that is the calling method itself, the call is mostly an overload it
    delegates to (``register(lhs, rhs)`` calling ``register(lhs, rhs, registry)``, arity is not read), which may be
    beside it in its class (``error#2``) or a base class's: those are candidates too, never left unused for it."""
    found = resolver._layer_implicit_this(r, src)
    if found and _value_called(resolver, r, found):
        return None  # the file's or the package's function of that name, which the next layers find
    if found and _constructor(resolver, found.ids[0]):
        # Square(..) in Square: the class, whose constructors are then told apart by arity; here, not left to the
        # scopes, which skip the class calling itself (new Data(..) in a static field of Data: the class's body)
        return type(found)([resolver.g.by_id[found.ids[0]].parent_id], found.resolution)
    if not found:
        return _outer_member(resolver, r, src)
    if found.ids != [src]:
        return found
    # its own overloads first (error(msg) delegating to error(msg, args) beside it), then the bases' one
    twins = [t for t in resolver._twins(src) if t != src]
    inherited = resolver._member(resolver._enclosing_class(src), r.name, skip_self=True)
    more = twins + (inherited.ids if inherited else [])
    return type(found)(found.ids + more, "inherited" if inherited and not twins else "same_file") if more else found


def _value_called(resolver, r, found) -> bool:
    """A call whose member of that name is only a field of a value type, which no call runs: Kotlin's
    ``class AccessFlags { val isProtected: Boolean get() = isProtected(access) }`` calls the package's
    ``fun isProtected(access: Int)`` (binary-compatibility-validator's), never the property itself (``VALUE_TYPES``;
    a field of a function type, or of a class of ours with the call operator, stays the class's)."""
    return r.kind == "call" and bool(found.ids) and all(resolver.value_field(i) for i in found.ids)


def _outer_member(resolver, r, src):
    """A nested class's bare ``m()``: a member of a class around it, its bases' or its other parts' (a C# partial
    class's helper declared in another file, which the file's own scopes do not hold)."""
    return outer_member(resolver, r.name, src, lambda found: not _constructor(resolver, found.ids[0]))


def outer_member(resolver, name: str, src, accept):
    """The member ``name`` of the nearest class around the caller's class that has one ``accept`` takes (declared
    or inherited), walking outwards from the class enclosing ``src``."""
    cls = resolver._enclosing_class(src)
    for _ in range(8):  # nesting depth: a bound, not a limit real code reaches
        owner = resolver.g.owner_of(resolver.g.by_id[cls]) if cls else None
        cls = resolver._enclosing_class(owner) if owner in resolver.g.by_id else None
        if cls is None:
            return None
        found = resolver._member(cls, name)
        if found and accept(found):
            return found
    return None


def _constructor(resolver, sid: str) -> bool:
    sym = resolver.g.by_id[sid]
    parent = resolver.g.by_id.get(sym.parent_id) if sym.parent_id else None
    return sym.kind == "method" and parent is not None and parent.name == sym.name


def implicit_this_field(resolver, r, src):
    """``_textBuffer.append()`` where ``_textBuffer`` is no variable the file types: a field of the class or of a
    base, maybe declared in another file (jackson's parsers use ParserBase's fields), and its declared type's
    method (``vset_.table_cache_.f()``: along the declared types of the chain); a library's type: external, never a
    same-named method of the repository guessed."""
    head, dot, rest = r.receiver.partition(".")
    if r.bound_to or not head.isidentifier():
        return None
    cls = resolver._enclosing_class(src)
    field = resolver._member(cls, head) if cls else None
    if not field or resolver.g.by_id[field.ids[0]].kind not in ("field", "property"):  # C#'s Items.Sum()
        return None
    held = resolver.return_class(field.ids[0])
    if dot:  # vset_.table_cache_.NewIterator(): along the chain of declared types from the field's; a library's
        from ..resolve import _chain_parts  # type on the way (stack.get(i).name(), a list's element) says nothing

        held = resolver._class_along(held, _chain_parts(rest)) if held else None
        if not held:
            return None
    if not held:
        return type(field)([], "external") if held == "" else None
    found = resolver._member_or_override(held, r.name)
    if dot and not found.ids and found.resolution == "unresolved":
        return None  # the chain went astray (an overload's other return type): left to the other layers
    return resolver._found_elsewhere(r, found) if found.ids else found
